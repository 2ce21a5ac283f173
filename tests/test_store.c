/* test_store.c: the SQLite store: migrations, BLOB round trip, the
 * one-transaction import (a failed import leaves the store as before) and
 * SHA-256 duplicate refusal. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "importers/import.h"
#include "model/service/run_load.h"
#include "tests/dt_test_store.h"

static char dir[64];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/dt-test-store-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static dt_store *open_store(const char *name)
{
	char err[512];
	dt_store *st = dt_test_store_open(dir, name, err, sizeof err);
	assert_non_null(st);
	return st;
}

static int import1(dt_store *st, const char *run, const char *file,
                   char *err, size_t errlen)
{
	const char *files[] = {file};
	dt_import_request rq = {.run_name = run, .platform = "gpu",
	                        .format = "csv", .files = files, .nfiles = 1};
	return dt_import(st, &rq, NULL, err, errlen);
}

/* Two files into one run: the second resumes at step 3 (replays 3, 4). */
static void roundtrip_and_segments(void **state)
{
	(void)state;
	char a[128], b[128], err[512];
	snprintf(a, sizeof a, "%s/a.csv", dir);
	snprintf(b, sizeof b, "%s/b.csv", dir);
	write_file(a, "step,loss\n1,4.0\n2,3.0\n3,2.5\n4,2.0\n");
	write_file(b, "step,loss\n3,2.4\n4,1.9\n5,1.5\n");
	dt_store *st = open_store("rt.db");
	assert_int_equal(import1(st, "r", a, err, sizeof err), 0);
	assert_int_equal(import1(st, "r", b, err, sizeof err), 0);
	dt_run run;
	assert_int_equal(dt_store_run_find(st, "r", &run), 0);
	assert_int_equal(run.files, 2);
	assert_int_equal(run.segments, 2);
	assert_int_equal(run.replayed_steps, 2);
	dt_series s;
	assert_int_equal(dt_run_series(st, &run, "loss", &s, err, sizeof err), 0);
	assert_int_equal(s.n, 5);
	assert_true(s.value[2] == 2.4); /* step 3 from the second file */
	assert_true(s.value[4] == 1.5);
	dt_series_free(&s);
	dt_metric_stats *ms;
	size_t n;
	assert_int_equal(dt_store_stats_list(st, run.id, &ms, &n), 0);
	assert_int_equal(n, 1);
	assert_string_equal(ms[0].metric, "loss");
	assert_int_equal(ms[0].points, 5);
	assert_int_equal(ms[0].first_step, 1);
	assert_int_equal(ms[0].last_step, 5);
	free(ms);
	dt_store_close(st);
}

/* The same bytes into the same run are refused; into another run, fine. */
static void duplicate_sha_refused(void **state)
{
	(void)state;
	char a[128], err[512];
	snprintf(a, sizeof a, "%s/dup.csv", dir);
	write_file(a, "step,loss\n1,4.0\n2,3.0\n");
	dt_store *st = open_store("dup.db");
	assert_int_equal(import1(st, "r1", a, err, sizeof err), 0);
	assert_int_equal(import1(st, "r1", a, err, sizeof err), -1);
	assert_non_null(strstr(err, "already holds this file"));
	assert_int_equal(import1(st, "r2", a, err, sizeof err), 0);
	dt_run run;
	assert_int_equal(dt_store_run_find(st, "r1", &run), 0);
	assert_int_equal(run.files, 1);
	dt_store_close(st);
}

/* A failing import (second file has a bad number) stores nothing, not
 * even the good first file or the run. */
static void failed_import_leaves_store_unchanged(void **state)
{
	(void)state;
	char a[128], b[128], err[512];
	snprintf(a, sizeof a, "%s/good.csv", dir);
	snprintf(b, sizeof b, "%s/bad.csv", dir);
	write_file(a, "step,loss\n1,4.0\n2,3.0\n");
	write_file(b, "step,loss\n1,4.0\n2,abc\n");
	dt_store *st = open_store("fail.db");
	const char *files[] = {a, b};
	dt_import_request rq = {.run_name = "x", .platform = "gpu",
	                        .format = "csv", .files = files, .nfiles = 2};
	assert_int_equal(dt_import(st, &rq, NULL, err, sizeof err), -1);
	assert_non_null(strstr(err, "bad.csv:3"));
	dt_run run;
	assert_int_equal(dt_store_run_find(st, "x", &run), 1);
	dt_run *runs;
	size_t n;
	assert_int_equal(dt_store_run_list(st, &runs, &n), 0);
	assert_int_equal(n, 0);
	free(runs);
	dt_store_close(st);
}

/* Re-opening a store runs no migration twice and keeps data. */
static void reopen_keeps_data(void **state)
{
	(void)state;
	dt_store *st = open_store("rt.db");
	dt_run run;
	assert_int_equal(dt_store_run_find(st, "r", &run), 0);
	int64_t v1, v2;
	assert_int_equal(dt_store_data_version_get(st, &v1), 0);
	dt_store *other = open_store("rt.db");
	dt_store_begin(other);
	assert_int_equal(dt_store_warning_add(other, run.id, 0, "note"), 0);
	assert_int_equal(dt_store_commit(other), 0);
	assert_int_equal(dt_store_data_version_get(st, &v2), 0);
	assert_true(v2 != v1); /* the other connection's write is seen */
	dt_store_close(other);
	dt_store_close(st);
}

int main(void)
{
	int skip = dt_test_store_skip();
	if (skip)
		return skip;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(roundtrip_and_segments),
		cmocka_unit_test(duplicate_sha_refused),
		cmocka_unit_test(failed_import_leaves_store_unchanged),
		cmocka_unit_test(reopen_keeps_data),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
