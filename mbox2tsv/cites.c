/*
 * cites.c - the mails a mail's own text names by their archive links
 * (https://lore.kernel.org/r/<id>, https://patch.msgid.link/<id>, a
 * public-inbox's /LIST/<id>/) or patchwork pages (patchwork's
 * /project/P/patch/<id>/ and /cover/<id>/): mbox2tsv's cites column.  A maintainer
 * who answers a patch from outside its thread ("done differently in
 * https://lore.kernel.org/r/...", a rework that names the originals
 * below its "---") answers it all the same; ptreport counts such a
 * mail as a response to the patch it names.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <string.h>

#include "cites.h"
#include "text.h"

/*
 * Hosts whose paths name mails by Message-ID: each a name's labels
 * from a label's start ("lore." in lore.kernel.org, not in
 * explore.example.com; "public-inbox" in public-inbox.org; "patchwork"
 * in patchwork.ozlabs.org, whose older pages name a number, no mail).
 */
static const char *const hosts[] = {
	"lore.", "lkml.kernel.org", "msgid.link", "public-inbox", "inbox.", "patchwork", NULL,
};

static int
archive_host(const char *h, size_t n)
{
	for (const char *const *p = hosts; *p; p++) {
		size_t k = strlen(*p);

		for (const char *q = h; (q = find_bytes(q, (size_t)(h + n - q), *p, k)); q++)
			if (q == h || q[-1] == '.')
				return 1;
	}
	return 0;
}

static int
hexv(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/*
 * The segment seg[0..n) of a link's path, %-decoded, without angle
 * brackets, when it is a Message-ID (an '@', no blank): appended (2),
 * or listed already (1); else 0.
 */
static int
take(struct buf *out, const char *seg, size_t n)
{
	char id[512];
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		int hi, lo;

		/* An id longer than any mail's is no id: not one cut short. */
		if (k == sizeof id - 1)
			return 0;
		if (seg[i] == '%' && i + 2 < n && (hi = hexv(seg[i + 1])) >= 0 &&
		    (lo = hexv(seg[i + 2])) >= 0) {
			id[k++] = (char)(hi * 16 + lo);
			i += 2;
		} else {
			id[k++] = seg[i];
		}
	}
	if (k && id[0] == '<')
		memmove(id, id + 1, --k);
	if (k && id[k - 1] == '>')
		k--;
	if (k < 3 || !memchr(id, '@', k))
		return 0;
	for (size_t i = 0; i < k; i++)
		if ((unsigned char)id[i] <= ' ' || id[i] == '\\')
			return 0;
	/* out is a blank-separated list of the ids taken so far. */
	if (has_item(out->p, out->len, ' ', id, k))
		return 1;
	if (out->len)
		buf_addc(out, ' ');
	buf_add(out, id, k);
	return 2;
}

/* Does this byte end a link in running text? */
static int
link_end(char c)
{
	return (unsigned char)c <= ' ' || strchr("<>()[]\"'`,;", c) != NULL;
}

void
cites_scan(const char *s, size_t n, struct buf *out)
{
	size_t found = 0, len;
	struct line_walk w;
	const char *p;

	line_walk_init(&w, s, n);
	while (found < CITES_MAX && line_next(&w, &p, &len)) {
		const char *le = p + len, *q = p;

		while (q < le && (*q == ' ' || *q == '\t'))
			q++;
		/* Quoted lines are another's words. */
		if (q < le && *q == '>')
			continue;
		for (const char *u = q; u < le && found < CITES_MAX &&
		    (u = find_bytes(u, (size_t)(le - u), "://", 3)) != NULL;) {
			const char *h = u + 3, *he = h, *pe;

			while (he < le && *he != '/' && !link_end(*he))
				he++;
			pe = he;
			while (pe < le && !link_end(*pe))
				pe++;
			u = pe;
			/*
			 * A query or fragment is not the path; a sentence's
			 * closing stop is not the link's.
			 */
			for (const char *x = he; x < pe; x++)
				if (*x == '?' || *x == '#') {
					pe = x;
					break;
				}
			while (pe > he && strchr(".,:;!", pe[-1]))
				pe--;
			/* The path's segments, the first Message-ID taken. */
			if (he < pe && archive_host(h, (size_t)(he - h)))
				for (const char *g = he + 1; g < pe;) {
					const char *sl = memchr(g, '/', (size_t)(pe - g));
					const char *ge = sl ? sl : pe;

					int t = take(out, g, (size_t)(ge - g));

					/* The limit counts ids, not links to them. */
					if (t) {
						found += t == 2;
						break;
					}
					g = ge + 1;
				}
		}
	}
}
