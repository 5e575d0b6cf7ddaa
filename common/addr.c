/*
 * addr.c - split "Name <addr>" (see addr.h).
 */
#include <string.h>

#include "addr.h"

int
name_addr_split(const char *s, const char *blanks, struct name_addr *na)
{
	const char *lt = strchr(s, '<'), *gt, *n = s, *ne;

	if (!lt)
		return 0;
	if (!(gt = strchr(lt + 1, '>')))
		return -1;
	ne = lt;
	if (blanks) {
		while (n < ne && strchr(blanks, *n))
			n++;
		while (ne > n && strchr(blanks, ne[-1]))
			ne--;
	}
	na->name = n;
	na->nlen = (size_t)(ne - n);
	na->addr = lt + 1;
	na->alen = (size_t)(gt - lt - 1);
	na->rest = gt + 1;
	return 1;
}
