/*
 * index.c - the candidate index: the right rows by the file names they
 * touch, their content hash, their id and the ids they name, and a left
 * row's candidates looked up in it.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "patchsim.h"
#include "util.h"
#include "via.h"

static void
post(struct index *ix, struct hmap *m, const char *key, size_t klen, uint32_t row)
{
	int isnew;
	struct hent *e;
	struct postings *p;

	/*
	 * An empty key is none: rows with no hash (a table another stage
	 * made) or an empty name share nothing, where they would all be
	 * each other's candidates.
	 */
	if (!klen)
		return;
	e = hmap_put(m, key, klen, &isnew);
	if (isnew) {
		ix->all = xreallocarray(ix->all, ix->nall + 1, sizeof *ix->all);
		/* Stored by index: the array may move. */
		e->val = (void *)(uintptr_t)(ix->nall + 1);
		memset(&ix->all[ix->nall++], 0, sizeof *ix->all);
	}
	p = &ix->all[(uintptr_t)e->val - 1];
	if (p->n && p->v[p->n - 1] == row)
		return;
	p->v = xgrow(p->v, &p->cap, p->n, 4, sizeof *p->v);
	p->v[p->n++] = row;
}

static const struct postings *
lookup(const struct index *ix, const struct hmap *m, const char *key, size_t klen)
{
	struct hent *e = hmap_get(m, key, klen);

	return e ? &ix->all[(uintptr_t)e->val - 1] : NULL;
}

void
index_build(struct index *ix, const struct table *t, int byperson)
{
	memset(ix, 0, sizeof *ix);
	for (size_t i = 0; i < t->n; i++) {
		const struct row *rw = &t->r[i];

		for (uint32_t k = 0; k < rw->nnames; k++)
			post(ix, &ix->byname, rw->names[k], strlen(rw->names[k]), (uint32_t)i);
		post(ix, &ix->byhash, rw->hash, strlen(rw->hash), (uint32_t)i);
		post(ix, &ix->byid, rw->id, strlen(rw->id), (uint32_t)i);
		/* A mail's patch is sought among its person's commits (contain.c). */
		if (byperson && !rw->reply) {
			post(ix, &ix->byperson, rw->author, strlen(rw->author), (uint32_t)i);
			post(ix, &ix->byperson, rw->name, strlen(rw->name), (uint32_t)i);
			for (uint32_t k = 0; rw->commit && k < rw->ncred; k++)
				post(ix, &ix->byperson, rw->cred[k], strlen(rw->cred[k]), (uint32_t)i);
		}
		for (int pass = 0; pass < 2; pass++) {
			for (const char *p = pass ? rw->links : rw->upstream; *p;) {
				size_t len = strcspn(p, " ");

				if (len)
					post(ix, pass ? &ix->bylink : &ix->byup, p, len, (uint32_t)i);
				p += len;
				while (*p == ' ')
					p++;
			}
		}
	}
}

void
index_free(struct index *ix)
{
	struct hmap *const maps[] = { &ix->byname, &ix->byhash, &ix->byid, &ix->byup, &ix->bylink,
		&ix->byperson };

	for (size_t i = 0; i < ix->nall; i++)
		free(ix->all[i].v);
	free(ix->all);
	for (size_t k = 0; k < sizeof maps / sizeof maps[0]; k++)
		hmap_free(maps[k]);
}

static void
add_cand(struct job *j, uint32_t left, uint32_t right, int via)
{
	if (j->mark[right] != left + 1) {
		j->mark[right] = left + 1;
		j->via[right] = 0;
		j->cand[j->ncand++] = right;
	}
	j->via[right] |= (uint16_t)via;
}

/*
 * Sort a left row's candidates (right row numbers, each once) into row
 * order: by insertion when few, else by their bytes, one at a time from
 * the lowest (a counting sort each, through tmp), as many rounds as the
 * largest needs.  Not qsort: the candidates grow as n^1.7 to n^2, and
 * a call of a comparison at each step would cost more than checking
 * them.
 */
#define RADIX_BITS 8
static void
sort_rows(uint32_t *v, size_t n, uint32_t *tmp)
{
	uint32_t max = 0, *from = v, *to = tmp, *t;
	size_t count[1u << RADIX_BITS];

	if (n <= 32) {
		for (size_t i = 1; i < n; i++) {
			uint32_t x = v[i];
			size_t k = i;

			for (; k > 0 && v[k - 1] > x; k--)
				v[k] = v[k - 1];
			v[k] = x;
		}
		return;
	}
	for (size_t i = 0; i < n; i++)
		if (v[i] > max)
			max = v[i];
	for (unsigned shift = 0; shift < 32 && (max >> shift); shift += RADIX_BITS) {
		size_t sum = 0;

		memset(count, 0, sizeof count);
		for (size_t i = 0; i < n; i++)
			count[(from[i] >> shift) & ((1u << RADIX_BITS) - 1)]++;
		for (size_t d = 0; d < (1u << RADIX_BITS); d++) {
			size_t c = count[d];

			count[d] = sum;
			sum += c;
		}
		for (size_t i = 0; i < n; i++)
			to[count[(from[i] >> shift) & ((1u << RADIX_BITS) - 1)]++] = from[i];
		t = from;
		from = to;
		to = t;
	}
	if (from != v)
		memcpy(v, from, n * sizeof *v);
}

/*
 * A left row's candidates, into j->cand[0..j->ncand) in row order, each
 * once, with how each was found in j->via.
 */
void
find_candidates(struct job *j, uint32_t li)
{
	const struct row *l = &j->L->r[li];
	const struct opts *o = j->o;
	const struct postings *ps;

	/* A helping job's marks are made when it first helps. */
	if (!j->mark) {
		size_t n = j->R->n ? j->R->n : 1;

		j->mark = xcalloc(n, sizeof *j->mark);
		j->via = xcalloc(n, sizeof *j->via);
		j->cand = xcalloc(n, sizeof *j->cand);
		j->cand_tmp = xcalloc(n, sizeof *j->cand_tmp);
	}
	j->ncand = 0;
	for (uint32_t k = 0; k < l->nnames; k++) {
		ps = lookup(j->ix, &j->ix->byname, l->names[k], strlen(l->names[k]));
		for (size_t x = 0; ps && x < ps->n; x++)
			add_cand(j, li, ps->v[x], VIA_FILES);
	}
	ps = lookup(j->ix, &j->ix->byhash, l->hash, strlen(l->hash));
	for (size_t x = 0; ps && x < ps->n; x++)
		add_cand(j, li, ps->v[x], VIA_HASH);
	/* A commit that names its upstream commit, or (with --links) a mail. */
	if (*l->upstream || (o->links && *l->links)) {
		for (int pass = 0; pass < 2; pass++) {
			const char *list = pass ? (o->links ? l->links : "") : l->upstream;
			const char *p = list;

			while (*p) {
				size_t len = strcspn(p, " ");

				ps = len ? lookup(j->ix, &j->ix->byid, p, len) : NULL;
				for (size_t x = 0; ps && x < ps->n; x++)
					add_cand(j, li, ps->v[x], pass ? VIA_LINK : VIA_UPSTREAM);
				p += len;
				while (*p == ' ')
					p++;
			}
		}
	}
	/*
	 * One table scores a pair from its earlier row only, and that may be
	 * the upstream commit a later row names.
	 */
	if (o->self) {
		ps = lookup(j->ix, &j->ix->byup, l->id, strlen(l->id));
		for (size_t x = 0; ps && x < ps->n; x++)
			add_cand(j, li, ps->v[x], VIA_UPSTREAM);
	}
	if (o->links) {
		/* Right rows whose links name this (mail) row. */
		ps = lookup(j->ix, &j->ix->bylink, l->id, strlen(l->id));
		for (size_t x = 0; ps && x < ps->n; x++)
			add_cand(j, li, ps->v[x], VIA_LINK);
	}
	/*
	 * A mail's commits by its author (or crediting him), a commit's
	 * mails by its author or those it credits, in contain_dates():
	 * kept only if one's patch holds the other's (score_left).
	 */
	if (!l->reply && o->shingle) {
		const char *who[2] = { l->author, l->name };
		uint32_t nwho = 2 + (l->commit ? l->ncred : 0);

		for (uint32_t k = 0; k < nwho; k++) {
			const char *p = k < 2 ? who[k] : l->cred[k - 2];

			ps = lookup(j->ix, &j->ix->byperson, p, strlen(p));
			for (size_t x = 0; ps && x < ps->n; x++)
				if (contain_dates(l, &j->R->r[ps->v[x]]))
					add_cand(j, li, ps->v[x], VIA_PERSON);
		}
	}
	sort_rows(j->cand, j->ncand, j->cand_tmp);
	j->candidates += j->ncand;
}
