/* pilot_show.c: a pilot's overview as text and JSON (pilot_show.h). */
#include "cli/pilot_show.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/compare_print.h"
#include "model/service/assessment.h"
#include "model/util/num.h"
#include "model/util/text.h"

/* Sanitised copy of s in buf (size n), for the terminal. */
static const char *safe(const char *s, char *buf, size_t n)
{
	dt_sanitize(s, buf, n);
	return buf;
}

/* Indents of the lines after the first of a multi-line text (a note, a
 * reason): two blanks deeper than the line it starts on. */
#define DETAIL_MORE "             "  /* under a checklist item's detail line */
#define CHECK_MORE "        "        /* under a drill's check row */

/* Room for a 511-byte note or reason of newlines, each followed by the
 * deepest indent (DETAIL_MORE). */
#define LINES_MAX (511 * (1 + sizeof DETAIL_MORE - 1) + 1)

/* Sanitised copy of the multi-line text s in buf (size n), its newlines
 * kept, each continuation line after indent (dt_sanitize_lines). */
static const char *safe_lines(const char *s, const char *indent, char *buf,
                              size_t n)
{
	dt_sanitize_lines(s, indent, buf, n);
	return buf;
}

/* A drill's step, or null when not recorded (dt_drill_step_known). */
static void step_json(dt_jw *w, int64_t step)
{
	if (dt_drill_step_known(step))
		dt_jw_int(w, step);
	else
		dt_jw_null(w);
}

void dt_drill_json(dt_jw *w, const dt_drill *d, const dt_recovery_check *rc)
{
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
	dt_jw_key(w, "step"); step_json(w, d->checkpoint_step);
	dt_jw_obj_end(w);
	dt_jw_key(w, "resumed_step"); step_json(w, d->resumed_step);
	dt_jw_key(w, "fault_time"); dt_jw_str(w, d->fault_time);
	dt_jw_key(w, "resumed_time"); dt_jw_str(w, d->resumed_time);
	dt_jw_key(w, "recovery_seconds");
	if (isnan(rc->seconds)) dt_jw_null(w); else dt_jw_num(w, rc->seconds);
	dt_jw_key(w, "recovery_limit_seconds");
	if (isnan(rc->limit)) dt_jw_null(w); else dt_jw_num(w, rc->limit);
	dt_jw_key(w, "recovery"); dt_jw_str(w, dt_recovery_state_name(rc->state));
	dt_jw_key(w, "recovery_ok");
	if (rc->state == DT_REC_WITHIN || rc->state == DT_REC_OVER)
		dt_jw_bool(w, rc->state == DT_REC_WITHIN);
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

void dt_deciders_json(dt_jw *w, const dt_decision *d)
{
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
}

static void json_decision(dt_jw *w, const dt_decision *d)
{
	dt_jw_obj_begin(w);
	dt_jw_key(w, "id"); dt_jw_int(w, d->id);
	dt_jw_key(w, "kind"); dt_jw_str(w, d->kind_text);
	dt_jw_key(w, "rationale"); dt_jw_str(w, d->rationale);
	dt_deciders_json(w, d);
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
	dt_jw_key(w, "rule"); dt_jw_str(w, dt_rule_name(v->rule));
	dt_jw_key(w, "compared"); dt_jw_int(w, (int64_t)v->compared);
	dt_jw_key(w, "breaches"); dt_jw_int(w, (int64_t)v->breaches);
	dt_jw_key(w, "allowed_breaches"); dt_jw_int(w, (int64_t)v->allowed);
	dt_jw_key(w, "max_abs_rel_diff");
	dt_jw_num_or_null(w, v->max_abs_rel_diff);
	dt_jw_key(w, "noise_ratio"); dt_jw_num_or_null(w, v->noise_ratio);
	dt_jw_key(w, "findings"); dt_jw_int(w, (int64_t)v->nfindings);
	dt_jw_key(w, "verdict_note"); dt_jw_str_or_null(w, v->note);
	dt_jw_key(w, "reason"); dt_jw_str_or_null(w, v->reason);
	dt_jw_key(w, "sentence"); dt_jw_str(w, v->sentence);
	dt_jw_key(w, "statement"); dt_jw_str(w, v->statement);
	dt_jw_obj_end(w);
}

/* "rules": the settings in force, and "defaults": the task card keys of
 * those the card leaves unset (the built-in default, "(default)" in the
 * text's task card rows). */
static void json_rules(dt_jw *w, const dt_assessment *a)
{
	dt_jw_key(w, "rules");
	dt_jw_obj_begin(w);
	dt_jw_key(w, "rtol"); dt_jw_num(w, a->rules.rtol);
	dt_jw_key(w, "atol"); dt_jw_num(w, a->rules.atol);
	dt_jw_key(w, "warmup"); dt_jw_int(w, a->rules.warmup);
	dt_jw_key(w, "rule"); dt_jw_str(w, dt_rule_name(a->rule));
	dt_jw_key(w, "defaults");
	dt_jw_arr_begin(w);
	for (int i = 0; i < DT_TC_COUNT; i++) {
		char v[48];
		if (dt_rules_setting_text(&a->rules, a->rule, &a->card, i, v,
		                          sizeof v) == 1)
			dt_jw_str(w, dt_taskcard_defs[i].key);
	}
	dt_jw_arr_end(w);
	dt_jw_obj_end(w);
}

void dt_resume_ckpt_json(dt_jw *w, const dt_resume_run_result *r)
{
	dt_jw_key(w, "checkpoints");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < r->nckpt; i++)
		dt_jw_int(w, r->ckpt[i]);
	dt_jw_arr_end(w);
	dt_jw_key(w, "checkpoint_drill");
	if (r->ckpt_drill) dt_jw_int(w, r->ckpt_drill); else dt_jw_null(w);
	/* every drill of each step (null: a step given), and its step */
	for (int steps = 0; steps < 2; steps++) {
		dt_jw_key(w, steps ? "checkpoint_drill_steps" : "checkpoint_drills");
		dt_jw_arr_begin(w);
		for (size_t i = 0; i < r->nckpt; i++) {
			size_t k = 0;
			for (size_t c = 0; c < r->credits.n; c++)
				if (r->credits.step[c] == r->ckpt[i]) {
					dt_jw_int(w, steps ? r->ckpt[i] : r->credits.drill[c]);
					k++;
				}
			if (k == 0) {
				if (steps)
					dt_jw_int(w, r->ckpt[i]);
				else
					dt_jw_null(w);
			}
		}
		dt_jw_arr_end(w);
	}
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
	dt_resume_ckpt_json(w, r);
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

static void show_json(const dt_assessment *ov)
{
	dt_jw w;
	dt_jw_init(&w, stdout, 1);
	dt_jw_obj_begin(&w);
	dt_jw_key(&w, "name"); dt_jw_str(&w, ov->pilot.name);
	dt_jw_key(&w, "created_by"); dt_jw_str(&w, ov->pilot.created_by);
	dt_jw_key(&w, "created_at"); dt_jw_str(&w, ov->pilot.created_at);
	dt_jw_key(&w, "taskcard");
	dt_jw_obj_begin(&w);
	for (int i = 0; i < DT_TC_COUNT; i++) {
		char v[48];
		/* a rule setting the card leaves unset: the default in force, as
		 * the text's row ("rules" names these in "defaults") */
		int dflt = dt_rules_setting_text(&ov->rules, ov->rule, &ov->card,
		                                 i, v, sizeof v) == 1;
		dt_jw_key(&w, dt_taskcard_defs[i].key);
		dt_jw_str(&w, dflt ? v : ov->card.value[i]);
	}
	dt_jw_obj_end(&w);
	json_rules(&w, ov);
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
	dt_jw_key(&w, "blocking");
	dt_jw_arr_begin(&w);
	for (size_t i = 0; i < ov->nblocking; i++)
		dt_jw_str(&w, dt_check_defs[ov->blocking[i]].id);
	dt_jw_arr_end(&w);
	dt_jw_key(&w, "drills");
	dt_jw_arr_begin(&w);
	for (size_t i = 0; i < ov->ndrills; i++)
		dt_drill_json(&w, &ov->drills[i], &ov->recovery[i]);
	dt_jw_arr_end(&w);
	dt_jw_key(&w, "decisions");
	dt_jw_arr_begin(&w);
	for (size_t i = 0; i < ov->ndecisions; i++)
		json_decision(&w, &ov->decisions[i]);
	dt_jw_arr_end(&w);
	dt_print_integrity_json(&w, &ov->integrity);
	dt_jw_obj_end(&w);
	dt_jw_end(&w);
}

static void text_checklist(const dt_assessment *a)
{
	char b1[1100], b2[1100], b3[200], lines[LINES_MAX];
	printf("\nchecklist (%zu pass, %zu fail, %zu pending, %zu waived;"
	       " * = computed from the data):\n", a->counts[DT_CK_PASS],
	       a->counts[DT_CK_FAIL], a->counts[DT_CK_PENDING],
	       a->counts[DT_CK_WAIVED]);
	for (int i = 0; i < DT_ITEM_COUNT; i++) {
		const dt_check_item *it = &a->checklist.items[i];
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
			       safe(it->entry.set_by, b1, sizeof b1),
			       safe(it->entry.set_at, b3, sizeof b3),
			       it->entry.reason[0] ? "; reason: " : "",
			       safe_lines(it->entry.reason, DETAIL_MORE, lines,
			                  sizeof lines));
		if (it->has_entry && it->entry.note[0])
			printf("           note: %s\n",
			       safe_lines(it->entry.note, DETAIL_MORE, lines,
			                  sizeof lines));
		for (size_t k = 0; k < it->nevidence; k++)
			printf("           evidence %s:%s%s%.12s\n",
			       safe(it->evidence[k].kind, b3, sizeof b3),
			       safe(it->evidence[k].ref, b1, sizeof b1),
			       it->evidence[k].sha256[0] ? " sha256 " : "",
			       safe(it->evidence[k].sha256, b2, sizeof b2));
	}
	if (a->nblocking) {
		char open[1024];
		dt_checklist_open_text(&a->checklist, open, sizeof open);
		printf("  blocking go: %s\n", open);
	} else {
		printf("  nothing blocks a go\n");
	}
}

static void text_drills(const dt_assessment *a)
{
	char b1[1100], b2[1100], ck[600], rec[128], lines[LINES_MAX];
	char cs[24], rs[24];
	printf("\ndrills: %zu%s\n", a->ndrills,
	       a->drills_over ? " (recovery over the card's limit: see below)"
	                      : "");
	for (size_t i = 0; i < a->ndrills; i++) {
		const dt_drill *d = &a->drills[i];
		printf("  #%lld %s: run %s%s%s, checkpoint %s (step %s), resumed at "
		       "step %s",
		       (long long)d->id, dt_drill_kind_name(d->kind),
		       d->run_before[0] ? safe(d->run_before, b1, sizeof b1) : "-",
		       d->run_after[0] ? " -> " : "",
		       safe(d->run_after, b2, sizeof b2),
		       d->checkpoint_id[0] ? safe(d->checkpoint_id, ck, sizeof ck)
		                           : "-",
		       dt_drill_step_text(d->checkpoint_step, cs, sizeof cs),
		       dt_drill_step_text(d->resumed_step, rs, sizeof rs));
		printf(", recovery %s\n", dt_recovery_text(&a->recovery[i], rec,
		                                          sizeof rec));
		for (int k = 0; k < DT_DC_COUNT; k++)
			printf("      %-15s %-11s %s\n",
			       dt_drill_item_name((dt_drill_item)k),
			       dt_dc_status_name(d->checks[k].status),
			       safe_lines(d->checks[k].note, CHECK_MORE, lines,
			                  sizeof lines));
	}
}

static void text_decisions(const dt_assessment *a)
{
	char b1[4200], b2[200], b4[100];
	printf("\ndecisions: %zu\n", a->ndecisions);
	for (size_t i = 0; i < a->ndecisions; i++) {
		const dt_decision *d = &a->decisions[i];
		char label[64];
		printf("  #%lld %s at %s by %s: ", (long long)d->id,
		       dt_assessment_decision_label(a, i, label, sizeof label),
		       safe(d->decided_at, b4, sizeof b4),
		       safe(d->recorded_by, b2, sizeof b2));
		/* its lines as lines, continuations indented under the
		 * decision */
		dt_sanitize_lines(d->rationale, "    ", b1, sizeof b1);
		printf("%s\n", b1);
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
		printf("      evidence sha256 %s\n",
		       safe(d->evidence_digest, b2, sizeof b2));
	}
}

static void text_runs(const dt_assessment *a)
{
	char b1[1100], b2[1100], b3[sizeof a->verdicts[0].statement * 2];
	printf("\nruns:\n");
	for (size_t i = 0; i < a->nruns; i++)
		printf("  %-8s %s (%s)\n", dt_run_role_name(a->runs[i].role),
		       safe(a->runs[i].run.name, b1, sizeof b1),
		       safe(a->runs[i].run.platform, b2, sizeof b2));
	char rules[400];
	dt_rules_source_text(&a->rules, a->rule, &a->card, a->pilot.name, NULL,
	                     rules, sizeof rules);
	printf("  %s; the %s rule decides\n", safe(rules, b1, sizeof b1),
	       dt_rule_name(a->rule));
	for (size_t i = 0; i < a->nverdicts; i++) {
		const dt_run_verdict *v = &a->verdicts[i];
		printf("  parity %s vs %s: %s\n", safe(v->pilot, b1, sizeof b1),
		       safe(v->baseline, b2, sizeof b2),
		       dt_verdict_word(v->verdict));
		/* the sentence with its findings, as gate and the pack say it */
		printf("    %s\n", safe(v->statement, b3, sizeof b3));
	}
	for (size_t i = 0; i < a->nruns; i++) {
		char sum[600], ck[600], s1[1300], s2[1300];
		if (a->resume[i].nv == 0)
			continue;
		dt_resume_summary(&a->resume[i], sum, sizeof sum);
		dt_resume_ckpt_text(&a->resume[i], ck, sizeof ck);
		printf("  resume %s: %s; %s\n",
		       safe(a->runs[i].run.name, b1, sizeof b1),
		       safe(sum, s1, sizeof s1), safe(ck, s2, sizeof s2));
	}
}

static void show_text(const dt_assessment *a)
{
	char b1[1100], b2[600], b3[100];
	printf("pilot %s (created by %s at %s)\n",
	       safe(a->pilot.name, b1, sizeof b1),
	       safe(a->pilot.created_by, b2, sizeof b2),
	       safe(a->pilot.created_at, b3, sizeof b3));
	if (a->integrity.state == DT_INTEGRITY_ALTERED)
		printf("%s\n", safe(dt_integrity_line(&a->integrity, b2, sizeof b2),
		                    b1, sizeof b1));
	printf("\ntask card:\n");
	for (int i = 0; i < DT_TC_COUNT; i++) {
		char v[48];
		/* a rule setting the card leaves unset: the default in force */
		if (dt_rules_setting_text(&a->rules, a->rule, &a->card, i, v,
		                          sizeof v) == 1)
			printf("  %-18s %s (default)\n", dt_taskcard_defs[i].key, v);
		else
			printf("  %-18s %s\n", dt_taskcard_defs[i].key,
			       a->card.value[i][0] ? safe(a->card.value[i], b1,
			                                  sizeof b1) : "-");
	}
	text_runs(a);
	text_checklist(a);
	text_drills(a);
	text_decisions(a);
	printf("\nintegrity: %s\n", dt_integrity_state_name(a->integrity.state));
}

int dt_pilot_show(dt_store *st, const char *name, int json)
{
	dt_assessment ov;
	char err[600];
	int rc = dt_assessment_load(st, name, &ov, err, sizeof err);
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
	dt_assessment_free(&ov);
	return DT_EXIT_OK;
}

/* Overview of a list row; returns 0 when loaded. */
static int summary(dt_store *st, const dt_pilot *p, dt_assessment *ov,
                   size_t *nb, size_t *np)
{
	char err[600];
	*nb = *np = 0;
	if (dt_assessment_load(st, p->name, ov, err, sizeof err) != 0)
		return -1;
	for (size_t i = 0; i < ov->nruns; i++)
		(*(ov->runs[i].role == DT_RUN_PILOT ? np : nb))++;
	return 0;
}

void dt_pilot_show_summary_json(dt_jw *w, dt_store *st, const dt_pilot *p)
{
	dt_assessment ov;
	size_t nb, np;
	int ok = summary(st, p, &ov, &nb, &np) == 0;
	dt_jw_obj_begin(w);
	dt_jw_key(w, "name"); dt_jw_str(w, p->name);
	dt_jw_key(w, "created_by"); dt_jw_str(w, p->created_by);
	dt_jw_key(w, "created_at"); dt_jw_str(w, p->created_at);
	if (ok) {
		const dt_decision *d = dt_assessment_latest(&ov);
		dt_jw_key(w, "baselines"); dt_jw_int(w, (int64_t)nb);
		dt_jw_key(w, "pilots"); dt_jw_int(w, (int64_t)np);
		dt_jw_key(w, "counts"); json_counts(w, ov.counts);
		dt_jw_key(w, "latest_decision");
		if (d)
			dt_jw_str(w, d->kind_text);
		else
			dt_jw_null(w);
		/* a go recorded past open items, and what the text column reads
		 * (dt_decision_label: "go FORCED") */
		dt_jw_key(w, "latest_decision_forced");
		dt_jw_bool(w, d && d->forced_past[0]);
		dt_jw_key(w, "latest_decision_label");
		if (d)
			dt_jw_str(w, dt_decision_label(d));
		else
			dt_jw_null(w);
		/* the chain check found that record altered (the text column
		 * then reads "KIND ALTERED") */
		dt_jw_key(w, "latest_decision_altered");
		dt_jw_bool(w, d && ov.decision_altered[ov.ndecisions - 1]);
		dt_assessment_free(&ov);
	}
	dt_jw_obj_end(w);
}

void dt_pilot_show_summary_text(dt_store *st, const dt_pilot *p)
{
	dt_assessment ov;
	size_t nb, np;
	char b1[300], b3[100], runs[32];
	if (summary(st, p, &ov, &nb, &np) != 0) {
		printf("%-32s (unreadable)\n", safe(p->name, b1, sizeof b1));
		return;
	}
	const dt_decision *d = dt_assessment_latest(&ov);
	char label[64];
	if (d)
		dt_assessment_decision_label(&ov, ov.ndecisions - 1, label,
		                             sizeof label);
	snprintf(runs, sizeof runs, "%zu/%zu", nb, np);
	/* the checklist counts of the TUI's pilot list (pass, fail,
	 * pending; waived are the rest of the 12): a failed item shows */
	printf("%-32s %-9s %4zu %4zu %7zu  %-10s %s\n",
	       safe(p->name, b1, sizeof b1), runs, ov.counts[DT_CK_PASS],
	       ov.counts[DT_CK_FAIL], ov.counts[DT_CK_PENDING], d ? label : "-",
	       safe(p->created_at, b3, sizeof b3));
	dt_assessment_free(&ov);
}
