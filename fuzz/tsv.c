/*
 * fuzz/tsv.c - libFuzzer harness for the TSV reader of common/tsv.c:
 * the input is written to a file and read as every tool reads a table
 * (tsv_open, the columns looked up by name, tsv_read to the end, bad
 * rows skipped), touching every byte of every field; the pass-through
 * of unknown columns (tsv_extra) is run on each row, and tsv_unescape
 * on the raw bytes.  Compressed tables (gzip, xz) go through zio.
 *
 *   make fuzz                  every harness for FUZZ_TIME seconds
 *   build-fuzz/bin/fuzz-tsv -max_total_time=600 build-fuzz/corpus/tsv
 *   build-fuzz/bin/fuzz-tsv build-fuzz/crashes/tsv-crash-...   (replay)
 *
 * Findings become regression inputs in tests/data/fuzz/tsv/, which
 * tests/96-fuzz.t runs through the real patchtok and ptcluster.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "tsv.h"
#include "util.h"

/* Some tool's own columns, so tsv_extra has something to leave out. */
static const char *const own[] = { "id", "date", "diff", "kind", "score" };

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	setprogname("fuzz-tsv");
	return 0;
}

/* Read every byte of a field, as a tool would, and check its terminator. */
static unsigned
touch(const struct tsv_field *f)
{
	unsigned sum = 0;

	for (size_t i = 0; i < f->len; i++)
		sum += (unsigned char)f->s[i];
	if (f->s[f->len] != '\0')
		abort();
	return sum;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tsv_reader r;
	struct tsv_extra x;
	struct buf row = BUF_INIT;
	volatile unsigned sink = 0;
	int got;

	/* The unescaper alone, on a copy with room for nothing more. */
	{
		char *copy = xmalloc(size);
		size_t bad = 0;
		long n;

		memcpy(copy, data, size);
		n = tsv_unescape(copy, size, &bad);
		if (n > (long)size || (n < 0 && bad >= size))
			abort();
		free(copy);
	}

	if (tsv_open(&r, fuzz_file(data, size)) < 0)
		return 0;
	for (size_t k = 0; k < r.ncols; k++)
		if (tsv_col(&r, r.cols[k]) != (int)k)
			abort();
	(void)tsv_col(&r, "id");
	(void)tsv_col(&r, "no-such-column");
	tsv_extra_init(&x, &r, own, sizeof own / sizeof own[0]);
	tsv_extra_header(&x, &r, &row);
	buf_reset(&row);
	while ((got = tsv_read(&r)) != 0) {
		if (got == -2)
			break;
		if (got < 0)
			continue;
		for (size_t k = 0; k < r.ncols; k++)
			sink += touch(&r.f[k]);
		tsv_extra_row(&x, &r, &row);
		buf_reset(&row);
	}
	(void)sink;
	tsv_extra_free(&x);
	buf_free(&row);
	tsv_close(&r);
	return 0;
}
