/* pilots_internal.h: what the pilot-screen files of tui/ share (internal
 * to tui/): the base every pilot screen's state starts with (dt_pv), the
 * per-screen hooks (dt_pv_class) that the generic frame, action and key
 * functions below call, the one-line prompt, the dialogs a screen can own
 * (drill form, decide form, ledger value and scenario dialogs), and small
 * helpers. A screen file defines its state struct (first member dt_pv),
 * its dt_pv_class and its dt_screen_ops built on dt_pv_open / dt_pv_close
 * / dt_pv_render / dt_pv_action / dt_pv_modal / dt_pv_raw_key /
 * dt_pv_enter. */
#ifndef DT_PILOTS_INTERNAL_H
#define DT_PILOTS_INTERNAL_H

#include "tui/form.h"
#include "tui/input.h"
#include "tui/layout.h"
#include "tui/list.h"
#include "tui/pilots.h"
#include "tui/screens.h"

typedef struct dt_pv dt_pv;

/* What a one-line prompt does with the accepted text: returns 0 (done:
 * the prompt closes), -1 (refused: the message is in the context and the
 * prompt stays open with the text) or 1 (the callback opened a follow-up
 * prompt with dt_pv_prompt, e.g. a journal key's value). */
typedef int (*dt_prompt_fn)(dt_pv *v, const char *text);

typedef struct dt_prompt {
	int open;
	char title[256];
	dt_input in;
	dt_prompt_fn accept;
	int arg;                    /* for accept: e.g. the status to set */
	char key[64];               /* journal: the key being added */
} dt_prompt;

/* A pilot screen's hooks; NULL where the screen has none. */
typedef struct dt_pv_class {
	dt_screen_id id;
	size_t size;                /* of the screen's state struct */
	/* the title row (NULL: "TITLE — PILOT — SCREEN") */
	void (*title)(dt_pv *v, dt_grid *g, const char *app_title);
	/* the body in rows [y0, y0 + h) */
	void (*body)(dt_pv *v, dt_grid *g, int y0, int h);
	/* the screen's own actions (after the shared pilot keys) */
	unsigned (*action)(dt_pv *v, dt_action_id a);
	/* 1 while the screen's own editor or dialog has the keys; raw gets
	 * them then */
	int (*busy)(const dt_pv *v);
	unsigned (*raw)(dt_pv *v, int key);
	/* draw the screen's open dialog over the frame; 1 when one is drawn.
	 * A screen with a dialog is busy only while it is open, and the
	 * dialog shows a refusal (msg_err) itself: the status row beneath
	 * stays blank then (dt_pv_render) */
	int (*dialog)(dt_pv *v, dt_grid *g);
	/* the key line while that dialog shows, when its keys are not the
	 * form's (dt_form_hints): its hints into *h, their count (0: the
	 * form's) */
	size_t (*dialog_hint)(const dt_pv *v, const dt_hint **h);
	/* the open dialog's form while it has the keys (not a review or
	 * warning shown over it), or NULL: on its button Q and ? are the
	 * app's (dt_pv_keys_free); NULL op: none */
	const dt_form *(*dialog_form)(const dt_pv *v);
	/* re-derive the state from the context (after open and each reload) */
	void (*sync)(dt_pv *v);
	/* id of list row i (a record id, > 0): the selection stays on the
	 * same record across a reload (another user's write) */
	int64_t (*row_id)(dt_pv *v, size_t i);
	/* text of list row i for `/` search */
	const char *(*row_text)(dt_pv *v, size_t i, char *buf, size_t n);
	/* free what the state owns (the state itself is freed after) */
	void (*done)(dt_pv *v);
} dt_pv_class;

/* The first member of every pilot screen's state. */
struct dt_pv {
	const dt_pv_class *cls;
	dt_pilot_ctx *c;            /* borrowed: the app's */
	unsigned gen;               /* c->gen the state was derived at */
	dt_list *list;              /* the screen's list (search), or NULL */
	dt_form *form;              /* a list-like form (task card, journal)
	                             * whose selection follows `list`'s
	                             * search, or NULL */
	dt_prompt prompt;           /* the screen's one-line prompt */
	int64_t sel_id;             /* row_id of the selection when last
	                             * drawn or moved, 0 = none */
};

/* ---- generic screen ops for pilot screens (pilot_area.c) ---- */
/* A zeroed state of cls->size on context c (a dt_pilot_ctx *), synced;
 * NULL when out of memory. */
void *dt_pv_open(void *c, const dt_pv_class *cls);
void dt_pv_close(void *st);
/* The frame: title row, body, message row (or the list's search line),
 * the open dialog or prompt over it. The footer row is the app's (from
 * the keymap) unless a dialog is open. */
void dt_pv_render(void *st, dt_grid *g, const char *title);
/* The shared pilot keys (1-5 open a section, d decides), then the
 * screen's own. */
unsigned dt_pv_action(void *st, dt_action_id a);
/* 1 when the prompt, the screen's editor or dialog or a list search has
 * the keys. */
int dt_pv_modal(void *st);
/* A raw key while modal: the prompt, then the screen's editor or dialog,
 * then the list search. */
unsigned dt_pv_raw_key(void *st, int key);
/* 1 while the open dialog's form has the focus on a button (no prompt,
 * no search): the app's Q and ? apply (tui/screen.h keys_free). */
int dt_pv_keys_free(void *st);
/* On top again: re-derive the state if the context reloaded. */
void dt_pv_enter(void *st);

/* Define `const dt_screen_ops NAME` of a pilot screen: screen id SID,
 * opened with class CLS (a dt_pv_class), the generic ops above, and
 * ENTER (dt_pv_enter, or a screen's own that calls it). */
#define DT_PV_SCREEN_OPS(NAME, SID, CLS, ENTER)                          \
	static void *NAME##_open(void *ctx)                                  \
	{                                                                    \
		return dt_pv_open(ctx, &(CLS));                                  \
	}                                                                    \
	const dt_screen_ops NAME = {                                         \
		.id = SID, .open = NAME##_open, .close = dt_pv_close,            \
		.render = dt_pv_render, .action = dt_pv_action,                  \
		.modal = dt_pv_modal, .raw_key = dt_pv_raw_key, .enter = ENTER,  \
		.keys_free = dt_pv_keys_free,                                    \
	}

/* ---- helpers (pilot_area.c) ---- */
/* After this process wrote the store: reload the context and re-derive
 * v's state now (other screens do when they come on top); the status
 * message set before the write is kept unless the reload failed. */
void dt_pv_written(dt_pv *v);
/* s as one shell word into out (n bytes): as is when a shell would
 * not split or expand it, else in single quotes (screen_overview.c). */
void dt_pv_shell_word(const char *s, char *out, size_t n);
/* Status line: err = 1 shows it as a warning. */
void dt_pv_msg(dt_pv *v, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* After a key edited a pilot dialog's form (DT_FORM_REDRAW): a refused
 * row being edited is checked again (dt_form_recheck with check, ctx);
 * taken, its mark and the status message go at once; still refused, the
 * message gives the reason for the text as it is now. */
void dt_pv_form_recheck(dt_pv *v, dt_form *form, dt_form_check_fn check,
                        void *ctx);
/* Open v's one-line prompt titled `title` on `init` (NULL = empty);
 * Enter calls fn(v, text) with `arg` kept in v->prompt.arg. */
void dt_pv_prompt(dt_pv *v, const char *title, const char *init,
                  dt_prompt_fn fn, int arg);
/* Display role of a checklist status / drill item status. */
dt_role dt_pv_check_role(dt_check_status s);
dt_role dt_pv_dc_role(dt_dc_status s);
/* "2026-11-29T17:49:54Z" -> "2026-11-29 17:49" (out[17]); "" stays "". */
void dt_pv_when(const char *iso, char out[17]);
/* A decision's deciders as "deciders: NAME (role), NAME (role)" into out
 * (size n; snprintf truncation when n is too small: DT_PV_DECIDERS_LEN
 * holds DT_DECIDERS_MAX names of 63 bytes with the longest role). */
#define DT_PV_DECIDERS_LEN 1024
void dt_pv_deciders(const dt_decision *d, char *out, size_t n);
/* A drill's recovery judgement against the open pilot's card (the one
 * core rule, dt_drill_recovery_check) as text, e.g. "690 s (limit
 * 900 s)", "1200 s, OVER the 900 s limit" or "-", into out (size n).
 * Returns the state, which picks the colour (dt_pv_recovery_role). */
dt_recovery_state dt_pv_recovery(const dt_pilot_ctx *c, const dt_drill *d,
                                 char *out, size_t n);
/* Colour of a recovery state: FAIL when over the limit, else `normal`. */
dt_role dt_pv_recovery_role(dt_recovery_state s, dt_role normal);

/* ---- the "add drill" dialog (drill_form.c), owned by the drill log:
 * the form, then the pre-fill review ---- */
#define DT_DRILL_FIELDS 11
typedef struct dt_drill_form {
	int open, review;           /* review: pre-fill shown, Enter saves */
	dt_field f[DT_DRILL_FIELDS + 1];  /* + the button */
	dt_form form;
	const char *kinds[DT_DRILL_KIND_COUNT];
	const char **runs;          /* "-" then the pilot's run names, owned */
	size_t nruns;
	dt_drill d;                 /* what will be saved */
	dt_resume_evidence ev;
	int have_ev;                /* the logs allowed a pre-fill */
	char prefill_msg[600];      /* why not, when !have_ev */
	char refusal[600];          /* review: why the save would refuse d
	                             * ("" = it would not; then save offered) */
	int saved;                  /* set when a drill was recorded */
} dt_drill_form;

void dt_drill_form_open(dt_pv *v, dt_drill_form *df);
/* Close and free what the form owns (accepts a closed form). */
void dt_drill_form_close(dt_drill_form *df);
void dt_drill_form_render(dt_pv *v, dt_drill_form *df, dt_grid *g);
/* The review's keys, its box's last row and the footer: "Enter or y:
 * save this drill; Esc: back to the form". */
extern const dt_hint dt_drill_review_keys[2];
/* Keys while open (Enter on the review saves through dt_store_drill_add
 * under the context's actor). */
dt_action dt_drill_form_key(dt_pv *v, dt_drill_form *df, int key);

/* ---- the "decide" dialog (decide_form.c), owned by the decision log:
 * the form, then the go warning ---- */
typedef struct dt_decide_form {
	int open, warn;             /* warn: go with blocking items shown */
	dt_field f[4];              /* kind, rationale, deciders, button */
	dt_form form;
	const char *kinds[DT_DECIDE_COUNT];
	dt_decider dk[DT_DECIDERS_MAX];
	size_t nd;
	dt_check_id blk[DT_ITEM_COUNT];
	size_t nblk;
	int recorded;               /* set when a decision was recorded */
} dt_decide_form;

void dt_decide_form_open(dt_pv *v, dt_decide_form *df);
void dt_decide_form_render(dt_pv *v, dt_decide_form *df, dt_grid *g);
/* The go warning's keys, its box's last row and the footer:
 * "y: record go anyway; any other key: back to the form". */
extern const dt_hint dt_decide_warn_keys[2];
dt_action dt_decide_form_key(dt_pv *v, dt_decide_form *df, int key);

/* ---- the ledger screen's state and dialogs (ledger_form.c): the
 * pilot's dt_ledger_view, a cursor on its rows and side columns, the
 * value dialog and the scenario dialog ---- */
#define DT_LG_VALUE_FIELDS 5        /* side, value, basis, note, save */
typedef struct dt_ledger_ui {
	int loaded;
	dt_ledger_view v;
	char err[600];              /* why it did not load */
	dt_list list;               /* table rows: selection, scrolling */
	int side;                   /* DT_SIDE_* column picked (h / l) */
	int have_sc;                /* a scenario record is stored */
	dt_scenario_answers sc;
	dt_scenario_result scr;
	char sc_by[64], sc_at[32];
	/* value dialog */
	int edit_open, e_is_time, e_index;
	dt_field ef[DT_LG_VALUE_FIELDS];
	dt_form eform;
	/* scenario dialog: a choice per question, training, save */
	int sc_open;
	dt_field sf[DT_Q_COUNT + 2];
	dt_form sform;
} dt_ledger_ui;

/* Open the value dialog on a ledger input (is_time: category, else
 * item) of side `side`, prefilled with its current entry. */
void dt_ledger_form_open(dt_ledger_ui *lg, int is_time, int index, int side);
void dt_scenario_form_open(dt_ledger_ui *lg);
/* Draw the open value or scenario dialog. */
void dt_ledger_forms_render(dt_pv *v, dt_ledger_ui *lg, dt_grid *g);
/* Keys while a ledger dialog is open (Enter saves through
 * dt_store_ledger_set / dt_scenario_save under the context's actor). */
dt_action dt_ledger_forms_key(dt_pv *v, dt_ledger_ui *lg, int key);

#endif
