/* columns.h: a table's columns that give way by priority (curses-free),
 * after htop's column tables: each column says how narrow it may get, in
 * which order it gets room, and the width it likes on a roomy screen;
 * dt_cols_fit shares a row's width out among them. A value that does not
 * fit its column is cut with the mark ("…", tui/layout.h), a column of
 * counts never is: it keeps its widest value whole. */
#ifndef DT_COLUMNS_H
#define DT_COLUMNS_H

#include "tui/grid.h"

typedef struct dt_col {
	const char *head;   /* header */
	const char *brief;  /* a shorter header for a narrow column, or NULL */
	int prio;           /* the order columns get room in, 1 first */
	int min;            /* narrowest a column of text is cut to (columns);
	                     * 0: values are never cut (counts) */
	int want;           /* width given, as room allows, after every column
	                     * shows its values and header whole (padding) */
	int max;            /* > 0: the column that takes the room left at the
	                     * end, up to max; its values are cut beyond it */
	int right;          /* 1: values and header right-aligned (counts) */
	int mid;            /* 1: values cut in the middle (dt_layout_mid), so
	                     * names that share a prefix show their ends */
	int need;           /* the widest value, in columns (set per frame) */
	int w;              /* out: the column's width */
} dt_col;

/* Share `width` columns (a blank between columns counted) out among the
 * n columns of c, into each c[i].w, room going in this order:
 * 1. every column its floor: a count column its widest value (and its
 *    brief header), a text column min (or less when its values and
 *    header are narrower);
 * 2. by prio, each column its values whole (with its brief header; the
 *    max column at most max);
 * 3. by prio, each column its full header, where the room left holds it;
 * 4. by prio, each column up to want;
 * 5. the max column up to max.
 * When the floors do not fit, the max column gives up the difference
 * (down to 1 column). ascii: header widths as an ASCII grid draws them. */
void dt_cols_fit(dt_col *c, int n, int width, int ascii);

/* Draw the header of columns c[0..n) from (x, y): each its head when it
 * fits its width, else its brief, else the head cut with the mark;
 * right-aligned in a right column. Returns the columns used. */
int dt_cols_head(dt_grid *g, int x, int y, const dt_col *c, int n,
                 dt_role role);

/* Draw value utf8 in column c at (x, y): aligned, cut as the column
 * says, the rest of its width blank in `role`. Returns c->w + 1 (the
 * cell and the blank column before the next). */
int dt_col_cell(dt_grid *g, int x, int y, const dt_col *c, const char *utf8,
                dt_role role);

#endif
