/*
 * test-common - unit tests for the shared library in common/, printed
 * as TAP for prove (run by tests/10-common.t).
 *
 * One group of tests per header.  The TSV reader tests write small
 * tables to temporary files under /tmp (compressed ones through the
 * real gzip and xz commands) and read them back; messages the library
 * prints on stderr are captured and compared in full, since they are
 * part of every tool's interface.  Random inputs come from a PRNG with
 * a fixed seed, so a failure can be reproduced.
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

#include "addr.h"
#include "buf.h"
#include "day.h"
#include "diff.h"
#include "hash.h"
#include "hunks.h"
#include "opool.h"
#include "subject.h"
#include "tables.h"
#include "text.h"
#include "tsv.h"
#include "util.h"
#include "vocab.h"
#include "zio.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* TAP */

static int ntests, nfailed;
static int cap_saved = -1;   /* the real stderr while it is captured */

static void diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int tap_ok(int cond, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Diagnostics go to the real stderr, even while stderr is captured. */
static void
diag(const char *fmt, ...)
{
	char msg[2048];
	va_list ap;
	int n;

	fflush(stdout);
	memcpy(msg, "# ", 2);
	va_start(ap, fmt);
	n = vsnprintf(msg + 2, sizeof msg - 3, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	n = strlen(msg);
	msg[n++] = '\n';
	if (write(cap_saved >= 0 ? cap_saved : 2, msg, (size_t)n) < 0)
		return;
}

static int
tap_ok(int cond, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	ntests++;
	if (!cond) {
		nfailed++;
		fputs("not ", stdout);
	}
	printf("ok %d - ", ntests);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	if (!cond)
		diag("  Failed test at %s line %d.", file, line);
	return cond;
}

#define ok(cond, ...) tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

static void
skip(const char *why)
{
	printf("ok %d # skip %s\n", ++ntests, why);
	fflush(stdout);
}

/* A C-escaped rendering of s[0..n) for diagnostics (four in rotation). */
static const char *
show(const char *s, size_t n)
{
	static char out[4][512];
	static int k;
	char *o = out[k = (k + 1) % 4], *end = o + sizeof out[0] - 8;
	size_t i;

	if (!s)
		return "(null)";
	*o++ = '"';
	for (i = 0; i < n && o < end; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\\' || c == '"')
			o += sprintf(o, "\\%c", c);
		else if (c == '\n')
			o += sprintf(o, "\\n");
		else if (c == '\t')
			o += sprintf(o, "\\t");
		else if (c == '\r')
			o += sprintf(o, "\\r");
		else if (c < 0x20 || c >= 0x7f)
			o += sprintf(o, "\\x%02x", c);
		else
			*o++ = (char)c;
	}
	if (i < n)
		o += sprintf(o, "...");
	*o++ = '"';
	*o = '\0';
	return out[k];
}

static int is_mem_(const char *got, size_t gotlen, const char *want, size_t wantlen,
    const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 7, 8)));

static int
is_mem_(const char *got, size_t gotlen, const char *want, size_t wantlen,
    const char *file, int line, const char *fmt, ...)
{
	char desc[512];
	va_list ap;
	int same = got && gotlen == wantlen && memcmp(got, want, wantlen) == 0;

	va_start(ap, fmt);
	vsnprintf(desc, sizeof desc, fmt, ap);
	va_end(ap);
	tap_ok(same, file, line, "%s", desc);
	if (!same) {
		diag("       got: %s (%zu bytes)", show(got, gotlen), gotlen);
		diag("  expected: %s (%zu bytes)", show(want, wantlen), wantlen);
	}
	return same;
}

#define is_mem(g, gl, w, wl, ...) is_mem_((g), (gl), (w), (wl), __FILE__, __LINE__, __VA_ARGS__)
#define is_str(g, w, ...) is_mem_((g), (g) ? strlen(g) : 0, (w), strlen(w), \
	__FILE__, __LINE__, __VA_ARGS__)

static int is_long_(long got, long want, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static int
is_long_(long got, long want, const char *file, int line, const char *fmt, ...)
{
	char desc[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(desc, sizeof desc, fmt, ap);
	va_end(ap);
	tap_ok(got == want, file, line, "%s", desc);
	if (got != want)
		diag("  got %ld, expected %ld", got, want);
	return got == want;
}

#define is_long(g, w, ...) is_long_((long)(g), (long)(w), __FILE__, __LINE__, __VA_ARGS__)

/* Helpers: PRNG, temporary files, captured stderr, child processes */

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

/* splitmix64: fixed seed, so every run sees the same "random" data. */
static uint64_t
rnd(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static size_t
rndn(size_t n)
{
	return (size_t)(rnd() % n);
}

static char *tmpfiles[512];
static size_t ntmp;

/* A new empty file under /tmp, removed at the end of the run. */
static char *
tmp_name(void)
{
	char *path = xstrdup("/tmp/pt-common-XXXXXX");
	int fd = mkstemp(path);

	if (fd < 0)
		die("mkstemp:");
	close(fd);
	if (ntmp == NELEM(tmpfiles))
		die("too many temporary files");
	tmpfiles[ntmp++] = path;
	return path;
}

static void
write_file(const char *path, const void *data, size_t n)
{
	FILE *fp = fopen(path, "wb");

	if (!fp)
		die("%s:", path);
	if (n && fwrite(data, 1, n, fp) != n)
		die("%s:", path);
	if (fclose(fp) != 0)
		die("%s:", path);
}

static char *
tmp_write(const void *data, size_t n)
{
	char *path = tmp_name();

	write_file(path, data, n);
	return path;
}

static char *
slurp(const char *path, size_t *n)
{
	struct buf b = BUF_INIT;
	char chunk[65536];
	size_t k;
	FILE *fp = fopen(path, "rb");

	if (!fp)
		die("%s:", path);
	while ((k = fread(chunk, 1, sizeof chunk, fp)) > 0)
		buf_add(&b, chunk, k);
	fclose(fp);
	return buf_detach(&b, n);
}

static int have_gzip, have_xz;

/* Run "cmd < in > out" for a new temporary out; NULL when cmd failed. */
static char *
tmp_filter(const char *cmd, const char *in)
{
	char *out = tmp_name(), line[1024];

	snprintf(line, sizeof line, "%s < '%s' > '%s'", cmd, in, out);
	fflush(stdout);
	if (system(line) != 0)
		return NULL;
	return out;
}

static void
tmp_cleanup(void)
{
	size_t i;

	for (i = 0; i < ntmp; i++) {
		unlink(tmpfiles[i]);
		free(tmpfiles[i]);
	}
	ntmp = 0;
}

static struct buf captured = BUF_INIT;
static int cap_fd = -1;

/* Send stderr to a file until cap_end(), which leaves it in captured. */
static void
cap_begin(void)
{
	char *path = tmp_name();

	fflush(stderr);
	cap_fd = open(path, O_RDWR | O_TRUNC);
	if (cap_fd < 0)
		die("%s:", path);
	cap_saved = dup(2);
	if (cap_saved < 0 || dup2(cap_fd, 2) < 0)
		die("dup:");
}

static const char *
cap_end(void)
{
	char chunk[4096];
	ssize_t k;

	fflush(stderr);
	if (dup2(cap_saved, 2) < 0)
		die("dup2:");
	close(cap_saved);
	cap_saved = -1;
	buf_reset(&captured);
	buf_add(&captured, "", 0);
	if (lseek(cap_fd, 0, SEEK_SET) < 0)
		die("lseek:");
	while ((k = read(cap_fd, chunk, sizeof chunk)) > 0)
		buf_add(&captured, chunk, (size_t)k);
	close(cap_fd);
	cap_fd = -1;
	return captured.p;
}

/*
 * Run fn(arg) in a child with stderr captured: the exit status as
 * waitpid() gives it, the messages in captured.  A child that returns
 * from fn exits 0.
 */
static int
run_child(void (*fn)(void *), void *arg)
{
	char *path = tmp_name();
	pid_t pid;
	int status, fd;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		die("fork:");
	if (pid == 0) {
		fd = open(path, O_WRONLY | O_TRUNC);
		if (fd < 0 || dup2(fd, 2) < 0)
			_exit(99);
		fn(arg);
		fflush(stdout);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) < 0)
		die("waitpid:");
	free(captured.p);
	captured.p = slurp(path, &captured.len);
	captured.cap = captured.len + 1;
	return status;
}

/* A copy of s[0..n) in a block of exactly n bytes, so ASan sees over-reads. */
static char *
exact(const char *s, size_t n)
{
	char *p = xmalloc(n);

	if (n)
		memcpy(p, s, n);
	return p;
}

/* util */

static void
child_die(void *arg)
{
	errno = ENOENT;
	die("cannot open %s:", (const char *)arg);
}

static void
child_overflow(void *arg)
{
	(void)arg;
	free(xreallocarray(NULL, SIZE_MAX / 2, 4));
}

static void
child_full_stdout(void *arg)
{
	int fd = open((const char *)arg, O_WRONLY);

	if (fd < 0 || dup2(fd, 1) < 0)
		_exit(98);
	printf("some output\n");
	close_stdout();
}

static void
test_util(void)
{
	long v = 7;
	char *p;
	int st;

	ok(parse_long("42", 0, 100, &v) == 0 && v == 42, "parse_long reads a number");
	ok(parse_long("-5", -10, 10, &v) == 0 && v == -5, "parse_long reads a negative number");
	v = 7;
	ok(parse_long("", 0, 100, &v) < 0 && v == 7, "parse_long rejects an empty string and leaves *out");
	ok(parse_long(NULL, 0, 100, &v) < 0, "parse_long rejects NULL");
	ok(parse_long("12x", 0, 100, &v) < 0, "parse_long rejects trailing junk");
	ok(parse_long("101", 0, 100, &v) < 0 && parse_long("-1", 0, 100, &v) < 0,
	    "parse_long enforces the range");
	ok(parse_long("100", 0, 100, &v) == 0 && v == 100 && parse_long("0", 0, 100, &v) == 0 && v == 0,
	    "parse_long accepts the range ends");
	ok(parse_long("99999999999999999999999", 0, 1L << 40, &v) < 0, "parse_long rejects overflow");
	{
		double d = -1;
		int64_t t = 0;

		ok(parse_unit("0.82", &d) == 0 && d == 0.82 && parse_unit(".5", &d) == 0 && d == 0.5 &&
		    parse_unit("1", &d) == 0 && d == 1 && parse_unit("0", &d) == 0 && d == 0,
		    "parse_unit reads plain decimals from 0 to 1");
		ok(parse_unit("0x1p-2", &d) < 0 && parse_unit("1e-1", &d) < 0 && parse_unit(" 0.5", &d) < 0 &&
		    parse_unit("+0.5", &d) < 0 && parse_unit("nan", &d) < 0 && parse_unit("1.5", &d) < 0 &&
		    parse_unit("", &d) < 0 && parse_unit(".", &d) < 0 && parse_unit("0.5.", &d) < 0,
		    "parse_unit rejects hex, exponents, signs, blanks, nan, > 1 and no digits");
		ok(parse_unit("0.12345678901234567", &d) == 0 && d == 0.12345678901234567,
		    "parse_unit reads more than 15 digits as strtod does");
		ok(date_option("@86400", 1, &t) == 0 && t == 86400, "date_option: @N, also for an end");
		ok(date_option("@123456789", 1, &t) == 0 && t == 123456789,
		    "date_option: a ten-character @N is not a bare day");
		ok(date_option("1970-01-02", 0, &t) == 0 && t == 86400 &&
		    date_option("1970-01-02", 1, &t) == 0 && t == 86400 + 86399,
		    "date_option: a bare day starts, or as an end ends, the day");
		ok(date_option("1970-01-02T00:00:01Z", 1, &t) == 0 && t == 86401,
		    "date_option: a time is taken as it is");
		ok(date_option("@x", 0, &t) < 0 && date_option("@-1", 0, &t) < 0 &&
		    date_option("2019-02-30", 0, &t) < 0 && date_option("", 0, &t) < 0,
		    "date_option rejects what is not a date");
	}

	p = xstrndup("abcdef", 3);
	is_str(p, "abc", "xstrndup copies n bytes and terminates");
	free(p);
	p = xstrdup("");
	is_str(p, "", "xstrdup of an empty string");
	free(p);
	p = xmalloc(0);
	ok(p != NULL, "xmalloc(0) gives a pointer");
	free(p);
	p = xreallocarray(NULL, 10, 3);
	ok(p != NULL, "xreallocarray allocates");
	free(p);

	setprogname("/usr/local/bin/sometool");
	is_str(progname, "sometool", "setprogname keeps the last path component");
	setprogname("test-common");

	cap_begin();
	errno = ENOENT;
	warnx("cannot open %s:", "x.tsv");
	warnx("plain %d", 3);
	warnx("%s", "");
	cap_end();
	is_str(captured.p, "test-common: cannot open x.tsv: No such file or directory\n"
	    "test-common: plain 3\ntest-common: \n",
	    "warnx: progname prefix, strerror after a trailing ':'");

	st = run_child(child_die, "a.tsv");
	ok(WIFEXITED(st) && WEXITSTATUS(st) == PT_EXIT_FAILED, "die exits with status 2 (failed)");
	is_str(captured.p, "test-common: cannot open a.tsv: No such file or directory\n",
	    "die prints its message with strerror");

	st = run_child(child_overflow, NULL);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == PT_EXIT_FAILED && strstr(captured.p, "overflows"),
	    "xreallocarray dies on n * size overflow");

	if (access("/dev/full", W_OK) == 0) {
		st = run_child(child_full_stdout, "/dev/full");
		ok(WIFEXITED(st) && WEXITSTATUS(st) == PT_EXIT_FAILED &&
		    strstr(captured.p, "test-common: error writing standard output: "),
		    "close_stdout dies when stdout cannot be written");
	} else {
		skip("no /dev/full");
	}
}

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
	snprintf(msg, sizeof msg, "test-common: %s: missing column 'missing'\n", path);
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
	    "test-common: %s:3: 2 fields, the header has 3\n"
	    "test-common: %s:4: 4 fields, the header has 3\n"
	    "test-common: %s:5: column 'b': invalid escape '\\q'\n"
	    "test-common: %s:6: column 'c': invalid escape '\\'\n"
	    "test-common: %s:7: 1 fields, the header has 3\n"
	    "test-common: %s:9: column 'b': NUL byte in field\n"
	    "test-common: %s:10: column 'b': invalid UTF-8\n",
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
	snprintf(msg, sizeof msg, "test-common: %s:1: column 'a' appears twice in the header\n", path);
	ok(rc == -1, "duplicate column names are rejected");
	is_str(captured.p, msg, "naming the column");
	rc = open_captured(&r, "id\tSubject\n", &path);
	snprintf(msg, sizeof msg, "test-common: %s:1: bad column name 'Subject' in the header "
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
	snprintf(msg, sizeof msg, "test-common: %s:1: bad column name 'b\r' in the header "
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
	is_str(captured.p, "test-common: /nonexistent/pt-test.tsv: No such file or directory\n",
	    "with the file name and strerror");
}

/* Random rows and the table text tsv_add and tsv_row_end make of them. */
struct table {
	size_t nrows, ncols;
	struct buf *cells;   /* nrows * ncols, unescaped as expected back */
};

static const char *const random_cols[] = { "id", "text", "n" };

static char *
make_table(struct table *t, size_t nrows, int longfield)
{
	struct buf row = BUF_INIT;
	char *path = tmp_name();
	FILE *fp = fopen(path, "wb");
	size_t i, j, k, n;

	if (!fp)
		die("%s:", path);
	t->nrows = nrows;
	t->ncols = NELEM(random_cols);
	t->cells = xcalloc(nrows * t->ncols, sizeof *t->cells);
	tsv_header(fp, random_cols, t->ncols);
	for (i = 0; i < nrows; i++) {
		for (j = 0; j < t->ncols; j++) {
			struct buf *c = &t->cells[i * t->ncols + j];
			char raw[600];

			if (j == 0) {
				buf_addf(c, "row%zu", i);
				n = c->len;
				memcpy(raw, c->p, n);
			} else {
				/*
				 * Mostly printable, some of any byte; NUL comes
				 * back as U+FFFD.  Bytes above 0x7f come as
				 * two-byte characters: a table is UTF-8.
				 */
				n = rndn(j == 1 ? sizeof raw : 10);
				for (k = 0; k < n; k++) {
					unsigned b = rndn(4) ? ' ' + rndn(95) : (unsigned)rnd() & 0xff;

					if (b >= 0x80 && k + 1 < n) {
						raw[k] = (char)(0xc2 + b % 30);
						raw[k + 1] = (char)(0x80 | (b & 0x3f));
						buf_add(c, raw + k, 2);
						k++;
						continue;
					}
					raw[k] = (char)(b & 0x7f);
					if (raw[k])
						buf_addc(c, raw[k]);
					else
						buf_addstr(c, "\xef\xbf\xbd");
				}
			}
			if (j)
				tsv_sep(&row);
			if (longfield && i == nrows / 2 && j == 1) {
				/* One field of several megabytes, escapes and all. */
				buf_reset(c);
				for (k = 0; k < (5u << 20); k++)
					buf_addc(c, k % 1000 == 999 ? '\n' : k % 7 ? 'a' + (char)(k % 26) : '\\');
				tsv_add(&row, c->p, c->len);
			} else {
				tsv_add(&row, raw, n);
			}
		}
		tsv_row_end(&row, fp);
		if (row.len != 0)
			die("tsv_row_end left %zu bytes", row.len);
	}
	if (fclose(fp) != 0)
		die("%s:", path);
	buf_free(&row);
	return path;
}

static void
free_table(struct table *t)
{
	size_t i;

	for (i = 0; i < t->nrows * t->ncols; i++)
		buf_free(&t->cells[i]);
	free(t->cells);
}

/*
 * Read path back and compare with t: the number of rows that match,
 * or -1 when the reader failed.  *last gets the last tsv_read result.
 */
static long
read_table(const char *path, const struct table *t, const char *kind, int *last)
{
	struct tsv_reader r;
	long good = 0;
	size_t i = 0, j;
	int rc, col[3];

	*last = 99;
	if (tsv_open(&r, path) < 0)
		return -1;
	if (kind && strcmp(zin_kind(r.in), kind) != 0) {
		diag("  %s read as %s, not %s", path, zin_kind(r.in), kind);
		tsv_close(&r);
		return -1;
	}
	for (j = 0; j < 3; j++)
		col[j] = tsv_need(&r, random_cols[j]);
	while ((rc = tsv_read(&r)) == 1) {
		int same = i < t->nrows;

		for (j = 0; same && j < 3; j++) {
			const struct buf *c = &t->cells[i * t->ncols + j];

			same = r.f[col[j]].len == c->len &&
			    memcmp(r.f[col[j]].s, c->p ? c->p : "", c->len) == 0;
		}
		if (same)
			good++;
		else if (good == (long)i)
			diag("  %s: row %zu differs", path, i);
		i++;
	}
	*last = rc;
	tsv_close(&r);
	return i == t->nrows ? good : -(long)i - 2;
}

static void
test_tsv_roundtrip_files(void)
{
	struct table t;
	char *path, *gz, *xz, *gz2, *xz2, *part1, *part2, line[2048], *data;
	size_t n;
	long good;
	int last;

	path = make_table(&t, 3000, 1);
	good = read_table(path, &t, "plain", &last);
	ok(good == 3000 && last == 0, "3000 random rows (one field of 5 MB) written and read back");

	if (have_gzip) {
		gz = tmp_filter("gzip -1 -c", path);
		good = gz ? read_table(gz, &t, "gzip", &last) : -1;
		ok(good == 3000 && last == 0, "the same table gzip-compressed reads the same");
		/* Members split in the middle of a line, as "cat a.gz b.gz" makes. */
		data = slurp(path, &n);
		part1 = tmp_write(data, n / 3);
		part2 = tmp_write(data + n / 3, n - n / 3);
		free(data);
		gz2 = tmp_name();
		snprintf(line, sizeof line, "(gzip -c '%s'; gzip -c '%s') > '%s'", part1, part2, gz2);
		fflush(stdout);
		good = system(line) == 0 ? read_table(gz2, &t, "gzip", &last) : -1;
		ok(good == 3000 && last == 0, "two concatenated gzip members read as one table");
	} else {
		skip("no gzip");
		skip("no gzip");
	}
	if (have_xz) {
		xz = tmp_filter("xz -0 -c", path);
		good = xz ? read_table(xz, &t, "xz", &last) : -1;
		ok(good == 3000 && last == 0, "the same table xz-compressed reads the same");
		data = slurp(path, &n);
		part1 = tmp_write(data, n / 2 + 1);
		part2 = tmp_write(data + n / 2 + 1, n - n / 2 - 1);
		free(data);
		xz2 = tmp_name();
		snprintf(line, sizeof line, "(xz -0 -c '%s'; xz -0 -c '%s') > '%s'", part1, part2, xz2);
		fflush(stdout);
		good = system(line) == 0 ? read_table(xz2, &t, "xz", &last) : -1;
		ok(good == 3000 && last == 0, "two concatenated xz streams read as one table");
	} else {
		skip("no xz");
		skip("no xz");
	}
	free_table(&t);
}

/*
 * Read a truncated compressed table: every row handed out must be one
 * of the original rows, complete, and the end must be -2 (not 0).
 */
static void
check_truncated(const char *path, const struct table *t, const char *what, const char *errtext)
{
	struct tsv_reader r;
	size_t i = 0;
	long wrong = 0;
	int rc;

	cap_begin();
	rc = tsv_open(&r, path);
	if (rc == 0) {
		while ((rc = tsv_read(&r)) == 1 || rc == -1) {
			const struct buf *c = i < t->nrows ? &t->cells[i * t->ncols + 1] : NULL;

			if (rc == -1 || !c || r.f[1].len != c->len ||
			    memcmp(r.f[1].s, c->p ? c->p : "", c->len) != 0)
				wrong++;
			i++;
		}
	}
	cap_end();
	ok(rc == -2, "truncated %s: tsv_read ends with -2 (after %zu rows)", what, i);
	ok(wrong == 0, "truncated %s: no partial row is handed out, good or bad", what);
	ok(strstr(captured.p, errtext) != NULL, "truncated %s: the message says %s", what, errtext);
	if (!strstr(captured.p, errtext))
		diag("  message: %s", show(captured.p, captured.len));
	if (rc == -2) {
		cap_begin();
		rc = tsv_read(&r);
		cap_end();
		ok(rc == -2, "truncated %s: the error is sticky", what);
	} else {
		skip("no error to repeat");
	}
	tsv_close(&r);
}

static void
test_tsv_compressed_errors(void)
{
	struct table t;
	char *path, *gz, *xz, *cut, msg[512];
	char *data;
	size_t n;
	struct tsv_reader r;
	int rc;

	path = make_table(&t, 2000, 0);
	if (have_gzip && (gz = tmp_filter("gzip -c", path))) {
		data = slurp(gz, &n);
		cut = tmp_write(data, n / 2);
		check_truncated(cut, &t, "gzip", "truncated gzip data");
		/* Cut inside the 8-byte trailer: all data there, the CRC missing. */
		cut = tmp_write(data, n - 3);
		check_truncated(cut, &t, "gzip trailer", "truncated gzip data");
		/* Damaged data in the middle. */
		data[n / 2] ^= 0x55;
		data[n / 2 + 1] ^= 0xaa;
		cut = tmp_write(data, n);
		cap_begin();
		rc = tsv_open(&r, cut);
		if (rc == 0)
			while ((rc = tsv_read(&r)) == 1 || rc == -1)
				;
		cap_end();
		ok(rc == -2 && strstr(captured.p, "bad gzip data"), "damaged gzip data gives -2, 'bad gzip data'");
		tsv_close(&r);
		free(data);
		/* Just the magic: a gzip file cut before its header ends. */
		cut = tmp_write("\x1f\x8b\x08", 3);
		cap_begin();
		rc = tsv_open(&r, cut);
		cap_end();
		snprintf(msg, sizeof msg, "test-common: %s: truncated gzip data after 0 bytes\n", cut);
		ok(rc == -1, "a gzip file cut in its header fails to open");
		is_str(captured.p, msg, "saying so");
		tsv_close(&r);
	} else {
		skip("no gzip");
	}
	if (have_xz && (xz = tmp_filter("xz -c", path))) {
		data = slurp(xz, &n);
		cut = tmp_write(data, n / 2);
		check_truncated(cut, &t, "xz", "truncated xz data");
		free(data);
	} else {
		skip("no xz");
	}
	free_table(&t);
}

static void
test_tsv_stdin(void)
{
	static const char t[] = "k\tv\nx\ty\\tz\n";
	struct tsv_reader r;
	char *path, *gz;
	size_t n;
	int fds[2], saved, rc;
	char *data;

	if (!have_gzip) {
		skip("no gzip");
		return;
	}
	path = tmp_write(t, sizeof t - 1);
	gz = tmp_filter("gzip -c", path);
	data = slurp(gz, &n);
	/* A pipe, which cannot be rewound: the magic bytes must be kept. */
	if (pipe(fds) < 0 || n > 4096 || write(fds[1], data, n) != (ssize_t)n)
		die("pipe:");
	close(fds[1]);
	saved = dup(0);
	dup2(fds[0], 0);
	close(fds[0]);
	rc = tsv_open(&r, "-");
	ok(rc == 0 && strcmp(r.name, "<stdin>") == 0 && strcmp(zin_kind(r.in), "gzip") == 0,
	    "\"-\" reads gzip data from a pipe on stdin, named <stdin>");
	ok(tsv_read(&r) == 1 && strcmp(r.f[1].s, "y\tz") == 0 && tsv_read(&r) == 0,
	    "and its rows");
	tsv_close(&r);
	dup2(saved, 0);
	close(saved);
	free(data);
}

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

/* hash */

static void
test_hash(void)
{
	struct hmap h = HMAP_INIT;
	struct strpool sp = STRPOOL_INIT;
	struct arena a = ARENA_INIT;
	struct hent *e;
	char key[64], *keys, *p;
	const char *ip, *ip2;
	size_t i, n, bad, badval, alignbad;
	int isnew, newcount;
	static const struct { const char *s; size_t n; } nul[] = {
		{ "", 0 }, { "a", 1 }, { "a\0", 2 }, { "a\0b", 3 }, { "a\0c", 3 },
		{ "\0", 1 }, { "\0\0", 2 }, { "\0\0\0\0\0\0\0\0", 8 },
		{ "\0\0\0\0\0\0\0\0\0", 9 }, { "12345678\0", 9 }, { "12345678", 8 },
	};
	enum { NKEYS = 100000 };
	/* The alignment malloc promises: the strictest of the basic types. */
	struct al { char c; union { long double ld; long long ll; void *p; double d; } u; };
	size_t align = offsetof(struct al, u);

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

	/* Keys with embedded NULs, and all-zero keys of different lengths. */
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

	/* hash_bytes reads unaligned memory the same as aligned. */
	{
		char src[80];
		uint64_t want[40];

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

	/* intern */
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

	/* arena */
	{
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
}

/* text: UTF-8 */

/*
 * Reference decoder (Unicode 3.9, Table 3-7): the length of the
 * well-formed sequence at s, or 0 and *sub the length of the maximal
 * subpart to replace with one U+FFFD (what Python, ICU and WHATWG do).
 */
static size_t
ref_seq(const unsigned char *s, size_t n, size_t *sub)
{
	unsigned c = s[0], lo = 0x80, hi = 0xbf;
	size_t want, k;

	*sub = 1;
	if (c == 0)
		return 0;
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		want = 2;
	} else if (c >= 0xe0 && c <= 0xef) {
		want = 3;
		lo = c == 0xe0 ? 0xa0 : 0x80;
		hi = c == 0xed ? 0x9f : 0xbf;
	} else if (c >= 0xf0 && c <= 0xf4) {
		want = 4;
		lo = c == 0xf0 ? 0x90 : 0x80;
		hi = c == 0xf4 ? 0x8f : 0xbf;
	} else {
		return 0;
	}
	for (k = 1; k < want; k++) {
		if (k >= n || s[k] < (k == 1 ? lo : 0x80) || s[k] > (k == 1 ? hi : 0xbf)) {
			*sub = k;
			return 0;
		}
	}
	return want;
}

static size_t
ref_prefix(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k, sub;

	while (i < n && (k = ref_seq(p + i, n - i, &sub)))
		i += k;
	return i;
}

static size_t
ref_repair(struct buf *out, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k, sub, fixes = 0;

	while (i < n) {
		k = ref_seq(p + i, n - i, &sub);
		if (k) {
			buf_add(out, p + i, k);
			i += k;
		} else {
			buf_add(out, "\xef\xbf\xbd", 3);
			fixes++;
			i += sub;
		}
	}
	return fixes;
}

static void
test_utf8(void)
{
	static const struct {
		const char *in;
		size_t n;
		const char *out;   /* '#' for U+FFFD */
		size_t fixes;
		const char *what;
	} cases[] = {
		{ "plain ascii", 11, "plain ascii", 0, "ASCII" },
		{ "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", 14, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", 0,
		  "2-, 3- and 4-byte sequences" },
		{ "\xef\xbf\xbd\xf4\x8f\xbf\xbf\xed\x9f\xbf\xee\x80\x80", 13,
		  "\xef\xbf\xbd\xf4\x8f\xbf\xbf\xed\x9f\xbf\xee\x80\x80", 0, "U+FFFD, U+10FFFF, U+D7FF, U+E000" },
		{ "a\0b", 3, "a#b", 1, "NUL" },
		{ "\0\0", 2, "##", 2, "two NULs" },
		{ "\xc0\x80", 2, "##", 2, "overlong NUL (C0 80)" },
		{ "\xc1\xbf", 2, "##", 2, "overlong 2-byte (C1 BF)" },
		{ "\xe0\x80\x80", 3, "###", 3, "overlong 3-byte (E0 80 80)" },
		{ "\xe0\x9f\xbf", 3, "###", 3, "overlong 3-byte (E0 9F BF)" },
		{ "\xf0\x80\x80\x80", 4, "####", 4, "overlong 4-byte (F0 80 80 80)" },
		{ "\xf0\x8f\xbf\xbf", 4, "####", 4, "overlong 4-byte (F0 8F BF BF)" },
		{ "\xed\xa0\x80", 3, "###", 3, "surrogate U+D800" },
		{ "\xed\xbf\xbf", 3, "###", 3, "surrogate U+DFFF" },
		{ "\xed\xa0\x80\xed\xb0\x80", 6, "######", 6, "surrogate pair (CESU-8)" },
		{ "\xf4\x90\x80\x80", 4, "####", 4, "U+110000" },
		{ "\xf5\x80\x80\x80", 4, "####", 4, "F5 lead" },
		{ "\xf8\x88\x80\x80\x80", 5, "#####", 5, "5-byte form" },
		{ "\xff\xfe", 2, "##", 2, "FF FE" },
		{ "\x80\xbf", 2, "##", 2, "lone continuation bytes" },
		{ "\xc2", 1, "#", 1, "truncated 2-byte at the end" },
		{ "\xe2\x82", 2, "#", 1, "truncated 3-byte at the end" },
		{ "\xe2\x82x", 3, "#x", 1, "truncated 3-byte before ASCII" },
		{ "\xf0\x9f\x98", 3, "#", 1, "truncated 4-byte at the end" },
		{ "\xf0\x9f\x98x", 4, "#x", 1, "truncated 4-byte before ASCII" },
		{ "\xc2\xc2\xa9", 3, "#\xc2\xa9", 1, "a lead byte before a valid sequence" },
		{ "\xe2\x82\xac\xe2", 4, "\xe2\x82\xac#", 1, "valid, then a lone lead byte" },
		{ "\xe0\x80x", 3, "##x", 2, "truncated overlong E0 80" },
		{ "\xed\xa0x", 3, "##x", 2, "truncated surrogate ED A0" },
		{ "\xf0\x80\x80", 3, "###", 3, "truncated overlong F0 80 80" },
		{ "\xf4\x90x", 3, "##x", 2, "truncated F4 90 (above U+10FFFF)" },
	};
	struct buf out = BUF_INIT, want = BUF_INIT;
	size_t i, k, n, fixes, pos, bad, badprefix, badrepair;
	char *s;

	bad = 0;
	for (i = 0; i < NELEM(cases); i++) {
		const char *o;

		buf_reset(&want);
		for (o = cases[i].out; *o; o++)
			if (*o == '#')
				buf_addstr(&want, "\xef\xbf\xbd");
			else
				buf_addc(&want, *o);
		s = exact(cases[i].in, cases[i].n);
		buf_reset(&out);
		buf_addstr(&out, "<");
		fixes = utf8_repair(&out, s, cases[i].n);
		ok(out.len == want.len + 1 && memcmp(out.p + 1, want.p, want.len) == 0 &&
		    fixes == cases[i].fixes,
		    "utf8_repair: %s -> %zu U+FFFD", cases[i].what, cases[i].fixes);
		if (fixes != cases[i].fixes || out.len != want.len + 1 ||
		    memcmp(out.p + 1, want.p, want.len) != 0)
			diag("  got %s with %zu replacements", show(out.p + 1, out.len - 1), fixes);
		pos = utf8_valid_prefix(s, cases[i].n);
		if (pos != ref_prefix(s, cases[i].n) && ++bad)
			diag("  utf8_valid_prefix: %s: %zu, expected %zu", cases[i].what, pos,
			    ref_prefix(s, cases[i].n));
		free(s);
	}
	ok(bad == 0, "utf8_valid_prefix stops where the reference decoder does, on all the above");
	ok(utf8_valid_prefix("", 0) == 0, "utf8_valid_prefix of nothing");
	ok(utf8_valid_prefix("\xe2\x82\xac" "abc", 6) == 6 && utf8_valid_prefix("ab\xe2\x82", 4) == 2 &&
	    utf8_valid_prefix("abc\0def", 7) == 3 && utf8_valid_prefix("\xed\xa0\x80", 3) == 0,
	    "utf8_valid_prefix stops at the first bad byte (a truncated sequence, NUL, a surrogate)");

	/* The ASCII fast path: a bad byte or NUL at every offset and alignment. */
	bad = 0;
	for (k = 0; k < 8; k++) {
		char blk[80];

		for (pos = 0; pos < 64; pos++) {
			static const unsigned char stoppers[] = { 0x00, 0x80, 0xff, 0xc0, 0xc3 };
			size_t j;

			for (j = 0; j < sizeof stoppers; j++) {
				memset(blk, 'x', sizeof blk);
				blk[k + pos] = (char)stoppers[j];
				if (utf8_valid_prefix(blk + k, 64) != pos)
					bad++;
			}
			memset(blk, 0x7f, sizeof blk);
			if (utf8_valid_prefix(blk + k, pos) != pos)
				bad++;
		}
	}
	ok(bad == 0, "utf8_valid_prefix finds a bad byte or NUL at every offset and alignment");

	/* Random strings made of valid, broken and truncated pieces. */
	badprefix = badrepair = 0;
	for (k = 0; k < 30000; k++) {
		static const char *const pieces[] = {
			"a", "Z", " ", "\0", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80",
			"\xf4\x8f\xbf\xbf", "\xed\x9f\xbf", "\xee\x80\x80", "\xc2", "\xe2",
			"\xe2\x82", "\xf0", "\xf0\x9f", "\xf0\x9f\x98", "\x80", "\xbf", "\xc0",
			"\xc1", "\xe0\x80", "\xe0\xa0", "\xed\xa0", "\xf0\x80", "\xf0\x90",
			"\xf4\x90", "\xf4\x8f", "\xf5", "\xff", "\xfe", "abcdefghij",
		};
		char str[300];
		size_t got, exp, fx, fy;

		n = 0;
		while (n < 250 && rndn(40)) {
			if (rndn(8) == 0) {
				str[n++] = (char)rnd();
			} else {
				const char *pc = pieces[rndn(NELEM(pieces))];
				size_t pl = pc[0] ? strlen(pc) : 1;

				memcpy(str + n, pc, pl);
				n += pl;
			}
		}
		s = exact(str, n);
		got = utf8_valid_prefix(s, n);
		exp = ref_prefix(s, n);
		if (got != exp && badprefix++ < 3)
			diag("  utf8_valid_prefix(%s) = %zu, expected %zu", show(s, n), got, exp);
		buf_reset(&out);
		buf_reset(&want);
		buf_add(&out, "", 0);
		buf_add(&want, "", 0);
		fx = utf8_repair(&out, s, n);
		fy = ref_repair(&want, s, n);
		if ((fx != fy || out.len != want.len || memcmp(out.p, want.p, want.len) != 0) &&
		    badrepair++ < 3)
			diag("  utf8_repair(%s) = %s (%zu), expected %s (%zu)", show(s, n),
			    show(out.p, out.len), fx, show(want.p, want.len), fy);
		if (utf8_valid_prefix(out.p, out.len) != out.len && badrepair++ < 3)
			diag("  utf8_repair(%s) is not valid UTF-8", show(s, n));
		free(s);
	}
	ok(badprefix == 0, "utf8_valid_prefix agrees with a reference decoder on 30000 random strings");
	ok(badrepair == 0, "utf8_repair agrees with Unicode's maximal-subpart replacement on them");
	buf_free(&out);
	buf_free(&want);
}

/* text: the rest */

static void
test_day(void)
{
	char w[9];
	int64_t mon;

	ok(day_of(0) == 0 && day_of(DAY - 1) == 0 && day_of(-1) == -1 && day_of(-DAY) == -1,
	    "day_of rounds down, before the epoch too");
	/* 1970-01-01 was a Thursday: its week began on Monday 1969-12-29. */
	ok(day_monday(0) == -3 && day_monday(4 * DAY) == 4 && day_monday(-1) == -3,
	    "day_monday: the Monday of the ISO week");
	ok(day_month(0) == 1970 * 12 && day_month(-1) == 1969 * 12 + 11,
	    "day_month: year * 12 + month - 1");
	/* 2021-01-03 (a Sunday) is in 2020's week 53; 2019-05-01 in week 18. */
	day_isoweek(1609632000, w, &mon);
	ok(!strcmp(w, "2020-W53") && mon == 1609113600, "day_isoweek: a week of the year before");
	day_isoweek(1556668800, w, &mon);
	ok(!strcmp(w, "2019-W18") && mon == 1556496000, "day_isoweek: 2019-W18 from its Wednesday");
}

static void
test_iso_utc(void)
{
	static const struct {
		int64_t t;
		const char *s;
	} known[] = {
		{ 0, "1970-01-01T00:00:00Z" },
		{ 951782400, "2000-02-29T00:00:00Z" },
		{ 951868799, "2000-02-29T23:59:59Z" },
		{ 951868800, "2000-03-01T00:00:00Z" },
		{ -1, "1969-12-31T23:59:59Z" },
		{ -86400, "1969-12-31T00:00:00Z" },
		{ -86401, "1969-12-30T23:59:59Z" },
		{ -2208988800LL, "1900-01-01T00:00:00Z" },
		{ -2203891200LL, "1900-03-01T00:00:00Z" },
		{ 2147483647LL, "2038-01-19T03:14:07Z" },
		{ 2147483648LL, "2038-01-19T03:14:08Z" },
		{ 4294967296LL, "2106-02-07T06:28:16Z" },
		{ 4107542400LL, "2100-03-01T00:00:00Z" },
		{ 1234567890, "2009-02-13T23:31:30Z" },
		{ 253402300799LL, "9999-12-31T23:59:59Z" },
		{ -62167219200LL, "0000-01-01T00:00:00Z" },
		{ -62162035200LL, "0000-03-01T00:00:00Z" },
	};
	char out[21];
	size_t i, bad;
	int k;

	for (i = 0; i < NELEM(known); i++) {
		memset(out, 'X', sizeof out);
		iso_utc(out, known[i].t);
		is_mem(out, strnlen(out, sizeof out), known[i].s, strlen(known[i].s),
		    "iso_utc(%lld)", (long long)known[i].t);
	}
	/* Against gmtime_r over the whole 4-digit range. */
	for (k = 0, bad = 0; k < 200000; k++) {
		int64_t t = -62167219200LL + (int64_t)(rnd() % (253402300800ULL + 62167219200ULL));
		time_t tt = (time_t)t;
		struct tm tm;
		char want[80];

		if ((int64_t)tt != t || !gmtime_r(&tt, &tm))
			continue;
		snprintf(want, sizeof want, "%04d-%02d-%02dT%02d:%02d:%02dZ", tm.tm_year + 1900,
		    tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
		iso_utc(out, t);
		if (strcmp(out, want) != 0 && bad++ < 3)
			diag("  iso_utc(%lld) = %s, gmtime says %s", (long long)t, out, want);
	}
	ok(bad == 0, "iso_utc agrees with gmtime_r on 200000 random times in years 0..9999");
	iso_utc(out, INT64_MAX);
	ok(strlen(out) == 20 && strncmp(out, "9999-", 5) == 0, "iso_utc clamps the far future to 9999 (%s)", out);
	iso_utc(out, INT64_MIN);
	ok(strlen(out) == 20 && strncmp(out, "0000-", 5) == 0, "iso_utc clamps the far past to 0000 (%s)", out);
}

static void
test_stripspace(void)
{
	/* Expected outputs are what "git stripspace" (2.39) prints. */
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "", "" },
		{ "\n\n\n", "" },
		{ "a", "a\n" },
		{ "a\n", "a\n" },
		{ "\n\n  a  \n\n\n\tb\t \n\n\n", "  a\n\n\tb\n" },
		{ "a\r\nb\r\n", "a\nb\n" },
		{ "a\f\nb\v\n", "a\f\nb\v\n" },
		{ "  leading\n  indent kept\n", "  leading\n  indent kept\n" },
		{ "a\n \n\t\n\nb", "a\n\nb\n" },
		{ "x\n\n\n", "x\n" },
		{ "a\n\n\n\nb\n\n\nc", "a\n\nb\n\nc\n" },
		{ "\r\n\r\n", "" },
		{ "trail \t\r \nx", "trail\nx\n" },
	};
	struct buf out = BUF_INIT;
	size_t i;
	char *s;

	for (i = 0; i < NELEM(cases); i++) {
		size_t n = strlen(cases[i].in);

		s = exact(cases[i].in, n);
		buf_reset(&out);
		buf_add(&out, "", 0);
		stripspace(&out, s, n);
		is_str(out.p, cases[i].out, "stripspace(%s) as git stripspace", show(cases[i].in, n));
		free(s);
	}
	buf_reset(&out);
	buf_addstr(&out, "kept\n");
	stripspace(&out, "\n\nnew  \n\n", 9);
	is_str(out.p, "kept\nnew\n", "stripspace appends, dropping leading blank lines of its own input");
	buf_free(&out);
}

static void
test_find(void)
{
	const char *hay = "abcabcabd", *r;
	char *s;
	size_t i, k, n, bad;

	ok(find_bytes(hay, 9, "abd", 3) == hay + 6, "find_bytes finds a match at the end");
	ok(find_bytes(hay, 9, "abc", 3) == hay, "find_bytes finds the first match");
	ok(find_bytes(hay, 9, "abe", 3) == NULL, "find_bytes: no match");
	ok(find_bytes(hay, 8, "abd", 3) == NULL, "find_bytes stays within n");
	ok(find_bytes(hay, 2, "abc", 3) == NULL, "find_bytes: needle longer than the text");
	ok(find_bytes(hay, 9, "", 0) == hay && find_bytes(hay, 0, "", 0) == hay, "find_bytes: empty needle");
	ok(find_bytes("a\0b\0c", 5, "\0c", 2) != NULL && find_bytes("a\0b\0c", 5, "\0c", 2)[1] == 'c',
	    "find_bytes with NULs");
	ok(find_ci("Signed-off-by: X", 16, "signed-OFF-BY:") != NULL, "find_ci ignores ASCII case");
	ok(find_ci("xxSIGNED", 8, "signed") != NULL && find_ci("xxSIGNE", 7, "signed") == NULL,
	    "find_ci at the end, and not past it");
	ok(find_ci("abc", 3, "") != NULL, "find_ci: empty needle");
	ok(find_ci("x`b", 3, "@B") == NULL && find_ci("x[a", 3, "{A") == NULL,
	    "find_ci: bytes 0x20 apart that are no case pair stay apart");
	{
		/* Against the obvious search, on texts from a few letters. */
		static const char alpha[] = "aAbB@`[{ \xc3";
		char text[120], needle[24];
		int wrong = 0;

		for (k = 0; k < 20000 && wrong < 5; k++) {
			size_t tn = rndn(sizeof text), nn = 1 + rndn(k & 1 ? 3 : 20);
			const char *got, *want = NULL;

			for (i = 0; i < tn; i++)
				text[i] = alpha[rndn(sizeof alpha - 1)];
			/* Half the needles taken from the text, case flipped. */
			if (tn >= nn && (k & 2)) {
				size_t at = rndn(tn - nn + 1);

				for (i = 0; i < nn; i++) {
					char ch = text[at + i];

					needle[i] = isalpha((unsigned char)ch) && rndn(2) ? (char)(ch ^ 0x20) : ch;
				}
			} else {
				for (i = 0; i < nn; i++)
					needle[i] = alpha[rndn(sizeof alpha - 1)];
			}
			needle[nn] = '\0';
			for (i = 0; i + nn <= tn && !want; i++)
				if (strncasecmp(text + i, needle, nn) == 0)
					want = text + i;
			got = find_ci(text, tn, needle);
			if (got != want) {
				wrong++;
				diag("  find_ci(%s, %s): %ld, want %ld", show(text, tn), show(needle, nn),
				    got ? (long)(got - text) : -1L, want ? (long)(want - text) : -1L);
			}
		}
		ok(wrong == 0, "find_ci finds what a byte-by-byte search finds (20000 texts)");
	}
	s = exact("x\xc3\xa9T\xc3\xa9t!", 8);
	ok(find_ci(s, 8, "\xc3\xa9t!") == s + 4 && find_ci(s, 8, "\xc3\xa9") == s + 1,
	    "find_ci with a needle starting with a byte above 0x7f");
	free(s);
	s = exact("a\0Bc", 4);
	ok(find_ci(s, 4, "bc") == s + 2, "find_ci looks past a NUL in the text");
	free(s);
	ok(has_prefix_ci("Re: x", 5, "RE:") && !has_prefix_ci("Re", 2, "re:") && has_prefix_ci("", 0, ""),
	    "has_prefix_ci");

	/* Against a brute-force search, on exact-size blocks. */
	for (k = 0, bad = 0; k < 20000; k++) {
		char text[40], needle[6];
		const char *want = NULL;

		n = rndn(sizeof text);
		for (i = 0; i < n; i++)
			text[i] = "aAbB\xc3\xe3"[rndn(6)];
		size_t nl = 1 + rndn(sizeof needle - 1);

		for (i = 0; i < nl; i++)
			needle[i] = "aAbB\xc3\xe3"[rndn(6)];
		s = exact(text, n);
		for (i = 0; i + nl <= n && !want; i++)
			if (memcmp(s + i, needle, nl) == 0)
				want = s + i;
		if (find_bytes(s, n, needle, nl) != want)
			bad++;
		needle[nl] = '\0';
		want = NULL;
		for (i = 0; i + nl <= n && !want; i++) {
			size_t j;

			/* ASCII case only: 0xc3 and 0xe3 are different bytes. */
			for (j = 0; j < nl && (s[i + j] == needle[j] || ((s[i + j] | 0x20) ==
			    (needle[j] | 0x20) && (s[i + j] | 0x20) >= 'a' && (s[i + j] | 0x20) <= 'z')); j++)
				;
			if (j == nl)
				want = s + i;
		}
		r = find_ci(s, n, needle);
		if (r != want)
			bad++;
		free(s);
	}
	ok(bad == 0, "find_bytes and find_ci agree with brute force on 20000 random cases");
}

static void
test_trim(void)
{
	const char *s = " \t\r\nab c \n", *r;
	size_t n = strlen(s);

	r = trim(s, &n);
	is_mem(r, n, "ab c", 4, "trim cuts ASCII blanks at both ends");
	n = 3;
	r = trim("   ", &n);
	ok(n == 0, "trim of blanks only");
	n = 0;
	r = trim("", &n);
	ok(n == 0 && r != NULL, "trim of nothing");
}

/* "Name <addr>" and hex digits */

static void
test_name_addr(void)
{
	struct name_addr na;

	ok(name_addr_split(" Jo Doe <jo@x.org> tail", NULL, &na) == 1 &&
	    na.nlen == 8 && !memcmp(na.name, " Jo Doe ", 8) && na.alen == 8 &&
	    !memcmp(na.addr, "jo@x.org", 8) && !strcmp(na.rest, " tail"),
	    "name_addr_split: the name as written, the address, the rest");
	ok(name_addr_split("\t\"Jo\" <a>", " \t\"", &na) == 1 && na.nlen == 2 &&
	    !memcmp(na.name, "Jo", 2), "name_addr_split: blanks trimmed off the name");
	ok(name_addr_split("<> x", " ", &na) == 1 && na.nlen == 0 && na.alen == 0,
	    "name_addr_split: an empty name and address");
	ok(name_addr_split("jo@x.org", NULL, &na) == 0, "name_addr_split: no '<'");
	ok(name_addr_split("Jo <jo@x.org", NULL, &na) == -1, "name_addr_split: no '>'");
	ok(hexval('0') == 0 && hexval('a') == 10 && hexval('F') == 15 && hexval('g') == -1,
	    "hexval");
}

/* subject */

static void
test_subject(void)
{
	enum {
		P = SUBJ_PATCH, RFC = SUBJ_RFC, RES = SUBJ_RESEND, ST = SUBJ_STABLE,
		NX = SUBJ_NEXT, PU = SUBJ_PULL, RE = SUBJ_REPLY, FW = SUBJ_FWD, BR = SUBJ_BRACKET
	};
	static const struct {
		const char *s;
		int version, part, total;
		unsigned tags, ignore;
	} cases[] = {
		{ "[PATCH v2 3/7] foo", 2, 3, 7, P | BR, 0 },
		/* net-next is a subsystem tree; the header promises next, -next, linux-next. */
		{ "[RFC PATCH net-next v3 00/12] x", 3, 0, 12, RFC | P | BR, NX },
		{ "Re: [PATCH] x", -1, -1, -1, RE | P | BR, 0 },
		{ "[PATCHv4 1/2] y", 4, 1, 2, P | BR, 0 },
		{ "[PATCH 5.4 012/123] z", -1, 12, 123, P | ST | BR, 0 },
		{ "[PATCH -next] a", -1, -1, -1, P | NX | BR, 0 },
		{ "[GIT PULL] b", -1, -1, -1, PU | BR, 0 },
		{ "[siemens/jailhouse] 29796b: ci: x", -1, -1, -1, BR, 0 },
		{ "Bluetooth: rfcomm: fix", -1, -1, -1, 0, 0 },
		{ "AW: [PATCH RESEND] x", -1, -1, -1, RE | P | RES | BR, 0 },
		{ "Fwd: [PATCH 1/2] x", -1, 1, 2, FW | P | BR, 0 },
		{ "Fw: x", -1, -1, -1, FW, 0 },
		{ "Re[2]: [PATCH] x", -1, -1, -1, RE | P | BR, 0 },
		{ "RE: AW: Sv: [PATCH] x", -1, -1, -1, RE | P | BR, 0 },
		{ "Re: Re: [PATCH v3 2/4] x", 3, 2, 4, RE | P | BR, 0 },
		{ "[RFC/PATCH v2] x", 2, -1, -1, RFC | P | BR, 0 },
		{ "[PATCH RFC v2 1/3] x", 2, 1, 3, RFC | P | BR, 0 },
		{ "[PATCH AUTOSEL 4.19 01/10] x", -1, 1, 10, P | ST | BR, 0 },
		{ "[PATCH stable 4.14] x", -1, -1, -1, P | ST | BR, 0 },
		{ "[PATCH 4.19] x", -1, -1, -1, P | BR, 0 },
		{ "[PATCH linux-next] x", -1, -1, -1, P | NX | BR, 0 },
		{ "[PATCH next 1/1] x", -1, 1, 1, P | NX | BR, 0 },
		{ "[PATCH v2.1] x", 2, -1, -1, P | BR, 0 },
		{ "[PATCH V3 0/5] x", 3, 0, 5, P | BR, 0 },
		{ "[patch v2] lower case", 2, -1, -1, P | BR, 0 },
		{ "[PATCH, v2] comma", 2, -1, -1, P | BR, 0 },
		{ "[PATCH] [RFC] x", -1, -1, -1, P | RFC | BR, 0 },
		{ "[PATCH net 1/3] x", -1, 1, 3, P | BR, 0 },
		{ "[PULL REQUEST] x", -1, -1, -1, PU | BR, 0 },
		{ "[PATCH v2 3/7", -1, -1, -1, 0, 0 },
		{ "Sv: [RFC] x", -1, -1, -1, RE | RFC | BR, 0 },
		{ "Subject: no tags", -1, -1, -1, 0, 0 },
		{ "rfc: not a tag", -1, -1, -1, 0, 0 },
		{ "[PATCH 16/17] RFC: allow x", -1, 16, 17, P | RFC | BR, 0 },
		{ "[PATCH] RFCOMM: not one", -1, -1, -1, P | BR, 0 },
		{ "[PATCH] Bluetooth: rfcomm: x", -1, -1, -1, P | BR, 0 },
		{ "fix [PATCH v2 1/2] later", -1, -1, -1, 0, 0 },
		/* The ways lists write an RFC: every one is an RFC patch. */
		{ "[RFC-PATCH] x", -1, -1, -1, RFC | P | BR, 0 },
		{ "[PATCH RFC] x", -1, -1, -1, RFC | P | BR, 0 },
		{ "[RFC PATCH] x", -1, -1, -1, RFC | P | BR, 0 },
		{ "[RFC v2 PATCH] x", 2, -1, -1, RFC | P | BR, 0 },
		{ "[RFC PATCH v3 2/5] x", 3, 2, 5, RFC | P | BR, 0 },
		{ "[PATCH v2 RFC 1/3] x", 2, 1, 3, RFC | P | BR, 0 },
		{ "[PATCH/RFC] x", -1, -1, -1, RFC | P | BR, 0 },
		{ "[PATCH/RFC 2/4] x", -1, 2, 4, RFC | P | BR, 0 },
		{ "[RFCv2 PATCH] x", 2, -1, -1, RFC | P | BR, 0 },
		{ "[RFC_PATCH] x", -1, -1, -1, RFC | P | BR, 0 },
		{ "[PATCH RFCv2 2/3] x", 2, 2, 3, RFC | P | BR, 0 },
		{ "[PATCH RFC-v4 0/7] x", 4, 0, 7, RFC | P | BR, 0 },
		{ "[PATCH-RFC 1/2] x", -1, 1, 2, RFC | P | BR, 0 },
		{ "[rfc-patch v2] x", 2, -1, -1, RFC | P | BR, 0 },
		{ "[RFC-PATCH-v5 3/3] x", 5, 3, 3, RFC | P | BR, 0 },
		{ "[RESEND-PATCH RFC] x", -1, -1, -1, RES | RFC | P | BR, 0 },
		{ "[RFCv3] x", 3, -1, -1, RFC | BR, 0 },
		{ "Re: [RFCv2] x", 2, -1, -1, RE | RFC | BR, 0 },
		{ "[RFC,v2] x", 2, -1, -1, RFC | BR, 0 },
		{ "[PATCHv2 RFC] x", 2, -1, -1, P | RFC | BR, 0 },
		{ "[PATCH_v3 1/2] x", 3, 1, 2, P | BR, 0 },
		/* Words are matched as words: none of these is an RFC. */
		{ "[rfcomm] x", -1, -1, -1, BR, 0 },
		{ "[PATCH rfcomm] x", -1, -1, -1, P | BR, 0 },
		{ "[RFCOMM-v2] x", -1, -1, -1, BR, 0 },
		{ "[PATCH] rfc822: parse dates", -1, -1, -1, P | BR, 0 },
		{ "[PATCH] mac80211: handle an RFC 1042 header", -1, -1, -1, P | BR, 0 },
		{ "[PATCH] net: follow RFC 5322", -1, -1, -1, P | BR, 0 },
		{ "[PATCH v2] RFC 5322 dates", 2, -1, -1, P | BR, 0 },
		{ "Re: RFC 5322 parsing", -1, -1, -1, RE, 0 },
		{ "[PATCH for-next v2] x", 2, -1, -1, P | BR, 0 },
		{ "[PATCH net-next v2] x", 2, -1, -1, P | BR, 0 },
		{ "", -1, -1, -1, 0, 0 },
	};
	static const struct {
		const char *in, *out;
	} titles[] = {
		/* Expected: the Subject "git mailinfo" (2.39) prints. */
		{ "Re: [PATCH] a  b", "a b" },
		{ "[a] [b] c", "c" },
		{ "Re:", "Re:" },
		{ "re:re: x", "x" },
		{ "RE:[PATCH]x", "x" },
		{ "Rex: y", "Rex: y" },
		{ "[PATCH v2 3/7] foo", "foo" },
		{ "Fwd: [PATCH] x", "Fwd: [PATCH] x" },
		{ "AW: [PATCH RESEND] x", "AW: [PATCH RESEND] x" },
		{ "[unclosed x", "[unclosed x" },
		{ "x [y] z", "x [y] z" },
		{ "[PATCH]", "" },
		{ ":: [x]  y z", "y z" },
		{ "[PATCH] Re: foo", "foo" },
		{ "a\tb", "a b" },
		{ "a\fb  \v c", "a\fb \v c" },
		{ "Re: Re: [PATCH 1/2] net: fix  the\tthing", "net: fix the thing" },
		{ "[PATCH][RFC] x", "x" },
		{ "[PATCH]Re:x", "x" },
		{ "  [a]b", "b" },
		{ "[PATCH] [x", "[x" },
		{ "Re: Re", "Re" },
		{ "Re:x", "x" },
		{ "[] x", "x" },
		{ "[[a]] b", "] b" },
		{ "R", "R" },
		{ "::", "" },
		{ "Re: :[PATCH v3]:  Re: x", "x" },
		{ "x  y\t\t", "x y" },
		{ "", "" },
	};
	struct subject_info si;
	struct buf out = BUF_INIT;
	size_t i, n;
	char *s;

	for (i = 0; i < NELEM(cases); i++) {
		n = strlen(cases[i].s);
		s = exact(cases[i].s, n);
		si.version = si.part = si.total = 99;
		si.tags = 0xdead0000;
		subject_parse(s, n, &si);
		ok(si.version == cases[i].version && si.part == cases[i].part &&
		    si.total == cases[i].total && (si.tags & ~cases[i].ignore) == cases[i].tags,
		    "subject_parse %s", show(cases[i].s, n));
		if (si.version != cases[i].version || si.part != cases[i].part ||
		    si.total != cases[i].total || (si.tags & ~cases[i].ignore) != cases[i].tags)
			diag("  got v%d %d/%d tags %#x, expected v%d %d/%d tags %#x", si.version,
			    si.part, si.total, si.tags, cases[i].version, cases[i].part,
			    cases[i].total, cases[i].tags);
		free(s);
	}
	for (i = 0; i < NELEM(titles); i++) {
		n = strlen(titles[i].in);
		s = exact(titles[i].in, n);
		buf_reset(&out);
		buf_add(&out, "", 0);
		subject_title(&out, s, n);
		is_str(out.p, titles[i].out, "subject_title %s as git am", show(titles[i].in, n));
		free(s);
	}
	buf_reset(&out);
	buf_addstr(&out, "x: ");
	subject_title(&out, "[PATCH] y", 9);
	is_str(out.p, "x: y", "subject_title appends to what the buffer holds");
	buf_free(&out);
}

/* diff */

static void
test_diff(void)
{
	static const struct {
		const char *line;
		int ok;
		long oldn, newn;
	} headers[] = {
		{ "@@ -1,3 +1,4 @@", 1, 3, 4 },
		{ "@@ -1 +1 @@", 1, 1, 1 },
		{ "@@ -0,0 +1 @@ x", 1, 0, 1 },
		{ "@@ -5,0 +6,2 @@func()", 1, 0, 2 },
		{ "@@ -10,7 +10,6 @@ static int foo(void)", 1, 7, 6 },
		{ "@@ -1,3 +1,4", 0, 0, 0 },
		{ "@@ -1,3 +1,4 @", 0, 0, 0 },
		{ "@@ -a +1 @@", 0, 0, 0 },
		{ "@@ +1 -1 @@", 0, 0, 0 },
		{ "@@@ -1 -1 +1 @@@", 0, 0, 0 },
		{ "@@ -1, +1 @@", 0, 0, 0 },
		{ "@@ -1,3 +1,4@@", 0, 0, 0 },
		{ "@@ -1 1 @@", 0, 0, 0 },
		{ " @@ -1 +1 @@", 0, 0, 0 },
		{ "@@ -", 0, 0, 0 },
		{ "@@", 0, 0, 0 },
		{ "", 0, 0, 0 },
	};
	static const char good[] =
	    "diff --git a/f.c b/f.c\n"
	    "index 1111111..2222222 100644\n"
	    "--- a/f.c\n"
	    "+++ b/f.c\n"
	    "@@ -1,3 +1,4 @@\n"
	    " a\n"
	    "-b\n"
	    "+B\n"
	    "+c\n"
	    " d\n"
	    "@@ -10,2 +11,2 @@ int f(void)\n"
	    "-x\n"
	    "--- a comment line removed\n"
	    "+y\n"
	    "+++ a line added\n";
	static const struct {
		const char *what, *text;
		long hunks;
		int consistent;
	} checks[] = {
		{ "a consistent diff, lines starting --- and +++ inside hunks", good, 2, 1 },
		{ "the same without its final newline",
		  "@@ -1,2 +1,2 @@\n a\n-b\n+c", 1, 1 },
		{ "a hunk cut short",
		  "--- a/f\n+++ b/f\n@@ -1,3 +1,4 @@\n a\n-b\n+B\n+c\n", 1, 0 },
		{ "a hunk cut short by the next file",
		  "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n+c\n"
		  "diff --git a/g b/g\n--- a/g\n+++ b/g\n@@ -1 +1 @@\n-x\n+y\n", 2, 0 },
		{ "a hunk with a line no diff holds",
		  "@@ -1,3 +1,3 @@\n a\nrandom text\n-b\n+c\n d\n", 1, 0 },
		{ "a hunk with more removals than its header says",
		  "@@ -1,1 +1,2 @@\n-a\n-b\n+c\n", 1, 0 },
		/* Like git apply, text after a complete hunk is not looked at. */
		{ "a line after a complete hunk",
		  "@@ -1,1 +1,1 @@\n a\n-b\n", 1, 1 },
		{ "a \"-- \" signature after the last hunk",
		  "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n"
		  "-- \n2.39.5\n\n", 1, 1 },
		{ "a context line emptied by a mailer",
		  "@@ -1,3 +1,3 @@\n a\n\n-b\n+c\n", 1, 1 },
		{ "\\ No newline at end of file",
		  "@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n", 1, 1 },
		{ "a pure rename (no hunks) counts as 1",
		  "diff --git a/x b/y\nsimilarity index 100%\nrename from x\nrename to y\n", 1, 1 },
		{ "two pure renames count as 2",
		  "diff --git a/x b/y\nsimilarity index 100%\nrename from x\nrename to y\n"
		  "diff --git a/p b/q\nsimilarity index 100%\nrename from p\nrename to q\n", 2, 1 },
		{ "a mode change, then a file with a hunk",
		  "diff --git a/s b/s\nold mode 100644\nnew mode 100755\n"
		  "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n", 2, 1 },
		{ "a binary patch counts as 1",
		  "diff --git a/b.bin b/b.bin\nnew file mode 100644\nindex 0000000..f76dd23\n"
		  "GIT binary patch\nliteral 6\nNcmZQzWMXDvhX4Qo\n\nliteral 0\nHcmV?d00001\n\n", 1, 1 },
		{ "\"Binary files ... differ\" counts as 1",
		  "diff --git a/b b/b\nindex 1..2 100644\nBinary files a/b and b/b differ\n", 1, 1 },
		{ "a new file", "--- /dev/null\n+++ b/n\n@@ -0,0 +1,2 @@\n+a\n+b\n", 1, 1 },
		{ "a deleted file", "--- a/n\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-a\n-b\n", 1, 1 },
		{ "no diff at all", "just a message\n", 0, 1 },
		{ "empty text", "", 0, 1 },
	};
	static const struct {
		const char *line, *next;
		int yes;
	} starts[] = {
		{ "diff --git a/x b/x", NULL, 1 }, { "diff -u a b", NULL, 1 },
		{ "Index: foo.c", NULL, 1 }, { "--- a/x", "+++ b/x", 1 },
		{ "--- a/x", "--- b/x", 0 }, { "--- a/x", NULL, 0 }, { "-- ", "+++ b", 0 },
		{ "diff", NULL, 0 }, { "different", NULL, 0 }, { "", "", 0 },
	};
	size_t i, n;
	long o, nw, hunks;
	int consistent, r;
	char *s, *nx;

	for (i = 0; i < NELEM(headers); i++) {
		n = strlen(headers[i].line);
		s = exact(headers[i].line, n);
		o = nw = -7;
		r = diff_hunk_header(s, n, &o, &nw);
		if (headers[i].ok)
			ok(r == 1 && o == headers[i].oldn && nw == headers[i].newn,
			    "diff_hunk_header(%s): %ld, %ld", show(headers[i].line, n),
			    headers[i].oldn, headers[i].newn);
		else
			ok(r == 0, "diff_hunk_header rejects %s", show(headers[i].line, n));
		free(s);
	}
	ok(diff_hunk_header("@@ -1 +1 @@", 10, &o, &nw) == 0, "diff_hunk_header stays within len");

	for (i = 0; i < NELEM(checks); i++) {
		n = strlen(checks[i].text);
		s = exact(checks[i].text, n);
		consistent = -1;
		hunks = diff_check(s, n, &consistent);
		ok(hunks == checks[i].hunks && consistent == checks[i].consistent,
		    "diff_check: %s: %ld hunks, %s", checks[i].what, checks[i].hunks,
		    checks[i].consistent ? "consistent" : "inconsistent");
		if (hunks != checks[i].hunks || consistent != checks[i].consistent)
			diag("  got %ld hunks, consistent %d", hunks, consistent);
		free(s);
	}

	for (i = 0; i < NELEM(starts); i++) {
		n = strlen(starts[i].line);
		s = exact(starts[i].line, n);
		nx = starts[i].next ? exact(starts[i].next, strlen(starts[i].next)) : NULL;
		r = diff_starts(s, n, nx, nx ? strlen(starts[i].next) : 0);
		ok(r == starts[i].yes, "diff_starts(%s, %s) is %d", show(starts[i].line, n),
		    starts[i].next ? show(starts[i].next, strlen(starts[i].next)) : "NULL",
		    starts[i].yes);
		free(s);
		free(nx);
	}
}

/* iso_parse reads what iso_utc writes, and nothing that is no date. */
static void
test_iso_parse(void)
{
	static const char *const bad[] = {
		"2020-02-30", "2019-02-29T00:00:00Z", "2020-13-01", "2020-00-10",
		"2020-01-01T24:00:00Z", "2020-01-01T10:60Z", "2020-1-01", "20200101",
		"2020-01-01T10:00:00Zx", "", NULL
	};
	char out[21];
	int64_t t, back;
	int wrong = 0, i;

	for (i = 0; i < 20000; i++) {
		t = (int64_t)(rnd() % 8000000000ULL) - 100000000;
		iso_utc(out, t);
		if (iso_parse(out, &back) || back != t)
			wrong++;
	}
	is_long(wrong, 0, "iso_parse(iso_utc(t)) == t for 20000 times");
	ok(iso_parse("2020-02-29", &t) == 0 && t == 1582934400, "a leap day, a bare date");
	ok(iso_parse("2019-04-28 10:11", &t) == 0 && t == 1556446260,
	    "a blank for the T, no seconds");
	for (i = 0; bad[i]; i++)
		ok(iso_parse(bad[i], &t) == -1, "iso_parse rejects '%s'", bad[i]);
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

/* hunks */

static void
test_hunks(void)
{
	static const char *const names[][2] = {
		{ "a.c", "a.c" }, { "doc/odd\nname", "doc/odd\nname" },
		{ "tab\there", "back\\slash\r" }, { "/dev/null", "new\\n" },
	};
	static const char *const bad[] = {
		"F no tab", "F two\ttabs\there", "F lone\\\tbackslash", "F bad\\qescape\tx",
		"F end\tbackslash\\",
	};
	struct buf b = BUF_INIT, old = BUF_INIT, new_ = BUF_INIT;
	struct hunks_iter it;
	struct hunks_item x;
	size_t k = 0;
	int same = 1;

	for (size_t i = 0; i < NELEM(names); i++) {
		hunks_add_file(&b, names[i][0], names[i][1]);
		hunks_add_heading(&b, "int f(void)", 11);
		hunks_add_lines(&b, 1, "x\n", 2);
	}
	is_str(b.p, "F a.c\ta.c\n@ int f(void)\n+x\nF doc/odd\\nname\tdoc/odd\\nname\n"
	    "@ int f(void)\n+x\nF tab\\there\tback\\\\slash\\r\n@ int f(void)\n+x\n"
	    "F /dev/null\tnew\\\\n\n@ int f(void)\n+x\n",
	    "hunks: the names of an F line escaped as a field is");
	hunks_iter_init(&it, b.p, b.len);
	while (hunks_next(&it, &x)) {
		if (x.kind != 'F')
			continue;
		hunks_file(&x, &old, &new_);
		same &= k < NELEM(names) && !strcmp(old.p, names[k][0]) &&
		    !strcmp(new_.p, names[k][1]);
		k++;
	}
	ok(same && k == NELEM(names), "hunks: every F line whole, its names back unescaped");
	for (size_t i = 0; i < NELEM(bad); i++) {
		hunks_iter_init(&it, bad[i], strlen(bad[i]));
		ok(hunks_next(&it, &x) && x.kind == 0,
		    "hunks: an F line without one TAB or with a bad escape is no item (%zu)", i);
	}
	buf_free(&b);
	buf_free(&old);
	buf_free(&new_);
}

/* opool */

/* An ordered pool's run: the rows emitted, the bytes in flight at most. */
struct otest {
	struct buf rows;
	pthread_mutex_t mu;
	long inflight, maxflight;
};

struct oslot {
	int k;
	long bytes;
};

static void
ot_work(void *arg, void *state, void *slot)
{
	struct oslot *s = slot;
	struct timespec ts = { 0, 200000 };

	(void)arg;
	(void)state;
	/* Some items take longer, so the threads finish out of order. */
	if (s->k % 5 == 0)
		nanosleep(&ts, NULL);
	if (s->k % 3 == 0)
		warnx("work %d", s->k);
}

static void
ot_emit(void *arg, void *slot)
{
	struct otest *t = arg;
	struct oslot *s = slot;

	buf_addf(&t->rows, "%d\n", s->k);
	if (s->k % 11 == 0)
		warnx("emit %d", s->k);
	pthread_mutex_lock(&t->mu);
	t->inflight -= s->bytes;
	pthread_mutex_unlock(&t->mu);
}

#define OT_ITEMS 300
#define OT_BYTES 1000

/* The pool on OT_ITEMS items, and what one thread would have written. */
static void
ot_run(int nthreads, size_t nslots, size_t chunk, struct buf *want_rows,
    struct buf *want_err, struct otest *t)
{
	static const struct opool_ops ops = {
		NULL, NULL, ot_work, ot_emit, NULL, OT_BYTES, 1,
	};
	struct opool *p = opool_new(&ops, t, nthreads, nslots, chunk, sizeof(struct oslot));
	struct oslot *s;

	for (int k = 0; k < OT_ITEMS; k++) {
		long bytes = (long)(k * 37 % 300) + 1;

		/* The caller's messages, before an item and while it fills one. */
		if (k % 13 == 0) {
			warnx("before %d", k);
			buf_addf(want_err, "test-common: before %d\n", k);
		}
		s = opool_next_sized(p, (size_t)bytes);
		pthread_mutex_lock(&t->mu);
		t->inflight += bytes;
		if (t->inflight > t->maxflight)
			t->maxflight = t->inflight;
		pthread_mutex_unlock(&t->mu);
		s->k = k;
		s->bytes = bytes;
		if (k % 17 == 0) {
			warnx("holding %d", k);
			buf_addf(want_err, "test-common: holding %d\n", k);
		}
		/* Every seventh item the caller did itself. */
		if (k % 7 == 0) {
			opool_push_done(p);
		} else {
			opool_push(p);
			if (k % 3 == 0)
				buf_addf(want_err, "test-common: work %d\n", k);
		}
		if (k % 11 == 0)
			buf_addf(want_err, "test-common: emit %d\n", k);
		buf_addf(want_rows, "%d\n", k);
	}
	warnx("after");
	buf_addstr(want_err, "test-common: after\n");
	/* A slot filled and never handed in: its messages still come, last. */
	s = opool_next(p);
	warnx("last");
	buf_addstr(want_err, "test-common: last\n");
	opool_finish(p);
}

static void
test_opool(void)
{
	static const size_t shapes[][3] = {
		/* threads, slots, run */
		{ 3, 16, 1 }, { 3, 16, 4 }, { 2, 4, 1 }, { 1, 1, 1 }, { 4, 256, 8 },
	};

	for (size_t i = 0; i < NELEM(shapes); i++) {
		struct otest t = { BUF_INIT, PTHREAD_MUTEX_INITIALIZER, 0, 0 };
		struct buf want_rows = BUF_INIT, want_err = BUF_INIT;
		const char *err;

		cap_begin();
		ot_run((int)shapes[i][0], shapes[i][1], shapes[i][2], &want_rows, &want_err, &t);
		err = cap_end();
		is_str(t.rows.p, want_rows.p, "opool %zu threads, %zu slots, runs of %zu: items in order",
		    shapes[i][0], shapes[i][1], shapes[i][2]);
		is_str(err, want_err.p, "opool %zu threads, %zu slots, runs of %zu: messages in order",
		    shapes[i][0], shapes[i][1], shapes[i][2]);
		ok(t.maxflight <= OT_BYTES && t.inflight == 0,
		    "opool %zu threads, %zu slots, runs of %zu: at most %d bytes in flight (%ld)",
		    shapes[i][0], shapes[i][1], shapes[i][2], OT_BYTES, t.maxflight);
		ok(warn_sink == NULL, "opool: warnings go straight to stderr after the pool");
		buf_free(&t.rows);
		buf_free(&want_rows);
		buf_free(&want_err);
		pthread_mutex_destroy(&t.mu);
	}
}

/*
 * opool_help: an item that waits for a later one works on it itself
 * (with another state), and that one may wait and help in turn.
 */
struct hstate {
	int level;
	struct hstate *next;    /* the state it helps with, or NULL */
};

struct htest {
	struct opool *p;
	struct buf rows;
	int worked[OT_ITEMS];   /* times each item was worked on */
	int level[OT_ITEMS];    /* the level it was worked on at */
	int helped;
	struct hstate st[8][3]; /* per thread: the worker's, then two helpers */
};

static void *
ht_start(void *arg, int i)
{
	return &((struct htest *)arg)->st[i][0];
}

static void
ht_work(void *arg, void *state, void *slot)
{
	struct htest *t = arg;
	struct hstate *st = state;
	struct oslot *s = slot;
	struct timespec ts = { 0, 50000 };

	/*
	 * Item 20i waits for 20i + 1, which waits for 20i + 2; not for
	 * ever (a second), so that a broken pool fails the test.
	 */
	if ((s->k % 20 == 0 || s->k % 20 == 1) && s->k + 1 < OT_ITEMS) {
		for (long tries = 0; tries < 20000 &&
		    !__atomic_load_n(&t->worked[s->k + 1], __ATOMIC_ACQUIRE); tries++) {
			if (st->next && opool_help(t->p, st->next))
				__atomic_add_fetch(&t->helped, 1, __ATOMIC_RELAXED);
			else
				nanosleep(&ts, NULL);
		}
	}
	t->level[s->k] = st->level;
	__atomic_add_fetch(&t->worked[s->k], 1, __ATOMIC_RELEASE);
}

static void
ht_emit(void *arg, void *slot)
{
	buf_addf(&((struct htest *)arg)->rows, "%d\n", ((struct oslot *)slot)->k);
}

static void
test_opool_help(void)
{
	static const struct opool_ops ops = {
		ht_start, NULL, ht_work, ht_emit, NULL, 0, 0,
	};
	static const int threads[] = { 1, 3 };

	for (size_t i = 0; i < NELEM(threads); i++) {
		struct htest *t = xcalloc(1, sizeof *t);
		struct buf want = BUF_INIT;
		int once = 1, deep = 1;

		for (int a = 0; a < 8; a++)
			for (int b = 0; b < 3; b++) {
				t->st[a][b].level = b;
				t->st[a][b].next = b < 2 ? &t->st[a][b + 1] : NULL;
			}
		t->p = opool_new(&ops, t, threads[i], 16, 1, sizeof(struct oslot));
		for (int k = 0; k < OT_ITEMS; k++) {
			struct oslot *s = opool_next(t->p);

			s->k = k;
			opool_push(t->p);
			buf_addf(&want, "%d\n", k);
		}
		opool_finish(t->p);
		for (int k = 0; k < OT_ITEMS; k++)
			once &= t->worked[k] == 1;
		/* One thread: only its helpers can work on what it waits for. */
		for (int k = 0; threads[i] == 1 && k + 2 < OT_ITEMS; k += 20)
			deep &= t->level[k] == 0 && t->level[k + 1] == 1 && t->level[k + 2] == 2;
		is_str(t->rows.p, want.p, "opool_help, %d threads: items in order", threads[i]);
		ok(once, "opool_help, %d threads: every item worked on once", threads[i]);
		if (threads[i] == 1)
			ok(deep && t->helped == 2 * (OT_ITEMS / 20),
			    "opool_help, one thread: the waiting items' helpers did the next two (%d)",
			    t->helped);
		buf_free(&t->rows);
		buf_free(&want);
		free(t);
	}
}

/* tables */

static struct tsv_reader tables_r;

static void
child_misspelt_col(void *arg)
{
	(void)table_col(&tables_r, TABLE_PATCHES, (const char *)arg);
}

static void
child_misspelt_need(void *arg)
{
	(void)table_need(&tables_r, TABLE_MAILS, (const char *)arg);
}

static void
child_misspelt_skip(void *arg)
{
	table_skip(&tables_r, TABLE_CHANGELOG, (const char *)arg);
}

/*
 * A reader's lookups through the contract (tables.h): a column of the
 * kind is found or absent (-1) as tsv_col() has it; a name that is not
 * one of the kind's columns stops the tool at once, named, whether the
 * table has such a column or not.
 */
static void
test_tables(void)
{
	static const char t[] = "id\tkind\ttitel\tmsg\n" "a\tmail\tx\tm\n";
	char *path = tmp_write(t, sizeof t - 1);
	const char *want = "test-common: internal error: \"titel\" is not a column of "
	    "patches tables (common/tables.c)\n";
	int st;

	ok(tsv_open(&tables_r, path) == 0, "tables: the table opens");
	ok(table_col(&tables_r, TABLE_PATCHES, COL_ID) == 0 &&
	    table_col(&tables_r, TABLE_PATCHES, COL_KIND) == 1,
	    "table_col: a column of the kind, in the table: its index");
	ok(table_col(&tables_r, TABLE_PATCHES, COL_TITLE) == -1 &&
	    table_col(&tables_r, TABLE_PATCHES, COL_CREDITS) == -1,
	    "table_col: a column of the kind the table lacks: -1");
	ok(table_need(&tables_r, TABLE_PATCHES, COL_MSG) == 3,
	    "table_need: a column of the kind, in the table: its index");

	st = run_child(child_misspelt_col, "titel");
	ok(WIFEXITED(st) && WEXITSTATUS(st) == PT_EXIT_FAILED,
	    "table_col: a misspelt column: exit status %d (got 0x%x)", PT_EXIT_FAILED, st);
	ok(!strcmp(captured.p, want), "table_col: the message names the column and the kind "
	    "(%s)", show(captured.p, captured.len));
	st = run_child(child_misspelt_col, "commit_date");
	ok(WIFEXITED(st) && WEXITSTATUS(st) == PT_EXIT_FAILED &&
	    strstr(captured.p, "\"commit_date\" is not a column of patches tables"),
	    "table_col: another kind's column is refused too");
	st = run_child(child_misspelt_need, "diff_");
	ok(WIFEXITED(st) && WEXITSTATUS(st) == PT_EXIT_FAILED &&
	    strstr(captured.p, "internal error: \"diff_\" is not a column of mails tables"),
	    "table_need: a misspelt column is an internal error, not a missing column");
	st = run_child(child_misspelt_skip, "runs");
	ok(WIFEXITED(st) && WEXITSTATUS(st) == PT_EXIT_FAILED &&
	    strstr(captured.p, "\"runs\" is not a column of changes-log tables"),
	    "table_skip: a misspelt column is refused");
	tsv_close(&tables_r);

	/* Each kind's list: unique names, each a column constant's value. */
	for (int k = TABLE_MAILS; k < TABLE_KINDS; k++) {
		const struct table_cols *c = &table_cols[k];
		int dup = 0;

		for (size_t i = 0; i < c->n; i++)
			for (size_t j = i + 1; j < c->n; j++)
				dup |= !strcmp(c->cols[i], c->cols[j]);
		ok(c->name && c->n > 0 && !dup, "tables: %s has a name and unique columns",
		    c->name ? c->name : "(unnamed)");
	}
	ok(table_cols[TABLE_CHANGELOG].n == CHANGELOG_NCOLS,
	    "tables: CHANGELOG_NCOLS counts the changes log's columns");
}

/* vocab */

static void
test_vocab(void)
{
	int t, all = 1;

	for (t = MT_PATCH; t < MT_N; t++)
		all &= mtype_parse(mtype_name(t)) == t;
	ok(all, "mtype_parse: the name of every mail type gives it back");
	ok(mtype_parse("") == MT_UNKNOWN && mtype_parse("Patch") == MT_UNKNOWN &&
	    !strcmp(mtype_name(MT_UNKNOWN), "") && !strcmp(mtype_name(MT_N), ""),
	    "mtype_parse, mtype_name: an unknown type");
	ok(!strcmp(mail_flag_names[F_DATE_RECEIVED], "date-received") &&
	    !strcmp(mail_flag_names[F_TRUNCATED], "truncated"),
	    "mail_flag_names: by flag number");
	ok(!strcmp(commit_flag_names[0], FLAG_CP1252) &&
	    !strcmp(commit_flag_names[3], FLAG_SIDE) && G_SIDE == 1 << 3,
	    "commit_flag_names: by bit");
}

int
main(void)
{
	setprogname("test-common");
	have_gzip = system("gzip --version >/dev/null 2>&1") == 0;
	have_xz = system("xz --version >/dev/null 2>&1") == 0;
	if (!have_gzip)
		diag("gzip not found: its tests are skipped");
	if (!have_xz)
		diag("xz not found: its tests are skipped");

	test_util();
	test_buf();
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
	test_tables();
	test_vocab();
	test_set64();
	test_iso_parse();
	test_zio();
	test_lines_long();
	test_hash();
	test_utf8();
	test_iso_utc();
	test_day();
	test_stripspace();
	test_find();
	test_trim();
	test_name_addr();
	test_subject();
	test_diff();
	test_hunks();
	test_opool();
	test_opool_help();

	printf("1..%d\n", ntests);
	tmp_cleanup();
	buf_free(&captured);
	if (nfailed)
		diag("failed %d of %d tests", nfailed, ntests);
	return nfailed ? 1 : 0;
}
