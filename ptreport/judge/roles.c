/*
 * roles.c - what the history given says beyond its patches: who commits
 * to the repository and when (a committer's own patch left unmerged is
 * his decision, not a contribution the project ignored), where the
 * history ends, and how long its patches usually take to be merged (a
 * patch posted later than that before the end could not have been).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "person.h"
#include "util.h"

/*
 * Identities that commit for others, not people: GitHub's web merges
 * ("GitHub <noreply@github.com>").
 */
int
machine_committer(const char *addr, const char *who)
{
	return !strcmp(addr, "noreply@github.com") || !strcmp(who, "github") ||
	    !strcmp(who, "gitlab");
}

int
for_another(const struct commit *c)
{
	return strcmp(c->author, c->committer) != 0 &&
	    (!*c->aname || !*c->cname || strcmp(c->aname, c->cname) != 0);
}

static void
committer_add(struct model *md, char kind, const char *s, int64_t t)
{
	struct buf key = BUF_INIT;
	struct hent *e;
	struct dspan *d;
	int isnew;

	buf_addc(&key, kind);
	buf_addc(&key, ':');
	buf_addstr(&key, s);
	e = hmap_put(&md->committers, key.p, key.len, &isnew);
	if (isnew) {
		e->key = arena_strndup(&md->mem, key.p, key.len);
		d = arena_alloc(&md->mem, sizeof *d);
		d->first = d->last = t;
		e->val = d;
	} else {
		d = e->val;
		if (t < d->first)
			d->first = t;
		if (t > d->last)
			d->last = t;
	}
	buf_free(&key);
}

static int
committer_near(const struct model *md, char kind, const char *s, int64_t t)
{
	char key[512];
	int n = snprintf(key, sizeof key, "%c:%s", kind, s);
	const struct hent *e;
	const struct dspan *d;

	if (n < 0 || (size_t)n >= sizeof key || !(e = hmap_get(&md->committers, key, (size_t)n)))
		return 0;
	d = e->val;
	return t >= d->first - (int64_t)COMMITTER_DAYS * DAY &&
	    t <= d->last + (int64_t)COMMITTER_DAYS * DAY;
}

int
committer_at(const struct model *md, const char *addr, const char *who, int64_t t)
{
	if (t == NODATE)
		return 0;
	return (*addr && committer_near(md, 'a', addr, t)) ||
	    (*who && committer_near(md, 'n', who, t));
}

static int
cmp_lag(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

void
history_facts(struct model *md, const struct scope *sc)
{
	struct dur *v = NULL;
	size_t n;
	int64_t *lag;
	size_t nl = 0;
	int others = 0;

	/*
	 * A committer applies others' work: whoever committed a commit of
	 * another person.  A contributor whose branch was taken whole (a
	 * fast-forward: no merge commit) committed his own commits and no
	 * one else's.  A history where nobody committed another's commit
	 * (one author, or every contribution merged from its author's
	 * branch) has its committers by their own commits.
	 */
	md->hist_end = main_line_end(md);
	for (size_t i = 0; i < md->ncommits && !others; i++)
		others = md->commits[i].present && md->commits[i].cdate != NODATE &&
		    !machine_committer(md->commits[i].committer, md->commits[i].cname) &&
		    for_another(&md->commits[i]);
	for (size_t i = 0; i < md->ncommits; i++) {
		const struct commit *c = &md->commits[i];

		if (!c->present || c->cdate == NODATE)
			continue;
		if (machine_committer(c->committer, c->cname))
			continue;
		/*
		 * With the merges known, only the main line's commits say who
		 * commits: another's commit on a branch merged is the branch
		 * owner's doing (a contributor who took a patch into his pull
		 * request), not the project's.
		 */
		if (md->has_merged && c->merge) {
			/*
			 * Who merged another's branch into the main line
			 * committed his work (a pull request merged on the
			 * forge: the merge's author).
			 */
			if (*c->merge_by && c->merge_date != NODATE &&
			    !one_person(c->merge_by, c->merge_byname, c->author, c->aname, 0)) {
				committer_add(md, 'a', c->merge_by, c->merge_date);
				if (*c->merge_byname)
					committer_add(md, 'n', c->merge_byname, c->merge_date);
			}
			continue;
		}
		if (!others || for_another(c)) {
			if (*c->committer)
				committer_add(md, 'a', c->committer, c->cdate);
			if (*c->cname)
				committer_add(md, 'n', c->cname, c->cdate);
		}
	}
	for (size_t i = 0; i < md->ntags; i++) {
		struct commit *c;

		if (*md->tags[i].commit &&
		    (c = commit_by_id(md, md->tags[i].commit, strlen(md->tags[i].commit))))
			c->tagged = 1;
	}
	/* The time from first posting to commit, of the clusters merged. */
	n = durations(md, sc, &v);
	lag = xreallocarray(NULL, n ? n : 1, sizeof *lag);
	for (size_t i = 0; i < n; i++) {
		int64_t d = md->commits[md->clusters[v[i].k].first_commit].cdate - v[i].first;

		if (d >= 0)
			lag[nl++] = d;
	}
	if (nl) {
		qsort(lag, nl, sizeof *lag, cmp_lag);
		md->merge_p90 = nearest_rank(lag, nl, 90);
		md->nmerged_lag = nl;
	}
	free(lag);
	free(v);
}

int
after_history(const struct model *md, const struct mail *m)
{
	if (md->hist_end == NODATE || m->date == NODATE)
		return 0;
	return m->date > md->hist_end - (md->merge_p90 != NODATE ? md->merge_p90 : 0);
}

size_t
durations(const struct model *md, const struct scope *sc, struct dur **out)
{
	struct dur *v = NULL;
	size_t n = 0;

	for (size_t i = 0; i < md->nclusters; i++) {
		const struct cluster *k = &md->clusters[i];
		struct dur d = { (uint32_t)i, NODATE, NODATE, 0 };

		if (k->first_commit == NONE || md->commits[k->first_commit].cdate == NODATE)
			continue;
		for (uint32_t x = k->mail; x != NONE; x = md->mails[x].cnext) {
			const struct mail *m = &md->mails[x];

			/* Postings of the patch: not bots' or stable reviews' copies. */
			if (m->process || m->excluded || m->date == NODATE)
				continue;
			if (d.first == NODATE || m->date < d.first)
				d.first = m->date;
			if (d.last == NODATE || m->date > d.last)
				d.last = m->date;
			d.nmails++;
		}
		if (d.first == NODATE)
			continue;
		if ((sc->since != NODATE && d.first < sc->since) ||
		    (sc->until != NODATE && d.first > sc->until))
			continue;
		v = xreallocarray(v, n + 1, sizeof *v);
		v[n++] = d;
	}
	*out = v;
	return n;
}
