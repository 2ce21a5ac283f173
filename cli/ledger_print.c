/* ledger_print.c: text and JSON output of a ledger view. */
#include "cli/ledger_print.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/util/jsonw.h"
#include "model/util/text.h"

static const char *source_name(const dt_ledger_input *in)
{
	return in->basis == DT_BASIS_NONE ? "missing" :
	       !in->from_log ? "entered" : in->by_hand ? "journal" : "log";
}

static const dt_ledger_input *input_of(const dt_ledger_side *s, int is_time,
                                       int i)
{
	return is_time ? &s->time[i] : &s->item[i];
}

static void money(double v, char *buf, size_t n)
{
	if (isnan(v))
		snprintf(buf, n, "unknown");
	else
		snprintf(buf, n, "%.2f", v);
}

static void text_costs(const dt_ledger_report *r)
{
	static const char *const label[] = {
		"instance", "storage", "transfer", "logs", "lifecycle total",
		"training only", "cost per useful step", "at equal steps"};
	char a[32], b[32];
	puts("cost (USD)");
	for (int k = 0; k < 8; k++) {
		double v[2];
		for (int s = 0; s < DT_SIDES; s++) {
			const dt_ledger_cost *c = &r->cost[s];
			double x[] = {c->instance, c->storage, c->transfer, c->logs,
			              c->total, c->training_cost, c->per_useful_step,
			              c->at_equal_steps};
			v[s] = x[k];
		}
		money(v[0], a, sizeof a);
		money(v[1], b, sizeof b);
		if (k == 6) {
			snprintf(a, sizeof a, isnan(v[0]) ? "unknown" : "%.4f", v[0]);
			snprintf(b, sizeof b, isnan(v[1]) ? "unknown" : "%.4f", v[1]);
		}
		/* Totals unknown because of missing inputs: say so in the row. */
		if (k >= 4 && isnan(v[0]) && !r->cost[0].complete)
			snprintf(a, sizeof a, "unknown (missing)");
		if (k >= 4 && isnan(v[1]) && !r->cost[1].complete)
			snprintf(b, sizeof b, "unknown (missing)");
		printf("  %-34s %-22s %s\n", label[k], a, b);
	}
	printf("  %-34s %-22lld %lld\n", "useful effective steps",
	       (long long)r->cost[0].useful_steps,
	       (long long)r->cost[1].useful_steps);
	printf("  equal effective steps E = %lld\n", (long long)r->equal_steps);
	for (int s = 0; s < DT_SIDES; s++)
		if (!r->cost[s].complete)
			printf("  %s lifecycle total unknown (missing: %s); the known "
			       "components sum to %.2f\n", dt_ledger_side_name(s),
			       r->cost[s].missing, r->cost[s].known_total);
}

static void text_runs(const dt_ledger_view *v)
{
	for (size_t i = 0; i < v->nruns; i++) {
		const dt_ledger_run_view *rv = &v->runs[i];
		char name[DT_NAME_MAX * 2];
		dt_sanitize(rv->run.name, name, sizeof name);
		printf("  %s (%s): ", name, rv->run.platform);
		if (rv->d.has_step_time)
			printf("step time from %s: ideal %.3g s, first-step overhead "
			       "%.3g s, training %.3g h, redone steps %.3g s",
			       rv->step_time_metric, rv->d.ideal_step_s, rv->d.startup_s,
			       rv->d.training_s / 3600, rv->d.wasted_s);
		else
			printf("no step time logged");
		if (rv->d.has_wall)
			printf(", gaps between restarts %.3g s", rv->d.restart_gap_s);
		printf("; %lld useful steps\n", (long long)rv->d.useful_steps);
	}
}

void dt_ledger_print_text(const dt_ledger_view *v)
{
	char name[DT_NAME_MAX * 2], a[48], b[48];
	const dt_ledger_report *r = &v->report;
	dt_sanitize(v->pilot, name, sizeof name);
	printf("ledger %s%s: %zu run(s)\n", name, v->per_run ? " (one run)" : "",
	       v->nruns);
	printf("%-36s %-22s %s\n", "time (hours)", "gpu", "trn2");
	for (int c = 0; c < DT_LC_COUNT; c++) {
		dt_ledger_input_text(&v->sides[0].time[c], 3600, a, sizeof a);
		dt_ledger_input_text(&v->sides[1].time[c], 3600, b, sizeof b);
		printf("  %-34s %-22s %s\n", dt_ledger_cat_label(c), a, b);
	}
	puts("prices and quantities");
	for (int i = 0; i < DT_LI_COUNT; i++) {
		char lab[64];
		snprintf(lab, sizeof lab, "%s (%s)", dt_ledger_item_key(i),
		         dt_ledger_item_unit(i));
		dt_ledger_input_text(&v->sides[0].item[i], 1, a, sizeof a);
		dt_ledger_input_text(&v->sides[1].item[i], 1, b, sizeof b);
		printf("  %-34s %-22s %s\n", lab, a, b);
	}
	text_costs(r);
	puts("sensitivity (+10 % of one input: change of that side's total, USD)");
	for (size_t i = 0; i < r->nsens && i < 6; i++) {
		const dt_ledger_sens *s = &r->sens[i];
		char d[32];
		printf("  %-5s %-20s %s\n", dt_ledger_side_name(s->side),
		       s->is_time ? dt_ledger_cat_key(s->index) :
		       dt_ledger_item_key(s->index),
		       dt_ledger_sens_text(s, d, sizeof d));
	}
	for (size_t i = 0; i < r->nwarn; i++)
		printf("warning: %s\n", r->warn[i]);
	puts("runs");
	text_runs(v);
}


static void json_input(dt_jw *w, const char *key, const dt_ledger_input *in,
                       const char *unit)
{
	dt_jw_key(w, key);
	dt_jw_obj_begin(w);
	dt_jw_key(w, "value");
	dt_jw_num_or_null(w, in->basis == DT_BASIS_NONE ? NAN : in->value);
	dt_jw_key(w, "unit"); dt_jw_str(w, unit);
	dt_jw_key(w, "basis"); dt_jw_str(w, dt_basis_name(in->basis));
	dt_jw_key(w, "source"); dt_jw_str(w, source_name(in));
	dt_jw_key(w, "note"); dt_jw_str(w, in->note);
	dt_jw_obj_end(w);
}

static void json_cost(dt_jw *w, const dt_ledger_cost *c)
{
	dt_jw_key(w, "cost");
	dt_jw_obj_begin(w);
	dt_jw_key(w, "instance_usd"); dt_jw_num_or_null(w, c->instance);
	dt_jw_key(w, "storage_usd"); dt_jw_num_or_null(w, c->storage);
	dt_jw_key(w, "transfer_usd"); dt_jw_num_or_null(w, c->transfer);
	dt_jw_key(w, "logs_usd"); dt_jw_num_or_null(w, c->logs);
	dt_jw_key(w, "lifecycle_usd"); dt_jw_num_or_null(w, c->total);
	dt_jw_key(w, "known_components_usd"); dt_jw_num(w, c->known_total);
	dt_jw_key(w, "complete"); dt_jw_bool(w, c->complete);
	dt_jw_key(w, "billed_hours"); dt_jw_num(w, c->billed_hours);
	dt_jw_key(w, "total_hours"); dt_jw_num(w, c->total_hours);
	dt_jw_key(w, "useful_steps"); dt_jw_int(w, c->useful_steps);
	dt_jw_key(w, "per_useful_step_usd");
	dt_jw_num_or_null(w, c->per_useful_step);
	dt_jw_key(w, "training_usd"); dt_jw_num_or_null(w, c->training_cost);
	dt_jw_key(w, "at_equal_steps_usd");
	dt_jw_num_or_null(w, c->at_equal_steps);
	dt_jw_key(w, "missing");
	dt_jw_arr_begin(w);
	char buf[sizeof c->missing];
	snprintf(buf, sizeof buf, "%s", c->missing);
	char *save = NULL;
	for (char *t = strtok_r(buf, ", ", &save); t; t = strtok_r(NULL, ", ", &save))
		dt_jw_str(w, t);
	dt_jw_arr_end(w);
	dt_jw_obj_end(w);
}

static void json_side(dt_jw *w, const dt_ledger_side *s,
                      const dt_ledger_cost *c)
{
	dt_jw_obj_begin(w);
	dt_jw_key(w, "time");
	dt_jw_obj_begin(w);
	for (int k = 0; k < DT_LC_COUNT; k++)
		json_input(w, dt_ledger_cat_key(k), &s->time[k], "seconds");
	dt_jw_obj_end(w);
	dt_jw_key(w, "inputs");
	dt_jw_obj_begin(w);
	for (int i = 0; i < DT_LI_COUNT; i++)
		json_input(w, dt_ledger_item_key(i), &s->item[i],
		           dt_ledger_item_unit(i));
	dt_jw_obj_end(w);
	json_cost(w, c);
	dt_jw_obj_end(w);
}

static void json_runs(dt_jw *w, const dt_ledger_view *v)
{
	dt_jw_key(w, "runs");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < v->nruns; i++) {
		const dt_ledger_run_view *rv = &v->runs[i];
		dt_jw_obj_begin(w);
		dt_jw_key(w, "name"); dt_jw_str(w, rv->run.name);
		dt_jw_key(w, "side");
		if (rv->side >= 0) dt_jw_str(w, dt_ledger_side_name(rv->side));
		else dt_jw_null(w);
		dt_jw_key(w, "step_time_metric");
		if (rv->d.has_step_time) dt_jw_str(w, rv->step_time_metric);
		else dt_jw_null(w);
		dt_jw_key(w, "ideal_step_seconds"); dt_jw_num(w, rv->d.ideal_step_s);
		dt_jw_key(w, "startup_seconds"); dt_jw_num(w, rv->d.startup_s);
		dt_jw_key(w, "training_seconds"); dt_jw_num(w, rv->d.training_s);
		dt_jw_key(w, "wasted_seconds"); dt_jw_num(w, rv->d.wasted_s);
		dt_jw_key(w, "restart_gap_seconds");
		if (rv->d.has_wall) dt_jw_num(w, rv->d.restart_gap_s);
		else dt_jw_null(w);
		dt_jw_key(w, "useful_steps"); dt_jw_int(w, rv->d.useful_steps);
		dt_jw_key(w, "segments"); dt_jw_int(w, (int64_t)rv->d.segments);
		dt_jw_obj_end(w);
	}
	dt_jw_arr_end(w);
}

static void json_assumptions(dt_jw *w, const dt_ledger_view *v)
{
	dt_jw_key(w, "assumptions");
	dt_jw_arr_begin(w);
	for (int s = 0; s < DT_SIDES; s++)
		for (int t = 1; t >= 0; t--)
			for (int i = 0; i < (t ? DT_LC_COUNT : DT_LI_COUNT); i++) {
				if (input_of(&v->sides[s], t, i)->basis != DT_BASIS_ASSUMPTION)
					continue;
				char k[64];
				snprintf(k, sizeof k, "%s.%s", dt_ledger_side_name(s),
				         t ? dt_ledger_cat_key(i) : dt_ledger_item_key(i));
				dt_jw_str(w, k);
			}
	dt_jw_arr_end(w);
}

void dt_ledger_print_json(const dt_ledger_view *v)
{
	const dt_ledger_report *r = &v->report;
	dt_jw w;
	dt_jw_init(&w, stdout, 0);
	dt_jw_obj_begin(&w);
	dt_jw_key(&w, "pilot"); dt_jw_str(&w, v->pilot);
	dt_jw_key(&w, "per_run"); dt_jw_bool(&w, v->per_run);
	json_runs(&w, v);
	dt_jw_key(&w, "sides");
	dt_jw_obj_begin(&w);
	for (int s = 0; s < DT_SIDES; s++) {
		dt_jw_key(&w, dt_ledger_side_name(s));
		json_side(&w, &v->sides[s], &r->cost[s]);
	}
	dt_jw_obj_end(&w);
	dt_jw_key(&w, "equal_steps"); dt_jw_int(&w, r->equal_steps);
	dt_jw_key(&w, "sensitivity");
	dt_jw_arr_begin(&w);
	for (size_t i = 0; i < r->nsens; i++) {
		const dt_ledger_sens *s = &r->sens[i];
		dt_jw_obj_begin(&w);
		dt_jw_key(&w, "side"); dt_jw_str(&w, dt_ledger_side_name(s->side));
		dt_jw_key(&w, "input");
		dt_jw_str(&w, s->is_time ? dt_ledger_cat_key(s->index) :
		          dt_ledger_item_key(s->index));
		dt_jw_key(&w, "delta_usd"); dt_jw_num_or_null(&w, s->delta);
		dt_jw_obj_end(&w);
	}
	dt_jw_arr_end(&w);
	dt_jw_key(&w, "warnings");
	dt_jw_arr_begin(&w);
	for (size_t i = 0; i < r->nwarn; i++)
		dt_jw_str(&w, r->warn[i]);
	dt_jw_arr_end(&w);
	json_assumptions(&w, v);
	dt_jw_obj_end(&w);
	dt_jw_end(&w);
}
