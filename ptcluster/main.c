/*
 * ptcluster - equivalence classes of mails and commits (method section 4).
 *
 * Reads patchsim's scored pairs and the patchtok tables they came from,
 * accepts the pairs at a threshold (so a user re-clusters without
 * re-scoring), and writes the connected components of the accepted
 * pairs, found with union-find: one row per patch, every patch of every
 * table included (an unmatched one is a cluster of its own).  Reads and
 * writes PaStA's patch-groups format too.  Pairs are streamed and never
 * stored: memory grows with the number of patches only.
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "groups.h"
#include "hash.h"
#include "pasta.h"
#include "tables.h"
#include "text.h"
#include "tsv.h"
#include "uf.h"
#include "util.h"
#include "via.h"
#include "zio.h"

enum { MAIL, COMMIT };

/* How a patch's kind is known, weakest first: a later, stronger source wins. */
enum { FROM_GUESS, FROM_GROUPS, FROM_TABLE };

/* A retitled version's message this alike is one whatever its diff. */
#define RETITLE_MSG 0.8

/* Kinds that name the very same change: they join two commits. */
#define VIA_SAME (VIA_HASH | VIA_UPSTREAM | VIA_LINK)

#define NONE UINT32_MAX

struct node {
	const char *id;
	/* From a patch table, "" when unknown; owned by the graph. */
	const char *date, *author, *type, *list, *title;
	const char *thread;             /* interned, "" if none */
	int version, part, total;       /* from the subject; 0 if none */
	uint32_t best;                  /* a mail's best commit edge (index), NONE */
	uint32_t nkeys;                 /* at roots: parts held (keys) */
	struct pkey *keys;              /* at roots: the posted parts of the cluster */
	unsigned char hascommit;        /* at roots: the cluster holds a commit */
	/* The best accepted edge: its via (NULL: none), score and peer. */
	const char *via;
	double score;
	uint32_t peer;
	unsigned char kind, known;
	unsigned char grouped;          /* joined to another by a groups line */
	unsigned char repeated;         /* in the patch tables more than once */
	unsigned char side;             /* a commit flagged side: another branch's */
};

/* A part of a posting: [PATCH vV P/T] in thread. */
struct pkey {
	const char *thread;
	int version, part;
};

/* An accepted pair, kept until every table is read. */
struct edge {
	uint32_t a, b;
	float score;            /* what ranks it */
	uint16_t via;           /* VIA_* bits */
	unsigned char content;  /* accepted by its score (dlr, score, fdiff) */
};

struct graph {
	struct node *n;
	uint32_t len, cap;
	struct edge *e;
	size_t ne, cape;
	struct hmap byid;               /* id -> node index + 1 */
	struct uf uf;                   /* the clusters, by node index */
	struct arena mem;               /* ids, dates, titles */
	struct strpool pool;            /* authors, types, lists, vias */
	unsigned long repeated;         /* ids repeated in patch tables */
};

struct opts {
	double threshold, dlr, weight;  /* weight < 0: use the score column */
	double fdiff;                   /* whole-file ratio a pair needs */
	double title_threshold;         /* score a same-title pair needs */
	double date_content;            /* msg or diff a same-date pair needs */
	double credit_content;          /* diff a pair via credit needs (or fdiff) */
	int accept;                     /* VIA_* bits that accept a pair */
	int chain;                      /* PaStA's connected components */
};

struct stats {
	unsigned long pairs, accepted;
};

static int
is_commit_id(const char *s, size_t n)
{
	if (n != 40)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return 1;
}

/* The node of an id, made (a cluster of its own) when new. */
static uint32_t
node_get(struct graph *g, const char *s, size_t n)
{
	struct hent *e = hmap_get(&g->byid, s, n);
	struct node *x;
	const char *id;
	int isnew;

	if (e)
		return (uint32_t)((uintptr_t)e->val - 1);
	if (g->len == NONE - 1)
		die("too many patches");
	if (g->len == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 1024;
		g->n = xreallocarray(g->n, g->cap, sizeof *g->n);
	}
	id = arena_strndup(&g->mem, s, n);
	e = hmap_put(&g->byid, id, n, &isnew);
	e->val = (void *)(uintptr_t)(g->len + 1);
	x = &g->n[g->len];
	memset(x, 0, sizeof *x);
	x->id = id;
	x->date = x->author = x->type = x->list = x->title = x->thread = "";
	x->peer = x->best = NONE;
	uf_add(&g->uf);
	x->kind = is_commit_id(s, n) ? COMMIT : MAIL;
	x->known = FROM_GUESS;
	return g->len++;
}

/* The root of i's cluster. */
static uint32_t
find(struct graph *g, uint32_t i)
{
	return uf_find(&g->uf, i);
}

/* Join two clusters, the smaller under the larger, so paths stay short. */
static void
unite(struct graph *g, uint32_t a, uint32_t b)
{
	uf_union(&g->uf, a, b);
}

/*
 * Offer node i an accepted edge to peer.  The highest score wins, then
 * the smaller peer id, then the smaller via, so that the choice does not
 * depend on the order of the pairs.
 */
static void
offer(struct graph *g, uint32_t i, uint32_t peer, double score, const char *via)
{
	struct node *x = &g->n[i];

	if (x->via) {
		int c;

		if (score < x->score)
			return;
		if (score == x->score) {
			c = strcmp(g->n[peer].id, g->n[x->peer].id);
			if (c > 0 || (c == 0 && strcmp(via, x->via) >= 0))
				return;
		}
	}
	x->via = via;
	x->score = score;
	x->peer = peer;
}

/* -a: the kinds that accept a pair whatever its score, or "none". */
static int
parse_accept(const char *s, int *bits)
{
	const char *p = s, *comma;

	*bits = 0;
	if (strcmp(s, "none") == 0)
		return 0;
	for (;;) {
		size_t k;
		int b;

		comma = strchr(p, ',');
		k = comma ? (size_t)(comma - p) : strlen(p);
		b = via_bits(p, k);
		if (!k || !b)
			return -1;
		*bits |= b;
		if (!comma)
			return 0;
		p = comma + 1;
	}
}

/*
 * Read a pairs table: the pairs some rule may accept are kept as edges
 * (the clusters are made once every table is read, when the kinds of
 * all patches are known); 0, -1 on bad rows (named, left out), -2 when
 * the table could not be read to its end.
 */
static int
read_pairs(struct graph *g, struct tsv_reader *r, const struct opts *o,
    struct stats *st)
{
	/* The numbers a row needs: with -w, msg and diff instead of score. */
	enum { C_DLR, C_SCORE, C_MSG, C_DIFF, NNUM };
	static const char *const numname[NNUM] = { "dlr", "score", "msg", "diff" };
	int cl, cr, cvia, cfdiff, cnum[NNUM], got, rc = 0;
	uint32_t last = NONE;
	size_t lastlen = 0;

	cl = tsv_need(r, "left");
	cr = tsv_need(r, "right");
	cnum[C_DLR] = tsv_need(r, "dlr");
	cnum[C_SCORE] = o->weight >= 0 ? -1 : tsv_need(r, "score");
	/* msg and diff judge pairs found by their metadata; -w needs them. */
	cnum[C_MSG] = o->weight >= 0 ? tsv_need(r, "msg") : tsv_col(r, "msg");
	cnum[C_DIFF] = o->weight >= 0 ? tsv_need(r, "diff") : tsv_col(r, "diff");
	cvia = tsv_col(r, "via");
	/* Another scorer's table may not have it: then no pair is vetoed. */
	cfdiff = tsv_col(r, "fdiff");
	while ((got = tsv_read(r)) != 0) {
		double v[NNUM] = { 0, 0, 0, 0 }, score, fdiff = 1, w;
		uint32_t li, ri;
		int k, via, content, acc;

		if (got == -2) {
			rc = -2;
			break;
		}
		if (got < 0)
			continue;
		if (!r->f[cl].len || !r->f[cr].len) {
			warnx("%s:%lu: column '%s': empty id", r->name, r->lineno,
			    r->f[cl].len ? "right" : "left");
			r->nbad++;
			continue;
		}
		for (k = 0; k < NNUM; k++)
			if (cnum[k] >= 0 && parse_unit(r->f[cnum[k]].s, &v[k]) < 0)
				break;
		if (k == NNUM && cfdiff >= 0 && parse_unit(r->f[cfdiff].s, &fdiff) < 0)
			k = -1;
		if (k != NNUM) {
			warnx("%s:%lu: column '%s': not a number from 0 to 1",
			    r->name, r->lineno, k < 0 ? "fdiff" : numname[k]);
			r->nbad++;
			continue;
		}
		score = o->weight < 0 ? v[C_SCORE] :
		    o->weight * v[C_MSG] + (1 - o->weight) * v[C_DIFF];
		st->pairs++;
		via = cvia >= 0 ? via_bits(r->f[cvia].s, r->f[cvia].len) : 0;
		content = v[C_DLR] >= o->dlr && score >= o->threshold && fdiff >= o->fdiff;
		/*
		 * Pairs found by metadata still need some likeness: a mail
		 * and a commit of one date and author, a message or a diff
		 * half alike; of one title and person, a score (msg and diff
		 * weighed, whatever the dlr) at the title threshold.
		 */
		w = o->weight < 0 ? PASTA_WEIGHT : o->weight;
		if ((via & VIA_DATE) && !(v[C_MSG] >= o->date_content ||
		    v[C_DIFF] >= o->date_content))
			via &= ~VIA_DATE;
		if ((via & VIA_TITLE) && !(w * v[C_MSG] + (1 - w) * v[C_DIFF] >=
		    o->title_threshold && fdiff >= o->fdiff))
			via &= ~VIA_TITLE;
		/* Two versions of a patch still share much of their files, or of their hunks. */
		if ((via & VIA_VERSION) && !(fdiff >= o->fdiff || v[C_DIFF] >= o->date_content))
			via &= ~VIA_VERSION;
		/*
		 * So do a retitled version's, or its message is still one
		 * (a later version grown past its first).
		 */
		if ((via & VIA_RETITLE) && !(fdiff >= o->fdiff || v[C_DIFF] >= o->date_content ||
		    v[C_MSG] >= RETITLE_MSG))
			via &= ~VIA_RETITLE;
		/*
		 * A commit crediting the mail's author reworked it, if their
		 * hunks or files are still alike.
		 */
		if ((via & VIA_CREDIT) && !(fdiff >= o->fdiff || v[C_DIFF] >= o->credit_content))
			via &= ~VIA_CREDIT;
		/*
		 * Every id a pair names is a patch of the output, accepted or
		 * not.  patchsim writes the pairs of one left patch together.
		 */
		if (last == NONE || r->f[cl].len != lastlen ||
		    memcmp(r->f[cl].s, g->n[last].id, lastlen) != 0) {
			last = node_get(g, r->f[cl].s, r->f[cl].len);
			lastlen = r->f[cl].len;
		}
		li = last;
		ri = node_get(g, r->f[cr].s, r->f[cr].len);
		acc = content || (via & o->accept);
		if (!acc)
			continue;
		/*
		 * A pair taken by a retitle or a credit alone is ranked by its
		 * weighed score whatever its dlr (its score column may be 0).
		 */
		if (!content && !(via & o->accept & ~(VIA_FILES | VIA_RETITLE | VIA_CREDIT)))
			score = w * v[C_MSG] + (1 - w) * v[C_DIFF];
		st->accepted++;
		if (li == ri)
			continue;
		if (g->ne == g->cape) {
			g->cape = g->cape ? 2 * g->cape : 1024;
			g->e = xreallocarray(g->e, g->cape, sizeof *g->e);
		}
		g->e[g->ne].a = li;
		g->e[g->ne].b = ri;
		g->e[g->ne].score = (float)score;
		g->e[g->ne].via = (uint16_t)(via & (o->accept | VIA_FILES));
		g->e[g->ne++].content = (unsigned char)content;
	}
	if (r->nbad && rc == 0)
		rc = -1;
	return rc;
}

/* The via names of bits, as patchsim writes them, interned. */
static const char *
via_string(struct graph *g, int via)
{
	struct buf b = BUF_INIT;
	const char *s;

	via_add(&b, via);
	s = intern(&g->pool, b.p ? b.p : "", b.len);
	buf_free(&b);
	return s;
}

/*
 * How strongly an edge says its ends are one patch: a named upstream
 * commit, a link, the same content or a mail's date kept as a commit's
 * author date before any score; a retitled version or a crediting commit
 * after every other.
 */
static int
strength(const struct edge *e)
{
	if (e->via & (VIA_SAME | VIA_DATE))
		return 2;
	/*
	 * A retitled version or a crediting commit, and nothing else: the
	 * weakest, joining only what nothing better claimed.
	 */
	if (!e->content && !(e->via & ~(VIA_FILES | VIA_RETITLE | VIA_CREDIT)))
		return 0;
	return 1;
}

/* Is edge x ranked before edge y: stronger, higher score, then by ids. */
static const struct graph *rank_g;

static int
cmp_edge(const void *px, const void *py)
{
	const struct edge *x = px, *y = py;
	int c;

	if (strength(x) != strength(y))
		return strength(y) - strength(x);
	if (x->score != y->score)
		return x->score > y->score ? -1 : 1;
	if ((c = strcmp(rank_g->n[x->a].id, rank_g->n[y->a].id)) != 0)
		return c;
	if ((c = strcmp(rank_g->n[x->b].id, rank_g->n[y->b].id)) != 0)
		return c;
	return (int)x->via - (int)y->via;
}

/* Record edge e as the reason its ends are together. */
static void
offer_edge(struct graph *g, const struct edge *e)
{
	const char *via = via_string(g, e->via);

	offer(g, e->a, e->b, e->score, via);
	offer(g, e->b, e->a, e->score, via);
}

/* Would joining the clusters of roots a and b put two parts of one posting together? */
static int
parts_clash(const struct graph *g, uint32_t a, uint32_t b)
{
	const struct node *x = &g->n[a], *y = &g->n[b];

	for (uint32_t i = 0; i < x->nkeys; i++)
		for (uint32_t j = 0; j < y->nkeys; j++)
			if (x->keys[i].thread == y->keys[j].thread &&
			    x->keys[i].version == y->keys[j].version &&
			    x->keys[i].part != y->keys[j].part)
				return 1;
	return 0;
}

/* Join the clusters of a and b, their commits and their parts. */
static void
join(struct graph *g, uint32_t a, uint32_t b)
{
	uint32_t ra = find(g, a), rb = find(g, b), r;
	struct node *x, *y;

	if (ra == rb)
		return;
	unite(g, ra, rb);
	r = find(g, ra);
	x = &g->n[r];
	y = &g->n[r == ra ? rb : ra];
	x->hascommit |= y->hascommit;
	if (y->nkeys) {
		x->keys = xreallocarray(x->keys, x->nkeys + y->nkeys, sizeof *x->keys);
		memcpy(x->keys + x->nkeys, y->keys, y->nkeys * sizeof *y->keys);
		x->nkeys += y->nkeys;
		free(y->keys);
		y->keys = NULL;
		y->nkeys = 0;
	}
}

/*
 * Make the clusters from the kept edges (method section 4, without the
 * chains PaStA's connected components make):
 *
 * 1. two commits join only when they are the same change: one names the
 *    other as upstream, the same content, or a link;
 * 2. a mail joins the one commit it matches best: strongest evidence,
 *    then highest score;
 * 3. mails join each other (versions, resends) strongest and best first,
 *    but never two clusters that each hold a commit, nor two parts of
 *    one posting ([PATCH v2 1/3] and [PATCH v2 2/3] are two patches);
 * 4. a mail whose cluster holds no commit joins the commit that credits
 *    its author best (a maintainer's rework), on the same terms.
 *
 * Pairs taken by a retitle or a credit alone rank after every other.
 *
 * With --chain, every kept edge joins its ends, as PaStA's connected
 * components do.
 */
static void
build_clusters(struct graph *g, const struct opts *o)
{
	struct edge *e = g->e;
	size_t n = g->ne;

	rank_g = g;
	if (n)
		qsort(e, n, sizeof *e, cmp_edge);
	if (o->chain) {
		for (size_t i = 0; i < n; i++) {
			join(g, e[i].a, e[i].b);
			offer_edge(g, &e[i]);
		}
		return;
	}
	for (uint32_t i = 0; i < g->len; i++) {
		struct node *x = &g->n[i];

		if (x->kind == COMMIT) {
			g->n[find(g, i)].hascommit = 1;
		} else if (x->total > 1 && *x->thread) {
			uint32_t r = find(g, i);
			struct node *y = &g->n[r];

			y->keys = xreallocarray(y->keys, y->nkeys + 1, sizeof *y->keys);
			y->keys[y->nkeys].thread = x->thread;
			y->keys[y->nkeys].version = x->version;
			y->keys[y->nkeys++].part = x->part;
		}
	}
	/* 1: commits that are the same change. */
	for (size_t i = 0; i < n; i++)
		if (g->n[e[i].a].kind == COMMIT && g->n[e[i].b].kind == COMMIT &&
		    (e[i].via & VIA_SAME)) {
			join(g, e[i].a, e[i].b);
			offer_edge(g, &e[i]);
		}
	/*
	 * 2: each mail's best commit, the first in rank order: of the main
	 * line, else of a side branch (a copy there, rebased or not, is no
	 * reason to leave the commit that was merged).
	 */
	for (int side = 0; side < 2; side++)
		for (size_t i = 0; i < n; i++) {
			uint32_t m, c;

			if (g->n[e[i].a].kind == g->n[e[i].b].kind)
				continue;
			m = g->n[e[i].a].kind == MAIL ? e[i].a : e[i].b;
			c = m == e[i].a ? e[i].b : e[i].a;
			if (g->n[c].side == side && g->n[m].best == NONE && strength(&e[i]))
				g->n[m].best = (uint32_t)i;
		}
	for (uint32_t i = 0; i < g->len; i++)
		if (g->n[i].kind == MAIL && g->n[i].best != NONE) {
			const struct edge *b = &e[g->n[i].best];

			join(g, b->a, b->b);
			offer_edge(g, b);
		}
	/* 3: mails with mails. */
	for (size_t i = 0; i < n; i++) {
		uint32_t ra, rb;

		if (g->n[e[i].a].kind != MAIL || g->n[e[i].b].kind != MAIL)
			continue;
		ra = find(g, e[i].a);
		rb = find(g, e[i].b);
		if (ra == rb) {
			offer_edge(g, &e[i]);
			continue;
		}
		if ((g->n[ra].hascommit && g->n[rb].hascommit) || parts_clash(g, ra, rb))
			continue;
		join(g, ra, rb);
		offer_edge(g, &e[i]);
	}
	/*
	 * 4: a commit that credits a mail's author (a rework), for a mail
	 * whose cluster has none yet: the best first, the main line's
	 * before a side branch's.
	 */
	for (int side = 0; side < 2; side++)
		for (size_t i = 0; i < n; i++) {
			uint32_t m, c, rm, rc;

			if (g->n[e[i].a].kind == g->n[e[i].b].kind || strength(&e[i]))
				continue;
			m = g->n[e[i].a].kind == MAIL ? e[i].a : e[i].b;
			c = m == e[i].a ? e[i].b : e[i].a;
			if (g->n[c].side != side)
				continue;
			rm = find(g, m);
			rc = find(g, c);
			if (rm == rc || g->n[rm].hascommit || parts_clash(g, rm, rc))
				continue;
			join(g, rm, rc);
			offer_edge(g, &e[i]);
		}
}


static const char *
opt_field(struct graph *g, const struct tsv_reader *r, int c, int pooled)
{
	if (c < 0 || !r->f[c].len)
		return "";
	return pooled ? intern(&g->pool, r->f[c].s, r->f[c].len) :
	    arena_strndup(&g->mem, r->f[c].s, r->f[c].len);
}

/*
 * Read a patch table: every id a node, its attributes from the first row;
 * 0, -1 on bad rows, -2 when the table could not be read to its end.
 */
static int
read_patches(struct graph *g, struct tsv_reader *r)
{
	int cid, ckind, cdate, cauthor, ctype, clist, ctitle, got, rc = 0;
	int cthread, cversion, cpart, ctotal, cflags;

	cid = tsv_need(r, "id");
	ckind = tsv_need(r, "kind");
	cdate = tsv_col(r, "date");
	cauthor = tsv_col(r, "author");
	ctype = tsv_col(r, "type");
	clist = tsv_col(r, "list");
	ctitle = tsv_col(r, "title");
	cthread = tsv_col(r, "thread");
	cversion = tsv_col(r, "version");
	cpart = tsv_col(r, "part");
	ctotal = tsv_col(r, "total");
	cflags = tsv_col(r, "flags");
	/* The bulk of a patch table, which clustering does not read. */
	tsv_skip(r, "msg");
	tsv_skip(r, "hunks");
	tsv_skip(r, "files");
	while ((got = tsv_read(r)) != 0) {
		struct node *x;
		uint32_t i;
		int kind;

		if (got == -2) {
			rc = -2;
			break;
		}
		if (got < 0)
			continue;
		if (!r->f[cid].len) {
			warnx("%s:%lu: column 'id': empty id", r->name, r->lineno);
			r->nbad++;
			continue;
		}
		if (strcmp(r->f[ckind].s, "mail") == 0) {
			kind = MAIL;
		} else if (strcmp(r->f[ckind].s, "commit") == 0) {
			kind = COMMIT;
		} else {
			warnx("%s:%lu: column 'kind': neither mail nor commit",
			    r->name, r->lineno);
			r->nbad++;
			continue;
		}
		i = node_get(g, r->f[cid].s, r->f[cid].len);
		x = &g->n[i];
		if (x->known == FROM_TABLE) {
			if (!x->repeated) {
				x->repeated = 1;
				g->repeated++;
			}
			continue;
		}
		x->known = FROM_TABLE;
		x->kind = (unsigned char)kind;
		x->date = opt_field(g, r, cdate, 0);
		x->author = opt_field(g, r, cauthor, 1);
		x->type = opt_field(g, r, ctype, 1);
		x->list = opt_field(g, r, clist, 1);
		x->title = opt_field(g, r, ctitle, 0);
		x->thread = opt_field(g, r, cthread, 1);
		x->version = tsv_count(r, cversion);
		x->part = tsv_count(r, cpart);
		x->total = tsv_count(r, ctotal);
		x->side = cflags >= 0 && has_word(r->f[cflags].s, r->f[cflags].len, "side");
	}
	if (r->nbad && rc == 0)
		rc = -1;
	return rc;
}

/* One good line of a patch-groups file (groups.h): its members are joined. */
static void
group_line(void *arg, const struct groups_member *m, size_t n)
{
	struct graph *g = arg;
	uint32_t first = NONE;

	for (size_t k = 0; k < n; k++) {
		uint32_t i = node_get(g, m[k].id, m[k].len);
		struct node *x = &g->n[i];

		if (x->known < FROM_GROUPS) {
			x->known = FROM_GROUPS;
			x->kind = m[k].commit ? COMMIT : MAIL;
		}
		if (first == NONE) {
			first = i;
		} else if (i != first) {
			unite(g, first, i);
			g->n[first].grouped = g->n[i].grouped = 1;
		}
	}
}

static int
read_groups(struct graph *g, const char *path)
{
	return groups_read(path, group_line, g, NULL);
}

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
static int sort_by_id;          /* members by kind and id only (-g) */

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
static unsigned long
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

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: ptcluster [-HqvV] [-t threshold] [-w weight] [-d dlr] [-a via,...]\n"
	    "                 [--fdiff fdiff] [--title-threshold s] [-D date-content]\n"
	    "                 [--credit-content c]\n"
	    "                 [--chain] [--pasta] [-G groups] [--groups] [file ...]\n");
}

static void
help(void)
{
	usage(stdout);
	fputs("\nCluster patches: read pairs (patchsim) and patch tables (patchtok),\n"
	    "in any order, and write one row per patch: cluster id kind date author\n"
	    "type list title mails commits peer score via.  A pair is accepted when\n"
	    "dlr >= D, score >= T and fdiff >= F, or when it was found by a kind\n"
	    "that -a names.  Two commits join only as the same change (hash,\n"
	    "upstream, link); a mail joins the commit it matches best; mails join\n"
	    "each other unless that puts two commits, or two parts of one posting,\n"
	    "in one cluster.\n\n"
	    "  -t, --threshold T     score that accepts a pair (default 0.82)\n"
	    "  -d, --dlr D           diff length ratio it needs (default 0.4)\n"
	    "      --fdiff F         whole-file ratio it needs (default 0.33)\n"
	    "  -w, --weight W        score = W * msg + (1 - W) * diff, recomputed\n"
	    "                        (default: the score column)\n"
	    "  -a, --accept LIST     via kinds accepted whatever the score (default\n"
	    "                        hash,upstream,link,date,title,version,repost,\n"
	    "                        retitle,credit; none)\n"
	    "      --title-threshold S  score a pair via title needs (default 0.6)\n"
	    "  -D, --date-content R  msg or diff a pair via date needs (default 0.5);\n"
	    "                        version and retitle: diff R or fdiff F\n"
	    "      --credit-content C  diff a pair via credit needs, or fdiff F\n"
	    "                        (default 0.5)\n"
	    "      --chain           join every accepted pair's ends (PaStA's\n"
	    "                        connected components)\n"
	    "      --pasta           PaStA's clusters: --chain and --fdiff 0, the\n"
	    "                        via kinds hash, upstream and link only (-a)\n"
	    "  -G, --read-groups F   join the members of each line of a PaStA\n"
	    "                        patch-groups file (repeatable)\n"
	    "      --groups          write patch-groups instead of TSV\n"
	    "  -H, --no-header       do not print the header line\n"
	    "  -q, --quiet           no notes on stderr (ids repeated in patch tables)\n"
	    "  -v, --verbose         a summary line on stderr (written anyway when\n"
	    "                        input was skipped)\n"
	    "  -V, --version         print the version and exit\n"
	    "  -h, --help            print this help and exit\n\n"
	    "With no file and no -G, standard input is read.  See ptcluster(1).\n",
	    stdout);
}

/* A reader's 0, -1 (bad rows) or -2 (unread input) into the exit status. */
static void
exit_of(int *rc, int read)
{
	pt_exit_raise(rc, read == 0 ? PT_EXIT_OK : read == -1 ? PT_EXIT_SKIPPED : PT_EXIT_FAILED);
}

int
main(int argc, char **argv)
{
	enum { O_FDIFF = 256, O_TITLE, O_CHAIN, O_PASTA, O_GROUPS, O_CREDIT };
	static const struct option longopts[] = {
		{ "threshold", required_argument, NULL, 't' },
		{ "dlr", required_argument, NULL, 'd' },
		{ "weight", required_argument, NULL, 'w' },
		{ "accept", required_argument, NULL, 'a' },
		{ "fdiff", required_argument, NULL, O_FDIFF },
		{ "title-threshold", required_argument, NULL, O_TITLE },
		{ "date-content", required_argument, NULL, 'D' },
		{ "credit-content", required_argument, NULL, O_CREDIT },
		{ "chain", no_argument, NULL, O_CHAIN },
		{ "pasta", no_argument, NULL, O_PASTA },
		{ "read-groups", required_argument, NULL, 'G' },
		{ "groups", no_argument, NULL, O_GROUPS },
		{ "no-header", no_argument, NULL, 'H' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct opts o = {
		.threshold = PASTA_THRESHOLD, .dlr = PASTA_DLR, .weight = -1, .fdiff = 0.33,
		.title_threshold = 0.6, .date_content = 0.5, .credit_content = 0.5,
		.accept = VIA_HASH | VIA_UPSTREAM | VIA_LINK | VIA_DATE | VIA_TITLE | VIA_VERSION |
		    VIA_REPOST | VIA_RETITLE | VIA_CREDIT,
	};
	struct graph g;
	struct stats st = { 0, 0 };
	const char **gfiles = NULL;
	size_t ngfiles = 0;
	unsigned long nclusters, ncommits, unwritable;
	int ch, header = 1, quiet = 0, verbose = 0, groups = 0, rc = PT_EXIT_OK;

	setprogname(argv[0]);
	while ((ch = getopt_long(argc, argv, "t:d:w:a:D:G:HqvVh", longopts, NULL)) != -1) {
		switch (ch) {
		case 't':
			if (parse_unit(optarg, &o.threshold)) {
				warnx("bad threshold '%s' (0 to 1)", optarg);
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case 'd':
			if (parse_unit(optarg, &o.dlr)) {
				warnx("bad diff length ratio '%s' (0 to 1)", optarg);
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case O_FDIFF:
			if (parse_unit(optarg, &o.fdiff)) {
				warnx("bad whole-file ratio '%s' (0 to 1)", optarg);
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case O_TITLE:
			if (parse_unit(optarg, &o.title_threshold)) {
				warnx("bad title threshold '%s' (0 to 1)", optarg);
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case O_CREDIT:
			if (parse_unit(optarg, &o.credit_content)) {
				warnx("bad credit content '%s' (0 to 1)", optarg);
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case 'D':
			if (parse_unit(optarg, &o.date_content)) {
				warnx("bad date content '%s' (0 to 1)", optarg);
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case O_CHAIN: o.chain = 1; break;
		case O_PASTA:
			o.chain = 1;
			o.fdiff = 0;
			o.accept = VIA_HASH | VIA_UPSTREAM | VIA_LINK;
			break;
		case 'w':
			if (parse_unit(optarg, &o.weight)) {
				warnx("bad weight '%s' (0 to 1)", optarg);
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case 'a':
			if (parse_accept(optarg, &o.accept)) {
				warnx("bad list of via kinds '%s' (files, hash, upstream, "
				    "link, date, version, title, repost, retitle, credit, "
				    "comma-separated, or none)", optarg);
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case 'G':
			gfiles = xreallocarray(gfiles, ngfiles + 1, sizeof *gfiles);
			gfiles[ngfiles++] = optarg;
			break;
		case O_GROUPS: groups = 1; break;
		case 'H': header = 0; break;
		case 'q': quiet = 1; verbose = 0; break;
		case 'v': verbose = 1; quiet = 0; break;
		case 'V': print_version(); return PT_EXIT_OK;
		case 'h': help(); return PT_EXIT_OK;
		default: usage(stderr); return PT_EXIT_FAILED;
		}
	}
	if (optind == argc && !ngfiles)
		argv[--optind] = "-";

	/*
	 * Bad rows or lines, named and left out: 1.  A file that cannot be
	 * read to its end, or is neither kind of table: 2, the clusters
	 * would lack it.
	 */
	memset(&g, 0, sizeof g);
	uf_init(&g.uf, 1);
	for (size_t k = 0; k < ngfiles; k++)
		exit_of(&rc, read_groups(&g, gfiles[k]));
	for (int i = optind; i < argc; i++) {
		struct tsv_reader r;
		enum table_kind kind;

		if (tsv_open(&r, argv[i]) < 0) {
			rc = PT_EXIT_FAILED;
			continue;
		}
		if (r.empty) {
			tsv_close(&r);
			continue;
		}
		kind = table_kind(&r);
		if (kind == TABLE_PAIRS) {
			exit_of(&rc, read_pairs(&g, &r, &o, &st));
		} else if (kind == TABLE_PATCHES || kind == TABLE_CLUSTERS) {
			/* A clusters table holds the patch table's id and kind. */
			exit_of(&rc, read_patches(&g, &r));
		} else {
			warnx("%s: neither a pairs table (left, right, score) nor a "
			    "patch table (id, kind)", r.name);
			rc = PT_EXIT_FAILED;
		}
		tsv_close(&r);
	}

	build_clusters(&g, &o);
	unwritable = write_clusters(&g, groups, header, &nclusters, &ncommits);
	if (unwritable) {
		warnx("%lu ids with white space left out of the patch-groups output",
		    unwritable);
		pt_exit_raise(&rc, PT_EXIT_SKIPPED);
	}
	if (g.repeated && !quiet)
		warnx("%lu ids repeated in patch tables (first kept)", g.repeated);
	/* Quiet on success; a run that skipped input says what it made. */
	if (verbose || rc != PT_EXIT_OK)
		warnx("%lu patches, %lu pairs read, %lu accepted, %lu clusters "
		    "(%lu with commits)", (unsigned long)g.len, st.pairs, st.accepted,
		    nclusters, ncommits);
	free(gfiles);
	for (uint32_t i = 0; i < g.len; i++)
		free(g.n[i].keys);
	free(g.e);
	free(g.n);
	hmap_free(&g.byid);
	uf_free(&g.uf);
	arena_free(&g.mem);
	strpool_free(&g.pool);
	close_stdout();
	return rc;
}
