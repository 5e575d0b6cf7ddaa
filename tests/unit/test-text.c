/*
 * test-text - unit tests of common/: UTF-8, dates and the other text helpers (text.h),
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

#include "addr.h"
#include "buf.h"
#include "day.h"
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

/* text: UTF-8 */

/*
 * Reference decoder (Unicode 3.9, Table 3-7): the length of the
 * well-formed sequence at s, or 0 and *sub the length of the maximal
 * subpart to replace with one U+FFFD (what Python, ICU and WHATWG do).
 */
static size_t
ref_seq(const unsigned char *s, size_t n, size_t *sub)
{
	unsigned c = s[0], lo = 0x80, hi = 0xbf;
	size_t want, k;

	*sub = 1;
	if (c == 0)
		return 0;
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		want = 2;
	} else if (c >= 0xe0 && c <= 0xef) {
		want = 3;
		lo = c == 0xe0 ? 0xa0 : 0x80;
		hi = c == 0xed ? 0x9f : 0xbf;
	} else if (c >= 0xf0 && c <= 0xf4) {
		want = 4;
		lo = c == 0xf0 ? 0x90 : 0x80;
		hi = c == 0xf4 ? 0x8f : 0xbf;
	} else {
		return 0;
	}
	for (k = 1; k < want; k++) {
		if (k >= n || s[k] < (k == 1 ? lo : 0x80) || s[k] > (k == 1 ? hi : 0xbf)) {
			*sub = k;
			return 0;
		}
	}
	return want;
}

static size_t
ref_prefix(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k, sub;

	while (i < n && (k = ref_seq(p + i, n - i, &sub)))
		i += k;
	return i;
}

static size_t
ref_repair(struct buf *out, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k, sub, fixes = 0;

	while (i < n) {
		k = ref_seq(p + i, n - i, &sub);
		if (k) {
			buf_add(out, p + i, k);
			i += k;
		} else {
			buf_add(out, "\xef\xbf\xbd", 3);
			fixes++;
			i += sub;
		}
	}
	return fixes;
}

static void
test_utf8(void)
{
	static const struct {
		const char *in;
		size_t n;
		const char *out;   /* '#' for U+FFFD */
		size_t fixes;
		const char *what;
	} cases[] = {
		{ "plain ascii", 11, "plain ascii", 0, "ASCII" },
		{ "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", 14, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", 0,
		  "2-, 3- and 4-byte sequences" },
		{ "\xef\xbf\xbd\xf4\x8f\xbf\xbf\xed\x9f\xbf\xee\x80\x80", 13,
		  "\xef\xbf\xbd\xf4\x8f\xbf\xbf\xed\x9f\xbf\xee\x80\x80", 0, "U+FFFD, U+10FFFF, U+D7FF, U+E000" },
		{ "a\0b", 3, "a#b", 1, "NUL" },
		{ "\0\0", 2, "##", 2, "two NULs" },
		{ "\xc0\x80", 2, "##", 2, "overlong NUL (C0 80)" },
		{ "\xc1\xbf", 2, "##", 2, "overlong 2-byte (C1 BF)" },
		{ "\xe0\x80\x80", 3, "###", 3, "overlong 3-byte (E0 80 80)" },
		{ "\xe0\x9f\xbf", 3, "###", 3, "overlong 3-byte (E0 9F BF)" },
		{ "\xf0\x80\x80\x80", 4, "####", 4, "overlong 4-byte (F0 80 80 80)" },
		{ "\xf0\x8f\xbf\xbf", 4, "####", 4, "overlong 4-byte (F0 8F BF BF)" },
		{ "\xed\xa0\x80", 3, "###", 3, "surrogate U+D800" },
		{ "\xed\xbf\xbf", 3, "###", 3, "surrogate U+DFFF" },
		{ "\xed\xa0\x80\xed\xb0\x80", 6, "######", 6, "surrogate pair (CESU-8)" },
		{ "\xf4\x90\x80\x80", 4, "####", 4, "U+110000" },
		{ "\xf5\x80\x80\x80", 4, "####", 4, "F5 lead" },
		{ "\xf8\x88\x80\x80\x80", 5, "#####", 5, "5-byte form" },
		{ "\xff\xfe", 2, "##", 2, "FF FE" },
		{ "\x80\xbf", 2, "##", 2, "lone continuation bytes" },
		{ "\xc2", 1, "#", 1, "truncated 2-byte at the end" },
		{ "\xe2\x82", 2, "#", 1, "truncated 3-byte at the end" },
		{ "\xe2\x82x", 3, "#x", 1, "truncated 3-byte before ASCII" },
		{ "\xf0\x9f\x98", 3, "#", 1, "truncated 4-byte at the end" },
		{ "\xf0\x9f\x98x", 4, "#x", 1, "truncated 4-byte before ASCII" },
		{ "\xc2\xc2\xa9", 3, "#\xc2\xa9", 1, "a lead byte before a valid sequence" },
		{ "\xe2\x82\xac\xe2", 4, "\xe2\x82\xac#", 1, "valid, then a lone lead byte" },
		{ "\xe0\x80x", 3, "##x", 2, "truncated overlong E0 80" },
		{ "\xed\xa0x", 3, "##x", 2, "truncated surrogate ED A0" },
		{ "\xf0\x80\x80", 3, "###", 3, "truncated overlong F0 80 80" },
		{ "\xf4\x90x", 3, "##x", 2, "truncated F4 90 (above U+10FFFF)" },
	};
	struct buf out = BUF_INIT, want = BUF_INIT;
	size_t i, k, n, fixes, pos, bad, badprefix, badrepair;
	char *s;

	bad = 0;
	for (i = 0; i < NELEM(cases); i++) {
		const char *o;

		buf_reset(&want);
		for (o = cases[i].out; *o; o++)
			if (*o == '#')
				buf_addstr(&want, "\xef\xbf\xbd");
			else
				buf_addc(&want, *o);
		s = exact(cases[i].in, cases[i].n);
		buf_reset(&out);
		buf_addstr(&out, "<");
		fixes = utf8_repair(&out, s, cases[i].n);
		ok(out.len == want.len + 1 && memcmp(out.p + 1, want.p, want.len) == 0 &&
		    fixes == cases[i].fixes,
		    "utf8_repair: %s -> %zu U+FFFD", cases[i].what, cases[i].fixes);
		if (fixes != cases[i].fixes || out.len != want.len + 1 ||
		    memcmp(out.p + 1, want.p, want.len) != 0)
			diag("  got %s with %zu replacements", show(out.p + 1, out.len - 1), fixes);
		pos = utf8_valid_prefix(s, cases[i].n);
		if (pos != ref_prefix(s, cases[i].n) && ++bad)
			diag("  utf8_valid_prefix: %s: %zu, expected %zu", cases[i].what, pos,
			    ref_prefix(s, cases[i].n));
		free(s);
	}
	ok(bad == 0, "utf8_valid_prefix stops where the reference decoder does, on all the above");
	ok(utf8_valid_prefix("", 0) == 0, "utf8_valid_prefix of nothing");
	ok(utf8_valid_prefix("\xe2\x82\xac" "abc", 6) == 6 && utf8_valid_prefix("ab\xe2\x82", 4) == 2 &&
	    utf8_valid_prefix("abc\0def", 7) == 3 && utf8_valid_prefix("\xed\xa0\x80", 3) == 0,
	    "utf8_valid_prefix stops at the first bad byte (a truncated sequence, NUL, a surrogate)");

	/* The ASCII fast path: a bad byte or NUL at every offset and alignment. */
	bad = 0;
	for (k = 0; k < 8; k++) {
		char blk[80];

		for (pos = 0; pos < 64; pos++) {
			static const unsigned char stoppers[] = { 0x00, 0x80, 0xff, 0xc0, 0xc3 };
			size_t j;

			for (j = 0; j < sizeof stoppers; j++) {
				memset(blk, 'x', sizeof blk);
				blk[k + pos] = (char)stoppers[j];
				if (utf8_valid_prefix(blk + k, 64) != pos)
					bad++;
			}
			memset(blk, 0x7f, sizeof blk);
			if (utf8_valid_prefix(blk + k, pos) != pos)
				bad++;
		}
	}
	ok(bad == 0, "utf8_valid_prefix finds a bad byte or NUL at every offset and alignment");

	/* Random strings made of valid, broken and truncated pieces. */
	badprefix = badrepair = 0;
	for (k = 0; k < 30000; k++) {
		static const char *const pieces[] = {
			"a", "Z", " ", "\0", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80",
			"\xf4\x8f\xbf\xbf", "\xed\x9f\xbf", "\xee\x80\x80", "\xc2", "\xe2",
			"\xe2\x82", "\xf0", "\xf0\x9f", "\xf0\x9f\x98", "\x80", "\xbf", "\xc0",
			"\xc1", "\xe0\x80", "\xe0\xa0", "\xed\xa0", "\xf0\x80", "\xf0\x90",
			"\xf4\x90", "\xf4\x8f", "\xf5", "\xff", "\xfe", "abcdefghij",
		};
		char str[300];
		size_t got, exp, fx, fy;

		n = 0;
		while (n < 250 && rndn(40)) {
			if (rndn(8) == 0) {
				str[n++] = (char)rnd();
			} else {
				const char *pc = pieces[rndn(NELEM(pieces))];
				size_t pl = pc[0] ? strlen(pc) : 1;

				memcpy(str + n, pc, pl);
				n += pl;
			}
		}
		s = exact(str, n);
		got = utf8_valid_prefix(s, n);
		exp = ref_prefix(s, n);
		if (got != exp && badprefix++ < 3)
			diag("  utf8_valid_prefix(%s) = %zu, expected %zu", show(s, n), got, exp);
		buf_reset(&out);
		buf_reset(&want);
		buf_add(&out, "", 0);
		buf_add(&want, "", 0);
		fx = utf8_repair(&out, s, n);
		fy = ref_repair(&want, s, n);
		if ((fx != fy || out.len != want.len || memcmp(out.p, want.p, want.len) != 0) &&
		    badrepair++ < 3)
			diag("  utf8_repair(%s) = %s (%zu), expected %s (%zu)", show(s, n),
			    show(out.p, out.len), fx, show(want.p, want.len), fy);
		if (utf8_valid_prefix(out.p, out.len) != out.len && badrepair++ < 3)
			diag("  utf8_repair(%s) is not valid UTF-8", show(s, n));
		free(s);
	}
	ok(badprefix == 0, "utf8_valid_prefix agrees with a reference decoder on 30000 random strings");
	ok(badrepair == 0, "utf8_repair agrees with Unicode's maximal-subpart replacement on them");
	buf_free(&out);
	buf_free(&want);
}

/* text: the rest */

static void
test_iso_utc(void)
{
	static const struct {
		int64_t t;
		const char *s;
	} known[] = {
		{ 0, "1970-01-01T00:00:00Z" },
		{ 951782400, "2000-02-29T00:00:00Z" },
		{ 951868799, "2000-02-29T23:59:59Z" },
		{ 951868800, "2000-03-01T00:00:00Z" },
		{ -1, "1969-12-31T23:59:59Z" },
		{ -86400, "1969-12-31T00:00:00Z" },
		{ -86401, "1969-12-30T23:59:59Z" },
		{ -2208988800LL, "1900-01-01T00:00:00Z" },
		{ -2203891200LL, "1900-03-01T00:00:00Z" },
		{ 2147483647LL, "2038-01-19T03:14:07Z" },
		{ 2147483648LL, "2038-01-19T03:14:08Z" },
		{ 4294967296LL, "2106-02-07T06:28:16Z" },
		{ 4107542400LL, "2100-03-01T00:00:00Z" },
		{ 1234567890, "2009-02-13T23:31:30Z" },
		{ 253402300799LL, "9999-12-31T23:59:59Z" },
		{ -62167219200LL, "0000-01-01T00:00:00Z" },
		{ -62162035200LL, "0000-03-01T00:00:00Z" },
	};
	char out[21];
	size_t i, bad;
	int k;

	for (i = 0; i < NELEM(known); i++) {
		memset(out, 'X', sizeof out);
		iso_utc(out, known[i].t);
		is_mem(out, strnlen(out, sizeof out), known[i].s, strlen(known[i].s),
		    "iso_utc(%lld)", (long long)known[i].t);
	}
	/* Against gmtime_r over the whole 4-digit range. */
	for (k = 0, bad = 0; k < 200000; k++) {
		int64_t t = -62167219200LL + (int64_t)(rnd() % (253402300800ULL + 62167219200ULL));
		time_t tt = (time_t)t;
		struct tm tm;
		char want[80];

		if ((int64_t)tt != t || !gmtime_r(&tt, &tm))
			continue;
		snprintf(want, sizeof want, "%04d-%02d-%02dT%02d:%02d:%02dZ", tm.tm_year + 1900,
		    tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
		iso_utc(out, t);
		if (strcmp(out, want) != 0 && bad++ < 3)
			diag("  iso_utc(%lld) = %s, gmtime says %s", (long long)t, out, want);
	}
	ok(bad == 0, "iso_utc agrees with gmtime_r on 200000 random times in years 0..9999");
	iso_utc(out, INT64_MAX);
	ok(strlen(out) == 20 && strncmp(out, "9999-", 5) == 0, "iso_utc clamps the far future to 9999 (%s)", out);
	iso_utc(out, INT64_MIN);
	ok(strlen(out) == 20 && strncmp(out, "0000-", 5) == 0, "iso_utc clamps the far past to 0000 (%s)", out);
}

static void
test_stripspace(void)
{
	/* Expected outputs are what "git stripspace" (2.39) prints. */
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "", "" },
		{ "\n\n\n", "" },
		{ "a", "a\n" },
		{ "a\n", "a\n" },
		{ "\n\n  a  \n\n\n\tb\t \n\n\n", "  a\n\n\tb\n" },
		{ "a\r\nb\r\n", "a\nb\n" },
		{ "a\f\nb\v\n", "a\f\nb\v\n" },
		{ "  leading\n  indent kept\n", "  leading\n  indent kept\n" },
		{ "a\n \n\t\n\nb", "a\n\nb\n" },
		{ "x\n\n\n", "x\n" },
		{ "a\n\n\n\nb\n\n\nc", "a\n\nb\n\nc\n" },
		{ "\r\n\r\n", "" },
		{ "trail \t\r \nx", "trail\nx\n" },
	};
	struct buf out = BUF_INIT;
	size_t i;
	char *s;

	for (i = 0; i < NELEM(cases); i++) {
		size_t n = strlen(cases[i].in);

		s = exact(cases[i].in, n);
		buf_reset(&out);
		buf_add(&out, "", 0);
		stripspace(&out, s, n);
		is_str(out.p, cases[i].out, "stripspace(%s) as git stripspace", show(cases[i].in, n));
		free(s);
	}
	buf_reset(&out);
	buf_addstr(&out, "kept\n");
	stripspace(&out, "\n\nnew  \n\n", 9);
	is_str(out.p, "kept\nnew\n", "stripspace appends, dropping leading blank lines of its own input");
	buf_free(&out);
}

static void
test_find(void)
{
	const char *hay = "abcabcabd", *r;
	char *s;
	size_t i, k, n, bad;

	ok(find_bytes(hay, 9, "abd", 3) == hay + 6, "find_bytes finds a match at the end");
	ok(find_bytes(hay, 9, "abc", 3) == hay, "find_bytes finds the first match");
	ok(find_bytes(hay, 9, "abe", 3) == NULL, "find_bytes: no match");
	ok(find_bytes(hay, 8, "abd", 3) == NULL, "find_bytes stays within n");
	ok(find_bytes(hay, 2, "abc", 3) == NULL, "find_bytes: needle longer than the text");
	ok(find_bytes(hay, 9, "", 0) == hay && find_bytes(hay, 0, "", 0) == hay, "find_bytes: empty needle");
	ok(find_bytes("a\0b\0c", 5, "\0c", 2) != NULL && find_bytes("a\0b\0c", 5, "\0c", 2)[1] == 'c',
	    "find_bytes with NULs");
	ok(find_ci("Signed-off-by: X", 16, "signed-OFF-BY:") != NULL, "find_ci ignores ASCII case");
	ok(find_ci("xxSIGNED", 8, "signed") != NULL && find_ci("xxSIGNE", 7, "signed") == NULL,
	    "find_ci at the end, and not past it");
	ok(find_ci("abc", 3, "") != NULL, "find_ci: empty needle");
	ok(find_ci("x`b", 3, "@B") == NULL && find_ci("x[a", 3, "{A") == NULL,
	    "find_ci: bytes 0x20 apart that are no case pair stay apart");
	{
		/* Against the obvious search, on texts from a few letters. */
		static const char alpha[] = "aAbB@`[{ \xc3";
		char text[120], needle[24];
		int wrong = 0;

		for (k = 0; k < 20000 && wrong < 5; k++) {
			size_t tn = rndn(sizeof text), nn = 1 + rndn(k & 1 ? 3 : 20);
			const char *got, *want = NULL;

			for (i = 0; i < tn; i++)
				text[i] = alpha[rndn(sizeof alpha - 1)];
			/* Half the needles taken from the text, case flipped. */
			if (tn >= nn && (k & 2)) {
				size_t at = rndn(tn - nn + 1);

				for (i = 0; i < nn; i++) {
					char ch = text[at + i];

					needle[i] = isalpha((unsigned char)ch) && rndn(2) ? (char)(ch ^ 0x20) : ch;
				}
			} else {
				for (i = 0; i < nn; i++)
					needle[i] = alpha[rndn(sizeof alpha - 1)];
			}
			needle[nn] = '\0';
			for (i = 0; i + nn <= tn && !want; i++)
				if (strncasecmp(text + i, needle, nn) == 0)
					want = text + i;
			got = find_ci(text, tn, needle);
			if (got != want) {
				wrong++;
				diag("  find_ci(%s, %s): %ld, want %ld", show(text, tn), show(needle, nn),
				    got ? (long)(got - text) : -1L, want ? (long)(want - text) : -1L);
			}
		}
		ok(wrong == 0, "find_ci finds what a byte-by-byte search finds (20000 texts)");
	}
	s = exact("x\xc3\xa9T\xc3\xa9t!", 8);
	ok(find_ci(s, 8, "\xc3\xa9t!") == s + 4 && find_ci(s, 8, "\xc3\xa9") == s + 1,
	    "find_ci with a needle starting with a byte above 0x7f");
	free(s);
	s = exact("a\0Bc", 4);
	ok(find_ci(s, 4, "bc") == s + 2, "find_ci looks past a NUL in the text");
	free(s);
	ok(has_prefix_ci("Re: x", 5, "RE:") && !has_prefix_ci("Re", 2, "re:") && has_prefix_ci("", 0, ""),
	    "has_prefix_ci");

	/* Against a brute-force search, on exact-size blocks. */
	for (k = 0, bad = 0; k < 20000; k++) {
		char text[40], needle[6];
		const char *want = NULL;

		n = rndn(sizeof text);
		for (i = 0; i < n; i++)
			text[i] = "aAbB\xc3\xe3"[rndn(6)];
		size_t nl = 1 + rndn(sizeof needle - 1);

		for (i = 0; i < nl; i++)
			needle[i] = "aAbB\xc3\xe3"[rndn(6)];
		s = exact(text, n);
		for (i = 0; i + nl <= n && !want; i++)
			if (memcmp(s + i, needle, nl) == 0)
				want = s + i;
		if (find_bytes(s, n, needle, nl) != want)
			bad++;
		needle[nl] = '\0';
		want = NULL;
		for (i = 0; i + nl <= n && !want; i++) {
			size_t j;

			/* ASCII case only: 0xc3 and 0xe3 are different bytes. */
			for (j = 0; j < nl && (s[i + j] == needle[j] || ((s[i + j] | 0x20) ==
			    (needle[j] | 0x20) && (s[i + j] | 0x20) >= 'a' && (s[i + j] | 0x20) <= 'z')); j++)
				;
			if (j == nl)
				want = s + i;
		}
		r = find_ci(s, n, needle);
		if (r != want)
			bad++;
		free(s);
	}
	ok(bad == 0, "find_bytes and find_ci agree with brute force on 20000 random cases");
}

static void
test_trim(void)
{
	const char *s = " \t\r\nab c \n", *r;
	size_t n = strlen(s);

	r = trim(s, &n);
	is_mem(r, n, "ab c", 4, "trim cuts ASCII blanks at both ends");
	n = 3;
	r = trim("   ", &n);
	ok(n == 0, "trim of blanks only");
	n = 0;
	r = trim("", &n);
	ok(n == 0 && r != NULL, "trim of nothing");
}

/* iso_parse reads what iso_utc writes, and nothing that is no date. */
static void
test_iso_parse(void)
{
	static const char *const bad[] = {
		"2020-02-30", "2019-02-29T00:00:00Z", "2020-13-01", "2020-00-10",
		"2020-01-01T24:00:00Z", "2020-01-01T10:60Z", "2020-1-01", "20200101",
		"2020-01-01T10:00:00Zx", "", NULL
	};
	char out[21];
	int64_t t, back;
	int wrong = 0, i;

	for (i = 0; i < 20000; i++) {
		t = (int64_t)(rnd() % 8000000000ULL) - 100000000;
		iso_utc(out, t);
		if (iso_parse(out, &back) || back != t)
			wrong++;
	}
	is_long(wrong, 0, "iso_parse(iso_utc(t)) == t for 20000 times");
	ok(iso_parse("2020-02-29", &t) == 0 && t == 1582934400, "a leap day, a bare date");
	ok(iso_parse("2019-04-28 10:11", &t) == 0 && t == 1556446260,
	    "a blank for the T, no seconds");
	for (i = 0; bad[i]; i++)
		ok(iso_parse(bad[i], &t) == -1, "iso_parse rejects '%s'", bad[i]);
}

static void
test_day(void)
{
	char w[9];
	int64_t mon;

	ok(day_of(0) == 0 && day_of(DAY - 1) == 0 && day_of(-1) == -1 && day_of(-DAY) == -1,
	    "day_of rounds down, before the epoch too");
	/* 1970-01-01 was a Thursday: its week began on Monday 1969-12-29. */
	ok(day_monday(0) == -3 && day_monday(4 * DAY) == 4 && day_monday(-1) == -3,
	    "day_monday: the Monday of the ISO week");
	ok(day_month(0) == 1970 * 12 && day_month(-1) == 1969 * 12 + 11,
	    "day_month: year * 12 + month - 1");
	/* 2021-01-03 (a Sunday) is in 2020's week 53; 2019-05-01 in week 18. */
	day_isoweek(1609632000, w, &mon);
	ok(!strcmp(w, "2020-W53") && mon == 1609113600, "day_isoweek: a week of the year before");
	day_isoweek(1556668800, w, &mon);
	ok(!strcmp(w, "2019-W18") && mon == 1556496000, "day_isoweek: 2019-W18 from its Wednesday");
}

/* "Name <addr>" and hex digits */

static void
test_name_addr(void)
{
	struct name_addr na;

	ok(name_addr_split(" Jo Doe <jo@x.org> tail", NULL, &na) == 1 &&
	    na.nlen == 8 && !memcmp(na.name, " Jo Doe ", 8) && na.alen == 8 &&
	    !memcmp(na.addr, "jo@x.org", 8) && !strcmp(na.rest, " tail"),
	    "name_addr_split: the name as written, the address, the rest");
	ok(name_addr_split("\t\"Jo\" <a>", " \t\"", &na) == 1 && na.nlen == 2 &&
	    !memcmp(na.name, "Jo", 2), "name_addr_split: blanks trimmed off the name");
	ok(name_addr_split("<> x", " ", &na) == 1 && na.nlen == 0 && na.alen == 0,
	    "name_addr_split: an empty name and address");
	ok(name_addr_split("jo@x.org", NULL, &na) == 0, "name_addr_split: no '<'");
	ok(name_addr_split("Jo <jo@x.org", NULL, &na) == -1, "name_addr_split: no '>'");
	ok(hexval('0') == 0 && hexval('a') == 10 && hexval('F') == 15 && hexval('g') == -1,
	    "hexval");
	ok(hex_run("5eedF00d..x", 11) == 8 && hex_run("abc", 2) == 2 && hex_run("g1", 2) == 0,
	    "hex_run: the hex digits a text begins with, within its length");
}

int
main(void)
{
	tap_init("test-text");
	test_utf8();
	test_iso_utc();
	test_day();
	test_stripspace();
	test_find();
	test_trim();
	test_name_addr();
	test_iso_parse();
	return tap_done();
}
