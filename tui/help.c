/* help.c: the key help overlay (one table drives it). */
#include "tui/screens.h"

typedef struct help_line {
	int screens;            /* bit 0: run list, bit 1: comparison */
	const char *keys, *what;
} help_line;

static const help_line help[] = {
	{ 1, "j k  Down Up", "move the selection" },
	{ 1, "g G  Home End", "first / last run" },
	{ 1, "b", "mark the selected run as GPU baseline" },
	{ 1, "p", "mark the selected run as pilot" },
	{ 1, "Enter", "pick baseline, then pilot, then compare" },
	{ 1, "c", "open the comparison (both picked)" },
	{ 1, "w", "warnings of the selected run" },
	{ 1, "q", "quit" },
	{ 2, "h l  Left Right", "cursor one column (one step zoomed in)" },
	{ 2, "Home End", "cursor to first / last common step" },
	{ 2, "+ z  /  - Z", "zoom in / out over steps (at the cursor)" },
	{ 2, "[ ]  S-Left S-Right", "pan a quarter of the window" },
	{ 2, "PgUp PgDn", "pan a whole window" },
	{ 2, "0", "reset zoom" },
	{ 2, "s", "TensorBoard debiased EMA smoothing on/off" },
	{ 2, ", .", "smoothing weight 0.6 0.8 0.9 0.95 0.99" },
	{ 2, "L", "log-scale y axis on/off" },
	{ 2, "q Esc", "back to the run list" },
	{ 3, "t", "next theme (NO_COLOR keeps monochrome)" },
	{ 3, "?", "this help (any key closes)" },
	{ 3, "Ctrl-C", "quit" },
};

void dt_box(dt_grid *g, int w, int h, const char *title, int *ix, int *iy)
{
	int x0, y0, x, y;
	if (w > g->w)
		w = g->w;
	if (h > g->h)
		h = g->h;
	x0 = (g->w - w) / 2;
	y0 = (g->h - h) / 2;
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++) {
			wchar_t ch = L' ';
			if (y == 0 || y == h - 1)
				ch = g->gl->hline;
			else if (x == 0 || x == w - 1)
				ch = g->gl->vline;
			dt_grid_put(g, x0 + x, y0 + y, ch, DT_ROLE_HELP);
			dt_grid_at(g, x0 + x, y0 + y)->flags = 0;
		}
	dt_grid_printf(g, x0 + 2, y0, w - 4, DT_ROLE_TITLE, " %s ", title);
	*ix = x0 + 2;
	*iy = y0 + 1;
}

void dt_help_render(dt_grid *g, int screen)
{
	int bit = screen ? 2 : 1, rows = 0, ix, iy, y;
	size_t i;
	for (i = 0; i < sizeof help / sizeof help[0]; i++)
		if (help[i].screens & bit)
			rows++;
	dt_box(g, 68, rows + 3, screen ? "keys: comparison" : "keys: run list",
	       &ix, &iy);
	y = iy;
	for (i = 0; i < sizeof help / sizeof help[0]; i++) {
		if (!(help[i].screens & bit))
			continue;
		dt_grid_text(g, ix, y, 20, help[i].keys, DT_ROLE_PILOT);
		dt_grid_text(g, ix + 21, y, 44, help[i].what, DT_ROLE_HELP);
		y++;
	}
	dt_grid_text(g, ix, y, 60, g->ascii ?
	             "marks: baseline *, pilot +, both #, NaN/inf !" :
	             "marks: baseline braille, pilot \xe2\x80\xa2, both \xe2\x97\x86, "
	             "NaN/inf \xe2\x96\xb2", DT_ROLE_STATUS);
}
