/*
 * hunks.h - patchtok's hunks column: per file and hunk of a patch, the
 * lines it removes and adds, one item a line:
 *
 *     F old-name TAB new-name    a file
 *     @ heading                  a hunk (the text after its @@ ... @@)
 *     -line                      a removed line
 *     +line                      an added line
 *
 * The names in an F line are escaped as a TSV field is (tsv.h: \\ \t
 * \n \r), so a name holding a newline or a tab keeps its line whole.
 *
 * patchtok writes it (hunks_add_*); patchsim, ptmaint and ptreport
 * read it (hunks_next, hunks_file).
 */
#ifndef PT_HUNKS_H
#define PT_HUNKS_H

#include <stddef.h>

#include "buf.h"

/* Write a file's line, a hunk's heading, and its removed or added lines. */
void hunks_add_file(struct buf *b, const char *old, const char *new_);
void hunks_add_heading(struct buf *b, const char *heading, size_t len);
/* lines: whole lines, each ending in '\n'; each gets its '-' or '+'. */
void hunks_add_lines(struct buf *b, int added, const char *lines, size_t len);

/* The items of a hunks field, in order; empty lines are passed over. */
struct hunks_iter {
	const char *p, *end;
};

struct hunks_item {
	/*
	 * 'F', '@', '-' or '+'; 0 for a line that is none of them (an F
	 * line without its one TAB or with a bad escape is none)
	 */
	char kind;
	/* what follows the marker ("old\tnew" for F, escaped); for 0 the whole line */
	const char *s;
	size_t len;
};

void hunks_iter_init(struct hunks_iter *it, const char *s, size_t n);
/* The next item: 1, or 0 at the end of the field. */
int hunks_next(struct hunks_iter *it, struct hunks_item *item);
/* An F item's names, unescaped, into old and new_ (replacing what they held). */
void hunks_file(const struct hunks_item *item, struct buf *old, struct buf *new_);

#endif
