/*
 * plot.c - what the reports' plots share: a scratch file for the data,
 * removed even when a signal ends the run, and gnuplot run on it with a
 * script, the image written under a temporary name and renamed, what
 * gnuplot says kept in a scratch file and shown only if it fails (a
 * warning on a plot it drew is no news on a run that went well).  Each
 * report writes its own data and script (weekly.c, duration.c,
 * maintainers.c).  With plot_defer() the plots are drawn side by side
 * while the reports go on (all.c): gnuplot takes a tenth of a second or
 * more to start, and three of them one after another were most of the
 * time of every report together.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "report.h"
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
#define NSCRATCH 16
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
	FILE *fp;
	int fd;

	if ((fd = scratch_open(path, size, "ptreport")) < 0)
		return NULL;
	scratch_add(path);
	if (!(fp = fdopen(fd, "w"))) {
		close(fd);
		plot_scratch_done(path);
		return NULL;
	}
	return fp;
}

/* Plots being drawn (plot_defer()): gnuplot's pid, the image, its data. */
#define NPENDING 4
static struct pending {
	pid_t pid;
	char *image, *tmp, *data;
	char err[PLOT_PATH_MAX];
} pending[NPENDING];
static int npending, deferred;

void
plot_defer(int on)
{
	deferred = on;
}

static int
is_pending_data(const char *path)
{
	for (int i = 0; i < npending; i++)
		if (!strcmp(pending[i].data, path))
			return 1;
	return 0;
}

void
plot_scratch_done(const char *path)
{
	/* A plot still being drawn reads it: plot_wait() removes it. */
	if (is_pending_data(path))
		return;
	scratch_forget(path);
	unlink(path);
}

/*
 * gnuplot reading the script on its stdin, its messages going to a
 * scratch file (err, a path of PLOT_PATH_MAX): its pid, or -1 after a
 * message.
 */
static pid_t
gnuplot_start(const struct buf *cmd, char *err)
{
	int fd[2], efd;
	pid_t pid;
	size_t off = 0;

	if ((efd = scratch_open(err, PLOT_PATH_MAX, "ptreport")) < 0) {
		warnx("gnuplot: a scratch file in %s:", tmp_dir());
		return -1;
	}
	scratch_add(err);
	fflush(NULL);
	if (pipe(fd) < 0) {
		warnx("gnuplot:");
		goto fail;
	}
	if ((pid = fork()) < 0) {
		warnx("gnuplot:");
		close(fd[0]);
		close(fd[1]);
		goto fail;
	}
	if (pid == 0) {
		dup2(fd[0], 0);
		dup2(efd, 2);
		close(fd[0]);
		close(fd[1]);
		close(efd);
		execlp("gnuplot", "gnuplot", (char *)NULL);
		_exit(127);
	}
	close(fd[0]);
	close(efd);
	/* gnuplot reads all of it: a failed write shows as its failure. */
	while (off < cmd->len) {
		ssize_t k = write(fd[1], cmd->p + off, cmd->len - off);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		off += (size_t)k;
	}
	close(fd[1]);
	return pid;
fail:
	close(efd);
	scratch_forget(err);
	unlink(err);
	return -1;
}

/* What gnuplot said, each line after "ptreport: image: gnuplot: ". */
static void
gnuplot_said(const char *image, const char *err)
{
	FILE *fp = fopen(err, "r");
	char line[1024];

	if (!fp)
		return;
	while (fgets(line, sizeof line, fp)) {
		size_t n = strlen(line);
		const char *p = line;

		while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		/* gnuplot indents its "line N:" under the command it quotes. */
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p)
			warnx("%s: gnuplot: %s", image, p);
	}
	fclose(fp);
}

/*
 * gnuplot's end: 0, or -1 after a message naming image, with what it
 * said; its scratch file removed either way.
 */
static int
gnuplot_end(pid_t pid, const char *image, const char *tmp, const char *err)
{
	int st, rc = -1;

	while (waitpid(pid, &st, 0) < 0) {
		if (errno != EINTR) {
			warnx("%s: gnuplot:", image);
			goto done;
		}
	}
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		if (WIFEXITED(st) && WEXITSTATUS(st) == 127) {
			warnx("gnuplot not found: install it (Debian: apt-get install gnuplot-nox)");
		} else {
			gnuplot_said(image, err);
			warnx("%s: gnuplot failed", image);
		}
		goto done;
	}
	if (rename(tmp, image) < 0) {
		warnx("%s:", image);
		goto done;
	}
	rc = 0;
done:
	scratch_forget(err);
	unlink(err);
	return rc;
}

int
plot(const char *image, const char *data, const char *script)
{
	struct buf cmd = BUF_INIT, tmp = BUF_INIT;
	char err[PLOT_PATH_MAX];
	pid_t pid;
	int rc = -1;

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

	/* Full: this one is drawn now. */
	if (deferred && npending == NPENDING && plot_wait() < 0)
		goto done;
	scratch_add(tmp.p);
	if ((pid = gnuplot_start(&cmd, err)) < 0)
		goto fail;
	if (deferred) {
		struct pending *p = &pending[npending++];

		memcpy(p->err, err, sizeof p->err);
		p->pid = pid;
		p->image = xstrdup(image);
		p->tmp = buf_detach(&tmp, NULL);
		p->data = xstrdup(data);
		rc = 0;
		goto done;
	}
	if (gnuplot_end(pid, image, tmp.p, err) < 0)
		goto fail;
	scratch_forget(tmp.p);
	rc = 0;
	goto done;
fail:
	scratch_forget(tmp.p);
	unlink(tmp.p);
done:
	buf_free(&cmd);
	buf_free(&tmp);
	return rc;
}

int
plot_wait(void)
{
	int rc = 0;

	/* In the order they were started: their messages too. */
	for (int i = 0; i < npending; i++) {
		struct pending *p = &pending[i];

		if (gnuplot_end(p->pid, p->image, p->tmp, p->err) < 0) {
			unlink(p->tmp);
			rc = -1;
		}
		scratch_forget(p->tmp);
		scratch_forget(p->data);
		unlink(p->data);
		free(p->image);
		free(p->tmp);
		free(p->data);
	}
	npending = 0;
	return rc;
}

int
plot_empty(const char *image, const char *title, const char *why)
{
	char path[PLOT_PATH_MAX];
	struct buf s = BUF_INIT;
	FILE *fp;
	int rc;

	if (!(fp = plot_scratch(path, sizeof path))) {
		warnx("%s: a scratch file for its data: %s", image, strerror(errno));
		return -1;
	}
	fclose(fp);
	buf_addstr(&s, "unset key\nunset xtics\nunset ytics\nset xrange [0:1]\n"
	    "set yrange [0:1]\nset title ");
	plot_quote(&s, title);
	buf_addstr(&s, "\nset label 1 ");
	plot_quote(&s, why);
	buf_addstr(&s, " at graph 0.5, graph 0.5 center\nplot NaN notitle\n");
	rc = plot(image, path, s.p);
	plot_scratch_done(path);
	buf_free(&s);
	return rc;
}
