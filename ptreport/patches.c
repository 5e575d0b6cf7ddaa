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
		"versions", "cluster", "to", "maintainers",
	};
	struct out out;
	uint32_t *v = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *v);
	size_t n = 0;
	struct buf b = BUF_INIT;
	const char **mr = NULL;

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
		for (uint32_t x = 0; x < m->nrcpt; x++)
			buf_addf(&b, "%s%s", x ? " " : "", m->rcpt[x]);
		out_celln(&out, b.p ? b.p : "", b.len);
		buf_reset(&b);
		{
			size_t nmr = maint_people(m, &mr);

			for (size_t x = 0; x < nmr; x++)
				buf_addf(&b, "%s%s", x ? " " : "", mr[x]);
		}
		out_celln(&out, b.p ? b.p : "", b.len);
		out_end(&out);
	}
	out_finish(&out);
	free(v);
	free(mr);
	buf_free(&b);
	return 0;
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
		"first_response", "ttfr_h",
	};
	struct out out;
	uint32_t *v = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *v);
	size_t n = 0;
	struct buf b = BUF_INIT;

	need(md, 1, 0, 1, "patches");
	if (o->sc.verbose) {
		coverage_text(md, &b);
		warnx("coverage %s", b.p);
		grace_lines(md, &o->sc, grace_note, NULL);
	}
	for (size_t i = 0; i < md->nmails; i++)
		if (md->mails[i].present && md->mails[i].type == MT_PATCH)
			v[n++] = (uint32_t)i;
	mails_table(&out, o, md, v, n, cols, sizeof cols / sizeof cols[0]);
	for (size_t i = 0; i < n; i++) {
		const struct mail *m = &md->mails[v[i]];
		const struct cluster *k = cluster_at(md, m->cluster);
		const char *verdict, *detail = "";
		uint32_t r;

		if (m->project) {
			if (k && k->ncommits) {
				verdict = "merged";
				detail = md->commits[k->first_commit].id;
			} else if ((r = responder(md, v[i])) != NONE) {
				verdict = "answered";
				detail = md->mails[r].from;
			} else if (m->ignored) {
				verdict = "ignored";
			} else if (m->withdrawn) {
				verdict = "withdrawn";
				detail = md->mails[withdrawal(md, v[i])].id;
			} else if (m->toonew) {
				int64_t end = NODATE, grace = 0;
				char e[21];

				verdict = "too-new";
				cover_deadline(md, m, &end, &grace);
				iso_utc(e, end);
				buf_reset(&b);
				if (m->date > end)
					buf_addf(&b, "posted after the coverage of its list ends (%.10s)", e);
				else
					buf_addf(&b, "posted %.1f days before the coverage of its list "
					    "ends (%.10s; grace %.1f days)", (double)(end - m->date) / DAY,
					    e, (double)grace / DAY);
				detail = b.p;
			} else {
				/* A version of it in its cluster got the answer. */
				verdict = "answered-version";
				/* The earliest such version, whatever the row order. */
				r = NONE;
				for (uint32_t x = k ? k->mail : NONE; x != NONE; x = md->mails[x].cnext)
					if (md->mails[x].present && responded(md, x) &&
					    (r == NONE || cmp_date_id(md, x, r) < 0))
						r = x;
				if (r != NONE)
					detail = md->mails[r].id;
			}
		} else {
			verdict = "not-counted";
			if (m->rfcby != NONE) {
				buf_reset(&b);
				buf_addf(&b, "RFC: its cover letter is one (%s)", md->mails[m->rfcby].id);
				detail = b.p;
			} else if (m->process)
				detail = "bot, pull, RFC, linux-next or stable";
			else if (m->foreign) {
				int w = m->fwhy ? (int)strcspn(m->fwhy, "\t\n") : 0;

				buf_reset(&b);
				if (m->byposting)
					buf_addf(&b, "not for this repository: most patches of its "
					    "posting are another repository's (%u of the %u judged by "
					    "their files)", m->pforeign, m->pjudged);
				else if (!m->fwhy)
					buf_addstr(&b, "not for this repository: its patch names no file");
				else if (m->fchanged)
					buf_addf(&b, "not for this repository: %u of the %u files it "
					    "changes were in it at its date (not %.*s)", m->fknown,
					    m->fchanged, w, m->fwhy ? m->fwhy : "");
				else
					buf_addf(&b, "not for this repository: it creates files in no "
					    "folder the repository had at its date (%.*s)", w,
					    m->fwhy ? m->fwhy : "");
				detail = b.p;
			}
			else if (m->excluded)
				detail = "in a series above --max-series";
			else if (!shallow(md, v[i]))
				detail = "deep in a thread: neither its root nor a reply to the root";
			else if (!in_scope(&o->sc, m->date))
				detail = "outside --since/--until";
		}
		out_cell(&out, m->id);
		out_date(&out, m->date);
		out_cell(&out, m->lists);
		out_cell(&out, m->from);
		out_cell(&out, m->subject);
		out_cell(&out, verdict);
		out_cell(&out, detail);
		out_cell(&out, k ? k->name : "");
		out_date(&out, m->fresp != NONE ? md->mails[m->fresp].date : NODATE);
		out_hours(&out, ttfr(md, m));
		out_end(&out);
	}
	out_finish(&out);
	free(v);
	buf_free(&b);
	return 0;
}
