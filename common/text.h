/*
 * text.h - small text helpers: UTF-8 validation and repair, ISO 8601
 * dates, and line utilities.
 */
#ifndef PT_TEXT_H
#define PT_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "buf.h"

/* Length of the valid UTF-8 prefix of s[0..n); n when all is valid. NUL counts as invalid. */
size_t utf8_valid_prefix(const char *s, size_t n);
/*
 * Append s[0..n) to out as valid UTF-8: every byte that does not start
 * a well-formed sequence, and every NUL, becomes U+FFFD.  Returns the
 * number of replacements.
 */
size_t utf8_repair(struct buf *out, const char *s, size_t n);

/*
 * Append s[0..n) as one line of inert plain text: valid UTF-8, controls
 * (line breaks too) as blanks, bidirectional controls and U+FEFF, U+FFFE,
 * U+FFFF as "[U+XXXX]": for feeds, mail headers and digests.
 */
void text_inert(struct buf *out, const char *s, size_t n);

/* Format t (seconds since the epoch) as YYYY-MM-DDTHH:MM:SSZ; out has room for 21. */
void iso_utc(char out[21], int64_t t);
/* The civil date of UTC time t: year, month 1-12, day 1-31, second of the day. */
void utc_civil(int64_t t, int64_t *year, int *month, int *day, int *secs);

/*
 * Parse "YYYY-MM-DD", optionally followed by "THH:MM[:SS]" (or a blank
 * for the T) and "Z", as UTC into seconds since the epoch; every part
 * is range-checked (no February 30).  0 on success, -1 if not a date.
 * iso_utc() writes what this reads.
 */
int iso_parse(const char *s, int64_t *t);
/*
 * A date option (--since, --until) of any tool: what iso_parse() reads,
 * or "@N", N seconds since the epoch (0 to 2^40).  With end set, a bare
 * day (YYYY-MM-DD) means its last second: the day counts whole.  0 on
 * success, -1 if not a date.
 */
int date_option(const char *s, int end, int64_t *t);

/*
 * The lines of a text in memory, first to last:
 *
 *	struct line_walk w;
 *	const char *s;
 *	size_t n;
 *
 *	line_walk_init(&w, text, len);
 *	while (line_next(&w, &s, &n))
 *		... s[0..n), the line without its '\n' ...
 *
 * A last line without a final '\n' is a line; a final '\n' starts none,
 * so an empty text has no line; an empty line comes as n == 0.  A '\r'
 * before the '\n' stays in the line for the caller to trim or keep.
 * After line_next(), w.p is where the next line starts (w.end at the
 * end).  The walk only reads the text, which the caller keeps.
 */
struct line_walk {
	const char *p, *end;
};

void line_walk_init(struct line_walk *w, const char *s, size_t n);
int line_next(struct line_walk *w, const char **s, size_t *n);

/* Lower-case s[0..n) in place (tolower(), byte by byte). */
void lower(char *s, size_t n);

/* Strip leading and trailing ASCII whitespace of s[0..*n): returns the new start. */
const char *trim(const char *s, size_t *n);

/* Find needle in s[0..n) (memmem), exactly or ignoring ASCII case. */
const char *find_bytes(const char *s, size_t n, const char *needle, size_t k);
const char *find_ci(const char *s, size_t n, const char *needle);

/* The value of the hex digit c (either case), or -1 if c is none. */
int hexval(int c);
/* How many hex digits s[0..n) begins with. */
size_t hex_run(const char *s, size_t n);
/*
 * The hex run at s[j] (hex_run()), when it is a word that may be a
 * commit hash: 7 to max hex digits, a letter and a digit among them,
 * no letter or digit (nor a byte of also, "" for none) beside it in
 * s[0..n): its length; else 0.  *skip: how far to go on (1 at least).
 */
size_t hash_word(const char *s, size_t n, size_t j, size_t max, const char *also,
    size_t *skip);

/* ASCII case-insensitive prefix test on a byte span. */
int has_prefix_ci(const char *s, size_t n, const char *prefix);
/*
 * Is w[0..k) one of the words of a list separated by commas or blanks,
 * s[0..n) (a flags column: "rfc,side")?  has_word: w a C string.
 */
int has_wordn(const char *s, size_t n, const char *w, size_t k);
int has_word(const char *s, size_t n, const char *w);
/*
 * Is w[0..k) one of the items of s[0..n) cut at every byte sep, to the
 * letter (a line of a column's text with '\n', an id of a blank-separated
 * list with ' ')?  An empty w is an item where two seps meet.
 */
int has_item(const char *s, size_t n, int sep, const char *w, size_t k);

/*
 * Append s[0..n) cleaned as git stripspace does: trailing blanks cut from
 * every line, runs of empty lines made one, none at either end.
 */
void stripspace(struct buf *out, const char *s, size_t n);

#endif
