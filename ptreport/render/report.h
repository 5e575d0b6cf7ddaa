/*
 * report.h - the reports: the output writer (out.c), the plots (plot.c),
 * what several reports compute (figures.c) and a file per report (see
 * "Reports" below); the top of ptreport's three parts, reading the
 * verdicts (judge/judge.h) and the model (model/model.h) below it.
 * main.c reads the command line and all.c writes every report at once.
 */
#ifndef PT_REPORT_H
#define PT_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "judge/judge.h"

/* Output (out.c): TSV, CSV (libcsv) or aligned text. */
enum ofmt { OF_TSV, OF_CSV, OF_PRETTY };

struct out {
	enum ofmt fmt;
	int header;
	FILE *fp;
	struct buf row;
	size_t ncell;
	/* OF_PRETTY keeps every cell until out_finish(). */
	char **cells;
	size_t ncells, capcells, ncols;
};

void out_init(struct out *o, enum ofmt fmt, int header, FILE *fp);
void out_header(struct out *o, const char *const *names, size_t n);
void out_cell(struct out *o, const char *s);
void out_celln(struct out *o, const char *s, size_t n);
void out_cellf(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A cell of time t as fmt writes it (at most 31 bytes), empty for NODATE. */
void out_time(struct out *o, int64_t t, void (*fmt)(char *, int64_t));
void out_date(struct out *o, int64_t t);
void out_end(struct out *o);
void out_finish(struct out *o);

/*
 * Plots (plot.c): run gnuplot on a data file with a script; the image
 * (.png or .svg, by the name) is written to a temporary name and
 * renamed.  0 on success, -1 after a message.
 */
int plot(const char *image, const char *data, const char *script);
/*
 * With plot_defer(1), plot() only starts gnuplot and returns 0 (a few
 * at once: then it waits for the first ones); plot_wait() waits for
 * them all, renames their images and removes their data: 0, or -1 when
 * one failed (named).  Data handed to a plot still drawn stays until
 * then, whatever plot_scratch_done() is asked.
 */
void plot_defer(int on);
int plot_wait(void);
/*
 * A scratch file for a plot's data, in $TMPDIR (else /tmp), open for
 * writing, its name in path; NULL (errno set) if it cannot be made.
 * Until plot_scratch_done() it is removed on TERM, INT or HUP too, as
 * is the image's temporary name while gnuplot writes it.
 */
#define PLOT_PATH_MAX 4096
FILE *plot_scratch(char *path, size_t size);
void plot_scratch_done(const char *path);
/* A gnuplot string literal for s (single quotes doubled). */
void plot_quote(struct buf *b, const char *s);
/*
 * An image with a title and a frame, saying in its middle why it has
 * nothing to show (no patch for the project in the archives): a run
 * with nothing to plot still writes every image it names.  As plot().
 */
int plot_empty(const char *image, const char *title, const char *why);

/*
 * A report ptreport all wrote beside the page (the folder of -o): the
 * page links it where it shows some of its rows, or none.
 */
struct rfile {
	const char *name;        /* ignored.tsv */
	unsigned long long bytes;
};

/*
 * Reports, a file each (patches.c: patches and ignored; offlist.c,
 * weekly.c, cycle.c, duration.c, summary.c, maintainers.c, eval.c,
 * html.c: all of them as a page; overview.c: as report.txt; all.c: all
 * of them into a folder);
 * each returns the exit status.
 */
struct ropts {
	struct scope sc;
	enum ofmt fmt;
	int header;
	const char *plot;
	const char *truth;       /* eval: "links" or a patch-groups file */
	int diff;                /* eval: list disagreements */
	const char *release_re;  /* cycle: which tags are releases */
	int64_t osince, ountil;  /* offlist: commit window */
	long top;                /* summary: how many lists and authors;
	                            maintainers: rows per kind (0: all) */
	int top_set;             /* -n was given */
	FILE *fp;                /* where the report goes: stdout, or memory for html */
	const char *mail_url;    /* html: a mail's link, %s its Message-ID; NULL, "": none */
	const char *commit_url;  /* html: a commit's link, %s its id; NULL, "": none */
	const char *title;       /* html: the page's title; NULL: a default */
	const char *dir;         /* all: the folder the files go to */
	const struct rfile *files; /* html: the reports all wrote beside the page */
	size_t nfiles;
	const char *query;       /* why: a Message-ID or a commit hash (a prefix will do) */
	const char *who;         /* waiting, changes, digest, feeds: only the patches of
	                            this address (author, To/Cc or maintainer); NULL */
	const char *state;       /* changes: the earlier state.tsv; NULL: none */
	const char *corrections; /* a maintainer's corrections table; NULL: none */
	const char *verdicts;    /* a verdicts table to render instead of judging; NULL */
	const char *person_feeds; /* all: a waiting feed per person, these addresses
	                            (comma- or blank-separated) or "maintainers" */
	const char *changelog;   /* the earlier changes-log.tsv; NULL: none */
	const char *digest_from, *digest_to; /* digest: its From and To; NULL: defaults */
};

int report_patches(struct model *md, const struct ropts *o);
/* The rows report_patches writes (the page counts them without it). */
size_t patches_rows(const struct model *md);
int report_ignored(struct model *md, const struct ropts *o);
int report_offlist(struct model *md, const struct ropts *o);
int report_weekly(struct model *md, const struct ropts *o);
int report_cycle(struct model *md, const struct ropts *o);
int report_duration(struct model *md, const struct ropts *o);
int report_summary(struct model *md, const struct ropts *o);
int report_eval(struct model *md, const struct ropts *o);
int report_maintainers(struct model *md, const struct ropts *o);
int report_html(struct model *md, const struct ropts *o);
/* report.txt (overview.c); its maintainers: the first rows of each kind. */
int report_text(struct model *md, const struct ropts *o);
#define TEXT_MAINT_TOP 10

/*
 * The morning view.  The run's date (run_date): the archives' latest
 * mail, so that the same tables give the same bytes.
 */
int64_t run_date(const struct model *md);
/*
 * The waiting queue (waiting.c): patches for the project whose verdict
 * is too-new (not merged, no response in any version, within the
 * grace), oldest first; each with its age at the run's date and the
 * share of its list's answered patches (those the grace is found from)
 * that were answered within that age (-1: none to compare with).
 */
struct wait {
	uint32_t mail;
	int64_t age;
	double share;
	const char *list;        /* the list the share is of; "" if none */
};
size_t waiting_list(struct model *md, const struct ropts *o, struct wait **out);
int waiting_mail(struct model *md, const struct scope *sc, uint32_t mi);
/* Is who (NULL: anyone) m's sender, a To/Cc recipient or a maintainer of it? */
int for_person(const struct mail *m, const char *who);
/* "3.1 days; 80% of the patches answered on L are answered by then" into b. */
void waiting_age_text(const struct wait *w, struct buf *b);
int report_waiting(struct model *md, const struct ropts *o);
/*
 * What changed since the run before (changes.c): the state of every
 * patch for the project (its verdict, "waiting" for too-new) and of
 * every off-list commit ("offlist"), with when it entered it, beside the
 * earlier state (o->state); the changes newest first.  Computed once per
 * model (changes_free() after).
 */
struct statrow {
	const char *kind, *id, *state;
	int64_t since;
};
struct change {
	const char *what;        /* posted answered merged applied ignored withdrawn
	                            superseded offlist */
	const char *id, *was, *detail;
	uint32_t idx;            /* mail or commit index */
	unsigned char commit;
	int64_t since;           /* when it entered its state */
};
struct changes {
	struct change *v;
	size_t n;
	struct statrow *st;
	size_t nst;
	unsigned long nprev;     /* rows of the earlier state */
	unsigned long gone;      /* ... not in this run's tables */
	int first;               /* no earlier state: no changes, a first state */
	int failed;              /* the earlier state could not be read */
	unsigned long nbad;      /* its bad rows, left out (named) */
	char lastrun[21];        /* with no changes: the last run that had some
	                            (the earlier log's newest), or "" */
};
/* The changes log keeps this many rows, newest first; a feed shows FEED_MAX. */
#define LOG_MAX 500
#define FEED_MAX 200
const struct changes *changes_get(struct model *md, const struct ropts *o);
void changes_free(void);
/*
 * "3 changes since the run before (as of D):", or why none ("Nothing new
 * since D2, the last run with changes"), into b.
 */
void changes_headline(const struct model *md, const struct changes *ch, struct buf *b);
int changelog_each(struct model *md, const struct ropts *o,
    void (*fn)(const char *const *f, const size_t *len, void *arg), void *arg);
int report_changes(struct model *md, const struct ropts *o);
int report_state(struct model *md, const struct ropts *o);
/*
 * The verdicts table (render/verdicts.c; patchtrack-tsv(5)): the
 * judge's own verdicts, a row a patch mail and a commit of the window.
 */
int report_verdicts(struct model *md, const struct ropts *o);
int report_changelog(struct model *md, const struct ropts *o);
/* Atom feeds (feed.c) and the digest mail (digest.c). */
int report_waiting_feed(struct model *md, const struct ropts *o);
int report_changes_feed(struct model *md, const struct ropts *o);
int report_digest(struct model *md, const struct ropts *o);
/* No control character in s (a header's value given as an option)? */
int header_value_ok(const char *s);
/* tmpl's link of id (html-escape.c's url(), unescaped) appended to b. */
void url_expand(struct buf *b, const char *tmpl, const char *id);
/* One mail or commit, its verdict and the evidence (why.c). */
int report_why(struct model *md, const struct ropts *o);
/* Before the pairs are read: the ids whose pairs why shows (want_pairs, why_ids). */
void why_ids(struct model *md, const char *query);
/*
 * The same for the page, brief (no pairs, lists of at most 8 lines; of
 * a commit, not what a row of offlist says): mail or commit id (a whole
 * id) into fp.  Whether it said more than the row (0 for an unknown id).
 */
int why_brief(struct model *md, const struct ropts *o, const char *id, int commit, FILE *fp);
/*
 * The tables of a patchtrack output folder dir (one holding inputs.mk),
 * as its reports read them, and the pairs tables of pairs.list: their
 * paths into *out (each and the array allocated); how many, 0 when dir
 * is no such folder.  *has_mailmap: dir/mailmap is there, not empty;
 * *missing: files pairs.list names that are not there (named on stderr).
 */
size_t folder_tables(const char *dir, char ***out, int *has_mailmap, size_t *missing);
/* Every report into o->dir (all.c); 2 when a file could not be written. */
int report_all(struct model *md, const struct ropts *o);

/*
 * Is tmpl a usable link template (html-escape.c): one %s, %% for a '%', no
 * other '%', and no scheme but http:, https: or file:?  0, or -1 with
 * *why saying what is wrong.
 */
int url_template_check(const char *tmpl, const char **why);
/*
 * Which tags are releases by default: vX.Y, X.Y and NAME-X.Y (or
 * NAME_X.Y: liburing-2.5, man-pages-6.05, erofs-utils_20190803, a date
 * as LTP tags its releases), each number part digits; -rcN tags are
 * release candidates whatever the pattern says.
 */
#define RELEASE_RE "^([A-Za-z][A-Za-z0-9._+-]*[-_])?v?[0-9]+(\\.[0-9]+)*$"
/* How many tags of the tags table are releases by regex re (cycle's rule). */
size_t release_tags(const struct model *md, const char *re);

/* Helpers the reports share (figures.c). */
/* Seconds from patch m to its first response; -1 if none. */
int64_t ttfr(const struct model *md, const struct mail *m);
/* A cell of hours (empty for -1), the pct-th percentile of sorted v. */
void out_hours(struct out *o, int64_t secs);
void out_median(struct out *o, const int64_t *v, size_t n, unsigned pct);
/* part / whole, 0 for no whole. */
double share(unsigned long part, unsigned long whole);
/* A count by a key (a list, an author); cmp_tally: most first, then by key. */
struct tally {
	const char *key;
	unsigned long n;
};
int cmp_tally(const void *a, const void *b);
/* Die unless the tables the report named what needs were given. */
void need(const struct model *md, int mails, int commits, int clusters, const char *what);
/* The M and R addresses of the sections responsible for m, sorted, once each, into *v. */
size_t maint_people(const struct mail *m, const char ***v);
/* maint_people() but m's author: whom the patch waits on. */
size_t waits_on(const struct mail *m, const char ***v);
/*
 * An address given (--for, --person-feeds) as the tables hold its person:
 * through the mailmap as every sender and recipient is, lower-cased,
 * interned.
 */
const char *person_address(struct model *md, const char *p, size_t k);
/*
 * m's To and Cc addresses, and (maint_text) those M and R people, each
 * a blank between, appended to b; maint_text: how many people.
 */
void rcpt_text(const struct mail *m, struct buf *b);
size_t maint_text(const struct mail *m, struct buf *b);

/*
 * Patches (patches.c): the verdict of patch mail mi (merged, answered,
 * ignored ... not-counted), what decided it appended to b (a commit, a
 * responder, a mail, a reason): a maintainer's correction, else the
 * detail made once (judge/vtext.c) or given (--verdicts).
 */
const char *mail_verdict(struct model *md, const struct scope *sc, uint32_t mi, struct buf *b);

/* The offlist report (offlist.c): its window, and what it makes of a commit. */
/*
 * What the reports make of commit ci: "off-list", "posted" (b gets the
 * posting), "not off-list", or "not judged (why)".
 */
const char *commit_state(const struct model *md, const struct ropts *o, uint32_t ci,
    struct buf *b);
size_t offlist_find(const struct model *md, const struct ropts *o, uint32_t **out,
    size_t *ncand, size_t *ndamaged);
/* For each commit's correction: does the tool's own verdict agree? */
void offlist_agreement(struct model *md, const struct ropts *o);
size_t offlist_window(const struct model *md, const struct ropts *o, struct span **v);
const char *window_source(const struct ropts *o);

/* What the maintainers view rests on, for stderr and the summary (maintainers.c). */
void maint_basis(const struct model *md, struct buf *b);
/*
 * eval with --corrections and no --truth: the corrections as labels,
 * per verdict given: how many, how many the tool's own verdict agrees
 * with (--diff: the rows it does not).
 */
int corrections_eval(struct model *md, const struct ropts *o);

#endif
