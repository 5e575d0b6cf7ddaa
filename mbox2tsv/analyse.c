/*
 * analyse.c - a message analysed: its author and subject, its text
 * split into message, annotation and diff as git am splits it, whether
 * it carries a patch, and the patches of the mails attached to it.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "body.h"
#include "mbox2tsv.h"
#include "own.h"
#include "subject.h"
#include "text.h"

void
analysis_init(struct analysis *a)
{
	memset(a, 0, sizeof *a);
}

void
analysis_free(struct analysis *a)
{
	struct buf *const bufs[] = {
		&a->from_name, &a->from_addr, &a->sender_name, &a->sender_addr, &a->subject,
		&a->text, &a->extra_diff, &a->own.said, &a->own.hashes, &a->own.parts,
	};

	for (size_t k = 0; k < sizeof bufs / sizeof bufs[0]; k++)
		buf_free(bufs[k]);
	body_free(&a->body);
}

/* Does a header (In-Reply-To, References) hold an id, as msgids() reads it for the row? */
static int
names_id(const char *raw)
{
	const char *p = raw, *q;

	while (p && (p = strchr(p, '<')) && (q = strchr(p + 1, '>'))) {
		for (p++; p < q; p++)
			if (*p != '<' && !isspace((unsigned char)*p))
				return 1;
		p = q + 1;
	}
	return 0;
}

/*
 * Is the mail a reply in its thread: does it name a parent (parent, of
 * names_id) and does its own subject (not an attached mail's, nor an
 * in-body Subject) say "Re:"?  A patch of a series names its cover
 * letter as its parent but answers nothing.  *reply: -1 until known;
 * only a mail that carries another's patch needs to know.
 */
static int
is_reply(int *reply, int parent, const struct buf *subject)
{
	struct subject_info si;

	if (*reply < 0) {
		*reply = 0;
		if (parent) {
			subject_parse(subject->p ? subject->p : "", subject->len, &si);
			*reply = (si.tags & SUBJ_REPLY) != 0;
		}
	}
	return *reply;
}

/* Hand b's contents to the caller, b left empty. */
static struct buf
take(struct buf *b)
{
	struct buf t = *b;

	memset(b, 0, sizeof *b);
	return t;
}

/*
 * The author became another's (name, addr): the one who sent the mail,
 * the author until now, is its sender, unless he is that author or a
 * sender is known already (the outermost mail's).  name and addr are
 * taken.
 */
static void
set_sender(struct analysis *a, struct buf *name, struct buf *addr)
{
	const char *was = addr->p ? addr->p : "", *now = a->from_addr.p ? a->from_addr.p : "";

	if (a->sender_addr.len || !*was || !strcasecmp(was, now)) {
		buf_free(name);
		buf_free(addr);
		return;
	}
	buf_free(&a->sender_name);
	buf_free(&a->sender_addr);
	a->sender_name = *name;
	a->sender_addr = *addr;
	memset(name, 0, sizeof *name);
	memset(addr, 0, sizeof *addr);
}

/*
 * What the sender wrote above any diff (own.c), unless a robot wrote it
 * (its long reports need not be read).  Of a patch, the notes below
 * "---" for withdraw: its commit message speaks of code ("the old API
 * is superseded by ..."), not of postings; the message and the notes
 * for nosub.  Of any other mail, all of it, for every flag and said.
 */
static void
own_text(struct analysis *a)
{
	const char *t = a->text.p ? a->text.p : "";

	if (!a->patch) {
		own_read(t, a->body.msg_start, a->body.diff_start, SAYS_ALL | OWN_SAID, &a->own);
	} else {
		own_read(t, a->body.ann_start, a->body.diff_start, SAYS_WITHDRAW | SAYS_NOSUB,
		    &a->own);
		if (!(a->own.says & SAYS_NOSUB)) {
			struct own msg;

			memset(&msg, 0, sizeof msg);
			own_read(t, a->body.msg_start, a->body.msg_end, SAYS_NOSUB, &msg);
			a->own.says |= msg.says;
			buf_free(&msg.said);
			buf_free(&msg.hashes);
			buf_free(&msg.parts);
		}
	}
	/* Kept in the flags, so that an attached patch taking this analysis's place keeps it. */
	if (a->own.says & SAYS_WITHDRAW)
		a->flags |= FL(F_WITHDRAW);
}

int
analysis_debug_prints(const struct analysis *a)
{
	const char *t = a->text.p ? a->text.p : "";

	if (!a->patch || !body_debug_prints(t + a->body.diff_start,
	    a->text.len - a->body.diff_start) ||
	    (a->extra_diff.len && !body_debug_prints(a->extra_diff.p, a->extra_diff.len)))
		return 0;
	/* A submission is signed off; a bug report's debug prints are not. */
	return !find_ci(t + a->body.msg_start, a->body.msg_end - a->body.msg_start,
	    "signed-off-by:");
}

static int
looks_like_pull(const char *s, size_t n)
{
	if (n > 16384)
		n = 16384;
	return find_ci(s, n, "are available in the git repository at") != NULL;
}

/* Split the text of a message and decide whether it carries a patch. */
void
analyse(struct ctx *c, GMimeObject *m, struct analysis *a, int depth)
{
	struct units us = { NULL, 0, 0 };
	struct hdrs h;
	size_t i;
	int plain = 0, bot, parent, reply = -1;

	collect_headers(m, &h);
	author(c, &h, a);
	bot = depth == 0 && is_bot(c, a, h.autosub);
	decode_header(&a->subject, h.subject, &a->flags);
	parent = names_id(h.irt) || names_id(h.refs);
	if (h.subject) {
		size_t n = strlen(h.subject);
		const char *s = trim(h.subject, &n);

		if (memchr(s, '\n', n))
			a->flags |= FL(F_FOLDED);
	}
	hdrs_free(&h);

	walk(c, GMIME_IS_MESSAGE(m) ? g_mime_message_get_mime_part(GMIME_MESSAGE(m)) : m,
	    &us, &a->flags, depth);
	for (i = 0; i < us.n; i++)
		if (!us.u[i].msg && !us.u[i].html)
			plain = 1;
	/* The body text: every text part in order, HTML only if nothing else. */
	for (i = 0; i < us.n; i++) {
		struct unit *u = &us.u[i];

		if (u->msg || (u->html && plain))
			continue;
		if (u->html)
			a->flags |= FL(F_HTML);
		if (a->text.len && a->text.p[a->text.len - 1] != '\n')
			buf_addc(&a->text, '\n');
		buf_add(&a->text, u->text.p ? u->text.p : "", u->text.len);
	}
	body_split(a->text.p ? a->text.p : "", a->text.len, &a->body);
	a->patch = a->body.hunks > 0;
	if (!bot)
		own_text(a);
	/* request-pull text comes before any diff it carries. */
	a->pull = looks_like_pull(a->text.p ? a->text.p : "", a->body.diff_start);

	/*
	 * Attached mails: the first that carries a patch wins if we have
	 * none; its author too, as git am takes it, but for a reply, which is
	 * its sender's answer in the thread whoever wrote the patch.
	 */
	for (i = 0; i < us.n && depth < MAX_DEPTH; i++) {
		struct analysis in;

		if (!us.u[i].msg)
			continue;
		analysis_init(&in);
		analyse(c, us.u[i].msg, &in, depth + 1);
		if (in.patch && !a->patch) {
			unsigned keep = a->flags, says = a->own.says;
			int mine = is_reply(&reply, parent, &a->subject);
			struct buf name = take(&a->from_name), addr = take(&a->from_addr);

			analysis_free(a);
			*a = in;
			if (mine) {
				buf_free(&a->from_name);
				buf_free(&a->from_addr);
				buf_free(&a->sender_name);
				buf_free(&a->sender_addr);
				a->from_name = name;
				a->from_addr = addr;
			} else {
				/* The attached mail's sender, if it had one, is the outer mail's. */
				buf_free(&a->sender_name);
				buf_free(&a->sender_addr);
				set_sender(a, &name, &addr);
			}
			a->flags |= keep | FL(F_ATTACHED);
			a->own.says |= says & SAYS_NOSUB;
			continue;
		}
		if (in.patch && a->patch) {
			/* Further patches in one mail: their diffs follow. */
			buf_add(&a->extra_diff, in.text.p + in.body.diff_start,
			    in.text.len - in.body.diff_start);
			buf_add(&a->extra_diff, in.extra_diff.p ? in.extra_diff.p : "",
			    in.extra_diff.len);
		}
		analysis_free(&in);
	}
	units_free(&us);

	/*
	 * git am: in-body From and Subject count only when a patch follows;
	 * the From names the author but of a reply (the flag says it was there).
	 */
	if (a->body.patch_lines && a->body.has_from) {
		struct buf nm = BUF_INIT, ad = BUF_INIT;
		struct buf v = BUF_INIT;

		decode_header(&v, a->body.from.p, &a->flags);
		squeeze(&v);
		if (parse_from(v.p ? v.p : "", &nm, &ad)) {
			if (!is_reply(&reply, parent, &a->subject)) {
				struct buf was = take(&a->from_name), wasaddr = take(&a->from_addr);

				lower(ad.p, ad.len);
				buf_add(&a->from_name, nm.p, nm.len);
				buf_add(&a->from_addr, ad.p, ad.len);
				set_sender(a, &was, &wasaddr);
			}
			a->flags |= FL(F_INBODY_FROM);
		}
		buf_free(&nm);
		buf_free(&ad);
		buf_free(&v);
	}
	if (a->body.patch_lines && a->body.has_subject) {
		decode_header(&a->subject, a->body.subject.p, &a->flags);
		a->flags |= FL(F_INBODY_SUBJECT);
	}
}
