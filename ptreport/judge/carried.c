/*
 * carried.c - a patch that would be ignored whose lines a commit
 * carries: merged in another form (squashed into another series,
 * rewritten by a maintainer without credit, committed under another
 * title), or made before it was posted.  The patch tables are read a
 * second time, their hunks this time, for those patches and the
 * commits near them that share a file: only then, and only theirs.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "tables.h"
#include "person.h"
#include "judge.h"
#include "tsv.h"
#include "util.h"

/* One candidate: its distinctive added and removed lines (hashes, sorted). */
struct cand {
	uint32_t mail;
	uint64_t *h, *rm;
	uint32_t n, nrm;
	int read;
	uint32_t best;           /* the commit carrying most of them; NONE */
	uint32_t hits;
	uint32_t later;          /* else its author's later patch mail carrying them; NONE */
	uint32_t lhits;
	int lrm;                 /* ... or, none carrying them, changing its removed lines */
	uint32_t earlier;        /* else his earlier patch mail carrying them, answered
	                            (answered-version); NONE */
	uint32_t ehits;
	uint32_t touch;          /* else a commit removing its removed lines; NONE */
	uint32_t thits;
	int tadds, oadds;        /* touch, own: the commit adds distinctive lines too (a
	                            rework of them, not their removal) */
	uint64_t *nw;            /* the words its added lines bring (new_words()) */
	uint32_t nnw;
	uint32_t tw, mw, iw;     /* ... of them, those the added lines of touch, made and
	                            issue bring */
	const char *sum;         /* its summary words (summary_words()) */
	uint32_t fixup;          /* a fixup's: the commit its title names, after it, on
	                            a file of it, holding every line it adds; NONE */
	uint32_t own;            /* its author's commit after it (OWN_DAYS) carrying its
	                            lines or removing its removed lines; NONE */
	uint32_t ohits;
	int oadd;                /* ... by its added lines (else its removed ones) */
	uint32_t ncreate;        /* the files it creates */
	uint32_t made;           /* else a commit creating files it creates; NONE */
	uint32_t mhits;
	uint64_t *iss;           /* the issues its message names (hashes, sorted) */
	uint32_t niss;
	uint32_t issue;          /* else a commit naming one of them; NONE */
	uint32_t *parts;         /* the commits that merged its posting's other parts */
	uint32_t nparts;
	uint32_t fold;           /* a commit pushed with them carrying its lines; NONE */
	uint32_t fhits;
	uint32_t next;           /* the next candidate of the same address; NONE */
	int ans;                 /* answered (in its thread, its posting or a version):
	                            only where its lines landed is asked */
};

/* Has candidate k lines enough to be found by: CARRY_MIN added, or added and removed? */
static int
worth(const struct cand *k)
{
	return k->n >= CARRY_MIN || (k->n && k->n + k->nrm >= CARRY_MIN);
}

int
lines_carried(uint32_t n, uint32_t hits, const uint64_t *rm, uint32_t nrm,
    const uint64_t *orm, uint32_t onrm)
{
	if (n < CARRY_MIN)
		return hits == n && common(rm, nrm, orm, onrm) == nrm;
	return hits >= CARRY_MIN && (double)hits >= CARRY_SHARE * n;
}

/* Do lines that hold hits of k's added lines, and rm[0..nrm) removed, carry k? */
static int
carries(const struct cand *k, uint32_t hits, const uint64_t *rm, uint32_t nrm)
{
	return lines_carried(k->n, hits, k->rm, k->nrm, rm, nrm);
}

static int
carried_better(const struct model *md, const struct cand *c, uint32_t commit, uint32_t hits)
{
	if (c->best == NONE || hits > c->hits)
		return 1;
	return hits == c->hits && (md->commits[commit].cdate < md->commits[c->best].cdate ||
	    (md->commits[commit].cdate == md->commits[c->best].cdate &&
	    strcmp(md->commits[commit].id, md->commits[c->best].id) < 0));
}

/*
 * Does a commit that removes hits of k's removed lines, of the nr it
 * removes, change its lines: TOUCH_SHARE of them, one at least, and a
 * change about them (TOUCH_FOCUS of what it removes: not a conversion,
 * a removal of a whole file, a rewrite of many others)?
 */
static int
changes_lines(const struct cand *k, uint32_t hits, uint32_t nr)
{
	return hits && (double)hits >= TOUCH_SHARE * k->nrm &&
	    (double)hits >= TOUCH_FOCUS * nr;
}

/*
 * Does a change of its author's own, after it, titled subject, that
 * removes hits of k's removed lines of the nr it removes, change its
 * lines: as changes_lines() says, or OWN_FOCUS of what it removes under
 * a title whose summary shares a word with the patch's (his rework of
 * his own change, not a sync of a whole file)?
 */
static int
mine_lines(struct model *md, const struct cand *k, uint32_t hits, uint32_t nr,
    const char *subject)
{
	if (changes_lines(k, hits, nr))
		return 1;
	return hits && (double)hits >= TOUCH_SHARE * k->nrm && (double)hits >= OWN_FOCUS * nr &&
	    subject && summaries_share(md, md->mails[k->mail].subject, subject) > 0;
}

/* Of two commits doing as much for k, is the first nearer to it in time (then by id)? */
static int
nearer(const struct model *md, const struct cand *k, uint32_t commit, uint32_t other)
{
	int64_t d = md->mails[k->mail].date, a, b;

	a = md->commits[commit].date - d;
	b = md->commits[other].date - d;
	a = a < 0 ? -a : a;
	b = b < 0 ? -b : b;
	return a < b || (a == b && strcmp(md->commits[commit].id, md->commits[other].id) < 0);
}

/* The commit changing most of k's lines, then the nearest in time to it. */
static int
touch_better(const struct model *md, const struct cand *k, uint32_t commit, uint32_t hits)
{
	if (k->touch == NONE || hits > k->thits)
		return 1;
	return hits == k->thits && nearer(md, k, commit, k->touch);
}

/*
 * Is the file of change line p (k bytes) named by a number alone
 * (tests/nvme/033, tests/nvme/033.out)?  A test suite's slot, numbered
 * in turn: the next test sent takes it, whatever it tests.
 */
static int
numbered_slot(const char *p, size_t k)
{
	size_t b = k, i;

	while (b > 0 && p[b - 1] != '/')
		b--;
	for (i = b; i < k && isdigit((unsigned char)p[i]); i++)
		;
	return i > b && (i == k || p[i] == '.');
}

/*
 * The files created alike: the change lines ("Cpath") of a its of b has
 * too, but a numbered slot.
 */
static uint32_t
created_alike(const char *a, const char *b)
{
	uint32_t n = 0;

	if (!a || !b)
		return 0;
	for (const char *p = a; *p;) {
		size_t k = strcspn(p, "\n");

		for (const char *q = *p == 'C' && !numbered_slot(p, k) ? b : ""; *q;) {
			size_t j = strcspn(q, "\n");

			if (*q == 'C' && j == k && !memcmp(p, q, k)) {
				n++;
				break;
			}
			q += j + (q[j] == '\n');
		}
		p += k + (p[k] == '\n');
	}
	return n;
}

static uint32_t
creates(const char *a)
{
	uint32_t n = 0;

	for (const char *p = a; p && *p;) {
		size_t k = strcspn(p, "\n");

		n += *p == 'C';
		p += k + (p[k] == '\n');
	}
	return n;
}

/* What the passes share: the candidates, their indexes, buffers for the lines read. */
struct carrier {
	struct model *md;
	struct cand *cv;
	size_t nc;
	struct hmap byid, byaddr;
	struct buf w, raw;
	uint64_t *al, *rl;       /* the current row's added and removed lines */
	uint32_t na, nr, capal, caprl;
	int64_t lo, hi;          /* the candidates' first and last dates */
	int cmsg;                /* the msg column (raw), or -1 */
	struct fixer *fz;        /* the off-list fix-ups (fixups.c), read in pass 2; NULL */
	struct poster *ps;       /* off-list commits posted by their lines (postlines.c),
	                            read in passes 0 and 2; NULL */
	int anyiss;              /* a candidate names an issue */
	uint64_t ci[ISSUES_MAX]; /* the current commit's issues */
	uint64_t *cw, *sw;       /* the current row's new words; a scratch for new_words() */
	uint32_t ncw, capcw, capsw;
};

/* The current row's lines into cr->al and cr->rl: 0 for a bad hunks field. */
static int
row_lines(struct carrier *cr, const struct tsv_reader *r, int chunks)
{
	const char *hs;
	size_t hn;

	if (!(hs = hunks_of(r, chunks, &cr->raw, &hn)))
		return 0;
	cr->na = some_lines(hs, hn, '+', &cr->al, &cr->capal, &cr->w);
	cr->nr = some_lines(hs, hn, '-', &cr->rl, &cr->caprl, &cr->w);
	return 1;
}

/* The current row's new words into cr->cw, once a row (*done): 0 for a bad hunks field. */
static int
row_words(struct carrier *cr, const struct tsv_reader *r, int chunks, int *done)
{
	const char *hs;
	size_t hn;

	if (*done)
		return 1;
	if (!(hs = hunks_of(r, chunks, &cr->raw, &hn)))
		return 0;
	cr->ncw = new_words(hs, hn, &cr->cw, &cr->capcw, &cr->sw, &cr->capsw);
	*done = 1;
	return 1;
}

/* Pass 0: a candidate's own row: its lines. */
static void
own_row(struct carrier *cr, const struct tsv_reader *r, int cid, int ckind, int chunks)
{
	struct hent *e;
	struct cand *k;
	const char *hs;
	size_t hn;
	uint32_t cap = 0;

	if (strcmp(r->f[ckind].s, KIND_MAIL) ||
	    !(e = hmap_get(&cr->byid, r->f[cid].s, r->f[cid].len)))
		return;
	k = &cr->cv[(uintptr_t)e->val - 1];
	if (k->read || !(hs = hunks_of(r, chunks, &cr->raw, &hn)))
		return;
	k->read = 1;
	k->n = some_lines(hs, hn, '+', &k->h, &cap, &cr->w);
	cap = 0;
	k->nrm = some_lines(hs, hn, '-', &k->rm, &cap, &cr->w);
	cap = 0;
	k->nnw = new_words(hs, hn, &k->nw, &cap, &cr->sw, &cr->capsw);
}

/*
 * Was patch x answered by another: a version that speaks for those that
 * carry its lines again?  (One merged has its commit carry them: pass 2.)
 */
static int
handled_mail(const struct mail *x)
{
	return x->verdict == V_ANSWERED;
}

/*
 * Pass 1: a patch mail of a candidate's address, after it (within
 * CARRY_DAYS), not itself: does it carry the candidate's lines?  The
 * earliest that does (then by id) is kept; else, none carrying them,
 * the earliest that changes the lines it removes (changes_lines(): his
 * next version of the change, made another way).  Or before it (within
 * CARRY_DAYS), not of its own posting, answered by another: the
 * candidate resends its lines (a version split in parts, retitled,
 * sent again); the latest such is kept.
 */
static void
later_mail(struct carrier *cr, const struct tsv_reader *r, int cid, int ckind, int chunks)
{
	struct model *md = cr->md;
	const struct mail *x;
	struct hent *e;
	int read = 0;
	uint32_t xi;

	if (strcmp(r->f[ckind].s, KIND_MAIL) ||
	    !(x = mail_by_id(md, r->f[cid].s, r->f[cid].len)) || !x->present ||
	    x->type != MT_PATCH || x->date == NODATE ||
	    !(e = hmap_get(&cr->byaddr, x->from, strlen(x->from))))
		return;
	xi = (uint32_t)(x - md->mails);
	for (uint32_t i = (uint32_t)((uintptr_t)e->val - 1); i != NONE; i = cr->cv[i].next) {
		struct cand *k = &cr->cv[i];
		const struct mail *m = &md->mails[k->mail];
		uint32_t hits;
		int before = x->date < m->date;

		if (k->mail == xi || (k->ans && (before || !worth(k))) ||
		    (!worth(k) && (before || !k->nrm)) || x->date == m->date ||
		    x->date > m->date + (int64_t)OWN_DAYS * DAY ||
		    x->date < m->date - (int64_t)CARRY_DAYS * DAY ||
		    (before && (!handled_mail(x) || (x->version == m->version &&
		    thread_of(md, xi) == thread_of(md, k->mail)))) ||
		    (!before && silent_uncounted(md, xi)) || !shares_file(x->files, m->files))
			continue;
		if (!read && !(read = row_lines(cr, r, chunks)))
			return;
		hits = common(k->h, k->n, cr->al, cr->na);
		if (!worth(k) || !carries(k, hits, cr->rl, cr->nr)) {
			uint32_t rh = common(k->rm, k->nrm, cr->rl, cr->nr);

			/*
			 * His later patch on the lines it removes, whatever else
			 * it changes: a version, none carrying it.
			 */
			if (!before && mine_lines(md, k, rh, cr->nr, x->subject) &&
			    (k->later == NONE || (k->lrm && cmp_date_id(md, xi, k->later) < 0))) {
				k->later = xi;
				k->lhits = rh;
				k->lrm = 1;
			}
			continue;
		}
		if (!before && (k->later == NONE || k->lrm || cmp_date_id(md, xi, k->later) < 0)) {
			k->later = xi;
			k->lhits = hits;
			k->lrm = 0;
		} else if (before && (k->earlier == NONE || cmp_date_id(md, xi, k->earlier) > 0)) {
			k->earlier = xi;
			k->ehits = hits;
		}
	}
}

/* Is t within CARRY_DAYS of [lo, hi] (OWN_DAYS after it when own)? */
static int
near_date(int64_t t, int64_t lo, int64_t hi, int own)
{
	return t != NODATE && t >= lo - (int64_t)CARRY_DAYS * DAY &&
	    t <= hi + (int64_t)(own ? OWN_DAYS : CARRY_DAYS) * DAY;
}

/*
 * Is commit c its author's own, written after patch m within OWN_DAYS?
 * His later work on its lines speaks for it, whatever else it changes.
 */
static int
own_commit(const struct mail *m, const struct commit *c)
{
	return c->date > m->date && c->date <= m->date + (int64_t)OWN_DAYS * DAY &&
	    one_person(m->from, m->who, c->author, c->aname, 0);
}

/* The better of two own commits for k: more hits, then the earlier. */
static int
own_better(const struct model *md, const struct cand *k, uint32_t commit, uint32_t hits)
{
	if (k->own == NONE || hits > k->ohits)
		return 1;
	return hits == k->ohits && nearer(md, k, commit, k->own);
}

/*
 * Was commit c pushed with the commits that merged k's posting's other
 * parts: committed by the committer of one, within FOLD_HOURS of it?
 */
static int
pushed_with_parts(const struct model *md, const struct cand *k, const struct commit *c)
{
	if (c->cdate == NODATE)
		return 0;
	for (uint32_t i = 0; i < k->nparts; i++) {
		const struct commit *s = &md->commits[k->parts[i]];
		int64_t d = c->cdate - s->cdate;

		if (s->cdate != NODATE && (d < 0 ? -d : d) <= (int64_t)FOLD_HOURS * 3600 &&
		    one_person(c->committer, c->cname, s->committer, s->cname, 0))
			return 1;
	}
	return 0;
}

/*
 * Do lines holding hits of k's added lines, and rm[0..nrm) removed,
 * carry k folded: as carries() says, or, of a smaller patch, all it
 * adds and all it removes, one line at least.
 */
static int
folds(const struct cand *k, uint32_t hits, const uint64_t *rm, uint32_t nrm)
{
	if (worth(k))
		return carries(k, hits, rm, nrm);
	return k->n + k->nrm > 0 && hits == k->n && common(k->rm, k->nrm, rm, nrm) == k->nrm;
}

/* Pass 2: a commit of the main line near the candidates: which does it carry? */
static void
commit_row(struct carrier *cr, const struct tsv_reader *r, int cid, int ckind, int chunks)
{
	struct model *md = cr->md;
	const struct commit *c;
	uint32_t commit, nci;
	int read = 0, words = 0;

	if (strcmp(r->f[ckind].s, KIND_COMMIT) ||
	    !(c = commit_by_id(md, r->f[cid].s, r->f[cid].len)) || !c->present ||
	    c->skip || c->date == NODATE ||
	    (!near_date(c->date, cr->lo, cr->hi, 1) && !near_date(c->cdate, cr->lo, cr->hi, 0)))
		return;
	commit = (uint32_t)(c - md->commits);
	/* The issues its message names, trailers too, when a candidate names one. */
	nci = cr->anyiss ? issues_get(&md->issc, commit, cr->ci, ISSUES_MAX) : 0;
	for (size_t i = 0; i < cr->nc; i++) {
		struct cand *k = &cr->cv[i];
		const struct mail *m = &md->mails[k->mail];
		uint32_t hits, rh;
		/* An answered one asks only where its lines landed: no rework of his. */
		int mine = !k->ans && own_commit(m, c), near, onfile;

		/*
		 * Written near it, or committed in the year after it: a
		 * branch squashed when it lands keeps its first commit's
		 * date ("treewide: v2 implementation").  Or its author's,
		 * later (OWN_DAYS).
		 */
		near = near_date(c->date, m->date, m->date, 0) ||
		    (c->cdate != NODATE && c->cdate >= m->date &&
		    c->cdate <= m->date + (int64_t)CARRY_DAYS * DAY);
		/* Pushed with its posting's other parts: folded into them? */
		if (k->nparts && c->cdate != NODATE && c->cdate >= m->date &&
		    pushed_with_parts(md, k, c) && shares_file(c->files, m->files)) {
			if (!read && !(read = row_lines(cr, r, chunks)))
				return;
			hits = common(k->h, k->n, cr->al, cr->na);
			if (folds(k, hits, cr->rl, cr->nr) && (k->fold == NONE ||
			    hits > k->fhits || (hits == k->fhits && nearer(md, k, commit, k->fold)))) {
				k->fold = commit;
				k->fhits = hits;
			}
		}
		if (!near && !mine)
			continue;
		if (!near) {
			/* His, later: his own rework, on its lines. */
			if ((!worth(k) && !k->nrm) || !shares_file(c->files, m->files))
				continue;
			if (!read && !(read = row_lines(cr, r, chunks)))
				return;
			hits = common(k->h, k->n, cr->al, cr->na);
			rh = common(k->rm, k->nrm, cr->rl, cr->nr);
			if (worth(k) && carries(k, hits, cr->rl, cr->nr)) {
				/* Carrying its lines beats changing them. */
				if (!k->oadd || own_better(md, k, commit, hits)) {
					k->own = commit;
					k->ohits = hits;
					k->oadd = 1;
				}
			} else if (!k->oadd && mine_lines(md, k, rh, cr->nr, c->subject) &&
			    own_better(md, k, commit, rh)) {
				k->own = commit;
				k->ohits = rh;
				k->oadds = cr->na > 0;
			}
			continue;
		}
		/* The same issue, on whatever files: the same work, another way. */
		if (!k->ans && nci && k->niss && common(k->iss, k->niss, cr->ci, nci) &&
		    (k->issue == NONE || nearer(md, k, commit, k->issue))) {
			k->issue = commit;
			k->iw = k->nnw && row_words(cr, r, chunks, &words) ?
			    common(k->nw, k->nnw, cr->cw, cr->ncw) : 0;
		}
		onfile = shares_file(c->files, m->files);
		/*
		 * A fixup (git's autosquash: "fixup! X"), folded into the
		 * commit titled X: that one, committed after it, on a file
		 * of it, holding every distinctive line it adds (none, for
		 * a fixup of whitespace or short lines).
		 */
		if (m->ftitle && *m->ftitle && c->ntitle == m->ftitle && onfile &&
		    c->cdate != NODATE && c->cdate >= m->date) {
			if (!read && !(read = row_lines(cr, r, chunks)))
				return;
			if (common(k->h, k->n, cr->al, cr->na) == k->n &&
			    (k->fixup == NONE || nearer(md, k, commit, k->fixup)))
				k->fixup = commit;
		}
		/*
		 * Answered: only where its lines landed.  On other files
		 * only: its author's own commit after it, both creating
		 * files, under its very summary (the title after its
		 * "prefix: " parts): his new file moved (a test renumbered
		 * when it went in, nvme/045 merged as nvme/048), where it
		 * carries its lines.  Under another summary, or on files both
		 * change, it is a sibling from the same skeleton.
		 */
		if (!onfile || k->ans) {
			if (!worth(k) || (!onfile && (!k->ncreate || !creates(c->files) ||
			    !own_commit(m, c) || !*k->sum || c->nsummary != k->sum)))
				continue;
			if (!read && !(read = row_lines(cr, r, chunks)))
				return;
			hits = common(k->h, k->n, cr->al, cr->na);
			if (carries(k, hits, cr->rl, cr->nr) && carried_better(md, k, commit, hits)) {
				k->best = commit;
				k->hits = hits;
			}
			continue;
		}
		if (!worth(k) && !k->nrm && !k->ncreate)
			continue;
		/* The commit's lines once, for the first candidate that wants them. */
		if (!read && !(read = row_lines(cr, r, chunks)))
			return;
		hits = common(k->h, k->n, cr->al, cr->na);
		if (worth(k) && carries(k, hits, cr->rl, cr->nr) &&
		    carried_better(md, k, commit, hits)) {
			k->best = commit;
			k->hits = hits;
		}
		hits = common(k->rm, k->nrm, cr->rl, cr->nr);
		if (changes_lines(k, hits, cr->nr) && touch_better(md, k, commit, hits)) {
			k->touch = commit;
			k->thits = hits;
			k->tadds = cr->na > 0;
			/* And the words its added lines bring: its change written again? */
			k->tw = k->nnw && row_words(cr, r, chunks, &words) ?
			    common(k->nw, k->nnw, cr->cw, cr->ncw) : 0;
		}
		/* His own, after it: on its lines, whatever else it changes. */
		if (mine && !k->oadd && mine_lines(md, k, hits, cr->nr, c->subject) &&
		    own_better(md, k, commit, hits)) {
			k->own = commit;
			k->ohits = hits;
			k->oadds = cr->na > 0;
		}
		/* A file it creates created: its version, or the same work another way. */
		if (k->ncreate && (hits = created_alike(m->files, c->files)) &&
		    (k->made == NONE || hits > k->mhits ||
		    (hits == k->mhits && nearer(md, k, commit, k->made)))) {
			k->made = commit;
			k->mhits = hits;
			k->mw = k->nnw && row_words(cr, r, chunks, &words) ?
			    common(k->nw, k->nnw, cr->cw, cr->ncw) : 0;
		}
	}
}

/*
 * Answered, not merged: in its thread, another part of its posting, or
 * a version.  Its lines may have landed all the same (squashed into a
 * later posting's commit, folded into its series): carried asks that
 * only of these (no rule of a doubt, no "made before it").
 */
static int
answered_verdict(int v)
{
	return v == V_ANSWERED || v == V_ANSWERED_TOGETHER || v == V_ANSWERED_VERSION;
}

/*
 * The candidates: the patches that would be ignored, the answered, and
 * those whose other half's review is their doubt (m->comp: asked as the
 * answered are, where their lines landed), with files; indexed by id and
 * address.
 */
static void
candidates(struct carrier *cr)
{
	struct model *md = cr->md;

	cr->lo = INT64_MAX;
	cr->hi = INT64_MIN;
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		struct cand *k;
		struct hent *e;
		int isnew;

		if ((m->verdict != V_IGNORED && !answered_verdict(m->verdict) &&
		    !(m->verdict == V_UNSURE && m->comp)) ||
		    m->date == NODATE || !m->files || !*m->files)
			continue;
		cr->cv = xreallocarray(cr->cv, cr->nc + 1, sizeof *cr->cv);
		k = &cr->cv[cr->nc];
		memset(k, 0, sizeof *k);
		k->mail = (uint32_t)i;
		k->ans = m->verdict != V_IGNORED;
		k->best = k->later = k->earlier = k->touch = k->made = k->issue = k->next = NONE;
		k->own = k->fold = k->fixup = NONE;
		k->ncreate = creates(m->files);
		k->sum = summary_words(md, m->subject);
		/* The issues its message names, trailers too (issues.c). */
		{
			uint64_t v[ISSUES_MAX];

			if (!k->ans &&
			    (k->niss = issues_get(&md->issm, (uint32_t)i, v, ISSUES_MAX))) {
				k->iss = xreallocarray(NULL, k->niss, sizeof *k->iss);
				memcpy(k->iss, v, k->niss * sizeof *v);
				cr->anyiss = 1;
			}
		}
		/* The commits that merged its posting's other parts, when some were. */
		k->nparts = parts_commits(md, (uint32_t)i, &k->parts);
		hmap_put(&cr->byid, m->id, strlen(m->id), &isnew)->val =
		    (void *)(uintptr_t)(cr->nc + 1);
		e = hmap_put(&cr->byaddr, m->from, strlen(m->from), &isnew);
		if (!isnew)
			k->next = (uint32_t)((uintptr_t)e->val - 1);
		e->val = (void *)(uintptr_t)(cr->nc + 1);
		cr->nc++;
		if (m->date < cr->lo)
			cr->lo = m->date;
		if (m->date > cr->hi)
			cr->hi = m->date;
	}
}

/*
 * The carry table's row of candidate k, whose verdict settle() found:
 * by commit t (its words tw of those its added lines bring), his (1:
 * t its author's; 2: his own later commit) as settle() says.
 */
static void
carry_record(struct model *md, const struct cand *k, uint32_t t, uint32_t tw, int his)
{
	const struct mail *m = &md->mails[k->mail];
	struct carry *y = &md->carry[md->ncarry++];
	int bycommit = m->carried == 3 || m->carried == 4 || m->carried == 7 ||
	    m->carried == 14;

	y->mail = k->mail;
	y->files = bycommit && his != 2 && k->touch == NONE && k->made != NONE;
	y->issue = bycommit && his != 2 && k->touch == NONE && k->made == NONE;
	y->added = (m->carried == 4 && his == 2 && k->oadd) ||
	    (m->carried == 10 && k->n);
	y->hits = m->carried == 1 ? k->hits : m->carried == 2 || m->carried == 6 ?
	    k->lhits :
	    m->carried == 5 ? k->ehits :
	    m->carried == 4 && his == 2 ? k->ohits :
	    m->carried == 10 ? (k->n ? k->fhits : k->nrm) :
	    y->files ? k->mhits : y->issue ? 1 : k->thits;
	y->lines = m->carried < 3 || m->carried == 5 || y->added ? k->n :
	    m->carried == 6 ? k->nrm :
	    y->files ? k->ncreate :
	    y->issue ? k->niss : k->nrm;
	y->commit = bycommit ? t : NONE;
	y->words = m->carried == 14 ? tw : 0;
	/* Its lines reworked, not only removed: by his own or by the touch. */
	y->adds = his == 2 ? (k->oadd || k->oadds) : t == k->touch ? k->tadds : 1;
	y->nwords = m->carried == 14 ? k->nnw : 0;
}

/* The verdicts the passes found, and the carry table why and patches read. */
static void
settle(struct carrier *cr)
{
	struct model *md = cr->md;

	free(md->carry);
	md->carry = xreallocarray(NULL, cr->nc ? cr->nc : 1, sizeof *md->carry);
	md->ncarry = 0;
	for (size_t i = 0; i < cr->nc; i++) {
		const struct cand *k = &cr->cv[i];
		struct mail *m = &md->mails[k->mail];
		/* The commit that did its work another way: by its lines, its new files, its issue. */
		uint32_t t = k->touch != NONE ? k->touch : k->made != NONE ? k->made : k->issue;
		/* Of the words its added lines bring, those t's bring too. */
		uint32_t tw = k->touch != NONE ? k->tw : k->made != NONE ? k->mw : k->iw;
		/* His own commit after it: that one; else his later one on its lines (own). */
		int his = t != NONE && md->commits[t].date > m->date &&
		    one_person(m->from, m->who, md->commits[t].author, md->commits[t].aname, 0);

		if (!his && k->own != NONE) {
			t = k->own;
			his = 2;
		}

		/*
		 * Answered: where its lines landed, only: a commit carrying
		 * them, one folding it into its series, or its author's later
		 * patch carrying them, merged.  Its answer is kept (answered_too).
		 */
		if (k->ans) {
			int was = answered_verdict(m->verdict);

			if (k->best != NONE) {
				m->verdict = V_REWORKED;
				m->vby = k->best;
				m->carried = 1;
			} else if (k->fold != NONE) {
				m->verdict = V_REWORKED;
				m->vby = k->fold;
				m->carried = 10;
			} else if (k->fixup != NONE) {
				m->verdict = V_REWORKED;
				m->vby = k->fixup;
				m->carried = 15;
			} else if (k->later != NONE && !k->lrm &&
			    (t = landed_by(md, k->later)) != NONE) {
				m->verdict = V_SUPERSEDED;
				m->vby = t;
				m->supby = k->later;
				m->carried = 2;
			} else
				continue;
			m->vfam = m->verdict == V_SUPERSEDED ? k->later : NONE;
			m->answered_too = was;
		} else if (k->best != NONE) {
			m->verdict = V_REWORKED;
			m->vby = k->best;
			m->vfam = NONE;
			m->carried = 1;
		} else if (k->fold != NONE) {
			/* Folded into the commits its posting's other parts became. */
			m->verdict = V_REWORKED;
			m->vby = k->fold;
			m->vfam = NONE;
			m->carried = 10;
		} else if (k->fixup != NONE) {
			/* A fixup folded into the commit its title names. */
			m->verdict = V_REWORKED;
			m->vby = k->fixup;
			m->vfam = NONE;
			m->carried = 15;
		} else if (k->later != NONE && !k->lrm) {
			/* A later version of his stands for it, as a resend does. */
			m->verdict = V_SUPERSEDED;
			m->vby = NONE;
			m->vfam = m->supby = k->later;
			m->carried = 2;
		} else if (k->earlier != NONE) {
			/* An earlier patch of his, answered, carries it: that version was answered. */
			m->verdict = V_ANSWERED_VERSION;
			m->vby = md->mails[k->earlier].vby;
			m->vfam = m->supby = k->earlier;
			m->carried = 5;
		} else if (his) {
			/* His own commit after it changed its lines: his rework. */
			m->verdict = V_REWORKED;
			m->vby = t;
			m->vfam = NONE;
			m->carried = 4;
		} else if (k->later != NONE) {
			/* His later patch on its lines: his next version, made another way. */
			m->verdict = V_SUPERSEDED;
			m->vby = NONE;
			m->vfam = m->supby = k->later;
			m->carried = 6;
		} else if (t != NONE && md->commits[t].date < m->date &&
		    !one_person(m->from, m->who, md->commits[t].author,
		    md->commits[t].aname, 0)) {
			/*
			 * Another's commit written before it changed its lines:
			 * the change was made before it was posted (its patch
			 * stale, or a duplicate of another's posting).
			 */
			m->verdict = V_REWORKED;
			m->vby = t;
			m->vfam = NONE;
			m->carried = 7;
		} else if (t != NONE && !his && md->commits[t].date > m->date &&
		    tw >= WORDS_MIN && (double)tw >= CARRY_SHARE * k->nnw) {
			/*
			 * Another's commit after it changed its lines and brings
			 * the words its added lines bring: its change written
			 * again ("205)" made "103|205)", CRM_EX_OLD both).
			 */
			m->verdict = V_REWORKED;
			m->vby = t;
			m->vfam = NONE;
			m->carried = 14;
		} else if (t != NONE) {
			/* Another's commit after it (or his own before it) changed its lines: a doubt. */
			m->verdict = V_UNSURE;
			m->vby = m->vfam = NONE;
			m->supby = t;
			m->carried = 3;
		}
		if (m->carried)
			carry_record(md, k, t, tw, his);
	}
}

/* patches_again()'s callbacks: the passes over the rows. */
static void
own_each(void *arg, const struct prow *p)
{
	struct carrier *cr = arg;

	cr->cmsg = p->cmsg;
	if (cr->nc)
		own_row(cr, p->r, p->cid, p->ckind, p->chunks);
	if (cr->ps)
		postlines_row(cr->ps, p);
}

static void
later_each(void *arg, const struct prow *p)
{
	struct carrier *cr = arg;

	cr->cmsg = p->cmsg;
	later_mail(cr, p->r, p->cid, p->ckind, p->chunks);
}

static void
commit_each(void *arg, const struct prow *p)
{
	struct carrier *cr = arg;

	cr->cmsg = p->cmsg;
	if (cr->nc)
		commit_row(cr, p->r, p->cid, p->ckind, p->chunks);
	/* The off-list fix-ups' lines, in the same pass over the commits. */
	if (cr->fz)
		fixups_row(cr->fz, p);
	if (cr->ps)
		postlines_row(cr->ps, p);
}

void
carried(struct model *md)
{
	struct carrier cr;

	memset(&cr, 0, sizeof cr);
	cr.md = md;
	candidates(&cr);
	/*
	 * First the candidates' own lines, then their authors' later patch
	 * mails (a repost deep in its thread, a version folding it in),
	 * then the commits near them.
	 */
	cr.fz = fixups_begin(md);
	cr.ps = postlines_begin(md);
	for (int pass = 0; pass < 3; pass++)
		if (cr.nc || (pass == 2 && cr.fz) || (pass != 1 && cr.ps))
			patches_again(md, pass == 2, pass == 0 ? own_each : pass == 1 ?
			    later_each : commit_each, &cr);
	settle(&cr);
	fixups_end(md, cr.fz);
	postlines_end(md, cr.ps);
	for (size_t i = 0; i < cr.nc; i++) {
		free(cr.cv[i].h);
		free(cr.cv[i].rm);
		free(cr.cv[i].nw);
		free(cr.cv[i].iss);
		free(cr.cv[i].parts);
	}
	free(cr.cv);
	free(cr.al);
	free(cr.rl);
	free(cr.cw);
	free(cr.sw);
	buf_free(&cr.w);
	buf_free(&cr.raw);
	hmap_free(&cr.byid);
	hmap_free(&cr.byaddr);
}

const struct carry *
carry_of(const struct model *md, uint32_t mi)
{
	for (size_t i = 0; i < md->ncarry; i++)
		if (md->carry[i].mail == mi)
			return &md->carry[i];
	return NULL;
}
