/*
 * test-subject - unit tests of common/: patch subjects (subject.h),
 * printed as TAP for prove (run by tests/10-common.t; helpers in tap.h).
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "diff.h"
#include "hash.h"
#include "hunks.h"
#include "opool.h"
#include "subject.h"
#include "text.h"
#include "tsv.h"
#include "util.h"
#include "zio.h"

#include "tap.h"

/* subject */

/* subject_parse: a subject's version, part, total and tags. */
static void
test_subject_parse(void)
{
	enum {
		P = SUBJ_PATCH, RFC = SUBJ_RFC, RES = SUBJ_RESEND, ST = SUBJ_STABLE,
		NX = SUBJ_NEXT, PU = SUBJ_PULL, RE = SUBJ_REPLY, FW = SUBJ_FWD, BR = SUBJ_BRACKET
	};
	static const struct {
		const char *s;
		int version, part, total;
		unsigned tags, ignore;
	} cases[] = {
		{ "[PATCH v2 3/7] foo", 2, 3, 7, P | BR, 0 },
		/* net-next is a subsystem tree; the header promises next, -next, linux-next. */
		{ "[RFC PATCH net-next v3 00/12] x", 3, 0, 12, RFC | P | BR, NX },
		{ "Re: [PATCH] x", -1, -1, -1, RE | P | BR, 0 },
		{ "[PATCHv4 1/2] y", 4, 1, 2, P | BR, 0 },
		{ "[PATCH 5.4 012/123] z", -1, 12, 123, P | ST | BR, 0 },
		{ "[PATCH -next] a", -1, -1, -1, P | NX | BR, 0 },
		{ "[GIT PULL] b", -1, -1, -1, PU | BR, 0 },
		{ "[siemens/jailhouse] 29796b: ci: x", -1, -1, -1, BR, 0 },
		{ "Bluetooth: rfcomm: fix", -1, -1, -1, 0, 0 },
		{ "AW: [PATCH RESEND] x", -1, -1, -1, RE | P | RES | BR, 0 },
		{ "Fwd: [PATCH 1/2] x", -1, 1, 2, FW | P | BR, 0 },
		{ "Fw: x", -1, -1, -1, FW, 0 },
		{ "Re[2]: [PATCH] x", -1, -1, -1, RE | P | BR, 0 },
		{ "RE: AW: Sv: [PATCH] x", -1, -1, -1, RE | P | BR, 0 },
		{ "Re: Re: [PATCH v3 2/4] x", 3, 2, 4, RE | P | BR, 0 },
		{ "[RFC/PATCH v2] x", 2, -1, -1, RFC | P | BR, 0 },
		{ "[PATCH RFC v2 1/3] x", 2, 1, 3, RFC | P | BR, 0 },
		{ "[PATCH AUTOSEL 4.19 01/10] x", -1, 1, 10, P | ST | BR, 0 },
		{ "[PATCH stable 4.14] x", -1, -1, -1, P | ST | BR, 0 },
		{ "[PATCH 4.19] x", -1, -1, -1, P | BR, 0 },
		{ "[PATCH linux-next] x", -1, -1, -1, P | NX | BR, 0 },
		{ "[PATCH next 1/1] x", -1, 1, 1, P | NX | BR, 0 },
		{ "[PATCH v2.1] x", 2, -1, -1, P | BR, 0 },
		{ "[PATCH V3 0/5] x", 3, 0, 5, P | BR, 0 },
		{ "[patch v2] lower case", 2, -1, -1, P | BR, 0 },
		{ "[PATCH, v2] comma", 2, -1, -1, P | BR, 0 },
		{ "[PATCH] [RFC] x", -1, -1, -1, P | RFC | BR, 0 },
		{ "[PATCH net 1/3] x", -1, 1, 3, P | BR, 0 },
		{ "[PULL REQUEST] x", -1, -1, -1, PU | BR, 0 },
		{ "[PATCH v2 3/7", -1, -1, -1, 0, 0 },
		{ "Sv: [RFC] x", -1, -1, -1, RE | RFC | BR, 0 },
		{ "Subject: no tags", -1, -1, -1, 0, 0 },
		{ "rfc: not a tag", -1, -1, -1, 0, 0 },
		{ "[PATCH 16/17] RFC: allow x", -1, 16, 17, P | RFC | BR, 0 },
		{ "[PATCH] RFCOMM: not one", -1, -1, -1, P | BR, 0 },
		{ "[PATCH] Bluetooth: rfcomm: x", -1, -1, -1, P | BR, 0 },
		{ "fix [PATCH v2 1/2] later", -1, -1, -1, 0, 0 },
		/* The ways lists write an RFC: every one is an RFC patch. */
		{ "[RFC-PATCH] x", -1, -1, -1, RFC | P | BR, 0 },
		{ "[PATCH RFC] x", -1, -1, -1, RFC | P | BR, 0 },
		{ "[RFC PATCH] x", -1, -1, -1, RFC | P | BR, 0 },
		{ "[RFC v2 PATCH] x", 2, -1, -1, RFC | P | BR, 0 },
		{ "[RFC PATCH v3 2/5] x", 3, 2, 5, RFC | P | BR, 0 },
		{ "[PATCH v2 RFC 1/3] x", 2, 1, 3, RFC | P | BR, 0 },
		{ "[PATCH/RFC] x", -1, -1, -1, RFC | P | BR, 0 },
		{ "[PATCH/RFC 2/4] x", -1, 2, 4, RFC | P | BR, 0 },
		{ "[RFCv2 PATCH] x", 2, -1, -1, RFC | P | BR, 0 },
		{ "[RFC_PATCH] x", -1, -1, -1, RFC | P | BR, 0 },
		{ "[PATCH RFCv2 2/3] x", 2, 2, 3, RFC | P | BR, 0 },
		{ "[PATCH RFC-v4 0/7] x", 4, 0, 7, RFC | P | BR, 0 },
		{ "[PATCH-RFC 1/2] x", -1, 1, 2, RFC | P | BR, 0 },
		{ "[rfc-patch v2] x", 2, -1, -1, RFC | P | BR, 0 },
		{ "[RFC-PATCH-v5 3/3] x", 5, 3, 3, RFC | P | BR, 0 },
		{ "[RESEND-PATCH RFC] x", -1, -1, -1, RES | RFC | P | BR, 0 },
		{ "[RFCv3] x", 3, -1, -1, RFC | BR, 0 },
		{ "Re: [RFCv2] x", 2, -1, -1, RE | RFC | BR, 0 },
		{ "[RFC,v2] x", 2, -1, -1, RFC | BR, 0 },
		{ "[PATCHv2 RFC] x", 2, -1, -1, P | RFC | BR, 0 },
		{ "[PATCH_v3 1/2] x", 3, 1, 2, P | BR, 0 },
		/* Words are matched as words: none of these is an RFC. */
		{ "[rfcomm] x", -1, -1, -1, BR, 0 },
		{ "[PATCH rfcomm] x", -1, -1, -1, P | BR, 0 },
		{ "[RFCOMM-v2] x", -1, -1, -1, BR, 0 },
		{ "[PATCH] rfc822: parse dates", -1, -1, -1, P | BR, 0 },
		{ "[PATCH] mac80211: handle an RFC 1042 header", -1, -1, -1, P | BR, 0 },
		{ "[PATCH] net: follow RFC 5322", -1, -1, -1, P | BR, 0 },
		{ "[PATCH v2] RFC 5322 dates", 2, -1, -1, P | BR, 0 },
		{ "Re: RFC 5322 parsing", -1, -1, -1, RE, 0 },
		{ "[PATCH for-next v2] x", 2, -1, -1, P | BR, 0 },
		{ "[PATCH net-next v2] x", 2, -1, -1, P | BR, 0 },
		{ "", -1, -1, -1, 0, 0 },
	};
	struct subject_info si;
	size_t i, n;
	char *s;

	for (i = 0; i < NELEM(cases); i++) {
		n = strlen(cases[i].s);
		s = exact(cases[i].s, n);
		si.version = si.part = si.total = 99;
		si.tags = 0xdead0000;
		subject_parse(s, n, &si);
		ok(si.version == cases[i].version && si.part == cases[i].part &&
		    si.total == cases[i].total && (si.tags & ~cases[i].ignore) == cases[i].tags,
		    "subject_parse %s", show(cases[i].s, n));
		if (si.version != cases[i].version || si.part != cases[i].part ||
		    si.total != cases[i].total || (si.tags & ~cases[i].ignore) != cases[i].tags)
			diag("  got v%d %d/%d tags %#x, expected v%d %d/%d tags %#x", si.version,
			    si.part, si.total, si.tags, cases[i].version, cases[i].part,
			    cases[i].total, cases[i].tags);
		free(s);
	}
}

/* subject_title: the title git am takes from a subject. */
static void
test_subject_title(void)
{
	static const struct {
		const char *in, *out;
	} titles[] = {
		/* Expected: the Subject "git mailinfo" (2.39) prints. */
		{ "Re: [PATCH] a  b", "a b" },
		{ "[a] [b] c", "c" },
		{ "Re:", "Re:" },
		{ "re:re: x", "x" },
		{ "RE:[PATCH]x", "x" },
		{ "Rex: y", "Rex: y" },
		{ "[PATCH v2 3/7] foo", "foo" },
		{ "Fwd: [PATCH] x", "Fwd: [PATCH] x" },
		{ "AW: [PATCH RESEND] x", "AW: [PATCH RESEND] x" },
		{ "[unclosed x", "[unclosed x" },
		{ "x [y] z", "x [y] z" },
		{ "[PATCH]", "" },
		{ ":: [x]  y z", "y z" },
		{ "[PATCH] Re: foo", "foo" },
		{ "a\tb", "a b" },
		{ "a\fb  \v c", "a\fb \v c" },
		{ "Re: Re: [PATCH 1/2] net: fix  the\tthing", "net: fix the thing" },
		{ "[PATCH][RFC] x", "x" },
		{ "[PATCH]Re:x", "x" },
		{ "  [a]b", "b" },
		{ "[PATCH] [x", "[x" },
		{ "Re: Re", "Re" },
		{ "Re:x", "x" },
		{ "[] x", "x" },
		{ "[[a]] b", "] b" },
		{ "R", "R" },
		{ "::", "" },
		{ "Re: :[PATCH v3]:  Re: x", "x" },
		{ "x  y\t\t", "x y" },
		{ "", "" },
	};
	struct buf out = BUF_INIT;
	size_t i, n;
	char *s;

	for (i = 0; i < NELEM(titles); i++) {
		n = strlen(titles[i].in);
		s = exact(titles[i].in, n);
		buf_reset(&out);
		buf_add(&out, "", 0);
		subject_title(&out, s, n);
		is_str(out.p, titles[i].out, "subject_title %s as git am", show(titles[i].in, n));
		free(s);
	}
	buf_reset(&out);
	buf_addstr(&out, "x: ");
	subject_title(&out, "[PATCH] y", 9);
	is_str(out.p, "x: y", "subject_title appends to what the buffer holds");
	buf_free(&out);
}

int
main(void)
{
	tap_init("test-subject");
	test_subject_parse();
	test_subject_title();
	return tap_done();
}
