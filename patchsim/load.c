/*
 * load.c - reading a patch table into rows: columns checked, texts
 * token-sorted by threads a batch at a time, and each row's hunks made
 * ready when a pair first needs them.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "patchsim.h"
#include "tables.h"
#include "text.h"
#include "tsv.h"
#include "util.h"
#include "vocab.h"
#include "zio.h"

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
	struct line_walk w;
	const char *p;
	size_t len;
	const char **v = arena_alloc(&t->mem, 2 * (n / 2 + 1) * sizeof *v);
	uint32_t k = 0;

	line_walk_init(&w, s, n);
	while (line_next(&w, &p, &len)) {
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
int reread_failed;

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
 * The hunks, most of the bytes, are checked by the threads and, from
 * a plain file, not kept: read again when a pair needs them.
 */
static void
hunks_from_file(struct table *t, struct tsv_reader *r, const char *path)
{
	table_raw(r, TABLE_PATCHES, COL_HUNKS);
	if (strcmp(path, "-") != 0 && strcmp(zin_kind(r->in), "plain") == 0) {
		struct stat st;

		if ((t->fd = open(path, O_RDONLY | O_CLOEXEC)) >= 0 &&
		    (fstat(t->fd, &st) < 0 || !S_ISREG(st.st_mode))) {
			close(t->fd);
			t->fd = -1;
		}
	}
}

/* The files column: file names, one a line, interned into rw->names. */
static void
load_names(struct table *t, struct row *rw, const char *s, size_t n)
{
	struct line_walk w;
	const char *p;
	size_t len;

	line_walk_init(&w, s, n);
	while (line_next(&w, &p, &len)) {
		rw->names = xreallocarray(rw->names, rw->nnames + 1, sizeof *rw->names);
		rw->names[rw->nnames++] = intern(t->names, p, len);
	}
}

/*
 * Read a token table: 0; -1 when bad rows were named and left out (the
 * rest is good); -2 when the table could not be opened or read to its
 * end (after a message).
 */
int
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
	if ((got = tsv_open_table(&r, path)) <= 0)
		return got < 0 ? -2 : 0;
	hunks_from_file(t, &r, path);
	memset(&ld, 0, sizeof ld);
	ld.t = t;
	ld.pend = xcalloc(LOAD_BATCH, sizeof *ld.pend);
	pthread_mutex_init(&ld.mu, NULL);
	pthread_mutex_init(&ld.names_mu, NULL);
	pthread_mutex_init(&ld.sorted_mu, NULL);
	cid = table_need(&r, TABLE_PATCHES, COL_ID);
	cdate = table_need(&r, TABLE_PATCHES, COL_DATE);
	cfiles = table_need(&r, TABLE_PATCHES, COL_FILES);
	cadd = table_need(&r, TABLE_PATCHES, COL_ADDED);
	crem = table_need(&r, TABLE_PATCHES, COL_REMOVED);
	chash = table_need(&r, TABLE_PATCHES, COL_HASH);
	cmsg = table_need(&r, TABLE_PATCHES, COL_MSG);
	chunks = table_need(&r, TABLE_PATCHES, COL_HUNKS);
	cup = table_col(&r, TABLE_PATCHES, COL_UPSTREAM);
	clinks = table_col(&r, TABLE_PATCHES, COL_LINKS);
	ckind = table_col(&r, TABLE_PATCHES, COL_KIND);
	cauthor = table_col(&r, TABLE_PATCHES, COL_AUTHOR);
	cname = table_col(&r, TABLE_PATCHES, COL_NAME);
	ctitle = table_col(&r, TABLE_PATCHES, COL_TITLE);
	cthread = table_col(&r, TABLE_PATCHES, COL_THREAD);
	cversion = table_col(&r, TABLE_PATCHES, COL_VERSION);
	cpart = table_col(&r, TABLE_PATCHES, COL_PART);
	cadate = table_col(&r, TABLE_PATCHES, COL_AUTHOR_DATE);
	ccred = table_col(&r, TABLE_PATCHES, COL_CREDITS);
	ctype = table_col(&r, TABLE_PATCHES, COL_TYPE);
	while ((got = tsv_read(&r)) != 0) {
		struct row *rw;
		struct pend *pd;
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
		t->r = xgrow(t->r, &t->cap, t->n, 1024, sizeof *t->r);
		rw = &t->r[t->n];
		memset(rw, 0, sizeof *rw);
		/* Interned with the threads: ids and threads compare as pointers. */
		rw->id = intern(t->names, r.f[cid].s, r.f[cid].len);
		rw->hash = intern(t->names, r.f[chash].s, r.f[chash].len);
		rw->upstream = cup >= 0 ? arena_strndup(&t->mem, r.f[cup].s, r.f[cup].len) : "";
		rw->links = clinks >= 0 ? arena_strndup(&t->mem, r.f[clinks].s, r.f[clinks].len) : "";
		rw->has_date = iso_parse(r.f[cdate].s, &rw->date) == 0;
		rw->has_adate = cadate >= 0 && iso_parse(r.f[cadate].s, &rw->adate) == 0;
		rw->commit = ckind >= 0 && strcmp(r.f[ckind].s, KIND_COMMIT) == 0;
		rw->reply = !rw->commit && ctype >= 0 && strcmp(r.f[ctype].s, TYPE_REPLY) == 0;
		rw->author = cauthor >= 0 ? intern_lower(t->names, r.f[cauthor].s, r.f[cauthor].len) : "";
		rw->name = cname >= 0 ? intern_lower(t->names, r.f[cname].s, r.f[cname].len) : "";
		rw->thread = cthread >= 0 ? intern(t->names, r.f[cthread].s, r.f[cthread].len) : "";
		rw->version = tsv_count(&r, cversion);
		rw->part = tsv_count(&r, cpart);
		rw->lines = (uint32_t)(a + b);
		load_names(t, rw, r.f[cfiles].s, r.f[cfiles].len);
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

void
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

/*
 * A row's hunks as text: held (raw_hunks, until its hunks are made), or
 * read again into j->raw and unescaped; NULL if that failed (named).
 */
static const char *
row_text(struct job *j, const struct row *rw, size_t *len)
{
	long n;

	if (rw->hfd < 0) {
		*len = rw->raw_hunks ? rw->raw_hlen : 0;
		return rw->raw_hunks ? rw->raw_hunks : "";
	}
	if (reread_hunks(rw, &j->raw) != 0)
		return NULL;
	n = tsv_unescape(j->raw.p, j->raw.len, &(size_t){ 0 });
	*len = n < 0 ? 0 : (size_t)n;
	return j->raw.p;
}

/* Make a row's hunks ready (f, nf), once, whichever thread asks first. */
void
ready_hunks(struct job *j, struct row *rw)
{
	struct sink k = { &j->mem, j->lazy->names, &j->lazy->names_mu, j->lazy->sorted,
	    &j->lazy->sorted_mu };
	const char *text = NULL;
	size_t tlen = 0;

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
	text = row_text(j, rw, &tlen);
	/* (NULL: reread_hunks() named it, and the run fails: no hunks.) */
	if (text)
		(void)parse_hunks(&k, rw, text, tlen, &j->scratch);
	/*
	 * The runs of words from the same text, unless made or being made
	 * (ready_shingles(), from raw_hunks: wait before freeing them).
	 */
	if (j->o->shingle) {
		int mine;

		pthread_mutex_lock(&j->lazy->mu);
		while (__atomic_load_n(&rw->sh_state, __ATOMIC_RELAXED) == 1)
			pthread_cond_wait(&j->lazy->done, &j->lazy->mu);
		mine = __atomic_load_n(&rw->sh_state, __ATOMIC_RELAXED) == 0;
		if (mine)
			__atomic_store_n(&rw->sh_state, 1, __ATOMIC_RELAXED);
		pthread_mutex_unlock(&j->lazy->mu);
		if (mine) {
			shingle_text(&j->mem, rw, text ? text : "", tlen);
			pthread_mutex_lock(&j->lazy->mu);
			__atomic_store_n(&rw->sh_state, 2, __ATOMIC_RELEASE);
			pthread_cond_broadcast(&j->lazy->done);
			pthread_mutex_unlock(&j->lazy->mu);
		}
	}
	free(rw->raw_hunks);
	rw->raw_hunks = NULL;
	pthread_mutex_lock(&j->lazy->mu);
	__atomic_store_n(&rw->hunks_state, 2, __ATOMIC_RELEASE);
	pthread_cond_broadcast(&j->lazy->done);
	pthread_mutex_unlock(&j->lazy->mu);
}

/*
 * Make a row's runs of added words ready (sh: shingle.c), once,
 * without its hunks: a mail's commits by its person are many, and most
 * are never scored.  A row whose hunks are made has them already.
 */
void
ready_shingles(struct job *j, struct row *rw)
{
	const char *text = "";
	size_t tlen = 0;

	if (__atomic_load_n(&rw->sh_state, __ATOMIC_ACQUIRE) == 2)
		return;
	pthread_mutex_lock(&j->lazy->mu);
	while (__atomic_load_n(&rw->sh_state, __ATOMIC_RELAXED) == 1)
		pthread_cond_wait(&j->lazy->done, &j->lazy->mu);
	/* Hunks being made make the runs too: wait for them. */
	while (__atomic_load_n(&rw->sh_state, __ATOMIC_RELAXED) == 0 &&
	    __atomic_load_n(&rw->hunks_state, __ATOMIC_RELAXED) == 1)
		pthread_cond_wait(&j->lazy->done, &j->lazy->mu);
	if (__atomic_load_n(&rw->sh_state, __ATOMIC_RELAXED) != 0) {
		pthread_mutex_unlock(&j->lazy->mu);
		ready_shingles(j, rw);
		return;
	}
	__atomic_store_n(&rw->sh_state, 1, __ATOMIC_RELAXED);
	pthread_mutex_unlock(&j->lazy->mu);
	/* raw_hunks stay: ready_hunks() frees them once this is done. */
	/* None taken past CONTAIN_MAX_LINES (shingle_text()): not read. */
	if (rw->lines <= CONTAIN_MAX_LINES && !(text = row_text(j, rw, &tlen))) {
		text = "";
		tlen = 0;
	}
	shingle_text(&j->mem, rw, text, tlen);
	pthread_mutex_lock(&j->lazy->mu);
	__atomic_store_n(&rw->sh_state, 2, __ATOMIC_RELEASE);
	pthread_cond_broadcast(&j->lazy->done);
	pthread_mutex_unlock(&j->lazy->mu);
}
