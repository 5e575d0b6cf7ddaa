/*
 * ptreport.h - what the reports share: the tables loaded into memory
 * (mails with their threads, commits, clusters, release tags, the
 * MAINTAINERS sections of patches), the verdicts computed from them, the
 * output writer, the plots and the helpers the reports share.
 *
 * Where each part lives: load.c reads the tables into model.c's store
 * and finishes the model (with clusters.c, paths.c, foreign.c,
 * sections.c, threads.c, titles.c and reasons.c; their shared parts in
 * model.h),
 * verdict.c judges (with people.c, responses.c, coverage.c, roles.c
 * and versions.c), out.c writes rows, plot.c
 * runs gnuplot, figures.c holds what several reports compute, mailmap.c
 * joins a person's names and addresses, and each report has a file of
 * its own (see "Reports" below); main.c reads the command line.
 *
 * Only the columns the reports use are kept: ids, dates, senders,
 * subjects, links, the patches' recipients and the paths they change,
 * and per path of the repository when it was created and deleted; never
 * message or diff bodies, so memory follows the number of mails,
 * commits and paths, not the size of the archive.  An address, or a section of one version of
 * MAINTAINERS, is held once; patches point to it.  Every string lives in
 * the model's arena or string pool and is freed with it.
 */
#ifndef PT_PTREPORT_H
#define PT_PTREPORT_H

#include <stdint.h>
#include <stdio.h>

#include "buf.h"
#include "day.h"
#include "uf.h"
#include "hash.h"
#include "vocab.h"

struct mailmap;
struct forwork;
struct ownpost;

#define NONE UINT32_MAX
#define NODATE INT64_MIN

/*
 * A mail, or a Message-ID only referenced (present == 0: a mail missing
 * from the archive that still ties a thread together).
 */
struct mail {
	const char *id;
	const char *from;        /* sender address, interned */
	const char *name;        /* sender name */
	const char *who;         /* sender name lower-cased, interned; "" if none */
	const char *subject;
	const char *lists;       /* space-separated: a mail cross-posted to several */
	const char *arch;        /* the archive it came from (its src, less the place
	                            in it), interned; "" if unknown */
	const char *files;       /* patch table: what it changes, one a line: a kind
	                            (M modifies, C creates, D deletes, R renames,
	                            U unknown) and the path, for R "old TAB new";
	                            NULL */
	const char *fwhy;        /* foreign: a path that is not the repository's */
	const char *ntitle;      /* patches: the subject's title, lower-cased, its
	                            words alone (interned; "" if none) */
	const char **rcpt;       /* patches: To then Cc addresses, interned, once each */
	struct msect **sect;     /* patches: the responsible MAINTAINERS sections */
	int64_t date;
	uint32_t parent;         /* In-Reply-To, else the last reference; NONE */
	uint32_t cluster;        /* NONE: in no cluster */
	uint32_t cnext;          /* next mail of the same cluster */
	uint32_t rnext;          /* next possible response in the thread */
	uint32_t total;          /* N of [PATCH k/N], 0 if none */
	uint32_t version;        /* V of [PATCH vV], 0 if none */
	uint32_t part;           /* k of [PATCH k/N] (0: a cover letter), NONE if none */
	uint32_t fresp;          /* patches for the project: the first response; NONE */
	uint32_t rfcby;          /* an RFC by its cover letter, this one; NONE */
	uint32_t nrcpt, nsect;
	uint32_t fknown, fchanged; /* foreign: of the files it changes, how many are
	                            the repository's (or creates, when fchanged is 0) */
	uint32_t pforeign, pjudged; /* byposting: of its posting's patches judged by
	                            their files, how many are another repository's;
	                            byauthor: of those under its title's prefix;
	                            leftout: of its posting's other patches, how
	                            many were merged (pjudged: of how many) */
	unsigned char present;   /* a row of a mails table */
	unsigned char type;      /* enum mtype */
	unsigned char process;   /* bot, pull, RFC, linux-next or stable mail */
	unsigned char rfc;       /* flags word rfc: asks for comments (a human's, if no bot) */
	unsigned char review;    /* flags word next or stable: a copy for linux-next or a
	                            stable review, not a posting */
	unsigned char project;   /* a patch for the project (method.md §5) */
	unsigned char excluded;  /* part of a series above --max-series */
	unsigned char foreign;   /* touches nothing the repository has */
	unsigned char byposting; /* foreign because most patches of its posting are */
	unsigned char byauthor;  /* foreign: it changes only files every project has
	                            (COPYING, README ...) and most patches under its
	                            title's prefix are another repository's */
	unsigned char ignored;
	unsigned char toonew;    /* would be ignored, but posted too near the end of
	                            the coverage to have been answered */
	unsigned char withdraw;  /* flags word withdraw: its sender says a patch of the
	                            thread is dropped or superseded */
	unsigned char withdrawn; /* would be ignored, but its author withdrew it, or
	                            sent a new version into its thread */
	unsigned char dup;       /* its id came more than once */
	unsigned char committer; /* patches: its author committed to the repository
	                            around its date (roles.c): not a contribution */
	unsigned char late;      /* would be ignored, but posted too near the end of
	                            the history given to have been merged there */
	unsigned char superseded; /* would be ignored, but its author's later version
	                            of its posting was handled without it */
	unsigned char together;  /* answered through a patch its author posted with
	                            it (one conversation): see together() */
	uint32_t supby;          /* superseded: a patch of that later posting */
	uint32_t twin;           /* together: the patch posted with it that was answered */
	const char *said;        /* no patch: its sender's own words (the mails table's
	                            said, at most SAID_KEEP bytes); "" */
	uint32_t tgt;            /* what it answers: the nearest of its parents that
	                            is a patch or a cover letter (threads.c); NONE */
	uint64_t phash;          /* patches: the patch table's hash (its first 64
	                            bits): an exact repost has the same; 0 unknown */
	unsigned char ping;      /* flags word ping: its own words only ask for attention */
	unsigned char series;    /* flags word series: its own words speak of the
	                            posting's patches together */
	unsigned char nosub;     /* flags word nosub: a patch not meant to be merged */
	unsigned char bytag;     /* foreign by its subject's tag (family.c) */
	unsigned char unsigned_; /* patches: its message has no Signed-off-by, and its
	                            subject no [PATCH] tag: shared, maybe not submitted */
	const char *fixes;       /* patches: the commit its first Fixes: trailer names
	                            (FIXES_LEN hex digits, lower-cased, interned); "" */
	const char *changeid;    /* patches: its Change-Id trailer (interned); "" */
	unsigned char verdict;   /* enum verdict, once verdicts() ran */
	unsigned char weak;      /* unsure: the evidence its vby rests on is weak */
	unsigned char leftout;   /* unsure: other parts of its posting were merged,
	                            not it (parts_merged()) */
	unsigned char bypull;    /* unsure: a pull request's commit has its title and
	                            author (pull_like()) */
	unsigned char comp;      /* unsure: its companion in another repository
	                            (twin) was answered (vby the answer) */
	unsigned char lone;      /* answered-together: another part of its
	                            posting answered, not it (its versions not) */
	unsigned char carried;   /* carried.c: 1 reworked, a commit carries its
	                            added lines (not a credit); 2 superseded, a
	                            later patch mail of its author's does; 3
	                            unsure, a commit changed its removed lines;
	                            4 reworked, his own commit after it did */
	uint32_t vby;            /* what decided the verdict: a mail, or for merged,
	                            applied and reworked a commit; NONE */
	uint32_t vfam;           /* answered-version, superseded, unsure: the version
	                            (a mail) the evidence is about; NONE */
	unsigned char corrected; /* a maintainer's correction gave verdict
	                            (corrections.c); the tool's own is tverdict */
	unsigned char tverdict;
	uint32_t tvby, tvfam;    /* the tool's own vby and vfam, when corrected */
	uint32_t corr;           /* its correction (md->corr), or NONE */
};

/*
 * A patch mail's verdict (verdicts()), in the order the rules are tried;
 * verdict_names[] spells them as the reports do.
 */
enum verdict {
	V_NONE,                  /* not a patch mail */
	V_NOTCOUNTED,            /* not a patch for the project */
	V_NOTSUB,                /* not a submission: a test mail, do not merge */
	V_MERGED, V_APPLIED, V_ANSWERED, V_ANSWERED_VERSION, V_WITHDRAWN,
	V_FOLLOWEDUP, V_ANSWERED_TOGETHER, V_SUPERSEDED, V_REWORKED, V_TOONEW,
	V_UNSURE, V_IGNORED, V_N
};
extern const char *const verdict_names[V_N];
/* A Fixes: trailer's commit, as compared: its first FIXES_LEN hex digits. */
#define FIXES_LEN 8
/* A mail's own words kept (the mails table's said): enough to quote a line. */
#define SAID_KEEP 160

/* The first and last dates of something. */
struct dspan {
	int64_t first, last;
};

struct commit {
	const char *id;
	const char *author;      /* address */
	const char *committer;
	const char *subject;
	const char *links;       /* Message-IDs of Link:/Message-Id: trailers */
	const char *aname, *cname; /* author's and committer's names, lower-cased,
	                            interned ("" if none) */
	const char *merge;       /* the merge that brought it in (a merged table), or NULL */
	const char *reporters;   /* Reported-by and Suggested-by addresses, lower-cased,
	                            space-separated; "" if none */
	const char *imported;    /* the line of its message saying it came from another
	                            tree ("(cherry picked from commit X)", "[ Upstream
	                            commit X ]", "Change-Id: I..."; load.c), at most
	                            120 bytes, interned; "" if none */
	const char *credited;    /* the people its credit trailers name (Reported-by,
	                            Reviewed-by, Acked-by ...): addresses and names,
	                            lower-cased, a line each; "" if none */
	const char *files;       /* patch table: what it changes, as a mail's files;
	                            NULL (and for a side branch's commit) */
	const char *merge_subject;
	int64_t date;            /* author date */
	int64_t cdate;           /* commit date: when it was integrated */
	uint32_t rpost;          /* a reply of its author's whose diff is it (pairs); NONE */
	uint32_t cluster;
	uint32_t cnext;
	unsigned char present;   /* a row of a commits table */
	unsigned char skip;      /* merge or root commit: no patch */
	unsigned char damaged;   /* flags word damaged: git2tsv could not read its diff */
	unsigned char tagged;    /* a tag names it */
	unsigned char pull;      /* its message or subject names a pull request, or
	                            GitHub committed it */
	unsigned char verfiles;  /* it changes only version and change-log files */
	unsigned char pofiles;   /* it changes only translations (.po, .pot files) */
	unsigned char split;     /* split out of a posted patch: the other of two commits
	                            of its author written the same second is in a
	                            cluster with a posting that changes every file it
	                            changes (clusters.c) */
	uint64_t fbloom;         /* the files it changes, a bit each by their hash */
	uint64_t phash;          /* the patch table's hash (its first 64 bits); 0 unknown */
	const char *changeid;    /* its Change-Id trailer (interned); "" */
	const char *credits;     /* the people its credit trailers name (the patch
	                            table's credits: Signed-off-by, Co-developed-by,
	                            Reported-by ... but its author's and committer's),
	                            their addresses (or names) lower-cased,
	                            space-separated; "" */
	unsigned char side;      /* flags word side: on another branch than the main
	                            line (git2tsv --side): applied, not merged */
	const char *ntitle;      /* its subject's words, as a mail's ntitle */
	const char *nsummary;    /* those after its "prefix: " parts (summary_words()) */
	unsigned char corrected; /* a maintainer's correction: CORR_POSTED (not
	                            off-list) or CORR_OFFLIST (corrections.c) */
	uint32_t corr;           /* its correction (md->corr), or NONE */
};

struct cluster {
	const char *name;
	uint32_t mail;           /* first mail member, list through cnext */
	uint32_t commit;         /* first commit member */
	uint32_t nmails, ncommits; /* ncommits: of the main line (side ones apart) */
	uint32_t nside;          /* commits of side branches */
	uint32_t first_commit;   /* of the main line, by commit date: the integration; NONE */
	uint32_t first_side;     /* of side branches, by commit date; NONE */
	unsigned char responded; /* a mail of it got a response */
};

/* A commit of a forge's pull request the main line lacks (git2tsv --pulls; pulls.c). */
struct pullc {
	const char *id, *author, *aname, *subject, *ntitle;
	int64_t date;
	unsigned long pull;
	uint32_t next;           /* the next row of its title words; NONE */
};

struct tag {
	const char *name;
	const char *commit;      /* interned; "" if the table names none */
	int64_t date;
};

/*
 * A month is covered when it holds at least 1/COVER_SHARE of the list's
 * typical month (5%): a few stray mails, far from the list's real life,
 * or an archive that kept a trickle of a list's mail, are not coverage.
 */
#define COVER_SHARE 20
/* Uncovered months between covered ones, up to this many, are filled: quiet months. */
#define COVER_GAP 3
/*
 * The parts of a series sent without threading, by one person, are one
 * thread when sent within this many seconds of the earliest.
 */
#define SERIES_WINDOW (10 * 60)
/*
 * Patches posted less than a list's grace before its coverage ends are
 * too new: by default the 90th percentile time to first response of its
 * answered patches posted in the last GRACE_YEAR days of its coverage,
 * at least its latest GRACE_LATEST answered patches; never less than
 * GRACE_DAYS days.
 */
#define GRACE_DAYS 14
#define GRACE_YEAR 365
#define GRACE_LATEST 20

/* Dates the archive covers: from a first to a last mail, both included. */
struct span {
	int64_t from, to;
};

/* A commit creating or deleting a path (paths.c). */
struct pevent {
	int64_t t;               /* from when it counts: a creation's author date */
	int64_t tc;              /* the commit's date: the order of the history */
	const char *commit;      /* its id, interned: its author date, where known */
	unsigned char kind;      /* 'C' created (or renamed to), 'D' deleted (or renamed from) */
};

/*
 * A path of the repository's history, and when the repository had it:
 * intervals [from, to), from its creation (the creating commit's author
 * date, else its commit date) to its deletion (the deleting commit's
 * commit date); from the beginning of time when a commit changed it
 * before any created it.
 */
struct pathrec {
	int64_t first_touch;     /* earliest commit date of a change that did not
	                            create it; NODATE */
	struct pevent *ev;
	uint32_t nev, capev;
	struct span *iv;         /* to is exclusive here */
	uint32_t niv;
};

/* A folder: when it held a file of the repository. */
struct folderrec {
	struct span *iv;         /* to exclusive, sorted, disjoint */
	uint32_t niv, capiv;
};

/* What the mails of one list cover (coverage.c). */
struct listcov {
	const char *list;        /* list id as the mails name it; "" for none */
	struct span *s;          /* covered spans, in order */
	size_t ns;
	unsigned long mails;     /* its dated mails */
	unsigned long typical;   /* half its mails are in months at least this busy */
	int64_t grace;           /* seconds: too new when posted less than this
	                            before the end of a span */
	int64_t gp90;            /* the 90th percentile time to first response of
	                            its latest answered patches; NODATE: none */
	int64_t gfrom, gto;      /* when those patches were posted */
	unsigned long gn;        /* how many */
	unsigned long gpatches;  /* patches for the project on it, any date */
};

/*
 * A section of one version of MAINTAINERS (ptmaint output), shared by
 * every patch it is responsible for: its M, R and L entries.
 */
struct mentry {
	const char *addr;        /* lower-cased, interned */
	char role;               /* 'M', 'R' or 'L' */
};

struct msect {
	const char *title;       /* interned */
	const char *version;
	struct mentry *e;
	uint32_t ne;
};

/* A patch id and a section responsible for it, as read. */
struct mpair {
	const char *id;          /* interned */
	uint32_t sect;           /* index in ms */
	uint32_t mail;           /* resolved in model_finish */
};

/* A mail and the root of its thread. */
struct rkey {
	uint32_t root, mail;
	uint32_t tgt;            /* citations (ct): what the cited mail answers, or
	                            itself if a patch or cover letter (its tgt); NONE */
};

/* A mail naming no parent that quotes someone: its attribution line (quotes.c). */
struct quote {
	uint32_t mail;
	const char *who, *addr;  /* lower-cased, interned; "" if none */
	uint32_t days;           /* bit d: the line names day d (1 to 31) */
	int year;                /* the year it names (four digits) */
};

/* A thread, indexed by the union-find root of its mails. */
struct thread {
	uint32_t resp;           /* first mail that may be a response, list by rnext
	                            in order of date, then id */
	uint32_t nmails;         /* mails present */
	uint32_t npatches;       /* patches for the project */
	uint32_t total;          /* largest N of [PATCH k/N] seen */
	unsigned char left_out;  /* named as a series above --max-series */
};

/*
 * A posting the archives lack, known by a reply to it there: git
 * send-email's Message-IDs name the sender and the second it was sent
 * (<YYYYMMDDHHMMSS.PID-N-ADDR>, and the older
 * <EPOCH-PID-N-git-send-email-ADDR>).
 */
struct lostpost {
	const char *addr;        /* the sender, lower-cased, interned */
	int64_t t;               /* when it was sent */
	uint32_t reply;          /* a reply to it in the archives */
};

/* A pair of a patch's family (family.c): a mail and another of its person's, or a commit. */
struct fpair {
	uint32_t a, b;           /* mail indexes; b a commit's when commit */
	float score;             /* patchsim's */
	unsigned char commit;
	unsigned char loose;     /* mail-mail, alike but not over most of both
	                            (fdiff below FAM_FDIFF): a version only under
	                            a title alike (family_kin()) */
};

struct model {
	struct arena mem;
	struct strpool pool;
	struct mail *mails;
	size_t nmails, capmails;
	struct hmap mailid;      /* id -> index + 1 */
	struct uf threads;       /* the mails' threads, by index (uf.h; zeroed: by index) */
	struct commit *commits;
	size_t ncommits, capcommits;
	struct hmap commitid;
	struct cluster *clusters;
	size_t nclusters, capclusters;
	struct hmap clusterid;
	struct tag *tags;
	size_t ntags;
	struct thread *th;       /* per mail index, valid at thread roots */
	struct rkey *wd;         /* mails flagged withdraw, by thread, date and id */
	size_t nwd;
	struct rkey *vp;         /* patch mails, by thread, date and id */
	size_t nvp;
	/*
	 * Mails citing a mail of a thread by an archive link (the mails
	 * table's cites): by the cited thread's root, then the citing mail's
	 * date and id; a response from outside the thread.  cpairs holds
	 * (citing, cited) as read, until model_finish.
	 */
	struct rkey *ct;
	size_t nct;
	struct rkey *cpairs;
	size_t ncpairs, capcpairs;
	/* Attribution lines of mails naming no parent (quotes.c), until model_finish. */
	struct quote *quotes;
	size_t nquotes, capquotes;
	struct hmap paths;       /* the repository's paths -> struct pathrec */
	struct hmap folders;     /* their folders ("a/b/", "" the top) -> struct folderrec */
	struct hmap listids;     /* the mails' list column: every list id */
	/* The maintainers table: sections, and per address what it says. */
	struct msect **sections;
	size_t nsections;
	struct hmap msectid;     /* "version TAB title" -> index + 1 */
	struct hmap mnames;      /* M and R address -> name (the first by strcmp) */
	struct hmap laddrs;      /* L: addresses */
	struct hmap versions;    /* MAINTAINERS versions (commit ids or file names) */
	struct hmap rtitles;     /* the titles replies to patches quote ("Re: [PATCH]
	                            t") -> struct dspan: when (a patch the archive
	                            lacks was posted) */
	uint32_t *bysender;      /* mails that may report (not patches, not bots'),
	                            by sender, date, then id from the last */
	size_t nbysender;
	struct hmap lost;        /* the summaries of replies to Message-IDs the
	                            archives lack -> the earliest such reply, index + 1 */
	struct lostpost *lp;     /* replies to mails the archives lack whose
	                            Message-ID names their sender and time (git
	                            send-email's), by address, time, then reply */
	size_t nlp;
	/*
	 * What the off-list reasons read beyond a commit's row (reasons.c):
	 * the commits of another person, by who committed them; the main
	 * line's commits a merge brought in, by merge; the repository's
	 * patch mails another person answered, by sender.
	 */
	struct forwork *fw;
	size_t nfw;
	uint32_t *bymerge;
	size_t nbymerge;
	struct ownpost *op;
	size_t nop;
	struct mpair *mpairs;        /* (patch, responsible section) until model_finish */
	size_t nmpairs, capmpairs;
	struct correction *corr; /* a maintainer's corrections (corrections.c) */
	size_t ncorr;
	unsigned long corr_unknown; /* ... naming no patch mail or commit of the tables */
	int has_mails, has_commits, has_clusters, has_tags, has_paths, has_merged;
	struct pullc *pulls;     /* git2tsv --pulls' rows (pulls.c) */
	size_t npulls, cappulls;
	struct hmap pulltitle;   /* title words -> the last row of them + 1 (chained) */
	unsigned long nmergedup;           /* merged rows of a commit named before */
	/*
	 * The history given (roles.c): its last commit date, the 90th
	 * percentile time from first posting to commit, and the people who
	 * commit to it ("a:" address or "n:" lower-cased name -> struct
	 * dspan of their commit dates).
	 */
	int64_t hist_end, merge_p90;
	unsigned long nmerged_lag;         /* merged clusters merge_p90 is of */
	struct hmap committers;
	/*
	 * Pairs tables (patchsim) named: their paths, read once by
	 * pairs_read() (off-list commits posted in a reply; for why, whose
	 * want_pairs is set before loading, the pairs of the id asked about
	 * too, and not by verdicts()).
	 */
	const char **pairs;
	size_t npairs;
	int want_pairs;
	/* The patch tables' paths (not standard input): carried() reads their hunks. */
	const char **toks;
	unsigned char *tokheld;  /* per path: 1 it holds mails' rows, 2 commits' */
	size_t ntoks;
	struct carry *carry;     /* carried(): the patches a commit carries */
	size_t ncarry;
	struct hmap why_ids;     /* why: the ids whose pairs it shows ... */
	struct buf why_kept;     /* ... and those rows, as pairs_read() kept them */
	/*
	 * The pairs of families (family.c), from the pairs tables: one
	 * person's patch mails alike (both ways), and a patch mail with a
	 * commit crediting its author; by a, then kind and b.
	 */
	struct fpair *fam;
	size_t nfam, capfam;
	/* Patches with no [PATCH] tag and no Signed-off-by are no submissions (verdict.c). */
	int unsigned_rule;
	unsigned long unsigned_merged, unsigned_bare;
	int pairs_failed;        /* a pairs table could not be read to its end */
	int has_rcpt;            /* the mails table has to or cc */
	int has_maint;           /* a maintainers table was read */
	size_t ndup;             /* mail rows whose id came before */
	int64_t mail_first, mail_last;     /* date span of the mails */
	/* The coverage (coverage.c): per list, and their union. */
	struct listcov *lc;
	size_t nlc;
	struct hmap lcid;                  /* list id -> index + 1 */
	struct span *cov;
	size_t ncov;
	unsigned long cov_in, cov_out;     /* dated mails inside and outside the union */
	int64_t out_first, out_last;       /* the dates of those outside */
	unsigned long nbad;                /* rows rejected while loading */
	/*
	 * A mailmap (-m), set before any table is loaded: senders,
	 * recipients and the M and R entries of MAINTAINERS are read as
	 * their proper names and addresses.  NULL: none.
	 */
	const struct mailmap *mm;
};

/* The model's store (model.c). */
void model_init(struct model *md);
void model_free(struct model *md);
struct mail *mail_by_id(const struct model *md, const char *id, size_t n);
struct commit *commit_by_id(const struct model *md, const char *id, size_t n);
/* Reading tables (load.c). */
/* Load a table, recognized by its header; -1 after a message if unusable. */
int model_load(struct model *md, const char *path);
/* Threads, clusters' commits and dates; once, after all tables. */
void model_finish(struct model *md);
/* The root of mail mi's thread (threads.c). */
uint32_t thread_of(struct model *md, uint32_t mi);
/* Is mail r by the person of address addr and lower-cased name who ("": none) (people.c)? */
int by_person(const struct mail *r, const char *addr, const char *who);

/*
 * Verdicts (verdict.c): patches for the project, series above max
 * (max 0: none left out), responses, ignored.  since/until restrict
 * which mails count as patches (NODATE: no limit).
 */
struct scope {
	int64_t since, until;
	long max_series;
	long grace;              /* days before the coverage ends: too new to judge */
	int grace_set;           /* --grace: grace for every list; else per list */
	int quiet;               /* -q: no notes (lines skipped, series left out) */
	int verbose;             /* -v: the summaries (coverage, grace, counts) */
};
void verdicts(struct model *md, const struct scope *sc);
/*
 * How the grace of each list was found, a line per list with patches
 * for the project ("42.2 days on L (90th percentile ...)"), or one for
 * -g; calls line(text, arg) for each.
 */
void grace_lines(const struct model *md, const struct scope *sc,
    void (*line)(const char *, const char *, void *), void *arg);
/*
 * The dates the mails really cover (coverage.c): per list, the months
 * whose volume is not negligible beside the list's typical month, short
 * gaps filled, stray mails left out; then the union over the lists.
 * Once, after model_finish(); verdicts() calls it.
 */
void coverage(struct model *md);
/*
 * Until when mail m would not be too new: per list of m, the end of its
 * last covered span that starts at or before m's date, less the list's
 * grace; the latest of its lists (an answer may come on any), with that
 * list's end and grace into *end and *grace.  NODATE when m has no date
 * or precedes them all.
 */
int64_t cover_deadline(const struct model *md, const struct mail *m, int64_t *end,
    int64_t *grace);
/* The span of sorted, disjoint v[0..n) (to inclusive) that holds t, or n. */
size_t span_of(const struct span *v, size_t n, int64_t t);
/*
 * Sort v[0..n) by start, then end, and merge the spans that overlap:
 * the number left at the front of v (coverage.c).
 */
size_t spans_merge(struct span *v, size_t n);
/* "A .. B, C .. D" of spans v[0..n) into b (days only). */
void spans_text(struct buf *b, const struct span *v, size_t n);
/* The coverage and the mails outside it, for notes and the summary. */
void coverage_text(const struct model *md, struct buf *b);
/*
 * What a patch's thread says after it (responses.c).
 *
 * The earliest mail (by date, then id) of mail mi's thread, other than
 * mi, by mi's sender, dated at or after mi, that is flagged withdraw;
 * else the earliest patch of its thread by its sender under the same
 * title, later than mi (a new version sent into the thread); NONE if
 * none.
 */
uint32_t withdrawal(struct model *md, uint32_t mi);
/*
 * Can mail x answer patch m: by another person than m's sender, not a
 * cover letter; a patch only when sent after m and not a part of m's own
 * series (the same N > 1 and version)?
 */
int can_answer(const struct mail *x, const struct mail *m);
/*
 * What answers to mail mi may be aimed at: mi and the other mails of its
 * cluster (its versions), into *v (grown as needed); how many returned.
 */
size_t answer_versions(struct model *md, uint32_t mi, uint32_t **v, size_t *cap);
/*
 * An answer aimed at t (a patch or cover letter; NONE: what it answers is
 * unknown), its sender speaking of the whole posting or not (series):
 * does it answer patch mi?  mi itself, or its posting (the same thread
 * and version) through its cover letter or the series word; NONE, the
 * thread as a whole.
 */
int aimed_at(struct model *md, uint32_t t, int series, uint32_t mi);
/*
 * Does mail r of patch mi's thread answer it: another person's
 * (can_answer()), aimed at it (a reply to it, to its cover letter, one
 * speaking of its series, or to no patch known), and not before it
 * unless a reply to it?
 */
int answers(struct model *md, uint32_t r, uint32_t mi);
/*
 * The earliest mail of patch mi's thread, by another person, at or after
 * it, answering another part of its posting by its author and not it
 * (nor the posting as a whole); NONE if none.
 */
uint32_t sibling_answer(struct model *md, uint32_t mi);
/* The first of v[0..n) (sorted by thread, date and id) in thread root. */
size_t first_in_thread(const struct rkey *v, size_t n, uint32_t root);
/*
 * The earliest response (by date, then id) dated at or after mail mi, by
 * another person than mi's sender, answering one of vers[0..n) (mi and
 * its versions: answer_versions()) in its thread or by a citation, and,
 * when nby > 0, by one of the persons (addresses and lower-cased names)
 * of by[0..nby); NONE if none or mi has no date.
 */
uint32_t first_response(struct model *md, uint32_t mi, const uint32_t *vers, size_t n,
    const char *const *byaddr, const char *const *bywho, size_t nby);
/*
 * The citations of thread root: md->ct[*lo .. return) (none: equal).
 */
size_t cites_of(const struct model *md, uint32_t root, size_t *lo);
/* Does x, a mail citing m's thread from outside it, answer m? */
int cite_answers(const struct mail *x, const struct mail *m);
/* Did anyone but the sender write in the thread of mail mi (or cite it)? */
int responded(struct model *md, uint32_t mi);
/* The earliest such mail (by date, then id), or NONE. */
uint32_t responder(struct model *md, uint32_t mi);
/*
 * A patch's versions and companions (versions.c), for the verdicts:
 * postings_index() once after the patches for the project are known,
 * postings_free() after.  together(): a patch its author posted within
 * TOGETHER_SECS of patch mi changing a file mi changes, or within
 * BATCH_SECS under a title alike (TWIN_WORDS percent of the words of the
 * longer in the other: a batch, one patch a folder), to a list of it,
 * in another thread, that someone answered (NONE if none).  superseded_by(): the
 * first mail of a later posting by its author, at most VERSION_DAYS
 * later, that continues mi's posting (a patch of each in one cluster,
 * the same cover letter title, or a higher version in its thread) and
 * was merged or answered, holding no version of mi (NONE if none).
 * series_answered(): another part of mi's posting whose earlier version
 * in another thread (a draft, an earlier posting) another person
 * answered there at or after mi: the series' conversation (NONE if
 * none).
 */
#define TOGETHER_SECS 3600
#define BATCH_SECS (24 * 3600)
#define TWIN_WORDS 60
#define VERSION_DAYS 365
void postings_index(struct model *md);
void postings_free(struct model *md);
uint32_t together(struct model *md, uint32_t mi);
/* The cover letter of a twin posting another person answered (versions.c); NONE. */
uint32_t cover_twin(struct model *md, uint32_t mi);
/* Another repository's half of its submission, posted within COMPANION_SECS, answered (versions.c). */
#define COMPANION_SECS 600
uint32_t companion(struct model *md, uint32_t mi, uint32_t *half);
uint32_t superseded_by(struct model *md, uint32_t mi);
uint32_t series_answered(struct model *md, uint32_t mi);
/*
 * Of the other patches of mi's posting by its author, of its N (*others),
 * how many were merged (versions.c).
 */
uint32_t parts_merged(struct model *md, uint32_t mi, uint32_t *others);
/*
 * Are two titles (title words) alike: of the distinct words of the one
 * with more, at least TWIN_WORDS percent in the other?  Do two patches'
 * changes (struct mail's files) name a file, or a folder, in common?
 */
int titles_alike(const char *a, const char *b);
/* Is the word w[0..k) among the words of s (before stop, if given)?  How many distinct words has s? */
int has_title_word(const char *s, const char *stop, const char *w, size_t k);
size_t distinct_words(const char *s);
int shares_file(const char *a, const char *b);
/* The path of a line of changes() ("K path", "R old TAB new": new), *len its length. */
const char *change_path(const char *line, size_t n, size_t *len);
/* Does a change every file b changes? */
int covers_files(const char *a, const char *b);
int shares_folder(const char *a, const char *b);
/*
 * A patch's family (family.c).  Versions under any title: one person's
 * patch mails that patchsim scored FAM_SCORE alike (and FAM_FDIFF over
 * their whole diffs), within FAM_DAYS; the same Change-Id, or Fixes:
 * naming the same commit within RETITLE_DAYS; or
 * a next version (another vN) under a title alike (TWIN_WORDS, numbered
 * siblings such as foo01 and foo02 aside) on a file or folder of both,
 * within RETITLE_DAYS; or the same title on a file of both (or of
 * TITLE_WORDS words, whatever the files), within FAM_DAYS; or a vN (N >
 * 1) of as many patches, with no earlier version of its own, posted
 * within NEAR_SECS after the patch, its person's last posting before
 * it.  A patch of the same version posted within TOGETHER_SECS is a
 * companion (together()), a version only when the same patch again.
 * Weak (unsure): posted within NEAR_SECS after it, under a title alike,
 * or a vN with no earlier version of its own on a file or folder of it.
 */
#define FAM_SCORE 0.5
#define FAM_FDIFF 0.5
#define FAM_DAYS 365
/* Posted within TOGETHER_SECS: a version only when the same patch again (this alike, or the same hash). */
#define REPOST_SCORE 0.9
/* The same title, whatever the files, when it has this many distinct words. */
#define TITLE_WORDS 5
#define RETITLE_DAYS 30
#define NEAR_SECS (24 * 3600)
/*
 * A commit crediting a patch's author (Signed-off-by, Co-developed-by,
 * Reported-by ...) that patchsim scored against the patch (a file of
 * both), written from a day before to CREDIT_DAYS after it: CREDIT_SCORE
 * alike, or within CREDIT_NEAR_DAYS whatever its score.
 */
#define CREDIT_DAYS 365
#define CREDIT_NEAR_DAYS 60
#define CREDIT_SCORE 0.3
/*
 * A patch that would be ignored is carried by a commit (carried.c)
 * written within CARRY_DAYS of it, before or after, on a file of it,
 * whose added lines hold CARRY_SHARE of its own distinctive ones (of
 * CARRY_CHARS characters or more, whitespace collapsed), CARRY_MIN at
 * least; of a smaller patch (CARRY_MIN lines added and removed together
 * at least), every line it adds and every line it removes.
 */
#define CARRY_DAYS 365
#define CARRY_CHARS 12
#define CARRY_MIN 3
#define CARRY_SHARE 0.6
/*
 * Else a commit within CARRY_DAYS of it, before or after, on a file of
 * it, that removes TOUCH_SHARE of the distinctive lines it removes (one
 * at least), they a TOUCH_FOCUS of the distinctive lines it removes
 * itself, changed the code it changes: made another way, or made
 * stale; a doubt (unsure), not "ignored"; else one that creates a file
 * it creates (the same path).  A commit of its author's, after it, that
 * does so is his rework (reworked).
 */
#define TOUCH_SHARE 0.5
#define TOUCH_FOCUS 0.25
struct carry {
	uint32_t mail, hits, lines;
	uint32_t commit;         /* carried 3, 4: the commit changing its lines */
	int files;               /* ... or creating files it creates (hits of lines) */
	int issue;               /* ... or naming an issue its message names */
};
void carried(struct model *md);
/*
 * The pull requests' commits (pulls.c): the row of the lowest-numbered
 * pull request whose commit has title words ntitle and is by the person
 * of addr and name who (one_person()), written within FAM_DAYS of date;
 * NONE.
 */
uint32_t pull_like(const struct model *md, const char *ntitle, const char *addr,
    const char *who, int64_t date);
const struct carry *carry_of(const struct model *md, uint32_t mi);
void touch_text(const struct model *md, const struct mail *m, const struct carry *k,
    struct buf *b);
/* Unsigned patches are no submissions where at most 1 in UNSIGNED_RATE of UNSIGNED_MIN merged ones is. */
#define UNSIGNED_RATE 20
#define UNSIGNED_MIN 20
/*
 * A tag is another repository's when TAG_EXPECT of its patches would
 * have been merged at the rate of all, and at most 1 in TAG_RATIO of
 * those were (none, or the few its patches' companions made look so).
 */
#define TAG_EXPECT 1.5
#define TAG_RATIO 4
/* Before the verdicts, after the pairs are read; family_free() after them. */
void family_index(struct model *md);
void family_free(struct model *md);
/* How x is a version of mi: 0 none, 1 weak, 2 strong. */
uint32_t family_kin(struct model *md, uint32_t mi, uint32_t xi);
/*
 * The version of mi outside its cluster (family_kin()) that was handled,
 * merged or applied (*merged) or answered: the strongest, merged first,
 * then the earliest; *weak when only a weak one was; NONE if none.
 */
uint32_t family_version(struct model *md, uint32_t mi, int *weak, int *merged);
/* The earliest later version of mi outside its cluster (strong kin), handled or not; NONE. */
uint32_t family_later(struct model *md, uint32_t mi);
/*
 * The commit of mi's cluster that applied it: of the main line (side 0)
 * or of side branches (1), the first by commit date, not committed
 * more than COMMIT_SKEW days before mi was sent unless mi is an exact
 * repost of it (the patch table's hash); NONE.
 */
uint32_t applied_by(struct model *md, uint32_t mi, int side);
/* Days a commit may seem older than the mail it applies: the senders' clocks, a commit then mailed. */
#define COMMIT_SKEW 1
/* A commit crediting mi's author on a file of it (CREDIT_*): the first by commit date; NONE. */
uint32_t credit_commit(struct model *md, uint32_t mi);
int credits_person(const struct commit *c, const struct mail *m);
/*
 * The earliest mail of mi's author, no patch and no ping, at or after it,
 * aimed at it or a version of its cluster (aimed_at()): a withdrawal
 * (*wd) or anything else he said of it; NONE.
 */
uint32_t followup(struct model *md, uint32_t mi, int *wd);
/*
 * Does an answer to ti, a patch posted with mi (together()), answer mi
 * too: any answer when their titles are alike (the same change in two
 * places), else, ti a posting of its own, one whose own words speak of
 * several patches (flag series)?
 */
int twin_answered(struct model *md, uint32_t mi, uint32_t ti);
/* Patches under a tag the history never takes: another repository's (foreign, bytag). */
void tags_judge(struct model *md);
/*
 * After model_finish(), before the verdicts: the patches of another
 * repository (foreign.c), then the off-list reasons' indexes (reasons.c).
 */
void find_foreign(struct model *md);
void reasons_index(struct model *md);

/* Thread root or a direct reply to it (verdict.c). */
int shallow(const struct model *md, uint32_t mi);
int in_scope(const struct scope *sc, int64_t d);

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
/* The pct-th percentile of sorted v[0..n) by nearest rank: v[ceil(pct n / 100) - 1]. */
int64_t nearest_rank(const int64_t *v, size_t n, unsigned pct);
/* Seconds as hours with one decimal, halves rounded up, into out[32]. */
void hours(char out[32], int64_t secs);
int cmp_i64(const void *a, const void *b);
/* Mails a and b by date, then id. */
int cmp_date_id(const struct model *md, uint32_t a, uint32_t b);
/* The model qsort's comparators read (set it before sorting). */
extern const struct model *sort_md;
/* v[0..n), mail indexes, by date then id. */
void sort_mails(const struct model *md, uint32_t *v, size_t n);
/* Cluster k of the model, NULL for NONE (a mail or commit in none). */
const struct cluster *cluster_at(const struct model *md, uint32_t k);
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
int merged(const struct model *md, const struct mail *m);
/*
 * The lists of a mail's lists column, one a call: from l = m->lists,
 * each (at least one: "" for a mail naming none) as its index in md->lc
 * (NONE: a list the coverage does not know) into *lc; 0 when none is
 * left (*l is NULL then) (coverage.c).
 *   for (const char *l = m->lists; list_next(md, &l, &x);) ...
 */
int list_next(const struct model *md, const char **l, uint32_t *lc);
/* A posting of its patch seen by the list's people (not a bot's, a pull, a review copy). */
int posted(const struct mail *m);
/* Die unless the tables the report named what needs were given. */
void need(const struct model *md, int mails, int commits, int clusters, const char *what);
/* grace_lines' callback writing a note on stderr. */
void grace_note(const char *days, const char *how, void *arg);
/* -v's note of the dates the archive covers ("coverage ..." on stderr). */
void coverage_note(const struct model *md);
/* -v's notes of what every verdict rests on: the coverage and each list's grace (verdict.c). */
void scope_notes(const struct model *md, const struct scope *sc);
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
 * responder, a mail, a reason); "committer" or "contributor"; why a
 * patch is too new to judge.
 */
const char *mail_verdict(struct model *md, const struct scope *sc, uint32_t mi, struct buf *b);
/* A mail's own words (its said) in quotes, cut short, into b. */
void said_quote(const struct mail *x, struct buf *b);
/* What an unsure verdict doubts, into b. */
void unsure_text(struct model *md, uint32_t mi, struct buf *b);
const char *role_name(const struct mail *m);
void too_new_text(const struct model *md, const struct mail *m, struct buf *b);

/* Off-list commits (offlist.c), for the summary too. */
/*
 * Why an off-list commit came without a posting, the first that holds:
 * a tag names it (release), a revert, translations alone, a trailer
 * naming a mail the archives lack (posted elsewhere), a patch mail of
 * theirs (the matching missed it), another repository's patch mail of
 * theirs (ported) or another mail of theirs (a follow-up); another
 * repository's patch mail in its cluster, or a line of its message
 * saying it came from another tree (ported); its diff in a reply
 * (posted-in-reply); a reply of theirs to a posting they lack (posted
 * elsewhere); a mail by its Reported-by or Suggested-by person in the
 * 60 days before it (follow-up); release notes, change logs or a
 * version in its title (release); brought in by a merge of a
 * contributor's branch (its commits committed by people who commit no
 * one else's work), naming a pull request, or its author's own commit
 * when he commits no one else's work (a branch taken whole: pull
 * request); its author's patch mail on its files, answered by another
 * person (its committer's own: one it credits), in the REVIEW_DAYS
 * before it (follow-up); its
 * Reported-by naming another (follow-up); its author its committer, a
 * committer (committer-own); else none.
 */
enum { OR_RELEASE, OR_REVERT, OR_TRANSLATION, OR_ELSEWHERE, OR_FOLLOWUP, OR_UNLINKED, OR_INREPLY,
	OR_PORTED, OR_PULL, OR_OWN, OR_NONE, OR_N };
extern const char *const offlist_reasons[OR_N];
/* replypost.c */
void pairs_read(struct model *md);
/* quotes.c */
void quote_attribution(struct model *md, uint32_t mi, const char *raw, size_t n);
void quote_cites(struct model *md);
/*
 * What the reasons read beyond the commit (reasons.c).  commits_others():
 * does the person of this address and lower-cased name commit others'
 * work at t: a committer (committer_at()), or the committer of the work
 * of two other people or more on any branch (a queue or a maintainer's
 * branch merged) within COMMITTER_DAYS?  branch_committer(): a commit
 * of the branch merge brought in whose committer (its author, when
 * GitHub made it) commits others' work: the branch is no contributor's;
 * NULL if none.  reviewed_posting(): the latest patch mail of commit c's
 * author from REVIEW_DAYS before c was written to then, on c's files
 * (the files both change half of each's at least), that another person
 * answered by then (a reply to it, or to its cover letter; with credit
 * set, a person c's credit trailers name): the earliest such answer
 * into *reply; NONE if none.
 */
#define REVIEW_DAYS 60
int commits_others(const struct model *md, const char *addr, const char *who, int64_t t);
const struct commit *branch_committer(const struct model *md, const char *merge);
uint32_t reviewed_posting(const struct model *md, const struct commit *c, int credit,
    uint32_t *reply);
/* The reason of off-list commit ci (OR_*), its evidence appended to detail. */
int offlist_why(const struct model *md, uint32_t ci, struct buf *detail);
/*
 * What the cluster of commit ci holds when it counts as off-list ("no
 * mail", "process mails only"), or NULL if it does not; the first patch
 * mail of commit c's cluster that is another repository's, or NULL.
 */
const char *offlist_mails(const struct model *md, uint32_t ci);
const struct mail *ported_from(const struct model *md, const struct commit *c);
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

/* Per merged cluster: first and last posting, and the integration (duration.c). */
struct dur {
	uint32_t k;
	int64_t first, last;
	uint32_t nmails;
};
size_t durations(const struct model *md, const struct scope *sc, struct dur **out);

/*
 * The history given (roles.c).  A person commits to the repository at
 * date t when some commit of another person has them as its committer
 * (by address or name) from COMMITTER_DAYS before to as long after (in
 * a history where nobody commits another's work, any commit); GitHub's
 * web merges are no person.
 */
#define COMMITTER_DAYS 365
/* Once, after model_finish(): the committers, hist_end, merge_p90, tagged commits. */
void history_facts(struct model *md, const struct scope *sc);
int committer_at(const struct model *md, const char *addr, const char *who, int64_t t);
/* Is the committer of this address and lower-cased name a machine (GitHub's web merges)? */
int machine_committer(const char *addr, const char *who);
/* Did commit c's committer commit another person's work (another address and name)? */
int for_another(const struct commit *c);
/*
 * Was mail m posted later than the history's end less its 90th
 * percentile time to merge: too late to tell whether it would be merged?
 */
int after_history(const struct model *md, const struct mail *m);

/* What the maintainers view rests on, for stderr and the summary (maintainers.c). */
void maint_basis(const struct model *md, struct buf *b);


/*
 * A maintainer's corrections (corrections.c): a table he keeps, one row
 * per patch mail or commit (id verdict note by date), read on every run
 * and never written by the tools.  A corrected patch shows the verdict he
 * gave, marked as his (its detail says so); the tool's own stays for why
 * and eval.  A commit is corrected to "posted" (not off-list) or
 * "offlist".
 */
enum { CORR_NONE, CORR_POSTED, CORR_OFFLIST };
struct correction {
	const char *id, *verdict, *note, *by, *date;
	unsigned long line;
	uint32_t idx;            /* its mail or commit; NONE: not in the tables */
	unsigned char commit;
	unsigned char v;         /* a mail's enum verdict, or a commit's CORR_* */
	unsigned char agrees;    /* the tool's own verdict is the one given */
};
/*
 * Read FILE after the tables (model_finish): 0, or PT_EXIT_SKIPPED when a
 * row was named on stderr (bad: left out; an id the tables lack: kept,
 * not applied), PT_EXIT_FAILED when it cannot be read.
 */
int corrections_read(struct model *md, const char *path);
/* At the end of verdicts(): each mail's and commit's correction applied. */
void corrections_apply(struct model *md);
/* "correction: NOTE (WHO, DATE); the tool: VERDICT" into b. */
void correction_text(const struct model *md, uint32_t ci, struct buf *b);
/* "line N of the corrections: NOTE (WHO, DATE)" into b, for why. */
void correction_said(const struct model *md, uint32_t ci, struct buf *b);
/* How many corrections, applied ones, and those the tool's own verdict agrees with. */
void corrections_count(const struct model *md, size_t *n, size_t *applied, size_t *agree);
/*
 * eval with --corrections and no --truth: the corrections as labels,
 * per verdict given: how many, how many the tool's own verdict agrees
 * with (--diff: the rows it does not).
 */
int corrections_eval(struct model *md, const struct ropts *o);
/* The line that would correct patch or commit id to verdict, for the page. */
void correction_line(const char *id, const char *verdict, struct buf *b);

#endif
