/*
 * judge.h - the verdicts: which patch mail was merged, answered,
 * ignored or unsure ... and why, and why an off-list commit came without
 * a posting; computed once from the model (model/model.h), which they
 * read and never change but for the verdicts' own fields and indexes.
 * The reports (render/report.h) are above them and never called from
 * here.
 *
 * Where each part lives: verdict.c judges (verdicts(), once) with
 * responses.c (what an answer is aimed at), versions.c (postings,
 * twins), family.c (a patch's family), applied.c (the commit that
 * applied a patch), carried.c (the commits carrying
 * its lines), foreign.c (another repository's patches), roles.c (who
 * commits) and corrections.c (a maintainer's corrections); offlist.c
 * tells an off-list commit's reason, with what reasons.c indexes.
 */
#ifndef PT_JUDGE_H
#define PT_JUDGE_H

#include <stdint.h>

#include "model/model.h"

/*
 * Patches posted less than a list's grace before its coverage ends are
 * too new: by default the 90th percentile time to first response of its
 * answered patches posted in the last GRACE_YEAR days of its coverage,
 * at least its latest GRACE_LATEST answered patches; never less than
 * GRACE_DAYS days.
 */
#define GRACE_DAYS 14
#define GRACE_YEAR 365
#define GRACE_LATEST 20

/*
 * Verdicts (verdict.c): patches for the project, series above max
 * (max 0: none left out), responses, ignored.  since/until restrict
 * which mails count as patches (NODATE: no limit).
 */
struct scope {
	int64_t since, until;
	long max_series;
	long grace;              /* days before the coverage ends: too new to judge */
	int grace_set;           /* --grace: grace for every list; else per list */
	int quiet;               /* -q: no notes (lines skipped, series left out) */
	int verbose;             /* -v: the summaries (coverage, grace, counts) */
};
void verdicts(struct model *md, const struct scope *sc);
/*
 * How the grace of each list was found, a line per list with patches
 * for the project ("42.2 days on L (90th percentile ...)"), or one for
 * -g; calls line(text, arg) for each.
 */
void grace_lines(const struct model *md, const struct scope *sc,
    void (*line)(const char *, const char *, void *), void *arg);
/* grace_lines' callback writing a note on stderr. */
void grace_note(const char *days, const char *how, void *arg);
/* -v's notes of what every verdict rests on: the coverage and each list's grace (verdict.c). */
void scope_notes(const struct model *md, const struct scope *sc);
/* Is date d inside sc's --since and --until? */
static inline int
in_scope(const struct scope *sc, int64_t d)
{
	if (d == NODATE)
		return sc->since == NODATE && sc->until == NODATE;
	return (sc->since == NODATE || d >= sc->since) &&
	    (sc->until == NODATE || d <= sc->until);
}
/*
 * A resend of patch mi deep in its thread: a later patch of its author
 * under the same title that is neither the thread's root nor a reply to
 * it (a series sent again in reply to the old cover letter), judged
 * with mi, not on its own: then no one withdrew mi, whatever was said
 * before the resend ("will resend").  NONE if none.
 */
uint32_t deep_resend(struct model *md, uint32_t mi);
/*
 * A later patch not counted (deep in a thread: a series sent again in
 * reply to its old cover letter) that nobody answered and nobody merged
 * stands for nothing: the earlier one carries its family's verdict
 * (family_later(), carried.c's later mails).
 */
int silent_uncounted(struct model *md, uint32_t xi);
/*
 * What a patch's thread says after it (responses.c).
 *
 * The earliest mail (by date, then id) of mail mi's thread, other than
 * mi, by mi's sender, dated at or after mi, that is flagged withdraw;
 * else the earliest patch of its thread by its sender under the same
 * title, later than mi (a new version sent into the thread); NONE if
 * none.
 */
uint32_t withdrawal(struct model *md, uint32_t mi);
/*
 * Can mail x answer patch m: by another person than m's sender, not a
 * cover letter; a patch only when sent after m and not a part of m's own
 * series (the same N > 1 and version)?
 */
int can_answer(const struct mail *x, const struct mail *m);
/*
 * What answers to mail mi may be aimed at: mi and the other mails of its
 * cluster (its versions), into *v (grown as needed); how many returned.
 */
size_t answer_versions(struct model *md, uint32_t mi, uint32_t **v, size_t *cap);
/*
 * An answer aimed at t (a patch or cover letter; NONE: what it answers is
 * unknown), its sender speaking of the whole posting or not (series):
 * does it answer patch mi?  mi itself, or its posting (the same thread
 * and version) through its cover letter or the series word; NONE, the
 * thread as a whole.
 */
int aimed_at(struct model *md, uint32_t t, int series, uint32_t mi);
/*
 * Does mail r of patch mi's thread answer it: another person's
 * (can_answer()), aimed at it (a reply to it, to its cover letter, one
 * speaking of its series, or to no patch known), and not before it
 * unless a reply to it?
 */
int answers(struct model *md, uint32_t r, uint32_t mi);
/*
 * The earliest mail of patch mi's thread, by another person, at or after
 * it, answering another part of its posting by its author and not it
 * (nor the posting as a whole); NONE if none.
 */
uint32_t sibling_answer(struct model *md, uint32_t mi);
/* The first of v[0..n) (sorted by thread, date and id) in thread root. */
size_t first_in_thread(const struct rkey *v, size_t n, uint32_t root);
/*
 * The earliest response (by date, then id) dated at or after mail mi, by
 * another person than mi's sender, answering one of vers[0..n) (mi and
 * its versions: answer_versions()) in its thread or by a citation, and,
 * when nby > 0, by one of the persons (addresses and lower-cased names)
 * of by[0..nby); NONE if none or mi has no date.
 */
uint32_t first_response(struct model *md, uint32_t mi, const uint32_t *vers, size_t n,
    const char *const *byaddr, const char *const *bywho, size_t nby);
/*
 * Is posting pi another repository's, by mi's author (his patches of
 * its thread all another repository's), carrying no version of mi?
 */
int other_posting(struct model *md, uint32_t pi, uint32_t mi);
/*
 * Is citation c a reply to a posting of mi's author for another
 * repository that links mi (its companion), carrying no version of it?
 */
int cite_companion(struct model *md, size_t c, uint32_t mi);
/*
 * The citations of thread root: md->ct[*lo .. return) (none: equal).
 */
size_t cites_of(const struct model *md, uint32_t root, size_t *lo);
/* Does x, a mail citing m's thread from outside it, answer m? */
int cite_answers(const struct mail *x, const struct mail *m);
/* Did anyone but the sender write in the thread of mail mi (or cite it)? */
int responded(struct model *md, uint32_t mi);
/* The earliest such mail (by date, then id), or NONE. */
uint32_t responder(struct model *md, uint32_t mi);
/*
 * A patch's versions and companions (versions.c), for the verdicts:
 * postings_index() once after the patches for the project are known,
 * postings_free() after.  together(): a patch its author posted within
 * TOGETHER_SECS of patch mi changing a file mi changes, or within
 * BATCH_SECS under a title alike (TWIN_WORDS percent of the words of the
 * longer in the other: a batch, one patch a folder), to a list of it,
 * in another thread, that someone answered (NONE if none).  superseded_by(): the
 * first mail of a later posting by its author, at most VERSION_DAYS
 * later, that continues mi's posting (a patch of each in one cluster,
 * the same cover letter title, or a higher version in its thread) and
 * was merged or answered, holding no version of mi (NONE if none).
 * series_answered(): another part of mi's posting whose earlier version
 * in another thread (a draft, an earlier posting) another person
 * answered there at or after mi: the series' conversation (NONE if
 * none).
 */
#define TOGETHER_SECS 3600
#define BATCH_SECS (24 * 3600)
#define VERSION_DAYS 365
void postings_index(struct model *md);
void postings_free(struct model *md);
uint32_t together(struct model *md, uint32_t mi);
/* The cover letter of a twin posting another person answered (versions.c); NONE. */
uint32_t cover_twin(struct model *md, uint32_t mi);
/*
 * Another repository's half of its submission, posted within
 * COMPANION_SECS, answered; *maint: by one who commits to this
 * repository (versions.c).
 */
#define COMPANION_SECS 600
uint32_t companion(struct model *md, uint32_t mi, uint32_t *half, int *maint);
uint32_t superseded_by(struct model *md, uint32_t mi);
uint32_t series_answered(struct model *md, uint32_t mi);
/*
 * Of the other patches of mi's posting by its author, of its N (*others),
 * how many were merged (versions.c).
 */
uint32_t parts_merged(struct model *md, uint32_t mi, uint32_t *others);
/* ... the commits that merged them, each once, into *v (allocated; NULL for none): how many. */
uint32_t parts_commits(struct model *md, uint32_t mi, uint32_t **v);
/*
 * A pull request (a row of md->pulls) with a commit of another part of
 * mi's posting (pull_like()), the lowest-numbered; NONE.
 */
uint32_t parts_pull(struct model *md, uint32_t mi);
/*
 * A patch's family (family.c).  Versions under any title: one person's
 * patch mails that patchsim scored FAM_SCORE alike (and FAM_FDIFF over
 * their whole diffs), within FAM_DAYS; the same Change-Id, or Fixes:
 * naming the same commit within RETITLE_DAYS; or
 * a next version (another vN) under a title alike (TWIN_WORDS, numbered
 * siblings such as foo01 and foo02 aside) on a file or folder of both,
 * within RETITLE_DAYS; or a patch whose own title is alike the cover
 * letter's the other was sent under (TITLE_WORDS words each), on a file
 * of both, within RETITLE_DAYS (a patch re-sent as a series); or a
 * single patch's vN with no earlier version of its own on the very files
 * of a single unmerged patch before it, its person's latest there, under
 * a title prefix of the same last part, within VERSION_DAYS; or the
 * same title on a file of both (or of
 * TITLE_WORDS words, whatever the files), within FAM_DAYS, a title the
 * history gives RECUR_TITLES commits aside; or a vN (N >
 * 1) of as many patches, with no earlier version of its own, posted
 * within NEAR_SECS after the patch, its person's last posting before
 * it.  A patch of the same version posted within TOGETHER_SECS is a
 * companion (together()), a version only when the same patch again.
 * Weak (unsure): posted within NEAR_SECS after it, under a title alike,
 * or a vN with no earlier version of its own on a file or folder of it.
 */
/* Posted within TOGETHER_SECS: a version only when the same patch again (this alike, or the same hash). */
#define REPOST_SCORE 0.9
/* The same title, whatever the files, when it has this many distinct words. */
#define TITLE_WORDS 5
#define RETITLE_DAYS 30
#define NEAR_SECS (24 * 3600)
/*
 * A commit crediting a patch's author (Signed-off-by, Co-developed-by,
 * Reported-by ...) that patchsim scored against the patch (a file of
 * both), written from a day before to CREDIT_DAYS after it: CREDIT_SCORE
 * alike, or within CREDIT_NEAR_DAYS whatever its score.
 */
#define CREDIT_DAYS 365
#define CREDIT_NEAR_DAYS 60
#define CREDIT_SCORE 0.3
/*
 * A patch that would be ignored is carried by a commit (carried.c)
 * written within CARRY_DAYS of it, before or after, or committed in the
 * CARRY_DAYS after it (a branch squashed), on a file of it,
 * whose added lines hold CARRY_SHARE of its own distinctive ones (of
 * CARRY_CHARS characters or more, whitespace collapsed), CARRY_MIN at
 * least; of a smaller patch (CARRY_MIN lines added and removed together
 * at least), every line it adds and every line it removes.
 */
#define CARRY_DAYS 365
#define CARRY_CHARS 12
#define CARRY_MIN 3
#define CARRY_SHARE 0.6
/*
 * Else a commit within CARRY_DAYS of it, before or after, on a file of
 * it, that removes TOUCH_SHARE of the distinctive lines it removes (one
 * at least), they a TOUCH_FOCUS of the distinctive lines it removes
 * itself, changed the code it changes: made another way, or made
 * stale; a doubt (unsure), not "ignored"; else one that creates a file
 * it creates (the same path).  A commit of its author's, after it, that
 * does so is his rework (reworked).
 */
#define TOUCH_SHARE 0.5
#define TOUCH_FOCUS 0.25
/*
 * Unless that commit, another's written after it, also brings the words
 * its added lines bring (new_words(): WORDS_MIN at least, CARRY_SHARE of
 * them): its change written again by another (reworked), not a doubt.
 */
#define WORD_CHARS 3
#define WORDS_MIN 2
/*
 * Its author's own later work speaks for it up to OWN_DAYS after it: a
 * commit of his carrying its lines, or removing TOUCH_SHARE of the lines
 * it removes, they OWN_FOCUS of those it removes, under a title sharing
 * a word with its own (his rework, not a sync of a whole file), is his
 * rework; a later patch mail of his doing so, his next version.
 */
#define OWN_DAYS 730
#define OWN_FOCUS 0.02
/*
 * A patch whose posting's other parts were merged, not it, folded into
 * the commits that merged them: a commit committed by the one who
 * committed one of them, within FOLD_HOURS of it, on a file of the
 * patch, carrying its lines as CARRY_SHARE says, or, of a smaller patch,
 * every line it adds and every line it removes, one at least (a fix-up
 * of the series squashed into its commits before they were pushed).
 */
#define FOLD_HOURS 24
struct carry {
	uint32_t mail, hits, lines;
	uint32_t commit;         /* carried 3, 4, 7: the commit changing its lines */
	int files;               /* ... or creating files it creates (hits of lines) */
	int issue;               /* ... or naming an issue its message names */
	int added;               /* ... or carrying its added lines (its author's, later) */
	uint32_t words, nwords;  /* carried 14: the words its added lines bring the commit
	                            brings too, of those */
	int adds;                /* by lines: the commit adds lines too (a rework of
	                            them, not their removal) */
};
void carried(struct model *md);
/*
 * The one commit of the main line under patch mi's very title (title
 * words, TITLE_WORDS distinct at least; no other commit has them), its
 * author's or crediting him, committed after it within OWN_DAYS: its
 * merge, however the diff changed on the way (family.c); NONE.
 */
uint32_t title_commit(struct model *md, uint32_t mi);
/*
 * lines.c, carried.c's reading of lines (fixups.c's too): the distinctive
 * lines of a kind ('+' added, '-' removed) of a hunks field, hashed, sorted,
 * each once, into *v (*cap its room; w a scratch buffer): how many;
 * how many of sorted a[0..na) are in sorted b[0..nb); the hunks column
 * c of the current row, unescaped into raw: the bytes (*n), or NULL for
 * a bad field.
 */
uint32_t some_lines(const char *s, size_t n, int kind, uint64_t **v, uint32_t *cap,
    struct buf *w);
uint32_t common(const uint64_t *a, uint32_t na, const uint64_t *b, uint32_t nb);
/*
 * The words a hunks field's added lines bring: runs of WORD_CHARS or
 * more letters, digits and '_' that its removed lines lack, hashed,
 * sorted, each once, into *v (*cap its room; scratch, *scap, for the
 * removed ones): how many.
 */
uint32_t new_words(const char *s, size_t n, uint64_t **v, uint32_t *cap, uint64_t **scratch,
    uint32_t *scap);
/*
 * Do lines holding hits of a change's n distinctive added lines carry
 * it: CARRY_SHARE of them (CARRY_MIN at least); of a smaller change
 * (fewer than CARRY_MIN added), all it adds and all it removes (rm[0..nrm)
 * in orm[0..onrm))?  carried.c's test, postlines.c's too.
 */
int lines_carried(uint32_t n, uint32_t hits, const uint64_t *rm, uint32_t nrm,
    const uint64_t *orm, uint32_t onrm);
const char *hunks_of(const struct tsv_reader *r, int c, struct buf *raw, size_t *n);
/*
 * An off-list commit made as a fix-up of another's patch on its review
 * (fixups.c): its author answered the patch and it went in beside the
 * commit that patch became (fixup_replies()), and either FIXUP_SHARE of
 * the distinctive lines it removes or changes (one at least) are lines
 * that commit added (a pass over the whole file that crosses one of
 * them is its author's own), or its message names that commit by its
 * hash (7 digits or more): fixreply and fixby of the commit.
 */
#define FIXUP_SHARE 0.25
struct fixer;
/* The candidates (NULL if none); each commit row of carried.c's pass; the verdict, freed. */
struct fixer *fixups_begin(struct model *md);
void fixups_row(struct fixer *fz, const struct prow *p);
void fixups_end(struct model *md, struct fixer *fz);
/*
 * An off-list commit whose lines a patch mail of its author holds, or
 * whose lines hold the mail's (postlines.c: as carried.c's lines, 60%
 * of the added ones of either; the mail before it, within CARRY_DAYS, on
 * a file of it): posted, split out of that posting or a next version of
 * it pushed unposted (split 3, postby).  The candidates (NULL if none);
 * each row of carried.c's passes over the mails and the commits; the
 * verdict, freed.
 */
struct poster;
struct poster *postlines_begin(struct model *md);
void postlines_row(struct poster *ps, const struct prow *p);
void postlines_end(struct model *md, struct poster *ps);
const struct carry *carry_of(const struct model *md, uint32_t mi);
void touch_text(const struct model *md, const struct mail *m, const struct carry *k,
    struct buf *b);

/*
 * The words of a verdict (vtext.c): patch mail mi's verdict, its detail
 * appended to b (a commit, a responder, a mail, a doubt, why it is not
 * counted), as judged now; a mail's own words (its said) in quotes, cut
 * short; what an unsure verdict doubts; "committer" or "contributor";
 * why a patch is too new to judge.
 */
const char *verdict_text(struct model *md, const struct scope *sc, uint32_t mi,
    struct buf *b);
void said_quote(const struct mail *x, struct buf *b);
void unsure_text(struct model *md, uint32_t mi, struct buf *b);
const char *role_name(const struct mail *m);
void too_new_text(const struct model *md, const struct mail *m, struct buf *b);

/*
 * The verdicts as a table (vtable.c; patchtrack-tsv(5)).
 * verdicts_record(): each patch mail's rule (vreason) and detail
 * (vdetail), once, after judging.  verdicts_apply(): a table's rows
 * (md->vrows) taken instead of judging, each checked against the
 * tables; PT_EXIT_FAILED when one was named and left out.
 * verdicts_given(): those with the facts the reports read beside them
 * (verdict.c).  verdict_by_commit(): is a verdict's by a commit
 * (merged, applied, reworked, superseded)?  vstates[]: the commits'
 * verdicts as the table spells them, by VS_*.
 */
void verdicts_record(struct model *md, const struct scope *sc);
int verdicts_apply(struct model *md);
int verdicts_given(struct model *md, const struct scope *sc);
int verdict_by_commit(int v);
extern const char *const vstates[VS_NOTOFFLIST + 1];
/* Unsigned patches are no submissions where at most 1 in UNSIGNED_RATE of UNSIGNED_MIN merged ones is. */
#define UNSIGNED_RATE 20
#define UNSIGNED_MIN 20
/*
 * A tag is another repository's when TAG_EXPECT of its patches would
 * have been merged at the rate of all, and at most 1 in TAG_RATIO of
 * those were (none, or the few its patches' companions made look so).
 */
#define TAG_EXPECT 1.5
#define TAG_RATIO 4
/*
 * Or, too few for the rate to tell, none of at least TAG_OTHER_MIN
 * patches merged, most of them another repository's by their files.
 */
#define TAG_OTHER_MIN 3
/* Before the verdicts, after the pairs are read; family_free() after them. */
void family_index(struct model *md);
/*
 * The patch mails of sender address addr in the index family_index()
 * made (patches, dated, no review copies), by date: *v, how many.
 */
size_t address_mails(const struct model *md, const char *addr, const uint32_t **v);
void family_free(struct model *md);
/* The first word of a patch's title when a "prefix: " ("Bluetooth: ..."), lower-cased; its length (foreign.c). */
size_t title_prefix(const char *subject, char *out, size_t cap);
/* How x is a version of mi: 0 none, 1 weak, 2 strong. */
uint32_t family_kin(struct model *md, uint32_t mi, uint32_t xi);
/*
 * The version of mi outside its cluster (family_kin()) that was handled,
 * merged or applied (*merged) or answered: the strongest, merged first,
 * then the earliest; *weak when only a weak one was; NONE if none.
 */
uint32_t family_version(struct model *md, uint32_t mi, int *weak, int *merged);
/* The earliest later version of mi outside its cluster (strong kin), handled or not; NONE. */
uint32_t family_later(struct model *md, uint32_t mi);
/* The earliest later version of mi outside its cluster (strong kin) merged or applied; NONE. */
uint32_t family_merged_later(struct model *md, uint32_t mi);
/*
 * The commit of mi's cluster that applied it: of the main line (side 0)
 * or of side branches (1), the first by commit date, not committed
 * more than COMMIT_SKEW days before mi was sent unless mi is an exact
 * repost of it (the patch table's hash); NONE.  Of a pull request's
 * part (a numbered patch under a pull request's mail: the copy of a
 * commit taken before), the latest commit of its cluster landed in the
 * 120 days before it, first.
 */
uint32_t applied_by(struct model *md, uint32_t mi, int side);  /* applied.c */
/*
 * Is patch mail m a numbered part of a pull request's posting (its
 * parent a pull request mail): the copy of a commit taken before?  Such
 * a copy is merged by the latest commit of its cluster landed in the
 * PULL_DAYS before it.
 */
int pull_part(const struct model *md, const struct mail *m);
#define PULL_DAYS 120
/* The commit that merged mi (the main line's), else applied it (a side branch's); NONE. */
uint32_t landed_by(struct model *md, uint32_t mi);
/*
 * A commit of the main line that kept patch mail mi's author and its
 * date as its author date, to the second (git am of that very mail,
 * reworked after: its diff too changed for the scores), on a file of
 * it, committed after it was posted, in no cluster holding a patch mail
 * (which would say whose it is): the first by id; NONE.  The index is
 * built by dated_index() before the verdicts, freed by dated_free().
 */
uint32_t dated_commit(struct model *md, uint32_t mi);  /* applied.c */
void dated_index(struct model *md);
void dated_free(void);
/* Days a commit may seem older than the mail it applies: the senders' clocks, a commit then mailed. */
#define COMMIT_SKEW 1
/* A commit crediting mi's author on a file of it (CREDIT_*): the first by commit date; NONE. */
uint32_t credit_commit(struct model *md, uint32_t mi);
/*
 * Another's commit whose own words credit mi's author ("Rewritten from
 * patches by NAME <addr>": its prose), written from a day before mi to
 * CREDIT_DAYS after it, changing a file of the same name as one of mi
 * (a library's rework moves them): the first by commit date; NONE.
 * Reworked, carried 9.
 */
uint32_t prose_commit(struct model *md, uint32_t mi);
/*
 * Another person's patch of the same change (a pair of md->fam, other:
 * DUP_SCORE alike over FAM_FDIFF of both diffs), posted within DUP_DAYS
 * of mi, before or after, and merged (or applied): its commit, the
 * patch in *dup (the nearest in time); NONE.  A fix sent twice, the
 * other taken (superseded, carried 8).
 */
uint32_t duplicate_merged(struct model *md, uint32_t mi, uint32_t *dup);
/*
 * The earliest mail of mi's author, no patch and no ping, at or after it,
 * aimed at it or a version of its cluster (aimed_at()): a withdrawal
 * (*wd) or anything else he said of it; NONE.
 */
uint32_t followup(struct model *md, uint32_t mi, int *wd);
/*
 * Does an answer to ti, a patch posted with mi (together()), answer mi
 * too: any answer when their titles are alike (the same change in two
 * places), else, ti a posting of its own, one whose own words speak of
 * several patches (flag series)?
 */
int twin_answered(struct model *md, uint32_t mi, uint32_t ti);
/*
 * Patches under a tag the history never takes: another repository's
 * (foreign, bytag); then those made in another repository's tree, by
 * their blobs (tags.c, blobs_judge()).
 */
void tags_judge(struct model *md);
struct set64;
struct hmap;
/* After the tags, the lists' own tags' hashes in ltags: see blobs.c. */
void blobs_judge(struct model *md, const struct set64 *ltags);
/* Each patch's blobs before it that rest on the history (bpre, broot): blobs.c. */
void blobs_root(struct model *md);
/*
 * Shared by tags.c and blobs.c: the words of a subject's leading
 * bracket groups, lower-cased, each to fn; is a word the patch's own
 * (PATCH, RFC, a version), no repository's; a patch a tag's counts
 * count; the counts of a tag (or title prefix) under key w[0..k) of by.
 */
/* Counts of a tag: every mail, per list, and the patches judged. */
struct tagstat {
	unsigned long patches, merged;
	unsigned long other;     /* of its patches, another repository's by their files */
	unsigned long early, eother; /* posted before the history's end; of those, another's */
	int foreign, byfiles;
};
void subject_tags(const char *s, void (*fn)(const char *, size_t, void *), void *arg);
int process_tag(const char *w, size_t k);
int tag_counted(struct model *md, uint32_t i);
void tag_count(struct model *md, struct hmap *by, const char *w, size_t k, int merged,
    int other, int early);
/*
 * After model_finish(), before the verdicts: the patches of another
 * repository (foreign.c), then the off-list reasons' indexes (reasons.c).
 */
void find_foreign(struct model *md);
/* Again after the tags and blobs (tags.c): their patches teach nothing, and stay another repository's. */
void find_foreign_again(struct model *md);
/*
 * Is path p[0..n) a file every project may have: COPYING, LICENSE,
 * README, MAINTAINERS, CREDITS, AUTHORS, CONTRIBUTING (and their .md,
 * .txt ...), .gitignore, .mailmap, or the top Makefile (foreign.c)?
 */
int generic_file(const char *p, size_t n);
void reasons_index(struct model *md);
/*
 * Is word w[0..k) one the mails' subjects hold often: in more than
 * SUBJECT_COMMON_SHARE of the mails, and SUBJECT_COMMON_MIN at least
 * (reasons.c)?  Such a word ("support", "error", "tests") ties no mail to
 * a commit.
 */
#define SUBJECT_COMMON_SHARE 0.005
#define SUBJECT_COMMON_MIN 20
int subject_common(const struct model *md, const char *w, size_t k);
/* Does a present commit's id begin with hash p[0..k) (7 to 40 hex digits, any case)? (reasons.c) */
int commit_by_prefix(const struct model *md, const char *p, size_t k);

/* Off-list commits (offlist.c), for the summary too. */
/*
 * Why an off-list commit came without a posting, the first that holds:
 * a tag names it (release), a revert, translations alone, a trailer
 * naming a mail the archives lack (posted elsewhere), a patch mail of
 * theirs (the matching missed it), another repository's patch mail of
 * theirs (ported) or another mail of theirs (a follow-up); another
 * repository's patch mail in its cluster, or a line of its message
 * saying it came from another tree (ported); its diff in a reply
 * (posted-in-reply); a reply of theirs to a posting they lack (posted
 * elsewhere); a mail by its Reported-by or Suggested-by person in the
 * 60 days before it (follow-up); release notes, change logs or a
 * version in its title (release); brought in by a merge of a
 * contributor's branch (its commits committed by people who commit no
 * one else's work), naming a pull request, a pull request's commit of
 * its title, summary, or author and author date, or its author's own
 * commit when he commits no one else's work (a branch taken whole: pull
 * request); its author's patch mail on its files, answered
 * by another person (its committer's own: one it credits), in the
 * REVIEW_DAYS before it (follow-up); its author's answer to another's
 * patch whose commit it went in beside (fixup_replies(): follow-up); a
 * mail of a discussion begun before it naming it by hash
 * (named_in_reply(): follow-up); its
 * Reported-by naming another (follow-up); the project's patches going
 * to a list the archives lack (lists_elsewhere(): posted-elsewhere); its
 * author its committer, a committer (committer-own); else none.
 */
enum { OR_RELEASE, OR_REVERT, OR_TRANSLATION, OR_ELSEWHERE, OR_FOLLOWUP, OR_UNLINKED, OR_INREPLY,
	OR_PORTED, OR_PULL, OR_OWN, OR_NONE, OR_N };
extern const char *const offlist_reasons[OR_N];
/*
 * What the reasons read beyond the commit (reasons.c).  commits_others():
 * does the person of this address and lower-cased name commit others'
 * work at t: a committer (committer_at()), or the committer of the work
 * of two other people or more on any branch (a queue or a maintainer's
 * branch merged), or who merged them into the main line (the merged
 * table's merge_by), within COMMITTER_DAYS?  branch_committer(): a
 * commit of the branch merge brought in whose committer (its author,
 * when GitHub made it) commits others' work (when another made that
 * merge, to the main line: committer_at()): the branch is no
 * contributor's; NULL if none.  reviewed_posting(): the latest patch mail of commit c's
 * author from REVIEW_DAYS before c was written to then, on c's files
 * (the files both change half of each's at least), that another person
 * answered by then (a reply to it, or to its cover letter; with credit
 * set, a person c's credit trailers name): the earliest such answer
 * into *reply; NONE if none.
 */
#define REVIEW_DAYS 60
int commits_others(const struct model *md, const char *addr, const char *who, int64_t t);
/* A commit of another's work the person committed or merged nearest t (COMMITTER_DAYS); NULL. */
const struct commit *others_commit(const struct model *md, const char *addr, const char *who,
    int64_t t);
const struct commit *branch_committer(const struct model *md, const char *merge);
uint32_t reviewed_posting(const struct model *md, const struct commit *c, int credit,
    uint32_t *reply);
/*
 * A maintainer's fix-up of a contributor's patch, made on its review:
 * fixup_replies() gives the replies of commit c's author to another
 * person's patch mail (or to its cover letter: one of its parts), from
 * FIXUP_DAYS before c was committed to a day
 * after, when c was written after that patch was posted (not his own
 * work of before, merged the same day) and the commit that patch
 * became was committed beside c (by c's committer, within a day) and
 * changes every file c changes: each reply into replies[], that commit
 * into besides[], by the replies' dates, max at most; how many.  The
 * first whose lines fixups.c finds the fix-up's is its.
 */
#define FIXUP_DAYS 14
/*
 * Announced on the list: the earliest mail (no cover letter, pull
 * request or bot's) whose sender's own words name commit ci by its hash
 * ("fixed in dca56c567"), sent after it was written and at most
 * NAMED_DAYS after it was committed, in a thread begun before it was
 * written (a discussion it answers, not a later report on it); NONE.
 */
#define NAMED_DAYS 2
uint32_t named_in_reply(const struct model *md, uint32_t ci);
/*
 * The commit a reply to patch mi (or to its cover letter) names by hash
 * ("Merged as 5c60b7230", "pushed as ..."): its author's or crediting
 * him, on a file of it, committed after the posting and at most a day
 * after that reply; of the earliest such reply (*by); NONE.
 */
uint32_t named_commit(struct model *md, uint32_t mi, uint32_t *by);
size_t fixup_replies(struct model *md, const struct commit *c, uint32_t *replies,
    uint32_t *besides, size_t max);
/* How many of them fixups.c reads for one commit, in the order of the replies. */
#define FIXUP_TRIES 8
/*
 * The list the project's patches go to besides the archives' own
 * (md->elsewhere, NULL if none): a list address (list_address()) no mail
 * of the archives comes from and the archives do not hold, on half the
 * patches for the project at least (ELSE_MIN of them, from ELSE_AUTHORS
 * people or more): the project is developed there too, and a commit of
 * it the archives lack was posted there most likely (kvm-unit-tests'
 * patches on kvmarm, every one of which goes to kvm@vger.kernel.org).
 * After verdicts(), which knows the patches for the project.
 */
#define ELSE_MIN 10
#define ELSE_AUTHORS 3
void lists_elsewhere(struct model *md);
/*
 * Releases (release.c).  tag_release(): a tagged commit that is the
 * release itself (its title names a version or a release word, or it
 * changes release notes, change logs or version files alone).
 * release_commit(): that, or release
 * files alone under a title saying so, or a title naming a version
 * beside a release word or alone.  release_tagger(): did c's committer
 * (by address or name) commit a release's tagged commit?
 */
int tag_release(const struct commit *c);
int release_commit(const struct commit *c);
int release_tagger(const struct model *md, const struct commit *c);
/* A version string bumped alone by one who tagged a release in the 2 days before it. */
int next_cycle(const struct model *md, const struct commit *c);
/*
 * The committers of the commits that releases tag (the release itself:
 * tag_release()), into md->taggers: whoever tags pushes, and his own
 * commits are no branch of his another took whole.
 */
void release_taggers(struct model *md);
/* The reason of off-list commit ci (OR_*), its evidence appended to detail. */
int offlist_why(const struct model *md, uint32_t ci, struct buf *detail);
/* The same, and when its cluster holds only process mails, that said too. */
int offlist_reason(const struct model *md, uint32_t ci, struct buf *detail);
/*
 * What the cluster of commit ci holds when it counts as off-list ("no
 * mail", "process mails only"), or NULL if it does not; the first patch
 * mail of commit c's cluster that is another repository's, or NULL.
 */
const char *offlist_mails(const struct model *md, uint32_t ci);
const struct mail *ported_from(const struct model *md, const struct commit *c);
/*
 * Each commit a patch mail became by its verdict, reworked by the
 * change itself (its lines, its author's rework, its title, its author
 * date, its words; not a credit, a commit a reply named, or a change
 * made before it), committed after the mail was posted, off-list by its
 * cluster: posted, by the earliest such mail (split 5, postby).
 */
void became_posted(struct model *md);
/* Is commit c a revert (its title starts "Revert")? */
int revert_commit(const struct commit *c);

/* Per merged cluster: first and last posting, and the integration (roles.c). */
struct dur {
	uint32_t k;
	int64_t first, last;
	uint32_t nmails;
};
size_t durations(const struct model *md, const struct scope *sc, struct dur **out);

/*
 * The history given (roles.c).  A person commits to the repository at
 * date t when some commit of another person has them as its committer
 * (by address or name) from COMMITTER_DAYS before to as long after (in
 * a history where nobody commits another's work, any commit); GitHub's
 * web merges are no person.
 */
#define COMMITTER_DAYS 365
/* Once, after model_finish(): the committers, hist_end, merge_p90, tagged commits. */
void history_facts(struct model *md, const struct scope *sc);
int committer_at(const struct model *md, const char *addr, const char *who, int64_t t);
/* Is the committer of this address and lower-cased name a machine (GitHub's web merges)? */
int machine_committer(const char *addr, const char *who);
/* Did commit c's committer commit another person's work (another address and name)? */
int for_another(const struct commit *c);
/*
 * Was mail m posted later than the history's end less its 90th
 * percentile time to merge: too late to tell whether it would be merged?
 */
int after_history(const struct model *md, const struct mail *m);

/*
 * A maintainer's corrections (corrections.c): a table he keeps, one row
 * per patch mail or commit (id verdict note by date), read on every run
 * and never written by the tools.  A corrected patch shows the verdict he
 * gave, marked as his (its detail says so); the tool's own stays for why
 * and eval.  A commit is corrected to "posted" (not off-list) or
 * "offlist".
 */
/* At the end of verdicts(): each mail's and commit's correction applied. */
void corrections_apply(struct model *md);
/* "correction: NOTE (WHO, DATE); the tool: VERDICT" into b. */
void correction_text(const struct model *md, uint32_t ci, struct buf *b);
/* "line N of the corrections: NOTE (WHO, DATE)" into b, for why. */
void correction_said(const struct model *md, uint32_t ci, struct buf *b);
/* How many corrections, applied ones, and those the tool's own verdict agrees with. */
void corrections_count(const struct model *md, size_t *n, size_t *applied, size_t *agree);
/* The line that would correct patch or commit id to verdict, for the page. */
void correction_line(const char *id, const char *verdict, struct buf *b);

#endif
