/* chain_store.c: the integrity chain as every backend keeps it
 * (chain_store.h): the chained columns, verify, append, the write guard
 * and the first chaining, over a backend's dt_chain_io. Moved here from
 * the SQLite backend's chain.c so the PostgreSQL backend keeps the same
 * chain with the same code. */
#include "model/store/chain_store.h"

#include <inttypes.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/util/clock.h"
#include "model/util/grow.h"
#include "model/util/strv.h"

const dt_chain_map dt_chain_maps[DT_CHAIN_KIND_COUNT] = {
	[DT_CHAIN_PILOT] = {"pilot", "id", {"name", "created_by", "created_at"}},
	[DT_CHAIN_TASKCARD] = {"taskcard_value", "id", {"pilot_id", "field",
		"value", "set_by", "set_at"}},
	[DT_CHAIN_PILOT_RUN] = {"pilot_run", "pilot_id || '/' || run_id",
		{"pilot_id", "run_id", "role", "attached_by", "attached_at"}},
	[DT_CHAIN_CHECK] = {"check_entry", "id", {"pilot_id", "item", "status",
		"note", "reason", "set_by", "set_at"}},
	[DT_CHAIN_EVIDENCE] = {"check_evidence", "id", {"pilot_id", "item",
		"kind", "ref", "sha256", "added_by", "added_at"}},
	[DT_CHAIN_DRILL] = {"drill", "id", {"pilot_id", "kind", "run_before",
		"run_after", "checkpoint_id", "checkpoint_location",
		"checkpoint_checksum", "checkpoint_step", "resumed_step",
		"fault_time", "resumed_time", "note", "created_by", "created_at"}},
	[DT_CHAIN_DRILL_CHECK] = {"drill_check", "id", {"drill_id", "item",
		"status", "note", "source", "set_by", "set_at"}},
	[DT_CHAIN_FACT] = {"run_fact", "id", {"run_id", "file_id", "key", "value",
		"source", "set_by", "set_at"}},
	[DT_CHAIN_LEDGER] = {"ledger_entry", "id", {"pilot", "side", "key",
		"%value", "basis", "note", "set_by", "set_at"}},
	[DT_CHAIN_LEDGER_RUN] = {"ledger_run", "run_id || '/' || pilot",
		{"pilot", "run_id"}},
	[DT_CHAIN_SCENARIO] = {"scenario", "id", {"pilot", "answers", "training",
		"recommendation", "reason", "set_by", "set_at"}},
	[DT_CHAIN_DECISION] = {"decision", "id", {"pilot_id", "pilot_name",
		"kind", "rationale", "deciders", "recorded_by", "decided_at",
		"supersedes", "forced_past", "evidence_digest", "#evidence_text",
		"prev_hash", "hash"}},
	/* grad_accum_given: user_version 16; format .. created_at (what an
	 * import derived and when the run was made, every column a view
	 * shows): user_version 17, the first DT_CHAIN_RUN_FIELDS_V16 being
	 * the record before (dt_chain_store_reseal) */
	[DT_CHAIN_RUN] = {"run", "id", {"name", "platform", "grad_accum",
		"global_batch", "logging_steps", "?grad_accum_given", "format",
		"segments", "replayed_steps", "step_source", "created_at"}},
	[DT_CHAIN_RUN_FILE] = {"run_file", "id", {"run_id", "path", "sha256",
		"bytes", "format", "imported_at"}},
	/* a followed file's later parts: "FILE/METRIC/PART" (part 0 keeps
	 * the ref it had before parts existed) */
	[DT_CHAIN_SERIES] = {"raw_series", "file_id || '/' || metric ||"
		" CASE WHEN part = 0 THEN '' ELSE '/' || CAST(part AS TEXT) END",
		{"file_id", "metric", "n", "#steps", "steps_stride", "#vals",
		"#marks", "sort_within_segment"}},
	/* the levels of a series row (table series_lod, same key and ref) */
	[DT_CHAIN_SERIES_LOD] = {"series_lod", "file_id || '/' || metric ||"
		" CASE WHEN part = 0 THEN '' ELSE '/' || CAST(part AS TEXT) END",
		{"file_id", "metric", "#lod"}},
	/* what an import derived from a file (user_version 15): importer
	 * messages, launch evidence and settings are written once; a run's
	 * counts of a metric are rewritten as a followed file grows
	 * (updatable: each version is a record, the latest counts) */
	[DT_CHAIN_WARNING] = {"run_warning", "id", {"run_id", "file_id", "kind",
		"text"}},
	[DT_CHAIN_LAUNCH_EV] = {"launch_evidence", "file_id || '/' || seq",
		{"file_id", "seq", "launch", "kind", "line", "ckpt_step", "marker"}},
	[DT_CHAIN_LAUNCH_SET] = {"launch_setting", "file_id || '/' || seq",
		{"file_id", "seq", "launch", "key", "value", "line"}},
	[DT_CHAIN_RUN_METRIC] = {"run_metric", "run_id || '/' || metric",
		{"run_id", "metric", "points", "non_finite", "first_step",
		"last_step", "segments", "replayed"}},
	[DT_CHAIN_BREAK] = {NULL, NULL, {NULL}},
};

const char *dt_chain_col(dt_chain_kind k, size_t i, int *is_blob,
                         int *is_real)
{
	const char *c = dt_chain_maps[k].cols[i];
	*is_blob = c[0] == '#';
	*is_real = c[0] == '%';
	return c + (*is_blob || *is_real || c[0] == '?');
}

int dt_chain_col_omit_zero(dt_chain_kind k, size_t i)
{
	return dt_chain_maps[k].cols[i][0] == '?';
}

int dt_chain_select_sql(dt_chain_kind k, int one, const char *text_cast,
                        const char *where, const char *param,
                        const char *order, char *out, size_t n)
{
	const dt_chain_map *m = &dt_chain_maps[k];
	size_t o = (size_t)snprintf(out, n, "SELECT (%s)%s", m->ref, text_cast);
	for (size_t i = 0; i < DT_CHAIN_FIELDS_MAX && m->cols[i] && o < n; i++) {
		int blob, real;
		const char *c = dt_chain_col(k, i, &blob, &real);
		o += (size_t)snprintf(out + o, n - o, ", %s%s", c,
		                      blob || real ? "" : text_cast);
	}
	if (o < n)
		o += (size_t)snprintf(out + o, n - o, " FROM %s", m->table);
	if (o < n && where)
		o += (size_t)snprintf(out + o, n - o, " WHERE %s", where);
	if (o < n && one)
		o += (size_t)snprintf(out + o, n - o, " %s %s = %s",
		                      where ? "AND" : "WHERE", m->ref, param);
	if (o < n)
		o += (size_t)snprintf(out + o, n - o, " ORDER BY %s", order);
	return o < n ? 0 : -1;
}

void dt_chain_real_text(double v, char *out, size_t n)
{
	/* SQLite's own formatter, so a value reads the same from either
	 * backend as sqlite3_column_text gives it (vdbemem.c renders a REAL
	 * with "%!.15g"). */
	sqlite3_snprintf((int)n, out, "%!.15g", v);
}

/* Current rows as record texts (the collector of load_current). */
typedef struct collect {
	dt_store *st;
	dt_chain_current *v;
	size_t n, cap;
} collect;

static int collect_row(void *ctx, const dt_chain_row *r)
{
	collect *c = ctx;
	char *t = dt_chain_row_canon(r);
	if (!t || dt_grow((void **)&c->v, &c->cap, c->n + 1, sizeof *c->v) < 0) {
		free(t);
		return dt_store_fail(c->st, "store: out of memory");
	}
	dt_chain_current *x = &c->v[c->n++];
	x->kind = r->kind;
	memcpy(x->ref, r->ref, sizeof x->ref);
	x->canon = t;
	return 0;
}

static void current_free(dt_chain_current *cur, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(cur[i].canon);
	free(cur);
}

/* The defects this connection's readers noted (dt_store_chain_note: a
 * stored series whose bytes differ from its record) added to *g, as the
 * check would have found them re-hashing those rows: the first by record
 * id, acknowledged when a break record lists its text. 0 or -1. */
static int merge_notes(dt_store *st, const dt_chain_rec *v, size_t n,
                       dt_chain_status *g)
{
	for (size_t i = 0; i < st->nnotes; i++) {
		const struct dt_store_note *x = &st->notes[i];
		int acked = 0;
		for (size_t r = 0; r < n && !acked; r++)
			acked = !strcmp(v[r].kind, dt_chain_kinds[DT_CHAIN_BREAK].name) &&
			        v[r].canon && strstr(v[r].canon, x->text);
		size_t old = g->defect_text ? strlen(g->defect_text) : 0;
		char *t = realloc(g->defect_text, old + strlen(x->text) + 2);
		if (!t)
			return dt_store_fail(st, "store: out of memory");
		snprintf(t + old, strlen(x->text) + 2, "%s\n", x->text);
		g->defect_text = t;
		g->acknowledged = (g->intact || g->acknowledged) && acked;
		if (g->intact || !g->first_bad_id || x->id < g->first_bad_id) {
			g->first_bad_id = x->id;
			snprintf(g->reason, sizeof g->reason, "%s", x->text);
		}
		g->intact = 0;
		g->defects++;
	}
	return 0;
}

int dt_chain_store_verify(dt_store *st, const dt_chain_io *io,
                          int with_heavy, dt_chain_status *g)
{
	dt_chain_rec *v = NULL;
	collect c = {.st = st};
	size_t n = 0;
	int64_t seq, max_id;
	char head[65];
	int rc = -1;
	memset(g, 0, sizeof *g);
	if (io->records(st, &v, &n) < 0 || io->head(st, &seq, &max_id, head) < 0)
		goto out;
	for (int k = 0; k < DT_CHAIN_KIND_COUNT; k++) {
		if (!dt_chain_maps[k].table || (dt_chain_kinds[k].heavy && !with_heavy))
			continue;
		if (io->rows(st, (dt_chain_kind)k, NULL, collect_row, &c) < 0)
			goto out;
	}
	if (dt_chain_check(v, n, seq, c.v, c.n, with_heavy, g) < 0) {
		dt_store_fail(st, "store: out of memory");
		goto out;
	}
	/* re-hashing every series (with_heavy) finds what readers noted */
	if (!with_heavy && merge_notes(st, v, n, g) < 0) {
		dt_chain_status_clear(g);
		goto out;
	}
	rc = 0;
out:
	dt_chain_recs_free(v, n);
	current_free(c.v, c.n);
	return rc;
}

/* Append one chain record holding `canon` of (kind, ref). */
static int append_canon(dt_store *st, const dt_chain_io *io,
                        const char *kind, const char *ref, char *canon)
{
	dt_chain_rec r;
	int64_t seq, max_id;
	memset(&r, 0, sizeof r);
	if (io->head(st, &seq, &max_id, r.prev_hash) < 0)
		return -1;
	/* the next id: one above every id ever given (computed here because
	 * it is part of the hashed text) */
	r.id = (seq > max_id ? seq : max_id) + 1;
	snprintf(r.kind, sizeof r.kind, "%s", kind);
	snprintf(r.ref, sizeof r.ref, "%s", ref);
	dt_time_now_iso(r.at);
	r.canon = canon;
	if (dt_chain_rec_hash(&r, r.hash) < 0)
		return dt_store_fail(st, "store: out of memory");
	return io->insert(st, &r);
}

typedef struct one_row {
	dt_store *st;
	char *canon;
} one_row;

static int canon_row(void *ctx, const dt_chain_row *r)
{
	one_row *o = ctx;
	free(o->canon);
	o->canon = dt_chain_row_canon(r);
	return o->canon ? 0 : dt_store_fail(o->st, "store: out of memory");
}

/* Append the record text `canon` (owned: freed here) of row (k, ref),
 * unless an updatable row's latest record already says the same. */
static int append_row_canon(dt_store *st, const dt_chain_io *io,
                            dt_chain_kind k, const char *ref, char *canon)
{
	if (dt_chain_kinds[k].updatable) {
		/* an unchanged row needs no new record */
		char *old;
		if (io->latest(st, dt_chain_kinds[k].name, ref, NULL, &old) < 0) {
			free(canon);
			return -1;
		}
		int same = old && !strcmp(old, canon);
		free(old);
		if (same) {
			free(canon);
			return 0;
		}
	}
	int rc = append_canon(st, io, dt_chain_kinds[k].name, ref, canon);
	free(canon);
	return rc;
}

int dt_chain_store_append(dt_store *st, const dt_chain_io *io,
                          dt_chain_kind k, const char *ref)
{
	one_row o = {.st = st};
	if (io->rows(st, k, ref, canon_row, &o) < 0) {
		free(o.canon);
		return -1;
	}
	if (!o.canon)
		return dt_store_fail(st, "store: chain: no %s row %s",
		                     dt_chain_maps[k].table, ref);
	return append_row_canon(st, io, k, ref, o.canon);
}

int dt_chain_store_append_row(dt_store *st, const dt_chain_io *io,
                              const dt_chain_row *r)
{
	char *canon = dt_chain_row_canon(r);
	if (!canon)
		return dt_store_fail(st, "store: out of memory");
	return append_row_canon(st, io, r->kind, r->ref, canon);
}

int dt_chain_store_append_id(dt_store *st, const dt_chain_io *io,
                             dt_chain_kind k, int64_t id)
{
	char ref[32];
	snprintf(ref, sizeof ref, "%" PRId64, id);
	return dt_chain_store_append(st, io, k, ref);
}

int dt_chain_store_guard(dt_store *st, const dt_chain_io *io,
                         dt_chain_guard *gs)
{
	if (gs->guarded)
		return 0;
	dt_chain_status g;
	if (dt_chain_store_verify(st, io, 0, &g) < 0)
		return -1;
	int rc = 0;
	if (!g.intact && !g.acknowledged) {
		if (!gs->ack_by[0]) {
			rc = dt_store_fail(st, "integrity: the store was altered: %s; "
			                   "nothing written (dualtrack verify lists every "
			                   "defect; --acknowledge-break records the break "
			                   "in the chain and writes anyway)", g.reason);
			gs->refused_break = 1;
		} else {
			char at[32];
			dt_time_now_iso(at);
			char *c = dt_chain_break_canon(&g, gs->ack_by, at);
			char ref[32];
			snprintf(ref, sizeof ref, "%" PRId64, g.first_bad_id);
			rc = c ? append_canon(st, io, "break", ref, c) :
			     dt_store_fail(st, "store: out of memory");
			free(c);
			if (rc == 0)
				gs->break_recorded = 1;
		}
	}
	dt_chain_status_clear(&g);
	if (rc == 0)
		gs->guarded = 1;
	return rc;
}

/* The refs of a kind's rows (collector of backfill). */
typedef struct refs {
	dt_store *st;
	char **v;
	size_t n, cap;
} refs;

static int ref_row(void *ctx, const dt_chain_row *r)
{
	refs *x = ctx;
	char *s = strdup(r->ref);
	if (!s || dt_grow((void **)&x->v, &x->cap, x->n + 1, sizeof *x->v) < 0) {
		free(s);
		return dt_store_fail(x->st, "store: out of memory");
	}
	x->v[x->n++] = s;
	return 0;
}

int dt_chain_store_backfill_kind(dt_store *st, const dt_chain_io *io,
                                 dt_chain_kind k)
{
	if (!dt_chain_maps[k].table)
		return 0;
	refs x = {.st = st};
	int rc = io->rows(st, k, NULL, ref_row, &x);
	for (size_t i = 0; rc == 0 && i < x.n; i++) {
		char *old = NULL;
		rc = io->latest(st, dt_chain_kinds[k].name, x.v[i], NULL, &old);
		if (rc == 0 && !old)
			rc = dt_chain_store_append(st, io, k, x.v[i]);
		free(old);
	}
	dt_strv_free(x.v, x.n);
	return rc < 0 ? -1 : 0;
}

/* The rows of a kind with their record text as it is and as its first
 * `nold` fields make it (collector of reseal). */
typedef struct reseal {
	dt_store *st;
	size_t nold;
	struct reseal_row {
		char ref[DT_CHAIN_REF_MAX];
		char *now, *before;
	} *v;
	size_t n, cap;
} reseal;

static int reseal_row(void *ctx, const dt_chain_row *r)
{
	reseal *x = ctx;
	dt_chain_row old = *r;
	if (old.nf > x->nold)
		old.nf = x->nold;
	if (dt_grow((void **)&x->v, &x->cap, x->n + 1, sizeof *x->v) < 0)
		return dt_store_fail(x->st, "store: out of memory");
	struct reseal_row *e = &x->v[x->n++];
	memcpy(e->ref, r->ref, sizeof e->ref);
	e->now = dt_chain_row_canon(r);
	e->before = dt_chain_row_canon(&old);
	return e->now && e->before ? 0 :
	       dt_store_fail(x->st, "store: out of memory");
}

int dt_chain_store_reseal(dt_store *st, const dt_chain_io *io,
                          dt_chain_kind k, size_t nold)
{
	reseal x = {.st = st, .nold = nold};
	int rc = io->rows(st, k, NULL, reseal_row, &x);
	for (size_t i = 0; rc == 0 && i < x.n; i++) {
		char *old = NULL;
		rc = io->latest(st, dt_chain_kinds[k].name, x.v[i].ref, NULL, &old);
		/* only a row its latest record still vouches for (an altered or
		 * unchained row stays reported); nothing when already sealed */
		if (rc == 0 && old && !strcmp(old, x.v[i].before) &&
		    strcmp(old, x.v[i].now) != 0) {
			rc = append_canon(st, io, dt_chain_kinds[k].name, x.v[i].ref,
			                  x.v[i].now);
		}
		free(old);
	}
	for (size_t i = 0; i < x.n; i++) {
		free(x.v[i].now);
		free(x.v[i].before);
	}
	free(x.v);
	return rc < 0 ? -1 : 0;
}

int dt_chain_store_backfill(dt_store *st, const dt_chain_io *io)
{
	for (int k = 0; k < DT_CHAIN_KIND_COUNT; k++)
		if (dt_chain_store_backfill_kind(st, io, (dt_chain_kind)k) < 0)
			return -1;
	return 0;
}

void dt_chain_lod_row(int64_t file_id, const char *metric, int64_t part,
                      const void *lod, size_t len, char num[24],
                      dt_chain_row *r)
{
	memset(r, 0, sizeof *r);
	r->kind = DT_CHAIN_SERIES_LOD;
	dt_chain_series_ref(file_id, metric, part, r->ref, sizeof r->ref);
	snprintf(num, 24, "%lld", (long long)file_id);
	r->f[0] = (dt_chain_field){.name = "file_id", .data = num,
	                           .len = strlen(num)};
	r->f[1] = (dt_chain_field){.name = "metric", .data = metric,
	                           .len = strlen(metric)};
	r->f[2] = (dt_chain_field){.name = "lod", .data = lod, .len = len,
	                           .is_blob = 1};
	r->nf = 3;
}

void dt_chain_text_row(dt_chain_kind k, const char *ref,
                       const char *const *vals, dt_chain_row *r)
{
	memset(r, 0, sizeof *r);
	r->kind = k;
	snprintf(r->ref, sizeof r->ref, "%s", ref);
	for (size_t i = 0; i < DT_CHAIN_FIELDS_MAX && dt_chain_maps[k].cols[i];
	     i++) {
		dt_chain_field *f = &r->f[r->nf++];
		int real;
		f->name = dt_chain_col(k, i, &f->is_blob, &real);
		f->omit_zero = dt_chain_col_omit_zero(k, i);
		f->is_null = vals[i] == NULL;
		f->data = vals[i];
		f->len = vals[i] ? strlen(vals[i]) : 0;
	}
}

void dt_chain_trigger_notice(char *out, size_t n, size_t nmissing,
                             const char *names, int read_only)
{
	if (snprintf(out, n, "store: %zu append-only trigger%s %s missing%s "
	             "(%s): someone removed the protection; dualtrack verify "
	             "shows what was changed", nmissing, nmissing == 1 ? "" : "s",
	             nmissing == 1 ? "was" : "were",
	             read_only ? " (store opened read-only: not restored)" :
	             nmissing == 1 ? " and was restored" : " and were restored",
	             names) < 0)
		out[0] = '\0'; /* a cut notice is still a notice */
}

void dt_chain_name_add(char *buf, size_t cap, size_t *o, size_t *shown,
                       const char *name)
{
	size_t need = strlen(name) + (*o ? 2 : 0);
	if (*o + need + 16 >= cap) /* 16: ", +NNNN more" */
		return;
	*o += (size_t)snprintf(buf + *o, cap - *o, "%s%s", *o ? ", " : "", name);
	(*shown)++;
}

void dt_chain_names_end(char *buf, size_t cap, size_t o, size_t shown,
                        size_t total)
{
	if (shown < total && o < cap)
		snprintf(buf + o, cap - o, "%s+%zu more", o ? ", " : "",
		         total - shown);
}
