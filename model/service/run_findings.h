/* dt_run_findings.h: the findings and the noise ratio of a comparison of
 * two stored runs, loading the extra curves they need (lr, eval_loss,
 * further GPU baselines). Shared by `dualtrack compare` and the TUI's
 * comparison screen so both show the same numbers. */
#ifndef DT_RUN_FINDINGS_H
#define DT_RUN_FINDINGS_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/findings.h"
#include "model/core/noise.h"
#include "model/core/parity.h"
#include "model/store/store.h"

/* Findings of baseline run rb (curve sb) vs pilot run rp (curve sp) of
 * `metric`, both as loaded (before interpolation or windows): the data
 * findings of each curve (dt_findings_data), and for metric "loss" the
 * logging-scale check with the runs' lr and eval_loss curves when logged
 * (dt_findings_scale), the step-offset check and each run's restart
 * findings (restart_findings.h). Appends to *out (zeroed or holding earlier
 * findings). Returns 0, or -1 with the message in err (store error, or
 * "out of memory"). */
int dt_run_findings(dt_store *st, const dt_run *rb, const dt_run *rp,
                    const char *metric, const dt_series *sb,
                    const dt_series *sp, dt_findings *out, char *err,
                    size_t errlen);

/* What dt_run_findings adds after the rules on the two curves (the lean
 * comparison's one pass, model/core/stream_pass.h, computes those): for
 * metric "loss", the lr and eval_loss agreement of a logging-scale
 * finding in *out (loading those curves) and each run's restart
 * findings. Returns 0, or -1 with the message in err. */
int dt_run_findings_rest(dt_store *st, const dt_run *rb, const dt_run *rp,
                         const char *metric, dt_findings *out, char *err,
                         size_t errlen);

/* Noise ratio of the pilot curve sp against the baseline curve sb plus
 * the curves of `metric` of the extra GPU runs extra[0..nextra) (nextra
 * >= 1), each reduced to window means of `window` effective steps when
 * window > 0 (as sb and sp already are); steps <= warmup skipped
 * (dt_noise_compute). Returns 0 (free *out with dt_noise_free), or -1
 * with the message in err. */
int dt_run_noise(dt_store *st, const dt_run *extra, size_t nextra,
                 const char *metric, int64_t window, const dt_series *sb,
                 const dt_series *sp, int64_t warmup, dt_noise *out,
                 char *err, size_t errlen);


#endif
