/*
 * applied.c - which commit applied a patch mail: of its cluster, the
 * first landed after it was sent (a maintainer's repost of his own
 * commit aside), or for a pull request's copy the commit it copies.
 */
#define _POSIX_C_SOURCE 200809L
#include <string.h>

#include "judge.h"

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
