/*
 * load.c - read the tables ptreport works on into the model.  A table
 * is recognized by its header, so operands come in any order: ptcluster
 * output (cluster, id, kind), mbox2tsv mails (in_reply_to), git2tsv
 * commits (commit_date), git2tsv --tags (tag), patchtok patches (kind,
 * files) and ptmaint maintainers (version, section, role, responsible).
 * This file reads the mails, commits, tags and merged tables, hands the
 * others to their readers, and finishes the model once all are read.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mailmap.h"
#include "mailthread.h"
#include "person.h"
#include "readers.h"
#include "subject.h"
#include "tables.h"
#include "text.h"
#include "tsv.h"
#include "util.h"

/* Add a list to a mail's, kept sorted so that row order does not show. */
static void
add_list(struct model *md, struct mail *m, const char *s, size_t n)
{
	size_t have = strlen(m->lists), at = 0;
	char *p;

	if (!n || has_wordn(m->lists, have, s, n))
		return;
	while (at < have) {
		size_t k = strcspn(m->lists + at, " ");
		int c = memcmp(m->lists + at, s, k < n ? k : n);

		if (c > 0 || (c == 0 && k > n))
			break;
		at += k + (at + k < have);
	}
	p = arena_alloc(&md->mem, have + n + 2);
	if (at == have) {
		/* The last: after a blank. */
		memcpy(p, m->lists, have);
		if (have)
			p[have++] = ' ';
		memcpy(p + have, s, n);
		p[have + n] = '\0';
	} else {
		/* Before the word at at, and its blank. */
		memcpy(p, m->lists, at);
		memcpy(p + at, s, n);
		p[at + n] = ' ';
		memcpy(p + at + n + 1, m->lists + at, have - at + 1);
	}
	m->lists = p;
}

/* Every list id of a space-separated list column. */
static void
add_listids(struct model *md, const char *s, size_t n)
{
	const char *end = s + n;

	while (s < end) {
		size_t k = 0;

		while (s + k < end && s[k] != ' ')
			k++;
		if (k)
			set_add(md, &md->listids, s, k);
		s += k + 1;
	}
}

/*
 * A patch's recipients: the To addresses, then the Cc ones, lower-cased
 * and interned, each once; the mail holds an array of pointers.
 */
static void
load_rcpt(struct model *md, struct mail *m, const struct tsv_reader *r, int cto, int ccc)
{
	const char **v = NULL;
	size_t n = 0;
	struct set64 seen = SET64_INIT;

	for (int pass = 0; pass < 2; pass++) {
		size_t len;
		const char *s = fld(r, pass ? ccc : cto, &len), *end = s + len;

		while (s < end) {
			size_t k = 0;
			const char *a;
			int dup = 0;

			while (s < end && (*s == ' ' || *s == ','))
				s++;
			while (s + k < end && s[k] != ' ' && s[k] != ',')
				k++;
			if (!k)
				break;
			/* The column holds no names: entries for any name apply. */
			{
				const char *ma = s, *nm = NULL;
				size_t mk = k, nn = 0;

				mailmap_map(md->mm, NULL, 0, s, k, &nm, &nn, &ma, &mk);
				a = intern_lower(&md->pool, ma, mk);
			}
			s += k;
			/* A few addresses are compared in place, many through a set. */
			if (n < 16) {
				for (size_t i = 0; i < n && !dup; i++)
					dup = v[i] == a;
			} else {
				if (n == 16 && !seen.n)
					for (size_t i = 0; i < n; i++)
						set64_add(&seen, (uint64_t)(uintptr_t)v[i]);
				dup = !set64_add(&seen, (uint64_t)(uintptr_t)a);
			}
			if (dup)
				continue;
			v = xreallocarray(v, n + 1, sizeof *v);
			v[n++] = a;
		}
	}
	if (n) {
		m->rcpt = arena_alloc(&md->mem, n * sizeof *v);
		memcpy(m->rcpt, v, n * sizeof *v);
		m->nrcpt = (uint32_t)n;
	}
	free(v);
	set64_free(&seen);
}

/*
 * The archive of a src column (patchtrack-tsv(5)): "file:offset" and
 * "repository:commit" less the place, a maildir's file less its cur/ or
 * new/ and name.  Its length in s.
 */
static size_t
archive_len(const char *s, size_t n)
{
	const char *colon = NULL;
	size_t k;

	for (k = n; k && !colon; k--)
		if (s[k - 1] == ':')
			colon = s + k - 1;
	if (colon && colon + 1 < s + n) {
		const char *p = colon + 1;

		while (p < s + n && isxdigit((unsigned char)*p))
			p++;
		if (p == s + n)
			return (size_t)(colon - s);
	}
	/* A maildir's file: dir/cur/name or dir/new/name. */
	for (k = n; k && s[k - 1] != '/'; k--)
		;
	if (k >= 5 && (!memcmp(s + k - 5, "/cur/", 5) || !memcmp(s + k - 5, "/new/", 5)))
		return k - 5;
	return n;
}

/*
 * A message's trailer TAG ("fixes:", "change-id:", lower-case), the
 * message raw (TSV-escaped: a line ends at "\\n") or not: its value's first
 * word, at most max bytes of it (hex digits alone when hex, at least
 * 7), lower-cased when hex, interned; "" when none.  The first such line.
 */
static const char *
trailer_word(struct model *md, const char *s, size_t n, const char *tag, size_t max, int hex)
{
	size_t tl = strlen(tag);

	for (const char *p = s, *end = s + n; p < end;) {
		const char *nl = p, *le;

		/* A line ends at a newline, escaped (raw) or not (decoded). */
		while (nl < end && *nl != '\n' && !(*nl == '\\' && nl + 1 < end && nl[1] == 'n'))
			nl++;
		le = nl;
		if (nl == end)
			nl = NULL;

		if ((size_t)(le - p) > tl && !strncasecmp(p, tag, tl)) {
			const char *v = p + tl;
			size_t j = 0;

			while (v < le && (*v == ' ' || *v == '\t'))
				v++;
			while (v + j < le && j < max && (hex ? isxdigit((unsigned char)v[j]) :
			    !isspace((unsigned char)v[j]) && v[j] != '\\'))
				j++;
			if ((hex && j < 7) || !j)
				return "";
			return hex ? intern_lower(&md->pool, v, j) : intern(&md->pool, v, j);
		}
		p = !nl ? end : *nl == '\n' ? nl + 1 : nl + 2;
	}
	return "";
}

/*
 * A mail without a patch (none of a robot's): its sender's own words
 * (the said column), the start of them, enough to quote a follow-up of
 * a patch's author; the commit hashes and the parts of a series all of
 * them name (columns hashes and parts).
 */
static void
said_of(struct model *md, struct mail *m, const struct tsv_reader *r, const int col[3])
{
	const char *s;
	size_t n;

	if (m->type == MT_PATCH || m->type == MT_BOT)
		return;
	s = fld(r, col[1], &n);
	m->hashes = n ? intern(&md->pool, s, n) : "";
	s = fld(r, col[2], &n);
	m->parts = n ? arena_strndup(&md->mem, s, n) : "";
	s = fld(r, col[0], &n);
	if (n > SAID_KEEP) {
		n = SAID_KEEP;
		/* Not inside a character. */
		while (n && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;
	}
	m->said = n ? intern(&md->pool, s, n) : "";
}

/*
 * What a patch's message (raw: TSV-escaped) says of its family: its
 * Fixes: and Change-Id trailers, the issues it names (issues.c); and
 * whether it has no Signed-off-by and its subject no [PATCH] tag, a diff
 * shared in passing, maybe no submission (verdicts() weighs that against
 * the history's habits).
 */
static void
patch_message(struct model *md, struct mail *m, const char *msg, size_t n)
{
	m->fixes = trailer_word(md, msg, n, "fixes:", FIXES_LEN, 1);
	m->changeid = trailer_word(md, msg, n, "change-id:", 64, 0);
	issues_note(&md->issm, (uint32_t)(m - md->mails), msg, n);
	if (!find_ci(msg, n, "signed-off-by:")) {
		struct subject_info si;

		subject_parse(m->subject, strlen(m->subject), &si);
		m->unsigned_ = !(si.tags & SUBJ_PATCH);
	}
}

/* Mail mi cites the mail of id[0..n): a response from outside its thread. */
static void
cite_pair(struct model *md, uint32_t mi, const char *id, size_t n)
{
	uint32_t cited = mail_node(md, id, n);

	if (md->ncpairs == md->capcpairs) {
		md->capcpairs = md->capcpairs ? 2 * md->capcpairs : 256;
		md->cpairs = xreallocarray(md->cpairs, md->capcpairs, sizeof *md->cpairs);
	}
	md->cpairs[md->ncpairs].root = cited;
	md->cpairs[md->ncpairs++].mail = mi;
}

/* Each id of a space-separated column s[0..n) to fn, but the mail's own (self[0..ns)). */
static void
each_id(struct model *md, uint32_t mi, const char *s, size_t n, const char *self, size_t ns,
    void (*fn)(struct model *, uint32_t, const char *, size_t))
{
	for (const char *p = s; p < s + n;) {
		size_t k = strcspn(p, " ");

		if (k && !(self && k == ns && !memcmp(p, self, k)))
			fn(md, mi, p, k);
		p += k;
		while (p < s + n && *p == ' ')
			p++;
	}
}

static void
load_mails(struct model *md, struct tsv_reader *r)
{
	int cid = table_need(r, TABLE_MAILS, COL_ID);
	int cdate = table_need(r, TABLE_MAILS, COL_DATE);
	int cfrom = table_need(r, TABLE_MAILS, COL_FROM_ADDR);
	int ctype = table_need(r, TABLE_MAILS, COL_TYPE);
	int cirt = table_need(r, TABLE_MAILS, COL_IN_REPLY_TO);
	int cname = table_col(r, TABLE_MAILS, COL_FROM_NAME);
	int csubj = table_col(r, TABLE_MAILS, COL_SUBJECT);
	int clist = table_col(r, TABLE_MAILS, COL_LIST);
	int crefs = table_col(r, TABLE_MAILS, COL_REFERENCES);
	int cflags = table_col(r, TABLE_MAILS, COL_FLAGS);
	int ctotal = table_col(r, TABLE_MAILS, COL_TOTAL);
	int cto = table_col(r, TABLE_MAILS, COL_TO);
	int ccc = table_col(r, TABLE_MAILS, COL_CC);
	int cver = table_col(r, TABLE_MAILS, COL_VERSION);
	int cpart = table_col(r, TABLE_MAILS, COL_PART);
	int csrc = table_col(r, TABLE_MAILS, COL_SRC);
	int ccites = table_col(r, TABLE_MAILS, COL_CITES);
	int cmsg = table_col(r, TABLE_MAILS, COL_MESSAGE);
	int cann = table_col(r, TABLE_MAILS, COL_ANNOTATION);
	int calias = table_col(r, TABLE_MAILS, COL_ALIASES);
	int csname = table_col(r, TABLE_MAILS, COL_SENDER_NAME);
	int csaddr = table_col(r, TABLE_MAILS, COL_SENDER_ADDR);
	const int cown[3] = {
		table_col(r, TABLE_MAILS, COL_SAID), table_col(r, TABLE_MAILS, COL_HASHES),
		table_col(r, TABLE_MAILS, COL_PARTS),
	};
	int got, use;

	/*
	 * The bulk of a mail table, which no report reads: the message raw
	 * (the attribution line of a mail naming no parent is looked for).
	 */
	table_raw(r, TABLE_MAILS, COL_MESSAGE);
	table_skip(r, TABLE_MAILS, COL_DIFF);
	md->has_mails = 1;
	if (cto >= 0 || ccc >= 0)
		md->has_rcpt = 1;
	while ((got = tsv_read(r)) != 0) {
		const char *s, *p;
		size_t n, nlink;
		struct thread_links tl;
		uint32_t mi, last = NONE;
		struct mail *m;
		long num;
		int64_t date;

		if ((use = row_usable(md, r, got, cid)) <= 0) {
			if (use < 0)
				break;
			continue;
		}
		/* A row with a malformed date is named and left out. */
		if (date_of(md, r, cdate, &date) < 0)
			continue;
		mi = mail_node(md, r->f[cid].s, r->f[cid].len);
		/* Its other ids: the wrapper's of a mail its list wrapped. */
		s = fld(r, calias, &n);
		each_id(md, mi, s, n, NULL, 0, mail_alias);
		m = &md->mails[mi];
		if (m->present) {
			/* A copy (cross-posted, or archived twice): one mail, more lists. */
			m->dup = 1;
			md->ndup++;
			s = fld(r, clist, &n);
			add_list(md, m, s, n);
			add_listids(md, s, n);
			continue;
		}
		m->present = 1;
		m->date = date;
		/* With a mailmap, the person's proper name and address. */
		{
			size_t nn;
			const char *nm = fld(r, cname, &nn);

			s = fld(r, cfrom, &n);
			mailmap_map(md->mm, nm, nn, s, n, &nm, &nn, &s, &n);
			m->from = intern_lower(&md->pool, s, n);
			m->name = nn ? arena_strndup(&md->mem, nm, nn) : "";
			m->who = intern_lower(&md->pool, m->name, nn);
			/* Who sent another's patch, mapped alike; none if the author. */
			nm = fld(r, csname, &nn);
			s = fld(r, csaddr, &n);
			if (n) {
				mailmap_map(md->mm, nm, nn, s, n, &nm, &nn, &s, &n);
				m->sfrom = intern_lower(&md->pool, s, n);
				m->sname = intern(&md->pool, nm, nn);
				m->swho = intern_lower(&md->pool, nm, nn);
				if (one_person(m->sfrom, m->swho, m->from, m->who, 1))
					m->sfrom = m->sname = m->swho = NULL;
			}
		}
		m->subject = keep(md, r, csubj);
		s = fld(r, csrc, &n);
		m->arch = intern(&md->pool, s, archive_len(s, n));
		m->lists = "";
		s = fld(r, clist, &n);
		add_list(md, m, s, n);
		add_listids(md, s, n);
		m->type = (unsigned char)mtype_parse(r->f[ctype].s);
		if (m->type == MT_PATCH)
			load_rcpt(md, m, r, cto, ccc);
		s = fld(r, cflags, &n);
		m->rfc = (unsigned char)has_word(s, n, FLAG_RFC);
		m->review = has_word(s, n, FLAG_NEXT) || has_word(s, n, FLAG_STABLE);
		m->process = m->type == MT_BOT || m->type == MT_PULL || m->rfc || m->review;
		m->withdraw = (unsigned char)has_word(s, n, FLAG_WITHDRAW);
		m->ping = (unsigned char)has_word(s, n, FLAG_PING);
		m->series = (unsigned char)has_word(s, n, FLAG_SERIES);
		m->nosub = (unsigned char)has_word(s, n, FLAG_NOSUB);
		said_of(md, m, r, cown);
		m->total = (uint32_t)tsv_count(r, ctotal);
		m->version = (uint32_t)tsv_count(r, cver);
		/* Part 0 is a cover letter; an empty part, none. */
		s = fld(r, cpart, &n);
		m->part = n && parse_long(s, 0, 1000000, &num) == 0 ? (uint32_t)num : NONE;

		/*
		 * The thread: every link (mailthread.h) joins it, a link to
		 * itself aside (a reply with only References: is still a
		 * reply).  The parent is In-Reply-To, else the last reference.
		 */
		s = fld(r, crefs, &n);
		p = fld(r, cirt, &nlink);
		thread_links_init(&tl, s, n, p, nlink);
		while (thread_link_next(&tl, &p, &nlink))
			if (!(nlink == r->f[cid].len && !memcmp(p, r->f[cid].s, nlink))) {
				last = mail_node(md, p, nlink);
				uf_union(&md->threads, mi, last);
			}
		md->mails[mi].parent = last;
		/* mail_node() may have moved md->mails. */
		m = &md->mails[mi];
		if (m->type == MT_PATCH && cmsg >= 0)
			patch_message(md, m, r->f[cmsg].s, r->f[cmsg].len);
		/* Naming no parent, it may quote one: "On ..., NAME wrote:". */
		if (last == NONE && m->type != MT_BOT && cmsg >= 0)
			quote_attribution(md, mi, r->f[cmsg].s, r->f[cmsg].len);
		/* The titles its own words quote: of the patches it names. */
		if (m->type != MT_BOT && cmsg >= 0)
			quote_titles(md, mi, r->f[cmsg].s, r->f[cmsg].len, 1);
		if (m->type == MT_PATCH && cann >= 0)
			quote_titles(md, mi, r->f[cann].s, r->f[cann].len, 0);
		/* The mails it cites: responses from outside their threads. */
		s = fld(r, ccites, &n);
		each_id(md, mi, s, n, r->f[cid].s, r->f[cid].len, cite_pair);
	}
}

/*
 * The N of a message's first "Closes: #N" trailer (or "Fixes: #N",
 * "Resolves: #N", any case): the forge's issue or pull request it
 * closes; 0 for none.
 */
static unsigned long
closes_of(const char *msg, size_t n)
{
	static const char *const tags[] = { "closes:", "fixes:", "resolves:" };

	for (const char *p = msg, *end = msg + n; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t ll = nl ? (size_t)(nl - p) : (size_t)(end - p);

		for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++) {
			size_t tl = strlen(tags[i]);
			const char *v = p + tl;
			unsigned long num = 0;

			if (!has_prefix_ci(p, ll, tags[i]))
				continue;
			while (v < p + ll && *v == ' ')
				v++;
			if (v + 1 >= p + ll || *v != '#' || !isdigit((unsigned char)v[1]))
				continue;
			for (v++; v < p + ll && isdigit((unsigned char)*v) && num < 100000000; v++)
				num = num * 10 + (unsigned long)(*v - '0');
			if (v == p + ll || !isalnum((unsigned char)*v))
				return num;
		}
		p += ll + 1;
	}
	return 0;
}

/*
 * Does a commit name a pull request it came from: a subject ending in
 * "(#N)" (GitHub's squash and rebase merges), a "Pull-request: #N"
 * trailer, or a message naming a ".../pull/N" or ".../merge_requests/N"
 * page?
 */
static int
names_pull(const char *subject, const char *msg, size_t n)
{
	size_t k = strlen(subject);
	static const char *const pages[] = { "/pull/", "/pulls/", "/merge_requests/" };

	while (k && subject[k - 1] == ' ')
		k--;
	if (k >= 4 && subject[k - 1] == ')') {
		size_t d = k - 1;

		while (d && isdigit((unsigned char)subject[d - 1]))
			d--;
		if (d < k - 1 && d >= 2 && subject[d - 1] == '#' && subject[d - 2] == '(')
			return 1;
	}
	/* A "Pull-request: #N" trailer (btrfs-progs' maintainer adds one). */
	for (const char *p = msg, *end = msg + n; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t ll = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (has_prefix_ci(p, ll, "pull-request:")) {
			const char *v = p + 13;

			while (v < p + ll && *v == ' ')
				v++;
			if (v + 1 < p + ll && *v == '#' && isdigit((unsigned char)v[1]))
				return 1;
		}
		p += ll + 1;
	}
	for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
		size_t pl = strlen(pages[i]);

		/* One byte on: ".../pull/pull/400" (a link mistyped) still names 400. */
		for (const char *p = msg; n >= pl && (p = find_bytes(p, (size_t)(msg + n - p), pages[i],
		    pl)) != NULL; p++)
			if (p + pl < msg + n && isdigit((unsigned char)p[pl]))
				return 1;
	}
	return 0;
}

/* After "word " at the start of s[0..n) (any case, blanks after it), where; NULL if not. */
static const char *
after_word(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w);

	if (n <= k || !has_prefix_ci(s, n, w) || s[k] != ' ')
		return NULL;
	while (k < n && s[k] == ' ')
		k++;
	return s + k;
}

/*
 * Does line s[0..n) (trimmed) say the commit was imported from another
 * tree: 1 naming the commit it came from, 2 a Gerrit Change-Id (the
 * change was reviewed there), 0 neither?  The forms: "(cherry picked
 * from commit X)" (git cherry-pick -x), "commit X upstream." (stable
 * trees), "[ Upstream commit X ]", an "Upstream-commit:" trailer, a line
 * starting "Imported from ", a line "From REPO commit X" alone, a
 * trailer of one to three words ending "commit:" ("Source kernel
 * commit: X"), a line saying it in words (cherry-picks, backports ...
 * commit X), and a "Change-Id: I..." trailer; X a hash of 7 hex digits
 * or more.
 */
static int
import_line(const char *s, size_t n)
{
	const char *q, *c, *end = s + n;
	size_t h;

	if ((q = find_ci(s, n, "(cherry picked from commit ")) &&
	    hex_run(q + 27, (size_t)(end - q - 27)) >= 7)
		return 1;
	if ((q = after_word(s, n, "commit")) && (h = hex_run(q, (size_t)(end - q))) >= 12 &&
	    q + h < end && q[h] == ' ' && has_prefix_ci(q + h + 1, (size_t)(end - q - h - 1),
	    "upstream"))
		return 1;
	if (s[0] == '[') {
		size_t k = 1;

		while (k < n && s[k] == ' ')
			k++;
		if ((q = after_word(s + k, n - k, "upstream")) &&
		    (q = after_word(q, (size_t)(end - q), "commit")) &&
		    hex_run(q, (size_t)(end - q)) >= 7)
			return 1;
	}
	/*
	 * A trailer naming the commit of the other tree: "Source kernel
	 * commit: X" (xfsprogs' libxfs), "Kernel-commit: X": one to three
	 * words, the last "commit:", and the hash.
	 */
	if ((c = find_ci(s, n < 48 ? n : 48, "commit:")) && c > s) {
		const char *x = s;
		int words = 1;

		while (x < c && (isalpha((unsigned char)*x) || *x == ' ' || *x == '-')) {
			if ((*x == ' ' || *x == '-') && x + 1 < c && x[1] != ' ')
				words++;
			x++;
		}
		q = c + 7;
		while (q < end && *q == ' ')
			q++;
		h = hex_run(q, (size_t)(end - q));
		if (x == c && words <= 3 && h >= 7 && (q + h == end || q[h] == ' '))
			return 1;
	}
	if (has_prefix_ci(s, n, "upstream-commit:") ||
	    ((q = after_word(s, n, "imported")) && has_prefix_ci(q, (size_t)(end - q), "from ")))
		return 1;
	/* "From REPO commit X" alone: "From v6.7-rc8 commit X:" introduces talk. */
	if ((q = after_word(s, n, "from"))) {
		const char *w = q;

		while (w < end && *w != ' ')
			w++;
		if (w < end && (q = after_word(w + 1, (size_t)(end - w - 1), "commit")) &&
		    (h = hex_run(q, (size_t)(end - q))) >= 7 &&
		    (q + h == end || (q + h + 1 == end && q[h] == '.')))
			return 1;
	}
	/*
	 * Said in words: "This cherry-picks the libfoo commit X from ...",
	 * "Backport of commit X from ...": a word cherry-pick or backport
	 * (any form), then "commit X" on the same line.
	 */
	if ((q = find_ci(s, n, "cherry-pick")) || (q = find_ci(s, n, "cherry pick")) ||
	    (q = find_ci(s, n, "backport"))) {
		for (const char *w = q; (w = find_ci(w, (size_t)(end - w), "commit ")); w += 7)
			if ((w == s || !isalnum((unsigned char)w[-1])) &&
			    hex_run(w + 7, (size_t)(end - w - 7)) >= 7)
				return 1;
	}
	if (has_prefix_ci(s, n, "change-id:")) {
		q = s + 10;
		while (q < end && *q == ' ')
			q++;
		if (q < end && *q == 'I' && hex_run(q + 1, (size_t)(end - q - 1)) >= 8)
			return 2;
	}
	return 0;
}

/* The longest line of an import an imported field keeps. */
#define IMPORT_LINE_MAX 120

/*
 * The line of a commit's message saying it was imported from another
 * tree (import_line()), the first that names a commit, else a
 * Change-Id; trimmed, at most IMPORT_LINE_MAX bytes, interned; "" if
 * none.
 */
static const char *
imported(struct model *md, const char *s, size_t n)
{
	struct line_walk w;
	const char *p, *best = NULL;
	size_t k, bk = 0;
	int bkind = 0;

	line_walk_init(&w, s, n);
	while (bkind != 1 && line_next(&w, &p, &k)) {
		int kind;

		p = trim(p, &k);
		if (!k || !(kind = import_line(p, k)) || (bkind && kind >= bkind))
			continue;
		best = p;
		bk = k;
		bkind = kind;
	}
	if (!best)
		return "";
	return intern(&md->pool, best, bk < IMPORT_LINE_MAX ? bk : IMPORT_LINE_MAX);
}

static void
load_commits(struct model *md, struct tsv_reader *r)
{
	int cid = table_need(r, TABLE_COMMITS, COL_ID);
	int cdate = table_need(r, TABLE_COMMITS, COL_DATE);
	int ccd = table_need(r, TABLE_COMMITS, COL_COMMIT_DATE);
	int cfrom = table_col(r, TABLE_COMMITS, COL_FROM_ADDR);
	int ccom = table_col(r, TABLE_COMMITS, COL_COMMITTER_ADDR);
	int ctitle = table_col(r, TABLE_COMMITS, COL_TITLE);
	int csubj = table_col(r, TABLE_COMMITS, COL_SUBJECT);
	int clinks = table_col(r, TABLE_COMMITS, COL_LINKS);
	int ctype = table_col(r, TABLE_COMMITS, COL_TYPE);
	int cflags = table_col(r, TABLE_COMMITS, COL_FLAGS);
	int cname = table_col(r, TABLE_COMMITS, COL_FROM_NAME);
	int ccname = table_col(r, TABLE_COMMITS, COL_COMMITTER_NAME);
	int cmsg = table_col(r, TABLE_COMMITS, COL_MESSAGE);
	int got, use;

	/*
	 * The message is looked at (pull requests it names, reporters and
	 * the people credited, a line saying it was imported), not kept.
	 */
	table_skip(r, TABLE_COMMITS, COL_DIFF);
	md->has_commits = 1;
	while ((got = tsv_read(r)) != 0) {
		struct commit *c;
		const char *s;
		size_t n;
		uint32_t x;
		int64_t adate, cmdate;

		if ((use = row_usable(md, r, got, cid)) <= 0) {
			if (use < 0)
				break;
			continue;
		}
		if (date_of(md, r, cdate, &adate) < 0 || date_of(md, r, ccd, &cmdate) < 0)
			continue;
		/* commit_node may move md->commits: the index first, then the pointer. */
		x = commit_node(md, r->f[cid].s, r->f[cid].len);
		c = &md->commits[x];
		if (c->present)
			continue;
		c->present = 1;
		c->date = adate;
		c->cdate = cmdate;
		{
			size_t nn;
			const char *nm = fld(r, cname, &nn);

			s = fld(r, cfrom, &n);
			mailmap_map(md->mm, nm, nn, s, n, &nm, &nn, &s, &n);
			c->author = intern_lower(&md->pool, s, n);
			c->aname = intern_lower(&md->pool, nm, nn);
			nm = fld(r, ccname, &nn);
			s = fld(r, ccom, &n);
			mailmap_map(md->mm, nm, nn, s, n, &nm, &nn, &s, &n);
			c->committer = intern_lower(&md->pool, s, n);
			c->cname = intern_lower(&md->pool, nm, nn);
		}
		c->subject = keep(md, r, ctitle >= 0 ? ctitle : csubj);
		s = fld(r, cmsg, &n);
		c->pull = names_pull(c->subject, s, n) || !strcmp(c->committer, "noreply@github.com");
		c->closes = closes_of(s, n);
		issues_note(&md->issc, x, s, n);
		c->reporters = reporters(md, s, n);
		c->changeid = trailer_word(md, s, n, "change-id:", 64, 0);
		c->imported = imported(md, s, n);
		c->credited = credited(md, s, n);
		c->prose = prose_credits(md, s, n);
		c->links = keep(md, r, clinks);
		s = fld(r, ctype, &n);
		c->skip = !strcmp(s, TYPE_MERGE) || !strcmp(s, TYPE_ROOT);
		s = fld(r, cflags, &n);
		c->damaged = (unsigned char)has_word(s, n, FLAG_DAMAGED);
		c->side = (unsigned char)has_word(s, n, FLAG_SIDE);
	}
}

static void
load_tags(struct model *md, struct tsv_reader *r)
{
	int ctag = table_need(r, TABLE_TAGS, COL_TAG);
	int cdate = table_need(r, TABLE_TAGS, COL_DATE);
	int ctd = table_col(r, TABLE_TAGS, COL_TAG_DATE);
	int cid = table_col(r, TABLE_TAGS, COL_ID);
	int got;

	md->has_tags = 1;
	while ((got = tsv_read(r)) != 0) {
		struct tag *t;
		int64_t d;

		if (got < 0) {
			md->nbad++;
			if (got == -2)
				break;
			continue;
		}
		/* A release is dated when it was tagged, if the tag says. */
		if (date_of(md, r, ctd, &d) < 0)
			continue;
		if (d == NODATE && date_of(md, r, cdate, &d) < 0)
			continue;
		if (d == NODATE)
			continue;
		md->tags = xreallocarray(md->tags, md->ntags + 1, sizeof *md->tags);
		t = &md->tags[md->ntags++];
		t->name = intern(&md->pool, r->f[ctag].s, r->f[ctag].len);
		t->commit = cid >= 0 ? intern(&md->pool, r->f[cid].s, r->f[cid].len) : "";
		t->date = d;
	}
}

/*
 * A merged table (git2tsv --merged): which merge brought each commit
 * in, and its subject ("Merge pull request #12 from ..."); who made the
 * merge and when, where the table says (older tables do not).
 */
static void
load_merged(struct model *md, struct tsv_reader *r)
{
	int cid = table_need(r, TABLE_MERGED, COL_ID);
	int cm = table_need(r, TABLE_MERGED, COL_MERGE);
	int cs = table_need(r, TABLE_MERGED, COL_MERGE_SUBJECT);
	int cd = table_col(r, TABLE_MERGED, COL_MERGE_DATE);
	int can = table_col(r, TABLE_MERGED, COL_MERGE_FROM_NAME);
	int ca = table_col(r, TABLE_MERGED, COL_MERGE_FROM_ADDR);
	int ccn = table_col(r, TABLE_MERGED, COL_MERGE_COMMITTER_NAME);
	int cc = table_col(r, TABLE_MERGED, COL_MERGE_COMMITTER_ADDR);
	int got, use;

	md->has_merged = 1;
	while ((got = tsv_read(r)) != 0) {
		struct commit *c;
		uint32_t x;

		int64_t md_date = NODATE;

		if ((use = row_usable(md, r, got, cid)) <= 0) {
			if (use < 0)
				break;
			continue;
		}
		/* A merge_date that is no date: the row named, counted and left out, as any. */
		if (cd >= 0 && date_of(md, r, cd, &md_date) < 0)
			continue;
		x = commit_node(md, r->f[cid].s, r->f[cid].len);
		c = &md->commits[x];
		if (c->merge) {
			md->nmergedup++;
			continue;
		}
		c->merge = intern(&md->pool, r->f[cm].s, r->f[cm].len);
		c->merge_subject = intern(&md->pool, r->f[cs].s, r->f[cs].len);
		c->merge_date = md_date;
		if (ca >= 0 && cc >= 0) {
			/* A forge's merge (GitHub's web merge) is its author's doing. */
			size_t n, nn;
			const char *s = fld(r, cc, &n), *nm = fld(r, ccn, &nn);

			if (n == 18 && !memcmp(s, "noreply@github.com", 18)) {
				s = fld(r, ca, &n);
				nm = fld(r, can, &nn);
			}
			if (n) {
				mailmap_map(md->mm, nm, nn, s, n, &nm, &nn, &s, &n);
				c->merge_by = intern_lower(&md->pool, s, n);
				c->merge_byname = intern_lower(&md->pool, nm, nn);
			}
		}
	}
}

int
model_load(struct model *md, const char *path)
{
	struct tsv_reader r;
	int rc, held;

	if ((rc = tsv_open_table(&r, path)) <= 0)
		return rc;
	switch (table_kind(&r)) {
	case TABLE_CLUSTERS:
		load_clusters(md, &r);
		break;
	case TABLE_TAGS:
		load_tags(md, &r);
		break;
	case TABLE_MERGED:
		load_merged(md, &r);
		break;
	case TABLE_PULLS:
		load_pulls(md, &r);
		break;
	case TABLE_COMMITS:
		load_commits(md, &r);
		break;
	case TABLE_MAILS:
		load_mails(md, &r);
		break;
	case TABLE_PATCHES:
		held = load_patches(md, &r);
		/*
		 * A file is read again for its hunks (carried()), with what
		 * rows it holds; standard input cannot be.
		 */
		if (strcmp(path, "-") && held) {
			md->toks = xreallocarray(md->toks, md->ntoks + 1, sizeof *md->toks);
			md->tokheld = xreallocarray(md->tokheld, md->ntoks + 1, sizeof *md->tokheld);
			md->tokheld[md->ntoks] = (unsigned char)held;
			md->toks[md->ntoks++] = arena_strndup(&md->mem, path, strlen(path));
		}
		break;
	case TABLE_MAINTAINERS:
		load_maint(md, &r);
		break;
	case TABLE_PAIRS:
		/* Read where needed: why, and the commits posted in a reply. */
		md->pairs = xreallocarray(md->pairs, md->npairs + 1, sizeof *md->pairs);
		md->pairs[md->npairs++] = arena_strndup(&md->mem, path, strlen(path));
		break;
	case TABLE_VERDICTS:
		warnx("%s: a verdicts table: ptreport renders it given as --verdicts FILE, "
		    "not as one of the tables it loads", r.name);
		tsv_close(&r);
		return -1;
	default:
		warnx("%s: not a table ptreport reads: clusters (ptcluster), mails "
		    "(mbox2tsv), commits, tags, merged or pulls (git2tsv), patches "
		    "(patchtok), maintainers (ptmaint), pairs (patchsim)", r.name);
		tsv_close(&r);
		return -1;
	}
	/* Cut short (a truncated .xz, a read error): said by tsv_read. */
	rc = r.lines.err ? -1 : 0;
	tsv_close(&r);
	return rc;
}

/* qsort has no context argument; the model is finished once. */
static const struct model *sender_md;

/* By sender address, then date, then id from the last: see sender_index(). */
static int
cmp_sender(const void *a, const void *b)
{
	const struct mail *x = &sender_md->mails[*(const uint32_t *)a];
	const struct mail *y = &sender_md->mails[*(const uint32_t *)b];
	int c = strcmp(x->from, y->from);

	if (c)
		return c;
	if (x->date != y->date)
		return x->date < y->date ? -1 : 1;
	return strcmp(y->id, x->id);
}

/*
 * The mails that may report or suggest (dated, not patches, not bots'),
 * by sender, date and id from the last: a sender's latest mail up to a
 * date is found by halving (offlist.c's follow-ups), not by reading them
 * all for each commit.
 */
static void
sender_index(struct model *md)
{
	md->bysender = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *md->bysender);
	md->nbysender = 0;
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		if (m->present && m->type != MT_PATCH && m->type != MT_BOT && m->date != NODATE &&
		    *m->from)
			md->bysender[md->nbysender++] = (uint32_t)i;
	}
	sender_md = md;
	if (md->nbysender)
		qsort(md->bysender, md->nbysender, sizeof *md->bysender, cmp_sender);
}

void
model_finish(struct model *md)
{
	/* Replies to a wrapper's id, read before its mail: the mail's. */
	mails_unalias(md);
	clusters_finish(md);
	issues_finish(&md->issm);
	issues_finish(&md->issc);
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		if (!m->present || m->date == NODATE)
			continue;
		if (md->mail_first == NODATE || m->date < md->mail_first)
			md->mail_first = m->date;
		if (md->mail_last == NODATE || m->date > md->mail_last)
			md->mail_last = m->date;
	}

	/*
	 * A part sent under a cover letter "[PATCH v4 00/20]" as "[PATCH
	 * 07/20]" (no vN of its own) is of the cover letter's version: its
	 * direct reply, its sender's, the same total.
	 */
	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];
		const struct mail *c;

		if (!m->present || m->type != MT_PATCH || m->version > 1 || m->parent == NONE)
			continue;
		c = &md->mails[m->parent];
		if (c->present && c->type == MT_COVER && c->part == 0 && c->total == m->total &&
		    c->version > 1 && by_person(c, m->from, m->who))
			m->version = c->version;
	}
	patch_titles(md);
	threads_finish(md);
	titles_finish(md);
	split_commits(md);
	/* The commits whose own words credit someone: few, looked through whole. */
	for (size_t i = 0; i < md->ncommits; i++) {
		const struct commit *c = &md->commits[i];

		if (c->present && !c->skip && *c->prose) {
			md->prosec = xgrow(md->prosec, &md->capprose, md->nprose, 16,
			    sizeof *md->prosec);
			md->prosec[md->nprose++] = (uint32_t)i;
		}
	}
	sender_index(md);
	maint_finish(md);
}
