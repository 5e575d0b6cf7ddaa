/*
 * groups.c - PaStA's patch-groups file, read and written (groups.h).
 */
#include <stdlib.h>
#include <string.h>

#include "groups.h"
#include "util.h"
#include "zio.h"

static int
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The next blank-separated token of s[*pos..n), its length; 0 at the end. */
static size_t
token(const char *s, size_t n, size_t *pos, const char **tok)
{
	size_t i = *pos, start;

	while (i < n && is_blank(s[i]))
		i++;
	start = i;
	while (i < n && !is_blank(s[i]))
		i++;
	*pos = i;
	*tok = s + start;
	return i - start;
}

int
groups_read(const char *path,
    void (*line)(void *arg, const struct groups_member *m, size_t n),
    void *arg, unsigned long *nbad)
{
	const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	struct zin *in = zin_open(path);
	struct groups_member *m = NULL;
	size_t cap = 0;
	struct lines l;
	const char *s, *tok;
	unsigned long lineno = 0, bad = 0;
	ssize_t n;
	int rc = 0;

	if (!in) {
		warnx("%s:", path);
		return -2;
	}
	lines_init(&l, in);
	while ((n = lines_next(&l, &s)) > 0) {
		const char *why = NULL;
		size_t pos, k, nm = 0;
		int right = 0;

		lineno++;
		if (s[n - 1] != '\n' && l.err)
			break;
		for (pos = 0; (k = token(s, (size_t)n, &pos, &tok)) != 0;) {
			if (k == 2 && memcmp(tok, "=>", 2) == 0) {
				if (right) {
					why = "a second '=>'";
					break;
				}
				right = 1;
				continue;
			}
			if (!right && (k < 3 || tok[0] != '<' || tok[k - 1] != '>')) {
				why = "a mail id not in angle brackets";
				break;
			}
			if (right && tok[0] == '<') {
				why = "a mail id in angle brackets right of '=>'";
				break;
			}
			if (nm == cap) {
				cap = cap ? 2 * cap : 16;
				m = xreallocarray(m, cap, sizeof *m);
			}
			m[nm].id = right ? tok : tok + 1;
			m[nm].len = right ? k : k - 2;
			m[nm].commit = right;
			nm++;
		}
		if (why) {
			warnx("%s:%lu: %s", name, lineno, why);
			bad++;
			rc = -1;
			continue;
		}
		line(arg, m, nm);
	}
	if (n < 0 || l.err) {
		warnx("%s:%lu: %s", name, lineno + 1, zin_error(in));
		rc = -2;
	}
	free(m);
	lines_free(&l);
	zin_close(in);
	if (nbad)
		*nbad = bad;
	return rc;
}

int
groups_add(struct buf *row, unsigned long *members, int *right,
    const char *id, int commit)
{
	if (strpbrk(id, " \t\r\n"))
		return -1;
	if (commit && !*right) {
		buf_addstr(row, *members ? " => " : "=> ");
		*right = 1;
	} else if (*members) {
		buf_addc(row, ' ');
	}
	if (commit)
		buf_addstr(row, id);
	else
		buf_addf(row, "<%s>", id);
	(*members)++;
	return 0;
}
