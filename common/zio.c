/*
 * zio.c - a file or standard input, gzip- or xz-compressed or not
 * (zio.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "util.h"
#include "zio.h"

enum { Z_PLAIN, Z_GZIP, Z_XZ };

struct zin {
	int fd;
	int kind;
	int owned;
	/* A buffer read in place of a file (zin_open_mem), or NULL. */
	const unsigned char *mem;
	size_t memlen;
	/* Bytes read while sniffing the magic, handed out first. */
	unsigned char peek[8];
	size_t npeek, peekpos;
	z_stream *gz;
	int inmember;
	unsigned long gzout;
	lzma_stream xz;
	unsigned char *xzbuf;
	int xzeof;
	/* Bytes read from the file itself, compressed or not. */
	unsigned long long raw;
	char err[160];
};

static ssize_t
rawread(struct zin *z, void *buf, size_t n)
{
	ssize_t r;

	if (z->mem) {
		size_t k = z->memlen - (size_t)z->raw;

		if (k > n)
			k = n;
		memcpy(buf, z->mem + z->raw, k);
		z->raw += k;
		return (ssize_t)k;
	}
	if (z->peekpos < z->npeek) {
		size_t k = z->npeek - z->peekpos;

		if (k > n)
			k = n;
		memcpy(buf, z->peek + z->peekpos, k);
		z->peekpos += k;
		return (ssize_t)k;
	}
	do
		r = read(z->fd, buf, n);
	while (r < 0 && errno == EINTR);
	if (r < 0)
		snprintf(z->err, sizeof z->err, "read error: %s", strerror(errno));
	else
		z->raw += (unsigned long long)r;
	return r;
}

struct zin *
zin_open(const char *path)
{
	struct zin *z = xcalloc(1, sizeof *z);
	ssize_t r;

	if (strcmp(path, "-") == 0) {
		z->fd = 0;
	} else {
		z->fd = open(path, O_RDONLY);
		if (z->fd < 0) {
			free(z);
			return NULL;
		}
		z->owned = 1;
	}
	while (z->npeek < 6) {
		do
			r = read(z->fd, z->peek + z->npeek, 6 - z->npeek);
		while (r < 0 && errno == EINTR);
		if (r < 0) {
			int e = errno;

			if (z->owned)
				close(z->fd);
			free(z);
			errno = e;
			return NULL;
		}
		if (r == 0)
			break;
		z->npeek += (size_t)r;
	}
	z->raw = z->npeek;
	if (z->npeek >= 2 && z->peek[0] == 0x1f && z->peek[1] == 0x8b) {
		/*
		 * Decoded with inflate() rather than gzdopen(): the magic
		 * bytes are already read, and pipes cannot be rewound.
		 */
		z->kind = Z_GZIP;
	} else if (z->npeek >= 2 && memcmp(z->peek, "\xfd" "7zXZ\0", z->npeek) == 0) {
		/*
		 * Fewer than 6 bytes that begin the magic: an xz file cut
		 * inside its header, which the decoder reports as cut short.
		 */
		z->kind = Z_XZ;
	} else {
		z->kind = Z_PLAIN;
	}
	if (z->kind == Z_XZ) {
		lzma_stream init = LZMA_STREAM_INIT;

		z->xz = init;
		if (lzma_stream_decoder(&z->xz, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
			die("cannot initialise the xz decoder");
		z->xzbuf = xmalloc(65536);
	} else if (z->kind == Z_GZIP) {
		z_stream *s = xcalloc(1, sizeof *s);

		/* 32 + 15: accept gzip (and zlib) headers. */
		if (inflateInit2(s, 32 + 15) != Z_OK)
			die("cannot initialise the gzip decoder");
		z->gz = s;
		z->xzbuf = xmalloc(65536);
	}
	return z;
}

struct zin *
zin_open_mem(const void *p, size_t n)
{
	struct zin *z = xcalloc(1, sizeof *z);

	z->fd = -1;
	z->kind = Z_PLAIN;
	z->mem = n ? p : (const unsigned char *)"";
	z->memlen = n;
	return z;
}

static ssize_t
gzread_stream(struct zin *z, void *buf, size_t n)
{
	z_stream *s = z->gz;
	unsigned char *out = buf;
	ssize_t r;
	int ret;

	s->next_out = out;
	s->avail_out = (uInt)(n > (1u << 30) ? (1u << 30) : n);
	while (s->avail_out > 0) {
		if (s->avail_in == 0 && !z->xzeof) {
			r = rawread(z, z->xzbuf, 65536);
			if (r < 0)
				return -1;
			if (r == 0)
				z->xzeof = 1;
			s->next_in = z->xzbuf;
			s->avail_in = (uInt)r;
		}
		if (s->avail_in == 0 && z->xzeof) {
			if (z->inmember && s->next_out == out) {
				snprintf(z->err, sizeof z->err,
				    "truncated gzip data after %lu bytes",
				    (unsigned long)z->gzout);
				return -1;
			}
			break;
		}
		if (!z->inmember) {
			/* Concatenated members are read as one stream. */
			if (inflateReset(s) != Z_OK)
				die("cannot reset the gzip decoder");
			z->inmember = 1;
		}
		ret = inflate(s, Z_NO_FLUSH);
		z->gzout = s->total_out;
		if (ret == Z_STREAM_END) {
			z->inmember = 0;
			continue;
		}
		if (ret == Z_OK || ret == Z_BUF_ERROR)
			continue;
		snprintf(z->err, sizeof z->err, "bad gzip data: %s",
		    s->msg ? s->msg : "inflate failed");
		return -1;
	}
	return (ssize_t)(s->next_out - out);
}

static ssize_t
xzread_stream(struct zin *z, void *buf, size_t n)
{
	lzma_stream *s = &z->xz;
	lzma_ret ret;
	ssize_t r;

	s->next_out = buf;
	s->avail_out = n;
	while (s->avail_out > 0) {
		if (s->avail_in == 0 && !z->xzeof) {
			r = rawread(z, z->xzbuf, 65536);
			if (r < 0)
				return -1;
			if (r == 0)
				z->xzeof = 1;
			s->next_in = z->xzbuf;
			s->avail_in = (size_t)r;
		}
		ret = lzma_code(s, z->xzeof ? LZMA_FINISH : LZMA_RUN);
		if (ret == LZMA_STREAM_END)
			break;
		if (ret == LZMA_BUF_ERROR && z->xzeof) {
			if ((unsigned char *)s->next_out != buf)
				break;
			snprintf(z->err, sizeof z->err,
			    "truncated xz data after %llu bytes",
			    (unsigned long long)s->total_out);
			return -1;
		}
		if (ret != LZMA_OK) {
			snprintf(z->err, sizeof z->err, "bad xz data (error %d)", (int)ret);
			return -1;
		}
	}
	return (ssize_t)((unsigned char *)s->next_out - (unsigned char *)buf);
}

ssize_t
zin_read(struct zin *z, void *buf, size_t n)
{
	switch (z->kind) {
	case Z_GZIP:
		return gzread_stream(z, buf, n);
	case Z_XZ:
		return xzread_stream(z, buf, n);
	default:
		return rawread(z, buf, n);
	}
}

const char *
zin_error(const struct zin *z)
{
	return z->err[0] ? z->err : NULL;
}

unsigned long long
zin_rawpos(const struct zin *z)
{
	return z->raw;
}

int
zin_fd(const struct zin *z)
{
	return z->fd;
}

int
zin_seek(struct zin *z, unsigned long long off)
{
	if (z->mem || z->kind != Z_PLAIN || z->peekpos || z->raw != z->npeek)
		return -1;
	if (lseek(z->fd, (off_t)off, SEEK_SET) < 0)
		return -1;
	z->npeek = z->peekpos = 0;
	z->raw = off;
	return 0;
}

const char *
zin_kind(const struct zin *z)
{
	return z->kind == Z_GZIP ? "gzip" : z->kind == Z_XZ ? "xz" : "plain";
}

void
zin_close(struct zin *z)
{
	if (!z)
		return;
	if (z->kind == Z_XZ)
		lzma_end(&z->xz);
	if (z->kind == Z_GZIP) {
		inflateEnd(z->gz);
		free(z->gz);
	}
	free(z->xzbuf);
	if (z->owned)
		close(z->fd);
	free(z);
}

void
lines_init(struct lines *l, struct zin *in)
{
	memset(l, 0, sizeof *l);
	l->in = in;
	l->cap = 1 << 16;
	l->buf = xmalloc(l->cap);
}

ssize_t
lines_next(struct lines *l, const char **line)
{
	size_t scan = l->start;
	char *nl;
	ssize_t r;

	for (;;) {
		nl = memchr(l->buf + scan, '\n', l->end - scan);
		if (nl) {
			size_t len = (size_t)(nl - (l->buf + l->start)) + 1;

			*line = l->buf + l->start;
			l->start += len;
			return (ssize_t)len;
		}
		if (l->eof || l->err) {
			size_t len = l->end - l->start;

			if (len == 0)
				return l->err ? -1 : 0;
			*line = l->buf + l->start;
			l->start = l->end;
			return (ssize_t)len;
		}
		/* Make room: move the partial line to the front, then grow. */
		if (l->start > 0) {
			memmove(l->buf, l->buf + l->start, l->end - l->start);
			l->base += l->start;
			l->end -= l->start;
			l->start = 0;
		}
		scan = l->end;
		/* Keep one spare byte so callers may terminate the line. */
		if (l->end + 1 >= l->cap) {
			l->cap *= 2;
			l->buf = xrealloc(l->buf, l->cap);
		}
		r = zin_read(l->in, l->buf + l->end, l->cap - l->end - 1);
		if (r < 0)
			l->err = 1;
		else if (r == 0)
			l->eof = 1;
		else
			l->end += (size_t)r;
	}
}

void
lines_free(struct lines *l)
{
	free(l->buf);
	l->buf = NULL;
}
