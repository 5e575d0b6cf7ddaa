/*
 * emit.c - rows written in input order, their flags completed (dupid is
 * known only then), or, in a worker process of a split reading, written
 * as records for the first process to replay; and the message naming a
 * skipped mail.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <string.h>

#include "mbox2tsv.h"
#include "util.h"
#include "vocab.h"

void
pos_format(struct buf *b, const struct mailpos *pos)
{
	if (pos->where)
		buf_addf(b, "%s:%s", pos->input, pos->where);
	else
		buf_addf(b, "%s:%llu", pos->input, (unsigned long long)pos->offset);
}

void
skip_mail(struct ctx *c, const struct mailpos *pos, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;
	char msg[256];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	pos_format(&b, pos);
	warnx("%s: mail skipped: %s", b.p, msg);
	buf_free(&b);
	c->nskipped++;
}

/*
 * A split reader's worker (processes.c) writes each row as a record, for
 * the first process to write in order (mail_replay): its id's hash, its
 * flags but dupid, where they go, and the row without them.
 */
struct record {
	uint64_t idhash;        /* the last record: mails met */
	uint64_t len;           /* the last record: RECORD_END */
	uint64_t flags_at;      /* the last record: mails skipped */
	uint32_t flags;         /* the last record: mails written damaged */
	uint32_t rc;            /* the last record: read_mbox()'s return + 1 */
};

void
mail_record(struct ctx *c, const struct buf *row, size_t flags_at, unsigned flags,
    uint64_t idhash)
{
	struct record h;

	memset(&h, 0, sizeof h);
	h.idhash = idhash;
	h.len = row->len;
	h.flags_at = flags_at;
	h.flags = flags;
	if (fwrite(&h, sizeof h, 1, c->record) != 1 ||
	    (row->len && fwrite(row->p, 1, row->len, c->record) != row->len))
		die("error writing a worker's rows:");
	c->nrows++;
}

/* The last record: the worker's counts and how its reading ended. */
#define RECORD_END UINT64_MAX

void
mail_record_end(struct ctx *c, int rc)
{
	struct record h;

	memset(&h, 0, sizeof h);
	h.len = RECORD_END;
	h.idhash = c->nmails;
	h.flags_at = c->nskipped;
	h.flags = (uint32_t)c->ndamaged;
	h.rc = (uint32_t)(rc + 1);
	if (fwrite(&h, sizeof h, 1, c->record) != 1 || fflush(c->record) != 0)
		die("error writing a worker's rows:");
}

int
mail_replay(struct ctx *c, FILE *rec, int *rc)
{
	struct record h;
	struct buf row = BUF_INIT;
	int ok = -1;

	while (fread(&h, sizeof h, 1, rec) == 1) {
		if (h.len == RECORD_END) {
			c->nmails += (unsigned long)h.idhash;
			c->nskipped += (unsigned long)h.flags_at;
			c->ndamaged += h.flags;
			*rc = (int)h.rc - 1;
			ok = 0;
			break;
		}
		if (h.flags_at > h.len || h.len > ((uint64_t)1 << 40))
			break;
		buf_reset(&row);
		buf_grow(&row, (size_t)h.len + 1);
		if (h.len && fread(row.p, 1, (size_t)h.len, rec) != h.len)
			break;
		row.len = (size_t)h.len;
		mail_emit(c, &row, (size_t)h.flags_at, h.flags, h.idhash);
	}
	buf_free(&row);
	return ok;
}

/* Write a row mail_make made, in input order: its flags, dupid now known. */
void
mail_emit(struct ctx *c, const struct buf *row, size_t flags_at, unsigned flags,
    uint64_t idhash)
{
	int any = 0;

	if (c->record) {
		mail_record(c, row, flags_at, flags, idhash);
		return;
	}

	if (!set64_add(&c->ids, idhash))
		flags |= FL(F_DUPID);
	if (fwrite(row->p, 1, flags_at, c->out) != flags_at)
		die("error writing output:");
	for (int i = 0; i < F_COUNT; i++) {
		if (!(flags & FL(i)))
			continue;
		if (any++)
			putc(',', c->out);
		fputs(mail_flag_names[i], c->out);
	}
	if (fwrite(row->p + flags_at, 1, row->len - flags_at, c->out) != row->len - flags_at ||
	    putc('\n', c->out) == EOF)
		die("error writing output:");
	c->nrows++;
}
