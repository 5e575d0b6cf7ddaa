/*
 * release.c - which commits are releases (their tags, titles, version
 * files and bumps: the off-list reason release), and who tags them (one
 * who pushes: release_taggers()).
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "judge.h"
#include "person.h"
#include "text.h"
#include "util.h"

/* Is word w (lower case) a word of the commit's title words? */
static int
title_has(const struct commit *c, const char *w)
{
	size_t k = strlen(w);

	for (const char *p = c->ntitle ? c->ntitle : ""; (p = strstr(p, w)); p += k)
		if ((p == c->ntitle || p[-1] == ' ') && (!p[k] || p[k] == ' '))
			return 1;
	return 0;
}

/*
 * Where the title proper begins: after its last "prefix: " part, a
 * prefix being of PREFIX_SPACES spaces at most ("events2,v9: add
 * --full", "doc, v9: Fix warning": the v9 names a branch, no release).
 */
#define PREFIX_SPACES 2

static const char *
title_proper(const char *s)
{
	const char *t = s;
	int spaces = 0;

	for (const char *p = s; *p && spaces <= PREFIX_SPACES; p++) {
		if (*p == ':' && p[1] == ' ')
			t = p + 2;
		spaces += *p == ' ';
	}
	return t;
}

/*
 * Does the title proper (title_proper()) name a version: a word of
 * digits and dots with a dot or a v before it (1.2, v1.2.3: the title
 * words split them at the dots, so "1 2" after a word), or a date of
 * eight digits (LTP's 20190517)?  *last (if not NULL) is set when that
 * version ends the subject ("sparse 0.6.4", not "remove 8.3 utils").
 */
static int
names_version(const struct commit *c, int *last)
{
	const char *t = title_proper(c->subject);

	if (last)
		*last = 0;
	for (const char *p = t; *p; p++) {
		const char *q = p;
		int dots = 0;

		if (p > t && (isalnum((unsigned char)p[-1]) || p[-1] == '.'))
			continue;
		if (*q == 'v' || *q == 'V')
			q++;
		if (!isdigit((unsigned char)*q))
			continue;
		while (isdigit((unsigned char)*q) || (*q == '.' && isdigit((unsigned char)q[1])))
			dots += *q++ == '.';
		/* A pre-release after three numbers: 1.2.5pre1, 2.0.0rc2. */
		if (isalpha((unsigned char)*q) && dots >= 2) {
			while (isalpha((unsigned char)*q))
				q++;
			while (isdigit((unsigned char)*q))
				q++;
		}
		if (isalnum((unsigned char)*q))
			continue;
		if (dots || q - p == 8 || p[0] == 'v' || p[0] == 'V') {
			if (last) {
				while (*q && !isalnum((unsigned char)*q))
					q++;
				*last = !*q;
			}
			return 1;
		}
	}
	return 0;
}

/*
 * Does a "prefix: " part of the commit's subject name a change log it
 * changes (CHANGES, ChangeLog, NEWS or VERSION, in any case, less the
 * extension): "CHANGES: conceal fixes", "btrfs-progs: CHANGES: fix a
 * typo"?  ("configure: ..." names a build file, no release's.)
 */
static int
prefix_names_file(const struct commit *c)
{
	static const char *const logs[] = { "changes", "changelog", "news", "version" };
	const char *s = c->subject;

	for (;;) {
		size_t k = strcspn(s, ": "), j;

		if (!k || s[k] != ':' || s[k + 1] != ' ')
			return 0;
		for (j = 0; j < sizeof logs / sizeof logs[0]; j++)
			if (strlen(logs[j]) == k && !strncasecmp(s, logs[j], k))
				break;
		if (j == sizeof logs / sizeof logs[0]) {
			s += k + 2;
			continue;
		}
		for (const char *p = c->files ? c->files : ""; *p;) {
			size_t n = strcspn(p, "\n"), pl, bl;
			const char *pp = change_path(p, n, &pl), *base = path_name(pp, pl, &bl), *dot;

			dot = memchr(base, '.', bl);
			if ((size_t)((dot ? dot : base + bl) - base) == k && !strncasecmp(base, s, k))
				return 1;
			p += n + (p[n] == '\n');
		}
		s += k + 2;
	}
}

/*
 * A title of this many words at most naming "version" is of the version
 * alone, when the commit changes version files alone ("Update version
 * for development"; not "build: increment the revision in libfoo's ABI
 * version").
 */
#define RELEASE_WORDS 5

/* The number of words of the commit's title. */
static int
title_words(const struct commit *c)
{
	const char *t = c->ntitle ? c->ntitle : "";
	int nw = *t != 0;

	for (const char *p = t; *p; p++)
		nw += *p == ' ';
	return nw;
}

static const char *const release_words[] = {
	"release", "released", "releasing", "version", "bump", "bumped", "prepare",
	"tag", "tagged",
};

/*
 * A tagged commit that is the release itself: its title names a
 * version or a release word, or it changes release notes, change logs
 * or version files alone.  A tag on a bug fix ("gssd: Reworked a couple
 * debugging printfs", the tip when nfs-utils-2-5-2-rc1 was cut) names
 * the tree it ends, not the commit's reason to be.
 */
int
tag_release(const struct commit *c)
{
	if (!c->tagged)
		return 0;
	if (c->verfiles || names_version(c, NULL))
		return 1;
	for (size_t i = 0; i < sizeof release_words / sizeof release_words[0]; i++)
		if (title_has(c, release_words[i]))
			return 1;
	return 0;
}

/*
 * A release: tagged as one (tag_release()), or a version named beside
 * a release word or in a title of nothing else; or release notes,
 * change logs and version files alone under a title that says so.
 */
int
release_commit(const struct commit *c)
{
	int last;

	if (tag_release(c))
		return 1;
	/*
	 * Release notes, a change log or a version file alone, under a
	 * title that says so, or a short title of the version alone
	 * ("Update version string for dev": the next cycle opened).
	 */
	if (c->verfiles && (title_has(c, "release") || title_has(c, "notes") ||
	    title_has(c, "changelog") || title_has(c, "news") || names_version(c, NULL) ||
	    prefix_names_file(c) || (title_has(c, "version") && title_words(c) <= RELEASE_WORDS)))
		return 1;
	if (!names_version(c, &last))
		return 0;
	for (size_t i = 0; i < sizeof release_words / sizeof release_words[0]; i++)
		if (title_has(c, release_words[i]))
			return 1;
	/* "sparse 0.6.4", "LTP 20190517": a name and the version alone, last. */
	return last && title_words(c) <= 4;
}

/* Did the commit's committer (by address or name) commit a release's tagged commit? */
int
release_tagger(const struct model *md, const struct commit *c)
{
	return (*c->committer && set64_has(&md->taggers, hash_bytes(c->committer,
	    strlen(c->committer)))) || (*c->cname && set64_has(&md->taggers,
	    hash_bytes(c->cname, strlen(c->cname))));
}

void
release_taggers(struct model *md)
{
	for (size_t i = 0; i < md->ncommits; i++) {
		const struct commit *c = &md->commits[i];

		if (!tag_release(c) || machine_committer(c->committer, c->cname))
			continue;
		if (*c->committer)
			set64_add(&md->taggers, hash_bytes(c->committer, strlen(c->committer)));
		if (*c->cname)
			set64_add(&md->taggers, hash_bytes(c->cname, strlen(c->cname)));
	}
}

/*
 * The next cycle opened: its diff bumps a version string alone
 * (patchtok's flag bump), and its committer committed a release's tagged
 * commit in the CYCLE_DAYS before it ("Start new development cycle",
 * seconds after the tag's "Update CHANGELOG for upcoming release").  A
 * dependency's version bumped ("meson: bump required version to
 * 0.60.0") is no release's.
 */
#define CYCLE_DAYS 2

int
next_cycle(const struct model *md, const struct commit *c)
{
	if (!c->bump || c->cdate == NODATE)
		return 0;
	for (size_t i = 0; i < md->ncommits; i++) {
		const struct commit *t = &md->commits[i];

		if (t->cdate != NODATE && t->cdate <= c->cdate &&
		    t->cdate >= c->cdate - (int64_t)CYCLE_DAYS * DAY && tag_release(t) &&
		    one_person(t->committer, t->cname, c->committer, c->cname, 0))
			return 1;
	}
	return 0;
}
