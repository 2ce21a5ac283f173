/* parity_curve.c: compared points of two evenly stepped curves as a
 * curve of relative differences (parity_curve.h). */
#include "model/core/parity_curve.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include "model/core/step_grid.h"

#define BLK DT_PARITY_BLOCK

static dt_range leaf_at(void *ctx, size_t j)
{
	const dt_parity_block *k = &((const dt_parity *)ctx)->blocks[j];
	dt_range r = { k->min_rel, k->max_rel, k->n - k->bad, k->bad };
	return r;
}

/* Both values of compared points [first, first + count) (count <= BLK). */
static int values(const dt_parity_curve *pc, size_t first, size_t count,
                  double *bv, double *pv)
{
	const struct { const dt_curve *c; size_t i0, is; double *out; } s[2] = {
		{ pc->b, pc->ib0, pc->ibs, bv }, { pc->p, pc->ip0, pc->ips, pv } };
	for (int k = 0; k < 2; k++) {
		size_t at = s[k].i0 + first * s[k].is;
		if (s[k].is == 1) {
			if (dt_curve_values(s[k].c, at, count, s[k].out) < 0)
				return -1;
			continue;
		}
		for (size_t i = 0; i < count; i++)
			if (dt_curve_values(s[k].c, at + i * s[k].is, 1,
			                    &s[k].out[i]) < 0)
				return -1;
	}
	return 0;
}

static int fetch(void *ctx, size_t first, size_t count, double *out)
{
	const dt_parity_curve *pc = ctx;
	double bv[BLK], pv[BLK];
	if (first > pc->c.n || count > pc->c.n - first)
		return -1;
	while (count) {
		size_t k = count < BLK ? count : BLK;
		if (values(pc, first, k, bv, pv) < 0)
			return -1;
		for (size_t i = 0; i < k; i++)
			out[i] = dt_parity_judge(dt_curve_x(&pc->c, first + i), bv[i],
			                         pv[i], &pc->par->opts).rel_diff;
		first += k;
		count -= k;
		out += k;
	}
	return 0;
}

/* The compared steps of b and p (dt_step_grid_common_at): first x0,
 * stride, count. */
static size_t common(const dt_curve *b, const dt_curve *p, int64_t warm,
                     int64_t *x0, int64_t *stride)
{
	dt_step_grid gb = { b->x_first, b->x_stride, b->n };
	dt_step_grid gp = { p->x_first, p->x_stride, p->n };
	size_t n = dt_step_grid_common_at(&gb, &gp, warm > 0 ? warm + 1
	                                                     : INT64_MIN,
	                                  x0, stride);
	return n == (size_t)-1 ? 0 : n;
}

int dt_parity_curve_init(dt_parity_curve *pc, const dt_curve *b,
                         const dt_curve *p, const dt_parity *par)
{
	memset(pc, 0, sizeof *pc);
	if (b->x || p->x || b->x_stride <= 0 || p->x_stride <= 0 ||
	    b->n == 0 || p->n == 0 || par->by_samples || !par->blocks ||
	    par->n == 0)
		return 1;
	int64_t x0 = 0, stride = 0;
	size_t n = common(b, p, par->opts.warmup, &x0, &stride);
	if (n != par->n || par->nblocks != (n + BLK - 1) / BLK ||
	    par->blocks[0].x0 != x0 ||
	    par->blocks[par->nblocks - 1].x1 != x0 + (int64_t)(n - 1) * stride)
		return 1;
	pc->b = b;
	pc->p = p;
	pc->par = par;
	pc->ib0 = (size_t)((x0 - b->x_first) / b->x_stride);
	pc->ibs = (size_t)(stride / b->x_stride);
	pc->ip0 = (size_t)((x0 - p->x_first) / p->x_stride);
	pc->ips = (size_t)(stride / p->x_stride);
	if (dt_pyramid_build_leaves(&pc->pyr, n, leaf_at, (void *)par) < 0) {
		memset(pc, 0, sizeof *pc);
		return -1;
	}
	pc->pyr.fetch = fetch;
	pc->pyr.fetch_ctx = pc;
	pc->pyr.stride = sizeof(double);
	pc->c.n = n;
	pc->c.x_first = x0;
	pc->c.x_stride = stride;
	pc->c.fetch = fetch;
	pc->c.fetch_ctx = pc;
	pc->c.pyr = &pc->pyr;
	return 0;
}

dt_parity_point dt_parity_curve_point(const dt_parity_curve *pc, size_t i)
{
	double bv = NAN, pv = NAN;
	if (values(pc, i, 1, &bv, &pv) < 0)
		bv = pv = NAN;
	return dt_parity_judge(dt_curve_x(&pc->c, i), bv, pv, &pc->par->opts);
}

/* 1 when a point of [a, b) (b - a <= BLK) breaches, judged one by one. */
static int judge_any(const dt_parity_curve *pc, size_t a, size_t b)
{
	double bv[BLK], pv[BLK];
	if (a >= b)
		return 0;
	if (values(pc, a, b - a, bv, pv) < 0)
		return 0; /* unreadable: the curve's owner reports it */
	for (size_t i = 0; i < b - a; i++)
		if (dt_parity_judge(dt_curve_x(&pc->c, a + i), bv[i], pv[i],
		                    &pc->par->opts).breach)
			return 1;
	return 0;
}

int dt_parity_curve_breach_any(const dt_parity_curve *pc, size_t a,
                               size_t b)
{
	if (b > pc->c.n)
		b = pc->c.n;
	if (a >= b)
		return 0;
	size_t lo = (a + BLK - 1) / BLK, hi = b / BLK;
	if (lo >= hi) /* within one block or two partial ones */
		return judge_any(pc, a, a + BLK < b ? a + BLK : b) ||
		       (a + BLK < b && judge_any(pc, a + BLK, b));
	for (size_t j = lo; j < hi; j++)
		if (pc->par->blocks[j].breaches)
			return 1;
	return judge_any(pc, a, lo * BLK) || judge_any(pc, hi * BLK, b);
}

void dt_parity_curve_free(dt_parity_curve *pc)
{
	if (!pc)
		return;
	dt_pyramid_free(&pc->pyr);
	memset(pc, 0, sizeof *pc);
}
