/* screen_ledger.c: a pilot's time and cost ledger, GPU vs Trainium2 side
 * by side (dt_ledger_load: the same view as `dualtrack ledger PILOT`):
 * times by category and prices / quantities with their basis, costs
 * (lifecycle, per useful effective step, at equal effective steps),
 * missing inputs, sensitivity, fair-compare warnings, the scenario guide
 * and each run's derived times. Enter on an input opens the value
 * dialog for the picked side (ledger_form.c); s edits the scenario. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tui/layout.h"
#include "tui/pilots_internal.h"

#define MAX_ROWS 160

/* The ledger screen's state: the view, cursor and its two dialogs. */
typedef struct ledger_state {
	dt_pv pv;
	dt_ledger_ui lg;
} ledger_state;

/* Row kinds of the table. */
enum { R_HEAD, R_TIME, R_ITEM, R_COST, R_MISSING, R_SENS, R_WARN, R_SCEN,
       R_RUN, R_TEXT };

typedef struct row {
	int kind, idx;
	const char *text;     /* R_HEAD / R_TEXT */
} row;

static void ledger_free(ledger_state *p)
{
	if (p->lg.loaded)
		dt_ledger_view_free(&p->lg.v);
	p->lg.loaded = 0;
}

/* The open pilot's ledger (dt_ledger_load) and its scenario record; the
 * error is kept in p->lg.err. */
static void ledger_load(ledger_state *p)
{
	dt_ledger_view v;
	dt_scenario_rec rec;
	int rc = dt_ledger_load(p->pv.c->st, p->pv.c->ov.pilot.name, &v, p->lg.err,
	                        sizeof p->lg.err);
	ledger_free(p);
	if (rc == 0) {
		p->lg.v = v;
		p->lg.loaded = 1;
		p->lg.err[0] = '\0';
	} else if (rc == 1) {
		snprintf(p->lg.err, sizeof p->lg.err, "no ledger for this pilot");
	}
	memset(&p->lg.sc, 0, sizeof p->lg.sc);
	p->lg.have_sc = dt_store_scenario_get(p->pv.c->st, p->pv.c->ov.pilot.name, &rec) == 0;
	if (p->lg.have_sc) {
		dt_scenario_decode(rec.answers, &p->lg.sc);
		snprintf(p->lg.sc.training, sizeof p->lg.sc.training, "%s",
		         rec.training);
		snprintf(p->lg.sc_by, sizeof p->lg.sc_by, "%s", rec.set_by);
		dt_pv_when(rec.set_at, p->lg.sc_at);
	}
	dt_scenario_decide(&p->lg.sc, &p->lg.scr);
}

static void scen_text(const ledger_state *p, int k, char *buf, size_t n);

/* The table as rows; returns the count. */
static size_t build(const ledger_state *p, row *r)
{
	const dt_ledger_report *rep = &p->lg.v.report;
	size_t n = 0, i;
	r[n++] = (row){R_HEAD, 0, "time (hours)"};
	for (i = 0; i < DT_LC_COUNT; i++)
		r[n++] = (row){R_TIME, (int)i, NULL};
	r[n++] = (row){R_HEAD, 0, "prices and quantities"};
	for (i = 0; i < DT_LI_COUNT; i++)
		r[n++] = (row){R_ITEM, (int)i, NULL};
	r[n++] = (row){R_HEAD, 0, "cost (USD)"};
	for (i = 0; i < 10; i++)
		r[n++] = (row){R_COST, (int)i, NULL};
	r[n++] = (row){R_MISSING, 0, NULL};
	r[n++] = (row){R_HEAD, 0, "sensitivity: +10 % of one input moves "
	               "that side's total by (USD)"};
	for (i = 0; i < rep->nsens && i < 6; i++)
		r[n++] = (row){R_SENS, (int)i, NULL};
	r[n++] = (row){R_HEAD, 0, "fair-compare warnings"};
	if (rep->nwarn == 0)
		r[n++] = (row){R_TEXT, 0, "none"};
	for (i = 0; i < rep->nwarn; i++)
		r[n++] = (row){R_WARN, (int)i, NULL};
	r[n++] = (row){R_HEAD, 0, "scenario guide (s: answer)"};
	for (i = 0; i < 4; i++) {
		char t[700];
		scen_text(p, (int)i, t, sizeof t);
		if (t[0]) /* no condition and nothing unanswered: no row */
			r[n++] = (row){R_SCEN, (int)i, NULL};
	}
	r[n++] = (row){R_HEAD, 0, "runs (derived from the logs)"};
	for (i = 0; i < p->lg.v.nruns && n < MAX_ROWS; i++)
		r[n++] = (row){R_RUN, (int)i, NULL};
	return n;
}

static void money(double v, int digits, char *buf, size_t n)
{
	if (isnan(v))
		snprintf(buf, n, "unknown");
	else
		snprintf(buf, n, "%.*f", digits, v);
}

/* Label and the two side cells of a cost row k. */
static const char *cost_cells(const dt_ledger_report *rep, int k,
                              char a[2][64])
{
	static const char *const label[] = {
		"instance", "storage", "transfer", "logs", "lifecycle total",
		"training only", "cost per useful step", "at equal steps",
		"useful effective steps", "equal effective steps E"};
	int s;
	for (s = 0; s < DT_SIDES; s++) {
		const dt_ledger_cost *c = &rep->cost[s];
		double x[] = {c->instance, c->storage, c->transfer, c->logs,
		              c->total, c->training_cost, c->per_useful_step,
		              c->at_equal_steps};
		if (k < 8)
			money(x[k], k == 6 ? 4 : 2, a[s], 64);
		else if (k == 8)
			snprintf(a[s], 64, "%lld", (long long)c->useful_steps);
		else if (s)
			a[s][0] = '\0';
		else
			snprintf(a[s], 64, "%lld", (long long)rep->equal_steps);
	}
	return label[k];
}

static void scen_text(const ledger_state *p, int k, char *buf, size_t n)
{
	const dt_scenario_result *r = &p->lg.scr;
	size_t used = 0;
	int q;
	switch (k) {
	case 0:
		snprintf(buf, n, "recommendation: %s%s", dt_recommendation_name(r->rec),
		         p->lg.have_sc ? "" : " (no answers stored yet)");
		break;
	case 1:
		snprintf(buf, n, "%s", r->reason);
		break;
	case 2:
		snprintf(buf, n, "%s%s", r->condition[0] ? "condition: " : "",
		         r->condition[0] ? r->condition : "");
		if (!r->condition[0] && r->missing[0])
			snprintf(buf, n, "unanswered: %s", r->missing);
		break;
	default:
		buf[0] = '\0';
		for (q = 0; q < DT_Q_COUNT && used < n; q++) {
			int w = snprintf(buf + used, n - used, "%s%s %s", q ? ", " : "",
			                 dt_scenario_key(q),
			                 dt_answer_name(p->lg.sc.a[q]));
			if (w < 0)
				break;
			used += (size_t)w;
		}
	}
}

static void draw_row(ledger_state *p, dt_grid *g, const row *r, int y, int sel,
                     int lw, int cw)
{
	const dt_ledger_view *v = &p->lg.v;
	const dt_ledger_report *rep = &v->report;
	char a[2][64], lab[96], text[700];
	dt_role role = sel ? DT_ROLE_SELECT : DT_ROLE_NORMAL;
	int s, x2 = lw + 1 + cw + 1;
	if (sel)
		dt_grid_fill(g, 0, y, g->w, L' ', DT_ROLE_SELECT);
	switch (r->kind) {
	case R_HEAD:
		dt_layout_text(g, 0, y, g->w, r->text, sel ? role : DT_ROLE_AXIS);
		return;
	case R_TEXT:
		dt_layout_text(g, 2, y, g->w - 2, r->text, sel ? role : DT_ROLE_STATUS);
		return;
	case R_TIME:
	case R_ITEM:
		if (r->kind == R_TIME)
			snprintf(lab, sizeof lab, "%s", dt_ledger_cat_label(r->idx));
		else
			snprintf(lab, sizeof lab, "%s (%s)", dt_ledger_item_key(r->idx),
			         dt_ledger_item_unit(r->idx));
		dt_layout_text(g, 2, y, lw - 2, lab, sel ? role : DT_ROLE_LABEL);
		for (s = 0; s < DT_SIDES; s++) {
			const dt_ledger_input *in = r->kind == R_TIME
			                            ? &v->sides[s].time[r->idx]
			                            : &v->sides[s].item[r->idx];
			dt_role cr = in->basis == DT_BASIS_NONE ? DT_ROLE_WARN
			             : in->basis == DT_BASIS_ASSUMPTION ? DT_ROLE_PILOT
			             : DT_ROLE_NORMAL;
			dt_ledger_input_text(in, r->kind == R_TIME ? 3600 : 1, a[s], 64);
			if (sel && s == p->lg.side)
				cr = DT_ROLE_CURSOR;
			else if (sel)
				cr = role;
			dt_layout_printf(g, s ? x2 : lw + 1, y, cw, cr, "%s%s",
			               sel && s == p->lg.side ? ">" : " ", a[s]);
		}
		return;
	case R_COST:
		dt_layout_text(g, 2, y, lw - 2, cost_cells(rep, r->idx, a),
		             sel ? role : DT_ROLE_LABEL);
		dt_layout_printf(g, lw + 1, y, cw, sel ? role : DT_ROLE_BASELINE,
		               " %s", a[0]);
		dt_layout_printf(g, x2, y, cw, sel ? role : DT_ROLE_PILOT, " %s", a[1]);
		return;
	case R_MISSING:
		dt_layout_text(g, 2, y, lw - 2, "complete?", sel ? role : DT_ROLE_LABEL);
		for (s = 0; s < DT_SIDES; s++)
			dt_layout_printf(g, s ? x2 : lw + 1, y, cw,
			               sel ? role : rep->cost[s].complete ? DT_ROLE_PASS
			                                                  : DT_ROLE_WARN,
			               " %s%s", rep->cost[s].complete ? "complete"
			               : "missing: ", rep->cost[s].complete ? ""
			               : rep->cost[s].missing);
		return;
	case R_SENS: {
		const dt_ledger_sens *se = &rep->sens[r->idx];
		char d[32];
		dt_layout_printf(g, 2, y, g->w - 2, role, "%-5s %-20s %s",
		               dt_ledger_side_name(se->side),
		               se->is_time ? dt_ledger_cat_key(se->index)
		                           : dt_ledger_item_key(se->index),
		               dt_ledger_sens_text(se, d, sizeof d));
		return;
	}
	case R_WARN:
		dt_layout_text(g, 2, y, g->w - 2, rep->warn[r->idx],
		             sel ? role : DT_ROLE_WARN);
		return;
	case R_SCEN:
		scen_text(p, r->idx, text, sizeof text);
		dt_layout_text(g, 2, y, g->w - 2, text,
		             sel ? role : r->idx == 0 ? DT_ROLE_PILOT : DT_ROLE_NORMAL);
		return;
	case R_RUN: {
		const dt_ledger_run_view *rv = &v->runs[r->idx];
		if (rv->d.has_step_time)
			snprintf(text, sizeof text, "%s (%s): step time from %s, ideal "
			         "%.3g s, first-step overhead %.3g s, training %.3g h, "
			         "redone steps %.3g s; %lld useful steps", rv->run.name,
			         rv->run.platform, rv->step_time_metric,
			         rv->d.ideal_step_s, rv->d.startup_s,
			         rv->d.training_s / 3600, rv->d.wasted_s,
			         (long long)rv->d.useful_steps);
		else
			snprintf(text, sizeof text, "%s (%s): no step time logged; "
			         "%lld useful steps", rv->run.name, rv->run.platform,
			         (long long)rv->d.useful_steps);
		dt_layout_text(g, 2, y, g->w - 2, text, role);
		return;
	}
	default:
		return;
	}
}

static void body(dt_pv *v, dt_grid *g, int y0, int h)
{
	ledger_state *p = (ledger_state *)v;
	row rows[MAX_ROWS];
	const dt_ledger_report *rep = &p->lg.v.report;
	size_t n, i;
	int cw = g->w >= 110 ? 34 : 24, lw = g->w - 2 * cw - 2, y;
	char a[2][64], b[2][64];
	if (!p->lg.loaded) {
		dt_grid_wrap(g, 0, y0, g->w, 3, p->lg.err[0] ? p->lg.err
		             : "ledger not loaded", DT_ROLE_WARN);
		return;
	}
	n = build(p, rows);
	if (p->lg.list.sel >= n)
		p->lg.list.sel = n - 1;
	/* the answer in one line, whatever is scrolled */
	money(rep->cost[0].total, 2, a[0], 64);
	money(rep->cost[1].total, 2, a[1], 64);
	money(rep->cost[0].per_useful_step, 4, b[0], 64);
	money(rep->cost[1].per_useful_step, 4, b[1], 64);
	dt_layout_printf(g, 0, y0, g->w, DT_ROLE_LABEL, "lifecycle USD gpu %s%s "
	               "trn2 %s%s; per useful step gpu %s trn2 %s", a[0],
	               rep->cost[0].complete ? "" : " (incomplete)", a[1],
	               rep->cost[1].complete ? "" : " (incomplete)", b[0], b[1]);
	dt_layout_text(g, lw + 1, y0 + 1, cw, " gpu", DT_ROLE_BASELINE);
	dt_layout_text(g, lw + 1 + cw + 1, y0 + 1, cw, " trn2", DT_ROLE_PILOT);
	h -= 2;
	/* more rows than fit: the last row says how many are above and
	 * below ("+N more (Down scrolls)"), as the task card and run list */
	p->lg.list.n = n;
	h = dt_list_view_mark(&p->lg.list, g, y0 + 2, h);
	for (i = p->lg.list.top, y = y0 + 2; i < n && y < y0 + 2 + h; i++, y++)
		draw_row(p, g, &rows[i], y, i == p->lg.list.sel, lw, cw);
}

static unsigned action(dt_pv *v, dt_action_id a)
{
	ledger_state *p = (ledger_state *)v;
	row rows[MAX_ROWS];
	size_t n;
	if (a == DT_A_SCENARIO) {
		dt_scenario_form_open(&p->lg);
		return DT_SCR_REDRAW;
	}
	if (!p->lg.loaded)
		return DT_SCR_NONE;
	n = build(p, rows);
	p->lg.list.n = n;
	if (dt_list_action(&p->lg.list, a))
		return DT_SCR_REDRAW;
	switch (a) {
	case DT_A_PREV:
		p->lg.side = DT_SIDE_GPU;
		return DT_SCR_REDRAW;
	case DT_A_NEXT:
		p->lg.side = DT_SIDE_TRN2;
		return DT_SCR_REDRAW;
	case DT_A_EDIT:
		if (p->lg.list.sel < n && (rows[p->lg.list.sel].kind == R_TIME ||
		                           rows[p->lg.list.sel].kind == R_ITEM)) {
			dt_ledger_form_open(&p->lg, rows[p->lg.list.sel].kind == R_TIME,
			                    rows[p->lg.list.sel].idx, p->lg.side);
			return DT_SCR_REDRAW;
		}
		if (p->lg.list.sel < n && rows[p->lg.list.sel].kind == R_SCEN) {
			dt_scenario_form_open(&p->lg);
			return DT_SCR_REDRAW;
		}
		dt_pv_msg(&p->pv, 0, "pick a time or price row to enter a value");
		return DT_SCR_REDRAW;
	default:
		return DT_SCR_NONE;
	}
}

/* Search text of table row i: its heading, label or text (the rows
 * holding only figures have none). */
static const char *row_text(dt_pv *v, size_t i, char *buf, size_t n)
{
	ledger_state *p = (ledger_state *)v;
	row rows[MAX_ROWS];
	size_t nr;
	if (!p->lg.loaded)
		return buf;
	nr = build(p, rows);
	if (i >= nr)
		return buf;
	switch (rows[i].kind) {
	case R_HEAD:
	case R_TEXT:
		snprintf(buf, n, "%s", rows[i].text);
		break;
	case R_TIME:
		snprintf(buf, n, "%s", dt_ledger_cat_label(rows[i].idx));
		break;
	case R_ITEM:
		snprintf(buf, n, "%s", dt_ledger_item_key(rows[i].idx));
		break;
	case R_WARN:
		snprintf(buf, n, "%s", p->lg.v.report.warn[rows[i].idx]);
		break;
	case R_SCEN:
		scen_text(p, rows[i].idx, buf, n);
		break;
	default:
		break;
	}
	return buf;
}

static void sync(dt_pv *v)
{
	ledger_state *p = (ledger_state *)v;
	v->list = &p->lg.list;
	ledger_load(p);
}

static int busy(const dt_pv *v)
{
	const ledger_state *p = (const ledger_state *)v;
	return p->lg.edit_open || p->lg.sc_open;
}

static unsigned raw(dt_pv *v, int key)
{
	return dt_ledger_forms_key(v, &((ledger_state *)v)->lg, key)
	       ? DT_SCR_REDRAW : DT_SCR_NONE;
}

static const dt_form *dialog_form(const dt_pv *v)
{
	const ledger_state *p = (const ledger_state *)v;
	return p->lg.edit_open ? &p->lg.eform : p->lg.sc_open ? &p->lg.sform
	                                                       : NULL;
}

static int dialog(dt_pv *v, dt_grid *g)
{
	ledger_state *p = (ledger_state *)v;
	if (!busy(v))
		return 0;
	dt_ledger_forms_render(v, &p->lg, g);
	return 1;
}

static void done(dt_pv *v)
{
	ledger_free((ledger_state *)v);
}

static const dt_pv_class cls = {
	.id = DT_S_LEDGER,
	.size = sizeof(ledger_state),
	.body = body,
	.action = action,
	.busy = busy,
	.raw = raw,
	.dialog = dialog,
	.dialog_form = dialog_form,
	.sync = sync,
	.row_text = row_text,
	.done = done,
};

DT_PV_SCREEN_OPS(dt_ledger_ops, DT_S_LEDGER, cls, dt_pv_enter);
