/*
 * words.h - a text read as words, and phrases matched on them: what
 * the sender's own text says (own.c), for mbox2tsv's withdraw, ping,
 * series and nosub flags.
 *
 * The text becomes a stream of lower-case words and clause marks (".",
 * ",", "?"), contractions spelled out ("I'll" is "i will", "don't" is
 * "do not"), and phrases (phrases.c) are matched on words, never inside
 * one: "rfcomm" holds no "rfc", "dropped" is not "drop".
 */
#ifndef MBOX2TSV_WORDS_H
#define MBOX2TSV_WORDS_H

#include <stddef.h>

#define WORDS_MAX 1400          /* words and marks of 4 KB of text, with room to spare */
#define WORD_MAX 24             /* longer words match nothing (and are one "#") */

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
	B_OF = 1 << 21,         /* "of": "a new version of [1]" is another series */
	B_RANGE = 1 << 22,      /* the first number of a range of patches: "1-3", "#1-#3", "1/3-3/3" */
	B_COMMA = 1 << 23       /* a mark that holds a ",": "Hi Ping,\n\n" ends no sentence */
};

/* What a phrase says: the kinds of phrases, as bits. */
enum {
	SAYS_WITHDRAW = 1 << 0, /* a patch is withdrawn or superseded */
	SAYS_PING = 1 << 1,     /* asks for attention */
	SAYS_SERIES = 1 << 2,   /* speaks of several patches of a posting */
	SAYS_NOSUB = 1 << 3,    /* the patch is not meant to be merged */
	SAYS_ALL = 15
};

/*
 * What a match must be besides.  By default a statement: no negation
 * just before it in its clause, no condition in its sentence, no
 * question.  ASK_OK: a question too ("can you please ignore this
 * patch?"); ANY_MOOD: questions and conditions too, only a negation
 * counts ("any comments?", "if you have time, could you review"); BARE:
 * wherever it stands; ASK: only in a question ("do you have any
 * comments?", not "I'm open to any concerns"), a negation counting.
 */
enum { ASK_OK = 1, ANY_MOOD = 2, BARE = 4, ASK = 8 };

/* A class of words, <name> in a phrase (phrases.c). */
struct word_class {
	const char *name;
	unsigned bits;          /* what a word of the class has */
	const char *words;      /* "a|b|c" */
};

/*
 * A phrase (phrases.c): elements separated by blanks, "a|b" one word
 * of these, <x> a class word, <w> any word, "?" before an element makes
 * it optional, "*" allows it up to three times, "!" makes it the word a
 * match is looked for at (default: the first plain word list that must
 * be there; a rarer one saves time); <^> and <$> are the
 * start and end of a clause, <^^> and <$$> of a sentence (<$$> not
 * before a comma, even one a blank line follows).  unless: one element
 * that must not follow the match ("patch set" but not patchwork's "Patch
 * set to ..."), or NULL; unless_prev: one that must not come before it
 * ("series" but not "the 5.4.y kernel series").
 */
struct phrase_def {
	unsigned says;          /* SAYS_* */
	unsigned flags;         /* ASK_OK, ANY_MOOD, BARE, ASK */
	const char *pat;
	const char *unless;
	const char *unless_prev;
};

extern const struct word_class word_classes[];
extern const size_t nword_classes;
extern const struct phrase_def phrase_defs[];
extern const size_t nphrase_defs;

/* The words and marks of a text: each its place in the word table and its bits. */
struct words {
	unsigned short slot[WORDS_MAX];
	unsigned bits[WORDS_MAX];
	int n;                  /* words and marks */
	int nwords;             /* words */
	char cur[WORD_MAX + 1]; /* a word with an apostrophe, being read */
	size_t curlen;
	int curlong;            /* it is longer than WORD_MAX */
};

/* Build the word table and the phrases, once, before any thread reads. */
void words_compile(void);
void words_reset(struct words *w);
/* The words of a line of text, and a sentence's end (a line that is not read). */
void words_line(struct words *w, const char *l, size_t n);
void words_break(struct words *w);
/* The kinds of want (SAYS_*) whose phrases the words hold. */
unsigned words_says(const struct words *w, unsigned want);
/*
 * Can the text s[0..n) hold a phrase of the kinds of want at all: is an
 * anchor of one there as a word (case ignored)?  0 only when none can
 * match; 1 too for a kind that some anchor cannot be looked for so (a
 * class, or a word reading makes: "not" of "don't").  Cheaper than
 * reading the words.
 */
int words_may_say(const char *s, size_t n, unsigned want);

#endif
