/* screen.h: a screen as data, in the manner of tig's view_ops and tmux's
 * window modes. Each screen file ends with one const dt_screen_ops table;
 * app.c keeps a stack of (ops, state) per area (runs, pilots) and is the
 * one dispatcher: a key becomes an action through the screen's keymap
 * (tui/keymap.h) and goes to `action`; q / Esc (DT_A_BACK) pops one
 * level, Q quits from anywhere, ? and t are the app's. A screen that has
 * a text field or dialog open says so with `modal` and then gets every
 * key raw, but Q and ? while its form's focus is on a button
 * (`keys_free`). Screens never call the app: they return flags and the app
 * opens, pops and reloads. A screen with `open` / `close` owns its
 * state: open makes it when the screen is pushed, close frees it when
 * the screen is popped or replaced. No curses here. */
#ifndef DT_SCREEN_H
#define DT_SCREEN_H

#include "tui/action.h"
#include "tui/grid.h"

/* Results of action / raw_key (bits). */
#define DT_SCR_NONE    0u
#define DT_SCR_REDRAW  1u      /* state changed */
#define DT_SCR_BACK    2u      /* pop this screen */
#define DT_SCR_RELOAD  4u      /* the store was written: reload all */
#define DT_SCR_LIVE    8u      /* run list: start / stop live mode */
#define DT_SCR_FOLLOW  16u     /* import preview: follow the file */
#define DT_SCR_OPEN_BIT 32u    /* open screen DT_SCR_TARGET(result) */
#define DT_SCR_OPEN(id) (DT_SCR_OPEN_BIT | ((unsigned)(id) << 8))
#define DT_SCR_TARGET(r) ((dt_screen_id)((r) >> 8))

typedef struct dt_screen_ops {
	dt_screen_id id;                 /* keymap, help and footer */
	/* the keymap in force now (an overlay such as the warnings has its
	 * own); NULL: id */
	dt_screen_id (*keymap)(void *st);
	/* a new state of the screen on the app's context `ctx` (the pilot
	 * screens: a dt_pilot_ctx *), owned by the stack entry until close;
	 * NULL when out of memory. NULL op: the app owns the state (run
	 * list, comparison, resume view, import) and opens it itself */
	void *(*open)(void *ctx);
	/* free a state made by open (when the screen leaves the stack) */
	void (*close)(void *st);
	/* draw everything but the footer row into g; title is the app's
	 * ("dualtrack — STORE", with the LIVE marker) */
	void (*render)(void *st, dt_grid *g, const char *title);
	/* one action of the keymap (never HELP, QUIT, THEME); BACK reaches
	 * the screen first and is a pop unless it returns something else */
	unsigned (*action)(void *st, dt_action_id a);
	/* 1 when every key must go to raw_key (text field, dialog); NULL: 0 */
	int (*modal)(void *st);
	unsigned (*raw_key)(void *st, int key);
	/* 1 while the screen is modal but no text is being typed: the focus
	 * of its form is on a button. Q quits and ? opens the help there as
	 * on any screen (the app's keys); every other key still goes to
	 * raw_key. NULL: never */
	int (*keys_free)(void *st);
	/* called when the screen comes on top (opened or popped back to) */
	void (*enter)(void *st);
	/* a message the app shows on the footer row instead of the footer
	 * (until the next key), or NULL / "" for none; NULL: none */
	const char *(*message)(void *st);
	/* 1 while the screen has work to do between keys (the comparison's
	 * pass); NULL: never */
	int (*busy)(void *st);
	/* one slice of that work (~15 ms), run by the app whenever no key
	 * is waiting; returns DT_SCR_* bits (REDRAW: draw again) */
	unsigned (*work)(void *st);
} dt_screen_ops;

/* The screens (each defined at the end of its file). */
extern const dt_screen_ops dt_runs_ops, dt_compare_ops, dt_resume_ops,
	dt_import_ops, dt_pilots_ops, dt_overview_ops, dt_card_ops,
	dt_checklist_ops, dt_drills_ops, dt_journal_ops, dt_decisions_ops,
	dt_ledger_ops;

#endif
