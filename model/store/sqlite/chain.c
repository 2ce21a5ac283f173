/* chain.c: the SQLite side of the integrity chain (core/chain.h): the
 * chain_record table and its reads and insert (the dt_chain_io of
 * model/store/chain_store.h, which holds the chained columns, verify,
 * append, the write guard and the first chaining), the write
 * transactions every chained write goes through and the append-only
 * triggers (restored when missing). */
#include "model/store/sqlite/internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/chain.h"
#include "model/store/chain_store.h"
#include "model/util/grow.h"

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
	/* the stored levels of a series (schema.c user_version 13) */
	{"series_lod", 1, 1, NULL},
	/* what an import derived from a file (user_version 15); a run's
	 * counts of a metric are rewritten (runs.c dt_sq_stats_put, each
	 * version chained): only their key is refused an update */
	{"run_warning", 1, 1, NULL}, {"launch_evidence", 1, 1, NULL},
	{"launch_setting", 1, 1, NULL}, {"run_metric", 1, 1, "run_id, metric"},
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

/* user_version 14: no table changes; the levels already stored are
 * chained (their record names the levels BLOB by SHA-256) right after,
 * in the same transaction (open.c migrate: seal_kinds). */
const char dt_schema_lod_seal[] =
	"-- user_version 14: stored levels of detail join the chain";

/* user_version 15: importer messages, launch evidence and settings and
 * a run's counts of each metric join the chain (kinds run_warning,
 * launch_evidence, launch_setting, run_metric: core/chain.h) and get
 * their append-only triggers (guarded[]; made here so that the open
 * reports none missing); the rows already stored are chained right
 * after, in the same transaction (open.c migrate). */
const char dt_schema_import_seal[] =
#define NO_CHANGE(t, what, of) \
	"CREATE TRIGGER IF NOT EXISTS " t "_no_" what " BEFORE " of \
	" ON " t \
	" BEGIN SELECT RAISE(ABORT, '" t " is append-only'); END;"
	NO_CHANGE("run_warning", "update", "UPDATE")
	NO_CHANGE("run_warning", "delete", "DELETE")
	NO_CHANGE("launch_evidence", "update", "UPDATE")
	NO_CHANGE("launch_evidence", "delete", "DELETE")
	NO_CHANGE("launch_setting", "update", "UPDATE")
	NO_CHANGE("launch_setting", "delete", "DELETE")
	NO_CHANGE("run_metric", "update", "UPDATE OF run_id, metric")
	NO_CHANGE("run_metric", "delete", "DELETE");
#undef NO_CHANGE

/* Every row of kind k, or the one whose key is ref, to fn. */
static int sq_rows(dt_store *st, dt_chain_kind k, const char *ref,
                   dt_chain_row_fn fn, void *ctx)
{
	char sql[1024];
	sqlite3_stmt *s;
	if (dt_chain_select_sql(k, ref != NULL, "", NULL, "?1", "rowid", sql,
	                        sizeof sql) < 0)
		return dt_sq_fail(st, "store: chain: statement too long");
	if (dt_sq_prepare(st, sql, &s) < 0)
		return -1;
	if (ref)
		sqlite3_bind_text(s, 1, ref, -1, SQLITE_TRANSIENT);
	int rc;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		dt_chain_row r;
		memset(&r, 0, sizeof r);
		r.kind = k;
		dt_sq_copy_text(r.ref, sizeof r.ref, s, 0);
		for (size_t i = 0; i < DT_CHAIN_FIELDS_MAX &&
		     dt_chain_maps[k].cols[i]; i++) {
			dt_chain_field *f = &r.f[r.nf++];
			int col = (int)i + 1, real;
			f->name = dt_chain_col(k, i, &f->is_blob, &real);
			f->omit_zero = dt_chain_col_omit_zero(k, i);
			if (sqlite3_column_type(s, col) == SQLITE_NULL) {
				f->is_null = 1;
				continue;
			}
			/* a REAL as text is SQLite's own rendering (chain_store.h) */
			f->data = f->is_blob ? sqlite3_column_blob(s, col) :
			          (const void *)sqlite3_column_text(s, col);
			f->len = (size_t)sqlite3_column_bytes(s, col);
		}
		if (fn(ctx, &r) < 0) {
			sqlite3_finalize(s);
			return -1;
		}
	}
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "read chained rows");
}

static int sq_records(dt_store *st, dt_chain_rec **v, size_t *n)
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

/* The AUTOINCREMENT counter of chain_record, the highest id and the
 * newest record's hash. */
static int sq_head(dt_store *st, int64_t *seq, int64_t *max_id,
                   char hash[65])
{
	sqlite3_stmt *s;
	*seq = *max_id = 0;
	snprintf(hash, 65, "%064d", 0);
	if (dt_sq_prepare(st, "SELECT (SELECT seq FROM sqlite_sequence WHERE"
	                  " name = 'chain_record'), id, hash FROM chain_record"
	                  " ORDER BY id DESC LIMIT 1", &s) < 0)
		return -1;
	int rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		*seq = sqlite3_column_int64(s, 0);
		*max_id = sqlite3_column_int64(s, 1);
		dt_sq_copy_text(hash, 65, s, 2);
	}
	sqlite3_finalize(s);
	if (rc == SQLITE_DONE) {
		/* no record: the counter may still be there */
		if (dt_sq_prepare(st, "SELECT seq FROM sqlite_sequence WHERE name ="
		                  " 'chain_record'", &s) < 0)
			return -1;
		rc = sqlite3_step(s);
		if (rc == SQLITE_ROW)
			*seq = sqlite3_column_int64(s, 0);
		sqlite3_finalize(s);
	}
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 :
	       dt_sq_fail_db(st, "read chain head");
}

static int sq_latest(dt_store *st, const char *kind, const char *ref,
                     int64_t *id, char **canon)
{
	sqlite3_stmt *q;
	*canon = NULL;
	if (id)
		*id = 0;
	if (dt_sq_prepare(st, "SELECT canon, id FROM chain_record WHERE kind = ?1"
	                  " AND ref = ?2 ORDER BY id DESC LIMIT 1", &q) < 0)
		return -1;
	sqlite3_bind_text(q, 1, kind, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 2, ref, -1, SQLITE_TRANSIENT);
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW) {
		const unsigned char *c = sqlite3_column_text(q, 0);
		*canon = strdup(c ? (const char *)c : "");
		if (id)
			*id = sqlite3_column_int64(q, 1);
	}
	sqlite3_finalize(q);
	if (rc == SQLITE_ROW && !*canon)
		return dt_sq_fail(st, "store: out of memory");
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 :
	       dt_sq_fail_db(st, "read chain record");
}

static int sq_insert(dt_store *st, const dt_chain_rec *r)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "INSERT INTO chain_record(id, kind, ref,"
	                  " recorded_at, canon, prev_hash, hash)"
	                  " VALUES(?1,?2,?3,?4,?5,?6,?7)", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, r->id);
	sqlite3_bind_text(s, 2, r->kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 3, r->ref, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 4, r->at, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 5, r->canon, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 6, r->prev_hash, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 7, r->hash, -1, SQLITE_STATIC);
	int rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "append chain record");
}

static const dt_chain_io sq_io = {
	.rows = sq_rows, .records = sq_records, .head = sq_head,
	.latest = sq_latest, .insert = sq_insert,
};

int dt_sq_chain_latest(dt_store *st, const char *kind, const char *ref,
                       int64_t *id, char **canon)
{
	return sq_latest(st, kind, ref, id, canon);
}

int dt_sq_chain_verify(dt_store *st, int with_series, dt_chain_status *g)
{
	return dt_chain_store_verify(st, &sq_io, with_series, g);
}

int dt_sq_chain_append(dt_store *st, dt_chain_kind k, const char *ref)
{
	return dt_chain_store_append(st, &sq_io, k, ref);
}

int dt_sq_chain_append_row(dt_store *st, const dt_chain_row *r)
{
	return dt_chain_store_append_row(st, &sq_io, r);
}

int dt_sq_chain_append_id(dt_store *st, dt_chain_kind k, int64_t id)
{
	return dt_chain_store_append_id(st, &sq_io, k, id);
}

int dt_sq_chain_append_last(dt_store *st, dt_chain_kind k)
{
	return dt_sq_chain_append_id(st, k, sqlite3_last_insert_rowid(DT_SQ_DB(st)));
}

void dt_sq_chain_acknowledge(dt_store *st, const char *by)
{
	dt_chain_guard *gs = &DT_SQ(st)->guard;
	snprintf(gs->ack_by, sizeof gs->ack_by, "%s", by ? by : "");
}

int dt_sq_write_begin(dt_store *st)
{
	if (dt_sq_begin(st) < 0)
		return -1;
	if (dt_chain_store_guard(st, &sq_io, &DT_SQ(st)->guard) < 0) {
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

int dt_sq_write_end_last(dt_store *st, int rc, dt_chain_kind k)
{
	if (rc == 0)
		rc = dt_sq_chain_append_last(st, k);
	return dt_sq_write_end(st, rc);
}

int dt_sq_chain_state(const dt_store *st, int which)
{
	const dt_sq_store *sq = (const dt_sq_store *)st;
	return which ? sq->guard.break_recorded : sq->guard.refused_break;
}

int dt_sq_chain_backfill(dt_store *st)
{
	return dt_chain_store_backfill(st, &sq_io);
}

int dt_sq_chain_backfill_kind(dt_store *st, dt_chain_kind k)
{
	return dt_chain_store_backfill_kind(st, &sq_io, k);
}

int dt_sq_chain_reseal_runs(dt_store *st)
{
	return dt_chain_store_reseal(st, &sq_io, DT_CHAIN_RUN,
	                             DT_CHAIN_RUN_FIELDS_V16);
}

int dt_sq_triggers_restore(dt_store *st)
{
	char missing[400] = "";
	size_t o = 0, nmissing = 0, shown = 0;
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
				dt_chain_name_add(missing, sizeof missing, &o, &shown, name);
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
			dt_chain_name_add(missing, sizeof missing, &o, &shown, name);
		}
	if (began && dt_sq_exec(st, "COMMIT") < 0)
		return -1;
	dt_chain_names_end(missing, sizeof missing, o, shown, nmissing);
	if (nmissing && (st->flags & DT_STORE_READ)) {
		st->triggers_missing = nmissing;
		snprintf(st->triggers_names, sizeof st->triggers_names, "%s",
		         missing);
	}
	if (nmissing && !DT_SQ(st)->in_migration)
		dt_chain_trigger_notice(DT_SQ(st)->notice, sizeof DT_SQ(st)->notice,
		                        nmissing, missing,
		                        (st->flags & DT_STORE_READ) != 0);
	return 0;
}

const char *dt_sq_notice(const dt_store *st)
{
	return ((const dt_sq_store *)st)->notice;
}
