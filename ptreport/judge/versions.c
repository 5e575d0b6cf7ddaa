/*
 * versions.c - a patch nobody answered in its own thread may still have
 * been handled: through a patch its author posted together with it (one
 * conversation), or by a later version of its posting that was answered
 * or merged without it (superseded: dropped from the series, or folded
 * into another of its patches).  What a maintainer reading the threads
 * sees, beyond what the clusters join.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "person.h"
#include "judge.h"
#include "util.h"

/* A posting: the patches (and cover letter) of one thread and version. */
struct posting {
	uint32_t first;          /* its earliest mail (by date, then id) */
	uint32_t root, version;
	const char *ctitle;      /* its cover letter's title words; "" if none */
	uint32_t *v;             /* its patches */
	uint32_t n, cap;
	int handled;             /* -1 not yet known; 0; 1 merged or answered */
};

static struct posting *posts;
static size_t nposts, capposts;
static uint32_t *mpost;          /* per mail: its posting, or NONE */
static struct hmap postid;       /* (root, version) -> index + 1 */
static struct hmap bytitle;      /* cover title -> first posting index + 1 ... chained */
static uint32_t *tnext;          /* per posting: the next of the same cover title */
static uint32_t *bydate;         /* patches for the project, by date then id */
static size_t nbydate;
static uint32_t *bycover;        /* cover letters (any repository's), by date then id */
static size_t nbycover;
static uint32_t *byother;        /* other repositories' patches, by date then id */
static size_t nbyother;
static const struct model *cmp_md;

static int
cmp_bydate(const void *a, const void *b)
{
	return cmp_date_id(cmp_md, *(const uint32_t *)a, *(const uint32_t *)b);
}

/* The first of v[0..n) (mails by date, then id) dated t or later: its index, else n. */
static size_t
first_from(const struct model *md, const uint32_t *v, size_t n, int64_t t)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (md->mails[v[mid]].date < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* A mail that belongs to a posting: a patch or cover letter by a person. */
static int
postable(const struct mail *m)
{
	return m->present && (m->type == MT_PATCH || m->type == MT_COVER) && !m->review &&
	    m->date != NODATE;
}

void
postings_index(struct model *md)
{
	struct { uint32_t root, version; } key;

	mpost = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *mpost);
	bydate = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *bydate);
	nbydate = 0;
	bycover = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *bycover);
	nbycover = 0;
	byother = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *byother);
	nbyother = 0;
	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];
		struct posting *p;
		struct hent *e;
		int isnew;

		mpost[i] = NONE;
		if (m->project)
			bydate[nbydate++] = (uint32_t)i;
		if (m->present && m->type == MT_COVER && m->date != NODATE && *m->ntitle)
			bycover[nbycover++] = (uint32_t)i;
		if (m->present && m->type == MT_PATCH && m->foreign && !m->process &&
		    m->date != NODATE && shallow(md, (uint32_t)i))
			byother[nbyother++] = (uint32_t)i;
		if (!postable(m))
			continue;
		memset(&key, 0, sizeof key);
		key.root = thread_of(md, (uint32_t)i);
		key.version = m->version;
		e = hmap_put(&postid, (const char *)&key, sizeof key, &isnew);
		if (isnew) {
			char *k = arena_alloc(&md->mem, sizeof key);

			memcpy(k, &key, sizeof key);
			e->key = k;
			posts = xgrow(posts, &capposts, nposts, 64, sizeof *posts);
			p = &posts[nposts];
			memset(p, 0, sizeof *p);
			p->first = (uint32_t)i;
			p->root = key.root;
			p->version = key.version;
			p->ctitle = "";
			p->handled = -1;
			e->val = (void *)(uintptr_t)(++nposts);
		}
		p = &posts[(uintptr_t)e->val - 1];
		mpost[i] = (uint32_t)((uintptr_t)e->val - 1);
		if (cmp_date_id(md, (uint32_t)i, p->first) < 0)
			p->first = (uint32_t)i;
		if (m->type == MT_COVER) {
			if (m->ntitle && *m->ntitle)
				p->ctitle = m->ntitle;
			continue;
		}
		if (p->n == p->cap) {
			p->cap = p->cap ? 2 * p->cap : 4;
			p->v = xreallocarray(p->v, p->cap, sizeof *p->v);
		}
		p->v[p->n++] = (uint32_t)i;
	}
	tnext = xreallocarray(NULL, nposts ? nposts : 1, sizeof *tnext);
	for (size_t i = nposts; i-- > 0;) {
		struct hent *e;
		int isnew;

		tnext[i] = NONE;
		if (!*posts[i].ctitle)
			continue;
		e = hmap_put(&bytitle, posts[i].ctitle, strlen(posts[i].ctitle), &isnew);
		if (!isnew)
			tnext[i] = (uint32_t)((uintptr_t)e->val - 1);
		e->val = (void *)(uintptr_t)(i + 1);
	}
	cmp_md = md;
	if (nbydate)
		qsort(bydate, nbydate, sizeof *bydate, cmp_bydate);
	if (nbycover)
		qsort(bycover, nbycover, sizeof *bycover, cmp_bydate);
	if (nbyother)
		qsort(byother, nbyother, sizeof *byother, cmp_bydate);
}

void
postings_free(struct model *md)
{
	(void)md;
	for (size_t i = 0; i < nposts; i++)
		free(posts[i].v);
	free(posts);
	free(mpost);
	free(tnext);
	free(bydate);
	free(bycover);
	free(byother);
	hmap_free(&postid);
	hmap_free(&bytitle);
	posts = NULL;
	mpost = tnext = bydate = bycover = byother = NULL;
	nposts = capposts = nbydate = nbycover = nbyother = 0;
}

/* Was posting p merged, or answered in its thread by another person, after it came? */
static int
handled(struct model *md, struct posting *p)
{
	const struct mail *f = &md->mails[p->first];

	if (p->handled >= 0)
		return p->handled;
	p->handled = 0;
	for (uint32_t k = 0; k < p->n && !p->handled; k++)
		p->handled = merged(md, &md->mails[p->v[k]]);
	for (uint32_t r = md->th[p->root].resp; r != NONE && !p->handled; r = md->mails[r].rnext) {
		const struct mail *x = &md->mails[r];

		if (x->date != NODATE && x->date >= f->date && can_answer(x, f))
			p->handled = 1;
	}
	if (!p->handled) {
		size_t lo, hi = cites_of(md, p->root, &lo);

		for (size_t i = lo; i < hi && !p->handled; i++)
			p->handled = cite_answers(&md->mails[md->ct[i].mail], f);
	}
	return p->handled;
}

/*
 * Is posting q a later version of posting p by its author, at most
 * VERSION_DAYS later: a patch of each in one cluster, the same cover
 * letter title, or a higher version in the same thread?
 */
static int
continues(const struct model *md, const struct posting *p, const struct posting *q)
{
	const struct mail *a = &md->mails[p->first], *b = &md->mails[q->first];

	if (p == q || !by_person(b, a->from, a->who) || b->date <= a->date ||
	    b->date - a->date > (int64_t)VERSION_DAYS * DAY)
		return 0;
	if (q->root == p->root)
		return q->version > p->version;
	if (*p->ctitle && q->ctitle == p->ctitle)
		return 1;
	for (uint32_t k = 0; k < p->n; k++) {
		uint32_t c = md->mails[p->v[k]].cluster;

		for (uint32_t x = c != NONE ? md->clusters[c].mail : NONE; x != NONE;
		    x = md->mails[x].cnext)
			if (mpost[x] != NONE && &posts[mpost[x]] == q)
				return 1;
	}
	return 0;
}

/* Consider posting qi for patch mi: the earliest such so far in *best. */
static void
consider(struct model *md, uint32_t mi, const struct posting *p, uint32_t qi, uint32_t *best)
{
	struct posting *q = &posts[qi];
	uint32_t c = md->mails[mi].cluster;

	/*
	 * Handled without it (dropped from the series, folded into another
	 * part); or a whole next version (a cover letter, a higher vN)
	 * without it, whatever became of it: its author dropped it.
	 */
	if (!continues(md, p, q) ||
	    (!handled(md, q) && !(*q->ctitle && q->version > p->version)))
		return;
	/* A version of the patch itself in q: the clusters judged it already. */
	for (uint32_t k = 0; k < q->n; k++)
		if (c != NONE && md->mails[q->v[k]].cluster == c)
			return;
	if (*best == NONE || cmp_date_id(md, q->first, *best) < 0)
		*best = q->first;
}

uint32_t
superseded_by(struct model *md, uint32_t mi)
{
	uint32_t pi = mpost ? mpost[mi] : NONE, best = NONE;
	const struct posting *p;

	if (pi == NONE)
		return NONE;
	p = &posts[pi];
	/* Postings sharing a cluster with one of p's patches. */
	for (uint32_t k = 0; k < p->n; k++) {
		uint32_t c = md->mails[p->v[k]].cluster;

		for (uint32_t x = c != NONE ? md->clusters[c].mail : NONE; x != NONE;
		    x = md->mails[x].cnext)
			if (mpost[x] != NONE && mpost[x] != pi)
				consider(md, mi, p, mpost[x], &best);
	}
	/* The same cover letter title. */
	if (*p->ctitle) {
		struct hent *e = hmap_get(&bytitle, p->ctitle, strlen(p->ctitle));

		for (uint32_t q = e ? (uint32_t)((uintptr_t)e->val - 1) : NONE; q != NONE;
		    q = tnext[q])
			if (q != pi)
				consider(md, mi, p, q, &best);
	}
	/* A later version in the same thread. */
	for (size_t q = 0; q < nposts; q++)
		if (q != pi && posts[q].root == p->root)
			consider(md, mi, p, (uint32_t)q, &best);
	return best;
}

/* Do mails a and b share a list? */
static int
share_list(const struct mail *a, const struct mail *b)
{
	for (const char *l = a->lists; *l;) {
		size_t k = strcspn(l, " ");

		for (const char *r = b->lists; *r;) {
			size_t j = strcspn(r, " ");

			if (j == k && !memcmp(l, r, k))
				return 1;
			r += j + (r[j] == ' ');
		}
		l += k + (l[k] == ' ');
	}
	return !*a->lists && !*b->lists;
}

/*
 * The other patches of mi's posting by its author, of its N (*others);
 * how many were merged.  With v, the commits merging them too, each
 * once, into *v (allocated, room for the whole posting; NULL when none)
 * and their number into *nv.
 */
static uint32_t
parts_walk(struct model *md, uint32_t mi, uint32_t *others, uint32_t **v, uint32_t *nv)
{
	const struct mail *m = &md->mails[mi];
	uint32_t pi = mpost ? mpost[mi] : NONE, n = 0;

	*others = 0;
	if (v) {
		*v = NULL;
		*nv = 0;
	}
	if (pi == NONE)
		return 0;
	for (uint32_t k = 0; k < posts[pi].n; k++) {
		uint32_t x = posts[pi].v[k], c, j;

		/* A part of the same N: another set sent into its thread is not. */
		if (x == mi || md->mails[x].type != MT_PATCH || md->mails[x].total != m->total ||
		    !by_person(&md->mails[x], m->from, m->who))
			continue;
		(*others)++;
		/*
		 * Taken: its commit is its author's, or committed within
		 * FAM_DAYS of it.  Another's commit of the same change years
		 * later (a fix made again) took nothing of the posting.
		 */
		if ((c = applied_by(md, x, 0)) == NONE ||
		    (!one_person(md->mails[x].from, md->mails[x].who, md->commits[c].author,
		    md->commits[c].aname, 0) && (md->commits[c].cdate == NODATE ||
		    md->mails[x].date == NODATE ||
		    md->commits[c].cdate > md->mails[x].date + (int64_t)FAM_DAYS * DAY)))
			continue;
		n++;
		if (!v)
			continue;
		if (!*v)
			*v = xreallocarray(NULL, posts[pi].n, sizeof **v);
		for (j = 0; j < *nv && (*v)[j] != c; j++)
			;
		if (j == *nv)
			(*v)[(*nv)++] = c;
	}
	return n;
}

uint32_t
parts_merged(struct model *md, uint32_t mi, uint32_t *others)
{
	return parts_walk(md, mi, others, NULL, NULL);
}

uint32_t
parts_commits(struct model *md, uint32_t mi, uint32_t **v)
{
	uint32_t others, nv;

	parts_walk(md, mi, &others, v, &nv);
	return nv;
}

uint32_t
parts_pull(struct model *md, uint32_t mi)
{
	const struct mail *m = &md->mails[mi];
	uint32_t root = thread_of(md, mi), best = NONE;

	/* The other parts: its thread's patches of its version and N, by its person. */
	for (uint32_t x = md->th[root].resp; x != NONE; x = md->mails[x].rnext) {
		const struct mail *t = &md->mails[x];
		uint32_t p;
		int bysum;

		if (x == mi || !t->present || t->type != MT_PATCH || t->total != m->total ||
		    t->version != m->version || !by_person(t, m->from, m->who) ||
		    (p = mail_pull(md, t, &bysum)) == NONE)
			continue;
		if (best == NONE || md->pulls[p].pull < md->pulls[best].pull)
			best = p;
	}
	return best;
}

uint32_t
series_answered(struct model *md, uint32_t mi)
{
	const struct mail *m = &md->mails[mi];
	uint32_t root = thread_of(md, mi), best = NONE;

	if (m->total < 2 || m->date == NODATE || !md->vp)
		return NONE;
	for (size_t k = first_in_thread(md->vp, md->nvp, root);
	    k < md->nvp && md->vp[k].root == root; k++) {
		uint32_t x = md->vp[k].mail;
		const struct mail *p = &md->mails[x];
		int hit = 0;

		if (x == mi || p->version != m->version || p->total != m->total ||
		    !by_person(p, m->from, m->who) || p->cluster == NONE)
			continue;
		for (uint32_t y = md->clusters[p->cluster].mail; y != NONE && !hit;
		    y = md->mails[y].cnext) {
			const struct mail *d = &md->mails[y];
			uint32_t yr;

			if (!d->present || d->date == NODATE || d->date > m->date ||
			    (yr = thread_of(md, y)) == root)
				continue;
			/* An answer there speaking of the series, not of the draft alone. */
			for (uint32_t r = md->th[yr].resp; r != NONE && !hit; r = md->mails[r].rnext) {
				const struct mail *a = &md->mails[r];

				hit = a->series && a->date != NODATE && a->date >= m->date &&
				    !by_person(a, m->from, m->who) && answers(md, r, y);
			}
		}
		if (hit && (best == NONE || cmp_date_id(md, x, best) < 0))
			best = x;
	}
	return best;
}

uint32_t
together(struct model *md, uint32_t mi)
{
	const struct mail *m = &md->mails[mi];
	uint32_t root = thread_of(md, mi), best = NONE;
	size_t lo;

	if (m->date == NODATE || !bydate)
		return NONE;
	/* The first patch posted BATCH_SECS before m or later. */
	lo = first_from(md, bydate, nbydate, m->date - BATCH_SECS);
	for (size_t i = lo; i < nbydate; i++) {
		uint32_t x = bydate[i];
		const struct mail *t = &md->mails[x];
		int64_t dt = t->date > m->date ? t->date - m->date : m->date - t->date;

		if (t->date > m->date + BATCH_SECS)
			break;
		/*
		 * Within the hour on a file of it or under a title alike; within
		 * the day under a title alike (a batch, one patch a folder).
		 */
		if (x == mi || thread_of(md, x) == root || !by_person(t, m->from, m->who) ||
		    !share_list(t, m) || !responded(md, x) ||
		    !((dt <= TOGETHER_SECS && shares_file(t->files, m->files)) ||
		    titles_alike(t->ntitle, m->ntitle)))
			continue;
		if (best == NONE || cmp_date_id(md, x, best) < 0)
			best = x;
	}
	return best;
}

/*
 * Reply r, to x (mi's other half), if another's after mi: the answer
 * companion() keeps (*best, *half, *maint) when it is the first by one
 * who commits here, else the earliest.
 */
static void
half_answer(struct model *md, uint32_t mi, uint32_t r, uint32_t x, uint32_t *best,
    uint32_t *half, int *maint)
{
	const struct mail *m = &md->mails[mi], *y = &md->mails[r];
	int c;

	if (y->date == NODATE || y->date < m->date || by_person(y, m->from, m->who))
		return;
	c = committer_at(md, y->from, y->who, y->date);
	if (*best != NONE && (c < *maint || (c == *maint && cmp_date_id(md, r, *best) >= 0)))
		return;
	*best = r;
	*maint = c;
	*half = x;
}

/*
 * The other half of a submission to two repositories, where another
 * person answered it after mi was posted: the review of the one half
 * may be the submission's.  The half is a patch of another repository
 * (a kernel's ioctl beside the tool using it) its author posted within
 * COMPANION_SECS of patch mi, to a list of it, in another thread or as
 * a part of mi's own posting (the kernel's parts of a posting carrying
 * the tool's part too); of a series in another thread, the part sharing
 * a word of its title's summary with mi's.  Or, whenever posted, his
 * posting for another repository that links mi (cite_companion()).  Of
 * those answers one by a person who commits to this repository (*maint
 * set), else the earliest; NONE if none; *half the companion.
 */
uint32_t
companion(struct model *md, uint32_t mi, uint32_t *half, int *maint)
{
	const struct mail *m = &md->mails[mi];
	uint32_t root = thread_of(md, mi), best = NONE;
	size_t lo;

	*half = NONE;
	*maint = 0;
	if (m->date == NODATE || !byother)
		return NONE;
	lo = first_from(md, byother, nbyother, m->date - COMPANION_SECS);
	for (size_t i = lo; i < nbyother; i++) {
		uint32_t x = byother[i], xr = thread_of(md, x);
		const struct mail *t = &md->mails[x];

		if (t->date > m->date + COMPANION_SECS)
			break;
		/*
		 * Of a series, the part on its subject (a word of its title's
		 * summary in common): an answer to another part is that one's.
		 */
		if ((xr == root && (t->total != m->total || t->version != m->version)) ||
		    !by_person(t, m->from, m->who) || !share_list(t, m) ||
		    (xr != root && t->total > 1 && !summaries_share(md, m->subject, t->subject)))
			continue;
		for (uint32_t r = md->th[xr].resp; r != NONE; r = md->mails[r].rnext)
			if (answers(md, r, x))
				half_answer(md, mi, r, x, &best, half, maint);
	}
	/*
	 * Or, whenever posted, his posting for another repository linking
	 * mi (the kernel series whose cover letter names its tools half):
	 * a reply there, after mi, by another (cite_companion()).
	 */
	lo = 0;
	for (size_t hi = cites_of(md, root, &lo), c = lo; c < hi; c++)
		if (cite_companion(md, c, mi))
			half_answer(md, mi, md->ct[c].mail, md->mails[md->ct[c].mail].parent, &best,
			    half, maint);
	return best;
}

/*
 * One submission sent as two postings, one a repository (a kernel half
 * and a tools half): their cover letters by one person within
 * TOGETHER_SECS under titles alike.  The other posting's conversation
 * (a reply by another person to any mail of it) speaks of both.
 */
uint32_t
cover_twin(struct model *md, uint32_t mi)
{
	uint32_t root = thread_of(md, mi), best = NONE;
	const struct mail *c;
	size_t lo;

	/* Its cover letter: what it replies to. */
	if (md->mails[mi].tgt == NONE || md->mails[mi].tgt == mi)
		return NONE;
	c = &md->mails[md->mails[mi].tgt];
	if (!c->present || c->type != MT_COVER || c->date == NODATE || !*c->ntitle)
		return NONE;
	lo = first_from(md, bycover, nbycover, c->date - TOGETHER_SECS);
	for (size_t i = lo; i < nbycover; i++) {
		uint32_t x = bycover[i], xr = thread_of(md, x);
		const struct mail *t = &md->mails[x];
		int hit = 0;

		if (t->date > c->date + TOGETHER_SECS)
			break;
		if (xr == root || t->version != c->version ||
		    !by_person(t, c->from, c->who) || !titles_alike(t->ntitle, c->ntitle))
			continue;
		for (uint32_t r = md->th[xr].resp; r != NONE && !hit; r = md->mails[r].rnext)
			hit = md->mails[r].tgt != NONE && answers(md, r, md->mails[r].tgt);
		if (hit && (best == NONE || cmp_date_id(md, x, best) < 0))
			best = x;
	}
	return best;
}
