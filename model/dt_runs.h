/* dt_runs.h: run-level operations built on the store: load a resolved
 * curve, refresh a run's cached summary after an import. */
#ifndef DT_RUNS_H
#define DT_RUNS_H

#include <stddef.h>

#include "model/dt_series.h"
#include "model/dt_store.h"

/* Load `metric` of `run` resolved into effective steps (dt_resolve with
 * the run's grad_accum). A run without the metric gives an empty series
 * (n = 0) and returns 0. Returns -1 on a store error (message in err). */
int dt_run_series(dt_store *st, const dt_run *run, const char *metric,
                  dt_series *out, char *err, size_t errlen);

/* Recompute and store the cached stats of every metric of `run`, and its
 * segments / replayed_steps summary (inside the caller's transaction).
 * Returns 0 or -1 (message in err). */
int dt_run_refresh(dt_store *st, dt_run *run, char *err, size_t errlen);

#endif
