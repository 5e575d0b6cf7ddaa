/*
 * util.c - diagnostics and allocation helpers shared by every tool
 * (util.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "progress.h"
#include "util.h"

#ifndef PT_VERSION
#define PT_VERSION "0.1"
#endif

const char *progname = "patchtrack";

void
setprogname(const char *argv0)
{
	const char *p = strrchr(argv0, '/');

	progname = p ? p + 1 : argv0;
}

void (*warn_sink)(const char *line, size_t len);

void
warn_line(const char *line, size_t len)
{
	fflush(stdout);
	/* A progress bar on the line would run into the message. */
	progress_clear_line();
	/* One line whole, even from several threads (the lock is recursive). */
	flockfile(stderr);
	fwrite(line, 1, len, stderr);
	funlockfile(stderr);
}

static void
vwarn(int direct, const char *fmt, va_list ap)
{
	int saved = errno;
	char small[512], *line = small;
	size_t cap = sizeof small;
	int n;

	for (;;) {
		va_list aq;
		size_t used;

		va_copy(aq, ap);
		n = snprintf(line, cap, "%s: ", progname);
		used = n < 0 ? 0 : (size_t)n < cap ? (size_t)n : cap;
		n = vsnprintf(line + used, cap - used, fmt, aq);
		va_end(aq);
		used += n < 0 ? 0 : (size_t)n;
		if (fmt[0] && fmt[strlen(fmt) - 1] == ':')
			used += (size_t)snprintf(line + (used < cap ? used : cap),
			    used < cap ? cap - used : 0, " %s", strerror(saved));
		if (used + 2 <= cap) {
			line[used++] = '\n';
			line[used] = '\0';
			break;
		}
		if (line != small)
			free(line);
		cap = used + 2;
		/* No xmalloc: it would warn on failure, here. */
		if (!(line = malloc(cap))) {
			static const char oom[] = ": out of memory writing a message\n";

			fputs(progname, stderr);
			fputs(oom, stderr);
			return;
		}
	}
	if (!direct && warn_sink)
		warn_sink(line, strlen(line));
	else
		warn_line(line, strlen(line));
	if (line != small)
		free(line);
}

void
die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(1, fmt, ap);
	va_end(ap);
	exit(PT_EXIT_FAILED);
}

void
warnx(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(0, fmt, ap);
	va_end(ap);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		die("out of memory allocating %zu bytes", n);
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		die("out of memory allocating %zu x %zu bytes", n, size);
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory allocating %zu bytes", n);
	return p;
}

void *
xreallocarray(void *p, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		die("out of memory: %zu x %zu bytes overflows", n, size);
	return xrealloc(p, n * size);
}

void *
xgrow(void *p, size_t *cap, size_t n, size_t first, size_t size)
{
	if (n < *cap)
		return p;
	if (*cap > SIZE_MAX / 2)
		die("out of memory: %zu x 2 elements overflows", *cap);
	*cap = *cap ? *cap * 2 : first;
	return xreallocarray(p, *cap, size);
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

int
parse_long(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	if (!s || !*s)
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

/*
 * A number from 0 to 1 written as digits with at most one point: strtod
 * alone would take "0x1p-1", "nan", " 1" and, under another locale,
 * read "0.5" differently.  Up to 15 digits the value is the quotient of
 * two doubles that hold their integers exactly, which is correctly
 * rounded, as strtod's result is (Clinger's fast path); longer numbers
 * go to strtod.
 */
int
jobs_option(const char *s, long *jobs)
{
	if (parse_long(s, 1, 256, jobs) < 0) {
		warnx("--jobs %s: not a number of threads (1 to 256)", s);
		return -1;
	}
	return 0;
}

long
jobs_default(long max)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > max ? max : n;
}

int
parse_unit(const char *s, double *v)
{
	static const double pow10[] = {
		1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
		1e12, 1e13, 1e14, 1e15,
	};
	const char *p;
	char *end;
	int digits = 0, points = 0, frac = 0;
	uint64_t mant = 0;
	double x;

	for (p = s; *p; p++) {
		if (*p >= '0' && *p <= '9') {
			if (digits++ < 15)
				mant = mant * 10 + (uint64_t)(*p - '0');
			frac += points;
		} else if (*p == '.' && !points) {
			points = 1;
		} else {
			return -1;
		}
	}
	if (!digits)
		return -1;
	if (digits <= 15) {
		x = (double)mant / pow10[frac];
	} else {
		x = strtod(s, &end);
		if (*end)
			return -1;
	}
	if (!(x >= 0 && x <= 1))
		return -1;
	*v = x;
	return 0;
}

const char *
tmp_dir(void)
{
	const char *dir = getenv("TMPDIR");

	return dir && *dir ? dir : "/tmp";
}

int
scratch_open(char *path, size_t size, const char *prefix)
{
	if ((size_t)snprintf(path, size, "%s/%s.XXXXXX", tmp_dir(), prefix) >= size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return mkstemp(path);
}

void
close_stdout(void)
{
	if (fflush(stdout) != 0 || ferror(stdout))
		die("error writing standard output:");
	if (fclose(stdout) != 0)
		die("error closing standard output:");
}

void
print_version(void)
{
	printf("%s (patchtrack) %s\n", progname, PT_VERSION);
}
