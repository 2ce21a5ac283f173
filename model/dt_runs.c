/* dt_runs.c: resolved curves of a run and its cached summary. */
#include "model/dt_runs.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int dt_run_series(dt_store *st, const dt_run *run, const char *metric,
                  dt_series *out, char *err, size_t errlen)
{
	dt_rawchunk *chunks;
	size_t n;
	void *owner;
	memset(out, 0, sizeof *out);
	if (dt_store_raw_load(st, run->id, metric, &chunks, &n, &owner) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	int rc = dt_resolve(chunks, n, run->grad_accum < 1 ? 1 : run->grad_accum,
	                    out);
	dt_store_chunks_free(chunks, owner);
	if (rc < 0) {
		snprintf(err, errlen, "run %s, metric %s: %s", run->name, metric,
		         strerror(errno));
		return -1;
	}
	return 0;
}

static void stats_of(const char *metric, const dt_series *s,
                     dt_metric_stats *m)
{
	memset(m, 0, sizeof *m);
	snprintf(m->metric, sizeof m->metric, "%s", metric);
	m->points = (int64_t)s->n;
	m->non_finite = (int64_t)s->non_finite;
	m->first_step = s->n ? s->step[0] : 0;
	m->last_step = s->n ? s->step[s->n - 1] : 0;
	m->segments = (int64_t)s->nsegments;
	m->replayed = (int64_t)s->replayed;
}

int dt_run_refresh(dt_store *st, dt_run *run, char *err, size_t errlen)
{
	char **names;
	size_t nn;
	if (dt_store_metric_names(st, run->id, &names, &nn) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	int64_t segments = 1, replayed = 0;
	int rc = 0;
	for (size_t i = 0; i < nn && rc == 0; i++) {
		dt_series s;
		dt_metric_stats m;
		if (dt_run_series(st, run, names[i], &s, err, errlen) < 0) {
			rc = -1;
			break;
		}
		stats_of(names[i], &s, &m);
		if (m.segments > segments)
			segments = m.segments;
		if (strcmp(names[i], DT_METRIC_LOSS) == 0)
			replayed = m.replayed;
		dt_series_free(&s);
		if (dt_store_stats_put(st, run->id, &m) < 0) {
			snprintf(err, errlen, "%s", dt_store_error(st));
			rc = -1;
		}
	}
	dt_strv_free(names, nn);
	if (rc < 0)
		return -1;
	run->segments = segments;
	run->replayed_steps = replayed;
	if (dt_store_run_update(st, run) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	return 0;
}
