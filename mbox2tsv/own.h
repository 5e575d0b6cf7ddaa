/*
 * own.h - the sender's own text of a mail: the one walk that finds it
 * (quotes, attributions, diffstats, the signature and a quoted original
 * left out), what its words say (words.h: withdraw, ping, series,
 * nosub) and the words themselves for the said column.
 */
#ifndef MBOX2TSV_OWN_H
#define MBOX2TSV_OWN_H

#include <stddef.h>

#include "buf.h"
#include "words.h"

#define OWN_MAX 4096            /* bytes of own text read; the rest is rarely news */
#define SAID_MAX 200            /* bytes of the said column */
#define HASHES_MAX 16           /* words of the hashes column */
#define PARTS_MAX 16            /* words of the parts column */

/*
 * The lines of the sender's own text in text[start..end), in order:
 * line(arg, OWN_LINE, l, n) for each (leading blanks dropped, n > 0),
 * and for a line that is not his but ends a sentence line(arg, OWN_QUOTE
 * or OWN_BREAK, l, n): a quote ("> ...") or an attribution, a diffstat,
 * a blank line.  The walk stops at the signature ("-- ") or a quoted
 * original (Outlook's "-----Original Message" or "From: ... Sent: ...",
 * quoted unmarked below it; not Zimbra's "----- Original Message -----"
 * above "> " lines), after OWN_MAX bytes of own text (the last line cut
 * there) and after 64 KB of text in all.
 */
enum { OWN_LINE, OWN_QUOTE, OWN_BREAK };

void own_walk(const char *text, size_t start, size_t end,
    void (*line)(void *arg, int kind, const char *l, size_t n), void *arg);

/* What the own text says, and how much of it there is. */
struct own {
	unsigned says;          /* SAYS_* of what was asked for */
	int words;              /* its words (WORDS_MAX at most) */
	int quotes;             /* the quoted lines among it */
	int cut;                /* the text was longer than the walk reads (64 KB) */
	struct buf said;        /* with OWN_SAID: its first SAID_MAX bytes (see own_read) */
	struct buf hashes;      /* with OWN_SAID: the commit hashes it names, all of it */
	struct buf parts;       /* with OWN_SAID: the parts of a series it names, all of it */
};

enum { OWN_SAID = 1 << 8 };

/* Build the phrase tables, once, before any thread reads a mail. */
void own_init(void);
/*
 * Read the own text of text[start..end) for want (SAYS_* and OWN_SAID)
 * into o (o->said is reset, not freed): its words matched against the
 * phrases of the kinds in want and, with OWN_SAID, its words as one
 * line: blanks (line breaks too) squeezed to one space, none at either
 * end, valid UTF-8 (bytes that are not become U+FFFD), at most SAID_MAX
 * bytes, cut at the last blank that leaves no more (else at a
 * character's start); and, in all of it, the words that may be commit
 * hashes (7 to 40 hex digits, a letter and a digit among them, a word
 * of their own), lower-cased, each once, space-separated, HASHES_MAX
 * at most (o->hashes, reset too); and the parts of a series it names
 * ("in patch 10/14", "patch #3": "10/14", "3"), each once, space-separated,
 * PARTS_MAX at most (o->parts, reset too).
 */
void own_read(const char *text, size_t start, size_t end, unsigned want, struct own *o);

#endif
