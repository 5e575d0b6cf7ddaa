/*
 * packs.c - the repository's packs read with a cache of delta bases.
 *
 * A packed object is mostly a delta on another one, which is a delta
 * on another, down a chain (up to 50 deep in git's own pack); to read
 * it, the chain is followed down to a base kept from before, or to a
 * whole object, and every delta on the way is inflated and applied.
 * git keeps the objects so made for the next reads (96 MB, the oldest
 * going first); libgit2 keeps 16 MB of them and, once full, throws all
 * of them away, so that a long history read through it is inflated
 * nearly three times over (zlib a third of the time).  This is
 * an object database backend, one per repository handle (a thread),
 * asked before libgit2's own: it reads the packs' version 2 .idx files
 * and the packs with pread (a pack mapped whole would count as the
 * process's memory as it is read) and keeps the bases it makes within
 * a budget of bytes, the least recently used going first.  Anything it
 * cannot read (a loose object, an object of no pack it knows, a damaged
 * entry, another index version) is passed on to libgit2, which reads
 * it or fails.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <git2/sys/odb_backend.h>

#include "git2tsv.h"
#include "util.h"

struct pack {
	int fd;
	uint64_t size;                  /* of the .pack */
	unsigned char *map;             /* the .idx, mapped */
	size_t maplen;
	uint32_t n;
	const unsigned char *fanout, *names, *off32, *off64;
	size_t n64;
};

/* A base kept: the object at off of pack pk. */
struct pent {
	uint64_t key;
	unsigned char *data;
	size_t len;
	git_object_t type;
	struct lru_link lru;            /* in ps->lru */
	struct pent *next;
};

#define PENT(l) LRU_ENTRY(l, struct pent, lru)

struct packs {
	git_odb_backend be;
	struct pack *v;
	size_t n;
	struct pent **tab;              /* cap a power of two, or 0 */
	size_t cap, count, bytes, budget;
	struct lru lru;                 /* the recency of the pents */
	unsigned char *in;              /* compressed bytes read */
	size_t incap;
	unsigned char *delta;           /* a delta inflated */
	size_t deltacap;
	unsigned char *head;            /* the chain's first bytes, HEAD_READ a step */
	size_t headcap;
	z_stream z;
	int zok;
};

/* A step of a chain: the entry at off, its data at data. */
struct step {
	uint64_t off, data;
	size_t size;
	int type;
	size_t head;            /* its first bytes read, at ps->head + head */
	size_t headlen;
};

/*
 * Bytes read with an entry's header: most deltas are all there, so an
 * entry costs one read.
 */
#define HEAD_READ 1024

static uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void
pack_close(struct pack *p)
{
	if (p->map)
		munmap(p->map, p->maplen);
	if (p->fd >= 0)
		close(p->fd);
}

/* Open the pack of a version 2 index: 0, or -1 to leave it to libgit2. */
static int
pack_open(struct pack *p, const char *idxpath)
{
	struct stat st;
	size_t len = strlen(idxpath), need;
	char *path;
	int fd;

	memset(p, 0, sizeof *p);
	p->fd = -1;
	if ((fd = open(idxpath, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	if (fstat(fd, &st) < 0 || st.st_size < 8 + 1024 + 40) {
		close(fd);
		return -1;
	}
	p->maplen = (size_t)st.st_size;
	p->map = mmap(NULL, p->maplen, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (p->map == MAP_FAILED) {
		p->map = NULL;
		return -1;
	}
	if (memcmp(p->map, "\377tOc", 4) != 0 || be32(p->map + 4) != 2)
		goto fail;
	p->fanout = p->map + 8;
	p->n = be32(p->fanout + 255 * 4);
	need = 8 + 1024 + (size_t)p->n * 28 + 40;
	if (p->maplen < need)
		goto fail;
	p->names = p->fanout + 1024;
	p->off32 = p->names + (size_t)p->n * 24;        /* past names and CRCs */
	p->off64 = p->off32 + (size_t)p->n * 4;
	p->n64 = (p->maplen - need) / 8;
	path = xmalloc(len + 2);                        /* ".idx" -> ".pack" */
	memcpy(path, idxpath, len - 4);
	memcpy(path + len - 4, ".pack", 6);
	p->fd = open(path, O_RDONLY | O_CLOEXEC);
	free(path);
	if (p->fd < 0 || fstat(p->fd, &st) < 0 || st.st_size < 32)
		goto fail;
	p->size = (uint64_t)st.st_size;
	return 0;
fail:
	pack_close(p);
	return -1;
}

/* Where id is in p: 0 and its offset, or -1. */
static int
pack_find(const struct pack *p, const unsigned char *id, uint64_t *off)
{
	uint32_t lo = id[0] ? be32(p->fanout + (id[0] - 1) * 4) : 0;
	uint32_t hi = be32(p->fanout + id[0] * 4);

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		int c = memcmp(p->names + (size_t)mid * 20, id, 20);

		if (c == 0) {
			uint32_t o = be32(p->off32 + (size_t)mid * 4);

			if (o & 0x80000000u) {
				o &= 0x7fffffffu;
				if (o >= p->n64)
					return -1;
				*off = (uint64_t)be32(p->off64 + (size_t)o * 8) << 32 |
				    be32(p->off64 + (size_t)o * 8 + 4);
			} else {
				*off = o;
			}
			return 0;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* The kept bases. */
static uint64_t
key_of(size_t pk, uint64_t off)
{
	return off << 8 | pk;
}

static size_t
slot_of(const struct packs *ps, uint64_t key)
{
	return (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & (ps->cap - 1);
}

static void
cache_drop(struct packs *ps, struct pent *e)
{
	struct pent **pp = &ps->tab[slot_of(ps, e->key)];

	while (*pp != e)
		pp = &(*pp)->next;
	*pp = e->next;
	lru_unlink(&ps->lru, &e->lru);
	ps->bytes -= e->len;
	ps->count--;
	free(e->data);
	free(e);
}

static struct pent *
cache_get(struct packs *ps, uint64_t key)
{
	struct pent *e;

	if (!ps->cap)
		return NULL;
	for (e = ps->tab[slot_of(ps, key)]; e; e = e->next) {
		if (e->key == key) {
			lru_touch(&ps->lru, &e->lru);
			return e;
		}
	}
	return NULL;
}

/* Keep data (malloc'd, taken over) as the object of key, or free it. */
static void
cache_put(struct packs *ps, uint64_t key, unsigned char *data, size_t len, git_object_t type)
{
	struct pent *e;
	size_t i;

	if (len > ps->budget / 4 || cache_get(ps, key)) {
		free(data);
		return;
	}
	while (ps->lru.oldest && ps->bytes + len > ps->budget)
		cache_drop(ps, PENT(ps->lru.oldest));
	if (ps->count >= ps->cap) {
		struct pent **old = ps->tab;
		size_t ocap = ps->cap;

		ps->cap = ocap ? ocap * 2 : 1024;
		ps->tab = xcalloc(ps->cap, sizeof *ps->tab);
		for (i = 0; i < ocap; i++) {
			struct pent *x, *next;

			for (x = old[i]; x; x = next) {
				size_t s = slot_of(ps, x->key);

				next = x->next;
				x->next = ps->tab[s];
				ps->tab[s] = x;
			}
		}
		free(old);
	}
	e = xcalloc(1, sizeof *e);
	e->key = key;
	e->data = data;
	e->len = len;
	e->type = type;
	e->next = ps->tab[slot_of(ps, key)];
	ps->tab[slot_of(ps, key)] = e;
	lru_push(&ps->lru, &e->lru);
	ps->bytes += len;
	ps->count++;
}

/*
 * The header of the entry at off: its type, size (inflated), where its
 * data starts, and for a delta its base (an offset in the same pack).
 * 0, or -1.
 */
static int
read_step(struct packs *ps, size_t pk, size_t idx, uint64_t off, struct step *st,
    uint64_t *base)
{
	const struct pack *p = &ps->v[pk];
	unsigned char *h;
	ssize_t got;
	size_t i = 1, avail;
	unsigned c, shift = 4;

	if (off < 12 || off >= p->size - 20)
		return -1;
	if (ps->headcap < (idx + 1) * HEAD_READ) {
		ps->headcap = (idx + 1) * HEAD_READ * 2;
		ps->head = xrealloc(ps->head, ps->headcap);
	}
	h = ps->head + idx * HEAD_READ;
	avail = p->size - 20 - off < HEAD_READ ? (size_t)(p->size - 20 - off) : HEAD_READ;
	if ((got = pread(p->fd, h, avail, (off_t)off)) < (ssize_t)avail || avail < 2)
		return -1;
	st->head = idx * HEAD_READ;
	st->headlen = avail;
	c = h[0];
	st->off = off;
	st->type = (c >> 4) & 7;
	st->size = c & 15;
	while (c & 0x80) {
		if (i >= avail || shift > 57)
			return -1;
		c = h[i++];
		st->size += (size_t)(c & 0x7f) << shift;
		shift += 7;
	}
	if (st->type == GIT_OBJECT_OFS_DELTA) {
		uint64_t b;

		if (i >= avail)
			return -1;
		c = h[i++];
		b = c & 127;
		while (c & 128) {
			if (i >= avail || b >> 56)
				return -1;
			c = h[i++];
			b = ((b + 1) << 7) | (c & 127);
		}
		if (b == 0 || b > off)
			return -1;
		*base = off - b;
	} else if (st->type == GIT_OBJECT_REF_DELTA) {
		if (i + 20 > avail || pack_find(p, h + i, base) < 0)
			return -1;
		i += 20;
	} else if (st->type < GIT_OBJECT_COMMIT || st->type > GIT_OBJECT_TAG) {
		return -1;
	}
	st->data = off + i;
	return 0;
}

/* Inflate the data of st into out (st->size bytes, and a NUL): 0 or -1. */
static int
inflate_step(struct packs *ps, size_t pk, const struct step *st, unsigned char *out)
{
	const struct pack *p = &ps->v[pk];
	uint64_t pos = st->off + st->headlen, end = p->size - 20;
	size_t want;
	int zr = Z_OK;

	if (!ps->zok) {
		if (inflateInit(&ps->z) != Z_OK)
			return -1;
		ps->zok = 1;
	} else if (inflateReset(&ps->z) != Z_OK) {
		return -1;
	}
	/* Deflate's bound for st->size bytes: mostly all there is to read. */
	want = st->size + (st->size >> 12) + (st->size >> 14) + 64;
	if (want > ((size_t)1 << 20))
		want = (size_t)1 << 20;         /* read in steps beyond */
	if (ps->incap < want) {
		ps->incap = want < 65536 ? 65536 : want;
		free(ps->in);
		ps->in = xmalloc(ps->incap);
	}
	ps->z.next_out = out;
	ps->z.avail_out = (uInt)st->size;
	/* First what was read with the header. */
	ps->z.next_in = ps->head + st->head + (st->data - st->off);
	ps->z.avail_in = (uInt)(st->headlen - (st->data - st->off));
	while (zr != Z_STREAM_END) {
		if (ps->z.avail_in == 0) {
			size_t n = want;
			ssize_t got;

			if (pos >= end)
				return -1;
			if (n > end - pos)
				n = (size_t)(end - pos);
			if ((got = pread(p->fd, ps->in, n, (off_t)pos)) <= 0)
				return -1;
			pos += (uint64_t)got;
			ps->z.next_in = ps->in;
			ps->z.avail_in = (uInt)got;
		}
		zr = inflate(&ps->z, Z_NO_FLUSH);
		if (zr != Z_OK && zr != Z_STREAM_END)
			return -1;
		/* All of it out but the stream goes on: damaged. */
		if (zr == Z_OK && ps->z.avail_out == 0 && ps->z.avail_in > 0)
			return -1;
	}
	if (ps->z.total_out != st->size)
		return -1;
	out[st->size] = 0;
	return 0;
}

/* A delta's size header. */
static int
delta_size(const unsigned char **p, const unsigned char *end, size_t *out)
{
	size_t v = 0;
	unsigned shift = 0, c;

	do {
		if (*p >= end || shift > 57)
			return -1;
		c = *(*p)++;
		v |= (size_t)(c & 0x7f) << shift;
		shift += 7;
	} while (c & 0x80);
	*out = v;
	return 0;
}

/* Apply delta d[0..dn) to base b[0..bn) into out (outn bytes): 0 or -1. */
static int
delta_apply(const unsigned char *b, size_t bn, const unsigned char *d, size_t dn,
    unsigned char *out, size_t outn)
{
	const unsigned char *end = d + dn;
	unsigned char *o = out, *oend = out + outn;

	while (d < end) {
		unsigned c = *d++;

		if (c & 0x80) {
			size_t off = 0, n = 0;

			if (c & 0x01) { if (d >= end) return -1; off = *d++; }
			if (c & 0x02) { if (d >= end) return -1; off |= (size_t)*d++ << 8; }
			if (c & 0x04) { if (d >= end) return -1; off |= (size_t)*d++ << 16; }
			if (c & 0x08) { if (d >= end) return -1; off |= (size_t)*d++ << 24; }
			if (c & 0x10) { if (d >= end) return -1; n = *d++; }
			if (c & 0x20) { if (d >= end) return -1; n |= (size_t)*d++ << 8; }
			if (c & 0x40) { if (d >= end) return -1; n |= (size_t)*d++ << 16; }
			if (n == 0)
				n = 0x10000;
			if (off > bn || n > bn - off || n > (size_t)(oend - o))
				return -1;
			memcpy(o, b + off, n);
			o += n;
		} else if (c) {
			if (c > (size_t)(end - d) || c > (size_t)(oend - o))
				return -1;
			memcpy(o, d, c);
			o += c;
			d += c;
		} else {
			return -1;
		}
	}
	return o == oend ? 0 : -1;
}

/* Chains longer than this are left to libgit2 (git makes them 50 deep). */
#define MAX_CHAIN 10000

/* The object at off of pack pk, in a buffer of libgit2's: 0, or -1. */
static int
unpack(struct packs *ps, size_t pk, uint64_t off, void **out, size_t *len, git_object_t *type)
{
	struct step small[64], *chain = small;
	size_t n = 0, cap = 64, i;
	struct pent *hit = NULL;
	unsigned char *cur = NULL;       /* the object made last, ours */
	const unsigned char *base;
	size_t curlen = 0, baselen;
	git_object_t t;
	uint64_t at = off, next = 0;
	int rc = -1;

	/* Down the chain to a base kept or a whole object. */
	for (;;) {
		if ((hit = cache_get(ps, key_of(pk, at))) != NULL)
			break;
		if (n == cap) {
			if (cap >= MAX_CHAIN)
				goto out;
			cap *= 2;
			chain = chain == small ? memcpy(xreallocarray(NULL, cap, sizeof *chain), small,
			    sizeof small) : xreallocarray(chain, cap, sizeof *chain);
		}
		if (read_step(ps, pk, n, at, &chain[n], &next) < 0)
			goto out;
		if (chain[n++].type < GIT_OBJECT_OFS_DELTA)
			break;
		at = next;
	}
	if (hit) {
		if (n == 0) {
			/* The object itself was kept: a copy for libgit2. */
			*out = git_odb_backend_data_alloc(&ps->be, hit->len + 1);
			if (!*out)
				goto out;
			memcpy(*out, hit->data, hit->len + 1);
			*len = hit->len;
			*type = hit->type;
			rc = 0;
			goto out;
		}
		base = hit->data;
		baselen = hit->len;
		t = hit->type;
	} else {
		struct step *w = &chain[--n];
		unsigned char *buf;

		t = (git_object_t)w->type;
		buf = n == 0 ? git_odb_backend_data_alloc(&ps->be, w->size + 1) :
		    xmalloc(w->size + 1);
		if (!buf)
			goto out;
		if (inflate_step(ps, pk, w, buf) < 0) {
			if (n == 0)
				git_odb_backend_data_free(&ps->be, buf);
			else
				free(buf);
			goto out;
		}
		if (n == 0) {
			*out = buf;
			*len = w->size;
			*type = t;
			rc = 0;
			goto out;
		}
		cur = buf;
		curlen = w->size;
		base = cur;
		baselen = curlen;
	}
	/* Up again, each delta on the one below it, the bases kept. */
	for (i = n; i-- > 0;) {
		const unsigned char *d, *dend;
		size_t srcn, dstn;
		unsigned char *made;

		if (ps->deltacap < chain[i].size + 1) {
			free(ps->delta);
			ps->deltacap = chain[i].size + 1;
			ps->delta = xmalloc(ps->deltacap);
		}
		if (inflate_step(ps, pk, &chain[i], ps->delta) < 0)
			goto out;
		d = ps->delta;
		dend = d + chain[i].size;
		if (delta_size(&d, dend, &srcn) < 0 || delta_size(&d, dend, &dstn) < 0 ||
		    srcn != baselen)
			goto out;
		made = i == 0 ? git_odb_backend_data_alloc(&ps->be, dstn + 1) : xmalloc(dstn + 1);
		if (!made)
			goto out;
		if (delta_apply(base, baselen, d, (size_t)(dend - d), made, dstn) < 0) {
			if (i == 0)
				git_odb_backend_data_free(&ps->be, made);
			else
				free(made);
			goto out;
		}
		made[dstn] = 0;
		/* The base made here is kept (the one from the cache is there). */
		if (cur)
			cache_put(ps, key_of(pk, chain[i + 1].off), cur, curlen, t);
		cur = made;
		curlen = dstn;
		base = cur;
		baselen = curlen;
		if (i == 0) {
			*out = made;
			*len = dstn;
			*type = t;
			cur = NULL;
			rc = 0;
		}
	}
out:
	if (cur)
		free(cur);
	if (chain != small)
		free(chain);
	return rc;
}

static int
packs_read(void **out, size_t *len, git_object_t *type, git_odb_backend *be, const git_oid *id)
{
	struct packs *ps = (struct packs *)be;
	uint64_t off;

	for (size_t i = 0; i < ps->n; i++) {
		if (pack_find(&ps->v[i], id->id, &off) == 0) {
			if (unpack(ps, i, off, out, len, type) == 0)
				return 0;
			break;
		}
	}
	return GIT_PASSTHROUGH;
}

static void
packs_free(git_odb_backend *be)
{
	struct packs *ps = (struct packs *)be;

	while (ps->lru.oldest)
		cache_drop(ps, PENT(ps->lru.oldest));
	free(ps->tab);
	for (size_t i = 0; i < ps->n; i++)
		pack_close(&ps->v[i]);
	free(ps->v);
	free(ps->in);
	free(ps->delta);
	free(ps->head);
	if (ps->zok)
		inflateEnd(&ps->z);
	free(ps);
}

static int
cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
packs_add(git_repository *repo, size_t budget)
{
	struct packs *ps;
	git_odb *odb = NULL;
	struct buf dir = BUF_INIT;
	char **names = NULL;
	size_t nn = 0, cap = 0, i;
	struct dirent *de;
	DIR *d;
	int rc = -1;

	buf_addstr(&dir, git_repository_commondir(repo));
	buf_addstr(&dir, "objects/pack/");
	if (!(d = opendir(dir.p))) {
		buf_free(&dir);
		return 0;
	}
	while ((de = readdir(d)) != NULL) {
		size_t l = strlen(de->d_name);

		if (l > 9 && strncmp(de->d_name, "pack-", 5) == 0 &&
		    strcmp(de->d_name + l - 4, ".idx") == 0) {
			names = xgrow(names, &cap, nn, 8, sizeof *names);
			names[nn++] = xstrdup(de->d_name);
		}
	}
	closedir(d);
	ps = xcalloc(1, sizeof *ps);
	if (git_odb_init_backend(&ps->be, GIT_ODB_BACKEND_VERSION) < 0) {
		free(ps);
		goto out;
	}
	ps->be.read = packs_read;
	ps->be.free = packs_free;
	ps->budget = budget;
	/* The same order every run. */
	if (nn)
		qsort(names, nn, sizeof *names, cmp_name);
	ps->v = xcalloc(nn ? nn : 1, sizeof *ps->v);
	for (i = 0; i < nn && ps->n < 255; i++) {
		size_t l = dir.len;

		buf_addstr(&dir, names[i]);
		if (pack_open(&ps->v[ps->n], dir.p) == 0)
			ps->n++;
		buf_truncate(&dir, l);
	}
	if (git_repository_odb(&odb, repo) < 0 || git_odb_add_backend(odb, &ps->be, 100) < 0) {
		packs_free(&ps->be);
		goto out;
	}
	rc = 0;
out:
	git_odb_free(odb);
	for (i = 0; i < nn; i++)
		free(names[i]);
	free(names);
	buf_free(&dir);
	return rc;
}
