/*
 * summary.c - the summary report: one screen to read first.
 */
#define _POSIX_C_SOURCE 200809L
#include <regex.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mailmap.h"
#include "ptreport.h"
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

int
report_summary(struct model *md, const struct ropts *o)
{
	static const char *const cols[] = { "what", "value", "detail" };
	unsigned long nmails = 0, bytype[MT_N] = { 0 }, patches = 0, nmerged = 0,
	    nignored = 0, excluded = 0, ntoonew = 0, nwithdrawn = 0, nclusters = 0,
	    kmerged = 0, nown = 0, nlate = 0, nsuper = 0, ntogether = 0, napplied = 0;
	struct hmap hl = HMAP_INIT, ha = HMAP_INIT;
	struct arena mem = ARENA_INIT;
	struct tally *tl = NULL, *ta = NULL;
	size_t ntl = 0, nta = 0;
	struct out out;
	char a[21] = "", b[21] = "";
	struct buf tmp = BUF_INIT;
	int64_t *tt = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *tt);
	size_t ntt = 0;

	need(md, 1, 0, 1, "summary");
	if (o->sc.verbose) {
		coverage_text(md, &tmp);
		warnx("coverage %s", tmp.p);
		grace_lines(md, &o->sc, grace_note, NULL);
	}
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		if (!m->present)
			continue;
		nmails++;
		bytype[m->type]++;
		excluded += m->excluded;
		if (!m->project)
			continue;
		patches++;
		if (m->fresp != NONE)
			tt[ntt++] = ttfr(md, m);
		nmerged += merged(md, m);
		napplied += !merged(md, m) && m->cluster != NONE && md->clusters[m->cluster].nside;
		ntoonew += m->toonew;
		nlate += m->late;
		nwithdrawn += m->withdrawn;
		nsuper += m->superseded;
		ntogether += m->together;
		if (m->ignored) {
			const char *l = m->lists;

			nignored++;
			nown += m->committer;
			do {
				size_t k = strcspn(l, " ");

				tally_add(&hl, &tl, &ntl, l, k, &mem);
				l += k;
				while (*l == ' ')
					l++;
			} while (*l);
			buf_reset(&tmp);
			if (*m->name)
				buf_addf(&tmp, "%s <%s>", m->name, m->from);
			else
				buf_addstr(&tmp, m->from);
			tally_add(&ha, &ta, &nta, tmp.p, tmp.len, &mem);
		}
	}
	/*
	 * The patches asked about: a cluster of commits alone (every commit
	 * of the history not posted) is counted under commits, not here.
	 */
	for (size_t i = 0; i < md->nclusters; i++) {
		if (!md->clusters[i].nmails)
			continue;
		nclusters++;
		kmerged += md->clusters[i].ncommits > 0;
	}

	out_init(&out, o->fmt, o->header, o->fp);
	out_header(&out, cols, 3);
	if (md->mail_first != NODATE) {
		iso_utc(a, md->mail_first);
		iso_utc(b, md->mail_last);
	}
	rowf(&out, "mails", nmails, "%.10s .. %.10s%s", a, b,
	    md->ndup ? "; ids seen more than once are counted once" : "");
	for (int t = 1; t < MT_N; t++)
		if (bytype[t])
			rowf(&out, "  by type", bytype[t], "%s (%.1f%%)", mtype_name(t),
			    100 * share(bytype[t], nmails));
	if (md->ndup)
		rowf(&out, "  repeated rows", (unsigned long)md->ndup,
		    "copies of a Message-ID already read (cross-posts, duplicates)");
	buf_reset(&tmp);
	coverage_text(md, &tmp);
	buf_addf(&tmp, ": the dates the mails really cover (per list, the months holding "
	    "at least 1/%d of a typical month, quiet gaps up to %d months filled)",
	    COVER_SHARE, COVER_GAP);
	{
		char num[24];

		snprintf(num, sizeof num, "%lu", md->cov_in);
		row3(&out, "  coverage", num, tmp.p);
	}
	rowf(&out, "patches", patches, "for the project: thread root or reply to it; "
	    "not bot, pull, RFC, linux-next or stable");
	if (excluded)
		rowf(&out, "  left out", excluded, "in series above --max-series %ld",
		    o->sc.max_series);
	rowf(&out, "merged", nmerged, "%.1f%% of patches", 100 * share(nmerged, patches));
	if (napplied)
		rowf(&out, "applied", napplied, "%.1f%% of patches: not merged, but a commit of "
		    "it is on a side branch (another branch than the main line)",
		    100 * share(napplied, patches));
	rowf(&out, "ignored", nignored, "%.1f%% of patches: no response in any version, "
	    "not merged", 100 * share(nignored, patches));
	rowf(&out, "  contributions", nignored - nown, "by people who do not commit to the "
	    "repository");
	rowf(&out, "  committers' own", nown, "by people who commit to the repository at the "
	    "time (within %d days): their own patch left, not a contribution ignored",
	    COMMITTER_DAYS);
	/* qsort wants an array, even of nothing. */
	if (ntl)
		qsort(tl, ntl, sizeof *tl, cmp_tally);
	if (nta)
		qsort(ta, nta, sizeof *ta, cmp_tally);
	for (size_t i = 0; i < ntl && i < (size_t)o->top; i++)
		rowf(&out, "  on list", tl[i].n, "%s", *tl[i].key ? tl[i].key : "(no list)");
	for (size_t i = 0; i < nta && i < (size_t)o->top; i++)
		rowf(&out, "  by author", ta[i].n, "%s", ta[i].key);
	rowf(&out, "too new", ntoonew + nlate, "%.1f%% of patches: not merged, no response, "
	    "and too new to judge: no verdict yet", 100 * share(ntoonew + nlate, patches));
	rowf(&out, "  archives end", ntoonew, "posted less than its list's grace before the "
	    "archives' coverage ends");
	grace_lines(md, &o->sc, grace_row, &out);
	buf_reset(&tmp);
	if (md->hist_end != NODATE) {
		iso_utc(a, md->hist_end);
		buf_addf(&tmp, "posted after the history given ends (%.10s) less ", a);
		if (md->merge_p90 != NODATE)
			buf_addf(&tmp, "its 90th percentile time from first posting to commit "
			    "(%.1f days, of %lu merged clusters)", (double)md->merge_p90 / DAY,
			    md->nmerged_lag);
		else
			buf_addstr(&tmp, "nothing (no merged cluster to learn a time to merge from)");
		buf_addstr(&tmp, ": it could not have been merged in it");
	} else {
		buf_addstr(&tmp, "no history given");
	}
	rowf(&out, "  history ends", nlate, "%s", tmp.p);
	rowf(&out, "withdrawn", nwithdrawn, "%.1f%% of patches: not merged, no response, "
	    "withdrawn by its author in its thread (dropped, or a new version sent into it)",
	    100 * share(nwithdrawn, patches));
	rowf(&out, "superseded", nsuper, "%.1f%% of patches: not merged, no response, left "
	    "out of its author's later version of its series, which was merged or answered",
	    100 * share(nsuper, patches));
	rowf(&out, "answered together", ntogether, "%.1f%% of patches: no response in its "
	    "own thread, but to a patch its author posted with it (within %d minutes, the "
	    "same file or a title alike): one conversation", 100 * share(ntogether, patches),
	    TOGETHER_SECS / 60);
	rowf(&out, "clusters", nclusters, "of patch mails (a patch and its versions and "
	    "reposts); %lu of them with commits", kmerged);

	if (md->has_commits) {
		uint32_t *v;
		size_t ncand, ndamaged, n = offlist_find(md, o, &v, &ncand, &ndamaged);
		struct span *w;
		size_t nw = offlist_window(md, o, &w);
		char num[24];

		buf_reset(&tmp);
		buf_addstr(&tmp, "written and committed in ");
		if (nw)
			spans_text(&tmp, w, nw);
		else
			buf_addstr(&tmp, "no window");
		buf_addf(&tmp, " (%s)", window_source(o));
		snprintf(num, sizeof num, "%zu", ncand);
		row3(&out, "commits", num, tmp.p);
		free(w);
		rowf(&out, "  off-list", (unsigned long)n, "%.1f%%: in no cluster with a "
		    "human patch mail", 100 * share(n, ncand - ndamaged));
		{
			unsigned long by[OR_N] = { 0 };
			static const char *const says[OR_N] = {
				"a release (tagged, or a version in its title)",
				"a revert",
				"translations alone (.po files: a translation project's, not "
				    "the list's)",
				"posted where the archives do not reach: a trailer names a mail "
				    "they lack, or a reply of theirs answers a posting they lack",
				"a follow-up to a discussion: a trailer names a reply or report "
				    "in the archives, or its Reported-by wrote there before it",
				"its Link: names a patch mail of the archives that the matching "
				    "did not join",
				"brought in by a merge of another's branch, naming a pull request, "
				    "or a contributor's branch taken whole",
				"the committer's own, applied without a posting",
				"none of these: another's commit applied directly (a posting the "
				    "archives may lack)",
			};
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
					rowf(&out, what, by[r], "%s", says[r]);
				}
		}
		rowf(&out, "  damaged", (unsigned long)ndamaged, "could not be read (damaged): "
		    "not judged");
		free(v);
	}
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
		buf_reset(&tmp);
		if (k) {
			buf_addf(&tmp, "%.1f", (double)nearest_rank(days, k, 50) / DAY);
			out_cell(&out, "time to merge");
			out_cell(&out, tmp.p);
			buf_reset(&tmp);
			buf_addf(&tmp, "median days from first posting to commit; 90th "
			    "percentile %.1f; %zu clusters", (double)nearest_rank(days, k, 90) / DAY, k);
			out_cell(&out, tmp.p);
			out_end(&out);
		}
		free(days);
		free(dv);
	}
	buf_reset(&tmp);
	if (ntt) {
		char med[32], p90[32];

		qsort(tt, ntt, sizeof *tt, cmp_i64);
		hours(med, nearest_rank(tt, ntt, 50));
		hours(p90, nearest_rank(tt, ntt, 90));
		buf_addf(&tmp, "median hours from posting to the first response by another "
		    "person, in its thread or a version's; 90th percentile %s (nearest rank)", p90);
		row3(&out, "time to first response", med, tmp.p);
	} else {
		row3(&out, "time to first response", "", "no patch was answered");
	}
	rowf(&out, "  answered", (unsigned long)ntt, "%.1f%% of patches: a response at or "
	    "after the posting", 100 * share(ntt, patches));
	buf_reset(&tmp);
	maint_basis(md, &tmp);
	rowf(&out, "maintainers", (unsigned long)md->versions.n, "%s", tmp.p);
	out_finish(&out);
	free(tt);
	free(tl);
	free(ta);
	hmap_free(&hl);
	hmap_free(&ha);
	arena_free(&mem);
	buf_free(&tmp);
	return 0;
}
