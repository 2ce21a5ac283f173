/* step_grid.h: evenly stepped curves (point i at step first + i *
 * stride), as a store describes a series logged at a fixed interval
 * (store.h, dt_series_shape): how many steps two of them share, known
 * before any value is read. Pure computation. */
#ifndef DT_STEP_GRID_H
#define DT_STEP_GRID_H

#include <stddef.h>
#include <stdint.h>

/* One evenly stepped curve: n points at steps first + i * stride,
 * i = 0 .. n-1 (stride > 0; any stride when n <= 1). */
typedef struct dt_step_grid {
	int64_t first;
	int64_t stride;
	size_t n;
} dt_step_grid;

/* The number of steps s on both grids a and b with s >= min_step (the
 * steps the parity rule pairs, parity.h, with min_step = warm-up + 1;
 * INT64_MIN for all). The common steps of two arithmetic progressions
 * are one progression of stride lcm(a.stride, b.stride) (empty unless
 * gcd(a.stride, b.stride) divides b.first - a.first; Chinese remainder
 * theorem); counted in O(log stride), 128-bit intermediates. Returns
 * (size_t)-1 when a grid with n > 1 has stride <= 0. */
size_t dt_step_grid_common(const dt_step_grid *a, const dt_step_grid *b,
                           int64_t min_step);

/* The same, also giving the first common step >= min_step (*first) and
 * the stride of the common steps (*stride: lcm of the strides, INT64_MAX
 * when larger) when the count is above 0 (unset otherwise; either may
 * be NULL): common step k is *first + k * *stride. */
size_t dt_step_grid_common_at(const dt_step_grid *a, const dt_step_grid *b,
                              int64_t min_step, int64_t *first,
                              int64_t *stride);

#endif
