/* shared_log.c: runs that hold the same log file (shared_log.h). */
#include "model/service/shared_log.h"

#include <stdlib.h>
#include <string.h>

int dt_runs_shared_log(dt_store *st, int64_t a, int64_t b, dt_run_file *fa,
                       dt_run_file *fb)
{
	if (a == b)
		return 0;
	dt_run_file *xa = NULL, *xb = NULL;
	size_t na = 0, nb = 0;
	if (dt_store_file_list(st, a, &xa, &na) < 0 ||
	    dt_store_file_list(st, b, &xb, &nb) < 0) {
		free(xa);
		return -1;
	}
	int found = 0;
	for (size_t i = 0; i < na && !found; i++)
		for (size_t k = 0; k < nb && !found; k++) {
			if (!xa[i].sha256[0] || strcmp(xa[i].sha256, xb[k].sha256))
				continue;
			found = 1;
			if (fa)
				*fa = xa[i];
			if (fb)
				*fb = xb[k];
		}
	free(xa);
	free(xb);
	return found;
}

int dt_run_shared_log_any(dt_store *st, int64_t run_id, dt_run *other,
                          dt_run_file *mine, dt_run_file *theirs)
{
	dt_run *runs = NULL;
	size_t n = 0;
	if (dt_store_run_list(st, &runs, &n) < 0)
		return -1;
	int rc = 0;
	for (size_t i = 0; i < n && rc == 0; i++) {
		rc = dt_runs_shared_log(st, run_id, runs[i].id, mine, theirs);
		if (rc == 1 && other)
			*other = runs[i];
	}
	free(runs);
	return rc;
}
