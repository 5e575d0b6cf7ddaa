/*
 * html-escape.c - text and links made safe for the HTML page.  What the
 * page shows was written by whoever can send a mail or push a commit:
 * every string is escaped for HTML (text and quoted attributes alike),
 * and every id in a link percent-encoded into a template that can only
 * name the web or a file.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "html-page.h"
#include "util.h"

/*
 * Text for HTML, in an element or in a quoted attribute alike: & < > "
 * and ' as references, control characters (a TSV field may hold any)
 * as blanks.  The text is UTF-8 already (the tables are).
 */
void
esc(FILE *fp, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		switch (c) {
		case '&': fputs("&amp;", fp); break;
		case '<': fputs("&lt;", fp); break;
		case '>': fputs("&gt;", fp); break;
		case '"': fputs("&quot;", fp); break;
		case '\'': fputs("&#39;", fp); break;
		default: fputc(c < 0x20 || c == 0x7f ? ' ' : c, fp); break;
		}
	}
}

/* The first n bytes of s, escaped. */
void
escn(FILE *fp, const char *s, size_t n)
{
	char *t = xstrndup(s, n);

	esc(fp, t);
	free(t);
}

/*
 * The link of id through template tmpl, escaped for an attribute: %s is
 * id, every byte but letters, digits, - . _ ~ and @ percent-encoded (so
 * a Message-ID with / ? # % " < > stays one path segment), %% a '%'.
 */
void
url_expand(struct buf *b, const char *tmpl, const char *id)
{
	static const char hex[] = "0123456789ABCDEF";

	for (const char *t = tmpl; *t; t++) {
		if (t[0] == '%' && t[1] == 's') {
			for (const unsigned char *p = (const unsigned char *)id; *p; p++) {
				if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
				    (*p >= '0' && *p <= '9') || strchr("-._~@", *p)) {
					buf_addc(b, *p);
				} else {
					buf_addc(b, '%');
					buf_addc(b, hex[*p >> 4]);
					buf_addc(b, hex[*p & 15]);
				}
			}
			t++;
		} else if (t[0] == '%' && t[1] == '%') {
			buf_addc(b, '%');
			t++;
		} else {
			buf_addc(b, *t);
		}
	}
}

void
url(FILE *fp, const char *tmpl, const char *id)
{
	struct buf b = BUF_INIT;

	url_expand(&b, tmpl, id);
	esc(fp, b.p ? b.p : "");
	buf_free(&b);
}

int
url_template_check(const char *tmpl, const char **why)
{
	int n = 0;
	size_t k = strspn(tmpl, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-");

	for (const char *t = tmpl; *t; t++) {
		if (*t != '%')
			continue;
		if (t[1] == 's')
			n++;
		else if (t[1] != '%') {
			*why = "a % other than %s and %%";
			return -1;
		}
		t++;
	}
	if (n != 1) {
		*why = n ? "more than one %s" : "no %s where the id goes";
		return -1;
	}
	/* A scheme: only the web's or a file's; javascript: and data: are no archive. */
	if (k && tmpl[k] == ':' && strncmp(tmpl, "http:", 5) && strncmp(tmpl, "https:", 6) &&
	    strncmp(tmpl, "file:", 5)) {
		*why = "a scheme other than http:, https: or file:";
		return -1;
	}
	return 0;
}
