/* test_stats_grow.c: dt_run_stats_grow (model/service/run_load.h), the
 * run stats of a followed log extended by the appended points only,
 * equals dt_run_stats_from_logs of the same log after every update:
 * a log of three metrics grows to 3, 5 and 12 points, then is read
 * again from the start (2 points). By hand, after the last growth:
 *  - loss: steps 1..12, a NaN at step 4: 12 points, 1 non-finite,
 *    first 1, last 12, one segment (a simple curve: extended in place);
 *  - lr: steps 1..12: 12 points, none non-finite;
 *  - eval: steps 1..6 then 4..9 (a restart from step 3's checkpoint
 *    at point 7, a backward step: not simple, resolved whole): the
 *    resolution keeps 9 effective steps (1..9), 2 segments, steps 4..6
 *    replayed (3). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/service/run_load.h"

/* A view of `full` holding the first k points of each series. */
static void prefix(const dt_rawlog *full, size_t k, dt_rawlog *v,
                   dt_rawseries *ser)
{
	*v = *full;
	for (size_t i = 0; i < full->nseries; i++) {
		ser[i] = full->series[i];
		if (ser[i].n > k)
			ser[i].n = k;
	}
	v->series = ser;
}

static void same_stats(const dt_metric_stats *a, size_t na,
                       const dt_metric_stats *b, size_t nb)
{
	assert_int_equal(na, nb);
	for (size_t i = 0; i < na; i++) {
		assert_string_equal(a[i].metric, b[i].metric);
		assert_int_equal(a[i].points, b[i].points);
		assert_int_equal(a[i].non_finite, b[i].non_finite);
		assert_int_equal(a[i].first_step, b[i].first_step);
		assert_int_equal(a[i].last_step, b[i].last_step);
		assert_int_equal(a[i].segments, b[i].segments);
		assert_int_equal(a[i].replayed, b[i].replayed);
	}
}

static const dt_metric_stats *named(const dt_metric_stats *ms, size_t n,
                                    const char *m)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(ms[i].metric, m) == 0)
			return &ms[i];
	fail_msg("no stats for %s", m);
	return NULL;
}

static void grows_as_whole(void **state)
{
	(void)state;
	dt_rawlog full;
	dt_rawlog_init(&full);
	dt_rawseries *loss = dt_rawlog_series(&full, "loss");
	for (int s = 1; s <= 12; s++)
		assert_int_equal(dt_rawseries_push(loss, s, s == 4 ? NAN :
		                                   3.0 - s / 10.0), 0);
	dt_rawseries *lr = dt_rawlog_series(&full, "lr");
	for (int s = 1; s <= 12; s++)
		assert_int_equal(dt_rawseries_push(lr, s, 1e-4 * s), 0);
	dt_rawseries *ev = dt_rawlog_series(&full, "eval");
	for (int s = 1; s <= 6; s++)
		assert_int_equal(dt_rawseries_push(ev, s, 2.0), 0);
	for (int s = 4; s <= 9; s++)
		assert_int_equal(dt_rawseries_push(ev, s, 1.5), 0);
	dt_run run = {0};
	run.grad_accum = 1;
	dt_stats_grow *cache = NULL;
	size_t ncache = 0;
	const size_t upto[] = {3, 5, 12, 2};
	dt_rawseries ser[3];
	for (size_t u = 0; u < sizeof upto / sizeof upto[0]; u++) {
		dt_rawlog v;
		prefix(&full, upto[u], &v, ser);
		const dt_rawlog *one = &v;
		dt_metric_stats *a, *b;
		size_t na, nb;
		assert_int_equal(dt_run_stats_grow(&run, &v, &cache, &ncache, &a,
		                                   &na), 0);
		assert_int_equal(dt_run_stats_from_logs(&run, &one, 1, &b, &nb), 0);
		same_stats(a, na, b, nb);
		if (upto[u] == 12) {
			const dt_metric_stats *l = named(a, na, "loss");
			assert_int_equal(l->points, 12);
			assert_int_equal(l->non_finite, 1);
			assert_int_equal(l->first_step, 1);
			assert_int_equal(l->last_step, 12);
			assert_int_equal(l->segments, 1);
			const dt_metric_stats *e = named(a, na, "eval");
			assert_int_equal(e->points, 9);
			assert_int_equal(e->last_step, 9);
			assert_int_equal(e->segments, 2);
			assert_int_equal(e->replayed, 3);
			assert_int_equal(named(a, na, "lr")->non_finite, 0);
		}
		free(a);
		free(b);
	}
	free(cache);
	dt_rawlog_free(&full);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(grows_as_whole),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
