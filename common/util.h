/*
 * util.h - diagnostics and allocation helpers shared by every tool.
 *
 * Messages go to stderr as "progname: text".  die() exits with
 * PT_EXIT_FAILED.  When a format ends in ':' the text of errno is
 * appended, as in sbase's eprintf.
 */
#ifndef PT_UTIL_H
#define PT_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * Exit statuses, the same in every tool (and in patchtrack):
 *
 * PT_EXIT_OK       everything was read and written.
 * PT_EXIT_SKIPPED  finished, but some input (a mail, a commit, a row)
 *                  was named on stderr and skipped, or written flagged
 *                  as damaged; the output is complete otherwise and is
 *                  to be used.
 * PT_EXIT_FAILED   failed: the output is not to be used.  A usage
 *                  error, an input that cannot be opened or read or is
 *                  cut short (a truncated .xz or .gz), a repository
 *                  that cannot be opened or walked, an unknown
 *                  revision, output that cannot be written, no memory;
 *                  and an internal error, a tool's own mistake rather
 *                  than its input's (a column looked up that its table
 *                  kind does not have: tables.h), named "internal error".
 *
 * pipeline/pipeline.mk keeps a stage's table only on the first two.
 */
#define PT_EXIT_OK      0
#define PT_EXIT_SKIPPED 1
#define PT_EXIT_FAILED  2

/* Raise *rc to status s when s is the worse (OK < SKIPPED < FAILED). */
static inline void
pt_exit_raise(int *rc, int s)
{
	if (s > *rc)
		*rc = s;
}

extern const char *progname;

void setprogname(const char *argv0);
void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
void warnx(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * When set, warnx() hands its whole line ("progname: text\n") to this
 * instead of writing it: a tool whose threads work on several inputs at
 * once keeps the messages in input order.  warn_line() writes a line
 * as warnx() would have.  die() always writes at once.
 */
extern void (*warn_sink)(const char *line, size_t len);
void warn_line(const char *line, size_t len);

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
void *xreallocarray(void *p, size_t n, size_t size);
/*
 * Room for element n of the array p, which has *cap elements of size
 * bytes: when n is *cap, *cap doubles (becomes first when 0) and p is
 * reallocated.  Returns p, moved or not; the caller owns it as before:
 *
 *	v = xgrow(v, &cap, n, 16, sizeof *v);
 *	v[n++] = x;
 */
void *xgrow(void *p, size_t *cap, size_t n, size_t first, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Parse a whole decimal number in [min, max]; 0 on success, -1 if not. */
int parse_long(const char *s, long min, long max, long *out);
/*
 * Parse a whole number in [0, 1] written as plain decimal digits with at
 * most one point ("0.82", ".5", "1"); no sign, blank, exponent, hex,
 * "nan" or "inf".  The value is strtod's, whatever the locale.  0 on
 * success, -1 if not.  Every [0, 1] option and column is read by it.
 */
int parse_unit(const char *s, double *v);

/*
 * --jobs N, the threads of a tool: 1 to 256; 0, or -1 after a message
 * naming the option.  jobs_default(): the processors online, 1 to max.
 */
int jobs_option(const char *s, long *jobs);
long jobs_default(long max);

/* Where scratch files go: $TMPDIR, else /tmp. */
const char *tmp_dir(void);
/*
 * A new scratch file tmp_dir()/PREFIX.XXXXXX (mkstemp), its name in
 * path[0..size): its descriptor, or -1 with errno set.
 */
int scratch_open(char *path, size_t size, const char *prefix);

/* Flush and close stdout, dying with a message if anything failed. */
void close_stdout(void);

/* Print the --version line shared by all tools. */
void print_version(void);

#endif
