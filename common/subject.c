/*
 * subject.c - what a mail subject says about the patch it carries
 * (subject.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "subject.h"
#include "text.h"

static int
all_digits(const char *s, size_t n)
{
	size_t i;

	if (!n)
		return 0;
	for (i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

static int
tok_is(const char *t, size_t n, const char *word)
{
	return strlen(word) == n && strncasecmp(t, word, n) == 0;
}

static int
atoi_n(const char *s, size_t n)
{
	int v = 0;
	size_t i;

	for (i = 0; i < n && v < 100000; i++)
		v = v * 10 + (s[i] - '0');
	return v;
}

/* "v2", "V3", "v2.1": the leading number, or -1. */
static int
version_tok(const char *t, size_t n)
{
	size_t k = 1;

	if (n < 2 || (t[0] != 'v' && t[0] != 'V'))
		return -1;
	while (k < n && isdigit((unsigned char)t[k]))
		k++;
	if (k == 1)
		return -1;
	if (k < n && !(t[k] == '.' && all_digits(t + k + 1, n - k - 1)))
		return -1;
	return atoi_n(t + 1, k - 1);
}

static int
has_rc(const char *t, size_t n)
{
	return n > 3 && strncasecmp(t, "-rc", 3) == 0 && all_digits(t + 3, n - 3);
}

/* "5.4", "4.19.12", "5.10-rc3": a release number. */
static int
release_tok(const char *t, size_t n)
{
	size_t i, dots = 0;

	if (!n || !isdigit((unsigned char)t[0]))
		return 0;
	for (i = 0; i < n; i++) {
		if (t[i] == '.')
			dots++;
		else if (t[i] == '-' && dots)
			return has_rc(t + i, n - i);
		else if (!isdigit((unsigned char)t[i]))
			return 0;
	}
	return dots >= 1 && dots <= 2 && t[n - 1] != '.';
}

/*
 * A word that may be glued to another by '-' or '_' in a process tag:
 * "RFC-PATCH", "PATCH_RFC", "RFC-v2".  Other glued words ("net-next",
 * "for-5.4", "linux-next") are names, not tags, and stay whole.
 */
static int
tag_word(const char *t, size_t n)
{
	if (tok_is(t, n, "rfc") || tok_is(t, n, "patch") || tok_is(t, n, "resend") ||
	    version_tok(t, n) >= 0)
		return 1;
	if (n > 5 && strncasecmp(t, "patch", 5) == 0 && version_tok(t + 5, n - 5) >= 0)
		return 1;
	return n > 3 && strncasecmp(t, "rfc", 3) == 0 && version_tok(t + 3, n - 3) >= 0;
}

static void token(const char *t, size_t n, struct subject_info *si, int *release);

/* "RFC-PATCH", "PATCH_RFC_v2": when every glued part is a tag word, each counts. */
static int
glued(const char *t, size_t n, struct subject_info *si, int *release)
{
	size_t i, start = 0, parts = 0;

	for (i = 0; i <= n; i++) {
		if (i < n && t[i] != '-' && t[i] != '_')
			continue;
		if (!tag_word(t + start, i - start))
			return 0;
		parts++;
		start = i + 1;
	}
	if (parts < 2)
		return 0;
	for (i = 0, start = 0; i <= n; i++) {
		if (i < n && t[i] != '-' && t[i] != '_')
			continue;
		token(t + start, i - start, si, release);
		start = i + 1;
	}
	return 1;
}

static void
token(const char *t, size_t n, struct subject_info *si, int *release)
{
	const char *slash;
	int v;

	if (!n)
		return;
	slash = memchr(t, '/', n);
	if (slash) {
		size_t a = (size_t)(slash - t);

		if (all_digits(t, a) && all_digits(slash + 1, n - a - 1)) {
			si->part = atoi_n(t, a);
			si->total = atoi_n(slash + 1, n - a - 1);
			return;
		}
		/* "RFC/PATCH", "siemens/jailhouse": the parts one by one. */
		token(t, a, si, release);
		token(slash + 1, n - a - 1, si, release);
		return;
	}
	if (glued(t, n, si, release))
		return;
	if (n >= 5 && strncasecmp(t, "patch", 5) == 0) {
		si->tags |= SUBJ_PATCH;
		t += 5;
		n -= 5;
		if (n && (*t == '-' || *t == '_'))
			t++, n--;
		if (n && (v = version_tok(t, n)) >= 0)
			si->version = v;
		return;
	}
	if ((v = version_tok(t, n)) >= 0) {
		si->version = v;
		return;
	}
	if (tok_is(t, n, "rfc"))
		si->tags |= SUBJ_RFC;
	else if (n > 3 && strncasecmp(t, "rfc", 3) == 0 &&
	    (v = version_tok(t + 3, n - 3)) >= 0) {
		/* "RFCv2": an RFC and its version in one word ("rfcomm" is neither). */
		si->tags |= SUBJ_RFC;
		si->version = v;
	} else if (tok_is(t, n, "resend"))
		si->tags |= SUBJ_RESEND;
	else if (tok_is(t, n, "pull") || tok_is(t, n, "pull-request") ||
	    tok_is(t, n, "pr"))
		si->tags |= SUBJ_PULL;
	else if (tok_is(t, n, "next") || tok_is(t, n, "-next") ||
	    tok_is(t, n, "linux-next"))
		si->tags |= SUBJ_NEXT;
	else if (tok_is(t, n, "stable") || tok_is(t, n, "autosel"))
		si->tags |= SUBJ_STABLE;
	else if (release_tok(t, n))
		*release = 1;
}

/*
 * Does a bracket group s[0..n) mark a patch not meant to be merged?  Its
 * words (letters and digits; anything else parts them, so "DO_NOT_MERGE"
 * is three) hold WIP, DNM, DEBUG, HACK, REF, TEST beside PATCH or alone,
 * or the runs DO NOT MERGE, NOT FOR MERGE (MERGING) and HEADS UP.
 */
static int
nosub_group(const char *s, size_t n)
{
	static const char *const alone[] = { "wip", "dnm", "debug", "hack", "ref", NULL };
	static const char *const runs[][4] = {
		{ "do", "not", "merge", NULL }, { "not", "for", "merge", NULL },
		{ "not", "for", "merging", NULL }, { "heads", "up", NULL, NULL },
	};
	const char *w[16];
	size_t len[16], nw = 0, i = 0, k;
	int patch = 0, test = 0;

	while (i < n && nw < 16) {
		while (i < n && !isalnum((unsigned char)s[i]))
			i++;
		if (i == n)
			break;
		w[nw] = s + i;
		while (i < n && isalnum((unsigned char)s[i]))
			i++;
		len[nw] = (size_t)(s + i - w[nw]);
		nw++;
	}
	for (k = 0; k < nw; k++) {
		for (const char *const *a = alone; *a; a++)
			if (tok_is(w[k], len[k], *a))
				return 1;
		patch |= tok_is(w[k], len[k], "patch");
		test |= tok_is(w[k], len[k], "test");
		for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
			size_t j;

			for (j = 0; runs[r][j] && k + j < nw && tok_is(w[k + j], len[k + j], runs[r][j]); j++)
				;
			if (!runs[r][j])
				return 1;
		}
	}
	return test && (patch || nw == 1);
}

static void
bracket(const char *s, size_t n, struct subject_info *si)
{
	size_t i = 0, start;
	int release = 0;

	while (i < n) {
		while (i < n && (isspace((unsigned char)s[i]) || s[i] == ','))
			i++;
		start = i;
		while (i < n && !isspace((unsigned char)s[i]) && s[i] != ',')
			i++;
		token(s + start, i - start, si, &release);
	}
	if (nosub_group(s, n))
		si->tags |= SUBJ_NOSUB;
	/* Stable review series: "[PATCH 5.4 012/123]". */
	if (release && (si->tags & SUBJ_PATCH) && si->total > 0)
		si->tags |= SUBJ_STABLE;
}

static const char *const reply_words[] = {
	"re", "aw", "sv", "antw", "odp", "vs", "res", NULL
};
static const char *const fwd_words[] = { "fwd", "fw", NULL };

/* Length of a "Re:"-like marker at s, or 0; sets the tag. */
static size_t
marker(const char *s, size_t n, unsigned *tags)
{
	size_t k = 0, i;

	while (k < n && isalpha((unsigned char)s[k]))
		k++;
	if (!k || k >= n)
		return 0;
	/* "Re[2]:" counts replies; skip the count. */
	i = k;
	if (s[i] == '[') {
		while (i < n && s[i] != ']')
			i++;
		if (i >= n || !all_digits(s + k + 1, i - k - 1))
			return 0;
		i++;
	}
	if (i >= n || s[i] != ':')
		return 0;
	for (const char *const *w = reply_words; *w; w++)
		if (tok_is(s, k, *w)) {
			*tags |= SUBJ_REPLY;
			return i + 1;
		}
	for (const char *const *w = fwd_words; *w; w++)
		if (tok_is(s, k, *w)) {
			*tags |= SUBJ_FWD;
			return i + 1;
		}
	return 0;
}

void
subject_parse(const char *s, size_t n, struct subject_info *si)
{
	size_t i = 0, k;
	const char *close;

	si->version = si->part = si->total = -1;
	si->tags = 0;
	while (i < n) {
		if (isspace((unsigned char)s[i]) || s[i] == ':') {
			i++;
			continue;
		}
		if (s[i] == '[') {
			close = memchr(s + i, ']', n - i);
			if (!close)
				break;
			si->tags |= SUBJ_BRACKET;
			bracket(s + i + 1, (size_t)(close - s) - i - 1, si);
			i = (size_t)(close - s) + 1;
			continue;
		}
		k = marker(s + i, n - i, &si->tags);
		if (!k)
			break;
		i += k;
	}
	si->head = i;
	/* "[PATCH] RFC: ..." asks for comments as much as "[RFC PATCH]" does. */
	if (n - i >= 4 && !memcmp(s + i, "RFC:", 4))
		si->tags |= SUBJ_RFC;
}

void
subject_title(struct buf *out, const char *s, size_t n)
{
	size_t i = 0, start;
	const char *close;
	int space = 0;

	/* git am's cleanup: "Re:", blanks, ':' and [...] groups, from the front. */
	for (;;) {
		if (i >= n)
			break;
		if ((s[i] == 'r' || s[i] == 'R') && n > i + 3 &&
		    (s[i + 1] == 'e' || s[i + 1] == 'E') && s[i + 2] == ':') {
			i += 3;
			continue;
		}
		if (s[i] == ' ' || s[i] == '\t' || s[i] == ':') {
			i++;
			continue;
		}
		if (s[i] == '[' && (close = memchr(s + i, ']', n - i))) {
			i = (size_t)(close - s) + 1;
			continue;
		}
		break;
	}
	start = out->len;
	for (; i < n; i++) {
		/* git's isspace(): \v and \f are not blanks to git am. */
		if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			space = 1;
			continue;
		}
		if (space && out->len > start)
			buf_addc(out, ' ');
		space = 0;
		buf_addc(out, s[i]);
	}
}
