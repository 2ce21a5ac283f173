/* ema_curve.c: the EMA of a curve kept block by block (ema_curve.h). */
#include "model/core/ema_curve.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/ema.h"

#define LEAF DT_PYRAMID_LEAF

/* The level-0 summaries gathered by the build pass. */
typedef struct leaves {
	double *min, *max;
	uint32_t *bad;
	size_t n;                 /* points */
} leaves;

static dt_range leaf_at(void *ctx, size_t j)
{
	const leaves *l = ctx;
	size_t size = (j + 1) * LEAF <= l->n ? LEAF : l->n - j * LEAF;
	dt_range r = { l->min[j], l->max[j], size - l->bad[j], l->bad[j] };
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

static void fold(leaves *l, size_t j, double s)
{
	if (!isfinite(s)) {
		l->bad[j]++;
		return;
	}
	if (s < l->min[j])
		l->min[j] = s;
	if (s > l->max[j])
		l->max[j] = s;
}

/* The pass: state before each block, each block's smoothed min/max;
 * whether the curve is constant (dt_ema's test: every value == the
 * first, which is not NaN). */
static int pass(dt_ema_curve *e, leaves *l, size_t nb)
{
	const dt_curve *raw = e->raw;
	double last = 0.0, n = 0.0, first = NAN;
	int constant = raw->n > 0;
	for (size_t j = 0; j < nb; j++) {
		l->min[j] = INFINITY;
		l->max[j] = -INFINITY;
		l->bad[j] = 0;
	}
	for (size_t at = 0; at < raw->n; at += DT_EMA_CURVE_CHUNK) {
		size_t k = raw->n - at < DT_EMA_CURVE_CHUNK ? raw->n - at
		                                            : DT_EMA_CURVE_CHUNK;
		if (dt_curve_values(raw, at, k, e->buf) < 0) {
			errno = EIO;
			return -1;
		}
		if (at == 0)
			first = e->buf[0];
		for (size_t i = 0; i < k; i++) {
			size_t p = at + i;
			double v = e->buf[i];
			if (p % LEAF == 0) {
				e->last[p / LEAF] = last;
				e->count[p / LEAF] = n;
			}
			if (!(v == first))
				constant = 0;
			fold(l, p / LEAF,
			     isfinite(v) ? dt_ema_step(&last, &n, e->w, e->cut, v) : v);
		}
	}
	e->constant = constant && first == first;
	if (e->constant) /* smoothed = raw: every block holds the first value */
		for (size_t j = 0; j < nb; j++) {
			size_t size = (j + 1) * LEAF <= raw->n ? LEAF
			                                       : raw->n - j * LEAF;
			l->min[j] = l->max[j] = isfinite(first) ? first : INFINITY;
			if (!isfinite(first))
				l->max[j] = -INFINITY;
			l->bad[j] = isfinite(first) ? 0 : (uint32_t)size;
		}
	return 0;
}

int dt_ema_curve_build(dt_ema_curve *e, const dt_curve *raw, double w)
{
	memset(e, 0, sizeof *e);
	e->raw = raw;
	e->w = dt_ema_weight(w);
	e->cut = dt_ema_cutoff(e->w);
	size_t nb = (raw->n + LEAF - 1) / LEAF;
	leaves l = { .n = raw->n };
	e->last = malloc((nb ? nb : 1) * sizeof *e->last);
	e->count = malloc((nb ? nb : 1) * sizeof *e->count);
	e->buf = malloc(DT_EMA_CURVE_CHUNK * sizeof *e->buf);
	l.min = malloc((nb ? nb : 1) * sizeof *l.min);
	l.max = malloc((nb ? nb : 1) * sizeof *l.max);
	l.bad = malloc((nb ? nb : 1) * sizeof *l.bad);
	int rc = -1;
	errno = ENOMEM;
	if (e->last && e->count && e->buf && l.min && l.max && l.bad &&
	    pass(e, &l, nb) == 0 &&
	    dt_pyramid_build_leaves(&e->pyr, raw->n, leaf_at, &l) == 0)
		rc = 0;
	int err = errno;
	free(l.min);
	free(l.max);
	free(l.bad);
	if (rc < 0) {
		dt_ema_curve_free(e);
		errno = err;
		return -1;
	}
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
	return 0;
}

void dt_ema_curve_free(dt_ema_curve *e)
{
	if (!e)
		return;
	dt_pyramid_free(&e->pyr);
	free(e->last);
	free(e->count);
	free(e->buf);
	memset(e, 0, sizeof *e);
}
