/*
 * all.c - every report from one reading of the tables: the TSV of each
 * command, the aligned texts, report.txt, the plots, and the HTML page,
 * into one folder.  Loading the tables is most of what a
 * report costs, so patchtrack asks for them all at once.
 *
 * Each file is written as NAME.tmp.EXT and renamed to NAME.EXT only
 * when every one of them has been written: a run that fails leaves the
 * folder's old files as they were, and no temporary behind.
 *
 * The folder is made, with its parents, when missing (as mkdir -p, and
 * as patchtrack makes its own).
 *
 * The page comes last but the verdicts table (verdicts.tsv, which
 * another judge's would replace): it links the TSV reports written
 * before it, by their names and sizes, for the rows it does not hold.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hash.h"
#include "render/report.h"
#include "util.h"

/* What needs more than mails and clusters. */
enum { NEED_TAGS = 1 };

static const struct piece {
	const char *name, *ext;
	int (*run)(struct model *, const struct ropts *);
	enum ofmt fmt;
	int plot;          /* with -p: NAME.png (or .svg) beside it */
	int needs;
	long top;          /* -n for it, 0: the command's default */
} pieces[] = {
	/* Those with plots first: gnuplot draws while the others are written. */
	{ "weekly", "tsv", report_weekly, OF_TSV, 1, 0, 0 },
	{ "duration", "tsv", report_duration, OF_TSV, 1, 0, 0 },
	{ "maintainers", "tsv", report_maintainers, OF_TSV, 1, 0, 0 },
	{ "patches", "tsv", report_patches, OF_TSV, 0, 0, 0 },
	{ "ignored", "tsv", report_ignored, OF_TSV, 0, 0, 0 },
	{ "offlist", "tsv", report_offlist, OF_TSV, 0, 0, 0 },
	{ "cycle", "tsv", report_cycle, OF_TSV, 0, NEED_TAGS, 0 },
	{ "summary", "tsv", report_summary, OF_TSV, 0, 0, 0 },
	{ "summary", "txt", report_summary, OF_PRETTY, 0, 0, 0 },
	{ "cycle", "txt", report_cycle, OF_PRETTY, 0, NEED_TAGS, 0 },
	{ "maintainers", "txt", report_maintainers, OF_PRETTY, 0, 0, TEXT_MAINT_TOP },
	{ "waiting", "tsv", report_waiting, OF_TSV, 0, 0, 0 },
	{ "changes", "tsv", report_changes, OF_TSV, 0, 0, 0 },
	{ "morning", "txt", report_digest, OF_PRETTY, 0, 0, 0 },
	{ "report", "txt", report_text, OF_PRETTY, 0, 0, 0 },
	{ "digest", "txt", report_digest, OF_TSV, 0, 0, 0 },
	{ "waiting", "atom", report_waiting_feed, OF_TSV, 0, 0, 0 },
	{ "changes", "atom", report_changes_feed, OF_TSV, 0, 0, 0 },
	{ "changes-log", "tsv", report_changelog, OF_TSV, 0, 0, 0 },
	/* Last but the page: the next run's earlier state. */
	{ "state", "tsv", report_state, OF_TSV, 0, 0, 0 },
	{ "report", "html", report_html, OF_TSV, 0, 0, 0 },
	/* After the page, which names the reports written before it. */
	{ "verdicts", "tsv", report_verdicts, OF_TSV, 0, 0, 0 },
};

#define NPIECES (sizeof pieces / sizeof pieces[0])

/* dir/name.ext, or dir/name.tmp.ext with tmp. */
static char *
path_of(const char *dir, const char *name, const char *ext, int tmp)
{
	struct buf b = BUF_INIT;

	buf_addf(&b, "%s/%s.%s%s", dir, name, tmp ? "tmp." : "", ext);
	return buf_detach(&b, NULL);
}

static void
remove_all(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (v[i])
			unlink(v[i]);
}

/*
 * The reports' notes (-v: the coverage, each list's grace ...), each
 * once: every report would say them again.
 */
static struct set64 said;

static void
say_once(const char *line, size_t len)
{
	if (set64_add(&said, hash_bytes(line, len)))
		warn_line(line, len);
}

/*
 * Make the folder dir and the ones above it that are missing: 0, or -1
 * after a message.  One that exists is left as it is; one that is not
 * a folder fails when its files are opened.
 */
static int
make_dirs(const char *dir)
{
	char *p = xstrdup(dir);
	int rc = 0;

	for (char *s = p; *s && !rc; ) {
		char c;

		s += strspn(s, "/");
		s += strcspn(s, "/");
		c = *s;
		*s = '\0';
		if (mkdir(p, 0777) < 0 && errno != EEXIST) {
			warnx("%s: cannot make the folder: %s", p, strerror(errno));
			rc = -1;
		}
		*s = c;
	}
	free(p);
	return rc;
}

/*
 * A person's feed file name: waiting-ADDR.atom, the address lower-cased,
 * '@' as "_at_", every byte but letters, digits, '.', '-' and '_' as '_'
 * (no path, no blank, no leading dot), at most 100 of them.
 */
static char *
person_feed_name(const char *addr)
{
	struct buf b = BUF_INIT;

	buf_addstr(&b, "waiting-");
	for (const char *p = addr; *p && b.len < 108; p++) {
		char c = *p;

		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (c == '@')
			buf_addstr(&b, "_at_");
		else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
		    c == '_' || (c == '.' && p != addr))
			buf_addc(&b, c);
		else
			buf_addc(&b, '_');
	}
	return buf_detach(&b, NULL);
}

static int
cmp_strp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The people whose queues get a feed: the addresses given, or every maintainer with one. */
static size_t
feed_people(struct model *md, const struct ropts *o, const char ***out)
{
	const char **v = NULL, **mr = NULL;
	size_t n = 0, cap = 0;

	if (!strcmp(o->person_feeds, "maintainers")) {
		struct wait *w;
		size_t nw = waiting_list(md, o, &w);

		for (size_t i = 0; i < nw; i++) {
			size_t k = waits_on(&md->mails[w[i].mail], &mr);

			for (size_t j = 0; j < k; j++) {
				v = xgrow(v, &cap, n, 16, sizeof *v);
				v[n++] = mr[j];
			}
		}
		free(w);
		free(mr);
	} else {
		/* Comma-separated, blanks around each trimmed. */
		for (const char *p = o->person_feeds; *p;) {
			size_t k;

			p += strspn(p, " \t");
			k = strcspn(p, ",");
			while (k && (p[k - 1] == ' ' || p[k - 1] == '\t'))
				k--;
			if (k) {
				v = xgrow(v, &cap, n, 16, sizeof *v);
				v[n++] = person_address(md, p, k);
			}
			p += strcspn(p, ",");
			p += *p == ',';
		}
	}
	if (n)
		qsort(v, n, sizeof *v, cmp_strp);
	*out = v;
	return n;
}

/*
 * --person-feeds: a waiting feed per person (waiting-ADDR.atom), each
 * written whole then renamed; a person's feed from an earlier run that
 * this one did not write is removed (his queue went away).
 */
static int
person_feeds(struct model *md, const struct ropts *o)
{
	const char **people;
	size_t n = feed_people(md, o, &people), nw = 0;
	char **wrote = xreallocarray(NULL, n ? n : 1, sizeof *wrote);
	int rc = PT_EXIT_OK;
	DIR *d;
	struct dirent *de;

	for (size_t i = 0; i < n; i++) {
		struct ropts so = *o;
		char *name, *tmp, *fin;
		FILE *fp;

		if (i && !strcmp(people[i], people[i - 1]))
			continue;
		name = person_feed_name(people[i]);
		tmp = path_of(o->dir, name, "atom", 1);
		fin = path_of(o->dir, name, "atom", 0);
		wrote[nw++] = xstrdup(name);
		so.who = people[i];
		so.fmt = OF_TSV;
		if ((fp = fopen(tmp, "w"))) {
			so.fp = fp;
			report_waiting_feed(md, &so);
			if (ferror(fp) | fclose(fp) || rename(tmp, fin) < 0) {
				warnx("%s: cannot write: %s", fin, strerror(errno));
				unlink(tmp);
				rc = PT_EXIT_FAILED;
			}
		} else {
			warnx("%s: %s", tmp, strerror(errno));
			rc = PT_EXIT_FAILED;
		}
		free(name);
		free(tmp);
		free(fin);
	}
	/* The feeds of people with nothing waiting any more. */
	if (rc == PT_EXIT_OK && (d = opendir(o->dir))) {
		while ((de = readdir(d))) {
			size_t k = strlen(de->d_name);
			struct buf b = BUF_INIT;

			if (k <= 13 || strncmp(de->d_name, "waiting-", 8) ||
			    strcmp(de->d_name + k - 5, ".atom") || strstr(de->d_name, ".tmp."))
				continue;
			buf_add(&b, de->d_name, k - 5);
			size_t j = 0;

			while (j < nw && strcmp(wrote[j], b.p))
				j++;
			if (j == nw) {
				buf_reset(&b);
				buf_addf(&b, "%s/%s", o->dir, de->d_name);
				unlink(b.p);
			}
			buf_free(&b);
		}
		closedir(d);
	}
	for (size_t i = 0; i < nw; i++)
		free(wrote[i]);
	free(wrote);
	free(people);
	return rc;
}

int
report_all(struct model *md, const struct ropts *o)
{
	char *tmp[2 * NPIECES], *fin[2 * NPIECES];
	struct rfile files[NPIECES];
	size_t n = 0, nfiles = 0;
	int rc = PT_EXIT_OK, failed = 0;
	struct ropts ao;
	char *statep, *logp;

	need(md, 1, 0, 1, "all");
	if (make_dirs(o->dir) < 0)
		return PT_EXIT_FAILED;
	/* The run before's state and log, read before this run's replace them. */
	statep = o->state ? NULL : path_of(o->dir, "state", "tsv", 0);
	logp = o->changelog ? NULL : path_of(o->dir, "changes-log", "tsv", 0);
	ao = *o;
	if (statep)
		ao.state = statep;
	if (logp)
		ao.changelog = logp;
	o = &ao;
	warn_sink = say_once;
	plot_defer(1);
	memset(tmp, 0, sizeof tmp);
	memset(fin, 0, sizeof fin);
	for (size_t i = 0; i < NPIECES && !failed; i++) {
		const struct piece *p = &pieces[i];
		struct ropts so = *o;
		FILE *fp;

		if ((p->needs & NEED_TAGS) && !md->has_tags) {
			if (!o->sc.quiet)
				warnx("all: no tags table (git2tsv --tags output): no %s.%s",
				    p->name, p->ext);
			continue;
		}
		so.fmt = p->fmt;
		so.header = 1;
		so.plot = NULL;
		if (p->top) {
			so.top = p->top;
			so.top_set = 1;
		}
		tmp[n] = path_of(o->dir, p->name, p->ext, 1);
		fin[n] = path_of(o->dir, p->name, p->ext, 0);
		if (!(fp = fopen(tmp[n], "w"))) {
			warnx("%s: %s", tmp[n], strerror(errno));
			free(tmp[n]);
			free(fin[n]);
			failed = 1;
			break;
		}
		n++;
		if (p->plot && o->plot) {
			tmp[n] = path_of(o->dir, p->name, o->plot, 1);
			fin[n] = path_of(o->dir, p->name, o->plot, 0);
			so.plot = tmp[n];
			n++;
		}
		so.fp = fp;
		so.files = files;
		so.nfiles = nfiles;
		/* A plot gnuplot could not draw is no file to rename. */
		if (p->run(md, &so) != 0) {
			if (so.plot)
				failed = 1;
			else
				pt_exit_raise(&rc, PT_EXIT_SKIPPED);
		}
		if (!strcmp(p->ext, "tsv")) {
			long end = ftell(fp);
			struct buf b = BUF_INIT;

			buf_addf(&b, "%s.%s", p->name, p->ext);
			files[nfiles].name = buf_detach(&b, NULL);
			files[nfiles++].bytes = end > 0 ? (unsigned long long)end : 0;
		}
		if (ferror(fp) | fclose(fp)) {
			warnx("%s: cannot write: %s", fin[n - 1 - (so.plot != NULL)],
			    strerror(errno));
			failed = 1;
		}
	}
	/* The plots drawn side by side: all of them done before any rename. */
	if (plot_wait() < 0)
		failed = 1;
	plot_defer(0);
	for (size_t i = 0; i < n && !failed; i++)
		if (rename(tmp[i], fin[i]) < 0) {
			warnx("%s: cannot rename to %s: %s", tmp[i], fin[i], strerror(errno));
			failed = 1;
		}
	if (failed)
		remove_all(tmp, n);
	else if (o->person_feeds)
		pt_exit_raise(&rc, person_feeds(md, o));
	for (size_t i = 0; i < n; i++) {
		free(tmp[i]);
		free(fin[i]);
	}
	for (size_t i = 0; i < nfiles; i++)
		free((char *)files[i].name);
	warn_sink = NULL;
	set64_free(&said);
	changes_free();
	free(statep);
	free(logp);
	return failed ? PT_EXIT_FAILED : rc;
}
