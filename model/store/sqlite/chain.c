/* chain.c: the SQLite side of the integrity chain (core/chain.h): which
 * columns of which table make a chained row, the chain_record table,
 * the write guard every chained write goes through, the append-only
 * triggers (restored when missing) and the first chaining of a store
 * made before the chain existed. Rows in, rows out: the record text, the
 * hash and the check are core/chain.c's. */
#include "model/store/sqlite/internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/chain.h"
#include "model/util/clock.h"
#include "model/util/grow.h"

/* Columns of a chained row per kind, in record order; "#" before a name:
 * its bytes are hashed (BLOBs, the decision's evidence text). The ref
 * expression is the row's key as text. */
typedef struct kind_map {
	const char *table, *ref, *cols[DT_CHAIN_FIELDS_MAX];
} kind_map;

static const kind_map maps[DT_CHAIN_KIND_COUNT] = {
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
		"value", "basis", "note", "set_by", "set_at"}},
	[DT_CHAIN_LEDGER_RUN] = {"ledger_run", "run_id || '/' || pilot",
		{"pilot", "run_id"}},
	[DT_CHAIN_SCENARIO] = {"scenario", "id", {"pilot", "answers", "training",
		"recommendation", "reason", "set_by", "set_at"}},
	[DT_CHAIN_DECISION] = {"decision", "id", {"pilot_id", "pilot_name",
		"kind", "rationale", "deciders", "recorded_by", "decided_at",
		"supersedes", "forced_past", "evidence_digest", "#evidence_text",
		"prev_hash", "hash"}},
	[DT_CHAIN_RUN] = {"run", "id", {"name", "platform", "grad_accum",
		"global_batch", "logging_steps"}},
	[DT_CHAIN_RUN_FILE] = {"run_file", "id", {"run_id", "path", "sha256",
		"bytes", "format", "imported_at"}},
	[DT_CHAIN_SERIES] = {"raw_series", "file_id || '/' || metric",
		{"file_id", "metric", "n", "#steps", "steps_stride", "#vals",
		"#marks", "sort_within_segment"}},
	[DT_CHAIN_BREAK] = {NULL, NULL, {NULL}},
};

/* Append-only tables: (table, refuse UPDATE, refuse DELETE). Trigger
 * names are TABLE_no_update / TABLE_no_delete. */
static const struct {
	const char *table;
	int no_update, no_delete;
	const char *update_of;  /* columns the update trigger guards, NULL = all */
} guarded[] = {
	{"chain_record", 1, 1, NULL}, {"decision", 1, 1, NULL}, {"pilot", 1, 1, NULL},
	{"taskcard_value", 1, 1, NULL}, {"pilot_run", 0, 1, NULL}, {"check_entry", 1, 1, NULL},
	{"check_evidence", 1, 1, NULL}, {"drill", 1, 1, NULL}, {"drill_check", 1, 1, NULL},
	{"run_fact", 1, 1, NULL}, {"ledger_entry", 1, 1, NULL}, {"ledger_run", 1, 1, NULL},
	{"scenario", 1, 1, NULL}, {"run", 0, 1, NULL},
	/* a followed file's sha256 and bytes grow (schema.c user_version 9) */
	{"run_file", 1, 1, "id, run_id, path, format, imported_at"},
	{"raw_series", 1, 1, NULL},
};

const char dt_schema_chain[] =
	"CREATE TABLE chain_record("
	" id INTEGER PRIMARY KEY AUTOINCREMENT,"
	" kind TEXT NOT NULL,"
	" ref TEXT NOT NULL,"
	" recorded_at TEXT NOT NULL,"
	" canon TEXT NOT NULL,"
	" prev_hash TEXT NOT NULL,"
	" hash TEXT NOT NULL);"
	"CREATE INDEX chain_record_ref ON chain_record(kind, ref, id);";

/* SELECT ref, cols... FROM table [WHERE ref = ?1] ORDER BY rowid */
static int select_rows(dt_store *st, dt_chain_kind k, int one,
                       sqlite3_stmt **s)
{
	const kind_map *m = &maps[k];
	char sql[1024];
	size_t o = (size_t)snprintf(sql, sizeof sql, "SELECT %s", m->ref);
	for (size_t i = 0; i < DT_CHAIN_FIELDS_MAX && m->cols[i]; i++)
		o += (size_t)snprintf(sql + o, sizeof sql - o, ", %s",
		                      m->cols[i] + (m->cols[i][0] == '#'));
	o += (size_t)snprintf(sql + o, sizeof sql - o, " FROM %s", m->table);
	if (one)
		o += (size_t)snprintf(sql + o, sizeof sql - o, " WHERE %s = ?1",
		                      m->ref);
	snprintf(sql + o, sizeof sql - o, " ORDER BY rowid");
	return dt_sq_prepare(st, sql, s);
}

/* The row at the statement's cursor as a dt_chain_row (pointers into the
 * statement, valid until the next step). */
static void row_of(sqlite3_stmt *s, dt_chain_kind k, dt_chain_row *r)
{
	const kind_map *m = &maps[k];
	memset(r, 0, sizeof *r);
	r->kind = k;
	dt_sq_copy_text(r->ref, sizeof r->ref, s, 0);
	for (size_t i = 0; i < DT_CHAIN_FIELDS_MAX && m->cols[i]; i++) {
		dt_chain_field *f = &r->f[r->nf++];
		int col = (int)i + 1;
		f->name = m->cols[i] + (m->cols[i][0] == '#');
		f->is_blob = m->cols[i][0] == '#';
		if (sqlite3_column_type(s, col) == SQLITE_NULL) {
			f->is_null = 1;
			continue;
		}
		if (f->is_blob) {
			f->data = sqlite3_column_blob(s, col);
		} else {
			f->data = sqlite3_column_text(s, col);
		}
		f->len = (size_t)sqlite3_column_bytes(s, col);
	}
}

/* Current rows of every kind (heavy ones when with_heavy) as record
 * texts. */
static int load_current(dt_store *st, int with_heavy, dt_chain_current **cur,
                        size_t *nc)
{
	size_t cap = 0;
	*cur = NULL;
	*nc = 0;
	for (int k = 0; k < DT_CHAIN_KIND_COUNT; k++) {
		if (!maps[k].table || (dt_chain_kinds[k].heavy && !with_heavy))
			continue;
		sqlite3_stmt *s;
		if (select_rows(st, (dt_chain_kind)k, 0, &s) < 0)
			return -1;
		int rc;
		while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
			dt_chain_row r;
			row_of(s, (dt_chain_kind)k, &r);
			char *c = dt_chain_row_canon(&r);
			if (!c || dt_grow((void **)cur, &cap, *nc + 1, sizeof **cur) < 0) {
				free(c);
				sqlite3_finalize(s);
				return dt_sq_fail(st, "store: out of memory");
			}
			dt_chain_current *x = &(*cur)[(*nc)++];
			x->kind = (dt_chain_kind)k;
			memcpy(x->ref, r.ref, sizeof x->ref);
			x->canon = c;
		}
		sqlite3_finalize(s);
		if (rc != SQLITE_DONE)
			return dt_sq_fail_db(st, "read chained rows");
	}
	return 0;
}

static void current_free(dt_chain_current *cur, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(cur[i].canon);
	free(cur);
}

static int load_records(dt_store *st, dt_chain_rec **v, size_t *n)
{
	sqlite3_stmt *s;
	size_t cap = 0;
	*v = NULL;
	*n = 0;
	if (dt_sq_prepare(st, "SELECT id, kind, ref, recorded_at, canon,"
	                  " prev_hash, hash FROM chain_record ORDER BY id", &s) < 0)
		return -1;
	int rc;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		if (dt_grow((void **)v, &cap, *n + 1, sizeof **v) < 0) {
			sqlite3_finalize(s);
			return dt_sq_fail(st, "store: out of memory");
		}
		dt_chain_rec *r = &(*v)[*n];
		memset(r, 0, sizeof *r);
		r->id = sqlite3_column_int64(s, 0);
		dt_sq_copy_text(r->kind, sizeof r->kind, s, 1);
		dt_sq_copy_text(r->ref, sizeof r->ref, s, 2);
		dt_sq_copy_text(r->at, sizeof r->at, s, 3);
		const unsigned char *c = sqlite3_column_text(s, 4);
		r->canon = strdup(c ? (const char *)c : "");
		dt_sq_copy_text(r->prev_hash, sizeof r->prev_hash, s, 5);
		dt_sq_copy_text(r->hash, sizeof r->hash, s, 6);
		(*n)++;
		if (!r->canon) {
			sqlite3_finalize(s);
			return dt_sq_fail(st, "store: out of memory");
		}
	}
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "read chain");
}

/* The AUTOINCREMENT counter of chain_record (0 when none). */
static int chain_seq(dt_store *st, int64_t *seq)
{
	sqlite3_stmt *s;
	*seq = 0;
	if (dt_sq_prepare(st, "SELECT seq FROM sqlite_sequence WHERE name ="
	                  " 'chain_record'", &s) < 0)
		return -1;
	int rc = sqlite3_step(s);
	if (rc == SQLITE_ROW)
		*seq = sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 :
	       dt_sq_fail_db(st, "read chain counter");
}

int dt_sq_chain_verify(dt_store *st, int with_series, dt_chain_status *g)
{
	dt_chain_rec *v = NULL;
	dt_chain_current *cur = NULL;
	size_t n = 0, nc = 0;
	int64_t seq;
	int rc = -1;
	memset(g, 0, sizeof *g);
	if (load_records(st, &v, &n) < 0 || chain_seq(st, &seq) < 0 ||
	    load_current(st, with_series, &cur, &nc) < 0)
		goto out;
	if (dt_chain_check(v, n, seq, cur, nc, with_series, g) < 0) {
		dt_sq_fail(st, "store: out of memory");
		goto out;
	}
	rc = 0;
out:
	dt_chain_recs_free(v, n);
	current_free(cur, nc);
	return rc;
}

/* Append one chain record holding `canon` of (kind, ref). */
static int append_canon(dt_store *st, const char *kind, const char *ref,
                        char *canon)
{
	dt_chain_rec r;
	sqlite3_stmt *s;
	memset(&r, 0, sizeof r);
	snprintf(r.prev_hash, sizeof r.prev_hash, "%064d", 0);
	if (dt_sq_prepare(st, "SELECT hash FROM chain_record ORDER BY id DESC"
	                  " LIMIT 1", &s) < 0)
		return -1;
	int rc = sqlite3_step(s);
	if (rc == SQLITE_ROW)
		dt_sq_copy_text(r.prev_hash, sizeof r.prev_hash, s, 0);
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return dt_sq_fail_db(st, "read chain head");
	int64_t seq;
	if (chain_seq(st, &seq) < 0)
		return -1;
	/* the next id: one above every id ever given (AUTOINCREMENT does the
	 * same; computed here because it is part of the hashed text) */
	sqlite3_stmt *m;
	if (dt_sq_prepare(st, "SELECT max(id) FROM chain_record", &m) < 0)
		return -1;
	int64_t maxid = sqlite3_step(m) == SQLITE_ROW ?
	                sqlite3_column_int64(m, 0) : 0;
	sqlite3_finalize(m);
	r.id = (seq > maxid ? seq : maxid) + 1;
	snprintf(r.kind, sizeof r.kind, "%s", kind);
	snprintf(r.ref, sizeof r.ref, "%s", ref);
	dt_time_now_iso(r.at);
	r.canon = canon;
	if (dt_chain_rec_hash(&r, r.hash) < 0)
		return dt_sq_fail(st, "store: out of memory");
	if (dt_sq_prepare(st, "INSERT INTO chain_record(id, kind, ref,"
	                  " recorded_at, canon, prev_hash, hash)"
	                  " VALUES(?1,?2,?3,?4,?5,?6,?7)", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, r.id);
	sqlite3_bind_text(s, 2, r.kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 3, r.ref, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 4, r.at, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 5, r.canon, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 6, r.prev_hash, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 7, r.hash, -1, SQLITE_STATIC);
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "append chain record");
}

int dt_sq_chain_append(dt_store *st, dt_chain_kind k, const char *ref)
{
	sqlite3_stmt *s;
	if (select_rows(st, k, 1, &s) < 0)
		return -1;
	sqlite3_bind_text(s, 1, ref, -1, SQLITE_TRANSIENT);
	int rc = sqlite3_step(s);
	if (rc != SQLITE_ROW) {
		sqlite3_finalize(s);
		return rc == SQLITE_DONE ?
		       dt_sq_fail(st, "store: chain: no %s row %s", maps[k].table, ref) :
		       dt_sq_fail_db(st, "read row to chain");
	}
	dt_chain_row r;
	row_of(s, k, &r);
	char *c = dt_chain_row_canon(&r);
	sqlite3_finalize(s);
	if (!c)
		return dt_sq_fail(st, "store: out of memory");
	if (dt_chain_kinds[k].updatable) {
		/* an unchanged row needs no new record */
		sqlite3_stmt *q;
		if (dt_sq_prepare(st, "SELECT canon FROM chain_record WHERE kind ="
		                  " ?1 AND ref = ?2 ORDER BY id DESC LIMIT 1", &q) < 0) {
			free(c);
			return -1;
		}
		sqlite3_bind_text(q, 1, dt_chain_kinds[k].name, -1, SQLITE_STATIC);
		sqlite3_bind_text(q, 2, ref, -1, SQLITE_TRANSIENT);
		const unsigned char *old = sqlite3_step(q) == SQLITE_ROW ?
		                           sqlite3_column_text(q, 0) : NULL;
		int same = old && !strcmp((const char *)old, c);
		sqlite3_finalize(q);
		if (same) {
			free(c);
			return 0;
		}
	}
	rc = append_canon(st, dt_chain_kinds[k].name, ref, c);
	free(c);
	return rc;
}

int dt_sq_chain_append_id(dt_store *st, dt_chain_kind k, int64_t id)
{
	char ref[32];
	snprintf(ref, sizeof ref, "%" PRId64, id);
	return dt_sq_chain_append(st, k, ref);
}

int dt_sq_chain_append_last(dt_store *st, dt_chain_kind k)
{
	return dt_sq_chain_append_id(st, k, sqlite3_last_insert_rowid(DT_SQ_DB(st)));
}

void dt_sq_chain_acknowledge(dt_store *st, const char *by)
{
	snprintf(DT_SQ(st)->ack_by, sizeof DT_SQ(st)->ack_by, "%s", by ? by : "");
}

/* The write guard: once per write transaction, the cheap check (every
 * chained row but the series); a broken chain refuses the write unless
 * its defects were acknowledged before or the caller acknowledges them
 * now (a break record is appended first). */
static int guard(dt_store *st)
{
	if (DT_SQ(st)->guarded)
		return 0;
	dt_chain_status g;
	if (dt_sq_chain_verify(st, 0, &g) < 0)
		return -1;
	int rc = 0;
	if (!g.intact && !g.acknowledged) {
		if (!DT_SQ(st)->ack_by[0]) {
			rc = dt_sq_fail(st, "integrity: the store was altered: %s; "
			                "nothing written (dualtrack verify lists every "
			                "defect; --acknowledge-break records the break "
			                "in the chain and writes anyway)", g.reason);
			DT_SQ(st)->refused_break = 1;
		} else {
			char at[32];
			dt_time_now_iso(at);
			char *c = dt_chain_break_canon(&g, DT_SQ(st)->ack_by, at);
			char ref[32];
			snprintf(ref, sizeof ref, "%" PRId64, g.first_bad_id);
			rc = c ? append_canon(st, "break", ref, c) :
			     dt_sq_fail(st, "store: out of memory");
			free(c);
			if (rc == 0)
				DT_SQ(st)->break_recorded = 1;
		}
	}
	dt_chain_status_clear(&g);
	if (rc == 0)
		DT_SQ(st)->guarded = 1;
	return rc;
}

int dt_sq_write_begin(dt_store *st)
{
	if (dt_sq_begin(st) < 0)
		return -1;
	if (guard(st) < 0) {
		dt_err keep = st->err;
		dt_sq_rollback(st);
		st->err = keep;
		return -1;
	}
	return 0;
}

int dt_sq_write_end(dt_store *st, int rc)
{
	if (rc == 0)
		return dt_sq_commit(st);
	dt_err keep = st->err;
	dt_sq_rollback(st);
	st->err = keep;
	return -1;
}

int dt_sq_chain_state(const dt_store *st, int which)
{
	const dt_sq_store *sq = (const dt_sq_store *)st;
	return which ? sq->break_recorded : sq->refused_break;
}

int dt_sq_chain_backfill(dt_store *st)
{
	for (int k = 0; k < DT_CHAIN_KIND_COUNT; k++) {
		if (!maps[k].table)
			continue;
		sqlite3_stmt *s;
		char **refs = NULL;
		size_t n = 0;
		char sql[256];
		snprintf(sql, sizeof sql, "SELECT %s FROM %s ORDER BY rowid",
		         maps[k].ref, maps[k].table);
		if (dt_sq_prepare(st, sql, &s) < 0 ||
		    dt_sq_collect_strings(st, s, &refs, &n) < 0)
			return -1;
		for (size_t i = 0; i < n; i++)
			if (dt_sq_chain_append(st, (dt_chain_kind)k, refs[i]) < 0) {
				dt_strv_free(refs, n);
				return -1;
			}
		dt_strv_free(refs, n);
	}
	return 0;
}

int dt_sq_triggers_restore(dt_store *st)
{
	char missing[400] = "";
	size_t o = 0, nmissing = 0;
	int began = 0;
	for (size_t i = 0; i < sizeof guarded / sizeof guarded[0]; i++)
		for (int which = 0; which < 2; which++) {
			if (!(which ? guarded[i].no_delete : guarded[i].no_update))
				continue;
			char name[64], sql[300];
			snprintf(name, sizeof name, "%s_no_%s", guarded[i].table,
			         which ? "delete" : "update");
			sqlite3_stmt *s;
			if (dt_sq_prepare(st, "SELECT 1 FROM sqlite_master WHERE"
			                  " type = 'trigger' AND name = ?1", &s) < 0)
				return -1;
			sqlite3_bind_text(s, 1, name, -1, SQLITE_STATIC);
			int rc = sqlite3_step(s);
			sqlite3_finalize(s);
			if (rc == SQLITE_ROW)
				continue;
			if (rc != SQLITE_DONE)
				return dt_sq_fail_db(st, "read triggers");
			if (st->flags & DT_STORE_READ) {
				nmissing++;
				if (o < sizeof missing)
					o += (size_t)snprintf(missing + o, sizeof missing - o,
					                      "%s%s", o ? ", " : "", name);
				continue;
			}
			if (!began && !DT_SQ(st)->in_migration) {
				if (dt_sq_exec(st, "BEGIN IMMEDIATE") < 0)
					return -1;
				began = 1;
			}
			const char *of = which ? NULL : guarded[i].update_of;
			snprintf(sql, sizeof sql, "CREATE TRIGGER %s BEFORE %s%s%s ON %s"
			         " BEGIN SELECT RAISE(ABORT, '%s is append-only'); END;",
			         name, which ? "DELETE" : "UPDATE", of ? " OF " : "",
			         of ? of : "", guarded[i].table, guarded[i].table);
			if (dt_sq_exec(st, sql) < 0) {
				if (began)
					sqlite3_exec(DT_SQ_DB(st), "ROLLBACK", NULL, NULL, NULL);
				return -1;
			}
			nmissing++;
			if (o < sizeof missing)
				o += (size_t)snprintf(missing + o, sizeof missing - o, "%s%s",
				                      o ? ", " : "", name);
		}
	if (began && dt_sq_exec(st, "COMMIT") < 0)
		return -1;
	if (nmissing && !DT_SQ(st)->in_migration &&
	    snprintf(DT_SQ(st)->notice, sizeof DT_SQ(st)->notice, "store: %zu "
		         "append-only trigger%s %s missing%s (%s): someone removed "
		         "the protection; dualtrack verify shows what was changed",
		         nmissing, nmissing == 1 ? "" : "s",
		         nmissing == 1 ? "was" : "were",
		         (st->flags & DT_STORE_READ) ? " (store opened read-only: "
		         "not restored)" : nmissing == 1 ? " and was restored" :
		         " and were restored", missing) < 0)
		DT_SQ(st)->notice[0] = '\0'; /* a cut notice is still a notice */
	return 0;
}

const char *dt_sq_notice(const dt_store *st)
{
	return ((const dt_sq_store *)st)->notice;
}
