/*
 * ptmaint - who should have answered: the MAINTAINERS sections of each
 * patch, from the file as it was when the patch was posted.
 *
 * Reads patch tables (patchtok) and writes one row per patch, section
 * and person or list of the section (M:, R:, L:).  The MAINTAINERS file
 * is one file (-f) or read with libgit2 from the first-parent history
 * of a repository (-g), each patch getting the version of the newest
 * commit at or before its date.  Parsed versions are cached by the few,
 * so input in date order (as archives are) parses each version once.
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <git2.h>

#include "buf.h"
#include "hunks.h"
#include "maint.h"
#include "tables.h"
#include "text.h"
#include "tsv.h"
#include "util.h"
#include "zio.h"

#define NCACHE 4

/* A change of the file along the history: from this commit on. */
struct version {
	int64_t time;            /* commit date, made non-decreasing */
	git_oid commit;
	git_oid blob;            /* zero: the file is not there */
	int has;
};

struct cached {
	size_t version;          /* index in versions, or SIZE_MAX: free */
	unsigned long used;
	struct mfile mf;
	char name[GIT_OID_HEXSZ + 1]; /* its commit id, the version column */
};

struct run {
	/* -g */
	git_repository *repo;
	const char *repo_name;
	const char *path;
	struct version *v;
	size_t nv;
	int *warned;             /* per version: its bad lines named once */
	/* -f */
	const char *file;
	const char *tree;        /* --tree: a checkout to ask about folders */
	struct mfile fixed;
	struct cached cache[NCACHE];
	unsigned long tick;
	size_t parsed;           /* versions parsed, counting re-parses once */
	unsigned long skipped;   /* MAINTAINERS lines skipped, all versions */
	int header, quiet, verbose;
	/* counts */
	unsigned long patches, insection, noversion, badrows;
};

static void
git_die(const char *what)
{
	const git_error *e = git_error_last();

	die("%s: %s", what, e && e->message ? e->message : "libgit2 error");
}

/*
 * The versions of the file along the first-parent history of rev,
 * oldest first: one entry each time its blob changes (or it appears or
 * goes).  Commit dates are made non-decreasing so that a date finds its
 * version by binary search.
 */
static void
read_history(struct run *r, const char *rev)
{
	git_object *obj = NULL;
	git_revwalk *w = NULL;
	git_oid id, last;
	int had = -1;
	size_t cap = 0;
	int64_t floor = INT64_MIN;

	if (git_revparse_single(&obj, r->repo, rev) < 0)
		git_die(rev);
	{
		git_object *c = NULL;

		if (git_object_peel(&c, obj, GIT_OBJECT_COMMIT) < 0)
			git_die(rev);
		git_oid_cpy(&id, git_object_id(c));
		git_object_free(c);
	}
	git_object_free(obj);
	if (git_revwalk_new(&w, r->repo) < 0 ||
	    git_revwalk_sorting(w, GIT_SORT_TOPOLOGICAL | GIT_SORT_REVERSE) < 0 ||
	    git_revwalk_simplify_first_parent(w) < 0 ||
	    git_revwalk_push(w, &id) < 0)
		git_die("walking the history");
	memset(&last, 0, sizeof last);
	while (git_revwalk_next(&id, w) == 0) {
		git_commit *c;
		git_tree *t;
		git_tree_entry *te = NULL;
		git_oid blob;
		int has = 0;
		int64_t time;

		if (git_commit_lookup(&c, r->repo, &id) < 0)
			git_die("reading a commit");
		time = (int64_t)git_commit_time(c);
		if (git_commit_tree(&t, c) < 0)
			git_die("reading a tree");
		memset(&blob, 0, sizeof blob);
		if (git_tree_entry_bypath(&te, t, r->path) == 0) {
			if (git_tree_entry_type(te) == GIT_OBJECT_BLOB) {
				git_oid_cpy(&blob, git_tree_entry_id(te));
				has = 1;
			}
			git_tree_entry_free(te);
		}
		git_error_clear();
		git_tree_free(t);
		git_commit_free(c);
		if (time < floor)
			time = floor;
		floor = time;
		if (has == had && (!has || git_oid_equal(&blob, &last)))
			continue;
		had = has;
		git_oid_cpy(&last, &blob);
		r->v = xgrow(r->v, &cap, r->nv, 64, sizeof *r->v);
		r->v[r->nv].time = time;
		git_oid_cpy(&r->v[r->nv].commit, &id);
		git_oid_cpy(&r->v[r->nv].blob, &blob);
		r->v[r->nv].has = has;
		r->nv++;
	}
	git_revwalk_free(w);
	r->warned = xcalloc(r->nv ? r->nv : 1, sizeof *r->warned);
}

/* The version in force at time t: the last one at or before it; SIZE_MAX if none. */
static size_t
version_at(const struct run *r, int64_t t)
{
	size_t lo = 0, hi = r->nv;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (r->v[mid].time <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || !r->v[lo - 1].has)
		return SIZE_MAX;
	return lo - 1;
}

struct dirctx {
	git_tree *tree;          /* -g */
	const char *base;        /* --tree */
};

static int
is_dir(void *ctx, const char *path)
{
	struct dirctx *d = ctx;

	if (d->tree) {
		git_tree_entry *te = NULL;
		int yes = 0;

		if (git_tree_entry_bypath(&te, d->tree, path) == 0) {
			yes = git_tree_entry_type(te) == GIT_OBJECT_TREE;
			git_tree_entry_free(te);
		}
		git_error_clear();
		return yes;
	}
	if (d->base) {
		struct buf b = { 0 };
		struct stat st;
		int yes;

		buf_addf(&b, "%s/%s", d->base, path);
		yes = stat(b.p, &st) == 0 && S_ISDIR(st.st_mode);
		buf_free(&b);
		return yes;
	}
	return 0;
}

/* The parsed file of version i, from the cache or read now. */
static const struct mfile *
load_version(struct run *r, size_t i, const char **name)
{
	struct cached *slot = NULL;
	git_commit *c = NULL;
	git_tree *t = NULL;
	git_blob *b = NULL;
	struct dirctx d = { NULL, NULL };
	char what[64];

	for (size_t k = 0; k < NCACHE; k++)
		if (r->cache[k].version == i) {
			r->cache[k].used = ++r->tick;
			*name = r->cache[k].name;
			return &r->cache[k].mf;
		}
	for (size_t k = 0; k < NCACHE; k++)
		if (!slot || r->cache[k].used < slot->used)
			slot = &r->cache[k];
	if (slot->version != SIZE_MAX)
		maint_free(&slot->mf);
	if (git_blob_lookup(&b, r->repo, &r->v[i].blob) < 0 ||
	    git_commit_lookup(&c, r->repo, &r->v[i].commit) < 0 ||
	    git_commit_tree(&t, c) < 0)
		git_die("reading MAINTAINERS");
	git_oid_tostr(slot->name, sizeof slot->name, &r->v[i].commit);
	snprintf(what, sizeof what, "%s@%.12s", r->path, slot->name);
	d.tree = t;
	maint_parse(&slot->mf, git_blob_rawcontent(b), (size_t)git_blob_rawsize(b), what,
	    is_dir, &d, r->quiet || r->warned[i]);
	if (!r->warned[i]) {
		r->warned[i] = 1;
		r->parsed++;
		r->skipped += slot->mf.nbad;
	}
	git_tree_free(t);
	git_commit_free(c);
	git_blob_free(b);
	slot->version = i;
	slot->used = ++r->tick;
	*name = slot->name;
	return &slot->mf;
}

/*
 * Rows are taken in chunks and each chunk is worked through grouped by
 * version, then written in input order: a table out of date order
 * parses a version once a chunk, not once a row.  A chunk holds what
 * matching needs (id, paths, the text for K:), so memory is bounded by
 * CHUNK_ROWS and CHUNK_BYTES, not by the table.
 */
#define CHUNK_ROWS 4096
#define CHUNK_BYTES (32u << 20)

struct prow {
	size_t id, idlen;        /* offsets in the chunk's data */
	size_t files, fileslen;  /* the files field, one path a line */
	size_t text;             /* K: text, NUL-terminated */
	size_t vi;               /* version, or SIZE_MAX: none */
	size_t out, outlen;      /* its output rows in the chunk's out */
};

struct chunk {
	struct buf data, out;
	struct prow *row;
	size_t n, cap;
	size_t *order;
	struct mresult res;
	const char **files;
	size_t capf;
};

/* The patch's text for K:: its message and the lines its hunks add or remove. */
static void
patch_text(struct buf *t, const struct tsv_field *msg, const struct tsv_field *hunks)
{
	if (msg) {
		buf_add(t, msg->s, msg->len);
		buf_addc(t, '\n');
	}
	if (hunks) {
		struct hunks_iter it;
		struct hunks_item x;

		hunks_iter_init(&it, hunks->s, hunks->len);
		while (hunks_next(&it, &x))
			if (x.kind == '+' || x.kind == '-') {
				buf_add(t, x.s, x.len);
				buf_addc(t, '\n');
			}
	}
	buf_addc(t, '\0');
}

static void
write_row(struct buf *row, const char *id, size_t idlen, const char *version,
    const struct mfile *mf, const struct mmatch *m, const struct mentry *e,
    int responsible)
{
	tsv_add(row, id, idlen);
	tsv_sep(row);
	tsv_addstr(row, version);
	tsv_sep(row);
	if (m) {
		const struct msection *s = &mf->s[m->section];
		const struct mentry *via = &mf->e[m->via];
		char role[2] = { e ? e->type : 0, 0 };

		tsv_add_utf8(row, s->title, strlen(s->title));
		tsv_sep(row);
		tsv_add_utf8(row, s->status, strlen(s->status));
		tsv_sep(row);
		tsv_addstr(row, role);
		tsv_sep(row);
		if (e)
			tsv_add_utf8(row, e->name, strlen(e->name));
		tsv_sep(row);
		if (e)
			tsv_add_utf8(row, e->addr, strlen(e->addr));
		tsv_sep(row);
		buf_addf(row, "%d", m->depth);
		tsv_sep(row);
		buf_addc(row, responsible ? '1' : '0');
		tsv_sep(row);
		buf_addc(row, via->type);
		buf_addc(row, ':');
		tsv_add_utf8(row, via->value, strlen(via->value));
	} else {
		for (int k = 0; k < 7; k++)
			tsv_sep(row);
	}
	buf_addc(row, '\n');
}

/* Split a files field (one path a line) in place. */
static size_t
split_files(char *s, size_t len, const char ***v, size_t *cap)
{
	size_t n = 0;
	char *p = s, *end = s + len;

	while (p < end) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		char *le = nl ? nl : end;

		*le = '\0';
		if (le > p) {
			*v = xgrow(*v, cap, n, 16, sizeof **v);
			(*v)[n++] = p;
		}
		p = le + 1;
	}
	return n;
}

/* The rows of one patch, at the end of ck->out. */
static void
match_row(struct run *r, struct chunk *ck, struct prow *pr)
{
	const struct mfile *mf = NULL;
	const char *version = "", *id = ck->data.p + pr->id;
	size_t nf, resp = 0;
	struct mresult *res = &ck->res;

	pr->out = ck->out.len;
	if (r->file) {
		mf = &r->fixed;
		version = r->file;
	} else if (pr->vi != SIZE_MAX)
		mf = load_version(r, pr->vi, &version);
	if (!mf) {
		write_row(&ck->out, id, pr->idlen, version, NULL, NULL, NULL, 0);
		goto done;
	}
	nf = split_files(ck->data.p + pr->files, pr->fileslen, &ck->files, &ck->capf);
	maint_match(mf, ck->files, nf, mf->nk ? ck->data.p + pr->text : NULL, res);
	if (!res->n) {
		write_row(&ck->out, id, pr->idlen, version, NULL, NULL, NULL, 0);
		goto done;
	}
	r->insection++;
	/* The catch-alls answer only for a patch nothing else claims. */
	for (size_t k = 0; k < res->n; k++)
		resp += res->m[k].depth >= 0;
	for (size_t k = 0; k < res->n; k++) {
		const struct mmatch *m = &res->m[k];
		const struct msection *s = &mf->s[m->section];
		int responsible = resp ? m->depth >= 0 : 1, any = 0;

		for (uint32_t j = s->first; j < s->first + s->n; j++) {
			const struct mentry *e = &mf->e[j];

			if (e->type != 'M' && e->type != 'R' && e->type != 'L')
				continue;
			write_row(&ck->out, id, pr->idlen, version, mf, m, e, responsible);
			any = 1;
		}
		if (!any)
			write_row(&ck->out, id, pr->idlen, version, mf, m, NULL, responsible);
	}
done:
	pr->outlen = ck->out.len - pr->out;
}

static const struct prow *sort_rows;

static int
by_version(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	size_t vx = sort_rows[x].vi, vy = sort_rows[y].vi;

	if (vx != vy)
		return vx < vy ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* Work through a chunk by version, write it in input order, empty it. */
static void
flush(struct run *r, struct chunk *ck)
{
	ck->order = xreallocarray(ck->order, ck->n ? ck->n : 1, sizeof *ck->order);
	for (size_t i = 0; i < ck->n; i++)
		ck->order[i] = i;
	sort_rows = ck->row;
	if (ck->n > 1)
		qsort(ck->order, ck->n, sizeof *ck->order, by_version);
	for (size_t i = 0; i < ck->n; i++)
		match_row(r, ck, &ck->row[ck->order[i]]);
	for (size_t i = 0; i < ck->n; i++)
		fwrite(ck->out.p + ck->row[i].out, 1, ck->row[i].outlen, stdout);
	buf_reset(&ck->out);
	buf_reset(&ck->data);
	ck->n = 0;
}

/*
 * Whether a patch's text (message and hunks) is read: for K: lines, of
 * the one file (-f) or of any version in the history (-g; a history
 * without the file has none).
 */
static int
needs_text(const struct run *r)
{
	if (r->file)
		return r->fixed.nk > 0;
	for (size_t i = 0; i < r->nv; i++)
		if (r->v[i].has)
			return 1;
	return 0;
}

/*
 * One patch table: 0; -1 when bad rows were named and left out; -2 when
 * it could not be opened or read to its end.
 */
static int
read_table(struct run *r, struct chunk *ck, const char *path)
{
	struct tsv_reader t;
	int cid, cdate, cfiles, chunks, cmsg, rc = 0, st, text;

	if ((st = tsv_open_table(&t, path)) <= 0)
		return st < 0 ? -2 : 0;
	cid = table_need(&t, TABLE_PATCHES, COL_ID);
	cdate = table_need(&t, TABLE_PATCHES, COL_DATE);
	cfiles = table_need(&t, TABLE_PATCHES, COL_FILES);
	chunks = table_col(&t, TABLE_PATCHES, COL_HUNKS);
	cmsg = table_col(&t, TABLE_PATCHES, COL_MSG);
	/*
	 * Without K: lines nothing reads a patch's text, and its message
	 * and hunks are most of the table's bytes: left unread.
	 */
	text = needs_text(r);
	if (!text) {
		table_skip(&t, TABLE_PATCHES, COL_MSG);
		table_skip(&t, TABLE_PATCHES, COL_HUNKS);
	}
	while ((st = tsv_next(&t)) > 0) {
		struct prow *pr;
		int64_t date;

		r->patches++;
		ck->row = xgrow(ck->row, &ck->cap, ck->n, 256, sizeof *ck->row);
		pr = &ck->row[ck->n++];
		pr->vi = r->file ? 0 : SIZE_MAX;
		if (!r->file) {
			if (iso_parse(t.f[cdate].s, &date) < 0) {
				warnx("%s:%lu: bad date \"%s\" of %s: no MAINTAINERS version for it",
				    t.name, t.lineno, t.f[cdate].s, t.f[cid].s);
				r->badrows++;
			} else
				pr->vi = version_at(r, date);
			if (pr->vi == SIZE_MAX)
				r->noversion++;
		}
		pr->id = ck->data.len;
		pr->idlen = t.f[cid].len;
		buf_add(&ck->data, t.f[cid].s, t.f[cid].len);
		pr->files = ck->data.len;
		pr->fileslen = t.f[cfiles].len;
		buf_add(&ck->data, t.f[cfiles].s, t.f[cfiles].len);
		buf_addc(&ck->data, '\0');
		pr->text = ck->data.len;
		/* Only K: reads the text. */
		if (!text)
			buf_addc(&ck->data, '\0');
		else
			patch_text(&ck->data, cmsg >= 0 ? &t.f[cmsg] : NULL,
			    chunks >= 0 ? &t.f[chunks] : NULL);
		if (ck->n == CHUNK_ROWS || ck->data.len >= CHUNK_BYTES)
			flush(r, ck);
	}
	if (st < 0)
		rc = -2;
	flush(r, ck);
	if (t.nbad) {
		r->badrows += t.nbad;
		if (rc == 0)
			rc = -1;
	}
	tsv_close(&t);
	return rc;
}

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: ptmaint [-HqvV] -f file [--tree dir] [table ...]\n"
	    "       ptmaint [-HqvV] -g repo [-r rev] [--path path] [table ...]\n");
}

static void
help(void)
{
	usage(stdout);
	fputs("\nFind the MAINTAINERS sections of each patch of patch tables\n"
	    "(patchtok), as the kernel's get_maintainer.pl does, with the file as\n"
	    "it was when the patch was posted.  One row per patch, section and\n"
	    "M:, R: or L: entry: id version section status role name addr depth\n"
	    "responsible via.\n\n"
	    "  -f, --file FILE       one MAINTAINERS file for every date\n"
	    "      --tree DIR        with -f: a checkout that says which patterns\n"
	    "                        name folders\n"
	    "  -g, --git REPO        read the file from the repository's history\n"
	    "  -r, --rev REV         the revision whose first-parent history counts\n"
	    "                        (default HEAD)\n"
	    "      --path PATH       where the file is (default MAINTAINERS)\n"
	    "  -H, --no-header       do not print the header line\n"
	    "  -q, --quiet           nothing on stderr but errors and what input was\n"
	    "                        skipped (cancels -v): no notes (bad lines of\n"
	    "                        MAINTAINERS, no MAINTAINERS in the history)\n"
	    "  -v, --verbose         a summary line on stderr (written anyway when\n"
	    "                        rows were skipped)\n"
	    "  -V, --version         print the version and exit\n"
	    "  -h, --help            print this help and exit\n\n"
	    "With no table, standard input is read.  See ptmaint(1).\n", stdout);
}

int
main(int argc, char **argv)
{
	enum { O_TREE = 256, O_PATH };
	static const struct option longopts[] = {
		{ "file", required_argument, NULL, 'f' },
		{ "tree", required_argument, NULL, O_TREE },
		{ "git", required_argument, NULL, 'g' },
		{ "rev", required_argument, NULL, 'r' },
		{ "path", required_argument, NULL, O_PATH },
		{ "no-header", no_argument, NULL, 'H' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct run r;
	struct chunk ck;
	const char *rev = "HEAD";
	int ch, rc = PT_EXIT_OK, rev_given = 0, path_given = 0;
	size_t nver;

	setprogname(argv[0]);
	memset(&r, 0, sizeof r);
	memset(&ck, 0, sizeof ck);
	r.header = 1;
	r.path = "MAINTAINERS";
	while ((ch = getopt_long(argc, argv, "f:g:r:HqvVh", longopts, NULL)) != -1) {
		switch (ch) {
		case 'f': r.file = optarg; break;
		case O_TREE: r.tree = optarg; break;
		case 'g': r.repo_name = optarg; break;
		case 'r': rev = optarg; rev_given = 1; break;
		case O_PATH: r.path = optarg; path_given = 1; break;
		case 'H': r.header = 0; break;
		case 'q': r.quiet = 1; r.verbose = 0; break;
		case 'v': r.verbose = 1; r.quiet = 0; break;
		case 'V': print_version(); return PT_EXIT_OK;
		case 'h': help(); return PT_EXIT_OK;
		default: usage(stderr); return PT_EXIT_FAILED;
		}
	}
	if (!r.file == !r.repo_name) {
		warnx(r.file ? "-f and -g exclude each other" : "which MAINTAINERS: -f file or -g repo");
		usage(stderr);
		return PT_EXIT_FAILED;
	}
	if (r.file && (rev_given || path_given)) {
		warnx("-r and --path go with -g (with -f there is no history)");
		usage(stderr);
		return PT_EXIT_FAILED;
	}
	if (r.tree && !r.file) {
		warnx("--tree goes with -f (with -g the repository's trees say it)");
		usage(stderr);
		return PT_EXIT_FAILED;
	}
	if (optind == argc)
		argv[--optind] = "-";

	for (size_t k = 0; k < NCACHE; k++)
		r.cache[k].version = SIZE_MAX;
	if (r.file) {
		struct zin *in = zin_open(r.file);
		struct buf text = { 0 };
		struct dirctx d = { NULL, r.tree };
		char chunk[65536];
		long n;

		if (!in)
			die("%s:", r.file);
		while ((n = zin_read(in, chunk, sizeof chunk)) > 0)
			buf_add(&text, chunk, (size_t)n);
		if (n < 0)
			die("%s: cannot read", r.file);
		zin_close(in);
		maint_parse(&r.fixed, text.p ? text.p : "", text.len, r.file, is_dir, &d, r.quiet);
		r.skipped = r.fixed.nbad;
		r.parsed = 1;
		buf_free(&text);
	} else {
		git_libgit2_init();
		/* Versions are parsed and kept here: libgit2 need not keep their blobs. */
		git_libgit2_opts(GIT_OPT_SET_CACHE_MAX_SIZE, (ssize_t)(16 << 20));
		if (git_repository_open_ext(&r.repo, r.repo_name, GIT_REPOSITORY_OPEN_NO_SEARCH,
		    NULL) < 0)
			git_die(r.repo_name);
		read_history(&r, rev);
	}

	if (r.header)
		table_header(stdout, TABLE_MAINTAINERS);
	/*
	 * A table not read to its end fails the run (2); bad rows and
	 * unreadable dates, named, leave a good table (1).  Bad lines of
	 * MAINTAINERS, named unless -q, do not count: they are the
	 * project's file, not the user's to mend.
	 */
	for (int i = optind; i < argc; i++)
		if (read_table(&r, &ck, argv[i]) == -2)
			rc = PT_EXIT_FAILED;
	mresult_free(&ck.res);
	buf_free(&ck.data);
	buf_free(&ck.out);
	free(ck.row);
	free(ck.order);
	free(ck.files);

	nver = r.file ? 1 : 0;
	for (size_t i = 0; i < r.nv; i++)
		nver += r.v[i].has;
	if (r.badrows)
		pt_exit_raise(&rc, PT_EXIT_SKIPPED);
	/*
	 * A history without the file is a note (-q silences it), the
	 * counts a summary: with -v, or when rows were skipped.
	 */
	if (!r.quiet && !r.file && !nver)
		warnx("%s: no %s in the history of %s: no sections, recipients only",
		    r.repo_name, r.path, rev);
	if (r.verbose || rc != PT_EXIT_OK)
		warnx("%lu patches, %lu in a section, %lu with no MAINTAINERS at their date; "
		    "%zu of %zu versions read, %lu lines skipped", r.patches, r.insection,
		    r.noversion, r.parsed, nver, r.skipped);

	for (size_t k = 0; k < NCACHE; k++)
		if (r.cache[k].version != SIZE_MAX)
			maint_free(&r.cache[k].mf);
	if (r.file)
		maint_free(&r.fixed);
	free(r.v);
	free(r.warned);
	if (r.repo) {
		git_repository_free(r.repo);
		git_libgit2_shutdown();
	}
	close_stdout();
	return rc;
}
