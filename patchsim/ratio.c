/*
 * ratio.c - the ratio of two token-sorted texts (ratio.h): their longest
 * common subsequence, exact by the fastest way that fits, or the words
 * both hold for texts too long for it.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

#include "ratio.h"
#include "utf8.h"
#include "util.h"

static size_t
decode_all(uint32_t **v, size_t *cap, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;
	size_t k = 0;

	if (*cap < n + 1) {
		*cap = n + 1;
		*v = xreallocarray(*v, *cap, sizeof **v);
	}
	while (p < end) {
#if defined(__SSE2__) && defined(__x86_64__) && defined(__GNUC__)
		/* Sixteen ASCII bytes at once, widened; else one by one. */
		if (end - p >= 16) {
			__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p), z;
			const unsigned char *stop = p + 16;
			uint32_t *o = *v + k;

			if (!_mm_movemask_epi8(x)) {
				z = _mm_setzero_si128();
				__m128i lo = _mm_unpacklo_epi8(x, z), hi = _mm_unpackhi_epi8(x, z);

				_mm_storeu_si128((__m128i *)(void *)o, _mm_unpacklo_epi16(lo, z));
				_mm_storeu_si128((__m128i *)(void *)(o + 4), _mm_unpackhi_epi16(lo, z));
				_mm_storeu_si128((__m128i *)(void *)(o + 8), _mm_unpacklo_epi16(hi, z));
				_mm_storeu_si128((__m128i *)(void *)(o + 12), _mm_unpackhi_epi16(hi, z));
				k += 16;
				p = stop;
				continue;
			}
			while (p < stop)
				(*v)[k++] = *p < 0x80 ? *p++ : decode(&p, end);
			continue;
		}
#endif
		(*v)[k++] = *p < 0x80 ? *p++ : decode(&p, end);
	}
	return k;
}

static inline size_t
slot_of(uint32_t c, size_t mask)
{
	return (c * 2654435761u) & mask;
}

/*
 * The bit-parallel LCS, one step per character of the text: V' = (V +
 * (V & M)) | (V & ~M) over words [0, words) of V, the addition carrying
 * from word to word.  rows[i] is the mask row of the text's i-th
 * character (-1: not in the pattern), rows stride words apart in pm (v
 * and pm may start inside the rows: a band, see lcs_bits()).  Three
 * ways, chosen once by what the CPU has: eight words at a time
 * (AVX-512), four (AVX2), or one (any CPU).
 * The wide ones add the words lane by lane and then the carries: a lane
 * passes a carry on when its sum overflowed, or when it is all ones and
 * receives one; with g the overflowed lanes and p the all-ones ones as
 * bits, the lanes that receive a carry are ((g << 1 | c) + p) ^ p, c
 * being the carry into the first lane (no lane both overflows and ends
 * all ones).
 */
static void
bits_run_portable(uint64_t *v, const uint64_t *pm, size_t stride, size_t words,
    const int32_t *rows, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const uint64_t *mk;
		uint64_t carry = 0;

		if (rows[i] < 0)
			continue;
		mk = pm + (size_t)rows[i] * stride;
		for (size_t w = 0; w < words; w++) {
			uint64_t u = v[w] & mk[w], t = v[w] + carry, sum;

			carry = t < carry;
			sum = t + u;
			carry |= sum < u;
			v[w] = sum | (v[w] & ~mk[w]);
		}
	}
}

#if defined(__x86_64__) && defined(__GNUC__)
#define HAVE_WIDE 1

/* The add-with-carry instruction, for the words the wide loops leave. */
static inline void
tail_words(uint64_t *v, const uint64_t *mk, size_t w, size_t words, unsigned cin)
{
	unsigned char carry = (unsigned char)cin;

	for (; w < words; w++) {
		unsigned long long x = v[w], m = mk[w], sum;

		carry = _addcarry_u64(carry, x, x & m, &sum);
		v[w] = sum | (x & ~m);
	}
}

static void
bits_run_adc(uint64_t *v, const uint64_t *pm, size_t stride, size_t words, const int32_t *rows,
    size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (rows[i] >= 0)
			tail_words(v, pm + (size_t)rows[i] * stride, 0, words, 0);
}

/* lane_one[c]: 1 in the lanes whose bit is set in c (four lanes). */
static const uint64_t lane_one[16][4] = {
	{0,0,0,0}, {1,0,0,0}, {0,1,0,0}, {1,1,0,0}, {0,0,1,0}, {1,0,1,0}, {0,1,1,0}, {1,1,1,0},
	{0,0,0,1}, {1,0,0,1}, {0,1,0,1}, {1,1,0,1}, {0,0,1,1}, {1,0,1,1}, {0,1,1,1}, {1,1,1,1},
};

__attribute__((target("avx2")))
static void
bits_run_avx2(uint64_t *v, const uint64_t *pm, size_t stride, size_t words,
    const int32_t *rows, size_t n)
{
	const __m256i sign = _mm256_set1_epi64x(INT64_MIN), ones = _mm256_set1_epi64x(-1);

	for (size_t i = 0; i < n; i++) {
		const uint64_t *mk;
		unsigned cin = 0;
		size_t w = 0;

		if (rows[i] < 0)
			continue;
		mk = pm + (size_t)rows[i] * stride;
		for (; w + 4 <= words; w += 4) {
			__m256i x = _mm256_loadu_si256((const __m256i *)(v + w)),
			    m = _mm256_loadu_si256((const __m256i *)(mk + w)),
			    s = _mm256_add_epi64(x, _mm256_and_si256(x, m));
			/* Overflowed: s < x, unsigned (signed after flipping the top bits). */
			unsigned g = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(
			    _mm256_cmpgt_epi64(_mm256_xor_si256(x, sign), _mm256_xor_si256(s, sign))));
			unsigned p = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(
			    _mm256_cmpeq_epi64(s, ones)));
			unsigned c = (((g << 1) | cin) + p) ^ p;

			cin = c >> 4;
			s = _mm256_add_epi64(s, _mm256_loadu_si256((const __m256i *)lane_one[c & 15]));
			s = _mm256_or_si256(s, _mm256_andnot_si256(m, x));
			_mm256_storeu_si256((__m256i *)(v + w), s);
		}
		tail_words(v, mk, w, words, cin);
	}
}

__attribute__((target("avx512f")))
static void
bits_run_avx512(uint64_t *v, const uint64_t *pm, size_t stride, size_t words,
    const int32_t *rows, size_t n)
{
	const __m512i one = _mm512_set1_epi64(1), ones = _mm512_set1_epi64(-1);

	for (size_t i = 0; i < n; i++) {
		const uint64_t *mk;
		unsigned cin = 0;
		size_t w = 0;

		if (rows[i] < 0)
			continue;
		mk = pm + (size_t)rows[i] * stride;
		for (; w + 8 <= words; w += 8) {
			__m512i x = _mm512_loadu_si512((const void *)(v + w)),
			    m = _mm512_loadu_si512((const void *)(mk + w)),
			    s = _mm512_add_epi64(x, _mm512_and_si512(x, m));
			unsigned g = (unsigned)_mm512_cmplt_epu64_mask(s, x);
			unsigned p = (unsigned)_mm512_cmpeq_epi64_mask(s, ones);
			unsigned c = (((g << 1) | cin) + p) ^ p;

			cin = c >> 8;
			s = _mm512_mask_add_epi64(s, (__mmask8)c, s, one);
			/* s | (x & ~m): 0xf4 is that function's truth table. */
			s = _mm512_ternarylogic_epi64(s, x, m, 0xf4);
			_mm512_storeu_si512((void *)(v + w), s);
		}
		tail_words(v, mk, w, words, cin);
	}
}
#endif

typedef void bits_run_fn(uint64_t *, const uint64_t *, size_t, size_t, const int32_t *,
    size_t);

static int forced_isa = -1;

int
lcs_force_isa(int isa)
{
#ifdef HAVE_WIDE
	__builtin_cpu_init();
	if ((isa == LCS_AVX2 && !__builtin_cpu_supports("avx2")) ||
	    (isa == LCS_AVX512 && !__builtin_cpu_supports("avx512f")))
		return -1;
#else
	if (isa == LCS_ADC || isa == LCS_AVX2 || isa == LCS_AVX512)
		return -1;
#endif
	forced_isa = isa;
	return 0;
}

static int plain_only;

static bits_run_fn *
bits_run_pick(void)
{
	if (plain_only)
		return bits_run_portable;
#ifdef HAVE_WIDE
	switch (forced_isa) {
	case LCS_PORTABLE: return bits_run_portable;
	case LCS_ADC: return bits_run_adc;
	case LCS_AVX2: return bits_run_avx2;
	case LCS_AVX512: return bits_run_avx512;
	default: break;
	}
	__builtin_cpu_init();
	if (__builtin_cpu_supports("avx512f"))
		return bits_run_avx512;
	if (__builtin_cpu_supports("avx2"))
		return bits_run_avx2;
	return bits_run_adc;
#else
	return bits_run_portable;
#endif
}

/*
 * The LCS of a[0..m) and b[0..n), m <= n, by the O(NP) algorithm of Wu,
 * Manber, Myers and Miller (1990): round p extends, along every
 * diagonal, the furthest path that leaves out p characters of a (and
 * so n - m + p of b); the LCS is m - p for the first round whose path
 * reaches the end.  Rounds cost about n - m + 2p diagonals each, so a
 * text that nearly holds the other (a new version of a driver, a patch
 * with a few lines more) is compared in about linear time.  Gives up,
 * returning -1, after round pmax.
 */
static long
lcs_onp(struct lcs_scratch *sc, const uint32_t *a, size_t m, const uint32_t *b,
    size_t n, size_t pmax)
{
	long delta = (long)(n - m), lm = (long)m, ln = (long)n, *fp;
	size_t need = (size_t)delta + 2 * pmax + 3;

	if (sc->ocap < need) {
		sc->ocap = need;
		sc->o = xreallocarray(sc->o, sc->ocap, sizeof *sc->o);
	}
	fp = sc->o + pmax + 1;  /* fp[k], k in [-pmax - 1, delta + pmax + 1]: furthest y */
	for (size_t i = 0; i < need; i++)
		sc->o[i] = -1;
#define SNAKE(k) do { \
		long y_ = fp[(k) - 1] + 1, x_; \
		/* Leaving out one more of a, from diagonal k + 1, if a has one. */ \
		if (fp[(k) + 1] > y_ && fp[(k) + 1] - (k) <= lm) \
			y_ = fp[(k) + 1]; \
		x_ = y_ - (k); \
		while (x_ < lm && y_ < ln && a[x_] == b[y_]) { \
			x_++; \
			y_++; \
		} \
		fp[k] = y_; \
	} while (0)
	for (long p = 0; p <= (long)pmax; p++) {
		for (long k = -p; k < delta; k++)
			SNAKE(k);
		for (long k = delta + p; k > delta; k--)
			SNAKE(k);
		SNAKE(delta);
		if (fp[delta] >= ln)
			return lm - p;
	}
#undef SNAKE
	return -1;
}

/* Zero bits among the first m of v: the LCS so far. */
static size_t
bits_zeros(const uint64_t *v, size_t m)
{
	size_t words = (m + 63) / 64, zeros = 0;

	for (size_t w = 0; w < words; w++) {
		uint64_t x = ~v[w];

		if (w == words - 1 && m % 64)
			x &= ((uint64_t)1 << (m % 64)) - 1;
		zeros += (size_t)__builtin_popcountll(x);
	}
	return zeros;
}

/* Rows of the text a band step covers: its words move up one per 64 rows. */
#define BAND_STEP 64

/*
 * Bit-parallel LCS (Hyyrö 2004) of a[0..m) and b[0..n), 1 <= m.  With
 * need above 0 it may stop early, returning LCS_BELOW, once the LCS is
 * sure to be under need: after i characters of b it is at most the LCS
 * so far plus the n - i still to come, counted now and then (a count
 * costs one step).
 *
 * With band below m (BAND_ALL: none), only the words of V that hold a
 * diagonal k = j - i in [-band, n - m + band] at row j are stepped: a
 * common subsequence that leaves out at most band characters of a
 * stays there, so what is counted is the longest common subsequence of
 * those in the band (a word's bits past the band act as if their
 * characters matched nothing there: unstepped, a word of V keeps its
 * bits and passes no carry on, and a word the band has not reached
 * yet is all ones).  That is the LCS whenever it leaves out at most
 * band characters of a; when it leaves out more, so does the LCS.  The
 * caller checks.
 */
#define BAND_ALL ((size_t)-1)

static size_t
lcs_bits(struct lcs_scratch *sc, const uint32_t *a, size_t m, const uint32_t *b,
    size_t n, size_t need, size_t band)
{
	size_t words = (m + 63) / 64, nkeys = 0, smask = 0, i, w;
	uint64_t *pm, *v;
	bits_run_fn *run = bits_run_pick();
	int wide = 0;           /* the pattern has characters past ASCII */

	/*
	 * The alphabet of the pattern: ASCII, nearly all of a diff, in a
	 * direct table; other characters in an open-addressing one, made
	 * only when the pattern has some.
	 */
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
		size_t s;
		int32_t k;

		if (a[i] < 128) {
			if (sc->ascii[a[i]] < 0) {
				sc->ascii[a[i]] = (int32_t)nkeys;
				sc->keys[nkeys++] = a[i];
			}
			continue;
		}
		if (!wide) {
			for (smask = 15; smask + 1 < 2 * m; smask = smask * 2 + 1)
				;
			if (sc->scap < smask + 1) {
				sc->scap = smask + 1;
				sc->slot = xreallocarray(sc->slot, sc->scap, sizeof *sc->slot);
			}
			memset(sc->slot, 0xff, (smask + 1) * sizeof *sc->slot);
			wide = 1;
		}
		s = slot_of(a[i], smask);
		while ((k = sc->slot[s]) >= 0 && sc->keys[k] != a[i])
			s = (s + 1) & smask;
		if (k < 0) {
			k = (int32_t)nkeys++;
			sc->slot[s] = k;
			sc->keys[k] = a[i];
		}
	}
	if (sc->pmcap < nkeys * words) {
		sc->pmcap = nkeys * words;
		sc->pm = xreallocarray(sc->pm, sc->pmcap, sizeof *sc->pm);
	}
	pm = sc->pm;
	memset(pm, 0, nkeys * words * sizeof *pm);
	for (i = 0; i < m; i++) {
		int32_t k;

		if (a[i] < 128) {
			k = sc->ascii[a[i]];
		} else {
			size_t s = slot_of(a[i], smask);

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
	/* The text as mask rows, then the steps. */
	if (sc->rcap < n) {
		sc->rcap = n;
		sc->rows = xreallocarray(sc->rows, sc->rcap, sizeof *sc->rows);
	}
	for (i = 0; i < n; i++) {
		int32_t k;

		if (b[i] < 128) {
			k = sc->ascii[b[i]];
		} else if (!wide) {
			k = -1;
		} else {
			size_t s = slot_of(b[i], smask);

			while ((k = sc->slot[s]) >= 0 && sc->keys[k] != b[i])
				s = (s + 1) & smask;
		}
		sc->rows[i] = k;
	}
	if (band < m) {
		/*
		 * Steps of BAND_STEP rows, each over the words its rows' band
		 * reaches: bits i in [j - (n - m) - band, j + band] for row j.
		 */
		size_t at = 0, below = n - m + band, next_count = 0;
		size_t from = need && need <= n ? n - need + 1 : n, step = n / 32 > 64 ? n / 32 : 64;

		while (at < n) {
			size_t to = at + BAND_STEP < n ? at + BAND_STEP : n;
			size_t lo = at > below ? (at - below) / 64 : 0;
			size_t hi = (to - 1 + band) / 64 + 1;

			if (hi > words)
				hi = words;
			run(v + lo, pm + lo, words, hi - lo, sc->rows + at, to - at);
			at = to;
			if (at >= from && at >= next_count && at < n) {
				if (bits_zeros(v, m) + (n - at) < need)
					return LCS_BELOW;
				next_count = at + step;
			}
		}
	} else if (need && need <= n) {
		/*
		 * Before row n - need + 1 nothing can be ruled out; from there
		 * on the rows come in steps of a thirty-second of the text (64
		 * at least), each step ending in a count.
		 */
		size_t at = 0, from = n - need + 1, step = n / 32 > 64 ? n / 32 : 64;

		while (at < n) {
			size_t to = at < from ? from : at + step;

			if (to > n)
				to = n;
			run(v, pm, words, words, sc->rows + at, to - at);
			at = to;
			if (at < n && bits_zeros(v, m) + (n - at) < need)
				return LCS_BELOW;
		}
	} else {
		run(v, pm, words, words, sc->rows, n);
	}
	return bits_zeros(v, m);
}

/*
 * Work below which the bit-parallel LCS is taken at once (machine-word
 * steps), and what one diagonal of the O(NP) path costs in machine-word
 * steps of the bit-parallel one, about (measured on linux-wireless): it
 * is tried when its rounds up to the bound cost less than the
 * bit-parallel LCS.
 */
#define ONP_MIN_WORK 4096
#define ONP_COST 4

/*
 * The most characters a and b can have in common, counting each ASCII
 * character apart and all others together: so the fewest of a's that
 * every common subsequence leaves out.
 */
static size_t
left_out_at_least(const uint32_t *a, size_t m, const uint32_t *b, size_t n)
{
	size_t ca[129], cb[129], common = 0;

	memset(ca, 0, sizeof ca);
	memset(cb, 0, sizeof cb);
	for (size_t i = 0; i < m; i++)
		ca[a[i] < 128 ? a[i] : 128]++;
	for (size_t i = 0; i < n; i++)
		cb[b[i] < 128 ? b[i] : 128]++;
	for (int c = 0; c < 129; c++)
		common += ca[c] < cb[c] ? ca[c] : cb[c];
	return m - common;
}

static size_t word_lcs(const char *a, size_t an, const char *b, size_t bn);

/*
 * The two texts decoded, their common head and tail set aside (they are
 * in every longest common subsequence), the shorter rest first.
 */
struct lcs_in {
	const uint32_t *a, *b;
	size_t m, n;            /* m <= n */
	size_t same;            /* characters of the head and tail */
};

static void
lcs_prepare(struct lcs_scratch *sc, const char *as, size_t an, const char *bs, size_t bn,
    struct lcs_in *in)
{
	size_t m, n, pre = 0, suf = 0;
	const uint32_t *a, *b;

	m = decode_all(&sc->a, &sc->acap, as, an);
	n = decode_all(&sc->b, &sc->bcap, bs, bn);
	a = sc->a;
	b = sc->b;
	while (pre < m && pre < n && a[pre] == b[pre])
		pre++;
	while (suf < m - pre && suf < n - pre && a[m - 1 - suf] == b[n - 1 - suf])
		suf++;
	a += pre;
	b += pre;
	m -= pre + suf;
	n -= pre + suf;
	/* The shorter is the pattern: fewer words per step. */
	in->a = m <= n ? a : b;
	in->b = m <= n ? b : a;
	in->m = m <= n ? m : n;
	in->n = m <= n ? n : m;
	in->same = pre + suf;
}

void
lcs_plain(int on)
{
	plain_only = on;
}

size_t
lcs(struct lcs_scratch *sc, const char *as, size_t an, const char *bs, size_t bn)
{
	return lcs_need(sc, as, an, bs, bn, 0);
}

/* Machine-word steps of the bit-parallel LCS in a band of p (lcs_bits()). */
static uint64_t
band_work(size_t m, size_t n, uint64_t p)
{
	uint64_t words = (m + 63) / 64, band = (n - m + 2 * p + BAND_STEP) / 64 + 2;

	return (band < words ? band : words) * n;
}

size_t
lcs_need(struct lcs_scratch *sc, const char *as, size_t an, const char *bs, size_t bn,
    size_t need)
{
	struct lcs_in in;
	uint64_t work, d, budget;
	size_t rest = 0, left_out, pmax, wp = (size_t)-1, band, r;

	if (plain_only) {
		/* The whole texts, one machine word at a time. */
		size_t m = decode_all(&sc->a, &sc->acap, as, an),
		    n = decode_all(&sc->b, &sc->bcap, bs, bn);

		if (!m || !n)
			return 0;
		sc->n_bits++;
		return m <= n ? lcs_bits(sc, sc->a, m, sc->b, n, 0, BAND_ALL) :
		    lcs_bits(sc, sc->b, n, sc->a, m, 0, BAND_ALL);
	}
	lcs_prepare(sc, as, an, bs, bn, &in);
	if (!in.m)
		return in.same;
	/* What the rest, past the common head and tail, must reach. */
	if (need > in.same) {
		rest = need - in.same;
		if (rest > in.m)
			return LCS_BELOW;
	}
	work = (uint64_t)((in.m + 63) / 64) * in.n;
	band = BAND_ALL;
	if (work >= ONP_MIN_WORK) {
		/*
		 * How many characters of a the LCS leaves out: at least those
		 * the two cannot have in common; for need, at most m - rest,
		 * or it is under need; and at most what a common subsequence
		 * found word by word leaves out.  Both ways below cost less the
		 * fewer that may be: the O(NP) path's rounds, and the band of
		 * the bit-parallel one.
		 */
		left_out = left_out_at_least(in.a, in.m, in.b, in.n);
		pmax = rest ? in.m - rest : in.m;
		if (left_out > pmax)
			return LCS_BELOW;
		d = in.n - in.m;
		if (band_work(in.m, in.n, left_out) < work) {
			size_t wl = word_lcs(as, an, bs, bn);

			wp = wl > in.same ? in.m - (wl - in.same) : in.m;
		}
		band = wp < pmax ? wp : pmax;
		budget = band_work(in.m, in.n, band) / ONP_COST;
		if ((band + 1) * (d + band + 1) <= budget) {
			long o = lcs_onp(sc, in.a, in.m, in.b, in.n, band);

			if (o >= 0) {
				sc->n_onp++;
				return in.same + (size_t)o;
			}
			/* It leaves out more than band: only need can say so. */
			if (rest && band == pmax)
				return LCS_BELOW;
			band = BAND_ALL;
		} else if ((1 + d + 1) <= budget) {
			/*
			 * Rounds 0..p cost about (p + 1) (n - m + p + 1)
			 * diagonals: the largest p within the bit-parallel work.
			 * Worth trying when the fewest characters of a that a
			 * common subsequence leaves out is within it, and the
			 * words the two share leave out at most half as much
			 * again: where they leave out more, the path mostly gives
			 * up after spending its budget.
			 */
			uint64_t lo = 0, hi = in.m;

			while (lo < hi) {
				uint64_t mid = (lo + hi + 1) / 2;

				if ((mid + 1) * (d + mid + 1) <= budget)
					lo = mid;
				else
					hi = mid - 1;
			}
			if (left_out <= lo && wp == (size_t)-1) {
				size_t wl = word_lcs(as, an, bs, bn);

				wp = wl > in.same ? in.m - (wl - in.same) : in.m;
			}
			if (left_out <= lo && wp <= lo + lo / 2) {
				long o = lcs_onp(sc, in.a, in.m, in.b, in.n, (size_t)lo);

				if (o >= 0) {
					sc->n_onp++;
					return in.same + (size_t)o;
				}
				sc->n_onp_gaveup++;
			}
		}
		if (band_work(in.m, in.n, band) >= work)
			band = BAND_ALL;
	}
	if (band == BAND_ALL)
		sc->n_bits++;
	else
		sc->n_band++;
	r = lcs_bits(sc, in.a, in.m, in.b, in.n, rest, band);
	if (r == LCS_BELOW)
		return r;
	if (band != BAND_ALL && r < in.m - band) {
		/* It leaves out more than band: only need can say so. */
		if (rest && band == in.m - rest)
			return LCS_BELOW;
		r = lcs_bits(sc, in.a, in.m, in.b, in.n, rest, BAND_ALL);
		if (r == LCS_BELOW)
			return r;
	}
	return in.same + r;
}

size_t
lcs_way(struct lcs_scratch *sc, const char *as, size_t an, const char *bs, size_t bn,
    int way, size_t pmax)
{
	struct lcs_in in;
	long r;

	lcs_prepare(sc, as, an, bs, bn, &in);
	if (!in.m)
		return in.same;
	if (way == LCS_WAY_BITS)
		return in.same + lcs_bits(sc, in.a, in.m, in.b, in.n, 0, BAND_ALL);
	if (way == LCS_WAY_BAND) {
		size_t got = lcs_bits(sc, in.a, in.m, in.b, in.n, 0, pmax < in.m ? pmax : BAND_ALL);

		return pmax < in.m && got < in.m - pmax ? (size_t)-1 : in.same + got;
	}
	r = lcs_onp(sc, in.a, in.m, in.b, in.n, pmax < in.m ? pmax : in.m);
	return r < 0 ? (size_t)-1 : in.same + (size_t)r;
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

/* Bytes a[0..q) and b[0..q) have alike, q < n at most (8 at a time). */
static size_t
same_bytes(const char *a, const char *b, size_t n)
{
	size_t q = 0;

	while (q + 8 <= n) {
		uint64_t x, y;

		memcpy(&x, a + q, 8);
		memcpy(&y, b + q, 8);
		if (x != y)
			return q + (size_t)__builtin_ctzll(x ^ y) / 8;
		q += 8;
	}
	while (q < n && a[q] == b[q])
		q++;
	return q;
}

/*
 * A common subsequence of two token-sorted texts, found word by word:
 * the words both hold, merged in their sorted order, and a blank between
 * each two.  Linear, and never longer than the LCS.  Versions of a patch
 * hold long runs of the same words, byte for byte: a run is taken whole,
 * up to its last blank.
 */
static size_t
word_lcs(const char *a, size_t an, const char *b, size_t bn)
{
	const char *ae = a + an, *be = b + bn, *x, *y;
	size_t common = 0, words = 0;

	/* a and b start words; x, y: their ends (a blank or the end). */
	x = NULL;
	y = NULL;
	while (a < ae && b < be) {
		size_t xn, yn, q;
		int c;

		if (!x) {
			size_t lim = (size_t)(ae - a) < (size_t)(be - b) ? (size_t)(ae - a) :
			    (size_t)(be - b);

			q = same_bytes(a, b, lim);
			if (q >= 32) {
				/* Whole words up to the run's last blank. */
				size_t blanks = 0, k = q;

				while (k > 0 && a[k - 1] != ' ')
					k--;
				if (k > 0) {
					for (size_t i = 0; i < k; i++)
						blanks += a[i] == ' ';
					common += cps_of(a, k) - blanks;
					words += blanks;
					a += k;
					b += k;
					continue;
				}
			}
			x = memchr(a, ' ', (size_t)(ae - a));
			x = x ? x : ae;
			y = memchr(b, ' ', (size_t)(be - b));
			y = y ? y : be;
		}
		xn = (size_t)(x - a);
		yn = (size_t)(y - b);
		c = memcmp(a, b, xn < yn ? xn : yn);
		if (!c)
			c = xn < yn ? -1 : xn > yn;
		if (c == 0) {
			common += cps_of(a, xn);
			words++;
		}
		if (c <= 0) {
			a = x < ae ? x + 1 : ae;
			x = a < ae ? memchr(a, ' ', (size_t)(ae - a)) : NULL;
			x = x ? x : ae;
		}
		if (c >= 0) {
			b = y < be ? y + 1 : be;
			y = b < be ? memchr(b, ' ', (size_t)(be - b)) : NULL;
			y = y ? y : be;
		}
		/* Both at a new word: look for a run again. */
		if (c == 0)
			x = y = NULL;
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
	int below;

	return ratio_sorted_need(sc, a, an, la, b, bn, lb, 0.0, &below);
}

double
ratio_sorted_need(struct lcs_scratch *sc, const char *a, size_t an, size_t la,
    const char *b, size_t bn, size_t lb, double need, int *below)
{
	size_t lo = la < lb ? la : lb, hi = la < lb ? lb : la, got, least = 0;

	*below = 0;
	if (!la && !lb)
		return 1.0;
	if (!la || !lb)
		return 0.0;
	/* The same text (a patch posted again): no need to count. */
	if (an == bn && (a == b || memcmp(a, b, an) == 0))
		return 1.0;
	if ((uint64_t)((lo + 63) / 64) * hi > LCS_BUDGET)
		return 2.0 * (double)word_lcs(a, an, b, bn) / (double)(la + lb);
	/*
	 * An LCS under least gives a ratio under need: 2 least / (la + lb)
	 * is need at most.
	 */
	if (need > 0)
		least = (size_t)floor(need * (double)(la + lb) / 2.0);
	got = lcs_need(sc, a, an, b, bn, least);
	if (got == LCS_BELOW) {
		*below = 1;
		return need;
	}
	return 2.0 * (double)got / (double)(la + lb);
}

double
word_ratio(const char *a, size_t an, size_t la, const char *b, size_t bn, size_t lb)
{
	if (!la && !lb)
		return 1.0;
	if (!la || !lb)
		return 0.0;
	/* One text (interned, or one hunk shared): all its words in common. */
	if (a == b && an == bn)
		return 2.0 * (double)la / (double)(la + lb);
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
	void *const v[] = { sc->a, sc->b, sc->pm, sc->v, sc->keys, sc->slot, sc->o, sc->rows };

	for (size_t k = 0; k < sizeof v / sizeof v[0]; k++)
		free(v[k]);
	memset(sc, 0, sizeof *sc);
}
