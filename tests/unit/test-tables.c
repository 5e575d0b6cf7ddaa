/*
 * test-tables - unit tests of common/: the tables' headers (tables.h),
 * each kind written and recognised again, whatever the order of its
 * columns and beside columns it does not know; printed as TAP for prove
 * (run by tests/10-common.t; helpers in tap.h).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "tables.h"
#include "tap.h"
#include "tsv.h"
#include "util.h"

static const char *const kind_names[TABLE_KINDS] = {
	"unknown", "mails", "commits", "tags", "merged", "patches", "pairs",
	"clusters", "maintainers",
};

/* The kind table_kind finds in a table of this header (one line). */
static int
kind_of(const char *header)
{
	struct tsv_reader r;
	char *path = tmp_write(header, strlen(header));
	int k;

	if (tsv_open(&r, path) != 0)
		return -1;
	k = (int)table_kind(&r);
	tsv_close(&r);
	return k;
}

/* table_header's line for a kind, as a string to free. */
static char *
header_of(enum table_kind kind)
{
	char *path = tmp_name();
	FILE *fp = fopen(path, "w");
	size_t n;

	if (!fp)
		die("%s:", path);
	table_header(fp, kind);
	if (fclose(fp) != 0)
		die("%s:", path);
	return slurp(path, &n);
}

static void
test_each_kind(void)
{
	int k;

	for (k = TABLE_MAILS; k < TABLE_KINDS; k++) {
		char *h = header_of((enum table_kind)k);
		struct buf rev = BUF_INIT;
		size_t i, n = table_cols[k].n;

		ok(n > 0, "%s: columns listed", kind_names[k]);
		is_str(strchr(h, '\n'), "\n", "%s: table_header writes one line", kind_names[k]);
		ok(strncmp(h, table_cols[k].cols[0], strlen(table_cols[k].cols[0])) == 0,
		    "%s: its first column first (%s)", kind_names[k], table_cols[k].cols[0]);
		is_long(kind_of(h), k, "%s: the header written is read as %s", kind_names[k],
		    kind_names[k]);
		/* Reversed, with a column of no tool's before and after. */
		buf_addstr(&rev, "zz_extra");
		for (i = n; i-- > 0;) {
			buf_addc(&rev, '\t');
			buf_addstr(&rev, table_cols[k].cols[i]);
		}
		buf_addstr(&rev, "\tnote\n");
		is_long(kind_of(rev.p), k, "%s: in another order, beside unknown columns",
		    kind_names[k]);
		buf_free(&rev);
		free(h);
	}
	is_long(table_cols[TABLE_UNKNOWN].n, 0, "unknown: no columns");
}

/* The order of the columns is the tables' format (patchtrack-tsv(5)). */
static void
test_order(void)
{
	static const struct { enum table_kind kind; const char *header; } cases[] = {
		{ TABLE_TAGS, "tag\tid\tdate\tannotated\ttag_date\tsrc\n" },
		{ TABLE_MERGED, "id\tmerge\tmerge_date\tmerge_subject\tsrc\n" },
		{ TABLE_PAIRS, "left\tright\tmsg\tdiff\tdlr\tscore\tfdiff\tvia\n" },
	};
	size_t i;

	for (i = 0; i < NELEM(cases); i++) {
		char *h = header_of(cases[i].kind);

		is_str(h, cases[i].header, "%s: table_header's columns in order",
		    kind_names[cases[i].kind]);
		free(h);
	}
}

/* What decides each kind, and what comes first when several fit. */
static void
test_rules(void)
{
	static const struct { const char *header; int kind; const char *why; } cases[] = {
		{ "a\tb\tc\n", TABLE_UNKNOWN, "no known column: unknown" },
		{ "left\tright\n", TABLE_UNKNOWN, "left and right without score: unknown" },
		{ "left\tright\tscore\n", TABLE_PAIRS, "left, right, score: pairs" },
		{ "left\tright\tscore\tcluster\tkind\n", TABLE_PAIRS, "pairs before clusters" },
		{ "cluster\tkind\n", TABLE_CLUSTERS, "cluster and kind: clusters" },
		{ "cluster\n", TABLE_UNKNOWN, "cluster alone: unknown" },
		{ "tag\n", TABLE_TAGS, "tag: tags" },
		{ "merge_subject\n", TABLE_MERGED, "merge_subject: merged" },
		{ "commit_date\tin_reply_to\n", TABLE_COMMITS, "commit_date before in_reply_to: commits" },
		{ "in_reply_to\n", TABLE_MAILS, "in_reply_to: mails" },
		{ "kind\tid\n", TABLE_PATCHES, "kind and id: patches" },
		{ "kind\tfiles\n", TABLE_PATCHES, "kind and files: patches (the missing id named later)" },
		{ "kind\n", TABLE_UNKNOWN, "kind alone: unknown" },
		{ "version\tsection\trole\tresponsible\n", TABLE_MAINTAINERS,
		  "version, section, role, responsible: maintainers" },
		{ "version\tsection\trole\n", TABLE_UNKNOWN, "without responsible: unknown" },
		{ "id\tkind\tversion\tsection\trole\tresponsible\n", TABLE_PATCHES,
		  "patches before maintainers" },
	};
	size_t i;

	for (i = 0; i < NELEM(cases); i++)
		is_long(kind_of(cases[i].header), cases[i].kind, "%s", cases[i].why);
}

int
main(void)
{
	tap_init("test-tables");
	test_each_kind();
	test_rules();
	test_order();
	return tap_done();
}
