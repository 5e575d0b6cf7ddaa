/*
 * clusters.c - the clusters table (ptcluster), and what the clusters say
 * once every table is read: their members in order, their first
 * commits, and the commits split out of a posted patch.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "order.h"
#include "readers.h"
#include "tables.h"
#include "tsv.h"
#include "util.h"

void
load_clusters(struct model *md, struct tsv_reader *r)
{
	int ck = table_need(r, TABLE_CLUSTERS, COL_CLUSTER);
	int cid = table_need(r, TABLE_CLUSTERS, COL_ID);
	int ckind = table_need(r, TABLE_CLUSTERS, COL_KIND);
	int cdate = table_col(r, TABLE_CLUSTERS, COL_DATE);
	int ctype = table_col(r, TABLE_CLUSTERS, COL_TYPE);
	int ctitle = table_col(r, TABLE_CLUSTERS, COL_TITLE);
	int got;

	md->has_clusters = 1;
	while ((got = tsv_read(r)) != 0) {
		uint32_t ki, x;
		int64_t date;
		struct cluster *k;

		if (got < 0) {
			md->nbad++;
			if (got == -2)
				break;
			continue;
		}
		if (!r->f[cid].len || !r->f[ck].len) {
			warnx("%s:%lu: column %s: empty", r->name, r->lineno,
			    r->f[cid].len ? COL_CLUSTER : COL_ID);
			md->nbad++;
			continue;
		}
		if (date_of(md, r, cdate, &date) < 0)
			continue;
		ki = cluster_node(md, r->f[ck].s, r->f[ck].len);
		if (!strcmp(r->f[ckind].s, KIND_MAIL)) {
			struct mail *m;

			x = mail_node(md, r->f[cid].s, r->f[cid].len);
			m = &md->mails[x];
			if (m->cluster != NONE) {
				if (m->cluster != ki) {
					warnx("%s:%lu: mail %s is in clusters %s and %s; first kept",
					    r->name, r->lineno, m->id, md->clusters[m->cluster].name,
					    md->clusters[ki].name);
					md->nbad++;
				}
				continue;
			}
			/* What the clusters say stands in until a mails table does. */
			if (!m->present) {
				m->date = date;
				m->type = (unsigned char)mtype_parse(ctype >= 0 ? r->f[ctype].s : "");
				if (!*m->subject)
					m->subject = keep(md, r, ctitle);
			}
			k = &md->clusters[ki];
			m->cluster = ki;
			m->cnext = k->mail;
			k->mail = x;
			k->nmails++;
		} else if (!strcmp(r->f[ckind].s, KIND_COMMIT)) {
			struct commit *c;

			x = commit_node(md, r->f[cid].s, r->f[cid].len);
			c = &md->commits[x];
			if (c->cluster != NONE) {
				if (c->cluster != ki) {
					warnx("%s:%lu: commit %s is in clusters %s and %s; first kept",
					    r->name, r->lineno, c->id, md->clusters[c->cluster].name,
					    md->clusters[ki].name);
					md->nbad++;
				}
				continue;
			}
			if (!c->present) {
				c->cdate = date;
				if (!*c->subject)
					c->subject = keep(md, r, ctitle);
			}
			k = &md->clusters[ki];
			c->cluster = ki;
			c->cnext = k->commit;
			k->commit = x;
			k->ncommits++;
		} else {
			warnx("%s:%lu: column kind: neither mail nor commit: %.20s", r->name,
			    r->lineno, r->f[ckind].s);
			md->nbad++;
		}
	}
}

static int
earlier_commit(const struct commit *a, const struct commit *b)
{
	if (a->cdate != b->cdate) {
		if (a->cdate == NODATE)
			return 0;
		if (b->cdate == NODATE)
			return 1;
		return a->cdate < b->cdate;
	}
	return strcmp(a->id, b->id) < 0;
}

/* qsort has no context argument; the model is finished once. */
static const struct model *member_md;

static int
cmp_member_mail(const void *a, const void *b)
{
	return cmp_date_id(member_md, *(const uint32_t *)a, *(const uint32_t *)b);
}

static int
cmp_member_commit(const void *a, const void *b)
{
	const struct commit *x = &member_md->commits[*(const uint32_t *)a];
	const struct commit *y = &member_md->commits[*(const uint32_t *)b];

	return earlier_commit(x, y) ? -1 : earlier_commit(y, x);
}

/*
 * Each cluster's members by date, then id, whatever the order of the
 * clusters table's rows: what lists them (why, the page) says the same.
 */
static void
order_members(struct model *md)
{
	uint32_t *v = NULL;
	size_t cap = 0;

	member_md = md;
	for (size_t i = 0; i < md->nclusters; i++) {
		struct cluster *k = &md->clusters[i];
		size_t n = 0;

		for (int commits = 0; commits < 2; commits++) {
			uint32_t *head = commits ? &k->commit : &k->mail;

			n = 0;
			for (uint32_t x = *head; x != NONE;
			    x = commits ? md->commits[x].cnext : md->mails[x].cnext) {
				v = xgrow(v, &cap, n, 64, sizeof *v);
				v[n++] = x;
			}
			if (n < 2)
				continue;
			qsort(v, n, sizeof *v, commits ? cmp_member_commit : cmp_member_mail);
			*head = v[0];
			for (size_t j = 0; j < n; j++) {
				uint32_t next = j + 1 < n ? v[j + 1] : NONE;

				if (commits)
					md->commits[v[j]].cnext = next;
				else
					md->mails[v[j]].cnext = next;
			}
		}
	}
	free(v);
}

/* Does cluster k hold a posting by a human (posted())? */
static int
posted_cluster(const struct model *md, const struct cluster *k)
{
	for (uint32_t x = k->mail; x != NONE; x = md->mails[x].cnext)
		if (md->mails[x].present && posted(&md->mails[x]))
			return 1;
	return 0;
}

/* Does a posting of cluster k change every file of the bloom b (files_bloom())? */
static int
posting_holds(const struct model *md, const struct cluster *k, uint64_t b)
{
	for (uint32_t x = k->mail; x != NONE; x = md->mails[x].cnext) {
		const struct mail *m = &md->mails[x];

		if (m->present && posted(m) && m->files &&
		    !(b & ~files_bloom(m->files, strlen(m->files))))
			return 1;
	}
	return 0;
}

/* Commits by their author (interned: by address), then commit date and index. */
static const struct model *split_md;

static int
cmp_author_cdate(const void *a, const void *b)
{
	const struct commit *x = &split_md->commits[*(const uint32_t *)a];
	const struct commit *y = &split_md->commits[*(const uint32_t *)b];
	int c = cmp_uint((uintptr_t)x->author, (uintptr_t)y->author);

	if (c)
		return c;
	if (x->cdate != y->cdate)
		return x->cdate < y->cdate ? -1 : 1;
	return cmp_uint(*(const uint32_t *)a, *(const uint32_t *)b);
}

/* Is commit i posted: in a cluster with a posting? */
static int
commit_posted(const struct model *md, uint32_t i)
{
	const struct commit *c = &md->commits[i];

	return c->cluster != NONE && posted_cluster(md, &md->clusters[c->cluster]);
}

/*
 * The other form of a split: the maintainer applied another's posting
 * as two commits, the second rewritten (its author date his, the
 * split's), committed by him within SPLIT_SECS of the first: of its
 * author's commits that one committer (not the author: a poster's own
 * fix pushed after his patch is his) committed in that span there are
 * two, one posted with a posting that changes every file the other
 * changes.  More in the span are a series applied, and say nothing.
 */
#define SPLIT_SECS 600

/* Commits a, then b: one author's, one committer committing both within SPLIT_SECS? */
static int
applied_together(const struct commit *a, const struct commit *b)
{
	return a->author == b->author && a->committer == b->committer &&
	    b->cdate - a->cdate <= SPLIT_SECS;
}

static void
split_applied(struct model *md)
{
	uint32_t *v = xreallocarray(NULL, md->ncommits + 1, sizeof *v);
	size_t n = 0;

	for (size_t i = 0; i < md->ncommits; i++) {
		const struct commit *c = &md->commits[i];

		if (c->present && !c->skip && !c->side && c->cdate != NODATE && *c->author &&
		    *c->committer)
			v[n++] = (uint32_t)i;
	}
	split_md = md;
	if (n)
		qsort(v, n, sizeof *v, cmp_author_cdate);
	for (size_t i = 0; i + 1 < n; i++) {
		struct commit *a = &md->commits[v[i]], *b = &md->commits[v[i + 1]];
		int pa, pb;

		/* Two alone: none more of the span on either side. */
		if (!applied_together(a, b) || a->author == a->committer ||
		    (i > 0 && applied_together(&md->commits[v[i - 1]], a)) ||
		    (i + 2 < n && applied_together(b, &md->commits[v[i + 2]])))
			continue;
		pa = commit_posted(md, v[i]);
		pb = commit_posted(md, v[i + 1]);
		if (pa == pb || a->split || b->split)
			continue;
		if (pa && b->fbloom && posting_holds(md, &md->clusters[a->cluster], b->fbloom))
			b->split = 2;
		else if (pb && a->fbloom && posting_holds(md, &md->clusters[b->cluster], a->fbloom))
			a->split = 2;
	}
	free(v);
}

/*
 * The commits split out of a posted patch: one of two commits of the same
 * author and author date to the second (git am, or the maintainer's own
 * split, kept one date for both halves) whose other half is in a cluster
 * with a posting that changes every file it changes, itself in none.  A bigger group of one second
 * is a rebase that reset the dates, and says nothing.
 */
void
split_commits(struct model *md)
{
	struct hmap grp = HMAP_INIT;
	struct buf key = BUF_INIT;
	struct sgroup {
		uint32_t n, posted, post;       /* post: a posted commit of it */
	};

	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < md->ncommits; i++) {
			struct commit *c = &md->commits[i];
			int post, isnew;
			struct hent *e;
			struct sgroup *g;

			if (!c->present || c->skip || c->date == NODATE || !*c->author)
				continue;
			post = c->cluster != NONE && posted_cluster(md, &md->clusters[c->cluster]);
			buf_reset(&key);
			buf_addf(&key, "%s %lld", c->author, (long long)c->date);
			if (!pass) {
				e = hmap_put(&grp, key.p, key.len, &isnew);
				if (isnew) {
					e->key = arena_strndup(&md->mem, key.p, key.len);
					g = arena_alloc(&md->mem, sizeof *g);
					g->n = g->posted = 0;
					g->post = NONE;
					e->val = g;
				}
				g = e->val;
				g->n++;
				g->posted += post;
				if (post)
					g->post = (uint32_t)i;
			} else if (!post && (e = hmap_get(&grp, key.p, key.len))) {
				g = e->val;
				c->split = g->n == 2 && g->posted == 1 && c->fbloom &&
				    posting_holds(md, &md->clusters[md->commits[g->post].cluster],
				    c->fbloom);
			}
		}
	hmap_free(&grp);
	buf_free(&key);
	split_applied(md);
}

void
clusters_finish(struct model *md)
{
	order_members(md);
	for (size_t i = 0; i < md->nclusters; i++) {
		struct cluster *k = &md->clusters[i];

		/* The main line's commits and the side branches' apart. */
		k->ncommits = k->nside = 0;
		for (uint32_t x = k->commit; x != NONE; x = md->commits[x].cnext) {
			uint32_t *first = md->commits[x].side ? &k->first_side : &k->first_commit;

			if (md->commits[x].side)
				k->nside++;
			else
				k->ncommits++;
			if (*first == NONE || earlier_commit(&md->commits[x], &md->commits[*first]))
				*first = x;
		}
	}
}
