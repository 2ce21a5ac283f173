/* test_series.c: effective-step mapping, restart segmentation, micro-batch
 * averaging and latest-segment-wins resolution (dt_resolve). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <cmocka.h>

#include "model/core/series.h"

#define CHUNK(st, va) {sizeof(st) / sizeof((st)[0]), (st), (va), 0, NULL, 0, 0}

static void monotone_log_is_identity(void **state)
{
	(void)state;
	int64_t st[] = {10, 20, 30};
	double va[] = {2.5, 2.25, 2.0};
	dt_rawchunk c = CHUNK(st, va);
	dt_series s;
	assert_int_equal(dt_resolve(&c, 1, 1, &s), 0);
	assert_int_equal(s.n, 3);
	assert_int_equal(s.nsegments, 1);
	assert_int_equal(s.replayed, 0);
	assert_int_equal(s.step[2], 30);
	assert_true(s.value[1] == 2.25);
	assert_int_equal(s.segment[0], 1);
	dt_series_free(&s);
}

/* Micro-steps 1..8 with G = 4: effective steps 1 (mean of 1..4) and 2
 * (mean of 5..8). Values 1,2,3,4 -> 2.5; 5,6,7,8 -> 6.5. */
static void grad_accum_maps_and_averages(void **state)
{
	(void)state;
	int64_t st[] = {1, 2, 3, 4, 5, 6, 7, 8};
	double va[] = {1, 2, 3, 4, 5, 6, 7, 8};
	dt_rawchunk c = CHUNK(st, va);
	dt_series s;
	assert_int_equal(dt_resolve(&c, 1, 4, &s), 0);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.step[0], 1);
	assert_int_equal(s.step[1], 2);
	assert_true(s.value[0] == 2.5);
	assert_true(s.value[1] == 6.5);
	assert_int_equal(s.averaged, 6);
	assert_int_equal(s.nsegments, 1);
	dt_series_free(&s);
}

/* One row per micro-batch at the same logged step (no step going back):
 * averaged into one optimizer step, not a restart. */
static void repeated_step_is_averaged_not_restart(void **state)
{
	(void)state;
	int64_t st[] = {1, 1, 2, 2, 3};
	double va[] = {4.0, 2.0, 3.0, 1.0, 0.5};
	dt_rawchunk c = CHUNK(st, va);
	dt_series s;
	assert_int_equal(dt_resolve(&c, 1, 1, &s), 0);
	assert_int_equal(s.n, 3);
	assert_true(s.value[0] == 3.0);
	assert_true(s.value[1] == 2.0);
	assert_true(s.value[2] == 0.5);
	assert_int_equal(s.nsegments, 1);
	dt_series_free(&s);
}

/* Steps 1..6, crash, resume from checkpoint 4: steps 5, 6 logged again
 * (5', 6') then 7. Latest segment wins: 5 and 6 come from segment 2,
 * replayed = 2, segments = 2, restart at step 5. */
static void backwards_step_starts_segment_latest_wins(void **state)
{
	(void)state;
	int64_t st[] = {1, 2, 3, 4, 5, 6, 5, 6, 7};
	double va[] = {9, 8, 7, 6, 5, 4, 5.5, 4.5, 3.5};
	dt_rawchunk c = CHUNK(st, va);
	dt_series s;
	assert_int_equal(dt_resolve(&c, 1, 1, &s), 0);
	assert_int_equal(s.n, 7);
	assert_int_equal(s.nsegments, 2);
	assert_int_equal(s.replayed, 2);
	assert_int_equal(s.abandoned, 0);
	assert_int_equal(s.restart_step[0], 5);
	assert_true(s.value[4] == 5.5); /* step 5 from segment 2 */
	assert_int_equal(s.segment[4], 2);
	assert_int_equal(s.segment[3], 1);
	assert_true(s.value[6] == 3.5);
	dt_series_free(&s);
}

/* A resumed run that logs at other steps than the crashed one: segment 1
 * logged 10..50 every 10, segment 2 resumes at 35 (35, 45). Steps 40 and
 * 50 of segment 1 are superseded: 40 was re-trained (<= 45), 50 is
 * beyond what segment 2 logged (abandoned). Replayed optimizer steps:
 * L = 40 (last re-covered step), s = 35, I = 10 (segment 2's gap):
 * 40 - 35 + 10 = 15; one replayed point (40). */
static void superseded_by_range_not_by_exact_step(void **state)
{
	(void)state;
	int64_t st[] = {10, 20, 30, 40, 50, 35, 45};
	double va[] = {1, 2, 3, 4, 5, 6, 7};
	dt_rawchunk c = CHUNK(st, va);
	dt_series s;
	assert_int_equal(dt_resolve(&c, 1, 1, &s), 0);
	assert_int_equal(s.n, 5); /* 10 20 30 35 45 */
	assert_int_equal(s.step[3], 35);
	assert_int_equal(s.step[4], 45);
	assert_int_equal(s.replayed, 15);
	assert_int_equal(s.replayed_points, 1);
	assert_int_equal(s.abandoned, 1);
	dt_series_free(&s);
}

/* pr400 shape: logged every 10 steps up to 450, resumed from checkpoint
 * 400 and logged 410..500. Replayed: L = 450, s = 410, I = 10:
 * 450 - 410 + 10 = 50 optimizer steps (401..450), 5 points (410..450).
 * Two restarts (1..6 | 4..8 | 7..9, every step): restart 1: L = 6,
 * s = 4, I = 1 -> 3; restart 2: before = 1..3 + 4..8, L = 8, s = 7 ->
 * 8 - 7 + 1 = 2; total 5 steps, 3 + 2 = 5 points. */
static void replayed_counts_optimizer_steps(void **state)
{
	(void)state;
	int64_t st[60];
	double va[60];
	size_t n = 0;
	for (int64_t k = 10; k <= 450; k += 10, n++) {
		st[n] = k;
		va[n] = 1.0;
	}
	size_t n1 = n;
	for (int64_t k = 410; k <= 500; k += 10, n++) {
		st[n] = k;
		va[n] = 1.0;
	}
	assert_int_equal(n1, 45);
	dt_rawchunk c = {n, st, va, 0, NULL, 0, 0};
	dt_series s;
	assert_int_equal(dt_resolve(&c, 1, 1, &s), 0);
	assert_int_equal(s.nsegments, 2);
	assert_int_equal(s.replayed, 50);
	assert_int_equal(s.replayed_points, 5);
	assert_int_equal(s.n, 50); /* 10..500 every 10 */
	dt_series_free(&s);
	int64_t s2[] = {1, 2, 3, 4, 5, 6, 4, 5, 6, 7, 8, 7, 8, 9};
	double v2[14] = {0};
	dt_rawchunk c2 = CHUNK(s2, v2);
	assert_int_equal(dt_resolve(&c2, 1, 1, &s), 0);
	assert_int_equal(s.nsegments, 3);
	assert_int_equal(s.replayed, 5);
	assert_int_equal(s.replayed_points, 5);
	dt_series_free(&s);
}

/* A repeated header (mark) followed by a backwards step is one restart. */
static void mark_then_backwards_is_one_restart(void **state)
{
	(void)state;
	int64_t st[] = {1, 2, 3, 2, 3, 4};
	double va[] = {1, 1, 1, 2, 2, 2};
	uint32_t marks[] = {3};
	dt_rawchunk c = {6, st, va, 1, marks, 0, 0};
	dt_series s;
	assert_int_equal(dt_resolve(&c, 1, 1, &s), 0);
	assert_int_equal(s.nsegments, 2);
	assert_int_equal(s.n, 4);
	assert_int_equal(s.replayed, 2);
	dt_series_free(&s);
}

/* A second file of the same run is a new segment even when it continues
 * after the first (Lightning version_5 after version_0): nothing replayed. */
static void second_file_continuing_is_new_segment(void **state)
{
	(void)state;
	int64_t a[] = {49, 99}, b[] = {149, 199};
	double va[] = {3, 2}, vb[] = {1.5, 1};
	dt_rawchunk c[2] = {CHUNK(a, va), CHUNK(b, vb)};
	dt_series s;
	assert_int_equal(dt_resolve(c, 2, 1, &s), 0);
	assert_int_equal(s.nsegments, 2);
	assert_int_equal(s.n, 4);
	assert_int_equal(s.replayed, 0);
	assert_int_equal(s.restart_step[0], 149);
	assert_int_equal(s.segment[2], 2);
	dt_series_free(&s);
}

/* Concurrent writers (sort_within_segment): out-of-order steps are
 * sorted and equal steps averaged, not split into restarts. */
static void interleaved_writers_sorted(void **state)
{
	(void)state;
	int64_t st[] = {10, 10, 20, 30, 20, 30};
	double va[] = {1, 3, 2, 4, 4, 6};
	dt_rawchunk c = {6, st, va, 0, NULL, 1, 0};
	dt_series s;
	assert_int_equal(dt_resolve(&c, 1, 1, &s), 0);
	assert_int_equal(s.nsegments, 1);
	assert_int_equal(s.n, 3);
	assert_true(s.value[0] == 2.0);
	assert_true(s.value[1] == 3.0);
	assert_true(s.value[2] == 5.0);
	assert_int_equal(s.out_of_order, 1);
	dt_series_free(&s);
}

/* NaN and inf are kept and counted, never dropped. */
static void non_finite_kept(void **state)
{
	(void)state;
	int64_t st[] = {1, 2, 3};
	double va[] = {1.0, NAN, INFINITY};
	dt_rawchunk c = CHUNK(st, va);
	dt_series s;
	assert_int_equal(dt_resolve(&c, 1, 1, &s), 0);
	assert_int_equal(s.n, 3);
	assert_int_equal(s.non_finite, 2);
	assert_true(isnan(s.value[1]));
	dt_series_free(&s);
}

static void bad_grad_accum_rejected(void **state)
{
	(void)state;
	dt_series s;
	assert_int_equal(dt_resolve(NULL, 0, 0, &s), -1);
	assert_int_equal(dt_resolve(NULL, 0, 1, &s), 0);
	assert_int_equal(s.n, 0);
	assert_int_equal(s.nsegments, 0);
	dt_series_free(&s);
}

/* dt_series_value_at: only an exact step; NaN is a value; NULL and an
 * empty curve hold none. */
static void value_at_exact_step(void **state)
{
	(void)state;
	int64_t st[] = {10, 20, 30};
	double va[] = {1.5, NAN, 3.0};
	dt_series s = {.n = 3, .step = st, .value = va};
	dt_series none = {0};
	double v = 7.0;
	assert_int_equal(dt_series_value_at(&s, 10, &v), 1);
	assert_true(v == 1.5);
	assert_int_equal(dt_series_value_at(&s, 30, &v), 1);
	assert_true(v == 3.0);
	assert_int_equal(dt_series_value_at(&s, 20, &v), 1);
	assert_true(isnan(v));
	v = 7.0;
	assert_int_equal(dt_series_value_at(&s, 15, &v), 0);
	assert_int_equal(dt_series_value_at(&s, 5, &v), 0);
	assert_int_equal(dt_series_value_at(&s, 31, &v), 0);
	assert_int_equal(dt_series_value_at(&none, 10, &v), 0);
	assert_int_equal(dt_series_value_at(NULL, 10, &v), 0);
	assert_true(v == 7.0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(monotone_log_is_identity),
		cmocka_unit_test(grad_accum_maps_and_averages),
		cmocka_unit_test(repeated_step_is_averaged_not_restart),
		cmocka_unit_test(backwards_step_starts_segment_latest_wins),
		cmocka_unit_test(superseded_by_range_not_by_exact_step),
		cmocka_unit_test(replayed_counts_optimizer_steps),
		cmocka_unit_test(mark_then_backwards_is_one_restart),
		cmocka_unit_test(second_file_continuing_is_new_segment),
		cmocka_unit_test(interleaved_writers_sorted),
		cmocka_unit_test(non_finite_kept),
		cmocka_unit_test(bad_grad_accum_rejected),
		cmocka_unit_test(value_at_exact_step),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
