/*
 * tables.h - the tables the tools hand each other, each known by its
 * header: the columns each tool writes, in order, and which kind a
 * header names.  patchtrack-tsv(5) describes every column.
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
	TABLE_PATCHES,          /* patchtok */
	TABLE_PAIRS,            /* patchsim */
	TABLE_CLUSTERS,         /* ptcluster */
	TABLE_MAINTAINERS,      /* ptmaint */
	TABLE_KINDS
};

/* The columns a tool writes for each kind (none for TABLE_UNKNOWN). */
struct table_cols {
	const char *const *cols;
	size_t n;
};
extern const struct table_cols table_cols[TABLE_KINDS];

/* Write the header line of a kind. */
void table_header(FILE *fp, enum table_kind kind);

/*
 * The kind of a table by the columns of its header, whatever their
 * order and whatever else it holds: left, right and score make pairs;
 * cluster and kind clusters; tag tags; merge_subject merged commits;
 * commit_date commits; in_reply_to
 * mails; kind with id or files patches (a tool then names the one that
 * is missing); version, section, role and responsible maintainers (the
 * first that fits, in this order).
 */
enum table_kind table_kind(const struct tsv_reader *r);

#endif
