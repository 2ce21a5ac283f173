/* import_stats.h: the cached stats of a new run (dt_run_stats_from_logs)
 * computed on a thread of their own while the import writes the parsed
 * logs to the store.
 *
 * An import into a run that held no file computes each metric's stats
 * from the parsed logs (one pass over every value) instead of reading
 * the series back; that pass needs nothing the store writes, so it runs
 * beside the store's writes (import.c store_all) on the core that is
 * otherwise idle once the parse is done. The logs must stay unchanged
 * and allocated until dt_import_stats_join returns. */
#ifndef DT_IMPORT_STATS_H
#define DT_IMPORT_STATS_H

#include <stddef.h>

#include "model/core/rawlog.h"
#include "model/store/store.h"

typedef struct dt_import_stats dt_import_stats;

/* Start dt_run_stats_from_logs(run, logs, n) (run is copied; the array
 * `logs` is copied, the logs themselves are borrowed). When no thread
 * can be made the stats are computed here. Returns the job, or NULL when
 * memory runs out (nothing started). */
dt_import_stats *dt_import_stats_start(const dt_run *run,
                                       const dt_rawlog *const *logs,
                                       size_t n);

/* Wait for the stats and free job: one entry per metric in *stats
 * (caller frees the array), their count in *n. Returns 0, or -1 when
 * memory ran out (*stats NULL, *n 0). */
int dt_import_stats_join(dt_import_stats *job, dt_metric_stats **stats,
                         size_t *n);

#endif
