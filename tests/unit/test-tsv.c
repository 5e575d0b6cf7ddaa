/*
 * test-tsv - unit tests of common/: the TSV escaping, reader and writer (tsv.h), plain and compressed,
 * printed as TAP for prove (run by tests/10-common.t; helpers in tap.h).
 * Here the escaping, the reader and the extra columns; whole tables
 * through files in test-tsv-files.c.
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
#include "test-tsv.h"

/* tsv escaping */

/* The escaped form of one byte, as the dialect defines it. */
static void
escaped_byte(struct buf *out, unsigned char c)
{
	switch (c) {
	case '\\': buf_addstr(out, "\\\\"); break;
	case '\t': buf_addstr(out, "\\t"); break;
	case '\n': buf_addstr(out, "\\n"); break;
	case '\r': buf_addstr(out, "\\r"); break;
	case '\0': buf_addstr(out, "\xef\xbf\xbd"); break;
	default: buf_addc(out, c);
	}
}

/* Is s[0..n) well-formed escaped text: no raw TAB LF CR NUL, only \\ \t \n \r? */
static int
well_escaped(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\0')
			return 0;
		if (s[i] == '\\') {
			if (i + 1 >= n || !strchr("\\tnr", s[i + 1]) || !s[i + 1])
				return 0;
			i++;
		}
	}
	return 1;
}

/*
 * tsv_add then tsv_unescape of s[0..n), appended after a prefix: 0 when
 * the escaped text and the round trip are as expected.
 */
static int
roundtrip(const char *s, size_t n, const char *prefix)
{
	struct buf row = BUF_INIT, want = BUF_INIT, back = BUF_INIT;
	size_t i, bad = 12345, plen = strlen(prefix);
	long ul;
	int fail = 0;

	buf_addstr(&row, prefix);
	tsv_add(&row, s, n);
	for (i = 0; i < n; i++)
		escaped_byte(&want, (unsigned char)s[i]);
	if (row.len != plen + want.len || memcmp(row.p, prefix, plen) != 0 ||
	    memcmp(row.p + plen, want.p ? want.p : "", want.len) != 0 || row.p[row.len] != '\0')
		fail |= 1;
	if (!well_escaped(row.p + plen, row.len - plen))
		fail |= 2;
	/* What comes back: the input, with NUL as U+FFFD. */
	buf_reset(&want);
	for (i = 0; i < n; i++)
		if (s[i])
			buf_addc(&want, s[i]);
		else
			buf_addstr(&want, "\xef\xbf\xbd");
	buf_add(&back, row.p + plen, row.len - plen);
	ul = tsv_unescape(back.p, back.len, &bad);
	if (ul < 0 || (size_t)ul != want.len || memcmp(back.p, want.p ? want.p : "", want.len) != 0)
		fail |= 4;
	if (bad != 12345)
		fail |= 8;
	if (fail)
		diag("  round trip of %s after %s failed (%d): escaped %s",
		    show(s, n), show(prefix, plen), fail, show(row.p, row.len));
	buf_free(&row);
	buf_free(&want);
	buf_free(&back);
	return fail;
}

static void
test_tsv_escape(void)
{
	static const char *const around[] = {
		"", "a", "\\", "\\\\", "t", "n", "r", "\t", "\n", "\xef\xbf", "\xc3"
	};
	struct buf row = BUF_INIT, want = BUF_INIT;
	char s[8], *big;
	int c, exact_bad = 0, alone = 0, inside = 0, rnd_bad = 0, raw = 0;
	size_t i, j, k, n, bad;
	long ul;

	for (c = 0; c < 256; c++) {
		buf_reset(&row);
		buf_reset(&want);
		s[0] = (char)c;
		tsv_add(&row, s, 1);
		escaped_byte(&want, (unsigned char)c);
		if (row.len != want.len || memcmp(row.p, want.p, want.len) != 0) {
			exact_bad++;
			diag("  byte 0x%02x escapes as %s", c, show(row.p, row.len));
		}
		alone += roundtrip(s, 1, "") != 0;
		alone += roundtrip(s, 1, "x\t") != 0;
		for (i = 0; i < NELEM(around); i++) {
			for (j = 0; j < NELEM(around); j++) {
				size_t a = strlen(around[i]), b = strlen(around[j]);

				memcpy(s, around[i], a);
				s[a] = (char)c;
				memcpy(s + a + 1, around[j], b);
				inside += roundtrip(s, a + 1 + b, "") != 0;
			}
		}
		memset(s, c, 3);
		inside += roundtrip(s, 3, "") != 0;
	}
	ok(exact_bad == 0, "tsv_add escapes every byte 0..255 as the dialect says");
	ok(alone == 0, "every byte 0..255 alone survives tsv_add + tsv_unescape");
	ok(inside == 0, "every byte 0..255 inside strings survives tsv_add + tsv_unescape");

	buf_reset(&row);
	tsv_add(&row, "a\0b\0", 4);
	is_mem(row.p, row.len, "a\xef\xbf\xbd" "b\xef\xbf\xbd", 8,
	    "tsv_add writes NUL as U+FFFD (producers never write a NUL)");
	ul = tsv_unescape(row.p, row.len, &bad);
	is_mem(row.p, (size_t)ul, "a\xef\xbf\xbd" "b\xef\xbf\xbd", 8,
	    "so NUL does not round-trip: it comes back as U+FFFD");

	/* Random strings, biased towards the bytes that matter. */
	for (k = 0; k < 30000; k++) {
		static const char special[] = "\\\t\n\rtnr\0";
		char str[400];

		n = rndn(k < 100 ? 4 : sizeof str);
		for (i = 0; i < n; i++)
			str[i] = rndn(3) ? special[rndn(sizeof special)] : (char)rnd();
		if (roundtrip(str, n, k & 1 ? "pre\\t\t" : "") && ++rnd_bad > 5)
			break;
	}
	ok(rnd_bad == 0, "30000 random byte strings survive tsv_add + tsv_unescape");

	/*
	 * A byte to escape after every length of plain run, and plain runs
	 * after it: the sixteen-at-a-time path and its ends (each escape
	 * at each place of a block, the block's tail one by one).
	 */
	rnd_bad = 0;
	for (i = 0; i < 40; i++) {
		static const char special[] = "\\\t\n\r";
		char str[100];

		for (j = 0; j < 40; j++) {
			for (k = 0; k < sizeof special; k++) {
				memset(str, 'x', i);
				str[i] = special[k];
				memset(str + i + 1, 'y', j);
				rnd_bad += roundtrip(str, i + 1 + j, k & 1 ? "p" : "") != 0;
			}
		}
	}
	ok(rnd_bad == 0, "an escape after plain runs of 0 to 39 bytes, before 0 to 39 more");

	/* Nothing but escapes and plain bytes ever comes out, even for big input. */
	n = 1u << 20;
	big = xmalloc(n);
	for (i = 0; i < n; i++)
		big[i] = (char)rnd();
	buf_reset(&row);
	tsv_add(&row, big, n);
	for (i = 0; i < row.len; i++)
		if (row.p[i] == '\t' || row.p[i] == '\n' || row.p[i] == '\r' || row.p[i] == '\0')
			raw++;
	ok(raw == 0 && well_escaped(row.p, row.len),
	    "1 MB of random bytes escapes with no raw TAB, LF, CR or NUL");
	ul = tsv_unescape(row.p, row.len, &bad);
	for (i = 0, j = 0, raw = 0; i < n && j < (size_t)ul; i++) {
		if (big[i] == '\0') {
			raw += memcmp(row.p + j, "\xef\xbf\xbd", 3) != 0;
			j += 3;
		} else {
			raw += row.p[j++] != big[i];
		}
	}
	ok(ul >= 0 && raw == 0 && i == n && j == (size_t)ul, "and unescapes back to the same bytes");
	free(big);

	buf_reset(&row);
	tsv_addstr(&row, "a\tb");
	tsv_sep(&row);
	tsv_addstr(&row, "");
	tsv_sep(&row);
	tsv_addstr(&row, "c\\");
	is_str(row.p, "a\\tb\t\tc\\\\", "tsv_addstr and tsv_sep build a row");

	buf_free(&row);
	buf_free(&want);
}

static void
test_tsv_unescape(void)
{
	static const struct {
		const char *in;
		size_t bad;
	} bads[] = {
		{ "\\q", 0 }, { "ab\\q", 2 }, { "abc\\", 3 }, { "\\", 0 },
		{ "\\\\\\", 2 }, { "ab\\tcd\\q", 6 }, { "\\N", 0 }, { "\\T", 0 },
		{ "\\0", 0 }, { "\\\n", 0 }, { "x\\\\\\ty\\", 6 }, { "\\x41", 0 },
		{ "\\u00e9", 0 }, { "\\ ", 0 }, { "a\\\\b\\\\\\", 6 },
	};
	static const struct {
		const char *in, *out;
	} goods[] = {
		{ "", "" }, { "plain text", "plain text" }, { "\\\\", "\\" },
		{ "\\\\q", "\\q" }, { "\\\\n", "\\n" }, { "a\\tb", "a\tb" },
		{ "\\n\\r\\t\\\\", "\n\r\t\\" }, { "\\\\\\\\", "\\\\" },
		{ "x\\n", "x\n" }, { "\\r\\n", "\r\n" },
	};
	size_t i, bad;
	long ul;
	char *s;
	int fails;

	for (i = 0; i < NELEM(bads); i++) {
		s = exact(bads[i].in, strlen(bads[i].in));
		bad = 9999;
		ul = tsv_unescape(s, strlen(bads[i].in), &bad);
		ok(ul == -1 && bad == bads[i].bad, "tsv_unescape rejects %s at offset %zu",
		    show(bads[i].in, strlen(bads[i].in)), bads[i].bad);
		if (ul != -1 || bad != bads[i].bad)
			diag("  got %ld, offset %zu", ul, bad);
		free(s);
	}
	fails = 0;
	for (i = 0; i < NELEM(goods); i++) {
		size_t n = strlen(goods[i].in);

		s = exact(goods[i].in, n);
		ul = tsv_unescape(s, n, &bad);
		if (ul != (long)strlen(goods[i].out) || memcmp(s, goods[i].out, (size_t)ul) != 0) {
			fails++;
			diag("  %s unescaped to %s", show(goods[i].in, n),
			    ul < 0 ? "an error" : show(s, (size_t)ul));
		}
		free(s);
	}
	ok(fails == 0, "tsv_unescape decodes valid escapes left to right, in place");
}

/* tsv reader */

/* Check that field col of the current row is exactly want (and NUL-terminated). */
#define field_is(r, col, want, ...) \
	is_mem_((r)->f[col].s, (r)->f[col].len, (want), strlen(want), \
	    __FILE__, __LINE__, __VA_ARGS__)

static int
field_terminated(const struct tsv_reader *r)
{
	size_t i;

	for (i = 0; i < r->ncols; i++)
		if (r->f[i].s[r->f[i].len] != '\0')
			return 0;
	return 1;
}

static void
child_need(void *arg)
{
	tsv_need(arg, "missing");
}

static void
test_tsv_reader_basic(void)
{
	static const char t[] =
	    "id\tsubject\tdate\n"
	    "m1\thello\\tworld\t2000-01-01T00:00:00Z\n"
	    "m2\t\\\\x\\n\\r\t\n"
	    "\t\t\n";
	struct tsv_reader r;
	char *path = tmp_write(t, sizeof t - 1);
	int rc, st;
	char msg[512];

	rc = tsv_open(&r, path);
	ok(rc == 0 && r.ncols == 3 && !r.empty, "tsv_open reads a header of 3 columns");
	ok(tsv_col(&r, "id") == 0 && tsv_col(&r, "subject") == 1 && tsv_col(&r, "date") == 2,
	    "tsv_col finds the columns by name");
	ok(tsv_col(&r, "nope") == -1 && tsv_col(&r, "") == -1 && tsv_col(&r, "ID") == -1 &&
	    tsv_col(&r, "sub") == -1, "tsv_col gives -1 for a missing name (exact, case-sensitive)");
	ok(tsv_need(&r, "date") == 2 && tsv_need(&r, "id") == 0, "tsv_need gives the index of a column");
	is_mem(r.header, r.headerlen, "id\tsubject\tdate", 15, "the raw header is kept without its newline");

	st = run_child(child_need, &r);
	snprintf(msg, sizeof msg, "test-tsv: %s: missing column 'missing'\n", path);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == PT_EXIT_FAILED, "tsv_need dies (exit 2) on a missing column");
	is_str(captured.p, msg, "and names the file and the column");

	rc = tsv_read(&r);
	ok(rc == 1 && r.lineno == 2, "row 1 is read (line 2)");
	field_is(&r, 0, "m1", "row 1 id");
	field_is(&r, 1, "hello\tworld", "row 1 subject is unescaped");
	field_is(&r, 2, "2000-01-01T00:00:00Z", "row 1 date");
	ok(field_terminated(&r), "every field is NUL-terminated");
	rc = tsv_read(&r);
	ok(rc == 1 && r.lineno == 3, "row 2 is read (line 3)");
	field_is(&r, 1, "\\x\n\r", "row 2 subject: \\\\ \\n \\r unescaped");
	field_is(&r, 2, "", "row 2: an empty last field");
	ok(field_terminated(&r), "every field is NUL-terminated");
	rc = tsv_read(&r);
	ok(rc == 1 && r.f[0].len == 0 && r.f[1].len == 0 && r.f[2].len == 0,
	    "a row of empty fields");
	ok(tsv_read(&r) == 0 && tsv_read(&r) == 0, "then end of input, and it stays there");
	ok(r.nbad == 0, "no bad rows counted");
	tsv_close(&r);
}

static void
test_tsv_reader_errors(void)
{
	static const char t[] =
	    "a\tb\tc\n"
	    "1\t2\t3\n"
	    "1\t2\n"
	    "1\t2\t3\t4\n"
	    "x\ty\\q\tz\n"
	    "x\ty\tz\\\n"
	    "\n"
	    "4\t5\t6\n"
	    "p\tn\0ul\tq\n"
	    "\xc3\xa9\t\xe9t\xe9\tq\n"
	    "7\t8\t9";
	struct tsv_reader r;
	char *path = tmp_write(t, sizeof t - 1);
	struct buf want = BUF_INIT;
	int rc[12];
	size_t i;

	ok(tsv_open(&r, path) == 0, "a table with bad rows opens");
	cap_begin();
	for (i = 0; i < NELEM(rc); i++)
		rc[i] = tsv_read(&r);
	cap_end();
	ok(rc[0] == 1, "good row");
	ok(rc[1] == -1, "too few fields: -1");
	ok(rc[2] == -1, "too many fields: -1");
	ok(rc[3] == -1, "an invalid escape \\q: -1");
	ok(rc[4] == -1, "a lone backslash ending the line: -1");
	ok(rc[5] == -1, "an empty line in a 3-column table: -1");
	ok(rc[6] == 1, "reading goes on after bad rows");
	ok(rc[7] == -1, "a NUL byte in a field: -1");
	ok(rc[8] == -1, "invalid UTF-8 in a field: -1");
	ok(rc[9] == 1 && r.lineno == 11, "the last row (line 11, no newline) is read");
	field_is(&r, 2, "9", "its last field lacks nothing");
	ok(rc[10] == 0 && rc[11] == 0, "then end of input");
	is_long(r.nbad, 7, "nbad counts the 7 bad rows");
	buf_addf(&want,
	    "test-tsv: %s:3: 2 fields, the header has 3\n"
	    "test-tsv: %s:4: 4 fields, the header has 3\n"
	    "test-tsv: %s:5: column 'b': invalid escape '\\q'\n"
	    "test-tsv: %s:6: column 'c': invalid escape '\\'\n"
	    "test-tsv: %s:7: 1 fields, the header has 3\n"
	    "test-tsv: %s:9: column 'b': NUL byte in field\n"
	    "test-tsv: %s:10: column 'b': invalid UTF-8\n",
	    path, path, path, path, path, path, path);
	is_str(captured.p, want.p, "each bad row is reported once as file:line: ...");
	tsv_close(&r);
	buf_free(&want);
}

/* A column left unread: neither checked nor unescaped, read as empty. */
static void
test_tsv_skip(void)
{
	static const char t[] =
	    "a\tb\tc\n"
	    "1\tx\\q\t3\n"
	    "4\t\xe9\t6\n"
	    "7\tlong\\ntext\t9\n"
	    "8\tb\tc\\q\n";
	struct tsv_reader r;
	char *path = tmp_write(t, sizeof t - 1);
	int rc[5];
	size_t i;

	ok(tsv_open(&r, path) == 0, "tsv_skip: the table opens");
	tsv_skip(&r, "b");
	tsv_skip(&r, "no such column");
	cap_begin();
	rc[0] = tsv_read(&r);
	field_is(&r, 0, "1", "tsv_skip: a bad escape in the skipped column: the row is read");
	field_is(&r, 1, "", "tsv_skip: the skipped field reads as empty");
	field_is(&r, 2, "3", "tsv_skip: the next field is whole");
	ok(field_terminated(&r), "tsv_skip: every field is NUL-terminated");
	rc[1] = tsv_read(&r);
	field_is(&r, 2, "6", "tsv_skip: bytes that are not UTF-8 in it: the row is read");
	rc[2] = tsv_read(&r);
	field_is(&r, 1, "", "tsv_skip: an escaped text in it is not unescaped");
	rc[3] = tsv_read(&r);
	rc[4] = tsv_read(&r);
	cap_end();
	for (i = 0; i < 3; i++)
		ok(rc[i] == 1, "tsv_skip: a row read");
	ok(rc[3] == -1 && r.nbad == 1, "tsv_skip: a bad escape in another column is still a bad row");
	ok(strstr(captured.p, "column 'c': invalid escape") != NULL, "tsv_skip: and is named");
	ok(rc[4] == 0, "tsv_skip: then end of input");
	tsv_close(&r);
}

/*
 * A column read raw: its bytes as in the file, unchecked; tsv_offset()
 * finds them in the file (past a buffer's worth of lines, so the reader
 * has moved its buffer), and tsv_field_decode() checks and unescapes
 * them with tsv_read()'s words.
 */
static void
test_tsv_raw(void)
{
	struct buf t = BUF_INIT;
	struct tsv_reader r;
	char *path, why[32], got[64];
	int fd, rows = 0, offs_ok = 1;
	long n;

	buf_addstr(&t, "a\tb\tc\n");
	for (int i = 0; i < 5000; i++)
		buf_addf(&t, "%d\tx\\ny%d\\t\t%d\n", i, i, i);
	buf_addstr(&t, "bad\tx\\q\tz\n");
	buf_addstr(&t, "latin\t\xe9\tz\n");
	path = tmp_write(t.p, t.len);
	ok(tsv_open(&r, path) == 0, "tsv_raw: the table opens");
	tsv_raw(&r, "b");
	tsv_raw(&r, "no such column");
	fd = open(path, O_RDONLY);
	while (rows < 5000 && tsv_read(&r) == 1) {
		char want[32];
		unsigned long long off = tsv_offset(&r, 1);

		snprintf(want, sizeof want, "x\\ny%d\\t", rows);
		if (strcmp(r.f[1].s, want) != 0 || r.f[1].len != strlen(want) ||
		    pread(fd, got, r.f[1].len, (off_t)off) != (ssize_t)r.f[1].len ||
		    memcmp(got, want, r.f[1].len) != 0)
			offs_ok = 0;
		rows++;
	}
	ok(rows == 5000, "tsv_raw: every row read (%d)", rows);
	ok(offs_ok, "tsv_raw: each raw field is the file's bytes, at tsv_offset()");
	n = tsv_field_decode(r.f[1].s, r.f[1].len, why, sizeof why);
	ok(n == 8 && memcmp(r.f[1].s, "x\ny4999\t", 8) == 0,
	    "tsv_field_decode: unescaped in place");
	ok(tsv_read(&r) == 1, "tsv_raw: a bad escape in the raw column: the row is read");
	ok(tsv_field_decode(r.f[1].s, r.f[1].len, why, sizeof why) < 0 &&
	    strcmp(why, "invalid escape '\\q'") == 0, "tsv_field_decode: a bad escape, said as tsv_read says it");
	ok(tsv_read(&r) == 1, "tsv_raw: bytes that are not UTF-8 in it: the row is read");
	ok(tsv_field_decode(r.f[1].s, r.f[1].len, why, sizeof why) < 0 &&
	    strcmp(why, "invalid UTF-8") == 0, "tsv_field_decode: not UTF-8, said as tsv_read says it");
	ok(tsv_read(&r) == 0, "tsv_raw: then end of input");
	close(fd);
	tsv_close(&r);
	buf_free(&t);
}

/* Open a table holding s with stderr captured; the return of tsv_open. */
static int
open_captured(struct tsv_reader *r, const char *s, char **pathp)
{
	char *path = tmp_write(s, strlen(s));
	int rc;

	cap_begin();
	rc = tsv_open(r, path);
	cap_end();
	if (pathp)
		*pathp = path;
	return rc;
}

/* A table in memory reads as the same table in a file does. */
static void
test_tsv_mem(void)
{
	static const char text[] = "a\tb\n1\tx\\ty\n2\t\xe9\n3\n";
	struct tsv_reader r;
	int rc;

	ok(tsv_open_mem(&r, "mem", text, sizeof text - 1) == 0 && r.ncols == 2,
	    "tsv_open_mem: the header of 2 columns");
	ok(tsv_read(&r) == 1 && strcmp(r.f[1].s, "x\ty") == 0 && r.lineno == 2,
	    "tsv_open_mem: a row, unescaped");
	cap_begin();
	rc = tsv_read(&r);
	cap_end();
	ok(rc == -1 && strstr(captured.p, "mem:3: column 'b': invalid UTF-8"),
	    "tsv_open_mem: a bad row named by the name given and its line");
	cap_begin();
	rc = tsv_read(&r);
	cap_end();
	ok(rc == -1 && r.nbad == 2, "tsv_open_mem: a short row is bad");
	ok(tsv_read(&r) == 0, "tsv_open_mem: then the end");
	tsv_close(&r);
	ok(tsv_open_mem(&r, "mem", NULL, 0) == 0 && r.empty && tsv_read(&r) == 0,
	    "tsv_open_mem: no bytes, an empty table");
	tsv_close(&r);
}

static void
test_tsv_reader_shapes(void)
{
	struct tsv_reader r;
	char *path, msg[512];
	int rc;

	/* A repeated header, as from "cat a.tsv b.tsv". */
	rc = open_captured(&r, "a\tb\n1\t2\na\tb\na\tb\n3\t4\n", NULL);
	ok(rc == 0 && tsv_read(&r) == 1 && strcmp(r.f[0].s, "1") == 0, "first row before a repeated header");
	rc = tsv_read(&r);
	ok(rc == 1 && strcmp(r.f[0].s, "3") == 0 && strcmp(r.f[1].s, "4") == 0 && r.lineno == 5,
	    "lines identical to the header are skipped, line numbers still count them");
	ok(tsv_read(&r) == 0 && r.nbad == 0, "and they are not bad rows");
	tsv_close(&r);

	/* A one-column table: a row equal to the header is skipped too. */
	rc = open_captured(&r, "x\nx\ny\n\n", NULL);
	ok(rc == 0 && tsv_read(&r) == 1 && strcmp(r.f[0].s, "y") == 0,
	    "one column: a value equal to the column name is taken as a header (documented)");
	ok(tsv_read(&r) == 1 && r.f[0].len == 0, "one column: an empty line is an empty field");
	ok(tsv_read(&r) == 0, "one column: end");
	tsv_close(&r);

	/* Last line without '\n'. */
	rc = open_captured(&r, "a\tb\n1\t2\n3\t45", NULL);
	ok(rc == 0 && tsv_read(&r) == 1 && tsv_read(&r) == 1, "two rows, the last without newline");
	field_is(&r, 1, "45", "the unterminated last line keeps its last byte");
	ok(field_terminated(&r) && tsv_read(&r) == 0, "and is terminated in the spare byte");
	tsv_close(&r);

	/* A header alone, with and without its newline. */
	rc = open_captured(&r, "only\tcols", NULL);
	ok(rc == 0 && r.ncols == 2 && tsv_col(&r, "cols") == 1 && tsv_read(&r) == 0,
	    "a header without newline and no rows");
	tsv_close(&r);

	/* An empty file. */
	rc = open_captured(&r, "", NULL);
	ok(rc == 0 && r.empty && r.ncols == 0, "a 0-byte file opens as an empty table");
	ok(captured.len == 0, "quietly");
	ok(tsv_read(&r) == 0 && tsv_read(&r) == 0, "and has no rows");
	ok(tsv_col(&r, "id") == -1 && tsv_need(&r, "id") == -1,
	    "tsv_col and tsv_need give -1 on it (tsv_need does not die: there is nothing to read)");
	tsv_close(&r);

	/* Headers that are rejected; the reader must not leak after a failed open. */
	rc = open_captured(&r, "a\tb\ta\n1\t2\t3\n", &path);
	snprintf(msg, sizeof msg, "test-tsv: %s:1: column 'a' appears twice in the header\n", path);
	ok(rc == -1, "duplicate column names are rejected");
	is_str(captured.p, msg, "naming the column");
	rc = open_captured(&r, "id\tSubject\n", &path);
	snprintf(msg, sizeof msg, "test-tsv: %s:1: bad column name 'Subject' in the header "
	    "(lower-case letters, digits, '_', '-', '.')\n", path);
	ok(rc == -1, "an upper-case column name is rejected");
	is_str(captured.p, msg, "naming the column");
	rc = open_captured(&r, "a\t\tb\n", NULL);
	ok(rc == -1 && strstr(captured.p, "bad column name ''"), "an empty column name is rejected");
	rc = open_captured(&r, "\n1\n", NULL);
	ok(rc == -1 && strstr(captured.p, "bad column name ''"), "an empty header line is rejected");
	rc = open_captured(&r, "a_1\tb-2\tc.3\t4d\n", NULL);
	ok(rc == 0 && r.ncols == 4, "names with digits, '_', '-' and '.' are fine");
	tsv_close(&r);

	/*
	 * CRLF: the dialect has LF line ends only, and the reader does not
	 * strip CR.  A CRLF header fails (its last name ends in CR); a CR
	 * ending a data line stays in the last field.
	 */
	rc = open_captured(&r, "a\tb\r\n1\t2\r\n", &path);
	snprintf(msg, sizeof msg, "test-tsv: %s:1: bad column name 'b\r' in the header "
	    "(lower-case letters, digits, '_', '-', '.')\n", path);
	ok(rc == -1, "CRLF: a header ending in CR is rejected");
	is_str(captured.p, msg, "CRLF: the message shows the CR in the name");
	rc = open_captured(&r, "a\tb\n1\t2\r\n", NULL);
	ok(rc == 0 && tsv_read(&r) == 1, "CRLF: a data line ending in CR is read");
	field_is(&r, 1, "2\r", "CRLF: the CR stays in the last field");
	field_is(&r, 0, "1", "CRLF: other fields are untouched");
	tsv_close(&r);

	/* A missing file. */
	cap_begin();
	rc = tsv_open(&r, "/nonexistent/pt-test.tsv");
	cap_end();
	ok(rc == -1, "a missing file fails to open");
	is_str(captured.p, "test-tsv: /nonexistent/pt-test.tsv: No such file or directory\n",
	    "with the file name and strerror");
}

/* Unknown columns pass through a stage, escaped again on the way out. */
static void
test_tsv_extra(void)
{
	static const char table[] = "id\tnote\tdate\tmine\n"
	    "a\tx\\ty\t2020\tkeep\\nme\n";
	static const char later[] = "mine\tid\nm2\tb\n";
	static const char *const own[] = { "id", "date", "score" };
	struct tsv_reader r;
	struct tsv_extra x;
	struct buf row = BUF_INIT;
	char *path = tmp_write(table, sizeof table - 1);

	if (tsv_open(&r, path) != 0) {
		ok(0, "tsv_extra: open");
		return;
	}
	tsv_extra_init(&x, &r, own, NELEM(own));
	is_long(x.n, 2, "tsv_extra: two columns are not the tool's own");
	buf_addstr(&row, "id\tdate\tscore");
	tsv_extra_header(&x, &r, &row);
	is_str(row.p, "id\tdate\tscore\tnote\tmine", "tsv_extra: header keeps their order");
	buf_reset(&row);
	is_long(tsv_read(&r), 1, "tsv_extra: the row reads");
	buf_addstr(&row, "a\t2020\t0.5");
	tsv_extra_row(&x, &r, &row);
	is_str(row.p, "a\t2020\t0.5\tx\\ty\tkeep\\nme",
	    "tsv_extra: values pass through, escapes intact");
	tsv_close(&r);
	/* A later table: the same names, found where it has them. */
	path = tmp_write(later, sizeof later - 1);
	if (tsv_open(&r, path) != 0) {
		ok(0, "tsv_extra: open a later table");
	} else {
		tsv_extra_follow(&x, &r);
		buf_reset(&row);
		is_long(tsv_read(&r), 1, "tsv_extra: a later table's row reads");
		tsv_extra_header(&x, &r, &row);
		tsv_extra_row(&x, &r, &row);
		is_str(row.p, "\tnote\tmine\t\tm2",
		    "tsv_extra_follow: the first table's names; one the later lacks is empty");
		tsv_close(&r);
	}
	tsv_extra_free(&x);
	buf_free(&row);
}

int
main(void)
{
	tap_init("test-tsv");
	test_tsv_escape();
	test_tsv_unescape();
	test_tsv_reader_basic();
	test_tsv_reader_errors();
	test_tsv_skip();
	test_tsv_raw();
	test_tsv_mem();
	test_tsv_reader_shapes();
	test_tsv_roundtrip_files();
	test_tsv_compressed_errors();
	test_tsv_stdin();
	test_tsv_extra();
	return tap_done();
}
