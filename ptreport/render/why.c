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

#include "report.h"
#include "why.h"
#include "tables.h"
#include "text.h"
#include "tsv.h"
#include "util.h"

void
why_vline(FILE *fp, int indent, const char *fmt, va_list ap)
{
	fprintf(fp, "%*s", 2 * indent, "");
	vfprintf(fp, fmt, ap);
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

/* The versions of one thread why reads together; more are read as of the first. */
#define VS_MAX 64

/* "the patch itself", "its cover letter", or the id of what x answers, into b. */
static void
aim_text(const struct model *md, const struct mail *x, uint32_t v, struct buf *b)
{
	if (x->tgt == NONE)
		buf_addstr(b, "no patch known");
	else if (x->tgt == v)
		buf_addstr(b, "it");
	else if (md->mails[x->tgt].type == MT_COVER)
		buf_addf(b, "the cover letter %s", md->mails[x->tgt].id);
	else
		buf_addf(b, "%s", md->mails[x->tgt].id);
}

/* Of vs[0..nv) (mi and its versions in one thread), the one x aims at; else vs[0]. */
static uint32_t
aimed_version(const struct mail *x, const uint32_t *vs, size_t nv)
{
	for (size_t i = 0; i < nv; i++)
		if (x->tgt == vs[i])
			return vs[i];
	return vs[0];
}

/* Another's mail's own first words, after what it answers: why alone, not the page's brief. */
static void
said_tail(const struct mail *x, int brief, struct buf *b)
{
	if (brief || !*x->said)
		return;
	buf_addstr(b, ": ");
	said_quote(x, b);
}

/*
 * The mails of one thread, that of vs[0..nv) (mi, or versions of it,
 * each once), that may answer (not bots), by date, each with what it
 * answers and whether that is mi or a version (answers()): a response,
 * its author's words (quoted), or another's mail aimed at another part.
 * Then the mails citing it from outside.
 */
static void
thread_answers(struct model *md, uint32_t mi, const uint32_t *vs, size_t nv, size_t nthreads,
    FILE *fp, int brief, unsigned *any, unsigned *hidden, struct buf *b)
{
	const struct mail *m = &md->mails[mi];
	uint32_t root = thread_of(md, vs[0]);
	size_t lo, hi = cites_of(md, root, &lo);
	char d[21];

	for (uint32_t r = md->th[root].resp; r != NONE; r = md->mails[r].rnext) {
		const struct mail *x = &md->mails[r];
		uint32_t v = aimed_version(x, vs, nv);

		if (r == mi)
			continue;
		/* What it answers, of them: mi first. */
		for (size_t k = 0; k < nv; k++)
			if (answers(md, r, vs[k])) {
				v = vs[k];
				break;
			}
		buf_reset(b);
		if (same_person(x, m)) {
			/* Its author, or the one who sent it for him. */
			const char *who = by_person(x, m->from, m->who) ? "its author" : "its sender";

			if (x->type == MT_PATCH || x->type == MT_COVER)
				buf_addf(b, "%s's patch or cover letter", who);
			else if (x->date != NODATE && m->date != NODATE && x->date < m->date)
				buf_addf(b, "%s, before it", who);
			else {
				buf_addf(b, "%s%s", who, x->withdraw ? " withdraws: " :
				    x->ping ? ", a ping: " : ": ");
				said_quote(x, b);
				buf_addstr(b, "; to ");
				aim_text(md, x, v, b);
			}
		} else if (answers(md, r, v)) {
			buf_addstr(b, v == mi ? "a response, to " : "a response to a version, to ");
			aim_text(md, x, v, b);
			if (x->series && x->tgt != v)
				buf_addstr(b, ", speaking of the series");
			said_tail(x, brief, b);
		} else if (!can_answer(x, m)) {
			buf_addstr(b, "a part of its own series: no response");
		} else if (x->date != NODATE && m->date != NODATE && x->date < m->date) {
			buf_addstr(b, "before it: no response to it");
		} else {
			buf_addstr(b, "to ");
			aim_text(md, x, v, b);
			/* The answer to another part that put the posting in conversation. */
			if (m->verdict == V_ANSWERED_TOGETHER && m->lone && x->tgt == m->vby)
				buf_addstr(b, ", another part of its posting: none of its own, but "
				    "the posting in conversation (the verdict's)");
			else
				buf_addstr(b, ", another patch: no response to it");
			said_tail(x, brief, b);
		}
		if (!answer_shown(fp, nthreads, brief, any, hidden))
			continue;
		line(fp, 2, "%.10s  %s  %s  %s  (%s)", day(d, x->date), x->from, x->id,
		    x->subject, b->p);
	}
	for (size_t c = lo; c < hi; c++) {
		const struct mail *x = &md->mails[md->ct[c].mail];
		int reply = 0, hit = 0;

		for (size_t k = 0; k < nv && !hit; k++)
			hit = cite_answers(x, m) && aimed_at(md, md->ct[c].tgt, x->series, vs[k]) &&
			    !cite_companion(md, c, vs[k]);

		if (!answer_shown(fp, nthreads, brief, any, hidden))
			continue;
		for (size_t q = lo; q < hi && !reply; q++)
			reply = x->parent != NONE && md->ct[q].mail == x->parent;
		buf_reset(b);
		/* His words there, quoted: a reader sees what he says of it. */
		if (!hit && by_person(x, m->from, m->who) && x->type != MT_PATCH &&
		    x->type != MT_COVER) {
			buf_addstr(b, ": ");
			said_quote(x, b);
		}
		line(fp, 2, "%.10s  %s  %s  %s  (%s%s%s)",
		    day(d, x->date), x->from, x->id, x->subject,
		    reply ? "answers a mail citing it from outside the thread" :
		    "cites it from outside the thread",
		    hit ? ": a response" : by_person(x, m->from, m->who) ?
		    "; its author: no response" : !cite_answers(x, m) ?
		    "; not after it: no response to it" : cite_companion(md, c, mi) ?
		    "; that mail is its author's posting for another repository, which "
		    "links it: a review of that posting, no response to it" : cite_answers(x, m) ?
		    "; it names another patch of the thread: no response to it" :
		    "; not after it: no response to it", b->len ? b->p : "");
	}
}

/* The mails that may answer mi, in its thread and its versions' (its cluster). */
static void
responses(struct model *md, uint32_t mi, FILE *fp, int brief)
{
	uint32_t *v = NULL;
	size_t cap = 0, n = answer_versions(md, mi, &v, &cap), nt = 0;
	unsigned any = 0, hidden = 0;
	struct buf b = BUF_INIT;

	/* Threads, for the heading: versions in one thread count once. */
	for (size_t i = 0; i < n; i++) {
		size_t j;

		for (j = 0; j < i && thread_of(md, v[j]) != thread_of(md, v[i]); j++)
			;
		nt += j == i;
	}
	/* A thread once, with every version in it (mi first: answer_versions()). */
	for (size_t i = 0; i < n; i++) {
		uint32_t vs[VS_MAX];
		size_t nv = 0, j;

		for (j = 0; j < i && thread_of(md, v[j]) != thread_of(md, v[i]); j++)
			;
		if (j < i)
			continue;
		for (j = i; j < n; j++)
			if (thread_of(md, v[j]) == thread_of(md, v[i]) && nv < VS_MAX)
				vs[nv++] = v[j];
		thread_answers(md, mi, vs, nv, nt, fp, brief, &any, &hidden, &b);
	}
	if (hidden)
		line(fp, 2, "... and %u more", hidden);
	if (!any)
		line(fp, 1, "mails that could answer it: none, in its thread and its versions' "
		    "(%zu thread%s; its own patches, cover letters and bots do not count)", nt,
		    nt == 1 ? "" : "s");
	free(v);
	buf_free(&b);
}

/*
 * The commit or later patch that carries its lines, changed them, made
 * its files or named its issue (carried.c), as the verdict names it:
 * its by or evidence, and its reason (the counts are in its detail).
 */
static void
carry_line(const struct model *md, uint32_t mi, FILE *fp)
{
	const struct mail *m = &md->mails[mi];
	const char *r = m->vreason ? m->vreason : "";
	uint32_t ci = m->carried == 3 ? m->supby : m->vby;
	const struct commit *c = ci != NONE ? &md->commits[ci] : NULL;
	const struct carry *k;
	char d[21];

	if (m->carried == 8 && m->supby != NONE) {
		const struct mail *x = &md->mails[m->supby];

		line(fp, 1, "another's patch of the same change, merged: %s  %.10s  %s <%s>", x->id,
		    day(d, x->date), x->subject, x->from);
		return;
	}
	if ((m->carried == 2 || m->carried == 5 || m->carried == 6) && m->supby != NONE) {
		const struct mail *x = &md->mails[m->supby];

		line(fp, 1, "%s patch of its author %s: %s  %.10s  %s",
		    m->carried == 5 ? "an earlier, answered," : "a later",
		    m->carried == 6 ? "changing the lines it removes" : "carrying its lines", x->id,
		    day(d, x->date), x->subject);
		return;
	}
	if (!m->carried || m->carried == 2 || m->carried == 5 || m->carried == 6 || !c)
		return;
	if (m->carried == 9) {
		line(fp, 1, "a commit crediting its author in its own words (\"by\" or \"from\" "
		    "<%s> in its message): %s  %.10s  %s <%s>", m->from, c->id, day(d, c->date),
		    c->subject, c->author);
		return;
	}
	k = carry_of(md, mi);
	line(fp, 1, "a commit %s: %s  %.10s  %s <%s>", m->carried == 15 ?
	    "its fixup title names" : m->carried == 1 || (k && k->added) ? "carrying its lines" :
	    strstr(r, "issue") || (k && k->issue) ? "naming an issue it names" :
	    strstr(r, "files") || (k && k->files) ? "creating files it creates" :
	    "changing the lines it removes", c->id, day(d, c->date), c->subject, c->author);
}

/*
 * Its family beyond its cluster: its person's patches that may be
 * versions of it (family_kin()), each with its verdict; the commits
 * crediting its author on its files.
 */
static void
family_lines(struct model *md, const struct ropts *o, uint32_t mi, FILE *fp, int brief)
{
	const struct mail *m = &md->mails[mi];
	struct buf b = BUF_INIT;
	unsigned shown = 0, hidden = 0;
	char d[21];

	for (size_t i = 0; i < md->nmails; i++) {
		uint32_t kin;
		const struct mail *x = &md->mails[i];

		if (i == mi || !x->present || x->type != MT_PATCH || x->date == NODATE ||
		    !by_person(x, m->from, m->who) ||
		    !(kin = family_kin(md, mi, (uint32_t)i)))
			continue;
		if (!shown && !hidden)
			line(fp, 1, "its versions under other titles (its author's patches the "
			    "scores, titles or timing join to it; each: date, id, subject, "
			    "verdict):");
		if (brief && shown >= BRIEF_LINES) {
			hidden++;
			continue;
		}
		shown++;
		buf_reset(&b);
		line(fp, 2, "%.10s  %s  %s  (%s; %s)", day(d, x->date), x->id, x->subject,
		    kin == 2 ? "a version" : "maybe a version", mail_verdict(md, &o->sc,
		    (uint32_t)i, &b));
	}
	if (hidden)
		line(fp, 2, "... and %u more", hidden);
	if (!shown && !hidden)
		line(fp, 1, "its versions under other titles: none (its author's patches the "
		    "scores, titles or timing would join)");
	for (size_t i = 0; i < md->nfam; i++) {
		const struct commit *c;

		if (md->fam[i].a != mi || !md->fam[i].commit)
			continue;
		c = &md->commits[md->fam[i].b];
		line(fp, 1, "a commit crediting its author: %s  %.10s  %s  (scored %.2f)", c->id,
		    day(d, c->date), c->subject, (double)md->fam[i].score);
	}
	carry_line(md, mi, fp);
	buf_free(&b);
}

/* A mail's explanation; kept (pairs_read()'s rows of its cluster) shown unless NULL (brief). */
/*
 * For a patch called ignored or unsure: the main line's commits on a
 * file of it committed in the NEAR_DAYS after it, the first NEAR_SHOWN
 * by date: where a reader looks for its change made another way (what
 * the matching and the rules did not join to it).
 */
#define NEAR_DAYS 365
#define NEAR_SHOWN 3

/* x into the first NEAR_SHOWN best[0..*n), at place k (of a sorted order), when it is among them. */
static void
near_keep(uint32_t *best, size_t *n, size_t k, uint32_t x)
{
	if (k >= NEAR_SHOWN)
		return;
	if (*n < NEAR_SHOWN)
		(*n)++;
	memmove(best + k + 1, best + k, (*n - 1 - k) * sizeof *best);
	best[k] = x;
}

/* Mail x into the first NEAR_SHOWN best[0..*n), kept by date, then id. */
static void
near_mail(const struct model *md, uint32_t *best, size_t *n, uint32_t x)
{
	size_t k = *n;

	while (k > 0 && cmp_date_id(md, x, best[k - 1]) < 0)
		k--;
	near_keep(best, n, k, x);
}

static void
near_commits(const struct model *md, uint32_t mi, FILE *fp)
{
	const struct mail *m = &md->mails[mi];
	uint32_t best[NEAR_SHOWN];
	size_t n = 0, total = 0;
	char d[21];

	if (!m->files || !*m->files || m->date == NODATE)
		return;
	for (size_t i = 0; i < md->ncommits; i++) {
		const struct commit *c = &md->commits[i];
		size_t k;

		if (!c->present || c->skip || c->side || !c->files || c->cdate == NODATE ||
		    c->cdate < m->date || c->cdate > m->date + (int64_t)NEAR_DAYS * DAY ||
		    !shares_file(c->files, m->files))
			continue;
		total++;
		/* Kept sorted by commit date, then id: the first NEAR_SHOWN. */
		for (k = n; k > 0; k--) {
			const struct commit *b = &md->commits[best[k - 1]];

			if (b->cdate < c->cdate ||
			    (b->cdate == c->cdate && strcmp(b->id, c->id) < 0))
				break;
		}
		near_keep(best, &n, k, (uint32_t)i);
	}
	if (!total) {
		line(fp, 1, "commits on its files after it: none in the %d days after it",
		    NEAR_DAYS);
		return;
	}
	line(fp, 1, "commits on its files after it (the first %zu of %zu in the %d days after it, "
	    "by commit date; the rules found none of them its version):", n, total, NEAR_DAYS);
	for (size_t k = 0; k < n; k++) {
		const struct commit *c = &md->commits[best[k]];

		line(fp, 2, "%.10s  %.12s  %s  %s", day(d, c->cdate), c->id, c->author, c->subject);
	}
}

/*
 * Where a reader of an ignored or unsure patch looks for a version the
 * rules missed (a retitled repost, a patch whose notes say it supersedes
 * this one): its author's later patch mails on a file of it, in other
 * threads, within NEAR_DAYS; the first NEAR_SHOWN by date and how many.
 */
static void
later_own(struct model *md, uint32_t mi, FILE *fp)
{
	const struct mail *m = &md->mails[mi];
	uint32_t best[NEAR_SHOWN], root = thread_of(md, mi);
	size_t n = 0, total = 0;
	char d[21];

	if (!m->files || !*m->files || m->date == NODATE)
		return;
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *x = &md->mails[i];

		if (!x->present || x->type != MT_PATCH || x->date == NODATE || x->date <= m->date ||
		    x->date > m->date + (int64_t)NEAR_DAYS * DAY || !x->files ||
		    !x->project || thread_of(md, (uint32_t)i) == root ||
		    !by_person(x, m->from, m->who) ||
		    !shares_file(x->files, m->files))
			continue;
		total++;
		near_mail(md, best, &n, (uint32_t)i);
	}
	if (!total) {
		line(fp, 1, "its author's later patch mails on its files: none in the %d days after "
		    "it (of this repository, in other threads)", NEAR_DAYS);
		return;
	}
	line(fp, 1, "its author's later patch mails on its files (the first %zu of %zu in the %d "
	    "days after it, by date, of this repository, in other threads; the rules found "
	    "none of them its version):", n, total, NEAR_DAYS);
	for (size_t k = 0; k < n; k++) {
		const struct mail *x = &md->mails[best[k]];

		line(fp, 2, "%.10s  %s  %s  (%s)", day(d, x->date), x->id, x->subject,
		    verdict_names[x->verdict]);
	}
}

static void
why_mail(struct model *md, const struct ropts *o, uint32_t mi, FILE *fp, int brief,
    const struct buf *kept)
{
	struct mail *m = &md->mails[mi];
	struct buf b = BUF_INIT, corr = BUF_INIT;
	const char *verdict;
	char d[21], e[21];
	unsigned char cv = m->verdict;
	uint32_t cvby = m->vby, cvfam = m->vfam;

	/*
	 * A maintainer's correction first; then the tool's own verdict with
	 * its evidence, as if uncorrected.
	 */
	if (m->corrected) {
		buf_addf(&corr, "%s, a correction: ", verdict_names[m->verdict]);
		correction_said(md, m->corr, &corr);
		m->verdict = m->tverdict;
		m->vby = m->tvby;
		m->vfam = m->tvfam;
		m->corrected = 0;
	}
	verdict = mail_verdict(md, &o->sc, mi, &b);
	line(fp, 0, "mail %s", m->id);
	line(fp, 1, "subject: %s", m->subject);
	line(fp, 1, "from: %s%s%s%s, %s", m->name, *m->name ? " <" : "", m->from,
	    *m->name ? ">" : "", m->type == MT_PATCH && m->project ? (m->committer ?
	    "a committer (commits to the repository at the time)" : "a contributor") :
	    mtype_name(m->type));
	if (m->sfrom)
		line(fp, 1, "sent by: %s%s%s%s (his words count as its author's)", m->sname,
		    *m->sname ? " <" : "", m->sfrom, *m->sname ? ">" : "");
	line(fp, 1, "date: %s, list: %s, archive: %s", day(d, m->date),
	    *m->lists ? m->lists : "(none)", *m->arch ? m->arch : "(unknown)");
	if (corr.len)
		line(fp, 1, "verdict: %s", corr.p);
	line(fp, 1, "%s: %s%s%s", corr.len ? "the tool's own verdict" : "verdict",
	    m->present && m->type == MT_PATCH ? verdict : "none (not a patch mail)",
	    b.len ? ": " : "", b.len ? b.p : "");
	buf_reset(&b);
	/* The rule that decided. */
	if (!m->present || m->type != MT_PATCH)
		line(fp, 1, "rule: only patch mails get a verdict (this one is %s)",
		    m->present ? mtype_name(m->type) : "referenced, not in the tables");
	else if (!m->project)
		line(fp, 1, "rule: a patch for the project is a thread root or a reply to it, not "
		    "a bot's, pull, RFC, linux-next or stable mail, for this repository, and "
		    "inside --since/--until; this one is not");
	else
		why_rule(md, mi, fp);
	if (m->present && m->type == MT_PATCH)
		why_files(md, m, fp);
	/* Not on the page: one line more for every row it explains. */
	if (m->project && !brief)
		why_repository(md, m, fp);
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
		family_lines(md, o, mi, fp, brief);
		if (m->verdict == V_IGNORED || m->verdict == V_UNSURE) {
			if (!brief)
				later_own(md, mi, fp);
			near_commits(md, mi, fp);
		}
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
	if (corr.len) {
		m->verdict = cv;
		m->vby = cvby;
		m->vfam = cvfam;
		m->corrected = 1;
	}
	buf_free(&b);
	buf_free(&corr);
}

/*
 * Where a reader of an off-list commit looks for a posting the matching
 * missed: the patch mails of its author, and those on a file of it, sent
 * from OFF_NEAR_DAYS before it was written to a day after it was
 * committed; the first NEAR_SHOWN of each by date, and how many, or
 * none (what was looked at, said).
 */
#define OFF_NEAR_DAYS 30
static void
near_mails(const struct model *md, const struct commit *c, FILE *fp)
{
	int64_t w = c->date != NODATE ? c->date : c->cdate;
	int64_t e = c->cdate != NODATE ? c->cdate : c->date;
	char d[21];

	if (w == NODATE || e == NODATE)
		return;
	for (int files = 0; files < 2; files++) {
		uint32_t best[NEAR_SHOWN];
		size_t n = 0, total = 0;

		if (files && (!c->files || !*c->files))
			continue;
		for (size_t i = 0; i < md->nmails; i++) {
			const struct mail *m = &md->mails[i];

			if (!m->present || m->type != MT_PATCH || m->date == NODATE ||
			    m->date < w - (int64_t)OFF_NEAR_DAYS * DAY || m->date > e + DAY ||
			    (files ? !m->files || !shares_file(m->files, c->files) :
			    !by_person(m, c->author, c->aname)))
				continue;
			total++;
			near_mail(md, best, &n, (uint32_t)i);
		}
		if (!total) {
			line(fp, 1, "patch mails %s from %d days before it was written to a day "
			    "after it was committed: none", files ? "on its files" : "of its author",
			    OFF_NEAR_DAYS);
			continue;
		}
		line(fp, 1, "patch mails %s from %d days before it was written to a day after it "
		    "was committed (the first %zu of %zu by date; the matching found none of them "
		    "it):", files ? "on its files" : "of its author", OFF_NEAR_DAYS, n, total);
		for (size_t k = 0; k < n; k++) {
			const struct mail *m = &md->mails[best[k]];

			line(fp, 2, "%.10s  %s  %s  %s", day(d, m->date), m->from, m->id, m->subject);
		}
	}
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
	if (c->corrected) {
		struct buf t = BUF_INIT;

		correction_said(md, c->corr, &t);
		line(fp, 1, "verdict: %s, a correction: %s",
		    c->corrected == CORR_POSTED ? "posted" : "off-list", t.p);
		buf_free(&t);
		more = 1;
	}
	line(fp, 1, "%s: %s%s%s", c->corrected ? "the tool's own verdict" : "verdict", state,
	    b.len ? ": " : "", b.len ? b.p : "");
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
		    "repository's patch mail in its cluster or changing a file of it blob for "
		    "blob, or a line of its message saying "
		    "it came from another tree (ported), its diff in a reply of its author's "
		    "(posted-in-reply), a reply of the archives to a posting they lack, its "
		    "Reported-by's mail before it (follow-up), release files or title, a "
		    "merge of a contributor's branch (its commits committed by people who "
		    "commit no one else's work: a maintainer's queue is none), a pull "
		    "request named, a pull request's commit of its title, or its author and "
		    "author date, or a branch of one who commits no one else's work taken "
		    "whole (pull-request), its author's patch mail on its files (half "
		    "of each's in common) answered by another (one it credits, if its author "
		    "committed it) in the %d days before it was written (follow-up), a "
		    "fix-up of another's patch its author answered, committed beside that "
		    "patch's commit or in the 14 days after it and changing lines it added or "
		    "naming it (follow-up), a "
		    "mail of a discussion begun before it naming it by its hash (follow-up), "
		    "the project's patches going to a list the archives lack "
		    "(posted-elsewhere), its Reported-by naming another (follow-up), its "
		    "author its committer, "
		    "none", REVIEW_DAYS);
		if (!brief)
			near_mails(md, c, fp);
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
 * The mail or commit id names (its angle brackets dropped; a commit by
 * a prefix of at least 4 digits, when only one has it): *mi or *ci (the
 * other NONE); how many commits have the prefix (0 or 1: found or not,
 * when no mail has the id).
 */
static size_t
why_find(struct model *md, const char *query, uint32_t *mi, uint32_t *ci)
{
	size_t n, found = 0;
	const char *id = bare(query, &n);
	const struct mail *m;

	*mi = *ci = NONE;
	if ((m = mail_by_id(md, id, n)) && (m->present || m->cluster != NONE)) {
		*mi = (uint32_t)(m - md->mails);
		return 1;
	}
	if (n >= 4 && n <= 40 && is_hex(id, n))
		for (size_t i = 0; i < md->ncommits; i++)
			if ((md->commits[i].present || md->commits[i].cluster != NONE) &&
			    !strncasecmp(md->commits[i].id, id, n) && !found++)
				*ci = (uint32_t)i;
	if (found > 1)
		*ci = NONE;
	return found;
}

void
why_ids(struct model *md, const char *query)
{
	uint32_t mi, ci;

	md->want_pairs = 1;
	if (why_find(md, query, &mi, &ci) != 1)
		return;
	if (mi != NONE)
		member_ids(md, md->mails[mi].cluster, md->mails[mi].id, &md->why_ids);
	else
		member_ids(md, md->commits[ci].cluster, md->commits[ci].id, &md->why_ids);
}

int
report_why(struct model *md, const struct ropts *o)
{
	size_t n, found;
	const char *id = bare(o->query, &n);
	uint32_t mi, ci;

	need(md, 1, 0, 1, "why");
	found = why_find(md, o->query, &mi, &ci);
	if (mi != NONE || (found == 1 && ci != NONE)) {
		if (mi != NONE)
			why_mail(md, o, mi, o->fp, 0, &md->why_kept);
		else
			why_commit(md, o, ci, o->fp, 0, &md->why_kept);
		return md->pairs_failed ? PT_EXIT_FAILED : PT_EXIT_OK;
	}
	if (found > 1) {
		uint32_t a = NONE, b = NONE;

		for (size_t i = 0; i < md->ncommits && b == NONE; i++)
			if ((md->commits[i].present || md->commits[i].cluster != NONE) &&
			    !strncasecmp(md->commits[i].id, id, n)) {
				if (a == NONE)
					a = (uint32_t)i;
				else
					b = (uint32_t)i;
			}
		warnx("why: %.*s: more than one commit begins so: %s, %s ...", (int)n, id,
		    md->commits[a].id, md->commits[b].id);
	} else {
		warnx("why: %.*s: no mail or commit of the tables has this id", (int)n, id);
	}
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
		"maint/*.tsv", "tags.tsv", "pulls.tsv",
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
