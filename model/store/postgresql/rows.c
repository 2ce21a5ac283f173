/* rows.c: whole tables as typed rows (model/store/tables.h) in the
 * PostgreSQL store, for `store copy`. Reads stream row by row (libpq
 * single-row mode), so a store with large series is never held whole in
 * memory. The SQL names only the catalogue's tables and columns (fixed
 * text of this program); every value is bound. */
#include "model/store/postgresql/internal.h"

#include <endian.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* Type OIDs of the binary result columns (PostgreSQL's pg_type.dat). */
#define OID_BYTEA 17
#define OID_INT8 20
#define OID_INT4 23
#define OID_FLOAT8 701

/* Value v of column c of row 0 of binary result r. */
static void get_value(const PGresult *r, int c, dt_store_value *v)
{
	memset(v, 0, sizeof *v);
	if (PQgetisnull(r, 0, c))
		return;
	const char *p = PQgetvalue(r, 0, c);
	Oid type = PQftype(r, c);
	if (type == OID_INT8 || type == OID_INT4) {
		v->type = DT_V_INT;
		if (type == OID_INT8) {
			uint64_t x;
			memcpy(&x, p, 8);
			v->i = (int64_t)be64toh(x);
		} else {
			uint32_t x;
			memcpy(&x, p, 4);
			v->i = (int32_t)be32toh(x);
		}
	} else if (type == OID_FLOAT8) {
		uint64_t x;
		memcpy(&x, p, 8);
		x = be64toh(x);
		v->type = DT_V_REAL;
		memcpy(&v->r, &x, 8);
	} else {
		v->type = type == OID_BYTEA ? DT_V_BLOB : DT_V_TEXT;
		v->p = p; /* libpq ends every value with a NUL */
		v->len = (size_t)PQgetlength(r, 0, c);
	}
}

int dt_pg_rows_read(dt_store *st, const dt_store_table *t,
                    dt_store_row_fn fn, void *ctx)
{
	PGconn *c = dt_pg_of(st)->conn;
	/* the chain is the working team's (chain.c) */
	char *sql = dt_store_table_select(t, "seq");
	if (!sql)
		return dt_store_fail(st, "store: out of memory");
	if (!strcmp(t->name, "chain_record")) {
		char *o = strstr(sql, " ORDER BY ");
		char *w = o ? malloc(strlen(sql) + 32) : NULL;
		if (!w) {
			free(sql);
			return dt_store_fail(st, "store: out of memory");
		}
		sprintf(w, "%.*s WHERE team = dt_team()%s", (int)(o - sql), sql, o);
		free(sql);
		sql = w;
	}
	int sent = PQsendQueryParams(c, sql, 0, NULL, NULL, NULL, NULL, 1) &&
	           PQsetSingleRowMode(c);
	free(sql);
	if (!sent)
		return dt_store_fail(st, "store: read %s: %s", t->name,
		                     PQerrorMessage(c));
	dt_store_value v[DT_TABLE_COLS_MAX];
	int rc = 0, stop = 0;
	PGresult *r;
	while ((r = PQgetResult(c)) != NULL) {
		ExecStatusType s = PQresultStatus(r);
		if (s == PGRES_SINGLE_TUPLE && !stop && rc == 0) {
			for (size_t k = 0; k < t->ncols; k++)
				get_value(r, (int)k, &v[k]);
			int f = fn(ctx, v);
			if (f < 0)
				rc = -1;
			else if (f > 0)
				stop = 1; /* drain the rest; libpq needs it read */
		} else if (s != PGRES_SINGLE_TUPLE && s != PGRES_TUPLES_OK &&
		           rc == 0) {
			rc = dt_store_fail(st, "store: read %s: %s", t->name,
			                   PQresultErrorMessage(r));
		}
		PQclear(r);
	}
	return rc;
}

int dt_pg_row_write(dt_store *st, const dt_store_table *t,
                    const dt_store_value *v)
{
	dt_pg_params p = {0};
	for (size_t c = 0; c < t->ncols; c++) {
		switch (v[c].type) {
		case DT_V_NULL: dt_pg_p_null(&p); break;
		case DT_V_INT: dt_pg_p_int(&p, v[c].i); break;
		case DT_V_REAL: dt_pg_p_double(&p, v[c].r); break;
		case DT_V_TEXT: dt_pg_p_text(&p, v[c].p); break;
		case DT_V_BLOB: dt_pg_p_blob(&p, v[c].p, v[c].len); break;
		}
	}
	char *sql = dt_store_table_insert(t, 1);
	int rc = sql ? dt_pg_do(st, t->name, sql, &p) :
	         dt_store_fail(st, "store: out of memory");
	free(sql);
	return rc;
}

int dt_pg_rows_written(dt_store *st)
{
	/* The copied chain's ids were given: the team's counter follows. */
	if (dt_pg_do(st, "chain counter", "INSERT INTO chain_counter(seq)"
	             " SELECT max(id) FROM chain_record WHERE team = dt_team()"
	             " HAVING max(id) IS NOT NULL ON CONFLICT(team) DO UPDATE SET"
	             " seq = greatest(chain_counter.seq, excluded.seq)", NULL) < 0)
		return -1;
	/* Identity counters continue after the copied ids. */
	for (size_t i = 0; i < dt_store_table_count; i++) {
		const dt_store_table *t = &dt_store_tables[i];
		const char *col = strcmp(t->cols[0], "id") ? (t->order ? NULL :
		                  "seq") : "id";
		if (!col)
			continue;
		char sql[256];
		snprintf(sql, sizeof sql, "SELECT setval(pg_get_serial_sequence("
		         "'%s', '%s'), max(%s)) FROM %s", t->name, col, col,
		         t->name);
		if (dt_pg_do(st, "id counters", sql, NULL) < 0)
			return -1;
	}
	return 0;
}
