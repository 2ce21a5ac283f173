/* sqlite.c: the SQLite backend of dt_store (model/store/store.h): opening,
 * migrations, transactions and the helpers the other store_*.c files
 * share (store_sqlite_internal.h).
 *
 * Schema migrations (store_schema.c) are keyed on PRAGMA user_version.
 * All SQL goes through prepared statements with bound values. WAL mode
 * and a busy timeout let two people (the meeting room and a remote lead
 * over SSH) share one store. */
#include "model/store/sqlite/internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "model/util/grow.h"

int dt_sq_fail(dt_store *st, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	dt_err_vset(&st->err, fmt, ap);
	va_end(ap);
	return -1;
}


int dt_sq_fail_db(dt_store *st, const char *what)
{
	return dt_sq_fail(st, "store: %s: %s", what, sqlite3_errmsg(DT_SQ_DB(st)));
}


/* mkdir -p of the directory part of path. */
static void make_parent_dirs(const char *path)
{
	char buf[4096];
	snprintf(buf, sizeof buf, "%s", path);
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		mkdir(buf, 0700);
		*p = '/';
	}
}

int dt_sq_exec(dt_store *st, const char *sql)
{
	char *msg = NULL;
	if (sqlite3_exec(DT_SQ_DB(st), sql, NULL, NULL, &msg) != SQLITE_OK) {
		dt_sq_fail(st, "store: %s", msg ? msg : sqlite3_errmsg(DT_SQ_DB(st)));
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

static int user_version(dt_store *st, int *v)
{
	sqlite3_stmt *s;
	if (sqlite3_prepare_v2(DT_SQ_DB(st), "PRAGMA user_version", -1, &s, NULL))
		return dt_sq_fail_db(st, "read schema version");
	*v = sqlite3_step(s) == SQLITE_ROW ? sqlite3_column_int(s, 0) : 0;
	sqlite3_finalize(s);
	return 0;
}

static int migrate(dt_store *st)
{
	int have = 0;
	int want = (int)dt_schema_count;
	if (dt_sq_exec(st, "BEGIN IMMEDIATE") < 0)
		return -1;
	if (user_version(st, &have) < 0)
		goto bad;
	if (have > want) {
		dt_sq_fail(st, "store: schema version %d is newer than this dualtrack "
		         "(knows %d); upgrade dualtrack", have, want);
		goto bad;
	}
	int chain_now = 0;
	for (int v = have; v < want; v++) {
		char pragma[64];
		if (dt_sq_exec(st, dt_schema_migrations[v]) < 0)
			goto bad;
		snprintf(pragma, sizeof pragma, "PRAGMA user_version=%d", v + 1);
		if (dt_sq_exec(st, pragma) < 0)
			goto bad;
		chain_now |= dt_schema_migrations[v] == dt_schema_chain;
	}
	if (chain_now) {
		/* the chain table is new: chain what the store already holds
		 * and protect it */
		DT_SQ(st)->in_migration = 1;
		int rc = dt_sq_chain_backfill(st) < 0 ||
		         dt_sq_triggers_restore(st) < 0;
		DT_SQ(st)->in_migration = 0;
		if (rc)
			goto bad;
	}
	return dt_sq_exec(st, "COMMIT");
bad:
	sqlite3_exec(DT_SQ_DB(st), "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

dt_store *dt_sq_open(const char *path, unsigned flags, dt_err *err)
{
	dt_sq_store *sq = calloc(1, sizeof *sq);
	if (!sq) {
		dt_err_set(err, "store: out of memory");
		return NULL;
	}
	dt_store *st = &sq->base;
	st->ops = &dt_sq_ops;
	st->flags = flags;
	int mode = SQLITE_OPEN_READWRITE;
	if (!(flags & DT_STORE_READ)) {
		make_parent_dirs(path);
		mode |= SQLITE_OPEN_CREATE;
	}
	if (sqlite3_open_v2(path, &sq->db, mode, NULL) != SQLITE_OK) {
		dt_err_set(err, "store %s: %s", path,
		           sq->db ? sqlite3_errmsg(sq->db) : "cannot open");
		dt_sq_close(st);
		return NULL;
	}
	sqlite3_busy_timeout(sq->db, 5000);
	/* 64 KiB pages: series BLOBs span far fewer overflow pages (takes
	 * effect only when the file is created). */
	if (dt_sq_exec(st, "PRAGMA page_size=65536; PRAGMA journal_mode=WAL;"
	             " PRAGMA foreign_keys=ON;"
	             "PRAGMA synchronous=NORMAL;") < 0 || migrate(st) < 0 ||
	    dt_sq_triggers_restore(st) < 0) {
		dt_err_set(err, "%s: %s", path, st->err.msg);
		dt_sq_close(st);
		return NULL;
	}
	return st;
}

void dt_sq_close(dt_store *st)
{
	if (!st)
		return;
	sqlite3_close(DT_SQ_DB(st));
	free(st);
}

/* Transactions nest: the outer one holds the write lock from its begin
 * (BEGIN IMMEDIATE), inner ones are savepoints, so an operation that is
 * atomic by itself (a decision) can also run inside a caller's
 * transaction (dt_decide: the blocking check and the append together). */
int dt_sq_begin(dt_store *st)
{
	dt_sq_store *sq = DT_SQ(st);
	if (sq->tx_depth == 0 && !sqlite3_get_autocommit(sq->db))
		sq->tx_depth = 1; /* a transaction begun with dt_sq_exec */
	if (sq->tx_depth > 0) {
		if (dt_sq_exec(st, "SAVEPOINT dt_nested") < 0)
			return -1;
	} else {
		if (dt_sq_exec(st, "BEGIN IMMEDIATE") < 0)
			return -1;
		sq->guarded = 0;
	}
	sq->tx_depth++;
	return 0;
}

int dt_sq_commit(dt_store *st)
{
	dt_sq_store *sq = DT_SQ(st);
	if (sq->tx_depth > 1) {
		sq->tx_depth--;
		return dt_sq_exec(st, "RELEASE dt_nested");
	}
	sq->tx_depth = 0;
	sq->guarded = 0;
	if (dt_sq_exec(st, "COMMIT") == 0)
		return 0;
	sqlite3_exec(sq->db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

void dt_sq_rollback(dt_store *st)
{
	dt_sq_store *sq = DT_SQ(st);
	if (sq->tx_depth > 1) {
		sq->tx_depth--;
		sqlite3_exec(sq->db, "ROLLBACK TO dt_nested; RELEASE dt_nested",
		             NULL, NULL, NULL);
		return;
	}
	sq->tx_depth = 0;
	sq->guarded = 0;
	sqlite3_exec(sq->db, "ROLLBACK", NULL, NULL, NULL);
}

int dt_sq_prepare(dt_store *st, const char *sql, sqlite3_stmt **s)
{
	if (sqlite3_prepare_v2(DT_SQ_DB(st), sql, -1, s, NULL) != SQLITE_OK)
		return dt_sq_fail_db(st, "prepare");
	return 0;
}

void dt_sq_copy_text(char *dst, size_t n, sqlite3_stmt *s, int col)
{
	const unsigned char *t = sqlite3_column_text(s, col);
	snprintf(dst, n, "%s", t ? (const char *)t : "");
}


int dt_sq_collect(dt_store *st, sqlite3_stmt *s, void **v, size_t *n,
                  size_t sz, dt_sq_row_fn row, void (*free_elem)(void *),
                  const char *what)
{
	size_t cap = 0, k = 0;
	char *a = NULL;
	int rc, bad = 0;
	*v = NULL;
	*n = 0;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		if (dt_grow((void **)&a, &cap, k + 1, sz) < 0) {
			bad = 1;
			break;
		}
		void *e = a + k * sz;
		memset(e, 0, sz);
		int r = row(s, e);
		if (r < 0) {
			if (free_elem)
				free_elem(e);
			bad = 1;
			break;
		}
		if (r == 0)
			k++;
	}
	if (!bad && rc != SQLITE_DONE)
		dt_sq_fail_db(st, what);
	sqlite3_finalize(s);
	if (bad || rc != SQLITE_DONE) {
		for (size_t i = 0; free_elem && i < k; i++)
			free_elem(a + i * sz);
		free(a);
		return bad ? dt_sq_fail(st, "store: out of memory") : -1;
	}
	*v = a;
	*n = k;
	return 0;
}

static int row_string(sqlite3_stmt *s, void *elem)
{
	const unsigned char *t = sqlite3_column_text(s, 0);
	char **c = elem;
	*c = strdup(t ? (const char *)t : "");
	return *c ? 0 : -1;
}

static void free_string(void *elem)
{
	free(*(char **)elem);
}

int dt_sq_collect_strings(dt_store *st, sqlite3_stmt *s, char ***v, size_t *n)
{
	return dt_sq_collect(st, s, (void **)v, n, sizeof **v, row_string,
	                     free_string, "read");
}

int dt_sq_data_version_get(dt_store *st, int64_t *version)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "PRAGMA data_version", &s) < 0)
		return -1;
	int rc = sqlite3_step(s);
	if (rc == SQLITE_ROW)
		*version = sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	return rc == SQLITE_ROW ? 0 : dt_sq_fail_db(st, "data_version");
}
