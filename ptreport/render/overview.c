/*
 * overview.c - report.txt (ptreport text): the overview a person reads
 * first, as aligned text.  Its title line (-T), what waits for a reply
 * and what changed (the digest's body), the summary, a line per ignored
 * patch and per off-list commit, the ignored share by cycle phase, and
 * who was sent the patches (the first rows of each kind).
 *
 * Each part is a report's own output: the aligned text of -P, or for
 * the ignored patches and off-list commits their TSV rows read back
 * (capture.c) and cut to columns.  A field is shown as the TSV holds
 * it, escapes and all, so that a row stays one line; the columns are
 * cut and padded by bytes.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "capture.h"
#include "report.h"
#include "util.h"

/* Report run as -P writes it, into report.txt; top: its -n, 0 for o's. */
static int
part(struct model *md, const struct ropts *o,
    int (*run)(struct model *, const struct ropts *), long top)
{
	struct ropts so = *o;

	so.fmt = OF_PRETTY;
	so.header = 1;
	so.plot = NULL;
	if (top) {
		so.top = top;
		so.top_set = 1;
	}
	return run(md, &so);
}

/* A line per ignored patch: date, author, c for a committer's own, subject. */
static int
ignored_lines(struct model *md, const struct ropts *o)
{
	struct table t;
	int rc = capture(md, o, report_ignored, &t, CAPTURE_RAW);
	size_t cd = tcol(&t, "date"), ca = tcol(&t, "author"), cr = tcol(&t, "role"),
	    cs = tcol(&t, "subject");

	fputs("Ignored patches (no response in any version, not merged; c: by a committer):\n",
	    o->fp);
	for (size_t r = 0; r < t.nrows; r++)
		fprintf(o->fp, "  %.10s  %-28.28s %s  %.80s\n", cell(&t, r, cd), cell(&t, r, ca),
		    !strcmp(cell(&t, r, cr), "committer") ? "c" : " ", cell(&t, r, cs));
	table_free(&t);
	return rc;
}

/* A line per off-list commit: id, commit date, author, reason, subject. */
static int
offlist_lines(struct model *md, const struct ropts *o)
{
	struct table t;
	int rc = capture(md, o, report_offlist, &t, CAPTURE_RAW);
	size_t ci = tcol(&t, "id"), cd = tcol(&t, "commit_date"), ca = tcol(&t, "author"),
	    cr = tcol(&t, "reason"), cs = tcol(&t, "subject");

	fputs("Off-list commits (no patch mail by a human; written and committed in the "
	    "window), and why:\n", o->fp);
	for (size_t r = 0; r < t.nrows; r++)
		fprintf(o->fp, "  %.12s  %.10s  %-28.28s  %-16s  %.60s\n", cell(&t, r, ci),
		    cell(&t, r, cd), cell(&t, r, ca), cell(&t, r, cr), cell(&t, r, cs));
	table_free(&t);
	return rc;
}

int
report_text(struct model *md, const struct ropts *o)
{
	FILE *fp = o->fp;
	int rc = PT_EXIT_OK;

	need(md, 1, 0, 1, "text");
	fprintf(fp, "%s\n\n", o->title ? o->title : "patchtrack report");
	pt_exit_raise(&rc, part(md, o, report_digest, 0));
	fputc('\n', fp);
	pt_exit_raise(&rc, part(md, o, report_summary, 0));
	fputc('\n', fp);
	pt_exit_raise(&rc, ignored_lines(md, o));
	fputc('\n', fp);
	pt_exit_raise(&rc, offlist_lines(md, o));
	fputc('\n', fp);
	fputs("Ignored share by development-cycle phase:\n", fp);
	if (md->has_tags)
		pt_exit_raise(&rc, part(md, o, report_cycle, 0));
	else
		fputs("  no tags table (git2tsv --tags output) was given\n", fp);
	fputc('\n', fp);
	fputs("Who was sent the patches (To/Cc, and MAINTAINERS where the repository has "
	    "one):\n", fp);
	pt_exit_raise(&rc, part(md, o, report_maintainers, TEXT_MAINT_TOP));
	return rc;
}
