/*
 * changes.c - what changed since the run before: each patch for the
 * project and each off-list commit has a state (its verdict, "waiting"
 * for too new, "offlist" for a commit) and the date it entered it.
 * `ptreport all` keeps them in its folder as state.tsv; the next run
 * reads that file before writing its own and says what is new:
 *
 *   posted      a patch not there before, waiting for a reply
 *   answered    a patch answered (in its thread, a version's, or with a twin)
 *   merged      its cluster's commit reached the main line (time to merge)
 *   applied     ... a side branch
 *   ignored     its grace passed with no response
 *   withdrawn, superseded
 *   offlist     a commit not there before, posted nowhere
 *
 * A run with no state before has no changes: a first state.  Each run's
 * changes go on top of changes-log.tsv (the newest LOG_MAX kept), which
 * the changes feed is written from, so a reader that skipped a night
 * still sees each event once.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "report.h"
#include "tables.h"
#include "text.h"
#include "tsv.h"
#include "util.h"

/*
 * The state and the changes log are read back the next run: their
 * columns are in the contract (tables.c).  The changes report's are the
 * log's but run.
 */
#define STATE_COLS (&table_cols[TABLE_STATE])
#define LOG_COLS (&table_cols[TABLE_CHANGELOG])

/* The state of one patch or commit now. */
struct st {
	uint32_t idx;
	unsigned char commit;
	const char *state;       /* a verdict, "waiting" or "offlist" */
	int64_t since;
	struct buf detail;
};

static const char *
state_of_mail(struct model *md, const struct scope *sc, uint32_t mi, int64_t *since,
    struct buf *detail)
{
	const struct mail *m = &md->mails[mi];
	const struct cluster *k = cluster_at(md, m->cluster);
	const char *v = mail_verdict(md, sc, mi, detail);
	uint32_t r;

	*since = m->date;
	/* A correction: the verdict given is its state, dated as the mail. */
	if (m->corrected)
		return v;
	switch (m->verdict) {
	case V_MERGED:
	case V_APPLIED:
	case V_REWORKED: {
		const struct commit *c = &md->commits[m->vby];

		*since = c->cdate != NODATE ? c->cdate : c->date;
		if (m->verdict == V_MERGED && m->date != NODATE && *since != NODATE)
			buf_addf(detail, ", %.1f days after this posting",
			    (double)(*since - m->date) / DAY);
		break;
	}
	case V_ANSWERED:
	case V_WITHDRAWN:
	case V_FOLLOWEDUP:
		/* A pull request's follow-up names no mail: the patch's own date. */
		*since = m->vby != NONE ? md->mails[m->vby].date : m->date;
		break;
	case V_ANSWERED_VERSION:
		if (m->fresp != NONE)
			*since = md->mails[m->fresp].date;
		else if (m->vby != NONE)
			*since = md->mails[m->vby].date;
		break;
	case V_ANSWERED_TOGETHER: {
		const struct mail *t = &md->mails[m->vby];

		*since = t->fresp != NONE ? md->mails[t->fresp].date : t->date;
		break;
	}
	case V_SUPERSEDED:
		if (m->vby != NONE)
			*since = md->commits[m->vby].cdate;
		else if (m->vfam != NONE)
			*since = md->mails[m->vfam].date;
		break;
	case V_IGNORED:
	case V_UNSURE: {
		int64_t end = NODATE, grace = 0;

		cover_deadline(md, m, &end, &grace);
		if (m->date != NODATE)
			*since = m->date + grace;
		break;
	}
	case V_TOONEW:
		v = "waiting";
		break;
	default:
		break;
	}
	(void)k;
	(void)r;
	return v;
}

/* The change a move to state s is: "" for none (one answer for another). */
static const char *
change_of(const char *s, const char *was)
{
	static const struct { const char *state, *change; } map[] = {
		{ "waiting", "posted" }, { "answered", "answered" },
		{ "answered-version", "answered" }, { "answered-together", "answered" },
	};
	const char *c = s, *w = was;

	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
		if (!strcmp(s, map[i].state))
			c = map[i].change;
		if (was && !strcmp(was, map[i].state))
			w = map[i].change;
	}
	if (w && !strcmp(c, w))
		return "";
	/* A patch seen waiting before, and still not judged: nothing new. */
	if (was && !strcmp(c, "posted"))
		return "";
	return c;
}

static struct changes cache;
static const struct model *cache_md;

static int
read_state(struct model *md, const char *path, struct hmap *h, unsigned long *nrows,
    unsigned long *nbad)
{
	struct tsv_reader r;
	int ck, ci, cs, rc;
	struct stat sb;

	if (stat(path, &sb) < 0) {
		if (errno == ENOENT)
			return 0;
		warnx("%s: %s", path, strerror(errno));
		return -1;
	}
	switch (tsv_open_table(&r, path)) {
	case -1: return -1;
	case 0: return 1;
	}
	ck = table_col(&r, TABLE_STATE, COL_KIND);
	ci = table_col(&r, TABLE_STATE, COL_ID);
	cs = table_col(&r, TABLE_STATE, COL_STATE);
	if (ck < 0 || ci < 0 || cs < 0) {
		warnx("%s: not a state table (kind, id, state, since): no changes said", path);
		tsv_close(&r);
		return -1;
	}
	while ((rc = tsv_read(&r)) != 0) {
		struct hent *e;
		int isnew;
		char *key;

		if (rc == -2)
			break;
		if (rc < 0)
			continue;
		/* "m id" or "c id": a mail and a commit never meet. */
		key = arena_alloc(&md->mem, r.f[ci].len + 3);
		key[0] = r.f[ck].s[0];
		key[1] = ' ';
		memcpy(key + 2, r.f[ci].s, r.f[ci].len + 1);
		e = hmap_put(h, key, r.f[ci].len + 2, &isnew);
		e->val = (void *)intern(&md->pool, r.f[cs].s, r.f[cs].len);
		(*nrows)++;
	}
	if (r.nbad)
		warnx("%s: %lu bad rows of the earlier state left out: their changes may be said "
		    "again", path, r.nbad);
	*nbad = r.nbad;
	tsv_close(&r);
	return rc == -2 ? -1 : 1;
}

static int
cmp_change(const void *a, const void *b)
{
	const struct change *x = a, *y = b;

	if (x->since != y->since)
		return x->since > y->since ? -1 : 1;
	return strcmp(x->id, y->id);
}

static size_t
states(struct model *md, const struct ropts *o, struct st **out)
{
	struct st *v = NULL;
	size_t n = 0, cap = 0;

	for (size_t i = 0; i < md->nmails; i++) {
		const struct mail *m = &md->mails[i];

		if (!m->present || m->type != MT_PATCH || !m->project)
			continue;
		v = xgrow(v, &cap, n, 256, sizeof *v);
		memset(&v[n], 0, sizeof v[n]);
		v[n].idx = (uint32_t)i;
		v[n].state = state_of_mail(md, &o->sc, (uint32_t)i, &v[n].since, &v[n].detail);
		n++;
	}
	if (md->has_commits) {
		uint32_t *c = NULL;
		size_t ncand = 0, ndamaged = 0, nc = offlist_find(md, o, &c, &ncand, &ndamaged);

		for (size_t i = 0; i < nc; i++) {
			const struct commit *k = &md->commits[c[i]];
			int why;

			v = xgrow(v, &cap, n, 256, sizeof *v);
			memset(&v[n], 0, sizeof v[n]);
			v[n].idx = c[i];
			v[n].commit = 1;
			v[n].state = "offlist";
			v[n].since = k->cdate != NODATE ? k->cdate : k->date;
			why = offlist_why(md, c[i], &v[n].detail);
			{
				/* The reason first, its evidence after. */
				struct buf d = BUF_INIT;

				buf_addf(&d, "%s%s%s", offlist_reasons[why], v[n].detail.len ? ": " : "",
				    v[n].detail.p ? v[n].detail.p : "");
				buf_free(&v[n].detail);
				v[n].detail = d;
			}
			n++;
		}
		free(c);
	}
	*out = v;
	return n;
}

/*
 * The last run that had changes: the run of the earlier log's newest row
 * (the log holds only runs with changes), into d; "" when there is none
 * or it cannot be read (changelog_each names what is wrong with it).
 */
static void
last_run(const char *log, char *d, size_t size)
{
	struct tsv_reader r;
	struct stat sb;
	int c;

	*d = '\0';
	if (!log || stat(log, &sb) < 0 || tsv_open(&r, log) < 0)
		return;
	if (!r.empty && (c = tsv_col(&r, LOG_COLS->cols[0])) >= 0 && tsv_read(&r) > 0 &&
	    r.f[c].len == 20)
		snprintf(d, size, "%s", r.f[c].s);
	tsv_close(&r);
}

const struct changes *
changes_get(struct model *md, const struct ropts *o)
{
	struct hmap prev = HMAP_INIT;
	struct st *v;
	size_t n, cap = 0;
	unsigned long nprev = 0;
	int got = 0;
	struct buf key = BUF_INIT;

	if (cache_md == md)
		return &cache;
	memset(&cache, 0, sizeof cache);
	cache_md = md;
	if (o->state) {
		got = read_state(md, o->state, &prev, &nprev, &cache.nbad);
		if (got < 0)
			cache.failed = 1;
	}
	cache.first = got <= 0;
	n = states(md, o, &v);
	cache.st = xreallocarray(NULL, n ? n : 1, sizeof *cache.st);
	for (size_t i = 0; i < n; i++) {
		const char *id = v[i].commit ? md->commits[v[i].idx].id : md->mails[v[i].idx].id;
		struct statrow *s = &cache.st[cache.nst++];
		const char *was = NULL, *c;
		struct hent *e;

		s->kind = v[i].commit ? KIND_COMMIT : KIND_PATCH;
		s->id = id;
		s->state = v[i].state;
		s->since = v[i].since;
		if (cache.first) {
			buf_free(&v[i].detail);
			continue;
		}
		buf_reset(&key);
		buf_addf(&key, "%c %s", v[i].commit ? 'c' : 'p', id);
		if ((e = hmap_get(&prev, key.p, key.len))) {
			was = e->val;
			e->val = NULL;
		}
		c = change_of(v[i].state, was);
		if (*c && (!v[i].commit || !was) && (v[i].commit ||
		    for_person(&md->mails[v[i].idx], o->who))) {
			struct change *ch;

			cache.v = xgrow(cache.v, &cap, cache.n, 64, sizeof *cache.v);
			ch = &cache.v[cache.n++];
			ch->what = c;
			ch->commit = v[i].commit;
			ch->idx = v[i].idx;
			ch->id = id;
			ch->since = v[i].since;
			ch->was = was ? was : "";
			ch->detail = arena_strndup(&md->mem, v[i].detail.p ? v[i].detail.p : "",
			    v[i].detail.len);
		}
		buf_free(&v[i].detail);
	}
	/* Rows of the earlier state not seen now: an archive or history given no more. */
	for (size_t i = 0; i < prev.cap; i++)
		if (prev.e[i].key && prev.e[i].val)
			cache.gone++;
	if (cache.gone && !o->sc.quiet)
		warnx("changes: %lu patches or commits of the earlier state are not in this "
		    "run's tables (an archive or a history given no more?): not said", cache.gone);
	if (cache.n)
		qsort(cache.v, cache.n, sizeof *cache.v, cmp_change);
	else if (!cache.first)
		last_run(o->changelog, cache.lastrun, sizeof cache.lastrun);
	cache.nprev = nprev;
	hmap_free(&prev);
	buf_free(&key);
	free(v);
	return &cache;
}

void
changes_free(void)
{
	free(cache.v);
	free(cache.st);
	memset(&cache, 0, sizeof cache);
	cache_md = NULL;
}

/* A change's columns after the change and the kind: id, date, subject ... */
static void
change_cells(struct out *out, const struct model *md, const struct change *c)
{
	out_cell(out, c->id);
	out_date(out, c->since);
	if (c->commit) {
		const struct commit *k = &md->commits[c->idx];

		out_cell(out, k->subject);
		out_cell(out, k->author);
		out_cell(out, "");
		out_cell(out, "");
	} else {
		const struct mail *m = &md->mails[c->idx];

		out_cell(out, m->subject);
		out_cell(out, m->from);
		out_cell(out, m->name);
		out_cell(out, m->lists);
	}
	out_cell(out, c->detail);
}

int
report_changes(struct model *md, const struct ropts *o)
{
	const struct changes *ch = changes_get(md, o);
	struct out out;

	need(md, 1, 0, 1, "changes");
	out_init(&out, o->fmt, o->header, o->fp);
	out_header(&out, LOG_COLS->cols + 1, LOG_COLS->n - 1);
	for (size_t i = 0; i < ch->n; i++) {
		out_cell(&out, ch->v[i].what);
		out_cell(&out, ch->v[i].commit ? KIND_COMMIT : KIND_PATCH);
		change_cells(&out, md, &ch->v[i]);
		out_end(&out);
	}
	out_finish(&out);
	if (!o->sc.quiet && o->fmt != OF_PRETTY) {
		if (ch->first)
			warnx("changes: no earlier state%s%s: this run's is the first", o->state ?
			    " in " : " (--state)", o->state ? o->state : "");
		else if (o->sc.verbose)
			warnx("changes: %zu since the earlier state (%lu rows)", ch->n, ch->nprev);
	}
	return ch->failed || ch->nbad ? PT_EXIT_SKIPPED : 0;
}

void
changes_headline(const struct model *md, const struct changes *ch, struct buf *b)
{
	char d[21];

	iso_utc(d, run_date(md));
	if (ch->failed)
		buf_addf(b, "The earlier state could not be read (said on standard error): no "
		    "changes said (as of %.10s).", d);
	else if (ch->first)
		buf_addf(b, "First run: no earlier state to compare with (as of %.10s).", d);
	else if (!ch->n && *ch->lastrun)
		buf_addf(b, "Nothing new since %.10s, the last run with changes (as of %.10s).",
		    ch->lastrun, d);
	else if (!ch->n)
		buf_addf(b, "Nothing new since the first run (as of %.10s).", d);
	else
		buf_addf(b, "%zu change%s since the run before (as of %.10s):", ch->n,
		    ch->n == 1 ? "" : "s", d);
}

int
report_state(struct model *md, const struct ropts *o)
{
	const struct changes *ch = changes_get(md, o);
	struct out out;

	need(md, 1, 0, 1, "state");
	out_init(&out, OF_TSV, 1, o->fp);
	out_header(&out, STATE_COLS->cols, STATE_COLS->n);
	for (size_t i = 0; i < ch->nst; i++) {
		out_cell(&out, ch->st[i].kind);
		out_cell(&out, ch->st[i].id);
		out_cell(&out, ch->st[i].state);
		out_date(&out, ch->st[i].since);
		out_end(&out);
	}
	out_finish(&out);
	return 0;
}

/*
 * The log: this run's changes on top of the earlier log's rows (read
 * from o->changelog, as they are), the newest LOG_MAX, each handed to fn
 * as its fields (the changes-log table's columns).  The exit status: 1 when the earlier
 * log had bad rows (left out, named).
 */
#define NLOG CHANGELOG_NCOLS

int
changelog_each(struct model *md, const struct ropts *o,
    void (*fn)(const char *const *f, const size_t *len, void *arg), void *arg)
{
	const struct changes *ch = changes_get(md, o);
	char run[21], date[21];
	size_t n = 0;
	int rc = 0;

	iso_utc(run, run_date(md));
	for (size_t i = 0; i < ch->n && n < LOG_MAX; i++, n++) {
		const struct change *c = &ch->v[i];
		const char *f[NLOG];
		size_t len[NLOG];

		iso_utc(date, c->since);
		f[0] = run;
		f[1] = c->what;
		f[2] = c->commit ? KIND_COMMIT : KIND_PATCH;
		f[3] = c->id;
		f[4] = c->since == NODATE ? "" : date;
		if (c->commit) {
			f[5] = md->commits[c->idx].subject;
			f[6] = md->commits[c->idx].author;
			f[7] = f[8] = "";
		} else {
			f[5] = md->mails[c->idx].subject;
			f[6] = md->mails[c->idx].from;
			f[7] = md->mails[c->idx].name;
			f[8] = md->mails[c->idx].lists;
		}
		f[9] = c->detail;
		for (size_t j = 0; j < NLOG; j++)
			len[j] = strlen(f[j]);
		fn(f, len, arg);
	}
	if (o->changelog) {
		struct tsv_reader r;
		struct stat sb;
		int c[NLOG], t;

		if (stat(o->changelog, &sb) < 0) {
			if (errno != ENOENT) {
				warnx("%s: %s", o->changelog, strerror(errno));
				rc = PT_EXIT_SKIPPED;
			}
		} else if (tsv_open(&r, o->changelog) < 0) {
			rc = PT_EXIT_SKIPPED;
		} else {
			int usable = !r.empty;

			for (size_t j = 0; j < NLOG && usable; j++)
				if ((c[j] = tsv_col(&r, LOG_COLS->cols[j])) < 0) {
					warnx("%s: not a changes log (no column %s): its rows "
					    "left out", o->changelog, LOG_COLS->cols[j]);
					rc = PT_EXIT_SKIPPED;
					usable = 0;
				}
			while (usable && n < LOG_MAX && (t = tsv_read(&r)) != 0) {
				const char *f[NLOG];
				size_t len[NLOG];

				if (t == -2) {
					rc = PT_EXIT_SKIPPED;
					break;
				}
				if (t < 0) {
					rc = PT_EXIT_SKIPPED;
					continue;
				}
				for (size_t j = 0; j < NLOG; j++) {
					f[j] = r.f[c[j]].s;
					len[j] = r.f[c[j]].len;
				}
				fn(f, len, arg);
				n++;
			}
			tsv_close(&r);
		}
	}
	return rc;
}

static void
log_row(const char *const *f, const size_t *len, void *arg)
{
	for (size_t j = 0; j < NLOG; j++)
		out_celln(arg, f[j], len[j]);
	out_end(arg);
}

int
report_changelog(struct model *md, const struct ropts *o)
{
	struct out out;
	int rc;

	need(md, 1, 0, 1, "changes log");
	out_init(&out, OF_TSV, 1, o->fp);
	out_header(&out, LOG_COLS->cols, NLOG);
	rc = changelog_each(md, o, log_row, &out);
	out_finish(&out);
	return rc;
}
