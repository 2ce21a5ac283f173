/* test_ledger.c: ledger costs, equal-steps prices, sensitivity, fair
 * compare, and the times derived from logs and journal facts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <string.h>
#include <cmocka.h>

#include "model/core/ledger.h"

static void put(dt_ledger_input *in, double v, dt_basis b)
{
	in->basis = b;
	in->value = v;
}

/* GPU: env 1 h, compile 0, warm-up 0.5, training 2, checkpoint 0.5,
 *   queue 1, reruns 0, manual 0.5 -> total 5.5 h, billed 4.5 h (no
 *   queue); 2 instances x 10 USD/h = 20 USD/h -> instance 90; storage
 *   0.02 x 100 = 2, transfer 0.1 x 50 = 5, logs 0.5 x 2 = 1 -> total 98,
 *   complete; 1000 useful steps -> 0.098 USD/step; training 20 x 2 = 40.
 * Trn2: env 2, compile MISSING, warm-up 0.5, training 1, checkpoint 0.5,
 *   queue 0, reruns 0.5, manual 1 -> 5.5 h billed; 1 x 12 USD/h
 *   (assumption) -> 66; storage 2, transfer missing, logs 1 -> known
 *   components 69, but incomplete (missing "compile, transfer,
 *   transfer_gb"): lifecycle total, cost per useful step and the total at
 *   equal steps are unknown (NaN), not 69 / 0.0345 / 63; training 12.
 * E = min(1000, 2000) = 1000: GPU 98 - 40 + 40 = 98.
 * Sensitivity (+10 %): GPU instance_hour and instances +9 each (top two),
 *   then Trn2 instance_hour / instances +6.6.
 * Fair compare: compile counted on gpu (0, measured) and not on trn2:
 *   one warning naming compilation. */
static void costs_by_hand(void **state)
{
	(void)state;
	dt_ledger_side s[DT_SIDES];
	memset(s, 0, sizeof s);
	double g[] = {1, 0, 0.5, 2, 0.5, 1, 0, 0.5}, t[] = {2, -1, 0.5, 1, 0.5, 0, 0.5, 1};
	for (int c = 0; c < DT_LC_COUNT; c++) {
		put(&s[0].time[c], g[c] * 3600, DT_BASIS_MEASURED);
		if (t[c] >= 0)
			put(&s[1].time[c], t[c] * 3600, DT_BASIS_MEASURED);
	}
	put(&s[0].item[DT_LI_INSTANCE_HOUR], 10, DT_BASIS_OFFICIAL);
	put(&s[0].item[DT_LI_INSTANCES], 2, DT_BASIS_MEASURED);
	put(&s[0].item[DT_LI_STORAGE], 0.02, DT_BASIS_OFFICIAL);
	put(&s[0].item[DT_LI_STORAGE_GB_MONTHS], 100, DT_BASIS_MEASURED);
	put(&s[0].item[DT_LI_TRANSFER], 0.1, DT_BASIS_OFFICIAL);
	put(&s[0].item[DT_LI_TRANSFER_GB], 50, DT_BASIS_MEASURED);
	put(&s[0].item[DT_LI_LOGS], 0.5, DT_BASIS_OFFICIAL);
	put(&s[0].item[DT_LI_LOGS_GB], 2, DT_BASIS_MEASURED);
	put(&s[0].item[DT_LI_USEFUL_STEPS], 1000, DT_BASIS_MEASURED);
	put(&s[1].item[DT_LI_INSTANCE_HOUR], 12, DT_BASIS_ASSUMPTION);
	put(&s[1].item[DT_LI_INSTANCES], 1, DT_BASIS_MEASURED);
	put(&s[1].item[DT_LI_STORAGE], 0.02, DT_BASIS_OFFICIAL);
	put(&s[1].item[DT_LI_STORAGE_GB_MONTHS], 100, DT_BASIS_MEASURED);
	put(&s[1].item[DT_LI_LOGS], 0.5, DT_BASIS_OFFICIAL);
	put(&s[1].item[DT_LI_LOGS_GB], 2, DT_BASIS_MEASURED);
	put(&s[1].item[DT_LI_USEFUL_STEPS], 2000, DT_BASIS_MEASURED);
	dt_ledger_report r;
	dt_ledger_compute(s, &r);
	const dt_ledger_cost *cg = &r.cost[DT_SIDE_GPU], *ct = &r.cost[DT_SIDE_TRN2];
	assert_float_equal(cg->total_hours, 5.5, 1e-12);
	assert_float_equal(cg->billed_hours, 4.5, 1e-12);
	assert_float_equal(cg->instance, 90, 1e-9);
	assert_float_equal(cg->total, 98, 1e-9);
	assert_true(cg->complete);
	assert_string_equal(cg->missing, "");
	assert_float_equal(cg->per_useful_step, 0.098, 1e-12);
	assert_float_equal(cg->training_cost, 40, 1e-9);
	assert_float_equal(ct->billed_hours, 5.5, 1e-12);
	assert_float_equal(ct->instance, 66, 1e-9);
	assert_true(isnan(ct->transfer));
	assert_true(isnan(ct->total));
	assert_float_equal(ct->known_total, 69, 1e-9);
	assert_float_equal(cg->known_total, 98, 1e-9);
	assert_false(ct->complete);
	assert_string_equal(ct->missing, "compile, transfer, transfer_gb");
	assert_true(isnan(ct->per_useful_step));
	assert_int_equal(r.equal_steps, 1000);
	assert_float_equal(cg->at_equal_steps, 98, 1e-9);
	assert_true(isnan(ct->at_equal_steps));
	assert_float_equal(r.sens[0].delta, 9.0, 1e-9);
	assert_int_equal(r.sens[0].side, DT_SIDE_GPU);
	assert_int_equal(r.sens[0].is_time, 0);
	assert_float_equal(r.sens[1].delta, 9.0, 1e-9);
	assert_float_equal(r.sens[2].delta, 6.6, 1e-9);
	assert_int_equal(r.sens[2].side, DT_SIDE_TRN2);
	assert_int_equal(r.nwarn, 1);
	assert_non_null(strstr(r.warn[0], "gpu counts compilation and cache build"));
}

/* Two segments of step times, I = 1:
 *   seg 1 steps 1..5: 10 1 1 1 1; seg 2 steps 4..7: 6 1 1 1.
 * ideal: values 10 1 1 1 1 6 1 1 1, median 1, MAD 0, cut 1 -> mean 1.
 * startup: seg 1 10 - 1 = 9, seg 2 6 - 1 = 5 -> 14 s.
 * seg 1 keeps steps < 4 (1..3: 10+1+1 = 12), steps 4, 5 redone (2 s);
 * seg 2 keeps all (9). training = 12 + 9 - 9 - 5 = 7 s, wasted 2 s.
 * Wall: seg 1 ends at 140, seg 2 starts at 200 -> gap 60 s.
 * Useful steps: last step of the loss curve, 7. */
/* Nothing entered on either side: every total is unknown (NaN), not 0;
 * the known components sum to 0 and every time category, item and
 * useful_steps is listed missing (GPU: "env, compile, ..."). */
static void all_missing_is_unknown(void **state)
{
	(void)state;
	dt_ledger_side s[DT_SIDES];
	memset(s, 0, sizeof s);
	dt_ledger_report r;
	dt_ledger_compute(s, &r);
	for (int k = 0; k < DT_SIDES; k++) {
		const dt_ledger_cost *c = &r.cost[k];
		assert_false(c->complete);
		assert_true(isnan(c->total));
		assert_true(isnan(c->per_useful_step));
		assert_true(isnan(c->at_equal_steps));
		assert_float_equal(c->known_total, 0, 0);
		assert_non_null(strstr(c->missing, "useful_steps"));
		assert_non_null(strstr(c->missing, "compile"));
	}
	assert_int_equal(r.equal_steps, 0);
}

/* Trn2 with compile 1 h and queue 1 h, 2 instances, no instance_hour;
 * storage 0.02 x 100 = 2. GPU empty. Sensitivity (+10 %): compile and
 * instances move the instance cost, unknown without the price: NaN,
 * "unknown" (it said +0.00); storage and storage_gb_months +0.2 each
 * (first); queue is not billed: +0.00, known. Unknown rows last. */
static void sensitivity_unknown_price(void **state)
{
	(void)state;
	dt_ledger_side s[DT_SIDES];
	memset(s, 0, sizeof s);
	put(&s[1].time[DT_LC_COMPILE], 3600, DT_BASIS_MEASURED);
	put(&s[1].time[DT_LC_QUEUE], 3600, DT_BASIS_MEASURED);
	put(&s[1].item[DT_LI_INSTANCES], 2, DT_BASIS_MEASURED);
	put(&s[1].item[DT_LI_STORAGE], 0.02, DT_BASIS_OFFICIAL);
	put(&s[1].item[DT_LI_STORAGE_GB_MONTHS], 100, DT_BASIS_MEASURED);
	dt_ledger_report r;
	dt_ledger_compute(s, &r);
	char b[32];
	assert_int_equal(r.nsens, 5);
	assert_float_equal(r.sens[0].delta, 0.2, 1e-9);
	assert_float_equal(r.sens[1].delta, 0.2, 1e-9);
	assert_int_equal(r.sens[2].is_time, 1);
	assert_int_equal(r.sens[2].index, DT_LC_QUEUE);
	assert_float_equal(r.sens[2].delta, 0, 0);
	assert_string_equal(dt_ledger_sens_text(&r.sens[2], b, sizeof b), "+0.00");
	for (size_t i = 3; i < 5; i++) {
		assert_int_equal(r.sens[i].side, DT_SIDE_TRN2);
		assert_true(isnan(r.sens[i].delta));
		assert_string_equal(dt_ledger_sens_text(&r.sens[i], b, sizeof b),
		                    "unknown");
	}
	assert_string_equal(dt_ledger_sens_text(&r.sens[0], b, sizeof b), "+0.20");
}

static void derive_from_logs(void **state)
{
	(void)state;
	int64_t a[] = {1, 2, 3, 4, 5}, b[] = {4, 5, 6, 7};
	double ta[] = {10, 1, 1, 1, 1}, tb[] = {6, 1, 1, 1};
	double wa[] = {100, 110, 120, 130, 140}, wb[] = {200, 206, 207, 208};
	dt_series st[] = {{.n = 5, .step = a, .value = ta},
	                  {.n = 4, .step = b, .value = tb}};
	dt_series wall[] = {{.n = 5, .step = a, .value = wa},
	                    {.n = 4, .step = b, .value = wb}};
	int64_t ls[] = {1, 2, 3, 4, 5, 6, 7};
	double lv[] = {2, 2, 2, 2, 2, 2, 2};
	dt_series loss = {.n = 7, .step = ls, .value = lv};
	dt_ledger_derived d;
	assert_int_equal(dt_ledger_derive(st, 2, wall, 2, &loss, 1, &d), 0);
	assert_true(d.has_step_time);
	assert_float_equal(d.ideal_step_s, 1.0, 1e-12);
	assert_float_equal(d.startup_s, 14.0, 1e-12);
	assert_float_equal(d.training_s, 7.0, 1e-12);
	assert_float_equal(d.wasted_s, 2.0, 1e-12);
	assert_float_equal(d.restart_gap_s, 60.0, 1e-12);
	assert_int_equal(d.useful_steps, 7);
	assert_int_equal(d.segments, 2);

	/* Journal: compile = max(1260, 900); warm-up = 310 + 20; queue 420. */
	dt_fact f[4];
	memset(f, 0, sizeof f);
	const char *kv[][2] = {{"neuron.compile_seconds", "1260"},
	                       {"compile.init_seconds", "900"},
	                       {"data.prep_seconds", "310"},
	                       {"data.load_seconds", "20"}};
	for (int i = 0; i < 4; i++) {
		strcpy(f[i].key, kv[i][0]);
		strcpy(f[i].value, kv[i][1]);
	}
	dt_ledger_journal(f, 4, &d);
	assert_true(d.has_journal[DT_LC_COMPILE]);
	assert_float_equal(d.journal_s[DT_LC_COMPILE], 1260, 0);
	assert_float_equal(d.journal_s[DT_LC_WARMUP], 330, 0);
	assert_false(d.has_journal[DT_LC_QUEUE]);

	/* Into a side where compile was entered (4320 s): the entry stays;
	 * warm-up 330 and training 7 come from the logs, reruns 2 + 60. */
	dt_ledger_side side;
	memset(&side, 0, sizeof side);
	put(&side.time[DT_LC_COMPILE], 4320, DT_BASIS_MEASURED);
	dt_ledger_add_derived(&side, &d);
	assert_float_equal(side.time[DT_LC_COMPILE].value, 4320, 0);
	assert_false(side.time[DT_LC_COMPILE].from_log);
	assert_float_equal(side.time[DT_LC_WARMUP].value, 330, 0);
	assert_true(side.time[DT_LC_WARMUP].from_log);
	assert_float_equal(side.time[DT_LC_TRAINING].value, 7, 1e-12);
	assert_float_equal(side.time[DT_LC_RERUNS].value, 62, 1e-12);
	assert_float_equal(side.item[DT_LI_USEFUL_STEPS].value, 7, 0);
	assert_int_equal(side.time[DT_LC_QUEUE].basis, DT_BASIS_NONE);
}

static void names(void **state)
{
	(void)state;
	int t, i;
	assert_int_equal(dt_ledger_key_parse("queue", &t, &i), 0);
	assert_true(t);
	assert_int_equal(i, DT_LC_QUEUE);
	assert_int_equal(dt_ledger_key_parse("logs_gb", &t, &i), 0);
	assert_false(t);
	assert_int_equal(i, DT_LI_LOGS_GB);
	assert_int_equal(dt_ledger_key_parse("gpu_hours", &t, &i), -1);
	assert_int_equal(dt_basis_parse("official"), DT_BASIS_OFFICIAL);
	assert_int_equal(dt_basis_parse("guess"), DT_BASIS_NONE);
	assert_int_equal(dt_ledger_side_parse("trn1"), DT_SIDE_TRN2);
	assert_int_equal(dt_ledger_side_parse("tpu"), -1);
	assert_string_equal(dt_ledger_cat_label(DT_LC_RERUNS),
	                    "failed reruns and recovery");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(costs_by_hand),
		cmocka_unit_test(all_missing_is_unknown),
		cmocka_unit_test(sensitivity_unknown_price),
		cmocka_unit_test(derive_from_logs),
		cmocka_unit_test(names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
