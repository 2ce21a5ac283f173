/* sqlite.c: the SQLite backend of dt_store (model/store/store.h):
 * transactions and the helpers the other files of the backend share
 * (internal.h). Opening and migrations are in open.c.
 *
 * All SQL goes through prepared statements with bound values. */
#include "model/store/sqlite/internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "model/util/clock.h"
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
	sqlite3 *db = DT_SQ_DB(st);
	const char *path = ((dt_sq_store *)st)->path;
	switch (sqlite3_errcode(db)) {
	case SQLITE_FULL:
		return dt_sq_fail(st, "store %s: %s: the disk is full (%s); free "
		                  "space and try again, nothing was written", path,
		                  what, sqlite3_errmsg(db));
	case SQLITE_READONLY: {
		const char *why = ((dt_sq_store *)st)->ro_why;
		if (why[0])
			return dt_sq_fail(st, "store %s: %s: the disk is full (the "
			                  "store could only be opened to read); free "
			                  "space and try again, nothing was written",
			                  path, what);
		return dt_sq_fail(st, "store %s: %s: the store is read-only (%s)",
		                  path, what, sqlite3_errmsg(db));
	}
	default:
		return dt_sq_fail(st, "store: %s: %s", what, sqlite3_errmsg(db));
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

/* Transactions nest: the outer one holds the write lock from its begin
 * (BEGIN IMMEDIATE), inner ones are savepoints, so an operation that is
 * atomic by itself (a decision) can also run inside a caller's
 * transaction (dt_decide: the blocking check and the append together). */
int dt_sq_begin(dt_store *st)
{
	dt_sq_store *sq = DT_SQ(st);
	dt_sq_vals_cache_drop(st);
	if (sq->tx_depth == 0 && !sqlite3_get_autocommit(sq->db))
		sq->tx_depth = 1; /* a transaction begun with dt_sq_exec */
	if (sq->tx_depth > 0) {
		if (dt_sq_exec(st, "SAVEPOINT dt_nested") < 0)
			return -1;
	} else {
		if (dt_sq_exec(st, "BEGIN IMMEDIATE") < 0)
			return -1;
		sq->guard.guarded = 0;
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
	sq->guard.guarded = 0;
	if (dt_sq_exec(st, "COMMIT") == 0) {
		dt_sq_journal_settle(st);
		return 0;
	}
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
	sq->guard.guarded = 0;
	sqlite3_exec(sq->db, "ROLLBACK", NULL, NULL, NULL);
}

int dt_sq_prepare(dt_store *st, const char *sql, sqlite3_stmt **s)
{
	if (sqlite3_prepare_v2(DT_SQ_DB(st), sql, -1, s, NULL) != SQLITE_OK)
		return dt_sq_fail_db(st, "prepare");
	return 0;
}

int dt_sq_bind_now(sqlite3_stmt *s, int i)
{
	char now[32];
	dt_time_now_iso(now);
	return sqlite3_bind_text(s, i, now, -1, SQLITE_TRANSIENT);
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
	dt_sq_vals_cache_drop(st); /* its snapshot would hide new commits */
	if (dt_sq_prepare(st, "PRAGMA data_version", &s) < 0)
		return -1;
	int rc = sqlite3_step(s);
	if (rc == SQLITE_ROW)
		*version = sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	return rc == SQLITE_ROW ? 0 : dt_sq_fail_db(st, "data_version");
}
