/*
 * addr.h - a person written "Name <addr>" (a From header, a MAINTAINERS
 * entry, a .mailmap line): where the name and the address stand.
 */
#ifndef PT_ADDR_H
#define PT_ADDR_H

#include <stddef.h>

/* Spans into the string split; nothing is copied. */
struct name_addr {
	const char *name;       /* what stands before the '<' */
	size_t nlen;
	const char *addr;       /* what stands between '<' and '>', empty or not */
	size_t alen;
	const char *rest;       /* what follows the '>' */
};

/*
 * Split s at its first '<' and the first '>' after it.  The name loses
 * the bytes of blanks at both ends (NULL: none, it is as written); each
 * caller trims what its format allows.  1 when split; 0 when s holds
 * no '<', -1 when no '>' follows it (na is then not set).
 */
int name_addr_split(const char *s, const char *blanks, struct name_addr *na);

#endif
