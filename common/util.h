/*
 * util.h - diagnostics and allocation helpers shared by every tool.
 *
 * Messages go to stderr as "progname: text".  die() exits with status 1
 * (data or runtime error); usage errors are the tools' own business
 * (exit 2).  When a format ends in ':' the text of errno is appended,
 * as in sbase's eprintf.
 */
#ifndef PT_UTIL_H
#define PT_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

extern const char *progname;

void setprogname(const char *argv0);
void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
void warnx(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
void *xreallocarray(void *p, size_t n, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Parse a whole decimal number in [min, max]; 0 on success, -1 if not. */
int parse_long(const char *s, long min, long max, long *out);

/* Flush and close stdout, dying with a message if anything failed. */
void close_stdout(void);

/* Print the --version line shared by all tools. */
void print_version(void);

#endif
