/* checklist.c: checklist entries (status history) and evidence links in
 * the SQLite store: rows to structs and back (model/store/ops.h). */
#include "model/store/sqlite/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/checklist.h"
#include "model/util/grow.h"

static void row_to_entry(sqlite3_stmt *s, int col, dt_check_entry *e)
{
	const unsigned char *t = sqlite3_column_text(s, col);
	memset(e, 0, sizeof *e);
	if (!t || dt_check_status_parse((const char *)t, &e->status) < 0)
		e->status = DT_CK_PENDING;
	dt_sq_copy_text(e->note, sizeof e->note, s, col + 1);
	dt_sq_copy_text(e->reason, sizeof e->reason, s, col + 2);
	dt_sq_copy_text(e->set_by, sizeof e->set_by, s, col + 3);
	dt_sq_copy_text(e->set_at, sizeof e->set_at, s, col + 4);
}

static int load_entries(dt_store *st, int64_t pilot_id, dt_checklist *cl)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "SELECT c.item, c.status, c.note, c.reason,"
	                  " c.set_by, c.set_at FROM check_entry c WHERE"
	                  " c.pilot_id = ?1 AND c.id = (SELECT max(d.id) FROM"
	                  " check_entry d WHERE d.pilot_id = c.pilot_id AND"
	                  " d.item = c.item)", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, pilot_id);
	int rc;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		const unsigned char *id = sqlite3_column_text(s, 0);
		int i = id ? dt_check_find((const char *)id) : -1;
		if (i < 0)
			continue;
		cl->items[i].has_entry = 1;
		row_to_entry(s, 1, &cl->items[i].entry);
	}
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "read checklist");
}

static int load_evidence(dt_store *st, int64_t pilot_id, dt_checklist *cl)
{
	sqlite3_stmt *s;
	size_t cap[DT_ITEM_COUNT] = {0};
	if (dt_sq_prepare(st, "SELECT item, id, kind, ref, sha256, added_by,"
	                  " added_at FROM check_evidence WHERE pilot_id = ?1"
	                  " ORDER BY id", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, pilot_id);
	int rc;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		const unsigned char *id = sqlite3_column_text(s, 0);
		int i = id ? dt_check_find((const char *)id) : -1;
		if (i < 0)
			continue;
		dt_check_item *it = &cl->items[i];
		if (dt_grow((void **)&it->evidence, &cap[i], it->nevidence + 1,
		            sizeof *it->evidence) < 0) {
			sqlite3_finalize(s);
			return dt_sq_fail(st, "store: out of memory");
		}
		dt_evidence *e = &it->evidence[it->nevidence++];
		e->id = sqlite3_column_int64(s, 1);
		dt_sq_copy_text(e->kind, sizeof e->kind, s, 2);
		dt_sq_copy_text(e->ref, sizeof e->ref, s, 3);
		dt_sq_copy_text(e->sha256, sizeof e->sha256, s, 4);
		dt_sq_copy_text(e->added_by, sizeof e->added_by, s, 5);
		dt_sq_copy_text(e->added_at, sizeof e->added_at, s, 6);
	}
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "read evidence");
}

int dt_sq_checklist_load(dt_store *st, int64_t pilot_id, dt_checklist *cl)
{
	memset(cl, 0, sizeof *cl);
	if (load_entries(st, pilot_id, cl) < 0 ||
	    load_evidence(st, pilot_id, cl) < 0) {
		dt_checklist_free(cl);
		return -1;
	}
	return 0;
}

static int check_set_row(dt_store *st, int64_t pilot_id, dt_check_id id,
                 dt_check_status status, const char *note,
                 const char *reason, const char *by)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "INSERT INTO check_entry(pilot_id, item, status,"
	                  " note, reason, set_by, set_at)"
	                  " VALUES(?1,?2,?3,?4,?5,?6,?7)",
	                  &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, pilot_id);
	sqlite3_bind_text(s, 2, dt_check_defs[id].id, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 3, dt_check_status_name(status), -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 4, note ? note : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 5, reason ? reason : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 6, by, -1, SQLITE_STATIC);
	dt_sq_bind_now(s, 7);
	int rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "set checklist item");
}

int dt_sq_check_set(dt_store *st, int64_t pilot_id, dt_check_id id,
                 dt_check_status status, const char *note,
                 const char *reason, const char *by)
{
	if (dt_sq_write_begin(st) < 0)
		return -1;
	int rc = check_set_row(st, pilot_id, id, status, note, reason, by);
	return dt_sq_write_end_last(st, rc, DT_CHAIN_CHECK);
}

static int row_entry_all(sqlite3_stmt *s, void *elem)
{
	dt_check_entry *x = elem;
	row_to_entry(s, 0, x);
	return 0;
}

int dt_sq_check_history_list(dt_store *st, int64_t pilot_id, dt_check_id id,
                     dt_check_entry **v, size_t *n)
{
	sqlite3_stmt *s;
	*v = NULL;
	*n = 0;
	if (dt_sq_prepare(st, "SELECT status, note, reason, set_by, set_at FROM"
	                  " check_entry WHERE pilot_id = ?1 AND item = ?2"
	                  " ORDER BY id", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, pilot_id);
	sqlite3_bind_text(s, 2, dt_check_defs[id].id, -1, SQLITE_STATIC);
	return dt_sq_collect(st, s, (void **)v, n, sizeof **v, row_entry_all,
	                     NULL, "read item history");
}

static int evidence_add_row(dt_store *st, int64_t pilot_id, dt_check_id id,
                       const char *kind, const char *ref,
                       const char *sha256_hex, const char *by)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "INSERT INTO check_evidence(pilot_id, item, kind,"
	                  " ref, sha256, added_by, added_at)"
	                  " VALUES(?1,?2,?3,?4,?5,?6,?7)",
	                  &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, pilot_id);
	sqlite3_bind_text(s, 2, dt_check_defs[id].id, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 3, kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 4, ref, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 5, sha256_hex, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 6, by, -1, SQLITE_STATIC);
	dt_sq_bind_now(s, 7);
	int rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "add evidence");
}

int dt_sq_evidence_add(dt_store *st, int64_t pilot_id, dt_check_id id,
                       const char *kind, const char *ref,
                       const char *sha256_hex, const char *by)
{
	if (dt_sq_write_begin(st) < 0)
		return -1;
	int rc = evidence_add_row(st, pilot_id, id, kind, ref, sha256_hex, by);
	return dt_sq_write_end_last(st, rc, DT_CHAIN_EVIDENCE);
}
