/* test_parity_thin.c: min/max decimation of compared points
 * (model/core/parity_thin.h), checked against values worked by hand, fed
 * whole (dt_parity_thin_points) and as the parity accumulator judges the
 * points (dt_parity_acc_thin); and the count of steps two evenly stepped
 * curves share (model/core/step_grid.h) against a count by hand and by
 * brute force. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/parity_thin.h"
#include "model/core/step_grid.h"

static dt_parity_point pt(int64_t x, double b, double p, int breach)
{
	dt_parity_point r = { x, b, p, (p - b) / fabs(b), breach };
	return r;
}

/* Decimate v[0..n) under budget N; the kept x into xs (at most cap),
 * returns their count. */
static size_t thin_x(const dt_parity_point *v, size_t n, size_t N,
                     int64_t *xs, size_t cap)
{
	dt_parity p = { .n = n, .points = malloc((n ? n : 1) * sizeof *v) };
	assert_non_null(p.points);
	memcpy(p.points, v, n * sizeof *v);
	assert_int_equal(dt_parity_thin_points(&p, N), 0);
	assert_true(p.nkept <= cap);
	for (size_t i = 0; i < p.nkept; i++)
		xs[i] = p.kept[i].x;
	size_t k = p.nkept;
	dt_parity_free(&p);
	return k;
}

/* n <= N keeps everything, in order. */
static void test_small_kept(void **state)
{
	(void)state;
	dt_parity_point v[3] = { pt(1, 1, 1, 0), pt(2, 2, 2, 0), pt(3, 3, 3, 0) };
	int64_t xs[3];
	assert_int_equal(thin_x(v, 3, 4, xs, 3), 3);
	assert_int_equal(xs[0], 1);
	assert_int_equal(xs[2], 3);
	assert_int_equal(thin_x(v, 3, 1000000, xs, 3), 3);
	assert_int_equal(thin_x(v, 0, 4, xs, 3), 0);
}

/* 12 points at x 1..12, N = 8: two buckets of 6 (x 1-6 and 7-12).
 * Bucket 1 baseline 4 6 5 3 9 7: min x 4, max x 5; pilot
 * 4 9.5 5 3 8 2: min x 6, max x 2 -> 2 4 5 6.
 * Bucket 2 baseline 1 1 1 1 1 1 (ties: the first, x 7, is both);
 * pilot 1 1 1 NaN 0.5 1: min x 11, max x 7 -> 7 11; x 10
 * (non-finite) and x 8 (breach) are kept on top: 2 4 5 6 7 8 10 11. */
static void test_buckets(void **state)
{
	(void)state;
	double b[12] = { 4, 6, 5, 3, 9, 7, 1, 1, 1, 1, 1, 1 };
	double p[12] = { 4, 9.5, 5, 3, 8, 2, 1, 1, 1, NAN, 0.5, 1 };
	dt_parity_point v[12];
	for (int i = 0; i < 12; i++)
		v[i] = pt(i + 1, b[i], p[i], i == 7);
	int64_t xs[12];
	const int64_t want[8] = { 2, 4, 5, 6, 7, 8, 10, 11 };
	assert_int_equal(thin_x(v, 12, 8, xs, 12), 8);
	assert_memory_equal(xs, want, sizeof want);
	/* N = 9, 10, 11: still 9 / 4 = 2 buckets, the same points */
	assert_int_equal(thin_x(v, 12, 11, xs, 12), 8);
	assert_memory_equal(xs, want, sizeof want);
}

/* Uneven buckets: 7 points, N = 4 -> 1 bucket of 7; N = 5 .. 7: every
 * point (n <= N). 10 points, N = 12 -> all; 14 points, N = 12 -> 3
 * buckets of 5, 5, 4 (14 = 3 * 4 + 2: the first two one more).
 * Baseline = pilot = 10 - (i mod 5) at x = i, i = 0..13, no breach:
 * bucket 0 (x 0-4): 10 9 8 7 6 -> min x 4, max x 0;
 * bucket 1 (x 5-9): the same -> 9, 5; bucket 2 (x 10-13): 10 9 8 7
 * -> 13, 10: kept 0 4 5 9 10 13. */
static void test_uneven(void **state)
{
	(void)state;
	dt_parity_point v[14];
	for (int i = 0; i < 14; i++)
		v[i] = pt(i, 10 - i % 5, 10 - i % 5, 0);
	int64_t xs[14];
	const int64_t want[6] = { 0, 4, 5, 9, 10, 13 };
	assert_int_equal(thin_x(v, 14, 12, xs, 14), 6);
	assert_memory_equal(xs, want, sizeof want);
	/* 7 points in one bucket (N = 4): min x 4, max x 0 of the first 7
	 * (10 9 8 7 6 10 9: max 10 first at x 0) */
	assert_int_equal(thin_x(v, 7, 4, xs, 14), 2);
	assert_int_equal(xs[0], 0);
	assert_int_equal(xs[1], 4);
	assert_int_equal(thin_x(v, 7, 7, xs, 14), 7);
}

/* Breaches past N: 40 points, every one a breach, N = 4 -> all 40. An
 * infinite baseline and a NaN pilot are kept, never an extreme: 8
 * points, N = 4, baseline 1 2 inf 3 4 5 6 7, pilot = baseline except
 * x 6 NaN: extremes baseline min x 0, max x 7, pilot min x 0, max x 7;
 * non-finite x 2 and x 6 -> 0 2 6 7. */
static void test_must_keep(void **state)
{
	(void)state;
	dt_parity_point v[40];
	int64_t xs[40];
	for (int i = 0; i < 40; i++)
		v[i] = pt(i, 1, 2, 1);
	assert_int_equal(thin_x(v, 40, 4, xs, 40), 40);
	double b[8] = { 1, 2, INFINITY, 3, 4, 5, 6, 7 };
	for (int i = 0; i < 8; i++)
		v[i] = pt(i, b[i], i == 6 ? NAN : b[i], 0);
	const int64_t want[4] = { 0, 2, 6, 7 };
	assert_int_equal(thin_x(v, 8, 4, xs, 40), 4);
	assert_memory_equal(xs, want, sizeof want);
}

/* 1000 points, every 10th a breach: 100 breaches + at most N envelope
 * points, whatever N. */
static void test_bound(void **state)
{
	(void)state;
	static dt_parity_point v[1000];
	static int64_t xs[1000];
	for (int i = 0; i < 1000; i++)
		v[i] = pt(i, 2 + sin(i * 0.1), 2 + cos(i * 0.1), i % 10 == 0);
	for (size_t n = 4; n <= 64; n += 7) {
		size_t k = thin_x(v, 1000, n, xs, 1000);
		assert_true(k <= n + 100);
		size_t j = 0;
		for (int i = 0; i < 1000; i += 10) {
			while (j < k && xs[j] < i)
				j++;
			assert_true(j < k && xs[j] == i);
		}
		for (size_t m = 1; m < k; m++)
			assert_true(xs[m - 1] < xs[m]);
	}
}

/* Equal points, field by field (bit for bit on the values; the struct
 * has padding). */
static void assert_points_equal(const dt_parity_point *a,
                                const dt_parity_point *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(a[i].x, b[i].x);
		assert_memory_equal(&a[i].baseline, &b[i].baseline, sizeof(double));
		assert_memory_equal(&a[i].pilot, &b[i].pilot, sizeof(double));
		assert_memory_equal(&a[i].rel_diff, &b[i].rel_diff, sizeof(double));
		assert_int_equal(a[i].breach, b[i].breach);
	}
}

/* The accumulator decimates as it judges: the same kept points as
 * decimating its whole result; a wrong expected count gives nkept
 * (size_t)-1 and no kept points. Baseline 2 + sin, pilot 1 % above
 * with 5 % at x = 0 mod 37 (breaches at rtol 0.02), NaN at x = 0 mod 101. */
static void test_acc(void **state)
{
	(void)state;
	enum { N = 3000 };
	static int64_t st[N];
	static double b[N], p[N];
	for (int i = 0; i < N; i++) {
		st[i] = i + 1;
		b[i] = 2 + sin(i * 0.01);
		p[i] = st[i] % 101 == 0 ? NAN : b[i] * (st[i] % 37 ? 1.01 : 1.05);
	}
	dt_series sb = { .step = st, .value = b, .n = N };
	dt_series sp = { .step = st, .value = p, .n = N };
	dt_parity_opts o = dt_parity_defaults();
	dt_parity whole;
	assert_int_equal(dt_parity_compute(&sb, &sp, &o, &whole), 0);
	assert_int_equal(dt_parity_thin_points(&whole, 100), 0);
	assert_int_equal(whole.breaches, N / 37 + N / 101); /* none at both */
	assert_true(whole.nkept >= whole.breaches && whole.nkept <= 100 + whole.breaches);
	for (size_t chunk = 1; chunk <= N; chunk *= 7) {
		dt_parity_acc a;
		assert_int_equal(dt_parity_acc_start(&a, &o, 0, 0), 0);
		assert_int_equal(dt_parity_acc_thin(&a, N, 100), 0);
		for (size_t i = 0; i < N; i += chunk) {
			size_t m = N - i < chunk ? N - i : chunk, ub, up;
			assert_int_equal(dt_parity_acc_feed(&a, st + i, b + i, m, st + i,
			                                    p + i, m, &ub, &up), 0);
		}
		dt_parity r;
		dt_parity_acc_finish(&a, &r);
		assert_int_equal(r.nkept, whole.nkept);
		assert_points_equal(r.kept, whole.kept, r.nkept);
		dt_parity_free(&r);
	}
	/* expected 2999 of 3000: refused */
	dt_parity_acc a;
	assert_int_equal(dt_parity_acc_start(&a, &o, 0, 0), 0);
	assert_int_equal(dt_parity_acc_thin(&a, N - 1, 100), 0);
	size_t ub, up;
	assert_int_equal(dt_parity_acc_feed(&a, st, b, N, st, p, N, &ub, &up), 0);
	dt_parity r;
	dt_parity_acc_finish(&a, &r);
	assert_null(r.kept);
	assert_int_equal(r.nkept, (size_t)-1);
	dt_parity_free(&r);
	dt_parity_free(&whole);
}

/* Common steps by hand: 1..10 step 1 and 4, 7, ... (first 4, stride 3,
 * 5 points: 4 7 10 13 16): common 4 7 10 -> 3; from step 5 on: 7 10 ->
 * 2. Stride 4 from 2 (2 6 10 14 18 22) and stride 6 from 4 (4 10 16
 * 22 28): common 10 22 (lcm 12) -> 2. Stride 2 from 1 and stride 2 from
 * 2: none (gcd 2 does not divide 1). One point at 7 and 1..10: 1. */
static void test_grid_hand(void **state)
{
	(void)state;
	dt_step_grid a = {1, 1, 10}, b = {4, 3, 5};
	assert_int_equal(dt_step_grid_common(&a, &b, INT64_MIN), 3);
	assert_int_equal(dt_step_grid_common(&a, &b, 5), 2);
	assert_int_equal(dt_step_grid_common(&b, &a, 5), 2);
	dt_step_grid c = {2, 4, 6}, d = {4, 6, 5};
	assert_int_equal(dt_step_grid_common(&c, &d, INT64_MIN), 2);
	dt_step_grid e = {1, 2, 100}, f = {2, 2, 100};
	assert_int_equal(dt_step_grid_common(&e, &f, INT64_MIN), 0);
	dt_step_grid g = {7, 0, 1};
	assert_int_equal(dt_step_grid_common(&g, &a, INT64_MIN), 1);
	assert_int_equal(dt_step_grid_common(&g, &a, 8), 0);
	dt_step_grid z = {1, 1, 0}, bad = {1, 0, 2};
	assert_int_equal(dt_step_grid_common(&z, &a, INT64_MIN), 0);
	assert_int_equal(dt_step_grid_common(&bad, &a, INT64_MIN), (size_t)-1);
	/* strides near 2^62: lcm overflows 64 bits, one common step */
	dt_step_grid h = {0, (int64_t)1 << 62, 2}, k = {0, ((int64_t)1 << 62) - 1, 2};
	assert_int_equal(dt_step_grid_common(&h, &k, INT64_MIN), 1);
}

/* Against brute force on small grids (first -20..20, stride 1..12,
 * 0..30 points, min_step -25..40). */
static void test_grid_brute(void **state)
{
	(void)state;
	srand(13);
	for (int t = 0; t < 20000; t++) {
		dt_step_grid a = {rand() % 41 - 20, rand() % 12 + 1,
		                  (size_t)(rand() % 31)};
		dt_step_grid b = {rand() % 41 - 20, rand() % 12 + 1,
		                  (size_t)(rand() % 31)};
		int64_t min = rand() % 66 - 25;
		size_t want = 0;
		for (size_t i = 0; i < a.n; i++) {
			int64_t s = a.first + (int64_t)i * a.stride;
			for (size_t j = 0; j < b.n; j++)
				want += s >= min && s == b.first + (int64_t)j * b.stride;
		}
		assert_int_equal(dt_step_grid_common(&a, &b, min), want);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_small_kept),
		cmocka_unit_test(test_buckets),
		cmocka_unit_test(test_uneven),
		cmocka_unit_test(test_must_keep),
		cmocka_unit_test(test_bound),
		cmocka_unit_test(test_acc),
		cmocka_unit_test(test_grid_hand),
		cmocka_unit_test(test_grid_brute),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
