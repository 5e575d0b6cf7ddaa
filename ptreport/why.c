/*
 * why.c - the why command: one mail or commit, its verdict, and the
 * evidence that decided it, for the maintainer who disagrees.  The
 * cluster with each member's best pair (and, given the pairs tables,
 * every scored pair of the id), the responses found in its thread and
 * its versions' threads, the coverage and grace, the history's end, and
 * the rule that decided.  Plain text for a person, a fact a line.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <glob.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ptreport.h"
#include "tables.h"
#include "text.h"
#include "tsv.h"
#include "util.h"

static void
line(FILE *fp, int indent, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void
line(FILE *fp, int indent, const char *fmt, ...)
{
	va_list ap;

	fprintf(fp, "%*s", 2 * indent, "");
	va_start(ap, fmt);
	vfprintf(fp, fmt, ap);
	va_end(ap);
	fputc('\n', fp);
}

static const char *
day(char buf[21], int64_t t)
{
	if (t == NODATE)
		return "(no date)";
	iso_utc(buf, t);
	return buf;
}

/* The id as given, without angle brackets. */
static const char *
bare(const char *id, size_t *n)
{
	*n = strlen(id);
	if (*n >= 2 && id[0] == '<' && id[*n - 1] == '>') {
		(*n) -= 2;
		return id + 1;
	}
	return id;
}

static int
is_hex(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]))
			return 0;
	return n > 0;
}

/*
 * The scored pairs of the id asked about and of its cluster's members,
 * as pairs_read() kept them (the tables' rows, in their order).
 */
static void
pairs_lines(const struct model *md, const struct buf *kept, FILE *fp)
{
	if (!md->npairs) {
		line(fp, 1, "scored pairs: no pairs table given (patchsim's; inside a patchtrack "
		    "folder they are read from pairs.list)");
		return;
	}
	if (!kept->len) {
		line(fp, 1, "scored pairs: none of the %zu pairs table%s holds it", md->npairs,
		    md->npairs == 1 ? "" : "s");
		return;
	}
	line(fp, 1, "scored pairs (left right msg diff dlr score fdiff via):");
	for (const char *p = kept->p; p < kept->p + kept->len;) {
		const char *nl = memchr(p, '\n', (size_t)(kept->p + kept->len - p));

		line(fp, 2, "%.*s", (int)(nl - p), p);
		p = nl + 1;
	}
}

/* The ids whose pairs why shows: x's and its cluster k's members (k NONE: none). */
static void
member_ids(const struct model *md, uint32_t k, const char *x, struct hmap *ids)
{
	int isnew;

	hmap_put(ids, x, strlen(x), &isnew);
	if (k == NONE)
		return;
	for (uint32_t m = md->clusters[k].mail; m != NONE; m = md->mails[m].cnext)
		hmap_put(ids, md->mails[m].id, strlen(md->mails[m].id), &isnew);
	for (uint32_t c = md->clusters[k].commit; c != NONE; c = md->commits[c].cnext)
		hmap_put(ids, md->commits[c].id, strlen(md->commits[c].id), &isnew);
}

/* In a brief explanation (the page's), at most this many lines a list. */
#define BRIEF_LINES 8

/*
 * A mail that could answer: the heading before the first; is its line
 * shown (a brief explanation shows BRIEF_LINES, counts the rest)?
 */
static int
answer_shown(FILE *fp, size_t n, int brief, unsigned *any, unsigned *hidden)
{
	if (!(*any)++)
		line(fp, 1, "mails that could answer it, in its thread and its versions' (%zu "
		    "thread%s):", n, n == 1 ? "" : "s");
	if (brief && *any > BRIEF_LINES) {
		(*hidden)++;
		return 0;
	}
	return 1;
}

/* A member of a cluster: is its line shown (a brief explanation shows BRIEF_LINES, counts the rest)? */
static int
member_shown(int brief, unsigned *shown, unsigned *hidden)
{
	if (brief && *shown >= BRIEF_LINES) {
		(*hidden)++;
		return 0;
	}
	(*shown)++;
	return 1;
}

/* The cluster of a mail or commit: its members, each with its best accepted pair. */
static void
cluster_lines(const struct model *md, uint32_t k, FILE *fp, int brief)
{
	const struct cluster *c = &md->clusters[k];
	char d[21];
	unsigned shown = 0, hidden = 0;

	if (c->nside)
		line(fp, 1, "cluster %s: %u mail%s, %u commit%s and %u of side branches (each "
		    "member: date, sender, subject)", c->name, c->nmails,
		    c->nmails == 1 ? "" : "s", c->ncommits, c->ncommits == 1 ? "" : "s", c->nside);
	else
		line(fp, 1, "cluster %s: %u mail%s, %u commit%s (each member: date, sender, "
		    "subject)", c->name, c->nmails, c->nmails == 1 ? "" : "s", c->ncommits,
		    c->ncommits == 1 ? "" : "s");
	for (uint32_t x = c->mail; x != NONE; x = md->mails[x].cnext) {
		const struct mail *m = &md->mails[x];

		if (!member_shown(brief, &shown, &hidden))
			continue;
		line(fp, 2, "mail %s  %.10s  %s  %s%s", m->id, day(d, m->date), m->from,
		    m->subject, m->present ? "" : "  (not in the mails tables)");
	}
	for (uint32_t x = c->commit; x != NONE; x = md->commits[x].cnext) {
		const struct commit *cm = &md->commits[x];

		if (!member_shown(brief, &shown, &hidden))
			continue;
		line(fp, 2, "commit %s  %.10s  %s  %s%s%s", cm->id, day(d, cm->cdate), cm->author,
		    cm->subject, x == c->first_commit && c->ncommits > 1 ? "  (the first: the "
		    "integration)" : "", cm->side ? "  (a side branch's)" : "");
	}
	if (hidden)
		line(fp, 2, "... and %u more", hidden);
}

/* The mails of thread root that may answer (not its patches, covers or bots), by date. */
static void
responses(struct model *md, uint32_t mi, FILE *fp, int brief)
{
	uint32_t *roots = NULL;
	size_t cap = 0, n = answer_threads(md, mi, &roots, &cap);
	const struct mail *m = &md->mails[mi];
	unsigned any = 0, hidden = 0;
	char d[21];

	for (size_t i = 0; i < n; i++)
		for (uint32_t r = md->th[roots[i]].resp; r != NONE; r = md->mails[r].rnext) {
			const struct mail *x = &md->mails[r];
			const char *what;

			if (by_person(x, m->from, m->who))
				what = "its author: no response";
			else if (!can_answer(x, m))
				what = "a part of its own series: no response";
			else if (x->date != NODATE && m->date != NODATE && x->date < m->date)
				what = "before it: no response to it";
			else
				what = "a response";
			if (!answer_shown(fp, n, brief, &any, &hidden))
				continue;
			line(fp, 2, "%.10s  %s  %s  %s  (%s)", day(d, x->date), x->from, x->id,
			    x->subject, what);
		}
	for (size_t i = 0; i < n; i++) {
		size_t lo, hi = cites_of(md, roots[i], &lo);

		for (size_t c = lo; c < hi; c++) {
			const struct mail *x = &md->mails[md->ct[c].mail];

			int reply = 0;

			if (!answer_shown(fp, n, brief, &any, &hidden))
				continue;
			for (size_t q = lo; q < hi && !reply; q++)
				reply = x->parent != NONE && md->ct[q].mail == x->parent;
			line(fp, 2, "%.10s  %s  %s  %s  (%s%s)",
			    day(d, x->date), x->from, x->id, x->subject,
			    reply ? "answers a mail citing it from outside the thread" :
			    "cites it from outside the thread",
			    cite_answers(x, m) ? ": a response" :
			    by_person(x, m->from, m->who) ? "; its author: no response" :
			    "; not after it: no response to it");
		}
	}
	if (hidden)
		line(fp, 2, "... and %u more", hidden);
	if (!any)
		line(fp, 1, "mails that could answer it: none, in its thread and its versions' "
		    "(%zu thread%s; its own patches, cover letters and bots do not count)", n,
		    n == 1 ? "" : "s");
	free(roots);
}

/* A mail's explanation; kept (pairs_read()'s rows of its cluster) shown unless NULL (brief). */
static void
why_mail(struct model *md, const struct ropts *o, uint32_t mi, FILE *fp, int brief,
    const struct buf *kept)
{
	struct mail *m = &md->mails[mi];
	struct buf b = BUF_INIT;
	const char *verdict;
	char d[21], e[21];

	verdict = mail_verdict(md, &o->sc, mi, &b);
	line(fp, 0, "mail %s", m->id);
	line(fp, 1, "subject: %s", m->subject);
	line(fp, 1, "from: %s%s%s%s, %s", m->name, *m->name ? " <" : "", m->from,
	    *m->name ? ">" : "", m->type == MT_PATCH && m->project ? (m->committer ?
	    "a committer (commits to the repository at the time)" : "a contributor") :
	    mtype_name(m->type));
	line(fp, 1, "date: %s, list: %s, archive: %s", day(d, m->date),
	    *m->lists ? m->lists : "(none)", *m->arch ? m->arch : "(unknown)");
	line(fp, 1, "verdict: %s%s%s", m->present && m->type == MT_PATCH ? verdict :
	    "none (not a patch mail)", b.len ? ": " : "", b.len ? b.p : "");
	buf_reset(&b);
	/* The rule that decided. */
	if (!m->present || m->type != MT_PATCH)
		line(fp, 1, "rule: only patch mails get a verdict (this one is %s)",
		    m->present ? mtype_name(m->type) : "referenced, not in the tables");
	else if (!m->project)
		line(fp, 1, "rule: a patch for the project is a thread root or a reply to it, not "
		    "a bot's, pull, RFC, linux-next or stable mail, for this repository, and "
		    "inside --since/--until; this one is not");
	else if (!strcmp(verdict, "merged"))
		line(fp, 1, "rule: its cluster holds a commit (the first by commit date is the "
		    "integration)");
	else if (!strcmp(verdict, "applied"))
		line(fp, 1, "rule: its cluster holds a commit of a side branch (another branch "
		    "than the main line), none of the main line");
	else if (!strcmp(verdict, "answered")) {
		uint32_t r = responder(md, mi);

		if (r != NONE && thread_of(md, r) != thread_of(md, mi))
			line(fp, 1, "rule: another person's mail cites it (a link to its thread, or "
			    "its attribution line quoting it), "
			    "or answers a mail citing it, from outside its thread, at or after "
			    "it: %s", md->mails[r].id);
		else
			line(fp, 1, "rule: another person wrote in its thread after it");
	}
	else if (!strcmp(verdict, "answered-version"))
		line(fp, 1, "rule: another version of it (its cluster) was answered, in its "
		    "thread or with a patch its author posted with it");
	else if (!strcmp(verdict, "answered-together") &&
	    thread_of(md, md->mails[mi].twin) == thread_of(md, mi))
		line(fp, 1, "rule: another part of its series had an earlier version in another "
		    "thread (a draft in a discussion, an earlier posting), where another person "
		    "wrote at or after it was posted: the series' conversation, one for its parts");
	else if (!strcmp(verdict, "answered-together"))
		line(fp, 1, "rule: a patch its author posted within %d minutes of it, changing "
		    "a file it changes or under a title alike, was answered: one conversation",
		    TOGETHER_SECS / 60);
	else if (!strcmp(verdict, "withdrawn"))
		line(fp, 1, "rule: its author withdrew it in its thread, or sent a new version "
		    "into it under the same title");
	else if (!strcmp(verdict, "superseded"))
		line(fp, 1, "rule: its author's later version of its posting (a patch of each in "
		    "one cluster, the same cover letter title, or a higher version in its "
		    "thread; within %d days) was merged or answered, and holds no version of it",
		    VERSION_DAYS);
	else if (!strcmp(verdict, "too-new"))
		line(fp, 1, "rule: not merged and not answered, but too new to judge: no verdict");
	else if (!strcmp(verdict, "ignored"))
		line(fp, 1, "rule: a patch for the project, not merged, no response by another "
		    "person in its thread or its versions', not withdrawn, superseded or "
		    "answered with a patch posted with it, and old enough to judge%s",
		    m->committer ? "; its author commits to the repository: the committer's "
		    "own, counted apart from contributions" : "");
	if (m->project) {
		int64_t end = NODATE, grace = 0, dl = cover_deadline(md, m, &end, &grace);

		if (dl != NODATE)
			line(fp, 1, "coverage: the archives cover its date up to %.10s; its list's "
			    "grace is %.1f days: patches posted after %.10s are too new",
			    day(d, end), (double)grace / DAY, day(e, dl));
		else
			line(fp, 1, "coverage: its date is outside what the archives cover");
		if (md->hist_end != NODATE)
			line(fp, 1, "history: the history given ends %.10s; 90th percentile time "
			    "from first posting to commit %.1f days", day(d, md->hist_end),
			    md->merge_p90 != NODATE ? (double)md->merge_p90 / DAY : 0.0);
		responses(md, mi, fp, brief);
	}
	if (m->cluster != NONE)
		cluster_lines(md, m->cluster, fp, brief);
	else
		line(fp, 1, "cluster: none (not in the clusters table)");
	if (m->project && m->cluster != NONE) {
		const struct cluster *k = &md->clusters[m->cluster];

		if (k->nmails > 1) {
			line(fp, 1, "versions (the other mails of its cluster) and their verdicts:");
			for (uint32_t x = k->mail; x != NONE; x = md->mails[x].cnext) {
				if (x == mi || !md->mails[x].present ||
				    md->mails[x].type != MT_PATCH)
					continue;
				buf_reset(&b);
				line(fp, 2, "%s  %s", md->mails[x].id, mail_verdict(md, &o->sc, x,
				    &b));
			}
		}
	}
	if (kept)
		pairs_lines(md, kept, fp);
	buf_free(&b);
}

/* Returns whether it said more than a row of offlist does (trailers, a merge, a cluster). */
static int
why_commit(struct model *md, const struct ropts *o, uint32_t ci, FILE *fp, int brief,
    const struct buf *kept)
{
	int more = !brief, said_merge = 0;
	const struct commit *c = &md->commits[ci];
	struct buf b = BUF_INIT;
	char d[21], e[21];
	const char *state = commit_state(md, o, ci, &b);

	line(fp, 0, "commit %s", c->id);
	/* The page's row says these already. */
	if (!brief) {
		line(fp, 1, "subject: %s", c->subject);
		line(fp, 1, "author: %s, written %s", c->author, day(d, c->date));
		line(fp, 1, "committer: %s, committed %s", c->committer, day(e, c->cdate));
	}
	line(fp, 1, "verdict: %s%s%s", state, b.len ? ": " : "", b.len ? b.p : "");
	if (!strcmp(state, "off-list")) {
		buf_reset(&b);
		line(fp, 1, "reason: %s", offlist_reasons[offlist_why(md, ci, &b)]);
		said_merge = c->merge && b.len && strstr(b.p, "brought in by") != NULL;
		if (b.len)
			line(fp, 2, "%s", b.p);
		/* The page says the rule once, above its table. */
		if (!brief)
			line(fp, 1, "rule: written and committed inside one span the archives cover, "
		    "and in no cluster with a patch mail a human posted (at most two commits "
		    "in it, another repository's patch mails aside); the reason is the first "
		    "of: a tag (release), revert, translations alone, a trailer naming a mail "
		    "(a patch of the archives: posted-unlinked; another repository's patch: "
		    "ported; one they lack: posted-elsewhere; another: follow-up), another "
		    "repository's patch mail in its cluster or a line of its message saying "
		    "it came from another tree (ported), its diff in a reply of its author's "
		    "(posted-in-reply), a reply of the archives to a posting they lack, its "
		    "Reported-by's mail before it (follow-up), release files or title, a "
		    "merge of a contributor's branch (its commits committed by people who "
		    "commit no one else's work: a maintainer's queue is none) or a pull "
		    "request named, or a branch of one who commits no one else's work taken "
		    "whole (pull-request), its author's patch mail on its files (half of "
		    "each's in common) answered by another (one it credits, if its author "
		    "committed it) in the %d days before it was written (follow-up), "
		    "its Reported-by naming another (follow-up), its author its committer, "
		    "none", REVIEW_DAYS);
	}
	if (*c->links) {
		line(fp, 1, "trailers name: %s (they explain; they do not link)", c->links);
		more = 1;
	}
	/* Not again when the reason's detail said it. */
	if (c->merge && !(said_merge && brief)) {
		line(fp, 1, "brought in by the merge %s \"%s\"", c->merge, c->merge_subject);
		more = 1;
	}
	buf_reset(&b);
	coverage_text(md, &b);
	if (!brief)
		line(fp, 1, "coverage: %s", b.p);
	/* Briefly: the cluster only when it holds more than the commit. */
	if (c->cluster != NONE && (!brief || md->clusters[c->cluster].nmails ||
	    md->clusters[c->cluster].ncommits + md->clusters[c->cluster].nside > 1)) {
		cluster_lines(md, c->cluster, fp, brief);
		more = 1;
	} else if (c->cluster == NONE) {
		line(fp, 1, "cluster: none (not in the clusters table)");
	}
	if (kept)
		pairs_lines(md, kept, fp);
	buf_free(&b);
	return more;
}

/*
 * Explain mail mi or commit ci (the other NONE) with the pairs of its
 * cluster: the pairs tables read once (pairs_read(), which verdicts()
 * left to why), the off-list reasons they give before the explanation.
 */
static int
why_explained(struct model *md, const struct ropts *o, uint32_t mi, uint32_t ci)
{
	struct hmap ids = HMAP_INIT;
	struct buf kept = BUF_INIT;

	if (mi != NONE)
		member_ids(md, md->mails[mi].cluster, md->mails[mi].id, &ids);
	else
		member_ids(md, md->commits[ci].cluster, md->commits[ci].id, &ids);
	pairs_read(md, &ids, &kept);
	if (mi != NONE)
		why_mail(md, o, mi, o->fp, 0, &kept);
	else
		why_commit(md, o, ci, o->fp, 0, &kept);
	hmap_free(&ids);
	buf_free(&kept);
	return md->pairs_failed ? PT_EXIT_FAILED : PT_EXIT_OK;
}

int
report_why(struct model *md, const struct ropts *o)
{
	size_t n;
	const char *id = bare(o->query, &n);
	const struct mail *m;
	size_t found = 0;
	uint32_t ci = NONE;

	need(md, 1, 0, 1, "why");
	if ((m = mail_by_id(md, id, n)) && (m->present || m->cluster != NONE))
		return why_explained(md, o, (uint32_t)(m - md->mails), NONE);
	/* A commit by its hash or a prefix of it (at least 4 digits), when one. */
	if (n >= 4 && n <= 40 && is_hex(id, n))
		for (size_t i = 0; i < md->ncommits; i++)
			if ((md->commits[i].present || md->commits[i].cluster != NONE) &&
			    !strncasecmp(md->commits[i].id, id, n)) {
				if (!found++)
					ci = (uint32_t)i;
				else if (found == 2)
					warnx("why: %.*s: more than one commit begins so: %s, %s ...",
					    (int)n, id, md->commits[ci].id, md->commits[i].id);
			}
	if (found == 1)
		return why_explained(md, o, NONE, ci);
	if (!found)
		warnx("why: %.*s: no mail or commit of the tables has this id", (int)n, id);
	return PT_EXIT_FAILED;
}

/* Add path to v when it names a file that opens: whether it did. */
static int
add_file(char ***v, size_t *n, const char *path)
{
	FILE *fp = fopen(path, "r");

	if (!fp)
		return 0;
	fclose(fp);
	*v = xreallocarray(*v, *n + 1, sizeof **v);
	(*v)[(*n)++] = xstrdup(path);
	return 1;
}

size_t
folder_tables(const char *dir, char ***out, int *has_mailmap, size_t *missing)
{
	static const char *const globs[] = {
		"clusters.tsv", "mails/*.tsv", "mails/*.tok", "commits/*.tsv", "commits/*.tok",
		"maint/*.tsv", "tags.tsv",
	};
	char **v = NULL;
	size_t n = 0;
	struct buf p = BUF_INIT;
	FILE *fp;

	*has_mailmap = 0;
	*missing = 0;
	buf_addf(&p, "%s/inputs.mk", dir);
	if (!(fp = fopen(p.p, "r"))) {
		buf_free(&p);
		*out = NULL;
		return 0;
	}
	fclose(fp);
	for (size_t i = 0; i < sizeof globs / sizeof globs[0]; i++) {
		glob_t g;

		buf_reset(&p);
		buf_addf(&p, "%s/%s", dir, globs[i]);
		if (glob(p.p, 0, NULL, &g) == 0)
			for (size_t k = 0; k < g.gl_pathc; k++)
				add_file(&v, &n, g.gl_pathv[k]);
		globfree(&g);
	}
	/* The pairs the clusters were made of. */
	buf_reset(&p);
	buf_addf(&p, "%s/pairs.list", dir);
	if ((fp = fopen(p.p, "r"))) {
		char *l = NULL;
		size_t cap = 0;
		ssize_t len;

		while ((len = getline(&l, &cap, fp)) > 0) {
			if (l[len - 1] == '\n')
				l[--len] = '\0';
			if (!len)
				continue;
			buf_reset(&p);
			if (l[0] == '/')
				buf_addstr(&p, l);
			else
				buf_addf(&p, "%s/%s", dir, l);
			if (!add_file(&v, &n, p.p)) {
				warnx("%s/pairs.list: %s is not there: its pairs are left out", dir, l);
				(*missing)++;
			}
		}
		free(l);
		fclose(fp);
	}
	buf_reset(&p);
	buf_addf(&p, "%s/mailmap", dir);
	if ((fp = fopen(p.p, "r"))) {
		*has_mailmap = fgetc(fp) != EOF;
		fclose(fp);
	}
	buf_free(&p);
	*out = v;
	return n;
}

int
why_brief(struct model *md, const struct ropts *o, const char *id, int commit, FILE *fp)
{
	size_t n = strlen(id);

	if (commit) {
		const struct commit *c = commit_by_id(md, id, n);

		return c ? why_commit(md, o, (uint32_t)(c - md->commits), fp, 1, NULL) : 0;
	} else {
		const struct mail *m = mail_by_id(md, id, n);

		if (m)
			why_mail(md, o, (uint32_t)(m - md->mails), fp, 1, NULL);
		return m != NULL;
	}
}
