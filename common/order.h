/*
 * order.h - the steps of qsort comparators, and the orders more than one
 * tool sorts by.
 *
 * cmp_int() and cmp_uint() compare two whole numbers as qsort wants:
 * -1, 0 or 1.  A comparator with several keys chains them:
 *
 *	int c = cmp_int(x->date, y->date);
 *	return c ? c : strcmp(x->name, y->name);
 *
 * Nothing here allocates or keeps a pointer.
 */
#ifndef PT_ORDER_H
#define PT_ORDER_H

#include <stdint.h>
#include <string.h>

static inline int
cmp_int(int64_t a, int64_t b)
{
	return (a > b) - (a < b);
}

static inline int
cmp_uint(uint64_t a, uint64_t b)
{
	return (a > b) - (a < b);
}

/*
 * Tags in time order: by the date of the commit each names, then by
 * name (git2tsv --tags writes them so, ptreport's release cycles read
 * them so).
 */
static inline int
tag_order(int64_t adate, const char *aname, int64_t bdate, const char *bname)
{
	int c = cmp_int(adate, bdate);

	return c ? c : strcmp(aname, bname);
}

#endif
