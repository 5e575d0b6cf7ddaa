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

#include "ptreport.h"
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
}

void
model_free(struct model *md)
{
	free(md->m);
	free(md->c);
	free(md->k);
	free(md->t);
	free(md->th);
	free(md->mark);
	free(md->wd);
	free(md->mp);
	for (size_t i = 0; i < md->nms; i++)
		free(md->ms[i]->e);
	free(md->ms);
	hmap_free(&md->msectid);
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
	hmap_free(&md->paths);
	strpool_free(&md->pool);
	arena_free(&md->mem);
}

struct mail *
mail_by_id(const struct model *md, const char *id, size_t n)
{
	struct hent *e = hmap_get(&md->mailid, id, n);

	return e ? &md->m[(uintptr_t)e->val - 1] : NULL;
}

struct commit *
commit_by_id(const struct model *md, const char *id, size_t n)
{
	struct hent *e = hmap_get(&md->commitid, id, n);

	return e ? &md->c[(uintptr_t)e->val - 1] : NULL;
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
	if (md->nm == md->capm) {
		md->capm = md->capm ? 2 * md->capm : 1024;
		md->m = xreallocarray(md->m, md->capm, sizeof *md->m);
	}
	m = &md->m[md->nm];
	memset(m, 0, sizeof *m);
	m->id = key;
	m->from = m->name = m->who = m->subject = m->lists = "";
	m->date = NODATE;
	m->parent = m->cluster = m->cnext = m->rnext = m->fresp = NONE;
	m->uf = (uint32_t)md->nm;
	e->val = (void *)(uintptr_t)(md->nm + 1);
	return (uint32_t)md->nm++;
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
	if (md->nc == md->capc) {
		md->capc = md->capc ? 2 * md->capc : 1024;
		md->c = xreallocarray(md->c, md->capc, sizeof *md->c);
	}
	c = &md->c[md->nc];
	memset(c, 0, sizeof *c);
	c->id = key;
	c->author = c->committer = c->subject = c->links = "";
	c->date = c->cdate = NODATE;
	c->cluster = c->cnext = NONE;
	e->val = (void *)(uintptr_t)(md->nc + 1);
	return (uint32_t)md->nc++;
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
	if (md->nk == md->capk) {
		md->capk = md->capk ? 2 * md->capk : 1024;
		md->k = xreallocarray(md->k, md->capk, sizeof *md->k);
	}
	k = &md->k[md->nk];
	memset(k, 0, sizeof *k);
	k->name = key;
	k->mail = k->commit = k->first_commit = NONE;
	e->val = (void *)(uintptr_t)(md->nk + 1);
	return (uint32_t)md->nk++;
}

static uint32_t
uf_find(struct mail *m, uint32_t x)
{
	while (m[x].uf != x) {
		m[x].uf = m[m[x].uf].uf;
		x = m[x].uf;
	}
	return x;
}

static void
uf_union(struct mail *m, uint32_t a, uint32_t b)
{
	a = uf_find(m, a);
	b = uf_find(m, b);
	/* The smaller index wins: the same roots whatever the row order. */
	if (a < b)
		m[b].uf = a;
	else if (b < a)
		m[a].uf = b;
}

uint32_t
thread_of(struct model *md, uint32_t mi)
{
	return uf_find(md->m, mi);
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

/* Is w[0..k) one of the space or comma separated words of s[0..n)? */
static int
has_wordn(const char *s, size_t n, const char *w, size_t k)
{
	for (size_t i = 0; k && i + k <= n; i++)
		if ((i == 0 || s[i - 1] == ',' || s[i - 1] == ' ') &&
		    !memcmp(s + i, w, k) && (i + k == n || s[i + k] == ',' || s[i + k] == ' '))
			return 1;
	return 0;
}

static int
has_word(const char *s, size_t n, const char *w)
{
	return has_wordn(s, n, w, strlen(w));
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

static const char *
intern_lower(struct model *md, const char *s, size_t n)
{
	char buf[256];
	char *p;
	const char *r;

	if (!n)
		return intern(&md->pool, "", 0);
	p = n < sizeof buf ? buf : xmalloc(n + 1);
	for (size_t i = 0; i < n; i++)
		p[i] = (char)tolower((unsigned char)s[i]);
	r = intern(&md->pool, p, n);
	if (p != buf)
		free(p);
	return r;
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
			a = intern_lower(md, s, k);
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

static void
load_mails(struct model *md, struct tsv_reader *r)
{
	int cid = tsv_need(r, "id"), cdate = tsv_need(r, "date"),
	    cfrom = tsv_need(r, "from_addr"), ctype = tsv_need(r, "type"),
	    cirt = tsv_need(r, "in_reply_to"), cname = tsv_col(r, "from_name"),
	    csubj = tsv_col(r, "subject"), clist = tsv_col(r, "list"),
	    crefs = tsv_col(r, "references"), cflags = tsv_col(r, "flags"),
	    ctotal = tsv_col(r, "total"), cto = tsv_col(r, "to"), ccc = tsv_col(r, "cc");
	int got, use;

	md->has_mails = 1;
	if (cto >= 0 || ccc >= 0)
		md->has_rcpt = 1;
	while ((got = tsv_read(r)) != 0) {
		const char *s, *p;
		size_t n;
		uint32_t mi, last = NONE;
		struct mail *m;
		long total;
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
		m = &md->m[mi];
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
		s = fld(r, cfrom, &n);
		m->from = intern_lower(md, s, n);
		m->name = keep(md, r, cname);
		m->who = intern_lower(md, m->name, strlen(m->name));
		m->subject = keep(md, r, csubj);
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
		s = fld(r, ctotal, &n);
		m->total = n && parse_long(s, 0, 1000000, &total) == 0 ? (uint32_t)total : 0;

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
				uf_union(md->m, mi, last);
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
				uf_union(md->m, mi, last);
			}
		}
		md->m[mi].parent = last;
	}
}

static void
load_commits(struct model *md, struct tsv_reader *r)
{
	int cid = tsv_need(r, "id"), cdate = tsv_need(r, "date"),
	    ccd = tsv_need(r, "commit_date"), cfrom = tsv_col(r, "from_addr"),
	    ccom = tsv_col(r, "committer_addr"), ctitle = tsv_col(r, "title"),
	    csubj = tsv_col(r, "subject"), clinks = tsv_col(r, "links"),
	    ctype = tsv_col(r, "type"), cflags = tsv_col(r, "flags");
	int got, use;

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
		/* commit_node may move md->c: the index first, then the pointer. */
		x = commit_node(md, r->f[cid].s, r->f[cid].len);
		c = &md->c[x];
		if (c->present)
			continue;
		c->present = 1;
		c->date = adate;
		c->cdate = cmdate;
		s = fld(r, cfrom, &n);
		c->author = intern_lower(md, s, n);
		s = fld(r, ccom, &n);
		c->committer = intern_lower(md, s, n);
		c->subject = keep(md, r, ctitle >= 0 ? ctitle : csubj);
		c->links = keep(md, r, clinks);
		s = fld(r, ctype, &n);
		c->skip = (n == 5 && !memcmp(s, "merge", 5)) || (n == 4 && !memcmp(s, "root", 4));
		s = fld(r, cflags, &n);
		c->damaged = (unsigned char)has_word(s, n, "damaged");
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
			m = &md->m[x];
			if (m->cluster != NONE) {
				if (m->cluster != ki) {
					warnx("%s:%lu: mail %s is in clusters %s and %s; first kept",
					    r->name, r->lineno, m->id, md->k[m->cluster].name,
					    md->k[ki].name);
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
			k = &md->k[ki];
			m->cluster = ki;
			m->cnext = k->mail;
			k->mail = x;
			k->nmails++;
		} else if (!strcmp(r->f[ckind].s, "commit")) {
			struct commit *c;

			x = commit_node(md, r->f[cid].s, r->f[cid].len);
			c = &md->c[x];
			if (c->cluster != NONE) {
				if (c->cluster != ki) {
					warnx("%s:%lu: commit %s is in clusters %s and %s; first kept",
					    r->name, r->lineno, c->id, md->k[c->cluster].name,
					    md->k[ki].name);
					md->nbad++;
				}
				continue;
			}
			if (!c->present) {
				c->cdate = date;
				if (!*c->subject)
					c->subject = keep(md, r, ctitle);
			}
			k = &md->k[ki];
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

static void
add_path(struct model *md, const char *p, size_t n)
{
	int isnew;
	struct hent *e = hmap_put(&md->paths, p, n, &isnew);

	if (isnew)
		e->key = intern(&md->pool, p, n);
}

/*
 * A patch table (patchtok): the commits' files are the repository's
 * paths, with their folders so that a patch adding a file next to
 * others is still for the project; the mails' files are kept to be
 * checked against them.
 */
static void
load_patches(struct model *md, struct tsv_reader *r)
{
	int cid = tsv_need(r, "id"), ckind = tsv_need(r, "kind"),
	    cfiles = tsv_need(r, "files");
	int got;

	while ((got = tsv_read(r)) != 0) {
		const char *s = r->f[cfiles].s, *end = s + r->f[cfiles].len;

		if (got < 0) {
			md->nbad++;
			if (got == -2)
				break;
			continue;
		}
		if (!strcmp(r->f[ckind].s, "mail") && r->f[cid].len) {
			/* mail_node may move md->m: the index first, then the pointer. */
			uint32_t x = mail_node(md, r->f[cid].s, r->f[cid].len);
			struct mail *m = &md->m[x];

			if (!m->files)
				m->files = arena_strndup(&md->mem, s, r->f[cfiles].len);
			continue;
		}
		if (strcmp(r->f[ckind].s, "commit"))
			continue;
		md->has_paths = 1;
		while (s < end) {
			const char *nl = memchr(s, '\n', (size_t)(end - s));
			size_t n = (size_t)((nl ? nl : end) - s);
			const char *slash = n ? last_slash(s, n) : NULL;

			if (n)
				add_path(md, s, n);
			if (slash && slash > s)
				add_path(md, s, (size_t)(slash - s + 1));
			s += n + 1;
		}
	}
}

/*
 * Does path p[0..n) belong to the project: a path of the repository, a
 * file in one of its folders, or (with thread paths) a file another
 * patch for the project in the same thread touches, such as the new file
 * that patch 1/N of a series creates and 2/N changes?
 */
static int
path_known(const struct model *md, const struct hmap *tp, uint32_t root,
    const char *p, size_t n, struct buf *key)
{
	const char *slash = n ? last_slash(p, n) : NULL;

	if (!n)
		return 0;
	if (hmap_get(&md->paths, p, n) ||
	    (slash && slash > p && hmap_get(&md->paths, p, (size_t)(slash - p + 1))))
		return 1;
	if (!tp)
		return 0;
	buf_reset(key);
	buf_add(key, &root, sizeof root);
	buf_add(key, p, n);
	return hmap_get(tp, key->p, key->len) != NULL;
}

/*
 * Which patch mails touch nothing of the repository: another project's
 * patches sent to the same list.  Known only with a patch table of
 * commits (the repository's paths) and of mails (their files).
 */
static void
find_foreign(struct model *md)
{
	struct hmap tp = HMAP_INIT;
	struct buf key = BUF_INIT;

	if (!md->has_paths)
		return;
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < md->nm; i++) {
			struct mail *m = &md->m[i];
			uint32_t root;
			const char *s, *end;
			int known = 0;

			if (!m->present || m->type != MT_PATCH || !m->files)
				continue;
			if (pass == 1 && !m->foreign)
				continue;
			root = uf_find(md->m, (uint32_t)i);
			for (s = m->files, end = s + strlen(s); s < end && !known;) {
				const char *nl = memchr(s, '\n', (size_t)(end - s));
				size_t n = (size_t)((nl ? nl : end) - s);

				known = path_known(md, pass ? &tp : NULL, root, s, n, &key);
				s += n + 1;
			}
			m->foreign = !known;
			if (pass || !known)
				continue;
			for (s = m->files; s < end;) {
				const char *nl = memchr(s, '\n', (size_t)(end - s));
				size_t n = (size_t)((nl ? nl : end) - s);
				int isnew;
				struct hent *e;

				buf_reset(&key);
				buf_add(&key, &root, sizeof root);
				buf_add(&key, s, n);
				e = hmap_put(&tp, key.p, key.len, &isnew);
				if (isnew)
					e->key = arena_strndup(&md->mem, key.p, key.len);
				s += n + 1;
			}
		}
	}
	hmap_free(&tp);
	buf_free(&key);
}

static void
load_tags(struct model *md, struct tsv_reader *r)
{
	int ctag = tsv_need(r, "tag"), cdate = tsv_need(r, "date"),
	    ctd = tsv_col(r, "tag_date");
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
		md->t = xreallocarray(md->t, md->nt + 1, sizeof *md->t);
		t = &md->t[md->nt++];
		t->name = intern(&md->pool, r->f[ctag].s, r->f[ctag].len);
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
	md->ms = xreallocarray(md->ms, md->nms + 1, sizeof *md->ms);
	md->ms[md->nms] = ms;
	e->val = (void *)(uintptr_t)(md->nms + 1);
	return (uint32_t)md->nms++;
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
		ms = md->ms[si];
		if (*role && r->f[caddr].len) {
			int have = 0;

			addr = intern_lower(md, r->f[caddr].s, r->f[caddr].len);
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
				s = fld(r, cname, &n);
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

			if (md->nmp && md->mp[md->nmp - 1].id == id && md->mp[md->nmp - 1].sect == si)
				continue;
			if (md->nmp == md->capmp) {
				md->capmp = md->capmp ? 2 * md->capmp : 1024;
				md->mp = xreallocarray(md->mp, md->capmp, sizeof *md->mp);
			}
			md->mp[md->nmp].id = id;
			md->mp[md->nmp].sect = si;
			md->mp[md->nmp++].mail = NONE;
		}
	}
	buf_free(&key);
}

int
model_load(struct model *md, const char *path)
{
	struct tsv_reader r;

	if (tsv_open(&r, path) < 0)
		return -1;
	if (r.empty) {
		tsv_close(&r);
		return 0;
	}
	if (tsv_col(&r, "cluster") >= 0 && tsv_col(&r, "kind") >= 0)
		load_clusters(md, &r);
	else if (tsv_col(&r, "tag") >= 0)
		load_tags(md, &r);
	else if (tsv_col(&r, "commit_date") >= 0)
		load_commits(md, &r);
	else if (tsv_col(&r, "in_reply_to") >= 0)
		load_mails(md, &r);
	else if (tsv_col(&r, "kind") >= 0 && tsv_col(&r, "files") >= 0)
		load_patches(md, &r);
	else if (tsv_col(&r, "version") >= 0 && tsv_col(&r, "section") >= 0 &&
	    tsv_col(&r, "role") >= 0 && tsv_col(&r, "responsible") >= 0)
		load_maint(md, &r);
	else {
		warnx("%s: not a table ptreport reads: clusters (ptcluster), mails "
		    "(mbox2tsv), commits or tags (git2tsv), patches (patchtok), "
		    "maintainers (ptmaint)", r.name);
		tsv_close(&r);
		return -1;
	}
	tsv_close(&r);
	return 0;
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

static int
cmp_rkey(const void *a, const void *b)
{
	const struct rkey *x = a, *y = b;
	const struct mail *p, *q;

	if (x->root != y->root)
		return x->root < y->root ? -1 : 1;
	p = &rkey_md->m[x->mail];
	q = &rkey_md->m[y->mail];
	if (p->date != q->date)
		return p->date < q->date ? -1 : 1;
	return strcmp(p->id, q->id);
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

	for (size_t i = 0; i < md->nmp; i++) {
		struct hent *e = hmap_get(&md->mailid, md->mp[i].id, strlen(md->mp[i].id));
		const struct mail *m;

		if (!e)
			continue;
		m = &md->m[(uintptr_t)e->val - 1];
		if (!m->present || m->type != MT_PATCH)
			continue;
		md->mp[n] = md->mp[i];
		md->mp[n++].mail = (uint32_t)((uintptr_t)e->val - 1);
	}
	if (n)
		qsort(md->mp, n, sizeof *md->mp, cmp_mpair);
	for (size_t i = 0; i < n;) {
		size_t j = i, k = 0;
		struct mail *m = &md->m[md->mp[i].mail];

		while (j < n && md->mp[j].mail == md->mp[i].mail)
			j++;
		m->sect = arena_alloc(&md->mem, (j - i) * sizeof *m->sect);
		for (size_t x = i; x < j; x++)
			if (x == i || md->mp[x].sect != md->mp[x - 1].sect)
				m->sect[k++] = md->ms[md->mp[x].sect];
		m->nsect = (uint32_t)k;
		i = j;
	}
	free(md->mp);
	md->mp = NULL;
	md->nmp = md->capmp = 0;
}

void
model_finish(struct model *md)
{
	for (size_t i = 0; i < md->nk; i++) {
		struct cluster *k = &md->k[i];

		for (uint32_t x = k->commit; x != NONE; x = md->c[x].cnext)
			if (k->first_commit == NONE ||
			    earlier_commit(&md->c[x], &md->c[k->first_commit]))
				k->first_commit = x;
	}
	for (size_t i = 0; i < md->nm; i++) {
		const struct mail *m = &md->m[i];

		if (!m->present || m->date == NODATE)
			continue;
		if (md->mail_first == NODATE || m->date < md->mail_first)
			md->mail_first = m->date;
		if (md->mail_last == NODATE || m->date > md->mail_last)
			md->mail_last = m->date;
	}

	/*
	 * Per thread: how many mails, and the mails that may answer a patch:
	 * not the series' own patches and cover letters, not bots.  They are
	 * listed by date, then id, so that the first at or after a date is
	 * the earliest response, whatever the order of the rows.
	 */
	md->th = xcalloc(md->nm ? md->nm : 1, sizeof *md->th);
	for (size_t i = 0; i < md->nm; i++)
		md->th[i].resp = NONE;
	{
		struct rkey *v = xreallocarray(NULL, md->nm ? md->nm : 1, sizeof *v);
		size_t n = 0;

		for (size_t i = 0; i < md->nm; i++) {
			struct mail *m = &md->m[i];
			uint32_t root;

			if (!m->present)
				continue;
			root = uf_find(md->m, (uint32_t)i);
			md->th[root].nmails++;
			if (m->type == MT_PATCH || m->type == MT_COVER || m->type == MT_BOT)
				continue;
			v[n].root = root;
			v[n++].mail = (uint32_t)i;
		}
		if (n) {
			rkey_md = md;
			qsort(v, n, sizeof *v, cmp_rkey);
		}
		for (size_t i = n; i-- > 0;) {
			md->m[v[i].mail].rnext = md->th[v[i].root].resp;
			md->th[v[i].root].resp = v[i].mail;
		}
		/* The withdrawals, few: kept apart, in the same order. */
		n = 0;
		for (size_t i = 0; i < md->nm; i++)
			if (md->m[i].present && md->m[i].withdraw) {
				v[n].root = uf_find(md->m, (uint32_t)i);
				v[n++].mail = (uint32_t)i;
			}
		if (n) {
			rkey_md = md;
			qsort(v, n, sizeof *v, cmp_rkey);
			md->wd = xreallocarray(NULL, n, sizeof *md->wd);
			memcpy(md->wd, v, n * sizeof *v);
			md->nwd = n;
		}
		free(v);
	}
	find_foreign(md);
	maint_finish(md);
}
