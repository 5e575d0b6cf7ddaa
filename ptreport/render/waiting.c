/*
 * waiting.c - the waiting queue: the patches for the project that wait
 * for a human reply now (not merged, no response from another person in
 * any version, still within their list's grace: "too new" to be called
 * ignored), oldest first, each with its age as of the run's date and how
 * that age compares with the list's usual time to first response.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "text.h"
#include "util.h"

int64_t
run_date(const struct model *md)
{
	/* The later of the archives' last mail and the history's last commit. */
	if (md->hist_end != NODATE && (md->mail_last == NODATE || md->hist_end > md->mail_last))
		return md->hist_end;
	return md->mail_last;
}

/*
 * Per list: the times to first response of the answered patches its
 * grace was found from (the same window), sorted.
 */
struct ltimes {
	int64_t *t;
	size_t n, cap;
};

static struct ltimes *
list_times(struct model *md)
{
	struct ltimes *lt = xcalloc(md->nlc ? md->nlc : 1, sizeof *lt);

	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		uint32_t li;

		if (!m->project || m->fresp == NONE || m->date == NODATE)
			continue;
		for (const char *l = m->lists; list_next(md, &l, &li);) {
			struct ltimes *x;
			const struct listcov *lc;

			if (li == NONE)
				continue;
			x = &lt[li];
			lc = &md->lc[li];
			if (lc->gfrom == NODATE || m->date < lc->gfrom || m->date > lc->gto)
				continue;
			x->t = xgrow(x->t, &x->cap, x->n, 64, sizeof *x->t);
			x->t[x->n++] = md->mails[m->fresp].date - m->date;
		}
	}
	for (size_t i = 0; i < md->nlc; i++)
		if (lt[i].n)
			qsort(lt[i].t, lt[i].n, sizeof *lt[i].t, cmp_i64);
	return lt;
}

/* How many of sorted v[0..n) are at most x. */
static size_t
at_most(const int64_t *v, size_t n, int64_t x)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid] <= x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int
for_person(const struct mail *m, const char *who)
{
	const char **mr = NULL;
	size_t n;
	int hit = 0;

	if (!who)
		return 1;
	if (!strcmp(m->from, who))
		return 1;
	for (uint32_t x = 0; x < m->nrcpt && !hit; x++)
		hit = !strcmp(m->rcpt[x], who);
	n = hit ? 0 : maint_people(m, &mr);
	for (size_t x = 0; x < n && !hit; x++)
		hit = !strcmp(mr[x], who);
	free(mr);
	return hit;
}

int
waiting_mail(struct model *md, const struct scope *sc, uint32_t mi)
{
	const struct mail *m = &md->mails[mi];
	struct buf b = BUF_INIT;
	int w;

	if (!m->present || m->type != MT_PATCH || !m->project || !(m->toonew || m->late))
		return 0;
	/* The verdict itself: no other comes first (merged, answered ...). */
	w = !strcmp(mail_verdict(md, sc, mi, &b), "too-new");
	buf_free(&b);
	return w;
}

static int
cmp_wait(const void *a, const void *b)
{
	const struct wait *x = a, *y = b;

	return cmp_date_id(sort_md, x->mail, y->mail);
}

size_t
waiting_list(struct model *md, const struct ropts *o, struct wait **out)
{
	struct ltimes *lt = list_times(md);
	struct wait *v = NULL;
	size_t n = 0, cap = 0;
	int64_t now = run_date(md);

	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		struct wait *w;
		uint32_t li;

		if (!waiting_mail(md, &o->sc, (uint32_t)i))
			continue;
		if (!for_person(m, o->who))
			continue;
		v = xgrow(v, &cap, n, 64, sizeof *v);
		w = &v[n++];
		w->mail = (uint32_t)i;
		w->age = now != NODATE && m->date != NODATE && now > m->date ? now - m->date : 0;
		w->share = -1;
		w->list = "";
		/* The first of its lists whose answered patches say something. */
		for (const char *l = m->lists; list_next(md, &l, &li);)
			if (li != NONE && lt[li].n) {
				w->share = (double)at_most(lt[li].t, lt[li].n, w->age) / (double)lt[li].n;
				w->list = md->lc[li].list;
				break;
			}
	}
	for (size_t i = 0; i < md->nlc; i++)
		free(lt[i].t);
	free(lt);
	sort_md = md;
	if (n)
		qsort(v, n, sizeof *v, cmp_wait);
	*out = v;
	return n;
}

void
waiting_age_text(const struct wait *w, struct buf *b)
{
	buf_addf(b, "%.1f days", (double)w->age / DAY);
	if (w->share >= 0)
		buf_addf(b, "; %.0f%% of the patches answered on %s are answered by then",
		    100 * w->share, w->list);
}

int
report_waiting(struct model *md, const struct ropts *o)
{
	static const char *const cols[] = {
		"id", "date", "age_days", "answered_by_then", "list", "author", "name", "role",
		"subject", "to", "maintainers", "cluster",
	};
	struct out out;
	struct wait *v;
	size_t n;
	struct buf b = BUF_INIT;

	need(md, 1, 0, 1, "waiting");
	if (o->sc.verbose)
		grace_lines(md, &o->sc, grace_note, NULL);
	n = waiting_list(md, o, &v);
	out_init(&out, o->fmt, o->header, o->fp);
	out_header(&out, cols, sizeof cols / sizeof cols[0]);
	for (size_t i = 0; i < n; i++) {
		const struct mail *m = &md->mails[v[i].mail];
		const struct cluster *k = cluster_at(md, m->cluster);

		out_cell(&out, m->id);
		out_date(&out, m->date);
		out_cellf(&out, "%.1f", (double)v[i].age / DAY);
		if (v[i].share >= 0)
			out_cellf(&out, "%.2f", v[i].share);
		else
			out_cell(&out, "");
		out_cell(&out, m->lists);
		out_cell(&out, m->from);
		out_cell(&out, m->name);
		out_cell(&out, role_name(m));
		out_cell(&out, m->subject);
		buf_reset(&b);
		rcpt_text(m, &b);
		out_celln(&out, b.p ? b.p : "", b.len);
		buf_reset(&b);
		maint_text(m, &b);
		out_celln(&out, b.p ? b.p : "", b.len);
		out_cell(&out, k ? k->name : "");
		out_end(&out);
	}
	out_finish(&out);
	if (o->sc.verbose) {
		char d[21];

		iso_utc(d, run_date(md));
		warnx("waiting: %zu patches wait for a reply as of %s%s%s", n, d,
		    o->who ? ", for " : "", o->who ? o->who : "");
	}
	free(v);
	buf_free(&b);
	return 0;
}
