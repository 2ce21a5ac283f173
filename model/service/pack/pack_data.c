/* pack_data.c: loading an evidence pack's contents (pack_data.h). */
#include "model/service/pack/pack_data.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/service/run_load.h"
#include "model/util/clock.h"
#include "model/util/strv.h"

static int store_fail(dt_store *st, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s", dt_store_error(st));
	return -1;
}

static int load_runs(dt_store *st, dt_pack *p, char *err, size_t errlen)
{
	p->runs = calloc(p->ov.nruns ? p->ov.nruns : 1, sizeof *p->runs);
	if (!p->runs) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < p->ov.nruns; i++) {
		int64_t id = p->ov.runs[i].run.id;
		if (dt_store_file_list(st, id, &p->runs[i].files,
		                       &p->runs[i].nfiles) < 0 ||
		    dt_store_fact_list(st, id, &p->runs[i].facts,
		                   &p->runs[i].nfacts) < 0 ||
		    dt_run_warnings_current(st, id, &p->runs[i].warnings,
		                          &p->runs[i].nwarnings) < 0)
			return store_fail(st, err, errlen);
	}
	return 0;
}

/* Pilot run q against baseline run b: their loss curves, paired with the
 * task card's rule for the difference strip, and the overview's verdict
 * of the pair. c->present stays 0 when either has no loss curve. */
static int load_chart(dt_store *st, dt_pack *p, size_t b, size_t q,
                      dt_pack_chart *c, char *err, size_t errlen)
{
	const dt_run *rb = &p->ov.runs[b].run, *rp = &p->ov.runs[q].run;
	c->baseline_run = b;
	c->pilot_run = q;
	for (size_t i = 0; i < p->ov.nverdicts; i++)
		if (!strcmp(p->ov.verdicts[i].pilot, rp->name) &&
		    !strcmp(p->ov.verdicts[i].baseline, rb->name))
			c->verdict = &p->ov.verdicts[i];
	if (dt_run_series(st, rb, "loss", &c->baseline, err, errlen) < 0 ||
	    dt_run_series(st, rp, "loss", &c->pilot, err, errlen) < 0)
		return -1;
	if (c->baseline.n == 0 || c->pilot.n == 0)
		return 0;
	dt_parity_opts po = dt_taskcard_parity(&p->ov.card);
	po.baseline_gb = rb->global_batch;
	po.pilot_gb = rp->global_batch;
	if (dt_parity_compute(&c->baseline, &c->pilot, &po, &c->pairing) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	c->present = 1;
	return 0;
}

/* One chart per pilot-role run against the first baseline. */
static int load_charts(dt_store *st, dt_pack *p, char *err, size_t errlen)
{
	size_t b = p->ov.nruns, n = 0;
	for (size_t i = 0; i < p->ov.nruns; i++) {
		if (p->ov.runs[i].role == DT_RUN_BASELINE && b == p->ov.nruns)
			b = i;
		n += p->ov.runs[i].role == DT_RUN_PILOT;
	}
	if (b == p->ov.nruns || n == 0)
		return 0;
	p->charts = calloc(n, sizeof *p->charts);
	if (!p->charts) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < p->ov.nruns; i++)
		if (p->ov.runs[i].role == DT_RUN_PILOT &&
		    load_chart(st, p, b, i, &p->charts[p->ncharts++], err,
		               errlen) < 0)
			return -1;
	return 0;
}

static int load_chain(dt_store *st, dt_pack *p, char *err, size_t errlen)
{
	dt_decision *all = NULL;
	size_t n = 0;
	if (dt_store_decision_verify(st, &p->chain) < 0 ||
	    dt_store_decision_list(st, 0, &all, &n) < 0)
		return store_fail(st, err, errlen);
	p->links = calloc(n ? n : 1, sizeof *p->links);
	if (!p->links) {
		dt_decisions_free(all, n);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		dt_pack_link *l = &p->links[i];
		l->id = all[i].id;
		memcpy(l->hash, all[i].hash, sizeof l->hash);
		memcpy(l->prev_hash, all[i].prev_hash, sizeof l->prev_hash);
		l->own = all[i].pilot_id == p->ov.pilot.id;
	}
	p->nlinks = n;
	dt_decisions_free(all, n);
	return 0;
}

int dt_pack_load(dt_store *st, const char *name, dt_pack *p, char *err,
                 size_t errlen)
{
	memset(p, 0, sizeof *p);
	int rc = dt_assessment_load(st, name, &p->ov, err, errlen);
	if (rc != 0)
		return rc;
	if (dt_taskcard_recovery(&p->ov.card, &p->recovery_limit) != 0)
		p->recovery_limit = -1;
	dt_time_now_iso(p->exported_at);
	dt_actor_name(p->exported_by, sizeof p->exported_by);
	char lerr[600];
	int lr = dt_ledger_load(st, name, &p->ledger, lerr, sizeof lerr);
	if (lr < 0) {
		snprintf(err, errlen, "%s", lerr);
		dt_pack_free(p);
		return -1;
	}
	p->has_ledger = lr == 0 && !p->ledger.per_run;
	if (load_runs(st, p, err, errlen) < 0 ||
	    load_charts(st, p, err, errlen) < 0 ||
	    load_chain(st, p, err, errlen) < 0) {
		dt_pack_free(p);
		return -1;
	}
	return 0;
}

void dt_pack_free(dt_pack *p)
{
	if (!p)
		return;
	for (size_t i = 0; p->runs && i < p->ov.nruns; i++) {
		free(p->runs[i].files);
		free(p->runs[i].facts);
		dt_strv_free(p->runs[i].warnings, p->runs[i].nwarnings);
	}
	free(p->runs);
	for (size_t i = 0; p->charts && i < p->ncharts; i++) {
		dt_series_free(&p->charts[i].baseline);
		dt_series_free(&p->charts[i].pilot);
		dt_parity_free(&p->charts[i].pairing);
	}
	free(p->charts);
	dt_ledger_view_free(&p->ledger);
	free(p->links);
	dt_assessment_free(&p->ov);
	memset(p, 0, sizeof *p);
}
