/*
 * tables.c - the tables' columns, their recognition and the checked
 * lookups of a reader (tables.h): patchtrack-tsv(5), section TABLES.
 */
#include <stdio.h>
#include <string.h>

#include "tables.h"
#include "util.h"

static const char *const mails[] = {
	COL_ID, COL_DATE, COL_FROM_NAME, COL_FROM_ADDR, COL_SUBJECT, COL_TITLE,
	COL_LIST, COL_IN_REPLY_TO, COL_REFERENCES, COL_TO, COL_CC, COL_TYPE,
	COL_VERSION, COL_PART, COL_TOTAL, COL_FLAGS, COL_MESSAGE,
	COL_ANNOTATION, COL_DIFF, COL_CITES, COL_SAID, COL_HASHES, COL_PARTS, COL_SRC,
	COL_ALIASES, COL_SENDER_NAME, COL_SENDER_ADDR,
};

static const char *const commits[] = {
	COL_ID, COL_DATE, COL_FROM_NAME, COL_FROM_ADDR, COL_SUBJECT, COL_TITLE,
	COL_COMMITTER_NAME, COL_COMMITTER_ADDR, COL_COMMIT_DATE, COL_PARENTS,
	COL_TYPE, COL_FLAGS, COL_LINKS, COL_UPSTREAM, COL_MESSAGE, COL_DIFF,
	COL_SRC,
};

static const char *const tags[] = {
	COL_TAG, COL_ID, COL_DATE, COL_ANNOTATED, COL_TAG_DATE, COL_SRC,
};

/* The commits of a forge's pull requests (refs/pull/N/head) the main line lacks. */
static const char *const pulls[] = {
	COL_PULL, COL_ID, COL_DATE, COL_FROM_NAME, COL_FROM_ADDR, COL_SUBJECT, COL_SRC,
};

static const char *const merged[] = {
	COL_ID, COL_MERGE, COL_MERGE_DATE, COL_MERGE_SUBJECT, COL_MERGE_FROM_NAME,
	COL_MERGE_FROM_ADDR, COL_MERGE_COMMITTER_NAME, COL_MERGE_COMMITTER_ADDR, COL_SRC,
};

static const char *const patches[] = {
	COL_ID, COL_KIND, COL_DATE, COL_AUTHOR, COL_TYPE, COL_LIST, COL_TITLE,
	COL_FILES, COL_ADDED, COL_REMOVED, COL_HASH, COL_UPSTREAM, COL_LINKS,
	COL_MSG, COL_HUNKS, COL_NAME, COL_VERSION, COL_PART, COL_TOTAL,
	COL_THREAD, COL_NEW, COL_AUTHOR_DATE, COL_PATHS, COL_FLAGS, COL_CREDITS,
	COL_BLOBS,
};

static const char *const pairs[] = {
	COL_LEFT, COL_RIGHT, COL_MSG, COL_DIFF, COL_DLR, COL_SCORE, COL_FDIFF,
	COL_VIA,
};

static const char *const clusters[] = {
	COL_CLUSTER, COL_ID, COL_KIND, COL_DATE, COL_AUTHOR, COL_TYPE, COL_LIST,
	COL_TITLE, COL_MAILS, COL_COMMITS, COL_PEER, COL_SCORE, COL_VIA,
};

static const char *const maintainers[] = {
	COL_ID, COL_VERSION, COL_SECTION, COL_STATUS, COL_ROLE, COL_NAME,
	COL_ADDR, COL_DEPTH, COL_RESPONSIBLE, COL_VIA,
};

/* ptreport's own tables, read back by it the next run. */
static const char *const state[] = {
	COL_KIND, COL_ID, COL_STATE, COL_SINCE,
};

/* The changes report's columns are these but run. */
static const char *const changelog[] = {
	COL_RUN, COL_CHANGE, COL_KIND, COL_ID, COL_DATE, COL_SUBJECT,
	COL_AUTHOR, COL_NAME, COL_LIST, COL_DETAIL,
};
/* A maintainer's corrections: one row per patch mail or commit. */
static const char *const corrections[] = {
	COL_ID, COL_VERDICT, COL_NOTE, COL_BY, COL_DATE,
};
/* The verdicts: a row a patch mail and a commit of the off-list window. */
static const char *const verdicts[] = {
	COL_KIND, COL_ID, COL_VERDICT, COL_REASON, COL_DETAIL, COL_BY, COL_FAMILY,
	COL_EVIDENCE, COL_ROLE,
};
/* CHANGELOG_NCOLS (tables.h) must count them: a compile error if not. */
typedef char changelog_ncols_checked[
    sizeof changelog / sizeof changelog[0] == CHANGELOG_NCOLS ? 1 : -1];

#define COLS(name, a) { name, a, sizeof a / sizeof a[0] }

const struct table_cols table_cols[TABLE_KINDS] = {
	[TABLE_UNKNOWN] = { "unknown", NULL, 0 },
	[TABLE_MAILS] = COLS("mails", mails),
	[TABLE_COMMITS] = COLS("commits", commits),
	[TABLE_TAGS] = COLS("tags", tags),
	[TABLE_MERGED] = COLS("merged", merged),
	[TABLE_PULLS] = COLS("pulls", pulls),
	[TABLE_PATCHES] = COLS("patches", patches),
	[TABLE_PAIRS] = COLS("pairs", pairs),
	[TABLE_CLUSTERS] = COLS("clusters", clusters),
	[TABLE_MAINTAINERS] = COLS("maintainers", maintainers),
	[TABLE_STATE] = COLS("state", state),
	[TABLE_CHANGELOG] = COLS("changes-log", changelog),
	[TABLE_CORRECTIONS] = COLS("corrections", corrections),
	[TABLE_VERDICTS] = COLS("verdicts", verdicts),
};

void
table_header(FILE *fp, enum table_kind kind)
{
	tsv_header(fp, table_cols[kind].cols, table_cols[kind].n);
}

static int
has(const struct tsv_reader *r, const char *name)
{
	return tsv_col(r, name) >= 0;
}

enum table_kind
table_kind(const struct tsv_reader *r)
{
	if (has(r, COL_LEFT) && has(r, COL_RIGHT) && has(r, COL_SCORE))
		return TABLE_PAIRS;
	if (has(r, COL_CLUSTER) && has(r, COL_KIND))
		return TABLE_CLUSTERS;
	if (has(r, COL_TAG))
		return TABLE_TAGS;
	if (has(r, COL_PULL) && has(r, COL_ID))
		return TABLE_PULLS;
	if (has(r, COL_MERGE_SUBJECT))
		return TABLE_MERGED;
	if (has(r, COL_COMMIT_DATE))
		return TABLE_COMMITS;
	if (has(r, COL_IN_REPLY_TO))
		return TABLE_MAILS;
	if (has(r, COL_KIND) && has(r, COL_VERDICT))
		return TABLE_VERDICTS;
	/* kind with id or files: a patch table missing the other is named so. */
	if (has(r, COL_KIND) && (has(r, COL_ID) || has(r, COL_FILES)))
		return TABLE_PATCHES;
	if (has(r, COL_VERSION) && has(r, COL_SECTION) && has(r, COL_ROLE) &&
	    has(r, COL_RESPONSIBLE))
		return TABLE_MAINTAINERS;
	return TABLE_UNKNOWN;
}

/*
 * A name outside the kind's list is a lookup no table can answer; left
 * to tsv_col() it would read as an absent column without a word.
 */
static void
check(enum table_kind kind, const char *name)
{
	const struct table_cols *t = &table_cols[kind];

	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->cols[i], name) == 0)
			return;
	die("internal error: \"%s\" is not a column of %s tables (common/tables.c)",
	    name, t->name);
}

int
table_col(const struct tsv_reader *r, enum table_kind kind, const char *name)
{
	check(kind, name);
	return tsv_col(r, name);
}

int
table_need(const struct tsv_reader *r, enum table_kind kind, const char *name)
{
	check(kind, name);
	return tsv_need(r, name);
}

void
table_skip(struct tsv_reader *r, enum table_kind kind, const char *name)
{
	check(kind, name);
	tsv_skip(r, name);
}

void
table_raw(struct tsv_reader *r, enum table_kind kind, const char *name)
{
	check(kind, name);
	tsv_raw(r, name);
}
