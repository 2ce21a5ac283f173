/* screen_overview_ops.c: the pilot overview's ops table. The overview's
 * own key handler (screen_overview.c) still switches on keys and sets
 * p->view, so the action is handed to it as its default key
 * (dt_keymap_default_key) and a changed view or a compare request is
 * turned into the screen to open. */
#include "tui/keymap.h"
#include "tui/pilots_internal.h"

static const dt_screen_id section[] = {
	[DT_PV_CARD] = DT_S_CARD, [DT_PV_CHECKLIST] = DT_S_CHECKLIST,
	[DT_PV_DRILLS] = DT_S_DRILLS, [DT_PV_JOURNAL] = DT_S_JOURNAL,
	[DT_PV_DECISIONS] = DT_S_DECISIONS, [DT_PV_LEDGER] = DT_S_LEDGER,
};

static unsigned overview_action(dt_pilots *p, dt_action_id a)
{
	int key = dt_keymap_default_key(DT_S_OVERVIEW, a);
	dt_action r;
	if (key < 0)
		return DT_SCR_NONE;
	r = dt_pv_overview_key(p, key);
	if (p->view != DT_PV_OVERVIEW) {
		dt_pview to = p->view;
		p->view = DT_PV_OVERVIEW;
		return DT_SCR_OPEN(section[to]);
	}
	if (r == DT_ACT_OPEN_COMPARE)
		return DT_SCR_OPEN(DT_S_COMPARE);
	return r == DT_ACT_NONE ? DT_SCR_NONE : DT_SCR_REDRAW;
}

static void render(void *st, dt_grid *g, const char *title)
{
	dt_pv_frame(st, g, title, DT_S_OVERVIEW, dt_pv_overview_render);
}

static unsigned action(void *st, dt_action_id a)
{
	return dt_pv_action(st, a, overview_action);
}

static unsigned raw_key(void *st, int key)
{
	return dt_pv_raw_key(st, key, NULL);
}

static void enter(void *st)
{
	((dt_pilots *)st)->view = DT_PV_OVERVIEW;
}

const dt_screen_ops dt_overview_ops = {
	.id = DT_S_OVERVIEW,
	.render = render,
	.action = action,
	.modal = dt_pv_modal,
	.raw_key = raw_key,
	.enter = enter,
};
