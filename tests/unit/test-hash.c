/*
 * test-hash - unit tests of common/: the hash table and the 64-bit set (hash.h),
 * printed as TAP for prove (run by tests/10-common.t; helpers in tap.h).
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "diff.h"
#include "hash.h"
#include "hunks.h"
#include "opool.h"
#include "subject.h"
#include "text.h"
#include "tsv.h"
#include "util.h"
#include "zio.h"

#include "tap.h"

/* hash */

/*
 * 100k keys owned by one block: found with their values, absent ones
 * not, present ones put again, the hash given.
 */
static void
test_hmap_many(void)
{
	struct hmap h = HMAP_INIT;
	struct hent *e;
	char key[64], *keys;
	size_t i, n, bad, badval;
	int isnew, newcount;
	enum { NKEYS = 100000 };

	ok(hmap_get(&h, "x", 1) == NULL, "hmap_get on an empty table");

	/* 100k keys owned by one block. */
	keys = xmalloc(NKEYS * 16);
	newcount = 0;
	for (i = 0; i < NKEYS; i++) {
		n = (size_t)snprintf(keys + i * 16, 16, "key-%zu", i * 7919);
		e = hmap_put(&h, keys + i * 16, n, &isnew);
		newcount += isnew;
		e->val = (void *)(uintptr_t)(i + 1);
	}
	ok(newcount == NKEYS && h.n == NKEYS, "100000 distinct keys are all new");
	ok(h.cap && (h.cap & (h.cap - 1)) == 0 && h.n * 4 <= h.cap * 3,
	    "the table is a power of two at most 3/4 full (%zu of %zu)", h.n, h.cap);
	bad = badval = 0;
	for (i = 0; i < NKEYS; i++) {
		n = (size_t)snprintf(key, sizeof key, "key-%zu", i * 7919);
		e = hmap_get(&h, key, n);
		if (!e)
			bad++;
		else if (e->val != (void *)(uintptr_t)(i + 1) || e->key != keys + i * 16 || e->klen != n)
			badval++;
	}
	ok(bad == 0 && badval == 0, "hmap_get finds all 100000 with their values and key pointers");
	for (i = 0, bad = 0; i < NKEYS; i++) {
		n = (size_t)snprintf(key, sizeof key, "key-%zu", i * 7919 + 1);
		if (hmap_get(&h, key, n))
			bad++;
		/* A prefix may be another key, but only ever an equal one. */
		n = (size_t)snprintf(key, sizeof key, "key-%zu", i * 7919);
		e = hmap_get(&h, key, n - 1);
		if (e && (e->klen != n - 1 || memcmp(e->key, key, n - 1) != 0))
			bad++;
	}
	ok(bad == 0, "hmap_get does not find 200000 absent keys (prefixes included)");
	for (i = 0, bad = 0; i < NKEYS; i += 97) {
		n = (size_t)snprintf(key, sizeof key, "key-%zu", i * 7919);
		e = hmap_put(&h, key, n, &isnew);
		if (isnew || e->val != (void *)(uintptr_t)(i + 1) || e->key != keys + i * 16)
			bad++;
	}
	ok(bad == 0 && h.n == NKEYS, "hmap_put of a present key finds it (isnew 0, old key pointer)");
	/* With the hash given (patchsim hashes before taking a lock). */
	for (i = 0, bad = 0; i < NKEYS; i += 89) {
		n = (size_t)snprintf(key, sizeof key, "key-%zu", i * 7919);
		if (hmap_get_h(&h, key, n, hash_bytes(key, n)) != hmap_get(&h, key, n) ||
		    !hmap_get(&h, key, n))
			bad++;
		e = hmap_put_h(&h, key, n, hash_bytes(key, n), &isnew);
		if (isnew || e->key != keys + i * 16)
			bad++;
	}
	n = (size_t)snprintf(key, sizeof key, "fresh-key");
	e = hmap_put_h(&h, "fresh-key", n, hash_bytes(key, n), &isnew);
	ok(bad == 0 && isnew && hmap_get(&h, key, n) == e && h.n == NKEYS + 1,
	    "hmap_get_h and hmap_put_h with hash_bytes' hash: the entries of hmap_get and hmap_put");
	hmap_free(&h);
	ok(!h.e && !h.cap && !h.n, "hmap_free empties the table");
	free(keys);
}

/* Keys with embedded NULs, and all-zero keys of different lengths. */
static void
test_hmap_nul(void)
{
	struct hmap h = HMAP_INIT;
	struct hent *e;
	size_t i, bad;
	int isnew;
	static const struct { const char *s; size_t n; } nul[] = {
		{ "", 0 }, { "a", 1 }, { "a\0", 2 }, { "a\0b", 3 }, { "a\0c", 3 },
		{ "\0", 1 }, { "\0\0", 2 }, { "\0\0\0\0\0\0\0\0", 8 },
		{ "\0\0\0\0\0\0\0\0\0", 9 }, { "12345678\0", 9 }, { "12345678", 8 },
	};

	bad = 0;
	for (i = 0; i < NELEM(nul); i++) {
		e = hmap_put(&h, nul[i].s, nul[i].n, &isnew);
		if (!isnew)
			bad++;
		e->val = (void *)(uintptr_t)(i + 1);
	}
	ok(bad == 0 && h.n == NELEM(nul), "keys that differ only after a NUL are distinct");
	for (i = 0, bad = 0; i < NELEM(nul); i++) {
		char *copy = exact(nul[i].s, nul[i].n);

		e = hmap_get(&h, copy, nul[i].n);
		if (!e || e->val != (void *)(uintptr_t)(i + 1))
			bad++;
		free(copy);
	}
	ok(bad == 0, "and each is found by content and length");
	ok(hmap_get(&h, "a\0d", 3) == NULL && hmap_get(&h, "\0\0\0", 3) == NULL,
	    "absent NUL-holding keys are not found");
	e = hmap_get(&h, "", 0);
	ok(e && e->klen == 0 && e->key != NULL && e->val == (void *)(uintptr_t)1,
	    "the empty key is a key like any other");
	hmap_free(&h);
	e = hmap_put(&h, NULL, 0, &isnew);
	ok(e && isnew && e->key != NULL && hmap_get(&h, "", 0) == e && hmap_get(&h, NULL, 0) == e,
	    "a NULL empty key is stored as \"\" and found");
	hmap_free(&h);
}

/* hash_bytes reads unaligned memory the same as aligned. */
static void
test_hash_bytes(void)
{
	char src[80];
	uint64_t want[40];
	size_t i, n, bad;

	for (i = 0; i < sizeof src; i++)
		src[i] = (char)rnd();
	memset(want, 0, sizeof want);
	for (n = 0; n < 40; n++) {
		char *c = exact(src, n);

		want[n] = hash_bytes(c, n);
		free(c);
	}
	for (i = 1, bad = 0; i < 9; i++) {
		char tmp[100];

		memcpy(tmp + i, src, 40);
		for (n = 0; n < 40; n++)
			if (hash_bytes(tmp + i, n) != want[n])
				bad++;
	}
	ok(bad == 0, "hash_bytes depends on the bytes, not their alignment");
	for (n = 1, bad = 0; n < 40; n++)
		if (want[n] == want[n - 1])
			bad++;
	ok(bad == 0, "hash_bytes of each prefix differs from the last");
}

/* intern: one pointer a distinct string, kept as the pool grows. */
static void
test_intern(void)
{
	struct strpool sp = STRPOOL_INIT;
	char key[64];
	const char *ip, *ip2;
	size_t i, n, bad;

	ip = intern(&sp, "hello", 5);
	memcpy(key, "hello world", 12);
	ip2 = intern(&sp, key, 5);
	ok(ip == ip2 && strcmp(ip, "hello") == 0, "intern gives the same pointer for equal strings");
	ok(ip != key, "intern keeps its own copy");
	ok(intern(&sp, "hell", 4) != ip && intern(&sp, "hello!", 6) != ip,
	    "and different pointers for different strings");
	ip = intern(&sp, "a\0b", 3);
	ok(ip == intern(&sp, "a\0b", 3) && ip != intern(&sp, "a\0c", 3) && ip != intern(&sp, "a", 1) &&
	    memcmp(ip, "a\0b", 4) == 0, "intern with embedded NULs");
	ip = intern(&sp, "", 0);
	ok(ip && ip[0] == '\0' && intern(&sp, "", 0) == ip, "intern of the empty string");
	{
		const char **ptrs = xcalloc(20000, sizeof *ptrs);

		for (i = 0; i < 20000; i++) {
			n = (size_t)snprintf(key, sizeof key, "s%zu", i);
			ptrs[i] = intern(&sp, key, n);
		}
		for (i = 0, bad = 0; i < 20000; i++) {
			n = (size_t)snprintf(key, sizeof key, "s%zu", i);
			if (intern(&sp, key, n) != ptrs[i] || strcmp(ptrs[i], key) != 0)
				bad++;
		}
		ok(bad == 0, "20000 interned strings keep their pointers as the pool grows");
		free(ptrs);
	}
	strpool_free(&sp);
}

/* arena: aligned blocks that do not overlap, all freed at once. */
static void
test_arena(void)
{
	struct arena a = ARENA_INIT;
	char *p;
	size_t i, n, bad, alignbad;
	/* The alignment malloc promises: the strictest of the basic types. */
	struct al { char c; union { long double ld; long long ll; void *p; double d; } u; };
	size_t align = offsetof(struct al, u);
	enum { NA = 5000 };
	char **ptr = xcalloc(NA, sizeof *ptr);
	size_t *sz = xcalloc(NA, sizeof *sz);

	alignbad = 0;
	for (i = 0; i < NA; i++) {
		sz[i] = i % 500 == 7 ? 70000 + i : i % 40;
		ptr[i] = arena_alloc(&a, sz[i]);
		if ((uintptr_t)ptr[i] % align)
			alignbad++;
		memset(ptr[i], (int)(i & 0xff), sz[i]);
	}
	ok(alignbad == 0, "arena_alloc returns blocks aligned to %zu, sizes 0..39 and > 64 KB", align);
	for (i = 0, bad = 0; i < NA; i++)
		for (n = 0; n < sz[i]; n++)
			if ((unsigned char)ptr[i][n] != (i & 0xff)) {
				bad++;
				break;
			}
	ok(bad == 0, "arena blocks do not overlap");
	ok(a.total >= 70000 * 10, "arena total counts the chunks (%zu)", a.total);
	p = arena_strndup(&a, "abcdef", 3);
	ok(strcmp(p, "abc") == 0 && (uintptr_t)p % align == 0, "arena_strndup copies and terminates");
	p = arena_strndup(&a, NULL, 0);
	ok(p && p[0] == '\0', "arena_strndup of nothing");
	arena_free(&a);
	ok(a.head == NULL && a.total == 0, "arena_free releases everything");
	p = arena_alloc(&a, 1u << 20);
	memset(p, 1, 1u << 20);
	p = arena_alloc(&a, 8);
	ok(p && (uintptr_t)p % align == 0, "a big first block, then small ones");
	arena_free(&a);
	free(ptr);
	free(sz);
}

/* The id set of mbox2tsv's dupid flag: 64-bit values, 0 included. */
static void
test_set64(void)
{
	struct set64 s = SET64_INIT;
	int fresh = 0, again = 0;
	uint64_t i;

	for (i = 0; i < 100000; i++)
		fresh += set64_add(&s, i * 0x9e3779b97f4a7c15ULL);
	for (i = 0; i < 100000; i++)
		again += set64_add(&s, i * 0x9e3779b97f4a7c15ULL);
	is_long(fresh, 100000, "set64: 100000 distinct values are new (0 among them)");
	is_long(again, 0, "set64: adding them again finds every one");
	is_long(s.n + s.has_zero, 100000, "set64: it holds 100000 values");
	is_long(set64_add(&s, 12345), 1, "set64: a value never added is new");
	set64_free(&s);
	is_long(set64_add(&s, 0), 1, "set64: usable again after set64_free");
	set64_free(&s);
}

int
main(void)
{
	tap_init("test-hash");
	test_hmap_many();
	test_hmap_nul();
	test_hash_bytes();
	test_intern();
	test_arena();
	test_set64();
	return tap_done();
}
