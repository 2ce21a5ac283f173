/* pilot.c: run roles within a pilot (model/core/pilot.h). */
#include "model/core/pilot.h"

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
