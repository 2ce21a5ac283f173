/* strip.c: the relative-difference strip under the loss chart. */
#include <math.h>
#include <stdlib.h>

#include "tui/chart_internal.h"

int dt_strip_row(double f, double R, int h)
{
	return dt_chart_py(f, -R, R, 4 * h, 0) / 4;
}

/* 1 when a verdict point in [a, b) breaches (v->breach_bits; lean: the
 * parity's blocks and the rule on the points either side). */
static int any_breach(const dt_compare_view *v, size_t a, size_t b)
{
	if (v->lean)
		return dt_parity_curve_breach_any(&v->diff, a, b);
	while (a < b) {
		uint64_t w = v->breach_bits[a / 64] >> (a % 64);
		size_t left = 64 - a % 64;
		if (b - a < left)
			w &= ((uint64_t)1 << (b - a)) - 1;
		if (w)
			return 1;
		a += left;
	}
	return 0;
}

/* Index of the first verdict point with x >= key (n when none). */
static size_t diff_lower_bound(const dt_compare_view *v, double key)
{
	if (v->lean)
		return dt_curve_lower_bound(&v->diff.c, key);
	return dt_lower_bound_i64_strided(v->dx, v->dstride, v->par->n, key);
}

double dt_strip_plot(dt_grid *g, int gx, int gy, int w, int h,
                     const dt_compare_view *v)
{
	const dt_glyphs *gl = g->gl;
	double rtol = v->par->opts.rtol, R, maxabs = 0;
	size_t n = v->par->n, i0, i1;
	dt_plot_series s = {0};
	dt_canvas cv;
	unsigned char *nonfinite;
	int x, y;

	i0 = diff_lower_bound(v, v->x0);
	i1 = diff_lower_bound(v, v->x0 + v->span);
	if (n) {
		dt_range r = dt_pyramid_query(v->lean ? &v->diff.pyr : &v->pyr_diff,
		                              i0, i1);
		if (r.finite)
			maxabs = fmax(fabs(r.min), fabs(r.max));
	}
	R = fmax(maxabs * 1.1, rtol * 1.5);
	if (rtol > 0 && R > 10 * rtol)
		R = 10 * rtol; /* larger differences sit on the edge rows */
	if (!(R > 0))
		R = 0.01;
	/* the band rows apart from the zero row, so the dashed lines show
	 * (and carry the tolerance's labels): a narrower range, the larger
	 * differences on the edge rows with a clip mark */
	while (rtol > 0 && R > rtol &&
	       dt_strip_row(rtol, R, h) >= dt_strip_row(0, R, h))
		R = R * 0.9 < rtol ? rtol : R * 0.9;
	/* band edges and zero line first; curves are drawn over them */
	dt_grid_fill(g, gx, gy + dt_strip_row(0, R, h), w, gl->zero, DT_ROLE_AXIS);
	if (rtol > 0) {
		dt_grid_fill(g, gx, gy + dt_strip_row(rtol, R, h), w, gl->band,
		             DT_ROLE_BAND);
		dt_grid_fill(g, gx, gy + dt_strip_row(-rtol, R, h), w, gl->band,
		             DT_ROLE_BAND);
	}
	if (n == 0 || dt_canvas_init(&cv, w, h))
		return R;
	nonfinite = calloc((size_t)w, 1);
	s.n = n;
	s.x = v->dx;
	s.y = v->dy;
	s.stride = v->dstride;
	s.pyr = &v->pyr_diff;
	s.curve = v->lean ? &v->diff.c : NULL;
	if (!nonfinite || dt_chart_plot_layer(&cv, 0, &s, v->x0, v->span, -R, R,
	                                      0, nonfinite)) {
		free(nonfinite);
		dt_canvas_free(&cv);
		return R;
	}
	for (x = 0; x < w; x++) {
		double c0 = v->x0 + v->span * x / w, c1 = v->x0 + v->span * (x + 1) / w;
		size_t a = diff_lower_bound(v, c0);
		size_t b = diff_lower_bound(v, c1);
		int breach = any_breach(v, a, b);
		dt_range cr = { 0 };
		if (b > a)
			cr = dt_pyramid_query(v->lean ? &v->diff.pyr : &v->pyr_diff,
			                      a, b);
		for (y = 0; y < h; y++) {
			uint8_t bits = cv.dots[0][(size_t)y * (size_t)w + (size_t)x];
			if (!bits)
				continue;
			if (breach)
				dt_grid_put(g, gx + x, gy + y, gl->breach, DT_ROLE_BREACH);
			else
				dt_grid_put(g, gx + x, gy + y,
				            gl->braille ? dt_braille(bits) : gl->baseline,
				            DT_ROLE_DIFF);
		}
		/* beyond the strip's range: drawn on its edge row, marked */
		if (cr.finite && cr.max > R)
			dt_grid_put(g, gx + x, gy, gl->clip_hi,
			            breach ? DT_ROLE_BREACH : DT_ROLE_DIFF);
		if (cr.finite && cr.min < -R)
			dt_grid_put(g, gx + x, gy + h - 1, gl->clip_lo,
			            breach ? DT_ROLE_BREACH : DT_ROLE_DIFF);
		if (nonfinite[x])
			dt_grid_put(g, gx + x, gy, gl->nonfinite, DT_ROLE_NONFINITE);
	}
	free(nonfinite);
	dt_canvas_free(&cv);
	return R;
}
