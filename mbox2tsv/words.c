/*
 * words.c - a text read as words, and the phrases of phrases.c matched
 * on them (words.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "words.h"

#define EL_MAX 14               /* elements of a phrase */
#define ALT_MAX 32              /* words of an element */
#define SLOTS 1024              /* the word table: a power of two, well above its ~420 words */
#define PHRASES_MAX 128         /* phrases: bits of two 64-bit masks */
#define MASKS (PHRASES_MAX / 64)

/*
 * The kinds of an element's alternatives: a word, a class, <subj> ("i"
 * or "we", or nothing at the start of a clause), <w> (any word), the
 * start and end of a clause (<^>, <$>) and of a sentence (<^^>, <$$>).
 */
enum { CL_WORD, CL_BITS, CL_SUBJ, CL_ANY, CL_BEGIN, CL_END, CL_SBEGIN, CL_SEND };

struct alt {
	unsigned short slot;    /* CL_WORD: the word's place in the word table */
	unsigned char kind;     /* CL_... */
	unsigned bits;          /* CL_BITS: the class */
};

struct elem {
	struct alt alt[ALT_MAX];
	int nalt;
	char rep;               /* 0, '?' or '*' */
};

struct phrase {
	struct elem el[EL_MAX];
	struct elem unless, unless_prev;        /* nalt 0: none */
	int nel, anchor;
	unsigned says, flags;
};

static struct phrase compiled[PHRASES_MAX];
static size_t ncompiled;

/* Word characters, lower-cased; 0 for the rest. */
static unsigned char wordmap[256];

/*
 * Every word of a class or a phrase: its class bits and the phrases it
 * may anchor.  A word of a text is its place here (or NOWORD): most are
 * in no phrase, and one lookup is all they cost.
 */
#define NOWORD SLOTS
#define LONGEST 16              /* no word of the table is longer */
static struct {
	const char *s;
	unsigned char len;
	unsigned bits;
	uint64_t anchors[MASKS];
} table[SLOTS];
/* The phrases a version ("v2"), a number or a range's start may anchor. */
static uint64_t version_anchored[MASKS], num_anchored[MASKS], range_anchored[MASKS];
static uint32_t lengths[256];       /* by first letter, the lengths of its words (bit n) */

/*
 * The anchor words of the phrases, for words_may_say(): each once a
 * kind, listed by kind and first letter (either case); the kinds some
 * anchor of which cannot be looked for in the raw text (unsure).
 */
#define NEEDLES_MAX 320
#define KINDS 4                 /* the SAYS_* bits */
static struct {
	const char *s;
	unsigned char len;
	short next;             /* the next of its kind and first letter, or -1 */
} needles[NEEDLES_MAX];
static size_t nneedles;
static unsigned unsure;
static short first_needle[KINDS][256];

#define HASH_INIT 2166136261u
#define HASH_STEP(h, c) (((h) ^ (unsigned char)(c)) * 16777619u)

/* The place of the word s[0..n), lower-cased through wordmap, hashed to h. */
static int
slot_of(const unsigned char *s, size_t n, unsigned h)
{
	for (h &= SLOTS - 1; table[h].s; h = (h + 1) & (SLOTS - 1)) {
		size_t k;

		if (table[h].len != n)
			continue;
		for (k = 0; k < n && wordmap[s[k]] == (unsigned char)table[h].s[k]; k++)
			;
		if (k == n)
			return (int)h;
	}
	return (int)h;
}

static int
slot(const char *s, size_t n)
{
	unsigned h = HASH_INIT;

	for (size_t i = 0; i < n; i++)
		h = HASH_STEP(h, wordmap[(unsigned char)s[i]]);
	return slot_of((const unsigned char *)s, n, h);
}

static void
mask_set(uint64_t *m, size_t k)
{
	m[k / 64] |= (uint64_t)1 << (k % 64);
}

static int
table_add(const char *s, size_t n, unsigned bits, long anchor)
{
	int h = slot(s, n);

	if (n > LONGEST || !n)
		abort();
	table[h].s = s;
	table[h].len = (unsigned char)n;
	table[h].bits |= bits;
	if (anchor >= 0)
		mask_set(table[h].anchors, (size_t)anchor);
	lengths[(unsigned char)*s] |= (uint32_t)1 << n;
	return h;
}

/* Each word of a "a|b|c" list. */
static void
list_add(const char *list, unsigned bits, long anchor)
{
	const char *q;

	for (; *list; list = *q ? q + 1 : q) {
		q = list + strcspn(list, "|");
		table_add(list, (size_t)(q - list), bits, anchor);
	}
}

/*
 * One element of a phrase from p (up to a blank or the end) into e:
 * the end of it.  *plain: all its alternatives are words; *consuming:
 * each takes a word (none is <^>, <$> or <subj>); *marked: it is the
 * anchor ("!").
 */
static const char *
compile_elem(const char *p, struct elem *e, int *plain, int *consuming, int *marked)
{
	const char *end;

	*plain = *consuming = 1;
	*marked = *p == '!';
	if (*marked)
		p++;
	if (*p == '?' || *p == '*')
		e->rep = *p++;
	end = p + strcspn(p, " ");
	while (p < end) {
		size_t k = strcspn(p, "| ");
		struct alt *a;

		if (e->nalt == ALT_MAX || !k || k > WORD_MAX)
			abort();
		a = &e->alt[e->nalt++];
		if (*p == '<') {
			size_t c;

			*plain = 0;
			if (k == 3 && p[1] == '^') {
				a->kind = CL_BEGIN;
			} else if (k == 3 && p[1] == '$') {
				a->kind = CL_END;
			} else if (k == 4 && !memcmp(p, "<^^>", 4)) {
				a->kind = CL_SBEGIN;
			} else if (k == 4 && !memcmp(p, "<$$>", 4)) {
				a->kind = CL_SEND;
			} else if (k == 3 && p[1] == 'w') {
				a->kind = CL_ANY;
			} else if (k == 6 && !memcmp(p, "<subj>", 6)) {
				a->kind = CL_SUBJ;
			} else {
				for (c = 0; c < nword_classes; c++)
					if (strlen(word_classes[c].name) == k - 2 &&
					    !memcmp(word_classes[c].name, p + 1, k - 2))
						break;
				if (c == nword_classes)
					abort();
				a->kind = CL_BITS;
				a->bits = word_classes[c].bits;
				if (a->bits == B_PNX)
					a->bits = B_PN | B_PNX;
				/* A patch word may be a version: "ignore v2". */
				if (a->bits & B_PN)
					a->bits |= B_V1;
				if (a->bits == B_DET)
					a->bits |= B_V1 | B_NUM;
			}
			if (a->kind != CL_BITS && a->kind != CL_ANY)
				*consuming = 0;
		} else {
			a->slot = (unsigned short)table_add(p, k, 0, -1);
			a->kind = CL_WORD;
		}
		p += k;
		if (*p == '|')
			p++;
	}
	return p;
}

/*
 * An anchor word to look for in raw text: not one that reading a word
 * makes of other letters ("don't" is "do not", "I'll" "i will", "+cc"
 * "pluscc").
 */
static void
needle_add(const char *w, size_t len, unsigned says)
{
	static const char *const made[] = {
		"not", "will", "shall", "can", "have", "are", "am", "would", "pluscc",
	};

	for (size_t k = 0; k < sizeof made / sizeof made[0]; k++)
		if (strlen(made[k]) == len && !memcmp(made[k], w, len))
			unsure |= says;
	for (int b = 0; b < KINDS; b++) {
		short *head = &first_needle[b][(unsigned char)*w];
		int k;

		if (!(says & (1u << b)))
			continue;
		for (k = *head; k >= 0; k = needles[k].next)
			if (needles[k].len == len && !memcmp(needles[k].s, w, len))
				break;
		if (k >= 0)
			continue;
		if (nneedles == NEEDLES_MAX)
			abort();
		needles[nneedles].s = w;
		needles[nneedles].len = (unsigned char)len;
		needles[nneedles].next = *head;
		*head = (short)nneedles;
		first_needle[b][(unsigned char)toupper((unsigned char)*w)] = (short)nneedles;
		nneedles++;
	}
}

/* The phrase whose anchor element is a's: a's words or bits lead to it. */
static void
anchor_on(const struct alt *a, size_t i)
{
	if (a->kind == CL_WORD) {
		mask_set(table[a->slot].anchors, i);
		needle_add(table[a->slot].s, table[a->slot].len, compiled[i].says);
		return;
	}
	unsure |= compiled[i].says;
	if (a->bits & (B_V1 | B_V2))
		mask_set(version_anchored, i);
	if (a->bits & B_NUM)
		mask_set(num_anchored, i);
	if (a->bits & B_RANGE)
		mask_set(range_anchored, i);
	for (size_t c = 0; c < nword_classes; c++)
		if (word_classes[c].bits & a->bits)
			list_add(word_classes[c].words, 0, (long)i);
}

/* Turn the phrase table into elements, once; a bad phrase is a bug. */
void
words_compile(void)
{
	if (ncompiled)
		return;
	if (nphrase_defs > PHRASES_MAX)
		abort();
	memset(first_needle, -1, sizeof first_needle);
	for (int c = 0; c < 256; c++)
		if (isalnum(c) || c == '_')
			wordmap[c] = (unsigned char)tolower(c);
	for (size_t c = 0; c < nword_classes; c++)
		list_add(word_classes[c].words, word_classes[c].bits, -1);
	for (size_t i = 0; i < nphrase_defs; i++) {
		struct phrase *ph = &compiled[i];
		const char *p = phrase_defs[i].pat;
		int fallback = -1, plain, consuming, marked, mark = -1;

		ph->says = phrase_defs[i].says;
		ph->flags = phrase_defs[i].flags;
		ph->anchor = -1;
		while (*p) {
			struct elem *e;
			int any;

			while (*p == ' ')
				p++;
			if (!*p)
				break;
			if (ph->nel == EL_MAX)
				abort();
			e = &ph->el[ph->nel];
			p = compile_elem(p, e, &plain, &consuming, &marked);
			any = e->nalt == 1 && e->alt[0].kind == CL_ANY;
			if (marked && (mark >= 0 || e->rep || !consuming || any))
				abort();
			if (marked)
				mark = ph->nel;
			if (plain && !e->rep && ph->anchor < 0)
				ph->anchor = ph->nel;
			if (consuming && !any && !e->rep && fallback < 0)
				fallback = ph->nel;
			ph->nel++;
		}
		if (phrase_defs[i].unless)
			compile_elem(phrase_defs[i].unless, &ph->unless, &plain, &consuming, &marked);
		if (phrase_defs[i].unless_prev)
			compile_elem(phrase_defs[i].unless_prev, &ph->unless_prev, &plain, &consuming,
			    &marked);
		/*
		 * The anchor: the element marked "!" (a rare word, where the
		 * first is a common one); else a word list, the cheapest; else
		 * a class word ("<sent>").  Any will do for what matches.
		 */
		if (mark >= 0)
			ph->anchor = mark;
		if (ph->anchor < 0)
			ph->anchor = fallback;
		if (ph->anchor < 0)
			abort();
		for (int k = 0; k < ph->el[ph->anchor].nalt; k++)
			anchor_on(&ph->el[ph->anchor].alt[k], i);
	}
	ncompiled = nphrase_defs;
}

void
words_reset(struct words *w)
{
	w->n = 0;
	w->nwords = 0;
	w->curlen = 0;
	w->curlong = 0;
}

/* Add the word s[0..n) (any case), hashed to h through wordmap. */
static void
push_word(struct words *w, const unsigned char *s, size_t n, unsigned h)
{
	unsigned bits = 0;
	int at = NOWORD;

	if (w->n == WORDS_MAX)
		return;
	/* Most words have no first letter and length of the table's: no lookup. */
	if (n <= LONGEST && (lengths[wordmap[*s]] >> n & 1)) {
		at = slot_of(s, n, h);
		if (table[at].s)
			bits = table[at].bits;
		else
			at = NOWORD;
	}
	if (n >= 2 && n <= 4 && wordmap[s[0]] == 'v') {
		int v = 0;
		size_t i;

		for (i = 1; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			v = v * 10 + (s[i] - '0');
		if (i == n)
			bits |= B_V1 | (v >= 2 ? B_V2 : 0);
	} else if (*s >= '0' && *s <= '9') {
		size_t i;

		for (i = 1; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			;
		if (i == n)
			bits |= B_NUM;
	}
	w->slot[w->n] = (unsigned short)at;
	w->bits[w->n] = bits;
	w->n++;
	w->nwords++;
}

static void
push(struct words *w, const char *s, size_t n)
{
	unsigned h = HASH_INIT;

	for (size_t i = 0; i < n; i++)
		h = HASH_STEP(h, wordmap[(unsigned char)s[i]]);
	push_word(w, (const unsigned char *)s, n, h);
}

static void
anchors_of(const struct words *w, int i, uint64_t m[MASKS])
{
	for (int k = 0; k < MASKS; k++) {
		m[k] = w->slot[i] != NOWORD ? table[w->slot[i]].anchors[k] : 0;
		if (w->bits[i] & B_V1)
			m[k] |= version_anchored[k];
		if (w->bits[i] & B_NUM)
			m[k] |= num_anchored[k];
		if (w->bits[i] & B_RANGE)
			m[k] |= range_anchored[k];
	}
}

/*
 * A clause mark; repeated marks are one: "?" wins, then "." (a sentence
 * end), then ","; a comma among them is remembered (B_COMMA).
 */
static void
push_mark(struct words *w, char m)
{
	unsigned bits = B_MARK | (m != ',' ? B_END : B_COMMA) | (m == '?' ? B_ASK : 0);

	if (w->n && (w->bits[w->n - 1] & B_MARK)) {
		w->bits[w->n - 1] |= bits;
		return;
	}
	if (!w->n || w->n == WORDS_MAX)
		return;
	w->slot[w->n] = NOWORD;
	w->bits[w->n] = bits;
	w->n++;
}

void
words_break(struct words *w)
{
	push_mark(w, '.');
}

static int
has(const struct words *w, int i, unsigned bits)
{
	return i >= 0 && i < w->n && (w->bits[i] & bits);
}

/* Clause start and end: the edge of the text or a mark. */
static int
at_begin(const struct words *w, int b)
{
	return b == 0 || (w->bits[b - 1] & B_MARK);
}

static int
at_end(const struct words *w, int b)
{
	return b == w->n || (w->bits[b] & B_MARK);
}

/*
 * Does word i end a noun phrase that means a patch of this thread?
 * "ignore this version" yes; "ignore the version check" and "a new
 * version of [1]" (another series) no.  strict: the word may start a
 * longer noun ("version check") unless a word from B_FOLLOW comes next.
 */
static int
pn_ends(const struct words *w, int i, int strict)
{
	if (has(w, i + 1, B_OF) && has(w, i + 2, B_NUM))
		return 0;
	if (!strict || !(w->bits[i] & B_LOOSE))
		return 1;
	return at_end(w, i + 1) || has(w, i + 1, B_FOLLOW | B_PN | B_V1 | B_NUM);
}

/*
 * The boundaries one element can move to from boundary b (between
 * words b-1 and b), forward (dir 1: over word b) or backward (dir -1:
 * over word b-1).  Zero-width elements stay at b.  Returns how many
 * (at most 2) are in out[].
 */
static int
step(const struct words *w, const struct elem *e, int b, int dir, int out[2])
{
	int i = dir > 0 ? b : b - 1, n = 0, zero = 0, one = 0;
	int word = i >= 0 && i < w->n && !(w->bits[i] & B_MARK);

	for (int k = 0; k < e->nalt && !(one && zero); k++) {
		const struct alt *a = &e->alt[k];

		switch (a->kind) {
		case CL_WORD:
			if (word && w->slot[i] == a->slot)
				one = 1;
			break;
		case CL_BITS:
			if (word && (w->bits[i] & a->bits) &&
			    (!(a->bits & B_PN) || dir < 0 || pn_ends(w, i, !(a->bits & B_PNX))))
				one = 1;
			break;
		case CL_ANY:
			one |= word;
			break;
		case CL_SUBJ:
			if (word && (w->bits[i] & B_SUBJ))
				one = 1;
			/* The subject may be left out at a clause start or after a filler. */
			if (at_begin(w, b) || (has(w, b - 1, B_FILLER) && at_begin(w, b - 1)))
				zero = 1;
			break;
		case CL_BEGIN:
			if (at_begin(w, b))
				zero = 1;
			break;
		case CL_END:
			if (at_end(w, b))
				zero = 1;
			break;
		case CL_SBEGIN:
			if (b == 0 || (w->bits[b - 1] & B_END))
				zero = 1;
			break;
		case CL_SEND:
			if (b == w->n || (w->bits[b] & (B_END | B_COMMA)) == B_END)
				zero = 1;
			break;
		}
	}
	if (one)
		out[n++] = b + dir;
	if (zero)
		out[n++] = b;
	return n;
}

/* Match elements k, k+dir, ... from boundary b; the far boundary, or -1. */
static int
match_from(const struct words *w, const struct phrase *ph, int k, int b, int dir)
{
	int out[2], n, r;

	if (k < 0 || k >= ph->nel)
		return b;
	if (ph->el[k].rep == '*') {
		/* Up to three times, the longest run that lets the rest match. */
		int at[4], m = 0;

		at[m++] = b;
		while (m < 4) {
			n = step(w, &ph->el[k], at[m - 1], dir, out);
			if (!n || out[0] == at[m - 1])
				break;
			at[m++] = out[0];
		}
		while (m-- > 0)
			if ((r = match_from(w, ph, k + dir, at[m], dir)) >= 0)
				return r;
		return -1;
	}
	n = step(w, &ph->el[k], b, dir, out);
	for (int j = 0; j < n; j++)
		if ((r = match_from(w, ph, k + dir, out[j], dir)) >= 0)
			return r;
	if (ph->el[k].rep == '?')
		return match_from(w, ph, k + dir, b, dir);
	return -1;
}

/*
 * Does the phrase at words [s, e) count?  Not when a negation comes
 * just before it in its clause ("I didn't mean to ignore this patch"),
 * not in a sentence with a condition ("If you agree, I'll send v2"),
 * and not in a question ("Should I send v2?") unless it is a request
 * ("can you please ignore this patch?"); the phrase's flags waive some
 * of it (words.h); and not when its unless follows or its unless_prev
 * comes before.
 */
static int
counts(const struct words *w, const struct phrase *ph, int s, int e)
{
	int i, ss, se, out[2];

	if (ph->unless.nalt && step(w, &ph->unless, e, 1, out) && out[0] == e + 1)
		return 0;
	if (ph->unless_prev.nalt && step(w, &ph->unless_prev, s, -1, out) && out[0] == s - 1)
		return 0;
	if (ph->flags & BARE)
		return 1;
	for (i = s - 1; i >= 0 && i >= s - 3 && !(w->bits[i] & B_MARK); i--)
		if (w->bits[i] & B_NEG)
			return 0;
	if (ph->flags & ANY_MOOD)
		return 1;
	for (ss = s; ss > 0 && s - ss < 15 && !(w->bits[ss - 1] & B_END); ss--)
		;
	for (se = e; se < w->n && se - e < 15 && !(w->bits[se] & B_END); se++)
		;
	if (ph->flags & ASK)
		return has(w, se, B_ASK);
	if (!(ph->flags & ASK_OK) && has(w, se, B_ASK))
		return 0;
	for (i = ss; i < se; i++)
		if (w->bits[i] & B_COND)
			return 0;
	return 1;
}

/* Is the needle k at u[i] (a word's start) as a word? */
static int
needle_at(int k, const unsigned char *u, size_t n, size_t i)
{
	size_t j = 0, p = i;

	/* An apostrophe inside a word is spelling only ("nak'd"). */
	while (j < needles[k].len && p < n) {
		if (wordmap[u[p]] == (unsigned char)needles[k].s[j])
			j++, p++;
		else if (j && u[p] == '\'' && p + 1 < n && wordmap[u[p + 1]])
			p++;
		else if (j && p + 3 < n && u[p] == 0xe2 && u[p + 1] == 0x80 &&
		    u[p + 2] == 0x99 && wordmap[u[p + 3]])
			p += 3;
		else
			break;
	}
	return j == needles[k].len && (p == n || !wordmap[u[p]]);
}

int
words_may_say(const char *s, size_t n, unsigned want)
{
	const unsigned char *u = (const unsigned char *)s;

	if (want & unsure)
		return 1;
	for (size_t i = 0; i < n; i++) {
		/* From word start to word start. */
		if (!wordmap[u[i]])
			continue;
		if (i && wordmap[u[i - 1]]) {
			while (i + 1 < n && wordmap[u[i + 1]])
				i++;
			continue;
		}
		for (int b = 0; b < KINDS; b++) {
			if (!(want & (1u << b)))
				continue;
			for (int k = first_needle[b][u[i]]; k >= 0; k = needles[k].next)
				if (needle_at(k, u, n, i))
					return 1;
		}
	}
	return 0;
}

unsigned
words_says(const struct words *w, unsigned want)
{
	unsigned got = 0;

	for (int i = 0; i < w->n && (want & ~got); i++) {
		uint64_t mask[MASKS];

		/* Most words are in no phrase: no anchor to look at. */
		if (w->slot[i] == NOWORD && !(w->bits[i] & (B_V1 | B_NUM | B_RANGE)))
			continue;
		anchors_of(w, i, mask);
		for (int m = 0; m < MASKS; m++) {
			while (mask[m] && (want & ~got)) {
				size_t k = (size_t)m * 64 + (size_t)__builtin_ctzll(mask[m]);
				const struct phrase *ph = &compiled[k];
				int out[2], s, e;

				mask[m] &= mask[m] - 1;
				if (!(ph->says & want & ~got))
					continue;
				if (step(w, &ph->el[ph->anchor], i, 1, out) != 1 || out[0] != i + 1)
					continue;
				if ((e = match_from(w, ph, ph->anchor + 1, i + 1, 1)) < 0)
					continue;
				if ((s = match_from(w, ph, ph->anchor - 1, i, -1)) < 0)
					continue;
				if (counts(w, ph, s, e))
					got |= ph->says;
			}
		}
	}
	return got & want;
}

/* The word read so far, contractions spelled out: "i'll" is "i will". */
static void
end_word(struct words *w)
{
	static const struct {
		const char *suf, *word;
	} tails[] = {
		{ "'ll", "will" }, { "'ve", "have" }, { "'re", "are" }, { "'m", "am" },
		{ "'d", "would" }, { "'s", NULL },
	};
	char *s = w->cur;
	size_t n = w->curlen, k, j;

	w->curlen = 0;
	if (w->curlong) {
		w->curlong = 0;
		push(w, "#", 1);
		return;
	}
	if (n > 3 && !memcmp(s + n - 3, "n't", 3)) {
		n -= 3;
		if (n == 2 && !memcmp(s, "wo", 2))
			push(w, "will", 4);
		else if (n == 3 && !memcmp(s, "sha", 3))
			push(w, "shall", 5);
		else if (n == 2 && !memcmp(s, "ca", 2))
			push(w, "can", 3);
		else
			push(w, s, n);
		push(w, "not", 3);
		return;
	}
	for (size_t t = 0; t < sizeof tails / sizeof tails[0]; t++) {
		k = strlen(tails[t].suf);
		if (n > k && !memcmp(s + n - k, tails[t].suf, k)) {
			push(w, s, n - k);
			if (tails[t].word)
				push(w, tails[t].word, strlen(tails[t].word));
			return;
		}
	}
	/* "nak'd", "NAK'ing", "cc'ing": the apostrophe is spelling only. */
	for (k = j = 0; k < n; k++)
		if (s[k] != '\'')
			s[j++] = s[k];
	push(w, s, j);
}

static void
add_char(struct words *w, char c)
{
	if (w->curlen == WORD_MAX)
		w->curlong = 1;
	else
		w->cur[w->curlen++] = c;
}

/* The number of digits u[s..e), or -1 when longer than two or led by a 0. */
static int
small_number(const unsigned char *u, size_t s, size_t e)
{
	if (e <= s || e - s > 2 || u[s] == '0')
		return -1;
	for (size_t i = s; i < e; i++)
		if (!isdigit(u[i]))
			return -1;
	return e - s == 1 ? u[s] - '0' : (u[s] - '0') * 10 + (u[s + 1] - '0');
}

/* What a range of numbers may count, not patches: "2-3 days", "10-20 ms", "1-2%". */
static int
measure(const unsigned char *u, size_t n, size_t p)
{
	static const char *const units[] = {
		"times", "time", "weeks", "week", "days", "day", "hours", "hour", "h",
		"minutes", "minute", "min", "mins", "seconds", "second", "sec", "secs",
		"s", "ms", "us", "ns", "years", "year", "months", "month", "bytes",
		"byte", "b", "kb", "mb", "gb", "k", "m", "g", "bits", "bit", "cpus",
		"cpu", "cores", "lines", "people", "x", "percent", "pages", "runs",
		"iterations", "loops", "threads", "processes", "files", "tests", "gib",
		"mib", "kib", "characters", "chars", "nodes", "retries", "rounds",
	};
	size_t q;

	if (p < n && u[p] == '%')
		return 1;
	while (p < n && u[p] == ' ')
		p++;
	for (q = p; q < n && isalpha(u[q]); q++)
		;
	for (size_t k = 0; q > p && k < sizeof units / sizeof units[0]; k++)
		if (strlen(units[k]) == q - p && !strncasecmp((const char *)u + p, units[k], q - p))
			return 1;
	return 0;
}

/*
 * Does the number u[s..e) start a range of patch numbers: "1-3", "1 -
 * 3", "1–3", "#1-#3", "1/3-3/3"?  Both ends from 1 to 99, the first
 * below the second (and the totals of "1/3-3/3" the same); not part of
 * a longer chain ("2021-03-04", "4.19-5.4", "v1-2") nor a measure ("2-3
 * days").
 */
static int
range_at(const unsigned char *u, size_t n, size_t s, size_t e)
{
	size_t p = e, q;
	int a = small_number(u, s, e), b, tot = -1;
	unsigned char c = s > 0 ? u[s - 1] : ' ';

	if (c == '#')
		c = s > 1 ? u[s - 2] : ' ';
	if (a < 1 || isalnum(c) || c >= 0x80 || (c && strchr(".-:/_#+=", c)))
		return 0;
	if (p + 1 < n && u[p] == '/' && isdigit(u[p + 1])) {
		/* "1/3-3/3": the total after each. */
		for (q = ++p; q < n && isdigit(u[q]); q++)
			;
		tot = small_number(u, p, q);
		p = q;
		if (tot < 1)
			return 0;
	}
	while (p < n && u[p] == ' ')
		p++;
	if (p < n && u[p] == '-')
		p++;
	else if (p + 2 < n && u[p] == 0xe2 && u[p + 1] == 0x80 && u[p + 2] == 0x93)
		p += 3;
	else
		return 0;
	while (p < n && u[p] == ' ')
		p++;
	if (p < n && u[p] == '#')
		p++;
	for (q = p; q < n && isdigit(u[q]); q++)
		;
	b = small_number(u, p, q);
	if (tot >= 0) {
		if (q >= n || u[q] != '/' || b > tot)
			return 0;
		for (p = ++q; q < n && isdigit(u[q]); q++)
			;
		if (small_number(u, p, q) != tot)
			return 0;
	}
	if (b <= a)
		return 0;
	/* What follows: no more of a number ("1-3.5", "1-3-5", "1-3/4"); a full stop may. */
	if (q < n && (isalnum(u[q]) || u[q] == '_' || u[q] == '-' || u[q] == '/' ||
	    ((u[q] == '.' || u[q] == ':') && q + 1 < n && isalnum(u[q + 1]))))
		return 0;
	return !measure(u, n, q);
}

/* Words and marks of one line of text. */
void
words_line(struct words *w, const char *l, size_t n)
{
	const unsigned char *u = (const unsigned char *)l;
	size_t i = 0, j;

	/* A list item starts a sentence: "- drop the patch ..." in a changelog. */
	if (n > 1 && (*l == '-' || *l == '*' || *l == '+') && l[1] == ' ')
		push_mark(w, '.');
	while (i < n) {
		unsigned char c = u[i];

		if (wordmap[c]) {
			unsigned h = HASH_INIT;

			for (j = i; j < n && wordmap[u[j]]; j++)
				h = HASH_STEP(h, wordmap[u[j]]);
			if (j == n || (u[j] != '\'' && u[j] != 0xe2)) {
				push_word(w, u + i, j - i, h);
				if (isdigit(c) && w->n && (w->bits[w->n - 1] & B_NUM) &&
				    range_at(u, n, i, j))
					w->bits[w->n - 1] |= B_RANGE;
				i = j;
				continue;
			}
			/* An apostrophe inside a word, ASCII or U+2019: "I'll", "don’t". */
			for (;;) {
				while (i < n && wordmap[u[i]])
					add_char(w, (char)wordmap[u[i++]]);
				if (i + 1 < n && u[i] == '\'' && isalpha(u[i + 1])) {
					add_char(w, '\'');
					i++;
					continue;
				}
				if (i + 3 < n && u[i] == 0xe2 && u[i + 1] == 0x80 && u[i + 2] == 0x99 &&
				    isalpha(u[i + 3])) {
					add_char(w, '\'');
					i += 3;
					continue;
				}
				break;
			}
			end_word(w);
			continue;
		}
		/* "+Cc": a word of its own, "pluscc" (a '+' is no word character). */
		if (c == '+' && i + 2 < n && (u[i + 1] | 0x20) == 'c' && (u[i + 2] | 0x20) == 'c' &&
		    (i + 3 == n || !wordmap[u[i + 3]])) {
			push(w, "pluscc", 6);
			i += 3;
			continue;
		}
		/* "v2.1", "5.14", "lore.kernel.org": a dot inside a word ends no clause. */
		if (c == '.' && i > 0 && i + 1 < n && isalnum(u[i - 1]) && isalnum(u[i + 1]))
			;
		else if (c == '.' || c == '!' || c == ';' || c == ':')
			push_mark(w, '.');
		else if (c == '?' || c == ',')
			push_mark(w, (char)c);
		i++;
	}
}
