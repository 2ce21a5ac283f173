/* decision.c: the decision log in the PostgreSQL store: rows to structs
 * and back (model/store/ops.h). The chain rules are model/core's;
 * dt_store_decision_append reads the tail and inserts inside one
 * transaction that holds the store's write lock (pg.c), so appends from
 * several hosts are serialised and never fork the chain.
 *
 * Teams: under row-level security a team sees its own decisions only, so
 * each team's decisions form their own chain (prev_hash is the hash of
 * the team's newest decision) while ids come from the whole store
 * (dt_decision_last_id(), schema.c), so they never collide. */
#include "model/store/postgresql/internal.h"

#include <stdlib.h>
#include <string.h>

int dt_pg_decision_tail(dt_store *st, int64_t pilot_id, dt_decision_tail *t)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, pilot_id);
	memset(t, 0, sizeof *t);
	PGresult *r = dt_pg_query(st, "read decision log", "SELECT"
	                          " dt_decision_last_id(), (SELECT hash FROM"
	                          " decision ORDER BY id DESC LIMIT 1),"
	                          " (SELECT coalesce(max(id), 0) FROM decision"
	                          " WHERE pilot_id = $1)", &p, 0);
	if (!r)
		return -1;
	t->last_id = dt_pg_int(r, 0, 0);
	dt_pg_text(t->last_hash, sizeof t->last_hash, r, 0, 1);
	t->pilot_last = dt_pg_int(r, 0, 2);
	PQclear(r);
	return 0;
}

int dt_pg_decision_insert(dt_store *st, const dt_decision *d)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, d->id);
	dt_pg_p_int(&p, d->pilot_id);
	dt_pg_p_text(&p, d->pilot_name);
	dt_pg_p_text(&p, d->kind_text);
	dt_pg_p_text(&p, d->rationale);
	dt_pg_p_text(&p, d->deciders_text);
	dt_pg_p_text(&p, d->recorded_by);
	dt_pg_p_text(&p, d->decided_at);
	dt_pg_p_int(&p, d->supersedes);
	dt_pg_p_text(&p, d->evidence_digest);
	dt_pg_p_text(&p, d->evidence_text);
	dt_pg_p_text(&p, d->prev_hash);
	dt_pg_p_text(&p, d->hash);
	dt_pg_p_text(&p, d->forced_past);
	return dt_pg_chained(st, DT_CHAIN_DECISION, "append decision", "INSERT INTO decision(id,"
	                " pilot_id, pilot_name, kind, rationale, deciders,"
	                " recorded_by, decided_at, supersedes, evidence_digest,"
	                " evidence_text, prev_hash, hash, forced_past)"
	                " VALUES($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)",
	                &p, NULL) < 0 ? -1 : 0;
}

static int row_to_decision(const PGresult *r, int i, dt_decision *d)
{
	memset(d, 0, sizeof *d);
	d->id = dt_pg_int(r, i, 0);
	d->pilot_id = dt_pg_int(r, i, 1);
	dt_pg_text(d->pilot_name, sizeof d->pilot_name, r, i, 2);
	dt_pg_text(d->kind_text, sizeof d->kind_text, r, i, 3);
	if (dt_decision_kind_parse(d->kind_text, &d->kind) < 0)
		d->kind = DT_DECIDE_DEFER;
	dt_pg_text(d->rationale, sizeof d->rationale, r, i, 4);
	dt_pg_text(d->deciders_text, sizeof d->deciders_text, r, i, 5);
	dt_decision_deciders_parse(d);
	dt_pg_text(d->recorded_by, sizeof d->recorded_by, r, i, 6);
	dt_pg_text(d->decided_at, sizeof d->decided_at, r, i, 7);
	d->supersedes = dt_pg_int(r, i, 8);
	dt_pg_text(d->evidence_digest, sizeof d->evidence_digest, r, i, 9);
	d->evidence_text = strdup(PQgetvalue(r, i, 10));
	dt_pg_text(d->prev_hash, sizeof d->prev_hash, r, i, 11);
	dt_pg_text(d->hash, sizeof d->hash, r, i, 12);
	dt_pg_text(d->forced_past, sizeof d->forced_past, r, i, 13);
	return d->evidence_text ? 0 : -1;
}

int dt_pg_decision_list(dt_store *st, int64_t pilot_id, dt_decision **v,
                        size_t *n)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, pilot_id);
	*v = NULL;
	*n = 0;
	PGresult *r = dt_pg_query(st, "read decisions", "SELECT id, pilot_id,"
	                          " pilot_name, kind, rationale, deciders,"
	                          " recorded_by, decided_at, supersedes,"
	                          " evidence_digest, evidence_text, prev_hash,"
	                          " hash, forced_past FROM decision WHERE"
	                          " $1 = 0 OR pilot_id = $1 ORDER BY id", &p, 0);
	if (!r || dt_pg_rows_alloc(st, r, (void **)v, sizeof **v) < 0)
		return -1;
	size_t rows = (size_t)PQntuples(r);
	for (size_t i = 0; i < rows; i++) {
		if (row_to_decision(r, (int)i, &(*v)[i]) < 0) {
			PQclear(r);
			dt_decisions_free(*v, i + 1);
			*v = NULL;
			return dt_store_fail(st, "store: out of memory");
		}
	}
	PQclear(r);
	*n = rows;
	return 0;
}
