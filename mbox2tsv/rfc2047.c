/*
 * rfc2047.c - RFC 2047 encoded words decoded (rfc2047.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "rfc2047.h"
#include "text.h"

static int
b64val(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

static void
decode_b(struct buf *out, const char *s, size_t n)
{
	unsigned acc = 0;
	int bits = 0, v;

	for (size_t i = 0; i < n; i++) {
		if ((v = b64val((unsigned char)s[i])) < 0)
			continue;
		acc = (acc << 6) | (unsigned)v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			buf_addc(out, (int)((acc >> bits) & 0xff));
		}
	}
}

static void
decode_q(struct buf *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int h, l;

		if (s[i] == '_') {
			buf_addc(out, ' ');
		} else if (s[i] == '=' && i + 2 < n &&
		    (h = hexval((unsigned char)s[i + 1])) >= 0 &&
		    (l = hexval((unsigned char)s[i + 2])) >= 0) {
			buf_addc(out, h * 16 + l);
			i += 2;
		} else {
			buf_addc(out, s[i]);
		}
	}
}

/*
 * Parse an encoded word at s: "=?charset[*lang]?b|q?text?=".  Returns its
 * length, with the charset and payload spans set, or 0.
 */
static size_t
word(const char *s, size_t n, const char **cs, size_t *cslen, int *enc,
    const char **txt, size_t *txtlen)
{
	const char *p = s + 2, *end = s + n, *q;

	if (n < 8 || s[0] != '=' || s[1] != '?')
		return 0;
	q = memchr(p, '?', (size_t)(end - p));
	if (!q || q == p || q + 3 > end || q[2] != '?')
		return 0;
	*cs = p;
	*cslen = (size_t)(q - p);
	/* RFC 2231 language suffix: "utf-8*en". */
	{
		const char *star = memchr(p, '*', *cslen);

		if (star)
			*cslen = (size_t)(star - p);
	}
	if (q[1] == 'b' || q[1] == 'B')
		*enc = 'b';
	else if (q[1] == 'q' || q[1] == 'Q')
		*enc = 'q';
	else
		return 0;
	p = q + 3;
	for (q = p; q + 1 < end; q++) {
		if (q[0] == '?' && q[1] == '=') {
			*txt = p;
			*txtlen = (size_t)(q - p);
			return (size_t)(q + 2 - s);
		}
		/* An encoded word holds no blanks; a blank means it is broken. */
		if (q[0] == ' ' || q[0] == '\t')
			return 0;
	}
	return 0;
}

void
rfc2047_decode(struct buf *out, const char *s, size_t n, unsigned *flags)
{
	struct buf raw = BUF_INIT, plain = BUF_INIT;
	char charset[64] = "";
	size_t i = 0, k, cslen, txtlen, ws;
	const char *cs, *txt;
	int enc, pending = 0;

	while (i < n) {
		k = (s[i] == '=' && i + 1 < n && s[i + 1] == '?') ?
		    word(s + i, n - i, &cs, &cslen, &enc, &txt, &txtlen) : 0;
		if (k) {
			char name[64];

			if (cslen >= sizeof name)
				cslen = sizeof name - 1;
			memcpy(name, cs, cslen);
			name[cslen] = '\0';
			/* A new charset ends the run of joined words. */
			if (pending && strcasecmp(name, charset) != 0) {
				charset_to_utf8(out, raw.p, raw.len, charset, flags);
				buf_reset(&raw);
			}
			memcpy(charset, name, cslen + 1);
			pending = 1;
			if (enc == 'b')
				decode_b(&raw, txt, txtlen);
			else
				decode_q(&raw, txt, txtlen);
			i += k;
			/* Blanks up to another encoded word are dropped. */
			ws = i;
			while (ws < n && (s[ws] == ' ' || s[ws] == '\t'))
				ws++;
			if (ws > i && ws + 1 < n && s[ws] == '=' && s[ws + 1] == '?' &&
			    word(s + ws, n - ws, &cs, &cslen, &enc, &txt, &txtlen))
				i = ws;
			continue;
		}
		if (pending) {
			charset_to_utf8(out, raw.p, raw.len, charset, flags);
			buf_reset(&raw);
			pending = 0;
		}
		/* Plain text up to the next "=?", kept as UTF-8. */
		{
			size_t j = i + 1;

			while (j < n && !(s[j] == '=' && j + 1 < n && s[j + 1] == '?'))
				j++;
			buf_reset(&plain);
			if (utf8_repair(&plain, s + i, j - i))
				*flags |= CHARSET_BADCHAR;
			buf_add(out, plain.p, plain.len);
			i = j;
		}
	}
	if (pending)
		charset_to_utf8(out, raw.p, raw.len, charset, flags);
	if (!out->p)
		buf_addstr(out, "");
	buf_free(&raw);
	buf_free(&plain);
}
