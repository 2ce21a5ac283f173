/* dt_noise.h: noise-aware parity: the pilot's gap to the GPU baselines as
 * a multiple of the GPU's own run-to-run spread.
 *
 * With k >= 2 GPU baseline runs (different seeds) and a pilot, at every
 * effective step s > warm-up (every step when warm-up is 0) where all
 * k + 1 runs hold finite values, B_0 being the pilot's own baseline:
 *   spread_s = sqrt(mean over baseline pairs i < j of (B_i - B_j)^2)
 *   gap_s    = |P - B_0|
 * (the gap to the pilot's own baseline: a pilot identical to it reads 0;
 * averaging over all baselines read 1/sqrt(2) = 0.707 for k = 2, issue 9)
 * and the noise ratio over the N such steps is
 *   R = sqrt(sum_s gap_s^2) / sqrt(sum_s spread_s^2),
 * the Frobenius-norm form of the Neuron framework-equivalence R-ratio
 * (aws-neuron-sdk neuron-framework-equivalence.rst; ANCHORS.md b5) with
 * seed-to-seed noise in place of bf16-vs-fp32. A pilot that behaves like
 * one more GPU seed has E[gap^2] = E[(P - B_0)^2] = 2 sigma^2 =
 * E[spread^2], so R is about 1. Bands (b5): R <= 1.2 within GPU noise, <= 3 possible difference,
 * <= 10 likely difference, above: far outside GPU noise. Per-step ratios
 * gap_s / spread_s are kept for charts (inf where spread_s is 0).
 * When the GPU runs agree exactly at every used step (sum of spread_s^2
 * is 0: the same run imported twice, or a fully deterministic rerun) R
 * is undefined: ratio is NaN and spread_zero is 1 (no epsilon: dividing
 * by a tiny constant turned a 0.1 % gap into R = 2.5e10). */
#ifndef DT_NOISE_H
#define DT_NOISE_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/parity.h"
#include "model/core/series.h"

#define DT_NOISE_ACCEPT 1.2   /* b5: "< 1.2 acceptable" */

typedef struct dt_noise {
	size_t nbaselines;    /* k */
	size_t n;             /* steps used */
	int64_t *step;        /* [n] owned */
	double *spread;       /* [n] GPU run-to-run spread, metric units */
	double *gap;          /* [n] pilot gap, metric units */
	double ratio;         /* R; NaN when n = 0 or spread_zero */
	int spread_zero;      /* 1: n > 0 and the GPU runs are identical at
	                       * every used step (R undefined) */
	double mean_spread;   /* RMS of spread_s */
	double mean_gap;      /* RMS of gap_s */
} dt_noise;

/* Compute the noise ratio of `pilot` against `baselines[0..k)` (k >= 2),
 * pairing by effective step; steps <= warmup are skipped. Returns 0, or
 * -1 with errno EINVAL (k < 2) / ENOMEM. Free with dt_noise_free. */
int dt_noise_compute(const dt_series *const *baselines, size_t k,
                     const dt_series *pilot, int64_t warmup, dt_noise *out);

/* Band of a ratio: "within GPU noise", "possible difference", "likely
 * difference", "far outside GPU noise", or "insufficient" for NaN. */
const char *dt_noise_band(double ratio);

/* The verdict of the noise rule: pass when R <= DT_NOISE_ACCEPT, fail
 * above; insufficient for a NULL noise, fewer than 2 steps, or R
 * undefined (no common step, GPU runs identical: spread_zero). */
dt_verdict dt_noise_rule_verdict(const dt_noise *n);

void dt_noise_free(dt_noise *n);

#endif
