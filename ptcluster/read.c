/*
 * read.c - reading the inputs: pairs tables (patchsim), kept as edges
 * when some rule may accept them; patch tables (patchtok), the patches'
 * kinds and attributes; PaStA's patch-groups files, their lines joined.
 */
#define _POSIX_C_SOURCE 200809L
#include <string.h>

#include "groups.h"
#include "pasta.h"
#include "ptcluster.h"
#include "tables.h"
#include "text.h"
#include "util.h"
#include "via.h"
#include "vocab.h"

/* A retitled version's message this alike is one whatever its diff. */
#define RETITLE_MSG 0.8

/*
 * Read a pairs table: the pairs some rule may accept are kept as edges
 * (the clusters are made once every table is read, when the kinds of
 * all patches are known); 0, -1 on bad rows (named, left out), -2 when
 * the table could not be read to its end.
 */
int
read_pairs(struct graph *g, struct tsv_reader *r, const struct opts *o,
    struct stats *st)
{
	/* The numbers a row needs: with -w, msg and diff instead of score. */
	enum { C_DLR, C_SCORE, C_MSG, C_DIFF, NNUM };
	static const char *const numname[NNUM] = { COL_DLR, COL_SCORE, COL_MSG, COL_DIFF };
	int cl, cr, cvia, cfdiff, cnum[NNUM], got, rc = 0;
	uint32_t last = NONE;
	size_t lastlen = 0;

	cl = table_need(r, TABLE_PAIRS, COL_LEFT);
	cr = table_need(r, TABLE_PAIRS, COL_RIGHT);
	cnum[C_DLR] = table_need(r, TABLE_PAIRS, COL_DLR);
	cnum[C_SCORE] = o->weight >= 0 ? -1 : table_need(r, TABLE_PAIRS, COL_SCORE);
	/* msg and diff judge pairs found by their metadata; -w needs them. */
	cnum[C_MSG] = (o->weight >= 0 ? table_need : table_col)(r, TABLE_PAIRS, COL_MSG);
	cnum[C_DIFF] = (o->weight >= 0 ? table_need : table_col)(r, TABLE_PAIRS, COL_DIFF);
	cvia = table_col(r, TABLE_PAIRS, COL_VIA);
	/* Another scorer's table may not have it: then no pair is vetoed. */
	cfdiff = table_col(r, TABLE_PAIRS, COL_FDIFF);
	while ((got = tsv_next(r)) > 0) {
		double v[NNUM] = { 0, 0, 0, 0 }, score, fdiff = 1, w;
		uint32_t li, ri;
		int k, via, content, acc;

		if (!r->f[cl].len || !r->f[cr].len) {
			warnx("%s:%lu: column '%s': empty id", r->name, r->lineno,
			    r->f[cl].len ? COL_RIGHT : COL_LEFT);
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
		/*
		 * Or, on a file of both, its message is still one: a patch
		 * cut down when applied.
		 */
		if ((via & VIA_TITLE) && !(w * v[C_MSG] + (1 - w) * v[C_DIFF] >=
		    o->title_threshold && fdiff >= o->fdiff) &&
		    !((via & VIA_FILES) && v[C_MSG] >= RETITLE_MSG))
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
		 * A pair taken by a retitle, a credit or a containing commit
		 * alone is ranked by its weighed score whatever its dlr (its
		 * score column may be 0).
		 */
		if (!content && !(via & o->accept & ~(VIA_FILES | VIA_RETITLE | VIA_CREDIT |
		    VIA_CONTAINED)))
			score = w * v[C_MSG] + (1 - w) * v[C_DIFF];
		st->accepted++;
		if (li == ri)
			continue;
		g->e = xgrow(g->e, &g->cape, g->ne, 1024, sizeof *g->e);
		g->e[g->ne].a = li;
		g->e[g->ne].b = ri;
		g->e[g->ne].score = (float)score;
		g->e[g->ne].via = (uint16_t)(via & (o->accept | VIA_FILES));
		g->e[g->ne++].content = (unsigned char)content;
	}
	if (got < 0)
		rc = -2;
	if (r->nbad && rc == 0)
		rc = -1;
	return rc;
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
int
read_patches(struct graph *g, struct tsv_reader *r)
{
	/* The attributes a node takes, each from a column the table may lack. */
	enum { DATE, AUTHOR, TYPE, LIST, TITLE, THREAD, VERSION, PART, TOTAL, FLAGS, NATTR };
	static const char *const attrname[NATTR] = {
		COL_DATE, COL_AUTHOR, COL_TYPE, COL_LIST, COL_TITLE, COL_THREAD,
		COL_VERSION, COL_PART, COL_TOTAL, COL_FLAGS,
	};
	int cid, ckind, c[NATTR], got, rc = 0;

	cid = table_need(r, TABLE_PATCHES, COL_ID);
	ckind = table_need(r, TABLE_PATCHES, COL_KIND);
	for (int k = 0; k < NATTR; k++)
		c[k] = table_col(r, TABLE_PATCHES, attrname[k]);
	/* The bulk of a patch table, which clustering does not read. */
	table_skip(r, TABLE_PATCHES, COL_MSG);
	table_skip(r, TABLE_PATCHES, COL_HUNKS);
	table_skip(r, TABLE_PATCHES, COL_FILES);
	while ((got = tsv_next(r)) > 0) {
		struct node *x;
		uint32_t i;
		int kind;

		if (!r->f[cid].len) {
			warnx("%s:%lu: column 'id': empty id", r->name, r->lineno);
			r->nbad++;
			continue;
		}
		if (strcmp(r->f[ckind].s, KIND_MAIL) == 0) {
			kind = MAIL;
		} else if (strcmp(r->f[ckind].s, KIND_COMMIT) == 0) {
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
		x->date = opt_field(g, r, c[DATE], 0);
		x->author = opt_field(g, r, c[AUTHOR], 1);
		x->type = opt_field(g, r, c[TYPE], 1);
		x->list = opt_field(g, r, c[LIST], 1);
		x->title = opt_field(g, r, c[TITLE], 0);
		x->thread = opt_field(g, r, c[THREAD], 1);
		x->version = tsv_count(r, c[VERSION]);
		x->part = tsv_count(r, c[PART]);
		x->total = tsv_count(r, c[TOTAL]);
		x->side = c[FLAGS] >= 0 &&
		    has_word(r->f[c[FLAGS]].s, r->f[c[FLAGS]].len, FLAG_SIDE);
	}
	if (got < 0)
		rc = -2;
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

int
read_groups(struct graph *g, const char *path)
{
	return groups_read(path, group_line, g, NULL);
}
