/* launch.c: launch boundaries and their evidence per stored file in the
 * PostgreSQL store (table launch_evidence), and the run settings each
 * launch logged (table launch_setting), each row chained as it is
 * inserted (dt_pg_chained; kinds launch_evidence and launch_setting,
 * schema version 9). */
#include "model/store/postgresql/internal.h"

#include <string.h>

int dt_pg_launch_put(dt_store *st, int64_t file_id,
                     const dt_launch_evidence *ev, size_t n)
{
	int own;
	if (n == 0)
		return 0;
	if (dt_pg_write_begin(st, &own) < 0)
		return -1;
	int ok = 1;
	for (size_t i = 0; ok && i < n; i++) {
		const dt_launch_evidence *e = &ev[i];
		dt_pg_params p = {0};
		dt_pg_p_int(&p, file_id);
		dt_pg_p_int(&p, e->launch);
		dt_pg_p_text(&p, dt_launch_kind_name(e->kind));
		dt_pg_p_int(&p, (int64_t)e->line);
		if (e->ckpt_step >= 0)
			dt_pg_p_int(&p, e->ckpt_step);
		else
			dt_pg_p_null(&p);
		dt_pg_p_text(&p, e->marker);
		/* seq continues after the file's evidence stored before */
		ok = dt_pg_chained(st, DT_CHAIN_LAUNCH_EV, "store launch evidence",
		                   "INSERT INTO launch_evidence(file_id, seq, launch,"
		                   " kind, line, ckpt_step, marker) VALUES($1,(SELECT"
		                   " coalesce(max(seq), -1) + 1 FROM launch_evidence"
		                   " WHERE file_id=$1),$2,$3,$4,$5,$6)", &p,
		                   NULL) == 0;
	}
	return dt_pg_write_end(st, own, ok ? 0 : -1);
}

static int kind_of(const char *name)
{
	for (int k = DT_LAUNCH_NEW_FILE; k <= DT_LAUNCH_STEP_BACK; k++)
		if (strcmp(name, dt_launch_kind_name(k)) == 0)
			return k;
	return 0;
}

int dt_pg_launch_list(dt_store *st, int64_t run_id, dt_launch_row **rows,
                      size_t *n)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, run_id);
	*rows = NULL;
	*n = 0;
	PGresult *r = dt_pg_query(st, "read launch evidence", "SELECT"
	                          " e.file_id, e.launch, e.kind, e.line,"
	                          " e.ckpt_step, e.marker FROM launch_evidence e"
	                          " JOIN run_file f ON f.id = e.file_id WHERE"
	                          " f.run_id=$1 ORDER BY e.file_id, e.seq", &p, 0);
	if (!r || dt_pg_rows_alloc(st, r, (void **)rows, sizeof **rows) < 0)
		return -1;
	for (int i = 0; i < PQntuples(r); i++) {
		dt_launch_row *x = &(*rows)[i];
		x->file_id = dt_pg_int(r, i, 0);
		x->ev.launch = (uint32_t)dt_pg_int(r, i, 1);
		x->ev.kind = kind_of(PQgetvalue(r, i, 2));
		x->ev.line = (uint64_t)dt_pg_int(r, i, 3);
		x->ev.ckpt_step = PQgetisnull(r, i, 4) ? -1 : dt_pg_int(r, i, 4);
		dt_pg_text(x->ev.marker, sizeof x->ev.marker, r, i, 5);
	}
	*n = (size_t)PQntuples(r);
	PQclear(r);
	return 0;
}

int dt_pg_launch_setting_put(dt_store *st, int64_t file_id,
                             const dt_launch_setting *v, size_t n)
{
	int own;
	if (n == 0)
		return 0;
	if (dt_pg_write_begin(st, &own) < 0)
		return -1;
	int ok = 1;
	for (size_t i = 0; ok && i < n; i++) {
		dt_pg_params p = {0};
		dt_pg_p_int(&p, file_id);
		dt_pg_p_int(&p, v[i].launch);
		dt_pg_p_text(&p, v[i].key);
		dt_pg_p_int(&p, v[i].value);
		dt_pg_p_int(&p, (int64_t)v[i].line);
		ok = dt_pg_chained(st, DT_CHAIN_LAUNCH_SET, "store launch settings",
		                   "INSERT INTO launch_setting(file_id, seq, launch,"
		                   " key, value, line) VALUES($1,(SELECT"
		                   " coalesce(max(seq), -1) + 1 FROM launch_setting"
		                   " WHERE file_id=$1),$2,$3,$4,$5)", &p, NULL) == 0;
	}
	return dt_pg_write_end(st, own, ok ? 0 : -1);
}

int dt_pg_launch_setting_list(dt_store *st, int64_t run_id,
                              dt_launch_setting_row **rows, size_t *n)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, run_id);
	*rows = NULL;
	*n = 0;
	PGresult *r = dt_pg_query(st, "read launch settings", "SELECT"
	                          " e.file_id, e.launch, e.key, e.value, e.line"
	                          " FROM launch_setting e JOIN run_file f ON"
	                          " f.id = e.file_id WHERE f.run_id=$1"
	                          " ORDER BY e.file_id, e.seq", &p, 0);
	if (!r || dt_pg_rows_alloc(st, r, (void **)rows, sizeof **rows) < 0)
		return -1;
	for (int i = 0; i < PQntuples(r); i++) {
		dt_launch_setting_row *x = &(*rows)[i];
		x->file_id = dt_pg_int(r, i, 0);
		x->set.launch = (uint32_t)dt_pg_int(r, i, 1);
		dt_pg_text(x->set.key, sizeof x->set.key, r, i, 2);
		x->set.value = dt_pg_int(r, i, 3);
		x->set.line = (uint64_t)dt_pg_int(r, i, 4);
	}
	*n = (size_t)PQntuples(r);
	PQclear(r);
	return 0;
}
