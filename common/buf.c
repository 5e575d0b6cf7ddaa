/*
 * buf.c - a growable byte buffer (buf.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "util.h"

void
buf_grow(struct buf *b, size_t extra)
{
	size_t want = b->len + extra + 1;
	size_t cap;

	if (want <= b->cap)
		return;
	if (want < b->len)
		die("buffer size overflow");
	cap = b->cap ? b->cap : 64;
	while (cap < want)
		cap = cap * 2 > cap ? cap * 2 : want;
	b->p = xrealloc(b->p, cap);
	b->cap = cap;
	/* A first allocation holds garbage; p must read as a string at once. */
	b->p[b->len] = '\0';
}

void
buf_add(struct buf *b, const void *s, size_t n)
{
	buf_grow(b, n);
	if (n)
		memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

void
buf_addstr(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void
buf_addc(struct buf *b, int c)
{
	buf_addc_fast(b, (char)c);
}

void
buf_addf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	buf_grow(b, 64);
	va_start(ap, fmt);
	n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n < 0)
		die("buf_addf: bad format");
	if ((size_t)n >= b->cap - b->len) {
		buf_grow(b, (size_t)n);
		va_start(ap, fmt);
		vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
		va_end(ap);
	}
	b->len += (size_t)n;
}

void
buf_reset(struct buf *b)
{
	b->len = 0;
	if (b->p)
		b->p[0] = '\0';
}

void
buf_shrink(struct buf *b, size_t keep)
{
	if (b->cap > keep)
		buf_free(b);
	else
		buf_reset(b);
}

void
buf_truncate(struct buf *b, size_t len)
{
	if (len < b->len) {
		b->len = len;
		b->p[len] = '\0';
	}
}

void
buf_free(struct buf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}

char *
buf_detach(struct buf *b, size_t *len)
{
	char *p;

	if (!b->p)
		buf_grow(b, 0);
	p = b->p;
	if (len)
		*len = b->len;
	b->p = NULL;
	b->len = b->cap = 0;
	return p;
}
