/*
 * mbox2tsv - read mailing-list archives and write one TSV row per mail.
 *
 * Inputs are mbox files (mboxo or mboxrd, plain, gzip or xz), maildirs,
 * public-inbox v2 archives and standard input.  Every mail becomes one
 * row, or one line on stderr saying which mail was skipped and why; a
 * summary line at the end says how many of each.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <git2.h>

#include "mbox2tsv.h"
#include "tables.h"
#include "tsv.h"
#include "util.h"

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: mbox2tsv [-HqvV] [-j jobs] [-l list] [--mbox mboxo|mboxrd] [-b regex]\n"
	    "                [archive ...]\n"
	    "       mbox2tsv [options] [-k table] [--after commit] [--upto commit]\n"
	    "                public-inbox\n"
	    "       mbox2tsv [options] [-k table] [-O offset] [-E end] mbox|maildir\n");
}

static void
help(void)
{
	usage(stdout);
	fputs(
	    "\nRead mailing-list archives and write one TSV row per mail.\n"
	    "An archive is an mbox file (plain, gzip or xz), a maildir, a\n"
	    "public-inbox v2 folder or epoch repository, or - for stdin\n"
	    "(the default).\n\n"
	    "  -l, --list NAME     the list column for every mail (default: the\n"
	    "                      List-Id header, else the archive's name)\n"
	    "      --mbox FORMAT   mboxo or mboxrd: how body From lines are quoted\n"
	    "                      (default: mboxrd if the first separator is\n"
	    "                      \"From mboxrd...\", else mboxo)\n"
	    "  -b, --bot REGEX     also treat senders matching REGEX (extended,\n"
	    "                      case-insensitive, on \"Name <addr>\") as bots\n"
	    "  -j, --jobs N        threads making rows (default: the CPUs, at most\n"
	    "                      8; 1: none beside the one reading); the rows are\n"
	    "                      the same bytes, in the same order\n"
	    "      --after COMMIT  a public-inbox archive's mails after COMMIT only\n"
	    "                      (the epochs before the one holding it skipped)\n"
	    "      --upto COMMIT   ... up to COMMIT, included (later epochs skipped)\n"
	    "  -O, --offset N      an mbox's mails from byte N on (the start of a\n"
	    "                      From line; src keeps the whole file's offsets)\n"
	    "  -E, --end N         ... before byte N (the start of a line); of a\n"
	    "                      maildir, -O and -E count files (cur/, then new/,\n"
	    "                      each by name): from the N-th on, before the N-th\n"
	    "  -k, --known TABLE   the ids of TABLE, a mail table of the part read\n"
	    "                      before, count as met: a mail repeating one is\n"
	    "                      flagged dupid, as in one reading of the whole\n"
	    "  -H, --no-header     do not print the header line\n"
	    "  -q, --quiet         nothing on stderr but errors and what input was\n"
	    "                      skipped (cancels -v); the default: mbox2tsv\n"
	    "                      has no other notes\n"
	    "  -v, --verbose       a summary line on stderr (written anyway when\n"
	    "                      a mail was skipped)\n"
	    "  -V, --version       print the version and exit\n"
	    "  -h, --help          print this help and exit\n\n"
	    "Columns: id date from_name from_addr subject title list in_reply_to\n"
	    "references to cc type version part total flags message annotation\n"
	    "diff cites said hashes parts src aliases sender_name sender_addr.\n"
	    "See mbox2tsv(1) and patchtrack-tsv(5).\n", stdout);
}

/*
 * The options into c->o, the tables of --known into known (nknown of
 * them), -j into jobs and -q/-v into verbose: -1 to go on, else the
 * exit status (--help, --version, a usage error).
 */
static int
options(int argc, char **argv, struct ctx *c, const char ***known, size_t *nknown,
    long *jobs, int *verbose)
{
	enum { O_MBOX = 256, O_AFTER, O_UPTO };
	static const struct option longopts[] = {
		{ "list", required_argument, NULL, 'l' },
		{ "mbox", required_argument, NULL, O_MBOX },
		{ "bot", required_argument, NULL, 'b' },
		{ "no-header", no_argument, NULL, 'H' },
		{ "after", required_argument, NULL, O_AFTER },
		{ "upto", required_argument, NULL, O_UPTO },
		{ "offset", required_argument, NULL, 'O' },
		{ "end", required_argument, NULL, 'E' },
		{ "known", required_argument, NULL, 'k' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int ch;

	while ((ch = getopt_long(argc, argv, "l:b:j:O:E:k:HqvVh", longopts, NULL)) != -1) {
		switch (ch) {
		case 'l':
			c->o.list = optarg;
			break;
		case O_MBOX:
			if (!strcmp(optarg, "mboxo"))
				c->o.mode = MODE_MBOXO;
			else if (!strcmp(optarg, "mboxrd"))
				c->o.mode = MODE_MBOXRD;
			else {
				warnx("unknown mbox format '%s' (mboxo or mboxrd)", optarg);
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case 'b':
			if (c->o.have_bot)
				regfree(&c->o.bot);
			if (regcomp(&c->o.bot, optarg, REG_EXTENDED | REG_ICASE | REG_NOSUB)) {
				warnx("bad regular expression '%s'", optarg);
				return PT_EXIT_FAILED;
			}
			c->o.have_bot = 1;
			break;
		case 'H':
			c->o.header = 0;
			break;
		case O_AFTER:
			c->o.after = optarg;
			break;
		case O_UPTO:
			c->o.upto = optarg;
			break;
		case 'O':
		case 'E': {
			char *e;
			unsigned long long v;

			errno = 0;
			v = strtoull(optarg, &e, 10);
			if (!*optarg || *e || errno || optarg[0] == '-') {
				warnx("--%s %s: not a byte offset", ch == 'O' ? "offset" : "end", optarg);
				usage(stderr);
				free(*known);
				return PT_EXIT_FAILED;
			}
			if (ch == 'O')
				c->o.offset = v;
			else {
				c->o.end = v;
				c->o.have_end = 1;
			}
			break;
		}
		case 'k':
			*known = xreallocarray(*known, *nknown + 1, sizeof **known);
			(*known)[(*nknown)++] = optarg;
			break;
		case 'j':
			if (jobs_option(optarg, jobs) < 0) {
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case 'q':
			*verbose = 0;
			break;
		case 'v':
			*verbose = 1;
			break;
		case 'V':
			print_version();
			return PT_EXIT_OK;
		case 'h':
			help();
			return PT_EXIT_OK;
		default:
			usage(stderr);
			return PT_EXIT_FAILED;
		}
	}
	/* Where to start and stop is one archive's business. */
	if ((c->o.after || c->o.upto || c->o.offset || c->o.have_end) && argc - optind != 1) {
		warnx("--after, --upto, --offset and --end take one archive");
		usage(stderr);
		free(*known);
		return PT_EXIT_FAILED;
	}
	if (c->o.have_end && c->o.end < c->o.offset) {
		warnx("--end %llu is before --offset %llu", (unsigned long long)c->o.end,
		    (unsigned long long)c->o.offset);
		free(*known);
		return PT_EXIT_FAILED;
	}
	return -1;
}

int
main(int argc, char **argv)
{
	struct ctx c;
	int verbose = 0, rc, i;
	long jobs = 0;
	const char **known = NULL;
	size_t nknown = 0;
	int go;

	setprogname(argv[0]);
	memset(&c, 0, sizeof c);
	c.o.header = 1;
	c.o.mode = MODE_AUTO;
	if ((rc = options(argc, argv, &c, &known, &nknown, &jobs, &verbose)) >= 0)
		return rc;
	rc = PT_EXIT_OK;
	c.out = stdout;
	c.o.verbose = verbose;
	git_libgit2_init();
	mail_init(&c);
	if (c.o.header)
		table_header(stdout, TABLE_MAILS);
	if (!jobs)
		jobs = jobs_default(8);
	/* A table of --known that cannot be read: nothing is read. */
	for (size_t k = 0; k < nknown && rc == PT_EXIT_OK; k++)
		if (read_known(&c, known[k]) < 0)
			rc = PT_EXIT_FAILED;
	free(known);
	go = rc == PT_EXIT_OK;
	/*
	 * One big plain mboxrd file: processes, each a range of it
	 * (processes.c); anything else: threads making rows (pool.c).
	 */
	if (go && argc - optind == 1) {
		c.split = jobs;
		if (!split_wanted(&c, argv[optind]))
			c.split = 0;
	}
	if (!c.split)
		pool_start(&c, (int)jobs);
	/*
	 * An archive that cannot be read or is cut short fails the run
	 * (2: the table is not to be used); mails skipped or written
	 * flagged, each named on stderr, leave a good table (1).
	 */
	if (optind == argc && go) {
		if (read_path(&c, "-") < 0)
			rc = PT_EXIT_FAILED;
	}
	for (i = optind; i < argc && go; i++)
		if (read_path(&c, argv[i]) < 0)
			rc = PT_EXIT_FAILED;
	pool_stop(&c);
	if (rc == PT_EXIT_OK && (c.nskipped || c.ndamaged))
		rc = PT_EXIT_SKIPPED;
	/* Quiet on success; a run that skipped or failed says what it made. */
	if (verbose || rc != PT_EXIT_OK)
		warnx("%lu mails, %lu rows, %lu skipped", c.nmails, c.nrows, c.nskipped);
	mail_fini(&c);
	if (c.o.have_bot)
		regfree(&c.o.bot);
	git_libgit2_shutdown();
	close_stdout();
	return rc;
}
