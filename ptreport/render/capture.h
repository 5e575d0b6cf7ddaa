/*
 * capture.h - a report's rows in memory, for the reports made of other
 * reports (the HTML page, report.txt): each runs the report into memory
 * and reads its TSV back, so that a figure it shows is the figure of the
 * TSV report.  The table owns its text and names (table_free).
 */
#ifndef PT_CAPTURE_H
#define PT_CAPTURE_H

#include <stddef.h>

#include "report.h"

struct table {
	char *text;              /* the cells, each NUL-terminated */
	size_t *off;             /* where cell (row, col) begins: off[row * ncols + col] */
	char **name;             /* the header */
	size_t ncols, nrows;
};

/* The fields as the TSV holds them, escapes and all (not unescaped). */
#define CAPTURE_RAW 1

/*
 * Run report run with the options of o into t: TSV with a header, no
 * plot, no notes (the reader's own say what it needs).  flags: 0 or
 * CAPTURE_RAW.  Returns the report's exit status.
 */
int capture(struct model *md, const struct ropts *o,
    int (*run)(struct model *, const struct ropts *), struct table *t, int flags);
void table_free(struct table *t);
/* The column named name, one the report writes (dies if not). */
size_t tcol(const struct table *t, const char *name);

static inline const char *
cell(const struct table *t, size_t row, size_t col)
{
	return t->text + t->off[row * t->ncols + col];
}

#endif
