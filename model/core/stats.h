/* dt_stats.h: small robust statistics shared by the verdict rules. */
#ifndef DT_STATS_H
#define DT_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/series.h"

/* Median of v[0..n) (reorders v in place, O(n); NaN must not be present); the
 * upper middle for even n, as numpy's "higher" rule; NaN when n = 0. */
double dt_median_inplace(double *v, size_t n);

/* The element of rank k (0-based, ascending) of v[0..n), k < n:
 * reorders v in place (Hoare's quickselect, O(n) expected); NaN must not
 * be present. */
double dt_select_inplace(double *v, size_t n, size_t k);

/* Median absolute deviation around `med`: median |v[i] - med|; uses and
 * overwrites v. NaN when n = 0. */
double dt_mad_inplace(double *v, size_t n, double med);

/* Median of the positive gaps between consecutive steps of s (the
 * logging interval, effective steps); 0 when s has fewer than 2 points. */
int64_t dt_series_median_gap(const dt_series *s);

#endif
