/* dt_ledger_load.h: a pilot's ledger assembled from the store: entered
 * values, the runs' derived times and the computed report. This is what
 * `dualtrack ledger` and the ledger screen show. */
#ifndef DT_LEDGER_LOAD_H
#define DT_LEDGER_LOAD_H

#include <stddef.h>

#include "model/core/ledger.h"
#include "model/store/store.h"

/* One run of the ledger with what its logs gave. */
typedef struct dt_ledger_run_view {
	dt_run run;
	int side;                    /* DT_SIDE_*, -1 for platform "other" */
	char step_time_metric[DT_METRIC_MAX];   /* metric the step time came from, "" */
	dt_ledger_derived d;
} dt_ledger_run_view;

typedef struct dt_ledger_view {
	char pilot[DT_NAME_MAX];
	int per_run;                 /* 1: `pilot` named a run, no ledger */
	dt_ledger_side sides[DT_SIDES];
	dt_ledger_run_view *runs;    /* [nruns] owned */
	size_t nruns;
	dt_ledger_report report;
} dt_ledger_view;

/* Metrics tried for the step time, in order, with their conversion:
 * step_time and iteration_time (seconds), elapsed_time_per_iteration_(ms)
 * (Megatron, ms), throughput (samples/s: step time = global batch /
 * throughput, only when the run's global batch is known). Wall clock:
 * wall_time, timestamp, _timestamp (Unix seconds).
 *
 * Load the ledger of `pilot`: its entries, its runs (ledger_run and the
 * acceptance workflow's pilot_run), each run's derived times added to its
 * side; when the name has no ledger records but names a run, the ledger
 * of that run alone (per_run = 1). Returns 0, 1 when the name is neither
 * a ledger nor a run, -1 on a store error (message in err). */
int dt_ledger_load(dt_store *st, const char *pilot, dt_ledger_view *out,
                   char *err, size_t errlen);

void dt_ledger_view_free(dt_ledger_view *v);

#endif
