/*
 * tap.c - the unit tests' shared helpers (tap.h).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "buf.h"
#include "tap.h"
#include "util.h"


/* TAP */

static int ntests, nfailed;
static int cap_saved = -1;   /* the real stderr while it is captured */

/* Diagnostics go to the real stderr, even while stderr is captured. */
void
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

int
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

void
skip(const char *why)
{
	printf("ok %d # skip %s\n", ++ntests, why);
	fflush(stdout);
}

/* A C-escaped rendering of s[0..n) for diagnostics (four in rotation). */
const char *
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

int
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

int
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

/* Helpers: PRNG, temporary files, captured stderr, child processes */

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

/* splitmix64: fixed seed, so every run sees the same "random" data. */
uint64_t
rnd(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

size_t
rndn(size_t n)
{
	return (size_t)(rnd() % n);
}

static char *tmpfiles[512];
static size_t ntmp;

/* A new empty file under /tmp, removed at the end of the run. */
char *
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

void
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

char *
tmp_write(const void *data, size_t n)
{
	char *path = tmp_name();

	write_file(path, data, n);
	return path;
}

char *
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

int have_gzip, have_xz;

/* Run "cmd < in > out" for a new temporary out; NULL when cmd failed. */
char *
tmp_filter(const char *cmd, const char *in)
{
	char *out = tmp_name(), line[1024];

	snprintf(line, sizeof line, "%s < '%s' > '%s'", cmd, in, out);
	fflush(stdout);
	if (system(line) != 0)
		return NULL;
	return out;
}

void
tmp_cleanup(void)
{
	size_t i;

	for (i = 0; i < ntmp; i++) {
		unlink(tmpfiles[i]);
		free(tmpfiles[i]);
	}
	ntmp = 0;
}

struct buf captured = BUF_INIT;
static int cap_fd = -1;

/* Send stderr to a file until cap_end(), which leaves it in captured. */
void
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

const char *
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
int
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
char *
exact(const char *s, size_t n)
{
	char *p = xmalloc(n);

	if (n)
		memcpy(p, s, n);
	return p;
}

void
tap_init(const char *name)
{
	setprogname(name);
	have_gzip = system("gzip --version >/dev/null 2>&1") == 0;
	have_xz = system("xz --version >/dev/null 2>&1") == 0;
	if (!have_gzip)
		diag("gzip not found: its tests are skipped");
	if (!have_xz)
		diag("xz not found: its tests are skipped");
}

int
tap_done(void)
{
	printf("1..%d\n", ntests);
	tmp_cleanup();
	buf_free(&captured);
	if (nfailed)
		diag("failed %d of %d tests", nfailed, ntests);
	return nfailed ? 1 : 0;
}
