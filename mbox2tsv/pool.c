/*
 * pool.c - rows made on several threads, written in input order.
 *
 * The reading thread (source.c: reading, decompressing, splitting)
 * hands each mail to a ring of slots; worker threads take them in turn
 * and make their rows (mail_make, gmime's parse and everything after),
 * each with a ctx of its own.  The finished rows at the ring's head are
 * written in the order the mails came, one writer at a time, by the
 * worker that finished one (so rows go out while the input stalls, a
 * pipe from a slow source) or by the reader when it needs room.
 *
 * What a run writes is the same bytes whatever the threads: the one
 * thing that depends on the mails before (a Message-ID seen already:
 * dupid) is decided by the writer, and every message is kept with the
 * mail it is about and written in its place.  A message the reading
 * thread writes itself (a mail it could not split off, an input that
 * ends early) waits in the ring behind the mails before it, through
 * util.c's warn_sink.
 *
 * The ring holds at most RING_SLOTS mails and, past its first,
 * RING_BYTES bytes of them, so memory follows the threads, not the
 * archive.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "mbox2tsv.h"
#include "util.h"

#define RING_SLOTS 256
#define RING_BYTES (16u << 20)
/* When the ring is full, the reader waits for room for this many mails. */
#define WAIT_BATCH 32
/* A slot's buffers past this size are given back once written. */
#define KEEP_BYTES (1u << 20)

enum { J_FREE, J_QUEUED, J_RUNNING, J_DONE };

struct job {
	int state;
	int message;            /* a message of the reading thread, no mail */
	struct buf data;        /* the mail */
	struct buf strs;        /* pos's strings */
	struct mailpos pos;
	struct buf row;         /* mail_make's row, flags left out */
	size_t flags_at;
	unsigned flags;
	uint64_t idhash;
	int has_row;
	struct buf msgs;        /* whole lines for stderr, in order */
	unsigned long nskipped;
};

struct worker {
	struct pool *p;
	struct ctx c;
	pthread_t tid;
};

struct pool {
	struct ctx *c;          /* the reading thread's: counts, ids, output */
	struct job ring[RING_SLOTS];
	size_t head, next, tail; /* write, start, fill; head <= next <= tail */
	size_t bytes;           /* of the mails in the ring */
	pthread_mutex_t mu;
	pthread_cond_t work, done;
	int quit;
	int idle;               /* workers waiting for a mail */
	int writing;            /* a thread writes from the head */
	int waiting;            /* the reading thread waits for room ... */
	size_t want_free, want_len; /* ... for this many slots and a mail this long */
	unsigned long nskipped; /* of the mails written */
	int nworkers;
	struct worker *w;
};

/* The job a worker thread is making: its messages go with it. */
static __thread struct job *making;
static struct pool *active;

static struct job *
slot(struct pool *p, size_t i)
{
	return &p->ring[i % RING_SLOTS];
}

static void
shrink(struct buf *b)
{
	if (b->cap > KEEP_BYTES)
		buf_free(b);
	else
		buf_reset(b);
}

static void write_locked(struct pool *p);

static void *
work(void *arg)
{
	struct worker *w = arg;
	struct pool *p = w->p;
	struct job *j;

	pthread_mutex_lock(&p->mu);
	for (;;) {
		while (p->next == p->tail && !p->quit) {
			p->idle++;
			pthread_cond_wait(&p->work, &p->mu);
			p->idle--;
		}
		if (p->next == p->tail)
			break;
		j = slot(p, p->next++);
		if (j->message) {
			/* Written as it is; nothing to make. */
			continue;
		}
		j->state = J_RUNNING;
		pthread_mutex_unlock(&p->mu);

		making = j;
		w->c.nskipped = 0;
		buf_reset(&w->c.row);
		j->has_row = mail_make(&w->c, j->data.p ? j->data.p : "", j->data.len, &j->pos);
		if (j->has_row) {
			struct buf t = j->row;

			j->row = w->c.row;
			w->c.row = t;
			j->flags_at = w->c.flags_at;
			j->flags = w->c.flags;
			j->idhash = w->c.idhash;
		}
		j->nskipped = w->c.nskipped;
		making = NULL;

		pthread_mutex_lock(&p->mu);
		j->state = J_DONE;
		/* Rows go out as they are made, whatever the reader does (a pipe that stalls). */
		write_locked(p);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

/* Write the job at the head and free its slot; the lock is not held. */
static void
write_job(struct pool *p, struct job *j)
{
	if (j->msgs.len)
		warn_line(j->msgs.p, j->msgs.len);
	if (j->has_row)
		mail_emit(p->c, &j->row, j->flags_at, j->flags, j->idhash);
	p->nskipped += j->nskipped;
	shrink(&j->data);
	shrink(&j->row);
	shrink(&j->msgs);
	buf_reset(&j->strs);
	j->has_row = 0;
	j->message = 0;
	j->nskipped = 0;
}

/* Room in the ring for a mail of len bytes, with want free slots. */
static int
roomy(const struct pool *p, size_t want, size_t len)
{
	size_t used = p->tail - p->head;

	return used == 0 || (RING_SLOTS - used >= want && p->bytes + len <= RING_BYTES);
}

/*
 * Write the finished jobs at the head, one thread at a time: a worker
 * when it has made a mail, the reader when it needs room.  Called and
 * returns with the lock held.  Wakes the reader once the room it waits
 * for is there (not for every mail: a switch costs more than a mail).
 */
static void
write_locked(struct pool *p)
{
	if (p->writing)
		return;
	p->writing = 1;
	while (p->head < p->tail && slot(p, p->head)->state == J_DONE) {
		struct job *j = slot(p, p->head);
		size_t len = j->data.len;

		pthread_mutex_unlock(&p->mu);
		write_job(p, j);
		pthread_mutex_lock(&p->mu);
		p->bytes -= len < p->bytes ? len : p->bytes;
		j->state = J_FREE;
		p->head++;
	}
	p->writing = 0;
	if (p->waiting && roomy(p, p->want_free, p->want_len))
		pthread_cond_signal(&p->done);
}

/* The reader: until the ring has want free slots and room for len bytes. */
static void
wait_room(struct pool *p, size_t want, size_t len)
{
	pthread_mutex_lock(&p->mu);
	write_locked(p);
	while (!roomy(p, want, len)) {
		p->waiting = 1;
		p->want_free = want;
		p->want_len = len;
		pthread_cond_wait(&p->done, &p->mu);
		p->waiting = 0;
		/* The head may be the reader's own message, which no worker writes. */
		write_locked(p);
	}
	pthread_mutex_unlock(&p->mu);
}

/* A free slot at the tail, waiting for the writers to make room. */
static struct job *
reserve(struct pool *p, size_t len)
{
	pthread_mutex_lock(&p->mu);
	if (!roomy(p, 1, len)) {
		pthread_mutex_unlock(&p->mu);
		/* Room for a batch, not one mail: fewer waits. */
		wait_room(p, WAIT_BATCH, len);
	} else {
		pthread_mutex_unlock(&p->mu);
	}
	return slot(p, p->tail);
}

/* Hand the job at the tail over: to the workers, or (done) to the writer. */
static void
publish(struct pool *p, struct job *j, size_t len, int done)
{
	pthread_mutex_lock(&p->mu);
	j->state = done ? J_DONE : J_QUEUED;
	p->bytes += len;
	p->tail++;
	if (done)
		write_locked(p);
	else if (p->idle)
		pthread_cond_signal(&p->work);
	pthread_mutex_unlock(&p->mu);
}

/* warn_sink: a worker's message goes with its mail, the reader's behind the mails before. */
static void
sink(const char *line, size_t len)
{
	struct pool *p = active;
	struct job *j;
	size_t waiting;

	if (making) {
		buf_add(&making->msgs, line, len);
		return;
	}
	pthread_mutex_lock(&p->mu);
	waiting = p->tail - p->head;
	pthread_mutex_unlock(&p->mu);
	if (!waiting) {
		warn_line(line, len);
		return;
	}
	j = reserve(p, 0);
	j->message = 1;
	buf_add(&j->msgs, line, len);
	publish(p, j, 0, 1);
}

static const char *
keep(struct buf *b, size_t *at, const char *s, size_t n)
{
	if (!s)
		return NULL;
	*at = b->len;
	buf_add(b, s, n);
	buf_addc(b, '\0');
	return s;
}

void
pool_submit(struct ctx *c, const char *data, size_t len, const struct mailpos *pos)
{
	struct pool *p = c->pool;
	struct job *j = reserve(p, len);
	size_t in = 0, ar = 0, wh = 0, fl = 0;

	buf_add(&j->data, data, len);
	j->pos = *pos;
	buf_reset(&j->strs);
	/* Offsets first: the buffer moves as it grows. */
	keep(&j->strs, &in, pos->input, pos->input ? strlen(pos->input) : 0);
	keep(&j->strs, &ar, pos->archive, pos->archive ? strlen(pos->archive) : 0);
	keep(&j->strs, &wh, pos->where, pos->where ? strlen(pos->where) : 0);
	keep(&j->strs, &fl, pos->fromline, pos->fromlen);
	if (pos->input)
		j->pos.input = j->strs.p + in;
	if (pos->archive)
		j->pos.archive = j->strs.p + ar;
	if (pos->where)
		j->pos.where = j->strs.p + wh;
	if (pos->fromline)
		j->pos.fromline = j->strs.p + fl;
	publish(p, j, len, 0);
}

void
pool_start(struct ctx *c, int threads)
{
	struct pool *p;

	if (threads <= 1)
		return;
	p = xcalloc(1, sizeof *p);
	p->c = c;
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->work, NULL);
	pthread_cond_init(&p->done, NULL);
	p->w = xcalloc((size_t)threads, sizeof *p->w);
	for (int i = 0; i < threads; i++) {
		struct worker *w = &p->w[i];

		w->p = p;
		w->c = *c;
		w->c.bytes = NULL;
		w->c.row = (struct buf)BUF_INIT;
		memset(&w->c.ids, 0, sizeof w->c.ids);
		w->c.pool = NULL;
		w->c.out = NULL;
		if (pthread_create(&w->tid, NULL, work, w) != 0) {
			warnx("cannot start a thread: making rows on %d", i);
			break;
		}
		p->nworkers++;
	}
	if (!p->nworkers) {
		free(p->w);
		free(p);
		return;
	}
	c->pool = p;
	active = p;
	warn_sink = sink;
}

void
pool_drain(struct ctx *c)
{
	struct pool *p = c->pool;

	if (!p)
		return;
	wait_room(p, RING_SLOTS, 0);
	pthread_mutex_lock(&p->mu);
	c->nskipped += p->nskipped;
	p->nskipped = 0;
	pthread_mutex_unlock(&p->mu);
}

void
pool_stop(struct ctx *c)
{
	struct pool *p = c->pool;

	if (!p)
		return;
	pool_drain(c);
	pthread_mutex_lock(&p->mu);
	p->quit = 1;
	pthread_cond_broadcast(&p->work);
	pthread_mutex_unlock(&p->mu);
	for (int i = 0; i < p->nworkers; i++) {
		pthread_join(p->w[i].tid, NULL);
		if (p->w[i].c.bytes)
			g_byte_array_unref(p->w[i].c.bytes);
		buf_free(&p->w[i].c.row);
	}
	for (size_t i = 0; i < RING_SLOTS; i++) {
		buf_free(&p->ring[i].data);
		buf_free(&p->ring[i].strs);
		buf_free(&p->ring[i].row);
		buf_free(&p->ring[i].msgs);
	}
	warn_sink = NULL;
	active = NULL;
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->work);
	pthread_cond_destroy(&p->done);
	free(p->w);
	free(p);
	c->pool = NULL;
}
