/*
 * fixups.c - an off-list commit that a maintainer made as a fix-up of
 * another person's patch on its review ("merged, with a follow-up fixing
 * the format"): its author answered the patch, and it went in beside
 * the commit the patch became, on its files (fixup_replies()).  Being
 * beside is not enough: a maintainer tidies the file he merged into the
 * same hour, lines the patch never touched.  So the lines of those
 * commits alone are read, in carried.c's pass over the commits' patch
 * tables (fixups_row()): of the lines the
 * fix-up removes or changes, FIXUP_SHARE at least (one at least) are
 * lines the patch's commit added, or its message names that commit by
 * its hash.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "hash.h"
#include "judge.h"
#include "text.h"
#include "tsv.h"
#include "util.h"
#include "vocab.h"

/* One candidate: the commit, its reply and the commit beside, and what was read. */
struct fx {
	uint32_t commit, reply, beside;
	int named;               /* its message names the commit beside */
	long next;               /* the commit's next candidate (another reply), or -1 */
};

/*
 * The commits the pass reads: a candidate's (fix >= 0: its removed
 * lines, once for all its candidates) or one beside (its lines added).
 */
struct fxrow {
	long fix;                /* its first candidate, or -1 */
	uint64_t *rm;            /* candidate: its removed lines (hashed, sorted) */
	uint32_t nrm, caprm;
	uint64_t *add;           /* beside: its added lines */
	uint32_t nadd, capadd;
	int want;                /* beside: some candidate's */
};

struct fixer {
	struct model *md;
	struct fx *v;
	size_t n;
	struct hmap rows;        /* commit id -> struct fxrow * */
	struct buf w, raw;
};

static struct fxrow *
row_of(struct fixer *fz, const char *id)
{
	int isnew;
	struct hent *e = hmap_put(&fz->rows, id, strlen(id), &isnew);

	if (isnew) {
		struct fxrow *x = xmalloc(sizeof *x);

		memset(x, 0, sizeof *x);
		x->fix = -1;
		e->val = x;
	}
	return e->val;
}

/* Does a message (raw) name commit id by a hash of 7 digits or more? */
static int
names_commit(const char *s, size_t n, const char *id)
{
	for (size_t i = 0; i < n;) {
		size_t k = hex_run(s + i, n - i);

		if (k >= 7 && k <= 40 && (i == 0 || !isalnum((unsigned char)s[i - 1])) &&
		    (i + k == n || !isalnum((unsigned char)s[i + k])) &&
		    !strncasecmp(s + i, id, k))
			return 1;
		i += k ? k : 1;
	}
	return 0;
}

void
fixups_row(struct fixer *fz, const struct prow *p)
{
	const struct tsv_reader *r = p->r;
	const struct commit *c;
	struct hent *e;
	struct fxrow *x;
	const char *hs;
	size_t hn;

	if (strcmp(r->f[p->ckind].s, KIND_COMMIT) ||
	    !(c = commit_by_id(fz->md, r->f[p->cid].s, r->f[p->cid].len)) ||
	    !(e = hmap_get(&fz->rows, c->id, strlen(c->id))))
		return;
	x = e->val;
	if (!(hs = hunks_of(r, p->chunks, &fz->raw, &hn)))
		return;
	if (x->fix >= 0)
		x->nrm = some_lines(hs, hn, '-', &x->rm, &x->caprm, &fz->w);
	for (long k = x->fix; k >= 0 && p->cmsg >= 0; k = fz->v[k].next)
		fz->v[k].named = names_commit(r->f[p->cmsg].s, r->f[p->cmsg].len,
		    fz->md->commits[fz->v[k].beside].id);
	if (x->want)
		x->nadd = some_lines(hs, hn, '+', &x->add, &x->capadd, &fz->w);
}

struct fixer *
fixups_begin(struct model *md)
{
	struct fixer *fz = xmalloc(sizeof *fz);
	size_t cap = 0;

	memset(fz, 0, sizeof *fz);
	fz->md = md;
	for (size_t i = 0; i < md->ncommits; i++) {
		const struct commit *c = &md->commits[i];
		uint32_t reply[FIXUP_TRIES], beside[FIXUP_TRIES];
		size_t nr;
		long prev = -1;

		if (!c->present || c->skip || c->side || !offlist_mails(md, (uint32_t)i) ||
		    !(nr = fixup_replies(md, c, reply, beside, FIXUP_TRIES)))
			continue;
		/*
		 * A commit beside one fix-up may be another's candidate too:
		 * both roles kept.  Its candidates chained by index (fz->v
		 * moves as it grows).
		 */
		for (size_t k = 0; k < nr; k++) {
			fz->v = xgrow(fz->v, &cap, fz->n, 16, sizeof *fz->v);
			memset(&fz->v[fz->n], 0, sizeof fz->v[fz->n]);
			fz->v[fz->n].commit = (uint32_t)i;
			fz->v[fz->n].reply = reply[k];
			fz->v[fz->n].beside = beside[k];
			fz->v[fz->n].next = -1;
			if (prev < 0)
				row_of(fz, c->id)->fix = (long)fz->n;
			else
				fz->v[prev].next = (long)fz->n;
			prev = (long)fz->n;
			row_of(fz, md->commits[beside[k]].id)->want = 1;
			fz->n++;
		}
	}
	if (!fz->n) {
		hmap_free(&fz->rows);
		free(fz);
		return NULL;
	}
	return fz;
}

void
fixups_end(struct model *md, struct fixer *fz)
{
	if (!fz)
		return;
	for (size_t i = 0; i < fz->n; i++) {
		const struct fx *f = &fz->v[i];
		const struct fxrow *x = row_of(fz, md->commits[f->commit].id);
		const struct hent *e = hmap_get(&fz->rows, md->commits[f->beside].id,
		    strlen(md->commits[f->beside].id));
		const struct fxrow *b = e ? e->val : NULL;
		uint32_t hits = b ? common(x->rm, x->nrm, b->add, b->nadd) : 0;

		/*
		 * A quarter of what it changes, the patch's: no pass over the
		 * whole file.  The first reply that holds (fz->v keeps each
		 * commit's by their dates).
		 */
		if (md->commits[f->commit].fixreply == NONE &&
		    (f->named || (hits && (double)hits >= FIXUP_SHARE * x->nrm))) {
			md->commits[f->commit].fixreply = f->reply;
			md->commits[f->commit].fixby = f->beside;
		}
	}
	for (size_t i = 0; i < fz->rows.cap; i++)
		if (fz->rows.e[i].key) {
			struct fxrow *x = fz->rows.e[i].val;

			free(x->rm);
			free(x->add);
			free(x);
		}
	hmap_free(&fz->rows);
	free(fz->v);
	buf_free(&fz->w);
	buf_free(&fz->raw);
	free(fz);
}
