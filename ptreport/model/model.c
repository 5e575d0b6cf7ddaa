/*
 * model.c - the model's store: its mails, commits and clusters, added
 * when first named and found by id, its setting up and freeing, and the
 * fields of a table's row as every reader takes them into it; and what
 * every part reads of the store: mails in date order, a mail's cluster,
 * whether a patch was merged or posted, percentiles and hours, the
 * verdicts' names.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "readers.h"
#include "text.h"
#include "tsv.h"
#include "util.h"

void
model_init(struct model *md)
{
	memset(md, 0, sizeof *md);
	md->mail_first = md->mail_last = NODATE;
	md->out_first = md->out_last = NODATE;
	md->hist_end = md->merge_p90 = NODATE;
}

void
model_free(struct model *md)
{
	struct hmap *const maps[] = {
		&md->msectid, &md->rtitles, &md->lost, &md->mnames, &md->laddrs,
		&md->versions, &md->listids, &md->lcid, &md->mailid, &md->commitid,
		&md->clusterid, &md->paths, &md->folders, &md->committers, &md->why_ids,
		&md->pulltitle, &md->pullsum, &md->sdf,
	};
	void *const arrays[] = {
		md->mails, md->commits, md->clusters, md->tags, md->th, md->wd,
		md->vp, md->bysender, md->ct, md->cpairs, md->unalias, md->mpairs, md->sections, md->lp,
		md->lc, md->cov, md->pairs, md->quotes, md->tquotes, md->fam, md->fw, md->bymerge, md->op,
		md->toks, md->tokheld, md->carry, md->corr, md->pulls, md->vrows, md->cbyid,
		md->pbydate, md->named, md->namedth, md->prosec, md->issm.v, md->issc.v,
	};

	uf_free(&md->threads);
	set64_free(&md->hblobs);
	set64_free(&md->taggers);
	for (size_t i = 0; i < md->nsections; i++)
		free(md->sections[i]->e);
	for (size_t i = 0; i < md->nlc; i++)
		free(md->lc[i].s);
	for (size_t i = 0; i < md->paths.cap; i++)
		if (md->paths.e[i].key) {
			struct pathrec *pr = md->paths.e[i].val;

			free(pr->ev);
			free(pr->iv);
		}
	for (size_t i = 0; i < md->folders.cap; i++)
		if (md->folders.e[i].key)
			free(((struct folderrec *)md->folders.e[i].val)->iv);
	for (size_t k = 0; k < sizeof maps / sizeof maps[0]; k++)
		hmap_free(maps[k]);
	for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++)
		free(arrays[k]);
	buf_free(&md->why_kept);
	strpool_free(&md->pool);
	arena_free(&md->mem);
}

struct mail *
mail_by_id(const struct model *md, const char *id, size_t n)
{
	struct hent *e = hmap_get(&md->mailid, id, n);

	return e ? &md->mails[(uintptr_t)e->val - 1] : NULL;
}

struct commit *
commit_by_id(const struct model *md, const char *id, size_t n)
{
	struct hent *e = hmap_get(&md->commitid, id, n);

	return e ? &md->commits[(uintptr_t)e->val - 1] : NULL;
}

/* The index of the mail (or referenced id) id, added when new. */
uint32_t
mail_node(struct model *md, const char *id, size_t n)
{
	const char *key = intern(&md->pool, id, n);
	int isnew;
	struct hent *e = hmap_put(&md->mailid, key, n, &isnew);
	struct mail *m;

	if (!isnew)
		return (uint32_t)((uintptr_t)e->val - 1);
	md->mails = xgrow(md->mails, &md->capmails, md->nmails, 1024, sizeof *md->mails);
	m = &md->mails[md->nmails];
	memset(m, 0, sizeof *m);
	m->id = key;
	m->from = m->name = m->who = m->subject = m->lists = m->arch = m->said = m->hashes = m->parts = "";
	m->fixes = m->changeid = "";
	m->date = NODATE;
	m->parent = m->cluster = m->cnext = m->rnext = m->fresp = m->part = m->rfcby = NONE;
	m->supby = m->twin = m->tgt = m->vby = m->vfam = m->corr = NONE;
	uf_add(&md->threads);
	e->val = (void *)(uintptr_t)(md->nmails + 1);
	return (uint32_t)md->nmails++;
}

void
mail_alias(struct model *md, uint32_t mi, const char *id, size_t n)
{
	const char *key = intern(&md->pool, id, n);
	int isnew;
	struct hent *e = hmap_put(&md->mailid, key, n, &isnew);
	uint32_t x;

	if (isnew) {
		e->val = (void *)(uintptr_t)(mi + 1);
		return;
	}
	x = (uint32_t)((uintptr_t)e->val - 1);
	/* A mail of its own under that id keeps it. */
	if (x == mi || md->mails[x].present)
		return;
	e->val = (void *)(uintptr_t)(mi + 1);
	md->unalias = xgrow(md->unalias, &md->capunalias, md->nunalias, 32, 2 * sizeof *md->unalias);
	md->unalias[2 * md->nunalias] = x;
	md->unalias[2 * md->nunalias + 1] = mi;
	md->nunalias++;
}

void
mails_unalias(struct model *md)
{
	uint32_t *to;

	if (!md->nunalias)
		return;
	to = xreallocarray(NULL, md->nmails, sizeof *to);
	for (size_t i = 0; i < md->nmails; i++)
		to[i] = NONE;
	for (size_t k = 0; k < md->nunalias; k++) {
		to[md->unalias[2 * k]] = md->unalias[2 * k + 1];
		uf_union(&md->threads, md->unalias[2 * k], md->unalias[2 * k + 1]);
	}
	for (size_t i = 0; i < md->nmails; i++)
		if (md->mails[i].parent != NONE && to[md->mails[i].parent] != NONE)
			md->mails[i].parent = to[md->mails[i].parent];
	for (size_t i = 0; i < md->ncpairs; i++)
		if (to[md->cpairs[i].root] != NONE)
			md->cpairs[i].root = to[md->cpairs[i].root];
	free(to);
}

int64_t
main_line_end(const struct model *md)
{
	int64_t end = NODATE;

	for (size_t i = 0; i < md->ncommits; i++) {
		const struct commit *c = &md->commits[i];

		if (c->present && !c->side && c->cdate != NODATE && (end == NODATE || c->cdate > end))
			end = c->cdate;
	}
	return end;
}

uint32_t
commit_node(struct model *md, const char *id, size_t n)
{
	const char *key = intern(&md->pool, id, n);
	int isnew;
	struct hent *e = hmap_put(&md->commitid, key, n, &isnew);
	struct commit *c;

	if (!isnew)
		return (uint32_t)((uintptr_t)e->val - 1);
	md->commits = xgrow(md->commits, &md->capcommits, md->ncommits, 1024, sizeof *md->commits);
	c = &md->commits[md->ncommits];
	memset(c, 0, sizeof *c);
	c->id = key;
	c->author = c->committer = c->subject = c->links = c->aname = c->cname = "";
	c->reporters = c->credits = c->changeid = c->imported = c->credited = c->prose = "";
	c->date = c->cdate = c->merge_date = NODATE;
	c->merge_by = c->merge_byname = "";
	c->cluster = c->cnext = c->rpost = c->corr = c->fixreply = c->fixby = c->postby =
	    c->portby = NONE;
	e->val = (void *)(uintptr_t)(md->ncommits + 1);
	return (uint32_t)md->ncommits++;
}

uint32_t
cluster_node(struct model *md, const char *name, size_t n)
{
	const char *key = intern(&md->pool, name, n);
	int isnew;
	struct hent *e = hmap_put(&md->clusterid, key, n, &isnew);
	struct cluster *k;

	if (!isnew)
		return (uint32_t)((uintptr_t)e->val - 1);
	md->clusters = xgrow(md->clusters, &md->capclusters, md->nclusters, 1024, sizeof *md->clusters);
	k = &md->clusters[md->nclusters];
	memset(k, 0, sizeof *k);
	k->name = key;
	k->mail = k->commit = k->first_commit = k->first_side = NONE;
	e->val = (void *)(uintptr_t)(md->nclusters + 1);
	return (uint32_t)md->nclusters++;
}

/* Field of column col (-1: absent, ""). */
const char *
fld(const struct tsv_reader *r, int col, size_t *n)
{
	if (col < 0) {
		*n = 0;
		return "";
	}
	*n = r->f[col].len;
	return r->f[col].s;
}

const char *
keep(struct model *md, const struct tsv_reader *r, int col)
{
	size_t n;
	const char *s = fld(r, col, &n);

	return n ? arena_strndup(&md->mem, s, n) : "";
}

/* A date column; NODATE when empty, a data error when malformed. */
int
date_of(struct model *md, const struct tsv_reader *r, int col, int64_t *t)
{
	size_t n;
	const char *s = fld(r, col, &n);

	*t = NODATE;
	if (!n)
		return 0;
	if (iso_parse(s, t) < 0) {
		warnx("%s:%lu: column %s: not a date: %.40s", r->name, r->lineno,
		    r->cols[col], s);
		*t = NODATE;
		md->nbad++;
		return -1;
	}
	return 0;
}

/*
 * Whether the row just read is one to use: 1 yes; 0 skip it (a bad row,
 * counted; an empty id, named and counted); -1 stop: the input failed.
 */
int
row_usable(struct model *md, const struct tsv_reader *r, int got, int cid)
{
	if (got < 0) {
		md->nbad++;
		return got == -2 ? -1 : 0;
	}
	if (!r->f[cid].len) {
		warnx("%s:%lu: column id: empty", r->name, r->lineno);
		md->nbad++;
		return 0;
	}
	return 1;
}


/* Add the interned s[0..n) to a set of strings. */
void
set_add(struct model *md, struct hmap *h, const char *s, size_t n)
{
	int isnew;
	struct hent *e = hmap_put(h, s, n, &isnew);

	if (isnew)
		e->key = intern(&md->pool, s, n);
}

int
cmp_date_id(const struct model *md, uint32_t a, uint32_t b)
{
	const struct mail *x = &md->mails[a], *y = &md->mails[b];

	if (x->date != y->date)
		return x->date < y->date ? -1 : 1;
	return strcmp(x->id, y->id);
}

/* qsort has no context argument; the reports run one at a time. */
const struct model *sort_md;

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

void
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

const struct cluster *
cluster_at(const struct model *md, uint32_t k)
{
	return k != NONE ? &md->clusters[k] : NULL;
}

int
merged(const struct model *md, const struct mail *m)
{
	/* A maintainer's correction says whether it was. */
	if (m->corrected)
		return m->verdict == V_MERGED;
	return m->cluster != NONE && md->clusters[m->cluster].ncommits > 0;
}

/*
 * Was mail m a posting of its patch on the list, seen by the list's
 * people: any mail but a bot's, a pull request, and a linux-next or
 * stable-review copy.  An RFC is one: it was discussed on the list, even
 * though it is no patch for the project.
 */
int
posted(const struct mail *m)
{
	return m->type != MT_BOT && m->type != MT_PULL && !m->review;
}

const char *const verdict_names[V_N] = {
	[V_NONE] = "", [V_NOTCOUNTED] = "not-counted", [V_NOTSUB] = "not-a-submission",
	[V_MERGED] = "merged", [V_APPLIED] = "applied", [V_ANSWERED] = "answered",
	[V_ANSWERED_VERSION] = "answered-version", [V_WITHDRAWN] = "withdrawn",
	[V_FOLLOWEDUP] = "followed-up", [V_ANSWERED_TOGETHER] = "answered-together",
	[V_SUPERSEDED] = "superseded", [V_REWORKED] = "reworked", [V_TOONEW] = "too-new",
	[V_UNSURE] = "unsure", [V_IGNORED] = "ignored",
};

int
list_address(const struct model *md, const char *addr)
{
	static const char *const hosts[] = { "vger.kernel.org", "googlegroups.com", "groups.io" };
	const char *d = strrchr(addr, '@');

	if (hmap_get(&md->laddrs, addr, strlen(addr)))
		return 1;
	if (!d++)
		return 0;
	if (!strncmp(d, "lists.", 6) || !strncmp(d, "list.", 5))
		return 1;
	for (size_t i = 0; i < sizeof hosts / sizeof *hosts; i++)
		if (!strcmp(d, hosts[i]))
			return 1;
	return 0;
}

const char *
list_archived(const struct model *md, const char *addr, struct buf *b)
{
	struct hent *e;

	buf_reset(b);
	for (const char *p = addr; *p; p++)
		buf_addc(b, *p == '@' ? '.' : *p);
	e = hmap_get(&md->listids, b->p ? b->p : "", b->len);
	return e ? e->key : NULL;
}
