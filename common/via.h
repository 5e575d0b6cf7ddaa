/*
 * via.h - how patchsim found a pair, its via column: a comma-separated
 * list of kinds, as bits here.  patchsim writes it, ptcluster reads it
 * and takes the same names in -a.
 */
#ifndef PT_VIA_H
#define PT_VIA_H

#include <stddef.h>

#include "buf.h"

enum {
	VIA_FILES = 1,          /* a file both patches change */
	VIA_HASH = 2,           /* the same content hash */
	VIA_UPSTREAM = 4,       /* a commit named as the other's upstream */
	VIA_LINK = 8,           /* a mail named by the commit's Link: */
	VIA_DATE = 16,          /* one author, same title, dates close */
	VIA_VERSION = 32,       /* versions of one series */
	VIA_TITLE = 64,         /* one author, same title */
	VIA_REPOST = 128,       /* two mails of one author under one title of words enough */
	VIA_RETITLE = 256,      /* two mails of one author, their titles' summaries alike */
	VIA_CREDIT = 512,       /* a commit whose trailers credit the mail's author */
	VIA_CONTAINED = 1024,   /* one person's mail and commit, the smaller's added words in the other */
};
/* The kinds, bit b named via_names[b]. */
#define VIA_KINDS 11

/* Kinds that name the very same change: they join two commits (ptcluster). */
#define VIA_SAME (VIA_HASH | VIA_UPSTREAM | VIA_LINK)

/*
 * Bits past the named kinds, never written: patchsim's evidence that
 * holds once the messages turn out alike, then written as version or
 * title.
 */
enum {
	VIA_THREAD = 2048,      /* one in the other's thread: a version at THREAD_MSG */
	VIA_SAMEMSG = 4096,     /* one person: version or title at SAME_MSG */
	VIA_PERSON = 8192,      /* a candidate by its person alone: kept if contained */
};

extern const char *const via_names[VIA_KINDS];

/* The bits of a comma-separated list of names; unknown names count nothing. */
int via_bits(const char *s, size_t n);
/* Append the names of bits, comma-separated, in bit order. */
void via_add(struct buf *b, int bits);

#endif
