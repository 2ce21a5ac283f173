/* screen_decisions.c: the decision log of a pilot, newest first: kind,
 * time, who entered it, whether a later decision superseded it, and the
 * selected record's rationale, deciders, evidence digest and chain
 * hashes. Decisions are never edited: d opens the "decide" dialog
 * (decide_form.c) and the new record supersedes the current one. */
#include <stdio.h>
#include <string.h>

#include "tui/layout.h"
#include "tui/pilots_internal.h"

/* From this width the list rows show each record hash by its prefix
 * (the full value is on the detail lines below). */
#define HASH_COL_W 100

/* Decision shown at list position i (0 = newest). */
static const dt_decision *at(const dt_pilots *p, size_t i)
{
	return &p->c.ov.decisions[p->c.ov.ndecisions - 1 - i];
}

static dt_role kind_role(dt_decision_kind k)
{
	return k == DT_DECIDE_GO ? DT_ROLE_PASS
	       : k == DT_DECIDE_ROLL_BACK ? DT_ROLE_FAIL : DT_ROLE_PILOT;
}

static void row(dt_pilots *p, dt_grid *g, int y, size_t i)
{
	const dt_decision *d = at(p, i);
	int sel = i == p->dc.sel, x = 1;
	dt_role r = sel ? DT_ROLE_SELECT : DT_ROLE_NORMAL;
	char when[17], state[48];
	if (sel)
		dt_grid_fill(g, 0, y, g->w, L' ', DT_ROLE_SELECT);
	dt_pv_when(d->decided_at, when);
	if (i == 0)
		snprintf(state, sizeof state, "current");
	else
		snprintf(state, sizeof state, "superseded by #%lld",
		         (long long)at(p, i - 1)->id);
	x += dt_layout_printf(g, x, y, 6, r, "#%-4lld ", (long long)d->id);
	x += dt_layout_printf(g, x, y, 23, sel ? r : d->forced_past[0]
	                    ? DT_ROLE_FAIL : kind_role(d->kind), "%-22s ",
	                    d->forced_past[0] ? "go FORCED"
	                    : dt_decision_kind_name(d->kind));
	x += dt_layout_printf(g, x, y, 17, r, "%-16s ", when);
	x += dt_layout_printf(g, x, y, 13, r, "%-12.12s ", d->recorded_by);
	if (g->w >= HASH_COL_W) {
		char h[40];
		dt_layout_hash(g, d->hash, h, sizeof h);
		x += dt_layout_printf(g, x, y, DT_HASH_SHOWN + 5, sel ? r
		                      : DT_ROLE_STATUS, "%-*s ", DT_HASH_SHOWN + 3, h);
	}
	dt_layout_text(g, x, y, g->w - x, state,
	             sel ? r : i == 0 ? DT_ROLE_LABEL : DT_ROLE_STATUS);
}

/* "LABEL HEX TAIL" wrapped whole from row y (at most 2 rows, never past
 * end): a chain hash in full. Returns the rows used. */
static int hash_line(dt_grid *g, int y, int end, const char *label,
                     const char *hex, const char *tail)
{
	char t[200];
	snprintf(t, sizeof t, "%-11s %s%s", label, hex[0] ? hex : "-", tail);
	return dt_grid_wrap(g, 1, y, g->w - 2, end - y < 2 ? end - y : 2, t,
	                    DT_ROLE_STATUS);
}

static void detail(dt_pilots *p, dt_grid *g, int y, int end)
{
	const dt_decision *d = at(p, p->dc.sel);
	char who[600];
	int w = g->w - 2;
	dt_grid_fill(g, 0, y, g->w, g->gl->hline, DT_ROLE_AXIS);
	dt_layout_printf(g, 2, y++, g->w - 4, DT_ROLE_LABEL, " #%lld %s ",
	               (long long)d->id, dt_decision_kind_name(d->kind));
	if (d->forced_past[0] && y < end) {
		char f[1100];
		snprintf(f, sizeof f, "FORCED past open items: %s", d->forced_past);
		y += dt_grid_wrap(g, 1, y, w, 2, f, DT_ROLE_FAIL);
	}
	dt_pv_deciders(d, who, sizeof who);
	if (y < end)
		y += dt_grid_wrap(g, 1, y, w, 2, who, DT_ROLE_NORMAL);
	/* the full evidence digest and chain hashes on lines of their own
	 * (64 hex digits fit 80 columns); the list rows show the record
	 * hash by its prefix when they have room */
	if (y < end)
		dt_layout_text(g, 1, y++, w, "evidence sha256 (what the decision "
		               "rests on):", DT_ROLE_LABEL);
	if (y < end)
		y += dt_grid_wrap(g, 1, y, w, end - y < 2 ? end - y : 2,
		                  d->evidence_digest, DT_ROLE_STATUS);
	if (y < end)
		y += hash_line(g, y, end, "record hash", d->hash, "");
	if (y < end)
		y += hash_line(g, y, end, "previous", d->prev_hash,
		               d->supersedes ? "" : " (first of this pilot)");
	if (y < end)
		dt_grid_wrap(g, 1, y, w, end - y, d->rationale, DT_ROLE_NORMAL);
}

void dt_pv_decisions_render(dt_pilots *p, dt_grid *g, int y0, int h)
{
	int list = h / 3, y;
	size_t i;
	dt_layout_printf(g, 1, y0, g->w - 1, DT_ROLE_AXIS, "%-5s %-22s %-16s %-12s%s",
	               "#", "decision", "decided at (UTC)", "entered by",
	               g->w >= HASH_COL_W ? " record hash" : "");
	if (p->c.ov.ndecisions == 0) {
		dt_layout_text(g, 1, y0 + 2, g->w - 2, "no decision yet: d records "
		             "go / continue / roll-back / compare-other-instance / "
		             "defer", DT_ROLE_STATUS);
		return;
	}
	if ((size_t)list > p->c.ov.ndecisions)
		list = (int)p->c.ov.ndecisions;
	for (i = dt_list_view(&p->dc, list), y = y0 + 1; i < p->c.ov.ndecisions && y < y0 + 1 + list;
	     i++, y++)
		row(p, g, y, i);
	detail(p, g, y, y0 + h);
}

static unsigned decisions_action(dt_pilots *p, dt_action_id a)
{
	return dt_list_action(&p->dc, a) ? DT_SCR_REDRAW : DT_SCR_NONE;
}

static void render(void *st, dt_grid *g, const char *title)
{
	dt_pv_frame(st, g, title, DT_S_DECISIONS, dt_pv_decisions_render);
}

static unsigned action(void *st, dt_action_id a)
{
	return dt_pv_action(st, a, decisions_action);
}

static unsigned raw_key(void *st, int key)
{
	return dt_pv_raw_key(st, key, NULL);
}

static void enter(void *st)
{
	((dt_pilots *)st)->view = DT_PV_DECISIONS;
}

const dt_screen_ops dt_decisions_ops = {
	.id = DT_S_DECISIONS,
	.render = render,
	.action = action,
	.modal = dt_pv_modal,
	.raw_key = raw_key,
	.enter = enter,
};
