/*
 * applied.c - which commit applied a patch mail: of its cluster, the
 * first landed after it was sent (a maintainer's repost of his own
 * commit aside), or for a pull request's copy the commit it copies; or,
 * the clusters silent, the commit that kept its author and author date
 * (dated_commit()).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "person.h"
#include "util.h"

/*
 * When commit c reached the line it is on, for patch mail m: its commit,
 * or, committed by m's sender on his branch, the merge that brought it
 * in, later.
 */
static int64_t
landed(const struct mail *m, const struct commit *c)
{
	if (c->merge_date != NODATE && (c->cdate == NODATE || c->merge_date > c->cdate) &&
	    by_person(m, c->committer, c->cname))
		return c->merge_date;
	return c->cdate;
}

/*
 * Is patch mail m a part of a pull request's posting: a numbered part
 * whose parent is a pull request ("[PATCH net-next 0/5] pull request for
 * net-next: batman-adv", git request-pull's text)?  Its parts are copies
 * of commits the maintainer took before, sent for the tree above to read.
 */
int
pull_part(const struct model *md, const struct mail *m)
{
	return m->part != NONE && m->part >= 1 && m->parent != NONE &&
	    md->mails[m->parent].present && md->mails[m->parent].type == MT_PULL;
}

/*
 * A pull request's copy of a commit (pull_part()): the latest commit of
 * its cluster that reached the line in the PULL_DAYS before the copy was
 * sent (a day of the clocks aside); NONE.  (A cluster may hold the
 * copies of other years' "Start new development cycle".)
 */
static uint32_t
pulled_commit(const struct model *md, const struct mail *m, int side)
{
	uint32_t best = NONE;

	for (uint32_t c = md->clusters[m->cluster].commit; c != NONE; c = md->commits[c].cnext) {
		const struct commit *cm = &md->commits[c];
		int64_t t = landed(m, cm);

		if (cm->skip || !cm->side != !side || t == NODATE ||
		    t > m->date + (int64_t)COMMIT_SKEW * DAY ||
		    t < m->date - (int64_t)PULL_DAYS * DAY)
			continue;
		if (best == NONE || t > landed(m, &md->commits[best]) ||
		    (t == landed(m, &md->commits[best]) && strcmp(cm->id, md->commits[best].id) < 0))
			best = c;
	}
	return best;
}

uint32_t
applied_by(struct model *md, uint32_t mi, int side)
{
	const struct mail *m = &md->mails[mi];
	uint32_t best = NONE;

	if (m->cluster == NONE)
		return NONE;
	if (m->date != NODATE && pull_part(md, m) && (best = pulled_commit(md, m, side)) != NONE)
		return best;
	for (uint32_t c = md->clusters[m->cluster].commit; c != NONE; c = md->commits[c].cnext) {
		const struct commit *cm = &md->commits[c];

		/* (A commit the clusters table alone names counts: it was read so.) */
		if (cm->skip || !cm->side != !side)
			continue;
		/*
		 * A commit made before the mail was sent is not its
		 * application, unless the mail is an exact repost of it (a
		 * maintainer's own patch mailed after he committed it); a day
		 * of the senders' clocks aside.  Without both hashes (an older
		 * patch table) nothing says they differ.  A commit its author
		 * committed on a branch of his came when the merge that brought
		 * it in was made: his patch posted from that branch, merged
		 * after, is applied (not a maintainer's application of an
		 * earlier version, merged with his topic branch).
		 */
		if (m->date != NODATE && landed(m, cm) != NODATE &&
		    landed(m, cm) < m->date - (int64_t)COMMIT_SKEW * DAY &&
		    m->phash && cm->phash && m->phash != cm->phash)
			continue;
		if (best == NONE || cm->cdate < md->commits[best].cdate ||
		    (cm->cdate == md->commits[best].cdate &&
		    strcmp(cm->id, md->commits[best].id) < 0))
			best = c;
	}
	return best;
}

uint32_t
landed_by(struct model *md, uint32_t mi)
{
	uint32_t c = applied_by(md, mi, 0);

	return c != NONE ? c : applied_by(md, mi, 1);
}

/* The main line's commits by author date (dated_index()), then id. */
static uint32_t *bydate;
static size_t nbydate;
static const struct model *dmd;

static int
cmp_cdated(const void *a, const void *b)
{
	const struct commit *x = &dmd->commits[*(const uint32_t *)a];
	const struct commit *y = &dmd->commits[*(const uint32_t *)b];

	if (x->date != y->date)
		return x->date < y->date ? -1 : 1;
	return strcmp(x->id, y->id);
}

void
dated_index(struct model *md)
{
	dmd = md;
	bydate = xreallocarray(NULL, md->ncommits ? md->ncommits : 1, sizeof *bydate);
	nbydate = 0;
	for (size_t i = 0; i < md->ncommits; i++) {
		const struct commit *c = &md->commits[i];

		if (c->present && !c->skip && !c->side && c->date != NODATE && c->files)
			bydate[nbydate++] = (uint32_t)i;
	}
	if (nbydate)
		qsort(bydate, nbydate, sizeof *bydate, cmp_cdated);
}

void
dated_free(void)
{
	free(bydate);
	bydate = NULL;
	nbydate = 0;
}

/* Does cluster k hold a patch mail? */
static int
has_patch(const struct model *md, uint32_t k)
{
	for (uint32_t x = md->clusters[k].mail; x != NONE; x = md->mails[x].cnext)
		if (md->mails[x].present && md->mails[x].type == MT_PATCH)
			return 1;
	return 0;
}

uint32_t
dated_commit(struct model *md, uint32_t mi)
{
	const struct mail *m = &md->mails[mi];
	size_t lo = 0, hi = nbydate;

	if (m->date == NODATE || !m->files || !nbydate)
		return NONE;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (md->commits[bydate[mid]].date < m->date)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* The first of that second (by id) that fits. */
	for (; lo < nbydate && md->commits[bydate[lo]].date == m->date; lo++) {
		const struct commit *c = &md->commits[bydate[lo]];

		if (c->cdate == NODATE || c->cdate < m->date ||
		    !one_person(m->from, m->who, c->author, c->aname, 0) ||
		    !shares_file(c->files, m->files) ||
		    (c->cluster != NONE && has_patch(md, c->cluster)))
			continue;
		return bydate[lo];
	}
	return NONE;
}
