/* test_chart.c: pure render tests (no terminal): exact cells of a tiny
 * plot, the diff strip, the verdict sentence and the cursor readout. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/decimate.h"
#include "model/core/verdict_text.h"
#include "themes/theme.h"
#include "model/core/lod.h"
#include "tui/chart.h"
#include "tui/grid.h"

#define NPT 40

/* Baseline: y = 0 at x = 0..39, except NaN at x = 5.
 * Pilot: y = 1 at x = 0..19, y = 0 at x = 20..39.
 * Plot 20x6 cells = 40x24 dots over x in [0, 40), y in [0, 1]:
 * one x per dot column; y = 0 is dot row 23 (cell row 5, braille dots 7
 * and 8 -> U+28C0), y = 1 is dot row 0 (cell row 0).
 * - row 5, cells 0..9: baseline only -> '⣀' (cell 2 holds x = 4, 5; x = 5
 *   is NaN, so only the left dot: U+2840 '⡀');
 * - row 5, cells 10..19: both -> the overlap glyph '◆' in the overlap
 *   role (its own shape, with colours too), cell 10 included;
 * - row 0, cells 0..9: pilot only -> '•', except cell 2 which carries the
 *   non-finite mark '▲' of the baseline's NaN;
 * - cell column 10 (x = 20): the pilot's drop 1 -> 0 is one vertical run,
 *   so rows 0..4 are '•'; row 5 holds both curves' dots: '◆';
 * - everything else blank. */
static void build(int64_t *x, double *b, double *p)
{
	int i;
	for (i = 0; i < NPT; i++) {
		x[i] = i;
		b[i] = i == 5 ? NAN : 0.0;
		p[i] = i < 20 ? 1.0 : 0.0;
	}
}

/* dt_values_fetch over a plain array (ctx): values not "in memory" as
 * far as the curve knows. */
static int fetch_array(void *ctx, size_t first, size_t count, double *out)
{
	memcpy(out, (const double *)ctx + first, count * sizeof *out);
	return 0;
}

static void test_plot_cells(void **state)
{
	int64_t x[NPT];
	double b[NPT], p[NPT];
	dt_pyramid pb, pp;
	dt_plot_series s[2];
	dt_grid g;
	int cx, cy;
	(void)state;

	build(x, b, p);
	assert_int_equal(dt_pyramid_build(&pb, b, NPT), 0);
	assert_int_equal(dt_pyramid_build(&pp, p, NPT), 0);
	s[0] = (dt_plot_series){ NPT, x, b, &pb, 0, NULL };
	s[1] = (dt_plot_series){ NPT, x, p, &pp, 0, NULL };
	assert_int_equal(dt_grid_init(&g, 20, 6, 0), 0);
	assert_int_equal(dt_chart_plot(&g, 0, 0, 20, 6, s, 0, 40, 0, 1, 0), 0);
	for (cy = 0; cy < 6; cy++)
		for (cx = 0; cx < 20; cx++) {
			dt_cell *c = dt_grid_at(&g, cx, cy);
			wchar_t want = L' ';
			int role = DT_ROLE_NORMAL;
			if (cy == 5 && cx < 10) {
				want = cx == 2 ? 0x2840 : 0x28C0;
				role = DT_ROLE_BASELINE;
			} else if (cy == 5) {
				want = L'◆';
				role = DT_ROLE_OVERLAP;
			} else if (cy == 0 && cx == 2) {
				want = L'▲';
				role = DT_ROLE_NONFINITE;
			} else if ((cy == 0 && cx < 10) || cx == 10) {
				want = L'•';
				role = DT_ROLE_PILOT;
			}
			if (c->ch != want || c->role != role)
				fail_msg("cell (%d,%d): got U+%04X role %d, want U+%04X role %d",
				         cx, cy, (unsigned)c->ch, c->role,
				         (unsigned)want, role);
		}
	dt_grid_free(&g);

	/* ASCII: same layout with '*', '+', '#', '!' */
	assert_int_equal(dt_grid_init(&g, 20, 6, 1), 0);
	assert_int_equal(dt_chart_plot(&g, 0, 0, 20, 6, s, 0, 40, 0, 1, 0), 0);
	{
		char row[64];
		dt_grid_row_utf8(&g, 0, row, sizeof row);
		assert_string_equal(row, "++!++++++++         ");
		dt_grid_row_utf8(&g, 3, row, sizeof row);
		assert_string_equal(row, "          +         ");
		dt_grid_row_utf8(&g, 5, row, sizeof row);
		assert_string_equal(row, "**********##########");
	}
	dt_grid_free(&g);

	/* The same curves read through dt_curve (model/core/curve.h): x
	 * affine (0 + i * 1), values fetched, pyramids from the packed
	 * levels: the same rows. */
	dt_pyramid lb, lp;
	unsigned char *pk;
	size_t len;
	assert_int_equal(dt_lod_pack(b, NPT, &pk, &len), 0);
	assert_int_equal(dt_lod_unpack(&lb, NULL, sizeof *b, NPT, pk, len), 0);
	free(pk);
	assert_int_equal(dt_lod_pack(p, NPT, &pk, &len), 0);
	assert_int_equal(dt_lod_unpack(&lp, NULL, sizeof *p, NPT, pk, len), 0);
	free(pk);
	lb.fetch = lp.fetch = fetch_array;
	lb.fetch_ctx = b;
	lp.fetch_ctx = p;
	dt_curve cb = {.n = NPT, .x_stride = 1, .fetch = fetch_array,
	               .fetch_ctx = b, .pyr = &lb};
	dt_curve cp = cb;
	cp.fetch_ctx = p;
	cp.pyr = &lp;
	dt_plot_series sc[2] = {{.curve = &cb}, {.curve = &cp}};
	assert_int_equal(dt_grid_init(&g, 20, 6, 1), 0);
	assert_int_equal(dt_chart_plot(&g, 0, 0, 20, 6, sc, 0, 40, 0, 1, 0), 0);
	{
		char row[64];
		dt_grid_row_utf8(&g, 0, row, sizeof row);
		assert_string_equal(row, "++!++++++++         ");
		dt_grid_row_utf8(&g, 3, row, sizeof row);
		assert_string_equal(row, "          +         ");
		dt_grid_row_utf8(&g, 5, row, sizeof row);
		assert_string_equal(row, "**********##########");
	}
	double lo, hi, lo2, hi2;
	assert_int_equal(dt_chart_yrange(sc, 0, 40, 0, &lo, &hi), 0);
	assert_int_equal(dt_chart_yrange(s, 0, 40, 0, &lo2, &hi2), 0);
	/* 0..1 padded by 5 % either side, but values never negative (the
	 * minimum is 0) get no negative axis: 0 .. 1.05 */
	assert_true(lo == lo2 && hi == hi2 && lo == 0 && hi > 1.049 &&
	            hi < 1.051);
	dt_grid_free(&g);
	dt_pyramid_free(&lb);
	dt_pyramid_free(&lp);
	dt_pyramid_free(&pb);
	dt_pyramid_free(&pp);
}

/* Y extent: a loss falling 10 -> 0.01 (x = 0..3: 10, 5, 1, 0.01).
 * Linear: 5 % of the range 9.99 is 0.4995, so 0.01 - 0.4995 = -0.4895
 * would be the lower bound; all values are > 0, so it is clamped at 0;
 * the top is 10 + 0.4995 = 10.4995. With a negative value (-1 at x = 3)
 * the range is 11, pad 0.55: -1.55 .. 10.55 (no clamp). Log: 0.01 / 1.12
 * and 10 * 1.12 = 11.2, unchanged. */
static void test_yrange(void **state)
{
	int64_t x[4] = { 0, 1, 2, 3 };
	double y[4] = { 10, 5, 1, 0.01 }, lo, hi;
	dt_pyramid py;
	dt_plot_series s[2];
	(void)state;
	assert_int_equal(dt_pyramid_build(&py, y, 4), 0);
	s[0] = (dt_plot_series){ 4, x, y, &py, 0, NULL };
	s[1] = (dt_plot_series){ 0, NULL, NULL, NULL, 0, NULL };
	assert_int_equal(dt_chart_yrange(s, 0, 4, 0, &lo, &hi), 0);
	assert_true(lo == 0.0);
	assert_float_equal(hi, 10.4995, 1e-9);
	assert_int_equal(dt_chart_yrange(s, 0, 4, 1, &lo, &hi), 0);
	assert_float_equal(lo, 0.01 / 1.12, 1e-12);
	assert_float_equal(hi, 11.2, 1e-9);
	dt_pyramid_free(&py);
	y[3] = -1;
	assert_int_equal(dt_pyramid_build(&py, y, 4), 0);
	assert_int_equal(dt_chart_yrange(s, 0, 4, 0, &lo, &hi), 0);
	assert_float_equal(lo, -1.55, 1e-9);
	assert_float_equal(hi, 10.55, 1e-9);
	dt_pyramid_free(&py);
}

/* Two curves 1..200 at loss 2.0; the pilot is 2.1 at steps 50, 51, 53,
 * 54 (+5 %) and 2.2 at step 52 (+10 %): 5 breaches of |p-b| > 0.04 with
 * N = 200 -> allowed min(max(200 // 100, 1), 50) = 2 -> FAIL. */
static void make_series(dt_series *s, int pilot)
{
	size_t i;
	memset(s, 0, sizeof *s);
	s->n = 200;
	s->step = malloc(200 * sizeof *s->step);
	s->value = malloc(200 * sizeof *s->value);
	s->segment = calloc(200, sizeof *s->segment);
	s->nsegments = 1;
	assert_non_null(s->step);
	assert_non_null(s->value);
	for (i = 0; i < 200; i++) {
		s->step[i] = (int64_t)i + 1;
		s->value[i] = 2.0;
		if (pilot && i + 1 >= 50 && i + 1 <= 54)
			s->value[i] = i + 1 == 52 ? 2.2 : 2.1;
	}
}

static void free_series(dt_series *s)
{
	free(s->step);
	free(s->value);
	free(s->segment);
}

static int find_row(const dt_grid *g, const char *needle, char *row, size_t len)
{
	int y;
	for (y = 0; y < g->h; y++) {
		dt_grid_row_utf8(g, y, row, len);
		if (strstr(row, needle))
			return y;
	}
	return -1;
}

static void test_compare_frame(void **state)
{
	dt_series b, p;
	dt_compare_view v;
	dt_parity par;
	dt_parity_opts o = dt_parity_defaults();
	dt_grid g;
	char row[1024];
	int y;
	(void)state;

	make_series(&b, 0);
	make_series(&p, 1);
	/* the view borrows the parity (the service computes it) and shows
	 * the sentence it is given (core/verdict_text.c) */
	assert_int_equal(dt_parity_compute(&b, &p, &o, &par), 0);
	assert_int_equal(dt_compare_view_init(&v, &b, &p, &par, "gpu-base (gpu)",
	                                      "trn2-pilot (trn2)"), 0);
	assert_int_equal(v.par->breaches, 5);
	dt_verdict_sentence(&par, DT_RULE_TOLERANCE, NULL, par.verdict, NULL,
	                    NULL, v.sentence, sizeof v.sentence);
	assert_string_equal(v.sentence,
	        "verdict FAIL: 5 of 200 steps breach |p-b| > 0 + 0.02*|b| "
	        "(allowed 2); first breach at step 50; max |rel diff| 10.00% at "
	        "step 52; warm-up 0");

	assert_int_equal(dt_grid_init(&g, 80, 24, 0), 0);
	dt_compare_render(&v, &g, "test");
	/* 80 columns: the verdict wraps after "(allowed 2);" */
	y = find_row(&g, "verdict FAIL: 5 of 200 steps breach", row, sizeof row);
	assert_true(y > 0);
	assert_non_null(strstr(row, "(allowed 2);"));
	dt_grid_row_utf8(&g, y + 1, row, sizeof row);
	assert_non_null(strstr(row, "first breach at step 50; max |rel diff| 10.00% at step 52"));
	assert_true(find_row(&g, "cursor step 1  base 2  pilot 2  rel +0.00%",
	                     row, sizeof row) > 0);
	/* the breach glyph shows in the diff strip */
	assert_true(find_row(&g, "×", row, sizeof row) > 0);

	dt_compare_cursor(&v, 2); /* End */
	dt_compare_render(&v, &g, "test");
	assert_true(find_row(&g, "cursor step 200", row, sizeof row) > 0);

	/* zoomed in (12.5 steps over 70 columns), l moves one step: 51
	 * presses from step 1 reach step 52, the window following */
	dt_compare_cursor(&v, -2);
	dt_compare_zoom(&v, 1.0 / 16);
	for (y = 0; y < 51; y++)
		dt_compare_cursor(&v, 1);
	dt_compare_render(&v, &g, "test");
	assert_true(v.span < 13 && v.x0 <= 52 && v.x0 + v.span > 52);
	y = find_row(&g, "cursor step", row, sizeof row);
	assert_true(y > 0);
	if (!strstr(row, "cursor step 52  base 2  pilot 2.2  rel +10.00%  BREACH"))
		fail_msg("readout: %s", row);

	/* smoothing: readout adds the EMA values; toggling back drops them */
	assert_int_equal(dt_compare_set_smoothing(&v, 1, 0), 0);
	dt_compare_render(&v, &g, "test");
	assert_true(find_row(&g, "EMA b 2 p", row, sizeof row) > 0);
	assert_true(find_row(&g, "EMA 0.60", row, sizeof row) == 1);
	assert_int_equal(dt_compare_set_smoothing(&v, 0, 0), 0);
	dt_compare_render(&v, &g, "test");
	assert_true(find_row(&g, "EMA b", row, sizeof row) < 0);

	/* a grid too small gets the message only */
	dt_grid_free(&g);
	assert_int_equal(dt_grid_init(&g, 30, 8, 1), 0);
	dt_compare_render(&v, &g, "test");
	dt_grid_row_utf8(&g, 0, row, sizeof row);
	assert_non_null(strstr(row, "terminal too small"));

	dt_grid_free(&g);
	dt_compare_view_free(&v);
	dt_parity_free(&par);
	free_series(&b);
	free_series(&p);
}

/* Log text passes through dt_sanitize: an escape sequence cannot reach
 * the terminal. */
static void test_text_sanitised(void **state)
{
	dt_grid g;
	char row[64];
	(void)state;
	assert_int_equal(dt_grid_init(&g, 12, 1, 0), 0);
	dt_grid_text(&g, 0, 0, 12, "a\x1b[2Jb\tc", DT_ROLE_NORMAL);
	dt_grid_row_utf8(&g, 0, row, sizeof row);
	assert_null(strchr(row, '\x1b'));
	assert_string_equal(row, "a?[2Jb c    ");
	dt_grid_free(&g);
}

/* Theme files: the shipped ones load, a missing one falls back to the
 * built-in defaults with an error, colour names parse. */
static void test_themes(void **state)
{
	dt_theme t;
	char err[600];
	short c;
	(void)state;
	assert_int_equal(dt_theme_load(&t, DT_THEME_DIR "/default.theme", err,
	                               sizeof err), 0);
	assert_int_equal(t.mono, 0);
	assert_int_equal(t.style[DT_ROLE_BASELINE].fg, 6); /* cyan */
	assert_int_equal(t.style[DT_ROLE_PILOT].fg, 3);    /* yellow */
	assert_int_equal(t.style[DT_ROLE_BREACH].fg, 1);   /* red */
	assert_int_equal(dt_theme_load(&t, DT_THEME_DIR "/mono.theme", err,
	                               sizeof err), 0);
	assert_int_equal(t.mono, 1);
	assert_int_equal(t.style[DT_ROLE_SELECT].mono, DT_ATTR_REVERSE);
	assert_int_equal(dt_theme_load(&t, "/nonexistent/x.theme", err,
	                               sizeof err), -1);
	assert_string_equal(t.name, "builtin");
	assert_int_equal(dt_theme_parse_color("brightred", &c), 0);
	assert_int_equal(c, 9);
	assert_int_equal(dt_theme_parse_color("colour200", &c), 0);
	assert_int_equal(c, 200);
	assert_int_equal(dt_theme_parse_color("default", &c), 0);
	assert_int_equal(c, -1);
	assert_int_equal(dt_theme_parse_color("chartreuse", &c), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plot_cells),
		cmocka_unit_test(test_yrange),
		cmocka_unit_test(test_compare_frame),
		cmocka_unit_test(test_text_sanitised),
		cmocka_unit_test(test_themes),
	};
	/* wcwidth needs a UTF-8 locale for the non-ASCII glyphs */
	if (!setlocale(LC_ALL, "C.UTF-8"))
		setlocale(LC_ALL, "");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
