/* dt_resample.h: explicit transforms of a curve before comparison, each
 * one opt-in and marked as such in the output (issue 5).
 *
 * - Interpolation onto another curve's steps: for runs logged at
 *   different intervals, which otherwise pair only at common steps.
 * - Window means: mean over windows of W effective steps, for noisy
 *   per-step logs. */
#ifndef DT_RESAMPLE_H
#define DT_RESAMPLE_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/series.h"

/* Linear interpolation of `src` at every step of `onto` that lies within
 * [first, last] step of src: a step src logs is copied; otherwise
 * y = y0 + (y1 - y0) * (x - x0) / (x1 - x0) between the neighbouring
 * logged points x0 < x < x1 (a non-finite neighbour gives NaN: nothing
 * is invented across a NaN/inf). Steps of `onto` outside src's range are
 * dropped. out->segment[i] is 0 for an interpolated point, else the
 * segment of the copied point; *ninterp counts interpolated points.
 * Returns 0 or -1 (ENOMEM); free out with dt_series_free. */
int dt_series_interpolate(const dt_series *src, const dt_series *onto,
                          dt_series *out, size_t *ninterp);

/* Window means: window k >= 1 covers effective steps ((k-1)W, kW] and
 * becomes one point at step kW holding the mean of the points inside it
 * (a non-finite point makes the mean non-finite, so it still breaches);
 * empty windows are skipped, a partial last window is kept. Steps <= 0
 * fall into window 0 (step 0). W >= 1. Returns 0 or -1 (ENOMEM, EINVAL
 * for W < 1); free out with dt_series_free. */
int dt_series_window_mean(const dt_series *s, int64_t w, dt_series *out);

#endif
