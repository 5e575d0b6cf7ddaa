/*
 * diff.h - facts about unified diff text that several tools need.
 */
#ifndef PT_DIFF_H
#define PT_DIFF_H

#include <stddef.h>

/* Does the line start a diff ("diff -", "Index: ", or "--- x" then "+++ ")? */
int diff_starts(const char *line, size_t len, const char *next, size_t nextlen);

/*
 * Count the hunks of a diff (a binary patch, and a "diff --git" section
 * without hunks such as a pure rename, count as one each) and check
 * that every hunk's body agrees with the line counts of its
 * "@@ -a,b +c,d @@" header: *consistent is cleared when a hunk is cut
 * short or holds a line no diff can hold.  A line emptied by a mailer
 * that strips trailing blanks is taken as context, as git apply does.
 */
long diff_check(const char *s, size_t n, int *consistent);

/* Parse "@@ -a[,b] +c[,d] @@": 1 with the counts set, else 0 and the counts untouched. */
int diff_hunk_header(const char *line, size_t len, long *oldn, long *newn);

#endif
