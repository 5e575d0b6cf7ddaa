/*
 * withdraw.h - the withdraw flag of mbox2tsv: the sender of a mail says
 * that a patch is withdrawn or superseded.
 */
#ifndef MBOX2TSV_WITHDRAW_H
#define MBOX2TSV_WITHDRAW_H

#include <stddef.h>

/*
 * Does the sender's own text in text[start..end) say that a patch is
 * withdrawn or superseded ("please ignore this patch", "self-NAK",
 * "will send v2")?  Quoted lines, attribution lines and everything from
 * the signature on are not the sender's; only the first few KB count.
 */
int withdraw_said(const char *text, size_t start, size_t end);

#endif
