/*
 * issues.c - the issues a patch mail's or a commit's message names, its
 * trailers too: "Closes: #12", "Fixes: https://github.com/o/r/issues/12",
 * "Fixes: https://issues.redhat.com/browse/RHEL-96937", "Resolves:
 * RHEL-96937".  Kept as hashes beside the mail or commit (md->issm,
 * md->issc), sorted once all is read (issues_finish()): the judge asks
 * which commits name an issue a patch names (carried.c), whatever files
 * they change.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hash.h"
#include "readers.h"
#include "util.h"

/* The words after which "#N" names an issue ("Fixes #12", "closes: #12"). */
static const char *const words[] = {
	"issue", "issues", "closes", "fixes", "resolves", "bug",
};

/* The links whose number is an issue's or a pull request's (one sequence on a forge). */
static const char *const links[] = { "/issues/", "/pull/", "show_bug.cgi?id=" };

/* The trailers whose value may be a tracker's key, KEY-N ("Resolves: RHEL-96937"). */
static const char *const keytags[] = {
	"fixes", "closes", "resolves", "bug", "issue", "jira", "bugzilla",
};

/* A tracker's key at s (a capital, then capitals or digits, a dash, digits): its length; 0. */
static size_t
tracker_key(const char *s, size_t n)
{
	size_t i = 0, d;

	if (!n || !isupper((unsigned char)s[0]))
		return 0;
	while (i < n && (isupper((unsigned char)s[i]) || isdigit((unsigned char)s[i])))
		i++;
	if (i < 2 || i >= n || s[i] != '-')
		return 0;
	for (d = i + 1; d < n && d - i <= 12 && isdigit((unsigned char)s[d]); d++)
		;
	if (d == i + 1 || (d < n && isalnum((unsigned char)s[d])))
		return 0;
	return d;
}

/* Is s[i] the start of a line: the text's, or after a newline, raw ("\n") or escaped ("\\n")? */
static int
line_start(const char *s, size_t i)
{
	return i == 0 || s[i - 1] == '\n' ||
	    (i >= 2 && s[i - 2] == '\\' && s[i - 1] == 'n' && (i < 3 || s[i - 3] != '\\'));
}

/* The key of a trailer line at s[i] naming a tracker's key: its start, its length in *k; NULL. */
static const char *
trailer_key(const char *s, size_t n, size_t i, size_t *k)
{
	for (size_t w = 0; w < sizeof keytags / sizeof keytags[0]; w++) {
		size_t l = strlen(keytags[w]), j = i + l;

		if (j >= n || strncasecmp(s + i, keytags[w], l) || s[j] != ':')
			continue;
		for (j++; j < n && (s[j] == ' ' || s[j] == '\t'); j++)
			;
		if ((*k = tracker_key(s + j, n - j)))
			return s + j;
	}
	return NULL;
}

uint32_t
issue_keys(const char *s, size_t n, uint64_t *v, uint32_t max)
{
	uint32_t k = 0;

	for (size_t i = 0; i < n && k < max; i++) {
		size_t j = i, d, kl;
		const char *key;
		int hit = 0, ls = line_start(s, i);

		/* Most bytes start nothing: a link's slash, a '#', "show_bug", a line. */
		if (!ls && s[i] != '/' && s[i] != '#' && s[i] != 's')
			continue;
		/* A tracker's key: after "/browse/", or a trailer's value. */
		if (i + 8 <= n && !memcmp(s + i, "/browse/", 8) &&
		    (kl = tracker_key(s + i + 8, n - i - 8))) {
			v[k++] = hash_bytes(s + i + 8, kl) | 1;
			i += 8 + kl - 1;
			continue;
		}
		if (ls && (key = trailer_key(s, n, i, &kl))) {
			v[k++] = hash_bytes(key, kl) | 1;
			i = (size_t)(key - s) + kl - 1;
			continue;
		}
		for (size_t w = 0; w < sizeof links / sizeof links[0] && !hit; w++) {
			size_t l = strlen(links[w]);

			if (i + l <= n && !memcmp(s + i, links[w], l)) {
				j = i + l;
				hit = 1;
			}
		}
		if (!hit && s[i] == '#' && i > 0) {
			/* Back over blanks and a colon to the word before. */
			size_t b = i;

			while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == ':'))
				b--;
			for (size_t w = 0; w < sizeof words / sizeof words[0] && !hit; w++) {
				size_t l = strlen(words[w]);

				/* A word of its own: after a blank, a mark, or an escaped newline. */
				if (b >= l && !strncasecmp(s + b - l, words[w], l) &&
				    (b == l || !isalnum((unsigned char)s[b - l - 1]) ||
				    (b >= l + 2 && s[b - l - 2] == '\\' &&
				    (s[b - l - 1] == 'n' || s[b - l - 1] == 't'))))
					hit = 1;
			}
			j = i + 1;
		}
		if (!hit)
			continue;
		for (d = j; d < n && d - j < 12 && s[d] >= '0' && s[d] <= '9'; d++)
			;
		if (d == j || (d < n && isalnum((unsigned char)s[d])))
			continue;
		v[k++] = hash_bytes(s + j, d - j) | 1;
		i = d;
	}
	return k;
}

/* The issues of message s of mail or commit who into *t (md->issm or md->issc). */
void
issues_note(struct issues *t, uint32_t who, const char *s, size_t n)
{
	uint64_t v[ISSUES_MAX];
	uint32_t k = issue_keys(s, n, v, ISSUES_MAX);

	for (uint32_t i = 0; i < k; i++) {
		if (t->n == t->cap) {
			t->cap = t->cap ? 2 * t->cap : 64;
			t->v = xreallocarray(t->v, t->cap, sizeof *t->v);
		}
		t->v[t->n].who = who;
		t->v[t->n++].h = v[i];
	}
}

static int
cmp_issue(const void *a, const void *b)
{
	const struct issue *x = a, *y = b;

	if (x->who != y->who)
		return x->who < y->who ? -1 : 1;
	return (x->h > y->h) - (x->h < y->h);
}

/* Sorted by mail or commit, then hash, each pair once. */
void
issues_finish(struct issues *t)
{
	size_t u = 0;

	if (!t->n)
		return;
	qsort(t->v, t->n, sizeof *t->v, cmp_issue);
	for (size_t i = 1; i < t->n; i++)
		if (t->v[i].who != t->v[u].who || t->v[i].h != t->v[u].h)
			t->v[++u] = t->v[i];
	t->n = u + 1;
}

uint32_t
issues_get(const struct issues *t, uint32_t who, uint64_t *out, uint32_t max)
{
	size_t lo = 0, hi = t->n;
	uint32_t k = 0;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->v[mid].who < who)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < t->n && t->v[lo].who == who && k < max; lo++)
		out[k++] = t->v[lo].h;
	return k;
}
