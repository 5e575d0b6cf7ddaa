/*
 * utf8.h - one UTF-8 character decoded, for the token sort (tokensort.c)
 * and the LCS (ratio.c).
 */
#ifndef PATCHSIM_UTF8_H
#define PATCHSIM_UTF8_H

#include <stdint.h>

/* Decode one UTF-8 character (the input is valid UTF-8; junk reads as U+FFFD). */
static inline uint32_t
decode(const unsigned char **pp, const unsigned char *end)
{
	const unsigned char *p = *pp;
	uint32_t c = *p++;

	if (c >= 0xc0 && c < 0xe0 && p < end) {
		c = ((c & 0x1f) << 6) | (*p++ & 0x3f);
	} else if (c >= 0xe0 && c < 0xf0 && p + 1 < end) {
		c = ((c & 0x0f) << 12) | ((uint32_t)(p[0] & 0x3f) << 6) | (p[1] & 0x3f);
		p += 2;
	} else if (c >= 0xf0 && p + 2 < end) {
		c = ((c & 0x07) << 18) | ((uint32_t)(p[0] & 0x3f) << 12) |
		    ((uint32_t)(p[1] & 0x3f) << 6) | (p[2] & 0x3f);
		p += 3;
	} else if (c >= 0x80) {
		c = 0xfffd;
	}
	*pp = p;
	return c;
}

#endif
