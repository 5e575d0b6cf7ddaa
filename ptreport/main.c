/*
 * ptreport - answers from clusters: which patches were ignored, which
 * commits never went through a list, how many patches a week and how
 * many ignored, the ignored share by development-cycle phase, time from
 * posting to commit, who was sent the patches, accuracy against a
 * truth, a one-screen summary, what waits for a reply and what changed,
 * one mail's or commit's evidence, and all of it as one self-contained
 * HTML page or as report.txt.  Reads ptcluster's clusters with the mails (mbox2tsv),
 * commits and tags (git2tsv) tables and the others help() names, each
 * recognized by its header; writes TSV, CSV or aligned text, and plots
 * with gnuplot (the page draws its own).
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <unistd.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "model/mailmap.h"
#include "render/report.h"
#include "text.h"
#include "util.h"

/* What a command's options must hold beyond their own syntax. */
enum {
	CK_URL = 1,              /* -M and -C are link templates */
	CK_RELEASE = 2,          /* -R compiles */
	CK_TRUTH = 4,            /* --truth is given (eval) */
	CK_OUT = 8,              /* --out is given, -p is png or svg (all) */
};

static const struct command {
	const char *name;
	int (*run)(struct model *, const struct ropts *);
	const char *what;
	const char *own;         /* its options beyond those of every command */
	int checks;              /* CK_* */
} commands[] = {
	{ "patches", report_patches, "every patch mail: its verdict and why", "cPH", 0 },
	{ "ignored", report_ignored, "patches nobody answered, in no version, not merged",
	    "cPH", 0 },
	{ "offlist", report_offlist, "commits in the archive's window never posted by a human",
	    "cPH", 0 },
	{ "weekly", report_weekly, "per list and ISO week: patches, ignored, merged",
	    "cPHp", 0 },
	{ "cycle", report_cycle, "ignored share by development-cycle phase", "cPHR",
	    CK_RELEASE },
	{ "duration", report_duration, "per merged cluster: first posting to commit",
	    "cPHp", 0 },
	{ "eval", report_eval, "precision and recall against a truth", "cPHtd", CK_TRUTH },
	{ "summary", report_summary, "one screen to read first", "cPHn", 0 },
	{ "maintainers", report_maintainers,
	    "per maintainer, section and list: patches, answers, time", "cPHnp", 0 },
	{ "html", report_html, "all of them as one self-contained HTML page", "nRMCT",
	    CK_URL | CK_RELEASE },
	{ "text", report_text, "report.txt: the overview to read first, as aligned text",
	    "nRTwz", CK_RELEASE },
	{ "all", report_all, "every report, the plots and the page into one folder (-o)",
	    "nRMCTpowFYE", CK_URL | CK_RELEASE | CK_OUT },
	{ "why", report_why, "one mail or commit (ID): its verdict and the evidence", "", 0 },
	{ "waiting", report_waiting, "patches waiting for a reply now, oldest first", "cPHw", 0 },
	{ "changes", report_changes, "what changed since an earlier state (--state)",
	    "cPHwz", 0 },
	{ "state", report_state, "each patch's and off-list commit's state, for changes", "", 0 },
	{ "verdicts", report_verdicts, "the verdicts table: each patch mail's and window "
	    "commit's verdict, for --verdicts", "cPH", 0 },
	{ "digest", report_digest, "waiting and changes as a mail for sendmail -t",
	    "MCTwzFY", CK_URL },
	{ "waiting-feed", report_waiting_feed, "the waiting queue as an Atom feed", "MCTw",
	    CK_URL },
	{ "changes-feed", report_changes_feed, "the changes (and --log) as an Atom feed",
	    "MCTwzL", CK_URL },
};

/*
 * The options every command takes: the scope of the verdicts (-s -u -S
 * --grace), the mailmap, a maintainer's corrections, -q, -v, -V, -h.
 */
#define COMMON_OPTS "suSgmKJqvVh"

/*
 * The short options.  A long-only option (--truth, --diff, --grace)
 * still returns a letter, one not given here, so that the lists of
 * options above can name it; -t, -d and -g themselves are unknown.
 */
#define SHORT_OPTS "cPHs:u:S:p:R:n:M:C:T:m:o:qvVh"

static void usage(FILE *fp);

/* Say which commands take option ch, when the one given does not. */
static int
not_its_option(size_t cmd, int ch, const struct option *longopts)
{
	struct buf b = BUF_INIT;
	const char *lname = "?";

	for (const struct option *lo = longopts; lo->name; lo++)
		if (lo->val == ch)
			lname = lo->name;
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strchr(commands[i].own, ch))
			buf_addf(&b, "%s%s", b.len ? ", " : "", commands[i].name);
	if (strchr(SHORT_OPTS, ch))
		warnx("%s: -%c (--%s) is not one of its options (it is for %s)", commands[cmd].name,
		    ch, lname, b.p ? b.p : "no command");
	else
		warnx("%s: --%s is not one of its options (it is for %s)", commands[cmd].name,
		    lname, b.p ? b.p : "no command");
	buf_free(&b);
	usage(stderr);
	return PT_EXIT_FAILED;
}

#define NCOMMANDS (sizeof commands / sizeof commands[0])

/*
 * Rows of merged tables the reports cannot use, said (a note: the rest
 * stands): a commit named twice (the first row kept), or one of no
 * commits table (another range, a hand-edited id).
 */
static void
merged_notes(const struct model *md)
{
	const char *first = NULL;
	unsigned long orphans = 0;

	if (md->nmergedup)
		warnx("merged: %lu rows name a commit named before: the first kept",
		    md->nmergedup);
	if (!md->has_commits)
		return;
	for (size_t i = 0; i < md->ncommits; i++)
		if (md->commits[i].merge && !md->commits[i].present && !orphans++)
			first = md->commits[i].id;
	if (orphans)
		warnx("merged: %lu rows name no commit of the commits tables (%s%s): not used",
		    orphans, first, orphans > 1 ? " ..." : "");
}

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: ptreport command [-cHPqvV] [-s since] [-u until] [-S max-series]\n"
	    "                [--grace days] [-p plot] [-R release-regex] [--truth truth]\n"
	    "                [--diff] [-n top] [-M mail-url] [-C commit-url] [-T title]\n"
	    "                [--for addr] [--state file] [--log file] [--from addr]\n"
	    "                [--to addrs] [-m mailmap] [--corrections file]\n"
	    "                [--verdicts file] [--person-feeds who] [-o dir] table ...\n"
	    "       ptreport why [-qv] [-s since] [-u until] [-S max-series] [--grace days]\n"
	    "                [-m mailmap] [--corrections file] [--verdicts file]\n"
	    "                ID [table ...]\n"
	    "commands: patches ignored offlist weekly cycle duration eval summary\n"
	    "          maintainers html text all why waiting changes state verdicts\n"
	    "          digest waiting-feed changes-feed\n");
}

static void
help(void)
{
	usage(stdout);
	printf("\nCommands:\n");
	for (size_t i = 0; i < NCOMMANDS; i++)
		printf("  %-11s %s\n", commands[i].name, commands[i].what);
	printf("\n"
	    "Tables (any order, recognized by their header): clusters (ptcluster),\n"
	    "mails (mbox2tsv), commits, tags and merged (git2tsv, git2tsv --tags,\n"
	    "git2tsv --merged), patches (patchtok), maintainers (ptmaint); why reads\n"
	    "pairs (patchsim) too.  why ID: a mail's Message-ID or a commit's hash (a\n"
	    "prefix will do); without tables, those of the patchtrack folder it runs in.\n\n"
	    "  -c, --csv              write CSV instead of TSV\n"
	    "  -P, --pretty           write columns aligned for reading\n"
	    "  -H, --no-header        leave out the header line\n"
	    "  -s, --since DATE       from DATE on: patches posted on DATE or later;\n"
	    "                         offlist: commits written and committed then\n"
	    "                         (DATE: YYYY-MM-DD, ISO 8601 or @SECONDS)\n"
	    "  -u, --until DATE       up to DATE: patches posted on DATE or earlier, a\n"
	    "                         bare day counting whole; offlist: commits\n"
	    "                         written and committed then (default: the dates\n"
	    "                         the mails really cover, per list, stray mails\n"
	    "                         left out)\n"
	    "  -S, --max-series N     leave out series above N patches (named on stderr)\n"
	    "      --grace DAYS       an unanswered patch posted less than DAYS before\n"
	    "                         the coverage of its list ends is too new (default:\n"
	    "                         per list, the 90th percentile time to first response\n"
	    "                         of its last year's answered patches, at least 14)\n"
	    "  -p, --plot FILE        weekly, duration, maintainers: draw FILE.png or\n"
	    "                         FILE.svg (gnuplot); all: png or svg, the plots'\n"
	    "                         format (default: no plots)\n"
	    "  -o, --out DIR          all: the output folder, made (with its parents)\n"
	    "                         when missing, for NAME.tsv of\n"
	    "                         every report, summary.txt, cycle.txt and\n"
	    "                         maintainers.txt (as -P writes them; maintainers\n"
	    "                         10 rows of each kind), report.txt (as text\n"
	    "                         writes it), the plots and report.html\n"
	    "  -R, --release REGEX    cycle, html, text: tags that are releases\n"
	    "                         (default " RELEASE_RE ":\n"
	    "                         vX.Y, X.Y, NAME-X.Y; -rcN tags are found)\n"
	    "      --truth T          eval: \"links\" (commits' Link: trailers) or a\n"
	    "                         PaStA patch-groups file\n"
	    "      --diff             eval: list the disagreeing mail-commit links\n"
	    "  -n, --top N            summary (and html's and text's): lists and\n"
	    "                         authors shown (default 5); maintainers (and\n"
	    "                         html's): rows of each kind (default 0: all)\n"
	    "  -M, --mail-url URL     html: a mail's link, %%s its Message-ID (URL-escaped;\n"
	    "                         default https://lore.kernel.org/r/%%s; \"\": none)\n"
	    "  -C, --commit-url URL   html: a commit's link, %%s its id (default: none,\n"
	    "                         the id as text)\n"
	    "  -T, --title TEXT       html: the page's title; text: report.txt's first\n"
	    "                         line\n"
	    "      --for ADDR         waiting, changes, digest, the feeds, text (and\n"
	    "                         all's): only the patches ADDR wrote, was sent\n"
	    "                         (To/Cc) or maintains (MAINTAINERS)\n"
	    "      --state FILE       changes, digest, changes-feed, text: the\n"
	    "                         state.tsv of the run before (all: DIR/state.tsv);\n"
	    "                         without it, no changes: a first state\n"
	    "      --log FILE         changes-feed: the run before's changes-log.tsv\n"
	    "                         (all: DIR/changes-log.tsv), under this run's changes\n"
	    "      --person-feeds WHO all: a waiting feed per person,\n"
	    "                         waiting-ADDR.atom: the addresses WHO lists\n"
	    "                         (comma-separated), or \"maintainers\": each\n"
	    "                         maintainer with something waiting\n"
	    "      --from ADDR        digest: its From (default patchtrack\n"
	    "                         <patchtrack@localhost>)\n"
	    "      --to ADDRS         digest: its To (default undisclosed-recipients:;)\n"
	    "  -m, --mailmap FILE     read senders, recipients and MAINTAINERS people\n"
	    "                         through git's .mailmap FILE: one person, one row\n"
	    "      --corrections FILE a maintainer's corrections (id verdict note by\n"
	    "                         date): each patch or commit shown with the\n"
	    "                         verdict given, marked (why and eval: the tool's\n"
	    "                         own too)\n"
	    "      --verdicts FILE    render the verdicts of FILE (a verdicts table:\n"
	    "                         ptreport verdicts, or any judge's) instead of\n"
	    "                         judging; the corrections apply over them\n"
	    "  -q, --quiet            nothing on stderr but errors and what input was\n"
	    "                         skipped (cancels -v): no notes (lines of the\n"
	    "                         mailmap it cannot read, series left out,\n"
	    "                         reports not made)\n"
	    "  -v, --verbose          the summary on stderr: the coverage, the grace,\n"
	    "                         the mailmap's entries, what a report counted\n"
	    "  -V, --version          print the version\n"
	    "  -h, --help             this text\n");
}

static const struct option longopts[] = {
	{ "csv", no_argument, NULL, 'c' },
	{ "pretty", no_argument, NULL, 'P' },
	{ "no-header", no_argument, NULL, 'H' },
	{ "since", required_argument, NULL, 's' },
	{ "until", required_argument, NULL, 'u' },
	{ "max-series", required_argument, NULL, 'S' },
	{ "grace", required_argument, NULL, 'g' },
	{ "plot", required_argument, NULL, 'p' },
	{ "release", required_argument, NULL, 'R' },
	{ "truth", required_argument, NULL, 't' },
	{ "diff", no_argument, NULL, 'd' },
	{ "top", required_argument, NULL, 'n' },
	{ "mail-url", required_argument, NULL, 'M' },
	{ "commit-url", required_argument, NULL, 'C' },
	{ "title", required_argument, NULL, 'T' },
	{ "out", required_argument, NULL, 'o' },
	{ "mailmap", required_argument, NULL, 'm' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "version", no_argument, NULL, 'V' },
	{ "help", no_argument, NULL, 'h' },
	{ "for", required_argument, NULL, 'w' },
	{ "state", required_argument, NULL, 'z' },
	{ "log", required_argument, NULL, 'L' },
	{ "from", required_argument, NULL, 'F' },
	{ "to", required_argument, NULL, 'Y' },
	{ "corrections", required_argument, NULL, 'K' },
	{ "verdicts", required_argument, NULL, 'J' },
	{ "person-feeds", required_argument, NULL, 'E' },
	{ NULL, 0, NULL, 0 }
};

/* The command line as read: the command, its options, the mailmap. */
struct cli {
	size_t cmd;
	struct ropts o;
	const char *mailmap;
};

/* Every command's defaults, before the options. */
static void
defaults(struct ropts *o)
{
	memset(o, 0, sizeof *o);
	o->sc.since = o->sc.until = o->osince = o->ountil = NODATE;
	o->sc.grace = GRACE_DAYS;
	o->fmt = OF_TSV;
	o->header = 1;
	o->release_re = RELEASE_RE;
	o->top = 5;
	o->fp = stdout;
	o->mail_url = "https://lore.kernel.org/r/%s";
}

/* An option that takes a number or a date: -1 when good, else the exit status. */
static int
value_option(struct ropts *o, int ch, const char *arg)
{
	switch (ch) {
	case 's':
		if (date_option(arg, 0, &o->sc.since) < 0) {
			warnx("--since %s: not a date (YYYY-MM-DD, ISO 8601 or @N)", arg);
			return PT_EXIT_FAILED;
		}
		break;
	case 'u':
		if (date_option(arg, 1, &o->sc.until) < 0) {
			warnx("--until %s: not a date (YYYY-MM-DD, ISO 8601 or @N)", arg);
			return PT_EXIT_FAILED;
		}
		break;
	case 'S':
		if (parse_long(arg, 1, 100000000, &o->sc.max_series) < 0) {
			warnx("--max-series %s: not a number of patches", arg);
			return PT_EXIT_FAILED;
		}
		break;
	case 'g':
		if (parse_long(arg, 0, 36500, &o->sc.grace) < 0) {
			warnx("--grace %s: not a number of days", arg);
			return PT_EXIT_FAILED;
		}
		o->sc.grace_set = 1;
		break;
	case 'n':
		if (parse_long(arg, 0, 1000000, &o->top) < 0) {
			warnx("--top %s: not a number", arg);
			return PT_EXIT_FAILED;
		}
		o->top_set = 1;
		break;
	}
	return -1;
}

/* --for: an address as the tables hold them, lower case. */
static const char *
for_address(const char *arg)
{
	char *w = xstrdup(arg);

	for (char *p = w; *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p = (char)(*p - 'A' + 'a');
	return w;
}

/* One option of c's command: -1 to go on, else the exit status. */
static int
option(struct cli *c, int ch, const char *arg)
{
	struct ropts *o = &c->o;

	if (ch != '?' && !strchr(COMMON_OPTS, ch) && !strchr(commands[c->cmd].own, ch))
		return not_its_option(c->cmd, ch, longopts);
	switch (ch) {
	case 'c': o->fmt = OF_CSV; break;
	case 'P': o->fmt = OF_PRETTY; break;
	case 'H': o->header = 0; break;
	case 's': case 'u': case 'S': case 'g': case 'n':
		return value_option(o, ch, arg);
	case 'p': o->plot = arg; break;
	case 'R': o->release_re = arg; break;
	case 't': o->truth = arg; break;
	case 'd': o->diff = 1; break;
	case 'M': o->mail_url = arg; break;
	case 'C': o->commit_url = arg; break;
	case 'T': o->title = arg; break;
	case 'o': o->dir = arg; break;
	case 'm': c->mailmap = arg; break;
	case 'w': o->who = for_address(arg); break;
	case 'z': o->state = arg; break;
	case 'L': o->changelog = arg; break;
	case 'K': o->corrections = arg; break;
	case 'J': o->verdicts = arg; break;
	case 'E': o->person_feeds = arg; break;
	case 'F':
	case 'Y':
		if (!header_value_ok(arg)) {
			warnx("--%s: a mail header's value holds no control character "
			    "(no newline)", ch == 'F' ? "from" : "to");
			return PT_EXIT_FAILED;
		}
		if (ch == 'F')
			o->digest_from = arg;
		else
			o->digest_to = arg;
		break;
	case 'q': o->sc.quiet = 1; o->sc.verbose = 0; break;
	case 'v': o->sc.verbose = 1; o->sc.quiet = 0; break;
	case 'V': print_version(); close_stdout(); return PT_EXIT_OK;
	case 'h': help(); close_stdout(); return PT_EXIT_OK;
	default: usage(stderr); return PT_EXIT_FAILED;
	}
	return -1;
}

/* A usage error, said already: the usage, and the exit status. */
static int
misused(void)
{
	usage(stderr);
	return PT_EXIT_FAILED;
}

static int
check_release(const char *re_text)
{
	regex_t re;
	int err = regcomp(&re, re_text, REG_EXTENDED | REG_NOSUB);

	if (err) {
		char msg[128];

		regerror(err, &re, msg, sizeof msg);
		warnx("--release %s: %s", re_text, msg);
		return PT_EXIT_FAILED;
	}
	regfree(&re);
	return -1;
}

/* What the command's options must hold (its CK_*): -1 when they do, else the exit status. */
static int
check_options(const struct cli *c)
{
	const struct ropts *o = &c->o;
	int checks = commands[c->cmd].checks;
	const char *why;

	if ((checks & CK_TRUTH) && !o->truth && !o->corrections) {
		warnx("%s needs --truth links or --truth FILE (a PaStA patch-groups file), or "
		    "--corrections FILE", commands[c->cmd].name);
		return misused();
	}
	if ((checks & CK_OUT) && !o->dir) {
		warnx("%s needs --out DIR, the folder for its files", commands[c->cmd].name);
		return misused();
	}
	if ((checks & CK_OUT) && o->plot && strcmp(o->plot, "png") && strcmp(o->plot, "svg")) {
		warnx("%s: --plot %s: png or svg, the format of the plots", commands[c->cmd].name,
		    o->plot);
		return misused();
	}
	if (checks & CK_URL) {
		if (*o->mail_url && url_template_check(o->mail_url, &why) < 0) {
			warnx("--mail-url %s: %s", o->mail_url, why);
			return PT_EXIT_FAILED;
		}
		if (o->commit_url && *o->commit_url && url_template_check(o->commit_url, &why) < 0) {
			warnx("--commit-url %s: %s", o->commit_url, why);
			return PT_EXIT_FAILED;
		}
	}
	if (checks & CK_RELEASE)
		return check_release(o->release_re);
	return -1;
}

/*
 * The command line: the command and its options.  -1 when the tables
 * are to be read, else the exit status (-h, -V, a usage error).
 */
static int
parse_command_line(struct cli *c, int *argcp, char ***argvp)
{
	int argc = *argcp, ch, st;
	char **argv = *argvp;

	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		help();
		close_stdout();
		return PT_EXIT_OK;
	}
	if (argc > 1 && (!strcmp(argv[1], "-V") || !strcmp(argv[1], "--version"))) {
		print_version();
		close_stdout();
		return PT_EXIT_OK;
	}
	if (argc < 2) {
		usage(stderr);
		return PT_EXIT_FAILED;
	}
	for (c->cmd = 0; c->cmd < NCOMMANDS; c->cmd++)
		if (!strcmp(argv[1], commands[c->cmd].name))
			break;
	if (c->cmd == NCOMMANDS) {
		warnx("unknown command: %s", argv[1]);
		usage(stderr);
		return PT_EXIT_FAILED;
	}
	defaults(&c->o);
	c->mailmap = NULL;
	argv++;
	argc--;
	while ((ch = getopt_long(argc, argv, SHORT_OPTS, longopts, NULL)) != -1)
		if ((st = option(c, ch, optarg)) >= 0)
			return st;
	c->o.osince = c->o.sc.since;
	c->o.ountil = c->o.sc.until;
	*argcp = argc;
	*argvp = argv;
	return check_options(c);
}

/*
 * The first line of a patchtrack folder's file dir/name, without its
 * newline, into line[0..size): its length; -1 when there is no file.
 */
static long
folder_line(const char *dir, const char *name, char *line, size_t size)
{
	char path[4096];
	FILE *fp;
	size_t n;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (!(fp = fopen(path, "r")))
		return -1;
	if (!fgets(line, (int)size, fp))
		line[0] = '\0';
	fclose(fp);
	n = strlen(line);
	if (n && line[n - 1] == '\n')
		line[--n] = '\0';
	return (long)n;
}

/*
 * The verdicts table another judge wrote for a patchtrack folder's
 * reports (patchtrack --judge: its judge file names the command), or
 * NULL: its reports were ptreport's own verdicts.
 */
static const char *
folder_judged(const char *dir)
{
	static char path[4096];
	char cmd[4096];

	snprintf(path, sizeof path, "%s/verdicts.tsv", dir);
	return folder_line(dir, "judge", cmd, sizeof cmd) > 0 && access(path, R_OK) == 0 ?
	    path : NULL;
}

/*
 * The corrections a patchtrack folder's runs read: the path its
 * corrections.path holds, or NULL for none (kept for the run's life).
 */
static const char *
folder_corrections(const char *dir)
{
	static char path[4096];

	return folder_line(dir, "corrections.path", path, sizeof path) > 0 ? path : NULL;
}

/*
 * why: the id, and without tables those of the patchtrack folder it
 * runs in (its mailmap too).  -1 to go on, else the exit status.
 */
static int
why_setup(struct cli *c, int argc, char **argv, struct model *md, struct mailmap *mm,
    char ***folder, size_t *nfolder, int *rc)
{
	if (optind == argc) {
		warnx("why needs an ID: a mail's Message-ID or a commit's hash");
		return misused();
	}
	c->o.query = argv[optind++];
	md->want_pairs = 1;
	if (optind == argc) {
		int hm;
		size_t gone;

		*nfolder = folder_tables(".", folder, &hm, &gone);
		if (gone)
			pt_exit_raise(rc, PT_EXIT_SKIPPED);
		if (!*nfolder) {
			warnx("why: no tables given, and this is no patchtrack output folder "
			    "(no inputs.mk here)");
			return PT_EXIT_FAILED;
		}
		if (hm && !c->mailmap) {
			if (mailmap_read(mm, "mailmap", 1) < 0)
				*rc = PT_EXIT_FAILED;
			md->mm = mm;
		}
		/* The corrections its last run read (patchtrack's corrections.path). */
		if (!c->o.corrections)
			c->o.corrections = folder_corrections(".");
		/* Another judge's verdicts, as its reports rendered them (--judge). */
		if (!c->o.verdicts)
			c->o.verdicts = folder_judged(".");
	}
	return -1;
}

/*
 * --for's address as the tables hold its person: through the mailmap,
 * as every sender, recipient and maintainer is read (a second address
 * the mailmap joins to the first gives the same queue).
 */
static void
for_mapped(struct cli *c, struct model *md)
{
	const char *w;

	if (!c->o.who || !md->mm)
		return;
	w = person_address(md, c->o.who, strlen(c->o.who));
	/* for_address()'s copy gives way to the interned one. */
	free((char *)c->o.who);
	c->o.who = w;
}

/* The mailmap, before the tables: they are read through it. */
static void
read_mailmap(const struct cli *c, struct model *md, struct mailmap *mm, int *rc)
{
	if (!c->mailmap)
		return;
	/* Not read: the people would not be joined (bad lines do not count). */
	if (mailmap_read(mm, c->mailmap, c->o.sc.quiet) < 0)
		*rc = PT_EXIT_FAILED;
	else if (c->o.sc.verbose)
		warnx("mailmap %s: %zu entries, %zu bad lines skipped", c->mailmap,
		    mm->nentries, mm->nbad);
	md->mm = mm;
}

int
main(int argc, char **argv)
{
	struct cli c;
	struct model md;
	struct mailmap mm;
	char **folder = NULL;
	size_t nfolder = 0;
	int rc = PT_EXIT_OK, st;

	setprogname(argv[0]);
	if ((st = parse_command_line(&c, &argc, &argv)) >= 0)
		return st;
	model_init(&md);
	mailmap_init(&mm);
	read_mailmap(&c, &md, &mm, &rc);
	if (commands[c.cmd].run == report_why &&
	    (st = why_setup(&c, argc, argv, &md, &mm, &folder, &nfolder, &rc)) >= 0)
		return st;
	for_mapped(&c, &md);
	if (optind == argc && !nfolder)
		argv[--optind] = "-";
	/* A table not read to its end, or not one ptreport reads: failed. */
	for (int i = optind; i < argc; i++)
		if (model_load(&md, argv[i]) < 0)
			rc = PT_EXIT_FAILED;
	for (size_t i = 0; i < nfolder; i++)
		if (model_load(&md, folder[i]) < 0)
			rc = PT_EXIT_FAILED;
	model_finish(&md);
	/* What the verdicts and the off-list reasons read beyond the tables, once. */
	find_foreign(&md);
	reasons_index(&md);
	/* A maintainer's corrections: rows named are kept or left out, the rest applied. */
	if (c.o.corrections)
		pt_exit_raise(&rc, corrections_read(&md, c.o.corrections));
	if (md.has_merged && !c.o.sc.quiet)
		merged_notes(&md);
	/* why: the pairs of its id's cluster are kept as the tables are read. */
	if (commands[c.cmd].run == report_why)
		why_ids(&md, c.o.query);
	pairs_read(&md);
	/* A verdicts table given: read with the tables, taken instead of judging. */
	if (c.o.verdicts) {
		pt_exit_raise(&rc, vrows_load(&md, c.o.verdicts));
		/* A row naming what the tables lack, or no verdict: failed. */
		pt_exit_raise(&rc, verdicts_given(&md, &c.o.sc));
	} else
		verdicts(&md, &c.o.sc);
	offlist_agreement(&md, &c.o);
	/* A pairs table not read to its end (named by the reader): failed. */
	if (md.pairs_failed)
		rc = PT_EXIT_FAILED;
	/* all: 2 when a file could not be written. */
	pt_exit_raise(&rc, commands[c.cmd].run(&md, &c.o));
	if (md.nbad) {
		warnx("%lu bad rows, named above, were left out", md.nbad);
		pt_exit_raise(&rc, PT_EXIT_SKIPPED);
	}
	if (md.nbadblobs) {
		warnx("%lu blobs fields, named above, were not read (their rows kept)",
		    md.nbadblobs);
		pt_exit_raise(&rc, PT_EXIT_SKIPPED);
	}
	model_free(&md);
	mailmap_free(&mm);
	for (size_t i = 0; i < nfolder; i++)
		free(folder[i]);
	free(folder);
	close_stdout();
	return rc;
}
