/* drill_prefill.h: a drill's verification items pre-filled from the logs
 * of its runs (model/service/drill_prefill.c). */
#ifndef DT_SERVICE_DRILL_PREFILL_H
#define DT_SERVICE_DRILL_PREFILL_H

#include <stddef.h>

#include "model/core/drill.h"
#include "model/store/store.h"

/* Pre-fill a drill from its runs' logs: a restart inside run_before (the
 * segment starting at resumed_step when given, else the first restart),
 * or the last segment of run_before vs the first of run_after. Sets
 * d->resumed_step when it was 0 and fills *ev. Does not write the store.
 * Returns 0, 1 when the logs hold no restart to judge (message in err), or
 * -1 on a store error (message in err). */
int dt_drill_prefill(dt_store *st, dt_drill *d, double rtol,
                     dt_resume_evidence *ev, char *err, size_t errlen);

#endif
