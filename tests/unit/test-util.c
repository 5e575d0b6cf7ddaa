/*
 * test-util - unit tests of common/: die, warn and the allocators that exit on failure, close_stdout, setprogname (util.h),
 * printed as TAP for prove (run by tests/10-common.t; helpers in tap.h).
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "diff.h"
#include "hash.h"
#include "hunks.h"
#include "opool.h"
#include "subject.h"
#include "text.h"
#include "tsv.h"
#include "util.h"
#include "zio.h"

#include "tap.h"

/* util */

static void
child_die(void *arg)
{
	errno = ENOENT;
	die("cannot open %s:", (const char *)arg);
}

static void
child_overflow(void *arg)
{
	(void)arg;
	free(xreallocarray(NULL, SIZE_MAX / 2, 4));
}

static void
child_full_stdout(void *arg)
{
	int fd = open((const char *)arg, O_WRONLY);

	if (fd < 0 || dup2(fd, 1) < 0)
		_exit(98);
	printf("some output\n");
	close_stdout();
}

static void
test_util(void)
{
	long v = 7;
	char *p;
	int st;

	ok(parse_long("42", 0, 100, &v) == 0 && v == 42, "parse_long reads a number");
	ok(parse_long("-5", -10, 10, &v) == 0 && v == -5, "parse_long reads a negative number");
	v = 7;
	ok(parse_long("", 0, 100, &v) < 0 && v == 7, "parse_long rejects an empty string and leaves *out");
	ok(parse_long(NULL, 0, 100, &v) < 0, "parse_long rejects NULL");
	ok(parse_long("12x", 0, 100, &v) < 0, "parse_long rejects trailing junk");
	ok(parse_long("101", 0, 100, &v) < 0 && parse_long("-1", 0, 100, &v) < 0,
	    "parse_long enforces the range");
	ok(parse_long("100", 0, 100, &v) == 0 && v == 100 && parse_long("0", 0, 100, &v) == 0 && v == 0,
	    "parse_long accepts the range ends");
	ok(parse_long("99999999999999999999999", 0, 1L << 40, &v) < 0, "parse_long rejects overflow");
	{
		double d = -1;
		int64_t t = 0;

		ok(parse_unit("0.82", &d) == 0 && d == 0.82 && parse_unit(".5", &d) == 0 && d == 0.5 &&
		    parse_unit("1", &d) == 0 && d == 1 && parse_unit("0", &d) == 0 && d == 0,
		    "parse_unit reads plain decimals from 0 to 1");
		ok(parse_unit("0x1p-2", &d) < 0 && parse_unit("1e-1", &d) < 0 && parse_unit(" 0.5", &d) < 0 &&
		    parse_unit("+0.5", &d) < 0 && parse_unit("nan", &d) < 0 && parse_unit("1.5", &d) < 0 &&
		    parse_unit("", &d) < 0 && parse_unit(".", &d) < 0 && parse_unit("0.5.", &d) < 0,
		    "parse_unit rejects hex, exponents, signs, blanks, nan, > 1 and no digits");
		ok(parse_unit("0.12345678901234567", &d) == 0 && d == 0.12345678901234567,
		    "parse_unit reads more than 15 digits as strtod does");
		ok(date_option("@86400", 1, &t) == 0 && t == 86400, "date_option: @N, also for an end");
		ok(date_option("@123456789", 1, &t) == 0 && t == 123456789,
		    "date_option: a ten-character @N is not a bare day");
		ok(date_option("1970-01-02", 0, &t) == 0 && t == 86400 &&
		    date_option("1970-01-02", 1, &t) == 0 && t == 86400 + 86399,
		    "date_option: a bare day starts, or as an end ends, the day");
		ok(date_option("1970-01-02T00:00:01Z", 1, &t) == 0 && t == 86401,
		    "date_option: a time is taken as it is");
		ok(date_option("@x", 0, &t) < 0 && date_option("@-1", 0, &t) < 0 &&
		    date_option("2019-02-30", 0, &t) < 0 && date_option("", 0, &t) < 0,
		    "date_option rejects what is not a date");
	}

	p = xstrndup("abcdef", 3);
	is_str(p, "abc", "xstrndup copies n bytes and terminates");
	free(p);
	p = xstrdup("");
	is_str(p, "", "xstrdup of an empty string");
	free(p);
	p = xmalloc(0);
	ok(p != NULL, "xmalloc(0) gives a pointer");
	free(p);
	p = xreallocarray(NULL, 10, 3);
	ok(p != NULL, "xreallocarray allocates");
	free(p);

	setprogname("/usr/local/bin/sometool");
	is_str(progname, "sometool", "setprogname keeps the last path component");
	setprogname("test-util");

	cap_begin();
	errno = ENOENT;
	warnx("cannot open %s:", "x.tsv");
	warnx("plain %d", 3);
	warnx("%s", "");
	cap_end();
	is_str(captured.p, "test-util: cannot open x.tsv: No such file or directory\n"
	    "test-util: plain 3\ntest-util: \n",
	    "warnx: progname prefix, strerror after a trailing ':'");

	st = run_child(child_die, "a.tsv");
	ok(WIFEXITED(st) && WEXITSTATUS(st) == PT_EXIT_FAILED, "die exits with status 2 (failed)");
	is_str(captured.p, "test-util: cannot open a.tsv: No such file or directory\n",
	    "die prints its message with strerror");

	st = run_child(child_overflow, NULL);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == PT_EXIT_FAILED && strstr(captured.p, "overflows"),
	    "xreallocarray dies on n * size overflow");

	if (access("/dev/full", W_OK) == 0) {
		st = run_child(child_full_stdout, "/dev/full");
		ok(WIFEXITED(st) && WEXITSTATUS(st) == PT_EXIT_FAILED &&
		    strstr(captured.p, "test-util: error writing standard output: "),
		    "close_stdout dies when stdout cannot be written");
	} else {
		skip("no /dev/full");
	}
}

int
main(void)
{
	tap_init("test-util");
	test_util();
	return tap_done();
}
