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
 *
 * This file reads the options and the inputs, in order, and drives the
 * clustering (cluster.c) and the output (write.c).
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "pasta.h"
#include "ptcluster.h"
#include "tables.h"
#include "tsv.h"
#include "uf.h"
#include "util.h"
#include "via.h"

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
	printf("\nCluster patches: read pairs (patchsim) and patch tables (patchtok),\n"
	    "in any order, and write one row per patch: cluster id kind date author\n"
	    "type list title mails commits peer score via.  A pair is accepted when\n"
	    "dlr >= D, score >= T and fdiff >= F, or when it was found by a kind\n"
	    "that -a names.  Two commits join only as the same change (hash,\n"
	    "upstream, link); a mail joins the commit it matches best; mails join\n"
	    "each other unless that puts two commits, or two parts of one posting,\n"
	    "in one cluster.\n\n"
	    "  -t, --threshold T     score that accepts a pair (default %g)\n"
	    "  -d, --dlr D           the least diff length ratio a pair needs: below\n"
	    "                        it, its score does not count (default %g)\n"
	    "      --fdiff F         whole-file ratio it needs (default 0.33)\n"
	    "  -w, --weight W        the message's weight in the score: score = W *\n"
	    "                        msg + (1 - W) * diff, recomputed (default: the\n"
	    "                        score column)\n"
	    "  -a, --accept LIST     via kinds accepted whatever the score (default\n"
	    "                        hash,upstream,link,date,title,version,repost,\n"
	    "                        retitle,credit,contained; none)\n"
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
	    "  -q, --quiet           nothing on stderr but errors and what input was\n"
	    "                        skipped (cancels -v): no notes (ids repeated in\n"
	    "                        patch tables)\n"
	    "  -v, --verbose         a summary line on stderr (written anyway when\n"
	    "                        input was skipped)\n"
	    "  -V, --version         print the version and exit\n"
	    "  -h, --help            print this help and exit\n\n"
	    "With no file and no -G, standard input is read.  See ptcluster(1).\n",
	    PASTA_THRESHOLD, PASTA_DLR);
}

/* A reader's 0, -1 (bad rows) or -2 (unread input) into the exit status. */
static void
exit_of(int *rc, int read)
{
	pt_exit_raise(rc, read == 0 ? PT_EXIT_OK : read == -1 ? PT_EXIT_SKIPPED : PT_EXIT_FAILED);
}

/* What the command line asks beside the clustering's options. */
struct cmdline {
	const char **gfiles;    /* -G: patch-groups files to read first */
	size_t ngfiles;
	int header, quiet, verbose, groups;
};

/*
 * Read the options into o and c: -1 to go on, or the exit status (after
 * --help, --version, or a message).
 */
static int
parse_options(int argc, char **argv, struct opts *o, struct cmdline *c)
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
	int ch;

	while ((ch = getopt_long(argc, argv, "t:d:w:a:D:G:HqvVh", longopts, NULL)) != -1) {
		switch (ch) {
		case 't':
			if (parse_unit(optarg, &o->threshold)) {
				warnx("bad threshold '%s' (0 to 1)", optarg);
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case 'd':
			if (parse_unit(optarg, &o->dlr)) {
				warnx("bad diff length ratio '%s' (0 to 1)", optarg);
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case O_FDIFF:
			if (parse_unit(optarg, &o->fdiff)) {
				warnx("bad whole-file ratio '%s' (0 to 1)", optarg);
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case O_TITLE:
			if (parse_unit(optarg, &o->title_threshold)) {
				warnx("bad title threshold '%s' (0 to 1)", optarg);
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case O_CREDIT:
			if (parse_unit(optarg, &o->credit_content)) {
				warnx("bad credit content '%s' (0 to 1)", optarg);
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case 'D':
			if (parse_unit(optarg, &o->date_content)) {
				warnx("bad date content '%s' (0 to 1)", optarg);
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case O_CHAIN: o->chain = 1; break;
		case O_PASTA:
			o->chain = 1;
			o->fdiff = 0;
			o->accept = VIA_HASH | VIA_UPSTREAM | VIA_LINK;
			break;
		case 'w':
			if (parse_unit(optarg, &o->weight)) {
				warnx("bad weight '%s' (0 to 1)", optarg);
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case 'a':
			if (parse_accept(optarg, &o->accept)) {
				warnx("bad list of via kinds '%s' (files, hash, upstream, "
				    "link, date, version, title, repost, retitle, credit, contained, "
				    "comma-separated, or none)", optarg);
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case 'G':
			c->gfiles = xreallocarray(c->gfiles, c->ngfiles + 1, sizeof *c->gfiles);
			c->gfiles[c->ngfiles++] = optarg;
			break;
		case O_GROUPS: c->groups = 1; break;
		case 'H': c->header = 0; break;
		case 'q': c->quiet = 1; c->verbose = 0; break;
		case 'v': c->verbose = 1; c->quiet = 0; break;
		case 'V': print_version(); return PT_EXIT_OK;
		case 'h': help(); return PT_EXIT_OK;
		default: usage(stderr); return PT_EXIT_FAILED;
		}
	}
	return -1;
}

int
main(int argc, char **argv)
{
	struct opts o = {
		.threshold = PASTA_THRESHOLD, .dlr = PASTA_DLR, .weight = -1, .fdiff = 0.33,
		.title_threshold = 0.6, .date_content = 0.5, .credit_content = 0.5,
		.accept = VIA_HASH | VIA_UPSTREAM | VIA_LINK | VIA_DATE | VIA_TITLE | VIA_VERSION |
		    VIA_REPOST | VIA_RETITLE | VIA_CREDIT | VIA_CONTAINED,
	};
	struct cmdline c = { NULL, 0, 1, 0, 0, 0 };
	struct graph g;
	struct stats st = { 0, 0 };
	unsigned long nclusters, ncommits, unwritable;
	int rc = PT_EXIT_OK;

	setprogname(argv[0]);
	if ((rc = parse_options(argc, argv, &o, &c)) >= 0)
		return rc;
	rc = PT_EXIT_OK;
	if (optind == argc && !c.ngfiles)
		argv[--optind] = "-";

	/*
	 * Bad rows or lines, named and left out: 1.  A file that cannot be
	 * read to its end, or is neither kind of table: 2, the clusters
	 * would lack it.
	 */
	memset(&g, 0, sizeof g);
	uf_init(&g.uf, 1);
	for (size_t k = 0; k < c.ngfiles; k++)
		exit_of(&rc, read_groups(&g, c.gfiles[k]));
	for (int i = optind; i < argc; i++) {
		struct tsv_reader r;
		enum table_kind kind;

		if (!tsv_open_operand(&r, argv[i], &rc))
			continue;
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
	unwritable = write_clusters(&g, c.groups, c.header, &nclusters, &ncommits);
	if (unwritable) {
		warnx("%lu ids with white space left out of the patch-groups output",
		    unwritable);
		pt_exit_raise(&rc, PT_EXIT_SKIPPED);
	}
	if (g.repeated && !c.quiet)
		warnx("%lu ids repeated in patch tables (first kept)", g.repeated);
	/* Quiet on success; a run that skipped input says what it made. */
	if (c.verbose || rc != PT_EXIT_OK)
		warnx("%lu patches, %lu pairs read, %lu accepted, %lu clusters "
		    "(%lu with commits)", (unsigned long)g.len, st.pairs, st.accepted,
		    nclusters, ncommits);
	free(c.gfiles);
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
