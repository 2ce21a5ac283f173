/* test_tui_widgets.c: the pilot screens' widgets without a terminal: the
 * line editor (tui/input.c), the form (tui/form.c), word wrap and UTF-8
 * copy (tui/grid.c). Exact buffers and cells. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "tui/columns.h"
#include "tui/form.h"
#include "tui/grid.h"
#include "tui/input.h"
#include "tui/layout.h"
#include "tui/screens.h"

static void type(dt_input *in, const char *ascii)
{
	for (; *ascii; ascii++)
		dt_input_key(in, (unsigned char)*ascii);
}

/* Select row `sel` of `form`, render it in a box of 40 x 3 at the top left
 * of a cleared `g`, and check grid row `r` and the last row (the mark). */
static void form_rows(dt_form *form, dt_grid *g, size_t sel, int r,
                      const char *want_r, const char *want_mark)
{
	char row[128];
	form->sel = sel;
	dt_grid_clear(g);
	dt_form_render(form, g, 0, 0, 40, 3);
	dt_grid_row_utf8(g, r, row, sizeof row);
	assert_string_equal(row, want_r);
	dt_grid_row_utf8(g, 2, row, sizeof row);
	assert_string_equal(row, want_mark);
}

static void test_input_editing(void **state)
{
	dt_input in;
	(void)state;
	dt_input_init(&in, "ab", 0);
	assert_int_equal(in.cur, 2);
	dt_input_key(&in, DT_K_END); /* the pre-filled text kept, unselected */
	/* U+00E9 is 2 bytes in UTF-8: "ab\xc3\xa9", 4 bytes */
	assert_int_equal(dt_input_key(&in, 0xE9), DT_IN_EDITED);
	assert_string_equal(in.buf, "ab\xc3\xa9");
	assert_int_equal(in.len, 4);
	/* Left steps over the whole character (cursor 4 -> 2), Backspace
	 * removes 'b' (cursor 2 -> 1): "a\xc3\xa9" */
	dt_input_key(&in, DT_K_LEFT);
	assert_int_equal(in.cur, 2);
	dt_input_key(&in, DT_K_BACKSPACE);
	assert_string_equal(in.buf, "a\xc3\xa9");
	assert_int_equal(in.cur, 1);
	/* Home, Delete: "\xc3\xa9" */
	dt_input_key(&in, DT_K_HOME);
	dt_input_key(&in, DT_K_DELETE);
	assert_string_equal(in.buf, "\xc3\xa9");
	/* controls are never inserted: C0 STX (Ctrl-B), 8-bit CSI U+009B, DEL is
	 * Backspace (at cursor 0: nothing to delete) */
	assert_int_equal(dt_input_key(&in, 0x02), DT_IN_IGNORED);
	assert_int_equal(dt_input_key(&in, 0x9B), DT_IN_IGNORED);
	assert_int_equal(dt_input_key(&in, 0xD800), DT_IN_IGNORED);
	dt_input_key(&in, 0x7F);
	assert_string_equal(in.buf, "\xc3\xa9");
	/* Ctrl-U clears; Enter accepts; Esc cancels */
	dt_input_key(&in, 0x15);
	assert_string_equal(in.buf, "");
	assert_int_equal(in.len, 0);
	assert_int_equal(dt_input_key(&in, DT_K_ENTER), DT_IN_ACCEPT);
	assert_int_equal(dt_input_key(&in, DT_KEY_ESC), DT_IN_CANCEL);
}

/* Pre-filled text starts selected: shown reversed (every cell from the
 * start to the cursor flagged), replaced by the first printable key;
 * Backspace, Left, Home, End keep it and edit it; Enter takes it as is. */
static void test_input_prefill_selected(void **state)
{
	dt_input in;
	dt_grid g;
	int x;
	(void)state;
	assert_int_equal(dt_grid_init(&g, 8, 1, 0), 0);
	dt_input_init(&in, "file:", 0);
	assert_int_equal(in.selected, 1);
	dt_input_render(&in, &g, 0, 0, 8, DT_ROLE_NORMAL);
	for (x = 0; x <= 5; x++) /* "file:" and the cursor cell */
		assert_int_equal(dt_grid_at(&g, x, 0)->flags & DT_CELL_HL,
		                 DT_CELL_HL);
	assert_int_equal(dt_grid_at(&g, 6, 0)->flags & DT_CELL_HL, 0);
	assert_int_equal(dt_input_key(&in, '/'), DT_IN_EDITED);
	assert_string_equal(in.buf, "/");
	assert_int_equal(in.cur, 1);
	assert_int_equal(in.selected, 0);
	dt_input_key(&in, 'p'); /* then typed on as usual */
	assert_string_equal(in.buf, "/p");
	dt_input_init(&in, "pack-acc", 0);
	dt_input_key(&in, DT_K_BACKSPACE);
	assert_string_equal(in.buf, "pack-ac");
	assert_int_equal(in.selected, 0);
	dt_input_init(&in, "pack-acc", 0);
	dt_input_key(&in, DT_K_HOME);
	dt_input_key(&in, 'x');
	assert_string_equal(in.buf, "xpack-acc");
	dt_input_init(&in, "pack-acc", 0);
	dt_input_key(&in, DT_K_LEFT);
	assert_int_equal(in.cur, 7);
	assert_int_equal(in.selected, 0);
	dt_input_init(&in, "pack-acc", 0);
	assert_int_equal(dt_input_key(&in, DT_K_ENTER), DT_IN_ACCEPT);
	assert_string_equal(in.buf, "pack-acc");
	dt_input_init(&in, NULL, 0); /* nothing pre-filled: nothing selected */
	assert_int_equal(in.selected, 0);
	dt_grid_free(&g);
}

static void test_input_cap_and_sanitise(void **state)
{
	dt_input in;
	(void)state;
	/* cap 3 bytes: "abcd" keeps "abc"; with "ab", a 2-byte character
	 * would make 4 bytes: refused */
	dt_input_init(&in, NULL, 3);
	type(&in, "abcd");
	assert_string_equal(in.buf, "abc");
	dt_input_init(&in, "ab", 3);
	dt_input_key(&in, DT_K_END);
	assert_int_equal(dt_input_key(&in, 0xE9), DT_IN_IGNORED);
	assert_string_equal(in.buf, "ab");
	/* a value from the store with an escape sequence: ESC becomes '?' */
	dt_input_init(&in, "a\x1b[31mb", 0);
	assert_string_equal(in.buf, "a?[31mb");
}

static void test_input_render_scrolls(void **state)
{
	dt_grid g;
	dt_input in;
	char row[64];
	(void)state;
	assert_int_equal(dt_grid_init(&g, 12, 1, 0), 0);
	/* 13 characters in 10 columns with the cursor at the end: 9 shown
	 * (one column kept for the cursor), the first 13 - 9 = 4 skipped */
	dt_input_init(&in, "hello world!!", 0);
	dt_input_key(&in, DT_K_END); /* unselected: the cursor cell alone */
	dt_input_render(&in, &g, 1, 0, 10, DT_ROLE_NORMAL);
	dt_grid_row_utf8(&g, 0, row, sizeof row);
	assert_string_equal(row, " o world!!  ");
	assert_int_equal(in.first, 4);
	assert_int_equal(dt_grid_at(&g, 10, 0)->flags & DT_CELL_HL, DT_CELL_HL);
	assert_int_equal(dt_grid_at(&g, 9, 0)->flags & DT_CELL_HL, 0);
	/* Home: scrolled back to the start, cursor on 'h' at column 1 */
	dt_input_key(&in, DT_K_HOME);
	dt_grid_clear(&g);
	dt_input_render(&in, &g, 1, 0, 10, DT_ROLE_NORMAL);
	dt_grid_row_utf8(&g, 0, row, sizeof row);
	assert_string_equal(row, " hello worl ");
	assert_int_equal(dt_grid_at(&g, 1, 0)->flags & DT_CELL_HL, DT_CELL_HL);
	dt_grid_free(&g);
}

static void test_form(void **state)
{
	static const char *const abc[] = { "a", "b", "c" };
	dt_field f[3];
	dt_form form;
	dt_grid g;
	char row[64];
	(void)state;
	memset(f, 0, sizeof f);
	memset(&form, 0, sizeof form);
	f[0].label = "name";
	f[0].kind = DT_FIELD_TEXT;
	f[1].label = "pick";
	f[1].kind = DT_FIELD_CHOICE;
	f[1].choices = abc;
	f[1].nchoices = 3;
	f[2].label = "save";
	f[2].kind = DT_FIELD_BUTTON;
	dt_form_set(&form, f, 3);

	/* list-like form: begin_edit opens the editor; Enter commits (the
	 * screen validates), commit_step stores and moves on (dir +1) */
	dt_form_begin_edit(&form);
	assert_true(form.editing);
	dt_form_key(&form, 'x');
	assert_int_equal(dt_form_key(&form, DT_K_ENTER), DT_FORM_COMMIT);
	assert_string_equal(f[0].value, ""); /* not yet: the screen validates */
	dt_form_commit_step(&form);
	assert_string_equal(f[0].value, "x");
	assert_int_equal(form.sel, 1);
	assert_false(form.editing);
	/* Esc in the editor cancels once: the edit is dropped */
	dt_form_move(&form, -1);
	/* typing on a text field opens its editor, the value selected: the
	 * key replaces it */
	dt_form_key(&form, 'y');
	assert_true(form.editing);
	assert_string_equal(form.in.buf, "y");
	assert_int_equal(dt_form_key(&form, DT_KEY_ESC), DT_FORM_CANCEL);
	assert_false(form.editing);
	assert_string_equal(f[0].value, "x");
	/* Down goes to the choice row; Right 0 -> 1, Left Left 1 -> 0 -> 2
	 * (wraps), Space 2 -> 0; j is typed, never a move: no choice starts
	 * with j, so nothing changes */
	assert_int_equal(dt_form_key(&form, DT_K_DOWN), DT_FORM_REDRAW);
	assert_int_equal(form.sel, 1);
	dt_form_key(&form, DT_K_RIGHT);
	assert_int_equal(f[1].choice, 1);
	dt_form_key(&form, DT_K_LEFT);
	dt_form_key(&form, DT_K_LEFT);
	assert_int_equal(f[1].choice, 2);
	dt_form_key(&form, ' ');
	assert_int_equal(f[1].choice, 0);
	assert_int_equal(dt_form_key(&form, 'j'), DT_FORM_NONE);
	assert_int_equal(form.sel, 1);
	/* type-ahead: "c" picks c, then "b" picks b (no choice "cb") */
	dt_form_key(&form, 'c');
	assert_int_equal(f[1].choice, 2);
	dt_form_key(&form, 'b');
	assert_int_equal(f[1].choice, 1);
	dt_form_key(&form, DT_K_LEFT);
	assert_int_equal(f[1].choice, 0);
	/* Enter on a choice goes on (never cycles); Enter on the button
	 * presses it; Tab stops at the last row; Esc cancels */
	assert_int_equal(dt_form_key(&form, DT_K_ENTER), DT_FORM_REDRAW);
	assert_int_equal(f[1].choice, 0);
	assert_int_equal(form.sel, 2);
	dt_form_key(&form, DT_KEY_TAB);
	assert_int_equal(form.sel, 2);
	assert_int_equal(dt_form_key(&form, DT_K_ENTER), DT_FORM_BUTTON);
	assert_int_equal(dt_form_key(&form, DT_KEY_ESC), DT_FORM_CANCEL);

	/* render 20x3: label 5 columns + 1, value from column 6 */
	assert_int_equal(dt_grid_init(&g, 20, 3, 0), 0);
	form.label_w = 5;
	dt_form_render(&form, &g, 0, 0, 20, 3);
	dt_grid_row_utf8(&g, 0, row, sizeof row);
	assert_string_equal(row, "name  x             ");
	dt_grid_row_utf8(&g, 1, row, sizeof row);
	assert_string_equal(row, "pick  < a >         ");
	dt_grid_row_utf8(&g, 2, row, sizeof row);
	assert_string_equal(row, "      [ save ]      ");
	assert_int_equal(dt_grid_at(&g, 0, 2)->role, DT_ROLE_SELECT);
	assert_int_equal(dt_grid_at(&g, 0, 1)->role, DT_ROLE_LABEL);
	dt_grid_free(&g);
}

/* The import form's platform field: typing "gpu" there picks gpu and
 * edits nothing else (the trial's "g jumped to the path" bug). Dialog
 * form: focus on a text field opens its editor. */
static void test_form_typing_on_choice(void **state)
{
	static const char *const plat[] = { "gpu", "trn2", "trn1", "other" };
	dt_field f[2];
	dt_form form;
	(void)state;
	memset(f, 0, sizeof f);
	memset(&form, 0, sizeof form);
	f[0].label = "path";
	f[0].kind = DT_FIELD_TEXT;
	snprintf(f[0].value, sizeof f[0].value, "scratch/f.log");
	f[1].label = "platform";
	f[1].kind = DT_FIELD_CHOICE;
	f[1].choices = plat;
	f[1].nchoices = 4;
	f[1].choice = 1; /* trn2 */
	dt_form_set(&form, f, 2);
	form.dialog = 1;
	dt_form_begin_edit(&form);
	assert_int_equal(dt_form_key(&form, DT_K_ENTER), DT_FORM_COMMIT);
	dt_form_commit_step(&form);
	assert_int_equal(form.sel, 1);
	assert_false(form.editing); /* a choice has no editor */
	dt_form_key(&form, 'g');
	dt_form_key(&form, 'p');
	dt_form_key(&form, 'u');
	assert_int_equal(f[1].choice, 0);
	assert_int_equal(form.sel, 1);
	assert_string_equal(f[0].value, "scratch/f.log");
	/* "t" then "r" then "n" then "1": trn1 (the prefix narrows) */
	dt_form_key(&form, DT_K_RIGHT); /* resets the type-ahead */
	dt_form_key(&form, 't');
	dt_form_key(&form, 'r');
	dt_form_key(&form, 'n');
	dt_form_key(&form, '1');
	assert_int_equal(f[1].choice, 2);
	/* Up goes back to the path and opens its editor on its text */
	dt_form_key(&form, DT_K_UP);
	assert_int_equal(form.sel, 0);
	assert_true(form.editing);
	assert_string_equal(form.in.buf, "scratch/f.log");
}

static void test_wrap_and_copy(void **state)
{
	dt_grid g;
	char row[64], out[3];
	(void)state;
	assert_int_equal(dt_grid_init(&g, 12, 4, 0), 0);
	/* "alpha beta gamma" in 11 columns: "alpha beta" (10) + "gamma" */
	assert_int_equal(dt_grid_wrap(&g, 0, 0, 11, 4, "alpha beta gamma",
	                              DT_ROLE_NORMAL), 2);
	dt_grid_row_utf8(&g, 0, row, sizeof row);
	assert_string_equal(row, "alpha beta  ");
	dt_grid_row_utf8(&g, 1, row, sizeof row);
	assert_string_equal(row, "gamma       ");
	/* a word longer than 5 columns is cut: 12 letters -> 5 + 5 + 2 rows;
	 * at most 2 rows here, so the second ends in the ellipsis (4 letters
	 * and "…": nothing is cut without a mark) */
	dt_grid_clear(&g);
	assert_int_equal(dt_text_wrap_rows("abcdefghijkl", 5, 0), 3);
	assert_int_equal(dt_grid_wrap(&g, 0, 0, 5, 2, "abcdefghijkl",
	                              DT_ROLE_NORMAL), 2);
	dt_grid_row_utf8(&g, 1, row, sizeof row);
	assert_string_equal(row, "fghi…       ");
	/* all three rows: no mark */
	dt_grid_clear(&g);
	assert_int_equal(dt_grid_wrap(&g, 0, 0, 5, 3, "abcdefghijkl",
	                              DT_ROLE_NORMAL), 3);
	dt_grid_row_utf8(&g, 2, row, sizeof row);
	assert_string_equal(row, "kl          ");
	/* control characters never reach the grid */
	dt_grid_clear(&g);
	dt_grid_wrap(&g, 0, 0, 12, 1, "a\x1b]0;x\x07", DT_ROLE_NORMAL);
	dt_grid_row_utf8(&g, 0, row, sizeof row);
	assert_string_equal(row, "a?]0;x?     ");
	/* a newline (a rationale's) starts a new row; an empty line is a
	 * blank row; on the last row allowed the rest is ellipsised */
	dt_grid_clear(&g);
	assert_int_equal(dt_text_wrap_rows("go on\n\nstep 4", 11, 0), 3);
	assert_int_equal(dt_grid_wrap(&g, 0, 0, 11, 4, "go on\n\nstep 4",
	                              DT_ROLE_NORMAL), 3);
	dt_grid_row_utf8(&g, 0, row, sizeof row);
	assert_string_equal(row, "go on       ");
	dt_grid_row_utf8(&g, 1, row, sizeof row);
	assert_string_equal(row, "            ");
	dt_grid_row_utf8(&g, 2, row, sizeof row);
	assert_string_equal(row, "step 4      ");
	dt_grid_clear(&g);
	assert_int_equal(dt_grid_wrap(&g, 0, 0, 11, 1, "go on\nstep 4",
	                              DT_ROLE_NORMAL), 1);
	dt_grid_row_utf8(&g, 0, row, sizeof row);
	assert_string_equal(row, "go on…      ");
	/* dt_utf8_copy: "a\xc3\xa9" into 3 bytes keeps "a" (the 2-byte
	 * character would leave no room for the NUL) */
	dt_utf8_copy(out, sizeof out, "a\xc3\xa9");
	assert_string_equal(out, "a");
	dt_grid_free(&g);
}

/* dt_layout_items: a list wraps whole when it fits; cut, after a whole
 * item, with the cut mark, how many are left out and where they show.
 * "forced past: step1 (pending), step2 (pending), step3 (fail), trial4
 * (pending)" in 40 columns: "forced past: step1 (pending), step2" (35;
 * " (pending)," would make 46), "(pending), step3 (fail), trial4" (31;
 * " (pending)" 41), "(pending)": 3 rows. On 2: with 3 items, "...step3
 * (fail)… +1 more ([5] shows all)" takes 3 rows; with 2, row 2 is
 * "(pending)… +2 more ([5] shows all)" (34). */
static void test_layout_items(void **state)
{
	dt_grid g;
	char row[128];
	const char *items = "step1 (pending), step2 (pending), step3 (fail), "
	                    "trial4 (pending)";
	(void)state;
	assert_int_equal(dt_grid_init(&g, 40, 3, 0), 0);
	assert_int_equal(dt_layout_items_rows(&g, 40, "forced past:", items), 3);
	assert_int_equal(dt_layout_items(&g, 0, 0, 40, 3, "forced past:", items,
	                                 "[5] shows all", DT_ROLE_FAIL), 3);
	dt_grid_row_utf8(&g, 0, row, sizeof row);
	assert_string_equal(row, "forced past: step1 (pending), step2     ");
	dt_grid_row_utf8(&g, 1, row, sizeof row);
	assert_string_equal(row, "(pending), step3 (fail), trial4         ");
	dt_grid_row_utf8(&g, 2, row, sizeof row);
	assert_string_equal(row, "(pending)                               ");
	dt_grid_clear(&g);
	assert_int_equal(dt_layout_items(&g, 0, 0, 40, 2, "forced past:", items,
	                                 "[5] shows all", DT_ROLE_FAIL), 2);
	dt_grid_row_utf8(&g, 0, row, sizeof row);
	assert_string_equal(row, "forced past: step1 (pending), step2     ");
	dt_grid_row_utf8(&g, 1, row, sizeof row);
	assert_string_equal(row, "(pending)\u2026 +2 more ([5] shows all)      ");
	dt_grid_free(&g);
}

/* A form's key line on two rows (hand-counted: the form's hints are
 * "type to edit;" 13, "Enter/Tab/Down:next" 19 kept, "Up:previous" 11,
 * "Space/Left/Right:change" 23, "Esc:cancel" 10 kept): at 50 columns
 * whole (45 + 34); at 40 they need 3 rows, so the first takes the others
 * that fit (25: Space/Left/Right:change would make it 49) and the last
 * is cut as a footer, the kept hints after the mark. */
static void test_layout_hints(void **state)
{
	dt_grid g;
	char row[128];
	(void)state;
	assert_int_equal(dt_grid_init(&g, 50, 2, 0), 0);
	assert_int_equal(dt_layout_hints(&g, 0, 0, 50, 2, dt_form_hints,
	                                 DT_FORM_NHINTS, DT_ROLE_STATUS), 2);
	dt_grid_row_utf8(&g, 0, row, sizeof row);
	assert_string_equal(row, "type to edit; Enter/Tab/Down:next Up:previous     ");
	dt_grid_row_utf8(&g, 1, row, sizeof row);
	assert_string_equal(row, "Space/Left/Right:change Esc:cancel                ");
	dt_grid_clear(&g);
	assert_int_equal(dt_layout_hints(&g, 0, 0, 40, 2, dt_form_hints,
	                                 DT_FORM_NHINTS, DT_ROLE_STATUS), 2);
	dt_grid_row_utf8(&g, 0, row, sizeof row);
	assert_string_equal(row, "type to edit; Up:previous                         ");
	dt_grid_row_utf8(&g, 1, row, sizeof row);
	assert_string_equal(row, "\u2026 Enter/Tab/Down:next Esc:cancel                  ");
	dt_grid_free(&g);
}

/* The title row keeps the screen name whole and ellipsises the store
 * path before it, by its end when there is room for 9 columns of it; a form taller than its box says what is hidden. */
/* The run list's column table (screen_runs.c) with hand-counted needs:
 * name 33, platform 4, format 16, counts 1, 1, 2, 1 (three runs sharing
 * a prefix). Floors: name 10, plat 4 ("plat"), fmt 5, pts 3 ("pts"),
 * segs 4, repl 4 ("repl"), warn 4 = 34, + 6 blanks = 40. In 56 (a
 * 60-column screen) the 16 left go to the name: 26. In 76 the name is
 * whole (33, 13 left), the format too (16, 2 left); no full header fits
 * in 2 ("loss pts" +5, "replayed" +4, "platform" +4), so the padding
 * gives pts its 2: 5. The golden store (name 25, format 7, counts 4, 1, 3,
 * 1) in 76: 25 8 10 9 5 8 5, the fixed widths the list had. In 30 the
 * floors do not fit: the name gives up 10 (down to 1 column). */
static void test_columns_fit(void **state)
{
	static const dt_col proto[7] = {
		{ "name", NULL, 1, 10, 0, 48, 0, 1, 0, 0 },
		{ "platform", "plat", 3, 4, 8, 0, 0, 0, 0, 0 },
		{ "format", "fmt", 4, 5, 10, 0, 0, 0, 0, 0 },
		{ "loss pts", "pts", 2, 0, 9, 0, 1, 0, 0, 0 },
		{ "segs", NULL, 2, 0, 5, 0, 1, 0, 0, 0 },
		{ "replayed", "repl", 2, 0, 8, 0, 1, 0, 0, 0 },
		{ "warn", NULL, 2, 0, 5, 0, 1, 0, 0, 0 },
	};
	static const int need1[7] = { 33, 4, 16, 1, 1, 2, 1 },
	                 need2[7] = { 25, 4, 7, 4, 1, 3, 1 };
	static const int w56[7] = { 26, 4, 5, 3, 4, 4, 4 },
	                 w76[7] = { 33, 4, 16, 5, 4, 4, 4 },
	                 gold[7] = { 25, 8, 10, 9, 5, 8, 5 };
	dt_col c[7];
	dt_grid g;
	char row[128];
	int i;
	(void)state;
	memcpy(c, proto, sizeof c);
	for (i = 0; i < 7; i++)
		c[i].need = need1[i];
	dt_cols_fit(c, 7, 56, 0);
	for (i = 0; i < 7; i++)
		assert_int_equal(c[i].w, w56[i]);
	assert_int_equal(dt_grid_init(&g, 60, 2, 0), 0);
	dt_cols_head(&g, 0, 0, c, 7, DT_ROLE_AXIS);
	dt_grid_row_utf8(&g, 0, row, sizeof row);
	assert_string_equal(row, "name                       plat fmt   pts segs "
	                    "repl warn    ");
	i = dt_col_cell(&g, 0, 1, &c[0], "mistral-7b-lora-trn2-pilot-ga4",
	                DT_ROLE_NORMAL);
	assert_int_equal(i, 27);
	dt_col_cell(&g, i, 1, &c[5], "20", DT_ROLE_NORMAL);
	dt_grid_row_utf8(&g, 1, row, sizeof row);
	assert_string_equal(row, "mistral-7b-l\u2026rn2-pilot-ga4   20"
	                    "                             ");
	dt_grid_free(&g);
	dt_cols_fit(c, 7, 76, 0);
	for (i = 0; i < 7; i++)
		assert_int_equal(c[i].w, w76[i]);
	for (i = 0; i < 7; i++)
		c[i].need = need2[i];
	dt_cols_fit(c, 7, 76, 0);
	for (i = 0; i < 7; i++)
		assert_int_equal(c[i].w, gold[i]);
	dt_cols_fit(c, 7, 30, 0);
	assert_int_equal(c[0].w, 1);
}

/* A middle cut in 12 columns: 5 of the head, the mark, 6 of the end;
 * ASCII: 4, "...", 5. Text that fits is whole. */
static void test_layout_mid(void **state)
{
	dt_grid g;
	char row[64];
	const char *name = "mistral-7b-lora-trn2-pilot-ga4";
	(void)state;
	assert_int_equal(dt_grid_init(&g, 12, 1, 0), 0);
	assert_int_equal(dt_layout_mid(&g, 0, 0, 12, name, DT_ROLE_NORMAL), 12);
	dt_grid_row_utf8(&g, 0, row, sizeof row);
	assert_string_equal(row, "mistr\u2026ot-ga4");
	dt_grid_free(&g);
	assert_int_equal(dt_grid_init(&g, 12, 1, 1), 0);
	dt_layout_mid(&g, 0, 0, 12, name, DT_ROLE_NORMAL);
	dt_grid_row_utf8(&g, 0, row, sizeof row);
	assert_string_equal(row, "mist...t-ga4");
	dt_grid_clear(&g);
	assert_int_equal(dt_layout_mid(&g, 0, 0, 12, "trn2-a", DT_ROLE_NORMAL), 6);
	dt_grid_free(&g);
}

static void test_title_and_form_mark(void **state)
{
	dt_grid g;
	char row[128];
	dt_field f[5];
	dt_form form;
	(void)state;
	assert_int_equal(dt_grid_init(&g, 40, 4, 0), 0);
	/* 40 columns - 2 = 38; " — import: preview" is 18: the title gets
	 * 20 columns; "dualtrack — " (12) would leave the path fewer than 9,
	 * so the title is cut at its end: 19 letters and "…" */
	dt_layout_title(&g, "dualtrack \xe2\x80\x94 /home/user/acceptance/team.db",
	                "import: preview");
	dt_grid_row_utf8(&g, 0, row, sizeof row);
	assert_string_equal(row, " dualtrack \xe2\x80\x94 /home/u\xe2\x80\xa6 \xe2\x80\x94 "
	                    "import: preview ");
	/* 60 columns: 58 - 18 = 40 for the title; "dualtrack — " (12) stays,
	 * the path keeps its end: "…" and the last 27 columns
	 * ("ptance-reviews/2026/team.db") */
	dt_grid_free(&g);
	assert_int_equal(dt_grid_init(&g, 60, 4, 0), 0);
	dt_layout_title(&g, "dualtrack \xe2\x80\x94 /home/user/acceptance-reviews/"
	                "2026/team.db", "import: preview");
	dt_grid_row_utf8(&g, 0, row, sizeof row);
	assert_string_equal(row, " dualtrack \xe2\x80\x94 \xe2\x80\xa6" "ptance-reviews/"
	                    "2026/team.db \xe2\x80\x94 import: preview ");
	dt_grid_free(&g);
	assert_int_equal(dt_grid_init(&g, 40, 4, 0), 0);
	/* short enough: whole */
	dt_grid_clear(&g);
	dt_layout_title(&g, "dualtrack \xe2\x80\x94 g.db", "import");
	dt_grid_row_utf8(&g, 0, row, sizeof row);
	assert_string_equal(row, " dualtrack \xe2\x80\x94 g.db \xe2\x80\x94 import"
	                    "              ");
	/* 5 rows in a box of 3: 2 rows and the mark "+3 more" */
	memset(f, 0, sizeof f);
	for (int i = 0; i < 5; i++) {
		static const char *const names[] = {"a", "b", "c", "d", "e"};
		f[i].label = names[i];
		f[i].kind = DT_FIELD_TEXT;
	}
	memset(&form, 0, sizeof form);
	dt_form_set(&form, f, 5);
	form.label_w = 2;
	form_rows(&form, &g, 0, 1, "b  -                                    ",
	          "+3 more (Down scrolls)                  ");
	assert_int_equal(form.page, 2);
	/* the selection on the middle row "c": b and c shown, 1 above, 2 more */
	form_rows(&form, &g, 2, 0, "b  -                                    ",
	          "1 above, +2 more (Up/Down scroll)       ");
	/* the last row selected: "3 above" */
	form_rows(&form, &g, 4, 1, "e  -                                    ",
	          "3 above (Up scrolls)                    ");
	dt_grid_free(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_input_editing),
		cmocka_unit_test(test_input_prefill_selected),
		cmocka_unit_test(test_input_cap_and_sanitise),
		cmocka_unit_test(test_input_render_scrolls),
		cmocka_unit_test(test_form),
		cmocka_unit_test(test_form_typing_on_choice),
		cmocka_unit_test(test_wrap_and_copy),
		cmocka_unit_test(test_layout_items),
		cmocka_unit_test(test_layout_hints),
		cmocka_unit_test(test_title_and_form_mark),
		cmocka_unit_test(test_columns_fit),
		cmocka_unit_test(test_layout_mid),
	};
	if (!setlocale(LC_ALL, "C.UTF-8"))
		setlocale(LC_ALL, "");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
