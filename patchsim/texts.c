/*
 * texts.c - the texts of a row as the scorer keeps them: token-sorted,
 * long ones interned and sorted once, a file's hunks merged into one
 * text a side, and the hunks field parsed into files and hunks; and
 * the most two such texts can score (ratio_bound).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "hunks.h"
#include "patchsim.h"
#include "util.h"

static int
bucket(unsigned char c)
{
	if (c >= 'a' && c <= 'z')
		return c - 'a';
	if (c >= '0' && c <= '9')
		return 26 + c - '0';
	return c == ' ' ? 36 : 37;
}

static const char *
sink_intern(const struct sink *k, const char *s, size_t n)
{
	struct hent *e;
	const char *r;
	uint64_t hv;
	int isnew;

	if (!k->mu)
		return intern(k->names, s, n);
	hv = hash_bytes(s, n);
	pthread_mutex_lock(k->mu);
	e = hmap_get_h(&k->names->map, s, n, hv);
	r = e ? e->key : NULL;
	pthread_mutex_unlock(k->mu);
	if (r)
		return r;
	/* New: copied here, then put in (unless another thread did meanwhile). */
	r = arena_strndup(k->mem, s, n);
	pthread_mutex_lock(k->mu);
	e = hmap_put_h(&k->names->map, r, n, hv, &isnew);
	r = e->key;
	pthread_mutex_unlock(k->mu);
	return r;
}

struct tstr
keep_sorted(const struct sink *t, struct buf *scratch, const char *s, size_t n)
{
	struct tstr r, *kept;
	struct hent *e;
	uint64_t hv = 0;
	int isnew;

	/*
	 * A long text met before (a hunk of v1 again in v2, a repost) is
	 * not sorted again: what it became is kept by the text as read.
	 */
	if (n >= 256) {
		hv = hash_bytes(s, n);
		if (t->smu)
			pthread_mutex_lock(t->smu);
		e = hmap_get_h(t->sorted, s, n, hv);
		if (e)
			r = *(const struct tstr *)e->val;
		if (t->smu)
			pthread_mutex_unlock(t->smu);
		if (e)
			return r;
	}
	buf_reset(scratch);
	r.cps = (uint32_t)token_sort(scratch, s, n);
	r.bytes = (uint32_t)scratch->len;
	/*
	 * Long texts are interned: a patch posted again, or the same new file
	 * in two versions of a series, is one text, and its LCS with another
	 * is computed once (see ratio()).
	 */
	if (r.bytes >= 256)
		r.s = sink_intern(t, scratch->p, scratch->len);
	else
		r.s = arena_strndup(t->mem, scratch->p ? scratch->p : "", scratch->len);
	r.hist = NULL;
	/* Only long texts are worth a histogram: the LCS of short ones is cheap. */
	if (r.bytes >= 256) {
		r.hist = arena_alloc(t->mem, NBUCKET * sizeof *r.hist);
		memset(r.hist, 0, NBUCKET * sizeof *r.hist);
		for (uint32_t i = 0; i < r.bytes; i++)
			r.hist[bucket((unsigned char)r.s[i])]++;
	}
	if (n >= 256) {
		const char *key = arena_strndup(t->mem, s, n);

		kept = arena_alloc(t->mem, sizeof *kept);
		*kept = r;
		if (t->smu)
			pthread_mutex_lock(t->smu);
		/* Another thread may have sorted it meanwhile: the same. */
		e = hmap_put_h(t->sorted, key, n, hv, &isnew);
		if (isnew)
			e->val = kept;
		if (t->smu)
			pthread_mutex_unlock(t->smu);
	}
	return r;
}

/* Merge the token-sorted a and b into out: the token sort of both together. */
static void
merge_sorted(struct buf *out, const char *a, size_t an, const char *b, size_t bn)
{
	const char *ae = a + an, *be = b + bn;

	buf_reset(out);
	while (a < ae || b < be) {
		const char *x = a < ae ? memchr(a, ' ', (size_t)(ae - a)) : NULL,
		    *y = b < be ? memchr(b, ' ', (size_t)(be - b)) : NULL;
		size_t xn = a < ae ? (size_t)((x ? x : ae) - a) : 0,
		    yn = b < be ? (size_t)((y ? y : be) - b) : 0;
		int c;

		if (a >= ae) {
			c = 1;
		} else if (b >= be) {
			c = -1;
		} else {
			/* token_sort's order: bytes, then the shorter first. */
			c = memcmp(a, b, xn < yn ? xn : yn);
			if (!c)
				c = xn < yn ? -1 : xn > yn;
		}
		if (out->len)
			buf_addc(out, ' ');
		if (c <= 0) {
			buf_add(out, a, xn);
			a = x ? x + 1 : ae;
		} else {
			buf_add(out, b, yn);
			b = y ? y + 1 : be;
		}
	}
}

/*
 * The removed (side 0) or added (side 1) lines of a whole file, every
 * hunk together, token-sorted: the hunks' sorted texts merged, two by
 * two until one is left (so a file of k hunks costs log k passes, not
 * k), or the one hunk's text itself (shared, not copied).
 */
static struct tstr
file_text(const struct sink *t, const struct tfile *f, int side, struct buf *scratch)
{
	struct tstr r;
	struct buf *v = NULL;
	size_t n = 0, cps = 0;

	memset(&r, 0, sizeof r);
	r.s = "";
	for (uint32_t x = 0; x < f->nh; x++) {
		const struct tstr *h = side ? &f->h[x].add : &f->h[x].rem;

		if (!h->bytes)
			continue;
		if (!n++) {
			r = *h;
			continue;
		}
		if (n == 2) {
			v = xcalloc(f->nh, sizeof *v);
			buf_add(&v[0], r.s, r.bytes);
			cps = r.cps;
		}
		buf_add(&v[n - 1], h->s, h->bytes);
		cps += h->cps + 1;
	}
	if (n < 2)
		return r;
	while (n > 1) {
		size_t k = 0;

		for (size_t i = 0; i + 1 < n; i += 2) {
			merge_sorted(scratch, v[i].p, v[i].len, v[i + 1].p, v[i + 1].len);
			buf_reset(&v[k]);
			buf_add(&v[k], scratch->p, scratch->len);
			k++;
		}
		if (n % 2) {
			struct buf last = v[n - 1];

			v[n - 1] = v[k];
			v[k++] = last;
		}
		n = k;
	}
	r.s = arena_strndup(t->mem, v[0].p, v[0].len);
	r.bytes = (uint32_t)v[0].len;
	r.cps = (uint32_t)cps;
	r.hist = NULL;
	for (uint32_t x = 0; x < f->nh; x++)
		buf_free(&v[x]);
	free(v);
	return r;
}

/* Read the hunks field (hunks.h): "F old\tnew", "@ heading", "-line", "+line". */
int
parse_hunks(const struct sink *t, struct row *rw, const char *s, size_t n,
    struct buf *scratch)
{
	struct hunks_iter it;
	struct hunks_item x;
	struct buf rem = BUF_INIT, add = BUF_INIT;
	struct tfile *f = NULL;
	struct thunk *h = NULL;
	size_t cap = 0, hcap = 0;
	int rc = 0;

#define FLUSH_FILE() do { \
		if (f) { \
			f->rem = file_text(t, f, 0, scratch); \
			f->add = file_text(t, f, 1, scratch); \
		} \
	} while (0)
#define FLUSH_HUNK() do { \
		if (h) { \
			h->has_rem = rem.len > 0; \
			h->has_add = add.len > 0; \
			h->rem = keep_sorted(t, scratch, rem.p ? rem.p : "", rem.len); \
			h->add = keep_sorted(t, scratch, add.p ? add.p : "", add.len); \
			buf_reset(&rem); \
			buf_reset(&add); \
		} \
	} while (0)

	rw->f = NULL;
	rw->nf = 0;
	hunks_iter_init(&it, s, n);
	while (hunks_next(&it, &x)) {
		if (x.kind == 'F') {
			FLUSH_HUNK();
			FLUSH_FILE();
			h = NULL;
			rw->f = xgrow(rw->f, &cap, rw->nf, 4, sizeof *rw->f);
			f = &rw->f[rw->nf++];
			f->key = sink_intern(t, x.s, x.len);
			f->h = NULL;
			f->nh = 0;
			hcap = 0;
		} else if (x.kind == '@' && f) {
			FLUSH_HUNK();
			f->h = xgrow(f->h, &hcap, f->nh, 4, sizeof *f->h);
			h = &f->h[f->nh++];
			memset(h, 0, sizeof *h);
			h->heading = sink_intern(t, x.s, x.len);
		} else if ((x.kind == '-' || x.kind == '+') && h) {
			struct buf *b = x.kind == '-' ? &rem : &add;

			buf_add(b, x.s, x.len);
			buf_addc(b, '\n');
		} else {
			rc = -1;
		}
	}
	FLUSH_HUNK();
	FLUSH_FILE();
#undef FLUSH_HUNK
#undef FLUSH_FILE
	buf_free(&rem);
	buf_free(&add);
	return rc;
}

/* Whether parse_hunks() takes every line of s[0..n). */
int
hunks_valid(const char *s, size_t n)
{
	struct hunks_iter it;
	struct hunks_item x;
	int file = 0, hunk = 0;

	hunks_iter_init(&it, s, n);
	while (hunks_next(&it, &x)) {
		if (x.kind == 'F')
			file = 1, hunk = 0;
		else if (x.kind == '@' && file)
			hunk = 1;
		else if (!((x.kind == '-' || x.kind == '+') && hunk))
			return 0;
	}
	return 1;
}

/*
 * The most two texts can score.  Their LCS is no longer than the shorter,
 * nor than the bytes of each kind both hold (a common subsequence of
 * characters is one of bytes at least as long).
 */
double
ratio_bound(const struct tstr *a, const struct tstr *b)
{
	uint32_t m;

	if (!a->cps && !b->cps)
		return 1.0;
	m = a->cps < b->cps ? a->cps : b->cps;
	if (a->hist && b->hist) {
		uint32_t common = 0;

		for (int k = 0; k < NBUCKET; k++)
			common += a->hist[k] < b->hist[k] ? a->hist[k] : b->hist[k];
		if (common < m)
			m = common;
	}
	return 2.0 * m / (double)(a->cps + b->cps);
}
