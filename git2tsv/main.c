/*
 * git2tsv - read a git repository with libgit2 and write one TSV row
 * per commit of a revision range (non-merge commits by default), or one
 * row per tag with --tags.
 *
 * The walk runs in this thread; worker threads, each with its own
 * repository handle, turn commits into rows (the diff is the expensive
 * part), and rows leave in walk order through a ring of slots, so
 * memory holds a few commits at a time whatever the history's size.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <getopt.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "git2tsv.h"
#include "opool.h"
#include "progress.h"
#include "tables.h"
#include "text.h"
#include "tsv.h"
#include "util.h"

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: git2tsv [-HqvV] [-j jobs] [-s since] [-u until] [-U lines]\n"
	    "               [--find-renames percent] [--merges] [--all] [--side]\n"
	    "               repository [revision ...]\n"
	    "       git2tsv --tags [-H] repository\n"
	    "       git2tsv --merged [-H] [--all] repository [revision ...]\n"
	    "       git2tsv --pulls [-H] repository [revision ...]\n");
}

static void
help(void)
{
	usage(stdout);
	fputs(
	    "\nWrite one TSV row per commit of the revision range (default: HEAD),\n"
	    "newest first as git log lists them; merges are left out.\n"
	    "Revisions are as git log takes them: A..B, A...B, ^A, B, a branch or tag.\n\n"
	    "  -j, --jobs N          worker threads (default: the number of CPUs)\n"
	    "      --merges          include merges, diffed against the first parent\n"
	    "  -s, --since DATE      from DATE on: commits whose commit date is DATE\n"
	    "                        or later\n"
	    "  -u, --until DATE      up to DATE: commits whose commit date is DATE or\n"
	    "                        earlier, a bare day counting whole (DATE:\n"
	    "                        YYYY-MM-DD[THH:MM[:SS]][Z], UTC, or @SECONDS)\n"
	    "      --all             start from every ref, as git log --all\n"
	    "      --side            flag every row side: commits of other branches than\n"
	    "                        the main line (as: --side topic ^master)\n"
	    "      --find-renames N  rename similarity threshold in percent (default 50)\n"
	    "  -U, --unified N       lines of diff context (default 3)\n"
	    "      --tags            one row per tag instead: tag id date annotated\n"
	    "                        tag_date src\n"
	    "      --merged          one row per non-merge commit of the range that a\n"
	    "                        merge on the tips' first-parent line brought in\n"
	    "                        instead: id merge merge_date merge_subject\n"
	    "                        merge_from_name merge_from_addr\n"
	    "                        merge_committer_name merge_committer_addr src\n"
	    "      --pulls           one row per commit of a forge's pull request\n"
	    "                        (refs/pull/N/head) the revisions (the main line,\n"
	    "                        default HEAD) lack, instead: pull id date\n"
	    "                        from_name from_addr subject src\n"
	    "  -H, --no-header       do not print the header line\n"
	    "  -q, --quiet           nothing on stderr but errors and what input was\n"
	    "                        skipped (cancels -v); the default: git2tsv\n"
	    "                        has no other notes\n"
	    "  -v, --verbose         a summary line on stderr (written anyway when\n"
	    "                        commits failed or were damaged)\n"
	    "  -V, --version         print the version and exit\n"
	    "  -h, --help            print this help and exit\n\n"
	    "Columns: id date from_name from_addr subject title committer_name\n"
	    "committer_addr commit_date parents type flags links upstream message\n"
	    "diff src.  flags: cp1252 (text read as Windows-1252), badchar (bytes\n"
	    "replaced by U+FFFD), side (--side), damaged (an object the diff needs\n"
	    "is missing or unreadable, as in a partial clone: the diff is empty, the\n"
	    "commit named on stderr; exit status 1).  Exit status: 0 all read, 1\n"
	    "commits named and skipped or flagged damaged, 2 failed (no table to use).\n"
	    "See git2tsv(1) and patchtrack-tsv(5).\n", stdout);
}

struct slot {
	git_commit *c;           /* the walk's, freed once it is a row */
	git_oid ptree;           /* its first parent's tree, if has_ptree */
	int has_ptree;
	struct buf row;
	int rc;
};

/* Commits a worker takes at once. */
#define CHUNK 8

/*
 * Bytes of trees and blobs each repository handle keeps for the next
 * commits (keep.c).  8 MB spares a thread about half of the blob bytes
 * it would read again; a larger budget spares little more.
 */
#define KEEP_BYTES ((size_t)8 << 20)

/*
 * Bytes of delta bases kept (packs.c), as git's core.deltaBaseCacheLimit:
 * one thread keeps them all, worker threads share them out (at least
 * 16 MB each), and the thread that walks the history, reading commits
 * alone then, keeps 4 MB.  A smaller budget inflates the same deltas
 * again and again: with 16 MB a long history inflates nearly twice the
 * bytes it does with 96 MB, with 64 MB a fifth more.
 */
#define BASE_BYTES ((size_t)96 << 20)
#define WORKER_BASE_MIN ((size_t)16 << 20)
#define WALK_BASE_BYTES ((size_t)4 << 20)

/* A row buffer larger than this is freed once written. */
#define ROW_KEEP ((size_t)256 << 10)

struct run {
	struct g2opts o;
	int64_t since, until;
	int have_since, have_until;
	size_t base_bytes;      /* delta bases each worker keeps */
	unsigned long rows, skipped, failed, damaged;
};

static int
in_window(const struct run *r, git_commit *c)
{
	int64_t t = git_commit_time(c);

	return !((r->have_since && t < r->since) || (r->have_until && t > r->until));
}

/*
 * One commit to a row in s, its objects read through k; the verdict in
 * s->rc (0 row, ROW_DAMAGED row without its diff, 1 skipped, -1 error).
 */
static void
work_one(struct run *r, struct keep *k, struct slot *s)
{
	if (!in_window(r, s->c)) {
		buf_reset(&s->row);
		s->rc = 1;
	} else {
		s->rc = commit_row(k, s->c, s->has_ptree ? &s->ptree : NULL, &r->o, &s->row);
	}
	git_commit_free(s->c);
	s->c = NULL;
}

/* The progress bar on a terminal (PT_PROGRESS=1): commits met. */
static struct progress bar;
static char *bar_label;

static void
emit(struct run *r, struct slot *s)
{
	if (s->rc == 0 || s->rc == ROW_DAMAGED) {
		tsv_row_end(&s->row, stdout);
		/* A huge row's buffer is not kept for the rest of the run. */
		buf_shrink(&s->row, ROW_KEEP);
		r->rows++;
		if (s->rc == ROW_DAMAGED)
			r->damaged++;
	} else if (s->rc > 0) {
		r->skipped++;
	} else {
		r->failed++;
	}
	progress_update(&bar, r->rows + r->skipped + r->failed);
}

/*
 * The workers (opool.h): each has its own repository handle and keeps
 * the trees and blobs of the runs of consecutive commits it takes (a
 * commit's parent is mostly the next one).
 */
struct wstate {
	git_repository *repo;
	struct keep kept;
};

static void *
worker_start(void *arg, int i)
{
	struct run *r = arg;
	struct wstate *w = xcalloc(1, sizeof *w);

	if (git_repository_open_ext(&w->repo, r->o.repo, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL) < 0)
		die("%s: cannot open the repository in a worker", r->o.repo);
	packs_add(w->repo, r->base_bytes);
	keep_init(&w->kept, w->repo, KEEP_BYTES);
	return w;
}

static void
worker_stop(void *arg, void *state)
{
	struct wstate *w = state;

	keep_free(&w->kept);
	git_repository_free(w->repo);
	free(w);
}

static void
worker_work(void *arg, void *state, void *s)
{
	work_one(arg, &((struct wstate *)state)->kept, s);
}

static void
pool_emit(void *arg, void *s)
{
	emit(arg, s);
}

static void
slot_free(void *s)
{
	buf_free(&((struct slot *)s)->row);
}

/*
 * The walk, in git log's order.  git keeps the commits still to show
 * in a list by commit date, newest first, where a commit joins after
 * those of its date already there; the list starts as the tips (in
 * command-line order, then stably sorted by date), and each commit
 * shown makes way for its parents not seen before.  libgit2 walks the
 * same way but starts from the tips as they were pushed, unsorted, so
 * with several tips (--all, A...B, two branches) its order is not
 * git's.  So the walk is done here, with a heap in the list's place
 * (ties go by arrival).  What a range leaves out is still libgit2's
 * answer: when a commit is hidden, its walk first lists the commits
 * to show, and this one keeps to them.
 *
 * A commit that cannot be read (a damaged repository: the history is
 * cut there) ends the walk, but only after the commit that names it as
 * a parent has been handed out: that one's row is still written, and
 * the walk's error comes on the next call.
 */
struct wnode {
	git_commit *c;
	uint64_t seq;           /* arrival, to break ties of date */
};

/*
 * The marks: every commit the walk meets, by raw id, with its mark.
 * This is all a long history costs per commit, so it is a table of
 * 21-byte slots (open addressing, at most 3/4 full), not of pointers.
 */
enum { M_EMPTY, M_IN_RANGE, M_SEEN };

struct marks {
	unsigned char *ids;     /* cap ids of GIT_OID_RAWSZ bytes */
	unsigned char *mark;    /* cap marks, M_EMPTY for a free slot */
	size_t cap, n;          /* cap a power of two, or 0 */
};

struct walk {
	git_repository *repo;
	struct wnode *heap;
	size_t n, cap;
	uint64_t seq;
	struct marks marks;
	int limited;            /* only commits marked M_IN_RANGE are walked */
	int err;                /* the error walk_next returns from now on */
	int lookup_rc;          /* libgit2's answer for the unreadable commit */
	git_oid bad, child;     /* the commit that cannot be read, and whose parent */
	char *msg;              /* libgit2's message for it */
};

/* The slot of id: its own, or the free one where it would go. */
static size_t
marks_slot(const struct marks *m, const unsigned char *id)
{
	uint64_t h;
	size_t i;

	memcpy(&h, id, sizeof h);   /* ids are hashes already */
	for (i = (size_t)h & (m->cap - 1); m->mark[i] != M_EMPTY; i = (i + 1) & (m->cap - 1))
		if (memcmp(m->ids + i * GIT_OID_RAWSZ, id, GIT_OID_RAWSZ) == 0)
			break;
	return i;
}

/* The mark of id, or NULL when it has none. */
static unsigned char *
marks_get(const struct marks *m, const git_oid *id)
{
	size_t i;

	if (!m->cap)
		return NULL;
	i = marks_slot(m, id->id);
	return m->mark[i] == M_EMPTY ? NULL : &m->mark[i];
}

/* Mark id with mark unless it has a mark: 1 if it was added, else 0. */
static int
marks_add(struct marks *m, const git_oid *id, unsigned char mark)
{
	size_t i;

	if ((m->n + 1) * 4 > m->cap * 3) {
		struct marks old = *m;

		m->cap = old.cap ? old.cap * 2 : 1024;
		m->ids = xreallocarray(NULL, m->cap, GIT_OID_RAWSZ);
		m->mark = xcalloc(m->cap, 1);
		for (i = 0; i < old.cap; i++) {
			if (old.mark[i] != M_EMPTY) {
				size_t j = marks_slot(m, old.ids + i * GIT_OID_RAWSZ);

				memcpy(m->ids + j * GIT_OID_RAWSZ, old.ids + i * GIT_OID_RAWSZ,
				    GIT_OID_RAWSZ);
				m->mark[j] = old.mark[i];
			}
		}
		free(old.ids);
		free(old.mark);
	}
	i = marks_slot(m, id->id);
	if (m->mark[i] != M_EMPTY)
		return 0;
	memcpy(m->ids + i * GIT_OID_RAWSZ, id->id, GIT_OID_RAWSZ);
	m->mark[i] = mark;
	m->n++;
	return 1;
}

/* Does a come out after b? */
static int
wnode_after(const struct wnode *a, const struct wnode *b)
{
	git_time_t x = git_commit_time(a->c), y = git_commit_time(b->c);

	return x != y ? x < y : a->seq > b->seq;
}

/*
 * Queue a commit not seen before: 1, with its tree in *tree when tree
 * is not NULL; 0 for one seen before or out of the range; libgit2's
 * error if it cannot be read.
 */
static int
walk_add(struct walk *w, const git_oid *id, git_oid *tree)
{
	struct wnode nd;
	size_t i;
	int rc;

	if (w->limited) {
		unsigned char *m = marks_get(&w->marks, id);

		if (!m || *m != M_IN_RANGE)
			return 0;
		*m = M_SEEN;
	} else if (!marks_add(&w->marks, id, M_SEEN)) {
		return 0;
	}
	if ((rc = git_commit_lookup(&nd.c, w->repo, id)) < 0)
		return rc;
	if (tree)
		git_oid_cpy(tree, git_commit_tree_id(nd.c));
	nd.seq = w->seq++;
	w->heap = xgrow(w->heap, &w->cap, w->n, 64, sizeof *w->heap);
	for (i = w->n++; i > 0 && wnode_after(&w->heap[(i - 1) / 2], &nd); i = (i - 1) / 2)
		w->heap[i] = w->heap[(i - 1) / 2];
	w->heap[i] = nd;
	return 1;
}

/*
 * The commits the walk will meet (merges too), for the progress bar: a
 * walk of the graph alone, done only when a bar is drawn.  0 when it
 * fails (the bar is then a count).  --since and --until can end the
 * walk before it has met them all.
 */
static uint64_t
count_commits(git_repository *repo, const struct tips *t)
{
	git_revwalk *rw = NULL;
	git_oid id;
	uint64_t n = 0;
	size_t i;
	int err = 0;

	if (git_revwalk_new(&rw, repo) < 0)
		return 0;
	git_revwalk_sorting(rw, GIT_SORT_NONE);
	for (i = 0; i < t->n && !err; i++)
		err = t->v[i].hide ? git_revwalk_hide(rw, &t->v[i].oid) :
		    git_revwalk_push(rw, &t->v[i].oid);
	while (!err && (err = git_revwalk_next(&id, rw)) == 0)
		n++;
	git_revwalk_free(rw);
	return err == GIT_ITEROVER ? n : 0;
}

static int
walk_start(struct walk *w, git_repository *repo, const struct tips *t)
{
	git_revwalk *rw = NULL;
	git_oid id;
	size_t i;
	int err = 0;

	memset(w, 0, sizeof *w);
	w->repo = repo;
	for (i = 0; i < t->n; i++)
		w->limited |= t->v[i].hide;
	if (w->limited) {
		if (git_revwalk_new(&rw, repo) < 0)
			return -1;
		git_revwalk_sorting(rw, GIT_SORT_NONE);
		for (i = 0; i < t->n && !err; i++)
			err = t->v[i].hide ? git_revwalk_hide(rw, &t->v[i].oid) :
			    git_revwalk_push(rw, &t->v[i].oid);
		while (!err && (err = git_revwalk_next(&id, rw)) == 0)
			marks_add(&w->marks, &id, M_IN_RANGE);
		git_revwalk_free(rw);
		if (err != GIT_ITEROVER)
			return -1;
	}
	for (i = 0; i < t->n; i++)
		if (!t->v[i].hide && walk_add(w, &t->v[i].oid, NULL) < 0)
			return -1;
	return 0;
}

/*
 * The next commit, in *c (the caller frees it): 0, GIT_ITEROVER at the
 * end, or -1.  When the walk reads its first parent now (it mostly
 * does: not when another child met the parent first), that parent's
 * tree is set in *ptree and *has_ptree to 1, so the parent need not be
 * read again for the diff.
 */
static int
walk_next(struct walk *w, git_commit **c, git_oid *ptree, int *has_ptree)
{
	struct wnode top, last;
	size_t i, k;
	unsigned np, p;
	int rc = 0;

	if (w->err)
		return w->err;
	if (!w->n)
		return GIT_ITEROVER;
	top = w->heap[0];
	last = w->heap[--w->n];
	for (i = 0; (k = 2 * i + 1) < w->n; i = k) {
		if (k + 1 < w->n && wnode_after(&w->heap[k], &w->heap[k + 1]))
			k++;
		if (!wnode_after(&last, &w->heap[k]))
			break;
		w->heap[i] = w->heap[k];
	}
	if (w->n)
		w->heap[i] = last;
	np = git_commit_parentcount(top.c);
	*has_ptree = 0;
	for (p = 0; p < np && rc >= 0; p++) {
		rc = walk_add(w, git_commit_parent_id(top.c, p), p == 0 ? ptree : NULL);
		if (p == 0 && rc == 1)
			*has_ptree = 1;
	}
	if (rc < 0) {
		const git_error *e = git_error_last();

		w->err = -1;
		w->lookup_rc = rc;
		git_oid_cpy(&w->bad, git_commit_parent_id(top.c, p - 1));
		git_oid_cpy(&w->child, git_commit_id(top.c));
		w->msg = xstrdup(e && e->message ? e->message : "cannot be read");
	}
	*c = top.c;
	return 0;
}

/* Say why the walk ended early. */
static void
walk_fail(const struct walk *w, const char *repo)
{
	char bad[GIT_OID_HEXSZ + 1], child[GIT_OID_HEXSZ + 1];

	if (!w->msg) {
		fail_repo(repo, "history walk failed", NULL);
		return;
	}
	git_oid_tostr(bad, sizeof bad, &w->bad);
	git_oid_tostr(child, sizeof child, &w->child);
	if (w->lookup_rc == GIT_ENOTFOUND)
		warnx("%s: history walk failed: commit %s, parent of %s, is missing",
		    repo, bad, child);
	else
		warnx("%s: history walk failed: commit %s, parent of %s: %s",
		    repo, bad, child, w->msg);
}

static void
walk_free(struct walk *w)
{
	for (size_t i = 0; i < w->n; i++)
		git_commit_free(w->heap[i].c);
	free(w->heap);
	free(w->marks.ids);
	free(w->marks.mark);
	free(w->msg);
}

/* What the command line asks beyond the run's options. */
struct g2args {
	long jobs;
	int header, verbose, tags, merged, pulls, all;
};

/*
 * The options into r and a, optind left at the first revision: -1 to
 * go on, else the exit status (help, version or a usage error).
 */
static int
parse_args(int argc, char **argv, struct run *r, struct g2args *a)
{
	enum { O_MERGES = 256, O_ALL, O_RENAMES, O_TAGS, O_MERGED, O_SIDE, O_PULLS };
	static const struct option longopts[] = {
		{ "jobs", required_argument, NULL, 'j' },
		{ "merges", no_argument, NULL, O_MERGES },
		{ "since", required_argument, NULL, 's' },
		{ "until", required_argument, NULL, 'u' },
		{ "all", no_argument, NULL, O_ALL },
		{ "find-renames", required_argument, NULL, O_RENAMES },
		{ "unified", required_argument, NULL, 'U' },
		{ "tags", no_argument, NULL, O_TAGS },
		{ "merged", no_argument, NULL, O_MERGED },
		{ "pulls", no_argument, NULL, O_PULLS },
		{ "side", no_argument, NULL, O_SIDE },
		{ "no-header", no_argument, NULL, 'H' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	long v;
	int ch;

	memset(r, 0, sizeof *r);
	memset(a, 0, sizeof *a);
	r->o.rename_threshold = 50;
	r->o.context = 3;
	a->jobs = jobs_default(16);
	a->header = 1;
	while ((ch = getopt_long(argc, argv, "j:s:u:U:HqvVh", longopts, NULL)) != -1) {
		switch (ch) {
		case 'j':
			if (jobs_option(optarg, &a->jobs) < 0)
				return PT_EXIT_FAILED;
			break;
		case O_RENAMES:
			if (parse_long(optarg, 0, 100, &v)) {
				warnx("bad rename threshold '%s' (0-100)", optarg);
				return PT_EXIT_FAILED;
			}
			r->o.rename_threshold = (int)v;
			break;
		case 'U':
			if (parse_long(optarg, 0, 1000, &v)) {
				warnx("bad context '%s' (0-1000)", optarg);
				return PT_EXIT_FAILED;
			}
			r->o.context = (int)v;
			break;
		case O_MERGES:
			r->o.merges = 1;
			break;
		case 's':
		case 'u': {
			int64_t t;

			/* A bare day --until means the whole day. */
			if (date_option(optarg, ch == 'u', &t)) {
				warnx("bad date '%s' (YYYY-MM-DD[THH:MM[:SS]][Z] or @seconds)", optarg);
				return PT_EXIT_FAILED;
			}
			if (ch == 's') {
				r->since = t;
				r->have_since = 1;
			} else {
				r->until = t;
				r->have_until = 1;
			}
			break;
		}
		case O_ALL:
			a->all = 1;
			break;
		case O_TAGS:
			a->tags = 1;
			break;
		case O_MERGED:
			a->merged = 1;
			break;
		case O_PULLS:
			a->pulls = 1;
			break;
		case O_SIDE:
			r->o.side = 1;
			break;
		case 'H':
			a->header = 0;
			break;
		case 'q':
			a->verbose = 0;
			break;
		case 'v':
			a->verbose = 1;
			break;
		case 'V':
			print_version();
			return PT_EXIT_OK;
		case 'h':
			help();
			return PT_EXIT_OK;
		default:
			usage(stderr);
			return PT_EXIT_FAILED;
		}
	}
	if (optind >= argc) {
		warnx("no repository given");
		usage(stderr);
		return PT_EXIT_FAILED;
	}
	/* The merged table is of the range alone: what would change it is refused. */
	if (a->merged && (a->tags || r->have_since || r->have_until || r->o.side || r->o.merges)) {
		warnx("--merged takes %s: its table is of the range given alone",
		    a->tags ? "no --tags (another table)" : "no -s, -u, --side or --merges");
		usage(stderr);
		return PT_EXIT_FAILED;
	}
	if (a->pulls && (a->tags || a->merged || a->all || r->have_since || r->have_until ||
	    r->o.side || r->o.merges)) {
		warnx("--pulls takes no --tags, --merged, --all, -s, -u, --side or --merges: "
		    "its table is of the pull requests alone");
		usage(stderr);
		return PT_EXIT_FAILED;
	}
	r->o.repo = argv[optind++];
	return -1;
}

/* libgit2 and the allocator set for reading a whole history once. */
static void
libgit2_setup(void)
{
#ifdef __GLIBC__
	/*
	 * Blobs come and go in buffers above glibc's mmap threshold; mapping
	 * and unmapping each one would make the kernel a fifth of a threaded
	 * run.
	 * Freed memory is reused instead (peak memory stays the same).
	 */
	mallopt(M_MMAP_THRESHOLD, 256 << 20);
	mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
	git_libgit2_init();
	/*
	 * Objects come from the repository's own store: checking each one's
	 * SHA-1 on read (libgit2's default, git does not) costs a third of
	 * the run.
	 */
	git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
	/*
	 * No object cache: libgit2's grows to 256 MB (more, as it counts
	 * objects by their size on disk), and once full it evicts from
	 * the front of its hash table, whose lookups then wade through
	 * what was removed (a fifth of a run on a long history).  What the
	 * diffs read again is kept by each thread (keep.c), and so are the
	 * delta bases packed objects are made from (packs.c).
	 */
	git_libgit2_opts(GIT_OPT_ENABLE_CACHING, 0);
	/*
	 * Packs are mapped in windows of 16 MB, at most 64 MB at a time in
	 * all: the history streams through the pack, and mapped pages
	 * count as the process's memory (libgit2 maps 1 GB windows up to
	 * 8 GB by default).  On a long history this halves the peak for a
	 * few more page faults.
	 */
	git_libgit2_opts(GIT_OPT_SET_MWINDOW_SIZE, (size_t)16 << 20);
	git_libgit2_opts(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, (size_t)64 << 20);
#if LIBGIT2_VER_MAJOR > 1 || (LIBGIT2_VER_MAJOR == 1 && LIBGIT2_VER_MINOR >= 4)
	{
		/*
		 * A partial clone made by an older git says so in
		 * extensions.partialclone, which libgit2 refuses by default.
		 * Nothing is fetched here: a commit whose diff needs an
		 * object the clone left out keeps its row, flagged damaged.
		 */
		const char *ext[] = { "partialclone" };

		git_libgit2_opts(GIT_OPT_SET_EXTENSIONS, ext, (size_t)1);
	}
#endif
}

/*
 * Open the repository r names into *repo, its packs read through a
 * cache of delta bases shared out among jobs threads: 0, or -1 after a
 * message (not a repository, or a shallow one).
 */
static int
open_repo(git_repository **repo, struct run *r, long jobs)
{
	if (git_repository_open_ext(repo, r->o.repo, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL) < 0)
		return fail_repo(r->o.repo, "not a git repository", NULL);
	/* With workers this handle reads the commits alone. */
	packs_add(*repo, jobs == 1 ? BASE_BYTES : WALK_BASE_BYTES);
	r->base_bytes = BASE_BYTES / (size_t)jobs > WORKER_BASE_MIN ?
	    BASE_BYTES / (size_t)jobs : WORKER_BASE_MIN;
	if (git_repository_is_shallow(*repo) == 1) {
		warnx("%s: shallow repository: its history is cut off (git fetch --unshallow)",
		    r->o.repo);
		return -1;
	}
	return 0;
}

/*
 * The tips of the revisions argv[optind..argc), of every ref with
 * --all, else HEAD: 0, or -1 after a message.
 */
static int
collect_tips(git_repository *repo, const char *name, int all, int argc, char **argv,
    struct tips *tips)
{
	int i;

	if (all && add_all(repo, tips) < 0)
		return fail_repo(name, "cannot read its refs", NULL);
	for (i = optind; i < argc; i++)
		if (add_revision(repo, tips, name, argv[i]) < 0)
			return -1;
	if (optind == argc && !all) {
		git_oid head;

		if (git_reference_name_to_id(&head, repo, "HEAD") < 0)
			return fail_repo(name, "no HEAD to start from", NULL);
		tip_add(tips, &head, 0);
	}
	return 0;
}

/* The progress bar, when one is wanted, labelled with the repository's name. */
static void
start_bar(git_repository *repo, const char *name, const struct tips *tips)
{
	const char *base = strrchr(name, '/');
	struct buf label = BUF_INIT;

	if (!progress_wanted())
		return;
	/* "repo.git", not "repo.git/" or "." */
	buf_addf(&label, "git2tsv %s", base && base[1] ? base + 1 : name);
	bar_label = buf_detach(&label, NULL);
	progress_start(&bar, 1, bar_label, "commits", count_commits(repo, tips));
}

/*
 * Every commit of the walk to a row, in walk order, by jobs threads
 * (this one alone with 1): the last answer of walk_next, GIT_ITEROVER
 * when the walk went to its end.
 */
static int
write_rows(struct run *r, git_repository *repo, struct walk *walk, long jobs)
{
	int err;

	if (jobs == 1) {
		struct slot s;
		struct keep kept;

		memset(&s, 0, sizeof s);
		keep_init(&kept, repo, KEEP_BYTES);
		while ((err = walk_next(walk, &s.c, &s.ptree, &s.has_ptree)) == 0) {
			work_one(r, &kept, &s);
			emit(r, &s);
		}
		keep_free(&kept);
		buf_free(&s.row);
	} else {
		static const struct opool_ops ops = {
			worker_start, worker_stop, worker_work, pool_emit, slot_free,
			/* A commit's messages in commit order, as with -j1. */
			0, 1,
		};
		struct opool *pool = opool_new(&ops, r, jobs, (size_t)jobs * 8 + 8, CHUNK,
		    sizeof(struct slot));

		for (;;) {
			/* The walk runs in this thread, the rows are written here too. */
			struct slot *s = opool_next(pool);

			err = walk_next(walk, &s->c, &s->ptree, &s->has_ptree);
			if (err)
				break;
			opool_push(pool);
		}
		opool_finish(pool);
	}
	return err;
}

/* The table of commits of the range tips give: the exit status. */
static int
run_commits(struct run *r, git_repository *repo, const struct tips *tips,
    const struct g2args *a)
{
	struct walk walk;
	int err, rc = PT_EXIT_OK;

	if (walk_start(&walk, repo, tips) < 0) {
		fail_repo(r->o.repo, "cannot walk the history", NULL);
		walk_free(&walk);
		return PT_EXIT_FAILED;
	}
	if (a->header)
		table_header(stdout, TABLE_COMMITS);
	start_bar(repo, r->o.repo, tips);
	err = write_rows(r, repo, &walk, a->jobs);
	progress_end(&bar);
	free(bar_label);
	/*
	 * A walk that stops short leaves the history beyond it unread: the
	 * table is not to be used.  A commit whose diff could not be made
	 * (skipped) or was written without one (damaged) is named on
	 * stderr and the rest of the table is good.
	 */
	if (err != GIT_ITEROVER) {
		walk_fail(&walk, r->o.repo);
		rc = PT_EXIT_FAILED;
	}
	walk_free(&walk);
	if (rc == PT_EXIT_OK && (r->failed || r->damaged))
		rc = PT_EXIT_SKIPPED;
	/*
	 * Damaged rows are rows (exit 1, the table to be used), but a run
	 * without -v must still show them counted.  The count is added
	 * only when there are any, so that the line of an intact history
	 * keeps the form scripts read.
	 */
	if (r->damaged)
		warnx("%lu commits, %lu rows, %lu left out (merges, dates), %lu failed, "
		    "%lu damaged (rows without a diff)", r->rows + r->skipped + r->failed, r->rows,
		    r->skipped, r->failed, r->damaged);
	else if (a->verbose || rc != PT_EXIT_OK)
		warnx("%lu commits, %lu rows, %lu left out (merges, dates), %lu failed",
		    r->rows + r->skipped + r->failed, r->rows, r->skipped, r->failed);
	return rc;
}

/* --tags' and --pulls' exit status: -1 failed, else how many refs were left out (named). */
static int
tags_status(int skipped)
{
	return skipped < 0 ? PT_EXIT_FAILED : skipped > 0 ? PT_EXIT_SKIPPED : PT_EXIT_OK;
}

int
main(int argc, char **argv)
{
	struct run r;
	struct g2args a;
	git_repository *repo = NULL;
	struct tips tips = { NULL, 0, 0 };
	int rc;

	setprogname(argv[0]);
	if ((rc = parse_args(argc, argv, &r, &a)) >= 0)
		return rc;
	libgit2_setup();
	if (open_repo(&repo, &r, a.jobs) < 0)
		rc = PT_EXIT_FAILED;
	else if (a.tags)
		rc = tags_status(run_tags(repo, r.o.repo, a.header));
	else if (collect_tips(repo, r.o.repo, a.all, argc, argv, &tips) < 0)
		rc = PT_EXIT_FAILED;
	else if (a.merged)
		rc = run_merged(repo, r.o.repo, &tips, a.header) < 0 ? PT_EXIT_FAILED : PT_EXIT_OK;
	else if (a.pulls)
		rc = tags_status(run_pulls(repo, r.o.repo, &tips, a.header));
	else
		rc = run_commits(&r, repo, &tips, &a);
	free(tips.v);
	git_repository_free(repo);
	git_libgit2_shutdown();
	close_stdout();
	return rc;
}
