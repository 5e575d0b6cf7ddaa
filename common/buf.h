/*
 * buf.h - a growable byte buffer.
 *
 * The buffer owns its memory; p is always NUL-terminated after any
 * buf_* call (the NUL is not counted in len), so it can be handed to
 * functions that want a C string when the contents hold no NUL.
 */
#ifndef PT_BUF_H
#define PT_BUF_H

#include <stddef.h>

struct buf {
	char *p;
	size_t len;
	size_t cap;
};

#define BUF_INIT { NULL, 0, 0 }

void buf_grow(struct buf *b, size_t extra);
void buf_add(struct buf *b, const void *s, size_t n);
void buf_addstr(struct buf *b, const char *s);
void buf_addc(struct buf *b, int c);
void buf_addf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void buf_reset(struct buf *b);
void buf_truncate(struct buf *b, size_t len);
void buf_free(struct buf *b);
/*
 * Empty b for its next use, its memory kept only up to keep bytes: a
 * buffer reused from item to item (a slot of a pool) holds what one
 * ordinary item needs, not the biggest it ever met.
 */
void buf_shrink(struct buf *b, size_t keep);
/* Hand the contents to the caller, who frees them; b is left empty. */
char *buf_detach(struct buf *b, size_t *len);

static inline void
buf_addc_fast(struct buf *b, char c)
{
	if (b->len + 2 > b->cap)
		buf_grow(b, 1);
	b->p[b->len++] = c;
	b->p[b->len] = '\0';
}

#endif
