/* import_series.c: series stored while the next is prepared
 * (import_series.h). */
#include "importers/import_series.h"

#include <pthread.h>
#include <stdlib.h>

typedef struct {
	const dt_rawlog *log;
	dt_series_prep *prep; /* [nseries] */
	int *failed;          /* [nseries]: prep of series k ran out of memory */
	size_t ready;         /* preps [0, ready) are made (under lock) */
	int quit;             /* the writer stopped: prepare no more */
	pthread_mutex_t lock;
	pthread_cond_t cond;
} pipeline;

/* Prepare series k, its stride taken from the earlier series with the
 * same steps when that one is prepared already (index < done). */
static void prep_one(pipeline *pl, size_t k, size_t done)
{
	const dt_rawseries *s = &pl->log->series[k];
	if (s->n == 0)
		return; /* not stored */
	size_t t = dt_rawlog_step_twin(pl->log, k);
	const dt_series_prep *same = t < k && t < done &&
	                             pl->log->series[t].n > 0 ? &pl->prep[t] : NULL;
	pl->failed[k] = dt_series_prep_make(s, same, &pl->prep[k]) < 0;
}

static void *prep_main(void *arg)
{
	pipeline *pl = arg;
	for (size_t k = 1; k < pl->log->nseries; k++) {
		pthread_mutex_lock(&pl->lock);
		int quit = pl->quit;
		pthread_mutex_unlock(&pl->lock);
		if (quit)
			break;
		prep_one(pl, k, k);
		pthread_mutex_lock(&pl->lock);
		pl->ready = k + 1;
		pthread_cond_signal(&pl->cond);
		pthread_mutex_unlock(&pl->lock);
	}
	return NULL;
}

/* Wait until series k is prepared. */
static void wait_ready(pipeline *pl, size_t k)
{
	pthread_mutex_lock(&pl->lock);
	while (pl->ready <= k)
		pthread_cond_wait(&pl->cond, &pl->lock);
	pthread_mutex_unlock(&pl->lock);
}

static int put_one(dt_store *st, int64_t file_id, pipeline *pl, size_t k)
{
	const dt_rawseries *s = &pl->log->series[k];
	if (s->n == 0)
		return 0;
	if (pl->failed[k]) /* prepared again there, failing in its words */
		return dt_store_raw_put(st, file_id, s);
	int rc = dt_store_raw_put_prep(st, file_id, s, &pl->prep[k]);
	dt_series_prep_free(&pl->prep[k]);
	return rc;
}

int dt_import_put_series(dt_store *st, int64_t file_id, const dt_rawlog *log)
{
	size_t n = log->nseries;
	if (n == 0)
		return 0;
	pipeline pl = {.log = log};
	pl.prep = calloc(n, sizeof *pl.prep);
	pl.failed = calloc(n, sizeof *pl.failed);
	if (!pl.prep || !pl.failed) {
		free(pl.prep);
		free(pl.failed);
		return dt_store_fail(st, "store: out of memory");
	}
	pthread_mutex_init(&pl.lock, NULL);
	pthread_cond_init(&pl.cond, NULL);
	/* series 0 here, before the thread starts: its stride is then
	 * there for the series sharing its steps */
	prep_one(&pl, 0, 0);
	pl.ready = 1;
	pthread_t th;
	int threaded = n > 1 && pthread_create(&th, NULL, prep_main, &pl) == 0;
	if (!threaded)
		pl.ready = n; /* prepared here, one by one (put loop below) */
	int rc = 0;
	for (size_t k = 0; rc == 0 && k < n; k++) {
		if (threaded)
			wait_ready(&pl, k);
		else if (k > 0)
			prep_one(&pl, k, k);
		rc = put_one(st, file_id, &pl, k);
	}
	if (threaded) {
		pthread_mutex_lock(&pl.lock);
		pl.quit = 1;
		pthread_mutex_unlock(&pl.lock);
		pthread_join(th, NULL);
	}
	for (size_t k = 0; k < n; k++)
		dt_series_prep_free(&pl.prep[k]);
	pthread_mutex_destroy(&pl.lock);
	pthread_cond_destroy(&pl.cond);
	free(pl.prep);
	free(pl.failed);
	return rc;
}
