/* test_parity.c: pairing by effective step and the tolerance rule. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <cmocka.h>

#include "model/core/parity.h"

static dt_series make(int64_t *st, double *va, size_t n)
{
	dt_series s = {0};
	s.n = n;
	s.step = st;
	s.value = va;
	return s;
}

static void allowed_rule(void **state)
{
	(void)state;
	assert_int_equal(dt_parity_allowed(0), 1);
	assert_int_equal(dt_parity_allowed(99), 1);
	assert_int_equal(dt_parity_allowed(250), 2);
	assert_int_equal(dt_parity_allowed(4999), 49);
	assert_int_equal(dt_parity_allowed(100000), 50);
}

/* Baseline at steps 10,20,30,40; pilot at 20,30,40,50: common 20,30,40.
 * rtol 0.02: step 20 |2.03-2| = 0.03 <= 0.04 (no breach, rel +1.5%);
 * step 30 |1.5-1.6| = 0.1 > 0.032 (breach, rel -6.25%);
 * step 40 pilot NaN (breach). N = 3, allowed 1, breaches 2 -> fail. */
static void pairs_by_step_and_counts_breaches(void **state)
{
	(void)state;
	int64_t bs[] = {10, 20, 30, 40}, ps[] = {20, 30, 40, 50};
	double bv[] = {3.0, 2.0, 1.6, 1.2}, pv[] = {2.03, 1.5, NAN, 1.0};
	dt_series b = make(bs, bv, 4), p = make(ps, pv, 4);
	dt_parity_opts o = dt_parity_defaults();
	dt_parity r;
	assert_int_equal(dt_parity_compute(&b, &p, &o, &r), 0);
	assert_int_equal(r.n, 3);
	assert_int_equal(r.points[0].x, 20);
	assert_false(r.points[0].breach);
	assert_float_equal(r.points[0].rel_diff, 0.015, 1e-12);
	assert_true(r.points[1].breach);
	assert_float_equal(r.points[1].rel_diff, -0.0625, 1e-12);
	assert_true(r.points[2].breach);
	assert_true(isnan(r.points[2].rel_diff));
	assert_int_equal(r.breaches, 2);
	assert_int_equal(r.first_breach_x, 30);
	assert_int_equal(r.allowed_breaches, 1);
	assert_float_equal(r.max_abs_rel_diff, 0.0625, 1e-12);
	assert_int_equal(r.max_abs_rel_diff_x, 30);
	assert_int_equal(r.verdict, DT_VERDICT_FAIL);
	dt_parity_free(&r);
}

/* Warm-up 20 drops steps <= 20; atol widens the band: |1.5-1.6| = 0.1
 * <= 0.11 -> no breach with atol 0.11 and rtol 0 (|1.25-1.2| = 0.05). */
static void warmup_and_atol(void **state)
{
	(void)state;
	int64_t bs[] = {10, 20, 30, 40}, ps[] = {10, 20, 30, 40};
	double bv[] = {3.0, 2.0, 1.6, 1.2}, pv[] = {9.0, 9.0, 1.5, 1.25};
	dt_series b = make(bs, bv, 4), p = make(ps, pv, 4);
	dt_parity_opts o = dt_parity_defaults();
	o.rtol = 0;
	o.atol = 0.11;
	o.warmup = 20;
	dt_parity r;
	assert_int_equal(dt_parity_compute(&b, &p, &o, &r), 0);
	assert_int_equal(r.n, 2);
	assert_int_equal(r.breaches, 0);
	assert_int_equal(r.verdict, DT_VERDICT_PASS);
	dt_parity_free(&r);
}

/* Baseline 0: rel_diff inf when the pilot is not 0, 0 when both are. */
static void zero_baseline(void **state)
{
	(void)state;
	int64_t s[] = {1, 2};
	double bv[] = {0.0, 0.0}, pv[] = {0.0, 0.5};
	dt_series b = make(s, bv, 2), p = make(s, pv, 2);
	dt_parity_opts o = dt_parity_defaults();
	dt_parity r;
	assert_int_equal(dt_parity_compute(&b, &p, &o, &r), 0);
	assert_true(r.points[0].rel_diff == 0.0);
	assert_true(isinf(r.points[1].rel_diff));
	assert_int_equal(r.breaches, 1);
	/* N = 2, allowed 1: one breach still passes. */
	assert_int_equal(r.verdict, DT_VERDICT_PASS);
	dt_parity_free(&r);
}

static void fewer_than_two_is_insufficient(void **state)
{
	(void)state;
	int64_t bs[] = {1, 2}, ps[] = {2, 3};
	double v[] = {1.0, 1.0};
	dt_series b = make(bs, v, 2), p = make(ps, v, 2);
	dt_parity_opts o = dt_parity_defaults();
	dt_parity r;
	assert_int_equal(dt_parity_compute(&b, &p, &o, &r), 0);
	assert_int_equal(r.n, 1);
	assert_int_equal(r.verdict, DT_VERDICT_INSUFFICIENT);
	dt_parity_free(&r);
}

/* Global batch 16 vs 32: baseline steps 2,4,6 = samples 32,64,96; pilot
 * steps 1,2,3 = samples 32,64,96: three pairs by samples. */
static void different_global_batch_pairs_by_samples(void **state)
{
	(void)state;
	int64_t bs[] = {2, 4, 6}, ps[] = {1, 2, 3};
	double v[] = {2.0, 1.5, 1.2};
	dt_series b = make(bs, v, 3), p = make(ps, v, 3);
	dt_parity_opts o = dt_parity_defaults();
	o.baseline_gb = 16;
	o.pilot_gb = 32;
	dt_parity r;
	assert_int_equal(dt_parity_compute(&b, &p, &o, &r), 0);
	assert_true(r.by_samples);
	assert_int_equal(r.n, 3);
	assert_int_equal(r.points[2].x, 96);
	assert_int_equal(r.verdict, DT_VERDICT_PASS);
	dt_parity_free(&r);
}

/* The warm-up clause says what the rule does: warm-up 0 compares every
 * common step (step 0 included), so it never says "steps <= 0 are not
 * compared". */
static void warmup_words(void **state)
{
	(void)state;
	char b[80];
	assert_string_equal(dt_parity_warmup_text(0, b, sizeof b),
	                    "warm-up 0: every common step is compared");
	assert_string_equal(dt_parity_warmup_text(200, b, sizeof b),
	                    "steps <= 200 (warm-up) are not compared");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(allowed_rule),
		cmocka_unit_test(pairs_by_step_and_counts_breaches),
		cmocka_unit_test(warmup_and_atol),
		cmocka_unit_test(zero_baseline),
		cmocka_unit_test(fewer_than_two_is_insufficient),
		cmocka_unit_test(different_global_batch_pairs_by_samples),
		cmocka_unit_test(warmup_words),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
