/*
 * progress.c - a progress bar with the time left, on stderr
 * (progress.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "progress.h"

/*
 * A bar appears after DELAY seconds of work (PT_PROGRESS_DELAY, if set:
 * 0 draws from the start), redrawn every INTERVAL.
 */
#define DELAY 0.5
#define INTERVAL 0.25

/* Whether this process has a bar on the terminal's line now. */
static volatile int drawn;
/* Where bars are drawn (progress_output()); NULL: stderr. */
static FILE *pout;

void
progress_output(FILE *fp)
{
	pout = fp;
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
progress_wanted(void)
{
	const char *e = getenv("PT_PROGRESS");

	return e && strcmp(e, "1") == 0 && isatty(STDERR_FILENO);
}

void
progress_start(struct progress *p, int on, const char *label, const char *unit,
    uint64_t total)
{
	const char *l = getenv("PT_PROGRESS_LABEL");

	memset(p, 0, sizeof *p);
	p->on = on;
	/* pt-stage names the stage better than a tool can (its input). */
	p->label = l && *l ? l : label;
	p->unit = unit;
	p->total = total;
	if (on) {
		const char *e = getenv("PT_PROGRESS_DELAY");
		char *end;
		double delay = DELAY, d;

		if (e && *e) {
			d = strtod(e, &end);
			if (!*end && d >= 0 && d < 1e6)
				delay = d;
		}
		p->start = now();
		p->next = p->start + delay;
	}
}

/* The terminal's width, 80 if it will not say. */
static int
columns(void)
{
	struct winsize ws;

	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20)
		return ws.ws_col;
	return 80;
}

/* A count for people: bytes as MB, anything else as it is. */
static void
amount(char *s, size_t n, const struct progress *p, uint64_t v)
{
	if (strcmp(p->unit, "B") == 0)
		snprintf(s, n, "%.1f MB", (double)v / 1e6);
	else
		snprintf(s, n, "%llu %s", (unsigned long long)v, p->unit);
}

/* "1:05" or "42 s". */
static void
duration(char *s, size_t n, double secs)
{
	unsigned long t = (unsigned long)(secs + 0.5);

	if (t >= 60)
		snprintf(s, n, "%lu:%02lu", t / 60, t % 60);
	else
		snprintf(s, n, "%lu s", t);
}

static void
draw(const struct progress *p, double t)
{
	char line[512], tail[128], count[48], left[32];
	int width = columns() - 1, len, barw;
	double elapsed = t - p->start;

	amount(count, sizeof count, p, p->done);
	if (p->total && p->done <= p->total) {
		double frac = (double)p->done / (double)p->total;

		/* The time left once there is something to judge it by. */
		if (p->done > 0 && elapsed >= 0.5) {
			duration(left, sizeof left, elapsed * (1 - frac) / frac);
			snprintf(tail, sizeof tail, " %3d%%  %s left", (int)(frac * 100), left);
		} else {
			snprintf(tail, sizeof tail, " %3d%%", (int)(frac * 100));
		}
		len = snprintf(line, sizeof line, "\r%s ", p->label);
		if (len < 0 || (size_t)len >= sizeof line)
			return;
		barw = width - (len - 1) - (int)strlen(tail) - 2;
		if (barw > 40)
			barw = 40;
		if (barw >= 5) {
			int fill = (int)(frac * barw);

			line[len++] = '[';
			for (int i = 0; i < barw; i++)
				line[len++] = i < fill ? '#' : '.';
			line[len++] = ']';
		}
		snprintf(line + len, sizeof line - (size_t)len, "%s", tail);
	} else {
		duration(left, sizeof left, elapsed);
		snprintf(line, sizeof line, "\r%s %s, %s", p->label, count, left);
	}
	/* Never wider than the terminal: a wrapped bar could not be redrawn. */
	if ((int)strlen(line) > width + 1)
		line[width + 1] = '\0';
	fprintf(pout ? pout : stderr, "%s\033[K", line);
	fflush(pout ? pout : stderr);
	drawn = 1;
}

void
progress_update(struct progress *p, uint64_t done)
{
	double t;

	if (!p->on)
		return;
	p->done = done;
	t = now();
	if (t < p->next)
		return;
	p->next = t + INTERVAL;
	draw(p, t);
}

void
progress_end(struct progress *p)
{
	if (p->on)
		progress_clear_line();
	p->on = 0;
}

void
progress_clear_line(void)
{
	if (drawn) {
		fputs("\r\033[K", pout ? pout : stderr);
		fflush(pout ? pout : stderr);
		drawn = 0;
	}
}
