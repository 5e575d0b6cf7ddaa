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
 * merge without --merges returns 1 and writes nothing.
 */
int commit_row(git_repository *repo, const git_oid *oid, const struct g2opts *o,
    struct buf *row);

/*
 * The patch of commit c against its first parent (the empty tree for a
 * root), as git diff-tree -p -M prints it, TSV-escaped into out.
 * *badchar is set when bytes that are not UTF-8 were replaced.
 */
int diff_commit(git_repository *repo, git_commit *c, const struct g2opts *o,
    struct buf *out, int *badchar);

enum {
	G_CP1252 = 1,   /* not UTF-8, no encoding header: read as Windows-1252 */
	G_BADCHAR = 2   /* bytes replaced by U+FFFD */
};

/* Convert commit text to UTF-8, setting G_* bits in *flags. */
void commit_text(struct buf *out, const char *s, size_t n, const char *encoding,
    unsigned *flags);

#endif
