/*
 * withdraw.c - does a mail's own text say that a patch is withdrawn or
 * superseded?  mbox2tsv's "withdraw" flag; ptreport turns it into the
 * withdrawn verdict of a patch whose author says so in its thread.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "text.h"
#include "util.h"
#include "withdraw.h"

/*
 * Withdrawn patches.  An author who drops or replaces a patch says so in
 * the thread ("please ignore this patch", "self-NAK", "will send v2").
 * What is read is the sender's own text only: quoted lines, attribution
 * lines, a quoted original (Outlook) and everything from the signature
 * on belong to others or to nobody.  That text becomes a stream of
 * lower-case words and clause marks (".", ",", "?"), contractions
 * spelled out ("I'll" is "i will", "don't" is "do not"), and the
 * phrases below are matched on words, never inside one: "rfcomm" holds
 * no "rfc", "dropped" is not "drop".
 */

#define OWN_MAX 4096            /* bytes of own text read; the rest is rarely news */
#define SCAN_MAX (64 * 1024)    /* bytes read in all, quotes included */
#define TOK_MAX 1400            /* words and marks of OWN_MAX bytes, with room to spare */
#define WORD_MAX 24             /* longer words match nothing (and are one "#") */
#define EL_MAX 14               /* elements of a phrase */
#define ALT_MAX 24              /* words of an element */
#define SLOTS 1024              /* the word table: a power of two, well above its ~230 words */

/* What a word is, as bits: the classes of the phrases and a few more. */
enum {
	B_PN = 1 << 0, B_DET = 1 << 1, B_ADJ = 1 << 2, B_ADV = 1 << 3, B_SEND = 1 << 4,
	B_SENT = 1 << 5, B_AUX = 1 << 6, B_SUBJ = 1 << 7, B_FILLER = 1 << 8,
	B_COND = 1 << 9, B_NEG = 1 << 10, B_LOOSE = 1 << 11, B_FOLLOW = 1 << 12,
	B_V1 = 1 << 13,         /* v1, v2 ...: a version */
	B_V2 = 1 << 14,         /* v2, v3 ...: a next version */
	B_NUM = 1 << 15,        /* 1, 8, 16: "the 1/8 series" */
	B_MARK = 1 << 16,       /* "." (a sentence ends), "," or "?" */
	B_END = 1 << 17,        /* "." or "?" */
	B_ASK = 1 << 18,        /* "?" */
	B_SENDING = 1 << 19,    /* "sending", "resending" ... */
	B_PNX = 1 << 20,        /* <pnx>: a patch word, whatever follows it */
	B_OF = 1 << 21          /* "of": "a new version of [1]" is another series */
};

/*
 * The classes.  <subj> is "i" or "we", or nothing at the start of a
 * clause ("Will send v2.") or after a filler word there ("ok, will
 * ..."); it keeps "the firmware will send another" and "Bryan will send
 * v2" out.  The last ones are not for phrases: they are what the
 * checks after a match look for.
 */
enum { CL_WORD, CL_BITS, CL_SUBJ, CL_BEGIN, CL_END };

static const struct {
	const char *name;
	unsigned bits;          /* what a word of the class has (and, for <pn>, a version) */
	const char *words;
} classes[] = {
	/*
	 * What a patch is called; "v2" counts too.  <pnx> is the same after
	 * "new", where no noun can follow that makes it something else.
	 */
	{ "pn", B_PN, "patch|patches|patchset|patchsets|series|set|version|revision|"
	    "iteration|respin|submission|posting|one|ones|rfc" },
	{ "pnx", B_PNX, "" },
	/* What may stand before it: "this whole series", "the 1/8 series", "the v2 patch". */
	{ "det", B_DET, "this|that|these|those|the|my|our|any|all|whole|entire|previous|"
	    "prior|earlier|old|older|last|first|above|current|following|wrong|same|"
	    "broken|bad|buggy|patch" },
	{ "nv", B_V2, "" },
	/* What makes it the next one: "a new version", "the updated patch". */
	{ "adj", B_ADJ, "new|updated|revised|fixed|corrected|reworked|improved|next|"
	    "proper|final|cleaned|respun|refreshed|rebased|latest" },
	{ "adv", B_ADV, "just|also|then|soon|now|quickly|probably|definitely|later|"
	    "shortly|first|finally|instead|immediately|hopefully|simply" },
	/* "I'm resending" is the mail itself, not a next one: no -ing forms here. */
	{ "send", B_SEND, "send|resend|post|repost|submit|resubmit|spin|respin" },
	{ "sending", B_SENDING, "sending|resending|posting|reposting|submitting|resubmitting" },
	{ "sent", B_SENT, "sent|resent|posted|reposted|submitted|resubmitted" },
	{ "aux", B_AUX, "be|going|planning|to" },
	{ "subj", B_SUBJ, "i|we" },
	/* Words that may stand before a verb without its subject: "ok, so will send v2". */
	{ "filler", B_FILLER, "so|then|and|ok|okay|sure|now|also|thus|hence|yes|yeah|ack|"
	    "thanks|agreed|right|fine|oops|sorry|anyway|instead|but" },
	/* A sentence with one of these is a condition, not a statement. */
	{ "cond", B_COND, "if|unless|otherwise|whether" },
	/* Just before a phrase, these make it no statement: "maybe this should be dropped". */
	{ "neg", B_NEG, "not|no|never|without|hardly|nobody|dont|didnt|wont|maybe|perhaps" },
	/* Patch words that also start other nouns: "ignore the version check". */
	{ "loose", B_LOOSE, "version|set|one|ones|posting|rfc" },
	{ "of", B_OF, "of" },
	/* ... and the words that may follow them where they do mean the patch. */
	{ "follow", B_FOLLOW, "of|in|from|and|or|i|we|since|as|please|sorry|for|because|"
	    "which|that|too|then|anymore|altogether|entirely|completely|it|you|now|thanks|"
	    "thank|here|there|also|is|was|are|were|has|have|can|could|should|may|will|"
	    "with|without|at|on|to|instead|again|yet|by|but|https|http|link" },
};

#define NCLASSES (sizeof classes / sizeof classes[0])

enum { ASK_OK = 1 };   /* "can you please ignore this patch?" still asks to ignore it */

/*
 * The phrases.  Elements are separated by blanks: "a|b" is one word of
 * these, <x> a class word, "?" before an element makes it optional,
 * "*" allows it up to three times; <^> and <$> are the start and end of
 * a clause.  The first plain word list that must be there (else the
 * first class word that must) is where a match is looked for.
 */
static const struct {
	unsigned flags;
	const char *pat;
} phrases[] = {
	/* "please ignore this patch", "kindly disregard the previous version" */
	{ ASK_OK, "please|pls|plz|kindly ?just|simply|also ignore|disregard|discard|drop|"
	    "forget ?about *<det> <pn>" },
	/* "you can ignore this patch", "just drop the series" (not "you could drop it": an offer) */
	{ 0, "just|simply|can ignore|disregard|discard|drop|forget ?about *<det> <pn>" },
	/* "Ignore this patch, sent by mistake." (not "drop": changelogs say "- drop the patch ...") */
	{ 0, "<^> ignore|disregard|discard|forget ?about *<det> <pn>" },
	/* "Please ignore.", "Please disregard, I rebased wrongly", "please ignore this." */
	{ ASK_OK, "please|pls|plz|kindly ?just ignore|disregard <$>" },
	{ ASK_OK, "please|pls|plz|kindly ?just ignore|disregard this|that <$>" },
	{ ASK_OK, "please|pls|plz|kindly ?just ignore|disregard this and" },
	{ ASK_OK, "please|pls|plz|kindly ?just ignore|disregard this ?e mail|email|message" },
	{ 0, "<^> ignore|disregard this ?e mail|email|message" },
	/* "this patch can be dropped", "the series should be ignored" */
	{ 0, "this|<pn> can|could|should|may ?now|just|safely be ignored|dropped|disregarded|"
	    "discarded" },
	/* "please don't apply this patch", "Don't merge the 1/8 series" */
	{ ASK_OK, "please|pls|kindly do not apply|merge|take|pick|queue *<det> <pn>" },
	{ ASK_OK, "please|pls|kindly dont apply|merge|take|pick|queue *<det> <pn>" },
	{ 0, "<^> do not apply|merge *<det> <pn>" },
	{ 0, "<^> dont apply|merge *<det> <pn>" },
	/* "I will drop this patch", "I'm going to drop the series" */
	{ 0, "<subj> will|shall|am|are *<aux> ?<adv> drop|withdraw *<det> <pn>" },
	/* "scratch this", "scratch that one" */
	{ 0, "<^> scratch this|that <$>" },
	{ 0, "<^> scratch this|that <pn>" },
	/* self-NAK, "NAK myself", "NACK. I'll resend ..." */
	{ 0, "self nak|nack|naks|nacks|nakd|nackd|naked|nacked|naking|nacking" },
	{ 0, "selfnak|selfnack|selfnacked|selfnaked" },
	{ 0, "nak|nack|naking|nacking myself" },
	{ 0, "nak|nack ?,|. ?i|we will|shall <send>" },
	/* "I'll send v2", "will send out a V3", "I'm going to resend as v2", "let me send v3" */
	{ 0, "<subj> will|shall|am|are|plan|planning|going|gonna *<aux> ?<adv> <send> "
	    "?out|over|up ?as ?a|an|the|my|our ?patch <nv>" },
	/* "I will send a new version", "will send an updated patch", "the next revision" */
	{ 0, "<subj> will|shall|am|are|plan|planning|going|gonna *<aux> ?<adv> <send> "
	    "?out|over|up ?a|an|the|my|our <adj> *<adj> <pnx>" },
	{ 0, "<subj> will|shall|am|are|plan|planning|going|gonna *<aux> ?<adv> <send> "
	    "?out|over|up another version|revision|iteration|spin|respin|round" },
	{ 0, "<subj> will|shall ?<adv> be <sending> ?out|over|up ?a|an|the ?patch <nv>" },
	{ 0, "<subj> will|shall ?<adv> be <sending> ?out|over|up ?a|an|the <adj> *<adj> <pnx>" },
	{ 0, "let me ?<adv> <send> ?out ?a|an|the <nv>" },
	{ 0, "let me ?<adv> <send> ?out ?a|an|the <adj> *<adj> <pnx>" },
	{ 0, "let me ?<adv> <send> ?out another version|revision|iteration|spin|respin|round" },
	/* "will resend", "I'll respin" */
	{ 0, "<subj> will|shall|am|are|plan|planning|going|gonna *<aux> ?<adv> "
	    "resend|repost|resubmit|respin" },
	/* "I sent v2", "I have posted an updated version", "v2 is sent" */
	{ 0, "<subj> ?have|had|just|already|now|also *<adv> <sent> ?out|over|up ?as "
	    "?a|an|the ?patch <nv>" },
	{ 0, "<subj> ?have|had|just|already|now|also *<adv> <sent> ?out|over|up "
	    "?a|an|the <adj> *<adj> <pnx>" },
	{ 0, "<nv> ?patch|series|patchset is|was|has|have ?been|now sent|posted" },
	/* "this one is superseded by ...", "Patch set to Superseded", "supersedes v1" */
	{ 0, "this|<pn> *is|was|are|were|has|have|been|now|hereby|already|being|therefore|"
	    "thus|also|probably|obviously superseded|superceded" },
	{ 0, "this|<pn> supersedes|supercedes" },
	{ 0, "mark|marked|marking|set *<det> ?<pn> as|to superseded|superceded" },
	/* "sent by mistake", "I accidentally sent", "sorry for sending the wrong version" */
	{ 0, "i|we|was|were|been|is|are|got|this|it|<pn>|<^> ?accidentally|mistakenly|"
	    "wrongly|also|just sent|send|sending|posted|resent ?this|it|that|them|these|"
	    "those ?out by|in mistake|accident|error" },
	{ 0, "i|we|<^> ?have|had|just accidentally|mistakenly|erroneously|wrongly|"
	    "inadvertently sent|posted|resent|send|sending" },
	{ 0, "i|we|for|<^> ?have|had|just|accidentally|mistakenly sent|sending|posted|send "
	    "?out ?a|an|the wrong|incorrect|stale|broken *<det> <pn>" },
	/* "v4 will come shortly", "a new version will follow", "v2 follows" */
	{ 0, "<nv> ?patch|series|patchset will|shall ?<adv> come|follow|arrive" },
	{ 0, "<adj> *<adj> <pnx> will|shall ?<adv> come|follow|arrive" },
	{ 0, "<nv> ?patch|series|patchset follows|coming|arrives" },
	/* "=> rejecting this in patchwork", "marked it rejected" */
	{ 0, "rejecting|rejected|reject this|it|<pn> in|on patchwork" },
	{ 0, "mark|marked|marking|set this|it *<det> ?<pn> as|to rejected" },
	/* "I withdraw this patch", "withdrawing the series", "this patch is withdrawn" */
	{ 0, "i|we ?hereby|herewith withdraw|withdrew <$>" },
	{ 0, "withdraw|withdrawing|withdrew *<det> <pn>" },
	{ 0, "this|<pn> *is|was|are|were|has|have|been|now|hereby withdrawn" },
};

#define NPHRASES (sizeof phrases / sizeof phrases[0])

/* A phrase is a bit of a 64-bit mask below. */
typedef char phrases_fit_a_mask[NPHRASES <= 64 ? 1 : -1];

struct alt {
	int slot;               /* CL_WORD: the word's place in the word table */
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
	int nel, anchor;
	unsigned flags;
};

static struct phrase compiled[NPHRASES];
static int compiled_ok;

/* Word characters, lower-cased; 0 for the rest. */
static unsigned char wordmap[256];

/*
 * Every word of a class or a phrase: its class bits and the phrases it
 * may anchor.  A word of a mail is its place here (or NOWORD): most are
 * in no phrase, and one lookup is all they cost.
 */
#define NOWORD SLOTS
#define LONGEST 16              /* no word of the table is longer */
static struct {
	const char *s;
	unsigned char len;
	unsigned bits;
	uint64_t anchors;
} table[SLOTS];
static uint64_t version_anchored;   /* the phrases a "v2" may anchor */
static uint32_t lengths[256];       /* by first letter, the lengths of its words (bit n) */

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

static int
table_add(const char *s, size_t n, unsigned bits, uint64_t anchors)
{
	int h = slot(s, n);

	if (n > LONGEST)
		abort();
	table[h].s = s;
	table[h].len = (unsigned char)n;
	table[h].bits |= bits;
	table[h].anchors |= anchors;
	lengths[(unsigned char)*s] |= (uint32_t)1 << n;
	return h;
}

/* Each word of a "a|b|c" list. */
static void
list_add(const char *list, unsigned bits, uint64_t anchors)
{
	const char *q;

	for (; *list; list = *q ? q + 1 : q) {
		q = list + strcspn(list, "|");
		table_add(list, (size_t)(q - list), bits, anchors);
	}
}

/* Turn the phrase table into elements, once; a bad phrase is a bug. */
static void
compile_phrases(void)
{
	for (int c = 0; c < 256; c++)
		if (isalnum(c) || c == '_')
			wordmap[c] = (unsigned char)tolower(c);
	for (size_t c = 0; c < NCLASSES; c++)
		list_add(classes[c].words, classes[c].bits, 0);
	for (size_t i = 0; i < NPHRASES; i++) {
		struct phrase *ph = &compiled[i];
		const char *p = phrases[i].pat;
		int fallback = -1;

		ph->flags = phrases[i].flags;
		ph->anchor = -1;
		while (*p) {
			struct elem *e;
			const char *end;
			int plain = 1, consuming = 1;

			while (*p == ' ')
				p++;
			if (!*p)
				break;
			if (ph->nel == EL_MAX)
				abort();
			e = &ph->el[ph->nel];
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

					plain = 0;
					if (k == 3 && p[1] == '^') {
						a->kind = CL_BEGIN;
					} else if (k == 3 && p[1] == '$') {
						a->kind = CL_END;
					} else if (k == 6 && !memcmp(p, "<subj>", 6)) {
						a->kind = CL_SUBJ;
					} else {
						for (c = 0; c < NCLASSES; c++)
							if (strlen(classes[c].name) == k - 2 &&
							    !memcmp(classes[c].name, p + 1, k - 2))
								break;
						if (c == NCLASSES)
							abort();
						a->kind = CL_BITS;
						a->bits = classes[c].bits;
						if (a->bits == B_PNX)
							a->bits = B_PN | B_PNX;
						/* A patch word may be a version: "ignore v2". */
						if (a->bits & B_PN)
							a->bits |= B_V1;
						if (a->bits == B_DET)
							a->bits |= B_V1 | B_NUM;
					}
					if (a->kind != CL_BITS)
						consuming = 0;
				} else {
					a->slot = table_add(p, k, 0, 0);
					a->kind = CL_WORD;
				}
				p += k;
				if (*p == '|')
					p++;
			}
			if (plain && !e->rep && ph->anchor < 0)
				ph->anchor = ph->nel;
			if (consuming && !e->rep && fallback < 0)
				fallback = ph->nel;
			ph->nel++;
		}
		/* A word list is the cheapest anchor; else a class word ("<sent>"). */
		if (ph->anchor < 0)
			ph->anchor = fallback;
		if (ph->anchor < 0)
			abort();
		for (int k = 0; k < ph->el[ph->anchor].nalt; k++) {
			const struct alt *a = &ph->el[ph->anchor].alt[k];

			if (a->kind == CL_WORD) {
				table[a->slot].anchors |= (uint64_t)1 << i;
				continue;
			}
			if (a->bits & (B_V1 | B_V2))
				version_anchored |= (uint64_t)1 << i;
			for (size_t c = 0; c < NCLASSES; c++)
				if (classes[c].bits & a->bits)
					list_add(classes[c].words, 0, (uint64_t)1 << i);
		}
	}
	compiled_ok = 1;
}

/* The words and marks of the own text: each its place in the table and its bits. */
struct words {
	unsigned short slot[TOK_MAX];
	unsigned bits[TOK_MAX];
	int n;
	char cur[WORD_MAX + 1];  /* a word with an apostrophe, being read */
	size_t curlen;
	int curlong;             /* it is longer than WORD_MAX */
};

/* Add the word s[0..n) (any case), hashed to h through wordmap. */
static void
push_word(struct words *w, const unsigned char *s, size_t n, unsigned h)
{
	unsigned bits = 0;
	int at = NOWORD;

	if (w->n == TOK_MAX)
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
}

static void
push(struct words *w, const char *s, size_t n)
{
	unsigned h = HASH_INIT;

	for (size_t i = 0; i < n; i++)
		h = HASH_STEP(h, wordmap[(unsigned char)s[i]]);
	push_word(w, (const unsigned char *)s, n, h);
}

static uint64_t
anchors_of(const struct words *w, int i)
{
	return (w->slot[i] != NOWORD ? table[w->slot[i]].anchors : 0) |
	    (w->bits[i] & B_V1 ? version_anchored : 0);
}

/* A clause mark; repeated marks are one: "?" wins, then "." (a sentence end), then ",". */
static void
push_mark(struct words *w, char m)
{
	unsigned bits = B_MARK | (m != ',' ? B_END : 0) | (m == '?' ? B_ASK : 0);

	if (w->n && (w->bits[w->n - 1] & B_MARK)) {
		if (bits > w->bits[w->n - 1])
			w->bits[w->n - 1] = bits;
		return;
	}
	if (!w->n || w->n == TOK_MAX)
		return;
	w->slot[w->n] = NOWORD;
	w->bits[w->n] = bits;
	w->n++;
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
 * Is the phrase at words [s, e) a statement?  Not when a negation comes
 * just before it in its clause ("I didn't mean to ignore this patch"),
 * not in a sentence with a condition ("If you agree, I'll send v2"),
 * and not in a question ("Should I send v2?") unless it is a request
 * ("can you please ignore this patch?").
 */
static int
statement(const struct words *w, int s, int e, unsigned flags)
{
	int i, ss, se;

	for (i = s - 1; i >= 0 && i >= s - 3 && !(w->bits[i] & B_MARK); i--)
		if (w->bits[i] & B_NEG)
			return 0;
	for (ss = s; ss > 0 && s - ss < 15 && !(w->bits[ss - 1] & B_END); ss--)
		;
	for (se = e; se < w->n && se - e < 15 && !(w->bits[se] & B_END); se++)
		;
	if (!(flags & ASK_OK) && has(w, se, B_ASK))
		return 0;
	for (i = ss; i < se; i++)
		if (w->bits[i] & B_COND)
			return 0;
	return 1;
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
	/* "nak'd", "NAK'ing": the apostrophe is spelling only. */
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

/* Words and marks of one line of own text. */
static void
read_line(struct words *w, const char *l, size_t n)
{
	const unsigned char *u = (const unsigned char *)l;
	size_t i = 0, j;

	while (i < n) {
		unsigned char c = u[i];

		if (wordmap[c]) {
			unsigned h = HASH_INIT;

			for (j = i; j < n && wordmap[u[j]]; j++)
				h = HASH_STEP(h, wordmap[u[j]]);
			if (j == n || (u[j] != '\'' && u[j] != 0xe2)) {
				push_word(w, u + i, j - i, h);
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

/* Where the sender's own text ends: the signature or a quoted original. */
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
	if (line_is(l, n, "-----Original Message") || line_is(l, n, "----- Original Message"))
		return 1;
	while (u < k && l[u] == '_')
		u++;
	if (u >= 10 && u == k)
		return 1;
	/* Outlook quotes the original unmarked below "From: ... Sent: ...". */
	return has_prefix_ci(l, n, "From: ") &&
	    (has_prefix_ci(next, (size_t)(stop - next), "Sent: ") ||
	    has_prefix_ci(next, (size_t)(stop - next), "Date: "));
}

int
withdraw_said(const char *text, size_t start, size_t end)
{
	struct words words, *w = &words;
	const char *p, *stop, *nl;
	size_t len, own = 0;
	int hit = 0;

	if (!compiled_ok)
		compile_phrases();
	if (end <= start)
		return 0;
	if (end - start > SCAN_MAX)
		end = start + SCAN_MAX;
	w->n = 0;
	w->curlen = 0;
	w->curlong = 0;
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
		if (!len || *l == '>' || attribution(l, len) || diffstat_line(l, len) ||
		    (line_is(l, len, "On ") && attribution_next(p, stop))) {
			push_mark(w, '.');
			continue;
		}
		/* So does a list item: "- drop the patch ..." in a changelog. */
		if (len > 1 && (*l == '-' || *l == '*' || *l == '+') && l[1] == ' ')
			push_mark(w, '.');
		if (own + len > OWN_MAX)
			len = OWN_MAX - own;
		own += len + 1;
		read_line(w, l, len);
	}

	for (int i = 0; i < w->n && !hit; i++) {
		uint64_t mask = anchors_of(w, i);

		for (size_t k = 0; mask && k < NPHRASES && !hit; k++) {
			const struct phrase *ph = &compiled[k];
			int out[2], s, e;

			if (!(mask & ((uint64_t)1 << k)))
				continue;
			mask &= ~((uint64_t)1 << k);
			if (step(w, &ph->el[ph->anchor], i, 1, out) != 1 || out[0] != i + 1)
				continue;
			if ((e = match_from(w, ph, ph->anchor + 1, i + 1, 1)) < 0)
				continue;
			if ((s = match_from(w, ph, ph->anchor - 1, i, -1)) < 0)
				continue;
			hit = statement(w, s, e, ph->flags);
		}
	}
	return hit;
}
