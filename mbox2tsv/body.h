/*
 * body.h - split a mail body into message, annotation and diff the way
 * git am (git mailinfo) does.
 *
 * The text is the decoded body (UTF-8, LF line ends).  In-body headers
 * at the top ("From:", "Subject:", "Date:", a "[PATCH] ..." line, a
 * quoted format-patch separator) are taken out; the message runs to the
 * first line that starts a patch ("---" alone, "--- file", "diff -",
 * "Index: "); the annotation (diffstat, changelog) runs from a "---"
 * separator to the start of the diff; the diff runs to the end.
 * Offsets point into the text.
 */
#ifndef MBOX2TSV_BODY_H
#define MBOX2TSV_BODY_H

#include <stddef.h>

#include "buf.h"

struct body {
	struct buf from;       /* in-body From: value, if any */
	struct buf subject;    /* in-body Subject: value or [PATCH] line */
	struct buf date;       /* in-body Date: value (not used for the row) */
	int has_from, has_subject, has_date;
	size_t msg_start, msg_end;
	size_t ann_start, ann_end;
	size_t diff_start;     /* == text length when there is no diff */
	long hunks;            /* hunks in the diff: >0 makes it a patch */
	int consistent;        /* the hunks agree with their headers */
	int patch_lines;       /* a patch break was found (git: in-body headers count) */
};

void body_split(const char *text, size_t n, struct body *b);
void body_free(struct body *b);

/*
 * Is the diff s[0..n) a bug report's debug prints: every line it adds a
 * print call (printk, pr_*, dev_dbg/info/err/warn, printf, fprintf,
 * puts, fputs, trace_printk, dump_stack, tst_res*, a shell's echo,
 * printf or tst_res*) or its continuation or blank, at least one, and
 * nothing removed, in files that were there before?
 */
int body_debug_prints(const char *s, size_t n);

/* Is this "From <40 hex> Mon Sep 17 00:00:00 2001" (git format-patch)? */
int format_patch_separator(const char *line, size_t len);

#endif
