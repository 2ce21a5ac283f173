/* decision.c: the decision log in the SQLite store: rows to structs and
 * back (model/store/ops.h). The chain rules (canonical text, hash, links)
 * are model/core/decision.c's; dt_store_decision_append composes them
 * with tail and insert in one transaction (model/store/store.c). */
#include "model/store/sqlite/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/decision.h"

int dt_sq_decision_tail(dt_store *st, int64_t pilot_id, dt_decision_tail *t)
{
	sqlite3_stmt *s;
	memset(t, 0, sizeof *t);
	if (dt_sq_prepare(st, "SELECT id, hash FROM decision ORDER BY id DESC"
	                  " LIMIT 1", &s) < 0)
		return -1;
	int rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		t->last_id = sqlite3_column_int64(s, 0);
		dt_sq_copy_text(t->last_hash, sizeof t->last_hash, s, 1);
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return dt_sq_fail_db(st, "read decision log");
	/* a deleted newest decision's id is never given again: its chain
	 * record keeps it */
	if (dt_sq_prepare(st, "SELECT max(CAST(ref AS INTEGER)) FROM"
	                  " chain_record WHERE kind = 'decision'", &s) < 0)
		return -1;
	if (sqlite3_step(s) == SQLITE_ROW &&
	    sqlite3_column_int64(s, 0) > t->last_id)
		t->last_id = sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	if (dt_sq_prepare(st, "SELECT max(id) FROM decision WHERE pilot_id = ?1",
	                  &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, pilot_id);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW)
		t->pilot_last = sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	return rc == SQLITE_ROW ? 0 : dt_sq_fail_db(st, "read decision log");
}

static int decision_insert_row(dt_store *st, const dt_decision *d)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "INSERT INTO decision(id, pilot_id, pilot_name,"
	                  " kind, rationale, deciders, recorded_by, decided_at,"
	                  " supersedes, evidence_digest, evidence_text, prev_hash,"
	                  " hash, forced_past) VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,"
	                  "?10,?11,?12,?13,?14)", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, d->id);
	sqlite3_bind_int64(s, 2, d->pilot_id);
	sqlite3_bind_text(s, 3, d->pilot_name, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 4, d->kind_text, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 5, d->rationale, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 6, d->deciders_text, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 7, d->recorded_by, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 8, d->decided_at, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 9, d->supersedes);
	sqlite3_bind_text(s, 10, d->evidence_digest, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 11, d->evidence_text, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 12, d->prev_hash, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 13, d->hash, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 14, d->forced_past, -1, SQLITE_STATIC);
	int rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "append decision");
}

int dt_sq_decision_insert(dt_store *st, const dt_decision *d)
{
	if (dt_sq_write_begin(st) < 0)
		return -1;
	int rc = decision_insert_row(st, d);
	if (rc == 0)
		rc = dt_sq_chain_append_id(st, DT_CHAIN_DECISION, d->id);
	return dt_sq_write_end(st, rc);
}

static int row_to_decision(sqlite3_stmt *s, dt_decision *d)
{
	memset(d, 0, sizeof *d);
	d->id = sqlite3_column_int64(s, 0);
	d->pilot_id = sqlite3_column_int64(s, 1);
	dt_sq_copy_text(d->pilot_name, sizeof d->pilot_name, s, 2);
	dt_sq_copy_text(d->kind_text, sizeof d->kind_text, s, 3);
	if (dt_decision_kind_parse(d->kind_text, &d->kind) < 0)
		d->kind = DT_DECIDE_DEFER;
	dt_sq_copy_text(d->rationale, sizeof d->rationale, s, 4);
	dt_sq_copy_text(d->deciders_text, sizeof d->deciders_text, s, 5);
	dt_decision_deciders_parse(d);
	dt_sq_copy_text(d->recorded_by, sizeof d->recorded_by, s, 6);
	dt_sq_copy_text(d->decided_at, sizeof d->decided_at, s, 7);
	d->supersedes = sqlite3_column_int64(s, 8);
	dt_sq_copy_text(d->evidence_digest, sizeof d->evidence_digest, s, 9);
	const unsigned char *ev = sqlite3_column_text(s, 10);
	d->evidence_text = strdup(ev ? (const char *)ev : "");
	dt_sq_copy_text(d->prev_hash, sizeof d->prev_hash, s, 11);
	dt_sq_copy_text(d->hash, sizeof d->hash, s, 12);
	dt_sq_copy_text(d->forced_past, sizeof d->forced_past, s, 13);
	return d->evidence_text ? 0 : -1;
}

static int row_decision(sqlite3_stmt *s, void *elem)
{
	return row_to_decision(s, elem);
}

static void free_decision(void *elem)
{
	dt_decision *d = elem;
	free(d->evidence_text);
	d->evidence_text = NULL;
}

int dt_sq_decision_list(dt_store *st, int64_t pilot_id, dt_decision **v,
                           size_t *n)
{
	sqlite3_stmt *s;
	*v = NULL;
	*n = 0;
	if (dt_sq_prepare(st, "SELECT id, pilot_id, pilot_name, kind, rationale,"
	                  " deciders, recorded_by, decided_at, supersedes,"
	                  " evidence_digest, evidence_text, prev_hash, hash,"
	                  " forced_past FROM"
	                  " decision WHERE ?1 = 0 OR pilot_id = ?1 ORDER BY id",
	                  &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, pilot_id);
	return dt_sq_collect(st, s, (void **)v, n, sizeof **v, row_decision,
	                     free_decision, "read decisions");
}
