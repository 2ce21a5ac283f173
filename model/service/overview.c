/* dt_overview.c: loading a pilot's overview and computing its checklist
 * items from the data (dt_overview.h, rules in dt_checklist.h). */
#include "model/service/overview.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/service/run_load.h"

/* Per pilot-role run: its loss curve and journal, for the rules. */
typedef struct run_data {
	dt_series loss;
	dt_fact *facts;
	size_t nfacts;
} run_data;

static int fail_store(dt_store *st, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s", dt_store_error(st));
	return -1;
}

static void verdict_of(const dt_pilot_run *b, const dt_pilot_run *p,
                       const dt_parity *par, dt_run_verdict *v)
{
	memset(v, 0, sizeof *v);
	snprintf(v->baseline, sizeof v->baseline, "%s", b->run.name);
	snprintf(v->pilot, sizeof v->pilot, "%s", p->run.name);
	v->verdict = par->verdict;
	v->compared = par->n;
	v->breaches = par->breaches;
	v->allowed = par->allowed_breaches;
	v->max_abs_rel_diff = par->max_abs_rel_diff;
	v->by_samples = par->by_samples;
}

/* Load pilot runs' data, compute verdicts against the first baseline. */
static int load_runs(dt_store *st, dt_overview *ov, run_data *rd,
                     dt_check_run *cr, size_t *ncr, char *err, size_t errlen)
{
	const dt_pilot_run *base = NULL;
	dt_series bl = {0};
	*ncr = 0;
	for (size_t i = 0; i < ov->nruns && !base; i++)
		if (ov->runs[i].role == DT_RUN_BASELINE)
			base = &ov->runs[i];
	if (base && dt_run_series(st, &base->run, "loss", &bl, err, errlen) < 0)
		return -1;
	ov->verdicts = calloc(ov->nruns ? ov->nruns : 1, sizeof *ov->verdicts);
	if (!ov->verdicts) {
		dt_series_free(&bl);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	int rc = 0;
	for (size_t i = 0; i < ov->nruns && rc == 0; i++) {
		const dt_pilot_run *p = &ov->runs[i];
		if (p->role != DT_RUN_PILOT)
			continue;
		run_data *d = &rd[*ncr];
		if (dt_run_series(st, &p->run, "loss", &d->loss, err, errlen) < 0 ||
		    dt_store_fact_list(st, p->run.id, &d->facts, &d->nfacts) < 0) {
			rc = d->loss.step ? fail_store(st, err, errlen) : -1;
			break;
		}
		cr[*ncr] = (dt_check_run){p->run.name, &d->loss,
		                          p->run.logging_steps, d->facts, d->nfacts};
		(*ncr)++;
		if (!base)
			continue;
		dt_parity_opts po = dt_taskcard_parity(&ov->card);
		dt_parity par;
		po.baseline_gb = base->run.global_batch;
		po.pilot_gb = p->run.global_batch;
		if (dt_parity_compute(&bl, &d->loss, &po, &par) < 0) {
			snprintf(err, errlen, "out of memory");
			rc = -1;
			break;
		}
		verdict_of(base, p, &par, &ov->verdicts[ov->nverdicts++]);
		dt_parity_free(&par);
	}
	dt_series_free(&bl);
	return rc;
}

/* Resume verdicts of the pilot-role runs (dt_overview.resume). A run
 * whose check cannot load (no loss curve) keeps a zeroed result. */
static int load_resume(dt_store *st, dt_overview *ov, char *err,
                       size_t errlen)
{
	const dt_run *base = NULL;
	ov->resume = calloc(ov->nruns ? ov->nruns : 1, sizeof *ov->resume);
	if (!ov->resume) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < ov->nruns && !base; i++)
		if (ov->runs[i].role == DT_RUN_BASELINE)
			base = &ov->runs[i].run;
	for (size_t i = 0; i < ov->nruns; i++) {
		int64_t ck[DT_RESUME_MAX_CKPT], drill;
		char e[600];
		const dt_run *r = &ov->runs[i].run;
		size_t n;
		if (ov->runs[i].role != DT_RUN_PILOT)
			continue;
		n = dt_resume_drill_ckpt(ov->drills, ov->ndrills, r->name, ck,
		                         DT_RESUME_MAX_CKPT, &drill);
		if (dt_resume_run(st, r, base, ck, n ? (long)n : -1, 0, NULL,
		                  &ov->resume[i], e, sizeof e) < 0)
			continue;
		if (n)
			ov->resume[i].ckpt_drill = drill;
	}
	return 0;
}

static void compute_items(dt_overview *ov, const dt_check_run *cr, size_t ncr)
{
	dt_check_item *it = ov->checklist.items;
	dt_rule_step6(ov->verdicts, ov->nverdicts, ov->drills, ov->ndrills,
	              &it[DT_ITEM_STEP6].computed_status,
	              it[DT_ITEM_STEP6].computed_detail,
	              sizeof it[DT_ITEM_STEP6].computed_detail);
	dt_rule_trial1(cr, ncr, &it[DT_ITEM_TRIAL1].computed_status,
	               it[DT_ITEM_TRIAL1].computed_detail,
	               sizeof it[DT_ITEM_TRIAL1].computed_detail);
	dt_rule_trial5(cr, ncr, &it[DT_ITEM_TRIAL5].computed_status,
	               it[DT_ITEM_TRIAL5].computed_detail,
	               sizeof it[DT_ITEM_TRIAL5].computed_detail);
	dt_checklist_resolve(&ov->checklist);
	dt_checklist_counts(&ov->checklist, ov->counts);
}

static int load_checklist(dt_store *st, dt_overview *ov, char *err,
                          size_t errlen)
{
	run_data *rd = calloc(ov->nruns ? ov->nruns : 1, sizeof *rd);
	dt_check_run *cr = calloc(ov->nruns ? ov->nruns : 1, sizeof *cr);
	size_t ncr = 0;
	int rc = -1;
	if (!rd || !cr)
		snprintf(err, errlen, "out of memory");
	else if (load_runs(st, ov, rd, cr, &ncr, err, errlen) == 0) {
		compute_items(ov, cr, ncr);
		rc = 0;
	}
	for (size_t i = 0; rd && i < ov->nruns; i++) {
		dt_series_free(&rd[i].loss);
		free(rd[i].facts);
	}
	free(rd);
	free(cr);
	return rc;
}

int dt_overview_load(dt_store *st, const char *name, dt_overview *ov,
                     char *err, size_t errlen)
{
	memset(ov, 0, sizeof *ov);
	int rc = dt_store_pilot_find(st, name, &ov->pilot);
	if (rc != 0) {
		if (rc > 0)
			snprintf(err, errlen, "no pilot named '%s'", name);
		return rc < 0 ? fail_store(st, err, errlen) : 1;
	}
	int64_t id = ov->pilot.id;
	if (dt_store_taskcard_load(st, id, &ov->card) < 0 ||
	    dt_store_pilot_run_list(st, id, &ov->runs, &ov->nruns) < 0 ||
	    dt_store_drill_list(st, id, &ov->drills, &ov->ndrills) < 0 ||
	    dt_store_checklist_load(st, id, &ov->checklist) < 0 ||
	    dt_store_decision_list(st, id, &ov->decisions, &ov->ndecisions) < 0) {
		fail_store(st, err, errlen);
		dt_overview_free(ov);
		return -1;
	}
	if (load_checklist(st, ov, err, errlen) < 0 ||
	    load_resume(st, ov, err, errlen) < 0) {
		dt_overview_free(ov);
		return -1;
	}
	return 0;
}

void dt_overview_free(dt_overview *ov)
{
	if (!ov)
		return;
	for (size_t i = 0; ov->resume && i < ov->nruns; i++)
		dt_resume_run_free(&ov->resume[i]);
	free(ov->resume);
	free(ov->runs);
	free(ov->verdicts);
	dt_checklist_free(&ov->checklist);
	free(ov->drills);
	dt_decisions_free(ov->decisions, ov->ndecisions);
	memset(ov, 0, sizeof *ov);
}

const dt_decision *dt_overview_latest(const dt_overview *ov)
{
	return ov->ndecisions ? &ov->decisions[ov->ndecisions - 1] : NULL;
}
