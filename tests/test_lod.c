/* test_lod.c: the packed level of detail (model/core/lod.h): sizes and a
 * layout worked by hand, and a pyramid unpacked from the bytes answering
 * every range exactly as the one built from the values. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/lod.h"

/* Sizes by hand (leaf 32, 20-byte records, 16-byte header):
 * n = 32: no stored level, 16 bytes;
 * n = 33: level 0 has ceil(33/32) = 2 blocks, level 1 one: 3 records,
 *         16 + 60 = 76 bytes;
 * n = 100: 4 blocks, then 2, then 1: 7 records, 16 + 140 = 156 bytes;
 * n = 10M: 312500 + 156250 + 78125 + 39063 + 19532 + 9766 + 4883 + 2442 +
 *         1221 + 611 + 306 + 153 + 77 + 39 + 20 + 10 + 5 + 3 + 2 + 1
 *         = 625009 records, 12500196 bytes: 1.25 bytes a point. */
static void test_sizes(void **state)
{
	(void)state;
	assert_int_equal(dt_lod_levels(0), 0);
	assert_int_equal(dt_lod_size(32), 16);
	assert_int_equal(dt_lod_levels(33), 2);
	assert_int_equal(dt_lod_blocks(33, 0), 2);
	assert_int_equal(dt_lod_blocks(33, 1), 1);
	assert_int_equal(dt_lod_blocks(33, 2), 0);
	assert_int_equal(dt_lod_size(33), 76);
	assert_int_equal(dt_lod_levels(100), 3);
	assert_int_equal(dt_lod_offset(100, 1), 16 + 4 * 20);
	assert_int_equal(dt_lod_offset(100, 2), 16 + 6 * 20);
	assert_int_equal(dt_lod_size(100), 156);
	assert_int_equal(dt_lod_levels(10000000), 20);
	assert_int_equal(dt_lod_size(10000000), 12500196);
}

/* 40 values: 0, 1, ..., 39 with v[5] = NaN and v[35] = +inf. Level 0:
 * block 0 = points 0..31: min 0, max 31, 1 non-finite; block 1 = points
 * 32..39: min 32, max 39 (inf not counted), 1 non-finite. Level 1: one
 * block: min 0, max 39, 2 non-finite. */
static void test_layout_by_hand(void **state)
{
	double v[40];
	unsigned char *b;
	size_t len;
	uint32_t u;
	double d;
	(void)state;
	for (int i = 0; i < 40; i++)
		v[i] = i;
	v[5] = NAN;
	v[35] = INFINITY;
	assert_int_equal(dt_lod_pack(v, 40, &b, &len), 0);
	assert_int_equal(len, 76);
	memcpy(&u, b, 4);
	assert_int_equal(u, 32);
	memcpy(&u, b + 4, 4);
	assert_int_equal(u, 2);
	uint64_t n64;
	memcpy(&n64, b + 8, 8);
	assert_int_equal(n64, 40);
	const double want[3][2] = {{0, 31}, {32, 39}, {0, 39}};
	const uint32_t bad[3] = {1, 1, 2};
	for (int r = 0; r < 3; r++) {
		const unsigned char *rec = b + 16 + 20 * r;
		memcpy(&d, rec, 8);
		assert_true(d == want[r][0]);
		memcpy(&d, rec + 8, 8);
		assert_true(d == want[r][1]);
		memcpy(&u, rec + 16, 4);
		assert_int_equal(u, bad[r]);
	}
	free(b);
}

static void same_range(dt_range a, dt_range b)
{
	assert_true(a.min == b.min);
	assert_true(a.max == b.max);
	assert_int_equal(a.finite, b.finite);
	assert_int_equal(a.bad, b.bad);
}

/* Unpacked == built, over every range of sizes around the leaf and
 * several levels, NaN and inf sprinkled in; 3.5M points make levels of
 * 4.4 MB, unpacked into one huge-page allocation (lod.h DT_LOD_HUGE_FROM). */
static void test_round_trip(void **state)
{
	size_t sizes[] = { 0, 1, 31, 32, 33, 64, 65, 257, 700, 3500000 };
	(void)state;
	srand(11);
	for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		size_t n = sizes[s];
		double *v = malloc((n ? n : 1) * sizeof *v);
		for (size_t i = 0; i < n; i++) {
			int r = rand() % 50;
			v[i] = r == 0 ? NAN : r == 1 ? -INFINITY : (rand() % 2001) - 1000.5;
		}
		unsigned char *b;
		size_t len;
		dt_pyramid built, got;
		assert_int_equal(dt_lod_pack(v, n, &b, &len), 0);
		assert_int_equal(len, dt_lod_size(n));
		assert_int_equal(dt_pyramid_build(&built, v, n), 0);
		assert_int_equal(dt_lod_unpack(&got, v, sizeof *v, n, b, len), 0);
		assert_int_equal(got.nlevels, built.nlevels);
		/* one allocation: level 0's mins first, each level's arrays
		 * right after the one below */
		assert_true(n <= 32 ? got.arena == NULL :
		            got.arena == (void *)got.min[0]);
		for (size_t k = 1; k < got.nlevels; k++)
			assert_true(got.min[k] == got.min[k - 1] +
			            dt_lod_blocks(n, k - 1));
		/* every packed record is the built pyramid's block, bit for
		 * bit (dt_lod_pack folds the levels in place, dt_pyramid_build
		 * in arrays of its own) */
		for (size_t k = 0; k < built.nlevels; k++)
			for (size_t j = 0; j < dt_lod_blocks(n, k); j++) {
				const unsigned char *rec = b + dt_lod_offset(n, k) +
				                           j * DT_LOD_RECORD;
				double mn, mx;
				uint32_t bad;
				memcpy(&mn, rec, 8);
				memcpy(&mx, rec + 8, 8);
				memcpy(&bad, rec + 16, 4);
				assert_memory_equal(&mn, &built.min[k][j], 8);
				assert_memory_equal(&mx, &built.max[k][j], 8);
				assert_int_equal(bad, built.bad[k][j]);
			}
		for (size_t i0 = 0; i0 <= n; i0 += 1 + n / 60)
			for (size_t i1 = i0; i1 <= n; i1 += 1 + n / 90)
				same_range(dt_pyramid_query(&got, i0, i1),
				           dt_pyramid_query(&built, i0, i1));
		dt_pyramid_free(&built);
		dt_pyramid_free(&got);
		free(b);
		free(v);
	}
}

/* Bytes that do not fit the series are refused, never read past. */
static void test_damaged(void **state)
{
	double v[100] = {0};
	unsigned char *b;
	size_t len;
	dt_pyramid p;
	(void)state;
	assert_int_equal(dt_lod_pack(v, 100, &b, &len), 0);
	errno = 0;
	assert_int_equal(dt_lod_unpack(&p, v, 8, 99, b, len), -1); /* other n, same size */
	assert_int_equal(errno, EINVAL);
	assert_int_equal(dt_lod_unpack(&p, v, 8, 100, b, len - 1), -1);
	b[0] = 64; /* another leaf */
	assert_int_equal(dt_lod_unpack(&p, v, 8, 100, b, len), -1);
	assert_int_equal(p.nlevels, 0);
	free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_layout_by_hand),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_damaged),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
