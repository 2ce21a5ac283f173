/* term.h: the curses side: terminal setup and restore, colour pairs from
 * a theme, and the blit of a dt_grid onto the screen. The only tui/ files
 * that include curses are term.c and app.c. */
#ifndef DT_TERM_H
#define DT_TERM_H

#include "themes/theme.h"
#include "tui/grid.h"

/* Start curses on the terminal (cbreak, noecho, keypad, hidden cursor,
 * 200 ms input timeout, 25 ms Esc delay so Esc then a key is two keys).
 * Returns 0, or -1 when the terminal cannot be used: TERM unset, unknown
 * to terminfo, or unable to place the cursor (TERM=dumb); a one-line
 * message on stderr then suggests TERM=xterm-256color or the CLI. */
int dt_term_init(void);

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

/* Current terminal size. */
void dt_term_size(int *cols, int *rows);

#endif
