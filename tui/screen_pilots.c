/* screen_pilots.c: the pilot list (pick a pilot to open). */
#include <stdio.h>

#include "tui/layout.h"
#include "tui/pilots_internal.h"

void dt_pv_list_render(dt_pilots *p, dt_grid *g, int y0, int h)
{
	int wide = g->w >= 110, fixed = 2 + 9 + 6 + 6 + 8 + 13 + (wide ? 17 : 0);
	int nw = g->w - fixed, y, x;
	size_t i;
	char when[17];
	if (nw < 10)
		nw = 10;
	x = 2;
	dt_grid_text(g, x, y0, nw, "pilot", DT_ROLE_AXIS);
	x += nw;
	x += dt_grid_printf(g, x, y0, 60, DT_ROLE_AXIS, "%8s %5s %5s %7s  %-12s",
	                    "runs b/p", "pass", "fail", "pending", "decision");
	if (wide)
		dt_grid_text(g, x + 1, y0, 16, "decided at", DT_ROLE_AXIS);
	if (p->nrows == 0) {
		dt_grid_wrap(g, 2, y0 + 2, g->w - 4, 3,
		             "no pilots in this store: dualtrack pilot new NAME, then "
		             "dualtrack attach NAME RUN --role baseline|pilot "
		             "(or dualtrack demo). Tab shows the run list.",
		             DT_ROLE_WARN);
		return;
	}
	for (i = dt_list_view(&p->list, h - 1), y = y0 + 1; i < p->nrows && y < y0 + h; i++, y++) {
		const dt_pilot_row *r = &p->rows[i];
		int sel = i == p->list.sel;
		dt_role role = sel ? DT_ROLE_SELECT : DT_ROLE_NORMAL;
		char runs[32];
		if (sel)
			dt_grid_fill(g, 0, y, g->w, L' ', DT_ROLE_SELECT);
		dt_layout_text(g, 2, y, nw - 1, r->pilot.name, role);
		snprintf(runs, sizeof runs, "%zu/%zu", r->nbase, r->npilot);
		x = 2 + nw;
		x += dt_grid_printf(g, x, y, 9, role, "%8s ", runs);
		x += dt_grid_printf(g, x, y, 6, sel ? role : DT_ROLE_PASS, "%5zu ",
		                    r->counts[DT_CK_PASS]);
		x += dt_grid_printf(g, x, y, 6, sel || !r->counts[DT_CK_FAIL] ? role
		                    : DT_ROLE_FAIL, "%5zu ", r->counts[DT_CK_FAIL]);
		x += dt_grid_printf(g, x, y, 9, role, "%7zu  ",
		                    r->counts[DT_CK_PENDING]);
		x += dt_grid_printf(g, x, y, 13, role, "%-12s",
		                    r->decision[0] ? r->decision : "-");
		dt_pv_when(r->decided_at, when);
		if (wide)
			dt_grid_text(g, x + 1, y, 16, when, role);
	}
}

static unsigned list_action(dt_pilots *p, dt_action_id a)
{
	if (dt_list_action(&p->list, a))
		return DT_SCR_REDRAW;
	if (a == DT_A_OPEN && p->list.sel < p->nrows) {
		if (dt_pv_open_pilot(p, p->rows[p->list.sel].pilot.name) < 0)
			return DT_SCR_REDRAW;
		return DT_SCR_OPEN(DT_S_OVERVIEW);
	}
	return DT_SCR_NONE;
}

static void render(void *st, dt_grid *g, const char *title)
{
	dt_pv_frame(st, g, title, DT_S_PILOTS, dt_pv_list_render);
}

static unsigned action(void *st, dt_action_id a)
{
	dt_pilots *p = st;
	p->c.msg[0] = '\0';
	p->c.msg_err = 0;
	p->list.msg[0] = '\0';
	return list_action(p, a);
}

static unsigned raw_key(void *st, int key)
{
	return dt_pv_raw_key(st, key, NULL);
}

static void enter(void *st)
{
	((dt_pilots *)st)->view = DT_PV_LIST;
}

const dt_screen_ops dt_pilots_ops = {
	.id = DT_S_PILOTS,
	.render = render,
	.action = action,
	.modal = dt_pv_modal,
	.raw_key = raw_key,
	.enter = enter,
};
