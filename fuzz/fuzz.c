/*
 * fuzz.c - the scratch file of fuzz.h.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "util.h"

static int fd = -1;
static char path[64];

static void
open_scratch(void)
{
	const char *dirs[3];
	char tmpl[4096];
	int n = 0;

	dirs[n++] = getenv("TMPDIR");
	dirs[n++] = "/dev/shm";
	dirs[n++] = "/tmp";
	for (int i = 0; i < n && fd < 0; i++) {
		if (!dirs[i] || !*dirs[i])
			continue;
		snprintf(tmpl, sizeof tmpl, "%s/pt-fuzz.XXXXXX", dirs[i]);
		fd = mkstemp(tmpl);
		if (fd >= 0)
			unlink(tmpl);
	}
	if (fd < 0)
		die("fuzz: cannot make a scratch file:");
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
}

const char *
fuzz_file(const uint8_t *data, size_t size)
{
	size_t off = 0;

	if (fd < 0)
		open_scratch();
	if (ftruncate(fd, 0) < 0)
		die("fuzz: scratch file:");
	while (off < size) {
		ssize_t w = pwrite(fd, data + off, size - off, (off_t)off);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			die("fuzz: scratch file:");
		off += (size_t)w;
	}
	return path;
}
