/* compare_render.c: lays out and renders the comparison screen. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tui/chart_internal.h"

#define YLABEL_W 10 /* y labels (8) + space + axis column */

/* Draw text that may not fit on one row over two rows, breaking after
 * the last "; " that fits. */
static void text_two_rows(dt_grid *g, int y, const char *s, dt_role role)
{
	char first[512];
	size_t cut = 0, i;
	if (dt_text_width(s, g->ascii) <= g->w - 1) {
		dt_grid_text(g, 0, y, g->w, s, role);
		return;
	}
	for (i = 0; s[i] && i + 1 < sizeof first; i++) {
		if (s[i] == ';' && s[i + 1] == ' ') {
			memcpy(first, s, i + 1);
			first[i + 1] = '\0';
			if (dt_text_width(first, g->ascii) > g->w)
				break;
			cut = i + 1;
		}
	}
	if (cut == 0) { /* no "; " early enough: wrap at a space */
		dt_grid_wrap(g, 0, y, g->w, 2, s, role);
		return;
	}
	memcpy(first, s, cut);
	first[cut] = '\0';
	dt_grid_text(g, 0, y, g->w, first, role);
	dt_grid_text(g, 2, y + 1, g->w - 2, s + cut + 1, role);
}

/* Legend: marks and labels, then the view's mode flags. */
static void draw_legend(dt_grid *g, int y, const dt_compare_view *v)
{
	const dt_glyphs *gl = g->gl;
	int x = 0;
	dt_grid_put(g, x, y, gl->braille ? dt_braille(0xFF) : gl->baseline,
	            DT_ROLE_BASELINE);
	x += 2;
	x += dt_grid_printf(g, x, y, g->w - x, DT_ROLE_BASELINE, "%s",
	                    v->label[0]) + 2;
	dt_grid_put(g, x, y, gl->pilot, DT_ROLE_PILOT);
	x += 2;
	x += dt_grid_printf(g, x, y, g->w - x, DT_ROLE_PILOT, "%s",
	                    v->label[1]) + 2;
	dt_grid_put(g, x, y, gl->overlap_dots ? dt_braille(0xFF) : gl->overlap,
	            DT_ROLE_OVERLAP);
	x += 2;
	x += dt_grid_text(g, x, y, g->w - x, "both", DT_ROLE_LABEL) + 2;
	dt_grid_put(g, x, y, gl->nonfinite, DT_ROLE_NONFINITE);
	x += 2;
	x += dt_grid_text(g, x, y, g->w - x, "NaN/inf", DT_ROLE_LABEL) + 2;
	x += dt_grid_text(g, x, y, g->w - x, "b/p", DT_ROLE_RESTART);
	x += dt_grid_text(g, x, y, g->w - x, " restart", DT_ROLE_LABEL) + 2;
	if (v->smooth)
		x += dt_grid_printf(g, x, y, g->w - x, DT_ROLE_WARN, "EMA %.2f",
		                    dt_compare_weight(v)) + 2;
	if (v->logy)
		dt_grid_text(g, x, y, g->w - x, "log y", DT_ROLE_WARN);
}

static void fmt_x(char *buf, size_t len, double x)
{
	snprintf(buf, len, "%lld", (long long)llround(x));
}

/* X axis line with restart marks, and the x labels under it. */
static void draw_xaxis(dt_grid *g, int y, int px, int pw,
                       const dt_compare_view *v)
{
	char a[32], b[32], m[32];
	int k, wa, wb, wm;
	size_t i;

	dt_grid_put(g, px - 1, y, g->gl->corner, DT_ROLE_AXIS);
	dt_grid_fill(g, px, y, pw, g->gl->hline, DT_ROLE_AXIS);
	for (k = 0; k < 2; k++)
		for (i = 0; i < v->c[k].nrestart; i++) {
			double rx = (double)v->c[k].restart[i];
			int col;
			dt_cell *c;
			if (rx < v->x0 || rx >= v->x0 + v->span)
				continue;
			col = (int)floor((rx - v->x0) / v->span * pw);
			c = dt_grid_at(g, px + col, y);
			if (!c)
				continue;
			if (c->role == DT_ROLE_RESTART && c->ch != (k ? L'p' : L'b'))
				c->ch = L'*';
			else
				c->ch = k ? L'p' : L'b';
			c->role = DT_ROLE_RESTART;
		}
	for (i = 0; i < v->nmarks; i++) {
		double mx = (double)v->mark_x[i];
		dt_cell *c;
		if (mx < v->x0 || mx >= v->x0 + v->span)
			continue;
		c = dt_grid_at(g, px + (int)floor((mx - v->x0) / v->span * pw), y);
		if (!c)
			continue;
		c->ch = (wchar_t)v->mark_ch[i];
		c->role = DT_ROLE_WARN;
	}
	dt_grid_text(g, 0, y + 1, px - 1, v->par->by_samples ? "samples" : "eff.step",
	             DT_ROLE_AXIS);
	fmt_x(a, sizeof a, v->x0);
	fmt_x(b, sizeof b, v->x0 + v->span - 1);
	fmt_x(m, sizeof m, v->x0 + (v->span - 1) / 2);
	wa = (int)strlen(a);
	wb = (int)strlen(b);
	wm = (int)strlen(m);
	dt_grid_text(g, px, y + 1, wa, a, DT_ROLE_LABEL);
	if (px + pw / 2 - wm / 2 > px + wa + 1 &&
	    px + pw / 2 + wm - wm / 2 < px + pw - wb - 1)
		dt_grid_text(g, px + pw / 2 - wm / 2, y + 1, wm, m, DT_ROLE_LABEL);
	if (pw > wa + wb + 1)
		dt_grid_text(g, px + pw - wb, y + 1, wb, b, DT_ROLE_LABEL);
}

/* Y labels (top, middle, bottom) and the y axis column. */
static void draw_yaxis(dt_grid *g, int y0, int h, double ymin, double ymax,
                       int logy)
{
	double mid = logy ? pow(10, (log10(ymin) + log10(ymax)) / 2)
	                  : (ymin + ymax) / 2;
	int r;
	for (r = 0; r < h; r++)
		dt_grid_put(g, YLABEL_W - 1, y0 + r, g->gl->vline, DT_ROLE_AXIS);
	dt_grid_printf(g, 0, y0, 8, DT_ROLE_LABEL, "%8.4g", ymax);
	dt_grid_put(g, YLABEL_W - 1, y0, g->gl->ytick, DT_ROLE_AXIS);
	if (h >= 3) {
		dt_grid_printf(g, 0, y0 + h / 2, 8, DT_ROLE_LABEL, "%8.4g", mid);
		dt_grid_put(g, YLABEL_W - 1, y0 + h / 2, g->gl->ytick, DT_ROLE_AXIS);
	}
	dt_grid_printf(g, 0, y0 + h - 1, 8, DT_ROLE_LABEL, "%8.4g", ymin);
	dt_grid_put(g, YLABEL_W - 1, y0 + h - 1, g->gl->ytick, DT_ROLE_AXIS);
}

/* Value of curve k at exactly x, through its displayed (smoothed or raw)
 * values; NAN when the curve has no point there. */
static double value_at(const dt_compare_view *v, int k, int64_t x, int smooth)
{
	const dt_view_curve *c = &v->c[k];
	size_t i = dt_lower_bound_i64(c->x, c->n, (double)x);
	if (i >= c->n || c->x[i] != x)
		return NAN;
	return smooth && c->smooth ? c->smooth[i] : c->raw[i];
}

static void draw_readout(dt_grid *g, int y, const dt_compare_view *v)
{
	dt_track t = dt_compare_track(v);
	size_t n = t.n;
	const char *unit = v->par->by_samples ? "samples" : "step";
	int x = 0;

	if (n == 0) {
		dt_grid_text(g, 0, y, g->w, "no loss points in either run",
		             DT_ROLE_WARN);
		return;
	}
	if (v->par->n) {
		const dt_parity_point *p = &v->par->points[v->cursor];
		x += dt_grid_printf(g, 0, y, g->w, DT_ROLE_LABEL,
		                    "cursor %s %lld  base %.5g  pilot %.5g  rel %+.2f%%",
		                    unit, (long long)p->x, p->baseline, p->pilot,
		                    p->rel_diff * 100.0);
		if (p->breach)
			x += dt_grid_text(g, x, y, g->w - x, "  BREACH", DT_ROLE_BREACH);
	} else {
		int64_t cx = dt_track_x(&t, v->cursor);
		x += dt_grid_printf(g, 0, y, g->w, DT_ROLE_LABEL,
		                    "cursor %s %lld  base %.5g  pilot %.5g  (no common steps)",
		                    unit, (long long)cx, value_at(v, 0, cx, 0),
		                    value_at(v, 1, cx, 0));
	}
	if (v->smooth)
		dt_grid_printf(g, x, y, g->w - x, DT_ROLE_WARN,
		               "  EMA b %.5g p %.5g",
		               value_at(v, 0, dt_track_x(&t, v->cursor), 1),
		               value_at(v, 1, dt_track_x(&t, v->cursor), 1));
}

static void draw_cursor(dt_grid *g, const dt_compare_view *v, int px, int pw,
                        int y0, int y1, int s0, int s1)
{
	dt_track t = dt_compare_track(v);
	int col, y;
	if (t.n == 0)
		return;
	col = (int)floor(((double)dt_track_x(&t, v->cursor) - v->x0) / v->span * pw);
	if (col < 0 || col >= pw)
		return;
	for (y = y0; y < s1; y++) {
		dt_cell *c;
		if (y >= y1 && y < s0)
			continue;
		c = dt_grid_at(g, px + col, y);
		if (!c)
			continue;
		c->flags |= DT_CELL_HL;
		if (c->ch == L' ') {
			c->ch = g->gl->cursor;
			c->role = DT_ROLE_CURSOR;
		}
	}
}

void dt_compare_render(dt_compare_view *v, dt_grid *g, const char *title)
{
	int W = g->w, H = g->h, rest, hs, ch, pw, ay, sy, ry;
	double ymin = 0, ymax = 1, R;
	dt_plot_series s[2];
	int k;
	dt_role vrole;

	dt_grid_clear(g);
	if (W < 40 || H < 12) {
		dt_grid_printf(g, 0, 0, W, DT_ROLE_WARN,
		               "terminal too small: need 40x12, have %dx%d", W, H);
		return;
	}
	rest = H - 8 - v->top_rows - v->bottom_rows;
	if (rest < 6)
		rest = 6;
	hs = rest / 4 < 3 ? 3 : rest / 4;
	ch = rest - hs;
	pw = W - YLABEL_W - 1;
	ay = 2 + v->top_rows + ch;
	sy = ay + 2;
	ry = sy + hs;
	v->plot_w = pw;

	dt_grid_fill(g, 0, 0, W, L' ', DT_ROLE_TITLE);
	dt_grid_text(g, 1, 0, W - 2, title ? title : "", DT_ROLE_TITLE);
	draw_legend(g, 1, v);

	for (k = 0; k < 2; k++) {
		const dt_view_curve *c = &v->c[k];
		int sm = v->smooth && c->smooth;
		s[k].n = c->n;
		s[k].x = c->x;
		s[k].y = sm ? c->smooth : c->raw;
		s[k].pyr = sm ? &c->pyr_smooth : &c->pyr_raw;
		s[k].stride = 0;
	}
	if (dt_chart_yrange(s, v->x0, v->span, v->logy, &ymin, &ymax)) {
		ymin = v->logy ? 0.1 : 0;
		ymax = 1;
	}
	draw_yaxis(g, 2 + v->top_rows, ch, ymin, ymax, v->logy);
	draw_xaxis(g, ay, YLABEL_W, pw, v);
	if (dt_chart_plot(g, YLABEL_W, 2 + v->top_rows, pw, ch, s, v->x0, v->span,
	                  ymin, ymax, v->logy))
		dt_grid_text(g, YLABEL_W, 2 + v->top_rows, pw, "out of memory",
		             DT_ROLE_FAIL);

	R = dt_strip_plot(g, YLABEL_W, sy, pw, hs, v);
	for (k = 0; k < hs; k++)
		dt_grid_put(g, YLABEL_W - 1, sy + k, g->gl->vline, DT_ROLE_AXIS);
	dt_grid_printf(g, 0, sy, 8, DT_ROLE_LABEL, "%+7.1f%%", R * 100.0);
	dt_grid_text(g, 0, sy + hs / 2, 8, "rel diff", DT_ROLE_AXIS);
	dt_grid_printf(g, 0, sy + hs - 1, 8, DT_ROLE_LABEL, "%+7.1f%%", -R * 100.0);

	draw_cursor(g, v, YLABEL_W, pw, 2 + v->top_rows, ay, sy, sy + hs);
	draw_readout(g, ry, v);

	vrole = v->verdict == DT_VERDICT_PASS ? DT_ROLE_PASS :
	        v->verdict == DT_VERDICT_FAIL ? DT_ROLE_FAIL : DT_ROLE_WARN;
	text_two_rows(g, ry + 1, v->sentence, vrole);

	dt_grid_text(g, 0, H - 1, W,
	             "?:help q:back h/l:cursor +/-:zoom [ ]:pan s:EMA ,/.:weight "
	             "L:log t:theme", DT_ROLE_STATUS);
}
