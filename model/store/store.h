/* store.h: the store, behind one interface. Every store operation of
 * dualtrack is declared here and named dt_store_<noun>_<verb>; nothing else
 * in the tree declares one.
 *
 * Backends: each function below dispatches through the handle's
 * struct dt_store_ops (model/store/ops.h, the contract a backend
 * implements). dt_store_open picks the backend from what it is given:
 * a path is a SQLite store (model/store/sqlite/), the one backend today;
 * a PostgreSQL connection string ("postgresql://...", "postgres://..." or
 * libpq keywords "host=... dbname=...") selects the PostgreSQL backend
 * once model/store/postgresql/ exists. The rules that do not depend on
 * the backend (name rule, task-card and checklist validation, the
 * decision hash chain) are applied here, in model/store/store.c, before a
 * backend sees the record.
 * The record types live in model/core (run.h, pilot.h, checklist.h,
 * drill.h, decision.h, taskcard.h, ledger.h, scenario.h); this header only
 * adds the operations on them.
 *
 * Conventions (every function below; the tree-wide rule is
 * model/util/err.h):
 *  - returns 0 on success and -1 on failure, with a message in
 *    dt_store_error(st); where noted, 1 means "not found" / "already
 *    there" and is not an error;
 *  - on -1, every array returned through a pointer is NULL with count 0
 *    and every struct filled is left empty: nothing to free;
 *  - strings in records are NUL-terminated copies, not sanitised
 *    (sanitise at display time, model/util/text.h);
 *  - arrays returned through pointers are owned by the caller and freed
 *    with free() unless another *_free function is named. */
#ifndef DT_STORE_H
#define DT_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/chain.h"
#include "model/core/checklist.h"
#include "model/core/decision.h"
#include "model/core/drill.h"
#include "model/core/ledger.h"
#include "model/core/pilot.h"
#include "model/core/rawlog.h"
#include "model/core/run.h"
#include "model/core/scenario.h"
#include "model/core/series.h"
#include "model/core/taskcard.h"
#include "model/store/tables.h"
#include "model/util/strv.h"

typedef struct dt_store dt_store;

/* ---- the handle ---------------------------------------------------- */

/* Flags of dt_store_open_flags. */
enum {
	/* Read only, for commands that only read: a missing store is an
	 * error (nothing is created) and every write fails. SQLite: the file
	 * is opened read-only and never changed, so a checksum or signature
	 * over it still holds after `verify` or `compare`: no migration (a
	 * store of an older schema is refused, naming `dualtrack store
	 * init`), no journal mode set, no checkpoint at close (SQLite may
	 * make the -wal and -shm files beside a WAL store to read it).
	 * PostgreSQL: an older schema is migrated first (this dualtrack's
	 * queries need its columns; there is no file to sign), then every
	 * transaction is read-only. */
	DT_STORE_READ = 1u << 0,
	/* The first transaction writes much (an import). SQLite: when no
	 * other connection has the file open, the store is written through
	 * a rollback journal until that transaction commits (appended pages,
	 * the series, are written once and synced; WAL writes them to the
	 * log and again at the checkpoint), then it is WAL again. Another
	 * connection opening meanwhile works as usual (it may turn the store
	 * back to WAL first, which only costs the single write). PostgreSQL
	 * ignores it. */
	DT_STORE_BULK = 1u << 1,
	/* Bring the store's file layout up to date too (`store init`).
	 * SQLite: a store made before its file had pointer-map pages
	 * (PRAGMA auto_vacuum 0) is rewritten once with them (VACUUM:
	 * minutes for tens of GB; it needs about twice the store's size
	 * free, in TMPDIR and beside the store), after which a chart reads a
	 * series' values in place (dualtrack(5)); all or nothing: on failure
	 * the open fails and the file is unchanged. dt_store_notice says
	 * when it was done. Ignored with DT_STORE_READ, on a read-only
	 * store and by PostgreSQL. */
	DT_STORE_REPACK = 1u << 2,
	/* Open only a store that exists (the full-screen view given --db): a
	 * missing SQLite file is DT_STORE_READ's "no store at PATH; import
	 * a log into it first, or give --db an existing store", then "(an empty one: dualtrack --db
	 * PATH store init)", and nothing is created; a store that
	 * exists is opened as with 0 (read and write, migrated). PostgreSQL
	 * ignores it (the database exists or the connection fails). */
	DT_STORE_EXISTING = 1u << 3,
};

/* Open the store `where`: a file path (SQLite) or a PostgreSQL connection
 * string (see the file comment), with DT_STORE_* flags (0: read and
 * write, creating the store and its parent directories and migrating the
 * schema as needed). SQLite: WAL and a 5 s busy timeout; a file that is
 * not a dualtrack store is refused and left untouched. Returns a store
 * (close with dt_store_close), or NULL with a message naming `where` in
 * err (size errlen). */
dt_store *dt_store_open_flags(const char *where, unsigned flags, char *err,
                              size_t errlen);

/* dt_store_open_flags(where, 0, err, errlen). */
dt_store *dt_store_open(const char *where, char *err, size_t errlen);

/* 1 when `where` is a PostgreSQL connection string: a URI starting
 * "postgresql://" or "postgres://", or libpq "keyword=value" pairs
 * ("host=db1 dbname=dualtrack"); else 0 (a path). */
int dt_store_where_is_postgresql(const char *where);

/* Name of the store's backend ("sqlite"). */
const char *dt_store_backend_name(const dt_store *st);

/* Close the store; NULL is accepted. */
void dt_store_close(dt_store *st);

/* Name and version of the library of every built-in backend, at run
 * time ("SQLite 3.40.1"; ", "-joined when there are several), for
 * --version. A static string. */
const char *dt_store_backend_version(void);

/* Last error message of this store (never NULL). */
const char *dt_store_error(const dt_store *st);

/* Set the store's error message (printf format), for callers above the
 * store that report through the same handle (model/service). Returns -1. */
int dt_store_fail(dt_store *st, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Transactions: one per import; begin takes the write lock at once
 * (BEGIN IMMEDIATE). rollback never fails visibly. */
int dt_store_begin(dt_store *st);
int dt_store_commit(dt_store *st);
void dt_store_rollback(dt_store *st);

/* A counter that changes whenever another connection commits (SQLite:
 * PRAGMA data_version); lets a screen refresh when someone else writes. */
int dt_store_data_version_get(dt_store *st, int64_t *version);

/* ---- runs, files, series ------------------------------------------- */

/* Find a run by name. Returns 0 (found, *out filled), 1 (absent), -1. */
int dt_store_run_find(dt_store *st, const char *name, dt_run *out);

/* Create a run from name/platform/grad_accum/global_batch/logging_steps of
 * `run`; sets run->id. Returns 0 or -1 (e.g. the name exists). */
int dt_store_run_create(dt_store *st, dt_run *run);

/* Update the settings, format and summary columns of an existing run. */
int dt_store_run_update(dt_store *st, const dt_run *run);

/* All runs ordered by creation; *runs owned by the caller (free()). */
int dt_store_run_list(dt_store *st, dt_run **runs, size_t *n);

/* Add a file to a run. Returns 0 (new, *file_id set), 1 (the run already
 * holds a file with this SHA-256; nothing written), or -1.
 * sha256_hex NULL: the digest is still being computed (importers/
 * import_digest.h): the row holds an empty one and is not chained until
 * dt_store_file_set_content gives it, which the caller must do in the
 * same transaction; a run holds one such row at a time (a second is -1),
 * and the caller checks that no other file of the run has the digest. */
int dt_store_file_add(dt_store *st, int64_t run_id, const char *path,
                      const char *sha256_hex, int64_t bytes,
                      const char *format, int64_t *file_id);

/* Files of a run in import order; *files owned by the caller (free()). */
int dt_store_file_list(dt_store *st, int64_t run_id, dt_run_file **files,
                       size_t *n);

/* A followed file grew: its stored content is now the first `bytes`
 * bytes of the log, with this SHA-256 (64 lowercase hex digits), so a
 * later follow or import recognises what is already stored; or a file
 * added without its digest gets it. Either way the file's row gets a
 * chain record. Returns 0 or -1. */
int dt_store_file_set_content(dt_store *st, int64_t file_id,
                              const char *sha256_hex, int64_t bytes);

/* Store one raw series of a file as packed little-endian BLOBs (int64
 * steps, IEEE-754 doubles, uint32 marks). Returns 0 or -1. */
int dt_store_raw_put(dt_store *st, int64_t file_id, const dt_rawseries *s);

/* What storing a series computes from it before any write: its packed
 * level of detail (model/core/lod.h dt_lod_pack: 1.25 bytes a point,
 * owned) and the stride its steps are stored as (pack.h
 * dt_store_steps_stride). Pure, so an importer can prepare the next
 * series on another thread while the store writes this one. */
typedef struct dt_series_prep {
	unsigned char *lod; /* owned */
	size_t lodlen;
	int64_t stride;
} dt_series_prep;

/* Prepare s for dt_store_raw_put_prep. same_steps: a prep of a series
 * holding the very same steps (dt_rawlog_step_twin), whose stride is
 * taken instead of scanning the steps again; NULL to scan. Returns 0, or
 * -1 when memory runs out (errno ENOMEM; *out empty). Thread-safe. */
int dt_series_prep_make(const dt_rawseries *s, const dt_series_prep *same_steps,
                        dt_series_prep *out);

/* Free what a prep owns (it stays valid and empty). */
void dt_series_prep_free(dt_series_prep *p);

/* dt_store_raw_put with the prep of s made by dt_series_prep_make
 * (borrowed). Returns 0 or -1. */
int dt_store_raw_put_prep(dt_store *st, int64_t file_id,
                          const dt_rawseries *s, const dt_series_prep *p);

/* A followed file's series grew: store its points [from, s->n) and its
 * marks [from_mark, s->nmarks) (point indexes into the whole series, all
 * >= from) as the next part of the file's series, so an update writes
 * (and chains) only what was appended. from == 0 stores the whole series
 * as dt_store_raw_put does. dt_store_raw_load joins the parts. Returns 0
 * or -1. */
int dt_store_raw_append(dt_store *st, int64_t file_id, const dt_rawseries *s,
                        size_t from, size_t from_mark);

/* Load the raw chunks of `metric` for a run, one per file in import
 * order (files without the metric are skipped; the parts of a followed
 * file's series joined into one chunk). The chunk arrays point
 * into *blob_owner, freed with dt_store_raw_free. Returns 0 or -1. */
int dt_store_raw_load(dt_store *st, int64_t run_id, const char *metric,
                      dt_rawchunk **chunks, size_t *nchunks,
                      void **blob_owner);

/* One stored row of a series as dt_store_raw_load read it: where its
 * points and marks lie in the chunk that holds it (the parts of a
 * followed file's series are joined into one chunk), so a reader can
 * hash the row's bytes as stored (model/service/series_seal.h): its
 * steps are chunk.step[first, first + n), stored as step[first] alone
 * when stride > 0; its values chunk.value[first, first + n); its marks
 * chunk.marks[first_mark, first_mark + nmarks) (none: a NULL column). */
typedef struct dt_raw_part {
	int64_t file_id, part;
	size_t chunk, first, n, first_mark, nmarks;
	int64_t stride;
} dt_raw_part;

/* The rows behind the chunks dt_store_raw_load returned with
 * blob_owner, in chunk order (*v borrowed from blob_owner). */
void dt_store_raw_parts(dt_store *st, void *blob_owner,
                        const dt_raw_part **v, size_t *n);

/* Free what dt_store_raw_load returned (NULL chunks/owner accepted). */
void dt_store_raw_free(dt_store *st, dt_rawchunk *chunks, void *blob_owner);

/* The stored level of detail (model/core/lod.h: the packed levels of
 * the min/max pyramid of its values) of `metric` of run `run_id`, read
 * in one piece from the levels' own row (table series_lod, SQLite
 * user_version 13 / PostgreSQL schema 7), so no page of the values is
 * read (SQLite incremental BLOB I/O; PostgreSQL one binary bytea), when
 * the run holds exactly one raw series of it: *lod (malloc'd, the caller
 * frees) of *len bytes and *n the series' point count. Returns 0; 1 when
 * the run holds no or several series of the metric or the series was
 * stored without levels (before SQLite user_version 12 / PostgreSQL
 * schema 6): the caller builds the levels from the values; -1 on a store
 * error. Nothing is set unless 0. */
int dt_store_lod_load(dt_store *st, int64_t run_id, const char *metric,
                      void **lod, size_t *len, size_t *n);

/* As dt_store_lod_load, also giving the series row the levels belong to
 * (row[0] its file_id, row[1] its part), whose chain record seals them
 * (dt_store_lod_record; model/service/series_seal.h checks them). */
int dt_store_lod_load_row(dt_store *st, int64_t run_id, const char *metric,
                          void **lod, size_t *len, size_t *n, int64_t row[2]);

/* The shape of a run's metric when the run holds it as one stored
 * series (one file; the parts of a followed file's series count as one),
 * read without reading its steps or values. */
typedef struct dt_series_shape {
	int64_t file_id;       /* the file holding the series */
	size_t n;              /* points, every part */
	int64_t first_step;    /* step of point 0 (0 when n is 0) */
	int64_t stride;        /* > 0: point i is at step first_step + i *
	                        * stride (every part evenly stepped and
	                        * continuing the one before); 0: not so, the
	                        * steps must be read */
	size_t nmarks;         /* launch marks, every part */
	size_t parts;          /* stored rows (1 unless followed) */
	int sort_within_segment;
} dt_series_shape;

/* Fill *out with the shape of `metric` of run `run_id` (see
 * dt_series_shape), reading each part's point count, stride, marks
 * length and first step only (SQLite: incremental BLOB I/O of the first
 * 8 bytes of steps; PostgreSQL: a binary substring). Returns 0; 1 when
 * the run holds no series of the metric or holds it in several files
 * (the caller resolves the chunks, dt_store_raw_load); -1 on a store
 * error or a damaged row. *out is zeroed unless 0. */
int dt_store_shape_load(dt_store *st, int64_t run_id, const char *metric,
                        dt_series_shape *out);

/* Read the values [first, first + count) of the series of `metric` of
 * file `file_id` (dt_series_shape.file_id; points counted across the
 * parts of a followed file's series, in part order) into out[0..count)
 * (the caller's buffer, count doubles), without reading the rest:
 * SQLite incremental BLOB I/O on each overlapping part's vals,
 * PostgreSQL a binary substring(vals from ... for ...) with bound
 * parameters. The SQLite store keeps the BLOBs of the last few series
 * read open (a read finds its bytes without walking the BLOB's pages
 * from the start), which holds a read snapshot until the next
 * dt_store_begin, dt_store_data_version_get or dt_store_close.
 * count 0 reads nothing. Returns 0, or -1 when the range
 * passes the series' end, the series is absent or a row is damaged (out
 * then undefined). */
int dt_store_values_read(dt_store *st, int64_t file_id, const char *metric,
                         size_t first, size_t count, double *out);

/* Take over one array of the loaded chunks (a chunk's step, value or
 * marks pointer) instead of copying it: on 0 the caller owns it (free())
 * and dt_store_raw_free leaves it alone; the chunk still points at it.
 * Returns 1 when `array` is not one of blob_owner's (nothing changed).
 * Every array of a chunk is a separate malloc'd buffer (steps stored as
 * first step + stride come expanded). */
int dt_store_raw_detach(dt_store *st, void *blob_owner, const void *array);

/* Metric names held by a run (sorted); *names owned (dt_strv_free). */
int dt_store_metric_list(dt_store *st, int64_t run_id, char ***names,
                         size_t *n);

/* Replace a run's cached stats for one metric. */
int dt_store_stats_put(dt_store *st, int64_t run_id,
                       const dt_metric_stats *ms);

/* Cached stats of all metrics of a run, sorted by metric name; *ms owned
 * (free()). */
int dt_store_stats_list(dt_store *st, int64_t run_id, dt_metric_stats **ms,
                        size_t *n);

/* Add a warning to a run (file_id 0 = run-level). */
int dt_store_warning_add(dt_store *st, int64_t run_id, int64_t file_id,
                         const char *text);

/* Warnings of a run (notes excluded) in insertion order; *w owned
 * (dt_strv_free). */
int dt_store_warning_list(dt_store *st, int64_t run_id, char ***w,
                          size_t *n);

/* Add a note (informational importer message, not a warning) to a run
 * (file_id 0 = run-level). */
int dt_store_note_add(dt_store *st, int64_t run_id, int64_t file_id,
                      const char *text);

/* Notes of a run in insertion order; *w owned (dt_strv_free). */
int dt_store_note_list(dt_store *st, int64_t run_id, char ***w, size_t *n);

/* Launch evidence of a stored file (rawlog.h), with the file it is in. */
typedef struct dt_launch_row {
	int64_t file_id;
	dt_launch_evidence ev;
} dt_launch_row;

/* Store the launch evidence ev[0..n) of file `file_id` (kinds by name,
 * ckpt_step NULL when not stated), after the file's evidence stored
 * before (a followed file adds what each update found). Returns 0 or
 * -1. */
int dt_store_launch_put(dt_store *st, int64_t file_id,
                        const dt_launch_evidence *ev, size_t n);

/* Launch evidence of every file of a run, by file then file order; *rows
 * owned (free()). Returns 0 or -1. */
int dt_store_launch_list(dt_store *st, int64_t run_id, dt_launch_row **rows,
                         size_t *n);

/* A run setting one launch of a stored file logged (rawlog.h), with the
 * file it is in. */
typedef struct dt_launch_setting_row {
	int64_t file_id;
	dt_launch_setting set;   /* points_seen is 0 when read back */
} dt_launch_setting_row;

/* Store the launch settings v[0..n) of file `file_id`, in log order,
 * after the file's settings stored before (a followed file adds what
 * each update found). Returns 0 or -1. */
int dt_store_launch_setting_put(dt_store *st, int64_t file_id,
                                const dt_launch_setting *v, size_t n);

/* Launch settings of every file of a run, by file then log order; *rows
 * owned (free()). Returns 0 or -1. */
int dt_store_launch_setting_list(dt_store *st, int64_t run_id,
                                 dt_launch_setting_row **rows, size_t *n);

/* Record a fact value (a new row: earlier values stay as history).
 * source is "import" or "user"; file_id 0 = not from a file. */
int dt_store_fact_set(dt_store *st, int64_t run_id, int64_t file_id,
                      const char *key, const char *value, const char *source,
                      const char *set_by);

/* Current value of every fact key of a run (latest row per key), sorted
 * by key; *facts owned by the caller (free()). */
int dt_store_fact_list(dt_store *st, int64_t run_id, dt_fact **facts,
                       size_t *n);

/* ---- pilots and task cards ------------------------------------------ */

/* Create a pilot named `name` (1..127 bytes, no control characters),
 * recorded as created by `by`. Fills *out. Returns 0, or -1 (e.g. the name
 * exists: message says so). */
int dt_store_pilot_create(dt_store *st, const char *name, const char *by,
                          dt_pilot *out);

/* Find a pilot by name. Returns 0 (found), 1 (absent) or -1. */
int dt_store_pilot_find(dt_store *st, const char *name, dt_pilot *out);

/* All pilots ordered by creation; *v owned by the caller (free()). */
int dt_store_pilot_list(dt_store *st, dt_pilot **v, size_t *n);

/* Attach run `run_id` to the pilot with `role`; attaching an attached run
 * again changes its role. */
int dt_store_pilot_attach(dt_store *st, int64_t pilot_id, int64_t run_id,
                          dt_run_role role, const char *by);

/* Runs of a pilot in attach order (baselines and pilots mixed; see
 * role); *v owned by the caller (free()). */
int dt_store_pilot_run_list(dt_store *st, int64_t pilot_id,
                            dt_pilot_run **v, size_t *n);

/* The current task card of a pilot (latest value per field; fields never
 * set are ""). */
int dt_store_taskcard_load(dt_store *st, int64_t pilot_id, dt_taskcard *tc);

/* Set one task-card field (validated with dt_taskcard_validate; "" clears
 * it). The earlier value stays as history. On -1 the validation message
 * is the store error. */
int dt_store_taskcard_set(dt_store *st, int64_t pilot_id, dt_tc_field f,
                          const char *value, const char *by);

/* ---- checklist -------------------------------------------------------- */

/* Load a pilot's entries and evidence into *cl (computed_* left unset;
 * dt_assessment_load fills them). Free with dt_checklist_free. */
int dt_store_checklist_load(dt_store *st, int64_t pilot_id,
                            dt_checklist *cl);

/* Record a person's status for an item (validated with dt_check_validate;
 * the message is the store error). History is kept. */
int dt_store_check_set(dt_store *st, int64_t pilot_id, dt_check_id id,
                       dt_check_status status, const char *note,
                       const char *reason, const char *by);

/* Every entry of an item, oldest first; *v owned (free()). */
int dt_store_check_history_list(dt_store *st, int64_t pilot_id,
                                dt_check_id id, dt_check_entry **v,
                                size_t *n);

/* Record one evidence link of an item: kind "run", "drill" or "file",
 * ref the run name, drill id or absolute file path, sha256_hex the file's
 * digest ("" for run and drill). The link is stored as given: parsing a
 * "kind:ref" spec, checking the run or drill and hashing the file is
 * dt_evidence_link's job (model/service/evidence_link.h). */
int dt_store_evidence_add(dt_store *st, int64_t pilot_id, dt_check_id id,
                          const char *kind, const char *ref,
                          const char *sha256_hex, const char *by);

/* ---- drills ------------------------------------------------------------- */

/* Add a drill of pilot d->pilot_id (runs named by d->run_before /
 * d->run_after must exist; "" = none) with its checks whose source is set;
 * sets d->id. Call inside a transaction. */
int dt_store_drill_add(dt_store *st, dt_drill *d, const char *by);

/* Record one verification item of a drill (history kept; the latest row
 * is current). source is "data" or "user". */
int dt_store_drill_check_set(dt_store *st, int64_t drill_id,
                             dt_drill_item item, dt_dc_status status,
                             const char *note, const char *source,
                             const char *by);

/* Drills of a pilot in creation order with their current checks; *v
 * owned by the caller (free()). */
int dt_store_drill_list(dt_store *st, int64_t pilot_id, dt_drill **v,
                        size_t *n);

/* ---- decisions ------------------------------------------------------------ */

/* Append a decision. Fills d->id, supersedes, decided_at (now),
 * kind_text, deciders_text, evidence_digest (of d->evidence_text, which
 * must be set), prev_hash and hash, inside one BEGIN IMMEDIATE transaction
 * (several people may write at once; the busy timeout makes the others
 * wait). Must not be called inside another transaction. */
int dt_store_decision_append(dt_store *st, dt_decision *d);

/* Decisions of one pilot (pilot_id > 0) or of the whole store (pilot_id
 * 0), oldest first, with evidence texts; free with dt_decisions_free. */
int dt_store_decision_list(dt_store *st, int64_t pilot_id, dt_decision **v,
                           size_t *n);

/* Recompute the whole chain (dt_decision_chain_check over every
 * decision). Returns 0 (report filled) or -1. */
int dt_store_decision_verify(dt_store *st, dt_chain_report *r);

/* ---- integrity chain (model/core/chain.h) ------------------------------ */

/* Check the chain of every record people wrote and every imported run
 * against the current rows (core/chain.h dt_chain_check); with_series: also
 * re-hash every stored series (verify's job; slow on big stores). Fills
 * *g (free g->defect_text with dt_chain_status_clear). Returns 0 or -1. */
int dt_store_chain_verify(dt_store *st, int with_series, dt_chain_status *g);

/* The newest chain record of a stored series row (file_id, metric,
 * part: the ref "FILE/METRIC", "FILE/METRIC/PART" for part > 0): its id
 * and record text (*canon malloc'd, NULL with *id 0 when the row has no
 * record). Returns 0 or -1. */
int dt_store_series_record(dt_store *st, int64_t file_id, const char *metric,
                           int64_t part, int64_t *id, char **canon);

/* As dt_store_series_record for the row's stored levels (table
 * series_lod, kind "series_lod": its record names the levels BLOB by
 * SHA-256). */
int dt_store_lod_record(dt_store *st, int64_t file_id, const char *metric,
                        int64_t part, int64_t *id, char **canon);

/* A reader of this connection found record `id` altered (a stored
 * series whose bytes, as read, differ from their chain record:
 * model/service/series_seal.h): from now on the chain check without the
 * series (dt_store_chain_verify with_series 0, and so the write guard)
 * reports it as a defect with `text`, as if it had re-hashed the row.
 * A record already noted is not noted again. */
void dt_store_chain_note(dt_store *st, int64_t id, const char *text);

/* How many records this connection's readers noted altered
 * (dt_store_chain_note): 0 when every stored row read so far matched its
 * chain record. */
size_t dt_store_chain_noted(const dt_store *st);

/* From now on, a write onto a broken chain appends a break record (old
 * head, first bad record, every defect, `by`, time) and goes on instead
 * of being refused. */
void dt_store_chain_acknowledge(dt_store *st, const char *by);

/* 1 when a write was refused because the chain is broken (the store
 * error names the first bad record); 1 when a break record was
 * appended. */
int dt_store_chain_refused(const dt_store *st);
int dt_store_chain_break_recorded(const dt_store *st);

/* What opening the store found and repaired or did ("" when nothing):
 * missing append-only triggers, which were restored; the rewrite of
 * DT_STORE_REPACK. */
const char *dt_store_notice(const dt_store *st);

/* How many append-only triggers the open found missing (or disabled) and
 * did not restore (a read-only open: verify, compare...; a writing open
 * restores them), and their names, ", "-separated (*names: "" when 0). */
size_t dt_store_triggers_missing(const dt_store *st, const char **names);

/* ---- ledger and scenario ------------------------------------------------ */

/* Record a ledger value (a new row; earlier values stay as history).
 * side "gpu"/"trn2", basis "official"/"measured"/"assumption". */
int dt_store_ledger_set(dt_store *st, const char *pilot, const char *side,
                        const char *key, double value, const char *basis,
                        const char *note, const char *set_by);

/* Current value of every (side, key) of a pilot, sorted by side, key;
 * *e owned by the caller (free()). */
int dt_store_ledger_list(dt_store *st, const char *pilot,
                         dt_ledger_entry **e, size_t *n);

/* Attach a run to a pilot's ledger (attaching twice is not an error). */
int dt_store_ledger_attach(dt_store *st, const char *pilot, int64_t run_id);

/* Ids of the runs of a pilot's ledger: attached with
 * dt_store_ledger_attach, or to the acceptance workflow's pilot of that
 * name (pilot_run); ascending; *ids owned (free()). */
int dt_store_ledger_run_list(dt_store *st, const char *pilot, int64_t **ids,
                             size_t *n);

/* 1 when the pilot name has ledger entries, ledger runs or a scenario,
 * 0 when none, -1 on error. */
int dt_store_ledger_exists(dt_store *st, const char *pilot);

/* Store a questionnaire and its recommendation for a pilot (appended). */
int dt_store_scenario_put(dt_store *st, const char *pilot,
                          const dt_scenario_rec *rec);

/* Latest scenario record of a pilot: 0 found, 1 none, -1 error. */
int dt_store_scenario_get(dt_store *st, const char *pilot,
                          dt_scenario_rec *out);

/* ---- teams (PostgreSQL) ---------------------------------------------- */

/* Work in team `team` from now on: what this connection writes belongs to
 * the team, and with row-level security only the team's pilots, runs,
 * decisions and ledgers are visible (README "A shared PostgreSQL store").
 * The connected role must be a member of the team's role dt_team_TEAM.
 * A role that belongs to exactly one team works in it without this call.
 * Fails on a store without teams (SQLite). */
int dt_store_team_set(dt_store *st, const char *team);

/* ---- whole tables, for copying a store (model/store/tables.h) --------- */

/* Call fn with every row of table t in copy order; fn returns 1 to stop
 * early (0 returned) or -1 (-1 returned). */
int dt_store_rows_read(dt_store *st, const dt_store_table *t,
                       dt_store_row_fn fn, void *ctx);

/* Insert one row of t as given (ids kept). Inside dt_store_begin. */
int dt_store_row_write(dt_store *st, const dt_store_table *t,
                       const dt_store_value *v);

/* After rows were written with their ids: later inserts take ids after
 * them. */
int dt_store_rows_written(dt_store *st);

#endif
