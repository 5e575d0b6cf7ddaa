/*
 * titles.c - the titles of patches and commits as words, to be matched
 * whatever their tags and case: each patch's and cover letter's, each
 * commit's, and the titles replies quote where the archive lacks what
 * they answer; and the titles that name two things, no versions of one
 * (numbered siblings, one name in place of another).
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "readers.h"
#include "subject.h"
#include "util.h"

/*
 * A subject's title (subject_title(): the "[PATCH v2 1/3]" tags and
 * "Re:" gone), lower-cased, its words alone with one blank between:
 * "Foo: fix the bar." and "[PATCH v2] foo: Fix the bar" are one title.
 * Interned; "" for none.
 */
void
title_norm(struct buf *w, const char *s, size_t n)
{
	struct buf t = BUF_INIT;

	w->len = 0;
	subject_title(&t, s, n);
	for (size_t i = 0; i < t.len; i++) {
		unsigned char c = (unsigned char)t.p[i];

		if (c >= 0x80 || isalnum(c))
			buf_addc(w, (char)tolower(c));
		else if (w->len && w->p[w->len - 1] != ' ')
			buf_addc(w, ' ');
	}
	while (w->len && w->p[w->len - 1] == ' ')
		w->len--;
	buf_free(&t);
}

const char *
title_words(struct model *md, const char *subject)
{
	struct buf w = BUF_INIT;
	const char *r;

	title_norm(&w, subject, strlen(subject));
	r = intern(&md->pool, w.p ? w.p : "", w.len);
	buf_free(&w);
	return r;
}

/*
 * A subject's summary: its title words (title_words()) after the
 * title's leading "prefix: " parts ("erofs-utils: build: ", "PATCH: ",
 * "nvme, md/001: "), each a word without blanks, or words joined by
 * ", ", before ": ".  Interned; "" for none.
 */
const char *
summary_words(struct model *md, const char *subject)
{
	struct buf t = BUF_INIT;
	const char *r;
	size_t at = 0;

	subject_title(&t, subject, strlen(subject));
	for (;;) {
		size_t k = at;

		/* A part names one thing or several: "nvme, md/001: ". */
		while (k < t.len && t.p[k] != ':' && (t.p[k] != ' ' ||
		    (k > at && t.p[k - 1] == ',' && k + 1 < t.len && t.p[k + 1] != ' ')))
			k++;
		if (k == at || k + 1 >= t.len || t.p[k] != ':' || t.p[k + 1] != ' ')
			break;
		at = k + 2;
	}
	buf_addc(&t, '\0');
	r = title_words(md, t.p + at);
	buf_free(&t);
	return r;
}

size_t
words_shared(const char *a, const char *b, size_t min)
{
	size_t n = 0;

	for (const char *p = a; *p;) {
		size_t k = strcspn(p, " ");

		n += k && k >= min && has_title_word(b, NULL, p, k);
		p += k + (p[k] == ' ');
	}
	return n;
}

size_t
summaries_share(struct model *md, const char *a, const char *b)
{
	return words_shared(summary_words(md, a), summary_words(md, b), SHARE_CHARS);
}

uint32_t
mail_pull(struct model *md, const struct mail *m, int *bysum)
{
	uint32_t p = pull_like(md, m->ntitle, m->from, m->who, m->date);

	*bysum = 0;
	if (p == NONE && md->npulls &&
	    (p = pull_like_summary(md, summary_words(md, m->subject), m->from, m->who,
	    m->date)) != NONE)
		*bysum = 1;
	return p;
}

/*
 * The titles that replies to patches quote ("Re: [PATCH v2 3/5] t"),
 * with when: a patch was posted under each, its mail in the archive or
 * not (a list archive may lack a patch its answers quote).  And each
 * commit's title, to be looked up there (offlist).
 */
static void
quoted_titles(struct model *md)
{
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		struct subject_info si;
		const char *t;
		struct hent *e;
		struct dspan *d;
		int isnew;

		if (!m->present || m->type == MT_PATCH || m->date == NODATE)
			continue;
		subject_parse(m->subject, strlen(m->subject), &si);
		if ((si.tags & (SUBJ_REPLY | SUBJ_PATCH)) != (SUBJ_REPLY | SUBJ_PATCH))
			continue;
		t = title_words(md, m->subject);
		if (!*t)
			continue;
		e = hmap_put(&md->rtitles, t, strlen(t), &isnew);
		if (isnew) {
			d = arena_alloc(&md->mem, sizeof *d);
			d->first = d->last = m->date;
			e->val = d;
		} else {
			d = e->val;
			if (m->date < d->first)
				d->first = m->date;
			if (m->date > d->last)
				d->last = m->date;
		}
	}
	for (size_t i = 0; i < md->ncommits; i++)
		if (md->commits[i].present) {
			md->commits[i].ntitle = title_words(md, md->commits[i].subject);
			md->commits[i].nsummary = summary_words(md, md->commits[i].subject);
		}
	/* The pull requests' commits (pulls.c), by their titles. */
	for (size_t i = 0; i < md->npulls; i++) {
		md->pulls[i].ntitle = title_words(md, md->pulls[i].subject);
		md->pulls[i].nsummary = summary_words(md, md->pulls[i].subject);
	}
	pulls_index(md);
	/* Replies to mails the archives lack, by their summaries: the earliest of each. */
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		const char *sw;
		struct hent *e;
		int isnew;

		if (!m->present || m->type != MT_REPLY || m->parent == NONE ||
		    md->mails[m->parent].present || m->date == NODATE)
			continue;
		sw = summary_words(md, m->subject);
		if (!*sw)
			continue;
		e = hmap_put(&md->lost, sw, strlen(sw), &isnew);
		if (isnew || cmp_date_id(md, (uint32_t)i, (uint32_t)((uintptr_t)e->val - 1)) < 0)
			e->val = (void *)(uintptr_t)(i + 1);
	}
}

/*
 * If the subject's title is git's autosquash form, "fixup! X", "squash!
 * X" or "amend! X" (a change to be folded into the commit titled X): X's
 * title words (interned); else NULL.
 */
static const char *
fixup_title(struct model *md, const char *subject)
{
	static const char *const marks[] = { "fixup! ", "squash! ", "amend! " };
	struct buf t = BUF_INIT, w = BUF_INIT;
	const char *r = NULL;

	subject_title(&t, subject, strlen(subject));
	for (size_t k = 0; k < sizeof marks / sizeof marks[0] && !r; k++) {
		size_t n = strlen(marks[k]);

		if (t.len > n && !strncmp(t.p, marks[k], n)) {
			title_norm(&w, t.p + n, t.len - n);
			r = intern(&md->pool, w.p ? w.p : "", w.len);
		}
	}
	buf_free(&t);
	buf_free(&w);
	return r;
}

void
patch_titles(struct model *md)
{
	/*
	 * A cover letter's title too: a posting's (versions.c).  A fixup's
	 * title names the commit it folds into, not its own change: the
	 * fixups of one commit share it, and are no versions of each other
	 * (nor of that commit's patch) by it.  None of its own.
	 */
	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];

		if (m->present && (m->type == MT_PATCH || m->type == MT_COVER))
			m->ntitle = (m->ftitle = fixup_title(md, m->subject)) ? "" :
			    title_words(md, m->subject);
	}
}

void
titles_finish(struct model *md)
{
	quoted_titles(md);
}

int
has_title_word(const char *s, const char *stop, const char *w, size_t k)
{
	for (const char *q = s; *q && (!stop || q < stop);) {
		size_t j = strcspn(q, " ");

		if (j == k && !memcmp(q, w, k))
			return 1;
		q += j + (q[j] == ' ');
	}
	return 0;
}

size_t
distinct_words(const char *s)
{
	size_t n = 0;

	for (const char *p = s; *p;) {
		size_t k = strcspn(p, " ");

		n += !has_title_word(s, p, p, k);
		p += k + (p[k] == ' ');
	}
	return n;
}

/*
 * Are two titles (title words) alike: of the distinct words of the one
 * with more, at least TWIN_WORDS percent in the other ("foo01: fix the
 * leak" and "foo02: fix the leak")?
 */
int
titles_alike(const char *a, const char *b)
{
	size_t na, nb, common = 0;

	if (!a || !b || !*a || !*b)
		return 0;
	for (const char *p = a; *p;) {
		size_t k = strcspn(p, " ");

		if (!has_title_word(a, p, p, k) && has_title_word(b, NULL, p, k))
			common++;
		p += k + (p[k] == ' ');
	}
	na = distinct_words(a);
	nb = distinct_words(b);
	return 100 * common >= TWIN_WORDS * (na > nb ? na : nb);
}

/* The length of word w[0..k) without its trailing digits. */
static size_t
stem_len(const char *w, size_t k)
{
	while (k && isdigit((unsigned char)w[k - 1]))
		k--;
	return k;
}

/*
 * Are titles a and b numbered siblings, not versions: every word that
 * is in one and not the other ends in digits, and each such word of a
 * has one of b with its stem ("add ioctl01 test", "add ioctl02 test":
 * two tests, two patches)?
 */
int
numbered_siblings(const char *a, const char *b)
{
	size_t nd = 0;

	for (int pass = 0; pass < 2; pass++) {
		const char *x = pass ? b : a, *y = pass ? a : b;

		for (const char *p = x; *p;) {
			size_t k = strcspn(p, " "), st = stem_len(p, k);
			int twin = 0;

			if (!has_title_word(y, NULL, p, k)) {
				if (st == k)
					return 0;
				/* A word of the other with the same stem and other digits. */
				for (const char *q = y; *q && !twin;) {
					size_t j = strcspn(q, " ");

					twin = stem_len(q, j) == st && j > st && !memcmp(p, q, st) &&
					    !has_title_word(x, NULL, q, j);
					q += j + (q[j] == ' ');
				}
				if (!twin)
					return 0;
				nd++;
			}
			p += k + (p[k] == ' ');
		}
	}
	return nd > 0;
}

/* The subject's title: past its "Re:" markers and bracket tags ("[PATCH v2 1/3]"). */
static const char *
past_tags(const char *s)
{
	struct subject_info si;

	subject_parse(s, strlen(s), &si);
	return s + si.head;
}

/* A subject's word w[0..*k), less the punctuation around it; NULL past the end. */
static const char *
subject_word(const char **pp, size_t *k)
{
	const char *p = *pp, *w;

	while (*p == ' ')
		p++;
	if (!*p)
		return NULL;
	*k = strcspn(p, " ");
	*pp = p + *k;
	w = p;
	while (*k && strchr("(\"'", *w))
		w++, (*k)--;
	while (*k && strchr("),;:.\"'", w[*k - 1]))
		(*k)--;
	return w;
}

/*
 * Is it a name, not a word of the sentence: it holds a digit, an
 * underscore, a slash or a dot, or capitals alone ("mmap01", "safe_open",
 * "net/ipv4", "SAFE_STATX", "CIFS"), or it is the subject's first word
 * before a colon ("connect: ...", the thing it changes)?
 */
static int
name_word(const char *w, size_t k, int prefix)
{
	size_t caps = 0;

	if (prefix)
		return 1;
	for (size_t i = 0; i < k; i++) {
		if (isdigit((unsigned char)w[i]) || strchr("_/.", w[i]))
			return 1;
		caps += isupper((unsigned char)w[i]) != 0;
	}
	return k >= 2 && caps == k;
}

/* Does subject s hold the word w[0..k), in any case? */
static int
subject_has(const char *s, const char *w, size_t k)
{
	const char *v;
	size_t j;

	for (s = past_tags(s); (v = subject_word(&s, &j));)
		if (j == k && !strncasecmp(v, w, k))
			return 1;
	return 0;
}

/* Does subject a name something subject b does not? */
static int
names_beyond(const char *a, const char *b)
{
	const char *w, *p = past_tags(a);
	size_t k;

	for (int first = 1; (w = subject_word(&p, &k)); first = 0)
		if (k && name_word(w, k, first && w[k] == ':') &&
		    !subject_has(b, w, k))
			return 1;
	return 0;
}

/*
 * Do subjects a and b each name a thing the other does not, one in place
 * of the other ("connect: add negative tests for connect", "getrandom:
 * add negative tests for getrandom"; "Add SAFE_STATX macro", "Add
 * SAFE_SYMLINKAT macro"; "Add rmdir04 test", "Add mkdir10 test"): one
 * sentence about two things, two patches, unless their diffs say it is
 * one renamed.  A title reworded ("add the bar option", "add a bar
 * switch") or gaining a name is the same thing said again.
 */
int
slot_swapped(const char *a, const char *b)
{
	return a && b && names_beyond(a, b) && names_beyond(b, a);
}
