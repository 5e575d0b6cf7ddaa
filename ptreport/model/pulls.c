/*
 * pulls.c - the commits of a forge's pull requests the main line lacks
 * (git2tsv --pulls): a patch posted to the list and opened as a pull
 * request too, and a commit of the main line that came by one, rebased
 * (its title and author those of a pull request's commit).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "readers.h"
#include "person.h"
#include "tables.h"
#include "util.h"

void
load_pulls(struct model *md, struct tsv_reader *r)
{
	int cpull = table_need(r, TABLE_PULLS, COL_PULL);
	int cid = table_need(r, TABLE_PULLS, COL_ID);
	int cdate = table_col(r, TABLE_PULLS, COL_DATE);
	int cname = table_col(r, TABLE_PULLS, COL_FROM_NAME);
	int caddr = table_col(r, TABLE_PULLS, COL_FROM_ADDR);
	int csubj = table_col(r, TABLE_PULLS, COL_SUBJECT);
	int got;

	while ((got = tsv_read(r)) != 0) {
		struct pullc *p;
		const char *s;
		size_t n;
		long k;
		int64_t d;

		int u = row_usable(md, r, got, cid);

		if (u < 0)
			break;
		if (!u)
			continue;
		/* A bad date is named and counted by date_of(); a bad number here. */
		if (date_of(md, r, cdate, &d) < 0)
			continue;
		s = fld(r, cpull, &n);
		if (parse_long(s, 1, 1000000000L, &k)) {
			md->nbad++;
			warnx("%s:%lu: column pull: not a pull request's number (1 or more): %.40s "
			    "(row left out)", r->name, r->lineno, s);
			continue;
		}
		md->pulls = xgrow(md->pulls, &md->cappulls, md->npulls, 64, sizeof *md->pulls);
		p = &md->pulls[md->npulls++];
		p->pull = (unsigned long)k;
		p->date = d;
		p->id = intern(&md->pool, r->f[cid].s, r->f[cid].len);
		s = fld(r, caddr, &n);
		p->author = intern_lower(&md->pool, s, n);
		s = fld(r, cname, &n);
		p->aname = intern_lower(&md->pool, s, n);
		s = fld(r, csubj, &n);
		p->subject = intern(&md->pool, s, n);
		p->ntitle = p->nsummary = "";
	}
}

static const struct model *bydate_md;

static int
cmp_bydate(const void *a, const void *b)
{
	const struct pullc *x = &bydate_md->pulls[*(const uint32_t *)a];
	const struct pullc *y = &bydate_md->pulls[*(const uint32_t *)b];

	if (x->date != y->date)
		return x->date < y->date ? -1 : 1;
	if (x->pull != y->pull)
		return x->pull < y->pull ? -1 : 1;
	return strcmp(x->id, y->id);
}

/* The rows by their title words (titles_finish() gave them), and by date. */
void
pulls_index(struct model *md)
{
	md->pbydate = xreallocarray(NULL, md->npulls ? md->npulls : 1, sizeof *md->pbydate);
	for (size_t i = 0; i < md->npulls; i++)
		md->pbydate[i] = (uint32_t)i;
	bydate_md = md;
	if (md->npulls)
		qsort(md->pbydate, md->npulls, sizeof *md->pbydate, cmp_bydate);
	for (size_t i = 0; i < md->npulls; i++) {
		struct pullc *p = &md->pulls[i];
		struct hent *e;
		int isnew;

		p->next = p->snext = NONE;
		if (*p->nsummary) {
			e = hmap_put(&md->pullsum, p->nsummary, strlen(p->nsummary), &isnew);
			if (!isnew)
				p->snext = (uint32_t)((uintptr_t)e->val - 1);
			e->val = (void *)(uintptr_t)(i + 1);
		}
		if (!*p->ntitle)
			continue;
		e = hmap_put(&md->pulltitle, p->ntitle, strlen(p->ntitle), &isnew);
		if (!isnew)
			p->next = (uint32_t)((uintptr_t)e->val - 1);
		e->val = (void *)(uintptr_t)(i + 1);
	}
}

/* The best of the rows chained from e (by next, or snext when bysum): see pull_like(). */
static uint32_t
pull_best(const struct model *md, const struct hent *e, int bysum, const char *addr,
    const char *who, int64_t date)
{
	uint32_t best = NONE;

	for (uint32_t i = (uint32_t)((uintptr_t)e->val - 1); i != NONE;
	    i = bysum ? md->pulls[i].snext : md->pulls[i].next) {
		const struct pullc *p = &md->pulls[i];
		int64_t dt = p->date - date;
		const char *w = bysum ? p->nsummary : p->ntitle, *sp = strchr(w, ' ');

		/*
		 * Written before the mail, under a title of three words or
		 * more: the commit it was made from, however long before it
		 * was posted (a rebase keeps its author date).
		 */
		if (dt < 0)
			dt = sp && strchr(sp + 1, ' ') ? 0 : -dt;
		if (date == NODATE || p->date == NODATE || dt > (int64_t)FAM_DAYS * DAY ||
		    !one_person(addr, who, p->author, p->aname, 0))
			continue;
		if (best == NONE || p->pull < md->pulls[best].pull ||
		    (p->pull == md->pulls[best].pull && strcmp(p->id, md->pulls[best].id) < 0))
			best = i;
	}
	return best;
}

uint32_t
pull_like(const struct model *md, const char *ntitle, const char *addr, const char *who,
    int64_t date)
{
	struct hent *e;

	if (!md->npulls || !ntitle || !*ntitle ||
	    !(e = hmap_get(&md->pulltitle, ntitle, strlen(ntitle))))
		return NONE;
	return pull_best(md, e, 0, addr, who, date);
}

uint32_t
pull_like_summary(const struct model *md, const char *nsummary, const char *addr,
    const char *who, int64_t date)
{
	struct hent *e;
	const char *sp;

	/* Three words at least: "fix typo" names nothing. */
	if (!md->npulls || !nsummary || !(sp = strchr(nsummary, ' ')) || !strchr(sp + 1, ' ') ||
	    !(e = hmap_get(&md->pullsum, nsummary, strlen(nsummary))))
		return NONE;
	return pull_best(md, e, 1, addr, who, date);
}

uint32_t
pull_same(const struct model *md, const char *addr, const char *who, int64_t date,
    const char *ntitle)
{
	size_t lo = 0, hi = md->npulls, most = 0;
	uint32_t best = NONE;

	if (!md->npulls || date == NODATE)
		return NONE;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (md->pulls[md->pbydate[mid]].date < date)
			lo = mid + 1;
		else
			hi = mid;
	}
	/*
	 * By date, then pull request: the first of that person is the
	 * lowest; of several commits written that second (a script's
	 * series), the one whose title shares most words with ntitle.
	 */
	for (; lo < md->npulls && md->pulls[md->pbydate[lo]].date == date; lo++) {
		const struct pullc *p = &md->pulls[md->pbydate[lo]];
		size_t w;

		if (!one_person(addr, who, p->author, p->aname, 0))
			continue;
		w = ntitle ? words_shared(ntitle, p->ntitle, 1) : 0;
		if (best == NONE || w > most) {
			best = md->pbydate[lo];
			most = w;
		}
	}
	return best;
}
