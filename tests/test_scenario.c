/* test_scenario.c: questionnaire -> recommendation (ACCEPTANCE.md
 * scenario guide), one case per rule. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "model/core/scenario.h"

static dt_scenario_answers all(dt_answer a)
{
	dt_scenario_answers s;
	memset(&s, 0, sizeof s);
	for (int q = 0; q < DT_Q_COUNT; q++)
		s.a[q] = a;
	return s;
}

/* Stable LoRA, no custom ops, rare changes, agreed metrics, long cycle,
 * experienced team: trn2_pilot; the same with "full" training adds the
 * condition; every rule before it overrides it in order. */
static void rules_in_order(void **state)
{
	(void)state;
	dt_scenario_answers a = all(DT_ANS_YES);
	a.a[DT_Q_CUSTOM_CUDA] = DT_ANS_NO;
	a.a[DT_Q_GRAPH_CHANGES] = DT_ANS_NO;
	a.a[DT_Q_HIGH_COST] = DT_ANS_NO;
	strcpy(a.training, "lora");
	dt_scenario_result r;
	dt_scenario_decide(&a, &r);
	assert_string_equal(dt_recommendation_name(r.rec), "trn2_pilot");
	assert_string_equal(r.condition, "");
	assert_string_equal(r.missing, "");
	strcpy(a.training, "full");
	dt_scenario_decide(&a, &r);
	assert_int_equal(r.rec, DT_REC_TRN2_PILOT);
	assert_non_null(strstr(r.condition, "parallelism, checkpoint and recovery"));
	a.a[DT_Q_LONG_CYCLE] = DT_ANS_NO;             /* rule 4 */
	dt_scenario_decide(&a, &r);
	assert_int_equal(r.rec, DT_REC_GPU);
	a.a[DT_Q_HIGH_COST] = DT_ANS_YES;             /* rule 3 */
	a.a[DT_Q_EXPERIENCED] = DT_ANS_NO;
	dt_scenario_decide(&a, &r);
	assert_int_equal(r.rec, DT_REC_DUAL_TRACK);
	a.a[DT_Q_CUSTOM_CUDA] = DT_ANS_YES;           /* rule 2 */
	dt_scenario_decide(&a, &r);
	assert_int_equal(r.rec, DT_REC_GPU);
	a.a[DT_Q_AGREED_METRICS] = DT_ANS_NO;         /* rule 1 */
	dt_scenario_decide(&a, &r);
	assert_string_equal(dt_recommendation_name(r.rec), "gpu_baseline_first");
}

/* Nothing answered: no rule fires, the cautious dual_track, with all
 * seven questions listed as missing. */
static void unanswered_is_dual_track(void **state)
{
	(void)state;
	dt_scenario_answers a = all(DT_ANS_UNKNOWN);
	dt_scenario_result r;
	dt_scenario_decide(&a, &r);
	assert_int_equal(r.rec, DT_REC_DUAL_TRACK);
	assert_string_equal(r.missing, "stable, custom_cuda, graph_changes, "
	                    "high_cost_of_error, agreed_metrics, experienced_team, "
	                    "long_cycle");
	dt_answer x;
	assert_int_equal(dt_answer_parse("Y", &x), 0);
	assert_int_equal(x, DT_ANS_YES);
	assert_int_equal(dt_answer_parse("maybe", &x), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rules_in_order),
		cmocka_unit_test(unanswered_is_dual_track),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
