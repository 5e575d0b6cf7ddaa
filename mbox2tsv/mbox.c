/*
 * mbox.c - the mails of an mbox file (plain, gzip or xz), or of a
 * single mail file, found by its From_ lines.
 *
 * mbox splitting is where archives break, so it is careful.  A line is
 * a From_ separator only when it starts with "From ", follows an empty
 * line (or starts the file), has a date with a time and a year, and is
 * followed by a header line.  In mboxrd files (public-inbox's export,
 * recognised by its "From mboxrd@z" lines) every body line that could
 * be mistaken is quoted, so that is enough.  In mboxo files a body may
 * hold unquoted From_ lines, so two more rules apply: no split inside a
 * multipart body whose closing boundary has not been seen (an attached
 * mbox or patch), and a From_ line with git's placeholder date ("From
 * <sha> Mon Sep 17 00:00:00 2001", a pasted format-patch) separates
 * mails only in files whose first separator has it too (a format-patch
 * series), not inside an ordinary archive.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mbox2tsv.h"
#include "progress.h"
#include "text.h"
#include "util.h"
#include "zio.h"

/* "From " sender date-with-time-and-year. */
static int
fromline_syntax(const char *s, size_t n)
{
	const char *p, *end = s + n;
	int havetime = 0, haveyear = 0;

	if (n < 6 || memcmp(s, "From ", 5) != 0)
		return 0;
	p = s + 5;
	while (p < end && *p == ' ')
		p++;
	if (p >= end)
		return 0;
	while (p < end && *p != ' ')
		p++;
	for (; p < end; p++) {
		if (isdigit((unsigned char)*p)) {
			const char *q = p;

			while (q < end && isdigit((unsigned char)*q))
				q++;
			if (q < end && *q == ':' && q - p <= 2 && q + 2 < end + 0 &&
			    isdigit((unsigned char)q[1]) && isdigit((unsigned char)q[2]))
				havetime = 1;
			else if (q - p == 4 && (p == s || p[-1] != ':'))
				haveyear = 1;
			p = q - 1;
		}
	}
	return havetime && haveyear;
}

static int
word_in(const char *w, size_t n, const char *list)
{
	for (const char *p = list; *p; p += 4)
		if (n == 3 && strncasecmp(w, p, 3) == 0)
			return 1;
	return 0;
}

/*
 * The asctime form real mbox writers use after the sender:
 * "Thu Jan  1 00:00:00 1970", maybe with a zone before or after the
 * year.  Required when no empty line precedes the From_ line.
 */
static int
fromline_strict(const char *s, size_t n)
{
	const char *p = s + 5, *end = s + n, *w[8];
	size_t len[8], k = 0, i;

	while (p < end && *p == ' ')
		p++;
	while (p < end && *p != ' ')
		p++;
	while (k < 8) {
		while (p < end && *p == ' ')
			p++;
		if (p >= end)
			break;
		w[k] = p;
		while (p < end && *p != ' ')
			p++;
		len[k] = (size_t)(p - w[k]);
		k++;
	}
	if (p < end || k < 5 || k > 7)
		return 0;
	if (!word_in(w[0], len[0], "Mon Tue Wed Thu Fri Sat Sun ") ||
	    !word_in(w[1], len[1], "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec "))
		return 0;
	if (len[2] < 1 || len[2] > 2 || !isdigit((unsigned char)w[2][0]))
		return 0;
	if (len[3] < 5 || w[3][2] != ':' || !isdigit((unsigned char)w[3][0]))
		return 0;
	for (i = 4; i < k; i++)
		if (len[i] == 4 && isdigit((unsigned char)w[i][0]) &&
		    isdigit((unsigned char)w[i][3]))
			return 1;
	return 0;
}

/* git's placeholder date: a format-patch or git-generated mbox. */
static int
magic_date(const char *s, size_t n)
{
	static const char tail[] = " Mon Sep 17 00:00:00 2001";

	return n >= sizeof tail - 1 && !memcmp(s + n - (sizeof tail - 1), tail, sizeof tail - 1);
}

/* git's rfc2822 header test: a field name, then ':'. */
static int
header_line(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == ':')
			return i > 0;
		if (c < 33 || c > 126)
			return 0;
	}
	return 0;
}

static size_t
core_len(const char *s, size_t n)
{
	if (n && s[n - 1] == '\n')
		n--;
	if (n && s[n - 1] == '\r')
		n--;
	return n;
}

/* Only blanks: counts as the empty line before a From_ line. */
static int
blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return 0;
	return 1;
}

struct splitter {
	struct ctx *c;
	struct mailpos pos;
	int mode;
	struct buf mail;         /* the mail being gathered, unquoted */
	struct buf sep;          /* its From_ line */
	struct buf prevsep;      /* the previous separator */
	int have;                /* a mail is being gathered */
	int seen_sep, first_magic;
	int in_header;
	int ct_capture;          /* inside a Content-Type header */
	struct buf ct;           /* the top-level Content-Type value */
	struct buf boundary;     /* "--boundary" while open, else empty */
	int prev_blank;
	uint64_t off;            /* offset of the next line */
	uint64_t mailoff;
};

static void
emit(struct splitter *sp)
{
	const char *p = sp->mail.p ? sp->mail.p : "";
	size_t n = sp->mail.len, i = 0, len;
	const char *nl;

	if (!sp->have)
		return;
	sp->have = 0;
	/* Skip blank lines; a chunk of nothing is not a mail. */
	while (i < n) {
		nl = memchr(p + i, '\n', n - i);
		len = (size_t)((nl ? nl : p + n) - (p + i));
		if (!blank(p + i, core_len(p + i, len + (nl ? 1 : 0))))
			break;
		i += len + (nl ? 1 : 0);
	}
	/* The empty line before the next From_ line belongs to the mbox. */
	if (sp->sep.len) {
		if (n >= 2 && p[n - 1] == '\n' && p[n - 2] == '\n')
			n--;
		else if (n >= 4 && !memcmp(p + n - 4, "\r\n\r\n", 4))
			n -= 2;
	}
	sp->pos.offset = sp->mailoff;
	sp->pos.fromline = sp->sep.len ? sp->sep.p : NULL;
	sp->pos.fromlen = sp->sep.len;
	if (i >= n) {
		if (sp->sep.len) {
			sp->c->nmails++;
			skip_mail(sp->c, &sp->pos, "empty mail after its From line");
		}
		return;
	}
	nl = memchr(p + i, '\n', n - i);
	len = (size_t)((nl ? nl : p + n) - (p + i));
	if (!header_line(p + i, len) && sp->sep.len) {
		/* After a From_ line it is a mail, if one without headers. */
		struct buf m = BUF_INIT;

		buf_addc(&m, '\n');
		buf_add(&m, p + i, n - i);
		mail_process(sp->c, m.p, m.len, &sp->pos);
		buf_free(&m);
		return;
	}
	if (!header_line(p + i, len)) {
		sp->c->nmails++;
		skip_mail(sp->c, &sp->pos, "no mail header; it begins '%.*s'",
		    (int)(core_len(p + i, len) > 40 ? 40 : core_len(p + i, len)), p + i);
		return;
	}
	mail_process(sp->c, p + i, n - i, &sp->pos);
}

/* Track the top-level Content-Type of the mail being gathered. */
static void
track_header(struct splitter *sp, const char *s, size_t n)
{
	if (n && (s[0] == ' ' || s[0] == '\t')) {
		if (sp->ct_capture)
			buf_add(&sp->ct, s, n);
		return;
	}
	sp->ct_capture = has_prefix_ci(s, n, "content-type:");
	if (sp->ct_capture) {
		buf_reset(&sp->ct);
		buf_add(&sp->ct, s + 13, n - 13);
	}
}

static void
end_header(struct splitter *sp)
{
	const char *p, *q;
	size_t n;

	sp->in_header = 0;
	sp->ct_capture = 0;
	buf_reset(&sp->boundary);
	if (!sp->ct.len)
		return;
	p = sp->ct.p;
	while (*p && isspace((unsigned char)*p))
		p++;
	if (strncasecmp(p, "multipart/", 10) != 0)
		return;
	q = find_ci(p, strlen(p), "boundary=");
	if (!q)
		return;
	q += 9;
	if (*q == '"') {
		q++;
		n = strcspn(q, "\"\r\n");
	} else {
		n = strcspn(q, "; \t\r\n");
	}
	if (!n)
		return;
	buf_addstr(&sp->boundary, "--");
	buf_add(&sp->boundary, q, n);
}

static void
start_mail(struct splitter *sp, const char *sepline, size_t seplen)
{
	sp->have = 1;
	buf_reset(&sp->mail);
	buf_reset(&sp->sep);
	if (sepline)
		buf_add(&sp->sep, sepline, seplen);
	sp->in_header = 1;
	sp->ct_capture = 0;
	buf_reset(&sp->ct);
	buf_reset(&sp->boundary);
}

/* Append a line to the current mail, tracking headers and boundaries. */
static void
body_line(struct splitter *sp, const char *s, size_t n)
{
	size_t core = core_len(s, n);

	if (!sp->have) {
		start_mail(sp, NULL, 0);
		sp->mailoff = sp->off;
		/*
		 * A file that starts with a mail, not a From_ line, is a
		 * mail file (or mboxo at best): later From_ lines must
		 * prove themselves.
		 */
		if (!sp->seen_sep && !blank(s, core)) {
			sp->seen_sep = 1;
			if (sp->mode == MODE_AUTO)
				sp->mode = MODE_MBOXO;
		}
	}
	if (sp->mode == MODE_MBOXRD && n > 5 && s[0] == '>') {
		size_t k = 0;

		while (k < n && s[k] == '>')
			k++;
		if (n - k >= 5 && memcmp(s + k, "From ", 5) == 0) {
			s++;
			n--;
			core--;
		}
	}
	if (sp->in_header) {
		if (!core)
			end_header(sp);
		else
			track_header(sp, s, core);
	} else if (sp->boundary.len && core >= sp->boundary.len + 2 &&
	    !memcmp(s, sp->boundary.p, sp->boundary.len) &&
	    !memcmp(s + sp->boundary.len, "--", 2)) {
		buf_reset(&sp->boundary);
	}
	buf_add(&sp->mail, s, n);
}

/* Decide whether a candidate From_ line separates mails. */
static int
is_separator(struct splitter *sp, const char *s, size_t core,
    const char *next, size_t nextlen)
{
	if (!sp->seen_sep)
		return 1;
	if (!next || !header_line(next, core_len(next, nextlen)))
		return 0;
	if (sp->mode == MODE_MBOXRD)
		return 1;
	if (magic_date(s, core) && !sp->first_magic)
		return 0;
	if (sp->boundary.len && !(sp->prevsep.len == core &&
	    !memcmp(sp->prevsep.p, s, core)))
		return 0;
	return 1;
}

int
mboxrd_separator(const char *s, size_t n, const char *next, size_t nextlen)
{
	size_t core = core_len(s, n);

	/* read_mbox's candidate after an empty line, and is_separator's mboxrd rule. */
	return core > 5 && !memcmp(s, "From ", 5) && fromline_syntax(s, core) &&
	    header_line(next, core_len(next, nextlen));
}

/*
 * The bar follows the bytes read from the file (compressed, if it
 * is), against its size when it has one; a pipe gets a count.  Of
 * a plain file, only the bytes between --offset and --end count, from
 * *bar_from.  st: the file's (zeroed for none); label: the bar's, kept
 * until it ends.
 */
static void
bar_start(struct ctx *c, struct zin *z, const char *path, struct stat *st,
    struct buf *label, struct progress *pr, uint64_t *bar_from)
{
	const char *base = strrchr(path, '/');
	uint64_t total = 0;

	if (fstat(zin_fd(z), st) != 0)
		memset(st, 0, sizeof *st);
	if (S_ISREG(st->st_mode)) {
		total = (uint64_t)st->st_size;
		if (!strcmp(zin_kind(z), "plain")) {
			if (c->o.have_end && c->o.end < total)
				total = c->o.end;
			*bar_from = c->o.offset < total ? c->o.offset : total;
			total -= *bar_from;
		}
	}
	buf_addf(label, "mbox2tsv %s", strcmp(path, "-") == 0 ? "<stdin>" :
	    base && base[1] ? base + 1 : path);
	progress_start(pr, c->bar ? 0 : progress_wanted(), label->p, "B", total);
}

/*
 * A candidate From_ line, pending (met at pendoff), decided by the line
 * after it, line[0..n): a separator starts a mail (1), anything else is
 * a body line (0).
 */
static int
take_pending(struct splitter *sp, const struct buf *pending, uint64_t pendoff,
    const char *line, size_t n)
{
	size_t pcore = core_len(pending->p, pending->len);
	int started = 0;

	if (is_separator(sp, pending->p, pcore, line, n)) {
		emit(sp);
		if (!sp->seen_sep) {
			sp->seen_sep = 1;
			sp->first_magic = magic_date(pending->p, pcore);
			if (sp->mode == MODE_AUTO)
				sp->mode = (pcore >= 11 &&
				    !memcmp(pending->p, "From mboxrd", 11)) ?
				    MODE_MBOXRD : MODE_MBOXO;
		}
		buf_reset(&sp->prevsep);
		buf_add(&sp->prevsep, pending->p, pcore);
		start_mail(sp, pending->p, pcore);
		sp->mailoff = pendoff;
		started = 1;
	} else {
		uint64_t save = sp->off;

		sp->off = pendoff;
		body_line(sp, pending->p, pending->len);
		sp->off = save;
	}
	sp->prev_blank = 0;
	return started;
}

int
read_mbox(struct ctx *c, const char *path, const char *archive)
{
	struct zin *z = zin_open(path);
	struct lines ls;
	struct splitter sp;
	struct buf pending = BUF_INIT, label = BUF_INIT;
	struct progress pr;
	struct stat st;
	uint64_t pendoff = 0, bar_from = 0;
	const char *line;
	ssize_t n;
	int rc = 0, have_pending = 0;

	if (!z) {
		warnx("%s:", path);
		return -1;
	}
	bar_start(c, z, path, &st, &label, &pr, &bar_from);
	memset(&sp, 0, sizeof sp);
	sp.c = c;
	sp.mode = c->o.mode;
	sp.prev_blank = 1;
	sp.pos.input = strcmp(path, "-") == 0 ? "<stdin>" : path;
	sp.pos.archive = archive;
	/*
	 * --offset in a plain file: straight there, when the byte before it
	 * ends a line (else read up to it, to say what is wrong).
	 */
	if (c->o.offset && S_ISREG(st.st_mode) && c->o.offset <= (uint64_t)st.st_size) {
		char before;

		if (pread(zin_fd(z), &before, 1, (off_t)(c->o.offset - 1)) == 1 && before == '\n' &&
		    zin_seek(z, c->o.offset) == 0)
			sp.off = c->o.offset;
	}
	lines_init(&ls, z);
	for (;;) {
		/* --end: the bytes past it are not this reading's. */
		if (c->o.have_end && sp.off >= c->o.end) {
			if (sp.off > c->o.end) {
				warnx("%s: --end %llu is not the start of a line", sp.pos.input,
				    (unsigned long long)c->o.end);
				rc = -1;
			}
			break;
		}
		n = lines_next(&ls, &line);
		if (n < 0) {
			warnx("%s: %s", sp.pos.input, zin_error(z));
			rc = -1;
			sp.pos.truncated = 1;
		}
		if (n <= 0)
			break;
		/*
		 * --offset: the lines before it were read before; reading
		 * starts there as at the start of a file.  Offsets stay
		 * those of the whole file.
		 */
		if (sp.off < c->o.offset) {
			sp.off += (uint64_t)n;
			if (sp.off > c->o.offset) {
				warnx("%s: --offset %llu is not the start of a line", sp.pos.input,
				    (unsigned long long)c->o.offset);
				rc = -1;
				break;
			}
			continue;
		}
		if (have_pending) {
			/* A candidate From_ line waits for the line after it. */
			have_pending = 0;
			if (take_pending(&sp, &pending, pendoff, line, (size_t)n))
				progress_update(c->bar ? c->bar : &pr, (c->bar ? c->bar_base : 0) +
				    (zin_rawpos(z) > bar_from ? zin_rawpos(z) - bar_from : 0));
		}
		{
			size_t core = core_len(line, (size_t)n);

			/* The first line of a file may be a From_ line of any shape. */
			if (core > 5 && line[0] == 'F' && memcmp(line, "From ", 5) == 0 &&
			    ((sp.prev_blank && fromline_syntax(line, core)) ||
			    fromline_strict(line, core) || !sp.have)) {
				buf_reset(&pending);
				buf_add(&pending, line, (size_t)n);
				pendoff = sp.off;
				have_pending = 1;
			} else {
				body_line(&sp, line, (size_t)n);
				sp.prev_blank = blank(line, core);
			}
		}
		sp.off += (uint64_t)n;
	}
	if (!rc && sp.off < c->o.offset) {
		warnx("%s: --offset %llu is past the end (%llu bytes)", sp.pos.input,
		    (unsigned long long)c->o.offset, (unsigned long long)sp.off);
		rc = -1;
	}
	if (have_pending) {
		if (!sp.seen_sep) {
			/* A lone From_ line at the very end: an empty mail. */
			emit(&sp);
			start_mail(&sp, pending.p, core_len(pending.p, pending.len));
			sp.mailoff = pendoff;
		} else {
			body_line(&sp, pending.p, pending.len);
		}
	}
	emit(&sp);
	progress_end(&pr);
	buf_free(&label);
	lines_free(&ls);
	zin_close(z);
	buf_free(&pending);
	buf_free(&sp.mail);
	buf_free(&sp.sep);
	buf_free(&sp.prevsep);
	buf_free(&sp.ct);
	buf_free(&sp.boundary);
	return rc;
}
