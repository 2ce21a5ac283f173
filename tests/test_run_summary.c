/* test_run_summary.c: the run list's summary of a run
 * (model/service/run_summary.h), which `dualtrack runs` and the TUI's
 * run list both show (agree_runs_summary.sh): the loss's stats found
 * among a run's metrics, the warnings that still hold counted (notes
 * not), and the point count's text. Runs on both backends
 * (dt_test_store.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "dt_test_store.h"
#include "dt_test_tmpdir.h"
#include "model/service/run_summary.h"

static dt_run new_run(dt_store *st, const char *name)
{
	dt_run r = {0};
	snprintf(r.name, sizeof r.name, "%s", name);
	snprintf(r.platform, sizeof r.platform, "gpu");
	r.grad_accum = 1;
	assert_int_equal(dt_store_run_create(st, &r), 0);
	return r;
}

static void put_stats(dt_store *st, int64_t run, const char *metric,
                      int64_t points, int64_t first, int64_t last)
{
	dt_metric_stats m = {.points = points, .first_step = first,
	                     .last_step = last, .segments = 1};
	snprintf(m.metric, sizeof m.metric, "%s", metric);
	assert_int_equal(dt_store_stats_put(st, run, &m), 0);
}

/* Run a: acc (5 points) and loss (7 points, steps 10..70), two warnings
 * and a note: has_loss, 7 points, 10..70, 2 warnings, text "7". Run b:
 * acc only: no loss, text "-", 0 warnings. */
static void load_from_store(void **state)
{
	(void)state;
	char err[512], buf[32];
	dt_store *st = dt_test_store_open(dir, "sum.db", err, sizeof err);
	assert_non_null(st);
	assert_int_equal(dt_store_begin(st), 0);
	dt_run a = new_run(st, "a"), b = new_run(st, "b");
	put_stats(st, a.id, "acc", 5, 1, 5);
	put_stats(st, a.id, "loss", 7, 10, 70);
	put_stats(st, b.id, "acc", 3, 1, 3);
	assert_int_equal(dt_store_warning_add(st, a.id, 0, "a.csv:3: w1"), 0);
	assert_int_equal(dt_store_warning_add(st, a.id, 0, "a.csv:9: w2"), 0);
	assert_int_equal(dt_store_note_add(st, a.id, 0, "a note"), 0);
	assert_int_equal(dt_store_commit(st), 0);

	dt_run_summary s;
	assert_int_equal(dt_run_summary_load(st, &a, &s), 0);
	assert_int_equal(s.stats_read, 1);
	assert_int_equal(s.warnings_read, 1);
	assert_int_equal(s.has_loss, 1);
	assert_string_equal(s.loss.metric, "loss");
	assert_int_equal(s.loss.points, 7);
	assert_int_equal(s.loss.first_step, 10);
	assert_int_equal(s.loss.last_step, 70);
	assert_int_equal(s.nwarnings, 2);
	assert_string_equal(dt_run_summary_points(&s, buf, sizeof buf), "7");

	assert_int_equal(dt_run_summary_load(st, &b, &s), 0);
	assert_int_equal(s.has_loss, 0);
	assert_int_equal(s.loss.points, 0);
	assert_int_equal(s.nwarnings, 0);
	assert_string_equal(dt_run_summary_points(&s, buf, sizeof buf), "-");
	dt_store_close(st);
}

/* The point count's text: "?" unread, "-" without a loss or a loss of
 * no point, else the count, cut to the buffer. */
static void points_text(void **state)
{
	(void)state;
	char buf[32], small[3];
	dt_run_summary s = {0};
	assert_string_equal(dt_run_summary_points(&s, buf, sizeof buf), "?");
	s.stats_read = 1;
	assert_string_equal(dt_run_summary_points(&s, buf, sizeof buf), "-");
	s.has_loss = 1;
	assert_string_equal(dt_run_summary_points(&s, buf, sizeof buf), "-");
	s.loss.points = 12345;
	assert_string_equal(dt_run_summary_points(&s, buf, sizeof buf),
	                    "12345");
	assert_string_equal(dt_run_summary_points(&s, small, sizeof small),
	                    "12");
}

int main(void)
{
	int skip = dt_test_store_skip();
	if (skip)
		return skip;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(load_from_store),
		cmocka_unit_test(points_text),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
