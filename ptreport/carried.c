/*
 * carried.c - a patch that would be ignored whose lines a commit
 * carries: merged in another form (squashed into another series,
 * rewritten by a maintainer without credit, committed under another
 * title), or made before it was posted.  The patch tables are read a
 * second time, their hunks this time, for those patches and the
 * commits near them that share a file: only then, and only theirs.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "hunks.h"
#include "tables.h"
#include "model.h"
#include "ptreport.h"
#include "tsv.h"
#include "util.h"

/* One candidate: its distinctive added and removed lines (hashes, sorted). */
struct cand {
	uint32_t mail;
	uint64_t *h, *rm;
	uint32_t n, nrm;
	int read;
	uint32_t best;           /* the commit carrying most of them; NONE */
	uint32_t hits;
	uint32_t later;          /* else its author's later patch mail carrying them; NONE */
	uint32_t lhits;
	uint32_t next;           /* the next candidate of the same address; NONE */
};

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/*
 * A line worth comparing: what is left after the whitespace (collapsed
 * to one blank) has CARRY_CHARS characters or more and is not a comment
 * marker or a brace alone.  Its hash, or 0 when it is not worth it.
 */
static uint64_t
line_hash(const char *s, size_t n, struct buf *w)
{
	int blank = 0;
	size_t letters = 0;

	buf_reset(w);
	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		/* Escaped TABs (\t) of the table are blanks too. */
		if (c == '\\' && i + 1 < n && s[i + 1] == 't') {
			c = ' ';
			i++;
		}
		if (c == ' ' || c == '\t' || c == '\r') {
			blank = w->len > 0;
			continue;
		}
		if (blank)
			buf_addc(w, ' ');
		blank = 0;
		buf_addc(w, c);
		letters += (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9');
	}
	if (w->len < CARRY_CHARS || letters < CARRY_CHARS / 2)
		return 0;
	return hash_bytes(w->p, w->len) | 1;
}

/* The distinctive lines of a kind ('+' added, '-' removed) of a hunks field, hashed, sorted, unique, into *v. */
static uint32_t
some_lines(const char *s, size_t n, int kind, uint64_t **v, uint32_t *cap, struct buf *w)
{
	struct hunks_iter it;
	struct hunks_item x;
	uint32_t k = 0;

	hunks_iter_init(&it, s, n);
	while (hunks_next(&it, &x)) {
		uint64_t h;

		if (x.kind != kind || !(h = line_hash(x.s, x.len, w)))
			continue;
		if (k == *cap) {
			*cap = *cap ? 2 * *cap : 64;
			*v = xreallocarray(*v, *cap, sizeof **v);
		}
		(*v)[k++] = h;
	}
	if (k) {
		uint32_t u = 1;

		qsort(*v, k, sizeof **v, cmp_u64);
		for (uint32_t i = 1; i < k; i++)
			if ((*v)[i] != (*v)[u - 1])
				(*v)[u++] = (*v)[i];
		k = u;
	}
	return k;
}

/* How many of a[0..na) are in b[0..nb) (both sorted)? */
static uint32_t
common(const uint64_t *a, uint32_t na, const uint64_t *b, uint32_t nb)
{
	uint32_t i = 0, j = 0, n = 0;

	while (i < na && j < nb) {
		if (a[i] < b[j])
			i++;
		else if (a[i] > b[j])
			j++;
		else
			n++, i++, j++;
	}
	return n;
}

/* The current row's hunks, unescaped into raw: the bytes, or NULL (a bad field). */
static const char *
hunks_of(const struct tsv_reader *r, int c, struct buf *raw, size_t *n)
{
	char why[64];
	long k;

	buf_reset(raw);
	buf_add(raw, r->f[c].s, r->f[c].len);
	buf_addc(raw, '\0');
	if ((k = tsv_field_decode(raw->p, r->f[c].len, why, sizeof why)) < 0)
		return NULL;
	*n = (size_t)k;
	return raw->p;
}

/* Has candidate k lines enough to be found by: CARRY_MIN added, or added and removed? */
static int
worth(const struct cand *k)
{
	return k->n >= CARRY_MIN || (k->n && k->n + k->nrm >= CARRY_MIN);
}

/*
 * Do lines that hold hits of k's added lines, and rm[0..nrm) removed,
 * carry k: CARRY_SHARE of them (CARRY_MIN at least); of a smaller patch,
 * all it adds and all it removes.
 */
static int
carries(const struct cand *k, uint32_t hits, const uint64_t *rm, uint32_t nrm)
{
	if (k->n < CARRY_MIN)
		return hits == k->n && common(k->rm, k->nrm, rm, nrm) == k->nrm;
	return hits >= CARRY_MIN && (double)hits >= CARRY_SHARE * k->n;
}

/*
 * Pass 1: a patch mail of a candidate's address, after it (within
 * CARRY_DAYS), not itself: does it carry the candidate's lines?  The
 * earliest that does (then by id) is kept.
 */
static void
later_mail(struct model *md, struct cand *cv, struct hmap *byaddr, const struct tsv_reader *r,
    int cid, int ckind, int chunks, struct buf *raw, struct buf *w, uint64_t **al,
    uint32_t *capal, uint64_t **rl, uint32_t *caprl)
{
	const struct mail *x;
	struct hent *e;
	const char *hs = NULL;
	size_t hn;
	uint32_t na = 0, nr = 0, xi;

	if (strcmp(r->f[ckind].s, KIND_MAIL) ||
	    !(x = mail_by_id(md, r->f[cid].s, r->f[cid].len)) || !x->present ||
	    x->type != MT_PATCH || x->date == NODATE ||
	    !(e = hmap_get(byaddr, x->from, strlen(x->from))))
		return;
	xi = (uint32_t)(x - md->mails);
	for (uint32_t i = (uint32_t)((uintptr_t)e->val - 1); i != NONE; i = cv[i].next) {
		struct cand *k = &cv[i];
		const struct mail *m = &md->mails[k->mail];
		uint32_t hits;

		if (k->mail == xi || !worth(k) || x->date <= m->date ||
		    x->date > m->date + (int64_t)CARRY_DAYS * DAY ||
		    !shares_file(x->files, m->files))
			continue;
		if (!hs) {
			if (!(hs = hunks_of(r, chunks, raw, &hn)))
				return;
			na = some_lines(hs, hn, '+', al, capal, w);
			nr = some_lines(hs, hn, '-', rl, caprl, w);
		}
		hits = common(k->h, k->n, *al, na);
		if (carries(k, hits, *rl, nr) && (k->later == NONE ||
		    cmp_date_id(md, xi, k->later) < 0)) {
			k->later = xi;
			k->lhits = hits;
		}
	}
}

static int
carried_better(const struct model *md, const struct cand *c, uint32_t commit, uint32_t hits)
{
	if (c->best == NONE || hits > c->hits)
		return 1;
	return hits == c->hits && (md->commits[commit].cdate < md->commits[c->best].cdate ||
	    (md->commits[commit].cdate == md->commits[c->best].cdate &&
	    strcmp(md->commits[commit].id, md->commits[c->best].id) < 0));
}

void
carried(struct model *md)
{
	struct cand *cv = NULL;
	size_t nc = 0;
	struct hmap byid, byaddr;
	struct buf w = BUF_INIT, raw = BUF_INIT;
	uint64_t *cl = NULL, *crl = NULL;
	uint32_t capcl = 0, caprl = 0;
	int64_t lo = INT64_MAX, hi = INT64_MIN;

	memset(&byid, 0, sizeof byid);
	memset(&byaddr, 0, sizeof byaddr);
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		struct hent *e;
		int isnew;

		if (m->verdict != V_IGNORED || m->date == NODATE || !m->files || !*m->files)
			continue;
		cv = xreallocarray(cv, nc + 1, sizeof *cv);
		memset(&cv[nc], 0, sizeof cv[nc]);
		cv[nc].mail = (uint32_t)i;
		cv[nc].best = cv[nc].later = cv[nc].next = NONE;
		hmap_put(&byid, m->id, strlen(m->id), &isnew)->val = (void *)(uintptr_t)(nc + 1);
		e = hmap_put(&byaddr, m->from, strlen(m->from), &isnew);
		if (!isnew)
			cv[nc].next = (uint32_t)((uintptr_t)e->val - 1);
		e->val = (void *)(uintptr_t)(nc + 1);
		nc++;
		if (m->date < lo)
			lo = m->date;
		if (m->date > hi)
			hi = m->date;
	}
	/*
	 * First the candidates' own lines, then their authors' later patch
	 * mails (a repost deep in its thread, a version folding it in),
	 * then the commits near them.
	 */
	for (int pass = 0; nc && pass < 3; pass++) {
		for (size_t t = 0; t < md->ntoks; t++) {
			struct tsv_reader r;
			int cid, ckind, chunks, got;

			/* The mails' tables first, then the commits'. */
			if (!(md->tokheld[t] & (pass == 2 ? 2 : 1)) ||
			    tsv_open_table(&r, md->toks[t]) <= 0)
				continue;
			cid = table_col(&r, TABLE_PATCHES, COL_ID);
			ckind = table_col(&r, TABLE_PATCHES, COL_KIND);
			chunks = table_col(&r, TABLE_PATCHES, COL_HUNKS);
			/*
			 * The hunks raw, unescaped only for the rows wanted; the
			 * other long columns not at all.  Bad rows were named
			 * when the table was loaded: passed over in silence.
			 */
			tsv_raw(&r, COL_HUNKS);
			tsv_skip(&r, COL_MSG);
			tsv_skip(&r, COL_PATHS);
			while (cid >= 0 && ckind >= 0 && chunks >= 0 && (got = tsv_next(&r)) > 0) {
				const struct commit *c;
				uint32_t nl = 0, nrl = 0, commit, kcap = 0;
				int read = 0;
				const char *hs;
				size_t hn;

				if (pass == 0) {
					struct hent *e;
					struct cand *k;

					if (strcmp(r.f[ckind].s, KIND_MAIL) ||
					    !(e = hmap_get(&byid, r.f[cid].s, r.f[cid].len)))
						continue;
					k = &cv[(uintptr_t)e->val - 1];
					if (k->read || !(hs = hunks_of(&r, chunks, &raw, &hn)))
						continue;
					k->read = 1;
					k->n = some_lines(hs, hn, '+', &k->h, &kcap, &w);
					kcap = 0;
					k->nrm = some_lines(hs, hn, '-', &k->rm, &kcap, &w);
					kcap = 0;
					continue;
				}
				if (pass == 1) {
					later_mail(md, cv, &byaddr, &r, cid, ckind, chunks, &raw, &w,
					    &cl, &capcl, &crl, &caprl);
					continue;
				}
				if (strcmp(r.f[ckind].s, KIND_COMMIT) ||
				    !(c = commit_by_id(md, r.f[cid].s, r.f[cid].len)) || !c->present ||
				    c->skip || c->date == NODATE ||
				    c->date < lo - (int64_t)CARRY_DAYS * DAY ||
				    c->date > hi + (int64_t)CARRY_DAYS * DAY)
					continue;
				commit = (uint32_t)(c - md->commits);
				for (size_t i = 0; i < nc; i++) {
					struct cand *k = &cv[i];
					const struct mail *m = &md->mails[k->mail];
					uint32_t hits;

					if (!worth(k) || c->date < m->date - (int64_t)CARRY_DAYS * DAY ||
					    c->date > m->date + (int64_t)CARRY_DAYS * DAY ||
					    !shares_file(c->files, m->files))
						continue;
					/* The commit's lines once, for the first candidate that wants them. */
					if (!read) {
						read = 1;
						if (!(hs = hunks_of(&r, chunks, &raw, &hn)))
							break;
						nl = some_lines(hs, hn, '+', &cl, &capcl, &w);
						nrl = some_lines(hs, hn, '-', &crl, &caprl, &w);
					}
					hits = common(k->h, k->n, cl, nl);
					/*
					 * A small patch (fewer than CARRY_MIN such lines
					 * added, CARRY_MIN added and removed together):
					 * all it adds and all it removes, the same.
					 */
					if (carries(k, hits, crl, nrl)) {
						if (carried_better(md, k, commit, hits)) {
							k->best = commit;
							k->hits = hits;
						}
					}
				}
			}
			tsv_close(&r);
		}
	}
	free(md->carry);
	md->carry = xreallocarray(NULL, nc ? nc : 1, sizeof *md->carry);
	md->ncarry = 0;
	for (size_t i = 0; i < nc; i++) {
		struct mail *m = &md->mails[cv[i].mail];

		if (cv[i].best != NONE) {
			m->verdict = V_REWORKED;
			m->vby = cv[i].best;
			m->vfam = NONE;
			m->carried = 1;
		} else if (cv[i].later != NONE) {
			/* A later version of his stands for it, as a resend does. */
			m->verdict = V_SUPERSEDED;
			m->vby = NONE;
			m->vfam = m->supby = cv[i].later;
			m->carried = 2;
		}
		if (m->carried) {
			md->carry[md->ncarry].mail = cv[i].mail;
			md->carry[md->ncarry].hits = m->carried == 1 ? cv[i].hits : cv[i].lhits;
			md->carry[md->ncarry++].lines = cv[i].n;
		}
		free(cv[i].h);
		free(cv[i].rm);
	}
	free(cv);
	free(cl);
	free(crl);
	buf_free(&w);
	buf_free(&raw);
	hmap_free(&byid);
	hmap_free(&byaddr);
}

const struct carry *
carry_of(const struct model *md, uint32_t mi)
{
	for (size_t i = 0; i < md->ncarry; i++)
		if (md->carry[i].mail == mi)
			return &md->carry[i];
	return NULL;
}
