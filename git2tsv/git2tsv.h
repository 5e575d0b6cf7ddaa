/*
 * git2tsv.h - what the parts of git2tsv share.
 */
#ifndef GIT2TSV_H
#define GIT2TSV_H

#include <stdint.h>

#include <git2.h>

#include "buf.h"
#include "hash.h"
#include "lru.h"
#include "vocab.h"

struct g2opts {
	const char *repo;       /* as named on the command line */
	int merges;             /* include merges, diffed against the first parent */
	int rename_threshold;   /* -M percentage */
	int context;            /* diff context lines */
	int side;               /* --side: every row flagged side (another branch's) */
};

/*
 * The trees and blobs read lately, kept for the next commits within a
 * budget of bytes, least recently used out first (keep.c).  One per
 * repository handle, used by one thread.
 */
struct keep {
	git_repository *repo;
	struct kent **tab;      /* hash chains; cap a power of two, or 0 */
	size_t cap, n;
	struct lru lru;         /* the recency of the kents */
	size_t bytes, budget;
	struct hmap paths;      /* path: plain or not, for keep_plain_path */
	struct arena path_keys;
};

void keep_init(struct keep *k, git_repository *repo, size_t budget);
void keep_free(struct keep *k);
/* As git_object_lookup (a new reference in *out, libgit2's errors). */
int keep_lookup(struct keep *k, git_object **out, const git_oid *id, git_object_t type);
int keep_tree(struct keep *k, git_tree **out, const git_oid *id);
int keep_blob(struct keep *k, git_blob **out, const git_oid *id);
/* Does no "diff" attribute apply to path (git's default diff rules)? */
int keep_plain_path(struct keep *k, const char *path);

/*
 * Read repo's packs through a cache of delta bases of at most budget
 * bytes, before libgit2 does (packs.c): 0, or -1 (libgit2 reads them).
 */
int packs_add(git_repository *repo, size_t budget);

/*
 * Format the row of commit c into row (which is reset first), reading
 * its trees and blobs through k.  c may come from another repository
 * handle of the same repository: only its own fields are read.
 * ptree is the tree of its first parent when the caller knows it, else
 * NULL (the parent is read then).
 * Returns 0, or -1 after a message naming the commit on stderr; a
 * merge without --merges returns 1 and writes nothing.  A commit whose
 * diff cannot be made because an object it needs is missing or cannot
 * be read (a partial clone, a damaged repository) returns ROW_DAMAGED:
 * the row is there with an empty diff and the flag "damaged", and the
 * commit is named on stderr.
 */
int commit_row(struct keep *k, git_commit *c, const git_oid *ptree,
    const struct g2opts *o, struct buf *row);

#define ROW_DAMAGED 2   /* commit_row: written, without its diff */

/*
 * The patch of commit c against its first parent (the empty tree for a
 * root; ptree, when not NULL, is that parent's tree), as git diff-tree
 * -p -M prints it, TSV-escaped into out.
 * *badchar is set when bytes that are not UTF-8 were replaced.
 * Returns 0; DIFF_DAMAGED when a tree, blob or the parent commit
 * cannot be read, with why saying which ("blob <id> (path) is missing")
 * and out holding a part of the patch only; -1 on any other error
 * (libgit2's error says what).
 */
#define DIFF_DAMAGED 1  /* diff_commit: an object cannot be read */
int diff_commit(struct keep *k, git_commit *c, const git_oid *ptree,
    const struct g2opts *o, struct buf *out, int *badchar, struct buf *why);

/*
 * git's %s of message msg[0..n) (UTF-8), appended to out: the first
 * paragraph, its lines trimmed at the end and joined by spaces.  Returns
 * where the paragraph ends.
 */
const char *git_subject(struct buf *out, const char *msg, size_t n);

/* Convert commit text to UTF-8, setting G_* bits in *flags. */
void commit_text(struct buf *out, const char *s, size_t n, const char *encoding,
    unsigned *flags);

/*
 * The commits the walk starts from (or stops at: hide), in the order
 * git log takes them from the command line.
 */
struct tip {
	git_oid oid;
	int hide;
};

struct tips {
	struct tip *v;
	size_t n, cap;
};

/* Say on stderr what failed in repo (libgit2's last error): -1 (revs.c). */
int fail_repo(const char *repo, const char *what, const char *arg);

/* Add oid to t, a tip to start from, or with hide one to stop at. */
void tip_add(struct tips *t, const git_oid *oid, int hide);
/*
 * The tips of one revision argument (A..B, A...B, ^A, B), as git log
 * reads it, added to t: 0, or -1 after a message naming repo_name.
 */
int add_revision(git_repository *repo, struct tips *t, const char *repo_name, const char *arg);
/* Every ref by name, then HEAD (detached or not), as git log --all takes them: 0 or -1. */
int add_all(git_repository *repo, struct tips *t);

/*
 * Tables of the history's shape (history.c): one row per tag (--tags),
 * and per commit of the range a merge brought in, that merge
 * (--merged).  0, or -1 after a message; run_tags: the number of tags
 * left out, each named (on a tree or a blob, or unreadable).
 */
int run_tags(git_repository *repo, const char *name, int header);
int run_merged(git_repository *repo, const char *name, const struct tips *t, int header);
/*
 * One row per commit of a forge's pull request (refs/pull/N/head) that
 * no tip of t reaches (the main line), merges left out; a commit of
 * several pull requests is the lowest-numbered's (--pulls).  -1 after a
 * message, else how many heads were left out (named: no commit).
 */
int run_pulls(git_repository *repo, const char *name, const struct tips *t, int header);

#endif
