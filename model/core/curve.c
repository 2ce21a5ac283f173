/* curve.c: a curve's x, values and column summaries (curve.h). */
#include "model/core/curve.h"

#include <math.h>
#include <string.h>

int64_t dt_curve_x(const dt_curve *c, size_t i)
{
	return c->x ? c->x[i] : c->x_first + (int64_t)i * c->x_stride;
}

size_t dt_curve_lower_bound(const dt_curve *c, double key)
{
	if (c->x)
		return dt_lower_bound_i64(c->x, c->n, key);
	if (c->n == 0 || !(key > (double)c->x_first))
		return 0; /* also NaN keys: as the binary search, which never
		           * moves on a false comparison */
	/* first i with x_first + i * stride >= key: ceil((key - first) /
	 * stride), then corrected by one either way for rounding */
	double q = ceil((key - (double)c->x_first) / (double)c->x_stride);
	if (!(q < (double)c->n))
		return c->n;
	size_t i = (size_t)q;
	while (i > 0 && (double)dt_curve_x(c, i - 1) >= key)
		i--;
	while (i < c->n && (double)dt_curve_x(c, i) < key)
		i++;
	return i;
}

int dt_curve_values(const dt_curve *c, size_t first, size_t count,
                    double *out)
{
	if (first > c->n || count > c->n - first)
		return -1;
	if (count == 0)
		return 0;
	if (c->y) {
		memcpy(out, c->y + first, count * sizeof *out);
		return 0;
	}
	return c->fetch ? c->fetch(c->fetch_ctx, first, count, out) : -1;
}

double dt_curve_value(const dt_curve *c, size_t i)
{
	double v;
	return dt_curve_values(c, i, 1, &v) == 0 ? v : NAN;
}

dt_range dt_curve_range(const dt_curve *c, double x0, double x1)
{
	return dt_pyramid_query(c->pyr, dt_curve_lower_bound(c, x0),
	                        dt_curve_lower_bound(c, x1));
}

void dt_curve_columns(const dt_curve *c, double x0, double span,
                      size_t ncols, dt_column *out)
{
	if (ncols == 0)
		return;
	size_t i0 = dt_curve_lower_bound(c, x0);
	for (size_t k = 0; k < ncols; k++) {
		double end = x0 + span * (double)(k + 1) / (double)ncols;
		size_t i1 = dt_curve_lower_bound(c, end);
		out[k].i0 = i0;
		out[k].i1 = i1;
		if (i1 > i0) {
			out[k].r = dt_pyramid_query(c->pyr, i0, i1);
		} else {
			memset(&out[k].r, 0, sizeof out[k].r);
			out[k].r.min = INFINITY;
			out[k].r.max = -INFINITY;
		}
		i0 = i1;
	}
}
