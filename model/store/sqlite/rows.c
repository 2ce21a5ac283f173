/* rows.c: whole tables as typed rows (model/store/tables.h) in the
 * SQLite store, for `store copy`. The SQL names only the catalogue's
 * tables and columns (fixed text of this program); values are bound.
 * A store holding a table or column the catalogue does not list is
 * refused, so a copy never drops data silently. */
#include "model/store/sqlite/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/store/tables.h"

/* 0 when every table of the store is in the catalogue with exactly its
 * columns; else -1 naming what is not. */
static int catalogue_complete(dt_store *st)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "SELECT name FROM sqlite_master WHERE type ="
	                  " 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
	                  &s) < 0)
		return -1;
	int rc, bad = 0;
	while (!bad && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(s, 0);
		const dt_store_table *t = NULL;
		for (size_t i = 0; i < dt_store_table_count; i++)
			if (!strcmp(dt_store_tables[i].name, name))
				t = &dt_store_tables[i];
		if (!t) {
			bad = dt_store_fail(st, "store copy: table %s is not in the "
			                    "copy catalogue (model/store/tables.c)",
			                    name);
			break;
		}
		sqlite3_stmt *c;
		char sql[160];
		snprintf(sql, sizeof sql, "SELECT count(*) FROM pragma_table_info("
		         "'%s')", t->name);
		if (dt_sq_prepare(st, sql, &c) < 0) {
			bad = -1;
			break;
		}
		if (sqlite3_step(c) != SQLITE_ROW ||
		    (size_t)sqlite3_column_int64(c, 0) != t->ncols)
			bad = dt_store_fail(st, "store copy: table %s has columns "
			                    "the copy catalogue does not list "
			                    "(model/store/tables.c)", t->name);
		sqlite3_finalize(c);
	}
	sqlite3_finalize(s);
	return bad;
}

int dt_sq_rows_read(dt_store *st, const dt_store_table *t,
                    dt_store_row_fn fn, void *ctx)
{
	if (t == &dt_store_tables[0] && catalogue_complete(st) < 0)
		return -1;
	char *sql = dt_store_table_select(t, "rowid");
	sqlite3_stmt *s;
	if (!sql)
		return dt_store_fail(st, "store: out of memory");
	int rc = dt_sq_prepare(st, sql, &s);
	free(sql);
	if (rc < 0)
		return -1;
	dt_store_value v[DT_TABLE_COLS_MAX];
	int f = 0;
	while (f == 0 && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		for (size_t c = 0; c < t->ncols; c++) {
			int ty = sqlite3_column_type(s, (int)c);
			memset(&v[c], 0, sizeof v[c]);
			if (ty == SQLITE_NULL)
				continue;
			switch (ty) {
			case SQLITE_INTEGER:
				v[c].type = DT_V_INT;
				v[c].i = sqlite3_column_int64(s, (int)c);
				break;
			case SQLITE_FLOAT:
				v[c].type = DT_V_REAL;
				v[c].r = sqlite3_column_double(s, (int)c);
				break;
			case SQLITE_BLOB:
				v[c].type = DT_V_BLOB;
				v[c].p = sqlite3_column_blob(s, (int)c);
				v[c].len = (size_t)sqlite3_column_bytes(s, (int)c);
				if (!v[c].p)
					v[c].p = "";
				break;
			default:
				v[c].type = DT_V_TEXT;
				v[c].p = sqlite3_column_text(s, (int)c);
				v[c].len = (size_t)sqlite3_column_bytes(s, (int)c);
				if (!v[c].p)
					v[c].p = "";
			}
		}
		f = fn(ctx, v);
	}
	sqlite3_finalize(s);
	if (f < 0)
		return -1;
	return f > 0 || rc == SQLITE_DONE ? 0 :
	       dt_sq_fail_db(st, "read for copy");
}

int dt_sq_row_write(dt_store *st, const dt_store_table *t,
                    const dt_store_value *v)
{
	char *sql = dt_store_table_insert(t, 0);
	sqlite3_stmt *s;
	if (!sql)
		return dt_store_fail(st, "store: out of memory");
	int rc = dt_sq_prepare(st, sql, &s);
	free(sql);
	if (rc < 0)
		return -1;
	for (size_t c = 0; c < t->ncols; c++) {
		int i = (int)c + 1;
		switch (v[c].type) {
		case DT_V_NULL: sqlite3_bind_null(s, i); break;
		case DT_V_INT: sqlite3_bind_int64(s, i, v[c].i); break;
		case DT_V_REAL: sqlite3_bind_double(s, i, v[c].r); break;
		case DT_V_TEXT:
			sqlite3_bind_text(s, i, v[c].p, (int)v[c].len, SQLITE_STATIC);
			break;
		case DT_V_BLOB:
			sqlite3_bind_blob64(s, i, v[c].p, v[c].len, SQLITE_STATIC);
			break;
		}
	}
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, t->name);
}

int dt_sq_rows_written(dt_store *st)
{
	(void)st; /* rowids and AUTOINCREMENT counters follow inserted ids */
	return 0;
}
