/* test_resample.c: explicit interpolation and window means. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <cmocka.h>

#include "model/core/resample.h"

/* src at 10, 20, 30 = 1.0, 2.0, nan; onto 5..35 by 5.
 * 5 and 35 are outside [10, 30]: dropped. 10 -> 1.0 (copied), 15 ->
 * 1.0 + (2.0 - 1.0) * 5/10 = 1.5 (interpolated), 20 -> 2.0, 25 -> nan
 * (a neighbour is nan: nothing invented), 30 -> nan (copied).
 * n = 5, interpolated 2 (15, 25), segment 0 marks them. */
static void interpolates_onto_steps(void **state)
{
	(void)state;
	int64_t ss[] = {10, 20, 30}, os[] = {5, 10, 15, 20, 25, 30, 35};
	double sv[] = {1.0, 2.0, NAN}, ov[7] = {0};
	uint16_t sg[] = {1, 1, 2};
	dt_series src = {.n = 3, .step = ss, .value = sv, .segment = sg};
	dt_series onto = {.n = 7, .step = os, .value = ov};
	dt_series out;
	size_t ni;
	assert_int_equal(dt_series_interpolate(&src, &onto, &out, &ni), 0);
	assert_int_equal(out.n, 5);
	assert_int_equal(ni, 2);
	int64_t want[] = {10, 15, 20, 25, 30};
	for (int i = 0; i < 5; i++)
		assert_int_equal(out.step[i], want[i]);
	assert_float_equal(out.value[0], 1.0, 0);
	assert_float_equal(out.value[1], 1.5, 1e-15);
	assert_float_equal(out.value[2], 2.0, 0);
	assert_true(isnan(out.value[3]));
	assert_true(isnan(out.value[4]));
	assert_int_equal(out.segment[1], 0);
	assert_int_equal(out.segment[4], 2);
	assert_int_equal(out.non_finite, 2);
	dt_series_free(&out);
}

/* Steps 1..7 = 1..7, W = 3: (0,3] -> mean 2 at step 3, (3,6] -> 5 at
 * 6, (6,9] -> 7 at 9 (partial window kept). A nan in a window makes
 * its mean nan; W = 0 is EINVAL. */
static void window_means(void **state)
{
	(void)state;
	int64_t st[] = {1, 2, 3, 4, 5, 6, 7};
	double v[] = {1, 2, 3, 4, 5, 6, 7};
	dt_series s = {.n = 7, .step = st, .value = v}, out;
	assert_int_equal(dt_series_window_mean(&s, 3, &out), 0);
	assert_int_equal(out.n, 3);
	assert_int_equal(out.step[0], 3);
	assert_float_equal(out.value[0], 2.0, 1e-15);
	assert_int_equal(out.step[1], 6);
	assert_float_equal(out.value[1], 5.0, 1e-15);
	assert_int_equal(out.step[2], 9);
	assert_float_equal(out.value[2], 7.0, 1e-15);
	dt_series_free(&out);
	v[4] = NAN;
	assert_int_equal(dt_series_window_mean(&s, 3, &out), 0);
	assert_true(isnan(out.value[1]));
	assert_int_equal(out.non_finite, 1);
	dt_series_free(&out);
	assert_int_equal(dt_series_window_mean(&s, 0, &out), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(interpolates_onto_steps),
		cmocka_unit_test(window_means),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
