/* test_resume_chart.c: the resume view's restart window
 * (tui/resume_chart.c) draws with the comparison's chart widget: on a
 * monochrome grid (NO_COLOR) the points before the restart are braille
 * dots, those after it '•', a replayed point on the value logged before
 * '◆', and the replayed steps are marked r on the x axis; the legend
 * names the three marks and the replayed steps.
 *
 * Fixture (by hand): before the restart steps 1..30 at loss 2.0; after
 * it steps 21..50, 2.0 on the replayed steps 21..30 (as logged before)
 * then 1.0. The verdict's steps: at_step 21, last_before 30. Window: the
 * 10 replayed steps padded by 20 (MIN_PAD) each side: x0 = 1, span 50
 * steps. Grid 60x8: plot 49 columns (60 - 10 y-label columns - 1) and
 * 5 rows; y from 0.95 to 2.05 (the 5 % padding of dt_chart_yrange).
 * r marks: columns floor((21 - 1) / 50 * 49) = 19 .. floor((30 - 1) /
 * 50 * 49) = 28 of the plot, i.e. grid columns 29..38: 10 of them. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "tui/grid.h"
#include "tui/screens.h"

static void fill(dt_series *s, int64_t first, int64_t last)
{
	size_t i, n = (size_t)(last - first + 1);
	memset(s, 0, sizeof *s);
	s->n = n;
	s->step = malloc(n * sizeof *s->step);
	s->value = malloc(n * sizeof *s->value);
	s->segment = calloc(n, sizeof *s->segment);
	s->nsegments = 1;
	assert_non_null(s->step);
	assert_non_null(s->value);
	assert_non_null(s->segment);
	for (i = 0; i < n; i++) {
		s->step[i] = first + (int64_t)i;
		s->value[i] = s->step[i] <= 30 ? 2.0 : 1.0;
	}
}

static void test_restart_window(void **state)
{
	dt_resume_screen r;
	dt_restart_verdict v;
	dt_grid g;
	char row[512];
	int y, x, nr = 0, first_r = -1, top_diamond = 0, bottom_dot = 0;
	(void)state;
	memset(&r, 0, sizeof r);
	memset(&v, 0, sizeof v);
	v.at_step = 21;
	v.last_before = 30;
	v.pass = 1;
	r.open = 1;
	r.res.v = &v;
	r.res.nv = 1;
	r.nseg = 2;
	r.seg = calloc(2, sizeof *r.seg);
	r.pyr = calloc(2, sizeof *r.pyr);
	assert_non_null(r.seg);
	assert_non_null(r.pyr);
	fill(&r.seg[0], 1, 30);
	fill(&r.seg[1], 21, 50);
	assert_int_equal(dt_pyramid_build(&r.pyr[0], r.seg[0].value, 30), 0);
	assert_int_equal(dt_pyramid_build(&r.pyr[1], r.seg[1].value, 30), 0);

	assert_int_equal(dt_grid_init(&g, 60, 8, 0), 0);
	assert_int_equal(dt_resume_chart_render(&r, &g, 0, 8), 8);
	dt_grid_row_utf8(&g, 0, row, sizeof row);
	assert_non_null(strstr(row, "⣿ before restart 1  • after  ◆ both  r "
	                            "replayed steps 21..30"));
	/* value 2.0 sits in the top plot row, 1.0 in the bottom one */
	dt_grid_row_utf8(&g, 1, row, sizeof row);
	top_diamond = strstr(row, "◆") != NULL;
	assert_true(top_diamond);            /* replayed on the logged value */
	assert_null(strstr(row, "•"));       /* nothing after at 2.0 only */
	/* before: braille dots (steps 1..20: grid columns 10..28) */
	for (x = 10; x < 29; x++) {
		wchar_t c = dt_grid_at(&g, x, 1)->ch;
		assert_true(c >= 0x2800 && c <= 0x28FF);
	}
	dt_grid_row_utf8(&g, 5, row, sizeof row);
	bottom_dot = strstr(row, "•") != NULL;
	assert_true(bottom_dot);             /* after the replay: 1.0 */
	/* the x axis (row 6): r on grid columns 29..38 */
	y = 6;
	for (x = 0; x < g.w; x++)
		if (dt_grid_at(&g, x, y)->ch == L'r') {
			if (first_r < 0)
				first_r = x;
			nr++;
		}
	assert_int_equal(first_r, 29);
	assert_int_equal(nr, 10);
	dt_grid_row_utf8(&g, 7, row, sizeof row);
	assert_non_null(strstr(row, "eff.step  1"));
	assert_non_null(strstr(row, "50"));

	/* no restart selected: nothing drawn */
	r.res.nv = 0;
	assert_int_equal(dt_resume_chart_render(&r, &g, 0, 8), 0);
	r.res.nv = 1;
	dt_resume_chart_free(&r);
	assert_int_equal(r.nseg, 0);
	dt_grid_free(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_restart_window),
	};
	setlocale(LC_ALL, "C.UTF-8");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
