/*
 * maint.h - MAINTAINERS files in the Linux format, and which of their
 * sections a patch falls in, as the kernel's scripts/get_maintainer.pl
 * finds them (ptmaint(1) gives the rules).
 *
 * A file is parsed once into sections and entries; F: and X: patterns
 * are indexed by the folder their literal part names, so a path is
 * tried only against the patterns that can match it, and a kernel-sized
 * file with 20,000 patterns costs a few hash lookups a path.
 */
#ifndef PT_MAINT_H
#define PT_MAINT_H

#include <regex.h>
#include <stddef.h>
#include <stdint.h>

#include "hash.h"

struct mentry {
	char type;               /* M R L S F X N K W T ... */
	unsigned char dir;       /* F/X: matches everything below */
	unsigned char glob;      /* F/X: only * and ? are special */
	unsigned char catchall;  /* F: starts with '*' (depth -1) */
	int slashes;             /* F/X: '/' in the pattern */
	unsigned line;
	uint32_t section;
	const char *value;       /* as written, trimmed */
	const char *name;        /* M/R/L: display name or comment */
	const char *addr;        /* M/R/L: lower-cased address */
	regex_t *re;             /* N/K, and F/X beyond * and ? */
	const char *lit;         /* N/K that are a plain string */
};

struct msection {
	const char *title;
	const char *status;      /* S:, "" if none */
	unsigned line;
	uint32_t first, n;       /* its entries */
};

/* One F: or X: pattern in a folder's list. */
struct mpat {
	uint32_t entry;
	uint32_t next;           /* index + 1 in the same list, 0 at the end */
};

struct mfile {
	struct arena mem;
	struct msection *s;
	size_t ns;
	struct mentry *e;
	size_t ne;
	struct hmap byfolder;    /* folder -> its F/X patterns: index + 1 in pat */
	struct mpat *pat;
	size_t npat, cappat;
	uint32_t *regexes;       /* N entries */
	size_t nn;
	uint32_t *keywords;      /* K entries */
	size_t nk;
	unsigned long nbad;      /* lines or patterns skipped, each named */
	int quiet;               /* count them without naming them */
};

/*
 * Parse text (need not be NUL-terminated); name is used in messages
 * ("name:line: ...").  is_dir, when given, says whether a pattern that
 * names a path without a trailing '/' is a folder (get_maintainer asks
 * the working tree); a path found below such a pattern makes it one in
 * any case.  Returns 0; bad lines are named on stderr (unless quiet)
 * and counted.
 */
int maint_parse(struct mfile *mf, const char *text, size_t len, const char *name,
    int (*is_dir)(void *ctx, const char *path), void *ctx, int quiet);
void maint_free(struct mfile *mf);

/* A section a patch falls in. */
struct mmatch {
	uint32_t section;
	int depth;               /* the largest pattern depth it matched by */
	uint32_t via;            /* the entry it first matched by */
};

struct mresult {
	struct mmatch *m;
	size_t n, cap;
	/* scratch: per section, the index in m + 1, or 0 */
	uint32_t *slot;
	size_t nslot;
	unsigned char *excl;
};

/*
 * The sections of a patch: its paths (files[nfiles]) and, for K:, its
 * text (message and changed lines, '\n'-separated; may be NULL).
 * Results sorted by depth (largest first), then by order in the file.
 */
void maint_match(const struct mfile *mf, const char *const *files, size_t nfiles,
    const char *text, struct mresult *r);
void mresult_free(struct mresult *r);

/*
 * Translate a Perl regular expression as MAINTAINERS files write them
 * (with /x: blanks outside brackets ignored) into a POSIX extended one
 * for regcomp: \d \w \s and their negations, (?:...), (?i:...) and a
 * leading (?i) (*icase: compile with REG_ICASE), lazy quantifiers.
 * Returns 0, or -1 with *why set for what POSIX cannot say.
 */
struct buf;
int perl_to_ere(const char *re, struct buf *out, int *icase, const char **why);

#endif
