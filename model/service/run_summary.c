/* run_summary.c: a run list's summary of one run (run_summary.h). */
#include "model/service/run_summary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/rawlog.h"
#include "model/service/run_load.h"

int dt_run_summary_load(dt_store *st, const dt_run *r, dt_run_summary *out)
{
	dt_metric_stats *ms = NULL;
	size_t nm = 0;
	char **warn = NULL;
	memset(out, 0, sizeof *out);
	if (dt_store_stats_list(st, r->id, &ms, &nm) == 0) {
		out->stats_read = 1;
		for (size_t i = 0; i < nm; i++)
			if (strcmp(ms[i].metric, DT_METRIC_LOSS) == 0) {
				out->loss = ms[i];
				out->has_loss = 1;
			}
		free(ms);
	}
	if (dt_run_warnings_current(st, r->id, &warn, &out->nwarnings) == 0) {
		out->warnings_read = 1;
		dt_strv_free(warn, out->nwarnings);
	} else {
		out->nwarnings = 0;
	}
	return out->stats_read && out->warnings_read ? 0 : -1;
}

const char *dt_run_summary_points(const dt_run_summary *s, char *buf,
                                  size_t n)
{
	if (!s->stats_read)
		snprintf(buf, n, "?");
	else if (!s->has_loss || s->loss.points == 0)
		snprintf(buf, n, "-");
	else
		snprintf(buf, n, "%lld", (long long)s->loss.points);
	return buf;
}
