/* test_parity_thin.c: min/max decimation of compared points
 * (model/core/parity_thin.h), checked against values worked by hand. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "model/core/parity_thin.h"

static dt_parity_point pt(int64_t x, double b, double p, int breach)
{
	dt_parity_point r = { x, b, p, (p - b) / fabs(b), breach };
	return r;
}

/* n <= N keeps everything. */
static void test_small_kept(void **state)
{
	(void)state;
	dt_parity_point v[3] = { pt(1, 1, 1, 0), pt(2, 2, 2, 0), pt(3, 3, 3, 0) };
	unsigned char keep[3];
	assert_int_equal(dt_parity_thin(v, 3, 4, keep), 3);
	assert_true(keep[0] && keep[1] && keep[2]);
}

/* 12 points, N = 8: two buckets of 6 (points 0-5 and 6-11).
 * Bucket 1 baseline 4 6 5 3 9 7: min index 3, max index 4; pilot
 * 4 9.5 5 3 8 2: min index 5, max index 1 -> 1 3 4 5.
 * Bucket 2 baseline 1 1 1 1 1 1 (ties: the first, index 6, is both);
 * pilot 1 1 1 NaN 0.5 1: min index 10, max index 6 -> 6 10; index 9
 * (non-finite) and index 7 (breach) are kept on top: 1 3 4 5 6 7 9 10. */
static void test_buckets(void **state)
{
	(void)state;
	double b[12] = { 4, 6, 5, 3, 9, 7, 1, 1, 1, 1, 1, 1 };
	double p[12] = { 4, 9.5, 5, 3, 8, 2, 1, 1, 1, NAN, 0.5, 1 };
	dt_parity_point v[12];
	for (int i = 0; i < 12; i++)
		v[i] = pt(i + 1, b[i], p[i], i == 7);
	unsigned char keep[12];
	assert_int_equal(dt_parity_thin(v, 12, 8, keep), 8);
	const unsigned char want[12] = { 0, 1, 0, 1, 1, 1, 1, 1, 0, 1, 1, 0 };
	assert_memory_equal(keep, want, 12);
}

/* 1000 points, every 10th a breach: 100 breaches + at most N envelope
 * points, whatever N. */
static void test_bound(void **state)
{
	(void)state;
	static dt_parity_point v[1000];
	static unsigned char keep[1000];
	for (int i = 0; i < 1000; i++)
		v[i] = pt(i, 2 + sin(i * 0.1), 2 + cos(i * 0.1), i % 10 == 0);
	for (size_t n = 4; n <= 64; n += 7) {
		size_t k = dt_parity_thin(v, 1000, n, keep);
		assert_true(k <= n + 100);
		for (int i = 0; i < 1000; i += 10)
			assert_true(keep[i]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_small_kept),
		cmocka_unit_test(test_buckets),
		cmocka_unit_test(test_bound),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
