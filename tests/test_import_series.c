/* test_import_series.c: dt_import_put_series (importers/import_series.h)
 * stores every series of a log holding a point, the next prepared on a
 * second thread: series sharing one step array (same array, same count)
 * take the stride of the first, one sharing the array with another count
 * gets its own, a series with no point is not stored, and the chain
 * computed over the rows (their stored stride included) is intact. On
 * both backends (tests/dt_test_store.h). The steps below are read off by
 * hand: P = {10, 20, 30, 35}; with 3 points stride 10, with 4 none. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "dt_test_tmpdir.h"
#include "dt_test_store.h"
#include "importers/import_series.h"
#include "model/core/chain.h"

static int64_t P[] = {10, 20, 30, 35};
static double loss_v[] = {2.5, 2.25, 2.0};
static double lr_v[] = {0.1, 0.2, 0.3, 0.4};
static double gn_v[] = {1.5, 1.25, 1.0};

/* Loaded series `metric` of run_id: n points, last step and value. */
static void loaded(dt_store *st, int64_t run_id, const char *metric,
                   size_t n, int64_t last_step, double last_value)
{
	dt_rawchunk *c = NULL;
	size_t nc = 0;
	void *owner = NULL;
	assert_int_equal(dt_store_raw_load(st, run_id, metric, &c, &nc, &owner),
	                 0);
	if (n == 0) {
		assert_int_equal(nc, 0);
	} else {
		assert_int_equal(nc, 1);
		assert_int_equal(c[0].n, n);
		for (size_t i = 0; i < n; i++)
			assert_int_equal(c[0].step[i], P[i]);
		assert_int_equal(c[0].step[n - 1], last_step);
		assert_true(c[0].value[n - 1] == last_value);
	}
	dt_store_raw_free(st, c, owner);
}

static void shared_and_own_steps(void **state)
{
	(void)state;
	char err[600];
	dt_store *st = dt_test_store_open(dir, "series.db", err, sizeof err);
	assert_non_null(st);
	dt_run r = {.grad_accum = 1};
	snprintf(r.name, sizeof r.name, "trn");
	snprintf(r.platform, sizeof r.platform, "trn2");
	assert_int_equal(dt_store_begin(st), 0);
	assert_int_equal(dt_store_run_create(st, &r), 0);
	int64_t f;
	assert_int_equal(dt_store_file_add(st, r.id, "/logs/a.csv",
	                                   "ab12", 42, "csv", &f), 0);
	dt_rawseries s[4] = {
		{.metric = "loss", .n = 3, .cap = 4, .step = P, .value = loss_v,
		 .step_shared = 1},
		{.metric = "lr", .n = 4, .cap = 4, .step = P, .value = lr_v,
		 .step_shared = 1},
		{.metric = "grad_norm", .n = 3, .cap = 4, .step = P,
		 .value = gn_v, .step_shared = 1},
		{.metric = "eval_loss"},
	};
	dt_rawlog log;
	dt_rawlog_init(&log);
	log.series = s;
	log.nseries = 4;
	/* grad_norm is loss's twin; lr (4 points) is nobody's */
	assert_int_equal(dt_rawlog_step_twin(&log, 2), 0);
	assert_int_equal(dt_rawlog_step_twin(&log, 1), 1);
	assert_int_equal(dt_import_put_series(st, f, &log), 0);
	assert_int_equal(dt_store_commit(st), 0);
	loaded(st, r.id, "loss", 3, 30, 2.0);
	loaded(st, r.id, "lr", 4, 35, 0.4);
	loaded(st, r.id, "grad_norm", 3, 30, 1.0);
	loaded(st, r.id, "eval_loss", 0, 0, 0);
	dt_chain_status g;
	assert_int_equal(dt_store_chain_verify(st, 1, &g), 0);
	assert_int_equal(g.intact, 1);
	dt_chain_status_clear(&g);
	dt_store_close(st);
}

int main(void)
{
	int skip = dt_test_store_skip();
	if (skip)
		return skip;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(shared_and_own_steps, tmpdir_setup,
		                                tmpdir_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
