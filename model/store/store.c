/* store.c: the store interface (model/store/store.h) over its backends
 * (model/store/ops.h): picks the backend at open, applies the rules that
 * do not depend on the backend (name rule, task-card and checklist
 * validation, the decision hash chain), and dispatches every other
 * operation to the handle's ops table. */
#include "model/store/ops.h"
#include "model/store/blobs.h"
#include "model/store/pack.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/lod.h"
#include "model/core/name.h"

/* The backends, asked in order whether they take a `where` (the first
 * that claims it opens it). A new backend is one folder under
 * model/store/ and one line here, before SQLite, which takes any path. */
static const dt_store_backend *const backends[] = {
#ifdef DT_HAVE_POSTGRESQL
	&dt_store_backend_postgresql,
#endif
	&dt_store_backend_sqlite,
};

int dt_store_where_is_postgresql(const char *where)
{
	if (!strncmp(where, "postgresql://", 13) ||
	    !strncmp(where, "postgres://", 11))
		return 1;
	/* libpq keyword/value form: starts with "keyword=" (letters and _),
	 * e.g. "host=db1 dbname=dualtrack"; a path never looks like that
	 * unless it is a bare file name with '=' in it, which a path with a
	 * '/' or a '.' before the '=' is not. */
	const char *p = where;
	while (*p == ' ')
		p++;
	const char *k = p;
	while (isalpha((unsigned char)*p) || *p == '_')
		p++;
	while (*p == ' ')
		p++;
	return p > k && *p == '=';
}

dt_store *dt_store_open_flags(const char *where, unsigned flags, char *err,
                              size_t errlen)
{
	dt_err e;
	dt_err_clear(&e);
	for (size_t i = 0; i < sizeof backends / sizeof *backends; i++) {
		if (!backends[i]->claims(where))
			continue;
		dt_store *st = backends[i]->open(where, flags, &e);
		if (!st)
			snprintf(err, errlen, "%s", e.msg);
		return st;
	}
	snprintf(err, errlen, "store %s: this dualtrack has no backend for it"
	         "%s", where, dt_store_where_is_postgresql(where) ?
	         " (PostgreSQL stores are not built in)" : "");
	return NULL;
}

dt_store *dt_store_open(const char *where, char *err, size_t errlen)
{
	return dt_store_open_flags(where, 0, err, errlen);
}

const char *dt_store_backend_version(void)
{
	static char buf[256];
	size_t k = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < sizeof backends / sizeof *backends; i++)
		k += (size_t)snprintf(buf + k, k < sizeof buf ? sizeof buf - k : 0,
		                      "%s%s", i ? ", " : "", backends[i]->version());
	return buf;
}

const char *dt_store_backend_name(const dt_store *st)
{
	return st->ops->name;
}

void dt_store_close(dt_store *st)
{
	if (st)
		st->ops->close(st);
}

const char *dt_store_error(const dt_store *st)
{
	return st ? st->err.msg : "store not open";
}

int dt_store_fail(dt_store *st, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	dt_err_vset(&st->err, fmt, ap);
	va_end(ap);
	return -1;
}

/* ---- operations with a rule above the backend ------------------------- */

int dt_store_run_create(dt_store *st, dt_run *run)
{
	char err[DT_ERR_MAX];
	if (dt_name_check(run->name, "run name", err, sizeof err) < 0)
		return dt_store_fail(st, "%s", err);
	return st->ops->run_create(st, run);
}

int dt_store_pilot_create(dt_store *st, const char *name, const char *by,
                          dt_pilot *out)
{
	char err[DT_ERR_MAX];
	if (dt_name_check(name, "pilot name", err, sizeof err) < 0)
		return dt_store_fail(st, "%s", err);
	int rc = st->ops->pilot_find(st, name, out);
	if (rc < 0)
		return -1;
	if (rc == 0)
		return dt_store_fail(st, "a pilot named '%s' exists", out->name);
	return st->ops->pilot_create(st, name, by, out);
}

int dt_store_taskcard_set(dt_store *st, int64_t pilot_id, dt_tc_field f,
                          const char *value, const char *by)
{
	char err[DT_ERR_MAX];
	if (dt_taskcard_validate(f, value, err, sizeof err) < 0)
		return dt_store_fail(st, "%s", err);
	return st->ops->taskcard_set(st, pilot_id, f, value, by);
}

int dt_store_checklist_load(dt_store *st, int64_t pilot_id,
                            dt_checklist *cl)
{
	if (st->ops->checklist_load(st, pilot_id, cl) < 0)
		return -1;
	dt_checklist_resolve(cl);
	return 0;
}

int dt_store_check_set(dt_store *st, int64_t pilot_id, dt_check_id id,
                       dt_check_status status, const char *note,
                       const char *reason, const char *by)
{
	char err[DT_ERR_MAX];
	if (dt_check_validate(id, status, note, reason, err, sizeof err) < 0)
		return dt_store_fail(st, "%s", err);
	return st->ops->check_set(st, pilot_id, id, status, note, reason, by);
}

int dt_store_decision_append(dt_store *st, dt_decision *d)
{
	char err[DT_ERR_MAX];
	if (dt_decision_prepare(d, err, sizeof err) < 0)
		return dt_store_fail(st, "%s", err);
	if (st->ops->begin(st) < 0)
		return -1;
	dt_decision_tail t;
	if (st->ops->decision_tail(st, d->pilot_id, &t) < 0)
		goto fail;
	if (dt_decision_link(d, &t) < 0) {
		dt_store_fail(st, "store: out of memory");
		goto fail;
	}
	if (st->ops->decision_insert(st, d) < 0 || st->ops->commit(st) < 0)
		goto fail;
	return 0;
fail:
	st->ops->rollback(st);
	return -1;
}

int dt_store_decision_verify(dt_store *st, dt_chain_report *r)
{
	dt_decision *v;
	size_t n;
	if (st->ops->decision_list(st, 0, &v, &n) < 0)
		return -1;
	int rc = dt_decision_chain_check(v, n, r);
	dt_decisions_free(v, n);
	return rc < 0 ? dt_store_fail(st, "store: out of memory") : 0;
}

/* ---- operations the backend does alone ------------------------------- */

int dt_store_begin(dt_store *st)
{
	return st->ops->begin(st);
}

int dt_store_commit(dt_store *st)
{
	return st->ops->commit(st);
}

void dt_store_rollback(dt_store *st)
{
	st->ops->rollback(st);
}

int dt_store_data_version_get(dt_store *st, int64_t *version)
{
	return st->ops->data_version_get(st, version);
}

int dt_store_run_find(dt_store *st, const char *name, dt_run *out)
{
	return st->ops->run_find(st, name, out);
}

int dt_store_run_update(dt_store *st, const dt_run *run)
{
	return st->ops->run_update(st, run);
}

int dt_store_run_list(dt_store *st, dt_run **runs, size_t *n)
{
	return st->ops->run_list(st, runs, n);
}

int dt_store_file_add(dt_store *st, int64_t run_id, const char *path,
                      const char *sha256_hex, int64_t bytes,
                      const char *format, int64_t *file_id)
{
	return st->ops->file_add(st, run_id, path, sha256_hex, bytes, format,
	                         file_id);
}

int dt_store_file_list(dt_store *st, int64_t run_id, dt_run_file **files,
                       size_t *n)
{
	return st->ops->file_list(st, run_id, files, n);
}

int dt_store_file_set_content(dt_store *st, int64_t file_id,
                              const char *sha256_hex, int64_t bytes)
{
	return st->ops->file_set_content(st, file_id, sha256_hex, bytes);
}

int dt_series_prep_make(const dt_rawseries *s, const dt_series_prep *same_steps,
                        dt_series_prep *out)
{
	out->lod = NULL;
	out->lodlen = 0;
	out->stride = same_steps ? same_steps->stride
	                         : dt_store_steps_stride(s->step, s->n);
	return dt_lod_pack(s->value, s->n, &out->lod, &out->lodlen);
}

void dt_series_prep_free(dt_series_prep *p)
{
	free(p->lod);
	p->lod = NULL;
	p->lodlen = 0;
}

int dt_store_raw_put_prep(dt_store *st, int64_t file_id,
                          const dt_rawseries *s, const dt_series_prep *p)
{
	return st->ops->raw_put(st, file_id, s, p->stride, p->lod, p->lodlen);
}

int dt_store_raw_put(dt_store *st, int64_t file_id, const dt_rawseries *s)
{
	dt_series_prep p;
	if (dt_series_prep_make(s, NULL, &p) < 0)
		return dt_store_fail(st, "store: series '%s': level of detail: %s",
		                     s->metric, strerror(errno));
	int rc = dt_store_raw_put_prep(st, file_id, s, &p);
	dt_series_prep_free(&p);
	return rc;
}

int dt_store_raw_append(dt_store *st, int64_t file_id, const dt_rawseries *s,
                        size_t from, size_t from_mark)
{
	if (from == 0)
		return dt_store_raw_put(st, file_id, s);
	unsigned char *lod;
	size_t len;
	if (from > s->n)
		return dt_store_fail(st, "store: series '%s': part from point %zu of"
		                     " %zu", s->metric, from, s->n);
	/* the part's own levels: a part is one row, read alone */
	if (dt_lod_pack(s->value + from, s->n - from, &lod, &len) < 0)
		return dt_store_fail(st, "store: series '%s': level of detail: %s",
		                     s->metric, strerror(errno));
	int rc = st->ops->raw_append(st, file_id, s, from, from_mark, lod, len);
	free(lod);
	return rc;
}

int dt_store_raw_load(dt_store *st, int64_t run_id, const char *metric,
                      dt_rawchunk **chunks, size_t *nchunks,
                      void **blob_owner)
{
	return st->ops->raw_load(st, run_id, metric, chunks, nchunks,
	                         blob_owner);
}

void dt_store_raw_free(dt_store *st, dt_rawchunk *chunks, void *blob_owner)
{
	st->ops->raw_free(st, chunks, blob_owner);
}

int dt_store_lod_load_row(dt_store *st, int64_t run_id, const char *metric,
                          void **lod, size_t *len, size_t *n, int64_t row[2])
{
	*lod = NULL;
	*len = *n = 0;
	row[0] = row[1] = 0;
	return st->ops->lod_load(st, run_id, metric, lod, len, n, row);
}

int dt_store_lod_load(dt_store *st, int64_t run_id, const char *metric,
                      void **lod, size_t *len, size_t *n)
{
	int64_t row[2];
	return dt_store_lod_load_row(st, run_id, metric, lod, len, n, row);
}

int dt_store_shape_load(dt_store *st, int64_t run_id, const char *metric,
                        dt_series_shape *out)
{
	memset(out, 0, sizeof *out);
	int rc = st->ops->shape_load(st, run_id, metric, out);
	if (rc != 0)
		memset(out, 0, sizeof *out);
	return rc;
}

int dt_store_values_read(dt_store *st, int64_t file_id, const char *metric,
                         size_t first, size_t count, double *out)
{
	if (count == 0)
		return 0;
	if (first > SIZE_MAX - count)
		return dt_store_fail(st, "store: values %zu..+%zu of series '%s'"
		                     " are out of range", first, count, metric);
	return st->ops->values_read(st, file_id, metric, first, count, out);
}

void dt_store_raw_parts(dt_store *st, void *blob_owner,
                        const dt_raw_part **v, size_t *n)
{
	const dt_blob_owner *o = blob_owner;
	(void)st; /* every backend's owner is a dt_blob_owner (ops.h) */
	*v = o ? o->parts : NULL;
	*n = o ? o->nparts : 0;
}

int dt_store_raw_detach(dt_store *st, void *blob_owner, const void *array)
{
	(void)st; /* every backend's owner is a dt_blob_owner (ops.h) */
	return dt_blob_owner_detach(blob_owner, array);
}

int dt_store_metric_list(dt_store *st, int64_t run_id, char ***names,
                         size_t *n)
{
	return st->ops->metric_list(st, run_id, names, n);
}

int dt_store_stats_put(dt_store *st, int64_t run_id,
                       const dt_metric_stats *ms)
{
	return st->ops->stats_put(st, run_id, ms);
}

int dt_store_stats_list(dt_store *st, int64_t run_id, dt_metric_stats **ms,
                        size_t *n)
{
	return st->ops->stats_list(st, run_id, ms, n);
}

int dt_store_warning_add(dt_store *st, int64_t run_id, int64_t file_id,
                         const char *text)
{
	return st->ops->warning_add(st, run_id, file_id, text);
}

int dt_store_warning_list(dt_store *st, int64_t run_id, char ***w, size_t *n)
{
	return st->ops->warning_list(st, run_id, w, n);
}

int dt_store_note_add(dt_store *st, int64_t run_id, int64_t file_id,
                      const char *text)
{
	return st->ops->note_add(st, run_id, file_id, text);
}

int dt_store_note_list(dt_store *st, int64_t run_id, char ***w, size_t *n)
{
	return st->ops->note_list(st, run_id, w, n);
}

int dt_store_launch_put(dt_store *st, int64_t file_id,
                        const dt_launch_evidence *ev, size_t n)
{
	return n ? st->ops->launch_put(st, file_id, ev, n) : 0;
}

int dt_store_launch_list(dt_store *st, int64_t run_id, dt_launch_row **rows,
                         size_t *n)
{
	return st->ops->launch_list(st, run_id, rows, n);
}

int dt_store_launch_setting_put(dt_store *st, int64_t file_id,
                                const dt_launch_setting *v, size_t n)
{
	return n ? st->ops->launch_setting_put(st, file_id, v, n) : 0;
}

int dt_store_launch_setting_list(dt_store *st, int64_t run_id,
                                 dt_launch_setting_row **rows, size_t *n)
{
	return st->ops->launch_setting_list(st, run_id, rows, n);
}

int dt_store_fact_set(dt_store *st, int64_t run_id, int64_t file_id,
                      const char *key, const char *value, const char *source,
                      const char *set_by)
{
	return st->ops->fact_set(st, run_id, file_id, key, value, source,
	                         set_by);
}

int dt_store_fact_list(dt_store *st, int64_t run_id, dt_fact **facts,
                       size_t *n)
{
	return st->ops->fact_list(st, run_id, facts, n);
}

int dt_store_pilot_find(dt_store *st, const char *name, dt_pilot *out)
{
	return st->ops->pilot_find(st, name, out);
}

int dt_store_pilot_list(dt_store *st, dt_pilot **v, size_t *n)
{
	return st->ops->pilot_list(st, v, n);
}

int dt_store_pilot_attach(dt_store *st, int64_t pilot_id, int64_t run_id,
                          dt_run_role role, const char *by)
{
	return st->ops->pilot_attach(st, pilot_id, run_id, role, by);
}

int dt_store_pilot_run_list(dt_store *st, int64_t pilot_id, dt_pilot_run **v,
                            size_t *n)
{
	return st->ops->pilot_run_list(st, pilot_id, v, n);
}

int dt_store_taskcard_load(dt_store *st, int64_t pilot_id, dt_taskcard *tc)
{
	return st->ops->taskcard_load(st, pilot_id, tc);
}

int dt_store_check_history_list(dt_store *st, int64_t pilot_id,
                                dt_check_id id, dt_check_entry **v, size_t *n)
{
	return st->ops->check_history_list(st, pilot_id, id, v, n);
}

int dt_store_evidence_add(dt_store *st, int64_t pilot_id, dt_check_id id,
                          const char *kind, const char *ref,
                          const char *sha256_hex, const char *by)
{
	return st->ops->evidence_add(st, pilot_id, id, kind, ref, sha256_hex,
	                             by);
}

int dt_store_drill_add(dt_store *st, dt_drill *d, const char *by)
{
	char err[DT_ERR_MAX];
	if (dt_drill_validate(d, err, sizeof err) < 0)
		return dt_store_fail(st, "%s", err);
	return st->ops->drill_add(st, d, by);
}

int dt_store_drill_check_set(dt_store *st, int64_t drill_id,
                             dt_drill_item item, dt_dc_status status,
                             const char *note, const char *source,
                             const char *by)
{
	char err[DT_ERR_MAX];
	if (dt_drill_note_check(note ? note : "", err, sizeof err) < 0)
		return dt_store_fail(st, "%s", err);
	return st->ops->drill_check_set(st, drill_id, item, status, note,
	                                source, by);
}

int dt_store_chain_verify(dt_store *st, int with_series, dt_chain_status *g)
{
	return st->ops->chain_verify(st, with_series, g);
}

/* The newest record of kind k of series row (file_id, metric, part). */
static int row_record(dt_store *st, dt_chain_kind k, int64_t file_id,
                      const char *metric, int64_t part, int64_t *id,
                      char **canon)
{
	char ref[DT_CHAIN_REF_MAX];
	/* the ref of dt_chain_maps[DT_CHAIN_SERIES] (chain_store.c) */
	dt_chain_series_ref(file_id, metric, part, ref, sizeof ref);
	return st->ops->chain_latest(st, dt_chain_kinds[k].name, ref, id, canon);
}

int dt_store_series_record(dt_store *st, int64_t file_id, const char *metric,
                           int64_t part, int64_t *id, char **canon)
{
	return row_record(st, DT_CHAIN_SERIES, file_id, metric, part, id, canon);
}

int dt_store_lod_record(dt_store *st, int64_t file_id, const char *metric,
                        int64_t part, int64_t *id, char **canon)
{
	return row_record(st, DT_CHAIN_SERIES_LOD, file_id, metric, part, id,
	                  canon);
}

size_t dt_store_triggers_missing(const dt_store *st, const char **names)
{
	*names = st->triggers_missing ? st->triggers_names : "";
	return st->triggers_missing;
}

void dt_store_chain_note(dt_store *st, int64_t id, const char *text)
{
	for (size_t i = 0; i < st->nnotes; i++)
		if (st->notes[i].id == id)
			return;
	if (st->nnotes == DT_STORE_NOTES)
		return; /* the first ones already say the store was altered */
	st->notes[st->nnotes].id = id;
	snprintf(st->notes[st->nnotes].text, sizeof st->notes[0].text, "%s", text);
	st->nnotes++;
}

size_t dt_store_chain_noted(const dt_store *st)
{
	return st->nnotes;
}

void dt_store_chain_acknowledge(dt_store *st, const char *by)
{
	st->ops->chain_acknowledge(st, by);
}

int dt_store_chain_refused(const dt_store *st)
{
	return st->ops->chain_state(st, 0);
}

int dt_store_chain_break_recorded(const dt_store *st)
{
	return st->ops->chain_state(st, 1);
}

const char *dt_store_notice(const dt_store *st)
{
	return st ? st->ops->notice(st) : "";
}

int dt_store_drill_list(dt_store *st, int64_t pilot_id, dt_drill **v,
                        size_t *n)
{
	return st->ops->drill_list(st, pilot_id, v, n);
}

int dt_store_decision_list(dt_store *st, int64_t pilot_id, dt_decision **v,
                           size_t *n)
{
	return st->ops->decision_list(st, pilot_id, v, n);
}

int dt_store_ledger_set(dt_store *st, const char *pilot, const char *side,
                        const char *key, double value, const char *basis,
                        const char *note, const char *set_by)
{
	char err[DT_ERR_MAX];
	/* every front-end's value is checked here: the TUI's value dialog
	 * stored a note the CLI refused */
	if (dt_ledger_input_check(pilot, note, err, sizeof err) < 0)
		return dt_store_fail(st, "%s", err);
	return st->ops->ledger_set(st, pilot, side, key, value, basis, note,
	                           set_by);
}

int dt_store_ledger_list(dt_store *st, const char *pilot, dt_ledger_entry **e,
                         size_t *n)
{
	return st->ops->ledger_list(st, pilot, e, n);
}

int dt_store_ledger_attach(dt_store *st, const char *pilot, int64_t run_id)
{
	return st->ops->ledger_attach(st, pilot, run_id);
}

int dt_store_ledger_run_list(dt_store *st, const char *pilot, int64_t **ids,
                             size_t *n)
{
	return st->ops->ledger_run_list(st, pilot, ids, n);
}

int dt_store_ledger_exists(dt_store *st, const char *pilot)
{
	return st->ops->ledger_exists(st, pilot);
}

int dt_store_scenario_put(dt_store *st, const char *pilot,
                          const dt_scenario_rec *rec)
{
	return st->ops->scenario_put(st, pilot, rec);
}

int dt_store_scenario_get(dt_store *st, const char *pilot,
                          dt_scenario_rec *out)
{
	return st->ops->scenario_get(st, pilot, out);
}

int dt_store_team_set(dt_store *st, const char *team)
{
	if (!st->ops->team_set)
		return dt_store_fail(st, "store: teams need a PostgreSQL store"
		                     " (this is a %s store); drop --team and"
		                     " DUALTRACK_TEAM", st->ops->name);
	return st->ops->team_set(st, team);
}

int dt_store_rows_read(dt_store *st, const dt_store_table *t,
                       dt_store_row_fn fn, void *ctx)
{
	return st->ops->rows_read(st, t, fn, ctx);
}

int dt_store_row_write(dt_store *st, const dt_store_table *t,
                       const dt_store_value *v)
{
	return st->ops->row_write(st, t, v);
}

int dt_store_rows_written(dt_store *st)
{
	return st->ops->rows_written(st);
}
