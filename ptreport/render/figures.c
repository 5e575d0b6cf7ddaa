/*
 * figures.c - what the reports share: mails in date order, percentiles,
 * hours, time to first response, shares, whether a patch was merged or
 * posted, the people of its MAINTAINERS sections.
 */
#define _POSIX_C_SOURCE 200809L
#include <regex.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mailmap.h"
#include "ptreport.h"
#include "text.h"
#include "util.h"

int
cmp_date_id(const struct model *md, uint32_t a, uint32_t b)
{
	const struct mail *x = &md->mails[a], *y = &md->mails[b];

	if (x->date != y->date)
		return x->date < y->date ? -1 : 1;
	return strcmp(x->id, y->id);
}

/* qsort has no context argument; the reports run one at a time. */
const struct model *sort_md;

static int
cmp_mail(const void *a, const void *b)
{
	return cmp_date_id(sort_md, *(const uint32_t *)a, *(const uint32_t *)b);
}

int
cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

void
sort_mails(const struct model *md, uint32_t *v, size_t n)
{
	sort_md = md;
	qsort(v, n, sizeof *v, cmp_mail);
}

/* In whole numbers: no rounding of q * n decides a rank.  n > 0. */
int64_t
nearest_rank(const int64_t *v, size_t n, unsigned pct)
{
	size_t k = (pct * n + 99) / 100;

	if (k < 1)
		k = 1;
	if (k > n)
		k = n;
	return v[k - 1];
}

void
hours(char out[32], int64_t secs)
{
	int64_t t = ((secs < 0 ? -secs : secs) + 180) / 360;

	snprintf(out, 32, "%s%lld.%lld", secs < 0 && t ? "-" : "", (long long)(t / 10),
	    (long long)(t % 10));
}

/* Seconds from patch m to its first response, or NODATE. */
const struct cluster *
cluster_at(const struct model *md, uint32_t k)
{
	return k != NONE ? &md->clusters[k] : NULL;
}

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

/* A grace line as a note on stderr. */
void
grace_note(const char *days, const char *how, void *arg)
{
	(void)arg;
	warnx("grace %s days on %s", days, how);
}

void
coverage_note(const struct model *md)
{
	struct buf b = BUF_INIT;

	coverage_text(md, &b);
	warnx("coverage %s", b.p);
	buf_free(&b);
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

int
merged(const struct model *md, const struct mail *m)
{
	/* A maintainer's correction says whether it was. */
	if (m->corrected)
		return m->verdict == V_MERGED;
	return m->cluster != NONE && md->clusters[m->cluster].ncommits > 0;
}

/*
 * Was mail m a posting of its patch on the list, seen by the list's
 * people: any mail but a bot's, a pull request, and a linux-next or
 * stable-review copy.  An RFC is one: it was discussed on the list, even
 * though it is no patch for the project.
 */
int
posted(const struct mail *m)
{
	return m->type != MT_BOT && m->type != MT_PULL && !m->review;
}
