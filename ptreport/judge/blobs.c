/*
 * blobs.c - the trees the patches were made in: a patch whose files'
 * blobs before it are none its history or an earlier patch resting on
 * it made, under no tag or title prefix the history takes (but by one
 * who works in its tree), was made in another repository's tree (its
 * copy of a file the project has too).  The tags' counts are tags.c's.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hash.h"
#include "judge.h"
#include "person.h"
#include "subject.h"
#include "text.h"
#include "util.h"

/* --- the trees the patches were made in: their blobs ------------------------ */

static const struct model *blob_md;

static int
cmp_blob_date(const void *a, const void *b)
{
	return cmp_date_id(blob_md, *(const uint32_t *)a, *(const uint32_t *)b);
}

/*
 * Each patch's blobs before it (bpre: its files' "index" lines, but the
 * files it creates), and of those how many rest on the history (broot):
 * a blob the history's commits name, or one an earlier patch made of
 * blobs resting on it (a series' later part, a patch on another's
 * unmerged one), the patches taken by date.  A file a patch creates
 * rests on the history when the patch does, or changes nothing else.
 */
void
blobs_root(struct model *md)
{
	struct set64 rooted = SET64_INIT;
	uint32_t *v = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *v);
	size_t n = 0;

	for (size_t i = 0; i < md->nmails; i++)
		if (md->mails[i].present && md->mails[i].type == MT_PATCH && md->mails[i].nblobs &&
		    md->mails[i].date != NODATE)
			v[n++] = (uint32_t)i;
	blob_md = md;
	qsort(v, n, sizeof *v, cmp_blob_date);
	for (size_t j = 0; j < n; j++) {
		struct mail *m = &md->mails[v[j]];

		m->bpre = m->broot = 0;
		for (uint32_t k = 0; k < m->nblobs; k++) {
			uint32_t pre = m->blobs[2 * k];

			if (!pre)
				continue;
			m->bpre++;
			m->broot += set64_has(&md->hblobs, pre) || set64_has(&rooted, pre);
		}
		for (uint32_t k = 0; k < m->nblobs; k++) {
			uint32_t pre = m->blobs[2 * k], post = m->blobs[2 * k + 1];
			int r = pre ? set64_has(&md->hblobs, pre) || set64_has(&rooted, pre) :
			    m->broot > 0 || m->bpre == 0;

			if (post && r)
				set64_add(&rooted, post);
		}
	}
	free(v);
	set64_free(&rooted);
}

struct keyctx {
	struct model *md;
	struct hmap *by;         /* key -> struct tagstat: the patches for the project
	                            under a tag or title prefix, how many merged */
	const struct set64 *ltags;
	int merged;              /* counting: the patch was merged */
	double rate;             /* judging: the share of all merged */
	int tagged;              /* judging: a tag of it names a repository */
	const char *taken;       /* judging: the first key the history takes */
};

/*
 * A key of a patch's subject: a tag word (but a list's own), or a title
 * prefix (its word and the colon); counted, or looked up.
 */
static void
key_seen(const char *w, size_t k, void *arg)
{
	struct keyctx *c = arg;
	const struct hent *e;
	const struct tagstat *t;

	if (c->taken || (w[k - 1] != ':' && (process_tag(w, k) ||
	    set64_has(c->ltags, hash_bytes(w, k)))))
		return;
	/* A tag naming a repository decides; a title's prefix only without one. */
	if (c->rate >= 0 && w[k - 1] == ':' && c->tagged)
		return;
	c->tagged |= w[k - 1] != ':';
	if (c->rate < 0) {
		tag_count(c->md, c->by, w, k, c->merged, 0, 1);
		return;
	}
	/* Taken: some merged, and at least 1 in TAG_RATIO of the rate of all. */
	if ((e = hmap_get(c->by, w, k)) && (t = e->val)->merged &&
	    (double)t->merged * TAG_RATIO >= c->rate * (double)t->patches)
		c->taken = e->key;
}

/* Up to BLOB_PREFIXES leading "word: " prefixes of a subject's title, lower-cased, each to fn. */
#define BLOB_PREFIXES 3

static void
title_prefixes(const char *subject, void (*fn)(const char *, size_t, void *), void *arg)
{
	struct buf t = BUF_INIT;
	char w[64];
	size_t at = 0;

	subject_title(&t, subject, strlen(subject));
	for (int n = 0; n < BLOB_PREFIXES && at < t.len; n++) {
		size_t k = at;

		while (k < t.len && t.p[k] != ' ' && t.p[k] != ':')
			k++;
		if (k == at || k + 1 >= t.len || t.p[k] != ':' || t.p[k + 1] != ' ' ||
		    k - at + 1 >= sizeof w)
			break;
		for (size_t i = at; i < k; i++)
			w[i - at] = (char)tolower((unsigned char)t.p[i]);
		w[k - at] = ':';
		fn(w, k - at + 1, arg);
		at = k + 2;
	}
	buf_free(&t);
}

/*
 * A posting (one thread, one version): of its parts that change blobs,
 * how many, how many rest on the history, were merged, were made stray
 * here; of all its parts, how many were another repository's before.
 */
struct pcount {
	uint32_t judged, rooted, merged, stray, other;
};

static struct pcount *
posting_count(struct model *md, struct hmap *by, uint32_t i, int add)
{
	uint32_t key[2] = { thread_of(md, i), md->mails[i].version };
	struct hent *e;
	int isnew;

	if (!add)
		return (e = hmap_get(by, (const char *)key, sizeof key)) ? e->val : NULL;
	e = hmap_put(by, (const char *)key, sizeof key, &isnew);
	if (isnew) {
		e->key = arena_strndup(&md->mem, (const char *)key, sizeof key);
		e->val = arena_alloc(&md->mem, sizeof(struct pcount));
		memset(e->val, 0, sizeof(struct pcount));
	}
	return e->val;
}

static int
merged_any(struct model *md, uint32_t i)
{
	return landed_by(md, i) != NONE;
}

/* Each posting's parts: how many change blobs, rest on the history, were merged. */
static void
postings_count(struct model *md, struct hmap *by)
{
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		struct pcount *pc;

		if (!tag_counted(md, (uint32_t)i))
			continue;
		pc = posting_count(md, by, (uint32_t)i, 1);
		pc->other += m->foreign;
		if (!m->nblobs)
			continue;
		pc->judged += m->bpre > 0;
		pc->rooted += m->broot > 0;
		pc->merged += (uint32_t)merged_any(md, (uint32_t)i);
	}
}

/*
 * The parts of a posting that change no blob, only create files:
 * another repository's with the others, when every part that changes
 * one is by its blobs.
 */
static void
blobs_posting(struct model *md, struct hmap *by)
{
	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];
		const struct pcount *pc;
		struct buf b = BUF_INIT;

		if (!tag_counted(md, (uint32_t)i) || m->bpre || m->foreign || !m->nblobs ||
		    !(pc = posting_count(md, by, (uint32_t)i, 0)) || !pc->judged ||
		    pc->stray < pc->judged || merged_any(md, (uint32_t)i))
			continue;
		buf_addf(&b, "it only creates files, and each of the %u parts of its "
		    "posting that change some was made in another repository's tree "
		    "(by their blobs)", pc->judged);
		m->foreign = m->byblobs = 1;
		m->fwhy = arena_strndup(&md->mem, b.p, b.len);
		buf_free(&b);
	}
}

/* The path of a line of a patch's changes (kind, path; a rename's old name). */
static size_t
blob_path(const char *p, size_t k, const char **path)
{
	const char *tab = k && p[0] == 'R' ? memchr(p, '\t', k) : NULL;

	*path = p + 1;
	return k < 2 ? 0 : tab ? (size_t)(tab - p - 1) : k - 1;
}

/* Each path another repository's patches (by their files or tags) change: in set. */
static void
shared_paths(struct model *md, struct set64 *set)
{
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		struct line_walk w;
		const char *p, *path;
		size_t k, n;

		if (!m->present || m->type != MT_PATCH || !m->foreign || !m->files)
			continue;
		line_walk_init(&w, m->files, strlen(m->files));
		while (line_next(&w, &p, &k))
			if ((n = blob_path(p, k, &path)))
				set64_add(set, hash_bytes(path, n));
	}
}

/*
 * Does every file patch m changes (but those it creates) have a name
 * another repository's patches on the lists change too (a configure.ac,
 * a header copied into both), or one every project has (generic_file():
 * a MAINTAINERS, a .gitignore): a name that cannot tell the
 * repositories apart; or one the history never had at all (a library's
 * src/Versions.in: no file of the project's)?
 */
static int
names_shared(const struct model *md, const struct mail *m, const struct set64 *shared)
{
	struct line_walk w;
	const char *p, *path;
	size_t k, n, any = 0;

	line_walk_init(&w, m->files, strlen(m->files));
	while (line_next(&w, &p, &k)) {
		if (!(n = blob_path(p, k, &path)) || p[0] == 'C')
			continue;
		if (!generic_file(path, n) && !set64_has(shared, hash_bytes(path, n)) &&
		    file_by(md, path, n, NODATE))
			return 0;
		any++;
	}
	return any > 0;
}

/*
 * Is prefix w[0..k) ("maintainers:") the name of a file m changes (its
 * last part, case aside)?  Such a prefix names the file, which every
 * repository that has one writes so, not the repository: the kernel's
 * "MAINTAINERS: add a reviewer" sent to a list a test suite with a
 * MAINTAINERS of its own shares.
 */
static int
prefix_names_file(const struct mail *m, const char *w, size_t k)
{
	struct line_walk lw;
	const char *p, *path, *name;
	size_t n, len, nk;

	if (!k || w[k - 1] != ':' || !m->files)
		return 0;
	line_walk_init(&lw, m->files, strlen(m->files));
	while (line_next(&lw, &p, &n)) {
		if (!(len = blob_path(p, n, &path)))
			continue;
		name = path_name(path, len, &nk);
		if (nk == k - 1 && !strncasecmp(name, w, nk))
			return 1;
	}
	return 0;
}

/*
 * A patch the blobs may judge: for the project so far, its blobs before
 * none resting on the history, nor those of another part of its
 * posting, and no part of it merged.  Its files' names must tell
 * nothing (names_shared()), or (sibling) another part of its posting
 * must be another repository's already.
 */
static int
blob_stray(struct model *md, struct hmap *by, const struct set64 *shared, uint32_t i,
    int sibling)
{
	const struct mail *m = &md->mails[i];
	const struct pcount *pc;

	return tag_counted(md, i) && !m->foreign && !m->nosub && m->bpre && !m->broot &&
	    m->files && md->hist_end != NODATE && !after_history(md, m) &&
	    m->date < md->hist_end && (pc = posting_count(md, by, i, 0)) && !pc->rooted &&
	    !pc->merged && (sibling ? pc->other + pc->stray > 0 : names_shared(md, m, shared));
}

/*
 * Patches made in another repository's tree (byblobs): none of the
 * blobs its diff changes rests on the history (blobs_root()), every
 * file it changes has a name another repository's patches on the lists
 * change too (names_shared(): a project's own file, made in a tree of a
 * development branch the history lacks, keeps its verdict), it was
 * posted before the history's last merge_p90 (a blob of a development
 * branch reaches the main line when the branch is merged: by then most
 * patches are), it was not merged, and it carries no
 * tag the history takes (some of its patches merged, at least 1 in
 * TAG_RATIO of what the rate of all would give), nor, when it names no
 * repository by a tag (but a list's own), a title prefix it takes:
 * a library's configure.ac, a kernel's MAINTAINERS, a header copied
 * into both.  A patch of the project made on an unmerged tree (its
 * author's) carries the project's prefix, and keeps its verdict.
 * A posting's parts go together: none is so judged when another rests
 * on the history or was merged; a part made so in another tree goes
 * with its posting's parts that are another repository's (by their
 * files, tags or blobs), whatever names its files have (a library's
 * series whose second part changes a src/Makefile.am the project has
 * too); and those that change no blob (they only create files) go with
 * the others (blobs_posting()).
 */
/* Does person who work in the history's tree: half his counted patches at least resting on it? */
static int
works_in(const struct hmap *rooted, const char *who)
{
	const struct hent *e = *who ? hmap_get(rooted, who, strlen(who)) : NULL;
	uintptr_t v = e ? (uintptr_t)e->val : 0;

	return v && 2 * (v >> 32) >= (v & 0xffffffffu);
}

void
blobs_judge(struct model *md, const struct set64 *ltags)
{
	struct hmap by = HMAP_INIT, posts = HMAP_INIT, rooted = HMAP_INIT;
	struct set64 shared = SET64_INIT;
	struct keyctx c = { md, &by, ltags, 0, -1, 0, NULL };
	unsigned long all = 0, merged = 0;

	if (!md->has_blobs || md->blobs_missing)
		return;
	postings_count(md, &posts);
	shared_paths(md, &shared);
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		if (!tag_counted(md, (uint32_t)i) || m->foreign || m->nosub)
			continue;
		c.merged = applied_by(md, (uint32_t)i, 0) != NONE;
		all++;
		merged += (unsigned long)c.merged;
		subject_tags(m->subject, key_seen, &c);
		title_prefixes(m->subject, key_seen, &c);
	}
	c.rate = all ? (double)merged / (double)all : 0;
	/*
	 * Who works in the history's tree: of a person's patches on files
	 * the project has (no other repository's by their files or tags)
	 * that name blobs, how many rest on it (some blob), how many in all.
	 */
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		struct hent *e;
		int isnew;

		if (!tag_counted(md, (uint32_t)i) || m->foreign || !m->bpre || !*m->from)
			continue;
		e = hmap_put(&rooted, m->from, strlen(m->from), &isnew);
		if (isnew)
			e->key = m->from;
		e->val = (void *)((uintptr_t)e->val + 1 + (m->broot ? (uintptr_t)1 << 32 : 0));
	}
	for (int sib = 0; sib < 2; sib++)
		for (size_t i = 0; i < md->nmails; i++) {
			struct mail *m = &md->mails[i];
			const struct pcount *pc;
			struct buf b = BUF_INIT;

			if (!blob_stray(md, &posts, &shared, (uint32_t)i, sib))
				continue;
			c.taken = NULL;
			c.tagged = 0;
			subject_tags(m->subject, key_seen, &c);
			title_prefixes(m->subject, key_seen, &c);
			/*
			 * A tag or prefix the history takes keeps the patch of
			 * one who works in its tree (a patch of his made on an
			 * unmerged branch): half his patches on its files at
			 * least rest on it.  Not one whose patches never or
			 * seldom do (a header fix made in another repository's
			 * tree, under an "include:" both use; a build fix of a
			 * sibling's configure.ac, under the "build:" all the
			 * list's repositories use, by one who works in several).
			 */
			if (c.taken && !prefix_names_file(m, c.taken, strlen(c.taken)) &&
			    works_in(&rooted, m->from))
				continue;
			pc = posting_count(md, &posts, (uint32_t)i, 0);
			for (uint32_t k = 0; k < m->nblobs; k++)
				if (m->blobs[2 * k]) {
					buf_addf(&b, "none of the %u blobs its diff changes is in the "
					    "history or made by a patch resting on it (index %07x..)",
					    m->bpre, m->blobs[2 * k]);
					break;
				}
			if (sib)
				buf_addf(&b, ", and %u other part%s of its posting %s another "
				    "repository's", pc->other + pc->stray,
				    pc->other + pc->stray == 1 ? "" : "s",
				    pc->other + pc->stray == 1 ? "is" : "are");
			buf_addstr(&b, ": made in another repository's tree");
			m->foreign = m->byblobs = 1;
			m->fwhy = arena_strndup(&md->mem, b.p, b.len);
			buf_free(&b);
			posting_count(md, &posts, (uint32_t)i, 0)->stray++;
		}
	blobs_posting(md, &posts);
	hmap_free(&rooted);
	set64_free(&shared);
	hmap_free(&posts);
	hmap_free(&by);
}

