/*
 * mailthread.h - the one definition of a mail's thread, from the
 * references and in_reply_to columns of a mail table
 * (patchtrack-tsv(5)).
 *
 * A mail is linked to every id of its References (blank-separated,
 * first to last, empty ones passed over), then to the first id of its
 * In-Reply-To (none when the field starts with a blank).  The first of those links names the mail's thread: the
 * first reference, else the In-Reply-To, else, linked to nothing, the
 * mail starts a thread of its own and its own id names it.  patchtok's
 * thread column is that name; ptreport joins a mail with all its links,
 * so mails that name different threads still meet when one links to
 * the other.
 *
 * Nothing is copied: the ids point into the caller's fields, which must
 * outlive the walk.
 */
#ifndef PT_MAILTHREAD_H
#define PT_MAILTHREAD_H

#include <stddef.h>

enum { THREAD_REF = 1, THREAD_IRT = 2 };

struct thread_links {
	const char *p, *end;    /* what is left of References */
	const char *irt;        /* In-Reply-To, NULL once given */
	size_t nirt;
};

void thread_links_init(struct thread_links *t, const char *refs, size_t nrefs,
    const char *irt, size_t nirt);
/*
 * The next link into *id and *n: THREAD_REF for a reference, THREAD_IRT
 * for the In-Reply-To, 0 when none is left.
 */
int thread_link_next(struct thread_links *t, const char **id, size_t *n);
/*
 * The id naming the thread of the mail id[0..nid): its first link, else
 * id itself; its length in *n.
 */
const char *thread_name(const char *refs, size_t nrefs, const char *irt, size_t nirt,
    const char *id, size_t nid, size_t *n);

#endif
