/*
 * cluster.c - making the clusters from the accepted pairs (method section
 * 4): edges ranked, then joined by the rules of build_clusters(), each
 * patch keeping the best edge that joined it as its reason.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "ptcluster.h"
#include "util.h"
#include "via.h"

/*
 * Offer node i an accepted edge to peer.  The highest score wins, then
 * the smaller peer id, then the smaller via, so that the choice does not
 * depend on the order of the pairs.
 */
static void
offer(struct graph *g, uint32_t i, uint32_t peer, double score, const char *via)
{
	struct node *x = &g->n[i];

	if (x->via) {
		int c;

		if (score < x->score)
			return;
		if (score == x->score) {
			c = strcmp(g->n[peer].id, g->n[x->peer].id);
			if (c > 0 || (c == 0 && strcmp(via, x->via) >= 0))
				return;
		}
	}
	x->via = via;
	x->score = score;
	x->peer = peer;
}

/* The via names of bits, as patchsim writes them, interned. */
static const char *
via_string(struct graph *g, int via)
{
	struct buf b = BUF_INIT;
	const char *s;

	via_add(&b, via);
	s = intern(&g->pool, b.p ? b.p : "", b.len);
	buf_free(&b);
	return s;
}

/*
 * How strongly an edge says its ends are one patch: a named upstream
 * commit, a link, the same content or a mail's date kept as a commit's
 * author date before any score; a retitled version or a crediting commit
 * after every other.
 */
static int
strength(const struct edge *e)
{
	if (e->via & (VIA_SAME | VIA_DATE))
		return 2;
	/*
	 * A retitled version, a crediting or containing commit, and nothing
	 * else: the weakest, joining only what nothing better claimed.
	 */
	if (!e->content && !(e->via & ~(VIA_FILES | VIA_RETITLE | VIA_CREDIT | VIA_CONTAINED)))
		return 0;
	return 1;
}

/* Is edge x ranked before edge y: stronger, higher score, then by ids. */
static const struct graph *rank_g;

static int
cmp_edge(const void *px, const void *py)
{
	const struct edge *x = px, *y = py;
	int c;

	if (strength(x) != strength(y))
		return strength(y) - strength(x);
	if (x->score != y->score)
		return x->score > y->score ? -1 : 1;
	if ((c = strcmp(rank_g->n[x->a].id, rank_g->n[y->a].id)) != 0)
		return c;
	if ((c = strcmp(rank_g->n[x->b].id, rank_g->n[y->b].id)) != 0)
		return c;
	return (int)x->via - (int)y->via;
}

/* Record edge e as the reason its ends are together. */
static void
offer_edge(struct graph *g, const struct edge *e)
{
	const char *via = via_string(g, e->via);

	offer(g, e->a, e->b, e->score, via);
	offer(g, e->b, e->a, e->score, via);
}

/* Would joining the clusters of roots a and b put two parts of one posting together? */
static int
parts_clash(const struct graph *g, uint32_t a, uint32_t b)
{
	const struct node *x = &g->n[a], *y = &g->n[b];

	for (uint32_t i = 0; i < x->nkeys; i++)
		for (uint32_t j = 0; j < y->nkeys; j++)
			if (x->keys[i].thread == y->keys[j].thread &&
			    x->keys[i].version == y->keys[j].version &&
			    x->keys[i].part != y->keys[j].part)
				return 1;
	return 0;
}

/* Join the clusters of a and b, their commits and their parts. */
static void
join(struct graph *g, uint32_t a, uint32_t b)
{
	uint32_t ra = find(g, a), rb = find(g, b), r;
	struct node *x, *y;

	if (ra == rb)
		return;
	unite(g, ra, rb);
	r = find(g, ra);
	x = &g->n[r];
	y = &g->n[r == ra ? rb : ra];
	x->hascommit |= y->hascommit;
	if (y->nkeys) {
		x->keys = xreallocarray(x->keys, x->nkeys + y->nkeys, sizeof *x->keys);
		memcpy(x->keys + x->nkeys, y->keys, y->nkeys * sizeof *y->keys);
		x->nkeys += y->nkeys;
		free(y->keys);
		y->keys = NULL;
		y->nkeys = 0;
	}
}

/*
 * Make the clusters from the kept edges (method section 4, without the
 * chains PaStA's connected components make):
 *
 * 1. two commits join only when they are the same change: one names the
 *    other as upstream, the same content, or a link;
 * 2. a mail joins the one commit it matches best: strongest evidence,
 *    then highest score;
 * 3. mails join each other (versions, resends) strongest and best first,
 *    but never two clusters that each hold a commit, nor two parts of
 *    one posting ([PATCH v2 1/3] and [PATCH v2 2/3] are two patches);
 * 4. a mail whose cluster holds no commit joins the commit that credits
 *    its author best (a maintainer's rework), on the same terms.
 *
 * Pairs taken by a retitle or a credit alone rank after every other.
 *
 * With --chain, every kept edge joins its ends, as PaStA's connected
 * components do.
 */
void
build_clusters(struct graph *g, const struct opts *o)
{
	struct edge *e = g->e;
	size_t n = g->ne;

	rank_g = g;
	if (n)
		qsort(e, n, sizeof *e, cmp_edge);
	if (o->chain) {
		for (size_t i = 0; i < n; i++) {
			join(g, e[i].a, e[i].b);
			offer_edge(g, &e[i]);
		}
		return;
	}
	for (uint32_t i = 0; i < g->len; i++) {
		struct node *x = &g->n[i];

		if (x->kind == COMMIT) {
			g->n[find(g, i)].hascommit = 1;
		} else if (x->total > 1 && *x->thread) {
			uint32_t r = find(g, i);
			struct node *y = &g->n[r];

			y->keys = xreallocarray(y->keys, y->nkeys + 1, sizeof *y->keys);
			y->keys[y->nkeys].thread = x->thread;
			y->keys[y->nkeys].version = x->version;
			y->keys[y->nkeys++].part = x->part;
		}
	}
	/* 1: commits that are the same change. */
	for (size_t i = 0; i < n; i++)
		if (g->n[e[i].a].kind == COMMIT && g->n[e[i].b].kind == COMMIT &&
		    (e[i].via & VIA_SAME)) {
			join(g, e[i].a, e[i].b);
			offer_edge(g, &e[i]);
		}
	/*
	 * 2: each mail's best commit, the first in rank order: of the main
	 * line, else of a side branch (a copy there, rebased or not, is no
	 * reason to leave the commit that was merged).
	 */
	for (int side = 0; side < 2; side++)
		for (size_t i = 0; i < n; i++) {
			uint32_t m, c;

			if (g->n[e[i].a].kind == g->n[e[i].b].kind)
				continue;
			m = g->n[e[i].a].kind == MAIL ? e[i].a : e[i].b;
			c = m == e[i].a ? e[i].b : e[i].a;
			if (g->n[c].side == side && g->n[m].best == NONE && strength(&e[i]))
				g->n[m].best = (uint32_t)i;
		}
	for (uint32_t i = 0; i < g->len; i++)
		if (g->n[i].kind == MAIL && g->n[i].best != NONE) {
			const struct edge *b = &e[g->n[i].best];

			join(g, b->a, b->b);
			offer_edge(g, b);
		}
	/* 3: mails with mails. */
	for (size_t i = 0; i < n; i++) {
		uint32_t ra, rb;

		if (g->n[e[i].a].kind != MAIL || g->n[e[i].b].kind != MAIL)
			continue;
		ra = find(g, e[i].a);
		rb = find(g, e[i].b);
		if (ra == rb) {
			offer_edge(g, &e[i]);
			continue;
		}
		if ((g->n[ra].hascommit && g->n[rb].hascommit) || parts_clash(g, ra, rb))
			continue;
		join(g, ra, rb);
		offer_edge(g, &e[i]);
	}
	/*
	 * 4: a commit that credits a mail's author (a rework), for a mail
	 * whose cluster has none yet: the best first, the main line's
	 * before a side branch's.
	 */
	for (int side = 0; side < 2; side++)
		for (size_t i = 0; i < n; i++) {
			uint32_t m, c, rm, rc;

			if (g->n[e[i].a].kind == g->n[e[i].b].kind || strength(&e[i]))
				continue;
			m = g->n[e[i].a].kind == MAIL ? e[i].a : e[i].b;
			c = m == e[i].a ? e[i].b : e[i].a;
			if (g->n[c].side != side)
				continue;
			rm = find(g, m);
			rc = find(g, c);
			if (rm == rc || g->n[rm].hascommit || parts_clash(g, rm, rc))
				continue;
			join(g, rm, rc);
			offer_edge(g, &e[i]);
		}
}
