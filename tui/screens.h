/* screens.h: the TUI's screens (run list, comparison) and overlays, as
 * curses-free state + render-into-grid + key handler (internal to tui/).
 *
 * Keys arrive as ints: a character's code point, or a curses function key
 * code offset by DT_FKEY (so KEY_LEFT is DT_FKEY + KEY_LEFT and never
 * collides with a character). Key handlers return a dt_action. */
#ifndef DT_SCREENS_H
#define DT_SCREENS_H

#include <stddef.h>
#include <stdint.h>

#include "model/dt_series.h"
#include "model/dt_store.h"
#include "tui/chart.h"
#include "tui/grid.h"

#define DT_KEY_ESC 27

enum dt_key {
	DT_K_UP = 0x110000, DT_K_DOWN, DT_K_LEFT, DT_K_RIGHT, DT_K_HOME,
	DT_K_END, DT_K_PGUP, DT_K_PGDN, DT_K_SLEFT, DT_K_SRIGHT, DT_K_ENTER,
	DT_K_BACKSPACE, DT_K_DELETE
};
#define DT_KEY_TAB 9

typedef enum dt_action {
	DT_ACT_NONE = 0,     /* key ignored, nothing changed */
	DT_ACT_REDRAW,       /* state changed: redraw */
	DT_ACT_OPEN_COMPARE, /* run list: open the comparison */
	DT_ACT_BACK,         /* comparison: back to the run list */
	DT_ACT_QUIT,         /* leave the TUI */
	DT_ACT_SWITCH        /* pilot screens: switch to the run list (Tab) */
} dt_action;

/* ---- run list ---- */
typedef struct dt_runs_screen {
	dt_run *runs;          /* [n] owned (free()) */
	size_t n;
	int64_t *loss_points;  /* [n] points of the loss metric (-1 unknown) */
	size_t *nwarnings;     /* [n] */
	size_t sel, top;       /* selected row, first row shown */
	int64_t base_id, pilot_id; /* picked runs, 0 = none */
	int warn_open;         /* warnings overlay shown */
	char **warn;           /* [nwarn] of the selected run, owned */
	size_t nwarn, warn_top;
	char msg[256];         /* status line (errors, hints) */
} dt_runs_screen;

/* (Re)load runs, loss stats and warning counts from the store, keeping the
 * selection and picks by run id. Returns 0 or -1 (message in s->msg). */
int dt_runs_load(dt_runs_screen *s, dt_store *st);
void dt_runs_free(dt_runs_screen *s);
void dt_runs_render(dt_runs_screen *s, dt_grid *g, const char *title);
dt_action dt_runs_key(dt_runs_screen *s, dt_store *st, int key);
/* The picked baseline / pilot, or NULL. */
const dt_run *dt_runs_picked(const dt_runs_screen *s, int pilot);

/* ---- comparison ---- */
typedef struct dt_compare_screen {
	dt_run run[2];         /* baseline, pilot (copies) */
	dt_series s[2];        /* loaded loss curves, owned */
	dt_compare_view view;
	int open;
	char msg[256];
} dt_compare_screen;

/* Load both runs' loss curves and build the view. When `keep` and the
 * same runs were open, zoom, cursor step, smoothing and log scale are
 * kept (used on data reload). Returns 0 or -1 (message in c->msg; the
 * screen then shows the message). */
int dt_compare_open(dt_compare_screen *c, dt_store *st, const dt_run *base,
                    const dt_run *pilot, int keep);
void dt_compare_close(dt_compare_screen *c);
void dt_compare_screen_render(dt_compare_screen *c, dt_grid *g,
                              const char *title);
dt_action dt_compare_key(dt_compare_screen *c, int key);

/* ---- help overlay ---- */
/* Draw the key help of one screen as a box over whatever g holds:
 * `screen` is DT_HELP_RUNS, DT_HELP_COMPARE, or DT_HELP_PILOTS plus a
 * dt_pview (tui/pilots.h) for the pilot screens. */
enum { DT_HELP_RUNS = 0, DT_HELP_COMPARE = 1, DT_HELP_PILOTS = 2 };
void dt_help_render(dt_grid *g, int screen);

/* A centred box of w x h cells with a title; returns its inner origin. */
void dt_box(dt_grid *g, int w, int h, const char *title, int *ix, int *iy);

#endif
