/*
 * score.c - scoring a left row's candidates: the ratios of messages and
 * hunks (remembered when long, and shared by the threads), bounds that
 * give up a pair unable to reach --floor, and the rows written.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "patchsim.h"
#include "tsv.h"
#include "util.h"
#include "via.h"

struct memo_ent {
	const char *key[2];
	double r;               /* the ratio, or (not exact) a bound it is under */
	int exact;
	int busy;               /* a thread is computing it */
};

/* Bit-parallel work (machine-word steps) from which a ratio is remembered. */
#define MEMO_MIN_WORK ((uint64_t)1 << 16)

/*
 * The ratio of two texts; or, when it is sure to be under need, only
 * that: *below set and need returned (need <= 0: always the ratio).
 */
static double
ratio_need(struct job *j, const struct tstr *a, const struct tstr *b, double need, int *below)
{
	uint64_t lo = a->cps < b->cps ? a->cps : b->cps, hi = a->cps < b->cps ? b->cps : a->cps;
	const char *key[2];
	struct hent *e;
	struct memo_ent *me;
	double r;
	int isnew;

	*below = 0;
	if (j->o->plain)
		return ratio_sorted(&j->sc, a->s, a->bytes, a->cps, b->s, b->bytes, b->cps);
	if (a->bytes < 256 || b->bytes < 256 || a->s == b->s ||
	    (lo + 63) / 64 * hi < MEMO_MIN_WORK)
		return ratio_sorted_need(&j->sc, a->s, a->bytes, a->cps, b->s, b->bytes, b->cps,
		    need, below);
	/* Both interned: the pointers name the texts, in either order. */
	key[0] = (uintptr_t)a->s < (uintptr_t)b->s ? a->s : b->s;
	key[1] = (uintptr_t)a->s < (uintptr_t)b->s ? b->s : a->s;
	/*
	 * The versions of a series are neighbouring rows, so two threads
	 * often want one ratio at once: the first computes it, the other
	 * waits for it.  What is remembered is the ratio, or that it is
	 * under a bound (a pair stopped early): a later pair needing more
	 * than that bound is answered at once, one needing less computes.
	 */
	pthread_mutex_lock(&j->memo->mu);
	e = hmap_put(&j->memo->map, (const char *)key, sizeof key, &isnew);
	if (isnew) {
		me = arena_alloc(&j->memo->mem, sizeof *me);
		memcpy(me->key, key, sizeof key);
		me->exact = 0;
		me->r = 2.0;
		e->key = (const char *)me->key;
		e->val = me;
	} else {
		me = e->val;
		/*
		 * Another thread computes it (two big hunks of a driver's
		 * series, which many of its versions hold): meanwhile this one
		 * scores the next rows, one at a time, while there are some.
		 * Rows further on often wait for the same ratio, so they help
		 * in turn (HELP_DEPTH), rather than leave a thread idle.
		 */
		while (me->busy) {
			if (j->helper) {
				int helped;

				pthread_mutex_unlock(&j->memo->mu);
				helped = opool_help(j->pool, j->helper);
				pthread_mutex_lock(&j->memo->mu);
				if (helped)
					continue;
			}
			pthread_cond_wait(&j->memo->done, &j->memo->mu);
		}
		if (me->exact || need >= me->r) {
			*below = !me->exact;
			r = me->exact ? me->r : need;
			pthread_mutex_unlock(&j->memo->mu);
			return r;
		}
	}
	me->busy = 1;
	pthread_mutex_unlock(&j->memo->mu);
	r = ratio_sorted_need(&j->sc, a->s, a->bytes, a->cps, b->s, b->bytes, b->cps, need,
	    below);
	pthread_mutex_lock(&j->memo->mu);
	/* Under need: need is the tighter bound (it was under the old one). */
	me->r = r;
	me->exact = !*below;
	me->busy = 0;
	pthread_cond_broadcast(&j->memo->done);
	pthread_mutex_unlock(&j->memo->mu);
	return r;
}

static double
ratio(struct job *j, const struct tstr *a, const struct tstr *b)
{
	int below;

	return ratio_need(j, a, b, 0.0, &below);
}

/* One more term of the pair: j->t[j->nt++]. */
static void
add_term(struct job *j, const struct tstr *a, const struct tstr *b)
{
	struct term *t;

	if (j->nt == j->tcap) {
		j->tcap = j->tcap ? j->tcap * 2 : 64;
		j->t = xreallocarray(j->t, j->tcap, sizeof *j->t);
		j->order = xreallocarray(j->order, j->tcap, sizeof *j->order);
	}
	t = &j->t[j->nt++];
	t->a = a;
	t->b = b;
	t->weight = 0;
	t->hi = ratio_bound(a, b);
	t->known = 0;
}

/*
 * The terms of the diff score (method section 3): files paired by name,
 * hunks by heading; per hunk pair removed with removed and added with
 * added when both have some.  The diff is their mean per file, then the
 * mean over the files that had any (and, with --file-penalty, those
 * that had none: 0 each).  Into j->t[0..j->nt), file by file, each
 * file's count in j->tfn; returns the number of files the mean is over
 * (*nfile: those with terms).
 */
static unsigned
diff_terms(struct job *j, const struct row *l, const struct row *r, uint32_t *nfile)
{
	unsigned nfiles = 0, unmatched = 0;

	j->nt = 0;
	for (uint32_t a = 0; a < l->nf; a++) {
		const struct tfile *fl = &l->f[a], *fr = NULL;
		size_t first = j->nt;

		for (uint32_t b = 0; b < r->nf; b++)
			if (r->f[b].key == fl->key) {
				fr = &r->f[b];
				break;
			}
		if (!fr) {
			unmatched++;
			continue;
		}
		for (uint32_t x = 0; x < fl->nh; x++) {
			const struct thunk *hl = &fl->h[x], *hr = NULL;

			for (uint32_t y = 0; y < fr->nh; y++) {
				if (fr->h[y].heading == hl->heading) {
					hr = &fr->h[y];
					break;
				}
			}
			if (!hr && j->o->heading_ratio < 1.0) {
				/* The closest heading, if close enough. */
				double best = -1;

				for (uint32_t y = 0; y < fr->nh; y++) {
					double q = token_sort_ratio(&j->sc, hl->heading,
					    strlen(hl->heading), fr->h[y].heading,
					    strlen(fr->h[y].heading));

					if (q > best) {
						best = q;
						hr = &fr->h[y];
					}
				}
				if (best < j->o->heading_ratio)
					hr = NULL;
			}
			if (!hr)
				continue;
			if (hl->has_rem && hr->has_rem)
				add_term(j, &hl->rem, &hr->rem);
			if (hl->has_add && hr->has_add)
				add_term(j, &hl->add, &hr->add);
		}
		if (j->nt > first) {
			j->tfn = xgrow(j->tfn, &j->fcap, nfiles, 16, sizeof *j->tfn);
			j->tfn[nfiles++] = (uint32_t)(j->nt - first);
		} else if (j->o->file_penalty) {
			unmatched++;
		}
	}
	*nfile = nfiles;
	if (j->o->file_penalty)
		nfiles += unmatched;
	return nfiles;
}

/*
 * The diff score from the terms' hi: their bounds at first, which bound
 * the score, and the score itself once every term is known (summed in
 * the method's order, so to the bit what it always was).
 */
static double
diff_of(const struct job *j, uint32_t nfile, unsigned nfiles)
{
	double sum = 0;
	size_t k = 0;

	for (uint32_t f = 0; f < nfile; f++) {
		double fsum = 0;

		for (uint32_t x = 0; x < j->tfn[f]; x++, k++)
			fsum += j->t[k].hi;
		sum += fsum / j->tfn[f];
	}
	return nfiles ? sum / nfiles : 0.0;
}

/*
 * Margin under --floor a pair's bound must fall before the pair is
 * given up: far above the rounding of a sum of a few thousand ratios.
 */
#define BOUND_SLACK 1e-9

static int
cmp_potential(const void *x, const void *y)
{
	const struct order *a = x, *b = y;

	if (a->potential != b->potential)
		return a->potential > b->potential ? -1 : 1;
	return a->k < b->k ? -1 : a->k > b->k;
}

/*
 * Whether the pair can reach --floor, learnt at the least cost: the
 * score is at most the sum of the terms' bounds, each weighted; the
 * terms are computed the weightiest first, each only as far as it
 * matters (ratio_need(): told the least it must reach for the pair to
 * stay in), and the pair is given up as soon as the sum falls under
 * --floor.  A pair that can reach it has every term known; the
 * message's is j->t[j->nt] then.  The pairs written and their scores
 * are those of computing every ratio.
 */
static int
can_reach(struct job *j, const struct row *l, const struct row *r, uint32_t nfile,
    unsigned nfiles, double msg, double msg_under, double w)
{
	const struct opts *o = j->o;
	double floor = o->min_score - BOUND_SLACK, ub = 0;
	size_t k = 0, n;

	for (uint32_t f = 0; f < nfile; f++)
		for (uint32_t x = 0; x < j->tfn[f]; x++, k++)
			j->t[k].weight = (1 - w) / nfiles / j->tfn[f];
	add_term(j, &l->msg, &r->msg);
	j->t[j->nt - 1].weight = w;
	/*
	 * The messages' ratio when the evidence needed it first, or a
	 * bound it is under.
	 */
	if (msg >= 0) {
		j->t[j->nt - 1].hi = msg;
		j->t[j->nt - 1].known = 1;
	} else if (msg_under < j->t[j->nt - 1].hi) {
		j->t[j->nt - 1].hi = msg_under;
	}
	n = j->nt--;
	for (k = 0; k < n; k++) {
		ub += j->t[k].weight * j->t[k].hi;
		j->order[k].potential = j->t[k].weight * j->t[k].hi;
		j->order[k].k = (uint32_t)k;
	}
	qsort(j->order, n, sizeof *j->order, cmp_potential);
	for (k = 0; k < n; k++) {
		struct term *t = &j->t[j->order[k].k];
		double need, v;
		int below;

		if (ub < floor)
			return 0;
		if (t->known)
			continue;
		need = t->weight > 0 ? t->hi - (ub - floor) / t->weight : 0.0;
		v = ratio_need(j, t->a, t->b, need, &below);
		if (below)
			return 0;
		ub += t->weight * (v - t->hi);
		t->hi = v;
	}
	return ub >= floor;
}

/*
 * How much the two patches have in common in the files both touch,
 * every hunk of a file together whatever its heading, word by word
 * (word_ratio), weighted by size.  PaStA's diff score averages the
 * hunks whose headings match, however little of each patch they are: a
 * license-header hunk scores 1.0 in a patch that changes much else in
 * the same file.  The whole files do not.
 */
static double
file_ratio(const struct row *l, const struct row *r)
{
	double fw = 0, fq = 0;

	for (uint32_t a = 0; a < l->nf; a++) {
		const struct tfile *fl = &l->f[a], *fr = NULL;
		double w;

		for (uint32_t b = 0; b < r->nf; b++)
			if (r->f[b].key == fl->key) {
				fr = &r->f[b];
				break;
			}
		if (!fr)
			continue;
		w = (double)fl->rem.cps + fr->rem.cps;
		if (w > 0) {
			fq += w * word_ratio(fl->rem.s, fl->rem.bytes, fl->rem.cps,
			    fr->rem.s, fr->rem.bytes, fr->rem.cps);
			fw += w;
		}
		w = (double)fl->add.cps + fr->add.cps;
		if (w > 0) {
			fq += w * word_ratio(fl->add.s, fl->add.bytes, fl->add.cps,
			    fr->add.s, fr->add.bytes, fr->add.cps);
			fw += w;
		}
	}
	return fw > 0 ? fq / fw : 0.0;
}

/* All pairs of one left row, scored, into out (rows of TSV). */
void
score_left(struct job *j, uint32_t li, struct buf *out)
{
	struct row *l = &j->L->r[li];
	const struct opts *o = j->o;

	find_candidates(j, li);

	for (size_t c = 0; c < j->ncand; c++) {
		uint32_t ri = j->cand[c];
		struct row *r = &j->R->r[ri];
		int via = j->via[ri];
		double dlr, msg = 0, diff = 0, score = 0, fdiff = 0;
		/*
		 * A diff sent in a reply has no commit message: the reply's
		 * words are talk.  Its score is its diff's.
		 */
		double w = l->reply || r->reply ? 0.0 : o->weight;
		uint32_t mn, mx;
		int outside;

		/* Each pair once; a mail and its duplicate copy are no pair. */
		if ((o->self && ri <= li) || l->id == r->id)
			continue;
		/*
		 * A candidate by its person alone is a pair only if one's
		 * patch holds the other's: the words of a mail found again
		 * in a commit of its author's under other files.
		 */
		if (via == VIA_PERSON) {
			via = contained(j, l, r);
			if (!via)
				continue;
		} else {
			via &= ~VIA_PERSON;
			via |= evidence(j, l, r) | contained(j, l, r);
		}
		/*
		 * Evidence keeps a pair out of the window.  Evidence that waits
		 * on the messages (one thread, one person) is judged first, and
		 * the pair goes after all if it does not hold.
		 */
		outside = o->window >= 0 && l->has_date && r->has_date &&
		    llabs((long long)(l->date - r->date)) > (long long)o->window * 86400;
		if (outside && !(via & ~VIA_FILES))
			continue;
		mn = l->lines < r->lines ? l->lines : r->lines;
		mx = l->lines < r->lines ? r->lines : l->lines;
		dlr = mx ? (double)mn / mx : 1.0;
		if (dlr >= o->dlr || (via & ~VIA_FILES)) {
			int must = (via & ~VIA_FILES) != 0;
			uint32_t nfile;
			unsigned nfiles;
			double known_msg = -1, msg_under = 2.0;
			int counted = 0;        /* in j->scored already */

			/*
			 * Evidence that waits on the messages (one thread, one
			 * person) is judged first: where it does not hold, the
			 * pair is one like any other, and may be given up early.
			 * The same pairs and scores as judging it after, which
			 * --plain-lcs still does (62 compares the two).
			 */
			if (!o->plain && (via & (VIA_THREAD | VIA_SAMEMSG)) &&
			    !(via & ~(VIA_FILES | VIA_THREAD | VIA_SAMEMSG))) {
				double need = via & VIA_THREAD ? THREAD_MSG : SAME_MSG, m;
				int below;

				/* Exact at need or above; else only under it. */
				m = ratio_need(j, &l->msg, &r->msg, need, &below);
				j->scored++;
				counted = 1;
				if (below)
					msg_under = m;
				else
					known_msg = m;
				if (below || (!(via & VIA_THREAD && m >= THREAD_MSG) &&
				    !(via & VIA_SAMEMSG && m >= SAME_MSG))) {
					via &= ~(VIA_THREAD | VIA_SAMEMSG);
					must = 0;
					/*
					 * Out of the window, or under --dlr (it scores
					 * 0) when 0 does not reach --floor: not
					 * written.  Under --dlr otherwise: written with
					 * its ratios, as before.
					 */
					if (outside || (dlr < o->dlr && o->min_score > 0))
						continue;
					if (dlr < o->dlr)
						must = 1;
				}
			}

			/*
			 * Bounds first: a pair that cannot reach --floor is
			 * not written, so its LCSs need not be computed, nor
			 * all of them for one that turns out unable to.  The
			 * output is the same either way.  (Headings paired by
			 * their own ratio have no cheap bound.)
			 */
			if (!must && o->heading_ratio < 1.0 && w + (1 - w) <
			    o->min_score)
				continue;
			ready_hunks(j, l);
			ready_hunks(j, r);
			nfiles = diff_terms(j, l, r, &nfile);
			if (!must && o->heading_ratio >= 1.0 &&
			    w + (1 - w) * diff_of(j, nfile, nfiles) < o->min_score)
				continue;
			if (!counted)
				j->scored++;
			if (!must) {
				if (!can_reach(j, l, r, nfile, nfiles, known_msg, msg_under, w))
					continue;
				diff = diff_of(j, nfile, nfiles);
				msg = j->t[j->nt].hi;
			} else {
				for (size_t k = 0; k < j->nt; k++)
					j->t[k].hi = ratio(j, j->t[k].a, j->t[k].b);
				diff = diff_of(j, nfile, nfiles);
				msg = known_msg >= 0 ? known_msg : ratio(j, &l->msg, &r->msg);
			}
			score = dlr >= o->dlr ? w * msg + (1 - w) * diff : 0;
		}
		if (via & VIA_THREAD) {
			via &= ~VIA_THREAD;
			if (msg >= THREAD_MSG)
				via |= VIA_VERSION;
		}
		if (via & VIA_SAMEMSG) {
			via &= ~VIA_SAMEMSG;
			if (msg >= SAME_MSG)
				via |= l->commit != r->commit ? VIA_TITLE : VIA_VERSION;
		}
		if (outside && !(via & ~VIA_FILES))
			continue;
		if (score < o->min_score && !(via & ~VIA_FILES))
			continue;
		ready_hunks(j, l);
		ready_hunks(j, r);
		fdiff = file_ratio(l, r);
		tsv_addstr(out, l->id);
		tsv_sep(out);
		tsv_addstr(out, r->id);
		buf_addf(out, "\t%.6f\t%.6f\t%.6f\t%.6f\t%.6f\t", msg, diff, dlr, score, fdiff);
		via_add(out, via);
		buf_addc(out, '\n');
	}
}
