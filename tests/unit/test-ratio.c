/*
 * test-ratio - the similarity measure of patchsim, pinned (TAP).
 *
 * The vectors of the method (computed with a plain dynamic-programming
 * LCS over code points) must come out to four places; the bit-parallel
 * LCS must equal a plain one on random texts of every length around the
 * 64-character word boundaries.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ratio.h"
#include "util.h"

static int n, failed;

static void
ok(int cond, const char *desc)
{
	n++;
	if (!cond)
		failed++;
	printf("%s %d - %s\n", cond ? "ok" : "not ok", n, desc);
}

static size_t
plain_lcs(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j, r;
	size_t *row = calloc(lb + 1, sizeof *row), *prev = calloc(lb + 1, sizeof *prev);

	for (i = 1; i <= la; i++) {
		for (j = 1; j <= lb; j++)
			row[j] = a[i - 1] == b[j - 1] ? prev[j - 1] + 1 :
			    row[j - 1] > prev[j] ? row[j - 1] : prev[j];
		memcpy(prev, row, (lb + 1) * sizeof *row);
	}
	r = prev[lb];
	free(row);
	free(prev);
	return r;
}

int
main(void)
{
	static const struct { const char *a, *b; double r; } v[] = {
		{ "mm: fix a typo", "fix a typo mm", 1.0 },
		{ "}", "{", 1.0 },
		{ "}", "a", 0.0 },
		{ "abc", "xyz", 0.0 },
		{ "\tret = frob(dev, GFP_KERNEL);\n\tkfree(buf);",
		  "\tret = frob(dev, GFP_ATOMIC);\n\tkfree(buf);", 0.7879 },
		{ "static int foo_probe(struct device *dev)",
		  "static int foo_remove(struct device *dev)", 0.9351 },
		{ "Fix foo bar\nThis fixes the thing.", "fix bar foo\nThis fixes the thing", 1.0 },
		{ "ndctl/dimm: Flush invalidated labels after overwrite",
		  "ndctl: flush labels after overwrite of a dimm", 0.8211 },
		{ "Gr\xc3\xbc\xc3\x9f" "e aus M\xc3\xbcnchen", "Grusse aus Munchen", 0.8000 },
	};
	struct lcs_scratch sc;
	char a[300], b[300], desc[200];
	unsigned seed = 12345;
	int bad = 0;

	memset(&sc, 0, sizeof sc);
	setprogname("test-ratio");
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		double r = token_sort_ratio(&sc, v[i].a, strlen(v[i].a), v[i].b, strlen(v[i].b));

		snprintf(desc, sizeof desc, "vector %zu: %.4f (want %.4f)", i + 1, r, v[i].r);
		ok(fabs(r - v[i].r) < 0.00005, desc);
	}
	ok(token_sort_ratio(&sc, "x y", 3, "y x", 3) == 1.0, "token order does not matter");
	ok(token_sort_ratio(&sc, "same text", 9, "same text", 9) == 1.0, "identical texts: 1.0");
	ok(token_sort_ratio(&sc, "", 0, "", 0) == 1.0, "empty and empty: 1.0");
	ok(token_sort_ratio(&sc, "", 0, "a", 1) == 0.0, "empty and not: 0");

	/* Bit-parallel against plain, lengths across the word boundaries. */
	for (int len = 0; len < 260; len++) {
		for (int rep = 0; rep < 8; rep++) {
			int la = len, lb = (int)((seed = seed * 1103515245 + 12345) >> 16) % 260;

			for (int k = 0; k < la; k++)
				a[k] = "abcde"[((seed = seed * 1103515245 + 12345) >> 16) % 5];
			for (int k = 0; k < lb; k++)
				b[k] = "abcdef"[((seed = seed * 1103515245 + 12345) >> 16) % 6];
			a[la] = b[lb] = '\0';
			if (lcs(&sc, a, (size_t)la, b, (size_t)lb) != plain_lcs(a, b))
				bad++;
		}
	}
	ok(!bad, "bit-parallel LCS equals the plain LCS on 2080 random pairs");
	/* Code points, not bytes: two-byte characters count once. */
	ok(lcs(&sc, "\xc3\xa4\xc3\xb6", 4, "\xc3\xa4x\xc3\xb6", 5) == 2,
	    "LCS counts code points");
	lcs_scratch_free(&sc);
	printf("1..%d\n", n);
	return failed != 0;
}
