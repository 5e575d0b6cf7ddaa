/*
 * plot.c - what the reports' plots share: a scratch file for the data,
 * removed even when a signal ends the run, and gnuplot run on it with a
 * script, the image written under a temporary name and renamed.  Each
 * report writes its own data and script (weekly.c, duration.c,
 * maintainers.c).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ptreport.h"
#include "text.h"
#include "util.h"

void
plot_quote(struct buf *b, const char *s)
{
	buf_addc(b, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			buf_addc(b, '\'');
		buf_addc(b, *s);
	}
	buf_addc(b, '\'');
}

static int
has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), k = strlen(suf);

	return n >= k && !strcmp(s + n - k, suf);
}

/* Files to remove if a signal ends the run; written before a handler can see them. */
#define NSCRATCH 4
static char scratch[NSCRATCH][PLOT_PATH_MAX];
static volatile sig_atomic_t used[NSCRATCH];

static void
on_signal(int sig)
{
	for (int i = 0; i < NSCRATCH; i++)
		if (used[i])
			unlink(scratch[i]);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
scratch_add(const char *path)
{
	static int installed;

	if (!installed) {
		struct sigaction sa;

		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_signal;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGTERM, &sa, NULL);
		sigaction(SIGINT, &sa, NULL);
		sigaction(SIGHUP, &sa, NULL);
		installed = 1;
	}
	for (int i = 0; i < NSCRATCH; i++)
		if (!used[i]) {
			snprintf(scratch[i], sizeof scratch[i], "%s", path);
			used[i] = 1;
			return;
		}
}

static void
scratch_forget(const char *path)
{
	for (int i = 0; i < NSCRATCH; i++)
		if (used[i] && !strcmp(scratch[i], path))
			used[i] = 0;
}

FILE *
plot_scratch(char *path, size_t size)
{
	const char *dir = getenv("TMPDIR");
	FILE *fp;
	int fd;

	if (!dir || !*dir)
		dir = "/tmp";
	if ((size_t)snprintf(path, size, "%s/ptreport.XXXXXX", dir) >= size) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	if ((fd = mkstemp(path)) < 0)
		return NULL;
	scratch_add(path);
	if (!(fp = fdopen(fd, "w"))) {
		close(fd);
		plot_scratch_done(path);
		return NULL;
	}
	return fp;
}

void
plot_scratch_done(const char *path)
{
	scratch_forget(path);
	unlink(path);
}

int
plot(const char *image, const char *data, const char *script)
{
	struct buf cmd = BUF_INIT, tmp = BUF_INIT;
	FILE *gp;
	int st;

	buf_addf(&tmp, "%s.tmp", image);
	if (has_suffix(image, ".svg"))
		buf_addstr(&cmd, "set terminal svg size 1000,640 dynamic font 'sans,11'\n");
	else if (has_suffix(image, ".png"))
		buf_addstr(&cmd, "set terminal pngcairo size 1000,640 font 'sans,10'\n");
	else {
		warnx("%s: the plot must be a .png or .svg file", image);
		buf_free(&cmd);
		buf_free(&tmp);
		return -1;
	}
	buf_addstr(&cmd, "set output ");
	plot_quote(&cmd, tmp.p);
	buf_addstr(&cmd, "\ndata = ");
	plot_quote(&cmd, data);
	buf_addc(&cmd, '\n');
	buf_addstr(&cmd, script);
	buf_addstr(&cmd, "\nunset output\n");

	fflush(NULL);
	scratch_add(tmp.p);
	if (!(gp = popen("gnuplot", "w"))) {
		warnx("gnuplot:");
		goto fail;
	}
	fwrite(cmd.p, 1, cmd.len, gp);
	st = pclose(gp);
	if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		if (WIFEXITED(st) && WEXITSTATUS(st) == 127)
			warnx("gnuplot not found: install it (Debian: apt-get install gnuplot-nox)");
		else
			warnx("%s: gnuplot failed", image);
		goto fail;
	}
	if (rename(tmp.p, image) < 0) {
		warnx("%s:", image);
		goto fail;
	}
	scratch_forget(tmp.p);
	buf_free(&cmd);
	buf_free(&tmp);
	return 0;
fail:
	scratch_forget(tmp.p);
	unlink(tmp.p);
	buf_free(&cmd);
	buf_free(&tmp);
	return -1;
}
