/*
 * vrows.c - a verdicts table given (ptreport --verdicts;
 * patchtrack-tsv(5)) read with the other tables, its rows kept as they
 * are: which patch mail or commit each names, and whether its verdict
 * and reason are ones the reports know, the judge checks
 * (judge/vtable.c), which reads no file.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "tables.h"
#include "tsv.h"
#include "util.h"

#define VT_COLS (&table_cols[TABLE_VERDICTS])
#define VT_NCOLS 9

/* A row's cell, "" where the table lacks the column. */
static const char *
cell(struct model *md, const struct tsv_reader *r, int c)
{
	return c >= 0 ? arena_strndup(&md->mem, r->f[c].s, r->f[c].len) : "";
}

int
vrows_load(struct model *md, const char *path)
{
	struct tsv_reader r;
	int col[VT_NCOLS], t, rc = PT_EXIT_OK;
	size_t cap = 0;

	md->vpath = arena_strndup(&md->mem, path, strlen(path));
	if (tsv_open(&r, path) < 0)
		return PT_EXIT_FAILED;
	for (size_t j = 0; j < VT_NCOLS; j++)
		col[j] = r.empty || j >= VT_COLS->n ? -1 : tsv_col(&r, VT_COLS->cols[j]);
	if (!r.empty && (col[0] < 0 || col[1] < 0 || col[2] < 0)) {
		warnx("%s: not a verdicts table (no kind, id or verdict column)", path);
		tsv_close(&r);
		return PT_EXIT_FAILED;
	}
	while (!r.empty && (t = tsv_read(&r)) != 0) {
		struct vrow *w;

		if (t == -2) {
			rc = PT_EXIT_FAILED;
			break;
		}
		if (t < 0) {
			rc = rc ? rc : PT_EXIT_SKIPPED;
			continue;
		}
		md->vrows = xgrow(md->vrows, &cap, md->nvrows, 256, sizeof *md->vrows);
		w = &md->vrows[md->nvrows++];
		w->line = r.lineno;
		w->kind = cell(md, &r, col[0]);
		w->id = cell(md, &r, col[1]);
		w->verdict = cell(md, &r, col[2]);
		w->reason = cell(md, &r, col[3]);
		w->detail = cell(md, &r, col[4]);
		w->by = cell(md, &r, col[5]);
		w->family = cell(md, &r, col[6]);
		w->evidence = cell(md, &r, col[7]);
		w->role = cell(md, &r, col[8]);
	}
	tsv_close(&r);
	return rc;
}
