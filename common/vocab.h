/*
 * vocab.h - the words the tables' fields are made of, written by one
 * tool and read by another: the row kinds, the mail and commit types
 * and the flags.  Writers and readers spell them through these names
 * only.  The contract is patchtrack-tsv(5), section TABLES: the type and
 * flags columns of mails and commits, the kind column of patches and
 * clusters.
 */
#ifndef PT_VOCAB_H
#define PT_VOCAB_H

/* The kind column of patches and clusters: what a row's id names. */
#define KIND_MAIL   "mail"
#define KIND_COMMIT "commit"
/* ptreport's state and changes: a mail is there as its patch. */
#define KIND_PATCH  "patch"

/*
 * The type column of mails (mbox2tsv), which patchtok passes on.
 * mtype_name() of MT_UNKNOWN is ""; mtype_parse() gives MT_UNKNOWN for
 * a word not among them.
 */
#define TYPE_PATCH "patch"
#define TYPE_COVER "cover"
#define TYPE_REPLY "reply"
#define TYPE_PULL  "pull"
#define TYPE_BOT   "bot"
#define TYPE_OTHER "other"
enum mtype { MT_UNKNOWN, MT_PATCH, MT_COVER, MT_REPLY, MT_PULL, MT_BOT, MT_OTHER, MT_N };
const char *mtype_name(int t);
int mtype_parse(const char *s);

/* The type column of commits (git2tsv): by the number of parents. */
#define TYPE_COMMIT "commit"
#define TYPE_MERGE  "merge"
#define TYPE_ROOT   "root"

/*
 * The flags column: words joined by ',' (has_word() in text.h finds
 * one).  Mails' (mbox2tsv) first, then those only commits (git2tsv)
 * have; badchar is both's.
 */
#define FLAG_RFC            "rfc"
#define FLAG_RESEND         "resend"
#define FLAG_STABLE         "stable"
#define FLAG_NEXT           "next"
#define FLAG_WITHDRAW       "withdraw"
#define FLAG_NOID           "noid"
#define FLAG_BADID          "badid"
#define FLAG_ODDID          "oddid"
#define FLAG_MULTIID        "multiid"
#define FLAG_DUPID          "dupid"
#define FLAG_NODATE         "nodate"
#define FLAG_DATE_RECEIVED  "date-received"
#define FLAG_DATE_FROMLINE  "date-fromline"
#define FLAG_FOLDED         "folded"
#define FLAG_DMARC          "dmarc"
#define FLAG_INBODY_FROM    "inbody-from"
#define FLAG_INBODY_SUBJECT "inbody-subject"
#define FLAG_ATTACHED       "attached"
#define FLAG_FLOWED         "flowed"
#define FLAG_HTML           "html"
#define FLAG_CHARSET        "charset"
#define FLAG_BADCHAR        "badchar"
#define FLAG_TRUNCATED      "truncated"
#define FLAG_PING           "ping"
#define FLAG_SERIES         "series"
#define FLAG_NOSUB          "nosub"
#define FLAG_CP1252         "cp1252"
#define FLAG_DAMAGED        "damaged"
#define FLAG_SIDE           "side"
#define FLAG_BUMP           "bump"
#define FLAG_PING           "ping"
#define FLAG_SERIES         "series"
#define FLAG_NOSUB          "nosub"

/* A mail's flags as bit numbers, in the order they are written. */
enum {
	F_RFC, F_RESEND, F_STABLE, F_NEXT, F_WITHDRAW,
	F_NOID, F_BADID, F_ODDID, F_MULTIID, F_DUPID,
	F_NODATE, F_DATE_RECEIVED, F_DATE_FROMLINE,
	F_FOLDED, F_DMARC, F_INBODY_FROM, F_INBODY_SUBJECT,
	F_ATTACHED, F_FLOWED, F_HTML, F_CHARSET, F_BADCHAR, F_TRUNCATED,
	F_PING, F_SERIES, F_NOSUB,
	F_COUNT
};
extern const char *const mail_flag_names[F_COUNT];

/* A commit's flags as bits, in the order they are written. */
enum {
	G_CP1252 = 1,   /* not UTF-8, no encoding header: read as Windows-1252 */
	G_BADCHAR = 2,  /* bytes replaced by U+FFFD */
	G_DAMAGED = 4,  /* no diff: an object it needs cannot be read */
	G_SIDE = 8      /* --side: on a branch, not the main line */
};
#define G_COUNT 4
/* commit_flag_names[i] is the name of bit 1 << i. */
extern const char *const commit_flag_names[G_COUNT];

#endif
