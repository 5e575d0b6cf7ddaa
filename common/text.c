/*
 * text.c - small text helpers: UTF-8, ISO 8601 dates, lines and
 * words (text.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "text.h"
#include "util.h"

/*
 * Length of the well-formed UTF-8 sequence at s (at most n bytes), or 0
 * when the bytes there are not one (RFC 3629: no overlongs, no
 * surrogates, nothing above U+10FFFF).
 */
static size_t
seqlen(const unsigned char *s, size_t n)
{
	unsigned char c = s[0];

	if (c >= 0x01 && c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		if (n >= 2 && (s[1] & 0xc0) == 0x80)
			return 2;
		return 0;
	}
	if (c >= 0xe0 && c <= 0xef) {
		if (n < 3 || (s[1] & 0xc0) != 0x80 || (s[2] & 0xc0) != 0x80)
			return 0;
		if (c == 0xe0 && s[1] < 0xa0)
			return 0;
		if (c == 0xed && s[1] > 0x9f)
			return 0;
		return 3;
	}
	if (c >= 0xf0 && c <= 0xf4) {
		if (n < 4 || (s[1] & 0xc0) != 0x80 || (s[2] & 0xc0) != 0x80 ||
		    (s[3] & 0xc0) != 0x80)
			return 0;
		if (c == 0xf0 && s[1] < 0x90)
			return 0;
		if (c == 0xf4 && s[1] > 0x8f)
			return 0;
		return 4;
	}
	return 0;
}

size_t
utf8_valid_prefix(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end;
	size_t k;

	/* An empty buffer may be NULL, and NULL + 0 is undefined. */
	if (!n)
		return 0;
	end = p + n;
	while (p < end) {
		/* Fast path over ASCII, eight bytes at a time. */
		while (end - p >= 8) {
			uint64_t v;

			memcpy(&v, p, 8);
			if ((v & 0x8080808080808080ULL) ||
			    ((v - 0x0101010101010101ULL) & ~v & 0x8080808080808080ULL))
				break;
			p += 8;
		}
		if (p >= end)
			break;
		k = seqlen(p, (size_t)(end - p));
		if (!k)
			break;
		p += k;
	}
	return (size_t)(p - (const unsigned char *)s);
}

size_t
utf8_repair(struct buf *out, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t fixes = 0, ok, k;

	if (!n)
		return 0;
	for (;;) {
		ok = utf8_valid_prefix((const char *)p, n);
		buf_add(out, p, ok);
		p += ok;
		n -= ok;
		if (!n)
			break;
		/*
		 * Replace the maximal invalid subpart: a lead byte and
		 * the continuation bytes that fit it, or one byte.
		 */
		k = 1;
		if (p[0] >= 0xc2 && p[0] <= 0xf4) {
			size_t want = p[0] >= 0xf0 ? 4 : p[0] >= 0xe0 ? 3 : 2;
			/* E0, ED, F0 and F4 allow only part of 80..BF next. */
			unsigned char lo = p[0] == 0xe0 ? 0xa0 : p[0] == 0xf0 ? 0x90 : 0x80;
			unsigned char hi = p[0] == 0xed ? 0x9f : p[0] == 0xf4 ? 0x8f : 0xbf;

			if (n > 1 && p[1] >= lo && p[1] <= hi)
				k = 2;
			while (k > 1 && k < want && k < n && (p[k] & 0xc0) == 0x80)
				k++;
			if (k == want)
				k = 1;
		}
		buf_add(out, "\xef\xbf\xbd", 3);
		fixes++;
		p += k;
		n -= k;
	}
	return fixes;
}

void
utc_civil(int64_t t, int64_t *year, int *month, int *day, int *secs)
{
	/* Civil-from-days (H. Hinnant): no gmtime, no time_t range limits. */
	int64_t days = t / 86400, rem = t % 86400, z, era, doe, yoe, y, doy, mp, d, m;

	if (rem < 0) {
		rem += 86400;
		days--;
	}
	z = days + 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	y = yoe + era * 400;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	d = doy - (153 * mp + 2) / 5 + 1;
	m = mp < 10 ? mp + 3 : mp - 9;
	if (m <= 2)
		y++;
	*year = y;
	*month = (int)m;
	*day = (int)d;
	*secs = (int)rem;
}

void
iso_utc(char out[21], int64_t t)
{
	int64_t y;
	int m, d, rem;

	utc_civil(t, &y, &m, &d, &rem);
	if (y < 0 || y > 9999)
		y = y < 0 ? 0 : 9999;
	/* The remainders tell the compiler what utc_civil guarantees. */
	snprintf(out, 21, "%04u-%02u-%02uT%02u:%02u:%02uZ", (unsigned)y % 10000u,
	    (unsigned)m % 13u, (unsigned)d % 32u, (unsigned)rem / 3600u % 24u,
	    (unsigned)rem / 60u % 60u, (unsigned)rem % 60u);
}

static int
digits(const char *s, int n, int *v)
{
	*v = 0;
	for (int i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		*v = *v * 10 + (s[i] - '0');
	}
	return 0;
}

int
iso_parse(const char *s, int64_t *t)
{
	static const int mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	int y, mo, d, h = 0, mi = 0, sec = 0, leap;
	int64_t yy, era, yoe, doy, doe;

	if (digits(s, 4, &y) || s[4] != '-' || digits(s + 5, 2, &mo) || s[7] != '-' ||
	    digits(s + 8, 2, &d))
		return -1;
	s += 10;
	if (*s == 'T' || *s == ' ') {
		if (digits(s + 1, 2, &h) || s[3] != ':' || digits(s + 4, 2, &mi))
			return -1;
		s += 6;
		if (*s == ':') {
			if (digits(s + 1, 2, &sec))
				return -1;
			s += 3;
		}
	}
	if (*s == 'Z')
		s++;
	leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
	if (*s || mo < 1 || mo > 12 || d < 1 || d > mdays[mo - 1] ||
	    (mo == 2 && d == 29 && !leap) || h > 23 || mi > 59 || sec > 60)
		return -1;
	/* Days from civil (H. Hinnant), the inverse of iso_utc(). */
	yy = mo <= 2 ? y - 1 : y;
	era = (yy >= 0 ? yy : yy - 399) / 400;
	yoe = yy - era * 400;
	doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	*t = (era * 146097 + doe - 719468) * 86400 + h * 3600 + mi * 60 + sec;
	return 0;
}

void
lower(char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		s[i] = (char)tolower((unsigned char)s[i]);
}

const char *
trim(const char *s, size_t *n)
{
	size_t len = *n;

	while (len && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')) {
		s++;
		len--;
	}
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' ||
	    s[len - 1] == '\n' || s[len - 1] == '\r'))
		len--;
	*n = len;
	return s;
}

int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

size_t
hex_run(const char *s, size_t n)
{
	size_t k = 0;

	while (k < n && hexval((unsigned char)s[k]) >= 0)
		k++;
	return k;
}

/* A byte beside a hash word that makes it none: a letter, a digit, or one of also (a NUL too, when also names any). */
static int
joined(int c, const char *also)
{
	return isalnum(c) || (*also && strchr(also, c));
}

size_t
hash_word(const char *s, size_t n, size_t j, size_t max, const char *also, size_t *skip)
{
	size_t k = hex_run(s + j, n - j), digits = 0;

	*skip = k ? k : 1;
	for (size_t q = 0; q < k; q++)
		digits += s[j + q] >= '0' && s[j + q] <= '9';
	if (k < 7 || k > max || !digits || digits == k ||
	    (j > 0 && joined((unsigned char)s[j - 1], also)) ||
	    (j + k < n && joined((unsigned char)s[j + k], also)))
		return 0;
	return k;
}

int
has_prefix_ci(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);

	return n >= k && strncasecmp(s, prefix, k) == 0;
}

int
has_wordn(const char *s, size_t n, const char *w, size_t k)
{
	for (size_t i = 0; k && i + k <= n; i++)
		if ((i == 0 || s[i - 1] == ',' || s[i - 1] == ' ') &&
		    !memcmp(s + i, w, k) && (i + k == n || s[i + k] == ',' || s[i + k] == ' '))
			return 1;
	return 0;
}

int
has_word(const char *s, size_t n, const char *w)
{
	return has_wordn(s, n, w, strlen(w));
}

void
line_walk_init(struct line_walk *w, const char *s, size_t n)
{
	w->p = s;
	w->end = s ? s + n : s;
}

int
line_next(struct line_walk *w, const char **s, size_t *n)
{
	const char *nl;

	if (w->p >= w->end)
		return 0;
	nl = memchr(w->p, '\n', (size_t)(w->end - w->p));
	*s = w->p;
	*n = (size_t)((nl ? nl : w->end) - w->p);
	w->p = nl ? nl + 1 : w->end;
	return 1;
}

int
has_item(const char *s, size_t n, int sep, const char *w, size_t k)
{
	for (size_t i = 0; i < n;) {
		const char *end = memchr(s + i, sep, n - i);
		size_t len = end ? (size_t)(end - (s + i)) : n - i;

		if (len == k && !memcmp(s + i, w, k))
			return 1;
		i += len + 1;
	}
	return 0;
}

void
stripspace(struct buf *out, const char *s, size_t n)
{
	struct line_walk w;
	const char *p;
	size_t len, start = out->len;
	int blank = 0;

	line_walk_init(&w, s, n);
	while (line_next(&w, &p, &len)) {
		/* git's isspace(): \v and \f are kept, as git stripspace keeps them. */
		while (len && (p[len - 1] == ' ' || p[len - 1] == '\t' || p[len - 1] == '\r'))
			len--;
		if (!len) {
			blank = 1;
		} else {
			/* One empty line for each run, none at the start. */
			if (blank && out->len > start)
				buf_addc(out, '\n');
			blank = 0;
			buf_add(out, p, len);
			buf_addc(out, '\n');
		}
	}
}

const char *
find_bytes(const char *s, size_t n, const char *needle, size_t k)
{
	const char *p = s, *end = s + n;

	if (!k)
		return s;
	while ((size_t)(end - p) >= k) {
		p = memchr(p, needle[0], (size_t)(end - p) - k + 1);
		if (!p)
			return NULL;
		if (memcmp(p, needle, k) == 0)
			return p;
		p++;
	}
	return NULL;
}

const char *
find_ci(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle), i;
	int lo, up, last;

	if (!k)
		return s;
	lo = tolower((unsigned char)needle[0]);
	up = toupper((unsigned char)needle[0]);
	last = tolower((unsigned char)needle[k - 1]);
	i = 0;
	/*
	 * The first and last bytes before the whole: most places fail there.
	 * Sixteen places at a time where the CPU can (SSE2 is part of every
	 * x86-64), their bytes folded with 0x20: 'A' and 'a' alike, and no
	 * byte that matches ignoring case left out.
	 */
#if defined(__SSE2__)
	if (k >= 2) {
		const __m128i fold = _mm_set1_epi8(0x20);
		const __m128i f = _mm_set1_epi8((char)(lo | 0x20));
		const __m128i l = _mm_set1_epi8((char)(last | 0x20));

		for (; i + k + 15 <= n; i += 16) {
			__m128i a = _mm_or_si128(_mm_loadu_si128((const __m128i *)(const void *)(s + i)), fold);
			__m128i b = _mm_or_si128(_mm_loadu_si128((const __m128i *)(const void *)(s + i + k - 1)),
			    fold);
			unsigned m = (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(a, f),
			    _mm_cmpeq_epi8(b, l)));

			for (; m; m &= m - 1) {
				size_t at = i + (size_t)__builtin_ctz(m);

				if (strncasecmp(s + at, needle, k) == 0)
					return s + at;
			}
		}
	}
#endif
	for (; i + k <= n; i++) {
		if ((unsigned char)s[i] != lo && (unsigned char)s[i] != up)
			continue;
		if (tolower((unsigned char)s[i + k - 1]) != last)
			continue;
		if (strncasecmp(s + i + 1, needle + 1, k - 1) == 0)
			return s + i;
	}
	return NULL;
}

int
date_option(const char *s, int end, int64_t *t)
{
	long v;

	if (s[0] == '@') {
		if (parse_long(s + 1, 0, 1L << 40, &v) < 0)
			return -1;
		*t = v;
		return 0;
	}
	if (iso_parse(s, t) < 0)
		return -1;
	if (end && strlen(s) == 10)
		*t += 86399;
	return 0;
}

/*
 * One line of plain text from s, fit for a feed, a mail header or a
 * line of a digest: repaired as UTF-8 first, then every control (C0,
 * DEL, C1: a newline, a carriage return, a tab) a blank, and the
 * characters that reorder or hide text (bidirectional controls, and
 * U+FEFF, U+FFFE, U+FFFF, which XML does not allow) shown as "[U+XXXX]",
 * so that no text of a mail can end a header, start another, or show
 * other than it reads.
 */
void
text_inert(struct buf *out, const char *s, size_t n)
{
	struct buf r = BUF_INIT;
	const unsigned char *p, *end;

	utf8_repair(&r, s, n);
	p = (const unsigned char *)(r.p ? r.p : "");
	end = p + r.len;
	while (p < end) {
		size_t k = seqlen(p, (size_t)(end - p));
		uint32_t cp;

		if (!k) {
			/* utf8_repair leaves none; a NUL is the one case. */
			buf_addc(out, ' ');
			p++;
			continue;
		}
		if (k == 1) {
			buf_addc(out, *p < 0x20 || *p == 0x7f ? ' ' : (char)*p);
			p++;
			continue;
		}
		cp = k == 2 ? (uint32_t)(p[0] & 0x1f) << 6 | (p[1] & 0x3f) :
		    k == 3 ? (uint32_t)(p[0] & 0x0f) << 12 | (uint32_t)(p[1] & 0x3f) << 6 |
		    (p[2] & 0x3f) : (uint32_t)(p[0] & 0x07) << 18 |
		    (uint32_t)(p[1] & 0x3f) << 12 | (uint32_t)(p[2] & 0x3f) << 6 | (p[3] & 0x3f);
		if (cp >= 0x80 && cp <= 0x9f)
			buf_addc(out, ' ');
		else if (cp == 0x061c || cp == 0x200e || cp == 0x200f ||
		    (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) ||
		    cp == 0xfeff || cp == 0xfffe || cp == 0xffff)
			buf_addf(out, "[U+%04X]", (unsigned)cp);
		else
			buf_add(out, (const char *)p, k);
		p += k;
	}
	buf_free(&r);
}
