/* check_record.h: a person's status for a checklist item, recorded with
 * the words every front-end says about it (model/service/check_record.c):
 * `dualtrack check` and the TUI checklist say the same. */
#ifndef DT_SERVICE_CHECK_RECORD_H
#define DT_SERVICE_CHECK_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "model/store/store.h"

/* Record `status` for item `id` of pilot `pilot_id` by `by`
 * (dt_store_check_set: note, reason and validation as there), and write
 * what was done to said (size n):
 *   "ID: STATUS recorded by BY"                 a status set;
 *   "ID: override cleared by BY; the status is computed from the data
 *    again"                                     pending on an overridden
 *                                               computed item
 *                                               (dt_check_clears_override);
 *   "ID: no override to clear (recorded by BY); the status is computed
 *    from the data"                             pending on a computed item
 *                                               nobody overrode.
 * Raw (BY is a person's text: sanitise before a terminal). Runs inside
 * the caller's transaction when there is one. Returns 0, or -1 with the
 * message in dt_store_error() (said untouched). */
int dt_check_record(dt_store *st, int64_t pilot_id, dt_check_id id,
                    dt_check_status status, const char *note,
                    const char *reason, const char *by, char *said,
                    size_t n);

#endif
