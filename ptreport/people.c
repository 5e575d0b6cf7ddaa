/*
 * people.c - who a mail is by: one person under several addresses or
 * names.
 */
#define _POSIX_C_SOURCE 200809L
#include "ptreport.h"

/*
 * One person: the same address, or the same name (an author who posts
 * from home and from work).  Strings are interned.
 */
int
by_person(const struct mail *r, const char *addr, const char *who)
{
	return r->from == addr || (*who && r->who == who);
}
