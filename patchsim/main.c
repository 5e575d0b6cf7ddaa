/*
 * patchsim - score candidate pairs of patches, after PaStA's method.
 *
 *   patchsim [options] LEFT RIGHT     each left patch against the right ones
 *   patchsim [options] --self TABLE   a table against itself, each pair once
 *
 * Both inputs are patchtok tables.  Candidates come from an inverted
 * index of file names (never from all pairs), optionally a date window,
 * exact content hashes and named upstream commits; each candidate gets
 * dlr, msg, diff and score = w * msg + (1 - w) * diff (method section 3),
 * and those at or above --threshold are written as one row each:
 * left right msg diff dlr score via.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hash.h"
#include "hunks.h"
#include "opool.h"
#include "pasta.h"
#include "progress.h"
#include "ratio.h"
#include "tables.h"
#include "text.h"
#include "tsv.h"
#include "util.h"
#include "via.h"

/*
 * A text as the scorer keeps it: token-sorted, its length in code points,
 * and how many bytes of each kind it holds (letters one by one, digits
 * one by one, blanks, other bytes), for a cheap bound on the LCS.
 */
#define NBUCKET 38

struct tstr {
	const char *s;
	uint32_t bytes, cps;
	uint32_t *hist;         /* NBUCKET counts, or NULL for short texts */
};

static int
bucket(unsigned char c)
{
	if (c >= 'a' && c <= 'z')
		return c - 'a';
	if (c >= '0' && c <= '9')
		return 26 + c - '0';
	return c == ' ' ? 36 : 37;
}

struct thunk {
	const char *heading;
	struct tstr rem, add;
	int has_rem, has_add;
};

struct tfile {
	const char *key;        /* "old\tnew", interned */
	struct thunk *h;
	uint32_t nh;
	struct tstr rem, add;   /* every hunk's lines together, whatever the heading */
};

struct row {
	const char *id;
	const char *hash;
	const char *upstream, *links;   /* space-separated, may be "" */
	const char *author, *name;      /* lower-cased, interned; "" if none */
	const char *thread;             /* interned; "" if none */
	struct tstr title;
	struct tstr summary;            /* the title's words after its "prefix: " parts */
	unsigned char reply;            /* a mail of type reply: a diff in an answer */
	const char **cred;              /* credited people, lower-cased, interned:
	                                   addresses and names; NULL if none */
	uint32_t ncred;
	int64_t date, adate;            /* the table's date; when it was written */
	int has_date, has_adate;
	int version, part;              /* 0: unknown */
	unsigned char commit;           /* kind: a commit, not a mail */
	uint32_t lines;
	struct tstr msg;
	struct tfile *f;
	uint32_t nf;
	const char **names;             /* touched file names, interned */
	uint32_t nnames;
	/*
	 * The hunks, made into f by the first thread that needs them
	 * (ready_hunks()); hunks_state: 0 not yet, 1 being made, 2 made.
	 * From a plain file they are read again then (pread on hfd at
	 * hoff, raw_hlen bytes as escaped in the file): a table's bulk is
	 * not held twice.  Else raw_hunks holds them as read, unescaped
	 * once checked.
	 */
	char *raw_hunks;                /* freed once made */
	size_t raw_hlen;
	unsigned long long hoff;
	int hfd;                        /* -1: raw_hunks */
	int hunks_state;
};

struct table {
	const char *name;
	struct row *r;
	size_t n, cap;
	struct arena mem;
	struct arena *wmem;     /* one per loading thread */
	size_t nwmem;
	struct strpool *names;  /* shared by both tables: equal names, equal pointers */
	struct hmap *sorted;    /* shared too: see keep_sorted() */
	int fd;                 /* the file, to read hunks again from; -1: none */
};

/*
 * Where a thread keeps what it makes of a row: its own arena, and the
 * shared pool of interned strings behind mu and the sorted texts behind
 * smu when threads share them (NULL: one thread).  Under the locks only
 * the tables are looked at: a text is hashed before and copied (into
 * the thread's arena) between, so that a long hunk keeps no other
 * thread waiting.
 */
struct sink {
	struct arena *mem;
	struct strpool *names;
	pthread_mutex_t *mu;
	struct hmap *sorted;    /* long texts as read -> struct tstr: sorted once */
	pthread_mutex_t *smu;
};

static const char *
sink_intern(const struct sink *k, const char *s, size_t n)
{
	struct hent *e;
	const char *r;
	uint64_t hv;
	int isnew;

	if (!k->mu)
		return intern(k->names, s, n);
	hv = hash_bytes(s, n);
	pthread_mutex_lock(k->mu);
	e = hmap_get_h(&k->names->map, s, n, hv);
	r = e ? e->key : NULL;
	pthread_mutex_unlock(k->mu);
	if (r)
		return r;
	/* New: copied here, then put in (unless another thread did meanwhile). */
	r = arena_strndup(k->mem, s, n);
	pthread_mutex_lock(k->mu);
	e = hmap_put_h(&k->names->map, r, n, hv, &isnew);
	r = e->key;
	pthread_mutex_unlock(k->mu);
	return r;
}

struct opts {
	double weight, dlr, min_score, heading_ratio;
	long window;            /* days; < 0: none */
	long vwindow;           /* days between two versions of a patch, at most */
	int links, file_penalty, self;
	int plain;              /* --plain-lcs: no faster ways, nothing remembered,
	                         * evidence judged after every ratio */
	long shard, nshards;
	long jobs;
};

static struct tstr
keep_sorted(const struct sink *t, struct buf *scratch, const char *s, size_t n)
{
	struct tstr r, *kept;
	struct hent *e;
	uint64_t hv = 0;
	int isnew;

	/*
	 * A long text met before (a hunk of v1 again in v2, a repost) is
	 * not sorted again: what it became is kept by the text as read.
	 */
	if (n >= 256) {
		hv = hash_bytes(s, n);
		if (t->smu)
			pthread_mutex_lock(t->smu);
		e = hmap_get_h(t->sorted, s, n, hv);
		if (e)
			r = *(const struct tstr *)e->val;
		if (t->smu)
			pthread_mutex_unlock(t->smu);
		if (e)
			return r;
	}
	buf_reset(scratch);
	r.cps = (uint32_t)token_sort(scratch, s, n);
	r.bytes = (uint32_t)scratch->len;
	/*
	 * Long texts are interned: a patch posted again, or the same new file
	 * in two versions of a series, is one text, and its LCS with another
	 * is computed once (see ratio()).
	 */
	if (r.bytes >= 256)
		r.s = sink_intern(t, scratch->p, scratch->len);
	else
		r.s = arena_strndup(t->mem, scratch->p ? scratch->p : "", scratch->len);
	r.hist = NULL;
	/* Only long texts are worth a histogram: the LCS of short ones is cheap. */
	if (r.bytes >= 256) {
		r.hist = arena_alloc(t->mem, NBUCKET * sizeof *r.hist);
		memset(r.hist, 0, NBUCKET * sizeof *r.hist);
		for (uint32_t i = 0; i < r.bytes; i++)
			r.hist[bucket((unsigned char)r.s[i])]++;
	}
	if (n >= 256) {
		const char *key = arena_strndup(t->mem, s, n);

		kept = arena_alloc(t->mem, sizeof *kept);
		*kept = r;
		if (t->smu)
			pthread_mutex_lock(t->smu);
		/* Another thread may have sorted it meanwhile: the same. */
		e = hmap_put_h(t->sorted, key, n, hv, &isnew);
		if (isnew)
			e->val = kept;
		if (t->smu)
			pthread_mutex_unlock(t->smu);
	}
	return r;
}

/* Merge the token-sorted a and b into out: the token sort of both together. */
static void
merge_sorted(struct buf *out, const char *a, size_t an, const char *b, size_t bn)
{
	const char *ae = a + an, *be = b + bn;

	buf_reset(out);
	while (a < ae || b < be) {
		const char *x = a < ae ? memchr(a, ' ', (size_t)(ae - a)) : NULL,
		    *y = b < be ? memchr(b, ' ', (size_t)(be - b)) : NULL;
		size_t xn = a < ae ? (size_t)((x ? x : ae) - a) : 0,
		    yn = b < be ? (size_t)((y ? y : be) - b) : 0;
		int c;

		if (a >= ae) {
			c = 1;
		} else if (b >= be) {
			c = -1;
		} else {
			/* token_sort's order: bytes, then the shorter first. */
			c = memcmp(a, b, xn < yn ? xn : yn);
			if (!c)
				c = xn < yn ? -1 : xn > yn;
		}
		if (out->len)
			buf_addc(out, ' ');
		if (c <= 0) {
			buf_add(out, a, xn);
			a = x ? x + 1 : ae;
		} else {
			buf_add(out, b, yn);
			b = y ? y + 1 : be;
		}
	}
}

/*
 * The removed (side 0) or added (side 1) lines of a whole file, every
 * hunk together, token-sorted: the hunks' sorted texts merged, two by
 * two until one is left (so a file of k hunks costs log k passes, not
 * k), or the one hunk's text itself (shared, not copied).
 */
static struct tstr
file_text(const struct sink *t, const struct tfile *f, int side, struct buf *scratch)
{
	struct tstr r;
	struct buf *v = NULL;
	size_t n = 0, cps = 0;

	memset(&r, 0, sizeof r);
	r.s = "";
	for (uint32_t x = 0; x < f->nh; x++) {
		const struct tstr *h = side ? &f->h[x].add : &f->h[x].rem;

		if (!h->bytes)
			continue;
		if (!n++) {
			r = *h;
			continue;
		}
		if (n == 2) {
			v = xcalloc(f->nh, sizeof *v);
			buf_add(&v[0], r.s, r.bytes);
			cps = r.cps;
		}
		buf_add(&v[n - 1], h->s, h->bytes);
		cps += h->cps + 1;
	}
	if (n < 2)
		return r;
	while (n > 1) {
		size_t k = 0;

		for (size_t i = 0; i + 1 < n; i += 2) {
			merge_sorted(scratch, v[i].p, v[i].len, v[i + 1].p, v[i + 1].len);
			buf_reset(&v[k]);
			buf_add(&v[k], scratch->p, scratch->len);
			k++;
		}
		if (n % 2) {
			struct buf last = v[n - 1];

			v[n - 1] = v[k];
			v[k++] = last;
		}
		n = k;
	}
	r.s = arena_strndup(t->mem, v[0].p, v[0].len);
	r.bytes = (uint32_t)v[0].len;
	r.cps = (uint32_t)cps;
	r.hist = NULL;
	for (uint32_t x = 0; x < f->nh; x++)
		buf_free(&v[x]);
	free(v);
	return r;
}

/* Read the hunks field (hunks.h): "F old\tnew", "@ heading", "-line", "+line". */
static int
parse_hunks(const struct sink *t, struct row *rw, const char *s, size_t n,
    struct buf *scratch)
{
	struct hunks_iter it;
	struct hunks_item x;
	struct buf rem = BUF_INIT, add = BUF_INIT;
	struct tfile *f = NULL;
	struct thunk *h = NULL;
	size_t cap = 0, hcap = 0;
	int rc = 0;

#define FLUSH_FILE() do { \
		if (f) { \
			f->rem = file_text(t, f, 0, scratch); \
			f->add = file_text(t, f, 1, scratch); \
		} \
	} while (0)
#define FLUSH_HUNK() do { \
		if (h) { \
			h->has_rem = rem.len > 0; \
			h->has_add = add.len > 0; \
			h->rem = keep_sorted(t, scratch, rem.p ? rem.p : "", rem.len); \
			h->add = keep_sorted(t, scratch, add.p ? add.p : "", add.len); \
			buf_reset(&rem); \
			buf_reset(&add); \
		} \
	} while (0)

	rw->f = NULL;
	rw->nf = 0;
	hunks_iter_init(&it, s, n);
	while (hunks_next(&it, &x)) {
		if (x.kind == 'F') {
			FLUSH_HUNK();
			FLUSH_FILE();
			h = NULL;
			if (rw->nf == cap) {
				cap = cap ? cap * 2 : 4;
				rw->f = xreallocarray(rw->f, cap, sizeof *rw->f);
			}
			f = &rw->f[rw->nf++];
			f->key = sink_intern(t, x.s, x.len);
			f->h = NULL;
			f->nh = 0;
			hcap = 0;
		} else if (x.kind == '@' && f) {
			FLUSH_HUNK();
			if (f->nh == hcap) {
				hcap = hcap ? hcap * 2 : 4;
				f->h = xreallocarray(f->h, hcap, sizeof *f->h);
			}
			h = &f->h[f->nh++];
			memset(h, 0, sizeof *h);
			h->heading = sink_intern(t, x.s, x.len);
		} else if ((x.kind == '-' || x.kind == '+') && h) {
			struct buf *b = x.kind == '-' ? &rem : &add;

			buf_add(b, x.s, x.len);
			buf_addc(b, '\n');
		} else {
			rc = -1;
		}
	}
	FLUSH_HUNK();
	FLUSH_FILE();
#undef FLUSH_HUNK
#undef FLUSH_FILE
	buf_free(&rem);
	buf_free(&add);
	return rc;
}

/* Whether parse_hunks() takes every line of s[0..n). */
static int
hunks_valid(const char *s, size_t n)
{
	struct hunks_iter it;
	struct hunks_item x;
	int file = 0, hunk = 0;

	hunks_iter_init(&it, s, n);
	while (hunks_next(&it, &x)) {
		if (x.kind == 'F')
			file = 1, hunk = 0;
		else if (x.kind == '@' && file)
			hunk = 1;
		else if (!((x.kind == '-' || x.kind == '+') && hunk))
			return 0;
	}
	return 1;
}

/*
 * The bytes of a title's summary: its leading "prefix: " parts gone, a
 * prefix being a word without blanks ("erofs-utils: lib: ", "arm64:
 * smmu: "); "add type: foo" keeps its words.
 */
static size_t
summary_len(const char *t, size_t n)
{
	size_t at = 0;

	for (;;) {
		size_t k = at;

		while (k < n && t[k] != ' ' && t[k] != ':')
			k++;
		if (k == at || k + 1 >= n || t[k] != ':' || t[k + 1] != ' ')
			return n - at;
		at = k + 2;
	}
}

/*
 * The credits column (one "Name <addr>" a line): each person's address
 * and name, lower-cased and interned, into rw->cred.
 */
static void
load_credits(struct table *t, struct row *rw, const char *s, size_t n)
{
	const char **v = arena_alloc(&t->mem, 2 * (n / 2 + 1) * sizeof *v);
	uint32_t k = 0;

	for (const char *p = s, *end = s + n; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = (size_t)((nl ? nl : end) - p);
		const char *lt = memchr(p, '<', len), *gt = lt ? memchr(lt, '>', (size_t)(p + len - lt)) : NULL;
		size_t nm = lt ? (size_t)(lt - p) : len;

		while (nm && p[nm - 1] == ' ')
			nm--;
		if (lt && gt && gt > lt + 1)
			v[k++] = intern_lower(t->names, lt + 1, (size_t)(gt - lt - 1));
		if (nm && (lt || !memchr(p, '@', len)))
			v[k++] = intern_lower(t->names, p, nm);
		else if (!lt && len)
			v[k++] = intern_lower(t->names, p, len);
		p += len + 1;
	}
	rw->cred = v;
	rw->ncred = k;
}

/*
 * The costly part of loading a row, its title and message token-sorted
 * and its hunks checked, is done by threads, a batch of rows at a time:
 * the reading thread copies each row's texts aside, and the batch is
 * shared out.  Complaints about a batch's rows come in row order once it
 * is done.  The hunks themselves are token-sorted only when a pair first
 * needs them (ready_hunks()).
 */
#define LOAD_BATCH 512

struct pend {
	size_t row;             /* index into the table */
	unsigned long lineno;
	const char *title, *msg;
	size_t tlen, mlen, slen;        /* slen: the summary, the title's last slen bytes */
	int bad;                /* 1: why says; 2: a line of no kind */
	char why[32];
};

struct loader {
	struct table *t;
	struct pend *pend;
	size_t npend, next;
	pthread_mutex_t mu;     /* next */
	pthread_mutex_t names_mu, sorted_mu;
	int threaded;
};

struct load_worker {
	struct loader *ld;
	struct arena *mem;
};

static void
free_row(struct row *rw)
{
	for (uint32_t k = 0; k < rw->nf; k++)
		free(rw->f[k].h);
	free(rw->f);
	free(rw->names);
	free(rw->raw_hunks);
	rw->f = NULL;
	rw->nf = 0;
	rw->names = NULL;
	rw->raw_hunks = NULL;
}

/* A row's hunks could not be read again: the run fails. */
static int reread_failed;

/*
 * A row's hunks read again from its table (rw->hfd at rw->hoff) into b,
 * as escaped there: 0, or -1 (the file ended or failed: it changed
 * while read, after a message).
 */
static int
reread_hunks(const struct row *rw, struct buf *b)
{
	size_t got = 0;

	buf_reset(b);
	buf_grow(b, rw->raw_hlen + 1);
	while (got < rw->raw_hlen) {
		ssize_t k = pread(rw->hfd, b->p + got, rw->raw_hlen - got, (off_t)(rw->hoff + got));

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			warnx("%s: its hunks cannot be read again (%s): was the table changed?",
			    rw->id, k < 0 ? strerror(errno) : "the file is shorter");
			__atomic_store_n(&reread_failed, 1, __ATOMIC_RELAXED);
			return -1;
		}
		got += (size_t)k;
	}
	b->len = got;
	b->p[got] = '\0';
	return 0;
}

/*
 * Check a row's hunks as tsv_read() checks a field (UTF-8, escapes),
 * then their lines: 0; 1, why says what is wrong; 2, a line of no kind
 * (parse_hunks() would drop it).  Hunks held (not read again) are left
 * unescaped.
 */
static int
check_hunks(struct row *rw, struct buf *raw, char *why, size_t whylen)
{
	char *s = rw->raw_hunks;
	long n;

	if (rw->hfd >= 0) {
		if (reread_hunks(rw, raw) < 0) {
			snprintf(why, whylen, "cannot be read again");
			return 1;
		}
		s = raw->p;
	}
	if ((n = tsv_field_decode(s, rw->raw_hlen, why, whylen)) < 0)
		return 1;
	s[n] = '\0';
	if (rw->hfd < 0)
		rw->raw_hlen = (size_t)n;
	return hunks_valid(s, (size_t)n) ? 0 : 2;
}

static void *
load_worker(void *arg)
{
	struct load_worker *w = arg;
	struct loader *ld = w->ld;
	struct sink k = { w->mem, ld->t->names, ld->threaded ? &ld->names_mu : NULL,
	    ld->t->sorted, ld->threaded ? &ld->sorted_mu : NULL };
	struct buf scratch = BUF_INIT, raw = BUF_INIT;

	for (;;) {
		struct pend *pd;
		struct row *rw;
		size_t i;

		pthread_mutex_lock(&ld->mu);
		i = ld->next < ld->npend ? ld->next++ : (size_t)-1;
		pthread_mutex_unlock(&ld->mu);
		if (i == (size_t)-1)
			break;
		pd = &ld->pend[i];
		rw = &ld->t->r[pd->row];
		rw->title = keep_sorted(&k, &scratch, pd->title, pd->tlen);
		rw->summary = keep_sorted(&k, &scratch, pd->title + pd->tlen - pd->slen, pd->slen);
		rw->msg = keep_sorted(&k, &scratch, pd->msg, pd->mlen);
		pd->bad = check_hunks(rw, &raw, pd->why, sizeof pd->why);
	}
	buf_free(&scratch);
	buf_free(&raw);
	return NULL;
}

/* Load the batch's texts on jobs threads, then drop its bad rows. */
static int
load_batch(struct loader *ld, struct tsv_reader *r, long jobs)
{
	struct table *t = ld->t;
	pthread_t th[64];
	struct load_worker w[64];
	long n = jobs < 1 ? 1 : jobs > 64 ? 64 : jobs, started = 0;
	size_t first, keep;
	int rc = 0;

	if (!ld->npend)
		return 0;
	if ((size_t)n > ld->npend / 8 + 1)
		n = (long)(ld->npend / 8 + 1);
	ld->next = 0;
	ld->threaded = n > 1;
	for (long k = 0; k < n; k++) {
		w[k].ld = ld;
		w[k].mem = &t->wmem[k];
	}
	for (long k = 1; k < n; k++) {
		if (pthread_create(&th[k], NULL, load_worker, &w[k]) != 0)
			break;
		started = k;
	}
	load_worker(&w[0]);
	for (long k = 1; k <= started; k++)
		pthread_join(th[k], NULL);

	/* The batch's rows are the table's last; keep the good ones in order. */
	first = ld->pend[0].row;
	keep = first;
	for (size_t i = 0; i < ld->npend; i++) {
		struct pend *pd = &ld->pend[i];

		if (pd->bad) {
			warnx("%s:%lu: column 'hunks': %s", r->name, pd->lineno,
			    pd->bad == 1 ? pd->why : "a line that is not F, @, - or +");
			r->nbad++;
			rc = -1;
			free_row(&t->r[pd->row]);
			continue;
		}
		if (keep != pd->row)
			t->r[keep] = t->r[pd->row];
		keep++;
	}
	t->n = keep;
	ld->npend = 0;
	return rc;
}

/*
 * Read a token table: 0; -1 when bad rows were named and left out (the
 * rest is good); -2 when the table could not be opened or read to its
 * end (after a message).
 */
static int
load(struct table *t, const char *path, struct strpool *names, struct hmap *sorted, long jobs)
{
	struct tsv_reader r;
	struct loader ld;
	struct arena raw = ARENA_INIT;
	int cid, cdate, cfiles, cadd, crem, chash, cup, clinks, cmsg, chunks, got;
	int ckind, cauthor, cname, ctitle, cthread, cversion, cpart, cadate, ccred, ctype;
	int rc = 0;

	memset(t, 0, sizeof *t);
	t->name = path;
	t->names = names;
	t->sorted = sorted;
	t->nwmem = (size_t)(jobs < 1 ? 1 : jobs > 64 ? 64 : jobs);
	t->wmem = xcalloc(t->nwmem, sizeof *t->wmem);
	t->fd = -1;
	if (tsv_open(&r, path) < 0)
		return -2;
	if (r.empty) {
		tsv_close(&r);
		return 0;
	}
	/*
	 * The hunks, most of the bytes, are checked by the threads and, from
	 * a plain file, not kept: read again when a pair needs them.
	 */
	tsv_raw(&r, "hunks");
	if (strcmp(path, "-") != 0 && strcmp(zin_kind(r.in), "plain") == 0) {
		struct stat st;

		if ((t->fd = open(path, O_RDONLY | O_CLOEXEC)) >= 0 &&
		    (fstat(t->fd, &st) < 0 || !S_ISREG(st.st_mode))) {
			close(t->fd);
			t->fd = -1;
		}
	}
	memset(&ld, 0, sizeof ld);
	ld.t = t;
	ld.pend = xcalloc(LOAD_BATCH, sizeof *ld.pend);
	pthread_mutex_init(&ld.mu, NULL);
	pthread_mutex_init(&ld.names_mu, NULL);
	pthread_mutex_init(&ld.sorted_mu, NULL);
	cid = tsv_need(&r, "id");
	cdate = tsv_need(&r, "date");
	cfiles = tsv_need(&r, "files");
	cadd = tsv_need(&r, "added");
	crem = tsv_need(&r, "removed");
	chash = tsv_need(&r, "hash");
	cmsg = tsv_need(&r, "msg");
	chunks = tsv_need(&r, "hunks");
	cup = tsv_col(&r, "upstream");
	clinks = tsv_col(&r, "links");
	ckind = tsv_col(&r, "kind");
	cauthor = tsv_col(&r, "author");
	cname = tsv_col(&r, "name");
	ctitle = tsv_col(&r, "title");
	cthread = tsv_col(&r, "thread");
	cversion = tsv_col(&r, "version");
	cpart = tsv_col(&r, "part");
	cadate = tsv_col(&r, "author_date");
	ccred = tsv_col(&r, "credits");
	ctype = tsv_col(&r, "type");
	while ((got = tsv_read(&r)) != 0) {
		struct row *rw;
		struct pend *pd;
		const char *p, *end, *nl;
		long a, b;

		if (got == -2) {
			rc = -2;
			break;
		}
		if (got < 0) {
			rc = rc < -1 ? rc : -1;
			continue;
		}
		if (!r.f[cid].len || parse_long(r.f[cadd].s, 0, 1L << 40, &a) ||
		    parse_long(r.f[crem].s, 0, 1L << 40, &b)) {
			/* The batch's complaints first: they are about earlier rows. */
			if (load_batch(&ld, &r, jobs) < 0 && rc == 0)
				rc = -1;
			arena_free(&raw);
			if (!r.f[cid].len)
				warnx("%s:%lu: column 'id': empty", r.name, r.lineno);
			else
				warnx("%s:%lu: column 'added' or 'removed': not a count", r.name, r.lineno);
			r.nbad++;
			rc = rc < -1 ? rc : -1;
			continue;
		}
		if (t->n == t->cap) {
			t->cap = t->cap ? t->cap * 2 : 1024;
			t->r = xreallocarray(t->r, t->cap, sizeof *t->r);
		}
		rw = &t->r[t->n];
		memset(rw, 0, sizeof *rw);
		/* Interned with the threads: ids and threads compare as pointers. */
		rw->id = intern(t->names, r.f[cid].s, r.f[cid].len);
		rw->hash = intern(t->names, r.f[chash].s, r.f[chash].len);
		rw->upstream = cup >= 0 ? arena_strndup(&t->mem, r.f[cup].s, r.f[cup].len) : "";
		rw->links = clinks >= 0 ? arena_strndup(&t->mem, r.f[clinks].s, r.f[clinks].len) : "";
		rw->has_date = iso_parse(r.f[cdate].s, &rw->date) == 0;
		rw->has_adate = cadate >= 0 && iso_parse(r.f[cadate].s, &rw->adate) == 0;
		rw->commit = ckind >= 0 && strcmp(r.f[ckind].s, "commit") == 0;
		rw->reply = !rw->commit && ctype >= 0 && strcmp(r.f[ctype].s, "reply") == 0;
		rw->author = cauthor >= 0 ? intern_lower(t->names, r.f[cauthor].s, r.f[cauthor].len) : "";
		rw->name = cname >= 0 ? intern_lower(t->names, r.f[cname].s, r.f[cname].len) : "";
		rw->thread = cthread >= 0 ? intern(t->names, r.f[cthread].s, r.f[cthread].len) : "";
		rw->version = tsv_count(&r, cversion);
		rw->part = tsv_count(&r, cpart);
		rw->lines = (uint32_t)(a + b);
		/* File names, one a line. */
		p = r.f[cfiles].s;
		end = p + r.f[cfiles].len;
		while (p < end) {
			nl = memchr(p, '\n', (size_t)(end - p));
			rw->names = xreallocarray(rw->names, rw->nnames + 1, sizeof *rw->names);
			rw->names[rw->nnames++] = intern(t->names, p, (size_t)((nl ? nl : end) - p));
			p = nl ? nl + 1 : end;
		}
		/* The texts, for the threads. */
		pd = &ld.pend[ld.npend++];
		pd->row = t->n;
		pd->lineno = r.lineno;
		pd->title = ctitle >= 0 ? arena_strndup(&raw, r.f[ctitle].s, r.f[ctitle].len) : "";
		pd->tlen = ctitle >= 0 ? r.f[ctitle].len : 0;
		pd->slen = summary_len(pd->title, pd->tlen);
		if (ccred >= 0 && r.f[ccred].len)
			load_credits(t, rw, r.f[ccred].s, r.f[ccred].len);
		pd->msg = arena_strndup(&raw, r.f[cmsg].s, r.f[cmsg].len);
		pd->mlen = r.f[cmsg].len;
		/* Made ready when a pair first needs them: where they are. */
		rw->raw_hlen = r.f[chunks].len;
		rw->hfd = t->fd;
		if (t->fd >= 0) {
			rw->hoff = tsv_offset(&r, chunks);
		} else {
			rw->raw_hunks = xmalloc(r.f[chunks].len + 1);
			memcpy(rw->raw_hunks, r.f[chunks].s, r.f[chunks].len + 1);
		}
		t->n++;
		if (ld.npend == LOAD_BATCH) {
			if (load_batch(&ld, &r, jobs) < 0 && rc == 0)
				rc = -1;
			arena_free(&raw);
		}
	}
	if (load_batch(&ld, &r, jobs) < 0 && rc == 0)
		rc = -1;
	arena_free(&raw);
	pthread_mutex_destroy(&ld.mu);
	pthread_mutex_destroy(&ld.names_mu);
	pthread_mutex_destroy(&ld.sorted_mu);
	free(ld.pend);
	tsv_close(&r);
	return rc;
}

static void
table_free(struct table *t)
{
	for (size_t i = 0; i < t->n; i++)
		free_row(&t->r[i]);
	free(t->r);
	arena_free(&t->mem);
	for (size_t k = 0; k < t->nwmem; k++)
		arena_free(&t->wmem[k]);
	free(t->wmem);
	if (t->fd >= 0)
		close(t->fd);
}

/* An inverted index: interned name (pointer) -> right rows. */
struct postings {
	uint32_t *v;
	size_t n, cap;
};

struct index {
	struct hmap byname;     /* name -> struct postings * */
	struct hmap byhash;     /* hash -> struct postings * */
	struct hmap byid;       /* id -> struct postings * */
	struct hmap byup;       /* upstream id named -> rows naming it */
	struct hmap bylink;     /* Message-ID a Link: names -> rows naming it */
	struct postings *all;
	size_t nall;
};

static void
post(struct index *ix, struct hmap *m, const char *key, size_t klen, uint32_t row)
{
	int isnew;
	struct hent *e;
	struct postings *p;

	/*
	 * An empty key is none: rows with no hash (a table another stage
	 * made) or an empty name share nothing, where they would all be
	 * each other's candidates.
	 */
	if (!klen)
		return;
	e = hmap_put(m, key, klen, &isnew);
	if (isnew) {
		ix->all = xreallocarray(ix->all, ix->nall + 1, sizeof *ix->all);
		/* Stored by index: the array may move. */
		e->val = (void *)(uintptr_t)(ix->nall + 1);
		memset(&ix->all[ix->nall++], 0, sizeof *ix->all);
	}
	p = &ix->all[(uintptr_t)e->val - 1];
	if (p->n && p->v[p->n - 1] == row)
		return;
	if (p->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 4;
		p->v = xreallocarray(p->v, p->cap, sizeof *p->v);
	}
	p->v[p->n++] = row;
}

static const struct postings *
lookup(const struct index *ix, const struct hmap *m, const char *key, size_t klen)
{
	struct hent *e = hmap_get(m, key, klen);

	return e ? &ix->all[(uintptr_t)e->val - 1] : NULL;
}

static void
index_build(struct index *ix, const struct table *t)
{
	memset(ix, 0, sizeof *ix);
	for (size_t i = 0; i < t->n; i++) {
		const struct row *rw = &t->r[i];

		for (uint32_t k = 0; k < rw->nnames; k++)
			post(ix, &ix->byname, rw->names[k], strlen(rw->names[k]), (uint32_t)i);
		post(ix, &ix->byhash, rw->hash, strlen(rw->hash), (uint32_t)i);
		post(ix, &ix->byid, rw->id, strlen(rw->id), (uint32_t)i);
		for (int pass = 0; pass < 2; pass++) {
			for (const char *p = pass ? rw->links : rw->upstream; *p;) {
				size_t len = strcspn(p, " ");

				if (len)
					post(ix, pass ? &ix->bylink : &ix->byup, p, len, (uint32_t)i);
				p += len;
				while (*p == ' ')
					p++;
			}
		}
	}
}

static void
index_free(struct index *ix)
{
	for (size_t i = 0; i < ix->nall; i++)
		free(ix->all[i].v);
	free(ix->all);
	hmap_free(&ix->byname);
	hmap_free(&ix->byhash);
	hmap_free(&ix->byid);
	hmap_free(&ix->byup);
	hmap_free(&ix->bylink);
}

/* How a pair was found: via.h's bits, and two more never written. */
enum {
	/* Evidence once the messages turn out alike. */
	VIA_THREAD = 1024,      /* one in the other's thread: a version at THREAD_MSG */
	VIA_SAMEMSG = 2048,     /* one person: version or title at SAME_MSG */
};
/* A title of at least this many distinct words, one author's twice, is a repost. */
#define REPOST_WORDS 4
/*
 * Two titles' summaries (the words after the "prefix: " parts) are
 * alike when this share of the distinct words of the longer is in the
 * other, and it has RETITLE_MIN words at least.
 */
#define RETITLE_SHARE 0.7
#define RETITLE_MIN 3
/* A commit credits a mail's author: the mail at most this many days before it. */
#define CREDIT_DAYS 365
/* How alike the messages of a version sent into the old one's thread are, at least. */
#define THREAD_MSG 0.6
/* How alike two messages of one person are, at least, to be one patch's (retitled). */
#define SAME_MSG 0.8
#define VIA_EVIDENCE (VIA_DATE | VIA_VERSION | VIA_TITLE)

/*
 * The ratios of long texts already compared, by the pair of interned
 * texts: versions of a series and reposts hold the same big hunks, and
 * their LCS is the scorer's whole cost.  Shared by the threads.
 */
struct memo {
	pthread_mutex_t mu;
	pthread_cond_t done;    /* a ratio being computed is there */
	struct hmap map;        /* key: the two pointers; value: struct memo_ent */
	struct arena mem;
};

struct memo_ent {
	const char *key[2];
	double r;               /* the ratio, or (not exact) a bound it is under */
	int exact;
	int busy;               /* a thread is computing it */
};

/* Bit-parallel work (machine-word steps) from which a ratio is remembered. */
#define MEMO_MIN_WORK ((uint64_t)1 << 16)

/*
 * One ratio a pair's score is made of: the messages', or a hunk pair's
 * removed or added lines (diff_terms()), with its weight in the score
 * and an upper bound of it, the ratio itself once known.
 */
struct term {
	const struct tstr *a, *b;
	double weight, hi;
	int known;              /* hi is the ratio already */
};

/* A term's place and what it may take off the bound: the order they are computed in. */
struct order {
	double potential;
	uint32_t k;
};

/*
 * What the threads share to make rows' hunks ready: most rows of a big
 * archive scored against a commit segment are never a candidate's, and
 * their hunks are the bulk of loading.
 */
struct lazy {
	pthread_mutex_t mu;
	pthread_cond_t done;    /* a row's hunks are made */
	pthread_mutex_t names_mu, sorted_mu;
	struct strpool *names;
	struct hmap *sorted;
};

struct job {
	const struct opts *o;
	struct memo *memo;
	struct lazy *lazy;
	struct table *L, *R;    /* rows' hunks are made ready as they are needed */
	const struct index *ix;
	/* Per worker. */
	struct lcs_scratch sc;
	struct arena mem;       /* the hunks this thread made ready */
	struct buf scratch;
	struct buf raw;         /* hunks read again */
	uint32_t *mark;         /* per right row: the left row + 1 that last saw it */
	uint8_t *via;
	uint32_t *cand, *cand_tmp;
	size_t ncand;
	struct term *t;         /* a pair's terms: the diff's, then the message's */
	uint32_t *tfn;          /* per file of the diff: its terms */
	struct order *order;
	size_t nt, tcap, fcap;
	unsigned long scored, candidates;
	/*
	 * The pool, and the state this thread scores another row with while
	 * one of its ratios is being computed by another thread; that row
	 * may wait so too, with its own helper, HELP_DEPTH rows deep (NULL:
	 * it waits).
	 */
	struct opool *pool;
	struct job *helper;
};

/*
 * The ratio of two texts; or, when it is sure to be under need, only
 * that: *below set and need returned (need <= 0: always the ratio).
 */
static double
ratio_need(struct job *j, const struct tstr *a, const struct tstr *b, double need, int *below)
{
	uint64_t lo = a->cps < b->cps ? a->cps : b->cps, hi = a->cps < b->cps ? b->cps : a->cps;
	const char *key[2];
	struct hent *e;
	struct memo_ent *me;
	double r;
	int isnew;

	*below = 0;
	if (j->o->plain)
		return ratio_sorted(&j->sc, a->s, a->bytes, a->cps, b->s, b->bytes, b->cps);
	if (a->bytes < 256 || b->bytes < 256 || a->s == b->s ||
	    (lo + 63) / 64 * hi < MEMO_MIN_WORK)
		return ratio_sorted_need(&j->sc, a->s, a->bytes, a->cps, b->s, b->bytes, b->cps,
		    need, below);
	/* Both interned: the pointers name the texts, in either order. */
	key[0] = (uintptr_t)a->s < (uintptr_t)b->s ? a->s : b->s;
	key[1] = (uintptr_t)a->s < (uintptr_t)b->s ? b->s : a->s;
	/*
	 * The versions of a series are neighbouring rows, so two threads
	 * often want one ratio at once: the first computes it, the other
	 * waits for it.  What is remembered is the ratio, or that it is
	 * under a bound (a pair stopped early): a later pair needing more
	 * than that bound is answered at once, one needing less computes.
	 */
	pthread_mutex_lock(&j->memo->mu);
	e = hmap_put(&j->memo->map, (const char *)key, sizeof key, &isnew);
	if (isnew) {
		me = arena_alloc(&j->memo->mem, sizeof *me);
		memcpy(me->key, key, sizeof key);
		me->exact = 0;
		me->r = 2.0;
		e->key = (const char *)me->key;
		e->val = me;
	} else {
		me = e->val;
		/*
		 * Another thread computes it (two big hunks of a driver's
		 * series, which many of its versions hold): meanwhile this one
		 * scores the next rows, one at a time, while there are some.
		 * Rows further on often wait for the same ratio, so they help
		 * in turn (HELP_DEPTH): without, a fifth of the wireless
		 * year's scoring time was one thread waiting.
		 */
		while (me->busy) {
			if (j->helper) {
				int helped;

				pthread_mutex_unlock(&j->memo->mu);
				helped = opool_help(j->pool, j->helper);
				pthread_mutex_lock(&j->memo->mu);
				if (helped)
					continue;
			}
			pthread_cond_wait(&j->memo->done, &j->memo->mu);
		}
		if (me->exact || need >= me->r) {
			*below = !me->exact;
			r = me->exact ? me->r : need;
			pthread_mutex_unlock(&j->memo->mu);
			return r;
		}
	}
	me->busy = 1;
	pthread_mutex_unlock(&j->memo->mu);
	r = ratio_sorted_need(&j->sc, a->s, a->bytes, a->cps, b->s, b->bytes, b->cps, need,
	    below);
	pthread_mutex_lock(&j->memo->mu);
	/* Under need: need is the tighter bound (it was under the old one). */
	me->r = r;
	me->exact = !*below;
	me->busy = 0;
	pthread_cond_broadcast(&j->memo->done);
	pthread_mutex_unlock(&j->memo->mu);
	return r;
}

static double
ratio(struct job *j, const struct tstr *a, const struct tstr *b)
{
	int below;

	return ratio_need(j, a, b, 0.0, &below);
}

/*
 * The most two texts can score.  Their LCS is no longer than the shorter,
 * nor than the bytes of each kind both hold (a common subsequence of
 * characters is one of bytes at least as long).
 */
static double
ratio_bound(const struct tstr *a, const struct tstr *b)
{
	uint32_t m;

	if (!a->cps && !b->cps)
		return 1.0;
	m = a->cps < b->cps ? a->cps : b->cps;
	if (a->hist && b->hist) {
		uint32_t common = 0;

		for (int k = 0; k < NBUCKET; k++)
			common += a->hist[k] < b->hist[k] ? a->hist[k] : b->hist[k];
		if (common < m)
			m = common;
	}
	return 2.0 * m / (double)(a->cps + b->cps);
}

/* Make a row's hunks ready (f, nf), once, whichever thread asks first. */
static void
ready_hunks(struct job *j, struct row *rw)
{
	struct sink k = { &j->mem, j->lazy->names, &j->lazy->names_mu, j->lazy->sorted,
	    &j->lazy->sorted_mu };

	if (__atomic_load_n(&rw->hunks_state, __ATOMIC_ACQUIRE) == 2)
		return;
	pthread_mutex_lock(&j->lazy->mu);
	while (__atomic_load_n(&rw->hunks_state, __ATOMIC_RELAXED) == 1)
		pthread_cond_wait(&j->lazy->done, &j->lazy->mu);
	if (__atomic_load_n(&rw->hunks_state, __ATOMIC_RELAXED) == 2) {
		pthread_mutex_unlock(&j->lazy->mu);
		return;
	}
	__atomic_store_n(&rw->hunks_state, 1, __ATOMIC_RELAXED);
	pthread_mutex_unlock(&j->lazy->mu);
	/* Checked when read (check_hunks()): every line is taken. */
	if (rw->hfd < 0) {
		(void)parse_hunks(&k, rw, rw->raw_hunks, rw->raw_hlen, &j->scratch);
	} else if (reread_hunks(rw, &j->raw) == 0) {
		long n = tsv_unescape(j->raw.p, j->raw.len, &(size_t){ 0 });

		(void)parse_hunks(&k, rw, j->raw.p, n < 0 ? 0 : (size_t)n, &j->scratch);
	}
	/* (Else reread_hunks() named it, and the run fails: no hunks.) */
	free(rw->raw_hunks);
	rw->raw_hunks = NULL;
	pthread_mutex_lock(&j->lazy->mu);
	__atomic_store_n(&rw->hunks_state, 2, __ATOMIC_RELEASE);
	pthread_cond_broadcast(&j->lazy->done);
	pthread_mutex_unlock(&j->lazy->mu);
}

/* One more term of the pair: j->t[j->nt++]. */
static void
add_term(struct job *j, const struct tstr *a, const struct tstr *b)
{
	struct term *t;

	if (j->nt == j->tcap) {
		j->tcap = j->tcap ? j->tcap * 2 : 64;
		j->t = xreallocarray(j->t, j->tcap, sizeof *j->t);
		j->order = xreallocarray(j->order, j->tcap, sizeof *j->order);
	}
	t = &j->t[j->nt++];
	t->a = a;
	t->b = b;
	t->weight = 0;
	t->hi = ratio_bound(a, b);
	t->known = 0;
}

/*
 * The terms of the diff score (method section 3): files paired by name,
 * hunks by heading; per hunk pair removed with removed and added with
 * added when both have some.  The diff is their mean per file, then the
 * mean over the files that had any (and, with --file-penalty, those
 * that had none: 0 each).  Into j->t[0..j->nt), file by file, each
 * file's count in j->tfn; returns the number of files the mean is over
 * (*nfile: those with terms).
 */
static unsigned
diff_terms(struct job *j, const struct row *l, const struct row *r, uint32_t *nfile)
{
	unsigned nfiles = 0, unmatched = 0;

	j->nt = 0;
	for (uint32_t a = 0; a < l->nf; a++) {
		const struct tfile *fl = &l->f[a], *fr = NULL;
		size_t first = j->nt;

		for (uint32_t b = 0; b < r->nf; b++)
			if (r->f[b].key == fl->key) {
				fr = &r->f[b];
				break;
			}
		if (!fr) {
			unmatched++;
			continue;
		}
		for (uint32_t x = 0; x < fl->nh; x++) {
			const struct thunk *hl = &fl->h[x], *hr = NULL;

			for (uint32_t y = 0; y < fr->nh; y++) {
				if (fr->h[y].heading == hl->heading) {
					hr = &fr->h[y];
					break;
				}
			}
			if (!hr && j->o->heading_ratio < 1.0) {
				/* The closest heading, if close enough. */
				double best = -1;

				for (uint32_t y = 0; y < fr->nh; y++) {
					double q = token_sort_ratio(&j->sc, hl->heading,
					    strlen(hl->heading), fr->h[y].heading,
					    strlen(fr->h[y].heading));

					if (q > best) {
						best = q;
						hr = &fr->h[y];
					}
				}
				if (best < j->o->heading_ratio)
					hr = NULL;
			}
			if (!hr)
				continue;
			if (hl->has_rem && hr->has_rem)
				add_term(j, &hl->rem, &hr->rem);
			if (hl->has_add && hr->has_add)
				add_term(j, &hl->add, &hr->add);
		}
		if (j->nt > first) {
			if (nfiles == j->fcap) {
				j->fcap = j->fcap ? j->fcap * 2 : 16;
				j->tfn = xreallocarray(j->tfn, j->fcap, sizeof *j->tfn);
			}
			j->tfn[nfiles++] = (uint32_t)(j->nt - first);
		} else if (j->o->file_penalty) {
			unmatched++;
		}
	}
	*nfile = nfiles;
	if (j->o->file_penalty)
		nfiles += unmatched;
	return nfiles;
}

/*
 * The diff score from the terms' hi: their bounds at first, which bound
 * the score, and the score itself once every term is known (summed in
 * the method's order, so to the bit what it always was).
 */
static double
diff_of(const struct job *j, uint32_t nfile, unsigned nfiles)
{
	double sum = 0;
	size_t k = 0;

	for (uint32_t f = 0; f < nfile; f++) {
		double fsum = 0;

		for (uint32_t x = 0; x < j->tfn[f]; x++, k++)
			fsum += j->t[k].hi;
		sum += fsum / j->tfn[f];
	}
	return nfiles ? sum / nfiles : 0.0;
}

/*
 * Margin under --threshold a pair's bound must fall before the pair is
 * given up: far above the rounding of a sum of a few thousand ratios.
 */
#define BOUND_SLACK 1e-9

static int
cmp_potential(const void *x, const void *y)
{
	const struct order *a = x, *b = y;

	if (a->potential != b->potential)
		return a->potential > b->potential ? -1 : 1;
	return a->k < b->k ? -1 : a->k > b->k;
}

/*
 * Whether the pair can reach --threshold, learnt at the least cost: the
 * score is at most the sum of the terms' bounds, each weighted; the
 * terms are computed the weightiest first, each only as far as it
 * matters (ratio_need(): told the least it must reach for the pair to
 * stay in), and the pair is given up as soon as the sum falls under
 * --threshold.  A pair that can reach it has every term known; the
 * message's is j->t[j->nt] then.  The pairs written and their scores
 * are those of computing every ratio.
 */
static int
can_reach(struct job *j, const struct row *l, const struct row *r, uint32_t nfile,
    unsigned nfiles, double msg, double msg_under, double w)
{
	const struct opts *o = j->o;
	double floor = o->min_score - BOUND_SLACK, ub = 0;
	size_t k = 0, n;

	for (uint32_t f = 0; f < nfile; f++)
		for (uint32_t x = 0; x < j->tfn[f]; x++, k++)
			j->t[k].weight = (1 - w) / nfiles / j->tfn[f];
	add_term(j, &l->msg, &r->msg);
	j->t[j->nt - 1].weight = w;
	/*
	 * The messages' ratio when the evidence needed it first, or a
	 * bound it is under.
	 */
	if (msg >= 0) {
		j->t[j->nt - 1].hi = msg;
		j->t[j->nt - 1].known = 1;
	} else if (msg_under < j->t[j->nt - 1].hi) {
		j->t[j->nt - 1].hi = msg_under;
	}
	n = j->nt--;
	for (k = 0; k < n; k++) {
		ub += j->t[k].weight * j->t[k].hi;
		j->order[k].potential = j->t[k].weight * j->t[k].hi;
		j->order[k].k = (uint32_t)k;
	}
	qsort(j->order, n, sizeof *j->order, cmp_potential);
	for (k = 0; k < n; k++) {
		struct term *t = &j->t[j->order[k].k];
		double need, v;
		int below;

		if (ub < floor)
			return 0;
		if (t->known)
			continue;
		need = t->weight > 0 ? t->hi - (ub - floor) / t->weight : 0.0;
		v = ratio_need(j, t->a, t->b, need, &below);
		if (below)
			return 0;
		ub += t->weight * (v - t->hi);
		t->hi = v;
	}
	return ub >= floor;
}

static void
add_cand(struct job *j, uint32_t left, uint32_t right, int via)
{
	if (j->mark[right] != left + 1) {
		j->mark[right] = left + 1;
		j->via[right] = 0;
		j->cand[j->ncand++] = right;
	}
	j->via[right] |= (uint8_t)via;
}

/*
 * Sort a left row's candidates (right row numbers, each once) into row
 * order: by insertion when few, else by their bytes, one at a time from
 * the lowest (a counting sort each, through tmp), as many rounds as the
 * largest needs.  qsort, a call of a comparison at each step, took
 * more of finding and checking the candidates (which grow as n^1.7 to
 * n^2) than the checks themselves: 7% of a --window 0 run on the four
 * shared lists, 2% now.
 */
#define RADIX_BITS 8
static void
sort_rows(uint32_t *v, size_t n, uint32_t *tmp)
{
	uint32_t max = 0, *from = v, *to = tmp, *t;
	size_t count[1u << RADIX_BITS];

	if (n <= 32) {
		for (size_t i = 1; i < n; i++) {
			uint32_t x = v[i];
			size_t k = i;

			for (; k > 0 && v[k - 1] > x; k--)
				v[k] = v[k - 1];
			v[k] = x;
		}
		return;
	}
	for (size_t i = 0; i < n; i++)
		if (v[i] > max)
			max = v[i];
	for (unsigned shift = 0; shift < 32 && (max >> shift); shift += RADIX_BITS) {
		size_t sum = 0;

		memset(count, 0, sizeof count);
		for (size_t i = 0; i < n; i++)
			count[(from[i] >> shift) & ((1u << RADIX_BITS) - 1)]++;
		for (size_t d = 0; d < (1u << RADIX_BITS); d++) {
			size_t c = count[d];

			count[d] = sum;
			sum += c;
		}
		for (size_t i = 0; i < n; i++)
			to[count[(from[i] >> shift) & ((1u << RADIX_BITS) - 1)]++] = from[i];
		t = from;
		from = to;
		to = t;
	}
	if (from != v)
		memcpy(v, from, n * sizeof *v);
}

/*
 * How much the two patches have in common in the files both touch,
 * every hunk of a file together whatever its heading, word by word
 * (word_ratio), weighted by size.  PaStA's diff score averages the
 * hunks whose headings match, however little of each patch they are: a
 * license-header hunk scores 1.0 in a patch that changes much else in
 * the same file.  The whole files do not.
 */
static double
file_ratio(const struct row *l, const struct row *r)
{
	double fw = 0, fq = 0;

	for (uint32_t a = 0; a < l->nf; a++) {
		const struct tfile *fl = &l->f[a], *fr = NULL;
		double w;

		for (uint32_t b = 0; b < r->nf; b++)
			if (r->f[b].key == fl->key) {
				fr = &r->f[b];
				break;
			}
		if (!fr)
			continue;
		w = (double)fl->rem.cps + fr->rem.cps;
		if (w > 0) {
			fq += w * word_ratio(fl->rem.s, fl->rem.bytes, fl->rem.cps,
			    fr->rem.s, fr->rem.bytes, fr->rem.cps);
			fw += w;
		}
		w = (double)fl->add.cps + fr->add.cps;
		if (w > 0) {
			fq += w * word_ratio(fl->add.s, fl->add.bytes, fl->add.cps,
			    fr->add.s, fr->add.bytes, fr->add.cps);
			fw += w;
		}
	}
	return fw > 0 ? fq / fw : 0.0;
}

/* One person: the same address, or the same name. */
static int
same_person(const struct row *a, const struct row *b)
{
	return (*a->author && a->author == b->author) || (*a->name && a->name == b->name);
}

/* Does commit c credit the person of mail m (its address or its name)? */
static int
credits_person(const struct row *c, const struct row *m)
{
	for (uint32_t i = 0; i < c->ncred; i++)
		if ((*m->author && c->cred[i] == m->author) || (*m->name && c->cred[i] == m->name))
			return 1;
	return 0;
}

/* The distinct words of a token-sorted text, at most max, into w and wl. */
static size_t
sorted_words(const struct tstr *t, const char **w, size_t *wl, size_t max)
{
	size_t n = 0;

	for (const char *p = t->s, *e = t->s + t->bytes; p < e && n < max;) {
		const char *sp = memchr(p, ' ', (size_t)(e - p));
		size_t k = (size_t)((sp ? sp : e) - p);

		if (k && !(n && wl[n - 1] == k && !memcmp(w[n - 1], p, k))) {
			w[n] = p;
			wl[n++] = k;
		}
		p += k + 1;
	}
	return n;
}

/* How many distinct words a token-sorted text holds (up to 64). */
static size_t
distinct_words(const struct tstr *t)
{
	const char *w[64];
	size_t wl[64];

	return sorted_words(t, w, wl, 64);
}

/*
 * Are two titles' summaries alike: of the distinct words of the one with
 * more (at least RETITLE_MIN), RETITLE_SHARE at least in the other?
 */
static int
summaries_alike(const struct tstr *a, const struct tstr *b)
{
	const char *wa[64], *wb[64];
	size_t la[64], lb[64], na, nb, common = 0;

	na = sorted_words(a, wa, la, 64);
	nb = sorted_words(b, wb, lb, 64);
	if ((na > nb ? na : nb) < RETITLE_MIN)
		return 0;
	for (size_t i = 0, j = 0; i < na && j < nb;) {
		int c = memcmp(wa[i], wb[j], la[i] < lb[j] ? la[i] : lb[j]);

		if (!c)
			c = (la[i] > lb[j]) - (la[i] < lb[j]);
		if (!c)
			common++;
		i += c <= 0;
		j += c >= 0;
	}
	return (double)common >= RETITLE_SHARE * (double)(na > nb ? na : nb);
}

/* The same title: the same words, whatever their case, order and punctuation. */
static int
same_title(const struct row *a, const struct row *b)
{
	return a->title.bytes && a->title.bytes == b->title.bytes &&
	    memcmp(a->title.s, b->title.s, a->title.bytes) == 0;
}

/*
 * What the two patches' metadata says beyond their content: VIA_DATE, a
 * mail and a commit dated to the second alike (the commit's author date
 * is the mail's date, as git am keeps it) by the same person or under
 * the same title; VIA_TITLE, a mail and a commit by the same person
 * under the same title, or with messages SAME_MSG alike; VIA_VERSION,
 * two mails by one person under the same title, or one in the other's
 * thread, or with messages SAME_MSG alike, not two parts of one
 * posting, at most --version-window days apart.  Whether the content
 * agrees enough is ptcluster's to judge, from msg, diff and fdiff.
 */
static int
evidence(const struct job *j, const struct row *l, const struct row *r)
{
	const struct opts *o = j->o;
	int person = same_person(l, r), via = 0;

	if (l->commit != r->commit) {
		const struct row *m = l->commit ? r : l, *c = l->commit ? l : r;
		int title = same_title(l, r);

		if (m->has_adate && c->has_adate && m->adate == c->adate && (person || title))
			via |= VIA_DATE;
		/*
		 * A commit crediting the mail's author, written after it (at
		 * most CREDIT_DAYS): a maintainer's rework of the patch.
		 */
		if (!person && c->ncred && credits_person(c, m) && m->has_date && c->has_date &&
		    c->date >= m->date && c->date - m->date <= (int64_t)CREDIT_DAYS * 86400)
			via |= VIA_CREDIT;
		if (person && title)
			via |= VIA_TITLE;
		else if (person && ratio_bound(&l->msg, &r->msg) >= SAME_MSG)
			via |= VIA_SAMEMSG;
		/* Retitled by its author, or reworked into a bigger change of his. */
		if (person && !title && summaries_alike(&l->summary, &r->summary))
			via |= VIA_RETITLE;
		return via;
	}
	if (l->commit || !person)
		return 0;
	/* Two patches of one posting ([PATCH v2 1/3] and [PATCH v2 2/3]) are two patches. */
	if (*l->thread && l->thread == r->thread && l->version == r->version &&
	    l->part != r->part)
		return 0;
	if (!l->has_date || !r->has_date ||
	    llabs((long long)(l->date - r->date)) > (long long)o->vwindow * 86400)
		return 0;
	if (same_title(l, r))
		return VIA_VERSION | (distinct_words(&l->title) >= REPOST_WORDS ? VIA_REPOST : 0);
	/* Retitled: the words after the prefix mostly the same. */
	if (summaries_alike(&l->summary, &r->summary))
		via |= VIA_RETITLE;
	/*
	 * A new version sent into the thread of the old one, perhaps
	 * retitled: the same place in its posting, and (see score_left) a
	 * message still alike.
	 */
	if (((*l->thread && l->thread == r->thread && l->version != r->version) ||
	    (*r->thread && r->thread == l->id) || (*l->thread && l->thread == r->id)) &&
	    l->part == r->part)
		return via | VIA_THREAD;
	/* Retitled, in a thread of its own: the message tells. */
	if (ratio_bound(&l->msg, &r->msg) >= SAME_MSG)
		return via | VIA_SAMEMSG;
	return via;
}

/* All pairs of one left row, scored, into out (rows of TSV). */
static void
score_left(struct job *j, uint32_t li, struct buf *out)
{
	struct row *l = &j->L->r[li];
	const struct opts *o = j->o;
	const struct postings *ps;

	/* A helping job's marks are made when it first helps. */
	if (!j->mark) {
		size_t n = j->R->n ? j->R->n : 1;

		j->mark = xcalloc(n, sizeof *j->mark);
		j->via = xcalloc(n, 1);
		j->cand = xcalloc(n, sizeof *j->cand);
		j->cand_tmp = xcalloc(n, sizeof *j->cand_tmp);
	}
	j->ncand = 0;
	for (uint32_t k = 0; k < l->nnames; k++) {
		ps = lookup(j->ix, &j->ix->byname, l->names[k], strlen(l->names[k]));
		for (size_t x = 0; ps && x < ps->n; x++)
			add_cand(j, li, ps->v[x], VIA_FILES);
	}
	ps = lookup(j->ix, &j->ix->byhash, l->hash, strlen(l->hash));
	for (size_t x = 0; ps && x < ps->n; x++)
		add_cand(j, li, ps->v[x], VIA_HASH);
	/* A commit that names its upstream commit, or (with --links) a mail. */
	if (*l->upstream || (o->links && *l->links)) {
		for (int pass = 0; pass < 2; pass++) {
			const char *list = pass ? (o->links ? l->links : "") : l->upstream;
			const char *p = list;

			while (*p) {
				size_t len = strcspn(p, " ");

				ps = len ? lookup(j->ix, &j->ix->byid, p, len) : NULL;
				for (size_t x = 0; ps && x < ps->n; x++)
					add_cand(j, li, ps->v[x], pass ? VIA_LINK : VIA_UPSTREAM);
				p += len;
				while (*p == ' ')
					p++;
			}
		}
	}
	/*
	 * One table scores a pair from its earlier row only, and that may be
	 * the upstream commit a later row names.
	 */
	if (o->self) {
		ps = lookup(j->ix, &j->ix->byup, l->id, strlen(l->id));
		for (size_t x = 0; ps && x < ps->n; x++)
			add_cand(j, li, ps->v[x], VIA_UPSTREAM);
	}
	if (o->links) {
		/* Right rows whose links name this (mail) row. */
		ps = lookup(j->ix, &j->ix->bylink, l->id, strlen(l->id));
		for (size_t x = 0; ps && x < ps->n; x++)
			add_cand(j, li, ps->v[x], VIA_LINK);
	}
	sort_rows(j->cand, j->ncand, j->cand_tmp);
	j->candidates += j->ncand;

	for (size_t c = 0; c < j->ncand; c++) {
		uint32_t ri = j->cand[c];
		struct row *r = &j->R->r[ri];
		int via = j->via[ri];
		double dlr, msg = 0, diff = 0, score = 0, fdiff = 0;
		/*
		 * A diff sent in a reply has no commit message: the reply's
		 * words are talk.  Its score is its diff's.
		 */
		double w = l->reply || r->reply ? 0.0 : o->weight;
		uint32_t mn, mx;
		int outside;

		/* Each pair once; a mail and its duplicate copy are no pair. */
		if ((o->self && ri <= li) || l->id == r->id)
			continue;
		via |= evidence(j, l, r);
		/*
		 * Evidence keeps a pair out of the window.  Evidence that waits
		 * on the messages (one thread, one person) is judged first, and
		 * the pair goes after all if it does not hold.
		 */
		outside = o->window >= 0 && l->has_date && r->has_date &&
		    llabs((long long)(l->date - r->date)) > (long long)o->window * 86400;
		if (outside && !(via & ~VIA_FILES))
			continue;
		mn = l->lines < r->lines ? l->lines : r->lines;
		mx = l->lines < r->lines ? r->lines : l->lines;
		dlr = mx ? (double)mn / mx : 1.0;
		if (dlr >= o->dlr || (via & ~VIA_FILES)) {
			int must = (via & ~VIA_FILES) != 0;
			uint32_t nfile;
			unsigned nfiles;
			double known_msg = -1, msg_under = 2.0;
			int counted = 0;        /* in j->scored already */

			/*
			 * Evidence that waits on the messages (one thread, one
			 * person) is judged first: where it does not hold, the
			 * pair is one like any other, and may be given up early.
			 * The same pairs and scores as judging it after, which
			 * --plain-lcs still does (62 compares the two).
			 */
			if (!o->plain && (via & (VIA_THREAD | VIA_SAMEMSG)) &&
			    !(via & ~(VIA_FILES | VIA_THREAD | VIA_SAMEMSG))) {
				double need = via & VIA_THREAD ? THREAD_MSG : SAME_MSG, m;
				int below;

				/* Exact at need or above; else only under it. */
				m = ratio_need(j, &l->msg, &r->msg, need, &below);
				j->scored++;
				counted = 1;
				if (below)
					msg_under = m;
				else
					known_msg = m;
				if (below || (!(via & VIA_THREAD && m >= THREAD_MSG) &&
				    !(via & VIA_SAMEMSG && m >= SAME_MSG))) {
					via &= ~(VIA_THREAD | VIA_SAMEMSG);
					must = 0;
					/*
					 * Out of the window, or under --dlr (it scores
					 * 0) when 0 does not reach --threshold: not
					 * written.  Under --dlr otherwise: written with
					 * its ratios, as before.
					 */
					if (outside || (dlr < o->dlr && o->min_score > 0))
						continue;
					if (dlr < o->dlr)
						must = 1;
				}
			}

			/*
			 * Bounds first: a pair that cannot reach --threshold is
			 * not written, so its LCSs need not be computed, nor
			 * all of them for one that turns out unable to.  The
			 * output is the same either way.  (Headings paired by
			 * their own ratio have no cheap bound.)
			 */
			if (!must && o->heading_ratio < 1.0 && w + (1 - w) <
			    o->min_score)
				continue;
			ready_hunks(j, l);
			ready_hunks(j, r);
			nfiles = diff_terms(j, l, r, &nfile);
			if (!must && o->heading_ratio >= 1.0 &&
			    w + (1 - w) * diff_of(j, nfile, nfiles) < o->min_score)
				continue;
			if (!counted)
				j->scored++;
			if (!must) {
				if (!can_reach(j, l, r, nfile, nfiles, known_msg, msg_under, w))
					continue;
				diff = diff_of(j, nfile, nfiles);
				msg = j->t[j->nt].hi;
			} else {
				for (size_t k = 0; k < j->nt; k++)
					j->t[k].hi = ratio(j, j->t[k].a, j->t[k].b);
				diff = diff_of(j, nfile, nfiles);
				msg = known_msg >= 0 ? known_msg : ratio(j, &l->msg, &r->msg);
			}
			score = dlr >= o->dlr ? w * msg + (1 - w) * diff : 0;
		}
		if (via & VIA_THREAD) {
			via &= ~VIA_THREAD;
			if (msg >= THREAD_MSG)
				via |= VIA_VERSION;
		}
		if (via & VIA_SAMEMSG) {
			via &= ~VIA_SAMEMSG;
			if (msg >= SAME_MSG)
				via |= l->commit != r->commit ? VIA_TITLE : VIA_VERSION;
		}
		if (outside && !(via & ~VIA_FILES))
			continue;
		if (score < o->min_score && !(via & ~VIA_FILES))
			continue;
		ready_hunks(j, l);
		ready_hunks(j, r);
		fdiff = file_ratio(l, r);
		tsv_addstr(out, l->id);
		tsv_sep(out);
		tsv_addstr(out, r->id);
		buf_addf(out, "\t%.6f\t%.6f\t%.6f\t%.6f\t%.6f\t", msg, diff, dlr, score, fdiff);
		via_add(out, via);
		buf_addc(out, '\n');
	}
}

/*
 * The left rows of a shard are scored by the threads in any order and
 * written in order (opool.h): at most WINDOW rows are in flight, so one
 * slow row (two versions of a big driver) holds up neither the other
 * threads nor memory.  A thread waiting for a ratio another computes
 * scores rows further on meanwhile (opool_help), as far as the window
 * reaches: with 1024 rows, the threads of the wireless year's --self
 * still waited 0.1 s in all for such ratios; with 8192, 0.02 s (and
 * the rows' pairs held meanwhile are a few hundred bytes each).
 */
#define WINDOW 8192

/* How many rows deep a thread waiting for a ratio scores others (struct job). */
#define HELP_DEPTH 8

/* A left row in flight: its index, then its pairs. */
struct lslot {
	uint32_t row;
	struct buf out;
};

/* What the writer keeps: the jobs (one a thread), the count and the bar. */
struct writer {
	struct job *jobs;
	unsigned long written;
	size_t rows;
	struct progress *pr;
};

static void *
pool_start(void *arg, int i)
{
	return &((struct writer *)arg)->jobs[i];
}

static void
pool_work(void *arg, void *state, void *slot)
{
	struct lslot *l = slot;

	score_left(state, l->row, &l->out);
}

/* A slot's pairs buffer past this size is given back once written. */
#define OUT_KEEP ((size_t)4 << 10)

static void
pool_emit(void *arg, void *slot)
{
	struct writer *w = arg;
	struct buf *b = &((struct lslot *)slot)->out;

	if (b->len && fwrite(b->p, 1, b->len, stdout) != b->len)
		die("error writing output:");
	for (size_t q = 0; q < b->len; q++)
		w->written += b->p[q] == '\n';
	/* A row of many pairs does not leave its slot that big (WINDOW slots). */
	buf_shrink(b, OUT_KEEP);
	progress_update(w->pr, ++w->rows);
}

static void
pool_slot_free(void *slot)
{
	buf_free(&((struct lslot *)slot)->out);
}

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: patchsim [-HqvV] [-j jobs] [-w weight] [-d dlr] [-t threshold]\n"
	    "                [--window days] [--shard K/N] [--links] [--heading-ratio r]\n"
	    "                [--file-penalty] [--version-window days] [--plain-lcs]\n"
	    "                left right\n"
	    "       patchsim [options] --self table\n");
}

static void
help(void)
{
	usage(stdout);
	fputs("\nScore candidate pairs of patches (patchtok tables), after PaStA:\n"
	    "score = w * msg + (1 - w) * diff, 0 when dlr is below its threshold.\n"
	    "Candidates share a file name, an exact content hash, or a named\n"
	    "upstream commit; never all pairs.\n\n"
	    "  -w, --weight W        weight of the message (default 0.3)\n"
	    "  -d, --dlr R           diff length ratio below which a pair scores 0\n"
	    "                        (default 0.4)\n"
	    "  -t, --threshold S     write pairs scoring at least S (default 0.5;\n"
	    "                        --min-score is another name for it); pairs\n"
	    "                        found by hash, upstream or link always\n"
	    "      --window DAYS     only pairs whose dates are at most DAYS apart\n"
	    "      --shard K/N       do the K-th of N shares of the left rows\n"
	    "  -j, --jobs N          threads (default: the number of CPUs)\n"
	    "      --self            one table against itself, each pair once\n"
	    "      --links           also pair by Link:/Message-Id: trailers (off\n"
	    "                        when the result is evaluated against them)\n"
	    "      --heading-ratio R hunks pair when their headings' ratio is at\n"
	    "                        least R (default 1: the same heading)\n"
	    "      --file-penalty    files of the left patch the right one lacks\n"
	    "                        count as 0 in the diff score\n"
	    "      --version-window D  two mails are versions of a patch only if at\n"
	    "                        most D days apart (default 365)\n"
	    "      --plain-lcs       every LCS the plain bit-parallel way, nothing\n"
	    "                        remembered: slower, the same output (for tests\n"
	    "                        and benchmarks)\n"
	    "  -H, --no-header       do not print the header line\n"
	    "  -q, --quiet           no summary (the default; cancels -v)\n"
	    "  -v, --verbose         a summary line on stderr (written anyway when\n"
	    "                        rows were skipped)\n"
	    "  -V, --version         print the version and exit\n"
	    "  -h, --help            print this help and exit\n\n"
	    "Pairs with metadata evidence are written whatever their score: via\n"
	    "date (a mail and a commit of one author date), title (a mail and a\n"
	    "commit by one person under the same title), version (two mails by\n"
	    "one person under the same title, or one in the other's thread),\n"
	    "repost (the same title of four words or more), retitle (one person,\n"
	    "titles alike after their prefixes), credit (a commit whose credits\n"
	    "column, patchtok's, names the mail's author).  A mail of type reply\n"
	    "is scored by its diff alone.\n\n"
	    "Columns: left right msg diff dlr score fdiff via.  See patchsim(1).\n", stdout);
}

int
main(int argc, char **argv)
{
	enum { O_SELF = 256, O_LINKS, O_HRATIO, O_PENALTY, O_VWINDOW, O_PLAIN, O_WINDOW,
	    O_SHARD };
	static const struct option longopts[] = {
		{ "weight", required_argument, NULL, 'w' },
		{ "dlr", required_argument, NULL, 'd' },
		{ "threshold", required_argument, NULL, 't' },
		{ "min-score", required_argument, NULL, 't' },
		{ "window", required_argument, NULL, O_WINDOW },
		{ "shard", required_argument, NULL, O_SHARD },
		{ "jobs", required_argument, NULL, 'j' },
		{ "self", no_argument, NULL, O_SELF },
		{ "links", no_argument, NULL, O_LINKS },
		{ "heading-ratio", required_argument, NULL, O_HRATIO },
		{ "file-penalty", no_argument, NULL, O_PENALTY },
		{ "version-window", required_argument, NULL, O_VWINDOW },
		{ "plain-lcs", no_argument, NULL, O_PLAIN },
		{ "no-header", no_argument, NULL, 'H' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct opts o = {
		.weight = PASTA_WEIGHT, .dlr = PASTA_DLR, .min_score = 0.5, .heading_ratio = 1.0,
		.window = -1, .vwindow = 365, .shard = 1, .nshards = 1,
	};
	struct table L, R;
	struct strpool names = STRPOOL_INIT;
	struct hmap sorted = HMAP_INIT;
	struct index ix;
	struct job *jobs;
	long njobs;
	static const struct opool_ops ops = {
		pool_start, NULL, pool_work, pool_emit, pool_slot_free,
	};
	struct opool *pool;
	struct writer wr;
	uint32_t *rows;
	size_t nleft = 0;
	struct memo memo;
	struct lazy lazy;
	struct progress pr;
	struct buf label = BUF_INIT;
	int ch, header = 1, verbose = 0, rc = PT_EXIT_OK;
	unsigned long scored = 0, candidates = 0, written = 0;

	setprogname(argv[0]);
	o.jobs = jobs_default(64);
	while ((ch = getopt_long(argc, argv, "w:d:t:j:HqvVh", longopts, NULL)) != -1) {
		switch (ch) {
		case 'w':
			if (parse_unit(optarg, &o.weight)) {
				warnx("bad weight '%s' (0 to 1)", optarg);
				return PT_EXIT_FAILED;
			}
			break;
		case 'd':
			if (parse_unit(optarg, &o.dlr)) {
				warnx("bad diff length ratio '%s' (0 to 1)", optarg);
				return PT_EXIT_FAILED;
			}
			break;
		case 't':
			if (parse_unit(optarg, &o.min_score)) {
				warnx("bad threshold '%s' (0 to 1)", optarg);
				return PT_EXIT_FAILED;
			}
			break;
		case O_WINDOW:
			if (parse_long(optarg, 0, 100000, &o.window)) {
				warnx("bad window '%s' (days, 0 to 100000)", optarg);
				return PT_EXIT_FAILED;
			}
			break;
		case O_SHARD: {
			char *slash = strchr(optarg, '/');

			if (!slash) {
				warnx("bad shard '%s' (K/N)", optarg);
				return PT_EXIT_FAILED;
			}
			*slash = '\0';
			if (parse_long(slash + 1, 1, 1000000, &o.nshards) ||
			    parse_long(optarg, 1, o.nshards, &o.shard)) {
				warnx("bad shard '%s/%s' (K/N, 1 <= K <= N)", optarg, slash + 1);
				return PT_EXIT_FAILED;
			}
			break;
		}
		case 'j':
			if (jobs_option(optarg, &o.jobs) < 0)
				return PT_EXIT_FAILED;
			break;
		case O_SELF: o.self = 1; break;
		case O_LINKS: o.links = 1; break;
		case O_HRATIO:
			if (parse_unit(optarg, &o.heading_ratio)) {
				warnx("bad heading ratio '%s' (0 to 1)", optarg);
				return PT_EXIT_FAILED;
			}
			break;
		case O_PENALTY: o.file_penalty = 1; break;
		case O_PLAIN: o.plain = 1; lcs_plain(1); break;
		case O_VWINDOW:
			if (parse_long(optarg, 0, 100000, &o.vwindow)) {
				warnx("bad version window '%s' (days, 0 to 100000)", optarg);
				return PT_EXIT_FAILED;
			}
			break;
		case 'H': header = 0; break;
		case 'q': verbose = 0; break;
		case 'v': verbose = 1; break;
		case 'V': print_version(); return PT_EXIT_OK;
		case 'h': help(); return PT_EXIT_OK;
		default: usage(stderr); return PT_EXIT_FAILED;
		}
	}
	if (argc - optind != (o.self ? 1 : 2)) {
		warnx(o.self ? "--self takes one table" : "two tables are needed: left and right");
		usage(stderr);
		return PT_EXIT_FAILED;
	}
	/* Bad rows, named and left out: 1; a table not read to its end: 2. */
	switch (load(&L, argv[optind], &names, &sorted, o.jobs)) {
	case 0: break;
	case -1: pt_exit_raise(&rc, PT_EXIT_SKIPPED); break;
	default: rc = PT_EXIT_FAILED; break;
	}
	if (o.self) {
		R = L;
	} else {
		switch (load(&R, argv[optind + 1], &names, &sorted, o.jobs)) {
		case 0: break;
		case -1: pt_exit_raise(&rc, PT_EXIT_SKIPPED); break;
		default: rc = PT_EXIT_FAILED; break;
		}
	}
	index_build(&ix, &R);

	/* The left rows of this shard. */
	rows = xcalloc(L.n ? L.n : 1, sizeof *rows);
	for (size_t i = 0; i < L.n; i++)
		if ((long)(i % (size_t)o.nshards) == o.shard - 1)
			rows[nleft++] = (uint32_t)i;

	memset(&memo, 0, sizeof memo);
	pthread_mutex_init(&memo.mu, NULL);
	pthread_cond_init(&memo.done, NULL);
	pthread_mutex_init(&lazy.mu, NULL);
	pthread_cond_init(&lazy.done, NULL);
	pthread_mutex_init(&lazy.names_mu, NULL);
	pthread_mutex_init(&lazy.sorted_mu, NULL);
	lazy.names = &names;
	lazy.sorted = &sorted;
	/*
	 * The threads' jobs, then (with threads) HELP_DEPTH levels of the
	 * jobs they help with: jobs[k + o.jobs] helps jobs[k].  Those make
	 * their marks when first used.
	 */
	njobs = o.jobs > 1 ? (HELP_DEPTH + 1) * o.jobs : 1;
	jobs = xcalloc((size_t)njobs, sizeof *jobs);
	for (long k = 0; k < njobs; k++) {
		jobs[k].o = &o;
		jobs[k].memo = &memo;
		jobs[k].lazy = &lazy;
		jobs[k].L = &L;
		jobs[k].R = &R;
		jobs[k].ix = &ix;
	}
	if (header)
		table_header(stdout, TABLE_PAIRS);

	{
		const char *base = strrchr(argv[optind], '/');

		buf_addf(&label, "patchsim %s", base && base[1] ? base + 1 : argv[optind]);
	}
	progress_start(&pr, progress_wanted(), label.p, "rows", nleft);
	/* The threads score, this one writes in order. */
	wr.jobs = jobs;
	wr.written = 0;
	wr.rows = 0;
	wr.pr = &pr;
	pool = opool_new(&ops, &wr, (int)o.jobs, WINDOW, 1, sizeof(struct lslot));
	for (long k = 0; k < njobs; k++) {
		jobs[k].pool = pool;
		jobs[k].helper = k + o.jobs < njobs ? &jobs[k + o.jobs] : NULL;
	}
	for (size_t k = 0; k < nleft; k++) {
		struct lslot *l = opool_next(pool);

		l->row = rows[k];
		opool_push(pool);
	}
	opool_finish(pool);
	written = wr.written;
	progress_end(&pr);
	buf_free(&label);
	for (long k = 0; k < njobs; k++) {
		scored += jobs[k].scored;
		candidates += jobs[k].candidates;
		lcs_scratch_free(&jobs[k].sc);
		arena_free(&jobs[k].mem);
		buf_free(&jobs[k].scratch);
		buf_free(&jobs[k].raw);
		free(jobs[k].t);
		free(jobs[k].tfn);
		free(jobs[k].order);
		free(jobs[k].mark);
		free(jobs[k].via);
		free(jobs[k].cand);
		free(jobs[k].cand_tmp);
	}
	/* A table changed while read: what was scored is not all of it. */
	if (__atomic_load_n(&reread_failed, __ATOMIC_RELAXED))
		rc = PT_EXIT_FAILED;
	/* Quiet on success; a run that skipped input says what it made. */
	if (verbose || rc != PT_EXIT_OK)
		warnx("%zu x %zu patches: %lu candidate pairs (%.2f%% of all), %lu scored, %lu written",
		    nleft, R.n, candidates,
		    nleft && R.n ? 100.0 * (double)candidates / ((double)nleft * R.n) : 0.0,
		    scored, written);
	pthread_mutex_destroy(&memo.mu);
	pthread_cond_destroy(&memo.done);
	pthread_mutex_destroy(&lazy.mu);
	pthread_cond_destroy(&lazy.done);
	pthread_mutex_destroy(&lazy.names_mu);
	pthread_mutex_destroy(&lazy.sorted_mu);
	hmap_free(&memo.map);
	arena_free(&memo.mem);
	free(jobs);
	free(rows);
	index_free(&ix);
	table_free(&L);
	if (!o.self)
		table_free(&R);
	strpool_free(&names);
	hmap_free(&sorted);
	close_stdout();
	return rc;
}
