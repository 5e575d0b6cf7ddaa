/*
 * test-uf - unit tests of common/: union-find (uf.h), both ways of
 * choosing a root, checked against a naive partition on random joins;
 * printed as TAP for prove (run by tests/10-common.t; helpers in tap.h).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tap.h"
#include "uf.h"
#include "util.h"

/* Roots by the smaller element: a set is known by its first member. */
static void
test_smallest_root(void)
{
	struct uf u;
	uint32_t i;

	uf_init(&u, 0);
	for (i = 0; i < 6; i++)
		is_long(uf_add(&u), i, "uf_add numbers the elements from 0 (%u)", i);
	for (i = 0; i < 6; i++)
		is_long(uf_find(&u, i), i, "a new element is its own root (%u)", i);
	is_long(uf_union(&u, 4, 2), 2, "union of 4 and 2: the smaller root, 2");
	is_long(uf_union(&u, 5, 4), 2, "union of 5 and 4's set: 2 stays the root");
	is_long(uf_find(&u, 5), 2, "5 is found in 2's set");
	is_long(uf_union(&u, 5, 1), 1, "joined with 1: the root becomes 1");
	is_long(uf_find(&u, 4), 1, "4 follows to 1");
	is_long(uf_union(&u, 2, 4), 1, "a union within one set changes nothing");
	is_long(uf_find(&u, 3), 3, "3, never joined, is alone");
	is_long(uf_find(&u, 0), 0, "0, never joined, is alone");
	uf_free(&u);
	is_long(u.n, 0, "uf_free leaves an empty set");
	is_long(u.by_size, 0, "... of the same kind");
}

/* By size: the larger set's root stays, a's on a tie. */
static void
test_by_size(void)
{
	struct uf u;
	uint32_t i;

	uf_init(&u, 1);
	for (i = 0; i < 8; i++)
		uf_add(&u);
	is_long(uf_union(&u, 6, 3), 6, "by size, a tie: a's root (6)");
	is_long(uf_union(&u, 7, 3), 6, "the larger set's root stays (6, not 7)");
	is_long(u.size[6], 3, "its size is 3");
	is_long(uf_union(&u, 0, 1), 0, "another tie: a's root (0)");
	is_long(uf_union(&u, 0, 7), 6, "2 against 3: the larger's root (6)");
	is_long(u.size[6], 5, "its size is 5");
	for (i = 0; i < 8; i++)
		if (i != 2 && i != 4 && i != 5)
			is_long(uf_find(&u, i), 6, "%u is in 6's set", i);
	is_long(uf_find(&u, 2), 2, "2 is alone");
	uf_free(&u);
	uf_add(&u);
	is_long(u.size[0], 1, "after uf_free, by size still: sizes kept");
	uf_free(&u);
}

/* Random joins over more elements than the first allocation holds. */
static void
test_random(int by_size)
{
	enum { N = 3000, JOINS = 2500 };
	uint32_t *naive = xreallocarray(NULL, N, sizeof *naive);
	struct uf u;
	uint32_t i, j, a, b, la, lb;
	int agree = 1, rootok = 1;

	uf_init(&u, by_size);
	for (i = 0; i < N; i++) {
		naive[i] = i;
		uf_add(&u);
	}
	for (i = 0; i < JOINS; i++) {
		a = (uint32_t)rndn(N);
		b = (uint32_t)rndn(N);
		uint32_t r = uf_union(&u, a, b);
		if (r != uf_find(&u, a) || r != uf_find(&u, b))
			rootok = 0;
		la = naive[a];
		lb = naive[b];
		if (la != lb)
			for (j = 0; j < N; j++)
				if (naive[j] == lb)
					naive[j] = la;
	}
	for (i = 0; i < N && agree; i++)
		for (j = i + 1; j < N; j += 7)
			if ((naive[i] == naive[j]) != (uf_find(&u, i) == uf_find(&u, j))) {
				agree = 0;
				break;
			}
	ok(rootok, "%s: uf_union returns the root of both", by_size ? "by size" : "smallest root");
	ok(agree, "%s: %d random joins of %d elements: the same sets as a naive partition",
	    by_size ? "by size" : "smallest root", JOINS, N);
	if (!by_size) {
		int least = 1;

		for (i = 0; i < N; i++)
			if (uf_find(&u, i) > i)
				least = 0;
		ok(least, "smallest root: every root is its set's smallest element");
	} else {
		uint32_t total = 0;

		for (i = 0; i < N; i++)
			if (uf_find(&u, i) == i)
				total += u.size[i];
		is_long(total, N, "by size: the roots' sizes add up to the elements");
	}
	uf_free(&u);
	free(naive);
}

int
main(void)
{
	tap_init("test-uf");
	test_smallest_root();
	test_by_size();
	test_random(0);
	test_random(1);
	return tap_done();
}
