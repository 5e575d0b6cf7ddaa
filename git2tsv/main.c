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
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "git2tsv.h"
#include "text.h"
#include "tsv.h"
#include "util.h"

static const char *const columns[] = {
	"id", "date", "from_name", "from_addr", "subject", "title",
	"committer_name", "committer_addr", "commit_date", "parents", "type",
	"flags", "links", "upstream", "message", "diff", "src",
};

static const char *const tag_columns[] = {
	"tag", "id", "date", "annotated", "tag_date", "src",
};

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: git2tsv [-HqV] [-j jobs] [--merges] [--since date] [--until date]\n"
	    "               [--all] repository [revision ...]\n"
	    "       git2tsv --tags [-H] repository\n");
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
	    "      --since DATE      only commits with a commit date at or after DATE\n"
	    "      --until DATE      only commits with a commit date at or before DATE\n"
	    "                        (DATE: YYYY-MM-DD[THH:MM[:SS]][Z], UTC, or @SECONDS)\n"
	    "      --all             start from every ref, as git log --all\n"
	    "  -M, --find-renames N  rename similarity threshold in percent (default 50)\n"
	    "  -U, --unified N       lines of diff context (default 3)\n"
	    "  -t, --tags            one row per tag instead: tag id date annotated\n"
	    "                        tag_date src\n"
	    "  -H, --no-header       do not print the header line\n"
	    "  -q, --quiet           no summary line on stderr\n"
	    "  -V, --version         print the version and exit\n"
	    "  -h, --help            print this help and exit\n\n"
	    "Columns: id date from_name from_addr subject title committer_name\n"
	    "committer_addr commit_date parents type flags links upstream message\n"
	    "diff src.  See git2tsv(1) and patchtrack-tsv(5).\n", stdout);
}

/* Seconds since the epoch from "YYYY-MM-DD[THH:MM[:SS]][Z]" (UTC) or "@N". */
static int
parse_date(const char *s, int64_t *t)
{
	int y, mo, d, h = 0, mi = 0, sec = 0, n = 0;
	long v;
	int64_t days;

	if (s[0] == '@')
		return parse_long(s + 1, 0, 1L << 40, &v) ? -1 : (*t = v, 0);
	if (sscanf(s, "%4d-%2d-%2d%n", &y, &mo, &d, &n) != 3)
		return -1;
	s += n;
	if (*s == 'T' || *s == ' ') {
		n = 0;
		if (sscanf(s + 1, "%2d:%2d%n", &h, &mi, &n) != 2)
			return -1;
		s += 1 + n;
		if (*s == ':') {
			n = 0;
			if (sscanf(s + 1, "%2d%n", &sec, &n) != 1)
				return -1;
			s += 1 + n;
		}
	}
	if (*s == 'Z')
		s++;
	if (*s || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 60)
		return -1;
	/* Days from civil (H. Hinnant). */
	{
		int yy = mo <= 2 ? y - 1 : y;
		int64_t era = (yy >= 0 ? yy : yy - 399) / 400;
		int64_t yoe = yy - era * 400;
		int64_t doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1;
		int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;

		days = era * 146097 + doe - 719468;
	}
	*t = days * 86400 + h * 3600 + mi * 60 + sec;
	return 0;
}

struct slot {
	git_oid oid;
	struct buf row;
	int state;               /* FREE, QUEUED, TAKEN, DONE */
	int rc;
};

enum { FREE, QUEUED, TAKEN, DONE };

struct run {
	struct g2opts o;
	int64_t since, until;
	int have_since, have_until;
	/* The ring, shared by the walk, the workers and the writer. */
	pthread_mutex_t mu;
	pthread_cond_t work, done;
	struct slot *ring;
	size_t nring;
	uint64_t queued, taken, written;
	int finished;
	unsigned long rows, skipped, failed;
};

static int
in_window(const struct run *r, git_repository *repo, const git_oid *oid)
{
	git_commit *c;
	int64_t t;

	if (!r->have_since && !r->have_until)
		return 1;
	if (git_commit_lookup(&c, repo, oid) < 0)
		return 1;  /* commit_row will report it */
	t = git_commit_time(c);
	git_commit_free(c);
	return !((r->have_since && t < r->since) || (r->have_until && t > r->until));
}

/* One commit to a row in s; the verdict in s->rc (0 row, 1 skipped, -1 error). */
static void
work_one(struct run *r, git_repository *repo, struct slot *s)
{
	if (!in_window(r, repo, &s->oid)) {
		buf_reset(&s->row);
		s->rc = 1;
		return;
	}
	s->rc = commit_row(repo, &s->oid, &r->o, &s->row);
}

static void
emit(struct run *r, struct slot *s)
{
	if (s->rc == 0) {
		tsv_row_end(&s->row, stdout);
		r->rows++;
	} else if (s->rc > 0) {
		r->skipped++;
	} else {
		r->failed++;
	}
}

static void *
worker(void *arg)
{
	struct run *r = arg;
	git_repository *repo = NULL;
	struct slot *s;

	if (git_repository_open_ext(&repo, r->o.repo, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL) < 0)
		die("%s: cannot open the repository in a worker", r->o.repo);
	pthread_mutex_lock(&r->mu);
	for (;;) {
		while (r->taken == r->queued && !r->finished)
			pthread_cond_wait(&r->work, &r->mu);
		if (r->taken == r->queued)
			break;
		s = &r->ring[r->taken++ % r->nring];
		s->state = TAKEN;
		pthread_mutex_unlock(&r->mu);
		work_one(r, repo, s);
		pthread_mutex_lock(&r->mu);
		s->state = DONE;
		pthread_cond_broadcast(&r->done);
	}
	pthread_mutex_unlock(&r->mu);
	git_repository_free(repo);
	return NULL;
}

/* Write the finished rows at the head of the ring; call with mu held. */
static void
drain(struct run *r, int wait_all)
{
	for (;;) {
		struct slot *s;

		if (r->written == r->queued)
			return;
		s = &r->ring[r->written % r->nring];
		if (s->state != DONE) {
			if (!wait_all && r->queued - r->written < r->nring)
				return;
			pthread_cond_wait(&r->done, &r->mu);
			continue;
		}
		/* Writing outside the lock lets workers go on meanwhile. */
		pthread_mutex_unlock(&r->mu);
		emit(r, s);
		pthread_mutex_lock(&r->mu);
		s->state = FREE;
		r->written++;
	}
}

static int
fail_repo(const char *repo, const char *what, const char *arg)
{
	const git_error *e = git_error_last();

	if (arg)
		warnx("%s: %s '%s': %s", repo, what, arg, e && e->message ? e->message : "not found");
	else
		warnx("%s: %s: %s", repo, what, e && e->message ? e->message : "error");
	return -1;
}

/* Push or hide one revision argument, as git log reads it. */
static int
add_revision(git_repository *repo, git_revwalk *walk, const char *repo_name, const char *arg)
{
	git_revspec spec;
	git_object *obj = NULL;
	int rc = 0;

	if (arg[0] == '^') {
		if (git_revparse_single(&obj, repo, arg + 1) < 0)
			return fail_repo(repo_name, "unknown revision", arg);
		rc = git_revwalk_hide(walk, git_object_id(obj));
		git_object_free(obj);
		return rc < 0 ? fail_repo(repo_name, "cannot hide", arg) : 0;
	}
	if (git_revparse(&spec, repo, arg) < 0)
		return fail_repo(repo_name, "unknown revision", arg);
	if (spec.flags & GIT_REVSPEC_SINGLE) {
		rc = git_revwalk_push(walk, git_object_id(spec.from));
	} else if (spec.flags & GIT_REVSPEC_MERGE_BASE) {
		/* A...B: both sides, minus what they share. */
		git_oid base;

		rc = git_revwalk_push(walk, git_object_id(spec.from));
		if (!rc)
			rc = git_revwalk_push(walk, git_object_id(spec.to));
		if (!rc && git_merge_base(&base, repo, git_object_id(spec.from),
		    git_object_id(spec.to)) == 0)
			rc = git_revwalk_hide(walk, &base);
	} else {
		rc = git_revwalk_hide(walk, git_object_id(spec.from));
		if (!rc)
			rc = git_revwalk_push(walk, git_object_id(spec.to));
	}
	git_object_free(spec.from);
	git_object_free(spec.to);
	return rc < 0 ? fail_repo(repo_name, "cannot walk", arg) : 0;
}

struct tagrow {
	char *name;
	git_oid commit;
	int64_t date, tagdate;
	int annotated;
};

struct tagctx {
	git_repository *repo;
	const char *repo_name;
	struct tagrow *v;
	size_t n, cap;
	int bad;
};

static int
tag_cb(const char *name, git_oid *oid, void *payload)
{
	struct tagctx *t = payload;
	git_object *obj = NULL, *peeled = NULL;
	struct tagrow row;

	memset(&row, 0, sizeof row);
	if (git_object_lookup(&obj, t->repo, oid, GIT_OBJECT_ANY) < 0 ||
	    git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT) < 0) {
		warnx("%s: tag %s does not point to a commit: skipped", t->repo_name, name);
		t->bad++;
		goto out;
	}
	if (git_object_type(obj) == GIT_OBJECT_TAG) {
		const git_signature *sig = git_tag_tagger((git_tag *)obj);

		row.annotated = 1;
		row.tagdate = sig ? sig->when.time : INT64_MIN;
	} else {
		row.tagdate = INT64_MIN;
	}
	git_oid_cpy(&row.commit, git_object_id(peeled));
	row.date = git_commit_time((git_commit *)peeled);
	row.name = xstrdup(strncmp(name, "refs/tags/", 10) == 0 ? name + 10 : name);
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 64;
		t->v = xreallocarray(t->v, t->cap, sizeof *t->v);
	}
	t->v[t->n++] = row;
out:
	git_object_free(peeled);
	git_object_free(obj);
	return 0;
}

static int
cmp_tag(const void *a, const void *b)
{
	const struct tagrow *x = a, *y = b;

	if (x->date != y->date)
		return x->date < y->date ? -1 : 1;
	return strcmp(x->name, y->name);
}

static int
run_tags(git_repository *repo, const char *name, int header)
{
	struct tagctx t;
	struct buf row = BUF_INIT;
	char hex[GIT_OID_HEXSZ + 1], date[21];

	memset(&t, 0, sizeof t);
	t.repo = repo;
	t.repo_name = name;
	if (git_tag_foreach(repo, tag_cb, &t) < 0)
		return fail_repo(name, "cannot list tags", NULL);
	if (t.n)
		qsort(t.v, t.n, sizeof *t.v, cmp_tag);
	if (header)
		tsv_header(stdout, tag_columns, sizeof tag_columns / sizeof tag_columns[0]);
	for (size_t i = 0; i < t.n; i++) {
		tsv_addstr(&row, t.v[i].name);
		tsv_sep(&row);
		buf_addstr(&row, git_oid_tostr(hex, sizeof hex, &t.v[i].commit));
		tsv_sep(&row);
		iso_utc(date, t.v[i].date);
		buf_addstr(&row, date);
		tsv_sep(&row);
		buf_addstr(&row, t.v[i].annotated ? "yes" : "no");
		tsv_sep(&row);
		if (t.v[i].tagdate != INT64_MIN) {
			iso_utc(date, t.v[i].tagdate);
			buf_addstr(&row, date);
		}
		tsv_sep(&row);
		tsv_addstr(&row, name);
		tsv_row_end(&row, stdout);
		free(t.v[i].name);
	}
	free(t.v);
	buf_free(&row);
	return t.bad ? -1 : 0;
}

static long
ncpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 16 ? 16 : n;
}

int
main(int argc, char **argv)
{
	enum { O_MERGES = 256, O_SINCE, O_UNTIL, O_ALL };
	static const struct option longopts[] = {
		{ "jobs", required_argument, NULL, 'j' },
		{ "merges", no_argument, NULL, O_MERGES },
		{ "since", required_argument, NULL, O_SINCE },
		{ "until", required_argument, NULL, O_UNTIL },
		{ "all", no_argument, NULL, O_ALL },
		{ "find-renames", required_argument, NULL, 'M' },
		{ "unified", required_argument, NULL, 'U' },
		{ "tags", no_argument, NULL, 't' },
		{ "no-header", no_argument, NULL, 'H' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct run r;
	git_repository *repo = NULL;
	git_revwalk *walk = NULL;
	git_oid oid;
	long jobs = ncpus(), v;
	int ch, header = 1, quiet = 0, tags = 0, all = 0, err, rc = 0, i;
	pthread_t *th = NULL;

	setprogname(argv[0]);
	memset(&r, 0, sizeof r);
	r.o.rename_threshold = 50;
	r.o.context = 3;
	while ((ch = getopt_long(argc, argv, "j:M:U:tHqVh", longopts, NULL)) != -1) {
		switch (ch) {
		case 'j':
			if (parse_long(optarg, 1, 256, &jobs)) {
				warnx("bad number of jobs '%s' (1-256)", optarg);
				return 2;
			}
			break;
		case 'M':
			if (parse_long(optarg, 0, 100, &v)) {
				warnx("bad rename threshold '%s' (0-100)", optarg);
				return 2;
			}
			r.o.rename_threshold = (int)v;
			break;
		case 'U':
			if (parse_long(optarg, 0, 1000, &v)) {
				warnx("bad context '%s' (0-1000)", optarg);
				return 2;
			}
			r.o.context = (int)v;
			break;
		case O_MERGES:
			r.o.merges = 1;
			break;
		case O_SINCE:
		case O_UNTIL: {
			int64_t t;

			if (parse_date(optarg, &t)) {
				warnx("bad date '%s' (YYYY-MM-DD[THH:MM[:SS]][Z] or @seconds)", optarg);
				return 2;
			}
			if (ch == O_SINCE) {
				r.since = t;
				r.have_since = 1;
			} else {
				/* A bare day means the whole day. */
				r.until = strlen(optarg) == 10 ? t + 86399 : t;
				r.have_until = 1;
			}
			break;
		}
		case O_ALL:
			all = 1;
			break;
		case 't':
			tags = 1;
			break;
		case 'H':
			header = 0;
			break;
		case 'q':
			quiet = 1;
			break;
		case 'V':
			print_version();
			return 0;
		case 'h':
			help();
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind >= argc) {
		warnx("no repository given");
		usage(stderr);
		return 2;
	}
	r.o.repo = argv[optind++];

	git_libgit2_init();
	/*
	 * Objects come from the repository's own store: checking each one's
	 * SHA-1 on read (libgit2's default, git does not) costs a third of
	 * the run.
	 */
	git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
	if (git_repository_open_ext(&repo, r.o.repo, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL) < 0) {
		fail_repo(r.o.repo, "not a git repository", NULL);
		rc = 1;
		goto out;
	}
	if (git_repository_is_shallow(repo) == 1) {
		warnx("%s: shallow repository: its history is cut off (git fetch --unshallow)",
		    r.o.repo);
		rc = 1;
		goto out;
	}
	if (tags) {
		rc = run_tags(repo, r.o.repo, header) < 0;
		goto out;
	}
	if (git_revwalk_new(&walk, repo) < 0) {
		fail_repo(r.o.repo, "cannot walk the history", NULL);
		rc = 1;
		goto out;
	}
	git_revwalk_sorting(walk, GIT_SORT_NONE);
	if (all) {
		if (git_revwalk_push_glob(walk, "refs/*") < 0) {
			fail_repo(r.o.repo, "cannot read its refs", NULL);
			rc = 1;
			goto out;
		}
		/* A detached HEAD counts too, as for git log --all. */
		git_revwalk_push_head(walk);
	}
	for (i = optind; i < argc; i++) {
		if (add_revision(repo, walk, r.o.repo, argv[i]) < 0) {
			rc = 1;
			goto out;
		}
	}
	if (optind == argc && !all && git_revwalk_push_head(walk) < 0) {
		fail_repo(r.o.repo, "no HEAD to start from", NULL);
		rc = 1;
		goto out;
	}
	if (header)
		tsv_header(stdout, columns, sizeof columns / sizeof columns[0]);

	if (jobs == 1) {
		struct slot s;

		memset(&s, 0, sizeof s);
		while ((err = git_revwalk_next(&s.oid, walk)) == 0) {
			work_one(&r, repo, &s);
			emit(&r, &s);
		}
		buf_free(&s.row);
	} else {
		r.nring = (size_t)jobs * 8 + 8;
		r.ring = xcalloc(r.nring, sizeof *r.ring);
		pthread_mutex_init(&r.mu, NULL);
		pthread_cond_init(&r.work, NULL);
		pthread_cond_init(&r.done, NULL);
		th = xcalloc((size_t)jobs, sizeof *th);
		for (i = 0; i < jobs; i++)
			if (pthread_create(&th[i], NULL, worker, &r) != 0)
				die("cannot start a worker thread:");
		pthread_mutex_lock(&r.mu);
		for (;;) {
			/* The walk runs unlocked; only the ring needs the lock. */
			pthread_mutex_unlock(&r.mu);
			err = git_revwalk_next(&oid, walk);
			pthread_mutex_lock(&r.mu);
			if (err)
				break;
			drain(&r, 0);
			r.ring[r.queued % r.nring].oid = oid;
			r.ring[r.queued % r.nring].state = QUEUED;
			r.queued++;
			pthread_cond_signal(&r.work);
		}
		r.finished = 1;
		pthread_cond_broadcast(&r.work);
		drain(&r, 1);
		pthread_mutex_unlock(&r.mu);
		for (i = 0; i < jobs; i++)
			pthread_join(th[i], NULL);
		for (size_t k = 0; k < r.nring; k++)
			buf_free(&r.ring[k].row);
		free(r.ring);
		free(th);
		pthread_mutex_destroy(&r.mu);
		pthread_cond_destroy(&r.work);
		pthread_cond_destroy(&r.done);
	}
	if (err != GIT_ITEROVER) {
		fail_repo(r.o.repo, "history walk failed", NULL);
		rc = 1;
	}
	if (r.failed)
		rc = 1;
	if (!quiet || r.failed)
		warnx("%lu commits, %lu rows, %lu left out (merges, dates), %lu failed",
		    r.rows + r.skipped + r.failed, r.rows, r.skipped, r.failed);
out:
	git_revwalk_free(walk);
	git_repository_free(repo);
	git_libgit2_shutdown();
	close_stdout();
	return rc;
}
