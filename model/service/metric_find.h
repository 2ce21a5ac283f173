/* metric_find.h: the stored metric a typed name means (--metric of
 * series and compare), by the normalisation every importer applies to a
 * name it reads (dt_metric_canonical: lower case, blanks as '_', the
 * canonical names), so `--metric MyMetric` finds the CSV column
 * `MyMetric` stored as `mymetric`, and `--metric train/loss` the loss. */
#ifndef DT_METRIC_FIND_H
#define DT_METRIC_FIND_H

#include <stddef.h>
#include <stdint.h>

#include "model/store/store.h"

/* The metric of run run_id that `typed` names, into out (size n): the
 * name as typed when the run holds it, else its dt_metric_canonical
 * form when the run holds that, else the one stored name equal to it
 * but for case (a TensorBoard tag kept as written). Returns 1 (found),
 * 0 (none: out is `typed`, for the caller's "has no metric" message) or
 * -1 on a store error (out is `typed`). */
int dt_run_metric_find(dt_store *st, int64_t run_id, const char *typed,
                       char *out, size_t n);

#endif
