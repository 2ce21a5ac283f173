/* internal.h: what the PostgreSQL store's files share. Only the files of
 * model/store/postgresql/ include this; everything else uses
 * model/store/store.h.
 *
 * Every statement goes through dt_pg_query (PQexecParams: one statement,
 * values bound as parameters, never spliced into the SQL text). Values
 * are collected in a dt_pg_params (text, 64-bit integers as text, binary
 * bytea, NULL). Results are read with the dt_pg_* column helpers.
 *
 * libpq is loaded at run time (libpq_dl.h): the PQ* names below are
 * calls through its table, valid once pg_open has loaded it. */
#ifndef DT_STORE_PG_INTERNAL_H
#define DT_STORE_PG_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "model/store/postgresql/libpq_dl.h"

#include "model/store/ops.h"
#include "model/store/chain_store.h"

/* Backend state of one PostgreSQL store connection; base first (ops.h). */
typedef struct dt_pg {
	dt_store base;
	PGconn *conn;
	int in_tx;              /* dt_store_begin depth: 0 none, 1 the outer
	                         * transaction, more: its savepoints (pg.c) */
	int64_t version;        /* data version: notifications from others */
	char team[64];          /* working team ("" = none chosen) */
	char sqlstate[6];       /* of the last failed statement */
	dt_chain_guard guard;   /* write guard (chain.c) */
	char notice[512];       /* what opening found (disabled triggers) */
} dt_pg;

/* The backend state of a store opened on this backend. */
#define dt_pg_of(st) ((dt_pg *)(st))

/* The operations of this backend (pg.c) and its open. */
extern const dt_store_ops dt_pg_ops;

/* The key of the store-wide write lock (any constant of this program). */
#define DT_PG_WRITE_LOCK "7218450002"

#define DT_PG_MAXP 16

/* Bound values of one statement ($1 .. $n). */
typedef struct dt_pg_params {
	int n;
	const char *v[DT_PG_MAXP];
	int len[DT_PG_MAXP];
	int fmt[DT_PG_MAXP];     /* 0 text, 1 binary */
	char num[DT_PG_MAXP][32];
} dt_pg_params;

void dt_pg_p_text(dt_pg_params *p, const char *s);   /* NULL s -> "" */
void dt_pg_p_int(dt_pg_params *p, int64_t v);
void dt_pg_p_double(dt_pg_params *p, double v);      /* exact (%.17g) */
void dt_pg_p_null(dt_pg_params *p);
/* "now" as text (dt_time_now_iso, model/util/clock.h: $DUALTRACK_NOW when
 * set): the time a row records (created_at, set_at, ...), never the
 * column's default dt_now(), so one clock stamps every record. */
void dt_pg_p_now(dt_pg_params *p);
void dt_pg_p_blob(dt_pg_params *p, const void *data, size_t len);

/* Run one statement with bound values (p may be NULL). Text results,
 * unless binary_result. Returns the result (PQclear it) or NULL with the
 * store error set to "store: WHAT: <server message>". */
PGresult *dt_pg_query(dt_store *st, const char *what, const char *sql,
                    const dt_pg_params *p, int binary_result);

/* As dt_pg_query for a statement whose result is not needed. 0 or -1. */
int dt_pg_do(dt_store *st, const char *what, const char *sql,
             const dt_pg_params *p);

/* The SQLSTATE of the last failed statement of this store ("" = none). */
const char *dt_pg_sqlstate(dt_store *st);

/* Column helpers (text results). */
int64_t dt_pg_int(const PGresult *r, int row, int col);
double dt_pg_double(const PGresult *r, int row, int col);
void dt_pg_text(char *dst, size_t n, const PGresult *r, int row, int col);

/* Collect column 0 of every row as strings (owned, dt_strv_free);
 * clears r. 0 or -1 (out of memory). */
int dt_pg_strings(dt_store *st, PGresult *r, char ***v, size_t *n);

/* Migrations in dt_schema_version order (schema.c). */
extern const char *const dt_pg_migrations[];
extern const size_t dt_pg_migration_count;

/* Create or migrate the schema (schema.c). 0 or -1. */
int dt_pg_migrate(dt_store *st);

/* Begin / commit a transaction of one operation, holding the store's
 * write lock, unless the caller's transaction is open (then nothing
 * happens). 0 or -1. */
int dt_pg_op_begin(dt_store *st, int *own);
int dt_pg_op_end(dt_store *st, int own, int ok);

/* Integrity chain (chain.c). Every chained write runs between
 * dt_pg_write_begin (dt_pg_op_begin: a transaction holding the write
 * lock, or the caller's; its first write checks the chain and is refused
 * when it is broken and not acknowledged) and dt_pg_write_end(st, own,
 * rc) (commit when rc is 0, else roll back keeping the error; 0 or -1),
 * and appends a chain record for each row it inserted or changed. */
int dt_pg_write_begin(dt_store *st, int *own);
int dt_pg_write_end(dt_store *st, int own, int rc);
int dt_pg_chain_append(dt_store *st, dt_chain_kind k, const char *ref);
int dt_pg_chain_append_id(dt_store *st, dt_chain_kind k, int64_t id);

/* Run the INSERT or UPDATE `sql` (no RETURNING clause: added here) in a
 * write transaction (dt_pg_write_begin) and chain every row it wrote
 * (kind k); *id (may be NULL): the written row's id. 0, 1 when it wrote
 * no row (ON CONFLICT DO NOTHING; nothing chained), -1. */
int dt_pg_chained(dt_store *st, dt_chain_kind k, const char *what,
                  const char *sql, const dt_pg_params *p, int64_t *id);

/* The schema version whose runs' records gain format, segments,
 * replayed_steps, step_source and created_at (dt_chain_store_reseal). */
#define DT_PG_RUN_RESEAL 11

/* Chain every team's rows that have no chain record yet, of the kinds
 * schema version `version` began chaining (4 the chain itself, 8 the
 * stored levels, 9 what an import derived); at DT_PG_RUN_RESEAL, a
 * record of every run whose latest record is its version-10 record;
 * nothing for another version. 0 or -1. */
int dt_pg_chain_backfill(dt_store *st, int version);

/* Find disabled append-only triggers: named in the notice, enabled again
 * when the store is not read-only and the role owns the table. 0 or -1. */
int dt_pg_triggers_check(dt_store *st);

/* The operations of dt_pg_ops: each has the arguments and result of the
 * member of struct dt_store_ops of the same name (model/store/ops.h). */
#define DT_PG_OPS(X) \
	X(run_find) X(run_create) X(run_update) X(run_list) X(file_add) \
	X(file_set_content) \
	X(file_list) X(raw_put) X(raw_append) X(raw_load) X(raw_free) \
	X(lod_load) X(shape_load) X(values_read) X(metric_list) \
	X(stats_put) X(stats_list) X(warning_add) X(warning_list) \
	X(note_add) X(note_list) X(fact_set) X(fact_list) X(pilot_create) \
	X(pilot_find) X(pilot_list) X(pilot_attach) X(pilot_run_list) \
	X(taskcard_load) X(taskcard_set) X(checklist_load) X(check_set) \
	X(check_history_list) X(evidence_add) X(drill_add) \
	X(drill_check_set) X(drill_list) X(decision_tail) \
	X(decision_insert) X(decision_list) X(ledger_set) X(ledger_list) \
	X(ledger_attach) X(ledger_run_list) X(ledger_exists) \
	X(scenario_put) X(scenario_get) X(launch_put) X(launch_list) \
	X(launch_setting_put) X(launch_setting_list) \
	X(chain_verify) X(chain_latest) X(chain_acknowledge) X(chain_state) X(notice) \
	X(rows_read) X(row_write) \
	X(rows_written)

int dt_pg_run_find(dt_store *st, const char *name, dt_run *out);
int dt_pg_run_create(dt_store *st, dt_run *run);
int dt_pg_run_update(dt_store *st, const dt_run *run);
int dt_pg_run_list(dt_store *st, dt_run **runs, size_t *n);
int dt_pg_file_add(dt_store *st, int64_t run_id, const char *path,
                   const char *sha256_hex, int64_t bytes, const char *format,
                   int64_t *file_id);
int dt_pg_file_set_content(dt_store *st, int64_t file_id,
                           const char *sha256_hex, int64_t bytes);
int dt_pg_file_list(dt_store *st, int64_t run_id, dt_run_file **files,
                    size_t *n);
int dt_pg_raw_put(dt_store *st, int64_t file_id, const dt_rawseries *s,
                  int64_t stride, const void *lod, size_t lodlen);
int dt_pg_raw_append(dt_store *st, int64_t file_id, const dt_rawseries *s,
                     size_t from, size_t from_mark, const void *lod,
                     size_t lodlen);
int dt_pg_lod_load(dt_store *st, int64_t run_id, const char *metric,
                   void **lod, size_t *len, size_t *n,
                   int64_t row[2]);
int dt_pg_shape_load(dt_store *st, int64_t run_id, const char *metric,
                     dt_series_shape *out);
int dt_pg_values_read(dt_store *st, int64_t file_id, const char *metric,
                      size_t first, size_t count, double *out);
int dt_pg_raw_load(dt_store *st, int64_t run_id, const char *metric,
                   dt_rawchunk **chunks, size_t *nchunks, void **blob_owner);
void dt_pg_raw_free(dt_store *st, dt_rawchunk *chunks, void *blob_owner);
int dt_pg_metric_list(dt_store *st, int64_t run_id, char ***names,
                      size_t *n);
int dt_pg_stats_put(dt_store *st, int64_t run_id, const dt_metric_stats *ms);
int dt_pg_stats_list(dt_store *st, int64_t run_id, dt_metric_stats **ms,
                     size_t *n);
int dt_pg_warning_add(dt_store *st, int64_t run_id, int64_t file_id,
                      const char *text);
int dt_pg_warning_list(dt_store *st, int64_t run_id, char ***w, size_t *n);
int dt_pg_note_add(dt_store *st, int64_t run_id, int64_t file_id,
                   const char *text);
int dt_pg_note_list(dt_store *st, int64_t run_id, char ***w, size_t *n);
int dt_pg_fact_set(dt_store *st, int64_t run_id, int64_t file_id,
                   const char *key, const char *value, const char *source,
                   const char *set_by);
int dt_pg_fact_list(dt_store *st, int64_t run_id, dt_fact **facts,
                    size_t *n);
int dt_pg_pilot_create(dt_store *st, const char *name, const char *by,
                       dt_pilot *out);
int dt_pg_pilot_find(dt_store *st, const char *name, dt_pilot *out);
int dt_pg_pilot_list(dt_store *st, dt_pilot **v, size_t *n);
int dt_pg_pilot_attach(dt_store *st, int64_t pilot_id, int64_t run_id,
                       dt_run_role role, const char *by);
int dt_pg_pilot_run_list(dt_store *st, int64_t pilot_id, dt_pilot_run **v,
                         size_t *n);
int dt_pg_taskcard_load(dt_store *st, int64_t pilot_id, dt_taskcard *tc);
int dt_pg_taskcard_set(dt_store *st, int64_t pilot_id, dt_tc_field f,
                       const char *value, const char *by);
int dt_pg_checklist_load(dt_store *st, int64_t pilot_id, dt_checklist *cl);
int dt_pg_check_set(dt_store *st, int64_t pilot_id, dt_check_id id,
                    dt_check_status status, const char *note,
                    const char *reason, const char *by);
int dt_pg_check_history_list(dt_store *st, int64_t pilot_id,
                             dt_check_id id, dt_check_entry **v, size_t *n);
int dt_pg_evidence_add(dt_store *st, int64_t pilot_id, dt_check_id id,
                       const char *kind, const char *ref,
                       const char *sha256_hex, const char *by);
int dt_pg_drill_add(dt_store *st, dt_drill *d, const char *by);
int dt_pg_drill_check_set(dt_store *st, int64_t drill_id, dt_drill_item item,
                          dt_dc_status status, const char *note,
                          const char *source, const char *by);
int dt_pg_drill_list(dt_store *st, int64_t pilot_id, dt_drill **v,
                     size_t *n);
int dt_pg_decision_tail(dt_store *st, int64_t pilot_id, dt_decision_tail *t);
int dt_pg_decision_insert(dt_store *st, const dt_decision *d);
int dt_pg_decision_list(dt_store *st, int64_t pilot_id, dt_decision **v,
                        size_t *n);
int dt_pg_ledger_set(dt_store *st, const char *pilot, const char *side,
                     const char *key, double value, const char *basis,
                     const char *note, const char *set_by);
int dt_pg_ledger_list(dt_store *st, const char *pilot, dt_ledger_entry **e,
                      size_t *n);
int dt_pg_ledger_attach(dt_store *st, const char *pilot, int64_t run_id);
int dt_pg_ledger_run_list(dt_store *st, const char *pilot, int64_t **ids,
                          size_t *n);
int dt_pg_ledger_exists(dt_store *st, const char *pilot);
int dt_pg_scenario_put(dt_store *st, const char *pilot,
                       const dt_scenario_rec *rec);
int dt_pg_scenario_get(dt_store *st, const char *pilot,
                       dt_scenario_rec *out);

int dt_pg_launch_put(dt_store *st, int64_t file_id,
                     const dt_launch_evidence *ev, size_t n);
int dt_pg_launch_list(dt_store *st, int64_t run_id, dt_launch_row **rows,
                      size_t *n);
int dt_pg_launch_setting_put(dt_store *st, int64_t file_id,
                             const dt_launch_setting *v, size_t n);
int dt_pg_launch_setting_list(dt_store *st, int64_t run_id,
                              dt_launch_setting_row **rows, size_t *n);
int dt_pg_chain_verify(dt_store *st, int with_series, dt_chain_status *g);
int dt_pg_chain_latest(dt_store *st, const char *kind, const char *ref,
                       int64_t *id, char **canon);
void dt_pg_chain_acknowledge(dt_store *st, const char *by);
int dt_pg_chain_state(const dt_store *st, int which);
const char *dt_pg_notice(const dt_store *st);
int dt_pg_rows_read(dt_store *st, const dt_store_table *t,
                    dt_store_row_fn fn, void *ctx);
int dt_pg_row_write(dt_store *st, const dt_store_table *t,
                    const dt_store_value *v);
int dt_pg_rows_written(dt_store *st);

/* Allocate *v for the rows of r (element size sz, zeroed); 0, or -1 with
 * the error set and r cleared (runs.c). */
int dt_pg_rows_alloc(dt_store *st, PGresult *r, void **v, size_t sz);

#endif
