/*
 * tags.c - the repositories a list's patches are for, by what the
 * history takes: a subject tag whose patches it (all but) never merges
 * names another repository; one it takes keeps a patch the project's
 * where its files cannot tell.  Then the blobs (blobs.c).
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

/* --- the repositories the subjects' tags name ------------------------------- */

/* The words of a subject's leading bracket groups, lower-cased, each to fn. */
void
subject_tags(const char *s, void (*fn)(const char *, size_t, void *), void *arg)
{
	char w[64];

	for (;;) {
		const char *e;

		while (*s == ' ' || *s == '\t')
			s++;
		if (*s != '[' || !(e = strchr(s, ']')))
			return;
		for (const char *p = s + 1; p < e;) {
			size_t k = 0;

			while (p < e && (*p == ' ' || *p == ',' || *p == ':'))
				p++;
			while (p + k < e && p[k] != ' ' && p[k] != ',' && p[k] != ':')
				k++;
			if (k && k < sizeof w) {
				for (size_t i = 0; i < k; i++)
					w[i] = (char)tolower((unsigned char)p[i]);
				fn(w, k, arg);
			}
			p += k;
		}
		s = e + 1;
	}
}

/*
 * Words of a tag that name no repository: the patch itself, its version
 * and part, a repost.  ("patchv2" is "PATCHv2" written together.)
 */
int
process_tag(const char *w, size_t k)
{
	static const char *const words[] = {
		"patch", "patches", "rfc", "resend", "repost", "ping", "reminder",
		/* A patch's state, not a repository (common/subject.c's markers). */
		"wip", "dnm", "debug", "hack", "ref", "test", "bug", "draft", NULL,
	};
	size_t d = 0;

	for (const char *const *p = words; *p; p++)
		if (strlen(*p) == k && !memcmp(*p, w, k))
			return 1;
	if (k > 5 && !memcmp(w, "patch", 5))
		w += 5, k -= 5;
	if (k && *w == 'v')
		w++, k--;
	while (d < k && (isdigit((unsigned char)w[d]) || w[d] == '.' || w[d] == '/' ||
	    w[d] == '-'))
		d++;
	return d == k;
}


/*
 * How many of a tag's patches the history would have merged, of those
 * posted before it ends: at the rate of all the list's patches, or,
 * for a tag a quarter of whose patches at least are another
 * repository's by their files, at the rate of the project's own (those
 * whose files are the repository's) over the rest, where that is more.
 * On a list of many repositories where the project is a small one (a
 * library beside the tools that use it) the rate of all tells nothing;
 * a tag whose patches, some on files only a sibling has, the others on
 * files the project shares with it (configure.ac, doxygen/), are
 * merged far below the project's own rate names that sibling.  A tag
 * none of whose patches is another's by its files (a feature's name, a
 * development branch's) is judged by the rate of all alone.
 */
static double
tag_expect(const struct tagstat *t, double allrate, double ownrate)
{
	double a = (double)t->early * allrate;
	double o = (double)(t->early - t->eother) * ownrate;

	return 4 * t->eother >= t->early && o > a ? o : a;
}

/* Count a patch (merged or not) under key w[0..k) of map by: its tagstat, made when new. */
void
tag_count(struct model *md, struct hmap *by, const char *w, size_t k, int merged, int other,
    int early)
{
	int isnew;
	struct hent *e = hmap_put(by, w, k, &isnew);
	struct tagstat *t;

	if (isnew) {
		e->key = arena_strndup(&md->mem, w, k);
		t = arena_alloc(&md->mem, sizeof *t);
		memset(t, 0, sizeof *t);
		e->val = t;
	}
	t = e->val;
	t->patches++;
	t->merged += (unsigned long)merged;
	t->other += (unsigned long)other;
	t->early += (unsigned long)early;
	t->eother += (unsigned long)(early && other);
}

struct tagctx {
	struct model *md;
	struct hmap *tags;       /* tag -> struct tagstat */
	struct hmap *perlist;    /* "list TAB tag" -> count + 1 */
	struct hmap *lists;      /* list -> mails + 1 */
	const struct mail *m;
	int merged, stage;
	struct buf key;
	const char *hit;         /* stage 2: the first foreign tag */
	struct set64 seen;       /* one count per mail and tag */
};

static void
count_tag(const char *w, size_t k, void *arg)
{
	struct tagctx *c = arg;
	struct hent *e;
	int isnew;

	if (process_tag(w, k) || !set64_add(&c->seen, hash_bytes(w, k)))
		return;
	if (c->stage == 0) {
		/* Each list of the mail: how many of its mails carry the tag. */
		for (const char *l = c->m->lists;;) {
			size_t n = strcspn(l, " ");

			buf_reset(&c->key);
			buf_add(&c->key, l, n);
			buf_addc(&c->key, '\t');
			buf_add(&c->key, w, k);
			e = hmap_put(c->perlist, c->key.p, c->key.len, &isnew);
			if (isnew)
				e->key = arena_strndup(&c->md->mem, c->key.p, c->key.len);
			e->val = (void *)((uintptr_t)e->val + 1);
			if (!l[n])
				break;
			l += n + 1;
		}
		return;
	}
	if (c->stage == 1) {
		tag_count(c->md, c->tags, w, k, c->merged, c->m->foreign,
		    c->m->date < c->md->hist_end);
		return;
	}
	e = hmap_get(c->tags, w, k);
	if (e && ((struct tagstat *)e->val)->foreign && !c->hit)
		c->hit = e->key;
}

/*
 * The lists' own tags: on at least a fifth of the mails of a list they
 * are on ([LTP], [f2fs-dev]), or a list's name (the first word of its
 * id: [alsa-devel] on alsa-devel.alsa-project.org, however few of its
 * mails carry it), each tag's hash into set.
 */
static void
list_tags(struct tagctx *c, struct set64 *set)
{
	for (size_t i = 0; i < c->lists->cap; i++) {
		const struct hent *e = &c->lists->e[i];
		char name[128];
		size_t n = 0;

		if (!e->key)
			continue;
		while (n < e->klen && n < sizeof name && e->key[n] != '.') {
			name[n] = (char)tolower((unsigned char)e->key[n]);
			n++;
		}
		if (n && n < sizeof name)
			set64_add(set, hash_bytes(name, n));
	}
	for (size_t i = 0; i < c->perlist->cap; i++) {
		const struct hent *e = &c->perlist->e[i];
		const char *tab;
		const struct hent *l;

		if (!e->key || !(tab = memchr(e->key, '\t', e->klen)))
			continue;
		l = hmap_get(c->lists, e->key, (size_t)(tab - e->key));
		if (l && 5 * ((uintptr_t)e->val) >= (uintptr_t)l->val - 1)
			set64_add(set, hash_bytes(tab + 1, (size_t)(e->key + e->klen - tab - 1)));
	}
}

/* The tags of a subject (but the patch's own words and a list's): into a set, or is one missing from it? */
struct tagset {
	struct set64 *have;
	const struct set64 *ltags;
	int lacks;
};

static void
tag_add(const char *w, size_t k, void *arg)
{
	struct tagset *t = arg;

	if (!process_tag(w, k) && !set64_has(t->ltags, hash_bytes(w, k)))
		set64_add(t->have, hash_bytes(w, k));
}

static void
tag_missing(const char *w, size_t k, void *arg)
{
	struct tagset *t = arg;

	if (!process_tag(w, k) && !set64_has(t->ltags, hash_bytes(w, k)) &&
	    !set64_has(t->have, hash_bytes(w, k)))
		t->lacks = 1;
}

/*
 * Was patch i merged as a companion only: its cluster holds a patch mail
 * of its person's whose subject carries a tag its own lacks (its other
 * half for another repository, "[PATCH nft]" beside "[PATCH libnftnl]",
 * or the same change sent to each), so its commit may be the other's
 * and says nothing of its tag?
 */
static int
companion_merge(struct model *md, uint32_t i, const struct set64 *ltags)
{
	const struct mail *m = &md->mails[i];
	struct set64 have = SET64_INIT;
	struct tagset t = { &have, ltags, 0 };

	if (m->cluster == NONE)
		return 0;
	subject_tags(m->subject, tag_add, &t);
	for (uint32_t y = md->clusters[m->cluster].mail; y != NONE && !t.lacks;
	    y = md->mails[y].cnext) {
		const struct mail *x = &md->mails[y];

		if (y != i && x->present && x->type == MT_PATCH &&
		    one_person(m->from, m->who, x->from, x->who, 0))
			subject_tags(x->subject, tag_missing, &t);
	}
	set64_free(&have);
	return t.lacks;
}

/* The first tag of a subject naming a repository (no patch's word, no list's): w[0..k). */
struct firsttag {
	const struct set64 *ltags;
	char w[64];              /* subject_tags() reuses its word */
	size_t k;
};

static void
first_tag(const char *w, size_t k, void *arg)
{
	struct firsttag *f = arg;

	if (!f->k && k <= sizeof f->w && !process_tag(w, k) &&
	    !set64_has(f->ltags, hash_bytes(w, k))) {
		memcpy(f->w, w, k);
		f->k = k;
	}
}

/*
 * A tag the history takes names the project: at least TAG_OWN_MIN of
 * its patches merged, and at least half as often as the project's
 * patches (those its files make its) are.
 * It decides where a patch's files cannot: one that only creates files
 * in folders the repository lacks (a test suite's new group of tests,
 * [PATCH blktests] creating tests/throtl/), a part whose posting's other
 * parts are another repository's ("[PATCH v4 5/4 nvme-cli]" after four
 * kernel parts), one of files every project has under a title prefix
 * of another's.  Not a patch changing files the repository lacks: a
 * kernel patch mis-tagged with the project's name stays another's.
 * A patch with a tag judged another repository's is not so made.
 */
#define TAG_OWN_MIN 2

struct ownctx {
	const struct hmap *tags;
	const struct set64 *ltags;
	double rate;
	int own, other;
};

static void
own_seen(const char *w, size_t k, void *arg)
{
	struct ownctx *o = arg;
	const struct hent *e;
	const struct tagstat *t;

	if (process_tag(w, k) || set64_has(o->ltags, hash_bytes(w, k)) ||
	    !(e = hmap_get(o->tags, w, k)))
		return;
	t = e->val;
	if (t->foreign)
		o->other = 1;
	else if (t->merged >= TAG_OWN_MIN && 2.0 * (double)t->merged >= o->rate * (double)t->patches)
		o->own = 1;
}

static void
own_tags(struct model *md, const struct hmap *tags, const struct set64 *ltags)
{
	struct ownctx o = { tags, ltags, 0, 0, 0 };
	unsigned long all = 0, merged = 0;

	/* The rate of the project's patches (a kernel list's own are mostly another's). */
	for (size_t i = 0; i < md->nmails; i++)
		if (tag_counted(md, (uint32_t)i) && !md->mails[i].foreign) {
			all++;
			merged += applied_by(md, (uint32_t)i, 0) != NONE;
		}
	if (!all)
		return;
	o.rate = (double)merged / (double)all;
	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];

		if (!tag_counted(md, (uint32_t)i) || m->bytag || m->byblobs)
			continue;
		o.own = o.other = 0;
		subject_tags(m->subject, own_seen, &o);
		/* The project's by its files now, its tag kept for the title prefix's vote again. */
		m->owntagged = o.own && !o.other;
		if (!m->foreign || (!m->byposting && !m->byauthor && m->fchanged))
			continue;
		if (o.own && !o.other) {
			m->owntag = m->byposting ? OWN_POSTING : m->byauthor ? OWN_PREFIX : OWN_NEWDIRS;
			m->foreign = m->byposting = m->byauthor = 0;
		}
	}
}

/*
 * What a patch the project's (not another repository's) carries in its
 * first tag, and why that tag did not decide, for why (m->tagnote):
 * taken, too few to tell, or (hit: its tag judged another repository's
 * by its patches' files) the patch made in the history's tree.
 */
static void
tag_note(struct model *md, struct hmap *tags, struct mail *m, const struct set64 *ltags,
    double rate, double ownrate, const char *hit)
{
	struct firsttag f = { ltags, "", 0 };
	const struct hent *e;
	const struct tagstat *t;
	struct buf b = BUF_INIT;

	if (!hit)
		subject_tags(m->subject, first_tag, &f);
	if (!(e = hit ? hmap_get(tags, hit, strlen(hit)) : f.k ? hmap_get(tags, f.w, f.k) : NULL))
		return;
	t = e->val;
	buf_addf(&b, "its tag [%s]: %lu patch%s, %lu merged, %lu another repository's by "
	    "their files: ", e->key, t->patches, t->patches == 1 ? "" : "es", t->merged, t->other);
	if (hit)
		buf_addstr(&b, "another repository's by those files, but not this one, "
		    "by its blobs");
	else if (m->owntag)
		buf_addf(&b, "a tag the history takes, which decides where its files cannot (%s)",
		    m->owntag == OWN_POSTING ? "most parts of its posting are another "
		    "repository's" : m->owntag == OWN_PREFIX ? "it changes only files every "
		    "project has, and most patches under its title's prefix are another "
		    "repository's" : "it creates files in folders the repository lacks");
	else if (t->merged && (double)t->merged * TAG_RATIO > tag_expect(t, rate, ownrate))
		buf_addstr(&b, "a tag the history takes");
	else
		buf_addf(&b, "too few to tell (at the rate of the project's patches %.1f "
		    "would be merged)", tag_expect(t, rate, ownrate));
	m->tagnote = arena_strndup(&md->mem, b.p, b.len);
	buf_free(&b);
}

/* Patches a tag's statistics count: posted as patches for a repository. */
int
tag_counted(struct model *md, uint32_t i)
{
	const struct mail *m = &md->mails[i];

	return m->present && m->type == MT_PATCH && !m->process && shallow(md, i) &&
	    m->date != NODATE;
}

/*
 * A patch naming no repository by a tag of its own, no part of a
 * posting, replying in another's thread: the tag of the nearest mail
 * above it that names one, when that tag is another repository's (a
 * reviewer's patch attached in a "[PATCH libnetfilter_queue v3 1/3]"
 * thread, its subject the attachment's); NULL else.  c->m is left at
 * that mail.
 */
static const char *
thread_hit(struct model *md, struct tagctx *c, struct mail *m, const struct set64 *ltags)
{
	struct firsttag f = { ltags, "", 0 };
	uint32_t p = m->parent;

	/* Its own tag names the project (a foreign one made c->hit already). */
	subject_tags(m->subject, first_tag, &f);
	if (f.k)
		return NULL;
	for (int depth = 0; p != NONE && depth < 64; depth++, p = md->mails[p].parent) {
		const struct mail *a = &md->mails[p];

		c->m = a;
		c->hit = NULL;
		set64_free(&c->seen);
		subject_tags(a->subject, count_tag, c);
		/*
		 * Another's patch under review: a patch replying to it is
		 * for its repository (a reviewer's fix-up attached); not the
		 * author's own (his other half for another repository, sent
		 * into his kernel patch's thread), nor a numbered part (its
		 * posting decides, part by part).
		 */
		if (c->hit)
			return m->total <= 1 && !one_person(m->from, m->who, a->from, a->who, 0) ?
			    c->hit : NULL;
		/* A tag of the project's, or of none judged, above it: the thread's. */
		subject_tags(a->subject, first_tag, &f);
		if (f.k)
			return NULL;
	}
	return NULL;
}

void
tags_judge(struct model *md)
{
	struct hmap tags = HMAP_INIT, perlist = HMAP_INIT, lists = HMAP_INIT;
	struct tagctx c = { md, &tags, &perlist, &lists, NULL, 0, 0, BUF_INIT, NULL, SET64_INIT };
	struct set64 ltags = SET64_INIT;
	unsigned long all = 0, allmerged = 0, own = 0, ownmerged = 0;
	double rate, ownrate;

	/* Every mail: the lists' sizes, and their tags per list. */
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		int isnew;

		if (!m->present)
			continue;
		for (const char *l = m->lists;;) {
			size_t n = strcspn(l, " ");
			struct hent *e = hmap_put(&lists, l, n, &isnew);

			if (isnew) {
				e->key = arena_strndup(&md->mem, l, n);
				e->val = (void *)(uintptr_t)1;
			}
			e->val = (void *)((uintptr_t)e->val + 1);
			if (!l[n])
				break;
			l += n + 1;
		}
		c.m = m;
		set64_free(&c.seen);
		subject_tags(m->subject, count_tag, &c);
	}
	/*
	 * The patches: per tag (but a list's own), how many, how many
	 * merged, a companion's merge (the other half's commit) not.
	 */
	list_tags(&c, &ltags);
	c.stage = 1;
	for (size_t i = 0; i < md->nmails; i++) {
		if (!tag_counted(md, (uint32_t)i))
			continue;
		c.m = &md->mails[i];
		c.merged = applied_by(md, (uint32_t)i, 0) != NONE &&
		    !companion_merge(md, (uint32_t)i, &ltags);
		set64_free(&c.seen);
		subject_tags(c.m->subject, count_tag, &c);
		if (c.m->date >= md->hist_end)
			continue;
		all++;
		allmerged += (unsigned long)c.merged;
		if (!c.m->foreign) {
			own++;
			ownmerged += (unsigned long)c.merged;
		}
	}
	rate = all ? (double)allmerged / (double)all : 0;
	ownrate = own ? (double)ownmerged / (double)own : 0;
	/*
	 * A tag the history (all but) never takes, where it takes most
	 * patches: at least TAG_EXPECT of its patches would have been
	 * merged at the rate of all, and at most 1 in TAG_RATIO of those
	 * were (none; or a few, matched to the commits of the companion
	 * patches they were posted with: on a list of several repositories,
	 * a library's patch beside the tool's).  Another repository's (a
	 * test suite's, a book's, a stable branch's, a library's), whatever
	 * files its patches change.
	 */
	for (size_t i = 0; i < tags.cap; i++) {
		struct hent *e = &tags.e[i];
		struct tagstat *t;
		double expect;

		if (!e->key)
			continue;
		t = e->val;
		expect = tag_expect(t, rate, ownrate);
		/* set64_add(): 1 when not there, not a list's own (each tag comes once). */
		t->foreign = all && t->patches >= 2 && expect >= TAG_EXPECT &&
		    (double)t->merged * TAG_RATIO <= expect &&
		    set64_add(&ltags, hash_bytes(e->key, e->klen));
		/*
		 * Or too few to tell by the rate (a small project on a list of
		 * many repositories), but never taken, and most of its patches
		 * another repository's by their files: the tag names that one.
		 */
		if (!t->foreign && t->patches >= TAG_OTHER_MIN && !t->merged &&
		    2 * t->other > t->patches && set64_add(&ltags, hash_bytes(e->key, e->klen)))
			t->foreign = t->byfiles = 1;
	}
	/*
	 * The tree each patch was made in (its blobs): one made in the
	 * history's keeps its verdict against a tag judged by the other
	 * patches' files alone (a patch of the project's configure.ac
	 * mis-tagged with another's name).  Not against a tag judged by the
	 * rate: a header copied into several repositories has one blob in
	 * each.
	 */
	own_tags(md, &tags, &ltags);
	if (md->has_blobs && !md->blobs_missing)
		blobs_root(md);
	c.stage = 2;
	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];

		if (!tag_counted(md, (uint32_t)i) || m->foreign)
			continue;
		c.m = m;
		c.hit = NULL;
		set64_free(&c.seen);
		subject_tags(m->subject, count_tag, &c);
		if (!c.hit)
			c.hit = thread_hit(md, &c, m, &ltags);
		/* Made in the history's tree: no tag judged by files alone decides. */
		if (m->bpre && m->broot == m->bpre && (!c.hit ||
		    ((struct tagstat *)hmap_get(&tags, c.hit, strlen(c.hit))->val)->byfiles)) {
			tag_note(md, &tags, m, &ltags, rate, ownrate, c.m == m ? c.hit : NULL);
		} else if (!c.hit) {
			tag_note(md, &tags, m, &ltags, rate, ownrate, NULL);
		} else {
			struct buf b = BUF_INIT;
			struct tagstat *t = hmap_get(&tags, c.hit, strlen(c.hit))->val;

			m->foreign = 1;
			m->bytag = c.m == m ? 1 : 2;
			if (t->byfiles)
				buf_addf(&b, "[%s], a tag none of whose %lu patches the history "
				    "took, %lu of them another repository's by their files", c.hit,
				    t->patches, t->other);
			else if (!t->merged)
				buf_addf(&b, "[%s], a tag none of whose %lu patches the history "
				    "took", c.hit, t->patches);
			else
				buf_addf(&b, "[%s], a tag of whose %lu patches the history took "
				    "%lu (it takes %.0f%% of all, %.0f%% of the project's: %.1f "
				    "expected)", c.hit, t->patches, t->merged, 100.0 * rate,
				    100.0 * ownrate, tag_expect(t, rate, ownrate));
			m->fwhy = arena_strndup(&md->mem, b.p, b.len);
			buf_free(&b);
		}
	}
	set64_free(&c.seen);
	blobs_judge(md, &ltags);
	set64_free(&ltags);
	buf_free(&c.key);
	hmap_free(&tags);
	hmap_free(&perlist);
	hmap_free(&lists);
}
