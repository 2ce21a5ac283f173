/* run_settings.h: a run's training settings as every output shows them
 * (report.md "Baseline and pilot side by side", evidence.json, runs
 * --json): a value the log does not state and nobody gave is unknown,
 * never a default. */
#ifndef DT_RUN_SETTINGS_H
#define DT_RUN_SETTINGS_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/run.h"

/* The gradient accumulation G the run states: the G given at import
 * (--grad-accum, the TUI import form's grad accum; run->grad_accum_given,
 * 1 too), or a G above 1 stored before the store kept whether one was
 * given (a G above 1 always was), else the G its log states (the run
 * fact hf.gradient_accumulation_steps or
 * mlperf.gradient_accumulation_steps, a whole number >= 1), else 0:
 * unknown, shown "unknown" (JSON null). run->grad_accum alone cannot
 * say: the store keeps 1 there for "not given" too, the default the step
 * arithmetic needs (dt_resolve maps micro-step m to ceil(m / G)), and a
 * G given for a log counting optimizer steps is ignored (1, not given).
 * A --grad-accum 1 imported before the store kept it reads unknown.
 * facts[0..nfacts) are the run's facts (dt_store_fact_list; NULL with 0:
 * none). */
int64_t dt_run_grad_accum_shown(const dt_run *run, const dt_fact *facts,
                                size_t nfacts);

#endif
