/*
 * paths.c - the patch table (patchtok): what each patch changes, and
 * from the commits' changes the repository's history of paths, when it
 * had each file and folder.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hunks.h"
#include "readers.h"
#include "tables.h"
#include "text.h"
#include "tsv.h"
#include "util.h"

static const char *
last_slash(const char *s, size_t n)
{
	while (n--)
		if (s[n] == '/')
			return s + n;
	return NULL;
}

/* The length of the folder of path p[0..n), with its slash; 0 at the top. */
size_t
folder_len(const char *p, size_t n)
{
	const char *slash = last_slash(p, n);

	return slash ? (size_t)(slash - p + 1) : 0;
}

/* The record of path p[0..n), added when new. */
static struct pathrec *
path_rec(struct model *md, const char *p, size_t n)
{
	int isnew;
	struct hent *e = hmap_put(&md->paths, p, n, &isnew);

	if (isnew) {
		struct pathrec *pr = arena_alloc(&md->mem, sizeof *pr);

		memset(pr, 0, sizeof *pr);
		pr->first_touch = NODATE;
		e->key = intern(&md->pool, p, n);
		e->val = pr;
	}
	return e->val;
}

/* A commit's change to path p[0..n): 'M' modified, 'C' created, 'D' deleted. */
static void
path_event(struct model *md, const char *p, size_t n, int kind, int64_t t, int64_t tc,
    const char *commit)
{
	struct pathrec *pr;

	if (!n || t == NODATE)
		return;
	pr = path_rec(md, p, n);
	if (kind == 'M' || kind == 'D')
		if (pr->first_touch == NODATE || t < pr->first_touch)
			pr->first_touch = t;
	if (kind == 'M')
		return;
	if (pr->nev == pr->capev) {
		pr->capev = pr->capev ? 2 * pr->capev : 2;
		pr->ev = xreallocarray(pr->ev, pr->capev, sizeof *pr->ev);
	}
	pr->ev[pr->nev].t = t;
	pr->ev[pr->nev].tc = tc;
	pr->ev[pr->nev].commit = commit;
	pr->ev[pr->nev++].kind = (unsigned char)kind;
}

/*
 * What a patch changes, one line a file: a kind and the path ("R" old
 * TAB new for a rename).  From the F lines of its hunks (hunks.h: "F
 * old TAB new", /dev/null for a side that is not there), else from
 * files and new (the files it creates), else its files, of unknown
 * kind.
 */
static void
changes(struct buf *out, const struct tsv_reader *r, int cfiles, int cnew, int chunks)
{
	struct line_walk lw;
	const char *p;
	size_t k;

	buf_reset(out);
	if (chunks >= 0 && r->f[chunks].len) {
		struct hunks_iter it;
		struct hunks_item x;
		struct buf ob = BUF_INIT, wb = BUF_INIT;

		hunks_iter_init(&it, r->f[chunks].s, r->f[chunks].len);
		while (hunks_next(&it, &x)) {
			const char *o, *w;
			size_t ol, wl;
			int onull, wnull;

			if (x.kind != 'F')
				continue;
			hunks_file(&x, &ob, &wb);
			o = ob.p, ol = ob.len, w = wb.p, wl = wb.len;
			onull = ol == 9 && !memcmp(o, "/dev/null", 9);
			wnull = wl == 9 && !memcmp(w, "/dev/null", 9);
			if (onull && !wnull && wl) {
				buf_addc(out, 'C');
				buf_add(out, w, wl);
			} else if (wnull && !onull && ol) {
				buf_addc(out, 'D');
				buf_add(out, o, ol);
			} else if (!onull && ol && wl && (ol != wl || memcmp(o, w, ol))) {
				buf_addc(out, 'R');
				buf_add(out, o, ol);
				buf_addc(out, '\t');
				buf_add(out, w, wl);
			} else if (!onull && ol) {
				buf_addc(out, 'M');
				buf_add(out, o, ol);
			} else {
				continue;
			}
			buf_addc(out, '\n');
		}
		buf_free(&ob);
		buf_free(&wb);
		if (out->len)
			return;
	}
	line_walk_init(&lw, r->f[cfiles].s, r->f[cfiles].len);
	while (line_next(&lw, &p, &k)) {
		if (k) {
			if (cnew < 0)
				buf_addc(out, 'U');
			else
				buf_addc(out, has_item(r->f[cnew].s, r->f[cnew].len, '\n', p, k) ? 'C' : 'M');
			buf_add(out, p, k);
			buf_addc(out, '\n');
		}
	}
}

/*
 * Is the file of a line of changes() (a kind, the path) one a release
 * bumps: VERSION, version.h, a change log, NEWS, release notes, a
 * package's spec or configure.ac?
 */
static int
version_file(const char *p, size_t n)
{
	static const char *const names[] = {
		"version", "changelog", "changes", "news", "release", "configure.ac",
		"configure.in",
	};
	const char *base = p + n;
	size_t k;

	while (base > p && base[-1] != '/' && base[-1] != '\t')
		base--;
	k = (size_t)(p + n - base);
	if (k > 5 && !strncasecmp(base + k - 5, ".spec", 5))
		return 1;
	/*
	 * Release notes, a file a release (Documentation/release-notes/v1.2.rst,
	 * Documentation/releases/v2.34-ReleaseNotes, RelNotes/2.40.txt).
	 */
	if (find_ci(p, n, "release-note") || find_ci(p, n, "release_note") ||
	    find_ci(p, n, "releasenote") || find_ci(p, n, "relnotes"))
		return 1;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (has_prefix_ci(base, k, names[i]))
			return 1;
	return 0;
}

/* Is the file of a line of changes() a translation (.po, .pot)? */
static int
po_file(const char *p, size_t n)
{
	return (n > 3 && !strncasecmp(p + n - 3, ".po", 3)) ||
	    (n > 4 && !strncasecmp(p + n - 4, ".pot", 4));
}

/* Does every line of changes() name a file that file_ok() takes? */
static int
only_files(const char *s, size_t n, int (*file_ok)(const char *, size_t))
{
	struct line_walk w;
	const char *p;
	size_t k;

	line_walk_init(&w, s, n);
	while (line_next(&w, &p, &k)) {
		if (k > 1 && !file_ok(p + 1, k - 1))
			return 0;
	}
	return 1;
}

/* A bit per file of the lines of changes(), by its path's hash (both names of a rename). */
uint64_t
files_bloom(const char *s, size_t n)
{
	uint64_t b = 0;
	struct line_walk w;
	const char *p;
	size_t k;

	line_walk_init(&w, s, n);
	while (line_next(&w, &p, &k)) {
		if (k > 1) {
			const char *tab = memchr(p + 1, '\t', k - 1);

			if (tab) {
				b |= (uint64_t)1 << (hash_bytes(p + 1, (size_t)(tab - p - 1)) & 63);
				b |= (uint64_t)1 << (hash_bytes(tab + 1, (size_t)(p + k - tab - 1)) & 63);
			} else {
				b |= (uint64_t)1 << (hash_bytes(p + 1, k - 1) & 63);
			}
		}
	}
	return b;
}

/*
 * A patch table (patchtok).  The commits' changes are the repository's
 * history of paths: which commit created, changed or deleted which file
 * (patch_history() turns them into dates).  The mails' changes are kept
 * to be checked against it (find_foreign()).
 */
/* The first 64 bits of a hex hash (the patch table's); 0 for none or not hex. */
static uint64_t
hash_hex(const char *s, size_t n)
{
	uint64_t h = 0;

	if (n > 16)
		n = 16;
	for (size_t i = 0; i < n; i++) {
		int c = s[i], v;

		if (c >= '0' && c <= '9')
			v = c - '0';
		else if (c >= 'a' && c <= 'f')
			v = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v = c - 'A' + 10;
		else
			return 0;
		h = h << 4 | (uint64_t)v;
	}
	return h;
}

uint32_t
blob_key(const char *s, size_t n)
{
	return n >= BLOB_HEX ? (uint32_t)hash_hex(s, BLOB_HEX) : 0;
}

/* A blob as the blobs column names it: 7 to 40 hex digits. */
static int
blob_ok(const char *s, size_t n)
{
	return n >= BLOB_HEX && n <= 40 && hex_run(s, n) == n;
}

int
blob_pair(const char *p, size_t k, uint32_t *pre, uint32_t *post)
{
	const char *dots = memchr(p, '.', k);

	if (!dots || dots + 2 > p + k || dots[1] != '.' || !blob_ok(p, (size_t)(dots - p)) ||
	    !blob_ok(dots + 2, (size_t)(p + k - dots - 2)))
		return 0;
	*pre = blob_key(p, (size_t)(dots - p));
	*post = blob_key(dots + 2, (size_t)(p + k - dots - 2));
	return 1;
}

/*
 * The blobs column of a patch table's row (patchtok: "PRE..POST" a
 * line) into md: a mail's pairs of keys kept with it, a commit's into
 * the history's set.  A line of another shape is named (file, line);
 * the row stays, its blobs unread: a mail's are dropped (the blobs
 * rule judges it not), and for a commit's the rule is left out, for a
 * blob of the history may be unknown (blobs_missing).
 */
static void
row_blobs(struct model *md, const struct tsv_reader *r, const char *s, size_t n,
    struct mail *m)
{
	struct line_walk w;
	const char *p;
	size_t k, np = 0;
	uint32_t pre, post;

	line_walk_init(&w, s, n);
	while (line_next(&w, &p, &k)) {
		if (!blob_pair(p, k, &pre, &post)) {
			warnx("%s:%lu: column blobs: not PRE..POST (7 to 40 hex digits a side): %.*s "
			    "(the row's blobs left out)", r->name, r->lineno, (int)(k < 40 ? k : 40), p);
			md->nbadblobs++;
			if (!m)
				md->blobs_missing = 1;
			return;
		}
		np++;
	}
	if (m && np)
		m->blobs = arena_alloc(&md->mem, 2 * np * sizeof *m->blobs);
	line_walk_init(&w, s, n);
	while (line_next(&w, &p, &k)) {
		blob_pair(p, k, &pre, &post);
		if (m) {
			m->blobs[2 * m->nblobs] = pre;
			m->blobs[2 * m->nblobs + 1] = post;
			m->nblobs++;
			continue;
		}
		if (pre)
			set64_add(&md->hblobs, pre);
		if (post)
			set64_add(&md->hblobs, post);
	}
}

int
load_patches(struct model *md, struct tsv_reader *r)
{
	int held = 0;
	int cid = table_need(r, TABLE_PATCHES, COL_ID);
	int ckind = table_need(r, TABLE_PATCHES, COL_KIND);
	int cfiles = table_need(r, TABLE_PATCHES, COL_FILES);
	int cdate = table_col(r, TABLE_PATCHES, COL_DATE);
	int cnew = table_col(r, TABLE_PATCHES, COL_NEW);
	int chunks = table_col(r, TABLE_PATCHES, COL_HUNKS);
	int cadate = table_col(r, TABLE_PATCHES, COL_AUTHOR_DATE);
	int cpaths = table_col(r, TABLE_PATCHES, COL_PATHS);
	int cflags = table_col(r, TABLE_PATCHES, COL_FLAGS);
	int chash = table_col(r, TABLE_PATCHES, COL_HASH);
	int ccred = table_col(r, TABLE_PATCHES, COL_CREDITS);
	int cblobs = table_col(r, TABLE_PATCHES, COL_BLOBS);
	struct buf ch = BUF_INIT;
	int got;

	/* One patch table of an older patchtok: the blobs tell nothing (tags.c). */
	if (cblobs < 0)
		md->blobs_missing = 1;

	table_skip(r, TABLE_PATCHES, COL_MSG);
	/*
	 * The F lines alone (paths), where the table has them: the hunks,
	 * most of its bytes, are then left unread.
	 */
	if (cpaths >= 0) {
		table_skip(r, TABLE_PATCHES, COL_HUNKS);
		chunks = cpaths;
	}
	while ((got = tsv_read(r)) != 0) {
		int64_t t, at = NODATE;
		const char *commit, *s;
		size_t n;
		int side;

		if (got < 0) {
			md->nbad++;
			if (got == -2)
				break;
			continue;
		}
		if (!strcmp(r->f[ckind].s, KIND_MAIL) && r->f[cid].len) {
			/* mail_node may move md->mails: the index first, then the pointer. */
			uint32_t x = mail_node(md, r->f[cid].s, r->f[cid].len);
			struct mail *m = &md->mails[x];

			held |= 1;
			if (!m->files) {
				changes(&ch, r, cfiles, cnew, chunks);
				m->files = arena_strndup(&md->mem, ch.p ? ch.p : "", ch.len);
				s = fld(r, chash, &n);
				m->phash = hash_hex(s, n);
				s = fld(r, cblobs, &n);
				row_blobs(md, r, s, n, m);
			}
			continue;
		}
		if (strcmp(r->f[ckind].s, KIND_COMMIT) || !r->f[cid].len)
			continue;
		held |= 2;
		md->has_paths = 1;
		if (cblobs >= 0) {
			md->has_blobs = 1;
			s = fld(r, cblobs, &n);
			row_blobs(md, r, s, n, NULL);
		}
		if (date_of(md, r, cdate, &t) < 0 || date_of(md, r, cadate, &at) < 0)
			continue;
		commit = intern(&md->pool, r->f[cid].s, r->f[cid].len);
		/*
		 * A side branch's commit (another branch than the main line)
		 * adds the paths it creates and changes; what it deletes is
		 * still the repository's.
		 */
		s = fld(r, cflags, &n);
		side = has_word(s, n, FLAG_SIDE);
		changes(&ch, r, cfiles, cnew, chunks);
		{
			/* commit_node may move md->commits: the index first. */
			uint32_t x = commit_node(md, r->f[cid].s, r->f[cid].len);

			md->commits[x].verfiles = ch.len && only_files(ch.p, ch.len, version_file);
			s = fld(r, cflags, &n);
			md->commits[x].bump = (unsigned char)has_word(s, n, FLAG_BUMP);
			md->commits[x].pofiles = ch.len && only_files(ch.p, ch.len, po_file);
			md->commits[x].fbloom |= files_bloom(ch.p, ch.len);
			s = fld(r, chash, &n);
			md->commits[x].phash = hash_hex(s, n);
			s = fld(r, ccred, &n);
			if (n)
				md->commits[x].credits = people_list(md, s, n, NULL, 0);
			/* A side branch's commit is never off-list: its files are not asked for. */
			if (!side && !md->commits[x].files)
				md->commits[x].files = arena_strndup(&md->mem, ch.p ? ch.p : "", ch.len);
		}
		for (const char *p = ch.p, *end = p + ch.len; p && p < end;) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			size_t k = (size_t)(nl - p);
			const char *tab = p[0] == 'R' ? memchr(p, '\t', k) : NULL;

			if (tab) {
				if (!side)
					path_event(md, p + 1, (size_t)(tab - p - 1), 'D', t, t, commit);
				path_event(md, tab + 1, (size_t)(p + k - tab - 1), 'C',
				    at != NODATE && at < t ? at : t, t, commit);
			} else {
				/* A patch table without kinds: every file was there before. */
				int kind = p[0] == 'U' ? 'M' : p[0];

				if (kind == 'D' && side) {
					p += k + 1;
					continue;
				}
				path_event(md, p + 1, k - 1, kind,
				    kind == 'C' && at != NODATE && at < t ? at : t, t, commit);
			}
			p += k + 1;
		}
	}
	buf_free(&ch);
	return held;
}

static int
cmp_pevent(const void *a, const void *b)
{
	const struct pevent *x = a, *y = b;

	if (x->tc != y->tc)
		return x->tc < y->tc ? -1 : 1;
	/* At one time, created before deleted: it was there. */
	if (x->kind != y->kind)
		return x->kind == 'C' ? -1 : 1;
	return strcmp(x->commit, y->commit);
}

static void
span_add(struct span **v, uint32_t *n, uint32_t *cap, int64_t from, int64_t to)
{
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 2;
		*v = xreallocarray(*v, *cap, sizeof **v);
	}
	(*v)[*n].from = from;
	(*v)[*n].to = to;
	(*n)++;
}

/*
 * The repository's history of paths as dates: per path the intervals it
 * was there, per folder the intervals it held a file.  A creation counts
 * from the creating commit's author date (the patch table's author_date,
 * else the commits table's author date, else its commit date), for the
 * file was in its author's tree, and on the list, from then (but not
 * before a deletion earlier in the history); a deletion from the
 * deleting commit's commit date.  The events go in the history's order,
 * by commit date.
 */
void
patch_history(struct model *md)
{
	for (size_t i = 0; i < md->paths.cap; i++) {
		struct hent *e = &md->paths.e[i];
		struct pathrec *pr;
		uint32_t capiv = 0;
		int open;
		int64_t from = INT64_MIN, first_c = INT64_MAX, last_d = INT64_MIN;

		if (!e->key)
			continue;
		pr = e->val;
		for (uint32_t k = 0; k < pr->nev; k++) {
			struct pevent *ev = &pr->ev[k];

			if (ev->kind == 'C') {
				const struct commit *c = commit_by_id(md, ev->commit, strlen(ev->commit));

				if (c && c->present && c->date != NODATE && c->date < ev->t)
					ev->t = c->date;
				if (ev->t < first_c)
					first_c = ev->t;
			}
		}
		if (pr->nev)
			qsort(pr->ev, pr->nev, sizeof *pr->ev, cmp_pevent);
		/* Changed before anything created it: there before the history began. */
		open = pr->first_touch != NODATE && pr->first_touch < first_c;
		for (uint32_t k = 0; k < pr->nev; k++) {
			const struct pevent *ev = &pr->ev[k];

			/*
			 * In the history's order (commit dates); a creation
			 * authored before the last deletion (a revert's file
			 * brought back) counts from that deletion.
			 */
			if (ev->kind == 'C' && !open) {
				open = 1;
				from = ev->t > last_d ? ev->t : last_d;
			} else if (ev->kind == 'D') {
				if (open && from < ev->tc)
					span_add(&pr->iv, &pr->niv, &capiv, from, ev->tc);
				open = 0;
				last_d = ev->tc;
			}
		}
		if (open)
			span_add(&pr->iv, &pr->niv, &capiv, from, INT64_MAX);
		/* Every folder above it held a file while it was there. */
		for (size_t n = folder_len(e->key, e->klen);; n = folder_len(e->key, n - 1)) {
			int isnew;
			struct hent *f = hmap_put(&md->folders, e->key, n, &isnew);
			struct folderrec *fr;

			if (isnew) {
				fr = arena_alloc(&md->mem, sizeof *fr);
				memset(fr, 0, sizeof *fr);
				f->val = fr;
			}
			fr = f->val;
			for (uint32_t k = 0; k < pr->niv; k++)
				span_add(&fr->iv, &fr->niv, &fr->capiv, pr->iv[k].from, pr->iv[k].to);
			if (!n)
				break;
		}
	}
	/* Each folder's intervals sorted and merged. */
	for (size_t i = 0; i < md->folders.cap; i++) {
		struct folderrec *fr = md->folders.e[i].val;

		if (md->folders.e[i].key)
			fr->niv = (uint32_t)spans_merge(fr->iv, fr->niv);
	}
}

/* Is t in one of the intervals v[0..n) ([from, to)); NODATE: in any? */
static int
in_iv(const struct span *v, uint32_t n, int64_t t)
{
	if (t == NODATE)
		return n > 0;
	for (uint32_t k = 0; k < n; k++)
		if (v[k].from <= t && t < v[k].to)
			return 1;
	return 0;
}

/* Did the repository have file p[0..n) at t (NODATE: ever)? */
int
file_at(const struct model *md, const char *p, size_t n, int64_t t)
{
	struct hent *e = hmap_get(&md->paths, p, n);
	const struct pathrec *pr = e ? e->val : NULL;

	return pr && in_iv(pr->iv, pr->niv, t);
}

/* Had the repository had file p[0..n) at some time up to t (deleted since, maybe)? */
int
file_by(const struct model *md, const char *p, size_t n, int64_t t)
{
	struct hent *e = hmap_get(&md->paths, p, n);
	const struct pathrec *pr = e ? e->val : NULL;

	if (!pr || !pr->niv)
		return 0;
	return t == NODATE || pr->iv[0].from <= t;
}

/* Did the repository have a file in folder f[0..n) ("a/b/"; "" the top) at t? */
int
folder_at(const struct model *md, const char *f, size_t n, int64_t t)
{
	struct hent *e = hmap_get(&md->folders, f, n);
	const struct folderrec *fr = e ? e->val : NULL;

	return fr && in_iv(fr->iv, fr->niv, t);
}

const char *
change_path(const char *line, size_t n, size_t *len)
{
	const char *tab = memchr(line, '\t', n);

	if (tab) {
		*len = (size_t)(line + n - tab - 1);
		return tab + 1;
	}
	*len = n ? n - 1 : 0;
	return line + (n ? 1 : 0);
}

int
shares_file(const char *a, const char *b)
{
	if (!a || !b)
		return 0;
	for (const char *p = a; *p;) {
		size_t k = strcspn(p, "\n"), pl;
		const char *pp = change_path(p, k, &pl);

		for (const char *q = b; *q;) {
			size_t j = strcspn(q, "\n"), ql;
			const char *qp = change_path(q, j, &ql);

			if (pl == ql && !memcmp(pp, qp, pl))
				return 1;
			q += j + (q[j] == '\n');
		}
		p += k + (p[k] == '\n');
	}
	return 0;
}

const char *
path_name(const char *p, size_t n, size_t *k)
{
	size_t b = n;

	while (b && p[b - 1] != '/')
		b--;
	*k = n - b;
	return p + b;
}

int
shares_name(const char *a, const char *b)
{
	if (!a || !b)
		return 0;
	for (const char *p = a; *p;) {
		size_t k = strcspn(p, "\n"), pl, an;
		const char *pp = change_path(p, k, &pl), *ap = path_name(pp, pl, &an);

		for (const char *q = b; *q && an;) {
			size_t j = strcspn(q, "\n"), ql, bn;
			const char *qp = change_path(q, j, &ql), *bp = path_name(qp, ql, &bn);

			if (an == bn && !memcmp(ap, bp, an))
				return 1;
			q += j + (q[j] == '\n');
		}
		p += k + (p[k] == '\n');
	}
	return 0;
}

int
covers_files(const char *a, const char *b)
{
	if (!a || !b || !*b)
		return 0;
	for (const char *q = b; *q;) {
		size_t j = strcspn(q, "\n"), ql;
		const char *qp = change_path(q, j, &ql);
		int found = 0;

		for (const char *p = a; *p && !found;) {
			size_t k = strcspn(p, "\n"), pl;
			const char *pp = change_path(p, k, &pl);

			found = pl == ql && !memcmp(pp, qp, pl);
			p += k + (p[k] == '\n');
		}
		if (!found)
			return 0;
		q += j + (q[j] == '\n');
	}
	return 1;
}

int
shares_folder(const char *a, const char *b)
{
	if (!a || !b)
		return 0;
	for (const char *p = a; *p;) {
		size_t k = strcspn(p, "\n"), pl, pf;
		const char *pp = change_path(p, k, &pl);

		pf = folder_len(pp, pl);
		for (const char *q = b; *q && pf;) {
			size_t j = strcspn(q, "\n"), ql;
			const char *qp = change_path(q, j, &ql);

			if (folder_len(qp, ql) == pf && !memcmp(pp, qp, pf))
				return 1;
			q += j + (q[j] == '\n');
		}
		p += k + (p[k] == '\n');
	}
	return 0;
}

void
patches_again(const struct model *md, int commits,
    void (*fn)(void *arg, const struct prow *row), void *arg)
{
	for (size_t t = 0; t < md->ntoks; t++) {
		struct tsv_reader r;
		struct prow p;

		/* The mails' tables, or the commits'. */
		if (!(md->tokheld[t] & (commits ? 2 : 1)) || tsv_open_table(&r, md->toks[t]) <= 0)
			continue;
		p.r = &r;
		p.cid = table_col(&r, TABLE_PATCHES, COL_ID);
		p.ckind = table_col(&r, TABLE_PATCHES, COL_KIND);
		p.chunks = table_col(&r, TABLE_PATCHES, COL_HUNKS);
		/*
		 * The hunks raw, unescaped only for the rows wanted; the
		 * message raw (only its issue references are looked for);
		 * the paths not at all.
		 */
		tsv_raw(&r, COL_HUNKS);
		tsv_raw(&r, COL_MSG);
		p.cmsg = table_col(&r, TABLE_PATCHES, COL_MSG);
		p.cblobs = table_col(&r, TABLE_PATCHES, COL_BLOBS);
		tsv_skip(&r, COL_PATHS);
		while (p.cid >= 0 && p.ckind >= 0 && p.chunks >= 0 && tsv_next(&r) > 0)
			fn(arg, &p);
		tsv_close(&r);
	}
}
