/*
 * foreign.c - which patch mails are another repository's, sent to the
 * same list: judged by the files they change against the repository's
 * history of paths and what the project's patches made known, then by
 * the votes of a posting's parts and of a title's prefix.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "subject.h"
#include "text.h"
#include "util.h"

/*
 * What the patches for the project so far make known beyond the
 * repository: per thread (by its root), the files they touch and their
 * folders; per author (by address), the files they create or rename to,
 * and their folders, with the earliest date; and to anyone (ANYONE in
 * the author map) those files alone, from that date to KNOWN_SECS after
 * the last patch creating them: a file the project took is in its
 * history by then, and one it never took (another repository's, an RFC
 * creating a MAINTAINERS of its own) stops making others' patches to
 * that name the project's.
 */
#define KNOWN_SECS (90 * 86400)
struct known {
	struct hmap thread, author;
	struct buf key;
	struct arena mem;
	int64_t end;             /* main_line_end(), before roles.c sets hist_end */
};

/* The author map's key for what every later patch may change. */
static const char anyone[1];
#define ANYONE (&anyone[0])

static const char *
known_key(struct known *kn, const void *who, size_t wlen, const char *p, size_t n)
{
	buf_reset(&kn->key);
	buf_add(&kn->key, who, wlen);
	buf_add(&kn->key, p, n);
	return kn->key.p;
}

static int
thread_has(struct known *kn, uint32_t root, const char *p, size_t n)
{
	known_key(kn, &root, sizeof root, p, n);
	return hmap_get(&kn->thread, kn->key.p, kn->key.len) != NULL;
}

static int
author_has(struct known *kn, const char *author, const char *p, size_t n, int64_t t)
{
	struct hent *e;

	known_key(kn, &author, sizeof author, p, n);
	e = hmap_get(&kn->author, kn->key.p, kn->key.len);
	if (!e || t == NODATE)
		return e != NULL;
	if (((int64_t *)e->val)[0] > t)
		return 0;
	return author != ANYONE || ((int64_t *)e->val)[1] == NODATE ||
	    t - ((int64_t *)e->val)[1] <= KNOWN_SECS;
}

static void
thread_add(struct known *kn, uint32_t root, const char *p, size_t n)
{
	for (size_t k = n;; k = folder_len(p, k - 1)) {
		int isnew;
		struct hent *e;

		known_key(kn, &root, sizeof root, p, k);
		e = hmap_put(&kn->thread, kn->key.p, kn->key.len, &isnew);
		if (!isnew && k < n)
			break;
		if (isnew)
			e->key = arena_strndup(&kn->mem, kn->key.p, kn->key.len);
		if (!k)
			break;
	}
}

static void
author_add(struct known *kn, const char *author, const char *p, size_t n, int64_t t)
{
	for (size_t k = n;; k = folder_len(p, k - 1)) {
		int isnew;
		struct hent *e;

		known_key(kn, &author, sizeof author, p, k);
		e = hmap_put(&kn->author, kn->key.p, kn->key.len, &isnew);
		if (isnew) {
			e->key = arena_strndup(&kn->mem, kn->key.p, kn->key.len);
			/* The earliest and the latest date. */
			e->val = arena_alloc(&kn->mem, 2 * sizeof(int64_t));
			((int64_t *)e->val)[0] = ((int64_t *)e->val)[1] = t;
		} else if (t != NODATE) {
			int64_t *d = e->val;

			if (d[0] == NODATE || t < d[0])
				d[0] = t;
			if (d[1] == NODATE || t > d[1])
				d[1] = t;
		}
		/* To anyone the file, not its folders. */
		if (!k || author == ANYONE)
			break;
	}
}

/* Is file p[0..n) one the patch may change: the repository's at t, or known as above? */
static int
change_known(const struct model *md, struct known *kn, const struct mail *m, uint32_t root,
    int kind, const char *p, size_t n)
{
	int64_t t = m->date;

	if (thread_has(kn, root, p, n) || author_has(kn, m->from, p, n, t) ||
	    author_has(kn, ANYONE, p, n, t))
		return 1;
	switch (kind) {
	case 'D':
		return file_by(md, p, n, t);
	case 'U':
		return file_at(md, p, n, t) || folder_at(md, p, folder_len(p, n), t);
	default:
		return file_at(md, p, n, t);
	}
}

/* Is the folder of new file p[0..n) one the repository (or as above) has at t? */
static int
folder_known(const struct model *md, struct known *kn, const struct mail *m, uint32_t root,
    const char *p, size_t n)
{
	size_t f = folder_len(p, n);

	return folder_at(md, p, f, m->date) || thread_has(kn, root, p, f) ||
	    author_has(kn, m->from, p, f, m->date);
}

static int generic_only(const char *files);

/*
 * Is mail patch m the project's?  Of the files it changes (modifies,
 * deletes, renames), at least half must be the repository's at its date
 * (a rename: either name; a deletion: a file the repository had by
 * then), or known from its thread or its author, and when just half,
 * the others in folders it has; a patch that only
 * creates files must create one in a folder the repository has then.
 * Files every project has (generic_file(): a README, the top Makefile)
 * tell nothing beside others: a test suite's patch to its README and
 * common/report is not the project's by the README (a patch of them
 * alone is judged by them, then by its title's prefix: prefix_vote()).
 * Sets the counts and a path for the verdict's detail.
 */
static int
judge(struct model *md, struct known *kn, struct mail *m, uint32_t root)
{
	uint32_t changed = 0, known = 0, created = 0, inknown = 0, lost = 0, never = 0;
	const char *why = NULL, *whynew = NULL;
	int skipgen = !generic_only(m->files);
	struct line_walk w;
	const char *p;
	size_t k;

	line_walk_init(&w, m->files, strlen(m->files));
	while (line_next(&w, &p, &k)) {
		const char *tab = k && p[0] == 'R' ? memchr(p, '\t', k) : NULL;

		if (k < 2 || (skipgen && generic_file(p + 1, tab ? (size_t)(tab - p - 1) : k - 1)))
			continue;
		if (p[0] == 'C') {
			int ok = folder_known(md, kn, m, root, p + 1, k - 1);

			created++;
			inknown += ok;
			if (!ok && !whynew)
				whynew = p + 1;
		} else {
			size_t ol = tab ? (size_t)(tab - p - 1) : k - 1;
			int ok = change_known(md, kn, m, root, p[0], p + 1, ol) ||
			    (tab && change_known(md, kn, m, root, 'M', tab + 1,
			    (size_t)(p + k - tab - 1)));

			changed++;
			known += ok;
			/*
			 * Not even its folder: a file of another tree altogether
			 * (a file a table without kinds names may be new).
			 */
			lost += !ok && p[0] != 'U' && !folder_known(md, kn, m, root, p + 1, ol);
			/*
			 * A file it modifies that the repository never had, at
			 * any time (the history given reaching KNOWN_SECS past
			 * it), nor a patch of its thread or author made: its diff
			 * was made on another tree.
			 */
			never += !ok && p[0] != 'U' && !file_at(md, p + 1, ol, NODATE) &&
			    !(tab && file_at(md, tab + 1, (size_t)(p + k - tab - 1), NODATE));
			if (!ok && !why)
				why = p + 1;
		}
	}
	m->fchanged = changed;
	m->fknown = changed ? known : inknown;
	m->fwhy = changed ? why : whynew;
	/*
	 * Half its files the repository's: the project's, unless the others
	 * are in folders it never had either (a library's patch carrying its
	 * copy of a kernel header the repository has a copy of too).
	 */
	if (changed)
		return 2 * known > changed || (2 * known == changed && !lost &&
		    (!never || kn->end == NODATE || m->date == NODATE ||
		    m->date > kn->end - KNOWN_SECS));
	return inknown > 0;
}

/* Patch m is the project's: what it changes becomes known to its thread and author. */
static void
learn(struct known *kn, const struct mail *m, uint32_t root)
{
	struct line_walk w;
	const char *p;
	size_t k;

	line_walk_init(&w, m->files, strlen(m->files));
	while (line_next(&w, &p, &k)) {
		const char *tab = k && p[0] == 'R' ? memchr(p, '\t', k) : NULL;

		if (k >= 2) {
			size_t ol = tab ? (size_t)(tab - p - 1) : k - 1;

			thread_add(kn, root, p + 1, ol);
			if (tab)
				thread_add(kn, root, tab + 1, (size_t)(p + k - tab - 1));
			if (p[0] == 'C') {
				author_add(kn, m->from, p + 1, k - 1, m->date);
				author_add(kn, ANYONE, p + 1, k - 1, m->date);
			} else if (tab) {
				author_add(kn, m->from, tab + 1, (size_t)(p + k - tab - 1), m->date);
				author_add(kn, ANYONE, tab + 1, (size_t)(p + k - tab - 1), m->date);
			}
		}
	}
}

/* A part k/N (k >= 1, N > 1) of a posting: its thread, version and N. */
struct ppart {
	uint32_t root, version, total, mail;
	int follow;              /* no part of it by number: follows the vote, casts none */
};

static int
cmp_ppart(const void *a, const void *b)
{
	const struct ppart *x = a, *y = b;

	if (x->root != y->root)
		return x->root < y->root ? -1 : 1;
	if (x->version != y->version)
		return x->version < y->version ? -1 : 1;
	if (x->total != y->total)
		return x->total < y->total ? -1 : 1;
	return (x->mail > y->mail) - (x->mail < y->mail);
}

/* Does a patch's change list (changes()) only create files? */
static int
creates_only(const char *files)
{
	if (!files || !*files)
		return 0;
	for (const char *p = files; *p;) {
		size_t k = strcspn(p, "\n");

		if (k && p[0] != 'C')
			return 0;
		p += k + (p[k] == '\n');
	}
	return 1;
}

/*
 * Does a patch's change list only create files at the top folder
 * (".clang-format", ".gitlab-ci.yml")?  Every repository has that
 * folder: its files tell nothing of which one the patch is for.
 */
static int
creates_top_only(const char *files)
{
	if (!creates_only(files))
		return 0;
	for (const char *p = files; *p;) {
		size_t k = strcspn(p, "\n");

		if (k > 1 && memchr(p + 1, '/', k - 1))
			return 0;
		p += k + (p[k] == '\n');
	}
	return 1;
}

/* Can patch m be judged by its files: a patch table row naming one? */
static int
judgeable(const struct mail *m)
{
	return m->files && *m->files;
}


/*
 * The history's name for itself: the title prefix ("batctl: ...") of
 * half its main line's commits at least, HPREFIX_MIN of them at least,
 * into md->hprefix ("" if none).  A project that names itself in every
 * title (alfred, batctl, btrfs-progs) is named so by its patches too.
 */
#define HPREFIX_MIN 20

static void
history_prefix(struct model *md)
{
	struct hmap by = HMAP_INIT;
	uint32_t n = 0, best = 0;
	char pre[sizeof md->hprefix];

	md->hprefix[0] = 0;
	for (size_t i = 0; i < md->ncommits; i++) {
		const struct commit *c = &md->commits[i];
		struct hent *e;
		size_t k;
		int isnew;

		if (!c->present || c->side || !c->subject)
			continue;
		n++;
		if (!(k = title_prefix(c->subject, pre, sizeof pre - 1)))
			continue;
		e = hmap_put(&by, pre, k, &isnew);
		if (isnew) {
			e->key = arena_strndup(&md->mem, pre, k);
			e->val = (void *)(uintptr_t)0;
		}
		e->val = (void *)((uintptr_t)e->val + 1);
		if ((uint32_t)(uintptr_t)e->val > best) {
			best = (uint32_t)(uintptr_t)e->val;
			memcpy(md->hprefix, pre, k);
			md->hprefix[k] = 0;
		}
	}
	if (best < HPREFIX_MIN || 2 * best < n)
		md->hprefix[0] = 0;
	hmap_free(&by);
}

/*
 * Was patch m made in the history's tree, and does it say so: every blob
 * its diff changes rests on it (blobs_root(), known after the tags), and
 * its title's prefix is the history's name for itself?  A series for
 * three repositories ("alfred: ...", "batctl: ...", "batman-adv: ...:
 * update copyright years") is one repository's in no part's eyes, but
 * each part names its own, whose files it changes in their very state.
 * (A header copied into several trees rests on each: its blob alone
 * tells nothing.)
 */
static int
made_here(const struct model *md, const struct mail *m)
{
	char pre[sizeof md->hprefix];
	size_t k;

	if (!m->bpre || m->broot != m->bpre || !md->hprefix[0])
		return 0;
	k = title_prefix(m->subject, pre, sizeof pre - 1);
	return k && k == strlen(md->hprefix) && !memcmp(pre, md->hprefix, k);
}

/*
 * A posting is for one repository: of the parts of one posting (one
 * thread, one version, one N), those judged by their files vote, and when
 * more are another repository's than the project's, all of them are
 * (byposting; a tie leaves each its own verdict).  A part so made
 * another repository's counts as the project's here, as its files said.
 * The counts go to every part of such a posting; 1 when a part was
 * newly made another repository's.  A patch without k/N replying to the
 * cover letter, creating files only, follows the vote and casts none, as
 * does a part creating files at the top folder alone.  A part made in
 * the history's tree (made_here()) keeps its own verdict.
 */
static int
posting_vote(struct model *md, struct ppart *v, size_t n)
{
	int more = 0;

	for (size_t i = 0, j; i < n; i = j) {
		uint32_t nf = 0, nj = 0;

		for (j = i; j < n && v[j].root == v[i].root && v[j].version == v[i].version &&
		    v[j].total == v[i].total; j++) {
			const struct mail *m = &md->mails[v[j].mail];

			if (v[j].follow || !judgeable(m))
				continue;
			nj++;
			nf += m->foreign && !m->byposting;
		}
		if (2 * nf <= nj)
			continue;
		for (size_t k = i; k < j; k++) {
			struct mail *m = &md->mails[v[k].mail];

			m->pforeign = nf;
			m->pjudged = nj;
			if (!m->foreign && !m->owntag && !made_here(md, m)) {
				m->foreign = m->byposting = 1;
				more = 1;
			}
		}
	}
	return more;
}

/*
 * Is the path of a line of changes() a file every project may have:
 * COPYING, LICENSE, README, MAINTAINERS, CREDITS, AUTHORS, CONTRIBUTING
 * (and their .md, .txt ...), .gitignore, .mailmap, or the top Makefile?
 */
int
generic_file(const char *p, size_t n)
{
	static const char *const names[] = {
		"copying", "license", "licence", "readme", "maintainers", "credits", "authors",
		"contributing", ".gitignore", ".mailmap",
	};
	size_t k;
	const char *base = path_name(p, n, &k);

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (has_prefix_ci(base, k, names[i]))
			return 1;
	return base == p && k == 8 && !memcmp(base, "Makefile", 8);
}

/* Does every line of a mail's changes name a generic_file() (and some line one)? */
static int
generic_only(const char *files)
{
	int any = 0;

	for (const char *p = files; *p;) {
		size_t k = strcspn(p, "\n");
		const char *tab = k && p[0] == 'R' ? memchr(p, '\t', k) : NULL;

		if (k > 1) {
			if (!generic_file(p + 1, tab ? (size_t)(tab - p - 1) : k - 1))
				return 0;
			any = 1;
		}
		p += k + (p[k] == '\n');
	}
	return any;
}

size_t
title_prefix(const char *subject, char *out, size_t cap)
{
	struct buf t = BUF_INIT;
	size_t k = 0, n = 0;

	subject_title(&t, subject, strlen(subject));
	while (k < t.len && t.p[k] != ' ' && t.p[k] != ':')
		k++;
	if (k && k + 1 < t.len && t.p[k] == ':' && t.p[k + 1] == ' ' && k < cap) {
		for (n = 0; n < k; n++)
			out[n] = (char)tolower((unsigned char)t.p[n]);
	}
	buf_free(&t);
	return n;
}

/*
 * A patch that changes only files every project has tells nothing by
 * them (a kernel patch to COPYING on a list that a project with a
 * COPYING shares): it goes with the patches of its title's prefix
 * ("Bluetooth: ", "erofs-utils: "), when at least PREFIX_MIN of them
 * are judged by their files and most are another repository's
 * (byauthor).
 */
#define PREFIX_MIN 3

static void
prefix_vote(struct model *md)
{
	struct hmap by = HMAP_INIT;
	struct avote {
		uint32_t foreign, judged;
	} *v;
	char pre[64];

	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < md->nmails; i++) {
			struct mail *m = &md->mails[i];
			struct hent *e;
			size_t n;
			int isnew;

			if (!m->present || m->type != MT_PATCH || !m->files || !*m->files ||
			    !(n = title_prefix(m->subject, pre, sizeof pre)))
				continue;
			if (!pass) {
				if (generic_only(m->files))
					continue;
				e = hmap_put(&by, pre, n, &isnew);
				if (isnew) {
					e->key = arena_strndup(&md->mem, pre, n);
					v = arena_alloc(&md->mem, sizeof *v);
					v->foreign = v->judged = 0;
					e->val = v;
				}
				v = e->val;
				v->judged++;
				v->foreign += m->foreign;
			} else if (!m->foreign && !m->owntag && generic_only(m->files) &&
			    (e = hmap_get(&by, pre, n))) {
				v = e->val;
				/*
				 * After the tags (foreign_run() again): one that
				 * carries a tag the history takes is the project's
				 * by it, as own_tags() makes it the first time.
				 */
				if (v->judged < PREFIX_MIN || 2 * v->foreign <= v->judged)
					continue;
				if (m->owntagged) {
					m->owntag = OWN_PREFIX;
				} else {
					m->foreign = m->byauthor = 1;
					m->pforeign = v->foreign;
					m->pjudged = v->judged;
				}
			}
		}
	hmap_free(&by);
}

/*
 * Which patch mails are another project's (sent to the same list): see
 * judge().  Known only with a patch table of commits (the repository's
 * history) and of mails (their changes).  A patch found the project's
 * makes its files known to the other patches of its thread (2/N changes
 * what 1/N creates) and its new files to its author's later patches (a
 * series sent without threading, a series built on an unmerged one),
 * and those files (not their folders) to anyone's later patches (a
 * series built on another's unmerged one);
 * rounds go on until no more are found.  Then the parts of each posting
 * vote (posting_vote()); when that makes some another repository's, they
 * teach nothing: the rounds run again without them.
 */
static void
foreign_run(struct model *md, int keep)
{
	struct ppart *pp = NULL;
	uint32_t *cov, *ctot;
	size_t npp = 0;
	int again = 1;
	int64_t end;

	if (!md->has_paths)
		return;
	end = main_line_end(md);
	pp = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *pp);
	npp = 0;
	/*
	 * Each patch's cover letter (up the patches it replies to: a
	 * chained series), and the N its numbered parts give that cover.
	 */
	cov = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *cov);
	ctot = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *ctot);
	for (size_t i = 0; i < md->nmails; i++)
		cov[i] = ctot[i] = NONE;
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		if (!m->present || m->type != MT_PATCH)
			continue;
		for (uint32_t x = m->tgt, k = 0; x != NONE && x != i && k < 1000; k++) {
			const struct mail *c = &md->mails[x];

			if (c->type == MT_COVER && c->present) {
				cov[i] = x;
				break;
			}
			if (c->type != MT_PATCH || c->tgt == x)
				break;
			x = c->tgt;
		}
		if (cov[i] != NONE && m->total > 1 && m->part != NONE && m->part >= 1 &&
		    ctot[cov[i]] == NONE)
			ctot[cov[i]] = m->total;
	}
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		if (!m->present || m->type != MT_PATCH)
			continue;
		pp[npp].follow = 0;
		if (m->total > 1 && m->part != NONE && m->part >= 1) {
			/*
			 * A part that only creates files at the top folder
			 * follows the others' vote and casts none: "[PATCH 1/2]
			 * add clang-format kernel style" is the project's of
			 * "[PATCH 2/2] treewide: apply ..." (another
			 * repository's sources), and "[PATCH urngd 1/4] Add
			 * initial GitLab CI support" of its 2/4 and 3/4.
			 */
			pp[npp].follow = creates_top_only(m->files);
			pp[npp].version = m->version;
			pp[npp].total = m->total;
		} else if (cov[i] != NONE && creates_only(m->files)) {
			/*
			 * A patch without k/N sent as a reply to a cover letter,
			 * that only creates files (a top folder every repository
			 * has decides nothing): of that posting, with the N of
			 * its numbered parts, following their vote and casting
			 * none.  One that changes the repository's files (the
			 * tools' half of a kernel posting) is left to them.
			 */
			const struct mail *c = &md->mails[cov[i]];

			pp[npp].follow = 1;
			pp[npp].version = c->version;
			pp[npp].total = ctot[cov[i]] != NONE ? ctot[cov[i]] : c->total;
		} else {
			continue;
		}
		pp[npp].root = uf_find(&md->threads, (uint32_t)i);
		pp[npp++].mail = (uint32_t)i;
	}
	free(cov);
	free(ctot);
	if (npp)
		qsort(pp, npp, sizeof *pp, cmp_ppart);
	while (again) {
		struct known kn;
		int more = 1;

		memset(&kn, 0, sizeof kn);
		kn.end = end;
		for (size_t i = 0; i < md->nmails; i++) {
			struct mail *m = &md->mails[i];

			/*
			 * After the blobs: a part made in the history's tree is
			 * judged by its own files again, whatever its posting's
			 * other parts (posting_vote()).
			 */
			if (keep && m->byposting && made_here(md, m))
				m->byposting = 0;
			m->foreign = m->present && m->type == MT_PATCH && !m->owntag &&
			    (m->files || m->byposting || (keep && (m->bytag || m->byblobs)));
			if (keep)
				m->byauthor = 0;
			/* The project's by its tag: what it changes is known to its thread and author. */
			if (m->owntag && m->files)
				learn(&kn, m, uf_find(&md->threads, (uint32_t)i));
		}
		while (more) {
			more = 0;
			for (size_t i = 0; i < md->nmails; i++) {
				struct mail *m = &md->mails[i];
				uint32_t root;

				if (!m->foreign || m->byposting || !m->files ||
				    (keep && (m->bytag || m->byblobs)))
					continue;
				root = uf_find(&md->threads, (uint32_t)i);
				if (!judge(md, &kn, m, root))
					continue;
				m->foreign = 0;
				learn(&kn, m, root);
				more = 1;
			}
		}
		hmap_free(&kn.thread);
		hmap_free(&kn.author);
		buf_free(&kn.key);
		arena_free(&kn.mem);
		again = posting_vote(md, pp, npp);
	}
	free(pp);
	prefix_vote(md);
}

void
find_foreign(struct model *md)
{
	/* The history of each path, once (its intervals are built on). */
	if (md->has_paths)
		patch_history(md);
	foreign_run(md, 0);
}

/*
 * Once more, after the tags and the blobs (tags.c, blobs.c): a patch another
 * repository's by its tag or its tree teaches nothing (an nftables
 * patch creating tests/shell/ files, tagged [nft], made its author's
 * later untagged tests the project's), and stays another repository's;
 * one the project's by its tag (owntag) stays the project's, whatever
 * its posting's other parts, and teaches its files to its thread and
 * author (the untagged later parts of a new test group); so does a part
 * made in the history's tree (made_here()).
 */
void
find_foreign_again(struct model *md)
{
	int any = 0;

	history_prefix(md);
	for (size_t i = 0; i < md->nmails && !any; i++)
		any = md->mails[i].bytag || md->mails[i].byblobs || md->mails[i].owntag ||
		    (md->mails[i].byposting && made_here(md, &md->mails[i]));
	if (any && md->has_paths)
		foreign_run(md, 1);
}
