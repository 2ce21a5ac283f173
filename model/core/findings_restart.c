/* findings_restart.c: a run setting that changes at a restart (global
 * batch, total steps; rules in findings.h). */
#include "model/core/findings.h"

#include <stdio.h>
#include <string.h>

int dt_findings_restart_setting(const char *role, int64_t at_step,
                                const char *key, int64_t before,
                                int64_t after, dt_findings *out)
{
	if (before <= 0 || after <= 0 || before == after)
		return 0;
	int batch = strcmp(key, DT_SETTING_GLOBAL_BATCH) == 0;
	dt_finding *f = dt_findings_push(out, batch ? DT_FIND_BATCH_CHANGE :
	                                 DT_FIND_TOTAL_STEPS_CHANGE, role);
	if (!f)
		return -1;
	f->step = at_step;
	f->count = 1;
	f->before = before;
	f->after = after;
	if (batch)
		snprintf(f->detail, sizeof f->detail, "global batch %lld before "
		         "the restart at step %lld, %lld after (x %.3g): samples "
		         "per optimizer step changed, so steps before and after "
		         "are not the same training work (compare by samples seen)",
		         (long long)before, (long long)at_step, (long long)after,
		         (double)after / (double)before);
	else
		snprintf(f->detail, sizeof f->detail, "total steps %lld before the "
		         "restart at step %lld, %lld after: the run was relaunched "
		         "for another length (the LR schedule's horizon moved)",
		         (long long)before, (long long)at_step, (long long)after);
	return 1;
}
