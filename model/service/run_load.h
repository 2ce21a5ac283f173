/* dt_runs.h: run-level operations built on the store: load a resolved
 * curve, refresh a run's cached summary after an import. */
#ifndef DT_RUNS_H
#define DT_RUNS_H

#include <stddef.h>

#include "model/core/decimate.h"
#include "model/core/series.h"
#include "model/store/store.h"

/* Load `metric` of `run` resolved into effective steps (dt_resolve with
 * the run's grad_accum). A run without the metric gives an empty series
 * (n = 0) and returns 0. Returns -1 on a store error (message in err). */
int dt_run_series(dt_store *st, const dt_run *run, const char *metric,
                  dt_series *out, char *err, size_t errlen);

/* dt_run_series and the min/max pyramid over the curve's values
 * (*lod, borrowing out->value; free with dt_pyramid_free before the
 * series): when the curve is the run's one stored series as logged (the
 * common case: one file, no marks, steps only going up, G = 1) its levels
 * are read from the store (dt_store_lod_load) instead of being built by
 * a pass over every value; otherwise, or for a series stored without
 * them, they are built. Returns 0 or -1 (message in err; both outputs
 * then empty). */
int dt_run_series_lod(dt_store *st, const dt_run *run, const char *metric,
                      dt_series *out, dt_pyramid *lod, char *err,
                      size_t errlen);

/* Load `metric` of `run` as one curve per segment, without superseding
 * (dt_resolve_segments with the run's grad_accum): the values logged
 * before a restart stay visible. *segs (nseg curves) is freed with
 * dt_series_free on each and free() on the array. A run without the metric
 * gives nseg 0. Returns 0, or -1 (message in err). */
int dt_run_segments(dt_store *st, const dt_run *run, const char *metric,
                    dt_series **segs, size_t *nseg, char *err, size_t errlen);

/* Recompute and store the cached stats of every metric of `run`, and its
 * segments / replayed_steps summary (inside the caller's transaction).
 * Returns 0 or -1 (message in err). */
int dt_run_refresh(dt_store *st, dt_run *run, char *err, size_t errlen);

/* dt_run_refresh, and the loss metric's stats as computed (with their
 * read / averaged / superseded counts) in *loss (all 0 when the run has
 * no loss; loss may be NULL). */
int dt_run_refresh_loss(dt_store *st, dt_run *run, dt_metric_stats *loss,
                        char *err, size_t errlen);

/* Stats of one metric from raw chunks (file order), as dt_run_refresh
 * stores them. A single monotone chunk without marks and G = 1 (the
 * common case) is counted in place without allocating. Returns 0 or -1
 * (errno ENOMEM). */
int dt_metric_stats_of(const char *metric, const dt_rawchunk *chunks,
                       size_t nchunks, int64_t grad_accum,
                       dt_metric_stats *out);

/* Like dt_run_refresh, for a run whose only files are the raw logs given
 * (all of this import): computes the stats from memory instead of reading
 * the series back from the store. `stats` receives one entry per metric
 * (caller frees); they are written with dt_run_store_stats. */
int dt_run_stats_from_logs(const dt_run *run, const dt_rawlog *const *logs,
                           size_t nlogs, dt_metric_stats **stats, size_t *n);

/* What dt_run_stats_grow keeps of one metric between the updates of a
 * followed log (owned by the caller; zero-initialised at first). */
typedef struct dt_stats_grow {
	dt_metric_stats m;   /* m.metric names the metric */
	size_t n;            /* raw points m was computed from */
	int simple;          /* those points were a simple curve: no launch
	                      * marks, steps strictly increasing, G = 1 (the
	                      * resolved curve is the raw one: the stats extend
	                      * point by point) */
} dt_stats_grow;

/* dt_run_stats_from_logs for the one log of a run whose file grows at
 * its end (import --follow), costing what was appended: a metric whose
 * points so far made a simple curve (dt_stats_grow) has its stats
 * extended by its new points only; any other is resolved whole, as
 * dt_run_stats_from_logs does (a log with a restart inside it). *cache
 * (ncache entries, realloc'd here; free() it) is what the previous call
 * left; a series shorter than its entry (a log read again) is counted
 * anew. Same output and ownership as dt_run_stats_from_logs. Returns 0,
 * or -1 (ENOMEM). */
int dt_run_stats_grow(const dt_run *run, const dt_rawlog *log,
                      dt_stats_grow **cache, size_t *ncache,
                      dt_metric_stats **stats, size_t *n);

/* Store precomputed stats and the run summary derived from them
 * (segments = the loss metric's, else the most of any metric, 0 for a
 * run without a point; replayed = the loss metric's). */
int dt_run_store_stats(dt_store *st, dt_run *run, const dt_metric_stats *ms,
                       size_t n, char *err, size_t errlen);

/* The run's importer warnings that still hold (core/warnings.h): the
 * stored warnings less those a grown log superseded, in insertion order.
 * What `runs` counts, the TUI lists and a pack reports. Same ownership as
 * dt_store_warning_list (dt_strv_free). Returns 0, or -1 (store error,
 * *w NULL and *n 0). */
int dt_run_warnings_current(dt_store *st, int64_t run_id, char ***w,
                            size_t *n);

#endif
