/*
 * processes.c - one big mbox read by several processes, chunk by chunk.
 *
 * Threads making rows share GLib's object system, whose global locks
 * (every GObject's finalization takes one) they contend for, so the
 * run scales badly with threads.  Processes share
 * nothing: a plain mboxrd file is cut at mail boundaries into chunks,
 * more than there are processes (see CHUNKS below), which this process
 * and its children (fork) take in turn.  Chunk 0 is read here and its
 * rows written at once; any other is read into two unlinked scratch
 * files in $TMPDIR, its rows as records (emit.c's mail_record) and its
 * messages, and then, in order, its messages go to stderr and its rows
 * through mail_emit(), where dupid is decided as in one reading.  The
 * output is the same bytes as that of one process; the scratch files
 * hold the rows of the chunks not yet written (at most about the mail
 * of all but the first chunk: a file is read so only when $TMPDIR has
 * room for that mail itself).
 *
 * Only mboxrd files (public-inbox's export, "From mboxrd@z" lines) are
 * cut: there a From_ line after an empty line and before a header line
 * always separates mails, so a boundary found by looking at those three
 * lines is one the whole reading finds too.  In mboxo files whether a
 * From_ line separates depends on what came before (an open multipart
 * body), so they are read with threads (pool.c).
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
		 * Big enough for two processes, and mboxrd from its first line
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
 * Whether $TMPDIR has room for bytes more: the rows of the chunks
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

	off_t len = lseek(fd, 0, SEEK_END);

	if (len < 0 || lseek(fd, 0, SEEK_SET) < 0)
		return;
	/* Not after a bar on the same line. */
	if (len > 0)
		progress_clear_line();
	while ((n = read(fd, b, sizeof b)) > 0)
		if (fwrite(b, 1, (size_t)n, stderr) != (size_t)n)
			break;
	fflush(stderr);
}

struct part {
	uint64_t from, to;
	int rec, said;          /* scratch files: rows, messages (-1 chunk 0) */
	int done;               /* read: its rows written, or in its files */
};

/*
 * The file is cut into more chunks than processes (CHUNKS a process),
 * which the processes take in turn from a queue (a pipe of chunk
 * numbers, read 4 bytes at a time): a process that is done early takes
 * more, so that no process waits on another whose chunks hold more work
 * (byte for byte, mails cost what their parts cost: a range of big
 * patches takes longer than a range of short answers).  Chunk 0 is read
 * here, its rows written at once; each other chunk's rows go to its
 * scratch file and are written here, in order, as soon as it is done
 * and those before it are written, between chunks of this process's
 * own, so that the writing overlaps the reading.  A chunk taken here
 * when all before it are written is written at once too.
 */
#define CHUNKS 4
#define MAX_CHUNKS 128

/* The next read_mbox() of c reads part p, mboxrd (has_end: p ends before the file). */
static void
set_range(struct ctx *c, const struct part *p, int has_end)
{
	c->o.offset = p->from;
	c->o.end = p->to;
	c->o.have_end = has_end;
	c->o.mode = MODE_MBOXRD;
}

/* Read part p into its scratch files; the counts of c are left as they were. */
static int
read_into(struct ctx *c, const char *path, const char *archive, struct part *p, int has_end)
{
	unsigned long nmails = c->nmails, nrows = c->nrows, nskipped = c->nskipped,
	    ndamaged = c->ndamaged;
	struct progress *bar = c->bar;
	FILE *tty = NULL;
	int err = -1, fd, rc;

	/* Its messages go to its file; the bar stays on the terminal. */
	progress_clear_line();
	fflush(stderr);
	if ((err = dup(STDERR_FILENO)) < 0)
		die("a chunk's scratch files:");
	if (c->bar && c->bar->on && (fd = dup(err)) >= 0 && !(tty = fdopen(fd, "w")))
		close(fd);
	/* No terminal to draw on: no bar meanwhile (it would go to the file). */
	if (!tty)
		c->bar = NULL;
	progress_output(tty);
	if (dup2(p->said, STDERR_FILENO) < 0 || (fd = dup(p->rec)) < 0 ||
	    !(c->record = fdopen(fd, "w")))
		die("a chunk's scratch files:");
	set_range(c, p, has_end);
	c->nmails = c->nrows = c->nskipped = c->ndamaged = 0;
	rc = read_mbox(c, path, archive);
	mail_record_end(c, rc);
	if (fclose(c->record) != 0)
		die("error writing a worker's rows:");
	c->record = NULL;
	fflush(stderr);
	dup2(err, STDERR_FILENO);
	close(err);
	progress_clear_line();
	progress_output(NULL);
	if (tty)
		fclose(tty);
	c->bar = bar;
	c->nmails = nmails;
	c->nrows = nrows;
	c->nskipped = nskipped;
	c->ndamaged = ndamaged;
	return rc;
}

/* The next chunk in the queue, or -1 when it is empty. */
static int
take(int q)
{
	int k;
	ssize_t got;

	while ((got = read(q, &k, sizeof k)) < 0 && errno == EINTR)
		;
	return got == (ssize_t)sizeof k ? k : -1;
}

/* A worker: chunks from the queue into their scratch files, each said done, then _exit. */
static void
worker(struct ctx *c, const char *path, const char *archive, struct part *pt, long m,
    int q, int done, int last_has_end, pid_t parent)
{
	int k;

#ifdef __linux__
	/* Ended with the process that waits for it. */
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != parent)
		_exit(PT_EXIT_FAILED);
#else
	(void)parent;
#endif
	c->bar = NULL;
	while ((k = take(q)) >= 0) {
		if (k < 1 || k >= m)
			_exit(PT_EXIT_FAILED);
		read_into(c, path, archive, &pt[k], k < m - 1 || last_has_end);
		if (write(done, &k, sizeof k) != (ssize_t)sizeof k)
			_exit(PT_EXIT_FAILED);
	}
	_exit(PT_EXIT_OK);
}

/* Write chunk k's messages and rows (its scratch files) in order: 0 or -1. */
static int
replay(struct ctx *c, const char *path, struct part *p)
{
	FILE *rec;
	int wrc = 0, rc = 0;
	unsigned long before = c->nrows;

	copy_said(p->said);
	if (lseek(p->rec, 0, SEEK_SET) < 0 || !(rec = fdopen(p->rec, "r"))) {
		warnx("%s: bytes %llu to %llu: cannot read their rows back:", path,
		    (unsigned long long)p->from, (unsigned long long)p->to);
		return -1;
	}
	if (mail_replay(c, rec, &wrc) < 0) {
		/* Its count never came: the mails whose rows came are counted here. */
		c->nmails += c->nrows - before;
		warnx("%s: bytes %llu to %llu: the process reading them failed after %lu mails "
		    "(their rows are written; the rest of those bytes is not read)", path,
		    (unsigned long long)p->from, (unsigned long long)p->to, c->nrows - before);
		rc = -1;
	} else if (wrc < 0) {
		rc = -1;
	}
	fclose(rec);
	p->rec = -1;
	return rc;
}

/*
 * Bytes start..end of fd cut at mail boundaries for *n processes into
 * *m chunks (CHUNKS a process, each of at least SPLIT_MIN / 2 bytes):
 * fewer processes and chunks when the bytes are few, or the boundaries.
 */
static struct part *
cut(int fd, uint64_t start, uint64_t end, long *n, long *m)
{
	struct part *pt;

	while (*n > 1 && (end - start) / (uint64_t)*n < SPLIT_MIN)
		(*n)--;
	*m = *n * CHUNKS;
	if (*m > MAX_CHUNKS)
		*m = MAX_CHUNKS;
	while (*m > *n && (end - start) / (uint64_t)*m < SPLIT_MIN / 2)
		(*m)--;
	pt = xcalloc((size_t)*m, sizeof *pt);
	pt[0].from = start;
	for (long k = 1; k < *m; k++) {
		uint64_t want = start + (end - start) / (uint64_t)*m * (uint64_t)k, b;

		if (want <= pt[k - 1].from)
			want = pt[k - 1].from + 1;
		b = next_boundary(fd, want, end);
		if (b >= end) {
			*m = k;
			break;
		}
		pt[k].from = b;
		pt[k - 1].to = b;
	}
	pt[*m - 1].to = end;
	return pt;
}

/*
 * Scratch files for the m chunks but the first, and the pipes of the
 * queue (q) and of the word that a chunk is done (done): 0, or -1 with
 * none of them left open.
 */
static int
open_scratch(struct part *pt, long m, uint64_t end, int q[2], int done[2])
{
	if (!room_for(end - pt[1].from) || pipe(q) < 0 || pipe(done) < 0) {
		for (int i = 0; i < 2; i++) {
			if (q[i] >= 0)
				close(q[i]);
			if (done[i] >= 0)
				close(done[i]);
		}
		return -1;
	}
	pt[0].rec = pt[0].said = -1;
	for (long k = 1; k < m; k++) {
		pt[k].rec = scratch_fd();
		pt[k].said = pt[k].rec < 0 ? -1 : scratch_fd();
		if (pt[k].said < 0) {
			for (long i = 1; i <= k; i++) {
				if (pt[i].rec >= 0)
					close(pt[i].rec);
				if (pt[i].said >= 0)
					close(pt[i].said);
			}
			for (int i = 0; i < 2; i++) {
				close(q[i]);
				close(done[i]);
			}
			return -1;
		}
	}
	return 0;
}

/*
 * This process's share of the m chunks, start..end, and the writing of
 * all: chunk 0 read here, rows written at once, then the others in
 * order, each done chunk written, else one from the queue q read
 * (written at once when it is the next), else the word on done that a
 * worker finished one.  has_end: the last chunk ends before the file.
 * 0, or -1 when a reading failed.
 */
static int
run_chunks(struct ctx *c, const char *path, const char *archive, struct part *pt, long m,
    int q, int done, int has_end, uint64_t start, uint64_t end)
{
	const char *base = strrchr(path, '/');
	struct buf label = BUF_INIT;
	struct progress bar;
	uint64_t known;         /* the bytes of the chunks done, for the bar */
	long emitted;
	int rc = 0;

	/* The bar: the whole file, moved by chunk 0's reading, then chunk by chunk. */
	buf_addf(&label, "mbox2tsv %s", base && base[1] ? base + 1 : path);
	progress_start(&bar, progress_wanted(), label.p, "B", end - start);
	c->bar = &bar;
	c->bar_base = 0;
	/* The first chunk here, rows written at once: one process, mboxrd. */
	set_range(c, &pt[0], 1);
	if (read_mbox(c, path, archive) < 0)
		rc = -1;
	pt[0].done = 1;
	emitted = 1;
	known = pt[0].to - pt[0].from;
	while (emitted < m) {
		struct part *p = &pt[emitted];
		int k;

		if (p->done) {
			if (p->rec >= 0 && replay(c, path, p) < 0)
				rc = -1;
			emitted++;
			continue;
		}
		if ((k = take(q)) >= 0) {
			struct part *t;

			if (k < 1 || k >= m)
				die("%s: the chunks' queue: chunk %d", path, k);
			t = &pt[k];
			c->bar_base = known;
			if (k == emitted) {
				set_range(c, t, k < m - 1 || has_end);
				if (read_mbox(c, path, archive) < 0)
					rc = -1;
				close(t->rec);
				close(t->said);
				t->rec = t->said = -1;
			} else {
				read_into(c, path, archive, t, k < m - 1 || has_end);
			}
			t->done = 1;
			known += t->to - t->from;
			continue;
		}
		while ((k = -1, read(done, &k, sizeof k)) < 0 && errno == EINTR)
			;
		if (k >= 1 && k < m) {
			pt[k].done = 1;
			known += pt[k].to - pt[k].from;
			progress_update(&bar, known);
			continue;
		}
		/*
		 * No word will come (every worker ended) and the next
		 * chunk is not done: its worker died.  What it wrote is
		 * written, and said to be cut short.
		 */
		(void)replay(c, path, p);
		rc = -1;
		emitted++;
	}
	progress_end(&bar);
	c->bar = NULL;
	buf_free(&label);
	return rc;
}

/* The nw workers ended: 0, or -1 when one failed (named on stderr). */
static int
wait_workers(const char *path, const pid_t *pids, long nw)
{
	int rc = 0;

	for (long k = 0; k < nw; k++) {
		int st_ = 0;
		pid_t got;

		while ((got = waitpid(pids[k], &st_, 0)) < 0 && errno == EINTR)
			;
		if (got < 0 || !WIFEXITED(st_) || WEXITSTATUS(st_) != PT_EXIT_OK) {
			warnx("%s: a process reading it failed (%s %d)", path,
			    got >= 0 && WIFSIGNALED(st_) ? "signal" : "status",
			    got < 0 ? -1 : WIFSIGNALED(st_) ? WTERMSIG(st_) : WEXITSTATUS(st_));
			rc = -1;
		}
	}
	return rc;
}

int
read_mbox_split(struct ctx *c, const char *path, const char *archive)
{
	struct opts keep = c->o;
	struct part *pt;
	struct stat st;
	uint64_t start = c->o.offset, end;
	long n = c->split, m, nw = 0;
	int fd, rc = 0, q[2] = { -1, -1 }, done[2] = { -1, -1 };
	pid_t self = getpid(), *pids;

	if ((fd = open(path, O_RDONLY)) < 0 || fstat(fd, &st) != 0) {
		if (fd >= 0)
			close(fd);
		goto whole;
	}
	end = c->o.have_end && c->o.end < (uint64_t)st.st_size ? c->o.end : (uint64_t)st.st_size;
	pt = cut(fd, start, end, &n, &m);
	close(fd);
	if (n > m)
		n = m;
	if (n < 2) {
		free(pt);
		goto whole;
	}
	/* Scratch files for the chunks, and the queues; without them, the threads. */
	if (open_scratch(pt, m, end, q, done) < 0) {
		free(pt);
		goto whole;
	}
	/* The queue holds every chunk but the first (m - 1 ints: less than a pipe holds). */
	for (int k = 1; k < m; k++)
		if (write(q[1], &k, sizeof k) != (ssize_t)sizeof k)
			die("%s: the chunks' queue:", path);
	close(q[1]);
	if (c->o.verbose)
		warnx("%s: read in %ld chunks by %ld processes", path, m, n);
	/* The workers; without one (no fork), this process reads it all. */
	fflush(stdout);
	fflush(stderr);
	pids = xcalloc((size_t)n, sizeof *pids);
	for (long k = 1; k < n; k++) {
		pid_t pid = fork();

		if (pid == 0) {
			close(done[0]);
			worker(c, path, archive, pt, m, q[0], done[1], keep.have_end, self);
		}
		if (pid > 0)
			pids[nw++] = pid;
	}
	close(done[1]);
	if (run_chunks(c, path, archive, pt, m, q[0], done[0], keep.have_end, start, end) < 0)
		rc = -1;
	close(q[0]);
	close(done[0]);
	if (wait_workers(path, pids, nw) < 0)
		rc = -1;
	for (long k = 1; k < m; k++) {
		if (pt[k].rec >= 0)
			close(pt[k].rec);
		if (pt[k].said >= 0)
			close(pt[k].said);
	}
	free(pids);
	free(pt);
	c->o = keep;
	return rc;
whole:
	/* Not cut after all: the threads, as for any other archive. */
	pool_start(c, (int)c->split);
	c->split = 0;
	return read_mbox(c, path, archive);
}
