/*
 * body.c - a mail body split into message, annotation and diff the
 * way git am does (body.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "body.h"
#include "diff.h"
#include "text.h"

int
format_patch_separator(const char *line, size_t len)
{
	static const char tail[] = " Mon Sep 17 00:00:00 2001";
	size_t i;

	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		len--;
	if (len != 5 + 40 + sizeof tail - 1 || memcmp(line, "From ", 5) != 0)
		return 0;
	for (i = 5; i < 45; i++)
		if (!isxdigit((unsigned char)line[i]) || isupper((unsigned char)line[i]))
			return 0;
	return memcmp(line + 45, tail, sizeof tail - 1) == 0;
}

/* "Name:" followed by whitespace, case-insensitive. */
static int
is_header(const char *line, size_t len, const char *name)
{
	size_t k = strlen(name);

	return len > k + 1 && strncasecmp(line, name, k) == 0 &&
	    line[k] == ':' && isspace((unsigned char)line[k + 1]);
}

/* git's patchbreak(): the line where the commit message ends. */
static int
patchbreak(const char *line, size_t len)
{
	size_t i;

	if (len >= 6 && memcmp(line, "diff -", 6) == 0)
		return 1;
	if (len >= 7 && memcmp(line, "Index: ", 7) == 0)
		return 1;
	if (len < 3 || memcmp(line, "---", 3) != 0)
		return 0;
	if (len > 4 && line[3] == ' ' && !isspace((unsigned char)line[4]))
		return 1;
	for (i = 3; i < len; i++)
		if (!isspace((unsigned char)line[i]))
			return 0;
	return 1;
}

static int
is_separator_line(const char *line, size_t len)
{
	size_t i;

	if (len < 3 || memcmp(line, "---", 3) != 0)
		return 0;
	for (i = 3; i < len; i++)
		if (!isspace((unsigned char)line[i]))
			return 0;
	return 1;
}

struct cursor {
	const char *text, *end, *p;
};

/* Next line without its '\n'; returns 0 at the end. */
static int
next_line(struct cursor *c, const char **line, size_t *len)
{
	const char *nl;

	if (c->p >= c->end)
		return 0;
	nl = memchr(c->p, '\n', (size_t)(c->end - c->p));
	*line = c->p;
	*len = (size_t)((nl ? nl : c->end) - c->p);
	c->p = nl ? nl + 1 : c->end;
	return 1;
}

void
body_split(const char *text, size_t n, struct body *b)
{
	struct cursor c = { text, text + n, text };
	struct buf *accum = NULL;
	const char *line, *save;
	size_t len, nlen;

	buf_reset(&b->from);
	buf_reset(&b->subject);
	buf_reset(&b->date);
	b->has_from = b->has_subject = b->has_date = 0;
	b->patch_lines = 0;
	b->consistent = 1;
	b->msg_start = b->msg_end = 0;
	b->ann_start = b->ann_end = n;
	b->diff_start = n;
	b->hunks = 0;

	/* In-body headers, as git mailinfo reads them. */
	for (;;) {
		save = c.p;
		if (!next_line(&c, &line, &len)) {
			b->msg_start = b->msg_end = n;
			return;
		}
		if (accum && len && (line[0] == ' ' || line[0] == '\t')) {
			buf_addc(accum, ' ');
			buf_add(accum, line + 1, len - 1);
			continue;
		}
		if (!len || (len == 1 && line[0] == '\r')) {
			if (accum) {
				b->msg_start = (size_t)(c.p - text);
				break;
			}
			continue;
		}
		accum = NULL;
		if (line[0] == '>' && format_patch_separator(line + 1, len - 1))
			continue;
		if (len > 7 && memcmp(line, "[PATCH]", 7) == 0 &&
		    isspace((unsigned char)line[7])) {
			buf_reset(&b->subject);
			buf_add(&b->subject, line, len);
			b->has_subject = 1;
			continue;
		}
		if (!b->has_from && is_header(line, len, "From")) {
			buf_add(&b->from, line + 5, len - 5);
			b->has_from = 1;
			accum = &b->from;
			continue;
		}
		if (!b->has_subject && is_header(line, len, "Subject")) {
			buf_add(&b->subject, line + 8, len - 8);
			b->has_subject = 1;
			accum = &b->subject;
			continue;
		}
		if (!b->has_date && is_header(line, len, "Date")) {
			/* Taken out like git does; the mail's Date is what we report. */
			buf_add(&b->date, line + 5, len - 5);
			b->has_date = 1;
			accum = &b->date;
			continue;
		}
		/* Not a header: the message starts here. */
		c.p = save;
		b->msg_start = (size_t)(save - text);
		break;
	}

	/* The message, up to the first patch break. */
	for (;;) {
		save = c.p;
		if (!next_line(&c, &line, &len)) {
			b->msg_end = n;
			return;
		}
		if (patchbreak(line, len))
			break;
	}
	b->msg_end = (size_t)(save - text);
	/* git counts in-body headers once anything follows the break. */
	b->patch_lines = 1;
	if (!is_separator_line(line, len)) {
		b->ann_start = b->ann_end = b->diff_start = b->msg_end;
	} else {
		b->ann_start = b->msg_end;
		/* The annotation runs to the start of the diff. */
		for (;;) {
			const char *nline = NULL;
			struct cursor peek;

			save = c.p;
			if (!next_line(&c, &line, &len)) {
				b->ann_end = b->diff_start = n;
				return;
			}
			peek = c;
			nlen = 0;
			if (!next_line(&peek, &nline, &nlen))
				nline = NULL;
			if (diff_starts(line, len, nline, nlen))
				break;
		}
		b->ann_end = b->diff_start = (size_t)(save - text);
	}
	b->hunks = diff_check(text + b->diff_start, n - b->diff_start, &b->consistent);
}

void
body_free(struct body *b)
{
	buf_free(&b->from);
	buf_free(&b->subject);
	buf_free(&b->date);
}

/* Does the added line s[0..n) (its '+' gone) start with a print call? */
static int
print_call(const char *s, size_t n)
{
	static const char *const calls[] = {
		"printk", "printf", "fprintf", "puts", "fputs", "trace_printk", "dump_stack",
		"dev_dbg", "dev_info", "dev_err", "dev_warn",
	};
	size_t k = 0, i;

	while (k < n && (isalnum((unsigned char)s[k]) || s[k] == '_'))
		k++;
	if (!k || isdigit((unsigned char)*s))
		return 0;
	for (i = k; i < n && (s[i] == ' ' || s[i] == '\t'); i++)
		;
	/* A C call; a shell's echo (alone too), printf or tst_res takes words. */
	if (i < n && s[i] == '(') {
		if ((k > 3 && !memcmp(s, "pr_", 3)) || (k >= 7 && !memcmp(s, "tst_res", 7)))
			return 1;
		for (size_t c = 0; c < sizeof calls / sizeof calls[0]; c++)
			if (strlen(calls[c]) == k && !memcmp(s, calls[c], k))
				return 1;
		return 0;
	}
	if (k == 4 && !memcmp(s, "echo", 4))
		return i == n || i > k;
	return i < n && i > k && ((k == 6 && !memcmp(s, "printf", 6)) ||
	    (k >= 7 && !memcmp(s, "tst_res", 7)));
}

/* Parentheses opened less those closed in s[0..n), string and character literals left out. */
static int
parens(const char *s, size_t n)
{
	int depth = 0;
	char q = 0;

	for (size_t i = 0; i < n; i++) {
		if (q) {
			if (s[i] == '\\')
				i++;
			else if (s[i] == q)
				q = 0;
		} else if (s[i] == '"' || s[i] == '\'') {
			q = s[i];
		} else if (s[i] == '(') {
			depth++;
		} else if (s[i] == ')') {
			depth--;
		}
	}
	return depth;
}

int
body_debug_prints(const char *s, size_t n)
{
	struct line_walk w;
	const char *l;
	size_t len;
	long oldn = 0, newn = 0;
	int depth = 0, prints = 0, loose = 0;

	line_walk_init(&w, s, n);
	while (line_next(&w, &l, &len)) {
		if (len && l[len - 1] == '\r')
			len--;
		if (oldn <= 0 && newn <= 0) {
			/*
			 * Between hunks: a new or binary file is no debug print.
			 * A file's lines after "+++" without a hunk header (a
			 * diff made by hand for a report) are read loose: lines
			 * that are no diff's are passed over.
			 */
			if (diff_hunk_header(l, len, &oldn, &newn)) {
				depth = loose = 0;
				continue;
			}
			if (has_prefix_ci(l, len, "new file mode") ||
			    has_prefix_ci(l, len, "GIT binary patch") ||
			    has_prefix_ci(l, len, "Binary files"))
				return 0;
			if (has_prefix_ci(l, len, "+++ ")) {
				loose = 1;
				continue;
			}
			if (!loose || has_prefix_ci(l, len, "diff ") || has_prefix_ci(l, len, "--- ") ||
			    (len == 2 && !memcmp(l, "--", 2)) || has_prefix_ci(l, len, "-- ")) {
				loose = 0;
				continue;
			}
		}
		if (!len || *l == ' ') {
			if (!loose)
				oldn--, newn--;
			depth = 0;
			continue;
		}
		if (*l == '\\')
			continue;
		if (*l == '-')
			return 0;
		if (*l != '+') {
			if (loose)
				continue;
			return 0;
		}
		if (!loose)
			newn--;
		l++, len--;
		l = trim(l, &len);
		if (depth > 0)
			depth += parens(l, len);
		else if (len && !print_call(l, len))
			return 0;
		else if (len) {
			prints++;
			depth = parens(l, len);
		}
	}
	return prints > 0;
}
