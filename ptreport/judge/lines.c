/*
 * lines.c - a patch's or a commit's lines and words as carried.c reads
 * them (fixups.c and postlines.c too): the distinctive lines of a hunks
 * field hashed, the words its added lines bring, how many of one sorted
 * set another holds, and a row's hunks unescaped.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "hunks.h"
#include "judge.h"
#include "tsv.h"
#include "util.h"

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* v[0..k) sorted and each value once: how many are left. */
static uint32_t
sort_unique(uint64_t *v, uint32_t k)
{
	uint32_t u = 1;

	if (!k)
		return 0;
	qsort(v, k, sizeof *v, cmp_u64);
	for (uint32_t i = 1; i < k; i++)
		if (v[i] != v[u - 1])
			v[u++] = v[i];
	return u;
}

/* h as (*v)[k], *v grown (*cap) to hold it. */
static void
push_hash(uint64_t **v, uint32_t *cap, uint32_t k, uint64_t h)
{
	if (k == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		*v = xreallocarray(*v, *cap, sizeof **v);
	}
	(*v)[k] = h;
}

/*
 * A line worth comparing: what is left after the whitespace (collapsed
 * to one blank) has CARRY_CHARS characters or more and is not a comment
 * marker or a brace alone.  Its hash, or 0 when it is not worth it.
 */
static uint64_t
line_hash(const char *s, size_t n, struct buf *w)
{
	int blank = 0;
	size_t letters = 0;

	buf_reset(w);
	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		/* Escaped TABs (\t) of the table are blanks too. */
		if (c == '\\' && i + 1 < n && s[i + 1] == 't') {
			c = ' ';
			i++;
		}
		if (c == ' ' || c == '\t' || c == '\r') {
			blank = w->len > 0;
			continue;
		}
		if (blank)
			buf_addc(w, ' ');
		blank = 0;
		buf_addc(w, c);
		letters += (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9');
	}
	if (w->len < CARRY_CHARS || letters < CARRY_CHARS / 2)
		return 0;
	return hash_bytes(w->p, w->len) | 1;
}

/* The distinctive lines of a kind ('+' added, '-' removed) of a hunks field, hashed, sorted, unique, into *v. */
uint32_t
some_lines(const char *s, size_t n, int kind, uint64_t **v, uint32_t *cap, struct buf *w)
{
	struct hunks_iter it;
	struct hunks_item x;
	uint32_t k = 0;

	hunks_iter_init(&it, s, n);
	while (hunks_next(&it, &x)) {
		uint64_t h;

		if (x.kind != kind || !(h = line_hash(x.s, x.len, w)))
			continue;
		push_hash(v, cap, k++, h);
	}
	return sort_unique(*v, k);
}

/* The words (WORD_CHARS or more of letters, digits, '_') of one line, hashed, pushed at *k. */
static void
line_words(const char *s, size_t n, uint64_t **v, uint32_t *cap, uint32_t *k)
{
	size_t i = 0;

	while (i < n) {
		size_t b;

		/* An escape (\t, \\) separates words. */
		if (s[i] == '\\') {
			i += 2;
			continue;
		}
		for (b = i; i < n && (isalnum((unsigned char)s[i]) || s[i] == '_'); i++)
			;
		if (i - b >= WORD_CHARS)
			push_hash(v, cap, (*k)++, hash_bytes(s + b, i - b) | 1);
		if (i == b)
			i++;
	}
}

uint32_t
new_words(const char *s, size_t n, uint64_t **v, uint32_t *cap, uint64_t **scratch,
    uint32_t *scap)
{
	struct hunks_iter it;
	struct hunks_item x;
	uint32_t k = 0, nr = 0, u = 0;

	hunks_iter_init(&it, s, n);
	while (hunks_next(&it, &x))
		if (x.kind == '+')
			line_words(x.s, x.len, v, cap, &k);
		else if (x.kind == '-')
			line_words(x.s, x.len, scratch, scap, &nr);
	k = sort_unique(*v, k);
	nr = sort_unique(*scratch, nr);
	/* Those of the added lines the removed ones lack. */
	for (uint32_t i = 0, j = 0; i < k; i++) {
		while (j < nr && (*scratch)[j] < (*v)[i])
			j++;
		if (j == nr || (*scratch)[j] != (*v)[i])
			(*v)[u++] = (*v)[i];
	}
	return u;
}

/* How many of a[0..na) are in b[0..nb) (both sorted)? */
uint32_t
common(const uint64_t *a, uint32_t na, const uint64_t *b, uint32_t nb)
{
	uint32_t i = 0, j = 0, n = 0;

	while (i < na && j < nb) {
		if (a[i] < b[j])
			i++;
		else if (a[i] > b[j])
			j++;
		else
			n++, i++, j++;
	}
	return n;
}

/* The current row's hunks, unescaped into raw: the bytes, or NULL (a bad field). */
const char *
hunks_of(const struct tsv_reader *r, int c, struct buf *raw, size_t *n)
{
	char why[64];
	long k;

	buf_reset(raw);
	buf_add(raw, r->f[c].s, r->f[c].len);
	buf_addc(raw, '\0');
	if ((k = tsv_field_decode(raw->p, r->f[c].len, why, sizeof why)) < 0)
		return NULL;
	*n = (size_t)k;
	return raw->p;
}
