/*
 * commit.c - one commit in, one TSV row out.
 *
 * The diff is libgit2's patch text against the first parent, with
 * rename detection and three lines of context, as git diff-tree -p -M
 * prints it.  Text is converted to UTF-8: from the commit's encoding
 * header when it has one, else it must be UTF-8 already, else it is
 * read as Windows-1252 (the usual culprit) and the row is flagged.
 * A commit whose diff cannot be made because an object is missing (a
 * partial clone) or unreadable keeps its row, flagged, without a diff.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "charset.h"
#include "git2tsv.h"
#include "text.h"
#include "tsv.h"
#include "util.h"
#include "vocab.h"

void
commit_text(struct buf *out, const char *s, size_t n, const char *encoding,
    unsigned *flags)
{
	unsigned f = 0;

	if (encoding && *encoding && strcasecmp(encoding, "utf-8") &&
	    strcasecmp(encoding, "utf8")) {
		charset_to_utf8(out, s, n, encoding, &f);
		if (f)
			*flags |= G_BADCHAR;
		return;
	}
	if (utf8_valid_prefix(s, n) == n) {
		buf_add(out, s, n);
		return;
	}
	*flags |= G_CP1252;
	charset_to_utf8(out, s, n, "WINDOWS-1252", &f);
	if (f)
		*flags |= G_BADCHAR;
}

/* A 40-hex word at p (not part of a longer hex run)? */
static int
hex40(const char *p, const char *start, const char *end)
{
	int i;

	if (end - p < 40 || (p > start && isxdigit((unsigned char)p[-1])))
		return 0;
	for (i = 0; i < 40; i++)
		if (!isxdigit((unsigned char)p[i]))
			return 0;
	return p + 40 == end || !isxdigit((unsigned char)p[40]);
}

/*
 * Commits named as the upstream of this one: "commit X upstream.",
 * "[ Upstream commit X ]", "(cherry picked from commit X)".
 */
static void
upstream(struct buf *out, const char *msg, size_t n)
{
	static const char *const pre[] = {
		"commit ", "upstream commit ", "cherry picked from commit ", NULL
	};
	struct line_walk lw;
	const char *p;
	size_t len;

	line_walk_init(&lw, msg, n);
	while (line_next(&lw, &p, &len)) {
		const char *le = p + len, *q = p;

		while (q < le && (*q == ' ' || *q == '\t' || *q == '[' || *q == '('))
			q++;
		for (const char *const *w = pre; *w; w++) {
			size_t k = strlen(*w);

			if ((size_t)(le - q) < k + 40 || strncasecmp(q, *w, k) != 0 ||
			    !hex40(q + k, q, le))
				continue;
			/* "commit X" alone must say "upstream" after the hash. */
			if (w == pre && !find_ci(q + k + 40, (size_t)(le - q - k - 40), "upstream"))
				continue;
			if (out->len)
				buf_addc(out, ' ');
			buf_add(out, q + k, 40);
			lower(out->p + out->len - 40, 40);
			break;
		}
	}
}

/* Add one Message-ID (percent escapes undone, brackets gone). */
static void
add_id(struct buf *out, const char *s, size_t n)
{
	size_t start;

	while (n && (*s == '<' || *s == ' '))
		s++, n--;
	while (n && (s[n - 1] == '>' || s[n - 1] == ' ' || s[n - 1] == '/' ||
	    s[n - 1] == '.' || s[n - 1] == ',' || s[n - 1] == ')'))
		n--;
	if (!n || memchr(s, ' ', n))
		return;
	start = out->len;
	if (out->len)
		buf_addc(out, ' ');
	for (size_t i = 0; i < n; i++) {
		int h, l;

		if (s[i] == '%' && i + 2 < n && (h = hexval((unsigned char)s[i + 1])) >= 0 &&
		    (l = hexval((unsigned char)s[i + 2])) >= 0) {
			buf_addc(out, h * 16 + l);
			i += 2;
		} else {
			buf_addc(out, s[i]);
		}
	}
	/* Not an id after all: no '@' once escapes are undone. */
	if (!memchr(out->p + start, '@', out->len - start))
		buf_truncate(out, start);
}

/*
 * Message-IDs named by Link: and Message-Id: trailers.  A link is
 * reduced to the id when it is a URL whose last path part (or the one
 * before a trailing "/T/", "/raw" ...) holds an '@': lore, patch.msgid.link,
 * lkml.kernel.org/r.
 */
static void
links(struct buf *out, const char *msg, size_t n)
{
	struct line_walk lw;
	const char *p;
	size_t len;

	line_walk_init(&lw, msg, n);
	while (line_next(&lw, &p, &len)) {
		const char *le = p + len;

		if (has_prefix_ci(p, len, "link:")) {
			const char *v = p + 5, *at, *s, *e;

			while (v < le && (*v == ' ' || *v == '\t'))
				v++;
			/* The path part that holds the '@'. */
			at = memchr(v, '@', (size_t)(le - v));
			if (!at)
				at = find_bytes(v, (size_t)(le - v), "%40", 3);
			if (at) {
				for (s = at; s > v && s[-1] != '/' && s[-1] != ' ' && s[-1] != '<'; s--)
					;
				for (e = at; e < le && *e != '/' && *e != ' ' && *e != '>' &&
				    *e != '?' && *e != '#'; e++)
					;
				add_id(out, s, (size_t)(e - s));
			}
		} else if (has_prefix_ci(p, len, "message-id:")) {
			add_id(out, p + 11, len - 11);
		}
	}
}

const char *
git_subject(struct buf *out, const char *msg, size_t n)
{
	const char *p = msg, *end = msg + n, *nl;
	size_t len;

	/* Blank lines before the subject are skipped, as git does. */
	for (;;) {
		nl = memchr(p, '\n', (size_t)(end - p));
		len = (size_t)((nl ? nl : end) - p);
		{
			size_t k = len;

			while (k && isspace((unsigned char)p[k - 1]))
				k--;
			if (k || !nl)
				break;
		}
		p = nl + 1;
	}
	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		len = (size_t)((nl ? nl : end) - p);
		while (len && isspace((unsigned char)p[len - 1]))
			len--;
		if (!len)
			break;
		if (out->len)
			buf_addc(out, ' ');
		buf_add(out, p, len);
		p = nl ? nl + 1 : end;
	}
	return p;
}

static void
person(struct buf *row, const git_signature *sig, const char *enc, unsigned *flagged)
{
	struct buf t = BUF_INIT;

	commit_text(&t, sig->name, strlen(sig->name), enc, flagged);
	tsv_add(row, t.p, t.len);
	tsv_sep(row);
	buf_reset(&t);
	commit_text(&t, sig->email, strlen(sig->email), enc, flagged);
	lower(t.p, t.len);
	tsv_add(row, t.p, t.len);
	tsv_sep(row);
	buf_free(&t);
}

static int
fail(const struct g2opts *o, const git_oid *oid, const char *what)
{
	const git_error *e = git_error_last();
	char hex[GIT_OID_HEXSZ + 1];

	git_oid_tostr(hex, sizeof hex, oid);
	/*
	 * Workers warn at the same time, and warnx writes a line in parts:
	 * holding stderr's lock keeps each line whole.
	 */
	flockfile(stderr);
	warnx("%s: commit %s: %s: %s", o->repo, hex, what,
	    e && e->message ? e->message : "unknown error");
	funlockfile(stderr);
	return -1;
}

int
commit_row(struct keep *k, git_commit *c, const git_oid *ptree,
    const struct g2opts *o, struct buf *row)
{
	const git_oid *oid = git_commit_id(c);
	const git_signature *au, *co;
	const char *enc, *raw, *rest;
	struct buf msg = BUF_INIT, t = BUF_INIT, subj = BUF_INIT, diff = BUF_INIT;
	struct buf why = BUF_INIT;
	int badchar = 0;
	char hex[GIT_OID_HEXSZ + 1], date[21];
	unsigned i, np;
	unsigned flagged = 0;
	int rc = -1;

	buf_reset(row);
	np = git_commit_parentcount(c);
	if (np > 1 && !o->merges)
		return 1;
	switch (diff_commit(k, c, ptree, o, &diff, &badchar, &why)) {
	case 0:
		break;
	case DIFF_DAMAGED:
		/*
		 * The commit itself is there, so is its row: a missing blob
		 * (a partial clone) must not stop the run.  What the diff
		 * had so far is dropped, an empty diff is what says none.
		 */
		git_oid_tostr(hex, sizeof hex, oid);
		flockfile(stderr);  /* a whole line, as in fail() */
		warnx("%s: commit %s: cannot diff: %s", o->repo, hex, why.p);
		funlockfile(stderr);
		buf_reset(&diff);
		badchar = 0;
		flagged |= G_DAMAGED;
		break;
	default:
		fail(o, oid, "skipped: cannot make its diff");
		goto out;
	}

	enc = git_commit_message_encoding(c);
	raw = git_commit_message_raw(c);
	commit_text(&msg, raw, strlen(raw), enc, &flagged);
	rest = git_subject(&subj, msg.p ? msg.p : "", msg.len);
	au = git_commit_author(c);
	co = git_commit_committer(c);

	/* id date from_name from_addr subject title */
	git_oid_tostr(hex, sizeof hex, oid);
	buf_addstr(row, hex);
	tsv_sep(row);
	iso_utc(date, au->when.time);
	buf_addstr(row, date);
	tsv_sep(row);
	person(row, au, enc, &flagged);
	tsv_add(row, subj.p, subj.len);
	tsv_sep(row);
	tsv_add(row, subj.p, subj.len);
	tsv_sep(row);
	/* committer_name committer_addr commit_date parents */
	person(row, co, enc, &flagged);
	iso_utc(date, co->when.time);
	buf_addstr(row, date);
	tsv_sep(row);
	for (i = 0; i < np; i++) {
		if (i)
			buf_addc(row, ' ');
		buf_addstr(row, git_oid_tostr(hex, sizeof hex, git_commit_parent_id(c, i)));
	}
	tsv_sep(row);
	/* type flags links upstream */
	buf_addstr(row, np > 1 ? TYPE_MERGE : np == 0 ? TYPE_ROOT : TYPE_COMMIT);
	tsv_sep(row);
	if (badchar)
		flagged |= G_BADCHAR;
	if (o->side)
		flagged |= G_SIDE;
	{
		size_t start = row->len;

		for (i = 0; i < G_COUNT; i++) {
			if (!(flagged & (1u << i)))
				continue;
			if (row->len > start)
				buf_addc(row, ',');
			buf_addstr(row, commit_flag_names[i]);
		}
	}
	tsv_sep(row);
	links(&t, msg.p ? msg.p : "", msg.len);
	tsv_add(row, t.p, t.len);
	tsv_sep(row);
	buf_reset(&t);
	upstream(&t, msg.p ? msg.p : "", msg.len);
	tsv_add(row, t.p, t.len);
	tsv_sep(row);
	/* message diff src */
	buf_reset(&t);
	stripspace(&t, rest, (size_t)(msg.p + msg.len - rest));
	tsv_add(row, t.p, t.len);
	tsv_sep(row);
	buf_add(row, diff.p ? diff.p : "", diff.len);
	tsv_sep(row);
	tsv_addstr(row, o->repo);
	rc = (flagged & G_DAMAGED) ? ROW_DAMAGED : 0;
out:
	buf_free(&msg);
	buf_free(&t);
	buf_free(&subj);
	buf_free(&diff);
	buf_free(&why);
	return rc;
}
