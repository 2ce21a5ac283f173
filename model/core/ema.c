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

void dt_ema(const double *y, size_t n, double w, double *out)
{
	double last = 0.0, count = 0.0;
	int constant = 1;
	size_t i;

	w = dt_ema_weight(w);
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
		last = last * w + (1.0 - w) * v;
		count += 1.0;
		out[i] = w == 1.0 ? last : last / (1.0 - pow(w, count));
	}
}
