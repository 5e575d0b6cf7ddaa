/*
 * fuzz/mail.c - libFuzzer harness for mbox2tsv's mail parser: the input
 * is one raw mail, handed to mail_process() as the archive readers do
 * (a leading "From " line is taken off as the mbox separator, so the
 * From_ line date fallback is reached too); the row goes to /dev/null.
 * Each input starts with an empty set of seen Message-IDs, so the same
 * bytes always take the same path.
 *
 *   make fuzz                  every harness for FUZZ_TIME seconds
 *   build-fuzz/bin/fuzz-mail -max_total_time=600 build-fuzz/corpus/mail
 *   build-fuzz/bin/fuzz-mail build-fuzz/crashes/mail-crash-...   (replay)
 *
 * Findings become regression inputs in tests/data/fuzz/mail/, which
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
	regfree(&c.o.bot);
	if (c.out)
		fclose(c.out);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	setprogname("mbox2tsv");
	memset(&c, 0, sizeof c);
	c.o.mode = MODE_AUTO;
	/* A --bot expression, so that path is taken as well. */
	if (regcomp(&c.o.bot, "robot|^ci |builder", REG_EXTENDED | REG_ICASE | REG_NOSUB))
		die("fuzz: regcomp failed");
	c.o.have_bot = 1;
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
	const char *s = (const char *)data, *nl;
	struct mailpos pos;

	memset(&pos, 0, sizeof pos);
	pos.input = "fuzz";
	pos.archive = "fuzz";
	if (size > 5 && !memcmp(s, "From ", 5) &&
	    (nl = memchr(s, '\n', size))) {
		pos.fromline = s;
		pos.fromlen = (size_t)(nl - s);
		pos.offset = (uint64_t)(nl + 1 - s);
		size -= (size_t)(nl + 1 - s);
		s = nl + 1;
	}
	mail_process(&c, s, size, &pos);
	set64_free(&c.ids);
	return 0;
}
