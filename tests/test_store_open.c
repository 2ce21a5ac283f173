/* test_store_open.c: dt_store_open picks the backend from what it is
 * given (model/store/store.c): a path is SQLite, a PostgreSQL connection
 * string is recognised and refused while no PostgreSQL backend is built
 * in, with a message that says so; store hygiene at open: a reading open
 * creates nothing, a SQLite file of another program is never written, a
 * dualtrack store carries its application_id, a read-only store is
 * readable, a new store is WAL from its first commit on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include <sqlite3.h>

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
#ifdef DT_HAVE_POSTGRESQL
	/* Built with the backend: a server that does not answer (port 1 of
	 * this host) is an error naming where, not a crash. */
	dt_store *st = dt_store_open("postgresql://127.0.0.1:1/dt", err,
	                             sizeof err);
	assert_null(st);
	assert_non_null(strstr(err, "store PostgreSQL 127.0.0.1:1 database dt:"
	                       " cannot connect"));
#else
	dt_store *st = dt_store_open("postgresql://db1/dt", err, sizeof err);
	assert_null(st);
	assert_string_equal(err, "store postgresql://db1/dt: this dualtrack has"
	                    " no backend for it (PostgreSQL stores are not"
	                    " built in)");
#endif
}

/* PRAGMA application_id (or a count query) of the SQLite file at path. */
static int query_int(const char *path, const char *sql)
{
	sqlite3 *db;
	sqlite3_stmt *s;
	int v = -1;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &s, NULL), SQLITE_OK);
	if (sqlite3_step(s) == SQLITE_ROW)
		v = sqlite3_column_int(s, 0);
	sqlite3_finalize(s);
	sqlite3_close(db);
	return v;
}

static void exec_sql(const char *path, const char *sql)
{
	sqlite3 *db;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
}

static void read_open_creates_nothing(void **state)
{
	(void)state;
	char path[128], want[256], err[512] = "";
	struct stat sb;
	snprintf(path, sizeof path, "%s/none/s.db", dir);
	dt_store *st = dt_store_open_flags(path, DT_STORE_READ, err, sizeof err);
	assert_null(st);
	snprintf(want, sizeof want, "no store at %s; import something first or"
	         " pass --db", path);
	assert_string_equal(err, want);
	snprintf(path, sizeof path, "%s/none", dir);
	assert_int_equal(stat(path, &sb), -1);    /* no folder made either */
}

/* A new store is stamped 0x44554154 ("DUAT"); opening it again for
 * reading works and sees the same store. */
static void new_store_has_application_id(void **state)
{
	(void)state;
	char path[128], err[512];
	snprintf(path, sizeof path, "%s/new.db", dir);
	dt_store *st = dt_store_open(path, err, sizeof err);
	assert_non_null(st);
	dt_run r = {.grad_accum = 1};
	snprintf(r.name, sizeof r.name, "gpu-a");
	snprintf(r.platform, sizeof r.platform, "gpu");
	assert_int_equal(dt_store_run_create(st, &r), 0);
	dt_store_close(st);
	assert_int_equal(query_int(path, "PRAGMA application_id"), 0x44554154);
	st = dt_store_open_flags(path, DT_STORE_READ, err, sizeof err);
	assert_non_null(st);
	assert_int_equal(dt_store_run_find(st, "gpu-a", &r), 0);
	dt_store_close(st);
}

/* PRAGMA journal_mode of the SQLite file at path, asked by a second
 * connection ("delete" while a rollback journal, "wal" once WAL). */
static void journal_mode_is(const char *path, const char *want)
{
	sqlite3 *db;
	sqlite3_stmt *s;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &s,
	                                    NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(s), SQLITE_ROW);
	assert_string_equal((const char *)sqlite3_column_text(s, 0), want);
	sqlite3_finalize(s);
	sqlite3_close(db);
}

/* A store this open creates keeps a rollback journal until its first
 * commit (the first import writes its series once), then is WAL like
 * every store; one closed before any commit is WAL too, and so is an
 * older store opened again. */
static void new_store_is_wal_after_first_commit(void **state)
{
	(void)state;
	char path[128], err[512];
	snprintf(path, sizeof path, "%s/journal.db", dir);
	dt_store *st = dt_store_open(path, err, sizeof err);
	assert_non_null(st);
	journal_mode_is(path, "delete");
	assert_int_equal(dt_store_begin(st), 0);
	dt_run r = {.grad_accum = 1};
	snprintf(r.name, sizeof r.name, "gpu-a");
	snprintf(r.platform, sizeof r.platform, "gpu");
	assert_int_equal(dt_store_run_create(st, &r), 0);
	journal_mode_is(path, "delete");
	assert_int_equal(dt_store_commit(st), 0);
	journal_mode_is(path, "wal");
	dt_store_close(st);
	journal_mode_is(path, "wal");
	st = dt_store_open_flags(path, DT_STORE_READ, err, sizeof err);
	assert_non_null(st);
	assert_int_equal(dt_store_run_find(st, "gpu-a", &r), 0);
	dt_store_close(st);

	snprintf(path, sizeof path, "%s/journal2.db", dir);
	st = dt_store_open(path, err, sizeof err);
	assert_non_null(st);
	dt_store_close(st);
	journal_mode_is(path, "wal");
	st = dt_store_open(path, err, sizeof err); /* exists: WAL at once */
	assert_non_null(st);
	journal_mode_is(path, "wal");
	dt_store_close(st);
}

/* Another program's database: refused for writing and for reading, and
 * not one table or pragma of it changes. */
static void foreign_database_untouched(void **state)
{
	(void)state;
	char path[128], err[512] = "", want[256];
	snprintf(path, sizeof path, "%s/other.db", dir);
	exec_sql(path, "CREATE TABLE notes(t TEXT); INSERT INTO notes VALUES('x')");
	dt_store *st = dt_store_open(path, err, sizeof err);
	assert_null(st);
	snprintf(want, sizeof want, "%s is a SQLite database but not a dualtrack"
	         " store (application_id 0x00000000, 1 tables); it was left"
	         " unchanged", path);
	assert_string_equal(err, want);
	assert_null(dt_store_open_flags(path, DT_STORE_READ, err, sizeof err));
	assert_int_equal(query_int(path, "SELECT count(*) FROM sqlite_master"), 1);
	assert_int_equal(query_int(path, "PRAGMA user_version"), 0);
	/* a text file is not a database at all */
	snprintf(path, sizeof path, "%s/notes.txt", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("step,loss\n1,2.5\n", f);
	fclose(f);
	assert_null(dt_store_open(path, err, sizeof err));
	snprintf(want, sizeof want, "%s is not a dualtrack store (not a SQLite"
	         " database); it was left unchanged", path);
	assert_string_equal(err, want);
}

/* A store made before the application_id was set (0, with a schema and
 * a run table) is still a store, and is stamped when opened. */
static void older_store_is_stamped(void **state)
{
	(void)state;
	char path[128], err[512];
	snprintf(path, sizeof path, "%s/old.db", dir);
	dt_store *st = dt_store_open(path, err, sizeof err);
	assert_non_null(st);
	dt_store_close(st);
	exec_sql(path, "PRAGMA application_id = 0");
	assert_int_equal(query_int(path, "PRAGMA application_id"), 0);
	st = dt_store_open(path, err, sizeof err);
	assert_non_null(st);
	dt_store_close(st);
	assert_int_equal(query_int(path, "PRAGMA application_id"), 0x44554154);
}

/* A store in a folder nobody may write (file 0444, folder 0555): read
 * works, a write is refused naming the store read-only. Root writes
 * anyway, so the test skips under root. */
static void readonly_store_readable(void **state)
{
	(void)state;
	if (geteuid() == 0)
		skip();
	char sub[128], path[160], err[512];
	snprintf(sub, sizeof sub, "%s/ro", dir);
	assert_int_equal(mkdir(sub, 0700), 0);
	snprintf(path, sizeof path, "%s/s.db", sub);
	dt_store *st = dt_store_open(path, err, sizeof err);
	assert_non_null(st);
	dt_run r = {.grad_accum = 1};
	snprintf(r.name, sizeof r.name, "gpu-a");
	snprintf(r.platform, sizeof r.platform, "gpu");
	assert_int_equal(dt_store_run_create(st, &r), 0);
	dt_store_close(st);
	assert_int_equal(chmod(path, 0444), 0);
	assert_int_equal(chmod(sub, 0555), 0);
	st = dt_store_open_flags(path, DT_STORE_READ, err, sizeof err);
	assert_non_null(st);
	assert_int_equal(dt_store_run_find(st, "gpu-a", &r), 0);
	snprintf(r.name, sizeof r.name, "gpu-b");
	assert_int_equal(dt_store_run_create(st, &r), -1);
	assert_non_null(strstr(dt_store_error(st), "read-only"));
	dt_store_close(st);
	chmod(sub, 0700);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(where_kinds),
		cmocka_unit_test(path_opens_sqlite),
		cmocka_unit_test(postgresql_refused_without_backend),
		cmocka_unit_test(read_open_creates_nothing),
		cmocka_unit_test(new_store_has_application_id),
		cmocka_unit_test(new_store_is_wal_after_first_commit),
		cmocka_unit_test(foreign_database_untouched),
		cmocka_unit_test(older_store_is_stamped),
		cmocka_unit_test(readonly_store_readable),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
