/* store_pilot.c: pilots, attached runs and task-card values in the SQLite
 * store (model/store/store.h). */
#include "model/store/sqlite/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/pilot.h"

static void row_to_pilot(sqlite3_stmt *s, dt_pilot *p)
{
	memset(p, 0, sizeof *p);
	p->id = sqlite3_column_int64(s, 0);
	dt_sq_copy_text(p->name, sizeof p->name, s, 1);
	dt_sq_copy_text(p->created_by, sizeof p->created_by, s, 2);
	dt_sq_copy_text(p->created_at, sizeof p->created_at, s, 3);
}

static int pilot_create_row(dt_store *st, const char *name, const char *by,
                    dt_pilot *out)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "INSERT INTO pilot(name, created_by, created_at)"
	                  " VALUES(?1,?2,?3)",
	                  &s) < 0)
		return -1;
	sqlite3_bind_text(s, 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, by, -1, SQLITE_STATIC);
	dt_sq_bind_now(s, 3);
	int rc = sqlite3_step(s);
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		return dt_sq_fail_db(st, "create pilot");
	return dt_sq_pilot_find(st, name, out) == 0 ? 0 : -1;
}

int dt_sq_pilot_create(dt_store *st, const char *name, const char *by,
                    dt_pilot *out)
{
	if (dt_sq_write_begin(st) < 0)
		return -1;
	int rc = pilot_create_row(st, name, by, out);
	if (rc == 0)
		rc = dt_sq_chain_append_id(st, DT_CHAIN_PILOT, out->id);
	return dt_sq_write_end(st, rc);
}

int dt_sq_pilot_find(dt_store *st, const char *name, dt_pilot *out)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "SELECT id, name, created_by, created_at FROM pilot"
	                  " WHERE name = ?1", &s) < 0)
		return -1;
	sqlite3_bind_text(s, 1, name, -1, SQLITE_STATIC);
	int rc = sqlite3_step(s), ret = 1;
	if (rc == SQLITE_ROW) {
		row_to_pilot(s, out);
		ret = 0;
	} else if (rc != SQLITE_DONE) {
		ret = dt_sq_fail_db(st, "find pilot");
	}
	sqlite3_finalize(s);
	return ret;
}

static int row_pilot(sqlite3_stmt *s, void *elem)
{
	dt_pilot *x = elem;
	row_to_pilot(s, x);
	return 0;
}

int dt_sq_pilot_list(dt_store *st, dt_pilot **v, size_t *n)
{
	sqlite3_stmt *s;
	*v = NULL;
	*n = 0;
	if (dt_sq_prepare(st, "SELECT id, name, created_by, created_at FROM pilot"
	                  " ORDER BY id", &s) < 0)
		return -1;
	return dt_sq_collect(st, s, (void **)v, n, sizeof **v, row_pilot,
	                     NULL, "list pilots");
}

static int pilot_attach_row(dt_store *st, int64_t pilot_id, int64_t run_id,
                    dt_run_role role, const char *by)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "INSERT INTO pilot_run(pilot_id, run_id, role,"
	                  " attached_by, attached_at) VALUES(?1,?2,?3,?4,?5)"
	                  " ON CONFLICT("
	                  "pilot_id, run_id) DO UPDATE SET role = excluded.role,"
	                  " attached_by = excluded.attached_by", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, pilot_id);
	sqlite3_bind_int64(s, 2, run_id);
	sqlite3_bind_text(s, 3, dt_run_role_name(role), -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 4, by, -1, SQLITE_STATIC);
	dt_sq_bind_now(s, 5); /* the first attach's time; a re-attach keeps it */
	int rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "attach run");
}

int dt_sq_pilot_attach(dt_store *st, int64_t pilot_id, int64_t run_id,
                    dt_run_role role, const char *by)
{
	if (dt_sq_write_begin(st) < 0)
		return -1;
	int rc = pilot_attach_row(st, pilot_id, run_id, role, by);
	char ref[64];
	snprintf(ref, sizeof ref, "%lld/%lld", (long long)pilot_id,
	         (long long)run_id);
	if (rc == 0)
		rc = dt_sq_chain_append(st, DT_CHAIN_PILOT_RUN, ref);
	return dt_sq_write_end(st, rc);
}

static int row_pilot_run(sqlite3_stmt *s, void *elem)
{
	dt_pilot_run *pr = elem;
	dt_sq_copy_text(pr->run.name, sizeof pr->run.name, s, 0);
	const unsigned char *role = sqlite3_column_text(s, 1);
	pr->role = role && !strcmp((const char *)role, "pilot") ?
	           DT_RUN_PILOT : DT_RUN_BASELINE;
	dt_sq_copy_text(pr->attached_by, sizeof pr->attached_by, s, 2);
	dt_sq_copy_text(pr->attached_at, sizeof pr->attached_at, s, 3);
	return 0;
}

int dt_sq_pilot_run_list(dt_store *st, int64_t pilot_id,
                            dt_pilot_run **v, size_t *n)
{
	sqlite3_stmt *s;
	*v = NULL;
	*n = 0;
	if (dt_sq_prepare(st, "SELECT r.name, pr.role, pr.attached_by,"
	                  " pr.attached_at FROM pilot_run pr JOIN run r ON"
	                  " r.id = pr.run_id WHERE pr.pilot_id = ?1"
	                  " ORDER BY pr.rowid", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, pilot_id);
	if (dt_sq_collect(st, s, (void **)v, n, sizeof **v, row_pilot_run, NULL,
	                  "runs of pilot") < 0)
		return -1;
	for (size_t i = 0; i < *n; i++)
		if (dt_sq_run_find(st, (*v)[i].run.name, &(*v)[i].run) != 0) {
			free(*v);
			*v = NULL;
			*n = 0;
			return dt_sq_fail(st, "store: a run of pilot %lld vanished",
			                  (long long)pilot_id);
		}
	return 0;
}

int dt_sq_taskcard_load(dt_store *st, int64_t pilot_id, dt_taskcard *tc)
{
	sqlite3_stmt *s;
	memset(tc, 0, sizeof *tc);
	if (dt_sq_prepare(st, "SELECT t.field, t.value, t.set_by, t.set_at FROM"
	                  " taskcard_value t WHERE t.pilot_id = ?1 AND t.id ="
	                  " (SELECT max(u.id) FROM taskcard_value u WHERE"
	                  " u.pilot_id = t.pilot_id AND u.field = t.field)",
	                  &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, pilot_id);
	int rc;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		const unsigned char *key = sqlite3_column_text(s, 0);
		int f = key ? dt_taskcard_field((const char *)key) : -1;
		if (f < 0)
			continue; /* a field of a newer dualtrack */
		dt_sq_copy_text(tc->value[f], sizeof tc->value[f], s, 1);
		dt_sq_copy_text(tc->set_by[f], sizeof tc->set_by[f], s, 2);
		dt_sq_copy_text(tc->set_at[f], sizeof tc->set_at[f], s, 3);
	}
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "read task card");
}

static int taskcard_set_row(dt_store *st, int64_t pilot_id, dt_tc_field f,
                    const char *value, const char *by)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "INSERT INTO taskcard_value(pilot_id, field, value,"
	                  " set_by, set_at) VALUES(?1,?2,?3,?4,?5)", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, pilot_id);
	sqlite3_bind_text(s, 2, dt_taskcard_defs[f].key, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 3, value, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 4, by, -1, SQLITE_STATIC);
	dt_sq_bind_now(s, 5);
	int rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "set task card");
}

int dt_sq_taskcard_set(dt_store *st, int64_t pilot_id, dt_tc_field f,
                    const char *value, const char *by)
{
	if (dt_sq_write_begin(st) < 0)
		return -1;
	int rc = taskcard_set_row(st, pilot_id, f, value, by);
	return dt_sq_write_end_last(st, rc, DT_CHAIN_TASKCARD);
}
