/*
 * lru.h - a recency list: the entries of a cache from the most recently
 * used to the least, for the caches that keep what they read within a
 * budget of bytes and drop the oldest first (keep.c, packs.c).
 *
 * The list is intrusive: an entry holds a struct lru_link and the list
 * links those; LRU_ENTRY turns a link back into its entry.  It owns
 * nothing and allocates nothing.  Inline, as a cache hit moves its
 * entry up on every lookup.
 */
#ifndef GIT2TSV_LRU_H
#define GIT2TSV_LRU_H

#include <stddef.h>

struct lru_link {
	struct lru_link *newer, *older;
};

struct lru {
	struct lru_link *newest, *oldest;       /* both NULL when empty */
};

/* The entry of type type whose member member is link l (l not NULL). */
#define LRU_ENTRY(l, type, member) ((type *)(void *)((char *)(l) - offsetof(type, member)))

/* Take e out of l. */
static inline void
lru_unlink(struct lru *l, struct lru_link *e)
{
	if (e->newer)
		e->newer->older = e->older;
	else
		l->newest = e->older;
	if (e->older)
		e->older->newer = e->newer;
	else
		l->oldest = e->newer;
	e->newer = e->older = NULL;
}

/* Put e (not in l) at the newest end of l. */
static inline void
lru_push(struct lru *l, struct lru_link *e)
{
	e->older = l->newest;
	e->newer = NULL;
	if (l->newest)
		l->newest->newer = e;
	l->newest = e;
	if (!l->oldest)
		l->oldest = e;
}

/* e (in l) was used now: move it to the newest end. */
static inline void
lru_touch(struct lru *l, struct lru_link *e)
{
	lru_unlink(l, e);
	lru_push(l, e);
}

#endif
