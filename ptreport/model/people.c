/*
 * people.c - who a mail is by: one person under several addresses or
 * names; the people a message's trailer lines name, those its own words
 * credit, and whether a commit's credits name a mail's sender.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "mailmap.h"
#include "readers.h"
#include "person.h"
#include "text.h"

/*
 * One person: the same address, or the same name (common/person.h; the
 * senders of mails without an address are one).  Strings are interned.
 */
int
by_person(const struct mail *r, const char *addr, const char *who)
{
	return one_person(r->from, r->who, addr, who, 1);
}

int
same_person(const struct mail *a, const struct mail *b)
{
	return by_person(a, b->from, b->who) || (b->sfrom && by_person(a, b->sfrom, b->swho));
}

/*
 * A trailer line p[0..k) whose tag is one of tags[0..ntags) (ntags 0:
 * any line, the whole of it the value): 1 with its person, the address
 * between < and > (*addr, *alen; else the whole value, *angled 0) and
 * the name before it, trimmed (*name, *nlen); 0 for another line.
 */
int
trailer_person(const char *p, size_t k, const char *const *tags, size_t ntags,
    const char **addr, size_t *alen, int *angled, const char **name, size_t *nlen)
{
	const char *v = ntags ? NULL : p, *lt, *gt;
	size_t vn;

	for (size_t i = 0; !v && i < ntags; i++)
		if (has_prefix_ci(p, k, tags[i]))
			v = p + strlen(tags[i]);
	if (!v)
		return 0;
	vn = (size_t)(p + k - v);
	v = trim(v, &vn);
	lt = memchr(v, '<', vn);
	gt = lt ? memchr(lt, '>', (size_t)(v + vn - lt)) : NULL;
	*angled = lt && gt && gt > lt + 1;
	*nlen = 0;
	*name = v;
	if (*angled) {
		*nlen = (size_t)(lt - v);
		*name = trim(v, nlen);
		*alen = (size_t)(gt - lt - 1);
		*addr = trim(lt + 1, alen);
	} else {
		*addr = v;
		*alen = vn;
	}
	return 1;
}

/*
 * The people of the lines of s[0..n) with one of the tags (ntags 0: a
 * person a line, "Name <addr>", as a patch table's credits column has
 * them): each one's address (or name, without one; a value with a blank
 * is none), lower-cased and interned, space-separated; "" for none.
 */
/* A trailer's person: its value v[0..vn) (an address, or a name), its name nm[0..nn) if angled. */
typedef void person_fn(const char *v, size_t vn, int angled, const char *nm, size_t nn, void *arg);

/* Each line of s[0..n) with one of the tags (ntags 0: any "Name <addr>" line) naming a person. */
static void
each_person(const char *s, size_t n, const char *const *tags, size_t ntags, person_fn *fn,
    void *arg)
{
	struct line_walk w;
	const char *p;
	size_t k;

	line_walk_init(&w, s, n);
	while (line_next(&w, &p, &k)) {
		const char *v, *nm;
		size_t vn, nn;
		int angled;

		if (trailer_person(p, k, tags, ntags, &v, &vn, &angled, &nm, &nn) && vn)
			fn(v, vn, angled, nm, nn, arg);
	}
}

/* people_list()'s: an address (or a name without a blank), interned, space-separated. */
struct plist {
	struct model *md;
	struct buf out;
};

static void
list_one(const char *v, size_t vn, int angled, const char *nm, size_t nn, void *arg)
{
	struct plist *l = arg;

	(void)angled, (void)nm, (void)nn;
	if (memchr(v, ' ', vn))
		return;
	if (l->out.len)
		buf_addc(&l->out, ' ');
	buf_addstr(&l->out, intern_lower(&l->md->pool, v, vn));
}

const char *
people_list(struct model *md, const char *s, size_t n, const char *const *tags, size_t ntags)
{
	struct plist l = { md, BUF_INIT };
	const char *r;

	each_person(s, n, tags, ntags, list_one, &l);
	r = l.out.len ? intern(&md->pool, l.out.p, l.out.len) : "";
	buf_free(&l.out);
	return r;
}

/* Does commit c's credits list (space-separated, lower-cased) name m's person? */
int
credits_person(const struct commit *c, const struct mail *m)
{
	size_t n = strlen(c->credits);

	return has_item(c->credits, n, ' ', m->from, strlen(m->from)) ||
	    (*m->who && !strchr(m->who, ' ') && has_item(c->credits, n, ' ', m->who,
	    strlen(m->who)));
}

/* The people a message's Reported-by: and Suggested-by: trailers name (people_list()). */
const char *
reporters(struct model *md, const char *s, size_t n)
{
	static const char *const tags[] = { "reported-by:", "suggested-by:" };

	return people_list(md, s, n, tags, sizeof tags / sizeof tags[0]);
}

/*
 * The people a message's credit trailers name (Reported-by, Suggested-by,
 * Reviewed-by, Acked-by, Tested-by, Co-developed-by, Helped-by): each
 * one's address and name, lower-cased, a line each, interned; "" for
 * none.  A committer's own commit that follows up a review names its
 * reviewer so (offlist.c).
 */
/* credited()'s: the value and, angled, the name, a line each. */
static void
credit_one(const char *v, size_t vn, int angled, const char *nm, size_t nn, void *arg)
{
	struct buf *out = arg;

	buf_add(out, v, vn);
	buf_addc(out, '\n');
	if (angled && nn) {
		buf_add(out, nm, nn);
		buf_addc(out, '\n');
	}
}

const char *
credited(struct model *md, const char *s, size_t n)
{
	static const char *const tags[] = {
		"reported-by:", "suggested-by:", "reviewed-by:", "acked-by:", "tested-by:",
		"co-developed-by:", "helped-by:",
	};
	struct buf out = BUF_INIT;
	const char *r;

	each_person(s, n, tags, sizeof tags / sizeof tags[0], credit_one, &out);
	lower(out.p, out.len);
	r = out.len ? intern(&md->pool, out.p, out.len) : "";
	buf_free(&out);
	return r;
}

/* Is line s[0..n) a trailer, "Word-Word: value", or another's words quoted (">")? */
static int
trailer_line(const char *s, size_t n)
{
	size_t k = 0;

	while (k < n && (s[k] == ' ' || s[k] == '\t'))
		k++;
	if (k < n && s[k] == '>')
		return 1;
	if (k == n || !isalpha((unsigned char)s[k]))
		return 0;
	while (k < n && (isalnum((unsigned char)s[k]) || s[k] == '-'))
		k++;
	return k + 1 < n && s[k] == ':' && s[k + 1] == ' ';
}

/* Does s[0..n) hold the word w (any case, letters not beside it)? */
static int
has_word_ci(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w);

	for (size_t i = 0; i + k <= n; i++)
		if (!strncasecmp(s + i, w, k) && (i == 0 || !isalpha((unsigned char)s[i - 1])) &&
		    (i + k == n || !isalpha((unsigned char)s[i + k])))
			return 1;
	return 0;
}

/* How far before an address its credit's "by" or "from" may be: "by Jes Sorensen <". */
#define PROSE_BACK 48

/*
 * The people a commit message's own words credit with the change, not
 * in a trailer: an address in angle brackets after "by" or "from"
 * (PROSE_BACK bytes at most before it, in its paragraph, no sentence
 * ending between), "Rewritten from patches by Jes Sorensen
 * <jsorensen@fb.com>", "Based on a patch from ...": each address,
 * lower-cased and interned, space-separated; "" for none.
 */
const char *
prose_credits(struct model *md, const char *s, size_t n)
{
	struct buf out = BUF_INIT;
	const char *r;

	for (const char *lt = s; (lt = memchr(lt, '<', (size_t)(s + n - lt))) != NULL; lt++) {
		const char *gt = memchr(lt, '>', (size_t)(s + n - lt)), *ls = lt, *b;
		size_t an;

		if (!gt || gt - lt > 100 || !memchr(lt, '@', (size_t)(gt - lt)) ||
		    memchr(lt, ' ', (size_t)(gt - lt)) || memchr(lt, '\n', (size_t)(gt - lt)))
			continue;
		while (ls > s && ls[-1] != '\n')
			ls--;
		if (trailer_line(ls, (size_t)(gt - ls)))
			continue;
		/* Back to PROSE_BACK bytes, not past a blank line or a sentence's end. */
		for (b = lt; b > s && lt - b < PROSE_BACK; b--) {
			if (b[-1] == '.' || b[-1] == ':' || b[-1] == ';' || b[-1] == '(' ||
			    (b[-1] == '\n' && (b - 1 == s || b[-2] == '\n')))
				break;
		}
		if (!has_word_ci(b, (size_t)(lt - b), "by") && !has_word_ci(b, (size_t)(lt - b), "from"))
			continue;
		{
			const char *nm, *ad = lt + 1, *a;
			size_t nn;

			an = (size_t)(gt - lt - 1);
			/* Through the mailmap, as a mail's sender. */
			mailmap_map(md->mm, "", 0, ad, an, &nm, &nn, &ad, &an);
			a = intern_lower(&md->pool, ad, an);

			if (has_item(out.p ? out.p : "", out.len, ' ', a, an))
				continue;
			if (out.len)
				buf_addc(&out, ' ');
			buf_addstr(&out, a);
		}
	}
	r = out.len ? intern(&md->pool, out.p, out.len) : "";
	buf_free(&out);
	return r;
}
