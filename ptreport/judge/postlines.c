/*
 * postlines.c - an off-list commit whose lines a posting of its author
 * holds: a patch split in two commits when it went in (the other in
 * the posting's cluster, or neither), or a next version pushed without
 * being posted again (the posted lines and more fixes, under a new
 * title).  Its cluster lacks the posting because the scores weigh the
 * whole of both diffs; the lines say it was posted.  The patch tables
 * are read again in carried.c's passes: the candidates' own rows, and
 * the rows of their authors' patch mails before them on their files.
 * The same pass reads the off-list commits' blobs: a file left as a
 * posting of its author left it (its post-image) was posted; a file
 * changed blob for blob as another repository's patch mail changed it
 * (its copy there: a header shared by a tool and the kernel) is that
 * change ported.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "text.h"
#include "tsv.h"
#include "util.h"

/*
 * Lines read of a row: its distinctive added and removed ones (hashed,
 * sorted); of the added, those it does not remove too (its own change),
 * and all (a pure move is its own change).
 */
struct plines {
	uint64_t *add, *rm, *all;
	uint32_t nadd, nrm, nall, capadd, caprm;
	int read;
	unsigned char lines;     /* its lines wanted (not only its blobs) */
	unsigned char wblobs;    /* a commit's: its blobs wanted */
	unsigned char bread;     /* ... read */
	uint32_t *blobs;         /* its pairs, before and after (blob_key()) */
	uint32_t nblobs;
};

/* Another repository's patch mail, by one of its files' blob pairs. */
struct portpair {
	uint64_t key;            /* before << 32 | after */
	uint32_t mail;
};

struct poster {
	struct model *md;
	uint32_t *cand;          /* the off-list commits judged */
	size_t ncand;
	uint32_t *pcand;         /* the off-list commits a port may explain */
	size_t npcand;
	struct portpair *ports;  /* sorted by key, then date */
	size_t nports;
	struct hmap rows;        /* id -> struct plines *: the candidates' and their mails' */
	struct buf w, raw;
};

/*
 * The patch mails that may hold commit c's lines: its author's, before
 * it, on a file of it; not merged, or merged by a commit of the same
 * push (committed within SPLIT_DAYS of it: the other half of a split).
 * A posting merged long before is code the commit moves or mends.
 */
#define SPLIT_DAYS 2
static int
may_hold(const struct model *md, const struct commit *c, const struct mail *m)
{
	int64_t at = c->date != NODATE ? c->date : c->cdate;
	const struct cluster *k = m->cluster != NONE ? &md->clusters[m->cluster] : NULL;

	if (k && k->first_commit != NONE) {
		int64_t d = md->commits[k->first_commit].cdate - c->cdate;

		if (md->commits[k->first_commit].cdate == NODATE || d > (int64_t)SPLIT_DAYS * DAY ||
		    d < -(int64_t)SPLIT_DAYS * DAY)
			return 0;
	}
	return m->present && m->type == MT_PATCH && !m->foreign && m->date != NODATE &&
	    m->date <= c->cdate && m->date >= at - (int64_t)CARRY_DAYS * DAY &&
	    m->files && c->files && shares_file(m->files, c->files);
}

/* The row of id wanted: its lines (lines), a commit's blobs (blobs). */
static struct plines *
want(struct poster *ps, const char *id, int lines, int blobs)
{
	int isnew;
	struct hent *e = hmap_put(&ps->rows, id, strlen(id), &isnew);
	struct plines *l;

	if (isnew)
		e->val = xcalloc(1, sizeof(struct plines));
	l = e->val;
	l->lines |= (unsigned char)lines;
	l->wblobs |= (unsigned char)blobs;
	return l;
}

static const struct model *port_md;

static int
cmp_key(const void *a, const void *b)
{
	const struct portpair *x = a, *y = b;

	return x->key < y->key ? -1 : x->key > y->key;
}

/* By key, then the mail's date. */
static int
cmp_port(const void *a, const void *b)
{
	int r = cmp_key(a, b);

	return r ? r : cmp_date_id(port_md, ((const struct portpair *)a)->mail,
	    ((const struct portpair *)b)->mail);
}

/*
 * A pair that tells: a file changed, neither created (two new tests'
 * expected outputs may be one blob) nor deleted nor left empty.
 */
static int
telling(uint32_t pre, uint32_t post)
{
	return pre && post && post != BLOB_EMPTY && pre != post;
}

/* Another repository's patch mails' blob pairs, sorted: how many. */
static size_t
ports_of(struct poster *ps)
{
	const struct model *md = ps->md;
	size_t cap = 0;

	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		if (!m->present || !m->foreign || m->type != MT_PATCH || m->date == NODATE)
			continue;
		for (uint32_t k = 0; k < m->nblobs; k++)
			if (telling(m->blobs[2 * k], m->blobs[2 * k + 1])) {
				ps->ports = xgrow(ps->ports, &cap, ps->nports, 64, sizeof *ps->ports);
				ps->ports[ps->nports].key = (uint64_t)m->blobs[2 * k] << 32 |
				    m->blobs[2 * k + 1];
				ps->ports[ps->nports++].mail = (uint32_t)i;
			}
	}
	port_md = md;
	if (ps->nports)
		qsort(ps->ports, ps->nports, sizeof *ps->ports, cmp_port);
	return ps->nports;
}

/* Would commit c, off-list, be judged at all: no import, no port known, not split? */
static int
judged(const struct model *md, uint32_t ci)
{
	const struct commit *c = &md->commits[ci];

	/* An import from another tree was posted there (ported), not here. */
	return c->present && !c->skip && !c->side && !c->split && c->cdate != NODATE &&
	    c->files && !(c->imported && *c->imported) && !ported_from(md, c) &&
	    offlist_mails(md, ci);
}

struct poster *
postlines_begin(struct model *md)
{
	struct poster *ps = xcalloc(1, sizeof *ps);
	size_t cap = 0, pcap = 0;

	ps->md = md;
	ports_of(ps);
	for (size_t i = 0; i < md->ncommits; i++) {
		const struct commit *c = &md->commits[i];
		const uint32_t *v;
		size_t n;
		int any = 0;

		if (!judged(md, (uint32_t)i))
			continue;
		if (ps->nports) {
			ps->pcand = xgrow(ps->pcand, &pcap, ps->npcand, 16, sizeof *ps->pcand);
			ps->pcand[ps->npcand++] = (uint32_t)i;
			want(ps, c->id, 0, 1);
		}
		n = *c->author ? address_mails(md, c->author, &v) : 0;
		for (size_t j = 0; j < n; j++) {
			const struct mail *m = &md->mails[v[j]];
			uint32_t k;

			if (!may_hold(md, c, m))
				continue;
			want(ps, m->id, 1, 0);
			/* Its merged commit: what of the posting it left out. */
			if (m->cluster != NONE &&
			    (k = md->clusters[m->cluster].first_commit) != NONE)
				want(ps, md->commits[k].id, 1, 1);
			any = 1;
		}
		if (!any)
			continue;
		ps->cand = xgrow(ps->cand, &cap, ps->ncand, 16, sizeof *ps->cand);
		ps->cand[ps->ncand++] = (uint32_t)i;
		want(ps, c->id, 1, 1);
	}
	if (!ps->ncand && !ps->npcand) {
		postlines_end(md, ps);
		return NULL;
	}
	return ps;
}

/*
 * Its own added lines: those of a[0..na) (sorted) it does not remove too
 * (rm, sorted): code it moves or re-indents is no change of its own.
 * How many are left, a[] compacted.
 */
static uint32_t
own_lines(uint64_t *a, uint32_t na, const uint64_t *rm, uint32_t nrm)
{
	uint32_t k = 0, j = 0;

	for (uint32_t i = 0; i < na; i++) {
		while (j < nrm && rm[j] < a[i])
			j++;
		if (j < nrm && rm[j] == a[i])
			continue;
		a[k++] = a[i];
	}
	return k;
}

/*
 * A commit row's blobs column: its telling pairs.  A field with a line
 * of another shape is left out whole, as the model left it (named and
 * counted when the tables were read).
 */
static void
read_blobs(struct plines *l, const char *s, size_t n)
{
	struct line_walk w;
	const char *p;
	size_t k;
	uint32_t pre, post;

	l->bread = 1;
	line_walk_init(&w, s, n);
	while (line_next(&w, &p, &k))
		if (!blob_pair(p, k, &pre, &post)) {
			l->nblobs = 0;
			return;
		}
	line_walk_init(&w, s, n);
	while (line_next(&w, &p, &k))
		if (blob_pair(p, k, &pre, &post) && telling(pre, post)) {
			l->blobs = xreallocarray(l->blobs, 2 * (size_t)l->nblobs + 2,
			    sizeof *l->blobs);
			l->blobs[2 * l->nblobs] = pre;
			l->blobs[2 * l->nblobs + 1] = post;
			l->nblobs++;
		}
}

void
postlines_row(struct poster *ps, const struct prow *p)
{
	const struct tsv_reader *r = p->r;
	struct hent *e;
	struct plines *l;
	const char *hs;
	size_t hn;

	if (!(e = hmap_get(&ps->rows, r->f[p->cid].s, r->f[p->cid].len)))
		return;
	l = e->val;
	if (l->wblobs && !l->bread && p->cblobs >= 0)
		read_blobs(l, r->f[p->cblobs].s, r->f[p->cblobs].len);
	if (!l->lines || l->read || !(hs = hunks_of(r, p->chunks, &ps->raw, &hn)))
		return;
	l->read = 1;
	l->nadd = some_lines(hs, hn, '+', &l->add, &l->capadd, &ps->w);
	l->nrm = some_lines(hs, hn, '-', &l->rm, &l->caprm, &ps->w);
	l->nall = l->nadd;
	if (l->nadd) {
		l->all = xreallocarray(NULL, l->nadd, sizeof *l->all);
		memcpy(l->all, l->add, l->nadd * sizeof *l->all);
	}
	l->nadd = own_lines(l->add, l->nadd, l->rm, l->nrm);
}

/*
 * Does one side (a: its lines) lie in the other (b), as lines_carried()
 * says of its own added lines (a change with CARRY_MIN lines added and
 * removed together at least); a move (no line of its own), of the lines
 * it moves?
 */
static int
lies_in(const struct plines *a, const struct plines *b)
{
	if (!a->nadd && a->nall >= CARRY_MIN)
		return lines_carried(a->nall, common(a->all, a->nall, b->all, b->nall),
		    NULL, 0, NULL, 0);
	return a->nadd && a->nadd + a->nrm >= CARRY_MIN &&
	    lines_carried(a->nadd, common(a->add, a->nadd, b->add, b->nadd), a->rm, a->nrm,
	    b->rm, b->nrm);
}

/*
 * Do both replace the same lines: CARRY_SHARE of the distinctive lines
 * each removes (CARRY_MIN at least) are the other's, and each adds some?
 * The same change made another way: a committer's rework of the posting
 * (a table rewritten where the posting dropped a column of it).  A
 * removal alone (a test deleted where the posting rewrote it) is none.
 */
static int
same_removal(const struct plines *a, const struct plines *b)
{
	uint32_t n;

	if (a->nrm < CARRY_MIN || b->nrm < CARRY_MIN || !a->nall || !b->nall)
		return 0;
	n = common(a->rm, a->nrm, b->rm, b->nrm);
	return n >= CARRY_MIN && n >= CARRY_SHARE * a->nrm && n >= CARRY_SHARE * b->nrm;
}

/*
 * A mail of the thread of its author's posting names commit ci by its
 * hash after it was written ("merged as 5c60b7230"): that posting, or
 * NONE.  The posting is the patch the mail answers, or a part of the
 * cover letter it answers, that may hold the commit, was never merged
 * and changes every file the commit changes: the posting reworked on
 * review and pushed.  A commit named in a merged posting's thread is
 * another change (a fix of its build, a follow-up), a revert one of its
 * own.
 */
static uint32_t
named_posting(const struct model *md, uint32_t ci, const uint32_t *v, size_t n)
{
	const struct commit *c = &md->commits[ci];
	uint32_t x = named_in_reply(md, ci), t;

	if (x == NONE || (t = md->mails[x].tgt) == NONE ||
	    revert_commit(c))
		return NONE;
	for (size_t j = 0; j < n; j++) {
		const struct mail *m = &md->mails[v[j]];

		if ((v[j] == t || (md->mails[t].type == MT_COVER && m->tgt == t)) &&
		    may_hold(md, c, m) && (m->cluster == NONE ||
		    md->clusters[m->cluster].first_commit == NONE) &&
		    covers_files(m->files, c->files))
			return v[j];
	}
	return NONE;
}

static const struct plines *
lines_of(const struct poster *ps, const char *id)
{
	const struct hent *e = hmap_get(&ps->rows, id, strlen(id));
	const struct plines *l = e ? e->val : NULL;

	return l && l->read ? l : NULL;
}

/* The commit's blobs, read: NULL if none or not read. */
static const struct plines *
blobs_of(const struct poster *ps, const char *id)
{
	const struct hent *e = hmap_get(&ps->rows, id, strlen(id));
	const struct plines *l = e ? e->val : NULL;

	return l && l->bread && l->nblobs ? l : NULL;
}

/* Has the commit (its blobs) a file's pair before and after (pre, post)? */
static int
has_pair(const struct plines *b, uint32_t pre, uint32_t post)
{
	for (uint32_t i = 0; b && i < b->nblobs; i++)
		if (b->blobs[2 * i] == pre && b->blobs[2 * i + 1] == post)
			return 1;
	return 0;
}

/*
 * Does the commit (its blobs cb) make a file's change of mail m: its
 * pair, or the rest of it after m's merged commit (its blobs kb) made
 * the first part (from m's before to the commit's)?  A file left as a
 * patch made on top of the commit left it is none.
 */
static int
makes_change(const struct plines *cb, const struct plines *kb, const struct mail *m)
{
	for (uint32_t i = 0; cb && i < cb->nblobs; i++)
		for (uint32_t k = 0; k < m->nblobs; k++) {
			uint32_t pre = m->blobs[2 * k], post = m->blobs[2 * k + 1];

			if (cb->blobs[2 * i + 1] == post && telling(pre, post) &&
			    (cb->blobs[2 * i] == pre || has_pair(kb, pre, cb->blobs[2 * i])))
				return 1;
		}
	return 0;
}

/*
 * Of a posting merged by another commit (its lines k), the lines that
 * commit left out: does the commit (c) add only lines the posting adds
 * and k does not, one at least, and remove only lines it removes?  The
 * hunk a reviewer asked to go in a commit of its own.
 */
static int
left_out(const struct plines *c, const struct plines *m, const struct plines *k)
{
	return c->nall && common(c->all, c->nall, m->all, m->nall) == c->nall &&
	    !common(c->all, c->nall, k->all, k->nall) &&
	    common(c->rm, c->nrm, m->rm, m->nrm) == c->nrm;
}

/* Do commit c's lines (cl) or its blobs (cb) say its author's posting m held it? */
static int
holds(const struct poster *ps, const struct commit *c, const struct plines *cl,
    const struct plines *cb, const struct mail *m)
{
	const struct model *md = ps->md;
	const struct plines *ml = lines_of(ps, m->id), *kl = NULL, *kb = NULL;
	uint32_t k = m->cluster != NONE ? md->clusters[m->cluster].first_commit : NONE;

	if (k != NONE && &md->commits[k] != c) {
		kl = lines_of(ps, md->commits[k].id);
		kb = blobs_of(ps, md->commits[k].id);
	}
	if (makes_change(cb, kb, m))
		return 1;
	if (!cl || !ml)
		return 0;
	return lies_in(cl, ml) || lies_in(ml, cl) || same_removal(cl, ml) ||
	    (kl && left_out(cl, ml, kl));
}

/*
 * Each off-list commit that changes a file blob for blob as another
 * repository's patch mail, written before it was committed, changed it:
 * the first such mail, its port (portby).
 */
static void
ports_end(struct model *md, struct poster *ps)
{
	for (size_t i = 0; i < ps->npcand; i++) {
		struct commit *c = &md->commits[ps->pcand[i]];
		const struct plines *cb = blobs_of(ps, c->id);

		for (uint32_t j = 0; cb && j < cb->nblobs && c->portby == NONE; j++) {
			struct portpair want = { (uint64_t)cb->blobs[2 * j] << 32 | cb->blobs[2 * j + 1], 0 };
			const struct portpair *hit = bsearch(&want, ps->ports, ps->nports,
			    sizeof *ps->ports, cmp_key);
			size_t lo;

			if (!hit)
				continue;
			/* The first of the key's mails, the earliest. */
			for (lo = (size_t)(hit - ps->ports); lo && ps->ports[lo - 1].key == want.key; lo--)
				;
			for (; lo < ps->nports && ps->ports[lo].key == want.key; lo++)
				if (md->mails[ps->ports[lo].mail].date <= c->cdate) {
					c->portby = ps->ports[lo].mail;
					break;
				}
		}
	}
}

void
postlines_end(struct model *md, struct poster *ps)
{
	if (!ps)
		return;
	ports_end(md, ps);
	for (size_t i = 0; i < ps->ncand; i++) {
		struct commit *c = &md->commits[ps->cand[i]];
		const struct plines *cl = lines_of(ps, c->id), *cb = blobs_of(ps, c->id);
		const uint32_t *v;
		size_t n = address_mails(md, c->author, &v);
		uint32_t best = NONE;

		/* The latest posting that holds its lines, or that its lines hold (before a port). */
		for (size_t j = 0; j < n; j++)
			if (may_hold(md, c, &md->mails[v[j]]) &&
			    holds(ps, c, cl, cb, &md->mails[v[j]]) &&
			    (best == NONE || cmp_date_id(md, v[j], best) > 0))
				best = v[j];
		if (best != NONE) {
			c->split = 3;
			c->postby = best;
		} else if ((best = named_posting(md, ps->cand[i], v, n)) != NONE) {
			c->split = 4;
			c->postby = best;
		}
	}
	for (size_t i = 0; i < ps->rows.cap; i++)
		if (ps->rows.e[i].key) {
			struct plines *l = ps->rows.e[i].val;

			free(l->add);
			free(l->rm);
			free(l->all);
			free(l->blobs);
			free(l);
		}
	hmap_free(&ps->rows);
	free(ps->cand);
	free(ps->pcand);
	free(ps->ports);
	buf_free(&ps->w);
	buf_free(&ps->raw);
	free(ps);
}
