/*
 * evidence.c - what two patches' metadata says beyond their content:
 * one person, one title, one thread, close dates, a commit's credits.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "patchsim.h"
#include "person.h"
#include "via.h"

/* A title of at least this many distinct words, one author's twice, is a repost. */
#define REPOST_WORDS 4
/*
 * Two titles' summaries (the words after the "prefix: " parts) are
 * alike when this share of the distinct words of the longer is in the
 * other, and it has RETITLE_MIN words at least.
 */
#define RETITLE_SHARE 0.7
#define RETITLE_MIN 3
/* A commit credits a mail's author: the mail at most this many days before it. */
#define CREDIT_DAYS 365

/* Does commit c credit the person of mail m (its address or its name)? */
int
credits_person(const struct row *c, const struct row *m)
{
	for (uint32_t i = 0; i < c->ncred; i++)
		if ((*m->author && c->cred[i] == m->author) || (*m->name && c->cred[i] == m->name))
			return 1;
	return 0;
}

/* The distinct words of a token-sorted text, at most max, into w and wl. */
static size_t
sorted_words(const struct tstr *t, const char **w, size_t *wl, size_t max)
{
	size_t n = 0;

	for (const char *p = t->s, *e = t->s + t->bytes; p < e && n < max;) {
		const char *sp = memchr(p, ' ', (size_t)(e - p));
		size_t k = (size_t)((sp ? sp : e) - p);

		if (k && !(n && wl[n - 1] == k && !memcmp(w[n - 1], p, k))) {
			w[n] = p;
			wl[n++] = k;
		}
		p += k + 1;
	}
	return n;
}

/* How many distinct words a token-sorted text holds (up to 64). */
static size_t
distinct_words(const struct tstr *t)
{
	const char *w[64];
	size_t wl[64];

	return sorted_words(t, w, wl, 64);
}

/*
 * Are two titles' summaries alike: of the distinct words of the one with
 * more (at least RETITLE_MIN), RETITLE_SHARE at least in the other?
 */
static int
summaries_alike(const struct tstr *a, const struct tstr *b)
{
	const char *wa[64], *wb[64];
	size_t la[64], lb[64], na, nb, common = 0;

	na = sorted_words(a, wa, la, 64);
	nb = sorted_words(b, wb, lb, 64);
	if ((na > nb ? na : nb) < RETITLE_MIN)
		return 0;
	for (size_t i = 0, j = 0; i < na && j < nb;) {
		int c = memcmp(wa[i], wb[j], la[i] < lb[j] ? la[i] : lb[j]);

		if (!c)
			c = (la[i] > lb[j]) - (la[i] < lb[j]);
		if (!c)
			common++;
		i += c <= 0;
		j += c >= 0;
	}
	return (double)common >= RETITLE_SHARE * (double)(na > nb ? na : nb);
}

/* The same title: the same words, whatever their case, order and punctuation. */
static int
same_title(const struct row *a, const struct row *b)
{
	return a->title.bytes && a->title.bytes == b->title.bytes &&
	    memcmp(a->title.s, b->title.s, a->title.bytes) == 0;
}

/*
 * What the two patches' metadata says beyond their content: VIA_DATE, a
 * mail and a commit dated to the second alike (the commit's author date
 * is the mail's date, as git am keeps it) by the same person or under
 * the same title; VIA_TITLE, a mail and a commit by the same person
 * under the same title, or with messages SAME_MSG alike; VIA_VERSION,
 * two mails by one person under the same title, or one in the other's
 * thread, or with messages SAME_MSG alike, not two parts of one
 * posting, at most --version-window days apart.  Whether the content
 * agrees enough is ptcluster's to judge, from msg, diff and fdiff.
 */
int
evidence(const struct job *j, const struct row *l, const struct row *r)
{
	const struct opts *o = j->o;
	int person = one_person(l->author, l->name, r->author, r->name, 0), via = 0;

	if (l->commit != r->commit) {
		const struct row *m = l->commit ? r : l, *c = l->commit ? l : r;
		int title = same_title(l, r);

		if (m->has_adate && c->has_adate && m->adate == c->adate && (person || title))
			via |= VIA_DATE;
		/*
		 * A commit crediting the mail's author, written after it (at
		 * most CREDIT_DAYS): a maintainer's rework of the patch.
		 */
		if (!person && c->ncred && credits_person(c, m) && m->has_date && c->has_date &&
		    c->date >= m->date && c->date - m->date <= (int64_t)CREDIT_DAYS * 86400)
			via |= VIA_CREDIT;
		if (person && title)
			via |= VIA_TITLE;
		else if (person && ratio_bound(&l->msg, &r->msg) >= SAME_MSG)
			via |= VIA_SAMEMSG;
		/* Retitled by its author, or reworked into a bigger change of his. */
		if (person && !title && summaries_alike(&l->summary, &r->summary))
			via |= VIA_RETITLE;
		return via;
	}
	if (l->commit || !person)
		return 0;
	/* Two patches of one posting ([PATCH v2 1/3] and [PATCH v2 2/3]) are two patches. */
	if (*l->thread && l->thread == r->thread && l->version == r->version &&
	    l->part != r->part)
		return 0;
	if (!l->has_date || !r->has_date ||
	    llabs((long long)(l->date - r->date)) > (long long)o->vwindow * 86400)
		return 0;
	if (same_title(l, r))
		return VIA_VERSION | (distinct_words(&l->title) >= REPOST_WORDS ? VIA_REPOST : 0);
	/* Retitled: the words after the prefix mostly the same. */
	if (summaries_alike(&l->summary, &r->summary))
		via |= VIA_RETITLE;
	/*
	 * A new version sent into the thread of the old one, perhaps
	 * retitled: the same place in its posting, and (see score_left) a
	 * message still alike.
	 */
	if (((*l->thread && l->thread == r->thread && l->version != r->version) ||
	    (*r->thread && r->thread == l->id) || (*l->thread && l->thread == r->id)) &&
	    l->part == r->part)
		return via | VIA_THREAD;
	/* Retitled, in a thread of its own: the message tells. */
	if (ratio_bound(&l->msg, &r->msg) >= SAME_MSG)
		return via | VIA_SAMEMSG;
	return via;
}
