/* evidence_json.c: evidence.json, the report's content for programs.
 * Keys: schema_version, kind "dualtrack-evidence-pack", exported_at,
 * exported_by, generator (dualtrack's version and git commit,
 * cli/version.h), pilot {name, created_by, created_at}, taskcard {key:
 * {value, set_by, set_at}}, runs [{name, role, platform, format,
 * grad_accum, global_batch, logging_steps, segments, replayed_steps,
 * files [{path, sha256, bytes, format, imported_at, pack_path, included,
 * note}], journal [{key, value, source, set_by, set_at}], warnings
 * [the importer's warnings as `dualtrack runs --json` lists them,
 * sanitised text], resume (as
 * pilot show --json)}], comparison {baseline, pilot, chart, x, rtol,
 * atol, warmup, compared, breaches, verdict, restarts [steps], non_finite
 * [{run, step}]} of the first pilot run or null, comparisons [the same
 * for every pilot run with a chart, attach order], verdicts (as pilot show --json), drills (as drill list
 * --json), checklist [...], counts, ledger {sides: {gpu, trn2}: {times,
 * items, cost}, warnings} or null, decisions [full records, with
 * deciders_text and evidence_text, so the chain can be recomputed],
 * chain {intact, records, first_bad_id, reason, head_id, head_hash,
 * links [{id, hash, prev_hash, own}]}. */
#include <math.h>
#include <string.h>

#include "cli/pack/pack.h"
#include "cli/pilot_show.h"
#include "cli/version.h"
#include "model/service/run_settings.h"
#include "model/util/jsonw.h"
#include "model/util/text.h"



static void files_json(dt_jw *w, const dt_pack *p, size_t run,
                       const dt_pack_log *logs, size_t nlogs)
{
	dt_jw_key(w, "files");
	dt_jw_arr_begin(w);
	for (size_t k = 0; k < nlogs; k++) {
		if (logs[k].run != run)
			continue;
		const dt_run_file *f = &p->runs[run].files[logs[k].file];
		dt_jw_obj_begin(w);
		dt_jw_key(w, "path"); dt_jw_str(w, f->path);
		dt_jw_key(w, "sha256"); dt_jw_str(w, f->sha256);
		dt_jw_key(w, "bytes"); dt_jw_int(w, f->bytes);
		dt_jw_key(w, "format"); dt_jw_str(w, f->format);
		dt_jw_key(w, "imported_at"); dt_jw_str(w, f->imported_at);
		dt_jw_key(w, "pack_path"); dt_jw_str(w, logs[k].pack_path);
		dt_jw_key(w, "included"); dt_jw_bool(w, logs[k].included);
		dt_jw_key(w, "note"); dt_jw_str_or_null(w, logs[k].note);
		dt_jw_obj_end(w);
	}
	dt_jw_arr_end(w);
}

static void resume_json(dt_jw *w, const dt_resume_run_result *r)
{
	dt_jw_key(w, "resume");
	if (r->nseg == 0) {
		dt_jw_null(w);
		return;
	}
	dt_jw_obj_begin(w);
	dt_jw_key(w, "restarts"); dt_jw_int(w, (int64_t)r->nv);
	dt_jw_key(w, "all_pass"); dt_jw_bool(w, r->all_pass);
	dt_resume_ckpt_json(w, r);
	dt_jw_key(w, "verdicts");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < r->nv; i++) {
		const dt_restart_verdict *v = &r->v[i];
		dt_jw_obj_begin(w);
		dt_jw_key(w, "at_step"); dt_jw_int(w, v->at_step);
		dt_jw_key(w, "verdict"); dt_jw_str(w, v->pass ? "pass" : "fail");
		dt_jw_key(w, "checks");
		dt_jw_obj_begin(w);
		for (int c = 0; c < DT_RESUME_NCHECKS; c++) {
			dt_jw_key(w, dt_resume_check_key(c));
			dt_jw_obj_begin(w);
			dt_jw_key(w, "result"); dt_jw_str(w, dt_check_name(v->check[c]));
			dt_jw_key(w, "evidence"); dt_jw_str(w, v->detail[c]);
			dt_jw_obj_end(w);
		}
		dt_jw_obj_end(w);
		dt_jw_key(w, "reason"); dt_jw_str(w, v->reason);
		dt_jw_obj_end(w);
	}
	dt_jw_arr_end(w);
	dt_jw_obj_end(w);
}

/* "key": v, or null for 0 (unknown). */
static void opt_count(dt_jw *w, const char *key, int64_t v)
{
	dt_jw_key(w, key);
	if (v > 0)
		dt_jw_int(w, v);
	else
		dt_jw_null(w);
}

static void runs_json(dt_jw *w, const dt_pack *p, const dt_pack_log *logs,
                      size_t nlogs)
{
	dt_jw_key(w, "runs");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < p->ov.nruns; i++) {
		const dt_run *r = &p->ov.runs[i].run;
		dt_jw_obj_begin(w);
		dt_jw_key(w, "name"); dt_jw_str(w, r->name);
		dt_jw_key(w, "role"); dt_jw_str(w, dt_run_role_name(p->ov.runs[i].role));
		dt_jw_key(w, "platform"); dt_jw_str(w, r->platform);
		dt_jw_key(w, "format"); dt_jw_str(w, r->format);
		/* not in the log and not given: null (run_settings.h) */
		opt_count(w, "grad_accum", dt_run_grad_accum_shown(r,
		          p->runs[i].facts, p->runs[i].nfacts));
		opt_count(w, "global_batch", r->global_batch);
		opt_count(w, "logging_steps", r->logging_steps);
		dt_jw_key(w, "segments"); dt_jw_int(w, r->segments);
		dt_jw_key(w, "replayed_steps"); dt_jw_int(w, r->replayed_steps);
		files_json(w, p, i, logs, nlogs);
		dt_jw_key(w, "journal");
		dt_jw_arr_begin(w);
		for (size_t k = 0; k < p->runs[i].nfacts; k++) {
			const dt_fact *f = &p->runs[i].facts[k];
			dt_jw_obj_begin(w);
			dt_jw_key(w, "key"); dt_jw_str(w, f->key);
			dt_jw_key(w, "value"); dt_jw_str(w, f->value);
			dt_jw_key(w, "source"); dt_jw_str(w, f->source);
			dt_jw_key(w, "set_by"); dt_jw_str(w, f->set_by);
			dt_jw_key(w, "set_at"); dt_jw_str(w, f->set_at);
			dt_jw_obj_end(w);
		}
		dt_jw_arr_end(w);
		/* the importer's warnings, sanitised as a terminal shows them */
		dt_jw_key(w, "warnings");
		dt_jw_arr_begin(w);
		for (size_t k = 0; k < p->runs[i].nwarnings; k++) {
			char safe[2048];
			dt_sanitize(p->runs[i].warnings[k], safe, sizeof safe);
			dt_jw_str(w, safe);
		}
		dt_jw_arr_end(w);
		resume_json(w, &p->ov.resume[i]);
		dt_jw_obj_end(w);
	}
	dt_jw_arr_end(w);
}

static void nonfinite_json(dt_jw *w, const char *run, const dt_series *s)
{
	for (size_t i = 0; i < s->n; i++)
		if (!isfinite(s->value[i])) {
			dt_jw_obj_begin(w);
			dt_jw_key(w, "run"); dt_jw_str(w, run);
			dt_jw_key(w, "step"); dt_jw_int(w, s->step[i]);
			dt_jw_key(w, "value"); dt_jw_num(w, s->value[i]);
			dt_jw_obj_end(w);
		}
}

/* One comparison object (the value, no key); c->present assumed. */
static void comparison_obj(dt_jw *w, const dt_pack *p, size_t k)
{
	const dt_pack_chart *c = &p->charts[k];
	const char *bn = p->ov.runs[c->baseline_run].run.name;
	const char *pn = p->ov.runs[c->pilot_run].run.name;
	char file[DT_NAME_MAX + 32];
	dt_pack_chart_file(p, k, file, sizeof file);
	dt_jw_obj_begin(w);
	dt_jw_key(w, "baseline"); dt_jw_str(w, bn);
	dt_jw_key(w, "pilot"); dt_jw_str(w, pn);
	dt_jw_key(w, "chart"); dt_jw_str(w, file);
	dt_jw_key(w, "metric"); dt_jw_str(w, "loss");
	dt_jw_key(w, "x"); dt_jw_str(w, c->pairing.by_samples ? "samples" : "step");
	dt_jw_key(w, "rtol"); dt_jw_num(w, c->pairing.opts.rtol);
	dt_jw_key(w, "atol"); dt_jw_num(w, c->pairing.opts.atol);
	dt_jw_key(w, "warmup"); dt_jw_int(w, c->pairing.opts.warmup);
	dt_jw_key(w, "baseline_points"); dt_jw_int(w, (int64_t)c->baseline.n);
	dt_jw_key(w, "pilot_points"); dt_jw_int(w, (int64_t)c->pilot.n);
	dt_jw_key(w, "compared"); dt_jw_int(w, (int64_t)c->pairing.n);
	dt_jw_key(w, "breaches"); dt_jw_int(w, (int64_t)c->pairing.breaches);
	dt_jw_key(w, "verdict");
	dt_jw_str_or_null(w,
	    c->verdict ? dt_verdict_name(c->verdict->verdict) : NULL);
	dt_jw_key(w, "restarts");
	dt_jw_arr_begin(w);
	for (size_t k2 = 0; k2 + 1 < c->pilot.nsegments; k2++)
		dt_jw_int(w, c->pilot.restart_step[k2]);
	dt_jw_arr_end(w);
	dt_jw_key(w, "non_finite");
	dt_jw_arr_begin(w);
	nonfinite_json(w, bn, &c->baseline);
	nonfinite_json(w, pn, &c->pilot);
	dt_jw_arr_end(w);
	dt_jw_obj_end(w);
}

/* "comparison": the first pilot run's (chart.svg), null when it has no
 * chart; "comparisons": every pilot run's that has a chart, attach
 * order. */
static void comparison_json(dt_jw *w, const dt_pack *p)
{
	dt_jw_key(w, "comparison");
	if (p->ncharts && p->charts[0].present)
		comparison_obj(w, p, 0);
	else
		dt_jw_null(w);
	dt_jw_key(w, "comparisons");
	dt_jw_arr_begin(w);
	for (size_t k = 0; k < p->ncharts; k++)
		if (p->charts[k].present)
			comparison_obj(w, p, k);
	dt_jw_arr_end(w);
}

static void verdicts_json(dt_jw *w, const dt_pack *p)
{
	dt_jw_key(w, "verdicts");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < p->ov.nverdicts; i++) {
		const dt_run_verdict *v = &p->ov.verdicts[i];
		dt_jw_obj_begin(w);
		dt_jw_key(w, "baseline"); dt_jw_str(w, v->baseline);
		dt_jw_key(w, "pilot"); dt_jw_str(w, v->pilot);
		dt_jw_key(w, "verdict"); dt_jw_str(w, dt_verdict_name(v->verdict));
		dt_jw_key(w, "compared"); dt_jw_int(w, (int64_t)v->compared);
		dt_jw_key(w, "breaches"); dt_jw_int(w, (int64_t)v->breaches);
		dt_jw_key(w, "allowed_breaches"); dt_jw_int(w, (int64_t)v->allowed);
		dt_jw_key(w, "max_abs_rel_diff");
		dt_jw_num_or_null(w, v->max_abs_rel_diff);
		dt_jw_key(w, "by_samples"); dt_jw_bool(w, v->by_samples);
		dt_jw_key(w, "sentence"); dt_jw_str(w, v->sentence);
		dt_jw_key(w, "statement"); dt_jw_str(w, v->statement);
		dt_jw_obj_end(w);
	}
	dt_jw_arr_end(w);
}

static void checklist_json(dt_jw *w, const dt_pack *p)
{
	dt_jw_key(w, "checklist");
	dt_jw_arr_begin(w);
	for (int i = 0; i < DT_ITEM_COUNT; i++) {
		const dt_check_item *it = &p->ov.checklist.items[i];
		dt_jw_obj_begin(w);
		dt_jw_key(w, "id"); dt_jw_str(w, dt_check_defs[i].id);
		dt_jw_key(w, "title"); dt_jw_str(w, dt_check_defs[i].title);
		dt_jw_key(w, "status"); dt_jw_str(w, dt_check_status_name(it->status));
		dt_jw_key(w, "computed_status");
		dt_jw_str_or_null(w, it->computed ?
		            dt_check_status_name(it->computed_status) : NULL);
		dt_jw_key(w, "computed_detail");
		dt_jw_str_or_null(w, it->computed_detail);
		dt_jw_key(w, "overridden"); dt_jw_bool(w, it->overridden);
		dt_jw_key(w, "set_by"); dt_jw_str_or_null(w, it->entry.set_by);
		dt_jw_key(w, "set_at"); dt_jw_str_or_null(w, it->entry.set_at);
		dt_jw_key(w, "note"); dt_jw_str(w, it->entry.note);
		dt_jw_key(w, "reason"); dt_jw_str(w, it->entry.reason);
		dt_jw_key(w, "evidence");
		dt_jw_arr_begin(w);
		for (size_t k = 0; k < it->nevidence; k++) {
			const dt_evidence *e = &it->evidence[k];
			dt_jw_obj_begin(w);
			dt_jw_key(w, "kind"); dt_jw_str(w, e->kind);
			dt_jw_key(w, "ref"); dt_jw_str(w, e->ref);
			dt_jw_key(w, "sha256"); dt_jw_str_or_null(w, e->sha256);
			dt_jw_key(w, "added_by"); dt_jw_str(w, e->added_by);
			dt_jw_key(w, "added_at"); dt_jw_str(w, e->added_at);
			dt_jw_obj_end(w);
		}
		dt_jw_arr_end(w);
		dt_jw_obj_end(w);
	}
	dt_jw_arr_end(w);
	dt_jw_key(w, "counts");
	dt_jw_obj_begin(w);
	for (int s = 0; s < 4; s++) {
		dt_jw_key(w, dt_check_status_name((dt_check_status)s));
		dt_jw_int(w, (int64_t)p->ov.counts[s]);
	}
	dt_jw_obj_end(w);
}

static void input_json(dt_jw *w, const dt_ledger_input *in, double scale)
{
	dt_jw_obj_begin(w);
	dt_jw_key(w, "value");
	if (in->basis == DT_BASIS_NONE)
		dt_jw_null(w);
	else
		dt_jw_num(w, in->value / scale);
	dt_jw_key(w, "basis"); dt_jw_str(w, dt_basis_name(in->basis));
	dt_jw_key(w, "from_log"); dt_jw_bool(w, in->from_log);
	dt_jw_key(w, "by_hand"); dt_jw_bool(w, in->by_hand);
	dt_jw_obj_end(w);
}

static void ledger_json(dt_jw *w, const dt_pack *p)
{
	const dt_ledger_view *v = &p->ledger;
	dt_jw_key(w, "ledger");
	if (!p->has_ledger) {
		dt_jw_null(w);
		return;
	}
	dt_jw_obj_begin(w);
	dt_jw_key(w, "sides");
	dt_jw_obj_begin(w);
	for (int s = 0; s < DT_SIDES; s++) {
		const dt_ledger_cost *c = &v->report.cost[s];
		dt_jw_key(w, dt_ledger_side_name(s));
		dt_jw_obj_begin(w);
		dt_jw_key(w, "hours");
		dt_jw_obj_begin(w);
		for (int k = 0; k < DT_LC_COUNT; k++) {
			dt_jw_key(w, dt_ledger_cat_key(k));
			input_json(w, &v->sides[s].time[k], 3600);
		}
		dt_jw_obj_end(w);
		dt_jw_key(w, "items");
		dt_jw_obj_begin(w);
		for (int k = 0; k < DT_LI_COUNT; k++) {
			dt_jw_key(w, dt_ledger_item_key(k));
			input_json(w, &v->sides[s].item[k], 1);
		}
		dt_jw_obj_end(w);
		dt_jw_key(w, "cost_usd");
		dt_jw_obj_begin(w);
		dt_jw_key(w, "instance"); dt_jw_num_or_null(w, c->instance);
		dt_jw_key(w, "storage"); dt_jw_num_or_null(w, c->storage);
		dt_jw_key(w, "transfer"); dt_jw_num_or_null(w, c->transfer);
		dt_jw_key(w, "logs"); dt_jw_num_or_null(w, c->logs);
		dt_jw_key(w, "total"); dt_jw_num_or_null(w, c->total);
		dt_jw_key(w, "per_useful_step");
		dt_jw_num_or_null(w, c->per_useful_step);
		dt_jw_key(w, "at_equal_steps");
		dt_jw_num_or_null(w, c->at_equal_steps);
		dt_jw_key(w, "complete"); dt_jw_bool(w, c->complete);
		dt_jw_key(w, "missing"); dt_jw_str(w, c->missing);
		dt_jw_obj_end(w);
		dt_jw_obj_end(w);
	}
	dt_jw_obj_end(w);
	dt_jw_key(w, "warnings");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < v->report.nwarn; i++)
		dt_jw_str(w, v->report.warn[i]);
	dt_jw_arr_end(w);
	dt_jw_obj_end(w);
}

static void decisions_json(dt_jw *w, const dt_pack *p)
{
	dt_jw_key(w, "decisions");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < p->ov.ndecisions; i++) {
		const dt_decision *d = &p->ov.decisions[i];
		dt_jw_obj_begin(w);
		dt_jw_key(w, "id"); dt_jw_int(w, d->id);
		dt_jw_key(w, "pilot"); dt_jw_str(w, d->pilot_name);
		dt_jw_key(w, "kind"); dt_jw_str(w, d->kind_text);
		dt_jw_key(w, "rationale"); dt_jw_str(w, d->rationale);
		dt_deciders_json(w, d);
		dt_jw_key(w, "deciders_text"); dt_jw_str(w, d->deciders_text);
		dt_jw_key(w, "recorded_by"); dt_jw_str(w, d->recorded_by);
		dt_jw_key(w, "decided_at"); dt_jw_str(w, d->decided_at);
		dt_jw_key(w, "supersedes"); dt_jw_int(w, d->supersedes);
		dt_jw_key(w, "forced_past"); dt_jw_str(w, d->forced_past);
		dt_jw_key(w, "evidence_digest"); dt_jw_str(w, d->evidence_digest);
		dt_jw_key(w, "evidence_text");
		dt_jw_str(w, d->evidence_text ? d->evidence_text : "");
		dt_jw_key(w, "prev_hash"); dt_jw_str(w, d->prev_hash);
		dt_jw_key(w, "hash"); dt_jw_str(w, d->hash);
		dt_jw_obj_end(w);
	}
	dt_jw_arr_end(w);
}

static void chain_json(dt_jw *w, const dt_pack *p)
{
	dt_jw_key(w, "chain");
	dt_jw_obj_begin(w);
	dt_jw_key(w, "intact"); dt_jw_bool(w, p->chain.intact);
	dt_jw_key(w, "records"); dt_jw_int(w, (int64_t)p->chain.records);
	dt_jw_key(w, "first_bad_id");
	if (p->chain.intact) dt_jw_null(w); else dt_jw_int(w, p->chain.first_bad_id);
	dt_jw_key(w, "reason"); dt_jw_str(w, p->chain.reason);
	dt_jw_key(w, "head_id"); dt_jw_int(w, p->chain.head_id);
	dt_jw_key(w, "head_hash"); dt_jw_str_or_null(w, p->chain.head_hash);
	dt_jw_key(w, "links");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < p->nlinks; i++) {
		dt_jw_obj_begin(w);
		dt_jw_key(w, "id"); dt_jw_int(w, p->links[i].id);
		dt_jw_key(w, "hash"); dt_jw_str(w, p->links[i].hash);
		dt_jw_key(w, "prev_hash"); dt_jw_str(w, p->links[i].prev_hash);
		dt_jw_key(w, "own"); dt_jw_bool(w, p->links[i].own);
		dt_jw_obj_end(w);
	}
	dt_jw_arr_end(w);
	dt_jw_obj_end(w);
}

int dt_pack_write_evidence(FILE *f, const dt_pack *p, const dt_pack_log *logs,
                           size_t nlogs)
{
	dt_jw w;
	dt_jw_init_plain(&w, f, 1); /* the pack's own schema_version */
	dt_jw_obj_begin(&w);
	dt_jw_key(&w, "schema_version"); dt_jw_int(&w, DT_PACK_SCHEMA_VERSION);
	dt_jw_key(&w, "kind"); dt_jw_str(&w, "dualtrack-evidence-pack");
	dt_jw_key(&w, "exported_at"); dt_jw_str(&w, p->exported_at);
	dt_jw_key(&w, "exported_by"); dt_jw_str(&w, p->exported_by);
	dt_jw_key(&w, "generator"); dt_jw_str(&w, dt_cli_version_string());
	dt_jw_key(&w, "pilot");
	dt_jw_obj_begin(&w);
	dt_jw_key(&w, "name"); dt_jw_str(&w, p->ov.pilot.name);
	dt_jw_key(&w, "created_by"); dt_jw_str(&w, p->ov.pilot.created_by);
	dt_jw_key(&w, "created_at"); dt_jw_str(&w, p->ov.pilot.created_at);
	dt_jw_obj_end(&w);
	dt_jw_key(&w, "taskcard");
	dt_jw_obj_begin(&w);
	for (int i = 0; i < DT_TC_COUNT; i++) {
		dt_jw_key(&w, dt_taskcard_defs[i].key);
		dt_jw_obj_begin(&w);
		dt_jw_key(&w, "value");
		dt_jw_str_or_null(&w, p->ov.card.value[i]);
		dt_jw_key(&w, "set_by");
		dt_jw_str_or_null(&w, p->ov.card.set_by[i]);
		dt_jw_key(&w, "set_at");
		dt_jw_str_or_null(&w, p->ov.card.set_at[i]);
		dt_jw_obj_end(&w);
	}
	dt_jw_obj_end(&w);
	runs_json(&w, p, logs, nlogs);
	comparison_json(&w, p);
	verdicts_json(&w, p);
	dt_jw_key(&w, "recovery_limit_seconds");
	if (p->recovery_limit >= 0) dt_jw_num(&w, p->recovery_limit);
	else dt_jw_null(&w);
	dt_jw_key(&w, "drills");
	dt_jw_arr_begin(&w);
	for (size_t i = 0; i < p->ov.ndrills; i++)
		dt_drill_json(&w, &p->ov.drills[i], &p->ov.recovery[i]);
	dt_jw_arr_end(&w);
	checklist_json(&w, p);
	ledger_json(&w, p);
	decisions_json(&w, p);
	chain_json(&w, p);
	dt_jw_obj_end(&w);
	dt_jw_end(&w);
	return ferror(f) ? -1 : 0;
}
