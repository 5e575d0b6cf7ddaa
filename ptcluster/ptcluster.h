/*
 * ptcluster.h - what ptcluster's parts share: the graph of patches and
 * accepted pairs (graph.c), read from the inputs (read.c), made into
 * clusters (cluster.c) and written (write.c).
 */
#ifndef PTCLUSTER_PTCLUSTER_H
#define PTCLUSTER_PTCLUSTER_H

#include <stddef.h>
#include <stdint.h>

#include "hash.h"
#include "tsv.h"
#include "uf.h"

enum { MAIL, COMMIT };

/* How a patch's kind is known, weakest first: a later, stronger source wins. */
enum { FROM_GUESS, FROM_GROUPS, FROM_TABLE };

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

/* graph.c */
uint32_t node_get(struct graph *g, const char *s, size_t n);
uint32_t find(struct graph *g, uint32_t i);
void unite(struct graph *g, uint32_t a, uint32_t b);

/* read.c */
int read_pairs(struct graph *g, struct tsv_reader *r, const struct opts *o,
    struct stats *st);
int read_patches(struct graph *g, struct tsv_reader *r);
int read_groups(struct graph *g, const char *path);

/* cluster.c */
void build_clusters(struct graph *g, const struct opts *o);

/* write.c */
unsigned long write_clusters(struct graph *g, int groups, int header,
    unsigned long *nclusters, unsigned long *ncommits);

#endif
