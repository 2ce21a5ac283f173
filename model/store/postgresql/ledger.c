/* ledger.c: ledger entries, ledger runs and scenario records in the
 * PostgreSQL store. Every value set is a new row; the current value of a
 * key is its latest row. Keyed by pilot name within the working team
 * (the team column's default, schema.c). */
#include "model/store/postgresql/internal.h"

#include <stdlib.h>
#include <string.h>

int dt_pg_ledger_set(dt_store *st, const char *pilot, const char *side,
                     const char *key, double value, const char *basis,
                     const char *note, const char *set_by)
{
	dt_pg_params p = {0};
	dt_pg_p_text(&p, pilot);
	dt_pg_p_text(&p, side);
	dt_pg_p_text(&p, key);
	dt_pg_p_double(&p, value);
	dt_pg_p_text(&p, basis);
	dt_pg_p_text(&p, note);
	dt_pg_p_text(&p, set_by);
	dt_pg_p_now(&p);
	return dt_pg_chained(st, DT_CHAIN_LEDGER, "set ledger value", "INSERT INTO ledger_entry("
	                "pilot, side, key, value, basis, note, set_by, set_at)"
	                " VALUES($1,$2,$3,$4,$5,$6,$7,$8)", &p, NULL) < 0 ? -1 : 0;
}

int dt_pg_ledger_list(dt_store *st, const char *pilot, dt_ledger_entry **e,
                      size_t *n)
{
	dt_pg_params p = {0};
	dt_pg_p_text(&p, pilot);
	*e = NULL;
	*n = 0;
	PGresult *r = dt_pg_query(st, "read ledger", "SELECT l.side, l.key,"
	                          " l.value, l.basis, l.note, l.set_by,"
	                          " l.set_at FROM ledger_entry l WHERE"
	                          " l.pilot=$1 AND l.id = (SELECT max(m.id) FROM"
	                          " ledger_entry m WHERE m.team = l.team AND"
	                          " m.pilot = l.pilot AND m.side = l.side AND"
	                          " m.key = l.key) ORDER BY l.side COLLATE \"C\","
	                          " l.key COLLATE \"C\"", &p, 0);
	if (!r || dt_pg_rows_alloc(st, r, (void **)e, sizeof **e) < 0)
		return -1;
	for (int i = 0; i < PQntuples(r); i++) {
		dt_ledger_entry *x = &(*e)[i];
		dt_pg_text(x->side, sizeof x->side, r, i, 0);
		dt_pg_text(x->key, sizeof x->key, r, i, 1);
		x->value = dt_pg_double(r, i, 2);
		dt_pg_text(x->basis, sizeof x->basis, r, i, 3);
		dt_pg_text(x->note, sizeof x->note, r, i, 4);
		dt_pg_text(x->set_by, sizeof x->set_by, r, i, 5);
		dt_pg_text(x->set_at, sizeof x->set_at, r, i, 6);
	}
	*n = (size_t)PQntuples(r);
	PQclear(r);
	return 0;
}

int dt_pg_ledger_attach(dt_store *st, const char *pilot, int64_t run_id)
{
	dt_pg_params p = {0};
	dt_pg_p_text(&p, pilot);
	dt_pg_p_int(&p, run_id);
	return dt_pg_chained(st, DT_CHAIN_LEDGER_RUN, "attach ledger run", "INSERT INTO ledger_run(pilot,"
	                " run_id) VALUES($1,$2) ON CONFLICT DO NOTHING", &p, NULL) < 0 ? -1 : 0;
}

int dt_pg_ledger_run_list(dt_store *st, const char *pilot, int64_t **ids,
                          size_t *n)
{
	dt_pg_params p = {0};
	dt_pg_p_text(&p, pilot);
	*ids = NULL;
	*n = 0;
	PGresult *r = dt_pg_query(st, "read ledger runs", "SELECT run_id FROM"
	                          " ledger_run WHERE pilot=$1 UNION SELECT"
	                          " pr.run_id FROM pilot_run pr JOIN pilot p ON"
	                          " p.id = pr.pilot_id WHERE p.name=$1"
	                          " ORDER BY 1", &p, 0);
	if (!r || dt_pg_rows_alloc(st, r, (void **)ids, sizeof **ids) < 0)
		return -1;
	for (int i = 0; i < PQntuples(r); i++)
		(*ids)[i] = dt_pg_int(r, i, 0);
	*n = (size_t)PQntuples(r);
	PQclear(r);
	return 0;
}

int dt_pg_ledger_exists(dt_store *st, const char *pilot)
{
	dt_pg_params p = {0};
	dt_pg_p_text(&p, pilot);
	PGresult *r = dt_pg_query(st, "read ledger", "SELECT EXISTS(SELECT 1"
	                          " FROM ledger_entry WHERE pilot=$1) OR"
	                          " EXISTS(SELECT 1 FROM ledger_run WHERE"
	                          " pilot=$1) OR EXISTS(SELECT 1 FROM scenario"
	                          " WHERE pilot=$1) OR EXISTS(SELECT 1 FROM pilot"
	                          " WHERE name=$1)", &p, 0);
	if (!r)
		return -1;
	int known = PQgetvalue(r, 0, 0)[0] == 't';
	PQclear(r);
	return known;
}

int dt_pg_scenario_put(dt_store *st, const char *pilot,
                       const dt_scenario_rec *rec)
{
	dt_pg_params p = {0};
	dt_pg_p_text(&p, pilot);
	dt_pg_p_text(&p, rec->answers);
	dt_pg_p_text(&p, rec->training);
	dt_pg_p_text(&p, rec->recommendation);
	dt_pg_p_text(&p, rec->reason);
	dt_pg_p_text(&p, rec->set_by);
	dt_pg_p_now(&p);
	return dt_pg_chained(st, DT_CHAIN_SCENARIO, "store scenario", "INSERT INTO scenario(pilot,"
	                " answers, training, recommendation, reason, set_by,"
	                " set_at) VALUES($1,$2,$3,$4,$5,$6,$7)", &p, NULL) < 0 ? -1 : 0;
}

int dt_pg_scenario_get(dt_store *st, const char *pilot,
                       dt_scenario_rec *out)
{
	dt_pg_params p = {0};
	dt_pg_p_text(&p, pilot);
	memset(out, 0, sizeof *out);
	PGresult *r = dt_pg_query(st, "read scenario", "SELECT answers,"
	                          " training, recommendation, reason, set_by,"
	                          " set_at FROM scenario WHERE pilot=$1"
	                          " ORDER BY id DESC LIMIT 1", &p, 0);
	if (!r)
		return -1;
	int found = PQntuples(r) > 0;
	if (found) {
		dt_pg_text(out->answers, sizeof out->answers, r, 0, 0);
		dt_pg_text(out->training, sizeof out->training, r, 0, 1);
		dt_pg_text(out->recommendation, sizeof out->recommendation, r, 0, 2);
		dt_pg_text(out->reason, sizeof out->reason, r, 0, 3);
		dt_pg_text(out->set_by, sizeof out->set_by, r, 0, 4);
		dt_pg_text(out->set_at, sizeof out->set_at, r, 0, 5);
	}
	PQclear(r);
	return found ? 0 : 1;
}
