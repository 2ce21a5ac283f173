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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_debiased),
		cmocka_unit_test(test_nonfinite_passes),
		cmocka_unit_test(test_constant_as_is),
		cmocka_unit_test(test_weight_clamp),
		cmocka_unit_test(test_in_place_and_empty),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
