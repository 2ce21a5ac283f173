/* scenario_save.c: a questionnaire decided and stored as one scenario
 * record (model/service/scenario_save.h). */
#include "model/service/scenario_save.h"

#include <stdio.h>

#include "model/core/scenario.h"
#include "model/store/store.h"
#include "model/service/scenario_save.h"

int dt_scenario_save(dt_store *st, const char *pilot,
                     const dt_scenario_answers *a, const char *by,
                     dt_scenario_result *res)
{
	dt_scenario_rec rec = {0};
	dt_scenario_decide(a, res);
	dt_scenario_encode(a, rec.answers, sizeof rec.answers);
	snprintf(rec.training, sizeof rec.training, "%s", a->training);
	snprintf(rec.recommendation, sizeof rec.recommendation, "%s",
	         dt_recommendation_name(res->rec));
	snprintf(rec.reason, sizeof rec.reason, "%s", res->reason);
	snprintf(rec.set_by, sizeof rec.set_by, "%s", by ? by : "");
	return dt_store_scenario_put(st, pilot, &rec);
}
