/*
 * mbox2tsv - read mailing-list archives and write one TSV row per mail.
 *
 * Inputs are mbox files (mboxo or mboxrd, plain, gzip or xz), maildirs,
 * public-inbox v2 archives and standard input.  Every mail becomes one
 * row, or one line on stderr saying which mail was skipped and why; a
 * summary line at the end says how many of each.
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <git2.h>

#include "mbox2tsv.h"
#include "tsv.h"
#include "util.h"

static const char *const columns[] = {
	"id", "date", "from_name", "from_addr", "subject", "title", "list",
	"in_reply_to", "references", "to", "cc", "type", "version", "part",
	"total", "flags", "message", "annotation", "diff", "src",
};

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: mbox2tsv [-HqV] [-j jobs] [-l list] [-m mboxo|mboxrd] [-b regex]\n"
	    "                [archive ...]\n");
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
	    "  -m, --mbox FORMAT   mboxo or mboxrd: how body From lines are quoted\n"
	    "                      (default: mboxrd if the first separator is\n"
	    "                      \"From mboxrd...\", else mboxo)\n"
	    "  -b, --bot REGEX     also treat senders matching REGEX (extended,\n"
	    "                      case-insensitive, on \"Name <addr>\") as bots\n"
	    "  -j, --jobs N        threads making rows (default: the CPUs, at most\n"
	    "                      8; 1: none beside the one reading); the rows are\n"
	    "                      the same bytes, in the same order\n"
	    "  -H, --no-header     do not print the header line\n"
	    "  -q, --quiet         no summary line on stderr\n"
	    "  -V, --version       print the version and exit\n"
	    "  -h, --help          print this help and exit\n\n"
	    "Columns: id date from_name from_addr subject title list in_reply_to\n"
	    "references to cc type version part total flags message annotation\n"
	    "diff src.  See mbox2tsv(1) and patchtrack-tsv(5).\n", stdout);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "list", required_argument, NULL, 'l' },
		{ "mbox", required_argument, NULL, 'm' },
		{ "bot", required_argument, NULL, 'b' },
		{ "no-header", no_argument, NULL, 'H' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct ctx c;
	int ch, quiet = 0, rc = PT_EXIT_OK, i;
	long jobs = 0;

	setprogname(argv[0]);
	memset(&c, 0, sizeof c);
	c.o.header = 1;
	c.o.mode = MODE_AUTO;
	while ((ch = getopt_long(argc, argv, "l:m:b:j:HqVh", longopts, NULL)) != -1) {
		switch (ch) {
		case 'l':
			c.o.list = optarg;
			break;
		case 'm':
			if (!strcmp(optarg, "mboxo"))
				c.o.mode = MODE_MBOXO;
			else if (!strcmp(optarg, "mboxrd"))
				c.o.mode = MODE_MBOXRD;
			else {
				warnx("unknown mbox format '%s' (mboxo or mboxrd)", optarg);
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case 'b':
			if (c.o.have_bot)
				regfree(&c.o.bot);
			if (regcomp(&c.o.bot, optarg, REG_EXTENDED | REG_ICASE | REG_NOSUB)) {
				warnx("bad regular expression '%s'", optarg);
				return PT_EXIT_FAILED;
			}
			c.o.have_bot = 1;
			break;
		case 'H':
			c.o.header = 0;
			break;
		case 'j':
			if (parse_long(optarg, 1, 256, &jobs) < 0) {
				warnx("--jobs %s: not a number of threads (1 to 256)", optarg);
				usage(stderr);
				return PT_EXIT_FAILED;
			}
			break;
		case 'q':
			quiet = 1;
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
	c.out = stdout;
	git_libgit2_init();
	mail_init(&c);
	if (c.o.header)
		tsv_header(stdout, columns, sizeof columns / sizeof columns[0]);
	if (!jobs) {
		jobs = sysconf(_SC_NPROCESSORS_ONLN);
		jobs = jobs < 1 ? 1 : jobs > 8 ? 8 : jobs;
	}
	pool_start(&c, (int)jobs);
	/*
	 * An archive that cannot be read or is cut short fails the run
	 * (2: the table is not to be used); mails skipped or written
	 * flagged, each named on stderr, leave a good table (1).
	 */
	if (optind == argc) {
		if (read_path(&c, "-") < 0)
			rc = PT_EXIT_FAILED;
	}
	for (i = optind; i < argc; i++)
		if (read_path(&c, argv[i]) < 0)
			rc = PT_EXIT_FAILED;
	pool_stop(&c);
	if (!quiet || c.nskipped)
		warnx("%lu mails, %lu rows, %lu skipped", c.nmails, c.nrows, c.nskipped);
	if (rc == PT_EXIT_OK && (c.nskipped || c.ndamaged))
		rc = PT_EXIT_SKIPPED;
	mail_fini(&c);
	if (c.o.have_bot)
		regfree(&c.o.bot);
	git_libgit2_shutdown();
	close_stdout();
	return rc;
}
