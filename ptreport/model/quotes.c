/*
 * quotes.c - answers that lost their thread: a mail that names no
 * parent (no In-Reply-To, no References) but quotes a patch under its
 * mailer's attribution line, "On Wed, 19 Feb 2020 16:30, Karel Zak
 * wrote:" (a counter-patch written as an answer, a reply from a client
 * that drops the headers).  It answers the patches of that person sent
 * that day, as a mail citing them would (threads.c's citations).  And
 * one that names no parent but a patch's title, under "RE:".
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "order.h"
#include "readers.h"
#include "subject.h"
#include "text.h"
#include "tsv.h"
#include "util.h"

/* How much of a body the attribution is looked for in (escaped bytes), and its longest line. */
#define QUOTE_HEAD 16384
#define QUOTE_LINE 240
/* Days after the patch its quoting mail may come, at most. */
#define QUOTE_REPLY_DAYS 14

/* The numbers of the line s[0..n): days (1 to 31) as bits, the first four-digit year. */
static void
numbers(const char *s, size_t n, uint32_t *days, int *year)
{
	for (size_t i = 0; i < n;) {
		size_t k = i;
		long v = 0;

		while (k < n && isdigit((unsigned char)s[k]) && k - i < 6)
			v = v * 10 + (s[k++] - '0');
		if (k == i) {
			i++;
			continue;
		}
		if ((i == 0 || !isalnum((unsigned char)s[i - 1])) &&
		    (k == n || !isalnum((unsigned char)s[k]) || s[k] == 's' || s[k] == 't' ||
		    s[k] == 'n' || s[k] == 'r')) {
			if (k - i <= 2 && v >= 1 && v <= 31)
				*days |= 1u << v;
			else if (k - i == 4 && v >= 1990 && v <= 2200 && !*year)
				*year = (int)v;
		}
		i = k;
	}
}

/*
 * The person an attribution line s[0..n) names ("On DATE, NAME wrote:",
 * "On DATE NAME <ADDR> wrote:", "NAME <ADDR> wrote:"): into q; 0 if the
 * line is none.
 */
static int
attribution(struct model *md, const char *s, size_t n, struct quote *q)
{
	static const char tail[] = " wrote:";
	const size_t tl = sizeof tail - 1;
	size_t e, b;

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\r'))
		n--;
	if (n <= tl || n > QUOTE_LINE || memcmp(s + n - tl, tail, tl) != 0 || s[0] == '>')
		return 0;
	e = n - tl;
	q->addr = q->who = "";
	/* An address in angle brackets before " wrote:". */
	if (e && s[e - 1] == '>') {
		size_t a = e - 1;

		while (a && s[a - 1] != '<')
			a--;
		if (!a || !memchr(s + a, '@', e - 1 - a))
			return 0;
		q->addr = intern_lower(&md->pool, s + a, e - 1 - a);
		e = a - 1;
		while (e && s[e - 1] == ' ')
			e--;
	}
	/* The name: after the last ", " (the date before it), or the line's start. */
	b = e;
	while (b && !(s[b - 1] == ' ' && b >= 2 && s[b - 2] == ','))
		b--;
	if (!b && !strncmp(s, "On ", 3))
		return 0;
	while (b < e && (s[b] == ' ' || s[b] == '"'))
		b++;
	while (e > b && (s[e - 1] == ' ' || s[e - 1] == '"'))
		e--;
	if (e > b && e - b <= 80 && !memchr(s + b, '@', e - b))
		q->who = intern_lower(&md->pool, s + b, e - b);
	if (!*q->who && !*q->addr)
		return 0;
	q->days = 0;
	q->year = 0;
	numbers(s, b, &q->days, &q->year);
	return q->year != 0 && q->days != 0;
}

/* Mail citing cites patch cited (md->cpairs). */
static void
add_cite(struct model *md, uint32_t cited, uint32_t citing)
{
	md->cpairs = xgrow(md->cpairs, &md->capcpairs, md->ncpairs, 256, sizeof *md->cpairs);
	md->cpairs[md->ncpairs].root = cited;
	md->cpairs[md->ncpairs++].mail = citing;
}

/* How much of a raw (TSV-escaped) body is read: QUOTE_HEAD bytes, not cut inside an escape. */
static size_t
raw_head(const char *raw, size_t n)
{
	size_t k = 0;

	if (n <= QUOTE_HEAD)
		return n;
	n = QUOTE_HEAD;
	/* An odd run of backslashes at the end loses one. */
	while (k < n && raw[n - 1 - k] == '\\')
		k++;
	return n - k % 2;
}

/*
 * The first attribution line of mail mi's body (raw: escaped as in the
 * table, its first QUOTE_HEAD bytes): kept in md->quotes.  A mail that
 * names a parent is threaded already.
 */
void
quote_attribution(struct model *md, uint32_t mi, const char *raw, size_t n)
{
	char *text, why[32];
	long len;
	struct quote q;

	n = raw_head(raw, n);
	if (!n || !find_bytes(raw, n, " wrote:", 7))
		return;
	text = xmalloc(n + 1);
	memcpy(text, raw, n);
	text[n] = '\0';
	len = tsv_field_decode(text, n, why, sizeof why);
	if (len > 0) {
		struct line_walk w;
		const char *p;
		size_t k;

		line_walk_init(&w, text, (size_t)len);
		while (line_next(&w, &p, &k))
			if (attribution(md, p, k, &q)) {
				q.mail = mi;
				md->quotes = xgrow(md->quotes, &md->capquotes, md->nquotes, 16,
				    sizeof *md->quotes);
				md->quotes[md->nquotes++] = q;
				break;
			}
	}
	free(text);
}

/* A patch by its sender's address or name (an interned pointer), for a search. */
struct pkey {
	const char *key;
	uint32_t mail;
};

static int
cmp_pkey(const void *a, const void *b)
{
	const struct pkey *x = a, *y = b;
	int c = cmp_uint((uintptr_t)x->key, (uintptr_t)y->key);

	return c ? c : cmp_uint(x->mail, y->mail);
}

/* Does quoting mail x answer patch k: another's, the day named, QUOTE_REPLY_DAYS at most before? */
static int
quotes_patch(const struct model *md, const struct quote *q, uint32_t k)
{
	const struct mail *p = &md->mails[k], *x = &md->mails[q->mail];
	int64_t year;
	int month, day, secs;

	if (k == q->mail || p->date >= x->date ||
	    x->date - p->date > (int64_t)QUOTE_REPLY_DAYS * DAY || by_person(x, p->from, p->who))
		return 0;
	utc_civil(p->date, &year, &month, &day, &secs);
	return year == q->year && (q->days & ((1u << day) | (1u << (day - 1)) |
	    (day < 31 ? 1u << (day + 1) : 0)));
}

/*
 * Each quoting mail answers the patches of the person its attribution
 * names (address, else name), sent on the day it names (UTC, or a day
 * either side: the writer's time zone) and at most QUOTE_REPLY_DAYS
 * before it: a citation of their threads (md->cpairs).
 */
void
quote_cites(struct model *md)
{
	struct pkey *v;
	size_t n = 0;

	if (!md->nquotes)
		return;
	v = xreallocarray(NULL, 2 * md->nmails + 1, sizeof *v);
	for (size_t k = 0; k < md->nmails; k++) {
		const struct mail *p = &md->mails[k];

		if (!p->present || p->type != MT_PATCH || p->date == NODATE)
			continue;
		if (*p->from)
			v[n++] = (struct pkey){ p->from, (uint32_t)k };
		if (*p->who)
			v[n++] = (struct pkey){ p->who, (uint32_t)k };
	}
	qsort(v, n, sizeof *v, cmp_pkey);
	for (size_t i = 0; i < md->nquotes; i++) {
		const struct quote *q = &md->quotes[i];
		const struct mail *x = &md->mails[q->mail];
		const char *key = *q->addr ? q->addr : q->who;
		size_t lo = 0, hi = n;

		if (!x->present || x->type == MT_BOT || x->date == NODATE)
			continue;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if ((uintptr_t)v[mid].key < (uintptr_t)key)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < n && v[lo].key == key; lo++) {
			if (!quotes_patch(md, q, v[lo].mail))
				continue;
			add_cite(md, v[lo].mail, q->mail);
		}
	}
	free(v);
	free(md->quotes);
	md->quotes = NULL;
	md->nquotes = md->capquotes = 0;
}

/* --- titles quoted in a mail's own words ----------------------------------- */

/* A quoted passage: its bytes at most, and its title words at least. */
#define TQUOTE_MAX 200
#define TQUOTE_WORDS 4

/* The words of a title's words w[0..n) (one blank between). */
static size_t
words_in(const char *w, size_t n)
{
	size_t k = n > 0;

	for (size_t i = 0; i < n; i++)
		k += w[i] == ' ';
	return k;
}

/* Does the line holding s[i] start with ">" (after blanks): another's words quoted? */
static int
quoted_line(const char *s, size_t i)
{
	size_t b = i;

	while (b && s[b - 1] != '\n')
		b--;
	while (b < i && (s[b] == ' ' || s[b] == '\t'))
		b++;
	return s[b] == '>';
}

/* An opening double quote at s[i] ('"' or U+201C): its length, else 0. */
static size_t
open_quote(const char *s, size_t n, size_t i)
{
	if (s[i] == '"')
		return 1;
	return i + 2 < n && !memcmp(s + i, "\xe2\x80\x9c", 3) ? 3 : 0;
}

/*
 * The passages of s[0..n) (unescaped) in double quotes, "..." or the
 * typographic pair, that may be a patch's title: opened after a blank
 * or at the start (not a commit's '("title")', not inside a word), in
 * a line of its own words (not one starting with ">"), closed within
 * TQUOTE_MAX bytes and one paragraph (a line break inside is a blank,
 * the wrapped title), TQUOTE_WORDS title words or more.
 */
static void
tquotes_of(struct model *md, uint32_t mi, const char *s, size_t n, struct buf *w)
{
	for (size_t i = 0; i < n; i++) {
		size_t o = open_quote(s, n, i), e;

		if (!o || (i && s[i - 1] != ' ' && s[i - 1] != '\n' && s[i - 1] != '\t') ||
		    quoted_line(s, i))
			continue;
		for (e = i + o; e < n && e - i <= TQUOTE_MAX; e++)
			if (s[e] == '"' || (e + 2 < n && !memcmp(s + e, "\xe2\x80\x9d", 3)) ||
			    (s[e] == '\n' && (e + 1 == n || s[e + 1] == '\n' || quoted_line(s, e + 1))))
				break;
		if (e >= n || e - i > TQUOTE_MAX || s[e] == '\n')
			continue;
		title_norm(w, s + i + o, e - i - o);
		if (w->len && words_in(w->p, w->len) >= TQUOTE_WORDS) {
			md->tquotes = xgrow(md->tquotes, &md->captquotes, md->ntquotes, 64,
			    sizeof *md->tquotes);
			md->tquotes[md->ntquotes].h = hash_bytes(w->p, w->len);
			md->tquotes[md->ntquotes++].mail = mi;
		}
		i = e;
	}
}

void
quote_titles(struct model *md, uint32_t mi, const char *text, size_t n, int raw)
{
	struct buf w = BUF_INIT;
	char why[32];

	if (!n || (!memchr(text, '"', n) && !find_bytes(text, n, "\xe2\x80\x9c", 3)))
		return;
	if (raw) {
		char *t;
		long len;

		n = raw_head(text, n);
		t = xmalloc(n + 1);
		memcpy(t, text, n);
		t[n] = '\0';
		if ((len = tsv_field_decode(t, n, why, sizeof why)) > 0)
			tquotes_of(md, mi, t, (size_t)len, &w);
		free(t);
	} else
		tquotes_of(md, mi, text, n, &w);
	buf_free(&w);
}

/* A patch by its title words' hash (its ntitle), for a search. */
struct hkey {
	uint64_t h;
	int64_t date;
	uint32_t mail;
};

static int
cmp_hkey(const void *a, const void *b)
{
	const struct hkey *x = a, *y = b;

	if (x->h != y->h)
		return x->h < y->h ? -1 : 1;
	if (x->date != y->date)
		return x->date < y->date ? -1 : 1;
	return cmp_uint(x->mail, y->mail);
}

/* The first of the sorted v[0..n) at or after (h, date): the ones before, of h, came before date. */
static size_t
hkey_from(const struct hkey *v, size_t n, uint64_t h, int64_t date)
{
	struct hkey key = { h, date, 0 };
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cmp_hkey(&v[mid], &key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * Answers sent with no thread at all: a mail naming no parent under a
 * reply's subject to a patch cites the latest patch of that title by
 * another person, QUOTE_REPLY_DAYS at most before it.
 */
static void
subject_cites(struct model *md, const struct hkey *v, size_t n)
{
	for (size_t i = 0; n && i < md->nmails; i++) {
		const struct mail *x = &md->mails[i];
		struct subject_info si;
		const char *t;
		uint64_t h;
		size_t lo;

		if (!x->present || x->parent != NONE || x->date == NODATE || x->type == MT_PATCH ||
		    x->type == MT_COVER || x->type == MT_BOT || x->type == MT_PULL)
			continue;
		subject_parse(x->subject, strlen(x->subject), &si);
		if ((si.tags & (SUBJ_REPLY | SUBJ_PATCH)) != (SUBJ_REPLY | SUBJ_PATCH) ||
		    !*(t = title_words(md, x->subject + si.head)))
			continue;
		h = hash_bytes(t, strlen(t));
		for (lo = hkey_from(v, n, h, x->date); lo-- > 0 && v[lo].h == h &&
		    md->mails[v[lo].mail].ntitle == t &&
		    x->date - v[lo].date <= (int64_t)QUOTE_REPLY_DAYS * DAY;) {
			const struct mail *p = &md->mails[v[lo].mail];

			if (by_person(x, p->from, p->who))
				continue;
			add_cite(md, v[lo].mail, (uint32_t)i);
			break;
		}
	}
}

/*
 * Each quoted passage cites the latest patch whose title it is, posted
 * before the quoting mail (FAM_DAYS at most), in another thread: the
 * author's later patch naming the one it replaces, a reply elsewhere
 * naming the patch it speaks of.
 */
static void
quoted_cites(struct model *md, const struct hkey *v, size_t n)
{
	for (size_t i = 0; n && i < md->ntquotes; i++) {
		const struct tquote *q = &md->tquotes[i];
		const struct mail *x = &md->mails[q->mail];
		size_t lo;

		if (x->date == NODATE)
			continue;
		for (lo = hkey_from(v, n, q->h, x->date); lo-- > 0 && v[lo].h == q->h &&
		    x->date - v[lo].date <= (int64_t)FAM_DAYS * DAY;) {
			if (v[lo].mail == q->mail ||
			    uf_find(&md->threads, v[lo].mail) == uf_find(&md->threads, q->mail))
				continue;
			add_cite(md, v[lo].mail, q->mail);
			break;
		}
	}
	free(md->tquotes);
	md->tquotes = NULL;
	md->ntquotes = md->captquotes = 0;
}

void
title_cites(struct model *md)
{
	struct hkey *v = xreallocarray(NULL, md->nmails + 1, sizeof *v);
	size_t n = 0;

	/* The patches by their titles (patch_titles()), once for both. */
	for (size_t k = 0; k < md->nmails; k++) {
		const struct mail *p = &md->mails[k];

		if (p->present && p->type == MT_PATCH && p->date != NODATE && *p->ntitle)
			v[n++] = (struct hkey){ hash_bytes(p->ntitle, strlen(p->ntitle)), p->date,
			    (uint32_t)k };
	}
	if (n)
		qsort(v, n, sizeof *v, cmp_hkey);
	subject_cites(md, v, n);
	quoted_cites(md, v, n);
	free(v);
}
