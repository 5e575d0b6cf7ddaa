/*
 * test-buf - unit tests of common/: the growable buffer (buf.h),
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

/* buf */

static void
test_buf(void)
{
	struct buf b = BUF_INIT;
	char *p, *want, *letters;
	size_t i, n, bad, plen;
	int k;

	buf_add(&b, "", 0);
	ok(b.p && b.len == 0 && b.p[0] == '\0', "buf_add of nothing still gives a terminated string");
	buf_free(&b);
	ok(!b.p && !b.len && !b.cap, "buf_free empties the buffer");

	/* Growth one byte at a time, checking the invariants on the way. */
	bad = 0;
	for (i = 0; i < 1000000; i++) {
		if (i & 1)
			buf_addc(&b, 'a' + (int)(i % 26));
		else
			buf_addc_fast(&b, (char)('a' + i % 26));
		if (b.len != i + 1 || b.cap < b.len + 1 || b.p[b.len] != '\0')
			bad++;
	}
	ok(bad == 0, "buf_addc to 1 MB: len, cap and terminator stay right");
	for (i = 0, bad = 0; i < b.len; i++)
		if (b.p[i] != 'a' + (int)(i % 26))
			bad++;
	ok(bad == 0, "buf_addc to 1 MB: contents survive every reallocation");
	ok((b.cap & (b.cap - 1)) == 0, "the capacity grows by doubling (%zu)", b.cap);

	buf_truncate(&b, 10);
	is_mem(b.p, b.len, "abcdefghij", 10, "buf_truncate shortens");
	buf_truncate(&b, 20);
	ok(b.len == 10, "buf_truncate never lengthens");
	buf_reset(&b);
	ok(b.len == 0 && b.p[0] == '\0', "buf_reset empties but keeps the memory");
	buf_addstr(&b, "x\0y");
	buf_add(&b, "\0z", 2);
	is_mem(b.p, b.len, "x\0z", 3, "buf_addstr stops at NUL, buf_add copies NULs");

	/* A big append in one go, from a buffer with something in it. */
	n = 3u << 20;
	want = xmalloc(n);
	for (i = 0; i < n; i++)
		want[i] = (char)rnd();
	buf_reset(&b);
	buf_addc(&b, '<');
	buf_add(&b, want, n);
	ok(b.len == n + 1 && b.p[0] == '<' && memcmp(b.p + 1, want, n) == 0 && b.p[b.len] == '\0',
	    "buf_add of 3 MB at once");

	/* buf_addf: short, long, and around every size near the capacity. */
	buf_reset(&b);
	buf_addf(&b, "%d-%s-%c", 42, "x", 'y');
	is_str(b.p, "42-x-y", "buf_addf formats");
	buf_reset(&b);
	letters = xmalloc(100001);
	memset(letters, 'l', 100000);
	letters[100000] = '\0';
	buf_addf(&b, "[%s]", letters);
	free(letters);
	ok(b.len == 100002 && b.p[0] == '[' && b.p[100001] == ']' && b.p[b.len] == '\0',
	    "buf_addf with output far longer than the spare room");
	buf_reset(&b);
	buf_addf(&b, "%0*d|", 500000, 7);
	ok(b.len == 500001 && b.p[0] == '0' && b.p[499999] == '7' && b.p[500000] == '|',
	    "buf_addf with a 500000-wide field");
	bad = 0;
	for (plen = 0; plen < 200; plen++) {
		for (k = 0; k < 300; k += 1 + (k > 70) * 7) {
			struct buf c = BUF_INIT;

			for (i = 0; i < plen; i++)
				buf_addc(&c, 'p');
			buf_addf(&c, "%*s", k, "q");
			if (c.len != plen + (size_t)(k ? k : 1) || c.p[c.len] != '\0' ||
			    c.p[c.len - 1] != 'q' || (plen && c.p[plen - 1] != 'p'))
				bad++;
			buf_free(&c);
		}
	}
	ok(bad == 0, "buf_addf at every fill level of the buffer (%zu bad)", bad);
	buf_reset(&b);
	for (i = 0; i < 20000; i++)
		buf_addf(&b, "%zu,", i);
	ok(b.len > 0 && strncmp(b.p, "0,1,2,", 6) == 0 &&
	    strcmp(b.p + b.len - 12, "19998,19999,") == 0, "many small buf_addf calls append");

	/* buf_detach */
	buf_reset(&b);
	buf_addstr(&b, "detached");
	p = buf_detach(&b, &n);
	ok(p && n == 8 && strcmp(p, "detached") == 0, "buf_detach hands over the contents");
	ok(!b.p && b.len == 0 && b.cap == 0, "buf_detach leaves the buffer empty");
	free(p);
	p = buf_detach(&b, NULL);
	ok(p && p[0] == '\0', "buf_detach of an empty buffer gives an empty string to free");
	free(p);
	buf_addstr(&b, "again");
	is_str(b.p, "again", "a detached buffer can be used again");

	/* buf_shrink: memory kept up to the limit, given back past it */
	buf_shrink(&b, 1024);
	ok(b.len == 0 && b.p && b.p[0] == '\0' && b.cap > 0 && b.cap <= 1024,
	    "buf_shrink under the limit empties the buffer and keeps its memory");
	buf_grow(&b, 4096);
	buf_shrink(&b, 1024);
	ok(!b.p && b.len == 0 && b.cap == 0, "buf_shrink past the limit gives the memory back");
	buf_addstr(&b, "after");
	is_str(b.p, "after", "a shrunk buffer can be used again");
	buf_free(&b);
	free(want);
}

int
main(void)
{
	tap_init("test-buf");
	test_buf();
	return tap_done();
}
