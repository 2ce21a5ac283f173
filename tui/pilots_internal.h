/* pilots_internal.h: what the pilot-screen files of tui/ share: one
 * render / key pair per view (drawing into the body rows [y0, y0 + h) of
 * the grid), the two dialogs, and small helpers. Internal to tui/. */
#ifndef DT_PILOTS_INTERNAL_H
#define DT_PILOTS_INTERNAL_H

#include "tui/pilots.h"
#include "tui/screen.h"

/* ---- views (screen_pilots.c, screen_overview.c, screen_taskcard.c,
 * screen_checklist.c, screen_drills.c, screen_journal.c,
 * screen_decisions.c, screen_ledger.c): the body of the view in rows
 * [y0, y0 + h), and its actions (DT_SCR_* results, tui/screen.h). Each
 * file ends with its dt_screen_ops, built on dt_pv_frame / dt_pv_action /
 * dt_pv_raw_key / dt_pv_modal below. ---- */
typedef void (*dt_pv_body_fn)(dt_pilots *p, dt_grid *g, int y0, int h);
typedef unsigned (*dt_pv_action_fn)(dt_pilots *p, dt_action_id a);
typedef unsigned (*dt_pv_raw_fn)(dt_pilots *p, int key);

void dt_pv_list_render(dt_pilots *p, dt_grid *g, int y0, int h);
void dt_pv_overview_render(dt_pilots *p, dt_grid *g, int y0, int h);
void dt_pv_card_render(dt_pilots *p, dt_grid *g, int y0, int h);
void dt_pv_checklist_render(dt_pilots *p, dt_grid *g, int y0, int h);
void dt_pv_drills_render(dt_pilots *p, dt_grid *g, int y0, int h);
void dt_pv_journal_render(dt_pilots *p, dt_grid *g, int y0, int h);
void dt_pv_decisions_render(dt_pilots *p, dt_grid *g, int y0, int h);
void dt_pv_ledger_render(dt_pilots *p, dt_grid *g, int y0, int h);

/* The frame every pilot view shares: title row ("TITLE — PILOT — VIEW"),
 * body, message row, and the open dialog / prompt over it. The footer
 * row is the app's (from the keymap) unless a dialog is open. */
void dt_pv_frame(dt_pilots *p, dt_grid *g, const char *title,
                 dt_screen_id view, dt_pv_body_fn body);
/* Actions every view inside a pilot shares (1-5 open a section, d
 * decides), then the view's own (fn may be NULL). */
unsigned dt_pv_action(dt_pilots *p, dt_action_id a, dt_pv_action_fn fn);
/* 1 when a prompt, dialog, text editor or list search has the keys. */
int dt_pv_modal(void *st);
/* A raw key while modal: the prompt or dialog first, then the view's
 * own editor or search (fn may be NULL). */
unsigned dt_pv_raw_key(dt_pilots *p, int key, dt_pv_raw_fn fn);

/* Card and journal editors (raw keys while editing). */
unsigned dt_pv_card_raw(dt_pilots *p, int key);
unsigned dt_pv_journal_raw(dt_pilots *p, int key);

/* Ledger of the open pilot (dt_ledger_load) and its scenario record,
 * into p->lg (screen_ledger.c); the error is kept in p->lg.err. */
void dt_pv_ledger_load(dt_pilots *p);
void dt_pv_ledger_free(dt_pilots *p);

/* ---- ledger dialogs (ledger_form.c) ---- */
/* Open the value dialog on a ledger input (is_time: category, else
 * item) of side `side`, prefilled with its current entry. */
void dt_ledger_form_open(dt_pilots *p, int is_time, int index, int side);
void dt_scenario_form_open(dt_pilots *p);
void dt_ledger_forms_render(dt_pilots *p, dt_grid *g);
/* Keys while a ledger dialog is open (Enter saves through
 * dt_store_ledger_set / dt_scenario_save under p->actor). */
dt_action dt_ledger_forms_key(dt_pilots *p, int key);

/* Task card rows from p->ov.card (values, who / when). */
void dt_pv_card_fill(dt_pilots *p);
/* Journal rows of run p->ov.runs[p->jr_run]: known keys, then the other
 * keys the run holds. Returns 0 or -1 (message set). */
int dt_pv_journal_load(dt_pilots *p);
void dt_pv_journal_free(dt_pilots *p);

/* ---- dialogs (drill_form.c, decide_form.c) ---- */
void dt_drill_form_open(dt_pilots *p);
void dt_drill_form_close(dt_pilots *p);
void dt_drill_form_render(dt_pilots *p, dt_grid *g);
dt_action dt_drill_form_key(dt_pilots *p, int key);
void dt_decide_form_open(dt_pilots *p);
void dt_decide_form_render(dt_pilots *p, dt_grid *g);
dt_action dt_decide_form_key(dt_pilots *p, int key);

/* ---- helpers (pilot_area.c) ---- */
/* Open pilot `name` on its overview. Returns 0 or -1 (message set). */
int dt_pv_open_pilot(dt_pilots *p, const char *name);
/* After this process wrote the store: reload list and pilot. */
void dt_pv_written(dt_pilots *p);
/* Status line: err = 1 shows it as a warning. */
void dt_pv_msg(dt_pilots *p, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Open the one-line prompt titled `title` on `init` (NULL = empty);
 * Enter calls fn(p, text) with `arg` kept in p->prompt.arg. */
void dt_pv_prompt(dt_pilots *p, const char *title, const char *init,
                  dt_prompt_fn fn, int arg);
/* Display role of a checklist status / drill item status. */
dt_role dt_pv_check_role(dt_check_status s);
dt_role dt_pv_dc_role(dt_dc_status s);
/* "2026-11-29T17:49:54Z" -> "2026-11-29 17:49" (out[17]); "" stays "". */
void dt_pv_when(const char *iso, char out[17]);
/* A decision's deciders as "deciders: NAME (role), NAME (role)" into out
 * (size n). */
void dt_pv_deciders(const dt_decision *d, char *out, size_t n);
/* A drill's recovery judgement against the pilot's card (the one core
 * rule, dt_drill_recovery_check) as text, e.g. "690 s (limit 900 s)",
 * "1200 s, OVER the 900 s limit" or "-", into out (size n). Returns the
 * state, which picks the colour (dt_pv_recovery_role). */
dt_recovery_state dt_pv_recovery(const dt_pilots *p, const dt_drill *d,
                                 char *out, size_t n);
/* Colour of a recovery state: FAIL when over the limit, WARN unknown
 * with times given, else `normal`. */
dt_role dt_pv_recovery_role(dt_recovery_state s, dt_role normal);

#endif
