/* parity_curve.h: the compared points of two evenly stepped curves
 * (curve.h, affine x) as a curve of their relative differences, for a
 * chart that keeps no compared point (a lean comparison: parity.h's
 * blocks only). Two evenly stepped curves meet at an evenly stepped set
 * of steps (first common step, then every lcm of the two strides, up
 * to the end of the shorter; after the warm-up), so compared point i
 * is at an affine x and is point ib0 + i * ibs of the baseline and
 * ip0 + i * ips of the pilot. Its rel_diff and breach come from
 * dt_parity_judge on the two values read through the curves (the one
 * rule); the pyramid over the differences is built from the parity's
 * blocks (same min/max/non-finite counts per DT_PARITY_BLOCK points as
 * a pyramid over the points), so a zoomed-out frame reads no value and
 * a zoomed-in one judges only the points it shows.
 * Pure computation: the curves' fetch hides where the values live. */
#ifndef DT_PARITY_CURVE_H
#define DT_PARITY_CURVE_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/curve.h"
#include "model/core/parity.h"

typedef struct dt_parity_curve {
	dt_curve c;               /* x: the compared points' (affine);
	                           * values: their rel_diff (fetch);
	                           * c.pyr = &pyr */
	dt_pyramid pyr;           /* over rel_diff, from par->blocks */
	const dt_curve *b, *p;    /* borrowed */
	const dt_parity *par;     /* borrowed: its opts and blocks */
	size_t ib0, ibs, ip0, ips; /* compared point i: b's point ib0 + i *
	                           * ibs, p's point ip0 + i * ips */
} dt_parity_curve;

/* Set pc up over baseline b and pilot p (borrowed, both with affine x)
 * and the parity computed on them (borrowed, with blocks: a lean
 * comparison). *pc points into itself: not to be moved. Returns 0; 1
 * when it does not apply (an x array, pairing by samples, no blocks, or
 * compared points that are not what par counted: the caller keeps the
 * points instead); -1 with errno ENOMEM. pc is empty on non-zero. */
int dt_parity_curve_init(dt_parity_curve *pc, const dt_curve *b,
                         const dt_curve *p, const dt_parity *par);

/* Compared point i (< pc->c.n) judged by dt_parity_judge on the two
 * values read through the curves (a value that cannot be read is NaN). */
dt_parity_point dt_parity_curve_point(const dt_parity_curve *pc, size_t i);

/* 1 when a compared point in [a, b) breaches: whole blocks from their
 * breach counts, the points either side judged one by one. */
int dt_parity_curve_breach_any(const dt_parity_curve *pc, size_t a,
                               size_t b);

/* Free what pc owns and zero it; a zeroed one is accepted. */
void dt_parity_curve_free(dt_parity_curve *pc);

#endif
