/*
 * test-zio - unit tests of common/: compressed input and long lines (zio.h),
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

/* zio and lines */

static void
test_zio(void)
{
	struct zin *z;
	char *path, c;
	char got[64];
	size_t n;
	ssize_t r;
	const char *line;
	struct lines l;

	errno = 0;
	z = zin_open("/nonexistent/pt-test");
	ok(!z && errno == ENOENT, "zin_open of a missing file: NULL, errno ENOENT");

	path = tmp_write("abcdefghij", 10);
	z = zin_open(path);
	ok(z && strcmp(zin_kind(z), "plain") == 0, "a plain file is plain");
	for (n = 0; n < sizeof got && (r = zin_read(z, &c, 1)) == 1; n++)
		got[n] = c;
	is_mem(got, n, "abcdefghij", 10, "read a byte at a time, through the sniffed magic bytes");
	ok(zin_read(z, got, sizeof got) == 0 && zin_error(z) == NULL, "then 0 at the end, no error");
	zin_close(z);

	path = tmp_write("ab", 2);
	z = zin_open(path);
	ok(z && strcmp(zin_kind(z), "plain") == 0 && zin_read(z, got, sizeof got) == 2 &&
	    memcmp(got, "ab", 2) == 0, "a file shorter than any magic is read as plain");
	zin_close(z);
	path = tmp_write("\xfd" "7zX", 4);
	z = zin_open(path);
	/* Shorter than xz's six magic bytes, but what there is of them: an xz file cut short. */
	ok(z && strcmp(zin_kind(z), "xz") == 0 && zin_read(z, got, sizeof got) == -1 &&
	    zin_error(z) != NULL, "a partial xz magic is an xz file cut short: reading it fails");
	zin_close(z);
	path = tmp_write("\x1f\x8b", 2);
	z = zin_open(path);
	ok(z && strcmp(zin_kind(z), "gzip") == 0, "the gzip magic alone is gzip");
	ok(zin_read(z, got, sizeof got) == -1 && zin_error(z) &&
	    strcmp(zin_error(z), "truncated gzip data after 0 bytes") == 0,
	    "and reading it fails: truncated");
	zin_close(z);
	path = tmp_write("", 0);
	z = zin_open(path);
	ok(z && zin_read(z, got, sizeof got) == 0, "an empty file reads 0");
	zin_close(z);
	zin_close(NULL);

	/* lines: short cases. */
	path = tmp_write("a\n\nbc", 5);
	z = zin_open(path);
	lines_init(&l, z);
	r = lines_next(&l, &line);
	ok(r == 2 && memcmp(line, "a\n", 2) == 0, "lines_next: a line with its newline");
	r = lines_next(&l, &line);
	ok(r == 1 && line[0] == '\n', "lines_next: an empty line");
	r = lines_next(&l, &line);
	ok(r == 2 && memcmp(line, "bc", 2) == 0, "lines_next: the last line without newline");
	ok(lines_next(&l, &line) == 0 && lines_next(&l, &line) == 0, "lines_next: 0 at the end, repeatedly");
	lines_free(&l);
	zin_close(z);
	path = tmp_write("", 0);
	z = zin_open(path);
	lines_init(&l, z);
	ok(lines_next(&l, &line) == 0, "lines_next: an empty file has no lines");
	lines_free(&l);
	zin_close(z);
}

/* Read path as lines and compare with the expected lengths and contents. */
static int
check_lines(const char *path, const size_t *len, size_t nlines, const char *kind,
    const char *content)
{
	struct zin *z = zin_open(path);
	struct lines l;
	const char *line;
	size_t i = 0, off = 0, want;
	ssize_t r;
	int fail = 0;

	if (!z)
		return -1;
	if (strcmp(zin_kind(z), kind) != 0) {
		diag("  %s is %s, not %s", path, zin_kind(z), kind);
		fail++;
	}
	lines_init(&l, z);
	while ((r = lines_next(&l, &line)) > 0) {
		want = i < nlines ? len[i] + (i + 1 < nlines) : 0;
		if (i >= nlines || (size_t)r != want || memcmp(line, content + off, want) != 0) {
			if (!fail)
				diag("  %s: line %zu is %zd bytes, expected %zu", path, i + 1, r, want);
			fail++;
			break;
		}
		/* The '\n', or the byte after a last line without one, is ours. */
		((char *)line)[line[r - 1] == '\n' ? r - 1 : r] = '\0';
		off += want;
		i++;
	}
	if (r < 0 || i != nlines) {
		diag("  %s: %zu lines, expected %zu (last %zd, %s)", path, i, nlines, r,
		    zin_error(z) ? zin_error(z) : "no error");
		fail++;
	}
	lines_free(&l);
	zin_close(z);
	return fail;
}

static void
test_lines_long(void)
{
	/* Lengths without the newline; the last line has none. */
	static const size_t len[] = {
		0, 1, 2, 65534, 65535, 65536, 65537, 131071, 3u << 20, 1, 0,
		(5u << 20) + 17, 100, 7u << 20
	};
	struct buf all = BUF_INIT;
	char *path, *gz, *xz;
	size_t i, k;

	for (i = 0; i < NELEM(len); i++) {
		for (k = 0; k < len[i]; k++)
			buf_addc_fast(&all, (char)('a' + (k * 7 + i) % 26));
		if (i + 1 < NELEM(len))
			buf_addc(&all, '\n');
	}
	path = tmp_write(all.p, all.len);
	ok(check_lines(path, len, NELEM(len), "plain", all.p) == 0,
	    "lines up to 7 MB across buffer refills, the last without newline");
	if (have_gzip) {
		gz = tmp_filter("gzip -1 -c", path);
		ok(gz && check_lines(gz, len, NELEM(len), "gzip", all.p) == 0,
		    "the same lines through gzip");
	} else {
		skip("no gzip");
	}
	if (have_xz) {
		xz = tmp_filter("xz -0 -c", path);
		ok(xz && check_lines(xz, len, NELEM(len), "xz", all.p) == 0,
		    "the same lines through xz");
	} else {
		skip("no xz");
	}
	buf_free(&all);
}

int
main(void)
{
	tap_init("test-zio");
	test_zio();
	test_lines_long();
	return tap_done();
}
