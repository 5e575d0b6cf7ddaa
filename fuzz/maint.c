/*
 * fuzz/maint.c - libFuzzer harness for MAINTAINERS files (ptmaint): the
 * input up to its first NUL byte is the file, handed to maint_parse;
 * the rest is a patch, its lines the paths and all of it the text that
 * K: entries search, handed to maint_match.  Which patterns name a
 * folder is decided by the input too (a path of even length is one).
 * The matches must name real sections, once each, sorted by depth.
 *
 *   make fuzz                  every harness for FUZZ_TIME seconds
 *   build-fuzz/bin/fuzz-maint -max_total_time=600 build-fuzz/corpus/maint
 *
 * Findings become regression inputs in tests/data/fuzz/maint/, which
 * tests/96-fuzz.t hands to the real ptmaint.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "maint.h"
#include "util.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	setprogname("fuzz-maint");
	return 0;
}

static int
even(void *ctx, const char *path)
{
	(void)ctx;
	return strlen(path) % 2 == 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	const char *nul = memchr(s, '\0', size);
	size_t flen = nul ? (size_t)(nul - s) : size;
	char *rest = NULL, **paths = NULL;
	size_t npaths = 0;
	struct mfile mf;
	struct mresult r = { 0 };

	maint_parse(&mf, s, flen, "fuzz", even, NULL, 1);
	if (nul) {
		size_t rlen = size - flen - 1;
		char *p, *nl;

		rest = xmalloc(rlen + 1);
		memcpy(rest, nul + 1, rlen);
		rest[rlen] = '\0';
		/* Paths stop at a NUL, as a table field cannot hold one. */
		paths = xcalloc(strlen(rest) + 1, sizeof *paths);
		for (p = rest; *p; p = nl + 1) {
			nl = strchr(p, '\n');
			paths[npaths++] = p;
			if (!nl)
				break;
		}
		{
			char *text = xstrndup(rest, strlen(rest));

			for (size_t i = 0; i < npaths; i++) {
				char *e = strchr(paths[i], '\n');

				if (e)
					*e = '\0';
			}
			maint_match(&mf, (const char *const *)paths, npaths, text, &r);
			for (size_t i = 0; i < r.n; i++) {
				if (r.m[i].section >= mf.ns || r.m[i].via >= mf.ne)
					abort();
				if (i && (r.m[i].depth > r.m[i - 1].depth ||
				    r.m[i].section == r.m[i - 1].section))
					abort();
			}
			/* Twice: the scratch state must come back clean. */
			{
				size_t n = r.n;

				maint_match(&mf, (const char *const *)paths, npaths, text, &r);
				if (r.n != n)
					abort();
			}
			free(text);
		}
	}
	mresult_free(&r);
	maint_free(&mf);
	free(paths);
	free(rest);
	return 0;
}
