/* chart.c: curve plot and the comparison view (state, zoom, cursor). */
#include "tui/chart.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/ema.h"
#include "model/util/text.h"
#include "tui/canvas.h"
#include "tui/chart_internal.h"

static const double ema_weights[DT_EMA_NWEIGHTS] = DT_EMA_WEIGHTS;

/* ---- plot ------------------------------------------------------------ */

double dt_chart_ty(double y, int logy)
{
	if (!logy)
		return y;
	return y > 0 ? log10(y) : -INFINITY;
}

/* Dot row of value y in a PH-dot-high area showing [tmin, tmax]. */
int dt_chart_py(double y, double tmin, double tmax, int ph, int logy)
{
	double t = dt_chart_ty(y, logy), f;
	if (!(tmax > tmin))
		return ph / 2;
	if (t == -INFINITY)
		return ph - 1;
	f = (tmax - t) / (tmax - tmin);
	if (f < 0)
		f = 0;
	if (f > 1)
		f = 1;
	return (int)lround(f * (ph - 1));
}

/* Join dot column a (row ya) to dot column b (row yb), a < b (a may lie
 * left of the area, b right of it), with a straight line: every column
 * in (a, b] gets a vertical run from the line's row at the previous
 * column to its own, clipped to [0, pw). */
static void join(dt_canvas *cv, int layer, double a, int ya, double b,
                 int yb, int pw)
{
	int k = (int)floor(a) + 1;
	if (k < 0)
		k = 0;
	for (; k <= b && k < pw; k++) {
		double tp = (k - 1 - a) / (b - a), t = (k - a) / (b - a);
		if (tp < 0)
			tp = 0;
		dt_canvas_vline(cv, layer, k, (int)lround(ya + (yb - ya) * tp),
		                (int)lround(ya + (yb - ya) * t));
	}
}

/* Draw one curve into layer `layer`; flags non-finite cell columns. */
/* x and value of point i of a plotted series (through its curve when
 * it has one). */
static int64_t ps_x(const dt_plot_series *s, size_t i)
{
	if (s->curve)
		return dt_curve_x(s->curve, i);
	return dt_at_i64(s->x, s->stride ? s->stride : sizeof *s->x, i);
}

static double ps_y(const dt_plot_series *s, size_t i)
{
	if (s->curve)
		return dt_curve_value(s->curve, i);
	return dt_at_f64(s->y, s->stride ? s->stride : sizeof *s->y, i);
}

static size_t ps_n(const dt_plot_series *s)
{
	return s->curve ? s->curve->n : s->n;
}

int dt_chart_plot_layer(dt_canvas *cv, int layer, const dt_plot_series *s,
                        double x0, double span, double tmin, double tmax,
                        int logy, unsigned char *nonfinite)
{
	int pw = 2 * cv->w, ph = 4 * cv->h, px;
	dt_column *cols;
	double prev_px = NAN;
	int prev_py = 0;
	size_t n = ps_n(s);

#define X(i) ps_x(s, (i))
#define Y(i) ps_y(s, (i))
	if (n == 0)
		return 0;
	cols = malloc((size_t)pw * sizeof *cols);
	if (!cols)
		return -1;
	if (s->curve)
		dt_curve_columns(s->curve, x0, span, (size_t)pw, cols);
	else
		dt_decimate_columns_strided(s->x, s->stride ? s->stride :
		                            sizeof *s->x, s->pyr, x0, span,
		                            (size_t)pw, cols);
	/* The point just left of the window, so the line enters from the edge. */
	if (cols[0].i0 > 0 && isfinite(Y(cols[0].i0 - 1))) {
		size_t i = cols[0].i0 - 1;
		prev_px = ((double)X(i) - x0) / span * pw;
		prev_py = dt_chart_py(Y(i), tmin, tmax, ph, logy);
	}
	for (px = 0; px < pw; px++) {
		const dt_column *c = &cols[px];
		double first, last;
		int lo, hi;
		if (c->r.bad)
			nonfinite[px / 2] = 1;
		if (c->r.finite == 0) {
			if (c->i1 > c->i0)
				prev_px = NAN; /* only non-finite here: break the line */
			continue;
		}
		first = Y(c->i0);
		last = Y(c->i1 - 1);
		lo = dt_chart_py(c->r.max, tmin, tmax, ph, logy);
		hi = dt_chart_py(c->r.min, tmin, tmax, ph, logy);
		if (!isnan(prev_px) && isfinite(first))
			join(cv, layer, prev_px, prev_py, px,
			     dt_chart_py(first, tmin, tmax, ph, logy), pw);
		dt_canvas_vline(cv, layer, px, lo, hi);
		if (isfinite(last)) {
			prev_px = px;
			prev_py = dt_chart_py(last, tmin, tmax, ph, logy);
		} else {
			prev_px = NAN;
		}
	}
	/* The point just right of the window. */
	if (!isnan(prev_px) && cols[pw - 1].i1 < n &&
	    isfinite(Y(cols[pw - 1].i1))) {
		size_t i = cols[pw - 1].i1;
		double npx = ((double)X(i) - x0) / span * pw;
		join(cv, layer, prev_px, prev_py, npx,
		     dt_chart_py(Y(i), tmin, tmax, ph, logy), pw);
	}
	free(cols);
	return 0;
#undef X
#undef Y
}

int dt_chart_plot(dt_grid *g, int gx, int gy, int w, int h,
                  const dt_plot_series s[2], double x0, double span,
                  double ymin, double ymax, int logy)
{
	static const dt_role roles[3] = { DT_ROLE_BASELINE, DT_ROLE_PILOT,
	                                  DT_ROLE_OVERLAP };
	dt_canvas cv;
	unsigned char *nonfinite;
	double tmin = dt_chart_ty(ymin, logy), tmax = dt_chart_ty(ymax, logy);
	int i, rc = 0;

	if (w < 1 || h < 1 || !(span > 0))
		return 0;
	if (dt_canvas_init(&cv, w, h))
		return -1;
	nonfinite = calloc((size_t)w, 1);
	if (!nonfinite) {
		dt_canvas_free(&cv);
		errno = ENOMEM;
		return -1;
	}
	for (i = 0; i < 2 && rc == 0; i++)
		rc = dt_chart_plot_layer(&cv, i, &s[i], x0, span, tmin, tmax, logy, nonfinite);
	if (rc == 0) {
		dt_canvas_compose(&cv, g, gx, gy, roles);
		for (i = 0; i < w; i++)
			if (nonfinite[i])
				dt_grid_put(g, gx + i, gy, g->gl->nonfinite,
				            DT_ROLE_NONFINITE);
	} else {
		errno = ENOMEM;
	}
	free(nonfinite);
	dt_canvas_free(&cv);
	return rc;
}

int dt_chart_yrange(const dt_plot_series s[2], double x0, double span,
                    int logy, double *ymin, double *ymax)
{
	double lo = INFINITY, hi = -INFINITY;
	int i;

	for (i = 0; i < 2; i++) {
		size_t i0, i1;
		dt_range r;
		if (ps_n(&s[i]) == 0)
			continue;
		if (s[i].curve) {
			r = dt_curve_range(s[i].curve, x0, x0 + span);
		} else {
			size_t st = s[i].stride ? s[i].stride : sizeof *s[i].x;
			i0 = dt_lower_bound_i64_strided(s[i].x, st, s[i].n, x0);
			i1 = dt_lower_bound_i64_strided(s[i].x, st, s[i].n,
			                                x0 + span);
			r = dt_pyramid_query(s[i].pyr, i0, i1);
		}
		if (r.finite == 0)
			continue;
		if (r.min < lo)
			lo = r.min;
		if (r.max > hi)
			hi = r.max;
	}
	if (!(hi >= lo))
		return -1;
	if (logy) {
		if (hi <= 0)
			return -1;
		if (lo <= 0)
			lo = hi * 1e-3; /* non-positive values sit on the bottom */
		*ymin = lo / 1.12;
		*ymax = hi * 1.12;
		return 0;
	}
	if (hi == lo) {
		double pad = lo == 0 ? 1.0 : fabs(lo) * 0.05;
		*ymin = lo - pad;
		*ymax = hi + pad;
		return 0;
	}
	*ymin = lo - (hi - lo) * 0.05;
	*ymax = hi + (hi - lo) * 0.05;
	if (lo >= 0 && *ymin < 0)
		*ymin = 0; /* values never negative (a loss, 0 included) never
		            * get a negative axis */
	return 0;
}

/* ---- view ------------------------------------------------------------ */

static void curve_free(dt_view_curve *c)
{
	dt_pyramid_free(&c->pyr_raw);
	dt_ema_curve_free(&c->ema);
	free(c->x_owned);
	free(c->restart);
	memset(c, 0, sizeof *c);
}

/* Set up a curve from a series; gb > 0 scales x to samples; lod: its
 * pyramid when already made (NULL: built here). */
static int curve_init(dt_view_curve *c, const dt_series *s, int64_t gb,
                      const dt_pyramid *lod)
{
	size_t i;
	memset(c, 0, sizeof *c);
	c->n = s->n;
	c->raw = s->value;
	c->x = s->step;
	if (gb > 0 && s->n) {
		c->x_owned = malloc(s->n * sizeof *c->x_owned);
		if (!c->x_owned)
			return -1;
		for (i = 0; i < s->n; i++)
			c->x_owned[i] = s->step[i] * gb;
		c->x = c->x_owned;
	}
	if (s->nsegments > 1 && s->restart_step) {
		c->nrestart = s->nsegments - 1;
		c->restart = malloc(c->nrestart * sizeof *c->restart);
		if (!c->restart)
			return -1;
		for (i = 0; i < c->nrestart; i++)
			c->restart[i] = s->restart_step[i] * (gb > 0 ? gb : 1);
	}
	if (lod && lod->n == s->n && lod->v == s->value) {
		c->pyr = lod;
	} else {
		c->pyr = &c->pyr_raw;
		if (dt_pyramid_build(&c->pyr_raw, c->raw, c->n))
			return -1;
	}
	c->raw_curve.n = c->n;
	c->raw_curve.x = c->x;
	c->raw_curve.y = c->raw;
	c->raw_curve.pyr = c->pyr;
	c->curve = &c->raw_curve;
	return 0;
}

static void label_copy(char *dst, size_t len, const char *src)
{
	dt_sanitize(src ? src : "", dst, len);
}

/* Labels and the parity (what every constructor starts with). */
static void view_start(dt_compare_view *v, const dt_parity *par,
                       const char *base_label, const char *pilot_label)
{
	memset(v, 0, sizeof *v);
	label_copy(v->label[0], sizeof v->label[0], base_label);
	label_copy(v->label[1], sizeof v->label[1], pilot_label);
	v->par = par;
	v->verdict = par->verdict;
}

/* The x extent of both curves, the window on all of it. */
static void view_extent(dt_compare_view *v)
{
	int64_t lo = INT64_MAX, hi = INT64_MIN;
	for (int k = 0; k < 2; k++) {
		const dt_curve *c = v->c[k].curve;
		if (c->n) {
			if (dt_curve_x(c, 0) < lo)
				lo = dt_curve_x(c, 0);
			if (dt_curve_x(c, c->n - 1) > hi)
				hi = dt_curve_x(c, c->n - 1);
		}
	}
	if (hi < lo) {
		lo = 0;
		hi = 0;
	}
	v->full_x0 = (double)lo;
	v->full_span = (double)hi - (double)lo + 1.0;
	v->x0 = v->full_x0;
	v->span = v->full_span;
	v->plot_w = 60;
}

int dt_compare_view_init(dt_compare_view *v, const dt_series *base,
                         const dt_series *pilot, const dt_parity *par,
                         const char *base_label, const char *pilot_label)
{
	return dt_compare_view_init_lod(v, base, pilot, NULL, NULL, par,
	                                base_label, pilot_label);
}

int dt_compare_view_init_lod(dt_compare_view *v, const dt_series *base,
                             const dt_series *pilot, const dt_pyramid *lod_base,
                             const dt_pyramid *lod_pilot, const dt_parity *par,
                             const char *base_label, const char *pilot_label)
{
	const dt_parity_opts o = par->opts;
	size_t i;

	view_start(v, par, base_label, pilot_label);
	if (curve_init(&v->c[0], base, v->par->by_samples ? o.baseline_gb : 0,
	               lod_base) ||
	    curve_init(&v->c[1], pilot, v->par->by_samples ? o.pilot_gb : 0,
	               lod_pilot))
		goto fail;
	v->dstride = sizeof *v->par->points;
	if (v->par->n) {
		v->dx = &v->par->points[0].x;
		v->dy = &v->par->points[0].rel_diff;
		v->breach_bits = calloc((v->par->n + 63) / 64,
		                        sizeof *v->breach_bits);
		if (!v->breach_bits)
			goto fail;
		for (i = 0; i < v->par->n; i++)
			if (v->par->points[i].breach)
				v->breach_bits[i / 64] |= (uint64_t)1 << (i % 64);
	}
	if (dt_pyramid_build_strided(&v->pyr_diff, v->dy, v->dstride, v->par->n))
		goto fail;
	view_extent(v);
	return 0;
fail:
	dt_compare_view_free(v);
	errno = ENOMEM;
	return -1;
}

int dt_compare_view_init_pending(dt_compare_view *v, const dt_curve *base,
                                 const dt_curve *pilot, const dt_parity *par,
                                 const char *base_label,
                                 const char *pilot_label)
{
	view_start(v, par, base_label, pilot_label);
	v->lean = 1;
	v->pending = 1;
	const dt_curve *cv[2] = { base, pilot };
	for (int k = 0; k < 2; k++) {
		v->c[k].n = cv[k]->n;
		v->c[k].curve = cv[k];
		v->c[k].pyr = cv[k]->pyr;
	}
	view_extent(v);
	return 0;
}

int dt_compare_view_set_parity(dt_compare_view *v, const dt_parity *par)
{
	int rc = dt_parity_curve_init(&v->diff, v->c[0].curve, v->c[1].curve,
	                              par);
	if (rc < 0)
		errno = ENOMEM;
	if (rc != 0)
		return rc;
	v->par = par;
	v->verdict = par->verdict;
	v->pending = 0;
	return 0;
}

int dt_compare_view_init_curves(dt_compare_view *v, const dt_curve *base,
                                const dt_curve *pilot, const dt_parity *par,
                                const char *base_label,
                                const char *pilot_label)
{
	dt_compare_view_init_pending(v, base, pilot, par, base_label,
	                             pilot_label);
	int rc = dt_compare_view_set_parity(v, par);
	if (rc != 0) {
		int e = errno;
		memset(v, 0, sizeof *v);
		errno = e;
	}
	return rc;
}

void dt_compare_view_free(dt_compare_view *v)
{
	if (!v)
		return;
	curve_free(&v->c[0]);
	curve_free(&v->c[1]);
	free(v->breach_bits);
	dt_pyramid_free(&v->pyr_diff);
	dt_parity_curve_free(&v->diff);
	memset(v, 0, sizeof *v);
}

double dt_compare_weight(const dt_compare_view *v)
{
	return ema_weights[v->weight_idx];
}

/* Smoothing off after a failure (errno kept). */
static int smoothing_failed(dt_compare_view *v)
{
	int e = errno;
	dt_ema_curve_free(&v->c[0].ema);
	dt_ema_curve_free(&v->c[1].ema);
	v->smooth = 0;
	errno = e;
	return -1;
}

int dt_compare_smoothing_begin(dt_compare_view *v, int on, int weight_idx)
{
	if (weight_idx < 0)
		weight_idx = 0;
	if (weight_idx >= DT_EMA_NWEIGHTS)
		weight_idx = DT_EMA_NWEIGHTS - 1;
	v->weight_idx = weight_idx;
	v->smooth = on;
	if (!on)
		return 0;
	double w = dt_ema_weight(ema_weights[weight_idx]);
	for (int k = 0; k < 2; k++) {
		dt_view_curve *c = &v->c[k];
		if (c->n == 0 || (c->ema.raw && c->ema.w == w))
			continue; /* built, or being built, with this weight */
		dt_ema_curve_free(&c->ema);
		if (dt_ema_curve_begin(&c->ema, c->curve, w) < 0)
			return smoothing_failed(v);
	}
	return 0;
}

int dt_compare_smoothing_pending(const dt_compare_view *v)
{
	if (!v->smooth)
		return 0;
	for (int k = 0; k < 2; k++)
		if (v->c[k].n && !v->c[k].ema.ready)
			return 1;
	return 0;
}

double dt_compare_smoothing_progress(const dt_compare_view *v)
{
	double done = 0, total = 0;
	for (int k = 0; k < 2; k++) {
		done += dt_ema_curve_progress(&v->c[k].ema) * (double)v->c[k].n;
		total += (double)v->c[k].n;
	}
	return total > 0 ? done / total : 1.0;
}

int dt_compare_smoothing_step(dt_compare_view *v, size_t budget)
{
	for (int k = 0; k < 2 && dt_compare_smoothing_pending(v); k++) {
		dt_view_curve *c = &v->c[k];
		if (c->n == 0 || c->ema.ready)
			continue;
		size_t before = c->ema.at;
		if (dt_ema_curve_step(&c->ema, budget) < 0)
			return smoothing_failed(v);
		size_t did = c->ema.ready ? c->n - before : c->ema.at - before;
		if (did >= budget)
			break;
		budget -= did;
	}
	return !dt_compare_smoothing_pending(v);
}

int dt_compare_set_smoothing(dt_compare_view *v, int on, int weight_idx)
{
	if (dt_compare_smoothing_begin(v, on, weight_idx) < 0)
		return -1;
	return dt_compare_smoothing_step(v, SIZE_MAX) < 0 ? -1 : 0;
}

/* Keep the window inside the full extent. */
static void clamp_window(dt_compare_view *v)
{
	double end = v->full_x0 + v->full_span;
	double min_span = v->full_span < 8 ? v->full_span : 8;
	if (v->span > v->full_span)
		v->span = v->full_span;
	if (v->span < min_span)
		v->span = min_span;
	if (v->x0 + v->span > end)
		v->x0 = end - v->span;
	if (v->x0 < v->full_x0)
		v->x0 = v->full_x0;
}

dt_track dt_compare_track(const dt_compare_view *v)
{
	dt_track t = { v->dx, v->dstride, v->par->n, 0, 0 };
	const dt_curve *c;
	if (v->par->n && v->lean) {
		c = &v->diff.c;
	} else if (v->par->n) {
		return t;
	} else {
		c = v->c[0].n ? v->c[0].curve : v->c[1].curve;
	}
	t.x = c->x;
	t.stride = sizeof *t.x;
	t.n = c->n;
	t.first = c->x_first;
	t.step = c->x_stride;
	return t;
}

/* Keep the cursor on a point in the window [x0, x0 + span): a cursor
 * left of it goes to the first point in it, one right of it to the last,
 * so the readout always describes a point the chart shows. When no point
 * of the track lies in the window (a sparse track, a narrow window) the
 * window moves to the cursor instead. */
static void clamp_cursor(dt_compare_view *v)
{
	dt_track t = dt_compare_track(v);
	double x;
	size_t i;
	if (t.n == 0)
		return;
	if (v->cursor >= t.n)
		v->cursor = t.n - 1;
	x = (double)dt_track_x(&t, v->cursor);
	if (x < v->x0) {
		i = dt_track_lower_bound(&t, v->x0);
		if (i < t.n && (double)dt_track_x(&t, i) < v->x0 + v->span)
			v->cursor = i;
	} else if (x >= v->x0 + v->span) {
		i = dt_track_lower_bound(&t, v->x0 + v->span);
		if (i > 0 && (double)dt_track_x(&t, i - 1) >= v->x0)
			v->cursor = i - 1;
	} else {
		return;
	}
	x = (double)dt_track_x(&t, v->cursor);
	if (x < v->x0 || x >= v->x0 + v->span) { /* no point in the window */
		v->x0 = x - v->span / 2;
		clamp_window(v);
	}
}

void dt_compare_zoom(dt_compare_view *v, double factor)
{
	dt_track t = dt_compare_track(v);
	double cx = t.n ? (double)dt_track_x(&t, v->cursor) : v->x0 + v->span / 2;
	double rel = (cx - v->x0) / v->span;
	if (rel < 0 || rel > 1)
		rel = 0.5;
	v->span *= factor;
	clamp_window(v);
	if (v->span >= v->full_span) {
		v->x0 = v->full_x0;
		return;
	}
	v->x0 = cx - rel * v->span;
	clamp_window(v);
	clamp_cursor(v);
}

void dt_compare_pan(dt_compare_view *v, double frac)
{
	v->x0 += frac * v->span;
	clamp_window(v);
	clamp_cursor(v);
}

void dt_compare_cursor(dt_compare_view *v, int dir)
{
	dt_track t = dt_compare_track(v);
	size_t n = t.n, j = v->cursor;
	double colw = v->span / (v->plot_w > 0 ? v->plot_w : 1), col, x;

	if (n == 0)
		return;
	if (v->cursor >= n)
		v->cursor = n - 1;
	col = floor(((double)dt_track_x(&t, v->cursor) - v->x0) / colw);
	if (dir == -2) {
		j = 0;
	} else if (dir == 2) {
		j = n - 1;
	} else if (dir > 0) {
		j = dt_track_lower_bound(&t, v->x0 + (col + 1) * colw);
		if (j <= v->cursor)
			j = v->cursor + 1;
		if (j >= n)
			j = n - 1;
	} else if (v->cursor > 0) {
		j = dt_track_lower_bound(&t, v->x0 + (col - 1) * colw);
		if (j >= v->cursor)
			j = v->cursor - 1;
	}
	v->cursor = j;
	x = (double)dt_track_x(&t, j);
	if (x < v->x0)
		v->x0 = x - v->span * 0.1;
	else if (x >= v->x0 + v->span)
		v->x0 = x - v->span * 0.9;
	clamp_window(v);
}
