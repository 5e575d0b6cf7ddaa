/*
 * maildir.c - the mails of a maildir: a file each, cur/ then new/, each
 * by name.
 */
#define _POSIX_C_SOURCE 200809L
#include <string.h>

#include "mbox2tsv.h"
#include "util.h"
#include "zio.h"

/* Read a whole (small) file; -1 with errno on failure. */
static int
slurp(const char *path, struct buf *b)
{
	struct zin *z = zin_open(path);
	ssize_t r;

	buf_reset(b);
	if (!z)
		return -1;
	for (;;) {
		buf_grow(b, 65536);
		r = zin_read(z, b->p + b->len, b->cap - b->len - 1);
		if (r < 0) {
			warnx("%s: %s", path, zin_error(z));
			zin_close(z);
			return -2;
		}
		if (r == 0)
			break;
		b->len += (size_t)r;
		b->p[b->len] = '\0';
	}
	zin_close(z);
	return 0;
}

int
read_maildir(struct ctx *c, const char *path, const char *archive)
{
	static const char *const subs[] = { "cur", "new" };
	struct buf file = BUF_INIT, data = BUF_INIT, where = BUF_INIT;
	struct mailpos pos;
	uint64_t idx = 0;       /* files met, in the order read */
	int rc = 0;

	memset(&pos, 0, sizeof pos);
	pos.input = path;
	pos.archive = archive;
	for (int s = 0; s < 2; s++) {
		size_t n;
		char **names;

		buf_reset(&file);
		buf_addf(&file, "%s/%s", path, subs[s]);
		names = list_dir(file.p, &n);
		for (size_t i = 0; i < n; i++) {
			int r;

			/* --offset and --end count files here: cur/, then new/. */
			if (idx++ < c->o.offset || (c->o.have_end && idx > c->o.end))
				continue;
			buf_reset(&file);
			buf_addf(&file, "%s/%s/%s", path, subs[s], names[i]);
			buf_reset(&where);
			buf_addf(&where, "%s/%s", subs[s], names[i]);
			pos.where = where.p;
			r = slurp(file.p, &data);
			/*
			 * A file of a maildir is one mail: one that cannot be
			 * read is skipped, one cut short (a compressed mail
			 * file) is written flagged; the rest of the folder is
			 * good (exit status 1, not 2).
			 */
			if (r == -1) {
				c->nmails++;
				warnx("%s:", file.p);
				skip_mail(c, &pos, "unreadable");
				continue;
			}
			pos.truncated = r == -2;
			if (r == -2)
				c->ndamaged++;
			mail_process(c, data.p ? data.p : "", data.len, &pos);
		}
		free_list(names, n);
	}
	if (idx < c->o.offset || (c->o.have_end && idx < c->o.end)) {
		warnx("%s: --%s %llu is past the end (%llu files)", path,
		    idx < c->o.offset ? "offset" : "end", (unsigned long long)(idx < c->o.offset ?
		    c->o.offset : c->o.end), (unsigned long long)idx);
		rc = -1;
	}
	buf_free(&file);
	buf_free(&data);
	buf_free(&where);
	return rc;
}
