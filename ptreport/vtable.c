/*
 * vtable.c - the verdicts as a table of their own (patchtrack-tsv(5),
 * "verdicts"), so that another heuristic can judge and every report
 * renders what it is given.
 *
 * A row a patch mail (every one the patches report lists) and a row a
 * commit of the off-list window: kind (mail, commit), id, verdict,
 * reason (the rule that gave it: a word a verdict, below), detail (the
 * verdict's detail as the reports show it), by (the mail or commit that
 * decided it), family (the version it is about), evidence (what else it
 * rests on: the later patch carrying its lines, the commit that changed
 * them, the companion answered), role (contributor or committer, for a
 * patch for the project).  The judge's own verdicts: a maintainer's
 * corrections are applied over a table as over judging.
 *
 * Read back (--verdicts), a row sets its mail's or commit's verdict and
 * the flags its reason names, and the reports render those verdicts as
 * they render their own: a table written and read back gives every
 * report byte for byte.  A row naming an id the tables lack, no patch
 * mail, or a verdict or reason no report knows is named (file and line)
 * and left out; a patch mail without a row is not counted, a commit
 * without one is not off-list, and both are counted on stderr.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "ptreport.h"
#include "tables.h"
#include "tsv.h"
#include "util.h"

#define VT_COLS (&table_cols[TABLE_VERDICTS])

/* Each verdict's reasons, as the table names them; flags they set when read. */
static const struct vreason {
	unsigned char verdict;
	const char *name;
	unsigned char carried;   /* its carried (carried.c) */
	unsigned char flag;      /* R_* */
} vreasons[] = {
	{ V_NOTCOUNTED, "rfc", 0, 0 },
	{ V_NOTCOUNTED, "process", 0, 0 },
	{ V_NOTCOUNTED, "foreign-tag", 0, 0 },
	{ V_NOTCOUNTED, "foreign-posting", 0, 0 },
	{ V_NOTCOUNTED, "foreign-prefix", 0, 0 },
	{ V_NOTCOUNTED, "foreign-no-file", 0, 0 },
	{ V_NOTCOUNTED, "foreign-files", 0, 0 },
	{ V_NOTCOUNTED, "foreign-folders", 0, 0 },
	{ V_NOTCOUNTED, "max-series", 0, 1 },
	{ V_NOTCOUNTED, "deep", 0, 0 },
	{ V_NOTCOUNTED, "scope", 0, 0 },
	{ V_NOTCOUNTED, "none", 0, 0 },
	{ V_NOTSUB, "marker", 0, 0 },
	{ V_NOTSUB, "unsigned", 0, 0 },
	{ V_MERGED, "cluster", 0, 0 },
	{ V_APPLIED, "cluster", 0, 0 },
	{ V_ANSWERED, "thread", 0, 0 },
	{ V_ANSWERED, "cited", 0, 0 },
	{ V_ANSWERED_VERSION, "version", 0, 0 },
	{ V_WITHDRAWN, "author", 0, 0 },
	{ V_FOLLOWEDUP, "author", 0, 0 },
	{ V_ANSWERED_TOGETHER, "lone", 0, 2 },
	{ V_ANSWERED_TOGETHER, "two-postings", 0, 0 },
	{ V_ANSWERED_TOGETHER, "series", 0, 0 },
	{ V_ANSWERED_TOGETHER, "batch", 0, 0 },
	{ V_SUPERSEDED, "carried", 2, 0 },
	{ V_SUPERSEDED, "version", 0, 0 },
	{ V_REWORKED, "carried", 1, 0 },
	{ V_REWORKED, "own-lines", 4, 0 },
	{ V_REWORKED, "own-files", 4, 0 },
	{ V_REWORKED, "own-issue", 4, 0 },
	{ V_REWORKED, "credit", 0, 0 },
	{ V_TOONEW, "coverage", 0, 3 },
	{ V_TOONEW, "history", 0, 4 },
	{ V_UNSURE, "left-out", 0, 5 },
	{ V_UNSURE, "pull-request", 0, 6 },
	{ V_UNSURE, "companion", 0, 7 },
	{ V_UNSURE, "changed-lines", 3, 0 },
	{ V_UNSURE, "created-files", 3, 0 },
	{ V_UNSURE, "named-issue", 3, 0 },
	{ V_UNSURE, "version", 0, 0 },
	{ V_IGNORED, "silent", 0, 0 },
};
enum { R_EXCLUDED = 1, R_LONE, R_TOONEW, R_LATE, R_LEFTOUT, R_BYPULL, R_COMP };

#define NREASONS (sizeof vreasons / sizeof vreasons[0])

/* The commits' verdicts, by VS_*. */
static const char *const vstates[] = {
	[VS_NONE] = "", [VS_OFFLIST] = "off-list", [VS_POSTED] = "posted",
	[VS_NOTOFFLIST] = "not-off-list",
};

/* A carried verdict's reason: by the lines, the files or the issue (carry_of()). */
static const char *
carry_reason(const struct model *md, uint32_t mi, const char *lines, const char *files,
    const char *issue)
{
	const struct carry *k = carry_of(md, mi);

	return k && k->issue ? issue : k && k->files ? files : lines;
}

static const char *
counted_reason(struct model *md, uint32_t mi)
{
	const struct mail *m = &md->mails[mi];

	switch (m->verdict) {
	case V_MERGED:
	case V_APPLIED:
		return "cluster";
	case V_ANSWERED:
		return thread_of(md, m->vby) != thread_of(md, mi) ? "cited" : "thread";
	case V_ANSWERED_VERSION:
		return "version";
	case V_WITHDRAWN:
	case V_FOLLOWEDUP:
		return "author";
	case V_ANSWERED_TOGETHER:
		if (m->lone)
			return "lone";
		if (m->vby != NONE && md->mails[m->vby].type == MT_COVER)
			return "two-postings";
		return thread_of(md, m->vby) == thread_of(md, mi) ? "series" : "batch";
	case V_SUPERSEDED:
		return m->carried == 2 ? "carried" : "version";
	case V_REWORKED:
		if (m->carried == 4)
			return carry_reason(md, mi, "own-lines", "own-files", "own-issue");
		return m->carried ? "carried" : "credit";
	case V_TOONEW:
		return m->toonew ? "coverage" : "history";
	case V_UNSURE:
		if (m->leftout)
			return "left-out";
		if (m->bypull)
			return "pull-request";
		if (m->comp)
			return "companion";
		if (m->carried == 3)
			return carry_reason(md, mi, "changed-lines", "created-files", "named-issue");
		return "version";
	default:
		return "silent";
	}
}

/* The rule that gave patch mail mi its verdict (the judge's, uncorrected). */
static const char *
mail_reason(struct model *md, const struct scope *sc, uint32_t mi)
{
	const struct mail *m = &md->mails[mi];

	if (m->verdict == V_NOTSUB)
		return m->nosub ? "marker" : "unsigned";
	if (m->verdict != V_NONE && m->verdict != V_NOTCOUNTED)
		return counted_reason(md, mi);
	if (m->rfcby != NONE)
		return "rfc";
	if (m->process)
		return "process";
	if (m->foreign)
		return m->bytag ? "foreign-tag" : m->byposting ? "foreign-posting" :
		    m->byauthor ? "foreign-prefix" : !m->fwhy ? "foreign-no-file" :
		    m->fchanged ? "foreign-files" : "foreign-folders";
	if (m->excluded)
		return "max-series";
	if (!shallow(md, mi))
		return "deep";
	return !in_scope(sc, m->date) ? "scope" : "none";
}

void
verdicts_record(struct model *md, const struct scope *sc)
{
	struct buf b = BUF_INIT;

	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];

		if (!m->present || m->type != MT_PATCH)
			continue;
		buf_reset(&b);
		verdict_text(md, sc, (uint32_t)i, &b);
		m->vdetail = intern(&md->pool, b.p ? b.p : "", b.len);
		m->vreason = mail_reason(md, sc, (uint32_t)i);
	}
	buf_free(&b);
}

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

/* Is patch mail m's by a commit (merged, applied, reworked, superseded)? */
static int
by_commit(int v)
{
	return v == V_MERGED || v == V_APPLIED || v == V_REWORKED || v == V_SUPERSEDED;
}

static void
mail_row(struct out *out, const struct model *md, uint32_t mi)
{
	const struct mail *m = &md->mails[mi];
	int v = m->corrected ? m->tverdict : m->verdict;
	uint32_t by = m->corrected ? m->tvby : m->vby;
	uint32_t fam = m->corrected ? m->tvfam : m->vfam;
	const char *ev = "";

	if (m->carried == 2)
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
	out_cell(out, by == NONE ? "" : by_commit(v) ? md->commits[by].id : md->mails[by].id);
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

/* A row's cell, "" where the table lacks the column. */
static const char *
cell(struct model *md, const struct tsv_reader *r, int c)
{
	return c >= 0 ? arena_strndup(&md->mem, r->f[c].s, r->f[c].len) : "";
}

static int
verdict_of(const char *s)
{
	if (!strcmp(s, "not-counted"))
		return V_NOTCOUNTED;
	for (int v = V_NOTSUB; v < V_N; v++)
		if (!strcmp(s, verdict_names[v]))
			return v;
	return -1;
}

static const struct vreason *
reason_of(int v, const char *s)
{
	for (size_t i = 0; i < NREASONS; i++)
		if (vreasons[i].verdict == v && !strcmp(vreasons[i].name, s))
			return &vreasons[i];
	return NULL;
}

/* What a row of the table gives, checked: its columns, by name. */
struct vrow {
	const char *path;
	unsigned long line;
	const char *kind, *id, *verdict, *reason, *detail, *by, *family, *evidence, *role;
};

/* An id of a row that must name a mail (or a commit): its index; NONE for "". */
static int
row_ref(const struct model *md, const struct vrow *w, const char *what, const char *id,
    int commit, uint32_t *x)
{
	const struct mail *m;
	const struct commit *c;

	*x = NONE;
	if (!*id)
		return 0;
	if (commit && (c = commit_by_id(md, id, strlen(id))) && c->present) {
		*x = (uint32_t)(c - md->commits);
		return 0;
	}
	if (!commit && (m = mail_by_id(md, id, strlen(id))) && m->present) {
		*x = (uint32_t)(m - md->mails);
		return 0;
	}
	warnx("%s:%lu: %s: its %s %s is no %s of the tables: left out", w->path, w->line,
	    w->id, what, id, commit ? "commit" : "mail");
	return -1;
}

static int
take_mail(struct model *md, const struct vrow *w)
{
	struct mail *m = mail_by_id(md, w->id, strlen(w->id));
	const struct vreason *r;
	uint32_t by, fam, ev;
	int v = verdict_of(w->verdict);

	if (!m || !m->present || m->type != MT_PATCH) {
		warnx("%s:%lu: %s: no patch mail of the tables has this id: left out", w->path,
		    w->line, w->id);
		return -1;
	}
	if (v < 0) {
		warnx("%s:%lu: %s: \"%s\" is no verdict of a patch mail (ptreport(1), Definitions): "
		    "left out", w->path, w->line, w->id, w->verdict);
		return -1;
	}
	r = *w->reason ? reason_of(v, w->reason) : NULL;
	if (*w->reason && !r) {
		warnx("%s:%lu: %s: \"%s\" is no reason of verdict %s (patchtrack-tsv(5), "
		    "verdicts): left out", w->path, w->line, w->id, w->reason, w->verdict);
		return -1;
	}
	if (row_ref(md, w, "by", w->by, by_commit(v), &by) < 0 ||
	    row_ref(md, w, "family", w->family, 0, &fam) < 0 ||
	    row_ref(md, w, "evidence", w->evidence, r && r->carried == 3, &ev) < 0)
		return -1;
	if (m->vdetail)
		warnx("%s:%lu: %s: given again: this row holds", w->path, w->line, w->id);
	m->verdict = (unsigned char)v;
	m->vby = by;
	m->vfam = fam;
	m->vreason = r ? r->name : "";
	m->vdetail = intern(&md->pool, w->detail, strlen(w->detail));
	m->carried = r ? r->carried : 0;
	m->excluded = r && r->flag == R_EXCLUDED;
	m->lone = r && r->flag == R_LONE;
	m->toonew = r ? r->flag == R_TOONEW : v == V_TOONEW;
	m->late = r && r->flag == R_LATE;
	m->leftout = r && r->flag == R_LEFTOUT;
	m->bypull = r && r->flag == R_BYPULL;
	m->comp = r && r->flag == R_COMP;
	m->supby = m->carried == 2 || m->carried == 3 ? ev : NONE;
	m->twin = m->comp ? ev : NONE;
	m->project = v != V_NOTCOUNTED && v != V_NOTSUB;
	/*
	 * Another repository's by its reason (its tag is judged, not
	 * loaded); none, counted: what the off-list commits' clusters read.
	 */
	if (r && !strncmp(r->name, "foreign-", 8)) {
		m->foreign = 1;
		m->bytag = !strcmp(r->name, "foreign-tag");
		m->byposting = !strcmp(r->name, "foreign-posting");
		m->byauthor = !strcmp(r->name, "foreign-prefix");
	} else if (m->project)
		m->foreign = m->bytag = m->byposting = m->byauthor = 0;
	m->committer = m->project && !strcmp(w->role, "committer");
	return 0;
}

static int
take_commit(struct model *md, const struct vrow *w)
{
	struct commit *c = commit_by_id(md, w->id, strlen(w->id));
	int st = -1, reason = OR_NONE;

	for (int i = VS_OFFLIST; i <= VS_NOTOFFLIST; i++)
		if (!strcmp(w->verdict, vstates[i]))
			st = i;
	if (!c || !c->present) {
		warnx("%s:%lu: %s: no commit of the tables has this id: left out", w->path,
		    w->line, w->id);
		return -1;
	}
	if (st < 0) {
		warnx("%s:%lu: %s: \"%s\" is no verdict of a commit (off-list, posted, "
		    "not-off-list): left out", w->path, w->line, w->id, w->verdict);
		return -1;
	}
	if (st == VS_OFFLIST && *w->reason) {
		for (reason = 0; reason < OR_N && strcmp(offlist_reasons[reason], w->reason);
		    reason++)
			;
		if (reason == OR_N) {
			warnx("%s:%lu: %s: \"%s\" is no off-list reason (ptreport(1), offlist): "
			    "left out", w->path, w->line, w->id, w->reason);
			return -1;
		}
	}
	c->vstate = (unsigned char)st;
	c->vreason = (unsigned char)reason;
	c->vdetail = intern(&md->pool, w->detail, strlen(w->detail));
	return 0;
}

/* Patch mails and commits of the window the table gave no row: said. */
static void
unjudged(struct model *md, const char *path)
{
	unsigned long nm = 0;
	const char *first = NULL;

	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];

		if (!m->present || m->type != MT_PATCH || m->vdetail)
			continue;
		m->verdict = V_NOTCOUNTED;
		m->project = 0;
		m->vreason = "";
		m->vdetail = "no row in the verdicts table";
		if (!nm++)
			first = m->id;
	}
	if (nm)
		warnx("%s: %lu patch mails have no row (%s%s): not counted", path, nm, first,
		    nm > 1 ? " ..." : "");
}

int
verdicts_read(struct model *md, const char *path)
{
	struct tsv_reader r;
	int col[9], t, rc = PT_EXIT_OK;
	unsigned long bad = 0;

	md->given = 1;
	if (tsv_open(&r, path) < 0)
		return PT_EXIT_FAILED;
	for (size_t j = 0; j < VT_COLS->n && j < 9; j++)
		col[j] = r.empty ? -1 : tsv_col(&r, VT_COLS->cols[j]);
	if (!r.empty && (col[0] < 0 || col[1] < 0 || col[2] < 0)) {
		warnx("%s: not a verdicts table (no kind, id or verdict column)", path);
		tsv_close(&r);
		return PT_EXIT_FAILED;
	}
	while (!r.empty && (t = tsv_read(&r)) != 0) {
		struct vrow w;
		int ok;

		if (t == -2) {
			rc = PT_EXIT_FAILED;
			break;
		}
		if (t < 0) {
			bad++;
			continue;
		}
		w.path = path;
		w.line = r.lineno;
		w.kind = cell(md, &r, col[0]);
		w.id = cell(md, &r, col[1]);
		w.verdict = cell(md, &r, col[2]);
		w.reason = cell(md, &r, col[3]);
		w.detail = cell(md, &r, col[4]);
		w.by = cell(md, &r, col[5]);
		w.family = cell(md, &r, col[6]);
		w.evidence = cell(md, &r, col[7]);
		w.role = cell(md, &r, col[8]);
		if (!strcmp(w.kind, "mail"))
			ok = take_mail(md, &w);
		else if (!strcmp(w.kind, "commit"))
			ok = take_commit(md, &w);
		else {
			warnx("%s:%lu: %s: kind \"%s\" is neither mail nor commit: left out", path,
			    w.line, w.id, w.kind);
			ok = -1;
		}
		bad += ok < 0;
	}
	tsv_close(&r);
	if (bad) {
		warnx("%s: %lu rows named above were left out", path, bad);
		rc = PT_EXIT_FAILED;
	}
	unjudged(md, path);
	return rc;
}
