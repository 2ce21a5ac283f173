/* import_stats.c: a new run's stats on a thread (import_stats.h). */
#include "importers/import_stats.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "model/service/run_load.h"

struct dt_import_stats {
	dt_run run;
	const dt_rawlog **logs;
	size_t nlogs;
	dt_metric_stats *stats;
	size_t n;
	int rc;
	int threaded;
	pthread_t th;
};

static void compute(dt_import_stats *j)
{
	j->rc = dt_run_stats_from_logs(&j->run, j->logs, j->nlogs, &j->stats,
	                               &j->n);
}

static void *stats_main(void *arg)
{
	compute(arg);
	return NULL;
}

dt_import_stats *dt_import_stats_start(const dt_run *run,
                                       const dt_rawlog *const *logs,
                                       size_t n)
{
	dt_import_stats *j = calloc(1, sizeof *j);
	if (!j || !(j->logs = malloc((n ? n : 1) * sizeof *j->logs))) {
		free(j);
		return NULL;
	}
	j->run = *run;
	memcpy(j->logs, logs, n * sizeof *logs);
	j->nlogs = n;
	j->threaded = pthread_create(&j->th, NULL, stats_main, j) == 0;
	if (!j->threaded)
		compute(j);
	return j;
}

int dt_import_stats_join(dt_import_stats *j, dt_metric_stats **stats,
                         size_t *n)
{
	if (j->threaded)
		pthread_join(j->th, NULL);
	int rc = j->rc;
	if (rc < 0) {
		free(j->stats);
		j->stats = NULL;
		j->n = 0;
	}
	*stats = j->stats;
	*n = j->n;
	free(j->logs);
	free(j);
	return rc < 0 ? -1 : 0;
}
