/* series_seal.h: every stored series a reader loads is checked against
 * the SHA-256 its chain record sealed it with (model/core/chain.h: a
 * series row's record names its steps, values and marks BLOBs by
 * SHA-256), on the bytes already read, so values changed behind the
 * append-only triggers are never shown as genuine: the chain check
 * every command runs (dt_store_chain_verify without the series) skips
 * the series, and only `verify` re-hashes them all.
 *
 * A row whose bytes differ from its record (or that has no record) is
 * noted on the store (dt_store_chain_note) as "series METRIC of run RUN:
 * stored values differ from their sealed digest (chain record N)": from
 * then on the integrity every front-end loads (integrity.h) is ALTERED
 * with that reason, and the write guard refuses writes (a decision among
 * them) as for any altered record, unless the break is acknowledged.
 * Cost: one SHA-256 pass over the bytes read (about 5 ms per 1M points
 * with the CPU's SHA instructions) and one indexed read of the record per
 * stored row. */
#ifndef DT_SERIES_SEAL_H
#define DT_SERIES_SEAL_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/series.h"
#include "model/store/store.h"

/* The SHA-256 of each BLOB of one stored series row as read (64 hex
 * digits) and whether it held any bytes (a record's NULL column matches
 * an empty one). */
typedef struct dt_seal_digest {
	char steps[65], vals[65], marks[65];
	size_t steps_len, vals_len, marks_len;
} dt_seal_digest;

/* THE check: the digests of row (file_id, metric, part) of run `run`
 * against the row's newest chain record. Returns 0 when they match, 1
 * when they do not (noted on the store, see the file comment; the
 * reason also in why, size whylen, when why is not NULL), -1 on a store
 * error (message in err). */
int dt_series_seal_check(dt_store *st, const char *run, const char *metric,
                         int64_t file_id, int64_t part,
                         const dt_seal_digest *d, char *why, size_t whylen,
                         char *err, size_t errlen);

/* Hash the rows behind chunks loaded by dt_store_raw_load (blob_owner
 * its owner, before any array is detached) and check each
 * (dt_series_seal_check). Returns 0 when all match, 1 when one or more
 * did not (noted), -1 on error (message in err). */
int dt_series_seal_chunks(dt_store *st, const char *run, const char *metric,
                          const dt_rawchunk *chunks, size_t nchunks,
                          void *blob_owner, char *err, size_t errlen);

/* The stored levels of detail of row (file_id, metric, part) of run
 * `run` (lod, len bytes, as read: model/store/store.h
 * dt_store_lod_load_row) against the SHA-256 their chain record (kind
 * series_lod) sealed them with. Returns 0 when they match; 1 when they
 * do not or have no record, noted on the store as for a series, in
 * verify's words ("stored levels FILE/METRIC (METRIC): the stored row
 * differs from chain record N (altered)"): the caller then builds the levels
 * from the values instead; -1 on a store error (message in err). About
 * 1 ms per 1M points (1.25 MB hashed). */
int dt_lod_seal_check(dt_store *st, const char *run, const char *metric,
                      int64_t file_id, int64_t part, const void *lod,
                      size_t len, char *err, size_t errlen);

#endif
