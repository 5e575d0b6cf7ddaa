/*
 * model.h - the model: the tables loaded into memory (mails with their
 * threads, commits, clusters, release tags, the MAINTAINERS sections of
 * patches, the patches' paths and the repository's history of them, the
 * coverage of the archives), and what every part reads of it.  The
 * lowest of ptreport's three parts: it calls neither the judging
 * (judge/judge.h) nor the reports (render/report.h).
 *
 * Where each part lives: load.c reads the tables into model.c's store
 * and finishes the model (with clusters.c, paths.c, sections.c,
 * threads.c, titles.c, pulls.c, quotes.c and people.c; their shared
 * parts in readers.h); replypost.c reads the pairs tables once, coverage.c
 * finds the dates the archives cover, mailmap.c joins a person's names
 * and addresses.
 *
 * Only the columns the reports use are kept: ids, dates, senders,
 * subjects, links, the patches' recipients and the paths they change,
 * and per path of the repository when it was created and deleted; never
 * message or diff bodies, so memory follows the number of mails,
 * commits and paths, not the size of the archive.  An address, or a section of one version of
 * MAINTAINERS, is held once; patches point to it.  Every string lives in
 * the model's arena or string pool and is freed with it.
 */
#ifndef PT_MODEL_H
#define PT_MODEL_H

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
struct named;

#define NONE UINT32_MAX
#define NODATE INT64_MIN

/*
 * The issues messages name (issues.c): (mail or commit, the issue's
 * hash) pairs, sorted by the first, then the second, once all is read.
 */
struct issue {
	uint32_t who;
	uint64_t h;
};
struct issues {
	struct issue *v;
	size_t n, cap;
};
/* The most issues a message's are kept of. */
#define ISSUES_MAX 16

/*
 * A mail, or a Message-ID only referenced (present == 0: a mail missing
 * from the archive that still ties a thread together).
 */
/* Why a patch's tag made it the project's, its files aside (tags.c). */
enum owntag {
	OWN_NONE,
	OWN_NEWDIRS,             /* it only creates files in folders the repository lacks */
	OWN_POSTING,             /* most parts of its posting are another repository's */
	OWN_PREFIX,              /* files every project has, under another's title prefix */
};

struct mail {
	const char *id;
	const char *from;        /* sender address, interned */
	const char *name;        /* sender name */
	const char *who;         /* sender name lower-cased, interned; "" if none */
	const char *sfrom;       /* who sent another's patch (sender_addr), interned;
	                            NULL if the author sent it */
	const char *sname, *swho; /* his name, as sent and lower-cased, interned */
	const char *subject;
	const char *lists;       /* space-separated: a mail cross-posted to several */
	const char *arch;        /* the archive it came from (its src, less the place
	                            in it), interned; "" if unknown */
	const char *files;       /* patch table: what it changes, one a line: a kind
	                            (M modifies, C creates, D deletes, R renames,
	                            U unknown) and the path, for R "old TAB new";
	                            NULL */
	const char *fwhy;        /* foreign: a path that is not the repository's */
	const char *tagnote;     /* the project's: its first tag, and why it did not decide (tags.c) */
	const char *ntitle;      /* patches: the subject's title, lower-cased, its
	                            words alone (interned; "" if none) */
	const char *ftitle;      /* a fixup's (fixup! X, squash! X, amend! X): the
	                            title words of X, the commit it folds into;
	                            NULL for others */
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
	uint32_t supby;          /* superseded: a patch of that later posting;
	                            unsure by a commit (carried 3): that commit */
	uint32_t twin;           /* together: the patch posted with it that was answered */
	const char *said;        /* no patch: its sender's own words (the mails table's
	                            said, at most SAID_KEEP bytes); "" */
	const char *hashes;      /* no patch: the commit hashes its own words name, all
	                            of them (the hashes column; none in an older
	                            table); "" */
	const char *parts;       /* no patch: the parts of a series its own words name,
	                            "k/N" or "k", space-separated (the parts column;
	                            none in an older table); "" */
	uint32_t tgt;            /* what it answers: the nearest of its parents that
	                            is a patch or a cover letter (threads.c); NONE */
	uint64_t phash;          /* patches: the patch table's hash (its first 64
	                            bits): an exact repost has the same; 0 unknown */
	uint32_t *blobs;         /* patches: its files' blobs before and after (the
	                            patch table's blobs: blob_key() of each, 0 for
	                            none), in pairs; NULL when it names none */
	uint32_t nblobs;         /* ... how many pairs */
	uint32_t bpre, broot;    /* of its files' blobs before, how many; how many
	                            of those its history or an earlier patch
	                            that rests on it made (blobs.c) */
	unsigned char ping;      /* flags word ping: its own words only ask for attention */
	unsigned char series;    /* flags word series: its own words speak of the
	                            posting's patches together */
	unsigned char nosub;     /* flags word nosub: a patch not meant to be merged */
	unsigned char bytag;     /* foreign by its subject's tag (tags.c) */
	unsigned char byblobs;   /* foreign: made in another repository's tree, by
	                            its blobs (blobs.c) */
	unsigned char owntag;    /* the project's by a tag the history takes, where
	                            its files could not tell (enum owntag; tags.c) */
	unsigned char owntagged; /* carries a tag the history takes, and none
	                            another repository's (tags.c) */
	unsigned char unsigned_; /* patches: its message has no Signed-off-by, and its
	                            subject no [PATCH] tag: shared, maybe not submitted */
	const char *fixes;       /* patches: the commit its first Fixes: trailer names
	                            (FIXES_LEN hex digits, lower-cased, interned); "" */
	const char *changeid;    /* patches: its Change-Id trailer (interned); "" */
	unsigned char verdict;   /* enum verdict, once verdicts() ran */
	unsigned char weak;      /* unsure: the evidence its vby rests on is weak */
	unsigned char leftout;   /* unsure: other parts of its posting were merged,
	                            not it (parts_merged()) */
	unsigned char bypull;    /* followed-up: a pull request's commit has its title
	                            and author (pull_like()); vby NONE */
	unsigned char comp;      /* unsure, answered: its companion in another
	                            repository (twin) was answered (vby the answer;
	                            answered: by one who commits here) */
	unsigned char answered_too; /* superseded: answered too, a later version of it
	                            merged (judge/verdict.c) */
	unsigned char lone;      /* answered-together: another part of its
	                            posting answered, not it (its versions not) */
	unsigned char carried;   /* carried.c: 1 reworked, a commit carries its
	                            added lines (not a credit); 2 superseded, a
	                            later patch mail of its author's does; 3
	                            unsure, a commit changed its removed lines;
	                            4 reworked, his own commit after it did; 5
	                            answered-version, an earlier patch mail of
	                            his, answered, carries its lines; 6
	                            superseded, none carrying them, a later patch
	                            mail of his changes its removed lines; 7
	                            reworked, another's commit written before
	                            it changed its lines (made before it); 9
	                            reworked, another's commit credits its
	                            author in its own words (prose_commit()) */
	uint32_t vby;            /* what decided the verdict: a mail, or for merged,
	                            applied and reworked a commit; NONE */
	uint32_t vfam;           /* answered-version, superseded, unsure: the version
	                            (a mail) the evidence is about; NONE */
	unsigned char corrected; /* a maintainer's correction gave verdict
	                            (corrections.c); the tool's own is tverdict */
	unsigned char tverdict;
	uint32_t tvby, tvfam;    /* the tool's own vby and vfam, when corrected */
	uint32_t corr;           /* its correction (md->corr), or NONE */
	const char *vreason;     /* patches: the rule that gave verdict (judge/vtable.c),
	                            before any correction; NULL until judged */
	const char *vdetail;     /* patches: that verdict's detail, made once
	                            (verdicts_record()) or given (--verdicts); NULL */
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
	const char *prose;       /* the people its own words credit with the change
	                            ("Rewritten from patches by NAME <addr>", load.c):
	                            addresses, lower-cased, space-separated; "" */
	const char *files;       /* patch table: what it changes, as a mail's files;
	                            NULL (and for a side branch's commit) */
	const char *merge_subject;
	const char *merge_by, *merge_byname; /* who made that merge: its committer's
	                            address and lower-cased name (through the
	                            mailmap), or its author's where a forge committed
	                            it (a merged table's merge_from_*, merge_committer_*);
	                            "" unknown */
	int64_t merge_date;      /* that merge's commit date; NODATE */
	int64_t date;            /* author date */
	int64_t cdate;           /* commit date: when it was integrated */
	uint32_t rpost;          /* a reply of its author's whose diff is it (pairs); NONE */
	uint32_t fixreply;       /* a fix-up of another's patch: its author's reply to
	                            it (judge/fixups.c); NONE */
	uint32_t fixby;          /* ... the commit that patch became, beside it; NONE */
	uint32_t cluster;
	uint32_t cnext;
	unsigned char present;   /* a row of a commits table */
	unsigned char skip;      /* merge or root commit: no patch */
	unsigned char damaged;   /* flags word damaged: git2tsv could not read its diff */
	unsigned char tagged;    /* a tag names it */
	unsigned char pull;      /* its message or subject names a pull request, or
	                            GitHub committed it */
	unsigned long closes;    /* the N of its first "Closes: #N" ("Fixes:",
	                            "Resolves:") trailer: an issue or a pull
	                            request of the forge; 0 */
	unsigned char verfiles;  /* it changes only version and change-log files */
	unsigned char bump;      /* its diff bumps a version string alone (patchtok's
	                            flag bump) */
	unsigned char pofiles;   /* it changes only translations (.po, .pot files) */
	unsigned char split;     /* split out of a posted patch: the other of two commits
	                            of its author written the same second (1), or
	                            committed by one committer within SPLIT_SECS (2),
	                            is in a cluster with a posting that changes every
	                            file it changes (clusters.c); or a posting of its
	                            author holds its lines or they hold the posting's
	                            (3, judge/postlines.c: postby); or a mail of the
	                            thread of a posting of its author names it by
	                            its hash (4: postby); or a patch mail became it,
	                            reworked (5, judge/offlist.c: postby) */
	uint32_t postby;         /* split 3, 4 and 5: that posting; NONE */
	uint32_t portby;         /* another repository's patch mail changing a file of
	                            its blob for blob, before and after: its change
	                            posted for that one, copied here (postlines.c); NONE */
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
	unsigned char vstate;    /* --verdicts: what its row says (VS_*); VS_NONE: no row */
	unsigned char vreason;   /* --verdicts, off-list: its reason (OR_*) */
	const char *vdetail;     /* --verdicts: its row's detail; NULL */
};

/* A commit's verdict as a verdicts table gives it (judge/vtable.c). */
enum { VS_NONE, VS_OFFLIST, VS_POSTED, VS_NOTOFFLIST };

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
	const char *nsummary;    /* its title's words after the "prefix: " parts */
	int64_t date;
	unsigned long pull;
	uint32_t next;           /* the next row of its title words; NONE */
	uint32_t snext;          /* the next row of its summary words; NONE */
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

/* A passage of a mail's own words in double quotes: its title words' hash (quotes.c). */
struct tquote {
	uint64_t h;
	uint32_t mail;
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

/*
 * A maintainer's corrections (model/corrtable.c reads them,
 * judge/corrections.c applies them): a row per patch mail or commit.
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
 * A row of a patch table read again (patches_again()): the reader on it,
 * and its id, kind, hunks (raw) and msg (raw; -1: the table has none)
 * columns.
 */
struct prow {
	const struct tsv_reader *r;
	int cid, ckind, chunks, cmsg;
	int cblobs;              /* its blobs column (decoded); -1 if none */
};

/*
 * A row of a verdicts table given (--verdicts), as read (vrows.c): its
 * line and its cells ("" where the table lacks the column); judged
 * against the tables by the judge (judge/vtable.c).
 */
struct vrow {
	unsigned long line;
	const char *kind, *id, *verdict, *reason, *detail, *by, *family, *evidence, *role;
};

/* A pair of a patch's family (family.c): a mail and another of its person's, or a commit. */
struct fpair {
	uint32_t a, b;           /* mail indexes; b a commit's when commit */
	float score;             /* patchsim's */
	unsigned char commit;
	unsigned char loose;     /* mail-mail, alike but not over most of both
	                            (fdiff below FAM_FDIFF): a version only under
	                            a title alike (family_kin()) */
	unsigned char other;     /* mail-mail of two people, DUP_SCORE alike over
	                            most of both: the same change (duplicate_merged()) */
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
	uint32_t *prosec;        /* the commits whose prose credits someone (load.c) */
	size_t nprose, capprose;
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
	/*
	 * The mails table's aliases (a list's wrapper id): (node made for the
	 * id before its mail was read, the mail), until model_finish.
	 */
	uint32_t *unalias;
	size_t nunalias, capunalias;
	/* Attribution lines of mails naming no parent (quotes.c), until model_finish. */
	struct quote *quotes;
	size_t nquotes, capquotes;
	/* Quoted passages that may be titles (quotes.c), until model_finish. */
	struct tquote *tquotes;
	size_t ntquotes, captquotes;
	struct hmap paths;       /* the repository's paths -> struct pathrec */
	struct hmap folders;     /* their folders ("a/b/", "" the top) -> struct folderrec */
	struct hmap listids;     /* the mails' list column: every list id */
	/* The maintainers table: sections, and per address what it says. */
	struct msect **sections;
	size_t nsections;
	struct hmap msectid;     /* "version TAB title" -> index + 1 */
	struct hmap mnames;      /* M and R address -> name (the first by strcmp) */
	struct hmap laddrs;      /* L: addresses */
	const char *elsewhere;   /* the list the project's patches go to that the
	                            archives lack (lists_elsewhere()); NULL */
	uint32_t nelse, nproj;   /* ... how many of how many patches for the project */
	char hprefix[32];        /* the title prefix ("batctl") of half the main
	                            line's commits at least: the history's name for
	                            itself (foreign.c); "" if none */
	struct set64 taggers;    /* the committers (addresses, names) of the commits
	                            releases tag: people who push (release_taggers()) */
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
	struct named *named;     /* commits a mail names by hash in its sender's own
	                            words (the said column), by commit (reasons.c) */
	struct named *namedth;   /* the same, by the mail's thread (named_commit()) */
	size_t nnamed;
	struct issues issm;      /* the issues patch mails' messages name, trailers too */
	struct issues issc;      /* ... and commits' */
	struct mpair *mpairs;        /* (patch, responsible section) until model_finish */
	size_t nmpairs, capmpairs;
	struct correction *corr; /* a maintainer's corrections (corrections.c) */
	size_t ncorr;
	unsigned long corr_unknown; /* ... naming no patch mail or commit of the tables */
	int has_mails, has_commits, has_clusters, has_tags, has_paths, has_merged;
	struct set64 hblobs;     /* every blob the commits' patch table names (blob_key()) */
	int has_blobs;           /* ... a commits' patch table had the blobs column */
	int blobs_missing;       /* a patch table had none: a blob unknown may be
	                            one its rows name */
	unsigned long nbadblobs; /* blobs fields not read (named by file and line) */
	int given;               /* the verdicts were given by a table (--verdicts),
	                            not judged */
	struct pullc *pulls;     /* git2tsv --pulls' rows (pulls.c) */
	size_t npulls, cappulls;
	struct hmap pulltitle;   /* title words -> the last row of them + 1 (chained) */
	struct hmap pullsum;     /* summary words -> the last row of them + 1 (chained) */
	uint32_t *pbydate;       /* the rows by author date (pulls_index()) */
	uint32_t *cbyid;         /* the present commits by id (reasons_index()): a
	                            hash's prefix looked up */
	size_t ncbyid;
	struct hmap sdf;         /* a word of the mails' subjects, lower-cased -> how
	                            many subjects hold it (reasons_index()) */
	unsigned long nmergedup;           /* merged rows of a commit named before */
	/*
	 * The history given (roles.c): its last commit date, the 90th
	 * percentile time from first posting to commit, and the people who
	 * commit to it ("a:" address or "n:" lower-cased name -> struct
	 * dspan of their commit dates).
	 */
	int64_t hist_end, merge_p90;         /* hist_end: main_line_end() */
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
	/* A verdicts table given (--verdicts): its path and rows, in order. */
	const char *vpath;
	struct vrow *vrows;
	size_t nvrows;
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
/*
 * The issues a message names (issues.c): "#N" after issue, closes,
 * fixes, resolves or bug; a forge's issue or pull request link; a
 * bugzilla's; a tracker's key (RHEL-96937) in a /browse/ link or as a
 * Fixes:, Closes:, Resolves:, Bug:, Issue:, Jira: or Bugzilla: trailer's
 * value.  Their hashes into v (at most max, in the order named), how
 * many; those of mail or commit who (md->issm, md->issc), sorted.
 */
uint32_t issue_keys(const char *s, size_t n, uint64_t *v, uint32_t max);
uint32_t issues_get(const struct issues *t, uint32_t who, uint64_t *out, uint32_t max);
/* Threads, clusters' commits and dates; once, after all tables. */
void model_finish(struct model *md);
/* The root of mail mi's thread (threads.c). */
uint32_t thread_of(struct model *md, uint32_t mi);
/* Is mail r by the person of address addr and lower-cased name who ("": none) (people.c)? */
int by_person(const struct mail *r, const char *addr, const char *who);
/*
 * Is mail a by the person of mail b: b's author, or the one who sent b,
 * another's patch (its sender: his words are the author's side too)?
 */
int same_person(const struct mail *a, const struct mail *b);
/*
 * A blob as a patch table's blobs column names it, abbreviated: its
 * first BLOB_HEX hex digits as a number (0 for none: "0000000", a file
 * created or deleted, or fewer digits).  Abbreviations differ in length
 * (7 from git's default, 12 from the kernel's); their first 7 agree.
 */
#define BLOB_HEX 7
uint32_t blob_key(const char *s, size_t n);
/* One line of a blobs column, "PRE..POST": its two keys; 0 if of another shape (paths.c). */
int blob_pair(const char *p, size_t k, uint32_t *pre, uint32_t *post);
/* The empty file's blob (e69de29...), as a key: a post-image that proves nothing. */
#define BLOB_EMPTY 0xe69de29u

/* Does commit c's credits (Reported-by, Co-developed-by ...) name m's person (people.c)? */
int credits_person(const struct commit *c, const struct mail *m);
/* Thread root or a direct reply to it (threads.c). */
int shallow(const struct model *md, uint32_t mi);

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
/* -v's note of the dates the archive covers ("coverage ..." on stderr). */
void coverage_note(const struct model *md);
/*
 * The lists of a mail's lists column, one a call: from l = m->lists,
 * each (at least one: "" for a mail naming none) as its index in md->lc
 * (NONE: a list the coverage does not know) into *lc; 0 when none is
 * left (*l is NULL then) (coverage.c).
 *   for (const char *l = m->lists; list_next(md, &l, &x);) ...
 */
int list_next(const struct model *md, const char **l, uint32_t *lc);

/* What every part reads of the store (model.c). */
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
int merged(const struct model *md, const struct mail *m);
/* A posting of its patch seen by the list's people (not a bot's, a pull, a review copy). */
int posted(const struct mail *m);

/*
 * Titles (title words) and changes (titles.c, paths.c): are two titles
 * alike, of the distinct words of the one with more, at least TWIN_WORDS
 * percent in the other?  Do two patches' changes (struct mail's files)
 * name a file, or a folder, in common?
 */
#define TWIN_WORDS 60
int titles_alike(const char *a, const char *b);
/* Is the word w[0..k) among the words of s (before stop, if given)?  How many distinct words has s? */
int has_title_word(const char *s, const char *stop, const char *w, size_t k);
/*
 * Titles that are two things, not versions (titles.c): numbered siblings
 * ("add ioctl01 test", "add ioctl02 test"); subjects each naming a thing
 * the other does not, one in place of the other ("Add SAFE_STATX macro",
 * "Add SAFE_SYMLINKAT macro").
 */
int numbered_siblings(const char *a, const char *b);
int slot_swapped(const char *a, const char *b);
/*
 * How many words of a (space-separated), of min bytes or more, b holds
 * too; of SHARE_CHARS or more of subject a's summary (its title after
 * the "prefix: " parts), how many subject b's summary holds.
 */
#define SHARE_CHARS 4
size_t words_shared(const char *a, const char *b, size_t min);
size_t summaries_share(struct model *md, const char *a, const char *b);
size_t distinct_words(const char *s);
/*
 * A subject's summary: its title words after the title's "prefix: "
 * parts (titles.c); interned, "" for none.
 */
const char *summary_words(struct model *md, const char *subject);
int shares_file(const char *a, const char *b);
/* The last part of path p[0..n) (after its last "/"), its length in *k. */
const char *path_name(const char *p, size_t n, size_t *k);
/* Does a change a file of the same name (its path's last part) as a file b changes (moved)? */
int shares_name(const char *a, const char *b);
/* The path of a line of changes() ("K path", "R old TAB new": new), *len its length. */
const char *change_path(const char *line, size_t n, size_t *len);
/* Does a change every file b changes? */
int covers_files(const char *a, const char *b);
int shares_folder(const char *a, const char *b);
/*
 * Is addr a mailing list's, archived here or not: an L: address of
 * MAINTAINERS, or at a host lists live on (lists.*, list.*,
 * vger.kernel.org, googlegroups.com, groups.io)?
 */
int list_address(const struct model *md, const char *addr);
/*
 * The list id address addr belongs to: the address with '@' made '.'
 * (as the List-Id of a list is its address), if the mails have that
 * list; NULL if not (b: room for the id).
 */
const char *list_archived(const struct model *md, const char *addr, struct buf *b);
/*
 * The repository's history of paths (paths.c), made once, when first
 * asked for: was path p[0..n) there at time t, or created by then; was
 * folder f?  The length of p's folder ("a/b/" of "a/b/c"), 0 at the top.
 */
void patch_history(struct model *md);
size_t folder_len(const char *p, size_t n);
int file_at(const struct model *md, const char *p, size_t n, int64_t t);
/* The main line's last commit date (side branches may go on after it); NODATE for none. */
int64_t main_line_end(const struct model *md);
int file_by(const struct model *md, const char *p, size_t n, int64_t t);
int folder_at(const struct model *md, const char *f, size_t n, int64_t t);

/*
 * A patch's family (judge.h): one person's patch mails that patchsim
 * scored FAM_SCORE alike, over FAM_FDIFF of their whole diffs, within
 * FAM_DAYS; the pairs reader keeps such pairs.  A pull request's commit
 * is a patch's twin within FAM_DAYS too.
 */
#define FAM_SCORE 0.5
#define FAM_FDIFF 0.5
#define FAM_DAYS 365
/*
 * Two people's patch mails patchsim scored DUP_SCORE alike, over
 * FAM_FDIFF of their whole diffs, posted within DUP_DAYS of each other:
 * the same change, twice (duplicate_merged()).
 */
#define DUP_SCORE 0.7
#define DUP_DAYS 30
/*
 * The pull requests' commits (pulls.c): the row of the lowest-numbered
 * pull request whose commit has title words ntitle and is by the person
 * of addr and name who (one_person()), written within FAM_DAYS of date,
 * or at any time before it under a title of three words or more (the
 * commit a patch was made from: a rebase keeps its author date); NONE.
 */
uint32_t pull_like(const struct model *md, const char *ntitle, const char *addr,
    const char *who, int64_t date);
/*
 * The same by summary words (the title after its "prefix: " parts, 3
 * words at least): a commit retitled only in its prefix ("test/nvme: "
 * for "nvme: ") when it was rebased from the pull request; NONE.
 */
uint32_t pull_like_summary(const struct model *md, const char *nsummary, const char *addr,
    const char *who, int64_t date);
/*
 * The same commit under another title: the row of the lowest-numbered
 * pull request whose commit is by that person (one_person()) with that
 * very author date, to the second, which a rebase, an amend or a
 * cherry-pick keeps; of several such commits (a series a script wrote
 * in one second), the first whose title words share most with ntitle;
 * NONE.
 */
uint32_t pull_same(const struct model *md, const char *addr, const char *who, int64_t date,
    const char *ntitle);
/*
 * A patch mail's pull request: the row of one whose commit has its title
 * (pull_like()), else its summary (pull_like_summary(), *bysum set: the
 * prefix changed when it was rebased, "nvme/039: " for "nvme/033: "); NONE.
 */
uint32_t mail_pull(struct model *md, const struct mail *m, int *bysum);
/* The pairs tables, read once (replypost.c). */
void pairs_read(struct model *md);
/*
 * Each row of the patch tables again, in their order (paths.c): the
 * mails' tables (commits 0) or the commits' (1), fn(arg, row) for each
 * row with an id, a kind and hunks, its hunks and message raw, its
 * other long columns not read.  Bad rows were named when the tables
 * were loaded: passed over in silence.  Standard input is not read
 * again.
 */
void patches_again(const struct model *md, int commits,
    void (*fn)(void *arg, const struct prow *row), void *arg);
/* The family's pairs sorted by mail, each once (pairs_read(), at its end). */
void family_pairs(struct model *md);
/*
 * A verdicts table's rows into md->vrows (vrows.c), with the model:
 * PT_EXIT_FAILED when it cannot be read or is none (no kind, id or
 * verdict column), PT_EXIT_SKIPPED when a bad line was named and left
 * out, else PT_EXIT_OK.
 */
int vrows_load(struct model *md, const char *path);
/*
 * A maintainer's corrections FILE read after the tables (model_finish;
 * corrtable.c): 0, or PT_EXIT_SKIPPED when a row was named on stderr
 * (bad: left out; an id the tables lack: kept, not applied),
 * PT_EXIT_FAILED when it cannot be read.
 */
int corrections_read(struct model *md, const char *path);

#endif
