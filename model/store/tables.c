/* tables.c: the store's tables for a whole-store copy (tables.h). The
 * columns are those of the SQLite schema (model/store/sqlite/schema*.c)
 * and the PostgreSQL schema (model/store/postgresql/schema.c). */
#include "model/store/tables.h"

#include "model/util/strbuf.h"

#define T(name, order, ...) \
	{name, {__VA_ARGS__}, \
	 sizeof (const char *[]){__VA_ARGS__} / sizeof (const char *), order}

const dt_store_table dt_store_tables[] = {
	T("run", "id", "id", "name", "platform", "format",
	  "grad_accum", "global_batch", "logging_steps", "segments",
	  "replayed_steps", "step_source", "created_at", "grad_accum_given"),
	T("run_file", "id", "id", "run_id", "path", "sha256", "bytes",
	  "format", "imported_at"),
	T("raw_series", "file_id, metric, part", "file_id", "metric", "n",
	  "steps", "steps_stride", "vals", "marks", "sort_within_segment",
	  "part"),
	T("series_lod", "file_id, metric, part", "file_id", "metric", "part",
	  "lod"),
	T("launch_evidence", "file_id, seq", "file_id", "seq", "launch", "kind",
	  "line", "ckpt_step", "marker"),
	T("launch_setting", "file_id, seq", "file_id", "seq", "launch", "key",
	  "value", "line"),
	T("run_warning", "id", "id", "run_id", "file_id", "text",
	  "kind"),
	T("run_metric", "run_id, metric", "run_id", "metric",
	  "points", "non_finite", "first_step", "last_step", "segments",
	  "replayed"),
	T("run_fact", "id", "id", "run_id", "file_id", "key", "value",
	  "source", "set_by", "set_at"),
	T("pilot", "id", "id", "name", "created_by", "created_at"),
	T("taskcard_value", "id", "id", "pilot_id", "field", "value",
	  "set_by", "set_at"),
	T("pilot_run", NULL, "pilot_id", "run_id", "role",
	  "attached_by", "attached_at"),
	T("check_entry", "id", "id", "pilot_id", "item",
	  "status", "note", "reason", "set_by", "set_at"),
	T("check_evidence", "id", "id", "pilot_id", "item", "kind",
	  "ref", "sha256", "added_by", "added_at"),
	T("drill", "id", "id", "pilot_id", "kind",
	  "run_before", "run_after", "checkpoint_id", "checkpoint_location",
	  "checkpoint_checksum", "checkpoint_step", "resumed_step", "fault_time",
	  "resumed_time", "note", "created_by", "created_at"),
	T("drill_check", "id", "id", "drill_id", "item", "status",
	  "note", "source", "set_by", "set_at"),
	T("decision", "id", "id", "pilot_id", "pilot_name",
	  "kind", "rationale", "deciders", "recorded_by", "decided_at",
	  "supersedes", "evidence_digest", "evidence_text", "prev_hash", "hash",
	  "forced_past"),
	T("ledger_entry", "id", "id", "pilot", "side", "key",
	  "value", "basis", "note", "set_by", "set_at"),
	T("ledger_run", "pilot, run_id", "pilot", "run_id"),
	T("scenario", "id", "id", "pilot", "answers",
	  "training", "recommendation", "reason", "set_by", "set_at"),
	T("chain_record", "id", "id", "kind", "ref", "recorded_at", "canon",
	  "prev_hash", "hash"),
};

const size_t dt_store_table_count =
	sizeof dt_store_tables / sizeof dt_store_tables[0];

/* "c1, c2, ..., cn" of t into b. */
static void columns(const dt_store_table *t, dt_strbuf *b)
{
	for (size_t c = 0; c < t->ncols; c++)
		dt_sb_printf(b, "%s%s", c ? ", " : "", t->cols[c]);
}

char *dt_store_table_select(const dt_store_table *t,
                            const char *insertion_order)
{
	dt_strbuf b = {0};
	dt_sb_printf(&b, "SELECT ");
	columns(t, &b);
	dt_sb_printf(&b, " FROM %s ORDER BY %s", t->name,
	             t->order ? t->order : insertion_order);
	return dt_sb_take(&b);
}

char *dt_store_table_insert(const dt_store_table *t, int dollar)
{
	dt_strbuf b = {0};
	dt_sb_printf(&b, "INSERT INTO %s(", t->name);
	columns(t, &b);
	dt_sb_printf(&b, ") VALUES(");
	for (size_t c = 0; c < t->ncols; c++) {
		if (dollar)
			dt_sb_printf(&b, "%s$%zu", c ? ", " : "", c + 1);
		else
			dt_sb_printf(&b, "%s?", c ? ", " : "");
	}
	dt_sb_printf(&b, ")");
	return dt_sb_take(&b);
}
