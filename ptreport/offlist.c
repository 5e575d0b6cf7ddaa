/*
 * offlist.c - the offlist report: commits in the archive's window that
 * no human posted, and the window itself.
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

/* How near a reply quoting its title must be to the commit's dates. */
#define QUOTE_DAYS 180

/*
 * Did a reply in the archive quote commit c's title ("Re: [PATCH] t"),
 * from QUOTE_DAYS before it was written to as long after it was
 * committed?  Then the patch was posted, though the archive lacks its
 * mail (a moderated or lost one).
 */
static int
quoted(const struct model *md, const struct commit *c)
{
	const struct hent *e;
	const struct dspan *d;

	if (!c->ntitle || !*c->ntitle ||
	    !(e = hmap_get(&md->rtitles, c->ntitle, strlen(c->ntitle))))
		return 0;
	d = e->val;
	return d->last >= c->date - (int64_t)QUOTE_DAYS * DAY &&
	    d->first <= c->cdate + (int64_t)QUOTE_DAYS * DAY;
}

/* Why the cluster of commit ci counts as off-list, or NULL if it does not. */
static const char *
offlist_reason(const struct model *md, uint32_t ci)
{
	const struct commit *c = &md->commits[ci];
	const struct cluster *k;
	int any = 0;

	if (c->cluster == NONE)
		return quoted(md, c) ? NULL : "no mail";
	k = &md->clusters[c->cluster];
	/* PaStA's rule: one or two commits; more are a backport family. */
	if (k->ncommits > 2 || k->first_commit != ci)
		return NULL;
	for (uint32_t x = k->mail; x != NONE; x = md->mails[x].cnext) {
		if (posted(&md->mails[x]))
			return NULL;
		any = 1;
	}
	if (quoted(md, c))
		return NULL;
	return any ? "process mails only" : "no mail";
}

/*
 * The windows of commit dates the archives cover: the coverage's spans
 * (verdict.c), with --since replacing the start of the first span that
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
		int64_t from = c->date != NODATE ? c->date : c->cdate;

		if (c->skip || (md->has_commits && !c->present))
			continue;
		/*
		 * Written and committed inside one window: had it been posted,
		 * the posting (between the two) would be in the archive.
		 */
		if (c->cdate == NODATE || !in_one_span(w, nw, from, c->cdate))
			continue;
		(*ncand)++;
		if (c->damaged) {
			(*ndamaged)++;
			continue;
		}
		if (offlist_reason(md, (uint32_t)i))
			v[n++] = (uint32_t)i;
	}
	free(w);
	*out = v;
	return n;
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
		"cluster", "commits", "mails", "reason",
	};
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
		out_cell(&out, offlist_reason(md, v[i]));
		out_end(&out);
	}
	out_finish(&out);
	if (o->sc.verbose) {
		struct buf b = BUF_INIT;
		struct span *w;
		size_t nw = offlist_window(md, o, &w);

		if (md->has_mails) {
			coverage_text(md, &b);
			warnx("coverage %s", b.p);
			buf_reset(&b);
		}
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
