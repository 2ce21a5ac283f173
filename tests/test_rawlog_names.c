/* test_rawlog_names.c: dt_rawlog_series_at, where every importer's
 * series are made, cleans a new name of the code points a terminal
 * hides once (one warning, later calls find the same series by the name
 * as given) and refuses two names that are one metric once cleaned, in
 * either order, never merging them. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "model/core/rawlog.h"

#define RLO "\xe2\x80\xae"  /* U+202E RIGHT-TO-LEFT OVERRIDE */
#define ZWSP "\xe2\x80\x8b" /* U+200B ZERO WIDTH SPACE */

/* "lo<U+202E>ss" at f.jsonl line 3: stored as "loss", as_read kept, one
 * warning; 1000 more points under the same name go to that series and
 * add no warning; "train/lo<U+200B>ss" is a second name: cleaned to
 * "train/loss", then canonical "loss": refused at line 9. */
static void cleans_once_and_refuses_a_twin(void **state)
{
	(void)state;
	dt_rawlog log;
	dt_rawlog_init(&log);
	dt_name_at at = {"f.jsonl", NULL, 3};
	dt_rawseries *s = dt_rawlog_series_at(&log, "lo" RLO "ss", at);
	assert_non_null(s);
	assert_string_equal(s->metric, "loss");
	assert_string_equal(s->as_read, "lo" RLO "ss");
	for (int i = 0; i < 1000; i++) {
		s = dt_rawlog_series_at(&log, "lo" RLO "ss", (dt_name_at){0});
		assert_non_null(s);
		assert_int_equal(dt_rawseries_push(s, i + 1, 2.0), 0);
	}
	assert_int_equal(log.nseries, 1);
	assert_int_equal(log.series[0].n, 1000);
	assert_int_equal(log.nwarnings, 1);
	assert_string_equal(log.warnings[0], "f.jsonl:3: metric 'lo\\u202ess': "
	                    "invisible characters (bidi, zero-width or control) "
	                    "removed from the name: 'loss'");
	assert_ptr_equal(dt_rawlog_find(&log, "loss"), &log.series[0]);
	errno = 0;
	assert_null(dt_rawlog_series_at(&log, "train/lo" ZWSP "ss",
	                                (dt_name_at){"f.jsonl", NULL, 9}));
	assert_int_equal(errno, EEXIST);
	char err[300];
	assert_int_equal(dt_rawlog_refusal(&log, err, sizeof err), 1);
	assert_string_equal(err, "f.jsonl:9: names 'lo\\u202ess' and "
	                    "'train/lo\\u200bss' both name metric 'loss' once "
	                    "invisible characters are removed: rename one of them");
	/* ...and a clean "loss" after the cleaned one: refused too */
	assert_null(dt_rawlog_series_at(&log, "loss",
	                                (dt_name_at){"s.json", "log_history entry", 2}));
	assert_int_equal(dt_rawlog_refusal(&log, err, sizeof err), 1);
	assert_string_equal(err, "s.json: log_history entry 2: names "
	                    "'lo\\u202ess' and 'loss' both name metric 'loss' "
	                    "once invisible characters are removed: rename one "
	                    "of them");
	assert_int_equal(log.nseries, 1);
	assert_int_equal(log.series[0].n, 1000);
	dt_rawlog_free(&log);
}

/* The reverse order: a clean "loss" first, then "lo<U+200B>ss" (no
 * place given: the message names none). Clean names never refuse. */
static void refuses_a_cleaned_name_after_a_clean_one(void **state)
{
	(void)state;
	dt_rawlog log;
	dt_rawlog_init(&log);
	assert_non_null(dt_rawlog_series(&log, "loss"));
	assert_non_null(dt_rawlog_series(&log, "lr"));
	assert_ptr_equal(dt_rawlog_series(&log, "loss"), &log.series[0]);
	char err[300] = "";
	assert_int_equal(dt_rawlog_refusal(&log, err, sizeof err), 0);
	assert_null(dt_rawlog_series(&log, "lo" ZWSP "ss"));
	assert_int_equal(dt_rawlog_refusal(&log, err, sizeof err), 1);
	assert_string_equal(err, "names 'loss' and 'lo\\u200bss' both name "
	                    "metric 'loss' once invisible characters are "
	                    "removed: rename one of them");
	assert_int_equal(log.nseries, 2);
	assert_int_equal(log.nwarnings, 0);
	dt_rawlog_free(&log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cleans_once_and_refuses_a_twin),
		cmocka_unit_test(refuses_a_cleaned_name_after_a_clean_one),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
