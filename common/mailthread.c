/*
 * mailthread.c - a mail's links and the id naming its thread
 * (mailthread.h).
 */
#include <string.h>

#include "mailthread.h"

void
thread_links_init(struct thread_links *t, const char *refs, size_t nrefs,
    const char *irt, size_t nirt)
{
	t->p = refs;
	t->end = refs ? refs + nrefs : refs;
	t->irt = nirt ? irt : NULL;
	t->nirt = nirt;
}

int
thread_link_next(struct thread_links *t, const char **id, size_t *n)
{
	while (t->p < t->end) {
		const char *sp = memchr(t->p, ' ', (size_t)(t->end - t->p));
		const char *e = sp ? sp : t->end;

		*id = t->p;
		*n = (size_t)(e - t->p);
		t->p = sp ? sp + 1 : t->end;
		if (*n)
			return THREAD_REF;
	}
	if (t->irt) {
		const char *sp = memchr(t->irt, ' ', t->nirt);

		*id = t->irt;
		*n = sp ? (size_t)(sp - t->irt) : t->nirt;
		t->irt = NULL;
		if (*n)
			return THREAD_IRT;
	}
	return 0;
}

const char *
thread_name(const char *refs, size_t nrefs, const char *irt, size_t nirt,
    const char *id, size_t nid, size_t *n)
{
	struct thread_links t;
	const char *s;

	thread_links_init(&t, refs, nrefs, irt, nirt);
	if (thread_link_next(&t, &s, n))
		return s;
	*n = nid;
	return id;
}
