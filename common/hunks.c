/*
 * hunks.c - patchtok's hunks column, written and read (hunks.h).
 */
#include <string.h>

#include "hunks.h"
#include "tsv.h"

void
hunks_add_file(struct buf *b, const char *old, const char *new_)
{
	buf_addstr(b, "F ");
	tsv_add(b, old, strlen(old));
	buf_addc(b, '\t');
	tsv_add(b, new_, strlen(new_));
	buf_addc(b, '\n');
}

void
hunks_add_heading(struct buf *b, const char *heading, size_t len)
{
	buf_addstr(b, "@ ");
	buf_add(b, heading, len);
	buf_addc(b, '\n');
}

void
hunks_add_lines(struct buf *b, int added, const char *lines, size_t len)
{
	const char *q = lines, *e = lines ? lines + len : NULL;

	while (q && q < e) {
		const char *nl = memchr(q, '\n', (size_t)(e - q));

		buf_addc(b, added ? '+' : '-');
		buf_add(b, q, (size_t)(nl - q) + 1);
		q = nl + 1;
	}
}

void
hunks_iter_init(struct hunks_iter *it, const char *s, size_t n)
{
	it->p = s;
	it->end = s ? s + n : s;
}

/* An F line's names: one TAB between them, every escape one of tsv.h's. */
static int
file_names_ok(const char *s, size_t n)
{
	int tabs = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\t') {
			tabs++;
		} else if (s[i] == '\\') {
			if (i + 1 == n || !memchr("\\tnr", s[i + 1], 4))
				return 0;
			i++;
		}
	}
	return tabs == 1;
}

int
hunks_next(struct hunks_iter *it, struct hunks_item *item)
{
	const char *p, *nl;
	size_t len;

	do {
		p = it->p;
		if (!p || p >= it->end)
			return 0;
		nl = memchr(p, '\n', (size_t)(it->end - p));
		len = (size_t)((nl ? nl : it->end) - p);
		it->p = nl ? nl + 1 : it->end;
	} while (len == 0);
	if (len >= 2 && p[0] == 'F' && p[1] == ' ' && file_names_ok(p + 2, len - 2)) {
		item->kind = 'F';
		item->s = p + 2;
		item->len = len - 2;
	} else if (p[0] == '@') {
		item->kind = '@';
		item->s = len > 2 ? p + 2 : "";
		item->len = len > 2 ? len - 2 : 0;
	} else if (p[0] == '-' || p[0] == '+') {
		item->kind = p[0];
		item->s = p + 1;
		item->len = len - 1;
	} else {
		item->kind = 0;
		item->s = p;
		item->len = len;
	}
	return 1;
}

/* s[0..n) unescaped into b. */
static void
unescape(struct buf *b, const char *s, size_t n)
{
	size_t bad;
	long k;

	buf_reset(b);
	buf_add(b, s, n);
	/* hunks_next checked the escapes. */
	k = tsv_unescape(b->p, b->len, &bad);
	buf_truncate(b, k < 0 ? b->len : (size_t)k);
}

void
hunks_file(const struct hunks_item *item, struct buf *old, struct buf *new_)
{
	const char *tab = memchr(item->s, '\t', item->len);
	size_t ol = tab ? (size_t)(tab - item->s) : item->len;

	unescape(old, item->s, ol);
	unescape(new_, tab ? tab + 1 : "", tab ? item->len - ol - 1 : 0);
}
