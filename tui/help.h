/* help.h: the key help overlay of a screen (curses-free). */
#ifndef DT_HELP_H
#define DT_HELP_H

#include <stddef.h>

#include "tui/action.h"
#include "tui/grid.h"

/* Draw the help of screen s as a box over whatever g holds: one row per
 * binding of dt_keymap_help (keys, then what they do), the comparison's
 * plot marks as the plot draws them, and "+N more" when the rows do not
 * fit; rows start at `top` (scrolled). `root`: s is the first screen (q
 * quits there). *scrolls (when not NULL): 1 when the rows do not fit, so
 * j/k (Down/Up, PgDn/PgUp) scroll and the title says so; 0 when they fit
 * and any key closes it. Returns the top actually used (clamped). */
size_t dt_help_render(dt_grid *g, dt_screen_id s, int root, size_t top,
                      int *scrolls);

#endif
