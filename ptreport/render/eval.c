/*
 * eval.c - how well the clusters agree with a truth: the commits' own
 * Link: trailers (the maintainers' mapping of mail to commit) or a
 * PaStA patch-groups file.  Two levels: mail->commit links, and every
 * pair of items (the clustering measure of the ICSE 2019 paper, with
 * the Fowlkes-Mallows index).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "groups.h"
#include "report.h"
#include "zio.h"
#include "util.h"

/* An item of the evaluation: a mail or a commit, with both clusterings. */
struct item {
	uint32_t idx;       /* into md->mails or md->commits */
	uint32_t ours, truth;
	unsigned char commit;
};

struct truth {
	uint32_t *mt, *ct;  /* truth cluster per mail / commit, NONE: not in it */
	uint32_t n;         /* truth clusters */
	unsigned long tmails, tcommits;    /* items the truth names */
	unsigned long unknown;             /* of those, not in the clusters */
};

static void
truth_init(struct truth *t, const struct model *md)
{
	memset(t, 0, sizeof *t);
	t->mt = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *t->mt);
	t->ct = xreallocarray(NULL, md->ncommits ? md->ncommits : 1, sizeof *t->ct);
	for (size_t i = 0; i < md->nmails; i++)
		t->mt[i] = NONE;
	for (size_t i = 0; i < md->ncommits; i++)
		t->ct[i] = NONE;
}

/*
 * Link: trailers.  Each commit with links into the clustered mails is a
 * truth cluster with those mails.  Only the named posting is in the
 * truth, not its earlier versions; a mail named by two commits joins
 * them (union by relabelling, the truth is small).
 */
static void
truth_links(struct truth *t, const struct model *md)
{
	for (size_t i = 0; i < md->ncommits; i++) {
		const struct commit *c = &md->commits[i];
		const char *p = c->links;
		uint32_t label = NONE;

		/* The main line's commits: a side branch's copy is no link. */
		if (!c->present || c->skip || c->side || !*p)
			continue;
		while (*p) {
			size_t k = strcspn(p, " ");
			struct mail *m = k ? mail_by_id(md, p, k) : NULL;

			if (m && m->cluster != NONE && c->cluster != NONE) {
				uint32_t mi = (uint32_t)(m - md->mails);

				if (label == NONE) {
					label = t->n++;
					t->ct[i] = label;
					t->tcommits++;
				}
				if (t->mt[mi] == NONE) {
					t->mt[mi] = label;
					t->tmails++;
				} else if (t->mt[mi] != label) {
					uint32_t old = t->mt[mi];

					for (size_t x = 0; x < md->nmails; x++)
						if (t->mt[x] == old)
							t->mt[x] = label;
					for (size_t x = 0; x < md->ncommits; x++)
						if (t->ct[x] == old)
							t->ct[x] = label;
				}
			}
			p += k;
			while (*p == ' ')
				p++;
		}
	}
}

/* A PaStA patch-groups file (groups.h): a truth cluster a line. */
struct group_ctx {
	struct truth *t;
	const struct model *md;
};

static void
truth_line(void *arg, const struct groups_member *g, size_t n)
{
	struct group_ctx *x = arg;
	struct truth *t = x->t;
	const struct model *md = x->md;
	uint32_t label = t->n++;

	for (size_t k = 0; k < n; k++) {
		if (!g[k].commit) {
			struct mail *m = mail_by_id(md, g[k].id, g[k].len);

			t->tmails++;
			if (m && m->cluster != NONE)
				t->mt[m - md->mails] = label;
			else
				t->unknown++;
		} else {
			struct commit *c = commit_by_id(md, g[k].id, g[k].len);

			t->tcommits++;
			if (c && c->cluster != NONE)
				t->ct[c - md->commits] = label;
			else
				t->unknown++;
		}
	}
}

static int
truth_groups(struct truth *t, const struct model *md, const char *path)
{
	struct group_ctx x = { t, md };

	return groups_read(path, truth_line, &x, NULL);
}

static int
cmp_ours(const void *a, const void *b)
{
	const struct item *x = a, *y = b;

	if (x->ours != y->ours)
		return x->ours < y->ours ? -1 : 1;
	if (x->truth != y->truth)
		return x->truth < y->truth ? -1 : 1;
	return x->commit - y->commit;
}

static int
cmp_truth(const void *a, const void *b)
{
	const struct item *x = a, *y = b;

	if (x->truth != y->truth)
		return x->truth < y->truth ? -1 : 1;
	return x->commit - y->commit;
}

/* Pairs within groups of equal key: all pairs, and mail x commit pairs. */
struct counts {
	double pairs, links;
};

static struct counts
group_pairs(const struct item *v, size_t n, int by_truth, int cell)
{
	struct counts c = { 0, 0 };

	for (size_t i = 0; i < n;) {
		size_t j = i;
		double mails = 0, commits = 0;

		while (j < n && (by_truth ? v[j].truth == v[i].truth :
		    v[j].ours == v[i].ours && (!cell || v[j].truth == v[i].truth))) {
			if (v[j].commit)
				commits++;
			else
				mails++;
			j++;
		}
		c.pairs += (mails + commits) * (mails + commits - 1) / 2;
		c.links += mails * commits;
		i = j;
	}
	return c;
}

static void
measure(struct out *o, const char *level, size_t items, double truth, double ours,
    double common)
{
	double p = ours > 0 ? common / ours : -1, r = truth > 0 ? common / truth : -1;

	out_cell(o, level);
	out_cellf(o, "%zu", items);
	out_cellf(o, "%.0f", truth);
	out_cellf(o, "%.0f", ours);
	out_cellf(o, "%.0f", common);
	if (p >= 0)
		out_cellf(o, "%.4f", p);
	else
		out_cell(o, "");
	if (r >= 0)
		out_cellf(o, "%.4f", r);
	else
		out_cell(o, "");
	if (p >= 0 && r >= 0) {
		out_cellf(o, "%.4f", p + r > 0 ? 2 * p * r / (p + r) : 0);
		out_cellf(o, "%.4f", sqrt(p * r));
	} else {
		out_cell(o, "");
		out_cell(o, "");
	}
	out_end(o);
}

/*
 * The links a reader of one patch mail cares about: for every truth
 * link of a patch mail to a commit, is the commit in the mail's
 * cluster (recall), and of the commits the mail's cluster holds, what
 * share are the mail's own (precision: a cluster that chains other
 * commits to the mail costs here).
 */
struct clink {
	uint32_t label, idx;
};

static int
cmp_clink(const void *a, const void *b)
{
	const struct clink *x = a, *y = b;

	if (x->label != y->label)
		return x->label < y->label ? -1 : 1;
	return (x->idx > y->idx) - (x->idx < y->idx);
}

static void
commit_links(struct out *o, const struct model *md, const struct truth *t)
{
	struct clink *c = xreallocarray(NULL, md->ncommits ? md->ncommits : 1, sizeof *c);
	size_t nc = 0;
	double n = 0, ours = 0, common = 0;

	for (size_t i = 0; i < md->ncommits; i++)
		if (t->ct[i] != NONE && md->commits[i].cluster != NONE) {
			c[nc].label = t->ct[i];
			c[nc++].idx = (uint32_t)i;
		}
	if (nc)
		qsort(c, nc, sizeof *c, cmp_clink);
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		uint32_t label, held;
		size_t lo;

		if (t->mt[i] == NONE || m->cluster == NONE || m->type != MT_PATCH)
			continue;
		label = t->mt[i];
		held = md->clusters[m->cluster].ncommits;
		/* The first commit of the label (c is sorted by label). */
		lo = 0;
		for (size_t hi = nc; lo < hi;) {
			size_t mid = lo + (hi - lo) / 2;

			if (c[mid].label < label)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (size_t x = lo; x < nc && c[x].label == label; x++) {
			n++;
			ours += held;
			common += md->commits[c[x].idx].cluster == m->cluster;
		}
	}
	measure(o, "commits", (size_t)n, n, ours, common);
	free(c);
}

struct dis {
	const char *mail, *commit, *what;
};

static int
cmp_dis(const void *a, const void *b)
{
	const struct dis *x = a, *y = b;
	int c = strcmp(x->what, y->what);

	if (!c)
		c = strcmp(x->mail, y->mail);
	return c ? c : strcmp(x->commit, y->commit);
}

/* Mail x commit pairs of one grouping that the other grouping splits. */
static void
disagree(const struct model *md, const struct item *v, size_t n, int by_truth,
    const char *what, struct dis **d, size_t *nd)
{
	for (size_t i = 0; i < n;) {
		size_t j = i;

		while (j < n && (by_truth ? v[j].truth == v[i].truth : v[j].ours == v[i].ours))
			j++;
		for (size_t a = i; a < j; a++)
			for (size_t b = i; b < j; b++) {
				if (v[a].commit || !v[b].commit)
					continue;
				if (by_truth ? v[a].ours == v[b].ours : v[a].truth == v[b].truth)
					continue;
				*d = xreallocarray(*d, *nd + 1, sizeof **d);
				(*d)[*nd].mail = md->mails[v[a].idx].id;
				(*d)[*nd].commit = md->commits[v[b].idx].id;
				(*d)[(*nd)++].what = what;
			}
		i = j;
	}
}

int
report_eval(struct model *md, const struct ropts *o)
{
	static const char *const cols[] = {
		"level", "items", "truth", "ours", "common", "precision", "recall", "f1",
		"fowlkes_mallows",
	};
	static const char *const dcols[] = {
		"mail", "commit", "verdict", "mail_subject", "commit_subject",
	};
	struct truth t;
	struct item *v = NULL;
	size_t n = 0;
	struct counts ours, truth, cell;
	struct out out;
	int rc = 0;

	if (!md->has_clusters)
		die("eval needs a clusters table (ptcluster output)");
	/* A maintainer's corrections are labels read by hand: the tool scored against them. */
	if (!o->truth && o->corrections)
		return corrections_eval(md, o);
	if (!o->truth)
		die("eval needs --truth links or --truth FILE (a PaStA patch-groups file)");
	truth_init(&t, md);
	if (!strcmp(o->truth, "links")) {
		if (!md->has_commits || !md->has_mails)
			die("eval --truth links needs the commits table (git2tsv, with its "
			    "links column) and the mails table");
		truth_links(&t, md);
	} else {
		/* Bad lines, named and left out: 1; a file not read to its end: 2. */
		int got = truth_groups(&t, md, o->truth);

		rc = got == 0 ? PT_EXIT_OK : got == -1 ? PT_EXIT_SKIPPED : PT_EXIT_FAILED;
	}

	/*
	 * The items both clusterings know.  A member of no cluster of ours
	 * stands alone: its own label past the real clusters.
	 */
	for (size_t i = 0; i < md->nmails + md->ncommits; i++) {
		int isc = i >= md->nmails;
		uint32_t idx = (uint32_t)(isc ? i - md->nmails : i);
		uint32_t tl = isc ? t.ct[idx] : t.mt[idx];
		uint32_t ol = isc ? md->commits[idx].cluster : md->mails[idx].cluster;

		if (tl == NONE || ol == NONE || (isc && md->commits[idx].side))
			continue;
		v = xreallocarray(v, n + 1, sizeof *v);
		v[n].idx = idx;
		v[n].ours = ol;
		v[n].truth = tl;
		v[n++].commit = (unsigned char)isc;
	}
	/* qsort wants an array, even of nothing. */
	if (n)
		qsort(v, n, sizeof *v, cmp_ours);
	ours = group_pairs(v, n, 0, 0);
	cell = group_pairs(v, n, 0, 1);

	out_init(&out, o->fmt, o->header, o->fp);
	if (o->diff) {
		struct dis *d = NULL;
		size_t nd = 0;

		disagree(md, v, n, 0, "extra", &d, &nd);
		if (n)
			qsort(v, n, sizeof *v, cmp_truth);
		disagree(md, v, n, 1, "missed", &d, &nd);
		if (nd)
			qsort(d, nd, sizeof *d, cmp_dis);
		out_header(&out, dcols, sizeof dcols / sizeof dcols[0]);
		for (size_t i = 0; i < nd; i++) {
			const struct mail *m = mail_by_id(md, d[i].mail, strlen(d[i].mail));
			const struct commit *c = commit_by_id(md, d[i].commit, strlen(d[i].commit));

			out_cell(&out, d[i].mail);
			out_cell(&out, d[i].commit);
			out_cell(&out, d[i].what);
			out_cell(&out, m->subject);
			out_cell(&out, c->subject);
			out_end(&out);
		}
		free(d);
	} else {
		if (n)
			qsort(v, n, sizeof *v, cmp_truth);
		truth = group_pairs(v, n, 1, 0);
		out_header(&out, cols, sizeof cols / sizeof cols[0]);
		measure(&out, "links", n, truth.links, ours.links, cell.links);
		measure(&out, "pairs", n, truth.pairs, ours.pairs, cell.pairs);
		commit_links(&out, md, &t);
	}
	out_finish(&out);
	if (o->sc.verbose)
		warnx("truth names %lu mails and %lu commits; %zu items are in the "
		    "clusters too%s", t.tmails, t.tcommits, n,
		    t.unknown ? ", the others are not" : "");
	free(v);
	free(t.mt);
	free(t.ct);
	return rc;
}

/* The verdict a correction gives, as the reports spell it. */
static const char *
given(const struct correction *c)
{
	if (c->commit)
		return c->v == CORR_POSTED ? "posted" : "offlist";
	return verdict_names[c->v];
}

/* The tool's own verdict of a corrected row, as the reports spell it. */
static const char *
tool_said(const struct model *md, const struct correction *c)
{
	if (c->commit)
		return c->agrees == (c->v == CORR_OFFLIST) ? "offlist" : "posted";
	return md->mails[c->idx].tverdict == V_NONE ? "not-counted" :
	    verdict_names[md->mails[c->idx].tverdict];
}

int
corrections_eval(struct model *md, const struct ropts *o)
{
	static const char *const cols[] = { "verdict", "corrections", "agree", "share" };
	static const char *const dcols[] = { "id", "given", "tool", "note" };
	static const char *const kinds[] = {
		"answered", "merged", "applied", "withdrawn", "superseded", "not-a-submission",
		"ignored", "posted", "offlist",
	};
	struct out out;
	size_t all = 0, agree = 0;

	out_init(&out, o->fmt, o->header, o->fp);
	if (o->diff) {
		out_header(&out, dcols, 4);
		for (size_t i = 0; i < md->ncorr; i++) {
			const struct correction *c = &md->corr[i];

			if (c->idx == NONE || c->agrees)
				continue;
			out_cell(&out, c->id);
			out_cell(&out, given(c));
			out_cell(&out, tool_said(md, c));
			out_cell(&out, c->note);
			out_end(&out);
		}
		out_finish(&out);
		return 0;
	}
	out_header(&out, cols, 4);
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		size_t n = 0, a = 0;

		for (size_t i = 0; i < md->ncorr; i++) {
			const struct correction *c = &md->corr[i];

			if (c->idx == NONE || strcmp(given(c), kinds[k]))
				continue;
			n++;
			a += c->agrees;
		}
		if (!n)
			continue;
		out_cell(&out, kinds[k]);
		out_cellf(&out, "%zu", n);
		out_cellf(&out, "%zu", a);
		out_cellf(&out, "%.4f", (double)a / (double)n);
		out_end(&out);
		all += n;
		agree += a;
	}
	out_cell(&out, "all");
	out_cellf(&out, "%zu", all);
	out_cellf(&out, "%zu", agree);
	if (all)
		out_cellf(&out, "%.4f", (double)agree / (double)all);
	else
		out_cell(&out, "");
	out_end(&out);
	out_finish(&out);
	return 0;
}
