/* grid.h: a plain cell grid that screens render into, without curses.
 *
 * Every screen draws into a dt_grid (one wide character and one display
 * role per cell); tui/term.c blits the grid onto the terminal. Keeping the
 * drawing free of curses lets tests assert exact cells and lets bench/
 * time a frame. A character of display width 2 occupies its cell and the
 * next, whose ch is 0 (a continuation, skipped by the blit). */
#ifndef DT_GRID_H
#define DT_GRID_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#include "themes/theme.h"

#define DT_CELL_HL 1u   /* highlighted (cursor column): shown reversed */

typedef struct dt_cell {
	wchar_t ch;         /* L' ' when blank, 0 for a wide char's 2nd cell */
	uint8_t role;       /* dt_role */
	uint8_t flags;      /* DT_CELL_* */
} dt_cell;

/* The glyphs a grid draws with: Unicode (braille available) or ASCII.
 * Each series has its own shape in both, with colours or without
 * (baseline braille dots / '*', pilot '•' / '+', both '◆' / '#'). */
typedef struct dt_glyphs {
	int braille;        /* 1: curves use U+2800 braille, 2x4 dots a cell */
	wchar_t hline, vline, corner, ytick, baseline, pilot, overlap,
	        nonfinite, band, zero, breach, cursor,
	        clip_hi, clip_lo; /* the strip: values beyond its top / bottom */
	wchar_t box_tl, box_tr, box_bl, box_br; /* a box's corners (dt_box) */
} dt_glyphs;

typedef struct dt_grid {
	int w, h;           /* columns, rows */
	int ascii;          /* 1: ASCII only (non-UTF-8 locale or forced) */
	const dt_glyphs *gl;/* glyphs for the mode; set by dt_grid_init */
	dt_cell *cells;     /* [h][w], owned */
} dt_grid;

/* Allocate a w x h grid (w, h >= 1) filled with blanks of role NORMAL.
 * Returns 0, or -1 with errno ENOMEM (g is then zeroed). */
int dt_grid_init(dt_grid *g, int w, int h, int ascii);

/* Resize to w x h (contents cleared). Returns 0 or -1 (ENOMEM; the grid
 * keeps its old size and contents). */
int dt_grid_resize(dt_grid *g, int w, int h);

/* Free the cells and zero the grid; a zeroed grid is accepted. */
void dt_grid_free(dt_grid *g);

/* Blank every cell (role NORMAL, no flags). */
void dt_grid_clear(dt_grid *g);

/* The cell at column x, row y, or NULL when outside. */
dt_cell *dt_grid_at(dt_grid *g, int x, int y);

/* Set one cell (ignored when outside). */
void dt_grid_put(dt_grid *g, int x, int y, wchar_t ch, dt_role role);

/* Fill columns [x, x+n) of row y with ch in role (clipped). */
void dt_grid_fill(dt_grid *g, int x, int y, int n, wchar_t ch, dt_role role);

/* Draw UTF-8 text at (x, y), at most maxw columns (clipped to the grid).
 * The text is first passed through dt_sanitize (log-derived text may hold
 * control sequences); characters that are not printable in the current
 * locale, or non-ASCII in an ASCII grid, become '?'. A wide character that
 * would not fit is not drawn. Returns the columns used. */
int dt_grid_text(dt_grid *g, int x, int y, int maxw, const char *utf8,
                 dt_role role);

/* printf-style dt_grid_text (the formatted text is sanitised too). */
int dt_grid_printf(dt_grid *g, int x, int y, int maxw, dt_role role,
                   const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/* The title separator: " - " in ASCII mode (LANG=C shows '?' for
 * anything else), else " \u2014 " (an em-dash); a static string. */
const char *dt_grid_dash(const dt_grid *g);

/* Display width of UTF-8 text as dt_grid_text would draw it. */
int dt_text_width(const char *utf8, int ascii);

/* Word-wrap UTF-8 text (sanitised first) into rows y.. of width w at
 * column x, at most maxrows rows; breaks after a space where it can, else
 * inside a word, and at every newline (a rationale's lines; any other
 * control shows as '?', dt_sanitize_lines). When the text needs more rows, the last row ends in
 * "…" ("..." in ASCII): nothing is cut without a mark (tui/layout.h).
 * Returns the rows used. */
int dt_grid_wrap(dt_grid *g, int x, int y, int w, int maxrows,
                 const char *utf8, dt_role role);

/* Rows dt_grid_wrap needs for the whole of utf8 in width w (0 for ""). */
int dt_text_wrap_rows(const char *utf8, int w, int ascii);

/* Encode code point c (< 0x110000) as UTF-8 into out; returns the bytes
 * written (1..4). */
size_t dt_utf8_put(unsigned long c, char out[4]);

/* Copy UTF-8 src into dst (size n >= 1), cut on a character boundary
 * when it does not fit; always NUL-terminated. */
void dt_utf8_copy(char *dst, size_t n, const char *src);

/* Row y as UTF-8 (continuation cells skipped, trailing blanks kept) into
 * buf (size len, always NUL-terminated). For tests and debugging. */
void dt_grid_row_utf8(const dt_grid *g, int y, char *buf, size_t len);

#endif
