/*
 * opool.c - an ordered pool of worker threads (opool.h).
 *
 * The slots form a ring: items handed in are queued at its tail,
 * workers take runs of them, and the caller writes them from its head.
 * A worker is woken for a whole run, or when the ring is full or no
 * more will come; the writer is woken once, when the run holding the
 * head is done, not for every item (each wakeup is a context switch).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "opool.h"
#include "util.h"

enum { FREE, QUEUED, TAKEN, DONE };

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
	unsigned char *state;
	size_t nslots, chunk, slotsize;
	uint64_t queued, taken, written;
	int finished;
	pthread_t *th;
	struct thread *ts;
	int nthreads;
};

static void *
slot(const struct opool *p, uint64_t k)
{
	return p->slots + (size_t)(k % p->nslots) * p->slotsize;
}

/*
 * Is there work for a worker?  A whole run, or what is left when no
 * more can come for now (the ring is full) or at all: taking items one
 * by one as they come would split the runs.  Call with mu held.
 */
static int
work_ready(const struct opool *p)
{
	uint64_t avail = p->queued - p->taken;

	return avail >= p->chunk ||
	    (avail > 0 && (p->finished || p->queued - p->written == p->nslots));
}

static void *
worker(void *arg)
{
	struct thread *t = arg;
	struct opool *p = t->p;
	void *state = p->ops->start ? p->ops->start(p->arg, t->i) : NULL;

	pthread_mutex_lock(&p->mu);
	for (;;) {
		uint64_t first, k, n;

		while (!work_ready(p) && !p->finished)
			pthread_cond_wait(&p->work, &p->mu);
		if (p->taken == p->queued)
			break;
		first = p->taken;
		n = p->queued - first;
		if (n > p->chunk)
			n = p->chunk;
		p->taken += n;
		for (k = 0; k < n; k++)
			p->state[(first + k) % p->nslots] = TAKEN;
		/* More for another worker? */
		if (work_ready(p))
			pthread_cond_signal(&p->work);
		pthread_mutex_unlock(&p->mu);
		for (k = 0; k < n; k++) {
			p->ops->work(p->arg, state, slot(p, first + k));
			pthread_mutex_lock(&p->mu);
			p->state[(first + k) % p->nslots] = DONE;
			pthread_mutex_unlock(&p->mu);
		}
		pthread_mutex_lock(&p->mu);
		if (p->written >= first && p->written < first + n)
			pthread_cond_signal(&p->done);
	}
	pthread_mutex_unlock(&p->mu);
	if (p->ops->stop)
		p->ops->stop(p->arg, state);
	return NULL;
}

/* Emit the finished items at the head; wait for them when all or full. Call with mu held. */
static void
drain(struct opool *p, int wait_all)
{
	for (;;) {
		size_t i;

		if (p->written == p->queued)
			return;
		i = (size_t)(p->written % p->nslots);
		if (p->state[i] != DONE) {
			if (!wait_all && p->queued - p->written < p->nslots)
				return;
			pthread_cond_wait(&p->done, &p->mu);
			continue;
		}
		/* Writing outside the lock lets the workers go on meanwhile. */
		pthread_mutex_unlock(&p->mu);
		p->ops->emit(p->arg, slot(p, p->written));
		pthread_mutex_lock(&p->mu);
		p->state[i] = FREE;
		p->written++;
	}
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
	p->slots = xcalloc(p->nslots, p->slotsize);
	p->state = xcalloc(p->nslots, 1);
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->work, NULL);
	pthread_cond_init(&p->done, NULL);
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
opool_next(struct opool *p)
{
	void *s;

	pthread_mutex_lock(&p->mu);
	drain(p, 0);
	s = slot(p, p->queued);
	pthread_mutex_unlock(&p->mu);
	return s;
}

void
opool_push(struct opool *p)
{
	pthread_mutex_lock(&p->mu);
	p->state[p->queued % p->nslots] = QUEUED;
	p->queued++;
	/* A worker is woken for a whole run, or a full ring. */
	if ((p->queued - p->taken) % p->chunk == 0 || p->queued - p->written == p->nslots)
		pthread_cond_signal(&p->work);
	pthread_mutex_unlock(&p->mu);
}

void
opool_finish(struct opool *p)
{
	pthread_mutex_lock(&p->mu);
	p->finished = 1;
	pthread_cond_broadcast(&p->work);
	drain(p, 1);
	pthread_mutex_unlock(&p->mu);
	for (int i = 0; i < p->nthreads; i++)
		pthread_join(p->th[i], NULL);
	if (p->ops->slot_free)
		for (size_t k = 0; k < p->nslots; k++)
			p->ops->slot_free(p->slots + k * p->slotsize);
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->work);
	pthread_cond_destroy(&p->done);
	free(p->th);
	free(p->ts);
	free(p->state);
	free(p->slots);
	free(p);
}
