/* screen_compare.c: the comparison screen: loads both loss curves through
 * the store, keeps a dt_compare_view, maps keys to view operations. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/dt_rawlog.h"
#include "model/dt_runs.h"
#include "tui/chart_internal.h"
#include "tui/screens.h"

void dt_compare_close(dt_compare_screen *c)
{
	dt_compare_view_free(&c->view);
	dt_series_free(&c->s[0]);
	dt_series_free(&c->s[1]);
	c->open = 0;
}

int dt_compare_open(dt_compare_screen *c, dt_store *st, const dt_run *base,
                    const dt_run *pilot, int keep)
{
	int same = keep && c->open && c->run[0].id == base->id &&
	           c->run[1].id == pilot->id;
	dt_compare_view old = c->view; /* settings only: read before the free */
	int64_t cursor_x = 0;
	char label[2][DT_NAME_MAX + 24];
	dt_parity_opts o = dt_parity_defaults();
	size_t n;
	int k;

	if (same) {
		const int64_t *tx = dt_compare_track(&c->view, &n);
		if (n)
			cursor_x = tx[c->view.cursor];
	}
	dt_compare_close(c);
	c->msg[0] = '\0';
	c->run[0] = *base;
	c->run[1] = *pilot;
	for (k = 0; k < 2; k++) {
		char err[200] = "";
		if (dt_run_series(st, &c->run[k], DT_METRIC_LOSS, &c->s[k], err,
		                  sizeof err)) {
			int w = snprintf(c->msg, sizeof c->msg, "cannot load %s: %s",
			                 c->run[k].name, err);
			(void)w; /* a long message is cut: fine for a status line */
			dt_series_free(&c->s[0]);
			dt_series_free(&c->s[1]);
			return -1;
		}
		snprintf(label[k], sizeof label[k], "%s (%s)", c->run[k].name,
		         c->run[k].platform);
	}
	o.baseline_gb = c->run[0].global_batch;
	o.pilot_gb = c->run[1].global_batch;
	if (dt_compare_view_init(&c->view, &c->s[0], &c->s[1], &o, label[0],
	                         label[1])) {
		snprintf(c->msg, sizeof c->msg, "out of memory building the view");
		dt_series_free(&c->s[0]);
		dt_series_free(&c->s[1]);
		return -1;
	}
	c->open = 1;
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

void dt_compare_screen_render(dt_compare_screen *c, dt_grid *g,
                              const char *title)
{
	char t[512];
	if (!c->open) {
		dt_grid_clear(g);
		dt_grid_fill(g, 0, 0, g->w, L' ', DT_ROLE_TITLE);
		dt_grid_text(g, 1, 0, g->w - 2, title, DT_ROLE_TITLE);
		dt_grid_text(g, 0, 2, g->w, c->msg, DT_ROLE_FAIL);
		dt_grid_text(g, 0, g->h - 1, g->w, "q:back", DT_ROLE_STATUS);
		return;
	}
	snprintf(t, sizeof t, "%s \xe2\x80\x94 loss: %s vs %s", title,
	         c->run[0].name, c->run[1].name);
	dt_compare_render(&c->view, g, t);
	if (c->msg[0])
		dt_grid_text(g, 0, g->h - 1, g->w, c->msg, DT_ROLE_WARN);
}

dt_action dt_compare_key(dt_compare_screen *c, int key)
{
	dt_compare_view *v = &c->view;
	c->msg[0] = '\0';
	if (key == 'q' || key == DT_KEY_ESC)
		return DT_ACT_BACK;
	if (!c->open)
		return DT_ACT_NONE;
	switch (key) {
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
