/*
 * people.c - who a mail is by: one person under several addresses or
 * names; the people a message's trailer lines name, and whether a
 * commit's credits name a mail's sender.
 */
#define _POSIX_C_SOURCE 200809L
#include <string.h>

#include "buf.h"
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
const char *
people_list(struct model *md, const char *s, size_t n, const char *const *tags, size_t ntags)
{
	struct buf out = BUF_INIT;
	const char *r;
	struct line_walk w;
	const char *p;
	size_t k;

	line_walk_init(&w, s, n);
	while (line_next(&w, &p, &k)) {
		const char *v, *nm;
		size_t vn, nn;
		int angled;

		if (!trailer_person(p, k, tags, ntags, &v, &vn, &angled, &nm, &nn) || !vn ||
		    memchr(v, ' ', vn))
			continue;
		if (out.len)
			buf_addc(&out, ' ');
		buf_addstr(&out, intern_lower(&md->pool, v, vn));
	}
	r = out.len ? intern(&md->pool, out.p, out.len) : "";
	buf_free(&out);
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
