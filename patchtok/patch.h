/*
 * patch.h - a unified diff parsed into files and hunks, as the matcher
 * sees it (method: PaStA's normalized diff).
 *
 * Files are named without their first path component ("a/", "b/",
 * "linux.orig/"), as git apply -p1 reads them; "/dev/null" marks the
 * missing side of an added or deleted file.  Per file, hunks with the
 * same heading (the function context after the second "@@") are merged:
 * their removed lines in order, then their added lines in order.
 * Context lines and line numbers are dropped.  A hunk's length comes
 * from its header, so a signature ("-- ") after the last hunk is not
 * read as a removed line; a context line whose leading blank a mailer
 * ate still counts as context.  Binary patches are files without hunks.
 *
 * Everything lives in the arena given to patch_parse(); the structures
 * are valid until it is freed.
 */
#ifndef PT_PATCH_H
#define PT_PATCH_H

#include <stddef.h>

#include "buf.h"
#include "hash.h"

struct phunk {
	const char *heading;
	size_t headlen;
	struct buf removed;     /* lines joined by '\n', each with its '\n' */
	struct buf added;
	size_t nremoved, nadded;
};

struct pfile {
	const char *old, *new;  /* "/dev/null" for a missing side */
	int binary;
	int noprefix;           /* a "diff --git" without a/ b/: names whole */
	const char *pre, *post; /* its "index" line's blobs, abbreviated; NULL if none */
	struct phunk *h;
	size_t nh, caph;
};

struct patch {
	struct pfile *f;
	size_t nf, capf;
	size_t added, removed;  /* '+' and '-' lines in all hunks */
	int damaged;            /* a hunk was cut short or held stray lines */
};

/* Parse diff text; files with nothing in them are kept (renames, modes). */
void patch_parse(struct patch *p, const char *s, size_t n, struct arena *a);
void patch_free(struct patch *p);

/*
 * The exact-content hash of a patch, patch-id style: file names and the
 * '+'/'-' lines with all whitespace removed (so whitespace damage by a
 * mailer does not change it), files in any order.  32 hex digits + NUL.
 */
void patch_hash(const struct patch *p, char out[33]);

/*
 * The hunks column of patch p (hunks.h), appended to out: for each file
 * an F line of its names, then for each hunk its @ heading, its removed
 * and its added lines.
 */
void patch_hunks(struct buf *out, const struct patch *p);

#endif
