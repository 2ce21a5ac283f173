/* internal.h: what the SQLite store's files share. Only
 * the files of model/store/sqlite/ include this; everything else uses
 * model/store/store.h. */
#ifndef DT_STORE_SQLITE_INTERNAL_H
#define DT_STORE_SQLITE_INTERNAL_H

#include <stddef.h>
#include <sqlite3.h>

#include "model/store/store.h"
#include "model/util/err.h"

struct dt_store {
	sqlite3 *db;
	dt_err err;           /* last failure (dt_store_error) */
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

/* Fill the zeroed element `elem` from the current row of s. Returns 0
 * (keep it), 1 (skip this row) or -1 (out of memory; whatever the element
 * owns so far is released by the collector's free_elem). */
typedef int (*dt_sq_row_fn)(sqlite3_stmt *s, void *elem);

/* The one row-collect loop: step s to the end, appending one element of
 * sz bytes per row, zeroed then filled by row(); finalizes s. Returns 0
 * with *v (owned by the caller) holding *n elements, or -1 with *v NULL,
 * *n 0 and nothing left to free (free_elem, when not NULL, first
 * releases what each filled element owns; then the array is freed) and
 * the store error set: "store: out of memory" or "store: WHAT: <sqlite
 * message>". */
int dt_sq_collect(dt_store *st, sqlite3_stmt *s, void **v, size_t *n,
                  size_t sz, dt_sq_row_fn row, void (*free_elem)(void *),
                  const char *what);

/* Step s to the end collecting column 0 as strings into *v (owned,
 * dt_strv_free); finalizes s. Returns 0 or -1 as dt_sq_collect. */
int dt_sq_collect_strings(dt_store *st, sqlite3_stmt *s, char ***v,
                          size_t *n);

#endif
