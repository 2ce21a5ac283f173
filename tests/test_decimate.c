/* test_decimate.c: min/max pyramid against a brute-force scan. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include "model/core/decimate.h"

static dt_range brute(const double *v, size_t i0, size_t i1)
{
	dt_range r = { INFINITY, -INFINITY, 0, 0 };
	size_t i;
	for (i = i0; i < i1; i++) {
		if (!isfinite(v[i])) {
			r.bad++;
			continue;
		}
		r.finite++;
		if (v[i] < r.min)
			r.min = v[i];
		if (v[i] > r.max)
			r.max = v[i];
	}
	return r;
}

/* Every range of several odd and even sizes, with NaN/inf sprinkled in. */
static void test_all_ranges(void **state)
{
	/* Around and over DT_PYRAMID_LEAF (32) and several stored levels. */
	size_t sizes[] = { 1, 2, 3, 7, 8, 9, 31, 32, 33, 63, 64, 65, 100, 255,
	                   256, 257, 700 };
	size_t s;
	(void)state;
	srand(7);
	for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		size_t n = sizes[s], i0, i1, i;
		double *v = malloc(n * sizeof *v);
		dt_pyramid p;
		assert_non_null(v);
		for (i = 0; i < n; i++) {
			int r = rand() % 10;
			v[i] = r == 0 ? NAN : r == 1 ? INFINITY : (double)(rand() % 1000) / 7.0;
		}
		assert_int_equal(dt_pyramid_build(&p, v, n), 0);
		for (i0 = 0; i0 <= n; i0++)
			for (i1 = i0; i1 <= n; i1++) {
				dt_range a = dt_pyramid_query(&p, i0, i1);
				dt_range b = brute(v, i0, i1);
				assert_int_equal(a.finite, b.finite);
				assert_int_equal(a.bad, b.bad);
				assert_true(a.min == b.min);
				assert_true(a.max == b.max);
			}
		dt_pyramid_free(&p);
		free(v);
	}
}

static void test_empty_and_clamp(void **state)
{
	dt_pyramid p;
	double v[3] = { 1, 5, 3 };
	dt_range r;
	(void)state;
	assert_int_equal(dt_pyramid_build(&p, NULL, 0), 0);
	r = dt_pyramid_query(&p, 0, 10);
	assert_int_equal(r.finite + r.bad, 0);
	dt_pyramid_free(&p);
	dt_pyramid_free(&p); /* zeroed: harmless */
	assert_int_equal(dt_pyramid_build(&p, v, 3), 0);
	r = dt_pyramid_query(&p, 1, 99);
	assert_true(r.min == 3 && r.max == 5 && r.finite == 2);
	dt_pyramid_free(&p);
}

/* Steps 10,20,...,100 in 4 columns over [10, 110): each column spans 25
 * steps: [10,35) -> 10,20,30; [35,60) -> 40,50; [60,85) -> 60,70,80;
 * [85,110) -> 90,100. */
static void test_columns(void **state)
{
	int64_t x[10];
	double v[10];
	dt_column c[4];
	dt_pyramid p;
	size_t i;
	(void)state;
	for (i = 0; i < 10; i++) {
		x[i] = (int64_t)(10 * (i + 1));
		v[i] = (double)i;
	}
	v[4] = NAN;
	assert_int_equal(dt_pyramid_build(&p, v, 10), 0);
	dt_decimate_columns(x, &p, 10, 100, 4, c);
	assert_int_equal(c[0].i0, 0);
	assert_int_equal(c[0].i1, 3);
	assert_int_equal(c[1].i0, 3);
	assert_int_equal(c[1].i1, 5);
	assert_int_equal(c[1].r.bad, 1);
	assert_true(c[1].r.min == 3 && c[1].r.max == 3);
	assert_int_equal(c[2].i1, 8);
	assert_int_equal(c[3].i1, 10);
	assert_true(c[3].r.min == 8 && c[3].r.max == 9);
	assert_int_equal(dt_lower_bound_i64(x, 10, 55), 5);
	assert_int_equal(dt_lower_bound_i64(x, 10, 1000), 10);
	dt_pyramid_free(&p);
}

/* The columns of an array of structs read in place: point i has x = 3i
 * and y = i % 7, with a NaN at i = 50; queries and columns match those of
 * plain copies of the two columns. */
static void test_strided(void **state)
{
	struct pt { int64_t x; double other, y; int flag; } a[100];
	int64_t x[100];
	double y[100];
	dt_pyramid ps, pp;
	dt_column cs[7], cp[7];
	size_t i, i0, i1;
	(void)state;
	for (i = 0; i < 100; i++) {
		x[i] = a[i].x = (int64_t)(3 * i);
		y[i] = a[i].y = i == 50 ? NAN : (double)(i % 7);
		a[i].other = -1;
		a[i].flag = 1;
	}
	assert_int_equal(dt_pyramid_build_strided(&ps, &a[0].y, sizeof a[0], 100), 0);
	assert_int_equal(dt_pyramid_build(&pp, y, 100), 0);
	for (i0 = 0; i0 <= 100; i0++)
		for (i1 = i0; i1 <= 100; i1++) {
			dt_range r = dt_pyramid_query(&ps, i0, i1);
			dt_range q = dt_pyramid_query(&pp, i0, i1);
			assert_int_equal(r.finite, q.finite);
			assert_int_equal(r.bad, q.bad);
			assert_true(r.min == q.min && r.max == q.max);
		}
	/* 3 * 34 = 102 >= 100 > 99: index 34 */
	assert_int_equal(dt_lower_bound_i64_strided(&a[0].x, sizeof a[0], 100, 100), 34);
	dt_decimate_columns_strided(&a[0].x, sizeof a[0], &ps, 0, 300, 7, cs);
	dt_decimate_columns(x, &pp, 0, 300, 7, cp);
	for (i = 0; i < 7; i++) {
		assert_int_equal(cs[i].i0, cp[i].i0);
		assert_int_equal(cs[i].i1, cp[i].i1);
		assert_int_equal(cs[i].r.bad, cp[i].r.bad);
		assert_true(cs[i].r.min == cp[i].r.min && cs[i].r.max == cp[i].r.max);
	}
	dt_pyramid_free(&ps);
	dt_pyramid_free(&pp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_ranges),
		cmocka_unit_test(test_empty_and_clamp),
		cmocka_unit_test(test_columns),
		cmocka_unit_test(test_strided),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
