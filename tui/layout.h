/* layout.h: the one place for the TUI's layout rules (curses-free), so no
 * two screens use different numbers for the same rule:
 * - text that does not fit is ellipsised ("…", "..." in ASCII), never cut
 *   silently (dt_layout_text);
 * - a hash shows DT_HASH_SHOWN hex digits and "…"; the full value goes on
 *   a detail line (dt_layout_hash);
 * - a list that cannot show everything ends with "+N more" (dt_layout_more);
 * - dialogs and boxes are centred, as wide as they ask (the key help and
 *   one-line prompts DT_DIALOG_W) but never larger than the screen less
 *   DT_DIALOG_MARGIN columns and DT_DIALOG_VMARGIN rows (the title and
 *   footer rows stay), and a blank ring of one cell around the border
 *   keeps the screen behind from touching it; a sliver of the screen
 *   behind beside the ring (DT_DIALOG_SLIVER columns or fewer) is blanked
 *   too, and a wider one's text cut at the ring ends (or starts) in the
 *   cut mark (dt_dialog_size, dt_box);
 * - the footer and message rows are cleared over their whole width before
 *   text is drawn (dt_layout_row), so no stale characters stay;
 * - a footer whose key hints do not all fit ends in the cut mark and the
 *   help key, "… ?:help" (dt_keymap_footer with dt_layout_dots); a
 *   form's or dialog's key line is cut the same way, its Enter and Esc
 *   hints kept at its end (dt_layout_hints, dt_layout_hint_row). */
#ifndef DT_LAYOUT_H
#define DT_LAYOUT_H

#include <stddef.h>

#include "tui/grid.h"
#include "tui/keymap.h"

#define DT_HASH_SHOWN 12    /* hex digits of a hash shown in a list row */
#define DT_DIALOG_W 76      /* help and prompt boxes (columns) */
#define DT_FORM_DIALOG_W 100 /* form dialogs (decide, add drill): the */
#define DT_FORM_DIALOG_H 18  /* columns and rows they want */
#define DT_DIALOG_MARGIN 4  /* columns kept free beside a dialog (2 a side) */
#define DT_DIALOG_VMARGIN 4 /* rows kept free above and below (2 each:
                               * the title or footer row, and the ring) */
#define DT_DIALOG_SLIVER 3  /* beside a dialog's ring, this many columns of
                               * the screen beneath or fewer are blanked */

/* The cut mark of grid g, which every cut text here ends with: "…", or
 * "..." in an ASCII grid (a static string). */
const char *dt_layout_dots(const dt_grid *g);

/* The key hints h[0..nh) at (x, y) in width w on at most `rows` rows:
 * whole, wrapped between hints, when they fit; else cut as a footer is
 * (dt_hint_line: the kept hints, Enter and Esc, end the last row after
 * the cut mark, "… Enter:save Esc:cancel"), the rows above it filled
 * with the other hints in their order. Returns the rows used. */
int dt_layout_hints(dt_grid *g, int x, int y, int w, int rows,
                    const dt_hint *h, size_t nh, dt_role role);

/* A form's or dialog's key line on row y, the footer row: cleared over
 * the whole width (STATUS role), then h[0..nh) as dt_hint_line lays
 * them out, so a cut is marked and Enter / Esc are never the hints
 * dropped. */
void dt_layout_hint_row(dt_grid *g, int y, const dt_hint *h, size_t nh);

/* Draw UTF-8 text at (x, y) in at most maxw columns; when it is wider,
 * the last column(s) show "…" ("..." in an ASCII grid, or fewer dots when
 * maxw < 3). Returns the columns used. */
int dt_layout_text(dt_grid *g, int x, int y, int maxw, const char *utf8,
                   dt_role role);

/* Draw UTF-8 text at (x, y) in at most maxw columns; when it is wider,
 * cut in the middle: its first (maxw - 1) / 2 columns, "…" ("..." in
 * ASCII, then (maxw - 3) / 2) and as much of its end as fits, so names
 * that share a prefix stay apart ("mistral-7b-l…rn2-pilot-ga4"). Returns
 * the columns used. */
int dt_layout_mid(dt_grid *g, int x, int y, int maxw, const char *utf8,
                  dt_role role);

/* A column cell of a table row: utf8 in w columns at (x, y), ellipsised
 * as dt_layout_text when wider, the rest of the w columns blank in
 * `role`. Returns w + 1: the cell and the blank column that separates it
 * from the next (never drawn over, so a selected row's fill stays). */
int dt_layout_cell(dt_grid *g, int x, int y, int w, const char *utf8,
                   dt_role role);

/* The width of a table column that holds texts of up to `longest`
 * columns: longest, but at least min_w and at most max_w (>= min_w). */
int dt_layout_col_width(int longest, int min_w, int max_w);

/* printf-style dt_layout_text. */
int dt_layout_printf(dt_grid *g, int x, int y, int maxw, dt_role role,
                     const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/* The title row (row 0, TITLE role over the whole width): "TITLE — NAME"
 * (dt_grid_dash) where NAME, the screen's name (with the run names), is
 * always whole and a long TITLE is ellipsised: its head up to its last
 * dash (the marks, "dualtrack") stays and the rest, the store's path,
 * keeps its end, the file name ("dualtrack — …ance/team.db — runs (2)");
 * cut at its end when the head leaves no 9 columns for the path; NAME
 * alone when fewer than 4 columns would be left for TITLE. */
void dt_layout_title(dt_grid *g, const char *title, const char *name);

/* dt_layout_title with "ALTERED records! " leading TITLE when `altered`
 * (in the head dt_layout_title keeps, so a narrow terminal cannot cut it
 * off): the title of every screen of the store. */
void dt_layout_title_altered(dt_grid *g, int altered, const char *title,
                             const char *name);

/* Clear row y over the whole width in `fill` role, then draw text
 * ellipsised in `role`. */
void dt_layout_row(dt_grid *g, int y, const char *utf8, dt_role fill,
                   dt_role role);

/* The short form of a hex hash: its first DT_HASH_SHOWN digits and "…"
 * ("..." in ASCII), or the whole hash when it is not longer; "-" for "".
 * out (size n >= DT_HASH_SHOWN + 4). */
void dt_layout_hash(const dt_grid *g, const char *hex, char *out, size_t n);

/* "+N more" (shown of total) into out (size n); "" when shown >= total. */
void dt_layout_more(size_t shown, size_t total, char *out, size_t n);

/* A list of items joined by ", " ("step6 (fail), step7 (pending)": the
 * checklist's words) after `head` ("blocking go:"), word-wrapped at
 * (x, y) in width w on at most maxrows rows: whole when it fits, else
 * cut after the last whole item that leaves room for the cut mark, how
 * many are left out and where they show (`rest`, "" for none):
 * "forced past: step1 (pending), step2 (pending)… +10 more ([5] shows
 * all)". Overview lists that can be long use it, so they wrap the same
 * way. Returns the rows used. */
int dt_layout_items(dt_grid *g, int x, int y, int w, int maxrows,
                    const char *head, const char *items, const char *rest,
                    dt_role role);

/* Rows a message (a status note or an error) takes in width w: the rows
 * it wraps to (dt_text_wrap_rows), at least `least`, at most `most`
 * (>= least; dt_grid_wrap ends the last row in the cut mark when it needs
 * more). The status row and the dialogs give a message its rows this way
 * and draw it with dt_grid_wrap, so a message is cut only where the rows
 * run out. */
int dt_layout_msg_rows(const dt_grid *g, int w, const char *msg, int least,
                       int most);

/* Rows dt_layout_items needs to show every item in width w. */
int dt_layout_items_rows(const dt_grid *g, int w, const char *head,
                         const char *items);

/* The mark of a scrolled list or form with `above` rows above the ones
 * shown and `below` below them, into out (size n): "+N more (Down
 * scrolls)", "N above, +M more (Up/Down scroll)", "N above (Up
 * scrolls)"; "" when both are 0. */
void dt_layout_scroll_mark(size_t above, size_t below, char *out, size_t n);

/* Size of a dialog that wants want_w x want_h cells on grid g: each at
 * most the grid less its margin (DT_DIALOG_MARGIN, DT_DIALOG_VMARGIN),
 * at least 10 x 3, into *w, *h. */
void dt_dialog_size(const dt_grid *g, int want_w, int want_h, int *w, int *h);

/* A centred box of w x h cells (clipped to the grid), its corners
 * drawn (┌ ┐ └ ┘, "+" in ASCII), with a title and a blank ring one cell
 * wide around its border (where the grid has room), widened to the
 * grid's edge where a sliver of DT_DIALOG_SLIVER columns or fewer would
 * be left beside it, a text of the screen beneath cut at the ring given
 * the cut mark (dt_layout_dots) beside it;
 * its inner origin (2 columns in, 1 row down) into *ix, *iy. */
void dt_box(dt_grid *g, int w, int h, const char *title, int *ix, int *iy);

#endif
