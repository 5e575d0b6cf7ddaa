/*
 * test-groups - unit tests of common/: PaStA's patch-groups file
 * (groups.h), read line by line, bad lines named and skipped whole,
 * and written member by member; printed as TAP for prove (run by
 * tests/10-common.t; helpers in tap.h).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "groups.h"
#include "tap.h"
#include "util.h"

/* Each line read, written back as "m:ID c:ID ...|" in got. */
static void
collect(void *arg, const struct groups_member *m, size_t n)
{
	struct buf *got = arg;
	size_t i;

	for (i = 0; i < n; i++)
		buf_addf(got, "%s%s:%.*s", i ? " " : "", m[i].commit ? "c" : "m",
		    (int)m[i].len, m[i].id);
	buf_addc(got, '|');
}

static void
test_read(void)
{
	static const char file[] =
	    "<a@x> <b@x> => 0123abcd 4567ef01\n"
	    "\n"
	    "  <c@x>\t=>   89ab  \r\n"
	    "=> feed\n"
	    "<d@x>\n"
	    "d@x => 1111\n"            /* line 6: no brackets */
	    "<e@x> => 2222 => 3333\n"  /* line 7: a second => */
	    "<f@x> => <g@x>\n"         /* line 8: a mail right of => */
	    "<> => 4444\n"             /* line 9: an empty id */
	    "<h@x> => 5555";           /* no newline at the end */
	struct buf got = BUF_INIT;
	unsigned long nbad = 99;
	char *path = tmp_write(file, sizeof file - 1);
	char want_err[1024];
	int rc;

	cap_begin();
	rc = groups_read(path, collect, &got, &nbad);
	cap_end();
	is_long(rc, -1, "groups_read: -1 when bad lines were skipped");
	is_long(nbad, 4, "four bad lines counted");
	buf_addc(&got, '\0');
	is_str(got.p, "m:a@x m:b@x c:0123abcd c:4567ef01||m:c@x c:89ab|c:feed|m:d@x|m:h@x c:5555|",
	    "the good lines' members in order, brackets off, blank lines as none");
	snprintf(want_err, sizeof want_err,
	    "test-groups: %s:6: a mail id not in angle brackets\n"
	    "test-groups: %s:7: a second '=>'\n"
	    "test-groups: %s:8: a mail id in angle brackets right of '=>'\n"
	    "test-groups: %s:9: a mail id not in angle brackets\n",
	    path, path, path, path);
	is_str(captured.p, want_err, "each bad line named as file:line with why");
	buf_free(&got);

	path = tmp_write("<a@x> => 1\n", 11);
	nbad = 99;
	buf_reset(&got);
	is_long(groups_read(path, collect, &got, &nbad), 0, "a good file: 0");
	is_long(nbad, 0, "no bad line counted");
	buf_addc(&got, '\0');
	is_str(got.p, "m:a@x c:1|", "its line");
	buf_free(&got);

	cap_begin();
	rc = groups_read("/nonexistent/groups.txt", collect, &got, NULL);
	cap_end();
	is_long(rc, -2, "a file that cannot be opened: -2");
	is_str(captured.p, "test-groups: /nonexistent/groups.txt: No such file or directory\n",
	    "named on stderr with strerror");
	is_long(got.len, 0, "no line read");
	buf_free(&got);
}

static void
test_add(void)
{
	struct buf row = BUF_INIT;
	unsigned long members = 0;
	int right = 0;

	ok(groups_add(&row, &members, &right, "a@x", 0) == 0, "groups_add: a mail");
	ok(groups_add(&row, &members, &right, "b@x", 0) == 0, "a second mail");
	ok(groups_add(&row, &members, &right, "0123", 1) == 0, "a commit");
	ok(groups_add(&row, &members, &right, "4567", 1) == 0, "a second commit");
	is_mem(row.p, row.len, "<a@x> <b@x> => 0123 4567", 24, "the line as PaStA writes it");
	is_long(members, 4, "four members counted");
	is_long(right, 1, "right of => once a commit is written");
	ok(groups_add(&row, &members, &right, "a b", 1) == -1, "an id with a blank is refused");
	ok(groups_add(&row, &members, &right, "a\tb", 0) == -1, "... or a tab");
	is_long(members, 4, "and not counted");
	is_long(row.len, 24, "nor written");

	buf_reset(&row);
	members = 0;
	right = 0;
	groups_add(&row, &members, &right, "cafe", 1);
	is_mem(row.p, row.len, "=> cafe", 7, "a commit alone: => first");
	buf_free(&row);
}

/* What groups_add writes, groups_read reads back the same. */
static void
test_roundtrip(void)
{
	static const char *const ids[][2] = {
		{ "m1@example.org", "0" }, { "m2.x+y@example.org", "0" },
		{ "deadbeefdeadbeefdeadbeefdeadbeefdeadbeef", "1" }, { "cafe", "1" },
	};
	struct buf row = BUF_INIT, got = BUF_INIT;
	unsigned long members = 0;
	int right = 0;
	size_t i;
	char *path;

	for (i = 0; i < NELEM(ids); i++)
		groups_add(&row, &members, &right, ids[i][0], ids[i][1][0] == '1');
	buf_addc(&row, '\n');
	path = tmp_write(row.p, row.len);
	is_long(groups_read(path, collect, &got, NULL), 0, "groups_add's line reads back");
	buf_addc(&got, '\0');
	is_str(got.p, "m:m1@example.org m:m2.x+y@example.org "
	    "c:deadbeefdeadbeefdeadbeefdeadbeefdeadbeef c:cafe|", "the same members");
	buf_free(&row);
	buf_free(&got);
}

int
main(void)
{
	tap_init("test-groups");
	test_read();
	test_add();
	test_roundtrip();
	return tap_done();
}
