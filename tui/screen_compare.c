/* screen_compare.c: the comparison screen: loads both loss curves through
 * the store, keeps a dt_compare_view, maps keys to view operations. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/compile_note.h"
#include "model/core/rawlog.h"
#include "model/core/resample.h"
#include "model/service/run_findings.h"
#include "model/service/run_load.h"
#include "tui/chart_internal.h"
#include "tui/screens.h"

void dt_compare_close(dt_compare_screen *c)
{
	dt_compare_view_free(&c->view);
	dt_series_free(&c->s[0]);
	dt_series_free(&c->s[1]);
	dt_findings_free(&c->findings);
	if (c->have_noise)
		dt_noise_free(&c->noise);
	c->have_noise = 0;
	c->open = 0;
}

/* Replace *s by t when ok; returns ok ? 0 : -1. */
static int replace(dt_series *s, dt_series *t, int rc)
{
	if (rc < 0)
		return -1;
	dt_series_free(s);
	*s = *t;
	return 0;
}

/* Interpolation and window means on c->s (pairing by step only). */
static int transform(dt_compare_screen *c)
{
	static const int64_t win[DT_NWINDOWS] = DT_WINDOWS;
	dt_series t;
	int k;
	if (c->interpolate &&
	    replace(&c->s[1], &t, dt_series_interpolate(&c->s[1], &c->s[0], &t,
	                                                &c->ninterp)) < 0)
		return -1;
	for (k = 0; win[c->win_idx] && k < 2; k++)
		if (replace(&c->s[k], &t,
		            dt_series_window_mean(&c->s[k], win[c->win_idx], &t)) < 0)
			return -1;
	return 0;
}

/* Compile note of the two runs from their journal facts. */
static void compile_note(dt_compare_screen *c, dt_store *st)
{
	dt_fact *fb = NULL, *fp = NULL;
	size_t nb = 0, np = 0;
	c->compile[0] = '\0';
	if (dt_store_fact_list(st, c->run[0].id, &fb, &nb) == 0 &&
	    dt_store_fact_list(st, c->run[1].id, &fp, &np) == 0)
		dt_run_compile_note(c->run[0].name, fb, nb, c->run[1].name, fp, np,
		                    c->compile, sizeof c->compile);
	free(fb);
	free(fp);
}

/* Finding marks on the x axis (letters: S scale, N non-finite, Z zero,
 * C constant), in the view's x unit. */
static void set_marks(dt_compare_screen *c)
{
	static const char letter[] = "SNZCO";
	size_t i;
	c->view.nmarks = 0;
	for (i = 0; i < c->findings.n && c->view.nmarks < DT_VIEW_MARKS; i++) {
		const dt_finding *f = &c->findings.v[i];
		int64_t x = f->step;
		if (c->view.par.by_samples)
			x *= strcmp(f->role, "pilot") == 0 ? c->run[1].global_batch
			                                   : c->run[0].global_batch;
		c->view.mark_x[c->view.nmarks] = x;
		c->view.mark_ch[c->view.nmarks++] = letter[f->kind % 5];
	}
}

/* The noise verdict decides instead of the rtol rule (as compare --rule
 * noise): pass at R <= DT_NOISE_ACCEPT. */
static void noise_rule(dt_compare_screen *c)
{
	if (c->rule_noise)
		c->view.par.verdict = dt_noise_verdict(c->have_noise ? &c->noise
		                                                     : NULL);
}

static int fail(dt_compare_screen *c, const char *what, const char *why)
{
	snprintf(c->msg, sizeof c->msg, "%.60s: %.180s", what, why);
	dt_compare_close(c);
	return -1;
}

int dt_compare_open(dt_compare_screen *c, dt_store *st, const dt_run *base,
                    const dt_run *pilot, const dt_run *extra, size_t nextra,
                    int keep)
{
	int same_runs = c->run[0].id == base->id && c->run[1].id == pilot->id;
	int same = keep && c->open && same_runs;
	dt_compare_view old = c->view; /* settings only: read before the free */
	int64_t cursor_x = 0;
	char label[2][DT_NAME_MAX + 24], err[600];
	dt_parity_opts o = dt_parity_adhoc_defaults();
	size_t n;
	int k;

	if (same) {
		const int64_t *tx = dt_compare_track(&c->view, &n);
		if (n)
			cursor_x = tx[c->view.cursor];
	}
	dt_compare_close(c);
	if (!same_runs) {
		c->interpolate = c->win_idx = c->rule_noise = 0;
		c->findings_open = 0;
	}
	c->msg[0] = '\0';
	c->run[0] = *base;
	c->run[1] = *pilot;
	c->nextra = 0;
	for (n = 0; n < nextra && n < DT_EXTRA_MAX; n++)
		if (extra[n].id != base->id && extra[n].id != pilot->id)
			c->extra[c->nextra++] = extra[n];
	for (k = 0; k < 2; k++) {
		if (dt_run_series(st, &c->run[k], DT_METRIC_LOSS, &c->s[k], err,
		                  sizeof err))
			return fail(c, c->run[k].name, err);
		snprintf(label[k], sizeof label[k], "%s (%s)", c->run[k].name,
		         c->run[k].platform);
	}
	o.baseline_gb = c->run[0].global_batch;
	o.pilot_gb = c->run[1].global_batch;
	if (dt_run_findings(st, &c->run[0], &c->run[1], DT_METRIC_LOSS, &c->s[0],
	                    &c->s[1], &c->findings, err, sizeof err) < 0)
		return fail(c, "findings", err);
	compile_note(c, st);
	if ((c->interpolate || c->win_idx || c->nextra) && o.baseline_gb > 0 &&
	    o.pilot_gb > 0 && o.baseline_gb != o.pilot_gb) {
		snprintf(c->msg, sizeof c->msg, "global batches differ (%lld vs "
		         "%lld): paired by samples, so no interpolation, window or "
		         "noise ratio", (long long)o.baseline_gb,
		         (long long)o.pilot_gb);
		c->interpolate = c->win_idx = 0;
		c->nextra = 0;
	}
	if (transform(c) < 0)
		return fail(c, "interpolation / window", "out of memory");
	if (c->nextra) {
		static const int64_t win[DT_NWINDOWS] = DT_WINDOWS;
		if (dt_run_noise(st, c->extra, c->nextra, DT_METRIC_LOSS,
		                 win[c->win_idx], &c->s[0], &c->s[1], o.warmup,
		                 &c->noise, err, sizeof err) < 0)
			return fail(c, "noise ratio", err);
		c->have_noise = 1;
	}
	if (dt_compare_view_init(&c->view, &c->s[0], &c->s[1], &o, label[0],
	                         label[1]))
		return fail(c, "view", "out of memory");
	c->open = 1;
	dt_findings_verdict_note(&c->findings, c->view.note, sizeof c->view.note);
	set_marks(c);
	noise_rule(c);
	if (same) {
		const int64_t *tx = dt_compare_track(&c->view, &n);
		c->view.x0 = old.x0;
		c->view.span = old.span;
		c->view.logy = old.logy;
		c->view.plot_w = old.plot_w;
		if (n) {
			size_t i = dt_lower_bound_i64(tx, n, (double)cursor_x);
			c->view.cursor = i < n ? i : n - 1;
		}
		dt_compare_set_smoothing(&c->view, old.smooth, old.weight_idx);
		dt_compare_pan(&c->view, 0); /* clamp to the new extent */
	}
	return 0;
}

static const char *const finding_letter = "SNZCO";

/* One line per finding: "[S] logging_scale_mismatch (pilot) at step 1:
 * x 4: detail". */
static void finding_line(const dt_finding *f, char *buf, size_t n)
{
	snprintf(buf, n, "[%c] %s (%s) at step %lld: %s",
	         finding_letter[f->kind % 5], dt_finding_kind_name(f->kind),
	         f->role, (long long)f->step, f->detail);
}

static void noise_line(const dt_compare_screen *c, char *buf, size_t n)
{
	const char *rule = c->rule_noise ? "the noise rule decides"
	                                 : "rtol rule decides, N: noise rule";
	if (!c->have_noise || isnan(c->noise.ratio))
		snprintf(buf, n, "noise R: no step common to all %zu GPU runs and "
		         "the pilot (%s)", c->nextra + 1, rule);
	else
		snprintf(buf, n, "noise R = %.3g (%s) %s: pilot gap / GPU spread "
		         "over %zu steps, %zu GPU runs; <= %.1f passes",
		         c->noise.ratio, rule, dt_noise_band(c->noise.ratio),
		         c->noise.n, c->noise.nbaselines, DT_NOISE_ACCEPT);
}

static void draw_findings_box(dt_compare_screen *c, dt_grid *g)
{
	int w = g->w - 4, h = g->h - 4, ix, iy, y;
	size_t i;
	char line[700];
	dt_box(g, w, h, "findings (f/Esc close)", &ix, &iy);
	y = iy;
	if (c->findings.n == 0)
		dt_grid_text(g, ix, y, w - 4, "no findings: no logging-scale "
		             "mismatch, NaN/inf, zero loss or constant values",
		             DT_ROLE_PASS);
	for (i = 0; i < c->findings.n && y < iy + h - 2; i++) {
		finding_line(&c->findings.v[i], line, sizeof line);
		y += dt_grid_wrap(g, ix, y, w - 4, iy + h - 2 - y, line,
		                  DT_ROLE_WARN);
	}
}

void dt_compare_screen_render(dt_compare_screen *c, dt_grid *g,
                              const char *title)
{
	static const int64_t win[DT_NWINDOWS] = DT_WINDOWS;
	char t[1200], line[700];
	size_t nf, i;
	int y, noise = c->nextra > 0;
	if (!c->open) {
		dt_grid_clear(g);
		dt_grid_fill(g, 0, 0, g->w, L' ', DT_ROLE_TITLE);
		dt_grid_text(g, 1, 0, g->w - 2, title, DT_ROLE_TITLE);
		dt_grid_text(g, 0, 2, g->w, c->msg, DT_ROLE_FAIL);
		dt_grid_text(g, 0, g->h - 1, g->w, "q:back", DT_ROLE_STATUS);
		return;
	}
	nf = c->findings.n < 2 ? c->findings.n : 2;
	c->view.top_rows = !c->compile[0] ? 0
	                   : dt_text_width(c->compile, g->ascii) > g->w ? 2 : 1;
	c->view.bottom_rows = (int)nf + noise;
	if (g->h < 22) /* keep the chart: findings stay in the f overlay */
		c->view.bottom_rows = c->findings.n ? 1 : 0;
	/* marks first: LIVE and the transforms survive a narrow title */
	y = snprintf(t, sizeof t, "%s%s", c->live,
	             c->live[0] ? dt_grid_dash(g) : "");
	if (c->interpolate && y >= 0 && (size_t)y < sizeof t)
		y += snprintf(t + y, sizeof t - (size_t)y,
		              "[INTERPOLATED: %zu pilot pts] ", c->ninterp);
	if (win[c->win_idx] && y >= 0 && (size_t)y < sizeof t)
		y += snprintf(t + y, sizeof t - (size_t)y, "[window %lld] ",
		              (long long)win[c->win_idx]);
	if (y >= 0 && (size_t)y < sizeof t)
		snprintf(t + y, sizeof t - (size_t)y, "%.300s%sloss: %s vs %s",
		         title, dt_grid_dash(g), c->run[0].name, c->run[1].name);
	dt_compare_render(&c->view, g, t);
	if (g->w < 40 || g->h < 12)
		return;
	if (c->compile[0])
		dt_grid_wrap(g, 0, 2, g->w, c->view.top_rows, c->compile,
		             DT_ROLE_WARN);
	y = g->h - 1 - c->view.bottom_rows;
	if (noise && c->view.bottom_rows > (int)nf) {
		noise_line(c, line, sizeof line);
		dt_grid_text(g, 0, y++, g->w, line, c->rule_noise ? DT_ROLE_PILOT
		                                                  : DT_ROLE_LABEL);
	}
	for (i = 0; i < c->findings.n && y < g->h - 1; i++, y++) {
		finding_line(&c->findings.v[i], line, sizeof line);
		if (y == g->h - 2 && i + 1 < c->findings.n) {
			char more[800];
			snprintf(more, sizeof more, "+%zu more (f) %s",
			         c->findings.n - i - 1, line);
			dt_grid_text(g, 0, y, g->w, more, DT_ROLE_WARN);
			break;
		}
		dt_grid_text(g, 0, y, g->w, line, DT_ROLE_WARN);
	}
	dt_grid_fill(g, 0, g->h - 1, g->w, L' ', DT_ROLE_STATUS);
	dt_grid_text(g, 0, g->h - 1, g->w,
	             "?:help q:back h/l:cursor +/-:zoom [ ]:pan s:EMA i:interp "
	             "w:window f:findings", DT_ROLE_STATUS);
	if (c->msg[0]) { /* over the whole footer row: no stale characters */
		dt_grid_fill(g, 0, g->h - 1, g->w, L' ', DT_ROLE_STATUS);
		dt_grid_text(g, 0, g->h - 1, g->w, c->msg, DT_ROLE_WARN);
	}
	if (c->findings_open)
		draw_findings_box(c, g);
}

/* Reopen the same runs after an option changed. */
static dt_action reopen(dt_compare_screen *c, dt_store *st)
{
	dt_run b = c->run[0], p = c->run[1], x[DT_EXTRA_MAX];
	size_t n = c->nextra;
	memcpy(x, c->extra, sizeof x);
	dt_compare_open(c, st, &b, &p, x, n, 1);
	return DT_ACT_REDRAW;
}

dt_action dt_compare_key(dt_compare_screen *c, dt_store *st, int key)
{
	dt_compare_view *v = &c->view;
	c->msg[0] = '\0';
	if (c->findings_open) {
		if (key == 'f' || key == 'q' || key == DT_KEY_ESC)
			c->findings_open = 0;
		return DT_ACT_REDRAW;
	}
	if (key == 'q' || key == DT_KEY_ESC)
		return DT_ACT_BACK;
	if (!c->open)
		return DT_ACT_NONE;
	switch (key) {
	case 'i':
		c->interpolate = !c->interpolate;
		return reopen(c, st);
	case 'w':
		c->win_idx = (c->win_idx + 1) % DT_NWINDOWS;
		return reopen(c, st);
	case 'N':
		if (!c->nextra) {
			snprintf(c->msg, sizeof c->msg, "the noise rule needs another "
			         "GPU baseline: mark one with a in the run list");
			return DT_ACT_REDRAW;
		}
		c->rule_noise = !c->rule_noise;
		return reopen(c, st);
	case 'f':
		c->findings_open = 1;
		return DT_ACT_REDRAW;
	case 'h':
	case DT_K_LEFT:
		dt_compare_cursor(v, -1);
		break;
	case 'l':
	case DT_K_RIGHT:
		dt_compare_cursor(v, 1);
		break;
	case DT_K_HOME:
	case 'g':
		dt_compare_cursor(v, -2);
		break;
	case DT_K_END:
	case 'G':
		dt_compare_cursor(v, 2);
		break;
	case '+':
	case '=':
	case 'z':
		dt_compare_zoom(v, 0.5);
		break;
	case '-':
	case 'Z':
		dt_compare_zoom(v, 2.0);
		break;
	case '0':
		dt_compare_zoom(v, INFINITY);
		break;
	case '[':
	case DT_K_SLEFT:
		dt_compare_pan(v, -0.25);
		break;
	case ']':
	case DT_K_SRIGHT:
		dt_compare_pan(v, 0.25);
		break;
	case DT_K_PGUP:
		dt_compare_pan(v, -1.0);
		break;
	case DT_K_PGDN:
		dt_compare_pan(v, 1.0);
		break;
	case 's':
		if (dt_compare_set_smoothing(v, !v->smooth, v->weight_idx))
			snprintf(c->msg, sizeof c->msg, "out of memory: no smoothing");
		break;
	case ',':
	case '.':
		if (dt_compare_set_smoothing(v, 1,
		                             v->weight_idx + (key == '.' ? 1 : -1)))
			snprintf(c->msg, sizeof c->msg, "out of memory: no smoothing");
		break;
	case 'L':
		v->logy = !v->logy;
		break;
	default:
		return DT_ACT_NONE;
	}
	return DT_ACT_REDRAW;
}
