/*
 * vtable.c - the verdicts as a table of their own (patchtrack-tsv(5),
 * "verdicts"), so that another heuristic can judge and every report
 * renders what it is given.  Here: each patch mail's rule (its reason)
 * and detail, made once after judging (verdicts_record()); and a table's
 * rows (read with the model: model/vrows.c) taken instead of judging
 * (verdicts_apply()), each checked against the tables.
 *
 * A row sets its mail's or commit's verdict and the flags its reason
 * names, and the reports render those verdicts as they render their
 * own: a table written (render/verdicts.c) and read back gives every
 * report byte for byte.  A row naming an id the tables lack, no patch
 * mail, or a verdict or reason no report knows is named (file and line)
 * and left out; a patch mail without a row is not counted, a commit
 * without one is not off-list, and the patch mails are counted on
 * stderr.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "util.h"

/* The flags a reason sets when read (none: 0). */
enum { R_EXCLUDED = 1, R_LONE, R_TOONEW, R_LATE, R_LEFTOUT, R_BYPULL, R_COMP, R_LEFTPULL,
	R_ANSWERED };

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
	{ V_NOTCOUNTED, "foreign-blobs", 0, 0 },
	{ V_NOTCOUNTED, "foreign-posting", 0, 0 },
	{ V_NOTCOUNTED, "foreign-prefix", 0, 0 },
	{ V_NOTCOUNTED, "foreign-no-file", 0, 0 },
	{ V_NOTCOUNTED, "foreign-files", 0, 0 },
	{ V_NOTCOUNTED, "foreign-folders", 0, 0 },
	{ V_NOTCOUNTED, "max-series", 0, R_EXCLUDED },
	{ V_NOTCOUNTED, "deep", 0, 0 },
	{ V_NOTCOUNTED, "scope", 0, 0 },
	{ V_NOTCOUNTED, "none", 0, 0 },
	{ V_NOTSUB, "marker", 0, 0 },
	{ V_NOTSUB, "unsigned", 0, 0 },
	{ V_MERGED, "cluster", 0, 0 },
	{ V_APPLIED, "cluster", 0, 0 },
	{ V_ANSWERED, "thread", 0, 0 },
	{ V_ANSWERED, "cited", 0, 0 },
	{ V_ANSWERED, "companion", 0, R_COMP },
	{ V_ANSWERED_VERSION, "version", 0, 0 },
	{ V_ANSWERED_VERSION, "carried", 5, 0 },
	{ V_WITHDRAWN, "author", 0, 0 },
	{ V_FOLLOWEDUP, "author", 0, 0 },
	{ V_FOLLOWEDUP, "pull-request", 0, R_BYPULL },
	{ V_FOLLOWEDUP, "left-out-pull", 0, R_LEFTPULL },
	{ V_ANSWERED_TOGETHER, "lone", 0, R_LONE },
	{ V_ANSWERED_TOGETHER, "two-postings", 0, 0 },
	{ V_ANSWERED_TOGETHER, "series", 0, 0 },
	{ V_ANSWERED_TOGETHER, "batch", 0, 0 },
	{ V_SUPERSEDED, "carried", 2, 0 },
	{ V_SUPERSEDED, "answered-carried", 2, R_ANSWERED },
	{ V_SUPERSEDED, "later-lines", 6, 0 },
	{ V_SUPERSEDED, "version", 0, 0 },
	{ V_SUPERSEDED, "answered-merged", 0, R_ANSWERED },
	{ V_SUPERSEDED, "duplicate", 8, 0 },
	{ V_REWORKED, "carried", 1, 0 },
	{ V_REWORKED, "answered-carried", 1, R_ANSWERED },
	{ V_REWORKED, "own-lines", 4, 0 },
	{ V_REWORKED, "own-files", 4, 0 },
	{ V_REWORKED, "own-issue", 4, 0 },
	{ V_REWORKED, "earlier-lines", 7, 0 },
	{ V_REWORKED, "earlier-files", 7, 0 },
	{ V_REWORKED, "earlier-issue", 7, 0 },
	{ V_REWORKED, "credit", 0, 0 },
	{ V_REWORKED, "credit-words", 9, 0 },
	{ V_REWORKED, "folded", 10, 0 },
	{ V_REWORKED, "answered-folded", 10, R_ANSWERED },
	{ V_REWORKED, "title", 11, 0 },
	{ V_REWORKED, "named", 12, 0 },
	{ V_REWORKED, "author-date", 13, 0 },
	{ V_REWORKED, "rewritten", 14, 0 },
	{ V_REWORKED, "fixup", 15, 0 },
	{ V_REWORKED, "answered-fixup", 15, R_ANSWERED },
	{ V_TOONEW, "coverage", 0, R_TOONEW },
	{ V_TOONEW, "history", 0, R_LATE },
	{ V_UNSURE, "left-out", 0, R_LEFTOUT },
	{ V_UNSURE, "companion", 0, R_COMP },
	{ V_UNSURE, "changed-lines", 3, 0 },
	{ V_UNSURE, "created-files", 3, 0 },
	{ V_UNSURE, "named-issue", 3, 0 },
	{ V_UNSURE, "version", 0, 0 },
	{ V_IGNORED, "silent", 0, 0 },
};

#define NREASONS (sizeof vreasons / sizeof vreasons[0])

/* The commits' verdicts, by VS_*. */
const char *const vstates[] = {
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
		if (m->comp)
			return "companion";
		return thread_of(md, m->vby) != thread_of(md, mi) ? "cited" : "thread";
	case V_ANSWERED_VERSION:
		return m->carried == 5 ? "carried" : "version";
	case V_WITHDRAWN:
		return "author";
	case V_FOLLOWEDUP:
		return m->bypull ? m->leftout ? "left-out-pull" : "pull-request" : "author";
	case V_ANSWERED_TOGETHER:
		if (m->lone)
			return "lone";
		if (m->vby != NONE && md->mails[m->vby].type == MT_COVER)
			return "two-postings";
		return thread_of(md, m->vby) == thread_of(md, mi) ? "series" : "batch";
	case V_SUPERSEDED:
		if (m->carried == 2)
			return m->answered_too ? "answered-carried" : "carried";
		return m->carried == 6 ? "later-lines" :
		    m->carried == 8 ? "duplicate" : m->answered_too ? "answered-merged" : "version";
	case V_REWORKED:
		if (m->carried == 4)
			return carry_reason(md, mi, "own-lines", "own-files", "own-issue");
		if (m->carried == 7)
			return carry_reason(md, mi, "earlier-lines", "earlier-files", "earlier-issue");
		if (m->answered_too && (m->carried == 1 || m->carried == 10 || m->carried == 15))
			return m->carried == 1 ? "answered-carried" : m->carried == 10 ?
			    "answered-folded" : "answered-fixup";
		if (m->carried == 15)
			return "fixup";
		return m->carried == 9 ? "credit-words" : m->carried == 10 ? "folded" :
		    m->carried == 11 ? "title" : m->carried == 12 ? "named" : m->carried == 13 ? "author-date" :
		    m->carried == 14 ? "rewritten" :
		    m->carried ? "carried" : "credit";
	case V_TOONEW:
		return m->toonew ? "coverage" : "history";
	case V_UNSURE:
		if (m->leftout)
			return "left-out";
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
		return m->bytag ? "foreign-tag" : m->byblobs ? "foreign-blobs" :
		    m->byposting ? "foreign-posting" :
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

int
verdict_by_commit(int v)
{
	return v == V_MERGED || v == V_APPLIED || v == V_REWORKED || v == V_SUPERSEDED;
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
	warnx("%s:%lu: %s: its %s %s is no %s of the tables: left out", md->vpath, w->line,
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
		warnx("%s:%lu: %s: no patch mail of the tables has this id: left out", md->vpath,
		    w->line, w->id);
		return -1;
	}
	if (v < 0) {
		warnx("%s:%lu: %s: \"%s\" is no verdict of a patch mail (ptreport(1), Definitions): "
		    "left out", md->vpath, w->line, w->id, w->verdict);
		return -1;
	}
	r = *w->reason ? reason_of(v, w->reason) : NULL;
	if (*w->reason && !r) {
		warnx("%s:%lu: %s: \"%s\" is no reason of verdict %s (patchtrack-tsv(5), "
		    "verdicts): left out", md->vpath, w->line, w->id, w->reason, w->verdict);
		return -1;
	}
	if (row_ref(md, w, "by", w->by, verdict_by_commit(v), &by) < 0 ||
	    row_ref(md, w, "family", w->family, 0, &fam) < 0 ||
	    row_ref(md, w, "evidence", w->evidence, r && r->carried == 3, &ev) < 0)
		return -1;
	if (m->vdetail)
		warnx("%s:%lu: %s: given again: this row holds", md->vpath, w->line, w->id);
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
	m->leftout = r && (r->flag == R_LEFTOUT || r->flag == R_LEFTPULL);
	m->bypull = r && (r->flag == R_BYPULL || r->flag == R_LEFTPULL);
	m->comp = r && r->flag == R_COMP;
	m->answered_too = r && r->flag == R_ANSWERED;
	m->supby = m->carried == 2 || m->carried == 3 || m->carried == 5 || m->carried == 6 ||
	    m->carried == 8 ? ev : NONE;
	m->twin = m->comp ? ev : NONE;
	m->project = v != V_NOTCOUNTED && v != V_NOTSUB;
	/*
	 * Another repository's by its reason (its tag is judged, not
	 * loaded); none, counted: what the off-list commits' clusters read.
	 */
	if (r && !strncmp(r->name, "foreign-", 8)) {
		m->foreign = 1;
		m->bytag = !strcmp(r->name, "foreign-tag");
		m->byblobs = !strcmp(r->name, "foreign-blobs");
		m->byposting = !strcmp(r->name, "foreign-posting");
		m->byauthor = !strcmp(r->name, "foreign-prefix");
	} else if (m->project)
		m->foreign = m->bytag = m->byblobs = m->byposting = m->byauthor = 0;
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
		warnx("%s:%lu: %s: no commit of the tables has this id: left out", md->vpath,
		    w->line, w->id);
		return -1;
	}
	if (st < 0) {
		warnx("%s:%lu: %s: \"%s\" is no verdict of a commit (off-list, posted, "
		    "not-off-list): left out", md->vpath, w->line, w->id, w->verdict);
		return -1;
	}
	if (st == VS_OFFLIST && *w->reason) {
		for (reason = 0; reason < OR_N && strcmp(offlist_reasons[reason], w->reason);
		    reason++)
			;
		if (reason == OR_N) {
			warnx("%s:%lu: %s: \"%s\" is no off-list reason (ptreport(1), offlist): "
			    "left out", md->vpath, w->line, w->id, w->reason);
			return -1;
		}
	}
	if (c->vstate != VS_NONE)
		warnx("%s:%lu: %s: given again: this row holds", md->vpath, w->line, w->id);
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
verdicts_apply(struct model *md)
{
	unsigned long bad = 0;

	md->given = 1;
	for (size_t i = 0; i < md->nvrows; i++) {
		const struct vrow *w = &md->vrows[i];
		int ok;

		if (!strcmp(w->kind, "mail"))
			ok = take_mail(md, w);
		else if (!strcmp(w->kind, "commit"))
			ok = take_commit(md, w);
		else {
			warnx("%s:%lu: %s: kind \"%s\" is neither mail nor commit: left out",
			    md->vpath, w->line, w->id, w->kind);
			ok = -1;
		}
		bad += ok < 0;
	}
	if (bad)
		warnx("%s: %lu rows named above were left out", md->vpath, bad);
	unjudged(md, md->vpath);
	return bad ? PT_EXIT_FAILED : PT_EXIT_OK;
}
