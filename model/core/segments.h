/* dt_segments.h: helpers for per-segment curves (dt_resolve_segments),
 * shared by the resume checks and the ledger's time derivation. */
#ifndef DT_SEGMENTS_H
#define DT_SEGMENTS_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/series.h"

/* The latest-segment-wins limits of segs[0..n) (dt_series.h): lim[j] =
 * the lowest first step of segments j+1..n-1 (INT64_MAX for the last);
 * a point of segment j is kept while its step < lim[j], else a later
 * segment superseded it. Returns a malloc'd array [n] (free()), or NULL
 * with errno ENOMEM. */
int64_t *dt_segment_limits(const dt_series *segs, size_t n);

/* Free n curves and the array holding them (NULL accepted). */
void dt_segments_free(dt_series *segs, size_t n);

#endif
