/* store_copy.h: copy a whole store to another, across backends (SQLite
 * file to PostgreSQL and back), keeping every id, time and hash, so the
 * copy verifies with the same chain head (model/service/store_copy.c). */
#ifndef DT_SERVICE_STORE_COPY_H
#define DT_SERVICE_STORE_COPY_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/decision.h"
#include "model/store/store.h"

/* What a copy did. */
typedef struct dt_copy_report {
	int64_t rows;                /* rows copied, all tables */
	size_t tables;               /* tables copied */
	dt_chain_report source;      /* the source's chain, checked first */
	dt_chain_report dest;        /* the copy's chain, checked after */
} dt_copy_report;

/* Copy every row of `from` into `to`, which must be empty (a new store).
 * The source's chain is verified first: a broken chain is refused (-1,
 * nothing written, the message names the first bad record). The copy is
 * one transaction on `to`; its chain is verified after the commit and
 * must end at the source's head. Returns 0 (copied and verified, *r
 * filled), 1 (the source's chain is broken: nothing written; or the copy
 * was written but does not verify to the same head) or -1 (a store
 * error, or `to` is not empty: nothing written), with the message in err
 * (size errlen). */
int dt_store_copy(dt_store *from, dt_store *to, dt_copy_report *r,
                  char *err, size_t errlen);

#endif
