/*
 * mailmap.h - git's .mailmap: one person under one name and address.
 *
 * The file maps the name and address a mail (or commit) was written
 * with to the person's proper ones, in git's four forms:
 *
 *   Proper Name <commit@email>
 *   <proper@email> <commit@email>
 *   Proper Name <proper@email> <commit@email>
 *   Proper Name <proper@email> Commit Name <commit@email>
 *
 * The commit address and the commit name match without regard to case;
 * '#' at the start of a line or after the last address begins a
 * comment.  As in git, an entry with a commit name wins over one
 * without for that name, later lines add to or replace earlier ones for
 * the same address (and name), and a mapping is applied once, never
 * again to its result.  Everything is owned by the map and freed with
 * it.
 */
#ifndef PT_MAILMAP_H
#define PT_MAILMAP_H

#include <stddef.h>

#include "hash.h"

struct mailmap {
	struct arena mem;
	struct hmap byaddr;      /* lower-cased commit address -> struct mmaddr */
	size_t nentries;         /* lines that map something */
	size_t nbad;             /* lines skipped as malformed */
	const char *path;        /* as given, for notes */
};

void mailmap_init(struct mailmap *mm);
/*
 * Read the file at path into mm (entries add to those already there).
 * A malformed line is named on stderr as path:line (unless quiet) and
 * skipped, and counted in nbad.  0, or -1 after a message when the file
 * cannot be read.
 */
int mailmap_read(struct mailmap *mm, const char *path, int quiet);
/*
 * The proper name and address of a person who wrote as name[0..nlen)
 * (NULL: the name is not known, so only entries without a commit name
 * apply) and addr[0..alen): *oname and *oaddr are set to the mapped
 * strings (NUL-terminated, owned by mm), or left alone where the map
 * says nothing.  1 when something was mapped, 0 if not.
 */
int mailmap_map(const struct mailmap *mm, const char *name, size_t nlen, const char *addr,
    size_t alen, const char **oname, size_t *onlen, const char **oaddr, size_t *oalen);
void mailmap_free(struct mailmap *mm);

#endif
