/* launch.c: launch boundaries and their evidence per stored file
 * (table launch_evidence, user_version 7), and the run settings each
 * launch logged (table launch_setting, user_version 10). Both are
 * chained as they are inserted, in the same transaction (kinds
 * launch_evidence and launch_setting, user_version 15), their records
 * made from the values bound: no row is read back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/store/chain_store.h"
#include "model/store/sqlite/internal.h"

/* The next seq of file_id's rows in `table` (launch_evidence or
 * launch_setting): one above the file's rows stored before (a followed
 * file's later updates: store.h), 0 for the first. 0 or -1. */
static int next_seq(dt_store *st, const char *table, int64_t file_id,
                    int64_t *seq)
{
	char sql[160];
	sqlite3_stmt *s;
	snprintf(sql, sizeof sql, "SELECT coalesce(max(seq), -1) + 1 FROM %s"
	         " WHERE file_id=?1", table);
	if (dt_sq_prepare(st, sql, &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, file_id);
	int rc = sqlite3_step(s);
	*seq = rc == SQLITE_ROW ? sqlite3_column_int64(s, 0) : 0;
	sqlite3_finalize(s);
	return rc == SQLITE_ROW ? 0 : dt_sq_fail_db(st, "read launch rows");
}

/* The chain record of row (file_id, seq) of kind k just inserted, from
 * the values bound (num: its integers as decimal text, NULL for a NULL;
 * text: its text columns), in dt_chain_maps order. */
static int chain_launch_row(dt_store *st, dt_chain_kind k, int64_t file_id,
                            int64_t seq, const char *const *vals)
{
	char ref[64];
	dt_chain_row r;
	snprintf(ref, sizeof ref, "%lld/%lld", (long long)file_id,
	         (long long)seq);
	dt_chain_text_row(k, ref, vals, &r);
	return dt_sq_chain_append_row(st, &r);
}

int dt_sq_launch_put(dt_store *st, int64_t file_id,
                     const dt_launch_evidence *ev, size_t n)
{
	sqlite3_stmt *s = NULL;
	int64_t seq;
	if (n == 0)
		return 0;
	if (dt_sq_write_begin(st) < 0)
		return -1;
	int rc = next_seq(st, "launch_evidence", file_id, &seq);
	if (rc == 0)
		rc = dt_sq_prepare(st, "INSERT INTO launch_evidence(file_id, seq,"
		                   " launch, kind, line, ckpt_step, marker)"
		                   " VALUES(?1,?2,?3,?4,?5,?6,?7)", &s);
	for (size_t i = 0; rc == 0 && i < n; i++, seq++) {
		const dt_launch_evidence *e = &ev[i];
		const char *kind = dt_launch_kind_name(e->kind);
		sqlite3_reset(s);
		sqlite3_bind_int64(s, 1, file_id);
		sqlite3_bind_int64(s, 2, seq);
		sqlite3_bind_int64(s, 3, e->launch);
		sqlite3_bind_text(s, 4, kind, -1, SQLITE_STATIC);
		sqlite3_bind_int64(s, 5, (sqlite3_int64)e->line);
		if (e->ckpt_step >= 0)
			sqlite3_bind_int64(s, 6, e->ckpt_step);
		else
			sqlite3_bind_null(s, 6);
		sqlite3_bind_text(s, 7, e->marker, -1, SQLITE_STATIC);
		if (sqlite3_step(s) != SQLITE_DONE) {
			rc = dt_sq_fail_db(st, "store launch evidence");
			break;
		}
		char num[5][24];
		snprintf(num[0], 24, "%lld", (long long)file_id);
		snprintf(num[1], 24, "%lld", (long long)seq);
		snprintf(num[2], 24, "%lld", (long long)e->launch);
		snprintf(num[3], 24, "%lld", (long long)(sqlite3_int64)e->line);
		snprintf(num[4], 24, "%lld", (long long)e->ckpt_step);
		const char *vals[] = {num[0], num[1], num[2], kind, num[3],
		                      e->ckpt_step >= 0 ? num[4] : NULL, e->marker};
		rc = chain_launch_row(st, DT_CHAIN_LAUNCH_EV, file_id, seq, vals);
	}
	sqlite3_finalize(s);
	return dt_sq_write_end(st, rc);
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
	sqlite3_stmt *s = NULL;
	int64_t seq;
	if (n == 0)
		return 0;
	if (dt_sq_write_begin(st) < 0)
		return -1;
	int rc = next_seq(st, "launch_setting", file_id, &seq);
	if (rc == 0)
		rc = dt_sq_prepare(st, "INSERT INTO launch_setting(file_id, seq,"
		                   " launch, key, value, line)"
		                   " VALUES(?1,?2,?3,?4,?5,?6)", &s);
	for (size_t i = 0; rc == 0 && i < n; i++, seq++) {
		sqlite3_reset(s);
		sqlite3_bind_int64(s, 1, file_id);
		sqlite3_bind_int64(s, 2, seq);
		sqlite3_bind_int64(s, 3, v[i].launch);
		sqlite3_bind_text(s, 4, v[i].key, -1, SQLITE_STATIC);
		sqlite3_bind_int64(s, 5, v[i].value);
		sqlite3_bind_int64(s, 6, (sqlite3_int64)v[i].line);
		if (sqlite3_step(s) != SQLITE_DONE) {
			rc = dt_sq_fail_db(st, "store launch settings");
			break;
		}
		char num[5][24];
		snprintf(num[0], 24, "%lld", (long long)file_id);
		snprintf(num[1], 24, "%lld", (long long)seq);
		snprintf(num[2], 24, "%lld", (long long)v[i].launch);
		snprintf(num[3], 24, "%lld", (long long)v[i].value);
		snprintf(num[4], 24, "%lld", (long long)(sqlite3_int64)v[i].line);
		const char *vals[] = {num[0], num[1], num[2], v[i].key, num[3],
		                      num[4]};
		rc = chain_launch_row(st, DT_CHAIN_LAUNCH_SET, file_id, seq, vals);
	}
	sqlite3_finalize(s);
	return dt_sq_write_end(st, rc);
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
