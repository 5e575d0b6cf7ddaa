/*
 * revs.c - the commits a walk starts from and stops at, read from the
 * command line as git log reads it, and the messages that name what
 * libgit2 could not find in the repository.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "git2tsv.h"
#include "util.h"

int
fail_repo(const char *repo, const char *what, const char *arg)
{
	const git_error *e = git_error_last();

	if (arg)
		warnx("%s: %s '%s': %s", repo, what, arg, e && e->message ? e->message : "not found");
	else
		warnx("%s: %s: %s", repo, what, e && e->message ? e->message : "error");
	return -1;
}

void
tip_add(struct tips *t, const git_oid *oid, int hide)
{
	t->v = xgrow(t->v, &t->cap, t->n, 16, sizeof *t->v);
	git_oid_cpy(&t->v[t->n].oid, oid);
	t->v[t->n++].hide = hide;
}

/* The commit that id names, tags peeled: 0, or -1 if none. */
static int
peel_commit(git_repository *repo, const git_oid *id, git_oid *out)
{
	git_object *obj = NULL, *c = NULL;
	int rc;

	rc = git_object_lookup(&obj, repo, id, GIT_OBJECT_ANY);
	if (!rc)
		rc = git_object_peel(&c, obj, GIT_OBJECT_COMMIT);
	if (!rc)
		git_oid_cpy(out, git_object_id(c));
	git_object_free(c);
	git_object_free(obj);
	return rc < 0 ? -1 : 0;
}

int
add_revision(git_repository *repo, struct tips *t, const char *repo_name, const char *arg)
{
	git_revspec spec;
	git_object *obj = NULL;
	git_oid from, to;
	int rc;

	if (arg[0] == '^') {
		if (git_revparse_single(&obj, repo, arg + 1) < 0)
			return fail_repo(repo_name, "unknown revision", arg);
		rc = peel_commit(repo, git_object_id(obj), &from);
		git_object_free(obj);
		if (rc < 0)
			return fail_repo(repo_name, "not a commit", arg);
		tip_add(t, &from, 1);
		return 0;
	}
	if (git_revparse(&spec, repo, arg) < 0) {
		rc = fail_repo(repo_name, "unknown revision", arg);
		/* libgit2 keeps A when the B of A..B is unknown. */
		git_object_free(spec.from);
		return rc;
	}
	rc = peel_commit(repo, git_object_id(spec.from), &from);
	if (!rc && !(spec.flags & GIT_REVSPEC_SINGLE))
		rc = peel_commit(repo, git_object_id(spec.to), &to);
	if (rc < 0) {
		fail_repo(repo_name, "not a commit", arg);
		goto out;
	}
	if (spec.flags & GIT_REVSPEC_SINGLE) {
		tip_add(t, &from, 0);
	} else if (spec.flags & GIT_REVSPEC_MERGE_BASE) {
		/* A...B: every merge base hidden, then both sides, as git adds them. */
		git_oidarray bases = { NULL, 0 };

		rc = git_merge_bases(&bases, repo, &from, &to);
		if (rc < 0 && rc != GIT_ENOTFOUND) {
			fail_repo(repo_name, "cannot find the merge bases of", arg);
			goto out;
		}
		rc = 0;
		for (size_t i = 0; i < bases.count; i++)
			tip_add(t, &bases.ids[i], 1);
		git_oidarray_dispose(&bases);
		tip_add(t, &from, 0);
		tip_add(t, &to, 0);
	} else {
		tip_add(t, &from, 1);
		tip_add(t, &to, 0);
	}
out:
	git_object_free(spec.from);
	git_object_free(spec.to);
	return rc < 0 ? -1 : 0;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
add_all(git_repository *repo, struct tips *t)
{
	git_strarray refs = { NULL, 0 };
	git_oid id, c;

	if (git_reference_list(&refs, repo) < 0)
		return -1;
	qsort(refs.strings, refs.count, sizeof *refs.strings, cmp_str);
	for (size_t i = 0; i < refs.count; i++) {
		/* Refs to trees and blobs, or broken ones, are passed over. */
		if (git_reference_name_to_id(&id, repo, refs.strings[i]) == 0 &&
		    peel_commit(repo, &id, &c) == 0)
			tip_add(t, &c, 0);
	}
	git_strarray_dispose(&refs);
	if (git_reference_name_to_id(&id, repo, "HEAD") == 0 && peel_commit(repo, &id, &c) == 0)
		tip_add(t, &c, 0);
	git_error_clear();
	return 0;
}
