/*
 * row.c - one raw mail in, one TSV row out (but for its flags column,
 * which the writer completes: emit.c).
 *
 * gmime parses the MIME structure and decodes transfer encodings;
 * everything that decides what the row says (author, patch boundaries,
 * type, flags) is done by mbox2tsv, after git am's rules where git has
 * one.
 */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <strings.h>

#include "cites.h"
#include "mbox2tsv.h"
#include "subject.h"
#include "text.h"
#include "tsv.h"
#include "vocab.h"

/*
 * Ids are tokens: no control bytes, valid UTF-8.  The same repair for
 * the id and for In-Reply-To and References, so that a reply still
 * names its parent's id.  Returns 1 when bytes were replaced.
 */
static int
id_tokens(struct buf *ids)
{
	for (size_t i = 0; i < ids->len; i++)
		if ((unsigned char)ids->p[i] < 0x20 || ids->p[i] == 0x7f)
			ids->p[i] = '_';
	if (utf8_valid_prefix(ids->p, ids->len) != ids->len) {
		struct buf fixed = BUF_INIT;

		utf8_repair(&fixed, ids->p, ids->len);
		buf_free(ids);
		*ids = fixed;
		return 1;
	}
	return 0;
}

/* A column of at most max ids of a header (msgids), made tokens: 1 when repaired. */
static int
ids_column(struct buf *row, struct buf *tmp, const char *raw, int max)
{
	int bad;

	buf_reset(tmp);
	msgids(tmp, raw, max);
	bad = id_tokens(tmp);
	tsv_add(row, tmp->p, tmp->len);
	tsv_sep(row);
	return bad;
}

/* The id column: Message-ID without brackets, repaired if need be. */
static void
mail_id(struct buf *id, const struct hdrs *h, const char *data, size_t len,
    unsigned *flags)
{
	struct buf v = BUF_INIT;

	if (h->nmsgid > 1)
		*flags |= FL(F_MULTIID);
	if (h->msgid) {
		if (msgids(id, h->msgid, 1) == 1 && !memchr(id->p, ' ', id->len) &&
		    id->len <= 250) {
			goto done;
		}
		buf_reset(id);
		/* No brackets: a lone word is still an id, oddly written. */
		unfold(&v, h->msgid);
		if (v.len && v.len <= 250 && !strpbrk(v.p, " \t<>")) {
			buf_add(id, v.p, v.len);
			*flags |= FL(F_ODDID);
			goto done;
		}
		*flags |= FL(F_BADID);
	} else {
		*flags |= FL(F_NOID);
	}
	/* A stable synthetic id: the same mail bytes give the same id. */
	{
		gchar *sum = g_compute_checksum_for_data(G_CHECKSUM_SHA1,
		    (const guchar *)data, len);

		buf_reset(id);
		buf_addf(id, "synthetic-%.24s@mbox2tsv.invalid", sum);
		g_free(sum);
	}
done:
	if (id_tokens(id))
		*flags |= FL(F_BADCHAR);
	buf_free(&v);
}

static void
list_name(struct buf *out, struct ctx *c, const struct hdrs *h,
    const struct mailpos *pos)
{
	if (c->o.list) {
		buf_addstr(out, c->o.list);
		return;
	}
	if (h->listid) {
		const char *p = strrchr(h->listid, '<'), *q;

		if (p && (q = strchr(p, '>')) && q > p + 1) {
			buf_add(out, p + 1, (size_t)(q - p - 1));
			lower(out->p, out->len);
			return;
		}
	}
	if (pos->archive)
		buf_addstr(out, pos->archive);
}

static void
put_int(struct buf *row, int v)
{
	if (v >= 0)
		buf_addf(row, "%d", v);
}

/* The mail parsed, or NULL when it was named on stderr and skipped. */
static GMimeObject *
mail_parse(struct ctx *c, const char *data, size_t len, const struct mailpos *pos)
{
	GMimeObject *m;

	m = parse_message(c, data, len, 0);
	if (!m) {
		/* Cut inside its header (a truncated file): end the header. */
		struct buf fixed = BUF_INIT;

		buf_add(&fixed, data, len);
		buf_addstr(&fixed, "\n\n");
		m = parse_message(c, fixed.p, fixed.len, 0);
		buf_free(&fixed);
	}
	if (!m)
		skip_mail(c, pos, "gmime could not parse it");
	return m;
}

/*
 * The date column into date: the Date header's, else the earliest
 * hop's (Received), else the From_ line's, each flagged.
 */
static void
mail_date(char date[21], const struct hdrs *h, const struct mailpos *pos, unsigned *flags)
{
	int ok;
	int64_t t;

	t = parse_date(h->date, &ok);
	if (!ok && h->recv_last) {
		const char *semi = strrchr(h->recv_last, ';');

		if (semi) {
			t = parse_date(semi + 1, &ok);
			if (ok)
				*flags |= FL(F_DATE_RECEIVED);
		}
	}
	if (!ok && pos->fromline) {
		t = fromline_date(pos->fromline, pos->fromlen, &ok);
		if (ok)
			*flags |= FL(F_DATE_FROMLINE);
	}
	if (ok)
		iso_utc(date, t);
	else
		*flags |= FL(F_NODATE);
}

/* The flags a subject's tags and the list's name give. */
static void
tag_flags(const struct subject_info *si, const struct buf *list, unsigned *flags)
{
	if (si->tags & SUBJ_RFC)
		*flags |= FL(F_RFC);
	if (si->tags & SUBJ_RESEND)
		*flags |= FL(F_RESEND);
	if (si->tags & SUBJ_STABLE)
		*flags |= FL(F_STABLE);
	if (si->tags & SUBJ_NEXT)
		*flags |= FL(F_NEXT);

	/* Lists that are stable or linux-next themselves mark their mails. */
	if (list->len && (!strncmp(list->p, "stable.", 7) || !strcmp(list->p, "stable")))
		*flags |= FL(F_STABLE);
	if (list->len && (!strncmp(list->p, "linux-next.", 11) || !strcmp(list->p, "linux-next")))
		*flags |= FL(F_NEXT);
}

/*
 * The flags of what a mail is meant for (own.c has read its own text).
 * ping: a reply (or other mail) without a patch that withdraws nothing
 * and only asks for attention, in at most PING_WORDS words that hold a
 * ping phrase, or a reply with no own words at all, only quotes (of
 * which the walk read all).  series: a mail without a patch speaking of
 * several patches of a posting.  nosub: a patch or cover letter not
 * meant to be merged, by its subject's tags, its own words, or a diff
 * of debug prints.  None of a robot's mail.
 */
#define PING_WORDS 40

static void
meant_flags(const struct analysis *a, const char *type, const struct subject_info *si,
    unsigned *flags)
{
	int reply = !strcmp(type, TYPE_REPLY), cover = !strcmp(type, TYPE_COVER);

	if (!strcmp(type, TYPE_BOT))
		return;
	if (!a->patch) {
		if ((reply || !strcmp(type, TYPE_OTHER)) && !(*flags & FL(F_WITHDRAW)) &&
		    ((a->own.words <= PING_WORDS && (a->own.says & SAYS_PING)) ||
		    (reply && !a->own.words && a->own.quotes && !a->own.cut)))
			*flags |= FL(F_PING);
		if (a->own.says & SAYS_SERIES)
			*flags |= FL(F_SERIES);
	}
	if ((a->patch || cover) && ((si->tags & SUBJ_NOSUB) || (a->own.says & SAYS_NOSUB) ||
	    analysis_debug_prints(a)))
		*flags |= FL(F_NOSUB);
}

/*
 * A mail carrying a patch with no [PATCH] tag that its sender marked for
 * patchwork to pass by ("X-Patchwork-Hint: ignore"): no posting of it.
 * A maintainer's script says so on its notices that it applied a patch
 * ('Applied "ASoC: foo: fix bar" to the asoc tree', the patch below):
 * an answer to the patch, not another posting of it.
 */
static int
no_posting(const struct hdrs *h, const struct subject_info *si)
{
	struct buf v = BUF_INIT;
	int ignore;

	if ((si->tags & SUBJ_PATCH) || !h->pwhint)
		return 0;
	unfold(&v, h->pwhint);
	ignore = v.len >= 6 && !strncasecmp(v.p, "ignore", 6);
	buf_free(&v);
	return ignore;
}

/* The type column. */
static const char *
mail_type(struct ctx *c, const struct analysis *a, const struct hdrs *h,
    const struct subject_info *si)
{
	if (is_bot(c, a, h->autosub))
		return TYPE_BOT;
	if ((si->tags & SUBJ_PULL) || a->pull)
		return TYPE_PULL;
	if (si->part == 0 && si->total > 0 && !(si->tags & SUBJ_REPLY))
		return TYPE_COVER;
	if (a->patch && !(si->tags & SUBJ_REPLY) &&
	    !no_posting(h, si))
		return TYPE_PATCH;
	if ((si->tags & SUBJ_REPLY) || h->irt || h->refs)
		return TYPE_REPLY;
	return TYPE_OTHER;
}

/* The version, part and total columns. */
static void
put_numbers(struct buf *row, const char *type, const struct subject_info *si)
{
	int isp = !strcmp(type, TYPE_PATCH) || !strcmp(type, TYPE_COVER);
	int ver = si->version, part = si->part, total = si->total;

	if (ver < 0 && (isp || (si->tags & SUBJ_PATCH)))
		ver = 1;
	if (part < 0 && !strcmp(type, TYPE_PATCH)) {
		part = 1;
		total = 1;
	}
	put_int(row, ver);
	tsv_sep(row);
	put_int(row, part);
	tsv_sep(row);
	put_int(row, total);
	tsv_sep(row);
}

/*
 * The message, annotation and diff columns (only for mails that carry
 * a diff) and the cites column (the mails its own text links to, above
 * any diff); tmp is scratch.
 */
static void
put_text(struct buf *row, struct buf *tmp, const struct analysis *a)
{
	const char *text = a->text.p ? a->text.p : "";

	if (a->patch) {
		buf_reset(tmp);
		stripspace(tmp, text + a->body.msg_start, a->body.msg_end - a->body.msg_start);
		tsv_add(row, tmp->p, tmp->len);
		tsv_sep(row);
		tsv_add(row, text + a->body.ann_start, a->body.ann_end - a->body.ann_start);
		tsv_sep(row);
		tsv_add(row, text + a->body.diff_start, a->text.len - a->body.diff_start);
		tsv_add(row, a->extra_diff.p, a->extra_diff.len);
		tsv_sep(row);
	} else {
		tsv_sep(row);
		tsv_sep(row);
		tsv_sep(row);
	}
	buf_reset(tmp);
	cites_scan(text, a->patch ? a->body.diff_start : a->text.len, tmp);
	tsv_add_utf8(row, tmp->p, tmp->len);
	tsv_sep(row);
}

/*
 * A mail the list wrapped whole for its sender's DMARC policy
 * (Mailman: its From "Name via List" or the list's address, a multipart
 * of the sender's mail as message/rfc822 beside the list's short notice
 * alone): the sender's mail, whose Message-ID, Date and In-Reply-To
 * the replies and the other archives know.  The mail inside, with a
 * Message-ID of its own, or NULL.
 */
#define WRAP_NOTICE 2048

static GMimeObject *
dmarc_wrapped(GMimeObject *m, const struct hdrs *h)
{
	/* The outermost mail is parsed as a MIME part (parse_message()). */
	GMimeObject *body = GMIME_IS_MESSAGE(m) ? g_mime_message_get_mime_part(GMIME_MESSAGE(m)) :
	    m;
	GMimeMessage *in = NULL;
	int n;

	if (!body || !GMIME_IS_MULTIPART(body) || !from_list(h))
		return NULL;
	n = g_mime_multipart_get_count(GMIME_MULTIPART(body));
	for (int i = 0; i < n; i++) {
		GMimeObject *p = g_mime_multipart_get_part(GMIME_MULTIPART(body), i);
		GMimeContentType *ct = g_mime_object_get_content_type(p);

		if (GMIME_IS_MESSAGE_PART(p)) {
			if (in)
				return NULL;
			in = g_mime_message_part_get_message(GMIME_MESSAGE_PART(p));
			if (!in)
				return NULL;
			continue;
		}
		/* The notice: a short plain text. */
		if (!GMIME_IS_PART(p) || !ct || !g_mime_content_type_is_type(ct, "text", "plain"))
			return NULL;
		{
			GMimeDataWrapper *w = g_mime_part_get_content(GMIME_PART(p));
			GMimeStream *s = w ? g_mime_data_wrapper_get_stream(w) : NULL;

			if (!s || g_mime_stream_length(s) > WRAP_NOTICE)
				return NULL;
		}
	}
	if (!in || !g_mime_object_get_header(GMIME_OBJECT(in), "Message-ID"))
		return NULL;
	return GMIME_OBJECT(in);
}

/*
 * The row of one mail into c->row, but for its flags column: those go
 * in at c->flags_at (dupid is known only in input order, so the writer
 * adds it), c->idhash the hash of its id.  1, or 0 when the mail was
 * named on stderr and skipped.  Threads call this each on a ctx of its
 * own (pool.c).
 */
int
mail_make(struct ctx *c, const char *data, size_t len, const struct mailpos *pos)
{
	GMimeObject *m, *in;
	struct hdrs h;
	struct analysis a;
	struct subject_info si;
	struct buf id = BUF_INIT, tmp = BUF_INIT, title = BUF_INIT, alias = BUF_INIT;
	struct buf *row = &c->row;
	unsigned flags = 0;
	const char *type;
	char date[21] = "";

	if (!(m = mail_parse(c, data, len, pos)))
		return 0;
	collect_headers(m, &h);
	/*
	 * The sender's mail the list wrapped: its headers and its text, but
	 * the list's name (List-Id) and the mail's place in the archive.
	 */
	if ((in = dmarc_wrapped(m, &h))) {
		const char *listid = h.listid, *listpost = h.listpost;

		/* The wrapper's id, which the list's readers answer: an alias. */
		if (h.msgid)
			msgids(&alias, h.msgid, 1);
		hdrs_free(&h);
		collect_headers(in, &h);
		if (!h.listid)
			h.listid = listid;
		if (!h.listpost)
			h.listpost = listpost;
		flags |= FL(F_DMARC);
	}

	mail_id(&id, &h, data, len, &flags);
	if (alias.len && id_tokens(&alias))
		flags |= FL(F_BADCHAR);
	/* The wrapper's id the same as the mail's: no alias. */
	if (alias.len && alias.len == id.len && !memcmp(alias.p, id.p, id.len))
		buf_reset(&alias);
	/* 64-bit hashes of the ids: 8 bytes a mail, whatever the archive. */
	c->idhash = hash_bytes(id.p, id.len);
	mail_date(date, &h, pos, &flags);

	analysis_init(&a);
	analyse(c, in ? in : m, &a, 0);
	flags |= a.flags;
	if (pos->truncated)
		flags |= FL(F_TRUNCATED);

	subject_parse(a.subject.p ? a.subject.p : "", a.subject.len, &si);
	subject_title(&title, a.subject.p ? a.subject.p : "", a.subject.len);
	list_name(&tmp, c, &h, pos);
	tag_flags(&si, &tmp, &flags);
	type = mail_type(c, &a, &h, &si);
	meant_flags(&a, type, &si, &flags);

	/* id date from_name from_addr subject title list */
	tsv_add(row, id.p, id.len);
	tsv_sep(row);
	buf_addstr(row, date);
	tsv_sep(row);
	tsv_add(row, a.from_name.p, a.from_name.len);
	tsv_sep(row);
	tsv_add(row, a.from_addr.p, a.from_addr.len);
	tsv_sep(row);
	tsv_add(row, a.subject.p, a.subject.len);
	tsv_sep(row);
	tsv_add(row, title.p, title.len);
	tsv_sep(row);
	/* A List-Id or a file name may hold any bytes. */
	if (tsv_add_utf8(row, tmp.p, tmp.len))
		flags |= FL(F_BADCHAR);
	tsv_sep(row);
	/* in_reply_to references to cc */
	if (ids_column(row, &tmp, h.irt, 1))
		flags |= FL(F_BADCHAR);
	if (ids_column(row, &tmp, h.refs, 10000))
		flags |= FL(F_BADCHAR);
	buf_reset(&tmp);
	addresses(&tmp, h.to.p);
	tsv_add_utf8(row, tmp.p, tmp.len);
	tsv_sep(row);
	buf_reset(&tmp);
	addresses(&tmp, h.cc.p);
	tsv_add_utf8(row, tmp.p, tmp.len);
	tsv_sep(row);
	/* type version part total */
	buf_addstr(row, type);
	tsv_sep(row);
	put_numbers(row, type, &si);
	/* flags: mail_emit writes them */
	c->flags_at = row->len;
	c->flags = flags;
	tsv_sep(row);
	/* message annotation diff cites */
	put_text(row, &tmp, &a);
	/* said: the sender's own words, of a mail without a patch (none of a robot's) */
	if (!a.patch && strcmp(type, TYPE_BOT))
		tsv_add_utf8(row, a.own.said.p, a.own.said.len);
	tsv_sep(row);
	/* hashes: the commit hashes its own words name, all of them (as said's) */
	if (!a.patch && strcmp(type, TYPE_BOT))
		tsv_add(row, a.own.hashes.p, a.own.hashes.len);
	tsv_sep(row);
	/* parts: the parts of a series its own words name (as said's) */
	if (!a.patch && strcmp(type, TYPE_BOT))
		tsv_add(row, a.own.parts.p, a.own.parts.len);
	tsv_sep(row);
	/* src */
	buf_reset(&tmp);
	pos_format(&tmp, pos);
	tsv_add_utf8(row, tmp.p, tmp.len);
	tsv_sep(row);
	/* aliases: the wrapper's id of a mail the list wrapped */
	tsv_add(row, alias.p, alias.len);
	tsv_sep(row);
	/* sender_name sender_addr: who sent another's patch */
	tsv_add(row, a.sender_name.p, a.sender_name.len);
	tsv_sep(row);
	tsv_add(row, a.sender_addr.p, a.sender_addr.len);

	analysis_free(&a);
	hdrs_free(&h);
	buf_free(&alias);
	buf_free(&id);
	buf_free(&tmp);
	buf_free(&title);
	g_object_unref(m);
	return 1;
}
