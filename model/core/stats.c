/* dt_stats.c: median, MAD and the logging interval of a curve. */
#include "model/core/stats.h"

#include <math.h>
#include <stdlib.h>

/* k-th smallest of v[0..n) (k < n), reordering v: Hoare's quickselect
 * with a median-of-three pivot, O(n) expected (C. A. R. Hoare, "Algorithm
 * 65: Find", CACM 4(7), 1961). A full sort of a 10 M-point curve would
 * cost a second; this is linear. Defined for double and int64_t. */
#define DEFINE_SELECT(T, NAME)                                              \
	static T NAME(T *v, size_t n, size_t k)                              \
	{                                                                    \
		size_t lo = 0, hi = n - 1;                                   \
		while (lo < hi) {                                            \
			size_t mid = lo + (hi - lo) / 2;                     \
			T a = v[lo], b = v[mid], c = v[hi];                  \
			T p = a < b ? (b < c ? b : (a < c ? c : a))          \
			            : (a < c ? a : (b < c ? c : b));         \
			size_t i = lo, j = hi;                               \
			while (i <= j) {                                     \
				while (v[i] < p)                             \
					i++;                                 \
				while (p < v[j])                             \
					j--;                                 \
				if (i <= j) {                                \
					T t = v[i];                          \
					v[i] = v[j];                         \
					v[j] = t;                            \
					i++;                                 \
					if (j == 0)                          \
						break;                       \
					j--;                                 \
				}                                            \
			}                                                    \
			if (k <= j)                                          \
				hi = j;                                      \
			else if (k >= i)                                     \
				lo = i;                                      \
			else                                                 \
				return v[k];                                 \
		}                                                            \
		return v[k];                                                 \
	}
DEFINE_SELECT(double, select_double)
DEFINE_SELECT(int64_t, select_i64)

double dt_select_inplace(double *v, size_t n, size_t k)
{
	return select_double(v, n, k);
}

double dt_median_inplace(double *v, size_t n)
{
	if (n == 0)
		return NAN;
	return select_double(v, n, n / 2);
}

double dt_mad_inplace(double *v, size_t n, double med)
{
	for (size_t i = 0; i < n; i++)
		v[i] = fabs(v[i] - med);
	return dt_median_inplace(v, n);
}

int64_t dt_series_median_gap(const dt_series *s)
{
	if (s->n < 2)
		return 0;
	int64_t *g = malloc((s->n - 1) * sizeof *g);
	if (!g)
		return s->step[1] - s->step[0] > 0 ? s->step[1] - s->step[0] : 0;
	size_t m = 0;
	for (size_t i = 1; i < s->n; i++)
		if (s->step[i] > s->step[i - 1])
			g[m++] = s->step[i] - s->step[i - 1];
	int64_t med = m ? select_i64(g, m, m / 2) : 0;
	free(g);
	return med;
}
