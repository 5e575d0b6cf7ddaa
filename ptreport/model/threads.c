/*
 * threads.c - the mails' threads: their union-find roots, series sent
 * without threading joined, the mails of each thread that may answer a
 * patch, its patches and withdrawals in order, the mails citing it from
 * outside, and the patches an RFC cover letter makes RFCs.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "readers.h"
#include "order.h"
#include "text.h"
#include "util.h"

uint32_t
thread_of(struct model *md, uint32_t mi)
{
	return uf_find(&md->threads, mi);
}

/* Is mail m what a reply answers: a patch or a cover letter of the tables? */
static int
answerable(const struct mail *m)
{
	return m->present && (m->type == MT_PATCH || m->type == MT_COVER);
}

/* qsort has no context argument; the model is finished once. */
static const struct model *rkey_md;

static int
cmp_rkey(const void *a, const void *b)
{
	const struct rkey *x = a, *y = b;
	const struct mail *p, *q;

	if (x->root != y->root)
		return x->root < y->root ? -1 : 1;
	p = &rkey_md->mails[x->mail];
	q = &rkey_md->mails[y->mail];
	if (p->date != q->date)
		return p->date < q->date ? -1 : 1;
	if (x->mail != y->mail)
		return strcmp(p->id, q->id);
	/* One mail citing two mails of a thread: by what they answer. */
	return cmp_uint(x->tgt, y->tgt);
}

/* A copy of v[0..n) sorted by thread, date and id (cmp_rkey), or NULL. */
static struct rkey *
sorted_rkeys(const struct model *md, struct rkey *v, size_t n)
{
	struct rkey *r;

	if (!n)
		return NULL;
	rkey_md = md;
	qsort(v, n, sizeof *v, cmp_rkey);
	r = xreallocarray(NULL, n, sizeof *r);
	memcpy(r, v, n * sizeof *v);
	return r;
}

static int
cmp_cpair_mail(const void *a, const void *b)
{
	const struct rkey *x = a, *y = b;

	if (x->mail != y->mail)
		return x->mail < y->mail ? -1 : 1;
	return (x->root > y->root) - (x->root < y->root);
}

/*
 * A reply to a citing mail answers what it cites: the author who asks
 * again elsewhere with a link ("are these patches fine for you?
 * https://lore.kernel.org/r/...") and gets an answer there was
 * answered.  Each reply (a mail whose parent cites) cites, so, what its
 * parent cites; whether it answers the patch is the reader's rule
 * (another person's, at or after the patch).  The parts of a posting
 * whose cover letter cites it are that posting, not replies to it (a
 * kernel series naming the tool's, its parts another's by their in-body
 * From:).
 */
static void
cite_replies(struct model *md)
{
	struct rkey *byc = xreallocarray(NULL, md->ncpairs, sizeof *byc);
	size_t nc = md->ncpairs;

	memcpy(byc, md->cpairs, nc * sizeof *byc);
	qsort(byc, nc, sizeof *byc, cmp_cpair_mail);
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *r = &md->mails[i];
		size_t lo = 0, hi = nc;

		if (!r->present || r->parent == NONE || r->parent == (uint32_t)i ||
		    ((r->type == MT_PATCH || r->type == MT_COVER) &&
		    md->mails[r->parent].type == MT_COVER))
			continue;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (byc[mid].mail < r->parent)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < nc && byc[lo].mail == r->parent; lo++) {
			if (md->ncpairs == md->capcpairs) {
				md->capcpairs = 2 * md->capcpairs;
				md->cpairs = xreallocarray(md->cpairs, md->capcpairs,
				    sizeof *md->cpairs);
			}
			md->cpairs[md->ncpairs].root = byc[lo].root;
			md->cpairs[md->ncpairs].tgt = NONE;
			md->cpairs[md->ncpairs++].mail = (uint32_t)i;
		}
	}
	free(byc);
}

/* Is mail c the cover letter (0/N, the same version and N) of patch m? */
static int
cover_of(const struct mail *c, const struct mail *m)
{
	return c->present && c->type == MT_COVER && c->part != NONE && c->part == 0 &&
	    c->version == m->version && c->total == m->total;
}

/* Not yet known, in chain_tops(). */
#define UNSET (NONE - 1)

/*
 * The top of each mail's chain of parents: its thread's root, the mail
 * all the others reply to, directly or not (a Message-ID only referenced
 * may be one); NONE for a mail whose parents run in a circle, whatever
 * the order of the rows.  Allocated.
 */
static uint32_t *
chain_tops(const struct model *md)
{
	uint32_t *top = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *top);
	uint32_t *walk = xcalloc(md->nmails ? md->nmails : 1, sizeof *walk);
	uint32_t *path = NULL;
	size_t cap = 0;

	for (size_t i = 0; i < md->nmails; i++)
		top[i] = UNSET;
	for (size_t i = 0; i < md->nmails; i++) {
		size_t n = 0;
		uint32_t x = (uint32_t)i, t;

		/* Up to a mail whose top is known, the root, or a circle. */
		for (;;) {
			if (top[x] != UNSET) {
				t = top[x];
				break;
			}
			if (walk[x] == i + 1) {
				t = NONE;
				break;
			}
			walk[x] = (uint32_t)i + 1;
			path = xgrow(path, &cap, n, 64, sizeof *path);
			path[n++] = x;
			if (md->mails[x].parent == NONE) {
				t = x;
				break;
			}
			x = md->mails[x].parent;
		}
		while (n)
			top[path[--n]] = t;
	}
	free(walk);
	free(path);
	return top;
}

/* qsort has no context argument; the model is finished once. */
static const struct model *upart_md;

/* Parts of unthreaded postings: by version, N, date and id. */
static int
cmp_upart(const void *a, const void *b)
{
	const struct mail *x = &upart_md->mails[*(const uint32_t *)a];
	const struct mail *y = &upart_md->mails[*(const uint32_t *)b];

	if (x->version != y->version)
		return x->version < y->version ? -1 : 1;
	if (x->total != y->total)
		return x->total < y->total ? -1 : 1;
	if (x->date != y->date)
		return x->date < y->date ? -1 : 1;
	return strcmp(x->id, y->id);
}

/*
 * A series sent without threading is one thread: mails k/N (a cover
 * letter 0/N too) that reply to nothing (no In-Reply-To, no References,
 * or only to a Message-ID missing from the archive),
 * N > 1, of one version and one N, by the person of the earliest of them
 * (by_person()), with different parts, sent within SERIES_WINDOW of the
 * earliest, are joined.  Each part stays the root of its own replies.
 * cover[] gets, for the other parts of a posting so joined, its cover
 * letter.
 */
static void
join_unthreaded(struct model *md, uint32_t *cover)
{
	uint32_t *v = NULL, *grp = NULL;
	size_t n = 0, cap = 0;
	unsigned char *done;
	struct set64 parts = SET64_INIT;

	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		/*
		 * A parent the archive lacks is none: a mail service that
		 * rewrites Message-IDs leaves 2/N replying to an id 1/N
		 * no longer has.
		 */
		if (!m->present || (m->type != MT_PATCH && m->type != MT_COVER) ||
		    (m->parent != NONE && md->mails[m->parent].present) || m->total < 2 ||
		    m->part == NONE || m->part > m->total || m->date == NODATE)
			continue;
		v = xgrow(v, &cap, n, 64, sizeof *v);
		v[n++] = (uint32_t)i;
	}
	if (!n)
		return;
	upart_md = md;
	qsort(v, n, sizeof *v, cmp_upart);
	done = xcalloc(n, 1);
	grp = xreallocarray(NULL, n, sizeof *grp);
	for (size_t i = 0; i < n; i++) {
		const struct mail *a = &md->mails[v[i]];
		size_t ng = 0;
		uint32_t c = NONE;

		if (done[i])
			continue;
		done[i] = 1;
		grp[ng++] = v[i];
		set64_free(&parts);
		set64_add(&parts, a->part);
		for (size_t j = i + 1; j < n; j++) {
			const struct mail *b = &md->mails[v[j]];

			if (b->version != a->version || b->total != a->total ||
			    b->date - a->date > SERIES_WINDOW)
				break;
			if (done[j] || !by_person(b, a->from, a->who) || !set64_add(&parts, b->part))
				continue;
			done[j] = 1;
			grp[ng++] = v[j];
		}
		if (ng < 2)
			continue;
		for (size_t k = 0; k < ng; k++) {
			uf_union(&md->threads, grp[0], grp[k]);
			if (md->mails[grp[k]].part == 0)
				c = grp[k];
		}
		for (size_t k = 0; k < ng && c != NONE; k++)
			if (grp[k] != c)
				cover[grp[k]] = c;
	}
	set64_free(&parts);
	free(done);
	free(grp);
	free(v);
}

/*
 * A patch whose cover letter is an RFC is one: the cover letter is its
 * parent, else the root of its thread, when that is the 0/N of the same
 * version and N, else that of its series sent without threading
 * (cover[]).  rfcby names it.
 */
static void
rfc_covers(struct model *md, const uint32_t *cover)
{
	uint32_t *top = chain_tops(md);

	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];
		uint32_t c = NONE;

		if (!m->present || m->type != MT_PATCH || m->rfc)
			continue;
		if (m->parent != NONE && cover_of(&md->mails[m->parent], m))
			c = m->parent;
		else if (top[i] != NONE && top[i] != i && cover_of(&md->mails[top[i]], m))
			c = top[i];
		else if (cover[i] != NONE)
			c = cover[i];
		if (c == NONE || !md->mails[c].rfc)
			continue;
		m->rfc = 1;
		m->process = 1;
		m->rfcby = c;
	}
	free(top);
}

/*
 * Per thread: how many mails, and the mails that may answer a patch:
 * not bots (can_answer() leaves out the series' own patches and
 * cover letters; another person's patch in the thread, a counter
 * proposal, is an answer).  They are listed by date, then id, so
 * that the first at or after a date is the earliest response,
 * whatever the order of the rows.  Then the patches and the
 * withdrawals by thread, date and id.
 */
static void
thread_lists(struct model *md)
{
	struct rkey *v = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *v);
	size_t n = 0;

	md->th = xcalloc(md->nmails ? md->nmails : 1, sizeof *md->th);
	for (size_t i = 0; i < md->nmails; i++)
		md->th[i].resp = NONE;
	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];
		uint32_t root;

		if (!m->present)
			continue;
		root = uf_find(&md->threads, (uint32_t)i);
		md->th[root].nmails++;
		if (m->type == MT_BOT)
			continue;
		v[n].root = root;
		v[n++].mail = (uint32_t)i;
	}
	if (n) {
		rkey_md = md;
		qsort(v, n, sizeof *v, cmp_rkey);
	}
	for (size_t i = n; i-- > 0;) {
		md->mails[v[i].mail].rnext = md->th[v[i].root].resp;
		md->th[v[i].root].resp = v[i].mail;
	}
	/* The patches, for the new versions sent into a thread (withdrawal()). */
	n = 0;
	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];

		if (!m->present || m->type != MT_PATCH)
			continue;
		v[n].root = uf_find(&md->threads, (uint32_t)i);
		v[n++].mail = (uint32_t)i;
	}
	md->vp = sorted_rkeys(md, v, n);
	md->nvp = n;
	/* The withdrawals, few: kept apart, in the same order. */
	n = 0;
	for (size_t i = 0; i < md->nmails; i++)
		if (md->mails[i].present && md->mails[i].withdraw) {
			v[n].root = uf_find(&md->threads, (uint32_t)i);
			v[n++].mail = (uint32_t)i;
		}
	md->wd = sorted_rkeys(md, v, n);
	md->nwd = n;
	free(v);
}

/* Citations by the cited mail's thread, once each; of mails present. */
static void
thread_cites(struct model *md)
{
	quote_cites(md);
	title_cites(md);
	if (md->ncpairs) {
		size_t n = 0;

		cite_replies(md);

		for (size_t i = 0; i < md->ncpairs; i++) {
			const struct rkey *k = &md->cpairs[i];

			const struct mail *c = &md->mails[k->root];
			uint32_t t = answerable(c) ? k->root : c->tgt;

			if (!c->present || !md->mails[k->mail].present ||
			    md->mails[k->mail].type == MT_BOT)
				continue;
			md->cpairs[n].root = uf_find(&md->threads, k->root);
			md->cpairs[n].tgt = t;
			md->cpairs[n++].mail = k->mail;
		}
		md->ct = sorted_rkeys(md, md->cpairs, n);
		md->nct = n;
		if (n) {
			size_t k = 0;

			for (size_t i = 1; i < n; i++)
				if (md->ct[i].root != md->ct[k].root || md->ct[i].mail != md->ct[k].mail ||
				    md->ct[i].tgt != md->ct[k].tgt)
					md->ct[++k] = md->ct[i];
			md->nct = k + 1;
		}
	}
	free(md->cpairs);
	md->cpairs = NULL;
	md->ncpairs = md->capcpairs = 0;
}

/*
 * The sender and time a git send-email Message-ID names: 0 and *addr,
 * *t set, or -1 for another form.
 */
static int
sendemail_id(const char *id, const char **addr, int64_t *t)
{
	char iso[32];
	size_t k = strspn(id, "0123456789");
	const char *p;

	if (k == 14 && id[14] == '.') {
		/* YYYYMMDDHHMMSS.PID-N-ADDR */
		snprintf(iso, sizeof iso, "%.4s-%.2s-%.2sT%.2s:%.2s:%.2sZ", id, id + 4, id + 6,
		    id + 8, id + 10, id + 12);
		if (iso_parse(iso, t) != 0)
			return -1;
		p = id + 15;
	} else if (k >= 9 && k <= 10 && id[k] == '-') {
		/* EPOCH-PID-N-git-send-email-ADDR */
		*t = strtoll(id, NULL, 10);
		p = id + k + 1;
	} else {
		return -1;
	}
	/* PID-N- */
	for (int i = 0; i < 2; i++) {
		size_t d = strspn(p, "0123456789");

		if (!d || p[d] != '-')
			return -1;
		p += d + 1;
	}
	if (k != 14) {
		if (strncmp(p, "git-send-email-", 15) != 0)
			return -1;
		p += 15;
	}
	if (!strchr(p, '@') || strchr(p, ' '))
		return -1;
	*addr = p;
	return 0;
}

static int
cmp_lostpost(const void *a, const void *b)
{
	const struct lostpost *x = a, *y = b;
	int c = strcmp(x->addr, y->addr);

	if (!c)
		c = cmp_int(x->t, y->t);
	return c ? c : cmp_uint(x->reply, y->reply);
}

/*
 * The postings the archives lack that a reply there names, when their
 * Message-ID says who sent them and when (git send-email's): for the
 * off-list commits posted elsewhere (offlist.c).  One entry a reply
 * (a posting answered twice is there twice), by sender, time and reply.
 */
static void
lost_postings(struct model *md)
{
	size_t cap = 0, n = 0;

	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		const char *a;
		int64_t t;

		if (!m->present || m->parent == NONE || md->mails[m->parent].present ||
		    m->date == NODATE || sendemail_id(md->mails[m->parent].id, &a, &t) != 0)
			continue;
		md->lp = xgrow(md->lp, &cap, n, 16, sizeof *md->lp);
		md->lp[n].addr = intern_lower(&md->pool, a, strlen(a));
		md->lp[n].t = t;
		md->lp[n++].reply = (uint32_t)i;
	}
	if (n)
		qsort(md->lp, n, sizeof *md->lp, cmp_lostpost);
	md->nlp = n;
}

/*
 * What each mail answers (tgt): the nearest of its parents that is a
 * patch or a cover letter, so that a review of part 3 of a series, or a
 * reply to that review, answers part 3 and not part 7.  NONE when the
 * chain of parents reaches none: a parent the archives lack (what it
 * answered is unknown), a mail that is no patch (a discussion), or a
 * circle.  Memoized as chain_tops() is: each chain is walked once.
 */
static void
answer_targets(struct model *md)
{
	uint32_t *path = NULL;
	unsigned char *state = xcalloc(md->nmails ? md->nmails : 1, 1);
	size_t cap = 0;

	/* state: 0 not yet, 1 on the walk now, 2 known. */
	for (size_t i = 0; i < md->nmails; i++) {
		size_t n = 0;
		uint32_t x = md->mails[i].parent, t = NONE;

		if (state[i] == 2)
			continue;
		path = xgrow(path, &cap, n, 64, sizeof *path);
		path[n++] = (uint32_t)i;
		state[i] = 1;
		for (;;) {
			if (x == NONE || !md->mails[x].present || state[x] == 1)
				break;
			if (answerable(&md->mails[x])) {
				t = x;
				break;
			}
			if (state[x] == 2) {
				t = md->mails[x].tgt;
				break;
			}
			state[x] = 1;
			path = xgrow(path, &cap, n, 64, sizeof *path);
			path[n++] = x;
			x = md->mails[x].parent;
		}
		while (n) {
			uint32_t y = path[--n];

			md->mails[y].tgt = t;
			state[y] = 2;
		}
	}
	free(state);
	free(path);
}

void
threads_finish(struct model *md)
{
	uint32_t *cover;

	/* A series sent without threading is one thread. */
	cover = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *cover);
	for (size_t i = 0; i < md->nmails; i++)
		cover[i] = NONE;
	join_unthreaded(md, cover);
	answer_targets(md);
	thread_lists(md);
	thread_cites(md);
	rfc_covers(md, cover);
	lost_postings(md);
	free(cover);
}

/*
 * The thread root, or a direct reply to it (1/N under its 0/N cover).
 * A parent missing from the archive is one level: it existed.  By the
 * parents, not the threads: each part of a series sent without threading
 * stays a root, though the parts are one thread.
 */
int
shallow(const struct model *md, uint32_t mi)
{
	uint32_t p = md->mails[mi].parent;

	if (p == NONE || p == mi)
		return 1;
	p = md->mails[p].parent;
	return p == NONE || p == mi || p == md->mails[mi].parent;
}
