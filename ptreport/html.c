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
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "ptreport.h"
#include "text.h"
#include "tsv.h"
#include "util.h"

/*
 * The most rows of the ignored patches and of the off-list commits the
 * page holds: the newest.  A page is for a person to read, and a browser
 * lays out thousands of rows at once, not a million: with every patch a
 * row, 271,522 patches made a page of 216 MB that headless Chromium had
 * not drawn after 5 minutes (bench/page-scale measures it: cut so, the
 * page of 255,501 patches is 3.1 MB, drawn in 3 s).  Every row is in the
 * report's TSV, which the page names.
 */
#ifndef HTML_ROWS
#define HTML_ROWS 1000
#endif
/* The same for the maintainers view: its rows with most patches, of each kind. */
#ifndef HTML_KIND_ROWS
#define HTML_KIND_ROWS 200
#endif

/*
 * The page's style and script.  Their SHA-256 (base64) is in the
 * Content-Security-Policy below: change one, change its hash
 * (tests/72-ptreport-html.t says the right one).
 */
static const char style[] =
	"body{font:14px/1.4 system-ui,sans-serif;margin:1em 2em;color:#222;background:#fff}\n"
	"h1{font-size:1.5em;margin:.2em 0}\n"
	"h2{font-size:1.2em;margin:2em 0 .5em;border-bottom:1px solid #ccc}\n"
	"nav a{margin-right:1em}\n"
	"p.note{color:#555;max-width:60em}\n"
	"table{border-collapse:collapse;margin:.3em 0 1em}\n"
	"th,td{padding:2px 8px;text-align:left;vertical-align:top;border-bottom:1px solid #e4e4e4}\n"
	"th{background:#f0f0f0}\n"
	".n{text-align:right;white-space:nowrap}\n"
	"td.d{white-space:nowrap}\n"
	"tr.sub td:first-child{padding-left:2em}\n"
	".js table.sortable th{cursor:pointer}\n"
	"th[aria-sort=ascending]::after{content:\" \\25b2\"}\n"
	"th[aria-sort=descending]::after{content:\" \\25bc\"}\n"
	"form#filters{background:#f8f8f8;border:1px solid #ddd;padding:.4em .6em;margin:1em 0}\n"
	"form#filters label{margin-right:1em}\n"
	"p.count{color:#555;margin:.2em 0}\n"
	"figure{margin:1em 0}\n"
	"figcaption{color:#555}\n"
	"svg{max-width:100%;height:auto}\n"
	"svg text{font:11px system-ui,sans-serif;fill:#222}\n"
	"svg .t{font-size:13px}\n"
	".bar{fill:#4e79a7}\n"
	".ign{fill:#e15759}\n"
	".axis{stroke:#888}\n"
	".grid{stroke:#e4e4e4}\n"
	"@media print{form#filters{display:none}}\n";

static const char script[] =
	"(function () {\n"
	"\"use strict\";\n"
	"var num = /^-?[0-9]+(\\.[0-9]+)?$/;\n"
	"function key(td) {\n"
	"\tvar v = td.getAttribute(\"data-v\");\n"
	"\treturn v === null ? td.textContent : v;\n"
	"}\n"
	"function compare(a, b, down) {\n"
	"\tif (a === b)\n"
	"\t\treturn 0;\n"
	"\tif (a === \"\" || b === \"\")\n"
	"\t\treturn a === \"\" ? 1 : -1;\n"
	"\tvar c = num.test(a) && num.test(b) ? Number(a) - Number(b) : a < b ? -1 : 1;\n"
	"\treturn down ? -c : c;\n"
	"}\n"
	"function sortBy(table, th) {\n"
	"\tvar heads = table.tHead.rows[0].cells, body = table.tBodies[0];\n"
	"\tvar down = th.getAttribute(\"aria-sort\") === \"ascending\";\n"
	"\tvar col = th.cellIndex, rows = [], i;\n"
	"\tfor (i = 0; i < heads.length; i++)\n"
	"\t\theads[i].removeAttribute(\"aria-sort\");\n"
	"\tth.setAttribute(\"aria-sort\", down ? \"descending\" : \"ascending\");\n"
	"\tfor (i = 0; i < body.rows.length; i++)\n"
	"\t\trows.push([key(body.rows[i].cells[col]), i, body.rows[i]]);\n"
	"\trows.sort(function (x, y) {\n"
	"\t\treturn compare(x[0], y[0], down) || x[1] - y[1];\n"
	"\t});\n"
	"\tfor (i = 0; i < rows.length; i++)\n"
	"\t\tbody.appendChild(rows[i][2]);\n"
	"}\n"
	"function count(n, of) {\n"
	"\treturn n === of ? of + (of === 1 ? \" row\" : \" rows\") : n + \" of \" + of + \" rows shown\";\n"
	"}\n"
	"var form = document.getElementById(\"filters\");\n"
	"function filter() {\n"
	"\tvar a = form.elements.author.value.trim().toLowerCase();\n"
	"\tvar l = form.elements.list.value;\n"
	"\tvar f = form.elements.from.value, t = form.elements.to.value;\n"
	"\tvar tables = document.querySelectorAll(\"table.filter\"), i, j;\n"
	"\tfor (i = 0; i < tables.length; i++) {\n"
	"\t\tvar rows = tables[i].tBodies[0].rows, shown = 0;\n"
	"\t\tfor (j = 0; j < rows.length; j++) {\n"
	"\t\t\tvar r = rows[j], d = r.getAttribute(\"data-date\");\n"
	"\t\t\tvar au = r.getAttribute(\"data-author\"), ls = r.getAttribute(\"data-list\");\n"
	"\t\t\tvar ok = (!a || au === null || au.toLowerCase().indexOf(a) >= 0) &&\n"
	"\t\t\t    (!l || ls === null || (\" \" + ls + \" \").indexOf(\" \" + l + \" \") >= 0) &&\n"
	"\t\t\t    (!f || d === null || (d !== \"\" && d.slice(0, 10) >= f)) &&\n"
	"\t\t\t    (!t || d === null || (d !== \"\" && d.slice(0, 10) <= t));\n"
	"\t\t\tr.hidden = !ok;\n"
	"\t\t\tshown += ok ? 1 : 0;\n"
	"\t\t}\n"
	"\t\tvar c = document.getElementById(tables[i].id + \"-n\");\n"
	"\t\tif (c)\n"
	"\t\t\tc.textContent = count(shown, rows.length);\n"
	"\t}\n"
	"}\n"
	"var tables = document.querySelectorAll(\"table.sortable\"), i, j;\n"
	"for (i = 0; i < tables.length; i++) {\n"
	"\tvar heads = tables[i].tHead.rows[0].cells;\n"
	"\tfor (j = 0; j < heads.length; j++) {\n"
	"\t\theads[j].tabIndex = 0;\n"
	"\t\theads[j].title = \"sort by this column\";\n"
	"\t\theads[j].addEventListener(\"click\", function (e) {\n"
	"\t\t\tsortBy(e.currentTarget.closest(\"table\"), e.currentTarget);\n"
	"\t\t});\n"
	"\t\theads[j].addEventListener(\"keydown\", function (e) {\n"
	"\t\t\tif (e.key === \"Enter\" || e.key === \" \") {\n"
	"\t\t\t\te.preventDefault();\n"
	"\t\t\t\tsortBy(e.currentTarget.closest(\"table\"), e.currentTarget);\n"
	"\t\t\t}\n"
	"\t\t});\n"
	"\t}\n"
	"}\n"
	"if (form) {\n"
	"\tform.addEventListener(\"input\", filter);\n"
	"\tform.addEventListener(\"reset\", function () {\n"
	"\t\tsetTimeout(filter, 0);\n"
	"\t});\n"
	"\tform.addEventListener(\"submit\", function (e) {\n"
	"\t\te.preventDefault();\n"
	"\t});\n"
	"\tform.hidden = false;\n"
	"}\n"
	"document.documentElement.className = \"js\";\n"
	"})();\n";

#define STYLE_SHA256 "5IuI+e66+pJpyOqnRMZIzUe3YY5bIgavfqPEEGvALVs="
#define SCRIPT_SHA256 "q8wd9ewACkgVdOTI5mafY2QrtlNDL+/ko33rqIFFf/s="

/* A report's rows, as it wrote them: cell[row * ncols + col]. */
struct table {
	char *text;              /* the TSV, its fields unescaped in place */
	char **name;             /* the header */
	char **cell;
	size_t ncols, nrows;
};

/*
 * Run report run with the options of o into a table: TSV with a header,
 * no plot, no notes (the page's own notes say the coverage and grace).
 * Returns the report's exit status.
 */
static int
capture(struct model *md, const struct ropts *o,
    int (*run)(struct model *, const struct ropts *), struct table *t)
{
	struct ropts s = *o;
	char *p = NULL, *line, *next;
	size_t n = 0, cap = 0;
	FILE *fp;
	int rc;

	memset(t, 0, sizeof *t);
	if (!(fp = open_memstream(&p, &n)))
		die("html: a report in memory:");
	s.fmt = OF_TSV;
	s.header = 1;
	s.plot = NULL;
	s.sc.quiet = 1;
	s.sc.verbose = 0;
	s.fp = fp;
	rc = run(md, &s);
	if (fclose(fp) != 0)
		die("html: a report in memory:");
	t->text = p;
	for (line = p; line && *line; line = next) {
		size_t nf = 0;
		char *f = line;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		for (;;) {
			char *tab = strchr(f, '\t');
			size_t bad;
			long len;

			if (tab)
				*tab = '\0';
			if ((len = tsv_unescape(f, strlen(f), &bad)) < 0)
				die("html: a report wrote a bad escape");
			f[len] = '\0';
			if (!t->ncols) {
				/* The header: its names, however many. */
				t->name = xreallocarray(t->name, nf + 1, sizeof *t->name);
				t->name[nf] = f;
			} else {
				if (nf >= t->ncols)
					die("html: a report row has more than %zu cells", t->ncols);
				if (cap == t->nrows * t->ncols + nf) {
					cap = cap ? 2 * cap : 64 * t->ncols;
					t->cell = xreallocarray(t->cell, cap, sizeof *t->cell);
				}
				t->cell[t->nrows * t->ncols + nf] = f;
			}
			nf++;
			if (!tab)
				break;
			f = tab + 1;
		}
		if (!t->ncols)
			t->ncols = nf;
		else if (nf != t->ncols)
			die("html: a report row has %zu cells, not %zu", nf, t->ncols);
		else
			t->nrows++;
	}
	return rc;
}

static void
table_free(struct table *t)
{
	free(t->text);
	free(t->name);
	free(t->cell);
}

/* The column named name of a captured report (one the report writes). */
static size_t
tcol(const struct table *t, const char *name)
{
	for (size_t i = 0; i < t->ncols; i++)
		if (!strcmp(t->name[i], name))
			return i;
	die("html: the report has no column %s", name);
}

static const char *
cell(const struct table *t, size_t row, size_t col)
{
	return t->cell[row * t->ncols + col];
}

/*
 * Text for HTML, in an element or in a quoted attribute alike: & < > "
 * and ' as references, control characters (a TSV field may hold any)
 * as blanks.  The text is UTF-8 already (the tables are).
 */
static void
esc(FILE *fp, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		switch (c) {
		case '&': fputs("&amp;", fp); break;
		case '<': fputs("&lt;", fp); break;
		case '>': fputs("&gt;", fp); break;
		case '"': fputs("&quot;", fp); break;
		case '\'': fputs("&#39;", fp); break;
		default: fputc(c < 0x20 || c == 0x7f ? ' ' : c, fp); break;
		}
	}
}

/* The first n bytes of s, escaped. */
static void
escn(FILE *fp, const char *s, size_t n)
{
	char *t = xstrndup(s, n);

	esc(fp, t);
	free(t);
}

/*
 * The link of id through template tmpl, escaped for an attribute: %s is
 * id, every byte but letters, digits, - . _ ~ and @ percent-encoded (so
 * a Message-ID with / ? # % " < > stays one path segment), %% a '%'.
 */
void
url_expand(struct buf *b, const char *tmpl, const char *id)
{
	static const char hex[] = "0123456789ABCDEF";

	for (const char *t = tmpl; *t; t++) {
		if (t[0] == '%' && t[1] == 's') {
			for (const unsigned char *p = (const unsigned char *)id; *p; p++) {
				if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
				    (*p >= '0' && *p <= '9') || strchr("-._~@", *p)) {
					buf_addc(b, *p);
				} else {
					buf_addc(b, '%');
					buf_addc(b, hex[*p >> 4]);
					buf_addc(b, hex[*p & 15]);
				}
			}
			t++;
		} else if (t[0] == '%' && t[1] == '%') {
			buf_addc(b, '%');
			t++;
		} else {
			buf_addc(b, *t);
		}
	}
}

static void
url(FILE *fp, const char *tmpl, const char *id)
{
	struct buf b = BUF_INIT;

	url_expand(&b, tmpl, id);
	esc(fp, b.p ? b.p : "");
	buf_free(&b);
}

int
url_template_check(const char *tmpl, const char **why)
{
	int n = 0;
	size_t k = strspn(tmpl, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-");

	for (const char *t = tmpl; *t; t++) {
		if (*t != '%')
			continue;
		if (t[1] == 's')
			n++;
		else if (t[1] != '%') {
			*why = "a % other than %s and %%";
			return -1;
		}
		t++;
	}
	if (n != 1) {
		*why = n ? "more than one %s" : "no %s where the id goes";
		return -1;
	}
	/* A scheme: only the web's or a file's; javascript: and data: are no archive. */
	if (k && tmpl[k] == ':' && strncmp(tmpl, "http:", 5) && strncmp(tmpl, "https:", 6) &&
	    strncmp(tmpl, "file:", 5)) {
		*why = "a scheme other than http:, https: or file:";
		return -1;
	}
	return 0;
}

/* What the page writes with. */
struct page {
	FILE *fp;
	struct model *md;
	const char *mail_url;    /* NULL or "": mails not linked */
	const char *commit_url;  /* NULL or "": commits not linked */
	const struct ropts *o;
};

/*
 * A cell opening the explanation of a mail or commit (why_brief(), as
 * ptreport why gives it, without the pairs): a details element the
 * reader unfolds, its text escaped.
 */
static void
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
static void
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
static void
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
static void
tr_open(struct page *pg, const char *date, const char *lists, const char *name,
    const char *addr)
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
	fputc('>', pg->fp);
}

static void
td(struct page *pg, const char *s)
{
	fputs("<td>", pg->fp);
	esc(pg->fp, s);
	fputs("</td>", pg->fp);
}

static void
td_num(struct page *pg, const char *s)
{
	fputs("<td class=\"n\">", pg->fp);
	esc(pg->fp, s);
	fputs("</td>", pg->fp);
}

/* A date: the day shown, the whole time as title and as the sort key. */
static void
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
static void
td_person(struct page *pg, const char *name, const char *addr)
{
	fputs("<td title=\"", pg->fp);
	esc(pg->fp, addr);
	fputs("\">", pg->fp);
	esc(pg->fp, name && *name ? name : addr);
	fputs("</td>", pg->fp);
}

/* A share 0.1234 as 12.3%, sorted by the share. */
static void
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
static void
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

static void
table_close(struct page *pg)
{
	fputs("</tbody>\n</table>\n", pg->fp);
}

static void
section(struct page *pg, const char *id, const char *title)
{
	fprintf(pg->fp, "\n<section id=\"%s\">\n<h2>%s</h2>\n", id, title);
}

static void
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
static void
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
static void
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

/* --- plots --------------------------------------------------------------- */

#define SVG_W 960
#define SVG_H 300
#define SVG_L 56                 /* room for the y axis */
#define SVG_R 12
#define SVG_T 34                 /* room for the title */
#define SVG_B 44                 /* room for the x axis */

/* A step of 1, 2 or 5 times a power of ten, about top / 5, at least 1. */
static unsigned long
nice_step(unsigned long top)
{
	unsigned long want = top / 5 ? top / 5 : 1, p = 1;

	while (p * 10 <= want)
		p *= 10;
	return want >= 5 * p ? 5 * p : want >= 2 * p ? 2 * p : p;
}

/* The frame of a plot: title, y axis to top, with grid lines. */
static unsigned long
svg_open(struct page *pg, const char *id, const char *title, const char *ylabel,
    unsigned long top)
{
	unsigned long step = nice_step(top ? top : 1), ymax;
	double ph = SVG_H - SVG_T - SVG_B;

	ymax = (top / step + (top % step != 0)) * step;
	if (!ymax)
		ymax = step;
	fprintf(pg->fp, "<figure>\n<svg id=\"%s\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" "
	    "role=\"img\" aria-labelledby=\"%s-t\">\n<title id=\"%s-t\">%s</title>\n",
	    id, SVG_W, SVG_H, SVG_W, SVG_H, id, id, title);
	fprintf(pg->fp, "<text class=\"t\" x=\"%d\" y=\"18\">%s</text>\n", SVG_L, title);
	for (unsigned long y = 0; y <= ymax; y += step) {
		double py = SVG_T + ph - ph * (double)y / (double)ymax;

		fprintf(pg->fp, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>"
		    "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%lu</text>\n",
		    SVG_L, SVG_W - SVG_R, py, py, SVG_L - 6, py + 4, y);
	}
	fprintf(pg->fp, "<text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" "
	    "text-anchor=\"middle\">%s</text>\n", SVG_T + (int)ph / 2, SVG_T + (int)ph / 2, ylabel);
	fprintf(pg->fp, "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>\n",
	    SVG_L, SVG_W - SVG_R, SVG_H - SVG_B, SVG_H - SVG_B);
	return ymax;
}

static void
svg_close(struct page *pg, const char *caption)
{
	fputs("</svg>\n<figcaption>", pg->fp);
	esc(pg->fp, caption);
	fputs("</figcaption>\n</figure>\n", pg->fp);
}

/* Is t inside the coverage (a mails table without dates has none: all is)? */
static int
in_cover(const struct model *md, int64_t t)
{
	return !md->ncov || span_of(md->cov, md->ncov, t) < md->ncov;
}

/*
 * Patches for the project per ISO week (per month when the weeks span
 * more than three years), the ignored ones the lower, red part of a bar;
 * within the coverage, so that a misdated mail does not stretch the
 * axis by years.
 */
static void
plot_weekly(struct page *pg)
{
	struct model *md = pg->md;
	int64_t first = INT64_MAX, last = INT64_MIN;
	unsigned long *pat, *ign, top = 0, ymax, npat = 0;
	size_t n;
	int monthly;
	double pw = SVG_W - SVG_L - SVG_R, ph = SVG_H - SVG_T - SVG_B, bw;
	char cap[200];
	unsigned long outside = 0;

	for (size_t i = 0; i < md->nmails; i++) {
		if (!md->mails[i].project || md->mails[i].date == NODATE)
			continue;
		if (!in_cover(md, md->mails[i].date)) {
			outside++;
			continue;
		}
		if (md->mails[i].date < first)
			first = md->mails[i].date;
		if (md->mails[i].date > last)
			last = md->mails[i].date;
	}
	if (first > last) {
		note(pg, "No patch for the project has a date: nothing to plot per week.");
		return;
	}
	monthly = (day_monday(last) - day_monday(first)) / 7 > 156;
	if (monthly)
		n = (size_t)(day_month(last) - day_month(first) + 1);
	else
		n = (size_t)((day_monday(last) - day_monday(first)) / 7 + 1);
	pat = xcalloc(n, sizeof *pat);
	ign = xcalloc(n, sizeof *ign);
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		size_t k;

		if (!m->project || m->date == NODATE || !in_cover(md, m->date))
			continue;
		k = monthly ? (size_t)(day_month(m->date) - day_month(first)) :
		    (size_t)((day_monday(m->date) - day_monday(first)) / 7);
		pat[k]++;
		ign[k] += m->ignored;
		npat++;
	}
	for (size_t k = 0; k < n; k++)
		if (pat[k] > top)
			top = pat[k];
	ymax = svg_open(pg, "plot-weekly", monthly ? "Patches for the project per month" :
	    "Patches for the project per ISO week", "patches", top);
	bw = pw / (double)n;
	for (size_t k = 0; k < n; k++) {
		double x = SVG_L + bw * (double)k + (bw > 4 ? bw * 0.1 : 0);
		double w = bw > 4 ? bw * 0.8 : bw;
		double hp = ph * (double)pat[k] / (double)ymax, hi = ph * (double)ign[k] / (double)ymax;
		char label[40], d[21];
		int64_t start;

		if (monthly) {
			long mi = day_month(first) + (long)k;

			snprintf(label, sizeof label, "%04ld-%02ld", mi / 12, mi % 12 + 1);
		} else {
			start = (day_monday(first) + 7 * (int64_t)k) * DAY;
			iso_utc(d, start);
			snprintf(label, sizeof label, "week of %.10s", d);
		}
		if (pat[k])
			fprintf(pg->fp, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			    "height=\"%.1f\"><title>%s: %lu patches, %lu ignored</title></rect>\n",
			    x, SVG_T + ph - hp, w, hp, label, pat[k], ign[k]);
		if (ign[k])
			fprintf(pg->fp, "<rect class=\"ign\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			    "height=\"%.1f\"><title>%s: %lu ignored of %lu</title></rect>\n",
			    x, SVG_T + ph - hi, w, hi, label, ign[k], pat[k]);
	}
	/* Ticks where a month (weeks) or a year (months) begins, labelled if room. */
	{
		long prev = -1, every = 1;
		size_t nticks = 0;

		for (size_t k = 0; k < n; k++) {
			int64_t t = monthly ? 0 : (day_monday(first) + 7 * (int64_t)k) * DAY;
			long key = monthly ? (day_month(first) + (long)k) / 12 : day_month(t);

			nticks += key != prev;
			prev = key;
		}
		while ((long)nticks / every > 16)
			every = every == 1 ? 2 : every == 2 ? 3 : every == 3 ? 6 : every * 2;
		prev = -1;
		for (size_t k = 0, i = 0; k < n; k++) {
			int64_t t = monthly ? 0 : (day_monday(first) + 7 * (int64_t)k) * DAY;
			long key = monthly ? (day_month(first) + (long)k) / 12 : day_month(t);
			double x = SVG_L + bw * (double)k;

			if (key == prev)
				continue;
			prev = key;
			if (i++ % (size_t)every)
				continue;
			fprintf(pg->fp, "<line class=\"axis\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\"/>",
			    x, x, SVG_H - SVG_B, SVG_H - SVG_B + 5);
			if (monthly)
				fprintf(pg->fp, "<text x=\"%.1f\" y=\"%d\">%ld</text>\n", x + 2,
				    SVG_H - SVG_B + 17, key);
			else
				fprintf(pg->fp, "<text x=\"%.1f\" y=\"%d\">%04ld-%02ld</text>\n", x + 2,
				    SVG_H - SVG_B + 17, key / 12, key % 12 + 1);
		}
	}
	fprintf(pg->fp, "<rect class=\"bar\" x=\"%d\" y=\"%d\" width=\"12\" height=\"10\"/>"
	    "<text x=\"%d\" y=\"%d\">patches</text>"
	    "<rect class=\"ign\" x=\"%d\" y=\"%d\" width=\"12\" height=\"10\"/>"
	    "<text x=\"%d\" y=\"%d\">of them ignored</text>\n",
	    SVG_W - 220, SVG_H - 14, SVG_W - 204, SVG_H - 5,
	    SVG_W - 130, SVG_H - 14, SVG_W - 114, SVG_H - 5);
	snprintf(cap, sizeof cap, "%lu patches for the project in %zu %s; a cross-posted patch "
	    "counts once.", npat, n, monthly ? (n == 1 ? "month" : "months") :
	    (n == 1 ? "week" : "weeks"));
	if (outside)
		snprintf(cap + strlen(cap), sizeof cap - strlen(cap), "  Left out: %lu dated "
		    "outside the coverage.", outside);
	svg_close(pg, cap);
	free(pat);
	free(ign);
}

/* Bars of counts over labelled bins. */
static void
plot_bins(struct page *pg, const char *id, const char *title, const char *xlabel,
    const char *const *label, const unsigned long *count, size_t n, const char *caption)
{
	unsigned long top = 0, ymax;
	double pw = SVG_W - SVG_L - SVG_R, ph = SVG_H - SVG_T - SVG_B, bw = pw / (double)n;

	for (size_t k = 0; k < n; k++)
		if (count[k] > top)
			top = count[k];
	ymax = svg_open(pg, id, title, "count", top);
	for (size_t k = 0; k < n; k++) {
		double h = ph * (double)count[k] / (double)ymax, x = SVG_L + bw * (double)k;

		fprintf(pg->fp, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		    "height=\"%.1f\"><title>", x + bw * 0.15, SVG_T + ph - h, bw * 0.7, h);
		esc(pg->fp, label[k]);
		fprintf(pg->fp, ": %lu</title></rect>"
		    "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%lu</text>"
		    "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", count[k],
		    x + bw / 2, SVG_T + ph - h - 4, count[k], x + bw / 2, SVG_H - SVG_B + 16);
		esc(pg->fp, label[k]);
		fputs("</text>\n", pg->fp);
	}
	fprintf(pg->fp, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
	    SVG_L + (int)pw / 2, SVG_H - 6, xlabel);
	svg_close(pg, caption);
}

/* Time to merge: the days column of duration, in bins. */
static void
plot_merge(struct page *pg, const struct table *t)
{
	static const double hi[] = { 1, 2, 7, 14, 30, 90, 365, 1e18 };
	static const char *const label[] = {
		"< 1", "1-2", "2-7", "7-14", "14-30", "30-90", "90-365", "> 365",
	};
	unsigned long count[8] = { 0 }, early = 0, n = 0;
	size_t c = tcol(t, "days");
	char cap[200];

	for (size_t r = 0; r < t->nrows; r++) {
		double d = strtod(cell(t, r, c), NULL);

		if (d < 0) {
			early++;
			continue;
		}
		for (int b = 0; b < 8; b++)
			if (d < hi[b]) {
				count[b]++;
				n++;
				break;
			}
	}
	snprintf(cap, sizeof cap, "%lu merged clusters by days from the first posting to the "
	    "commit%s", n, early ? "; " : ".");
	if (early)
		snprintf(cap + strlen(cap), sizeof cap - strlen(cap), "%lu more were committed "
		    "before they were posted.", early);
	plot_bins(pg, "plot-merge", "Time to merge", "days from the first posting to the commit",
	    label, count, 8, cap);
}

/* Time to first response of the patches for the project, in bins. */
static void
plot_response(struct page *pg)
{
	static const int64_t hi[] = {
		3600, 6 * 3600, DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY, INT64_MAX,
	};
	static const char *const label[] = {
		"< 1 h", "1-6 h", "6-24 h", "1-2 d", "2-7 d", "7-14 d", "14-30 d", "> 30 d",
	};
	unsigned long count[8] = { 0 }, n = 0, none = 0;
	char cap[200];

	for (size_t i = 0; i < pg->md->nmails; i++) {
		const struct mail *m = &pg->md->mails[i];
		int64_t t;

		if (!m->project)
			continue;
		if (m->fresp == NONE) {
			none++;
			continue;
		}
		t = pg->md->mails[m->fresp].date - m->date;
		for (int b = 0; b < 8; b++)
			if (t < hi[b]) {
				count[b]++;
				n++;
				break;
			}
	}
	snprintf(cap, sizeof cap, "%lu answered patches for the project by time to their first "
	    "response; %lu without one.", n, none);
	plot_bins(pg, "plot-response", "Time to first response", "time from the posting to the "
	    "first response by another person", label, count, 8, cap);
}

/* --- sections ------------------------------------------------------------ */

static void
sec_summary(struct page *pg, const struct table *t)
{
	size_t cw = tcol(t, "what"), cv = tcol(t, "value"), cd = tcol(t, "detail");

	section(pg, "summary", "Summary");
	fputs("<table id=\"t-summary\">\n<thead><tr><th scope=\"col\">what</th>"
	    "<th scope=\"col\" class=\"n\">value</th><th scope=\"col\">detail</th></tr></thead>\n"
	    "<tbody>\n", pg->fp);
	for (size_t r = 0; r < t->nrows; r++) {
		const char *w = cell(t, r, cw);
		int sub = w[0] == ' ';

		fputs(sub ? "<tr class=\"sub\">" : "<tr>", pg->fp);
		td(pg, w + strspn(w, " "));
		td_num(pg, cell(t, r, cv));
		td(pg, cell(t, r, cd));
		fputs("</tr>\n", pg->fp);
	}
	table_close(pg);
	fputs("</section>\n", pg->fp);
}

/*
 * The waiting queue: what a maintainer reads first in the morning.  Its
 * rows' author filter also finds the recipients and the maintainers, so
 * that an address narrows it to what waits on that person.
 */
static void
sec_waiting(struct page *pg)
{
	static const char *const cols[] = {
		"posted", "waiting", "answered by then", "list", "author", "subject", "to",
		"maintainers",
	};
	struct model *md = pg->md;
	struct wait *v;
	size_t n = waiting_list(md, pg->o, &v), shown = n;
	struct buf b = BUF_INIT, t = BUF_INIT;
	char d[21];

	section(pg, "waiting", "Waiting for a reply");
	iso_utc(d, run_date(md));
	buf_addf(&b, "Patches for the project with no response from another person in any "
	    "version, not merged, and still within their list's grace, oldest first, as of "
	    "%.10s (the latest mail or commit); answered by then: the share of the list's "
	    "answered patches (those its grace is found from) answered within that age.  "
	    "The author filter finds recipients and maintainers here too.  %zu waiting.", d, n);
	note(pg, b.p);
	/* The oldest: those waiting longest come first. */
	if (n > HTML_ROWS)
		shown = HTML_ROWS;
	rows_note(pg, "waiting", "waiting", "oldest", shown, n);
	table_open(pg, "t-waiting", shown, cols, 8, 1);
	for (size_t i = 0; i < shown; i++) {
		const struct mail *m = &md->mails[v[i].mail];
		char iso[21];

		/* What the author filter finds: the sender, the To/Cc, the maintainers. */
		buf_reset(&b);
		buf_addstr(&b, m->from);
		buf_reset(&t);
		rcpt_text(m, &t);
		if (t.len)
			buf_addf(&b, " %s", t.p);
		buf_reset(&t);
		if (maint_text(m, &t))
			buf_addf(&b, " %s", t.p);
		iso_utc(iso, m->date);
		tr_open(pg, iso, m->lists, m->name, b.p);
		td_date(pg, iso);
		buf_reset(&b);
		buf_addf(&b, "%.1f", (double)v[i].age / DAY);
		td_num(pg, b.p);
		buf_reset(&b);
		if (v[i].share >= 0)
			buf_addf(&b, "%.0f%%", 100 * v[i].share);
		td_num(pg, b.p ? b.p : "");
		td(pg, m->lists);
		td_person(pg, m->name, m->from);
		fputs("<td>", pg->fp);
		a_mail(pg, m->id, m->subject);
		fputs("</td>", pg->fp);
		buf_reset(&b);
		rcpt_text(m, &b);
		td(pg, b.p ? b.p : "");
		buf_reset(&b);
		maint_text(m, &b);
		td(pg, b.p ? b.p : "");
		fputs("</tr>\n", pg->fp);
	}
	table_close(pg);
	fputs("</section>\n", pg->fp);
	free(v);
	buf_free(&b);
	buf_free(&t);
}

static void
sec_ignored(struct page *pg, const struct table *t)
{
	static const char *const with[] = {
		"date", "list", "author", "role", "subject", "#thread", "#versions",
		"maintainers", "why",
	};
	static const char *const without[] = {
		"date", "list", "author", "role", "subject", "#thread", "#versions", "why",
	};
	size_t ci = tcol(t, "id"), cdt = tcol(t, "date"), cl = tcol(t, "list"),
	    ca = tcol(t, "author"), cn = tcol(t, "name"), cs = tcol(t, "subject"),
	    cth = tcol(t, "thread"), cv = tcol(t, "versions"), cm = tcol(t, "maintainers"),
	    cro = tcol(t, "role");

	section(pg, "ignored", "Ignored patches");
	note(pg, "Patches for the project that were not merged and got no response from anyone "
	    "but their author, in no version nor from outside its thread; not withdrawn, "
	    "superseded or too new.  Role: a committer's own patch, or a contribution.  "
	    "Thread: mails in its thread; versions: mails of its cluster; why: the evidence, "
	    "as ptreport why gives it.");
	/* The newest: the report is in date order. */
	size_t from = t->nrows > HTML_ROWS ? t->nrows - HTML_ROWS : 0;

	rows_note(pg, "ignored", "ignored", "newest", t->nrows - from, t->nrows);
	if (pg->md->has_maint)
		table_open(pg, "t-ignored", t->nrows - from, with, 9, 1);
	else
		table_open(pg, "t-ignored", t->nrows - from, without, 8, 1);
	for (size_t r = from; r < t->nrows; r++) {
		tr_open(pg, cell(t, r, cdt), cell(t, r, cl), cell(t, r, cn), cell(t, r, ca));
		td_date(pg, cell(t, r, cdt));
		td(pg, cell(t, r, cl));
		td_person(pg, cell(t, r, cn), cell(t, r, ca));
		td(pg, cell(t, r, cro));
		fputs("<td>", pg->fp);
		a_mail(pg, cell(t, r, ci), cell(t, r, cs));
		fputs("</td>", pg->fp);
		td_num(pg, cell(t, r, cth));
		td_num(pg, cell(t, r, cv));
		if (pg->md->has_maint)
			td(pg, cell(t, r, cm));
		td_why(pg, cell(t, r, ci), 0);
		fputs("</tr>\n", pg->fp);
	}
	table_close(pg);
	fputs("</section>\n", pg->fp);
}

static void
sec_offlist(struct page *pg, const struct table *t)
{
	static const char *const cols[] = {
		"commit", "date", "committed", "author", "committer", "subject", "reason",
		"detail", "why",
	};
	size_t ci = tcol(t, "id"), cdt = tcol(t, "date"), ccd = tcol(t, "commit_date"),
	    ca = tcol(t, "author"), cc = tcol(t, "committer"), cs = tcol(t, "subject"),
	    cr = tcol(t, "reason"), cd = tcol(t, "detail");

	section(pg, "offlist", "Off-list commits");
	note(pg, "Commits in a cluster without a patch mail by a human, written and committed "
	    "within the dates the archives cover: merged without being posted to a list.  "
	    "Reason: how it came, the first of release, revert, translation, posted-elsewhere, "
	    "follow-up, posted-unlinked, pull-request, committer-own and none that holds "
	    "(ptreport(1)), with its evidence.");
	/* The newest: the report is in the order of the commit dates. */
	size_t from = t->nrows > HTML_ROWS ? t->nrows - HTML_ROWS : 0;

	rows_note(pg, "offlist", "offlist", "newest (by commit date)", t->nrows - from,
	    t->nrows);
	table_open(pg, "t-offlist", t->nrows - from, cols, 9, 1);
	for (size_t r = from; r < t->nrows; r++) {
		tr_open(pg, cell(t, r, cdt), NULL, NULL, cell(t, r, ca));
		fputs("<td>", pg->fp);
		a_commit(pg, cell(t, r, ci));
		fputs("</td>", pg->fp);
		td_date(pg, cell(t, r, cdt));
		td_date(pg, cell(t, r, ccd));
		td(pg, cell(t, r, ca));
		td(pg, cell(t, r, cc));
		td(pg, cell(t, r, cs));
		td(pg, cell(t, r, cr));
		td(pg, cell(t, r, cd));
		td_why(pg, cell(t, r, ci), 1);
		fputs("</tr>\n", pg->fp);
	}
	table_close(pg);
	fputs("</section>\n", pg->fp);
}

static void
sec_merge(struct page *pg, const struct table *t)
{
	section(pg, "merge", "Time to merge");
	note(pg, "Per merged cluster: from its first posting to its first commit, in days.");
	plot_merge(pg, t);
	fprintf(pg->fp, "<p class=\"note\" id=\"merge-tsv\">Every merged cluster, its commit, "
	    "subject, first and last posting, commit date, days and mails: ");
	tsv_link(pg, "duration", t->nrows);
	fputs(".</p>\n</section>\n", pg->fp);
}

static void
sec_response(struct page *pg)
{
	section(pg, "response", "Time to first response");
	note(pg, "Every patch for the project and its first response by another person, in its "
	    "thread or a version's.");
	plot_response(pg);
	fprintf(pg->fp, "<p class=\"note\" id=\"response-tsv\">Every patch mail with its verdict "
	    "(merged: the commit; answered-version: the version that was answered; withdrawn: "
	    "the author's mail; not-counted: not for the project, and why), its first response "
	    "and the hours it waited: ");
	tsv_link(pg, "patches", patches_rows(pg->md));
	fputs(".</p>\n</section>\n", pg->fp);
}

static void
sec_cycle(struct page *pg, const struct table *t)
{
	static const char *const cols[] = {
		"phase", "#cycles", "#patches", "#ignored", "#merged", "#ignored share",
	};
	size_t cp = tcol(t, "phase"), cc = tcol(t, "cycles"), cpa = tcol(t, "patches"),
	    ci = tcol(t, "ignored"), cm = tcol(t, "merged"), cs = tcol(t, "ignored_share");

	table_open(pg, "t-cycle", t->nrows, cols, 6, 0);
	for (size_t r = 0; r < t->nrows; r++) {
		fputs("<tr>", pg->fp);
		td(pg, cell(t, r, cp));
		td_num(pg, cell(t, r, cc));
		td_num(pg, cell(t, r, cpa));
		td_num(pg, cell(t, r, ci));
		td_num(pg, cell(t, r, cm));
		td_share(pg, cell(t, r, cs));
		fputs("</tr>\n", pg->fp);
	}
	table_close(pg);
}

static void
sec_maintainers(struct page *pg, const struct table *t)
{
	static const char *const cols[] = {
		"kind", "name", "address", "#patches", "#to", "#listed", "#responded", "#merged",
		"#ignored", "#median h", "#90th pct h",
	};
	static const char *const names[] = {
		"kind", "name", "addr", "patches", "to", "listed", "responded", "merged",
		"ignored", "ttfr_median_h", "ttfr_p90_h",
	};
	size_t c[11], shown = 0;
	/* Rows of each kind so far (the report's rows come a kind at a time). */
	const char *kind = NULL;
	size_t nkind = 0;
	char *show = xcalloc(t->nrows ? t->nrows : 1, 1);

	for (size_t i = 0; i < 11; i++)
		c[i] = tcol(t, names[i]);
	for (size_t r = 0; r < t->nrows; r++) {
		if (!kind || strcmp(kind, cell(t, r, c[0]))) {
			kind = cell(t, r, c[0]);
			nkind = 0;
		}
		if (nkind++ < HTML_KIND_ROWS) {
			show[r] = 1;
			shown++;
		}
	}
	{
		char which[80];

		snprintf(which, sizeof which, "rows with most patches (at most %d of each kind)",
		    HTML_KIND_ROWS);
		rows_note(pg, "maintainers", "maintainers", which, shown, t->nrows);
	}
	table_open(pg, "t-maintainers", shown, cols, 11, 0);
	for (size_t r = 0; r < t->nrows; r++) {
		if (!show[r])
			continue;
		fputs("<tr>", pg->fp);
		for (size_t i = 0; i < 11; i++)
			(i < 3 ? td : td_num)(pg, cell(t, r, c[i]));
		fputs("</tr>\n", pg->fp);
	}
	table_close(pg);
	free(show);
}

static int
cmp_strp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The filters: author, list (the mails' lists), dates. */
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
	    "<label>from <input name=\"from\" type=\"date\"></label>\n"
	    "<label>to <input name=\"to\" type=\"date\"></label>\n"
	    "<button type=\"reset\">show all</button>\n"
	    "</form>\n", pg->fp);
	free(v);
}

int
report_html(struct model *md, const struct ropts *o)
{
	struct page pg = { o->fp, md, o->mail_url, o->commit_url, o };
	struct table t;
	struct ropts so = *o;
	const char *title = o->title ? o->title : "patchtrack report";
	int rc = 0, cycle = md->has_tags && release_tags(md, o->release_re) > 0;
	struct buf b = BUF_INIT;
	FILE *fp = o->fp;

	need(md, 1, 0, 1, "html");
	if (o->sc.verbose) {
		coverage_text(md, &b);
		warnx("coverage %s", b.p);
		grace_lines(md, &o->sc, grace_note, NULL);
	}
	/* The maintainers view: every row, unless -n says how many. */
	if (!so.top_set)
		so.top = 0;

	fprintf(fp, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	    "style-src 'sha256-%s'; script-src 'sha256-%s'; img-src data:; "
	    "form-action 'none'; base-uri 'none'\">\n"
	    "<meta name=\"referrer\" content=\"no-referrer\">\n"
	    "<meta name=\"generator\" content=\"ptreport html (patchtrack %s)\">\n<title>",
	    STYLE_SHA256, SCRIPT_SHA256, PT_VERSION);
	esc(fp, title);
	fprintf(fp, "</title>\n<style>%s</style>\n</head>\n<body>\n<header>\n<h1>", style);
	esc(fp, title);
	fputs("</h1>\n", fp);
	buf_reset(&b);
	coverage_text(md, &b);
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
	filters(&pg);

	sec_waiting(&pg);

	rc |= capture(md, &so, report_summary, &t);
	sec_summary(&pg, &t);
	table_free(&t);

	section(&pg, "plots", "Patches over time");
	plot_weekly(&pg);
	fputs("</section>\n", fp);

	rc |= capture(md, &so, report_ignored, &t);
	sec_ignored(&pg, &t);
	table_free(&t);

	if (md->has_commits) {
		rc |= capture(md, &so, report_offlist, &t);
		sec_offlist(&pg, &t);
		table_free(&t);
	} else {
		section(&pg, "offlist", "Off-list commits");
		note(&pg, "No commits table (git2tsv output) was given.");
		fputs("</section>\n", fp);
	}

	rc |= capture(md, &so, report_duration, &t);
	sec_merge(&pg, &t);
	table_free(&t);

	sec_response(&pg);

	section(&pg, "cycle", "Development-cycle phases");
	if (cycle) {
		note(&pg, "Patches for the project by the phase of the development cycle they were "
		    "posted in: the merge window (a release to its first -rc), each -rc, or, in "
		    "cycles without -rc tags, the rest and the two weeks before the release.");
		rc |= capture(md, &so, report_cycle, &t);
		sec_cycle(&pg, &t);
		table_free(&t);
	} else if (md->has_tags) {
		buf_reset(&b);
		if (md->ntags)
			buf_addf(&b, "No phases: no tag of the repository matches the release "
			    "pattern %s (--release).", o->release_re);
		else
			buf_addf(&b, "No phases: the repository has no tags; releases are tags "
			    "matching %s (--release).", o->release_re);
		fputs("<p class=\"note\">", fp);
		esc(fp, b.p);
		fputs("</p>\n", fp);
	} else {
		note(&pg, "No tags table (git2tsv --tags output) was given.");
	}
	fputs("</section>\n", fp);

	section(&pg, "maintainers", "Maintainers");
	if (md->has_maint) {
		buf_reset(&b);
		maint_basis(md, &b);
		fputs("<p class=\"note\">Per person addressed, MAINTAINERS section and list: the "
		    "patches for the project, how many named them in To or Cc (to) or through "
		    "MAINTAINERS (listed), answered, merged and ignored, and the time to their "
		    "first response in hours.  From ", fp);
		esc(fp, b.p);
		fputs(".</p>\n", fp);
		rc |= capture(md, &so, report_maintainers, &t);
		sec_maintainers(&pg, &t);
		table_free(&t);
	} else {
		note(&pg, "No maintainers table (ptmaint output) was given.");
	}
	fputs("</section>\n</main>\n", fp);

	fputs("<footer><p class=\"note\">Made by ptreport html from the tables of patchtrack; "
	    "the same figures as its TSV reports (ptreport(1)).</p></footer>\n", fp);
	fprintf(fp, "<script>%s</script>\n</body>\n</html>\n", script);
	buf_free(&b);
	return rc;
}
