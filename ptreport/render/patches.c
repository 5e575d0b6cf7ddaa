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

#include "model/mailmap.h"
#include "report.h"
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

/*
 * A maintainer's correction: his verdict, his note, and the tool's;
 * else the verdict's detail as judged or given, made once a patch
 * (verdicts_record()); a mail without one (no patch) spelt out now.
 */
const char *
mail_verdict(struct model *md, const struct scope *sc, uint32_t mi, struct buf *b)
{
	const struct mail *m = &md->mails[mi];

	if (m->corrected) {
		correction_text(md, m->corr, b);
		return verdict_names[m->verdict];
	}
	if (!m->vdetail)
		return verdict_text(md, sc, mi, b);
	buf_addstr(b, m->vdetail);
	return m->verdict == V_NONE ? "not-counted" : verdict_names[m->verdict];
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
