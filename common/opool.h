/*
 * opool.h - an ordered pool: items are handed in one by one, worked on
 * by threads in any order, and handed out in the order they came in.
 *
 * git2tsv turns commits into rows this way (the walk hands them in), and
 * patchsim scores left patches (their indexes handed in).  The caller's
 * thread hands items in and writes them out; at most nslots are in
 * flight, so one slow item holds up neither the other threads nor
 * memory.  A worker takes up to chunk consecutive items at once (commits
 * next to each other share their trees and blobs).
 *
 * Each item lives in a slot of slotsize bytes, zeroed once and reused:
 * what the caller keeps in it (a row buffer) stays from one item to the
 * next, and slot_free() releases it at the end.
 */
#ifndef PT_OPOOL_H
#define PT_OPOOL_H

#include <stddef.h>
#include <stdint.h>

struct opool_ops {
	/* In worker thread i (0, 1, ...): its state (NULL is fine), and its end. */
	void *(*start)(void *arg, int i);
	void (*stop)(void *arg, void *state);
	/* Work on a slot, in a worker, without the pool's lock. */
	void (*work)(void *arg, void *state, void *slot);
	/* Write a slot out, in the caller's thread, in the order given. */
	void (*emit)(void *arg, void *slot);
	/* Release what a slot holds, at the end (NULL: nothing). */
	void (*slot_free)(void *slot);
};

struct opool;

struct opool *opool_new(const struct opool_ops *ops, void *arg, int nthreads,
    size_t nslots, size_t chunk, size_t slotsize);
/*
 * The slot for the next item, to be filled and then handed in with
 * opool_push(); while the pool is full, finished items are emitted.
 */
void *opool_next(struct opool *p);
void opool_push(struct opool *p);
/* Emit every item handed in, stop the workers and free the pool. */
void opool_finish(struct opool *p);

#endif
