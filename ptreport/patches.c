/*
 * patches.c - the patches report (every patch mail, its verdict and
 * why) and the ignored report (those nobody answered).
 */
#define _POSIX_C_SOURCE 200809L
#include <regex.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mailmap.h"
#include "ptreport.h"
#include "text.h"
#include "util.h"

const char *
role_name(const struct mail *m)
{
	return m->committer ? "committer" : "contributor";
}

void
too_new_text(const struct model *md, const struct mail *m, struct buf *b)
{
	char e[21];

	if (m->toonew) {
		int64_t end = NODATE, grace = 0;

		cover_deadline(md, m, &end, &grace);
		iso_utc(e, end);
		if (m->date > end)
			buf_addf(b, "posted after the archives' coverage ends (%.10s)", e);
		else
			buf_addf(b, "posted %.1f days before the archives' coverage ends "
			    "(%.10s; grace %.1f days)", (double)(end - m->date) / DAY, e,
			    (double)grace / DAY);
		return;
	}
	iso_utc(e, md->hist_end);
	if (m->date > md->hist_end)
		buf_addf(b, "posted after the history given ends (%.10s): it could not be "
		    "merged there", e);
	else
		buf_addf(b, "posted %.1f days before the history given ends (%.10s), less than "
		    "the 90th percentile time to merge there (%.1f days)",
		    (double)(md->hist_end - m->date) / DAY, e, (double)md->merge_p90 / DAY);
}

/* Both reports: mails v[0..n) put in date order, a table begun with cols. */
static void
mails_table(struct out *out, const struct ropts *o, const struct model *md, uint32_t *v,
    size_t n, const char *const *cols, size_t ncols)
{
	sort_mails(md, v, n);
	out_init(out, o->fmt, o->header, o->fp);
	out_header(out, cols, ncols);
}

int
report_ignored(struct model *md, const struct ropts *o)
{
	static const char *const cols[] = {
		"id", "list", "date", "author", "name", "subject", "thread",
		"versions", "cluster", "to", "maintainers", "role",
	};
	struct out out;
	uint32_t *v = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *v);
	size_t n = 0;
	struct buf b = BUF_INIT;

	need(md, 1, 0, 1, "ignored");
	if (o->sc.verbose)
		grace_lines(md, &o->sc, grace_note, NULL);
	for (size_t i = 0; i < md->nmails; i++)
		if (md->mails[i].ignored)
			v[n++] = (uint32_t)i;
	mails_table(&out, o, md, v, n, cols, sizeof cols / sizeof cols[0]);
	for (size_t i = 0; i < n; i++) {
		const struct mail *m = &md->mails[v[i]];
		const struct cluster *k = cluster_at(md, m->cluster);

		out_cell(&out, m->id);
		out_cell(&out, m->lists);
		out_date(&out, m->date);
		out_cell(&out, m->from);
		out_cell(&out, m->name);
		out_cell(&out, m->subject);
		out_cellf(&out, "%u", md->th[thread_of(md, v[i])].nmails);
		out_cellf(&out, "%u", k ? k->nmails : 1);
		out_cell(&out, k ? k->name : "");
		buf_reset(&b);
		rcpt_text(m, &b);
		out_celln(&out, b.p ? b.p : "", b.len);
		buf_reset(&b);
		maint_text(m, &b);
		out_celln(&out, b.p ? b.p : "", b.len);
		out_cell(&out, role_name(m));
		out_end(&out);
	}
	out_finish(&out);
	free(v);
	buf_free(&b);
	return 0;
}

const char *
mail_verdict(struct model *md, const struct scope *sc, uint32_t mi, struct buf *b)
{
	const struct mail *m = &md->mails[mi];
	const struct cluster *k = cluster_at(md, m->cluster);
	const char *verdict;
	uint32_t r;

	if (m->project) {
		if (k && k->ncommits) {
			verdict = "merged";
			buf_addstr(b, md->commits[k->first_commit].id);
		} else if (k && k->nside) {
			verdict = "applied";
			buf_addf(b, "%s, on a side branch (not the main line)",
			    md->commits[k->first_side].id);
		} else if ((r = responder(md, mi)) != NONE) {
			verdict = "answered";
			buf_addstr(b, md->mails[r].from);
		} else if (m->ignored) {
			verdict = "ignored";
			if (m->committer)
				buf_addstr(b, "the committer's own: its author commits to the repository");
		} else if (m->withdrawn) {
			verdict = "withdrawn";
			buf_addstr(b, md->mails[withdrawal(md, mi)].id);
		} else if (m->together) {
			verdict = "answered-together";
			buf_addstr(b, md->mails[m->twin].id);
		} else if (m->superseded) {
			verdict = "superseded";
			buf_addstr(b, md->mails[m->supby].id);
		} else if (m->toonew || m->late) {
			verdict = "too-new";
			too_new_text(md, m, b);
		} else {
			/*
			 * A version of it in its cluster got the answer, in its
			 * thread or through its twin (answered together).
			 */
			verdict = "answered-version";
			/* The earliest such version, whatever the row order. */
			r = NONE;
			for (uint32_t x = k ? k->mail : NONE; x != NONE; x = md->mails[x].cnext)
				if (md->mails[x].present &&
				    (responded(md, x) || md->mails[x].together) &&
				    (r == NONE || cmp_date_id(md, x, r) < 0))
					r = x;
			if (r != NONE)
				buf_addstr(b, md->mails[r].id);
		}
	} else {
		verdict = "not-counted";
		if (m->rfcby != NONE)
			buf_addf(b, "RFC: its cover letter is one (%s)", md->mails[m->rfcby].id);
		else if (m->process)
			buf_addstr(b, "bot, pull, RFC, linux-next or stable");
		else if (m->foreign) {
			int w = m->fwhy ? (int)strcspn(m->fwhy, "\t\n") : 0;

			if (m->byposting)
				buf_addf(b, "not for this repository: most patches of its "
				    "posting are another repository's (%u of the %u judged by "
				    "their files)", m->pforeign, m->pjudged);
			else if (m->byauthor)
				buf_addf(b, "not for this repository: it changes only files every "
				    "project has, and most patches under its title's prefix are "
				    "another repository's (%u of the %u judged by their files)",
				    m->pforeign, m->pjudged);
			else if (!m->fwhy)
				buf_addstr(b, "not for this repository: its patch names no file");
			else if (m->fchanged)
				buf_addf(b, "not for this repository: %u of the %u files it "
				    "changes were in it at its date (not %.*s)", m->fknown,
				    m->fchanged, w, m->fwhy ? m->fwhy : "");
			else
				buf_addf(b, "not for this repository: it creates files in no "
				    "folder the repository had at its date (%.*s)", w,
				    m->fwhy ? m->fwhy : "");
		} else if (m->excluded)
			buf_addstr(b, "in a series above --max-series");
		else if (!shallow(md, mi))
			buf_addstr(b, "deep in a thread: neither its root nor a reply to the root");
		else if (!in_scope(sc, m->date))
			buf_addstr(b, "outside --since/--until");
	}
	return verdict;
}

/* A row of the patches report: every patch mail read. */
static int
patches_row(const struct mail *m)
{
	return m->present && m->type == MT_PATCH;
}

size_t
patches_rows(const struct model *md)
{
	size_t n = 0;

	for (size_t i = 0; i < md->nmails; i++)
		n += patches_row(&md->mails[i]);
	return n;
}

/*
 * Every patch mail with its verdict and the reason, so that any count
 * of the other reports can be traced to mails (and composed in shell).
 */
int
report_patches(struct model *md, const struct ropts *o)
{
	static const char *const cols[] = {
		"id", "date", "list", "author", "subject", "verdict", "detail", "cluster",
		"first_response", "ttfr_h", "role",
	};
	struct out out;
	uint32_t *v = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *v);
	size_t n = 0;
	struct buf b = BUF_INIT;

	need(md, 1, 0, 1, "patches");
	if (o->sc.verbose)
		scope_notes(md, &o->sc);
	for (size_t i = 0; i < md->nmails; i++)
		if (patches_row(&md->mails[i]))
			v[n++] = (uint32_t)i;
	mails_table(&out, o, md, v, n, cols, sizeof cols / sizeof cols[0]);
	for (size_t i = 0; i < n; i++) {
		const struct mail *m = &md->mails[v[i]];
		const struct cluster *k = cluster_at(md, m->cluster);
		const char *verdict;

		buf_reset(&b);
		verdict = mail_verdict(md, &o->sc, v[i], &b);
		out_cell(&out, m->id);
		out_date(&out, m->date);
		out_cell(&out, m->lists);
		out_cell(&out, m->from);
		out_cell(&out, m->subject);
		out_cell(&out, verdict);
		out_celln(&out, b.p ? b.p : "", b.len);
		out_cell(&out, k ? k->name : "");
		out_date(&out, m->fresp != NONE ? md->mails[m->fresp].date : NODATE);
		out_hours(&out, ttfr(md, m));
		out_cell(&out, m->project ? role_name(m) : "");
		out_end(&out);
	}
	out_finish(&out);
	free(v);
	buf_free(&b);
	return 0;
}
