/*
 * html-sections.c - the HTML page's sections: the summary, the waiting
 * queue, the ignored patches, the off-list commits, time to merge and to
 * first response, the cycle phases and the maintainers view, each from
 * the rows of its report.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "html-page.h"
#include "text.h"
#include "util.h"

void
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
void
sec_waiting(struct page *pg)
{
	static const char *const cols[] = {
		"posted", "waiting", "answered by then", "list", "author", "subject", "to",
		"maintainers", "correct",
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
	table_open(pg, "t-waiting", shown, cols, 9, 1);
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
		/* Whom it waits on: its maintainers, else its recipients. */
		buf_reset(&t);
		if (!maint_text(m, &t))
			rcpt_text(m, &t);
		tr_open_on(pg, iso, m->lists, m->name, b.p, t.p ? t.p : "");
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
		td_correct(pg, m->id, "answered");
		fputs("</tr>\n", pg->fp);
	}
	table_close(pg);
	fputs("</section>\n", pg->fp);
	free(v);
	buf_free(&b);
	buf_free(&t);
}

void
sec_ignored(struct page *pg, const struct table *t)
{
	static const char *const with[] = {
		"date", "list", "author", "role", "subject", "#thread", "#versions",
		"maintainers", "why", "correct",
	};
	static const char *const without[] = {
		"date", "list", "author", "role", "subject", "#thread", "#versions", "why",
		"correct",
	};
	size_t ci = tcol(t, "id"), cdt = tcol(t, "date"), cl = tcol(t, "list"),
	    ca = tcol(t, "author"), cn = tcol(t, "name"), cs = tcol(t, "subject"),
	    cth = tcol(t, "thread"), cv = tcol(t, "versions"), cm = tcol(t, "maintainers"),
	    cro = tcol(t, "role"), cto = tcol(t, "to");

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
		table_open(pg, "t-ignored", t->nrows - from, with, 10, 1);
	else
		table_open(pg, "t-ignored", t->nrows - from, without, 9, 1);
	for (size_t r = from; r < t->nrows; r++) {
		/* Whom it waited on: its maintainers, else its recipients. */
		tr_open_on(pg, cell(t, r, cdt), cell(t, r, cl), cell(t, r, cn), cell(t, r, ca),
		    pg->md->has_maint && *cell(t, r, cm) ? cell(t, r, cm) : cell(t, r, cto));
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
		td_correct(pg, cell(t, r, ci), "answered");
		fputs("</tr>\n", pg->fp);
	}
	table_close(pg);
	fputs("</section>\n", pg->fp);
}

void
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
	    "follow-up, posted-unlinked, posted-in-reply, ported, pull-request, committer-own "
	    "and none that holds (ptreport(1)), with its evidence.");
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

void
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

void
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

void
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

void
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
