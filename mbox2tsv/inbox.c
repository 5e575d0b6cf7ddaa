/*
 * inbox.c - the mails of a public-inbox v2 archive: a folder of epochs,
 * or one epoch's repository, a mail per commit.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <git2.h>

#include "mbox2tsv.h"
#include "util.h"

static int
git_fail(const char *what, const char *path)
{
	const git_error *e = git_error_last();

	warnx("%s: %s: %s", path, what, e && e->message ? e->message : "libgit2 error");
	return -1;
}

/*
 * libgit2's settings for reading epochs, once: no object cache (it
 * keeps every commit and tree met, up to 256 MB counted by their size
 * on disk, and more of the heap than that), and the pack mapped in
 * windows of 1 MB, at most 4 MB at a time (by default up to 8 GB: the
 * whole of an epoch's pack stays mapped, and what was read of it counts
 * in the process's memory).  Each object is read once; nothing is
 * gained by keeping it.
 */
static void
epoch_settings(void)
{
	static int done;

	if (done)
		return;
	done = 1;
	git_libgit2_opts(GIT_OPT_ENABLE_CACHING, 0);
	git_libgit2_opts(GIT_OPT_SET_MWINDOW_SIZE, (size_t)1 << 20);
	git_libgit2_opts(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, (size_t)4 << 20);
}

/*
 * Does the repository hold this commit?  1 yes, 0 no, -1 not a commit
 * id at all (named on stderr).
 */
static int
epoch_has(git_repository *repo, const char *hex, const char *opt, git_oid *oid)
{
	git_commit *commit;

	if (strlen(hex) != GIT_OID_HEXSZ || git_oid_fromstr(oid, hex) < 0) {
		warnx("%s %s: not a commit id (40 hex digits)", opt, hex);
		return -1;
	}
	if (git_commit_lookup(&commit, repo, oid) < 0)
		return 0;
	git_commit_free(commit);
	return 1;
}

/*
 * One public-inbox epoch: a mail per commit, in blob "m", oldest first.
 * With --after, the epochs before the one holding that commit are
 * skipped and in that one the walk starts after it; with --upto, the
 * walk of the epoch holding it ends there and later epochs are skipped.
 */
int
read_epoch(struct ctx *c, const char *path, const char *archive)
{
	git_repository *repo = NULL;
	git_revwalk *walk = NULL;
	git_oid oid, after, upto;
	struct mailpos pos;
	char hex[GIT_OID_HEXSZ + 1];
	int rc = 0, err, has_after = 0, has_upto = 0;
	git_oid *oids = NULL;
	size_t noids = 0, oidcap = 0;

	memset(&pos, 0, sizeof pos);
	pos.input = path;
	pos.archive = archive;
	if (c->o.upto && c->upto_seen)
		return 0;
	epoch_settings();
	if (git_repository_open_ext(&repo, path, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL) < 0)
		return git_fail("not a git repository", path);
	if (c->o.after && !c->after_seen) {
		has_after = epoch_has(repo, c->o.after, "--after", &after);
		if (has_after < 0) {
			rc = -1;
			goto out;
		}
		if (!has_after)
			goto out;       /* an epoch before the one holding it */
		c->after_seen = 1;
	}
	if (c->o.upto) {
		has_upto = epoch_has(repo, c->o.upto, "--upto", &upto);
		if (has_upto < 0) {
			rc = -1;
			goto out;
		}
		if (has_upto)
			c->upto_seen = 1;
	}
	if (git_revwalk_new(&walk, repo) < 0) {
		rc = git_fail("cannot walk the history", path);
		goto out;
	}
	git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL);
	if (has_upto)
		err = git_revwalk_push(walk, &upto);
	else {
		err = git_revwalk_push_head(walk);
		if (err == GIT_ENOTFOUND || err == GIT_EUNBORNBRANCH) {
			/* An empty epoch, or HEAD names a missing branch: all branches. */
			err = git_revwalk_push_glob(walk, "refs/heads/*");
		}
	}
	if (err < 0) {
		rc = git_fail("no history to read", path);
		goto out;
	}
	if (has_after && git_revwalk_hide(walk, &after) < 0) {
		rc = git_fail("cannot walk the history", path);
		goto out;
	}
	/*
	 * The commits newest first, 20 bytes each; the walk (which holds
	 * every commit it sorts) is freed before the first mail is read,
	 * and they are read oldest first.
	 */
	while ((err = git_revwalk_next(&oid, walk)) == 0) {
		oids = xgrow(oids, &oidcap, noids, 1024, sizeof *oids);
		oids[noids++] = oid;
	}
	if (err != GIT_ITEROVER) {
		rc = git_fail("history walk failed", path);
		goto out;
	}
	git_revwalk_free(walk);
	walk = NULL;
	while (noids > 0) {
		git_commit *commit = NULL;
		git_tree *tree = NULL;
		const git_tree_entry *te;
		git_blob *blob = NULL;

		oid = oids[--noids];
		git_oid_tostr(hex, sizeof hex, &oid);
		pos.where = hex;
		if (git_commit_lookup(&commit, repo, &oid) < 0 ||
		    git_commit_tree(&tree, commit) < 0) {
			c->nmails++;
			/* One mail skipped: status 1, the walk goes on. */
			skip_mail(c, &pos, "unreadable commit: %s",
			    git_error_last() ? git_error_last()->message : "?");
			goto next;
		}
		te = git_tree_entry_byname(tree, "m");
		if (!te) {
			/* A public-inbox deletion ("d") carries no mail. */
			if (git_tree_entry_byname(tree, "d")) {
				goto next;
			}
			c->nmails++;
			skip_mail(c, &pos, "commit has no blob 'm'");
			goto next;
		}
		if (git_tree_entry_type(te) != GIT_OBJECT_BLOB ||
		    git_blob_lookup(&blob, repo, git_tree_entry_id(te)) < 0) {
			c->nmails++;
			skip_mail(c, &pos, "blob 'm' is missing or unreadable");
			goto next;
		}
		mail_process(c, git_blob_rawcontent(blob), (size_t)git_blob_rawsize(blob), &pos);
next:
		git_blob_free(blob);
		git_tree_free(tree);
		git_commit_free(commit);
	}
out:
	free(oids);
	git_revwalk_free(walk);
	git_repository_free(repo);
	return rc;
}

static int
cmp_epoch(const void *a, const void *b)
{
	long x = strtol(*(char *const *)a, NULL, 10), y = strtol(*(char *const *)b, NULL, 10);

	return x < y ? -1 : x > y;
}

/* A public-inbox v2 folder: epochs git/0.git, git/1.git ... in order. */
int
read_inbox(struct ctx *c, const char *path, const char *archive)
{
	struct buf dir = BUF_INIT, ep = BUF_INIT;
	char **names;
	size_t n, k = 0;
	int rc = 0;

	buf_addf(&dir, "%s/git", path);
	names = list_dir(dir.p, &n);
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(names[i]);

		if (len > 4 && !strcmp(names[i] + len - 4, ".git") &&
		    isdigit((unsigned char)names[i][0]))
			names[k++] = names[i];
		else
			free(names[i]);
	}
	qsort(names, k, sizeof *names, cmp_epoch);
	for (size_t i = 0; i < k && !(c->o.upto && c->upto_seen); i++) {
		buf_reset(&ep);
		buf_addf(&ep, "%s/%s", dir.p, names[i]);
		if (read_epoch(c, ep.p, archive) < 0)
			rc = -1;
	}
	if (!k) {
		warnx("%s: no epochs (git/N.git) in this public-inbox folder", path);
		rc = -1;
	}
	free_list(names, k);
	buf_free(&dir);
	buf_free(&ep);
	return rc;
}
