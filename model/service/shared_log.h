/* shared_log.h: two runs that hold the same log file, byte for byte (a
 * file of one has the SHA-256 of a file of the other): the baseline's log
 * imported again as the pilot is no evidence of parity. The comparison
 * judges a pair with it (compare_notes.c: insufficient) and import names
 * the other run that holds a file just imported. */
#ifndef DT_SERVICE_SHARED_LOG_H
#define DT_SERVICE_SHARED_LOG_H

#include <stdint.h>

#include "model/core/run.h"
#include "model/store/store.h"

/* Whether run `a` and run `b` (different ids) hold a file with the same
 * SHA-256: 1 with *fa and *fb (when not NULL) set to the first such pair
 * (a's file order), 0 when none (or a == b: one run is not two), -1 on a
 * store error. Files without a digest yet (an import under way) never
 * match. */
int dt_runs_shared_log(dt_store *st, int64_t a, int64_t b, dt_run_file *fa,
                       dt_run_file *fb);

/* The first other run of the store (runs in id order) holding a file of
 * run `run_id` whose file id is above `after_file` (0: any file of the
 * run; an import passes the run's last file id before it, so that only
 * the files it added are asked about), byte for byte as
 * dt_runs_shared_log compares them: 1 with *other and the two files set,
 * 0 when none, -1 on a store error. */
int dt_run_shared_log_any(dt_store *st, int64_t run_id, int64_t after_file,
                          dt_run *other, dt_run_file *mine,
                          dt_run_file *theirs);

/* The largest file id of run `run_id` (0 when it has none or does not
 * exist) into *last. 0, or -1 on a store error. */
int dt_run_last_file_id(dt_store *st, int64_t run_id, int64_t *last);

#endif
