/* screen_compare_ops.c: the comparison screen's ops table. The screen's
 * own key handler (screen_compare.c) still switches on keys, so the
 * action is handed to it as its default key (dt_keymap_default_key): a
 * rebound key reaches it as the key it knows. */
#include "tui/keymap.h"
#include "tui/screen.h"
#include "tui/screens.h"

static dt_screen_id compare_keymap(void *st)
{
	return ((dt_compare_state *)st)->c.findings_open ? DT_S_FINDINGS
	                                                 : DT_S_COMPARE;
}

static unsigned compare_action(void *st, dt_action_id a)
{
	dt_compare_state *cs = st;
	dt_compare_screen *c = &cs->c;
	int key = dt_keymap_default_key(compare_keymap(st), a);
	if (a == DT_A_BACK && !c->findings_open)
		return DT_SCR_NONE; /* the app pops */
	if (key < 0)
		return DT_SCR_NONE;
	return dt_compare_key(c, cs->st, key) == DT_ACT_NONE ? DT_SCR_NONE
	                                                    : DT_SCR_REDRAW;
}

static void compare_render(void *st, dt_grid *g, const char *title)
{
	dt_compare_screen_render(&((dt_compare_state *)st)->c, g, title);
}

static const char *compare_message(void *st)
{
	return ((dt_compare_state *)st)->c.msg;
}

const dt_screen_ops dt_compare_ops = {
	.id = DT_S_COMPARE,
	.keymap = compare_keymap,
	.render = compare_render,
	.action = compare_action,
	.message = compare_message,
};
