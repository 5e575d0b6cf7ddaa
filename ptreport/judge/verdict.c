/*
 * verdict.c - which mails are patches for the project, which got a
 * response, which were ignored (method.md §5), and each list's grace:
 * how long before its coverage ends a patch is too new to judge.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "text.h"
#include "util.h"

/* An answered patch on a list: when posted, and the time to its first response. */
struct gtime {
	uint32_t list;
	int64_t date, t;
	const char *id;
};

/* By list, then latest first (date, then id, descending). */
static int
cmp_gtime(const void *a, const void *b)
{
	const struct gtime *x = a, *y = b;

	if (x->list != y->list)
		return x->list < y->list ? -1 : 1;
	if (x->date != y->date)
		return x->date > y->date ? -1 : 1;
	return -strcmp(x->id, y->id);
}

/*
 * The first response of each patch for the project (fresp: its thread
 * and those of its other versions), and each list's grace: with -g, that
 * for every list; else the 90th percentile (nearest rank) time to first
 * response of the list's answered patches posted in the GRACE_YEAR days
 * up to the end of its coverage (its last span), at least its latest
 * GRACE_LATEST, and never less than GRACE_DAYS.  The patches counted are
 * those for the project whatever --since, --until and --max-series say.
 */
static void
graces(struct model *md, const struct scope *sc)
{
	uint32_t *roots = NULL;
	size_t cap = 0, n = 0, capg = 0;
	struct gtime *g = NULL;
	int64_t *tt = NULL;

	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];
		uint32_t r, li;
		size_t nr;
		const char *l = m->lists;

		if (!m->present || m->type != MT_PATCH || m->process || m->foreign ||
		    !shallow(md, (uint32_t)i))
			continue;
		nr = answer_versions(md, (uint32_t)i, &roots, &cap);
		r = first_response(md, (uint32_t)i, roots, nr, NULL, NULL, 0);
		if (m->project)
			m->fresp = r;
		/* Each of its lists. */
		while (list_next(md, &l, &li)) {
			if (li == NONE)
				continue;
			md->lc[li].gpatches++;
			if (r == NONE)
				continue;
			g = xgrow(g, &capg, n, 256, sizeof *g);
			g[n].list = li;
			g[n].date = m->date;
			g[n].t = md->mails[r].date - m->date;
			g[n++].id = m->id;
		}
	}
	free(roots);
	for (size_t i = 0; i < md->nlc; i++) {
		md->lc[i].grace = (sc->grace_set ? sc->grace : GRACE_DAYS) * DAY;
		md->lc[i].gp90 = md->lc[i].gfrom = md->lc[i].gto = NODATE;
	}
	if (n && !sc->grace_set) {
		qsort(g, n, sizeof *g, cmp_gtime);
		tt = xreallocarray(NULL, n, sizeof *tt);
	}
	for (size_t i = 0, j; i < n && !sc->grace_set; i = j) {
		struct listcov *lc = &md->lc[g[i].list];
		int64_t end = lc->ns ? lc->s[lc->ns - 1].to : NODATE;
		size_t k = 0;

		for (j = i; j < n && g[j].list == g[i].list; j++) {
			if (end == NODATE || g[j].date > end)
				continue;
			if (g[j].date <= end - (int64_t)GRACE_YEAR * DAY && k >= GRACE_LATEST)
				continue;
			if (!k)
				lc->gto = g[j].date;
			lc->gfrom = g[j].date;
			tt[k++] = g[j].t;
		}
		if (!k)
			continue;
		qsort(tt, k, sizeof *tt, cmp_i64);
		lc->gn = k;
		lc->gp90 = nearest_rank(tt, k, 90);
		if (lc->gp90 > lc->grace)
			lc->grace = lc->gp90;
	}
	free(tt);
	free(g);
}

static int
cmp_listcov(const void *a, const void *b)
{
	return strcmp((*(const struct listcov *const *)a)->list,
	    (*(const struct listcov *const *)b)->list);
}

void
grace_lines(const struct model *md, const struct scope *sc,
    void (*line)(const char *, const char *, void *), void *arg)
{
	struct buf b = BUF_INIT;
	char a[21], z[21], d[32];
	const struct listcov **v;

	if (sc->grace_set) {
		snprintf(d, sizeof d, "%.1f", (double)sc->grace);
		line(d, "every list (--grace)", arg);
		return;
	}
	/* By list id, whatever the order of the rows. */
	v = xreallocarray(NULL, md->nlc ? md->nlc : 1, sizeof *v);
	for (size_t i = 0; i < md->nlc; i++)
		v[i] = &md->lc[i];
	if (md->nlc)
		qsort(v, md->nlc, sizeof *v, cmp_listcov);
	for (size_t i = 0; i < md->nlc; i++) {
		const struct listcov *lc = v[i];

		if (!lc->gpatches)
			continue;
		buf_reset(&b);
		snprintf(d, sizeof d, "%.1f", (double)lc->grace / DAY);
		buf_addf(&b, "%s (", *lc->list ? lc->list : "(no list)");
		if (lc->grace == (int64_t)GRACE_DAYS * DAY)
			buf_addf(&b, "the least, %d days; ", GRACE_DAYS);
		if (!lc->gn) {
			buf_addstr(&b, "no patch of it answered)");
		} else {
			char h[32];

			iso_utc(a, lc->gfrom);
			iso_utc(z, lc->gto);
			hours(h, lc->gp90);
			buf_addf(&b, "90th percentile time to first response %s hours (%.1f days), "
			    "of its %lu answered patch%s posted %.10s .. %.10s)", h,
			    (double)lc->gp90 / DAY, lc->gn, lc->gn == 1 ? "" : "es", a, z);
		}
		line(d, b.p, arg);
	}
	free(v);
	buf_free(&b);
}

static void
set_verdict(struct mail *m, int v, uint32_t by, uint32_t fam)
{
	m->verdict = (unsigned char)v;
	m->vby = by;
	m->vfam = fam;
}

/* The earliest version of mi's cluster (not mi) answered, in its thread or with its twin; NONE. */
static uint32_t
version_answered(struct model *md, uint32_t mi)
{
	const struct cluster *k = cluster_at(md, md->mails[mi].cluster);
	uint32_t r = NONE;

	if (!k || !k->responded)
		return NONE;
	/* Not through another repository's patch (a cluster's member by its look alone). */
	for (uint32_t x = k->mail; x != NONE; x = md->mails[x].cnext)
		if (x != mi && md->mails[x].present && !md->mails[x].foreign && responded(md, x) &&
		    (r == NONE || cmp_date_id(md, x, r) < 0))
			r = x;
	return r;
}

/*
 * A later posting of its author's that names mi (a link to it, or to
 * its cover letter, in the later one's cover letter or patch: "v1:
 * https://lore..."), within FAM_DAYS: its next version, whatever its
 * title; the earliest; NONE.  Not his posting for another repository
 * (the kernel series linking its test suite's companion).
 */
static uint32_t
cited_later(struct model *md, uint32_t mi)
{
	const struct mail *m = &md->mails[mi];
	uint32_t best = NONE;
	size_t lo, hi = cites_of(md, thread_of(md, mi), &lo);

	for (size_t i = lo; i < hi; i++) {
		uint32_t r = md->ct[i].mail;
		const struct mail *x = &md->mails[r];

		if ((x->type != MT_COVER && x->type != MT_PATCH) || !x->present || x->review ||
		    x->date == NODATE || m->date == NODATE || x->date <= m->date ||
		    x->date - m->date > (int64_t)FAM_DAYS * DAY ||
		    !by_person(x, m->from, m->who) ||
		    !aimed_at(md, md->ct[i].tgt, x->series, mi) || other_posting(md, r, mi))
			continue;
		if (best == NONE || cmp_date_id(md, r, best) < 0)
			best = r;
	}
	return best;
}

/*
 * A later version of mi by its author, in its cluster or its family,
 * or a later posting naming it, that stands for it: mi was replaced,
 * and the later one carries the verdict (a resend, a v2 nobody
 * answered either); the earliest; NONE.  One not counted (a resend deep
 * in mi's thread) carries no verdict: mi carries it.
 */
static uint32_t
replaced_by(struct model *md, uint32_t mi)
{
	const struct mail *m = &md->mails[mi];
	const struct cluster *k = cluster_at(md, m->cluster);
	uint32_t best = NONE;

	for (uint32_t x = k ? k->mail : NONE; x != NONE; x = md->mails[x].cnext) {
		const struct mail *v = &md->mails[x];

		/*
		 * Its author's, or its very diff sent again (an in-body From
		 * names its author, the resend its sender).
		 */
		if (x == mi || !v->present || v->type != MT_PATCH || v->review || !v->project ||
		    !(by_person(v, m->from, m->who) || (m->phash && v->phash == m->phash)) ||
		    cmp_date_id(md, x, mi) <= 0 || v->date - m->date > (int64_t)FAM_DAYS * DAY)
			continue;
		if (best == NONE || cmp_date_id(md, x, best) < 0)
			best = x;
	}
	if (best == NONE)
		best = family_later(md, mi);
	if (best == NONE)
		best = cited_later(md, mi);
	return best;
}

/*
 * Patch mi answered by r: answered; or, a later version of it (under
 * any title, in another cluster) merged, superseded by it: what became
 * of it is that version's merge, not the review alone.
 */
static void
answered(struct model *md, uint32_t mi, uint32_t r)
{
	struct mail *m = &md->mails[mi];
	uint32_t x = family_merged_later(md, mi), t, r2;

	/*
	 * No version merged, or one under another title, but the one
	 * commit under its own title credits him: that commit.
	 */
	if ((x == NONE || md->mails[x].ntitle != m->ntitle) &&
	    (t = title_commit(md, mi)) != NONE) {
		m->carried = 11;
		set_verdict(m, V_REWORKED, t, NONE);
		return;
	}
	/* A reply names the commit it became by hash ("Merged as 5c60b7230"). */
	if (x == NONE && (t = named_commit(md, mi, &r2)) != NONE) {
		m->carried = 12;
		set_verdict(m, V_REWORKED, t, NONE);
		return;
	}
	if (x == NONE) {
		set_verdict(m, V_ANSWERED, r, NONE);
		return;
	}
	m->answered_too = 1;
	set_verdict(m, V_SUPERSEDED, landed_by(md, x), x);
}

/*
 * What its kin say, its own thread and versions silent: a commit
 * crediting its author, another's patch of the same change merged, the
 * patches posted with it or its series answered, a later posting
 * standing for it, a commit crediting him in words or under its very
 * title.  1 if one of them gave m its verdict.
 */
static int
kin_verdict(struct model *md, uint32_t mi)
{
	struct mail *m = &md->mails[mi];
	uint32_t r, half;

	if ((r = credit_commit(md, mi)) != NONE) {
		set_verdict(m, V_REWORKED, r, NONE);
		return 1;
	}
	/* Another's patch of the same change, posted near it, was merged: the fix taken. */
	if ((r = duplicate_merged(md, mi, &half)) != NONE) {
		m->carried = 8;
		m->supby = half;
		set_verdict(m, V_SUPERSEDED, r, half);
		return 1;
	}
	if ((r = together(md, mi)) != NONE && twin_answered(md, mi, r)) {
		set_verdict(m, V_ANSWERED_TOGETHER, r, NONE);
		m->twin = r;
		return 1;
	}
	if ((r = cover_twin(md, mi)) != NONE) {
		set_verdict(m, V_ANSWERED_TOGETHER, r, NONE);
		m->twin = r;
		return 1;
	}
	if ((r = superseded_by(md, mi)) != NONE) {
		set_verdict(m, V_SUPERSEDED, NONE, r);
		m->supby = r;
		return 1;
	}
	if ((r = series_answered(md, mi)) != NONE) {
		set_verdict(m, V_ANSWERED_TOGETHER, r, NONE);
		m->twin = r;
		return 1;
	}
	/*
	 * A review of other parts of its own posting, after it: the
	 * posting is in conversation (a design rejected in the thread of
	 * 2/3 rejects 1/3 too; a reviewer who stops at a part that does
	 * not build leaves the parts built on it for the next version).
	 * Read by hand on four projects, a maintainer calls none of these
	 * ignored.  It answers this posting only: not its other versions
	 * (m->lone, below), where a review of another part of an earlier
	 * posting is none of this part's.
	 */
	if ((r = sibling_answer(md, mi)) != NONE) {
		m->twin = md->mails[r].tgt;
		m->lone = 1;
		set_verdict(m, V_ANSWERED_TOGETHER, m->twin, NONE);
		return 1;
	}
	if ((r = replaced_by(md, mi)) != NONE) {
		set_verdict(m, V_SUPERSEDED, NONE, r);
		m->supby = r;
		return 1;
	}
	/* Nothing else spoke for it, but another's commit credits him in words: his work taken. */
	if ((r = prose_commit(md, mi)) != NONE) {
		m->carried = 9;
		set_verdict(m, V_REWORKED, r, NONE);
		return 1;
	}
	/* Nothing else spoke for it, but a commit has its very title: merged, reworked. */
	if ((r = title_commit(md, mi)) != NONE) {
		m->carried = 11;
		set_verdict(m, V_REWORKED, r, NONE);
		return 1;
	}
	return 0;
}

/*
 * The verdict of mail mi (enum verdict), each rule in turn; the first
 * that holds decides, and what it rests on is kept (vby, vfam).
 * "Ignored" is said last: when its own thread, its versions under any
 * title, its author's own words, the commits crediting him and its
 * companions are all silent (family.c).
 */
static void
judge(struct model *md, uint32_t mi)
{
	struct mail *m = &md->mails[mi];
	uint32_t r, x, half;
	int64_t end, grace, dl;
	int weak = 0, mg = 0, wd = 0, maint = 0;

	m->toonew = m->late = m->answered_too = 0;
	if (!m->present || m->type != MT_PATCH) {
		set_verdict(m, V_NONE, NONE, NONE);
		return;
	}
	if (!m->project) {
		set_verdict(m, (m->nosub || m->unsigned_) && !m->foreign && !m->process &&
		    shallow(md, mi) ? V_NOTSUB : V_NOTCOUNTED, NONE, NONE);
		return;
	}
	if ((r = applied_by(md, mi, 0)) != NONE) {
		set_verdict(m, V_MERGED, r, NONE);
		return;
	}
	if ((r = applied_by(md, mi, 1)) != NONE) {
		set_verdict(m, V_APPLIED, r, NONE);
		return;
	}
	/* Its author and date kept by a commit, to the second: git am of it, reworked after. */
	if ((r = dated_commit(md, mi)) != NONE) {
		m->carried = 13;
		set_verdict(m, V_REWORKED, r, NONE);
		return;
	}
	if ((r = responder(md, mi)) != NONE) {
		answered(md, mi, r);
		return;
	}
	if ((x = version_answered(md, mi)) != NONE) {
		/*
		 * A later version merged says what became of it, as for a
		 * patch answered itself (answered()): superseded by it.
		 */
		if ((r = family_merged_later(md, mi)) != NONE) {
			set_verdict(m, V_SUPERSEDED, landed_by(md, r), r);
			return;
		}
		set_verdict(m, V_ANSWERED_VERSION, responder(md, x), x);
		return;
	}
	/* What a maintainer reading the threads would not call ignored. */
	dl = cover_deadline(md, m, &end, &grace);
	/* Its author's reply names the commit it became ("merged as 5c60b7230"). */
	if ((r = named_commit(md, mi, &x)) != NONE) {
		m->carried = 12;
		set_verdict(m, V_REWORKED, r, NONE);
		return;
	}
	if ((r = withdrawal(md, mi)) != NONE) {
		set_verdict(m, V_WITHDRAWN, r, NONE);
		return;
	}
	/* His words before a resend deep in the thread ("will resend") announced it. */
	if ((r = followup(md, mi, &wd)) != NONE && ((x = deep_resend(md, mi)) == NONE ||
	    md->mails[r].date > md->mails[x].date)) {
		set_verdict(m, wd ? V_WITHDRAWN : V_FOLLOWEDUP, r, NONE);
		return;
	}
	/*
	 * The one commit under its very title, its author's or crediting
	 * him, speaks before a version under another title the timing or
	 * the scores joined (a test rewritten the same day is no version
	 * of a fix merged under the fix's title).
	 */
	if ((x = family_version(md, mi, &weak, &mg)) != NONE && !weak &&
	    md->mails[x].ntitle != m->ntitle && (r = title_commit(md, mi)) != NONE) {
		m->carried = 11;
		set_verdict(m, V_REWORKED, r, NONE);
		return;
	}
	if (x != NONE && !weak) {
		if (mg)
			set_verdict(m, V_SUPERSEDED, landed_by(md, x), x);
		else
			set_verdict(m, V_ANSWERED_VERSION, responder(md, x), x);
		return;
	}
	if (kin_verdict(md, mi))
		return;
	if (dl != NODATE && m->date > dl) {
		m->toonew = 1;
		set_verdict(m, V_TOONEW, NONE, NONE);
		return;
	}
	if (after_history(md, m)) {
		m->late = 1;
		set_verdict(m, V_TOONEW, NONE, NONE);
		return;
	}
	/*
	 * Its other half, another repository's, was answered.  By one who
	 * commits to this repository: he reviewed the submission, both
	 * halves (answered).  Else readers of the threads disagree whether
	 * the answer is this half's (the review of the kernel half was the
	 * submission's, or the tool's half still waits for its
	 * maintainer): a doubt, with both threads named.
	 */
	if ((r = companion(md, mi, &half, &maint)) != NONE) {
		m->twin = half;
		m->comp = 1;
		set_verdict(m, maint ? V_ANSWERED : V_UNSURE, r, NONE);
		return;
	}
	/* Mixed evidence: a patch that may be its version was handled. */
	if (x != NONE) {
		m->weak = 1;
		set_verdict(m, V_UNSURE, NONE, x);
		return;
	}
	/*
	 * Ignored, though a patch posted with it (not a part of its
	 * posting) was answered: an answer to another patch is none of
	 * its; the detail names the first.
	 */
	if ((r = together(md, mi)) != NONE && (x = responder(md, r)) != NONE)
		set_verdict(m, V_IGNORED, x, r);
	else
		set_verdict(m, V_IGNORED, NONE, NONE);
}

/*
 * A patch mail with neither a [PATCH] tag nor a Signed-off-by is a diff
 * shared in passing (a workaround, a report's), not a submission, where
 * the history's merged patches have one or the other: at most one in
 * UNSIGNED_RATE of at least UNSIGNED_MIN merged ones lacks both.
 * Elsewhere the flag is dropped.
 */
static void
unsigned_judge(struct model *md)
{
	unsigned long merged = 0, bare = 0;

	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		if (!m->present || m->type != MT_PATCH || m->process || m->foreign ||
		    !shallow(md, (uint32_t)i) || applied_by(md, (uint32_t)i, 0) == NONE)
			continue;
		merged++;
		bare += m->unsigned_;
	}
	md->unsigned_rule = merged >= UNSIGNED_MIN && bare * UNSIGNED_RATE <= merged;
	md->unsigned_merged = merged;
	md->unsigned_bare = bare;
	/*
	 * Nor is one the project took: a mail not meant to be merged, or
	 * a diff shared in passing, that its commit carries (its cluster's)
	 * was a submission after all, merged or applied.
	 */
	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];

		if (!md->unsigned_rule)
			m->unsigned_ = 0;
		if ((m->unsigned_ || m->nosub) && m->present && m->type == MT_PATCH &&
		    (applied_by(md, (uint32_t)i, 0) != NONE ||
		    applied_by(md, (uint32_t)i, 1) != NONE))
			m->unsigned_ = m->nosub = 0;
	}
}

/* Which clusters hold a mail that got a response. */
static void
clusters_responded(struct model *md)
{
	for (size_t i = 0; i < md->nclusters; i++) {
		struct cluster *k = &md->clusters[i];

		for (uint32_t x = k->mail; x != NONE; x = md->mails[x].cnext)
			if (md->mails[x].present && responded(md, x)) {
				k->responded = 1;
				break;
			}
	}
}

/* What the reports count by, from the verdicts (corrected). */
static void
verdict_flags(struct model *md)
{
	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];

		m->ignored = m->verdict == V_IGNORED;
		m->withdrawn = m->verdict == V_WITHDRAWN;
		m->superseded = m->verdict == V_SUPERSEDED;
		m->together = m->verdict == V_ANSWERED_TOGETHER;
	}
}

/*
 * Who sent another's patch (its sender, m->sfrom) speaks as its author
 * (people.c, same_person()): the colleague who posted it and says
 * "please ignore" withdraws it.  But one who commits to the repository
 * at the time, posting a contributor's patch (a maintainer's v2 of it),
 * answers it as a maintainer: no sender of it.
 */
static void
senders_judge(struct model *md)
{
	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];

		if (m->sfrom && committer_at(md, m->sfrom, m->swho, m->date))
			m->sfrom = m->sname = m->swho = NULL;
	}
}

void
verdicts(struct model *md, const struct scope *sc)
{
	unsigned long nseries = 0, nleft = 0;

	coverage(md);
	history_facts(md, sc);
	senders_judge(md);
	/* Tags the history never takes name another repository. */
	tags_judge(md);
	find_foreign_again(md);
	unsigned_judge(md);

	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];

		m->project = m->present && m->type == MT_PATCH && !m->process &&
		    !m->foreign && !m->nosub && !m->unsigned_ && shallow(md, (uint32_t)i) &&
		    in_scope(sc, m->date);
		if (m->project) {
			m->committer = (unsigned char)committer_at(md, m->from, m->who, m->date);
			struct thread *t = &md->th[thread_of(md, (uint32_t)i)];

			t->npatches++;
			if (m->total > t->total)
				t->total = m->total;
		}
	}

	/*
	 * One giant posting distorts every weekly figure: series above
	 * max_series patches are left out, and named.
	 */
	if (sc->max_series > 0) {
		for (size_t i = 0; i < md->nmails; i++) {
			struct mail *m = &md->mails[i];
			uint32_t root;
			struct thread *t;
			uint32_t size;

			if (!m->project)
				continue;
			root = thread_of(md, (uint32_t)i);
			t = &md->th[root];
			size = t->npatches > t->total ? t->npatches : t->total;
			if (size <= (uint32_t)sc->max_series)
				continue;
			m->project = 0;
			m->excluded = 1;
			nleft++;
			/* Name each series once, by its first patch seen. */
			if (!t->left_out) {
				if (!sc->quiet)
					warnx("left out a series of %u patches (above --max-series %ld): "
					    "%s \"%s\"", size, sc->max_series, m->id, m->subject);
				t->left_out = 1;
				nseries++;
			}
		}
		if (nleft && !sc->quiet)
			warnx("left out %lu patches in %lu series above %ld patches",
			    nleft, nseries, sc->max_series);
	}

	clusters_responded(md);
	/* Time to first response, and from it each list's grace. */
	graces(md, sc);

	family_index(md);
	postings_index(md);
	dated_index(md);
	for (size_t i = 0; i < md->nmails; i++)
		judge(md, (uint32_t)i);
	/*
	 * A version answered through its twin answers its other versions,
	 * as one answered in its thread does (k->responded); not one a lone
	 * review of another part answered (an answer to another part of an
	 * earlier version is none to this part).
	 */
	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];
		const struct cluster *k = cluster_at(md, m->cluster);

		if ((m->verdict != V_IGNORED && m->verdict != V_UNSURE) || !k)
			continue;
		for (uint32_t x = k->mail; x != NONE; x = md->mails[x].cnext)
			if (md->mails[x].verdict == V_ANSWERED_TOGETHER && !md->mails[x].lone &&
			    x != i) {
				set_verdict(m, V_ANSWERED_VERSION, md->mails[x].vby, x);
				break;
			}
	}
	/* What would be ignored, but a commit carries its lines: reworked. */
	/* ... and, in its pass over the commits, off-list commits fixing up another's patch. */
	carried(md);
	/*
	 * Ignored on the list, but its author opened it as a forge's pull
	 * request too (a commit of one has its title and his name): he
	 * followed it up there, where its review is and the archives do not
	 * reach.  Read by hand, 11 of 13 such patches were answered or
	 * merged on the forge.
	 */
	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];

		uint32_t others;
		int bysum;

		if (m->verdict == V_IGNORED && mail_pull(md, m, &bysum) != NONE) {
			m->bypull = 1;
			set_verdict(m, V_FOLLOWEDUP, NONE, NONE);
		}
		/*
		 * The rest of its posting merged, not it: left out by a
		 * maintainer who took the others, or by its author.  When
		 * the others are a pull request's commits, the posting went
		 * to the forge, and its review with it: there its author
		 * dropped it, or was told to (read by hand, 4 of 4).
		 */
		if (m->verdict == V_IGNORED &&
		    (m->pforeign = parts_merged(md, (uint32_t)i, &others)) > 0) {
			m->leftout = 1;
			m->pjudged = others;
			if (parts_pull(md, (uint32_t)i) != NONE) {
				m->bypull = 1;
				set_verdict(m, V_FOLLOWEDUP, NONE, NONE);
			} else {
				set_verdict(m, V_UNSURE, NONE, NONE);
			}
		}
	}
	/* Each verdict's rule and detail, once, as the table and the reports give them. */
	verdicts_record(md, sc);
	/* A maintainer's corrections over all of it. */
	corrections_apply(md);
	/* A commit a patch became (reworked) was posted, whatever its cluster. */
	became_posted(md);
	verdict_flags(md);
	postings_free(md);
	family_free(md);
	dated_free();
	lists_elsewhere(md);
	release_taggers(md);
}

/*
 * The verdicts of a table (--verdicts) instead of judging: the facts
 * the reports read beside them (the coverage, the history's, the
 * responses and the lists' grace) as judging has them, the corrections
 * over the verdicts given.
 */
int
verdicts_given(struct model *md, const struct scope *sc)
{
	int rc;

	coverage(md);
	history_facts(md, sc);
	/* Who speaks as a patch's author, for the responses and why, as judging has it. */
	senders_judge(md);
	/* What the blobs say of each patch's tree, for why, as judging has it. */
	if (md->has_blobs && !md->blobs_missing)
		blobs_root(md);
	rc = verdicts_apply(md);
	clusters_responded(md);
	graces(md, sc);
	corrections_apply(md);
	verdict_flags(md);
	return rc;
}

void
scope_notes(const struct model *md, const struct scope *sc)
{
	coverage_note(md);
	grace_lines(md, sc, grace_note, NULL);
}

/* A grace line as a note on stderr. */
void
grace_note(const char *days, const char *how, void *arg)
{
	(void)arg;
	warnx("grace %s days on %s", days, how);
}
