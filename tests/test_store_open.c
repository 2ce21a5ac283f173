/* test_store_open.c: dt_store_open picks the backend from what it is
 * given (model/store/store.c): a path is SQLite, a PostgreSQL connection
 * string is recognised and refused while no PostgreSQL backend is built
 * in, with a message that says so. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "dt_test_tmpdir.h"
#include "model/store/store.h"

static void where_kinds(void **state)
{
	(void)state;
	assert_int_equal(dt_store_where_is_postgresql("postgresql://u@db1/dt"), 1);
	assert_int_equal(dt_store_where_is_postgresql("postgres://db1"), 1);
	assert_int_equal(dt_store_where_is_postgresql("host=db1 dbname=dt"), 1);
	assert_int_equal(dt_store_where_is_postgresql(" dbname = dt"), 1);
	assert_int_equal(dt_store_where_is_postgresql("/tmp/a=b.db"), 0);
	assert_int_equal(dt_store_where_is_postgresql("./x=y.db"), 0);
	assert_int_equal(dt_store_where_is_postgresql("store.db"), 0);
	assert_int_equal(dt_store_where_is_postgresql("postgresql.db"), 0);
}

static void path_opens_sqlite(void **state)
{
	(void)state;
	char path[128], err[512];
	snprintf(path, sizeof path, "%s/sub/dir/s.db", dir);
	dt_store *st = dt_store_open(path, err, sizeof err);
	assert_non_null(st);
	assert_string_equal(dt_store_backend_name(st), "sqlite");
	dt_store_close(st);
	dt_store_close(NULL);
}

static void postgresql_refused_without_backend(void **state)
{
	(void)state;
	char err[512] = "";
	dt_store *st = dt_store_open("postgresql://db1/dt", err, sizeof err);
	assert_null(st);
	assert_string_equal(err, "store postgresql://db1/dt: this dualtrack has"
	                    " no backend for it (PostgreSQL stores are not"
	                    " built in)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(where_kinds),
		cmocka_unit_test(path_opens_sqlite),
		cmocka_unit_test(postgresql_refused_without_backend),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
