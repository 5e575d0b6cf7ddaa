/*
 * replypost.c - commits posted in a reply: an off-list commit whose
 * diff its author sent inside an answer (a draft in a review, a patch
 * attached to "Re: [ANNOUNCE] ..."), found among the pairs patchsim
 * scored.  The matching joins patch mails only; the reason says it.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "person.h"
#include "ptreport.h"
#include "tables.h"
#include "text.h"
#include "tsv.h"
#include "util.h"

/* How alike a reply's diff and the commit's are, at least: hunk by hunk, and whole files. */
#define RPOST_DIFF 0.8
#define RPOST_FDIFF 0.8

/* Is w one of the words of the space-separated list s? */
static int
names_word(const char *s, const char *w)
{
	size_t k = strlen(w);

	for (const char *p = s; k && *p;) {
		size_t n = strcspn(p, " ");

		if (n == k && !memcmp(p, w, k))
			return 1;
		p += n + (p[n] == ' ');
	}
	return 0;
}

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
		return NULL;
	m = mail_by_id(md, r->f[l].s, r->f[l].len);
	c = commit_by_id(md, r->f[rt].s, r->f[rt].len);
	if (!m || !c) {
		m = mail_by_id(md, r->f[rt].s, r->f[rt].len);
		c = commit_by_id(md, r->f[l].s, r->f[l].len);
	}
	if (!m || !c || !m->present || m->type != MT_REPLY ||
	    !(one_person(m->from, m->who, c->author, c->aname, 0) || names_word(c->reporters,
	    m->from)))
		return NULL;
	*mi = (uint32_t)(m - md->mails);
	*q = fv;
	return c;
}

/*
 * Each commit's reply of its author's whose diff is it (c->rpost): of
 * the pairs tables named, the best by fdiff (of one, the first by id).
 * A table not read to its end sets md->pairs_failed.
 */
void
reply_postings(struct model *md)
{
	double *best = NULL;

	if (!md->npairs || !md->ncommits)
		return;
	best = xcalloc(md->ncommits, sizeof *best);
	for (size_t i = 0; i < md->npairs; i++) {
		struct tsv_reader r;
		int open = tsv_open_table(&r, md->pairs[i]);
		int l, rt, d, f, got;

		if (open < 0)
			md->pairs_failed = 1;
		if (open <= 0)
			continue;
		l = table_col(&r, TABLE_PAIRS, COL_LEFT);
		rt = table_col(&r, TABLE_PAIRS, COL_RIGHT);
		d = table_col(&r, TABLE_PAIRS, COL_DIFF);
		f = table_col(&r, TABLE_PAIRS, COL_FDIFF);
		while (l >= 0 && rt >= 0 && d >= 0 && f >= 0 && (got = tsv_next(&r)) != 0) {
			struct commit *c;
			uint32_t mi;
			double q;

			if (got < 0) {
				md->pairs_failed = 1;
				break;
			}
			if (!(c = pair_of(md, &r, l, rt, d, f, &mi, &q)))
				continue;
			if (c->rpost == NONE || q > best[c - md->commits] ||
			    (q == best[c - md->commits] &&
			    strcmp(md->mails[mi].id, md->mails[c->rpost].id) < 0)) {
				c->rpost = mi;
				best[c - md->commits] = q;
			}
		}
		md->nbad += r.nbad;
		tsv_close(&r);
	}
	free(best);
}
