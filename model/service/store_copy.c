/* store_copy.c: a whole store copied row by row through the store's
 * table catalogue (model/store/tables.h), with the chain verified on
 * both ends (store_copy.h). */
#include "model/service/store_copy.h"

#include <stdio.h>
#include <string.h>

#include "model/store/tables.h"

typedef struct copy_ctx {
	dt_store *to;
	const dt_store_table *t;
	int64_t rows;
	int write_failed;    /* 1: the error is the destination's */
} copy_ctx;

static int copy_row(void *ctx, const dt_store_value *v)
{
	copy_ctx *c = ctx;
	if (dt_store_row_write(c->to, c->t, v) < 0) {
		c->write_failed = 1;
		return -1;
	}
	c->rows++;
	return 0;
}

static int any_row(void *ctx, const dt_store_value *v)
{
	(void)v;
	*(int *)ctx = 1;
	return 1; /* one is enough */
}

/* The name of the first table of st holding a row, NULL when all are
 * empty; *failed on a read error. */
static const char *first_filled(dt_store *st, int *failed)
{
	*failed = 0;
	for (size_t i = 0; i < dt_store_table_count; i++) {
		int any = 0;
		if (dt_store_rows_read(st, &dt_store_tables[i], any_row, &any) < 0) {
			*failed = 1;
			return NULL;
		}
		if (any)
			return dt_store_tables[i].name;
	}
	return NULL;
}

int dt_store_copy(dt_store *from, dt_store *to, dt_copy_report *r,
                  char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	if (dt_store_decision_verify(from, &r->source) < 0) {
		snprintf(err, errlen, "source: %s", dt_store_error(from));
		return -1;
	}
	if (!r->source.intact) {
		snprintf(err, errlen, "source chain broken at decision #%lld: %s;"
		         " nothing copied (run verify on the source)",
		         (long long)r->source.first_bad_id, r->source.reason);
		return 1;
	}
	/* Every record's chain too (not only the decisions'): an altered
	 * checklist entry or task-card value is refused the same way. */
	dt_chain_status g;
	if (dt_store_chain_verify(from, 1, &g) < 0) {
		snprintf(err, errlen, "source: %s", dt_store_error(from));
		return -1;
	}
	if (!g.intact) {
		snprintf(err, errlen, "source chain broken at record #%lld: %s;"
		         " nothing copied (run verify on the source)",
		         (long long)g.first_bad_id, g.reason);
		dt_chain_status_clear(&g);
		return 1;
	}
	dt_chain_status_clear(&g);
	int failed;
	const char *filled = first_filled(to, &failed);
	if (failed || filled) {
		if (failed)
			snprintf(err, errlen, "destination: %s", dt_store_error(to));
		else
			snprintf(err, errlen, "destination is not empty (table %s "
			         "holds rows); store copy writes into a new store only",
			         filled);
		return -1;
	}
	if (dt_store_begin(to) < 0) {
		snprintf(err, errlen, "destination: %s", dt_store_error(to));
		return -1;
	}
	copy_ctx c = {.to = to};
	for (size_t i = 0; i < dt_store_table_count; i++) {
		c.t = &dt_store_tables[i];
		if (dt_store_rows_read(from, c.t, copy_row, &c) < 0) {
			snprintf(err, errlen, "%s: %s", c.write_failed ?
			         "destination" : "source", c.write_failed ?
			         dt_store_error(to) : dt_store_error(from));
			dt_store_rollback(to);
			return -1;
		}
	}
	if (dt_store_rows_written(to) < 0 || dt_store_commit(to) < 0) {
		snprintf(err, errlen, "destination: %s", dt_store_error(to));
		dt_store_rollback(to);
		return -1;
	}
	r->rows = c.rows;
	r->tables = dt_store_table_count;
	if (dt_store_decision_verify(to, &r->dest) < 0) {
		snprintf(err, errlen, "copied, but the copy cannot be verified: %s",
		         dt_store_error(to));
		return -1;
	}
	if (!r->dest.intact || r->dest.head_id != r->source.head_id ||
	    strcmp(r->dest.head_hash, r->source.head_hash)) {
		snprintf(err, errlen, "copied, but the copy does not verify "
		         "(head #%lld %s, source head #%lld %s): %s",
		         (long long)r->dest.head_id, r->dest.head_hash,
		         (long long)r->source.head_id, r->source.head_hash,
		         r->dest.intact ? "another head" : r->dest.reason);
		return 1;
	}
	return 0;
}
