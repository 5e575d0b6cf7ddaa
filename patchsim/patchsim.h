/*
 * patchsim.h - what patchsim's parts share: a patch table's rows as the
 * scorer keeps them (load.c, texts.c), the candidate index (index.c),
 * and the state each thread scores with (score.c, evidence.c).
 */
#ifndef PATCHSIM_PATCHSIM_H
#define PATCHSIM_PATCHSIM_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "hash.h"
#include "opool.h"
#include "ratio.h"

/*
 * A text as the scorer keeps it: token-sorted, its length in code points,
 * and how many bytes of each kind it holds (letters one by one, digits
 * one by one, blanks, other bytes), for a cheap bound on the LCS.
 */
#define NBUCKET 38

struct tstr {
	const char *s;
	uint32_t bytes, cps;
	uint32_t *hist;         /* NBUCKET counts, or NULL for short texts */
};

struct thunk {
	const char *heading;
	struct tstr rem, add;
	int has_rem, has_add;
};

struct tfile {
	const char *key;        /* "old\tnew", interned */
	struct thunk *h;
	uint32_t nh;
	struct tstr rem, add;   /* every hunk's lines together, whatever the heading */
};

struct row {
	const char *id;
	const char *hash;
	const char *upstream, *links;   /* space-separated, may be "" */
	const char *author, *name;      /* lower-cased, interned; "" if none */
	const char *thread;             /* interned; "" if none */
	struct tstr title;
	struct tstr summary;            /* the title's words after its "prefix: " parts */
	unsigned char reply;            /* a mail of type reply: a diff in an answer */
	const char **cred;              /* credited people, lower-cased, interned:
	                                   addresses and names; NULL if none */
	uint32_t ncred;
	int64_t date, adate;            /* the table's date; when it was written */
	int has_date, has_adate;
	int version, part;              /* 0: unknown */
	unsigned char commit;           /* kind: a commit, not a mail */
	uint32_t lines;
	struct tstr msg;
	struct tfile *f;
	uint32_t nf;
	const char **names;             /* touched file names, interned */
	uint32_t nnames;
	/*
	 * The hunks, made into f by the first thread that needs them
	 * (ready_hunks()); hunks_state: 0 not yet, 1 being made, 2 made.
	 * From a plain file they are read again then (pread on hfd at
	 * hoff, raw_hlen bytes as escaped in the file): a table's bulk is
	 * not held twice.  Else raw_hunks holds them as read, unescaped
	 * once checked.
	 */
	char *raw_hunks;                /* freed once made */
	size_t raw_hlen;
	unsigned long long hoff;
	int hfd;                        /* -1: raw_hunks */
	int hunks_state;
	/*
	 * The runs of words its hunks add (shingle.c): nsh distinct
	 * hashes, the smallest, sorted, of nshall runs (repeats counted);
	 * shmax the largest kept when some were left out, else UINT64_MAX.
	 */
	uint64_t *sh, shmax;
	uint32_t nsh, nshall;
	int sh_state;                   /* as hunks_state, for sh (ready_shingles()) */
};

struct table {
	const char *name;
	struct row *r;
	size_t n, cap;
	struct arena mem;
	struct arena *wmem;     /* one per loading thread */
	size_t nwmem;
	struct strpool *names;  /* shared by both tables: equal names, equal pointers */
	struct hmap *sorted;    /* shared too: see keep_sorted() */
	int fd;                 /* the file, to read hunks again from; -1: none */
};

/*
 * Where a thread keeps what it makes of a row: its own arena, and the
 * shared pool of interned strings behind mu and the sorted texts behind
 * smu when threads share them (NULL: one thread).  Under the locks only
 * the tables are looked at: a text is hashed before and copied (into
 * the thread's arena) between, so that a long hunk keeps no other
 * thread waiting.
 */
struct sink {
	struct arena *mem;
	struct strpool *names;
	pthread_mutex_t *mu;
	struct hmap *sorted;    /* long texts as read -> struct tstr: sorted once */
	pthread_mutex_t *smu;
};

struct opts {
	double weight, dlr, min_score, heading_ratio;
	double contain;         /* --contain: VIA_CONTAINED's share; 0: none */
	int shingle;            /* a mail and a commit can meet: rows take their runs */
	long window;            /* days; < 0: none */
	long vwindow;           /* days between two versions of a patch, at most */
	int links, file_penalty, self;
	int plain;              /* --plain-lcs: no faster ways, nothing remembered,
	                         * evidence judged after every ratio */
	long shard, nshards;
	long jobs;
};

/* An inverted index: interned name (pointer) -> right rows. */
struct postings {
	uint32_t *v;
	size_t n, cap;
};

struct index {
	struct hmap byname;     /* name -> struct postings * */
	struct hmap byhash;     /* hash -> struct postings * */
	struct hmap byid;       /* id -> struct postings * */
	struct hmap byup;       /* upstream id named -> rows naming it */
	struct hmap bylink;     /* Message-ID a Link: names -> rows naming it */
	struct hmap byperson;   /* author, name, or a commit's credited -> rows */
	struct postings *all;
	size_t nall;
};

/* Lines (added and removed) of a patch whose runs of words are taken, at most. */
#define CONTAIN_MAX_LINES 4000
/* Share of the smaller patch's runs of words the other must hold: VIA_CONTAINED (--contain). */
#define CONTAIN_SHARE 0.6

/* How alike the messages of a version sent into the old one's thread are, at least. */
#define THREAD_MSG 0.6
/* How alike two messages of one person are, at least, to be one patch's (retitled). */
#define SAME_MSG 0.8

/*
 * The ratios of long texts already compared, by the pair of interned
 * texts: versions of a series and reposts hold the same big hunks, and
 * their LCS is the scorer's whole cost.  Shared by the threads.
 */
struct memo {
	pthread_mutex_t mu;
	pthread_cond_t done;    /* a ratio being computed is there */
	struct hmap map;        /* key: the two pointers; value: struct memo_ent */
	struct arena mem;
};

/*
 * One ratio a pair's score is made of: the messages', or a hunk pair's
 * removed or added lines (diff_terms()), with its weight in the score
 * and an upper bound of it, the ratio itself once known.
 */
struct term {
	const struct tstr *a, *b;
	double weight, hi;
	int known;              /* hi is the ratio already */
};

/* A term's place and what it may take off the bound: the order they are computed in. */
struct order {
	double potential;
	uint32_t k;
};

/*
 * What the threads share to make rows' hunks ready: most rows of a big
 * archive scored against a commit segment are never a candidate's, and
 * their hunks are the bulk of loading.
 */
struct lazy {
	pthread_mutex_t mu;
	pthread_cond_t done;    /* a row's hunks, or its runs of words, are made */
	pthread_mutex_t names_mu, sorted_mu;
	struct strpool *names;
	struct hmap *sorted;
};

struct job {
	const struct opts *o;
	struct memo *memo;
	struct lazy *lazy;
	struct table *L, *R;    /* rows' hunks are made ready as they are needed */
	const struct index *ix;
	/* Per worker. */
	struct lcs_scratch sc;
	struct arena mem;       /* the hunks this thread made ready */
	struct buf scratch;
	struct buf raw;         /* hunks read again */
	uint32_t *mark;         /* per right row: the left row + 1 that last saw it */
	uint16_t *via;
	uint32_t *cand, *cand_tmp;
	size_t ncand;
	struct term *t;         /* a pair's terms: the diff's, then the message's */
	uint32_t *tfn;          /* per file of the diff: its terms */
	struct order *order;
	size_t nt, tcap, fcap;
	unsigned long scored, candidates;
	/*
	 * The pool, and the state this thread scores another row with while
	 * one of its ratios is being computed by another thread; that row
	 * may wait so too, with its own helper, HELP_DEPTH rows deep (NULL:
	 * it waits).
	 */
	struct opool *pool;
	struct job *helper;
};

/* A row's hunks could not be read again: the run fails. */
extern int reread_failed;

/* texts.c */
double ratio_bound(const struct tstr *a, const struct tstr *b);
struct tstr keep_sorted(const struct sink *t, struct buf *scratch, const char *s, size_t n);
int parse_hunks(const struct sink *t, struct row *rw, const char *s, size_t n,
    struct buf *scratch);
int hunks_valid(const char *s, size_t n);

/* load.c */
int load(struct table *t, const char *path, struct strpool *names, struct hmap *sorted,
    long jobs);
void table_free(struct table *t);
void ready_hunks(struct job *j, struct row *rw);
void ready_shingles(struct job *j, struct row *rw);

/* index.c */
void index_build(struct index *ix, const struct table *t, int byperson);
void index_free(struct index *ix);
void find_candidates(struct job *j, uint32_t li);

/* score.c */
void score_left(struct job *j, uint32_t li, struct buf *out);

/* evidence.c */
int evidence(const struct job *j, const struct row *l, const struct row *r);
int credits_person(const struct row *c, const struct row *m);

/* shingle.c */
void shingle_text(struct arena *mem, struct row *rw, const char *s, size_t n);

/* contain.c */
int contain_dates(const struct row *l, const struct row *r);
int contained(struct job *j, struct row *l, struct row *r);
int can_contain(const struct table *L, const struct table *R);

#endif
