/*
 * zio.h - read a file or standard input, gzip- or xz-compressed or not.
 *
 * The compression is recognised by its magic bytes, never by the file
 * name, so "xz -dc a.xz | tool" and "tool a.xz" read the same bytes.
 * Errors (including truncated compressed data) are reported through
 * zin_error(); the caller names the file in its message.
 */
#ifndef PT_ZIO_H
#define PT_ZIO_H

#include <stddef.h>
#include <sys/types.h>

struct zin;

/* Open path ("-" is standard input).  NULL with errno set on failure. */
struct zin *zin_open(const char *path);
/*
 * Read the n bytes at p as a plain file (no compression is looked for),
 * for text a program made in memory; p must outlive the struct.  Its
 * descriptor is -1 and it cannot seek.
 */
struct zin *zin_open_mem(const void *p, size_t n);
/* Read up to n bytes; 0 at end, -1 on error (see zin_error). */
ssize_t zin_read(struct zin *z, void *buf, size_t n);
/* Text of the last error, or NULL. */
const char *zin_error(const struct zin *z);
/*
 * Bytes read so far from the file itself (before decompression), for
 * progress against its size; and its descriptor, to learn that size.
 */
unsigned long long zin_rawpos(const struct zin *z);
int zin_fd(const struct zin *z);
/*
 * Go to byte off of a plain file before anything was read: 0, or -1
 * (compressed, a pipe, already read from) and nothing changed.
 */
int zin_seek(struct zin *z, unsigned long long off);
/* "gzip", "xz" or "plain". */
const char *zin_kind(const struct zin *z);
void zin_close(struct zin *z);

/*
 * A line reader on top of zin.  lines_next() returns the length of the
 * next line, including its '\n' if it has one (the last line of a file
 * may lack it), and sets *line to it; the text stays valid until the
 * next call.  The caller may overwrite the line's '\n', or the byte
 * after a last line that lacks one (there is always room for a
 * terminating NUL), but not the byte after a '\n': that is the next
 * line.  0 means end of input, -1 an error (see zin_error).  A read
 * error ends the input with whatever partial line came before it.
 * Lines may be of any length: memory grows with the longest line.
 */
struct lines {
	struct zin *in;
	char *buf;
	size_t cap, start, end;
	unsigned long long base; /* bytes of input before buf[0] */
	int eof, err;
};

void lines_init(struct lines *l, struct zin *in);
ssize_t lines_next(struct lines *l, const char **line);
/*
 * Where a byte of the line lines_next() last returned is in the input
 * (after decompression): its offset from the input's first byte.
 */
static inline unsigned long long
lines_offset(const struct lines *l, const char *p)
{
	return l->base + (unsigned long long)(p - l->buf);
}
void lines_free(struct lines *l);

#endif
