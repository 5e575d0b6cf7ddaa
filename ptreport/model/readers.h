/*
 * readers.h - what the files that build the model share: model.c's store
 * and row fields, the readers of the tables that have a file of their
 * own, and the steps of model_finish() after every table is read.  The
 * other parts see model.h alone.
 */
#ifndef PT_READERS_H
#define PT_READERS_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"
#include "tsv.h"

/* The store (model.c): a mail, commit or cluster's index, added when new. */
uint32_t mail_node(struct model *md, const char *id, size_t n);
/*
 * Another id of mail mi (the mails table's aliases: the wrapper's id of
 * a mail its list wrapped, which the list's readers answer).  A node
 * made for it before (a reply read first) is mi's: mails_unalias(),
 * when every table is read, moves its replies and citations to mi.
 */
void mail_alias(struct model *md, uint32_t mi, const char *id, size_t n);
void mails_unalias(struct model *md);
uint32_t commit_node(struct model *md, const char *id, size_t n);
uint32_t cluster_node(struct model *md, const char *name, size_t n);
/* A row's fields (model.c): see each for what an absent column gives. */
const char *fld(const struct tsv_reader *r, int col, size_t *n);
const char *keep(struct model *md, const struct tsv_reader *r, int col);
int date_of(struct model *md, const struct tsv_reader *r, int col, int64_t *t);
int row_usable(struct model *md, const struct tsv_reader *r, int got, int cid);
void set_add(struct model *md, struct hmap *h, const char *s, size_t n);

/* A message's issues noted for mail or commit who; sorted when all is read (issues.c). */
void issues_note(struct issues *t, uint32_t who, const char *s, size_t n);
void issues_finish(struct issues *t);

/* The clusters table, the clusters' members in order and their first commits (clusters.c). */
void load_clusters(struct model *md, struct tsv_reader *r);
void clusters_finish(struct model *md);
void split_commits(struct model *md);

/* The patch table (paths.c). */
/*
 * The people of trailer lines with one of the tags (ntags 0: each line a
 * person, as a credits column), their addresses, space-separated; one
 * trailer line's person (people.c).
 */
/*
 * What a commit message says of people (people.c): its Reported-by and
 * Suggested-by addresses (reporters()); every credit trailer's address
 * and name, a line each (credited()); the addresses its own words
 * credit with the change, "Rewritten from patches by NAME <addr>"
 * (prose_credits()).  Lower-cased, interned; "" for none.
 */
const char *reporters(struct model *md, const char *s, size_t n);
const char *credited(struct model *md, const char *s, size_t n);
const char *prose_credits(struct model *md, const char *s, size_t n);
int trailer_person(const char *p, size_t k, const char *const *tags, size_t ntags,
    const char **addr, size_t *alen, int *angled, const char **name, size_t *nlen);
const char *people_list(struct model *md, const char *s, size_t n, const char *const *tags,
    size_t ntags);
/* Returns what rows it held: 1 mails', 2 commits' (or both). */
int load_patches(struct model *md, struct tsv_reader *r);
uint64_t files_bloom(const char *s, size_t n);

/* The maintainers table (sections.c). */
void load_maint(struct model *md, struct tsv_reader *r);
void maint_finish(struct model *md);

/* The pull requests' commits (pulls.c): read, then indexed by titles_finish(). */
void load_pulls(struct model *md, struct tsv_reader *r);
void pulls_index(struct model *md);

/* Threads (threads.c) and titles (titles.c), once every table is read. */
void threads_finish(struct model *md);
void titles_finish(struct model *md);

/* Attribution lines of mails naming no parent (quotes.c): kept as read, then cited. */
void quote_attribution(struct model *md, uint32_t mi, const char *raw, size_t n);
void quote_cites(struct model *md);
/* A subject's title words, lower-cased and interned (titles.c); "" for none. */
const char *title_words(struct model *md, const char *subject);
/* The same of s[0..n) into w, not interned (w emptied first). */
void title_norm(struct buf *w, const char *s, size_t n);
/*
 * Titles quoted in a mail's own words (quotes.c): a passage in double
 * quotes that is a patch's title ("This patch supersedes the previously
 * submitted "Merge nfct tool into conntrackd""), kept as read (text
 * raw: TSV-escaped).  Then title_cites(), over the patches by their
 * titles (patch_titles()): each such passage cites the latest patch of
 * that title before the quoting mail, FAM_DAYS at most, in another
 * thread; and an answer sent with no thread at all, a mail naming no
 * parent whose subject is a reply's to a patch ("RE: [PATCH] t", a
 * client that drops In-Reply-To and References), cites the latest
 * patch of that title by another person, QUOTE_REPLY_DAYS at most
 * before it.
 */
void quote_titles(struct model *md, uint32_t mi, const char *text, size_t n, int raw);
void title_cites(struct model *md);
/* Each patch's and cover letter's title words (ntitle), before the threads are finished. */
void patch_titles(struct model *md);

#endif
