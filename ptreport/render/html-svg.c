/*
 * html-svg.c - the HTML page's plots, drawn as inline SVG (the page
 * fetches nothing): patches per week or month with the ignored ones,
 * and time to merge and to first response in bins.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "html-page.h"
#include "text.h"
#include "util.h"

#define SVG_W 960
#define SVG_H 300
#define SVG_L 56                 /* room for the y axis */
#define SVG_R 12
#define SVG_T 34                 /* room for the title */
#define SVG_B 44                 /* room for the x axis */

/* A step of 1, 2 or 5 times a power of ten, about top / 5, at least 1. */
static unsigned long
nice_step(unsigned long top)
{
	unsigned long want = top / 5 ? top / 5 : 1, p = 1;

	while (p * 10 <= want)
		p *= 10;
	return want >= 5 * p ? 5 * p : want >= 2 * p ? 2 * p : p;
}

/* The frame of a plot: title, y axis to top, with grid lines. */
static unsigned long
svg_open(struct page *pg, const char *id, const char *title, const char *ylabel,
    unsigned long top)
{
	unsigned long step = nice_step(top ? top : 1), ymax;
	double ph = SVG_H - SVG_T - SVG_B;

	ymax = (top / step + (top % step != 0)) * step;
	if (!ymax)
		ymax = step;
	fprintf(pg->fp, "<figure>\n<svg id=\"%s\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" "
	    "role=\"img\" aria-labelledby=\"%s-t\">\n<title id=\"%s-t\">%s</title>\n",
	    id, SVG_W, SVG_H, SVG_W, SVG_H, id, id, title);
	fprintf(pg->fp, "<text class=\"t\" x=\"%d\" y=\"18\">%s</text>\n", SVG_L, title);
	for (unsigned long y = 0; y <= ymax; y += step) {
		double py = SVG_T + ph - ph * (double)y / (double)ymax;

		fprintf(pg->fp, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>"
		    "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%lu</text>\n",
		    SVG_L, SVG_W - SVG_R, py, py, SVG_L - 6, py + 4, y);
	}
	fprintf(pg->fp, "<text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" "
	    "text-anchor=\"middle\">%s</text>\n", SVG_T + (int)ph / 2, SVG_T + (int)ph / 2, ylabel);
	fprintf(pg->fp, "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>\n",
	    SVG_L, SVG_W - SVG_R, SVG_H - SVG_B, SVG_H - SVG_B);
	return ymax;
}

static void
svg_close(struct page *pg, const char *caption)
{
	fputs("</svg>\n<figcaption>", pg->fp);
	esc(pg->fp, caption);
	fputs("</figcaption>\n</figure>\n", pg->fp);
}

/* Is t inside the coverage (a mails table without dates has none: all is)? */
static int
in_cover(const struct model *md, int64_t t)
{
	return !md->ncov || span_of(md->cov, md->ncov, t) < md->ncov;
}

/*
 * Patches for the project per ISO week (per month when the weeks span
 * more than three years), the ignored ones the lower, red part of a bar;
 * within the coverage, so that a misdated mail does not stretch the
 * axis by years.
 */
void
plot_weekly(struct page *pg)
{
	struct model *md = pg->md;
	int64_t first = INT64_MAX, last = INT64_MIN;
	unsigned long *pat, *ign, top = 0, ymax, npat = 0;
	size_t n;
	int monthly;
	double pw = SVG_W - SVG_L - SVG_R, ph = SVG_H - SVG_T - SVG_B, bw;
	char cap[200];
	unsigned long outside = 0;

	for (size_t i = 0; i < md->nmails; i++) {
		if (!md->mails[i].project || md->mails[i].date == NODATE)
			continue;
		if (!in_cover(md, md->mails[i].date)) {
			outside++;
			continue;
		}
		if (md->mails[i].date < first)
			first = md->mails[i].date;
		if (md->mails[i].date > last)
			last = md->mails[i].date;
	}
	if (first > last) {
		note(pg, "No patch for the project has a date: nothing to plot per week.");
		return;
	}
	monthly = (day_monday(last) - day_monday(first)) / 7 > 156;
	if (monthly)
		n = (size_t)(day_month(last) - day_month(first) + 1);
	else
		n = (size_t)((day_monday(last) - day_monday(first)) / 7 + 1);
	pat = xcalloc(n, sizeof *pat);
	ign = xcalloc(n, sizeof *ign);
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		size_t k;

		if (!m->project || m->date == NODATE || !in_cover(md, m->date))
			continue;
		k = monthly ? (size_t)(day_month(m->date) - day_month(first)) :
		    (size_t)((day_monday(m->date) - day_monday(first)) / 7);
		pat[k]++;
		ign[k] += m->ignored;
		npat++;
	}
	for (size_t k = 0; k < n; k++)
		if (pat[k] > top)
			top = pat[k];
	ymax = svg_open(pg, "plot-weekly", monthly ? "Patches for the project per month" :
	    "Patches for the project per ISO week", "patches", top);
	bw = pw / (double)n;
	for (size_t k = 0; k < n; k++) {
		double x = SVG_L + bw * (double)k + (bw > 4 ? bw * 0.1 : 0);
		double w = bw > 4 ? bw * 0.8 : bw;
		double hp = ph * (double)pat[k] / (double)ymax, hi = ph * (double)ign[k] / (double)ymax;
		char label[40], d[21];
		int64_t start;

		if (monthly) {
			long mi = day_month(first) + (long)k;

			snprintf(label, sizeof label, "%04ld-%02ld", mi / 12, mi % 12 + 1);
		} else {
			start = (day_monday(first) + 7 * (int64_t)k) * DAY;
			iso_utc(d, start);
			snprintf(label, sizeof label, "week of %.10s", d);
		}
		if (pat[k])
			fprintf(pg->fp, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			    "height=\"%.1f\"><title>%s: %lu patches, %lu ignored</title></rect>\n",
			    x, SVG_T + ph - hp, w, hp, label, pat[k], ign[k]);
		if (ign[k])
			fprintf(pg->fp, "<rect class=\"ign\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			    "height=\"%.1f\"><title>%s: %lu ignored of %lu</title></rect>\n",
			    x, SVG_T + ph - hi, w, hi, label, ign[k], pat[k]);
	}
	/* Ticks where a month (weeks) or a year (months) begins, labelled if room. */
	{
		long prev = -1, every = 1;
		size_t nticks = 0;

		for (size_t k = 0; k < n; k++) {
			int64_t t = monthly ? 0 : (day_monday(first) + 7 * (int64_t)k) * DAY;
			long key = monthly ? (day_month(first) + (long)k) / 12 : day_month(t);

			nticks += key != prev;
			prev = key;
		}
		while ((long)nticks / every > 16)
			every = every == 1 ? 2 : every == 2 ? 3 : every == 3 ? 6 : every * 2;
		prev = -1;
		for (size_t k = 0, i = 0; k < n; k++) {
			int64_t t = monthly ? 0 : (day_monday(first) + 7 * (int64_t)k) * DAY;
			long key = monthly ? (day_month(first) + (long)k) / 12 : day_month(t);
			double x = SVG_L + bw * (double)k;

			if (key == prev)
				continue;
			prev = key;
			if (i++ % (size_t)every)
				continue;
			fprintf(pg->fp, "<line class=\"axis\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\"/>",
			    x, x, SVG_H - SVG_B, SVG_H - SVG_B + 5);
			if (monthly)
				fprintf(pg->fp, "<text x=\"%.1f\" y=\"%d\">%ld</text>\n", x + 2,
				    SVG_H - SVG_B + 17, key);
			else
				fprintf(pg->fp, "<text x=\"%.1f\" y=\"%d\">%04ld-%02ld</text>\n", x + 2,
				    SVG_H - SVG_B + 17, key / 12, key % 12 + 1);
		}
	}
	fprintf(pg->fp, "<rect class=\"bar\" x=\"%d\" y=\"%d\" width=\"12\" height=\"10\"/>"
	    "<text x=\"%d\" y=\"%d\">patches</text>"
	    "<rect class=\"ign\" x=\"%d\" y=\"%d\" width=\"12\" height=\"10\"/>"
	    "<text x=\"%d\" y=\"%d\">of them ignored</text>\n",
	    SVG_W - 220, SVG_H - 14, SVG_W - 204, SVG_H - 5,
	    SVG_W - 130, SVG_H - 14, SVG_W - 114, SVG_H - 5);
	snprintf(cap, sizeof cap, "%lu patches for the project in %zu %s; a cross-posted patch "
	    "counts once.", npat, n, monthly ? (n == 1 ? "month" : "months") :
	    (n == 1 ? "week" : "weeks"));
	if (outside)
		snprintf(cap + strlen(cap), sizeof cap - strlen(cap), "  Left out: %lu dated "
		    "outside the coverage.", outside);
	svg_close(pg, cap);
	free(pat);
	free(ign);
}

/* Bars of counts over labelled bins. */
static void
plot_bins(struct page *pg, const char *id, const char *title, const char *xlabel,
    const char *const *label, const unsigned long *count, size_t n, const char *caption)
{
	unsigned long top = 0, ymax;
	double pw = SVG_W - SVG_L - SVG_R, ph = SVG_H - SVG_T - SVG_B, bw = pw / (double)n;

	for (size_t k = 0; k < n; k++)
		if (count[k] > top)
			top = count[k];
	ymax = svg_open(pg, id, title, "count", top);
	for (size_t k = 0; k < n; k++) {
		double h = ph * (double)count[k] / (double)ymax, x = SVG_L + bw * (double)k;

		fprintf(pg->fp, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		    "height=\"%.1f\"><title>", x + bw * 0.15, SVG_T + ph - h, bw * 0.7, h);
		esc(pg->fp, label[k]);
		fprintf(pg->fp, ": %lu</title></rect>"
		    "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%lu</text>"
		    "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", count[k],
		    x + bw / 2, SVG_T + ph - h - 4, count[k], x + bw / 2, SVG_H - SVG_B + 16);
		esc(pg->fp, label[k]);
		fputs("</text>\n", pg->fp);
	}
	fprintf(pg->fp, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
	    SVG_L + (int)pw / 2, SVG_H - 6, xlabel);
	svg_close(pg, caption);
}

/* Time to merge: the days column of duration, in bins. */
void
plot_merge(struct page *pg, const struct table *t)
{
	static const double hi[] = { 1, 2, 7, 14, 30, 90, 365, 1e18 };
	static const char *const label[] = {
		"< 1", "1-2", "2-7", "7-14", "14-30", "30-90", "90-365", "> 365",
	};
	unsigned long count[8] = { 0 }, early = 0, n = 0;
	size_t c = tcol(t, "days");
	char cap[200];

	for (size_t r = 0; r < t->nrows; r++) {
		double d = strtod(cell(t, r, c), NULL);

		if (d < 0) {
			early++;
			continue;
		}
		for (int b = 0; b < 8; b++)
			if (d < hi[b]) {
				count[b]++;
				n++;
				break;
			}
	}
	snprintf(cap, sizeof cap, "%lu merged clusters by days from the first posting to the "
	    "commit%s", n, early ? "; " : ".");
	if (early)
		snprintf(cap + strlen(cap), sizeof cap - strlen(cap), "%lu more were committed "
		    "before they were posted.", early);
	plot_bins(pg, "plot-merge", "Time to merge", "days from the first posting to the commit",
	    label, count, 8, cap);
}

/* Time to first response of the patches for the project, in bins. */
void
plot_response(struct page *pg)
{
	static const int64_t hi[] = {
		3600, 6 * 3600, DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY, INT64_MAX,
	};
	static const char *const label[] = {
		"< 1 h", "1-6 h", "6-24 h", "1-2 d", "2-7 d", "7-14 d", "14-30 d", "> 30 d",
	};
	unsigned long count[8] = { 0 }, n = 0, none = 0;
	char cap[200];

	for (size_t i = 0; i < pg->md->nmails; i++) {
		const struct mail *m = &pg->md->mails[i];
		int64_t t;

		if (!m->project)
			continue;
		if (m->fresp == NONE) {
			none++;
			continue;
		}
		t = pg->md->mails[m->fresp].date - m->date;
		for (int b = 0; b < 8; b++)
			if (t < hi[b]) {
				count[b]++;
				n++;
				break;
			}
	}
	snprintf(cap, sizeof cap, "%lu answered patches for the project by time to their first "
	    "response; %lu without one.", n, none);
	plot_bins(pg, "plot-response", "Time to first response", "time from the posting to the "
	    "first response by another person", label, count, 8, cap);
}
