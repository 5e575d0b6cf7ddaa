/*
 * capture.c - a report run into memory and its rows read back through
 * the TSV reader (capture.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture.h"
#include "tsv.h"
#include "util.h"

/* The rows of r, each field copied into t (the reader reuses its line). */
static void
read_rows(struct tsv_reader *r, struct table *t)
{
	struct buf cells = BUF_INIT;
	size_t cap = 0;
	int st;

	while ((st = tsv_read(r)) == 1) {
		if (cap < (t->nrows + 1) * t->ncols) {
			cap = cap ? 2 * cap : 64 * t->ncols;
			t->off = xreallocarray(t->off, cap, sizeof *t->off);
		}
		for (size_t c = 0; c < t->ncols; c++) {
			t->off[t->nrows * t->ncols + c] = cells.len;
			buf_add(&cells, r->f[c].s, r->f[c].len);
			buf_addc(&cells, '\0');
		}
		t->nrows++;
	}
	if (st != 0)
		die("a report read back: a row the TSV reader rejects (named above)");
	t->text = buf_detach(&cells, NULL);
}

int
capture(struct model *md, const struct ropts *o,
    int (*run)(struct model *, const struct ropts *), struct table *t, int flags)
{
	struct ropts s = *o;
	struct tsv_reader r;
	char *p = NULL;
	size_t n = 0;
	FILE *fp;
	int rc;

	memset(t, 0, sizeof *t);
	if (!(fp = open_memstream(&p, &n)))
		die("a report in memory:");
	s.fmt = OF_TSV;
	s.header = 1;
	s.plot = NULL;
	s.sc.quiet = 1;
	s.sc.verbose = 0;
	s.fp = fp;
	rc = run(md, &s);
	if (fclose(fp) != 0)
		die("a report in memory:");
	if (tsv_open_mem(&r, "a report read back", p, n) < 0)
		die("a report read back: its header is no TSV header (named above)");
	t->ncols = r.ncols;
	t->name = xreallocarray(NULL, r.ncols ? r.ncols : 1, sizeof *t->name);
	for (size_t c = 0; c < r.ncols; c++) {
		t->name[c] = xstrdup(r.cols[c]);
		if (flags & CAPTURE_RAW)
			tsv_raw(&r, r.cols[c]);
	}
	read_rows(&r, t);
	tsv_close(&r);
	free(p);
	return rc;
}

void
table_free(struct table *t)
{
	for (size_t c = 0; c < t->ncols; c++)
		free(t->name[c]);
	free(t->name);
	free(t->off);
	free(t->text);
}

size_t
tcol(const struct table *t, const char *name)
{
	for (size_t i = 0; i < t->ncols; i++)
		if (!strcmp(t->name[i], name))
			return i;
	die("the report has no column %s", name);
}
