/* screen_runs.c: the run list (pick a GPU baseline and a pilot). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/pilot.h"
#include "model/core/rawlog.h"
#include "model/service/run_load.h"
#include "tui/columns.h"
#include "tui/layout.h"
#include "tui/screen.h"
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
	free(s->sum);
	memset(s, 0, sizeof *s);
}

static int64_t id_of(const dt_runs_screen *s, size_t i)
{
	return i < s->n ? s->runs[i].id : 0;
}

static int64_t row_id(void *arg, size_t i)
{
	return id_of(arg, i);
}

/* Search text of row i: name, platform, format. */
static const char *row_text(void *arg, size_t i, char *buf, size_t n)
{
	const dt_runs_screen *s = arg;
	snprintf(buf, n, "%s %s %s", s->runs[i].name, s->runs[i].platform,
	         s->runs[i].format);
	return buf;
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
	int64_t sel_id = id_of(s, s->list.sel), bid = s->base_id, pid = s->pilot_id;
	dt_run *runs = NULL;
	size_t n = 0, i;
	dt_run_summary *sum;
	int found_b = 0, found_p = 0;

	s->st = st;
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
	if (dt_integrity_load_listing(st, &s->integrity) < 0)
		s->integrity.state = DT_INTEGRITY_NOT_CHECKED;
	sum = calloc(n ? n : 1, sizeof *sum);
	if (!sum) {
		free(runs);
		snprintf(s->msg, sizeof s->msg, "out of memory");
		return -1;
	}
	for (i = 0; i < n; i++) {
		/* a part the store cannot give shows as "?" (points) or 0 */
		dt_run_summary_load(st, &runs[i], &sum[i]);
		if (runs[i].id == bid)
			found_b = 1;
		if (runs[i].id == pid)
			found_p = 1;
	}
	warn_close(s);
	free(s->runs);
	free(s->sum);
	s->runs = runs;
	s->n = n;
	s->sum = sum;
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
	dt_list_set_count(&s->list, n);
	dt_list_select_id(&s->list, sel_id, row_id, s);
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
	for (i = 0; i < s->n && n < DT_COMPARE_MAX_EXTRA; i++)
		if (also_of(s, s->runs[i].id) < s->nalso)
			out[n++] = s->runs[i];
	return n;
}

/* a: mark / unmark the selected run as an extra GPU baseline; a Trainium
 * run is refused as attach --role baseline refuses it. */
static void toggle_also(dt_runs_screen *s)
{
	int64_t id = id_of(s, s->list.sel);
	size_t k = also_of(s, id);
	if (!id)
		return;
	char why[200];
	if (k < s->nalso) {
		s->also_id[k] = s->also_id[--s->nalso];
		snprintf(s->msg, sizeof s->msg, "%s is no longer an extra baseline",
		         s->runs[s->list.sel].name);
	} else if (id == s->base_id || id == s->pilot_id) {
		snprintf(s->msg, sizeof s->msg, "that run is already picked as %s",
		         id == s->base_id ? "the baseline" : "the pilot");
	} else if (dt_run_role_mismatch(&s->runs[s->list.sel], DT_RUN_BASELINE,
	                                why, sizeof why)) {
		snprintf(s->msg, sizeof s->msg, "not added: %s", why);
	} else if (s->nalso == DT_COMPARE_MAX_EXTRA) {
		snprintf(s->msg, sizeof s->msg, "at most %d extra baselines",
		         DT_COMPARE_MAX_EXTRA);
	} else {
		s->also_id[s->nalso++] = id;
		snprintf(s->msg, sizeof s->msg, "%s added as an extra GPU baseline: "
		         "the comparison shows the noise ratio", s->runs[s->list.sel].name);
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

#define DT_NAME_COL_MAX 48

/* The run list's columns (tui/columns.h): the name first, then the
 * counts (never cut; their headers short when narrow), the platform, and
 * the format gives way first. Widths on a roomy screen: as they were
 * fixed before (format 24 from 110 columns). */
enum { C_NAME, C_PLAT, C_FMT, C_PTS, C_SEGS, C_REPL, C_WARN, C_N };
#define C_MARK 3 /* B / P / A mark and two blanks */

static const dt_col run_cols[C_N] = {
	[C_NAME] = { "name", NULL, 1, 10, 0, DT_NAME_COL_MAX, 0, 1, 0, 0 },
	[C_PLAT] = { "platform", "plat", 3, 4, 8, 0, 0, 0, 0, 0 },
	[C_FMT] = { "format", "fmt", 4, 5, 10, 0, 0, 0, 0, 0 },
	[C_PTS] = { "loss pts", "pts", 2, 0, 9, 0, 1, 0, 0, 0 },
	[C_SEGS] = { "segs", NULL, 2, 0, 5, 0, 1, 0, 0, 0 },
	[C_REPL] = { "replayed", "repl", 2, 0, 8, 0, 1, 0, 0, 0 },
	[C_WARN] = { "warn", NULL, 2, 0, 5, 0, 1, 0, 0, 0 },
};

static void need(dt_col *c, const char *text, int ascii)
{
	int w = dt_text_width(text, ascii);
	if (w > c->need)
		c->need = w;
}

/* The columns' widths for grid g: every run's values measured. */
static void layout(const dt_runs_screen *s, const dt_grid *g, dt_col *c)
{
	size_t i;
	char num[32];
	memcpy(c, run_cols, sizeof run_cols);
	if (g->w >= 110)
		c[C_FMT].want = 24;
	for (i = 0; i < s->n; i++) {
		const dt_run *r = &s->runs[i];
		need(&c[C_NAME], r->name, g->ascii);
		need(&c[C_PLAT], r->platform, g->ascii);
		need(&c[C_FMT], r->format, g->ascii);
		need(&c[C_PTS], dt_run_summary_points(&s->sum[i], num, sizeof num),
		     g->ascii);
		snprintf(num, sizeof num, "%lld", (long long)r->segments);
		need(&c[C_SEGS], num, g->ascii);
		snprintf(num, sizeof num, "%lld", (long long)r->replayed_steps);
		need(&c[C_REPL], num, g->ascii);
		snprintf(num, sizeof num, "%zu", s->sum[i].nwarnings);
		need(&c[C_WARN], num, g->ascii);
	}
	/* the last column stays blank, as before */
	dt_cols_fit(c, C_N, g->w - C_MARK - 1, g->ascii);
}

/* Length of the "FILE:LINE" reference a warning starts with ("FILE:LINE:
 * text"), or 0 when it has none (a space before the ":LINE: " ends it). */
static size_t ref_len(const char *w)
{
	const char *c = strstr(w, ": ");
	const char *d;
	if (!c || c == w || memchr(w, ' ', (size_t)(c - w)))
		return 0;
	for (d = c; d > w && d[-1] >= '0' && d[-1] <= '9'; d--)
		;
	return d < c && d > w && d[-1] == ':' ? (size_t)(c - w) : 0;
}

/* Warning text at (x, y) in width w on at most maxrows rows, wrapped; a
 * leading FILE:LINE reference wider than a row is never split across
 * rows: it takes the first row cut in the middle, its end ("name:line")
 * whole (dt_layout_mid), the text wraps below. Returns the rows used. */
static int warning_rows(dt_grid *g, int x, int y, int w, int maxrows,
                        const char *text)
{
	size_t n = ref_len(text);
	char ref[1100];
	if (n == 0 || n + 1 >= sizeof ref || maxrows < 2)
		return dt_grid_wrap(g, x, y, w, maxrows, text, DT_ROLE_WARN);
	snprintf(ref, sizeof ref, "%.*s:", (int)n, text);
	if (dt_text_width(ref, g->ascii) <= w)
		return dt_grid_wrap(g, x, y, w, maxrows, text, DT_ROLE_WARN);
	dt_layout_mid(g, x, y, w, ref, DT_ROLE_WARN);
	return 1 + dt_grid_wrap(g, x, y + 1, w, maxrows - 1, text + n + 2,
	                        DT_ROLE_WARN);
}

static void draw_warnings(dt_runs_screen *s, dt_grid *g)
{
	int w, h, ix, iy, y;
	char title[200];
	size_t i;
	/* the keys are on the footer (the warnings keymap) */
	snprintf(title, sizeof title, "warnings of %s (%zu)",
	         s->runs[s->list.sel].name, s->nwarn);
	dt_dialog_size(g, g->w, g->h - 4, &w, &h);
	dt_box(g, w, h, title, &ix, &iy);
	if (s->nwarn == 0)
		dt_grid_text(g, ix, iy, w - 4, "no warnings", DT_ROLE_STATUS);
	/* each warning wrapped (a long one takes several rows); j/k scroll
	 * by warning */
	for (i = s->warn_top, y = iy; i < s->nwarn && y < iy + h - 2; i++)
		y += warning_rows(g, ix, y, w - 4, iy + h - 2 - y, s->warn[i]);
}

void dt_runs_render(dt_runs_screen *s, dt_grid *g, const char *title)
{
	dt_col c[C_N];
	int body = g->h - 5, y, x, mark_y = -1, pick_y = g->h - 3;
	size_t i, top;
	const dt_run *b = dt_runs_picked(s, 0), *p = dt_runs_picked(s, 1);

	int altered = s->integrity.state == DT_INTEGRITY_ALTERED;
	char name[80];

	dt_grid_clear(g);
	/* the mark leads the title so a narrow terminal cannot cut it off;
	 * a long store path is cut with a mark, the screen name stays */
	snprintf(name, sizeof name, "runs (%zu)%s", s->n,
	         altered ? "  (dualtrack verify lists them)" : "");
	dt_layout_title_altered(g, altered, title, name);
	layout(s, g, c);
	dt_cols_head(g, C_MARK, 1, c, C_N, DT_ROLE_AXIS);

	if (s->n == 0) /* the import key: it imports into this store, where
			* a command without --db would use the default one */
		dt_grid_wrap(g, 1, 3, g->w - 2, 2, "no runs in this store: i imports "
		             "a log file or run folder into it", DT_ROLE_WARN);
	/* more runs than rows: a mark under the list says how many are
	 * above and below; the picked runs' row moves down to the message
	 * row when no message needs it, else the list gives a row */
	if (s->n > (size_t)body) {
		if (s->list.searching || s->list.msg[0] || s->msg[0]) {
			body--;
		} else {
			pick_y = g->h - 2;
		}
		mark_y = 2 + body;
	}
	top = dt_list_view(&s->list, body);
	if (mark_y >= 0) {
		size_t shown = s->n - top < (size_t)body ? s->n - top
		               : (size_t)body;
		char more[96];
		dt_layout_scroll_mark(top, s->n - top - shown, more, sizeof more);
		dt_layout_text(g, 0, mark_y, g->w, more, DT_ROLE_STATUS);
	}
	for (i = top, y = 2; i < s->n && y < 2 + body;
	     i++, y++) {
		const dt_run *r = &s->runs[i];
		int sel = i == s->list.sel;
		dt_role row = sel ? DT_ROLE_SELECT : DT_ROLE_NORMAL;
		char num[32];
		if (sel)
			dt_grid_fill(g, 0, y, g->w, L' ', DT_ROLE_SELECT);
		if (r->id == s->base_id)
			dt_grid_text(g, 0, y, 2, "B", sel ? row : DT_ROLE_BASELINE);
		else if (r->id == s->pilot_id)
			dt_grid_text(g, 0, y, 2, "P", sel ? row : DT_ROLE_PILOT);
		else if (also_of(s, r->id) < s->nalso)
			dt_grid_text(g, 0, y, 2, "A", sel ? row : DT_ROLE_BASELINE);
		x = C_MARK;
		x += dt_col_cell(g, x, y, &c[C_NAME], r->name, row);
		/* a long platform or format ("hf-trainer-state" in 10 columns)
		 * is cut with a mark, never silently */
		x += dt_col_cell(g, x, y, &c[C_PLAT], r->platform, row);
		x += dt_col_cell(g, x, y, &c[C_FMT], r->format, row);
		x += dt_col_cell(g, x, y, &c[C_PTS],
		                 dt_run_summary_points(&s->sum[i], num, sizeof num),
		                 row);
		snprintf(num, sizeof num, "%lld", (long long)r->segments);
		x += dt_col_cell(g, x, y, &c[C_SEGS], num, row);
		snprintf(num, sizeof num, "%lld", (long long)r->replayed_steps);
		x += dt_col_cell(g, x, y, &c[C_REPL], num, row);
		snprintf(num, sizeof num, "%zu", s->sum[i].nwarnings);
		dt_col_cell(g, x, y, &c[C_WARN], num,
		            s->sum[i].nwarnings && !sel ? DT_ROLE_WARN : row);
	}
	y = pick_y;
	x = dt_grid_text(g, 0, y, g->w, "baseline: ", DT_ROLE_LABEL);
	x += dt_grid_printf(g, x, y, g->w - x, DT_ROLE_BASELINE, "%s",
	                    b ? b->name : "-");
	x += dt_grid_text(g, x, y, g->w - x, "   pilot: ", DT_ROLE_LABEL);
	x += dt_grid_printf(g, x, y, g->w - x, DT_ROLE_PILOT, "%s",
	                    p ? p->name : "-");
	if (s->nalso)
		dt_grid_printf(g, x, y, g->w - x, DT_ROLE_BASELINE,
		               "   +%zu extra baseline(s)", s->nalso);
	if (s->list.searching || s->list.msg[0])
		dt_list_render_search(&s->list, g, 0, g->h - 2, g->w);
	else if (s->msg[0])
		dt_layout_text(g, 0, g->h - 2, g->w, s->msg, DT_ROLE_WARN);
	if (s->warn_open && s->n)
		draw_warnings(s, g);
}

static unsigned warn_action(dt_runs_screen *s, dt_action_id a)
{
	switch (a) {
	case DT_A_DOWN:
		if (s->warn_top + 1 < s->nwarn)
			s->warn_top++;
		return DT_SCR_REDRAW;
	case DT_A_UP:
		if (s->warn_top)
			s->warn_top--;
		return DT_SCR_REDRAW;
	case DT_A_BACK:
		warn_close(s);
		return DT_SCR_REDRAW;
	default:
		return DT_SCR_NONE;
	}
}

static void pick(dt_runs_screen *s, int pilot)
{
	int64_t id = id_of(s, s->list.sel);
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

/* Enter: pick the baseline, then the pilot, then open the comparison. */
static unsigned enter(dt_runs_screen *s)
{
	if (s->base_id && s->pilot_id)
		return DT_SCR_OPEN(DT_S_COMPARE);
	if (!s->base_id)
		pick(s, 0);
	else if (id_of(s, s->list.sel) == s->base_id)
		snprintf(s->msg, sizeof s->msg,
		         "that run is the baseline: pick another run as pilot");
	else
		pick(s, 1);
	return DT_SCR_REDRAW;
}

static unsigned open_warnings(dt_runs_screen *s)
{
	if (!s->n)
		return DT_SCR_NONE;
	if (dt_run_warnings_current(s->st, s->runs[s->list.sel].id, &s->warn,
	                      &s->nwarn)) {
		snprintf(s->msg, sizeof s->msg, "cannot read warnings: %s",
		         dt_store_error(s->st));
		return DT_SCR_REDRAW;
	}
	s->warn_open = 1;
	s->warn_top = 0;
	return DT_SCR_REDRAW;
}

static unsigned runs_action(void *st, dt_action_id a)
{
	dt_runs_screen *s = st;
	if (s->warn_open)
		return warn_action(s, a);
	s->msg[0] = '\0';
	if (dt_list_action(&s->list, a))
		return DT_SCR_REDRAW;
	switch (a) {
	case DT_A_PICK_BASE:
		pick(s, 0);
		return DT_SCR_REDRAW;
	case DT_A_PICK_PILOT:
		pick(s, 1);
		return DT_SCR_REDRAW;
	case DT_A_OPEN:
		return enter(s);
	case DT_A_COMPARE:
		if (s->base_id && s->pilot_id)
			return DT_SCR_OPEN(DT_S_COMPARE);
		snprintf(s->msg, sizeof s->msg,
		         "pick a baseline (b) and a pilot (p) first");
		return DT_SCR_REDRAW;
	case DT_A_WARNINGS:
		return open_warnings(s);
	case DT_A_EXTRA_BASE:
		toggle_also(s);
		return DT_SCR_REDRAW;
	case DT_A_RESUME:
		return s->n ? DT_SCR_OPEN(DT_S_RESUME) : DT_SCR_NONE;
	case DT_A_IMPORT:
		return DT_SCR_OPEN(DT_S_IMPORT);
	case DT_A_LIVE:
		return DT_SCR_LIVE;
	default:
		return DT_SCR_NONE;
	}
}

static dt_screen_id runs_keymap(void *st)
{
	return ((dt_runs_screen *)st)->warn_open ? DT_S_WARNINGS : DT_S_RUNS;
}

static int runs_modal(void *st)
{
	return ((dt_runs_screen *)st)->list.searching;
}

static unsigned runs_raw_key(void *st, int key)
{
	dt_runs_screen *s = st;
	dt_list_search_key(&s->list, key, row_text, s);
	return DT_SCR_REDRAW;
}

static void runs_render(void *st, dt_grid *g, const char *title)
{
	dt_runs_render(st, g, title);
}

const dt_screen_ops dt_runs_ops = {
	.id = DT_S_RUNS,
	.keymap = runs_keymap,
	.render = runs_render,
	.action = runs_action,
	.modal = runs_modal,
	.raw_key = runs_raw_key,
};
