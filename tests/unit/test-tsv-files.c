/*
 * test-tsv-files - the part of test-tsv (one program, its main in
 * test-tsv.c) on whole tables: random tables written with tsv_add and
 * tsv_row_end to files, plain, gzip and xz, read back; compressed ones
 * cut short or damaged; and a compressed table on stdin through a pipe.
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "diff.h"
#include "hash.h"
#include "hunks.h"
#include "opool.h"
#include "subject.h"
#include "text.h"
#include "tsv.h"
#include "util.h"
#include "zio.h"

#include "tap.h"
#include "test-tsv.h"

/* Random rows and the table text tsv_add and tsv_row_end make of them. */
struct table {
	size_t nrows, ncols;
	struct buf *cells;   /* nrows * ncols, unescaped as expected back */
};

static const char *const random_cols[] = { "id", "text", "n" };

static char *
make_table(struct table *t, size_t nrows, int longfield)
{
	struct buf row = BUF_INIT;
	char *path = tmp_name();
	FILE *fp = fopen(path, "wb");
	size_t i, j, k, n;

	if (!fp)
		die("%s:", path);
	t->nrows = nrows;
	t->ncols = NELEM(random_cols);
	t->cells = xcalloc(nrows * t->ncols, sizeof *t->cells);
	tsv_header(fp, random_cols, t->ncols);
	for (i = 0; i < nrows; i++) {
		for (j = 0; j < t->ncols; j++) {
			struct buf *c = &t->cells[i * t->ncols + j];
			char raw[600];

			if (j == 0) {
				buf_addf(c, "row%zu", i);
				n = c->len;
				memcpy(raw, c->p, n);
			} else {
				/*
				 * Mostly printable, some of any byte; NUL comes
				 * back as U+FFFD.  Bytes above 0x7f come as
				 * two-byte characters: a table is UTF-8.
				 */
				n = rndn(j == 1 ? sizeof raw : 10);
				for (k = 0; k < n; k++) {
					unsigned b = rndn(4) ? ' ' + rndn(95) : (unsigned)rnd() & 0xff;

					if (b >= 0x80 && k + 1 < n) {
						raw[k] = (char)(0xc2 + b % 30);
						raw[k + 1] = (char)(0x80 | (b & 0x3f));
						buf_add(c, raw + k, 2);
						k++;
						continue;
					}
					raw[k] = (char)(b & 0x7f);
					if (raw[k])
						buf_addc(c, raw[k]);
					else
						buf_addstr(c, "\xef\xbf\xbd");
				}
			}
			if (j)
				tsv_sep(&row);
			if (longfield && i == nrows / 2 && j == 1) {
				/* One field of several megabytes, escapes and all. */
				buf_reset(c);
				for (k = 0; k < (5u << 20); k++)
					buf_addc(c, k % 1000 == 999 ? '\n' : k % 7 ? 'a' + (char)(k % 26) : '\\');
				tsv_add(&row, c->p, c->len);
			} else {
				tsv_add(&row, raw, n);
			}
		}
		tsv_row_end(&row, fp);
		if (row.len != 0)
			die("tsv_row_end left %zu bytes", row.len);
	}
	if (fclose(fp) != 0)
		die("%s:", path);
	buf_free(&row);
	return path;
}

static void
free_table(struct table *t)
{
	size_t i;

	for (i = 0; i < t->nrows * t->ncols; i++)
		buf_free(&t->cells[i]);
	free(t->cells);
}

/*
 * Read path back and compare with t: the number of rows that match,
 * or -1 when the reader failed.  *last gets the last tsv_read result.
 */
static long
read_table(const char *path, const struct table *t, const char *kind, int *last)
{
	struct tsv_reader r;
	long good = 0;
	size_t i = 0, j;
	int rc, col[3];

	*last = 99;
	if (tsv_open(&r, path) < 0)
		return -1;
	if (kind && strcmp(zin_kind(r.in), kind) != 0) {
		diag("  %s read as %s, not %s", path, zin_kind(r.in), kind);
		tsv_close(&r);
		return -1;
	}
	for (j = 0; j < 3; j++)
		col[j] = tsv_need(&r, random_cols[j]);
	while ((rc = tsv_read(&r)) == 1) {
		int same = i < t->nrows;

		for (j = 0; same && j < 3; j++) {
			const struct buf *c = &t->cells[i * t->ncols + j];

			same = r.f[col[j]].len == c->len &&
			    memcmp(r.f[col[j]].s, c->p ? c->p : "", c->len) == 0;
		}
		if (same)
			good++;
		else if (good == (long)i)
			diag("  %s: row %zu differs", path, i);
		i++;
	}
	*last = rc;
	tsv_close(&r);
	return i == t->nrows ? good : -(long)i - 2;
}

void
test_tsv_roundtrip_files(void)
{
	struct table t;
	char *path, *gz, *xz, *gz2, *xz2, *part1, *part2, line[2048], *data;
	size_t n;
	long good;
	int last;

	path = make_table(&t, 3000, 1);
	good = read_table(path, &t, "plain", &last);
	ok(good == 3000 && last == 0, "3000 random rows (one field of 5 MB) written and read back");

	if (have_gzip) {
		gz = tmp_filter("gzip -1 -c", path);
		good = gz ? read_table(gz, &t, "gzip", &last) : -1;
		ok(good == 3000 && last == 0, "the same table gzip-compressed reads the same");
		/* Members split in the middle of a line, as "cat a.gz b.gz" makes. */
		data = slurp(path, &n);
		part1 = tmp_write(data, n / 3);
		part2 = tmp_write(data + n / 3, n - n / 3);
		free(data);
		gz2 = tmp_name();
		snprintf(line, sizeof line, "(gzip -c '%s'; gzip -c '%s') > '%s'", part1, part2, gz2);
		fflush(stdout);
		good = system(line) == 0 ? read_table(gz2, &t, "gzip", &last) : -1;
		ok(good == 3000 && last == 0, "two concatenated gzip members read as one table");
	} else {
		skip("no gzip");
		skip("no gzip");
	}
	if (have_xz) {
		xz = tmp_filter("xz -0 -c", path);
		good = xz ? read_table(xz, &t, "xz", &last) : -1;
		ok(good == 3000 && last == 0, "the same table xz-compressed reads the same");
		data = slurp(path, &n);
		part1 = tmp_write(data, n / 2 + 1);
		part2 = tmp_write(data + n / 2 + 1, n - n / 2 - 1);
		free(data);
		xz2 = tmp_name();
		snprintf(line, sizeof line, "(xz -0 -c '%s'; xz -0 -c '%s') > '%s'", part1, part2, xz2);
		fflush(stdout);
		good = system(line) == 0 ? read_table(xz2, &t, "xz", &last) : -1;
		ok(good == 3000 && last == 0, "two concatenated xz streams read as one table");
	} else {
		skip("no xz");
		skip("no xz");
	}
	free_table(&t);
}

/*
 * Read a truncated compressed table: every row handed out must be one
 * of the original rows, complete, and the end must be -2 (not 0).
 */
static void
check_truncated(const char *path, const struct table *t, const char *what, const char *errtext)
{
	struct tsv_reader r;
	size_t i = 0;
	long wrong = 0;
	int rc;

	cap_begin();
	rc = tsv_open(&r, path);
	if (rc == 0) {
		while ((rc = tsv_read(&r)) == 1 || rc == -1) {
			const struct buf *c = i < t->nrows ? &t->cells[i * t->ncols + 1] : NULL;

			if (rc == -1 || !c || r.f[1].len != c->len ||
			    memcmp(r.f[1].s, c->p ? c->p : "", c->len) != 0)
				wrong++;
			i++;
		}
	}
	cap_end();
	ok(rc == -2, "truncated %s: tsv_read ends with -2 (after %zu rows)", what, i);
	ok(wrong == 0, "truncated %s: no partial row is handed out, good or bad", what);
	ok(strstr(captured.p, errtext) != NULL, "truncated %s: the message says %s", what, errtext);
	if (!strstr(captured.p, errtext))
		diag("  message: %s", show(captured.p, captured.len));
	if (rc == -2) {
		cap_begin();
		rc = tsv_read(&r);
		cap_end();
		ok(rc == -2, "truncated %s: the error is sticky", what);
	} else {
		skip("no error to repeat");
	}
	tsv_close(&r);
}

void
test_tsv_compressed_errors(void)
{
	struct table t;
	char *path, *gz, *xz, *cut, msg[512];
	char *data;
	size_t n;
	struct tsv_reader r;
	int rc;

	path = make_table(&t, 2000, 0);
	if (have_gzip && (gz = tmp_filter("gzip -c", path))) {
		data = slurp(gz, &n);
		cut = tmp_write(data, n / 2);
		check_truncated(cut, &t, "gzip", "truncated gzip data");
		/* Cut inside the 8-byte trailer: all data there, the CRC missing. */
		cut = tmp_write(data, n - 3);
		check_truncated(cut, &t, "gzip trailer", "truncated gzip data");
		/* Damaged data in the middle. */
		data[n / 2] ^= 0x55;
		data[n / 2 + 1] ^= 0xaa;
		cut = tmp_write(data, n);
		cap_begin();
		rc = tsv_open(&r, cut);
		if (rc == 0)
			while ((rc = tsv_read(&r)) == 1 || rc == -1)
				;
		cap_end();
		ok(rc == -2 && strstr(captured.p, "bad gzip data"), "damaged gzip data gives -2, 'bad gzip data'");
		tsv_close(&r);
		free(data);
		/* Just the magic: a gzip file cut before its header ends. */
		cut = tmp_write("\x1f\x8b\x08", 3);
		cap_begin();
		rc = tsv_open(&r, cut);
		cap_end();
		snprintf(msg, sizeof msg, "test-tsv: %s: truncated gzip data after 0 bytes\n", cut);
		ok(rc == -1, "a gzip file cut in its header fails to open");
		is_str(captured.p, msg, "saying so");
		tsv_close(&r);
	} else {
		skip("no gzip");
	}
	if (have_xz && (xz = tmp_filter("xz -c", path))) {
		data = slurp(xz, &n);
		cut = tmp_write(data, n / 2);
		check_truncated(cut, &t, "xz", "truncated xz data");
		free(data);
	} else {
		skip("no xz");
	}
	free_table(&t);
}

void
test_tsv_stdin(void)
{
	static const char t[] = "k\tv\nx\ty\\tz\n";
	struct tsv_reader r;
	char *path, *gz;
	size_t n;
	int fds[2], saved, rc;
	char *data;

	if (!have_gzip) {
		skip("no gzip");
		return;
	}
	path = tmp_write(t, sizeof t - 1);
	gz = tmp_filter("gzip -c", path);
	data = slurp(gz, &n);
	/* A pipe, which cannot be rewound: the magic bytes must be kept. */
	if (pipe(fds) < 0 || n > 4096 || write(fds[1], data, n) != (ssize_t)n)
		die("pipe:");
	close(fds[1]);
	saved = dup(0);
	dup2(fds[0], 0);
	close(fds[0]);
	rc = tsv_open(&r, "-");
	ok(rc == 0 && strcmp(r.name, "<stdin>") == 0 && strcmp(zin_kind(r.in), "gzip") == 0,
	    "\"-\" reads gzip data from a pipe on stdin, named <stdin>");
	ok(tsv_read(&r) == 1 && strcmp(r.f[1].s, "y\tz") == 0 && tsv_read(&r) == 0,
	    "and its rows");
	tsv_close(&r);
	dup2(saved, 0);
	close(saved);
	free(data);
}
