/*
 * verdict.c - which mails are patches for the project, which got a
 * response, which were ignored (method.md §5), and which dates the
 * archive really covers (for off-list commits and patches too new to
 * judge).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "person.h"
#include "ptreport.h"
#include "text.h"
#include "util.h"

#define DAY 86400

/*
 * One person: the same address, or the same name (an author who posts
 * from home and from work).  Strings are interned.
 */
int
by_person(const struct mail *r, const char *addr, const char *who)
{
	return one_person(r->from, r->who, addr, who, 1);
}

static int
same_person(const struct mail *a, const struct mail *b)
{
	return by_person(a, b->from, b->who);
}

int
can_answer(const struct mail *x, const struct mail *m)
{
	if (same_person(x, m))
		return 0;
	if (x->type == MT_COVER)
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
static size_t
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

uint32_t
withdrawal(struct model *md, uint32_t mi)
{
	const struct mail *m = &md->mails[mi];
	uint32_t root = thread_of(md, mi);
	size_t lo;

	/* The thread's first withdrawal. */
	for (lo = first_in_thread(md->wd, md->nwd, root);
	    lo < md->nwd && md->wd[lo].root == root; lo++) {
		const struct mail *w = &md->mails[md->wd[lo].mail];

		if (md->wd[lo].mail != mi && w->date >= m->date && same_person(w, m))
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
 * [1]") took m's work up.  Bots' mails were left out when read.
 */
int
cite_answers(const struct mail *x, const struct mail *m)
{
	return x->date != NODATE && m->date != NODATE && x->date >= m->date &&
	    !same_person(x, m);
}

/*
 * The earliest response, not the first read, so that the order of the
 * rows does not change the answer: in its thread, or citing it from
 * outside.
 */
uint32_t
responder(struct model *md, uint32_t mi)
{
	uint32_t root = thread_of(md, mi);
	const struct thread *t = &md->th[root];
	uint32_t best = NONE;
	size_t lo, hi = cites_of(md, root, &lo);

	for (uint32_t r = t->resp; r != NONE; r = md->mails[r].rnext)
		if (can_answer(&md->mails[r], &md->mails[mi]) &&
		    (best == NONE || earlier(&md->mails[r], &md->mails[best])))
			best = r;
	for (size_t i = lo; i < hi; i++) {
		uint32_t r = md->ct[i].mail;

		if (cite_answers(&md->mails[r], &md->mails[mi]) &&
		    (best == NONE || earlier(&md->mails[r], &md->mails[best])))
			best = r;
	}
	return best;
}

/* Add the thread of mail mi to v unless it is there (marked with the stamp). */
static size_t
take_thread(struct model *md, uint32_t mi, uint32_t **v, size_t *cap, size_t n)
{
	uint32_t root = thread_of(md, mi);

	if (md->mark[root] == md->stamp)
		return n;
	md->mark[root] = md->stamp;
	if (n == *cap) {
		*cap = *cap ? 2 * *cap : 8;
		*v = xreallocarray(*v, *cap, sizeof **v);
	}
	(*v)[n++] = root;
	return n;
}

size_t
answer_threads(struct model *md, uint32_t mi, uint32_t **v, size_t *cap)
{
	const struct mail *m = &md->mails[mi];
	size_t n;

	if (!md->mark)
		md->mark = xcalloc(md->nmails ? md->nmails : 1, sizeof *md->mark);
	/* A new stamp for each call; when the counter wraps, clear the marks. */
	if (++md->stamp == 0) {
		memset(md->mark, 0, md->nmails * sizeof *md->mark);
		md->stamp = 1;
	}
	n = take_thread(md, mi, v, cap, 0);
	if (m->cluster != NONE)
		for (uint32_t x = md->clusters[m->cluster].mail; x != NONE; x = md->mails[x].cnext)
			if (md->mails[x].present)
				n = take_thread(md, x, v, cap, n);
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
first_response(struct model *md, uint32_t mi, const uint32_t *roots, size_t n,
    const char *const *byaddr, const char *const *bywho, size_t nby)
{
	const struct mail *m = &md->mails[mi];
	uint32_t best = NONE;

	if (m->date == NODATE)
		return NONE;
	for (size_t i = 0; i < n; i++) {
		size_t lo, hi = cites_of(md, roots[i], &lo);

		/* Citations from outside, by date then id: the first fit is the earliest. */
		for (size_t c = lo; c < hi; c++) {
			uint32_t r = md->ct[c].mail;
			const struct mail *x = &md->mails[r];

			if (!cite_answers(x, m) || !by_any(x, byaddr, bywho, nby))
				continue;
			if (best == NONE || earlier(x, &md->mails[best]))
				best = r;
			break;
		}
		/* Each thread lists its responses by date, then id: the first fit is its earliest. */
		for (uint32_t r = md->th[roots[i]].resp; r != NONE; r = md->mails[r].rnext) {
			const struct mail *x = &md->mails[r];

			if (x->date < m->date || !can_answer(x, m) ||
			    !by_any(x, byaddr, bywho, nby))
				continue;
			if (best == NONE || earlier(x, &md->mails[best]))
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
		if (can_answer(&md->mails[r], &md->mails[mi]))
			return 1;
	for (size_t i = lo; i < hi; i++)
		if (cite_answers(&md->mails[md->ct[i].mail], &md->mails[mi]))
			return 1;
	return 0;
}

/*
 * The thread root, or a direct reply to it (1/N under its 0/N cover).
 * A parent missing from the archive is one level: it existed.  By the
 * parents, not the threads: each part of a series sent without threading
 * stays a root, though the parts are one thread.
 */
int
shallow(const struct model *md, uint32_t mi)
{
	uint32_t p = md->mails[mi].parent;

	if (p == NONE || p == mi)
		return 1;
	p = md->mails[p].parent;
	return p == NONE || p == mi || p == md->mails[mi].parent;
}

int
in_scope(const struct scope *sc, int64_t d)
{
	if (d == NODATE)
		return sc->since == NODATE && sc->until == NODATE;
	return (sc->since == NODATE || d >= sc->since) &&
	    (sc->until == NODATE || d <= sc->until);
}

/* An answered patch on a list: when posted, and the time to its first response. */
struct gtime {
	uint32_t list;
	int64_t date, t;
	const char *id;
};

/* By list, then latest first (date, then id, descending). */
static int
cmp_gtime(const void *a, const void *b)
{
	const struct gtime *x = a, *y = b;

	if (x->list != y->list)
		return x->list < y->list ? -1 : 1;
	if (x->date != y->date)
		return x->date > y->date ? -1 : 1;
	return -strcmp(x->id, y->id);
}

/*
 * The first response of each patch for the project (fresp: its thread
 * and those of its other versions), and each list's grace: with -g, that
 * for every list; else the 90th percentile (nearest rank) time to first
 * response of the list's answered patches posted in the GRACE_YEAR days
 * up to the end of its coverage (its last span), at least its latest
 * GRACE_LATEST, and never less than GRACE_DAYS.  The patches counted are
 * those for the project whatever --since, --until and --max-series say.
 */
static void
graces(struct model *md, const struct scope *sc)
{
	uint32_t *roots = NULL;
	size_t cap = 0, n = 0, capg = 0;
	struct gtime *g = NULL;
	int64_t *tt = NULL;

	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];
		uint32_t r, li;
		size_t nr;
		const char *l = m->lists;

		if (!m->present || m->type != MT_PATCH || m->process || m->foreign ||
		    !shallow(md, (uint32_t)i))
			continue;
		nr = answer_threads(md, (uint32_t)i, &roots, &cap);
		r = first_response(md, (uint32_t)i, roots, nr, NULL, NULL, 0);
		if (m->project)
			m->fresp = r;
		/* Each of its lists. */
		while (list_next(md, &l, &li)) {
			if (li == NONE)
				continue;
			md->lc[li].gpatches++;
			if (r == NONE)
				continue;
			if (n == capg) {
				capg = capg ? 2 * capg : 256;
				g = xreallocarray(g, capg, sizeof *g);
			}
			g[n].list = li;
			g[n].date = m->date;
			g[n].t = md->mails[r].date - m->date;
			g[n++].id = m->id;
		}
	}
	free(roots);
	for (size_t i = 0; i < md->nlc; i++) {
		md->lc[i].grace = (sc->grace_set ? sc->grace : GRACE_DAYS) * DAY;
		md->lc[i].gp90 = md->lc[i].gfrom = md->lc[i].gto = NODATE;
	}
	if (n && !sc->grace_set) {
		qsort(g, n, sizeof *g, cmp_gtime);
		tt = xreallocarray(NULL, n, sizeof *tt);
	}
	for (size_t i = 0, j; i < n && !sc->grace_set; i = j) {
		struct listcov *lc = &md->lc[g[i].list];
		int64_t end = lc->ns ? lc->s[lc->ns - 1].to : NODATE;
		size_t k = 0;

		for (j = i; j < n && g[j].list == g[i].list; j++) {
			if (end == NODATE || g[j].date > end)
				continue;
			if (g[j].date <= end - (int64_t)GRACE_YEAR * DAY && k >= GRACE_LATEST)
				continue;
			if (!k)
				lc->gto = g[j].date;
			lc->gfrom = g[j].date;
			tt[k++] = g[j].t;
		}
		if (!k)
			continue;
		qsort(tt, k, sizeof *tt, cmp_i64);
		lc->gn = k;
		lc->gp90 = nearest_rank(tt, k, 90);
		if (lc->gp90 > lc->grace)
			lc->grace = lc->gp90;
	}
	free(tt);
	free(g);
}

static int
cmp_listcov(const void *a, const void *b)
{
	return strcmp((*(const struct listcov *const *)a)->list,
	    (*(const struct listcov *const *)b)->list);
}

void
grace_lines(const struct model *md, const struct scope *sc,
    void (*line)(const char *, const char *, void *), void *arg)
{
	struct buf b = BUF_INIT;
	char a[21], z[21], d[32];
	const struct listcov **v;

	if (sc->grace_set) {
		snprintf(d, sizeof d, "%.1f", (double)sc->grace);
		line(d, "every list (--grace)", arg);
		return;
	}
	/* By list id, whatever the order of the rows. */
	v = xreallocarray(NULL, md->nlc ? md->nlc : 1, sizeof *v);
	for (size_t i = 0; i < md->nlc; i++)
		v[i] = &md->lc[i];
	if (md->nlc)
		qsort(v, md->nlc, sizeof *v, cmp_listcov);
	for (size_t i = 0; i < md->nlc; i++) {
		const struct listcov *lc = v[i];

		if (!lc->gpatches)
			continue;
		buf_reset(&b);
		snprintf(d, sizeof d, "%.1f", (double)lc->grace / DAY);
		buf_addf(&b, "%s (", *lc->list ? lc->list : "(no list)");
		if (lc->grace == (int64_t)GRACE_DAYS * DAY)
			buf_addf(&b, "the least, %d days; ", GRACE_DAYS);
		if (!lc->gn) {
			buf_addstr(&b, "no patch of it answered)");
		} else {
			char h[32];

			iso_utc(a, lc->gfrom);
			iso_utc(z, lc->gto);
			hours(h, lc->gp90);
			buf_addf(&b, "90th percentile time to first response %s hours (%.1f days), "
			    "of its %lu answered patch%s posted %.10s .. %.10s)", h,
			    (double)lc->gp90 / DAY, lc->gn, lc->gn == 1 ? "" : "es", a, z);
		}
		line(d, b.p, arg);
	}
	free(v);
	buf_free(&b);
}

void
verdicts(struct model *md, const struct scope *sc)
{
	unsigned long nseries = 0, nleft = 0;

	coverage(md);
	history_facts(md, sc);

	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];

		m->project = m->present && m->type == MT_PATCH && !m->process &&
		    !m->foreign && shallow(md, (uint32_t)i) && in_scope(sc, m->date);
		if (m->project) {
			m->committer = (unsigned char)committer_at(md, m->from, m->who, m->date);
			struct thread *t = &md->th[thread_of(md, (uint32_t)i)];

			t->npatches++;
			if (m->total > t->total)
				t->total = m->total;
		}
	}

	/*
	 * One giant posting distorts every weekly figure: series above
	 * max_series patches are left out, and named.
	 */
	if (sc->max_series > 0) {
		for (size_t i = 0; i < md->nmails; i++) {
			struct mail *m = &md->mails[i];
			uint32_t root;
			struct thread *t;
			uint32_t size;

			if (!m->project)
				continue;
			root = thread_of(md, (uint32_t)i);
			t = &md->th[root];
			size = t->npatches > t->total ? t->npatches : t->total;
			if (size <= (uint32_t)sc->max_series)
				continue;
			m->project = 0;
			m->excluded = 1;
			nleft++;
			/* Name each series once, by its first patch seen. */
			if (!t->left_out) {
				if (!sc->quiet)
					warnx("left out a series of %u patches (above --max-series %ld): "
					    "%s \"%s\"", size, sc->max_series, m->id, m->subject);
				t->left_out = 1;
				nseries++;
			}
		}
		if (nleft && !sc->quiet)
			warnx("left out %lu patches in %lu series above %ld patches",
			    nleft, nseries, sc->max_series);
	}

	for (size_t i = 0; i < md->nclusters; i++) {
		struct cluster *k = &md->clusters[i];

		for (uint32_t x = k->mail; x != NONE; x = md->mails[x].cnext)
			if (md->mails[x].present && responded(md, x)) {
				k->responded = 1;
				break;
			}
	}
	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];
		const struct cluster *k = cluster_at(md, m->cluster);

		m->ignored = m->project && !responded(md, (uint32_t)i) &&
		    !(k && (k->ncommits || k->nside || k->responded));
	}

	/* Time to first response, and from it each list's grace. */
	graces(md, sc);

	/*
	 * What a maintainer reading the thread would not call ignored:
	 * withdrawn by its author; answered through a patch its author
	 * posted with it; superseded by its author's later version of its
	 * posting, handled without it; posted less than the grace period
	 * before the archives' coverage ends (an answer would come after
	 * the archive does), or too near the end of the history given to
	 * have been merged there: no verdict yet.
	 */
	postings_index(md);
	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];
		int64_t end, grace, dl;

		if (!m->ignored)
			continue;
		dl = cover_deadline(md, m, &end, &grace);
		m->ignored = 0;
		if (withdrawal(md, (uint32_t)i) != NONE)
			m->withdrawn = 1;
		else if ((m->twin = together(md, (uint32_t)i)) != NONE)
			m->together = 1;
		else if ((m->supby = superseded_by(md, (uint32_t)i)) != NONE)
			m->superseded = 1;
		else if (dl != NODATE && m->date > dl)
			m->toonew = 1;
		else if (after_history(md, m))
			m->late = 1;
		else
			m->ignored = 1;
	}
	/*
	 * A version answered through its twin answers its other versions,
	 * as one answered in its thread does (k->responded).
	 */
	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];
		const struct cluster *k = cluster_at(md, m->cluster);

		if (!m->ignored || !k)
			continue;
		for (uint32_t x = k->mail; x != NONE; x = md->mails[x].cnext)
			if (md->mails[x].together) {
				m->ignored = 0;
				break;
			}
	}
	postings_free(md);
}

/* Months since year 0: year * 12 + month - 1. */
static int64_t
month_index(int64_t t)
{
	int64_t y;
	int m, d, secs;

	utc_civil(t, &y, &m, &d, &secs);
	return y * 12 + m - 1;
}

/* A dated mail on one of its lists, sorted by list, then date. */
struct lmail {
	uint32_t list;
	int64_t date;
};

static int
cmp_lmail(const void *a, const void *b)
{
	const struct lmail *x = a, *y = b;

	if (x->list != y->list)
		return x->list < y->list ? -1 : 1;
	return (x->date > y->date) - (x->date < y->date);
}

static int
cmp_desc(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;

	return (x < y) - (x > y);
}

static int
cmp_span(const void *a, const void *b)
{
	const struct span *x = a, *y = b;

	if (x->from != y->from)
		return x->from < y->from ? -1 : 1;
	return (x->to > y->to) - (x->to < y->to);
}

/* The list of id s[0..n), added when new; its index. */
static uint32_t
list_index(struct model *md, const char *s, size_t n)
{
	int isnew;
	struct hent *e = hmap_put(&md->lcid, s, n, &isnew);

	if (isnew) {
		e->key = intern(&md->pool, s, n);
		md->lc = xreallocarray(md->lc, md->nlc + 1, sizeof *md->lc);
		memset(&md->lc[md->nlc], 0, sizeof *md->lc);
		md->lc[md->nlc].list = e->key;
		e->val = (void *)(uintptr_t)(md->nlc + 1);
		md->nlc++;
	}
	return (uint32_t)((uintptr_t)e->val - 1);
}

/* The months of one list: per month with mail, how many and their first and last date. */
struct lmonth {
	int64_t month;
	unsigned long n;
	int64_t first, last;
};

/* The covered spans of one list from its mails v[0..n), sorted by date. */
static void
list_spans(struct listcov *lc, const struct lmail *v, size_t n)
{
	struct lmonth *mo = xreallocarray(NULL, n, sizeof *mo);
	unsigned long *cnt, acc = 0;
	size_t nmo = 0, open = 0;
	struct span cur = { 0, 0 };
	unsigned long curn = 0;
	int have = 0;

	for (size_t i = 0; i < n; i++) {
		int64_t m = month_index(v[i].date);

		if (!nmo || mo[nmo - 1].month != m) {
			mo[nmo].month = m;
			mo[nmo].n = 0;
			mo[nmo].first = v[i].date;
			nmo++;
		}
		mo[nmo - 1].n++;
		mo[nmo - 1].last = v[i].date;
	}
	lc->mails = n;
	/* The typical month: half the list's mails are in months at least this busy. */
	cnt = xreallocarray(NULL, nmo, sizeof *cnt);
	for (size_t i = 0; i < nmo; i++)
		cnt[i] = mo[i].n;
	qsort(cnt, nmo, sizeof *cnt, cmp_desc);
	for (size_t i = 0; i < nmo; i++) {
		acc += cnt[i];
		if (2 * acc >= n) {
			lc->typical = cnt[i];
			break;
		}
	}
	free(cnt);
	/*
	 * Covered months in runs; a run goes on over up to COVER_GAP quiet
	 * months.  A run holding fewer mails than a typical month is stray
	 * mail, not coverage (the busiest month's run always holds more).
	 */
	for (size_t i = 0; i <= nmo; i++) {
		int covered = i < nmo && mo[i].n * COVER_SHARE >= lc->typical;

		if (i < nmo && !covered)
			continue;
		if (have && i < nmo && mo[i].month - mo[open].month - 1 <= COVER_GAP) {
			for (size_t k = open + 1; k <= i; k++)
				curn += mo[k].n;
			cur.to = mo[i].last;
			open = i;
			continue;
		}
		if (have && curn >= lc->typical) {
			lc->s = xreallocarray(lc->s, lc->ns + 1, sizeof *lc->s);
			lc->s[lc->ns++] = cur;
		}
		if (i == nmo)
			break;
		cur.from = mo[i].first;
		cur.to = mo[i].last;
		curn = mo[i].n;
		open = i;
		have = 1;
	}
	free(mo);
}

/* Is date t inside one of the sorted, disjoint spans v[0..n)? */
size_t
span_of(const struct span *v, size_t n, int64_t t)
{
	size_t lo = 0, hi = n;

	/* The last span starting at or before t. */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (v[mid].from <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 && t <= v[lo - 1].to ? lo - 1 : n;
}

/* A count of mails of one list in one archive. */
struct alist {
	const char *arch, *list;
	unsigned long n;
};

static int
cmp_alist(const void *a, const void *b)
{
	const struct alist *x = a, *y = b;
	int c = strcmp(x->arch, y->arch);

	if (c)
		return c;
	if (x->n != y->n)
		return x->n > y->n ? -1 : 1;
	return strcmp(x->list, y->list);
}

/*
 * A mail that names no list (delivered to a maintainer and archived
 * beside the list's mail, or sent before the list set List-Id) belongs
 * to the archive it came from: it takes the list most mails of that
 * archive name (of equals, the first by name).
 */
static void
archive_lists(struct model *md)
{
	struct hmap cnt = HMAP_INIT;
	struct alist *v = NULL;
	size_t n = 0, cap = 0, orphans = 0;
	struct buf key = BUF_INIT;

	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		struct hent *e;
		int isnew;
		size_t k;

		if (!m->present || !*m->arch)
			continue;
		if (!*m->lists) {
			orphans++;
			continue;
		}
		k = strcspn(m->lists, " ");
		buf_reset(&key);
		buf_addstr(&key, m->arch);
		buf_addc(&key, '\n');
		buf_add(&key, m->lists, k);
		e = hmap_put(&cnt, key.p, key.len, &isnew);
		if (isnew) {
			e->key = arena_strndup(&md->mem, key.p, key.len);
			if (n == cap) {
				cap = cap ? 2 * cap : 16;
				v = xreallocarray(v, cap, sizeof *v);
			}
			v[n].arch = m->arch;
			v[n].list = intern(&md->pool, m->lists, k);
			v[n].n = 0;
			e->val = (void *)(uintptr_t)(++n);
		}
		v[(uintptr_t)e->val - 1].n++;
	}
	if (orphans && n) {
		struct hmap best = HMAP_INIT;

		qsort(v, n, sizeof *v, cmp_alist);
		for (size_t i = 0; i < n; i++) {
			int isnew;
			struct hent *e = hmap_put(&best, v[i].arch, strlen(v[i].arch), &isnew);

			if (isnew)
				e->val = (void *)v[i].list;
		}
		for (size_t i = 0; i < md->nmails; i++) {
			struct mail *m = &md->mails[i];
			struct hent *e;

			if (!m->present || *m->lists || !*m->arch ||
			    !(e = hmap_get(&best, m->arch, strlen(m->arch))))
				continue;
			m->lists = e->val;
		}
		hmap_free(&best);
	}
	hmap_free(&cnt);
	buf_free(&key);
	free(v);
}

void
coverage(struct model *md)
{
	struct lmail *v;
	size_t n = 0, nall = 0;

	archive_lists(md);

	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		if (!m->present || m->date == NODATE)
			continue;
		nall++;
		for (const char *l = m->lists; *l; l++)
			nall += *l == ' ';
	}
	v = xreallocarray(NULL, nall ? nall : 1, sizeof *v);
	/* Each dated mail on each of its lists (a cross-post counts on each). */
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		const char *l = m->lists;

		if (!m->present || m->date == NODATE)
			continue;
		do {
			size_t k = strcspn(l, " ");

			v[n].list = list_index(md, l, k);
			v[n++].date = m->date;
			l += k;
			while (*l == ' ')
				l++;
		} while (*l);
	}
	if (n)
		qsort(v, n, sizeof *v, cmp_lmail);
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i; j < n && v[j].list == v[i].list; j++)
			;
		list_spans(&md->lc[v[i].list], v + i, j - i);
	}
	free(v);

	/* The union: every list's spans, sorted and merged where they overlap. */
	for (size_t i = 0; i < md->nlc; i++)
		for (size_t k = 0; k < md->lc[i].ns; k++) {
			md->cov = xreallocarray(md->cov, md->ncov + 1, sizeof *md->cov);
			md->cov[md->ncov++] = md->lc[i].s[k];
		}
	if (md->ncov) {
		size_t k = 0;

		qsort(md->cov, md->ncov, sizeof *md->cov, cmp_span);
		for (size_t i = 1; i < md->ncov; i++) {
			if (md->cov[i].from <= md->cov[k].to) {
				if (md->cov[i].to > md->cov[k].to)
					md->cov[k].to = md->cov[i].to;
			} else {
				md->cov[++k] = md->cov[i];
			}
		}
		md->ncov = k + 1;
	}
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		if (!m->present || m->date == NODATE)
			continue;
		if (span_of(md->cov, md->ncov, m->date) < md->ncov) {
			md->cov_in++;
			continue;
		}
		md->cov_out++;
		if (md->out_first == NODATE || m->date < md->out_first)
			md->out_first = m->date;
		if (md->out_last == NODATE || m->date > md->out_last)
			md->out_last = m->date;
	}
}

int64_t
cover_deadline(const struct model *md, const struct mail *m, int64_t *endp, int64_t *gracep)
{
	const char *l = m->lists;
	int64_t best = NODATE;
	uint32_t li;

	if (m->date == NODATE)
		return NODATE;
	while (list_next(md, &l, &li)) {
		if (li != NONE) {
			const struct listcov *lc = &md->lc[li];
			size_t lo = 0, hi = lc->ns;

			while (lo < hi) {
				size_t mid = (lo + hi) / 2;

				if (lc->s[mid].from <= m->date)
					lo = mid + 1;
				else
					hi = mid;
			}
			if (lo > 0) {
				/*
				 * Where the project's archives together stop covering:
				 * a list that ended as another went on (the project
				 * moved) does not end the coverage of its patches.
				 */
				int64_t end = lc->s[lo - 1].to;
				size_t u = span_of(md->cov, md->ncov, end);

				if (u < md->ncov)
					end = md->cov[u].to;
				if (best == NODATE || end - lc->grace > best) {
					best = end - lc->grace;
					*endp = end;
					*gracep = lc->grace;
				}
			}
		}
	}
	return best;
}

void
spans_text(struct buf *b, const struct span *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char a[21], z[21];

		iso_utc(a, v[i].from);
		iso_utc(z, v[i].to);
		buf_addf(b, "%s%.10s .. %.10s", i ? ", " : "", a, z);
	}
}

void
coverage_text(const struct model *md, struct buf *b)
{
	char a[21], z[21];

	if (!md->ncov) {
		buf_addstr(b, "none (no dated mail)");
		return;
	}
	spans_text(b, md->cov, md->ncov);
	if (!md->cov_out) {
		buf_addstr(b, " (every mail inside)");
		return;
	}
	iso_utc(a, md->out_first);
	iso_utc(z, md->out_last);
	if (md->cov_out == 1)
		buf_addf(b, " (1 mail dated %.10s outside)", a);
	else if (!strncmp(a, z, 10))
		buf_addf(b, " (%lu mails dated %.10s outside)", md->cov_out, a);
	else
		buf_addf(b, " (%lu mails dated %.10s .. %.10s outside)", md->cov_out, a, z);
}
