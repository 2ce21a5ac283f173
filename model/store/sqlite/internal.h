/* internal.h: what the SQLite store's files share. Only
 * the files of model/store/sqlite/ include this; everything else uses
 * model/store/store.h. */
#ifndef DT_STORE_SQLITE_INTERNAL_H
#define DT_STORE_SQLITE_INTERNAL_H

#include <stddef.h>
#include <sqlite3.h>

#include "model/store/ops.h"
#include "model/store/store.h"
#include "model/core/chain.h"
#include "model/store/chain_store.h"
#include "model/util/err.h"

/* The SQLite handle: the generic part first (ops.h), then the
 * connection. */
typedef struct dt_sq_store {
	dt_store base;
	sqlite3 *db;
	int tx_depth;         /* begin nesting: 1 = BEGIN, more = SAVEPOINTs */
	/* integrity chain (chain.c) */
	char notice[512];     /* what opening found (missing triggers) */
	dt_chain_guard guard; /* write guard (model/store/chain_store.h) */
	int in_migration;     /* migrations run (no guard, no notice) */
	int fresh_journal;    /* the store is in rollback-journal mode: new,
	                       * opened DT_STORE_BULK alone, or another
	                       * connection's bulk write (open.c); until
	                       * dt_sq_journal_settle makes it WAL */
	char path[4096];      /* as given to open, for messages */
	struct dt_sq_vals_cache *vals; /* open value BLOBs (series_read.c) */
	int wb_fd;            /* writeback.c: a descriptor of the file, or -1 */
	int bulk_mem;         /* counted in dt_sq_mem_bulk (opened BULK) */
	char ro_why[64];      /* "the disk is full" when a store opened to
	                       * write could only be opened read-only for it
	                       * (open.c open_probe), else "": a refused write
	                       * says so (sqlite.c dt_sq_fail_db) */
} dt_sq_store;

/* PRAGMA application_id of a dualtrack store ("DUAT"): set when a store
 * is created, checked before anything is written to a file. */
#define DT_SQ_APPLICATION_ID 0x44554154

#define DT_SQ_DB(st) (((dt_sq_store *)(st))->db)
#define DT_SQ(st) ((dt_sq_store *)(st))

/* Start the kernel writing back the pages SQLite has written to the
 * store file so far (Linux sync_file_range SYNC_FILE_RANGE_WRITE: it
 * only starts the I/O, it waits for nothing and promises nothing). A
 * bulk import's series pages are spilled to the file while later series
 * are stored (cache_size 2000 KiB, open.c); without this they all wait
 * for the commit's fdatasync, which then writes ~24 MB at once for 1M
 * points x 3 metrics. Durability is unchanged: SQLite still syncs the
 * journal before the file and the file at commit. Only in
 * rollback-journal mode (fresh_journal: the pages go to the file
 * itself); a no-op elsewhere and on systems without sync_file_range. */
void dt_sq_writeback_start(dt_store *st);

/* Close the descriptor dt_sq_writeback_start opened (dt_sq_close). */
void dt_sq_writeback_close(dt_store *st);

/* Close the value BLOBs dt_sq_values_read keeps open (series_read.c)
 * and free their cache; NULL-safe. An open BLOB holds a read
 * transaction (a snapshot), so this runs before a transaction begins,
 * before PRAGMA data_version is read and at close. */
void dt_sq_vals_cache_drop(dt_store *st);

/* The ops table (ops.c) and the opener (open.c): open the SQLite file
 * `path` with DT_STORE_* flags (store.h dt_store_open_flags). */
extern const dt_store_ops dt_sq_ops;
dt_store *dt_sq_open(const char *path, unsigned flags, dt_err *err);

/* Install the store's SQLite allocator (mem.c: huge pages for large
 * buffers) once, before SQLite initialises; dt_sq_open calls it first.
 * Later calls, and a SQLite already initialised, change nothing. */
void dt_sq_mem_install(void);

/* While at least one store is open DT_STORE_BULK (an import), the
 * allocator keeps one freed large block for the next large allocation
 * (mem.c: the series rows' records); dt_sq_mem_bulk(1) when such a store
 * opens, dt_sq_mem_bulk(0) when it closes, which frees the kept block
 * after the last one, so a long-lived reader (the TUI) never holds it. */
void dt_sq_mem_bulk(int open);

/* A store created by this open, or opened DT_STORE_BULK while no other
 * connection had it open, starts with a rollback journal (open.c): its
 * first transaction (an import's series) then writes each appended page
 * once into the file, where WAL writes it to the log and again at the
 * checkpoint. This switches such a store to WAL, the mode every store
 * has once it holds data (two people may share it); called after the
 * first top-level commit and at close. Does nothing for any other store;
 * a failure (another connection in a transaction) leaves the rollback
 * journal, which the next open or commit switches. */
void dt_sq_journal_settle(dt_store *st);

/* DT_STORE_REPACK (store.h): a store whose file has no pointer-map
 * pages (PRAGMA auto_vacuum 0: made before new stores got them, open.c)
 * is rewritten once with them (auto_vacuum=INCREMENTAL, VACUUM), and the
 * store's notice says so. Run outside any transaction, after the
 * migrations. Returns 0 (rewritten, or nothing to do), or -1 with the
 * store error set; VACUUM is atomic, so the file is then unchanged. */
int dt_sq_repack(dt_store *st);

/* The members of dt_sq_ops, one per file by subject (sqlite.c runs.c
 * facts.c pilot.c checklist.c drill.c decision.c ledger.c). */
void dt_sq_close(dt_store *st);
int dt_sq_begin(dt_store *st);
int dt_sq_commit(dt_store *st);
void dt_sq_rollback(dt_store *st);
int dt_sq_data_version_get(dt_store *st, int64_t *version);
int dt_sq_run_find(dt_store *st, const char *name, dt_run *out);
int dt_sq_run_create(dt_store *st, dt_run *run);
int dt_sq_run_update(dt_store *st, const dt_run *run);
int dt_sq_run_list(dt_store *st, dt_run **runs, size_t *n);
int dt_sq_file_add(dt_store *st, int64_t run_id, const char *path,
                   const char *sha256_hex, int64_t bytes, const char *format,
                   int64_t *file_id);
int dt_sq_file_list(dt_store *st, int64_t run_id, dt_run_file **files,
                    size_t *n);
int dt_sq_file_set_content(dt_store *st, int64_t file_id,
                           const char *sha256_hex, int64_t bytes);
int dt_sq_raw_put(dt_store *st, int64_t file_id, const dt_rawseries *s,
                  int64_t stride, const void *lod, size_t lodlen);
int dt_sq_raw_append(dt_store *st, int64_t file_id, const dt_rawseries *s,
                     size_t from, size_t from_mark, const void *lod,
                     size_t lodlen);
int dt_sq_lod_load(dt_store *st, int64_t run_id, const char *metric,
                   void **lod, size_t *len, size_t *n,
                   int64_t row[2]);
int dt_sq_shape_load(dt_store *st, int64_t run_id, const char *metric,
                     dt_series_shape *out);
int dt_sq_values_read(dt_store *st, int64_t file_id, const char *metric,
                      size_t first, size_t count, double *out);
int dt_sq_raw_load(dt_store *st, int64_t run_id, const char *metric,
                   dt_rawchunk **chunks, size_t *nchunks, void **blob_owner);
void dt_sq_raw_free(dt_store *st, dt_rawchunk *chunks, void *blob_owner);
int dt_sq_metric_list(dt_store *st, int64_t run_id, char ***names, size_t *n);
int dt_sq_stats_put(dt_store *st, int64_t run_id, const dt_metric_stats *ms);
int dt_sq_stats_list(dt_store *st, int64_t run_id, dt_metric_stats **ms,
                     size_t *n);
int dt_sq_warning_add(dt_store *st, int64_t run_id, int64_t file_id,
                      const char *text);
int dt_sq_warning_list(dt_store *st, int64_t run_id, char ***w, size_t *n);
int dt_sq_note_add(dt_store *st, int64_t run_id, int64_t file_id,
                   const char *text);
int dt_sq_note_list(dt_store *st, int64_t run_id, char ***w, size_t *n);
int dt_sq_launch_put(dt_store *st, int64_t file_id,
                     const dt_launch_evidence *ev, size_t n);
int dt_sq_launch_list(dt_store *st, int64_t run_id, dt_launch_row **rows,
                      size_t *n);
int dt_sq_launch_setting_put(dt_store *st, int64_t file_id,
                             const dt_launch_setting *v, size_t n);
int dt_sq_launch_setting_list(dt_store *st, int64_t run_id,
                              dt_launch_setting_row **rows, size_t *n);
int dt_sq_fact_set(dt_store *st, int64_t run_id, int64_t file_id,
                   const char *key, const char *value, const char *source,
                   const char *set_by);
int dt_sq_fact_list(dt_store *st, int64_t run_id, dt_fact **facts, size_t *n);
int dt_sq_pilot_create(dt_store *st, const char *name, const char *by,
                       dt_pilot *out);
int dt_sq_pilot_find(dt_store *st, const char *name, dt_pilot *out);
int dt_sq_pilot_list(dt_store *st, dt_pilot **v, size_t *n);
int dt_sq_pilot_attach(dt_store *st, int64_t pilot_id, int64_t run_id,
                       dt_run_role role, const char *by);
int dt_sq_pilot_run_list(dt_store *st, int64_t pilot_id, dt_pilot_run **v,
                         size_t *n);
int dt_sq_taskcard_load(dt_store *st, int64_t pilot_id, dt_taskcard *tc);
int dt_sq_taskcard_set(dt_store *st, int64_t pilot_id, dt_tc_field f,
                       const char *value, const char *by);
int dt_sq_checklist_load(dt_store *st, int64_t pilot_id, dt_checklist *cl);
int dt_sq_check_set(dt_store *st, int64_t pilot_id, dt_check_id id,
                    dt_check_status status, const char *note,
                    const char *reason, const char *by);
int dt_sq_check_history_list(dt_store *st, int64_t pilot_id, dt_check_id id,
                             dt_check_entry **v, size_t *n);
int dt_sq_evidence_add(dt_store *st, int64_t pilot_id, dt_check_id id,
                       const char *kind, const char *ref,
                       const char *sha256_hex, const char *by);
int dt_sq_drill_add(dt_store *st, dt_drill *d, const char *by);
int dt_sq_drill_check_set(dt_store *st, int64_t drill_id, dt_drill_item item,
                          dt_dc_status status, const char *note,
                          const char *source, const char *by);
int dt_sq_drill_list(dt_store *st, int64_t pilot_id, dt_drill **v, size_t *n);
int dt_sq_decision_tail(dt_store *st, int64_t pilot_id, dt_decision_tail *t);
int dt_sq_decision_insert(dt_store *st, const dt_decision *d);
int dt_sq_decision_list(dt_store *st, int64_t pilot_id, dt_decision **v,
                        size_t *n);
int dt_sq_ledger_set(dt_store *st, const char *pilot, const char *side,
                     const char *key, double value, const char *basis,
                     const char *note, const char *set_by);
int dt_sq_ledger_list(dt_store *st, const char *pilot, dt_ledger_entry **e,
                      size_t *n);
int dt_sq_ledger_attach(dt_store *st, const char *pilot, int64_t run_id);
int dt_sq_ledger_run_list(dt_store *st, const char *pilot, int64_t **ids,
                          size_t *n);
int dt_sq_ledger_exists(dt_store *st, const char *pilot);
int dt_sq_scenario_put(dt_store *st, const char *pilot,
                       const dt_scenario_rec *rec);
int dt_sq_scenario_get(dt_store *st, const char *pilot, dt_scenario_rec *out);
int dt_sq_launch_put(dt_store *st, int64_t file_id,
                     const dt_launch_evidence *ev, size_t n);
int dt_sq_launch_list(dt_store *st, int64_t run_id, dt_launch_row **rows,
                      size_t *n);
int dt_sq_rows_read(dt_store *st, const dt_store_table *t,
                    dt_store_row_fn fn, void *ctx);
int dt_sq_row_write(dt_store *st, const dt_store_table *t,
                    const dt_store_value *v);
int dt_sq_rows_written(dt_store *st);

/* Migrations in user_version order (store_schema.c). */
extern const char *const dt_schema_migrations[];
extern const size_t dt_schema_count;
extern const char dt_schema_acceptance[];  /* schema_acceptance.c */
extern const char dt_schema_ledger[];      /* schema_ledger.c */
extern const char dt_schema_chain[];       /* chain.c */
extern const char dt_schema_lod_seal[];    /* chain.c */
extern const char dt_schema_import_seal[]; /* chain.c */

/* Integrity chain (chain.c; the rules are core/chain.h's). Every chained
 * write runs between dt_sq_write_begin (dt_sq_begin: a transaction, or a
 * savepoint inside the caller's; the first write of a transaction checks
 * the chain and is refused when it is broken and not acknowledged) and
 * dt_sq_write_end(st, rc) (commit / release when rc is 0, else roll back
 * keeping the error; returns 0 or -1), and appends a chain record for
 * each row it inserted or changed: dt_sq_chain_append (by ref text), _id
 * (by id) or _last (the last inserted rowid). */
int dt_sq_write_begin(dt_store *st);
int dt_sq_write_end(dt_store *st, int rc);
int dt_sq_chain_append(dt_store *st, dt_chain_kind k, const char *ref);
/* dt_chain_store_append_row on this store (a row still in memory). */
int dt_sq_chain_append_row(dt_store *st, const dt_chain_row *r);
int dt_sq_chain_append_id(dt_store *st, dt_chain_kind k, int64_t id);
int dt_sq_chain_append_last(dt_store *st, dt_chain_kind k);
/* The end of a write that inserted one row: when rc is 0, chains that
 * row first (kind k, the last inserted rowid: dt_sq_chain_append_last),
 * then dt_sq_write_end(st, rc). 0 or -1. */
int dt_sq_write_end_last(dt_store *st, int rc, dt_chain_kind k);

/* Chain every row of a store made before the chain (migration 7). */
int dt_sq_chain_backfill(dt_store *st);
/* Chain every row of kind k that has no record yet (a migration that
 * starts chaining a kind: user_version 14 the stored levels, 15 what an
 * import derived; the rows stored before were outside the chain). */
int dt_sq_chain_backfill_kind(dt_store *st, dt_chain_kind k);
/* user_version 17: a record of every run whose latest record is its
 * user_version 16 record (dt_chain_store_reseal). */
int dt_sq_chain_reseal_runs(dt_store *st);

/* Create the append-only triggers that are missing (not on a store
 * opened read-only); outside a migration the names go to the notice.
 * 0 or -1. */
int dt_sq_triggers_restore(dt_store *st);

/* ops members of the chain (store.h dt_store_chain_*). */
int dt_sq_chain_verify(dt_store *st, int with_series, dt_chain_status *g);
int dt_sq_chain_latest(dt_store *st, const char *kind, const char *ref,
                       int64_t *id, char **canon);
void dt_sq_chain_acknowledge(dt_store *st, const char *by);
int dt_sq_chain_state(const dt_store *st, int which);
const char *dt_sq_notice(const dt_store *st);

/* Set the store's error message; returns -1. */
int dt_sq_fail(dt_store *st, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Set "store: WHAT: <sqlite message>"; returns -1. */
int dt_sq_fail_db(dt_store *st, const char *what);

/* Run SQL without bound values (schema, PRAGMA, BEGIN). 0 or -1. */
int dt_sq_exec(dt_store *st, const char *sql);

/* Prepare one statement; 0 or -1 with the error set. */
int dt_sq_prepare(dt_store *st, const char *sql, sqlite3_stmt **s);

/* Bind parameter i of s to "now" (dt_time_now_iso, model/util/clock.h:
 * $DUALTRACK_NOW when set): the time a row records (created_at, set_at,
 * ...), never the column's SQL default, so one clock stamps every
 * record. Returns sqlite3_bind_text's code. */
int dt_sq_bind_now(sqlite3_stmt *s, int i);

/* Copy a text column into dst (size n), "" for NULL. */
void dt_sq_copy_text(char *dst, size_t n, sqlite3_stmt *s, int col);

/* Fill the zeroed element `elem` from the current row of s. Returns 0
 * (keep it), 1 (skip this row) or -1 (out of memory; whatever the element
 * owns so far is released by the collector's free_elem). */
typedef int (*dt_sq_row_fn)(sqlite3_stmt *s, void *elem);

/* The one row-collect loop: step s to the end, appending one element of
 * sz bytes per row, zeroed then filled by row(); finalizes s. Returns 0
 * with *v (owned by the caller) holding *n elements, or -1 with *v NULL,
 * *n 0 and nothing left to free (free_elem, when not NULL, first
 * releases what each filled element owns; then the array is freed) and
 * the store error set: "store: out of memory" or "store: WHAT: <sqlite
 * message>". */
int dt_sq_collect(dt_store *st, sqlite3_stmt *s, void **v, size_t *n,
                  size_t sz, dt_sq_row_fn row, void (*free_elem)(void *),
                  const char *what);

/* Step s to the end collecting column 0 as strings into *v (owned,
 * dt_strv_free); finalizes s. Returns 0 or -1 as dt_sq_collect. */
int dt_sq_collect_strings(dt_store *st, sqlite3_stmt *s, char ***v,
                          size_t *n);

#endif
