/*
 * ratio.h - the similarity of two texts, as PaStA measures it (method
 * section 3): the token-sort ratio.
 *
 * Both texts are lower-cased, every character that is not alphanumeric
 * becomes a blank (Unicode's sense, as GLib's g_unichar_tolower and
 * g_unichar_isalnum have it; '_' is not alphanumeric), the words are
 * sorted and joined by single blanks; the ratio is 2 * LCS / (la + lb)
 * over code points, 1 when both are empty.  The LCS is exact: a common
 * head and tail set aside, then the O(NP) path for texts that nearly
 * hold each other, else bit-parallel (Hyyrö 2004) over 64-bit words,
 * eight or four at a time with AVX-512 or AVX2, and only over the band
 * of diagonals the LCS can take (it leaves out no more than the words
 * both hold do, nor more than a bound allows); for texts so long that
 * it would take more than a second or two, ratio_sorted() counts the
 * words both hold instead (a lower bound, in linear time).
 */
#ifndef PATCHSIM_RATIO_H
#define PATCHSIM_RATIO_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"

/* Token-sort s[0..n) (UTF-8) into out; returns the length in code points. */
size_t token_sort(struct buf *out, const char *s, size_t n);

/* Scratch memory for lcs(); one per thread. */
struct lcs_scratch {
	uint32_t *a, *b;        /* decoded code points */
	size_t acap, bcap;
	uint64_t *pm, *v;       /* match masks, the bit vector */
	size_t pmcap, vcap;
	uint32_t *keys;         /* code points of the pattern's alphabet */
	int32_t *slot;          /* open-addressing map code point -> pm row */
	int32_t ascii[128];     /* the same for ASCII, direct */
	size_t kcap, scap;
	long *o;                /* furthest points per diagonal (O(NP) path) */
	size_t ocap;
	int32_t *rows;          /* the text's mask rows (bit-parallel path) */
	size_t rcap;
	/* Which way each LCS was found, for tests and measurements. */
	unsigned long n_onp, n_onp_gaveup, n_bits, n_band;
};

/* Length of the longest common subsequence of two UTF-8 texts, in code points. */
size_t lcs(struct lcs_scratch *sc, const char *a, size_t an, const char *b, size_t bn);

/*
 * The same, or LCS_BELOW as soon as it is sure to be under need (0: no
 * bound, the LCS itself): bounds that stop the work early for a pair
 * that cannot score enough.  Whenever it returns a length, that is the
 * LCS.
 */
#define LCS_BELOW ((size_t)-1)
size_t lcs_need(struct lcs_scratch *sc, const char *a, size_t an, const char *b, size_t bn,
    size_t need);

/*
 * The same by one way only, for tests: LCS_WAY_BITS, the bit-parallel
 * one; LCS_WAY_ONP, the O(NP) one, giving up ((size_t)-1) if more than
 * pmax characters of the shorter text (after the common head and tail)
 * are left out; LCS_WAY_BAND, the bit-parallel one over the diagonals a
 * common subsequence leaving out at most pmax of them can take, giving
 * up as the O(NP) one does.
 */
enum { LCS_WAY_BITS, LCS_WAY_ONP, LCS_WAY_BAND };
size_t lcs_way(struct lcs_scratch *sc, const char *a, size_t an, const char *b, size_t bn,
    int way, size_t pmax);

/* 2 * LCS / (la + lb) of two token-sorted texts; la, lb in code points. */
double ratio_sorted(struct lcs_scratch *sc, const char *a, size_t an, size_t la,
    const char *b, size_t bn, size_t lb);

/*
 * The same, unless the ratio is sure to be under need: then *below is
 * set and need returned (the ratio is less).  need <= 0: always the
 * ratio.  A ratio it returns is ratio_sorted()'s, to the bit.
 */
double ratio_sorted_need(struct lcs_scratch *sc, const char *a, size_t an, size_t la,
    const char *b, size_t bn, size_t lb, double need, int *below);

/*
 * The same ratio with the LCS replaced by the words both texts hold (a
 * common subsequence of two token-sorted texts, so never above the
 * ratio): linear in the texts' length.
 */
double word_ratio(const char *a, size_t an, size_t la, const char *b, size_t bn,
    size_t lb);

/* The whole measure on raw texts (token sort, then the ratio). */
double token_sort_ratio(struct lcs_scratch *sc, const char *a, size_t an,
    const char *b, size_t bn);

void lcs_scratch_free(struct lcs_scratch *sc);

/*
 * The bit-parallel LCS uses the widest words the CPU has; tests force
 * each way in turn to compare them.  Returns -1 if the CPU (or the
 * build) lacks it.  Not for use while threads compute.
 */
enum { LCS_PORTABLE, LCS_ADC, LCS_AVX2, LCS_AVX512 };
int lcs_force_isa(int isa);

/*
 * With on set, every LCS is the bit-parallel one over the whole texts,
 * one portable machine word at a time: the measure as it was computed
 * before the faster ways, to compare them with (patchsim --plain-lcs).
 */
void lcs_plain(int on);

#endif
