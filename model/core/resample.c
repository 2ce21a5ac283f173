/* dt_resample.c: interpolation onto other steps and window means (rules
 * in dt_resample.h). */
#include "model/core/resample.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int alloc_out(dt_series *o, size_t n)
{
	memset(o, 0, sizeof *o);
	o->step = malloc((n ? n : 1) * sizeof *o->step);
	o->value = malloc((n ? n : 1) * sizeof *o->value);
	o->segment = malloc((n ? n : 1) * sizeof *o->segment);
	if (!o->step || !o->value || !o->segment) {
		dt_series_free(o);
		errno = ENOMEM;
		return -1;
	}
	o->nsegments = 1;
	return 0;
}

static void put(dt_series *o, int64_t step, double v, uint16_t seg)
{
	o->step[o->n] = step;
	o->value[o->n] = v;
	o->segment[o->n] = seg;
	if (!isfinite(v))
		o->non_finite++;
	o->n++;
}

int dt_series_interpolate(const dt_series *src, const dt_series *onto,
                          dt_series *out, size_t *ninterp)
{
	*ninterp = 0;
	if (alloc_out(out, onto->n) < 0)
		return -1;
	if (src->n == 0)
		return 0;
	int64_t lo = src->step[0], hi = src->step[src->n - 1];
	size_t j = 0;
	for (size_t i = 0; i < onto->n; i++) {
		int64_t x = onto->step[i];
		if (x < lo || x > hi)
			continue;
		while (j < src->n && src->step[j] < x)
			j++;
		if (src->step[j] == x) {
			put(out, x, src->value[j], src->segment ? src->segment[j] : 1);
			continue;
		}
		double y0 = src->value[j - 1], y1 = src->value[j];
		double x0 = (double)src->step[j - 1], x1 = (double)src->step[j];
		double y = isfinite(y0) && isfinite(y1) ?
		           y0 + (y1 - y0) * ((double)x - x0) / (x1 - x0) : NAN;
		put(out, x, y, 0);
		(*ninterp)++;
	}
	return 0;
}

/* Window index of step s: ceil(s / w) for s > 0, else 0. */
static int64_t window_of(int64_t s, int64_t w)
{
	return s > 0 ? (s + w - 1) / w : 0;
}

int dt_series_window_mean(const dt_series *s, int64_t w, dt_series *out)
{
	memset(out, 0, sizeof *out);
	if (w < 1) {
		errno = EINVAL;
		return -1;
	}
	if (alloc_out(out, s->n) < 0)
		return -1;
	for (size_t i = 0; i < s->n;) {
		int64_t k = window_of(s->step[i], w);
		double sum = 0;
		size_t j = i;
		while (j < s->n && window_of(s->step[j], w) == k)
			sum += s->value[j++];
		put(out, k * w, sum / (double)(j - i), 1);
		i = j;
	}
	return 0;
}
