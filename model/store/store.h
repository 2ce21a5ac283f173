/* dt_store.h: the store behind one interface.
 *
 * Screens and commands talk to a dt_store through these functions only;
 * the SQLite backend (model/store/sqlite/sqlite.c) is the one implementation
 * today, and a second backend (e.g. PostgreSQL) would fill the same ops
 * table. Errors: functions return 0 on success and -1 on failure with a
 * message in dt_store_error(); "not found" is reported as 1 where noted.
 * Strings in structs are NUL-terminated copies (sanitised only at display
 * time); arrays returned through pointers are owned by the caller and freed
 * with the matching *_free function. */
#ifndef DT_STORE_H
#define DT_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/rawlog.h"
#include "model/core/series.h"

#define DT_NAME_MAX 128

typedef struct dt_run {
	int64_t id;
	char name[DT_NAME_MAX];
	char platform[16];        /* gpu | trn2 | trn1 | other */
	char format[64];          /* importer name(s), '+'-joined when mixed */
	int64_t grad_accum;       /* G >= 1 (1: the log counts optimizer steps) */
	int64_t global_batch;     /* samples per optimizer step, 0 = unknown */
	int64_t logging_steps;    /* optimizer steps between logs, 0 = unknown */
	int64_t files;            /* files imported into the run */
	int64_t segments;         /* 1 + restarts (max over metrics) */
	int64_t replayed_steps;   /* replayed steps of the loss metric */
	char step_source[160];    /* how steps were obtained (latest file) */
} dt_run;

typedef struct dt_metric_stats {
	char metric[64];
	int64_t points;       /* distinct effective steps holding a value */
	int64_t non_finite;   /* of which NaN / inf */
	int64_t first_step, last_step;
	int64_t segments;
	int64_t replayed;
} dt_metric_stats;

/* A file already held by a run. */
typedef struct dt_run_file {
	int64_t id;
	char path[1024];
	char sha256[65];      /* lowercase hex */
	int64_t bytes;
	char format[32];
	char imported_at[32]; /* ISO 8601 UTC */
} dt_run_file;

typedef struct dt_store dt_store;

/* Open (creating and migrating as needed) the SQLite store at `path`.
 * Creates missing parent directories. Uses WAL and a 5 s busy timeout.
 * Returns a store, or NULL with a message in err (size errlen). */
dt_store *dt_store_open(const char *path, char *err, size_t errlen);

/* Close the store; NULL is accepted. */
void dt_store_close(dt_store *st);

/* Last error message of this store (never NULL). */
const char *dt_store_error(const dt_store *st);

/* Transactions: one per import; begin takes the write lock at once
 * (BEGIN IMMEDIATE). rollback never fails visibly. */
int dt_store_begin(dt_store *st);
int dt_store_commit(dt_store *st);
void dt_store_rollback(dt_store *st);

/* Find a run by name. Returns 0 (found, *out filled), 1 (absent), -1. */
int dt_store_run_find(dt_store *st, const char *name, dt_run *out);

/* Create a run from name/platform/grad_accum/global_batch/logging_steps of
 * `run`; sets run->id. Returns 0 or -1 (e.g. the name exists). */
int dt_store_run_create(dt_store *st, dt_run *run);

/* Update the settings, format and summary columns of an existing run. */
int dt_store_run_update(dt_store *st, const dt_run *run);

/* List all runs ordered by creation. *runs is owned by the caller
 * (free()). Returns 0 or -1. */
int dt_store_runs(dt_store *st, dt_run **runs, size_t *n);

/* Files of a run in import order; *files owned by the caller (free()). */
int dt_store_run_files(dt_store *st, int64_t run_id, dt_run_file **files,
                       size_t *n);

/* Add a file to a run. Returns 0 (new, *file_id set), 1 (the run already
 * holds a file with this SHA-256; nothing written), or -1. */
int dt_store_file_add(dt_store *st, int64_t run_id, const char *path,
                      const char *sha256_hex, int64_t bytes,
                      const char *format, int64_t *file_id);

/* Store one raw series of a file as packed little-endian BLOBs (int64
 * steps, IEEE-754 doubles, uint32 marks). Returns 0 or -1. */
int dt_store_raw_put(dt_store *st, int64_t file_id, const dt_rawseries *s);

/* Load the raw chunks of `metric` for a run, one per file in import
 * order (files without the metric are skipped). The chunk arrays point
 * into *blob_owner, freed with dt_store_chunks_free. Returns 0 or -1. */
int dt_store_raw_load(dt_store *st, int64_t run_id, const char *metric,
                      dt_rawchunk **chunks, size_t *nchunks,
                      void **blob_owner);

/* Free what dt_store_raw_load returned. */
void dt_store_chunks_free(dt_rawchunk *chunks, void *blob_owner);

/* Metric names held by a run (sorted); *names owned (dt_strv_free). */
int dt_store_metric_names(dt_store *st, int64_t run_id, char ***names,
                          size_t *n);

/* Replace a run's cached stats for one metric. */
int dt_store_stats_put(dt_store *st, int64_t run_id,
                       const dt_metric_stats *ms);

/* Cached stats of all metrics of a run, sorted by metric name. */
int dt_store_stats(dt_store *st, int64_t run_id, dt_metric_stats **ms,
                   size_t *n);

/* Add a warning to a run (file_id 0 = run-level). */
int dt_store_warning_add(dt_store *st, int64_t run_id, int64_t file_id,
                         const char *text);

/* Warnings of a run (notes excluded) in insertion order; *w owned
 * (dt_strv_free). */
int dt_store_warnings(dt_store *st, int64_t run_id, char ***w, size_t *n);

/* Add a note (informational importer message, not a warning) to a run
 * (file_id 0 = run-level). Returns 0 or -1 (store error set). */
int dt_store_note_add(dt_store *st, int64_t run_id, int64_t file_id,
                      const char *text);

/* Notes of a run in insertion order; *w owned (dt_strv_free). */
int dt_store_notes(dt_store *st, int64_t run_id, char ***w, size_t *n);

/* A fact of a run's journal (current value of one key). */
typedef struct dt_fact {
	char key[64];
	char value[512];
	char source[8];       /* "import" or "user" */
	char set_by[64];      /* person, for source "user" */
	char set_at[32];      /* ISO 8601 UTC */
	int64_t file_id;      /* file it came from, 0 = none */
} dt_fact;

/* Record a fact value (a new row: earlier values stay as history).
 * source is "import" or "user"; file_id 0 = not from a file. */
int dt_store_fact_set(dt_store *st, int64_t run_id, int64_t file_id,
                      const char *key, const char *value, const char *source,
                      const char *set_by);

/* Current value of every fact key of a run (latest row per key), sorted
 * by key; *facts owned by the caller (free()). */
int dt_store_facts(dt_store *st, int64_t run_id, dt_fact **facts, size_t *n);

/* A counter that changes whenever another connection commits
 * (PRAGMA data_version); lets a screen refresh when someone else writes. */
int dt_store_data_version(dt_store *st, int64_t *version);

/* Free a string vector returned by the store. */
void dt_strv_free(char **v, size_t n);

#endif
