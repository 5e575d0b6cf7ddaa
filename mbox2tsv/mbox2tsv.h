/*
 * mbox2tsv.h - what the parts of mbox2tsv share: options, run-wide
 * state, the interface between the archive readers and the making of
 * rows, and the parts of the mail parser.
 */
#ifndef MBOX2TSV_H
#define MBOX2TSV_H

#include <regex.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <gmime/gmime.h>

#include "body.h"
#include "buf.h"
#include "hash.h"
#include "own.h"
#include "progress.h"
#include "vocab.h"

enum { MODE_AUTO, MODE_MBOXO, MODE_MBOXRD };

struct opts {
	const char *list;       /* --list, or NULL */
	int header;             /* print the header line */
	int mode;               /* mbox quoting */
	regex_t bot;            /* --bot */
	int have_bot;
	const char *after;      /* --after: an epoch's commit to start after */
	const char *upto;       /* --upto: an epoch's commit to end at */
	uint64_t offset;        /* --offset: an mbox's byte to start at */
	uint64_t end;           /* --end: an mbox's byte to stop at */
	int have_end;
	int verbose;            /* -v */
};

/* Where a mail came from; text for the src column and messages. */
struct mailpos {
	const char *input;      /* file, folder or repository as named */
	const char *archive;    /* archive name, the default list */
	uint64_t offset;        /* byte offset of an mbox mail */
	const char *where;      /* maildir file or commit id, else NULL */
	const char *fromline;   /* the mbox From_ line, or NULL */
	size_t fromlen;
	int truncated;          /* the input ended inside this mail */
};

struct ctx {
	struct opts o;
	GMimeParserOptions *popts;
	GByteArray *bytes;      /* parser input, reused from mail to mail */
	GMimeStream *stream;    /* ... the stream over it, and its parser */
	GMimeParser *parser;
	struct set64 ids;       /* hashes of the Message-IDs seen, for dupid */
	unsigned long nmails;   /* mails met */
	unsigned long nrows;    /* rows written */
	unsigned long nskipped; /* mails reported and skipped */
	unsigned long ndamaged; /* mails written flagged truncated */
	int after_seen;         /* the epoch holding --after was met */
	int upto_seen;          /* the epoch holding --upto was met */
	struct buf row;
	FILE *out;
	struct pool *pool;      /* threads making rows (pool.c); NULL: this one */
	size_t flags_at;        /* mail_make: where in row the flags go */
	unsigned flags;         /* ... and what they are but dupid */
	uint64_t idhash;        /* ... and the hash of the mail's id */
	long split;             /* processes to read one mbox in (processes.c), or 0 */
	FILE *record;           /* a split reader's worker: rows go here (mail_emit) */
	/*
	 * A split reading's bar (processes.c), over the whole file: read_mbox()
	 * moves it from bar_base (the bytes of the chunks before) and
	 * neither starts nor ends it.  NULL: read_mbox() draws its own.
	 */
	struct progress *bar;
	uint64_t bar_base;
};

/* Turn one raw mail into a row (or a message on stderr). */
void mail_process(struct ctx *c, const char *data, size_t len,
    const struct mailpos *pos);
void mail_init(struct ctx *c);
void mail_fini(struct ctx *c);
/* mail_process's two halves: make a row (any thread), write it (in order). */
int mail_make(struct ctx *c, const char *data, size_t len, const struct mailpos *pos);
void mail_emit(struct ctx *c, const struct buf *row, size_t flags_at, unsigned flags,
    uint64_t idhash);

/*
 * Threads making rows (pool.c, on common/opool.h): mail_process hands
 * each mail to the pool, which writes the rows and the messages about
 * them in input order.  pool_start with 1 thread starts none;
 * pool_stop writes every mail handed over and ends.
 */
void pool_start(struct ctx *c, int threads);
void pool_stop(struct ctx *c);

/*
 * Archive readers: each returns 0, or -1 after naming on stderr an
 * input that cannot be opened, read or walked, or is cut short: the
 * table is not to be used (PT_EXIT_FAILED).  A mail skipped or written
 * flagged is counted in nskipped or ndamaged instead (PT_EXIT_SKIPPED).
 * read_path (source.c) hands an input to its reader: read_mbox
 * (mbox.c), read_mbox_split (processes.c), read_maildir (maildir.c),
 * read_inbox and read_epoch (inbox.c).
 */
int read_path(struct ctx *c, const char *path);
int read_mbox(struct ctx *c, const char *path, const char *archive);
int read_maildir(struct ctx *c, const char *path, const char *archive);
int read_inbox(struct ctx *c, const char *path, const char *archive);
int read_epoch(struct ctx *c, const char *path, const char *archive);
/*
 * Whether the line s[0..n), after an empty line and before the line
 * next[0..nextlen), separates two mails of an mboxrd file, as
 * read_mbox() decides it (both with their newlines).
 */
int mboxrd_separator(const char *s, size_t n, const char *next, size_t nextlen);
/* The names in a folder, sorted, dot files left out (dirs.c). */
char **list_dir(const char *dir, size_t *count);
void free_list(char **v, size_t n);

/*
 * One plain mboxrd file read by c->split processes, each a range of it
 * (processes.c): whether path is one, and the reading (read_mbox() when
 * it cannot be split after all).
 */
int split_wanted(const struct ctx *c, const char *path);
int read_mbox_split(struct ctx *c, const char *path, const char *archive);
/*
 * A worker's row (mail_emit() with c->record set), its last record
 * (its counts and read_mbox()'s return), and the rows a worker wrote,
 * written in order by mail_emit() (dupid decided then), its counts
 * added: 0, or -1 if the records end early (emit.c).
 */
void mail_record(struct ctx *c, const struct buf *row, size_t flags_at, unsigned flags,
    uint64_t idhash);
void mail_record_end(struct ctx *c, int rc);
int mail_replay(struct ctx *c, FILE *rec, int *rc);

/* --known: count the ids of a mail table as met (dupid); -1 on error. */
int read_known(struct ctx *c, const char *table);

/* "file:offset" or "folder/file" or "repo:commit" for messages. */
void pos_format(struct buf *b, const struct mailpos *pos);

/* Report a skipped mail: "input:pos: mail skipped: why". */
void skip_mail(struct ctx *c, const struct mailpos *pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * The making of a row, part by part.  parse.c: gmime's set-up and a
 * raw mail made a MIME tree; headers.c: the header fields read, and
 * their decoding; author.c: who sent it; mime.c: the parts read, as
 * text; analyse.c: a message's text split and judged; row.c: the row
 * (mail_make); emit.c: the rows written (mail_emit); pool.c: the
 * threads making them (mail_process).
 */

/* The flags column's flags (F_* in vocab.h) as bits of a mask. */
#define FL(x) (1u << (x))
/* How deep MIME parts and attached mails are followed. */
#define MAX_DEPTH 8

/* The headers a row needs, raw (as gmime keeps them). */
struct hdrs {
	const char *msgid, *date, *from, *subject, *irt, *refs, *listid;
	const char *listpost, *xorigfrom, *replyto, *autosub;
	const char *pwhint;     /* X-Patchwork-Hint ("ignore": no patch to track) */
	const char *recv_last;  /* the earliest hop: last Received header */
	struct buf to, cc;      /* raw values, joined with ", " */
	int nmsgid;
};

/* A message analysed: who, what, and the split body. */
struct analysis {
	struct buf from_name, from_addr, subject;
	/* Who sent it, when another's patch (in-body or attached From) names the author. */
	struct buf sender_name, sender_addr;
	struct buf text;        /* decoded body text the split refers to */
	struct body body;
	unsigned flags;
	int patch;              /* the body carries a diff */
	int pull;               /* the body looks like git request-pull */
	struct buf extra_diff;  /* diffs of further attached patches */
	struct own own;         /* what the sender's own text says (none of a bot) */
};

/* A part of a message read (mime.c): its text, or an attached mail. */
struct unit {
	struct buf text;
	GMimeObject *msg;        /* an attached mail, when not NULL (owned ref) */
	int html;
};

struct units {
	struct unit *u;
	size_t n, cap;
};

/* parse.c: a mail as a MIME part (nested: not the outermost), or NULL. */
GMimeObject *parse_message(struct ctx *c, const char *data, size_t len, int nested);
void parser_free(struct ctx *c);

/* headers.c */
void collect_headers(GMimeObject *obj, struct hdrs *h);
void hdrs_free(struct hdrs *h);
void unfold(struct buf *out, const char *raw);
void decode_header(struct buf *out, const char *raw, unsigned *flags);
void map_flags(unsigned f, unsigned *flags);
void squeeze(struct buf *b);
int msgids(struct buf *out, const char *raw, int max);
void addresses(struct buf *out, const char *raw);
int64_t parse_date(const char *raw, int *ok);
int64_t fromline_date(const char *line, size_t len, int *ok);

/* author.c */
int parse_from(const char *value, struct buf *name, struct buf *addr);
void author(struct ctx *c, const struct hdrs *h, struct analysis *a);
/* Is the From of headers h the list's ("Name via List", or List-Post's address)? */
int from_list(const struct hdrs *h);
int is_bot(struct ctx *c, const struct analysis *a, const char *autosub);

/* mime.c: the parts of obj that are read, into us. */
void walk(struct ctx *c, GMimeObject *obj, struct units *us, unsigned *flags, int depth);
void units_free(struct units *us);

/* analyse.c */
void analysis_init(struct analysis *a);
void analysis_free(struct analysis *a);
void analyse(struct ctx *c, GMimeObject *m, struct analysis *a, int depth);
/* Is the patch a bug report's debug prints (body_debug_prints), and not signed off? */
int analysis_debug_prints(const struct analysis *a);

#endif
