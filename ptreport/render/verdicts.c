/*
 * verdicts.c - the verdicts table (ptreport verdicts; patchtrack-tsv(5)):
 * a row a patch mail (every one the patches report lists), in the
 * tables' order, and a row a commit of the off-list window: kind (mail,
 * commit), id, verdict, reason (the rule that gave it), detail (as the
 * reports show it), by (the mail or commit that decided it), family (the
 * version it is about), evidence (what else it rests on: the later patch
 * carrying its lines, the commit that changed them, the companion
 * answered), role (contributor or committer, for a patch for the
 * project).  The judge's own verdicts: a maintainer's corrections are
 * applied over a table as over judging.  Another judge reads it and
 * writes its own; --verdicts renders that instead (judge/vtable.c).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "tables.h"
#include "util.h"

#define VT_COLS (&table_cols[TABLE_VERDICTS])

/* What the table says of commit ci: its verdict (VS_*), reason and detail. */
static int
commit_row(const struct model *md, const struct ropts *o, uint32_t ci, int *reason,
    struct buf *b)
{
	const char *s;

	*reason = -1;
	s = commit_state(md, o, ci, b);
	if (!strncmp(s, "not judged", 10))
		return VS_NONE;
	if (!strcmp(s, "off-list")) {
		*reason = offlist_why(md, ci, b);
		return VS_OFFLIST;
	}
	return !strcmp(s, "posted") ? VS_POSTED : VS_NOTOFFLIST;
}

/* A mail or commit index as the table names it: its id; "" for NONE. */
static const char *
mail_id(const struct model *md, uint32_t x)
{
	return x != NONE ? md->mails[x].id : "";
}

static void
mail_row(struct out *out, const struct model *md, uint32_t mi)
{
	const struct mail *m = &md->mails[mi];
	int v = m->corrected ? m->tverdict : m->verdict;
	uint32_t by = m->corrected ? m->tvby : m->vby;
	uint32_t fam = m->corrected ? m->tvfam : m->vfam;
	const char *ev = "";

	if (m->carried == 2 || m->carried == 5 || m->carried == 6 || m->carried == 8)
		ev = mail_id(md, m->supby);
	else if (m->carried == 3 && m->supby != NONE)
		ev = md->commits[m->supby].id;
	else if (m->comp)
		ev = mail_id(md, m->twin);
	out_cell(out, "mail");
	out_cell(out, m->id);
	out_cell(out, v == V_NONE ? "not-counted" : verdict_names[v]);
	out_cell(out, m->vreason ? m->vreason : "");
	out_cell(out, m->vdetail ? m->vdetail : "");
	out_cell(out, by == NONE ? "" : verdict_by_commit(v) ? md->commits[by].id : md->mails[by].id);
	out_cell(out, mail_id(md, fam));
	out_cell(out, ev);
	out_cell(out, v != V_NONE && v != V_NOTCOUNTED && v != V_NOTSUB ? role_name(m) : "");
	out_end(out);
}

int
report_verdicts(struct model *md, const struct ropts *o)
{
	struct out out;
	struct buf b = BUF_INIT;

	need(md, 1, 0, 1, "verdicts");
	out_init(&out, o->fmt, o->header, o->fp);
	out_header(&out, VT_COLS->cols, VT_COLS->n);
	for (size_t i = 0; i < md->nmails; i++)
		if (md->mails[i].present && md->mails[i].type == MT_PATCH)
			mail_row(&out, md, (uint32_t)i);
	for (size_t i = 0; i < md->ncommits; i++) {
		const struct commit *c = &md->commits[i];
		int reason, st;

		buf_reset(&b);
		if ((st = commit_row(md, o, (uint32_t)i, &reason, &b)) == VS_NONE)
			continue;
		out_cell(&out, "commit");
		out_cell(&out, c->id);
		out_cell(&out, vstates[st]);
		out_cell(&out, reason >= 0 ? offlist_reasons[reason] : "");
		out_celln(&out, b.p ? b.p : "", b.len);
		out_cell(&out, "");
		out_cell(&out, "");
		out_cell(&out, "");
		out_cell(&out, "");
		out_end(&out);
	}
	out_finish(&out);
	buf_free(&b);
	return 0;
}

