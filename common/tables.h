/*
 * tables.h - the tables the tools hand each other, each known by its
 * header: the columns each tool writes, in order, the names a reader
 * looks them up by, and which kind a header names.  This is the
 * contract of patchtrack-tsv(5), section TABLES, which describes every
 * column; tables.c holds each kind's list.
 */
#ifndef PT_TABLES_H
#define PT_TABLES_H

#include <stddef.h>

#include "tsv.h"

enum table_kind {
	TABLE_UNKNOWN,
	TABLE_MAILS,            /* mbox2tsv */
	TABLE_COMMITS,          /* git2tsv */
	TABLE_TAGS,             /* git2tsv --tags */
	TABLE_MERGED,           /* git2tsv --merged */
	TABLE_PULLS,            /* git2tsv --pulls */
	TABLE_PATCHES,          /* patchtok */
	TABLE_PAIRS,            /* patchsim */
	TABLE_CLUSTERS,         /* ptcluster */
	TABLE_MAINTAINERS,      /* ptmaint */
	TABLE_STATE,            /* ptreport state, read back by ptreport */
	TABLE_CHANGELOG,        /* ptreport changes-log, read back by ptreport */
	TABLE_CORRECTIONS,      /* a maintainer's corrections, read by ptreport */
	TABLE_VERDICTS,         /* ptreport verdicts, or any judge's (--verdicts) */
	TABLE_KINDS
};

/*
 * The column names, each once: a writer's list (tables.c) and a
 * reader's lookup (table_col) spell a column through the same constant,
 * so a misspelt one does not compile.  Grouped by the table that brings
 * the name in; a later table may have it too.
 */
/* Mails (and, most of them, commits). */
#define COL_ID               "id"
#define COL_DATE             "date"
#define COL_FROM_NAME        "from_name"
#define COL_FROM_ADDR        "from_addr"
#define COL_SUBJECT          "subject"
#define COL_TITLE            "title"
#define COL_LIST             "list"
#define COL_IN_REPLY_TO      "in_reply_to"
#define COL_REFERENCES       "references"
#define COL_TO               "to"
#define COL_CC               "cc"
#define COL_TYPE             "type"
#define COL_VERSION          "version"
#define COL_PART             "part"
#define COL_TOTAL            "total"
#define COL_FLAGS            "flags"
#define COL_MESSAGE          "message"
#define COL_ANNOTATION       "annotation"
#define COL_DIFF             "diff"
#define COL_CITES            "cites"
#define COL_SRC              "src"
#define COL_ALIASES          "aliases"
#define COL_SENDER_NAME      "sender_name"
#define COL_SENDER_ADDR      "sender_addr"
#define COL_SAID             "said"
#define COL_HASHES           "hashes"
#define COL_PARTS            "parts"
/* Commits. */
#define COL_COMMITTER_NAME   "committer_name"
#define COL_COMMITTER_ADDR   "committer_addr"
#define COL_COMMIT_DATE      "commit_date"
#define COL_PARENTS          "parents"
#define COL_LINKS            "links"
#define COL_UPSTREAM         "upstream"
/* Tags. */
#define COL_TAG              "tag"
#define COL_ANNOTATED        "annotated"
#define COL_TAG_DATE         "tag_date"
#define COL_PULL             "pull"
/* Merged. */
#define COL_MERGE            "merge"
#define COL_MERGE_DATE       "merge_date"
#define COL_MERGE_SUBJECT    "merge_subject"
#define COL_MERGE_FROM_NAME  "merge_from_name"
#define COL_MERGE_FROM_ADDR  "merge_from_addr"
#define COL_MERGE_COMMITTER_NAME "merge_committer_name"
#define COL_MERGE_COMMITTER_ADDR "merge_committer_addr"
/* Patches. */
#define COL_KIND             "kind"
#define COL_AUTHOR           "author"
#define COL_FILES            "files"
#define COL_ADDED            "added"
#define COL_REMOVED          "removed"
#define COL_HASH             "hash"
#define COL_MSG              "msg"
#define COL_HUNKS            "hunks"
#define COL_NAME             "name"
#define COL_THREAD           "thread"
#define COL_NEW              "new"
#define COL_AUTHOR_DATE      "author_date"
#define COL_PATHS            "paths"
#define COL_CREDITS          "credits"
#define COL_BLOBS            "blobs"
/* Pairs. */
#define COL_LEFT             "left"
#define COL_RIGHT            "right"
#define COL_DLR              "dlr"
#define COL_SCORE            "score"
#define COL_FDIFF            "fdiff"
#define COL_VIA              "via"
/* Clusters. */
#define COL_CLUSTER          "cluster"
#define COL_MAILS            "mails"
#define COL_COMMITS          "commits"
#define COL_PEER             "peer"
/* Maintainers. */
#define COL_SECTION          "section"
#define COL_STATUS           "status"
#define COL_ROLE             "role"
#define COL_ADDR             "addr"
#define COL_DEPTH            "depth"
#define COL_RESPONSIBLE      "responsible"
/* ptreport's state. */
#define COL_STATE            "state"
#define COL_SINCE            "since"
/* ptreport's changes log. */
#define COL_RUN              "run"
#define COL_CHANGE           "change"
#define COL_DETAIL           "detail"
/* A maintainer's corrections. */
#define COL_VERDICT          "verdict"
#define COL_NOTE             "note"
#define COL_BY               "by"
/* Verdicts. */
#define COL_REASON           "reason"
#define COL_FAMILY           "family"
#define COL_EVIDENCE         "evidence"

/*
 * The columns a tool writes for each kind, in order, and the kind's
 * name in messages (none for TABLE_UNKNOWN).
 */
struct table_cols {
	const char *name;
	const char *const *cols;
	size_t n;
};
extern const struct table_cols table_cols[TABLE_KINDS];

/* The changes log's number of columns, for arrays of its fields. */
#define CHANGELOG_NCOLS 10

/* Write the header line of a kind. */
void table_header(FILE *fp, enum table_kind kind);

/*
 * The kind of a table by the columns of its header, whatever their
 * order and whatever else it holds: left, right and score make pairs;
 * cluster and kind clusters; tag tags; merge_subject merged commits;
 * commit_date commits; in_reply_to
 * mails; kind with id or files patches (a tool then names the one that
 * is missing); version, section, role and responsible maintainers (the
 * first that fits, in this order).  State, changes-log and corrections
 * tables are not among these: ptreport reads them by their file's name.
 */
enum table_kind table_kind(const struct tsv_reader *r);

/*
 * A reader's column lookups, checked against the contract: name must be
 * one of kind's columns (the kind the reader expects, whatever the file
 * turns out to hold).  A name that is not is the tool's own mistake, not
 * the data's: it dies at once with "internal error", naming the column
 * and the kind, exit status PT_EXIT_FAILED (util.h).
 *
 * table_col: the column's index, or -1 when the table lacks it (an
 * older table, an optional column).  table_need: the index; a table
 * without it dies naming file and column, as tsv_need().  table_skip,
 * table_raw: tsv_skip() and tsv_raw() of the column, if the table has it.
 */
int table_col(const struct tsv_reader *r, enum table_kind kind, const char *name);
int table_need(const struct tsv_reader *r, enum table_kind kind, const char *name);
void table_skip(struct tsv_reader *r, enum table_kind kind, const char *name);
void table_raw(struct tsv_reader *r, enum table_kind kind, const char *name);

#endif
