/*
 * parse.c - gmime's part: its set-up, and one raw mail made a MIME
 * tree, gmime given only the header fields that are read.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "charset.h"
#include "mbox2tsv.h"
#include "own.h"

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
		NAME("X-Patchwork-Hint"),
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

/*
 * Parse a mail.  gmime keeps referring to the bytes of the stream while
 * the message lives, so only the outermost mail (nested == 0) may use
 * the byte array that is reused from mail to mail.
 *
 * As a MIME part, not a GMimeMessage: the part keeps every header, raw,
 * and its body is the message's body, while a GMimeMessage would also
 * parse From, To, Cc and the rest into address objects this program
 * never reads (it reads the raw headers: collect_headers()).  An
 * attached mail (message/rfc822) is still a GMimeMessage: analyse()
 * takes either.  The outermost mail's stream and parser are made once
 * per ctx and set back for each mail.
 */
GMimeObject *
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
void
parser_free(struct ctx *c)
{
	if (!c->bytes)
		return;
	g_object_unref(c->parser);
	g_object_unref(c->stream);
	g_byte_array_unref(c->bytes);
	c->bytes = NULL;
}

void
mail_init(struct ctx *c)
{
	g_mime_init();
	charset_set_alias(g_mime_charset_iconv_name);
	/* The phrase tables of the own text are built here, before any thread. */
	own_init();
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
