/*
 * uf.c - union-find (uf.h).
 */
#include <stdlib.h>
#include <string.h>

#include "uf.h"
#include "util.h"

void
uf_init(struct uf *u, int by_size)
{
	memset(u, 0, sizeof *u);
	u->by_size = by_size;
}

void
uf_free(struct uf *u)
{
	free(u->parent);
	free(u->size);
	uf_init(u, u->by_size);
}

uint32_t
uf_add(struct uf *u)
{
	if (u->n == u->cap) {
		u->cap = u->cap ? 2 * u->cap : 1024;
		u->parent = xreallocarray(u->parent, u->cap, sizeof *u->parent);
		if (u->by_size)
			u->size = xreallocarray(u->size, u->cap, sizeof *u->size);
	}
	u->parent[u->n] = (uint32_t)u->n;
	if (u->by_size)
		u->size[u->n] = 1;
	return (uint32_t)u->n++;
}

uint32_t
uf_find(struct uf *u, uint32_t x)
{
	uint32_t *p = u->parent;

	while (p[x] != x) {
		p[x] = p[p[x]];
		x = p[x];
	}
	return x;
}

uint32_t
uf_union(struct uf *u, uint32_t a, uint32_t b)
{
	uint32_t t;

	a = uf_find(u, a);
	b = uf_find(u, b);
	if (a == b)
		return a;
	if (u->by_size ? u->size[a] < u->size[b] : b < a) {
		t = a;
		a = b;
		b = t;
	}
	u->parent[b] = a;
	if (u->by_size)
		u->size[a] += u->size[b];
	return a;
}
