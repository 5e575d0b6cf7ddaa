/*
 * contain.c - one person's patch found again in a commit of his under
 * other files, another title or among more changes (a squash, a file
 * renamed or mistyped, prose moved into another document): the words
 * the patches add, as runs of SHINGLE_WORDS, and how many of the
 * smaller's runs the other holds.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "day.h"
#include "order.h"
#include "patchsim.h"
#include "person.h"
#include "hunks.h"
#include "util.h"
#include "via.h"

/* Words in a run: a run of the smaller patch's added words found in the other is shared. */
#define SHINGLE_WORDS 4
/* Words shorter than this (i, if, fB) say nothing of a text and are skipped. */
#define SHINGLE_MIN_LEN 3
/* Runs kept a patch, its smallest hashes: the same sample of any two. */
#define SHINGLE_KEEP 256
/* Runs of the smaller patch the share is judged on, at least. */
#define CONTAIN_MIN 16
/* Days the commit may follow the mail, at most, and precede it (a reset author date). */
#define CONTAIN_DAYS 365
#define CONTAIN_BEFORE 1

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

/*
 * Is the smaller patch's sample (its runs under both rows' bounds, at
 * least CONTAIN_MIN) held, share of it at least, by the other?
 */
static int
holds(const struct row *a, const struct row *b, double share)
{
	const struct row *s = a->nshall <= b->nshall ? a : b, *t = s == a ? b : a;
	uint64_t bound = a->shmax < b->shmax ? a->shmax : b->shmax;
	size_t n = 0, lo = 0, hi = s->nsh, miss = 0;

	/* The sample: the smaller's runs up to the bound (sorted: a search). */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->sh[mid] <= bound)
			lo = mid + 1;
		else
			hi = mid;
	}
	n = lo;
	if (n < CONTAIN_MIN)
		return 0;
	/* No, once the runs left cannot make share of n. */
	for (uint32_t i = 0, k = 0; i < n; i++) {
		while (k < t->nsh && t->sh[k] < s->sh[i])
			k++;
		if (!(k < t->nsh && t->sh[k] == s->sh[i]) &&
		    (double)(n - ++miss) < share * (double)n)
			return 0;
	}
	return 1;
}

/*
 * A mail and a commit dated from CONTAIN_BEFORE days before the mail to
 * CONTAIN_DAYS after it; a diff in a reply is talk.
 */
int
contain_dates(const struct row *l, const struct row *r)
{
	const struct row *m = l->commit ? r : l, *c = l->commit ? l : r;

	if (l->commit == r->commit || m->reply || !m->has_date || !c->has_date)
		return 0;
	return c->date >= m->date - (int64_t)CONTAIN_BEFORE * DAY &&
	    c->date - m->date <= (int64_t)CONTAIN_DAYS * DAY;
}

/*
 * Is a mail's patch contained in a commit of its author's (or one
 * crediting him), in contain_dates(): VIA_CONTAINED.
 */
int
contained(struct job *j, struct row *l, struct row *r)
{
	struct row *m = l->commit ? r : l, *c = l->commit ? l : r;

	if (!j->o->shingle || !contain_dates(l, r))
		return 0;
	if (!one_person(m->author, m->name, c->author, c->name, 0) && !credits_person(c, m))
		return 0;
	ready_shingles(j, l);
	ready_shingles(j, r);
	return holds(l, r, j->o->contain) ? VIA_CONTAINED : 0;
}

/*
 * Can a mail of one table meet a commit of the other (either way)?
 * Else no pair is contained, and no row need take its runs of words.
 */
int
can_contain(const struct table *L, const struct table *R)
{
	int kinds[2][2] = { { 0, 0 }, { 0, 0 } };

	for (size_t i = 0; i < L->n; i++)
		kinds[0][L->r[i].commit ? 1 : 0] = 1;
	for (size_t i = 0; i < R->n; i++)
		kinds[1][R->r[i].commit ? 1 : 0] = 1;
	return (kinds[0][0] && kinds[1][1]) || (kinds[0][1] && kinds[1][0]);
}
