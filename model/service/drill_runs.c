/* drill_runs.c: the runs a drill may name (drill_runs.h). */
#include "model/service/drill_runs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int dt_drill_runs_check(dt_store *st, const dt_drill *d, char *err,
                        size_t errlen)
{
	dt_pilot_run *v = NULL;
	size_t n = 0;
	if (dt_store_pilot_run_list(st, d->pilot_id, &v, &n) < 0) {
		snprintf(err, errlen, "store: runs of the drill's pilot: %s",
		         dt_store_error(st));
		free(v);
		return -1;
	}
	const char *names[2] = {d->run_before, d->run_after};
	int rc = 0;
	for (size_t k = 0; k < 2 && !rc; k++)
		for (size_t i = 0; i < n && !rc; i++)
			if (names[k][0] && v[i].role == DT_RUN_BASELINE &&
			    strcmp(v[i].run.name, names[k]) == 0) {
				snprintf(err, errlen, "run '%.64s' is the pilot's "
				         "baseline: a drill records a resume of a pilot "
				         "run (attached --role pilot)", names[k]);
				rc = 1;
			}
	free(v);
	return rc;
}
