/*
 * maint.c - MAINTAINERS files and the sections a patch falls in.
 *
 * The rules are those of the kernel's scripts/get_maintainer.pl (run
 * with --nogit), restated in ptmaint(1):
 *
 *   - a typed line is "X:" in column 1 (X a capital letter), then the
 *     value; any other line that is not blank and not a '#' comment is
 *     a title, and the typed lines after it are its section;
 *   - F: and X: are anchored at the start of the path only; '.' is
 *     itself, '*' any run of characters ('/' too), '?' one character;
 *     a pattern ending in '/' takes everything below, any other must
 *     have as many '/' as the path; a pattern that names a folder
 *     counts as ending in '/';
 *   - X: excludes its section for that path; N: is a regular
 *     expression searched in the path; K: one searched in the patch's
 *     text;
 *   - depth: the '/' in the pattern, plus one if it does not end in
 *     '/'; -1 for a pattern starting with '*'; 0 for N: and K:.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "addr.h"
#include "buf.h"
#include "maint.h"
#include "order.h"
#include "util.h"

static const char known_types[] = "BCDFKLMNPQRSTVWX";

/* Characters a pattern passes to the regular expression as they are. */
static int
regex_special(int c)
{
	return strchr("[](){}+|^$\\", c) != NULL;
}

static int
count_slashes(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '/';
	return n;
}

/*
 * Does the glob p (only * and ?) match a prefix of s?  That is p
 * followed by an implied '*', so the usual single-backtrack matcher
 * succeeds as soon as p runs out.
 */
static int
gmatch(const char *p, const char *s)
{
	const char *sp = NULL, *ss = NULL;

	for (;;) {
		if (*p == '\0')
			return 1;
		if (*p == '*') {
			sp = ++p;
			ss = s;
			continue;
		}
		if (*s && (*p == '?' || *p == *s)) {
			p++;
			s++;
			continue;
		}
		if (sp && *ss) {
			p = sp;
			s = ++ss;
			continue;
		}
		return 0;
	}
}

/*
 * A bracket expression, *p just past its '[', to out: blanks count;
 * escapes become members; fold (inside (?i:) puts both cases of a
 * letter in.  *p is left past the ']'.  0, or -1 with *why set.
 */
static int
bracket_to_ere(const char **pp, struct buf *out, int fold, const char **why)
{
	const char *p = *pp;
	int neg = 0, close = 0, dash = 0;
	struct buf set = { 0 };

	if (*p == '^') {
		neg = 1;
		p++;
	}
	if (*p == ']') {
		close = 1;
		p++;
	}
	while (*p && *p != ']') {
		if (*p == '[' && p[1] == ':') {
			const char *e = strstr(p + 2, ":]");

			if (!e) {
				*why = "unterminated [: class";
				buf_free(&set);
				return -1;
			}
			buf_add(&set, p, (size_t)(e + 2 - p));
			p = e + 2;
			continue;
		}
		if (*p == '\\' && p[1]) {
			switch (p[1]) {
			case 'd': buf_addstr(&set, "[:digit:]"); break;
			case 'w': buf_addstr(&set, "[:alnum:]_"); break;
			case 's': buf_addstr(&set, "[:space:]"); break;
			case 'n': buf_addc(&set, '\n'); break;
			case 't': buf_addc(&set, '\t'); break;
			case ']': close = 1; break;
			case '-': dash = 1; break;
			case 'D': case 'W': case 'S':
				*why = "a negated class inside brackets";
				buf_free(&set);
				return -1;
			default:
				if (isalnum((unsigned char)p[1])) {
					*why = "an escape POSIX has no word for";
					buf_free(&set);
					return -1;
				}
				buf_addc(&set, p[1]);
			}
			p += 2;
			continue;
		}
		if (fold && isalpha((unsigned char)*p)) {
			buf_addc(&set, tolower((unsigned char)*p));
			buf_addc(&set, toupper((unsigned char)*p));
			p++;
			continue;
		}
		buf_addc(&set, *p++);
	}
	if (*p != ']') {
		*why = "unterminated [";
		buf_free(&set);
		return -1;
	}
	p++;
	buf_addc(out, '[');
	if (neg)
		buf_addc(out, '^');
	if (close)
		buf_addc(out, ']');
	if (set.len)
		buf_add(out, set.p, set.len);
	if (dash)
		buf_addc(out, '-');
	buf_addc(out, ']');
	buf_free(&set);
	*pp = p;
	return 0;
}

/*
 * The escape \c outside brackets to out: Perl's classes spelled the
 * POSIX way.  0, or -1 with *why set.
 */
static int
escape_to_ere(int c, struct buf *out, const char **why)
{
	switch (c) {
	case 'd': buf_addstr(out, "[0-9]"); break;
	case 'D': buf_addstr(out, "[^0-9]"); break;
	case 'w': buf_addstr(out, "[[:alnum:]_]"); break;
	case 'W': buf_addstr(out, "[^[:alnum:]_]"); break;
	case 's': buf_addstr(out, "[[:space:]]"); break;
	case 'S': buf_addstr(out, "[^[:space:]]"); break;
	case 'b': buf_addstr(out, "\\b"); break;
	case 'B': buf_addstr(out, "\\B"); break;
	case 'n': buf_addc(out, '\n'); break;
	case 't': buf_addc(out, '\t'); break;
	default:
		if (isalnum((unsigned char)c)) {
			*why = "an escape POSIX has no word for";
			return -1;
		}
		buf_addc(out, '\\');
		buf_addc(out, c);
	}
	return 0;
}

int
perl_to_ere(const char *re, struct buf *out, int *icase, const char **why)
{
	const char *p = re;
	int depth = 0, idepth = -1;     /* parentheses open; that of (?i: */

	*why = NULL;
	*icase = 0;
	while (*p == ' ' || *p == '\t')
		p++;
	if (strncmp(p, "(?i)", 4) == 0) {
		*icase = 1;             /* the whole expression */
		p += 4;
	}
	while (*p) {
		if (*p == '[') {
			p++;
			if (bracket_to_ere(&p, out, idepth >= 0, why) < 0)
				return -1;
			continue;
		}
		if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
			p++;            /* /x */
			continue;
		}
		if (*p == '#') {
			break;          /* /x: a comment to the end */
		}
		if (*p == '(' && p[1] == '?') {
			if (p[2] == ':' || (p[2] == 'i' && p[3] == ':')) {
				buf_addc(out, '(');
				depth++;
				if (p[2] == 'i' && idepth < 0)
					idepth = depth;
				p += p[2] == ':' ? 3 : 4;
				continue;
			}
			*why = "a (? form other than (?: (?i: and a leading (?i)";
			return -1;
		}
		if (*p == '(' || *p == ')') {
			if (*p == '(')
				depth++;
			else {
				if (depth == idepth)
					idepth = -1;
				depth--;
			}
			buf_addc(out, *p++);
			continue;
		}
		if (idepth >= 0 && isalpha((unsigned char)*p)) {
			buf_addc(out, '[');
			buf_addc(out, tolower((unsigned char)*p));
			buf_addc(out, toupper((unsigned char)*p));
			buf_addc(out, ']');
			p++;
			continue;
		}
		if ((*p == '*' || *p == '+' || *p == '?' || *p == '}') && p[1] == '?') {
			buf_addc(out, *p);      /* lazy or greedy: the same for a search */
			p += 2;
			continue;
		}
		if (*p == '\\' && p[1]) {
			if (escape_to_ere((unsigned char)p[1], out, why) < 0)
				return -1;
			p += 2;
			continue;
		}
		buf_addc(out, *p++);
	}
	buf_addc(out, '\0');
	out->len--;
	return 0;
}

static void bad(struct mfile *mf, const char *name, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void
bad(struct mfile *mf, const char *name, unsigned line, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	mf->nbad++;
	if (mf->quiet)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	warnx("%s:%u: %s", name, line, msg);
}

/* "Name <addr>" or "addr (comment)"; the address lower-cased. */
static void
split_person(struct mfile *mf, struct mentry *e)
{
	const char *v = e->value;
	const char *a, *ae, *n, *ne;
	struct name_addr na;
	char *addr;

	/* The name as written: an empty one is looked for after the '>'. */
	if (name_addr_split(v, NULL, &na) > 0) {
		a = na.addr;
		ae = na.addr + na.alen;
		n = na.name;
		ne = na.name + na.nlen;
		if (ne == n) {
			n = na.rest;
			ne = v + strlen(v);
		}
	} else {
		a = v;
		ae = v + strcspn(v, " \t");
		n = ae;
		ne = v + strlen(v);
	}
	while (n < ne && (*n == ' ' || *n == '\t' || *n == '"'))
		n++;
	while (ne > n && (ne[-1] == ' ' || ne[-1] == '\t' || ne[-1] == '"'))
		ne--;
	while (a < ae && (*a == ' ' || *a == '\t'))
		a++;
	while (ae > a && (ae[-1] == ' ' || ae[-1] == '\t'))
		ae--;
	addr = arena_strndup(&mf->mem, a, (size_t)(ae - a));
	for (char *c = addr; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	e->addr = addr;
	e->name = arena_strndup(&mf->mem, n, (size_t)(ne - n));
}

/*
 * glibc's regcomp copies a repeated part once per repetition, so
 * "c++++", "((a+)+)+" or "a{1000}" cost memory exponential or huge in
 * the pattern's length.  Refuse what no MAINTAINERS file needs: a
 * quantifier on a quantifier, quantified groups nested more than three
 * deep, and counts above 255.  Returns why, or NULL.
 */
static const char *
too_costly(const char *re)
{
	int stack[64], sp = 0, inner = 0, last = 0, maxq = 0;
	const char *p = re;

	/* last: 0 nothing, 1 an atom, 2 a group just closed, 3 a quantifier */
	while (*p) {
		int q = 0;

		if (*p == '\\' && p[1]) {
			p += 2;
			last = 1;
			continue;
		}
		if (*p == '[') {
			p++;
			if (*p == '^')
				p++;
			if (*p == ']')
				p++;
			while (*p && *p != ']') {
				if (*p == '[' && (p[1] == ':' || p[1] == '.' || p[1] == '=')) {
					const char *e = strchr(p + 2, ']');

					p = e ? e + 1 : p + strlen(p);
					continue;
				}
				p++;
			}
			if (*p)
				p++;
			last = 1;
			continue;
		}
		if (*p == '(') {
			if (sp == 64)
				return "groups nested too deep";
			stack[sp++] = inner;
			inner = 0;
			last = 0;
			p++;
			continue;
		}
		if (*p == ')') {
			int in = inner;

			inner = sp ? stack[--sp] : 0;
			if (in > inner)
				inner = in;
			maxq = in;
			last = 2;
			p++;
			continue;
		}
		if (*p == '*' || *p == '+' || *p == '?')
			q = 1;
		else if (*p == '{') {
			const char *e = p + 1;
			long n = 0;

			while (*e && *e != '}') {
				if (*e >= '0' && *e <= '9') {
					n = n * 10 + (*e - '0');
					if (n > 255)
						return "a count above 255";
				} else if (*e == ',')
					n = 0;
				e++;
			}
			q = 1;
			p = *e ? e : e - 1;
		}
		if (q) {
			if (last == 3)
				return "a quantifier on a quantifier";
			if (last == 2) {
				if (maxq + 1 > 3)
					return "quantified groups nested more than three deep";
				if (maxq + 1 > inner)
					inner = maxq + 1;
			} else if (inner < 1)
				inner = 1;
			last = 3;
			p++;
			continue;
		}
		last = 1;
		p++;
	}
	return NULL;
}

/* Compile a regular expression; NULL after a message. */
static regex_t *
compile(struct mfile *mf, const char *name, unsigned line, const char *ere, int flags,
    const char *orig)
{
	regex_t *re;
	const char *why = too_costly(ere);
	int rc;

	if (why) {
		bad(mf, name, line, "\"%s\" refused (%s), skipped", orig, why);
		return NULL;
	}
	re = xmalloc(sizeof *re);
	rc = regcomp(re, ere, REG_EXTENDED | REG_NOSUB | flags);
	if (rc != 0) {
		char msg[200];

		regerror(rc, re, msg, sizeof msg);
		free(re);
		bad(mf, name, line, "\"%s\" does not compile (%s), skipped", orig, msg);
		return NULL;
	}
	return re;
}

/* Set up an F: or X: pattern; -1 if it cannot be used. */
static int
prepare_path(struct mfile *mf, struct mentry *e, const char *name,
    int (*is_dir)(void *, const char *), void *ctx)
{
	const char *v = e->value;
	size_t len = strlen(v), lit, key;
	int special = 0;
	struct hent *h;
	int isnew;
	uint32_t head;

	for (const char *c = v; *c; c++)
		if (regex_special((unsigned char)*c))
			special = 1;
	e->glob = !special;
	e->catchall = v[0] == '*';
	e->dir = len > 0 && v[len - 1] == '/';
	/*
	 * get_maintainer asks the tree whether the converted pattern is a
	 * folder, so only a pattern with no '.', '*' or '?' can be one.
	 */
	if (!e->dir && is_dir && !strpbrk(v, ".*?") && is_dir(ctx, v)) {
		char *d = arena_alloc(&mf->mem, len + 2);

		memcpy(d, v, len);
		d[len] = '/';
		d[len + 1] = '\0';
		e->value = v = d;
		e->dir = 1;
		len++;
	}
	e->slashes = count_slashes(v);
	if (special) {
		struct buf b = { 0 };

		int brace = 0;

		/* {a,b} is the shell's, as Xen's file writes it. */
		buf_addc(&b, '^');
		for (const char *c = v; *c; c++)
			if (*c == '.')
				buf_addstr(&b, "\\.");
			else if (*c == '*')
				buf_addstr(&b, ".*");
			else if (*c == '?')
				buf_addc(&b, '.');
			else if (*c == '{' && strchr(c, '}')) {
				buf_addc(&b, '(');
				brace++;
			} else if (*c == ',' && brace)
				buf_addc(&b, '|');
			else if (*c == '}' && brace) {
				buf_addc(&b, ')');
				brace--;
			} else
				buf_addc(&b, *c);
		e->re = compile(mf, name, e->line, b.p, 0, e->value);
		buf_free(&b);
		if (!e->re)
			return -1;
	}

	/* The folder its literal part names: the key of its list. */
	lit = strcspn(v, special ? "*?[](){}+|^$\\" : "*?");
	key = 0;
	for (size_t i = 0; i < lit; i++)
		if (v[i] == '/')
			key = i + 1;
	h = hmap_put(&mf->byfolder, v, key, &isnew);
	head = isnew ? 0 : (uint32_t)(uintptr_t)h->val;
	mf->pat = xgrow(mf->pat, &mf->cappat, mf->npat, 256, sizeof *mf->pat);
	mf->pat[mf->npat].entry = (uint32_t)(e - mf->e);
	mf->pat[mf->npat].next = head;
	mf->npat++;
	h->val = (void *)(uintptr_t)mf->npat;
	return 0;
}

int
maint_parse(struct mfile *mf, const char *text, size_t len, const char *name,
    int (*is_dir)(void *ctx, const char *path), void *ctx, int quiet)
{
	const char *p = text, *end = text + len;
	const char *title = NULL;
	size_t titlelen = 0;
	unsigned lineno = 0, titleline = 0;
	size_t cape = 0, caps = 0, capn = 0, capk = 0;

	memset(mf, 0, sizeof *mf);
	mf->quiet = quiet;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end, *v;
		size_t n;
		struct mentry *e;
		char type;

		lineno++;
		n = (size_t)(le - p);
		if (n && p[n - 1] == '\r')
			n--;
		if (!(n >= 2 && p[0] >= 'A' && p[0] <= 'Z' && p[1] == ':')) {
			size_t i = 0;

			while (i < n && (p[i] == ' ' || p[i] == '\t'))
				i++;
			if (i < n && p[i] != '#') {
				title = p;
				titlelen = n;
				titleline = lineno;
			}
			p = nl ? nl + 1 : end;
			continue;
		}
		type = p[0];
		if (title) {
			struct msection *s;

			mf->s = xgrow(mf->s, &caps, mf->ns, 256, sizeof *mf->s);
			s = &mf->s[mf->ns++];
			while (titlelen && (title[titlelen - 1] == ' ' || title[titlelen - 1] == '\t'))
				titlelen--;
			s->title = arena_strndup(&mf->mem, title, titlelen);
			s->status = "";
			s->line = titleline;
			s->first = (uint32_t)mf->ne;
			s->n = 0;
			title = NULL;
		}
		if (!mf->ns) {
			bad(mf, name, lineno, "an entry before any section title, skipped");
			p = nl ? nl + 1 : end;
			continue;
		}
		if (!strchr(known_types, type)) {
			bad(mf, name, lineno, "unknown entry type %c:, skipped", type);
			p = nl ? nl + 1 : end;
			continue;
		}
		v = p + 2;
		while (v < p + n && (*v == ' ' || *v == '\t'))
			v++;
		while (n > (size_t)(v - p) && (p[n - 1] == ' ' || p[n - 1] == '\t'))
			n--;
		mf->e = xgrow(mf->e, &cape, mf->ne, 1024, sizeof *mf->e);
		e = &mf->e[mf->ne];
		memset(e, 0, sizeof *e);
		e->type = type;
		e->line = lineno;
		e->section = (uint32_t)(mf->ns - 1);
		e->value = arena_strndup(&mf->mem, v, (size_t)(p + n - v));
		p = nl ? nl + 1 : end;
		if (!*e->value) {
			bad(mf, name, lineno, "an empty %c: entry, skipped", type);
			continue;
		}
		switch (type) {
		case 'M': case 'R': case 'L':
			split_person(mf, e);
			if (!*e->addr) {
				bad(mf, name, e->line, "no address in \"%s\", skipped", e->value);
				continue;
			}
			break;
		case 'S':
			if (!*mf->s[e->section].status)
				mf->s[e->section].status = e->value;
			break;
		case 'F': case 'X':
			if (prepare_path(mf, e, name, is_dir, ctx) < 0)
				continue;
			break;
		case 'N': case 'K': {
			struct buf b = { 0 };
			const char *why;
			int icase;

			if (perl_to_ere(e->value, &b, &icase, &why) < 0) {
				bad(mf, name, e->line, "regular expression not supported (%s): \"%s\", skipped",
				    why, e->value);
				buf_free(&b);
				continue;
			}
			/*
			 * Most are plain words: strstr() is far quicker than
			 * regexec(), and regcomp() is most of the time a kernel
			 * file takes to read.
			 */
			if (!icase && b.p && *b.p && !b.p[strcspn(b.p, ".[]()*+?{}|^$\\")])
				e->lit = arena_strndup(&mf->mem, b.p, b.len);
			else
				e->re = compile(mf, name, e->line, b.p ? b.p : "",
				    (type == 'K' ? REG_NEWLINE : 0) | (icase ? REG_ICASE : 0), e->value);
			buf_free(&b);
			if (!e->re && !e->lit)
				continue;
			if (type == 'N') {
				mf->regexes = xgrow(mf->regexes, &capn, mf->nn, 64, sizeof *mf->regexes);
				mf->regexes[mf->nn++] = (uint32_t)mf->ne;
			} else {
				mf->keywords = xgrow(mf->keywords, &capk, mf->nk, 64, sizeof *mf->keywords);
				mf->keywords[mf->nk++] = (uint32_t)mf->ne;
			}
			break;
		}
		default:
			break;
		}
		mf->s[e->section].n++;
		mf->ne++;
	}
	return 0;
}

void
maint_free(struct mfile *mf)
{
	for (size_t i = 0; i < mf->ne; i++)
		if (mf->e[i].re) {
			regfree(mf->e[i].re);
			free(mf->e[i].re);
		}
	free(mf->pat);
	free(mf->e);
	free(mf->s);
	free(mf->regexes);
	free(mf->keywords);
	hmap_free(&mf->byfolder);
	arena_free(&mf->mem);
	memset(mf, 0, sizeof *mf);
}

static int
path_match(const struct mentry *e, const char *f)
{
	int ok = e->re ? regexec(e->re, f, 0, NULL, 0) == 0 : gmatch(e->value, f);
	size_t vlen;

	if (!ok)
		return 0;
	if (e->dir || count_slashes(f) == e->slashes)
		return 1;
	/* A path below it: the pattern names a folder after all. */
	if (strpbrk(e->value, ".*?"))
		return 0;
	vlen = strlen(e->value);
	return strncmp(f, e->value, vlen) == 0 && f[vlen] == '/';
}

static int
depth_of(const struct mentry *e)
{
	if (e->type != 'F')
		return 0;
	if (e->catchall)
		return -1;
	return e->slashes + !e->dir;
}

static void
add(struct mresult *r, uint32_t section, int depth, uint32_t via)
{
	uint32_t k = r->slot[section];

	if (k) {
		if (depth > r->m[k - 1].depth)
			r->m[k - 1].depth = depth;
		return;
	}
	r->m = xgrow(r->m, &r->cap, r->n, 16, sizeof *r->m);
	r->m[r->n].section = section;
	r->m[r->n].depth = depth;
	r->m[r->n].via = via;
	r->n++;
	r->slot[section] = (uint32_t)r->n;
}

static int
by_depth(const void *a, const void *b)
{
	const struct mmatch *x = a, *y = b;
	int c = cmp_int(y->depth, x->depth);

	return c ? c : cmp_uint(x->section, y->section);
}

/* A candidate F: match of one path, kept until its X: are all known. */
struct cand {
	uint32_t section, entry;
	int depth;
};

void
maint_match(const struct mfile *mf, const char *const *files, size_t nfiles,
    const char *text, struct mresult *r)
{
	struct cand *c = NULL;
	size_t nc = 0, capc = 0;
	uint32_t *touched = NULL;
	size_t nt = 0, capt = 0;

	if (r->nslot < mf->ns) {
		free(r->slot);
		free(r->excl);
		r->slot = xcalloc(mf->ns ? mf->ns : 1, sizeof *r->slot);
		r->excl = xcalloc(mf->ns ? mf->ns : 1, 1);
		r->nslot = mf->ns;
	}
	r->n = 0;

	for (size_t fi = 0; fi < nfiles; fi++) {
		const char *f = files[fi];
		size_t flen = strlen(f);

		nc = 0;
		/* Every folder f lies in, "" first: each names a list. */
		for (size_t k = 0; k <= flen; k++) {
			const struct hent *h;

			if (k && f[k - 1] != '/')
				continue;
			if (!(h = hmap_get(&mf->byfolder, f, k)))
				continue;
			for (uint32_t i = (uint32_t)(uintptr_t)h->val; i; i = mf->pat[i - 1].next) {
				uint32_t ei = mf->pat[i - 1].entry;
				const struct mentry *e = &mf->e[ei];

				if (!path_match(e, f))
					continue;
				if (e->type == 'X') {
					if (!r->excl[e->section]) {
						r->excl[e->section] = 1;
						touched = xgrow(touched, &capt, nt, 16, sizeof *touched);
						touched[nt++] = e->section;
					}
					continue;
				}
				c = xgrow(c, &capc, nc, 16, sizeof *c);
				c[nc].section = e->section;
				c[nc].entry = ei;
				c[nc].depth = depth_of(e);
				nc++;
			}
		}
		/* The list order is not the file's: the first entry by line is the via. */
		for (size_t i = 1; i < nc; i++)
			for (size_t j = i; j > 0 && c[j].entry < c[j - 1].entry; j--) {
				struct cand t = c[j];

				c[j] = c[j - 1];
				c[j - 1] = t;
			}
		for (size_t i = 0; i < nc; i++)
			if (!r->excl[c[i].section])
				add(r, c[i].section, c[i].depth, c[i].entry);
		for (size_t i = 0; i < mf->nn; i++) {
			const struct mentry *e = &mf->e[mf->regexes[i]];

			if (!r->excl[e->section] && (e->lit ? strstr(f, e->lit) != NULL :
			    regexec(e->re, f, 0, NULL, 0) == 0))
				add(r, e->section, 0, mf->regexes[i]);
		}
		while (nt)
			r->excl[touched[--nt]] = 0;
	}
	if (text)
		for (size_t i = 0; i < mf->nk; i++) {
			const struct mentry *e = &mf->e[mf->keywords[i]];

			if (e->lit ? strstr(text, e->lit) != NULL : regexec(e->re, text, 0, NULL, 0) == 0)
				add(r, e->section, 0, mf->keywords[i]);
		}
	for (size_t i = 0; i < r->n; i++)
		r->slot[r->m[i].section] = 0;
	if (r->n > 1)
		qsort(r->m, r->n, sizeof *r->m, by_depth);
	free(c);
	free(touched);
}

void
mresult_free(struct mresult *r)
{
	free(r->m);
	free(r->slot);
	free(r->excl);
	memset(r, 0, sizeof *r);
}
