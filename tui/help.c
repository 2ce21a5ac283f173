/* help.c: the key help overlay (one table drives it). */
#include "tui/screens.h"

typedef struct help_line {
	unsigned screens;       /* bit i: help index i (screens.h DT_HELP_*) */
	const char *keys, *what;
} help_line;

enum {
	RL = 1u << DT_HELP_RUNS, CM = 1u << DT_HELP_COMPARE,
	PL = 1u << (DT_HELP_PILOTS + 0), OV = 1u << (DT_HELP_PILOTS + 1),
	TC = 1u << (DT_HELP_PILOTS + 2), CK = 1u << (DT_HELP_PILOTS + 3),
	DR = 1u << (DT_HELP_PILOTS + 4), JR = 1u << (DT_HELP_PILOTS + 5),
	DC = 1u << (DT_HELP_PILOTS + 6), LG = 1u << (DT_HELP_PILOTS + 7),
	RS = 1u << DT_HELP_RESUME, IM = 1u << DT_HELP_IMPORT,
	PV = OV | TC | CK | DR | JR | DC | LG,   /* inside a pilot */
	ALL = RL | CM | PL | PV | RS | IM
};

static const char *const help_title[] = {
	[DT_HELP_RUNS] = "keys: run list", [DT_HELP_COMPARE] = "keys: comparison",
	[DT_HELP_PILOTS] = "keys: pilots",
	[DT_HELP_PILOTS + 1] = "keys: pilot overview",
	[DT_HELP_PILOTS + 2] = "keys: task card",
	[DT_HELP_PILOTS + 3] = "keys: checklist",
	[DT_HELP_PILOTS + 4] = "keys: drill log",
	[DT_HELP_PILOTS + 5] = "keys: run journal",
	[DT_HELP_PILOTS + 6] = "keys: decision log",
	[DT_HELP_PILOTS + 7] = "keys: ledger",
	[DT_HELP_RESUME] = "keys: resume check",
	[DT_HELP_IMPORT] = "keys: import",
};

static const help_line help[] = {
	{ RL, "j k  Down Up", "move the selection" },
	{ RL, "g G  Home End", "first / last run" },
	{ RL, "b", "mark the selected run as GPU baseline" },
	{ RL, "p", "mark the selected run as pilot" },
	{ RL, "Enter", "pick baseline, then pilot, then compare" },
	{ RL, "c", "open the comparison (both picked)" },
	{ RL, "a", "add / drop an extra GPU baseline (noise)" },
	{ RL, "r", "resume check of the run, per restart" },
	{ RL, "i", "import a file or run folder (preview)" },
	{ RL, "F", "live: follow a growing log; F stops" },
	{ RL, "w", "warnings of the selected run" },
	{ RL, "q", "quit" },
	{ RL | CM, "Tab P", "switch to the pilots (acceptance workflow)" },
	{ CM, "h l  Left Right", "cursor one column (one step zoomed in)" },
	{ CM, "Home End", "cursor to first / last common step" },
	{ CM, "+ z  /  - Z", "zoom in / out over steps (at the cursor)" },
	{ CM, "[ ]  S-Left S-Right", "pan a quarter of the window" },
	{ CM, "PgUp PgDn", "pan a whole window" },
	{ CM, "0", "reset zoom" },
	{ CM, "s", "TensorBoard debiased EMA smoothing on/off" },
	{ CM, ", .", "smoothing weight 0.6 0.8 0.9 0.95 0.99" },
	{ CM, "L", "log-scale y axis on/off" },
	{ CM, "i", "pilot interpolated onto the baseline steps" },
	{ CM, "w", "window means: off, 10, 50, 100 eff. steps" },
	{ CM, "f", "findings: scale, NaN/inf, zero, constant" },
	{ CM, "N", "noise rule decides (a: extra GPU baseline)" },
	{ CM, "q Esc", "back to the run list" },
	{ PL, "j k  Enter", "move; open the pilot's overview" },
	{ PL, "q", "quit" },
	{ OV, "j k  Enter", "pick a section [1]..[5] and open it" },
	{ PV, "1 2 3 4 5", "card, checklist, drills, journal, decisions" },
	{ PV, "d", "decide (go / continue / roll-back / ...)" },
	{ TC | JR, "j k  Enter", "pick a field; edit it (Enter saves)" },
	{ JR, "h l", "the journal of the other runs" },
	{ JR, "a", "add a journal key of your own" },
	{ CK, "p f w u", "pass / fail / waive / pending (note or reason)" },
	{ CK, "e", "attach evidence: run:NAME drill:ID file:PATH" },
	{ CK, "* !", "computed from the data / a person's override" },
	{ DR, "a", "add a drill: form, pre-fill review, save" },
	{ DR, "[ ]  Left Right", "pick a verification item of the drill" },
	{ DR, "p f n", "item pass / fail / not checked (with a note)" },
	{ DC, "j k", "pick a decision (newest first; never edited)" },
	{ OV, "l", "time and cost ledger, scenario guide" },
	{ OV, "c", "compare the pilot's baseline and pilot runs (q: back)" },
	{ LG, "j k  h l", "pick a row; the gpu / trn2 column" },
	{ LG, "Enter", "enter a value (side, value, basis, note)" },
	{ LG, "s", "answer the scenario guide" },
	{ RS, "j k", "pick a restart" },
	{ RS, "PgUp PgDn", "scroll" },
	{ RS | IM, "q Esc", "back to the run list" },
	{ IM, "Enter Down  Up", "next field (not on an empty path); previous" },
	{ IM, "Space Left Right", "change a choice (platform, mode)" },
	{ IM, "Tab", "complete the path (in the path field)" },
	{ IM, "Enter (preview)", "import, or follow it (live mode)" },
	{ PV, "q Esc", "back (task card, ... -> overview -> pilots)" },
	{ PL | PV, "Tab P", "switch to the run list" },
	{ PV, "in a text field", "Enter accept, Esc cancel, Bksp, Ctrl-U clear" },
	{ IM, "in a text field", "Bksp, Ctrl-U clear; Esc leaves the screen" },
	{ ALL, "t", "next theme (NO_COLOR keeps monochrome)" },
	{ ALL, "?", "this help (any key closes)" },
	{ ALL, "Ctrl-C", "quit" },
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
	unsigned bit;
	int rows = 0, ix, iy, y;
	size_t i, nt = sizeof help_title / sizeof help_title[0];
	if (screen < 0 || (size_t)screen >= nt || !help_title[screen])
		screen = DT_HELP_RUNS;
	bit = 1u << screen;
	for (i = 0; i < sizeof help / sizeof help[0]; i++)
		if (help[i].screens & bit)
			rows++;
	dt_box(g, 68, rows + 2 + (screen == DT_HELP_COMPARE), help_title[screen],
	       &ix, &iy);
	y = iy;
	for (i = 0; i < sizeof help / sizeof help[0]; i++) {
		if (!(help[i].screens & bit))
			continue;
		dt_grid_text(g, ix, y, 20, help[i].keys, DT_ROLE_PILOT);
		dt_grid_text(g, ix + 21, y, 44, help[i].what, DT_ROLE_HELP);
		y++;
	}
	if (screen != DT_HELP_COMPARE)
		return;
	if (g->ascii)
		dt_grid_text(g, ix, y, 64, "marks: baseline *, pilot +, both #, "
		             "NaN/inf !", DT_ROLE_STATUS);
	else
		dt_grid_text(g, ix, y, 64, g->gl->overlap_dots ?
		             "marks: baseline \xe2\xa3\xbf, pilot \xe2\x80\xa2, both "
		             "\xe2\xa3\xbf (own colour), NaN/inf \xe2\x96\xb2" :
		             "marks: baseline \xe2\xa3\xbf, pilot \xe2\x80\xa2, both "
		             "\xe2\x97\x86, NaN/inf \xe2\x96\xb2", DT_ROLE_STATUS);
}
