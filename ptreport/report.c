/*
 * report.c - the reports on ignored patches, off-list commits, weekly
 * and per-cycle figures, time to merge, and the one-screen summary.
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

#define DAY 86400

static int
cmp_date_id(const struct model *md, uint32_t a, uint32_t b)
{
	const struct mail *x = &md->m[a], *y = &md->m[b];

	if (x->date != y->date)
		return x->date < y->date ? -1 : 1;
	return strcmp(x->id, y->id);
}

/* qsort has no context argument; the reports run one at a time. */
static const struct model *sort_md;

static int
cmp_mail(const void *a, const void *b)
{
	return cmp_date_id(sort_md, *(const uint32_t *)a, *(const uint32_t *)b);
}

int
cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

static void
sort_mails(const struct model *md, uint32_t *v, size_t n)
{
	sort_md = md;
	qsort(v, n, sizeof *v, cmp_mail);
}

/* In whole numbers: no rounding of q * n decides a rank.  n > 0. */
int64_t
nearest_rank(const int64_t *v, size_t n, unsigned pct)
{
	size_t k = (pct * n + 99) / 100;

	if (k < 1)
		k = 1;
	if (k > n)
		k = n;
	return v[k - 1];
}

void
hours(char out[32], int64_t secs)
{
	int64_t t = ((secs < 0 ? -secs : secs) + 180) / 360;

	snprintf(out, 32, "%s%lld.%lld", secs < 0 && t ? "-" : "", (long long)(t / 10),
	    (long long)(t % 10));
}

/* Seconds from patch m to its first response, or NODATE. */
static int64_t
ttfr(const struct model *md, const struct mail *m)
{
	return m->fresp != NONE ? md->m[m->fresp].date - m->date : NODATE;
}

/* A cell of hours, or empty for no time. */
static void
out_hours(struct out *o, int64_t secs)
{
	char h[32];

	if (secs == NODATE) {
		out_cell(o, "");
		return;
	}
	hours(h, secs);
	out_cell(o, h);
}

/* The median of sorted v[0..n) in hours, or empty when n is 0. */
static void
out_median(struct out *o, const int64_t *v, size_t n, unsigned pct)
{
	out_hours(o, n ? nearest_rank(v, n, pct) : NODATE);
}

static double
share(unsigned long part, unsigned long whole)
{
	return whole ? (double)part / (double)whole : 0.0;
}

void
need(const struct model *md, int mails, int commits, int clusters, const char *what)
{
	if (mails && !md->has_mails)
		die("%s needs a mails table (mbox2tsv output)", what);
	if (commits && !md->has_commits)
		die("%s needs a commits table (git2tsv output)", what);
	if (clusters && !md->has_clusters)
		die("%s needs a clusters table (ptcluster output)", what);
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A grace line as a note on stderr. */
static void
grace_note(const char *days, const char *how, void *arg)
{
	(void)arg;
	warnx("grace %s days on %s", days, how);
}

/*
 * The M and R addresses of the sections responsible for patch m, sorted
 * and each once, into *v (reallocated); how many.
 */
static size_t
maint_people(const struct mail *m, const char ***v)
{
	size_t n = 0, k = 0;

	for (uint32_t s = 0; s < m->nsect; s++)
		n += m->sect[s]->ne;
	*v = xreallocarray(*v, n ? n : 1, sizeof **v);
	n = 0;
	for (uint32_t s = 0; s < m->nsect; s++)
		for (uint32_t e = 0; e < m->sect[s]->ne; e++)
			if (m->sect[s]->e[e].role != 'L')
				(*v)[n++] = m->sect[s]->e[e].addr;
	if (n)
		qsort(*v, n, sizeof **v, cmp_str);
	for (size_t i = 0; i < n; i++)
		if (!k || (*v)[k - 1] != (*v)[i])
			(*v)[k++] = (*v)[i];
	return k;
}

int
report_ignored(struct model *md, const struct ropts *o)
{
	static const char *const cols[] = {
		"id", "list", "date", "author", "name", "subject", "thread",
		"versions", "cluster", "to", "maintainers",
	};
	struct out out;
	uint32_t *v = xreallocarray(NULL, md->nm ? md->nm : 1, sizeof *v);
	size_t n = 0;
	struct buf b = BUF_INIT;
	const char **mr = NULL;

	need(md, 1, 0, 1, "ignored");
	if (!o->sc.quiet)
		grace_lines(md, &o->sc, grace_note, NULL);
	for (size_t i = 0; i < md->nm; i++)
		if (md->m[i].ignored)
			v[n++] = (uint32_t)i;
	sort_mails(md, v, n);
	out_init(&out, o->fmt, o->header, o->fp);
	out_header(&out, cols, sizeof cols / sizeof cols[0]);
	for (size_t i = 0; i < n; i++) {
		const struct mail *m = &md->m[v[i]];
		const struct cluster *k = m->cluster != NONE ? &md->k[m->cluster] : NULL;

		out_cell(&out, m->id);
		out_cell(&out, m->lists);
		out_date(&out, m->date);
		out_cell(&out, m->from);
		out_cell(&out, m->name);
		out_cell(&out, m->subject);
		out_cellf(&out, "%u", md->th[thread_of(md, v[i])].nmails);
		out_cellf(&out, "%u", k ? k->nmails : 1);
		out_cell(&out, k ? k->name : "");
		buf_reset(&b);
		for (uint32_t x = 0; x < m->nrcpt; x++)
			buf_addf(&b, "%s%s", x ? " " : "", m->rcpt[x]);
		out_celln(&out, b.p ? b.p : "", b.len);
		buf_reset(&b);
		{
			size_t nmr = maint_people(m, &mr);

			for (size_t x = 0; x < nmr; x++)
				buf_addf(&b, "%s%s", x ? " " : "", mr[x]);
		}
		out_celln(&out, b.p ? b.p : "", b.len);
		out_end(&out);
	}
	out_finish(&out);
	free(v);
	free(mr);
	buf_free(&b);
	return 0;
}

/*
 * Every patch mail with its verdict and the reason, so that any count
 * of the other reports can be traced to mails (and composed in shell).
 */
int
report_patches(struct model *md, const struct ropts *o)
{
	static const char *const cols[] = {
		"id", "date", "list", "author", "subject", "verdict", "detail", "cluster",
		"first_response", "ttfr_h",
	};
	struct out out;
	uint32_t *v = xreallocarray(NULL, md->nm ? md->nm : 1, sizeof *v);
	size_t n = 0;
	struct buf b = BUF_INIT;

	need(md, 1, 0, 1, "patches");
	if (!o->sc.quiet) {
		coverage_text(md, &b);
		warnx("coverage %s", b.p);
		grace_lines(md, &o->sc, grace_note, NULL);
	}
	for (size_t i = 0; i < md->nm; i++)
		if (md->m[i].present && md->m[i].type == MT_PATCH)
			v[n++] = (uint32_t)i;
	sort_mails(md, v, n);
	out_init(&out, o->fmt, o->header, o->fp);
	out_header(&out, cols, sizeof cols / sizeof cols[0]);
	for (size_t i = 0; i < n; i++) {
		const struct mail *m = &md->m[v[i]];
		const struct cluster *k = m->cluster != NONE ? &md->k[m->cluster] : NULL;
		const char *verdict, *detail = "";
		uint32_t r;

		if (m->project) {
			if (k && k->ncommits) {
				verdict = "merged";
				detail = md->c[k->first_commit].id;
			} else if ((r = responder(md, v[i])) != NONE) {
				verdict = "answered";
				detail = md->m[r].from;
			} else if (m->ignored) {
				verdict = "ignored";
			} else if (m->withdrawn) {
				verdict = "withdrawn";
				detail = md->m[withdrawal(md, v[i])].id;
			} else if (m->toonew) {
				int64_t end = NODATE, grace = 0;
				char e[21];

				verdict = "too-new";
				cover_deadline(md, m, &end, &grace);
				iso_utc(e, end);
				buf_reset(&b);
				if (m->date > end)
					buf_addf(&b, "posted after the coverage of its list ends (%.10s)", e);
				else
					buf_addf(&b, "posted %.1f days before the coverage of its list "
					    "ends (%.10s; grace %.1f days)", (double)(end - m->date) / DAY,
					    e, (double)grace / DAY);
				detail = b.p;
			} else {
				/* A version of it in its cluster got the answer. */
				verdict = "answered-version";
				/* The earliest such version, whatever the row order. */
				r = NONE;
				for (uint32_t x = k ? k->mail : NONE; x != NONE; x = md->m[x].cnext)
					if (md->m[x].present && responded(md, x) &&
					    (r == NONE || cmp_date_id(md, x, r) < 0))
						r = x;
				if (r != NONE)
					detail = md->m[r].id;
			}
		} else {
			verdict = "not-counted";
			if (m->rfcby != NONE) {
				buf_reset(&b);
				buf_addf(&b, "RFC: its cover letter is one (%s)", md->m[m->rfcby].id);
				detail = b.p;
			} else if (m->process)
				detail = "bot, pull, RFC, linux-next or stable";
			else if (m->foreign) {
				int w = m->fwhy ? (int)strcspn(m->fwhy, "\t\n") : 0;

				buf_reset(&b);
				if (m->byposting)
					buf_addf(&b, "not for this repository: most patches of its "
					    "posting are another repository's (%u of the %u judged by "
					    "their files)", m->pforeign, m->pjudged);
				else if (!m->fwhy)
					buf_addstr(&b, "not for this repository: its patch names no file");
				else if (m->fchanged)
					buf_addf(&b, "not for this repository: %u of the %u files it "
					    "changes were in it at its date (not %.*s)", m->fknown,
					    m->fchanged, w, m->fwhy ? m->fwhy : "");
				else
					buf_addf(&b, "not for this repository: it creates files in no "
					    "folder the repository had at its date (%.*s)", w,
					    m->fwhy ? m->fwhy : "");
				detail = b.p;
			}
			else if (m->excluded)
				detail = "in a series above --max-series";
			else if (!shallow(md, v[i]))
				detail = "deep in a thread: neither its root nor a reply to the root";
			else if (!in_scope(&o->sc, m->date))
				detail = "outside --since/--until";
		}
		out_cell(&out, m->id);
		out_date(&out, m->date);
		out_cell(&out, m->lists);
		out_cell(&out, m->from);
		out_cell(&out, m->subject);
		out_cell(&out, verdict);
		out_cell(&out, detail);
		out_cell(&out, k ? k->name : "");
		out_date(&out, m->fresp != NONE ? md->m[m->fresp].date : NODATE);
		out_hours(&out, ttfr(md, m));
		out_end(&out);
	}
	out_finish(&out);
	free(v);
	buf_free(&b);
	return 0;
}

/*
 * Was mail m a posting of its patch on the list, seen by the list's
 * people: any mail but a bot's, a pull request, and a linux-next or
 * stable-review copy.  An RFC is one: it was discussed on the list, even
 * though it is no patch for the project.
 */
static int
posted(const struct mail *m)
{
	return m->type != MT_BOT && m->type != MT_PULL && !m->review;
}

/* Why the cluster of commit ci counts as off-list, or NULL if it does not. */
static const char *
offlist_reason(const struct model *md, uint32_t ci)
{
	const struct commit *c = &md->c[ci];
	const struct cluster *k;
	int any = 0;

	if (c->cluster == NONE)
		return "no mail";
	k = &md->k[c->cluster];
	/* PaStA's rule: one or two commits; more are a backport family. */
	if (k->ncommits > 2 || k->first_commit != ci)
		return NULL;
	for (uint32_t x = k->mail; x != NONE; x = md->m[x].cnext) {
		if (posted(&md->m[x]))
			return NULL;
		any = 1;
	}
	return any ? "process mails only" : "no mail";
}

/*
 * The windows of commit dates the archives cover: the coverage's spans
 * (verdict.c), with --since replacing the start of the first span that
 * ends after it (spans before it dropped) and --until the end of the last
 * span that starts before it; both: that one window.  Into *v
 * (allocated); how many.
 */
static size_t
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
static const char *
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
static size_t
offlist_find(const struct model *md, const struct ropts *o, uint32_t **out, size_t *ncand,
    size_t *ndamaged)
{
	struct span *w;
	size_t nw = offlist_window(md, o, &w);
	uint32_t *v = xreallocarray(NULL, md->nc ? md->nc : 1, sizeof *v);
	size_t n = 0;

	*ncand = *ndamaged = 0;
	for (size_t i = 0; i < md->nc; i++) {
		const struct commit *c = &md->c[i];
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
	const struct commit *x = &sort_md->c[*(const uint32_t *)a];
	const struct commit *y = &sort_md->c[*(const uint32_t *)b];

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
		const struct commit *c = &md->c[v[i]];
		const struct cluster *k = c->cluster != NONE ? &md->k[c->cluster] : NULL;

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
	if (!o->sc.quiet) {
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

/* ISO 8601 week of t: "2019-W18", and the Monday it starts on. */
static void
iso_week(int64_t t, char week[9], int64_t *monday)
{
	int64_t days = t >= 0 ? t / DAY : -((-t + DAY - 1) / DAY);
	int64_t wd = ((days + 3) % 7 + 7) % 7;   /* 1970-01-01 was a Thursday */
	int64_t thu = days - wd + 3, jan1;
	char d[21], y[11];

	iso_utc(d, thu * DAY);
	memcpy(y, d, 4);
	memcpy(y + 4, "-01-01", 7);
	iso_parse(y, &jan1);
	snprintf(week, 9, "%.4s-W%02d", d, (int)((thu - jan1 / DAY) / 7 + 1));
	*monday = (days - wd) * DAY;
}

struct wcount {
	const char *list;
	char week[9];
	int64_t monday;
	unsigned long patches, ignored, merged;
	int64_t med;             /* median time to first response, NODATE */
};

/* A week's patch and its time to first response. */
struct wttfr {
	struct wcount *w;
	int64_t t;
};

static int
cmp_wttfr(const void *a, const void *b)
{
	const struct wttfr *x = a, *y = b;

	if (x->w != y->w)
		return (uintptr_t)x->w < (uintptr_t)y->w ? -1 : 1;
	return x->t < y->t ? -1 : x->t > y->t;
}

static int
cmp_wcount(const void *a, const void *b)
{
	const struct wcount *x = *(struct wcount *const *)a, *y = *(struct wcount *const *)b;
	int c = strcmp(x->list, y->list);

	return c ? c : strcmp(x->week, y->week);
}

int
merged(const struct model *md, const struct mail *m)
{
	return m->cluster != NONE && md->k[m->cluster].ncommits > 0;
}

struct lsum {
	const char *list;
	unsigned long patches;
};

static int
cmp_lsum(const void *a, const void *b)
{
	const struct lsum *x = a, *y = b;

	if (x->patches != y->patches)
		return x->patches > y->patches ? -1 : 1;
	return strcmp(x->list, y->list);
}

#define PLOT_LISTS 10

static int
weekly_plot(const char *image, struct wcount **v, size_t n)
{
	struct lsum *ls = NULL;
	size_t nls = 0;
	struct buf script = BUF_INIT, data = BUF_INIT;
	char path[PLOT_PATH_MAX];
	int rc = 0;
	FILE *fp;

	/* The lists with most patches, one line each. */
	for (size_t i = 0; i < n; i++) {
		if (!nls || strcmp(ls[nls - 1].list, v[i]->list)) {
			ls = xreallocarray(ls, nls + 1, sizeof *ls);
			ls[nls].list = v[i]->list;
			ls[nls++].patches = 0;
		}
		ls[nls - 1].patches += v[i]->patches;
	}
	if (nls)
		qsort(ls, nls, sizeof *ls, cmp_lsum);
	if (nls > PLOT_LISTS)
		nls = PLOT_LISTS;
	if (!(fp = plot_scratch(path, sizeof path))) {
		warnx("%s:", path);
		free(ls);
		return -1;
	}
	for (size_t l = 0; l < nls; l++) {
		for (size_t i = 0; i < n; i++) {
			char d[21];

			if (strcmp(v[i]->list, ls[l].list))
				continue;
			iso_utc(d, v[i]->monday);
			fprintf(fp, "%.10s %lu %lu %.4f\n", d, v[i]->patches, v[i]->ignored,
			    share(v[i]->ignored, v[i]->patches));
		}
		fputs("\n\n", fp);
	}
	if (fclose(fp) != 0) {
		warnx("%s:", path);
		rc = -1;
		goto out;
	}
	/* Months on the axis, days when the weeks span less than half a year. */
	buf_addf(&script, "set xdata time\nset timefmt '%%Y-%%m-%%d'\nset format x '%s'\n",
	    n && v[n - 1]->monday - v[0]->monday < 180 * DAY ? "%Y-%m-%d" : "%Y-%m");
	buf_addstr(&script,
	    "set grid\nset key top left\nset style data linespoints\n"
	    "set pointsize 0.4\nset multiplot layout 2,1\n"
	    "set title 'Patches for the project, per ISO week'\nset ylabel 'patches'\n");
	for (int panel = 0; panel < 2; panel++) {
		unsigned long top = 1;

		/* A fixed range: a panel of zeros is no empty range to gnuplot. */
		for (size_t i = 0; i < n; i++) {
			unsigned long y = panel ? v[i]->ignored : v[i]->patches;

			if (y > top)
				top = y;
		}
		if (panel)
			buf_addstr(&script, "set title 'Ignored patches, per ISO week'\n"
			    "set ylabel 'ignored'\n");
		buf_addf(&script, "set yrange [0:%lu]\nset ytics %lu\n", top + (top + 9) / 10,
		    (top + 4) / 5);
		buf_addstr(&script, "plot ");
		for (size_t l = 0; l < nls; l++) {
			buf_addf(&script, "%sdata index %zu using 1:%d title ", l ? ", " : "",
			    l, panel ? 3 : 2);
			plot_quote(&data, *ls[l].list ? ls[l].list : "(no list)");
			buf_addstr(&script, data.p);
			buf_reset(&data);
		}
		buf_addc(&script, '\n');
	}
	buf_addstr(&script, "unset multiplot\n");
	rc = nls ? plot(image, path, script.p) : (warnx("%s: nothing to plot", image), -1);
out:
	plot_scratch_done(path);
	buf_free(&script);
	buf_free(&data);
	free(ls);
	return rc;
}

int
report_weekly(struct model *md, const struct ropts *o)
{
	static const char *const cols[] = {
		"list", "week", "start", "patches", "ignored", "merged", "ignored_share",
		"ttfr_median_h",
	};
	struct hmap h = HMAP_INIT;
	struct arena mem = ARENA_INIT;
	struct wcount **v = NULL;
	size_t n = 0;
	struct wttfr *tv = NULL;
	size_t ntv = 0, captv = 0;
	int64_t *tt = NULL;
	struct buf key = BUF_INIT;
	struct out out;
	int rc = 0;

	need(md, 1, 0, 1, "weekly");
	for (size_t i = 0; i < md->nm; i++) {
		const struct mail *m = &md->m[i];
		const char *l = m->lists, *end;
		char week[9];
		int64_t monday;

		if (!m->project || m->date == NODATE)
			continue;
		iso_week(m->date, week, &monday);
		/* A mail on several lists counts on each. */
		do {
			struct hent *e;
			struct wcount *w;
			int isnew;

			end = strchr(l, ' ');
			if (!end)
				end = l + strlen(l);
			buf_reset(&key);
			buf_add(&key, l, (size_t)(end - l));
			buf_addc(&key, '\t');
			buf_addstr(&key, week);
			e = hmap_put(&h, key.p, key.len, &isnew);
			if (isnew) {
				w = arena_alloc(&mem, sizeof *w);
				memset(w, 0, sizeof *w);
				e->key = arena_strndup(&mem, key.p, key.len);
				w->list = arena_strndup(&mem, l, (size_t)(end - l));
				memcpy(w->week, week, sizeof week);
				w->monday = monday;
				w->med = NODATE;
				e->val = w;
				v = xreallocarray(v, n + 1, sizeof *v);
				v[n++] = w;
			}
			w = e->val;
			w->patches++;
			w->ignored += m->ignored;
			w->merged += merged(md, m);
			if (m->fresp != NONE) {
				if (ntv == captv) {
					captv = captv ? 2 * captv : 256;
					tv = xreallocarray(tv, captv, sizeof *tv);
				}
				tv[ntv].w = w;
				tv[ntv++].t = ttfr(md, m);
			}
			l = *end ? end + 1 : end;
		} while (*l);
	}
	if (n)
		qsort(v, n, sizeof *v, cmp_wcount);
	/* The median of each week's times, sorted together by week. */
	if (ntv) {
		qsort(tv, ntv, sizeof *tv, cmp_wttfr);
		tt = xreallocarray(NULL, ntv, sizeof *tt);
		for (size_t i = 0; i < ntv; i++)
			tt[i] = tv[i].t;
		for (size_t i = 0, j; i < ntv; i = j) {
			for (j = i; j < ntv && tv[j].w == tv[i].w; j++)
				;
			tv[i].w->med = nearest_rank(tt + i, j - i, 50);
		}
	}
	/*
	 * Weeks without patches are rows too, from a list's first week to
	 * its last, so that a series plotted or summed has no holes.
	 */
	{
		struct wcount **all = NULL;
		size_t nall = 0;

		for (size_t i = 0; i < n; i++) {
			if (i && !strcmp(v[i]->list, v[i - 1]->list)) {
				for (int64_t d = v[i - 1]->monday + 7 * DAY; d < v[i]->monday; d += 7 * DAY) {
					struct wcount *w = arena_alloc(&mem, sizeof *w);

					memset(w, 0, sizeof *w);
					w->list = v[i]->list;
					w->med = NODATE;
					iso_week(d, w->week, &w->monday);
					all = xreallocarray(all, nall + 1, sizeof *all);
					all[nall++] = w;
				}
			}
			all = xreallocarray(all, nall + 1, sizeof *all);
			all[nall++] = v[i];
		}
		free(v);
		v = all;
		n = nall;
	}
	out_init(&out, o->fmt, o->header, o->fp);
	out_header(&out, cols, sizeof cols / sizeof cols[0]);
	for (size_t i = 0; i < n; i++) {
		char d[21];

		iso_utc(d, v[i]->monday);
		out_cell(&out, v[i]->list);
		out_cell(&out, v[i]->week);
		out_celln(&out, d, 10);
		out_cellf(&out, "%lu", v[i]->patches);
		out_cellf(&out, "%lu", v[i]->ignored);
		out_cellf(&out, "%lu", v[i]->merged);
		out_cellf(&out, "%.4f", share(v[i]->ignored, v[i]->patches));
		out_hours(&out, v[i]->med);
		out_end(&out);
	}
	out_finish(&out);
	/* The plot is an output: not drawn, the run failed. */
	if (o->plot && weekly_plot(o->plot, v, n) < 0)
		rc = PT_EXIT_FAILED;
	free(v);
	free(tv);
	free(tt);
	hmap_free(&h);
	arena_free(&mem);
	buf_free(&key);
	return rc;
}

/*
 * Development-cycle phases: from a release to its first -rc tag is the
 * merge window, then each -rc until the next release.  A cycle without
 * -rc tags has a two-week merge window, then the rest of the cycle, and
 * the two weeks before the next release.
 */
struct phase {
	int kind;       /* 0 merge window, 1 rcN, 2 the rest, 3 before the release */
	int num;
	unsigned long patches, ignored, merged;
	unsigned char *cycles;   /* per release: seen */
};

static int
cmp_tag(const void *a, const void *b)
{
	const struct tag *x = a, *y = b;

	if (x->date != y->date)
		return x->date < y->date ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* N of a tag "...-rcN", or 0. */
static int
rc_number(const char *name)
{
	const char *p = strstr(name, "-rc");
	long n;

	if (!p || !p[3] || parse_long(p + 3, 1, 1000, &n) < 0)
		return 0;
	return (int)n;
}

size_t
release_tags(const struct model *md, const char *re_text)
{
	regex_t re;
	size_t n = 0;

	if (regcomp(&re, re_text, REG_EXTENDED | REG_NOSUB) != 0)
		return 0;
	for (size_t i = 0; i < md->nt; i++)
		n += !rc_number(md->t[i].name) && regexec(&re, md->t[i].name, 0, NULL, 0) == 0;
	regfree(&re);
	return n;
}

int
report_cycle(struct model *md, const struct ropts *o)
{
	static const char *const cols[] = {
		"phase", "cycles", "patches", "ignored", "merged", "ignored_share",
	};
	regex_t re;
	struct tag *rel = NULL, *rcs = NULL;
	size_t nrel = 0, nrc = 0, nph = 0;
	struct phase *ph = NULL;
	unsigned long before = 0;
	struct out out;
	int err;

	need(md, 1, 0, 1, "cycle");
	if (!md->has_tags)
		die("cycle needs a tags table (git2tsv --tags output)");
	if ((err = regcomp(&re, o->release_re, REG_EXTENDED | REG_NOSUB)) != 0) {
		char msg[128];

		regerror(err, &re, msg, sizeof msg);
		die("--release %s: %s", o->release_re, msg);
	}
	for (size_t i = 0; i < md->nt; i++) {
		if (rc_number(md->t[i].name)) {
			rcs = xreallocarray(rcs, nrc + 1, sizeof *rcs);
			rcs[nrc++] = md->t[i];
		} else if (regexec(&re, md->t[i].name, 0, NULL, 0) == 0) {
			rel = xreallocarray(rel, nrel + 1, sizeof *rel);
			rel[nrel++] = md->t[i];
		}
	}
	regfree(&re);
	if (!nrel)
		die("cycle: no tag matches --release %s", o->release_re);
	qsort(rel, nrel, sizeof *rel, cmp_tag);
	if (nrc)
		qsort(rcs, nrc, sizeof *rcs, cmp_tag);

	for (size_t i = 0; i < md->nm; i++) {
		const struct mail *m = &md->m[i];
		size_t r, lo = 0, hi = nrel;
		int64_t next;
		int kind = 0, num = 0;
		struct phase *p = NULL;

		if (!m->project || m->date == NODATE)
			continue;
		/* The last release at or before the mail. */
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;

			if (rel[mid].date <= m->date)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo == 0) {
			before++;
			continue;
		}
		r = lo - 1;
		next = r + 1 < nrel ? rel[r + 1].date : INT64_MAX;
		{
			int any = 0;

			for (size_t k = 0; k < nrc; k++)
				if (rcs[k].date > rel[r].date && rcs[k].date < next) {
					any = 1;
					if (rcs[k].date <= m->date) {
						kind = 1;
						num = rc_number(rcs[k].name);
					}
				}
			if (!any && m->date - rel[r].date >= 14 * DAY)
				kind = next != INT64_MAX && next - m->date < 14 * DAY ? 3 : 2;
		}
		for (size_t k = 0; k < nph; k++)
			if (ph[k].kind == kind && ph[k].num == num)
				p = &ph[k];
		if (!p) {
			ph = xreallocarray(ph, nph + 1, sizeof *ph);
			p = &ph[nph++];
			memset(p, 0, sizeof *p);
			p->kind = kind;
			p->num = num;
			p->cycles = xcalloc(nrel, 1);
		}
		p->cycles[r] = 1;
		p->patches++;
		p->ignored += m->ignored;
		p->merged += merged(md, m);
	}
	/* Phases in cycle order; a handful, so a plain insertion sort. */
	for (size_t i = 1; i < nph; i++)
		for (size_t k = i; k > 0 && (ph[k].kind < ph[k - 1].kind ||
		    (ph[k].kind == ph[k - 1].kind && ph[k].num < ph[k - 1].num)); k--) {
			struct phase t = ph[k];

			ph[k] = ph[k - 1];
			ph[k - 1] = t;
		}
	out_init(&out, o->fmt, o->header, o->fp);
	out_header(&out, cols, sizeof cols / sizeof cols[0]);
	for (size_t i = 0; i < nph; i++) {
		unsigned long nc = 0;

		for (size_t r = 0; r < nrel; r++)
			nc += ph[i].cycles[r];
		if (ph[i].kind == 1)
			out_cellf(&out, "rc%d", ph[i].num);
		else
			out_cell(&out, ph[i].kind == 0 ? "merge" : ph[i].kind == 2 ? "rest" :
			    "pre-release");
		out_cellf(&out, "%lu", nc);
		out_cellf(&out, "%lu", ph[i].patches);
		out_cellf(&out, "%lu", ph[i].ignored);
		out_cellf(&out, "%lu", ph[i].merged);
		out_cellf(&out, "%.4f", share(ph[i].ignored, ph[i].patches));
		out_end(&out);
		free(ph[i].cycles);
	}
	out_finish(&out);
	if (before && !o->sc.quiet)
		warnx("%lu patches predate the first release (%s) and have no phase",
		    before, rel[0].name);
	free(ph);
	free(rel);
	free(rcs);
	return 0;
}

/* Per merged cluster: first and last posting, and the integration. */
struct dur {
	uint32_t k;
	int64_t first, last;
	uint32_t nmails;
};

static size_t
durations(const struct model *md, const struct scope *sc, struct dur **out)
{
	struct dur *v = NULL;
	size_t n = 0;

	for (size_t i = 0; i < md->nk; i++) {
		const struct cluster *k = &md->k[i];
		struct dur d = { (uint32_t)i, NODATE, NODATE, 0 };

		if (k->first_commit == NONE || md->c[k->first_commit].cdate == NODATE)
			continue;
		for (uint32_t x = k->mail; x != NONE; x = md->m[x].cnext) {
			const struct mail *m = &md->m[x];

			/* Postings of the patch: not bots' or stable reviews' copies. */
			if (m->process || m->excluded || m->date == NODATE)
				continue;
			if (d.first == NODATE || m->date < d.first)
				d.first = m->date;
			if (d.last == NODATE || m->date > d.last)
				d.last = m->date;
			d.nmails++;
		}
		if (d.first == NODATE)
			continue;
		if ((sc->since != NODATE && d.first < sc->since) ||
		    (sc->until != NODATE && d.first > sc->until))
			continue;
		v = xreallocarray(v, n + 1, sizeof *v);
		v[n++] = d;
	}
	*out = v;
	return n;
}

static int
cmp_dur(const void *a, const void *b)
{
	const struct dur *x = a, *y = b;

	if (x->first != y->first)
		return x->first < y->first ? -1 : 1;
	return strcmp(sort_md->k[x->k].name, sort_md->k[y->k].name);
}

static int
duration_plot(const char *image, const struct model *md, const struct dur *v, size_t n)
{
	static const struct { double hi; const char *label; } bins[] = {
		{ 1, "< 1 day" }, { 2, "1-2" }, { 7, "2-7" }, { 14, "7-14" },
		{ 30, "14-30" }, { 90, "30-90" }, { 365, "90-365" }, { 1e18, "> 1 year" },
	};
	unsigned long count[8] = { 0 };
	unsigned long early = 0;
	char path[PLOT_PATH_MAX];
	struct buf script = BUF_INIT;
	int rc;
	FILE *fp;

	for (size_t i = 0; i < n; i++) {
		double days = (double)(md->c[md->k[v[i].k].first_commit].cdate - v[i].first) / DAY;

		if (days < 0) {
			early++;
			continue;
		}
		for (int b = 0; b < 8; b++)
			if (days < bins[b].hi) {
				count[b]++;
				break;
			}
	}
	if (!(fp = plot_scratch(path, sizeof path))) {
		warnx("%s:", path);
		return -1;
	}
	for (int b = 0; b < 8; b++)
		fprintf(fp, "%d \"%s\" %lu\n", b, bins[b].label, count[b]);
	if (fclose(fp) != 0) {
		warnx("%s:", path);
		plot_scratch_done(path);
		return -1;
	}
	buf_addf(&script, "set title 'Time from first posting to commit: %zu merged clusters",
	    n - early);
	if (early)
		buf_addf(&script, " (%lu more were committed before they were posted)", early);
	buf_addstr(&script, "'\n"
	    "set style fill solid 0.6 border -1\nset boxwidth 0.7\nset grid ytics\n"
	    "set ylabel 'clusters'\nset xlabel 'days'\nset yrange [0:*]\n"
	    "set offsets 0, 0, graph 0.1, 0\n"
	    "plot data using 1:3:xtic(2) with boxes notitle, "
	    "'' using 1:3:3 with labels offset 0,0.7 notitle\n");
	rc = plot(image, path, script.p);
	plot_scratch_done(path);
	buf_free(&script);
	return rc;
}

int
report_duration(struct model *md, const struct ropts *o)
{
	static const char *const cols[] = {
		"cluster", "commit", "subject", "first", "last", "committed", "days", "mails",
	};
	struct dur *v;
	size_t n;
	struct out out;
	int rc = 0;

	need(md, 0, 0, 1, "duration");
	n = durations(md, &o->sc, &v);
	sort_md = md;
	if (n)
		qsort(v, n, sizeof *v, cmp_dur);
	out_init(&out, o->fmt, o->header, o->fp);
	out_header(&out, cols, sizeof cols / sizeof cols[0]);
	for (size_t i = 0; i < n; i++) {
		const struct cluster *k = &md->k[v[i].k];
		const struct commit *c = &md->c[k->first_commit];

		out_cell(&out, k->name);
		out_cell(&out, c->id);
		out_cell(&out, c->subject);
		out_date(&out, v[i].first);
		out_date(&out, v[i].last);
		out_date(&out, c->cdate);
		out_cellf(&out, "%.2f", (double)(c->cdate - v[i].first) / DAY);
		out_cellf(&out, "%u", v[i].nmails);
		out_end(&out);
	}
	out_finish(&out);
	if (o->plot && duration_plot(o->plot, md, v, n) < 0)
		rc = PT_EXIT_FAILED;
	free(v);
	return rc;
}

/* Counting by a key (list or author) for the summary's top lines. */
struct tally {
	const char *key;
	unsigned long n;
};

static int
cmp_tally(const void *a, const void *b)
{
	const struct tally *x = a, *y = b;

	if (x->n != y->n)
		return x->n > y->n ? -1 : 1;
	return strcmp(x->key, y->key);
}

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
	    kmerged = 0;
	struct hmap hl = HMAP_INIT, ha = HMAP_INIT;
	struct arena mem = ARENA_INIT;
	struct tally *tl = NULL, *ta = NULL;
	size_t ntl = 0, nta = 0;
	struct out out;
	char a[21] = "", b[21] = "";
	struct buf tmp = BUF_INIT;
	int64_t *tt = xreallocarray(NULL, md->nm ? md->nm : 1, sizeof *tt);
	size_t ntt = 0;

	need(md, 1, 0, 1, "summary");
	if (!o->sc.quiet) {
		coverage_text(md, &tmp);
		warnx("coverage %s", tmp.p);
		grace_lines(md, &o->sc, grace_note, NULL);
	}
	for (size_t i = 0; i < md->nm; i++) {
		const struct mail *m = &md->m[i];

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
		ntoonew += m->toonew;
		nwithdrawn += m->withdrawn;
		if (m->ignored) {
			const char *l = m->lists;

			nignored++;
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
	for (size_t i = 0; i < md->nk; i++) {
		if (!md->k[i].nmails)
			continue;
		nclusters++;
		kmerged += md->k[i].ncommits > 0;
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
	rowf(&out, "ignored", nignored, "%.1f%% of patches: no response in any version, "
	    "not merged", 100 * share(nignored, patches));
	/* qsort wants an array, even of nothing. */
	if (ntl)
		qsort(tl, ntl, sizeof *tl, cmp_tally);
	if (nta)
		qsort(ta, nta, sizeof *ta, cmp_tally);
	for (size_t i = 0; i < ntl && i < (size_t)o->top; i++)
		rowf(&out, "  on list", tl[i].n, "%s", *tl[i].key ? tl[i].key : "(no list)");
	for (size_t i = 0; i < nta && i < (size_t)o->top; i++)
		rowf(&out, "  by author", ta[i].n, "%s", ta[i].key);
	rowf(&out, "too new", ntoonew, "%.1f%% of patches: not merged, no response, posted "
	    "less than its list's grace before the coverage of its list ends: no verdict yet",
	    100 * share(ntoonew, patches));
	grace_lines(md, &o->sc, grace_row, &out);
	rowf(&out, "withdrawn", nwithdrawn, "%.1f%% of patches: not merged, no response, "
	    "withdrawn by its author in its thread (dropped, superseded)",
	    100 * share(nwithdrawn, patches));
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
		rowf(&out, "  damaged", (unsigned long)ndamaged, "could not be read (damaged): "
		    "not judged");
		free(v);
	}
	{
		struct dur *dv;
		size_t n = durations(md, &o->sc, &dv), k = 0;
		int64_t *days = xreallocarray(NULL, n ? n : 1, sizeof *days);

		for (size_t i = 0; i < n; i++) {
			int64_t d = md->c[md->k[dv[i].k].first_commit].cdate - dv[i].first;

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

/*
 * The maintainers view: who was addressed by each patch for the project,
 * which MAINTAINERS sections were responsible for it, which list it went
 * to, and what came of it.
 */

void
maint_basis(const struct model *md, struct buf *b)
{
	if (md->has_maint && md->versions.n)
		buf_addf(b, "MAINTAINERS (%zu versions) and recipients", md->versions.n);
	else if (md->has_maint)
		buf_addstr(b, "recipients only (the ptmaint table has no MAINTAINERS version: "
		    "none in the repository at the patches' dates)");
	else
		buf_addstr(b, "recipients only (no ptmaint table)");
	if (!md->has_rcpt)
		buf_addstr(b, "; the mails table has no to or cc column");
	if (md->mm && md->mm->nentries)
		buf_addf(b, "; persons joined by a mailmap of %zu entries", md->mm->nentries);
}

/*
 * A person's kind is the role the data gives them, the strongest over
 * the patches they are counted for: M of a responsible section, else R
 * of one, else only a recipient (To or Cc).
 */
enum { RK_MAINTAINER, RK_REVIEWER, RK_RECIPIENT, RK_SECTION, RK_LIST, RK_N };

static const char *const rkinds[RK_N] = {
	"maintainer", "reviewer", "recipient", "section", "list",
};

/* Roles, weakest first: a person's kind is its strongest. */
enum { ROLE_NONE, ROLE_R, ROLE_M };

/* A row: a person (by address), a section (by title) or a list (by id). */
struct mrow {
	int kind;
	const char *name, *addr;
	const char *who;         /* persons: the name lower-cased, interned; "" */
	const char *listid;      /* addresses: the list id it is the address of */
	int islist;              /* addresses: a list's, not a person's */
	int known;               /* addresses: listid and islist are set */
	const struct mail *from; /* persons: the newest mail they sent with a name */
	unsigned long patches, to, listed, responded, merged, ignored;
	int64_t *t;              /* times to first response */
	size_t nt, capt;
	uint32_t seen;           /* the patch that counted it last, + 1 */
	uint32_t slot;           /* its place in that patch's list */
	int plot;                /* place among the plotted rows + 1; 0 */
	unsigned char role;      /* persons: ROLE_M, ROLE_R or ROLE_NONE */
};

struct mview {
	struct model *md;
	struct arena mem;
	struct hmap addrs, sects, lists;
	struct mrow **rows;
	size_t nrows;
};

static struct mrow *
mrow_get(struct mview *mv, struct hmap *h, int kind, const char *key)
{
	int isnew;
	struct hent *e = hmap_put(h, key, strlen(key), &isnew);
	struct mrow *r;

	if (!isnew)
		return e->val;
	r = arena_alloc(&mv->mem, sizeof *r);
	memset(r, 0, sizeof *r);
	r->kind = kind;
	r->name = r->addr = r->who = "";
	if (kind == RK_SECTION || kind == RK_LIST)
		r->name = key;
	else
		r->addr = key;
	mv->rows = xreallocarray(mv->rows, mv->nrows + 1, sizeof *mv->rows);
	mv->rows[mv->nrows++] = r;
	e->val = r;
	return r;
}

/*
 * The list id an address belongs to: the address with '@' made '.' (as
 * the List-Id of a list is its address), if the mails have that list;
 * NULL if not.
 */
static const char *
list_of(const struct model *md, const char *addr, struct buf *b)
{
	struct hent *e;

	buf_reset(b);
	for (const char *p = addr; *p; p++)
		buf_addc(b, *p == '@' ? '.' : *p);
	e = hmap_get(&md->listids, b->p ? b->p : "", b->len);
	return e ? e->key : NULL;
}

/*
 * A list not archived here still is no person: addresses at the hosts
 * mailing lists live on (lists.*, list.*, vger.kernel.org,
 * googlegroups.com, groups.io).
 */
static int
list_host(const char *addr)
{
	static const char *const hosts[] = { "vger.kernel.org", "googlegroups.com", "groups.io" };
	const char *d = strrchr(addr, '@');

	if (!d++)
		return 0;
	if (!strncmp(d, "lists.", 6) || !strncmp(d, "list.", 5))
		return 1;
	for (size_t i = 0; i < sizeof hosts / sizeof *hosts; i++)
		if (!strcmp(d, hosts[i]))
			return 1;
	return 0;
}

/* The row of an address: a person, or a list's address. */
static struct mrow *
addr_row(struct mview *mv, const char *addr, struct buf *b)
{
	/* Its kind is known once every patch is counted. */
	struct mrow *r = mrow_get(mv, &mv->addrs, RK_RECIPIENT, addr);

	if (!r->known) {
		r->listid = list_of(mv->md, addr, b);
		r->islist = r->listid || hmap_get(&mv->md->laddrs, addr, strlen(addr)) ||
		    list_host(addr);
		r->known = 1;
	}
	return r;
}

/* The row of an address addr_row() has seen. */
static struct mrow *
addr_seen(const struct mview *mv, const char *addr)
{
	return hmap_get(&mv->addrs, addr, strlen(addr))->val;
}

static void
mrow_time(struct mrow *r, int64_t t)
{
	if (r->nt == r->capt) {
		r->capt = r->capt ? 2 * r->capt : 16;
		r->t = xreallocarray(r->t, r->capt, sizeof *r->t);
	}
	r->t[r->nt++] = t;
}

/* Is person row p the author of patch m (the same address, or name)? */
static int
is_author(const struct mrow *p, const struct mail *m)
{
	return p->addr == m->from || (*p->who && p->who == m->who);
}

static int
cmp_mrow(const void *a, const void *b)
{
	const struct mrow *x = *(struct mrow *const *)a, *y = *(struct mrow *const *)b;
	int c;

	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	if (x->patches != y->patches)
		return x->patches > y->patches ? -1 : 1;
	if ((c = strcmp(x->name, y->name)) != 0)
		return c;
	return strcmp(x->addr, y->addr);
}

/* The lists of a mail, one at a time: *l is advanced; "" for none. */
static const char *
next_list(struct model *md, const char **l)
{
	size_t k = strcspn(*l, " ");
	const char *id = intern(&md->pool, *l, k);

	*l += k;
	while (**l == ' ')
		(*l)++;
	return id;
}

#define PLOT_ROWS 6

/* Months as numbers: year * 12 + month - 1. */
static long
month_of(int64_t t)
{
	char d[21];

	iso_utc(d, t);
	return atol(d) * 12 + atol(d + 5) - 1;
}

static int
maint_plot(const char *image, struct mview *mv, struct mrow **plotted, size_t np, int kind)
{
	struct model *md = mv->md;
	long first = 0, last = -1;
	unsigned long *cnt;
	size_t nmon;
	char path[PLOT_PATH_MAX];
	struct buf script = BUF_INIT, q = BUF_INIT;
	int rc;
	FILE *fp;

	if (!np) {
		warnx("%s: nothing to plot", image);
		return -1;
	}
	for (size_t i = 0; i < md->nm; i++) {
		long mo;

		if (!md->m[i].project || md->m[i].date == NODATE)
			continue;
		mo = month_of(md->m[i].date);
		if (last < first || mo < first)
			first = mo;
		if (mo > last)
			last = mo;
	}
	nmon = last >= first ? (size_t)(last - first + 1) : 1;
	/* Per plotted row and month: patches, then ignored ones. */
	cnt = xcalloc(np * nmon * 2, sizeof *cnt);
	for (size_t i = 0; i < md->nm; i++) {
		const struct mail *m = &md->m[i];
		size_t mo;

		if (!m->project || m->date == NODATE)
			continue;
		mo = (size_t)(month_of(m->date) - first);
		if (kind == RK_SECTION) {
			for (uint32_t s = 0; s < m->nsect; s++) {
				struct hent *e = hmap_get(&mv->sects, m->sect[s]->title,
				    strlen(m->sect[s]->title));
				struct mrow *r = e ? e->val : NULL;

				/* A title twice (two versions read): once. */
				if (!r || r->plot <= 0 || r->seen == (uint32_t)i + 1)
					continue;
				r->seen = (uint32_t)i + 1;
				cnt[((size_t)(r->plot - 1) * nmon + mo) * 2]++;
				cnt[((size_t)(r->plot - 1) * nmon + mo) * 2 + 1] += m->ignored;
			}
		} else {
			const char *l = m->lists;

			do {
				const char *id = next_list(md, &l);
				struct hent *e = hmap_get(&mv->lists, id, strlen(id));
				struct mrow *r = e ? e->val : NULL;

				if (!r || r->plot <= 0)
					continue;
				cnt[((size_t)(r->plot - 1) * nmon + mo) * 2]++;
				cnt[((size_t)(r->plot - 1) * nmon + mo) * 2 + 1] += m->ignored;
			} while (*l);
		}
	}
	if (!(fp = plot_scratch(path, sizeof path))) {
		warnx("%s:", path);
		free(cnt);
		return -1;
	}
	for (size_t r = 0; r < np; r++) {
		int gap = 0;

		for (size_t mo = 0; mo < nmon; mo++) {
			unsigned long p = cnt[(r * nmon + mo) * 2], ig = cnt[(r * nmon + mo) * 2 + 1];
			long x = first + (long)mo;

			/* A month without patches has no share: one blank line breaks the line. */
			if (!p) {
				if (gap == 1)
					fputc('\n', fp);
				gap = gap ? 2 : 0;
				continue;
			}
			fprintf(fp, "%04ld-%02ld-01 %.4f %lu %lu\n", x / 12, x % 12 + 1,
			    share(ig, p), p, ig);
			gap = 1;
		}
		fputs("\n\n", fp);
	}
	free(cnt);
	if (fclose(fp) != 0) {
		warnx("%s:", path);
		plot_scratch_done(path);
		return -1;
	}
	/* Half a month of margin, so that a single month is a range too. */
	buf_addf(&script, "set xdata time\nset timefmt '%%Y-%%m-%%d'\nset format x '%%Y-%%m'\n"
	    "set xrange ['%04ld-%02ld-16':'%04ld-%02ld-16']\n",
	    (first - 1) / 12, (first - 1) % 12 + 1, last / 12, last % 12 + 1);
	buf_addf(&script, "set grid\nset key outside right top\nset style data linespoints\n"
	    "set pointsize 0.6\nset yrange [0:1.05]\nset ytics 0.2\n"
	    "set ylabel 'ignored share'\n"
	    "set title 'Ignored share of patches per month: the %zu %s with most patches'\n",
	    np, kind == RK_SECTION ? (np > 1 ? "sections" : "section") :
	    (np > 1 ? "lists" : "list"));
	buf_addstr(&script, "plot ");
	for (size_t r = 0; r < np; r++) {
		buf_addf(&script, "%sdata index %zu using 1:2 title ", r ? ", " : "", r);
		buf_reset(&q);
		plot_quote(&q, *plotted[r]->name ? plotted[r]->name : "(no list)");
		buf_addstr(&script, q.p);
	}
	buf_addc(&script, '\n');
	rc = plot(image, path, script.p);
	plot_scratch_done(path);
	buf_free(&script);
	buf_free(&q);
	return rc;
}

/* A person addressed by the patch at hand, and how. */
struct addressed {
	struct mrow *p;
	unsigned char to, listed, role;
};

int
report_maintainers(struct model *md, const struct ropts *o)
{
	static const char *const cols[] = {
		"kind", "name", "addr", "patches", "to", "listed", "responded", "merged",
		"ignored", "ttfr_median_h", "ttfr_p90_h",
	};
	struct mview mv;
	struct buf b = BUF_INIT;
	struct addressed *ad = NULL;
	size_t nad = 0, capad = 0, cap = 0;
	struct mrow **sv = NULL, **plotted = NULL;
	size_t nsv = 0, capsv = 0, nplot = 0;
	const char **by = NULL, **bywho = NULL;
	size_t nby = 0, capby = 0;
	uint32_t *roots = NULL;
	struct out out;
	int rc = 0, pk = RK_LIST;

	need(md, 1, 0, 1, "maintainers");
	memset(&mv, 0, sizeof mv);
	mv.md = md;
	if (!o->sc.quiet) {
		maint_basis(md, &b);
		warnx("maintainers: %s", b.p);
	}

	/* Every address a patch names: who it is, a person or a list. */
	for (size_t i = 0; i < md->nm; i++) {
		const struct mail *m = &md->m[i];

		if (!m->project)
			continue;
		for (uint32_t x = 0; x < m->nrcpt; x++)
			addr_row(&mv, m->rcpt[x], &b);
		for (uint32_t s = 0; s < m->nsect; s++)
			for (uint32_t e = 0; e < m->sect[s]->ne; e++)
				if (m->sect[s]->e[e].role != 'L')
					addr_row(&mv, m->sect[s]->e[e].addr, &b);
	}
	/* Names: MAINTAINERS's, else those they sign their newest mail with. */
	for (size_t i = 0; i < md->nm; i++) {
		const struct mail *m = &md->m[i];
		struct hent *e;
		struct mrow *p;

		if (!m->present || !*m->name || m->date == NODATE ||
		    !(e = hmap_get(&mv.addrs, m->from, strlen(m->from))))
			continue;
		p = e->val;
		if (!p->from || m->date > p->from->date ||
		    (m->date == p->from->date && strcmp(m->id, p->from->id) > 0))
			p->from = m;
	}
	for (size_t i = 0; i < mv.nrows; i++) {
		struct mrow *p = mv.rows[i];
		struct hent *e = hmap_get(&md->mnames, p->addr, strlen(p->addr));

		if (e)
			p->name = e->val;
		else if (p->from)
			p->name = p->from->name;
		buf_reset(&b);
		for (const char *c = p->name; *c; c++)
			buf_addc(&b, *c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
		p->who = intern(&md->pool, b.p ? b.p : "", b.len);
	}

	for (size_t i = 0; i < md->nm; i++) {
		const struct mail *m = &md->m[i];
		uint32_t stamp = (uint32_t)i + 1;
		size_t nroots;
		int mg, ig;
		int64_t t;
		const char *l;

		if (!m->project)
			continue;
		mg = merged(md, m);
		ig = m->ignored;
		t = ttfr(md, m);
		nroots = answer_threads(md, (uint32_t)i, &roots, &cap);

		/* The persons: To and Cc, then M and R of the responsible sections. */
		nad = 0;
		for (uint32_t x = 0; x < m->nrcpt + m->nsect; x++) {
			const struct msect *s = x >= m->nrcpt ? m->sect[x - m->nrcpt] : NULL;
			uint32_t ne = s ? s->ne : 1;

			for (uint32_t e = 0; e < ne; e++) {
				struct mrow *p;

				if (s && s->e[e].role == 'L')
					continue;
				p = addr_seen(&mv, s ? s->e[e].addr : m->rcpt[x]);
				if (p->islist || is_author(p, m))
					continue;
				if (p->seen != stamp) {
					if (nad == capad) {
						capad = capad ? 2 * capad : 16;
						ad = xreallocarray(ad, capad, sizeof *ad);
					}
					p->seen = stamp;
					p->slot = (uint32_t)nad;
					ad[nad].p = p;
					ad[nad].to = ad[nad].listed = ad[nad].role = 0;
					nad++;
				}
				if (s) {
					unsigned char role = s->e[e].role == 'M' ? ROLE_M : ROLE_R;

					ad[p->slot].listed = 1;
					if (role > ad[p->slot].role)
						ad[p->slot].role = role;
				} else
					ad[p->slot].to = 1;
			}
		}
		for (size_t k = 0; k < nad; k++) {
			struct mrow *p = ad[k].p;
			uint32_t r = first_response(md, (uint32_t)i, roots, nroots, &p->addr,
			    &p->who, 1);

			p->patches++;
			if (ad[k].role > p->role)
				p->role = ad[k].role;
			p->to += ad[k].to;
			p->listed += ad[k].listed;
			p->merged += mg;
			p->ignored += ig;
			if (r != NONE) {
				p->responded++;
				mrow_time(p, md->m[r].date - m->date);
			}
		}

		/* The responsible sections, each title once, with their people. */
		nsv = 0;
		for (uint32_t x = 0; x < m->nsect; x++) {
			struct mrow *s = mrow_get(&mv, &mv.sects, RK_SECTION, m->sect[x]->title);

			if (s->seen == stamp)
				continue;
			s->seen = stamp;
			if (nsv == capsv) {
				capsv = capsv ? 2 * capsv : 8;
				sv = xreallocarray(sv, capsv, sizeof *sv);
			}
			sv[nsv++] = s;
		}
		for (size_t k = 0; k < nsv; k++) {
			struct mrow *s = sv[k];
			int to = 0;
			uint32_t r;

			nby = 0;
			for (uint32_t x = 0; x < m->nsect; x++) {
				if (m->sect[x]->title != s->name)
					continue;
				for (uint32_t e = 0; e < m->sect[x]->ne; e++) {
					const char *a = m->sect[x]->e[e].addr;
					struct mrow *p;

					/* L: entries have no row: addr_row() skips them. */
					if (m->sect[x]->e[e].role == 'L')
						continue;
					p = addr_seen(&mv, a);
					if (p->islist || is_author(p, m))
						continue;
					if (nby == capby) {
						capby = capby ? 2 * capby : 16;
						by = xreallocarray(by, capby, sizeof *by);
						bywho = xreallocarray(bywho, capby, sizeof *bywho);
					}
					by[nby] = p->addr;
					bywho[nby++] = p->who;
					for (uint32_t y = 0; y < m->nrcpt && !to; y++)
						to = m->rcpt[y] == a;
				}
			}
			s->patches++;
			s->to += to;
			s->listed++;
			s->merged += mg;
			s->ignored += ig;
			r = nby ? first_response(md, (uint32_t)i, roots, nroots, by, bywho, nby) :
			    NONE;
			if (r != NONE) {
				s->responded++;
				mrow_time(s, md->m[r].date - m->date);
			}
		}

		/* The lists it went to (a cross-post counts on each), as weekly counts them. */
		l = m->lists;
		do {
			const char *id = next_list(md, &l);
			struct mrow *lr = mrow_get(&mv, &mv.lists, RK_LIST, id);
			int to = 0, listed = 0;

			if (lr->seen == stamp)
				continue;
			lr->seen = stamp;
			for (uint32_t y = 0; y < m->nrcpt && !to; y++) {
				struct mrow *p = addr_seen(&mv, m->rcpt[y]);

				if (p->listid == id) {
					to = 1;
					if (!*lr->addr || strcmp(p->addr, lr->addr) < 0)
						lr->addr = p->addr;
				}
			}
			for (uint32_t x = 0; x < m->nsect && !listed; x++)
				for (uint32_t e = 0; e < m->sect[x]->ne && !listed; e++)
					listed = m->sect[x]->e[e].role == 'L' &&
					    list_of(md, m->sect[x]->e[e].addr, &b) == id;
			lr->patches++;
			lr->to += to;
			lr->listed += listed;
			lr->merged += mg;
			lr->ignored += ig;
			if (t != NODATE) {
				lr->responded++;
				mrow_time(lr, t);
			}
		} while (*l);
	}
	/* A list's address, when only MAINTAINERS names it. */
	for (size_t i = 0; i < md->laddrs.cap; i++) {
		const char *a = md->laddrs.e[i].key, *id;
		struct hent *e;
		struct mrow *lr;

		if (!a || !(id = list_of(md, a, &b)) || !(e = hmap_get(&mv.lists, id, strlen(id))))
			continue;
		lr = e->val;
		if (!*lr->addr || strcmp(a, lr->addr) < 0)
			lr->addr = a;
	}

	/*
	 * Rows with patches, in order; the top -n of each kind.  The plot
	 * draws sections, or lists where no section was responsible for a
	 * patch (no maintainers table, or a repository without MAINTAINERS).
	 */
	{
		size_t n = 0, shown[RK_N] = { 0 };

		/* A row without patches has no times either: dropping it loses nothing. */
		for (size_t i = 0; i < mv.nrows; i++)
			if (mv.rows[i]->patches) {
				if (mv.rows[i]->kind == RK_RECIPIENT)
					mv.rows[i]->kind = mv.rows[i]->role == ROLE_M ? RK_MAINTAINER :
					    mv.rows[i]->role == ROLE_R ? RK_REVIEWER : RK_RECIPIENT;
				mv.rows[n++] = mv.rows[i];
				if (mv.rows[i]->kind == RK_SECTION)
					pk = RK_SECTION;
			}
		mv.nrows = n;
		if (n)
			qsort(mv.rows, n, sizeof *mv.rows, cmp_mrow);
		out_init(&out, o->fmt, o->header, o->fp);
		out_header(&out, cols, sizeof cols / sizeof cols[0]);
		for (size_t i = 0; i < n; i++) {
			struct mrow *r = mv.rows[i];

			if (r->kind == pk && nplot < PLOT_ROWS) {
				plotted = xreallocarray(plotted, nplot + 1, sizeof *plotted);
				plotted[nplot++] = r;
				r->plot = (int)nplot;
			}
			if (o->top_set && o->top && shown[r->kind] >= (size_t)o->top)
				continue;
			shown[r->kind]++;
			if (r->nt)
				qsort(r->t, r->nt, sizeof *r->t, cmp_i64);
			out_cell(&out, rkinds[r->kind]);
			out_cell(&out, r->name);
			out_cell(&out, r->addr);
			out_cellf(&out, "%lu", r->patches);
			out_cellf(&out, "%lu", r->to);
			out_cellf(&out, "%lu", r->listed);
			out_cellf(&out, "%lu", r->responded);
			out_cellf(&out, "%lu", r->merged);
			out_cellf(&out, "%lu", r->ignored);
			out_median(&out, r->t, r->nt, 50);
			out_median(&out, r->t, r->nt, 90);
			out_end(&out);
		}
		out_finish(&out);
	}
	if (o->plot) {
		for (size_t i = 0; i < mv.nrows; i++)
			mv.rows[i]->seen = 0;
		if (maint_plot(o->plot, &mv, plotted, nplot, pk) < 0)
			rc = PT_EXIT_FAILED;
	}

	for (size_t i = 0; i < mv.nrows; i++)
		free(mv.rows[i]->t);
	free(mv.rows);
	free(plotted);
	free(ad);
	free(sv);
	free(by);
	free(bywho);
	free(roots);
	hmap_free(&mv.addrs);
	hmap_free(&mv.sects);
	hmap_free(&mv.lists);
	arena_free(&mv.mem);
	buf_free(&b);
	return rc;
}
