/*
 * offlist.c - why an off-list commit came without a posting (its
 * reason, offlist_why()), and whether a commit's cluster counts as
 * off-list at all (offlist_mails()); the report and its window are
 * render/offlist.c's.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <regex.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "judge.h"
#include "text.h"
#include "util.h"

/* How near a reply quoting its title must be to the commit's dates. */
#define QUOTE_DAYS 180

/*
 * Did a reply in the archive quote commit c's title ("Re: [PATCH] t"),
 * from QUOTE_DAYS before it was written to as long after it was
 * committed?  Then the patch was posted, though the archive lacks its
 * mail (a moderated or lost one).
 */
static int
quoted(const struct model *md, const struct commit *c)
{
	const struct hent *e;
	const struct dspan *d;

	if (!c->ntitle || !*c->ntitle ||
	    !(e = hmap_get(&md->rtitles, c->ntitle, strlen(c->ntitle))))
		return 0;
	d = e->val;
	return d->last >= c->date - (int64_t)QUOTE_DAYS * DAY &&
	    d->first <= c->cdate + (int64_t)QUOTE_DAYS * DAY;
}

int
revert_commit(const struct commit *c)
{
	return c->ntitle && !strncmp(c->ntitle, "revert ", 7);
}

/*
 * Does mail mi's reworked verdict name the change itself: its lines (1,
 * 10), its author's own rework carrying its added lines or creating its
 * files (4), its very title (11), its author date (13), its words on its
 * lines (14), its fixup title (15)?  Not a credit (0, 9) nor a commit a
 * reply named (12), which may be another change (a revert decided in
 * its review), nor one made before it (7), nor his own commit that only
 * removes its lines, adding none, or names its issue (a test deleted
 * where the patch reworked it).
 */
static int
became_by(const struct model *md, uint32_t mi)
{
	int c = md->mails[mi].carried;
	const struct carry *k;

	if (c == 4)
		return (k = carry_of(md, mi)) && !k->issue && (k->added || k->files || k->adds);
	return c == 1 || c == 10 || c == 11 || c == 13 || c == 14 || c == 15;
}

void
became_posted(struct model *md)
{
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		struct commit *c;

		if (m->verdict != V_REWORKED || !became_by(md, (uint32_t)i) || m->vby == NONE ||
		    m->corrected || m->date == NODATE)
			continue;
		c = &md->commits[m->vby];
		if (c->cdate == NODATE || c->cdate < m->date)
			continue;
		if (c->split == 5) {
			if (cmp_date_id(md, (uint32_t)i, c->postby) < 0)
				c->postby = (uint32_t)i;
			continue;
		}
		if (c->split || !offlist_mails(md, m->vby))
			continue;
		c->split = 5;
		c->postby = (uint32_t)i;
	}
}

/* What the cluster of commit ci holds when it counts as off-list, or NULL if it does not. */
const char *
offlist_mails(const struct model *md, uint32_t ci)
{
	const struct commit *c = &md->commits[ci];
	const struct cluster *k;
	int any = 0;

	if (c->split)
		return NULL;
	if (c->cluster == NONE)
		return quoted(md, c) ? NULL : "no mail";
	k = &md->clusters[c->cluster];
	/* PaStA's rule: one or two commits; more are a backport family. */
	if (k->ncommits > 2 || k->first_commit != ci)
		return NULL;
	for (uint32_t x = k->mail; x != NONE; x = md->mails[x].cnext) {
		/* Another repository's patch (a kernel patch a tool's commit ports) is no posting of it. */
		if (posted(&md->mails[x]) && !(md->mails[x].present && md->mails[x].foreign))
			return NULL;
		any = 1;
	}
	if (quoted(md, c))
		return NULL;
	return any ? "process mails only" : "no mail";
}

/* The first patch mail of commit c's cluster that is another repository's; NULL if none. */
const struct mail *
ported_from(const struct model *md, const struct commit *c)
{
	if (c->portby != NONE)
		return &md->mails[c->portby];
	if (c->cluster == NONE)
		return NULL;
	for (uint32_t x = md->clusters[c->cluster].mail; x != NONE; x = md->mails[x].cnext)
		if (md->mails[x].present && md->mails[x].foreign && posted(&md->mails[x]))
			return &md->mails[x];
	return NULL;
}

const char *const offlist_reasons[OR_N] = {
	"release", "revert", "translation", "posted-elsewhere", "follow-up", "posted-unlinked",
	"posted-in-reply", "ported", "pull-request", "committer-own", "none",
};


/*
 * A merge subject naming another's work: a pull request, or a branch or
 * tag pulled from a repository (git's "of URL").
 */
static int
pulled(const char *s)
{
	static const char *const marks[] = {
		"pull request", "merge request", "merge pr #", " of git://", " of https://", " of http://",
		" of ssh://", " of git@", "github.com", "gitlab",
	};

	for (size_t i = 0; s && i < sizeof marks / sizeof marks[0]; i++)
		if (find_ci(s, strlen(s), marks[i]))
			return 1;
	return 0;
}

/* How much a link's reason tells: a posting here, another repository's, elsewhere, a reply. */
static int
link_rank(int r)
{
	return r == OR_UNLINKED ? 3 : r == OR_PORTED ? 2 : r == OR_ELSEWHERE ? 1 : 0;
}

/*
 * The link of commit c, of its Link:/Message-Id: trailers, that tells
 * most: a patch mail of the archives (the matching missed it), another
 * repository's patch mail of theirs (its change posted for that one:
 * ported), a mail they lack (posted elsewhere), or another mail of
 * theirs (a report or a reply: a follow-up).  Linking by trailers stays
 * off: they only explain.
 */
static int
link_reason(const struct model *md, const struct commit *c, const char **which)
{
	int best = OR_N;

	for (const char *p = c->links; *p;) {
		size_t k = strcspn(p, " ");
		const struct mail *m = k ? mail_by_id(md, p, k) : NULL;
		int r;

		if (!k) {
			p++;
			continue;
		}
		if (m && m->present && m->type == MT_PATCH)
			r = m->foreign ? OR_PORTED : OR_UNLINKED;
		else if (m && m->present)
			r = OR_FOLLOWUP;
		else
			r = OR_ELSEWHERE;
		if (best == OR_N || link_rank(r) > link_rank(best)) {
			best = r;
			*which = m ? m->id : p;
		}
		p += k;
	}
	return best;
}

/*
 * Is p[0..k) (7 hex digits or more) a commit of one of the forge's pull
 * requests of this repository (the pulls table): "(cherry picked from
 * commit 9b478994...)", the pull request's head, is no other tree's?
 */
static int
pull_by_prefix(const struct model *md, const char *p, size_t k)
{
	if (k < 7)
		return 0;
	for (size_t i = 0; i < md->npulls; i++)
		if (!strncasecmp(md->pulls[i].id, p, k) && strlen(md->pulls[i].id) >= k)
			return 1;
	return 0;
}

/*
 * The line of commit c's message saying it was imported from another
 * tree, unless the commit it names (7 hex digits or more) is one of the
 * repository's (or of its pull requests): a cherry-pick or backport
 * from another branch here; NULL if none.
 */
static const char *
import_of(const struct model *md, const struct commit *c)
{
	const char *p = c->imported;

	if (!p || !*p)
		return NULL;
	for (; *p; p++) {
		size_t k = 0;

		if (p > c->imported && isxdigit((unsigned char)p[-1]))
			continue;
		while (isxdigit((unsigned char)p[k]))
			k++;
		if (commit_by_prefix(md, p, k) || pull_by_prefix(md, p, k))
			return NULL;
	}
	return c->imported;
}

/*
 * The reply of the archives (the earliest) to a Message-ID they lack,
 * under commit c's title (its summary: the words after the "prefix: "
 * parts, at least three), from QUOTE_DAYS before it was written to as
 * long after it was committed: its posting went somewhere the archives
 * do not hold (to the maintainer alone, or lost).  NULL if none.
 */
static const struct mail *
answered_elsewhere(const struct model *md, const struct commit *c)
{
	const struct hent *e;
	const struct mail *m;

	if (!c->nsummary || !*c->nsummary || !strchr(c->nsummary, ' ') ||
	    !strchr(strchr(c->nsummary, ' ') + 1, ' ') ||
	    !(e = hmap_get(&md->lost, c->nsummary, strlen(c->nsummary))))
		return NULL;
	m = &md->mails[(uintptr_t)e->val - 1];
	if (m->date < c->date - (int64_t)QUOTE_DAYS * DAY ||
	    m->date > c->cdate + (int64_t)QUOTE_DAYS * DAY)
		return NULL;
	return m;
}

/* How long before or after a commit was written its author's posting may be. */
#define ELSEWHERE_DAYS 7

/*
 * A posting of commit c's author that the archives lack but a reply
 * there names (git send-email's Message-ID gives sender and time), sent
 * within ELSEWHERE_DAYS of when c was written (its author date): c
 * went out for review, to where the archives do not reach (a maintainer
 * commits, then posts the series; or posts it to another list), under a subject that names c's title's prefix ("llvm" of
 * "llvm: ..." in "Re: [PATCH 0/5] Support LLVM-15 and later").  The
 * first such (by time), or NULL.
 */
/*
 * Does text s hold the prefix of title t ("llvm" of "llvm: ...", the
 * part before its first ": ") as a word of its own (letters and digits
 * between others: "LLVM-15" holds "llvm"), whatever the case?
 */
static int
names_prefix(const char *s, const char *t)
{
	const char *colon = strstr(t, ": ");
	size_t k = colon ? (size_t)(colon - t) : 0;

	if (!k || k > 40 || memchr(t, ' ', k))
		return 0;
	for (size_t i = 0; s[i]; i++) {
		if (i && isalnum((unsigned char)s[i - 1]))
			continue;
		if (!strncasecmp(s + i, t, k) && !isalnum((unsigned char)s[i + k]))
			return 1;
	}
	return 0;
}

static const struct lostpost *
posted_by_author(const struct model *md, const struct commit *c)
{
	size_t lo = 0, hi = md->nlp;
	int64_t from;

	if (!*c->author || c->date == NODATE)
		return NULL;
	from = c->date - (int64_t)ELSEWHERE_DAYS * DAY;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int cmp = strcmp(md->lp[mid].addr, c->author);

		if (cmp < 0 || (!cmp && md->lp[mid].t < from))
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < md->nlp && !strcmp(md->lp[lo].addr, c->author) &&
	    md->lp[lo].t <= c->date + (int64_t)ELSEWHERE_DAYS * DAY; lo++)
		if (names_prefix(md->mails[md->lp[lo].reply].subject, c->subject))
			return &md->lp[lo];
	return NULL;
}

/* How long before a commit its reporter's mail may be, to be what it follows up. */
#define REPORT_DAYS 60

/*
 * The word of text t (letters and digits) that is w[0..k), whatever the
 * case, or of its stem: of two words of 4 letters or more, the shorter
 * begins the longer ("crash", "crashes"); its start, or NULL.
 */
static const char *
word_in(const char *t, const char *w, size_t k)
{
	for (const char *p = t; *p; p++) {
		size_t j = 0, m;

		if (p > t && isalnum((unsigned char)p[-1]))
			continue;
		while (isalnum((unsigned char)p[j]))
			j++;
		m = j < k ? j : k;
		if (j && ((j == k && !strncasecmp(p, w, k)) || (m >= 4 && !strncasecmp(p, w, m))))
			return p;
	}
	return NULL;
}

/* The length of a version at p ("v2.36", "0.6.2": letters, digits and inner dots, a digit and a dot), else 0. */
static size_t
version_at(const char *p)
{
	size_t k = 0, dots = 0, digits = 0;

	while (isalnum((unsigned char)p[k]) || (p[k] == '.' && isdigit((unsigned char)p[k + 1]))) {
		dots += p[k] == '.';
		digits += isdigit((unsigned char)p[k]) != 0;
		k++;
	}
	return dots && digits ? k : 0;
}

/* Does text t hold the version v[0..k), whole (not the start of a longer one)? */
static int
version_in(const char *t, const char *v, size_t k)
{
	for (const char *p = t; *p; p++)
		if ((p == t || (!isalnum((unsigned char)p[-1]) && p[-1] != '.')) &&
		    version_at(p) == k && !strncasecmp(p, v, k))
			return 1;
	return 0;
}

/*
 * Do a mail's subject and a commit's title speak of one thing: RELATE_WORDS
 * words of the subject (3 letters or digits or more, none that most
 * subjects hold: subject_common()) each a word of the title, or of its
 * stem; or a version both name ("Re: [ANNOUNCE] v2.36" and "docs: fix
 * a typo in v2.36-ReleaseNotes")?
 */
#define RELATE_WORDS 2

static int
speaks_of(const struct model *md, const char *subject, const char *title)
{
	const char *hit[RELATE_WORDS];
	int n = 0;

	for (const char *p = title; *p && n < RELATE_WORDS;) {
		size_t k = 0;
		const char *at;

		while (*p && !isalnum((unsigned char)*p))
			p++;
		if ((p == title || p[-1] != '.') && (k = version_at(p))) {
			if (version_in(subject, p, k))
				return 1;
			p += k;
			continue;
		}
		while (isalnum((unsigned char)p[k]))
			k++;
		if (k >= 3 && !subject_common(md, p, k) && (at = word_in(subject, p, k))) {
			/* Each word of the subject once ("document", "Documentation"). */
			int seen = 0;

			for (int i = 0; i < n; i++)
				seen |= hit[i] == at;
			if (!seen)
				hit[n++] = at;
		}
		p += k;
	}
	return n >= RELATE_WORDS;
}

/*
 * The latest mail of the archives by a person commit c's Reported-by:
 * or Suggested-by: names, written in the REPORT_DAYS before the commit
 * was, whose subject speaks of what the commit's title does
 * (speaks_of()): a report or a suggestion it follows up (of one date,
 * the first by id).  A mail of that person on something else is no
 * evidence: the latest such goes to *other (NULL if none), for the
 * detail.  NULL if none.
 */
static const struct mail *
report_of(const struct model *md, const struct commit *c, const struct mail **other)
{
	const struct mail *best = NULL;

	*other = NULL;
	int64_t t = c->date != NODATE ? c->date : c->cdate;

	if (!*c->reporters || t == NODATE)
		return NULL;
	for (const char *p = c->reporters; *p;) {
		size_t k = strcspn(p, " "), lo = 0, hi = md->nbysender;

		/* The first mail past (this sender, up to t): the one before it is the latest. */
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			const struct mail *m = &md->mails[md->bysender[mid]];
			int cmp = strncmp(m->from, p, k);

			if (!cmp && m->from[k])
				cmp = 1;
			if (cmp < 0 || (!cmp && m->date <= t))
				lo = mid + 1;
			else
				hi = mid;
		}
		/* His latest on the commit's matter, within REPORT_DAYS. */
		for (size_t j = lo; j-- > 0;) {
			const struct mail *m = &md->mails[md->bysender[j]];

			if (strncmp(m->from, p, k) || m->from[k] ||
			    m->date < t - (int64_t)REPORT_DAYS * DAY)
				break;
			if (!speaks_of(md, m->subject, c->subject)) {
				if (!*other || m->date > (*other)->date)
					*other = m;
				continue;
			}
			if (!best || m->date > best->date ||
			    (m->date == best->date && strcmp(m->id, best->id) < 0))
				best = m;
			break;
		}
		p += k + (p[k] == ' ');
	}
	return best;
}

/*
 * The first person commit c's Reported-by:/Suggested-by: names who is
 * not its author (a reporter's address, or name without one), as
 * written there, *len bytes; NULL if none.
 */
static const char *
credited_other(const struct commit *c, size_t *len)
{
	for (const char *p = c->reporters; *p;) {
		size_t k = strcspn(p, " ");

		if (k && !(strlen(c->author) == k && !strncmp(p, c->author, k)) &&
		    !(*c->aname && strlen(c->aname) == k && !strncmp(p, c->aname, k))) {
			*len = k;
			return p;
		}
		p += k + (p[k] == ' ');
	}
	return NULL;
}

/* Is commit c its committer's own: the same address or name as its author? */
static int
own_commit(const struct commit *c)
{
	return (*c->author && c->author == c->committer) || (*c->aname && c->aname == c->cname);
}

/*
 * The reasons that the commit's own evidence gives, before the channel
 * it came by: a tag, a revert, translations alone, a trailer, another
 * repository's posting or an import, its diff in a reply, a reply to a
 * posting the archives lack, its reporter's mail, a release (its
 * committer's own); OR_N if none holds.
 */
static int
evidence_reason(const struct model *md, const struct commit *c, struct buf *detail)
{
	const char *which = NULL;
	const struct mail *rep, *other;
	const struct lostpost *lp;
	int r;

	if (tag_release(c)) {
		const char *tag = NULL;

		/* The first tag naming it, by name: the tags table is short. */
		for (size_t i = 0; i < md->ntags; i++)
			if (*md->tags[i].commit && commit_by_id(md, md->tags[i].commit,
			    strlen(md->tags[i].commit)) == c &&
			    (!tag || strcmp(md->tags[i].name, tag) < 0))
				tag = md->tags[i].name;
		buf_addf(detail, "a tag names it%s%s", tag ? ": " : "", tag ? tag : "");
		return OR_RELEASE;
	}
	if (revert_commit(c))
		return OR_REVERT;
	if (c->pofiles) {
		buf_addstr(detail, "it changes translations (.po, .pot) alone");
		return OR_TRANSLATION;
	}
	if ((r = link_reason(md, c, &which)) != OR_N) {
		size_t k = strcspn(which, " ");

		if (r == OR_PORTED) {
			rep = mail_by_id(md, which, k);
			buf_addf(detail, "its trailer names another repository's patch mail of the "
			    "archives, its change posted for that one: %s \"%s\"", rep->id,
			    rep->subject);
			return r;
		}
		buf_addf(detail, "%s %.*s", r == OR_ELSEWHERE ? "its trailer names a mail the "
		    "archives lack:" : r == OR_UNLINKED ? "its trailer names this patch mail, "
		    "which the matching did not join:" : "its trailer names this mail of the "
		    "archives:", (int)k, which);
		return r;
	}
	/* Its change posted for another repository (the kernel's), ported here. */
	if ((rep = ported_from(md, c))) {
		buf_addf(detail, "its change was posted for another repository: %s \"%s\"", rep->id,
		    rep->subject);
		return OR_PORTED;
	}
	/* Imported from another tree, its message says: reviewed and posted there. */
	if ((which = import_of(md, c))) {
		buf_addf(detail, "its message says it came from another tree: \"%s\"", which);
		return OR_PORTED;
	}
	/* Its author sent its diff in a reply: posted, though not as a patch mail. */
	if (c->rpost != NONE) {
		buf_addf(detail, "its author (or one it credits) sent its diff in a reply of the "
		    "archives: %s \"%s\"",
		    md->mails[c->rpost].id, md->mails[c->rpost].subject);
		return OR_INREPLY;
	}
	/* A reply in the archives to its posting, which they lack. */
	if ((rep = answered_elsewhere(md, c))) {
		buf_addf(detail, "a reply in the archives answers its posting, which they lack: "
		    "%s \"%s\"", rep->id, rep->subject);
		return OR_ELSEWHERE;
	}
	if ((lp = posted_by_author(md, c))) {
		char d[32];

		iso_utc(d, lp->t);
		buf_addf(detail, "a reply in the archives answers its author's posting of %.10s "
		    "(its Message-ID says who and when), which they lack: %s \"%s\"", d,
		    md->mails[lp->reply].id, md->mails[lp->reply].subject);
		return OR_ELSEWHERE;
	}
	if ((rep = report_of(md, c, &other))) {
		buf_addf(detail, "its Reported-by/Suggested-by wrote in the archives before it: %s",
		    rep->id);
		return OR_FOLLOWUP;
	}
	/*
	 * A release is its committer's own work (or a web edit on the
	 * forge): another's commit of a change log or a version file (a
	 * typo fixed in the ChangeLog, a packaging bump) came by its own
	 * channel, as any contribution.
	 */
	if ((release_commit(c) || next_cycle(md, c)) &&
	    (own_commit(c) || !strcmp(c->committer, "noreply@github.com"))) {
		buf_addstr(detail, c->verfiles ? "it changes release notes or version files alone" :
		    !release_commit(c) ? "its diff bumps a version string alone, 2 days at most after "
		    "a release its committer tagged: the next cycle opened" : "its title names a version");
		return OR_RELEASE;
	}
	return OR_N;
}

/*
 * A contributor's work taken as a whole: brought in by a merge of a
 * contributor's branch (its commits committed by people who commit no
 * one else's work, whoever wrote them), naming a pull request, or his
 * own commit taken whole; OR_N if not.  A branch of one who commits
 * others' work (a maintainer's queue, "Merge branch 'maint' into
 * next") is no pull request, however the merge is named: *branch gets
 * a commit of it committed so, for the reasons after.
 */
static int
pull_reason(const struct model *md, const struct commit *c, int own,
    const struct commit **branch, struct buf *detail)
{
	uint32_t p;

	*branch = c->merge ? branch_committer(md, c->merge) : NULL;
	if (c->merge && !*branch && pulled(c->merge_subject)) {
		buf_addf(detail, "brought in by %.12s \"%s\"", c->merge, c->merge_subject);
		if (*c->merge_by)
			buf_addf(detail, ", merged by %s", c->merge_by);
		return OR_PULL;
	}
	if (c->pull) {
		buf_addstr(detail, !strcmp(c->committer, "noreply@github.com") ?
		    "committed by GitHub" : "it names a pull request");
		return OR_PULL;
	}
	/* "Closes: #N", N a pull request of the forge (not an issue): applied from it. */
	for (size_t i = 0; c->closes && i < md->npulls; i++)
		if (md->pulls[i].pull == c->closes) {
			buf_addf(detail, "its message closes #%lu, a pull request of the forge "
			    "(%.12s \"%s\")", c->closes, md->pulls[i].id, md->pulls[i].subject);
			return OR_PULL;
		}
	/*
	 * Another's work rebased from a forge's pull request: a commit of it
	 * has its title (or its title after the prefixes, of 3 words or
	 * more) and author.  (A committer's own commits are on old
	 * pull requests' bases too, where the main line is rebased.)
	 */
	if (!own && (p = pull_like(md, c->ntitle, c->author, c->aname, c->date)) != NONE) {
		buf_addf(detail, "its title and author are those of %.12s of pull request #%lu",
		    md->pulls[p].id, md->pulls[p].pull);
		return OR_PULL;
	}
	/* Retitled in its prefix alone when rebased ("test/nvme: " for "nvme: "). */
	if (!own && (p = pull_like_summary(md, c->nsummary, c->author, c->aname, c->date)) != NONE) {
		buf_addf(detail, "its title after the prefix and its author are those of %.12s of "
		    "pull request #%lu \"%s\"", md->pulls[p].id, md->pulls[p].pull,
		    md->pulls[p].subject);
		return OR_PULL;
	}
	/*
	 * Retitled wholly when taken: the pull request's commit has its
	 * author and its author date to the second.
	 */
	if (!own && (p = pull_same(md, c->author, c->aname, c->date, c->ntitle)) != NONE) {
		buf_addf(detail, "its author and author date (to the second) are those of %.12s "
		    "of pull request #%lu \"%s\": the same commit, retitled", md->pulls[p].id,
		    md->pulls[p].pull, md->pulls[p].subject);
		return OR_PULL;
	}
	if (c->merge && !*branch) {
		buf_addf(detail, "brought in by %.12s \"%s\": a contributor's branch (its commits' "
		    "committers commit no one else's work), merged", c->merge, c->merge_subject);
		return OR_PULL;
	}
	/*
	 * One who commits no one else's work did not push it: his branch
	 * was taken whole, fast-forwarded (no merge commit), or merged
	 * into another's.  Unless he tags the releases: one who tags
	 * pushes (batctl's co-maintainer, who makes its releases while
	 * another applies the patches; fsverity-utils' maintainer, who
	 * commits his own work alone).
	 */
	if (own && !commits_others(md, c->committer, c->cname, c->cdate) && !release_tagger(md, c)) {
		buf_addstr(detail, "its author committed it, and commits the work of no two other "
		    "people in the 365 days around it: a branch of his taken whole (a fast-forward)");
		return OR_PULL;
	}
	return OR_N;
}

/* An address's patches for the project, and the first ELSE_AUTHORS people who sent them. */
struct lcount {
	uint32_t n, nauth;
	const char *auth[ELSE_AUTHORS];
};

void
lists_elsewhere(struct model *md)
{
	struct hmap by = HMAP_INIT;
	struct set64 senders = SET64_INIT;
	struct buf b = BUF_INIT;
	uint32_t best = 0;

	md->elsewhere = NULL;
	md->nelse = md->nproj = 0;
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		if (m->present && *m->from)
			set64_add(&senders, hash_bytes(m->from, strlen(m->from)));
		if (!m->project)
			continue;
		md->nproj++;
		for (uint32_t k = 0; k < m->nrcpt; k++) {
			int isnew;
			struct hent *e = hmap_put(&by, m->rcpt[k], strlen(m->rcpt[k]), &isnew);
			struct lcount *lc;
			uint32_t a;

			if (isnew)
				e->val = xcalloc(1, sizeof(struct lcount));
			lc = e->val;
			lc->n++;
			for (a = 0; a < lc->nauth && lc->auth[a] != m->from; a++)
				;
			if (a == lc->nauth && a < ELSE_AUTHORS)
				lc->auth[lc->nauth++] = m->from;
		}
	}
	for (size_t i = 0; i < by.cap; i++) {
		const struct lcount *lc = by.e[i].val;
		const char *addr = by.e[i].key;

		if (!addr || lc->n < ELSE_MIN || 2 * lc->n < md->nproj ||
		    lc->nauth < ELSE_AUTHORS || lc->n < best ||
		    set64_has(&senders, hash_bytes(addr, strlen(addr))) || !list_address(md, addr))
			continue;
		if (list_archived(md, addr, &b))
			continue;
		/* The most patches; of as many, the first address by name. */
		if (lc->n > best || strcmp(addr, md->elsewhere) < 0) {
			md->elsewhere = addr;
			best = lc->n;
		}
	}
	md->nelse = best;
	for (size_t i = 0; i < by.cap; i++)
		free(by.e[i].val);
	hmap_free(&by);
	set64_free(&senders);
	buf_free(&b);
}

int
offlist_why(const struct model *md, uint32_t ci, struct buf *detail)
{
	const struct commit *c = &md->commits[ci];
	const struct commit *branch;
	const char *who;
	size_t wlen;
	uint32_t posting, reply = NONE;
	int own, r;

	/* A verdicts table's reason and detail (--verdicts). */
	if (md->given) {
		if (c->vdetail)
			buf_addstr(detail, c->vdetail);
		return c->vstate == VS_OFFLIST ? c->vreason : OR_NONE;
	}
	if ((r = evidence_reason(md, c, detail)) != OR_N)
		return r;
	own = own_commit(c);
	if ((r = pull_reason(md, c, own, &branch, detail)) != OR_N)
		return r;
	/*
	 * Its author's own posting was answered: it does what the review
	 * asked.  A committer's own work follows his posting's review only
	 * when it credits the reviewer: he commits much that his postings'
	 * files share, acked or not.
	 */
	if ((posting = reviewed_posting(md, c, own, &reply)) != NONE) {
		char d[32];

		iso_utc(d, md->mails[posting].date);
		buf_addf(detail, "its author's patch mail %s \"%s\" of %.10s, on its files (half of "
		    "each's in common), was answered before it was written: %s by %s%s",
		    md->mails[posting].id, md->mails[posting].subject, d, md->mails[reply].id,
		    md->mails[reply].from, own ? ", whom its trailers credit" : "");
		return OR_FOLLOWUP;
	}
	/*
	 * Its author answered another's patch, and it went in beside the
	 * commit that patch became, changing lines that commit added (or
	 * naming it): a fix-up the review made ("merged, with a follow-up
	 * fixing ...").  fixups.c found it.
	 */
	if ((reply = c->fixreply) != NONE) {
		const struct mail *x = &md->mails[reply], *p = &md->mails[x->tgt];
		uint32_t beside = c->fixby;
		int64_t days = (c->cdate - md->commits[beside].cdate) / DAY;
		char d[32], when[48];

		iso_utc(d, x->date);
		/* Pushed with it, or days after it (up to FIXUP_DAYS). */
		if (days > 1)
			snprintf(when, sizeof when, "%lld days after", (long long)days);
		else
			snprintf(when, sizeof when, "beside");
		buf_addf(detail, "its author answered %s's %s %s \"%s\" (%s of %.16s), "
		    "and it was committed %s %.12s \"%s\", the commit that patch became, "
		    "changing lines that commit added or naming it: a fix-up of the review",
		    p->name && *p->name ? p->name : p->from, p->type == MT_COVER ?
		    "cover letter (a part's)" : "patch mail", p->id, p->subject, x->id, d, when,
		    md->commits[beside].id, md->commits[beside].subject);
		return OR_FOLLOWUP;
	}
	/* A mail of a discussion begun before it names it by its hash: it answered that. */
	if ((reply = named_in_reply(md, ci)) != NONE) {
		const struct mail *x = &md->mails[reply];
		char d[32];

		iso_utc(d, x->date);
		buf_addf(detail, "a mail of a thread begun before it was written names it by its "
		    "hash: %s \"%s\" by %s of %.16s", x->id, x->subject, x->from, d);
		return OR_FOLLOWUP;
	}
	/*
	 * The project's patches go to a list the archives lack: posted
	 * there, most likely, whoever reported what it fixes (a report the
	 * archives lack is no sign it came without a posting: the fstests
	 * maintainer's own fixes, Reported-by a tester, Acked-by a reviewer
	 * on fstests@).
	 */
	if (md->elsewhere) {
		buf_addf(detail, "the project's patches go to %s too (%u of the %u in the archives), "
		    "a list they lack: posted there, most likely", md->elsewhere, md->nelse,
		    md->nproj);
		if ((who = credited_other(c, &wlen)))
			buf_addf(detail, " (its Reported-by/Suggested-by names %.*s, whose report "
			    "the archives lack)", (int)wlen, who);
		return OR_ELSEWHERE;
	}
	/* Another's report or suggestion, made where the archives do not reach. */
	if ((who = credited_other(c, &wlen))) {
		const struct mail *other;

		report_of(md, c, &other);
		if (other)
			buf_addf(detail, "its Reported-by/Suggested-by names %.*s; the mails of the "
			    "archives by those it names in the %d days before it speak of other "
			    "matters by their subjects (the latest: %s \"%s\")", (int)wlen, who,
			    REPORT_DAYS, other->id, other->subject);
		else
			buf_addf(detail, "its Reported-by/Suggested-by names %.*s, whose report the "
			    "archives lack", (int)wlen, who);
		return OR_FOLLOWUP;
	}
	r = own ? OR_OWN : OR_NONE;
	if (own)
		buf_addstr(detail, "its author committed it");
	if (branch) {
		/* The evidence: another's work he committed or merged, nearest the branch's. */
		const struct commit *o = others_commit(md, branch->committer, branch->cname,
		    branch->cdate);

		if (o)
			buf_addf(detail, "%sbrought in by %.12s \"%s\", a branch of one who commits "
			    "others' work (%s committed or merged %.12s, %s's): no contributor's pull "
			    "request", own ? "; " : "", c->merge, c->merge_subject, branch->committer,
			    o->id, o->author);
		else
			buf_addf(detail, "%sbrought in by %.12s \"%s\", a branch of one who commits "
			    "others' work (%s committed %.12s): no contributor's pull request",
			    own ? "; " : "", c->merge, c->merge_subject, branch->committer, branch->id);
	}
	return r;
}

int
offlist_reason(const struct model *md, uint32_t ci, struct buf *detail)
{
	int r = offlist_why(md, ci, detail);
	const char *w = offlist_mails(md, ci);

	/* A table may call off-list what the clusters do not (NULL). */
	if (w && !strcmp(w, "process mails only") &&
	    !ported_from(md, &md->commits[ci]))
		buf_addf(detail, "%sits cluster holds only bot, pull, RFC or review mails",
		    detail->len ? "; " : "");
	return r;
}
