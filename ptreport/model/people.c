/*
 * people.c - who a mail is by: one person under several addresses or
 * names.
 */
#define _POSIX_C_SOURCE 200809L
#include "person.h"
#include "ptreport.h"

/*
 * One person: the same address, or the same name (common/person.h; the
 * senders of mails without an address are one).  Strings are interned.
 */
int
by_person(const struct mail *r, const char *addr, const char *who)
{
	return one_person(r->from, r->who, addr, who, 1);
}
