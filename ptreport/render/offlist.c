/*
 * offlist.c - the offlist report: commits in the archive's window that
 * no human posted, and the window itself; what the reports make of a
 * commit (commit_state()).  Why each is off-list is judge/offlist.c's.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "util.h"

/*
 * The windows of commit dates the archives cover: the coverage's spans
 * (coverage.c), with --since replacing the start of the first span that
 * ends after it (spans before it dropped) and --until the end of the last
 * span that starts before it; both: that one window.  Into *v
 * (allocated); how many.
 */
size_t
offlist_window(const struct model *md, const struct ropts *o, struct span **v)
{
	size_t n = 0;

	*v = xreallocarray(NULL, md->ncov ? md->ncov : 1, sizeof **v);
	if (o->osince != NODATE && o->ountil != NODATE) {
		(*v)[0].from = o->osince;
		(*v)[0].to = o->ountil;
		return o->osince <= o->ountil;
	}
	for (size_t i = 0; i < md->ncov; i++) {
		if ((o->osince != NODATE && md->cov[i].to < o->osince) ||
		    (o->ountil != NODATE && md->cov[i].from > o->ountil))
			continue;
		(*v)[n++] = md->cov[i];
	}
	if (n && o->osince != NODATE)
		(*v)[0].from = o->osince;
	if (n && o->ountil != NODATE)
		(*v)[n - 1].to = o->ountil;
	return n;
}

/* Are a and b inside one of the sorted spans v[0..n)? */
static int
in_one_span(const struct span *v, size_t n, int64_t a, int64_t b)
{
	size_t k = span_of(v, n, a < b ? a : b);

	return k < n && (a < b ? b : a) <= v[k].to;
}

/* Where the window comes from, for notes: "the coverage" or the options. */
const char *
window_source(const struct ropts *o)
{
	if (o->osince != NODATE && o->ountil != NODATE)
		return "--since and --until";
	if (o->osince != NODATE)
		return "the coverage from --since";
	if (o->ountil != NODATE)
		return "the coverage up to --until";
	return "the coverage";
}

/*
 * Commits in the window whose cluster has no patch mail by a human;
 * *ncand gets how many commits the window holds, *ndamaged how many of
 * them git2tsv could not read (their diff was never compared with the
 * mails, so they are not judged).
 */
/*
 * Is commit i off-list by the tool's own evidence (before any
 * correction)?  Counts it among the candidates, and the damaged.
 */
static int
tool_offlist(const struct model *md, const struct span *w, size_t nw, uint32_t i,
    size_t *ncand, size_t *ndamaged)
{
	const struct commit *c = &md->commits[i];
	int64_t from = c->date != NODATE ? c->date : c->cdate;

	if (c->skip || c->side || (md->has_commits && !c->present))
		return 0;
	/*
	 * Written and committed inside one window: had it been posted,
	 * the posting (between the two) would be in the archive.
	 */
	if (c->cdate == NODATE || !in_one_span(w, nw, from, c->cdate))
		return 0;
	(*ncand)++;
	if (c->damaged) {
		(*ndamaged)++;
		return 0;
	}
	return md->given ? c->vstate == VS_OFFLIST : offlist_mails(md, i) != 0;
}

size_t
offlist_find(const struct model *md, const struct ropts *o, uint32_t **out, size_t *ncand,
    size_t *ndamaged)
{
	struct span *w;
	size_t nw = offlist_window(md, o, &w);
	uint32_t *v = xreallocarray(NULL, md->ncommits ? md->ncommits : 1, sizeof *v);
	size_t n = 0;

	*ncand = *ndamaged = 0;
	for (size_t i = 0; i < md->ncommits; i++) {
		const struct commit *c = &md->commits[i];
		int t = tool_offlist(md, w, nw, (uint32_t)i, ncand, ndamaged);

		/* A maintainer's correction says what it is. */
		if (c->corrected ? c->corrected == CORR_OFFLIST : t)
			v[n++] = (uint32_t)i;
	}
	free(w);
	*out = v;
	return n;
}

void
offlist_agreement(struct model *md, const struct ropts *o)
{
	struct span *w;
	size_t nw, nc = 0, nd = 0;

	if (!md->ncorr)
		return;
	nw = offlist_window(md, o, &w);
	for (size_t i = 0; i < md->ncorr; i++) {
		struct correction *c = &md->corr[i];

		if (c->commit && c->idx != NONE)
			c->agrees = tool_offlist(md, w, nw, c->idx, &nc, &nd) ==
			    (c->v == CORR_OFFLIST);
	}
	free(w);
}

const char *
commit_state(const struct model *md, const struct ropts *o, uint32_t ci, struct buf *b)
{
	const struct commit *c = &md->commits[ci];
	const struct cluster *k = cluster_at(md, c->cluster);
	struct span *w;
	size_t nw;
	int in;

	if (!c->present)
		return "not judged (not in the commits tables)";
	if (c->skip)
		return "not judged (a merge or a root commit: no patch)";
	if (c->side) {
		if (k && k->nmails)
			buf_addf(b, "its cluster holds %u mail%s", k->nmails, k->nmails == 1 ? "" : "s");
		return "not judged (on a side branch, not the main line: applied, not merged)";
	}
	nw = offlist_window(md, o, &w);
	in = c->cdate != NODATE && in_one_span(w, nw, c->date != NODATE ? c->date : c->cdate,
	    c->cdate);
	free(w);
	if (!in)
		return "not judged (not written and committed inside one span the archives "
		    "cover: had it been posted, the archives might not hold it)";
	if (c->damaged)
		return "not judged (damaged: git2tsv could not read its diff)";
	if (md->given) {
		if (c->vstate == VS_OFFLIST)
			return "off-list";
		buf_addstr(b, c->vdetail ? c->vdetail : "no row in the verdicts table");
		return c->vstate == VS_POSTED ? "posted" : "not off-list";
	}
	if (offlist_mails(md, ci))
		return "off-list";
	if (c->split == 3 && c->postby != NONE) {
		buf_addf(b, "its lines are a posting's of its author (split out of it, or a "
		    "next version pushed unposted, or the same lines removed another way): "
		    "%s \"%s\"", md->mails[c->postby].id, md->mails[c->postby].subject);
		return "posted";
	}
	if (c->split == 4 && c->postby != NONE) {
		uint32_t x = named_in_reply(md, ci);

		buf_addf(b, "a mail of the thread of its author's posting %s \"%s\" names it by "
		    "its hash: %s by %s (the posting, reworked)", md->mails[c->postby].id,
		    md->mails[c->postby].subject, x != NONE ? md->mails[x].id : "?",
		    x != NONE ? md->mails[x].from : "?");
		return "posted";
	}
	if (c->split == 5 && c->postby != NONE) {
		const struct mail *x = &md->mails[c->postby];

		buf_addf(b, "a patch mail became it (its verdict: reworked, reason %s): %s \"%s\"",
		    x->vreason && *x->vreason ? x->vreason : "credit", x->id, x->subject);
		return "posted";
	}
	if (c->split) {
		buf_addstr(b, c->split == 2 ? "split out of a posted patch: the other of two "
		    "commits of its author that its committer committed within 10 minutes is in "
		    "a cluster with a posting that changes every file it changes" :
		    "split out of a posted patch: the other of two commits of its author "
		    "written the same second is in a cluster with a posting");
		return "posted";
	}
	if (k && (k->ncommits > 2 || k->first_commit != ci)) {
		buf_addf(b, "its cluster holds %u commits; the first, %s, is the one judged",
		    k->ncommits, md->commits[k->first_commit].id);
		return "not off-list";
	}
	for (uint32_t x = k ? k->mail : NONE; x != NONE; x = md->mails[x].cnext)
		if (posted(&md->mails[x])) {
			buf_addf(b, "%s \"%s\"", md->mails[x].id, md->mails[x].subject);
			return "posted";
		}
	buf_addstr(b, "a reply in the archives quotes its title (\"Re: [PATCH] ...\"): the "
	    "patch was posted though the archives lack it");
	return "posted";
}

static int
cmp_commit(const void *a, const void *b)
{
	const struct commit *x = &sort_md->commits[*(const uint32_t *)a];
	const struct commit *y = &sort_md->commits[*(const uint32_t *)b];

	if (x->cdate != y->cdate)
		return x->cdate < y->cdate ? -1 : 1;
	return strcmp(x->id, y->id);
}

int
report_offlist(struct model *md, const struct ropts *o)
{
	static const char *const cols[] = {
		"id", "date", "commit_date", "author", "committer", "subject",
		"cluster", "commits", "mails", "reason", "detail",
	};
	struct buf d = BUF_INIT;
	struct out out;
	uint32_t *v;
	size_t n, ncand, ndamaged;

	need(md, 0, 0, 1, "offlist");
	if (!md->has_mails && (o->osince == NODATE || o->ountil == NODATE))
		die("offlist needs a mails table or both --since and --until: "
		    "which commit dates do the archives cover?");
	n = offlist_find(md, o, &v, &ncand, &ndamaged);
	sort_md = md;
	qsort(v, n, sizeof *v, cmp_commit);
	out_init(&out, o->fmt, o->header, o->fp);
	out_header(&out, cols, sizeof cols / sizeof cols[0]);
	for (size_t i = 0; i < n; i++) {
		const struct commit *c = &md->commits[v[i]];
		const struct cluster *k = cluster_at(md, c->cluster);

		out_cell(&out, c->id);
		out_date(&out, c->date);
		out_date(&out, c->cdate);
		out_cell(&out, c->author);
		out_cell(&out, c->committer);
		out_cell(&out, c->subject);
		out_cell(&out, k ? k->name : "");
		out_cellf(&out, "%u", k ? k->ncommits : 1);
		out_cellf(&out, "%u", k ? k->nmails : 0);
		buf_reset(&d);
		if (c->corrected) {
			correction_text(md, c->corr, &d);
			buf_addstr(&d, "; ");
		}
		out_cell(&out, offlist_reasons[offlist_reason(md, v[i], &d)]);
		out_celln(&out, d.p ? d.p : "", d.len);
		out_end(&out);
	}
	out_finish(&out);
	buf_free(&d);
	if (o->sc.verbose) {
		struct buf b = BUF_INIT;
		struct span *w;
		size_t nw = offlist_window(md, o, &w);

		if (md->has_mails)
			coverage_note(md);
		spans_text(&b, w, nw);
		warnx("%zu off-list of %zu commits written and committed in %s (%s)",
		    n, ncand, nw ? b.p : "no window", window_source(o));
		if (ndamaged)
			warnx("%zu of them could not be read (damaged): not judged", ndamaged);
		free(w);
		buf_free(&b);
	}
	free(v);
	return 0;
}
