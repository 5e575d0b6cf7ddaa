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
static int
same_person(const struct mail *a, const struct mail *b)
{
	return a->from == b->from || (*a->who && a->who == b->who);
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
}
