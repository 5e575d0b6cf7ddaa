/*
 * rfc2047.h - decode RFC 2047 encoded words in a header value.
 *
 * Written here rather than taken from gmime, whose decoder drops the
 * words that follow a base64 word ending in padding.  Adjacent words in
 * one charset are joined as bytes before conversion, so a character
 * split across two words survives; whitespace between encoded words
 * goes, whitespace next to plain text stays.  Words are found anywhere,
 * as git does, not only between blanks.
 */
#ifndef MBOX2TSV_RFC2047_H
#define MBOX2TSV_RFC2047_H

#include <stddef.h>

#include "buf.h"
#include "charset.h"

/* *flags gets the CHARSET_* bits of charset.h. */
void rfc2047_decode(struct buf *out, const char *s, size_t n, unsigned *flags);

#endif
