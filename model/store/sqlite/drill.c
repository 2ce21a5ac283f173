/* store_drill.c: drills and their verification items in the SQLite store
 * (dt_drill.h). Runs are stored by id and read back by name. */
#include "model/store/sqlite/internal.h"

#include <stdlib.h>
#include <string.h>

#include "model/core/drill.h"

/* Bind run `name` at index i: NULL for "", an error when it is absent. */
static int bind_run(dt_store *st, sqlite3_stmt *s, int i, const char *name)
{
	dt_run r;
	if (!name[0]) {
		sqlite3_bind_null(s, i);
		return 0;
	}
	int rc = dt_sq_run_find(st, name, &r);
	if (rc != 0)
		return rc < 0 ? -1 : dt_sq_fail(st, "no run named '%s'", name);
	sqlite3_bind_int64(s, i, r.id);
	return 0;
}

static void bind_text(sqlite3_stmt *s, int i, const char *t)
{
	sqlite3_bind_text(s, i, t, -1, SQLITE_STATIC);
}

static int drill_add_row(dt_store *st, dt_drill *d, const char *by)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "INSERT INTO drill(pilot_id, kind, run_before,"
	                  " run_after, checkpoint_id, checkpoint_location,"
	                  " checkpoint_checksum, checkpoint_step, resumed_step,"
	                  " fault_time, resumed_time, note, created_by,"
	                  " created_at) VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,"
	                  "?11,?12,?13,?14)",
	                  &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, d->pilot_id);
	bind_text(s, 2, dt_drill_kind_name(d->kind));
	if (bind_run(st, s, 3, d->run_before) < 0 ||
	    bind_run(st, s, 4, d->run_after) < 0) {
		sqlite3_finalize(s);
		return -1;
	}
	bind_text(s, 5, d->checkpoint_id);
	bind_text(s, 6, d->checkpoint_location);
	bind_text(s, 7, d->checkpoint_checksum);
	sqlite3_bind_int64(s, 8, d->checkpoint_step);
	sqlite3_bind_int64(s, 9, d->resumed_step);
	bind_text(s, 10, d->fault_time);
	bind_text(s, 11, d->resumed_time);
	bind_text(s, 12, d->note);
	bind_text(s, 13, by);
	dt_sq_bind_now(s, 14);
	int rc = sqlite3_step(s);
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		return dt_sq_fail_db(st, "add drill");
	d->id = sqlite3_last_insert_rowid(DT_SQ_DB(st));
	if (dt_sq_chain_append_id(st, DT_CHAIN_DRILL, d->id) < 0)
		return -1;
	for (int i = 0; i < DT_DC_COUNT; i++) {
		const dt_drill_check *c = &d->checks[i];
		if (c->source[0] && dt_sq_drill_check_set(st, d->id, (dt_drill_item)i,
		                     c->status, c->note, c->source, by) < 0)
			return -1;
	}
	return 0;
}

int dt_sq_drill_add(dt_store *st, dt_drill *d, const char *by)
{
	if (dt_sq_write_begin(st) < 0)
		return -1;
	return dt_sq_write_end(st, drill_add_row(st, d, by));
}

static int drill_check_set_row(dt_store *st, int64_t drill_id, dt_drill_item item,
                       dt_dc_status status, const char *note,
                       const char *source, const char *by)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "INSERT INTO drill_check(drill_id, item, status,"
	                  " note, source, set_by, set_at)"
	                  " VALUES(?1,?2,?3,?4,?5,?6,?7)",
	                  &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, drill_id);
	bind_text(s, 2, dt_drill_item_name(item));
	bind_text(s, 3, dt_dc_status_name(status));
	bind_text(s, 4, note ? note : "");
	bind_text(s, 5, source);
	bind_text(s, 6, by);
	dt_sq_bind_now(s, 7);
	int rc = sqlite3_step(s);
	sqlite3_finalize(s);
	if (rc == SQLITE_CONSTRAINT) /* drill_check.drill_id REFERENCES drill */
		return dt_store_fail(st, "no drill #%lld (dualtrack drill list "
		                     "PILOT)", (long long)drill_id);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "set drill check");
}

int dt_sq_drill_check_set(dt_store *st, int64_t drill_id, dt_drill_item item,
                       dt_dc_status status, const char *note,
                       const char *source, const char *by)
{
	if (dt_sq_write_begin(st) < 0)
		return -1;
	int rc = drill_check_set_row(st, drill_id, item, status, note, source, by);
	return dt_sq_write_end_last(st, rc, DT_CHAIN_DRILL_CHECK);
}

static void row_to_drill(sqlite3_stmt *s, dt_drill *d)
{
	memset(d, 0, sizeof *d);
	d->id = sqlite3_column_int64(s, 0);
	d->pilot_id = sqlite3_column_int64(s, 1);
	const unsigned char *k = sqlite3_column_text(s, 2);
	if (!k || dt_drill_kind_parse((const char *)k, &d->kind) < 0)
		d->kind = DT_DRILL_MANUAL_INTERRUPT;
	dt_sq_copy_text(d->run_before, sizeof d->run_before, s, 3);
	dt_sq_copy_text(d->run_after, sizeof d->run_after, s, 4);
	dt_sq_copy_text(d->checkpoint_id, sizeof d->checkpoint_id, s, 5);
	dt_sq_copy_text(d->checkpoint_location, sizeof d->checkpoint_location,
	                s, 6);
	dt_sq_copy_text(d->checkpoint_checksum, sizeof d->checkpoint_checksum,
	                s, 7);
	d->checkpoint_step = sqlite3_column_int64(s, 8);
	d->resumed_step = sqlite3_column_int64(s, 9);
	dt_sq_copy_text(d->fault_time, sizeof d->fault_time, s, 10);
	dt_sq_copy_text(d->resumed_time, sizeof d->resumed_time, s, 11);
	dt_sq_copy_text(d->note, sizeof d->note, s, 12);
	dt_sq_copy_text(d->created_by, sizeof d->created_by, s, 13);
	dt_sq_copy_text(d->created_at, sizeof d->created_at, s, 14);
}

/* Fill the current checks of the drills v[0..n). */
static int load_checks(dt_store *st, dt_drill *v, size_t n)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "SELECT c.item, c.status, c.note, c.source,"
	                  " c.set_by, c.set_at FROM drill_check c WHERE"
	                  " c.drill_id = ?1 AND c.id = (SELECT max(e.id) FROM"
	                  " drill_check e WHERE e.drill_id = c.drill_id AND"
	                  " e.item = c.item)", &s) < 0)
		return -1;
	int rc = SQLITE_DONE;
	for (size_t i = 0; i < n && rc == SQLITE_DONE; i++) {
		sqlite3_reset(s);
		sqlite3_bind_int64(s, 1, v[i].id);
		while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
			dt_drill_item it;
			dt_dc_status stt;
			const unsigned char *a = sqlite3_column_text(s, 0);
			const unsigned char *b = sqlite3_column_text(s, 1);
			if (!a || !b || dt_drill_item_parse((const char *)a, &it) < 0 ||
			    dt_dc_status_parse((const char *)b, &stt) < 0)
				continue;
			dt_drill_check *c = &v[i].checks[it];
			c->status = stt;
			dt_sq_copy_text(c->note, sizeof c->note, s, 2);
			dt_sq_copy_text(c->source, sizeof c->source, s, 3);
			dt_sq_copy_text(c->set_by, sizeof c->set_by, s, 4);
			dt_sq_copy_text(c->set_at, sizeof c->set_at, s, 5);
		}
	}
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "read drill checks");
}

static int row_drill(sqlite3_stmt *s, void *elem)
{
	row_to_drill(s, elem);
	return 0;
}

int dt_sq_drill_list(dt_store *st, int64_t pilot_id, dt_drill **v, size_t *n)
{
	sqlite3_stmt *s;
	*v = NULL;
	*n = 0;
	if (dt_sq_prepare(st, "SELECT d.id, d.pilot_id, d.kind,"
	                  " (SELECT name FROM run WHERE id = d.run_before),"
	                  " (SELECT name FROM run WHERE id = d.run_after),"
	                  " d.checkpoint_id, d.checkpoint_location,"
	                  " d.checkpoint_checksum, d.checkpoint_step,"
	                  " d.resumed_step, d.fault_time, d.resumed_time, d.note,"
	                  " d.created_by, d.created_at FROM drill d"
	                  " WHERE d.pilot_id = ?1 ORDER BY d.id", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, pilot_id);
	if (dt_sq_collect(st, s, (void **)v, n, sizeof **v, row_drill, NULL,
	                  "read drills") < 0)
		return -1;
	if (load_checks(st, *v, *n) < 0) {
		free(*v);
		*v = NULL;
		*n = 0;
		return -1;
	}
	return 0;
}
