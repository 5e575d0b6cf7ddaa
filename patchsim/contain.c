/*
 * contain.c - one person's patch found again in a commit of his under
 * other files, another title or among more changes (a squash, a file
 * renamed or mistyped, prose moved into another document): how many
 * of the smaller patch's runs of added words (shingle.c) the other
 * holds.
 */
#define _POSIX_C_SOURCE 200809L
#include "day.h"
#include "patchsim.h"
#include "person.h"
#include "via.h"

/* Runs of the smaller patch the share is judged on, at least. */
#define CONTAIN_MIN 16
/* Days the commit may follow the mail, at most, and precede it (a reset author date). */
#define CONTAIN_DAYS 365
#define CONTAIN_BEFORE 1

/*
 * Is the smaller patch's sample (its runs under both rows' bounds, at
 * least CONTAIN_MIN) held, share of it at least, by the other?
 */
static int
holds(const struct row *a, const struct row *b, double share)
{
	const struct row *s = a->nshall <= b->nshall ? a : b, *t = s == a ? b : a;
	uint64_t bound = a->shmax < b->shmax ? a->shmax : b->shmax;
	size_t n = 0, lo = 0, hi = s->nsh, miss = 0;

	/* The sample: the smaller's runs up to the bound (sorted: a search). */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->sh[mid] <= bound)
			lo = mid + 1;
		else
			hi = mid;
	}
	n = lo;
	if (n < CONTAIN_MIN)
		return 0;
	/* No, once the runs left cannot make share of n. */
	for (uint32_t i = 0, k = 0; i < n; i++) {
		while (k < t->nsh && t->sh[k] < s->sh[i])
			k++;
		if (!(k < t->nsh && t->sh[k] == s->sh[i]) &&
		    (double)(n - ++miss) < share * (double)n)
			return 0;
	}
	return 1;
}

/*
 * A mail and a commit dated from CONTAIN_BEFORE days before the mail to
 * CONTAIN_DAYS after it; a diff in a reply is talk.
 */
int
contain_dates(const struct row *l, const struct row *r)
{
	const struct row *m = l->commit ? r : l, *c = l->commit ? l : r;

	if (l->commit == r->commit || m->reply || !m->has_date || !c->has_date)
		return 0;
	return c->date >= m->date - (int64_t)CONTAIN_BEFORE * DAY &&
	    c->date - m->date <= (int64_t)CONTAIN_DAYS * DAY;
}

/*
 * Is a mail's patch contained in a commit of its author's (or one
 * crediting him), in contain_dates(): VIA_CONTAINED.
 */
int
contained(struct job *j, struct row *l, struct row *r)
{
	struct row *m = l->commit ? r : l, *c = l->commit ? l : r;

	if (!j->o->shingle || !contain_dates(l, r))
		return 0;
	if (!one_person(m->author, m->name, c->author, c->name, 0) && !credits_person(c, m))
		return 0;
	ready_shingles(j, l);
	ready_shingles(j, r);
	return holds(l, r, j->o->contain) ? VIA_CONTAINED : 0;
}

/*
 * Can a mail of one table meet a commit of the other (either way)?
 * Else no pair is contained, and no row need take its runs of words.
 */
int
can_contain(const struct table *L, const struct table *R)
{
	int kinds[2][2] = { { 0, 0 }, { 0, 0 } };

	for (size_t i = 0; i < L->n; i++)
		kinds[0][L->r[i].commit ? 1 : 0] = 1;
	for (size_t i = 0; i < R->n; i++)
		kinds[1][R->r[i].commit ? 1 : 0] = 1;
	return (kinds[0][0] && kinds[1][1]) || (kinds[0][1] && kinds[1][0]);
}
