/* dt_assessment.c: loading a pilot's overview and computing its checklist
 * items from the data (dt_assessment.h, rules in dt_checklist.h). */
#include "model/service/assessment.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/service/compare.h"
#include "model/service/run_load.h"

/* Per pilot-role run: its loss curve and journal, for the rules. */
typedef struct run_data {
	dt_series loss;
	dt_fact *facts;
	size_t nfacts;
} run_data;

static int chain_load(dt_store *st, int with_series, dt_integrity *out,
                      dt_chain_status *g);
static int mark_decisions(dt_assessment *a, const dt_chain_status *g);

static int fail_store(dt_store *st, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s", dt_store_error(st));
	return -1;
}

static void verdict_of(const dt_comparison *c, dt_run_verdict *v)
{
	const dt_parity *par = &c->parity;
	memset(v, 0, sizeof *v);
	snprintf(v->baseline, sizeof v->baseline, "%s", c->base.name);
	snprintf(v->pilot, sizeof v->pilot, "%s", c->pilot.name);
	v->verdict = c->verdict;
	v->rule = c->rule;
	v->compared = par->n;
	v->breaches = par->breaches;
	v->allowed = par->allowed_breaches;
	v->max_abs_rel_diff = par->max_abs_rel_diff;
	v->by_samples = par->by_samples;
	v->opts = par->opts;
	v->noise_ratio = c->have_noise && !c->noise.spread_zero ? c->noise.ratio
	                                                        : NAN;
	v->nfindings = c->findings.n;
	snprintf(v->note, sizeof v->note, "%s", c->note);
	snprintf(v->reason, sizeof v->reason, "%s", c->reason);
	snprintf(v->sentence, sizeof v->sentence, "%s", c->sentence);
	dt_verdict_statement(c->sentence, &c->findings, v->statement,
	                     sizeof v->statement);
}

/* Parity of pilot run p against baseline `base` under the card, through
 * the one comparison pipeline; the pilot's loss (as loaded: no
 * transforms) is handed to the trial rules in *loss. */
static int pair(dt_store *st, dt_assessment *a, const dt_pilot_run *base,
                const dt_pilot_run *p, dt_series *loss, char *err,
                size_t errlen)
{
	dt_compare_opts o = {0};
	dt_comparison c;
	o.card_pilot_id = a->pilot.id;
	if (dt_compare_with_card(st, &base->run, &p->run, &o, &a->pilot,
	                         &a->card, a->runs, a->nruns, &c, err,
	                         errlen) != 0)
		return -1;
	verdict_of(&c, &a->verdicts[a->nverdicts++]);
	*loss = c.sp;
	memset(&c.sp, 0, sizeof c.sp);
	dt_comparison_free(&c);
	return 0;
}

/* Load pilot runs' data, compute verdicts against the first baseline. */
static int load_runs(dt_store *st, dt_assessment *a, run_data *rd,
                     dt_check_run *cr, size_t *ncr, char *err, size_t errlen)
{
	const dt_pilot_run *base = NULL;
	*ncr = 0;
	for (size_t i = 0; i < a->nruns && !base; i++)
		if (a->runs[i].role == DT_RUN_BASELINE)
			base = &a->runs[i];
	a->verdicts = calloc(a->nruns ? a->nruns : 1, sizeof *a->verdicts);
	if (!a->verdicts) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < a->nruns; i++) {
		const dt_pilot_run *p = &a->runs[i];
		if (p->role != DT_RUN_PILOT)
			continue;
		run_data *d = &rd[*ncr];
		if (base ? pair(st, a, base, p, &d->loss, err, errlen) < 0 :
		    dt_run_series(st, &p->run, "loss", &d->loss, err, errlen) < 0)
			return -1;
		if (dt_store_fact_list(st, p->run.id, &d->facts, &d->nfacts) < 0)
			return fail_store(st, err, errlen);
		cr[*ncr] = (dt_check_run){p->run.name, &d->loss,
		                          p->run.logging_steps, d->facts, d->nfacts};
		(*ncr)++;
	}
	return 0;
}

/* Resume verdicts of the pilot-role runs (dt_assessment.resume). A run
 * whose check cannot load (no loss curve) keeps a zeroed result. */
static int load_resume(dt_store *st, dt_assessment *a, char *err,
                       size_t errlen)
{
	a->resume = calloc(a->nruns ? a->nruns : 1, sizeof *a->resume);
	if (!a->resume) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < a->nruns; i++) {
		dt_resume_refs refs;
		char e[600];
		if (a->runs[i].role != DT_RUN_PILOT)
			continue;
		/* the same references and call as resume-check RUN (one
		 * computation: dt_resume_run_refs) */
		dt_resume_refs_of(a->pilot.name, a->runs, a->nruns, a->drills,
		                  a->ndrills, a->runs[i].run.name, &refs);
		(void)dt_resume_run_refs(st, &a->runs[i].run, &refs, 0, NULL,
		                         &a->resume[i], e, sizeof e);
	}
	return 0;
}

int dt_assessment_restarts(dt_assessment *a, char *err, size_t errlen)
{
	size_t n = 0;
	free(a->restarts);
	a->restarts = NULL;
	a->nrestarts = 0;
	for (size_t i = 0; a->resume && i < a->nruns; i++)
		if (a->runs[i].role == DT_RUN_PILOT)
			n += a->resume[i].nv;
	if (n == 0)
		return 0;
	a->restarts = calloc(n, sizeof *a->restarts);
	if (!a->restarts) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < a->nruns; i++) {
		const dt_resume_run_result *r = &a->resume[i];
		if (a->runs[i].role != DT_RUN_PILOT)
			continue;
		for (size_t k = 0; k < r->nv; k++)
			a->restarts[a->nrestarts++] = (dt_check_restart){
				a->runs[i].run.name, r->v[k].at_step, r->v[k].pass,
				r->v[k].reason};
	}
	return 0;
}

static void compute_items(dt_assessment *a, const dt_check_run *cr, size_t ncr)
{
	dt_check_item *it = a->checklist.items;
	dt_step6_in s6 = {a->verdicts, a->nverdicts, cr, ncr, a->restarts,
	                  a->nrestarts, a->drills, a->ndrills, &a->card};
	dt_rule_step6(&s6, &it[DT_ITEM_STEP6].computed_status,
	              it[DT_ITEM_STEP6].computed_detail,
	              sizeof it[DT_ITEM_STEP6].computed_detail);
	dt_rule_trial1(cr, ncr, &it[DT_ITEM_TRIAL1].computed_status,
	               it[DT_ITEM_TRIAL1].computed_detail,
	               sizeof it[DT_ITEM_TRIAL1].computed_detail);
	dt_rule_trial5(cr, ncr, &it[DT_ITEM_TRIAL5].computed_status,
	               it[DT_ITEM_TRIAL5].computed_detail,
	               sizeof it[DT_ITEM_TRIAL5].computed_detail);
	dt_checklist_resolve(&a->checklist);
	dt_checklist_counts(&a->checklist, a->counts);
}

static int load_checklist(dt_store *st, dt_assessment *a, char *err,
                          size_t errlen)
{
	run_data *rd = calloc(a->nruns ? a->nruns : 1, sizeof *rd);
	dt_check_run *cr = calloc(a->nruns ? a->nruns : 1, sizeof *cr);
	size_t ncr = 0;
	int rc = -1;
	if (!rd || !cr)
		snprintf(err, errlen, "out of memory");
	else if (load_runs(st, a, rd, cr, &ncr, err, errlen) == 0) {
		compute_items(a, cr, ncr);
		rc = 0;
	}
	for (size_t i = 0; rd && i < a->nruns; i++) {
		dt_series_free(&rd[i].loss);
		free(rd[i].facts);
	}
	free(rd);
	free(cr);
	return rc;
}

/* Pilot by name, else by decimal id ("7" or "#7"). 0 / 1 / -1. */
static int find_pilot(dt_store *st, const char *name, dt_pilot *out)
{
	int rc = dt_store_pilot_find(st, name, out);
	const char *d = name[0] == '#' ? name + 1 : name;
	char *end;
	if (rc != 0 || !*d || strspn(d, "0123456789") != strlen(d))
		return rc;
	long long id = strtoll(d, &end, 10);
	dt_pilot *v = NULL;
	size_t n = 0;
	if (dt_store_pilot_list(st, &v, &n) < 0)
		return -1;
	rc = 1;
	for (size_t i = 0; i < n && rc; i++)
		if (v[i].id == id) {
			*out = v[i];
			rc = 0;
		}
	free(v);
	return rc;
}

/* Recovery of every drill against the card; blocking items. */
static int judge(dt_assessment *a, char *err, size_t errlen)
{
	a->recovery = calloc(a->ndrills ? a->ndrills : 1, sizeof *a->recovery);
	if (!a->recovery) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < a->ndrills; i++) {
		a->recovery[i] = dt_drill_recovery_check(&a->drills[i], &a->card);
		a->drills_over += a->recovery[i].state == DT_REC_OVER;
	}
	a->nblocking = dt_checklist_blocking(&a->checklist, a->blocking);
	return 0;
}

int dt_assessment_load(dt_store *st, const char *name, dt_assessment *a,
                       char *err, size_t errlen)
{
	memset(a, 0, sizeof *a);
	int rc = find_pilot(st, name, &a->pilot);
	if (rc != 0) {
		if (rc > 0)
			snprintf(err, errlen, "no pilot named '%s'", name);
		return rc < 0 ? fail_store(st, err, errlen) : 1;
	}
	int64_t id = a->pilot.id;
	if (dt_store_taskcard_load(st, id, &a->card) < 0 ||
	    dt_store_pilot_run_list(st, id, &a->runs, &a->nruns) < 0 ||
	    dt_store_drill_list(st, id, &a->drills, &a->ndrills) < 0 ||
	    dt_store_checklist_load(st, id, &a->checklist) < 0 ||
	    dt_store_decision_list(st, id, &a->decisions, &a->ndecisions) < 0) {
		fail_store(st, err, errlen);
		dt_assessment_free(a);
		return -1;
	}
	a->rules = dt_taskcard_parity(&a->card);
	dt_taskcard_rule(&a->card, &a->rule);
	/* the resume checks first: step 6 reads their restarts */
	if (load_resume(st, a, err, errlen) < 0 ||
	    dt_assessment_restarts(a, err, errlen) < 0 ||
	    load_checklist(st, a, err, errlen) < 0 || judge(a, err, errlen) < 0) {
		dt_assessment_free(a);
		return -1;
	}
	dt_chain_status g;
	if (chain_load(st, 0, &a->integrity, &g) < 0) {
		fail_store(st, err, errlen);
		dt_assessment_free(a);
		return -1;
	}
	rc = mark_decisions(a, &g);
	dt_chain_status_clear(&g);
	if (rc < 0) {
		snprintf(err, errlen, "out of memory");
		dt_assessment_free(a);
		return -1;
	}
	return 0;
}

/* The integrity check (the chain of records; the stored series
 * re-hashed only with with_series, as verify does) into *out; *g kept
 * for its per-row results (the caller clears it). 0 or -1 (store
 * error). */
static int chain_load(dt_store *st, int with_series, dt_integrity *out,
                      dt_chain_status *g)
{
	memset(out, 0, sizeof *out);
	if (dt_store_chain_verify(st, with_series, g) < 0)
		return -1;
	out->state = g->intact ? DT_INTEGRITY_INTACT : DT_INTEGRITY_ALTERED;
	out->intact = g->intact;
	out->first_bad_id = g->intact ? 0 : g->first_bad_id;
	snprintf(out->reason, sizeof out->reason, "%.255s", g->reason);
	snprintf(out->head_hash, sizeof out->head_hash, "%s", g->head_hash);
	out->values_altered = dt_store_chain_noted(st) > 0;
	return 0;
}

/* a->decision_altered from the chain check's per-row results. 0 or -1
 * (out of memory). */
static int mark_decisions(dt_assessment *a, const dt_chain_status *g)
{
	a->decision_altered = calloc(a->ndecisions ? a->ndecisions : 1, 1);
	if (!a->decision_altered)
		return -1;
	for (size_t i = 0; i < a->ndecisions; i++) {
		char ref[24];
		snprintf(ref, sizeof ref, "%lld", (long long)a->decisions[i].id);
		a->decision_altered[i] =
		    (unsigned char)dt_chain_row_bad(g, DT_CHAIN_DECISION, ref);
	}
	return 0;
}

int dt_integrity_load(dt_store *st, dt_integrity *out)
{
	dt_chain_status g;
	if (chain_load(st, 0, out, &g) < 0)
		return -1;
	dt_chain_status_clear(&g);
	return 0;
}

int dt_integrity_load_listing(dt_store *st, dt_integrity *out)
{
	dt_chain_status g;
	if (chain_load(st, 1, out, &g) < 0)
		return -1;
	/* every series was read and hashed: a changed one is named */
	for (size_t i = 0; i < g.nbad_rows; i++)
		if (g.bad_rows[i].kind == DT_CHAIN_SERIES ||
		    g.bad_rows[i].kind == DT_CHAIN_SERIES_LOD)
			out->values_altered = 1;
	dt_chain_status_clear(&g);
	return 0;
}

void dt_assessment_free(dt_assessment *a)
{
	if (!a)
		return;
	for (size_t i = 0; a->resume && i < a->nruns; i++)
		dt_resume_run_free(&a->resume[i]);
	free(a->resume);
	free(a->restarts);
	free(a->runs);
	free(a->verdicts);
	dt_checklist_free(&a->checklist);
	free(a->drills);
	free(a->recovery);
	dt_decisions_free(a->decisions, a->ndecisions);
	free(a->decision_altered);
	memset(a, 0, sizeof *a);
}

const char *dt_assessment_decision_label(const dt_assessment *a, size_t i,
                                         char *buf, size_t n)
{
	int bad = a->decision_altered && a->decision_altered[i];
	snprintf(buf, n, "%s%s", dt_decision_label(&a->decisions[i]),
	         bad ? " ALTERED" : "");
	return buf;
}

const dt_decision *dt_assessment_latest(const dt_assessment *a)
{
	return a->ndecisions ? &a->decisions[a->ndecisions - 1] : NULL;
}

/* 1 when text names record id: "record ID" or "records ID.." (not
 * "record ID0"). */
static int names_record(const char *text, int64_t id)
{
	char num[24];
	size_t len = (size_t)snprintf(num, sizeof num, "%lld", (long long)id);
	for (const char *p = strstr(text, "record"); p;
	     p = strstr(p + 1, "record")) {
		const char *q = p + 6;
		if (*q == 's')
			q++;
		if (*q == ' ' && !strncmp(q + 1, num, len) &&
		    !isdigit((unsigned char)q[1 + len]))
			return 1;
	}
	return 0;
}

const char *dt_integrity_text(const dt_integrity *g, char *buf, size_t n)
{
	if (g->first_bad_id <= 0)
		snprintf(buf, n, "a record with no chain entry: %s", g->reason);
	else if (names_record(g->reason, g->first_bad_id))
		snprintf(buf, n, "%s", g->reason);
	else
		snprintf(buf, n, "first bad record %lld: %s",
		         (long long)g->first_bad_id, g->reason);
	return buf;
}

const char *dt_integrity_line(const dt_integrity *g, char *buf, size_t n)
{
	char what[sizeof g->reason + 64];
	snprintf(buf, n, "ALTERED: records were changed outside dualtrack; %s "
	         "(dualtrack verify lists all)",
	         dt_integrity_text(g, what, sizeof what));
	return buf;
}

const char *dt_integrity_state_name(dt_integrity_state s)
{
	switch (s) {
	case DT_INTEGRITY_INTACT: return "intact";
	case DT_INTEGRITY_ALTERED: return "ALTERED";
	default: return "not checked";
	}
}
