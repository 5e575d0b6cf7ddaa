/*
 * feed.c - the waiting queue and the changes as Atom feeds (RFC 4287),
 * for a feed reader: waiting.atom holds an entry per patch waiting for a
 * reply, changes.atom one per change of the changes log (this run's on
 * top), newest first.
 *
 * An entry's id is a UUID made from what it is (the Message-ID or
 * commit, and for a change the change and its date), so it stays the
 * same from run to run and a reader shows each once; updated is when
 * the patch entered its state.  Every text from a mail goes through
 * text_inert() (one line, no controls, no hidden reordering) and is
 * escaped for XML; links come from the -M and -C templates.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "report.h"
#include "text.h"
#include "util.h"

/* XML text or attribute value: & < > " ' as references. */
static void
xml(FILE *fp, const char *s, size_t n)
{
	struct buf b = BUF_INIT;

	text_inert(&b, s, n);
	for (size_t i = 0; i < b.len; i++)
		switch (b.p[i]) {
		case '&': fputs("&amp;", fp); break;
		case '<': fputs("&lt;", fp); break;
		case '>': fputs("&gt;", fp); break;
		case '"': fputs("&quot;", fp); break;
		case '\'': fputs("&#39;", fp); break;
		default: fputc(b.p[i], fp); break;
		}
	buf_free(&b);
}

static void
xmls(FILE *fp, const char *s)
{
	xml(fp, s, strlen(s));
}

/* urn:uuid: of key (the same key, the same id; a version 8 UUID, RFC 9562). */
static void
uuid_of(FILE *fp, const char *key)
{
	struct buf b = BUF_INIT;
	uint64_t h1, h2;

	h1 = hash_bytes(key, strlen(key));
	buf_addf(&b, "%s\n%016llx", key, (unsigned long long)h1);
	h2 = hash_bytes(b.p, b.len);
	h1 = (h1 & ~0xf000ULL) | 0x8000ULL;
	h2 = (h2 & ~(3ULL << 62)) | (2ULL << 62);
	fprintf(fp, "urn:uuid:%08llx-%04llx-%04llx-%04llx-%012llx",
	    (unsigned long long)(h1 >> 32), (unsigned long long)(h1 >> 16 & 0xffff),
	    (unsigned long long)(h1 & 0xffff), (unsigned long long)(h2 >> 48),
	    (unsigned long long)(h2 & 0xffffffffffffULL));
	buf_free(&b);
}

static void
stamp(FILE *fp, const char *tag, int64_t t)
{
	char d[21];

	iso_utc(d, t == NODATE ? 0 : t);
	fprintf(fp, "<%s>%s</%s>\n", tag, d, tag);
}

static void
feed_open(FILE *fp, const struct ropts *o, const char *what, int64_t updated)
{
	struct buf key = BUF_INIT;
	const char *title = o->title ? o->title : "patchtrack";

	buf_addf(&key, "patchtrack feed\n%s\n%s", title, what);
	fputs("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
	    "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<id>", fp);
	uuid_of(fp, key.p);
	fputs("</id>\n<title>", fp);
	xmls(fp, title);
	fputs(": ", fp);
	xmls(fp, what);
	fputs("</title>\n", fp);
	stamp(fp, "updated", updated);
	fputs("<author><name>patchtrack</name></author>\n", fp);
	fprintf(fp, "<generator version=\"%s\">ptreport</generator>\n", PT_VERSION);
	buf_free(&key);
}

struct fentry {
	const char *key;         /* what makes its id */
	const char *title, *title2; /* "title2: title" when title2 */
	const char *name, *addr; /* its author */
	int64_t updated;
	const char *mail;        /* a Message-ID to link, or NULL */
	const char *commit;      /* a commit to link, or NULL */
	const char *summary;
};

static void
entry(FILE *fp, const struct ropts *o, const struct fentry *e)
{
	struct buf u = BUF_INIT;

	fputs("<entry>\n<id>", fp);
	uuid_of(fp, e->key);
	fputs("</id>\n<title>", fp);
	if (e->title2) {
		xmls(fp, e->title2);
		fputs(": ", fp);
	}
	xmls(fp, e->title);
	fputs("</title>\n", fp);
	stamp(fp, "updated", e->updated);
	fputs("<author><name>", fp);
	xmls(fp, e->name && *e->name ? e->name : e->addr && *e->addr ? e->addr : "unknown");
	fputs("</name>", fp);
	if (e->addr && *e->addr && strchr(e->addr, '@')) {
		fputs("<email>", fp);
		xmls(fp, e->addr);
		fputs("</email>", fp);
	}
	fputs("</author>\n", fp);
	if (e->mail && o->mail_url && *o->mail_url)
		url_expand(&u, o->mail_url, e->mail);
	else if (e->commit && o->commit_url && *o->commit_url)
		url_expand(&u, o->commit_url, e->commit);
	if (u.len) {
		fputs("<link rel=\"alternate\" href=\"", fp);
		xml(fp, u.p, u.len);
		fputs("\"/>\n", fp);
	}
	fputs("<summary>", fp);
	xmls(fp, e->summary ? e->summary : "");
	fputs("</summary>\n</entry>\n", fp);
	buf_free(&u);
}

int
report_waiting_feed(struct model *md, const struct ropts *o)
{
	struct wait *v;
	size_t n;
	int64_t upd = run_date(md);
	struct buf key = BUF_INIT, sum = BUF_INIT, mt = BUF_INIT;

	need(md, 1, 0, 1, "waiting feed");
	n = waiting_list(md, o, &v);
	/* One person's queue (--for): a feed of its own, its id too. */
	buf_addstr(&key, "waiting for a reply");
	if (o->who)
		buf_addf(&key, ", for %s", o->who);
	feed_open(o->fp, o, key.p, upd);
	/* Newest first, as readers show them. */
	for (size_t i = n; i-- > 0;) {
		const struct mail *m = &md->mails[v[i].mail];
		struct fentry e;

		buf_reset(&key);
		buf_addf(&key, "waiting\n%s", m->id);
		buf_reset(&sum);
		buf_addstr(&sum, "Waiting for a reply: ");
		waiting_age_text(&v[i], &sum);
		buf_addf(&sum, ".  List: %s.", *m->lists ? m->lists : "none named");
		buf_reset(&mt);
		if (maint_text(m, &mt))
			buf_addf(&sum, "  Maintainers: %s.", mt.p);
		memset(&e, 0, sizeof e);
		e.key = key.p;
		e.title = m->subject;
		e.name = m->name;
		e.addr = m->from;
		e.updated = m->date;
		e.mail = m->id;
		e.summary = sum.p;
		entry(o->fp, o, &e);
	}
	fputs("</feed>\n", o->fp);
	free(v);
	buf_free(&key);
	buf_free(&sum);
	buf_free(&mt);
	return 0;
}

struct feedarg {
	FILE *fp;
	const struct ropts *o;
	size_t n;
};

/* One row of the changes log (its columns: tables.c) as an entry. */
static void
log_entry(const char *const *f, const size_t *len, void *arg)
{
	struct feedarg *a = arg;
	struct buf key = BUF_INIT, sum = BUF_INIT;
	struct fentry e;
	int64_t t = NODATE;
	int commit = !strcmp(f[2], KIND_COMMIT);

	(void)len;
	if (a->n >= FEED_MAX)
		return;
	a->n++;
	iso_parse(f[4], &t);
	buf_addf(&key, "change\n%s\n%s\n%s\n%s", f[1], f[2], f[3], f[4]);
	buf_addf(&sum, "%s %s", commit ? "Commit" : "Patch", f[1]);
	if (*f[9])
		buf_addf(&sum, ": %s", f[9]);
	if (*f[8])
		buf_addf(&sum, ".  List: %s", f[8]);
	buf_addc(&sum, '.');
	memset(&e, 0, sizeof e);
	e.key = key.p;
	e.title2 = f[1];
	e.title = f[5];
	e.name = f[7];
	e.addr = f[6];
	e.updated = t;
	e.mail = commit ? NULL : f[3];
	e.commit = commit ? f[3] : NULL;
	e.summary = sum.p;
	entry(a->fp, a->o, &e);
	buf_free(&key);
	buf_free(&sum);
}

int
report_changes_feed(struct model *md, const struct ropts *o)
{
	struct feedarg a = { o->fp, o, 0 };
	int rc;

	need(md, 1, 0, 1, "changes feed");
	feed_open(o->fp, o, "changes", run_date(md));
	/* 1 when the earlier log had rows it could not take (named). */
	rc = changelog_each(md, o, log_entry, &a);
	fputs("</feed>\n", o->fp);
	return rc;
}
