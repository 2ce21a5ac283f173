/* dt_ema.h: TensorBoard's debiased exponential moving average.
 *
 * Formula (ANCHORS.md b1; tensorboard/webapp/widgets/line_chart_v2/
 * data_transformer.ts::classicSmoothing, also W&B's "EMA"):
 *   w = clamp(w, 0, 1); a non-finite w becomes 0.
 *   A series whose points are all equal is returned as it is.
 *   last = 0, n = 0; for each y:
 *     y not finite -> out = y (n unchanged);
 *     otherwise    -> last = last*w + (1-w)*y; n += 1;
 *                     out = last / (w == 1 ? 1 : 1 - w^n).
 * Pure computation: no terminal code, no allocation. */
#ifndef DT_EMA_H
#define DT_EMA_H

#include <math.h>
#include <stddef.h>

/* The smallest count from which w^count <= 2^-54 (w in [0, 1)): from
 * there 1 - w^count is exactly 1.0 in double arithmetic (1 - x rounds to
 * 1 for 0 <= x <= 2^-54), so the debiasing divides by 1 and pow (slow
 * once w^count underflows) need not be called; INFINITY for w = 1. */
double dt_ema_cutoff(double w);

/* One finite value v into the running state (last, count) under the
 * weight w (already dt_ema_weight'ed; cut = dt_ema_cutoff(w)); returns
 * the smoothed value. The step dt_ema takes for every finite value of a
 * series that is not constant, shared so that a curve smoothed block by
 * block from a kept state (ema_curve.h) gives the same bits. */
static inline double dt_ema_step(double *last, double *count, double w,
                                 double cut, double v)
{
	*last = *last * w + (1.0 - w) * v;
	*count += 1.0;
	if (w == 1.0 || *count >= cut)
		return *last; /* w^count <= 2^-54: last / (1 - w^count) = last */
	return *last / (1.0 - pow(w, *count));
}

/* Smooth y[0..n) into out[0..n) (out may be y: in-place is allowed).
 * Units are those of y. `w` is the smoothing weight (0 = no smoothing,
 * 0.6 TensorBoard's default). Never fails; n = 0 does nothing. O(n). */
void dt_ema(const double *y, size_t n, double w, double *out);

/* The weight actually used for `w`: clamp to [0, 1], non-finite -> 0. */
double dt_ema_weight(double w);

#endif
