/* term.h: the curses side: terminal setup and restore, colour pairs from
 * a theme, and the blit of a dt_grid onto the screen. The only tui/ files
 * that include curses are term.c and app.c. */
#ifndef DT_TERM_H
#define DT_TERM_H

#include "themes/theme.h"
#include "tui/grid.h"

/* Start curses on the terminal (cbreak, noecho, keypad, hidden cursor,
 * 200 ms input timeout, 25 ms Esc delay so Esc then a key is two keys;
 * Home, End, Delete, PgUp, PgDn bound to the sequences terminals send
 * that TERM's terminfo may not list).
 * Returns 0, or -1 when the terminal cannot be used: TERM unset, unknown
 * to terminfo, or unable to place the cursor (TERM=dumb); a one-line
 * message on stderr then suggests TERM=xterm-256color or the CLI. */
int dt_term_init(void);

/* After an Esc key: the rest of an escape sequence curses did not know
 * (CSI: ESC [ parameters final; SS3: ESC O final), already waiting in
 * the input, read and dropped whole, so an unknown key is no Esc and no
 * characters. Anything else is left to be read (Esc then a key typed is
 * two keys). Returns 1 when a sequence was dropped, 0 for Esc alone.
 * Leaves the input timeout at 0. */
int dt_term_drop_sequence(void);

/* Restore the terminal; safe to call more than once. */
void dt_term_end(void);

/* Make colour pairs / attributes for theme t. `mono` forces monochrome
 * (NO_COLOR, or no colour support: then only A_BOLD/A_REVERSE/A_DIM/
 * A_UNDERLINE are used). */
void dt_term_apply_theme(const dt_theme *t, int mono);

/* 1 when the terminal can show colours and NO_COLOR is not set. */
int dt_term_has_color(void);

/* Draw the whole grid on the screen and update the terminal. */
void dt_term_blit(const dt_grid *g);

#endif
