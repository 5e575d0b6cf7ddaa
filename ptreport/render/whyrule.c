/*
 * whyrule.c - the lines of why (why.c) that say how a patch's verdict
 * was reached: the rule that decided it, and the files its diff names
 * (what the test of its repository read).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "judge/judge.h"
#include "text.h"
#include "util.h"
#include "why.h"

/* The files a why shows of a patch; the rest are counted. */
#define FILES_SHOWN 6

/*
 * Of path p[0..k) that patch m changes (kind 'M'), deletes ('D') or
 * creates ('C'), what the history held at its date, appended to b when
 * it is not the file (a file it deletes: had by then) or, for a file it
 * creates, not its folder: " (not in the repository then)", " (a
 * folder not in the repository then; the nearest that is: a/)".  So a
 * reader sees why a patch counts as the project's, or that it counted
 * by its posting or its author's other patches.  Without the commits'
 * patch table there is no history of paths: nothing.
 */
static void
held(const struct model *md, const struct mail *m, const char *p, size_t k, int kind,
    struct buf *b)
{
	size_t f = folder_len(p, k);

	/* No history of paths (no commits' patch table): nothing to say. */
	if (!md->has_paths)
		return;
	if (kind != 'C') {
		if (kind == 'D' ? !file_by(md, p, k, m->date) : !file_at(md, p, k, m->date))
			buf_addstr(b, " (not in the repository then)");
		return;
	}
	if (folder_at(md, p, f, m->date))
		return;
	/* The nearest folder above it that the repository has. */
	while (f && !folder_at(md, p, f, m->date))
		f = folder_len(p, f - 1);
	if (f)
		buf_addf(b, " (a folder not in the repository then; the nearest that is: %.*s)",
		    (int)f, p);
	else
		buf_addstr(b, " (a folder not in the repository then)");
}

/*
 * What a patch changes (its diff's files, as the test of its repository
 * reads them): each "changes path", "creates path", "deletes path",
 * "renames old to new", the first FILES_SHOWN, the rest counted; each
 * with what the history held at its date when it is not that file
 * (held()).
 */
void
why_files(const struct model *md, const struct mail *m, FILE *fp)
{
	struct buf b = BUF_INIT;
	struct line_walk w;
	const char *p;
	size_t k;
	unsigned n = 0;

	line_walk_init(&w, m->files ? m->files : "", m->files ? strlen(m->files) : 0);
	while (line_next(&w, &p, &k)) {
		const char *tab = memchr(p, '\t', k);
		const char *verb = p[0] == 'C' ? "creates" : p[0] == 'D' ? "deletes" :
		    p[0] == 'R' ? "renames" : "changes";

		if (k < 2 || n++ >= FILES_SHOWN)
			continue;
		if (b.len)
			buf_addstr(&b, ", ");
		if (p[0] == 'R' && tab) {
			buf_addf(&b, "%s %.*s to %.*s", verb, (int)(tab - p - 1), p + 1,
			    (int)(p + k - tab - 1), tab + 1);
			/* Under its old name, or its new one: posted after the commit that made it. */
			if (!file_at(md, tab + 1, (size_t)(p + k - tab - 1), m->date))
				held(md, m, p + 1, (size_t)(tab - p - 1), 'M', &b);
		} else {
			buf_addf(&b, "%s %.*s", verb, (int)k - 1, p + 1);
			held(md, m, p + 1, k - 1, p[0] == 'C' || p[0] == 'D' ? p[0] : 'M', &b);
		}
	}
	if (n > FILES_SHOWN)
		buf_addf(&b, ", ... and %u more", n - FILES_SHOWN);
	line(fp, 1, "files: %s", n ? b.p : "none named (its diff names no file)");
	buf_free(&b);
}

/*
 * Why a counted patch is the project's, not another repository's: how
 * many of its files the test of its repository found the repository's
 * (or known from its thread or author), and its first tag, with why it
 * did not decide (tags.c's note).  Nothing without either.
 */
void
why_repository(const struct model *md, const struct mail *m, FILE *fp)
{
	struct buf b = BUF_INIT;

	if (md->has_paths && m->fchanged)
		buf_addf(&b, "the project's: %u of the %u files it changes %s the repository's "
		    "at its date, or known from its thread or its author", m->fknown, m->fchanged,
		    m->fknown == 1 ? "is" : "are");
	else if (md->has_paths && m->fknown)
		buf_addstr(&b, "the project's: it creates files in a folder the repository has "
		    "at its date");
	else if (md->has_paths && m->owntag == OWN_NEWDIRS)
		buf_addstr(&b, "the project's by its tag: it creates files in no folder the "
		    "repository has at its date");
	if (m->tagnote)
		buf_addf(&b, "%s%s", b.len ? "; " : "", m->tagnote);
	/* What its blobs say of the tree it was made in (blobs_root()). */
	if (b.len && md->has_blobs && !md->blobs_missing && m->bpre) {
		if (m->broot == m->bpre)
			buf_addf(&b, "; %s %u blob%s its diff changes rest%s on the history: made "
			    "in its tree", m->bpre == 1 ? "the" : "all", m->bpre,
			    m->bpre == 1 ? "" : "s", m->bpre == 1 ? "s" : "");
		else if (m->broot)
			buf_addf(&b, "; %u of the %u blobs its diff changes rest on the history",
			    m->broot, m->bpre);
		else
			buf_addf(&b, "; %s rest%s on the history: made on a branch the history "
			    "lacks, or in another repository's tree, which its files, tags and "
			    "author did not settle (a doubt)", m->bpre == 1 ?
			    "the blob its diff changes does not" : "none of the blobs its diff "
			    "changes", m->bpre == 1 ? "" : "s");
	}
	if (b.len)
		line(fp, 1, "repository: %s", b.p);
	buf_free(&b);
}

/*
 * How a rule of where a patch's lines landed begins: nothing answered
 * it, or (answered_too, carried.c) another person did and its lines
 * landed all the same.
 */
static const char *
lead_of(const struct mail *m)
{
	return m->answered_too ? "another person answered it, and" : "nothing answered it, but";
}

/*
 * The rule of a commit changing a patch's lines, making its files or
 * naming its issue (carried 3, 4, 7): which commit (lead, then within
 * CARRY_DAYS days, after), then the tests, then what it means (tail).
 */
static void
touch_rule(FILE *fp, const char *lead, const char *after, const char *tail)
{
	line(fp, 1, "rule: nothing answered it, but %s %d %s, on a file of it, removes %d%% "
	    "or more of the lines it removes (of %d characters or more; %d%% of those the "
	    "commit removes), or else creates a file it creates, or else names an issue it "
	    "names%s", lead, CARRY_DAYS, after, (int)(TOUCH_SHARE * 100), CARRY_CHARS,
	    (int)(TOUCH_FOCUS * 100), tail);
}

/* The rule of an unsure verdict: which doubt. */
static void
unsure_rule(const struct mail *m, FILE *fp)
{
	if (m->leftout) {
		line(fp, 1, "rule: nothing answered it, but other parts of its posting "
		    "(its author's, one thread and version) were merged and it was not: "
		    "left out by whoever took them, or by its author; read both sides");
		return;
	}
	if (m->comp) {
		line(fp, 1, "rule: nothing answered it, but its author posted a patch for "
		    "another repository within %d minutes of it, to a list of it (or as "
		    "another part of its own posting), or a posting for another repository "
		    "linking it, and another person answered that one: the other half of "
		    "one submission; read both", COMPANION_SECS / 60);
		return;
	}
	if (m->carried == 3) {
		touch_rule(fp, "another's commit written within",
		    "days after it (or its author's, before it)",
		    " (\"Closes: #N\", a tracker's key, a bug link, its trailers too): the change made another way, or the "
		    "patch made stale; read both sides");
		return;
	}
	line(fp, 1, "rule: nothing answered it, but the evidence is mixed: a patch that "
	    "may be a version of it, one posted with it, or another part of its posting "
	    "was handled; read both sides");
}

/*
 * The rule of a patch reworked by a fixup's title (carried 15) or by
 * another's commit bringing its words (carried 14); 0 for another.
 */
static int
rule_rewritten(const struct mail *m, FILE *fp)
{
	if (m->carried == 15) {
		line(fp, 1, "rule: %s its title is a fixup's (\"fixup! X\", "
		    "\"squash! X\", \"amend! X\": git's autosquash), and the commit "
		    "of the main line titled X, committed after it, on a file of it, "
		    "holds every distinctive line it adds: folded into X", lead_of(m));
		return 1;
	}
	if (m->carried == 14) {
		line(fp, 1, "rule: nothing answered it, but another's commit written "
		    "within %d days after it, on a file of it, removes %d%% or more of the "
		    "lines it removes (of %d characters or more; %d%% of those the commit "
		    "removes), or else creates a file it creates, or else names an issue "
		    "it names, and brings %d%% of the words its added lines bring (runs of "
		    "%d letters, digits or '_' its removed lines lack; %d at least): its "
		    "change written again by another", CARRY_DAYS, (int)(TOUCH_SHARE * 100),
		    CARRY_CHARS, (int)(TOUCH_FOCUS * 100), (int)(CARRY_SHARE * 100),
		    WORD_CHARS, WORDS_MIN);
		return 1;
	}
	return 0;
}

/*
 * The rule of a verdict kept from ignored but by no answer (superseded,
 * reworked, too new, unsure), or of ignored itself.
 */
static void
rule_kept(struct model *md, uint32_t mi, FILE *fp)
{
	const struct mail *m = &md->mails[mi];

	switch (m->verdict) {
	case V_SUPERSEDED:
		if (m->carried == 8) {
			line(fp, 1, "rule: nothing answered it, but another's patch of the same "
			    "change (patchsim scored the two %.1f alike or more, over most of both "
			    "diffs), posted within %d days of it, before or after, was merged: the "
			    "fix sent twice, the other taken", DUP_SCORE, DUP_DAYS);
			break;
		}
		if (m->carried == 6) {
			line(fp, 1, "rule: nothing answered it, and no patch or commit carries its "
			    "lines, but a later patch of its author (within %d days, anywhere, "
			    "under any title) on a file of it changes the lines it removes (%d%% "
			    "or more of its distinctive removed lines, one at least, a quarter or "
			    "more of those that patch removes; or a fiftieth, under a title "
			    "sharing a word with its own): his next version of the change, made "
			    "another way", OWN_DAYS, (int)(TOUCH_SHARE * 100));
			break;
		}
		if (m->carried == 2) {
			line(fp, 1, "rule: %s a later patch of its author "
			    "(within %d days, anywhere: deep in a thread, under another title) "
			    "carries its lines, as a commit would (%d%% of its added lines, or "
			    "all a small patch adds and removes)%s: his version stands for it",
			    lead_of(m), OWN_DAYS, (int)(CARRY_SHARE * 100),
			    m->answered_too ? ", and it was merged" : "");
			break;
		}
		if (m->answered_too) {
			line(fp, 1, "rule: another person answered it, and its author's later "
			    "version (under any title, joined by the scores, titles or timing, "
			    "in another cluster) was merged: what became of it is that merge");
			break;
		}
		line(fp, 1, "rule: its author's later version (of its posting: a patch of each in "
		    "one cluster, the same cover letter title, a higher version in its thread; "
		    "or of it under another title) was merged or answered without it, left it "
		    "out of a whole next version (a cover letter, a higher vN), or stands for it "
		    "(a resend, a new version); within %d days", VERSION_DAYS);
		break;
	case V_REWORKED:
		if (m->carried == 4 || m->carried == 7) {
			if (m->carried == 4)
				line(fp, 1, "rule: nothing answered it, but a commit of its "
				    "author's, written within %d days after it, on a file of it, "
				    "carries its lines or removes %d%% or more of the lines it "
				    "removes (of %d characters or more; a quarter of those the "
				    "commit removes, or a fiftieth under a title sharing a word "
				    "with its own); or else, within %d days, creates a file it "
				    "creates or names an issue it names: his own rework landed",
				    OWN_DAYS, (int)(TOUCH_SHARE * 100), CARRY_CHARS, CARRY_DAYS);
			else
				touch_rule(fp, "another's commit written within", "days before it",
				    ": the change was made before it was posted (the patch stale "
				    "when sent, or a duplicate of another's posting)");
			break;
		}
		if (m->carried == 9) {
			line(fp, 1, "rule: another's commit credits its author in its own words, "
			    "not a trailer (\"Rewritten from patches by NAME <address>\", \"based on a "
			    "patch from ...\"), written from a day before it to %d days after it, and "
			    "changes a file of the same name as one of it or of another part of its "
			    "posting: reworked by another",
			    CREDIT_DAYS);
			break;
		}
		if (m->carried == 11) {
			line(fp, 1, "rule: the one commit of the main line under its very title "
			    "(%d distinct title words at least; no other commit has them), its "
			    "author's or crediting him, committed within %d days after it: its "
			    "merge, however the diff changed on the way (answered and no version "
			    "merged, before a version under another title, or where nothing else "
			    "spoke for it)", TITLE_WORDS,
			    OWN_DAYS);
			break;
		}
		if (rule_rewritten(m, fp))
			break;
		if (m->carried == 13) {
			line(fp, 1, "rule: a commit of the main line kept its author and its "
			    "date as its author date, to the second (git am of this mail), on "
			    "a file of it, committed after it was posted, and no cluster with a "
			    "patch mail holds it: what it became, however the diff changed");
			break;
		}
		if (m->carried == 12) {
			line(fp, 1, "rule: a reply to it (or to its cover letter) names by hash "
			    "a commit of the main line (\"merged as 5c60b7230\", \"merged "
			    "alternative solution: ...\"), its author's or crediting him, on a "
			    "file of it, committed after it was posted and at most a day after "
			    "that reply: what it became, however the diff changed (no version "
			    "of it merged)");
			break;
		}
		if (m->carried == 10) {
			line(fp, 1, "rule: %s the other parts of its posting "
			    "were merged without it, but a commit pushed with theirs (by their "
			    "committer, within %d hours), on a file of it, carries %d%% or more of "
			    "its added lines, or of a smaller patch all it adds and removes: folded "
			    "into the series before it was pushed", m->answered_too ?
			    "another person answered it, and" : "nothing answered it, and",
			    FOLD_HOURS, (int)(CARRY_SHARE * 100));
			break;
		}
		if (m->carried) {
			line(fp, 1, "rule: %s a commit written within %d "
			    "days "
			    "of it (before or after), on a file of it, carries %d%% or more of its "
			    "added lines (of %d characters or more; %d at least), or of a smaller "
			    "patch all it adds and removes: merged in another form, or made before "
			    "it", lead_of(m), CARRY_DAYS, (int)(CARRY_SHARE * 100), CARRY_CHARS,
			    CARRY_MIN);
			break;
		}
		line(fp, 1, "rule: a commit credits its author (Signed-off-by, Co-developed-by, "
		    "Reported-by ...) and changes a file of it, written within %d days after it "
		    "(alike by the scores, or within %d days): reworked by another", CREDIT_DAYS,
		    CREDIT_NEAR_DAYS);
		break;
	case V_TOONEW:
		line(fp, 1, "rule: not merged and not answered, but too new to judge: no verdict");
		break;
	case V_UNSURE:
		unsure_rule(m, fp);
		break;
	case V_IGNORED:
		line(fp, 1, "rule: a patch for the project, not merged, nobody else answered it "
		    "in any version, its author said nothing of it but to ask (a ping), no "
		    "commit credits him on its files, and old enough to judge%s",
		    m->committer ? "; its author commits to the repository: the committer's "
		    "own, counted apart from contributions" : "");
		break;
	default:
		break;
	}
}

/* The rule that decided patch mi's verdict (for the project). */
void
why_rule(struct model *md, uint32_t mi, FILE *fp)
{
	const struct mail *m = &md->mails[mi];

	/* Another judge's verdict that names no rule of these (--verdicts). */
	if (m->vreason && !*m->vreason && !m->corrected) {
		line(fp, 1, "rule: the verdicts table's own, named by no reason: its detail "
		    "says it");
		return;
	}
	switch (m->verdict) {
	case V_MERGED:
		if (pull_part(md, m) && m->vby != NONE && md->commits[m->vby].cdate != NODATE &&
		    md->commits[m->vby].cdate < m->date - (int64_t)COMMIT_SKEW * DAY)
			line(fp, 1, "rule: a part of a pull request's posting (its parent the pull "
			    "request), the copy of a commit taken before: its cluster holds a commit "
			    "of the main line committed in the %d days before it (the latest)",
			    PULL_DAYS);
		else
			line(fp, 1, "rule: its cluster holds a commit of the main line, committed "
			    "after it was sent or the same patch exactly (the first by commit date "
			    "is the integration)");
		break;
	case V_APPLIED:
		line(fp, 1, "rule: its cluster holds a commit of a side branch (another branch "
		    "than the main line), none of the main line; committed after it was sent "
		    "or the same patch exactly");
		break;
	case V_ANSWERED:
		if (m->comp)
			line(fp, 1, "rule: its author posted a patch for another repository "
			    "within %d minutes of it, to a list of it or as another part of its "
			    "own posting, or a posting for another repository linking it (the "
			    "other half of one submission), and one who commits to this "
			    "repository answered that one: he reviewed the submission",
			    COMPANION_SECS / 60);
		else if (thread_of(md, m->vby) != thread_of(md, mi))
			line(fp, 1, "rule: another person's mail cites it (a link to it, its "
			    "attribution line quoting it, or its title in quotes), or answers a mail citing it, from "
			    "outside its thread, at or after it: %s", md->mails[m->vby].id);
		else
			line(fp, 1, "rule: another person answered it in its thread: a reply "
			    "to it, "
			    "to its cover letter, speaking of its series, or naming it by its "
			    "number (a reply to another part alone answers that part)");
		break;
	case V_ANSWERED_VERSION:
		if (m->carried == 5) {
			line(fp, 1, "rule: nothing answered it, but an earlier patch of its author "
			    "(within %d days, not of its own posting, under any title) that "
			    "another answered carries its lines (%d%% of its added lines, or all "
			    "a small patch adds and removes): it sends that version's lines "
			    "again, split, retitled or resent", CARRY_DAYS,
			    (int)(CARRY_SHARE * 100));
			break;
		}
		line(fp, 1, "rule: another version of it (its cluster, or its author's patch the "
		    "scores, titles or timing join to it) was answered: the same part, in its "
		    "thread, its cover letter, or its series");
		break;
	case V_ANSWERED_TOGETHER:
		if (m->lone)
			line(fp, 1, "rule: another part of its posting was answered, not it: "
			    "the posting is in conversation (a review of another part of an "
			    "earlier version would be none of its)");
		else if (m->vby != NONE && md->mails[m->vby].type == MT_COVER)
			line(fp, 1, "rule: one submission as two postings (a repository each): "
			    "its cover letter and %s, by its author within %d minutes under a "
			    "title alike; another person answered in that posting's thread",
			    md->mails[m->vby].id, TOGETHER_SECS / 60);
		else if (thread_of(md, m->vby) == thread_of(md, mi))
			line(fp, 1, "rule: another part of its series had an earlier version in "
			    "another thread, where another person spoke of the series at or after "
			    "it was posted: one conversation for its parts");
		else
			line(fp, 1, "rule: a patch its author posted with it (within %d minutes, "
			    "changing a file it changes, or within %d hours under a title alike) "
			    "was answered: by any mail when their titles are alike (the same "
			    "change in two places), else by one speaking of several patches",
			    TOGETHER_SECS / 60, BATCH_SECS / 3600);
		break;
	case V_WITHDRAWN:
		line(fp, 1, "rule: its author withdrew it (in its thread or a version's), or sent "
		    "a new version into its thread under the same title");
		break;
	case V_FOLLOWEDUP:
		if (m->bypull && m->leftout) {
			line(fp, 1, "rule: nothing answered it on the list, but other parts of its "
			    "posting (its author's, one thread and version) were merged and it "
			    "was not, and they are commits of a forge's pull request (git2tsv "
			    "--pulls): the posting went to the forge, where its review is (its "
			    "author dropped it there, or was told to); read the pull request");
			break;
		}
		if (m->bypull) {
			line(fp, 1, "rule: nothing answered it on the list, but its author "
			    "opened it as a forge's pull request too: a commit of one (git2tsv "
			    "--pulls) has its title (or its title's summary, of three words at "
			    "least, under another prefix) and his name, written within %d days of "
			    "it or before it (three title words at least); he followed it up "
			    "there, where its review is: read the pull request", FAM_DAYS);
			break;
		}
		line(fp, 1, "rule: its author wrote of it after it, and not only to ask for an "
		    "answer (a ping, a reminder, a resend): his words are his verdict, read them");
		break;
	default:
		rule_kept(md, mi, fp);
		break;
	}
}

