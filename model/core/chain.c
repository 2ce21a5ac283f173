/* chain.c: record texts, hashes and the integrity check (chain.h). */
#include "model/core/chain.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/util/sha256.h"
#include "model/util/strbuf.h"
#include "model/util/text.h"

#define DT_CK_KIND_DEF(e, name, label, upd, heavy, detail) \
	[DT_CHAIN_##e] = {name, label, upd, heavy, detail},
const dt_chain_kind_def dt_chain_kinds[DT_CHAIN_KIND_COUNT] = {
	DT_CHAIN_KINDS(DT_CK_KIND_DEF)};
#undef DT_CK_KIND_DEF

static const char zero_hash[65] =
	"0000000000000000000000000000000000000000000000000000000000000000";

int dt_chain_kind_find(const char *name)
{
	for (int i = 0; i < DT_CHAIN_KIND_COUNT; i++)
		if (!strcmp(dt_chain_kinds[i].name, name))
			return i;
	return -1;
}

/* "NAME LEN:BYTES\n" */
static void field(dt_strbuf *b, const char *name, const void *v, size_t len)
{
	dt_sb_printf(b, "%s %zu:", name, len);
	dt_sb_put(b, v, len);
	dt_sb_put(b, "\n", 1);
}

static void field_s(dt_strbuf *b, const char *name, const char *v)
{
	field(b, name, v, strlen(v));
}

static char *take(dt_strbuf *b)
{
	char *t = dt_sb_take(b);
	if (!t)
		errno = ENOMEM;
	return t;
}

char *dt_chain_row_canon(const dt_chain_row *r)
{
	dt_strbuf b = {0};
	dt_sb_put(&b, "dualtrack record v1\n", 20);
	field_s(&b, "kind", dt_chain_kinds[r->kind].name);
	field_s(&b, "ref", r->ref);
	for (size_t i = 0; i < r->nf; i++) {
		const dt_chain_field *f = &r->f[i];
		if (f->omit_zero && !f->is_null && f->len == 1 &&
		    ((const char *)f->data)[0] == '0')
			continue;
		if (f->is_null) {
			dt_sb_printf(&b, "%s -\n", f->name);
		} else if (f->is_blob && f->sha256) {
			dt_sb_printf(&b, "%s sha256:%.64s\n", f->name, f->sha256);
		} else if (f->is_blob) {
			char hex[65];
			if (dt_sha256_hex(f->data ? f->data : "", f->len, hex) < 0) {
				free(dt_sb_take(&b));
				return NULL;
			}
			dt_sb_printf(&b, "%s sha256:%s\n", f->name, hex);
		} else {
			field(&b, f->name, f->data ? f->data : "", f->len);
		}
	}
	return take(&b);
}

void dt_chain_recs_free(dt_chain_rec *v, size_t n)
{
	for (size_t i = 0; v && i < n; i++)
		free(v[i].canon);
	free(v);
}

int dt_chain_rec_hash(const dt_chain_rec *r, char hex[65])
{
	dt_strbuf b = {0};
	char id[32];
	snprintf(id, sizeof id, "%" PRId64, r->id);
	dt_sb_put(&b, "dualtrack chain v1\n", 19);
	field_s(&b, "id", id);
	field_s(&b, "kind", r->kind);
	field_s(&b, "ref", r->ref);
	field_s(&b, "at", r->at);
	field_s(&b, "record", r->canon ? r->canon : "");
	field_s(&b, "prev_hash", r->prev_hash);
	char *t = take(&b);
	if (!t)
		return -1;
	int rc = dt_sha256_hex(t, strlen(t), hex);
	free(t);
	return rc;
}

/* The value of field `name` in a record text, sanitised, into out. */
static void canon_value(const char *canon, const char *name, char *out,
                        size_t n)
{
	char key[48];
	out[0] = '\0';
	if (!canon || !name)
		return;
	snprintf(key, sizeof key, "\n%s ", name);
	/* the fields start after the "ref LEN:REF" header line */
	const char *h = strstr(canon, "\nref ");
	if (h) {
		char *c;
		unsigned long rl = strtoul(h + 5, &c, 10);
		if (*c == ':' && strlen(c + 1) >= rl)
			canon = c + 1 + rl;
	}
	const char *p = strstr(canon, key);
	if (!p)
		return;
	p += strlen(key);
	char *colon;
	unsigned long len = strtoul(p, &colon, 10);
	if (*colon != ':')
		return;
	char raw[64];
	size_t l = len < sizeof raw - 1 ? len : sizeof raw - 1;
	memcpy(raw, colon + 1, l);
	raw[l] = '\0';
	for (char *q = raw; *q; q++)
		if (*q == '\n')
			*q = ' ';
	dt_sanitize(raw, out, n);
}

void dt_chain_label(const char *kind, const char *ref, const char *canon,
                    char *out, size_t n)
{
	int k = dt_chain_kind_find(kind);
	char detail[64] = "", sref[DT_CHAIN_REF_MAX], skind[40];
	dt_sanitize(ref, sref, sizeof sref);
	dt_sanitize(kind, skind, sizeof skind);
	if (k >= 0)
		canon_value(canon, dt_chain_kinds[k].detail, detail, sizeof detail);
	snprintf(out, n, "%s %s%s%s%s", k >= 0 ? dt_chain_kinds[k].label : skind,
	         sref, detail[0] ? " (" : "", detail, detail[0] ? ")" : "");
}

void dt_chain_altered_text(const char *kind, const char *ref,
                           const char *canon, int64_t id, char *out, size_t n)
{
	char label[300];
	dt_chain_label(kind, ref, canon, label, sizeof label);
	snprintf(out, n, "%s: the stored row differs from chain record %" PRId64
	         " (altered)", label, id);
}

void dt_chain_series_ref(int64_t file_id, const char *metric, int64_t part,
                         char *out, size_t n)
{
	if (part > 0)
		snprintf(out, n, "%" PRId64 "/%s/%" PRId64, file_id, metric, part);
	else
		snprintf(out, n, "%" PRId64 "/%s", file_id, metric);
}

int dt_chain_canon_blob(const char *canon, const char *name, char hex[65])
{
	size_t nl = strlen(name);
	const char *p = canon ? strchr(canon, '\n') : NULL;
	/* after "dualtrack record v1\n": "NAME " then "-", "sha256:HEX" or
	 * "LEN:BYTES", each ending in a newline */
	while (p && *++p) {
		const char *sp = strchr(p, ' ');
		if (!sp)
			return -1;
		int hit = (size_t)(sp - p) == nl && !strncmp(p, name, nl);
		const char *v = sp + 1;
		if (!strncmp(v, "-\n", 2)) {
			if (hit)
				return 0;
			p = v + 1;
		} else if (!strncmp(v, "sha256:", 7)) {
			if (strlen(v + 7) < 65 || v[7 + 64] != '\n')
				return -1;
			if (hit) {
				memcpy(hex, v + 7, 64);
				hex[64] = '\0';
				return 1;
			}
			p = v + 7 + 64;
		} else {
			char *colon;
			unsigned long len = strtoul(v, &colon, 10);
			if (*colon != ':' || strlen(colon + 1) < len + 1 ||
			    colon[1 + len] != '\n')
				return -1;
			if (hit)
				return -1; /* not a BLOB field */
			p = colon + 1 + len;
		}
	}
	return -1;
}

void dt_chain_status_clear(dt_chain_status *g)
{
	free(g->defect_text);
	free(g->bad_rows);
	memset(g, 0, sizeof *g);
}

int dt_chain_row_bad(const dt_chain_status *g, dt_chain_kind kind,
                     const char *ref)
{
	for (size_t i = 0; i < g->nbad_rows; i++)
		if (g->bad_rows[i].kind == kind && !strcmp(g->bad_rows[i].ref, ref))
			return 1;
	return 0;
}

typedef struct defect {
	int64_t id;      /* chain record id; INT64_MAX: a row with no record */
	char text[480];
	int kind;        /* the row's dt_chain_kind, -1: not a row's defect */
	char ref[DT_CHAIN_REF_MAX];
} defect;

typedef struct defects {
	defect *v;
	size_t n, cap;
	int oom;
} defects;

static void add(defects *d, int64_t id, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void add(defects *d, int64_t id, const char *fmt, ...)
{
	if (d->n == d->cap) {
		size_t c = d->cap ? d->cap * 2 : 8;
		defect *p = realloc(d->v, c * sizeof *p);
		if (!p) {
			d->oom = 1;
			return;
		}
		d->v = p;
		d->cap = c;
	}
	defect *x = &d->v[d->n++];
	x->id = id;
	x->kind = -1;
	x->ref[0] = '\0';
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(x->text, sizeof x->text, fmt, ap);
	va_end(ap);
}

/* The defect just added is row (kind, ref)'s. */
static void of_row(defects *d, int kind, const char *ref)
{
	if (d->oom || d->n == 0)
		return;
	d->v[d->n - 1].kind = kind;
	snprintf(d->v[d->n - 1].ref, sizeof d->v[d->n - 1].ref, "%s", ref);
}

/* Walk the links and hashes (file comment, first point). */
static int walk(const dt_chain_rec *v, size_t n, int64_t seq, defects *d)
{
	const char *prev = zero_hash;
	int64_t expect = 1;
	for (size_t i = 0; i < n; i++) {
		const dt_chain_rec *r = &v[i];
		char label[300], hex[65];
		dt_chain_label(r->kind, r->ref, r->canon, label, sizeof label);
		if (r->id != expect)
			add(d, expect, "chain record%s %" PRId64 "..%" PRId64 " removed "
			    "(ids never repeat)", r->id - expect > 1 ? "s" : "", expect,
			    r->id - 1);
		if (strcmp(r->prev_hash, prev) != 0)
			add(d, r->id, "chain record %" PRId64 ", %s: prev_hash does not "
			    "match the previous record's hash (a record was altered, "
			    "removed or inserted)", r->id, label);
		if (dt_chain_rec_hash(r, hex) < 0)
			return -1;
		if (strcmp(hex, r->hash) != 0)
			add(d, r->id, "chain record %" PRId64 ", %s: stored hash does "
			    "not match the record's content (altered)", r->id, label);
		prev = r->hash;
		expect = r->id + 1;
	}
	if (seq >= expect)
		add(d, expect, "chain record%s %" PRId64 "..%" PRId64 " removed "
		    "(ids never repeat)", seq > expect ? "s" : "", expect, seq);
	return 0;
}

static int cmp_cur(const void *a, const void *b)
{
	const dt_chain_current *x = a, *y = b;
	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	return strcmp(x->ref, y->ref);
}

typedef struct rec_key {
	int kind;
	const dt_chain_rec *r;
} rec_key;

static int cmp_rec(const void *a, const void *b)
{
	const rec_key *x = a, *y = b;
	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	int c = strcmp(x->r->ref, y->r->ref);
	if (c)
		return c;
	return x->r->id < y->r->id ? -1 : x->r->id > y->r->id;
}

static int cmp_defect(const void *a, const void *b)
{
	const defect *x = a, *y = b;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* Rows against their latest records (file comment, second point). */
static int rows(const dt_chain_rec *v, size_t n, dt_chain_current *cur,
                size_t nc, int with_heavy, defects *d)
{
	rec_key *k = malloc((n ? n : 1) * sizeof *k);
	char *seen = calloc(nc ? nc : 1, 1);
	size_t nk = 0;
	if (!k || !seen) {
		free(k);
		free(seen);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		int kind = dt_chain_kind_find(v[i].kind);
		if (kind < 0) {
			add(d, v[i].id, "chain record %" PRId64 ": unknown kind",
			    v[i].id);
			continue;
		}
		if (kind != DT_CHAIN_BREAK)
			k[nk++] = (rec_key){kind, &v[i]};
	}
	if (nk)
		qsort(k, nk, sizeof *k, cmp_rec);
	if (nc)
		qsort(cur, nc, sizeof *cur, cmp_cur);
	for (size_t i = 0; i < nk;) {
		size_t j = i + 1;
		while (j < nk && k[j].kind == k[i].kind &&
		       !strcmp(k[j].r->ref, k[i].r->ref))
			j++;
		const dt_chain_rec *last = k[j - 1].r;
		const dt_chain_kind_def *def = &dt_chain_kinds[k[i].kind];
		char label[300];
		dt_chain_label(last->kind, last->ref, last->canon, label,
		               sizeof label);
		if (j - i > 1 && !def->updatable) {
			add(d, k[i + 1].r->id, "%s: chained %zu times (a deleted "
			    "record's id was reused)", label, j - i);
			of_row(d, k[i].kind, last->ref);
		}
		dt_chain_current key = {.kind = (dt_chain_kind)k[i].kind};
		snprintf(key.ref, sizeof key.ref, "%s", last->ref);
		dt_chain_current *row = bsearch(&key, cur, nc, sizeof *cur,
		                                cmp_cur);
		if (!row) {
			if (!def->heavy || with_heavy) {
				add(d, last->id, "%s: deleted (chain record %" PRId64
				    " has no row)", label, last->id);
				of_row(d, k[i].kind, last->ref);
			}
		} else {
			seen[row - cur] = 1;
			if (strcmp(row->canon, last->canon) != 0) {
				char text[400];
				dt_chain_altered_text(last->kind, last->ref, last->canon,
				                      last->id, text, sizeof text);
				add(d, last->id, "%s", text);
				of_row(d, k[i].kind, last->ref);
			}
		}
		i = j;
	}
	for (size_t i = 0; i < nc; i++)
		if (!seen[i] && (!dt_chain_kinds[cur[i].kind].heavy || with_heavy)) {
			char label[300];
			dt_chain_label(dt_chain_kinds[cur[i].kind].name, cur[i].ref,
			               cur[i].canon, label, sizeof label);
			add(d, INT64_MAX, "%s: not in the chain (written outside "
			    "dualtrack)", label);
			of_row(d, cur[i].kind, cur[i].ref);
		}
	free(k);
	free(seen);
	return 0;
}

int dt_chain_check(const dt_chain_rec *v, size_t n, int64_t seq,
                   dt_chain_current *cur, size_t nc, int with_heavy,
                   dt_chain_status *g)
{
	defects d = {0};
	memset(g, 0, sizeof *g);
	g->records = n;
	g->series_checked = with_heavy;
	if (n > 0) {
		g->head_id = v[n - 1].id;
		snprintf(g->head_hash, sizeof g->head_hash, "%s", v[n - 1].hash);
	}
	if (walk(v, n, seq, &d) < 0 || rows(v, n, cur, nc, with_heavy, &d) < 0 ||
	    d.oom) {
		free(d.v);
		errno = ENOMEM;
		return -1;
	}
	g->intact = d.n == 0;
	g->defects = d.n;
	if (d.n == 0) {
		free(d.v);
		return 0;
	}
	qsort(d.v, d.n, sizeof *d.v, cmp_defect);
	g->first_bad_id = d.v[0].id == INT64_MAX ? 0 : d.v[0].id;
	snprintf(g->reason, sizeof g->reason, "%s", d.v[0].text);
	dt_strbuf all = {0};
	size_t acked = 0;
	for (size_t i = 0; i < d.n; i++) {
		dt_sb_printf(&all, "%s\n", d.v[i].text);
		for (size_t r = 0; r < n; r++)
			if (!strcmp(v[r].kind, dt_chain_kinds[DT_CHAIN_BREAK].name) &&
			    v[r].canon && strstr(v[r].canon, d.v[i].text)) {
				acked++;
				break;
			}
	}
	g->acknowledged = acked == d.n;
	g->defect_text = dt_sb_take(&all);
	g->bad_rows = malloc(d.n * sizeof *g->bad_rows);
	for (size_t i = 0; g->bad_rows && i < d.n; i++)
		if (d.v[i].kind >= 0) {
			dt_chain_bad_row *b = &g->bad_rows[g->nbad_rows++];
			b->kind = (dt_chain_kind)d.v[i].kind;
			snprintf(b->ref, sizeof b->ref, "%s", d.v[i].ref);
		}
	free(d.v);
	if (!g->defect_text || !g->bad_rows) {
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

char *dt_chain_break_canon(const dt_chain_status *g, const char *by,
                           const char *at)
{
	dt_strbuf b = {0};
	char num[32];
	dt_sb_put(&b, "dualtrack break v1\n", 19);
	snprintf(num, sizeof num, "%" PRId64, g->head_id);
	field_s(&b, "old_head_id", num);
	field_s(&b, "old_head_hash", g->head_hash);
	snprintf(num, sizeof num, "%" PRId64, g->first_bad_id);
	field_s(&b, "first_bad_id", num);
	field_s(&b, "reason", g->reason);
	field_s(&b, "defects", g->defect_text ? g->defect_text : "");
	field_s(&b, "by", by);
	field_s(&b, "at", at);
	return take(&b);
}
