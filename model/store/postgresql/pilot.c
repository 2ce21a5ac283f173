/* pilot.c: pilots, attached runs, task-card values, checklist entries
 * and evidence links in the PostgreSQL store. Rows to structs and back;
 * names and values are checked above the backend (model/store/store.c). */
#include "model/store/postgresql/internal.h"

#include <stdlib.h>
#include <string.h>

#include "model/util/grow.h"

#define PILOT_COLUMNS "id, name, created_by, created_at"

static void row_to_pilot(const PGresult *r, int i, dt_pilot *p)
{
	memset(p, 0, sizeof *p);
	p->id = dt_pg_int(r, i, 0);
	dt_pg_text(p->name, sizeof p->name, r, i, 1);
	dt_pg_text(p->created_by, sizeof p->created_by, r, i, 2);
	dt_pg_text(p->created_at, sizeof p->created_at, r, i, 3);
}

int dt_pg_pilot_find(dt_store *st, const char *name, dt_pilot *out)
{
	dt_pg_params p = {0};
	dt_pg_p_text(&p, name);
	PGresult *r = dt_pg_query(st, "find pilot", "SELECT " PILOT_COLUMNS
	                          " FROM pilot WHERE name = $1", &p, 0);
	if (!r)
		return -1;
	int found = PQntuples(r) > 0;
	if (found)
		row_to_pilot(r, 0, out);
	PQclear(r);
	return found ? 0 : 1;
}

int dt_pg_pilot_create(dt_store *st, const char *name, const char *by,
                       dt_pilot *out)
{
	dt_pg_params p = {0};
	dt_pg_p_text(&p, name);
	dt_pg_p_text(&p, by);
	dt_pg_p_now(&p);
	int64_t id;
	if (dt_pg_chained(st, DT_CHAIN_PILOT, "create pilot", "INSERT INTO"
	                  " pilot(name, created_by, created_at) VALUES($1,$2,$3)",
	                  &p, &id) < 0)
		return -1;
	dt_pg_params q = {0};
	dt_pg_p_int(&q, id);
	PGresult *r = dt_pg_query(st, "create pilot", "SELECT " PILOT_COLUMNS
	                          " FROM pilot WHERE id = $1", &q, 0);
	if (!r)
		return -1;
	row_to_pilot(r, 0, out);
	PQclear(r);
	return 0;
}

int dt_pg_pilot_list(dt_store *st, dt_pilot **v, size_t *n)
{
	*v = NULL;
	*n = 0;
	PGresult *r = dt_pg_query(st, "list pilots", "SELECT " PILOT_COLUMNS
	                          " FROM pilot ORDER BY id", NULL, 0);
	if (!r || dt_pg_rows_alloc(st, r, (void **)v, sizeof **v) < 0)
		return -1;
	for (int i = 0; i < PQntuples(r); i++)
		row_to_pilot(r, i, &(*v)[i]);
	*n = (size_t)PQntuples(r);
	PQclear(r);
	return 0;
}

int dt_pg_pilot_attach(dt_store *st, int64_t pilot_id, int64_t run_id,
                       dt_run_role role, const char *by)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, pilot_id);
	dt_pg_p_int(&p, run_id);
	dt_pg_p_text(&p, dt_run_role_name(role));
	dt_pg_p_text(&p, by);
	dt_pg_p_now(&p); /* the first attach's time; a re-attach keeps it */
	return dt_pg_chained(st, DT_CHAIN_PILOT_RUN, "attach run", "INSERT INTO"
	                     " pilot_run(pilot_id, run_id, role, attached_by,"
	                     " attached_at) VALUES($1,$2,$3,$4,$5)"
	                     " ON CONFLICT(pilot_id, run_id)"
	                     " DO UPDATE SET role = excluded.role,"
	                     " attached_by = excluded.attached_by", &p, NULL) < 0 ?
	       -1 : 0;
}

int dt_pg_pilot_run_list(dt_store *st, int64_t pilot_id, dt_pilot_run **v,
                         size_t *n)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, pilot_id);
	*v = NULL;
	*n = 0;
	PGresult *r = dt_pg_query(st, "runs of pilot", "SELECT r.name, pr.role,"
	                          " pr.attached_by, pr.attached_at FROM"
	                          " pilot_run pr JOIN run r ON r.id = pr.run_id"
	                          " WHERE pr.pilot_id = $1 ORDER BY pr.seq",
	                          &p, 0);
	if (!r || dt_pg_rows_alloc(st, r, (void **)v, sizeof **v) < 0)
		return -1;
	int rows = PQntuples(r);
	for (int i = 0; i < rows; i++) {
		dt_pilot_run *pr = &(*v)[i];
		dt_pg_text(pr->run.name, sizeof pr->run.name, r, i, 0);
		pr->role = !strcmp(PQgetvalue(r, i, 1), "pilot") ?
		           DT_RUN_PILOT : DT_RUN_BASELINE;
		dt_pg_text(pr->attached_by, sizeof pr->attached_by, r, i, 2);
		dt_pg_text(pr->attached_at, sizeof pr->attached_at, r, i, 3);
	}
	PQclear(r);
	*n = (size_t)rows;
	for (size_t i = 0; i < *n; i++)
		if (dt_pg_run_find(st, (*v)[i].run.name, &(*v)[i].run) != 0) {
			free(*v);
			*v = NULL;
			*n = 0;
			return dt_store_fail(st, "store: a run of pilot %lld vanished",
			                     (long long)pilot_id);
		}
	return 0;
}

int dt_pg_taskcard_load(dt_store *st, int64_t pilot_id, dt_taskcard *tc)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, pilot_id);
	memset(tc, 0, sizeof *tc);
	PGresult *r = dt_pg_query(st, "read task card", "SELECT t.field,"
	                          " t.value, t.set_by, t.set_at FROM"
	                          " taskcard_value t WHERE t.pilot_id = $1 AND"
	                          " t.id = (SELECT max(u.id) FROM taskcard_value u"
	                          " WHERE u.pilot_id = t.pilot_id AND"
	                          " u.field = t.field)", &p, 0);
	if (!r)
		return -1;
	for (int i = 0; i < PQntuples(r); i++) {
		int f = dt_taskcard_field(PQgetvalue(r, i, 0));
		if (f < 0)
			continue; /* a field of a newer dualtrack */
		dt_pg_text(tc->value[f], sizeof tc->value[f], r, i, 1);
		dt_pg_text(tc->set_by[f], sizeof tc->set_by[f], r, i, 2);
		dt_pg_text(tc->set_at[f], sizeof tc->set_at[f], r, i, 3);
	}
	PQclear(r);
	return 0;
}

int dt_pg_taskcard_set(dt_store *st, int64_t pilot_id, dt_tc_field f,
                       const char *value, const char *by)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, pilot_id);
	dt_pg_p_text(&p, dt_taskcard_defs[f].key);
	dt_pg_p_text(&p, value);
	dt_pg_p_text(&p, by);
	dt_pg_p_now(&p);
	return dt_pg_chained(st, DT_CHAIN_TASKCARD, "set task card", "INSERT INTO taskcard_value("
	                "pilot_id, field, value, set_by, set_at)"
	                " VALUES($1,$2,$3,$4,$5)",
	                &p, NULL) < 0 ? -1 : 0;
}

/* Columns status, note, reason, set_by, set_at from col on. */
static void row_to_entry(const PGresult *r, int i, int col,
                         dt_check_entry *e)
{
	memset(e, 0, sizeof *e);
	if (dt_check_status_parse(PQgetvalue(r, i, col), &e->status) < 0)
		e->status = DT_CK_PENDING;
	dt_pg_text(e->note, sizeof e->note, r, i, col + 1);
	dt_pg_text(e->reason, sizeof e->reason, r, i, col + 2);
	dt_pg_text(e->set_by, sizeof e->set_by, r, i, col + 3);
	dt_pg_text(e->set_at, sizeof e->set_at, r, i, col + 4);
}

static int load_entries(dt_store *st, int64_t pilot_id, dt_checklist *cl)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, pilot_id);
	PGresult *r = dt_pg_query(st, "read checklist", "SELECT c.item,"
	                          " c.status, c.note, c.reason, c.set_by,"
	                          " c.set_at FROM check_entry c WHERE"
	                          " c.pilot_id = $1 AND c.id = (SELECT max(d.id)"
	                          " FROM check_entry d WHERE d.pilot_id ="
	                          " c.pilot_id AND d.item = c.item)", &p, 0);
	if (!r)
		return -1;
	for (int i = 0; i < PQntuples(r); i++) {
		int k = dt_check_find(PQgetvalue(r, i, 0));
		if (k < 0)
			continue;
		cl->items[k].has_entry = 1;
		row_to_entry(r, i, 1, &cl->items[k].entry);
	}
	PQclear(r);
	return 0;
}

static int load_evidence(dt_store *st, int64_t pilot_id, dt_checklist *cl)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, pilot_id);
	size_t cap[DT_ITEM_COUNT] = {0};
	PGresult *r = dt_pg_query(st, "read evidence", "SELECT item, id, kind,"
	                          " ref, sha256, added_by, added_at FROM"
	                          " check_evidence WHERE pilot_id = $1"
	                          " ORDER BY id", &p, 0);
	if (!r)
		return -1;
	for (int i = 0; i < PQntuples(r); i++) {
		int k = dt_check_find(PQgetvalue(r, i, 0));
		if (k < 0)
			continue;
		dt_check_item *it = &cl->items[k];
		if (dt_grow((void **)&it->evidence, &cap[k], it->nevidence + 1,
		            sizeof *it->evidence) < 0) {
			PQclear(r);
			return dt_store_fail(st, "store: out of memory");
		}
		dt_evidence *e = &it->evidence[it->nevidence++];
		e->id = dt_pg_int(r, i, 1);
		dt_pg_text(e->kind, sizeof e->kind, r, i, 2);
		dt_pg_text(e->ref, sizeof e->ref, r, i, 3);
		dt_pg_text(e->sha256, sizeof e->sha256, r, i, 4);
		dt_pg_text(e->added_by, sizeof e->added_by, r, i, 5);
		dt_pg_text(e->added_at, sizeof e->added_at, r, i, 6);
	}
	PQclear(r);
	return 0;
}

int dt_pg_checklist_load(dt_store *st, int64_t pilot_id, dt_checklist *cl)
{
	memset(cl, 0, sizeof *cl);
	if (load_entries(st, pilot_id, cl) < 0 ||
	    load_evidence(st, pilot_id, cl) < 0) {
		dt_checklist_free(cl);
		memset(cl, 0, sizeof *cl);
		return -1;
	}
	return 0;
}

int dt_pg_check_set(dt_store *st, int64_t pilot_id, dt_check_id id,
                    dt_check_status status, const char *note,
                    const char *reason, const char *by)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, pilot_id);
	dt_pg_p_text(&p, dt_check_defs[id].id);
	dt_pg_p_text(&p, dt_check_status_name(status));
	dt_pg_p_text(&p, note);
	dt_pg_p_text(&p, reason);
	dt_pg_p_text(&p, by);
	dt_pg_p_now(&p);
	return dt_pg_chained(st, DT_CHAIN_CHECK, "set checklist item", "INSERT INTO check_entry("
	                "pilot_id, item, status, note, reason, set_by, set_at)"
	                " VALUES($1,$2,$3,$4,$5,$6,$7)", &p, NULL) < 0 ? -1 : 0;
}

int dt_pg_check_history_list(dt_store *st, int64_t pilot_id,
                             dt_check_id id, dt_check_entry **v, size_t *n)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, pilot_id);
	dt_pg_p_text(&p, dt_check_defs[id].id);
	*v = NULL;
	*n = 0;
	PGresult *r = dt_pg_query(st, "read item history", "SELECT status,"
	                          " note, reason, set_by, set_at FROM"
	                          " check_entry WHERE pilot_id = $1 AND"
	                          " item = $2 ORDER BY id", &p, 0);
	if (!r || dt_pg_rows_alloc(st, r, (void **)v, sizeof **v) < 0)
		return -1;
	for (int i = 0; i < PQntuples(r); i++)
		row_to_entry(r, i, 0, &(*v)[i]);
	*n = (size_t)PQntuples(r);
	PQclear(r);
	return 0;
}

int dt_pg_evidence_add(dt_store *st, int64_t pilot_id, dt_check_id id,
                       const char *kind, const char *ref,
                       const char *sha256_hex, const char *by)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, pilot_id);
	dt_pg_p_text(&p, dt_check_defs[id].id);
	dt_pg_p_text(&p, kind);
	dt_pg_p_text(&p, ref);
	dt_pg_p_text(&p, sha256_hex);
	dt_pg_p_text(&p, by);
	dt_pg_p_now(&p);
	return dt_pg_chained(st, DT_CHAIN_EVIDENCE, "add evidence", "INSERT INTO check_evidence("
	                "pilot_id, item, kind, ref, sha256, added_by, added_at)"
	                " VALUES($1,$2,$3,$4,$5,$6,$7)", &p, NULL) < 0 ? -1 : 0;
}
