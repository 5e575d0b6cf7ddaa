/*
 * shingle.c - the words a patch adds, as runs of SHINGLE_WORDS: a row's
 * sample of them, the smallest of their hashes, which contain.c holds
 * against another row's.  Taken as a row's hunks are read (load.c).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "hunks.h"
#include "order.h"
#include "patchsim.h"
#include "util.h"

/* Words in a run: a run of the smaller patch's added words found in the other is shared. */
#define SHINGLE_WORDS 4
/* Words shorter than this (i, if, fB) say nothing of a text and are skipped. */
#define SHINGLE_MIN_LEN 3
/* Runs kept a patch, its smallest hashes: the same sample of any two. */
#define SHINGLE_KEEP 256

/*
 * The words a patch adds, as runs of a few, taken in as its
 * hunks are read.
 */
struct shingler {
	uint64_t last[SHINGLE_WORDS];   /* the last words' hashes */
	size_t words;
	uint64_t *v;            /* hashes under bound (sorted and cut now and then) */
	size_t n, cap;
	size_t runs;            /* every run taken, repeats counted */
	uint64_t bound;         /* the largest of the smallest kept, once others went */
};

/*
 * The runs' finalizer (splitmix64's).  Not hash.c's: the sample of a
 * patch is the smallest of these, and another finalizer keeps another
 * sample (borderline pairs change).
 */
static uint64_t
mix(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static int
is_word(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	    c == '_' || c >= 0x80;
}

/*
 * Is the line a comment's (its first marks slash-star, star, "//", or "#" and
 * a blank: a license header, which one person's unrelated files share)?
 */
static int
comment_line(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i == n)
		return 0;
	if (s[i] == '*' || (s[i] == '/' && i + 1 < n && (s[i + 1] == '*' || s[i + 1] == '/')))
		return 1;
	return s[i] == '#' && (i + 1 == n || s[i + 1] == ' ' || s[i + 1] == '\t');
}

static int
cmp_u64(const void *a, const void *b)
{
	return cmp_uint(*(const uint64_t *)a, *(const uint64_t *)b);
}

/*
 * The shingler's hashes sorted, once each, the SHINGLE_KEEP smallest
 * kept; the bound, the largest kept, when others were left out.
 */
static void
smallest(struct shingler *sh)
{
	size_t n = 0;

	if (!sh->n)
		return;
	qsort(sh->v, sh->n, sizeof *sh->v, cmp_u64);
	for (size_t i = 0; i < sh->n; i++)
		if (!n || sh->v[n - 1] != sh->v[i])
			sh->v[n++] = sh->v[i];
	if (n > SHINGLE_KEEP) {
		n = SHINGLE_KEEP;
		sh->bound = sh->v[n - 1];
	}
	sh->n = n;
}

/* One added line's words into the shingler; a comment's are not the patch's. */
static void
shingle_line(struct shingler *sh, const char *s, size_t n)
{
	if (comment_line(s, n))
		return;
	for (size_t i = 0; i < n;) {
		uint64_t h = 14695981039346656037ULL;
		size_t k = i;

		while (k < n && is_word((unsigned char)s[k])) {
			unsigned char c = (unsigned char)s[k];

			h = (h ^ (c >= 'A' && c <= 'Z' ? c + 32 : c)) * 1099511628211ULL;
			k++;
		}
		if (k - i >= SHINGLE_MIN_LEN) {
			memmove(sh->last, sh->last + 1, sizeof sh->last - sizeof sh->last[0]);
			sh->last[SHINGLE_WORDS - 1] = mix(h);
			if (++sh->words >= SHINGLE_WORDS) {
				uint64_t x = 0;

				for (int w = 0; w < SHINGLE_WORDS; w++)
					x = mix(x ^ sh->last[w]) + (uint64_t)w;
				sh->runs++;
				/* Only the SHINGLE_KEEP smallest are kept: those over the bound are not. */
				if (x < sh->bound) {
					sh->v = xgrow(sh->v, &sh->cap, sh->n, 64, sizeof *sh->v);
					sh->v[sh->n++] = x;
					if (sh->n >= 4 * SHINGLE_KEEP)
						smallest(sh);
				}
			}
		}
		i = k > i ? k : i + 1;
	}
}

/*
 * The row's runs: distinct, sorted, the SHINGLE_KEEP smallest kept in
 * mem (shmax: the largest kept when some were left out, else all ones);
 * nshall, how many it adds, repeats counted: its size.
 */
static void
shingle_done(struct shingler *sh, struct arena *mem, struct row *rw)
{
	smallest(sh);
	rw->nshall = sh->runs > UINT32_MAX ? UINT32_MAX : (uint32_t)sh->runs;
	rw->shmax = sh->bound;
	rw->nsh = (uint32_t)sh->n;
	rw->sh = sh->n ? arena_alloc(mem, sh->n * sizeof *rw->sh) : NULL;
	if (sh->n)
		memcpy(rw->sh, sh->v, sh->n * sizeof *rw->sh);
	free(sh->v);
	memset(sh, 0, sizeof *sh);
}

/*
 * The runs of words the hunks s[0..n) add (hunks.h), into rw->sh (mem).
 * A patch of more than CONTAIN_MAX_LINES lines keeps none (shmax 0):
 * its sample would be too thin to judge a smaller one by, and reading
 * it (a translation update) would cost more than all the others.
 */
void
shingle_text(struct arena *mem, struct row *rw, const char *s, size_t n)
{
	struct shingler sh = { { 0 }, 0, NULL, 0, 0, 0, UINT64_MAX };
	struct hunks_iter it;
	struct hunks_item x;

	if (rw->lines > CONTAIN_MAX_LINES) {
		rw->sh = NULL;
		rw->nsh = 0;
		rw->nshall = rw->lines;
		rw->shmax = 0;
		return;
	}

	hunks_iter_init(&it, s, n);
	while (hunks_next(&it, &x))
		if (x.kind == '+')
			shingle_line(&sh, x.s, x.len);
	shingle_done(&sh, mem, rw);
}
