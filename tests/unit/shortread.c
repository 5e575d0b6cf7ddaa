/*
 * shortread.c - a table that changes under its reader, for the tests:
 * preloaded (LD_PRELOAD), it lets PT_SHORTREAD_AFTER calls of pread()
 * through, then every later one finds the file ended (returns 0), as
 * pread() does on a file cut short.  tests/61-patchsim.t runs patchsim
 * with it, which reads a plain table's hunks again with pread().
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

static ssize_t (*real_pread)(int, void *, size_t, off_t);
static long left = -2;

ssize_t
pread(int fd, void *buf, size_t n, off_t off)
{
	long was;

	if (!real_pread)
		*(void **)&real_pread = dlsym(RTLD_NEXT, "pread");
	if (__atomic_load_n(&left, __ATOMIC_RELAXED) == -2) {
		const char *e = getenv("PT_SHORTREAD_AFTER");

		__atomic_store_n(&left, e ? atol(e) : -1, __ATOMIC_RELAXED);
	}
	/* -1: no limit; else the calls still let through. */
	do {
		was = __atomic_load_n(&left, __ATOMIC_RELAXED);
		if (was == 0)
			return 0;
	} while (was > 0 && !__atomic_compare_exchange_n(&left, &was, was - 1, 0,
	    __ATOMIC_RELAXED, __ATOMIC_RELAXED));
	return real_pread(fd, buf, n, off);
}

ssize_t pread64(int fd, void *buf, size_t n, off_t off) __attribute__((alias("pread")));
