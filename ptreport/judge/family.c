/*
 * family.c - "ignored" is a claim of silence, so the whole family of a
 * patch is read before it is made (method.md §6b): its versions under
 * any title (one person's patches the scores, the titles or the timing
 * join), the commits that credit its author on its files, its author's
 * own words after it (the repositories its subject's tags name: tags.c).
 * verdicts() asks these only of a patch nothing else answered.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hash.h"
#include "order.h"
#include "person.h"
#include "judge.h"
#include "text.h"
#include "util.h"

/* qsort has no context argument; the model is judged once. */
static const struct model *fam_md;

/* The family pairs of mail a: md->fam[*lo .. return). */
static size_t
fam_of(const struct model *md, uint32_t a, size_t *lo)
{
	size_t l = 0, h = md->nfam;

	while (l < h) {
		size_t mid = l + (h - l) / 2;

		if (md->fam[mid].a < a)
			l = mid + 1;
		else
			h = mid;
	}
	*lo = l;
	for (h = l; h < md->nfam && md->fam[h].a == a; h++)
		;
	return h;
}

/*
 * One person's patch mails, by sender address and by name (then date
 * and id), to find a person's other patches without reading them all.
 */
static uint32_t *byaddr, *byname;
static size_t nbyaddr, nbyname;
/* The main line's commits with a title, by their title words. */
static uint32_t *bytitle;
static size_t nbytitle;

static int
cmp_byaddr(const void *a, const void *b)
{
	const struct mail *x = &fam_md->mails[*(const uint32_t *)a];
	const struct mail *y = &fam_md->mails[*(const uint32_t *)b];
	int c = strcmp(x->from, y->from);

	return c ? c : cmp_date_id(fam_md, *(const uint32_t *)a, *(const uint32_t *)b);
}

static int
cmp_byname(const void *a, const void *b)
{
	const struct mail *x = &fam_md->mails[*(const uint32_t *)a];
	const struct mail *y = &fam_md->mails[*(const uint32_t *)b];
	int c = strcmp(x->who, y->who);

	return c ? c : cmp_date_id(fam_md, *(const uint32_t *)a, *(const uint32_t *)b);
}

/* A patch mail a version may be: a patch of the tables, dated, posted by a person. */
static int
versionable(const struct mail *m)
{
	return m->present && m->type == MT_PATCH && !m->review && m->date != NODATE;
}

/* Commits by title words, then date, then id. */
static int
cmp_bytitle(const void *a, const void *b)
{
	const struct commit *x = &fam_md->commits[*(const uint32_t *)a];
	const struct commit *y = &fam_md->commits[*(const uint32_t *)b];
	int c = strcmp(x->ntitle, y->ntitle);

	if (c)
		return c;
	if (x->cdate != y->cdate)
		return x->cdate < y->cdate ? -1 : 1;
	return strcmp(x->id, y->id);
}

void
family_index(struct model *md)
{
	fam_md = md;
	byaddr = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *byaddr);
	byname = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *byname);
	nbyaddr = nbyname = 0;
	for (size_t i = 0; i < md->nmails; i++) {
		if (!versionable(&md->mails[i]))
			continue;
		byaddr[nbyaddr++] = (uint32_t)i;
		if (*md->mails[i].who)
			byname[nbyname++] = (uint32_t)i;
	}
	if (nbyaddr)
		qsort(byaddr, nbyaddr, sizeof *byaddr, cmp_byaddr);
	if (nbyname)
		qsort(byname, nbyname, sizeof *byname, cmp_byname);
	bytitle = xreallocarray(NULL, md->ncommits ? md->ncommits : 1, sizeof *bytitle);
	nbytitle = 0;
	for (size_t i = 0; i < md->ncommits; i++) {
		const struct commit *c = &md->commits[i];

		if (c->present && !c->skip && !c->side && c->ntitle && *c->ntitle)
			bytitle[nbytitle++] = (uint32_t)i;
	}
	if (nbytitle)
		qsort(bytitle, nbytitle, sizeof *bytitle, cmp_bytitle);
}

void
family_free(struct model *md)
{
	free(byaddr);
	free(byname);
	free(bytitle);
	byaddr = byname = bytitle = NULL;
	nbyaddr = nbyname = nbytitle = 0;
}

/* The first of v[0..n) whose key (by addr or name) is k: its index, or n. */
static size_t
first_of(const struct model *md, const uint32_t *v, size_t n, const char *k, int name)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct mail *x = &md->mails[v[mid]];

		if (strcmp(name ? x->who : x->from, k) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

size_t
address_mails(const struct model *md, const char *addr, const uint32_t **v)
{
	size_t lo = first_of(md, byaddr, nbyaddr, addr, 0), hi = lo;

	while (hi < nbyaddr && !strcmp(md->mails[byaddr[hi]].from, addr))
		hi++;
	*v = byaddr + lo;
	return hi - lo;
}

/*
 * Each patch mail of m's person (by address, then by name; one found
 * both ways is given once), other than m: fn(md, m, x, arg) for each;
 * a non-zero return stops the walk and is returned.
 */
static int
each_of_person(struct model *md, uint32_t mi,
    int (*fn)(struct model *, uint32_t, uint32_t, void *), void *arg)
{
	const struct mail *m = &md->mails[mi];
	int r;

	for (size_t i = first_of(md, byaddr, nbyaddr, m->from, 0);
	    i < nbyaddr && md->mails[byaddr[i]].from == m->from; i++)
		if (byaddr[i] != mi && (r = fn(md, mi, byaddr[i], arg)) != 0)
			return r;
	if (!*m->who)
		return 0;
	for (size_t i = first_of(md, byname, nbyname, m->who, 1);
	    i < nbyname && md->mails[byname[i]].who == m->who; i++) {
		const struct mail *x = &md->mails[byname[i]];

		if (byname[i] != mi && x->from != m->from && one_person(m->from, m->who,
		    x->from, x->who, 1) && (r = fn(md, mi, byname[i], arg)) != 0)
			return r;
	}
	return 0;
}

/* The score of the family pair of a and b (mail-mail), or -1 for none. */
static double
fam_score(const struct model *md, uint32_t a, uint32_t b)
{
	size_t lo, hi = fam_of(md, a, &lo);

	for (size_t i = lo; i < hi; i++)
		if (!md->fam[i].commit && !md->fam[i].loose && !md->fam[i].other &&
		    md->fam[i].b == b)
			return md->fam[i].score;
	return -1;
}

/* Is there a family pair of a and b (mail-mail), loose ones too? */
static int
fam_loose(const struct model *md, uint32_t a, uint32_t b)
{
	size_t lo, hi = fam_of(md, a, &lo);

	for (size_t i = lo; i < hi; i++)
		if (!md->fam[i].commit && !md->fam[i].other && md->fam[i].b == b)
			return 1;
	return 0;
}

/* Is there a family pair of a and b (mail-mail)? */
static int
fam_alike(const struct model *md, uint32_t a, uint32_t b)
{
	return fam_score(md, a, b) >= 0;
}

static int64_t
absdiff(int64_t a, int64_t b)
{
	return a > b ? a - b : b - a;
}

/* Does x have an earlier version of its own: a patch of its cluster, or of its person under its title, before it? */
static int
has_earlier(struct model *md, uint32_t xi)
{
	const struct mail *x = &md->mails[xi];

	if (x->cluster != NONE)
		for (uint32_t y = md->clusters[x->cluster].mail; y != NONE; y = md->mails[y].cnext)
			if (y != xi && versionable(&md->mails[y]) &&
			    cmp_date_id(md, y, xi) < 0)
				return 1;
	for (size_t i = first_of(md, byaddr, nbyaddr, x->from, 0);
	    i < nbyaddr && md->mails[byaddr[i]].from == x->from; i++) {
		const struct mail *y = &md->mails[byaddr[i]];

		if (cmp_date_id(md, byaddr[i], xi) >= 0)
			break;
		if (y->ntitle == x->ntitle && *x->ntitle)
			return 1;
	}
	return 0;
}

/*
 * Is m the last posting of its person before x: no patch of his between
 * them but the parts of m's own posting?
 */
static int
last_before(struct model *md, uint32_t mi, uint32_t xi)
{
	const struct mail *m = &md->mails[mi];
	uint32_t mroot = thread_of(md, mi);

	for (size_t i = first_of(md, byaddr, nbyaddr, m->from, 0);
	    i < nbyaddr && md->mails[byaddr[i]].from == m->from; i++) {
		uint32_t y = byaddr[i];

		if (cmp_date_id(md, y, mi) <= 0)
			continue;
		if (cmp_date_id(md, y, xi) >= 0)
			break;
		if (thread_of(md, y) != mroot || md->mails[y].version != m->version)
			return 0;
	}
	return 1;
}

/*
 * A created file's numbered slot: of change line p[0..k) ("Cdir/name12.c"),
 * the length of what precedes its name's digits, and where its
 * extension starts; 0 when not a created file or its name ends in no
 * digits.
 */
static size_t
slot_stem(const char *p, size_t k, size_t *ext)
{
	size_t e = k, d;

	if (k < 2 || p[0] != 'C')
		return 0;
	for (size_t i = k; i > 1 && p[i - 1] != '/'; i--)
		if (p[i - 1] == '.') {
			e = i - 1;
			break;
		}
	for (d = e; d > 1 && isdigit((unsigned char)p[d - 1]); d--)
		;
	*ext = e;
	return d < e && p[d - 1] != '/' ? d : 0;
}

/*
 * Do change lists a and b create files in numbered slots of one family,
 * the same or siblings (hugemmap34.c, hugemmap36.c: "Migrating the
 * libhugetlbfs/testcases/X.c test", each taking the next free number)?
 */
static int
slot_kin(const char *a, const char *b)
{
	for (const char *p = a ? a : ""; *p;) {
		size_t k = strcspn(p, "\n"), pe, ps = slot_stem(p, k, &pe);

		for (const char *q = ps && b ? b : ""; *q;) {
			size_t j = strcspn(q, "\n"), qe, qs = slot_stem(q, j, &qe);

			if (qs == ps && !memcmp(p, q, ps) && k - pe == j - qe &&
			    !memcmp(p + pe, q + qe, k - pe))
				return 1;
			q += j + (q[j] == '\n');
		}
		p += k + (p[k] == '\n');
	}
	return 0;
}

enum { KIN_NONE, KIN_WEAK, KIN_STRONG };

/*
 * The title of the posting patch m was sent in: its cover letter's (its
 * parent, a cover letter), else "" (a patch alone: its own title is
 * compared already).
 */
static const char *
cover_title(const struct model *md, const struct mail *m)
{
	const struct mail *c = m->parent != NONE ? &md->mails[m->parent] : NULL;

	return c && c->present && c->type == MT_COVER && c->ntitle ? c->ntitle : "";
}

/*
 * Is one of m and x a patch whose own title a series of the other's
 * author's took as its cover letter's (alike, TWIN_WORDS; TITLE_WORDS
 * words each): the patch re-sent as a series ("[PATCH 2/2] scrub
 * status: add json output format", then "[PATCH 0/6] V2 scrub status:
 * add json output format")?  Two cover letters alike say nothing of
 * which part is which.
 */
static int
resent_as_series(const struct model *md, const struct mail *m, const struct mail *x)
{
	const char *cm = cover_title(md, m), *cx = cover_title(md, x);

	return (*cm && x->ntitle && distinct_words(cm) >= TITLE_WORDS &&
	    distinct_words(x->ntitle) >= TITLE_WORDS && titles_alike(cm, x->ntitle)) ||
	    (*cx && m->ntitle && distinct_words(cx) >= TITLE_WORDS &&
	    distinct_words(m->ntitle) >= TITLE_WORDS && titles_alike(m->ntitle, cx));
}

/* The first of the main line's commits titled t (bytitle's index), or where it would be. */
static size_t
first_titled(const struct model *md, const char *t)
{
	size_t lo = 0, hi = nbytitle;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(md->commits[bytitle[mid]].ntitle, t) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * Is t a title the history gives RECUR_TITLES commits or more ("Update
 * kernel headers", "Start new development cycle"): a routine's name, no
 * patch's own?
 */
#define RECUR_TITLES 3
static int
recurring_title(const struct model *md, const char *t)
{
	size_t lo = first_titled(md, t), n = 0;

	while (lo + n < nbytitle && n < RECUR_TITLES && !strcmp(md->commits[bytitle[lo + n]].ntitle, t))
		n++;
	return n >= RECUR_TITLES;
}

/* Do the titles' prefixes end alike ("syscalls/waitid10: ", "waitid10: ")? */
static int
same_topic(const char *a, const char *b)
{
	char pa[64], pb[64];
	size_t na = title_prefix(a, pa, sizeof pa), nb = title_prefix(b, pb, sizeof pb);
	const char *ta, *tb;

	if (!na || !nb)
		return 0;
	pa[na] = pb[nb] = '\0';
	ta = strrchr(pa, '/') ? strrchr(pa, '/') + 1 : pa;
	tb = strrchr(pb, '/') ? strrchr(pb, '/') + 1 : pb;
	return *ta && !strcmp(ta, tb);
}

/*
 * Is a (earlier) the version b (later) took up under a new title: b a
 * single patch's vN (N >= 2) with no earlier version of its own, a a
 * single patch of a lower version on the very files b changes, under
 * a title prefix of the same last part, never merged, its person's
 * latest such before b, within VERSION_DAYS (a new approach under a
 * new title: "[PATCH v2] waitid10: raise SIGFPE directly", two months
 * after "syscalls/waitid10: Fix on ARM, PPC and possibly others", a
 * merged fix of the same file between them)?
 */
static int
orphan_next(struct model *md, uint32_t ai, uint32_t bi)
{
	const struct mail *a = &md->mails[ai], *b = &md->mails[bi];
	const struct cluster *k = cluster_at(md, a->cluster);

	if (b->version < 2 || a->version >= b->version || a->total >= 2 || b->total >= 2 ||
	    cmp_date_id(md, ai, bi) >= 0 || b->date - a->date > (int64_t)VERSION_DAYS * DAY ||
	    !a->files || !b->files || !covers_files(a->files, b->files) ||
	    !covers_files(b->files, a->files) || (k && (k->ncommits || k->nside)) ||
	    !same_topic(a->subject, b->subject) || has_earlier(md, bi))
		return 0;
	for (size_t i = first_of(md, byaddr, nbyaddr, a->from, 0);
	    i < nbyaddr && md->mails[byaddr[i]].from == a->from; i++) {
		uint32_t y = byaddr[i];
		const struct mail *v = &md->mails[y];

		if (cmp_date_id(md, y, ai) <= 0)
			continue;
		if (cmp_date_id(md, y, bi) >= 0)
			break;
		k = cluster_at(md, v->cluster);
		if (versionable(v) && v->total < 2 && v->files &&
		    covers_files(v->files, b->files) && covers_files(b->files, v->files) &&
		    !(k && (k->ncommits || k->nside)))
			return 0;
	}
	return 1;
}

uint32_t
family_kin(struct model *md, uint32_t mi, uint32_t xi)
{
	const struct mail *m = &md->mails[mi], *x = &md->mails[xi];
	int64_t dt = absdiff(x->date, m->date);
	int alike;

	if (xi == mi || !versionable(x) || m->date == NODATE ||
	    (m->cluster != NONE && x->cluster == m->cluster))
		return KIN_NONE;
	/* Another part of its own posting is no version of it. */
	if (x->version == m->version && thread_of(md, xi) == thread_of(md, mi))
		return KIN_NONE;
	/*
	 * Posted with it (within TOGETHER_SECS, the same version): a
	 * companion, together()'s, not a version; unless it is the same
	 * patch again (a repost under another title minutes later).
	 */
	if (dt <= TOGETHER_SECS && x->version == m->version)
		return (m->phash && x->phash == m->phash) ||
		    fam_score(md, mi, xi) >= REPOST_SCORE ? KIN_STRONG : KIN_NONE;
	/* The scores join them: the same change, reworked. */
	if (dt <= (int64_t)FAM_DAYS * DAY && fam_alike(md, mi, xi))
		return KIN_STRONG;
	/*
	 * Gerrit's Change-Id, or the commit both fix, in common: soon, or
	 * on a file of it (the same bug fixed again another way, months
	 * later).
	 */
	if ((*m->changeid && x->changeid == m->changeid) ||
	    (*m->fixes && x->fixes == m->fixes && (dt <= (int64_t)RETITLE_DAYS * DAY ||
	    (dt <= (int64_t)FAM_DAYS * DAY && shares_file(x->files, m->files)))))
		return KIN_STRONG;
	/*
	 * Sent in its thread as its next version: a single patch of a
	 * higher version answering it (or a reply to it), on a file of it,
	 * soon, whatever its title ("[PATCH v1] mount08.c: SKIP test if
	 * selinux is running", then "[PATCH v2] mount08.c: Check EACCES
	 * error ..." In-Reply-To it, as the review asked).
	 */
	if (x->version > m->version && x->date > m->date && (x->tgt == mi || x->parent == mi) &&
	    m->total < 2 && x->total < 2 && dt <= (int64_t)RETITLE_DAYS * DAY &&
	    shares_file(x->files, m->files))
		return KIN_STRONG;
	alike = *m->ntitle && (x->ntitle == m->ntitle || (titles_alike(x->ntitle, m->ntitle) &&
	    !numbered_siblings(x->ntitle, m->ntitle)));
	/*
	 * A next version retitled a little, on a file or folder of it, soon;
	 * one naming another thing in place of its own only when sent as a
	 * reply to it or where the scores pair them (a test renamed, its diff
	 * the same); not when both create files in numbered slots of one
	 * family, loosely alike (two tests, each taking the next free slot).
	 */
	if (alike && x->version != m->version && dt <= (int64_t)RETITLE_DAYS * DAY &&
	    (shares_file(x->files, m->files) || shares_folder(x->files, m->files)) &&
	    (!slot_swapped(x->subject, m->subject) || x->parent == mi ||
	    (fam_loose(md, mi, xi) && (fam_alike(md, mi, xi) ||
	    !slot_kin(x->files, m->files)))))
		return KIN_STRONG;
	/*
	 * Its earlier version: m a single patch's vN with no earlier version
	 * of its own, x a single patch of a lower version before it, retitled
	 * a little, whatever their files when the titles say enough
	 * (TITLE_WORDS words each), soon: the test moved to another folder
	 * ("generic: check ... at/after fs thaw", generic/702; "[PATCH v2]
	 * fstests: shared: generic: check ... at fs thaw", shared/001).  Not
	 * of a series, whose parts share a title's template.
	 */
	if (alike && m->version > x->version && m->version >= 2 && x->date < m->date &&
	    dt <= (int64_t)RETITLE_DAYS * DAY && m->total < 2 && x->total < 2 &&
	    distinct_words(m->ntitle) >= TITLE_WORDS && distinct_words(x->ntitle) >= TITLE_WORDS &&
	    !has_earlier(md, mi))
		return KIN_STRONG;
	if (orphan_next(md, mi, xi) || orphan_next(md, xi, mi))
		return KIN_STRONG;
	/* A patch re-sent as a series under its title, on a file of it, soon. */
	if (dt <= (int64_t)RETITLE_DAYS * DAY && thread_of(md, xi) != thread_of(md, mi) &&
	    shares_file(x->files, m->files) && resent_as_series(md, m, x))
		return KIN_STRONG;
	/*
	 * A title alike, on every file of it, and the scores alike though
	 * the diffs differ over most of them (a repost reworked, months
	 * later; not two new tests, each its own file, alike in the lists
	 * they are added to).
	 */
	if (alike && dt <= (int64_t)FAM_DAYS * DAY && covers_files(x->files, m->files) &&
	    fam_loose(md, mi, xi) && !(slot_swapped(x->subject, m->subject) &&
	    !fam_alike(md, mi, xi) && slot_kin(x->files, m->files)))
		return KIN_STRONG;
	/*
	 * The same title again, on a file of it; or whatever its files (the
	 * code moved) when the title says enough (TITLE_WORDS words).
	 */
	if (*m->ntitle && x->ntitle == m->ntitle && dt <= (int64_t)FAM_DAYS * DAY &&
	    (shares_file(x->files, m->files) || distinct_words(m->ntitle) >= TITLE_WORDS) &&
	    !recurring_title(md, m->ntitle))
		return KIN_STRONG;
	if (x->date < m->date || dt > NEAR_SECS)
		return KIN_NONE;
	/*
	 * A v2 or later with no earlier version of its own, posted soon
	 * after m, m its person's last posting before it, of as many
	 * patches: m's next version under a new title.
	 */
	if (x->version >= 2 && x->total == m->total && (m->total < 2 || x->part == m->part) &&
	    !has_earlier(md, xi) && last_before(md, mi, xi))
		return KIN_STRONG;
	/*
	 * Soon after, under a title alike, or a vN with no earlier version
	 * of its own on a file or folder of it: maybe.
	 */
	if (alike || (x->version >= 2 && !has_earlier(md, xi) &&
	    (shares_file(x->files, m->files) || shares_folder(x->files, m->files))))
		return KIN_WEAK;
	return KIN_NONE;
}

/* Was patch x handled: merged or applied, or answered, in any version? */
static int
handled_x(struct model *md, uint32_t xi, int *merged)
{
	const struct mail *x = &md->mails[xi];
	const struct cluster *k = cluster_at(md, x->cluster);

	*merged = 0;
	if (k && (k->ncommits || k->nside)) {
		*merged = landed_by(md, xi) != NONE;
		if (*merged)
			return 1;
	}
	return (k && k->responded) || responded(md, xi);
}

struct kin_find {
	uint32_t best;
	int kin, merged;
};

/* Of two merged versions of mi, is x nearer than y: one after mi first, then the closer in time? */
static int
merged_nearer(const struct model *md, uint32_t mi, uint32_t xi, uint32_t yi)
{
	int xa = cmp_date_id(md, xi, mi) > 0, ya = cmp_date_id(md, yi, mi) > 0;
	int64_t dx = absdiff(md->mails[xi].date, md->mails[mi].date);
	int64_t dy = absdiff(md->mails[yi].date, md->mails[mi].date);

	if (xa != ya)
		return xa;
	return dx != dy ? dx < dy : cmp_date_id(md, xi, yi) < 0;
}

static int
kin_step(struct model *md, uint32_t mi, uint32_t xi, void *arg)
{
	struct kin_find *f = arg;
	int kin = (int)family_kin(md, mi, xi), mg;

	if (kin == KIN_NONE || kin < f->kin || !handled_x(md, xi, &mg))
		return 0;
	/*
	 * The strongest, then merged before answered, then the earliest;
	 * of merged ones, a later version before an earlier (what took its
	 * place), then the nearest.
	 */
	if (kin > f->kin || (mg && !f->merged) ||
	    (mg == f->merged && (mg ? merged_nearer(md, mi, xi, f->best) :
	    cmp_date_id(md, xi, f->best) < 0))) {
		f->best = xi;
		f->kin = kin;
		f->merged = mg;
	}
	return 0;
}

uint32_t
family_version(struct model *md, uint32_t mi, int *weak, int *mergedp)
{
	struct kin_find f = { NONE, KIN_NONE, 0 };

	if (!byaddr)
		return NONE;
	each_of_person(md, mi, kin_step, &f);
	*weak = f.kin == KIN_WEAK;
	*mergedp = f.merged;
	return f.best;
}

int
silent_uncounted(struct model *md, uint32_t xi)
{
	return !md->mails[xi].project && !responded(md, xi) && landed_by(md, xi) == NONE;
}

static int
later_step(struct model *md, uint32_t mi, uint32_t xi, void *arg)
{
	uint32_t *best = arg;

	if (cmp_date_id(md, xi, mi) > 0 && !silent_uncounted(md, xi) &&
	    family_kin(md, mi, xi) == KIN_STRONG &&
	    (*best == NONE || cmp_date_id(md, xi, *best) < 0))
		*best = xi;
	return 0;
}

/*
 * A later patch of its person's, merged or applied, that is a strong
 * version of mi: the earliest.  The merge is tested first (its
 * cluster's commits), the kinship, dearer, then: every answered patch
 * asks.
 */
static int
merged_step(struct model *md, uint32_t mi, uint32_t xi, void *arg)
{
	uint32_t *best = arg;
	const struct cluster *k;

	if (cmp_date_id(md, xi, mi) <= 0 || (*best != NONE && cmp_date_id(md, xi, *best) >= 0) ||
	    !(k = cluster_at(md, md->mails[xi].cluster)) || !(k->ncommits || k->nside) ||
	    landed_by(md, xi) == NONE ||
	    family_kin(md, mi, xi) != KIN_STRONG)
		return 0;
	*best = xi;
	return 0;
}

/* The patch of mi's person that step keeps as best (NONE to start), or NONE. */
static uint32_t
person_best(struct model *md, uint32_t mi, int (*step)(struct model *, uint32_t, uint32_t, void *))
{
	uint32_t best = NONE;

	if (byaddr)
		each_of_person(md, mi, step, &best);
	return best;
}

uint32_t
family_merged_later(struct model *md, uint32_t mi)
{
	return person_best(md, mi, merged_step);
}

uint32_t
family_later(struct model *md, uint32_t mi)
{
	return person_best(md, mi, later_step);
}

uint32_t
credit_commit(struct model *md, uint32_t mi)
{
	const struct mail *m = &md->mails[mi];
	size_t lo, hi = fam_of(md, mi, &lo);
	uint32_t best = NONE;

	if (m->date == NODATE)
		return NONE;
	/* Gerrit's Change-Id: the commit is its change, split or reworked. */
	if (*m->changeid)
		for (size_t i = 0; i < md->ncommits; i++) {
			const struct commit *c = &md->commits[i];

			if (c->present && !c->skip && c->changeid == m->changeid &&
			    (best == NONE || c->cdate < md->commits[best].cdate ||
			    (c->cdate == md->commits[best].cdate &&
			    strcmp(c->id, md->commits[best].id) < 0)))
				best = (uint32_t)i;
		}
	if (best != NONE)
		return best;
	for (size_t i = lo; i < hi; i++) {
		const struct commit *c;

		if (!md->fam[i].commit)
			continue;
		c = &md->commits[md->fam[i].b];
		if (!c->present || c->skip || c->date == NODATE || c->date < m->date - DAY ||
		    c->date > m->date + (int64_t)CREDIT_DAYS * DAY || !credits_person(c, m))
			continue;
		/* Near it, any pair on a file of it; later, a pair alike. */
		if (md->fam[i].score < CREDIT_SCORE &&
		    c->date > m->date + (int64_t)CREDIT_NEAR_DAYS * DAY)
			continue;
		if (best == NONE || c->cdate < md->commits[best].cdate ||
		    (c->cdate == md->commits[best].cdate &&
		    strcmp(c->id, md->commits[best].id) < 0))
			best = md->fam[i].b;
	}
	return best;
}

uint32_t
title_commit(struct model *md, uint32_t mi)
{
	const struct mail *m = &md->mails[mi];
	size_t lo;
	const struct commit *c;

	if (m->date == NODATE || !m->ntitle || distinct_words(m->ntitle) < TITLE_WORDS)
		return NONE;
	lo = first_titled(md, m->ntitle);
	/* One commit of the main line under that title, no other. */
	if (lo >= nbytitle || strcmp(md->commits[bytitle[lo]].ntitle, m->ntitle) ||
	    (lo + 1 < nbytitle && !strcmp(md->commits[bytitle[lo + 1]].ntitle, m->ntitle)))
		return NONE;
	c = &md->commits[bytitle[lo]];
	if (c->cdate == NODATE || c->cdate < m->date ||
	    c->cdate > m->date + (int64_t)OWN_DAYS * DAY ||
	    (!one_person(m->from, m->who, c->author, c->aname, 0) && !credits_person(c, m)))
		return NONE;
	return bytitle[lo];
}

uint32_t
duplicate_merged(struct model *md, uint32_t mi, uint32_t *dup)
{
	const struct mail *m = &md->mails[mi];
	size_t lo, hi = fam_of(md, mi, &lo);
	uint32_t best = NONE, bc = NONE;

	*dup = NONE;
	if (m->date == NODATE)
		return NONE;
	for (size_t i = lo; i < hi; i++) {
		uint32_t x = md->fam[i].b, c;
		const struct mail *d = &md->mails[x];
		int64_t dt;

		if (!md->fam[i].other || !d->project || d->date == NODATE ||
		    (dt = absdiff(d->date, m->date)) > (int64_t)DUP_DAYS * DAY)
			continue;
		if ((c = landed_by(md, x)) == NONE)
			continue;
		/* The nearest in time, then the first by date and id. */
		if (best == NONE || dt < absdiff(md->mails[best].date, m->date) ||
		    (dt == absdiff(md->mails[best].date, m->date) && cmp_date_id(md, x, best) < 0)) {
			best = x;
			bc = c;
		}
	}
	*dup = best;
	return bc;
}

/*
 * The author's own mail in the thread of v (mi or a version of it), at
 * or after mi, aimed at v, that is no patch: the earliest (by date, then
 * id) that is a withdrawal (*wd set) or says anything else than a ping.
 */
static uint32_t
own_words(struct model *md, uint32_t mi, uint32_t v, int *wd)
{
	const struct mail *m = &md->mails[mi];
	uint32_t root = thread_of(md, v), best = NONE;

	for (uint32_t r = md->th[root].resp; r != NONE; r = md->mails[r].rnext) {
		const struct mail *x = &md->mails[r];

		/*
		 * Words of his, not only a ping: a mail without any (only
		 * quotes, or a table without the said column) says nothing.
		 */
		if (x->type == MT_PATCH || x->type == MT_COVER || x->type == MT_PULL || r == mi ||
		    !same_person(x, m) || x->date == NODATE || x->date < m->date ||
		    (!x->withdraw && (x->ping || !*x->said)))
			continue;
		if (x->tgt != v && !aimed_at(md, x->tgt, x->series, v))
			continue;
		if (best == NONE || cmp_date_id(md, r, best) < 0) {
			best = r;
			*wd = x->withdraw;
		}
	}
	return best;
}

uint32_t
followup(struct model *md, uint32_t mi, int *wd)
{
	uint32_t *v = NULL, best = NONE;
	size_t cap = 0, n = answer_versions(md, mi, &v, &cap);

	*wd = 0;
	for (size_t i = 0; i < n; i++) {
		int w = 0;
		uint32_t r;

		/* His words on a later version speak of that one. */
		if (v[i] != mi && cmp_date_id(md, v[i], mi) > 0)
			continue;
		r = own_words(md, mi, v[i], &w);

		if (r != NONE && (best == NONE || cmp_date_id(md, r, best) < 0)) {
			best = r;
			*wd = w;
		}
	}
	free(v);
	return best;
}

int
twin_answered(struct model *md, uint32_t mi, uint32_t ti)
{
	uint32_t root = thread_of(md, ti);

	/* The same change in two places ("acct02: ..." and "msgrcv03: ..."): one answer. */
	if (titles_alike(md->mails[mi].ntitle, md->mails[ti].ntitle))
		return responded(md, ti);
	/* A series word in a series' thread speaks of that series, not of mi. */
	if (md->mails[ti].total > 1)
		return 0;
	for (uint32_t r = md->th[root].resp; r != NONE; r = md->mails[r].rnext)
		if (md->mails[r].series && answers(md, r, ti))
			return 1;
	return 0;
}

/* Does commit c change a file of the same name as mi, or as another part of mi's posting? */
static int
prose_files(struct model *md, uint32_t mi, const struct commit *c)
{
	const struct mail *m = &md->mails[mi];
	uint32_t root;

	if (shares_name(m->files, c->files))
		return 1;
	if (m->total < 2)
		return 0;
	root = thread_of(md, mi);
	for (size_t lo = first_in_thread(md->vp, md->nvp, root);
	    lo < md->nvp && md->vp[lo].root == root; lo++) {
		const struct mail *p = &md->mails[md->vp[lo].mail];

		if (md->vp[lo].mail != mi && p->version == m->version && p->total == m->total &&
		    by_person(p, m->from, m->who) && shares_name(p->files, c->files))
			return 1;
	}
	return 0;
}

uint32_t
prose_commit(struct model *md, uint32_t mi)
{
	const struct mail *m = &md->mails[mi];
	uint32_t best = NONE;

	if (m->date == NODATE || !m->files)
		return NONE;
	for (size_t i = 0; i < md->nprose; i++) {
		const struct commit *c = &md->commits[md->prosec[i]];

		if (c->date == NODATE || c->date < m->date - DAY ||
		    c->date > m->date + (int64_t)CREDIT_DAYS * DAY || c->author == m->from ||
		    !has_item(c->prose, strlen(c->prose), ' ', m->from, strlen(m->from)) ||
		    !prose_files(md, mi, c))
			continue;
		if (best == NONE || c->cdate < md->commits[best].cdate ||
		    (c->cdate == md->commits[best].cdate && strcmp(c->id, md->commits[best].id) < 0))
			best = md->prosec[i];
	}
	return best;
}
