/* pg.c: the PostgreSQL backend of dt_store (model/store/ops.h): opening
 * through libpq (loaded at the first open, libpq_dl.h), the schema
 * migration, transactions, the working team and
 * the data version.
 *
 * Transactions: dt_store_begin takes a transaction-level advisory lock
 * (pg_advisory_xact_lock), the equivalent of SQLite's BEGIN IMMEDIATE:
 * one writing transaction at a time across every host, so a decision's
 * chain tail read and its insert cannot interleave with another
 * writer's, and no decision forks the chain. The lock ends with the
 * transaction.
 *
 * Data version: the connection LISTENs on dualtrack_changed, which every
 * table's statement trigger notifies at commit (schema.c); each
 * notification from another connection moves the version on, as PRAGMA
 * data_version does for SQLite. */
#include "model/store/postgresql/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static void pg_close(dt_store *st)
{
	if (!st)
		return;
	PQfinish(dt_pg_of(st)->conn);
	free(st);
}

/* Transactions nest as on SQLite (sqlite.c dt_sq_begin): the outer one
 * is BEGIN with the write lock, inner ones are savepoints
 * (https://www.postgresql.org/docs/current/sql-savepoint.html), so an
 * operation atomic by itself (a decision) can run inside a caller's
 * transaction. A second BEGIN was only a server warning, and the inner
 * COMMIT then committed the caller's writes before it finished. */
static int pg_begin(dt_store *st)
{
	dt_pg *pg = dt_pg_of(st);
	if (pg->in_tx > 0) {
		if (dt_pg_do(st, "begin", "SAVEPOINT dt_nested", NULL) < 0)
			return -1;
		pg->in_tx++;
		return 0;
	}
	if (dt_pg_do(st, "begin", "BEGIN", NULL) < 0)
		return -1;
	pg->in_tx = 1;
	pg->guard.guarded = 0;
	if (dt_pg_do(st, "take the write lock", "SELECT pg_advisory_xact_lock("
	             DT_PG_WRITE_LOCK ")", NULL) < 0) {
		PQclear(PQexec(pg->conn, "ROLLBACK"));
		pg->in_tx = 0;
		return -1;
	}
	return 0;
}

static int pg_commit(dt_store *st)
{
	dt_pg *pg = dt_pg_of(st);
	if (pg->in_tx > 1) {
		pg->in_tx--;
		return dt_pg_do(st, "commit", "RELEASE SAVEPOINT dt_nested", NULL);
	}
	pg->in_tx = 0;
	pg->guard.guarded = 0;
	if (dt_pg_do(st, "commit", "COMMIT", NULL) < 0) {
		PQclear(PQexec(pg->conn, "ROLLBACK"));
		return -1;
	}
	return 0;
}

static void pg_rollback(dt_store *st)
{
	dt_pg *pg = dt_pg_of(st);
	if (pg->in_tx > 1) {
		pg->in_tx--;
		PQclear(PQexec(pg->conn, "ROLLBACK TO SAVEPOINT dt_nested; "
		               "RELEASE SAVEPOINT dt_nested"));
		return;
	}
	pg->in_tx = 0;
	pg->guard.guarded = 0;
	PQclear(PQexec(pg->conn, "ROLLBACK"));
}

static int pg_data_version_get(dt_store *st, int64_t *version)
{
	dt_pg *pg = dt_pg_of(st);
	/* An empty statement: the server sends what was notified before it
	 * (at the latest before its ready-for-query), so a commit another
	 * connection finished before this call is always counted. */
	if (!pg->in_tx)
		PQclear(PQexec(pg->conn, ""));
	if (!PQconsumeInput(pg->conn))
		return dt_store_fail(st, "store: data version: lost the connection"
		                     " to PostgreSQL (%s)", PQerrorMessage(pg->conn));
	int self = PQbackendPID(pg->conn);
	PGnotify *n;
	while ((n = PQnotifies(pg->conn)) != NULL) {
		if (n->be_pid != self)
			pg->version++;
		PQfreemem(n);
	}
	*version = pg->version;
	return 0;
}

/* The teams (dt_team_NAME roles) the connected role is a member of; the
 * working team is chosen from them. */
static int pg_team_set(dt_store *st, const char *team)
{
	dt_pg *pg = dt_pg_of(st);
	dt_pg_params p = {0};
	dt_pg_p_text(&p, team);
	PGresult *r = dt_pg_query(st, "team", "SELECT dt_team_member($1),"
	                        " EXISTS(SELECT 1 FROM pg_roles WHERE rolname ="
	                        " 'dt_team_' || $1)", &p, 0);
	if (!r)
		return -1;
	int member = PQgetvalue(r, 0, 0)[0] == 't';
	int exists = PQgetvalue(r, 0, 1)[0] == 't';
	PQclear(r);
	if (!exists)
		return dt_store_fail(st, "store: no team '%s' (an administrator "
		                     "creates the role dt_team_%s; README \"A shared "
		                     "PostgreSQL store\")", team, team);
	if (!member)
		return dt_store_fail(st, "store: role '%s' is not a member of team"
		                     " '%s' (role dt_team_%s)",
		                     PQuser(pg->conn), team, team);
	if (dt_pg_do(st, "team", "SELECT set_config('dualtrack.team', $1,"
	             " false)", &p) < 0)
		return -1;
	snprintf(pg->team, sizeof pg->team, "%s", team);
	return 0;
}

/* With no team given, a role that belongs to exactly one team works in
 * it. */
static int default_team(dt_store *st)
{
	PGresult *r = dt_pg_query(st, "team", "SELECT substr(rolname, 9) FROM"
	                        " pg_roles WHERE rolname LIKE 'dt\\_team\\_%'"
	                        " AND pg_has_role(current_user, oid, 'MEMBER')",
	                        NULL, 0);
	if (!r)
		return -1;
	char team[64] = "";
	if (PQntuples(r) == 1)
		dt_pg_text(team, sizeof team, r, 0, 0);
	PQclear(r);
	return team[0] ? pg_team_set(st, team) : 0;
}

/* Where the connection went, for messages (never the password). */
static void describe(PGconn *c, char *out, size_t n)
{
	const char *host = PQhost(c), *port = PQport(c), *db = PQdb(c);
	snprintf(out, n, "PostgreSQL %s%s%s database %s",
	         host && *host ? host : "(local socket)",
	         port && *port ? ":" : "", port ? port : "", db ? db : "?");
}

/* A reading command creates nothing: a database without dualtrack's
 * schema is "no store", as a missing SQLite file is. 0, or -1 with the
 * message set. */
static int no_schema(dt_store *st)
{
	PGresult *r = dt_pg_query(st, "read schema version", "SELECT"
	                          " to_regclass('dt_schema_version') IS NULL",
	                          NULL, 0);
	if (!r)
		return -1;
	int none = PQntuples(r) == 1 && PQgetvalue(r, 0, 0)[0] == 't';
	PQclear(r);
	if (none)
		return dt_store_fail(st, "no dualtrack store in this database; create "
		                  "it with `dualtrack --db ... store init` (the "
		                  "database owner, once) or import something");
	return 0;
}

static dt_store *pg_open(const char *where, unsigned flags, dt_err *err)
{
	/* No libpq: the PostgreSQL store cannot open (the message names the
	 * library and why); nothing else depends on it. */
	dt_err le;
	if (dt_libpq_load(&le) < 0) {
		dt_err_set(err, "PostgreSQL store: %s", le.msg);
		return NULL;
	}
	dt_pg *pg = calloc(1, sizeof *pg);
	if (!pg) {
		dt_err_set(err, "store: out of memory");
		return NULL;
	}
	dt_store *st = &pg->base;
	st->ops = &dt_pg_ops;
	st->flags = flags;
	pg->conn = PQconnectdb(where);
	char desc[300];
	describe(pg->conn, desc, sizeof desc);
	if (PQstatus(pg->conn) != CONNECTION_OK) {
		char msg[400];
		snprintf(msg, sizeof msg, "%s", PQerrorMessage(pg->conn));
		msg[strcspn(msg, "\n")] = '\0';
		dt_err_set(err, "store %s: cannot connect: %s", desc, msg);
		pg_close(st);
		return NULL;
	}
	/* Quiet NOTICEs (CREATE ... IF NOT EXISTS) instead of stderr noise. */
	PQclear(PQexec(pg->conn, "SET client_min_messages = warning"));
	/* A reading command migrates an older schema too (as the SQLite
	 * store does), then reads in read-only transactions: the queries
	 * of this dualtrack need its columns. */
	int bad = (flags & DT_STORE_READ) ?
		no_schema(st) || dt_pg_migrate(st) ||
		dt_pg_do(st, "read only", "SET default_transaction_read_only ="
		         " on", NULL) : dt_pg_migrate(st);
	if (!bad)
		bad = dt_pg_do(st, "listen", "LISTEN dualtrack_changed", NULL);
	if (!bad)
		bad = default_team(st);
	if (!bad)
		bad = dt_pg_triggers_check(st);
	if (bad) {
		dt_err_set(err, "%s: %s", desc, st->err.msg);
		pg_close(st);
		return NULL;
	}
	return st;
}

#define DT_PG_OP(m) .m = dt_pg_##m,
const dt_store_ops dt_pg_ops = {
	.name = "postgresql",
	.close = pg_close,
	.begin = pg_begin,
	.commit = pg_commit,
	.rollback = pg_rollback,
	.data_version_get = pg_data_version_get,
	.team_set = pg_team_set,
	DT_PG_OPS(DT_PG_OP)
};
#undef DT_PG_OP

/* The libpq version, for `dualtrack --version`: the run-time one once a
 * PostgreSQL store has loaded libpq, else the soname it will load (asking
 * would load it, the start-up cost libpq_dl.h avoids). */
static const char *pg_version(void)
{
	static char buf[96];
	if (!dt_libpq_loaded()) {
		snprintf(buf, sizeof buf, "libpq (%s, loaded when a PostgreSQL "
		         "store opens)", DT_LIBPQ_SONAME);
		return buf;
	}
	int v = PQlibVersion();
	snprintf(buf, sizeof buf, "libpq %d.%d", v / 10000, v % 10000);
	return buf;
}

const dt_store_backend dt_store_backend_postgresql = {
	.name = "postgresql",
	.claims = dt_store_where_is_postgresql,
	.open = pg_open,
	.version = pg_version,
};
