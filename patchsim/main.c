/*
 * patchsim - score candidate pairs of patches, after PaStA's method.
 *
 *   patchsim [options] LEFT RIGHT     each left patch against the right ones
 *   patchsim [options] --self TABLE   a table against itself, each pair once
 *
 * Both inputs are patchtok tables.  Candidates come from an inverted
 * index of file names (never from all pairs), optionally a date window,
 * exact content hashes and named upstream commits; each candidate gets
 * dlr, msg, diff and score = w * msg + (1 - w) * diff (method section 3),
 * and those at or above --floor are written as one row each:
 * left right msg diff dlr score fdiff via.
 *
 * This file reads the options and drives the run: the tables loaded
 * (load.c), the right one indexed (index.c), the left rows scored by
 * threads (score.c) and their pairs written in order.
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "opool.h"
#include "pasta.h"
#include "patchsim.h"
#include "progress.h"
#include "ratio.h"
#include "tables.h"
#include "util.h"

/*
 * The left rows of a shard are scored by the threads in any order and
 * written in order (opool.h): at most WINDOW rows are in flight, so one
 * slow row (two versions of a big driver) holds up neither the other
 * threads nor memory.  A thread waiting for a ratio another computes
 * scores rows further on meanwhile (opool_help), as far as the window
 * reaches: a window this wide leaves next to no waiting for such
 * ratios, and the rows' pairs held meanwhile are a few hundred bytes
 * each.
 */
#define WINDOW 8192

/* How many rows deep a thread waiting for a ratio scores others (struct job). */
#define HELP_DEPTH 8

/* A left row in flight: its index, then its pairs. */
struct lslot {
	uint32_t row;
	struct buf out;
};

/* What the writer keeps: the jobs (one a thread), the count and the bar. */
struct writer {
	struct opool_array jobs;        /* first: the workers' states (opool.h) */
	unsigned long written;
	size_t rows;
	struct progress *pr;
};

static void
pool_work(void *arg, void *state, void *slot)
{
	struct lslot *l = slot;

	score_left(state, l->row, &l->out);
}

/* A slot's pairs buffer past this size is given back once written. */
#define OUT_KEEP ((size_t)4 << 10)

static void
pool_emit(void *arg, void *slot)
{
	struct writer *w = arg;
	struct buf *b = &((struct lslot *)slot)->out;

	if (b->len && fwrite(b->p, 1, b->len, stdout) != b->len)
		die("error writing output:");
	for (size_t q = 0; q < b->len; q++)
		w->written += b->p[q] == '\n';
	/* A row of many pairs does not leave its slot that big (WINDOW slots). */
	buf_shrink(b, OUT_KEEP);
	progress_update(w->pr, ++w->rows);
}

static void
pool_slot_free(void *slot)
{
	buf_free(&((struct lslot *)slot)->out);
}

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: patchsim [-HqvV] [-j jobs] [-w weight] [-d dlr] [-F floor]\n"
	    "                [--window days] [--shard K/N] [--links] [--heading-ratio r]\n"
	    "                [--file-penalty] [--version-window days] [--contain share]\n"
	    "                [--plain-lcs] left right\n"
	    "       patchsim [options] --self table\n");
}

static void
help(void)
{
	usage(stdout);
	printf("\nScore candidate pairs of patches (patchtok tables), after PaStA:\n"
	    "score = w * msg + (1 - w) * diff, 0 when dlr is below -d.\n"
	    "Candidates share a file name, an exact content hash, or a named\n"
	    "upstream commit; never all pairs.\n\n"
	    "  -w, --weight W        the message's weight in the score (default %g)\n"
	    "  -d, --dlr R           the least diff length ratio a pair needs: below\n"
	    "                        it, the pair scores 0 (default %g)\n"
	    "  -F, --floor S         write pairs scoring at least S (default 0.5);\n"
	    "                        pairs found by hash, upstream or link, or with\n"
	    "                        the evidence below, always.  Its old\n"
	    "                        spellings, -t, --threshold and --min-score,\n"
	    "                        still work for now, with a note\n"
	    "      --window DAYS     only pairs whose dates are at most DAYS apart\n"
	    "      --shard K/N       do the K-th of N shares of the left rows\n"
	    "  -j, --jobs N          threads (default: the number of CPUs)\n"
	    "      --self            one table against itself, each pair once\n"
	    "      --links           also pair by Link:/Message-Id: trailers (off\n"
	    "                        when the result is evaluated against them)\n"
	    "      --heading-ratio R hunks pair when their headings' ratio is at\n"
	    "                        least R (default 1: the same heading)\n"
	    "      --file-penalty    files of the left patch the right one lacks\n"
	    "                        count as 0 in the diff score\n"
	    "      --version-window D  two mails are versions of a patch only if at\n"
	    "                        most D days apart (default 365)\n"
	    "      --contain S       a mail and a commit of one person (or one\n"
	    "                        crediting him) are one patch when S of the\n"
	    "                        smaller's runs of added words are in the other,\n"
	    "                        whatever their files (default %g; 0: never)\n"
	    "      --plain-lcs       every LCS the plain bit-parallel way, nothing\n"
	    "                        remembered: slower, the same output (for tests\n"
	    "                        and benchmarks)\n"
	    "  -H, --no-header       do not print the header line\n"
	    "  -q, --quiet           nothing on stderr but errors and what input was\n"
	    "                        skipped (cancels -v); the default: patchsim\n"
	    "                        has no other notes\n"
	    "  -v, --verbose         a summary line on stderr (written anyway when\n"
	    "                        rows were skipped)\n"
	    "  -V, --version         print the version and exit\n"
	    "  -h, --help            print this help and exit\n\n"
	    "Pairs with metadata evidence are written whatever their score: via\n"
	    "date (a mail and a commit of one author date), title (a mail and a\n"
	    "commit by one person under the same title), version (two mails by\n"
	    "one person under the same title, or one in the other's thread),\n"
	    "repost (the same title of four words or more), retitle (one person,\n"
	    "titles alike after their prefixes), credit (a commit whose credits\n"
	    "column, patchtok's, names the mail's author), contained (--contain).\n"
	    "A mail of type reply is scored by its diff alone.\n\n"
	    "Columns: left right msg diff dlr score fdiff via.  See patchsim(1).\n",
	    PASTA_WEIGHT, PASTA_DLR, CONTAIN_SHARE);
}

/*
 * An option's old spelling, still read for one release: a note naming
 * the new one.
 */
static void
old_spelling(const char *old, const char *now)
{
	warnx("%s is now %s; %s will go", old, now, old);
}

/*
 * Read the options into o, *header and *verbose: -1 to go on, or the
 * exit status (after --help, --version, or a message).
 */
static int
parse_options(int argc, char **argv, struct opts *o, int *header, int *verbose)
{
	enum { O_SELF = 256, O_LINKS, O_HRATIO, O_PENALTY, O_VWINDOW, O_PLAIN, O_WINDOW,
	    O_SHARD, O_THRESHOLD, O_MINSCORE, O_CONTAIN };
	static const struct option longopts[] = {
		{ "weight", required_argument, NULL, 'w' },
		{ "dlr", required_argument, NULL, 'd' },
		{ "floor", required_argument, NULL, 'F' },
		{ "threshold", required_argument, NULL, O_THRESHOLD },
		{ "min-score", required_argument, NULL, O_MINSCORE },
		{ "window", required_argument, NULL, O_WINDOW },
		{ "shard", required_argument, NULL, O_SHARD },
		{ "jobs", required_argument, NULL, 'j' },
		{ "self", no_argument, NULL, O_SELF },
		{ "links", no_argument, NULL, O_LINKS },
		{ "heading-ratio", required_argument, NULL, O_HRATIO },
		{ "file-penalty", no_argument, NULL, O_PENALTY },
		{ "version-window", required_argument, NULL, O_VWINDOW },
		{ "contain", required_argument, NULL, O_CONTAIN },
		{ "plain-lcs", no_argument, NULL, O_PLAIN },
		{ "no-header", no_argument, NULL, 'H' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int ch;

	while ((ch = getopt_long(argc, argv, "w:d:F:t:j:HqvVh", longopts, NULL)) != -1) {
		switch (ch) {
		case 'w':
			if (parse_unit(optarg, &o->weight)) {
				warnx("bad weight '%s' (0 to 1)", optarg);
				return PT_EXIT_FAILED;
			}
			break;
		case 'd':
			if (parse_unit(optarg, &o->dlr)) {
				warnx("bad diff length ratio '%s' (0 to 1)", optarg);
				return PT_EXIT_FAILED;
			}
			break;
		case 't':
		case O_THRESHOLD:
		case O_MINSCORE:
			old_spelling(ch == 't' ? "-t" : ch == O_THRESHOLD ? "--threshold" :
			    "--min-score", ch == 't' ? "-F (--floor)" : "--floor (-F)");
			/* FALLTHROUGH */
		case 'F':
			if (parse_unit(optarg, &o->min_score)) {
				warnx("bad floor '%s' (0 to 1)", optarg);
				return PT_EXIT_FAILED;
			}
			break;
		case O_WINDOW:
			if (parse_long(optarg, 0, 100000, &o->window)) {
				warnx("bad window '%s' (days, 0 to 100000)", optarg);
				return PT_EXIT_FAILED;
			}
			break;
		case O_SHARD: {
			char *slash = strchr(optarg, '/');

			if (!slash) {
				warnx("bad shard '%s' (K/N)", optarg);
				return PT_EXIT_FAILED;
			}
			*slash = '\0';
			if (parse_long(slash + 1, 1, 1000000, &o->nshards) ||
			    parse_long(optarg, 1, o->nshards, &o->shard)) {
				warnx("bad shard '%s/%s' (K/N, 1 <= K <= N)", optarg, slash + 1);
				return PT_EXIT_FAILED;
			}
			break;
		}
		case 'j':
			if (jobs_option(optarg, &o->jobs) < 0)
				return PT_EXIT_FAILED;
			break;
		case O_SELF: o->self = 1; break;
		case O_LINKS: o->links = 1; break;
		case O_HRATIO:
			if (parse_unit(optarg, &o->heading_ratio)) {
				warnx("bad heading ratio '%s' (0 to 1)", optarg);
				return PT_EXIT_FAILED;
			}
			break;
		case O_PENALTY: o->file_penalty = 1; break;
		case O_CONTAIN:
			if (parse_unit(optarg, &o->contain)) {
				warnx("bad share '%s' (0 to 1)", optarg);
				return PT_EXIT_FAILED;
			}
			break;
		case O_PLAIN: o->plain = 1; lcs_plain(1); break;
		case O_VWINDOW:
			if (parse_long(optarg, 0, 100000, &o->vwindow)) {
				warnx("bad version window '%s' (days, 0 to 100000)", optarg);
				return PT_EXIT_FAILED;
			}
			break;
		case 'H': *header = 0; break;
		case 'q': *verbose = 0; break;
		case 'v': *verbose = 1; break;
		case 'V': print_version(); return PT_EXIT_OK;
		case 'h': help(); return PT_EXIT_OK;
		default: usage(stderr); return PT_EXIT_FAILED;
		}
	}
	if (argc - optind != (o->self ? 1 : 2)) {
		warnx(o->self ? "--self takes one table" : "two tables are needed: left and right");
		usage(stderr);
		return PT_EXIT_FAILED;
	}
	return -1;
}

/*
 * Load the left table into L and the right one into R (the same with
 * --self), raising *rc: bad rows, named and left out, 1; a table not
 * read to its end, 2.
 */
static void
load_tables(const struct opts *o, char **tables, struct table *L, struct table *R,
    struct strpool *names, struct hmap *sorted, int *rc)
{
	switch (load(L, tables[0], names, sorted, o->jobs)) {
	case 0: break;
	case -1: pt_exit_raise(rc, PT_EXIT_SKIPPED); break;
	default: *rc = PT_EXIT_FAILED; break;
	}
	if (o->self) {
		*R = *L;
	} else {
		switch (load(R, tables[1], names, sorted, o->jobs)) {
		case 0: break;
		case -1: pt_exit_raise(rc, PT_EXIT_SKIPPED); break;
		default: *rc = PT_EXIT_FAILED; break;
		}
	}
}

/*
 * The threads' jobs, then (with threads) HELP_DEPTH levels of the
 * jobs they help with: jobs[k + o->jobs] helps jobs[k].  Those make
 * their marks when first used.  *njobs is set to their number.
 */
static struct job *
jobs_new(const struct opts *o, struct memo *memo, struct lazy *lazy, struct table *L,
    struct table *R, const struct index *ix, long *njobs)
{
	struct job *jobs;

	*njobs = o->jobs > 1 ? (HELP_DEPTH + 1) * o->jobs : 1;
	jobs = xcalloc((size_t)*njobs, sizeof *jobs);
	for (long k = 0; k < *njobs; k++) {
		jobs[k].o = o;
		jobs[k].memo = memo;
		jobs[k].lazy = lazy;
		jobs[k].L = L;
		jobs[k].R = R;
		jobs[k].ix = ix;
	}
	return jobs;
}

/* Free the jobs, adding up what they counted into *scored and *candidates. */
static void
jobs_free(struct job *jobs, long njobs, unsigned long *scored, unsigned long *candidates)
{
	for (long k = 0; k < njobs; k++) {
		*scored += jobs[k].scored;
		*candidates += jobs[k].candidates;
		lcs_scratch_free(&jobs[k].sc);
		arena_free(&jobs[k].mem);
		buf_free(&jobs[k].scratch);
		buf_free(&jobs[k].raw);
		free(jobs[k].t);
		free(jobs[k].tfn);
		free(jobs[k].order);
		free(jobs[k].mark);
		free(jobs[k].via);
		free(jobs[k].cand);
		free(jobs[k].cand_tmp);
	}
	free(jobs);
}

/*
 * Score the left rows rows[0..nleft) on o->jobs threads and write their
 * pairs in order, a progress bar named after the left table; returns
 * the number of pairs written.
 */
static unsigned long
score_rows(const struct opts *o, struct job *jobs, long njobs, const uint32_t *rows,
    size_t nleft, const char *left)
{
	static const struct opool_ops ops = {
		opool_array_state, NULL, pool_work, pool_emit, pool_slot_free,
	};
	struct opool *pool;
	struct writer wr;
	struct progress pr;
	struct buf label = BUF_INIT;

	{
		const char *base = strrchr(left, '/');

		buf_addf(&label, "patchsim %s", base && base[1] ? base + 1 : left);
	}
	progress_start(&pr, progress_wanted(), label.p, "rows", nleft);
	/* The threads score, this one writes in order. */
	wr.jobs.base = jobs;
	wr.jobs.size = sizeof *jobs;
	wr.written = 0;
	wr.rows = 0;
	wr.pr = &pr;
	pool = opool_new(&ops, &wr, (int)o->jobs, WINDOW, 1, sizeof(struct lslot));
	for (long k = 0; k < njobs; k++) {
		jobs[k].pool = pool;
		jobs[k].helper = k + o->jobs < njobs ? &jobs[k + o->jobs] : NULL;
	}
	for (size_t k = 0; k < nleft; k++) {
		struct lslot *l = opool_next(pool);

		l->row = rows[k];
		opool_push(pool);
	}
	opool_finish(pool);
	progress_end(&pr);
	buf_free(&label);
	return wr.written;
}

int
main(int argc, char **argv)
{
	struct opts o = {
		.weight = PASTA_WEIGHT, .dlr = PASTA_DLR, .min_score = 0.5, .heading_ratio = 1.0,
		.window = -1, .vwindow = 365, .contain = CONTAIN_SHARE, .shard = 1, .nshards = 1,
	};
	struct table L, R;
	struct strpool names = STRPOOL_INIT;
	struct hmap sorted = HMAP_INIT;
	struct index ix;
	struct job *jobs;
	long njobs;
	uint32_t *rows;
	size_t nleft = 0;
	struct memo memo;
	struct lazy lazy;
	int header = 1, verbose = 0, rc = PT_EXIT_OK;
	unsigned long scored = 0, candidates = 0, written = 0;

	setprogname(argv[0]);
	o.jobs = jobs_default(64);
	if ((rc = parse_options(argc, argv, &o, &header, &verbose)) >= 0)
		return rc;
	rc = PT_EXIT_OK;
	load_tables(&o, argv + optind, &L, &R, &names, &sorted, &rc);
	o.shingle = o.contain > 0 && can_contain(&L, &R);
	index_build(&ix, &R, o.shingle);

	/* The left rows of this shard. */
	rows = xcalloc(L.n ? L.n : 1, sizeof *rows);
	for (size_t i = 0; i < L.n; i++)
		if ((long)(i % (size_t)o.nshards) == o.shard - 1)
			rows[nleft++] = (uint32_t)i;

	memset(&memo, 0, sizeof memo);
	pthread_mutex_init(&memo.mu, NULL);
	pthread_cond_init(&memo.done, NULL);
	pthread_mutex_init(&lazy.mu, NULL);
	pthread_cond_init(&lazy.done, NULL);
	pthread_mutex_init(&lazy.names_mu, NULL);
	pthread_mutex_init(&lazy.sorted_mu, NULL);
	lazy.names = &names;
	lazy.sorted = &sorted;
	jobs = jobs_new(&o, &memo, &lazy, &L, &R, &ix, &njobs);
	if (header)
		table_header(stdout, TABLE_PAIRS);

	written = score_rows(&o, jobs, njobs, rows, nleft, argv[optind]);
	jobs_free(jobs, njobs, &scored, &candidates);
	/* A table changed while read: what was scored is not all of it. */
	if (__atomic_load_n(&reread_failed, __ATOMIC_RELAXED))
		rc = PT_EXIT_FAILED;
	/* Quiet on success; a run that skipped input says what it made. */
	if (verbose || rc != PT_EXIT_OK)
		warnx("%zu x %zu patches: %lu candidate pairs (%.2f%% of all), %lu scored, %lu written",
		    nleft, R.n, candidates,
		    nleft && R.n ? 100.0 * (double)candidates / ((double)nleft * R.n) : 0.0,
		    scored, written);
	pthread_mutex_destroy(&memo.mu);
	pthread_cond_destroy(&memo.done);
	pthread_mutex_destroy(&lazy.mu);
	pthread_cond_destroy(&lazy.done);
	pthread_mutex_destroy(&lazy.names_mu);
	pthread_mutex_destroy(&lazy.sorted_mu);
	hmap_free(&memo.map);
	arena_free(&memo.mem);
	free(rows);
	index_free(&ix);
	table_free(&L);
	if (!o.self)
		table_free(&R);
	strpool_free(&names);
	hmap_free(&sorted);
	close_stdout();
	return rc;
}
