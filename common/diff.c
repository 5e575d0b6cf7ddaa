/*
 * diff.c - facts about unified diff text that several tools need
 * (diff.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <string.h>

#include "diff.h"

static int
starts(const char *s, size_t n, const char *p)
{
	size_t k = strlen(p);

	return n >= k && memcmp(s, p, k) == 0;
}

int
diff_starts(const char *line, size_t len, const char *next, size_t nextlen)
{
	if (starts(line, len, "diff -") || starts(line, len, "Index: "))
		return 1;
	return starts(line, len, "--- ") && next && starts(next, nextlen, "+++ ");
}

static const char *
number(const char *p, const char *end, long *v)
{
	long x = 0;

	if (p >= end || !isdigit((unsigned char)*p))
		return NULL;
	while (p < end && isdigit((unsigned char)*p)) {
		if (x < 100000000)
			x = x * 10 + (*p - '0');
		p++;
	}
	*v = x;
	return p;
}

int
diff_hunk_header(const char *line, size_t len, long *oldn, long *newn)
{
	const char *p = line + 4, *end = line + len;
	long a, o = 1, n = 1;

	/* The counts are written only when the whole header reads. */
	if (!starts(line, len, "@@ -"))
		return 0;
	if (!(p = number(p, end, &a)))
		return 0;
	if (p < end && *p == ',' && !(p = number(p + 1, end, &o)))
		return 0;
	if (p + 2 > end || p[0] != ' ' || p[1] != '+')
		return 0;
	if (!(p = number(p + 2, end, &a)))
		return 0;
	if (p < end && *p == ',' && !(p = number(p + 1, end, &n)))
		return 0;
	if (p + 3 > end || memcmp(p, " @@", 3) != 0)
		return 0;
	*oldn = o;
	*newn = n;
	return 1;
}

long
diff_check(const char *s, size_t n, int *consistent)
{
	const char *p = s, *end = s + n, *nl;
	long hunks = 0, oldn = 0, newn = 0, sect = 0;
	size_t len;
	int open = 0;  /* a "diff --git" section without hunks so far */

	*consistent = 1;
	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		len = (size_t)((nl ? nl : end) - p);
		if (oldn > 0 || newn > 0) {
			char c = len ? p[0] : ' ';

			if (c == ' ') {
				oldn--;
				newn--;
			} else if (c == '-') {
				oldn--;
			} else if (c == '+') {
				newn--;
			} else if (c != '\\') {
				*consistent = 0;
				oldn = newn = 0;
				continue;
			}
			if (oldn < 0 || newn < 0) {
				*consistent = 0;
				oldn = newn = 0;
			}
		} else if (diff_hunk_header(p, len, &oldn, &newn)) {
			hunks++;
			open = 0;
		} else if (starts(p, len, "diff --git ")) {
			/* Renames, mode changes, empty files: no hunks, still changes. */
			sect += open;
			open = 1;
		} else if (starts(p, len, "GIT binary patch") ||
		    (starts(p, len, "Binary files ") && len > 7 &&
		    memcmp(p + len - 7, " differ", 7) == 0)) {
			hunks++;
			open = 0;
		}
		p = nl ? nl + 1 : end;
	}
	if (oldn > 0 || newn > 0)
		*consistent = 0;
	return hunks + sect + open;
}
