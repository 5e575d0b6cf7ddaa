/*
 * pool.c - threads making rows (common/opool.h): the reading thread
 * (an archive reader: reading, decompressing, splitting) hands each
 * mail to the pool, workers make its row (mail_make, gmime's parse and
 * everything after), each with a ctx of its own, and the rows are
 * written in the order the mails came by whichever thread finished the
 * first one waiting (so rows go out while the input stalls, a pipe from
 * a slow source).
 *
 * What a run writes is the same bytes whatever the threads: the one
 * thing that depends on the mails before (a Message-ID seen already:
 * dupid) is decided by the writer (mail_emit), and the pool keeps every
 * message with the mail it is about, or behind the mails before it
 * (the reading thread's: a mail it could not split off, an input that
 * ends early).
 *
 * The pool holds at most POOL_SLOTS mails and, past its first,
 * POOL_BYTES bytes of them, so memory follows the threads, not the
 * archive.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "mbox2tsv.h"
#include "opool.h"
#include "util.h"

#define POOL_SLOTS 256
#define POOL_BYTES (16u << 20)
/*
 * A slot's buffers past this size are given back once written: kept,
 * every slot would in time hold the biggest mail it met, and the memory
 * of a long threaded run would grow with the archive.
 */
#define KEEP_BYTES (64u << 10)

/* A mail in the pool. */
struct mslot {
	struct buf data;        /* the mail */
	struct buf strs;        /* pos's strings */
	struct mailpos pos;
	struct buf row;         /* mail_make's row, flags left out */
	size_t flags_at;
	unsigned flags;
	uint64_t idhash;
	int has_row;
	unsigned long nskipped;
};

struct pool {
	struct opool_array ws;  /* first: the workers' contexts (opool.h) */
	struct opool *op;
	struct ctx *c;          /* the reading thread's: ids and output */
	struct ctx *w;          /* the workers' */
	int nw;
	unsigned long nskipped; /* by the workers, of the mails written */
};

static void
pool_work(void *arg, void *state, void *slot)
{
	struct ctx *w = state;
	struct mslot *j = slot;

	w->nskipped = 0;
	buf_reset(&w->row);
	j->has_row = mail_make(w, j->data.p ? j->data.p : "", j->data.len, &j->pos);
	if (j->has_row) {
		struct buf t = j->row;

		j->row = w->row;
		w->row = t;
		j->flags_at = w->flags_at;
		j->flags = w->flags;
		j->idhash = w->idhash;
	}
	j->nskipped = w->nskipped;
}

static void
pool_emit(void *arg, void *slot)
{
	struct pool *p = arg;
	struct mslot *j = slot;

	if (j->has_row)
		mail_emit(p->c, &j->row, j->flags_at, j->flags, j->idhash);
	p->nskipped += j->nskipped;
	buf_shrink(&j->data, KEEP_BYTES);
	buf_shrink(&j->row, KEEP_BYTES);
	buf_reset(&j->strs);
	j->has_row = 0;
	j->nskipped = 0;
}

static void
pool_slot_free(void *slot)
{
	struct mslot *j = slot;

	buf_free(&j->data);
	buf_free(&j->strs);
	buf_free(&j->row);
}

static void
keep(struct buf *b, size_t *at, const char *s, size_t n)
{
	*at = b->len;
	buf_add(b, s, n);
	buf_addc(b, '\0');
}

/* A copy of the mail and of what pos points to, for a worker. */
static void
pool_submit(struct pool *p, const char *data, size_t len, const struct mailpos *pos)
{
	struct mslot *j = opool_next_sized(p->op, len);
	size_t in = 0, ar = 0, wh = 0, fl = 0;

	buf_add(&j->data, data, len);
	j->pos = *pos;
	/* Offsets first: the buffer moves as it grows. */
	if (pos->input)
		keep(&j->strs, &in, pos->input, strlen(pos->input));
	if (pos->archive)
		keep(&j->strs, &ar, pos->archive, strlen(pos->archive));
	if (pos->where)
		keep(&j->strs, &wh, pos->where, strlen(pos->where));
	if (pos->fromline)
		keep(&j->strs, &fl, pos->fromline, pos->fromlen);
	if (pos->input)
		j->pos.input = j->strs.p + in;
	if (pos->archive)
		j->pos.archive = j->strs.p + ar;
	if (pos->where)
		j->pos.where = j->strs.p + wh;
	if (pos->fromline)
		j->pos.fromline = j->strs.p + fl;
	opool_push(p->op);
}

void
pool_start(struct ctx *c, int threads)
{
	static const struct opool_ops ops = {
		opool_array_state, NULL, pool_work, pool_emit, pool_slot_free,
		POOL_BYTES, 1,
	};
	struct pool *p;

	if (threads <= 1)
		return;
	p = xcalloc(1, sizeof *p);
	p->c = c;
	/* Copied here, before the reading begins. */
	p->w = xcalloc((size_t)threads, sizeof *p->w);
	p->ws.base = p->w;
	p->ws.size = sizeof *p->w;
	for (int i = 0; i < threads; i++) {
		struct ctx *w = &p->w[i];

		*w = *c;
		w->bytes = NULL;
		w->stream = NULL;
		w->parser = NULL;
		w->row = (struct buf)BUF_INIT;
		memset(&w->ids, 0, sizeof w->ids);
		w->pool = NULL;
		w->out = NULL;
	}
	p->op = opool_new(&ops, p, threads, POOL_SLOTS, 1, sizeof(struct mslot));
	p->nw = threads;
	c->pool = p;
}

void
pool_stop(struct ctx *c)
{
	struct pool *p = c->pool;

	if (!p)
		return;
	opool_finish(p->op);
	c->nskipped += p->nskipped;
	for (int i = 0; i < p->nw; i++) {
		parser_free(&p->w[i]);
		buf_free(&p->w[i].row);
	}
	free(p->w);
	free(p);
	c->pool = NULL;
}

void
mail_process(struct ctx *c, const char *data, size_t len, const struct mailpos *pos)
{
	c->nmails++;
	if (c->pool) {
		pool_submit(c->pool, data, len, pos);
		return;
	}
	if (mail_make(c, data, len, pos))
		mail_emit(c, &c->row, c->flags_at, c->flags, c->idhash);
	buf_reset(&c->row);
}
