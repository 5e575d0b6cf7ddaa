#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "ratio.h"
#include "util.h"

/* Decode one UTF-8 character (the input is valid UTF-8; junk reads as U+FFFD). */
static uint32_t
decode(const unsigned char **pp, const unsigned char *end)
{
	const unsigned char *p = *pp;
	uint32_t c = *p++;

	if (c >= 0xc0 && c < 0xe0 && p < end) {
		c = ((c & 0x1f) << 6) | (*p++ & 0x3f);
	} else if (c >= 0xe0 && c < 0xf0 && p + 1 < end) {
		c = ((c & 0x0f) << 12) | ((uint32_t)(p[0] & 0x3f) << 6) | (p[1] & 0x3f);
		p += 2;
	} else if (c >= 0xf0 && p + 2 < end) {
		c = ((c & 0x07) << 18) | ((uint32_t)(p[0] & 0x3f) << 12) |
		    ((uint32_t)(p[1] & 0x3f) << 6) | (p[2] & 0x3f);
		p += 3;
	} else if (c >= 0x80) {
		c = 0xfffd;
	}
	*pp = p;
	return c;
}

struct span {
	size_t off, len;
};

static const char *sort_base;

static int
cmp_span(const void *x, const void *y)
{
	const struct span *a = x, *b = y;
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(sort_base + a->off, sort_base + b->off, n);

	/* Byte order of UTF-8 is code point order. */
	if (c)
		return c;
	return a->len < b->len ? -1 : a->len > b->len;
}

size_t
token_sort(struct buf *out, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;
	struct buf words = BUF_INIT;
	struct span *sp = NULL;
	size_t nsp = 0, cap = 0, start = 0, cps = 0, i;
	int inword = 0;

	/* Lower-cased words, one after another, with their spans. */
	while (p < end) {
		uint32_t c;

		if (*p < 0x80) {
			c = *p++;
			if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
				;
			else if (c >= 'A' && c <= 'Z')
				c += 32;
			else
				c = 0;
		} else {
			c = decode(&p, end);
			c = g_unichar_isalnum(c) ? g_unichar_tolower(c) : 0;
		}
		if (!c) {
			inword = 0;
			continue;
		}
		if (!inword) {
			if (nsp == cap) {
				cap = cap ? cap * 2 : 64;
				sp = xreallocarray(sp, cap, sizeof *sp);
			}
			sp[nsp].off = words.len;
			sp[nsp].len = 0;
			nsp++;
			inword = 1;
		}
		{
			char u[6];
			int k = g_unichar_to_utf8(c, u);

			buf_add(&words, u, (size_t)k);
			sp[nsp - 1].len += (size_t)k;
			cps++;
		}
	}
	if (nsp > 1) {
		sort_base = words.p;
		qsort(sp, nsp, sizeof *sp, cmp_span);
	}
	start = out->len;
	for (i = 0; i < nsp; i++) {
		if (i)
			buf_addc(out, ' ');
		buf_add(out, words.p + sp[i].off, sp[i].len);
	}
	if (out->len == start && !out->p)
		buf_addstr(out, "");
	free(sp);
	buf_free(&words);
	return cps + (nsp ? nsp - 1 : 0);
}

static size_t
decode_all(uint32_t **v, size_t *cap, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;
	size_t k = 0;

	if (*cap < n + 1) {
		*cap = n + 1;
		*v = xreallocarray(*v, *cap, sizeof **v);
	}
	while (p < end)
		(*v)[k++] = *p < 0x80 ? *p++ : decode(&p, end);
	return k;
}

static inline size_t
slot_of(uint32_t c, size_t mask)
{
	return (c * 2654435761u) & mask;
}

size_t
lcs(struct lcs_scratch *sc, const char *as, size_t an, const char *bs, size_t bn)
{
	size_t m, n, words, nkeys = 0, smask, i, w;
	uint32_t *a, *b;
	uint64_t *pm, *v, carry, zeros = 0;

	m = decode_all(&sc->a, &sc->acap, as, an);
	n = decode_all(&sc->b, &sc->bcap, bs, bn);
	a = sc->a;
	b = sc->b;
	/* The shorter is the pattern: fewer words per step. */
	if (m > n) {
		uint32_t *t = a;
		size_t tn = m;

		a = b;
		b = t;
		m = n;
		n = tn;
	}
	if (!m)
		return 0;
	words = (m + 63) / 64;

	/* The alphabet of the pattern, in an open-addressing table. */
	for (smask = 15; smask + 1 < 2 * m; smask = smask * 2 + 1)
		;
	if (sc->scap < smask + 1) {
		sc->scap = smask + 1;
		sc->slot = xreallocarray(sc->slot, sc->scap, sizeof *sc->slot);
	}
	memset(sc->slot, 0xff, (smask + 1) * sizeof *sc->slot);
	/* ASCII, nearly all of a diff, is looked up directly. */
	memset(sc->ascii, 0xff, sizeof sc->ascii);
	if (sc->kcap < m) {
		sc->kcap = m;
		sc->keys = xreallocarray(sc->keys, sc->kcap, sizeof *sc->keys);
	}
	/*
	 * First the alphabet, then one mask row per distinct character:
	 * rows for every position would be quadratic in the pattern's
	 * length (a megabyte of text would ask for a hundred gigabytes).
	 */
	for (i = 0; i < m; i++) {
		size_t s = slot_of(a[i], smask);
		int32_t k;

		while ((k = sc->slot[s]) >= 0 && sc->keys[k] != a[i])
			s = (s + 1) & smask;
		if (k < 0) {
			k = (int32_t)nkeys++;
			sc->slot[s] = k;
			sc->keys[k] = a[i];
			if (a[i] < 128)
				sc->ascii[a[i]] = k;
		}
	}
	if (sc->pmcap < nkeys * words) {
		sc->pmcap = nkeys * words;
		sc->pm = xreallocarray(sc->pm, sc->pmcap, sizeof *sc->pm);
	}
	pm = sc->pm;
	memset(pm, 0, nkeys * words * sizeof *pm);
	for (i = 0; i < m; i++) {
		size_t s = slot_of(a[i], smask);
		int32_t k;

		if (a[i] < 128) {
			k = sc->ascii[a[i]];
		} else {
			while ((k = sc->slot[s]) >= 0 && sc->keys[k] != a[i])
				s = (s + 1) & smask;
		}
		pm[(size_t)k * words + i / 64] |= (uint64_t)1 << (i % 64);
	}

	if (sc->vcap < words) {
		sc->vcap = words;
		sc->v = xreallocarray(sc->v, sc->vcap, sizeof *sc->v);
	}
	v = sc->v;
	for (w = 0; w < words; w++)
		v[w] = ~(uint64_t)0;
	for (i = 0; i < n; i++) {
		int32_t k;
		const uint64_t *mk;

		if (b[i] < 128) {
			k = sc->ascii[b[i]];
		} else {
			size_t s = slot_of(b[i], smask);

			while ((k = sc->slot[s]) >= 0 && sc->keys[k] != b[i])
				s = (s + 1) & smask;
		}
		if (k < 0)
			continue;
		mk = pm + (size_t)k * words;
		carry = 0;
		for (w = 0; w < words; w++) {
			uint64_t u = v[w] & mk[w], t = v[w] + carry, sum;

			carry = t < carry;
			sum = t + u;
			carry |= sum < u;
			v[w] = sum | (v[w] & ~mk[w]);
		}
	}
	/* LCS = zero bits among the first m. */
	for (w = 0; w < words; w++) {
		uint64_t x = ~v[w];

		if (w == words - 1 && m % 64)
			x &= ((uint64_t)1 << (m % 64)) - 1;
		zeros += (uint64_t)__builtin_popcountll(x);
	}
	return (size_t)zeros;
}

/* Code points of s[0..n) (valid UTF-8: the bytes that start one). */
static size_t
cps_of(const char *s, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += ((unsigned char)s[i] & 0xc0) != 0x80;
	return k;
}

/*
 * A common subsequence of two token-sorted texts, found word by word:
 * the words both hold, merged in their sorted order, and a blank between
 * each two.  Linear, and never longer than the LCS.
 */
static size_t
word_lcs(const char *a, size_t an, const char *b, size_t bn)
{
	const char *ae = a + an, *be = b + bn;
	size_t common = 0, words = 0;

	while (a < ae && b < be) {
		const char *x = memchr(a, ' ', (size_t)(ae - a)),
		    *y = memchr(b, ' ', (size_t)(be - b));
		size_t xn, yn, n;
		int c;

		xn = (size_t)((x ? x : ae) - a);
		yn = (size_t)((y ? y : be) - b);
		n = xn < yn ? xn : yn;
		c = memcmp(a, b, n);
		if (!c)
			c = xn < yn ? -1 : xn > yn;
		if (c == 0) {
			common += cps_of(a, xn);
			words++;
		}
		if (c <= 0)
			a = x ? x + 1 : ae;
		if (c >= 0)
			b = y ? y + 1 : be;
	}
	return common + (words ? words - 1 : 0);
}

/*
 * Machine-word steps the bit-parallel LCS may take for one pair, about
 * a second and a half: texts of a quarter million characters each.
 * Longer ones (a generated file, a pasted log) would take minutes to
 * hours, so they are compared word by word instead.
 */
#define LCS_BUDGET ((uint64_t)1 << 30)

double
ratio_sorted(struct lcs_scratch *sc, const char *a, size_t an, size_t la,
    const char *b, size_t bn, size_t lb)
{
	size_t lo = la < lb ? la : lb, hi = la < lb ? lb : la;

	if (!la && !lb)
		return 1.0;
	if (!la || !lb)
		return 0.0;
	/* The same text (a patch posted again): no need to count. */
	if (an == bn && memcmp(a, b, an) == 0)
		return 1.0;
	if ((uint64_t)((lo + 63) / 64) * hi > LCS_BUDGET)
		return 2.0 * (double)word_lcs(a, an, b, bn) / (double)(la + lb);
	return 2.0 * (double)lcs(sc, a, an, b, bn) / (double)(la + lb);
}

double
word_ratio(const char *a, size_t an, size_t la, const char *b, size_t bn, size_t lb)
{
	if (!la && !lb)
		return 1.0;
	if (!la || !lb)
		return 0.0;
	return 2.0 * (double)word_lcs(a, an, b, bn) / (double)(la + lb);
}

double
token_sort_ratio(struct lcs_scratch *sc, const char *a, size_t an, const char *b,
    size_t bn)
{
	struct buf x = BUF_INIT, y = BUF_INIT;
	size_t la = token_sort(&x, a, an), lb = token_sort(&y, b, bn);
	double r = ratio_sorted(sc, x.p, x.len, la, y.p, y.len, lb);

	buf_free(&x);
	buf_free(&y);
	return r;
}

void
lcs_scratch_free(struct lcs_scratch *sc)
{
	free(sc->a);
	free(sc->b);
	free(sc->pm);
	free(sc->v);
	free(sc->keys);
	free(sc->slot);
	memset(sc, 0, sizeof *sc);
}
