/*
 * charset.h - bytes in some charset to valid UTF-8, never failing.
 *
 * An unknown charset, and bytes the charset cannot decode, leave U+FFFD
 * behind and set a flag, so a row can say it was repaired.  NUL never
 * comes out.  Charset names go to iconv, after an optional alias hook
 * (mbox2tsv installs gmime's, which knows the names mailers invent).
 */
#ifndef PT_CHARSET_H
#define PT_CHARSET_H

#include <stddef.h>

#include "buf.h"

enum {
	CHARSET_UNKNOWN = 1,   /* iconv does not know the charset */
	CHARSET_BADCHAR = 2    /* bytes were replaced by U+FFFD */
};

/* Append s[0..n) in charset (NULL or "": UTF-8) to out as UTF-8. */
void charset_to_utf8(struct buf *out, const char *s, size_t n,
    const char *charset, unsigned *flags);

/* Map a charset name to the one iconv knows; NULL restores the default. */
void charset_set_alias(const char *(*alias)(const char *name));

#endif
