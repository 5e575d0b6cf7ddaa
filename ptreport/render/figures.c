/*
 * figures.c - what the reports share: time to first response, shares,
 * tallies, hours as cells, the tables a report needs, the people of a
 * patch's MAINTAINERS sections and its recipients, an address given as
 * the tables hold it.  (Mails in date order, percentiles and whether a
 * patch was merged or posted are model.c's: the verdicts read them too.)
 */
#define _POSIX_C_SOURCE 200809L
#include <regex.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/mailmap.h"
#include "report.h"
#include "text.h"
#include "util.h"

/* Seconds from patch m to its first response, or NODATE. */
int64_t
ttfr(const struct model *md, const struct mail *m)
{
	return m->fresp != NONE ? md->mails[m->fresp].date - m->date : NODATE;
}

int
cmp_tally(const void *a, const void *b)
{
	const struct tally *x = a, *y = b;

	if (x->n != y->n)
		return x->n > y->n ? -1 : 1;
	return strcmp(x->key, y->key);
}

/* A cell of hours, or empty for no time. */
void
out_hours(struct out *o, int64_t secs)
{
	out_time(o, secs, hours);
}

/* The median of sorted v[0..n) in hours, or empty when n is 0. */
void
out_median(struct out *o, const int64_t *v, size_t n, unsigned pct)
{
	out_hours(o, n ? nearest_rank(v, n, pct) : NODATE);
}

double
share(unsigned long part, unsigned long whole)
{
	return whole ? (double)part / (double)whole : 0.0;
}

void
need(const struct model *md, int mails, int commits, int clusters, const char *what)
{
	if (mails && !md->has_mails)
		die("%s needs a mails table (mbox2tsv output)", what);
	if (commits && !md->has_commits)
		die("%s needs a commits table (git2tsv output)", what);
	if (clusters && !md->has_clusters)
		die("%s needs a clusters table (ptcluster output)", what);
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * The M and R addresses of the sections responsible for patch m, sorted
 * and each once, into *v (reallocated); how many.
 */
size_t
maint_people(const struct mail *m, const char ***v)
{
	size_t n = 0, k = 0;

	for (uint32_t s = 0; s < m->nsect; s++)
		n += m->sect[s]->ne;
	*v = xreallocarray(*v, n ? n : 1, sizeof **v);
	n = 0;
	for (uint32_t s = 0; s < m->nsect; s++)
		for (uint32_t e = 0; e < m->sect[s]->ne; e++)
			if (m->sect[s]->e[e].role != 'L')
				(*v)[n++] = m->sect[s]->e[e].addr;
	if (n)
		qsort(*v, n, sizeof **v, cmp_str);
	for (size_t i = 0; i < n; i++)
		if (!k || (*v)[k - 1] != (*v)[i])
			(*v)[k++] = (*v)[i];
	return k;
}

size_t
waits_on(const struct mail *m, const char ***v)
{
	size_t n = maint_people(m, v), k = 0;

	for (size_t i = 0; i < n; i++)
		if (strcmp((*v)[i], m->from))
			(*v)[k++] = (*v)[i];
	return k;
}

const char *
person_address(struct model *md, const char *p, size_t k)
{
	const char *name, *addr;
	size_t nlen, alen;

	if (md->mm && mailmap_map(md->mm, NULL, 0, p, k, &name, &nlen, &addr, &alen) && addr)
		return intern_lower(&md->pool, addr, alen);
	return intern_lower(&md->pool, p, k);
}

void
rcpt_text(const struct mail *m, struct buf *b)
{
	for (uint32_t x = 0; x < m->nrcpt; x++)
		buf_addf(b, "%s%s", x ? " " : "", m->rcpt[x]);
}

size_t
maint_text(const struct mail *m, struct buf *b)
{
	const char **mr = NULL;
	size_t n = maint_people(m, &mr);

	for (size_t x = 0; x < n; x++)
		buf_addf(b, "%s%s", x ? " " : "", mr[x]);
	free(mr);
	return n;
}
