/*
 * html-cells.c - the HTML page's building blocks: sections and notes,
 * table heads, rows the filters read, cells of text, numbers, dates,
 * people and shares, links to mails and commits, the explanation a
 * cell unfolds, and the notes that say where a table's every row is.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "html-page.h"
#include "util.h"

/*
 * A cell opening the explanation of a mail or commit (why_brief(), as
 * ptreport why gives it, without the pairs): a details element the
 * reader unfolds, its text escaped.
 */
/*
 * How to correct a row: the line that adds a correction giving verdict
 * to id (a shell command appending to corrections.tsv, which patchtrack
 * reads on its next run), folded.
 */
void
td_correct(struct page *pg, const char *id, const char *verdict)
{
	struct buf b = BUF_INIT;

	correction_line(id, verdict, &b);
	fputs("<td><details class=\"why\"><summary>correct</summary><pre>", pg->fp);
	esc(pg->fp, "If this is wrong, add to corrections.tsv (edit the verdict and why):\n");
	esc(pg->fp, b.p);
	fputs("</pre></details></td>", pg->fp);
	buf_free(&b);
}

void
td_why(struct page *pg, const char *id, int commit)
{
	char *text = NULL, *p, *nl;
	size_t n = 0;
	FILE *mem = open_memstream(&text, &n);
	int more = 0;

	fputs("<td>", pg->fp);
	if (mem) {
		more = why_brief(pg->md, pg->o, id, commit, mem);
		if (fclose(mem) != 0)
			more = 0;
	}
	/* A commit's explanation that says no more than its row is left out. */
	if (more && text && n) {
		fputs("<details class=\"why\"><summary>why</summary><pre>", pg->fp);
		/* Line by line: esc() makes control characters blanks. */
		for (p = text; *p; p = nl + 1) {
			if (!(nl = strchr(p, '\n'))) {
				esc(pg->fp, p);
				break;
			}
			*nl = '\0';
			esc(pg->fp, p);
			fputc('\n', pg->fp);
		}
		fputs("</pre></details>", pg->fp);
	}
	free(text);
	fputs("</td>", pg->fp);
}

/* A mail's id linked (or as text): text shown, the id as its title. */
void
a_mail(struct page *pg, const char *id, const char *text)
{
	if (*id && pg->mail_url && *pg->mail_url) {
		fputs("<a href=\"", pg->fp);
		url(pg->fp, pg->mail_url, id);
		fputs("\" title=\"", pg->fp);
		esc(pg->fp, id);
		fputs("\" rel=\"noreferrer\">", pg->fp);
		esc(pg->fp, *text ? text : id);
		fputs("</a>", pg->fp);
	} else if (*id) {
		fputs("<span title=\"", pg->fp);
		esc(pg->fp, id);
		fputs("\">", pg->fp);
		esc(pg->fp, *text ? text : id);
		fputs("</span>", pg->fp);
	} else {
		esc(pg->fp, text);
	}
}

/* A commit: its first 12 characters, linked or as text, the whole id as title. */
void
a_commit(struct page *pg, const char *id)
{
	if (!*id)
		return;
	if (pg->commit_url && *pg->commit_url) {
		fputs("<a href=\"", pg->fp);
		url(pg->fp, pg->commit_url, id);
		fputs("\" title=\"", pg->fp);
		esc(pg->fp, id);
		fputs("\" rel=\"noreferrer\"><code>", pg->fp);
		escn(pg->fp, id, 12);
		fputs("</code></a>", pg->fp);
	} else {
		fputs("<code title=\"", pg->fp);
		esc(pg->fp, id);
		fputs("\">", pg->fp);
		escn(pg->fp, id, 12);
		fputs("</code>", pg->fp);
	}
}

/* A row of a filtered table: what the filters look at (NULL: not there). */
void
tr_open(struct page *pg, const char *date, const char *lists, const char *name,
    const char *addr)
{
	tr_open_on(pg, date, lists, name, addr, NULL);
}

void
tr_open_on(struct page *pg, const char *date, const char *lists, const char *name,
    const char *addr, const char *on)
{
	fputs("<tr", pg->fp);
	if (date) {
		fputs(" data-date=\"", pg->fp);
		esc(pg->fp, date);
		fputc('"', pg->fp);
	}
	if (lists) {
		fputs(" data-list=\"", pg->fp);
		esc(pg->fp, lists);
		fputc('"', pg->fp);
	}
	if (addr) {
		fputs(" data-author=\"", pg->fp);
		if (name && *name) {
			esc(pg->fp, name);
			fputc(' ', pg->fp);
		}
		esc(pg->fp, addr);
		fputc('"', pg->fp);
	}
	if (on) {
		fputs(" data-on=\"", pg->fp);
		esc(pg->fp, on);
		fputc('"', pg->fp);
	}
	fputc('>', pg->fp);
}

void
td(struct page *pg, const char *s)
{
	fputs("<td>", pg->fp);
	esc(pg->fp, s);
	fputs("</td>", pg->fp);
}

void
td_num(struct page *pg, const char *s)
{
	fputs("<td class=\"n\">", pg->fp);
	esc(pg->fp, s);
	fputs("</td>", pg->fp);
}

/* A date: the day shown, the whole time as title and as the sort key. */
void
td_date(struct page *pg, const char *iso)
{
	if (!*iso) {
		fputs("<td></td>", pg->fp);
		return;
	}
	fputs("<td class=\"d\" data-v=\"", pg->fp);
	esc(pg->fp, iso);
	fputs("\"><time datetime=\"", pg->fp);
	esc(pg->fp, iso);
	fputs("\" title=\"", pg->fp);
	esc(pg->fp, iso);
	fputs("\">", pg->fp);
	escn(pg->fp, iso, 10);
	fputs("</time></td>", pg->fp);
}

/* A person: the name (else the address), the address as title. */
void
td_person(struct page *pg, const char *name, const char *addr)
{
	fputs("<td title=\"", pg->fp);
	esc(pg->fp, addr);
	fputs("\">", pg->fp);
	esc(pg->fp, name && *name ? name : addr);
	fputs("</td>", pg->fp);
}

/* A share 0.1234 as 12.3%, sorted by the share. */
void
td_share(struct page *pg, const char *s)
{
	fputs("<td class=\"n\" data-v=\"", pg->fp);
	esc(pg->fp, s);
	fprintf(pg->fp, "\">%.1f%%</td>", 100 * strtod(s, NULL));
}

/*
 * A table's head: id (also the id of its row count, id-n), columns
 * (a leading '#' marks a number, right-aligned), and whether the
 * filters apply to it.
 */
void
table_open(struct page *pg, const char *id, size_t nrows, const char *const *cols,
    size_t ncols, int filtered)
{
	fprintf(pg->fp, "<p class=\"count\" id=\"%s-n\">%zu %s</p>\n", id, nrows,
	    nrows == 1 ? "row" : "rows");
	fprintf(pg->fp, "<table id=\"%s\" class=\"sortable%s\">\n<thead><tr>", id,
	    filtered ? " filter" : "");
	for (size_t i = 0; i < ncols; i++) {
		if (*cols[i] == '#')
			fprintf(pg->fp, "<th scope=\"col\" class=\"n\">%s</th>", cols[i] + 1);
		else
			fprintf(pg->fp, "<th scope=\"col\">%s</th>", cols[i]);
	}
	fputs("</tr></thead>\n<tbody>\n", pg->fp);
}

void
table_close(struct page *pg)
{
	fputs("</tbody>\n</table>\n", pg->fp);
}

void
section(struct page *pg, const char *id, const char *title)
{
	fprintf(pg->fp, "\n<section id=\"%s\">\n<h2>%s</h2>\n", id, title);
}

void
note(struct page *pg, const char *text)
{
	fprintf(pg->fp, "<p class=\"note\">%s</p>\n", text);
}

/* A size for a person: 812 bytes, 45.3 kB, 216.0 MB (powers of 1000). */
static void
size_text(char out[32], unsigned long long n)
{
	if (n < 1000)
		snprintf(out, 32, "%llu %s", n, n == 1 ? "byte" : "bytes");
	else if (n < 1000000)
		snprintf(out, 32, "%.1f kB", (double)n / 1e3);
	else if (n < 1000000000)
		snprintf(out, 32, "%.1f MB", (double)n / 1e6);
	else
		snprintf(out, 32, "%.1f GB", (double)n / 1e9);
}

/*
 * Where every row of report is: the TSV ptreport all wrote beside the
 * page, linked, with its rows and size; else (html alone) the command
 * that writes it.  The link is the file's bare name, relative to the
 * page; patchtrack's copy of the page a folder up (out/report.html)
 * points it into reports/ (pipeline.mk), by the text <a class="tsv"
 * href=", which no escaped text can hold.
 */
void
tsv_link(struct page *pg, const char *report, size_t rows)
{
	char name[32], size[32];
	const char *r = rows == 1 ? "row" : "rows";

	snprintf(name, sizeof name, "%s.tsv", report);
	for (size_t i = 0; i < pg->o->nfiles; i++)
		if (!strcmp(pg->o->files[i].name, name)) {
			size_text(size, pg->o->files[i].bytes);
			fprintf(pg->fp, "<a class=\"tsv\" href=\"%s\">%s</a> (%zu %s, %s)", name,
			    name, rows, r, size);
			return;
		}
	fprintf(pg->fp, "the %zu %s of <code>ptreport %s</code> (in a patchtrack folder: "
	    "<code>reports/%s</code>)", rows, r, report, name);
}

/*
 * The paragraph above a table that holds shown of the rows of report
 * (which: "newest"): how many more there are and where every row is.
 * Its id is the section's and -tsv.
 */
void
rows_note(struct page *pg, const char *section, const char *report, const char *which,
    size_t shown, size_t rows)
{
	fprintf(pg->fp, "<p class=\"note\" id=\"%s-tsv\">", section);
	if (shown < rows)
		fprintf(pg->fp, "The %zu %s are shown, and %zu more are in ", shown, which,
		    rows - shown);
	else
		fputs("Every row as TSV: ", pg->fp);
	tsv_link(pg, report, rows);
	fputs(".</p>\n", pg->fp);
}
