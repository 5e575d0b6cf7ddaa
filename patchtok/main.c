/*
 * patchtok - turn a table of mails (mbox2tsv) or commits (git2tsv) into
 * one row per patch holding what the scorer needs: touched files, line
 * counts, the normalized message, the normalized hunks and an exact
 * content hash.  Rows without a diff are passed over and counted.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <getopt.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hash.h"
#include "hunks.h"
#include "mailthread.h"
#include "opool.h"
#include "patch.h"
#include "subject.h"
#include "tables.h"
#include "text.h"
#include "tsv.h"
#include "util.h"
#include "vocab.h"

/*
 * Trailers that say who did what, not what the patch does: every
 * "Something-by:" and these.
 */
static const char *const trailers[] = {
	"cc", "link", "fixes", "message-id", "change-id", "buglink", "bug",
	"closes", "lkml-reference", "patch", "references", "resolves",
	"patchwork-id", "x-patchwork-id", "upstream-status", "stable-dep-of",
	"git-svn-id", "addresses-coverity-id", "coverity-id", "backport-of",
	NULL
};

static int
is_trailer(const char *s, size_t n)
{
	const char *colon = memchr(s, ':', n);
	size_t k;

	if (!colon || colon == s)
		return 0;
	k = (size_t)(colon - s);
	for (size_t i = 0; i < k; i++)
		if (!(isalnum((unsigned char)s[i]) || s[i] == '-' || s[i] == '_' ||
		    (s[i] == ' ' && k < 12)))
			return 0;
	if (k > 3 && strncasecmp(colon - 3, "-by", 3) == 0)
		return 1;
	for (const char *const *t = trailers; *t; t++)
		if (strlen(*t) == k && strncasecmp(s, *t, k) == 0)
			return 1;
	return 0;
}

/* A root commit of at most this many files is a patch, not an import. */
#define ROOT_FILES 100

/*
 * Trailers that credit a person with the change itself: its author, a
 * co-author, the first version's author, whoever suggested or reported
 * it.  Not a reviewer's, tester's or acker's.
 */
static const char *const credit_trailers[] = {
	"signed-off-by", "co-developed-by", "co-authored-by", "originally-by",
	"original-patch-by", "original-author", "based-on-patch-by",
	"based-on-a-patch-by", "suggested-by", "reported-by", "written-by", NULL
};

/* Does value v[0..n) ("Name <addr>") name the address a or the name m (any case)? */
static int
names_person(const char *v, size_t n, const char *a, size_t an, const char *m, size_t mn)
{
	if (an && n >= an) {
		for (size_t i = 0; i + an <= n; i++)
			if (!strncasecmp(v + i, a, an) && i && v[i - 1] == '<' && i + an < n &&
			    v[i + an] == '>')
				return 1;
	}
	return mn && n >= mn && !strncasecmp(v, m, mn) && (n == mn || v[mn] == ' ');
}

/*
 * credits: the people the message's credit trailers name, one a line
 * as written ("Name <addr>"), each once, but the commit's author and
 * committer (a maintainer's own sign-off credits nothing).
 */
static void
credits(struct buf *out, const char *body, size_t blen, const char *const *who,
    const size_t *wlen)
{
	struct line_walk w;
	const char *p, *s;
	size_t n;

	line_walk_init(&w, body, blen);
	while (line_next(&w, &p, &n)) {
		const char *colon, *v;
		size_t k, vn;
		int skip = 0;

		s = trim(p, &n);
		if (!n || !(colon = memchr(s, ':', n)))
			continue;
		k = (size_t)(colon - s);
		for (const char *const *t = credit_trailers; *t && !skip; t++)
			skip = strlen(*t) == k && !strncasecmp(s, *t, k);
		if (!skip)
			continue;
		v = colon + 1;
		vn = (size_t)(s + n - v);
		v = trim(v, &vn);
		if (!vn)
			continue;
		skip = 0;
		for (int i = 0; i < 4 && !skip; i += 2)
			skip = names_person(v, vn, who[i], wlen[i], who[i + 1], wlen[i + 1]);
		/* Once each. */
		if (skip || has_item(out->p, out->len, '\n', v, vn))
			continue;
		if (out->len)
			buf_addc(out, '\n');
		buf_add(out, v, vn);
	}
}

/*
 * The message as the scorer reads it: the title, then every non-empty
 * body line, stripped, without trailers; a first body line that repeats
 * the title goes.
 */
static void
normal_message(struct buf *out, const char *title, size_t tlen, const char *body,
    size_t blen)
{
	struct line_walk w;
	const char *p, *s;
	size_t n;
	int first = 1;

	buf_add(out, title, tlen);
	line_walk_init(&w, body, blen);
	while (line_next(&w, &p, &n)) {
		s = trim(p, &n);
		if (!n || is_trailer(s, n))
			continue;
		if (first && n == tlen && memcmp(s, title, n) == 0) {
			first = 0;
			continue;
		}
		first = 0;
		buf_addc(out, '\n');
		buf_add(out, s, n);
	}
}

static void
usage(FILE *fp)
{
	fprintf(fp, "usage: patchtok [-HqvV] [-j jobs] [table ...]\n");
}

static void
help(void)
{
	usage(stdout);
	fputs("\nRead mails (mbox2tsv) or commits (git2tsv) and write one row per\n"
	    "patch: id kind date author type list title files added removed hash\n"
	    "upstream links msg hunks name version part total thread new\n"
	    "author_date paths flags credits blobs, and any column of the input\n"
	    "patchtok does not know.\n"
	    "Rows without a diff are passed over and counted.\n\n"
	    "  -H, --no-header  do not print the header line\n"
	    "  -j, --jobs N     threads making rows (default: the CPUs, at most 4);\n"
	    "                   the rows are the same, in the same order\n"
	    "  -q, --quiet      nothing on stderr but errors and what input was\n"
	    "                   skipped (cancels -v); the default: patchtok\n"
	    "                   has no other notes\n"
	    "  -v, --verbose    a summary line on stderr (written anyway when\n"
	    "                   rows were skipped)\n"
	    "  -V, --version    print the version and exit\n"
	    "  -h, --help       print this help and exit\n\n"
	    "See patchtok(1) and patchtrack-tsv(5).\n", stdout);
}

struct cols {
	int id, date, commit_date, from_addr, title, subject, message, diff;
	int type, list, upstream, links;
	int from_name, version, part, total, in_reply_to, references, flags;
	int committer_addr, committer_name;
};

static const char *
field(const struct tsv_reader *r, int c, size_t *n)
{
	if (c < 0) {
		*n = 0;
		return "";
	}
	*n = r->f[c].len;
	return r->f[c].s;
}

static void
add_field(struct buf *row, const struct tsv_reader *r, int c)
{
	size_t n;
	const char *s = field(r, c, &n);

	tsv_add(row, s, n);
	tsv_sep(row);
}


/*
 * Rows are made by threads (opool.h) and written in order: the reading
 * thread copies each row's fields into a slot, a worker makes the
 * patch row of it, and the rows go out as they came in.
 */
enum { ROW_PATCH, ROW_NODIFF, ROW_NOFILE };

struct tslot {
	struct tsv_reader rv;   /* the row as the workers see it: f, name, lineno */
	struct tsv_field *f;
	size_t fcap;
	struct buf data;        /* the fields' bytes, each ended by a NUL */
	struct buf out;         /* the patch row made, if any */
	int kind;
};

/* What the threads share about the table being read. */
struct tjob {
	struct cols c;
	int commits;
	struct tsv_extra x;
	unsigned long nrows, npatch, nodiff, nbad;      /* the writer's */
};

/* A worker's scratch. */
struct tworker {
	struct buf title, tmp;
};

/* The slot's copy of the row r holds: the reader goes on meanwhile. */
static void
slot_fill(struct tslot *sl, const struct tsv_reader *r)
{
	size_t off;

	if (sl->fcap < r->ncols) {
		sl->fcap = r->ncols;
		sl->f = xreallocarray(sl->f, sl->fcap, sizeof *sl->f);
	}
	buf_reset(&sl->data);
	for (size_t k = 0; k < r->ncols; k++) {
		sl->f[k].len = r->f[k].len;
		buf_add(&sl->data, r->f[k].s, r->f[k].len);
		buf_addc(&sl->data, '\0');
	}
	off = 0;
	for (size_t k = 0; k < r->ncols; k++) {
		sl->f[k].s = sl->data.p + off;
		off += sl->f[k].len + 1;
	}
	memset(&sl->rv, 0, sizeof sl->rv);
	sl->rv.name = r->name;
	sl->rv.lineno = r->lineno;
	sl->rv.ncols = r->ncols;
	sl->rv.f = sl->f;
}

/* files: every name touched, old and new, once each, one a line. */
static void
files_column(struct buf *out, const struct patch *p)
{
	for (size_t k = 0; k < p->nf; k++) {
		const char *nm[2] = { p->f[k].old, p->f[k].new };

		for (int e = 0; e < 2; e++) {
			if (!*nm[e] || strcmp(nm[e], "/dev/null") == 0 ||
			    (e == 1 && strcmp(nm[0], nm[1]) == 0))
				continue;
			if (out->len)
				buf_addc(out, '\n');
			buf_addstr(out, nm[e]);
		}
	}
}

/* new: the files the patch creates, one a line. */
static void
new_column(struct buf *out, const struct patch *p)
{
	for (size_t k = 0; k < p->nf; k++) {
		if (strcmp(p->f[k].old, "/dev/null") != 0 || !*p->f[k].new ||
		    strcmp(p->f[k].new, "/dev/null") == 0)
			continue;
		if (out->len)
			buf_addc(out, '\n');
		buf_addstr(out, p->f[k].new);
	}
}

/*
 * paths: the F lines of hunks alone, so that what only needs the
 * files and what became of them (ptreport) reads a few bytes, not
 * the diff.
 */
static void
paths_column(struct buf *out, const struct patch *p)
{
	for (size_t k = 0; k < p->nf; k++)
		hunks_add_file(out, p->f[k].old, p->f[k].new);
	if (out->len)
		out->len--;   /* the last line's newline */
}

/*
 * thread: the first mail of the thread as this one names it (the
 * first reference, else In-Reply-To), else itself.
 */
static void
thread_column(struct buf *out, const struct tsv_reader *r, const struct cols *c)
{
	size_t nrefs, nirt, nid, n;
	const char *refs = field(r, c->references, &nrefs);
	const char *irt = field(r, c->in_reply_to, &nirt);
	const char *id = field(r, c->id, &nid);
	const char *s = thread_name(refs, nrefs, irt, nirt, id, nid, &n);

	tsv_add(out, s, n);
}

/*
 * blobs: the blobs each file's "index" line names, before and after
 * ("PRE..POST", as abbreviated), one a line, in the files' order; a
 * file without one is left out.
 */
static void
blobs_column(struct buf *out, const struct patch *p)
{
	for (size_t k = 0; k < p->nf; k++) {
		if (!p->f[k].pre)
			continue;
		if (out->len)
			buf_addc(out, '\n');
		buf_addf(out, "%s..%s", p->f[k].pre, p->f[k].post);
	}
}

/* credits: of a commit, the people its trailers credit but its author and committer */
static void
credits_column(struct buf *out, const struct tsv_reader *r, const struct cols *c)
{
	const char *who[4], *s;
	size_t wlen[4], n;

	who[0] = field(r, c->from_addr, &wlen[0]);
	who[1] = field(r, c->from_name, &wlen[1]);
	who[2] = field(r, c->committer_addr, &wlen[2]);
	who[3] = field(r, c->committer_name, &wlen[3]);
	s = field(r, c->message, &n);
	credits(out, s, n, who, wlen);
}

/* The title into w->title: the input's, else made of the subject. */
static void
make_title(struct tworker *w, const struct tsv_reader *r, const struct cols *c)
{
	const char *t;
	size_t tl;

	buf_reset(&w->title);
	if (c->title >= 0) {
		t = field(r, c->title, &tl);
		buf_add(&w->title, t, tl);
	} else {
		t = field(r, c->subject, &tl);
		subject_title(&w->title, t, tl);
	}
}

/* Add w->tmp as a column of out, and the separator after it. */
static void
add_tmp(struct buf *out, const struct tworker *w)
{
	tsv_add(out, w->tmp.p, w->tmp.len);
	tsv_sep(out);
}

/*
 * Do two lines differ in their numbers alone (runs of digits and dots:
 * "#define SOURCE_VERSION \"2019.2\"" and "... \"2019.3\""), each such
 * number dotted, and both name a version (the word, in any case)?
 */
static int
version_pair(const char *a, size_t an, const char *b, size_t bn)
{
	size_t i = 0, j = 0;
	int differ = 0;

	if (!find_ci(a, an, "version") || !find_ci(b, bn, "version"))
		return 0;
	while (i < an && j < bn) {
		size_t i0 = i, j0 = j;

		while (i < an && (isdigit((unsigned char)a[i]) || a[i] == '.'))
			i++;
		while (j < bn && (isdigit((unsigned char)b[j]) || b[j] == '.'))
			j++;
		if (!(i - i0) != !(j - j0))
			return 0;
		if (i - i0 != j - j0 || memcmp(a + i0, b + j0, i - i0)) {
			/* A version has a dot: 2019.3, 1.0.1 (not "clang 18", "MAX 6"). */
			if (!memchr(a + i0, '.', i - i0) || !memchr(b + j0, '.', j - j0))
				return 0;
			differ = 1;
		}
		if (i == i0) {
			if (a[i] != b[j])
				return 0;
			i++;
			j++;
		}
	}
	return i == an && j == bn && differ;
}

/*
 * Does patch p bump a version string alone: each hunk's removed lines
 * and added lines pair up (as many, BUMP_LINES at most in all), each
 * pair naming a version and differing in its dotted numbers alone?  A
 * release's next cycle opened ("Start new development cycle"), whatever
 * the file or the title.
 */
#define BUMP_LINES 8

static int
version_bump(const struct patch *p)
{
	size_t total = 0;

	if (!p->nf)
		return 0;
	for (size_t i = 0; i < p->nf; i++) {
		const struct pfile *f = &p->f[i];

		if (f->binary || !f->nh)
			return 0;
		for (size_t k = 0; k < f->nh; k++) {
			const struct phunk *h = &f->h[k];
			const char *a = h->removed.p, *b = h->added.p;
			const char *ae = a + h->removed.len, *be = b + h->added.len;

			if (h->nremoved != h->nadded || !h->nremoved)
				return 0;
			total += h->nremoved;
			if (total > BUMP_LINES)
				return 0;
			while (a < ae && b < be) {
				const char *an = memchr(a, '\n', (size_t)(ae - a));
				const char *bn = memchr(b, '\n', (size_t)(be - b));

				an = an ? an : ae;
				bn = bn ? bn : be;
				if (!version_pair(a, (size_t)(an - a), b, (size_t)(bn - b)))
					return 0;
				a = an + (an < ae);
				b = bn + (bn < be);
			}
		}
	}
	return total > 0;
}

/*
 * The patch row of r and its parsed diff p into out, w's buffers its
 * scratch.
 */
static void
patch_columns(struct buf *out, struct tworker *w, const struct tsv_reader *r,
    const struct tjob *jb, const struct patch *p)
{
	const struct cols *c = &jb->c;
	int commits = jb->commits;
	const char *s;
	size_t n;
	char hash[33];

	/* id kind date author type list title */
	add_field(out, r, c->id);
	buf_addstr(out, commits ? KIND_COMMIT : KIND_MAIL);
	tsv_sep(out);
	add_field(out, r, commits ? c->commit_date : c->date);
	add_field(out, r, c->from_addr);
	add_field(out, r, c->type);
	add_field(out, r, c->list);
	make_title(w, r, c);
	tsv_add(out, w->title.p, w->title.len);
	tsv_sep(out);
	buf_reset(&w->tmp);
	files_column(&w->tmp, p);
	add_tmp(out, w);
	buf_addf(out, "%zu\t%zu\t", p->added, p->removed);
	patch_hash(p, hash);
	buf_addstr(out, hash);
	tsv_sep(out);
	add_field(out, r, c->upstream);
	add_field(out, r, c->links);
	/* msg */
	buf_reset(&w->tmp);
	s = field(r, c->message, &n);
	normal_message(&w->tmp, w->title.p ? w->title.p : "", w->title.len, s, n);
	add_tmp(out, w);
	buf_reset(&w->tmp);
	patch_hunks(&w->tmp, p);
	add_tmp(out, w);
	/* name version part total: the sender and the subject's numbers */
	add_field(out, r, c->from_name);
	add_field(out, r, c->version);
	add_field(out, r, c->part);
	add_field(out, r, c->total);
	/* thread: empty for commits */
	if (!commits)
		thread_column(out, r, c);
	tsv_sep(out);
	buf_reset(&w->tmp);
	new_column(&w->tmp, p);
	add_tmp(out, w);
	/*
	 * author_date: when the patch was written; a commit made
	 * by git am from a mail has the mail's date.
	 */
	add_field(out, r, c->date);
	buf_reset(&w->tmp);
	paths_column(&w->tmp, p);
	add_tmp(out, w);
	/*
	 * flags: the input's (side: a commit of another branch than the
	 * main line), and bump where its diff bumps a version alone.
	 */
	s = field(r, c->flags, &n);
	buf_reset(&w->tmp);
	buf_add(&w->tmp, s, n);
	if (version_bump(p)) {
		if (w->tmp.len)
			buf_addc(&w->tmp, ',');
		buf_addstr(&w->tmp, FLAG_BUMP);
	}
	add_tmp(out, w);
	buf_reset(&w->tmp);
	if (commits)
		credits_column(&w->tmp, r, c);
	add_tmp(out, w);
	buf_reset(&w->tmp);
	blobs_column(&w->tmp, p);
	tsv_add(out, w->tmp.p, w->tmp.len);
	tsv_extra_row(&jb->x, r, out);
	buf_addc(out, '\n');
}

/* The patch row of a slot's row into sl->out, or its kind if none. */
static void
tok_row(struct tjob *jb, struct tworker *w, struct tslot *sl)
{
	const struct tsv_reader *r = &sl->rv;
	const struct cols *c = &jb->c;
	int commits = jb->commits;
	struct patch p;
	struct arena a = ARENA_INIT;
	size_t n;
	const char *s;
	int root;

	buf_reset(&sl->out);
	sl->kind = ROW_PATCH;
	s = field(r, c->diff, &n);
	/*
	 * The method: merges carry no diff, nor a root commit that imports
	 * a tree (more than ROOT_FILES files); a smaller one is the first
	 * patch of a project begun on its list.
	 */
	root = commits && c->type >= 0 && strcmp(r->f[c->type].s, TYPE_ROOT) == 0;
	if (commits && c->type >= 0 && strcmp(r->f[c->type].s, TYPE_MERGE) == 0)
		n = 0;
	if (!n) {
		sl->kind = ROW_NODIFF;
		return;
	}
	patch_parse(&p, s, n, &a);
	if (root && p.nf > ROOT_FILES) {
		sl->kind = ROW_NODIFF;
	} else if (!p.nf) {
		sl->kind = ROW_NOFILE;
		warnx("%s:%lu: %s: no file in its diff: passed over", r->name,
		    r->lineno, r->f[c->id].s);
	} else {
		patch_columns(&sl->out, w, r, jb, &p);
	}
	patch_free(&p);
	arena_free(&a);
}

static void *
pool_start(void *arg, int i)
{
	(void)arg;
	(void)i;
	return xcalloc(1, sizeof(struct tworker));
}

static void
pool_stop(void *arg, void *state)
{
	struct tworker *w = state;

	(void)arg;
	buf_free(&w->title);
	buf_free(&w->tmp);
	free(w);
}

static void
pool_work(void *arg, void *state, void *slot)
{
	tok_row(arg, state, slot);
}

/* A slot's buffers past this size are given back once written (buf_shrink). */
#define KEEP_BYTES ((size_t)64 << 10)

static void
pool_emit(void *arg, void *slot)
{
	struct tjob *jb = arg;
	struct tslot *sl = slot;

	jb->nrows++;
	if (sl->kind == ROW_NODIFF) {
		jb->nodiff++;
	} else if (sl->kind == ROW_NOFILE) {
		jb->nbad++;
	} else {
		if (fwrite(sl->out.p, 1, sl->out.len, stdout) != sl->out.len)
			die("error writing output:");
		jb->npatch++;
	}
	buf_shrink(&sl->data, KEEP_BYTES);
	buf_shrink(&sl->out, KEEP_BYTES);
}

static void
pool_slot_free(void *slot)
{
	struct tslot *sl = slot;

	free(sl->f);
	buf_free(&sl->data);
	buf_free(&sl->out);
}

/* Rows in flight at most, and their bytes (the mails of a big list: a few MB each). */
#define TOK_SLOTS 256
#define TOK_BYTES ((size_t)64 << 20)

/*
 * The options: -1 to go on, optind at the first table, else the exit
 * status (help, version or a usage error).
 */
static int
parse_args(int argc, char **argv, int *header, int *verbose, long *jobs)
{
	static const struct option longopts[] = {
		{ "no-header", no_argument, NULL, 'H' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int ch;

	while ((ch = getopt_long(argc, argv, "HqvVhj:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'H': *header = 0; break;
		case 'q': *verbose = 0; break;
		case 'v': *verbose = 1; break;
		case 'j':
			if (jobs_option(optarg, jobs) < 0) {
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case 'V': print_version(); return PT_EXIT_OK;
		case 'h': help(); return PT_EXIT_OK;
		default: usage(stderr); return PT_EXIT_FAILED;
		}
	}
	return -1;
}

/* The columns of mails, commits and patches: patchtok's, not passed through. */
static const char **
known_columns(size_t *n)
{
	static const enum table_kind kinds[] = { TABLE_MAILS, TABLE_COMMITS, TABLE_PATCHES };
	const char **known = NULL;

	*n = 0;
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		const struct table_cols *t = &table_cols[kinds[k]];

		known = xreallocarray(known, *n + t->n, sizeof *known);
		for (size_t j = 0; j < t->n; j++)
			known[(*n)++] = t->cols[j];
	}
	return known;
}

/*
 * The columns patchtok reads, by name in r's header (-1 when absent):
 * those of mails or commits by the kind of the table, the others by the
 * kind that has them.
 */
static void
find_columns(struct cols *c, struct tsv_reader *r)
{
	const enum table_kind m = TABLE_MAILS, g = TABLE_COMMITS;
	enum table_kind k;

	c->commit_date = table_col(r, g, COL_COMMIT_DATE);
	k = c->commit_date >= 0 ? g : m;
	c->id = table_need(r, k, COL_ID);
	c->diff = table_need(r, k, COL_DIFF);
	c->date = table_col(r, k, COL_DATE);
	c->from_addr = table_col(r, k, COL_FROM_ADDR);
	c->title = table_col(r, k, COL_TITLE);
	c->subject = table_col(r, k, COL_SUBJECT);
	c->message = table_col(r, k, COL_MESSAGE);
	c->type = table_col(r, k, COL_TYPE);
	c->list = table_col(r, m, COL_LIST);
	c->upstream = table_col(r, g, COL_UPSTREAM);
	c->links = table_col(r, g, COL_LINKS);
	c->from_name = table_col(r, k, COL_FROM_NAME);
	c->version = table_col(r, m, COL_VERSION);
	c->part = table_col(r, m, COL_PART);
	c->total = table_col(r, m, COL_TOTAL);
	c->in_reply_to = table_col(r, m, COL_IN_REPLY_TO);
	c->references = table_col(r, m, COL_REFERENCES);
	c->flags = table_col(r, k, COL_FLAGS);
	c->committer_addr = table_col(r, g, COL_COMMITTER_ADDR);
	c->committer_name = table_col(r, g, COL_COMMITTER_NAME);
}

/* The header line: the patches table's columns, then those passed through. */
static void
write_header(const struct tsv_extra *x, const struct tsv_reader *r)
{
	const struct table_cols *out = &table_cols[TABLE_PATCHES];
	struct buf row = BUF_INIT;

	for (size_t k = 0; k < out->n; k++) {
		if (k)
			tsv_sep(&row);
		buf_addstr(&row, out->cols[k]);
	}
	tsv_extra_header(x, r, &row);
	tsv_row_end(&row, stdout);
	buf_free(&row);
}

/*
 * Every row of r to the threads of jb, in order: 0, or -1 when the
 * table could not be read to its end.
 */
static int
tok_table(struct tjob *jb, struct tsv_reader *r, long jobs)
{
	static const struct opool_ops ops = {
		pool_start, pool_stop, pool_work, pool_emit, pool_slot_free, TOK_BYTES, 1
	};
	struct opool *pool = opool_new(&ops, jb, (int)jobs, TOK_SLOTS, 1, sizeof(struct tslot));
	int got, rc = 0;

	while ((got = tsv_next(r)) > 0) {
		struct tslot *sl;
		size_t bytes = 0;

		for (size_t k = 0; k < r->ncols; k++)
			bytes += r->f[k].len + 1;
		sl = opool_next_sized(pool, bytes);
		slot_fill(sl, r);
		opool_push(pool);
	}
	if (got < 0)
		rc = -1;
	opool_finish(pool);
	return rc;
}

int
main(int argc, char **argv)
{
	unsigned long nrows = 0, npatch = 0, nodiff = 0, nbad = 0;
	int header = 1, verbose = 0, rc, i, printed_header = 0;
	struct tsv_extra x = { 0, NULL, NULL };
	const char **known;
	size_t nknown;
	long jobs = 0;
	struct tjob jb;

	setprogname(argv[0]);
	if ((rc = parse_args(argc, argv, &header, &verbose, &jobs)) >= 0)
		return rc;
	rc = PT_EXIT_OK;
	known = known_columns(&nknown);
	if (!jobs)
		jobs = jobs_default(4);
	if (optind == argc)
		argv[--optind] = "-";
	for (i = optind; i < argc; i++) {
		struct tsv_reader r;

		/*
		 * A table that cannot be opened or read to its end fails the
		 * run; bad rows, named and passed over, leave a good one.
		 */
		if (!tsv_open_operand(&r, argv[i], &rc))
			continue;
		find_columns(&jb.c, &r);
		jb.commits = jb.c.commit_date >= 0;
		/*
		 * Columns patchtok does not know pass through: those of the
		 * first table, looked up by name in the later ones.
		 */
		if (!printed_header) {
			tsv_extra_init(&x, &r, known, nknown);
			if (header)
				write_header(&x, &r);
			printed_header = 1;
		} else {
			tsv_extra_follow(&x, &r);
		}
		jb.x = x;
		jb.nrows = jb.npatch = jb.nodiff = jb.nbad = 0;
		if (tok_table(&jb, &r, jobs) < 0)
			rc = PT_EXIT_FAILED;
		nrows += jb.nrows;
		npatch += jb.npatch;
		nodiff += jb.nodiff;
		nbad += jb.nbad;
		if (r.nbad)
			pt_exit_raise(&rc, PT_EXIT_SKIPPED);
		tsv_close(&r);
	}
	if (nbad)
		pt_exit_raise(&rc, PT_EXIT_SKIPPED);
	/* Quiet on success; a run that skipped input says what it made. */
	if (verbose || rc != PT_EXIT_OK)
		warnx("%lu rows, %lu patches, %lu without a diff, %lu with an unreadable diff",
		    nrows, npatch, nodiff, nbad);
	if (printed_header)
		tsv_extra_free(&x);
	free(known);
	close_stdout();
	return rc;
}
