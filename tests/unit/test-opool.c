/*
 * test-opool - unit tests of common/: the ordered pool of worker threads (opool.h),
 * printed as TAP for prove (run by tests/10-common.t; helpers in tap.h).
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "diff.h"
#include "hash.h"
#include "hunks.h"
#include "opool.h"
#include "subject.h"
#include "text.h"
#include "tsv.h"
#include "util.h"
#include "zio.h"

#include "tap.h"

/* opool */

/* An ordered pool's run: the rows emitted, the bytes in flight at most. */
struct otest {
	struct buf rows;
	pthread_mutex_t mu;
	long inflight, maxflight;
};

struct oslot {
	int k;
	long bytes;
};

static void
ot_work(void *arg, void *state, void *slot)
{
	struct oslot *s = slot;
	struct timespec ts = { 0, 200000 };

	(void)arg;
	(void)state;
	/* Some items take longer, so the threads finish out of order. */
	if (s->k % 5 == 0)
		nanosleep(&ts, NULL);
	if (s->k % 3 == 0)
		warnx("work %d", s->k);
}

static void
ot_emit(void *arg, void *slot)
{
	struct otest *t = arg;
	struct oslot *s = slot;

	buf_addf(&t->rows, "%d\n", s->k);
	if (s->k % 11 == 0)
		warnx("emit %d", s->k);
	pthread_mutex_lock(&t->mu);
	t->inflight -= s->bytes;
	pthread_mutex_unlock(&t->mu);
}

#define OT_ITEMS 300
#define OT_BYTES 1000

/* The pool on OT_ITEMS items, and what one thread would have written. */
static void
ot_run(int nthreads, size_t nslots, size_t chunk, struct buf *want_rows,
    struct buf *want_err, struct otest *t)
{
	static const struct opool_ops ops = {
		NULL, NULL, ot_work, ot_emit, NULL, OT_BYTES, 1,
	};
	struct opool *p = opool_new(&ops, t, nthreads, nslots, chunk, sizeof(struct oslot));
	struct oslot *s;

	for (int k = 0; k < OT_ITEMS; k++) {
		long bytes = (long)(k * 37 % 300) + 1;

		/* The caller's messages, before an item and while it fills one. */
		if (k % 13 == 0) {
			warnx("before %d", k);
			buf_addf(want_err, "test-opool: before %d\n", k);
		}
		s = opool_next_sized(p, (size_t)bytes);
		pthread_mutex_lock(&t->mu);
		t->inflight += bytes;
		if (t->inflight > t->maxflight)
			t->maxflight = t->inflight;
		pthread_mutex_unlock(&t->mu);
		s->k = k;
		s->bytes = bytes;
		if (k % 17 == 0) {
			warnx("holding %d", k);
			buf_addf(want_err, "test-opool: holding %d\n", k);
		}
		/* Every seventh item the caller did itself. */
		if (k % 7 == 0) {
			opool_push_done(p);
		} else {
			opool_push(p);
			if (k % 3 == 0)
				buf_addf(want_err, "test-opool: work %d\n", k);
		}
		if (k % 11 == 0)
			buf_addf(want_err, "test-opool: emit %d\n", k);
		buf_addf(want_rows, "%d\n", k);
	}
	warnx("after");
	buf_addstr(want_err, "test-opool: after\n");
	/* A slot filled and never handed in: its messages still come, last. */
	s = opool_next(p);
	warnx("last");
	buf_addstr(want_err, "test-opool: last\n");
	opool_finish(p);
}

static void
test_opool(void)
{
	static const size_t shapes[][3] = {
		/* threads, slots, run */
		{ 3, 16, 1 }, { 3, 16, 4 }, { 2, 4, 1 }, { 1, 1, 1 }, { 4, 256, 8 },
	};

	for (size_t i = 0; i < NELEM(shapes); i++) {
		struct otest t = { BUF_INIT, PTHREAD_MUTEX_INITIALIZER, 0, 0 };
		struct buf want_rows = BUF_INIT, want_err = BUF_INIT;
		const char *err;

		cap_begin();
		ot_run((int)shapes[i][0], shapes[i][1], shapes[i][2], &want_rows, &want_err, &t);
		err = cap_end();
		is_str(t.rows.p, want_rows.p, "opool %zu threads, %zu slots, runs of %zu: items in order",
		    shapes[i][0], shapes[i][1], shapes[i][2]);
		is_str(err, want_err.p, "opool %zu threads, %zu slots, runs of %zu: messages in order",
		    shapes[i][0], shapes[i][1], shapes[i][2]);
		ok(t.maxflight <= OT_BYTES && t.inflight == 0,
		    "opool %zu threads, %zu slots, runs of %zu: at most %d bytes in flight (%ld)",
		    shapes[i][0], shapes[i][1], shapes[i][2], OT_BYTES, t.maxflight);
		ok(warn_sink == NULL, "opool: warnings go straight to stderr after the pool");
		buf_free(&t.rows);
		buf_free(&want_rows);
		buf_free(&want_err);
		pthread_mutex_destroy(&t.mu);
	}
}

/*
 * opool_help: an item that waits for a later one works on it itself
 * (with another state), and that one may wait and help in turn.
 */
struct hstate {
	int level;
	struct hstate *next;    /* the state it helps with, or NULL */
};

struct htest {
	struct opool *p;
	struct buf rows;
	int worked[OT_ITEMS];   /* times each item was worked on */
	int level[OT_ITEMS];    /* the level it was worked on at */
	int helped;
	struct hstate st[8][3]; /* per thread: the worker's, then two helpers */
};

static void *
ht_start(void *arg, int i)
{
	return &((struct htest *)arg)->st[i][0];
}

static void
ht_work(void *arg, void *state, void *slot)
{
	struct htest *t = arg;
	struct hstate *st = state;
	struct oslot *s = slot;
	struct timespec ts = { 0, 50000 };

	/*
	 * Item 20i waits for 20i + 1, which waits for 20i + 2; not for
	 * ever (a second), so that a broken pool fails the test.
	 */
	if ((s->k % 20 == 0 || s->k % 20 == 1) && s->k + 1 < OT_ITEMS) {
		for (long tries = 0; tries < 20000 &&
		    !__atomic_load_n(&t->worked[s->k + 1], __ATOMIC_ACQUIRE); tries++) {
			if (st->next && opool_help(t->p, st->next))
				__atomic_add_fetch(&t->helped, 1, __ATOMIC_RELAXED);
			else
				nanosleep(&ts, NULL);
		}
	}
	t->level[s->k] = st->level;
	__atomic_add_fetch(&t->worked[s->k], 1, __ATOMIC_RELEASE);
}

static void
ht_emit(void *arg, void *slot)
{
	buf_addf(&((struct htest *)arg)->rows, "%d\n", ((struct oslot *)slot)->k);
}

static void
test_opool_help(void)
{
	static const struct opool_ops ops = {
		ht_start, NULL, ht_work, ht_emit, NULL, 0, 0,
	};
	static const int threads[] = { 1, 3 };

	for (size_t i = 0; i < NELEM(threads); i++) {
		struct htest *t = xcalloc(1, sizeof *t);
		struct buf want = BUF_INIT;
		int once = 1, deep = 1;

		for (int a = 0; a < 8; a++)
			for (int b = 0; b < 3; b++) {
				t->st[a][b].level = b;
				t->st[a][b].next = b < 2 ? &t->st[a][b + 1] : NULL;
			}
		t->p = opool_new(&ops, t, threads[i], 16, 1, sizeof(struct oslot));
		for (int k = 0; k < OT_ITEMS; k++) {
			struct oslot *s = opool_next(t->p);

			s->k = k;
			opool_push(t->p);
			buf_addf(&want, "%d\n", k);
		}
		opool_finish(t->p);
		for (int k = 0; k < OT_ITEMS; k++)
			once &= t->worked[k] == 1;
		/* One thread: only its helpers can work on what it waits for. */
		for (int k = 0; threads[i] == 1 && k + 2 < OT_ITEMS; k += 20)
			deep &= t->level[k] == 0 && t->level[k + 1] == 1 && t->level[k + 2] == 2;
		is_str(t->rows.p, want.p, "opool_help, %d threads: items in order", threads[i]);
		ok(once, "opool_help, %d threads: every item worked on once", threads[i]);
		if (threads[i] == 1)
			ok(deep && t->helped == 2 * (OT_ITEMS / 20),
			    "opool_help, one thread: the waiting items' helpers did the next two (%d)",
			    t->helped);
		buf_free(&t->rows);
		buf_free(&want);
		free(t);
	}
}

int
main(void)
{
	tap_init("test-opool");
	test_opool();
	test_opool_help();
	return tap_done();
}
