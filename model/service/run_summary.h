/* run_summary.h: what a run list says of one run, read and judged once
 * for both front-ends: `dualtrack runs` (cli/cmd_runs.c) and the TUI's
 * run list (tui/screen_runs.c). */
#ifndef DT_RUN_SUMMARY_H
#define DT_RUN_SUMMARY_H

#include <stddef.h>

#include "model/core/run.h"
#include "model/store/store.h"

typedef struct dt_run_summary {
	int stats_read;        /* 1: the run's metric stats were read */
	int has_loss;          /* 1: among them a loss (DT_METRIC_LOSS) */
	dt_metric_stats loss;  /* the loss's stats when has_loss, else 0s */
	int warnings_read;     /* 1: the run's warnings were read */
	size_t nwarnings;      /* the warnings that still hold, notes not
	                        * counted (dt_run_warnings_current); 0 when
	                        * not read */
} dt_run_summary;

/* Read the summary of run r from st into *out (a value; nothing to
 * free): its loss's stats (dt_store_stats_list) and its count of current
 * warnings. The warnings are read even when the stats could not be, so a
 * list shows what it could read. Returns 0, or -1 when either read
 * failed (stats_read / warnings_read say which; dt_store_error(st) holds
 * the last failure's message). */
int dt_run_summary_load(dt_store *st, const dt_run *r, dt_run_summary *out);

/* The loss point count as the TUI's run list shows it, into buf (size
 * n): "?" when the stats could not be read, "-" for a run without a loss
 * point, else the count. Returns buf. Never fails (cut to n). */
const char *dt_run_summary_points(const dt_run_summary *s, char *buf,
                                  size_t n);

#endif
