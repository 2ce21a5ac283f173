/* test_csv_shared_steps.c: the CSV importer writes the steps of a dense
 * table once (imp_csv.c csv_col.follows, rawlog.h dt_rawlog_share_steps):
 * columns whose rows all came with the lead column's share its step
 * array; a column that misses a row, or has one the lead misses, gets
 * its own steps, written correctly; the same with the parse split
 * across two threads; and a shared array is never changed through one
 * series (a push copies, a step-base shift adds once). Expected steps
 * are read off the texts below. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "importers/csv_split.h"
#include "importers/importer.h"

static void parse(const char *text, size_t len, int mode, size_t at,
                  dt_rawlog *log)
{
	dt_source src = {.path = "t.csv", .name = "t.csv", .data = text,
	                 .len = len};
	dt_import_opts opts = {0};
	char err[256] = "";
	dt_rawlog_init(log);
	dt_csv_split_set(mode, at);
	int rc = dt_imp_csv.parse(&src, &opts, log, err, sizeof err);
	dt_csv_split_set(DT_CSV_SPLIT_NEVER, 0);
	if (rc != 0)
		fail_msg("parse: %s", err);
}

static const dt_rawseries *get(const dt_rawlog *log, const char *metric)
{
	const dt_rawseries *s = dt_rawlog_find(log, metric);
	if (!s)
		fail_msg("no series %s", metric);
	return s;
}

static void steps_are(const dt_rawseries *s, const int64_t *want, size_t n)
{
	assert_int_equal(s->n, n);
	for (size_t i = 0; i < n; i++)
		if (s->step[i] != want[i])
			fail_msg("%s point %zu: step %lld, expected %lld", s->metric, i,
			         (long long)s->step[i], (long long)want[i]);
}

/* Every row fills every column: one step array for the three series. */
static void test_dense_shares(void **state)
{
	(void)state;
	static const char text[] = "step,loss,lr,grad_norm\n"
	                           "10,2.5,0.1,1.5\n"
	                           "20,2.25,0.2,1.25\n"
	                           "30,2.0,0.3,1.0\n";
	dt_rawlog log;
	parse(text, strlen(text), DT_CSV_SPLIT_NEVER, 0, &log);
	const dt_rawseries *loss = get(&log, "loss"), *lr = get(&log, "lr"),
	                   *gn = get(&log, "grad_norm");
	static const int64_t want[] = {10, 20, 30};
	steps_are(loss, want, 3);
	steps_are(lr, want, 3);
	steps_are(gn, want, 3);
	assert_ptr_equal(lr->step, loss->step);
	assert_ptr_equal(gn->step, loss->step);
	assert_true(loss->step_shared && lr->step_shared && gn->step_shared);
	assert_int_equal(log.nshared, 1);
	assert_true(lr->value[2] == 0.3 && gn->value[1] == 1.25);
	/* one scan answers for all three: each twin is the first series */
	assert_ptr_equal(loss, &log.series[0]); /* columns in header order */
	assert_int_equal(dt_rawlog_step_twin(&log, 0), 0);
	assert_int_equal(dt_rawlog_step_twin(&log, 1), 0);
	assert_int_equal(dt_rawlog_step_twin(&log, 2), 0);
	int64_t lo = 0, hi = 0;
	assert_int_equal(dt_rawseries_step_range(gn, &lo, &hi), 1);
	assert_int_equal(lo, 10);
	assert_int_equal(hi, 30);
	dt_rawlog_free(&log);
}

/* lr misses row 3 (step 3); grad_norm has a value at row 4 where loss
 * has none. lr then holds steps 1, 2, 4, 5 of its own; grad_norm 1..5 of
 * its own; loss 1, 2, 3, 5 alone (nothing left to share with). */
static void test_gaps_unshare(void **state)
{
	(void)state;
	static const char text[] = "step,loss,lr,grad_norm\n"
	                           "1,2.5,0.1,1.5\n"
	                           "2,2.4,0.2,1.4\n"
	                           "3,2.3,,1.3\n"
	                           "4,,0.4,1.2\n"
	                           "5,2.1,0.5,1.1\n";
	dt_rawlog log;
	parse(text, strlen(text), DT_CSV_SPLIT_NEVER, 0, &log);
	static const int64_t loss_w[] = {1, 2, 3, 5}, lr_w[] = {1, 2, 4, 5},
	                     gn_w[] = {1, 2, 3, 4, 5};
	steps_are(get(&log, "loss"), loss_w, 4);
	steps_are(get(&log, "lr"), lr_w, 4);
	steps_are(get(&log, "grad_norm"), gn_w, 5);
	assert_int_equal(log.nshared, 0);
	assert_false(get(&log, "lr")->step_shared);
	/* own steps: every series is its own twin */
	for (size_t i = 0; i < log.nseries; i++)
		assert_int_equal(dt_rawlog_step_twin(&log, i), i);
	int64_t lo = -1, hi = -1;
	assert_int_equal(dt_rawseries_step_range(get(&log, "lr"), &lo, &hi), 1);
	assert_int_equal(lo, 1);
	assert_int_equal(hi, 5);
	dt_rawseries empty = {0};
	assert_int_equal(dt_rawseries_step_range(&empty, &lo, &hi), 0);
	assert_int_equal(lo, 1); /* untouched */
	dt_rawlog_free(&log);
}

/* A repeated header ends sharing: the steps written before it stay. */
static void test_repeated_header(void **state)
{
	(void)state;
	static const char text[] = "step,loss,lr\n"
	                           "1,2.5,0.1\n"
	                           "2,2.4,0.2\n"
	                           "step,lr,loss\n"
	                           "3,0.3,2.3\n";
	dt_rawlog log;
	parse(text, strlen(text), DT_CSV_SPLIT_NEVER, 0, &log);
	static const int64_t want[] = {1, 2, 3};
	steps_are(get(&log, "loss"), want, 3);
	steps_are(get(&log, "lr"), want, 3);
	assert_true(get(&log, "lr")->value[2] == 0.3);
	assert_int_equal(log.nshared, 0);
	dt_rawlog_free(&log);
}

/* 2000 rows "i,i/4,i/8,i/16" (lr missing at row 1500), split at every
 * hundredth line start: loss and grad_norm share one array holding
 * 1..2000 after the merge; lr has its own 1..2000 without 1500. */
static void test_split_merge(void **state)
{
	(void)state;
	size_t cap = 2000 * 64 + 64, len = 0;
	char *text = malloc(cap);
	assert_non_null(text);
	len += (size_t)snprintf(text, cap, "step,loss,lr,grad_norm\n");
	size_t starts[2001];
	for (int i = 1; i <= 2000; i++) {
		starts[i] = len;
		if (i == 1500)
			len += (size_t)snprintf(text + len, cap - len, "%d,%g,,%g\n",
			                        i, i / 4.0, i / 16.0);
		else
			len += (size_t)snprintf(text + len, cap - len, "%d,%g,%g,%g\n",
			                        i, i / 4.0, i / 8.0, i / 16.0);
	}
	int64_t *all = malloc(2000 * sizeof *all), *lr_w = malloc(1999 * sizeof *lr_w);
	assert_true(all && lr_w);
	for (int i = 1, k = 0; i <= 2000; i++) {
		all[i - 1] = i;
		if (i != 1500)
			lr_w[k++] = i;
	}
	for (int at = 2; at <= 2000; at += 100) {
		dt_rawlog log;
		parse(text, len, DT_CSV_SPLIT_ALWAYS, starts[at], &log);
		assert_true(dt_csv_split_rows() > 0);
		const dt_rawseries *loss = get(&log, "loss"), *lr = get(&log, "lr"),
		                   *gn = get(&log, "grad_norm");
		steps_are(loss, all, 2000);
		steps_are(gn, all, 2000);
		steps_are(lr, lr_w, 1999);
		assert_ptr_equal(gn->step, loss->step);
		assert_false(lr->step_shared);
		assert_true(gn->value[1999] == 2000 / 16.0);
		assert_true(lr->value[1499] == 1501 / 8.0);
		dt_rawlog_free(&log);
	}
	free(all);
	free(lr_w);
	free(text);
}

/* A push to a sharing series copies first; a shift adds once. */
static void test_push_and_shift(void **state)
{
	(void)state;
	static const char text[] = "step,loss,lr\n"
	                           "0,2.5,0.1\n"
	                           "1,2.4,0.2\n";
	dt_rawlog log;
	parse(text, strlen(text), DT_CSV_SPLIT_NEVER, 0, &log);
	dt_rawseries *lr = dt_rawlog_find(&log, "lr");
	assert_int_equal(dt_rawseries_push(lr, 7, 0.7), 0);
	assert_false(lr->step_shared);
	static const int64_t lr_w[] = {0, 1, 7}, loss_w[] = {0, 1},
	                     lr_s[] = {1, 2, 8}, loss_s[] = {1, 2};
	steps_are(lr, lr_w, 3);
	steps_are(get(&log, "loss"), loss_w, 2);
	dt_rawlog_shift_steps(&log, 1);
	steps_are(lr, lr_s, 3);
	steps_are(get(&log, "loss"), loss_s, 2);
	dt_rawlog_free(&log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dense_shares),
		cmocka_unit_test(test_gaps_unshare),
		cmocka_unit_test(test_repeated_header),
		cmocka_unit_test(test_split_merge),
		cmocka_unit_test(test_push_and_shift),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
