/* tables.h: the store's tables as rows of typed values, for copying a
 * whole store between backends (dt_store_copy, model/service/store_copy.h)
 * without knowing what the rows mean.
 *
 * Every backend holds these tables with these columns (a backend may add
 * columns of its own with defaults, e.g. PostgreSQL's team). A table or
 * column added to a backend's schema must be added here too: the SQLite
 * backend refuses to copy a store holding a table or column missing here
 * (test_store_copy), so nothing is dropped silently. */
#ifndef DT_STORE_TABLES_H
#define DT_STORE_TABLES_H

#include <stddef.h>
#include <stdint.h>

#define DT_TABLE_COLS_MAX 16

/* A table: its name and columns. Values keep the type the source
 * backend stored them with (dt_store_value). */
typedef struct dt_store_table {
	const char *name;
	const char *cols[DT_TABLE_COLS_MAX];
	size_t ncols;
	/* ORDER BY of a copy (keeps ids and the order rows were written in);
	 * NULL: the order rows were inserted in (SQLite rowid). */
	const char *order;
} dt_store_table;

/* The tables in an order that satisfies every reference (parents
 * first). */
extern const dt_store_table dt_store_tables[];
extern const size_t dt_store_table_count;

typedef enum dt_value_type {
	DT_V_NULL, DT_V_INT, DT_V_REAL, DT_V_TEXT, DT_V_BLOB
} dt_value_type;

/* One value of a row. Text and BLOB bytes are borrowed (valid during the
 * row callback only); text is NUL-terminated at p[len]. */
typedef struct dt_store_value {
	dt_value_type type;
	int64_t i;
	double r;
	const void *p;
	size_t len;
} dt_store_value;

/* The copy statements of t, for a backend (a NULL order_default: the
 * catalogue's order or this column): "SELECT c1, ..., cn FROM t ORDER BY
 * ..." and "INSERT INTO t(c1, ..., cn) VALUES(P1, ..., Pn)" with
 * placeholders "?" (SQLite, dollar 0) or "$1".."$n" (PostgreSQL, dollar
 * 1). malloc'd; NULL when out of memory. */
char *dt_store_table_select(const dt_store_table *t, const char *insertion_order);
char *dt_store_table_insert(const dt_store_table *t, int dollar);

/* Called with each row of a table (ncols values); returns 0 to go on,
 * 1 to stop reading (not an error) or -1 to fail (the reader returns
 * -1; the callback set the error it reports). */
typedef int (*dt_store_row_fn)(void *ctx, const dt_store_value *v);

#endif
