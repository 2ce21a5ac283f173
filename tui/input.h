/* input.h: a one-line text editor widget (curses-free): a UTF-8 buffer
 * with a cursor, fed keys as screens.h ints, drawn into a dt_grid.
 *
 * Keys: printable characters are inserted at the cursor (only printable
 * code points: no C0/C1 controls, DEL, surrogates, or what iswprint()
 * rejects in the current locale); Backspace / Ctrl-H deletes before the
 * cursor, Delete at it; Left / Right / Home / End / Ctrl-A / Ctrl-E move;
 * Ctrl-U clears; Enter accepts; Esc cancels.
 *
 * Text given to dt_input_init (a pre-filled value) starts selected, as
 * in readline-style dialogs: it is drawn reversed, the first printable
 * key replaces it, and an editing key (Backspace, Delete, Left, Right,
 * Home, End, Ctrl-A, Ctrl-E) drops the selection and edits it. */
#ifndef DT_INPUT_H
#define DT_INPUT_H

#include <stddef.h>

#include "tui/grid.h"

#define DT_INPUT_MAX 2048   /* buffer bytes, NUL included */

typedef struct dt_input {
	char buf[DT_INPUT_MAX];  /* UTF-8, NUL-terminated, printable only */
	size_t len;              /* bytes in buf */
	size_t cur;              /* cursor: byte offset on a character start */
	size_t cap;              /* most bytes accepted (< DT_INPUT_MAX) */
	size_t first;            /* first byte shown (horizontal scroll) */
	int selected;            /* 1: buf is the pre-filled text, selected
	                          * (see the file comment); 0 once edited */
} dt_input;

typedef enum dt_input_result {
	DT_IN_IGNORED = 0,  /* key not for the editor */
	DT_IN_EDITED,       /* text or cursor changed: redraw */
	DT_IN_ACCEPT,       /* Enter: buf holds the value */
	DT_IN_CANCEL        /* Esc */
} dt_input_result;

/* Start editing `text` (NULL = empty), cursor at the end, the text
 * selected when not empty (see the file comment; a caller that puts
 * text there for the user to go on typing, as a completion, clears
 * in->selected). The text is sanitised (dt_sanitize: controls become
 * '?') and cut to `cap` bytes on a character boundary; cap 0 or >=
 * DT_INPUT_MAX means DT_INPUT_MAX - 1. Never fails. */
void dt_input_init(dt_input *in, const char *text, size_t cap);

/* 1 when code point cp may be typed into the buffer (see file comment). */
int dt_input_printable(int cp);

/* Apply one key. A character that would pass cap is refused (result
 * DT_IN_IGNORED, buffer unchanged). A printable key while the text is
 * selected replaces it; any other key the editor takes drops the
 * selection first. */
dt_input_result dt_input_key(dt_input *in, int key);

/* Draw the buffer at (x, y) in w columns (w >= 2) in `role`, scrolled
 * so the cursor is visible; the cursor cell, and the text while it is
 * selected, are flagged DT_CELL_HL (shown reversed). Updates in->first. */
void dt_input_render(dt_input *in, dt_grid *g, int x, int y, int w,
                     dt_role role);

#endif
