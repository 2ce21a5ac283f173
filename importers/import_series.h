/* import_series.h: every series of a parsed log written to the store,
 * the next one prepared while the store writes this one.
 *
 * Storing a series first computes its level of detail and its step
 * stride (store.h dt_series_prep_make: a pass over its values and one
 * over its steps), then writes it. Here the first series is prepared and
 * written on the caller's thread while a second thread prepares the
 * others in order, each taken as soon as it is ready: after the parse
 * the second core is otherwise mostly idle (import_digest.h), and the
 * writes no longer wait for those passes. Series sharing one step array
 * (rawlog.h dt_rawlog_step_twin) scan it once for the stride. */
#ifndef DT_IMPORT_SERIES_H
#define DT_IMPORT_SERIES_H

#include <stdint.h>

#include "model/core/rawlog.h"
#include "model/store/store.h"

/* Store every series of log holding a point as series of file file_id,
 * in log order (dt_store_raw_put_prep), inside the caller's transaction.
 * log must not change until this returns. Returns 0, or -1 with the
 * store's error (dt_store_error; out of memory included). */
int dt_import_put_series(dt_store *st, int64_t file_id, const dt_rawlog *log);

#endif
