/* chart_internal.h: helpers shared by chart.c, strip.c and
 * compare_render.c (not for screens). */
#ifndef DT_CHART_INTERNAL_H
#define DT_CHART_INTERNAL_H

#include "tui/canvas.h"
#include "tui/chart.h"

/* Display-space value of y: y, or log10(y) when logy (-inf for y <= 0). */
double dt_chart_ty(double y, int logy);

/* Dot row (0 = top) of value y in a ph-dot-high area showing
 * [tmin, tmax] (display space); clamped to [0, ph). */
int dt_chart_py(double y, double tmin, double tmax, int ph, int logy);

/* Draw one curve into `layer` of cv (see dt_chart_plot); sets
 * nonfinite[cell column] = 1 where a NaN/inf point falls. Returns 0 or
 * -1 (ENOMEM). */
int dt_chart_plot_layer(dt_canvas *cv, int layer, const dt_plot_series *s,
                        double x0, double span, double tmin, double tmax,
                        int logy, unsigned char *nonfinite);

/* The x array the cursor walks: the verdict points' x when there are
 * any (read in place: stride bytes apart), else the baseline's, else
 * the pilot's. */
typedef struct dt_track {
	const int64_t *x;          /* NULL: x[i] = first + i * step */
	size_t stride;             /* bytes from one x to the next */
	size_t n;
	int64_t first, step;       /* the affine x when x is NULL */
} dt_track;

dt_track dt_compare_track(const dt_compare_view *v);

/* x[i] of a track (i < n). */
static inline int64_t dt_track_x(const dt_track *t, size_t i)
{
	return t->x ? dt_at_i64(t->x, t->stride, i)
	            : t->first + (int64_t)i * t->step;
}

/* Index of the first x >= key in the track, n when none; O(log n). */
static inline size_t dt_track_lower_bound(const dt_track *t, double key)
{
	dt_curve c = { .n = t->n, .x_first = t->first, .x_stride = t->step };
	return t->x ? dt_lower_bound_i64_strided(t->x, t->stride, t->n, key)
	            : dt_curve_lower_bound(&c, key);
}

/* Draw the relative-difference strip of v into the w x h rectangle at
 * (gx, gy): the ±rtol band edges, the zero line, rel_diff min..max per
 * dot column (braille, role DIFF), breach columns with the breach glyph
 * (role BREACH), non-finite differences marked on the top row. Returns
 * the half-height R of the strip (fraction: the strip shows [-R, R]). */
/* Cell row of relative difference f in an h-row strip showing [-R, R]
 * (0 the top row). */
int dt_strip_row(double f, double R, int h);

double dt_strip_plot(dt_grid *g, int gx, int gy, int w, int h,
                     const dt_compare_view *v);

#endif
