/* test_noise.c: GPU run-to-run spread and the pilot's noise ratio. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <string.h>
#include <cmocka.h>

#include "model/core/noise.h"

/* B1 (the pilot's own baseline) = 1.0 2.0 3.0, B2 = 1.1 2.0 2.9,
 * P = 1.05 2.1 3.0 at steps 1..3; gap = |P - B1| (issue 9).
 * step 1: spread^2 = 0.1^2 = 0.01; gap^2 = 0.05^2 = 0.0025
 * step 2: spread^2 = 0;            gap^2 = 0.1^2 = 0.01
 * step 3: spread^2 = 0.01;         gap^2 = 0
 * R = sqrt(0.0125) / sqrt(0.02) = sqrt(0.625) = 0.790569 -> within
 * noise; RMS spread sqrt(0.02/3) = 0.0816497, RMS gap sqrt(0.0125/3) =
 * 0.0645497. Warm-up 1 keeps steps 2, 3: R = sqrt(0.01/0.01) = 1 ->
 * within noise. One baseline: EINVAL. */
static void ratio_by_hand(void **state)
{
	(void)state;
	int64_t st[] = {1, 2, 3};
	double b1[] = {1.0, 2.0, 3.0}, b2[] = {1.1, 2.0, 2.9}, p[] = {1.05, 2.1, 3.0};
	dt_series s1 = {.n = 3, .step = st, .value = b1};
	dt_series s2 = {.n = 3, .step = st, .value = b2};
	dt_series sp = {.n = 3, .step = st, .value = p};
	const dt_series *bases[] = {&s1, &s2};
	dt_noise n;
	assert_int_equal(dt_noise_compute(bases, 2, &sp, 0, &n), 0);
	assert_int_equal(n.n, 3);
	assert_float_equal(n.ratio, sqrt(0.625), 1e-9);
	assert_float_equal(n.mean_spread, sqrt(0.02 / 3), 1e-12);
	assert_float_equal(n.mean_gap, sqrt(0.0125 / 3), 1e-12);
	assert_float_equal(n.spread[1], 0.0, 1e-15);
	assert_float_equal(n.gap[1], 0.1, 1e-12);
	assert_string_equal(dt_noise_band(n.ratio), "within GPU noise");
	dt_noise_free(&n);
	assert_int_equal(dt_noise_compute(bases, 2, &sp, 1, &n), 0);
	assert_int_equal(n.n, 2);
	assert_float_equal(n.ratio, 1.0, 1e-9);
	assert_string_equal(dt_noise_band(n.ratio), "within GPU noise");
	dt_noise_free(&n);
	assert_int_equal(dt_noise_compute(bases, 1, &sp, 0, &n), -1);
	assert_int_equal(errno, EINVAL);
	assert_string_equal(dt_noise_band(NAN), "insufficient");
	assert_string_equal(dt_noise_band(5.0), "likely difference");
	assert_string_equal(dt_noise_band(11.0), "far outside GPU noise");
}

/* Only steps held finite by all runs count: B2 lacks step 2 and P is nan
 * at step 3 -> only step 1 is used (n = 1, ratio 0.05/0.1 = 0.5). */
static void common_finite_steps_only(void **state)
{
	(void)state;
	int64_t st[] = {1, 2, 3}, s2s[] = {1, 3};
	double b1[] = {1.0, 2.0, 3.0}, b2[] = {1.1, 2.9}, p[] = {1.05, 2.1, NAN};
	dt_series s1 = {.n = 3, .step = st, .value = b1};
	dt_series s2 = {.n = 2, .step = s2s, .value = b2};
	dt_series sp = {.n = 3, .step = st, .value = p};
	const dt_series *bases[] = {&s1, &s2};
	dt_noise n;
	assert_int_equal(dt_noise_compute(bases, 2, &sp, 0, &n), 0);
	assert_int_equal(n.n, 1);
	assert_int_equal(n.step[0], 1);
	assert_float_equal(n.ratio, 0.5, 1e-9);
	dt_noise_free(&n);
}

/* A pilot identical to its own baseline B1 reads R = 0 (it read
 * sqrt(1/2) = 0.707 when the gap averaged over both baselines); step 0
 * is compared with warm-up 0 (n = 3 for steps 0..2). */
static void identical_pilot_reads_zero(void **state)
{
	(void)state;
	int64_t st[] = {0, 1, 2};
	double b1[] = {2.0, 1.9, 1.8}, b2[] = {2.1, 1.8, 1.85};
	dt_series s1 = {.n = 3, .step = st, .value = b1};
	dt_series s2 = {.n = 3, .step = st, .value = b2};
	const dt_series *bases[] = {&s1, &s2};
	dt_noise n;
	assert_int_equal(dt_noise_compute(bases, 2, &s1, 0, &n), 0);
	assert_int_equal(n.n, 3);
	assert_float_equal(n.ratio, 0.0, 1e-15);
	dt_noise_free(&n);
}

/* Two identical GPU runs: spread 0 at every step, so R is undefined
 * (NaN, spread_zero; no 1e-12 epsilon turning a 0.1 % gap into 1e+10)
 * and the noise rule says insufficient. */
static void identical_gpu_runs(void **state)
{
	(void)state;
	int64_t st[] = {1, 2, 3};
	double b[] = {3.0, 2.9, 2.8}, p[] = {3.003, 2.9029, 2.8028};
	dt_series s1 = {.n = 3, .step = st, .value = b};
	dt_series sp = {.n = 3, .step = st, .value = p};
	const dt_series *bases[] = {&s1, &s1};
	dt_noise n;
	assert_int_equal(dt_noise_compute(bases, 2, &sp, 0, &n), 0);
	assert_int_equal(n.n, 3);
	assert_true(n.spread_zero);
	assert_true(isnan(n.ratio));
	assert_float_equal(n.mean_spread, 0, 0);
	assert_int_equal(dt_noise_rule_verdict(&n), DT_VERDICT_INSUFFICIENT);
	dt_noise_free(&n);
	assert_int_equal(dt_noise_rule_verdict(NULL), DT_VERDICT_INSUFFICIENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(identical_gpu_runs),
		cmocka_unit_test(ratio_by_hand),
		cmocka_unit_test(common_finite_steps_only),
		cmocka_unit_test(identical_pilot_reads_zero),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
