/* chain_digest.h: the SHA-256 of a chain row's BLOB fields computed on
 * a second thread while the row itself is written.
 *
 * A series row's chain record names its BLOBs by SHA-256
 * (model/core/chain.h dt_chain_row_canon): 8 MB of values per 1M-point
 * series, ~7 ms of hashing, done after SQLite's insert of the same
 * bytes, on one core, while the other waited. Begun before the insert
 * and ended after it, the hashing costs no wall time on two cores
 * (bench/peers.sh, CSV import). The bytes hashed are the fields' own
 * data[0, len), read-only on both threads, so the record is the same
 * byte for byte as one hashed inline. */
#ifndef DT_CHAIN_DIGEST_H
#define DT_CHAIN_DIGEST_H

#include <pthread.h>
#include <stddef.h>

#include "model/core/chain.h"

/* Rows whose BLOBs total fewer bytes are hashed inline (a thread costs
 * more than their hashing). */
#define DT_CHAIN_DIGEST_THREAD_FROM ((size_t)1 << 20)

typedef struct dt_chain_digests {
	dt_chain_row *row;     /* the row begun, NULL: nothing begun */
	pthread_t th;
	char hex[DT_CHAIN_FIELDS_MAX][65];
	int rc;                /* 0, -1: a digest failed */
} dt_chain_digests;

/* Start hashing every non-NULL BLOB field of `row` on a thread when they
 * total DT_CHAIN_DIGEST_THREAD_FROM bytes or more (else, or when no
 * thread can start, nothing: dt_chain_row_canon hashes them). `row` and
 * the bytes its fields point to must stay in place and unchanged until
 * dt_chain_digests_end. */
void dt_chain_digests_begin(dt_chain_digests *d, dt_chain_row *row);

/* Wait for the hashing begun and set each hashed field's sha256 to its
 * digest (kept in d: d must outlive the row's use). Returns 0, or -1 when
 * a digest failed (the fields are then left to be hashed inline). Safe
 * after a begin that started nothing. */
int dt_chain_digests_end(dt_chain_digests *d);

#endif
