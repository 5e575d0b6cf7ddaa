/*
 * summary.c - the summary report: one screen to read first.
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

static void
tally_add(struct hmap *h, struct tally **v, size_t *n, const char *key, size_t klen,
    struct arena *mem)
{
	int isnew;
	struct hent *e = hmap_put(h, key, klen, &isnew);

	if (isnew) {
		e->key = arena_strndup(mem, key, klen);
		*v = xreallocarray(*v, *n + 1, sizeof **v);
		(*v)[*n].key = e->key;
		(*v)[*n].n = 0;
		e->val = (void *)(uintptr_t)(*n + 1);
		(*n)++;
	}
	(*v)[(uintptr_t)e->val - 1].n++;
}

static void
row3(struct out *o, const char *what, const char *value, const char *detail)
{
	out_cell(o, what);
	out_cell(o, value);
	out_cell(o, detail);
	out_end(o);
}

static void
rowf(struct out *o, const char *what, unsigned long v, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void
rowf(struct out *o, const char *what, unsigned long v, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	char num[24];
	va_list ap;

	va_start(ap, fmt);
	buf_grow(&b, 256);
	vsnprintf(b.p, 256, fmt, ap);
	va_end(ap);
	snprintf(num, sizeof num, "%lu", v);
	row3(o, what, num, b.p);
	buf_free(&b);
}

/* A grace line as a row of the summary: value the days. */
static void
grace_row(const char *days, const char *how, void *arg)
{
	row3(arg, "  grace", days, how);
}

/* What the summary counts over the mails and clusters. */
struct sums {
	unsigned long nmails, bytype[MT_N], patches, nmerged, nignored, excluded, ntoonew,
	    nwithdrawn, nclusters, kmerged, nown, nlate, nsuper, ntogether, napplied,
	    nunsure, nfollowed, nreworked, nnotsub;
	/* The ignored patches per list and per author. */
	struct hmap hl, ha;
	struct arena mem;
	struct tally *tl, *ta;
	size_t ntl, nta;
	int64_t *tt;             /* times to first response */
	size_t ncorr, ncorr_applied, ncorr_agree; /* a maintainer's corrections */
	size_t ntt;
};

/* An ignored patch on its lists and its author's tallies. */
static void
tally_ignored(struct sums *sm, const struct mail *m, struct buf *tmp)
{
	const char *l = m->lists;

	do {
		size_t k = strcspn(l, " ");

		tally_add(&sm->hl, &sm->tl, &sm->ntl, l, k, &sm->mem);
		l += k;
		while (*l == ' ')
			l++;
	} while (*l);
	buf_reset(tmp);
	if (*m->name)
		buf_addf(tmp, "%s <%s>", m->name, m->from);
	else
		buf_addstr(tmp, m->from);
	tally_add(&sm->ha, &sm->ta, &sm->nta, tmp->p, tmp->len, &sm->mem);
}

static void
count(const struct model *md, struct sums *sm, struct buf *tmp)
{
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		if (!m->present)
			continue;
		sm->nmails++;
		sm->bytype[m->type]++;
		sm->excluded += m->excluded;
		sm->nnotsub += m->verdict == V_NOTSUB;
		if (!m->project)
			continue;
		sm->patches++;
		if (m->fresp != NONE)
			sm->tt[sm->ntt++] = ttfr(md, m);
		sm->nmerged += merged(md, m);
		sm->napplied += m->verdict == V_APPLIED;
		sm->nunsure += m->verdict == V_UNSURE;
		sm->nfollowed += m->verdict == V_FOLLOWEDUP;
		sm->nreworked += m->verdict == V_REWORKED;
		sm->ntoonew += m->toonew;
		sm->nlate += m->late;
		sm->nwithdrawn += m->withdrawn;
		sm->nsuper += m->superseded;
		sm->ntogether += m->together;
		if (m->ignored) {
			sm->nignored++;
			sm->nown += m->committer;
			tally_ignored(sm, m, tmp);
		}
	}
	/*
	 * The patches asked about: a cluster of commits alone (every commit
	 * of the history not posted) is counted under commits, not here.
	 */
	for (size_t i = 0; i < md->nclusters; i++) {
		if (!md->clusters[i].nmails)
			continue;
		sm->nclusters++;
		sm->kmerged += md->clusters[i].ncommits > 0;
	}
}

/* The mails: their dates, types, repeats and coverage. */
static void
rows_mails(struct out *out, const struct model *md, const struct sums *sm, struct buf *tmp)
{
	char a[21] = "", b[21] = "", num[24];

	if (md->mail_first != NODATE) {
		iso_utc(a, md->mail_first);
		iso_utc(b, md->mail_last);
	}
	rowf(out, "mails", sm->nmails, "%.10s .. %.10s%s", a, b,
	    md->ndup ? "; ids seen more than once are counted once" : "");
	for (int t = 1; t < MT_N; t++)
		if (sm->bytype[t])
			rowf(out, "  by type", sm->bytype[t], "%s (%.1f%%)", mtype_name(t),
			    100 * share(sm->bytype[t], sm->nmails));
	if (md->ndup)
		rowf(out, "  repeated rows", (unsigned long)md->ndup,
		    "copies of a Message-ID already read (cross-posts, duplicates)");
	buf_reset(tmp);
	coverage_text(md, tmp);
	buf_addf(tmp, ": the dates the mails really cover (per list, the months holding "
	    "at least 1/%d of a typical month, quiet gaps up to %d months filled)",
	    COVER_SHARE, COVER_GAP);
	snprintf(num, sizeof num, "%lu", md->cov_in);
	row3(out, "  coverage", num, tmp->p);
}

/* The patches merged and ignored, and by whom and where ignored. */
static void
rows_merged_ignored(struct out *out, struct sums *sm, const struct ropts *o)
{
	rowf(out, "patches", sm->patches, "for the project: thread root or reply to it; "
	    "not bot, pull, RFC, linux-next or stable");
	if (sm->nnotsub)
		rowf(out, "  not submissions", sm->nnotsub, "patch mails not meant to be merged "
		    "(a test mail, do not merge, work in progress, debug prints): not counted");
	if (sm->excluded)
		rowf(out, "  left out", sm->excluded, "in series above --max-series %ld",
		    o->sc.max_series);
	rowf(out, "merged", sm->nmerged, "%.1f%% of patches",
	    100 * share(sm->nmerged, sm->patches));
	if (sm->napplied)
		rowf(out, "applied", sm->napplied, "%.1f%% of patches: not merged, but a commit "
		    "of it is on a side branch (another branch than the main line)",
		    100 * share(sm->napplied, sm->patches));
	rowf(out, "ignored", sm->nignored, "%.1f%% of patches: no response in any version, "
	    "not merged, its author silent but for pings, no commit crediting him",
	    100 * share(sm->nignored, sm->patches));
	rowf(out, "unsure", sm->nunsure, "%.1f%% of patches: no response, but mixed "
	    "evidence (a patch that may be its version, one posted with it, or another part "
	    "of its posting was handled): counted beside ignored, not in it",
	    100 * share(sm->nunsure, sm->patches));
	rowf(out, "  contributions", sm->nignored - sm->nown, "by people who do not commit to "
	    "the repository");
	rowf(out, "  committers' own", sm->nown, "by people who commit to the repository at "
	    "the time (within %d days): their own patch left, not a contribution ignored",
	    COMMITTER_DAYS);
	/* A maintainer's corrections: each a verdict read by hand. */
	if (sm->ncorr)
		rowf(out, "corrections", sm->ncorr, "a maintainer's, shown as the verdicts given "
		    "(%zu applied; %zu naming no patch or commit of the tables, kept); the tool's "
		    "own verdict is the one given for %zu of the %zu applied", sm->ncorr_applied,
		    sm->ncorr - sm->ncorr_applied, sm->ncorr_agree, sm->ncorr_applied);
	/* qsort wants an array, even of nothing. */
	if (sm->ntl)
		qsort(sm->tl, sm->ntl, sizeof *sm->tl, cmp_tally);
	if (sm->nta)
		qsort(sm->ta, sm->nta, sizeof *sm->ta, cmp_tally);
	for (size_t i = 0; i < sm->ntl && i < (size_t)o->top; i++)
		rowf(out, "  on list", sm->tl[i].n, "%s",
		    *sm->tl[i].key ? sm->tl[i].key : "(no list)");
	for (size_t i = 0; i < sm->nta && i < (size_t)o->top; i++)
		rowf(out, "  by author", sm->ta[i].n, "%s", sm->ta[i].key);
}

/* The patches without a verdict yet, or without one of their own. */
static void
rows_undecided(struct out *out, const struct model *md, const struct sums *sm,
    const struct ropts *o, struct buf *tmp)
{
	char a[21];

	rowf(out, "too new", sm->ntoonew + sm->nlate, "%.1f%% of patches: not merged, no "
	    "response, and too new to judge: no verdict yet",
	    100 * share(sm->ntoonew + sm->nlate, sm->patches));
	rowf(out, "  archives end", sm->ntoonew, "posted less than its list's grace before the "
	    "archives' coverage ends");
	grace_lines(md, &o->sc, grace_row, out);
	buf_reset(tmp);
	if (md->hist_end != NODATE) {
		iso_utc(a, md->hist_end);
		buf_addf(tmp, "posted after the history given ends (%.10s) less ", a);
		if (md->merge_p90 != NODATE)
			buf_addf(tmp, "its 90th percentile time from first posting to commit "
			    "(%.1f days, of %lu merged clusters)", (double)md->merge_p90 / DAY,
			    md->nmerged_lag);
		else
			buf_addstr(tmp, "nothing (no merged cluster to learn a time to merge from)");
		buf_addstr(tmp, ": it could not have been merged in it");
	} else {
		buf_addstr(tmp, "no history given");
	}
	rowf(out, "  history ends", sm->nlate, "%s", tmp->p);
	rowf(out, "withdrawn", sm->nwithdrawn, "%.1f%% of patches: not merged, no response, "
	    "withdrawn by its author in its thread (dropped, or a new version sent into it)",
	    100 * share(sm->nwithdrawn, sm->patches));
	rowf(out, "followed up", sm->nfollowed, "%.1f%% of patches: not merged, no response, "
	    "but its author wrote of it after it, not only to ask (his words are quoted in "
	    "patches.tsv)", 100 * share(sm->nfollowed, sm->patches));
	rowf(out, "superseded", sm->nsuper, "%.1f%% of patches: not merged as posted: a later "
	    "version of it under any title was merged (answered or not); or, with no response, "
	    "left out of its author's later version of its series, or a later version was "
	    "answered or stands for it",
	    100 * share(sm->nsuper, sm->patches));
	rowf(out, "reworked", sm->nreworked, "%.1f%% of patches: not merged as posted, but a "
	    "commit on its files credits its author (Signed-off-by, Reported-by ...) or "
	    "carries its lines (merged in another form, answered or not)",
	    100 * share(sm->nreworked, sm->patches));
	rowf(out, "answered together", sm->ntogether, "%.1f%% of patches: no response in its "
	    "own thread, but to a patch its author posted with it (within %d minutes on the "
	    "same file, or within %d hours under a title alike: the answer speaking of both, "
	    "or the titles alike), to another part of its posting, "
	    "or to another part of its series where an earlier version of that "
	    "part was discussed: one conversation",
	    100 * share(sm->ntogether, sm->patches), TOGETHER_SECS / 60, BATCH_SECS / 3600);
	rowf(out, "clusters", sm->nclusters, "of patch mails (a patch and its versions and "
	    "reposts); %lu of them with commits", sm->kmerged);
}

/* The off-list commits by reason, each reason's row said in words. */
static void
rows_offlist_reasons(struct out *out, struct model *md, const uint32_t *v, size_t n)
{
	static const char *const says[OR_N] = {
		"a release (tagged, or a version in its title)",
		"a revert",
		"translations alone (.po files: a translation project's, not "
		    "the list's)",
		"posted where the archives do not reach: a trailer names a mail "
		    "they lack, or a reply of theirs answers a posting they lack",
		"a follow-up to a discussion: a trailer names a reply or report "
		    "in the archives, its Reported-by wrote there before it, or its "
		    "author's patch mail on its files was answered before it",
		"its Link: names a patch mail of the archives that the matching "
		    "did not join",
		"its author sent its diff in a reply (the matching joins patch "
		    "mails only)",
		"ported: its change was posted for another repository (a kernel "
		    "patch a tool's commit carries over), or its message says it came "
		    "from another tree (cherry-picked, upstream commit, Gerrit)",
		"a contributor's work: a merge of his branch, naming a pull request, "
		    "or his branch taken whole",
		"the committer's own, applied without a posting",
		"none of these: another's commit applied directly (a posting the "
		    "archives may lack)",
	};
	unsigned long by[OR_N] = { 0 };
	struct buf d = BUF_INIT;

	for (size_t i = 0; i < n; i++) {
		buf_reset(&d);
		by[offlist_why(md, v[i], &d)]++;
	}
	buf_free(&d);
	for (int r = 0; r < OR_N; r++)
		if (by[r]) {
			char what[40];

			snprintf(what, sizeof what, "    %s", offlist_reasons[r]);
			rowf(out, what, by[r], "%s", says[r]);
		}
}

/* The commits in the window, and those of them off the lists. */
static void
rows_commits(struct out *out, struct model *md, const struct ropts *o, struct buf *tmp)
{
	uint32_t *v;
	size_t ncand, ndamaged, n = offlist_find(md, o, &v, &ncand, &ndamaged);
	struct span *w;
	size_t nw = offlist_window(md, o, &w);
	char num[24];

	buf_reset(tmp);
	buf_addstr(tmp, "written and committed in ");
	if (nw)
		spans_text(tmp, w, nw);
	else
		buf_addstr(tmp, "no window");
	buf_addf(tmp, " (%s)", window_source(o));
	snprintf(num, sizeof num, "%zu", ncand);
	row3(out, "commits", num, tmp->p);
	free(w);
	rowf(out, "  off-list", (unsigned long)n, "%.1f%%: in no cluster with a "
	    "human patch mail", 100 * share(n, ncand - ndamaged));
	rows_offlist_reasons(out, md, v, n);
	rowf(out, "  damaged", (unsigned long)ndamaged, "could not be read (damaged): "
	    "not judged");
	free(v);
}

/* Time to merge: from the first posting to the commit, of every merged cluster. */
static void
row_merge_time(struct out *out, struct model *md, const struct ropts *o, struct buf *tmp)
{
	struct dur *dv;
	size_t n = durations(md, &o->sc, &dv), k = 0;
	int64_t *days = xreallocarray(NULL, n ? n : 1, sizeof *days);

	for (size_t i = 0; i < n; i++) {
		int64_t d = md->commits[md->clusters[dv[i].k].first_commit].cdate - dv[i].first;

		if (d >= 0)
			days[k++] = d;
	}
	qsort(days, k, sizeof *days, cmp_i64);
	buf_reset(tmp);
	if (k) {
		buf_addf(tmp, "%.1f", (double)nearest_rank(days, k, 50) / DAY);
		out_cell(out, "time to merge");
		out_cell(out, tmp->p);
		buf_reset(tmp);
		buf_addf(tmp, "median days from first posting to commit; 90th "
		    "percentile %.1f; %zu clusters", (double)nearest_rank(days, k, 90) / DAY, k);
		out_cell(out, tmp->p);
		out_end(out);
	}
	free(days);
	free(dv);
}

/* Time to first response, and how many patches had one. */
static void
rows_response_time(struct out *out, struct sums *sm, struct buf *tmp)
{
	buf_reset(tmp);
	if (sm->ntt) {
		char med[32], p90[32];

		qsort(sm->tt, sm->ntt, sizeof *sm->tt, cmp_i64);
		hours(med, nearest_rank(sm->tt, sm->ntt, 50));
		hours(p90, nearest_rank(sm->tt, sm->ntt, 90));
		buf_addf(tmp, "median hours from posting to the first response by another "
		    "person, in its thread or a version's; 90th percentile %s (nearest rank)", p90);
		row3(out, "time to first response", med, tmp->p);
	} else {
		row3(out, "time to first response", "", "no patch was answered");
	}
	rowf(out, "  answered", (unsigned long)sm->ntt, "%.1f%% of patches: a response at or "
	    "after the posting", 100 * share(sm->ntt, sm->patches));
}

int
report_summary(struct model *md, const struct ropts *o)
{
	static const char *const cols[] = { "what", "value", "detail" };
	struct sums sm;
	struct out out;
	struct buf tmp = BUF_INIT;

	need(md, 1, 0, 1, "summary");
	if (o->sc.verbose)
		scope_notes(md, &o->sc);
	memset(&sm, 0, sizeof sm);
	sm.hl = (struct hmap)HMAP_INIT;
	sm.ha = (struct hmap)HMAP_INIT;
	sm.mem = (struct arena)ARENA_INIT;
	sm.tt = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *sm.tt);
	count(md, &sm, &tmp);
	corrections_count(md, &sm.ncorr, &sm.ncorr_applied, &sm.ncorr_agree);

	out_init(&out, o->fmt, o->header, o->fp);
	out_header(&out, cols, 3);
	rows_mails(&out, md, &sm, &tmp);
	rows_merged_ignored(&out, &sm, o);
	rows_undecided(&out, md, &sm, o, &tmp);
	if (md->has_commits)
		rows_commits(&out, md, o, &tmp);
	row_merge_time(&out, md, o, &tmp);
	rows_response_time(&out, &sm, &tmp);
	buf_reset(&tmp);
	maint_basis(md, &tmp);
	rowf(&out, "maintainers", (unsigned long)md->versions.n, "%s", tmp.p);
	out_finish(&out);
	free(sm.tt);
	free(sm.tl);
	free(sm.ta);
	hmap_free(&sm.hl);
	hmap_free(&sm.ha);
	arena_free(&sm.mem);
	buf_free(&tmp);
	return 0;
}
