/*
 * fuzz/patch.c - libFuzzer harness for the diff parsers: the input is
 * the diff column of one row, handed to what patchtok does with it
 * (patch_parse, the file names and hunks walked as its files and hunks
 * columns are written, patch_hash) and to what mbox2tsv asks of a diff
 * (diff_check, diff_starts and diff_hunk_header on every line).  The
 * first line also goes through subject_parse and subject_title, which
 * patchtok uses for tables without a title column.
 *
 *   make fuzz                  every harness for FUZZ_TIME seconds
 *   build-fuzz/bin/fuzz-patch -max_total_time=600 build-fuzz/corpus/patch
 *   build-fuzz/bin/fuzz-patch build-fuzz/crashes/patch-crash-...   (replay)
 *
 * Findings become regression inputs in tests/data/fuzz/patch/, which
 * tests/96-fuzz.t turns into a one-row table for the real patchtok.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diff.h"
#include "fuzz.h"
#include "hash.h"
#include "hunks.h"
#include "patch.h"
#include "subject.h"
#include "util.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	setprogname("fuzz-patch");
	return 0;
}

/*
 * patchtok's hunks column (hunks.h), written by patchtok's own writer and
 * read back as patchsim, ptmaint and ptreport read it: every item
 * comes back, and every file's names.
 */
static void
hunks(struct buf *out, const struct patch *p)
{
	size_t nh = 0, nrem = 0, nadd = 0, got[4] = { 0, 0, 0, 0 };
	struct hunks_iter it;
	struct hunks_item x;
	struct buf old = BUF_INIT, new_ = BUF_INIT;
	size_t start = out->len;

	patch_hunks(out, p);
	for (size_t k = 0; k < p->nf; k++) {
		const struct pfile *f = &p->f[k];

		for (size_t h = 0; h < f->nh; h++) {
			const struct phunk *hk = &f->h[h];

			nh++;
			for (int side = 0; side < 2; side++) {
				const struct buf *lines = side ? &hk->added : &hk->removed;
				size_t nlines = 0;

				/* Every line ends in '\n', as patch.h promises. */
				if (lines->len && lines->p[lines->len - 1] != '\n')
					abort();
				for (size_t i = 0; i < lines->len; i++)
					nlines += lines->p[i] == '\n';
				if (nlines != (side ? hk->nadded : hk->nremoved))
					abort();
				*(side ? &nadd : &nrem) += nlines;
			}
		}
	}
	/* A file name with a newline or a TAB in it (the fuzzer makes them) comes back too. */
	hunks_iter_init(&it, out->p ? out->p + start : NULL, out->len - start);
	while (hunks_next(&it, &x)) {
		switch (x.kind) {
		case 'F':
			if (got[0] >= p->nf)
				abort();
			hunks_file(&x, &old, &new_);
			if (strcmp(old.p, p->f[got[0]].old) || strcmp(new_.p, p->f[got[0]].new))
				abort();
			got[0]++;
			break;
		case '@': got[1]++; break;
		case '-': got[2]++; break;
		case '+': got[3]++; break;
		default: abort();
		}
	}
	if (got[0] != p->nf || got[1] != nh || got[2] != nrem || got[3] != nadd)
		abort();
	buf_free(&old);
	buf_free(&new_);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data, *end = s + size, *p, *nl;
	struct patch pt;
	struct arena a = ARENA_INIT;
	struct buf out = BUF_INIT;
	struct subject_info si;
	char hash[33];
	long oldn, newn;
	int consistent;

	(void)diff_check(s, size, &consistent);
	for (p = s; p < end; p = nl ? nl + 1 : end) {
		const char *next;
		size_t len;

		nl = memchr(p, '\n', (size_t)(end - p));
		len = (size_t)((nl ? nl : end) - p);
		next = nl ? nl + 1 : NULL;
		(void)diff_starts(p, len, next,
		    next ? (size_t)(end - next) : 0);
		(void)diff_hunk_header(p, len, &oldn, &newn);
	}

	nl = memchr(s, '\n', size);
	subject_parse(s, nl ? (size_t)(nl - s) : size, &si);
	subject_title(&out, s, nl ? (size_t)(nl - s) : size);
	buf_reset(&out);

	patch_parse(&pt, s, size, &a);
	for (size_t k = 0; k < pt.nf; k++) {
		const char *nm[2] = { pt.f[k].old, pt.f[k].new };

		for (int e = 0; e < 2; e++) {
			if (!nm[e])
				abort();
			if (!*nm[e] || !strcmp(nm[e], "/dev/null"))
				continue;
			buf_addstr(&out, nm[e]);
			buf_addc(&out, '\n');
		}
	}
	hunks(&out, &pt);
	patch_hash(&pt, hash);
	if (strlen(hash) != 32)
		abort();
	patch_free(&pt);
	arena_free(&a);
	buf_free(&out);
	return 0;
}
