/*
 * hunks.c - patchtok's hunks column, written and read (hunks.h).
 */
#include <string.h>

#include "hunks.h"

void
hunks_add_file(struct buf *b, const char *old, const char *new_)
{
	buf_addf(b, "F %s\t%s\n", old, new_);
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
	if (len >= 2 && p[0] == 'F' && p[1] == ' ') {
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
