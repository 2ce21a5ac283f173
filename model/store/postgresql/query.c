/* query.c: bound statements and result columns of the PostgreSQL store
 * (internal.h). Values travel as parameters of PQexecParams (the
 * extended query protocol: parse, bind, execute), never inside the SQL
 * text; series BLOBs travel in binary as bytea. */
#include "model/store/postgresql/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/util/clock.h"
#include "model/util/grow.h"
#include "model/util/strv.h"

static dt_pg_params *slot(dt_pg_params *p)
{
	/* The statements of this backend bind at most DT_PG_MAXP values; a
	 * statement with more is a programming error caught by its test. */
	if (p->n >= DT_PG_MAXP)
		abort();
	return p;
}

void dt_pg_p_text(dt_pg_params *p, const char *s)
{
	slot(p);
	p->v[p->n] = s ? s : "";
	p->len[p->n] = 0;
	p->fmt[p->n++] = 0;
}

void dt_pg_p_now(dt_pg_params *p)
{
	slot(p);
	dt_time_now_iso(p->num[p->n]); /* num[i] holds the 32 bytes it needs */
	p->v[p->n] = p->num[p->n];
	p->len[p->n] = 0;
	p->fmt[p->n++] = 0;
}

void dt_pg_p_int(dt_pg_params *p, int64_t v)
{
	slot(p);
	snprintf(p->num[p->n], sizeof p->num[0], "%lld", (long long)v);
	p->v[p->n] = p->num[p->n];
	p->len[p->n] = 0;
	p->fmt[p->n++] = 0;
}

void dt_pg_p_double(dt_pg_params *p, double v)
{
	slot(p);
	snprintf(p->num[p->n], sizeof p->num[0], "%.17g", v);
	p->v[p->n] = p->num[p->n];
	p->len[p->n] = 0;
	p->fmt[p->n++] = 0;
}

void dt_pg_p_null(dt_pg_params *p)
{
	slot(p);
	p->v[p->n] = NULL;
	p->len[p->n] = 0;
	p->fmt[p->n++] = 0;
}

void dt_pg_p_blob(dt_pg_params *p, const void *data, size_t len)
{
	slot(p);
	p->v[p->n] = len ? data : "";
	p->len[p->n] = (int)len;
	p->fmt[p->n++] = 1;
}

/* Put the server's message in the store error, in words a user can act
 * on for the states dualtrack expects (SQLSTATE, PostgreSQL appendix A). */
static void fail_result(dt_store *st, const char *what, const PGresult *r)
{
	dt_pg *pg = dt_pg_of(st);
	const char *state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : NULL;
	const char *prim = r ? PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY)
	                     : NULL;
	if (!prim)
		prim = PQerrorMessage(pg->conn);
	snprintf(pg->sqlstate, sizeof pg->sqlstate, "%s", state ? state : "");
	char msg[400];
	snprintf(msg, sizeof msg, "%s", prim ? prim : "unknown error");
	size_t l = strlen(msg);
	while (l && (msg[l - 1] == '\n' || msg[l - 1] == ' '))
		msg[--l] = '\0';
	if (state && !strcmp(state, "42501"))
		dt_store_fail(st, "store: %s: not allowed for this PostgreSQL role"
		              "%s%s (%s)", what, pg->team[0] ? " in team " : "",
		              pg->team, msg);
	else if (state && !strcmp(state, "23505"))
		dt_store_fail(st, "store: %s: already there (%s)", what, msg);
	else if (state && !strcmp(state, "P0001"))
		dt_store_fail(st, "store: %s: %s", what, msg);
	else if (PQstatus(pg->conn) != CONNECTION_OK)
		dt_store_fail(st, "store: %s: lost the connection to PostgreSQL"
		              " (%s)", what, msg);
	else
		dt_store_fail(st, "store: %s: %s", what, msg);
}

PGresult *dt_pg_query(dt_store *st, const char *what, const char *sql,
                    const dt_pg_params *p, int binary_result)
{
	dt_pg *pg = dt_pg_of(st);
	PGresult *r = PQexecParams(pg->conn, sql, p ? p->n : 0, NULL,
	                           p ? p->v : NULL, p ? p->len : NULL,
	                           p ? p->fmt : NULL, binary_result);
	ExecStatusType s = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
	if (s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK) {
		pg->sqlstate[0] = '\0';
		return r;
	}
	fail_result(st, what, r);
	PQclear(r);
	return NULL;
}

int dt_pg_do(dt_store *st, const char *what, const char *sql,
             const dt_pg_params *p)
{
	PGresult *r = dt_pg_query(st, what, sql, p, 0);
	PQclear(r);
	return r ? 0 : -1;
}

const char *dt_pg_sqlstate(dt_store *st)
{
	return dt_pg_of(st)->sqlstate;
}

int64_t dt_pg_int(const PGresult *r, int row, int col)
{
	if (PQgetisnull(r, row, col))
		return 0;
	return strtoll(PQgetvalue(r, row, col), NULL, 10);
}

double dt_pg_double(const PGresult *r, int row, int col)
{
	if (PQgetisnull(r, row, col))
		return 0;
	return strtod(PQgetvalue(r, row, col), NULL);
}

void dt_pg_text(char *dst, size_t n, const PGresult *r, int row, int col)
{
	snprintf(dst, n, "%s", PQgetisnull(r, row, col) ? "" :
	         PQgetvalue(r, row, col));
}

int dt_pg_strings(dt_store *st, PGresult *r, char ***v, size_t *n)
{
	int rows = PQntuples(r);
	*v = NULL;
	*n = 0;
	if (rows > 0) {
		*v = calloc((size_t)rows, sizeof **v);
		if (!*v)
			goto oom;
	}
	for (int i = 0; i < rows; i++) {
		(*v)[i] = strdup(PQgetvalue(r, i, 0));
		if (!(*v)[i]) {
			dt_strv_free(*v, (size_t)i);
			*v = NULL;
			goto oom;
		}
	}
	*n = (size_t)rows;
	PQclear(r);
	return 0;
oom:
	PQclear(r);
	return dt_store_fail(st, "store: out of memory");
}

int dt_pg_op_begin(dt_store *st, int *own)
{
	dt_pg *pg = dt_pg_of(st);
	*own = !pg->in_tx;
	if (!*own)
		return 0;
	if (dt_pg_do(st, "begin", "BEGIN", NULL) < 0)
		return -1;
	pg->in_tx = 1;
	pg->guard.guarded = 0;
	if (dt_pg_do(st, "take the write lock", "SELECT pg_advisory_xact_lock("
	             DT_PG_WRITE_LOCK ")", NULL) < 0) {
		dt_err keep = st->err;
		dt_pg_op_end(st, 1, 0);
		st->err = keep;
		return -1;
	}
	return 0;
}

int dt_pg_op_end(dt_store *st, int own, int ok)
{
	dt_pg *pg = dt_pg_of(st);
	if (!own)
		return ok ? 0 : -1;
	pg->in_tx = 0;
	pg->guard.guarded = 0;
	if (!ok) {
		PQclear(PQexec(pg->conn, "ROLLBACK"));
		return -1;
	}
	return dt_pg_do(st, "commit", "COMMIT", NULL);
}
