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
#include "vocab.h"

/* Each kind's name, as its messages give it. */
#define kind_names(k) (table_cols[k].name ? table_cols[k].name : "unknown")

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

		ok(n > 0, "%s: columns listed", kind_names(k));
		is_str(strchr(h, '\n'), "\n", "%s: table_header writes one line", kind_names(k));
		ok(strncmp(h, table_cols[k].cols[0], strlen(table_cols[k].cols[0])) == 0,
		    "%s: its first column first (%s)", kind_names(k), table_cols[k].cols[0]);
		/*
		 * ptreport's state, changes log and corrections are read by their file's
		 * name, not recognised by their header (tables.h).
		 */
		if (k == TABLE_STATE || k == TABLE_CHANGELOG || k == TABLE_CORRECTIONS) {
			free(h);
			continue;
		}
		is_long(kind_of(h), k, "%s: the header written is read as %s", kind_names(k),
		    kind_names(k));
		/* Reversed, with a column of no tool's before and after. */
		buf_addstr(&rev, "zz_extra");
		for (i = n; i-- > 0;) {
			buf_addc(&rev, '\t');
			buf_addstr(&rev, table_cols[k].cols[i]);
		}
		buf_addstr(&rev, "\tnote\n");
		is_long(kind_of(rev.p), k, "%s: in another order, beside unknown columns",
		    kind_names(k));
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
		{ TABLE_MERGED, "id\tmerge\tmerge_date\tmerge_subject\tmerge_from_name\t"
		    "merge_from_addr\tmerge_committer_name\tmerge_committer_addr\tsrc\n" },
		{ TABLE_PAIRS, "left\tright\tmsg\tdiff\tdlr\tscore\tfdiff\tvia\n" },
	};
	size_t i;

	for (i = 0; i < NELEM(cases); i++) {
		char *h = header_of(cases[i].kind);

		is_str(h, cases[i].header, "%s: table_header's columns in order",
		    kind_names(cases[i].kind));
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
		{ "kind\tid\tverdict\n", TABLE_VERDICTS, "kind and verdict: verdicts, not patches" },
		{ "verdict\tid\n", TABLE_UNKNOWN, "verdict without kind: unknown (a corrections table)" },
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

/* tables */

static struct tsv_reader tables_r;

static void
child_misspelt_col(void *arg)
{
	(void)table_col(&tables_r, TABLE_PATCHES, (const char *)arg);
}

static void
child_misspelt_need(void *arg)
{
	(void)table_need(&tables_r, TABLE_MAILS, (const char *)arg);
}

static void
child_misspelt_skip(void *arg)
{
	table_skip(&tables_r, TABLE_CHANGELOG, (const char *)arg);
}

/*
 * A reader's lookups through the contract (tables.h): a column of the
 * kind is found or absent (-1) as tsv_col() has it; a name that is not
 * one of the kind's columns stops the tool at once, named, whether the
 * table has such a column or not.
 */
static void
test_tables(void)
{
	static const char t[] = "id\tkind\ttitel\tmsg\n" "a\tmail\tx\tm\n";
	char *path = tmp_write(t, sizeof t - 1);
	const char *want = "test-tables: internal error: \"titel\" is not a column of "
	    "patches tables (common/tables.c)\n";
	int st;

	ok(tsv_open(&tables_r, path) == 0, "tables: the table opens");
	ok(table_col(&tables_r, TABLE_PATCHES, COL_ID) == 0 &&
	    table_col(&tables_r, TABLE_PATCHES, COL_KIND) == 1,
	    "table_col: a column of the kind, in the table: its index");
	ok(table_col(&tables_r, TABLE_PATCHES, COL_TITLE) == -1 &&
	    table_col(&tables_r, TABLE_PATCHES, COL_CREDITS) == -1,
	    "table_col: a column of the kind the table lacks: -1");
	ok(table_need(&tables_r, TABLE_PATCHES, COL_MSG) == 3,
	    "table_need: a column of the kind, in the table: its index");

	st = run_child(child_misspelt_col, "titel");
	ok(WIFEXITED(st) && WEXITSTATUS(st) == PT_EXIT_FAILED,
	    "table_col: a misspelt column: exit status %d (got 0x%x)", PT_EXIT_FAILED, st);
	ok(!strcmp(captured.p, want), "table_col: the message names the column and the kind "
	    "(%s)", show(captured.p, captured.len));
	st = run_child(child_misspelt_col, "commit_date");
	ok(WIFEXITED(st) && WEXITSTATUS(st) == PT_EXIT_FAILED &&
	    strstr(captured.p, "\"commit_date\" is not a column of patches tables"),
	    "table_col: another kind's column is refused too");
	st = run_child(child_misspelt_need, "diff_");
	ok(WIFEXITED(st) && WEXITSTATUS(st) == PT_EXIT_FAILED &&
	    strstr(captured.p, "internal error: \"diff_\" is not a column of mails tables"),
	    "table_need: a misspelt column is an internal error, not a missing column");
	st = run_child(child_misspelt_skip, "runs");
	ok(WIFEXITED(st) && WEXITSTATUS(st) == PT_EXIT_FAILED &&
	    strstr(captured.p, "\"runs\" is not a column of changes-log tables"),
	    "table_skip: a misspelt column is refused");
	tsv_close(&tables_r);

	/* Each kind's list: unique names, each a column constant's value. */
	for (int k = TABLE_MAILS; k < TABLE_KINDS; k++) {
		const struct table_cols *c = &table_cols[k];
		int dup = 0;

		for (size_t i = 0; i < c->n; i++)
			for (size_t j = i + 1; j < c->n; j++)
				dup |= !strcmp(c->cols[i], c->cols[j]);
		ok(c->name && c->n > 0 && !dup, "tables: %s has a name and unique columns",
		    c->name ? c->name : "(unnamed)");
	}
	ok(table_cols[TABLE_CHANGELOG].n == CHANGELOG_NCOLS,
	    "tables: CHANGELOG_NCOLS counts the changes log's columns");
}

/* vocab */

static void
test_vocab(void)
{
	int t, all = 1;

	for (t = MT_PATCH; t < MT_N; t++)
		all &= mtype_parse(mtype_name(t)) == t;
	ok(all, "mtype_parse: the name of every mail type gives it back");
	ok(mtype_parse("") == MT_UNKNOWN && mtype_parse("Patch") == MT_UNKNOWN &&
	    !strcmp(mtype_name(MT_UNKNOWN), "") && !strcmp(mtype_name(MT_N), ""),
	    "mtype_parse, mtype_name: an unknown type");
	ok(!strcmp(mail_flag_names[F_DATE_RECEIVED], "date-received") &&
	    !strcmp(mail_flag_names[F_TRUNCATED], "truncated"),
	    "mail_flag_names: by flag number");
	ok(!strcmp(commit_flag_names[0], FLAG_CP1252) &&
	    !strcmp(commit_flag_names[3], FLAG_SIDE) && G_SIDE == 1 << 3,
	    "commit_flag_names: by bit");
}

int
main(void)
{
	tap_init("test-tables");
	test_each_kind();
	test_rules();
	test_order();
	test_tables();
	test_vocab();
	return tap_done();
}
