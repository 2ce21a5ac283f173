/* store_facts.c: run facts (the run journal's values) in the SQLite
 * store: each value set is a row, so history is kept; the current value
 * of a key is its latest row. */
#include "model/store/sqlite/internal.h"

#include <stdlib.h>
#include <string.h>

int dt_store_fact_set(dt_store *st, int64_t run_id, int64_t file_id,
                      const char *key, const char *value, const char *source,
                      const char *set_by)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "INSERT INTO run_fact(run_id, file_id, key, value,"
	                  " source, set_by) VALUES(?1,?2,?3,?4,?5,?6)", &s) < 0)
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
	int rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "set fact");
}

int dt_store_fact_list(dt_store *st, int64_t run_id, dt_fact **facts, size_t *n)
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
	size_t cap = 0;
	int rc;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		if (dt_sq_grow((void **)facts, &cap, *n, sizeof **facts) < 0) {
			sqlite3_finalize(s);
			return dt_sq_fail(st, "store: out of memory");
		}
		dt_fact *f = &(*facts)[(*n)++];
		dt_sq_copy_text(f->key, sizeof f->key, s, 0);
		dt_sq_copy_text(f->value, sizeof f->value, s, 1);
		dt_sq_copy_text(f->source, sizeof f->source, s, 2);
		dt_sq_copy_text(f->set_by, sizeof f->set_by, s, 3);
		dt_sq_copy_text(f->set_at, sizeof f->set_at, s, 4);
		f->file_id = sqlite3_column_int64(s, 5);
	}
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "read facts");
}
