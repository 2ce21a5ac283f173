/* resume_chart.c: the resume view's restart window: the loss of the
 * segment before the selected restart and of the segment after it,
 * drawn by the comparison's chart widget (dt_chart_plot, tui/chart.h):
 * the points before the restart as the widget's first series, those
 * after it (the replayed steps included) as its second; where a replayed
 * point lands on the value logged before, the cell shows the widget's
 * "both" mark. The replayed steps (the restart's first step up to the
 * last step logged before it, as the service's verdict gives them) are
 * marked 'r' on the x axis. Each of the three has its own glyph shape,
 * with colours or without (tui/grid.h). Nothing here judges: the window comes
 * from the verdict's steps, the points from dt_run_segments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/segments.h"
#include "model/service/run_load.h"
#include "tui/canvas.h"
#include "tui/chart.h"
#include "tui/layout.h"
#include "tui/screens.h"

#define YLABEL_W 10   /* y labels (8) + space + axis column */
#define MIN_PAD 20    /* steps shown on each side of the replayed steps */

void dt_resume_chart_free(dt_resume_screen *r)
{
	size_t i;
	for (i = 0; i < r->nseg; i++)
		dt_pyramid_free(&r->pyr[i]);
	free(r->pyr);
	dt_segments_free(r->seg, r->nseg);
	r->seg = NULL;
	r->pyr = NULL;
	r->nseg = 0;
}

int dt_resume_chart_load(dt_resume_screen *r, dt_store *st)
{
	char err[600];
	size_t i;
	dt_resume_chart_free(r);
	if (dt_run_segments(st, &r->run, "loss", &r->seg, &r->nseg, err,
	                    sizeof err) < 0) {
		r->seg = NULL;
		r->nseg = 0;
		return -1;
	}
	r->pyr = calloc(r->nseg ? r->nseg : 1, sizeof *r->pyr);
	if (!r->pyr) {
		dt_resume_chart_free(r);
		return -1;
	}
	for (i = 0; i < r->nseg; i++)
		if (dt_pyramid_build(&r->pyr[i], r->seg[i].value, r->seg[i].n)) {
			dt_resume_chart_free(r);
			return -1;
		}
	return 0;
}

/* Legend at row y: the three marks and the replayed steps. */
static void legend(dt_grid *g, int y, const dt_restart_verdict *v,
                   size_t k)
{
	const dt_glyphs *gl = g->gl;
	int x = 0;
	char t[160];
	dt_grid_put(g, x, y, gl->braille ? dt_braille(0xFF) : gl->baseline,
	            DT_ROLE_BASELINE);
	x += 2;
	snprintf(t, sizeof t, "before restart %zu", k + 1);
	x += dt_layout_text(g, x, y, g->w - x, t, DT_ROLE_BASELINE) + 2;
	dt_grid_put(g, x, y, gl->pilot, DT_ROLE_PILOT);
	x += 2;
	x += dt_layout_text(g, x, y, g->w - x, "after", DT_ROLE_PILOT) + 2;
	dt_grid_put(g, x, y, gl->overlap, DT_ROLE_OVERLAP);
	x += 2;
	x += dt_layout_text(g, x, y, g->w - x, "both", DT_ROLE_LABEL) + 2;
	x += dt_layout_text(g, x, y, g->w - x, "r", DT_ROLE_RESTART);
	if (v->last_before >= v->at_step)
		snprintf(t, sizeof t, " replayed steps %lld..%lld",
		         (long long)v->at_step, (long long)v->last_before);
	else
		snprintf(t, sizeof t, " replayed steps: none");
	dt_layout_text(g, x, y, g->w - x, t, DT_ROLE_LABEL);
}

/* Column of step x in a pw-column plot of [x0, x0 + span). */
static int col_of(double x, double x0, double span, int pw)
{
	return (int)floor((x - x0) / span * pw);
}

/* X axis at row y (the replayed steps marked r) and its labels below. */
static void xaxis(dt_grid *g, int y, int pw, double x0, double span,
                  const dt_restart_verdict *v)
{
	char a[32], b[32];
	int c0, c1, c;
	dt_grid_put(g, YLABEL_W - 1, y, g->gl->corner, DT_ROLE_AXIS);
	dt_grid_fill(g, YLABEL_W, y, pw, g->gl->hline, DT_ROLE_AXIS);
	if (v->last_before >= v->at_step) {
		c0 = col_of((double)v->at_step, x0, span, pw);
		c1 = col_of((double)v->last_before, x0, span, pw);
		for (c = c0 < 0 ? 0 : c0; c <= c1 && c < pw; c++)
			dt_grid_put(g, YLABEL_W + c, y, L'r', DT_ROLE_RESTART);
	}
	dt_layout_text(g, 0, y + 1, YLABEL_W - 1, "eff.step", DT_ROLE_AXIS);
	snprintf(a, sizeof a, "%lld", (long long)llround(x0));
	snprintf(b, sizeof b, "%lld", (long long)llround(x0 + span - 1));
	dt_grid_text(g, YLABEL_W, y + 1, pw, a, DT_ROLE_LABEL);
	if (pw > (int)(strlen(a) + strlen(b)) + 1)
		dt_grid_text(g, YLABEL_W + pw - (int)strlen(b), y + 1,
		             (int)strlen(b), b, DT_ROLE_LABEL);
}

int dt_resume_chart_render(dt_resume_screen *r, dt_grid *g, int y, int h)
{
	const dt_restart_verdict *v;
	dt_plot_series s[2];
	double x0, span, ymin, ymax, pad, hi, end;
	memset(s, 0, sizeof s); /* stride 0: plain arrays */
	int ph = h - 3, pw = g->w - YLABEL_W - 1, k, row;
	size_t sel = r->sel;
	if (!r->open || sel >= r->res.nv || sel + 1 >= r->nseg || ph < 2 ||
	    pw < 10)
		return 0;
	v = &r->res.v[sel];
	for (k = 0; k < 2; k++) {
		const dt_series *sg = &r->seg[sel + (size_t)k];
		s[k].n = sg->n;
		s[k].x = sg->step;
		s[k].y = sg->value;
		s[k].pyr = &r->pyr[sel + (size_t)k];
	}
	/* the replayed steps and as many again (at least MIN_PAD) each side */
	hi = (double)(v->last_before > v->at_step ? v->last_before : v->at_step);
	pad = hi - (double)v->at_step + 1;
	if (pad < MIN_PAD)
		pad = MIN_PAD;
	x0 = (double)v->at_step - pad;
	/* never left of the run's first logged step (no step -14 on the axis
	 * for a restart near the start) */
	if (s[0].n && x0 < (double)s[0].x[0])
		x0 = (double)s[0].x[0];
	/* nor right of the last step logged after the restart (a run that
	 * ends 3 steps after it showed an axis running on to step 26) */
	end = hi + pad;
	if (s[1].n && end > (double)s[1].x[s[1].n - 1])
		end = (double)s[1].x[s[1].n - 1];
	if (end < hi)
		end = hi;
	span = end - x0 + 1;
	legend(g, y, v, sel);
	if (dt_chart_yrange(s, x0, span, 0, &ymin, &ymax)) {
		dt_layout_text(g, 0, y + 1, g->w, "no loss points around this "
		               "restart", DT_ROLE_STATUS);
		return h;
	}
	for (row = 0; row < ph; row++)
		dt_grid_put(g, YLABEL_W - 1, y + 1 + row, g->gl->vline, DT_ROLE_AXIS);
	dt_grid_printf(g, 0, y + 1, 8, DT_ROLE_LABEL, "%8.4g", ymax);
	dt_grid_put(g, YLABEL_W - 1, y + 1, g->gl->ytick, DT_ROLE_AXIS);
	dt_grid_printf(g, 0, y + ph, 8, DT_ROLE_LABEL, "%8.4g", ymin);
	dt_grid_put(g, YLABEL_W - 1, y + ph, g->gl->ytick, DT_ROLE_AXIS);
	if (dt_chart_plot(g, YLABEL_W, y + 1, pw, ph, s, x0, span, ymin, ymax,
	                  0))
		dt_layout_text(g, YLABEL_W, y + 1, pw, "out of memory",
		               DT_ROLE_FAIL);
	xaxis(g, y + 1 + ph, pw, x0, span, v);
	return h;
}
