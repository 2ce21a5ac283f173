/* runs.c: runs, their files, cached stats, importer messages and run
 * facts in the PostgreSQL store. Series are in series.c. */
#include "model/store/postgresql/internal.h"

#include <stdlib.h>
#include <string.h>

#include "model/util/grow.h"

#define RUN_COLUMNS "r.id, r.name, r.platform, r.format, r.grad_accum," \
	" r.global_batch, r.logging_steps, r.segments, r.replayed_steps," \
	" r.step_source, (SELECT count(*) FROM run_file f WHERE f.run_id = r.id)," \
	" r.grad_accum_given"

static void row_to_run(const PGresult *r, int i, dt_run *run)
{
	memset(run, 0, sizeof *run);
	run->id = dt_pg_int(r, i, 0);
	dt_pg_text(run->name, sizeof run->name, r, i, 1);
	dt_pg_text(run->platform, sizeof run->platform, r, i, 2);
	dt_pg_text(run->format, sizeof run->format, r, i, 3);
	run->grad_accum = dt_pg_int(r, i, 4);
	run->global_batch = dt_pg_int(r, i, 5);
	run->logging_steps = dt_pg_int(r, i, 6);
	run->segments = dt_pg_int(r, i, 7);
	run->replayed_steps = dt_pg_int(r, i, 8);
	dt_pg_text(run->step_source, sizeof run->step_source, r, i, 9);
	run->files = dt_pg_int(r, i, 10);
	run->grad_accum_given = dt_pg_int(r, i, 11) != 0;
}

/* Allocate *v for the rows of r (element size sz); 0, or -1 with the
 * error set and r cleared. */
int dt_pg_rows_alloc(dt_store *st, PGresult *r, void **v, size_t sz)
{
	int rows = PQntuples(r);
	*v = NULL;
	if (rows == 0)
		return 0;
	*v = calloc((size_t)rows, sz);
	if (*v)
		return 0;
	PQclear(r);
	return dt_store_fail(st, "store: out of memory");
}

int dt_pg_run_find(dt_store *st, const char *name, dt_run *out)
{
	dt_pg_params p = {0};
	dt_pg_p_text(&p, name);
	PGresult *r = dt_pg_query(st, "find run", "SELECT " RUN_COLUMNS
	                        " FROM run r WHERE r.name = $1", &p, 0);
	if (!r)
		return -1;
	int found = PQntuples(r) > 0;
	if (found)
		row_to_run(r, 0, out);
	PQclear(r);
	return found ? 0 : 1;
}

int dt_pg_run_create(dt_store *st, dt_run *run)
{
	dt_pg_params p = {0};
	dt_pg_p_text(&p, run->name);
	dt_pg_p_text(&p, run->platform);
	dt_pg_p_text(&p, run->format);
	dt_pg_p_int(&p, run->grad_accum < 1 ? 1 : run->grad_accum);
	dt_pg_p_int(&p, run->global_batch);
	dt_pg_p_int(&p, run->logging_steps);
	dt_pg_p_now(&p);
	dt_pg_p_int(&p, run->grad_accum_given != 0);
	return dt_pg_chained(st, DT_CHAIN_RUN, "create run", "INSERT INTO"
	                     " run(name, platform, format, grad_accum,"
	                     " global_batch, logging_steps, created_at,"
	                     " grad_accum_given)"
	                     " VALUES($1,$2,$3,$4,$5,$6,$7,$8)", &p, &run->id) < 0 ?
	       -1 : 0;
}

int dt_pg_run_update(dt_store *st, const dt_run *run)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, run->id);
	dt_pg_p_text(&p, run->format);
	dt_pg_p_int(&p, run->grad_accum < 1 ? 1 : run->grad_accum);
	dt_pg_p_int(&p, run->global_batch);
	dt_pg_p_int(&p, run->logging_steps);
	dt_pg_p_int(&p, run->segments);
	dt_pg_p_int(&p, run->replayed_steps);
	dt_pg_p_text(&p, run->step_source);
	dt_pg_p_int(&p, run->grad_accum_given != 0);
	return dt_pg_chained(st, DT_CHAIN_RUN, "update run", "UPDATE run SET"
	                     " format=$2, grad_accum=$3, global_batch=$4,"
	                     " logging_steps=$5, segments=$6, replayed_steps=$7,"
	                     " step_source=$8, grad_accum_given=$9 WHERE id=$1",
	                     &p, NULL) < 0 ? -1 : 0;
}

int dt_pg_run_list(dt_store *st, dt_run **runs, size_t *n)
{
	*runs = NULL;
	*n = 0;
	PGresult *r = dt_pg_query(st, "list runs", "SELECT " RUN_COLUMNS
	                        " FROM run r ORDER BY r.id", NULL, 0);
	if (!r || dt_pg_rows_alloc(st, r, (void **)runs, sizeof **runs) < 0)
		return -1;
	for (int i = 0; i < PQntuples(r); i++)
		row_to_run(r, i, &(*runs)[i]);
	*n = (size_t)PQntuples(r);
	PQclear(r);
	return 0;
}

int dt_pg_file_list(dt_store *st, int64_t run_id, dt_run_file **files,
                        size_t *n)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, run_id);
	*files = NULL;
	*n = 0;
	PGresult *r = dt_pg_query(st, "list files", "SELECT id, path, sha256,"
	                        " bytes, format, imported_at FROM run_file"
	                        " WHERE run_id=$1 ORDER BY id", &p, 0);
	if (!r || dt_pg_rows_alloc(st, r, (void **)files, sizeof **files) < 0)
		return -1;
	for (int i = 0; i < PQntuples(r); i++) {
		dt_run_file *f = &(*files)[i];
		f->id = dt_pg_int(r, i, 0);
		dt_pg_text(f->path, sizeof f->path, r, i, 1);
		dt_pg_text(f->sha256, sizeof f->sha256, r, i, 2);
		f->bytes = dt_pg_int(r, i, 3);
		dt_pg_text(f->format, sizeof f->format, r, i, 4);
		dt_pg_text(f->imported_at, sizeof f->imported_at, r, i, 5);
	}
	*n = (size_t)PQntuples(r);
	PQclear(r);
	return 0;
}

/* The row of a file whose digest is not known yet (store.h
 * dt_store_file_add with no SHA-256): not chained until
 * dt_pg_file_set_content gives it. */
static int file_add_pending(dt_store *st, int64_t run_id,
                            const dt_pg_params *p, int64_t *file_id)
{
	int own;
	if (dt_pg_write_begin(st, &own) < 0)
		return -1;
	PGresult *r = dt_pg_query(st, "add file", "INSERT INTO run_file(run_id,"
	                          " path, sha256, bytes, format, imported_at)"
	                          " VALUES($1,$2,$3,$4,$5,$6) ON CONFLICT(run_id, sha256) DO NOTHING"
	                          " RETURNING id", p, 0);
	int rc = r ? 0 : -1;
	if (r && PQntuples(r) == 1)
		*file_id = dt_pg_int(r, 0, 0);
	else if (r)
		rc = dt_store_fail(st, "add file: run %lld holds a file still "
		                   "waiting for its SHA-256", (long long)run_id);
	PQclear(r);
	return dt_pg_write_end(st, own, rc);
}

int dt_pg_file_add(dt_store *st, int64_t run_id, const char *path,
                       const char *sha256_hex, int64_t bytes,
                       const char *format, int64_t *file_id)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, run_id);
	dt_pg_p_text(&p, path);
	dt_pg_p_text(&p, sha256_hex ? sha256_hex : "");
	dt_pg_p_int(&p, bytes);
	dt_pg_p_text(&p, format);
	dt_pg_p_now(&p);
	if (!sha256_hex)
		return file_add_pending(st, run_id, &p, file_id);
	/* ON CONFLICT: the run already holds a file with this digest (no
	 * row returned); the transaction stays usable. */
	return dt_pg_chained(st, DT_CHAIN_RUN_FILE, "add file", "INSERT INTO"
	                     " run_file(run_id, path, sha256, bytes, format,"
	                     " imported_at) VALUES($1,$2,$3,$4,$5,$6)"
	                     " ON CONFLICT(run_id,"
	                     " sha256) DO NOTHING", &p, file_id);
}

/* A followed file grew: its new length and SHA-256, a new chain record
 * of the file (run_file is "updatable" in core/chain.h). */
int dt_pg_file_set_content(dt_store *st, int64_t file_id,
                           const char *sha256_hex, int64_t bytes)
{
	dt_pg_params p = {0};
	dt_pg_p_text(&p, sha256_hex);
	dt_pg_p_int(&p, bytes);
	dt_pg_p_int(&p, file_id);
	return dt_pg_chained(st, DT_CHAIN_RUN_FILE, "update file", "UPDATE"
	                     " run_file SET sha256=$1, bytes=$2 WHERE id=$3", &p,
	                     NULL) < 0 ? -1 : 0;
}

int dt_pg_stats_put(dt_store *st, int64_t run_id,
                        const dt_metric_stats *m)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, run_id);
	dt_pg_p_text(&p, m->metric);
	dt_pg_p_int(&p, m->points);
	dt_pg_p_int(&p, m->non_finite);
	dt_pg_p_int(&p, m->first_step);
	dt_pg_p_int(&p, m->last_step);
	dt_pg_p_int(&p, m->segments);
	dt_pg_p_int(&p, m->replayed);
	/* each version of the counts is chained (kind run_metric is
	 * updatable; the SQLite store's dt_sq_stats_put says why) */
	return dt_pg_chained(st, DT_CHAIN_RUN_METRIC, "store stats", "INSERT"
	                     " INTO run_metric(run_id, metric, points,"
	                     " non_finite, first_step, last_step, segments,"
	                     " replayed) VALUES($1,$2,$3,$4,$5,$6,$7,$8)"
	                     " ON CONFLICT(run_id, metric) DO UPDATE SET"
	                     " points=excluded.points,"
	                     " non_finite=excluded.non_finite,"
	                     " first_step=excluded.first_step,"
	                     " last_step=excluded.last_step,"
	                     " segments=excluded.segments,"
	                     " replayed=excluded.replayed", &p, NULL) < 0 ? -1 : 0;
}

int dt_pg_stats_list(dt_store *st, int64_t run_id, dt_metric_stats **ms,
                         size_t *n)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, run_id);
	*ms = NULL;
	*n = 0;
	PGresult *r = dt_pg_query(st, "read stats", "SELECT metric, points,"
	                        " non_finite, first_step, last_step, segments,"
	                        " replayed FROM run_metric WHERE run_id=$1"
	                        " ORDER BY metric COLLATE \"C\"", &p, 0);
	if (!r || dt_pg_rows_alloc(st, r, (void **)ms, sizeof **ms) < 0)
		return -1;
	for (int i = 0; i < PQntuples(r); i++) {
		dt_metric_stats *m = &(*ms)[i];
		dt_pg_text(m->metric, sizeof m->metric, r, i, 0);
		m->points = dt_pg_int(r, i, 1);
		m->non_finite = dt_pg_int(r, i, 2);
		m->first_step = dt_pg_int(r, i, 3);
		m->last_step = dt_pg_int(r, i, 4);
		m->segments = dt_pg_int(r, i, 5);
		m->replayed = dt_pg_int(r, i, 6);
	}
	*n = (size_t)PQntuples(r);
	PQclear(r);
	return 0;
}

/* Insert one importer message of `kind` ("warning" or "note"), chained
 * (kind run_warning). */
static int message_add(dt_store *st, int64_t run_id, int64_t file_id,
                       const char *kind, const char *text)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, run_id);
	if (file_id > 0)
		dt_pg_p_int(&p, file_id);
	else
		dt_pg_p_null(&p);
	dt_pg_p_text(&p, text);
	dt_pg_p_text(&p, kind);
	return dt_pg_chained(st, DT_CHAIN_WARNING, "add warning", "INSERT INTO"
	                     " run_warning(run_id, file_id, text, kind)"
	                     " VALUES($1,$2,$3,$4)", &p, NULL) < 0 ? -1 : 0;
}

static int messages(dt_store *st, int64_t run_id, const char *kind,
                    char ***w, size_t *n)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, run_id);
	dt_pg_p_text(&p, kind);
	*w = NULL;
	*n = 0;
	PGresult *r = dt_pg_query(st, "read warnings", "SELECT text FROM"
	                        " run_warning WHERE run_id=$1 AND kind=$2"
	                        " ORDER BY id", &p, 0);
	return r ? dt_pg_strings(st, r, w, n) : -1;
}

int dt_pg_warning_add(dt_store *st, int64_t run_id, int64_t file_id,
                          const char *text)
{
	return message_add(st, run_id, file_id, "warning", text);
}

int dt_pg_note_add(dt_store *st, int64_t run_id, int64_t file_id,
                       const char *text)
{
	return message_add(st, run_id, file_id, "note", text);
}

int dt_pg_warning_list(dt_store *st, int64_t run_id, char ***w,
                           size_t *n)
{
	return messages(st, run_id, "warning", w, n);
}

int dt_pg_note_list(dt_store *st, int64_t run_id, char ***w, size_t *n)
{
	return messages(st, run_id, "note", w, n);
}

int dt_pg_fact_set(dt_store *st, int64_t run_id, int64_t file_id,
                       const char *key, const char *value,
                       const char *source, const char *set_by)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, run_id);
	if (file_id > 0)
		dt_pg_p_int(&p, file_id);
	else
		dt_pg_p_null(&p);
	dt_pg_p_text(&p, key);
	dt_pg_p_text(&p, value);
	dt_pg_p_text(&p, source);
	dt_pg_p_text(&p, set_by);
	dt_pg_p_now(&p);
	return dt_pg_chained(st, DT_CHAIN_FACT, "set fact", "INSERT INTO"
	                     " run_fact(run_id, file_id, key, value, source,"
	                     " set_by, set_at) VALUES($1,$2,$3,$4,$5,$6,$7)", &p, NULL) < 0 ?
	       -1 : 0;
}

int dt_pg_fact_list(dt_store *st, int64_t run_id, dt_fact **facts,
                        size_t *n)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, run_id);
	*facts = NULL;
	*n = 0;
	PGresult *r = dt_pg_query(st, "read facts", "SELECT f.key, f.value,"
	                        " f.source, f.set_by, f.set_at,"
	                        " coalesce(f.file_id, 0) FROM run_fact f"
	                        " WHERE f.run_id=$1 AND f.id = (SELECT max(g.id)"
	                        " FROM run_fact g WHERE g.run_id = f.run_id AND"
	                        " g.key = f.key) ORDER BY f.key COLLATE \"C\"",
	                        &p, 0);
	if (!r || dt_pg_rows_alloc(st, r, (void **)facts, sizeof **facts) < 0)
		return -1;
	for (int i = 0; i < PQntuples(r); i++) {
		dt_fact *f = &(*facts)[i];
		dt_pg_text(f->key, sizeof f->key, r, i, 0);
		dt_pg_text(f->value, sizeof f->value, r, i, 1);
		dt_pg_text(f->source, sizeof f->source, r, i, 2);
		dt_pg_text(f->set_by, sizeof f->set_by, r, i, 3);
		dt_pg_text(f->set_at, sizeof f->set_at, r, i, 4);
		f->file_id = dt_pg_int(r, i, 5);
	}
	*n = (size_t)PQntuples(r);
	PQclear(r);
	return 0;
}
