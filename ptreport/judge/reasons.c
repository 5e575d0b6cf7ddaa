/*
 * reasons.c - what the off-list reasons (offlist.c) read beyond a
 * commit's own row: who commits other people's work on any branch,
 * the commits each merge brought in (whose branch it was), and the
 * patch mails of the archives that another person answered (a commit
 * of their author that follows the review up).  Indexed once, at the
 * end of model_finish(); asked per commit.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "person.h"
#include "judge.h"
#include "text.h"
#include "util.h"

/*
 * A commit of another person, by its committer: key "a:ADDRESS" or
 * "n:name" of the committer (interned), the commit's date, and the
 * author whose work it is.
 */
struct forwork {
	const char *key;
	int64_t t;
	const char *author, *aname;
	uint32_t commit;
};

/*
 * A patch mail that another person answered: key "a:ADDRESS" or
 * "n:name" of its sender (interned), its date, the mail and the
 * earliest answer (the others follow it in its thread's answers).
 */
struct ownpost {
	const char *key;
	int64_t t;
	uint32_t mail, reply;
};

/* A commit a mail names by hash in its sender's words; the date its thread began, its thread. */
struct named {
	uint32_t commit, mail, root;
	int64_t begun;
};

/* qsort has no context argument; the model is indexed once. */
static const struct model *idx_md;

static const char *
person_key(struct model *md, struct buf *b, char kind, const char *s)
{
	buf_reset(b);
	buf_addc(b, kind);
	buf_addc(b, ':');
	buf_addstr(b, s);
	return intern(&md->pool, b->p, b->len);
}

static int
cmp_forwork(const void *a, const void *b)
{
	const struct forwork *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (c)
		return c;
	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	if ((c = strcmp(x->author, y->author)))
		return c;
	return strcmp(x->aname, y->aname);
}

/* By merge id, then commit id. */
static int
cmp_bymerge(const void *a, const void *b)
{
	const struct commit *x = &idx_md->commits[*(const uint32_t *)a];
	const struct commit *y = &idx_md->commits[*(const uint32_t *)b];
	int c = strcmp(x->merge, y->merge);

	return c ? c : strcmp(x->id, y->id);
}

/* By key, date, then the mail's id. */
static int
cmp_ownpost(const void *a, const void *b)
{
	const struct ownpost *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (c)
		return c;
	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return strcmp(idx_md->mails[x->mail].id, idx_md->mails[y->mail].id);
}

/* Commit c's work handled at t by the person of address addr and name who: an entry each. */
static void
forwork_add(struct model *md, struct buf *b, const struct commit *c, const char *addr,
    const char *who, int64_t t)
{
	for (int k = 0; k < 2; k++) {
		const char *s = k ? who : addr;

		if (!*s)
			continue;
		md->fw[md->nfw].key = person_key(md, b, k ? 'n' : 'a', s);
		md->fw[md->nfw].t = t;
		md->fw[md->nfw].author = c->author;
		md->fw[md->nfw].commit = (uint32_t)(c - md->commits);
		md->fw[md->nfw++].aname = c->aname;
	}
}

/*
 * Every commit of another person, by who committed it (machines aside),
 * and by who merged it into the main line (a merged table's merge_by:
 * a pull request merged on the forge is its merger's handling of
 * another's work).
 */
static void
index_forwork(struct model *md, struct buf *b)
{
	md->fw = xreallocarray(NULL, 4 * md->ncommits + 1, sizeof *md->fw);
	md->nfw = 0;
	for (size_t i = 0; i < md->ncommits; i++) {
		const struct commit *c = &md->commits[i];

		if (c->present && c->merge && !c->side && *c->merge_by &&
		    c->merge_date != NODATE &&
		    !one_person(c->merge_by, c->merge_byname, c->author, c->aname, 0))
			forwork_add(md, b, c, c->merge_by, c->merge_byname, c->merge_date);
		if (c->present && c->cdate != NODATE && !machine_committer(c->committer, c->cname) &&
		    for_another(c))
			forwork_add(md, b, c, c->committer, c->cname, c->cdate);
	}
	if (md->nfw)
		qsort(md->fw, md->nfw, sizeof *md->fw, cmp_forwork);
}

/* The main line's commits a merge brought in (the merged table), by merge. */
static void
index_merges(struct model *md)
{
	md->bymerge = xreallocarray(NULL, md->ncommits + 1, sizeof *md->bymerge);
	md->nbymerge = 0;
	for (size_t i = 0; i < md->ncommits; i++)
		if (md->commits[i].present && !md->commits[i].side && md->commits[i].merge)
			md->bymerge[md->nbymerge++] = (uint32_t)i;
	idx_md = md;
	if (md->nbymerge)
		qsort(md->bymerge, md->nbymerge, sizeof *md->bymerge, cmp_bymerge);
}

/* How far up a reply's parents are followed to the patch it answers. */
#define PARENT_HOPS 64

/*
 * Does mail r answer patch mi: is the first patch or cover letter among
 * its parents (In-Reply-To, else the last reference, up and up) mi or
 * the cover letter mi was sent under?  A reply to another part of mi's
 * series is none.
 */
static int
answers_patch(const struct model *md, uint32_t r, uint32_t mi)
{
	uint32_t cover = md->mails[mi].parent;

	if (cover != NONE && !(md->mails[cover].present && md->mails[cover].type == MT_COVER))
		cover = NONE;
	for (uint32_t x = md->mails[r].parent, hops = 0; x != NONE && hops < PARENT_HOPS;
	    x = md->mails[x].parent, hops++) {
		const struct mail *p = &md->mails[x];

		if (x == mi || (cover != NONE && x == cover))
			return 1;
		if (p->present && (p->type == MT_PATCH || p->type == MT_COVER))
			return 0;
	}
	return 0;
}

/*
 * Does mail r of its thread's answers answer patch mi: by another
 * person, a reply (not a patch, a cover letter, a pull request or a
 * bot's), at or after it, to it (answers_patch())?
 */
static int
reply_to(const struct model *md, uint32_t r, uint32_t mi)
{
	const struct mail *m = &md->mails[mi], *x = &md->mails[r];

	return x->date != NODATE && x->date >= m->date && !by_person(x, m->from, m->who) &&
	    x->type != MT_PATCH && x->type != MT_COVER && x->type != MT_PULL &&
	    x->type != MT_BOT && answers_patch(md, r, mi);
}

/* The earliest reply to patch mi in thread root (by date, then id); NONE if none. */
static uint32_t
first_reply(const struct model *md, uint32_t mi, uint32_t root)
{
	for (uint32_t r = md->th[root].resp; r != NONE; r = md->mails[r].rnext)
		if (reply_to(md, r, mi))
			return r;
	return NONE;
}

/* The repository's patch mails another person answered, by sender and date. */
static void
index_ownposts(struct model *md, struct buf *b)
{
	size_t cap = 0;

	md->op = NULL;
	md->nop = 0;
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		uint32_t reply, root;

		if (!m->present || m->type != MT_PATCH || m->foreign || !m->files || !*m->files ||
		    m->date == NODATE)
			continue;
		root = uf_find(&md->threads, (uint32_t)i);
		if ((reply = first_reply(md, (uint32_t)i, root)) == NONE)
			continue;
		for (int k = 0; k < 2; k++) {
			const char *s = k ? m->who : m->from;

			if (!*s)
				continue;
			md->op = xgrow(md->op, &cap, md->nop, 256, sizeof *md->op);
			md->op[md->nop].key = person_key(md, b, k ? 'n' : 'a', s);
			md->op[md->nop].t = m->date;
			md->op[md->nop].mail = (uint32_t)i;
			md->op[md->nop++].reply = reply;
		}
	}
	idx_md = md;
	if (md->nop)
		qsort(md->op, md->nop, sizeof *md->op, cmp_ownpost);
}

/*
 * How many mails' subjects hold each word (letters and digits, 3 or
 * more, lower-cased; once a subject): a word most subjects hold ties a
 * report to a commit no more than "the" does (subject_common()).
 */
static void
index_subject_words(struct model *md)
{
	char w[64];

	for (size_t i = 0; i < md->nmails; i++) {
		const char *s = md->mails[i].subject;

		if (!md->mails[i].present || !s)
			continue;
		for (const char *p = s; *p;) {
			size_t k = 0;

			while (*p && !isalnum((unsigned char)*p))
				p++;
			while (isalnum((unsigned char)p[k]))
				k++;
			if (k >= 3 && k < sizeof w) {
				struct hent *e;
				int isnew, again = 0;

				for (size_t j = 0; j < k; j++)
					w[j] = (char)tolower((unsigned char)p[j]);
				/* Once a subject: not if an earlier word of it is this one. */
				for (const char *q = s; q < p && !again; q++)
					again = (q == s || !isalnum((unsigned char)q[-1])) &&
					    !strncasecmp(q, w, k) && !isalnum((unsigned char)q[k]);
				if (!again) {
					e = hmap_put(&md->sdf, w, k, &isnew);
					if (isnew)
						e->key = arena_strndup(&md->mem, w, k);
					e->val = (void *)((uintptr_t)e->val + 1);
				}
			}
			p += k;
		}
	}
}

static const struct model *byid_md;

static int
cmp_byid(const void *a, const void *b)
{
	return strcmp(byid_md->commits[*(const uint32_t *)a].id,
	    byid_md->commits[*(const uint32_t *)b].id);
}

/* The present commits by id, for commit_by_prefix(). */
static void
index_commit_ids(struct model *md)
{
	md->cbyid = xreallocarray(NULL, md->ncommits ? md->ncommits : 1, sizeof *md->cbyid);
	md->ncbyid = 0;
	for (size_t i = 0; i < md->ncommits; i++)
		if (md->commits[i].present)
			md->cbyid[md->ncbyid++] = (uint32_t)i;
	byid_md = md;
	qsort(md->cbyid, md->ncbyid, sizeof *md->cbyid, cmp_byid);
}

/*
 * The first of the sorted ids not below p[0..k) (7 to 40 hex digits, any
 * case): the commit beginning with it if any does; md->ncbyid if k is
 * out of range.
 */
static size_t
prefix_at(const struct model *md, const char *p, size_t k, char h[41])
{
	size_t lo = 0, hi = md->ncbyid;

	if (k < 7 || k > 40)
		return md->ncbyid;
	for (size_t j = 0; j < k; j++)
		h[j] = (char)tolower((unsigned char)p[j]);
	h[k] = 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(md->commits[md->cbyid[mid]].id, h) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Does a commit's id begin with it? */
static int
begins(const struct model *md, size_t at, const char *h, size_t k)
{
	return at < md->ncbyid && !strncmp(md->commits[md->cbyid[at]].id, h, k);
}

int
commit_by_prefix(const struct model *md, const char *p, size_t k)
{
	char h[41];

	return begins(md, prefix_at(md, p, k, h), h, k);
}

/* The commit whose id begins with p[0..k), the only one; NONE. */
static uint32_t
commit_at_prefix(const struct model *md, const char *p, size_t k)
{
	char h[41];
	size_t at = prefix_at(md, p, k, h);

	return begins(md, at, h, k) && !begins(md, at + 1, h, k) ? md->cbyid[at] : NONE;
}

/* By thread, then by date and id of the mail. */
static int
cmp_named_thread(const void *a, const void *b)
{
	const struct named *x = a, *y = b;

	if (x->root != y->root)
		return x->root < y->root ? -1 : 1;
	if (x->mail != y->mail)
		return cmp_date_id(idx_md, x->mail, y->mail);
	return (x->commit > y->commit) - (x->commit < y->commit);
}

static int
cmp_named(const void *a, const void *b)
{
	const struct named *x = a, *y = b;

	if (x->commit != y->commit)
		return x->commit < y->commit ? -1 : 1;
	return cmp_date_id(idx_md, x->mail, y->mail);
}

/* When the discussion of mail mi began: the earliest of it and its parents the archives hold. */
static int64_t
begun(const struct model *md, uint32_t mi)
{
	int64_t t = md->mails[mi].date;
	uint32_t hops = 0;

	for (uint32_t x = md->mails[mi].parent; x != NONE && hops < PARENT_HOPS;
	    x = md->mails[x].parent, hops++)
		if (md->mails[x].present && md->mails[x].date != NODATE && md->mails[x].date < t)
			t = md->mails[x].date;
	return t;
}

/*
 * The commits that s names by hash, 7 to 40 hex digits with a letter
 * and a digit, a word of its own, as named by mail i (*cap the room).
 */
static void
named_in(struct model *md, uint32_t i, const char *s, size_t *cap)
{
	size_t n = strlen(s);

	for (size_t j = 0, skip; j < n; j += skip) {
		size_t k = hash_word(s, n, j, 40, "", &skip);
		uint32_t ci;

		if (k && (ci = commit_at_prefix(md, s + j, k)) != NONE) {
			md->named = xgrow(md->named, cap, md->nnamed, 64, sizeof *md->named);
			md->named[md->nnamed].commit = ci;
			md->named[md->nnamed].mail = i;
			md->named[md->nnamed].root = thread_of(md, i);
			md->named[md->nnamed++].begun = begun(md, i);
		}
	}
}

/*
 * The commits each mail's own words (no quotes, no diff) name by hash:
 * its said column, and its hashes column (those of all its words, where
 * said keeps only their start).  A commit named in both is named twice,
 * which named_in_reply() does not mind.
 */
static void
index_named(struct model *md)
{
	size_t cap = 0;

	md->named = NULL;
	md->nnamed = 0;
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		if (!m->present || m->date == NODATE || m->type == MT_PATCH ||
		    m->type == MT_BOT)
			continue;
		if (m->said && *m->said)
			named_in(md, (uint32_t)i, m->said, &cap);
		if (m->hashes && *m->hashes)
			named_in(md, (uint32_t)i, m->hashes, &cap);
	}
	idx_md = md;
	if (md->nnamed)
		qsort(md->named, md->nnamed, sizeof *md->named, cmp_named);
	md->namedth = NULL;
	if (md->nnamed) {
		md->namedth = xreallocarray(NULL, md->nnamed, sizeof *md->namedth);
		memcpy(md->namedth, md->named, md->nnamed * sizeof *md->namedth);
		qsort(md->namedth, md->nnamed, sizeof *md->namedth, cmp_named_thread);
	}
}

uint32_t
named_in_reply(const struct model *md, uint32_t ci)
{
	const struct commit *c = &md->commits[ci];
	size_t lo = 0, hi = md->nnamed;

	if (c->date == NODATE || c->cdate == NODATE)
		return NONE;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (md->named[mid].commit < ci)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < md->nnamed && md->named[lo].commit == ci; lo++) {
		const struct named *x = &md->named[lo];
		const struct mail *m = &md->mails[x->mail];

		if (m->date >= c->date && m->date <= c->cdate + (int64_t)NAMED_DAYS * DAY &&
		    x->begun != NODATE && x->begun < c->date && m->type != MT_COVER &&
		    m->type != MT_PULL)
			return x->mail;
	}
	return NONE;
}

uint32_t
named_commit(struct model *md, uint32_t mi, uint32_t *by)
{
	const struct mail *m = &md->mails[mi];
	uint32_t root;
	size_t lo = 0, hi = md->nnamed;

	*by = NONE;
	if (m->date == NODATE || !m->files || !md->nnamed)
		return NONE;
	/* A reply to it or its cover letter is in its thread: the entries of that thread alone. */
	root = thread_of(md, mi);
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (md->namedth[mid].root < root)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < md->nnamed && md->namedth[lo].root == root; lo++) {
		const struct named *x = &md->namedth[lo];
		const struct mail *r = &md->mails[x->mail];
		const struct commit *c = &md->commits[x->commit];

		if (!answers_patch(md, x->mail, mi) || !c->present || c->skip || c->side ||
		    c->cdate == NODATE || c->cdate < m->date || c->cdate > r->date + DAY ||
		    !c->files || !shares_file(c->files, m->files) ||
		    (!one_person(m->from, m->who, c->author, c->aname, 0) && !credits_person(c, m)))
			continue;
		/* The entries go by date and id of their mails: the first fit is the earliest reply's. */
		*by = x->mail;
		return x->commit;
	}
	return NONE;
}

int
subject_common(const struct model *md, const char *w, size_t k)
{
	char l[64];
	const struct hent *e;

	if (k >= sizeof l)
		return 0;
	for (size_t j = 0; j < k; j++)
		l[j] = (char)tolower((unsigned char)w[j]);
	e = hmap_get(&md->sdf, l, k);
	return e && (uintptr_t)e->val > SUBJECT_COMMON_MIN &&
	    (double)(uintptr_t)e->val > SUBJECT_COMMON_SHARE * (double)md->nmails;
}

void
reasons_index(struct model *md)
{
	struct buf b = BUF_INIT;

	index_subject_words(md);
	index_commit_ids(md);
	index_named(md);
	index_forwork(md, &b);
	index_merges(md);
	index_ownposts(md, &b);
	buf_free(&b);
}

/* The first of the sorted fw[0..n) at or after (key, t). */
static size_t
forwork_from(const struct model *md, const char *key, int64_t t)
{
	size_t lo = 0, hi = md->nfw;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(md->fw[mid].key, key);

		if (c < 0 || (!c && md->fw[mid].t < t))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * The entries of md->fw of person KIND:S within COMMITTER_DAYS of t:
 * [*lo, return value); an empty range when S is empty or too long.
 */
static size_t
fw_window(const struct model *md, char kind, const char *s, int64_t t, size_t *lo)
{
	char key[512];
	int n = snprintf(key, sizeof key, "%c:%s", kind, s);
	size_t i;

	*lo = 0;
	if (!*s || n < 0 || (size_t)n >= sizeof key)
		return 0;
	*lo = i = forwork_from(md, key, t - (int64_t)COMMITTER_DAYS * DAY);
	while (i < md->nfw && !strcmp(md->fw[i].key, key) &&
	    md->fw[i].t <= t + (int64_t)COMMITTER_DAYS * DAY)
		i++;
	return i;
}

/*
 * Did the person of key commit the work of two other people or more
 * (on any branch) within COMMITTER_DAYS of t?
 */
static int
others_work(const struct model *md, char kind, const char *s, int64_t t)
{
	size_t lo, hi = fw_window(md, kind, s, t, &lo);

	for (size_t i = lo + 1; i < hi; i++)
		if (!one_person(md->fw[lo].author, md->fw[lo].aname, md->fw[i].author,
		    md->fw[i].aname, 0))
			return 1;
	return 0;
}

/* |a - b| */
static int64_t
span(int64_t a, int64_t b)
{
	return a < b ? b - a : a - b;
}

const struct commit *
others_commit(const struct model *md, const char *addr, const char *who, int64_t t)
{
	const struct commit *best = NULL;
	int64_t bt = 0;

	for (int k = 0; k < 2 && t != NODATE; k++) {
		size_t lo, hi = fw_window(md, k ? 'n' : 'a', k ? who : addr, t, &lo);

		for (size_t i = lo; i < hi; i++) {
			const struct commit *c = &md->commits[md->fw[i].commit];

			if (one_person(c->author, c->aname, addr, who, 0))
				continue;
			/* The nearest; of as near, the first by id: any order of the rows. */
			if (!best || span(md->fw[i].t, t) < span(bt, t) ||
			    (span(md->fw[i].t, t) == span(bt, t) && strcmp(c->id, best->id) < 0)) {
				best = c;
				bt = md->fw[i].t;
			}
		}
	}
	return best;
}

int
commits_others(const struct model *md, const char *addr, const char *who, int64_t t)
{
	if (t == NODATE)
		return 0;
	return committer_at(md, addr, who, t) || others_work(md, 'a', addr, t) ||
	    others_work(md, 'n', who, t);
}

const struct commit *
branch_committer(const struct model *md, const char *merge)
{
	size_t lo = 0, hi = md->nbymerge;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(md->commits[md->bymerge[mid]].merge, merge) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < md->nbymerge && !strcmp(md->commits[md->bymerge[lo]].merge, merge); lo++) {
		const struct commit *x = &md->commits[md->bymerge[lo]];
		/* A commit GitHub made (a web edit) is its author's doing. */
		int machine = machine_committer(x->committer, x->cname);
		const char *who = machine ? x->author : x->committer;
		const char *whon = machine ? x->aname : x->cname;

		/*
		 * A branch another merged is a maintainer's queue when its
		 * owner commits others' work to the main line himself (or
		 * merges it there): a co-maintainer's.  Others' commits
		 * carried on branches alone (a contributor's pull request
		 * holding his colleagues' fixes) make no maintainer of him.
		 */
		if (*x->merge_by && !one_person(x->merge_by, x->merge_byname, who, whon, 0) ?
		    committer_at(md, who, whon, x->cdate) : commits_others(md, who, whon, x->cdate))
			return x;
	}
	return NULL;
}

/* How many lines a files column has. */
static size_t
nfiles(const char *a)
{
	size_t n = 0;

	for (const char *p = a; *p; p++)
		n += *p == '\n' || !p[1];
	return n;
}

/*
 * Are the files columns a and b about the same: do the files they have
 * in common make half of each at least?  A posting that changes the
 * tree (a cleanup of 900 files), or a commit of 30, shares a file with
 * anything; a one-file fix of the file a posting changed is its kin.
 */
static int
same_files(const char *a, const char *b)
{
	size_t na = nfiles(a), nb = nfiles(b), common = 0;

	for (const char *p = a; *p;) {
		size_t k = strcspn(p, "\n"), pl;
		const char *pp = change_path(p, k, &pl);

		for (const char *q = b; pl && *q;) {
			size_t j = strcspn(q, "\n"), ql;
			const char *qp = change_path(q, j, &ql);

			if (pl == ql && !memcmp(pp, qp, pl)) {
				common++;
				break;
			}
			q += j + (q[j] == '\n');
		}
		p += k + (p[k] == '\n');
	}
	return common && 2 * common >= na && 2 * common >= nb;
}

/* Does commit c's credit trailers name the sender of mail x (address or name)? */
static int
credits(const struct commit *c, const struct mail *x)
{
	size_t n = strlen(c->credited);

	return (*x->from && has_item(c->credited, n, '\n', x->from, strlen(x->from))) ||
	    (*x->who && has_item(c->credited, n, '\n', x->who, strlen(x->who)));
}

/*
 * The answer of posting p that commit c follows up, by t: the earliest
 * (stored), or with credit set the earliest by one c's trailers credit;
 * NONE if none.
 */
static uint32_t
answer_of(const struct model *md, const struct ownpost *p, const struct commit *c,
    int64_t t, int credit)
{
	if (!credit)
		return md->mails[p->reply].date <= t ? p->reply : NONE;
	for (uint32_t r = p->reply; r != NONE && md->mails[r].date <= t; r = md->mails[r].rnext)
		if (reply_to(md, r, p->mail) && credits(c, &md->mails[r]))
			return r;
	return NONE;
}

/*
 * Of the postings of key from REVIEW_DAYS before t to t, the latest
 * (then the first by id) about commit c's files (same_files()) with an
 * answer by t (answer_of()) into *reply; NULL if none.
 */
static const struct ownpost *
posting_of(const struct model *md, const char *key, const struct commit *c, int64_t t,
    int credit, uint32_t *reply)
{
	size_t lo = 0, hi = md->nop;
	const struct ownpost *best = NULL;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int cmp = strcmp(md->op[mid].key, key);

		if (cmp < 0 || (!cmp && md->op[mid].t <= t))
			lo = mid + 1;
		else
			hi = mid;
	}
	while (lo-- > 0 && !strcmp(md->op[lo].key, key) &&
	    md->op[lo].t >= t - (int64_t)REVIEW_DAYS * DAY) {
		const struct ownpost *p = &md->op[lo];
		uint32_t r;

		if (best && p->t < best->t)
			break;
		if (same_files(md->mails[p->mail].files, c->files) &&
		    (r = answer_of(md, p, c, t, credit)) != NONE) {
			best = p;
			*reply = r;
		}
	}
	return best;
}

uint32_t
reviewed_posting(const struct model *md, const struct commit *c, int credit, uint32_t *reply)
{
	int64_t t = c->date != NODATE ? c->date : c->cdate;
	const struct ownpost *best = NULL;
	char key[512];

	if (!c->files || !*c->files || t == NODATE)
		return NONE;
	for (int k = 0; k < 2; k++) {
		const char *s = k ? c->aname : c->author;
		const struct ownpost *p;
		uint32_t r = NONE;
		int n = snprintf(key, sizeof key, "%c:%s", k ? 'n' : 'a', s);

		if (!*s || n < 0 || (size_t)n >= sizeof key ||
		    !(p = posting_of(md, key, c, t, credit, &r)))
			continue;
		if (!best || p->t > best->t || (p->t == best->t &&
		    strcmp(md->mails[p->mail].id, md->mails[best->mail].id) < 0)) {
			best = p;
			*reply = r;
		}
	}
	return best ? best->mail : NONE;
}

/*
 * The commit of patch mail pi's cluster that commit c went in beside:
 * committed by c's committer from a day before it to FIXUP_DAYS after
 * (a fix-up pushed with the patch, or a week later, on the lines it
 * added), changing every file c changes; NONE.
 */
static uint32_t
beside_of(const struct model *md, const struct commit *c, uint32_t pi)
{
	const struct mail *p = &md->mails[pi];

	if (p->cluster == NONE)
		return NONE;
	for (uint32_t k = md->clusters[p->cluster].commit; k != NONE; k = md->commits[k].cnext) {
		const struct commit *b = &md->commits[k];
		int64_t dt = b->cdate - c->cdate;

		if (b == c || !b->present || b->side || !b->files || b->cdate == NODATE ||
		    dt > DAY || dt < -(int64_t)FIXUP_DAYS * DAY ||
		    !one_person(b->committer, b->cname, c->committer, c->cname, 0) ||
		    !covers_files(b->files, c->files))
			continue;
		return k;
	}
	return NONE;
}

/*
 * A reply to a cover letter answers its posting: the commits of its
 * parts (the cover letter's author's, of its version and N, by date)
 * that commit c went in beside ("Patchset merged", then the maintainer's
 * fix of a hash the series got wrong), each with reply r, into
 * replies[n..] and besides[n..] up to max; the new n.
 */
static size_t
beside_posting(struct model *md, const struct commit *c, uint32_t ci, uint32_t r,
    uint32_t *replies, uint32_t *besides, size_t n, size_t max)
{
	const struct mail *cv = &md->mails[ci];
	uint32_t root = thread_of(md, ci), b;

	for (size_t k = first_in_thread(md->vp, md->nvp, root);
	    k < md->nvp && md->vp[k].root == root && n < max; k++) {
		const struct mail *p = &md->mails[md->vp[k].mail];

		if (p->version != cv->version || p->total != cv->total ||
		    !by_person(p, cv->from, cv->who) || p->foreign || by_person(p, c->author, c->aname) ||
		    (b = beside_of(md, c, md->vp[k].mail)) == NONE)
			continue;
		replies[n] = r;
		besides[n++] = b;
	}
	return n;
}

size_t
fixup_replies(struct model *md, const struct commit *c, uint32_t *replies, uint32_t *besides,
    size_t max)
{
	size_t lo = 0, hi = md->nbysender, n = 0;
	int64_t from, to, written = c->date != NODATE ? c->date : c->cdate;

	if (!*c->author || !c->files || !*c->files || c->cdate == NODATE)
		return 0;
	from = c->cdate - (int64_t)FIXUP_DAYS * DAY;
	to = c->cdate + DAY;
	/* The author's first mail at or after from (bysender: by sender, then date). */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct mail *m = &md->mails[md->bysender[mid]];
		int cmp = strcmp(m->from, c->author);

		if (cmp < 0 || (!cmp && m->date < from))
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < md->nbysender && n < max; lo++) {
		uint32_t r = md->bysender[lo], pi, b;
		const struct mail *x = &md->mails[r];

		if (strcmp(x->from, c->author) || x->date > to)
			break;
		pi = x->tgt;
		if (pi == NONE || x->type == MT_COVER || x->type == MT_PULL ||
		    !md->mails[pi].present ||
		    (md->mails[pi].type != MT_PATCH && md->mails[pi].type != MT_COVER) ||
		    md->mails[pi].foreign || md->mails[pi].date > x->date ||
		    md->mails[pi].date > written ||
		    by_person(&md->mails[pi], c->author, c->aname))
			continue;
		if (md->mails[pi].type == MT_COVER)
			n = beside_posting(md, c, pi, r, replies, besides, n, max);
		else if ((b = beside_of(md, c, pi)) != NONE) {
			replies[n] = r;
			besides[n++] = b;
		}
	}
	return n;
}
