/*
 * tsv.h - the TSV dialect every tool reads and writes (patchtrack-tsv(5)).
 *
 * One record per line, fields separated by TAB, line 1 a header of
 * unique column names.  Inside a field \\ \t \n \r stand for backslash,
 * TAB, newline and carriage return; any other backslash sequence is a
 * data error.  Columns are found by name, so producers may add columns
 * freely.
 *
 * Reader: tsv_open() reads the header; tsv_read() yields rows whose
 * fields are unescaped in place (pointer + length, NUL-terminated) and
 * stay valid until the next tsv_read().  A field that is not valid
 * UTF-8, or holds a NUL, makes a bad row (a column left unread with
 * tsv_skip() is not looked at).  A line identical to the header
 * is skipped, so "cat a.tsv b.tsv | tool" works.  A zero-byte input is
 * an empty table.  Bad rows are reported as "file:line: ..." and
 * counted; the caller decides whether that is fatal.
 *
 * Writer: fields are escaped into a struct buf (tsv_add) and the row is
 * written with one fwrite (tsv_row_end).
 */
#ifndef PT_TSV_H
#define PT_TSV_H

#include <stddef.h>
#include <stdio.h>

#include "buf.h"
#include "zio.h"

struct tsv_field {
	char *s;
	size_t len;
};

struct tsv_reader {
	const char *name;        /* file name used in messages */
	struct zin *in;
	struct lines lines;
	unsigned long lineno;    /* line number of the current row */
	size_t ncols;
	char **cols;             /* header names, owned */
	char *header;            /* raw header line (without '\n'), owned */
	size_t headerlen;
	int empty;               /* input had no header at all */
	struct tsv_field *f;     /* fields of the current row */
	unsigned char *skip;     /* per column: left unread (tsv_skip) or raw
	                            (tsv_raw), or NULL */
	unsigned long nbad;      /* rows rejected so far */
};

/*
 * Open path ("-" is stdin); 0 on success, -1 with a message printed and
 * nothing left to close.
 */
int tsv_open(struct tsv_reader *r, const char *path);
/*
 * The same for the n bytes at p, a table made in memory (a report read
 * back), named name in messages; p and name must outlive the reader.
 */
int tsv_open_mem(struct tsv_reader *r, const char *name, const char *p, size_t n);
/*
 * tsv_open() for a caller that passes over an empty input: 1 a header
 * was read (the caller closes r); 0 the input was empty (r is closed
 * already); -1 it could not be opened (reported, nothing to close).
 */
int tsv_open_table(struct tsv_reader *r, const char *path);
/*
 * tsv_open_table() for a tool's file operand: 1 a table to read (the
 * caller closes r); 0 one to pass over, empty or, with *rc raised to
 * PT_EXIT_FAILED (util.h), not opened.
 */
int tsv_open_operand(struct tsv_reader *r, const char *path, int *rc);
/* Index of a column, or -1. */
int tsv_col(const struct tsv_reader *r, const char *name);
/*
 * A column the caller never reads, if the table has it: its field is not
 * checked nor unescaped, and reads as empty (a mail's message and diff
 * are most of a mail table's bytes, and the reports need neither).
 */
void tsv_skip(struct tsv_reader *r, const char *name);
/*
 * A column read raw, if the table has it: its field is the bytes of the
 * line as they are (escapes and all, NUL-terminated), not checked; the
 * caller checks and unescapes it with tsv_field_decode(), or reads it
 * again later from the file at tsv_offset().
 */
#define TSV_RAW 2
void tsv_raw(struct tsv_reader *r, const char *name);
/*
 * Where the current row's field c begins in the input (decompressed):
 * for a plain file, the offset to read it again at with pread().
 */
unsigned long long tsv_offset(const struct tsv_reader *r, int c);
/*
 * Check (UTF-8, no NUL) and unescape s[0..n) in place, as tsv_read() does
 * every field it reads: the new length, or -1 with why (whylen bytes,
 * 32 are enough) saying what is wrong, in tsv_read()'s words.
 */
long tsv_field_decode(char *s, size_t n, char *why, size_t whylen);
/* Index of a column that must be there; dies naming file and column. */
int tsv_need(const struct tsv_reader *r, const char *name);
/*
 * 1: a row is ready; 0: end of input; -1: a bad row, already reported
 * and counted in nbad (reading may go on); -2: the input itself failed
 * (unreadable, truncated compression), already reported.
 */
int tsv_read(struct tsv_reader *r);
/*
 * tsv_read() passing over the bad rows (reported and counted by it):
 * 1 a row is ready; 0 end of input; -2 the input failed.
 */
int tsv_next(struct tsv_reader *r);
/*
 * The field of column c as a small count (a version, part or total
 * number): 0 when the column is absent (c < 0), the field empty or not
 * a number from 0 to 1,000,000.
 */
int tsv_count(const struct tsv_reader *r, int c);
void tsv_close(struct tsv_reader *r);

/*
 * Pass-through of columns a tool does not know: tsv_extra_init() picks
 * the reader's columns that are not among the tool's own names;
 * tsv_extra_header() and tsv_extra_row() append them (each preceded by
 * a TAB) to the header and to every row, so a user's added column
 * survives the stage.  tsv_extra_follow() looks the same names up in a
 * later table (a table that lacks one gives it empty).  The struct owns
 * its names and index array.
 */
struct tsv_extra {
	size_t n;
	int *col;               /* the reader's column, -1: absent */
	char **name;
};

void tsv_extra_init(struct tsv_extra *x, const struct tsv_reader *r,
    const char *const *own, size_t nown);
void tsv_extra_follow(struct tsv_extra *x, const struct tsv_reader *r);
void tsv_extra_header(const struct tsv_extra *x, const struct tsv_reader *r,
    struct buf *row);
void tsv_extra_row(const struct tsv_extra *x, const struct tsv_reader *r,
    struct buf *row);
void tsv_extra_free(struct tsv_extra *x);

/* Unescape s[0..n) in place; returns the new length or -1 (bad escape at *bad). */
long tsv_unescape(char *s, size_t n, size_t *bad);

/* Append s[0..n) escaped. */
void tsv_add(struct buf *row, const char *s, size_t n);
void tsv_addstr(struct buf *row, const char *s);
/* Append s[0..n) escaped, bytes that are not UTF-8 as U+FFFD; returns how many. */
size_t tsv_add_utf8(struct buf *row, const char *s, size_t n);
static inline void tsv_sep(struct buf *row) { buf_addc_fast(row, '\t'); }
/* Terminate the row with '\n', write it to fp, reset the buffer. */
void tsv_row_end(struct buf *row, FILE *fp);
/* Write a header line of n names. */
void tsv_header(FILE *fp, const char *const *names, size_t n);

#endif
