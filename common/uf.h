/*
 * uf.h - union-find over 0, 1, 2, ...: which elements are in one set.
 *
 * ptcluster's clusters join the smaller set under the larger (by_size),
 * so paths stay short; ptreport's threads keep the smallest element as
 * the root, so a thread is known by its first mail whatever the order
 * of the joins.  Finding halves the path it walks.
 */
#ifndef PT_UF_H
#define PT_UF_H

#include <stddef.h>
#include <stdint.h>

struct uf {
	uint32_t *parent;
	uint32_t *size;         /* at roots, when by_size */
	size_t n, cap;
	int by_size;
};

void uf_init(struct uf *u, int by_size);
void uf_free(struct uf *u);
/* A new element in a set of its own; its number (the count before). */
uint32_t uf_add(struct uf *u);
/* The root of x's set. */
uint32_t uf_find(struct uf *u, uint32_t x);
/*
 * Join the sets of a and b and return the root of the union: by_size,
 * the root of the larger (of a's on a tie); else the smaller root.
 */
uint32_t uf_union(struct uf *u, uint32_t a, uint32_t b);

#endif
