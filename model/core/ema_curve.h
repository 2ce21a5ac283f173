/* ema_curve.h: a curve's EMA (ema.h, TensorBoard's debiased smoothing)
 * as a curve (curve.h) without an array of smoothed values: one pass
 * over the raw values, read in chunks, keeps the smoothing state before
 * every level-0 block of DT_PYRAMID_LEAF points (16 bytes a block) and
 * the block's min/max of the smoothed values, from which the pyramid is
 * built (dt_pyramid_build_leaves); a smoothed value is then recomputed
 * from its block's state (at most DT_PYRAMID_LEAF - 1 raw values
 * before it), bit for bit what dt_ema gives over the whole array (same
 * step, dt_ema_step, in the same order). Memory about 2 bytes a point
 * (state, levels) instead of 8 + 1.3. Pure computation: the raw curve's
 * fetch hides where its values live. */
#ifndef DT_EMA_CURVE_H
#define DT_EMA_CURVE_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/curve.h"

typedef struct dt_ema_curve {
	dt_curve c;               /* the smoothed curve: the raw curve's x,
	                           * values through fetch, c.pyr = &pyr */
	dt_pyramid pyr;           /* over the smoothed values */
	const dt_curve *raw;      /* borrowed; NULL: not built */
	double w;                 /* the weight used (dt_ema_weight) */
	double cut;               /* dt_ema_cutoff(w) */
	int constant;             /* every value equal: smoothed = raw */
	double *last, *count;     /* [blocks] the state before each block */
	double *buf;              /* [DT_EMA_CURVE_CHUNK] raw values */
	int failed;               /* a read of the raw curve failed */
	int ready;                /* 1: built (c usable); 0 while the build
	                           * is under way (dt_ema_curve_begin) */
	/* the build under way: next raw point, smoothing state, first value,
	 * all equal so far, each block's smoothed min/max/non-finite count */
	size_t at;
	double s_last, s_n, first;
	int s_constant;
	double *lmin, *lmax;
	uint32_t *lbad;
} dt_ema_curve;

/* Raw values read at a time while building (512 KiB). */
#define DT_EMA_CURVE_CHUNK 65536

/* Smooth `raw` (borrowed: must outlive e) with weight w (dt_ema_weight
 * applied). *e points into itself once built: not to be moved. Returns
 * 0, or -1 (errno ENOMEM, or EIO when the raw curve could not be read;
 * e empty). */
int dt_ema_curve_build(dt_ema_curve *e, const dt_curve *raw, double w);

/* The same build in steps, so a chart can answer keys meanwhile:
 * dt_ema_curve_begin allocates (0, or -1 with errno ENOMEM, e empty)
 * and reads nothing; each dt_ema_curve_step reads about `budget` raw
 * points (0 counts as 1) and returns 1 once e is built (ready, the same
 * bits as dt_ema_curve_build), 0 while there is more, -1 with errno EIO
 * or ENOMEM (e empty). dt_ema_curve_build is begin and one unlimited
 * step. dt_ema_curve_progress: the fraction of raw points read. */
int dt_ema_curve_begin(dt_ema_curve *e, const dt_curve *raw, double w);
int dt_ema_curve_step(dt_ema_curve *e, size_t budget);
double dt_ema_curve_progress(const dt_ema_curve *e);

/* Free what e owns and zero it; a zeroed one is accepted. */
void dt_ema_curve_free(dt_ema_curve *e);

#endif
