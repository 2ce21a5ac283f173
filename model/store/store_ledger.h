/* dt_store_ledger.h: the store's ledger and scenario records (SQLite
 * backend: model/store/sqlite/ledger.c; schema: model/store/sqlite/schema_ledger.c).
 * Conventions as dt_store.h: 0 on success, -1 with dt_store_error(). */
#ifndef DT_STORE_LEDGER_H
#define DT_STORE_LEDGER_H

#include <stddef.h>
#include <stdint.h>

#include "model/store/store.h"

/* The current value of one ledger key of one side of a pilot. */
typedef struct dt_ledger_entry {
	char side[8];         /* "gpu" or "trn2" */
	char key[32];         /* category or item key (dt_ledger.h) */
	double value;         /* seconds (categories) or the item's unit */
	char basis[16];       /* "official", "measured", "assumption" */
	char note[160];
	char set_by[64];
	char set_at[32];      /* ISO 8601 UTC */
} dt_ledger_entry;

/* Record a ledger value (a new row; earlier values stay as history).
 * side "gpu"/"trn2", basis "official"/"measured"/"assumption". */
int dt_store_ledger_set(dt_store *st, const char *pilot, const char *side,
                        const char *key, double value, const char *basis,
                        const char *note, const char *set_by);

/* Current value of every (side, key) of a pilot, sorted by side, key;
 * *e owned by the caller (free()). */
int dt_store_ledger_entries(dt_store *st, const char *pilot,
                            dt_ledger_entry **e, size_t *n);

/* Attach a run to a pilot's ledger (attaching twice is not an error). */
int dt_store_ledger_attach(dt_store *st, const char *pilot, int64_t run_id);

/* Ids of the runs of a pilot's ledger: attached with
 * dt_store_ledger_attach, or to the acceptance workflow's pilot of that
 * name (pilot_run); ascending; *ids owned (free()). */
int dt_store_ledger_runs(dt_store *st, const char *pilot, int64_t **ids,
                         size_t *n);

/* 1 when the pilot name has ledger entries, ledger runs or a scenario,
 * 0 when none, -1 on error. */
int dt_store_ledger_known(dt_store *st, const char *pilot);

/* A scenario-guide record: answers as "key=yes|no|unknown" joined by
 * ','; recommendation name (dt_scenario.h). */
typedef struct dt_scenario_rec {
	char answers[400];
	char training[16];
	char recommendation[24];
	char reason[200];
	char set_by[64];
	char set_at[32];
} dt_scenario_rec;

/* Store a questionnaire and its recommendation for a pilot (appended). */
int dt_store_scenario_put(dt_store *st, const char *pilot,
                          const dt_scenario_rec *rec);

/* Decide the answers (dt_scenario_decide, result in *res) and store them
 * with the recommendation as a new scenario record of `pilot`, set by
 * `by` (NULL = ""). (model/service/scenario_save.c) */
struct dt_scenario_answers;
struct dt_scenario_result;
int dt_scenario_save(dt_store *st, const char *pilot,
                     const struct dt_scenario_answers *a, const char *by,
                     struct dt_scenario_result *res);

/* Latest scenario record of a pilot: 0 found, 1 none, -1 error. */
int dt_store_scenario_get(dt_store *st, const char *pilot,
                          dt_scenario_rec *out);

#endif
