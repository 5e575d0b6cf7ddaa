/*
 * mail.c - one raw mail in, one TSV row out.
 *
 * gmime parses the MIME structure and decodes transfer encodings and
 * RFC 2047 words; everything that decides what the row says (author,
 * patch boundaries, type, flags) is done here, after git am's rules
 * where git has one.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "addr.h"
#include "body.h"
#include "withdraw.h"
#include "cites.h"
#include "diff.h"
#include "mbox2tsv.h"
#include "opool.h"
#include "rfc2047.h"
#include "subject.h"
#include "text.h"
#include "tsv.h"
#include "util.h"

/* Flags, in the order they are printed. */
enum {
	F_RFC, F_RESEND, F_STABLE, F_NEXT, F_WITHDRAW,
	F_NOID, F_BADID, F_ODDID, F_MULTIID, F_DUPID,
	F_NODATE, F_DATE_RECEIVED, F_DATE_FROMLINE,
	F_FOLDED, F_DMARC, F_INBODY_FROM, F_INBODY_SUBJECT,
	F_ATTACHED, F_FLOWED, F_HTML, F_CHARSET, F_BADCHAR, F_TRUNCATED,
	F_COUNT
};

static const char *const flag_names[F_COUNT] = {
	"rfc", "resend", "stable", "next", "withdraw",
	"noid", "badid", "oddid", "multiid", "dupid",
	"nodate", "date-received", "date-fromline",
	"folded", "dmarc", "inbody-from", "inbody-subject",
	"attached", "flowed", "html", "charset", "badchar", "truncated",
};

#define FL(x) (1u << (x))
#define MAX_DEPTH 8

/* The headers a row needs, raw (as gmime keeps them). */
struct hdrs {
	const char *msgid, *date, *from, *subject, *irt, *refs, *listid;
	const char *listpost, *xorigfrom, *replyto, *autosub;
	const char *recv_last;  /* the earliest hop: last Received header */
	struct buf to, cc;      /* raw values, joined with ", " */
	int nmsgid;
};

/* A message analysed: who, what, and the split body. */
struct analysis {
	struct buf from_name, from_addr, subject;
	struct buf text;        /* decoded body text the split refers to */
	struct body body;
	unsigned flags;
	int patch;              /* the body carries a diff */
	int pull;               /* the body looks like git request-pull */
	struct buf extra_diff;  /* diffs of further attached patches */
};

static void
analysis_init(struct analysis *a)
{
	memset(a, 0, sizeof *a);
}

static void
analysis_free(struct analysis *a)
{
	buf_free(&a->from_name);
	buf_free(&a->from_addr);
	buf_free(&a->subject);
	buf_free(&a->text);
	body_free(&a->body);
	buf_free(&a->extra_diff);
}

void
pos_format(struct buf *b, const struct mailpos *pos)
{
	if (pos->where)
		buf_addf(b, "%s:%s", pos->input, pos->where);
	else
		buf_addf(b, "%s:%llu", pos->input, (unsigned long long)pos->offset);
}

void
skip_mail(struct ctx *c, const struct mailpos *pos, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;
	char msg[256];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	pos_format(&b, pos);
	warnx("%s: mail skipped: %s", b.p, msg);
	buf_free(&b);
	c->nskipped++;
}

/* Unfold a raw header value: drop CR and LF, trim the ends. */
static void
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

static void
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
static void
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
static void
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

static void
lower(char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		s[i] = (char)tolower((unsigned char)s[i]);
}

/*
 * Remove RFC 5322 quoting from a From value the way git mailinfo does:
 * quoted strings lose their quotes, comments keep their parentheses,
 * backslash escapes are resolved in both.
 */
static const char *
unquote_comment(struct buf *out, const char *in)
{
	int lit = 0, c;

	buf_addc(out, '(');
	while ((c = *in++)) {
		if (lit) {
			lit = 0;
		} else if (c == '\\') {
			lit = 1;
			continue;
		} else if (c == '(') {
			in = unquote_comment(out, in);
			continue;
		} else if (c == ')') {
			buf_addc(out, ')');
			return in;
		}
		buf_addc(out, c);
	}
	return in - 1;
}

static void
unquote_from(struct buf *out, const char *in)
{
	int c, lit;

	while ((c = *in++)) {
		if (c == '"') {
			lit = 0;
			while ((c = *in++)) {
				if (lit) {
					lit = 0;
				} else if (c == '\\') {
					lit = 1;
					continue;
				} else if (c == '"') {
					break;
				}
				buf_addc(out, c);
			}
			if (!c)
				return;
			continue;
		}
		if (c == '(') {
			in = unquote_comment(out, in);
			if (!*in)
				return;
			continue;
		}
		buf_addc(out, c);
	}
}

/*
 * Author name and address from a decoded From value, by git am's rules:
 * the address is the word around '@' (or inside <>), the name is what
 * is left; a name that is too short, too long or holds '@', '<' or '>'
 * is replaced by the address.  Returns 0 when no address is found.
 */
static int
parse_from(const char *value, struct buf *name, struct buf *addr)
{
	struct buf f = BUF_INIT;
	struct name_addr na;
	char *at, *start;
	size_t el;
	int ok = 1;

	buf_reset(name);
	buf_reset(addr);
	unquote_from(&f, value);
	if (!f.p)
		buf_addstr(&f, "");
	at = strchr(f.p, '@');
	if (!at) {
		/* "John Doe <johndoe>": a local address in angle brackets. */
		if (name_addr_split(value, NULL, &na) <= 0 || !na.alen) {
			buf_free(&f);
			return 0;
		}
		buf_add(addr, na.addr, na.alen);
		buf_add(name, na.name, na.nlen);
		squeeze(name);
		goto sane;
	}
	start = at;
	while (start > f.p) {
		char ch = start[-1];

		if (isspace((unsigned char)ch))
			break;
		if (ch == '<') {
			start[-1] = ' ';
			break;
		}
		start--;
	}
	el = strcspn(start, " \n\t\r\v\f>");
	buf_add(addr, start, el);
	/* What is left, minus the address and the character after it. */
	buf_add(name, f.p, (size_t)(start - f.p));
	if (start[el])
		buf_addstr(name, start + el + 1);
	squeeze(name);
	if (name->len >= 2 && name->p[0] == '(' && name->p[name->len - 1] == ')') {
		memmove(name->p, name->p + 1, name->len - 2);
		buf_truncate(name, name->len - 2);
	}
sane:
	if (name->len < 3 || name->len > 60 || memchr(name->p, '@', name->len) ||
	    memchr(name->p, '<', name->len) || memchr(name->p, '>', name->len)) {
		buf_reset(name);
		buf_add(name, addr->p ? addr->p : "", addr->len);
	}
	if (!addr->len)
		ok = 0;
	buf_free(&f);
	return ok;
}

/*
 * Message-IDs of a header, in order, without angle brackets; whitespace
 * inside brackets (broken folding) is dropped.  Returns how many.
 */
static int
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
 * (gmime's full address parser is correct too, but costs a seventh of
 * the run on lists with long Cc lines.)
 */
static void
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

/*
 * The header fields gmime is given of a mail (the outermost only): those
 * collect_headers() reads, and those that shape the MIME structure.  A
 * name read there must be here too, or it is never seen.  Every other
 * field (Received hops, DKIM, X-*: two in three of a list's fields) would
 * only become objects made and freed unread.  tests/20-mbox2tsv.t
 * shows each of these changing a row, but MIME-Version, kept for gmime
 * (no row on the shared data changes without it).
 */
static int
header_wanted(const char *name, size_t len)
{
#define NAME(s) { s, sizeof s - 1 }
	static const struct { const char *s; size_t n; } names[] = {
		NAME("Message-ID"), NAME("Date"), NAME("From"), NAME("Subject"),
		NAME("In-Reply-To"), NAME("References"), NAME("List-Id"), NAME("List-Post"),
		NAME("X-Original-From"), NAME("Reply-To"), NAME("Auto-Submitted"),
		NAME("Received"), NAME("To"), NAME("Cc"), NAME("MIME-Version"),
	};
#undef NAME

	if (len > 8 && !strncasecmp(name, "Content-", 8))
		return 1;
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (names[i].n == len && !strncasecmp(name, names[i].s, len))
			return 1;
	return 0;
}

/*
 * One header field at p (before end): its lines run to *next (past its
 * continuation lines), *namelen the length of a name of letters, digits
 * and '-' followed at once by ':'.  0 at the blank line that ends the
 * header, or at anything else (a line of other form, a NUL byte): what
 * gmime makes of those is left to gmime.
 */
static int
header_field(const char *p, const char *end, size_t *namelen, const char **next)
{
	const char *q = p, *nl;

	while (q < end && (isalnum((unsigned char)*q) || *q == '-'))
		q++;
	if (q == p || q == end || *q != ':')
		return 0;
	*namelen = (size_t)(q - p);
	for (;;) {
		if (!(nl = memchr(q, '\n', (size_t)(end - q))))
			return 0;
		q = nl + 1;
		if (q == end || (*q != ' ' && *q != '\t'))
			break;
	}
	if (memchr(p, '\0', (size_t)(q - p)))
		return 0;
	*next = q;
	return 1;
}

/*
 * The mail into out as gmime is to parse it: its header without the
 * fields header_wanted() refuses and without all but the last Received
 * (the earliest hop, the only one read), from the first field of
 * another form on as it is, then the body as it is.
 */
static void
wanted_copy(GByteArray *out, const char *data, size_t len)
{
	const char *p = data, *end = data + len, *next, *last_recv = NULL, *from;
	size_t n;

	/* Where the last Received field starts. */
	while (p < end && header_field(p, end, &n, &next)) {
		if (n == 8 && !strncasecmp(p, "Received", 8))
			last_recv = p;
		p = next;
	}
	p = data;
	from = data;
	while (p < end && header_field(p, end, &n, &next)) {
		int keep = header_wanted(p, n) &&
		    !(n == 8 && !strncasecmp(p, "Received", 8) && p != last_recv);

		if (!keep) {
			if (p > from)
				g_byte_array_append(out, (const guint8 *)from, (guint)(p - from));
			from = next;
		}
		p = next;
	}
	g_byte_array_append(out, (const guint8 *)from, (guint)(end - from));
}

static void
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

static void
hdrs_free(struct hdrs *h)
{
	buf_free(&h->to);
	buf_free(&h->cc);
}

/* Seconds since the epoch of a date header, or 0 with *ok cleared. */
static int64_t
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
static int64_t
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
	const char *p = s, *end = s + n, *nl;
	size_t len;

	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		len = (size_t)((nl ? nl : end) - p);
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
		p = nl ? nl + 1 : end;
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
	}
	return 0;
}

struct unit {
	struct buf text;
	GMimeObject *msg;        /* an attached mail, when not NULL (owned ref) */
	int html;
};

struct units {
	struct unit *u;
	size_t n, cap;
};

static struct unit *
unit_new(struct units *us)
{
	if (us->n == us->cap) {
		us->cap = us->cap ? us->cap * 2 : 4;
		us->u = xreallocarray(us->u, us->cap, sizeof *us->u);
	}
	memset(&us->u[us->n], 0, sizeof us->u[0]);
	return &us->u[us->n++];
}

static void
units_free(struct units *us)
{
	for (size_t i = 0; i < us->n; i++) {
		buf_free(&us->u[i].text);
		if (us->u[i].msg)
			g_object_unref(us->u[i].msg);
	}
	free(us->u);
}

static GMimeObject *parse_message(struct ctx *c, const char *data, size_t len,
    int nested);

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

static void
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
	 * logs, configs) is not part of the message unless it holds a diff.
	 */
	if (t && us->n && !us->u[us->n - 1].msg && attachment_not_patch(obj) &&
	    !holds_diff(us->u[us->n - 1].text.p, us->u[us->n - 1].text.len)) {
		us->n--;
		buf_free(&us->u[us->n].text);
	}
}

/*
 * Parse a mail.  gmime keeps referring to the bytes of the stream while
 * the message lives, so only the outermost mail (nested == 0) may use
 * the byte array that is reused from mail to mail.
 *
 * As a MIME part, not a GMimeMessage: the part keeps every header, raw,
 * and its body is the message's body, while a GMimeMessage would also
 * parse From, To, Cc and the rest into address objects this program
 * never reads (it reads the raw headers: collect_headers()).  That was
 * a quarter of the time a mail took.  An attached mail (message/rfc822)
 * is still a GMimeMessage: analyse() takes either.  The outermost mail's
 * stream and parser are made once per ctx and set back for each mail.
 */
static GMimeObject *
parse_message(struct ctx *c, const char *data, size_t len, int nested)
{
	GMimeStream *st;
	GMimeParser *p;
	GMimeObject *m;

	if (nested) {
		st = g_mime_stream_mem_new_with_buffer(data, len);
		p = g_mime_parser_new_with_stream(st);
		g_mime_parser_set_format(p, GMIME_FORMAT_MESSAGE);
		m = g_mime_parser_construct_part(p, c->popts);
		g_object_unref(p);
		g_object_unref(st);
		return m;
	}
	if (!c->bytes) {
		c->bytes = g_byte_array_new();
		c->stream = g_mime_stream_mem_new_with_byte_array(c->bytes);
		g_mime_stream_mem_set_owner(GMIME_STREAM_MEM(c->stream), FALSE);
		c->parser = g_mime_parser_new();
	}
	g_byte_array_set_size(c->bytes, 0);
	wanted_copy(c->bytes, data, len);
	g_mime_stream_reset(c->stream);
	g_mime_parser_init_with_stream(c->parser, c->stream);
	g_mime_parser_set_format(c->parser, GMIME_FORMAT_MESSAGE);
	return g_mime_parser_construct_part(c->parser, c->popts);
}

/* The outermost mail's buffer, stream and parser (parse_message), if made. */
static void
parser_free(struct ctx *c)
{
	if (!c->bytes)
		return;
	g_object_unref(c->parser);
	g_object_unref(c->stream);
	g_byte_array_unref(c->bytes);
	c->bytes = NULL;
}

static int
looks_like_pull(const char *s, size_t n)
{
	if (n > 16384)
		n = 16384;
	return find_ci(s, n, "are available in the git repository at") != NULL;
}

static void analyse(struct ctx *c, GMimeObject *m, struct analysis *a, int depth);
static int is_bot(struct ctx *c, const struct analysis *a, const char *autosub);

/*
 * The author and subject of a message from its own headers, with the
 * DMARC rewrite ("Name via List <list@host>") undone where the list
 * kept the original sender.
 */
static void
author(struct ctx *c, const struct hdrs *h, struct analysis *a)
{
	struct buf v = BUF_INIT, lp = BUF_INIT, nm = BUF_INIT, ad = BUF_INIT;
	const char *via;

	decode_header(&v, h->from, &a->flags);
	squeeze(&v);
	parse_from(v.p ? v.p : "", &a->from_name, &a->from_addr);
	lower(a->from_addr.p, a->from_addr.len);

	/* The list's own address, from List-Post: <mailto:list@host>. */
	if (h->listpost) {
		const char *m = strstr(h->listpost, "mailto:");

		if (m) {
			m += 7;
			buf_add(&lp, m, strcspn(m, ">?, \t\r\n"));
			lower(lp.p, lp.len);
		}
	}
	via = a->from_name.p ? strstr(a->from_name.p, " via ") : NULL;
	if (via || (lp.len && a->from_addr.len == lp.len &&
	    !memcmp(a->from_addr.p, lp.p, lp.len))) {
		const char *alt[2] = { h->xorigfrom, h->replyto };

		for (int i = 0; i < 2; i++) {
			if (!alt[i])
				continue;
			decode_header(&v, alt[i], &a->flags);
			squeeze(&v);
			if (!parse_from(v.p ? v.p : "", &nm, &ad))
				continue;
			lower(ad.p, ad.len);
			if ((lp.len && ad.len == lp.len && !memcmp(ad.p, lp.p, lp.len)) ||
			    (ad.len == a->from_addr.len &&
			    !memcmp(ad.p, a->from_addr.p, ad.len)))
				continue;
			buf_reset(&a->from_name);
			buf_add(&a->from_name, nm.p, nm.len);
			buf_reset(&a->from_addr);
			buf_add(&a->from_addr, ad.p, ad.len);
			a->flags |= FL(F_DMARC);
			via = NULL;
			break;
		}
		if (via) {
			/* Nothing better: at least the name without " via List". */
			size_t k = (size_t)(via - a->from_name.p);

			buf_truncate(&a->from_name, k);
			if (k >= 2 && a->from_name.p[0] == '\'' && a->from_name.p[k - 1] == '\'') {
				memmove(a->from_name.p, a->from_name.p + 1, k - 2);
				buf_truncate(&a->from_name, k - 2);
			}
			a->flags |= FL(F_DMARC);
		}
	}
	buf_free(&v);
	buf_free(&lp);
	buf_free(&nm);
	buf_free(&ad);
}

/* Split the text of a message and decide whether it carries a patch. */
static void
analyse(struct ctx *c, GMimeObject *m, struct analysis *a, int depth)
{
	struct units us = { NULL, 0, 0 };
	struct hdrs h;
	size_t i;
	int plain = 0, bot;

	collect_headers(m, &h);
	author(c, &h, a);
	/* A robot withdraws nothing, and its long reports need not be read. */
	bot = depth == 0 && is_bot(c, a, h.autosub);
	decode_header(&a->subject, h.subject, &a->flags);
	if (h.subject) {
		size_t n = strlen(h.subject);
		const char *s = trim(h.subject, &n);

		if (memchr(s, '\n', n))
			a->flags |= FL(F_FOLDED);
	}
	hdrs_free(&h);

	walk(c, GMIME_IS_MESSAGE(m) ? g_mime_message_get_mime_part(GMIME_MESSAGE(m)) : m,
	    &us, &a->flags, depth);
	for (i = 0; i < us.n; i++)
		if (!us.u[i].msg && !us.u[i].html)
			plain = 1;
	/* The body text: every text part in order, HTML only if nothing else. */
	for (i = 0; i < us.n; i++) {
		struct unit *u = &us.u[i];

		if (u->msg || (u->html && plain))
			continue;
		if (u->html)
			a->flags |= FL(F_HTML);
		if (a->text.len && a->text.p[a->text.len - 1] != '\n')
			buf_addc(&a->text, '\n');
		buf_add(&a->text, u->text.p ? u->text.p : "", u->text.len);
	}
	body_split(a->text.p ? a->text.p : "", a->text.len, &a->body);
	a->patch = a->body.hunks > 0;
	/*
	 * What the sender wrote above any diff; of a patch, only the notes
	 * below "---": its commit message speaks of code ("the old API is
	 * superseded by ..."), not of postings.  Kept in the flags so that
	 * an attached patch that takes this analysis's place does not lose it.
	 */
	if (!bot && withdraw_said(a->text.p ? a->text.p : "",
	    a->patch ? a->body.ann_start : a->body.msg_start, a->body.diff_start))
		a->flags |= FL(F_WITHDRAW);
	/* request-pull text comes before any diff it carries. */
	a->pull = looks_like_pull(a->text.p ? a->text.p : "", a->body.diff_start);

	/* Attached mails: the first that carries a patch wins if we have none. */
	for (i = 0; i < us.n && depth < MAX_DEPTH; i++) {
		struct analysis in;

		if (!us.u[i].msg)
			continue;
		analysis_init(&in);
		analyse(c, us.u[i].msg, &in, depth + 1);
		if (in.patch && !a->patch) {
			unsigned keep = a->flags;

			analysis_free(a);
			*a = in;
			a->flags |= keep | FL(F_ATTACHED);
			continue;
		}
		if (in.patch && a->patch) {
			/* Further patches in one mail: their diffs follow. */
			buf_add(&a->extra_diff, in.text.p + in.body.diff_start,
			    in.text.len - in.body.diff_start);
			buf_add(&a->extra_diff, in.extra_diff.p ? in.extra_diff.p : "",
			    in.extra_diff.len);
		}
		analysis_free(&in);
	}
	units_free(&us);

	/* git am: in-body From and Subject count only when a patch follows. */
	if (a->body.patch_lines && a->body.has_from) {
		struct buf nm = BUF_INIT, ad = BUF_INIT;
		struct buf v = BUF_INIT;

		decode_header(&v, a->body.from.p, &a->flags);
		squeeze(&v);
		if (parse_from(v.p ? v.p : "", &nm, &ad)) {
			lower(ad.p, ad.len);
			buf_reset(&a->from_name);
			buf_add(&a->from_name, nm.p, nm.len);
			buf_reset(&a->from_addr);
			buf_add(&a->from_addr, ad.p, ad.len);
			a->flags |= FL(F_INBODY_FROM);
		}
		buf_free(&nm);
		buf_free(&ad);
		buf_free(&v);
	}
	if (a->body.patch_lines && a->body.has_subject) {
		decode_header(&a->subject, a->body.subject.p, &a->flags);
		a->flags |= FL(F_INBODY_SUBJECT);
	}
}

/* Bots: automated senders whose mails are not patches for the project. */
static int
is_bot(struct ctx *c, const struct analysis *a, const char *autosub)
{
	static const char *const locals[] = {
		"noreply", "no-reply", "donotreply", "do-not-reply", "mailer-daemon",
		"postmaster", "notifications", "notification", NULL
	};
	const char *addr = a->from_addr.p ? a->from_addr.p : "";
	const char *at = strchr(addr, '@');
	size_t llen = at ? (size_t)(at - addr) : strlen(addr);
	const char *name = a->from_name.p ? a->from_name.p : "";

	if (autosub) {
		struct buf v = BUF_INIT;

		unfold(&v, autosub);
		if (v.len && strncasecmp(v.p, "no", 2) != 0) {
			buf_free(&v);
			return 1;
		}
		buf_free(&v);
	}
	for (const char *const *l = locals; *l; l++)
		if (strlen(*l) == llen && !strncasecmp(addr, *l, llen))
			return 1;
	/* "bot" or "robot" as a word of the local part or the name. */
	for (size_t i = 0; i + 3 <= llen; i++) {
		if (strncasecmp(addr + i, "bot", 3) != 0)
			continue;
		if ((i + 3 == llen || !isalpha((unsigned char)addr[i + 3])) &&
		    (i == 0 || !isalpha((unsigned char)addr[i - 1]) ||
		    (i >= 2 && !strncasecmp(addr + i - 2, "ro", 2)) ||
		    (i >= 3 && !strncasecmp(addr + i - 3, "syz", 3))))
			return 1;
	}
	for (const char *p = name; (p = find_ci(p, strlen(p), "bot")); p += 3) {
		int before = p == name || !isalpha((unsigned char)p[-1]) ||
		    (p - name >= 2 && !strncasecmp(p - 2, "ro", 2));
		int after = !isalpha((unsigned char)p[3]);

		if (before && after)
			return 1;
	}
	if (c->o.have_bot) {
		struct buf who = BUF_INIT;
		int hit;

		buf_addf(&who, "%s <%s>", name, addr);
		hit = regexec(&c->o.bot, who.p, 0, NULL, 0) == 0;
		buf_free(&who);
		if (hit)
			return 1;
	}
	return 0;
}

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

/*
 * The row of one mail into c->row, but for its flags column: those go
 * in at c->flags_at (dupid is known only in input order, so the writer
 * adds it), c->idhash the hash of its id.  1, or 0 when the mail was
 * named on stderr and skipped.  Threads call this each on a ctx of its
 * own (the pool below).
 */
int
mail_make(struct ctx *c, const char *data, size_t len, const struct mailpos *pos)
{
	GMimeObject *m;
	struct hdrs h;
	struct analysis a;
	struct subject_info si;
	struct buf id = BUF_INIT, tmp = BUF_INIT, title = BUF_INIT;
	struct buf *row = &c->row;
	unsigned flags = 0;
	const char *type;
	char date[21] = "";
	int ok;
	int64_t t;
	const char *text;

	m = parse_message(c, data, len, 0);
	if (!m) {
		/* Cut inside its header (a truncated file): end the header. */
		struct buf fixed = BUF_INIT;

		buf_add(&fixed, data, len);
		buf_addstr(&fixed, "\n\n");
		m = parse_message(c, fixed.p, fixed.len, 0);
		buf_free(&fixed);
	}
	if (!m) {
		skip_mail(c, pos, "gmime could not parse it");
		return 0;
	}
	collect_headers(m, &h);

	mail_id(&id, &h, data, len, &flags);
	/* 64-bit hashes of the ids: 8 bytes a mail, whatever the archive. */
	c->idhash = hash_bytes(id.p, id.len);

	t = parse_date(h.date, &ok);
	if (!ok && h.recv_last) {
		const char *semi = strrchr(h.recv_last, ';');

		if (semi) {
			t = parse_date(semi + 1, &ok);
			if (ok)
				flags |= FL(F_DATE_RECEIVED);
		}
	}
	if (!ok && pos->fromline) {
		t = fromline_date(pos->fromline, pos->fromlen, &ok);
		if (ok)
			flags |= FL(F_DATE_FROMLINE);
	}
	if (ok)
		iso_utc(date, t);
	else
		flags |= FL(F_NODATE);

	analysis_init(&a);
	analyse(c, m, &a, 0);
	flags |= a.flags;
	if (pos->truncated)
		flags |= FL(F_TRUNCATED);

	subject_parse(a.subject.p ? a.subject.p : "", a.subject.len, &si);
	subject_title(&title, a.subject.p ? a.subject.p : "", a.subject.len);
	if (si.tags & SUBJ_RFC)
		flags |= FL(F_RFC);
	if (si.tags & SUBJ_RESEND)
		flags |= FL(F_RESEND);
	if (si.tags & SUBJ_STABLE)
		flags |= FL(F_STABLE);
	if (si.tags & SUBJ_NEXT)
		flags |= FL(F_NEXT);

	/* Lists that are stable or linux-next themselves mark their mails. */
	list_name(&tmp, c, &h, pos);
	if (tmp.len && (!strncmp(tmp.p, "stable.", 7) || !strcmp(tmp.p, "stable")))
		flags |= FL(F_STABLE);
	if (tmp.len && (!strncmp(tmp.p, "linux-next.", 11) || !strcmp(tmp.p, "linux-next")))
		flags |= FL(F_NEXT);

	if (is_bot(c, &a, h.autosub))
		type = "bot";
	else if ((si.tags & SUBJ_PULL) || a.pull)
		type = "pull";
	else if (si.part == 0 && si.total > 0 && !(si.tags & SUBJ_REPLY))
		type = "cover";
	else if (a.patch && !(si.tags & SUBJ_REPLY))
		type = "patch";
	else if ((si.tags & SUBJ_REPLY) || h.irt || h.refs)
		type = "reply";
	else
		type = "other";

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
	{
		int isp = !strcmp(type, "patch") || !strcmp(type, "cover");
		int ver = si.version, part = si.part, total = si.total;

		if (ver < 0 && (isp || (si.tags & SUBJ_PATCH)))
			ver = 1;
		if (part < 0 && !strcmp(type, "patch")) {
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
	/* flags: mail_emit writes them */
	c->flags_at = row->len;
	c->flags = flags;
	tsv_sep(row);
	/* message annotation diff: only for mails that carry a diff */
	text = a.text.p ? a.text.p : "";
	if (a.patch) {
		buf_reset(&tmp);
		stripspace(&tmp, text + a.body.msg_start, a.body.msg_end - a.body.msg_start);
		tsv_add(row, tmp.p, tmp.len);
		tsv_sep(row);
		tsv_add(row, text + a.body.ann_start, a.body.ann_end - a.body.ann_start);
		tsv_sep(row);
		tsv_add(row, text + a.body.diff_start, a.text.len - a.body.diff_start);
		tsv_add(row, a.extra_diff.p, a.extra_diff.len);
		tsv_sep(row);
	} else {
		tsv_sep(row);
		tsv_sep(row);
		tsv_sep(row);
	}
	/* cites: the mails its own text links to, above any diff */
	buf_reset(&tmp);
	cites_scan(text, a.patch ? a.body.diff_start : a.text.len, &tmp);
	tsv_add_utf8(row, tmp.p, tmp.len);
	tsv_sep(row);
	/* src */
	buf_reset(&tmp);
	pos_format(&tmp, pos);
	tsv_add_utf8(row, tmp.p, tmp.len);

	analysis_free(&a);
	hdrs_free(&h);
	buf_free(&id);
	buf_free(&tmp);
	buf_free(&title);
	g_object_unref(m);
	return 1;
}

/*
 * A split reader's worker (split.c) writes each row as a record, for
 * the first process to write in order (mail_replay): its id's hash, its
 * flags but dupid, where they go, and the row without them.
 */
struct record {
	uint64_t idhash;        /* the last record: mails met */
	uint64_t len;           /* the last record: RECORD_END */
	uint64_t flags_at;      /* the last record: mails skipped */
	uint32_t flags;         /* the last record: mails written damaged */
	uint32_t rc;            /* the last record: read_mbox()'s return + 1 */
};

void
mail_record(struct ctx *c, const struct buf *row, size_t flags_at, unsigned flags,
    uint64_t idhash)
{
	struct record h;

	memset(&h, 0, sizeof h);
	h.idhash = idhash;
	h.len = row->len;
	h.flags_at = flags_at;
	h.flags = flags;
	if (fwrite(&h, sizeof h, 1, c->record) != 1 ||
	    (row->len && fwrite(row->p, 1, row->len, c->record) != row->len))
		die("error writing a worker's rows:");
	c->nrows++;
}

/* The last record: the worker's counts and how its reading ended. */
#define RECORD_END UINT64_MAX

void
mail_record_end(struct ctx *c, int rc)
{
	struct record h;

	memset(&h, 0, sizeof h);
	h.len = RECORD_END;
	h.idhash = c->nmails;
	h.flags_at = c->nskipped;
	h.flags = (uint32_t)c->ndamaged;
	h.rc = (uint32_t)(rc + 1);
	if (fwrite(&h, sizeof h, 1, c->record) != 1 || fflush(c->record) != 0)
		die("error writing a worker's rows:");
}

int
mail_replay(struct ctx *c, FILE *rec, int *rc)
{
	struct record h;
	struct buf row = BUF_INIT;
	int ok = -1;

	while (fread(&h, sizeof h, 1, rec) == 1) {
		if (h.len == RECORD_END) {
			c->nmails += (unsigned long)h.idhash;
			c->nskipped += (unsigned long)h.flags_at;
			c->ndamaged += h.flags;
			*rc = (int)h.rc - 1;
			ok = 0;
			break;
		}
		if (h.flags_at > h.len || h.len > ((uint64_t)1 << 40))
			break;
		buf_reset(&row);
		buf_grow(&row, (size_t)h.len + 1);
		if (h.len && fread(row.p, 1, (size_t)h.len, rec) != h.len)
			break;
		row.len = (size_t)h.len;
		mail_emit(c, &row, (size_t)h.flags_at, h.flags, h.idhash);
	}
	buf_free(&row);
	return ok;
}

/* Write a row mail_make made, in input order: its flags, dupid now known. */
void
mail_emit(struct ctx *c, const struct buf *row, size_t flags_at, unsigned flags,
    uint64_t idhash)
{
	int any = 0;

	if (c->record) {
		mail_record(c, row, flags_at, flags, idhash);
		return;
	}

	if (!set64_add(&c->ids, idhash))
		flags |= FL(F_DUPID);
	if (fwrite(row->p, 1, flags_at, c->out) != flags_at)
		die("error writing output:");
	for (int i = 0; i < F_COUNT; i++) {
		if (!(flags & FL(i)))
			continue;
		if (any++)
			putc(',', c->out);
		fputs(flag_names[i], c->out);
	}
	if (fwrite(row->p + flags_at, 1, row->len - flags_at, c->out) != row->len - flags_at ||
	    putc('\n', c->out) == EOF)
		die("error writing output:");
	c->nrows++;
}

/*
 * Threads making rows (common/opool.h): the reading thread (source.c:
 * reading, decompressing, splitting) hands each mail to the pool,
 * workers make its row (mail_make, gmime's parse and everything after),
 * each with a ctx of its own, and the rows are written in the order the
 * mails came by whichever thread finished the first one waiting (so
 * rows go out while the input stalls, a pipe from a slow source).
 *
 * What a run writes is the same bytes whatever the threads: the one
 * thing that depends on the mails before (a Message-ID seen already:
 * dupid) is decided by the writer (mail_emit), and the pool keeps every
 * message with the mail it is about, or behind the mails before it
 * (the reading thread's: a mail it could not split off, an input that
 * ends early).
 *
 * The pool holds at most POOL_SLOTS mails and, past its first,
 * POOL_BYTES bytes of them, so memory follows the threads, not the
 * archive.
 */
#define POOL_SLOTS 256
#define POOL_BYTES (16u << 20)
/*
 * A slot's buffers past this size are given back once written: kept,
 * every slot would in time hold the biggest mail it met (the memory of
 * a long threaded run grew with the archive: 160 MB for four copies of
 * jailhouse-dev, 60 MB now).
 */
#define KEEP_BYTES (64u << 10)

/* A mail in the pool. */
struct mslot {
	struct buf data;        /* the mail */
	struct buf strs;        /* pos's strings */
	struct mailpos pos;
	struct buf row;         /* mail_make's row, flags left out */
	size_t flags_at;
	unsigned flags;
	uint64_t idhash;
	int has_row;
	unsigned long nskipped;
};

struct pool {
	struct opool *op;
	struct ctx *c;          /* the reading thread's: ids and output */
	struct ctx *w;          /* the workers' */
	int nw;
	unsigned long nskipped; /* by the workers, of the mails written */
};

static void *
pool_start_worker(void *arg, int i)
{
	return &((struct pool *)arg)->w[i];
}

static void
pool_work(void *arg, void *state, void *slot)
{
	struct ctx *w = state;
	struct mslot *j = slot;

	w->nskipped = 0;
	buf_reset(&w->row);
	j->has_row = mail_make(w, j->data.p ? j->data.p : "", j->data.len, &j->pos);
	if (j->has_row) {
		struct buf t = j->row;

		j->row = w->row;
		w->row = t;
		j->flags_at = w->flags_at;
		j->flags = w->flags;
		j->idhash = w->idhash;
	}
	j->nskipped = w->nskipped;
}

static void
pool_emit(void *arg, void *slot)
{
	struct pool *p = arg;
	struct mslot *j = slot;

	if (j->has_row)
		mail_emit(p->c, &j->row, j->flags_at, j->flags, j->idhash);
	p->nskipped += j->nskipped;
	buf_shrink(&j->data, KEEP_BYTES);
	buf_shrink(&j->row, KEEP_BYTES);
	buf_reset(&j->strs);
	j->has_row = 0;
	j->nskipped = 0;
}

static void
pool_slot_free(void *slot)
{
	struct mslot *j = slot;

	buf_free(&j->data);
	buf_free(&j->strs);
	buf_free(&j->row);
}

static void
keep(struct buf *b, size_t *at, const char *s, size_t n)
{
	*at = b->len;
	buf_add(b, s, n);
	buf_addc(b, '\0');
}

/* A copy of the mail and of what pos points to, for a worker. */
static void
pool_submit(struct pool *p, const char *data, size_t len, const struct mailpos *pos)
{
	struct mslot *j = opool_next_sized(p->op, len);
	size_t in = 0, ar = 0, wh = 0, fl = 0;

	buf_add(&j->data, data, len);
	j->pos = *pos;
	/* Offsets first: the buffer moves as it grows. */
	if (pos->input)
		keep(&j->strs, &in, pos->input, strlen(pos->input));
	if (pos->archive)
		keep(&j->strs, &ar, pos->archive, strlen(pos->archive));
	if (pos->where)
		keep(&j->strs, &wh, pos->where, strlen(pos->where));
	if (pos->fromline)
		keep(&j->strs, &fl, pos->fromline, pos->fromlen);
	if (pos->input)
		j->pos.input = j->strs.p + in;
	if (pos->archive)
		j->pos.archive = j->strs.p + ar;
	if (pos->where)
		j->pos.where = j->strs.p + wh;
	if (pos->fromline)
		j->pos.fromline = j->strs.p + fl;
	opool_push(p->op);
}

void
pool_start(struct ctx *c, int threads)
{
	static const struct opool_ops ops = {
		pool_start_worker, NULL, pool_work, pool_emit, pool_slot_free,
		POOL_BYTES, 1,
	};
	struct pool *p;

	if (threads <= 1)
		return;
	p = xcalloc(1, sizeof *p);
	p->c = c;
	/* Copied here, before the reading begins. */
	p->w = xcalloc((size_t)threads, sizeof *p->w);
	for (int i = 0; i < threads; i++) {
		struct ctx *w = &p->w[i];

		*w = *c;
		w->bytes = NULL;
		w->stream = NULL;
		w->parser = NULL;
		w->row = (struct buf)BUF_INIT;
		memset(&w->ids, 0, sizeof w->ids);
		w->pool = NULL;
		w->out = NULL;
	}
	p->op = opool_new(&ops, p, threads, POOL_SLOTS, 1, sizeof(struct mslot));
	p->nw = threads;
	c->pool = p;
}

void
pool_stop(struct ctx *c)
{
	struct pool *p = c->pool;

	if (!p)
		return;
	opool_finish(p->op);
	c->nskipped += p->nskipped;
	for (int i = 0; i < p->nw; i++) {
		parser_free(&p->w[i]);
		buf_free(&p->w[i].row);
	}
	free(p->w);
	free(p);
	c->pool = NULL;
}

void
mail_process(struct ctx *c, const char *data, size_t len, const struct mailpos *pos)
{
	c->nmails++;
	if (c->pool) {
		pool_submit(c->pool, data, len, pos);
		return;
	}
	if (mail_make(c, data, len, pos))
		mail_emit(c, &c->row, c->flags_at, c->flags, c->idhash);
	buf_reset(&c->row);
}

void
mail_init(struct ctx *c)
{
	g_mime_init();
	charset_set_alias(g_mime_charset_iconv_name);
	/* Its phrase tables are built on first use: here, before any thread. */
	withdraw_said("", 0, 0);
	c->popts = g_mime_parser_options_new();
	g_mime_parser_options_set_rfc2047_compliance_mode(c->popts,
	    GMIME_RFC_COMPLIANCE_LOOSE);
	g_mime_parser_options_set_address_compliance_mode(c->popts,
	    GMIME_RFC_COMPLIANCE_LOOSE);
	g_mime_parser_options_set_parameter_compliance_mode(c->popts,
	    GMIME_RFC_COMPLIANCE_LOOSE);
	{
		const char *fb[] = { "UTF-8", NULL };

		g_mime_parser_options_set_fallback_charsets(c->popts, fb);
	}
}

void
mail_fini(struct ctx *c)
{
	g_mime_parser_options_free(c->popts);
	parser_free(c);
	set64_free(&c->ids);
	buf_free(&c->row);
	g_mime_shutdown();
}
