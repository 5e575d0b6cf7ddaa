/*
 * hash.c - a hash table from byte strings to pointers, and an arena
 * that owns long-lived strings (hash.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "util.h"

static inline uint64_t
rd64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

static inline uint64_t
mix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return h;
}

/* A simple multiply-mix hash, 8 bytes at a time; not cryptographic. */
uint64_t
hash_bytes(const void *vp, size_t n)
{
	const unsigned char *p = vp;
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ (n * 0x100000001b3ULL);
	uint64_t t;

	while (n >= 8) {
		h = (h ^ mix(rd64(p))) * 0x9e3779b97f4a7c15ULL;
		h = (h << 29) | (h >> 35);
		p += 8;
		n -= 8;
	}
	t = 0;
	/* An empty key may come as NULL (an empty struct buf). */
	if (n)
		memcpy(&t, p, n);
	h ^= mix(t + n);
	return mix(h);
}

struct hent *
hmap_get(const struct hmap *h, const char *key, size_t klen)
{
	return h->cap ? hmap_get_h(h, key, klen, hash_bytes(key, klen)) : NULL;
}

struct hent *
hmap_get_h(const struct hmap *h, const char *key, size_t klen, uint64_t hv)
{
	size_t i, mask;

	if (!h->cap)
		return NULL;
	mask = h->cap - 1;
	for (i = hv & mask; h->e[i].key; i = (i + 1) & mask)
		if (h->e[i].hash == hv && h->e[i].klen == klen &&
		    (!klen || memcmp(h->e[i].key, key, klen) == 0))
			return &h->e[i];
	return NULL;
}

static void
hmap_resize(struct hmap *h, size_t cap)
{
	struct hent *old = h->e;
	size_t oldcap = h->cap, i, j, mask = cap - 1;

	h->e = xcalloc(cap, sizeof *h->e);
	h->cap = cap;
	for (i = 0; i < oldcap; i++) {
		if (!old[i].key)
			continue;
		for (j = old[i].hash & mask; h->e[j].key; j = (j + 1) & mask)
			;
		h->e[j] = old[i];
	}
	free(old);
}

struct hent *
hmap_put(struct hmap *h, const char *key, size_t klen, int *isnew)
{
	return hmap_put_h(h, key, klen, hash_bytes(key, klen), isnew);
}

struct hent *
hmap_put_h(struct hmap *h, const char *key, size_t klen, uint64_t hv, int *isnew)
{
	size_t i, mask;

	if ((h->n + 1) * 4 > h->cap * 3)
		hmap_resize(h, h->cap ? h->cap * 2 : 64);
	mask = h->cap - 1;
	for (i = hv & mask; h->e[i].key; i = (i + 1) & mask) {
		if (h->e[i].hash == hv && h->e[i].klen == klen &&
		    (!klen || memcmp(h->e[i].key, key, klen) == 0)) {
			if (isnew)
				*isnew = 0;
			return &h->e[i];
		}
	}
	/* An empty key still needs a non-NULL pointer to mark the slot used. */
	h->e[i].key = key ? key : "";
	h->e[i].klen = klen;
	h->e[i].hash = hv;
	h->e[i].val = NULL;
	h->n++;
	if (isnew)
		*isnew = 1;
	return &h->e[i];
}

void
hmap_free(struct hmap *h)
{
	free(h->e);
	h->e = NULL;
	h->cap = h->n = 0;
}

int
set64_add(struct set64 *s, uint64_t x)
{
	size_t i, mask;

	if (x == 0) {
		if (s->has_zero)
			return 0;
		s->has_zero = 1;
		return 1;
	}
	if ((s->n + 1) * 4 > s->cap * 3) {
		uint64_t *old = s->v;
		size_t oldcap = s->cap, k;

		s->cap = s->cap ? s->cap * 2 : 1024;
		s->v = xcalloc(s->cap, sizeof *s->v);
		mask = s->cap - 1;
		for (k = 0; k < oldcap; k++) {
			if (!old[k])
				continue;
			for (i = mix(old[k]) & mask; s->v[i]; i = (i + 1) & mask)
				;
			s->v[i] = old[k];
		}
		free(old);
	}
	mask = s->cap - 1;
	for (i = mix(x) & mask; s->v[i]; i = (i + 1) & mask)
		if (s->v[i] == x)
			return 0;
	s->v[i] = x;
	s->n++;
	return 1;
}

int
set64_has(const struct set64 *s, uint64_t x)
{
	size_t i, mask;

	if (x == 0)
		return s->has_zero;
	if (!s->cap)
		return 0;
	mask = s->cap - 1;
	for (i = mix(x) & mask; s->v[i]; i = (i + 1) & mask)
		if (s->v[i] == x)
			return 1;
	return 0;
}

void
set64_free(struct set64 *s)
{
	free(s->v);
	s->v = NULL;
	s->cap = s->n = 0;
	s->has_zero = 0;
}

struct achunk {
	struct achunk *next;
	size_t used, size;
	/* Aligned storage follows. */
	union { long double ld; long long ll; void *p; } data[];
};

void *
arena_alloc(struct arena *a, size_t n)
{
	struct achunk *c = a->head;
	size_t need = (n + 15) & ~(size_t)15;
	void *p;

	if (!c || c->size - c->used < need) {
		size_t size = need > (1u << 16) ? need : (1u << 16);

		c = xmalloc(sizeof *c + size);
		c->size = size;
		c->used = 0;
		/* A big one-off block goes behind the current chunk. */
		if (need > (1u << 16) && a->head) {
			c->next = a->head->next;
			a->head->next = c;
		} else {
			c->next = a->head;
			a->head = c;
		}
		a->total += size;
	}
	p = (char *)c->data + c->used;
	c->used += need;
	return p;
}

char *
arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);

	if (n)
		memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void
arena_free(struct arena *a)
{
	struct achunk *c, *next;

	for (c = a->head; c; c = next) {
		next = c->next;
		free(c);
	}
	a->head = NULL;
	a->total = 0;
}

const char *
intern(struct strpool *sp, const char *s, size_t n)
{
	/* Hashed once for the look and the put. */
	uint64_t hv = hash_bytes(s, n);
	struct hent *e = hmap_get_h(&sp->map, s, n, hv);
	char *p;

	if (e)
		return e->key;
	p = arena_strndup(&sp->arena, s, n);
	e = hmap_put_h(&sp->map, p, n, hv, NULL);
	return e->key;
}

const char *
intern_lower(struct strpool *sp, const char *s, size_t n)
{
	char small[256], *p;
	const char *r;

	if (!n)
		return intern(sp, "", 0);
	p = n < sizeof small ? small : xmalloc(n + 1);
	for (size_t i = 0; i < n; i++)
		p[i] = s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] - 'A' + 'a') : s[i];
	r = intern(sp, p, n);
	if (p != small)
		free(p);
	return r;
}

void
strpool_free(struct strpool *sp)
{
	hmap_free(&sp->map);
	arena_free(&sp->arena);
}
