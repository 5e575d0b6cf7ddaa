/*
 * progress.h - a progress bar with the time left, on stderr, for the
 * long stages (mbox2tsv reading an archive, patchsim scoring).
 *
 * A bar is drawn only when the environment asks for it (PT_PROGRESS=1,
 * which patchtrack sets when its own stderr is a terminal) and stderr
 * is a terminal: never into a pipe or a log.  It appears once a stage
 * has run for half a second (PT_PROGRESS_DELAY seconds), is redrawn at most four times a second,
 * always from the start of the line (so the bars of stages running
 * side by side take turns on one line) and is cleared at the end.  It
 * writes nothing to stdout.  PT_PROGRESS_LABEL, when set, is the bar's
 * label instead of the tool's (pt-stage sets it to the stage and its
 * input, as its line will name them).  The caller owns the struct; nothing is
 * allocated.  A warning (warnx, die) clears the bar first.
 */
#ifndef PT_PROGRESS_H
#define PT_PROGRESS_H

#include <stdint.h>

struct progress {
	int on;                 /* drawing at all */
	const char *label;      /* e.g. "mbox2tsv list.mbox.xz"; the caller's */
	const char *unit;       /* what is counted: "B" (shown as MB), "rows" ... */
	uint64_t total;         /* 0: unknown (a count, no bar) */
	uint64_t done;
	double start, next;     /* monotonic seconds: started, next redraw due */
};

/* Is a bar wanted here: PT_PROGRESS=1 and stderr a terminal? */
int progress_wanted(void);

/* Start counting; on is usually progress_wanted(). */
void progress_start(struct progress *p, int on, const char *label, const char *unit,
    uint64_t total);

/* The work done so far; redraws when a redraw is due (cheap otherwise). */
void progress_update(struct progress *p, uint64_t done);

/* The stage is over: the bar is cleared, the line left empty. */
void progress_end(struct progress *p);

/* Clear a bar drawn by this process, if any (before a message). */
void progress_clear_line(void);
/*
 * Draw the bars on fp from now on (NULL: stderr again): for a process
 * whose stderr is sent elsewhere for a while (mbox2tsv's chunks), its
 * terminal kept open on another descriptor.
 */
void progress_output(FILE *fp);

#endif
