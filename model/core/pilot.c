/* pilot.c: run roles within a pilot (model/core/pilot.h). */
#include "model/core/pilot.h"

#include <stdio.h>
#include <string.h>

const char *dt_run_role_name(dt_run_role r)
{
	return r == DT_RUN_PILOT ? "pilot" : "baseline";
}

int dt_run_role_parse(const char *s, dt_run_role *out)
{
	if (strcmp(s, "baseline") == 0)
		*out = DT_RUN_BASELINE;
	else if (strcmp(s, "pilot") == 0)
		*out = DT_RUN_PILOT;
	else
		return -1;
	return 0;
}

int dt_run_role_mismatch(const dt_run *r, dt_run_role role, char *why,
                         size_t n)
{
	int trn = !strcmp(r->platform, "trn2") || !strcmp(r->platform, "trn1");
	int gpu = !strcmp(r->platform, "gpu");
	if (n)
		why[0] = '\0';
	if (role == DT_RUN_PILOT && gpu)
		snprintf(why, n, "run %s is a gpu run, but the pilot is expected "
		         "to be a Trainium run (trn2 or trn1): the GPU track is the "
		         "baseline", r->name);
	else if (role == DT_RUN_BASELINE && trn)
		snprintf(why, n, "run %s is a %s run, but the baseline is expected "
		         "to be a GPU run (gpu): the Trainium track is the pilot",
		         r->name, r->platform);
	else
		return 0;
	return 1;
}
