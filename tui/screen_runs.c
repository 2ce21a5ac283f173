/* screen_runs.c: the run list (pick a GPU baseline and a pilot). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/pilot.h"
#include "model/core/rawlog.h"
#include "tui/screens.h"

static void warn_close(dt_runs_screen *s)
{
	dt_strv_free(s->warn, s->nwarn);
	s->warn = NULL;
	s->nwarn = 0;
	s->warn_top = 0;
	s->warn_open = 0;
}

void dt_runs_free(dt_runs_screen *s)
{
	warn_close(s);
	free(s->runs);
	free(s->loss_points);
	free(s->nwarnings);
	memset(s, 0, sizeof *s);
}

static int64_t id_of(const dt_runs_screen *s, size_t i)
{
	return i < s->n ? s->runs[i].id : 0;
}

/* The store's only pilot, when it has exactly one baseline and one pilot
 * run: their ids into ids[0] (baseline), ids[1] (pilot); else 0s. */
static void sole_pilot(dt_store *st, int64_t ids[2])
{
	dt_pilot *pv = NULL;
	dt_pilot_run *rv = NULL;
	size_t np = 0, nr = 0, i, nrole[2] = { 0, 0 };
	int64_t id[2] = { 0, 0 };
	ids[0] = ids[1] = 0;
	if (dt_store_pilot_list(st, &pv, &np) == 0 && np == 1 &&
	    dt_store_pilot_run_list(st, pv[0].id, &rv, &nr) == 0) {
		for (i = 0; i < nr; i++) {
			int r = rv[i].role == DT_RUN_PILOT;
			nrole[r]++;
			id[r] = rv[i].run.id;
		}
		if (nrole[0] == 1 && nrole[1] == 1) {
			ids[0] = id[0];
			ids[1] = id[1];
		}
	}
	free(pv);
	free(rv);
}

int dt_runs_load(dt_runs_screen *s, dt_store *st)
{
	int64_t sel_id = id_of(s, s->sel), bid = s->base_id, pid = s->pilot_id;
	dt_run *runs = NULL;
	size_t n = 0, i;
	int64_t *pts;
	size_t *nw;
	int found_b = 0, found_p = 0;

	if (!bid && !pid) { /* nothing picked: the sole pilot's pair (B/P) */
		int64_t ids[2];
		sole_pilot(st, ids);
		bid = ids[0];
		pid = ids[1];
	}

	if (dt_store_run_list(st, &runs, &n)) {
		snprintf(s->msg, sizeof s->msg, "cannot list runs: %s",
		         dt_store_error(st));
		return -1;
	}
	pts = calloc(n ? n : 1, sizeof *pts);
	nw = calloc(n ? n : 1, sizeof *nw);
	if (!pts || !nw) {
		free(runs);
		free(pts);
		free(nw);
		snprintf(s->msg, sizeof s->msg, "out of memory");
		return -1;
	}
	for (i = 0; i < n; i++) {
		dt_metric_stats *ms = NULL;
		size_t nms = 0, k;
		char **w = NULL;
		pts[i] = -1;
		if (dt_store_stats_list(st, runs[i].id, &ms, &nms) == 0) {
			pts[i] = 0;
			for (k = 0; k < nms; k++)
				if (!strcmp(ms[k].metric, DT_METRIC_LOSS))
					pts[i] = ms[k].points;
			free(ms);
		}
		if (dt_store_warning_list(st, runs[i].id, &w, &nw[i]) == 0)
			dt_strv_free(w, nw[i]);
		else
			nw[i] = 0;
		if (runs[i].id == bid)
			found_b = 1;
		if (runs[i].id == pid)
			found_p = 1;
	}
	warn_close(s);
	free(s->runs);
	free(s->loss_points);
	free(s->nwarnings);
	s->runs = runs;
	s->n = n;
	s->loss_points = pts;
	s->nwarnings = nw;
	for (i = 0; i < s->nalso;) { /* drop extra baselines that are gone */
		size_t k;
		for (k = 0; k < n && runs[k].id != s->also_id[i]; k++)
			;
		if (k == n)
			s->also_id[i] = s->also_id[--s->nalso];
		else
			i++;
	}
	s->base_id = found_b ? bid : 0;
	s->pilot_id = found_p ? pid : 0;
	s->sel = 0;
	for (i = 0; i < n; i++)
		if (runs[i].id == sel_id)
			s->sel = i;
	return 0;
}

/* Index of run id in also_id, or nalso. */
static size_t also_of(const dt_runs_screen *s, int64_t id)
{
	size_t k;
	for (k = 0; k < s->nalso; k++)
		if (s->also_id[k] == id)
			break;
	return k;
}

size_t dt_runs_extra(const dt_runs_screen *s, dt_run *out)
{
	size_t i, n = 0;
	for (i = 0; i < s->n && n < DT_EXTRA_MAX; i++)
		if (also_of(s, s->runs[i].id) < s->nalso)
			out[n++] = s->runs[i];
	return n;
}

/* a: mark / unmark the selected run as an extra GPU baseline. */
static void toggle_also(dt_runs_screen *s)
{
	int64_t id = id_of(s, s->sel);
	size_t k = also_of(s, id);
	if (!id)
		return;
	if (k < s->nalso) {
		s->also_id[k] = s->also_id[--s->nalso];
		snprintf(s->msg, sizeof s->msg, "%s is no longer an extra baseline",
		         s->runs[s->sel].name);
	} else if (id == s->base_id || id == s->pilot_id) {
		snprintf(s->msg, sizeof s->msg, "that run is already picked as %s",
		         id == s->base_id ? "the baseline" : "the pilot");
	} else if (s->nalso == DT_EXTRA_MAX) {
		snprintf(s->msg, sizeof s->msg, "at most %d extra baselines",
		         DT_EXTRA_MAX);
	} else {
		s->also_id[s->nalso++] = id;
		snprintf(s->msg, sizeof s->msg, "%s added as an extra GPU baseline: "
		         "the comparison shows the noise ratio", s->runs[s->sel].name);
	}
}

const dt_run *dt_runs_picked(const dt_runs_screen *s, int pilot)
{
	int64_t id = pilot ? s->pilot_id : s->base_id;
	size_t i;
	for (i = 0; id && i < s->n; i++)
		if (s->runs[i].id == id)
			return &s->runs[i];
	return NULL;
}

/* Column widths for a grid of width W (name takes what is left). */
typedef struct cols {
	int mark, name, plat, fmt, pts, segs, repl, warn;
} cols;

static cols layout(int W)
{
	cols c = { 3, 0, 8, 10, 9, 5, 8, 5 };
	int fixed;
	if (W >= 110)
		c.fmt = 24;
	fixed = c.mark + c.plat + c.fmt + c.pts + c.segs + c.repl + c.warn + 7;
	c.name = W - fixed;
	if (c.name < 8)
		c.name = 8;
	return c;
}

static void draw_warnings(dt_runs_screen *s, dt_grid *g)
{
	int w = g->w - 4, h = g->h - 4, ix, iy, y;
	char title[200];
	size_t i;
	snprintf(title, sizeof title, "warnings of %s (%zu)  j/k scroll, w/Esc close",
	         s->runs[s->sel].name, s->nwarn);
	dt_box(g, w, h, title, &ix, &iy);
	if (s->nwarn == 0)
		dt_grid_text(g, ix, iy, w - 4, "no warnings", DT_ROLE_STATUS);
	/* each warning wrapped (a long one takes several rows); j/k scroll
	 * by warning */
	for (i = s->warn_top, y = iy; i < s->nwarn && y < iy + h - 2; i++)
		y += dt_grid_wrap(g, ix, y, w - 4, iy + h - 2 - y, s->warn[i],
		                  DT_ROLE_WARN);
}

void dt_runs_render(dt_runs_screen *s, dt_grid *g, const char *title)
{
	cols c = layout(g->w);
	int body = g->h - 5, y, x;
	size_t i;
	const dt_run *b = dt_runs_picked(s, 0), *p = dt_runs_picked(s, 1);

	dt_grid_clear(g);
	dt_grid_fill(g, 0, 0, g->w, L' ', DT_ROLE_TITLE);
	dt_grid_printf(g, 1, 0, g->w - 2, DT_ROLE_TITLE, "%s%sruns (%zu)",
	               title, dt_grid_dash(g), s->n);
	x = c.mark;
	dt_grid_text(g, x, 1, c.name, "name", DT_ROLE_AXIS);
	x += c.name + 1;
	dt_grid_text(g, x, 1, c.plat, "platform", DT_ROLE_AXIS);
	x += c.plat + 1;
	dt_grid_text(g, x, 1, c.fmt, "format", DT_ROLE_AXIS);
	x += c.fmt + 1;
	dt_grid_printf(g, x, 1, c.pts, DT_ROLE_AXIS, "%*s", c.pts, "loss pts");
	x += c.pts + 1;
	dt_grid_printf(g, x, 1, c.segs, DT_ROLE_AXIS, "%*s", c.segs, "segs");
	x += c.segs + 1;
	dt_grid_printf(g, x, 1, c.repl, DT_ROLE_AXIS, "%*s", c.repl, "replayed");
	x += c.repl + 1;
	dt_grid_printf(g, x, 1, c.warn, DT_ROLE_AXIS, "%*s", c.warn, "warn");

	if (s->n == 0)
		dt_grid_text(g, 1, 3, g->w - 2,
		             "no runs in this store: dualtrack import --platform gpu "
		             "--run NAME FILE", DT_ROLE_WARN);
	if (body < 1)
		body = 1;
	if (s->sel < s->top)
		s->top = s->sel;
	if (s->sel >= s->top + (size_t)body)
		s->top = s->sel - (size_t)body + 1;
	for (i = s->top, y = 2; i < s->n && y < 2 + body; i++, y++) {
		const dt_run *r = &s->runs[i];
		dt_role row = i == s->sel ? DT_ROLE_SELECT : DT_ROLE_NORMAL;
		char num[32];
		if (i == s->sel)
			dt_grid_fill(g, 0, y, g->w, L' ', DT_ROLE_SELECT);
		if (r->id == s->base_id)
			dt_grid_text(g, 0, y, 2, "B", i == s->sel ? row : DT_ROLE_BASELINE);
		else if (r->id == s->pilot_id)
			dt_grid_text(g, 0, y, 2, "P", i == s->sel ? row : DT_ROLE_PILOT);
		else if (also_of(s, r->id) < s->nalso)
			dt_grid_text(g, 0, y, 2, "A", i == s->sel ? row : DT_ROLE_BASELINE);
		x = c.mark;
		dt_grid_text(g, x, y, c.name, r->name, row);
		x += c.name + 1;
		dt_grid_text(g, x, y, c.plat, r->platform, row);
		x += c.plat + 1;
		dt_grid_text(g, x, y, c.fmt, r->format, row);
		x += c.fmt + 1;
		if (s->loss_points[i] < 0)
			snprintf(num, sizeof num, "?");
		else
			snprintf(num, sizeof num, "%lld", (long long)s->loss_points[i]);
		dt_grid_printf(g, x, y, c.pts, row, "%*s", c.pts, num);
		x += c.pts + 1;
		dt_grid_printf(g, x, y, c.segs, row, "%*lld", c.segs,
		               (long long)r->segments);
		x += c.segs + 1;
		dt_grid_printf(g, x, y, c.repl, row, "%*lld", c.repl,
		               (long long)r->replayed_steps);
		x += c.repl + 1;
		dt_grid_printf(g, x, y, c.warn,
		               s->nwarnings[i] && i != s->sel ? DT_ROLE_WARN : row,
		               "%*zu", c.warn, s->nwarnings[i]);
	}

	y = g->h - 3;
	x = dt_grid_text(g, 0, y, g->w, "baseline: ", DT_ROLE_LABEL);
	x += dt_grid_printf(g, x, y, g->w - x, DT_ROLE_BASELINE, "%s",
	                    b ? b->name : "-");
	x += dt_grid_text(g, x, y, g->w - x, "   pilot: ", DT_ROLE_LABEL);
	x += dt_grid_printf(g, x, y, g->w - x, DT_ROLE_PILOT, "%s",
	                    p ? p->name : "-");
	if (s->nalso)
		dt_grid_printf(g, x, y, g->w - x, DT_ROLE_BASELINE,
		               "   +%zu extra baseline(s)", s->nalso);
	dt_grid_text(g, 0, g->h - 2, g->w, s->msg, DT_ROLE_WARN);
	dt_grid_text(g, 0, g->h - 1, g->w,
	             "?:help b/p:pick a:+baseline c:compare r:resume i:import "
	             "F:live w:warn q:quit", DT_ROLE_STATUS);
	if (s->warn_open && s->n)
		draw_warnings(s, g);
}

static dt_action warn_key(dt_runs_screen *s, int key)
{
	switch (key) {
	case 'j':
	case DT_K_DOWN:
		if (s->warn_top + 1 < s->nwarn)
			s->warn_top++;
		return DT_ACT_REDRAW;
	case 'k':
	case DT_K_UP:
		if (s->warn_top)
			s->warn_top--;
		return DT_ACT_REDRAW;
	case 'w':
	case 'q':
	case DT_KEY_ESC:
		warn_close(s);
		return DT_ACT_REDRAW;
	default:
		return DT_ACT_NONE;
	}
}

static void pick(dt_runs_screen *s, int pilot)
{
	int64_t id = id_of(s, s->sel);
	size_t k = also_of(s, id);
	if (!id)
		return;
	if (k < s->nalso) /* picked: no longer an extra baseline */
		s->also_id[k] = s->also_id[--s->nalso];
	if (pilot) {
		if (s->base_id == id)
			s->base_id = 0;
		s->pilot_id = id;
	} else {
		if (s->pilot_id == id)
			s->pilot_id = 0;
		s->base_id = id;
	}
	s->msg[0] = '\0';
}

dt_action dt_runs_key(dt_runs_screen *s, dt_store *st, int key)
{
	if (s->warn_open)
		return warn_key(s, key);
	switch (key) {
	case 'j':
	case DT_K_DOWN:
		if (s->sel + 1 < s->n)
			s->sel++;
		return DT_ACT_REDRAW;
	case 'k':
	case DT_K_UP:
		if (s->sel)
			s->sel--;
		return DT_ACT_REDRAW;
	case 'g':
	case DT_K_HOME:
		s->sel = 0;
		return DT_ACT_REDRAW;
	case 'G':
	case DT_K_END:
		s->sel = s->n ? s->n - 1 : 0;
		return DT_ACT_REDRAW;
	case 'b':
		pick(s, 0);
		return DT_ACT_REDRAW;
	case 'p':
		pick(s, 1);
		return DT_ACT_REDRAW;
	case DT_K_ENTER:
		if (s->base_id && s->pilot_id)
			return DT_ACT_OPEN_COMPARE;
		if (!s->base_id) {
			pick(s, 0);
		} else if (id_of(s, s->sel) == s->base_id) {
			snprintf(s->msg, sizeof s->msg,
			         "that run is the baseline: pick another run as pilot");
		} else {
			pick(s, 1);
		}
		return DT_ACT_REDRAW;
	case 'c':
		if (s->base_id && s->pilot_id)
			return DT_ACT_OPEN_COMPARE;
		snprintf(s->msg, sizeof s->msg,
		         "pick a baseline (b) and a pilot (p) first");
		return DT_ACT_REDRAW;
	case 'w':
		if (!s->n)
			return DT_ACT_NONE;
		if (dt_store_warning_list(st, s->runs[s->sel].id, &s->warn, &s->nwarn)) {
			snprintf(s->msg, sizeof s->msg, "cannot read warnings: %s",
			         dt_store_error(st));
			return DT_ACT_REDRAW;
		}
		s->warn_open = 1;
		s->warn_top = 0;
		return DT_ACT_REDRAW;
	case 'a':
		toggle_also(s);
		return DT_ACT_REDRAW;
	case 'r':
		return s->n ? DT_ACT_OPEN_RESUME : DT_ACT_NONE;
	case 'i':
		return DT_ACT_OPEN_IMPORT;
	case 'F':
		return DT_ACT_LIVE;
	case 'q':
		return DT_ACT_QUIT;
	default:
		return DT_ACT_NONE;
	}
}
