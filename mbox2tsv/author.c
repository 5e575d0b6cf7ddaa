/*
 * author.c - who sent a mail: name and address of a From value by git
 * am's rules, the DMARC rewrite of a list undone, and the robots told
 * apart.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "addr.h"
#include "mbox2tsv.h"
#include "text.h"

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
int
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

/* The list's own address, from List-Post: <mailto:list@host>, lower-cased, into lp. */
static void
list_address(struct buf *lp, const struct hdrs *h)
{
	const char *m = h->listpost ? strstr(h->listpost, "mailto:") : NULL;

	if (m) {
		m += 7;
		buf_add(lp, m, strcspn(m, ">?, \t\r\n"));
		lower(lp->p, lp->len);
	}
}

/*
 * The From of headers h, decoded, into name and addr (lower-cased); the
 * list's address into lp.  Is it the list's: "Name via List", or the
 * list's address?
 */
static int
sent_by_list(const struct hdrs *h, struct buf *name, struct buf *addr, struct buf *lp,
    unsigned *flags)
{
	struct buf v = BUF_INIT;

	decode_header(&v, h->from, flags);
	squeeze(&v);
	parse_from(v.p ? v.p : "", name, addr);
	lower(addr->p, addr->len);
	buf_free(&v);
	list_address(lp, h);
	return (name->p && strstr(name->p, " via ")) ||
	    (lp->len && addr->len == lp->len && !memcmp(addr->p, lp->p, lp->len));
}

int
from_list(const struct hdrs *h)
{
	struct buf name = BUF_INIT, addr = BUF_INIT, lp = BUF_INIT;
	unsigned flags = 0;
	int r = sent_by_list(h, &name, &addr, &lp, &flags);

	buf_free(&name);
	buf_free(&addr);
	buf_free(&lp);
	return r;
}

/*
 * The author and subject of a message from its own headers, with the
 * DMARC rewrite ("Name via List <list@host>") undone where the list
 * kept the original sender.
 */
void
author(struct ctx *c, const struct hdrs *h, struct analysis *a)
{
	struct buf v = BUF_INIT, lp = BUF_INIT, nm = BUF_INIT, ad = BUF_INIT;
	const char *via;

	if (sent_by_list(h, &a->from_name, &a->from_addr, &lp, &a->flags)) {
		const char *alt[2] = { h->xorigfrom, h->replyto };

		via = a->from_name.p ? strstr(a->from_name.p, " via ") : NULL;

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

/* Bots: automated senders whose mails are not patches for the project. */
int
is_bot(struct ctx *c, const struct analysis *a, const char *autosub)
{
	static const char *const locals[] = {
		"noreply", "no-reply", "donotreply", "do-not-reply", "mailer-daemon",
		"postmaster", "notifications", "notification", NULL
	};
	static const char *const forges[] = { "github", "gitlab", NULL };
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
	/*
	 * A forge relaying its events to the list: "GitHub pull_request -
	 * opened <github@...>", "GitLab <gitlab@...>".
	 */
	for (const char *const *f = forges; *f; f++) {
		size_t k = strlen(*f);

		if (!strncasecmp(name, *f, k) && (!name[k] || name[k] == ' '))
			return 1;
	}
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
