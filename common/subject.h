/*
 * subject.h - what a mail subject says about the patch it carries.
 *
 * subject_parse() reads the leading "Re:"/"Fwd:" markers and bracket
 * groups ("[RFC PATCH net-next v3 02/12]") and records the version,
 * part and total and the process tags.  subject_title() strips that
 * prefix the way git am does (leading "Re:", ':' and whitespace and
 * every leading [...] group) and collapses whitespace runs.
 */
#ifndef PT_SUBJECT_H
#define PT_SUBJECT_H

#include <stddef.h>

#include "buf.h"

enum {
	SUBJ_PATCH  = 1 << 0,   /* PATCH (or PATCHv2 ...) in a bracket */
	SUBJ_RFC    = 1 << 1,   /* RFC, RFCv2, RFC-PATCH ...; a title starting "RFC:" */
	SUBJ_RESEND = 1 << 2,
	SUBJ_STABLE = 1 << 3,   /* stable, AUTOSEL, or "PATCH 5.4 01/10" */
	SUBJ_NEXT   = 1 << 4,   /* next, -next, linux-next */
	SUBJ_PULL   = 1 << 5,   /* PULL, GIT PULL */
	SUBJ_REPLY  = 1 << 6,   /* Re:, Aw:, Sv: ... before the tags */
	SUBJ_FWD    = 1 << 7,   /* Fwd:, Fw: */
	SUBJ_BRACKET = 1 << 8,  /* any bracket group at the start */
	SUBJ_NOSUB  = 1 << 9    /* not meant to be merged: WIP, DNM, DO NOT MERGE, TEST PATCH ... */
};

struct subject_info {
	int version;   /* -1 when not given */
	int part;      /* -1 when not given */
	int total;     /* -1 when not given */
	unsigned tags;
	size_t head;   /* the length of the leading markers ("Re:", "AW:", "Fwd:"),
	                  bracket groups and blanks: where the title starts */
};

void subject_parse(const char *s, size_t n, struct subject_info *si);
void subject_title(struct buf *out, const char *s, size_t n);

#endif
