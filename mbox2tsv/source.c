/*
 * source.c - which reader an input gets (an mbox, a maildir, a
 * public-inbox archive or epoch), the archive's name, and the ids of
 * the tables given with --known.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "mbox2tsv.h"
#include "tables.h"
#include "tsv.h"
#include "util.h"

static int
is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The archive's name: the last path component without its suffixes. */
static char *
archive_name(const char *path)
{
	static const char *const sufs[] = { ".gz", ".xz", ".mbox", ".mboxrd", ".git", ".eml", NULL };
	struct buf b = BUF_INIT;
	const char *p;
	size_t n;
	int again = 1;

	if (!strcmp(path, "-"))
		return xstrdup("");
	n = strlen(path);
	while (n > 1 && path[n - 1] == '/')
		n--;
	p = path + n;
	while (p > path && p[-1] != '/')
		p--;
	buf_add(&b, p, (size_t)(path + n - p));
	while (again) {
		again = 0;
		for (const char *const *s = sufs; *s; s++) {
			size_t k = strlen(*s);

			if (b.len > k && !strcasecmp(b.p + b.len - k, *s)) {
				buf_truncate(&b, b.len - k);
				again = 1;
			}
		}
	}
	/* public-inbox epoch "0.git" inside ".../NAME/git/": NAME. */
	if (b.len && isdigit((unsigned char)b.p[0]) && strspn(b.p, "0123456789") == b.len) {
		const char *q = p - 1;

		if (q > path + 4 && !strncmp(q - 4, "/git", 4)) {
			const char *e = q - 4, *s = e;

			while (s > path && s[-1] != '/')
				s--;
			buf_reset(&b);
			buf_add(&b, s, (size_t)(e - s));
		}
	}
	return buf_detach(&b, NULL);
}

/*
 * --known: the ids of a table read before (an earlier segment of the
 * same archive) count as met, so a mail repeating one is flagged dupid
 * as it would be in one reading of the whole.
 */
int
read_known(struct ctx *c, const char *table)
{
	struct tsv_reader r;
	int col, k, rc = 0;

	if (tsv_open(&r, table) < 0)
		return -1;
	col = table_col(&r, TABLE_MAILS, COL_ID);
	if (col < 0) {
		warnx("%s: no column 'id' (a mail table is needed)", table);
		tsv_close(&r);
		return -1;
	}
	while ((k = tsv_next(&r)) > 0)
		set64_add(&c->ids, hash_bytes(r.f[col].s, r.f[col].len));
	if (k < 0)
		rc = -1;
	tsv_close(&r);
	return rc;
}

int
read_path(struct ctx *c, const char *path)
{
	enum { MBOX, MAILDIR, INBOX, EPOCH } kind = MBOX;
	struct buf sub = BUF_INIT;
	char *archive = archive_name(path);
	int rc;

	if (strcmp(path, "-") != 0 && is_dir(path)) {
		kind = EPOCH;
		buf_addf(&sub, "%s/cur", path);
		if (is_dir(sub.p))
			kind = MAILDIR;
		buf_reset(&sub);
		buf_addf(&sub, "%s/new", path);
		if (kind == EPOCH && is_dir(sub.p))
			kind = MAILDIR;
		buf_reset(&sub);
		buf_addf(&sub, "%s/git", path);
		if (kind == EPOCH && is_dir(sub.p))
			kind = INBOX;
	}
	/* Where to start and stop: commits of an epoch, bytes of an mbox. */
	if ((c->o.after || c->o.upto) && kind != INBOX && kind != EPOCH) {
		warnx("%s: --after and --upto are for a public-inbox archive", path);
		rc = -1;
		goto done;
	}
	if ((c->o.offset || c->o.have_end) && kind != MBOX && kind != MAILDIR) {
		warnx("%s: --offset and --end are for an mbox or a maildir", path);
		rc = -1;
		goto done;
	}
	switch (kind) {
	case MAILDIR:
		rc = read_maildir(c, path, archive);
		break;
	case INBOX:
		rc = read_inbox(c, path, archive);
		break;
	case EPOCH:
		rc = read_epoch(c, path, archive);
		break;
	default:
		rc = c->split ? read_mbox_split(c, path, archive) : read_mbox(c, path, archive);
		break;
	}
	if (rc == 0 && c->o.after && !c->after_seen) {
		warnx("%s: --after %s: no such commit in it", path, c->o.after);
		rc = -1;
	}
	if (rc == 0 && c->o.upto && !c->upto_seen) {
		warnx("%s: --upto %s: no such commit in it", path, c->o.upto);
		rc = -1;
	}
done:
	free(archive);
	buf_free(&sub);
	return rc;
}
