/* compare_render.c: lays out and renders the comparison screen. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tui/chart_internal.h"
#include "tui/layout.h"
#include "model/core/verdict_text.h"

#define YLABEL_W 10 /* y labels (8) + space + axis column */

/* The verdict sentence on rows of w columns, broken between its
 * clauses ("; ") where it can: a clause starts a new row rather than
 * being split, so "(allowed 20);" and the rule clause stay readable.
 * Row texts into rows[VERDICT_ROWS + 1]; returns the row count, or -1
 * when a clause alone is wider than w or more rows are needed (then the
 * sentence is word-wrapped instead). */
#define VERDICT_ROWS 4
#define VERDICT_ROW_MAX 400
static int clause_rows(const char *s, int w, int ascii,
                       char rows[VERDICT_ROWS + 1][VERDICT_ROW_MAX])
{
	char row[VERDICT_ROW_MAX] = "", cand[VERDICT_ROW_MAX];
	size_t rl;
	int n = 0;
	while (*s) {
		const char *e = strstr(s, "; ");
		size_t len = e ? (size_t)(e - s) + 1 : strlen(s);
		char piece[VERDICT_ROW_MAX];
		if (len >= sizeof piece)
			return -1;
		memcpy(piece, s, len);
		piece[len] = '\0';
		s += len;
		while (*s == ' ')
			s++;
		if (dt_text_width(piece, ascii) > w)
			return -1;
		rl = strlen(row);
		if (rl + 1 + len < sizeof cand) {
			memcpy(cand, row, rl);
			if (rl)
				cand[rl++] = ' ';
			memcpy(cand + rl, piece, len + 1);
		} else {
			cand[0] = '\0';
		}
		if (cand[0] && dt_text_width(cand, ascii) <= w) {
			memcpy(row, cand, sizeof row);
			continue;
		}
		if (n == VERDICT_ROWS)
			return -1;
		memcpy(rows[n++], row, sizeof row);
		memcpy(row, piece, sizeof row);
	}
	if (row[0]) {
		if (n == VERDICT_ROWS)
			return -1;
		memcpy(rows[n++], row, sizeof row);
	}
	return n;
}

/* Draw the verdict sentence at row y in at most maxrows rows (maxrows 0:
 * only count). Returns the rows it needs / used (at least 1): broken
 * between clauses when that takes VERDICT_ROWS rows or fewer, else
 * word-wrapped on as many rows as it needs; given fewer (a short
 * screen), its last row ends in an ellipsis. */
static int verdict_text(dt_grid *g, int y, int maxrows, const char *s,
                        dt_role role)
{
	char rows[VERDICT_ROWS + 1][VERDICT_ROW_MAX];
	int n = s[0] ? clause_rows(s, g->w, g->ascii, rows) : 0, k;
	if (n < 0) {
		n = dt_text_wrap_rows(s, g->w, g->ascii);
		if (maxrows && n > maxrows)
			n = maxrows;
		if (maxrows)
			dt_grid_wrap(g, 0, y, g->w, maxrows, s, role);
		return n < 1 ? 1 : n;
	}
	if (maxrows && n > maxrows) {
		dt_grid_wrap(g, 0, y, g->w, maxrows, s, role);
		return maxrows;
	}
	for (k = 0; maxrows && k < n; k++)
		dt_grid_text(g, 0, y + k, g->w, rows[k], role);
	return n < 1 ? 1 : n;
}

/* The "(PLATFORM)" end of a run's legend label "NAME (PLATFORM)" (its
 * last " ("), or NULL. */
static const char *platform_of(const char *s)
{
	const char *p = NULL, *q = s;
	while ((q = strstr(q, " (")) != NULL)
		p = ++q;
	return p;
}

/* Columns the shortest legend label of s takes: the cut mark and
 * "(PLATFORM)" (bare: "(PLATFORM)" alone); the whole label when it has
 * no platform or is not longer. */
static int legend_min(const dt_grid *g, const char *s, int bare)
{
	const char *p = platform_of(s);
	int w = dt_text_width(s, g->ascii), m;
	if (!p)
		return w;
	m = (bare ? 0 : dt_text_width(dt_layout_dots(g), g->ascii))
	    + dt_text_width(p, g->ascii);
	return m < w ? m : w;
}

/* A run's label "NAME (PLATFORM)" in the legend in w columns; the
 * platform always stays, the name gives way: cut in the middle while the
 * end it keeps holds " (PLATFORM)" (its start and end stay, so runs that
 * share a prefix stay apart), else the name cut at its end ("lla…
 * (gpu)"), else the mark alone before it ("…(gpu)"), else (the ASCII
 * mark at 60 columns) the platform alone. Returns the columns used. */
static int legend_label(dt_grid *g, int x, int y, int w, const char *s,
                        dt_role role)
{
	const char *p = platform_of(s), *dots = dt_layout_dots(g);
	int dw = dt_text_width(dots, g->ascii), pw, used;
	char name[160]; /* a label of dt_compare_view */
	if (!p || dt_text_width(s, g->ascii) <= w)
		return dt_layout_text(g, x, y, w, s, role);
	pw = dt_text_width(p, g->ascii) + 1; /* " (PLATFORM)" */
	if ((w - dw) - (w - dw) / 2 >= pw)
		return dt_layout_mid(g, x, y, w, s, role);
	if (w >= pw + 1 + dw) {
		snprintf(name, sizeof name, "%.*s", (int)(p - 1 - s), s);
		used = dt_layout_text(g, x, y, w - pw, name, role);
		return used + dt_grid_text(g, x + used, y, w - used, p - 1, role);
	}
	if (w < dw + pw - 1)
		return dt_layout_text(g, x, y, w, p, role);
	used = dt_grid_text(g, x, y, w, dots, role);
	return used + dt_grid_text(g, x + used, y, w - used, p, role);
}

/* Legend: marks and labels, then the view's mode flags. The marks and
 * their words always show (help and x axis use them); when the row is
 * too narrow the two run labels share what is left, each cut in the
 * middle (legend_label): its start and its end "(gpu)" / "(trn2)" stay,
 * so a baseline and a pilot that share a prefix stay apart. */
static void draw_legend(dt_grid *g, int y, const dt_compare_view *v)
{
	const dt_glyphs *gl = g->gl;
	char modes[64] = "";
	int x = 0, tail, mw, avail, w0, w1, lw[2], m0, m1, gap = 2;
	if (dt_compare_smoothing_pending(v)) /* raw curves until built */
		snprintf(modes, sizeof modes, "smoothing... %d %%  ",
		         (int)floor(dt_compare_smoothing_progress(v) * 99.0));
	else if (v->smooth)
		snprintf(modes, sizeof modes, "EMA %.2f  ", dt_compare_weight(v));
	if (v->logy)
		snprintf(modes + strlen(modes), sizeof modes - strlen(modes),
		         "log y");
	mw = dt_text_width(modes, g->ascii);
	w0 = dt_text_width(v->label[0], g->ascii);
	w1 = dt_text_width(v->label[1], g->ascii);
	m0 = legend_min(g, v->label[0], 0);
	m1 = legend_min(g, v->label[1], 0);
	/* "X both  X NaN/inf  b/p restart  X tolerance" + "  " modes, and
	 * "X " label "  " twice; the gaps one blank when two only leave the
	 * labels less than their platforms ("…(gpu)") */
	for (;;) {
		tail = 2 + 4 + gap + 2 + 7 + gap + 3 + 8 + gap + 2 + 9
		       + (mw ? gap + mw : 0);
		avail = g->w - tail - 2 * (2 + gap);
		if (avail >= m0 + m1 || gap == 1)
			break;
		gap = 1;
	}
	if (avail < m0 + m1) { /* narrower still: the platforms alone */
		m0 = legend_min(g, v->label[0], 1);
		m1 = legend_min(g, v->label[1], 1);
		if (avail < m0 + m1)
			avail = m0 + m1;
	}
	if (w0 + w1 <= avail) {
		lw[0] = w0;
		lw[1] = w1;
	} else if (w0 <= avail / 2) {
		lw[0] = w0;
		lw[1] = avail - w0;
	} else if (w1 <= avail / 2) {
		lw[1] = w1;
		lw[0] = avail - w1;
	} else {
		lw[0] = avail / 2;
		lw[1] = avail - lw[0];
	}
	if (lw[0] < m0) { /* each label keeps its platform */
		lw[0] = m0;
		lw[1] = avail - m0;
	} else if (lw[1] < m1) {
		lw[1] = m1;
		lw[0] = avail - m1;
	}
	dt_grid_put(g, x, y, gl->braille ? dt_braille(0xFF) : gl->baseline,
	            DT_ROLE_BASELINE);
	x += 2;
	x += legend_label(g, x, y, lw[0], v->label[0], DT_ROLE_BASELINE) + gap;
	dt_grid_put(g, x, y, gl->pilot, DT_ROLE_PILOT);
	x += 2;
	x += legend_label(g, x, y, lw[1], v->label[1], DT_ROLE_PILOT) + gap;
	dt_grid_put(g, x, y, gl->overlap, DT_ROLE_OVERLAP);
	x += 2;
	x += dt_grid_text(g, x, y, g->w - x, "both", DT_ROLE_LABEL) + gap;
	dt_grid_put(g, x, y, gl->nonfinite, DT_ROLE_NONFINITE);
	x += 2;
	x += dt_grid_text(g, x, y, g->w - x, "NaN/inf", DT_ROLE_LABEL) + gap;
	x += dt_grid_text(g, x, y, g->w - x, "b/p", DT_ROLE_RESTART);
	x += dt_grid_text(g, x, y, g->w - x, " restart", DT_ROLE_LABEL) + gap;
	/* the strip's dashed lines: the tolerance band (its rows say ±rtol) */
	dt_grid_put(g, x, y, gl->band, DT_ROLE_BAND);
	x += 2;
	x += dt_grid_text(g, x, y, g->w - x, "tolerance", DT_ROLE_LABEL) + gap;
	if (modes[0])
		dt_layout_text(g, x, y, g->w - x, modes, DT_ROLE_WARN);
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
	/* the first and the last whole x in the window [x0, x0 + span): a
	 * zoomed window starts and ends between steps (x0 1500.25, span
	 * 500: 1501 .. 2000) */
	double first = ceil(v->x0), last = ceil(v->x0 + v->span) - 1;
	if (last < first)
		last = first;
	fmt_x(a, sizeof a, first);
	fmt_x(b, sizeof b, last);
	fmt_x(m, sizeof m, (first + last) / 2);
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

/* "+2.0%" (or "+0.05%" below 0.1 %) right-aligned in 8 columns. */
static void pct_label(dt_grid *g, int y, double f)
{
	double p = f * 100.0;
	dt_grid_printf(g, 0, y, 8, DT_ROLE_LABEL, fabs(p) >= 0.1 || p == 0
	               ? "%+7.1f%%" : "%+7.2g%%", p);
}

/* The strip's labels and axis column: the tolerance band's rows (the
 * dashed lines) say the tolerance, ±rtol; the edge rows, when apart from
 * them, the strip's range ±R; the zero row "rel diff" (the middle row
 * when the zero row is a band row). */
static void strip_labels(dt_grid *g, int sy, int hs, double R, double rtol)
{
	int hi = rtol > 0 ? dt_strip_row(rtol, R, hs) : -1,
	    lo = rtol > 0 ? dt_strip_row(-rtol, R, hs) : -1,
	    zero = dt_strip_row(0, R, hs), k;
	for (k = 0; k < hs; k++)
		dt_grid_put(g, YLABEL_W - 1, sy + k, g->gl->vline, DT_ROLE_AXIS);
	if (zero == hi || zero == lo)
		zero = hs / 2;
	if (zero != hi && zero != lo)
		dt_grid_text(g, 0, sy + zero, 8, "rel diff", DT_ROLE_AXIS);
	if (hi != 0 && zero != 0)
		pct_label(g, sy, R);
	if (lo != hs - 1 && zero != hs - 1)
		pct_label(g, sy + hs - 1, -R);
	if (hi >= 0)
		pct_label(g, sy + hi, rtol);
	if (lo >= 0)
		pct_label(g, sy + lo, -rtol);
}

/* Value of curve k at exactly x, through its displayed (smoothed or raw)
 * values; NAN when the curve has no point there. */
static double value_at(const dt_compare_view *v, int k, int64_t x, int smooth)
{
	const dt_view_curve *c = &v->c[k];
	size_t i = dt_curve_lower_bound(c->curve, (double)x);
	if (i >= c->n || dt_curve_x(c->curve, i) != x)
		return NAN;
	return dt_curve_value(smooth && c->ema.ready ? &c->ema.c : c->curve, i);
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
		/* lean: the point judged here by the service's rule */
		dt_parity_point lp = v->lean ? dt_parity_curve_point(&v->diff,
		                                                     v->cursor)
		                             : v->par->points[v->cursor];
		const dt_parity_point *p = &lp;
		char pct[32];
		x += dt_layout_printf(g, 0, y, g->w, DT_ROLE_LABEL,
		                      "cursor %s %lld  base %.5g  pilot %.5g  rel "
		                      "%s", unit, (long long)p->x, p->baseline,
		                      p->pilot, dt_fmt_rel_pct(p->rel_diff, 1, pct,
		                                               sizeof pct));
		if (p->breach)
			x += dt_layout_text(g, x, y, g->w - x, "  BREACH",
			                    DT_ROLE_BREACH);
	} else {
		int64_t cx = dt_track_x(&t, v->cursor);
		char val[2][32];
		for (int k = 0; k < 2; k++) { /* a run without a point here: "-" */
			const dt_curve *c = v->c[k].curve;
			size_t i = dt_curve_lower_bound(c, (double)cx);
			if (i >= c->n || dt_curve_x(c, i) != cx)
				snprintf(val[k], sizeof val[k], "-");
			else
				snprintf(val[k], sizeof val[k], "%.5g",
				         dt_curve_value(c, i));
		}
		x += dt_layout_printf(g, 0, y, g->w, DT_ROLE_LABEL,
		                      "cursor %s %lld  base %s  pilot %s  (%s)", unit,
		                      (long long)cx, val[0], val[1],
		                      v->pending ? "rel diff: computing..."
		                                 : "no common steps");
	}
	if (v->smooth && !dt_compare_smoothing_pending(v))
		dt_layout_printf(g, x, y, g->w - x, DT_ROLE_WARN,
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
	int W = g->w, H = g->h, rest, hs, ch, pw, ay, sy, ry, vr, avail, left,
	    want_top, want_bottom;
	double ymin = 0, ymax = 1, R;
	dt_plot_series s[2] = {{0}};
	int k;
	dt_role vrole;

	dt_grid_clear(g);
	if (W < 40 || H < 12) {
		dt_grid_printf(g, 0, 0, W, DT_ROLE_WARN,
		               "terminal too small: need 40x12, have %dx%d", W, H);
		return;
	}
	char pend[80];
	const char *sentence = v->sentence;
	if (v->pending) { /* never a verdict the pass has not given */
		int pct = (int)floor(v->progress * 100.0);
		pct = pct < 0 ? 0 : pct > 99 ? 99 : pct;
		if (v->walk > 1)
			snprintf(pend, sizeof pend, "verdict: computing... %d %% (pass "
			         "%u)", pct, v->walk);
		else
			snprintf(pend, sizeof pend, "verdict: computing... %d %%", pct);
		sentence = pend;
	}
	/* Rows: title, legend, x axis and labels, readout and footer (6);
	 * then the verdict sentence whole (it is what is signed), as far as
	 * the chart and the strip keep 3 rows each; then the compile note
	 * (at least its first row, ending in "…", the chart giving a row
	 * for it), then the findings rows (all in the f overlay; the verdict
	 * counts them); the chart and the strip share the rest. The rows
	 * given to the note and the findings go back in top_rows and
	 * bottom_rows for the screen to draw; each keeps a row when it asked
	 * for any (the note's first row, the bottom rows' mark), the chart
	 * giving them (at 60x16: 2 rows left to the chart). */
	avail = H - 6;
	vr = verdict_text(g, 0, 0, sentence, DT_ROLE_NORMAL);
	if (vr > avail - 6)
		vr = avail - 6 < 1 ? 1 : avail - 6;
	left = avail - vr - 6;
	if (left < 0)
		left = 0;
	want_top = v->top_rows;
	v->top_rows = want_top < left ? want_top : left;
	left -= v->top_rows;
	if (want_top && !v->top_rows) {
		v->top_rows = 1; /* from the chart's third row */
		left = -1;
	}
	want_bottom = v->bottom_rows;
	if (v->bottom_rows > left)
		v->bottom_rows = left < 0 ? 0 : left;
	left -= v->bottom_rows < 0 ? 0 : v->bottom_rows;
	if (want_bottom > 0 && v->bottom_rows == 0) {
		v->bottom_rows = 1; /* for the mark: the chart gives a row too */
		left--;
	}
	rest = 6 + left;
	hs = rest / 4 < 3 ? 3 : rest / 4;
	ch = rest - hs;
	pw = W - YLABEL_W - 1;
	ay = 2 + v->top_rows + ch;
	sy = ay + 2;
	ry = sy + hs;
	v->plot_w = pw;

	dt_grid_fill(g, 0, 0, W, L' ', DT_ROLE_TITLE);
	dt_layout_text(g, 1, 0, W - 2, title ? title : "", DT_ROLE_TITLE);
	draw_legend(g, 1, v);

	for (k = 0; k < 2; k++) {
		const dt_view_curve *c = &v->c[k];
		s[k].curve = v->smooth && c->ema.ready ? &c->ema.c : c->curve;
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
	if (v->pending)
		dt_layout_text(g, YLABEL_W + 1, sy, pw - 1, "rel diff: computing...",
		               DT_ROLE_WARN);
	strip_labels(g, sy, hs, R, v->par->opts.rtol);

	draw_cursor(g, v, YLABEL_W, pw, 2 + v->top_rows, ay, sy, sy + hs);
	draw_readout(g, ry, v);

	vrole = v->pending ? DT_ROLE_WARN :
	        v->verdict == DT_VERDICT_PASS ? DT_ROLE_PASS :
	        v->verdict == DT_VERDICT_FAIL ? DT_ROLE_FAIL : DT_ROLE_WARN;
	verdict_text(g, ry + 1, vr, sentence, vrole);
	/* the footer row is the app's (from the keymap) */
}
