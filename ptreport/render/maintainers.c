/*
 * maintainers.c - the maintainers report: who was addressed by each
 * patch for the project, which MAINTAINERS sections were responsible
 * for it, which list it went to, and what came of it, per person,
 * section and list; and its plot.
 */
#define _POSIX_C_SOURCE 200809L
#include <regex.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/mailmap.h"
#include "person.h"
#include "report.h"
#include "text.h"
#include "util.h"

/* What the view is made from, for the notes of the reports that show it. */
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

/* The row of an address: a person, or a list's address. */
static struct mrow *
addr_row(struct mview *mv, const char *addr, struct buf *b)
{
	/* Its kind is known once every patch is counted. */
	struct mrow *r = mrow_get(mv, &mv->addrs, RK_RECIPIENT, addr);

	if (!r->known) {
		r->listid = list_archived(mv->md, addr, b);
		r->islist = r->listid || list_address(mv->md, addr);
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
	r->t = xgrow(r->t, &r->capt, r->nt, 16, sizeof *r->t);
	r->t[r->nt++] = t;
}

/* Is person row p the author of patch m (the same address, or name)? */
static int
is_author(const struct mrow *p, const struct mail *m)
{
	return one_person(p->addr, p->who, m->from, m->who, 1);
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

	if (!np)
		return plot_empty(image, "Patches per maintainer", "No maintainer with a patch "
		    "for the project in the archives, none to plot");
	for (size_t i = 0; i < md->nmails; i++) {
		long mo;

		if (!md->mails[i].project || md->mails[i].date == NODATE)
			continue;
		mo = day_month(md->mails[i].date);
		if (last < first || mo < first)
			first = mo;
		if (mo > last)
			last = mo;
	}
	nmon = last >= first ? (size_t)(last - first + 1) : 1;
	/* Per plotted row and month: patches, then ignored ones. */
	cnt = xcalloc(np * nmon * 2, sizeof *cnt);
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		size_t mo;

		if (!m->project || m->date == NODATE)
			continue;
		mo = (size_t)(day_month(m->date) - first);
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

/*
 * The patch being counted, and the scratch its counting reuses from one
 * patch to the next.
 */
struct counting {
	const struct mail *m;
	uint32_t i, stamp;       /* the mail, and i + 1 (an mrow's seen) */
	int mg, ig;              /* merged, ignored */
	int64_t t;               /* its time to first response, or NODATE */
	uint32_t *roots;         /* it and its versions: what answers are aimed at */
	size_t nroots, caproots;
	struct addressed *ad;    /* the persons it addressed */
	size_t nad, capad;
	struct mrow **sv;        /* its sections, each title once */
	size_t nsv, capsv;
	const char **by, **bywho; /* a section's people */
	size_t nby, capby;
	struct buf b;
};

/* Every address a patch names: who it is, a person or a list. */
static void
rows_of_addresses(struct mview *mv, struct buf *b)
{
	struct model *md = mv->md;

	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		if (!m->project)
			continue;
		for (uint32_t x = 0; x < m->nrcpt; x++)
			addr_row(mv, m->rcpt[x], b);
		for (uint32_t s = 0; s < m->nsect; s++)
			for (uint32_t e = 0; e < m->sect[s]->ne; e++)
				if (m->sect[s]->e[e].role != 'L')
					addr_row(mv, m->sect[s]->e[e].addr, b);
	}
}

/* Names: MAINTAINERS's, else those they sign their newest mail with. */
static void
name_rows(struct mview *mv, struct buf *b)
{
	struct model *md = mv->md;

	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		struct hent *e;
		struct mrow *p;

		if (!m->present || !*m->name || m->date == NODATE ||
		    !(e = hmap_get(&mv->addrs, m->from, strlen(m->from))))
			continue;
		p = e->val;
		if (!p->from || m->date > p->from->date ||
		    (m->date == p->from->date && strcmp(m->id, p->from->id) > 0))
			p->from = m;
	}
	for (size_t i = 0; i < mv->nrows; i++) {
		struct mrow *p = mv->rows[i];
		struct hent *e = hmap_get(&md->mnames, p->addr, strlen(p->addr));

		if (e)
			p->name = e->val;
		else if (p->from)
			p->name = p->from->name;
		buf_reset(b);
		for (const char *c = p->name; *c; c++)
			buf_addc(b, *c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
		p->who = intern(&md->pool, b->p ? b->p : "", b->len);
	}
}

/* Person p addressed by the patch: in To/Cc, or by section s's entry e. */
static void
address(struct counting *k, struct mrow *p, const struct msect *s, uint32_t e)
{
	if (p->seen != k->stamp) {
		k->ad = xgrow(k->ad, &k->capad, k->nad, 16, sizeof *k->ad);
		p->seen = k->stamp;
		p->slot = (uint32_t)k->nad;
		k->ad[k->nad].p = p;
		k->ad[k->nad].to = k->ad[k->nad].listed = k->ad[k->nad].role = 0;
		k->nad++;
	}
	if (s) {
		unsigned char role = s->e[e].role == 'M' ? ROLE_M : ROLE_R;

		k->ad[p->slot].listed = 1;
		if (role > k->ad[p->slot].role)
			k->ad[p->slot].role = role;
	} else
		k->ad[p->slot].to = 1;
}

/* The persons: To and Cc, then M and R of the responsible sections. */
static void
count_persons(struct mview *mv, struct counting *k)
{
	const struct mail *m = k->m;

	k->nad = 0;
	for (uint32_t x = 0; x < m->nrcpt + m->nsect; x++) {
		const struct msect *s = x >= m->nrcpt ? m->sect[x - m->nrcpt] : NULL;
		uint32_t ne = s ? s->ne : 1;

		for (uint32_t e = 0; e < ne; e++) {
			struct mrow *p;

			if (s && s->e[e].role == 'L')
				continue;
			p = addr_seen(mv, s ? s->e[e].addr : m->rcpt[x]);
			if (p->islist || is_author(p, m))
				continue;
			address(k, p, s, e);
		}
	}
	for (size_t j = 0; j < k->nad; j++) {
		struct mrow *p = k->ad[j].p;
		uint32_t r = first_response(mv->md, k->i, k->roots, k->nroots, &p->addr,
		    &p->who, 1);

		p->patches++;
		if (k->ad[j].role > p->role)
			p->role = k->ad[j].role;
		p->to += k->ad[j].to;
		p->listed += k->ad[j].listed;
		p->merged += k->mg;
		p->ignored += k->ig;
		if (r != NONE) {
			p->responded++;
			mrow_time(p, mv->md->mails[r].date - k->m->date);
		}
	}
}

/*
 * The people of section s among the patch's sections (by[], bywho[]);
 * whether one of them was in its To/Cc.
 */
static int
section_people(struct mview *mv, struct counting *k, const struct mrow *s)
{
	const struct mail *m = k->m;
	int to = 0;

	k->nby = 0;
	for (uint32_t x = 0; x < m->nsect; x++) {
		if (m->sect[x]->title != s->name)
			continue;
		for (uint32_t e = 0; e < m->sect[x]->ne; e++) {
			const char *a = m->sect[x]->e[e].addr;
			struct mrow *p;

			/* L: entries have no row: addr_row() skips them. */
			if (m->sect[x]->e[e].role == 'L')
				continue;
			p = addr_seen(mv, a);
			if (p->islist || is_author(p, m))
				continue;
			if (k->nby == k->capby) {
				k->capby = k->capby ? 2 * k->capby : 16;
				k->by = xreallocarray(k->by, k->capby, sizeof *k->by);
				k->bywho = xreallocarray(k->bywho, k->capby, sizeof *k->bywho);
			}
			k->by[k->nby] = p->addr;
			k->bywho[k->nby++] = p->who;
			for (uint32_t y = 0; y < m->nrcpt && !to; y++)
				to = m->rcpt[y] == a;
		}
	}
	return to;
}

/* The responsible sections, each title once, with their people. */
static void
count_sections(struct mview *mv, struct counting *k)
{
	const struct mail *m = k->m;

	k->nsv = 0;
	for (uint32_t x = 0; x < m->nsect; x++) {
		struct mrow *s = mrow_get(mv, &mv->sects, RK_SECTION, m->sect[x]->title);

		if (s->seen == k->stamp)
			continue;
		s->seen = k->stamp;
		k->sv = xgrow(k->sv, &k->capsv, k->nsv, 8, sizeof *k->sv);
		k->sv[k->nsv++] = s;
	}
	for (size_t j = 0; j < k->nsv; j++) {
		struct mrow *s = k->sv[j];
		int to = section_people(mv, k, s);
		uint32_t r;

		s->patches++;
		s->to += to;
		s->listed++;
		s->merged += k->mg;
		s->ignored += k->ig;
		r = k->nby ? first_response(mv->md, k->i, k->roots, k->nroots, k->by, k->bywho,
		    k->nby) : NONE;
		if (r != NONE) {
			s->responded++;
			mrow_time(s, mv->md->mails[r].date - m->date);
		}
	}
}

/* The lists it went to (a cross-post counts on each), as weekly counts them. */
static void
count_lists(struct mview *mv, struct counting *k)
{
	struct model *md = mv->md;
	const struct mail *m = k->m;
	const char *l = m->lists;

	do {
		const char *id = next_list(md, &l);
		struct mrow *lr = mrow_get(mv, &mv->lists, RK_LIST, id);
		int to = 0, listed = 0;

		if (lr->seen == k->stamp)
			continue;
		lr->seen = k->stamp;
		for (uint32_t y = 0; y < m->nrcpt && !to; y++) {
			struct mrow *p = addr_seen(mv, m->rcpt[y]);

			if (p->listid == id) {
				to = 1;
				if (!*lr->addr || strcmp(p->addr, lr->addr) < 0)
					lr->addr = p->addr;
			}
		}
		for (uint32_t x = 0; x < m->nsect && !listed; x++)
			for (uint32_t e = 0; e < m->sect[x]->ne && !listed; e++)
				listed = m->sect[x]->e[e].role == 'L' &&
				    list_archived(md, m->sect[x]->e[e].addr, &k->b) == id;
		lr->patches++;
		lr->to += to;
		lr->listed += listed;
		lr->merged += k->mg;
		lr->ignored += k->ig;
		if (k->t != NODATE) {
			lr->responded++;
			mrow_time(lr, k->t);
		}
	} while (*l);
}

/* Every patch for the project, counted on its persons, sections and lists. */
static void
count_patches(struct mview *mv)
{
	struct model *md = mv->md;
	struct counting k;

	memset(&k, 0, sizeof k);
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		if (!m->project)
			continue;
		k.m = m;
		k.i = (uint32_t)i;
		k.stamp = (uint32_t)i + 1;
		k.mg = merged(md, m);
		k.ig = m->ignored;
		k.t = ttfr(md, m);
		k.nroots = answer_versions(md, (uint32_t)i, &k.roots, &k.caproots);
		count_persons(mv, &k);
		count_sections(mv, &k);
		count_lists(mv, &k);
	}
	free(k.ad);
	free(k.sv);
	free(k.by);
	free(k.bywho);
	free(k.roots);
	buf_free(&k.b);
}

/* A list's address, when only MAINTAINERS names it. */
static void
list_addresses(struct mview *mv, struct buf *b)
{
	struct model *md = mv->md;

	for (size_t i = 0; i < md->laddrs.cap; i++) {
		const char *a = md->laddrs.e[i].key, *id;
		struct hent *e;
		struct mrow *lr;

		if (!a || !(id = list_archived(md, a, b)) || !(e = hmap_get(&mv->lists, id, strlen(id))))
			continue;
		lr = e->val;
		if (!*lr->addr || strcmp(a, lr->addr) < 0)
			lr->addr = a;
	}
}

/*
 * Rows with patches, in order, their kind settled; the kind the plot
 * draws: sections, or lists where no section was responsible for a
 * patch (no maintainers table, or a repository without MAINTAINERS).
 */
static int
settle_rows(struct mview *mv)
{
	size_t n = 0;
	int pk = RK_LIST;

	/* A row without patches has no times either: dropping it loses nothing. */
	for (size_t i = 0; i < mv->nrows; i++)
		if (mv->rows[i]->patches) {
			if (mv->rows[i]->kind == RK_RECIPIENT)
				mv->rows[i]->kind = mv->rows[i]->role == ROLE_M ? RK_MAINTAINER :
				    mv->rows[i]->role == ROLE_R ? RK_REVIEWER : RK_RECIPIENT;
			mv->rows[n++] = mv->rows[i];
			if (mv->rows[i]->kind == RK_SECTION)
				pk = RK_SECTION;
		}
	mv->nrows = n;
	if (n)
		qsort(mv->rows, n, sizeof *mv->rows, cmp_mrow);
	return pk;
}

/*
 * The rows, the top -n of each kind; the first PLOT_ROWS of kind pk
 * are the plot's (*plotted, their number returned).
 */
static size_t
write_rows(struct mview *mv, const struct ropts *o, int pk, struct mrow ***plotted)
{
	static const char *const cols[] = {
		"kind", "name", "addr", "patches", "to", "listed", "responded", "merged",
		"ignored", "ttfr_median_h", "ttfr_p90_h",
	};
	size_t shown[RK_N] = { 0 }, nplot = 0;
	struct out out;

	out_init(&out, o->fmt, o->header, o->fp);
	out_header(&out, cols, sizeof cols / sizeof cols[0]);
	for (size_t i = 0; i < mv->nrows; i++) {
		struct mrow *r = mv->rows[i];

		if (r->kind == pk && nplot < PLOT_ROWS) {
			*plotted = xreallocarray(*plotted, nplot + 1, sizeof **plotted);
			(*plotted)[nplot++] = r;
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
	return nplot;
}

int
report_maintainers(struct model *md, const struct ropts *o)
{
	struct mview mv;
	struct buf b = BUF_INIT;
	struct mrow **plotted = NULL;
	size_t nplot;
	int rc = 0, pk;

	need(md, 1, 0, 1, "maintainers");
	memset(&mv, 0, sizeof mv);
	mv.md = md;
	if (o->sc.verbose) {
		maint_basis(md, &b);
		warnx("maintainers: %s", b.p);
	}
	rows_of_addresses(&mv, &b);
	name_rows(&mv, &b);
	count_patches(&mv);
	list_addresses(&mv, &b);
	pk = settle_rows(&mv);
	nplot = write_rows(&mv, o, pk, &plotted);
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
	hmap_free(&mv.addrs);
	hmap_free(&mv.sects);
	hmap_free(&mv.lists);
	arena_free(&mv.mem);
	buf_free(&b);
	return rc;
}
