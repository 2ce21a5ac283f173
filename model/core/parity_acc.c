/* parity_acc.c: the parity rule (parity.h) fed in chunks: pairing by x
 * across chunk boundaries, the running summary, and what the caller
 * asks to keep (every compared point, or a summary per block). */
#include "model/core/parity.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/parity_thin.h"
#include "model/util/grow.h"

int dt_parity_acc_start(dt_parity_acc *a, const dt_parity_opts *opts,
                        unsigned keep, size_t points_hint)
{
	memset(a, 0, sizeof *a);
	a->r.opts = *opts;
	a->keep = keep;
	a->warm = opts->warmup;
	a->maxabs = -1.0;
	if (opts->baseline_gb > 0 && opts->pilot_gb > 0 &&
	    opts->baseline_gb != opts->pilot_gb) {
		a->r.by_samples = 1;
		a->gb_b = opts->baseline_gb;
		a->gb_p = opts->pilot_gb;
		a->warm = opts->warmup * opts->baseline_gb;
	}
	if ((keep & DT_PARITY_KEEP_POINTS) && points_hint) {
		a->r.points = malloc(points_hint * sizeof *a->r.points);
		if (!a->r.points) {
			errno = ENOMEM;
			return -1;
		}
		a->cap_points = points_hint;
	}
	return 0;
}

int dt_parity_acc_thin(dt_parity_acc *a, size_t n, size_t max_points)
{
	a->thin = malloc(sizeof *a->thin);
	if (!a->thin) {
		errno = ENOMEM;
		return -1;
	}
	dt_thin_start(a->thin, n, max_points);
	return 0;
}

static int keep_block(dt_parity_acc *a, const dt_parity_point *pt)
{
	dt_parity *r = &a->r;
	if ((r->n - 1) % DT_PARITY_BLOCK == 0) {
		if (dt_grow((void **)&r->blocks, &a->cap_blocks, r->nblocks + 1,
		            sizeof *r->blocks) < 0)
			return -1;
		dt_parity_block *b = &r->blocks[r->nblocks++];
		memset(b, 0, sizeof *b);
		b->x0 = pt->x;
		b->min_rel = INFINITY;
		b->max_rel = -INFINITY;
	}
	dt_parity_block *b = &r->blocks[r->nblocks - 1];
	b->x1 = pt->x;
	b->n++;
	b->breaches += pt->breach != 0;
	if (!isfinite(pt->rel_diff)) {
		b->bad++;
	} else {
		if (pt->rel_diff < b->min_rel)
			b->min_rel = pt->rel_diff;
		if (pt->rel_diff > b->max_rel)
			b->max_rel = pt->rel_diff;
	}
	return 0;
}

/* One compared point at x: the summary, and what is kept. */
static int compared(dt_parity_acc *a, int64_t x, double b, double p)
{
	dt_parity *r = &a->r;
	dt_parity_point pt = dt_parity_judge(x, b, p, &r->opts);
	if (a->keep & DT_PARITY_KEEP_POINTS) {
		if (dt_grow((void **)&r->points, &a->cap_points, r->n + 1,
		            sizeof *r->points) < 0)
			return -1;
		r->points[r->n] = pt;
	}
	if (a->thin && dt_thin_feed(a->thin, &pt) < 0)
		return -1;
	r->n++;
	if (pt.breach && r->breaches++ == 0)
		r->first_breach_x = x;
	double m = fabs(pt.rel_diff);
	if (!isnan(m) && m > a->maxabs) {
		a->maxabs = m;
		r->max_abs_rel_diff_x = x;
	}
	return (a->keep & DT_PARITY_KEEP_BLOCKS) ? keep_block(a, &pt) : 0;
}

int dt_parity_acc_feed(dt_parity_acc *a, const int64_t *bstep,
                       const double *bval, size_t nb, const int64_t *pstep,
                       const double *pval, size_t np, size_t *used_b,
                       size_t *used_p)
{
	size_t i = 0, j = 0;
	int rc = 0;
	while (i < nb && j < np) {
		int64_t xb = a->gb_b > 0 ? bstep[i] * a->gb_b : bstep[i];
		int64_t xp = a->gb_p > 0 ? pstep[j] * a->gb_p : pstep[j];
		if (xb < xp) {
			i++;
			continue;
		}
		if (xp < xb) {
			j++;
			continue;
		}
		/* warm-up 0: every step */
		if ((a->warm <= 0 || xb > a->warm) &&
		    compared(a, xb, bval[i], pval[j]) < 0) {
			rc = -1;
			break;
		}
		i++;
		j++;
	}
	*used_b = i;
	*used_p = j;
	return rc;
}

void dt_parity_acc_finish(dt_parity_acc *a, dt_parity *out)
{
	dt_parity *r = &a->r;
	r->max_abs_rel_diff = a->maxabs < 0 ? NAN : a->maxabs;
	r->allowed_breaches = dt_parity_allowed(r->n);
	if (r->n < 2)
		r->verdict = DT_VERDICT_INSUFFICIENT;
	else if (r->breaches <= r->allowed_breaches)
		r->verdict = DT_VERDICT_PASS;
	else
		r->verdict = DT_VERDICT_FAIL;
	if (a->thin) {
		if (a->thin->n == r->n) {   /* as many as announced */
			dt_thin_finish(a->thin, &r->kept, &r->nkept);
		} else {
			dt_thin_free(a->thin);
			r->nkept = (size_t)-1;
		}
		free(a->thin);
	}
	*out = *r;
	memset(a, 0, sizeof *a);
}

void dt_parity_acc_discard(dt_parity_acc *a)
{
	if (a->thin) {
		dt_thin_free(a->thin);
		free(a->thin);
	}
	dt_parity_free(&a->r);
	memset(a, 0, sizeof *a);
}
