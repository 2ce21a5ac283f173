/* test_stats.c: medians by quickselect (dt_stats.c) against a full sort,
 * on arrays with many duplicates, sorted and reversed input, n = 1..300. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "model/core/stats.h"

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static void median_matches_sort(void **state)
{
	(void)state;
	double v[300], w[300];
	unsigned seed = 12345;
	for (size_t n = 1; n <= 300; n++) {
		for (int shape = 0; shape < 4; shape++) {
			for (size_t i = 0; i < n; i++) {
				seed = seed * 1103515245u + 12345u;
				int r = (int)((seed >> 16) % 7); /* many ties */
				v[i] = shape == 0 ? r : shape == 1 ? (double)i
				     : shape == 2 ? (double)(n - i) : (seed >> 8) % 1000;
			}
			memcpy(w, v, n * sizeof *v);
			qsort(w, n, sizeof *w, cmp);
			double m = dt_median_inplace(v, n);
			if (m != w[n / 2])
				fail_msg("n %zu shape %d: %g != %g", n, shape, m, w[n / 2]);
		}
	}
	assert_true(isnan(dt_median_inplace(v, 0)));
}

/* Hand-computed: median of {3, 1, 2} is 2; upper middle of {4, 1, 3, 2}
 * is 3; MAD of {1, 2, 3, 4, 100} around 3 is median {2,1,0,1,97} = 1. */
static void small_values(void **state)
{
	(void)state;
	double a[] = {3, 1, 2}, b[] = {4, 1, 3, 2}, c[] = {1, 2, 3, 4, 100};
	assert_true(dt_median_inplace(a, 3) == 2);
	assert_true(dt_median_inplace(b, 4) == 3);
	assert_true(dt_mad_inplace(c, 5, 3) == 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(median_matches_sort),
		cmocka_unit_test(small_values),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
