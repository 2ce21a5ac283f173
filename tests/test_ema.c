/* test_ema.c: TensorBoard debiased EMA (ANCHORS.md b1), hand-computed. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "model/core/ema.h"

/* w = 0.5 on [1, 2, 3]:
 * last1 = 0.5, out1 = 0.5 / (1 - 0.5) = 1
 * last2 = 0.25 + 1 = 1.25, out2 = 1.25 / 0.75 = 5/3
 * last3 = 0.625 + 1.5 = 2.125, out3 = 2.125 / 0.875 = 17/7 */
static void test_debiased(void **state)
{
	double y[3] = { 1, 2, 3 }, o[3];
	(void)state;
	dt_ema(y, 3, 0.5, o);
	assert_true(fabs(o[0] - 1.0) < 1e-12);
	assert_true(fabs(o[1] - 5.0 / 3.0) < 1e-12);
	assert_true(fabs(o[2] - 17.0 / 7.0) < 1e-12);
}

/* Non-finite values pass through and do not advance n:
 * [2, NaN, 4] w=0.5: out0 = 2; NaN; last = 0.5 + 2 = 2.5, n = 2,
 * out2 = 2.5 / 0.75 = 10/3. */
static void test_nonfinite_passes(void **state)
{
	double y[4] = { 2, NAN, 4, INFINITY }, o[4];
	(void)state;
	dt_ema(y, 4, 0.5, o);
	assert_true(fabs(o[0] - 2.0) < 1e-12);
	assert_true(isnan(o[1]));
	assert_true(fabs(o[2] - 10.0 / 3.0) < 1e-12);
	assert_true(isinf(o[3]) && o[3] > 0);
}

static void test_constant_as_is(void **state)
{
	double y[3] = { 0.1, 0.1, 0.1 }, o[3];
	(void)state;
	dt_ema(y, 3, 0.9, o);
	assert_true(o[0] == 0.1 && o[1] == 0.1 && o[2] == 0.1);
}

static void test_weight_clamp(void **state)
{
	double y[2] = { 1, 3 }, o[2];
	(void)state;
	assert_true(dt_ema_weight(NAN) == 0.0);
	assert_true(dt_ema_weight(-1) == 0.0);
	assert_true(dt_ema_weight(7) == 1.0);
	dt_ema(y, 2, -3, o); /* w = 0: no smoothing */
	assert_true(o[0] == 1.0 && o[1] == 3.0);
	dt_ema(y, 2, 2.0, o); /* w = 1: last stays 0, no debias */
	assert_true(o[0] == 0.0 && o[1] == 0.0);
	dt_ema(y, 2, INFINITY, o); /* non-finite w -> 0 */
	assert_true(o[0] == 1.0 && o[1] == 3.0);
}

static void test_in_place_and_empty(void **state)
{
	double y[3] = { 1, 2, 3 };
	(void)state;
	dt_ema(y, 0, 0.5, y);
	dt_ema(y, 3, 0.5, y);
	assert_true(fabs(y[2] - 17.0 / 7.0) < 1e-12);
}

/* Past the cutoff (w^count <= 2^-54) dt_ema skips pow: the values are
 * still the formula's bits, pow at every step (the header's loop written
 * out here), over 20000 points of a slow ramp with a NaN (the count
 * stops there) for TensorBoard's weights; the cutoff is where pow says
 * (0.6^74 = 3.8e-17 <= 2^-54 = 5.55e-17 < 0.6^73 = 6.4e-17). */
static void test_cutoff_same_bits(void **state)
{
	static const double ws[] = { 0.0, 0.6, 0.9, 0.99, 0.999 };
	enum { N = 20000 };
	static double y[N], got[N];
	(void)state;
	assert_true(dt_ema_cutoff(0.6) == 74.0);
	assert_true(dt_ema_cutoff(1.0) == INFINITY);
	assert_true(dt_ema_cutoff(0.0) == 1.0);
	for (int i = 0; i < N; i++)
		y[i] = 3.0 - i * 1e-4 + (i % 7) * 1e-3;
	y[5000] = NAN;
	for (size_t k = 0; k < sizeof ws / sizeof ws[0]; k++) {
		double last = 0.0, count = 0.0, w = ws[k];
		dt_ema(y, N, w, got);
		for (int i = 0; i < N; i++) {
			double want = y[i];
			if (isfinite(y[i])) {
				last = last * w + (1.0 - w) * y[i];
				count += 1.0;
				want = last / (1.0 - pow(w, count));
			}
			assert_memory_equal(&got[i], &want, sizeof want);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_debiased),
		cmocka_unit_test(test_nonfinite_passes),
		cmocka_unit_test(test_constant_as_is),
		cmocka_unit_test(test_weight_clamp),
		cmocka_unit_test(test_in_place_and_empty),
		cmocka_unit_test(test_cutoff_same_bits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
