/*
 * history.c - tables of the history's shape, not of its commits: the
 * tags (--tags), for every commit a merge brought in, that merge
 * (--merged), so that a report can tell a commit pulled from someone's
 * branch (a pull request) from one applied by hand, and the commits of
 * a forge's pull requests the main line lacks (--pulls).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "git2tsv.h"
#include "order.h"
#include "tables.h"
#include "text.h"
#include "tsv.h"
#include "util.h"

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
	/*
	 * A tag on a tree or a blob (a signing key, a kernel's v2.6.11-tree)
	 * marks no commit of the history: named and left out, as one whose
	 * object cannot be read; the table is good (exit 1).
	 */
	if (git_object_lookup(&obj, t->repo, oid, GIT_OBJECT_ANY) < 0) {
		warnx("%s: tag %s: its object cannot be read: skipped", t->repo_name, name);
		t->bad++;
		goto out;
	}
	if (git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT) < 0) {
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
	t->v = xgrow(t->v, &t->cap, t->n, 64, sizeof *t->v);
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

	return tag_order(x->date, x->name, y->date, y->name);
}

int
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
		table_header(stdout, TABLE_TAGS);
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
	if (t.bad)
		warnx("%s: %zu tags, %d skipped", name, t.n + (size_t)t.bad, t.bad);
	return t.bad;
}

/*
 * What the merged table knows of a commit of the range: on the first
 * parents' line from a tip (brought in by no merge), or brought in by
 * the merge at index merge of the line.
 */
struct mnode {
	git_oid id;
	uint32_t merge;         /* index in line[], or NOMERGE */
	unsigned char state;    /* IN_RANGE, ON_LINE or TAKEN */
};

enum { IN_RANGE, ON_LINE, TAKEN };
#define NOMERGE UINT32_MAX

struct mctx {
	git_repository *repo;
	const char *name;
	struct hmap set;        /* oid bytes -> struct mnode */
	struct arena mem;
	git_oid *line;          /* the first parents' line, each tip's, newest first */
	size_t nline, capline;
	git_oid *stack;
	size_t nstack, capstack;
};

static struct mnode *
node_of(const struct mctx *m, const git_oid *id)
{
	struct hent *e = hmap_get(&m->set, (const char *)id->id, GIT_OID_RAWSZ);

	return e ? e->val : NULL;
}

static void
push_oid(git_oid **v, size_t *n, size_t *cap, const git_oid *id)
{
	*v = xgrow(*v, cap, *n, 256, sizeof **v);
	git_oid_cpy(&(*v)[(*n)++], id);
}

/* The commits of the range, as git log would list them, into m->set. */
static int
range_set(struct mctx *m, const struct tips *t)
{
	git_revwalk *rw = NULL;
	git_oid id;
	int err = 0;

	if (git_revwalk_new(&rw, m->repo) < 0)
		return -1;
	git_revwalk_sorting(rw, GIT_SORT_NONE);
	for (size_t i = 0; i < t->n && !err; i++)
		err = t->v[i].hide ? git_revwalk_hide(rw, &t->v[i].oid) :
		    git_revwalk_push(rw, &t->v[i].oid);
	while (!err && (err = git_revwalk_next(&id, rw)) == 0) {
		int isnew;
		struct mnode *x = arena_alloc(&m->mem, sizeof *x);
		struct hent *e;

		git_oid_cpy(&x->id, &id);
		x->merge = NOMERGE;
		x->state = IN_RANGE;
		e = hmap_put(&m->set, (const char *)x->id.id, GIT_OID_RAWSZ, &isnew);
		if (isnew)
			e->val = x;
	}
	git_revwalk_free(rw);
	return err == GIT_ITEROVER ? 0 : -1;
}

/* The subject of commit c as git's %s gives it, as UTF-8. */
static void
subject_of(git_commit *c, struct buf *out)
{
	const char *s = git_commit_message_raw(c) ? git_commit_message_raw(c) : "";
	struct buf msg = BUF_INIT;
	unsigned flags = 0;

	commit_text(&msg, s, strlen(s), git_commit_message_encoding(c), &flags);
	buf_reset(out);
	git_subject(out, msg.p ? msg.p : "", msg.len);
	buf_free(&msg);
}

/* Tip indices, newest commit first: a branch merged into another comes after it. */
struct tipord {
	size_t i;
	int64_t t;
	git_oid oid;
};

static int
cmp_tipord(const void *a, const void *b)
{
	const struct tipord *x = a, *y = b;

	return x->t != y->t ? cmp_int(y->t, x->t) : cmp_uint(x->i, y->i);
}

/* Tip oid's line of first parents, as far as the range goes, onto m->line. */
static int
walk_line(struct mctx *m, git_oid id)
{
	git_commit *c = NULL;
	struct mnode *x;
	char hex[GIT_OID_HEXSZ + 1];

	while ((x = node_of(m, &id)) && x->state == IN_RANGE) {
		x->state = ON_LINE;
		push_oid(&m->line, &m->nline, &m->capline, &id);
		if (git_commit_lookup(&c, m->repo, &id) < 0)
			return fail_repo(m->name, "cannot read commit", git_oid_tostr(hex,
			    sizeof hex, &id));
		if (git_commit_parentcount(c) == 0) {
			git_commit_free(c);
			break;
		}
		git_oid_cpy(&id, git_commit_parent_id(c, 0));
		git_commit_free(c);
		c = NULL;
	}
	return 0;
}

/* A merge's person: name and address as the commits table writes them (decoded; the address lower case), each and a tab. */
static void
merge_person(struct buf *row, git_commit *mc, const git_signature *sig)
{
	struct buf t = BUF_INIT;
	unsigned flagged = 0;

	if (sig && sig->name)
		commit_text(&t, sig->name, strlen(sig->name), git_commit_message_encoding(mc),
		    &flagged);
	tsv_add(row, t.p ? t.p : "", t.len);
	tsv_sep(row);
	buf_reset(&t);
	if (sig && sig->email)
		commit_text(&t, sig->email, strlen(sig->email), git_commit_message_encoding(mc),
		    &flagged);
	if (t.len)
		lower(t.p, t.len);
	tsv_add(row, t.p ? t.p : "", t.len);
	tsv_sep(row);
	buf_free(&t);
}

/* The merges of m->line[from ..], oldest first: a row for each commit each brought in. */
static int
take_merges(struct mctx *m, size_t from, struct buf *row, struct buf *subj)
{
	git_commit *c = NULL, *mc = NULL;
	char hex[GIT_OID_HEXSZ + 1], date[21];
	const char *name = m->name;
	git_repository *repo = m->repo;
	int rc = 0;

	for (size_t i = m->nline; i-- > from && !rc;) {
		unsigned np;

		if (git_commit_lookup(&mc, repo, &m->line[i]) < 0) {
			rc = fail_repo(name, "cannot read commit", git_oid_tostr(hex, sizeof hex,
			    &m->line[i]));
			break;
		}
		np = git_commit_parentcount(mc);
		m->nstack = 0;
		for (unsigned p = np; p-- > 1;)
			push_oid(&m->stack, &m->nstack, &m->capstack, git_commit_parent_id(mc, p));
		if (np > 1)
			subject_of(mc, subj);
		while (m->nstack && !rc) {
			git_oid id = m->stack[--m->nstack];
			struct mnode *x = node_of(m, &id);
			unsigned cp;

			if (!x || x->state != IN_RANGE)
				continue;
			x->state = TAKEN;
			x->merge = (uint32_t)i;
			if (git_commit_lookup(&c, repo, &id) < 0) {
				rc = fail_repo(name, "cannot read commit", git_oid_tostr(hex,
				    sizeof hex, &id));
				break;
			}
			cp = git_commit_parentcount(c);
			for (unsigned p = cp; p-- > 0;)
				push_oid(&m->stack, &m->nstack, &m->capstack, git_commit_parent_id(c, p));
			git_commit_free(c);
			c = NULL;
			/* A merge inside the branch is no row: the commits table has none. */
			if (cp > 1)
				continue;
			buf_reset(row);
			buf_addstr(row, git_oid_tostr(hex, sizeof hex, &id));
			tsv_sep(row);
			buf_addstr(row, git_oid_tostr(hex, sizeof hex, &m->line[i]));
			tsv_sep(row);
			iso_utc(date, git_commit_time(mc));
			buf_addstr(row, date);
			tsv_sep(row);
			tsv_add(row, subj->p ? subj->p : "", subj->len);
			tsv_sep(row);
			merge_person(row, mc, git_commit_author(mc));
			merge_person(row, mc, git_commit_committer(mc));
			tsv_addstr(row, name);
			tsv_row_end(row, stdout);
		}
		git_commit_free(mc);
		mc = NULL;
	}
	git_commit_free(c);
	git_commit_free(mc);
	return rc;
}

int
run_merged(git_repository *repo, const char *name, const struct tips *t, int header)
{
	struct mctx m;
	struct buf row = BUF_INIT, subj = BUF_INIT;
	git_commit *c = NULL;
	struct tipord *ord = NULL;
	size_t nord = 0;
	char hex[GIT_OID_HEXSZ + 1];
	int rc = 0;

	memset(&m, 0, sizeof m);
	m.repo = repo;
	m.name = name;
	if (range_set(&m, t) < 0) {
		rc = fail_repo(name, "cannot walk the history", NULL);
		goto out;
	}
	/*
	 * The tips newest first: a branch that another tip merged is that
	 * merge's, not a line of its own, when the merging tip comes first.
	 */
	ord = xreallocarray(NULL, t->n ? t->n : 1, sizeof *ord);
	for (size_t i = 0; i < t->n && !rc; i++) {
		if (t->v[i].hide)
			continue;
		if (git_commit_lookup(&c, repo, &t->v[i].oid) < 0) {
			rc = fail_repo(name, "cannot read commit", git_oid_tostr(hex, sizeof hex,
			    &t->v[i].oid));
			break;
		}
		ord[nord].i = i;
		ord[nord].t = git_commit_time(c);
		git_oid_cpy(&ord[nord++].oid, &t->v[i].oid);
		git_commit_free(c);
		c = NULL;
	}
	if (nord)
		qsort(ord, nord, sizeof *ord, cmp_tipord);
	if (header && !rc)
		table_header(stdout, TABLE_MERGED);
	/*
	 * Each tip's line of first parents, as far as the range goes, then
	 * its merges, oldest first: what each one's other parents reach, and
	 * no line nor an earlier merge did, it brought in.  Each commit is
	 * read once.
	 */
	for (size_t o = 0; o < nord && !rc; o++) {
		size_t from = m.nline;

		if ((rc = walk_line(&m, ord[o].oid)) < 0)
			break;
		rc = take_merges(&m, from, &row, &subj);
	}
out:
	git_commit_free(c);
	hmap_free(&m.set);
	arena_free(&m.mem);
	free(m.line);
	free(m.stack);
	free(ord);
	buf_free(&row);
	buf_free(&subj);
	return rc < 0 ? -1 : 0;
}

/* A pull request's head: its number, and the commit it names. */
struct pullref {
	unsigned long n;
	git_oid tip;
};

static int
cmp_pullref(const void *a, const void *b)
{
	const struct pullref *x = a, *y = b;

	return x->n != y->n ? cmp_uint(x->n, y->n) : memcmp(x->tip.id, y->tip.id, GIT_OID_RAWSZ);
}

/* The number of a ref named refs/pull/N/head, or 0. */
static unsigned long
pull_number(const char *ref)
{
	static const char pre[] = "refs/pull/";
	unsigned long n = 0;
	const char *p;

	if (strncmp(ref, pre, sizeof pre - 1))
		return 0;
	for (p = ref + sizeof pre - 1; *p >= '0' && *p <= '9' && n < 100000000; p++)
		n = n * 10 + (unsigned long)(*p - '0');
	return p > ref + sizeof pre - 1 && !strcmp(p, "/head") ? n : 0;
}

/*
 * The pull requests' heads, by number: into *v (allocated), how many;
 * -1 failed.  A head that is no commit is named and counted (*bad).
 */
static long
pull_refs(git_repository *repo, const char *name, struct pullref **v, int *bad)
{
	git_reference_iterator *it = NULL;
	git_reference *ref;
	size_t n = 0, cap = 0;
	int err;

	*v = NULL;
	if (git_reference_iterator_glob_new(&it, repo, "refs/pull/*") < 0)
		return -1;
	while ((err = git_reference_next(&ref, it)) == 0) {
		unsigned long k = pull_number(git_reference_name(ref));
		git_object *o = NULL;

		if (k && git_reference_peel(&o, ref, GIT_OBJECT_COMMIT) == 0) {
			*v = xgrow(*v, &cap, n, 64, sizeof **v);
			(*v)[n].n = k;
			git_oid_cpy(&(*v)[n++].tip, git_object_id(o));
		} else if (k) {
			/* A head that is no commit (a tag's, a blob's): no pull request's. */
			warnx("%s: %s: not a commit: left out", name, git_reference_name(ref));
			(*bad)++;
		}
		git_object_free(o);
		git_reference_free(ref);
	}
	git_reference_iterator_free(it);
	if (err != GIT_ITEROVER)
		return -1;
	if (n)
		qsort(*v, n, sizeof **v, cmp_pullref);
	return (long)n;
}

/* A commit of the pull requests: its place in the walk, the pull request it is given to. */
struct pnode {
	git_oid id;
	size_t ord;
	unsigned long pull;
};

static int
cmp_pnode(const void *a, const void *b)
{
	const struct pnode *x = *(const struct pnode *const *)a, *y = *(const struct pnode *const *)b;

	return x->pull != y->pull ? cmp_uint(x->pull, y->pull) : cmp_uint(x->ord, y->ord);
}

/*
 * The commits the heads reach and no tip of t does: one walk, newest
 * first, into set and *v; -1 failed.
 */
static long
pull_commits(git_repository *repo, const struct pullref *h, long nh, const struct tips *t,
    struct hmap *set, struct arena *mem, struct pnode ***v)
{
	git_revwalk *rw = NULL;
	git_oid id;
	size_t n = 0, cap = 0;
	int err = 0;

	*v = NULL;
	if (git_revwalk_new(&rw, repo) < 0)
		return -1;
	git_revwalk_sorting(rw, GIT_SORT_TOPOLOGICAL | GIT_SORT_TIME);
	for (long i = 0; i < nh && !err; i++)
		err = git_revwalk_push(rw, &h[i].tip);
	for (size_t k = 0; k < t->n && !err; k++)
		err = git_revwalk_hide(rw, &t->v[k].oid);
	while (!err && (err = git_revwalk_next(&id, rw)) == 0) {
		struct pnode *x = arena_alloc(mem, sizeof *x);
		int isnew;

		git_oid_cpy(&x->id, &id);
		x->ord = n;
		x->pull = 0;
		hmap_put(set, (const char *)x->id.id, GIT_OID_RAWSZ, &isnew)->val = x;
		*v = xgrow(*v, &cap, n, 256, sizeof **v);
		(*v)[n++] = x;
	}
	git_revwalk_free(rw);
	return err == GIT_ITEROVER || (!err && !nh) ? (long)n : -1;
}

/* Give pull request k the commits of set its head reaches that none before it took. */
static int
pull_take(git_repository *repo, struct hmap *set, const git_oid *tip, unsigned long k,
    git_oid **stack, size_t *cap)
{
	size_t n = 0;

	*stack = xgrow(*stack, cap, n, 64, sizeof **stack);
	git_oid_cpy(&(*stack)[n++], tip);
	while (n) {
		git_oid id = (*stack)[--n];
		struct hent *e = hmap_get(set, (const char *)id.id, GIT_OID_RAWSZ);
		struct pnode *x = e ? e->val : NULL;
		git_commit *c = NULL;

		if (!x || x->pull)
			continue;
		x->pull = k;
		if (git_commit_lookup(&c, repo, &id) < 0)
			return -1;
		for (unsigned p = 0; p < git_commit_parentcount(c); p++) {
			*stack = xgrow(*stack, cap, n, 64, sizeof **stack);
			git_oid_cpy(&(*stack)[n++], git_commit_parent_id(c, p));
		}
		git_commit_free(c);
	}
	return 0;
}

int
run_pulls(git_repository *repo, const char *name, const struct tips *t, int header)
{
	struct pullref *h = NULL;
	struct pnode **v = NULL;
	struct hmap set = HMAP_INIT;
	struct arena mem = ARENA_INIT;
	struct buf row = BUF_INIT, subj = BUF_INIT, tmp = BUF_INIT;
	git_oid *stack = NULL;
	size_t capst = 0;
	char hex[GIT_OID_HEXSZ + 1], date[21];
	int rc = 0, bad = 0;
	long nh = pull_refs(repo, name, &h, &bad), n = 0;

	/*
	 * The commits the pull requests' heads reach and the main line
	 * (every revision given) does not, in one walk; each given to the
	 * lowest-numbered pull request that reaches it.
	 */
	if (nh < 0)
		rc = fail_repo(name, "cannot list its pull requests' refs", NULL);
	else if ((n = pull_commits(repo, h, nh, t, &set, &mem, &v)) < 0)
		rc = fail_repo(name, "cannot walk its pull requests", NULL);
	for (long i = 0; i < nh && !rc; i++)
		if (pull_take(repo, &set, &h[i].tip, h[i].n, &stack, &capst) < 0)
			rc = fail_repo(name, "cannot read a commit of pull request",
			    git_oid_tostr(hex, sizeof hex, &h[i].tip));
	if (!rc && n)
		qsort(v, (size_t)n, sizeof *v, cmp_pnode);
	if (header && !rc)
		table_header(stdout, TABLE_PULLS);
	/* By pull request, then newest first; merges left out. */
	for (long i = 0; i < n && !rc; i++) {
		git_commit *c = NULL;
		const git_signature *au;
		unsigned flagged = 0;

		if (git_commit_lookup(&c, repo, &v[i]->id) < 0) {
			rc = fail_repo(name, "cannot read commit", git_oid_tostr(hex, sizeof hex,
			    &v[i]->id));
			break;
		}
		if (git_commit_parentcount(c) > 1) {
			git_commit_free(c);
			continue;
		}
		au = git_commit_author(c);
		subject_of(c, &subj);
		buf_addf(&row, "%lu", v[i]->pull);
		tsv_sep(&row);
		buf_addstr(&row, git_oid_tostr(hex, sizeof hex, &v[i]->id));
		tsv_sep(&row);
		iso_utc(date, au->when.time);
		buf_addstr(&row, date);
		tsv_sep(&row);
		buf_reset(&tmp);
		commit_text(&tmp, au->name, strlen(au->name), git_commit_message_encoding(c),
		    &flagged);
		tsv_add(&row, tmp.p, tmp.len);
		tsv_sep(&row);
		buf_reset(&tmp);
		commit_text(&tmp, au->email, strlen(au->email), git_commit_message_encoding(c),
		    &flagged);
		if (tmp.len)
			lower(tmp.p, tmp.len);
		tsv_add(&row, tmp.p, tmp.len);
		tsv_sep(&row);
		tsv_add(&row, subj.p, subj.len);
		tsv_sep(&row);
		tsv_addstr(&row, name);
		tsv_row_end(&row, stdout);
		git_commit_free(c);
	}
	free(h);
	free(v);
	free(stack);
	hmap_free(&set);
	arena_free(&mem);
	buf_free(&row);
	buf_free(&subj);
	buf_free(&tmp);
	return rc < 0 ? -1 : bad;
}
