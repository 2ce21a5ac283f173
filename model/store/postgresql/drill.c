/* drill.c: drills and their verification items in the PostgreSQL store.
 * Runs are stored by id and read back by name. */
#include "model/store/postgresql/internal.h"

#include <stdlib.h>
#include <string.h>

/* Bind run `name`: NULL for "", an error when it is absent. */
static int p_run(dt_store *st, dt_pg_params *p, const char *name)
{
	dt_run r;
	if (!name[0]) {
		dt_pg_p_null(p);
		return 0;
	}
	int rc = dt_pg_run_find(st, name, &r);
	if (rc != 0)
		return rc < 0 ? -1 : dt_store_fail(st, "no run named '%s'", name);
	dt_pg_p_int(p, r.id);
	return 0;
}

/* 1 when drill `drill_id` is there (for this role), 0 when not, -1 on
 * error. FOR KEY SHARE keeps it there until the caller's transaction
 * ends, as the foreign key of drill_check would. */
static int drill_exists(dt_store *st, int64_t drill_id)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, drill_id);
	PGresult *r = dt_pg_query(st, "set drill check", "SELECT 1 FROM drill"
	                          " WHERE id = $1 FOR KEY SHARE", &p, 0);
	if (!r)
		return -1;
	int n = PQntuples(r);
	PQclear(r);
	return n > 0;
}

int dt_pg_drill_check_set(dt_store *st, int64_t drill_id, dt_drill_item item,
                          dt_dc_status status, const char *note,
                          const char *source, const char *by)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, drill_id);
	dt_pg_p_text(&p, dt_drill_item_name(item));
	dt_pg_p_text(&p, dt_dc_status_name(status));
	dt_pg_p_text(&p, note);
	dt_pg_p_text(&p, source);
	dt_pg_p_text(&p, by);
	dt_pg_p_now(&p);
	int own;
	if (dt_pg_write_begin(st, &own) < 0)
		return -1;
	/* the same words as the SQLite store, not the server's foreign-key
	 * error (drill_check.drill_id REFERENCES drill) */
	int rc = drill_exists(st, drill_id);
	if (rc == 0)
		rc = dt_store_fail(st, "no drill #%lld (dualtrack drill list "
		                   "PILOT)", (long long)drill_id);
	else if (rc > 0)
		rc = dt_pg_chained(st, DT_CHAIN_DRILL_CHECK, "set drill check",
		                   "INSERT INTO drill_check(drill_id, item,"
		                   " status, note, source, set_by, set_at)"
		                   " VALUES($1,$2,$3,$4,$5,$6,$7)", &p, NULL) < 0 ?
		     -1 : 0;
	return dt_pg_write_end(st, own, rc);
}

static int drill_insert(dt_store *st, dt_drill *d, const char *by)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, d->pilot_id);
	dt_pg_p_text(&p, dt_drill_kind_name(d->kind));
	if (p_run(st, &p, d->run_before) < 0 || p_run(st, &p, d->run_after) < 0)
		return -1;
	dt_pg_p_text(&p, d->checkpoint_id);
	dt_pg_p_text(&p, d->checkpoint_location);
	dt_pg_p_text(&p, d->checkpoint_checksum);
	dt_pg_p_int(&p, d->checkpoint_step);
	dt_pg_p_int(&p, d->resumed_step);
	dt_pg_p_text(&p, d->fault_time);
	dt_pg_p_text(&p, d->resumed_time);
	dt_pg_p_text(&p, d->note);
	dt_pg_p_text(&p, by);
	dt_pg_p_now(&p);
	if (dt_pg_chained(st, DT_CHAIN_DRILL, "add drill", "INSERT INTO"
	                  " drill(pilot_id, kind, run_before, run_after,"
	                  " checkpoint_id, checkpoint_location,"
	                  " checkpoint_checksum, checkpoint_step, resumed_step,"
	                  " fault_time, resumed_time, note, created_by,"
	                  " created_at) VALUES($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,"
	                  "$11,$12,$13,$14)",
	                  &p, &d->id) < 0)
		return -1;
	for (int i = 0; i < DT_DC_COUNT; i++) {
		const dt_drill_check *c = &d->checks[i];
		if (c->source[0] && dt_pg_drill_check_set(st, d->id,
		                     (dt_drill_item)i, c->status, c->note,
		                     c->source, by) < 0)
			return -1;
	}
	return 0;
}

int dt_pg_drill_add(dt_store *st, dt_drill *d, const char *by)
{
	int own;
	if (dt_pg_write_begin(st, &own) < 0)
		return -1;
	return dt_pg_write_end(st, own, drill_insert(st, d, by));
}

static void row_to_drill(const PGresult *r, int i, dt_drill *d)
{
	memset(d, 0, sizeof *d);
	d->id = dt_pg_int(r, i, 0);
	d->pilot_id = dt_pg_int(r, i, 1);
	if (dt_drill_kind_parse(PQgetvalue(r, i, 2), &d->kind) < 0)
		d->kind = DT_DRILL_MANUAL_INTERRUPT;
	dt_pg_text(d->run_before, sizeof d->run_before, r, i, 3);
	dt_pg_text(d->run_after, sizeof d->run_after, r, i, 4);
	dt_pg_text(d->checkpoint_id, sizeof d->checkpoint_id, r, i, 5);
	dt_pg_text(d->checkpoint_location, sizeof d->checkpoint_location,
	           r, i, 6);
	dt_pg_text(d->checkpoint_checksum, sizeof d->checkpoint_checksum,
	           r, i, 7);
	d->checkpoint_step = dt_pg_int(r, i, 8);
	d->resumed_step = dt_pg_int(r, i, 9);
	dt_pg_text(d->fault_time, sizeof d->fault_time, r, i, 10);
	dt_pg_text(d->resumed_time, sizeof d->resumed_time, r, i, 11);
	dt_pg_text(d->note, sizeof d->note, r, i, 12);
	dt_pg_text(d->created_by, sizeof d->created_by, r, i, 13);
	dt_pg_text(d->created_at, sizeof d->created_at, r, i, 14);
}

/* Fill the current checks of the drills of one pilot, v[0..n) in id
 * order. */
static int load_checks(dt_store *st, int64_t pilot_id, dt_drill *v,
                       size_t n)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, pilot_id);
	PGresult *r = dt_pg_query(st, "read drill checks", "SELECT c.drill_id,"
	                          " c.item, c.status, c.note, c.source,"
	                          " c.set_by, c.set_at FROM drill_check c"
	                          " JOIN drill d ON d.id = c.drill_id WHERE"
	                          " d.pilot_id = $1 AND c.id = (SELECT max(e.id)"
	                          " FROM drill_check e WHERE e.drill_id ="
	                          " c.drill_id AND e.item = c.item)", &p, 0);
	if (!r)
		return -1;
	for (int i = 0; i < PQntuples(r); i++) {
		int64_t id = dt_pg_int(r, i, 0);
		dt_drill_item it;
		dt_dc_status s;
		if (dt_drill_item_parse(PQgetvalue(r, i, 1), &it) < 0 ||
		    dt_dc_status_parse(PQgetvalue(r, i, 2), &s) < 0)
			continue;
		for (size_t k = 0; k < n; k++) {
			if (v[k].id != id)
				continue;
			dt_drill_check *c = &v[k].checks[it];
			c->status = s;
			dt_pg_text(c->note, sizeof c->note, r, i, 3);
			dt_pg_text(c->source, sizeof c->source, r, i, 4);
			dt_pg_text(c->set_by, sizeof c->set_by, r, i, 5);
			dt_pg_text(c->set_at, sizeof c->set_at, r, i, 6);
		}
	}
	PQclear(r);
	return 0;
}

int dt_pg_drill_list(dt_store *st, int64_t pilot_id, dt_drill **v,
                     size_t *n)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, pilot_id);
	*v = NULL;
	*n = 0;
	PGresult *r = dt_pg_query(st, "read drills", "SELECT d.id, d.pilot_id,"
	                          " d.kind, (SELECT name FROM run WHERE"
	                          " id = d.run_before), (SELECT name FROM run"
	                          " WHERE id = d.run_after), d.checkpoint_id,"
	                          " d.checkpoint_location, d.checkpoint_checksum,"
	                          " d.checkpoint_step, d.resumed_step,"
	                          " d.fault_time, d.resumed_time, d.note,"
	                          " d.created_by, d.created_at FROM drill d"
	                          " WHERE d.pilot_id = $1 ORDER BY d.id", &p, 0);
	if (!r || dt_pg_rows_alloc(st, r, (void **)v, sizeof **v) < 0)
		return -1;
	size_t rows = (size_t)PQntuples(r);
	for (size_t i = 0; i < rows; i++)
		row_to_drill(r, (int)i, &(*v)[i]);
	PQclear(r);
	if (load_checks(st, pilot_id, *v, rows) < 0) {
		free(*v);
		*v = NULL;
		return -1;
	}
	*n = rows;
	return 0;
}
