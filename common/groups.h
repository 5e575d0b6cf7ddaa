/*
 * groups.h - PaStA's patch-groups file: one cluster a line, the mails'
 * Message-IDs in angle brackets, then "=>" and the commits' hashes:
 *
 *     <a@x> <b@x> => 0123abcd... 4567ef...
 *
 * ptcluster reads it (-G) and writes it (--groups); ptreport eval reads
 * it as a truth.  A line that is not of this form (a mail id without its
 * brackets, a second "=>", a bracketed id right of "=>") is named on
 * stderr as file:line, counted and skipped whole: none of its members
 * is used.
 */
#ifndef PT_GROUPS_H
#define PT_GROUPS_H

#include <stddef.h>

#include "buf.h"

/* One member of a line: a mail's id without its brackets, or a commit. */
struct groups_member {
	const char *id;
	size_t len;
	int commit;
};

/*
 * Read path ("-" is standard input) and call line() once for every good
 * line, blank ones too (n == 0), with its members in the order written;
 * the ids stay valid until line() returns.  Returns 0, -1 when a bad
 * line was skipped (*nbad counts them, when not NULL), or -2 when the
 * file could not be opened or read (named on stderr).
 */
int groups_read(const char *path,
    void (*line)(void *arg, const struct groups_member *m, size_t n),
    void *arg, unsigned long *nbad);

/*
 * Add a member to the line being built in row: *members counts those
 * added (0 at the start of a line), *right is set once "=>" is written;
 * mails come before commits.  Returns -1, adding nothing, for an id that
 * a line cannot hold (white space in it).  The line is ended by the
 * caller (tsv_row_end).
 */
int groups_add(struct buf *row, unsigned long *members, int *right,
    const char *id, int commit);

#endif
