/*
 * test-diff - unit tests of common/: diff parsing (diff.h) and hunks (hunks.h),
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

/* diff */

static void
test_diff(void)
{
	static const struct {
		const char *line;
		int ok;
		long oldn, newn;
	} headers[] = {
		{ "@@ -1,3 +1,4 @@", 1, 3, 4 },
		{ "@@ -1 +1 @@", 1, 1, 1 },
		{ "@@ -0,0 +1 @@ x", 1, 0, 1 },
		{ "@@ -5,0 +6,2 @@func()", 1, 0, 2 },
		{ "@@ -10,7 +10,6 @@ static int foo(void)", 1, 7, 6 },
		{ "@@ -1,3 +1,4", 0, 0, 0 },
		{ "@@ -1,3 +1,4 @", 0, 0, 0 },
		{ "@@ -a +1 @@", 0, 0, 0 },
		{ "@@ +1 -1 @@", 0, 0, 0 },
		{ "@@@ -1 -1 +1 @@@", 0, 0, 0 },
		{ "@@ -1, +1 @@", 0, 0, 0 },
		{ "@@ -1,3 +1,4@@", 0, 0, 0 },
		{ "@@ -1 1 @@", 0, 0, 0 },
		{ " @@ -1 +1 @@", 0, 0, 0 },
		{ "@@ -", 0, 0, 0 },
		{ "@@", 0, 0, 0 },
		{ "", 0, 0, 0 },
	};
	static const char good[] =
	    "diff --git a/f.c b/f.c\n"
	    "index 1111111..2222222 100644\n"
	    "--- a/f.c\n"
	    "+++ b/f.c\n"
	    "@@ -1,3 +1,4 @@\n"
	    " a\n"
	    "-b\n"
	    "+B\n"
	    "+c\n"
	    " d\n"
	    "@@ -10,2 +11,2 @@ int f(void)\n"
	    "-x\n"
	    "--- a comment line removed\n"
	    "+y\n"
	    "+++ a line added\n";
	static const struct {
		const char *what, *text;
		long hunks;
		int consistent;
	} checks[] = {
		{ "a consistent diff, lines starting --- and +++ inside hunks", good, 2, 1 },
		{ "the same without its final newline",
		  "@@ -1,2 +1,2 @@\n a\n-b\n+c", 1, 1 },
		{ "a hunk cut short",
		  "--- a/f\n+++ b/f\n@@ -1,3 +1,4 @@\n a\n-b\n+B\n+c\n", 1, 0 },
		{ "a hunk cut short by the next file",
		  "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n+c\n"
		  "diff --git a/g b/g\n--- a/g\n+++ b/g\n@@ -1 +1 @@\n-x\n+y\n", 2, 0 },
		{ "a hunk with a line no diff holds",
		  "@@ -1,3 +1,3 @@\n a\nrandom text\n-b\n+c\n d\n", 1, 0 },
		{ "a hunk with more removals than its header says",
		  "@@ -1,1 +1,2 @@\n-a\n-b\n+c\n", 1, 0 },
		/* Like git apply, text after a complete hunk is not looked at. */
		{ "a line after a complete hunk",
		  "@@ -1,1 +1,1 @@\n a\n-b\n", 1, 1 },
		{ "a \"-- \" signature after the last hunk",
		  "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n"
		  "-- \n2.39.5\n\n", 1, 1 },
		{ "a context line emptied by a mailer",
		  "@@ -1,3 +1,3 @@\n a\n\n-b\n+c\n", 1, 1 },
		{ "\\ No newline at end of file",
		  "@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n", 1, 1 },
		{ "a pure rename (no hunks) counts as 1",
		  "diff --git a/x b/y\nsimilarity index 100%\nrename from x\nrename to y\n", 1, 1 },
		{ "two pure renames count as 2",
		  "diff --git a/x b/y\nsimilarity index 100%\nrename from x\nrename to y\n"
		  "diff --git a/p b/q\nsimilarity index 100%\nrename from p\nrename to q\n", 2, 1 },
		{ "a mode change, then a file with a hunk",
		  "diff --git a/s b/s\nold mode 100644\nnew mode 100755\n"
		  "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n", 2, 1 },
		{ "a binary patch counts as 1",
		  "diff --git a/b.bin b/b.bin\nnew file mode 100644\nindex 0000000..f76dd23\n"
		  "GIT binary patch\nliteral 6\nNcmZQzWMXDvhX4Qo\n\nliteral 0\nHcmV?d00001\n\n", 1, 1 },
		{ "\"Binary files ... differ\" counts as 1",
		  "diff --git a/b b/b\nindex 1..2 100644\nBinary files a/b and b/b differ\n", 1, 1 },
		{ "a new file", "--- /dev/null\n+++ b/n\n@@ -0,0 +1,2 @@\n+a\n+b\n", 1, 1 },
		{ "a deleted file", "--- a/n\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-a\n-b\n", 1, 1 },
		{ "no diff at all", "just a message\n", 0, 1 },
		{ "empty text", "", 0, 1 },
	};
	static const struct {
		const char *line, *next;
		int yes;
	} starts[] = {
		{ "diff --git a/x b/x", NULL, 1 }, { "diff -u a b", NULL, 1 },
		{ "Index: foo.c", NULL, 1 }, { "--- a/x", "+++ b/x", 1 },
		{ "--- a/x", "--- b/x", 0 }, { "--- a/x", NULL, 0 }, { "-- ", "+++ b", 0 },
		{ "diff", NULL, 0 }, { "different", NULL, 0 }, { "", "", 0 },
	};
	size_t i, n;
	long o, nw, hunks;
	int consistent, r;
	char *s, *nx;

	for (i = 0; i < NELEM(headers); i++) {
		n = strlen(headers[i].line);
		s = exact(headers[i].line, n);
		o = nw = -7;
		r = diff_hunk_header(s, n, &o, &nw);
		if (headers[i].ok)
			ok(r == 1 && o == headers[i].oldn && nw == headers[i].newn,
			    "diff_hunk_header(%s): %ld, %ld", show(headers[i].line, n),
			    headers[i].oldn, headers[i].newn);
		else
			ok(r == 0, "diff_hunk_header rejects %s", show(headers[i].line, n));
		free(s);
	}
	ok(diff_hunk_header("@@ -1 +1 @@", 10, &o, &nw) == 0, "diff_hunk_header stays within len");

	for (i = 0; i < NELEM(checks); i++) {
		n = strlen(checks[i].text);
		s = exact(checks[i].text, n);
		consistent = -1;
		hunks = diff_check(s, n, &consistent);
		ok(hunks == checks[i].hunks && consistent == checks[i].consistent,
		    "diff_check: %s: %ld hunks, %s", checks[i].what, checks[i].hunks,
		    checks[i].consistent ? "consistent" : "inconsistent");
		if (hunks != checks[i].hunks || consistent != checks[i].consistent)
			diag("  got %ld hunks, consistent %d", hunks, consistent);
		free(s);
	}

	for (i = 0; i < NELEM(starts); i++) {
		n = strlen(starts[i].line);
		s = exact(starts[i].line, n);
		nx = starts[i].next ? exact(starts[i].next, strlen(starts[i].next)) : NULL;
		r = diff_starts(s, n, nx, nx ? strlen(starts[i].next) : 0);
		ok(r == starts[i].yes, "diff_starts(%s, %s) is %d", show(starts[i].line, n),
		    starts[i].next ? show(starts[i].next, strlen(starts[i].next)) : "NULL",
		    starts[i].yes);
		free(s);
		free(nx);
	}
}

/* hunks */

static void
test_hunks(void)
{
	static const char *const names[][2] = {
		{ "a.c", "a.c" }, { "doc/odd\nname", "doc/odd\nname" },
		{ "tab\there", "back\\slash\r" }, { "/dev/null", "new\\n" },
	};
	static const char *const bad[] = {
		"F no tab", "F two\ttabs\there", "F lone\\\tbackslash", "F bad\\qescape\tx",
		"F end\tbackslash\\",
	};
	struct buf b = BUF_INIT, old = BUF_INIT, new_ = BUF_INIT;
	struct hunks_iter it;
	struct hunks_item x;
	size_t k = 0;
	int same = 1;

	for (size_t i = 0; i < NELEM(names); i++) {
		hunks_add_file(&b, names[i][0], names[i][1]);
		hunks_add_heading(&b, "int f(void)", 11);
		hunks_add_lines(&b, 1, "x\n", 2);
	}
	is_str(b.p, "F a.c\ta.c\n@ int f(void)\n+x\nF doc/odd\\nname\tdoc/odd\\nname\n"
	    "@ int f(void)\n+x\nF tab\\there\tback\\\\slash\\r\n@ int f(void)\n+x\n"
	    "F /dev/null\tnew\\\\n\n@ int f(void)\n+x\n",
	    "hunks: the names of an F line escaped as a field is");
	hunks_iter_init(&it, b.p, b.len);
	while (hunks_next(&it, &x)) {
		if (x.kind != 'F')
			continue;
		hunks_file(&x, &old, &new_);
		same &= k < NELEM(names) && !strcmp(old.p, names[k][0]) &&
		    !strcmp(new_.p, names[k][1]);
		k++;
	}
	ok(same && k == NELEM(names), "hunks: every F line whole, its names back unescaped");
	for (size_t i = 0; i < NELEM(bad); i++) {
		hunks_iter_init(&it, bad[i], strlen(bad[i]));
		ok(hunks_next(&it, &x) && x.kind == 0,
		    "hunks: an F line without one TAB or with a bad escape is no item (%zu)", i);
	}
	buf_free(&b);
	buf_free(&old);
	buf_free(&new_);
}

int
main(void)
{
	tap_init("test-diff");
	test_diff();
	test_hunks();
	return tap_done();
}
