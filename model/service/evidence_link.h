/* evidence_link.h: link a piece of evidence to a checklist item from a
 * "kind:ref" spec as people type it (model/service/evidence_link.c). */
#ifndef DT_SERVICE_EVIDENCE_LINK_H
#define DT_SERVICE_EVIDENCE_LINK_H

#include <stdint.h>

#include "model/store/store.h"

/* Link evidence to item `id` of pilot `pilot_id`, recorded as added by
 * `by`. `spec` is "run:NAME" (the run must exist), "drill:ID" (a drill of
 * this pilot) or "file:PATH" (the file's SHA-256 is computed now and
 * recorded with its absolute path, so a later change of the file shows).
 * Returns 0, or -1 with the message in dt_store_error(st) (spec not of
 * these forms, reference too long, no such run or drill, file
 * unreadable); nothing is stored then. */
int dt_evidence_link(dt_store *st, int64_t pilot_id, dt_check_id id,
                     const char *spec, const char *by);

#endif
