/* form.h: the one form / dialog widget (curses-free): rows of label /
 * value / aside, one focused, with fixed field semantics:
 * - printable keys always edit the focused text field (typing on it opens
 *   its editor); on a choice field they pick the first choice starting
 *   with what was typed ("gpu" picks gpu); on a button they do nothing;
 * - choice fields change with Left / Right or Space;
 * - Enter, Tab and Down go to the next field (Enter on a button presses
 *   it), Up and S-Tab to the previous one; outside a text editor Home and
 *   End go to the first and last field;
 * - Esc cancels once (DT_FORM_CANCEL, also from inside the editor).
 * A dialog form (form->dialog = 1) opens the editor of a text field as
 * soon as it has the focus; a list-like form (task card, journal) moves
 * with dt_form_move and opens the editor with dt_form_begin_edit (Enter).
 *
 * The form borrows its rows (dt_field[n], owned by the screen). Editing is
 * two-phase so the screen can validate: Enter inside the editor returns
 * DT_FORM_COMMIT with the text in form->in.buf; the screen then calls
 * dt_form_end_edit(form, 1) to store it in the row (or 0 to drop it), or
 * leaves the editor open and shows why the value was refused. */
#ifndef DT_FORM_H
#define DT_FORM_H

#include <stddef.h>

#include "tui/action.h"
#include "tui/grid.h"
#include "tui/input.h"
#include "tui/keymap.h"

/* The key line dialogs show for the semantics above (dt_layout_hints,
 * dt_layout_hint_row: cut with the mark, Enter and Esc kept):
 * "type to edit; Enter/Tab/Down:next Up:previous Space/Left/Right:change
 * Esc:cancel". */
#define DT_FORM_NHINTS 5
extern const dt_hint dt_form_hints[DT_FORM_NHINTS];

typedef enum dt_field_kind {
	DT_FIELD_TEXT,
	DT_FIELD_CHOICE,
	DT_FIELD_BUTTON
} dt_field_kind;

typedef struct dt_field {
	const char *label;            /* borrowed */
	dt_field_kind kind;
	char value[1024];             /* TEXT: the value ("" = not set) */
	const char *const *choices;   /* CHOICE: [nchoices], borrowed */
	size_t nchoices, choice;
	size_t cap;                   /* TEXT: most bytes (0 = 1023) */
	char aside[128];              /* drawn right of the value, may be "" */
	int refused;                  /* 1: the screen refused the value typed
	                               * (the label reads "!LABEL", the aside
	                               * "refused: why below"); the screen
	                               * clears it when a value is taken */
} dt_field;

typedef struct dt_form {
	dt_field *f;                  /* [n] borrowed */
	size_t n, sel, top;
	int editing;                  /* the selected TEXT row is in `in` */
	int dialog;                   /* 1: focus opens a text field's editor */
	int dir;                      /* after DT_FORM_COMMIT: +1 next, -1 prev */
	char typed[32];               /* choice type-ahead so far */
	dt_input in;
	int label_w, aside_w;         /* columns; set by the screen */
	int page;                     /* rows shown by the last render */
} dt_form;

typedef enum dt_form_result {
	DT_FORM_NONE = 0,   /* key not used */
	DT_FORM_REDRAW,     /* selection, editor or choice changed */
	DT_FORM_COMMIT,     /* Enter / Tab / Up / Down in the editor: validate
	                     * form->in.buf, then dt_form_commit_step */
	DT_FORM_BUTTON,     /* Enter on a button row (form->sel) */
	DT_FORM_CANCEL      /* Esc (the editor, if open, is closed) */
} dt_form_result;

/* Point the form at rows f[0..n) (selection kept when in range). */
void dt_form_set(dt_form *form, dt_field *f, size_t n);

/* One key with the semantics of the file comment. */
dt_form_result dt_form_key(dt_form *form, int key);

/* Move the focus by dir rows (clamped; the editor closes without keeping
 * its text); a dialog form opens the editor of a text field. */
void dt_form_move(dt_form *form, int dir);

/* The list keys on a list-like form (task card, journal), as on every
 * list (tui/list.h): DOWN UP one row, PAGE_DOWN PAGE_UP one page (the
 * rows of the last render), FIRST LAST. Returns 1 when `a` was one of
 * them (the focus moved, an open editor closed), else 0. */
int dt_form_list_action(dt_form *form, dt_action_id a);

/* Move the focus to row i (clamped; the editor closes without keeping
 * its text): where a `/` search over a list-like form landed. */
void dt_form_focus(dt_form *form, size_t i);

/* After DT_FORM_COMMIT accepted: keep the text, move by form->dir. */
void dt_form_commit_step(dt_form *form);

/* Close the editor; keep = 1 copies the edited text into the row. */
void dt_form_end_edit(dt_form *form, int keep);

/* The screen's check of row k holding text (as it is checked when left):
 * 0 when it would be taken, else -1 with why in err (errsz bytes). ctx is
 * the screen's, passed through. */
typedef int (*dt_form_check_fn)(void *ctx, size_t k, const char *text,
                                char *err, size_t errsz);

/* After a key edited a refused row (DT_FORM_REDRAW): its text checked
 * again with check. Taken: the row's mark goes and 1 is returned (the
 * caller clears the message, so mark and reason go at once, not at the
 * next Enter); still refused: -1 with why in err for the text as it is
 * now (the caller shows it); no refused row in its editor: 0. */
int dt_form_recheck(dt_form *form, dt_form_check_fn check, void *ctx,
                    char *err, size_t errsz);

/* 1 when the focus is on a button row (no editor open, no text being
 * typed): the app's Q and ? keys apply there (tui/screen.h keys_free). */
int dt_form_on_button(const dt_form *form);

/* Open the editor on the selected TEXT row with its value. */
void dt_form_begin_edit(dt_form *form);

/* Draw rows in the box (x, y, w, h): label (label_w columns), value,
 * aside (aside_w columns, right-aligned block); the selected row in the
 * SELECT role, the editor on it when editing. Choice rows show
 * "< value >". A refused row's label reads "!LABEL" (WARN role when not
 * selected) and its aside "refused: why below". Scrolls to keep the selection visible; when the rows do
 * not all fit, the last row of the box says how many are hidden ("+3 more
 * (Down scrolls)", "2 above, +1 more (Up/Down scroll)", "3 above (Up
 * scrolls)") so nothing is cut without a mark (tui/layout.h). */
void dt_form_render(dt_form *form, dt_grid *g, int x, int y, int w, int h);

#endif
