/*
 * corrtable.c - a maintainer's corrections table (patchtrack-tsv(5):
 * id, verdict, note, by, date) read with the other tables, each row
 * resolved to its patch mail or commit; applied at the end of judging
 * (judge/corrections.c).  A row naming an id the tables lack is named
 * and kept (the tables may hold it another night); a bad row is named
 * and left out; the same id twice: the later row holds.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "tables.h"
#include "tsv.h"
#include "util.h"

#define CORR_COLS (&table_cols[TABLE_CORRECTIONS])

/* The verdicts a patch mail may be corrected to: what a maintainer knows. */
static const unsigned char mail_ok[] = {
	V_ANSWERED, V_MERGED, V_APPLIED, V_WITHDRAWN, V_SUPERSEDED, V_NOTSUB, V_IGNORED,
};

static int
mail_verdict_of(const char *s)
{
	for (size_t i = 0; i < sizeof mail_ok; i++)
		if (!strcmp(s, verdict_names[mail_ok[i]]))
			return mail_ok[i];
	return -1;
}

/* A commit by its full id or a prefix of 7 hex digits or more naming one; NULL. */
static struct commit *
commit_of(const struct model *md, const char *id, size_t n)
{
	struct commit *c = commit_by_id(md, id, n), *one = NULL;

	if (c || n < 7 || n >= 40)
		return c;
	for (size_t i = 0; i < md->ncommits; i++)
		if (md->commits[i].present && !strncmp(md->commits[i].id, id, n)) {
			if (one)
				return NULL;
			one = &md->commits[i];
		}
	return one;
}

/* One row: resolved, or named (1: kept, not applied; -1: bad, left out). */
static int
take_row(struct model *md, struct correction *c, const char *path)
{
	const struct mail *m = mail_by_id(md, c->id, strlen(c->id));
	const struct commit *k = m ? NULL : commit_of(md, c->id, strlen(c->id));
	int v;

	c->idx = NONE;
	if (!*c->id || !*c->verdict) {
		warnx("%s:%lu: no id or no verdict: left out", path, c->line);
		return -1;
	}
	if (m && m->present) {
		if ((v = mail_verdict_of(c->verdict)) < 0) {
			warnx("%s:%lu: %s: \"%s\" is no verdict a patch is corrected to (answered, "
			    "merged, applied, withdrawn, superseded, not-a-submission, ignored): "
			    "left out", path, c->line, c->id, c->verdict);
			return -1;
		}
		if (m->type != MT_PATCH) {
			warnx("%s:%lu: %s: not a patch mail: left out", path, c->line, c->id);
			return -1;
		}
		c->idx = (uint32_t)(m - md->mails);
		c->v = (unsigned char)v;
		return 0;
	}
	if (k) {
		if (!strcmp(c->verdict, "posted"))
			c->v = CORR_POSTED;
		else if (!strcmp(c->verdict, "offlist"))
			c->v = CORR_OFFLIST;
		else {
			warnx("%s:%lu: %s: a commit is corrected to posted or offlist, not \"%s\": "
			    "left out", path, c->line, c->id, c->verdict);
			return -1;
		}
		c->commit = 1;
		c->idx = (uint32_t)(k - md->commits);
		return 0;
	}
	warnx("%s:%lu: %s: no patch mail or commit of the tables has this id: kept, not "
	    "applied", path, c->line, c->id);
	md->corr_unknown++;
	return 1;
}

/* A field of the current row, or "" when the table has no such column. */
static const char *
field(struct model *md, const struct tsv_reader *r, int c, int angle)
{
	const char *s = c >= 0 ? r->f[c].s : "";
	size_t n = c >= 0 ? r->f[c].len : 0;

	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	/* A Message-ID as a mail gives it, in angle brackets. */
	if (angle && n >= 2 && s[0] == '<' && s[n - 1] == '>')
		s++, n -= 2;
	return arena_strndup(&md->mem, s, n);
}

int
corrections_read(struct model *md, const char *path)
{
	struct tsv_reader r;
	int col[5], t, rc = 0;
	size_t cap = 0;

	if (tsv_open(&r, path) < 0)
		return PT_EXIT_FAILED;
	for (size_t j = 0; j < CORR_COLS->n; j++)
		col[j] = r.empty ? -1 : tsv_col(&r, CORR_COLS->cols[j]);
	if (!r.empty && (col[0] < 0 || col[1] < 0)) {
		warnx("%s: not a corrections table (its columns: id verdict note by date)", path);
		tsv_close(&r);
		return PT_EXIT_FAILED;
	}
	while (!r.empty && (t = tsv_read(&r)) != 0) {
		struct correction *c;

		if (t == -2) {
			rc = PT_EXIT_FAILED;
			break;
		}
		if (t < 0) {
			rc = PT_EXIT_SKIPPED;
			continue;
		}
		/* A line whose id begins with '#' is a remark. */
		if (r.f[col[0]].len && r.f[col[0]].s[0] == '#')
			continue;
		md->corr = xgrow(md->corr, &cap, md->ncorr, 16, sizeof *md->corr);
		c = &md->corr[md->ncorr];
		memset(c, 0, sizeof *c);
		c->line = r.lineno;
		c->id = field(md, &r, col[0], 1);
		c->verdict = field(md, &r, col[1], 0);
		c->note = field(md, &r, col[2], 0);
		c->by = field(md, &r, col[3], 0);
		c->date = field(md, &r, col[4], 0);
		switch (take_row(md, c, path)) {
		case -1:
			rc = PT_EXIT_SKIPPED;
			break;
		case 1:
			rc = rc ? rc : PT_EXIT_SKIPPED;
			md->ncorr++;
			break;
		default:
			md->ncorr++;
		}
	}
	tsv_close(&r);
	/* The same id twice: the later row holds, the earlier is named. */
	for (size_t i = 0; i < md->ncorr; i++)
		for (size_t j = i + 1; j < md->ncorr; j++)
			if (md->corr[i].idx != NONE && md->corr[i].idx == md->corr[j].idx &&
			    md->corr[i].commit == md->corr[j].commit) {
				warnx("%s:%lu: %s: corrected again on line %lu, which holds", path,
				    md->corr[i].line, md->corr[i].id, md->corr[j].line);
				md->corr[i].idx = NONE;
				break;
			}
	return rc;
}

