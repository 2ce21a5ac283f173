/* ema_curve.c: the EMA of a curve kept block by block (ema_curve.h). */
#include "model/core/ema_curve.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/ema.h"

#define LEAF DT_PYRAMID_LEAF

static dt_range leaf_at(void *ctx, size_t j)
{
	const dt_ema_curve *e = ctx;
	size_t n = e->raw->n;
	size_t size = (j + 1) * LEAF <= n ? LEAF : n - j * LEAF;
	dt_range r = { e->lmin[j], e->lmax[j], size - e->lbad[j], e->lbad[j] };
	return r;
}

/* Smoothed values [first, first + count): from the state before the
 * block holding `first`, over the raw values from that block's start. */
static int fetch(void *ctx, size_t first, size_t count, double *out)
{
	dt_ema_curve *e = ctx;
	const dt_curve *raw = e->raw;
	if (first > raw->n || count > raw->n - first)
		return -1;
	if (e->constant)
		return dt_curve_values(raw, first, count, out);
	size_t j = first / LEAF, at = j * LEAF, end = first + count;
	double last = e->last[j], n = e->count[j];
	while (at < end) {
		size_t k = end - at < DT_EMA_CURVE_CHUNK ? end - at
		                                         : DT_EMA_CURVE_CHUNK;
		if (dt_curve_values(raw, at, k, e->buf) < 0) {
			e->failed = 1;
			return -1;
		}
		for (size_t i = 0; i < k; i++) {
			double v = e->buf[i];
			double s = isfinite(v) ? dt_ema_step(&last, &n, e->w, e->cut, v) : v;
			if (at + i >= first)
				out[at + i - first] = s;
		}
		at += k;
	}
	return 0;
}

static void fold(dt_ema_curve *e, size_t j, double s)
{
	if (!isfinite(s)) {
		e->lbad[j]++;
		return;
	}
	if (s < e->lmin[j])
		e->lmin[j] = s;
	if (s > e->lmax[j])
		e->lmax[j] = s;
}

/* Blocks of a curve of n points. */
static size_t blocks(size_t n)
{
	return (n + LEAF - 1) / LEAF;
}

int dt_ema_curve_begin(dt_ema_curve *e, const dt_curve *raw, double w)
{
	memset(e, 0, sizeof *e);
	e->raw = raw;
	e->w = dt_ema_weight(w);
	e->cut = dt_ema_cutoff(e->w);
	size_t nb = blocks(raw->n), m = nb ? nb : 1;
	e->last = malloc(m * sizeof *e->last);
	e->count = malloc(m * sizeof *e->count);
	e->buf = malloc(DT_EMA_CURVE_CHUNK * sizeof *e->buf);
	e->lmin = malloc(m * sizeof *e->lmin);
	e->lmax = malloc(m * sizeof *e->lmax);
	e->lbad = malloc(m * sizeof *e->lbad);
	if (!e->last || !e->count || !e->buf || !e->lmin || !e->lmax ||
	    !e->lbad) {
		dt_ema_curve_free(e);
		errno = ENOMEM;
		return -1;
	}
	/* each block's summary starts when the build reaches the block: the
	 * pages are touched by the steps, not here (a key answers at once) */
	e->first = NAN;
	e->s_constant = raw->n > 0;
	return 0;
}

/* The pass ended: whether the curve is constant (dt_ema's test: every
 * value == the first, which is not NaN), the pyramid from the blocks'
 * min/max, the curve. */
static int end_pass(dt_ema_curve *e)
{
	const dt_curve *raw = e->raw;
	size_t nb = blocks(raw->n);
	double first = e->first;
	e->constant = e->s_constant && first == first;
	if (e->constant) /* smoothed = raw: every block holds the first value */
		for (size_t j = 0; j < nb; j++) {
			size_t size = (j + 1) * LEAF <= raw->n ? LEAF
			                                       : raw->n - j * LEAF;
			e->lmin[j] = e->lmax[j] = isfinite(first) ? first : INFINITY;
			if (!isfinite(first))
				e->lmax[j] = -INFINITY;
			e->lbad[j] = isfinite(first) ? 0 : (uint32_t)size;
		}
	if (dt_pyramid_build_leaves(&e->pyr, raw->n, leaf_at, e) < 0)
		return -1;
	free(e->lmin);
	free(e->lmax);
	free(e->lbad);
	e->lmin = e->lmax = NULL;
	e->lbad = NULL;
	e->pyr.fetch = fetch;
	e->pyr.fetch_ctx = e;
	e->pyr.stride = sizeof(double);
	e->c.n = raw->n;
	e->c.x = raw->x;
	e->c.x_first = raw->x_first;
	e->c.x_stride = raw->x_stride;
	e->c.fetch = fetch;
	e->c.fetch_ctx = e;
	e->c.pyr = &e->pyr;
	e->ready = 1;
	return 0;
}

int dt_ema_curve_step(dt_ema_curve *e, size_t budget)
{
	const dt_curve *raw = e->raw;
	if (e->ready)
		return 1;
	size_t left = budget ? budget : 1;
	while (left && e->at < raw->n) {
		size_t at = e->at, k = raw->n - at;
		k = k < DT_EMA_CURVE_CHUNK ? k : DT_EMA_CURVE_CHUNK;
		k = k < left ? k : left;
		if (dt_curve_values(raw, at, k, e->buf) < 0) {
			dt_ema_curve_free(e);
			errno = EIO;
			return -1;
		}
		if (at == 0)
			e->first = e->buf[0];
		double last = e->s_last, n = e->s_n, first = e->first;
		int constant = e->s_constant;
		for (size_t i = 0; i < k; i++) {
			size_t p = at + i;
			double v = e->buf[i];
			if (p % LEAF == 0) {
				e->last[p / LEAF] = last;
				e->count[p / LEAF] = n;
				e->lmin[p / LEAF] = INFINITY;
				e->lmax[p / LEAF] = -INFINITY;
				e->lbad[p / LEAF] = 0;
			}
			if (!(v == first))
				constant = 0;
			fold(e, p / LEAF,
			     isfinite(v) ? dt_ema_step(&last, &n, e->w, e->cut, v) : v);
		}
		e->s_last = last;
		e->s_n = n;
		e->s_constant = constant;
		e->at += k;
		left -= k;
	}
	if (e->at < raw->n)
		return 0;
	if (end_pass(e) < 0) {
		dt_ema_curve_free(e);
		errno = ENOMEM;
		return -1;
	}
	return 1;
}

double dt_ema_curve_progress(const dt_ema_curve *e)
{
	if (e->ready)
		return 1.0;
	return e->raw && e->raw->n ? (double)e->at / (double)e->raw->n : 0.0;
}

int dt_ema_curve_build(dt_ema_curve *e, const dt_curve *raw, double w)
{
	if (dt_ema_curve_begin(e, raw, w) < 0)
		return -1;
	return dt_ema_curve_step(e, SIZE_MAX) < 0 ? -1 : 0;
}

void dt_ema_curve_free(dt_ema_curve *e)
{
	if (!e)
		return;
	dt_pyramid_free(&e->pyr);
	free(e->last);
	free(e->count);
	free(e->buf);
	free(e->lmin);
	free(e->lmax);
	free(e->lbad);
	memset(e, 0, sizeof *e);
}
