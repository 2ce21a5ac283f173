/* schema_ledger.c: user_version 4: the time and cost ledger and the
 * scenario guide (issue 5).
 *
 * Both are keyed by the pilot's name (pilot.name of the acceptance
 * workflow when that pilot exists, any name otherwise), so a ledger can
 * be kept before or without a pilot record. Values are appended: the
 * current value of a ledger key is its latest row, so every change stays
 * visible. Runs belong to a ledger through ledger_run or through the
 * acceptance workflow's pilot_run. */
#include "model/store/sqlite/internal.h"

const char dt_schema_ledger[] =
	"CREATE TABLE ledger_entry("
	" id INTEGER PRIMARY KEY,"
	" pilot TEXT NOT NULL,"
	" side TEXT NOT NULL CHECK(side IN ('gpu','trn2')),"
	" key TEXT NOT NULL,"
	" value REAL NOT NULL,"
	" basis TEXT NOT NULL CHECK(basis IN ('official','measured','assumption')),"
	" note TEXT NOT NULL DEFAULT '',"
	" set_by TEXT NOT NULL DEFAULT '',"
	" set_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')));"
	"CREATE INDEX ledger_entry_key ON ledger_entry(pilot, side, key, id);"
	"CREATE TABLE ledger_run("
	" pilot TEXT NOT NULL,"
	" run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,"
	" PRIMARY KEY(pilot, run_id));"
	"CREATE TABLE scenario("
	" id INTEGER PRIMARY KEY,"
	" pilot TEXT NOT NULL,"
	" answers TEXT NOT NULL,"
	" training TEXT NOT NULL DEFAULT '',"
	" recommendation TEXT NOT NULL CHECK(recommendation IN"
	"  ('trn2_pilot','gpu','dual_track','gpu_baseline_first')),"
	" reason TEXT NOT NULL,"
	" set_by TEXT NOT NULL DEFAULT '',"
	" set_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')));"
	"CREATE INDEX scenario_pilot ON scenario(pilot, id);";
