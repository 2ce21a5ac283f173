/* restart_findings.c: run settings that change at a restart
 * (restart_findings.h). */
#include "model/service/restart_findings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/segments.h"
#include "model/service/run_load.h"

void dt_restart_setting_around(const dt_launch_setting_row *rows, size_t n,
                               const dt_series *g, const char *key,
                               int64_t *before, int64_t *after)
{
	const dt_launch_setting_row *b = NULL, *a = NULL;
	int64_t f = g->origin_file;
	uint32_t lo = g->origin_launch_lo, hi = g->origin_launch_hi;
	for (size_t i = 0; i < n; i++) {
		const dt_launch_setting_row *r = &rows[i];
		if (strcmp(r->set.key, key) != 0)
			continue;
		if (r->file_id == f && r->set.launch >= lo && r->set.launch <= hi) {
			/* the first value of the highest launch that logged one */
			if (!a || r->set.launch > a->set.launch)
				a = r;
		} else if (r->file_id < f ||
		           (r->file_id == f && r->set.launch < lo)) {
			/* the last value of the latest launch before */
			if (!b || r->file_id > b->file_id ||
			    (r->file_id == b->file_id &&
			     r->set.launch >= b->set.launch))
				b = r;
		}
	}
	*before = b ? b->set.value : 0;
	*after = a ? a->set.value : 0;
}

int dt_run_restart_findings(dt_store *st, const dt_run *run, const char *role,
                            const dt_series *loss, size_t nseg,
                            dt_findings *out, char *err, size_t errlen)
{
	static const char *const keys[] = {DT_SETTING_GLOBAL_BATCH,
	                                   DT_SETTING_TOTAL_STEPS};
	dt_launch_setting_row *rows = NULL;
	dt_series *own = NULL;
	size_t nrows = 0, nown = 0;
	int rc = -1;
	if (dt_store_launch_setting_list(st, run->id, &rows, &nrows) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	if (nrows == 0) {
		free(rows);
		return 0;
	}
	if (!loss) {
		if (dt_run_segments(st, run, "loss", &own, &nown, err, errlen) < 0)
			goto out;
		loss = own;
		nseg = nown;
	}
	for (size_t k = 1; k < nseg; k++) {
		const dt_series *g = &loss[k];
		if (g->n == 0 || g->origin_launch_lo > g->origin_launch_hi)
			continue;
		for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
			int64_t b, a;
			dt_restart_setting_around(rows, nrows, g, keys[i], &b, &a);
			if (dt_findings_restart_setting(role, g->step[0], keys[i], b, a,
			                                out) < 0) {
				snprintf(err, errlen, "out of memory");
				goto out;
			}
		}
	}
	rc = 0;
out:
	dt_segments_free(own, nown);
	free(rows);
	return rc;
}
