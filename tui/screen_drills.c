/* screen_drills.c: the drill log: one row per drill (kind, run, checkpoint
 * step, resumed step, recovery time against the task card's limit) and
 * the selected drill's checkpoint, times and five verification items
 * (status, "data" when pre-filled from the logs, note). Keys add a drill
 * (drill_form.c) and set the selected item. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tui/layout.h"
#include "tui/pilots_internal.h"

/* The drill log's state: the drill list, the picked verification item
 * and the "add drill" dialog. */
typedef struct drills_state {
	dt_pv pv;
	dt_list dr;
	size_t item;                /* the selected drill's check item */
	dt_drill_form drill;
} drills_state;

/* The widths of the drill table's kind and run columns (col_widths). */
typedef struct drill_cols {
	int kindw, runw;
} drill_cols;

static void row(drills_state *p, dt_grid *g, int y, size_t i,
                const drill_cols *cw)
{
	int runw = cw->runw;
	const dt_drill *d = &p->pv.c->ov.drills[i];
	int sel = i == p->dr.sel, x = 0;
	dt_role r = sel ? DT_ROLE_SELECT : DT_ROLE_NORMAL;
	char rec[96], cs[24], rs[24];
	if (sel)
		dt_grid_fill(g, 0, y, g->w, L' ', DT_ROLE_SELECT);
	dt_recovery_state rs_state = dt_pv_recovery(p->pv.c, d, rec, sizeof rec);
	x += dt_layout_printf(g, x, y, 5, r, "#%-3lld ", (long long)d->id);
	x += dt_layout_printf(g, x, y, cw->kindw + 1, r, "%-*s ", cw->kindw,
	                      dt_drill_kind_name(d->kind));
	dt_layout_text(g, x, y, runw, d->run_before[0] ? d->run_before : "-", r);
	x += runw + 1;
	x += dt_layout_printf(g, x, y, 16, r, "%7s %7s ",
	                      dt_drill_step_text(d->checkpoint_step, cs, sizeof cs),
	                      dt_drill_step_text(d->resumed_step, rs, sizeof rs));
	dt_layout_text(g, x, y, g->w - x, rec,
	             sel ? r : dt_pv_recovery_role(rs_state, r));
}

/* A detail line wrapped over at most two rows in [y, end); the rows used. */
static int wrap_printf(dt_grid *g, int y, int end, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int wrap_printf(dt_grid *g, int y, int end, const char *fmt, ...)
{
	char buf[2400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return dt_grid_wrap(g, 1, y, g->w - 2, end - y < 2 ? end - y : 2, buf,
	                    DT_ROLE_NORMAL);
}

/* The column of an item's note (item_row: a blank, the marker, the name
 * in 16 cells, the status in 12, the source in 6). */
#define ITEM_NOTE_X 36

/* Rows of the picked item's note, at most: the pre-fill's notes take 3
 * beside the item at 80 columns ('resumed at effective step 5010, within
 * (checkpoint step 5000, 5000 + logging interval 10]'); 2 cut them. */
#define ITEM_NOTE_ROWS 4

/* Rows verification item k takes: the picked one its note wrapped on
 * up to ITEM_NOTE_ROWS rows when it does not fit after the status and
 * source. */
static int item_rows(const drills_state *p, const dt_grid *g,
                     const dt_drill *d, size_t k)
{
	int n, w = g->w - ITEM_NOTE_X;
	if (k != p->item || dt_text_width(d->checks[k].note, g->ascii) <= w)
		return 1;
	n = dt_text_wrap_rows(d->checks[k].note, w, g->ascii);
	return n > ITEM_NOTE_ROWS ? ITEM_NOTE_ROWS : n < 1 ? 1 : n;
}

/* Verification item k on row y (rows before end): marker, name, status,
 * source, note (the picked item's whole on up to ITEM_NOTE_ROWS rows);
 * its rows. */
static int item_row(drills_state *p, dt_grid *g, const dt_drill *d,
                    size_t k, int y, int end)
{
	const dt_drill_check *c = &d->checks[k];
	int sel = k == p->item, x = 1, n = 1;
	dt_role r = sel ? DT_ROLE_SELECT : DT_ROLE_NORMAL;
	if (sel)
		dt_grid_fill(g, 0, y, g->w, L' ', DT_ROLE_SELECT);
	x += dt_layout_printf(g, x, y, 2, r, "%s", sel ? ">" : " ");
	x += dt_layout_printf(g, x, y, 16, r, "%-15s ",
	                      dt_drill_item_name((dt_drill_item)k));
	x += dt_layout_printf(g, x, y, 12, sel ? r : dt_pv_dc_role(c->status),
	                      "%-11s ", dt_dc_status_name(c->status));
	x += dt_layout_printf(g, x, y, 6, sel ? r : DT_ROLE_STATUS, "%-5s ",
	                      c->source);
	if (sel && dt_text_width(c->note, g->ascii) > g->w - x) /* whole */
		n = dt_grid_wrap(g, x, y, g->w - x, end - y < ITEM_NOTE_ROWS ?
		                 end - y : ITEM_NOTE_ROWS, c->note, r);
	else
		dt_layout_text(g, x, y, g->w - x, c->note, r);
	return n < 1 ? 1 : n;
}

/* The verification items and the drill's note on rows [y, end). When
 * they do not all fit, the last row says how many items are above and
 * below ("2 above, +1 more ([ ] pick the item)"; the note counts as one
 * more) and the picked item is always among those shown. */
static void items(drills_state *p, dt_grid *g, const dt_drill *d, int y,
                  int end)
{
	int need = 0, avail = end - y, used;
	size_t k, top, last, below;
	char note[1100], mark[128], above[32] = "", more[48] = "";
	const char *keys;
	int note_rows = 0;
	if (avail <= 0)
		return;
	if (d->note[0]) {
		snprintf(note, sizeof note, "note: %s", d->note);
		note_rows = dt_text_wrap_rows(note, g->w - 2, g->ascii);
		note_rows = note_rows > 2 ? 2 : note_rows < 1 ? 1 : note_rows;
	}
	for (k = 0; k < DT_DC_COUNT; k++)
		need += item_rows(p, g, d, k);
	if (need + note_rows <= avail) { /* all of it */
		for (k = 0; k < DT_DC_COUNT; k++)
			y += item_row(p, g, d, k, y, end);
		if (note_rows)
			dt_grid_wrap(g, 1, y, g->w - 2, note_rows, note,
			             DT_ROLE_STATUS);
		return;
	}
	if (avail >= 2) /* the last row is the mark */
		avail--;
	/* the first item shown: the picked one in view with those above it
	 * that fit */
	top = p->item < DT_DC_COUNT ? p->item : 0;
	for (used = item_rows(p, g, d, top);
	     top > 0 && used + item_rows(p, g, d, top - 1) <= avail; top--)
		used += item_rows(p, g, d, top - 1);
	for (last = (p->item < DT_DC_COUNT ? p->item : 0) + 1; last < DT_DC_COUNT &&
	     used + item_rows(p, g, d, last) <= avail; last++)
		used += item_rows(p, g, d, last);
	for (k = top; k < last; k++)
		y += item_row(p, g, d, k, y, end - (avail < end - y ? 1 : 0));
	below = DT_DC_COUNT - last;
	if (top)
		snprintf(above, sizeof above, "%zu above", top);
	if (below)
		snprintf(more, sizeof more, "+%zu more%s", below,
		         note_rows ? " and the note" : "");
	else if (note_rows)
		snprintf(more, sizeof more, "+ the note");
	keys = top && below ? "[ ] pick the item" : below ? "] picks the next "
	       "item" : top ? "[ picks the previous item" : "";
	snprintf(mark, sizeof mark, "%s%s%s%s%s%s", above,
	         above[0] && more[0] ? ", " : "", more, keys[0] ? " (" : "",
	         keys, keys[0] ? ")" : "");
	if (y < end) /* a row was kept for it (not when one row is left) */
		dt_layout_text(g, 1, end - 1, g->w - 2, mark, DT_ROLE_STATUS);
}

static void detail(drills_state *p, dt_grid *g, int y, int end)
{
	const dt_drill *d = &p->pv.c->ov.drills[p->dr.sel];
	char rec[96], cs[24];
	dt_grid_fill(g, 0, y, g->w, g->gl->hline, DT_ROLE_AXIS);
	dt_layout_printf(g, 2, y++, g->w - 4, DT_ROLE_LABEL, " #%lld %s: %s ",
	               (long long)d->id, dt_drill_kind_name(d->kind),
	               dt_drill_kind_desc(d->kind));
	if (y < end)
		y += wrap_printf(g, y, end, "run before %s, after %s; by %s",
		               d->run_before[0] ? d->run_before : "-",
		               d->run_after[0] ? d->run_after : "(same run)",
		               d->created_by);
	if (y < end)
		y += wrap_printf(g, y, end, "checkpoint %s (step %s) at %s, "
		                 "checksum %s",
		               d->checkpoint_id[0] ? d->checkpoint_id : "-",
		               dt_drill_step_text(d->checkpoint_step, cs, sizeof cs),
		               d->checkpoint_location[0] ? d->checkpoint_location : "-",
		               d->checkpoint_checksum[0] ? d->checkpoint_checksum : "-");
	dt_recovery_state st = dt_pv_recovery(p->pv.c, d, rec, sizeof rec);
	if (y < end) { /* the recovery sentence whole: wrapped */
		char line[300];
		snprintf(line, sizeof line, "fault %s, resumed %s: recovery %s",
		         d->fault_time[0] ? d->fault_time : "-",
		         d->resumed_time[0] ? d->resumed_time : "-", rec);
		y += dt_grid_wrap(g, 1, y, g->w - 2, end - y < 2 ? end - y : 2,
		                  line, dt_pv_recovery_role(st, DT_ROLE_NORMAL));
	}
	items(p, g, d, y, end);
}

/* The kind column as wide as the longest kind shown (at least 4,
 * "kind"); the run column the longest run name (at least its header's 12
 * cells), but never more than leaves the recovery column its longest
 * text ("1200 s, OVER the 900 s limit"); a name that does not fit then
 * ends in the cut mark. Before, kind took 22 cells and the run column
 * every spare cell, and the recovery column was cut at 19 cells at any
 * width. */
static drill_cols col_widths(drills_state *p, const dt_grid *g)
{
	drill_cols cw = {4, 12};
	int runmax = 12, recw = 8; /* "run (before)", "recovery" */
	char rec[96];
	for (size_t i = 0; i < p->pv.c->ov.ndrills; i++) {
		const dt_drill *d = &p->pv.c->ov.drills[i];
		int w = (int)strlen(dt_drill_kind_name(d->kind));
		cw.kindw = w > cw.kindw ? w : cw.kindw;
		w = (int)dt_text_width(d->run_before, g->ascii);
		runmax = w > runmax ? w : runmax;
		dt_pv_recovery(p->pv.c, d, rec, sizeof rec);
		w = (int)dt_text_width(rec, g->ascii);
		recw = w > recw ? w : recw;
	}
	/* #, kind and its gap, the run's gap, the two steps: 5 + kindw + 1 +
	 * 1 + 16 cells */
	int room = g->w - 23 - cw.kindw - recw;
	cw.runw = runmax < room ? runmax : room;
	if (cw.runw < 12)
		cw.runw = 12;
	return cw;
}

static void body(dt_pv *v, dt_grid *g, int y0, int h)
{
	drills_state *p = (drills_state *)v;
	drill_cols cw = col_widths(p, g);
	int list = h - 11, y;
	size_t i;
	dt_layout_printf(g, 0, y0, g->w, DT_ROLE_AXIS, "%-4s %-*s %-*s %7s %7s "
	               "recovery", "#", cw.kindw, "kind", cw.runw, "run (before)",
	               "ckpt", "resumed");
	if (p->pv.c->ov.ndrills == 0) {
		dt_grid_wrap(g, 1, y0 + 2, g->w - 2, 2, "no drills yet: a adds one "
		             "(kind, runs, checkpoint, times; pre-filled from the "
		             "logs)", DT_ROLE_STATUS);
		return;
	}
	if (list < 2)
		list = 2;
	if ((size_t)list > p->pv.c->ov.ndrills)
		list = (int)p->pv.c->ov.ndrills;
	dt_list_view(&p->dr, list);
	for (i = p->dr.top, y = y0 + 1; i < p->pv.c->ov.ndrills && y < y0 + 1 + list;
	     i++, y++)
		row(p, g, y, i, &cw);
	detail(p, g, y, y0 + h);
}

static int set_item(dt_pv *v, const char *text)
{
	drills_state *p = (drills_state *)v;
	const dt_drill *d = &p->pv.c->ov.drills[p->dr.sel];
	dt_dc_status s = (dt_dc_status)p->pv.prompt.arg;
	dt_drill_item it = (dt_drill_item)p->item;
	long long id = (long long)d->id;
	if (dt_store_drill_check_set(p->pv.c->st, d->id, it, s, text, "user", p->pv.c->actor) < 0) {
		dt_pv_msg(&p->pv, 1, "not recorded: %s", dt_store_error(p->pv.c->st));
		return -1;
	}
	dt_pv_msg(&p->pv, 0, "drill #%lld %s set to %s by %s", id,
	          dt_drill_item_name(it), dt_dc_status_name(s), p->pv.c->actor);
	dt_pv_written(&p->pv);
	return 0;
}

static void ask_item(drills_state *p, dt_dc_status s)
{
	char title[256];
	const dt_drill *d = &p->pv.c->ov.drills[p->dr.sel];
	snprintf(title, sizeof title, "drill #%lld %s -> %s: note (optional)",
	         (long long)d->id, dt_drill_item_name((dt_drill_item)p->item),
	         dt_dc_status_name(s));
	dt_pv_prompt(&p->pv, title, d->checks[p->item].note, set_item, (int)s);
}

static unsigned action(dt_pv *v, dt_action_id a)
{
	drills_state *p = (drills_state *)v;
	if (a == DT_A_ADD) {
		dt_drill_form_open(v, &p->drill);
		return DT_SCR_REDRAW;
	}
	if (p->pv.c->ov.ndrills == 0)
		return DT_SCR_NONE;
	if (dt_list_action(&p->dr, a))
		return DT_SCR_REDRAW;
	switch (a) {
	case DT_A_ITEM_PREV:
		p->item = p->item ? p->item - 1 : DT_DC_COUNT - 1;
		return DT_SCR_REDRAW;
	case DT_A_ITEM_NEXT:
		p->item = (p->item + 1) % DT_DC_COUNT;
		return DT_SCR_REDRAW;
	case DT_A_MARK_PASS: ask_item(p, DT_DC_PASS); return DT_SCR_REDRAW;
	case DT_A_MARK_FAIL: ask_item(p, DT_DC_FAIL); return DT_SCR_REDRAW;
	case DT_A_MARK_PENDING: ask_item(p, DT_DC_NOT_CHECKED); return DT_SCR_REDRAW;
	default:
		return DT_SCR_NONE;
	}
}

static void sync(dt_pv *v)
{
	drills_state *p = (drills_state *)v;
	v->list = &p->dr;
	dt_list_set_count(&p->dr, v->c->ov.ndrills);
}

static int64_t row_id(dt_pv *v, size_t i)
{
	return i < v->c->ov.ndrills ? v->c->ov.drills[i].id : 0;
}

static const char *row_text(dt_pv *v, size_t i, char *buf, size_t n)
{
	if (i < v->c->ov.ndrills) {
		const dt_drill *d = &v->c->ov.drills[i];
		snprintf(buf, n, "#%lld %s %s %s %.200s", (long long)d->id,
		         dt_drill_kind_name(d->kind), d->run_before, d->run_after,
		         d->note);
	}
	return buf;
}

static int busy(const dt_pv *v)
{
	return ((const drills_state *)v)->drill.open;
}

static unsigned raw(dt_pv *v, int key)
{
	drills_state *p = (drills_state *)v;
	dt_action r = dt_drill_form_key(v, &p->drill, key);
	if (p->drill.saved) { /* the new drill is the last: select it */
		p->drill.saved = 0;
		p->dr.sel = v->c->ov.ndrills ? v->c->ov.ndrills - 1 : 0;
	}
	return r ? DT_SCR_REDRAW : DT_SCR_NONE;
}

static const dt_form *dialog_form(const dt_pv *v)
{
	const drills_state *p = (const drills_state *)v;
	return p->drill.open && !p->drill.review ? &p->drill.form : NULL;
}

static int dialog(dt_pv *v, dt_grid *g)
{
	drills_state *p = (drills_state *)v;
	if (p->drill.open)
		dt_drill_form_render(v, &p->drill, g);
	return p->drill.open;
}

/* The review step's keys are its own (render_review's last row). */
static size_t dialog_hint(const dt_pv *v, const dt_hint **h)
{
	static const dt_hint refused_keys[] = {
		{ "cannot be saved;", 0 }, { "Esc: back to the form", 1 },
	};
	const dt_drill_form *df = &((const drills_state *)v)->drill;
	if (!df->review)
		return 0;
	*h = df->refusal[0] ? refused_keys : dt_drill_review_keys;
	return 2;
}

static void done(dt_pv *v)
{
	dt_drill_form_close(&((drills_state *)v)->drill);
}

static const dt_pv_class cls = {
	.id = DT_S_DRILLS,
	.size = sizeof(drills_state),
	.body = body,
	.action = action,
	.busy = busy,
	.raw = raw,
	.dialog = dialog,
	.dialog_hint = dialog_hint,
	.dialog_form = dialog_form,
	.sync = sync,
	.row_id = row_id,
	.row_text = row_text,
	.done = done,
};

DT_PV_SCREEN_OPS(dt_drills_ops, DT_S_DRILLS, cls, dt_pv_enter);
