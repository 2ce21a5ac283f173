/* curve.h: one curve as a chart reads it, whether its points are in
 * memory or stay in the store: n points; the x of point i from an array
 * or, for an evenly stepped log, the affine first + i * stride (no
 * array); the values from an array or read in chunks through a fetch
 * callback (decimate.h dt_values_fetch); and the min/max pyramid over
 * the values (in memory: a few bytes a block, never a value a point).
 * A frame then costs O(W log n) and reads only the values at the edges
 * of its columns and under the cursor.
 * Pure computation: the fetch callback hides where the values live
 * (model/service/curve_open.h reads them from the store). */
#ifndef DT_CURVE_H
#define DT_CURVE_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/decimate.h"

typedef struct dt_curve {
	size_t n;                 /* points */
	const int64_t *x;         /* [n] strictly increasing, borrowed; NULL:
	                           * point i is at x_first + i * x_stride */
	int64_t x_first, x_stride; /* the affine x (x_stride > 0) */
	const double *y;          /* [n] values, borrowed; NULL: read through
	                           * fetch */
	dt_values_fetch fetch;    /* with y NULL */
	void *fetch_ctx;
	const dt_pyramid *pyr;    /* over the values (same n, same fetch when
	                           * y is NULL), borrowed */
} dt_curve;

/* x of point i (i < c->n). */
int64_t dt_curve_x(const dt_curve *c, size_t i);

/* Index of the first point with x >= key, c->n when none: affine
 * arithmetic when x is affine, else a binary search; O(log n). */
size_t dt_curve_lower_bound(const dt_curve *c, double key);

/* Values [first, first + count) into out[0..count) (copied from y, or
 * read through fetch). Returns 0, or -1 when the range passes n or the
 * fetch fails. */
int dt_curve_values(const dt_curve *c, size_t first, size_t count,
                    double *out);

/* Value of point i, NAN when i >= n or it cannot be read. */
double dt_curve_value(const dt_curve *c, size_t i);

/* Summary of the points with x in [x0, x1): their index range through
 * dt_curve_lower_bound, then dt_pyramid_query. */
dt_range dt_curve_range(const dt_curve *c, double x0, double x1);

/* dt_decimate_columns over the curve: the column edges by
 * dt_curve_lower_bound (no x array needed), each column summarised by
 * the pyramid. out[ncols]. */
void dt_curve_columns(const dt_curve *c, double x0, double span,
                      size_t ncols, dt_column *out);

#endif
