/*
 * verdict.c - which mails are patches for the project, which got a
 * response, which were ignored (method.md §5).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "ptreport.h"
#include "util.h"

/*
 * One person: the same address, or the same name (an author who posts
 * from home and from work).  Strings are interned.
 */
int
by_person(const struct mail *r, const char *addr, const char *who)
{
	return r->from == addr || (*who && r->who == who);
}

static int
same_person(const struct mail *a, const struct mail *b)
{
	return by_person(a, b->from, b->who);
}

/* Is a earlier than b: by date, then by id (no date first)? */
static int
earlier(const struct mail *a, const struct mail *b)
{
	if (a->date != b->date)
		return a->date < b->date;
	return strcmp(a->id, b->id) < 0;
}

/*
 * The earliest response, not the first read, so that the order of the
 * rows does not change the answer.
 */
uint32_t
responder(struct model *md, uint32_t mi)
{
	const struct thread *t = &md->th[thread_of(md, mi)];
	uint32_t best = NONE;

	for (uint32_t r = t->resp; r != NONE; r = md->m[r].rnext)
		if (!same_person(&md->m[r], &md->m[mi]) &&
		    (best == NONE || earlier(&md->m[r], &md->m[best])))
			best = r;
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
	const struct mail *m = &md->m[mi];
	size_t n;

	if (!md->mark)
		md->mark = xcalloc(md->nm ? md->nm : 1, sizeof *md->mark);
	/* A new stamp for each call; when the counter wraps, clear the marks. */
	if (++md->stamp == 0) {
		memset(md->mark, 0, md->nm * sizeof *md->mark);
		md->stamp = 1;
	}
	n = take_thread(md, mi, v, cap, 0);
	if (m->cluster != NONE)
		for (uint32_t x = md->k[m->cluster].mail; x != NONE; x = md->m[x].cnext)
			if (md->m[x].present)
				n = take_thread(md, x, v, cap, n);
	return n;
}

uint32_t
first_response(struct model *md, uint32_t mi, const uint32_t *roots, size_t n,
    const char *const *byaddr, const char *const *bywho, size_t nby)
{
	const struct mail *m = &md->m[mi];
	uint32_t best = NONE;

	if (m->date == NODATE)
		return NONE;
	for (size_t i = 0; i < n; i++) {
		/* Each thread lists its responses by date, then id: the first fit is its earliest. */
		for (uint32_t r = md->th[roots[i]].resp; r != NONE; r = md->m[r].rnext) {
			const struct mail *x = &md->m[r];
			int fit = nby == 0;

			if (x->date < m->date || same_person(x, m))
				continue;
			for (size_t k = 0; k < nby && !fit; k++)
				fit = by_person(x, byaddr[k], bywho[k]);
			if (!fit)
				continue;
			if (best == NONE || earlier(x, &md->m[best]))
				best = r;
			break;
		}
	}
	return best;
}

int
responded(struct model *md, uint32_t mi)
{
	const struct thread *t = &md->th[thread_of(md, mi)];

	for (uint32_t r = t->resp; r != NONE; r = md->m[r].rnext)
		if (!same_person(&md->m[r], &md->m[mi]))
			return 1;
	return 0;
}

/*
 * The thread root, or a direct reply to it (1/N under its 0/N cover).
 * A parent missing from the archive is one level: it existed.
 */
int
shallow(const struct model *md, uint32_t mi)
{
	uint32_t p = md->m[mi].parent;

	if (p == NONE || p == mi)
		return 1;
	p = md->m[p].parent;
	return p == NONE || p == mi || p == md->m[mi].parent;
}

int
in_scope(const struct scope *sc, int64_t d)
{
	if (d == NODATE)
		return sc->since == NODATE && sc->until == NODATE;
	return (sc->since == NODATE || d >= sc->since) &&
	    (sc->until == NODATE || d <= sc->until);
}

void
verdicts(struct model *md, const struct scope *sc)
{
	unsigned long nseries = 0, nleft = 0;

	for (size_t i = 0; i < md->nm; i++) {
		struct mail *m = &md->m[i];

		m->project = m->present && m->type == MT_PATCH && !m->process &&
		    !m->foreign && shallow(md, (uint32_t)i) && in_scope(sc, m->date);
		if (m->project) {
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
		for (size_t i = 0; i < md->nm; i++) {
			struct mail *m = &md->m[i];
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

	for (size_t i = 0; i < md->nk; i++) {
		struct cluster *k = &md->k[i];

		for (uint32_t x = k->mail; x != NONE; x = md->m[x].cnext)
			if (md->m[x].present && responded(md, x)) {
				k->responded = 1;
				break;
			}
	}
	for (size_t i = 0; i < md->nm; i++) {
		struct mail *m = &md->m[i];
		const struct cluster *k = m->cluster != NONE ? &md->k[m->cluster] : NULL;

		m->ignored = m->project && !responded(md, (uint32_t)i) &&
		    !(k && (k->ncommits || k->responded));
	}

	/* Time to first response: its thread and those of its other versions. */
	{
		uint32_t *roots = NULL;
		size_t cap = 0;

		for (size_t i = 0; i < md->nm; i++) {
			size_t n;

			if (!md->m[i].project)
				continue;
			n = answer_threads(md, (uint32_t)i, &roots, &cap);
			md->m[i].fresp = first_response(md, (uint32_t)i, roots, n, NULL, NULL, 0);
		}
		free(roots);
	}
}
