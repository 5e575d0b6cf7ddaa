/*
 * patch.c - a unified diff parsed into files and hunks (patch.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "hunks.h"
#include "patch.h"
#include "text.h"
#include "util.h"

static const char devnull[] = "/dev/null";

static int
starts(const char *s, size_t n, const char *p)
{
	size_t k = strlen(p);

	return n >= k && memcmp(s, p, k) == 0;
}

/* C-unquote a git-quoted name ("a/\303\244") into the arena. */
static char *
unquote(struct arena *a, const char *s, size_t n, size_t *used)
{
	struct buf b = BUF_INIT;
	size_t i = 1;
	char *r;

	while (i < n && s[i] != '"') {
		if (s[i] == '\\' && i + 1 < n) {
			char c = s[i + 1];

			if (c >= '0' && c <= '7') {
				int v = 0, k;

				for (k = 0; k < 3 && i + 1 + k < n && s[i + 1 + k] >= '0' &&
				    s[i + 1 + k] <= '7'; k++)
					v = v * 8 + (s[i + 1 + k] - '0');
				buf_addc(&b, v);
				i += 1 + k;
				continue;
			}
			switch (c) {
			case 'n': buf_addc(&b, '\n'); break;
			case 't': buf_addc(&b, '\t'); break;
			case 'r': buf_addc(&b, '\r'); break;
			case 'a': buf_addc(&b, '\a'); break;
			case 'b': buf_addc(&b, '\b'); break;
			case 'f': buf_addc(&b, '\f'); break;
			case 'v': buf_addc(&b, '\v'); break;
			default: buf_addc(&b, c);
			}
			i += 2;
			continue;
		}
		buf_addc(&b, s[i++]);
	}
	*used = i < n ? i + 1 : n;
	r = arena_strndup(a, b.p ? b.p : "", b.len);
	buf_free(&b);
	return r;
}

/*
 * A name as git apply -p1 reads it: first component gone (when strip),
 * /dev/null kept.
 */
static const char *
name(struct arena *a, const char *s, size_t n, int strip)
{
	const char *slash;
	size_t used;

	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	if (n && *s == '"') {
		char *u = unquote(a, s, n, &used);

		s = u;
		n = strlen(u);
	} else {
		/* A timestamp after a TAB is not part of the name. */
		const char *tab = memchr(s, '\t', n);

		if (tab)
			n = (size_t)(tab - s);
		while (n && (s[n - 1] == ' ' || s[n - 1] == '\r'))
			n--;
	}
	if (n == sizeof devnull - 1 && memcmp(s, devnull, n) == 0)
		return devnull;
	slash = strip ? memchr(s, '/', n) : NULL;
	if (slash && slash + 1 < s + n) {
		n -= (size_t)(slash + 1 - s);
		s = slash + 1;
	}
	return arena_strndup(a, s, n);
}

static struct pfile *
new_file(struct patch *p)
{
	struct pfile *f;

	p->f = xgrow(p->f, &p->capf, p->nf, 8, sizeof *p->f);
	f = &p->f[p->nf++];
	memset(f, 0, sizeof *f);
	f->old = f->new = "";
	return f;
}

/* Does name s[0..n) (quoted, maybe) begin with one letter and a slash: its c? */
static int
letter_prefix(const char *s, size_t n)
{
	while (n && *s == ' ')
		s++, n--;
	if (n && *s == '"')
		s++, n--;
	return n >= 2 && s[0] >= 'a' && s[0] <= 'z' && s[1] == '/' ? s[0] : 0;
}

/*
 * "diff --git a/X b/Y": both names, when they can be told apart.  The
 * prefixes are two letters, not the same (a/ b/, or i/ w/, c/ o/ and
 * the like of diff.mnemonicPrefix); a diff made with --no-prefix
 * ("diff --git src/x.c src/x.c") keeps its names whole, here and in its
 * ---/+++ lines (f->noprefix).
 */
static void
git_names(struct pfile *f, struct arena *a, const char *s, size_t n)
{
	const char *sep;
	size_t used;
	int x = letter_prefix(s, n), strip;

	if (n && *s == '"') {
		unquote(a, s, n, &used);
		strip = x && letter_prefix(s + used, n - used) &&
		    letter_prefix(s + used, n - used) != x;
		f->noprefix = !strip;
		f->old = name(a, s, n, strip);
		f->new = name(a, s + used, n - used, strip);
		return;
	}
	/* Same name on both sides is the usual case: split in the middle. */
	if (n % 2 == 1) {
		size_t h = n / 2;

		if (s[h] == ' ' && h >= 2 && memcmp(s + 2, s + h + 3, h - 2) == 0) {
			int y = letter_prefix(s + h + 1, n - h - 1);

			strip = x && y && x != y;
			f->noprefix = !strip;
			f->old = name(a, s, h, strip);
			f->new = name(a, s + h + 1, n - h - 1, strip);
			return;
		}
	}
	sep = NULL;
	for (const char *q = s; q + 3 <= s + n; q++)
		if (q[0] == ' ' && q[1] == 'b' && q[2] == '/')
			sep = q;
	if (!sep)
		return;
	f->old = name(a, s, (size_t)(sep - s), 1);
	f->new = name(a, sep + 1, (size_t)(s + n - sep - 1), 1);
}

/*
 * "index PRE..POST[ MODE]": the blobs before and after, as abbreviated
 * (7 to 40 hex digits); a line of another shape is left alone.
 */
static void
index_line(struct pfile *f, struct arena *a, const char *s, size_t n)
{
	size_t k = hex_run(s, n), j;

	if (k < 7 || k > 40 || n < k + 2 || s[k] != '.' || s[k + 1] != '.')
		return;
	j = hex_run(s + k + 2, n - k - 2);
	if (j < 7 || j > 40 || (k + 2 + j < n && s[k + 2 + j] != ' '))
		return;
	f->pre = arena_strndup(a, s, k);
	f->post = arena_strndup(a, s + k + 2, j);
}

static struct phunk *
hunk_for(struct pfile *f, struct arena *a, const char *head, size_t hlen)
{
	struct phunk *h;

	for (size_t i = 0; i < f->nh; i++)
		if (f->h[i].headlen == hlen && memcmp(f->h[i].heading, head, hlen) == 0)
			return &f->h[i];
	f->h = xgrow(f->h, &f->caph, f->nh, 4, sizeof *f->h);
	h = &f->h[f->nh++];
	memset(h, 0, sizeof *h);
	h->heading = arena_strndup(a, head, hlen);
	h->headlen = hlen;
	return h;
}

void
patch_parse(struct patch *p, const char *s, size_t n, struct arena *a)
{
	const char *end = s + n, *nl, *line;
	struct pfile *f = NULL;
	struct phunk *h = NULL;
	long oldn = 0, newn = 0;
	size_t len;
	int fresh = 0;          /* a "diff --git" file still waiting for ---/+++ */

	memset(p, 0, sizeof *p);
	while (s < end) {
		nl = memchr(s, '\n', (size_t)(end - s));
		line = s;
		len = (size_t)((nl ? nl : end) - s);
		if (len && line[len - 1] == '\r')
			len--;
		s = nl ? nl + 1 : end;

		if (oldn > 0 || newn > 0) {
			char c = len ? line[0] : ' ';

			if (c == '-') {
				buf_add(&h->removed, line + 1, len - 1);
				buf_addc(&h->removed, '\n');
				h->nremoved++;
				p->removed++;
				oldn--;
			} else if (c == '+') {
				buf_add(&h->added, line + 1, len - 1);
				buf_addc(&h->added, '\n');
				h->nadded++;
				p->added++;
				newn--;
			} else if (c == '\\') {
				/* "\ No newline at end of file" */
			} else if (starts(line, len, "diff --git ") || starts(line, len, "@@ -")) {
				/* The hunk was cut short: read this line afresh. */
				p->damaged = 1;
				oldn = newn = 0;
				s = line;
				continue;
			} else {
				/* Context, maybe with its leading blank eaten. */
				oldn--;
				newn--;
			}
			if (oldn < 0 || newn < 0) {
				p->damaged = 1;
				oldn = newn = 0;
			}
			continue;
		}
		if (starts(line, len, "diff --git ")) {
			f = new_file(p);
			git_names(f, a, line + 11, len - 11);
			fresh = 1;
		} else if (starts(line, len, "--- ") && s < end && starts(s, (size_t)(end - s), "+++ ")) {
			const char *nl2 = memchr(s, '\n', (size_t)(end - s));
			size_t len2 = (size_t)((nl2 ? nl2 : end) - s);

			int strip = !(f && fresh && f->noprefix);

			if (!f || !fresh)
				f = new_file(p);
			fresh = 0;
			f->old = name(a, line + 4, len - 4, strip);
			f->new = name(a, s + 4, len2 - 4, strip);
			s = nl2 ? nl2 + 1 : end;
		} else if (starts(line, len, "Index: ")) {
			f = new_file(p);
			f->old = f->new = name(a, line + 7, len - 7, 1);
			fresh = 1;
		} else if (f && starts(line, len, "rename from ")) {
			f->old = arena_strndup(a, line + 12, len - 12);
		} else if (f && starts(line, len, "rename to ")) {
			f->new = arena_strndup(a, line + 10, len - 10);
		} else if (f && starts(line, len, "index ")) {
			index_line(f, a, line + 6, len - 6);
		} else if (f && starts(line, len, "new file mode ")) {
			f->old = devnull;
		} else if (f && starts(line, len, "deleted file mode ")) {
			f->new = devnull;
		} else if (f && (starts(line, len, "GIT binary patch") ||
		    (starts(line, len, "Binary files ") && len > 7 &&
		    memcmp(line + len - 7, " differ", 7) == 0))) {
			f->binary = 1;
		} else if (diff_hunk_header(line, len, &oldn, &newn)) {
			const char *hd = memchr(line + 4, '@', len - 4);
			size_t hl = 0;

			/* The heading: after "@@ -a,b +c,d @@", trimmed. */
			if (hd && hd + 2 <= line + len) {
				hd += 2;
				while (hd < line + len && (*hd == ' ' || *hd == '\t'))
					hd++;
				hl = (size_t)(line + len - hd);
				while (hl && (hd[hl - 1] == ' ' || hd[hl - 1] == '\t'))
					hl--;
			}
			if (!f)
				f = new_file(p);
			fresh = 0;
			h = hunk_for(f, a, hd ? hd : "", hl);
		}
	}
	if (oldn > 0 || newn > 0)
		p->damaged = 1;
}

void
patch_free(struct patch *p)
{
	for (size_t i = 0; i < p->nf; i++) {
		for (size_t k = 0; k < p->f[i].nh; k++) {
			buf_free(&p->f[i].h[k].removed);
			buf_free(&p->f[i].h[k].added);
		}
		free(p->f[i].h);
	}
	free(p->f);
	memset(p, 0, sizeof *p);
}

/* Lines of text with every blank removed, each after its sign. */
static void
squeezed_lines(struct buf *out, char sign, const struct buf *lines)
{
	const char *q = lines->p, *end;

	/* An empty buffer is NULL, and NULL + 0 is undefined. */
	if (!q)
		return;
	end = q + lines->len;
	while (q < end) {
		const char *nl = memchr(q, '\n', (size_t)(end - q));
		const char *le = nl ? nl : end;
		char *w, *first;

		/* The sign, the line's bytes but blanks (isspace() in C), '\n'. */
		buf_grow(out, (size_t)(le - q) + 2);
		w = out->p + out->len;
		*w++ = sign;
		first = w;
		/* Every byte written, the pen moved past those kept: no branch. */
		for (; q < le; q++) {
			unsigned char c = (unsigned char)*q;

			*w = (char)c;
			w += c != ' ' && (c < '\t' || c > '\r');
		}
		/* A line of blanks alone is left out. */
		if (w != first) {
			*w++ = '\n';
			out->len = (size_t)(w - out->p);
		}
		out->p[out->len] = '\0';
		q = nl ? nl + 1 : end;
	}
}

static int
cmp_u64pair(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;

	if (x[0] != y[0])
		return x[0] < y[0] ? -1 : 1;
	return x[1] < y[1] ? -1 : x[1] > y[1];
}

void
patch_hash(const struct patch *p, char out[33])
{
	uint64_t *v = xcalloc(2 * (p->nf ? p->nf : 1), sizeof *v), h1, h2;
	struct buf b = BUF_INIT;

	for (size_t i = 0; i < p->nf; i++) {
		const struct pfile *f = &p->f[i];

		buf_reset(&b);
		buf_addstr(&b, f->old);
		buf_addc(&b, '\0');
		buf_addstr(&b, f->new);
		buf_addc(&b, '\0');
		for (size_t k = 0; k < f->nh; k++) {
			squeezed_lines(&b, '-', &f->h[k].removed);
			squeezed_lines(&b, '+', &f->h[k].added);
		}
		v[2 * i] = hash_bytes(b.p, b.len);
		/* A second, independent 64 bits: the same bytes, salted. */
		buf_addc(&b, '\x5a');
		v[2 * i + 1] = hash_bytes(b.p, b.len);
	}
	if (p->nf)
		qsort(v, p->nf, 2 * sizeof *v, cmp_u64pair);
	buf_reset(&b);
	buf_add(&b, v, 2 * p->nf * sizeof *v);
	h1 = hash_bytes(b.p ? b.p : "", b.len);
	buf_addc(&b, '\x5a');
	h2 = hash_bytes(b.p, b.len);
	snprintf(out, 33, "%016llx%016llx", (unsigned long long)h1, (unsigned long long)h2);
	free(v);
	buf_free(&b);
}

void
patch_hunks(struct buf *out, const struct patch *p)
{
	for (size_t k = 0; k < p->nf; k++) {
		const struct pfile *f = &p->f[k];

		hunks_add_file(out, f->old, f->new);
		for (size_t h = 0; h < f->nh; h++) {
			const struct phunk *hk = &f->h[h];

			hunks_add_heading(out, hk->heading, hk->headlen);
			hunks_add_lines(out, 0, hk->removed.p, hk->removed.len);
			hunks_add_lines(out, 1, hk->added.p, hk->added.len);
		}
	}
}
