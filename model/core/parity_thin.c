/* parity_thin.c: min/max decimation of compared points (parity_thin.h). */
#include "model/core/parity_thin.h"

#include <math.h>
#include <string.h>

static int must_keep(const dt_parity_point *p)
{
	return p->breach || !isfinite(p->baseline) || !isfinite(p->pilot) ||
	       !isfinite(p->rel_diff);
}

/* Keep the extremes of the finite baseline and pilot values of [i0, i1). */
static void keep_extremes(const dt_parity_point *pts, size_t i0, size_t i1,
                          unsigned char *keep)
{
	size_t lo_b = i1, hi_b = i1, lo_p = i1, hi_p = i1;
	for (size_t i = i0; i < i1; i++) {
		double b = pts[i].baseline, p = pts[i].pilot;
		if (isfinite(b)) {
			if (lo_b == i1 || b < pts[lo_b].baseline) lo_b = i;
			if (hi_b == i1 || b > pts[hi_b].baseline) hi_b = i;
		}
		if (isfinite(p)) {
			if (lo_p == i1 || p < pts[lo_p].pilot) lo_p = i;
			if (hi_p == i1 || p > pts[hi_p].pilot) hi_p = i;
		}
	}
	size_t pick[4] = { lo_b, hi_b, lo_p, hi_p };
	for (int k = 0; k < 4; k++)
		if (pick[k] < i1)
			keep[pick[k]] = 1;
}

size_t dt_parity_thin(const dt_parity_point *pts, size_t n, size_t max_points,
                      unsigned char *keep)
{
	if (n <= max_points) {
		memset(keep, 1, n);
		return n;
	}
	memset(keep, 0, n);
	size_t buckets = max_points / DT_THIN_MIN_POINTS;
	if (buckets == 0)
		buckets = 1;
	/* buckets of q or q + 1 points: the first r hold one more */
	size_t q = n / buckets, r = n % buckets, i0 = 0;
	for (size_t k = 0; k < buckets; k++) {
		size_t i1 = i0 + q + (k < r);
		keep_extremes(pts, i0, i1, keep);
		i0 = i1;
	}
	size_t kept = 0;
	for (size_t i = 0; i < n; i++) {
		if (must_keep(&pts[i]))
			keep[i] = 1;
		kept += keep[i];
	}
	return kept;
}
