/*
 * charset.c - bytes in some charset to valid UTF-8, never failing
 * (charset.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <iconv.h>
#include <string.h>
#include <strings.h>

#include "charset.h"
#include "text.h"

static const char *(*alias_fn)(const char *);

void
charset_set_alias(const char *(*alias)(const char *name))
{
	alias_fn = alias;
}

/* Names that mean "ASCII, maybe UTF-8": the bytes are checked as UTF-8. */
static int
ascii_compatible_utf8(const char *cs)
{
	static const char *const names[] = {
		"utf-8", "utf8", "us-ascii", "ascii", "unknown-8bit", "x-unknown",
		"unknown", "7bit", "8bit", "default", "x-user-defined", NULL
	};

	for (const char *const *p = names; *p; p++)
		if (!strcasecmp(cs, *p))
			return 1;
	return 0;
}

void
charset_to_utf8(struct buf *out, const char *s, size_t n, const char *charset,
    unsigned *flags)
{
	iconv_t cd;
	char *in, *o;
	size_t inleft, outleft, start = out->len, r;
	const char *name;

	if (!charset || !*charset || ascii_compatible_utf8(charset)) {
		if (utf8_repair(out, s, n))
			*flags |= CHARSET_BADCHAR;
		return;
	}
	name = alias_fn ? alias_fn(charset) : charset;
	cd = iconv_open("UTF-8", name ? name : charset);
	if (cd == (iconv_t)-1) {
		*flags |= CHARSET_UNKNOWN;
		if (utf8_repair(out, s, n))
			*flags |= CHARSET_BADCHAR;
		return;
	}
	in = (char *)s;
	inleft = n;
	while (inleft > 0) {
		buf_grow(out, inleft * 2 + 16);
		o = out->p + out->len;
		outleft = out->cap - out->len - 1;
		r = iconv(cd, &in, &inleft, &o, &outleft);
		out->len = (size_t)(o - out->p);
		if (r == (size_t)-1) {
			if (errno == E2BIG)
				continue;
			/* EILSEQ or EINVAL: one byte lost, and marked. */
			buf_add(out, "\xef\xbf\xbd", 3);
			*flags |= CHARSET_BADCHAR;
			in++;
			inleft--;
			iconv(cd, NULL, NULL, NULL, NULL);
		}
	}
	buf_grow(out, 64);
	o = out->p + out->len;
	outleft = out->cap - out->len - 1;
	iconv(cd, NULL, NULL, &o, &outleft);
	out->len = (size_t)(o - out->p);
	out->p[out->len] = '\0';
	iconv_close(cd);
	/* iconv may pass NUL and worse through; the row never holds them. */
	if (utf8_valid_prefix(out->p + start, out->len - start) != out->len - start) {
		struct buf fixed = BUF_INIT;

		if (utf8_repair(&fixed, out->p + start, out->len - start))
			*flags |= CHARSET_BADCHAR;
		buf_truncate(out, start);
		buf_add(out, fixed.p, fixed.len);
		buf_free(&fixed);
	}
}
