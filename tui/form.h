/* form.h: a form widget (curses-free): rows of label / value / aside,
 * one selected; Enter edits a text row in place with a dt_input, cycles a
 * choice row (also Left / Right / Space), or presses a button row.
 *
 * The form borrows its rows (dt_field[n], owned by the screen). Editing is
 * two-phase so the screen can validate: Enter inside the editor returns
 * DT_FORM_COMMIT with the text in form->in.buf; the screen then calls
 * dt_form_end_edit(form, 1) to store it in the row (or 0 to drop it), or
 * leaves the editor open and shows why the value was refused. */
#ifndef DT_FORM_H
#define DT_FORM_H

#include <stddef.h>

#include "tui/grid.h"
#include "tui/input.h"

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
} dt_field;

typedef struct dt_form {
	dt_field *f;                  /* [n] borrowed */
	size_t n, sel, top;
	int editing;                  /* the selected TEXT row is in `in` */
	dt_input in;
	int label_w, aside_w;         /* columns; set by the screen */
} dt_form;

typedef enum dt_form_result {
	DT_FORM_NONE = 0,   /* key not used */
	DT_FORM_REDRAW,     /* selection, editor or choice changed */
	DT_FORM_COMMIT,     /* Enter in the editor: validate form->in.buf */
	DT_FORM_BUTTON,     /* Enter on a button row (form->sel) */
	DT_FORM_CANCEL      /* Esc outside the editor */
} dt_form_result;

/* List movement keys (j k Down Up g G Home End PgUp PgDn, PgUp/PgDn by
 * 10) on a selection of n rows: returns 1 when key was one (*sel
 * updated), else 0. Shared by the form and the list screens. */
int dt_list_move(size_t *sel, size_t n, int key);

/* Point the form at rows f[0..n) (selection kept when in range). */
void dt_form_set(dt_form *form, dt_field *f, size_t n);

/* One key (file comment). Esc in the editor drops the edit and returns
 * DT_FORM_REDRAW; j/k/Up/Down/Home/End/PgUp/PgDn move outside it. */
dt_form_result dt_form_key(dt_form *form, int key);

/* Close the editor; keep = 1 copies the edited text into the row. */
void dt_form_end_edit(dt_form *form, int keep);

/* Open the editor on the selected TEXT row with its value. */
void dt_form_begin_edit(dt_form *form);

/* Draw rows in the box (x, y, w, h): label (label_w columns), value,
 * aside (aside_w columns, right-aligned block); the selected row in the
 * SELECT role, the editor on it when editing. Choice rows show
 * "< value >". Scrolls to keep the selection visible. */
void dt_form_render(dt_form *form, dt_grid *g, int x, int y, int w, int h);

#endif
