/* chain_store.h: what every store backend shares in keeping the
 * integrity chain (model/core/chain.h): which columns of which table make
 * each kind's row, the verify, append, write guard and first chaining
 * built on a backend's few reads and one insert (dt_chain_io). Only the
 * backends (model/store/<backend>/chain.c) include this; the record
 * text, hash and check stay core/chain.c's, so the same history gives the
 * same records and the same verify answer on every backend. */
#ifndef DT_STORE_CHAIN_STORE_H
#define DT_STORE_CHAIN_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/chain.h"
#include "model/store/ops.h"

/* Columns of a chained row per kind, in record order. A name starting
 * with "#": its bytes are hashed (BLOBs, the decision's evidence text);
 * with "%": a REAL column, rendered as SQLite renders a REAL as text
 * (dt_chain_real_text); with "?": a column added to the kind later,
 * left out of the record text while it holds 0, its default
 * (dt_chain_field.omit_zero). ref: the row's key as a text expression
 * (the same SQL in both backends). The break kind has no table. */
typedef struct dt_chain_map {
	const char *table, *ref, *cols[DT_CHAIN_FIELDS_MAX];
} dt_chain_map;

extern const dt_chain_map dt_chain_maps[DT_CHAIN_KIND_COUNT];

/* Column i of kind k without its "#"/"%"/"?" prefix; its prefix as
 * is_blob / is_real (dt_chain_col_omit_zero tells "?"). */
const char *dt_chain_col(dt_chain_kind k, size_t i, int *is_blob,
                         int *is_real);

/* 1 when column i of kind k has the "?" prefix (omitted from the record
 * text while 0: dt_chain_field.omit_zero), else 0. */
int dt_chain_col_omit_zero(dt_chain_kind k, size_t i);

/* "SELECT ref, c1, ..., cn FROM table [WHERE where] [AND ref = param]
 * ORDER BY order" of kind k into out (size n); text_cast ("" or
 * "::text") follows the ref and every column that is neither BLOB nor
 * REAL. one: select the row whose ref is `param`. 0, or -1 when it does
 * not fit. */
int dt_chain_select_sql(dt_chain_kind k, int one, const char *text_cast,
                        const char *where, const char *param,
                        const char *order, char *out, size_t n);

/* The text SQLite gives a REAL value (its "%!.15g": 15 significant
 * digits, always a decimal point, "3.0", "1.0e+20"), the form a REAL
 * column takes in every record text. out size >= 32. */
void dt_chain_real_text(double v, char *out, size_t n);

typedef int (*dt_chain_row_fn)(void *ctx, const dt_chain_row *r);

/* A backend's part. Every member returns 0 or -1 with the store error
 * set. */
typedef struct dt_chain_io {
	/* Call fn with every current row of kind k (ref NULL) or with the row
	 * whose key is ref (not found: fn is not called). fn's row is valid
	 * during the call; fn returns 0 or -1 (stops, error set). */
	int (*rows)(dt_store *st, dt_chain_kind k, const char *ref,
	            dt_chain_row_fn fn, void *ctx);
	/* Every chain record in id order (owned, dt_chain_recs_free). */
	int (*records)(dt_store *st, dt_chain_rec **v, size_t *n);
	/* The highest id ever given (0 = none) and the newest record's hash
	 * (64 '0' when there is none). */
	int (*head)(dt_store *st, int64_t *seq, int64_t *max_id,
	            char hash[65]);
	/* The id (NULL: not wanted) and record text of the newest record of
	 * (kind, ref); *canon NULL (id 0) when there is none (else
	 * malloc'd). */
	int (*latest)(dt_store *st, const char *kind, const char *ref,
	              int64_t *id, char **canon);
	/* Store r (and move the id counter to r->id). */
	int (*insert)(dt_store *st, const dt_chain_rec *r);
} dt_chain_io;

/* Write-guard state of one connection. */
typedef struct dt_chain_guard {
	char ack_by[64];      /* who acknowledges a broken chain, "" = none */
	int guarded;          /* this write transaction passed the guard */
	int refused_break;    /* a write was refused: the chain is broken */
	int break_recorded;   /* a break record was appended */
} dt_chain_guard;

/* Check the whole chain (core dt_chain_check) against every current row;
 * heavy kinds (stored series) only when with_heavy. */
int dt_chain_store_verify(dt_store *st, const dt_chain_io *io,
                          int with_heavy, dt_chain_status *g);

/* Append a record of the row (kind k, key ref) as it is now; for an
 * updatable kind nothing when its newest record already says the same. */
int dt_chain_store_append(dt_store *st, const dt_chain_io *io,
                          dt_chain_kind k, const char *ref);

/* As dt_chain_store_append for a row the caller has just written and
 * still holds in memory: r gives its fields as the backend's rows()
 * would read them back (dt_chain_maps order; integers as decimal text,
 * BLOBs as the bytes bound), so a stored series is not read back from
 * the store to be hashed. verify reads the stored row: a difference
 * shows there as an altered row. */
int dt_chain_store_append_row(dt_store *st, const dt_chain_io *io,
                              const dt_chain_row *r);

/* As dt_chain_store_append for a row keyed by its id. */
int dt_chain_store_append_id(dt_store *st, const dt_chain_io *io,
                             dt_chain_kind k, int64_t id);

/* The write guard, once per write transaction (gs->guarded; the backend
 * clears it when the transaction ends): the cheap check (no series); a
 * broken chain whose defects are not all acknowledged refuses the write
 * ("integrity: the store was altered: ...", gs->refused_break) unless
 * gs->ack_by names who acknowledges it now: then a break record is
 * appended first (gs->break_recorded). */
int dt_chain_store_guard(dt_store *st, const dt_chain_io *io,
                         dt_chain_guard *gs);

/* Chain every current row that has no chain record yet (a store made
 * before the chain), kind by kind in the rows' order. */
int dt_chain_store_backfill(dt_store *st, const dt_chain_io *io);

/* As dt_chain_store_backfill for kind k alone (a migration that starts
 * chaining one more kind: rows of the other kinds written outside
 * dualtrack stay unchained, so verify still reports them). */
int dt_chain_store_backfill_kind(dt_store *st, const dt_chain_io *io,
                                 dt_chain_kind k);

/* The fields of a run's chain record before user_version 17 (SQLite) /
 * schema version 11 (PostgreSQL): name .. grad_accum_given; format,
 * segments, replayed_steps, step_source and created_at came after. */
#define DT_CHAIN_RUN_FIELDS_V16 6

/* The migration that adds fields to kind k's records (an updatable kind,
 * the new columns after its first `nold`): each row whose latest record
 * is its record text as the first nold fields make it gets a record of
 * all its fields, as it is now. A row with no record, or whose latest
 * record differs (altered before), is left as it is: still reported. A
 * row already sealed gets nothing (a second run adds no record). */
int dt_chain_store_reseal(dt_store *st, const dt_chain_io *io,
                          dt_chain_kind k, size_t nold);

/* The chain row of the stored levels of series row (file_id, metric,
 * part) just written from memory (lod, len bytes; both borrowed):
 * dt_chain_maps[DT_CHAIN_SERIES_LOD]'s columns as rows() reads them
 * back; num holds the file id's text. */
void dt_chain_lod_row(int64_t file_id, const char *metric, int64_t part,
                      const void *lod, size_t len, char num[24],
                      dt_chain_row *r);

/* The chain row of kind k (key ref) from its columns' values as text in
 * dt_chain_maps[k] order, vals[i] NULL for a NULL (all borrowed): a row
 * the caller has just written and holds in memory, its integers as
 * decimal text (what rows() reads back), for
 * dt_chain_store_append_row. No BLOB or REAL column. */
void dt_chain_text_row(dt_chain_kind k, const char *ref,
                       const char *const *vals, dt_chain_row *r);

/* Trigger `name` appended to the comma-separated list buf[cap] (at *o)
 * when it fits with room left for dt_chain_names_end's mark; else
 * nothing (the caller still counts it). *shown counts the names listed. */
void dt_chain_name_add(char *buf, size_t cap, size_t *o, size_t *shown,
                       const char *name);

/* End a list made by dt_chain_name_add of `total` names: ", +N more"
 * when only `shown` of them fit (a list is never cut without a mark). */
void dt_chain_names_end(char *buf, size_t cap, size_t o, size_t shown,
                        size_t total);

/* The notice of append-only triggers found missing or disabled: "store:
 * N append-only trigger(s) was/were missing ... (names)"; restored: 1 when
 * they were put back, 0 when not (read_only says why). */
void dt_chain_trigger_notice(char *out, size_t n, size_t nmissing,
                             const char *names, int read_only);

#endif
