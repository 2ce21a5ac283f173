/* screen_compare_ops.c: the comparison screen's ops table: its keymap
 * (the findings overlay has its own), its actions (dt_compare_action,
 * screen_compare.c) and its message. */
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
	return dt_compare_action(&cs->c, cs->st, a);
}

static void compare_render(void *st, dt_grid *g, const char *title)
{
	dt_compare_screen_render(&((dt_compare_state *)st)->c, g, title);
}

static const char *compare_message(void *st)
{
	return ((dt_compare_state *)st)->c.msg;
}

static int compare_busy(void *st)
{
	return dt_compare_busy(&((dt_compare_state *)st)->c);
}

static unsigned compare_work(void *st)
{
	dt_compare_state *cs = st;
	return dt_compare_work(&cs->c, cs->st);
}

const dt_screen_ops dt_compare_ops = {
	.id = DT_S_COMPARE,
	.keymap = compare_keymap,
	.render = compare_render,
	.action = compare_action,
	.message = compare_message,
	.busy = compare_busy,
	.work = compare_work,
};
