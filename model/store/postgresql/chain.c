/* chain.c: the integrity chain on the PostgreSQL store, the same chain as
 * the SQLite store keeps (model/core/chain.h records, hashes and check;
 * model/store/chain_store.h chained columns, verify, append, write guard
 * and first chaining). What is this backend's:
 *  - the rows: every chained row read with its columns as text (binary
 *    results, so bytes come as stored), BLOBs as bytes and REALs rendered
 *    as SQLite renders them, so a record text is the same on both
 *    backends for the same row;
 *  - teams: each team has its own chain (chain_record.team, row-level
 *    security shows a team its own records only), of its own rows (every
 *    SELECT here keeps to the working team, dt_team(), also for the
 *    tables' owner, whom row-level security does not filter); ids are a
 *    team's own 1, 2, 3, ... and chain_counter holds the highest id ever
 *    given per team (what sqlite_sequence is for SQLite);
 *  - writes: every chained write runs in a transaction holding the
 *    store's write lock (pg.c), so the chain's head is read and extended
 *    by one writer at a time across every host;
 *  - the append-only triggers: found disabled (ALTER TABLE ... DISABLE
 *    TRIGGER, the owner's way round them) they are named in the notice
 *    and enabled again when the connected role may (the owner). */
#include "model/store/postgresql/internal.h"

#include <endian.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/util/grow.h"

/* Rows of the working team per kind, and the order rows were written
 * in (the first chaining appends in it). */
#define TEAM_PILOT "pilot_id IN (SELECT id FROM pilot WHERE team = dt_team())"
#define TEAM_RUN "run_id IN (SELECT id FROM run WHERE team = dt_team())"
static const struct {
	const char *where, *order;
} team_rows[DT_CHAIN_KIND_COUNT] = {
	[DT_CHAIN_PILOT] = {"team = dt_team()", "id"},
	[DT_CHAIN_TASKCARD] = {TEAM_PILOT, "id"},
	[DT_CHAIN_PILOT_RUN] = {TEAM_PILOT, "seq"},
	[DT_CHAIN_CHECK] = {TEAM_PILOT, "id"},
	[DT_CHAIN_EVIDENCE] = {TEAM_PILOT, "id"},
	[DT_CHAIN_DRILL] = {TEAM_PILOT, "id"},
	[DT_CHAIN_DRILL_CHECK] = {"drill_id IN (SELECT d.id FROM drill d JOIN"
		" pilot p ON p.id = d.pilot_id WHERE p.team = dt_team())", "id"},
	[DT_CHAIN_FACT] = {TEAM_RUN, "id"},
	[DT_CHAIN_LEDGER] = {"team = dt_team()", "id"},
	[DT_CHAIN_LEDGER_RUN] = {"team = dt_team()", "pilot, run_id"},
	[DT_CHAIN_SCENARIO] = {"team = dt_team()", "id"},
	[DT_CHAIN_DECISION] = {TEAM_PILOT, "id"},
	[DT_CHAIN_RUN] = {"team = dt_team()", "id"},
	[DT_CHAIN_RUN_FILE] = {TEAM_RUN, "id"},
	[DT_CHAIN_SERIES] = {"file_id IN (SELECT f.id FROM run_file f JOIN run r"
		" ON r.id = f.run_id WHERE r.team = dt_team())", "file_id, metric, part"},
	[DT_CHAIN_SERIES_LOD] = {"file_id IN (SELECT f.id FROM run_file f JOIN run r"
		" ON r.id = f.run_id WHERE r.team = dt_team())", "file_id, metric, part"},
	[DT_CHAIN_WARNING] = {TEAM_RUN, "id"},
	[DT_CHAIN_LAUNCH_EV] = {"file_id IN (SELECT f.id FROM run_file f JOIN run r"
		" ON r.id = f.run_id WHERE r.team = dt_team())", "file_id, seq"},
	[DT_CHAIN_LAUNCH_SET] = {"file_id IN (SELECT f.id FROM run_file f JOIN run r"
		" ON r.id = f.run_id WHERE r.team = dt_team())", "file_id, seq"},
	[DT_CHAIN_RUN_METRIC] = {TEAM_RUN, "run_id, metric"},
};

/* The schema version that began chaining kind k: 4 (the chain itself),
 * 8 the stored levels, 9 what an import derived from a file. */
static int chained_since(int k)
{
	switch (k) {
	case DT_CHAIN_SERIES_LOD:
		return 8;
	case DT_CHAIN_WARNING: case DT_CHAIN_LAUNCH_EV:
	case DT_CHAIN_LAUNCH_SET: case DT_CHAIN_RUN_METRIC:
		return 9;
	default:
		return 4;
	}
}

static int pg_rows(dt_store *st, dt_chain_kind k, const char *ref,
                   dt_chain_row_fn fn, void *ctx)
{
	char sql[1024];
	if (dt_chain_select_sql(k, ref != NULL, "::text", team_rows[k].where,
	                        "$1", team_rows[k].order, sql, sizeof sql) < 0)
		return dt_store_fail(st, "store: chain: statement too long");
	dt_pg_params p = {0};
	if (ref)
		dt_pg_p_text(&p, ref);
	PGresult *r = dt_pg_query(st, "read chained rows", sql, &p, 1);
	if (!r)
		return -1;
	int rc = 0;
	for (int i = 0; rc == 0 && i < PQntuples(r); i++) {
		dt_chain_row row;
		char reals[DT_CHAIN_FIELDS_MAX][40];
		memset(&row, 0, sizeof row);
		row.kind = k;
		int rl = PQgetlength(r, i, 0);
		if (rl >= (int)sizeof row.ref)
			rl = (int)sizeof row.ref - 1;
		memcpy(row.ref, PQgetvalue(r, i, 0), (size_t)rl);
		for (size_t c = 0; c < DT_CHAIN_FIELDS_MAX &&
		     dt_chain_maps[k].cols[c]; c++) {
			dt_chain_field *f = &row.f[row.nf++];
			int col = (int)c + 1, real;
			f->name = dt_chain_col(k, c, &f->is_blob, &real);
			f->omit_zero = dt_chain_col_omit_zero(k, c);
			if (PQgetisnull(r, i, col)) {
				f->is_null = 1;
				continue;
			}
			if (real) {
				uint64_t x;
				double v;
				memcpy(&x, PQgetvalue(r, i, col), 8);
				x = be64toh(x);
				memcpy(&v, &x, 8);
				dt_chain_real_text(v, reals[c], sizeof reals[c]);
				f->data = reals[c];
				f->len = strlen(reals[c]);
			} else {
				f->data = PQgetvalue(r, i, col);
				f->len = (size_t)PQgetlength(r, i, col);
			}
		}
		rc = fn(ctx, &row);
	}
	PQclear(r);
	return rc;
}

static int pg_records(dt_store *st, dt_chain_rec **v, size_t *n)
{
	*v = NULL;
	*n = 0;
	PGresult *r = dt_pg_query(st, "read chain", "SELECT id, kind, ref,"
	                          " recorded_at, canon, prev_hash, hash FROM"
	                          " chain_record WHERE team = dt_team()"
	                          " ORDER BY id", NULL, 0);
	if (!r || dt_pg_rows_alloc(st, r, (void **)v, sizeof **v) < 0)
		return -1;
	int rows = PQntuples(r);
	for (int i = 0; i < rows; i++) {
		dt_chain_rec *x = &(*v)[i];
		x->id = dt_pg_int(r, i, 0);
		dt_pg_text(x->kind, sizeof x->kind, r, i, 1);
		dt_pg_text(x->ref, sizeof x->ref, r, i, 2);
		dt_pg_text(x->at, sizeof x->at, r, i, 3);
		x->canon = strdup(PQgetvalue(r, i, 4));
		dt_pg_text(x->prev_hash, sizeof x->prev_hash, r, i, 5);
		dt_pg_text(x->hash, sizeof x->hash, r, i, 6);
		*n = (size_t)i + 1;
		if (!x->canon) {
			PQclear(r);
			return dt_store_fail(st, "store: out of memory");
		}
	}
	PQclear(r);
	return 0;
}

static int pg_head(dt_store *st, int64_t *seq, int64_t *max_id,
                   char hash[65])
{
	PGresult *r = dt_pg_query(st, "read chain head", "SELECT"
	                          " coalesce((SELECT seq FROM chain_counter WHERE"
	                          " team = dt_team()), 0), coalesce(max(id), 0),"
	                          " coalesce((SELECT hash FROM chain_record WHERE"
	                          " team = dt_team() ORDER BY id DESC LIMIT 1),"
	                          " repeat('0', 64)) FROM chain_record WHERE"
	                          " team = dt_team()", NULL, 0);
	if (!r)
		return -1;
	*seq = dt_pg_int(r, 0, 0);
	*max_id = dt_pg_int(r, 0, 1);
	dt_pg_text(hash, 65, r, 0, 2);
	PQclear(r);
	return 0;
}

static int pg_latest(dt_store *st, const char *kind, const char *ref,
                     int64_t *id, char **canon)
{
	dt_pg_params p = {0};
	dt_pg_p_text(&p, kind);
	dt_pg_p_text(&p, ref);
	*canon = NULL;
	if (id)
		*id = 0;
	PGresult *r = dt_pg_query(st, "read chain record", "SELECT canon, id FROM"
	                          " chain_record WHERE team = dt_team() AND"
	                          " kind = $1 AND ref = $2 ORDER BY id DESC"
	                          " LIMIT 1", &p, 0);
	if (!r)
		return -1;
	if (PQntuples(r) > 0) {
		*canon = strdup(PQgetvalue(r, 0, 0));
		if (id)
			*id = strtoll(PQgetvalue(r, 0, 1), NULL, 10);
	}
	int oom = PQntuples(r) > 0 && !*canon;
	PQclear(r);
	return oom ? dt_store_fail(st, "store: out of memory") : 0;
}

static int pg_insert(dt_store *st, const dt_chain_rec *x)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, x->id);
	dt_pg_p_text(&p, x->kind);
	dt_pg_p_text(&p, x->ref);
	dt_pg_p_text(&p, x->at);
	dt_pg_p_text(&p, x->canon);
	dt_pg_p_text(&p, x->prev_hash);
	dt_pg_p_text(&p, x->hash);
	if (dt_pg_do(st, "append chain record", "INSERT INTO chain_record(id,"
	             " kind, ref, recorded_at, canon, prev_hash, hash)"
	             " VALUES($1,$2,$3,$4,$5,$6,$7)", &p) < 0)
		return -1;
	dt_pg_params q = {0};
	dt_pg_p_int(&q, x->id);
	return dt_pg_do(st, "move chain counter", "INSERT INTO"
	                " chain_counter(seq) VALUES($1) ON CONFLICT(team) DO"
	                " UPDATE SET seq = greatest(chain_counter.seq,"
	                " excluded.seq)", &q);
}

static const dt_chain_io pg_io = {
	.rows = pg_rows, .records = pg_records, .head = pg_head,
	.latest = pg_latest, .insert = pg_insert,
};

int dt_pg_chain_latest(dt_store *st, const char *kind, const char *ref,
                       int64_t *id, char **canon)
{
	return pg_latest(st, kind, ref, id, canon);
}

int dt_pg_chain_verify(dt_store *st, int with_series, dt_chain_status *g)
{
	return dt_chain_store_verify(st, &pg_io, with_series, g);
}

int dt_pg_chain_append(dt_store *st, dt_chain_kind k, const char *ref)
{
	return dt_chain_store_append(st, &pg_io, k, ref);
}

int dt_pg_chain_append_id(dt_store *st, dt_chain_kind k, int64_t id)
{
	return dt_chain_store_append_id(st, &pg_io, k, id);
}

int dt_pg_write_begin(dt_store *st, int *own)
{
	if (dt_pg_op_begin(st, own) < 0)
		return -1;
	if (dt_chain_store_guard(st, &pg_io, &dt_pg_of(st)->guard) < 0) {
		if (*own) {
			dt_err keep = st->err;
			dt_pg_op_end(st, 1, 0);
			st->err = keep;
		}
		return -1;
	}
	return 0;
}

int dt_pg_write_end(dt_store *st, int own, int rc)
{
	if (own || rc == 0)
		return dt_pg_op_end(st, own, rc == 0);
	return -1;
}

int dt_pg_chained(dt_store *st, dt_chain_kind k, const char *what,
                  const char *sql, const dt_pg_params *p, int64_t *id)
{
	char full[1536];
	if (snprintf(full, sizeof full, "%s RETURNING (%s)::text", sql,
	             dt_chain_maps[k].ref) >= (int)sizeof full)
		return dt_store_fail(st, "store: %s: statement too long", what);
	int own;
	if (dt_pg_write_begin(st, &own) < 0)
		return -1;
	int rc = 0;
	PGresult *r = dt_pg_query(st, what, full, p, 0);
	if (!r)
		rc = -1;
	else if (PQntuples(r) == 0)
		rc = 1; /* ON CONFLICT DO NOTHING: nothing written */
	for (int i = 0; rc == 0 && i < PQntuples(r); i++) {
		if (id)
			*id = dt_pg_int(r, i, 0);
		rc = dt_pg_chain_append(st, k, PQgetvalue(r, i, 0));
	}
	PQclear(r);
	if (dt_pg_write_end(st, own, rc < 0 ? -1 : 0) < 0)
		return -1;
	return rc;
}

int dt_pg_chain_backfill(dt_store *st, int version)
{
	int any = 0;
	for (int k = 0; k < DT_CHAIN_KIND_COUNT; k++)
		any |= dt_chain_maps[k].table && chained_since(k) == version;
	any |= version == DT_PG_RUN_RESEAL;
	if (!any)
		return 0;
	/* every team's rows into that team's chain (the owner migrating sees
	 * every team) */
	PGresult *r = dt_pg_query(st, "chain existing records", "SELECT team"
	                          " FROM pilot UNION SELECT team FROM run UNION"
	                          " SELECT team FROM ledger_entry UNION SELECT"
	                          " team FROM ledger_run UNION SELECT team FROM"
	                          " scenario", NULL, 0);
	char **teams;
	size_t n;
	if (!r || dt_pg_strings(st, r, &teams, &n) < 0)
		return -1;
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < n; i++) {
		dt_pg_params p = {0};
		dt_pg_p_text(&p, teams[i]);
		rc = dt_pg_do(st, "chain existing records", "SELECT"
		              " set_config('dualtrack.team', $1, true)", &p);
		for (int k = 0; rc == 0 && k < DT_CHAIN_KIND_COUNT; k++)
			if (chained_since(k) == version)
				rc = dt_chain_store_backfill_kind(st, &pg_io,
				                                  (dt_chain_kind)k);
		/* the runs' records gain the columns a view shows (a run altered
		 * before stays reported) */
		if (rc == 0 && version == DT_PG_RUN_RESEAL)
			rc = dt_chain_store_reseal(st, &pg_io, DT_CHAIN_RUN,
			                           DT_CHAIN_RUN_FIELDS_V16);
	}
	dt_strv_free(teams, n);
	if (rc == 0)
		rc = dt_pg_do(st, "chain existing records", "SELECT"
		              " set_config('dualtrack.team', '', true)", NULL);
	return rc;
}

void dt_pg_chain_acknowledge(dt_store *st, const char *by)
{
	dt_chain_guard *gs = &dt_pg_of(st)->guard;
	snprintf(gs->ack_by, sizeof gs->ack_by, "%s", by ? by : "");
}

int dt_pg_chain_state(const dt_store *st, int which)
{
	const dt_pg *pg = (const dt_pg *)st;
	return which ? pg->guard.break_recorded : pg->guard.refused_break;
}

int dt_pg_triggers_check(dt_store *st)
{
	dt_pg *pg = dt_pg_of(st);
	PGresult *r = dt_pg_query(st, "read triggers", "SELECT t.tgname,"
	                          " c.relname, pg_has_role(c.relowner, 'USAGE')"
	                          " FROM pg_trigger t JOIN pg_class c ON c.oid ="
	                          " t.tgrelid WHERE t.tgfoid ="
	                          " 'dt_append_only'::regproc AND t.tgenabled ="
	                          " 'D' ORDER BY c.relname, t.tgname", NULL, 0);
	if (!r)
		return -1;
	char names[400] = "";
	size_t o = 0, shown = 0;
	int rows = PQntuples(r), restored = rows > 0;
	for (int i = 0; i < rows; i++) {
		dt_chain_name_add(names, sizeof names, &o, &shown,
		                  PQgetvalue(r, i, 0));
		if ((st->flags & DT_STORE_READ) || PQgetvalue(r, i, 2)[0] != 't') {
			restored = 0;
			continue;
		}
		char sql[200];
		snprintf(sql, sizeof sql, "ALTER TABLE %s ENABLE TRIGGER %s",
		         PQgetvalue(r, i, 1), PQgetvalue(r, i, 0));
		if (dt_pg_do(st, "restore trigger", sql, NULL) < 0)
			restored = 0;
	}
	PQclear(r);
	dt_chain_names_end(names, sizeof names, o, shown, (size_t)rows);
	if (rows > 0 && !restored) {
		st->triggers_missing = (size_t)rows;
		snprintf(st->triggers_names, sizeof st->triggers_names, "%s", names);
	}
	if (rows > 0)
		dt_chain_trigger_notice(pg->notice, sizeof pg->notice, (size_t)rows,
		                        names, !restored);
	return 0;
}

const char *dt_pg_notice(const dt_store *st)
{
	return ((const dt_pg *)st)->notice;
}
