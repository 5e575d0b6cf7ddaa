/*
 * tsv.c - the TSV dialect every tool reads and writes (tsv.h,
 * patchtrack-tsv(5)).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "text.h"
#include "tsv.h"
#include "util.h"

static int
valid_name(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
		    *s == '_' || *s == '-' || *s == '.'))
			return 0;
	return 1;
}

static int tsv_start(struct tsv_reader *r);

int
tsv_open(struct tsv_reader *r, const char *path)
{
	memset(r, 0, sizeof *r);
	r->name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	r->in = zin_open(path);
	if (!r->in) {
		warnx("%s:", path);
		return -1;
	}
	return tsv_start(r);
}

int
tsv_open_table(struct tsv_reader *r, const char *path)
{
	if (tsv_open(r, path) < 0)
		return -1;
	if (r->empty) {
		tsv_close(r);
		return 0;
	}
	return 1;
}

int
tsv_open_operand(struct tsv_reader *r, const char *path, int *rc)
{
	int open = tsv_open_table(r, path);

	if (open < 0)
		pt_exit_raise(rc, PT_EXIT_FAILED);
	return open > 0;
}

int
tsv_open_mem(struct tsv_reader *r, const char *name, const char *p, size_t n)
{
	memset(r, 0, sizeof *r);
	r->name = name;
	r->in = zin_open_mem(p, n);
	return tsv_start(r);
}

/* The header of the input r->in, read and checked. */
static int
tsv_start(struct tsv_reader *r)
{
	const char *line;
	ssize_t n;
	size_t i, start;

	lines_init(&r->lines, r->in);
	n = lines_next(&r->lines, &line);
	if (n < 0 || (n > 0 && line[n - 1] != '\n' && r->lines.err)) {
		warnx("%s: %s", r->name, zin_error(r->in));
		goto fail;
	}
	r->lineno = 1;
	if (n == 0) {
		r->empty = 1;
		return 0;
	}
	if (line[n - 1] == '\n')
		n--;
	r->header = xstrndup(line, (size_t)n);
	r->headerlen = (size_t)n;
	r->ncols = 1;
	for (i = 0; i < r->headerlen; i++)
		if (r->header[i] == '\t')
			r->ncols++;
	r->cols = xcalloc(r->ncols, sizeof *r->cols);
	r->f = xcalloc(r->ncols, sizeof *r->f);
	for (i = 0, start = 0; i <= r->headerlen; i++) {
		if (i == r->headerlen || r->header[i] == '\t') {
			size_t k = 0;

			while (r->cols[k])
				k++;
			r->cols[k] = xstrndup(r->header + start, i - start);
			if (!valid_name(r->cols[k])) {
				warnx("%s:1: bad column name '%s' in the header "
				    "(lower-case letters, digits, '_', '-', '.')",
				    r->name, r->cols[k]);
				goto fail;
			}
			if (tsv_col(r, r->cols[k]) != (int)k) {
				warnx("%s:1: column '%s' appears twice in the header",
				    r->name, r->cols[k]);
				goto fail;
			}
			start = i + 1;
		}
	}
	return 0;

fail:
	/* Nothing is left for the caller to close (closing again is harmless). */
	tsv_close(r);
	return -1;
}

int
tsv_col(const struct tsv_reader *r, const char *name)
{
	size_t i;

	for (i = 0; i < r->ncols && r->cols[i]; i++)
		if (strcmp(r->cols[i], name) == 0)
			return (int)i;
	return -1;
}

void
tsv_skip(struct tsv_reader *r, const char *name)
{
	int c = tsv_col(r, name);

	if (c < 0)
		return;
	if (!r->skip)
		r->skip = xcalloc(r->ncols, 1);
	r->skip[c] = 1;
}

void
tsv_raw(struct tsv_reader *r, const char *name)
{
	int c = tsv_col(r, name);

	if (c < 0)
		return;
	tsv_skip(r, name);
	r->skip[c] = TSV_RAW;
}

unsigned long long
tsv_offset(const struct tsv_reader *r, int c)
{
	return lines_offset(&r->lines, r->f[c].s);
}

long
tsv_field_decode(char *s, size_t n, char *why, size_t whylen)
{
	size_t ok = utf8_valid_prefix(s, n), bad;
	long ul;

	if (ok < n) {
		snprintf(why, whylen, "%s", s[ok] ? "invalid UTF-8" : "NUL byte in field");
		return -1;
	}
	if ((ul = tsv_unescape(s, n, &bad)) < 0)
		snprintf(why, whylen, "invalid escape '%.*s'", bad + 1 < n ? 2 : 1, s + bad);
	return ul;
}

int
tsv_need(const struct tsv_reader *r, const char *name)
{
	int c;

	if (r->empty)
		return -1;
	c = tsv_col(r, name);
	if (c < 0)
		die("%s: missing column '%s'", r->name, name);
	return c;
}

long
tsv_unescape(char *s, size_t n, size_t *bad)
{
	char *w, *p = memchr(s, '\\', n), *end = s + n;

	if (!p)
		return (long)n;
	/* p is at a backslash: its escape, then the run of bytes up to the next. */
	w = p;
	while (p < end) {
		char *q;

		if (p + 1 >= end) {
			*bad = (size_t)(p - s);
			return -1;
		}
		switch (p[1]) {
		case '\\': *w++ = '\\'; break;
		case 't': *w++ = '\t'; break;
		case 'n': *w++ = '\n'; break;
		case 'r': *w++ = '\r'; break;
		default:
			*bad = (size_t)(p - s);
			return -1;
		}
		p += 2;
		if (!(q = memchr(p, '\\', (size_t)(end - p))))
			q = end;
		memmove(w, p, (size_t)(q - p));
		w += q - p;
		p = q;
	}
	return (long)(w - s);
}

int
tsv_read(struct tsv_reader *r)
{
	const char *cline;
	char *line, *p, *tab, *end;
	ssize_t n;
	size_t nf, len;
	long ul;
	char why[32];

	if (r->empty)
		return 0;
	for (;;) {
		n = lines_next(&r->lines, &cline);
		if (n < 0) {
			warnx("%s:%lu: %s", r->name, r->lineno + 1, zin_error(r->in));
			return -2;
		}
		if (n == 0)
			return 0;
		line = (char *)cline;
		/* The unfinished line before a read error is no row: cut short. */
		if (line[n - 1] != '\n' && r->lines.err) {
			warnx("%s:%lu: %s", r->name, r->lineno + 1, zin_error(r->in));
			return -2;
		}
		r->lineno++;
		if (line[n - 1] == '\n')
			n--;
		if ((size_t)n == r->headerlen && memcmp(line, r->header, (size_t)n) == 0)
			continue;
		break;
	}
	/* The line may lack '\n' only at EOF; either way slot n is ours. */
	end = line + n;
	nf = 0;
	p = line;
	for (;;) {
		tab = memchr(p, '\t', (size_t)(end - p));
		len = (size_t)((tab ? tab : end) - p);
		if (nf < r->ncols && r->skip && r->skip[nf]) {
			/* Skipped: empty; raw: the bytes as they are. */
			r->f[nf].s = p;
			r->f[nf].len = r->skip[nf] == TSV_RAW ? len : 0;
		} else if (nf < r->ncols) {
			/* Tables are UTF-8 without NUL: what is not is no row. */
			if ((ul = tsv_field_decode(p, len, why, sizeof why)) < 0) {
				warnx("%s:%lu: column '%s': %s", r->name, r->lineno, r->cols[nf], why);
				r->nbad++;
				return -1;
			}
			r->f[nf].s = p;
			r->f[nf].len = (size_t)ul;
		}
		nf++;
		if (!tab)
			break;
		p = tab + 1;
	}
	if (nf != r->ncols) {
		warnx("%s:%lu: %zu fields, the header has %zu", r->name,
		    r->lineno, nf, r->ncols);
		r->nbad++;
		return -1;
	}
	/* Terminate every field; the separator (or line end) is free. */
	for (nf = 0; nf < r->ncols; nf++)
		r->f[nf].s[r->f[nf].len] = '\0';
	return 1;
}

void
tsv_close(struct tsv_reader *r)
{
	size_t i;

	for (i = 0; i < r->ncols; i++)
		free(r->cols[i]);
	free(r->cols);
	free(r->f);
	free(r->skip);
	free(r->header);
	lines_free(&r->lines);
	zin_close(r->in);
	memset(r, 0, sizeof *r);
}

/* The bytes tsv_add() escapes: backslash, TAB, newline, CR, and NUL. */
static const unsigned char tsv_special[256] = {
	[0] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, ['\\'] = 1,
};

/*
 * Where the first byte that needs an escape is in s[0..16), or 16: the
 * sixteen bytes compared at once where the CPU can (SSE2 is part of
 * every x86-64), else one by one.
 */
static inline unsigned
special16(const char *s)
{
#if defined(__SSE2__)
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
	__m128i m = _mm_or_si128(
	    _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\t')),
	    _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
	    _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r')),
	    _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
	    _mm_cmpeq_epi8(v, _mm_setzero_si128())));
	unsigned bits = (unsigned)_mm_movemask_epi8(m);

	return bits ? (unsigned)__builtin_ctz(bits) : 16;
#else
	unsigned k = 0;

	while (k < 16 && !tsv_special[(unsigned char)s[k]])
		k++;
	return k;
#endif
}

void
tsv_add(struct buf *row, const char *s, size_t n)
{
	char *w;
	size_t i = 0;

	/* Worst case every byte doubles; NUL becomes U+FFFD (3 bytes). */
	buf_grow(row, 3 * n);
	w = row->p + row->len;
	/*
	 * Plain bytes sixteen at a time while sixteen are left (each is
	 * copied whole, and w moves past the plain ones: room for the copy
	 * is there, at most 3 * i bytes having been written for i read),
	 * then the rest one by one, and the byte that needs an escape.  By
	 * index: an empty field may come as NULL, and NULL + 0 is undefined.
	 */
	while (i < n) {
		while (n - i >= 16) {
			unsigned k = special16(s + i);

			memcpy(w, s + i, 16);
			w += k;
			i += k;
			if (k < 16)
				break;
		}
		while (i < n && !tsv_special[(unsigned char)s[i]])
			*w++ = s[i++];
		if (i == n)
			break;
		switch (s[i++]) {
		case '\\': *w++ = '\\'; *w++ = '\\'; break;
		case '\t': *w++ = '\\'; *w++ = 't'; break;
		case '\n': *w++ = '\\'; *w++ = 'n'; break;
		case '\r': *w++ = '\\'; *w++ = 'r'; break;
		default:
			*w++ = (char)0xef; *w++ = (char)0xbf; *w++ = (char)0xbd;
			break;
		}
	}
	row->len = (size_t)(w - row->p);
	row->p[row->len] = '\0';
}

size_t
tsv_add_utf8(struct buf *row, const char *s, size_t n)
{
	struct buf fixed = BUF_INIT;
	size_t k;

	if (utf8_valid_prefix(s, n) == n) {
		tsv_add(row, s, n);
		return 0;
	}
	k = utf8_repair(&fixed, s, n);
	tsv_add(row, fixed.p, fixed.len);
	buf_free(&fixed);
	return k;
}

void
tsv_addstr(struct buf *row, const char *s)
{
	tsv_add(row, s, strlen(s));
}

void
tsv_row_end(struct buf *row, FILE *fp)
{
	buf_addc_fast(row, '\n');
	if (fwrite(row->p, 1, row->len, fp) != row->len)
		die("error writing output:");
	buf_reset(row);
}

void
tsv_header(FILE *fp, const char *const *names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (i)
			putc('\t', fp);
		fputs(names[i], fp);
	}
	putc('\n', fp);
}

void
tsv_extra_init(struct tsv_extra *x, const struct tsv_reader *r,
    const char *const *own, size_t nown)
{
	size_t i, k;

	x->n = 0;
	x->col = xcalloc(r->ncols ? r->ncols : 1, sizeof *x->col);
	x->name = xcalloc(r->ncols ? r->ncols : 1, sizeof *x->name);
	for (i = 0; i < r->ncols; i++) {
		for (k = 0; k < nown; k++)
			if (strcmp(r->cols[i], own[k]) == 0)
				break;
		if (k == nown) {
			x->name[x->n] = xstrdup(r->cols[i]);
			x->col[x->n++] = (int)i;
		}
	}
}

void
tsv_extra_follow(struct tsv_extra *x, const struct tsv_reader *r)
{
	for (size_t i = 0; i < x->n; i++)
		x->col[i] = tsv_col(r, x->name[i]);
}

void
tsv_extra_header(const struct tsv_extra *x, const struct tsv_reader *r,
    struct buf *row)
{
	for (size_t i = 0; i < x->n; i++) {
		tsv_sep(row);
		buf_addstr(row, x->name[i]);
	}
}

void
tsv_extra_row(const struct tsv_extra *x, const struct tsv_reader *r,
    struct buf *row)
{
	for (size_t i = 0; i < x->n; i++) {
		tsv_sep(row);
		if (x->col[i] >= 0)
			tsv_add(row, r->f[x->col[i]].s, r->f[x->col[i]].len);
	}
}

void
tsv_extra_free(struct tsv_extra *x)
{
	for (size_t i = 0; i < x->n; i++)
		free(x->name[i]);
	free(x->name);
	free(x->col);
	x->name = NULL;
	x->col = NULL;
	x->n = 0;
}

int
tsv_next(struct tsv_reader *r)
{
	int got;

	while ((got = tsv_read(r)) == -1)
		;
	return got;
}

int
tsv_count(const struct tsv_reader *r, int c)
{
	long v;

	if (c < 0 || !r->f[c].len || parse_long(r->f[c].s, 0, 1000000, &v))
		return 0;
	return (int)v;
}
