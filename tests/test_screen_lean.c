/* test_screen_lean.c: the comparison screen on a store (dt_compare_open)
 * takes the lean path when the service compares in one pass (curves
 * read from the store, no compared point kept) and shows the same
 * chart, cell for cell, as the view over the full path's whole curves
 * and points, at several zoom levels, pans, cursor moves, smoothing and
 * log y; a run the lean path cannot take (grad_accum 2) opens on the
 * full path. Curves made here (SQLite store). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "dt_test_store.h"
#include "dt_test_tmpdir.h"
#include "import_csv.h"
#include "screen_same.h"
#include "importers/import.h"
#include "model/service/compare.h"
#include "tui/screens.h"

/* Rows step,loss,lr at steps first, first + gap, ... (n rows): the
 * baseline 3 - 1e-5 s; the pilot 0.3 % above it, 5 % above at the
 * multiples of 1751 (breaches), NaN at step 5, 2.5 at steps 101..105. */
static void write_csv(const char *name, int pilot, int64_t gap, size_t n)
{
	char path[300];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "step,loss,lr\n");
	for (size_t i = 0; i < n; i++) {
		int64_t s = 1 + (int64_t)i * gap;
		double b = 3.0 - 1e-5 * (double)s, v = b;
		if (pilot) {
			v = s % 1751 == 0 ? 1.05 * b : 1.003 * b;
			if (s >= 101 && s <= 105)
				v = 2.5;
		}
		if (pilot && s == 5)
			fprintf(f, "%lld,nan,0.001\n", (long long)s);
		else
			fprintf(f, "%lld,%.17g,0.001\n", (long long)s, v);
	}
	fclose(f);
}

static void render_both(dt_compare_view *lean, dt_compare_view *full,
                        dt_grid *ga, dt_grid *gb, const char *what)
{
	dt_test_render_both(lean, full, ga, gb, what, "lean", "full");
}

static dt_compare_screen scr; /* the screen is not moved while open */

/* Baseline steps 1..40000; pilot steps 1, 3, ..., 39999 (20000 rows):
 * the 20000 odd steps compared, 1 + 3 + 11 = 15 breaches (NaN at 5; 2.5
 * at 101, 103, 105; 5 % at the 11 odd multiples of 1751 below 40000:
 * 1751 x 1, 3, ..., 21). */
static void screen_lean_as_full(void **state)
{
	(void)state;
	char err[800];
	dt_store *st = dt_test_store_open(dir, "screen.db", err, sizeof err);
	if (!st)
		fail_msg("%s", err);
	write_csv("b.csv", 0, 1, 40000);
	write_csv("p.csv", 1, 2, 20000);
	dt_test_import_csv(st, dir, "b", "b.csv", 1);
	dt_test_import_csv(st, dir, "p", "p.csv", 1);
	dt_run rb, rp;
	assert_int_equal(dt_store_run_find(st, "b", &rb), 0);
	assert_int_equal(dt_store_run_find(st, "p", &rp), 0);
	assert_int_equal(dt_compare_open(&scr, st, &rb, &rp, NULL, 0, 0), 0);
	while (dt_compare_busy(&scr)) /* the pass, as the app runs it */
		dt_compare_work(&scr, st);
	assert_true(scr.open);
	assert_int_equal(scr.cmp.lean, 1);
	assert_int_equal(scr.view.lean, 1);
	assert_null(scr.cmp.parity.points);
	assert_int_equal(scr.cmp.parity.n, 20000);
	assert_int_equal(scr.cmp.parity.breaches, 15);

	dt_comparison f;
	dt_compare_opts o = {.want_lod = 1};
	assert_int_equal(dt_compare_prepare(st, &rb, &rp, &o, &f, err,
	                                    sizeof err), 0);
	assert_int_equal(f.lean, 0);
	assert_string_equal(f.sentence, scr.cmp.sentence);
	dt_compare_view full;
	assert_int_equal(dt_compare_view_init_lod(&full, &f.sb, &f.sp, &f.lod_b,
	                                          &f.lod_p, &f.parity, "b (trn2)",
	                                          "p (trn2)"), 0);
	memcpy(full.sentence, f.sentence, sizeof full.sentence);
	full.verdict = f.verdict;
	full.nmarks = scr.view.nmarks;
	memcpy(full.mark_x, scr.view.mark_x, sizeof full.mark_x);
	memcpy(full.mark_ch, scr.view.mark_ch, sizeof full.mark_ch);

	dt_grid ga, gb;
	assert_int_equal(dt_grid_init(&ga, 132, 44, 0), 0);
	assert_int_equal(dt_grid_init(&gb, 132, 44, 0), 0);
	dt_compare_view *v[2] = { &scr.view, &full };
	render_both(v[0], v[1], &ga, &gb, "whole");
	for (int k = 0; k < 2; k++) {
		for (int i = 0; i < 9; i++)
			dt_compare_cursor(v[k], 1);
		dt_compare_zoom(v[k], 1.0 / 8);
	}
	render_both(v[0], v[1], &ga, &gb, "zoom 1/8");
	for (int k = 0; k < 2; k++) {
		dt_compare_zoom(v[k], 1.0 / 512);
		dt_compare_pan(v[k], 0.25);
		dt_compare_cursor(v[k], 1);
	}
	render_both(v[0], v[1], &ga, &gb, "zoom 1/4096");
	for (int k = 0; k < 2; k++)
		assert_int_equal(dt_compare_set_smoothing(v[k], 1, 1), 0);
	render_both(v[0], v[1], &ga, &gb, "EMA 0.8");
	for (int k = 0; k < 2; k++) {
		dt_compare_zoom(v[k], INFINITY);
		dt_compare_cursor(v[k], 2);
		v[k]->logy = 1;
	}
	render_both(v[0], v[1], &ga, &gb, "EMA, log y, whole, at the end");
	dt_grid_free(&ga);
	dt_grid_free(&gb);
	dt_compare_view_free(&full);
	dt_comparison_free(&f);
	dt_compare_close(&scr);

	/* grad_accum 2: the service compares on the full path, and so does
	 * the screen */
	dt_test_import_csv(st, dir, "g", "p.csv", 2);
	dt_run rg;
	assert_int_equal(dt_store_run_find(st, "g", &rg), 0);
	assert_int_equal(dt_compare_open(&scr, st, &rb, &rg, NULL, 0, 0), 0);
	assert_int_equal(scr.cmp.lean, 0);
	assert_int_equal(scr.view.lean, 0);
	assert_non_null(scr.cmp.parity.points);
	dt_compare_close(&scr);
	dt_store_close(st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(screen_lean_as_full),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
