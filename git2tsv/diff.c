/*
 * diff.c - a commit's patch text, as git diff-tree -p -M prints it.
 *
 * The changed files are found here by walking the two trees (skipping
 * identical subtrees, which libgit2's tree diff does not), renames are
 * found and file headers written the way git does them (libgit2 scores
 * and pairs renames differently), and libgit2 makes the hunks.
 * git's rules (diffcore-rename, diffcore-delta):
 *
 *  - Sources are deleted files, destinations added files, both in path
 *    order.  First exact renames: a destination takes the first unused
 *    source with the same blob, preferring one with the same basename.
 *  - Then files whose basename is unique among the remaining sources
 *    and among the remaining destinations are paired if their
 *    similarity reaches halfway between the threshold and 100%.
 *  - Then every remaining destination keeps its four best sources; all
 *    candidates are sorted by score (same basename first on ties, the
 *    sort stable) and paired greedily, each file once, down to the
 *    threshold.  Above 1000 x 1000 candidates this step is skipped.
 *  - Similarity: both files are cut into chunks ending at a newline or
 *    after 64 bytes (CR before LF ignored in text), chunks hashed; the
 *    bytes of destination chunks also found in the source, over the
 *    larger size, scaled to 60000.  Files whose sizes differ more than
 *    the threshold allows are not compared.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "git2tsv.h"
#include "hash.h"
#include "text.h"
#include "tsv.h"
#include "util.h"

#define MAX_SCORE 60000
#define HASHBASE 107927
#define CANDIDATES 4
#define RENAME_LIMIT 1000

struct chunk {
	unsigned hash;
	unsigned cnt;
};

/* A file taking part in rename detection. */
struct rfile {
	const git_diff_file *f;     /* old_file of a source, new_file of a destination */
	size_t delta;               /* index in the diff */
	int paired;                 /* source used / destination renamed */
	int pair;                   /* for a destination: index of its source */
	int score;
	int loaded;
	size_t size;
	struct chunk *ch;           /* sorted by hash, counts merged */
	size_t nch;
};

struct score {
	int src, dst;
	int score;
	int name;
};

static int
cmp_chunk(const void *a, const void *b)
{
	const struct chunk *x = a, *y = b;

	return x->hash < y->hash ? -1 : x->hash > y->hash;
}

/* Cut a blob into chunks and count the bytes per chunk hash (git's hash_chars). */
static void
hash_chars(struct rfile *rf, const unsigned char *buf, size_t sz)
{
	unsigned accum1 = 0, accum2 = 0, n = 0, c, old1;
	size_t nalloc = 64, k = 0, i;
	int text = memchr(buf, 0, sz < 8000 ? sz : 8000) == NULL;
	struct chunk *v = xcalloc(nalloc, sizeof *v);

	while (sz) {
		c = *buf++;
		old1 = accum1;
		sz--;
		if (text && c == '\r' && sz && *buf == '\n')
			continue;
		accum1 = (accum1 << 7) ^ (accum2 >> 25);
		accum2 = (accum2 << 7) ^ (old1 >> 25);
		accum1 += c;
		if (++n < 64 && c != '\n')
			continue;
		if (k == nalloc) {
			nalloc *= 2;
			v = xreallocarray(v, nalloc, sizeof *v);
		}
		v[k].hash = (accum1 + accum2 * 0x61) % HASHBASE;
		v[k].cnt = n;
		k++;
		n = 0;
		accum1 = accum2 = 0;
	}
	/* As git: a last chunk without a newline is not counted. */
	if (k)
		qsort(v, k, sizeof *v, cmp_chunk);
	for (i = 0, rf->nch = 0; i < k; i++) {
		if (rf->nch && v[rf->nch - 1].hash == v[i].hash)
			v[rf->nch - 1].cnt += v[i].cnt;
		else
			v[rf->nch++] = v[i];
	}
	rf->ch = v;
}

static int
load(struct keep *kp, struct rfile *rf)
{
	git_blob *b;

	if (rf->loaded)
		return rf->loaded > 0;
	if (keep_blob(kp, &b, &rf->f->id) < 0) {
		rf->loaded = -1;
		return 0;
	}
	rf->size = (size_t)git_blob_rawsize(b);
	hash_chars(rf, git_blob_rawcontent(b), rf->size);
	git_blob_free(b);
	rf->loaded = 1;
	return 1;
}

static int
is_reg(uint32_t mode)
{
	return (mode & 0170000) == 0100000;
}

/* git's estimate_similarity: 0..MAX_SCORE. */
static int
similarity(struct keep *kp, struct rfile *src, struct rfile *dst, int minimum)
{
	size_t max, base, delta, copied = 0;
	size_t i = 0, j = 0;

	if (!is_reg(src->f->mode) || !is_reg(dst->f->mode))
		return 0;
	if (!load(kp, src) || !load(kp, dst))
		return 0;
	max = src->size > dst->size ? src->size : dst->size;
	base = src->size < dst->size ? src->size : dst->size;
	delta = max - base;
	if ((uint64_t)max * (MAX_SCORE - minimum) < (uint64_t)delta * MAX_SCORE)
		return 0;
	while (i < src->nch && j < dst->nch) {
		if (src->ch[i].hash < dst->ch[j].hash) {
			i++;
		} else if (src->ch[i].hash > dst->ch[j].hash) {
			j++;
		} else {
			copied += src->ch[i].cnt < dst->ch[j].cnt ? src->ch[i].cnt : dst->ch[j].cnt;
			i++;
			j++;
		}
	}
	if (!dst->size)
		return 0;
	return (int)((uint64_t)copied * MAX_SCORE / max);
}

static const char *
basename_of(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

static int
basename_same(const char *a, const char *b)
{
	return strcmp(basename_of(a), basename_of(b)) == 0;
}

/* git's score_compare: higher scores first, same basename first on ties. */
static int
score_cmp(const struct score *a, const struct score *b)
{
	if (a->dst < 0)
		return b->dst >= 0;
	if (b->dst < 0)
		return -1;
	if (a->score == b->score)
		return b->name - a->name;
	return b->score - a->score;
}

/* A stable merge sort: glibc's qsort, which git uses, is one in practice. */
static void
sort_scores(struct score *v, size_t n)
{
	struct score *tmp;
	size_t width, i, l, r, m, e, k;

	if (n < 2)
		return;
	tmp = xreallocarray(NULL, n, sizeof *tmp);
	for (width = 1; width < n; width *= 2) {
		for (i = 0; i < n; i += 2 * width) {
			l = i;
			m = i + width < n ? i + width : n;
			e = i + 2 * width < n ? i + 2 * width : n;
			r = m;
			k = i;
			while (l < m && r < e)
				tmp[k++] = score_cmp(&v[r], &v[l]) < 0 ? v[r++] : v[l++];
			while (l < m)
				tmp[k++] = v[l++];
			while (r < e)
				tmp[k++] = v[r++];
		}
		memcpy(v, tmp, n * sizeof *v);
	}
	free(tmp);
}

static void
pair(struct rfile *dst, struct rfile *src, int srcidx, int score)
{
	dst->paired = 1;
	dst->pair = srcidx;
	dst->score = score;
	src->paired = 1;
}

/* Unique basename among the unpaired files of v? */
static int
unique_base(struct rfile *v, size_t n, size_t self)
{
	const char *b = basename_of(v[self].f->path);

	for (size_t i = 0; i < n; i++)
		if (i != self && !v[i].paired && strcmp(basename_of(v[i].f->path), b) == 0)
			return 0;
	return 1;
}

static void
find_renames(struct keep *kp, struct rfile *src, size_t nsrc,
    struct rfile *dst, size_t ndst, int minimum)
{
	struct score *mx, *m;
	size_t i, j, left = 0, nsrcleft = 0, k;
	int basename_min = minimum + (MAX_SCORE - minimum) / 2;

	/* Exact renames. */
	for (i = 0; i < ndst; i++) {
		int best = -1, best_score = -1, s;

		for (j = 0; j < nsrc; j++) {
			if (src[j].paired || !git_oid_equal(&src[j].f->id, &dst[i].f->id))
				continue;
			if ((!is_reg(src[j].f->mode) || !is_reg(dst[i].f->mode)) &&
			    src[j].f->mode != dst[i].f->mode)
				continue;
			s = 1 + basename_same(src[j].f->path, dst[i].f->path);
			if (s > best_score) {
				best = (int)j;
				best_score = s;
				if (s == 2)
					break;
			}
		}
		if (best >= 0)
			pair(&dst[i], &src[best], best, MAX_SCORE);
	}
	if (minimum >= MAX_SCORE)
		return;

	/* Unique basenames, with a higher bar. */
	for (j = 0; j < nsrc; j++) {
		if (src[j].paired || !unique_base(src, nsrc, j))
			continue;
		for (i = 0; i < ndst; i++) {
			int s;

			if (dst[i].paired || !basename_same(src[j].f->path, dst[i].f->path))
				continue;
			if (!unique_base(dst, ndst, i))
				break;
			s = similarity(kp, &src[j], &dst[i], basename_min);
			if (s >= basename_min)
				pair(&dst[i], &src[j], (int)j, s);
			break;
		}
	}

	/* The matrix of what is left. */
	for (i = 0; i < ndst; i++)
		left += !dst[i].paired;
	for (j = 0; j < nsrc; j++)
		nsrcleft += !src[j].paired;
	if (!left || !nsrcleft)
		return;
	if ((uint64_t)left * nsrcleft > (uint64_t)RENAME_LIMIT * RENAME_LIMIT)
		return;
	mx = xcalloc(left * CANDIDATES, sizeof *mx);
	for (i = 0, k = 0; i < ndst; i++) {
		if (dst[i].paired)
			continue;
		m = &mx[k * CANDIDATES];
		for (int c = 0; c < CANDIDATES; c++)
			m[c].dst = -1;
		for (j = 0; j < nsrc; j++) {
			struct score o;
			int worst = 0;

			if (src[j].paired)
				continue;
			o.score = similarity(kp, &src[j], &dst[i], minimum);
			o.name = basename_same(src[j].f->path, dst[i].f->path);
			o.dst = (int)i;
			o.src = (int)j;
			for (int c = 1; c < CANDIDATES; c++)
				if (score_cmp(&m[c], &m[worst]) > 0)
					worst = c;
			if (score_cmp(&m[worst], &o) > 0)
				m[worst] = o;
		}
		k++;
	}
	sort_scores(mx, left * CANDIDATES);
	for (i = 0; i < left * CANDIDATES; i++) {
		if (mx[i].dst < 0 || mx[i].score < minimum)
			break;
		if (dst[mx[i].dst].paired || src[mx[i].src].paired)
			continue;
		pair(&dst[mx[i].dst], &src[mx[i].src], mx[i].src, mx[i].score);
	}
	free(mx);
}

/* git's quote_c_style: does a path need quotes, and write it quoted. */
static int
needs_quote(const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c < 0x20 || c == '"' || c == '\\' || c >= 0x7f)
			return 1;
	}
	return 0;
}

static void
add_path(struct buf *b, const char *prefix, const char *path, int quote)
{
	/* The bytes with a letter of their own after the backslash, and the letters. */
	static const char special[] = "\a\b\t\n\v\f\r\"\\", letter[] = "abtnvfr\"\\";

	if (!quote) {
		buf_addstr(b, prefix);
		buf_addstr(b, path);
		return;
	}
	buf_addc(b, '"');
	buf_addstr(b, prefix);
	for (const char *s = path; *s; s++) {
		unsigned char c = (unsigned char)*s;
		const char *sp = strchr(special, c);

		if (sp) {
			buf_addc(b, '\\');
			buf_addc(b, letter[sp - special]);
		} else if (c < 0x20 || c >= 0x7f) {
			buf_addf(b, "\\%03o", c);
		} else {
			buf_addc(b, (char)c);
		}
	}
	buf_addc(b, '"');
}

/*
 * An object the diff needs cannot be read (rc is libgit2's answer):
 * say which in why, "blob <id> (path) is missing" or with libgit2's
 * message, and return DIFF_DAMAGED.  Running out of memory is no
 * damage of the repository: -1.
 */
static int
damage(struct buf *why, int rc, const char *what, const git_oid *id, const char *path)
{
	const git_error *e = git_error_last();
	char hex[GIT_OID_HEXSZ + 1];

	if (e && e->klass == GIT_ERROR_NOMEMORY)
		return -1;
	buf_reset(why);
	buf_addf(why, "%s %s", what, git_oid_tostr(hex, sizeof hex, id));
	if (path) {
		buf_addstr(why, " (");
		add_path(why, "", path, needs_quote(path));
		buf_addc(why, ')');
	}
	if (rc == GIT_ENOTFOUND)
		buf_addstr(why, " is missing");
	else
		buf_addf(why, ": %s", e && e->message ? e->message : "cannot be read");
	return DIFF_DAMAGED;
}

/* git shows regular files as 644 or 755, whatever the tree says. */
static unsigned
canon_mode(uint32_t mode)
{
	if (is_reg(mode))
		return (mode & 0111) ? 0100755 : 0100644;
	return mode;
}

static void
abbrev(struct buf *b, const git_oid *id)
{
	char hex[GIT_OID_HEXSZ + 1];

	git_oid_tostr(hex, sizeof hex, id);
	buf_add(b, hex, 7);
}

struct sink {
	struct buf *out;
	int badchar;
};

/* Append text escaped, bytes that are not UTF-8 as U+FFFD. */
static void
put(struct sink *l, const char *s, size_t n)
{
	if (tsv_add_utf8(l->out, s, n))
		l->badchar = 1;
}

/*
 * One file of the patch: the header lines git writes, down to "---"
 * and "+++" when hunks follow (hunks says so), or "Binary files ...
 * differ".  old or new is NULL for an added or deleted file; score > 0
 * makes it a rename.
 */
static void
put_file(struct sink *l, const git_diff_file *old, const git_diff_file *new,
    int score, int binary, int hunks)
{
	struct buf h = BUF_INIT;
	const char *op = old ? old->path : new->path, *np = new ? new->path : old->path;
	int qo = needs_quote(op), qn = needs_quote(np);
	unsigned om = old ? canon_mode(old->mode) : 0, nm = new ? canon_mode(new->mode) : 0;
	int same = old && new && git_oid_equal(&old->id, &new->id);

	/* A mode change git does not see (100664 is 100644 to git). */
	if (same && om == nm && score == 0)
		return;
	buf_addstr(&h, "diff --git ");
	add_path(&h, "a/", op, qo);
	buf_addc(&h, ' ');
	add_path(&h, "b/", np, qn);
	buf_addc(&h, '\n');
	if (!old) {
		buf_addf(&h, "new file mode %06o\n", nm);
	} else if (!new) {
		buf_addf(&h, "deleted file mode %06o\n", om);
	} else if (om != nm) {
		buf_addf(&h, "old mode %06o\nnew mode %06o\n", om, nm);
	}
	if (score > 0) {
		buf_addf(&h, "similarity index %d%%\n", score * 100 / MAX_SCORE);
		buf_addstr(&h, "rename from ");
		add_path(&h, "", op, needs_quote(op));
		buf_addstr(&h, "\nrename to ");
		add_path(&h, "", np, needs_quote(np));
		buf_addc(&h, '\n');
	}
	if (!same) {
		buf_addstr(&h, "index ");
		if (old)
			abbrev(&h, &old->id);
		else
			buf_addstr(&h, "0000000");
		buf_addstr(&h, "..");
		if (new)
			abbrev(&h, &new->id);
		else
			buf_addstr(&h, "0000000");
		if (old && new && om == nm)
			buf_addf(&h, " %06o", om);
		buf_addc(&h, '\n');
	}
	if (binary && !same) {
		buf_addstr(&h, "Binary files ");
		if (old)
			add_path(&h, "a/", op, qo);
		else
			buf_addstr(&h, "/dev/null");
		buf_addstr(&h, " and ");
		if (new)
			add_path(&h, "b/", np, qn);
		else
			buf_addstr(&h, "/dev/null");
		buf_addstr(&h, " differ\n");
	} else if (hunks) {
		/* git adds a TAB after a name with a blank in it. */
		buf_addstr(&h, "--- ");
		if (old)
			add_path(&h, "a/", op, qo);
		else
			buf_addstr(&h, "/dev/null");
		if (old && strchr(op, ' '))
			buf_addc(&h, '\t');
		buf_addstr(&h, "\n+++ ");
		if (new)
			add_path(&h, "b/", np, qn);
		else
			buf_addstr(&h, "/dev/null");
		if (new && strchr(np, ' '))
			buf_addc(&h, '\t');
		buf_addc(&h, '\n');
	}
	put(l, h.p, h.len);
	buf_free(&h);
}

/* git's buffer_is_binary: a NUL in the first 8000 bytes. */
static int
is_binary(const char *p, size_t n)
{
	return memchr(p, 0, n < 8000 ? n : 8000) != NULL;
}

/* One side of a file pair, as diff input: blob content or a submodule line. */
struct content {
	git_blob *blob;
	struct buf text;
	const char *p;
	size_t n;
};

static int
content_load(struct keep *kp, const git_diff_file *f, struct content *c)
{
	int rc;

	memset(c, 0, sizeof *c);
	c->p = "";
	if (!f)
		return 0;
	if ((f->mode & 0170000) == 0160000) {
		char hex[GIT_OID_HEXSZ + 1];

		/* A submodule shows as the commit it points to. */
		buf_addf(&c->text, "Subproject commit %s\n", git_oid_tostr(hex, sizeof hex, &f->id));
		c->p = c->text.p;
		c->n = c->text.len;
		return 0;
	}
	rc = keep_blob(kp, &c->blob, &f->id);
	if (rc < 0)
		return rc;
	c->p = git_blob_rawcontent(c->blob);
	c->n = (size_t)git_blob_rawsize(c->blob);
	return 0;
}

static void
content_free(struct content *c)
{
	git_blob_free(c->blob);
	buf_free(&c->text);
}

/* One text pair being diffed: its file header waits for the first hunk. */
struct pairout {
	struct sink *l;
	const git_diff_file *old, *new;
	int score;
	int started;            /* the header is written */
};

/*
 * A hunk's header, as git prints it: the function context without
 * trailing blanks (git trims them, libgit2 not).  The file's header
 * goes first, "---" and "+++" lines included.
 */
static int
hunk_cb(const git_diff_delta *d, const git_diff_hunk *hk, void *payload)
{
	struct pairout *po = payload;
	size_t k = hk->header_len;

	(void)d;
	if (!po->started) {
		put_file(po->l, po->old, po->new, po->score, 0, 1);
		po->started = 1;
	}
	while (k && (hk->header[k - 1] == '\n' || hk->header[k - 1] == ' ' ||
	    hk->header[k - 1] == '\t' || hk->header[k - 1] == '\r'))
		k--;
	put(po->l, hk->header, k);
	tsv_add(po->l->out, "\n", 1);
	return 0;
}

/* A line of a hunk; "\ No newline at end of file" comes as a line of its own. */
static int
line_cb(const git_diff_delta *d, const git_diff_hunk *hk, const git_diff_line *ln,
    void *payload)
{
	struct pairout *po = payload;

	(void)d;
	(void)hk;
	if (ln->origin == GIT_DIFF_LINE_ADDITION || ln->origin == GIT_DIFF_LINE_DELETION ||
	    ln->origin == GIT_DIFF_LINE_CONTEXT)
		buf_addc_fast(po->l->out, ln->origin);
	put(po->l, ln->content, ln->content_len);
	return 0;
}

/*
 * The hunks between two texts, written as libgit2 hands them over (no
 * patch is kept in memory).  Without context lines git first cuts the
 * files' common tail (in 1 KiB steps, then back to a line end), which
 * can move where a change shows; so is it done here.
 */
static int
diff_texts(const struct content *a, const struct content *b, const char *apath,
    const char *bpath, const git_diff_options *dopts, struct pairout *po)
{
	git_diff_options o = *dopts;
	size_t an = a->n, bn = b->n, trimmed = 0, recovered = 0;

	o.flags |= GIT_DIFF_FORCE_TEXT;
	if (o.context_lines == 0) {
		while (trimmed + 1024 <= (an < bn ? an : bn) &&
		    memcmp(a->p + an - trimmed - 1024, b->p + bn - trimmed - 1024, 1024) == 0)
			trimmed += 1024;
		while (recovered < trimmed)
			if (a->p[an - trimmed + recovered++] == '\n')
				break;
		an -= trimmed - recovered;
		bn -= trimmed - recovered;
	}
	/*
	 * From blobs when there are blobs: from buffers, libgit2 hashes
	 * both sides to name them, which costs more than the diff.
	 */
	if (an == a->n && bn == b->n && (a->blob || !a->n) && (b->blob || !b->n))
		return git_diff_blobs(a->blob, apath, b->blob, bpath, &o, NULL, NULL,
		    hunk_cb, line_cb, po);
	return git_diff_buffers(a->p, an, apath, b->p, bn, bpath, &o, NULL, NULL,
	    hunk_cb, line_cb, po);
}

/* A changed path: status 'A', 'D', 'M' or 'T' (file type changed). */
struct change {
	int status;
	git_diff_file old, new;
};

struct changes {
	struct change *v;
	size_t n, cap;
	struct arena paths;
};

static void
change_add(struct changes *cs, int status, const char *path, const git_tree_entry *a,
    const git_tree_entry *b)
{
	struct change *c;

	cs->v = xgrow(cs->v, &cs->cap, cs->n, 16, sizeof *cs->v);
	c = &cs->v[cs->n++];
	memset(c, 0, sizeof *c);
	c->status = status;
	if (a) {
		c->old.path = path;
		git_oid_cpy(&c->old.id, git_tree_entry_id(a));
		c->old.mode = (uint16_t)git_tree_entry_filemode(a);
	}
	if (b) {
		c->new.path = path;
		git_oid_cpy(&c->new.id, git_tree_entry_id(b));
		c->new.mode = (uint16_t)git_tree_entry_filemode(b);
	}
}

static int
is_tree(const git_tree_entry *e)
{
	return git_tree_entry_type(e) == GIT_OBJECT_TREE;
}

/* Tree order: a tree's name compares as if it ended in '/'. */
static int
entry_cmp(const git_tree_entry *a, const git_tree_entry *b)
{
	const char *x = git_tree_entry_name(a), *y = git_tree_entry_name(b);
	size_t i = 0;
	int cx, cy;

	while (x[i] && x[i] == y[i])
		i++;
	cx = x[i] ? (unsigned char)x[i] : is_tree(a) ? '/' : 0;
	cy = y[i] ? (unsigned char)y[i] : is_tree(b) ? '/' : 0;
	return cx - cy;
}

/*
 * The changed files between two trees (either may be NULL), in the
 * order git lists them; identical subtrees are skipped whole, which is
 * what makes this cheaper than libgit2's diff of every entry.
 */
static int
walk_trees(struct keep *kp, git_tree *a, git_tree *b, struct buf *prefix,
    struct changes *cs, struct buf *why)
{
	size_t na = a ? git_tree_entrycount(a) : 0, nb = b ? git_tree_entrycount(b) : 0;
	size_t i = 0, j = 0, plen = prefix->len;
	int rc = 0;

	while (!rc && (i < na || j < nb)) {
		const git_tree_entry *ea = i < na ? git_tree_entry_byindex(a, i) : NULL;
		const git_tree_entry *eb = j < nb ? git_tree_entry_byindex(b, j) : NULL;
		int c = !ea ? 1 : !eb ? -1 : entry_cmp(ea, eb);
		const git_tree_entry *name = c <= 0 ? ea : eb;
		git_tree *ta = NULL, *tb = NULL;
		char *path;

		buf_truncate(prefix, plen);
		if (!prefix->p)
			buf_addstr(prefix, "");
		buf_addstr(prefix, git_tree_entry_name(name));
		if (c == 0 && git_oid_equal(git_tree_entry_id(ea), git_tree_entry_id(eb)) &&
		    git_tree_entry_filemode(ea) == git_tree_entry_filemode(eb)) {
			i++;
			j++;
			continue;
		}
		if (is_tree(name)) {
			buf_addc(prefix, '/');
			if (c <= 0 && (rc = keep_tree(kp, &ta, git_tree_entry_id(ea))) < 0)
				rc = damage(why, rc, "tree", git_tree_entry_id(ea), prefix->p);
			if (!rc && c >= 0 &&
			    (rc = keep_tree(kp, &tb, git_tree_entry_id(eb))) < 0)
				rc = damage(why, rc, "tree", git_tree_entry_id(eb), prefix->p);
			if (!rc)
				rc = walk_trees(kp, ta, tb, prefix, cs, why);
			git_tree_free(ta);
			git_tree_free(tb);
		} else {
			path = arena_strndup(&cs->paths, prefix->p, prefix->len);
			if (c < 0)
				change_add(cs, 'D', path, ea, NULL);
			else if (c > 0)
				change_add(cs, 'A', path, NULL, eb);
			else
				change_add(cs, ((git_tree_entry_filemode(ea) ^
				    git_tree_entry_filemode(eb)) & 0170000) ? 'T' : 'M', path, ea, eb);
		}
		if (c <= 0)
			i++;
		if (c >= 0)
			j++;
	}
	buf_truncate(prefix, plen);
	return rc;
}

/*
 * The hunk of a text against nothing: every line of c, each after sign
 * ('+' for a file added, '-' for one deleted), as git prints it: no
 * function name, "@@ -0,0 +1,N @@" (",N" left out when N is 1) or
 * "@@ -1,N +0,0 @@", and a last line without a newline followed by
 * "\ No newline at end of file".  Nothing for an empty text.
 */
static void
put_whole(struct sink *l, const struct content *c, char sign)
{
	static const char eofnl[] = "\n\\ No newline at end of file\n";
	const char *s = c->p, *end = c->p + c->n, *nl;
	size_t lines = 0;
	char head[64];

	if (!c->n)
		return;
	for (nl = s; (nl = memchr(nl, '\n', (size_t)(end - nl))) != NULL; nl++)
		lines++;
	if (end[-1] != '\n')
		lines++;
	if (lines == 1)
		strcpy(head, sign == '+' ? "@@ -0,0 +1 @@" : "@@ -1 +0,0 @@");
	else if (sign == '+')
		snprintf(head, sizeof head, "@@ -0,0 +1,%zu @@", lines);
	else
		snprintf(head, sizeof head, "@@ -1,%zu +0,0 @@", lines);
	put(l, head, strlen(head));
	tsv_add(l->out, "\n", 1);
	while (s < end) {
		nl = memchr(s, '\n', (size_t)(end - s));
		nl = nl ? nl + 1 : end;
		buf_addc_fast(l->out, sign);
		put(l, s, (size_t)(nl - s));
		s = nl;
	}
	if (end[-1] != '\n')
		put(l, eofnl, sizeof eofnl - 1);
}

/*
 * Texts up to this size added or deleted whole are written here, not
 * diffed by libgit2 (which would hash every line of them and look up
 * the path's attributes twice to find what is known).
 */
#define WHOLE_MAX ((size_t)1 << 29)

/*
 * The path libgit2 is told for one side of a pair: it reads the path's
 * attributes to choose a diff driver (the function names of hunk
 * headers), so a path without any is passed as "", which gives the
 * same default driver without the lookup.  NULL for no side.
 */
static const char *
side_path(struct keep *kp, const git_diff_file *f)
{
	if (!f)
		return NULL;
	return keep_plain_path(kp, f->path) ? "" : f->path;
}

/* Print one file pair: headers, then hunks. */
static int
emit_pair(struct keep *kp, struct sink *l, const git_diff_file *old,
    const git_diff_file *new, int score, const git_diff_options *dopts, struct buf *why)
{
	struct content a, b;
	struct pairout po = { l, old, new, score, 0 };
	int rc;

	/*
	 * The same blob on both sides (an exact rename, a mode change)
	 * shows as headers only: its content is not needed, and a partial
	 * clone may not have it.
	 */
	if (old && new && git_oid_equal(&old->id, &new->id)) {
		put_file(l, old, new, score, 0, 0);
		return 0;
	}
	if ((rc = content_load(kp, old, &a)) < 0)
		return damage(why, rc, "blob", &old->id, old->path);
	if ((rc = content_load(kp, new, &b)) < 0) {
		content_free(&a);
		return damage(why, rc, "blob", &new->id, new->path);
	}
	rc = 0;
	if (is_binary(a.p, a.n) || is_binary(b.p, b.n)) {
		/* Binary, as git decides it: no hunks needed. */
		put_file(l, old, new, score, 1, 0);
	} else if ((!a.n || !b.n) && a.n + b.n <= WHOLE_MAX) {
		put_file(l, old, new, score, 0, a.n + b.n > 0);
		put_whole(l, a.n ? &a : &b, a.n ? '-' : '+');
	} else if (diff_texts(&a, &b, side_path(kp, old), side_path(kp, new), dopts, &po) == 0) {
		if (!po.started)
			put_file(l, old, new, score, 0, 0);
	} else {
		rc = -1;
	}
	content_free(&a);
	content_free(&b);
	return rc;
}

int
diff_commit(struct keep *kp, git_commit *c, const git_oid *ptree,
    const struct g2opts *o, struct buf *out, int *badchar, struct buf *why)
{
	git_diff_options dopts = GIT_DIFF_OPTIONS_INIT;
	git_tree *old = NULL, *new = NULL;
	git_commit *parent = NULL;
	struct sink l = { out, 0 };
	struct changes cs;
	struct buf prefix = BUF_INIT;
	struct rfile *src = NULL, *dst = NULL;
	size_t i, nsrc = 0, ndst = 0, isrc = 0, idst = 0;
	int rc = -1;

	memset(&cs, 0, sizeof cs);
	dopts.context_lines = (uint32_t)o->context;
	dopts.interhunk_lines = 0;
	/* git's default since 2.14: hunks land where git puts them. */
	dopts.flags |= GIT_DIFF_INDENT_HEURISTIC;
	/*
	 * Everything is read through kp's repository handle, not c's: c may
	 * come from the thread that walks the history.
	 */
	if ((rc = keep_tree(kp, &new, git_commit_tree_id(c))) < 0) {
		rc = damage(why, rc, "tree", git_commit_tree_id(c), NULL);
		goto out;
	}
	if (git_commit_parentcount(c) > 0) {
		if (!ptree) {
			rc = git_commit_lookup(&parent, kp->repo, git_commit_parent_id(c, 0));
			if (rc < 0) {
				rc = damage(why, rc, "parent commit", git_commit_parent_id(c, 0), NULL);
				goto out;
			}
			ptree = git_commit_tree_id(parent);
		}
		if ((rc = keep_tree(kp, &old, ptree)) < 0) {
			rc = damage(why, rc, "parent's tree", ptree, NULL);
			goto out;
		}
	}
	if ((rc = walk_trees(kp, old, new, &prefix, &cs, why)) != 0)
		goto out;
	rc = -1;
	src = xcalloc(cs.n ? cs.n : 1, sizeof *src);
	dst = xcalloc(cs.n ? cs.n : 1, sizeof *dst);
	for (i = 0; i < cs.n; i++) {
		if (cs.v[i].status == 'D') {
			src[nsrc].f = &cs.v[i].old;
			src[nsrc++].delta = i;
		} else if (cs.v[i].status == 'A') {
			dst[ndst].f = &cs.v[i].new;
			dst[ndst++].delta = i;
		}
	}
	if (nsrc && ndst && o->rename_threshold <= 100)
		find_renames(kp, src, nsrc, dst, ndst,
		    o->rename_threshold * MAX_SCORE / 100);

	/* Files in tree order; a rename stands where its new name does. */
	for (i = 0; i < cs.n; i++) {
		const struct change *ch = &cs.v[i];
		int err = 0;

		switch (ch->status) {
		case 'D':
			if (!src[isrc++].paired)
				err = emit_pair(kp, &l, &ch->old, NULL, 0, &dopts, why);
			break;
		case 'A':
			if (dst[idst].paired)
				err = emit_pair(kp, &l, src[dst[idst].pair].f, &ch->new,
				    dst[idst].score, &dopts, why);
			else
				err = emit_pair(kp, &l, NULL, &ch->new, 0, &dopts, why);
			idst++;
			break;
		case 'T':
			/* git shows a file that changes type as a deletion and a creation. */
			err = emit_pair(kp, &l, &ch->old, NULL, 0, &dopts, why);
			if (!err)
				err = emit_pair(kp, &l, NULL, &ch->new, 0, &dopts, why);
			break;
		default:
			err = emit_pair(kp, &l, &ch->old, &ch->new, 0, &dopts, why);
		}
		if (err) {
			rc = err;
			goto out;
		}
	}
	*badchar = l.badchar;
	rc = 0;
out:
	for (i = 0; i < nsrc; i++)
		free(src[i].ch);
	for (i = 0; i < ndst; i++)
		free(dst[i].ch);
	free(src);
	free(dst);
	free(cs.v);
	arena_free(&cs.paths);
	buf_free(&prefix);
	git_tree_free(old);
	git_tree_free(new);
	git_commit_free(parent);
	return rc;
}
