/*
 * postlines.c - an off-list commit whose lines a posting of its author
 * holds: a patch split in two commits when it went in (the other in
 * the posting's cluster, or neither), or a next version pushed without
 * being posted again (the posted lines and more fixes, under a new
 * title).  Its cluster lacks the posting because the scores weigh the
 * whole of both diffs; the lines say it was posted.  The patch tables
 * are read again in carried.c's passes: the candidates' own rows, and
 * the rows of their authors' patch mails before them on their files.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "tsv.h"
#include "util.h"

/*
 * Lines read of a row: its distinctive added and removed ones (hashed,
 * sorted); of the added, those it does not remove too (its own change),
 * and all (a pure move is its own change).
 */
struct plines {
	uint64_t *add, *rm, *all;
	uint32_t nadd, nrm, nall, capadd, caprm;
	int read;
};

struct poster {
	struct model *md;
	uint32_t *cand;          /* the off-list commits judged */
	size_t ncand;
	struct hmap rows;        /* id -> struct plines *: the candidates' and their mails' */
	struct buf w, raw;
};

/*
 * The patch mails that may hold commit c's lines: its author's, before
 * it, on a file of it; not merged, or merged by a commit of the same
 * push (committed within SPLIT_DAYS of it: the other half of a split).
 * A posting merged long before is code the commit moves or mends.
 */
#define SPLIT_DAYS 2
static int
may_hold(const struct model *md, const struct commit *c, const struct mail *m)
{
	int64_t at = c->date != NODATE ? c->date : c->cdate;
	const struct cluster *k = m->cluster != NONE ? &md->clusters[m->cluster] : NULL;

	if (k && k->first_commit != NONE) {
		int64_t d = md->commits[k->first_commit].cdate - c->cdate;

		if (md->commits[k->first_commit].cdate == NODATE || d > (int64_t)SPLIT_DAYS * DAY ||
		    d < -(int64_t)SPLIT_DAYS * DAY)
			return 0;
	}
	return m->present && m->type == MT_PATCH && !m->foreign && m->date != NODATE &&
	    m->date <= c->cdate && m->date >= at - (int64_t)CARRY_DAYS * DAY &&
	    m->files && c->files && shares_file(m->files, c->files);
}

static struct plines *
want(struct poster *ps, const char *id)
{
	int isnew;
	struct hent *e = hmap_put(&ps->rows, id, strlen(id), &isnew);

	if (isnew)
		e->val = xcalloc(1, sizeof(struct plines));
	return e->val;
}

struct poster *
postlines_begin(struct model *md)
{
	struct poster *ps = xcalloc(1, sizeof *ps);
	size_t cap = 0;

	ps->md = md;
	for (size_t i = 0; i < md->ncommits; i++) {
		const struct commit *c = &md->commits[i];
		const uint32_t *v;
		size_t n;
		int any = 0;

		/* An import from another tree was posted there (ported), not here. */
		if (!c->present || c->skip || c->side || c->split || c->cdate == NODATE ||
		    !c->files || !*c->author || (c->imported && *c->imported) ||
		    ported_from(md, c) || !offlist_mails(md, (uint32_t)i))
			continue;
		n = address_mails(md, c->author, &v);
		for (size_t j = 0; j < n; j++)
			if (may_hold(md, c, &md->mails[v[j]])) {
				want(ps, md->mails[v[j]].id);
				any = 1;
			}
		if (!any)
			continue;
		ps->cand = xgrow(ps->cand, &cap, ps->ncand, 16, sizeof *ps->cand);
		ps->cand[ps->ncand++] = (uint32_t)i;
		want(ps, c->id);
	}
	if (!ps->ncand) {
		postlines_end(md, ps);
		return NULL;
	}
	return ps;
}

/*
 * Its own added lines: those of a[0..na) (sorted) it does not remove too
 * (rm, sorted): code it moves or re-indents is no change of its own.
 * How many are left, a[] compacted.
 */
static uint32_t
own_lines(uint64_t *a, uint32_t na, const uint64_t *rm, uint32_t nrm)
{
	uint32_t k = 0, j = 0;

	for (uint32_t i = 0; i < na; i++) {
		while (j < nrm && rm[j] < a[i])
			j++;
		if (j < nrm && rm[j] == a[i])
			continue;
		a[k++] = a[i];
	}
	return k;
}

void
postlines_row(struct poster *ps, const struct prow *p)
{
	const struct tsv_reader *r = p->r;
	struct hent *e;
	struct plines *l;
	const char *hs;
	size_t hn;

	if (!(e = hmap_get(&ps->rows, r->f[p->cid].s, r->f[p->cid].len)))
		return;
	l = e->val;
	if (l->read || !(hs = hunks_of(r, p->chunks, &ps->raw, &hn)))
		return;
	l->read = 1;
	l->nadd = some_lines(hs, hn, '+', &l->add, &l->capadd, &ps->w);
	l->nrm = some_lines(hs, hn, '-', &l->rm, &l->caprm, &ps->w);
	l->nall = l->nadd;
	if (l->nadd) {
		l->all = xreallocarray(NULL, l->nadd, sizeof *l->all);
		memcpy(l->all, l->add, l->nadd * sizeof *l->all);
	}
	l->nadd = own_lines(l->add, l->nadd, l->rm, l->nrm);
}

/*
 * Does one side (a: its lines) lie in the other (b), as lines_carried()
 * says of its own added lines (a change with CARRY_MIN lines added and
 * removed together at least); a move (no line of its own), of the lines
 * it moves?
 */
static int
lies_in(const struct plines *a, const struct plines *b)
{
	if (!a->nadd && a->nall >= CARRY_MIN)
		return lines_carried(a->nall, common(a->all, a->nall, b->all, b->nall),
		    NULL, 0, NULL, 0);
	return a->nadd && a->nadd + a->nrm >= CARRY_MIN &&
	    lines_carried(a->nadd, common(a->add, a->nadd, b->add, b->nadd), a->rm, a->nrm,
	    b->rm, b->nrm);
}

/*
 * Do both replace the same lines: CARRY_SHARE of the distinctive lines
 * each removes (CARRY_MIN at least) are the other's, and each adds some?
 * The same change made another way: a committer's rework of the posting
 * (a table rewritten where the posting dropped a column of it).  A
 * removal alone (a test deleted where the posting rewrote it) is none.
 */
static int
same_removal(const struct plines *a, const struct plines *b)
{
	uint32_t n;

	if (a->nrm < CARRY_MIN || b->nrm < CARRY_MIN || !a->nall || !b->nall)
		return 0;
	n = common(a->rm, a->nrm, b->rm, b->nrm);
	return n >= CARRY_MIN && n >= CARRY_SHARE * a->nrm && n >= CARRY_SHARE * b->nrm;
}

/*
 * A mail of the thread of its author's posting names commit ci by its
 * hash after it was written ("merged as 5c60b7230"): that posting, or
 * NONE.  The posting is the patch the mail answers, or a part of the
 * cover letter it answers, that may hold the commit, was never merged
 * and changes every file the commit changes: the posting reworked on
 * review and pushed.  A commit named in a merged posting's thread is
 * another change (a fix of its build, a follow-up), a revert one of its
 * own.
 */
static uint32_t
named_posting(const struct model *md, uint32_t ci, const uint32_t *v, size_t n)
{
	const struct commit *c = &md->commits[ci];
	uint32_t x = named_in_reply(md, ci), t;

	if (x == NONE || (t = md->mails[x].tgt) == NONE ||
	    revert_commit(c))
		return NONE;
	for (size_t j = 0; j < n; j++) {
		const struct mail *m = &md->mails[v[j]];

		if ((v[j] == t || (md->mails[t].type == MT_COVER && m->tgt == t)) &&
		    may_hold(md, c, m) && (m->cluster == NONE ||
		    md->clusters[m->cluster].first_commit == NONE) &&
		    covers_files(m->files, c->files))
			return v[j];
	}
	return NONE;
}

static const struct plines *
lines_of(const struct poster *ps, const char *id)
{
	const struct hent *e = hmap_get(&ps->rows, id, strlen(id));
	const struct plines *l = e ? e->val : NULL;

	return l && l->read ? l : NULL;
}

void
postlines_end(struct model *md, struct poster *ps)
{
	if (!ps)
		return;
	for (size_t i = 0; i < ps->ncand; i++) {
		struct commit *c = &md->commits[ps->cand[i]];
		const struct plines *cl = lines_of(ps, c->id), *ml;
		const uint32_t *v;
		size_t n = address_mails(md, c->author, &v);
		uint32_t best = NONE;

		/* The latest posting that holds its lines, or that its lines hold. */
		for (size_t j = 0; cl && j < n; j++)
			if (may_hold(md, c, &md->mails[v[j]]) &&
			    (ml = lines_of(ps, md->mails[v[j]].id)) &&
			    (lies_in(cl, ml) || lies_in(ml, cl) || same_removal(cl, ml)) &&
			    (best == NONE || cmp_date_id(md, v[j], best) > 0))
				best = v[j];
		if (best != NONE) {
			c->split = 3;
			c->postby = best;
		} else if ((best = named_posting(md, ps->cand[i], v, n)) != NONE) {
			c->split = 4;
			c->postby = best;
		}
	}
	for (size_t i = 0; i < ps->rows.cap; i++)
		if (ps->rows.e[i].key) {
			struct plines *l = ps->rows.e[i].val;

			free(l->add);
			free(l->rm);
			free(l->all);
			free(l);
		}
	hmap_free(&ps->rows);
	free(ps->cand);
	buf_free(&ps->w);
	buf_free(&ps->raw);
	free(ps);
}
