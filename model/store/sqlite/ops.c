/* ops.c: the SQLite backend's ops table and its entry in the backend
 * table of model/store/store.c (model/store/ops.h). */
#include "model/store/sqlite/internal.h"

#include <stdio.h>
#include <string.h>

const dt_store_ops dt_sq_ops = {
	.name = "sqlite",
	.close = dt_sq_close,
	.begin = dt_sq_begin,
	.commit = dt_sq_commit,
	.rollback = dt_sq_rollback,
	.data_version_get = dt_sq_data_version_get,
	.run_find = dt_sq_run_find,
	.run_create = dt_sq_run_create,
	.run_update = dt_sq_run_update,
	.run_list = dt_sq_run_list,
	.file_add = dt_sq_file_add,
	.file_list = dt_sq_file_list,
	.file_set_content = dt_sq_file_set_content,
	.raw_put = dt_sq_raw_put,
	.raw_append = dt_sq_raw_append,
	.raw_load = dt_sq_raw_load,
	.raw_free = dt_sq_raw_free,
	.lod_load = dt_sq_lod_load,
	.shape_load = dt_sq_shape_load,
	.values_read = dt_sq_values_read,
	.metric_list = dt_sq_metric_list,
	.stats_put = dt_sq_stats_put,
	.stats_list = dt_sq_stats_list,
	.warning_add = dt_sq_warning_add,
	.warning_list = dt_sq_warning_list,
	.note_add = dt_sq_note_add,
	.note_list = dt_sq_note_list,
	.launch_put = dt_sq_launch_put,
	.launch_list = dt_sq_launch_list,
	.launch_setting_put = dt_sq_launch_setting_put,
	.launch_setting_list = dt_sq_launch_setting_list,
	.fact_set = dt_sq_fact_set,
	.fact_list = dt_sq_fact_list,
	.pilot_create = dt_sq_pilot_create,
	.pilot_find = dt_sq_pilot_find,
	.pilot_list = dt_sq_pilot_list,
	.pilot_attach = dt_sq_pilot_attach,
	.pilot_run_list = dt_sq_pilot_run_list,
	.taskcard_load = dt_sq_taskcard_load,
	.taskcard_set = dt_sq_taskcard_set,
	.checklist_load = dt_sq_checklist_load,
	.check_set = dt_sq_check_set,
	.check_history_list = dt_sq_check_history_list,
	.evidence_add = dt_sq_evidence_add,
	.drill_add = dt_sq_drill_add,
	.drill_check_set = dt_sq_drill_check_set,
	.drill_list = dt_sq_drill_list,
	.decision_tail = dt_sq_decision_tail,
	.decision_insert = dt_sq_decision_insert,
	.decision_list = dt_sq_decision_list,
	.ledger_set = dt_sq_ledger_set,
	.ledger_list = dt_sq_ledger_list,
	.ledger_attach = dt_sq_ledger_attach,
	.ledger_run_list = dt_sq_ledger_run_list,
	.ledger_exists = dt_sq_ledger_exists,
	.scenario_put = dt_sq_scenario_put,
	.scenario_get = dt_sq_scenario_get,
	.chain_verify = dt_sq_chain_verify,
	.chain_latest = dt_sq_chain_latest,
	.chain_acknowledge = dt_sq_chain_acknowledge,
	.chain_state = dt_sq_chain_state,
	.notice = dt_sq_notice,
	.rows_read = dt_sq_rows_read,
	.row_write = dt_sq_row_write,
	.rows_written = dt_sq_rows_written,
};

/* SQLite takes every `where` that is not a PostgreSQL connection string:
 * a path, relative or absolute. */
static int sq_claims(const char *where)
{
	return !dt_store_where_is_postgresql(where);
}

/* The SQLite library's version, for `dualtrack --version`. */
static const char *sq_version(void)
{
	static char buf[64];
	snprintf(buf, sizeof buf, "SQLite %s", sqlite3_libversion());
	return buf;
}

const dt_store_backend dt_store_backend_sqlite = {
	.name = "sqlite",
	.claims = sq_claims,
	.open = dt_sq_open,
	.version = sq_version,
};
