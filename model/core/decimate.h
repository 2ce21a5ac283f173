/* dt_decimate.h: min/max decimation of a curve for drawing, without
 * scanning every point per frame.
 *
 * A dt_pyramid is built once per value array in one pass (memory about
 * 1.3 bytes per point): stored level k holds, for every block of
 * DT_PYRAMID_LEAF << k consecutive points, the minimum and maximum of its
 * finite values and the number of its non-finite (NaN / +-inf) values.
 * Below the first stored level is the value array itself, borrowed. A
 * range query then costs O(log n + DT_PYRAMID_LEAF) (the points before
 * the first and after the last whole block one by one, then a bottom-up
 * segment-tree walk), and a screen column maps to an index range by binary
 * search on the (strictly increasing) x array, so one frame of W columns
 * costs O(W log n) whatever the number of points.
 * Pure computation, no terminal code. */
#ifndef DT_DECIMATE_H
#define DT_DECIMATE_H

#include <stddef.h>
#include <stdint.h>

/* Summary of a range of points. When finite == 0, min = +inf and
 * max = -inf. Units are those of the values. */
typedef struct dt_range {
	double min, max;     /* over the finite values only */
	size_t finite;       /* finite values in the range */
	size_t bad;          /* non-finite values in the range */
} dt_range;

/* Points per block of the first stored level (a power of two): the
 * pyramid costs 20 bytes per block instead of per point, a query scans at
 * most 2 x (LEAF - 1) points besides its blocks. */
#define DT_PYRAMID_LEAF 32

/* Element i of an array whose elements lie `stride` bytes apart (a
 * column of an array of structs; stride sizeof(double) or
 * sizeof(int64_t) for a plain array). */
static inline double dt_at_f64(const double *v, size_t stride, size_t i)
{
	return *(const double *)(const void *)((const char *)v + i * stride);
}

static inline int64_t dt_at_i64(const int64_t *x, size_t stride, size_t i)
{
	return *(const int64_t *)(const void *)((const char *)x + i * stride);
}

/* Read values [first, first + count) of a curve whose values are not in
 * memory into out[0..count) (the caller's buffer). Returns 0, or -1 on
 * failure (the callback keeps its own message). */
typedef int (*dt_values_fetch)(void *ctx, size_t first, size_t count,
                               double *out);

typedef struct dt_pyramid {
	size_t n;            /* points */
	const double *v;     /* [n] the values, borrowed (must outlive the
	                      * pyramid); NULL: not in memory, read through
	                      * fetch */
	dt_values_fetch fetch; /* with v NULL: reads the points a query scans
	                        * one by one (fewer than 2 x DT_PYRAMID_LEAF
	                        * a query, never the whole curve) */
	void *fetch_ctx;
	size_t stride;       /* bytes from one value to the next */
	size_t nlevels;      /* stored levels (0 when n <= DT_PYRAMID_LEAF) */
	double **min;        /* [nlevels][blocks of level k], owned */
	double **max;        /* idem */
	uint32_t **bad;      /* idem: non-finite count per block */
	void *arena;         /* NULL: each level's arrays are their own
	                      * allocation; else every level's min, max and
	                      * bad lie in this one (dt_lod_unpack), owned */
} dt_pyramid;

/* Build the pyramid over v[0..n) (v is borrowed, not copied). n = 0 gives
 * an empty pyramid. Returns 0, or -1 with errno ENOMEM (p is then empty
 * and safe to free). n must be below 2^32. */
int dt_pyramid_build(dt_pyramid *p, const double *v, size_t n);

/* The same over values `stride` bytes apart (dt_at_f64): a column of an
 * array of structs, read in place. */
int dt_pyramid_build_strided(dt_pyramid *p, const double *v, size_t stride,
                             size_t n);

/* Summary of level-0 block j (points [j * DT_PYRAMID_LEAF, (j + 1) *
 * DT_PYRAMID_LEAF) clamped to n) of a pyramid built from its blocks. */
typedef dt_range (*dt_pyramid_leaf)(void *ctx, size_t j);

/* Build the pyramid over n points whose values are not in memory from a
 * summary of each level-0 block (a comparison's parity blocks, an EMA
 * computed block by block): leaf(ctx, j) for every block j; the upper
 * levels as dt_pyramid_build makes them, so queries answer the same.
 * p->v is NULL: set p->fetch (and fetch_ctx) before any query that
 * reaches single points. Returns 0, or -1 with errno ENOMEM (p empty). */
int dt_pyramid_build_leaves(dt_pyramid *p, size_t n, dt_pyramid_leaf leaf,
                            void *ctx);

/* Free what the pyramid owns and zero it; a zeroed pyramid is accepted. */
void dt_pyramid_free(dt_pyramid *p);

/* Summary of points [i0, i1) (clamped to [0, n)); O(log n). With the
 * values not in memory (v NULL) the points either side of the whole
 * blocks come through p->fetch; points it fails to read are left out of
 * the summary (the fetch's owner reports the failure). */
dt_range dt_pyramid_query(const dt_pyramid *p, size_t i0, size_t i1);

/* Index of the first x[i] >= key in a strictly increasing x[0..n), n when
 * none; O(log n). */
size_t dt_lower_bound_i64(const int64_t *x, size_t n, double key);

/* The same over steps `stride` bytes apart (dt_at_i64). */
size_t dt_lower_bound_i64_strided(const int64_t *x, size_t stride, size_t n,
                                  double key);

/* One screen column's worth of points. */
typedef struct dt_column {
	size_t i0, i1;       /* points [i0, i1) fall in this column */
	dt_range r;          /* their summary (finite = bad = 0 when empty) */
} dt_column;

/* Split the x window [x0, x0 + span) into `ncols` equal columns (column c
 * covers [x0 + c*span/ncols, x0 + (c+1)*span/ncols)) and summarise the
 * points of (x, pyramid) in each: out[ncols]. x is the pyramid's x array
 * (strictly increasing, same n). Cost O(ncols log n). */
void dt_decimate_columns(const int64_t *x, const dt_pyramid *p, double x0,
                         double span, size_t ncols, dt_column *out);

/* The same with x `xstride` bytes apart (dt_at_i64). */
void dt_decimate_columns_strided(const int64_t *x, size_t xstride,
                                 const dt_pyramid *p, double x0, double span,
                                 size_t ncols, dt_column *out);

#endif
