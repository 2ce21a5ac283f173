/* scenario_save.h: store a pilot's scenario-guide answers with the
 * recommendation they lead to (model/service/scenario_save.c). */
#ifndef DT_SERVICE_SCENARIO_SAVE_H
#define DT_SERVICE_SCENARIO_SAVE_H

#include "model/core/scenario.h"
#include "model/store/store.h"

/* Decide the answers (dt_scenario_decide, result in *res) and store them
 * with the recommendation as a new scenario record of `pilot`, set by
 * `by` (NULL = ""). Returns 0, or -1 with the message in
 * dt_store_error(st). */
int dt_scenario_save(dt_store *st, const char *pilot,
                     const struct dt_scenario_answers *a, const char *by,
                     struct dt_scenario_result *res);

#endif
