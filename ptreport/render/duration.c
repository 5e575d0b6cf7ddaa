/*
 * duration.c - the duration report: per merged cluster, first posting
 * to commit; and its histogram.
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

static int
cmp_dur(const void *a, const void *b)
{
	const struct dur *x = a, *y = b;

	if (x->first != y->first)
		return x->first < y->first ? -1 : 1;
	return strcmp(sort_md->clusters[x->k].name, sort_md->clusters[y->k].name);
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
		double days = (double)(md->commits[md->clusters[v[i].k].first_commit].cdate - v[i].first) / DAY;

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
		const struct cluster *k = &md->clusters[v[i].k];
		const struct commit *c = &md->commits[k->first_commit];

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
