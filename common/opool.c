/*
 * opool.c - an ordered pool of worker threads (opool.h).
 *
 * The slots form a ring: items handed in are queued at its tail,
 * workers take runs of them, and the finished ones are written from its
 * head.  A worker is woken for a whole run, or when the caller waits
 * for room or no more will come.  Whoever marks an item done then
 * writes the finished items at the head, unless another thread is at
 * it (that one goes on to them).  The caller, when the ring is full,
 * waits for room for a batch of items and is woken once, when it is
 * there, not for every item (each wakeup is a context switch).
 *
 * Items between taken and queued are QUEUED ones to take or DONE ones
 * handed in done; the one at taken is always QUEUED (the done ones
 * behind a run are stepped over when it is taken), so the head never
 * passes taken.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "opool.h"
#include "util.h"

enum { FREE, QUEUED, TAKEN, DONE };

/* The pool's own record of a slot. */
struct meta {
	unsigned char state;
	unsigned char emit;     /* 0: a message alone, nothing to emit */
	size_t bytes;           /* counted against max_bytes */
	struct buf msgs;        /* whole lines for stderr, written before it */
};

/* A worker: its pool and number. */
struct thread {
	struct opool *p;
	int i;
};

struct opool {
	const struct opool_ops *ops;
	void *arg;
	pthread_mutex_t mu;
	pthread_cond_t work, done;
	unsigned char *slots;
	struct meta *meta;
	size_t nslots, chunk, slotsize, batch;
	uint64_t queued, taken, written;
	size_t bytes;           /* of the items not yet written */
	int finished;
	int held;               /* the caller fills the slot at queued */
	int writing;            /* a thread writes from the head */
	int waiting;            /* the caller waits for room ... */
	size_t want, want_bytes; /* ... for this many slots and bytes */
	pthread_t caller;
	pthread_t *th;
	struct thread *ts;
	int nthreads;
};

/* ordered_warnings: the pool, and what this thread is doing. */
static struct opool *warn_pool;
static __thread struct meta *working;   /* a worker: the item it works on */
static __thread int emitting;           /* any thread: writing items out */

static void *
slot(const struct opool *p, uint64_t k)
{
	return p->slots + (size_t)(k % p->nslots) * p->slotsize;
}

static struct meta *
meta(const struct opool *p, uint64_t k)
{
	return &p->meta[k % p->nslots];
}

/*
 * Is there work for a worker?  A whole run, or what is left when no
 * more can come for now (the caller waits for room) or at all: taking
 * items one by one as they come would split the runs.  Call with mu
 * held.
 */
static int
work_ready(const struct opool *p)
{
	uint64_t avail = p->queued - p->taken;

	return avail >= p->chunk ||
	    (avail > 0 && (p->finished || p->waiting || p->queued - p->written == p->nslots));
}

/* Room for want more items and bytes more bytes?  Call with mu held. */
static int
roomy(const struct opool *p, size_t want, size_t bytes)
{
	uint64_t used = p->queued - p->written;

	return used == 0 || (p->nslots - used >= want &&
	    (!p->ops->max_bytes || p->bytes + bytes <= p->ops->max_bytes));
}

/*
 * Write the finished items at the head, one thread at a time; called
 * and returns with mu held.  Wakes the caller once the room it waits
 * for is there.
 */
static void
write_locked(struct opool *p)
{
	if (p->writing)
		return;
	p->writing = 1;
	while (p->written < p->queued && meta(p, p->written)->state == DONE) {
		struct meta *m = meta(p, p->written);

		/* Writing outside the lock lets the workers go on meanwhile. */
		pthread_mutex_unlock(&p->mu);
		emitting = 1;
		if (m->msgs.len) {
			warn_line(m->msgs.p, m->msgs.len);
			buf_reset(&m->msgs);
		}
		if (m->emit)
			p->ops->emit(p->arg, slot(p, p->written));
		emitting = 0;
		pthread_mutex_lock(&p->mu);
		p->bytes -= m->bytes;
		m->state = FREE;
		p->written++;
	}
	p->writing = 0;
	if (p->waiting && roomy(p, p->want, p->want_bytes))
		pthread_cond_signal(&p->done);
}

/* The caller: until there is room for want items and bytes bytes.  Call with mu held. */
static void
wait_room(struct opool *p, size_t want, size_t bytes)
{
	if (roomy(p, want, bytes))
		return;
	p->waiting = 1;
	p->want = want;
	p->want_bytes = bytes;
	/* What is queued short of a run is worked on now. */
	if (work_ready(p))
		pthread_cond_broadcast(&p->work);
	while (!roomy(p, want, bytes))
		pthread_cond_wait(&p->done, &p->mu);
	p->waiting = 0;
}

void *
opool_array_state(void *arg, int i)
{
	const struct opool_array *a = arg;

	return (char *)a->base + (size_t)i * a->size;
}

static void *
worker(void *arg)
{
	struct thread *t = arg;
	struct opool *p = t->p;
	void *state = p->ops->start ? p->ops->start(p->arg, t->i) : NULL;

	pthread_mutex_lock(&p->mu);
	for (;;) {
		uint64_t first, k, n = 0;

		while (!work_ready(p) && !p->finished)
			pthread_cond_wait(&p->work, &p->mu);
		if (p->taken == p->queued)
			break;
		first = p->taken;
		while (n < p->chunk && p->taken < p->queued &&
		    meta(p, p->taken)->state == QUEUED) {
			meta(p, p->taken)->state = TAKEN;
			p->taken++;
			n++;
		}
		while (p->taken < p->queued && meta(p, p->taken)->state == DONE)
			p->taken++;
		/* More for another worker? */
		if (work_ready(p))
			pthread_cond_signal(&p->work);
		pthread_mutex_unlock(&p->mu);
		for (k = 0; k < n; k++) {
			struct meta *m = meta(p, first + k);

			working = m;
			p->ops->work(p->arg, state, slot(p, first + k));
			working = NULL;
			pthread_mutex_lock(&p->mu);
			m->state = DONE;
			write_locked(p);
			pthread_mutex_unlock(&p->mu);
		}
		pthread_mutex_lock(&p->mu);
	}
	pthread_mutex_unlock(&p->mu);
	if (p->ops->stop)
		p->ops->stop(p->arg, state);
	return NULL;
}

int
opool_help(struct opool *p, void *state)
{
	struct meta *m, *outer = working;
	uint64_t k;

	pthread_mutex_lock(&p->mu);
	if (p->taken == p->queued || meta(p, p->taken)->state != QUEUED) {
		pthread_mutex_unlock(&p->mu);
		return 0;
	}
	k = p->taken++;
	m = meta(p, k);
	m->state = TAKEN;
	/* The one at taken stays a queued one (as a worker leaves it). */
	while (p->taken < p->queued && meta(p, p->taken)->state == DONE)
		p->taken++;
	pthread_mutex_unlock(&p->mu);
	working = m;
	p->ops->work(p->arg, state, slot(p, k));
	working = outer;
	pthread_mutex_lock(&p->mu);
	m->state = DONE;
	write_locked(p);
	pthread_mutex_unlock(&p->mu);
	return 1;
}

/* Hand the held slot in, queued for the workers or done.  Call with mu held. */
static void
push_locked(struct opool *p, int state, int emit)
{
	struct meta *m = meta(p, p->queued);

	m->state = (unsigned char)state;
	m->emit = (unsigned char)emit;
	p->bytes += m->bytes;
	/* The one at taken is a queued one. */
	if (state == DONE && p->taken == p->queued)
		p->taken++;
	p->queued++;
	p->held = 0;
	if (state == DONE) {
		write_locked(p);
		return;
	}
	/* A worker is woken for a whole run, or a full ring. */
	if ((p->queued - p->taken) % p->chunk == 0 || p->queued - p->written == p->nslots)
		pthread_cond_signal(&p->work);
}

/* The slot at queued, for the caller to fill.  Call with mu held. */
static void *
next_locked(struct opool *p, size_t bytes)
{
	/* Full: room for a batch, not one item: fewer waits. */
	if (!roomy(p, 1, bytes))
		wait_room(p, p->batch, bytes);
	p->held = 1;
	meta(p, p->queued)->bytes = bytes;
	return slot(p, p->queued);
}

/*
 * warn_sink: a worker's message goes with its item, emit's out at once,
 * the caller's behind the items handed in before it (with the slot it
 * fills, or in a slot of its own).
 */
static void
sink(const char *line, size_t len)
{
	struct opool *p = warn_pool;

	if (working) {
		buf_add(&working->msgs, line, len);
		return;
	}
	if (!p || emitting || !pthread_equal(pthread_self(), p->caller)) {
		warn_line(line, len);
		return;
	}
	pthread_mutex_lock(&p->mu);
	if (p->queued == p->written) {
		pthread_mutex_unlock(&p->mu);
		warn_line(line, len);
		return;
	}
	if (p->held) {
		buf_add(&meta(p, p->queued)->msgs, line, len);
	} else {
		next_locked(p, 0);
		buf_add(&meta(p, p->queued)->msgs, line, len);
		push_locked(p, DONE, 0);
	}
	pthread_mutex_unlock(&p->mu);
}

struct opool *
opool_new(const struct opool_ops *ops, void *arg, int nthreads,
    size_t nslots, size_t chunk, size_t slotsize)
{
	struct opool *p = xcalloc(1, sizeof *p);

	p->ops = ops;
	p->arg = arg;
	p->nslots = nslots ? nslots : 1;
	p->chunk = chunk ? chunk : 1;
	p->slotsize = slotsize ? slotsize : 1;
	/* A full ring waits for an eighth of it, at least a run. */
	p->batch = p->nslots / 8 > p->chunk ? p->nslots / 8 : p->chunk;
	if (p->batch > p->nslots)
		p->batch = p->nslots;
	p->slots = xcalloc(p->nslots, p->slotsize);
	p->meta = xcalloc(p->nslots, sizeof *p->meta);
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->work, NULL);
	pthread_cond_init(&p->done, NULL);
	p->caller = pthread_self();
	if (ops->ordered_warnings) {
		if (warn_pool)
			die("opool: two pools keeping warnings at once");
		warn_pool = p;
		warn_sink = sink;
	}
	p->nthreads = nthreads > 0 ? nthreads : 1;
	p->th = xcalloc((size_t)p->nthreads, sizeof *p->th);
	p->ts = xcalloc((size_t)p->nthreads, sizeof *p->ts);
	for (int i = 0; i < p->nthreads; i++) {
		p->ts[i].p = p;
		p->ts[i].i = i;
		if (pthread_create(&p->th[i], NULL, worker, &p->ts[i]) != 0)
			die("cannot start a worker thread:");
	}
	return p;
}

void *
opool_next_sized(struct opool *p, size_t bytes)
{
	void *s;

	pthread_mutex_lock(&p->mu);
	s = next_locked(p, bytes);
	pthread_mutex_unlock(&p->mu);
	return s;
}

void *
opool_next(struct opool *p)
{
	return opool_next_sized(p, 0);
}

void
opool_push(struct opool *p)
{
	pthread_mutex_lock(&p->mu);
	push_locked(p, QUEUED, 1);
	pthread_mutex_unlock(&p->mu);
}

void
opool_push_done(struct opool *p)
{
	pthread_mutex_lock(&p->mu);
	push_locked(p, DONE, 1);
	pthread_mutex_unlock(&p->mu);
}

void
opool_finish(struct opool *p)
{
	struct meta *held;

	pthread_mutex_lock(&p->mu);
	p->finished = 1;
	pthread_cond_broadcast(&p->work);
	wait_room(p, p->nslots, 0);
	held = meta(p, p->queued);
	pthread_mutex_unlock(&p->mu);
	for (int i = 0; i < p->nthreads; i++)
		pthread_join(p->th[i], NULL);
	if (p == warn_pool) {
		warn_sink = NULL;
		warn_pool = NULL;
	}
	/* The caller's messages while it filled a slot it never handed in. */
	if (held->msgs.len)
		warn_line(held->msgs.p, held->msgs.len);
	if (p->ops->slot_free)
		for (size_t k = 0; k < p->nslots; k++)
			p->ops->slot_free(p->slots + k * p->slotsize);
	for (size_t k = 0; k < p->nslots; k++)
		buf_free(&p->meta[k].msgs);
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->work);
	pthread_cond_destroy(&p->done);
	free(p->th);
	free(p->ts);
	free(p->meta);
	free(p->slots);
	free(p);
}
