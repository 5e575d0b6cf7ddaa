/*
 * mailmap.c - read git's .mailmap and map a name and address through it
 * (see mailmap.h for the forms; the rules are git's mailmap.c, restated).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "addr.h"
#include "mailmap.h"
#include "util.h"

/* What a commit address maps to, for a commit name (old) or for any. */
struct mmname {
	const char *old;         /* the commit name; NULL: the entry for any name */
	const char *name, *email;/* the proper ones; NULL: unchanged */
};

struct mmaddr {
	struct mmname any;       /* lines without a commit name, merged */
	struct mmname *v;        /* lines with one, the last line for a name */
	size_t n, cap;
};

void
mailmap_init(struct mailmap *mm)
{
	memset(mm, 0, sizeof *mm);
}

static const char *
keep(struct mailmap *mm, const char *s, size_t n)
{
	return s ? arena_strndup(&mm->mem, s, n) : NULL;
}

static struct mmaddr *
addr_entry(struct mailmap *mm, const char *email, size_t n)
{
	char *key = arena_strndup(&mm->mem, email, n);
	struct hent *e;
	int isnew;

	for (size_t i = 0; i < n; i++)
		key[i] = (char)tolower((unsigned char)key[i]);
	e = hmap_put(&mm->byaddr, key, n, &isnew);
	if (isnew) {
		struct mmaddr *a = arena_alloc(&mm->mem, sizeof *a);

		memset(a, 0, sizeof *a);
		e->val = a;
	}
	return e->val;
}

/* A part of an entry: blanks, a name (maybe none), <email>. */
struct part {
	const char *name, *email;
	size_t nlen, elen;
};

static const char *
skip_blank(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\f' || *p == '\v')
		p++;
	return p;
}

/* Parse a part at *p, advancing it; NULL, or what is wrong. */
static const char *
parse_part(const char **p, struct part *pt, int allow_empty)
{
	const char *s = skip_blank(*p);
	struct name_addr na;
	int k = name_addr_split(s, " \t", &na);

	if (!k)
		return "no <address>";
	if (k < 0)
		return "an address without its closing '>'";
	if (memchr(na.addr, '<', na.alen))
		return "'<' inside an address";
	if (!na.alen && !allow_empty)
		return "an empty proper address";
	if (memchr(na.name, '>', na.nlen))
		return "a '>' outside an address";
	pt->name = na.nlen ? na.name : NULL;
	pt->nlen = na.nlen;
	pt->email = na.addr;
	pt->elen = na.alen;
	*p = na.rest;
	return NULL;
}

/* Record proper (name1, email1) for commit (name2, email2) as git does. */
static void
add_mapping(struct mailmap *mm, const struct part *proper, const struct part *commit)
{
	const struct part *old = commit ? commit : proper;
	struct mmaddr *a = addr_entry(mm, old->email, old->elen);
	const char *name = keep(mm, proper->name, proper->nlen);
	const char *email = commit ? keep(mm, proper->email, proper->elen) : NULL;
	struct mmname *nm = NULL;

	if (!commit || !commit->name) {
		/* For any name: what this line gives replaces, the rest stays. */
		if (name)
			a->any.name = name;
		if (email)
			a->any.email = email;
		return;
	}
	for (size_t i = 0; i < a->n && !nm; i++)
		if (strlen(a->v[i].old) == commit->nlen &&
		    !strncasecmp(a->v[i].old, commit->name, commit->nlen))
			nm = &a->v[i];
	if (!nm) {
		if (a->n == a->cap) {
			struct mmname *v;

			a->cap = a->cap ? 2 * a->cap : 2;
			v = arena_alloc(&mm->mem, a->cap * sizeof *v);
			if (a->n)
				memcpy(v, a->v, a->n * sizeof *v);
			a->v = v;
		}
		nm = &a->v[a->n++];
		nm->old = keep(mm, commit->name, commit->nlen);
	}
	nm->name = name;
	nm->email = email;
}

/* One line, without its newline; NULL, or what is wrong with it. */
static const char *
parse_line(struct mailmap *mm, const char *line)
{
	struct part proper, commit;
	const char *p = skip_blank(line), *why;
	int two;

	if (!*p || *p == '#')
		return NULL;
	if ((why = parse_part(&p, &proper, 0)) != NULL)
		return why;
	p = skip_blank(p);
	two = *p && *p != '#';
	if (two) {
		if (!strchr(p, '<'))
			return "after the address: neither a second <address> nor a '#' comment";
		if ((why = parse_part(&p, &commit, 1)) != NULL)
			return why;
		p = skip_blank(p);
		if (*p && *p != '#')
			return "after the second address: neither the end of the line nor a '#' comment";
	} else if (!proper.name) {
		return "an address alone maps nothing (give a proper name or a second address)";
	}
	add_mapping(mm, &proper, two ? &commit : NULL);
	mm->nentries++;
	return NULL;
}

int
mailmap_read(struct mailmap *mm, const char *path, int quiet)
{
	FILE *fp = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	unsigned long lineno = 0;
	int rc = 0;

	if (!fp) {
		warnx("%s:", path);
		return -1;
	}
	mm->path = path;
	while ((len = getline(&line, &cap, fp)) != -1) {
		const char *why;

		lineno++;
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (memchr(line, '\0', (size_t)len))
			why = "a NUL byte in the line";
		else
			why = parse_line(mm, line);
		if (why) {
			mm->nbad++;
			if (!quiet)
				warnx("%s:%lu: %s, line skipped", path, lineno, why);
		}
	}
	if (ferror(fp)) {
		warnx("%s:", path);
		rc = -1;
	}
	free(line);
	fclose(fp);
	return rc;
}

int
mailmap_map(const struct mailmap *mm, const char *name, size_t nlen, const char *addr,
    size_t alen, const char **oname, size_t *onlen, const char **oaddr, size_t *oalen)
{
	char buf[256] = "", *key;
	const struct hent *e;
	const struct mmaddr *a;
	const struct mmname *m;

	if (!mm || !mm->byaddr.n)
		return 0;
	key = alen < sizeof buf ? buf : xmalloc(alen + 1);
	for (size_t i = 0; i < alen; i++)
		key[i] = (char)tolower((unsigned char)addr[i]);
	e = hmap_get(&mm->byaddr, key, alen);
	if (key != buf)
		free(key);
	if (!e)
		return 0;
	a = e->val;
	m = &a->any;
	for (size_t i = 0; name && i < a->n; i++)
		if (strlen(a->v[i].old) == nlen && !strncasecmp(a->v[i].old, name, nlen)) {
			m = &a->v[i];
			break;
		}
	if (!m->name && !m->email)
		return 0;
	if (m->name) {
		*oname = m->name;
		*onlen = strlen(m->name);
	}
	if (m->email) {
		*oaddr = m->email;
		*oalen = strlen(m->email);
	}
	return 1;
}

void
mailmap_free(struct mailmap *mm)
{
	hmap_free(&mm->byaddr);
	arena_free(&mm->mem);
	memset(mm, 0, sizeof *mm);
}
