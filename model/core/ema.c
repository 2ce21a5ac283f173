/* dt_ema.c: TensorBoard debiased EMA (see dt_ema.h for the formula). */
#include "model/core/ema.h"

#include <math.h>

double dt_ema_weight(double w)
{
	if (!isfinite(w))
		return 0.0;
	if (w < 0.0)
		return 0.0;
	if (w > 1.0)
		return 1.0;
	return w;
}

double dt_ema_cutoff(double w)
{
	const double tiny = 0x1p-54;
	if (!(w < 1.0))
		return INFINITY;
	if (w <= 0.0)
		return 1.0;
	/* estimate, then the exact edge by pow itself (w^c decreases in c) */
	double c = ceil(log(tiny) / log(w));
	if (c < 1.0)
		c = 1.0;
	while (c > 1.0 && pow(w, c - 1.0) <= tiny)
		c -= 1.0;
	while (pow(w, c) > tiny)
		c += 1.0;
	return c;
}

void dt_ema(const double *y, size_t n, double w, double *out)
{
	double last = 0.0, count = 0.0;
	int constant = 1;
	size_t i;

	w = dt_ema_weight(w);
	double cut = dt_ema_cutoff(w);
	/* TB compares with ==, so a series holding a NaN is never constant. */
	for (i = 1; i < n; i++) {
		if (!(y[i] == y[0])) {
			constant = 0;
			break;
		}
	}
	if (n > 0 && !(y[0] == y[0]))
		constant = 0;
	for (i = 0; i < n; i++) {
		double v = y[i];
		if (constant || !isfinite(v)) {
			out[i] = v;
			continue;
		}
		out[i] = dt_ema_step(&last, &count, w, cut, v);
	}
}
