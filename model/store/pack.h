/* pack.h: how every backend packs a raw series (model/core/rawlog.h) into
 * its binary columns, so a series has the same bytes on each backend and
 * `store copy` moves them unchanged: steps as little-endian int64, or the
 * first step alone when the steps advance by one constant positive
 * stride (stored beside it); values as IEEE-754 binary64 LE; segment
 * marks as uint32 LE. */
#ifndef DT_STORE_PACK_H
#define DT_STORE_PACK_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/rawlog.h"
#include "model/core/series.h"
#include "model/store/blobs.h"
#include "model/store/store.h"

/* The common difference of steps[0..n) when n >= 2 and they advance by
 * one positive stride, else 0 (store every step). */
int64_t dt_store_steps_stride(const int64_t *step, size_t n);

/* The part of s that dt_store_raw_append stores: points [from, s->n),
 * marks [from_mark, s->nmarks) (indexes into the whole series), viewing
 * s's arrays (nothing allocated). */
dt_rawseries dt_store_part_of(const dt_rawseries *s, size_t from,
                              size_t from_mark);

/* Join the parts of each file's series in chunks[0..*n) (rows loaded in
 * file then part order; consecutive chunks of one file id are its parts)
 * into one chunk per file, in place. Every array of the chunks is one of
 * o's buffers (model/store/blobs.h); a joined file's arrays are new
 * buffers kept by o and its parts' buffers are freed. A file with one
 * part is left as it is. The marks of every part are indexes into the
 * file's whole series already (dt_store_raw_append). The joined
 * sort_within_segment is set when any part has it. Returns 0, or -1 on
 * ENOMEM (the chunks then still point at o's buffers: free o). */
int dt_store_join_parts(dt_rawchunk *chunks, size_t *n, dt_blob_owner *o);

/* Fold one stored part of a series into the shape being built (parts in
 * order, sh zeroed before the first): its point count, first step (any
 * value when n is 0), stored stride (dt_store_steps_stride of its
 * steps), marks count and sort flag. sh->stride stays > 0 only while
 * every part so far is evenly stepped by one stride and continues the
 * one before it (its first step one stride after the previous last);
 * *last carries the last step seen between calls (set by the call). */
void dt_store_shape_add_part(dt_series_shape *sh, int64_t *last, size_t n,
                             int64_t first, int64_t stride, size_t nmarks,
                             int sort_within_segment);

#endif
