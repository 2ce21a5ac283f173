/* restart_findings.h: findings about the restarts of a stored run: a
 * global batch or total steps that change between the launches on either
 * side of a restart (model/core/findings.h global_batch_change,
 * total_steps_change). `resume-check` and `compare` (and the screens
 * showing them) list them through this one call. */
#ifndef DT_RESTART_FINDINGS_H
#define DT_RESTART_FINDINGS_H

#include <stddef.h>

#include "model/core/findings.h"
#include "model/core/series.h"
#include "model/store/store.h"

/* Append the restart findings of `run` (role names it in each finding:
 * "run", "baseline", "pilot") to *out. loss[0..nseg) are the run's loss
 * segments (dt_run_segments; NULL: loaded here). Restart k (segment k+1)
 * is judged between the last value logged before the launch that starts
 * it (earlier launches of its file, else earlier files) and the first
 * value logged by that launch (the last of the launches it begins, or an
 * earlier one of them that logged it); a segment started only by a step
 * going back has no launch of its own and is skipped. The finding's step
 * is the segment's first logged effective step. Returns 0, or -1 with
 * the message in err (store error, out of memory). */
/* The value of setting `key` (DT_SETTING_*) on either side of the restart
 * that loss segment g starts, by the rule above: *before from the launches
 * before it, *after from the launches g begins; 0 where none was logged.
 * rows[0..n) are the run's settings (dt_store_launch_setting_list). */
void dt_restart_setting_around(const dt_launch_setting_row *rows, size_t n,
                               const dt_series *g, const char *key,
                               int64_t *before, int64_t *after);

int dt_run_restart_findings(dt_store *st, const dt_run *run, const char *role,
                            const dt_series *loss, size_t nseg,
                            dt_findings *out, char *err, size_t errlen);

#endif
