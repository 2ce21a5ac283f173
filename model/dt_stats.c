/* dt_stats.c: median, MAD and the logging interval of a curve. */
#include "model/dt_stats.h"

#include <math.h>
#include <stdlib.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

double dt_median_inplace(double *v, size_t n)
{
	if (n == 0)
		return NAN;
	qsort(v, n, sizeof *v, cmp_double);
	return v[n / 2];
}

double dt_mad_inplace(double *v, size_t n, double med)
{
	for (size_t i = 0; i < n; i++)
		v[i] = fabs(v[i] - med);
	return dt_median_inplace(v, n);
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
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
	qsort(g, m, sizeof *g, cmp_i64);
	int64_t med = m ? g[m / 2] : 0;
	free(g);
	return med;
}
