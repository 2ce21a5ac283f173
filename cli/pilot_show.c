/* pilot_show.c: a pilot's overview as text and JSON (pilot_show.h). */
#include "cli/pilot_show.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "model/service/overview.h"
#include "model/util/text.h"

/* Sanitised copy of s in buf (size n), for the terminal. */
static const char *safe(const char *s, char *buf, size_t n)
{
	dt_sanitize(s, buf, n);
	return buf;
}

void dt_drill_json(dt_jw *w, const dt_drill *d, double acceptable)
{
	double rec;
	int has_rec = dt_drill_recovery(d, &rec) == 0;
	dt_jw_obj_begin(w);
	dt_jw_key(w, "id"); dt_jw_int(w, d->id);
	dt_jw_key(w, "kind"); dt_jw_str(w, dt_drill_kind_name(d->kind));
	dt_jw_key(w, "run_before"); dt_jw_str(w, d->run_before);
	dt_jw_key(w, "run_after"); dt_jw_str(w, d->run_after);
	dt_jw_key(w, "checkpoint");
	dt_jw_obj_begin(w);
	dt_jw_key(w, "id"); dt_jw_str(w, d->checkpoint_id);
	dt_jw_key(w, "location"); dt_jw_str(w, d->checkpoint_location);
	dt_jw_key(w, "checksum"); dt_jw_str(w, d->checkpoint_checksum);
	dt_jw_key(w, "step"); dt_jw_int(w, d->checkpoint_step);
	dt_jw_obj_end(w);
	dt_jw_key(w, "resumed_step"); dt_jw_int(w, d->resumed_step);
	dt_jw_key(w, "fault_time"); dt_jw_str(w, d->fault_time);
	dt_jw_key(w, "resumed_time"); dt_jw_str(w, d->resumed_time);
	dt_jw_key(w, "recovery_seconds");
	if (has_rec)
		dt_jw_num(w, rec);
	else
		dt_jw_null(w);
	dt_jw_key(w, "recovery_ok");
	if (has_rec && acceptable >= 0)
		dt_jw_bool(w, rec <= acceptable);
	else
		dt_jw_null(w);
	dt_jw_key(w, "note"); dt_jw_str(w, d->note);
	dt_jw_key(w, "created_by"); dt_jw_str(w, d->created_by);
	dt_jw_key(w, "created_at"); dt_jw_str(w, d->created_at);
	dt_jw_key(w, "checks");
	dt_jw_obj_begin(w);
	for (int k = 0; k < DT_DC_COUNT; k++) {
		const dt_drill_check *c = &d->checks[k];
		dt_jw_key(w, dt_drill_item_name((dt_drill_item)k));
		dt_jw_obj_begin(w);
		dt_jw_key(w, "status"); dt_jw_str(w, dt_dc_status_name(c->status));
		dt_jw_key(w, "note"); dt_jw_str(w, c->note);
		dt_jw_key(w, "source"); dt_jw_str(w, c->source);
		dt_jw_key(w, "set_by"); dt_jw_str(w, c->set_by);
		dt_jw_obj_end(w);
	}
	dt_jw_obj_end(w);
	dt_jw_obj_end(w);
}

static void json_counts(dt_jw *w, const size_t counts[4])
{
	dt_jw_obj_begin(w);
	for (int s = 0; s < 4; s++) {
		dt_jw_key(w, dt_check_status_name((dt_check_status)s));
		dt_jw_int(w, (int64_t)counts[s]);
	}
	dt_jw_obj_end(w);
}

static void json_decision(dt_jw *w, const dt_decision *d)
{
	dt_jw_obj_begin(w);
	dt_jw_key(w, "id"); dt_jw_int(w, d->id);
	dt_jw_key(w, "kind"); dt_jw_str(w, d->kind_text);
	dt_jw_key(w, "rationale"); dt_jw_str(w, d->rationale);
	dt_jw_key(w, "deciders");
	dt_jw_arr_begin(w);
	for (size_t k = 0; k < d->ndeciders; k++) {
		dt_jw_obj_begin(w);
		dt_jw_key(w, "name"); dt_jw_str(w, d->deciders[k].name);
		dt_jw_key(w, "role");
		dt_jw_str(w, dt_decider_role_name(d->deciders[k].role));
		dt_jw_obj_end(w);
	}
	dt_jw_arr_end(w);
	dt_jw_key(w, "recorded_by"); dt_jw_str(w, d->recorded_by);
	dt_jw_key(w, "decided_at"); dt_jw_str(w, d->decided_at);
	dt_jw_key(w, "supersedes"); dt_jw_int(w, d->supersedes);
	dt_jw_key(w, "forced_past");
	if (d->forced_past[0])
		dt_jw_str(w, d->forced_past);
	else
		dt_jw_null(w);
	dt_jw_key(w, "evidence_digest"); dt_jw_str(w, d->evidence_digest);
	dt_jw_key(w, "hash"); dt_jw_str(w, d->hash);
	dt_jw_obj_end(w);
}

static void json_check(dt_jw *w, const dt_check_item *it)
{
	dt_jw_obj_begin(w);
	dt_jw_key(w, "id"); dt_jw_str(w, dt_check_defs[it->id].id);
	dt_jw_key(w, "title"); dt_jw_str(w, dt_check_defs[it->id].title);
	dt_jw_key(w, "status"); dt_jw_str(w, dt_check_status_name(it->status));
	dt_jw_key(w, "computed"); dt_jw_bool(w, it->computed);
	dt_jw_key(w, "computed_status");
	if (it->computed)
		dt_jw_str(w, dt_check_status_name(it->computed_status));
	else
		dt_jw_null(w);
	dt_jw_key(w, "computed_detail"); dt_jw_str(w, it->computed_detail);
	dt_jw_key(w, "overridden"); dt_jw_bool(w, it->overridden);
	dt_jw_key(w, "note"); dt_jw_str(w, it->entry.note);
	dt_jw_key(w, "reason"); dt_jw_str(w, it->entry.reason);
	dt_jw_key(w, "set_by"); dt_jw_str(w, it->entry.set_by);
	dt_jw_key(w, "set_at"); dt_jw_str(w, it->entry.set_at);
	dt_jw_key(w, "evidence");
	dt_jw_arr_begin(w);
	for (size_t k = 0; k < it->nevidence; k++) {
		dt_jw_obj_begin(w);
		dt_jw_key(w, "kind"); dt_jw_str(w, it->evidence[k].kind);
		dt_jw_key(w, "ref"); dt_jw_str(w, it->evidence[k].ref);
		dt_jw_key(w, "sha256"); dt_jw_str(w, it->evidence[k].sha256);
		dt_jw_key(w, "added_by"); dt_jw_str(w, it->evidence[k].added_by);
		dt_jw_obj_end(w);
	}
	dt_jw_arr_end(w);
	dt_jw_obj_end(w);
}

static void json_verdict(dt_jw *w, const dt_run_verdict *v)
{
	dt_jw_obj_begin(w);
	dt_jw_key(w, "baseline"); dt_jw_str(w, v->baseline);
	dt_jw_key(w, "pilot"); dt_jw_str(w, v->pilot);
	dt_jw_key(w, "verdict"); dt_jw_str(w, dt_verdict_name(v->verdict));
	dt_jw_key(w, "compared"); dt_jw_int(w, (int64_t)v->compared);
	dt_jw_key(w, "breaches"); dt_jw_int(w, (int64_t)v->breaches);
	dt_jw_key(w, "allowed_breaches"); dt_jw_int(w, (int64_t)v->allowed);
	dt_jw_key(w, "max_abs_rel_diff");
	if (isnan(v->max_abs_rel_diff))
		dt_jw_null(w);
	else
		dt_jw_num(w, v->max_abs_rel_diff);
	dt_jw_obj_end(w);
}

/* "resume" of a pilot run: restarts, failed, checkpoint steps and the
 * verdict per restart (what resume-check --json gives in full). */
static void json_resume(dt_jw *w, const dt_resume_run_result *r)
{
	size_t failed = 0;
	for (size_t i = 0; i < r->nv; i++)
		failed += !r->v[i].pass;
	dt_jw_key(w, "resume");
	dt_jw_obj_begin(w);
	dt_jw_key(w, "restarts"); dt_jw_int(w, (int64_t)r->nv);
	dt_jw_key(w, "failed"); dt_jw_int(w, (int64_t)failed);
	dt_jw_key(w, "checkpoints");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < r->nckpt; i++)
		dt_jw_int(w, r->ckpt[i]);
	dt_jw_arr_end(w);
	dt_jw_key(w, "checkpoint_drill");
	if (r->ckpt_drill) dt_jw_int(w, r->ckpt_drill); else dt_jw_null(w);
	dt_jw_key(w, "verdicts");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < r->nv; i++) {
		dt_jw_obj_begin(w);
		dt_jw_key(w, "at_step"); dt_jw_int(w, r->v[i].at_step);
		dt_jw_key(w, "verdict");
		dt_jw_str(w, r->v[i].pass ? "pass" : "fail");
		dt_jw_key(w, "failed_checks");
		dt_jw_arr_begin(w);
		for (int c = 0; c < DT_RESUME_NCHECKS; c++)
			if (r->v[i].check[c] == DT_CHECK_FAIL)
				dt_jw_str(w, dt_resume_check_key(c));
		dt_jw_arr_end(w);
		dt_jw_obj_end(w);
	}
	dt_jw_arr_end(w);
	dt_jw_obj_end(w);
}

static void show_json(const dt_overview *ov)
{
	dt_jw w;
	double acc;
	if (dt_taskcard_recovery(&ov->card, &acc) != 0)
		acc = -1;
	dt_jw_init(&w, stdout, 1);
	dt_jw_obj_begin(&w);
	dt_jw_key(&w, "name"); dt_jw_str(&w, ov->pilot.name);
	dt_jw_key(&w, "created_by"); dt_jw_str(&w, ov->pilot.created_by);
	dt_jw_key(&w, "created_at"); dt_jw_str(&w, ov->pilot.created_at);
	dt_jw_key(&w, "taskcard");
	dt_jw_obj_begin(&w);
	for (int i = 0; i < DT_TC_COUNT; i++) {
		dt_jw_key(&w, dt_taskcard_defs[i].key);
		dt_jw_str(&w, ov->card.value[i]);
	}
	dt_jw_obj_end(&w);
	dt_jw_key(&w, "runs");
	dt_jw_arr_begin(&w);
	for (size_t i = 0; i < ov->nruns; i++) {
		dt_jw_obj_begin(&w);
		dt_jw_key(&w, "name"); dt_jw_str(&w, ov->runs[i].run.name);
		dt_jw_key(&w, "role"); dt_jw_str(&w, dt_run_role_name(ov->runs[i].role));
		dt_jw_key(&w, "platform"); dt_jw_str(&w, ov->runs[i].run.platform);
		if (ov->resume[i].nseg)
			json_resume(&w, &ov->resume[i]);
		dt_jw_obj_end(&w);
	}
	dt_jw_arr_end(&w);
	dt_jw_key(&w, "verdicts");
	dt_jw_arr_begin(&w);
	for (size_t i = 0; i < ov->nverdicts; i++)
		json_verdict(&w, &ov->verdicts[i]);
	dt_jw_arr_end(&w);
	dt_jw_key(&w, "checklist");
	dt_jw_arr_begin(&w);
	for (int i = 0; i < DT_ITEM_COUNT; i++)
		json_check(&w, &ov->checklist.items[i]);
	dt_jw_arr_end(&w);
	dt_jw_key(&w, "counts"); json_counts(&w, ov->counts);
	dt_check_id blk[DT_ITEM_COUNT];
	size_t nb = dt_checklist_blocking(&ov->checklist, blk);
	dt_jw_key(&w, "blocking");
	dt_jw_arr_begin(&w);
	for (size_t i = 0; i < nb; i++)
		dt_jw_str(&w, dt_check_defs[blk[i]].id);
	dt_jw_arr_end(&w);
	dt_jw_key(&w, "drills");
	dt_jw_arr_begin(&w);
	for (size_t i = 0; i < ov->ndrills; i++)
		dt_drill_json(&w, &ov->drills[i], acc);
	dt_jw_arr_end(&w);
	dt_jw_key(&w, "decisions");
	dt_jw_arr_begin(&w);
	for (size_t i = 0; i < ov->ndecisions; i++)
		json_decision(&w, &ov->decisions[i]);
	dt_jw_arr_end(&w);
	dt_jw_obj_end(&w);
	dt_jw_end(&w);
}

static void text_checklist(const dt_overview *ov)
{
	char b1[1100], b2[600];
	printf("\nchecklist (%zu pass, %zu fail, %zu pending, %zu waived;"
	       " * = computed from the data):\n", ov->counts[DT_CK_PASS],
	       ov->counts[DT_CK_FAIL], ov->counts[DT_CK_PENDING],
	       ov->counts[DT_CK_WAIVED]);
	for (int i = 0; i < DT_ITEM_COUNT; i++) {
		const dt_check_item *it = &ov->checklist.items[i];
		printf("  %-6s %-7s %c %s\n", dt_check_defs[i].id,
		       dt_check_status_name(it->status), it->computed ? '*' : ' ',
		       dt_check_defs[i].title);
		if (it->computed)
			printf("           computed %s: %s%s\n",
			       dt_check_status_name(it->computed_status),
			       safe(it->computed_detail, b2, sizeof b2),
			       it->overridden ? " [OVERRIDDEN by a person]" : "");
		if (it->has_entry)
			printf("           set by %s at %s%s%s\n",
			       safe(it->entry.set_by, b1, sizeof b1), it->entry.set_at,
			       it->entry.reason[0] ? "; reason: " : "",
			       safe(it->entry.reason, b2, sizeof b2));
		if (it->has_entry && it->entry.note[0])
			printf("           note: %s\n", safe(it->entry.note, b1, sizeof b1));
		for (size_t k = 0; k < it->nevidence; k++)
			printf("           evidence %s:%s%s%.12s\n", it->evidence[k].kind,
			       safe(it->evidence[k].ref, b1, sizeof b1),
			       it->evidence[k].sha256[0] ? " sha256 " : "",
			       it->evidence[k].sha256);
	}
}

static void text_drills(const dt_overview *ov)
{
	char b1[1100], b2[600];
	double acc;
	int has_acc = dt_taskcard_recovery(&ov->card, &acc) == 0;
	printf("\ndrills: %zu\n", ov->ndrills);
	for (size_t i = 0; i < ov->ndrills; i++) {
		const dt_drill *d = &ov->drills[i];
		double rec;
		printf("  #%lld %s: run %s%s%s, checkpoint %s (step %lld), resumed "
		       "at step %lld", (long long)d->id, dt_drill_kind_name(d->kind),
		       d->run_before[0] ? safe(d->run_before, b1, sizeof b1) : "-",
		       d->run_after[0] ? " -> " : "",
		       safe(d->run_after, b2, sizeof b2),
		       d->checkpoint_id[0] ? d->checkpoint_id : "-",
		       (long long)d->checkpoint_step, (long long)d->resumed_step);
		if (dt_drill_recovery(d, &rec) == 0)
			printf(", recovery %.0f s%s", rec, !has_acc ? "" :
			       rec <= acc ? " (within the card's limit)" :
			       " (OVER the card's limit)");
		putchar('\n');
		for (int k = 0; k < DT_DC_COUNT; k++)
			printf("      %-15s %-11s %s\n",
			       dt_drill_item_name((dt_drill_item)k),
			       dt_dc_status_name(d->checks[k].status),
			       safe(d->checks[k].note, b1, sizeof b1));
	}
}

static void show_text(const dt_overview *ov)
{
	char b1[1100], b2[600];
	printf("pilot %s (created by %s at %s)\n\ntask card:\n",
	       safe(ov->pilot.name, b1, sizeof b1),
	       safe(ov->pilot.created_by, b2, sizeof b2), ov->pilot.created_at);
	for (int i = 0; i < DT_TC_COUNT; i++)
		printf("  %-18s %s\n", dt_taskcard_defs[i].key,
		       ov->card.value[i][0] ? safe(ov->card.value[i], b1, sizeof b1)
		       : "-");
	printf("\nruns:\n");
	for (size_t i = 0; i < ov->nruns; i++)
		printf("  %-8s %s (%s)\n", dt_run_role_name(ov->runs[i].role),
		       safe(ov->runs[i].run.name, b1, sizeof b1),
		       ov->runs[i].run.platform);
	for (size_t i = 0; i < ov->nverdicts; i++) {
		const dt_run_verdict *v = &ov->verdicts[i];
		printf("  parity %s vs %s: %s (%zu steps, %zu breaches, allowed %zu)\n",
		       safe(v->pilot, b1, sizeof b1), safe(v->baseline, b2, sizeof b2),
		       dt_verdict_name(v->verdict), v->compared, v->breaches,
		       v->allowed);
	}
	for (size_t i = 0; i < ov->nruns; i++) {
		char sum[600];
		if (ov->resume[i].nv == 0)
			continue;
		printf("  resume %s: %s; %s\n",
		       safe(ov->runs[i].run.name, b1, sizeof b1),
		       dt_resume_summary(&ov->resume[i], sum, sizeof sum),
		       dt_resume_ckpt_text(&ov->resume[i], b2, sizeof b2));
	}
	text_checklist(ov);
	text_drills(ov);
	printf("\ndecisions: %zu\n", ov->ndecisions);
	for (size_t i = 0; i < ov->ndecisions; i++) {
		const dt_decision *d = &ov->decisions[i];
		printf("  #%lld %s at %s by %s: %s\n", (long long)d->id, d->kind_text,
		       d->decided_at, safe(d->recorded_by, b2, sizeof b2),
		       safe(d->rationale, b1, sizeof b1));
		for (size_t k = 0; k < d->ndeciders; k++)
			printf("      decider %s (%s)\n",
			       safe(d->deciders[k].name, b2, sizeof b2),
			       dt_decider_role_name(d->deciders[k].role));
		if (d->forced_past[0])
			printf("      forced past: %s\n",
			       safe(d->forced_past, b1, sizeof b1));
		if (d->supersedes)
			printf("      supersedes #%lld\n", (long long)d->supersedes);
		else
			printf("      first decision\n");
		printf("      evidence sha256 %s\n", d->evidence_digest);
	}
}

int dt_pilot_show(dt_store *st, const char *name, int json)
{
	dt_overview ov;
	char err[600];
	int rc = dt_overview_load(st, name, &ov, err, sizeof err);
	if (rc > 0)
		return dt_cli_find_pilot(st, name) < 0 ? DT_EXIT_USAGE : DT_EXIT_OK;
	if (rc < 0) {
		fprintf(stderr, "dualtrack: %s\n", err);
		return DT_EXIT_USAGE;
	}
	if (json)
		show_json(&ov);
	else
		show_text(&ov);
	dt_overview_free(&ov);
	return DT_EXIT_OK;
}

/* Overview of a list row; returns 0 when loaded. */
static int summary(dt_store *st, const dt_pilot *p, dt_overview *ov,
                   size_t *nb, size_t *np)
{
	char err[600];
	*nb = *np = 0;
	if (dt_overview_load(st, p->name, ov, err, sizeof err) != 0)
		return -1;
	for (size_t i = 0; i < ov->nruns; i++)
		(*(ov->runs[i].role == DT_RUN_PILOT ? np : nb))++;
	return 0;
}

void dt_pilot_show_summary_json(dt_jw *w, dt_store *st, const dt_pilot *p)
{
	dt_overview ov;
	size_t nb, np;
	int ok = summary(st, p, &ov, &nb, &np) == 0;
	dt_jw_obj_begin(w);
	dt_jw_key(w, "name"); dt_jw_str(w, p->name);
	dt_jw_key(w, "created_by"); dt_jw_str(w, p->created_by);
	dt_jw_key(w, "created_at"); dt_jw_str(w, p->created_at);
	if (ok) {
		const dt_decision *d = dt_overview_latest(&ov);
		dt_jw_key(w, "baselines"); dt_jw_int(w, (int64_t)nb);
		dt_jw_key(w, "pilots"); dt_jw_int(w, (int64_t)np);
		dt_jw_key(w, "counts"); json_counts(w, ov.counts);
		dt_jw_key(w, "latest_decision");
		if (d)
			dt_jw_str(w, d->kind_text);
		else
			dt_jw_null(w);
		dt_overview_free(&ov);
	}
	dt_jw_obj_end(w);
}

void dt_pilot_show_summary_text(dt_store *st, const dt_pilot *p)
{
	dt_overview ov;
	size_t nb, np;
	char b1[300], runs[32], checks[32];
	if (summary(st, p, &ov, &nb, &np) != 0) {
		printf("%-32s (unreadable)\n", safe(p->name, b1, sizeof b1));
		return;
	}
	const dt_decision *d = dt_overview_latest(&ov);
	snprintf(runs, sizeof runs, "%zu/%zu", nb, np);
	snprintf(checks, sizeof checks, "%zu/%d", ov.counts[DT_CK_PASS] +
	         ov.counts[DT_CK_WAIVED], DT_ITEM_COUNT);
	printf("%-32s %-9s %-8s %-10s %s\n", safe(p->name, b1, sizeof b1), runs,
	       checks, d ? d->kind_text : "-", p->created_at);
	dt_overview_free(&ov);
}
