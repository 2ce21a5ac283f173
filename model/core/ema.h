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

#include <stddef.h>

/* Smooth y[0..n) into out[0..n) (out may be y: in-place is allowed).
 * Units are those of y. `w` is the smoothing weight (0 = no smoothing,
 * 0.6 TensorBoard's default). Never fails; n = 0 does nothing. O(n). */
void dt_ema(const double *y, size_t n, double w, double *out);

/* The weight actually used for `w`: clamp to [0, 1], non-finite -> 0. */
double dt_ema_weight(double w);

#endif
