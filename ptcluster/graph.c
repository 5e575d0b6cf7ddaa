/*
 * graph.c - the graph's nodes: one a patch id, made when first named,
 * each a cluster of its own until joined (union-find).
 */
#define _POSIX_C_SOURCE 200809L
#include <string.h>

#include "ptcluster.h"
#include "util.h"

static int
is_commit_id(const char *s, size_t n)
{
	if (n != 40)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return 1;
}

/* The node of an id, made (a cluster of its own) when new. */
uint32_t
node_get(struct graph *g, const char *s, size_t n)
{
	struct hent *e = hmap_get(&g->byid, s, n);
	struct node *x;
	const char *id;
	int isnew;

	if (e)
		return (uint32_t)((uintptr_t)e->val - 1);
	if (g->len == NONE - 1)
		die("too many patches");
	if (g->len == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 1024;
		g->n = xreallocarray(g->n, g->cap, sizeof *g->n);
	}
	id = arena_strndup(&g->mem, s, n);
	e = hmap_put(&g->byid, id, n, &isnew);
	e->val = (void *)(uintptr_t)(g->len + 1);
	x = &g->n[g->len];
	memset(x, 0, sizeof *x);
	x->id = id;
	x->date = x->author = x->type = x->list = x->title = x->thread = "";
	x->peer = x->best = NONE;
	uf_add(&g->uf);
	x->kind = is_commit_id(s, n) ? COMMIT : MAIL;
	x->known = FROM_GUESS;
	return g->len++;
}

/* The root of i's cluster. */
uint32_t
find(struct graph *g, uint32_t i)
{
	return uf_find(&g->uf, i);
}

/* Join two clusters, the smaller under the larger, so paths stay short. */
void
unite(struct graph *g, uint32_t a, uint32_t b)
{
	uf_union(&g->uf, a, b);
}
