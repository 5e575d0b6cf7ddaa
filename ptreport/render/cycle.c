/*
 * cycle.c - the cycle report: the ignored share by development-cycle
 * phase (merge window, each -rc), from the release tags.
 */
#define _POSIX_C_SOURCE 200809L
#include <regex.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/mailmap.h"
#include "order.h"
#include "report.h"
#include "text.h"
#include "util.h"

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

	return tag_order(x->date, x->name, y->date, y->name);
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
	for (size_t i = 0; i < md->ntags; i++)
		n += !rc_number(md->tags[i].name) && regexec(&re, md->tags[i].name, 0, NULL, 0) == 0;
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
	for (size_t i = 0; i < md->ntags; i++) {
		if (rc_number(md->tags[i].name)) {
			rcs = xreallocarray(rcs, nrc + 1, sizeof *rcs);
			rcs[nrc++] = md->tags[i];
		} else if (regexec(&re, md->tags[i].name, 0, NULL, 0) == 0) {
			rel = xreallocarray(rel, nrel + 1, sizeof *rel);
			rel[nrel++] = md->tags[i];
		}
	}
	regfree(&re);
	/*
	 * No release: no phases, but the other reports stand.  An empty
	 * table (the aligned text says why), and a note.
	 */
	if (!nrel) {
		if (!o->sc.quiet)
			warnx("cycle: no phases: %s", md->ntags ? "no tag matches the release "
			    "pattern (--release)" : "the repository has no tags");
		if (o->fmt == OF_PRETTY)
			fprintf(o->fp, "none: %s %s\n", md->ntags ? "no tag of the repository "
			    "matches the release pattern" : "the repository has no tags; releases "
			    "are tags matching", o->release_re);
		else {
			out_init(&out, o->fmt, o->header, o->fp);
			out_header(&out, cols, sizeof cols / sizeof cols[0]);
			out_finish(&out);
		}
		free(rcs);
		return 0;
	}
	qsort(rel, nrel, sizeof *rel, cmp_tag);
	if (nrc)
		qsort(rcs, nrc, sizeof *rcs, cmp_tag);

	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
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
	if (before && o->sc.verbose)
		warnx("%lu patches predate the first release (%s) and have no phase",
		    before, rel[0].name);
	free(ph);
	free(rel);
	free(rcs);
	return 0;
}
