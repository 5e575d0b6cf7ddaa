/*
 * own.c - the sender's own text of a mail (own.h): the walk that finds
 * it, the phrases its words hold and the said column made of it.
 *
 * What is read is the sender's own text only: quoted lines, attribution
 * lines, diffstat lines, a quoted original (Outlook) and everything from
 * the signature on belong to others or to nobody.  One walk finds it for
 * every use: the flags of its phrases (withdraw, ping, series, nosub)
 * and the said column.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "own.h"
#include "text.h"
#include "util.h"

#define SCAN_MAX (64 * 1024)    /* bytes read in all, quotes included */

static int
line_is(const char *l, size_t n, const char *s)
{
	size_t k = strlen(s);

	return n >= k && !memcmp(l, s, k);
}

/* "On ... wrote:", "... schrieb:", "... 写道:": who is quoted next. */
static int
attribution(const char *l, size_t n)
{
	static const char *const ends[] = {
		"wrote:", "writes:", "schrieb:", "crit :", "crit:", "escribi\xc3\xb3:",
		"\xe5\x86\x99\xe9\x81\x93:", "\xe5\x86\x99\xe9\x81\x93\xef\xbc\x9a",
	};

	while (n && isspace((unsigned char)l[n - 1]))
		n--;
	/* Every one ends in a colon, ASCII or full-width (U+FF1A). */
	if (!n || (l[n - 1] != ':' && (unsigned char)l[n - 1] != 0x9a))
		return 0;
	for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
		size_t k = strlen(ends[i]);

		if (n >= k && !memcmp(l + n - k, ends[i], k))
			return 1;
	}
	return 0;
}

/*
 * A diffstat line (" fs/foo.c | 3 ++-", " 2 files changed, 3
 * insertions(+)"): patch notes and cover letters are full of them, and
 * they are no prose.
 */
static int
diffstat_line(const char *l, size_t n)
{
	size_t k = n;
	int digit = 0;

	while (k && (l[k - 1] == ' ' || l[k - 1] == '+' || l[k - 1] == '-' ||
	    isdigit((unsigned char)l[k - 1])))
		digit |= isdigit((unsigned char)l[--k]) != 0;
	if (k && k < n && l[k - 1] == '|' && digit)
		return 1;
	return n && isdigit((unsigned char)*l) && find_bytes(l, n, " changed", 8) != NULL;
}

/* Is the line at p (before stop) an attribution?  "On Mon, ... Name\n<addr> wrote:" */
static int
attribution_next(const char *p, const char *stop)
{
	const char *nl;

	if (p >= stop)
		return 0;
	nl = memchr(p, '\n', (size_t)(stop - p));
	return attribution(p, (size_t)((nl ? nl : stop) - p));
}

static int
original_message(const char *l, size_t n)
{
	return line_is(l, n, "-----Original Message") || line_is(l, n, "----- Original Message");
}

/* Does the first line after p that is not blank (before stop) start a quote? */
static int
quote_follows(const char *p, const char *stop)
{
	while (p < stop && isspace((unsigned char)*p))
		p++;
	return p < stop && *p == '>';
}

/*
 * Where the sender's own text ends: the signature or a quoted original,
 * unmarked below Outlook's "-----Original Message-----"; Zimbra writes
 * "----- Original Message -----" above a quote it marks, and the reply
 * goes on below.
 */
static int
own_text_ends(const char *l, size_t n, const char *next, const char *stop)
{
	size_t k = n, u = 0;

	if (!n || (*l != '-' && *l != '_' && *l != 'F' && *l != 'f'))
		return 0;
	while (k && (l[k - 1] == '\r' || l[k - 1] == ' '))
		k--;
	if (k == 2 && !memcmp(l, "--", 2))
		return 1;
	if (original_message(l, n))
		return !quote_follows(next, stop);
	while (u < k && l[u] == '_')
		u++;
	if (u >= 10 && u == k)
		return 1;
	/* Outlook quotes the original unmarked below "From: ... Sent: ...". */
	return has_prefix_ci(l, n, "From: ") &&
	    (has_prefix_ci(next, (size_t)(stop - next), "Sent: ") ||
	    has_prefix_ci(next, (size_t)(stop - next), "Date: "));
}

void
own_walk(const char *text, size_t start, size_t end,
    void (*line)(void *arg, int kind, const char *l, size_t n), void *arg)
{
	const char *p, *stop, *nl;
	size_t len, own = 0;

	if (end <= start)
		return;
	if (end - start > SCAN_MAX)
		end = start + SCAN_MAX;
	p = text + start;
	stop = text + end;
	while (p < stop && own < OWN_MAX) {
		const char *l = p;

		nl = memchr(p, '\n', (size_t)(stop - p));
		len = (size_t)((nl ? nl : stop) - p);
		p = nl ? nl + 1 : stop;
		if (own_text_ends(l, len, p, stop))
			break;
		while (len && isspace((unsigned char)*l))
			l++, len--;
		/* A quote, an attribution, a diffstat or a blank line ends a sentence. */
		if (len && *l == '>') {
			line(arg, OWN_QUOTE, l, len);
			continue;
		}
		if (!len || attribution(l, len) || diffstat_line(l, len) || original_message(l, len) ||
		    (line_is(l, len, "On ") && attribution_next(p, stop))) {
			line(arg, OWN_BREAK, l, len);
			continue;
		}
		if (own + len > OWN_MAX)
			len = OWN_MAX - own;
		own += len + 1;
		line(arg, OWN_LINE, l, len);
	}
}

void
own_init(void)
{
	words_compile();
}

/* What own_read's walk feeds: the words, and the said text while it is short. */
struct reading {
	struct words *w;        /* NULL: no phrases wanted */
	struct buf *said;       /* NULL: not wanted */
	struct buf *hashes;     /* NULL: not wanted */
	struct buf *parts;      /* with hashes */
	int nhashes, nparts;
	int quotes;
};

/* Enough of the own text for SAID_MAX bytes cut at a character (4 bytes) or a blank. */
#define SAID_KEEP (SAID_MAX + 8)

static void
said_line(struct buf *b, const char *l, size_t n)
{
	char *w;

	if (b->len >= SAID_KEEP)
		return;
	buf_grow(b, SAID_KEEP + 1);
	w = b->p + b->len;
	for (size_t i = 0; i < n && w < b->p + SAID_KEEP; i++) {
		unsigned char c = (unsigned char)l[i];

		/* Blanks and other controls, line breaks too: one space, none leading. */
		if (c > ' ' && c != 0x7f)
			*w++ = (char)c;
		else if (w > b->p && w[-1] != ' ')
			*w++ = ' ';
	}
	if (w > b->p && w < b->p + SAID_KEEP && w[-1] != ' ')
		*w++ = ' ';
	b->len = (size_t)(w - b->p);
	b->p[b->len] = '\0';
}

/* Adds word w[0..k) to the space-separated column b unless there already. */
static int
add_once(struct buf *b, const char *w, size_t k)
{
	const char *p, *q;

	p = q = b->p ? b->p : "";
	while ((q = strstr(q, w)) && !((q == p || q[-1] == ' ') &&
	    (q[k] == ' ' || q[k] == '\0')))
		q += k;
	if (q)
		return 0;
	if (b->len)
		buf_addc(b, ' ');
	buf_add(b, w, k);
	return 1;
}

/*
 * The words of line l[0..n) that may be commit hashes ("Fixed in
 * dca56c567, thanks", deep in a reply): hash_word()'s, 40 digits at
 * most, no "-", "_" or "@" beside them (not a piece of a UUID or an
 * address); each once, lower-cased, into r->hashes.
 */
static void
hash_words(struct reading *r, const char *l, size_t n)
{
	for (size_t i = 0, skip; i < n && r->nhashes < HASHES_MAX; i += skip) {
		size_t k = hash_word(l, n, i, 40, "-_@", &skip);
		char w[41];

		if (!k)
			continue;
		for (size_t j = 0; j < k; j++)
			w[j] = (char)tolower((unsigned char)l[i + j]);
		w[k] = '\0';
		r->nhashes += add_once(r->hashes, w, k);
	}
}

/* Digits at l[i..n): how many (at most 3 read; 0 if more, or none). */
static size_t
digits_at(const char *l, size_t n, size_t i, unsigned *v)
{
	size_t k = 0;

	*v = 0;
	while (i + k < n && isdigit((unsigned char)l[i + k])) {
		if (++k > 3)
			return 0;
		*v = *v * 10 + (unsigned)(l[i + k - 1] - '0');
	}
	return k;
}

/* Is c, beside a number, a piece of a longer token (a path, a version, a date, an id)? */
static int
joins(int c)
{
	return isalnum((unsigned char)c) || c == '/' || c == '-' || c == '_' || c == ':' ||
	    c == '@' || c == '.' || c == '#';
}

/*
 * Does a number end at l[e] (of l[0..n)): the line's end, or no piece of
 * a longer token, or a sentence's full stop (not 1/2.5)?
 */
static int
number_ends(const char *l, size_t n, size_t e)
{
	return e == n || !joins(l[e]) ||
	    (l[e] == '.' && (e + 1 == n || !isalnum((unsigned char)l[e + 1])));
}

/*
 * The parts of a series line l[0..n) names: "k/N" (1 <= k <= N, N >= 2,
 * neither a piece of a longer token: not a date 2021/10/14, a path,
 * 1/2.5) and "patch k", "patch #k", "patches k" (the word patch, case
 * aside, then k), into r->parts as "k/N" and "k".  A reply to one part
 * that speaks of another ("in patch 10/14 you use ...") answers that
 * one too.
 */
static void
part_words(struct reading *r, const char *l, size_t n)
{
	for (size_t i = 0; i < n && r->nparts < PARTS_MAX; i++) {
		unsigned k, t;
		size_t a, b, e;
		char w[16];

		if (isdigit((unsigned char)l[i]) && (i == 0 || !joins(l[i - 1]) ||
		    (l[i - 1] == '#' && (i < 2 || !joins(l[i - 2]))))) {
			a = digits_at(l, n, i, &k);
			if (a && i + a < n && l[i + a] == '/' &&
			    (b = digits_at(l, n, i + a + 1, &t)) != 0) {
				e = i + a + 1 + b;
				if (k >= 1 && k <= t && t >= 2 && number_ends(l, n, e)) {
					snprintf(w, sizeof w, "%u/%u", k, t);
					r->nparts += add_once(r->parts, w, strlen(w));
				}
				i = e - 1;
				continue;
			}
		}
		/* "patch k", "patches k", "patch #k": the word, blanks, maybe #, k alone. */
		if ((l[i] == 'p' || l[i] == 'P') && (i == 0 || !isalnum((unsigned char)l[i - 1])) &&
		    n - i >= 6 && !strncasecmp(l + i, "patch", 5)) {
			size_t j = i + 5;

			if (j < n && (l[j] == 'e' || l[j] == 'E') && j + 1 < n &&
			    (l[j + 1] == 's' || l[j + 1] == 'S'))
				j += 2;
			if (j >= n || l[j] != ' ')
				continue;
			while (j < n && l[j] == ' ')
				j++;
			if (j < n && l[j] == '#')
				j++;
			a = digits_at(l, n, j, &k);
			e = j + a;
			if (a && k >= 1 && number_ends(l, n, e)) {
				snprintf(w, sizeof w, "%u", k);
				r->nparts += add_once(r->parts, w, strlen(w));
			}
		}
	}
}

static void
read_line(void *arg, int kind, const char *l, size_t n)
{
	struct reading *r = arg;

	if (kind != OWN_LINE) {
		r->quotes += kind == OWN_QUOTE;
		if (r->w)
			words_break(r->w);
		return;
	}
	if (r->w)
		words_line(r->w, l, n);
	if (r->said)
		said_line(r->said, l, n);
	if (r->hashes) {
		hash_words(r, l, n);
		part_words(r, l, n);
	}
}

/*
 * The said text made whole: valid UTF-8, at most SAID_MAX bytes, the
 * cut at the last blank before it (else a character's start), no blank
 * at the end.
 */
static void
said_end(struct buf *b)
{
	size_t n;

	if (utf8_valid_prefix(b->p ? b->p : "", b->len) != b->len) {
		struct buf fixed = BUF_INIT;

		utf8_repair(&fixed, b->p, b->len);
		buf_free(b);
		*b = fixed;
	}
	n = b->len;
	if (n > SAID_MAX) {
		n = SAID_MAX;
		if (b->p[n] != ' ') {
			while (n && b->p[n - 1] != ' ')
				n--;
			if (!n)
				for (n = SAID_MAX; n && ((unsigned char)b->p[n] & 0xc0) == 0x80; n--)
					;
		}
	}
	while (n && b->p[n - 1] == ' ')
		n--;
	buf_truncate(b, n);
}

void
own_read(const char *text, size_t start, size_t end, unsigned want, struct own *o)
{
	struct words words;
	struct reading r = { NULL, NULL, NULL, NULL, 0, 0, 0 };

	o->says = 0;
	o->words = 0;
	o->quotes = 0;
	o->cut = 0;
	buf_reset(&o->said);
	buf_reset(&o->hashes);
	buf_reset(&o->parts);
	/* Phrases alone, of kinds none of whose anchors is there: nothing to read. */
	if (!(want & OWN_SAID) && end > start &&
	    !words_may_say(text + start, end - start > SCAN_MAX ? SCAN_MAX : end - start,
	    want & SAYS_ALL))
		return;
	if (want & SAYS_ALL) {
		words_reset(&words);
		r.w = &words;
	}
	if (want & OWN_SAID) {
		r.said = &o->said;
		r.hashes = &o->hashes;
		r.parts = &o->parts;
	}
	own_walk(text, start, end, read_line, &r);
	if (r.w) {
		o->says = words_says(&words, want & SAYS_ALL);
		o->words = words.nwords;
	}
	o->quotes = r.quotes;
	o->cut = end > start && end - start > SCAN_MAX;
	if (r.said)
		said_end(&o->said);
}
