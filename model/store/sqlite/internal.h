/* internal.h: what the SQLite store's files share. Only
 * the files of model/store/sqlite/ include this; everything else uses
 * model/store/store.h. */
#ifndef DT_STORE_SQLITE_INTERNAL_H
#define DT_STORE_SQLITE_INTERNAL_H

#include <stddef.h>
#include <sqlite3.h>

#include "model/store/store.h"

struct dt_store {
	sqlite3 *db;
	char err[512];
};

/* Migrations in user_version order (store_schema.c). */
extern const char *const dt_schema_migrations[];
extern const size_t dt_schema_count;
extern const char dt_schema_acceptance[];  /* schema_acceptance.c */
extern const char dt_schema_ledger[];      /* schema_ledger.c */

/* Set the store's error message; returns -1. */
int dt_sq_fail(dt_store *st, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Set "store: WHAT: <sqlite message>"; returns -1. */
int dt_sq_fail_db(dt_store *st, const char *what);

/* Run SQL without bound values (schema, PRAGMA, BEGIN). 0 or -1. */
int dt_sq_exec(dt_store *st, const char *sql);

/* Prepare one statement; 0 or -1 with the error set. */
int dt_sq_prepare(dt_store *st, const char *sql, sqlite3_stmt **s);

/* Copy a text column into dst (size n), "" for NULL. */
void dt_sq_copy_text(char *dst, size_t n, sqlite3_stmt *s, int col);

/* Grow *v (element size sz, capacity *cap) to hold n + 1 elements.
 * Returns 0 or -1 (ENOMEM). */
int dt_sq_grow(void **v, size_t *cap, size_t n, size_t sz);

/* Step s to the end collecting column 0 as strings into *v (owned,
 * dt_strv_free); finalizes s. Returns 0 or -1. */
int dt_sq_collect_strings(dt_store *st, sqlite3_stmt *s, char ***v,
                          size_t *n);

#endif
