/* test_util_err.c: the one error convention (model/util/err.h), the one
 * growable-array helper (model/util/grow.h) and the store's ownership
 * rule on failure: a failing loader hands back NULL/0, never a partial
 * array. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <sqlite3.h>

#include "dt_test_tmpdir.h"
#include "model/store/store.h"
#include "model/util/err.h"
#include "model/util/grow.h"

static void err_text_forms(void **state)
{
	(void)state;
	dt_err e;
	char b[128];
	assert_int_equal(dt_err_set(&e, "bad %s", "value"), -1);
	assert_string_equal(dt_err_text(&e, b, sizeof b), "bad value");
	dt_err_at(&e, "log.csv", 12, -1, "expected a number");
	assert_string_equal(dt_err_text(&e, b, sizeof b),
	                    "log.csv:12: expected a number");
	dt_err_at(&e, "x.tfevents", 0, 4096, "bad CRC");
	assert_string_equal(dt_err_text(&e, b, sizeof b),
	                    "x.tfevents: byte 4096: bad CRC");
	/* cut, never overflowing: 8 bytes hold 7 characters */
	assert_string_equal(dt_err_text(&e, b, 8), "x.tfeve");
	assert_int_equal(dt_err_set(NULL, "dropped"), -1);
}

static void grow_doubles_and_refuses_overflow(void **state)
{
	(void)state;
	int64_t *v = NULL;
	size_t cap = 0;
	assert_int_equal(dt_grow((void **)&v, &cap, 1, sizeof *v), 0);
	assert_int_equal(cap, 16);             /* first capacity */
	assert_int_equal(dt_grow((void **)&v, &cap, 16, sizeof *v), 0);
	assert_int_equal(cap, 16);             /* already enough */
	assert_int_equal(dt_grow((void **)&v, &cap, 17, sizeof *v), 0);
	assert_int_equal(cap, 32);             /* doubled */
	assert_int_equal(dt_grow((void **)&v, &cap, 100, sizeof *v), 0);
	assert_int_equal(cap, 128);            /* 32 -> 64 -> 128 */
	v[99] = 7;
	int64_t *old = v;
	errno = 0;
	/* (SIZE_MAX / 8 + 1) * 8 wraps around: refused, array untouched */
	assert_int_equal(dt_grow((void **)&v, &cap, SIZE_MAX / 8 + 1, 8), -1);
	assert_int_equal(errno, ENOMEM);
	assert_ptr_equal(v, old);
	assert_int_equal(cap, 128);
	assert_int_equal(v[99], 7);
	free(v);
}

/* A loader whose query fails (its table was dropped behind the store's
 * back) returns -1 with the out-array NULL and the count 0, whatever the
 * caller had in them, and says which read failed. */
static void failed_load_hands_back_nothing(void **state)
{
	(void)state;
	char path[128], err[512];
	snprintf(path, sizeof path, "%s/s.db", dir);
	dt_store *st = dt_store_open(path, err, sizeof err);
	assert_non_null(st);
	dt_run r = {.grad_accum = 1};
	snprintf(r.name, sizeof r.name, "a");
	snprintf(r.platform, sizeof r.platform, "gpu");
	assert_int_equal(dt_store_run_create(st, &r), 0);
	assert_int_equal(dt_store_fact_set(st, r.id, 0, "k", "v", "user", "me"),
	                 0);
	dt_fact *f = NULL;
	size_t n = 0;
	assert_int_equal(dt_store_fact_list(st, r.id, &f, &n), 0);
	assert_int_equal(n, 1);
	free(f);

	sqlite3 *db;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "DROP TABLE run_metric", 0, 0, 0),
	                 SQLITE_OK);
	sqlite3_close(db);
	dt_metric_stats *ms = (dt_metric_stats *)&n; /* garbage on entry */
	n = 42;
	assert_int_equal(dt_store_stats_list(st, r.id, &ms, &n), -1);
	assert_null(ms);
	assert_int_equal(n, 0);
	assert_non_null(strstr(dt_store_error(st), "run_metric"));
	dt_store_close(st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(err_text_forms),
		cmocka_unit_test(grow_doubles_and_refuses_overflow),
		cmocka_unit_test(failed_load_hands_back_nothing),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
