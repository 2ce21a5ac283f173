/* list.h: the one list widget (curses-free), in the manner of tmux's
 * mode-tree: selection, scrolling by the rows actually shown, paging,
 * Home/End, and `/` search over the rows' text through a callback. Every
 * list screen keeps one dt_list in its own state and feeds it actions
 * (tui/action.h); the screen draws its rows, the widget says which.
 *
 * Selection across a reload: the screen remembers the selected row's id,
 * reloads, then calls dt_list_select_id (or dt_list_set_count, which only
 * clamps). */
#ifndef DT_LIST_H
#define DT_LIST_H

#include <stddef.h>
#include <stdint.h>

#include "tui/action.h"
#include "tui/grid.h"
#include "tui/input.h"

/* Text of row i for search, into buf (size n); returns buf. */
typedef const char *(*dt_list_text_fn)(void *arg, size_t i, char *buf,
                                       size_t n);
/* Id of row i (for keeping the selection across a reload). */
typedef int64_t (*dt_list_id_fn)(void *arg, size_t i);

typedef struct dt_list {
	size_t n;              /* rows */
	size_t sel, top;       /* selected row, first row shown */
	int page;              /* rows shown by the last dt_list_view (>= 1) */
	int searching;         /* the search line has the keys */
	dt_input query;        /* the search text (kept for "next match") */
	char msg[96];          /* "no row matches ..." after a search, or "" */
} dt_list;

/* Set the row count, clamping the selection. */
void dt_list_set_count(dt_list *l, size_t n);

/* Select the row whose id is `id` (by id_fn), if any is; else clamp. */
void dt_list_select_id(dt_list *l, int64_t id, dt_list_id_fn id_fn,
                       void *arg);

/* Movement actions: DOWN UP PAGE_DOWN PAGE_UP (by the rows last shown)
 * FIRST LAST; SEARCH opens the search line. Returns 1 when `a` was one
 * of them (state updated), else 0. */
int dt_list_action(dt_list *l, dt_action_id a);

/* A raw key while l->searching: typing edits the query and selects the
 * first matching row from the selection on (text by text_fn,
 * case-insensitive); Enter keeps the match and closes the search line;
 * C-n / Down jumps to the next match; Esc closes it too (the selection
 * stays where the search took it). Returns 1 (always consumes the key). */
int dt_list_search_key(dt_list *l, int key, dt_list_text_fn text_fn,
                       void *arg);

/* Make the selection visible in `rows` rows: updates top and page;
 * returns the first row to draw (top). */
size_t dt_list_view(dt_list *l, int rows);

/* dt_list_view for a list given `rows` rows from row y: when its l->n
 * rows do not all fit (and rows >= 2) the last of them says how many rows
 * are above and below the ones shown (dt_layout_scroll_mark, the status
 * role, from column 0 across the grid), as the run list says it. Returns
 * the rows left for the list's rows (the first is l->top). */
int dt_list_view_mark(dt_list *l, dt_grid *g, int y, int rows);

/* The search line ("/query", cursor shown) at (x, y) in w columns when
 * searching; else the last search message. */
void dt_list_render_search(dt_list *l, dt_grid *g, int x, int y, int w);

#endif
