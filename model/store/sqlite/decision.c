/* store_decision.c: the append-only, hash-chained decision log in the
 * SQLite store (dt_decision.h). */
#include "model/store/sqlite/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/util/clock.h"
#include "model/core/decision.h"
#include "model/util/sha256.h"

static const char zero_hash[] =
	"0000000000000000000000000000000000000000000000000000000000000000";

/* Last record of the chain (id, hash) and the pilot's latest id. */
static int chain_tail(dt_store *st, int64_t pilot_id, int64_t *last_id,
                      char prev[65], int64_t *supersedes)
{
	sqlite3_stmt *s;
	*last_id = 0;
	*supersedes = 0;
	snprintf(prev, 65, "%s", zero_hash);
	if (dt_sq_prepare(st, "SELECT id, hash FROM decision ORDER BY id DESC"
	                  " LIMIT 1", &s) < 0)
		return -1;
	int rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		*last_id = sqlite3_column_int64(s, 0);
		dt_sq_copy_text(prev, 65, s, 1);
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return dt_sq_fail_db(st, "read decision log");
	if (dt_sq_prepare(st, "SELECT max(id) FROM decision WHERE pilot_id = ?1",
	                  &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, pilot_id);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW)
		*supersedes = sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	return rc == SQLITE_ROW ? 0 : dt_sq_fail_db(st, "read decision log");
}

static int insert(dt_store *st, const dt_decision *d)
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

int dt_store_decision_append(dt_store *st, dt_decision *d)
{
	if (!d->evidence_text)
		return dt_sq_fail(st, "decision without evidence text");
	if (!d->rationale[0] || d->ndeciders == 0)
		return dt_sq_fail(st, "a decision needs a rationale and at least "
		                  "one decider");
	snprintf(d->kind_text, sizeof d->kind_text, "%s",
	         dt_decision_kind_name(d->kind));
	dt_deciders_text(d, d->deciders_text, sizeof d->deciders_text);
	if (dt_sha256_hex(d->evidence_text, strlen(d->evidence_text),
	                  d->evidence_digest) < 0)
		return dt_sq_fail(st, "SHA-256 failed");
	if (dt_store_begin(st) < 0)
		return -1;
	int64_t last;
	if (chain_tail(st, d->pilot_id, &last, d->prev_hash, &d->supersedes) < 0)
		goto fail;
	d->id = last + 1;
	dt_time_now_iso(d->decided_at);
	if (dt_decision_hash(d, d->hash) < 0) {
		dt_sq_fail(st, "store: out of memory");
		goto fail;
	}
	if (insert(st, d) < 0 || dt_store_commit(st) < 0)
		goto fail;
	return 0;
fail:
	dt_store_rollback(st);
	return -1;
}

/* Parse the stored deciders text back into d->deciders. */
static void parse_deciders(dt_decision *d)
{
	char buf[1024];
	snprintf(buf, sizeof buf, "%s", d->deciders_text);
	d->ndeciders = 0;
	for (char *save = NULL, *line = strtok_r(buf, "\n", &save);
	     line && d->ndeciders < DT_DECIDERS_MAX;
	     line = strtok_r(NULL, "\n", &save)) {
		char *colon = strchr(line, ':');
		dt_decider *k = &d->deciders[d->ndeciders];
		if (!colon)
			continue;
		*colon = '\0';
		if (dt_decider_role_parse(line, &k->role) < 0)
			continue;
		snprintf(k->name, sizeof k->name, "%s", colon + 1);
		d->ndeciders++;
	}
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
	parse_deciders(d);
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

int dt_store_decision_list(dt_store *st, int64_t pilot_id, dt_decision **v,
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

int dt_store_decision_verify(dt_store *st, dt_chain_report *r)
{
	dt_decision *v;
	size_t n;
	if (dt_store_decision_list(st, 0, &v, &n) < 0)
		return -1;
	int rc = dt_decision_chain_check(v, n, r);
	dt_decisions_free(v, n);
	return rc < 0 ? dt_sq_fail(st, "store: out of memory") : 0;
}
