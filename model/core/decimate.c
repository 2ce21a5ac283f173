/* dt_decimate.c: NaN-aware min/max pyramid and per-column decimation. */
#include "model/core/decimate.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static dt_range range_empty(void)
{
	dt_range r = { INFINITY, -INFINITY, 0, 0 };
	return r;
}

/* Fold one point of level 0 into r. */
static void range_add_value(dt_range *r, double v)
{
	if (!isfinite(v)) {
		r->bad++;
		return;
	}
	if (v < r->min)
		r->min = v;
	if (v > r->max)
		r->max = v;
	r->finite++;
}

/* Fold block j of stored level k into r; `size` is that block's point
 * count (DT_PYRAMID_LEAF << k: only whole blocks are folded). */
static void range_add_block(dt_range *r, const dt_pyramid *p, size_t k,
                            size_t j, size_t size)
{
	uint32_t bad = p->bad[k][j];
	if (p->min[k][j] < r->min)
		r->min = p->min[k][j];
	if (p->max[k][j] > r->max)
		r->max = p->max[k][j];
	r->bad += bad;
	r->finite += size - bad;
}

void dt_pyramid_free(dt_pyramid *p)
{
	size_t k;
	if (!p)
		return;
	for (k = 0; !p->arena && k < p->nlevels; k++) {
		if (p->min)
			free(p->min[k]);
		if (p->max)
			free(p->max[k]);
		if (p->bad)
			free(p->bad[k]);
	}
	free(p->min);
	free(p->max);
	free(p->bad);
	free(p->arena);
	memset(p, 0, sizeof *p);
}

/* Summary of the values [i0, i1) of p, one by one. */
static void range_add_values(dt_range *r, const dt_pyramid *p, size_t i0,
                             size_t i1)
{
	if (!p->v) {
		/* not in memory: a leaf's worth at a time through fetch */
		double buf[DT_PYRAMID_LEAF];
		while (p->fetch && i0 < i1) {
			size_t k = i1 - i0 < DT_PYRAMID_LEAF ? i1 - i0 :
			           DT_PYRAMID_LEAF;
			if (p->fetch(p->fetch_ctx, i0, k, buf) < 0)
				return;
			for (size_t i = 0; i < k; i++)
				range_add_value(r, buf[i]);
			i0 += k;
		}
		return;
	}
	if (p->stride == sizeof(double)) {
		for (size_t i = i0; i < i1; i++)
			range_add_value(r, p->v[i]);
		return;
	}
	for (size_t i = i0; i < i1; i++)
		range_add_value(r, dt_at_f64(p->v, p->stride, i));
}

int dt_pyramid_build(dt_pyramid *p, const double *v, size_t n)
{
	return dt_pyramid_build_strided(p, v, sizeof *v, n);
}

/* The levels of p (n, v or nothing already set) over n points: level-0
 * block j summarised by leaf(ctx, j) when given, else from the values. */
static int build(dt_pyramid *p, size_t n, dt_pyramid_leaf leaf, void *ctx)
{
	size_t levels = 0, m, k, j;

	p->n = n;
	if (n <= DT_PYRAMID_LEAF)
		return 0;
	m = (n + DT_PYRAMID_LEAF - 1) / DT_PYRAMID_LEAF;
	levels = 1;
	while (m > 1) {
		m = (m + 1) / 2;
		levels++;
	}
	p->min = calloc(levels, sizeof *p->min);
	p->max = calloc(levels, sizeof *p->max);
	p->bad = calloc(levels, sizeof *p->bad);
	if (!p->min || !p->max || !p->bad)
		goto oom;
	p->nlevels = levels;
	m = (n + DT_PYRAMID_LEAF - 1) / DT_PYRAMID_LEAF;
	for (k = 0; k < levels; k++) {
		size_t blocks = k == 0 ? m : (m + 1) / 2;
		p->min[k] = malloc(blocks * sizeof **p->min);
		p->max[k] = malloc(blocks * sizeof **p->max);
		p->bad[k] = malloc(blocks * sizeof **p->bad);
		if (!p->min[k] || !p->max[k] || !p->bad[k])
			goto oom;
		for (j = 0; j < blocks; j++) {
			dt_range r = range_empty();
			if (k == 0 && leaf) {
				r = leaf(ctx, j);
			} else if (k == 0) {
				size_t a = j * DT_PYRAMID_LEAF;
				range_add_values(&r, p, a, a + DT_PYRAMID_LEAF < n ?
				                 a + DT_PYRAMID_LEAF : n);
			} else {
				size_t a = 2 * j, b = 2 * j + 1;
				r.min = p->min[k - 1][a];
				r.max = p->max[k - 1][a];
				r.bad = p->bad[k - 1][a];
				if (b < m) {
					if (p->min[k - 1][b] < r.min)
						r.min = p->min[k - 1][b];
					if (p->max[k - 1][b] > r.max)
						r.max = p->max[k - 1][b];
					r.bad += p->bad[k - 1][b];
				}
			}
			p->min[k][j] = r.min;
			p->max[k][j] = r.max;
			p->bad[k][j] = (uint32_t)r.bad;
		}
		m = blocks;
	}
	return 0;
oom:
	dt_pyramid_free(p);
	errno = ENOMEM;
	return -1;
}

int dt_pyramid_build_strided(dt_pyramid *p, const double *v, size_t stride,
                             size_t n)
{
	memset(p, 0, sizeof *p);
	p->v = v;
	p->stride = stride;
	return build(p, n, NULL, NULL);
}

int dt_pyramid_build_leaves(dt_pyramid *p, size_t n, dt_pyramid_leaf leaf,
                            void *ctx)
{
	memset(p, 0, sizeof *p);
	return build(p, n, leaf, ctx);
}

dt_range dt_pyramid_query(const dt_pyramid *p, size_t i0, size_t i1)
{
	dt_range r = range_empty();
	size_t k = 0, lo, hi;

	if (i1 > p->n)
		i1 = p->n;
	if (i0 >= i1)
		return r;
	/* Whole level-0 blocks [lo, hi) come from the levels, the points
	 * either side of them one by one (fewer than a block each side). */
	lo = (i0 + DT_PYRAMID_LEAF - 1) / DT_PYRAMID_LEAF;
	hi = i1 / DT_PYRAMID_LEAF;
	if (p->nlevels == 0 || lo >= hi) {
		range_add_values(&r, p, i0, i1);
		return r;
	}
	range_add_values(&r, p, i0, lo * DT_PYRAMID_LEAF);
	range_add_values(&r, p, hi * DT_PYRAMID_LEAF, i1);
	/* Bottom-up walk: at level k, [lo, hi) are block indexes (blocks of
	 * LEAF << k points, all whole: they lie below i1). An odd lo (or hi)
	 * is a block whose sibling lies outside the range: take it alone,
	 * then move both ends one level up. */
	while (lo < hi) {
		size_t size = (size_t)DT_PYRAMID_LEAF << k;
		if (lo & 1) {
			range_add_block(&r, p, k, lo, size);
			lo++;
		}
		if (hi & 1) {
			hi--;
			range_add_block(&r, p, k, hi, size);
		}
		lo >>= 1;
		hi >>= 1;
		k++;
	}
	return r;
}

size_t dt_lower_bound_i64(const int64_t *x, size_t n, double key)
{
	return dt_lower_bound_i64_strided(x, sizeof *x, n, key);
}

size_t dt_lower_bound_i64_strided(const int64_t *x, size_t stride, size_t n,
                                  double key)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if ((double)dt_at_i64(x, stride, mid) < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

void dt_decimate_columns(const int64_t *x, const dt_pyramid *p, double x0,
                         double span, size_t ncols, dt_column *out)
{
	dt_decimate_columns_strided(x, sizeof *x, p, x0, span, ncols, out);
}

void dt_decimate_columns_strided(const int64_t *x, size_t xstride,
                                 const dt_pyramid *p, double x0, double span,
                                 size_t ncols, dt_column *out)
{
	size_t c, i0;

	if (ncols == 0)
		return;
	i0 = dt_lower_bound_i64_strided(x, xstride, p->n, x0);
	for (c = 0; c < ncols; c++) {
		double end = x0 + span * (double)(c + 1) / (double)ncols;
		size_t i1 = dt_lower_bound_i64_strided(x, xstride, p->n, end);
		out[c].i0 = i0;
		out[c].i1 = i1;
		if (i1 > i0) {
			out[c].r = dt_pyramid_query(p, i0, i1);
		} else {
			out[c].r = range_empty();
		}
		i0 = i1;
	}
}
