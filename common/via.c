/*
 * via.c - the via kinds' names (via.h).
 */
#include <string.h>

#include "via.h"

const char *const via_names[VIA_KINDS] = {
	"files", "hash", "upstream", "link", "date", "version", "title", "repost",
	"retitle", "credit", "contained",
};

int
via_bits(const char *s, size_t n)
{
	const char *p = s, *end = s + n, *comma;
	int bits = 0;

	while (p < end) {
		size_t k;

		comma = memchr(p, ',', (size_t)(end - p));
		k = (size_t)((comma ? comma : end) - p);
		for (int b = 0; b < VIA_KINDS; b++)
			if (strlen(via_names[b]) == k && memcmp(p, via_names[b], k) == 0)
				bits |= 1 << b;
		p = comma ? comma + 1 : end;
	}
	return bits;
}

void
via_add(struct buf *b, int bits)
{
	int any = 0;

	for (int k = 0; k < VIA_KINDS; k++)
		if (bits & (1 << k)) {
			if (any++)
				buf_addc(b, ',');
			buf_addstr(b, via_names[k]);
		}
}
