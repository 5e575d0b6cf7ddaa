/*
 * headers.c - the header fields a row reads, found among gmime's raw
 * ones and decoded: unfolded text, RFC 2047 words, Message-IDs, the
 * addresses of To and Cc, dates.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "mbox2tsv.h"
#include "rfc2047.h"
#include "text.h"

/* Unfold a raw header value: drop CR and LF, trim the ends. */
void
unfold(struct buf *out, const char *raw)
{
	size_t n;
	const char *s;

	buf_reset(out);
	if (!raw)
		return;
	n = strlen(raw);
	s = trim(raw, &n);
	for (size_t i = 0; i < n; i++)
		if (s[i] != '\r' && s[i] != '\n')
			buf_addc_fast(out, s[i]);
}

void
map_flags(unsigned f, unsigned *flags)
{
	if (f & CHARSET_UNKNOWN)
		*flags |= FL(F_CHARSET);
	if (f & CHARSET_BADCHAR)
		*flags |= FL(F_BADCHAR);
}

/*
 * Decode an unstructured header: unfold, decode RFC 2047 words; raw
 * 8-bit text stays if it is UTF-8 and becomes U+FFFD otherwise.
 */
void
decode_header(struct buf *out, const char *raw, unsigned *flags)
{
	struct buf tmp = BUF_INIT;
	unsigned f = 0;

	buf_reset(out);
	unfold(&tmp, raw);
	rfc2047_decode(out, tmp.p ? tmp.p : "", tmp.len, &f);
	map_flags(f, flags);
	/* Tabs and stray control bytes from folding become spaces. */
	for (size_t i = 0; i < out->len; i++)
		if (out->p[i] == '\t' || out->p[i] == '\r' || out->p[i] == '\n')
			out->p[i] = ' ';
	buf_free(&tmp);
}

/* Collapse whitespace runs to one space and trim, as git's cleanup_space. */
void
squeeze(struct buf *b)
{
	size_t r = 0, w = 0;
	int sp = 0;

	for (r = 0; r < b->len; r++) {
		if (isspace((unsigned char)b->p[r])) {
			sp = 1;
			continue;
		}
		if (sp && w)
			b->p[w++] = ' ';
		sp = 0;
		b->p[w++] = b->p[r];
	}
	buf_truncate(b, w);
}

/*
 * Message-IDs of a header, in order, without angle brackets; whitespace
 * inside brackets (broken folding) is dropped.  Returns how many.
 */
int
msgids(struct buf *out, const char *raw, int max)
{
	const char *p = raw, *q;
	int n = 0;

	if (!raw)
		return 0;
	while (n < max && (p = strchr(p, '<'))) {
		q = strchr(p + 1, '>');
		if (!q)
			break;
		if (q > p + 1) {
			size_t start = out->len;

			if (n)
				buf_addc(out, ' ');
			for (const char *s = p + 1; s < q; s++)
				if (!isspace((unsigned char)*s) && *s != '<')
					buf_addc(out, *s);
			if (out->len == start + (n ? 1 : 0))
				buf_truncate(out, start);
			else
				n++;
		}
		p = q + 1;
	}
	return n;
}

/* Append one address (trimmed, lower-cased) if it looks like one. */
static void
add_address(struct buf *out, const char *s, size_t n)
{
	s = trim(s, &n);
	if (!n || !memchr(s, '@', n))
		return;
	for (size_t i = 0; i < n; i++)
		if (isspace((unsigned char)s[i]) || s[i] == '<' || s[i] == '>' ||
		    s[i] == '"' || s[i] == ',')
			return;
	if (out->len)
		buf_addc(out, ' ');
	for (size_t i = 0; i < n; i++)
		buf_addc(out, tolower((unsigned char)s[i]));
}

/*
 * The addresses of a raw To or Cc value, lower-cased and space-separated:
 * per comma-separated mailbox, the text in <>, else the bare word with
 * an '@'.  Quoted strings and comments are skipped, groups are opened.
 * (gmime's full address parser is correct too, but slow on lists with
 * long Cc lines.)
 */
void
addresses(struct buf *out, const char *raw)
{
	const char *p = raw, *start = NULL, *bra = NULL;
	int depth = 0;

	if (!raw)
		return;
	for (;; p++) {
		char ch = *p;

		if (ch == '"') {
			/* A quoted name: skip to its end. */
			for (p++; *p && *p != '"'; p++)
				if (*p == '\\' && p[1])
					p++;
			if (!*p)
				break;
			continue;
		}
		if (ch == '(') {
			depth = 1;
			for (p++; *p && depth; p++) {
				if (*p == '\\' && p[1])
					p++;
				else if (*p == '(')
					depth++;
				else if (*p == ')')
					depth--;
			}
			if (!*p)
				break;
			p--;
			continue;
		}
		if (ch == '<') {
			bra = p + 1;
			continue;
		}
		if (ch == '>' && bra) {
			add_address(out, bra, (size_t)(p - bra));
			bra = NULL;
			start = NULL;
			continue;
		}
		if (ch == ',' || ch == ';' || ch == ':' || ch == '\0') {
			/* A bare address ends here (a group name ends at ':'). */
			if (start && ch != ':')
				add_address(out, start, (size_t)(p - start));
			start = NULL;
			bra = NULL;
			if (!ch)
				break;
			continue;
		}
		if (!bra && !start && !isspace((unsigned char)ch))
			start = p;
		if (start && isspace((unsigned char)ch)) {
			/* "a@b (Name)" or "a@b"; words before are names. */
			if (memchr(start, '@', (size_t)(p - start)))
				add_address(out, start, (size_t)(p - start));
			start = NULL;
		}
	}
}

void
collect_headers(GMimeObject *obj, struct hdrs *h)
{
	GMimeHeaderList *hl = g_mime_object_get_header_list(obj);
	int i, n = hl ? g_mime_header_list_get_count(hl) : 0;

	memset(h, 0, sizeof *h);
	for (i = 0; i < n; i++) {
		GMimeHeader *hd = g_mime_header_list_get_header_at(hl, i);
		const char *name = g_mime_header_get_name(hd);
		const char *raw = g_mime_header_get_raw_value(hd);
		size_t len;

		if (!name || !raw)
			continue;
		/* The length first: most headers are none of these. */
		len = strlen(name);
#define IS(s) (len == sizeof s - 1 && !strcasecmp(name, s))
		if (IS("Message-ID")) {
			if (!h->nmsgid++)
				h->msgid = raw;
		} else if (IS("Date")) {
			if (!h->date)
				h->date = raw;
		} else if (IS("From")) {
			if (!h->from)
				h->from = raw;
		} else if (IS("Subject")) {
			if (!h->subject)
				h->subject = raw;
		} else if (IS("In-Reply-To")) {
			if (!h->irt)
				h->irt = raw;
		} else if (IS("References")) {
			if (!h->refs)
				h->refs = raw;
		} else if (IS("List-Id")) {
			if (!h->listid)
				h->listid = raw;
		} else if (IS("List-Post")) {
			if (!h->listpost)
				h->listpost = raw;
		} else if (IS("X-Original-From")) {
			if (!h->xorigfrom)
				h->xorigfrom = raw;
		} else if (IS("Reply-To")) {
			if (!h->replyto)
				h->replyto = raw;
		} else if (IS("Auto-Submitted")) {
			if (!h->autosub)
				h->autosub = raw;
		} else if (IS("X-Patchwork-Hint")) {
			if (!h->pwhint)
				h->pwhint = raw;
		} else if (IS("Received")) {
			h->recv_last = raw;
		} else if (IS("To")) {
			if (h->to.len)
				buf_addstr(&h->to, ", ");
			buf_addstr(&h->to, raw);
		} else if (IS("Cc")) {
			if (h->cc.len)
				buf_addstr(&h->cc, ", ");
			buf_addstr(&h->cc, raw);
		}
#undef IS
	}
}

void
hdrs_free(struct hdrs *h)
{
	buf_free(&h->to);
	buf_free(&h->cc);
}

/* Seconds since the epoch of a date header, or 0 with *ok cleared. */
int64_t
parse_date(const char *raw, int *ok)
{
	struct buf tmp = BUF_INIT;
	GDateTime *dt;
	int64_t t = 0;
	int y;

	*ok = 0;
	unfold(&tmp, raw);
	if (!tmp.len) {
		buf_free(&tmp);
		return 0;
	}
	dt = g_mime_utils_header_decode_date(tmp.p);
	buf_free(&tmp);
	if (!dt)
		return 0;
	y = g_date_time_get_year(dt);
	/* Mail older than the ARPANET's or from the far future is a bad date. */
	if (y >= 1970 && y <= 2200) {
		t = g_date_time_to_unix(dt);
		*ok = 1;
	}
	g_date_time_unref(dt);
	return t;
}

/* The date of an mbox From_ line ("From sender Thu Jan  1 00:00:00 1970"). */
int64_t
fromline_date(const char *line, size_t len, int *ok)
{
	struct buf tmp = BUF_INIT;
	const char *p = line + 5, *end = line + len;
	int64_t t;

	*ok = 0;
	while (p < end && *p == ' ')
		p++;
	while (p < end && *p != ' ')
		p++;
	buf_add(&tmp, p, (size_t)(end - p));
	t = parse_date(tmp.p, ok);
	buf_free(&tmp);
	/* The placeholder dates of public-inbox and format-patch say nothing. */
	if (*ok && (t == 0 || t == 1000684800)) {
		*ok = 0;
		t = 0;
	}
	return t;
}
