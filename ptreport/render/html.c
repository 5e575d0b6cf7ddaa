/*
 * html.c - the reports as one self-contained HTML page, for a browser or
 * a mail attachment: the summary, plots drawn here as inline SVG, the
 * ignored patches, the off-list commits, time to merge and to first
 * response, the cycle phases and the maintainers view.  Every table
 * sorts by any column and filters by author, list and date with a few
 * lines of inline script; without script all of it is there.  Mails
 * link to their archive, commits to their repository, through URL
 * templates.
 *
 * The page holds what a person reads, whatever the archive's size: the
 * plots are drawn from every patch, but the lists of every patch and of
 * every merged cluster are left to their TSV reports, and the tables
 * that grow with the archive are cut (HTML_ROWS); the page says how many
 * rows it holds, and where the others are.
 *
 * The tables are the other reports' own rows: each report writes its
 * TSV into memory, and the page renders it, so a figure on the page is
 * the figure of the TSV report.
 *
 * Everything in the tables was written by whoever can send a mail or
 * push a commit: every string is escaped for HTML (text and quoted
 * attributes alike), every id in a link percent-encoded, and the page's
 * Content-Security-Policy lets only its own style and script run (by
 * their SHA-256) and fetch nothing: an injected tag could neither run
 * nor call home.
 *
 * This file writes the page's head and the order of its sections; the
 * pieces are in html-*.c (html-page.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "html-page.h"
#include "text.h"
#include "util.h"

static int
cmp_strp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The filters: author, list (the mails' lists), waiting on (a maintainer), dates. */
static void
filters(struct page *pg)
{
	const char **v = xreallocarray(NULL, pg->md->nlc ? pg->md->nlc : 1, sizeof *v);
	size_t n = 0;

	for (size_t i = 0; i < pg->md->nlc; i++)
		if (*pg->md->lc[i].list)
			v[n++] = pg->md->lc[i].list;
	if (n)
		qsort(v, n, sizeof *v, cmp_strp);
	fputs("<form id=\"filters\" hidden>\n"
	    "<label>author <input name=\"author\" type=\"search\" size=\"20\" "
	    "placeholder=\"name or address\"></label>\n"
	    "<label>list <select name=\"list\"><option value=\"\">every list</option>", pg->fp);
	for (size_t i = 0; i < n; i++) {
		fputs("<option value=\"", pg->fp);
		esc(pg->fp, v[i]);
		fputs("\">", pg->fp);
		esc(pg->fp, v[i]);
		fputs("</option>", pg->fp);
	}
	fputs("</select></label>\n"
	    "<label>waiting on <input name=\"on\" type=\"search\" size=\"20\" "
	    "placeholder=\"a maintainer's address\"></label>\n"
	    "<label>from <input name=\"from\" type=\"date\"></label>\n"
	    "<label>to <input name=\"to\" type=\"date\"></label>\n"
	    "<button type=\"reset\">show all</button>\n"
	    "</form>\n", pg->fp);
	free(v);
}

/*
 * The page's head: the policy that lets only its own style and script
 * run, the title, what the mails cover and where links go, the
 * navigation.
 */
static void
page_head(struct page *pg, const char *title)
{
	const struct ropts *o = pg->o;
	struct buf b = BUF_INIT;
	FILE *fp = pg->fp;

	fprintf(fp, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	    "style-src 'sha256-%s'; script-src 'sha256-%s'; img-src data:; "
	    "form-action 'none'; base-uri 'none'\">\n"
	    "<meta name=\"referrer\" content=\"no-referrer\">\n"
	    "<meta name=\"generator\" content=\"ptreport html (patchtrack %s)\">\n<title>",
	    STYLE_SHA256, SCRIPT_SHA256, PT_VERSION);
	esc(fp, title);
	fprintf(fp, "</title>\n<style>%s</style>\n</head>\n<body>\n<header>\n<h1>", html_style);
	esc(fp, title);
	fputs("</h1>\n", fp);
	coverage_text(pg->md, &b);
	fputs("<p class=\"note\">The mails cover ", fp);
	esc(fp, b.p ? b.p : "");
	fputs(".  Mails link to ", fp);
	if (o->mail_url && *o->mail_url) {
		fputs("<code>", fp);
		esc(fp, o->mail_url);
		fputs("</code>", fp);
	} else {
		fputs("nothing (no mail template)", fp);
	}
	fputs(", commits to ", fp);
	if (o->commit_url && *o->commit_url) {
		fputs("<code>", fp);
		esc(fp, o->commit_url);
		fputs("</code>", fp);
	} else {
		fputs("nothing (no commit template: ids as text)", fp);
	}
	fputs(".  Where the browser runs the page's script, a click on a column's header "
	    "sorts its table (again: the other way), and a form filters the tables of patches "
	    "and commits by author, list and date.</p>\n"
	    "<nav><a href=\"#waiting\">Waiting</a><a href=\"#summary\">Summary</a><a href=\"#plots\">Over time</a>"
	    "<a href=\"#ignored\">Ignored</a><a href=\"#offlist\">Off-list</a>"
	    "<a href=\"#merge\">Time to merge</a><a href=\"#response\">Time to first response</a>"
	    "<a href=\"#cycle\">Cycle</a><a href=\"#maintainers\">Maintainers</a></nav>\n"
	    "</header>\n<main>\n", fp);
	buf_free(&b);
}

/* The cycle phases, when the repository has release tags; else why not. */
static int
part_cycle(struct page *pg, const struct ropts *so)
{
	struct model *md = pg->md;
	const char *re = pg->o->release_re;
	struct table t;
	struct buf b = BUF_INIT;
	int rc = 0;

	section(pg, "cycle", "Development-cycle phases");
	if (md->has_tags && release_tags(md, re) > 0) {
		note(pg, "Patches for the project by the phase of the development cycle they were "
		    "posted in: the merge window (a release to its first -rc), each -rc, or, in "
		    "cycles without -rc tags, the rest and the two weeks before the release.");
		rc = capture(md, so, report_cycle, &t, 0);
		sec_cycle(pg, &t);
		table_free(&t);
	} else if (md->has_tags) {
		if (md->ntags)
			buf_addf(&b, "No phases: no tag of the repository matches the release "
			    "pattern %s (--release).", re);
		else
			buf_addf(&b, "No phases: the repository has no tags; releases are tags "
			    "matching %s (--release).", re);
		fputs("<p class=\"note\">", pg->fp);
		esc(pg->fp, b.p);
		fputs("</p>\n", pg->fp);
	} else {
		note(pg, "No tags table (git2tsv --tags output) was given.");
	}
	fputs("</section>\n", pg->fp);
	buf_free(&b);
	return rc;
}

/* The maintainers view, when there is a maintainers table. */
static int
part_maintainers(struct page *pg, const struct ropts *so)
{
	struct table t;
	struct buf b = BUF_INIT;
	int rc = 0;

	section(pg, "maintainers", "Maintainers");
	if (pg->md->has_maint) {
		maint_basis(pg->md, &b);
		fputs("<p class=\"note\">Per person addressed, MAINTAINERS section and list: the "
		    "patches for the project, how many named them in To or Cc (to) or through "
		    "MAINTAINERS (listed), answered, merged and ignored, and the time to their "
		    "first response in hours.  From ", pg->fp);
		esc(pg->fp, b.p);
		fputs(".</p>\n", pg->fp);
		rc = capture(pg->md, so, report_maintainers, &t, 0);
		sec_maintainers(pg, &t);
		table_free(&t);
	} else {
		note(pg, "No maintainers table (ptmaint output) was given.");
	}
	fputs("</section>\n", pg->fp);
	buf_free(&b);
	return rc;
}

int
report_html(struct model *md, const struct ropts *o)
{
	struct page pg = { o->fp, md, o->mail_url, o->commit_url, o };
	struct table t;
	struct ropts so = *o;
	int rc = 0;
	FILE *fp = o->fp;

	need(md, 1, 0, 1, "html");
	if (o->sc.verbose)
		scope_notes(md, &o->sc);
	/* The maintainers view: every row, unless -n says how many. */
	if (!so.top_set)
		so.top = 0;

	page_head(&pg, o->title ? o->title : "patchtrack report");
	filters(&pg);

	sec_waiting(&pg);

	rc |= capture(md, &so, report_summary, &t, 0);
	sec_summary(&pg, &t);
	table_free(&t);

	section(&pg, "plots", "Patches over time");
	plot_weekly(&pg);
	fputs("</section>\n", fp);

	rc |= capture(md, &so, report_ignored, &t, 0);
	sec_ignored(&pg, &t);
	table_free(&t);

	if (md->has_commits) {
		rc |= capture(md, &so, report_offlist, &t, 0);
		sec_offlist(&pg, &t);
		table_free(&t);
	} else {
		section(&pg, "offlist", "Off-list commits");
		note(&pg, "No commits table (git2tsv output) was given.");
		fputs("</section>\n", fp);
	}

	rc |= capture(md, &so, report_duration, &t, 0);
	sec_merge(&pg, &t);
	table_free(&t);

	sec_response(&pg);
	rc |= part_cycle(&pg, &so);
	rc |= part_maintainers(&pg, &so);
	fputs("</main>\n", fp);

	fputs("<footer><p class=\"note\">Made by ptreport html from the tables of patchtrack; "
	    "the same figures as its TSV reports (ptreport(1)).</p></footer>\n", fp);
	fprintf(fp, "<script>%s</script>\n</body>\n</html>\n", html_script);
	return rc;
}
