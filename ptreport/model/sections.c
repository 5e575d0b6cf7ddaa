/*
 * sections.c - the maintainers table (ptmaint): each section of a
 * version of MAINTAINERS once, with its entries, and each patch's
 * responsible sections.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "mailmap.h"
#include "readers.h"
#include "tables.h"
#include "tsv.h"
#include "util.h"

/* The section of a version of MAINTAINERS, added when new. */
static uint32_t
msect_node(struct model *md, const char *version, const char *title, size_t tlen,
    struct buf *key)
{
	int isnew;
	struct hent *e;
	struct msect *ms;

	buf_reset(key);
	buf_addstr(key, version);
	buf_addc(key, '\t');
	buf_add(key, title, tlen);
	e = hmap_put(&md->msectid, key->p, key->len, &isnew);
	if (!isnew)
		return (uint32_t)((uintptr_t)e->val - 1);
	e->key = intern(&md->pool, key->p, key->len);
	ms = arena_alloc(&md->mem, sizeof *ms);
	memset(ms, 0, sizeof *ms);
	ms->title = intern(&md->pool, title, tlen);
	ms->version = version;
	md->sections = xreallocarray(md->sections, md->nsections + 1, sizeof *md->sections);
	md->sections[md->nsections] = ms;
	e->val = (void *)(uintptr_t)(md->nsections + 1);
	return (uint32_t)md->nsections++;
}

/*
 * A maintainers table (ptmaint): a row per patch, matched section and
 * M, R or L entry.  Kept: each section once per version with its
 * entries, the sections responsible for each patch, the M and R names
 * and the L addresses; not the rows.
 */
void
load_maint(struct model *md, struct tsv_reader *r)
{
	int cid = table_need(r, TABLE_MAINTAINERS, COL_ID);
	int cver = table_need(r, TABLE_MAINTAINERS, COL_VERSION);
	int csec = table_need(r, TABLE_MAINTAINERS, COL_SECTION);
	int crole = table_need(r, TABLE_MAINTAINERS, COL_ROLE);
	int caddr = table_need(r, TABLE_MAINTAINERS, COL_ADDR);
	int cresp = table_need(r, TABLE_MAINTAINERS, COL_RESPONSIBLE);
	int cname = table_col(r, TABLE_MAINTAINERS, COL_NAME);
	struct buf key = BUF_INIT;
	int got, use;

	md->has_maint = 1;
	while ((got = tsv_read(r)) != 0) {
		const char *role = r->f[crole].s, *ver, *addr = NULL, *s;
		size_t n;
		uint32_t si;
		struct msect *ms;

		if ((use = row_usable(md, r, got, cid)) <= 0) {
			if (use < 0)
				break;
			continue;
		}
		if (r->f[crole].len > 1 || (*role && !strchr("MRL", *role))) {
			warnx("%s:%lu: column role: neither M, R, L nor empty: %.20s", r->name,
			    r->lineno, role);
			md->nbad++;
			continue;
		}
		if (r->f[cver].len)
			set_add(md, &md->versions, r->f[cver].s, r->f[cver].len);
		/* A patch no section (or no version) applied to. */
		if (!r->f[csec].len)
			continue;
		ver = intern(&md->pool, r->f[cver].s, r->f[cver].len);
		si = msect_node(md, ver, r->f[csec].s, r->f[csec].len, &key);
		ms = md->sections[si];
		if (*role && r->f[caddr].len) {
			int have = 0;
			const char *ma = r->f[caddr].s;
			size_t ma_n = r->f[caddr].len;

			s = fld(r, cname, &n);
			/* A list is no person: its address stays as written. */
			if (*role != 'L')
				mailmap_map(md->mm, s, n, ma, ma_n, &s, &n, &ma, &ma_n);
			addr = intern_lower(&md->pool, ma, ma_n);
			for (uint32_t i = 0; i < ms->ne && !have; i++)
				have = ms->e[i].addr == addr && ms->e[i].role == *role;
			if (!have) {
				ms->e = xreallocarray(ms->e, ms->ne + 1, sizeof *ms->e);
				ms->e[ms->ne].addr = addr;
				ms->e[ms->ne++].role = *role;
			}
			if (*role == 'L') {
				set_add(md, &md->laddrs, addr, strlen(addr));
			} else {
				/* Of several names, the first in byte order: any row order. */
				if (n) {
					int isnew;
					struct hent *e = hmap_put(&md->mnames, addr, strlen(addr),
					    &isnew);

					if (isnew || strcmp(e->val, s) > 0)
						e->val = (void *)intern(&md->pool, s, n);
				}
			}
		}
		if (r->f[cresp].len != 1 || r->f[cresp].s[0] != '1')
			continue;
		/* One pair per patch and section; repeats (one per entry) in a row are dropped. */
		{
			const char *id = intern(&md->pool, r->f[cid].s, r->f[cid].len);

			if (md->nmpairs && md->mpairs[md->nmpairs - 1].id == id && md->mpairs[md->nmpairs - 1].sect == si)
				continue;
			md->mpairs = xgrow(md->mpairs, &md->capmpairs, md->nmpairs, 1024, sizeof *md->mpairs);
			md->mpairs[md->nmpairs].id = id;
			md->mpairs[md->nmpairs].sect = si;
			md->mpairs[md->nmpairs++].mail = NONE;
		}
	}
	buf_free(&key);
}

static int
cmp_mpair(const void *a, const void *b)
{
	const struct mpair *x = a, *y = b;

	if (x->mail != y->mail)
		return x->mail < y->mail ? -1 : 1;
	return (x->sect > y->sect) - (x->sect < y->sect);
}

/*
 * The maintainers table named patches by id, before or after the mails
 * were read: now each patch mail gets its responsible sections, once
 * each; rows of other ids (commits, mails not read) are dropped.
 */
void
maint_finish(struct model *md)
{
	size_t n = 0;

	for (size_t i = 0; i < md->nmpairs; i++) {
		struct hent *e = hmap_get(&md->mailid, md->mpairs[i].id, strlen(md->mpairs[i].id));
		const struct mail *m;

		if (!e)
			continue;
		m = &md->mails[(uintptr_t)e->val - 1];
		if (!m->present || m->type != MT_PATCH)
			continue;
		md->mpairs[n] = md->mpairs[i];
		md->mpairs[n++].mail = (uint32_t)((uintptr_t)e->val - 1);
	}
	if (n)
		qsort(md->mpairs, n, sizeof *md->mpairs, cmp_mpair);
	for (size_t i = 0; i < n;) {
		size_t j = i, k = 0;
		struct mail *m = &md->mails[md->mpairs[i].mail];

		while (j < n && md->mpairs[j].mail == md->mpairs[i].mail)
			j++;
		m->sect = arena_alloc(&md->mem, (j - i) * sizeof *m->sect);
		for (size_t x = i; x < j; x++)
			if (x == i || md->mpairs[x].sect != md->mpairs[x - 1].sect)
				m->sect[k++] = md->sections[md->mpairs[x].sect];
		m->nsect = (uint32_t)k;
		i = j;
	}
	free(md->mpairs);
	md->mpairs = NULL;
	md->nmpairs = md->capmpairs = 0;
}
