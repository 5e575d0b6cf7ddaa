/*
 * opool.h - an ordered pool: items are handed in one by one, worked on
 * by threads in any order, and handed out in the order they came in.
 *
 * git2tsv turns commits into rows this way (the walk hands them in),
 * patchsim scores left patches (their indexes handed in) and mbox2tsv
 * makes mails into rows (the reader hands them in).  The caller's
 * thread hands items in; at most nslots are in flight (and, with a byte
 * budget, at most max_bytes of them past the first), so one slow item
 * holds up neither the other threads nor memory.  A worker takes up to
 * chunk consecutive items at once (commits next to each other share
 * their trees and blobs); items short of a run wait for more, for a
 * full pool or for the end.
 *
 * The finished items at the head are written out (emit) in order, one
 * writer at a time, by whichever thread finished the head one: a
 * worker, or the caller when it hands in an item already done.  So
 * rows go out while the caller waits on its input (a pipe that
 * stalls).  emit must not touch what the caller's thread does
 * meanwhile; what it counts is the caller's to read after
 * opool_finish.
 *
 * Each item lives in a slot of slotsize bytes, zeroed once and reused:
 * what the caller keeps in it (a row buffer) stays from one item to the
 * next, and slot_free() releases it at the end.
 *
 * With ordered_warnings, the messages of warnx() (util.h's warn_sink)
 * are written in item order, as one thread would have: a worker's go
 * with the item it works on, before that item is emitted; the caller's
 * wait behind the items handed in before them; emit's are written at
 * once.  One such pool at a time.
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
	/* Write a slot out, in the order given, one thread at a time. */
	void (*emit)(void *arg, void *slot);
	/* Release what a slot holds, at the end (NULL: nothing). */
	void (*slot_free)(void *slot);
	/* The bytes in flight, as given to opool_next_sized (0: no limit). */
	size_t max_bytes;
	/* Keep warnx()'s messages in item order (above). */
	int ordered_warnings;
};

struct opool;

/*
 * Workers whose states are one array: the pool's arg starts with this
 * (its first member), and ops.start is opool_array_state, which gives
 * worker i the address of element i.
 */
struct opool_array {
	void *base;
	size_t size;             /* of an element */
};
void *opool_array_state(void *arg, int i);

struct opool *opool_new(const struct opool_ops *ops, void *arg, int nthreads,
    size_t nslots, size_t chunk, size_t slotsize);
/*
 * The slot for the next item, to be filled and then handed in with
 * opool_push() or opool_push_done(); waits while the pool is full.
 * opool_next_sized counts the item as bytes against max_bytes (one
 * item alone may be larger).
 */
void *opool_next(struct opool *p);
void *opool_next_sized(struct opool *p, size_t bytes);
/* Hand the slot in: to be worked on, or (done) only to be emitted. */
void opool_push(struct opool *p);
void opool_push_done(struct opool *p);
/*
 * From inside work(), while the item it works on waits for something
 * another worker is making: take the next queued item, if one is there,
 * and work on it with state (not the waiting item's own: what work()
 * keeps per item must not be touched), to be emitted in order as any
 * other.  1: an item was worked on; 0: none was queued.
 */
int opool_help(struct opool *p, void *state);
/* Emit every item handed in, stop the workers and free the pool. */
void opool_finish(struct opool *p);

#endif
