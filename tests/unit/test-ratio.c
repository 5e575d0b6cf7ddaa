/*
 * test-ratio - the similarity measure of patchsim, pinned (TAP).
 *
 * The vectors of the method (computed with a plain dynamic-programming
 * LCS over code points) must come out to four places; the LCS must equal
 * a plain one on random texts of every length around the 64-character
 * word boundaries, and on long texts every way of computing it must (the
 * O(NP) path, giving up or not, and the bit-parallel one with every word
 * width the CPU has); token_sort must order words as a plain sort does.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ratio.h"
#include "util.h"

static int n, failed;

static void
ok(int cond, const char *desc)
{
	n++;
	if (!cond)
		failed++;
	printf("%s %d - %s\n", cond ? "ok" : "not ok", n, desc);
}


static unsigned
rnd(unsigned *seed)
{
	*seed = *seed * 1103515245 + 12345;
	return (*seed >> 16) & 0x7fff;
}

/* Code points of a UTF-8 text (the test's own: 1 to 3 bytes). */
static size_t
decode_cp(const char *s, unsigned *out)
{
	size_t k = 0;

	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		if (*p < 0x80) {
			out[k++] = *p++;
		} else if (*p < 0xe0) {
			out[k++] = (unsigned)(p[0] & 0x1f) << 6 | (p[1] & 0x3f);
			p += 2;
		} else {
			out[k++] = (unsigned)(p[0] & 0x0f) << 12 | (unsigned)(p[1] & 0x3f) << 6 |
			    (p[2] & 0x3f);
			p += 3;
		}
	}
	return k;
}

static size_t
plain_lcs_cp(const char *a, const char *b)
{
	unsigned *x = calloc(strlen(a) + 1, sizeof *x), *y = calloc(strlen(b) + 1, sizeof *y);
	size_t la = decode_cp(a, x), lb = decode_cp(b, y), r;
	size_t *row = calloc(lb + 1, sizeof *row), *prev = calloc(lb + 1, sizeof *prev);

	for (size_t i = 1; i <= la; i++) {
		for (size_t j = 1; j <= lb; j++)
			row[j] = x[i - 1] == y[j - 1] ? prev[j - 1] + 1 :
			    row[j - 1] > prev[j] ? row[j - 1] : prev[j];
		memcpy(prev, row, (lb + 1) * sizeof *row);
	}
	r = prev[lb];
	free(x);
	free(y);
	free(row);
	free(prev);
	return r;
}

/*
 * The words two token-sorted texts both hold, merged in order, plainly:
 * their code points and a blank between each two (word_ratio()'s LCS).
 */
static size_t
plain_word_lcs(const char *a, const char *b)
{
	char *x = strdup(a), *y = strdup(b), *sx = NULL, *sy = NULL;
	char *p = strtok_r(x, " ", &sx), *q = strtok_r(y, " ", &sy);
	size_t common = 0, words = 0;

	while (p && q) {
		int c = strcmp(p, q);

		if (!c) {
			for (const char *r = p; *r; r++)
				common += ((unsigned char)*r & 0xc0) != 0x80;
			words++;
		}
		if (c <= 0)
			p = strtok_r(NULL, " ", &sx);
		if (c >= 0)
			q = strtok_r(NULL, " ", &sy);
	}
	free(x);
	free(y);
	return common + (words ? words - 1 : 0);
}

static size_t
cps(const char *s)
{
	size_t k = 0;

	for (; *s; s++)
		k += ((unsigned char)*s & 0xc0) != 0x80;
	return k;
}

/* word_ratio() against the plain merge of words. */
static int
word_ratio_ok(const char *a, const char *b)
{
	size_t la = cps(a), lb = cps(b), want = plain_word_lcs(a, b);
	double r = word_ratio(a, strlen(a), la, b, strlen(b), lb);

	if (!la && !lb)
		return r == 1.0;
	if (!la || !lb)
		return r == 0.0;
	if (r != 2.0 * (double)want / (double)(la + lb)) {
		printf("# word_ratio %.6f, want %.6f (%zu words' code points)\n", r,
		    2.0 * (double)want / (double)(la + lb), want);
		return 0;
	}
	return 1;
}

/*
 * One way of the LCS (LCS_WAY_ONP, LCS_WAY_BAND) with its bound doubling
 * from 0 past limit: it gives up or finds want; it finds it once the
 * bound holds what the LCS leaves out of the shorter text, and with
 * every larger bound.  The mistakes; *gaveup and *found counted.
 */
static int
bound_doubling(struct lcs_scratch *sc, const char *a, const char *b, size_t want, int way,
    size_t limit, int *gaveup, int *found)
{
	size_t la = strlen(a), lb = strlen(b), ca = cps(a), cb = cps(b);
	size_t sh = ca < cb ? ca : cb;
	int bad = 0, seen = 0;

	for (size_t bound = 0;; bound = bound ? bound * 2 : 1) {
		size_t got = lcs_way(sc, a, la, b, lb, way, bound);

		if (got == (size_t)-1) {
			++*gaveup;
			bad += seen;
		} else {
			++*found;
			bad += got != want;
			seen = 1;
		}
		if (want + bound >= sh && got != want) {
			if (!bad)
				printf("# bound %zu: got %zu, want %zu\n", bound, got, want);
			bad++;
		}
		if (bound > limit)
			break;
	}
	return bad + !seen;
}

/* The long texts: pairs of them, MAXLEN characters at most. */
enum { NPAIRS = 120, MAXLEN = 1400 };

static const char *const isa_name[] = { "portable", "add-with-carry", "AVX2", "AVX-512" };

/* NPAIRS pairs of long texts token-sorted (as[t], bs[t]) and their plain LCS (want[t]). */
struct long_pairs {
	char **as, **bs;
	size_t *want;
};

/*
 * Pair t's two texts into a and b (room for MAXLEN characters of up to
 * three bytes each): a of random characters, b a copy of it with
 * some characters changed, left out or added (two versions of a file),
 * or an unrelated one; their lengths in *an and *bn.
 */
static void
long_pair(unsigned *seed, int t, char *a, size_t *an, char *b, size_t *bn)
{
	static const char *const alpha[] = {
		"a", "b", "c", "d", "e", " ", "\xc3\xa4", "\xe2\x82\xac",
	};
	int la = 200 + (int)(rnd(seed) % (MAXLEN - 200)), lb = 0, edits, kind = t % 4;
	int na = kind == 3 ? 8 : 6;

	*an = *bn = 0;
	for (int k = 0; k < la; k++) {
		const char *c = alpha[rnd(seed) % (unsigned)na];

		memcpy(a + *an, c, strlen(c));
		*an += strlen(c);
	}
	a[*an] = '\0';
	/* kind 0: a few edits; 1: many; 2: unrelated; 3: few, wide characters. */
	edits = kind == 0 || kind == 3 ? 1 + (int)(rnd(seed) % 20) :
	    kind == 1 ? la / 4 : 0;
	if (kind == 2) {
		lb = 200 + (int)(rnd(seed) % (MAXLEN - 200));
		for (int k = 0; k < lb; k++)
			b[(*bn)++] = "abcdef"[rnd(seed) % 6];
	} else {
		/* Walk a, changing, dropping or adding a character now and then. */
		const char *p = a;

		while (*p) {
			size_t cl = ((unsigned char)*p < 0x80) ? 1 : ((unsigned char)*p < 0xe0) ? 2 : 3;
			unsigned r = rnd(seed) % (unsigned)la;

			if ((int)r < edits) {
				switch (rnd(seed) % 3) {
				case 0: b[(*bn)++] = 'x'; break;                /* changed */
				case 1: break;                                  /* dropped */
				default:                                        /* added */
					memcpy(b + *bn, p, cl);
					*bn += cl;
					b[(*bn)++] = 'y';
					break;
				}
			} else {
				memcpy(b + *bn, p, cl);
				*bn += cl;
			}
			p += cl;
		}
		/* Now and then a long tail more: a version that grew. */
		if (t % 8 == 1)
			for (int k = 0; k < 300; k++)
				b[(*bn)++] = "abz"[rnd(seed) % 3];
	}
	b[*bn] = '\0';
}

/* The NPAIRS pairs, token-sorted as the scorer keeps them, with their plain LCS. */
static void
long_pairs_make(struct long_pairs *lp, unsigned *seed)
{
	char *a = malloc(MAXLEN * 6 + 1), *b = malloc(MAXLEN * 6 + 1);

	lp->want = calloc(NPAIRS, sizeof *lp->want);
	lp->as = calloc(NPAIRS, sizeof *lp->as);
	lp->bs = calloc(NPAIRS, sizeof *lp->bs);
	for (int t = 0; t < NPAIRS; t++) {
		struct buf x = BUF_INIT, y = BUF_INIT;
		size_t an, bn;

		long_pair(seed, t, a, &an, b, &bn);
		token_sort(&x, a, an);
		token_sort(&y, b, bn);
		lp->as[t] = strndup(x.p, x.len);
		lp->bs[t] = strndup(y.p, y.len);
		buf_free(&x);
		buf_free(&y);
		lp->want[t] = plain_lcs_cp(lp->as[t], lp->bs[t]);
	}
	free(a);
	free(b);
}

static void
long_pairs_free(struct long_pairs *lp)
{
	for (int t = 0; t < NPAIRS; t++) {
		free(lp->as[t]);
		free(lp->bs[t]);
	}
	free(lp->as);
	free(lp->bs);
	free(lp->want);
}

/*
 * The O(NP) path alone, its bound doubling: it gives up or finds the
 * plain LCS, and once it finds it, it does with every larger bound.
 */
static void
long_onp(struct lcs_scratch *sc, const struct long_pairs *lp)
{
	int bad = 0, gaveup = 0, found = 0;

	for (int t = 0; t < NPAIRS; t++) {
		bad += bound_doubling(sc, lp->as[t], lp->bs[t], lp->want[t], LCS_WAY_ONP,
		    2 * MAXLEN, &gaveup, &found);
		bad += lcs_way(sc, lp->as[t], strlen(lp->as[t]), lp->bs[t], strlen(lp->bs[t]),
		    LCS_WAY_BITS, 0) != lp->want[t];
	}
	ok(!bad && gaveup && found,
	    "the O(NP) path gives up below its bound or finds the plain LCS; so does the bit-parallel one");
}

/*
 * The bit-parallel path over a band of diagonals, the band doubling, on
 * every kind of word the CPU has: it gives up while the LCS leaves out
 * more than the band allows (or finds the LCS), and finds the plain
 * LCS once the band holds it, with every larger band too.
 */
static void
long_band(struct lcs_scratch *sc, const struct long_pairs *lp)
{
	char desc[200];

	for (int isa = LCS_PORTABLE; isa <= LCS_AVX512; isa++) {
		int bad = 0, gaveup = 0, found = 0;

		if (lcs_force_isa(isa) < 0)
			continue;
		for (int t = 0; t < NPAIRS; t++)
			bad += bound_doubling(sc, lp->as[t], lp->bs[t], lp->want[t], LCS_WAY_BAND,
			    2 * MAXLEN, &gaveup, &found);
		snprintf(desc, sizeof desc,
		    "the bit-parallel path in a band (%s words) gives up while the band is too narrow, then finds the plain LCS",
		    isa_name[isa]);
		ok(!bad && gaveup && found, desc);
	}
	lcs_force_isa(-1);
}

/*
 * Pair t by lcs and lcs_need: the plain LCS either way round, and with
 * a bound the LCS itself, or LCS_BELOW only when it is under the
 * bound (counted in *below).  Returns its mismatches; bad, those of
 * the pairs before (only the first mismatch of all is shown).
 */
static int
long_pair_lcs(struct lcs_scratch *sc, const struct long_pairs *lp, int t, int bad, int *below)
{
	const char *a = lp->as[t], *b = lp->bs[t];
	size_t got = lcs(sc, a, strlen(a), b, strlen(b)), w = lp->want[t];
	int more = 0;

	if (got != w) {
		if (!bad)
			printf("# pair %d: LCS %zu, want %zu\n", t, got, w);
		more++;
	}
	/* Either order: the shorter is the pattern. */
	if (lcs(sc, b, strlen(b), a, strlen(a)) != w)
		more++;
	for (int q = 0; q < 6; q++) {
		size_t need = q == 0 ? w / 2 : q == 1 ? w : q == 2 ? w + 1 :
		    q == 3 ? w + w / 20 + 1 : q == 4 ? w + w / 3 + 1 : 4 * MAXLEN;
		size_t g = lcs_need(sc, a, strlen(a), b, strlen(b), need);

		if (g == LCS_BELOW)
			++*below;
		if (g == LCS_BELOW ? w >= need : g != w) {
			if (!bad && !more)
				printf("# pair %d need %zu: got %zu, want %zu\n", t, need, g, w);
			more++;
		}
	}
	return more;
}

/* lcs and lcs_need, on every kind of word the CPU has, equal the plain LCS. */
static void
long_lcs(struct lcs_scratch *sc, const struct long_pairs *lp)
{
	char desc[200];

	for (int isa = LCS_PORTABLE; isa <= LCS_AVX512; isa++) {
		int bad = 0, below = 0;

		if (lcs_force_isa(isa) < 0) {
			snprintf(desc, sizeof desc, "# skip long texts with %s words: not on this CPU",
			    isa_name[isa]);
			ok(1, desc);
			continue;
		}
		sc->n_onp = sc->n_onp_gaveup = sc->n_bits = sc->n_band = 0;
		for (int t = 0; t < NPAIRS; t++)
			bad += long_pair_lcs(sc, lp, t, bad, &below);
		ok(below > 0, "a bound under the LCS ends some of them early");
		snprintf(desc, sizeof desc,
		    "%d long pairs, %s words: LCS equals the plain one (O(NP) %lu, gave up %lu, bit-parallel %lu, in a band %lu)",
		    NPAIRS, isa_name[isa], sc->n_onp, sc->n_onp_gaveup, sc->n_bits, sc->n_band);
		ok(!bad, desc);
		if (isa == LCS_PORTABLE)
			ok(sc->n_onp > 0 && sc->n_bits > 0 && sc->n_band > 0,
			    "the long pairs take the O(NP) path, the bit-parallel one and its band");
	}
	lcs_force_isa(-1);
}

/*
 * Long texts, as the scorer meets them: one a copy of the other with
 * some characters changed, left out or added (two versions of a file),
 * or two unrelated ones, of different lengths, some with two- and
 * three-byte characters.  Every way of computing the LCS (the O(NP)
 * path, whether it finishes or gives up, and the bit-parallel one on
 * every kind of word the CPU has) must equal the plain one.
 */
static void
long_texts(struct lcs_scratch *sc, unsigned *seed)
{
	struct long_pairs lp;
	int bad = 0;

	long_pairs_make(&lp, seed);
	long_onp(sc, &lp);
	long_band(sc, &lp);
	long_lcs(sc, &lp);
	for (int t = 0; t < NPAIRS; t++)
		bad += !word_ratio_ok(lp.as[t], lp.bs[t]) + !word_ratio_ok(lp.bs[t], lp.as[t]) +
		    !word_ratio_ok(lp.as[t], lp.as[t] + strlen(lp.as[t]) / 3);
	ok(!bad, "word_ratio counts the words both long texts hold, as a plain merge does");
	long_pairs_free(&lp);
}

/* The words of s, lower-cased, sorted by bytes, one blank between. */
static int
cmp_str(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* What token_sort must give for words[0..nw): lower-cased (ASCII), sorted, joined. */
static void
plain_token_sort(struct buf *want, char (*words)[40], char **wp, int nw)
{
	for (int k = 0; k < nw; k++) {
		for (char *c = words[k]; *c; c++)
			if (*c >= 'A' && *c <= 'Z')
				*c = (char)(*c - 'A' + 'a');
		wp[k] = words[k];
	}
	qsort(wp, (size_t)nw, sizeof *wp, cmp_str);
	buf_reset(want);
	for (int k = 0; k < nw; k++) {
		if (k)
			buf_addc(want, ' ');
		buf_addstr(want, wp[k]);
	}
}

static void
token_sort_order(unsigned *seed)
{
	struct buf got = BUF_INIT, want = BUF_INIT;
	int bad = 0;

	for (int t = 0; t < 200; t++) {
		/* Words sharing long heads, repeated, in runs and at random. */
		char text[8000], words[600][40], *wp[600];
		size_t tn = 0;
		int nw = 1 + (int)(rnd(seed) % 500);

		for (int k = 0; k < nw; k++) {
			int kind = (int)(rnd(seed) % 4), len;

			if (kind == 0 && k > 0) {
				strcpy(words[k], words[rnd(seed) % (unsigned)k]);
			} else {
				len = kind == 1 ? 9 + (int)(rnd(seed) % 10) : 1 + (int)(rnd(seed) % 12);
				for (int c = 0; c < len; c++)
					words[k][c] = kind == 1 && c < 8 ? "longhead"[c] :
					    "abAB09z"[rnd(seed) % 7];
				words[k][len] = '\0';
			}
			memcpy(text + tn, words[k], strlen(words[k]));
			tn += strlen(words[k]);
			text[tn++] = " \t.(-"[rnd(seed) % 5];
		}
		if (t % 10 == 0) {
			/* Already sorted, a shape quicksorts meet badly. */
			for (int k = 0; k < nw; k++)
				wp[k] = words[k];
			qsort(wp, (size_t)nw, sizeof *wp, cmp_str);
			tn = 0;
			for (int k = 0; k < nw; k++) {
				memcpy(text + tn, wp[k], strlen(wp[k]));
				tn += strlen(wp[k]);
				text[tn++] = ' ';
			}
		}
		plain_token_sort(&want, words, wp, nw);
		buf_reset(&got);
		token_sort(&got, text, tn);
		if (got.len != want.len || memcmp(got.p, want.p, want.len) != 0)
			bad++;
	}
	ok(!bad, "token_sort orders 200 random word lists as a plain sort does");
	buf_free(&got);
	buf_free(&want);
}

/*
 * Big word lists, as big hunks have: thousands of words over the whole
 * alphabet, many sharing heads of 2 to 12 bytes (0x0000...), repeated,
 * of every length, so that the sort by key bytes meets every depth.
 */
static void
token_sort_big(unsigned *seed)
{
	static const char alpha[] = "abcdefghijklmnopqrstuvwxyz0123456789ABCXYZ";
	static const char *heads[] = { "0x", "0x0000", "0x00000000", "rtw89", "rtw898852a", "b" };
	struct buf text = BUF_INIT, want = BUF_INIT, got = BUF_INIT;
	char (*words)[40] = xcalloc(8000, sizeof *words);
	char **wp = xcalloc(8000, sizeof *wp);
	int bad = 0;

	for (int t = 0; t < 40; t++) {
		int nw = 1000 + (int)(rnd(seed) % 7000);

		buf_reset(&text);
		for (int k = 0; k < nw; k++) {
			int kind = (int)(rnd(seed) % 5), len = 0;

			if (kind == 0 && k > 0) {
				strcpy(words[k], words[rnd(seed) % (unsigned)k]);
			} else {
				if (kind <= 2) {
					const char *h = heads[rnd(seed) % 6];

					strcpy(words[k], h);
					len = (int)strlen(h);
				}
				for (int e = (int)(rnd(seed) % 12); e >= 0 && len < 30; e--)
					words[k][len++] = alpha[rnd(seed) % (sizeof alpha - 1)];
				words[k][len] = '\0';
			}
			buf_addstr(&text, words[k]);
			buf_addc(&text, " \n,+*"[rnd(seed) % 5]);
		}
		plain_token_sort(&want, words, wp, nw);
		buf_reset(&got);
		token_sort(&got, text.p, text.len);
		if (got.len != want.len || memcmp(got.p, want.p, want.len) != 0)
			bad++;
	}
	ok(!bad, "token_sort orders 40 big word lists (1,000 to 8,000 words) as a plain sort does");
	free(words);
	free(wp);
	buf_free(&text);
	buf_free(&want);
	buf_free(&got);
}

int
main(void)
{
	static const struct { const char *a, *b; double r; } v[] = {
		{ "mm: fix a typo", "fix a typo mm", 1.0 },
		{ "}", "{", 1.0 },
		{ "}", "a", 0.0 },
		{ "abc", "xyz", 0.0 },
		{ "\tret = frob(dev, GFP_KERNEL);\n\tkfree(buf);",
		  "\tret = frob(dev, GFP_ATOMIC);\n\tkfree(buf);", 0.7879 },
		{ "static int foo_probe(struct device *dev)",
		  "static int foo_remove(struct device *dev)", 0.9351 },
		{ "Fix foo bar\nThis fixes the thing.", "fix bar foo\nThis fixes the thing", 1.0 },
		{ "ndctl/dimm: Flush invalidated labels after overwrite",
		  "ndctl: flush labels after overwrite of a dimm", 0.8211 },
		{ "Gr\xc3\xbc\xc3\x9f" "e aus M\xc3\xbcnchen", "Grusse aus Munchen", 0.8000 },
	};
	struct lcs_scratch sc;
	char a[300], b[300], desc[200];
	unsigned seed = 12345;
	int bad = 0;

	memset(&sc, 0, sizeof sc);
	setprogname("test-ratio");
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		double r = token_sort_ratio(&sc, v[i].a, strlen(v[i].a), v[i].b, strlen(v[i].b));

		snprintf(desc, sizeof desc, "vector %zu: %.4f (want %.4f)", i + 1, r, v[i].r);
		ok(fabs(r - v[i].r) < 0.00005, desc);
	}
	ok(token_sort_ratio(&sc, "x y", 3, "y x", 3) == 1.0, "token order does not matter");
	ok(token_sort_ratio(&sc, "same text", 9, "same text", 9) == 1.0, "identical texts: 1.0");
	ok(token_sort_ratio(&sc, "", 0, "", 0) == 1.0, "empty and empty: 1.0");
	ok(token_sort_ratio(&sc, "", 0, "a", 1) == 0.0, "empty and not: 0");

	/* Bit-parallel against plain, lengths across the word boundaries. */
	for (int len = 0; len < 260; len++) {
		for (int rep = 0; rep < 8; rep++) {
			int la = len, lb = (int)((seed = seed * 1103515245 + 12345) >> 16) % 260;

			for (int k = 0; k < la; k++)
				a[k] = "abcde"[((seed = seed * 1103515245 + 12345) >> 16) % 5];
			for (int k = 0; k < lb; k++)
				b[k] = "abcdef"[((seed = seed * 1103515245 + 12345) >> 16) % 6];
			a[la] = b[lb] = '\0';
			size_t want = plain_lcs_cp(a, b), got;

			if (lcs(&sc, a, (size_t)la, b, (size_t)lb) != want)
				bad++;
			got = lcs_need(&sc, a, (size_t)la, b, (size_t)lb, want + (size_t)rep);
			if (got == LCS_BELOW ? rep == 0 : got != want)
				bad++;
		}
	}
	ok(!bad, "bit-parallel LCS equals the plain LCS on 2080 random pairs (with a bound too)");
	{
		/*
		 * word_ratio's runs: texts alike byte for byte for more than
		 * a run's length, then apart inside a word, at a blank, at the
		 * end, with two-byte characters.
		 */
		static const char *const w[][2] = {
			{ "aa bb cc dd ee ff gg hh ii jj kk ll mm nn oo pp qq", "aa bb cc dd ee ff gg hh ii jj kk ll mm nn oo pp qq" },
			{ "aa bb cc dd ee ff gg hh ii jj kk ll mm nn oo pp qq", "aa bb cc dd ee ff gg hh ii jj kk ll mm nn oo pp qqq" },
			{ "aa bb cc dd ee ff gg hh ii jj kk ll mm nn oo pp q", "aa bb cc dd ee ff gg hh ii jj kk ll mm nn oo pp qq" },
			{ "aa bb cc dd ee ff gg hh ii jj kk ll mmm nn oo pp qq", "aa bb cc dd ee ff gg hh ii jj kk ll mm nn oo pp qq" },
			{ "aa bb cc dd ee ff gg hh ii jj kk ll mm nn oo pp qq rr", "aa bb cc dd ee ff gg hh ii jj kk ll mm nn oo pp" },
			{ "abcdefghijklmnopqrstuvwxyzabcdefghijklmnop", "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopq" },
			{ "b\xc3\xa4r b\xc3\xa4r b\xc3\xa4r b\xc3\xa4r b\xc3\xa4r b\xc3\xa4r b\xc3\xa4r b\xc3\xa4r x",
			  "b\xc3\xa4r b\xc3\xa4r b\xc3\xa4r b\xc3\xa4r b\xc3\xa4r b\xc3\xa4r b\xc3\xa4r b\xc3\xa4r y z" },
			{ "a b c", "a b c d" },
			{ "", "a" },
			{ "", "" },
		};
		int wbad = 0;

		for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
			wbad += !word_ratio_ok(w[i][0], w[i][1]) + !word_ratio_ok(w[i][1], w[i][0]);
		ok(!wbad, "word_ratio on texts alike for long runs: as a plain merge of words");
	}
	long_texts(&sc, &seed);
	token_sort_order(&seed);
	token_sort_big(&seed);
	/* Code points, not bytes: two-byte characters count once. */
	ok(lcs(&sc, "\xc3\xa4\xc3\xb6", 4, "\xc3\xa4x\xc3\xb6", 5) == 2,
	    "LCS counts code points");
	lcs_scratch_free(&sc);
	printf("1..%d\n", n);
	return failed != 0;
}
