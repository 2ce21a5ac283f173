/* launch.c: launch boundaries and their evidence per stored file
 * (table launch_evidence, user_version 7), and the run settings each
 * launch logged (table launch_setting, user_version 10). */
#include <stdlib.h>
#include <string.h>

#include "model/store/sqlite/internal.h"

int dt_sq_launch_put(dt_store *st, int64_t file_id,
                     const dt_launch_evidence *ev, size_t n)
{
	sqlite3_stmt *s;
	if (n == 0)
		return 0;
	/* seq continues after the file's evidence stored before (a followed
	 * file's later updates: store.h) */
	if (dt_sq_prepare(st, "INSERT INTO launch_evidence(file_id, seq, launch,"
	                  " kind, line, ckpt_step, marker) VALUES(?1,(SELECT"
	                  " coalesce(max(seq), -1) + 1 FROM launch_evidence"
	                  " WHERE file_id=?1),?3,?4,?5,?6,?7)", &s) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		const dt_launch_evidence *e = &ev[i];
		sqlite3_reset(s);
		sqlite3_bind_int64(s, 1, file_id);
		sqlite3_bind_int64(s, 3, e->launch);
		sqlite3_bind_text(s, 4, dt_launch_kind_name(e->kind), -1,
		                  SQLITE_STATIC);
		sqlite3_bind_int64(s, 5, (sqlite3_int64)e->line);
		if (e->ckpt_step >= 0)
			sqlite3_bind_int64(s, 6, e->ckpt_step);
		else
			sqlite3_bind_null(s, 6);
		sqlite3_bind_text(s, 7, e->marker, -1, SQLITE_STATIC);
		if (sqlite3_step(s) != SQLITE_DONE) {
			sqlite3_finalize(s);
			return dt_sq_fail_db(st, "store launch evidence");
		}
	}
	sqlite3_finalize(s);
	return 0;
}

static int kind_of(const char *name)
{
	for (int k = DT_LAUNCH_NEW_FILE; k <= DT_LAUNCH_STEP_BACK; k++)
		if (name && strcmp(name, dt_launch_kind_name(k)) == 0)
			return k;
	return 0;
}

static int row_launch(sqlite3_stmt *s, void *elem)
{
	dt_launch_row *r = elem;
	r->file_id = sqlite3_column_int64(s, 0);
	r->ev.launch = (uint32_t)sqlite3_column_int64(s, 1);
	r->ev.kind = kind_of((const char *)sqlite3_column_text(s, 2));
	r->ev.line = (uint64_t)sqlite3_column_int64(s, 3);
	r->ev.ckpt_step = sqlite3_column_type(s, 4) == SQLITE_NULL ? -1 :
	                  sqlite3_column_int64(s, 4);
	dt_sq_copy_text(r->ev.marker, sizeof r->ev.marker, s, 5);
	return 0;
}

int dt_sq_launch_list(dt_store *st, int64_t run_id, dt_launch_row **rows,
                      size_t *n)
{
	sqlite3_stmt *s;
	*rows = NULL;
	*n = 0;
	if (dt_sq_prepare(st, "SELECT e.file_id, e.launch, e.kind, e.line,"
	                  " e.ckpt_step, e.marker FROM launch_evidence e"
	                  " JOIN run_file f ON f.id = e.file_id"
	                  " WHERE f.run_id=?1 ORDER BY e.file_id, e.seq", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, run_id);
	return dt_sq_collect(st, s, (void **)rows, n, sizeof **rows, row_launch,
	                     NULL, "read launch evidence");
}

int dt_sq_launch_setting_put(dt_store *st, int64_t file_id,
                             const dt_launch_setting *v, size_t n)
{
	sqlite3_stmt *s;
	if (n == 0)
		return 0;
	if (dt_sq_prepare(st, "INSERT INTO launch_setting(file_id, seq, launch,"
	                  " key, value, line) VALUES(?1,(SELECT coalesce(max(seq),"
	                  " -1) + 1 FROM launch_setting WHERE file_id=?1),?3,?4,"
	                  "?5,?6)", &s) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		sqlite3_reset(s);
		sqlite3_bind_int64(s, 1, file_id);
		sqlite3_bind_int64(s, 3, v[i].launch);
		sqlite3_bind_text(s, 4, v[i].key, -1, SQLITE_STATIC);
		sqlite3_bind_int64(s, 5, v[i].value);
		sqlite3_bind_int64(s, 6, (sqlite3_int64)v[i].line);
		if (sqlite3_step(s) != SQLITE_DONE) {
			sqlite3_finalize(s);
			return dt_sq_fail_db(st, "store launch settings");
		}
	}
	sqlite3_finalize(s);
	return 0;
}

static int row_setting(sqlite3_stmt *s, void *elem)
{
	dt_launch_setting_row *r = elem;
	r->file_id = sqlite3_column_int64(s, 0);
	r->set.launch = (uint32_t)sqlite3_column_int64(s, 1);
	dt_sq_copy_text(r->set.key, sizeof r->set.key, s, 2);
	r->set.value = sqlite3_column_int64(s, 3);
	r->set.line = (uint64_t)sqlite3_column_int64(s, 4);
	return 0;
}

int dt_sq_launch_setting_list(dt_store *st, int64_t run_id,
                              dt_launch_setting_row **rows, size_t *n)
{
	sqlite3_stmt *s;
	*rows = NULL;
	*n = 0;
	if (dt_sq_prepare(st, "SELECT e.file_id, e.launch, e.key, e.value,"
	                  " e.line FROM launch_setting e"
	                  " JOIN run_file f ON f.id = e.file_id"
	                  " WHERE f.run_id=?1 ORDER BY e.file_id, e.seq", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, run_id);
	return dt_sq_collect(st, s, (void **)rows, n, sizeof **rows, row_setting,
	                     NULL, "read launch settings");
}
