/*
 * digest.c - the morning's mail: one RFC 5322 message, plain text in
 * UTF-8, that `sendmail -t` can send or a list can receive.  Per list,
 * the patches waiting for a reply, oldest first; with MAINTAINERS, what
 * waits on each maintainer; then what changed since the run before; each
 * with its archive link.  Nothing is sent here.
 *
 * The headers are ours alone: From and To come from --from and --to
 * (refused when they hold a control character), the Subject from -T, the
 * Date is the run's (the archive's latest mail: the same tables, the
 * same bytes).  Every text of a mail is one line through text_inert(),
 * written indented in the body: a subject carrying a newline and
 * "Bcc:", or a MIME boundary, stays body text.  Lines are at most
 * DIGEST_WIDTH bytes, but a link longer than that (a long Message-ID),
 * which is never cut.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "report.h"
#include "text.h"
#include "util.h"

#define DIGEST_WIDTH 78
#define DIGEST_FROM "patchtrack <patchtrack@localhost>"
#define DIGEST_TO "undisclosed-recipients:;"

int
header_value_ok(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			return 0;
	return 1;
}

/*
 * Words of text (already inert) after indent, wrapped at DIGEST_WIDTH;
 * a word longer than a line is cut at a character's start.
 */
static void
wrap(FILE *fp, const char *indent, const char *s)
{
	size_t in = strlen(indent), col = 0;

	while (*s) {
		size_t k;

		while (*s == ' ')
			s++;
		if (!*s)
			break;
		k = strcspn(s, " ");
		if (k > DIGEST_WIDTH - in) {
			/* A word longer than a line: cut at a character's start. */
			k = DIGEST_WIDTH - in - (col ? col + 1 : 0);
			if ((ssize_t)k <= 0) {
				fputc('\n', fp);
				col = 0;
				continue;
			}
			while (k && ((unsigned char)s[k] & 0xc0) == 0x80)
				k--;
		}
		if (col && in + col + 1 + k > DIGEST_WIDTH) {
			fputc('\n', fp);
			col = 0;
		}
		if (!col)
			fputs(indent, fp);
		else {
			fputc(' ', fp);
			col++;
		}
		fwrite(s, 1, k, fp);
		col += k;
		s += k;
	}
	if (col)
		fputc('\n', fp);
}

/* text (from a mail) as inert wrapped lines. */
static void
say(FILE *fp, const char *indent, const char *text)
{
	struct buf b = BUF_INIT;

	text_inert(&b, text, strlen(text));
	wrap(fp, indent, b.p ? b.p : "");
	buf_free(&b);
}

static void
link_line(FILE *fp, const char *tmpl, const char *id)
{
	struct buf b = BUF_INIT;

	if (!tmpl || !*tmpl || !id || !*id)
		return;
	url_expand(&b, tmpl, id);
	fprintf(fp, "    %s\n", b.p);
	buf_free(&b);
}

/* A header's value, RFC 2047 encoded words where it is not ASCII. */
static void
header(FILE *fp, const char *name, const char *value)
{
	static const char b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	struct buf v = BUF_INIT;
	int ascii = 1;

	text_inert(&v, value, strlen(value));
	for (size_t i = 0; i < v.len; i++)
		if ((unsigned char)v.p[i] >= 0x80)
			ascii = 0;
	fprintf(fp, "%s: ", name);
	if (ascii) {
		/* Folded at a blank before a line would pass DIGEST_WIDTH. */
		size_t col = strlen(name) + 2, i = 0;

		while (i < v.len) {
			size_t k = i + 1;

			while (k < v.len && v.p[k] != ' ')
				k++;
			if (i && col + (k - i) > DIGEST_WIDTH) {
				fputs("\n", fp);
				col = 0;
			}
			fwrite(v.p + i, 1, k - i, fp);
			col += k - i;
			i = k;
		}
	} else {
		/* Words of at most 45 bytes (60 of base64), cut at a character's start. */
		for (size_t i = 0; i < v.len;) {
			size_t k = v.len - i < 45 ? v.len - i : 45;

			while (i + k < v.len && k && ((unsigned char)v.p[i + k] & 0xc0) == 0x80)
				k--;
			fprintf(fp, "%s=?utf-8?b?", i ? "\n " : "");
			for (size_t j = 0; j < k; j += 3) {
				unsigned char a = (unsigned char)v.p[i + j];
				unsigned char b = j + 1 < k ? (unsigned char)v.p[i + j + 1] : 0;
				unsigned char c = j + 2 < k ? (unsigned char)v.p[i + j + 2] : 0;

				fputc(b64[a >> 2], fp);
				fputc(b64[(a & 3) << 4 | b >> 4], fp);
				fputc(j + 1 < k ? b64[(b & 15) << 2 | c >> 6] : '=', fp);
				fputc(j + 2 < k ? b64[c & 63] : '=', fp);
			}
			fputs("?=", fp);
			i += k;
		}
	}
	fputc('\n', fp);
	buf_free(&v);
}

static void
rfc5322_date(FILE *fp, int64_t t)
{
	static const char *const wd[] = { "Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed" };
	static const char *const mon[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul",
		"Aug", "Sep", "Oct", "Nov", "Dec" };
	int64_t y;
	int m, d, s;

	if (t == NODATE)
		t = 0;
	utc_civil(t, &y, &m, &d, &s);
	fprintf(fp, "Date: %s, %02d %s %04lld %02d:%02d:%02d +0000\n",
	    wd[((t >= 0 ? t / DAY : (t - DAY + 1) / DAY) % 7 + 7) % 7], d, mon[m - 1],
	    (long long)y, s / 3600, s / 60 % 60, s % 60);
}

static int
cmp_wait_list(const void *a, const void *b)
{
	const struct wait *x = a, *y = b;
	int c = strcmp(x->list, y->list);

	return c ? c : cmp_date_id(sort_md, x->mail, y->mail);
}

/* One maintainer's waiting patch: his address, the patch's place in the queue. */
struct onwho {
	const char *addr;
	size_t w;
};

static const struct wait *sort_wait;

/* By address, then the longest waiting first, then date and id. */
static int
cmp_onwho(const void *a, const void *b)
{
	const struct onwho *x = a, *y = b;
	const struct wait *p = &sort_wait[x->w], *q = &sort_wait[y->w];
	int c = strcmp(x->addr, y->addr);

	if (c)
		return c;
	if (p->age != q->age)
		return p->age > q->age ? -1 : 1;
	return cmp_date_id(sort_md, p->mail, q->mail);
}

/*
 * With MAINTAINERS: a section per maintainer (M and R people of the
 * sections the patches touch), what waits on him, oldest first.
 */
static void
per_maintainer(FILE *fp, struct model *md, const struct ropts *o, const struct wait *v,
    size_t n)
{
	struct onwho *p = NULL;
	size_t np = 0, cap = 0;
	const char **mr = NULL;
	struct buf b = BUF_INIT;
	char d[21];

	for (size_t i = 0; i < n; i++) {
		size_t k = waits_on(&md->mails[v[i].mail], &mr);

		for (size_t j = 0; j < k; j++) {
			p = xgrow(p, &cap, np, 16, sizeof *p);
			p[np].addr = mr[j];
			p[np++].w = i;
		}
	}
	free(mr);
	if (!np)
		return;
	sort_md = md;
	sort_wait = v;
	qsort(p, np, sizeof *p, cmp_onwho);
	say(fp, "", "Waiting on each maintainer (MAINTAINERS), oldest first:");
	fputc('\n', fp);
	for (size_t i = 0, j; i < np; i = j) {
		struct hent *e = hmap_get(&md->mnames, p[i].addr, strlen(p[i].addr));

		for (j = i; j < np && !strcmp(p[j].addr, p[i].addr); j++)
			;
		buf_reset(&b);
		if (e && *(const char *)e->val)
			buf_addf(&b, "%s <%s> (%zu):", (const char *)e->val, p[i].addr, j - i);
		else
			buf_addf(&b, "%s (%zu):", p[i].addr, j - i);
		say(fp, "  ", b.p);
		for (size_t k = i; k < j; k++) {
			const struct mail *m = &md->mails[v[p[k].w].mail];

			say(fp, "    ", m->subject);
			buf_reset(&b);
			iso_utc(d, m->date);
			buf_addf(&b, "%s, %.10s, waiting %.1f days", *m->name ? m->name : m->from, d,
			    (double)v[p[k].w].age / DAY);
			say(fp, "      ", b.p);
			link_line(fp, o->mail_url, m->id);
		}
		fputc('\n', fp);
	}
	buf_free(&b);
	free(p);
}

int
report_digest(struct model *md, const struct ropts *o)
{
	const struct changes *ch = changes_get(md, o);
	const char *from = o->digest_from ? o->digest_from : DIGEST_FROM;
	const char *to = o->digest_to ? o->digest_to : DIGEST_TO;
	const char *title = o->title ? o->title : "patchtrack";
	const char *at, *dom;
	FILE *fp = o->fp;
	struct wait *v;
	size_t n, i;
	struct buf b = BUF_INIT;
	char d[21];

	need(md, 1, 0, 1, "digest");
	n = waiting_list(md, o, &v);
	/* Grouped by list: a patch under the list its age is judged on, else its first. */
	for (i = 0; i < n; i++)
		if (!*v[i].list) {
			const char *l = md->mails[v[i].mail].lists;
			size_t k = strcspn(l, " ");

			v[i].list = k ? intern(&md->pool, l, k) : "(no list named)";
		}
	sort_md = md;
	if (n)
		qsort(v, n, sizeof *v, cmp_wait_list);

	if (o->fmt == OF_PRETTY)
		goto body;
	header(fp, "From", from);
	header(fp, "To", to);
	buf_addf(&b, "%s: %zu waiting for a reply, ", title, n);
	if (ch->n || ch->first || ch->failed)
		buf_addf(&b, "%zu change%s", ch->n, ch->n == 1 ? "" : "s");
	else
		buf_addf(&b, "nothing new since %.10s", *ch->lastrun ? ch->lastrun : "the first run");
	header(fp, "Subject", b.p);
	rfc5322_date(fp, run_date(md));
	at = strrchr(from, '@');
	dom = at ? at + 1 : "patchtrack.invalid";
	buf_reset(&b);
	iso_utc(d, run_date(md));
	buf_addf(&b, "%s\n%s\n%s\n%s", title, from, to, d);
	fprintf(fp, "Message-ID: <digest.%016llx.%.10s@", (unsigned long long)hash_bytes(b.p,
	    b.len), d);
	for (; *dom && *dom != '>' && *dom != ' '; dom++)
		if ((*dom >= 'a' && *dom <= 'z') || (*dom >= 'A' && *dom <= 'Z') ||
		    (*dom >= '0' && *dom <= '9') || *dom == '.' || *dom == '-')
			fputc(*dom, fp);
	fputs(">\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n"
	    "Content-Transfer-Encoding: 8bit\n\n", fp);
body:
	iso_utc(d, run_date(md));
	buf_reset(&b);
	buf_addf(&b, "What waits for a reply and what changed, as of %.10s%s%s.", d,
	    o->who ? ", for " : "", o->who ? o->who : "");
	say(fp, "", b.p);
	fputc('\n', fp);
	if (!n)
		say(fp, "", "Nothing waits for a reply.");
	for (i = 0; i < n;) {
		size_t j = i;

		while (j < n && v[j].list == v[i].list)
			j++;
		buf_reset(&b);
		buf_addf(&b, "Waiting for a reply on %s (%zu), oldest first:", v[i].list, j - i);
		say(fp, "", b.p);
		fputc('\n', fp);
		for (; i < j; i++) {
			const struct mail *m = &md->mails[v[i].mail];

			say(fp, "  ", m->subject);
			buf_reset(&b);
			iso_utc(d, m->date);
			buf_addf(&b, "%s <%s>, %.10s", *m->name ? m->name : m->from, m->from, d);
			say(fp, "    ", b.p);
			buf_reset(&b);
			buf_addf(&b, "waiting %.1f days", (double)v[i].age / DAY);
			if (v[i].share >= 0)
				buf_addf(&b, "; %.0f%% of the patches answered here are answered by "
				    "then", 100 * v[i].share);
			say(fp, "    ", b.p);
			link_line(fp, o->mail_url, m->id);
			buf_reset(&b);
			buf_addstr(&b, "maintainers: ");
			if (maint_text(m, &b))
				say(fp, "    ", b.p);
			fputc('\n', fp);
		}
	}
	if (md->has_maint)
		per_maintainer(fp, md, o, v, n);
	buf_reset(&b);
	changes_headline(md, ch, &b);
	say(fp, "", b.p);
	if (ch->n)
		fputc('\n', fp);
	for (i = 0; i < ch->n; i++) {
		const struct change *c = &ch->v[i];
		char w[21];

		iso_utc(w, c->since);
		buf_reset(&b);
		if (c->commit) {
			const struct commit *k = &md->commits[c->idx];

			say(fp, "  ", k->subject);
			buf_addf(&b, "%s %.10s: commit %.12s by %s", c->what, w, k->id, k->author);
			say(fp, "    ", b.p);
			link_line(fp, o->commit_url, k->id);
		} else {
			const struct mail *m = &md->mails[c->idx];

			say(fp, "  ", m->subject);
			buf_addf(&b, "%s %.10s: %s <%s>", c->what, w, *m->name ? m->name : m->from,
			    m->from);
			say(fp, "    ", b.p);
			link_line(fp, o->mail_url, m->id);
		}
		if (*c->detail) {
			buf_reset(&b);
			buf_addf(&b, "(%s)", c->detail);
			say(fp, "    ", b.p);
		}
		fputc('\n', fp);
	}
	if (o->fmt != OF_PRETTY)
		fputs("-- \nptreport digest (patchtrack); ptreport(1) says how each verdict is made.\n",
	    fp);
	free(v);
	buf_free(&b);
	return 0;
}
