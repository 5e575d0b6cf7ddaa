/*
 * cites.h - the mails a mail's own text names by archive links
 * (cites.c): mbox2tsv's cites column.
 */
#ifndef MBOX2TSV_CITES_H
#define MBOX2TSV_CITES_H

#include <stddef.h>

#include "buf.h"

/* At most this many Message-IDs a mail. */
#define CITES_MAX 16

/*
 * The Message-IDs that links to mail archives (lore.kernel.org,
 * lkml.kernel.org, msgid.link, public-inbox hosts) in s[0..n) name,
 * quoted lines ("> ...") passed over, appended to out space-separated,
 * each once.
 */
void cites_scan(const char *s, size_t n, struct buf *out);

#endif
