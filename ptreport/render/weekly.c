/*
 * weekly.c - the weekly report: per list and ISO week, patches,
 * ignored, merged, time to first response; and its plot.
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

#define PLOT_LISTS 10

static int
weekly_plot(const char *image, struct wcount **v, size_t n)
{
	struct tally *ls = NULL;
	size_t nls = 0;
	struct buf script = BUF_INIT, data = BUF_INIT;
	char path[PLOT_PATH_MAX];
	int rc = 0;
	FILE *fp;

	/* The lists with most patches, one line each. */
	for (size_t i = 0; i < n; i++) {
		if (!nls || strcmp(ls[nls - 1].key, v[i]->list)) {
			ls = xreallocarray(ls, nls + 1, sizeof *ls);
			ls[nls].key = v[i]->list;
			ls[nls++].n = 0;
		}
		ls[nls - 1].n += v[i]->patches;
	}
	if (nls)
		qsort(ls, nls, sizeof *ls, cmp_tally);
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

			if (strcmp(v[i]->list, ls[l].key))
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
			plot_quote(&data, *ls[l].key ? ls[l].key : "(no list)");
			buf_addstr(&script, data.p);
			buf_reset(&data);
		}
		buf_addc(&script, '\n');
	}
	buf_addstr(&script, "unset multiplot\n");
	rc = nls ? plot(image, path, script.p) : plot_empty(image, "Patches for the project, "
	    "per ISO week", "No patch for the project in the archives, none to plot");
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
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		const char *l = m->lists, *end;
		char week[9];
		int64_t monday;

		if (!m->project || m->date == NODATE)
			continue;
		day_isoweek(m->date, week, &monday);
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
				tv = xgrow(tv, &captv, ntv, 256, sizeof *tv);
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
					day_isoweek(d, w->week, &w->monday);
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
