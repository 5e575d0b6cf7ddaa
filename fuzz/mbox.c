/*
 * fuzz/mbox.c - libFuzzer harness for mbox2tsv's archive reader: the
 * input is written to a file and read with read_path(), as
 * "mbox2tsv FILE" does, so the splitting of mbox files (mboxo and
 * mboxrd quoting, From_ lines, multipart bodies) and the gzip and xz
 * decoders of common/zio.c are fuzzed along with the mail parser.
 * Rows go to /dev/null; each input starts with an empty set of seen
 * Message-IDs.
 *
 *   make fuzz                  every harness for FUZZ_TIME seconds
 *   build-fuzz/bin/fuzz-mbox -max_total_time=600 build-fuzz/corpus/mbox
 *   build-fuzz/bin/fuzz-mbox build-fuzz/crashes/mbox-crash-...   (replay)
 *
 * Findings become regression inputs in tests/data/fuzz/mbox/, which
 * tests/96-fuzz.t runs through the real mbox2tsv.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "mbox2tsv.h"
#include "util.h"

static struct ctx c;

static void
fini(void)
{
	mail_fini(&c);
	if (c.out)
		fclose(c.out);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	setprogname("mbox2tsv");
	memset(&c, 0, sizeof c);
	c.o.mode = MODE_AUTO;
	c.out = fopen("/dev/null", "w");
	if (!c.out)
		die("fuzz: /dev/null:");
	mail_init(&c);
	atexit(fini);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	read_path(&c, fuzz_file(data, size));
	set64_free(&c.ids);
	return 0;
}
