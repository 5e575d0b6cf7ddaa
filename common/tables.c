/*
 * tables.c - the tables' columns and their recognition (tables.h).
 */
#include <stdio.h>

#include "tables.h"

static const char *const mails[] = {
	"id", "date", "from_name", "from_addr", "subject", "title", "list",
	"in_reply_to", "references", "to", "cc", "type", "version", "part",
	"total", "flags", "message", "annotation", "diff", "cites", "src",
};

static const char *const commits[] = {
	"id", "date", "from_name", "from_addr", "subject", "title",
	"committer_name", "committer_addr", "commit_date", "parents", "type",
	"flags", "links", "upstream", "message", "diff", "src",
};

static const char *const tags[] = {
	"tag", "id", "date", "annotated", "tag_date", "src",
};

static const char *const merged[] = {
	"id", "merge", "merge_date", "merge_subject", "src",
};

static const char *const patches[] = {
	"id", "kind", "date", "author", "type", "list", "title", "files",
	"added", "removed", "hash", "upstream", "links", "msg", "hunks",
	"name", "version", "part", "total", "thread", "new", "author_date",
	"paths", "flags", "credits",
};

static const char *const pairs[] = {
	"left", "right", "msg", "diff", "dlr", "score", "fdiff", "via",
};

static const char *const clusters[] = {
	"cluster", "id", "kind", "date", "author", "type", "list", "title",
	"mails", "commits", "peer", "score", "via",
};

static const char *const maintainers[] = {
	"id", "version", "section", "status", "role", "name", "addr", "depth",
	"responsible", "via",
};

#define COLS(a) { a, sizeof a / sizeof a[0] }

const struct table_cols table_cols[TABLE_KINDS] = {
	[TABLE_UNKNOWN] = { NULL, 0 },
	[TABLE_MAILS] = COLS(mails),
	[TABLE_COMMITS] = COLS(commits),
	[TABLE_TAGS] = COLS(tags),
	[TABLE_MERGED] = COLS(merged),
	[TABLE_PATCHES] = COLS(patches),
	[TABLE_PAIRS] = COLS(pairs),
	[TABLE_CLUSTERS] = COLS(clusters),
	[TABLE_MAINTAINERS] = COLS(maintainers),
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
	if (has(r, "left") && has(r, "right") && has(r, "score"))
		return TABLE_PAIRS;
	if (has(r, "cluster") && has(r, "kind"))
		return TABLE_CLUSTERS;
	if (has(r, "tag"))
		return TABLE_TAGS;
	if (has(r, "merge_subject"))
		return TABLE_MERGED;
	if (has(r, "commit_date"))
		return TABLE_COMMITS;
	if (has(r, "in_reply_to"))
		return TABLE_MAILS;
	/* kind with id or files: a patch table missing the other is named so. */
	if (has(r, "kind") && (has(r, "id") || has(r, "files")))
		return TABLE_PATCHES;
	if (has(r, "version") && has(r, "section") && has(r, "role") &&
	    has(r, "responsible"))
		return TABLE_MAINTAINERS;
	return TABLE_UNKNOWN;
}
