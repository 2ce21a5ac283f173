/* test_curve.c: curves whose values are not in memory (model/core/curve.h):
 * pyramid queries whose edge points come through the fetch callback equal
 * the queries over the array; affine x answers lower bounds as the binary
 * search over the same steps does; the column summaries match
 * dt_decimate_columns. Generated data (a fixed-seed generator, NaN and
 * inf sprinkled in), so every answer is checked against the array path,
 * itself checked by hand and brute force in test_decimate.c. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/curve.h"
#include "model/core/lod.h"

/* The values behind a fetch: the array, and how many points were read
 * through it (a query must never read the whole curve). */
typedef struct src {
	const double *v;
	size_t n, reads, points;
	int fail;
} src;

static int fetch(void *ctx, size_t first, size_t count, double *out)
{
	src *s = ctx;
	if (s->fail || first + count > s->n)
		return -1;
	memcpy(out, s->v + first, count * sizeof *out);
	s->reads++;
	s->points += count;
	return 0;
}

static uint64_t rng = 88172645463325252ull;
static double next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (double)(rng >> 11) / 9007199254740992.0;
}

static void same(dt_range a, dt_range b)
{
	assert_true(a.min == b.min && a.max == b.max);
	assert_int_equal(a.finite, b.finite);
	assert_int_equal(a.bad, b.bad);
}

/* n = 5000 points (157 leaf blocks, 9 levels), 1 in 50 non-finite. */
static void pyramid_via_fetch(void **state)
{
	(void)state;
	enum { N = 5000 };
	double *v = malloc(N * sizeof *v);
	assert_non_null(v);
	for (size_t i = 0; i < N; i++) {
		double u = next();
		v[i] = u < 0.01 ? NAN : u < 0.02 ? INFINITY : 3 * u - 1;
	}
	dt_pyramid arr, lazy;
	assert_int_equal(dt_pyramid_build(&arr, v, N), 0);
	unsigned char *lod;
	size_t len;
	assert_int_equal(dt_lod_pack(v, N, &lod, &len), 0);
	assert_int_equal(dt_lod_unpack(&lazy, NULL, sizeof *v, N, lod, len), 0);
	src s = {.v = v, .n = N};
	lazy.fetch = fetch;
	lazy.fetch_ctx = &s;
	for (int t = 0; t < 20000; t++) {
		size_t a = (size_t)(next() * (N + 1)), b = (size_t)(next() * (N + 1));
		if (a > b) {
			size_t k = a;
			a = b;
			b = k;
		}
		s.points = 0;
		same(dt_pyramid_query(&lazy, a, b), dt_pyramid_query(&arr, a, b));
		/* the edges only: fewer than one leaf either side */
		assert_true(s.points < 2 * DT_PYRAMID_LEAF ||
		            b - a < 2 * DT_PYRAMID_LEAF);
	}
	/* a failing fetch leaves the edge points out, the blocks stay */
	s.fail = 1;
	dt_range r = dt_pyramid_query(&lazy, 10, 100);
	assert_int_equal(r.finite + r.bad, 64); /* blocks 1 and 2: [32, 96) */
	free(lod);
	dt_pyramid_free(&lazy);
	dt_pyramid_free(&arr);
	free(v);
}

/* Steps 7, 10, 13, ... (first 7, stride 3): lower bounds of keys around
 * and between every step, and outside, equal the binary search; the
 * columns of a window equal dt_decimate_columns; values through the
 * curve equal the array. */
static void affine_curve(void **state)
{
	(void)state;
	enum { N = 3000 };
	int64_t *x = malloc(N * sizeof *x);
	double *v = malloc(N * sizeof *v);
	assert_non_null(x);
	assert_non_null(v);
	for (size_t i = 0; i < N; i++) {
		x[i] = 7 + 3 * (int64_t)i;
		v[i] = next() < 0.03 ? NAN : next();
	}
	dt_pyramid arr, lazy;
	assert_int_equal(dt_pyramid_build(&arr, v, N), 0);
	unsigned char *lod;
	size_t len;
	assert_int_equal(dt_lod_pack(v, N, &lod, &len), 0);
	assert_int_equal(dt_lod_unpack(&lazy, NULL, sizeof *v, N, lod, len), 0);
	src s = {.v = v, .n = N};
	lazy.fetch = fetch;
	lazy.fetch_ctx = &s;
	dt_curve c = {.n = N, .x_first = 7, .x_stride = 3, .fetch = fetch,
	              .fetch_ctx = &s, .pyr = &lazy};
	dt_curve ca = {.n = N, .x = x, .y = v, .pyr = &arr};
	for (double key = -5; key < 7 + 3 * N + 5; key += 0.5) {
		size_t want = dt_lower_bound_i64(x, N, key);
		assert_int_equal(dt_curve_lower_bound(&c, key), want);
		assert_int_equal(dt_curve_lower_bound(&ca, key), want);
	}
	assert_int_equal(dt_curve_lower_bound(&c, NAN), 0);
	for (size_t i = 0; i < N; i += 97)
		assert_int_equal(dt_curve_x(&c, i), x[i]);
	double span[] = {9000, 2000, 301.5, 64, 7};
	double from[] = {7, 0, 4000.25, 8000, 8990};
	dt_column got[190], want[190];
	for (int t = 0; t < 5; t++) {
		dt_curve_columns(&c, from[t], span[t], 190, got);
		dt_decimate_columns(x, &arr, from[t], span[t], 190, want);
		for (int k = 0; k < 190; k++) {
			assert_int_equal(got[k].i0, want[k].i0);
			assert_int_equal(got[k].i1, want[k].i1);
			same(got[k].r, want[k].r);
		}
		same(dt_curve_range(&c, from[t], from[t] + span[t]),
		     dt_pyramid_query(&arr, dt_lower_bound_i64(x, N, from[t]),
		                      dt_lower_bound_i64(x, N, from[t] + span[t])));
	}
	double out[40];
	assert_int_equal(dt_curve_values(&c, 2960, 40, out), 0);
	assert_memory_equal(out, v + 2960, sizeof out);
	assert_int_equal(dt_curve_values(&c, 2961, 40, out), -1);
	assert_true(dt_curve_value(&c, 5) == v[5] ||
	            (isnan(v[5]) && isnan(dt_curve_value(&c, 5))));
	assert_true(isnan(dt_curve_value(&c, N)));
	free(lod);
	dt_pyramid_free(&lazy);
	dt_pyramid_free(&arr);
	free(x);
	free(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pyramid_via_fetch),
		cmocka_unit_test(affine_curve),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
