/* parity_thin.h: which points of a comparison to print when a caller asks
 * for at most N of them (`compare --json --max-points N`).
 *
 * Min/max decimation: when n compared points are more than N, they are
 * cut into B = N / 4 buckets of consecutive points (n / B points each,
 * the first n % B buckets one more), and each bucket keeps the points
 * holding its minimum and its maximum finite baseline value and its
 * minimum and maximum finite pilot value (the first such point on a tie;
 * at most 4, so at most N points in all); a chart drawn from the kept
 * points has the same per-bucket envelope as one drawn from every point
 * (the min/max rule of decimate.h's pyramid, applied to two curves). On
 * top of these, every breaching point and every point with a non-finite
 * baseline, pilot or relative difference is kept, whatever N (so a
 * comparison with more such points than N prints more than N points).
 * When n <= N every point is kept. Points keep their order.
 *
 * One definition, fed point by point (dt_thin_*): the full comparison
 * feeds it its kept points (dt_parity_thin_points), the one-pass
 * comparison each point as it is judged (dt_parity_acc_thin), so both
 * keep the same points. Memory: the kept points only, <= N + the
 * breaching and non-finite points (40 bytes each).
 * Pure computation. */
#ifndef DT_PARITY_THIN_H
#define DT_PARITY_THIN_H

#include <stddef.h>

#include "model/core/parity.h"

/* Smallest N accepted: one bucket's minimum and maximum of both curves. */
#define DT_THIN_MIN_POINTS 4

/* A decimation in progress. Fields are private to parity_thin.c. */
typedef struct dt_thin {
	size_t n;                 /* compared points expected */
	int all;                  /* n <= N: every point kept */
	size_t q, r;              /* bucket k holds q + (k < r) points */
	size_t fed;               /* points fed so far */
	size_t bucket, end;       /* current bucket, index one past it */
	size_t start;             /* kept[start..nkept): the current
	                           * bucket's points kept so far */
	size_t ext[4];            /* bucket's lowest / highest baseline,
	                           * lowest / highest pilot: index, or
	                           * (size_t)-1 when none */
	dt_parity_point extp[4];  /* those points */
	dt_parity_point *kept;    /* [nkept], owned */
	size_t nkept, cap;
} dt_thin;

/* Start a decimation of n compared points (fed next, in order) under a
 * budget of max_points (>= DT_THIN_MIN_POINTS; smaller is taken as
 * DT_THIN_MIN_POINTS). Cannot fail; nothing is allocated yet. */
void dt_thin_start(dt_thin *t, size_t n, size_t max_points);

/* Feed the next compared point (x increasing). Points beyond the n
 * announced are not kept (the caller checks its count: the kept points
 * are those of the rule only when exactly n were fed). Returns 0, or -1
 * with errno ENOMEM (free t). */
int dt_thin_feed(dt_thin *t, const dt_parity_point *pt);

/* Finish: the kept points (owned by the caller, NULL when none) in
 * order into *kept, their count into *nkept; t is then empty. Cannot
 * fail (room for the last bucket's extremes is reserved as points are
 * fed). */
void dt_thin_finish(dt_thin *t, dt_parity_point **kept, size_t *nkept);

/* Free a decimation not finished. */
void dt_thin_free(dt_thin *t);

/* The decimation of p's compared points p->points[0..p->n) (kept by
 * DT_PARITY_KEEP_POINTS) into p->kept / p->nkept (replacing what they
 * held). Returns 0, or -1 with errno ENOMEM (p->kept unchanged). */
int dt_parity_thin_points(dt_parity *p, size_t max_points);

#endif
