/*
 * replypost.c - the pairs tables (patchsim's), read once with the
 * model: commits posted in a reply, an off-list commit whose diff its
 * author sent inside an answer (a draft in a review, a patch attached
 * to "Re: [ANNOUNCE] ..."), the matching joining patch mails only; the
 * pairs of patches' families (family.c); and, for why, the pairs of the
 * members of one cluster.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "person.h"
#include "model.h"
#include "order.h"
#include "tables.h"
#include "text.h"
#include "tsv.h"
#include "util.h"

/* How alike a reply's diff and the commit's are, at least: hunk by hunk, and whole files. */
#define RPOST_DIFF 0.8
#define RPOST_FDIFF 0.8

/*
 * The pair of row r (columns l, rt, d, f), if it is a reply's diff and
 * a commit's of its sender (or crediting him: Reported-by,
 * Suggested-by), alike enough: the commit, its reply into
 * *mi and their fdiff into *q; else NULL.
 */
static struct commit *
pair_of(const struct model *md, const struct tsv_reader *r, int l, int rt, int d, int f,
    uint32_t *mi, double *q)
{
	const struct mail *m;
	struct commit *c;
	double dv, fv;

	if (parse_unit(r->f[d].s, &dv) < 0 || parse_unit(r->f[f].s, &fv) < 0 ||
	    dv < RPOST_DIFF || fv < RPOST_FDIFF)
		return NULL;	/* (a value not a number: named by the caller) */
	m = mail_by_id(md, r->f[l].s, r->f[l].len);
	c = commit_by_id(md, r->f[rt].s, r->f[rt].len);
	if (!m || !c) {
		m = mail_by_id(md, r->f[rt].s, r->f[rt].len);
		c = commit_by_id(md, r->f[l].s, r->f[l].len);
	}
	if (!m || !c || !m->present || m->type != MT_REPLY ||
	    !(one_person(m->from, m->who, c->author, c->aname, 0) ||
	    has_item(c->reporters, strlen(c->reporters), ' ', m->from, strlen(m->from))))
		return NULL;
	*mi = (uint32_t)(m - md->mails);
	*q = fv;
	return c;
}

static int
cmp_fpair(const void *a, const void *b)
{
	const struct fpair *x = a, *y = b;
	int c = cmp_uint(x->a, y->a);

	if (!c)
		c = cmp_uint(x->commit, y->commit);
	if (!c)
		c = cmp_uint(x->b, y->b);
	return c;
}

void
family_pairs(struct model *md)
{
	size_t n = 0;

	if (md->nfam) {
		qsort(md->fam, md->nfam, sizeof *md->fam, cmp_fpair);
		for (size_t i = 1; i < md->nfam; i++)
			if (cmp_fpair(&md->fam[i], &md->fam[n]) != 0) {
				md->fam[++n] = md->fam[i];
			} else {
				if (md->fam[i].score > md->fam[n].score)
					md->fam[n].score = md->fam[i].score;
				md->fam[n].loose &= md->fam[i].loose;
			}
		md->nfam = n + 1;
	}
}

/* Keep a pair of a patch's family (patchsim's score); family_pairs() sorts them. */
static void
family_pair(struct model *md, uint32_t a, uint32_t b, double score, int commit, int loose,
    int other)
{
	md->fam = xgrow(md->fam, &md->capfam, md->nfam, 256, sizeof *md->fam);
	md->fam[md->nfam].a = a;
	md->fam[md->nfam].b = b;
	md->fam[md->nfam].score = (float)score;
	md->fam[md->nfam].loose = (unsigned char)loose;
	md->fam[md->nfam].other = (unsigned char)other;
	md->fam[md->nfam++].commit = (unsigned char)commit;
}

/*
 * A pair of a patch's family (family.c): two patch mails of one person,
 * alike (FAM_SCORE) over most of both (fdiff FAM_FDIFF: files they do
 * not share count against it), both ways; below FAM_FDIFF a loose pair;
 * two people's, DUP_SCORE alike over most of both (the same change,
 * twice: other); or a patch mail and a commit crediting its author (any
 * score: family.c weighs it).
 */
static void
family_row(struct model *md, const struct tsv_reader *r, int l, int rt, int sc, int fd)
{
	const struct mail *a, *b;
	const struct commit *c;
	double v, f = 1;

	if (sc < 0 || parse_unit(r->f[sc].s, &v) < 0 ||
	    (fd >= 0 && parse_unit(r->f[fd].s, &f) < 0))
		return;
	a = mail_by_id(md, r->f[l].s, r->f[l].len);
	if (!a || !a->present || a->type != MT_PATCH) {
		const struct mail *t = mail_by_id(md, r->f[rt].s, r->f[rt].len);

		if (!t || !t->present || t->type != MT_PATCH ||
		    !(c = commit_by_id(md, r->f[l].s, r->f[l].len)))
			return;
		a = t;
		goto commit;
	}
	if ((b = mail_by_id(md, r->f[rt].s, r->f[rt].len))) {
		if (b->present && b->type == MT_PATCH && b != a && v >= FAM_SCORE) {
			int same = by_person(a, b->from, b->who);

			if (!same && (v < DUP_SCORE || f < FAM_FDIFF))
				return;
			family_pair(md, (uint32_t)(a - md->mails), (uint32_t)(b - md->mails), v, 0,
			    f < FAM_FDIFF, !same);
			family_pair(md, (uint32_t)(b - md->mails), (uint32_t)(a - md->mails), v, 0,
			    f < FAM_FDIFF, !same);
		}
		return;
	}
	if (!(c = commit_by_id(md, r->f[rt].s, r->f[rt].len)))
		return;
commit:
	if (c->present && !c->skip && *c->credits && credits_person(c, a))
		family_pair(md, (uint32_t)(a - md->mails), (uint32_t)(c - md->commits), v, 1, 0, 0);
}

/* A pairs row's number column c: named when it is none (0 to 1); 0 if it is. */
static int
bad_unit(const struct tsv_reader *r, int c, const char *name)
{
	double v;

	if (c < 0 || parse_unit(r->f[c].s, &v) == 0)
		return 0;
	warnx("%s:%lu: column '%s': not a number from 0 to 1", r->name, r->lineno, name);
	return 1;
}

/*
 * Read every pairs table named, once, with the model: each commit's
 * reply of its author's whose diff is it (c->rpost; the best by fdiff,
 * of one the first by id); the pairs of families (family_pair()); for
 * why (want_pairs), the rows naming one of why_ids into why_kept, one
 * line each ("left right msg diff dlr score fdiff via", "-" for a
 * column the table lacks), in the tables' order.  A row that is bad,
 * or whose diff or fdiff is no number, is named and counts in
 * md->nbad; a table not read to its end sets md->pairs_failed.
 */
void
pairs_read(struct model *md)
{
	const struct hmap *ids = md->want_pairs ? &md->why_ids : NULL;
	struct buf *kept = &md->why_kept;
	double *best = xcalloc(md->ncommits ? md->ncommits : 1, sizeof *best);

	for (size_t i = 0; i < md->npairs; i++) {
		struct tsv_reader r;
		int open = tsv_open_table(&r, md->pairs[i]);
		int c[8], got;
		static const char *const name[8] = { COL_LEFT, COL_RIGHT, COL_MSG, COL_DIFF,
			COL_DLR, COL_SCORE, COL_FDIFF, COL_VIA };

		if (open < 0)
			md->pairs_failed = 1;
		if (open <= 0)
			continue;
		for (int k = 0; k < 8; k++)
			c[k] = table_col(&r, TABLE_PAIRS, name[k]);
		while (c[0] >= 0 && c[1] >= 0 && (got = tsv_next(&r)) != 0) {
			struct commit *cm;
			uint32_t mi;
			double q;

			if (got < 0) {
				md->pairs_failed = 1;
				break;
			}
			if (ids && (hmap_get(ids, r.f[c[0]].s, r.f[c[0]].len) ||
			    hmap_get(ids, r.f[c[1]].s, r.f[c[1]].len))) {
				for (int k = 0; k < 8; k++)
					buf_addf(kept, "%s%s", k ? " " : "",
					    c[k] >= 0 && r.f[c[k]].len ? r.f[c[k]].s : "-");
				buf_addc(kept, '\n');
			}
			if (bad_unit(&r, c[3], COL_DIFF) || bad_unit(&r, c[6], COL_FDIFF) ||
			    bad_unit(&r, c[5], COL_SCORE)) {
				md->nbad++;
				continue;
			}
			family_row(md, &r, c[0], c[1], c[5], c[6]);
			if (c[3] < 0 || c[6] < 0 || !md->ncommits ||
			    !(cm = pair_of(md, &r, c[0], c[1], c[3], c[6], &mi, &q)))
				continue;
			if (cm->rpost == NONE || q > best[cm - md->commits] ||
			    (q == best[cm - md->commits] &&
			    strcmp(md->mails[mi].id, md->mails[cm->rpost].id) < 0)) {
				cm->rpost = mi;
				best[cm - md->commits] = q;
			}
		}
		md->nbad += r.nbad;
		tsv_close(&r);
	}
	free(best);
	family_pairs(md);
}
