/* parity_thin.h: which points of a comparison to print when a caller asks
 * for at most N of them (`compare --json --max-points N`).
 *
 * Min/max decimation: the n compared points are cut into B = N / 4
 * buckets of consecutive points (n / B points each, the first n % B
 * buckets one more), and
 * each bucket keeps the points holding its minimum and its maximum
 * baseline value and its minimum and maximum pilot value (at most 4, so at
 * most N points in all); a chart drawn from the kept points has the same
 * per-bucket envelope as one drawn from every point (the min/max rule of
 * decimate.h's pyramid, applied to two curves). On top of these, every
 * breaching point and every point with a non-finite baseline, pilot or
 * relative difference is kept, whatever N. Points keep their order.
 * Pure computation. */
#ifndef DT_PARITY_THIN_H
#define DT_PARITY_THIN_H

#include <stddef.h>

#include "model/core/parity.h"

/* Smallest N accepted: one bucket's minimum and maximum of both curves. */
#define DT_THIN_MIN_POINTS 4

/* Mark in keep[0..n) (1 kept, 0 dropped) the points of pts[0..n) to print
 * under a budget of max_points (>= DT_THIN_MIN_POINTS) by the rule above;
 * every point is kept when n <= max_points. Returns the number kept,
 * which is <= max_points + breaching points + non-finite points. */
size_t dt_parity_thin(const dt_parity_point *pts, size_t n, size_t max_points,
                      unsigned char *keep);

#endif
