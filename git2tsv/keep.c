/*
 * keep.c - the trees and blobs of the last commits, kept for the next.
 *
 * libgit2's object cache is off (see main.c): it grows to 256 MB and
 * then slows every lookup down.  What a diff reads again is known: the
 * history comes newest first, and the old side of a commit is its
 * parent's new side, so the trees on the way to the files it changes
 * and the blobs of files changed again soon after are read again a
 * commit or a few later (a rename's blobs, too, are read twice within
 * one commit: scored, then diffed).  So the objects read lately are
 * kept here, the least recently used going first, within a budget of
 * bytes.  An object is handed out as a new reference (the caller frees
 * it as usual), so one evicted while in use stays valid.
 *
 * Kept here too: whether a path has a diff driver by its attributes,
 * which libgit2 would ask the attribute files twice per diff.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "git2tsv.h"
#include "hash.h"
#include "util.h"

/* Paths whose attributes are remembered, at most. */
#define KEEP_PATHS 65536

struct kent {
	git_oid id;
	git_object *obj;
	size_t size;
	struct lru_link lru;            /* in k->lru */
	struct kent *next;              /* the hash chain */
};

#define KENT(l) LRU_ENTRY(l, struct kent, lru)

void
keep_init(struct keep *k, git_repository *repo, size_t budget)
{
	memset(k, 0, sizeof *k);
	k->repo = repo;
	k->budget = budget;
}

static size_t
slot(const struct keep *k, const git_oid *id)
{
	uint64_t h;

	/* Object ids are hashes already. */
	memcpy(&h, id->id, sizeof h);
	return (size_t)(h & (k->cap - 1));
}

static void
drop(struct keep *k, struct kent *e)
{
	struct kent **pp = &k->tab[slot(k, &e->id)];

	while (*pp != e)
		pp = &(*pp)->next;
	*pp = e->next;
	lru_unlink(&k->lru, &e->lru);
	k->bytes -= e->size;
	k->n--;
	git_object_free(e->obj);
	free(e);
}

static void
grow(struct keep *k)
{
	struct kent **old = k->tab;
	size_t ocap = k->cap, i;

	k->cap = ocap ? ocap * 2 : 256;
	k->tab = xcalloc(k->cap, sizeof *k->tab);
	for (i = 0; i < ocap; i++) {
		struct kent *e = old[i], *next;

		for (; e; e = next) {
			size_t s = slot(k, &e->id);

			next = e->next;
			e->next = k->tab[s];
			k->tab[s] = e;
		}
	}
	free(old);
}

/* What an object holds in memory, about: its bytes, or a tree's entries. */
static size_t
footprint(git_object *obj)
{
	if (git_object_type(obj) == GIT_OBJECT_BLOB)
		return (size_t)git_blob_rawsize((git_blob *)obj) + 128;
	return git_tree_entrycount((git_tree *)obj) * 64 + 128;
}

int
keep_lookup(struct keep *k, git_object **out, const git_oid *id, git_object_t type)
{
	struct kent *e;
	size_t size;
	int rc;

	if (k->cap) {
		for (e = k->tab[slot(k, id)]; e; e = e->next) {
			if (git_oid_equal(&e->id, id) && git_object_type(e->obj) == type) {
				lru_touch(&k->lru, &e->lru);
				return git_object_dup(out, e->obj);
			}
		}
	}
	if ((rc = git_object_lookup(out, k->repo, id, type)) < 0)
		return rc;
	/* One object may not take the place of many. */
	size = footprint(*out);
	if (size > k->budget / 2)
		return 0;
	while (k->lru.oldest && k->bytes + size > k->budget)
		drop(k, KENT(k->lru.oldest));
	if (k->n >= k->cap)
		grow(k);
	e = xcalloc(1, sizeof *e);
	git_oid_cpy(&e->id, id);
	if (git_object_dup(&e->obj, *out) < 0) {
		free(e);
		return 0;
	}
	e->size = size;
	e->next = k->tab[slot(k, id)];
	k->tab[slot(k, id)] = e;
	lru_push(&k->lru, &e->lru);
	k->bytes += size;
	k->n++;
	return 0;
}

int
keep_tree(struct keep *k, git_tree **out, const git_oid *id)
{
	return keep_lookup(k, (git_object **)out, id, GIT_OBJECT_TREE);
}

int
keep_blob(struct keep *k, git_blob **out, const git_oid *id)
{
	return keep_lookup(k, (git_object **)out, id, GIT_OBJECT_BLOB);
}

/*
 * Does path diff with git's default rules, no "diff" attribute naming a
 * driver (or binary, or text) for it?  libgit2 asks the attribute files
 * again for each side of each file it diffs, with a few system calls
 * each time (a tenth of a run); the answer for a path does not change
 * within a run, so it is asked once here and remembered, for a bounded
 * number of paths.
 */
int
keep_plain_path(struct keep *k, const char *path)
{
	static char plain, special;
	struct hent *e;
	size_t n = strlen(path);
	const char *v = NULL;
	int isnew;

	if ((e = hmap_get(&k->paths, path, n)) != NULL)
		return e->val == &plain;
	if (k->paths.n >= KEEP_PATHS) {
		hmap_free(&k->paths);
		arena_free(&k->path_keys);
	}
	/* As libgit2's diff driver lookup asks (flags 0). */
	if (git_attr_get(&v, k->repo, 0, path, "diff") < 0) {
		git_error_clear();
		return 0;   /* libgit2 may say more when it meets it */
	}
	e = hmap_put(&k->paths, arena_strndup(&k->path_keys, path, n), n, &isnew);
	e->val = git_attr_value(v) == GIT_ATTR_VALUE_UNSPECIFIED ? &plain : &special;
	return e->val == &plain;
}

void
keep_free(struct keep *k)
{
	while (k->lru.oldest)
		drop(k, KENT(k->lru.oldest));
	free(k->tab);
	k->tab = NULL;
	k->cap = 0;
	hmap_free(&k->paths);
	arena_free(&k->path_keys);
}
