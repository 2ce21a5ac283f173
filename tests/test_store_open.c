/* test_store_open.c: dt_store_open picks the backend from what it is
 * given (model/store/store.c): a path is SQLite, a PostgreSQL connection
 * string is recognised and refused while no PostgreSQL backend is built
 * in, with a message that says so; store hygiene at open: a reading open
 * creates nothing, a SQLite file of another program is never written, a
 * dualtrack store carries its application_id, a read-only store is
 * readable, a new store is WAL from its first commit on; a bulk open
 * (DT_STORE_BULK) of a store nobody else has open writes it through a
 * rollback journal and leaves it WAL and intact, and beside other
 * connections it changes nothing they see. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>
#include <sqlite3.h>

#include "dt_test_tmpdir.h"
#include "model/core/rawlog.h"
#include "model/core/series.h"
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
	snprintf(want, sizeof want, "no store at %s; import a log into it first,"
	         " or give --db an existing store", path);
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

/* One transaction as an import writes it: run `name` with one file
 * (digest made of the name) and a loss series of n points, step i + 1,
 * value i * 0.5. */
static void put_run(dt_store *st, const char *name, size_t n)
{
	dt_run r = {.grad_accum = 1};
	snprintf(r.name, sizeof r.name, "%s", name);
	snprintf(r.platform, sizeof r.platform, "gpu");
	char sha[65];
	snprintf(sha, sizeof sha, "%064zx", strlen(name) * 7919 + n);
	dt_rawseries s = {0};
	s.metric = "loss";
	s.step = malloc(n * sizeof *s.step);
	s.value = malloc(n * sizeof *s.value);
	assert_non_null(s.step);
	assert_non_null(s.value);
	for (size_t i = 0; i < n; i++) {
		s.step[i] = (int64_t)i + 1;
		s.value[i] = (double)i * 0.5;
	}
	s.n = s.cap = n;
	int64_t file_id = 0;
	assert_int_equal(dt_store_begin(st), 0);
	assert_int_equal(dt_store_run_create(st, &r), 0);
	assert_int_equal(dt_store_file_add(st, r.id, "loss.csv", sha, 100,
	                                   "csv", &file_id), 0);
	assert_int_equal(dt_store_raw_put(st, file_id, &s), 0);
	assert_int_equal(dt_store_commit(st), 0);
	free(s.step);
	free(s.value);
}

/* Run `name` holds its loss as put_run wrote it (the last point: step n,
 * value (n - 1) * 0.5), and the chain with every series re-hashed is
 * intact. */
static void run_is_intact(dt_store *st, const char *name, size_t n)
{
	dt_run r;
	assert_int_equal(dt_store_run_find(st, name, &r), 0);
	dt_rawchunk *c = NULL;
	size_t nc = 0;
	void *owner = NULL;
	assert_int_equal(dt_store_raw_load(st, r.id, "loss", &c, &nc, &owner), 0);
	assert_int_equal(nc, 1);
	assert_int_equal(c[0].n, n);
	assert_int_equal(c[0].step[n - 1], (int64_t)n);
	assert_true(c[0].value[n - 1] == (double)(n - 1) * 0.5);
	dt_store_raw_free(st, c, owner);
	dt_chain_status g;
	assert_int_equal(dt_store_chain_verify(st, 1, &g), 0);
	assert_int_equal(g.intact, 1);
	dt_chain_status_clear(&g);
}

/* The schema of the SQLite file at path, one line per object
 * ("type name sql"), in name order, into out. */
static void schema_text(const char *path, char *out, size_t n)
{
	sqlite3 *db;
	sqlite3_stmt *s;
	size_t k = 0;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, "SELECT type, name, sql FROM "
	                 "sqlite_schema ORDER BY name", -1, &s, NULL), SQLITE_OK);
	out[0] = '\0';
	while (sqlite3_step(s) == SQLITE_ROW && k < n)
		k += (size_t)snprintf(out + k, n - k, "%s %s %s\n",
		                      sqlite3_column_text(s, 0),
		                      sqlite3_column_text(s, 1),
		                      sqlite3_column_text(s, 2) ?
		                      (const char *)sqlite3_column_text(s, 2) : "");
	assert_true(k < n);
	sqlite3_finalize(s);
	sqlite3_close(db);
}

/* Bytes of path the file system holds (st_blocks): less than its size
 * where parts were never written (holes). */
static long long allocated(const char *path)
{
	struct stat sb;
	assert_int_equal(stat(path, &sb), 0);
	return (long long)sb.st_blocks * 512;
}

/* A new store is written from the build's template (template.h in the
 * SQLite backend: only the non-zero bytes of an empty store are written,
 * the rest of its 2.8 MB stays holes) and is the store the migrations
 * make: the same schema objects and SQL (79 at version 15), settings and
 * an intact chain. An empty file that is there already (touched) is never
 * written over by the template: it takes the migrations, which write
 * every page (no holes). */
static void template_store_is_the_migrated_store(void **state)
{
	(void)state;
	char tpl[128], mig[128], err[512];
	snprintf(tpl, sizeof tpl, "%s/tpl/s.db", dir);
	snprintf(mig, sizeof mig, "%s/mig.db", dir);
	exec_sql(mig, "SELECT 1"); /* an empty file */
	struct stat sb;
	assert_int_equal(stat(mig, &sb), 0);
	assert_int_equal(sb.st_size, 0);
	dt_store *a = dt_store_open(tpl, err, sizeof err);
	assert_non_null(a);
	dt_store *b = dt_store_open(mig, err, sizeof err);
	assert_non_null(b);
	dt_chain_status g;
	assert_int_equal(dt_store_chain_verify(a, 1, &g), 0);
	assert_int_equal(g.intact, 1);
	dt_chain_status_clear(&g);
	dt_store_close(a);
	dt_store_close(b);
	assert_int_equal(stat(tpl, &sb), 0);
	assert_int_equal(sb.st_size, 2818048); /* 43 pages of 64 KiB */
	assert_true(allocated(tpl) < sb.st_size / 4);
	assert_true(allocated(mig) >= sb.st_size);
	static char sa[64 << 10], sb2[64 << 10];
	schema_text(tpl, sa, sizeof sa);
	schema_text(mig, sb2, sizeof sb2);
	assert_string_equal(sa, sb2);
	assert_int_equal(query_int(tpl, "SELECT count(*) FROM sqlite_schema"), 79);
	const char *pragmas[] = {"PRAGMA user_version", "PRAGMA application_id",
	                         "PRAGMA page_size", "PRAGMA auto_vacuum"};
	for (size_t i = 0; i < 4; i++)
		assert_int_equal(query_int(tpl, pragmas[i]), query_int(mig, pragmas[i]));
	assert_int_equal(query_int(tpl, "PRAGMA user_version"), 17);
	assert_int_equal(query_int(tpl, "PRAGMA page_size"), 65536);
	journal_mode_is(tpl, "wal");
	/* written beside its name, then linked: no temporary file is left */
	char left[160];
	snprintf(left, sizeof left, "ls %s/tpl | grep -q new-", dir);
	assert_int_not_equal(system(left), 0);
}

/* A store with data opened DT_STORE_BULK by its only user: a rollback
 * journal until the import's commit (its series pages written once),
 * WAL again after it, everything intact. */
static void bulk_open_alone_journals_then_wal(void **state)
{
	(void)state;
	char path[128], err[512];
	snprintf(path, sizeof path, "%s/bulk.db", dir);
	dt_store *st = dt_store_open(path, err, sizeof err);
	assert_non_null(st);
	put_run(st, "gpu-a", 1000);
	dt_store_close(st);
	journal_mode_is(path, "wal");
	st = dt_store_open_flags(path, DT_STORE_BULK, err, sizeof err);
	assert_non_null(st);
	journal_mode_is(path, "delete");
	put_run(st, "gpu-b", 300000); /* 2.4 MB of values: spills pages */
	journal_mode_is(path, "wal");
	run_is_intact(st, "gpu-a", 1000);
	run_is_intact(st, "gpu-b", 300000);
	dt_store_close(st);
	st = dt_store_open_flags(path, DT_STORE_READ, err, sizeof err);
	assert_non_null(st);
	run_is_intact(st, "gpu-b", 300000);
	dt_store_close(st);
}

/* The child of bulk_open_beside_others: opens the store while the
 * parent's bulk write may hold it (its open waits for the commit, with
 * the rollback journal still in place or not), reads run gpu-b and
 * writes run gpu-d. Exit status 0 when all of it worked. */
static int child_opens_and_writes(const char *path)
{
	char err[512];
	dt_store *st = dt_store_open(path, err, sizeof err);
	if (!st)
		return 1;
	dt_run r;
	int rc = dt_store_run_find(st, "gpu-b", &r) == 0 ? 0 : 2;
	dt_run d = {.grad_accum = 1};
	snprintf(d.name, sizeof d.name, "gpu-d");
	snprintf(d.platform, sizeof d.platform, "gpu");
	if (rc == 0 && (dt_store_begin(st) < 0 ||
	                dt_store_run_create(st, &d) < 0 ||
	                dt_store_commit(st) < 0))
		rc = 3;
	dt_store_close(st);
	return rc;
}

/* Beside a reader that has the store open, a bulk open keeps WAL (SQLite
 * refuses to leave it), and the reader sees the import once committed.
 * A reader opening while a bulk open waits for its transaction changes
 * nothing (the journal mode is the file's); a writer opening then turns
 * the store back to WAL (the import then goes through WAL). A process opening the store during a bulk write (rollback
 * journal, transaction open) waits for its commit, then reads and
 * writes; afterwards the store is WAL and intact. */
static void bulk_open_beside_others(void **state)
{
	(void)state;
	char path[128], err[512];
	snprintf(path, sizeof path, "%s/bulk2.db", dir);
	dt_store *st = dt_store_open(path, err, sizeof err);
	assert_non_null(st);
	put_run(st, "gpu-a", 1000);
	dt_store_close(st);

	dt_store *reader = dt_store_open_flags(path, DT_STORE_READ, err,
	                                       sizeof err);
	assert_non_null(reader);
	st = dt_store_open_flags(path, DT_STORE_BULK, err, sizeof err);
	assert_non_null(st);
	journal_mode_is(path, "wal");
	put_run(st, "gpu-b", 5000);
	dt_store_close(st);
	run_is_intact(reader, "gpu-b", 5000);
	dt_store_close(reader);

	st = dt_store_open_flags(path, DT_STORE_BULK, err, sizeof err);
	assert_non_null(st);
	journal_mode_is(path, "delete");
	reader = dt_store_open_flags(path, DT_STORE_READ, err, sizeof err);
	assert_non_null(reader);
	journal_mode_is(path, "delete"); /* a reader changes nothing */
	dt_store *other = dt_store_open(path, err, sizeof err);
	assert_non_null(other);
	journal_mode_is(path, "wal");
	dt_store_close(other);
	put_run(st, "gpu-c", 5000);
	dt_store_close(st);
	run_is_intact(reader, "gpu-c", 5000);
	dt_store_close(reader);

	st = dt_store_open_flags(path, DT_STORE_BULK, err, sizeof err);
	assert_non_null(st);
	journal_mode_is(path, "delete");
	dt_run r = {.grad_accum = 1};
	snprintf(r.name, sizeof r.name, "gpu-e");
	snprintf(r.platform, sizeof r.platform, "gpu");
	assert_int_equal(dt_store_begin(st), 0);
	assert_int_equal(dt_store_run_create(st, &r), 0);
	fflush(NULL);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		_exit(child_opens_and_writes(path));
	assert_int_equal(dt_store_commit(st), 0);
	dt_store_close(st);
	int status = -1;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	st = dt_store_open_flags(path, DT_STORE_READ, err, sizeof err);
	assert_non_null(st);
	assert_int_equal(dt_store_run_find(st, "gpu-d", &r), 0);
	assert_int_equal(dt_store_run_find(st, "gpu-e", &r), 0);
	run_is_intact(st, "gpu-c", 5000);
	dt_store_close(st);
	journal_mode_is(path, "wal");
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
		cmocka_unit_test(template_store_is_the_migrated_store),
		cmocka_unit_test(bulk_open_alone_journals_then_wal),
		cmocka_unit_test(bulk_open_beside_others),
		cmocka_unit_test(foreign_database_untouched),
		cmocka_unit_test(older_store_is_stamped),
		cmocka_unit_test(readonly_store_readable),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
