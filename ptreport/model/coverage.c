/*
 * coverage.c - which dates the archive really covers, per list and
 * together (for off-list commits and patches too new to judge), and
 * until when a patch could still be answered.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "order.h"
#include "model.h"
#include "text.h"
#include "util.h"

/* A dated mail on one of its lists, sorted by list, then date. */
struct lmail {
	uint32_t list;
	int64_t date;
};

static int
cmp_lmail(const void *a, const void *b)
{
	const struct lmail *x = a, *y = b;
	int c = cmp_uint(x->list, y->list);

	return c ? c : cmp_int(x->date, y->date);
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
	int c = cmp_int(x->from, y->from);

	return c ? c : cmp_int(x->to, y->to);
}

size_t
spans_merge(struct span *v, size_t n)
{
	size_t k = 0;

	if (!n)
		return 0;
	qsort(v, n, sizeof *v, cmp_span);
	for (size_t i = 1; i < n; i++) {
		if (v[i].from <= v[k].to) {
			if (v[i].to > v[k].to)
				v[k].to = v[i].to;
		} else {
			v[++k] = v[i];
		}
	}
	return k + 1;
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
		int64_t m = day_month(v[i].date);

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
			v = xgrow(v, &cap, n, 16, sizeof *v);
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
	md->ncov = spans_merge(md->cov, md->ncov);
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

int
list_next(const struct model *md, const char **l, uint32_t *lc)
{
	const char *s = *l;
	size_t k;
	struct hent *e;

	if (!s)
		return 0;
	k = strcspn(s, " ");
	e = hmap_get(&md->lcid, s, k);
	s += k;
	while (*s == ' ')
		s++;
	*l = *s ? s : NULL;
	*lc = e ? (uint32_t)((uintptr_t)e->val - 1) : NONE;
	return 1;
}

void
coverage_note(const struct model *md)
{
	struct buf b = BUF_INIT;

	coverage_text(md, &b);
	warnx("coverage %s", b.p);
	buf_free(&b);
}
