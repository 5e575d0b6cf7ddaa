/*
 * hash.h - a hash table from byte strings to pointers, and an arena
 * that owns long-lived strings (with interning on top).
 *
 * The table never copies keys: a key must outlive its entry, which is
 * what the arena is for.  Open addressing with linear probing; the
 * table doubles when 3/4 full.  No deletion: the tools build tables
 * and drop them whole.
 */
#ifndef PT_HASH_H
#define PT_HASH_H

#include <stddef.h>
#include <stdint.h>

uint64_t hash_bytes(const void *p, size_t n);

struct hent {
	const char *key;
	size_t klen;
	uint64_t hash;
	void *val;
};

struct hmap {
	struct hent *e;
	size_t cap;  /* a power of two, or 0 */
	size_t n;
};

#define HMAP_INIT { NULL, 0, 0 }

/* The entry for key, or NULL. */
struct hent *hmap_get(const struct hmap *h, const char *key, size_t klen);
/*
 * The entry for key, inserted (with val NULL) when missing; *isnew tells
 * which.  The key pointer is stored as given.
 */
struct hent *hmap_put(struct hmap *h, const char *key, size_t klen, int *isnew);
/*
 * The same with the key's hash_bytes() given: computed before taking
 * a lock that guards the table, where a long key's hashing would keep
 * other threads waiting.
 */
struct hent *hmap_get_h(const struct hmap *h, const char *key, size_t klen, uint64_t hv);
struct hent *hmap_put_h(struct hmap *h, const char *key, size_t klen, uint64_t hv,
    int *isnew);
void hmap_free(struct hmap *h);

/*
 * A set of 64-bit values (hashes of strings, say): 8 bytes an entry
 * where a string set would hold the strings.  0 is a valid member.
 */
struct set64 {
	uint64_t *v;
	size_t cap, n;
	int has_zero;
};

#define SET64_INIT { NULL, 0, 0, 0 }

/* Add x; returns 1 if it was new, 0 if already there. */
int set64_add(struct set64 *s, uint64_t x);
/* Is x there? */
int set64_has(const struct set64 *s, uint64_t x);
void set64_free(struct set64 *s);

/* A bump allocator: everything is freed at once by arena_free(). */
struct arena {
	struct achunk *head;
	size_t total;
};

#define ARENA_INIT { NULL, 0 }

void *arena_alloc(struct arena *a, size_t n);
char *arena_strndup(struct arena *a, const char *s, size_t n);
void arena_free(struct arena *a);

/* String interning: equal strings come back as the same pointer. */
struct strpool {
	struct arena arena;
	struct hmap map;
};

#define STRPOOL_INIT { ARENA_INIT, HMAP_INIT }

const char *intern(struct strpool *sp, const char *s, size_t n);
/* s[0..n) with ASCII letters lower-cased, interned (addresses, names). */
const char *intern_lower(struct strpool *sp, const char *s, size_t n);
void strpool_free(struct strpool *sp);

#endif
