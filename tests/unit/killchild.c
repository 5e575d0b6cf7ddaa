/*
 * killchild.c - a worker process that dies, for the tests: preloaded
 * (LD_PRELOAD), it kills with SIGKILL a process forked from the one it
 * was loaded in when that process makes its PT_KILLCHILD_AT-th write()
 * of exactly an int's bytes, before the write, or its
 * PT_KILLCHILD_READ-th read(), before the read.  mbox2tsv's chunk
 * workers say with such a write that a chunk is done (the chunk's rows
 * are in its scratch file, the word never comes), and read their chunk
 * with read() (killed in the middle of it), as when the kernel kills a
 * worker for memory.  tests/24-mbox2tsv-threads.t runs mbox2tsv with it.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

static pid_t loaded_in;

__attribute__((constructor)) static void
remember(void)
{
	loaded_in = getpid();
}

ssize_t
write(int fd, const void *buf, size_t n)
{
	static ssize_t (*real_write)(int, const void *, size_t);
	static long words;      /* this process's: each fork starts from 0 */

	if (!real_write)
		*(void **)&real_write = dlsym(RTLD_NEXT, "write");
	if (n == sizeof(int) && getpid() != loaded_in) {
		const char *e = getenv("PT_KILLCHILD_AT");

		if (e && ++words >= atol(e))
			raise(SIGKILL);
	}
	return real_write(fd, buf, n);
}

ssize_t
read(int fd, void *buf, size_t n)
{
	static ssize_t (*real_read)(int, void *, size_t);
	static long reads;      /* this process's: each fork starts from 0 */

	if (!real_read)
		*(void **)&real_read = dlsym(RTLD_NEXT, "read");
	if (getpid() != loaded_in) {
		const char *e = getenv("PT_KILLCHILD_READ");

		if (e && ++reads >= atol(e))
			raise(SIGKILL);
	}
	return real_read(fd, buf, n);
}
