/* store_facts.c: run facts (the run journal's values) in the SQLite
 * store: each value set is a row, so history is kept; the current value
 * of a key is its latest row. */
#include "model/store/sqlite/internal.h"

#include <stdlib.h>
#include <string.h>

static int fact_set_row(dt_store *st, int64_t run_id, int64_t file_id,
                      const char *key, const char *value, const char *source,
                      const char *set_by)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "INSERT INTO run_fact(run_id, file_id, key, value,"
	                  " source, set_by, set_at) VALUES(?1,?2,?3,?4,?5,?6,?7)",
	                  &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, run_id);
	if (file_id > 0)
		sqlite3_bind_int64(s, 2, file_id);
	else
		sqlite3_bind_null(s, 2);
	sqlite3_bind_text(s, 3, key, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 4, value, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 5, source, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 6, set_by ? set_by : "", -1, SQLITE_STATIC);
	dt_sq_bind_now(s, 7);
	int rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "set fact");
}

int dt_sq_fact_set(dt_store *st, int64_t run_id, int64_t file_id,
                      const char *key, const char *value, const char *source,
                      const char *set_by)
{
	if (dt_sq_write_begin(st) < 0)
		return -1;
	int rc = fact_set_row(st, run_id, file_id, key, value, source, set_by);
	return dt_sq_write_end_last(st, rc, DT_CHAIN_FACT);
}

static int row_fact(sqlite3_stmt *s, void *elem)
{
	dt_fact *x = elem;
	dt_sq_copy_text(x->key, sizeof x->key, s, 0);
	dt_sq_copy_text(x->value, sizeof x->value, s, 1);
	dt_sq_copy_text(x->source, sizeof x->source, s, 2);
	dt_sq_copy_text(x->set_by, sizeof x->set_by, s, 3);
	dt_sq_copy_text(x->set_at, sizeof x->set_at, s, 4);
	x->file_id = sqlite3_column_int64(s, 5);
	return 0;
}

int dt_sq_fact_list(dt_store *st, int64_t run_id, dt_fact **facts, size_t *n)
{
	sqlite3_stmt *s;
	*facts = NULL;
	*n = 0;
	if (dt_sq_prepare(st, "SELECT f.key, f.value, f.source, f.set_by,"
	                  " f.set_at, coalesce(f.file_id, 0) FROM run_fact f"
	                  " WHERE f.run_id=?1 AND f.id = (SELECT max(g.id) FROM"
	                  " run_fact g WHERE g.run_id = f.run_id AND g.key = f.key)"
	                  " ORDER BY f.key", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, run_id);
	return dt_sq_collect(st, s, (void **)facts, n, sizeof **facts, row_fact,
	                     NULL, "read facts");
}
