/* dt_ledger_load.c: assemble a pilot's ledger from the store (entries,
 * runs, derived times) and compute its report (see dt_ledger_load.h). */
#include "model/service/ledger_load.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/service/run_load.h"
#include "model/core/segments.h"
#include "model/core/stats.h"
#include "model/store/store.h"

static const struct {
	const char *metric;
	int kind;        /* 0 seconds, 1 milliseconds, 2 throughput */
} step_time_src[] = {
	{"step_time", 0}, {"iteration_time", 0},
	{"elapsed_time_per_iteration_(ms)", 1}, {"throughput", 2},
};
static const char *const wall_src[] = {"wall_time", "timestamp", "_timestamp"};

/* Step time of a run in seconds per segment; *n = 0 when none. */
static int load_step_time(dt_store *st, dt_ledger_run_view *rv,
                          dt_series **segs, size_t *n, char *err,
                          size_t errlen)
{
	*segs = NULL;
	*n = 0;
	for (size_t k = 0; k < sizeof step_time_src / sizeof step_time_src[0];
	     k++) {
		int kind = step_time_src[k].kind;
		if (kind == 2 && rv->run.global_batch <= 0)
			continue;
		if (dt_run_segments(st, &rv->run, step_time_src[k].metric, segs, n,
		                    err, errlen) < 0)
			return -1;
		if (*n == 0) {
			dt_segments_free(*segs, 0);
			*segs = NULL;
			continue;
		}
		for (size_t j = 0; j < *n; j++)
			for (size_t i = 0; i < (*segs)[j].n; i++) {
				double *v = &(*segs)[j].value[i];
				*v = kind == 1 ? *v / 1000.0 : kind == 2 ?
				     (*v > 0 ? (double)rv->run.global_batch / *v : NAN) : *v;
			}
		snprintf(rv->step_time_metric, sizeof rv->step_time_metric, "%s",
		         step_time_src[k].metric);
		return 0;
	}
	return 0;
}

static int derive_run(dt_store *st, dt_ledger_run_view *rv, char *err,
                      size_t errlen)
{
	dt_series *stt = NULL, *wall = NULL, loss = {0};
	dt_fact *facts = NULL;
	size_t nst = 0, nwall = 0, nfacts = 0;
	int rc = -1;
	if (load_step_time(st, rv, &stt, &nst, err, errlen) < 0)
		goto out;
	for (size_t k = 0; k < sizeof wall_src / sizeof wall_src[0] && !nwall;
	     k++) {
		dt_segments_free(wall, 0);
		wall = NULL;
		if (dt_run_segments(st, &rv->run, wall_src[k], &wall, &nwall, err,
		                    errlen) < 0)
			goto out;
	}
	if (dt_run_series(st, &rv->run, "loss", &loss, err, errlen) < 0)
		goto out;
	int64_t I = rv->run.logging_steps > 0 ? rv->run.logging_steps :
	            dt_series_median_gap(&loss);
	if (dt_ledger_derive(stt, nst, wall, nwall, &loss, I, &rv->d) < 0) {
		snprintf(err, errlen, "ledger: out of memory");
		goto out;
	}
	if (dt_store_fact_list(st, rv->run.id, &facts, &nfacts) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		goto out;
	}
	dt_ledger_journal(facts, nfacts, &rv->d);
	rc = 0;
out:
	free(facts);
	dt_segments_free(stt, nst);
	dt_segments_free(wall, nwall);
	dt_series_free(&loss);
	return rc;
}

static void apply_entries(dt_ledger_view *v, const dt_ledger_entry *e,
                          size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int side = dt_ledger_side_parse(e[i].side), is_time, idx;
		if (side < 0 || dt_ledger_key_parse(e[i].key, &is_time, &idx) < 0)
			continue;   /* a key of a newer version: not ours to judge */
		dt_ledger_input *in = is_time ? &v->sides[side].time[idx] :
		                      &v->sides[side].item[idx];
		in->basis = dt_basis_parse(e[i].basis);
		in->value = e[i].value;
		in->from_log = 0;
		snprintf(in->note, sizeof in->note, "%s", e[i].note);
	}
}

/* Fill v->runs from run ids (all runs listed once). */
static int collect_runs(dt_store *st, dt_ledger_view *v, const int64_t *ids,
                        size_t nids, const char *only_name)
{
	dt_run *all;
	size_t nall;
	if (dt_store_run_list(st, &all, &nall) < 0)
		return -1;
	v->runs = calloc(nall ? nall : 1, sizeof *v->runs);
	if (!v->runs) {
		free(all);
		return -1;
	}
	for (size_t i = 0; i < nall; i++) {
		int take = only_name ? strcmp(all[i].name, only_name) == 0 : 0;
		for (size_t k = 0; !only_name && k < nids; k++)
			take |= all[i].id == ids[k];
		if (!take)
			continue;
		dt_ledger_run_view *rv = &v->runs[v->nruns++];
		rv->run = all[i];
		rv->side = dt_ledger_side_parse(all[i].platform);
	}
	free(all);
	return 0;
}

int dt_ledger_load(dt_store *st, const char *pilot, dt_ledger_view *out,
                   char *err, size_t errlen)
{
	memset(out, 0, sizeof *out);
	snprintf(out->pilot, sizeof out->pilot, "%s", pilot);
	int known = dt_store_ledger_exists(st, pilot);
	dt_ledger_entry *e = NULL;
	int64_t *ids = NULL;
	size_t ne = 0, nids = 0;
	dt_run r;
	if (known < 0)
		goto store_err;
	if (!known) {
		int f = dt_store_run_find(st, pilot, &r);
		if (f < 0)
			goto store_err;
		if (f == 1)
			return 1;
		out->per_run = 1;
	}
	if (dt_store_ledger_list(st, pilot, &e, &ne) < 0 ||
	    dt_store_ledger_run_list(st, pilot, &ids, &nids) < 0 ||
	    collect_runs(st, out, ids, nids, out->per_run ? pilot : NULL) < 0)
		goto store_err;
	apply_entries(out, e, ne);
	free(e);
	free(ids);
	for (size_t i = 0; i < out->nruns; i++) {
		if (derive_run(st, &out->runs[i], err, errlen) < 0) {
			dt_ledger_view_free(out);
			return -1;
		}
		if (out->runs[i].side >= 0)
			dt_ledger_add_derived(&out->sides[out->runs[i].side],
			                      &out->runs[i].d);
	}
	dt_ledger_compute(out->sides, &out->report);
	return 0;
store_err:
	snprintf(err, errlen, "%s", dt_store_error(st));
	free(e);
	free(ids);
	dt_ledger_view_free(out);
	return -1;
}

void dt_ledger_view_free(dt_ledger_view *v)
{
	free(v->runs);
	v->runs = NULL;
	v->nruns = 0;
}
