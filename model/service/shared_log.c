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

int dt_run_shared_log_any(dt_store *st, int64_t run_id, int64_t after_file,
                          dt_run *other, dt_run_file *mine,
                          dt_run_file *theirs)
{
	dt_run *runs = NULL;
	dt_run_file *xa = NULL, *xb = NULL;
	size_t n = 0, na = 0, nb = 0;
	if (dt_store_run_list(st, &runs, &n) < 0)
		return -1;
	if (dt_store_file_list(st, run_id, &xa, &na) < 0) {
		free(runs);
		return -1;
	}
	int rc = 0;
	for (size_t r = 0; r < n && rc == 0; r++) {
		if (runs[r].id == run_id)
			continue;
		if (dt_store_file_list(st, runs[r].id, &xb, &nb) < 0) {
			rc = -1;
			break;
		}
		for (size_t i = 0; i < na && rc == 0; i++)
			for (size_t k = 0; k < nb && rc == 0; k++) {
				if (xa[i].id <= after_file || !xa[i].sha256[0] ||
				    strcmp(xa[i].sha256, xb[k].sha256))
					continue;
				rc = 1;
				if (mine)
					*mine = xa[i];
				if (theirs)
					*theirs = xb[k];
				if (other)
					*other = runs[r];
			}
		free(xb);
		xb = NULL;
	}
	free(xa);
	free(runs);
	return rc;
}

int dt_run_last_file_id(dt_store *st, int64_t run_id, int64_t *last)
{
	dt_run_file *f = NULL;
	size_t n = 0;
	*last = 0;
	if (dt_store_file_list(st, run_id, &f, &n) < 0)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (f[i].id > *last)
			*last = f[i].id;
	free(f);
	return 0;
}
