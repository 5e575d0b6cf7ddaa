/*
 * test-via - unit tests of common/: the via column's kinds (via.h),
 * names to bits and back; printed as TAP for prove (run by
 * tests/10-common.t; helpers in tap.h).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "tap.h"
#include "via.h"

static void
test_names(void)
{
	static const struct { const char *name; int bit; } kinds[] = {
		{ "files", VIA_FILES }, { "hash", VIA_HASH }, { "upstream", VIA_UPSTREAM },
		{ "link", VIA_LINK }, { "date", VIA_DATE }, { "version", VIA_VERSION },
		{ "title", VIA_TITLE }, { "repost", VIA_REPOST }, { "retitle", VIA_RETITLE },
		{ "credit", VIA_CREDIT }, { "contained", VIA_CONTAINED },
	};
	size_t i;

	is_long(NELEM(kinds), VIA_KINDS, "every kind is listed here");
	for (i = 0; i < NELEM(kinds); i++) {
		is_str(via_names[i], kinds[i].name, "bit %zu is named %s", i, kinds[i].name);
		is_long(via_bits(kinds[i].name, strlen(kinds[i].name)), kinds[i].bit,
		    "via_bits(\"%s\")", kinds[i].name);
	}
}

static void
test_lists(void)
{
	static const struct { const char *s; int bits; const char *back; } cases[] = {
		{ "", 0, "" },
		{ "hash,files", VIA_HASH | VIA_FILES, "files,hash" },
		{ "files,files", VIA_FILES, "files" },
		{ "link,nosuch,credit", VIA_LINK | VIA_CREDIT, "link,credit" },
		{ "title,retitle", VIA_TITLE | VIA_RETITLE, "title,retitle" },
		{ "tit", 0, "" },
		{ "titles", 0, "" },
		{ "Hash", 0, "" },
		{ ",,date,", VIA_DATE, "date" },
		{ "files,hash,upstream,link,date,version,title,repost,retitle,credit,contained",
		  (1 << VIA_KINDS) - 1,
		  "files,hash,upstream,link,date,version,title,repost,retitle,credit,contained" },
		{ "contained,files", VIA_FILES | VIA_CONTAINED, "files,contained" },
	};
	struct buf b = BUF_INIT;
	size_t i;

	for (i = 0; i < NELEM(cases); i++) {
		int bits = via_bits(cases[i].s, strlen(cases[i].s));

		is_long(bits, cases[i].bits, "via_bits(\"%s\")", cases[i].s);
		buf_reset(&b);
		buf_addstr(&b, "x:");
		via_add(&b, bits);
		is_mem(b.p, b.len < 2 ? b.len : 2, "x:", 2, "via_add appends (\"%s\"): the prefix kept", cases[i].s);
		is_mem(b.p + 2, b.len - 2, cases[i].back, strlen(cases[i].back),
		    "via_add: \"%s\" written back in bit order", cases[i].s);
	}
	/* Only the first n bytes count: the rest of the field is not read. */
	is_long(via_bits("hash,files", 4), VIA_HASH, "via_bits reads n bytes, no more");
	is_long(via_bits("files\tx", 5), VIA_FILES, "... a field inside a row");
	buf_free(&b);
}

int
main(void)
{
	tap_init("test-via");
	test_names();
	test_lists();
	return tap_done();
}
