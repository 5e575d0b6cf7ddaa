/*
 * html-page.h - what the files of the HTML page (ptreport html) share: the
 * page being written, and the pieces it is written with: escaping
 * (html-escape.c), cells and tables (html-cells.c), plots (html-svg.c),
 * sections (html-sections.c), style and script (html-assets.c).
 */
#ifndef PT_HTML_PAGE_H
#define PT_HTML_PAGE_H

#include <stdio.h>

#include "capture.h"
#include "report.h"

/*
 * The most rows of the ignored patches, the off-list commits and the
 * waiting queue the page holds: the newest (the oldest, waiting).  A
 * page is for a person to read, and a browser lays out thousands of
 * rows at once, not hundreds of thousands (bench/page-scale measures a
 * page's size and drawing time).  Every row is in the report's TSV,
 * which the page names.
 */
#ifndef HTML_ROWS
#define HTML_ROWS 1000
#endif
/* The same for the maintainers view: its rows with most patches, of each kind. */
#ifndef HTML_KIND_ROWS
#define HTML_KIND_ROWS 200
#endif

/* What the page writes with. */
struct page {
	FILE *fp;
	struct model *md;
	const char *mail_url;    /* NULL or "": mails not linked */
	const char *commit_url;  /* NULL or "": commits not linked */
	const struct ropts *o;
};

/* html-assets.c: the style and script, and their SHA-256 for the page's CSP. */
extern const char html_style[], html_script[];
#define STYLE_SHA256 "5IuI+e66+pJpyOqnRMZIzUe3YY5bIgavfqPEEGvALVs="
#define SCRIPT_SHA256 "J1+ouITk9u9ZEQqaquCbtqAuNPVaWjvLaVk/8X8KrWg="

/* html-escape.c */
void esc(FILE *fp, const char *s);
void escn(FILE *fp, const char *s, size_t n);
void url(FILE *fp, const char *tmpl, const char *id);

/* html-cells.c */
void section(struct page *pg, const char *id, const char *title);
void note(struct page *pg, const char *text);
void table_open(struct page *pg, const char *id, size_t nrows, const char *const *cols,
    size_t ncols, int filtered);
void table_close(struct page *pg);
/*
 * tr_open with the people a patch waits on (its maintainers, else its
 * recipients), which the "waiting on" filter reads; a row without them
 * is hidden while that filter is set.
 */
void tr_open_on(struct page *pg, const char *date, const char *lists, const char *name,
    const char *addr, const char *on);
void tr_open(struct page *pg, const char *date, const char *lists, const char *name,
    const char *addr);
void td(struct page *pg, const char *s);
void td_num(struct page *pg, const char *s);
void td_date(struct page *pg, const char *iso);
void td_person(struct page *pg, const char *name, const char *addr);
void td_share(struct page *pg, const char *s);
void td_why(struct page *pg, const char *id, int commit);
/* The line that corrects a row to verdict (a correction), folded. */
void td_correct(struct page *pg, const char *id, const char *verdict);
void a_mail(struct page *pg, const char *id, const char *text);
void a_commit(struct page *pg, const char *id);
void tsv_link(struct page *pg, const char *report, size_t rows);
void rows_note(struct page *pg, const char *section, const char *report, const char *which,
    size_t shown, size_t rows);

/* html-svg.c */
void plot_weekly(struct page *pg);
void plot_merge(struct page *pg, const struct table *t);
void plot_response(struct page *pg);

/* html-sections.c */
void sec_summary(struct page *pg, const struct table *t);
void sec_waiting(struct page *pg);
void sec_ignored(struct page *pg, const struct table *t);
void sec_offlist(struct page *pg, const struct table *t);
void sec_merge(struct page *pg, const struct table *t);
void sec_response(struct page *pg);
void sec_cycle(struct page *pg, const struct table *t);
void sec_maintainers(struct page *pg, const struct table *t);

#endif
