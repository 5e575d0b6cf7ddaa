/*
 * git2tsv.h - what the parts of git2tsv share.
 */
#ifndef GIT2TSV_H
#define GIT2TSV_H

#include <stdint.h>

#include <git2.h>

#include "buf.h"

struct g2opts {
	const char *repo;       /* as named on the command line */
	int merges;             /* include merges, diffed against the first parent */
	int rename_threshold;   /* -M percentage */
	int context;            /* diff context lines */
};

/*
 * Format the row of one commit into row (which is reset first).
 * Returns 0, or -1 after a message naming the commit on stderr; a
 * merge without --merges returns 1 and writes nothing.  A commit whose
 * diff cannot be made because an object it needs is missing or cannot
 * be read (a partial clone, a damaged repository) returns ROW_DAMAGED:
 * the row is there with an empty diff and the flag "damaged", and the
 * commit is named on stderr.
 */
int commit_row(git_repository *repo, const git_oid *oid, const struct g2opts *o,
    struct buf *row);

#define ROW_DAMAGED 2   /* commit_row: written, without its diff */

/*
 * The patch of commit c against its first parent (the empty tree for a
 * root), as git diff-tree -p -M prints it, TSV-escaped into out.
 * *badchar is set when bytes that are not UTF-8 were replaced.
 * Returns 0; DIFF_DAMAGED when a tree, blob or the parent commit
 * cannot be read, with why saying which ("blob <id> (path) is missing")
 * and out holding a part of the patch only; -1 on any other error
 * (libgit2's error says what).
 */
#define DIFF_DAMAGED 1  /* diff_commit: an object cannot be read */
int diff_commit(git_repository *repo, git_commit *c, const struct g2opts *o,
    struct buf *out, int *badchar, struct buf *why);

enum {
	G_CP1252 = 1,   /* not UTF-8, no encoding header: read as Windows-1252 */
	G_BADCHAR = 2,  /* bytes replaced by U+FFFD */
	G_DAMAGED = 4   /* no diff: an object it needs cannot be read */
};

/* Convert commit text to UTF-8, setting G_* bits in *flags. */
void commit_text(struct buf *out, const char *s, size_t n, const char *encoding,
    unsigned *flags);

#endif
