/*
 * mime.c - the MIME walk: the parts of a message that are read, each
 * decoded into text (UTF-8, LF line ends, format=flowed undone where
 * its diff allows), and the mails attached to it.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "body.h"
#include "charset.h"
#include "diff.h"
#include "mbox2tsv.h"
#include "text.h"
#include "util.h"

/* CRLF becomes LF; a lone CR stays, it may be content. */
static void
crlf_to_lf(struct buf *b, size_t from)
{
	size_t r, w;
	const char *cr;

	/* Most text has no CR at all: nothing moves before the first. */
	if (from >= b->len || !(cr = memchr(b->p + from, '\r', b->len - from)))
		return;
	w = (size_t)(cr - b->p);
	for (r = w; r < b->len; r++) {
		if (b->p[r] == '\r' && r + 1 < b->len && b->p[r + 1] == '\n')
			continue;
		b->p[w++] = b->p[r];
	}
	buf_truncate(b, w);
}

static int
blanks_only(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ')
			return 0;
	return 1;
}

/*
 * Undo format=flowed (RFC 3676): unstuff a leading space, join soft
 * breaks (a line ending in a space), keeping the space unless delsp.
 */
static void
unflow(struct buf *out, const char *s, size_t n, int delsp)
{
	struct line_walk w;
	const char *p;
	size_t len;

	line_walk_init(&w, s, n);
	while (line_next(&w, &p, &len)) {
		/* Did a '\n' end the line? */
		int nl = p + len < w.end;

		if (len && p[0] == ' ') {
			p++;
			len--;
		}
		/*
		 * A soft break ends a line of words; a line of blanks only
		 * (a stuffed empty diff context line) and the signature
		 * separator are hard breaks.
		 */
		if (len && p[len - 1] == ' ' && !(len == 3 && !memcmp(p, "-- ", 3)) &&
		    nl && !blanks_only(p, len)) {
			buf_add(out, p, delsp ? len - 1 : len);
		} else {
			buf_add(out, p, len);
			if (nl)
				buf_addc(out, '\n');
		}
	}
}

static int
has_suffix_ci(const char *s, const char *suf)
{
	size_t n = strlen(s), k = strlen(suf);

	return n >= k && !strcasecmp(s + n - k, suf);
}

/* Is this leaf part text we read (message or patch)? 2 means HTML. */
static int
texty(GMimeObject *obj)
{
	GMimeContentType *ct = g_mime_object_get_content_type(obj);
	const char *type, *sub, *fname;

	if (!ct)
		return 1;
	type = g_mime_content_type_get_media_type(ct);
	sub = g_mime_content_type_get_media_subtype(ct);
	if (!type || !sub)
		return 1;
	if (!strcasecmp(type, "text")) {
		if (!strcasecmp(sub, "html"))
			return 2;
		if (!strcasecmp(sub, "x-vcard") || !strcasecmp(sub, "calendar") ||
		    !strcasecmp(sub, "rtf") || !strcasecmp(sub, "enriched"))
			return 0;
		return 1;
	}
	if (!strcasecmp(type, "application")) {
		if (!strcasecmp(sub, "x-patch") || !strcasecmp(sub, "x-diff") ||
		    !strcasecmp(sub, "patch") || !strcasecmp(sub, "diff") ||
		    !strcasecmp(sub, "mbox"))
			return 1;
		fname = GMIME_IS_PART(obj) ? g_mime_part_get_filename(GMIME_PART(obj)) : NULL;
		/* "patch" or "foo.diff" sent as application/octet-stream. */
		if (fname && (has_suffix_ci(fname, ".patch") || has_suffix_ci(fname, ".diff") ||
		    !strcasecmp(fname, "patch") || !strcasecmp(fname, "diff")))
			return 1;
		/*
		 * A nameless application/octet-stream part: some mailers send the
		 * body so ("x-default=true"); read it, kept only if it holds a
		 * diff (walk()).
		 */
		if (!fname && !strcasecmp(sub, "octet-stream"))
			return 3;
	}
	return 0;
}

static struct unit *
unit_new(struct units *us)
{
	us->u = xgrow(us->u, &us->cap, us->n, 4, sizeof *us->u);
	memset(&us->u[us->n], 0, sizeof us->u[0]);
	return &us->u[us->n++];
}

void
units_free(struct units *us)
{
	for (size_t i = 0; i < us->n; i++) {
		buf_free(&us->u[i].text);
		if (us->u[i].msg)
			g_object_unref(us->u[i].msg);
	}
	free(us->u);
}

/* Decode one leaf part into a text unit (or an attached-mail unit). */
static void
leaf(struct ctx *c, GMimeObject *obj, struct units *us, unsigned *flags, int html)
{
	GMimeDataWrapper *w = g_mime_part_get_content(GMIME_PART(obj));
	GMimeStream *ms;
	GByteArray *ba;
	struct unit *u;
	const char *cs, *fmt, *p, *end;

	if (!w)
		return;
	ms = g_mime_stream_mem_new();
	g_mime_data_wrapper_write_to_stream(w, ms);
	ba = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(ms));
	u = unit_new(us);
	u->html = html;
	cs = g_mime_object_get_content_type_parameter(obj, "charset");
	{
		unsigned f = 0;

		charset_to_utf8(&u->text, (const char *)ba->data, ba->len, cs, &f);
		map_flags(f, flags);
	}
	g_object_unref(ms);
	crlf_to_lf(&u->text, 0);

	/* A whole format-patch mail in a text part: parse it as a mail. */
	p = u->text.p ? u->text.p : "";
	end = p + u->text.len;
	while (p < end && *p == '\n')
		p++;
	{
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = (size_t)((nl ? nl : end) - p);

		if (format_patch_separator(p, len) && nl) {
			u->msg = parse_message(c, nl + 1, (size_t)(end - nl - 1), 1);
			if (u->msg)
				return;
		}
	}

	/*
	 * format=flowed (RFC 3676): mailers like Thunderbird space-stuff
	 * every line that starts with a blank and break long lines, which
	 * shifts a diff's context lines; decoding gives back what was
	 * written.  Mailers that only claim flowed would have their patches
	 * damaged by decoding (a trailing blank joins two lines), so the
	 * decoded text is kept only if its diff still adds up, or if the
	 * text as sent does not add up either.
	 */
	fmt = g_mime_object_get_content_type_parameter(obj, "format");
	if (fmt && !strcasecmp(fmt, "flowed") && u->text.len) {
		const char *ds = g_mime_object_get_content_type_parameter(obj, "delsp");
		struct buf un = BUF_INIT;
		int ok_raw, ok_un;
		long h_raw, h_un;

		unflow(&un, u->text.p, u->text.len, ds && !strcasecmp(ds, "yes"));
		h_raw = diff_check(u->text.p, u->text.len, &ok_raw);
		h_un = diff_check(un.p ? un.p : "", un.len, &ok_un);
		if (h_un >= h_raw && (ok_un || !ok_raw)) {
			if (h_raw > 0 && (un.len != u->text.len ||
			    memcmp(un.p, u->text.p, un.len) != 0))
				*flags |= FL(F_FLOWED);
			buf_free(&u->text);
			u->text = un;
		} else {
			buf_free(&un);
		}
	}
}

static int
attachment_not_patch(GMimeObject *obj)
{
	GMimeContentDisposition *cd = g_mime_object_get_content_disposition(obj);
	GMimeContentType *ct = g_mime_object_get_content_type(obj);
	const char *sub;

	if (!cd || !g_mime_content_disposition_is_attachment(cd) || !ct)
		return 0;
	sub = g_mime_content_type_get_media_subtype(ct);
	return !sub || !(!strcasecmp(sub, "x-patch") || !strcasecmp(sub, "x-diff") ||
	    !strcasecmp(sub, "patch") || !strcasecmp(sub, "diff"));
}

/* Does some line of the text start a diff? */
static int
holds_diff(const char *s, size_t n)
{
	const char *p = s, *end, *nl, *next;
	size_t len;

	/* An empty part's text is NULL, and NULL + 0 is undefined. */
	if (!n)
		return 0;
	end = s + n;
	while (p && p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		len = (size_t)((nl ? nl : end) - p);
		next = nl ? nl + 1 : NULL;
		if (diff_starts(p, len, next, next ? (size_t)(end - next) : 0))
			return 1;
		p = next;
	}
	return 0;
}

void
walk(struct ctx *c, GMimeObject *obj, struct units *us, unsigned *flags, int depth)
{
	GMimeContentType *ct;
	int t;

	if (!obj || depth > MAX_DEPTH)
		return;
	if (GMIME_IS_MULTIPART(obj)) {
		GMimeMultipart *mp = GMIME_MULTIPART(obj);
		int i, n = g_mime_multipart_get_count(mp);

		ct = g_mime_object_get_content_type(obj);
		if (ct && g_mime_content_type_is_type(ct, "multipart", "alternative")) {
			/* The plain text version, else the first. */
			for (i = 0; i < n; i++) {
				GMimeObject *p = g_mime_multipart_get_part(mp, i);
				GMimeContentType *pct = g_mime_object_get_content_type(p);

				if (pct && g_mime_content_type_is_type(pct, "text", "plain")) {
					walk(c, p, us, flags, depth + 1);
					return;
				}
			}
			if (n > 0)
				walk(c, g_mime_multipart_get_part(mp, 0), us, flags, depth + 1);
			return;
		}
		if (ct && (g_mime_content_type_is_type(ct, "multipart", "signed") ||
		    g_mime_content_type_is_type(ct, "multipart", "encrypted"))) {
			if (n > 0)
				walk(c, g_mime_multipart_get_part(mp, 0), us, flags, depth + 1);
			return;
		}
		for (i = 0; i < n; i++)
			walk(c, g_mime_multipart_get_part(mp, i), us, flags, depth + 1);
		return;
	}
	if (GMIME_IS_MESSAGE_PART(obj)) {
		GMimeMessage *m = g_mime_message_part_get_message(GMIME_MESSAGE_PART(obj));

		if (m) {
			struct unit *u = unit_new(us);

			g_object_ref(m);
			u->msg = GMIME_OBJECT(m);
		}
		return;
	}
	if (!GMIME_IS_PART(obj))
		return;
	t = texty(obj);
	if (t)
		leaf(c, obj, us, flags, t == 2);
	/*
	 * An attached file that is neither plain text nor a patch (source,
	 * logs, configs) is not part of the message unless it holds a diff;
	 * nor is a nameless octet-stream part.
	 */
	if (t && us->n && !us->u[us->n - 1].msg && (t == 3 || attachment_not_patch(obj)) &&
	    !holds_diff(us->u[us->n - 1].text.p, us->u[us->n - 1].text.len)) {
		us->n--;
		buf_free(&us->u[us->n].text);
	}
}
