/*
 * responses.c - what a patch's thread says after it: who answered it
 * (in the thread, in the threads of its other versions, or citing it
 * from outside), and whether its author withdrew it there.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "util.h"

int
can_answer(const struct mail *x, const struct mail *m)
{
	if (same_person(x, m))
		return 0;
	if (x->type == MT_COVER)
		return 0;
	/*
	 * A mail that only asks for attention ("Ping?", "any news?", a
	 * reply of quotes only) answers nothing, whoever sent it: the
	 * colleague who posted another's patch, pinging it.
	 */
	if (x->ping)
		return 0;
	if (x->type != MT_PATCH)
		return 1;
	/*
	 * Another's patch in the thread, a counter proposal or a new version
	 * of it, answers m when it came after m; a part of m's own series
	 * does not (nor a cover letter, which proposes nothing yet).
	 */
	if (x->date == NODATE || m->date == NODATE || x->date < m->date)
		return 0;
	return !(x->total > 1 && x->total == m->total && x->version == m->version);
}

/* Is a earlier than b: by date, then by id (no date first)? */
static int
earlier(const struct mail *a, const struct mail *b)
{
	if (a->date != b->date)
		return a->date < b->date;
	return strcmp(a->id, b->id) < 0;
}

/* The first of v[0..n) (sorted by thread, date and id) in thread root. */
size_t
first_in_thread(const struct rkey *v, size_t n, uint32_t root)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (v[mid].root < root)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * A resend of patch mi deep in its thread: a later patch of its author
 * under the same title that is no thread root and no reply to it (a
 * series sent again in reply to the old cover letter, "will resend"
 * said first), which is judged with mi, not on its own.  NONE if none.
 */
uint32_t
deep_resend(struct model *md, uint32_t mi)
{
	const struct mail *m = &md->mails[mi];
	uint32_t root = thread_of(md, mi);

	if (m->type != MT_PATCH || !m->ntitle || !*m->ntitle)
		return NONE;
	for (size_t lo = first_in_thread(md->vp, md->nvp, root);
	    lo < md->nvp && md->vp[lo].root == root; lo++) {
		uint32_t p = md->vp[lo].mail;

		if (p != mi && earlier(m, &md->mails[p]) && md->mails[p].ntitle == m->ntitle &&
		    same_person(&md->mails[p], m) && !shallow(md, p))
			return p;
	}
	return NONE;
}

uint32_t
withdrawal(struct model *md, uint32_t mi)
{
	const struct mail *m = &md->mails[mi];
	uint32_t root = thread_of(md, mi);
	size_t lo;

	/*
	 * Sent again deep in its thread ("used a dirty tree, will resend",
	 * then the series in reply to its cover letter): the resend stands
	 * for it, judged with it (its answers, its merge), and no one
	 * withdrew the change.
	 */
	if (deep_resend(md, mi) != NONE)
		return NONE;

	/*
	 * The thread's first withdrawal: its author's, wherever in the
	 * thread (his series withdrawn in a reply to part 1); its sender's
	 * (another's patch he posted, a series of several authors) where
	 * aimed at it: his word on one part is of that part.
	 */
	for (lo = first_in_thread(md->wd, md->nwd, root);
	    lo < md->nwd && md->wd[lo].root == root; lo++) {
		const struct mail *w = &md->mails[md->wd[lo].mail];

		if (md->wd[lo].mail != mi && w->date >= m->date && (by_person(w, m->from, m->who) ||
		    (same_person(w, m) && aimed_at(md, w->tgt, w->series, mi))))
			return md->wd[lo].mail;
	}
	/*
	 * A new version sent into the thread: a later patch of its author
	 * under the same title ([PATCH v2] in reply to v1, a RESEND),
	 * whatever files it changes.  v1 is then no patch left unanswered.
	 */
	if (m->type != MT_PATCH || !m->ntitle || !*m->ntitle)
		return NONE;
	for (lo = first_in_thread(md->vp, md->nvp, root);
	    lo < md->nvp && md->vp[lo].root == root; lo++) {
		const struct mail *p = &md->mails[md->vp[lo].mail];

		if (md->vp[lo].mail != mi && earlier(m, p) && p->ntitle == m->ntitle &&
		    same_person(p, m))
			return md->vp[lo].mail;
	}
	return NONE;
}

size_t
cites_of(const struct model *md, uint32_t root, size_t *lo)
{
	size_t hi;

	*lo = first_in_thread(md->ct, md->nct, root);
	for (hi = *lo; hi < md->nct && md->ct[hi].root == root; hi++)
		;
	return hi;
}

/*
 * Does mail x, citing m's thread, answer m: another's, sent after it?  A
 * cover letter counts: another's series that names m ("in reference to
 * [1]") took m's work up.  Bots' mails were left out when read.  What
 * it cites must be m (aimed_at()).
 */
int
cite_answers(const struct mail *x, const struct mail *m)
{
	return x->date != NODATE && m->date != NODATE && x->date >= m->date &&
	    !same_person(x, m);
}

int
aimed_at(struct model *md, uint32_t t, int series, uint32_t mi)
{
	const struct mail *m = &md->mails[mi], *x;

	if (t == mi || t == NONE)
		return 1;
	x = &md->mails[t];
	/* Another posting (another version, another thread) is not m's. */
	if (x->version != m->version || thread_of(md, t) != thread_of(md, mi))
		return 0;
	/*
	 * Words of the series in a reply to a part of another repository
	 * (a kernel part of a posting that carries the tool's part too)
	 * speak of that repository's parts, not of m.
	 */
	if (x->type == MT_PATCH && x->foreign != m->foreign)
		return 0;
	return x->type == MT_COVER || series;
}

/*
 * Does reply x name part m of m's own posting: "k/N" of m's part and
 * total, or "patch k" in a reply to another part of that posting (its
 * version and total)?  A reply to part 8 saying "in patch 10/14 you
 * use ..." answers part 10 too.
 */
static int
names_part(struct model *md, const struct mail *x, uint32_t mi)
{
	const struct mail *m = &md->mails[mi], *t;
	const char *s = x->parts;

	if (!s || !*s || m->part == NONE || m->part == 0 || m->total < 2 || x->tgt == NONE)
		return 0;
	t = &md->mails[x->tgt];
	if (t->version != m->version || t->total != m->total ||
	    thread_of(md, x->tgt) != thread_of(md, mi))
		return 0;
	while (*s) {
		char *e;
		unsigned long k = strtoul(s, &e, 10), n = 0;

		if (*e == '/')
			n = strtoul(e + 1, &e, 10);
		if (k == m->part && (n == m->total || (!n && t->type == MT_PATCH)))
			return 1;
		while (*e && *e != ' ')
			e++;
		s = *e ? e + 1 : e;
	}
	return 0;
}

int
answers(struct model *md, uint32_t r, uint32_t mi)
{
	const struct mail *x = &md->mails[r], *m = &md->mails[mi];

	if (!can_answer(x, m))
		return 0;
	/* A reply to m itself, whatever the clocks said. */
	if (x->tgt == mi)
		return 1;
	if (x->date != NODATE && m->date != NODATE && x->date < m->date)
		return 0;
	return aimed_at(md, x->tgt, x->series, mi) || names_part(md, x, mi);
}

/*
 * Is posting pi (a patch, or a cover letter and its parts) another
 * repository's, by mi's author: his patches of its thread all another
 * repository's, none of mi's cluster (no version of mi)?
 */
int
other_posting(struct model *md, uint32_t pi, uint32_t mi)
{
	const struct mail *m = &md->mails[mi];
	uint32_t pr = thread_of(md, pi);
	int other = 0;

	for (size_t k = first_in_thread(md->vp, md->nvp, pr); k < md->nvp && md->vp[k].root == pr;
	    k++) {
		const struct mail *y = &md->mails[md->vp[k].mail];

		if ((m->cluster != NONE && y->cluster == m->cluster) ||
		    (!y->foreign && same_person(y, m)))
			return 0;
		other |= same_person(y, m);
	}
	return other;
}

/*
 * Is citation c (an index of md->ct) a reply to a posting of mi's own
 * author for another repository, which links mi: the kernel series
 * whose cover letter lists its test suite's companion posting among its
 * links?  A review there speaks of that posting, not of mi.
 */
int
cite_companion(struct model *md, size_t c, uint32_t mi)
{
	const struct mail *m = &md->mails[mi], *x = &md->mails[md->ct[c].mail], *p;
	size_t lo, hi = cites_of(md, md->ct[c].root, &lo);
	int cites = 0;

	if (x->parent == NONE || x->parent == md->ct[c].mail)
		return 0;
	p = &md->mails[x->parent];
	if (!p->present || (p->type != MT_PATCH && p->type != MT_COVER) || !same_person(p, m) ||
	    thread_of(md, x->parent) == thread_of(md, mi))
		return 0;
	for (size_t k = lo; k < hi && !cites; k++)
		cites = md->ct[k].mail == x->parent;
	return cites && other_posting(md, x->parent, mi);
}

/*
 * Is citation c a posting (a cover letter, a pull request) of the one
 * who sent mi's posting (its cover letter his, mi's author another: a
 * maintainer forwarding others' patches, a pull request's copies)?  His
 * next posting listing mi again ("pull request ... v2"), no answer.
 */
static int
cite_resend(struct model *md, size_t c, uint32_t mi)
{
	const struct mail *m = &md->mails[mi], *x = &md->mails[md->ct[c].mail], *p;

	if ((x->type != MT_COVER && x->type != MT_PULL) || m->parent == NONE)
		return 0;
	p = &md->mails[m->parent];
	return p->present && (p->type == MT_COVER || p->type == MT_PULL) && same_person(x, p);
}

/* Does citation c (an index of md->ct) answer patch mi? */
static int
cite_aimed(struct model *md, size_t c, uint32_t mi)
{
	const struct mail *x = &md->mails[md->ct[c].mail];

	return cite_answers(x, &md->mails[mi]) && aimed_at(md, md->ct[c].tgt, x->series, mi) &&
	    !cite_companion(md, c, mi) && !cite_resend(md, c, mi);
}

/* Is a earlier than b: by date, then by id (no date first)? */
static int
before(const struct model *md, uint32_t a, uint32_t b)
{
	return b == NONE || earlier(&md->mails[a], &md->mails[b]);
}

/*
 * The earliest response, not the first read, so that the order of the
 * rows does not change the answer: in its thread, or citing it from
 * outside, aimed at it (answers(), cite_aimed()).
 */
uint32_t
responder(struct model *md, uint32_t mi)
{
	uint32_t root = thread_of(md, mi);
	const struct thread *t = &md->th[root];
	uint32_t best = NONE;
	size_t lo, hi = cites_of(md, root, &lo);

	for (uint32_t r = t->resp; r != NONE; r = md->mails[r].rnext)
		if (answers(md, r, mi) && before(md, r, best))
			best = r;
	for (size_t i = lo; i < hi; i++) {
		uint32_t r = md->ct[i].mail;

		if (cite_aimed(md, i, mi) && before(md, r, best))
			best = r;
	}
	return best;
}

size_t
answer_versions(struct model *md, uint32_t mi, uint32_t **v, size_t *cap)
{
	const struct mail *m = &md->mails[mi];
	size_t n = 0;

	*v = xgrow(*v, cap, n, 8, sizeof **v);
	(*v)[n++] = mi;
	if (m->cluster != NONE)
		for (uint32_t x = md->clusters[m->cluster].mail; x != NONE; x = md->mails[x].cnext)
			if (x != mi && md->mails[x].present) {
				*v = xgrow(*v, cap, n, 8, sizeof **v);
				(*v)[n++] = x;
			}
	return n;
}

/* Is x by one of the people by[0..nby) (anyone, when none)? */
static int
by_any(const struct mail *x, const char *const *byaddr, const char *const *bywho, size_t nby)
{
	if (nby == 0)
		return 1;
	for (size_t k = 0; k < nby; k++)
		if (by_person(x, byaddr[k], bywho[k]))
			return 1;
	return 0;
}

uint32_t
first_response(struct model *md, uint32_t mi, const uint32_t *vers, size_t n,
    const char *const *byaddr, const char *const *bywho, size_t nby)
{
	const struct mail *m = &md->mails[mi];
	uint32_t best = NONE;

	if (m->date == NODATE)
		return NONE;
	for (size_t i = 0; i < n; i++) {
		uint32_t v = vers[i], root = thread_of(md, v);
		size_t lo, hi = cites_of(md, root, &lo);

		/* Citations from outside, by date then id: the first fit is the earliest. */
		for (size_t c = lo; c < hi; c++) {
			uint32_t r = md->ct[c].mail;
			const struct mail *x = &md->mails[r];

			if (!cite_answers(x, m) || !cite_aimed(md, c, v) ||
			    !by_any(x, byaddr, bywho, nby))
				continue;
			if (before(md, r, best))
				best = r;
			break;
		}
		/* Each thread lists its responses by date, then id: the first fit is its earliest. */
		for (uint32_t r = md->th[root].resp; r != NONE; r = md->mails[r].rnext) {
			const struct mail *x = &md->mails[r];

			if (x->date < m->date || same_person(x, m) || !answers(md, r, v) ||
			    !by_any(x, byaddr, bywho, nby))
				continue;
			if (before(md, r, best))
				best = r;
			break;
		}
	}
	return best;
}

int
responded(struct model *md, uint32_t mi)
{
	uint32_t root = thread_of(md, mi);
	const struct thread *t = &md->th[root];
	size_t lo, hi = cites_of(md, root, &lo);

	for (uint32_t r = t->resp; r != NONE; r = md->mails[r].rnext)
		if (answers(md, r, mi))
			return 1;
	for (size_t i = lo; i < hi; i++)
		if (cite_aimed(md, i, mi))
			return 1;
	return 0;
}

uint32_t
sibling_answer(struct model *md, uint32_t mi)
{
	uint32_t root = thread_of(md, mi), best = NONE;
	const struct mail *m = &md->mails[mi];

	for (uint32_t r = md->th[root].resp; r != NONE; r = md->mails[r].rnext) {
		const struct mail *x = &md->mails[r];
		const struct mail *t;

		if (x->tgt == NONE || x->tgt == mi || !can_answer(x, m))
			continue;
		t = &md->mails[x->tgt];
		/* Another part of m's own posting, by its author. */
		if (t->type != MT_PATCH || t->version != m->version || !same_person(t, m) ||
		    (x->date != NODATE && m->date != NODATE && x->date < m->date))
			continue;
		/*
		 * A part of another repository (the kernel's, in a posting
		 * carrying the tool's part too) is the project's conversation
		 * only when one who commits to it answered (companion()).
		 */
		if (!t->foreign != !m->foreign && !committer_at(md, x->from, x->who, x->date))
			continue;
		if (before(md, r, best))
			best = r;
	}
	return best;
}
