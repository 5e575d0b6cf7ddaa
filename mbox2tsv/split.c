/*
 * split.c - one big mbox read by several processes, each a range of it.
 *
 * Threads making rows share GLib's object system, whose global locks
 * (every GObject's finalization takes one) cost a third more CPU with
 * two threads than with one, and the run scales badly.  Processes share
 * nothing: a plain mboxrd file is cut at mail boundaries into ranges,
 * the first read here, each other by a child process (fork) writing its
 * rows as records into an unlinked scratch file in $TMPDIR (mail.c's
 * mail_record) and its messages into another.  Then, in order, each
 * child's messages go to stderr and its rows through mail_emit(), where
 * dupid is decided as in one reading.  The output is the same bytes as
 * that of one process; the scratch files hold the rows of all ranges
 * but the first while they are made (about half their mail: a file is
 * read so only when $TMPDIR has room for that mail itself).
 *
 * Only mboxrd files (public-inbox's export, "From mboxrd@z" lines) are
 * cut: there a From_ line after an empty line and before a header line
 * always separates mails, so a boundary found by looking at those three
 * lines is one the whole reading finds too.  In mboxo files whether a
 * From_ line separates depends on what came before (an open multipart
 * body), so they are read with threads (mail.c) as before.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "mbox2tsv.h"
#include "util.h"

/* The least a range holds: below it a process costs more than it saves. */
#define SPLIT_MIN (4u << 20)
/* Bytes looked at a time for the next boundary, and around one. */
#define SPLIT_BLOCK (1u << 20)
#define SPLIT_WINDOW 8192

/*
 * Whether the mail boundary a whole reading would find is at q (the
 * 'F' of "From "): an empty line before it, a From_ line, a header line
 * after it.
 */
static int
starts_mail(int fd, uint64_t q)
{
	char w[SPLIT_WINDOW];
	size_t back = q < 4 ? (size_t)q : 4, n, k, len;
	const char *line, *nl, *next;
	ssize_t got = pread(fd, w, sizeof w, (off_t)(q - back));

	if (got <= (ssize_t)back)
		return 0;
	n = (size_t)got;
	k = back;
	/* The line before: empty ("\n" or "\r\n"), or none (the start). */
	if (q > 0 && !(k >= 2 && w[k - 1] == '\n' && (w[k - 2] == '\n' ||
	    (k >= 3 && w[k - 2] == '\r' && w[k - 3] == '\n'))))
		return 0;
	line = w + k;
	if (!(nl = memchr(line, '\n', n - k)))
		return 0;
	len = (size_t)(nl - line) + 1;
	next = nl + 1;
	if (!(nl = memchr(next, '\n', n - (size_t)(next - w))))
		return 0;
	return mboxrd_separator(line, len, next, (size_t)(nl - next) + 1);
}

/* The first boundary at or after from and before end, or end. */
static uint64_t
next_boundary(int fd, uint64_t from, uint64_t end)
{
	char *buf = xmalloc(SPLIT_BLOCK);
	uint64_t at = from > 0 ? from - 1 : 0, found = end;

	/* buf holds the bytes from at: a boundary is "\nFrom " at q - 1. */
	while (at < end && found == end) {
		ssize_t got = pread(fd, buf, SPLIT_BLOCK, (off_t)at);
		const char *p = buf, *e;

		if (got < 6)
			break;
		e = buf + got;
		while ((p = memchr(p, '\n', (size_t)(e - p))) && e - p >= 6) {
			uint64_t q = at + (uint64_t)(p - buf) + 1;

			if (q >= end)
				break;
			if (q >= from && !memcmp(p + 1, "From ", 5) && starts_mail(fd, q)) {
				found = q;
				break;
			}
			p++;
		}
		/* The last bytes again: a "\nFrom " across the block's end. */
		at += (uint64_t)got > 6 ? (uint64_t)got - 6 : (uint64_t)got;
	}
	free(buf);
	return found;
}

int
split_wanted(const struct ctx *c, const char *path)
{
	struct stat st;
	char head[12];
	uint64_t end;
	int fd, ok = 0;

	if (c->split < 2 || c->o.mode == MODE_MBOXO || !strcmp(path, "-"))
		return 0;
	if ((fd = open(path, O_RDONLY)) < 0)
		return 0;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
		end = c->o.have_end && c->o.end < (uint64_t)st.st_size ? c->o.end :
		    (uint64_t)st.st_size;
		/*
		 * Big enough for two ranges, and mboxrd from its first line
		 * (as the whole reading decides it).
		 */
		if (end > c->o.offset && end - c->o.offset >= 2 * (uint64_t)SPLIT_MIN &&
		    pread(fd, head, sizeof head, (off_t)c->o.offset) == (ssize_t)sizeof head)
			ok = c->o.mode == MODE_MBOXRD ? !memcmp(head, "From ", 5) :
			    !memcmp(head, "From mboxrd", 11);
	}
	close(fd);
	return ok;
}

/*
 * Whether $TMPDIR has room for bytes more: the rows of the ranges
 * after the first are about half their mail, the mail itself is kept
 * as the bound.
 */
static int
room_for(uint64_t bytes)
{
	struct statvfs fs;

	if (statvfs(tmp_dir(), &fs) != 0)
		return 0;
	return (uint64_t)fs.f_bavail * fs.f_frsize >= bytes;
}

/* An unlinked scratch file in $TMPDIR: its descriptor, or -1. */
static int
scratch_fd(void)
{
	char path[4096];
	int fd;

	if ((fd = scratch_open(path, sizeof path, "mbox2tsv")) >= 0)
		unlink(path);
	return fd;
}

/* Copy what a worker said (its scratch file) to stderr. */
static void
copy_said(int fd)
{
	char b[65536];
	ssize_t n;

	if (lseek(fd, 0, SEEK_SET) < 0)
		return;
	while ((n = read(fd, b, sizeof b)) > 0)
		if (fwrite(b, 1, (size_t)n, stderr) != (size_t)n)
			break;
	fflush(stderr);
}

struct part {
	uint64_t from, to;
	pid_t pid;              /* -1: read here, after the first */
	int rec, said;          /* scratch files: rows, messages */
};

/* The worker: range p into its scratch files, then _exit. */
static void
worker(struct ctx *c, const char *path, const char *archive, const struct part *p,
    int last_has_end, pid_t parent)
{
	int rc;

#ifdef __linux__
	/* Ended with the process that waits for it. */
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != parent)
		_exit(PT_EXIT_FAILED);
#else
	(void)parent;
#endif
	if (dup2(p->said, STDERR_FILENO) < 0 || !(c->record = fdopen(p->rec, "w")))
		_exit(PT_EXIT_FAILED);
	c->o.offset = p->from;
	c->o.end = p->to;
	c->o.have_end = last_has_end;
	c->o.mode = MODE_MBOXRD;
	c->nmails = c->nrows = c->nskipped = c->ndamaged = 0;
	rc = read_mbox(c, path, archive);
	mail_record_end(c, rc);
	if (fclose(c->record) != 0)
		_exit(PT_EXIT_FAILED);
	fflush(stderr);
	_exit(PT_EXIT_OK);
}

int
read_mbox_split(struct ctx *c, const char *path, const char *archive)
{
	struct opts keep = c->o;
	struct part *pt;
	struct stat st;
	uint64_t start = c->o.offset, end;
	long n = c->split;
	int fd, rc = 0;
	pid_t self = getpid();

	if ((fd = open(path, O_RDONLY)) < 0 || fstat(fd, &st) != 0) {
		if (fd >= 0)
			close(fd);
		goto whole;
	}
	end = c->o.have_end && c->o.end < (uint64_t)st.st_size ? c->o.end : (uint64_t)st.st_size;
	while (n > 1 && (end - start) / (uint64_t)n < SPLIT_MIN)
		n--;
	pt = xcalloc((size_t)n, sizeof *pt);
	pt[0].from = start;
	for (long k = 1; k < n; k++) {
		uint64_t want = start + (end - start) / (uint64_t)n * (uint64_t)k, b;

		if (want <= pt[k - 1].from)
			want = pt[k - 1].from + 1;
		b = next_boundary(fd, want, end);
		if (b >= end) {
			n = k;
			break;
		}
		pt[k].from = b;
		pt[k - 1].to = b;
	}
	pt[n - 1].to = end;
	close(fd);
	if (n < 2) {
		free(pt);
		goto whole;
	}
	/* Scratch files for the workers; without them, the threads. */
	if (!room_for(end - pt[1].from)) {
		free(pt);
		goto whole;
	}
	for (long k = 1; k < n; k++) {
		pt[k].rec = scratch_fd();
		pt[k].said = pt[k].rec < 0 ? -1 : scratch_fd();
		if (pt[k].said < 0) {
			for (long i = 1; i <= k; i++) {
				if (pt[i].rec >= 0)
					close(pt[i].rec);
				if (pt[i].said >= 0)
					close(pt[i].said);
			}
			free(pt);
			goto whole;
		}
	}
	if (c->o.verbose)
		warnx("%s: read in %ld ranges, a process each", path, n);
	/* The workers; a range without one (no fork) is read here. */
	fflush(stdout);
	fflush(stderr);
	for (long k = 1; k < n; k++) {
		pt[k].pid = fork();
		if (pt[k].pid == 0)
			worker(c, path, archive, &pt[k], k < n - 1 || keep.have_end, self);
	}
	/* The first range here, as the others: one process, mboxrd. */
	c->o.offset = pt[0].from;
	c->o.end = pt[0].to;
	c->o.have_end = 1;
	c->o.mode = MODE_MBOXRD;
	if (read_mbox(c, path, archive) < 0)
		rc = -1;
	for (long k = 1; k < n; k++) {
		struct part *p = &pt[k];
		int st_ = 0, wrc = 0;
		pid_t got;
		FILE *rec;

		if (p->pid < 0) {
			/* No worker for it (fork failed): read here. */
			c->o.offset = p->from;
			c->o.end = p->to;
			c->o.have_end = k < n - 1 || keep.have_end;
			if (read_mbox(c, path, archive) < 0)
				rc = -1;
		} else {
			while ((got = waitpid(p->pid, &st_, 0)) < 0 && errno == EINTR)
				;
			/* Not to be waited for (no such child): a failure, as a signal. */
			if (got < 0)
				st_ = SIGKILL;
			copy_said(p->said);
			if (lseek(p->rec, 0, SEEK_SET) < 0 || !(rec = fdopen(p->rec, "r"))) {
				warnx("%s: bytes %llu to %llu: cannot read their rows back:", path,
				    (unsigned long long)p->from, (unsigned long long)p->to);
				rc = -1;
			} else {
				if (mail_replay(c, rec, &wrc) < 0 || !WIFEXITED(st_) ||
				    WEXITSTATUS(st_) != PT_EXIT_OK) {
					warnx("%s: bytes %llu to %llu: the process reading them failed (%s %d)",
					    path, (unsigned long long)p->from, (unsigned long long)p->to,
					    WIFSIGNALED(st_) ? "signal" : "status",
					    WIFSIGNALED(st_) ? WTERMSIG(st_) : WEXITSTATUS(st_));
					rc = -1;
				} else if (wrc < 0) {
					rc = -1;
				}
				fclose(rec);
				p->rec = -1;
			}
		}
		if (p->rec >= 0)
			close(p->rec);
		if (p->said >= 0)
			close(p->said);
	}
	free(pt);
	c->o = keep;
	return rc;
whole:
	/* Not cut after all: the threads, as for any other archive. */
	pool_start(c, (int)c->split);
	c->split = 0;
	return read_mbox(c, path, archive);
}
