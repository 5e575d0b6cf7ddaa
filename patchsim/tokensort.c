/*
 * tokensort.c - PaStA's token sort (ratio.h): a text's words lower-cased,
 * sorted and joined by single blanks.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "ratio.h"
#include "utf8.h"
#include "util.h"

/*
 * A word of the text being sorted: where it is, and its first eight
 * bytes as a big-endian number, padded with zeros (a word holds no zero
 * byte), so that most comparisons are one of integers.
 */
struct span {
	uint64_t key;
	size_t off, len;
};

static uint64_t
span_key(const char *s, size_t n)
{
	uint64_t k = 0;

	for (size_t i = 0; i < 8; i++)
		k = k << 8 | (i < n ? (unsigned char)s[i] : 0);
	return k;
}

/* token_sort's order: bytes (so code points), then the shorter first. */
static inline int
span_less(const char *base, const struct span *a, const struct span *b)
{
	size_t n;
	int c;

	if (a->key != b->key)
		return a->key < b->key;
	/* The same first eight bytes: a word of eight or fewer is no longer. */
	if (a->len <= 8 || b->len <= 8)
		return a->len < b->len;
	n = (a->len < b->len ? a->len : b->len) - 8;
	c = memcmp(base + a->off + 8, base + b->off + 8, n);
	return c ? c < 0 : a->len < b->len;
}

/* Heapsort: the quicksort's way out when its splits go bad. */
static void
heap_spans(const char *base, struct span *v, size_t n)
{
	for (size_t end = n, start = n / 2;;) {
		size_t root, child;
		struct span t;

		if (start > 0) {
			start--;
		} else if (end > 1) {
			end--;
			t = v[end]; v[end] = v[0]; v[0] = t;
		} else {
			break;
		}
		for (root = start; (child = 2 * root + 1) < end; root = child) {
			if (child + 1 < end && span_less(base, &v[child], &v[child + 1]))
				child++;
			if (!span_less(base, &v[root], &v[child]))
				break;
			t = v[root]; v[root] = v[child]; v[child] = t;
		}
	}
}

/*
 * Sort the words (quicksort with Hoare's partition, which splits runs of
 * equal words evenly; insertion sort for short ranges; heapsort past a
 * depth of twice log2 n, so never quadratic).  Equal words are equal
 * bytes, so the order among them does not show.
 */
static void
sort_spans(const char *base, struct span *v, size_t n, int depth)
{
	while (n > 16) {
		if (depth-- <= 0) {
			heap_spans(base, v, n);
			return;
		}
		struct span pivot, t;
		size_t i = 0, j = n - 1, mid = n / 2;

		/* The median of the first, middle and last as the pivot. */
		if (span_less(base, &v[mid], &v[0])) {
			t = v[mid]; v[mid] = v[0]; v[0] = t;
		}
		if (span_less(base, &v[n - 1], &v[mid])) {
			t = v[mid]; v[mid] = v[n - 1]; v[n - 1] = t;
			if (span_less(base, &v[mid], &v[0])) {
				t = v[mid]; v[mid] = v[0]; v[0] = t;
			}
		}
		pivot = v[mid];
		for (;;) {
			while (span_less(base, &v[i], &pivot))
				i++;
			while (span_less(base, &pivot, &v[j]))
				j--;
			if (i >= j)
				break;
			t = v[i]; v[i] = v[j]; v[j] = t;
			i++;
			j--;
		}
		/* v[0..j] <= pivot <= v[j+1..n): the smaller side first, by recursion. */
		if (j + 1 < n - j - 1) {
			sort_spans(base, v, j + 1, depth);
			v += j + 1;
			n -= j + 1;
		} else {
			sort_spans(base, v + j + 1, n - j - 1, depth);
			n = j + 1;
		}
	}
	for (size_t i = 1; i < n; i++) {
		struct span t = v[i];
		size_t k = i;

		while (k > 0 && span_less(base, &t, &v[k - 1])) {
			v[k] = v[k - 1];
			k--;
		}
		v[k] = t;
	}
}

/*
 * Below this many words a range is sorted by comparisons; above, by
 * the bytes of their keys first.
 */
#define RADIX_MIN 64

/*
 * Sort the words by their keys' bytes from the byte-th on (most
 * significant first, in place: the American flag sort), each bucket
 * again by the next byte, as long as it holds more than RADIX_MIN;
 * past the eighth byte (keys alike) and in small buckets by sort_spans.
 * The words of a range share their first byte bytes, so those whose
 * key has 0 there end there: they are one word, already in order.
 * About twice as fast as comparing on big hunks (tens of thousands of
 * words, sharing heads such as 0x0000).
 */
static void
radix_spans(const char *base, struct span *v, size_t n, int byte, int depth)
{
	size_t count[256], next[256], end[256];
	int shift;

	for (;;) {
		if (n <= RADIX_MIN || byte == 8) {
			sort_spans(base, v, n, depth);
			return;
		}
		shift = 56 - 8 * byte;
		memset(count, 0, sizeof count);
		for (size_t i = 0; i < n; i++)
			count[(v[i].key >> shift) & 0xff]++;
		if (count[(v[0].key >> shift) & 0xff] != n)
			break;
		/* One bucket: all alike in this byte. */
		if (!((v[0].key >> shift) & 0xff))
			return;
		byte++;
	}
	for (size_t b = 0, at = 0; b < 256; b++) {
		next[b] = at;
		at += count[b];
		end[b] = at;
	}
	for (size_t b = 0; b < 256; b++) {
		while (next[b] < end[b]) {
			struct span t = v[next[b]];
			size_t d = (t.key >> shift) & 0xff;

			while (d != b) {
				struct span u = v[next[d]];

				v[next[d]++] = t;
				t = u;
				d = (t.key >> shift) & 0xff;
			}
			v[next[b]++] = t;
		}
	}
	for (size_t b = 1, at = count[0]; b < 256; at += count[b], b++)
		if (count[b] > 1)
			radix_spans(base, v + at, count[b], byte + 1, depth);
}

/* An ASCII byte lower-cased if alphanumeric, else 0 (a blank). */
static const unsigned char ascii_word[128] = {
	['0'] = '0', ['1'] = '1', ['2'] = '2', ['3'] = '3', ['4'] = '4',
	['5'] = '5', ['6'] = '6', ['7'] = '7', ['8'] = '8', ['9'] = '9',
	['a'] = 'a', ['b'] = 'b', ['c'] = 'c', ['d'] = 'd', ['e'] = 'e', ['f'] = 'f',
	['g'] = 'g', ['h'] = 'h', ['i'] = 'i', ['j'] = 'j', ['k'] = 'k', ['l'] = 'l',
	['m'] = 'm', ['n'] = 'n', ['o'] = 'o', ['p'] = 'p', ['q'] = 'q', ['r'] = 'r',
	['s'] = 's', ['t'] = 't', ['u'] = 'u', ['v'] = 'v', ['w'] = 'w', ['x'] = 'x',
	['y'] = 'y', ['z'] = 'z',
	['A'] = 'a', ['B'] = 'b', ['C'] = 'c', ['D'] = 'd', ['E'] = 'e', ['F'] = 'f',
	['G'] = 'g', ['H'] = 'h', ['I'] = 'i', ['J'] = 'j', ['K'] = 'k', ['L'] = 'l',
	['M'] = 'm', ['N'] = 'n', ['O'] = 'o', ['P'] = 'p', ['Q'] = 'q', ['R'] = 'r',
	['S'] = 's', ['T'] = 't', ['U'] = 'u', ['V'] = 'v', ['W'] = 'w', ['X'] = 'x',
	['Y'] = 'y', ['Z'] = 'z',
};

size_t
token_sort(struct buf *out, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;
	struct buf words = BUF_INIT;
	struct span *sp = NULL;
	size_t nsp = 0, cap = 0, start = 0, cps = 0, i;
	int inword = 0;

	/* Lower-cased words, one after another, with their spans. */
	buf_grow(&words, n + 1);
	while (p < end) {
		uint32_t c;

		if (*p < 0x80) {
			/* A run of ASCII word bytes at once. */
			if ((c = ascii_word[*p]) && inword) {
				const unsigned char *q = p;
				char *w;

				/* Non-ASCII lower-cased may have taken more bytes. */
				buf_grow(&words, (size_t)(end - p));
				w = words.p + words.len;

				do
					*w++ = (char)c;
				while (++q < end && *q < 0x80 && (c = ascii_word[*q]));
				sp[nsp - 1].len += (size_t)(q - p);
				cps += (size_t)(q - p);
				words.len += (size_t)(q - p);
				p = q;
				continue;
			}
			p++;
		} else {
			c = decode(&p, end);
			c = g_unichar_isalnum(c) ? g_unichar_tolower(c) : 0;
		}
		if (!c) {
			inword = 0;
			continue;
		}
		if (!inword) {
			sp = xgrow(sp, &cap, nsp, 64, sizeof *sp);
			sp[nsp].off = words.len;
			sp[nsp].len = 0;
			nsp++;
			inword = 1;
		}
		if (c < 0x80) {
			buf_addc_fast(&words, (char)c);
			sp[nsp - 1].len++;
		} else {
			char u[6];
			int k = g_unichar_to_utf8(c, u);

			buf_add(&words, u, (size_t)k);
			sp[nsp - 1].len += (size_t)k;
		}
		cps++;
	}
	for (i = 0; i < nsp; i++)
		sp[i].key = span_key(words.p + sp[i].off, sp[i].len);
	if (nsp > 1) {
		int depth = 0;

		for (size_t k = nsp; k > 1; k /= 2)
			depth += 2;
		radix_spans(words.p, sp, nsp, 0, depth);
	}
	start = out->len;
	buf_grow(out, words.len + nsp + 1);
	for (i = 0; i < nsp; i++) {
		if (i)
			out->p[out->len++] = ' ';
		memcpy(out->p + out->len, words.p + sp[i].off, sp[i].len);
		out->len += sp[i].len;
	}
	if (out->p)
		out->p[out->len] = '\0';
	if (out->len == start && !out->p)
		buf_addstr(out, "");
	free(sp);
	buf_free(&words);
	return cps + (nsp ? nsp - 1 : 0);
}
