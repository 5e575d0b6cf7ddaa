/*
 * tap.h - what the unit tests of common/ share: TAP output for prove,
 * comparisons that show what differs, a PRNG with a fixed seed (a
 * failure can be reproduced), temporary files removed at the end,
 * stderr captured (the library's messages are part of every tool's
 * interface, compared in full) and code run in a child process (die
 * and its exit status).
 *
 * A test program calls tap_init first and returns tap_done's status.
 */
#ifndef TAP_H
#define TAP_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "buf.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* Set by tap_init: can the compressed-file tests run? */
extern int have_gzip, have_xz;
/* What cap_end or run_child captured of stderr, NUL-terminated. */
extern struct buf captured;

/* Set the program's name for its messages, look for gzip and xz. */
void tap_init(const char *name);
/* Print the plan, remove the temporary files: the exit status. */
int tap_done(void);

void diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int tap_ok(int cond, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void skip(const char *why);
const char *show(const char *s, size_t n);
int is_mem_(const char *got, size_t gotlen, const char *want, size_t wantlen,
    const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 7, 8)));
int is_long_(long got, long want, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

#define ok(cond, ...) tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)
#define is_mem(g, gl, w, wl, ...) is_mem_((g), (gl), (w), (wl), __FILE__, __LINE__, __VA_ARGS__)
#define is_str(g, w, ...) is_mem_((g), (g) ? strlen(g) : 0, (w), strlen(w), \
	__FILE__, __LINE__, __VA_ARGS__)
#define is_long(g, w, ...) is_long_((long)(g), (long)(w), __FILE__, __LINE__, __VA_ARGS__)

uint64_t rnd(void);
size_t rndn(size_t n);
char *tmp_name(void);
void write_file(const char *path, const void *data, size_t n);
char *tmp_write(const void *data, size_t n);
char *slurp(const char *path, size_t *n);
char *tmp_filter(const char *cmd, const char *in);
void tmp_cleanup(void);
void cap_begin(void);
const char *cap_end(void);
int run_child(void (*fn)(void *), void *arg);
char *exact(const char *s, size_t n);

#endif
