/*
 * out.c - report rows as TSV (the pipeline's dialect), CSV for
 * spreadsheets (libcsv quotes what needs quoting), or text aligned in
 * columns for a person at a terminal.  The plots are plot.c's.
 */
#define _POSIX_C_SOURCE 200809L
#include <csv.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "text.h"
#include "tsv.h"
#include "util.h"

void
out_init(struct out *o, enum ofmt fmt, int header, FILE *fp)
{
	memset(o, 0, sizeof *o);
	o->fmt = fmt;
	o->header = header;
	o->fp = fp;
}

static void
keep_cell(struct out *o, const char *s, size_t n)
{
	o->cells = xgrow(o->cells, &o->capcells, o->ncells, 256, sizeof *o->cells);
	o->cells[o->ncells++] = xstrndup(s, n);
}

void
out_celln(struct out *o, const char *s, size_t n)
{
	switch (o->fmt) {
	case OF_TSV:
		if (o->ncell)
			tsv_sep(&o->row);
		tsv_add_utf8(&o->row, s, n);
		break;
	case OF_CSV:
		if (o->ncell)
			fputc(',', o->fp);
		csv_fwrite(o->fp, s, n);
		break;
	case OF_PRETTY:
		keep_cell(o, s, n);
		break;
	}
	o->ncell++;
}

void
out_cell(struct out *o, const char *s)
{
	out_celln(o, s, strlen(s));
}

void
out_cellf(struct out *o, const char *fmt, ...)
{
	char small[128];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n >= 0 && (size_t)n < sizeof small) {
		out_celln(o, small, (size_t)n);
	} else {
		struct buf b = BUF_INIT;

		va_start(ap, fmt);
		buf_grow(&b, (size_t)n + 1);
		vsnprintf(b.p, (size_t)n + 1, fmt, ap);
		va_end(ap);
		out_celln(o, b.p, (size_t)n);
		buf_free(&b);
	}
}

void
out_time(struct out *o, int64_t t, void (*fmt)(char *, int64_t))
{
	char s[32];

	if (t == NODATE) {
		out_cell(o, "");
		return;
	}
	fmt(s, t);
	out_cell(o, s);
}

void
out_date(struct out *o, int64_t t)
{
	out_time(o, t, iso_utc);
}

void
out_end(struct out *o)
{
	switch (o->fmt) {
	case OF_TSV:
		tsv_row_end(&o->row, o->fp);
		break;
	case OF_CSV:
		fputc('\n', o->fp);
		break;
	case OF_PRETTY:
		if (!o->ncols)
			o->ncols = o->ncell;
		break;
	}
	o->ncell = 0;
}

void
out_header(struct out *o, const char *const *names, size_t n)
{
	if (!o->header)
		return;
	for (size_t i = 0; i < n; i++)
		out_cell(o, names[i]);
	out_end(o);
}

/* Width of a UTF-8 string in code points (close enough for alignment). */
static size_t
width(const char *s)
{
	size_t w = 0;

	for (; *s; s++)
		w += ((unsigned char)*s & 0xc0) != 0x80;
	return w;
}

void
out_finish(struct out *o)
{
	if (o->fmt == OF_PRETTY && o->ncols) {
		size_t *w = xcalloc(o->ncols, sizeof *w);

		for (size_t i = 0; i < o->ncells; i++) {
			size_t x = width(o->cells[i]);

			if (x > w[i % o->ncols])
				w[i % o->ncols] = x;
		}
		for (size_t row = 0; row + o->ncols <= o->ncells; row += o->ncols) {
			size_t last = o->ncols;

			/* Empty cells at the end of a row: no blanks before them. */
			while (last > 1 && !*o->cells[row + last - 1])
				last--;
			for (size_t col = 0; col < last; col++) {
				const char *s = o->cells[row + col];

				/* Newlines and TABs inside a cell would break the layout. */
				for (const char *p = s; *p; p++)
					fputc(*p == '\n' || *p == '\t' ? ' ' : *p, o->fp);
				if (col + 1 < last)
					fprintf(o->fp, "%*s", (int)(w[col] - width(s) + 2), "");
			}
			fputc('\n', o->fp);
		}
		free(w);
	}
	for (size_t i = 0; i < o->ncells; i++)
		free(o->cells[i]);
	free(o->cells);
	buf_free(&o->row);
	o->cells = NULL;
	o->ncells = o->capcells = 0;
}
