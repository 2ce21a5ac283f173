/* screen_same.h: two rendered grids equal cell for cell (character,
 * role, flags), for the tests that check the comparison chart's lean
 * path against its full path. Include once per test program, after
 * cmocka.h. */
#ifndef DT_TEST_SCREEN_SAME_H
#define DT_TEST_SCREEN_SAME_H

#include "tui/chart.h"
#include "tui/grid.h"

/* Fail the test, naming the first differing cell and both rows (a shown
 * as name_a, b as name_b), unless a and b are the same screen. */
static inline void dt_test_same_screen(const dt_grid *a, const dt_grid *b,
                                       const char *what, const char *name_a,
                                       const char *name_b)
{
	assert_int_equal(a->w, b->w);
	assert_int_equal(a->h, b->h);
	for (int y = 0; y < a->h; y++)
		for (int x = 0; x < a->w; x++) {
			const dt_cell *p = &a->cells[y * a->w + x];
			const dt_cell *q = &b->cells[y * b->w + x];
			if (p->ch != q->ch || p->role != q->role ||
			    p->flags != q->flags) {
				char ra[2048], rb[2048];
				dt_grid_row_utf8(a, y, ra, sizeof ra);
				dt_grid_row_utf8(b, y, rb, sizeof rb);
				fail_msg("%s: cell %d,%d differs\n%s: %s\n%s: %s", what,
				         x, y, name_a, ra, name_b, rb);
			}
		}
}

/* Render both views (title "t") into ga and gb and check them equal. */
static inline void dt_test_render_both(dt_compare_view *a, dt_compare_view *b,
                                       dt_grid *ga, dt_grid *gb,
                                       const char *what, const char *name_a,
                                       const char *name_b)
{
	dt_compare_render(a, ga, "t");
	dt_compare_render(b, gb, "t");
	dt_test_same_screen(ga, gb, what, name_a, name_b);
}

#endif
