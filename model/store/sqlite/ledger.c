/* store_ledger.c: ledger entries, ledger runs and scenario records in the
 * SQLite store (schema_ledger.c). Every value set is a new row; the
 * current value of a key is its latest row. */
#include "model/store/sqlite/internal.h"
#include "model/store/store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void bind_text(sqlite3_stmt *s, int i, const char *v)
{
	sqlite3_bind_text(s, i, v ? v : "", -1, SQLITE_STATIC);
}

static int ledger_set_row(dt_store *st, const char *pilot, const char *side,
                        const char *key, double value, const char *basis,
                        const char *note, const char *set_by)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "INSERT INTO ledger_entry(pilot, side, key, value,"
	                  " basis, note, set_by, set_at)"
	                  " VALUES(?1,?2,?3,?4,?5,?6,?7,?8)",
	                  &s) < 0)
		return -1;
	bind_text(s, 1, pilot);
	bind_text(s, 2, side);
	bind_text(s, 3, key);
	sqlite3_bind_double(s, 4, value);
	bind_text(s, 5, basis);
	bind_text(s, 6, note);
	bind_text(s, 7, set_by);
	dt_sq_bind_now(s, 8);
	int rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "set ledger value");
}

int dt_sq_ledger_set(dt_store *st, const char *pilot, const char *side,
                        const char *key, double value, const char *basis,
                        const char *note, const char *set_by)
{
	if (dt_sq_write_begin(st) < 0)
		return -1;
	int rc = ledger_set_row(st, pilot, side, key, value, basis, note, set_by);
	return dt_sq_write_end_last(st, rc, DT_CHAIN_LEDGER);
}

static int row_entry(sqlite3_stmt *s, void *elem)
{
	dt_ledger_entry *x = elem;
	dt_sq_copy_text(x->side, sizeof x->side, s, 0);
	dt_sq_copy_text(x->key, sizeof x->key, s, 1);
	x->value = sqlite3_column_double(s, 2);
	dt_sq_copy_text(x->basis, sizeof x->basis, s, 3);
	dt_sq_copy_text(x->note, sizeof x->note, s, 4);
	dt_sq_copy_text(x->set_by, sizeof x->set_by, s, 5);
	dt_sq_copy_text(x->set_at, sizeof x->set_at, s, 6);
	return 0;
}

int dt_sq_ledger_list(dt_store *st, const char *pilot,
                            dt_ledger_entry **e, size_t *n)
{
	sqlite3_stmt *s;
	*e = NULL;
	*n = 0;
	if (dt_sq_prepare(st, "SELECT l.side, l.key, l.value, l.basis, l.note,"
	                  " l.set_by, l.set_at FROM ledger_entry l WHERE"
	                  " l.pilot=?1 AND l.id = (SELECT max(m.id) FROM"
	                  " ledger_entry m WHERE m.pilot = l.pilot AND"
	                  " m.side = l.side AND m.key = l.key)"
	                  " ORDER BY l.side, l.key", &s) < 0)
		return -1;
	bind_text(s, 1, pilot);
	return dt_sq_collect(st, s, (void **)e, n, sizeof **e, row_entry,
	                     NULL, "read ledger");
}

static int ledger_attach_row(dt_store *st, const char *pilot, int64_t run_id)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "INSERT OR IGNORE INTO ledger_run(pilot, run_id)"
	                  " VALUES(?1,?2)", &s) < 0)
		return -1;
	bind_text(s, 1, pilot);
	sqlite3_bind_int64(s, 2, run_id);
	int rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "attach ledger run");
}

int dt_sq_ledger_attach(dt_store *st, const char *pilot, int64_t run_id)
{
	if (dt_sq_write_begin(st) < 0)
		return -1;
	int rc = ledger_attach_row(st, pilot, run_id);
	char ref[DT_CHAIN_REF_MAX];
	snprintf(ref, sizeof ref, "%lld/%s", (long long)run_id, pilot);
	if (rc == 0 && sqlite3_changes(DT_SQ_DB(st)) > 0)
		rc = dt_sq_chain_append(st, DT_CHAIN_LEDGER_RUN, ref);
	return dt_sq_write_end(st, rc);
}

static int row_id(sqlite3_stmt *s, void *elem)
{
	int64_t *x = elem;
	*x = sqlite3_column_int64(s, 0);
	return 0;
}

int dt_sq_ledger_run_list(dt_store *st, const char *pilot, int64_t **ids,
                         size_t *n)
{
	sqlite3_stmt *s;
	*ids = NULL;
	*n = 0;
	if (dt_sq_prepare(st, "SELECT run_id FROM ledger_run WHERE pilot=?1"
	                  " UNION SELECT pr.run_id FROM pilot_run pr JOIN pilot p"
	                  " ON p.id = pr.pilot_id WHERE p.name=?1 ORDER BY 1",
	                  &s) < 0)
		return -1;
	bind_text(s, 1, pilot);
	return dt_sq_collect(st, s, (void **)ids, n, sizeof **ids, row_id,
	                     NULL, "read ledger runs");
}

int dt_sq_ledger_exists(dt_store *st, const char *pilot)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "SELECT EXISTS(SELECT 1 FROM ledger_entry WHERE"
	                  " pilot=?1) OR EXISTS(SELECT 1 FROM ledger_run WHERE"
	                  " pilot=?1) OR EXISTS(SELECT 1 FROM scenario WHERE"
	                  " pilot=?1) OR EXISTS(SELECT 1 FROM pilot WHERE"
	                  " name=?1)", &s) < 0)
		return -1;
	bind_text(s, 1, pilot);
	int rc = sqlite3_step(s);
	int known = rc == SQLITE_ROW ? sqlite3_column_int(s, 0) != 0 : -1;
	sqlite3_finalize(s);
	return known < 0 ? dt_sq_fail_db(st, "read ledger") : known;
}

static int scenario_put_row(dt_store *st, const char *pilot,
                          const dt_scenario_rec *rec)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "INSERT INTO scenario(pilot, answers, training,"
	                  " recommendation, reason, set_by, set_at)"
	                  " VALUES(?1,?2,?3,?4,?5,?6,?7)", &s) < 0)
		return -1;
	bind_text(s, 1, pilot);
	bind_text(s, 2, rec->answers);
	bind_text(s, 3, rec->training);
	bind_text(s, 4, rec->recommendation);
	bind_text(s, 5, rec->reason);
	bind_text(s, 6, rec->set_by);
	dt_sq_bind_now(s, 7);
	int rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "store scenario");
}

int dt_sq_scenario_put(dt_store *st, const char *pilot,
                          const dt_scenario_rec *rec)
{
	if (dt_sq_write_begin(st) < 0)
		return -1;
	int rc = scenario_put_row(st, pilot, rec);
	return dt_sq_write_end_last(st, rc, DT_CHAIN_SCENARIO);
}

int dt_sq_scenario_get(dt_store *st, const char *pilot,
                          dt_scenario_rec *out)
{
	sqlite3_stmt *s;
	memset(out, 0, sizeof *out);
	if (dt_sq_prepare(st, "SELECT answers, training, recommendation, reason,"
	                  " set_by, set_at FROM scenario WHERE pilot=?1"
	                  " ORDER BY id DESC LIMIT 1", &s) < 0)
		return -1;
	bind_text(s, 1, pilot);
	int rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		dt_sq_copy_text(out->answers, sizeof out->answers, s, 0);
		dt_sq_copy_text(out->training, sizeof out->training, s, 1);
		dt_sq_copy_text(out->recommendation, sizeof out->recommendation, s, 2);
		dt_sq_copy_text(out->reason, sizeof out->reason, s, 3);
		dt_sq_copy_text(out->set_by, sizeof out->set_by, s, 4);
		dt_sq_copy_text(out->set_at, sizeof out->set_at, s, 5);
	}
	sqlite3_finalize(s);
	if (rc == SQLITE_ROW)
		return 0;
	return rc == SQLITE_DONE ? 1 : dt_sq_fail_db(st, "read scenario");
}
