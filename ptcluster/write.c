/*
 * write.c - writing the clusters in order (earliest first, mails before
 * commits), as TSV rows or as PaStA's patch-groups lines.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "groups.h"
#include "ptcluster.h"
#include "tables.h"
#include "tsv.h"
#include "util.h"

/* What the output order needs of each cluster, kept at its root. */
struct agg {
	const char *date;       /* earliest member date, NULL: none dated */
	uint32_t minid;         /* the member with the smallest id */
	uint32_t mails, commits;
	uint32_t rank;          /* the cluster's place in the output */
};

/* A member to sort: its cluster's rank first, so most comparisons are cheap. */
struct member {
	uint32_t rank, node;
};

/* qsort has no context argument: the sorts read these. */
static const struct graph *sort_g;
static const struct agg *sort_a;
static int sort_by_id;          /* members by kind and id only (--groups) */

/* Dated before undated, earlier first. */
static int
cmp_date(const char *a, const char *b)
{
	if (!*a || !*b)
		return (*a == '\0') - (*b == '\0');
	return strcmp(a, b);
}

/* Clusters (by their roots): earliest date, then smallest id. */
static int
cmp_cluster(const void *pa, const void *pb)
{
	const struct agg *ca = &sort_a[*(const uint32_t *)pa];
	const struct agg *cb = &sort_a[*(const uint32_t *)pb];
	int c = cmp_date(ca->date ? ca->date : "", cb->date ? cb->date : "");

	/* The smallest ids of two clusters differ. */
	return c ? c : strcmp(sort_g->n[ca->minid].id, sort_g->n[cb->minid].id);
}

/* Members of a cluster: mails first, then by date (undated last), then id. */
static int
cmp_member(const void *pa, const void *pb)
{
	const struct member *ma = pa, *mb = pb;
	const struct node *x, *y;
	int c;

	if (ma->rank != mb->rank)
		return ma->rank < mb->rank ? -1 : 1;
	x = &sort_g->n[ma->node];
	y = &sort_g->n[mb->node];
	if (x->kind != y->kind)
		return x->kind == MAIL ? -1 : 1;
	if (!sort_by_id && (c = cmp_date(x->date, y->date)) != 0)
		return c;
	return strcmp(x->id, y->id);
}

/*
 * Write the clusters, as TSV or as patch-groups; returns the number of
 * ids patch-groups cannot hold (white space in them).
 */
unsigned long
write_clusters(struct graph *g, int groups, int header, unsigned long *nclusters,
    unsigned long *ncommits)
{
	size_t n = g->len ? g->len : 1;
	struct agg *a = xcalloc(n, sizeof *a);
	uint32_t *root = xcalloc(n, sizeof *root);
	uint32_t *roots = xcalloc(n, sizeof *roots);
	struct member *order = xcalloc(n, sizeof *order);
	struct buf row = BUF_INIT;
	unsigned long cluster = 0, unwritable = 0;
	uint32_t nroots = 0;
	unsigned long nmembers = 0;
	int side = 0;

	for (uint32_t i = 0; i < g->len; i++) {
		uint32_t r = root[i] = find(g, i);
		const struct node *x = &g->n[i];

		if (!a[r].mails && !a[r].commits) {
			a[r].minid = i;
			roots[nroots++] = r;
		} else if (strcmp(x->id, g->n[a[r].minid].id) < 0) {
			a[r].minid = i;
		}
		if (*x->date && (!a[r].date || strcmp(x->date, a[r].date) < 0))
			a[r].date = x->date;
		if (x->kind == MAIL)
			a[r].mails++;
		else
			a[r].commits++;
	}
	sort_g = g;
	sort_a = a;
	sort_by_id = groups;
	qsort(roots, nroots, sizeof *roots, cmp_cluster);
	for (uint32_t k = 0; k < nroots; k++)
		a[roots[k]].rank = k;
	for (uint32_t i = 0; i < g->len; i++) {
		order[i].rank = a[root[i]].rank;
		order[i].node = i;
	}
	qsort(order, g->len, sizeof *order, cmp_member);

	if (header && !groups)
		table_header(stdout, TABLE_CLUSTERS);
	*ncommits = 0;
	for (uint32_t k = 0; k < g->len; k++) {
		const struct node *x = &g->n[order[k].node];
		const struct agg *c = &a[root[order[k].node]];

		if (k == 0 || order[k].rank != order[k - 1].rank) {
			if (groups && nmembers)
				tsv_row_end(&row, stdout);
			cluster++;
			*ncommits += c->commits > 0;
			side = nmembers = 0;
		}
		if (groups) {
			if (groups_add(&row, &nmembers, &side, x->id, x->kind == COMMIT))
				unwritable++;
			continue;
		}
		buf_addf(&row, "%lu\t", cluster);
		tsv_addstr(&row, x->id);
		buf_addstr(&row, x->kind == MAIL ? "\tmail\t" : "\tcommit\t");
		tsv_addstr(&row, x->date);
		tsv_sep(&row);
		tsv_addstr(&row, x->author);
		tsv_sep(&row);
		tsv_addstr(&row, x->type);
		tsv_sep(&row);
		tsv_addstr(&row, x->list);
		tsv_sep(&row);
		tsv_addstr(&row, x->title);
		buf_addf(&row, "\t%lu\t%lu\t", (unsigned long)c->mails,
		    (unsigned long)c->commits);
		if (x->via) {
			tsv_addstr(&row, g->n[x->peer].id);
			buf_addf(&row, "\t%.6f\t", x->score);
			tsv_addstr(&row, x->via);
		} else {
			buf_addstr(&row, x->grouped ? "\t\tgroups" : "\t\t");
		}
		tsv_row_end(&row, stdout);
	}
	if (groups && nmembers)
		tsv_row_end(&row, stdout);
	*nclusters = cluster;
	buf_free(&row);
	free(a);
	free(root);
	free(roots);
	free(order);
	return unwritable;
}
