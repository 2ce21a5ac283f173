/* ops.h: the contract between the store interface (model/store/store.h,
 * model/store/store.c) and a backend (model/store/sqlite/ today; a second
 * backend, e.g. model/store/postgresql/, is one new folder implementing
 * this header plus one line in the backend table of store.c).
 *
 * Only model/store/ includes this header: callers use store.h.
 *
 * A backend:
 *  - allocates its own handle struct whose FIRST member is a struct
 *    dt_store, with `ops` pointing at its const ops table, and returns a
 *    pointer to that member from its open function;
 *  - implements every member of struct dt_store_ops: rows to structs and
 *    back, nothing else. Domain rules (names, validation, hashing and the
 *    decision chain, evidence parsing) are applied above it, in store.c,
 *    model/core and model/service, so a backend never repeats them;
 *  - reports failures with dt_store_fail(st, ...) and follows the rule of
 *    model/util/err.h: -1 leaves every out-array NULL with count 0;
 *  - keeps every write of one operation atomic, and begin/commit/rollback
 *    a transaction that holds the write lock from begin on (several
 *    people share one store).
 * Each member has the arguments and result of the store.h function of
 * the same name (dt_store_<member>), unless its comment here says
 * otherwise. */
#ifndef DT_STORE_OPS_H
#define DT_STORE_OPS_H

#include "model/store/store.h"
#include "model/util/err.h"

typedef struct dt_store_ops dt_store_ops;

/* The part of every store handle that store.c reads. */
#define DT_STORE_NOTES 8

struct dt_store {
	const dt_store_ops *ops;
	unsigned flags;       /* DT_STORE_* given to open */
	dt_err err;           /* last failure (dt_store_error) */
	/* records found altered by this connection's readers
	 * (dt_store_chain_note); the first DT_STORE_NOTES are kept */
	struct dt_store_note {
		int64_t id;
		char text[480];
	} notes[DT_STORE_NOTES];
	size_t nnotes;
	/* append-only triggers found missing or disabled at the open and not
	 * restored (a read-only open), their names (dt_store_triggers_missing) */
	size_t triggers_missing;
	char triggers_names[400];
};

struct dt_store_ops {
	const char *name;     /* "sqlite" */

	/* the handle */
	void (*close)(dt_store *st);          /* frees the handle; NULL-safe */
	int (*begin)(dt_store *st);
	int (*commit)(dt_store *st);
	void (*rollback)(dt_store *st);
	int (*data_version_get)(dt_store *st, int64_t *version);

	/* runs, files, series */
	int (*run_find)(dt_store *st, const char *name, dt_run *out);
	/* insert; the name is already checked (dt_name_check) and not taken */
	int (*run_create)(dt_store *st, dt_run *run);
	int (*run_update)(dt_store *st, const dt_run *run);
	int (*run_list)(dt_store *st, dt_run **runs, size_t *n);
	int (*file_add)(dt_store *st, int64_t run_id, const char *path,
	                const char *sha256_hex, int64_t bytes,
	                const char *format, int64_t *file_id);
	int (*file_list)(dt_store *st, int64_t run_id, dt_run_file **files,
	                 size_t *n);
	int (*file_set_content)(dt_store *st, int64_t file_id,
	                        const char *sha256_hex, int64_t bytes);
	/* lod [lodlen]: the packed level of detail (model/core/lod.h) of
	 * the values the row holds (raw_append: of s->value[from..n)),
	 * stored beside the row in series_lod (same key; dualtrack(5)).
	 * stride: dt_store_steps_stride of s's steps (pack.h), computed by
	 * the caller (dt_store_series_prep). */
	int (*raw_put)(dt_store *st, int64_t file_id, const dt_rawseries *s,
	               int64_t stride, const void *lod, size_t lodlen);
	int (*raw_append)(dt_store *st, int64_t file_id, const dt_rawseries *s,
	                  size_t from, size_t from_mark, const void *lod,
	                  size_t lodlen);
	/* *blob_owner is a dt_blob_owner (model/store/blobs.h) holding
	 * every array of the chunks as its own malloc'd buffer, so that
	 * dt_store_raw_detach works the same on every backend. */
	int (*raw_load)(dt_store *st, int64_t run_id, const char *metric,
	                dt_rawchunk **chunks, size_t *nchunks,
	                void **blob_owner);
	void (*raw_free)(dt_store *st, dt_rawchunk *chunks, void *blob_owner);
	/* row: the series row's file_id and part (row[0], row[1]) */
	int (*lod_load)(dt_store *st, int64_t run_id, const char *metric,
	                void **lod, size_t *len, size_t *n, int64_t row[2]);
	/* *out is zeroed by store.c before the call; count > 0 */
	int (*shape_load)(dt_store *st, int64_t run_id, const char *metric,
	                  dt_series_shape *out);
	int (*values_read)(dt_store *st, int64_t file_id, const char *metric,
	                   size_t first, size_t count, double *out);
	int (*metric_list)(dt_store *st, int64_t run_id, char ***names,
	                   size_t *n);
	int (*stats_put)(dt_store *st, int64_t run_id,
	                 const dt_metric_stats *ms);
	int (*stats_list)(dt_store *st, int64_t run_id, dt_metric_stats **ms,
	                  size_t *n);
	int (*warning_add)(dt_store *st, int64_t run_id, int64_t file_id,
	                   const char *text);
	int (*warning_list)(dt_store *st, int64_t run_id, char ***w, size_t *n);
	int (*note_add)(dt_store *st, int64_t run_id, int64_t file_id,
	                const char *text);
	int (*note_list)(dt_store *st, int64_t run_id, char ***w, size_t *n);
	int (*launch_put)(dt_store *st, int64_t file_id,
	                  const dt_launch_evidence *ev, size_t n);
	int (*launch_list)(dt_store *st, int64_t run_id, dt_launch_row **rows,
	                   size_t *n);
	int (*launch_setting_put)(dt_store *st, int64_t file_id,
	                          const dt_launch_setting *v, size_t n);
	int (*launch_setting_list)(dt_store *st, int64_t run_id,
	                           dt_launch_setting_row **rows, size_t *n);
	int (*fact_set)(dt_store *st, int64_t run_id, int64_t file_id,
	                const char *key, const char *value, const char *source,
	                const char *set_by);
	int (*fact_list)(dt_store *st, int64_t run_id, dt_fact **facts,
	                 size_t *n);

	/* pilots and task cards */
	/* insert and read back; the name is checked and not taken */
	int (*pilot_create)(dt_store *st, const char *name, const char *by,
	                    dt_pilot *out);
	int (*pilot_find)(dt_store *st, const char *name, dt_pilot *out);
	int (*pilot_list)(dt_store *st, dt_pilot **v, size_t *n);
	int (*pilot_attach)(dt_store *st, int64_t pilot_id, int64_t run_id,
	                    dt_run_role role, const char *by);
	int (*pilot_run_list)(dt_store *st, int64_t pilot_id, dt_pilot_run **v,
	                      size_t *n);
	int (*taskcard_load)(dt_store *st, int64_t pilot_id, dt_taskcard *tc);
	/* insert one value row; the value is already validated */
	int (*taskcard_set)(dt_store *st, int64_t pilot_id, dt_tc_field f,
	                    const char *value, const char *by);

	/* checklist */
	/* entries and evidence only; store.c resolves the statuses */
	int (*checklist_load)(dt_store *st, int64_t pilot_id, dt_checklist *cl);
	/* insert one entry row; already validated */
	int (*check_set)(dt_store *st, int64_t pilot_id, dt_check_id id,
	                 dt_check_status status, const char *note,
	                 const char *reason, const char *by);
	int (*check_history_list)(dt_store *st, int64_t pilot_id,
	                          dt_check_id id, dt_check_entry **v, size_t *n);
	int (*evidence_add)(dt_store *st, int64_t pilot_id, dt_check_id id,
	                    const char *kind, const char *ref,
	                    const char *sha256_hex, const char *by);

	/* drills */
	int (*drill_add)(dt_store *st, dt_drill *d, const char *by);
	int (*drill_check_set)(dt_store *st, int64_t drill_id,
	                       dt_drill_item item, dt_dc_status status,
	                       const char *note, const char *source,
	                       const char *by);
	int (*drill_list)(dt_store *st, int64_t pilot_id, dt_drill **v,
	                  size_t *n);

	/* decisions: tail and insert run inside one transaction of store.c
	 * (dt_store_decision_append), which computes every field */
	int (*decision_tail)(dt_store *st, int64_t pilot_id,
	                     dt_decision_tail *t);
	int (*decision_insert)(dt_store *st, const dt_decision *d);
	int (*decision_list)(dt_store *st, int64_t pilot_id, dt_decision **v,
	                     size_t *n);

	/* ledger and scenario */
	int (*ledger_set)(dt_store *st, const char *pilot, const char *side,
	                  const char *key, double value, const char *basis,
	                  const char *note, const char *set_by);
	int (*ledger_list)(dt_store *st, const char *pilot, dt_ledger_entry **e,
	                   size_t *n);
	int (*ledger_attach)(dt_store *st, const char *pilot, int64_t run_id);
	int (*ledger_run_list)(dt_store *st, const char *pilot, int64_t **ids,
	                       size_t *n);
	int (*ledger_exists)(dt_store *st, const char *pilot);
	int (*scenario_put)(dt_store *st, const char *pilot,
	                    const dt_scenario_rec *rec);
	int (*scenario_get)(dt_store *st, const char *pilot,
	                    dt_scenario_rec *out);

	/* integrity chain (core/chain.h): the backend keeps the chain table,
	 * guards and chains each of its writes (store.h "integrity chain") */
	int (*chain_verify)(dt_store *st, int with_series, dt_chain_status *g);
	/* the newest record of (kind, ref): id, text (malloc'd; NULL, id 0:
	 * none) */
	int (*chain_latest)(dt_store *st, const char *kind, const char *ref,
	                    int64_t *id, char **canon);
	void (*chain_acknowledge)(dt_store *st, const char *by);
	/* which 0: a write was refused on a broken chain; 1: a break record
	 * was appended */
	int (*chain_state)(const dt_store *st, int which);
	const char *(*notice)(const dt_store *st);

	/* teams: NULL when the backend has none (SQLite) */
	int (*team_set)(dt_store *st, const char *team);

	/* whole tables as typed rows, for store copy (model/store/tables.h) */
	int (*rows_read)(dt_store *st, const dt_store_table *t,
	                 dt_store_row_fn fn, void *ctx);
	int (*row_write)(dt_store *st, const dt_store_table *t,
	                 const dt_store_value *v);
	int (*rows_written)(dt_store *st);
};

/* A backend as the backend table of store.c lists it. */
typedef struct dt_store_backend {
	const char *name;
	/* 1 when `where` (what the user gave as --db) names a store of this
	 * backend, else 0. Asked in table order; the first that claims wins. */
	int (*claims)(const char *where);
	/* Open the store `where` with DT_STORE_* flags. Returns the handle, or
	 * NULL with the reason in *err. */
	dt_store *(*open)(const char *where, unsigned flags, dt_err *err);
	/* The library behind it and its version ("SQLite 3.40.1"). */
	const char *(*version)(void);
} dt_store_backend;

/* The backends (each defined in its folder). */
extern const dt_store_backend dt_store_backend_sqlite;
#ifdef DT_HAVE_POSTGRESQL
extern const dt_store_backend dt_store_backend_postgresql;
#endif

#endif
