/*
 * corrections.c - a maintainer's corrections: where he knows better than
 * the tool (he answered off-list, the patch went in through another
 * tree, it was a test mail), a row of a table he keeps says so, and every
 * run shows it.  The table (patchtrack-tsv(5)): id (a Message-ID or a
 * commit hash), verdict, note, by, date; read, never written.
 *
 * A corrected patch mail takes the verdict given, marked as a correction
 * in its detail; its own verdict, the tool's, is kept (tverdict) for why
 * and for eval, which score the tool against the corrections as labels.
 * A commit is corrected to "posted" (it leaves the off-list commits) or
 * "offlist" (it joins them).  A row naming an id the tables lack is named
 * and kept (the tables may hold it another night); a bad row is named
 * and left out.  Read with the tables (model/corrtable.c); applied here,
 * at the end of judging, and spelt out for the reports.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "util.h"

void
corrections_apply(struct model *md)
{
	for (size_t i = 0; i < md->ncorr; i++) {
		struct correction *c = &md->corr[i];

		if (c->idx == NONE)
			continue;
		if (c->commit) {
			struct commit *k = &md->commits[c->idx];

			k->corrected = c->v;
			k->corr = (uint32_t)i;
			/* Agreement is known once the off-list commits are (offlist.c). */
			continue;
		}
		struct mail *m = &md->mails[c->idx];

		m->tverdict = m->verdict;
		m->tvby = m->vby;
		m->tvfam = m->vfam;
		m->verdict = c->v;
		m->vby = m->vfam = NONE;
		m->corrected = 1;
		m->corr = (uint32_t)i;
		c->agrees = m->tverdict == c->v;
	}
}

void
correction_said(const struct model *md, uint32_t ci, struct buf *b)
{
	const struct correction *c = &md->corr[ci];

	buf_addf(b, "line %lu of the corrections", c->line);
	if (*c->note)
		buf_addf(b, ": %s", c->note);
	if (*c->by || *c->date)
		buf_addf(b, " (%s%s%s)", c->by, *c->by && *c->date ? ", " : "", c->date);
}

void
correction_text(const struct model *md, uint32_t ci, struct buf *b)
{
	const struct correction *c = &md->corr[ci];

	buf_addstr(b, "correction");
	if (*c->note)
		buf_addf(b, ": %s", c->note);
	if (*c->by || *c->date)
		buf_addf(b, " (%s%s%s)", c->by, *c->by && *c->date ? ", " : "", c->date);
	if (!c->commit)
		buf_addf(b, "; the tool: %s", md->mails[c->idx].tverdict == V_NONE ? "not-counted" :
		    verdict_names[md->mails[c->idx].tverdict]);
}

void
corrections_count(const struct model *md, size_t *n, size_t *applied, size_t *agree)
{
	*n = md->ncorr;
	*applied = *agree = 0;
	for (size_t i = 0; i < md->ncorr; i++)
		if (md->corr[i].idx != NONE) {
			(*applied)++;
			*agree += md->corr[i].agrees;
		}
}

void
correction_line(const char *id, const char *verdict, struct buf *b)
{
	buf_addstr(b, "printf '%s\\t%s\\t%s\\t%s\\t%s\\n' '");
	for (const char *p = id; *p; p++)
		if (*p == '\'')
			buf_addstr(b, "'\\''");
		else
			buf_addc(b, *p);
	buf_addf(b, "' %s 'why' \"$USER\" \"$(date +%%F)\" >>corrections.tsv", verdict);
}
