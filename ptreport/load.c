/*
 * load.c - read the tables ptreport works on into the model.  A table
 * is recognized by its header, so operands come in any order: ptcluster
 * output (cluster, id, kind), mbox2tsv mails (in_reply_to), git2tsv
 * commits (commit_date), git2tsv --tags (tag), patchtok patches (kind,
 * files) and ptmaint maintainers (version, section, role, responsible).
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hunks.h"
#include "mailmap.h"
#include "ptreport.h"
#include "subject.h"
#include "tables.h"
#include "text.h"
#include "tsv.h"
#include "util.h"

static const char *const mtypes[MT_N] = {
	"", "patch", "cover", "reply", "pull", "bot", "other",
};

const char *
mtype_name(int t)
{
	return t >= 0 && t < MT_N ? mtypes[t] : "";
}

static int
mtype_parse(const char *s)
{
	for (int t = 1; t < MT_N; t++)
		if (!strcmp(s, mtypes[t]))
			return t;
	return MT_UNKNOWN;
}

void
model_init(struct model *md)
{
	memset(md, 0, sizeof *md);
	md->mail_first = md->mail_last = NODATE;
	md->out_first = md->out_last = NODATE;
	md->hist_end = md->merge_p90 = NODATE;
}

void
model_free(struct model *md)
{
	free(md->mails);
	uf_free(&md->threads);
	free(md->commits);
	free(md->clusters);
	free(md->tags);
	free(md->th);
	free(md->mark);
	free(md->wd);
	free(md->vp);
	free(md->bysender);
	free(md->ct);
	free(md->cpairs);
	free(md->mpairs);
	for (size_t i = 0; i < md->nsections; i++)
		free(md->sections[i]->e);
	free(md->sections);
	hmap_free(&md->msectid);
	hmap_free(&md->rtitles);
	hmap_free(&md->lost);
	hmap_free(&md->mnames);
	hmap_free(&md->laddrs);
	hmap_free(&md->versions);
	hmap_free(&md->listids);
	for (size_t i = 0; i < md->nlc; i++)
		free(md->lc[i].s);
	free(md->lc);
	free(md->cov);
	hmap_free(&md->lcid);
	hmap_free(&md->mailid);
	hmap_free(&md->commitid);
	hmap_free(&md->clusterid);
	for (size_t i = 0; i < md->paths.cap; i++)
		if (md->paths.e[i].key) {
			struct pathrec *pr = md->paths.e[i].val;

			free(pr->ev);
			free(pr->iv);
		}
	for (size_t i = 0; i < md->folders.cap; i++)
		if (md->folders.e[i].key)
			free(((struct folderrec *)md->folders.e[i].val)->iv);
	hmap_free(&md->paths);
	hmap_free(&md->folders);
	hmap_free(&md->committers);
	free(md->pairs);
	strpool_free(&md->pool);
	arena_free(&md->mem);
}

struct mail *
mail_by_id(const struct model *md, const char *id, size_t n)
{
	struct hent *e = hmap_get(&md->mailid, id, n);

	return e ? &md->mails[(uintptr_t)e->val - 1] : NULL;
}

struct commit *
commit_by_id(const struct model *md, const char *id, size_t n)
{
	struct hent *e = hmap_get(&md->commitid, id, n);

	return e ? &md->commits[(uintptr_t)e->val - 1] : NULL;
}

/* The index of the mail (or referenced id) id, added when new. */
static uint32_t
mail_node(struct model *md, const char *id, size_t n)
{
	const char *key = intern(&md->pool, id, n);
	int isnew;
	struct hent *e = hmap_put(&md->mailid, key, n, &isnew);
	struct mail *m;

	if (!isnew)
		return (uint32_t)((uintptr_t)e->val - 1);
	if (md->nmails == md->capmails) {
		md->capmails = md->capmails ? 2 * md->capmails : 1024;
		md->mails = xreallocarray(md->mails, md->capmails, sizeof *md->mails);
	}
	m = &md->mails[md->nmails];
	memset(m, 0, sizeof *m);
	m->id = key;
	m->from = m->name = m->who = m->subject = m->lists = m->arch = "";
	m->date = NODATE;
	m->parent = m->cluster = m->cnext = m->rnext = m->fresp = m->part = m->rfcby = NONE;
	m->supby = m->twin = NONE;
	uf_add(&md->threads);
	e->val = (void *)(uintptr_t)(md->nmails + 1);
	return (uint32_t)md->nmails++;
}

static uint32_t
commit_node(struct model *md, const char *id, size_t n)
{
	const char *key = intern(&md->pool, id, n);
	int isnew;
	struct hent *e = hmap_put(&md->commitid, key, n, &isnew);
	struct commit *c;

	if (!isnew)
		return (uint32_t)((uintptr_t)e->val - 1);
	if (md->ncommits == md->capcommits) {
		md->capcommits = md->capcommits ? 2 * md->capcommits : 1024;
		md->commits = xreallocarray(md->commits, md->capcommits, sizeof *md->commits);
	}
	c = &md->commits[md->ncommits];
	memset(c, 0, sizeof *c);
	c->id = key;
	c->author = c->committer = c->subject = c->links = c->aname = c->cname = "";
	c->reporters = "";
	c->date = c->cdate = NODATE;
	c->cluster = c->cnext = NONE;
	e->val = (void *)(uintptr_t)(md->ncommits + 1);
	return (uint32_t)md->ncommits++;
}

static uint32_t
cluster_node(struct model *md, const char *name, size_t n)
{
	const char *key = intern(&md->pool, name, n);
	int isnew;
	struct hent *e = hmap_put(&md->clusterid, key, n, &isnew);
	struct cluster *k;

	if (!isnew)
		return (uint32_t)((uintptr_t)e->val - 1);
	if (md->nclusters == md->capclusters) {
		md->capclusters = md->capclusters ? 2 * md->capclusters : 1024;
		md->clusters = xreallocarray(md->clusters, md->capclusters, sizeof *md->clusters);
	}
	k = &md->clusters[md->nclusters];
	memset(k, 0, sizeof *k);
	k->name = key;
	k->mail = k->commit = k->first_commit = k->first_side = NONE;
	e->val = (void *)(uintptr_t)(md->nclusters + 1);
	return (uint32_t)md->nclusters++;
}

uint32_t
thread_of(struct model *md, uint32_t mi)
{
	return uf_find(&md->threads, mi);
}

/* Field of column col (-1: absent, ""). */
static const char *
fld(const struct tsv_reader *r, int col, size_t *n)
{
	if (col < 0) {
		*n = 0;
		return "";
	}
	*n = r->f[col].len;
	return r->f[col].s;
}

static const char *
keep(struct model *md, const struct tsv_reader *r, int col)
{
	size_t n;
	const char *s = fld(r, col, &n);

	return n ? arena_strndup(&md->mem, s, n) : "";
}

/* A date column; NODATE when empty, a data error when malformed. */
static int
date_of(struct model *md, const struct tsv_reader *r, int col, int64_t *t)
{
	size_t n;
	const char *s = fld(r, col, &n);

	*t = NODATE;
	if (!n)
		return 0;
	if (iso_parse(s, t) < 0) {
		warnx("%s:%lu: column %s: not a date: %.40s", r->name, r->lineno,
		    r->cols[col], s);
		*t = NODATE;
		md->nbad++;
		return -1;
	}
	return 0;
}

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

/*
 * Whether the row just read is one to use: 1 yes; 0 skip it (a bad row,
 * counted; an empty id, named and counted); -1 stop: the input failed.
 */
static int
row_usable(struct model *md, const struct tsv_reader *r, int got, int cid)
{
	if (got < 0) {
		md->nbad++;
		return got == -2 ? -1 : 0;
	}
	if (!r->f[cid].len) {
		warnx("%s:%lu: column id: empty", r->name, r->lineno);
		md->nbad++;
		return 0;
	}
	return 1;
}


/* Add the interned s[0..n) to a set of strings. */
static void
set_add(struct model *md, struct hmap *h, const char *s, size_t n)
{
	int isnew;
	struct hent *e = hmap_put(h, s, n, &isnew);

	if (isnew)
		e->key = intern(&md->pool, s, n);
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

static void
load_mails(struct model *md, struct tsv_reader *r)
{
	int cid = tsv_need(r, "id"), cdate = tsv_need(r, "date"),
	    cfrom = tsv_need(r, "from_addr"), ctype = tsv_need(r, "type"),
	    cirt = tsv_need(r, "in_reply_to"), cname = tsv_col(r, "from_name"),
	    csubj = tsv_col(r, "subject"), clist = tsv_col(r, "list"),
	    crefs = tsv_col(r, "references"), cflags = tsv_col(r, "flags"),
	    ctotal = tsv_col(r, "total"), cto = tsv_col(r, "to"), ccc = tsv_col(r, "cc"),
	    cver = tsv_col(r, "version"), cpart = tsv_col(r, "part"), csrc = tsv_col(r, "src"),
	    ccites = tsv_col(r, "cites");
	int got, use;

	/* The bulk of a mail table, which no report reads. */
	tsv_skip(r, "message");
	tsv_skip(r, "diff");
	md->has_mails = 1;
	if (cto >= 0 || ccc >= 0)
		md->has_rcpt = 1;
	while ((got = tsv_read(r)) != 0) {
		const char *s, *p;
		size_t n;
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
		m->rfc = (unsigned char)has_word(s, n, "rfc");
		m->review = has_word(s, n, "next") || has_word(s, n, "stable");
		m->process = m->type == MT_BOT || m->type == MT_PULL || m->rfc || m->review;
		m->withdraw = (unsigned char)has_word(s, n, "withdraw");
		m->total = (uint32_t)tsv_count(r, ctotal);
		m->version = (uint32_t)tsv_count(r, cver);
		/* Part 0 is a cover letter; an empty part, none. */
		s = fld(r, cpart, &n);
		m->part = n && parse_long(s, 0, 1000000, &num) == 0 ? (uint32_t)num : NONE;

		/*
		 * The thread: In-Reply-To and every reference join it (a
		 * reply with only References: is still a reply).  The parent
		 * is In-Reply-To, else the last reference.
		 */
		s = fld(r, crefs, &n);
		for (p = s; p < s + n;) {
			size_t k = strcspn(p, " ");

			if (k && !(k == r->f[cid].len && !memcmp(p, r->f[cid].s, k))) {
				last = mail_node(md, p, k);
				uf_union(&md->threads, mi, last);
			}
			p += k;
			while (p < s + n && *p == ' ')
				p++;
		}
		s = fld(r, cirt, &n);
		if (n) {
			size_t k = strcspn(s, " ");

			if (!(k == r->f[cid].len && !memcmp(s, r->f[cid].s, k))) {
				last = mail_node(md, s, k);
				uf_union(&md->threads, mi, last);
			}
		}
		md->mails[mi].parent = last;
		/* The mails it cites: responses from outside their threads. */
		s = fld(r, ccites, &n);
		for (p = s; p < s + n;) {
			size_t k = strcspn(p, " ");

			if (k && !(k == r->f[cid].len && !memcmp(p, r->f[cid].s, k))) {
				uint32_t cited = mail_node(md, p, k);

				if (md->ncpairs == md->capcpairs) {
					md->capcpairs = md->capcpairs ? 2 * md->capcpairs : 256;
					md->cpairs = xreallocarray(md->cpairs, md->capcpairs,
					    sizeof *md->cpairs);
				}
				md->cpairs[md->ncpairs].root = cited;
				md->cpairs[md->ncpairs++].mail = mi;
			}
			p += k;
			while (p < s + n && *p == ' ')
				p++;
		}
	}
}

/*
 * Does a commit name a pull request it came from: a subject ending in
 * "(#N)" (GitHub's squash and rebase merges), or a message naming a
 * ".../pull/N" or ".../merge_requests/N" page?
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
	for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
		size_t pl = strlen(pages[i]);

		for (const char *p = msg; n >= pl && (p = find_bytes(p, (size_t)(msg + n - p), pages[i],
		    pl)) != NULL; p += pl)
			if (p + pl < msg + n && isdigit((unsigned char)p[pl]))
				return 1;
	}
	return 0;
}

/*
 * The people a message's Reported-by: and Suggested-by: trailers name:
 * their addresses (or names, without one), lower-cased and interned,
 * space-separated; "" for none.
 */
static const char *
reporters(struct model *md, const char *s, size_t n)
{
	struct buf out = BUF_INIT;
	const char *r;

	for (const char *p = s, *end = s + n; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k = (size_t)((nl ? nl : end) - p), vn;
		const char *v = NULL, *lt, *gt;

		if (has_prefix_ci(p, k, "reported-by:"))
			v = p + 12;
		else if (has_prefix_ci(p, k, "suggested-by:"))
			v = p + 13;
		if (v) {
			vn = (size_t)(p + k - v);
			v = trim(v, &vn);
			lt = memchr(v, '<', vn);
			gt = lt ? memchr(lt, '>', (size_t)(v + vn - lt)) : NULL;
			if (lt && gt && gt > lt + 1) {
				v = lt + 1;
				vn = (size_t)(gt - lt - 1);
			}
			if (vn && !memchr(v, ' ', vn)) {
				const char *a = intern_lower(&md->pool, v, vn);

				if (out.len)
					buf_addc(&out, ' ');
				buf_addstr(&out, a);
			}
		}
		p += k + 1;
	}
	r = out.len ? intern(&md->pool, out.p, out.len) : "";
	buf_free(&out);
	return r;
}

static void
load_commits(struct model *md, struct tsv_reader *r)
{
	int cid = tsv_need(r, "id"), cdate = tsv_need(r, "date"),
	    ccd = tsv_need(r, "commit_date"), cfrom = tsv_col(r, "from_addr"),
	    ccom = tsv_col(r, "committer_addr"), ctitle = tsv_col(r, "title"),
	    csubj = tsv_col(r, "subject"), clinks = tsv_col(r, "links"),
	    ctype = tsv_col(r, "type"), cflags = tsv_col(r, "flags"),
	    cname = tsv_col(r, "from_name"), ccname = tsv_col(r, "committer_name"),
	    cmsg = tsv_col(r, "message");
	int got, use;

	/* The message is looked at (pull requests it names), not kept. */
	tsv_skip(r, "diff");
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
		c->reporters = reporters(md, s, n);
		c->links = keep(md, r, clinks);
		s = fld(r, ctype, &n);
		c->skip = (n == 5 && !memcmp(s, "merge", 5)) || (n == 4 && !memcmp(s, "root", 4));
		s = fld(r, cflags, &n);
		c->damaged = (unsigned char)has_word(s, n, "damaged");
		c->side = (unsigned char)has_word(s, n, "side");
	}
}

static void
load_clusters(struct model *md, struct tsv_reader *r)
{
	int ck = tsv_need(r, "cluster"), cid = tsv_need(r, "id"),
	    ckind = tsv_need(r, "kind"), cdate = tsv_col(r, "date"),
	    ctype = tsv_col(r, "type"), ctitle = tsv_col(r, "title");
	int got;

	md->has_clusters = 1;
	while ((got = tsv_read(r)) != 0) {
		uint32_t ki, x;
		int64_t date;
		struct cluster *k;

		if (got < 0) {
			md->nbad++;
			if (got == -2)
				break;
			continue;
		}
		if (!r->f[cid].len || !r->f[ck].len) {
			warnx("%s:%lu: column %s: empty", r->name, r->lineno,
			    r->f[cid].len ? "cluster" : "id");
			md->nbad++;
			continue;
		}
		if (date_of(md, r, cdate, &date) < 0)
			continue;
		ki = cluster_node(md, r->f[ck].s, r->f[ck].len);
		if (!strcmp(r->f[ckind].s, "mail")) {
			struct mail *m;

			x = mail_node(md, r->f[cid].s, r->f[cid].len);
			m = &md->mails[x];
			if (m->cluster != NONE) {
				if (m->cluster != ki) {
					warnx("%s:%lu: mail %s is in clusters %s and %s; first kept",
					    r->name, r->lineno, m->id, md->clusters[m->cluster].name,
					    md->clusters[ki].name);
					md->nbad++;
				}
				continue;
			}
			/* What the clusters say stands in until a mails table does. */
			if (!m->present) {
				m->date = date;
				m->type = (unsigned char)mtype_parse(ctype >= 0 ? r->f[ctype].s : "");
				if (!*m->subject)
					m->subject = keep(md, r, ctitle);
			}
			k = &md->clusters[ki];
			m->cluster = ki;
			m->cnext = k->mail;
			k->mail = x;
			k->nmails++;
		} else if (!strcmp(r->f[ckind].s, "commit")) {
			struct commit *c;

			x = commit_node(md, r->f[cid].s, r->f[cid].len);
			c = &md->commits[x];
			if (c->cluster != NONE) {
				if (c->cluster != ki) {
					warnx("%s:%lu: commit %s is in clusters %s and %s; first kept",
					    r->name, r->lineno, c->id, md->clusters[c->cluster].name,
					    md->clusters[ki].name);
					md->nbad++;
				}
				continue;
			}
			if (!c->present) {
				c->cdate = date;
				if (!*c->subject)
					c->subject = keep(md, r, ctitle);
			}
			k = &md->clusters[ki];
			c->cluster = ki;
			c->cnext = k->commit;
			k->commit = x;
			k->ncommits++;
		} else {
			warnx("%s:%lu: column kind: neither mail nor commit: %.20s", r->name,
			    r->lineno, r->f[ckind].s);
			md->nbad++;
		}
	}
}

static const char *
last_slash(const char *s, size_t n)
{
	while (n--)
		if (s[n] == '/')
			return s + n;
	return NULL;
}

/* The length of the folder of path p[0..n), with its slash; 0 at the top. */
static size_t
folder_len(const char *p, size_t n)
{
	const char *slash = last_slash(p, n);

	return slash ? (size_t)(slash - p + 1) : 0;
}

/* The record of path p[0..n), added when new. */
static struct pathrec *
path_rec(struct model *md, const char *p, size_t n)
{
	int isnew;
	struct hent *e = hmap_put(&md->paths, p, n, &isnew);

	if (isnew) {
		struct pathrec *pr = arena_alloc(&md->mem, sizeof *pr);

		memset(pr, 0, sizeof *pr);
		pr->first_touch = NODATE;
		e->key = intern(&md->pool, p, n);
		e->val = pr;
	}
	return e->val;
}

/* A commit's change to path p[0..n): 'M' modified, 'C' created, 'D' deleted. */
static void
path_event(struct model *md, const char *p, size_t n, int kind, int64_t t, const char *commit)
{
	struct pathrec *pr;

	if (!n || t == NODATE)
		return;
	pr = path_rec(md, p, n);
	if (kind == 'M' || kind == 'D')
		if (pr->first_touch == NODATE || t < pr->first_touch)
			pr->first_touch = t;
	if (kind == 'M')
		return;
	if (pr->nev == pr->capev) {
		pr->capev = pr->capev ? 2 * pr->capev : 2;
		pr->ev = xreallocarray(pr->ev, pr->capev, sizeof *pr->ev);
	}
	pr->ev[pr->nev].t = t;
	pr->ev[pr->nev].commit = commit;
	pr->ev[pr->nev++].kind = (unsigned char)kind;
}

/* Is line s[0..n) one of the lines of the column text l[0..ln)? */
static int
has_line(const char *l, size_t ln, const char *s, size_t n)
{
	for (const char *p = l, *end = l + ln; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k = (size_t)((nl ? nl : end) - p);

		if (k == n && !memcmp(p, s, n))
			return 1;
		p += k + 1;
	}
	return 0;
}

/*
 * What a patch changes, one line a file: a kind and the path ("R" old
 * TAB new for a rename).  From the F lines of its hunks (hunks.h: "F
 * old TAB new", /dev/null for a side that is not there), else from
 * files and new (the files it creates), else its files, of unknown
 * kind.
 */
static void
changes(struct buf *out, const struct tsv_reader *r, int cfiles, int cnew, int chunks)
{
	const char *s, *end;

	buf_reset(out);
	if (chunks >= 0 && r->f[chunks].len) {
		struct hunks_iter it;
		struct hunks_item x;
		struct buf ob = BUF_INIT, wb = BUF_INIT;

		hunks_iter_init(&it, r->f[chunks].s, r->f[chunks].len);
		while (hunks_next(&it, &x)) {
			const char *o, *w;
			size_t ol, wl;
			int onull, wnull;

			if (x.kind != 'F')
				continue;
			hunks_file(&x, &ob, &wb);
			o = ob.p, ol = ob.len, w = wb.p, wl = wb.len;
			onull = ol == 9 && !memcmp(o, "/dev/null", 9);
			wnull = wl == 9 && !memcmp(w, "/dev/null", 9);
			if (onull && !wnull && wl) {
				buf_addc(out, 'C');
				buf_add(out, w, wl);
			} else if (wnull && !onull && ol) {
				buf_addc(out, 'D');
				buf_add(out, o, ol);
			} else if (!onull && ol && wl && (ol != wl || memcmp(o, w, ol))) {
				buf_addc(out, 'R');
				buf_add(out, o, ol);
				buf_addc(out, '\t');
				buf_add(out, w, wl);
			} else if (!onull && ol) {
				buf_addc(out, 'M');
				buf_add(out, o, ol);
			} else {
				continue;
			}
			buf_addc(out, '\n');
		}
		buf_free(&ob);
		buf_free(&wb);
		if (out->len)
			return;
	}
	s = r->f[cfiles].s;
	end = s + r->f[cfiles].len;
	for (const char *p = s; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k = (size_t)((nl ? nl : end) - p);

		if (k) {
			if (cnew < 0)
				buf_addc(out, 'U');
			else
				buf_addc(out, has_line(r->f[cnew].s, r->f[cnew].len, p, k) ? 'C' : 'M');
			buf_add(out, p, k);
			buf_addc(out, '\n');
		}
		p += k + 1;
	}
}

/*
 * Is the file of a line of changes() (a kind, the path) one a release
 * bumps: VERSION, version.h, a change log, NEWS, release notes, a
 * package's spec or configure.ac?
 */
static int
version_file(const char *p, size_t n)
{
	static const char *const names[] = {
		"version", "changelog", "changes", "news", "release", "configure.ac",
		"configure.in",
	};
	const char *base = p + n;
	size_t k;

	while (base > p && base[-1] != '/' && base[-1] != '\t')
		base--;
	k = (size_t)(p + n - base);
	if (k > 5 && !strncasecmp(base + k - 5, ".spec", 5))
		return 1;
	/*
	 * Release notes, a file a release (Documentation/release-notes/v1.2.rst,
	 * Documentation/releases/v2.34-ReleaseNotes, RelNotes/2.40.txt).
	 */
	if (find_ci(p, n, "release-note") || find_ci(p, n, "release_note") ||
	    find_ci(p, n, "releasenote") || find_ci(p, n, "relnotes"))
		return 1;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (has_prefix_ci(base, k, names[i]))
			return 1;
	return 0;
}

/* Is the file of a line of changes() a translation (.po, .pot)? */
static int
po_file(const char *p, size_t n)
{
	return (n > 3 && !strncasecmp(p + n - 3, ".po", 3)) ||
	    (n > 4 && !strncasecmp(p + n - 4, ".pot", 4));
}

/* Does every line of changes() name a file that file_ok() takes? */
static int
only_files(const char *s, size_t n, int (*file_ok)(const char *, size_t))
{
	for (const char *p = s, *end = s + n; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k = (size_t)((nl ? nl : end) - p);

		if (k > 1 && !file_ok(p + 1, k - 1))
			return 0;
		p += k + 1;
	}
	return 1;
}

/* A bit per file of the lines of changes(), by its path's hash (both names of a rename). */
static uint64_t
files_bloom(const char *s, size_t n)
{
	uint64_t b = 0;

	for (const char *p = s, *end = s + n; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k = (size_t)((nl ? nl : end) - p);

		if (k > 1) {
			const char *tab = memchr(p + 1, '\t', k - 1);

			if (tab) {
				b |= (uint64_t)1 << (hash_bytes(p + 1, (size_t)(tab - p - 1)) & 63);
				b |= (uint64_t)1 << (hash_bytes(tab + 1, (size_t)(p + k - tab - 1)) & 63);
			} else {
				b |= (uint64_t)1 << (hash_bytes(p + 1, k - 1) & 63);
			}
		}
		p += k + 1;
	}
	return b;
}

/*
 * A patch table (patchtok).  The commits' changes are the repository's
 * history of paths: which commit created, changed or deleted which file
 * (patch_history() turns them into dates).  The mails' changes are kept
 * to be checked against it (find_foreign()).
 */
static void
load_patches(struct model *md, struct tsv_reader *r)
{
	int cid = tsv_need(r, "id"), ckind = tsv_need(r, "kind"),
	    cfiles = tsv_need(r, "files"), cdate = tsv_col(r, "date"),
	    cnew = tsv_col(r, "new"), chunks = tsv_col(r, "hunks"),
	    cadate = tsv_col(r, "author_date"), cpaths = tsv_col(r, "paths"),
	    cflags = tsv_col(r, "flags");
	struct buf ch = BUF_INIT;
	int got;

	tsv_skip(r, "msg");
	/*
	 * The F lines alone (paths), where the table has them: the hunks,
	 * most of its bytes, are then left unread.
	 */
	if (cpaths >= 0) {
		tsv_skip(r, "hunks");
		chunks = cpaths;
	}
	while ((got = tsv_read(r)) != 0) {
		int64_t t, at = NODATE;
		const char *commit, *s;
		size_t n;
		int side;

		if (got < 0) {
			md->nbad++;
			if (got == -2)
				break;
			continue;
		}
		if (!strcmp(r->f[ckind].s, "mail") && r->f[cid].len) {
			/* mail_node may move md->mails: the index first, then the pointer. */
			uint32_t x = mail_node(md, r->f[cid].s, r->f[cid].len);
			struct mail *m = &md->mails[x];

			if (!m->files) {
				changes(&ch, r, cfiles, cnew, chunks);
				m->files = arena_strndup(&md->mem, ch.p ? ch.p : "", ch.len);
			}
			continue;
		}
		if (strcmp(r->f[ckind].s, "commit") || !r->f[cid].len)
			continue;
		md->has_paths = 1;
		if (date_of(md, r, cdate, &t) < 0 || date_of(md, r, cadate, &at) < 0)
			continue;
		commit = intern(&md->pool, r->f[cid].s, r->f[cid].len);
		/*
		 * A side branch's commit (another branch than the main line)
		 * adds the paths it creates and changes; what it deletes is
		 * still the repository's.
		 */
		s = fld(r, cflags, &n);
		side = has_word(s, n, "side");
		changes(&ch, r, cfiles, cnew, chunks);
		{
			/* commit_node may move md->commits: the index first. */
			uint32_t x = commit_node(md, r->f[cid].s, r->f[cid].len);

			md->commits[x].verfiles = ch.len && only_files(ch.p, ch.len, version_file);
			md->commits[x].pofiles = ch.len && only_files(ch.p, ch.len, po_file);
			md->commits[x].fbloom |= files_bloom(ch.p, ch.len);
		}
		for (const char *p = ch.p, *end = p + ch.len; p && p < end;) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			size_t k = (size_t)(nl - p);
			const char *tab = p[0] == 'R' ? memchr(p, '\t', k) : NULL;

			if (tab) {
				if (!side)
					path_event(md, p + 1, (size_t)(tab - p - 1), 'D', t, commit);
				path_event(md, tab + 1, (size_t)(p + k - tab - 1), 'C',
				    at != NODATE && at < t ? at : t, commit);
			} else {
				/* A patch table without kinds: every file was there before. */
				int kind = p[0] == 'U' ? 'M' : p[0];

				if (kind == 'D' && side) {
					p += k + 1;
					continue;
				}
				path_event(md, p + 1, k - 1, kind,
				    kind == 'C' && at != NODATE && at < t ? at : t, commit);
			}
			p += k + 1;
		}
	}
	buf_free(&ch);
}

static int
cmp_pevent(const void *a, const void *b)
{
	const struct pevent *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	/* At one time, created before deleted: it was there. */
	if (x->kind != y->kind)
		return x->kind == 'C' ? -1 : 1;
	return strcmp(x->commit, y->commit);
}

static void
span_add(struct span **v, uint32_t *n, uint32_t *cap, int64_t from, int64_t to)
{
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 2;
		*v = xreallocarray(*v, *cap, sizeof **v);
	}
	(*v)[*n].from = from;
	(*v)[*n].to = to;
	(*n)++;
}

static int
cmp_span_from(const void *a, const void *b)
{
	const struct span *x = a, *y = b;

	if (x->from != y->from)
		return x->from < y->from ? -1 : 1;
	return (x->to > y->to) - (x->to < y->to);
}

/*
 * The repository's history of paths as dates: per path the intervals it
 * was there, per folder the intervals it held a file.  A creation counts
 * from the creating commit's author date (the patch table's author_date,
 * else the commits table's author date, else its commit date), for the
 * file was in its author's tree, and on the list, from then; a deletion
 * from the deleting commit's commit date.
 */
static void
patch_history(struct model *md)
{
	for (size_t i = 0; i < md->paths.cap; i++) {
		struct hent *e = &md->paths.e[i];
		struct pathrec *pr;
		uint32_t capiv = 0;
		int open;
		int64_t from = INT64_MIN, first_c = INT64_MAX;

		if (!e->key)
			continue;
		pr = e->val;
		for (uint32_t k = 0; k < pr->nev; k++) {
			struct pevent *ev = &pr->ev[k];

			if (ev->kind == 'C') {
				const struct commit *c = commit_by_id(md, ev->commit, strlen(ev->commit));

				if (c && c->present && c->date != NODATE && c->date < ev->t)
					ev->t = c->date;
				if (ev->t < first_c)
					first_c = ev->t;
			}
		}
		if (pr->nev)
			qsort(pr->ev, pr->nev, sizeof *pr->ev, cmp_pevent);
		/* Changed before anything created it: there before the history began. */
		open = pr->first_touch != NODATE && pr->first_touch < first_c;
		for (uint32_t k = 0; k < pr->nev; k++) {
			const struct pevent *ev = &pr->ev[k];

			if (ev->kind == 'C' && !open) {
				open = 1;
				from = ev->t;
			} else if (ev->kind == 'D' && open) {
				open = 0;
				if (from < ev->t)
					span_add(&pr->iv, &pr->niv, &capiv, from, ev->t);
			}
		}
		if (open)
			span_add(&pr->iv, &pr->niv, &capiv, from, INT64_MAX);
		/* Every folder above it held a file while it was there. */
		for (size_t n = folder_len(e->key, e->klen);; n = folder_len(e->key, n - 1)) {
			int isnew;
			struct hent *f = hmap_put(&md->folders, e->key, n, &isnew);
			struct folderrec *fr;

			if (isnew) {
				fr = arena_alloc(&md->mem, sizeof *fr);
				memset(fr, 0, sizeof *fr);
				f->val = fr;
			}
			fr = f->val;
			for (uint32_t k = 0; k < pr->niv; k++)
				span_add(&fr->iv, &fr->niv, &fr->capiv, pr->iv[k].from, pr->iv[k].to);
			if (!n)
				break;
		}
	}
	/* Each folder's intervals sorted and merged. */
	for (size_t i = 0; i < md->folders.cap; i++) {
		struct folderrec *fr = md->folders.e[i].val;
		uint32_t k = 0;

		if (!md->folders.e[i].key || !fr->niv)
			continue;
		qsort(fr->iv, fr->niv, sizeof *fr->iv, cmp_span_from);
		for (uint32_t j = 1; j < fr->niv; j++) {
			if (fr->iv[j].from <= fr->iv[k].to) {
				if (fr->iv[j].to > fr->iv[k].to)
					fr->iv[k].to = fr->iv[j].to;
			} else {
				fr->iv[++k] = fr->iv[j];
			}
		}
		fr->niv = k + 1;
	}
}

/* Is t in one of the intervals v[0..n) ([from, to)); NODATE: in any? */
static int
in_iv(const struct span *v, uint32_t n, int64_t t)
{
	if (t == NODATE)
		return n > 0;
	for (uint32_t k = 0; k < n; k++)
		if (v[k].from <= t && t < v[k].to)
			return 1;
	return 0;
}

/* Did the repository have file p[0..n) at t (NODATE: ever)? */
static int
file_at(const struct model *md, const char *p, size_t n, int64_t t)
{
	struct hent *e = hmap_get(&md->paths, p, n);
	const struct pathrec *pr = e ? e->val : NULL;

	return pr && in_iv(pr->iv, pr->niv, t);
}

/* Had the repository had file p[0..n) at some time up to t (deleted since, maybe)? */
static int
file_by(const struct model *md, const char *p, size_t n, int64_t t)
{
	struct hent *e = hmap_get(&md->paths, p, n);
	const struct pathrec *pr = e ? e->val : NULL;

	if (!pr || !pr->niv)
		return 0;
	return t == NODATE || pr->iv[0].from <= t;
}

/* Did the repository have a file in folder f[0..n) ("a/b/"; "" the top) at t? */
static int
folder_at(const struct model *md, const char *f, size_t n, int64_t t)
{
	struct hent *e = hmap_get(&md->folders, f, n);
	const struct folderrec *fr = e ? e->val : NULL;

	return fr && in_iv(fr->iv, fr->niv, t);
}

/*
 * What the patches for the project so far make known beyond the
 * repository: per thread (by its root), the files they touch and their
 * folders; per author (by address), the files they create or rename to,
 * and their folders, with the earliest date; and to anyone (ANYONE in
 * the author map) those files alone, from that date.
 */
struct known {
	struct hmap thread, author;
	struct buf key;
	struct arena mem;
};

/* The author map's key for what every later patch may change. */
static const char anyone[1];
#define ANYONE (&anyone[0])

static const char *
known_key(struct known *kn, const void *who, size_t wlen, const char *p, size_t n)
{
	buf_reset(&kn->key);
	buf_add(&kn->key, who, wlen);
	buf_add(&kn->key, p, n);
	return kn->key.p;
}

static int
thread_has(struct known *kn, uint32_t root, const char *p, size_t n)
{
	known_key(kn, &root, sizeof root, p, n);
	return hmap_get(&kn->thread, kn->key.p, kn->key.len) != NULL;
}

static int
author_has(struct known *kn, const char *author, const char *p, size_t n, int64_t t)
{
	struct hent *e;

	known_key(kn, &author, sizeof author, p, n);
	e = hmap_get(&kn->author, kn->key.p, kn->key.len);
	return e && (t == NODATE || *(int64_t *)e->val <= t);
}

static void
thread_add(struct known *kn, uint32_t root, const char *p, size_t n)
{
	for (size_t k = n;; k = folder_len(p, k - 1)) {
		int isnew;
		struct hent *e;

		known_key(kn, &root, sizeof root, p, k);
		e = hmap_put(&kn->thread, kn->key.p, kn->key.len, &isnew);
		if (!isnew && k < n)
			break;
		if (isnew)
			e->key = arena_strndup(&kn->mem, kn->key.p, kn->key.len);
		if (!k)
			break;
	}
}

static void
author_add(struct known *kn, const char *author, const char *p, size_t n, int64_t t)
{
	for (size_t k = n;; k = folder_len(p, k - 1)) {
		int isnew;
		struct hent *e;

		known_key(kn, &author, sizeof author, p, k);
		e = hmap_put(&kn->author, kn->key.p, kn->key.len, &isnew);
		if (isnew) {
			e->key = arena_strndup(&kn->mem, kn->key.p, kn->key.len);
			e->val = arena_alloc(&kn->mem, sizeof(int64_t));
			*(int64_t *)e->val = t;
		} else if (t != NODATE && (*(int64_t *)e->val == NODATE ||
		    t < *(int64_t *)e->val)) {
			*(int64_t *)e->val = t;
		}
		/* To anyone the file, not its folders. */
		if (!k || author == ANYONE)
			break;
	}
}

/* Is file p[0..n) one the patch may change: the repository's at t, or known as above? */
static int
change_known(const struct model *md, struct known *kn, const struct mail *m, uint32_t root,
    int kind, const char *p, size_t n)
{
	int64_t t = m->date;

	if (thread_has(kn, root, p, n) || author_has(kn, m->from, p, n, t) ||
	    author_has(kn, ANYONE, p, n, t))
		return 1;
	switch (kind) {
	case 'D':
		return file_by(md, p, n, t);
	case 'U':
		return file_at(md, p, n, t) || folder_at(md, p, folder_len(p, n), t);
	default:
		return file_at(md, p, n, t);
	}
}

/* Is the folder of new file p[0..n) one the repository (or as above) has at t? */
static int
folder_known(const struct model *md, struct known *kn, const struct mail *m, uint32_t root,
    const char *p, size_t n)
{
	size_t f = folder_len(p, n);

	return folder_at(md, p, f, m->date) || thread_has(kn, root, p, f) ||
	    author_has(kn, m->from, p, f, m->date);
}

/*
 * Is mail patch m the project's?  Of the files it changes (modifies,
 * deletes, renames), at least half must be the repository's at its date
 * (a rename: either name; a deletion: a file the repository had by
 * then), or known from its thread or its author; a patch that only
 * creates files must create one in a folder the repository has then.
 * Sets the counts and a path for the verdict's detail.
 */
static int
judge(struct model *md, struct known *kn, struct mail *m, uint32_t root)
{
	uint32_t changed = 0, known = 0, created = 0, inknown = 0;
	const char *why = NULL, *whynew = NULL;

	for (const char *p = m->files, *end = p + strlen(p); p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k = (size_t)((nl ? nl : end) - p);
		const char *tab = k && p[0] == 'R' ? memchr(p, '\t', k) : NULL;

		if (k < 2) {
			p += k + 1;
			continue;
		}
		if (p[0] == 'C') {
			int ok = folder_known(md, kn, m, root, p + 1, k - 1);

			created++;
			inknown += ok;
			if (!ok && !whynew)
				whynew = p + 1;
		} else {
			size_t ol = tab ? (size_t)(tab - p - 1) : k - 1;
			int ok = change_known(md, kn, m, root, p[0], p + 1, ol) ||
			    (tab && change_known(md, kn, m, root, 'M', tab + 1,
			    (size_t)(p + k - tab - 1)));

			changed++;
			known += ok;
			if (!ok && !why)
				why = p + 1;
		}
		p += k + 1;
	}
	m->fchanged = changed;
	m->fknown = changed ? known : inknown;
	m->fwhy = changed ? why : whynew;
	if (changed)
		return 2 * known >= changed;
	return inknown > 0;
}

/* Patch m is the project's: what it changes becomes known to its thread and author. */
static void
learn(struct known *kn, const struct mail *m, uint32_t root)
{
	for (const char *p = m->files, *end = p + strlen(p); p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k = (size_t)((nl ? nl : end) - p);
		const char *tab = k && p[0] == 'R' ? memchr(p, '\t', k) : NULL;

		if (k >= 2) {
			size_t ol = tab ? (size_t)(tab - p - 1) : k - 1;

			thread_add(kn, root, p + 1, ol);
			if (tab)
				thread_add(kn, root, tab + 1, (size_t)(p + k - tab - 1));
			if (p[0] == 'C') {
				author_add(kn, m->from, p + 1, k - 1, m->date);
				author_add(kn, ANYONE, p + 1, k - 1, m->date);
			} else if (tab) {
				author_add(kn, m->from, tab + 1, (size_t)(p + k - tab - 1), m->date);
				author_add(kn, ANYONE, tab + 1, (size_t)(p + k - tab - 1), m->date);
			}
		}
		p += k + 1;
	}
}

/* A part k/N (k >= 1, N > 1) of a posting: its thread, version and N. */
struct ppart {
	uint32_t root, version, total, mail;
};

static int
cmp_ppart(const void *a, const void *b)
{
	const struct ppart *x = a, *y = b;

	if (x->root != y->root)
		return x->root < y->root ? -1 : 1;
	if (x->version != y->version)
		return x->version < y->version ? -1 : 1;
	if (x->total != y->total)
		return x->total < y->total ? -1 : 1;
	return (x->mail > y->mail) - (x->mail < y->mail);
}

/* Can patch m be judged by its files: a patch table row naming one? */
static int
judgeable(const struct mail *m)
{
	return m->files && *m->files;
}

/*
 * A posting is for one repository: of the parts of one posting (one
 * thread, one version, one N), those judged by their files vote, and when
 * more are another repository's than the project's, all of them are
 * (byposting; a tie leaves each its own verdict).  A part so made
 * another repository's counts as the project's here, as its files said.
 * The counts go to every part of such a posting; 1 when a part was
 * newly made another repository's.
 */
static int
posting_vote(struct model *md, struct ppart *v, size_t n)
{
	int more = 0;

	for (size_t i = 0, j; i < n; i = j) {
		uint32_t nf = 0, nj = 0;

		for (j = i; j < n && v[j].root == v[i].root && v[j].version == v[i].version &&
		    v[j].total == v[i].total; j++) {
			const struct mail *m = &md->mails[v[j].mail];

			if (!judgeable(m))
				continue;
			nj++;
			nf += m->foreign && !m->byposting;
		}
		if (2 * nf <= nj)
			continue;
		for (size_t k = i; k < j; k++) {
			struct mail *m = &md->mails[v[k].mail];

			m->pforeign = nf;
			m->pjudged = nj;
			if (!m->foreign) {
				m->foreign = m->byposting = 1;
				more = 1;
			}
		}
	}
	return more;
}

/*
 * Is the path of a line of changes() a file every project may have:
 * COPYING, LICENSE, README, MAINTAINERS, CREDITS, AUTHORS, CONTRIBUTING
 * (and their .md, .txt ...), .gitignore, .mailmap, or the top Makefile?
 */
static int
generic_file(const char *p, size_t n)
{
	static const char *const names[] = {
		"copying", "license", "licence", "readme", "maintainers", "credits", "authors",
		"contributing", ".gitignore", ".mailmap",
	};
	const char *base = p + n;
	size_t k;

	while (base > p && base[-1] != '/')
		base--;
	k = (size_t)(p + n - base);
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (has_prefix_ci(base, k, names[i]))
			return 1;
	return base == p && k == 8 && !memcmp(base, "Makefile", 8);
}

/* Does every line of a mail's changes name a generic_file() (and some line one)? */
static int
generic_only(const char *files)
{
	int any = 0;

	for (const char *p = files; *p;) {
		size_t k = strcspn(p, "\n");
		const char *tab = k && p[0] == 'R' ? memchr(p, '\t', k) : NULL;

		if (k > 1) {
			if (!generic_file(p + 1, tab ? (size_t)(tab - p - 1) : k - 1))
				return 0;
			any = 1;
		}
		p += k + (p[k] == '\n');
	}
	return any;
}

/* The first word of a patch's title when a "prefix: " ("Bluetooth: ..."), lower-cased; its length. */
static size_t
title_prefix(const char *subject, char *out, size_t cap)
{
	struct buf t = BUF_INIT;
	size_t k = 0, n = 0;

	subject_title(&t, subject, strlen(subject));
	while (k < t.len && t.p[k] != ' ' && t.p[k] != ':')
		k++;
	if (k && k + 1 < t.len && t.p[k] == ':' && t.p[k + 1] == ' ' && k < cap) {
		for (n = 0; n < k; n++)
			out[n] = (char)tolower((unsigned char)t.p[n]);
	}
	buf_free(&t);
	return n;
}

/*
 * A patch that changes only files every project has tells nothing by
 * them (a kernel patch to COPYING on a list that a project with a
 * COPYING shares): it goes with the patches of its title's prefix
 * ("Bluetooth: ", "erofs-utils: "), when at least PREFIX_MIN of them
 * are judged by their files and most are another repository's
 * (byauthor).
 */
#define PREFIX_MIN 3

static void
prefix_vote(struct model *md)
{
	struct hmap by = HMAP_INIT;
	struct avote {
		uint32_t foreign, judged;
	} *v;
	char pre[64];

	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < md->nmails; i++) {
			struct mail *m = &md->mails[i];
			struct hent *e;
			size_t n;
			int isnew;

			if (!m->present || m->type != MT_PATCH || !m->files || !*m->files ||
			    !(n = title_prefix(m->subject, pre, sizeof pre)))
				continue;
			if (!pass) {
				if (generic_only(m->files))
					continue;
				e = hmap_put(&by, pre, n, &isnew);
				if (isnew) {
					e->key = arena_strndup(&md->mem, pre, n);
					v = arena_alloc(&md->mem, sizeof *v);
					v->foreign = v->judged = 0;
					e->val = v;
				}
				v = e->val;
				v->judged++;
				v->foreign += m->foreign;
			} else if (!m->foreign && generic_only(m->files) &&
			    (e = hmap_get(&by, pre, n))) {
				v = e->val;
				if (v->judged >= PREFIX_MIN && 2 * v->foreign > v->judged) {
					m->foreign = m->byauthor = 1;
					m->pforeign = v->foreign;
					m->pjudged = v->judged;
				}
			}
		}
	hmap_free(&by);
}

/*
 * Which patch mails are another project's (sent to the same list): see
 * judge().  Known only with a patch table of commits (the repository's
 * history) and of mails (their changes).  A patch found the project's
 * makes its files known to the other patches of its thread (2/N changes
 * what 1/N creates) and its new files to its author's later patches (a
 * series sent without threading, a series built on an unmerged one),
 * and those files (not their folders) to anyone's later patches (a
 * series built on another's unmerged one);
 * rounds go on until no more are found.  Then the parts of each posting
 * vote (posting_vote()); when that makes some another repository's, they
 * teach nothing: the rounds run again without them.
 */
static void
find_foreign(struct model *md)
{
	struct ppart *pp = NULL;
	size_t npp = 0;
	int again = 1;

	if (!md->has_paths)
		return;
	patch_history(md);
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		if (m->present && m->type == MT_PATCH && m->total > 1 && m->part != NONE &&
		    m->part >= 1)
			npp++;
	}
	pp = xreallocarray(NULL, npp ? npp : 1, sizeof *pp);
	npp = 0;
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		if (!(m->present && m->type == MT_PATCH && m->total > 1 && m->part != NONE &&
		    m->part >= 1))
			continue;
		pp[npp].root = uf_find(&md->threads, (uint32_t)i);
		pp[npp].version = m->version;
		pp[npp].total = m->total;
		pp[npp++].mail = (uint32_t)i;
	}
	if (npp)
		qsort(pp, npp, sizeof *pp, cmp_ppart);
	while (again) {
		struct known kn;
		int more = 1;

		memset(&kn, 0, sizeof kn);
		for (size_t i = 0; i < md->nmails; i++) {
			struct mail *m = &md->mails[i];

			m->foreign = m->present && m->type == MT_PATCH && (m->files || m->byposting);
		}
		while (more) {
			more = 0;
			for (size_t i = 0; i < md->nmails; i++) {
				struct mail *m = &md->mails[i];
				uint32_t root;

				if (!m->foreign || m->byposting || !m->files)
					continue;
				root = uf_find(&md->threads, (uint32_t)i);
				if (!judge(md, &kn, m, root))
					continue;
				m->foreign = 0;
				learn(&kn, m, root);
				more = 1;
			}
		}
		hmap_free(&kn.thread);
		hmap_free(&kn.author);
		buf_free(&kn.key);
		arena_free(&kn.mem);
		again = posting_vote(md, pp, npp);
	}
	free(pp);
	prefix_vote(md);
}

static void
load_tags(struct model *md, struct tsv_reader *r)
{
	int ctag = tsv_need(r, "tag"), cdate = tsv_need(r, "date"),
	    ctd = tsv_col(r, "tag_date"), cid = tsv_col(r, "id");
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

/* The section of a version of MAINTAINERS, added when new. */
static uint32_t
msect_node(struct model *md, const char *version, const char *title, size_t tlen,
    struct buf *key)
{
	int isnew;
	struct hent *e;
	struct msect *ms;

	buf_reset(key);
	buf_addstr(key, version);
	buf_addc(key, '\t');
	buf_add(key, title, tlen);
	e = hmap_put(&md->msectid, key->p, key->len, &isnew);
	if (!isnew)
		return (uint32_t)((uintptr_t)e->val - 1);
	e->key = intern(&md->pool, key->p, key->len);
	ms = arena_alloc(&md->mem, sizeof *ms);
	memset(ms, 0, sizeof *ms);
	ms->title = intern(&md->pool, title, tlen);
	ms->version = version;
	md->sections = xreallocarray(md->sections, md->nsections + 1, sizeof *md->sections);
	md->sections[md->nsections] = ms;
	e->val = (void *)(uintptr_t)(md->nsections + 1);
	return (uint32_t)md->nsections++;
}

/*
 * A maintainers table (ptmaint): a row per patch, matched section and
 * M, R or L entry.  Kept: each section once per version with its
 * entries, the sections responsible for each patch, the M and R names
 * and the L addresses; not the rows.
 */
static void
load_maint(struct model *md, struct tsv_reader *r)
{
	int cid = tsv_need(r, "id"), cver = tsv_need(r, "version"),
	    csec = tsv_need(r, "section"), crole = tsv_need(r, "role"),
	    caddr = tsv_need(r, "addr"), cresp = tsv_need(r, "responsible"),
	    cname = tsv_col(r, "name");
	struct buf key = BUF_INIT;
	int got, use;

	md->has_maint = 1;
	while ((got = tsv_read(r)) != 0) {
		const char *role = r->f[crole].s, *ver, *addr = NULL, *s;
		size_t n;
		uint32_t si;
		struct msect *ms;

		if ((use = row_usable(md, r, got, cid)) <= 0) {
			if (use < 0)
				break;
			continue;
		}
		if (r->f[crole].len > 1 || (*role && !strchr("MRL", *role))) {
			warnx("%s:%lu: column role: neither M, R, L nor empty: %.20s", r->name,
			    r->lineno, role);
			md->nbad++;
			continue;
		}
		if (r->f[cver].len)
			set_add(md, &md->versions, r->f[cver].s, r->f[cver].len);
		/* A patch no section (or no version) applied to. */
		if (!r->f[csec].len)
			continue;
		ver = intern(&md->pool, r->f[cver].s, r->f[cver].len);
		si = msect_node(md, ver, r->f[csec].s, r->f[csec].len, &key);
		ms = md->sections[si];
		if (*role && r->f[caddr].len) {
			int have = 0;
			const char *ma = r->f[caddr].s;
			size_t ma_n = r->f[caddr].len;

			s = fld(r, cname, &n);
			/* A list is no person: its address stays as written. */
			if (*role != 'L')
				mailmap_map(md->mm, s, n, ma, ma_n, &s, &n, &ma, &ma_n);
			addr = intern_lower(&md->pool, ma, ma_n);
			for (uint32_t i = 0; i < ms->ne && !have; i++)
				have = ms->e[i].addr == addr && ms->e[i].role == *role;
			if (!have) {
				ms->e = xreallocarray(ms->e, ms->ne + 1, sizeof *ms->e);
				ms->e[ms->ne].addr = addr;
				ms->e[ms->ne++].role = *role;
			}
			if (*role == 'L') {
				set_add(md, &md->laddrs, addr, strlen(addr));
			} else {
				/* Of several names, the first in byte order: any row order. */
				if (n) {
					int isnew;
					struct hent *e = hmap_put(&md->mnames, addr, strlen(addr),
					    &isnew);

					if (isnew || strcmp(e->val, s) > 0)
						e->val = (void *)intern(&md->pool, s, n);
				}
			}
		}
		if (r->f[cresp].len != 1 || r->f[cresp].s[0] != '1')
			continue;
		/* One pair per patch and section; repeats (one per entry) in a row are dropped. */
		{
			const char *id = intern(&md->pool, r->f[cid].s, r->f[cid].len);

			if (md->nmpairs && md->mpairs[md->nmpairs - 1].id == id && md->mpairs[md->nmpairs - 1].sect == si)
				continue;
			if (md->nmpairs == md->capmpairs) {
				md->capmpairs = md->capmpairs ? 2 * md->capmpairs : 1024;
				md->mpairs = xreallocarray(md->mpairs, md->capmpairs, sizeof *md->mpairs);
			}
			md->mpairs[md->nmpairs].id = id;
			md->mpairs[md->nmpairs].sect = si;
			md->mpairs[md->nmpairs++].mail = NONE;
		}
	}
	buf_free(&key);
}

/*
 * A merged table (git2tsv --merged): which merge brought each commit
 * in, and its subject ("Merge pull request #12 from ...").
 */
static void
load_merged(struct model *md, struct tsv_reader *r)
{
	int cid = tsv_need(r, "id"), cm = tsv_need(r, "merge"),
	    cs = tsv_need(r, "merge_subject");
	int got, use;

	md->has_merged = 1;
	while ((got = tsv_read(r)) != 0) {
		struct commit *c;
		uint32_t x;

		if ((use = row_usable(md, r, got, cid)) <= 0) {
			if (use < 0)
				break;
			continue;
		}
		x = commit_node(md, r->f[cid].s, r->f[cid].len);
		c = &md->commits[x];
		if (c->merge) {
			md->nmergedup++;
			continue;
		}
		c->merge = intern(&md->pool, r->f[cm].s, r->f[cm].len);
		c->merge_subject = intern(&md->pool, r->f[cs].s, r->f[cs].len);
	}
}

int
model_load(struct model *md, const char *path)
{
	struct tsv_reader r;
	int rc;

	if (tsv_open(&r, path) < 0)
		return -1;
	if (r.empty) {
		tsv_close(&r);
		return 0;
	}
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
	case TABLE_COMMITS:
		load_commits(md, &r);
		break;
	case TABLE_MAILS:
		load_mails(md, &r);
		break;
	case TABLE_PATCHES:
		load_patches(md, &r);
		break;
	case TABLE_MAINTAINERS:
		load_maint(md, &r);
		break;
	case TABLE_PAIRS:
		if (md->want_pairs) {
			md->pairs = xreallocarray(md->pairs, md->npairs + 1, sizeof *md->pairs);
			md->pairs[md->npairs++] = arena_strndup(&md->mem, path, strlen(path));
			break;
		}
		warnx("%s: a pairs table (patchsim): only ptreport why reads one", r.name);
		tsv_close(&r);
		return -1;
	default:
		warnx("%s: not a table ptreport reads: clusters (ptcluster), mails "
		    "(mbox2tsv), commits, tags or merged (git2tsv), patches (patchtok), "
		    "maintainers (ptmaint)", r.name);
		tsv_close(&r);
		return -1;
	}
	/* Cut short (a truncated .xz, a read error): said by tsv_read. */
	rc = r.lines.err ? -1 : 0;
	tsv_close(&r);
	return rc;
}

static int
earlier_commit(const struct commit *a, const struct commit *b)
{
	if (a->cdate != b->cdate) {
		if (a->cdate == NODATE)
			return 0;
		if (b->cdate == NODATE)
			return 1;
		return a->cdate < b->cdate;
	}
	return strcmp(a->id, b->id) < 0;
}

/* qsort has no context argument; the model is finished once. */
static const struct model *rkey_md;

/*
 * A subject's title (subject_title(): the "[PATCH v2 1/3]" tags and
 * "Re:" gone), lower-cased, its words alone with one blank between:
 * "Foo: fix the bar." and "[PATCH v2] foo: Fix the bar" are one title.
 * Interned; "" for none.
 */
static const char *
title_words(struct model *md, const char *subject)
{
	struct buf t = BUF_INIT, w = BUF_INIT;
	const char *r;

	subject_title(&t, subject, strlen(subject));
	for (size_t i = 0; i < t.len; i++) {
		unsigned char c = (unsigned char)t.p[i];

		if (c >= 0x80 || isalnum(c))
			buf_addc(&w, (char)tolower(c));
		else if (w.len && w.p[w.len - 1] != ' ')
			buf_addc(&w, ' ');
	}
	while (w.len && w.p[w.len - 1] == ' ')
		w.len--;
	r = intern(&md->pool, w.p ? w.p : "", w.len);
	buf_free(&t);
	buf_free(&w);
	return r;
}

/*
 * A subject's summary: its title words (title_words()) after the
 * title's leading "prefix: " parts ("erofs-utils: build: ", "PATCH: "),
 * each a word without blanks before ": ".  Interned; "" for none.
 */
static const char *
summary_words(struct model *md, const char *subject)
{
	struct buf t = BUF_INIT;
	const char *r;
	size_t at = 0;

	subject_title(&t, subject, strlen(subject));
	for (;;) {
		size_t k = at;

		while (k < t.len && t.p[k] != ' ' && t.p[k] != ':')
			k++;
		if (k == at || k + 1 >= t.len || t.p[k] != ':' || t.p[k + 1] != ' ')
			break;
		at = k + 2;
	}
	buf_addc(&t, '\0');
	r = title_words(md, t.p + at);
	buf_free(&t);
	return r;
}

static int
cmp_rkey(const void *a, const void *b)
{
	const struct rkey *x = a, *y = b;
	const struct mail *p, *q;

	if (x->root != y->root)
		return x->root < y->root ? -1 : 1;
	p = &rkey_md->mails[x->mail];
	q = &rkey_md->mails[y->mail];
	if (p->date != q->date)
		return p->date < q->date ? -1 : 1;
	return strcmp(p->id, q->id);
}

/*
 * The titles that replies to patches quote ("Re: [PATCH v2 3/5] t"),
 * with when: a patch was posted under each, its mail in the archive or
 * not (a list archive may lack a patch its answers quote).  And each
 * commit's title, to be looked up there (offlist).
 */
static void
quoted_titles(struct model *md)
{
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		struct subject_info si;
		const char *t;
		struct hent *e;
		struct dspan *d;
		int isnew;

		if (!m->present || m->type == MT_PATCH || m->date == NODATE)
			continue;
		subject_parse(m->subject, strlen(m->subject), &si);
		if ((si.tags & (SUBJ_REPLY | SUBJ_PATCH)) != (SUBJ_REPLY | SUBJ_PATCH))
			continue;
		t = title_words(md, m->subject);
		if (!*t)
			continue;
		e = hmap_put(&md->rtitles, t, strlen(t), &isnew);
		if (isnew) {
			d = arena_alloc(&md->mem, sizeof *d);
			d->first = d->last = m->date;
			e->val = d;
		} else {
			d = e->val;
			if (m->date < d->first)
				d->first = m->date;
			if (m->date > d->last)
				d->last = m->date;
		}
	}
	for (size_t i = 0; i < md->ncommits; i++)
		if (md->commits[i].present) {
			md->commits[i].ntitle = title_words(md, md->commits[i].subject);
			md->commits[i].nsummary = summary_words(md, md->commits[i].subject);
		}
	/* Replies to mails the archives lack, by their summaries: the earliest of each. */
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];
		const char *sw;
		struct hent *e;
		int isnew;

		if (!m->present || m->type != MT_REPLY || m->parent == NONE ||
		    md->mails[m->parent].present || m->date == NODATE)
			continue;
		sw = summary_words(md, m->subject);
		if (!*sw)
			continue;
		e = hmap_put(&md->lost, sw, strlen(sw), &isnew);
		if (isnew || cmp_date_id(md, (uint32_t)i, (uint32_t)((uintptr_t)e->val - 1)) < 0)
			e->val = (void *)(uintptr_t)(i + 1);
	}
}

/* A copy of v[0..n) sorted by thread, date and id (cmp_rkey), or NULL. */
static struct rkey *
sorted_rkeys(const struct model *md, struct rkey *v, size_t n)
{
	struct rkey *r;

	if (!n)
		return NULL;
	rkey_md = md;
	qsort(v, n, sizeof *v, cmp_rkey);
	r = xreallocarray(NULL, n, sizeof *r);
	memcpy(r, v, n * sizeof *v);
	return r;
}

static int
cmp_cpair_mail(const void *a, const void *b)
{
	const struct rkey *x = a, *y = b;

	if (x->mail != y->mail)
		return x->mail < y->mail ? -1 : 1;
	return (x->root > y->root) - (x->root < y->root);
}

/*
 * A reply to a citing mail answers what it cites: the author who asks
 * again elsewhere with a link ("are these patches fine for you?
 * https://lore.kernel.org/r/...") and gets an answer there was
 * answered.  Each reply (a mail whose parent cites) cites, so, what its
 * parent cites; whether it answers the patch is the reader's rule
 * (another person's, at or after the patch).
 */
static void
cite_replies(struct model *md)
{
	struct rkey *byc = xreallocarray(NULL, md->ncpairs, sizeof *byc);
	size_t nc = md->ncpairs;

	memcpy(byc, md->cpairs, nc * sizeof *byc);
	qsort(byc, nc, sizeof *byc, cmp_cpair_mail);
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *r = &md->mails[i];
		size_t lo = 0, hi = nc;

		if (!r->present || r->parent == NONE || r->parent == (uint32_t)i)
			continue;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (byc[mid].mail < r->parent)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < nc && byc[lo].mail == r->parent; lo++) {
			if (md->ncpairs == md->capcpairs) {
				md->capcpairs = 2 * md->capcpairs;
				md->cpairs = xreallocarray(md->cpairs, md->capcpairs,
				    sizeof *md->cpairs);
			}
			md->cpairs[md->ncpairs].root = byc[lo].root;
			md->cpairs[md->ncpairs++].mail = (uint32_t)i;
		}
	}
	free(byc);
}

static int
cmp_mpair(const void *a, const void *b)
{
	const struct mpair *x = a, *y = b;

	if (x->mail != y->mail)
		return x->mail < y->mail ? -1 : 1;
	return (x->sect > y->sect) - (x->sect < y->sect);
}

/*
 * The maintainers table named patches by id, before or after the mails
 * were read: now each patch mail gets its responsible sections, once
 * each; rows of other ids (commits, mails not read) are dropped.
 */
static void
maint_finish(struct model *md)
{
	size_t n = 0;

	for (size_t i = 0; i < md->nmpairs; i++) {
		struct hent *e = hmap_get(&md->mailid, md->mpairs[i].id, strlen(md->mpairs[i].id));
		const struct mail *m;

		if (!e)
			continue;
		m = &md->mails[(uintptr_t)e->val - 1];
		if (!m->present || m->type != MT_PATCH)
			continue;
		md->mpairs[n] = md->mpairs[i];
		md->mpairs[n++].mail = (uint32_t)((uintptr_t)e->val - 1);
	}
	if (n)
		qsort(md->mpairs, n, sizeof *md->mpairs, cmp_mpair);
	for (size_t i = 0; i < n;) {
		size_t j = i, k = 0;
		struct mail *m = &md->mails[md->mpairs[i].mail];

		while (j < n && md->mpairs[j].mail == md->mpairs[i].mail)
			j++;
		m->sect = arena_alloc(&md->mem, (j - i) * sizeof *m->sect);
		for (size_t x = i; x < j; x++)
			if (x == i || md->mpairs[x].sect != md->mpairs[x - 1].sect)
				m->sect[k++] = md->sections[md->mpairs[x].sect];
		m->nsect = (uint32_t)k;
		i = j;
	}
	free(md->mpairs);
	md->mpairs = NULL;
	md->nmpairs = md->capmpairs = 0;
}

/* Is mail c the cover letter (0/N, the same version and N) of patch m? */
static int
cover_of(const struct mail *c, const struct mail *m)
{
	return c->present && c->type == MT_COVER && c->part != NONE && c->part == 0 &&
	    c->version == m->version && c->total == m->total;
}

/* Not yet known, in chain_tops(). */
#define UNSET (NONE - 1)

/*
 * The top of each mail's chain of parents: its thread's root, the mail
 * all the others reply to, directly or not (a Message-ID only referenced
 * may be one); NONE for a mail whose parents run in a circle, whatever
 * the order of the rows.  Allocated.
 */
static uint32_t *
chain_tops(const struct model *md)
{
	uint32_t *top = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *top);
	uint32_t *walk = xcalloc(md->nmails ? md->nmails : 1, sizeof *walk);
	uint32_t *path = NULL;
	size_t cap = 0;

	for (size_t i = 0; i < md->nmails; i++)
		top[i] = UNSET;
	for (size_t i = 0; i < md->nmails; i++) {
		size_t n = 0;
		uint32_t x = (uint32_t)i, t;

		/* Up to a mail whose top is known, the root, or a circle. */
		for (;;) {
			if (top[x] != UNSET) {
				t = top[x];
				break;
			}
			if (walk[x] == i + 1) {
				t = NONE;
				break;
			}
			walk[x] = (uint32_t)i + 1;
			if (n == cap) {
				cap = cap ? 2 * cap : 64;
				path = xreallocarray(path, cap, sizeof *path);
			}
			path[n++] = x;
			if (md->mails[x].parent == NONE) {
				t = x;
				break;
			}
			x = md->mails[x].parent;
		}
		while (n)
			top[path[--n]] = t;
	}
	free(walk);
	free(path);
	return top;
}

/* qsort has no context argument; the model is finished once. */
static const struct model *upart_md;

/* Parts of unthreaded postings: by version, N, date and id. */
static int
cmp_upart(const void *a, const void *b)
{
	const struct mail *x = &upart_md->mails[*(const uint32_t *)a];
	const struct mail *y = &upart_md->mails[*(const uint32_t *)b];

	if (x->version != y->version)
		return x->version < y->version ? -1 : 1;
	if (x->total != y->total)
		return x->total < y->total ? -1 : 1;
	if (x->date != y->date)
		return x->date < y->date ? -1 : 1;
	return strcmp(x->id, y->id);
}

/*
 * A series sent without threading is one thread: mails k/N (a cover
 * letter 0/N too) that reply to nothing (no In-Reply-To, no References,
 * or only to a Message-ID missing from the archive),
 * N > 1, of one version and one N, by the person of the earliest of them
 * (by_person()), with different parts, sent within SERIES_WINDOW of the
 * earliest, are joined.  Each part stays the root of its own replies.
 * cover[] gets, for the other parts of a posting so joined, its cover
 * letter.
 */
static void
join_unthreaded(struct model *md, uint32_t *cover)
{
	uint32_t *v = NULL, *grp = NULL;
	size_t n = 0, cap = 0;
	unsigned char *done;
	struct set64 parts = SET64_INIT;

	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		/*
		 * A parent the archive lacks is none: a mail service that
		 * rewrites Message-IDs leaves 2/N replying to an id 1/N
		 * no longer has.
		 */
		if (!m->present || (m->type != MT_PATCH && m->type != MT_COVER) ||
		    (m->parent != NONE && md->mails[m->parent].present) || m->total < 2 ||
		    m->part == NONE || m->part > m->total || m->date == NODATE)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			v = xreallocarray(v, cap, sizeof *v);
		}
		v[n++] = (uint32_t)i;
	}
	if (!n)
		return;
	upart_md = md;
	qsort(v, n, sizeof *v, cmp_upart);
	done = xcalloc(n, 1);
	grp = xreallocarray(NULL, n, sizeof *grp);
	for (size_t i = 0; i < n; i++) {
		const struct mail *a = &md->mails[v[i]];
		size_t ng = 0;
		uint32_t c = NONE;

		if (done[i])
			continue;
		done[i] = 1;
		grp[ng++] = v[i];
		set64_free(&parts);
		set64_add(&parts, a->part);
		for (size_t j = i + 1; j < n; j++) {
			const struct mail *b = &md->mails[v[j]];

			if (b->version != a->version || b->total != a->total ||
			    b->date - a->date > SERIES_WINDOW)
				break;
			if (done[j] || !by_person(b, a->from, a->who) || !set64_add(&parts, b->part))
				continue;
			done[j] = 1;
			grp[ng++] = v[j];
		}
		if (ng < 2)
			continue;
		for (size_t k = 0; k < ng; k++) {
			uf_union(&md->threads, grp[0], grp[k]);
			if (md->mails[grp[k]].part == 0)
				c = grp[k];
		}
		for (size_t k = 0; k < ng && c != NONE; k++)
			if (grp[k] != c)
				cover[grp[k]] = c;
	}
	set64_free(&parts);
	free(done);
	free(grp);
	free(v);
}

/*
 * A patch whose cover letter is an RFC is one: the cover letter is its
 * parent, else the root of its thread, when that is the 0/N of the same
 * version and N, else that of its series sent without threading
 * (cover[]).  rfcby names it.
 */
static void
rfc_covers(struct model *md, const uint32_t *cover)
{
	uint32_t *top = chain_tops(md);

	for (size_t i = 0; i < md->nmails; i++) {
		struct mail *m = &md->mails[i];
		uint32_t c = NONE;

		if (!m->present || m->type != MT_PATCH || m->rfc)
			continue;
		if (m->parent != NONE && cover_of(&md->mails[m->parent], m))
			c = m->parent;
		else if (top[i] != NONE && top[i] != i && cover_of(&md->mails[top[i]], m))
			c = top[i];
		else if (cover[i] != NONE)
			c = cover[i];
		if (c == NONE || !md->mails[c].rfc)
			continue;
		m->rfc = 1;
		m->process = 1;
		m->rfcby = c;
	}
	free(top);
}

/* Does cluster k hold a posting by a human (posted())? */
static int
posted_cluster(const struct model *md, const struct cluster *k)
{
	for (uint32_t x = k->mail; x != NONE; x = md->mails[x].cnext)
		if (md->mails[x].present && posted(&md->mails[x]))
			return 1;
	return 0;
}

/* Does a posting of cluster k change every file of the bloom b (files_bloom())? */
static int
posting_holds(const struct model *md, const struct cluster *k, uint64_t b)
{
	for (uint32_t x = k->mail; x != NONE; x = md->mails[x].cnext) {
		const struct mail *m = &md->mails[x];

		if (m->present && posted(m) && m->files &&
		    !(b & ~files_bloom(m->files, strlen(m->files))))
			return 1;
	}
	return 0;
}

/*
 * The commits split out of a posted patch: one of two commits of the same
 * author and author date to the second (git am, or the maintainer's own
 * split, kept one date for both halves) whose other half is in a cluster
 * with a posting that changes every file it changes, itself in none.  A bigger group of one second
 * is a rebase that reset the dates, and says nothing.
 */
static void
split_commits(struct model *md)
{
	struct hmap grp = HMAP_INIT;
	struct buf key = BUF_INIT;
	struct sgroup {
		uint32_t n, posted, post;       /* post: a posted commit of it */
	};

	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < md->ncommits; i++) {
			struct commit *c = &md->commits[i];
			int post, isnew;
			struct hent *e;
			struct sgroup *g;

			if (!c->present || c->skip || c->date == NODATE || !*c->author)
				continue;
			post = c->cluster != NONE && posted_cluster(md, &md->clusters[c->cluster]);
			buf_reset(&key);
			buf_addf(&key, "%s %lld", c->author, (long long)c->date);
			if (!pass) {
				e = hmap_put(&grp, key.p, key.len, &isnew);
				if (isnew) {
					e->key = arena_strndup(&md->mem, key.p, key.len);
					g = arena_alloc(&md->mem, sizeof *g);
					g->n = g->posted = 0;
					g->post = NONE;
					e->val = g;
				}
				g = e->val;
				g->n++;
				g->posted += post;
				if (post)
					g->post = (uint32_t)i;
			} else if (!post && (e = hmap_get(&grp, key.p, key.len))) {
				g = e->val;
				c->split = g->n == 2 && g->posted == 1 && c->fbloom &&
				    posting_holds(md, &md->clusters[md->commits[g->post].cluster],
				    c->fbloom);
			}
		}
	hmap_free(&grp);
	buf_free(&key);
}

/* By sender address, then date, then id from the last: see sender_index(). */
static int
cmp_sender(const void *a, const void *b)
{
	const struct mail *x = &rkey_md->mails[*(const uint32_t *)a];
	const struct mail *y = &rkey_md->mails[*(const uint32_t *)b];
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
	rkey_md = md;
	if (md->nbysender)
		qsort(md->bysender, md->nbysender, sizeof *md->bysender, cmp_sender);
}

static int
cmp_member_mail(const void *a, const void *b)
{
	return cmp_date_id(rkey_md, *(const uint32_t *)a, *(const uint32_t *)b);
}

static int
cmp_member_commit(const void *a, const void *b)
{
	const struct commit *x = &rkey_md->commits[*(const uint32_t *)a];
	const struct commit *y = &rkey_md->commits[*(const uint32_t *)b];

	return earlier_commit(x, y) ? -1 : earlier_commit(y, x);
}

/*
 * Each cluster's members by date, then id, whatever the order of the
 * clusters table's rows: what lists them (why, the page) says the same.
 */
static void
order_members(struct model *md)
{
	uint32_t *v = NULL;
	size_t cap = 0;

	rkey_md = md;
	for (size_t i = 0; i < md->nclusters; i++) {
		struct cluster *k = &md->clusters[i];
		size_t n = 0;

		for (int commits = 0; commits < 2; commits++) {
			uint32_t *head = commits ? &k->commit : &k->mail;

			n = 0;
			for (uint32_t x = *head; x != NONE;
			    x = commits ? md->commits[x].cnext : md->mails[x].cnext) {
				if (n == cap) {
					cap = cap ? 2 * cap : 64;
					v = xreallocarray(v, cap, sizeof *v);
				}
				v[n++] = x;
			}
			if (n < 2)
				continue;
			qsort(v, n, sizeof *v, commits ? cmp_member_commit : cmp_member_mail);
			*head = v[0];
			for (size_t j = 0; j < n; j++) {
				uint32_t next = j + 1 < n ? v[j + 1] : NONE;

				if (commits)
					md->commits[v[j]].cnext = next;
				else
					md->mails[v[j]].cnext = next;
			}
		}
	}
	free(v);
}

void
model_finish(struct model *md)
{
	uint32_t *cover;

	order_members(md);
	for (size_t i = 0; i < md->nclusters; i++) {
		struct cluster *k = &md->clusters[i];

		/* The main line's commits and the side branches' apart. */
		k->ncommits = k->nside = 0;
		for (uint32_t x = k->commit; x != NONE; x = md->commits[x].cnext) {
			uint32_t *first = md->commits[x].side ? &k->first_side : &k->first_commit;

			if (md->commits[x].side)
				k->nside++;
			else
				k->ncommits++;
			if (*first == NONE || earlier_commit(&md->commits[x], &md->commits[*first]))
				*first = x;
		}
	}
	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		if (!m->present || m->date == NODATE)
			continue;
		if (md->mail_first == NODATE || m->date < md->mail_first)
			md->mail_first = m->date;
		if (md->mail_last == NODATE || m->date > md->mail_last)
			md->mail_last = m->date;
	}

	/* A series sent without threading is one thread. */
	cover = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *cover);
	for (size_t i = 0; i < md->nmails; i++)
		cover[i] = NONE;
	join_unthreaded(md, cover);

	/*
	 * Per thread: how many mails, and the mails that may answer a patch:
	 * not bots (can_answer() leaves out the series' own patches and
	 * cover letters; another person's patch in the thread, a counter
	 * proposal, is an answer).  They are listed by date, then id, so
	 * that the first at or after a date is the earliest response,
	 * whatever the order of the rows.
	 */
	md->th = xcalloc(md->nmails ? md->nmails : 1, sizeof *md->th);
	for (size_t i = 0; i < md->nmails; i++)
		md->th[i].resp = NONE;
	{
		struct rkey *v = xreallocarray(NULL, md->nmails ? md->nmails : 1, sizeof *v);
		size_t n = 0;

		for (size_t i = 0; i < md->nmails; i++) {
			struct mail *m = &md->mails[i];
			uint32_t root;

			if (!m->present)
				continue;
			root = uf_find(&md->threads, (uint32_t)i);
			md->th[root].nmails++;
			if (m->type == MT_BOT)
				continue;
			v[n].root = root;
			v[n++].mail = (uint32_t)i;
		}
		if (n) {
			rkey_md = md;
			qsort(v, n, sizeof *v, cmp_rkey);
		}
		for (size_t i = n; i-- > 0;) {
			md->mails[v[i].mail].rnext = md->th[v[i].root].resp;
			md->th[v[i].root].resp = v[i].mail;
		}
		/*
		 * The patches, for the new versions sent into a thread
		 * (withdrawal()): by thread, date and id, each with its title.
		 */
		n = 0;
		for (size_t i = 0; i < md->nmails; i++) {
			struct mail *m = &md->mails[i];

			/* A cover letter's title too: a posting's (versions.c). */
			if (m->present && m->type == MT_COVER)
				m->ntitle = title_words(md, m->subject);
			if (!m->present || m->type != MT_PATCH)
				continue;
			m->ntitle = title_words(md, m->subject);
			v[n].root = uf_find(&md->threads, (uint32_t)i);
			v[n++].mail = (uint32_t)i;
		}
		md->vp = sorted_rkeys(md, v, n);
		md->nvp = n;
		quoted_titles(md);
		/* The withdrawals, few: kept apart, in the same order. */
		n = 0;
		for (size_t i = 0; i < md->nmails; i++)
			if (md->mails[i].present && md->mails[i].withdraw) {
				v[n].root = uf_find(&md->threads, (uint32_t)i);
				v[n++].mail = (uint32_t)i;
			}
		md->wd = sorted_rkeys(md, v, n);
		md->nwd = n;
		free(v);
	}
	/* Citations by the cited mail's thread, once each; of mails present. */
	if (md->ncpairs) {
		size_t n = 0;

		cite_replies(md);

		for (size_t i = 0; i < md->ncpairs; i++) {
			const struct rkey *k = &md->cpairs[i];

			if (!md->mails[k->root].present || !md->mails[k->mail].present ||
			    md->mails[k->mail].type == MT_BOT)
				continue;
			md->cpairs[n].root = uf_find(&md->threads, k->root);
			md->cpairs[n++].mail = k->mail;
		}
		md->ct = sorted_rkeys(md, md->cpairs, n);
		md->nct = n;
		if (n) {
			size_t k = 0;

			for (size_t i = 1; i < n; i++)
				if (md->ct[i].root != md->ct[k].root || md->ct[i].mail != md->ct[k].mail)
					md->ct[++k] = md->ct[i];
			md->nct = k + 1;
		}
	}
	free(md->cpairs);
	md->cpairs = NULL;
	md->ncpairs = md->capcpairs = 0;
	rfc_covers(md, cover);
	free(cover);
	split_commits(md);
	sender_index(md);
	find_foreign(md);
	maint_finish(md);
}
