/* store_schema.c: the store's schema, one migration per user_version.
 * A migration is never edited once released; changes come as a new one. */
#include "model/store/sqlite/internal.h"

const char *const dt_schema_migrations[] = {
	/* user_version 1: runs, files, raw series, warnings, cached stats. */
	"CREATE TABLE run("
	" id INTEGER PRIMARY KEY,"
	" name TEXT NOT NULL UNIQUE,"
	" platform TEXT NOT NULL CHECK(platform IN ('gpu','trn2','trn1','other')),"
	" format TEXT NOT NULL DEFAULT '',"
	" grad_accum INTEGER NOT NULL DEFAULT 1 CHECK(grad_accum >= 1),"
	" global_batch INTEGER NOT NULL DEFAULT 0,"
	" logging_steps INTEGER NOT NULL DEFAULT 0,"
	" segments INTEGER NOT NULL DEFAULT 0,"
	" replayed_steps INTEGER NOT NULL DEFAULT 0,"
	" step_source TEXT NOT NULL DEFAULT '',"
	" created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')));"
	"CREATE TABLE run_file("
	" id INTEGER PRIMARY KEY,"
	" run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,"
	" path TEXT NOT NULL,"
	" sha256 TEXT NOT NULL,"
	" bytes INTEGER NOT NULL,"
	" format TEXT NOT NULL,"
	" imported_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')),"
	" UNIQUE(run_id, sha256));"
	/* steps: int64 LE [n] when steps_stride is 0; otherwise the steps
	 * are steps[0] + i * steps_stride and the BLOB holds steps[0] alone
	 * (most logs step evenly: half the bytes of a series). vals:
	 * IEEE-754 binary64 LE [n]; marks: uint32 LE point indexes starting a
	 * new segment. */
	"CREATE TABLE raw_series("
	" file_id INTEGER NOT NULL REFERENCES run_file(id) ON DELETE CASCADE,"
	" metric TEXT NOT NULL,"
	" n INTEGER NOT NULL,"
	" steps BLOB NOT NULL,"
	" steps_stride INTEGER NOT NULL DEFAULT 0,"
	" vals BLOB NOT NULL,"
	" marks BLOB,"
	" sort_within_segment INTEGER NOT NULL DEFAULT 0,"
	" PRIMARY KEY(file_id, metric));"
	"CREATE TABLE run_warning("
	" id INTEGER PRIMARY KEY,"
	" run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,"
	" file_id INTEGER REFERENCES run_file(id) ON DELETE CASCADE,"
	" text TEXT NOT NULL);"
	"CREATE TABLE run_metric("
	" run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,"
	" metric TEXT NOT NULL,"
	" points INTEGER NOT NULL,"
	" non_finite INTEGER NOT NULL,"
	" first_step INTEGER NOT NULL,"
	" last_step INTEGER NOT NULL,"
	" segments INTEGER NOT NULL,"
	" replayed INTEGER NOT NULL,"
	" PRIMARY KEY(run_id, metric));",
	/* user_version 2: run facts (the run journal): one row per value
	 * set, by an importer ("import") or a person ("user"); the current
	 * value of a key is its latest row. */
	"CREATE TABLE run_fact("
	" id INTEGER PRIMARY KEY,"
	" run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,"
	" file_id INTEGER REFERENCES run_file(id) ON DELETE CASCADE,"
	" key TEXT NOT NULL,"
	" value TEXT NOT NULL,"
	" source TEXT NOT NULL CHECK(source IN ('import','user')),"
	" set_by TEXT NOT NULL DEFAULT '',"
	" set_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')));"
	"CREATE INDEX run_fact_key ON run_fact(run_id, key, id);",
	/* user_version 3: acceptance workflow (schema_acceptance.c). */
	dt_schema_acceptance,
	/* user_version 4: findings, ledger, scenario (schema_ledger.c). */
	dt_schema_ledger,
	/* user_version 5: the open checklist items a "go" was forced past
	 * (dt_decision.h; part of the record's hash). */
	"ALTER TABLE decision ADD COLUMN forced_past TEXT NOT NULL DEFAULT '';",
	/* user_version 6: importer messages are warnings (may hide a data
	 * problem) or notes (informational: which tag is the loss, how steps
	 * are numbered); rows stored before are warnings. */
	"ALTER TABLE run_warning ADD COLUMN kind TEXT NOT NULL DEFAULT 'warning'"
	" CHECK(kind IN ('warning','note'));",
	/* user_version 7: launch boundaries found inside a file, with their
	 * evidence (model/core/rawlog.h dt_launch_evidence): launch 0 is the
	 * file's start, launch b > 0 starts at mark b - 1 of every series. */
	"CREATE TABLE launch_evidence("
	" file_id INTEGER NOT NULL REFERENCES run_file(id) ON DELETE CASCADE,"
	" seq INTEGER NOT NULL,"
	" launch INTEGER NOT NULL CHECK(launch >= 0),"
	" kind TEXT NOT NULL,"
	" line INTEGER NOT NULL CHECK(line >= 0),"
	" ckpt_step INTEGER,"
	" marker TEXT NOT NULL DEFAULT '',"
	" PRIMARY KEY(file_id, seq));",
	/* user_version 8: the integrity chain of every people-written record
	 * and imported run (chain.c, core/chain.h); existing rows are chained
	 * and every append-only table gets its triggers (sqlite.c migrate). */
	dt_schema_chain,
	/* user_version 9: a followed file's length and SHA-256 grow with it
	 * (dt_store_file_set_content, chained as a new record of the file);
	 * every other column of run_file stays append-only. */
	"DROP TRIGGER IF EXISTS run_file_no_update;"
	"CREATE TRIGGER run_file_no_update BEFORE UPDATE OF id, run_id, path,"
	" format, imported_at ON run_file"
	" BEGIN SELECT RAISE(ABORT, 'run_file is append-only'); END;",
	/* user_version 10: run settings each launch of a file logged (global
	 * batch, total steps; model/core/rawlog.h dt_launch_setting), so a
	 * change at a restart is a finding. */
	"CREATE TABLE launch_setting("
	" file_id INTEGER NOT NULL REFERENCES run_file(id) ON DELETE CASCADE,"
	" seq INTEGER NOT NULL,"
	" launch INTEGER NOT NULL CHECK(launch >= 0),"
	" key TEXT NOT NULL,"
	" value INTEGER NOT NULL CHECK(value > 0),"
	" line INTEGER NOT NULL CHECK(line >= 0),"
	" PRIMARY KEY(file_id, seq));",
	/* user_version 11: a followed file's series is stored in parts, one
	 * per update (dt_store_raw_append: only the appended points are
	 * written and chained), part 0 first; the key gains the part. The
	 * table is rebuilt (SQLite cannot change a primary key), with its
	 * append-only triggers (chain.c guarded[]; dropped with the old
	 * table, made again here so that the open reports none missing). */
	"CREATE TABLE raw_series_v11("
	" file_id INTEGER NOT NULL REFERENCES run_file(id) ON DELETE CASCADE,"
	" metric TEXT NOT NULL,"
	" n INTEGER NOT NULL,"
	" steps BLOB NOT NULL,"
	" steps_stride INTEGER NOT NULL DEFAULT 0,"
	" vals BLOB NOT NULL,"
	" marks BLOB,"
	" sort_within_segment INTEGER NOT NULL DEFAULT 0,"
	" part INTEGER NOT NULL DEFAULT 0 CHECK(part >= 0),"
	" PRIMARY KEY(file_id, metric, part));"
	"INSERT INTO raw_series_v11(file_id, metric, n, steps, steps_stride,"
	" vals, marks, sort_within_segment, part) SELECT file_id, metric, n,"
	" steps, steps_stride, vals, marks, sort_within_segment, 0"
	" FROM raw_series;"
	"DROP TABLE raw_series;"
	"ALTER TABLE raw_series_v11 RENAME TO raw_series;"
	"CREATE TRIGGER raw_series_no_update BEFORE UPDATE ON raw_series"
	" BEGIN SELECT RAISE(ABORT, 'raw_series is append-only'); END;"
	"CREATE TRIGGER raw_series_no_delete BEFORE DELETE ON raw_series"
	" BEGIN SELECT RAISE(ABORT, 'raw_series is append-only'); END;",
	/* user_version 12: each series keeps the stored levels of its
	 * min/max pyramid (model/core/lod.h), written at import, so a chart
	 * reads the few levels a screen needs instead of every point. Rows
	 * stored before keep NULL: a reader builds the levels from vals (the
	 * column is derived data, outside the integrity chain). */
	"ALTER TABLE raw_series ADD COLUMN lod BLOB;",
	/* user_version 13: the stored levels move out of the series row into
	 * a table of their own. In raw_series they followed vals, so reading
	 * them walked every overflow page of the values (80 MB for a
	 * 10M-point series); a row of series_lod holds the levels alone
	 * (same key; append-only like raw_series, chain.c guarded[], its
	 * triggers made here so that the open reports none missing; derived
	 * data, outside the integrity chain). raw_series is rebuilt without
	 * the column and with its small columns first: a long row is a chain
	 * of overflow pages that SQLite walks from the start to reach a
	 * column, and part, sort_within_segment and marks sat after vals (a
	 * value stored as 0 or 1 takes no bytes, which hid it; ALTER TABLE
	 * DROP COLUMN rewrites them as one byte and made every shape read walk
	 * the values). Rebuilding writes every series once; the old pages
	 * are reused by later imports (VACUUM gives them back). */
	"CREATE TABLE series_lod("
	" file_id INTEGER NOT NULL REFERENCES run_file(id) ON DELETE CASCADE,"
	" metric TEXT NOT NULL,"
	" part INTEGER NOT NULL DEFAULT 0 CHECK(part >= 0),"
	" lod BLOB NOT NULL,"
	" PRIMARY KEY(file_id, metric, part));"
	"INSERT INTO series_lod(file_id, metric, part, lod) SELECT file_id,"
	" metric, part, lod FROM raw_series WHERE lod IS NOT NULL;"
	"CREATE TABLE raw_series_v13("
	" file_id INTEGER NOT NULL REFERENCES run_file(id) ON DELETE CASCADE,"
	" metric TEXT NOT NULL,"
	" part INTEGER NOT NULL DEFAULT 0 CHECK(part >= 0),"
	" n INTEGER NOT NULL,"
	" steps_stride INTEGER NOT NULL DEFAULT 0,"
	" sort_within_segment INTEGER NOT NULL DEFAULT 0,"
	" marks BLOB,"
	" steps BLOB NOT NULL,"
	" vals BLOB NOT NULL,"
	" PRIMARY KEY(file_id, metric, part));"
	"INSERT INTO raw_series_v13(file_id, metric, part, n, steps_stride,"
	" sort_within_segment, marks, steps, vals) SELECT file_id, metric,"
	" part, n, steps_stride, sort_within_segment, marks, steps, vals"
	" FROM raw_series ORDER BY file_id, metric, part;"
	"DROP TABLE raw_series;"
	"ALTER TABLE raw_series_v13 RENAME TO raw_series;"
	"CREATE TRIGGER raw_series_no_update BEFORE UPDATE ON raw_series"
	" BEGIN SELECT RAISE(ABORT, 'raw_series is append-only'); END;"
	"CREATE TRIGGER raw_series_no_delete BEFORE DELETE ON raw_series"
	" BEGIN SELECT RAISE(ABORT, 'raw_series is append-only'); END;"
	"CREATE TRIGGER series_lod_no_update BEFORE UPDATE ON series_lod"
	" BEGIN SELECT RAISE(ABORT, 'series_lod is append-only'); END;"
	"CREATE TRIGGER series_lod_no_delete BEFORE DELETE ON series_lod"
	" BEGIN SELECT RAISE(ABORT, 'series_lod is append-only'); END;",
	/* user_version 14: the stored levels join the integrity chain (kind
	 * series_lod, a SHA-256 of the levels BLOB: core/chain.h), so levels
	 * changed behind the triggers no longer draw a chart that the
	 * verdict contradicts; the levels already stored are chained by the
	 * migration (open.c, chain.c dt_sq_chain_backfill_lod). */
	dt_schema_lod_seal,
	/* user_version 15: what an import derived from a file (importer
	 * messages, launch evidence and settings, a run's counts of each
	 * metric) joins the integrity chain, so a row deleted or edited
	 * behind dualtrack (the launch evidence resume-check reads) is found
	 * by verify; append-only triggers, and the rows already stored
	 * chained by the migration (chain.c dt_schema_import_seal, open.c). */
	dt_schema_import_seal,
	/* user_version 16: whether a run's gradient accumulation was given at
	 * import (--grad-accum 1 typed reads 1, not unknown: grad_accum holds
	 * 1 for "none given" too). Runs stored before read 0, not given: as
	 * they did (a G above 1 was always given; 1 stays unknown). In the
	 * run's chain record only when 1 (chain_store.c), so their records
	 * verify as written. */
	"ALTER TABLE run ADD COLUMN grad_accum_given INTEGER NOT NULL DEFAULT 0"
	" CHECK(grad_accum_given IN (0, 1));",
	/* user_version 17: a run's format, segments, replayed_steps,
	 * step_source and created_at join its chain record (chain_store.c),
	 * so a plain UPDATE of them (a pilot run's restart hidden) is found
	 * by verify; each run whose record still matches gets a record of
	 * them by the migration (open.c seal_kinds). No table changes. */
	"-- user_version 17: every run column a view shows is chained",
};

const size_t dt_schema_count =
	sizeof dt_schema_migrations / sizeof dt_schema_migrations[0];
