/*
 * vtext.c - the words of a verdict: a patch mail's detail as every
 * report shows it (what decided it: a commit, a responder, the author's
 * own words, a doubt and both its sides, why it is not counted), made
 * once a patch after judging (verdicts_record()), and its author's role.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "person.h"
#include "judge.h"
#include "text.h"
#include "util.h"

static void not_counted_text(struct model *md, const struct scope *sc, uint32_t mi,
    struct buf *b);
static void earlier_text(const struct model *md, const struct mail *m,
    const struct carry *k, struct buf *b);

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

/* A mail's own words, quoted, at most QUOTE_MAX bytes (whole characters). */
#define QUOTE_MAX 100
void
said_quote(const struct mail *x, struct buf *b)
{
	size_t n = strlen(x->said);

	if (!n) {
		buf_addstr(b, "(no words of its own)");
		return;
	}
	if (n > QUOTE_MAX) {
		n = QUOTE_MAX;
		while (n && ((unsigned char)x->said[n] & 0xc0) == 0x80)
			n--;
	}
	buf_addf(b, "\"%.*s%s\"", (int)n, x->said, n < strlen(x->said) ? " ..." : "");
}

/* What a commit did to a patch's lines, files or issue (carry k): "changing 2 of the 3 lines it removes". */
static void
carry_what(const struct carry *k, struct buf *b)
{
	if (k && k->issue)
		buf_addstr(b, "naming an issue it names");
	else
		buf_addf(b, "%s %u of the %u %s", k && k->files ? "creating" : "changing",
		    k ? k->hits : 0, k ? k->lines : 0,
		    k && k->files ? "files it creates" : "lines it removes");
}

/* The detail of a reworked patch: the commit, and how it carries the patch. */
static void
reworked_text(struct model *md, uint32_t mi, struct buf *b)
{
	const struct mail *m = &md->mails[mi];

	if (m->carried == 4) {
		const struct carry *k = carry_of(md, mi);

		if (k && k->issue)
			buf_addf(b, "%s, its author's own, naming an issue it names",
			    md->commits[m->vby].id);
		else
			buf_addf(b, "%s, its author's own, %s %u of the %u %s",
			    md->commits[m->vby].id, k && k->files ? "creating" :
			    k && k->added ? "carrying" : "changing",
			    k ? k->hits : 0, k ? k->lines : 0,
			    k && k->files ? "files it creates" : k && k->added ?
			    "lines it adds" : "lines it removes");
	} else if (m->carried == 7) {
		earlier_text(md, m, carry_of(md, mi), b);
	} else if (m->carried == 14) {
		const struct carry *k = carry_of(md, mi);
		const struct commit *c = &md->commits[m->vby];

		buf_addf(b, "%s (%s), ", c->id, c->author);
		carry_what(k, b);
		buf_addf(b, " and bringing %u of the %u words its added lines bring, %ld days "
		    "after it was posted: its change written again", k ? k->words : 0,
		    k ? k->nwords : 0, (long)((c->date - m->date) / DAY));
	} else if (m->carried == 15) {
		buf_addf(b, "%s, the commit its fixup title names, holding every line it adds",
		    md->commits[m->vby].id);
	} else if (m->carried == 9) {
		buf_addf(b, "%s, crediting its author in its own words",
		    md->commits[m->vby].id);
	} else if (m->carried == 11) {
		buf_addf(b, "%s, the one commit under its very title, %s",
		    md->commits[m->vby].id, one_person(m->from, m->who,
		    md->commits[m->vby].author, md->commits[m->vby].aname, 0) ?
		    "its author's" : "crediting its author");
	} else if (m->carried == 13) {
		buf_addf(b, "%s, its author and its date kept to the second",
		    md->commits[m->vby].id);
	} else if (m->carried == 12) {
		uint32_t nb;

		(void)named_commit(md, mi, &nb);
		buf_addf(b, "%s, named by hash in a reply to it", md->commits[m->vby].id);
		if (nb != NONE)
			buf_addf(b, " (%s, %s)", md->mails[nb].id, md->mails[nb].from);
	} else if (m->carried == 10) {
		const struct carry *k = carry_of(md, mi);

		buf_addf(b, "%s, pushed with the commits of the other parts of its "
		    "posting, %s %u of the %u lines it %s", md->commits[m->vby].id,
		    k && k->added ? "carrying" : "removing", k ? k->hits : 0,
		    k ? k->lines : 0, k && k->added ? "adds" : "removes");
	} else if (m->carried) {
		const struct carry *k = carry_of(md, mi);

		buf_addf(b, "%s, carrying %u of its %u added lines", md->commits[m->vby].id,
		    k ? k->hits : 0, k ? k->lines : 0);
	} else {
		buf_addf(b, "%s, crediting its author", md->commits[m->vby].id);
	}
}

const char *
verdict_text(struct model *md, const struct scope *sc, uint32_t mi, struct buf *b)
{
	const struct mail *m = &md->mails[mi];
	const struct mail *f = m->vfam != NONE ? &md->mails[m->vfam] : NULL;
	const struct mail *by = m->vby != NONE && m->verdict != V_MERGED &&
	    m->verdict != V_APPLIED && m->verdict != V_REWORKED ? &md->mails[m->vby] : NULL;

	switch (m->verdict) {
	case V_MERGED:
		buf_addstr(b, md->commits[m->vby].id);
		break;
	case V_APPLIED:
		buf_addf(b, "%s, on a side branch (not the main line)", md->commits[m->vby].id);
		break;
	case V_ANSWERED:
		buf_addstr(b, by->from);
		if (m->comp && m->twin != NONE)
			buf_addf(b, ", who commits here, in the thread of its other half for "
			    "another repository (%s)", md->mails[m->twin].id);
		break;
	case V_ANSWERED_VERSION:
		if (f)
			buf_addstr(b, f->id);
		if (f && m->carried == 5) {
			const struct carry *k = carry_of(md, mi);

			buf_addf(b, ", an earlier patch of its author carrying %u of its %u added "
			    "lines", k ? k->hits : 0, k ? k->lines : 0);
		}
		break;
	case V_WITHDRAWN:
		buf_addstr(b, by->id);
		break;
	case V_FOLLOWEDUP:
		if (!by) {
			int bysum = 0;
			uint32_t p = m->leftout ? parts_pull(md, mi) : mail_pull(md, m, &bysum);

			if (p != NONE && m->leftout)
				buf_addf(b, "nobody answered it on the list, but %u of the %u other "
				    "parts of its posting were merged without it, and they are "
				    "commits of pull request #%lu (%s): its author took the posting "
				    "to the forge, where its review is", m->pforeign, m->pjudged,
				    md->pulls[p].pull, md->pulls[p].id);
			else if (p != NONE)
				buf_addf(b, "nobody answered it on the list, but its author opened it "
				    "as pull request #%lu on the forge, where its review is: %s has "
				    "its title%s and author", md->pulls[p].pull, md->pulls[p].id,
				    bysum ? " (its prefix aside)" : "");
			break;
		}
		buf_addf(b, "%s: ", by->id);
		said_quote(by, b);
		break;
	case V_ANSWERED_TOGETHER:
		buf_addstr(b, by->id);
		break;
	case V_SUPERSEDED:
		buf_addstr(b, f->id);
		if (m->vby != NONE)
			buf_addf(b, ", %s as %s", md->commits[m->vby].side ? "applied" : "merged",
			    md->commits[m->vby].id);
		if (m->carried == 8 && f) {
			int64_t dt = f->date - m->date;

			buf_addf(b, ", another's patch of the same change (%s), posted %lld days "
			    "%s it", f->from, (long long)((dt < 0 ? -dt : dt) / DAY),
			    dt < 0 ? "before" : "after");
		}
		if (m->carried == 2 || m->carried == 6) {
			const struct carry *k = carry_of(md, mi);

			buf_addf(b, m->carried == 2 ? ", carrying %u of its %u added lines" :
			    ", changing %u of the %u lines it removes", k ? k->hits : 0,
			    k ? k->lines : 0);
		}
		break;
	case V_REWORKED:
		reworked_text(md, mi, b);
		break;
	case V_TOONEW:
		too_new_text(md, m, b);
		break;
	case V_UNSURE:
		unsure_text(md, mi, b);
		break;
	case V_IGNORED:
		if (m->committer)
			buf_addstr(b, "the committer's own: its author commits to the repository");
		/* Another patch's answer, no answer to it: said, for the reader. */
		if (f && by)
			buf_addf(b, "%s%s was answered, not it (%s)", m->committer ? "; " : "",
			    f->id, by->id);
		break;
	case V_NOTSUB:
		if (m->nosub)
			buf_addstr(b, "not meant to be merged: a test mail, a work in progress, a "
			    "do-not-merge or a debug patch");
		else
			buf_addf(b, "no [PATCH] tag and no Signed-off-by: a diff shared, not "
			    "submitted (%lu of the history's %lu merged patches lack both)",
			    md->unsigned_bare, md->unsigned_merged);
		break;
	default:
		not_counted_text(md, sc, mi, b);
		break;
	}
	return m->verdict == V_NONE ? "not-counted" : verdict_names[m->verdict];
}

void
unsure_text(struct model *md, uint32_t mi, struct buf *b)
{
	const struct mail *m = &md->mails[mi];
	const struct mail *f = m->vfam != NONE ? &md->mails[m->vfam] : NULL;

	const struct carry *k = m->carried == 3 ? carry_of(md, mi) : NULL;

	if (m->leftout) {
		buf_addf(b, "nobody answered it, but %u of the %u other parts of its posting were "
		    "merged without it: the others taken, it left out", m->pforeign, m->pjudged);
	} else if (m->comp && m->twin != NONE && m->vby != NONE)
		buf_addf(b, "nobody answered it, but its other half for another repository, "
		    "posted with it or linking it by its author, was answered: %s (%s)",
		    md->mails[m->twin].id, md->mails[m->vby].id);
	else if (f)
		buf_addf(b, "maybe a version of it, by its author within a day under a title "
		    "alike or as a next version on a file of it, was %s: %s",
		    applied_by(md, m->vfam, 0) != NONE || applied_by(md, m->vfam, 1) != NONE ?
		    "merged" : "answered", f->id);
	else if (k)
		touch_text(md, m, k, b);
}

/*
 * The commit that changed the lines patch m removes (carried 3): its
 * hash, how many lines, and when against the patch.
 */
void
touch_text(const struct model *md, const struct mail *m, const struct carry *k,
    struct buf *b)
{
	const struct commit *c = &md->commits[k->commit];
	int64_t d = c->date - m->date;

	if (k->issue)
		buf_addf(b, "nobody answered it, but %s (%s) names an issue it names (an "
		    "issue number, a tracker's key or a bug link), %ld days %s it was posted: made another "
		    "way, or made stale", c->id, c->author, (long)((d < 0 ? -d : d) / DAY),
		    d < 0 ? "before" : "after");
	else
		buf_addf(b, "nobody answered it, but %s (%s) %s %u of the %u %s, %ld days %s "
		    "it was posted: made another way, or made stale", c->id, c->author,
		    k->files ? "created" : "changed", k->hits, k->lines,
		    k->files ? "files it creates" : "lines it removes",
		    (long)((d < 0 ? -d : d) / DAY), d < 0 ? "before" : "after");
}

/*
 * Another's commit written before patch m that changed its lines, made
 * its files or named its issue (carried 7): its hash, author, how long
 * before, and what.
 */
static void
earlier_text(const struct model *md, const struct mail *m, const struct carry *k,
    struct buf *b)
{
	const struct commit *c = &md->commits[m->vby];

	buf_addf(b, "%s (%s), written %ld days before it was posted, ", c->id, c->author,
	    (long)((m->date - c->date) / DAY));
	carry_what(k, b);
	buf_addstr(b, ": the change made before it (its patch stale, or a duplicate)");
}

static void
not_counted_text(struct model *md, const struct scope *sc, uint32_t mi, struct buf *b)
{
	const struct mail *m = &md->mails[mi];

	if (m->rfcby != NONE)
		buf_addf(b, "RFC: its cover letter is one (%s)", md->mails[m->rfcby].id);
	else if (m->process)
		buf_addstr(b, "bot, pull, RFC, linux-next or stable");
	else if (m->foreign) {
		int w = m->fwhy ? (int)strcspn(m->fwhy, "\t\n") : 0;

		if (m->bytag)
			buf_addf(b, "not for this repository: %s tag %s", m->bytag == 2 ?
			    "the thread it replies in has the" : "its subject's", m->fwhy);
		else if (m->byblobs)
			buf_addf(b, "not for this repository: %s", m->fwhy);
		else if (m->byposting)
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
