/*
 * person.c - who is one person (person.h).
 */
#include "person.h"

int
one_person(const char *addr_a, const char *name_a, const char *addr_b,
    const char *name_b, int empty_addr_one)
{
	return ((*addr_a || empty_addr_one) && addr_a == addr_b) ||
	    (*name_a && name_a == name_b);
}
