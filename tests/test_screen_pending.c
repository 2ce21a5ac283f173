/* test_screen_pending.c: the comparison screen while its pass runs
 * (dt_compare_open leaves the lean pass pending; dt_compare_work runs it
 * in slices of slice_points points, as the app does between keys): the
 * curves are drawn at once, the verdict row says "verdict: computing...
 * P %" with P the pass's progress, the strip, the readout and the
 * findings row say computing, and no PASS or FAIL shows anywhere until
 * the pass has ended; keys pressed meanwhile (zoom, cursor) are answered
 * at once and kept; the finished screen equals, cell for cell, the one
 * of a comparison that finished in its first slice with the same keys,
 * and its verdict is the service's one-shot verdict (dt_compare_prepare,
 * what the CLI prints). The smoothing key likewise: raw curves and
 * "smoothing... P %" until the smoothed curves are built in slices. Curves made here (SQLite store). */
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
#include "model/service/compare.h"
#include "tui/screen.h"
#include "tui/screens.h"

/* Rows step,loss at steps 1..n: the baseline 2 + 1 / sqrt(s); the pilot
 * 1.001 x it, 1.05 x at the multiples of 997 (rel diff 0.05 > rtol
 * 0.02: a breach each). */
static void write_csv(const char *name, int pilot, size_t n)
{
	char path[300];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "step,loss\n");
	for (size_t s = 1; s <= n; s++) {
		double b = 2.0 + 1.0 / sqrt((double)s);
		double v = pilot ? (s % 997 == 0 ? 1.05 : 1.001) * b : b;
		fprintf(f, "%zu,%.17g\n", s, v);
	}
	fclose(f);
}

/* Row y of g as UTF-8, without its trailing blanks. */
static const char *row(const dt_grid *g, int y)
{
	static char buf[2048];
	dt_grid_row_utf8(g, y, buf, sizeof buf);
	size_t n = strlen(buf);
	while (n && buf[n - 1] == ' ')
		buf[--n] = '\0';
	return buf;
}

/* The row holding `text`, or -1. */
static int find_row(const dt_grid *g, const char *text)
{
	for (int y = 0; y < g->h; y++)
		if (strstr(row(g, y), text))
			return y;
	return -1;
}

/* What a pending screen must show, and must not: the percentage p of
 * walk w of the pass. */
static void check_pending(const dt_grid *g, int p, unsigned w)
{
	char want[64];
	if (w > 1)
		snprintf(want, sizeof want, "verdict: computing... %d %% (pass %u)",
		         p, w);
	else
		snprintf(want, sizeof want, "verdict: computing... %d %%", p);
	int y = find_row(g, want);
	if (y < 0)
		fail_msg("no \"%s\" row", want);
	assert_string_equal(row(g, y), want);
	assert_true(find_row(g, "rel diff: computing...") >= 0);
	assert_true(find_row(g, "(rel diff: computing...)") >= 0);
	assert_true(find_row(g, "findings: computing...") >= 0);
	assert_int_equal(find_row(g, "PASS"), -1);
	assert_int_equal(find_row(g, "FAIL"), -1);
	assert_int_equal(find_row(g, "verdict PASS"), -1);
	/* both curves are drawn: baseline and pilot cells in the plot */
	size_t curve = 0;
	for (int i = 0; i < g->w * g->h; i++)
		curve += g->cells[i].role == DT_ROLE_BASELINE ||
		         g->cells[i].role == DT_ROLE_PILOT ||
		         g->cells[i].role == DT_ROLE_OVERLAP;
	assert_true(curve > 40);
}

static dt_compare_screen scr, ref; /* not moved while open */

/* The keys pressed during the pass, then on the finished reference. */
static void keys(dt_compare_screen *c, dt_store *st)
{
	dt_compare_action(c, st, DT_A_ZOOM_IN);
	for (int i = 0; i < 5; i++)
		dt_compare_action(c, st, DT_A_CURSOR_RIGHT);
	dt_compare_action(c, st, DT_A_ZOOM_IN);
}

/* 6000 steps both: 6000 compared points, breaches at 997 x 1..6 = 6,
 * allowed min(max(6000 // 100, 1), 50) = 50 -> PASS. Slices of 500
 * points: the pass walks 6000 pilot points (with the baseline read
 * alongside), so it takes 12 slices or more. */
static void pending_then_verdict(void **state)
{
	(void)state;
	char err[800];
	dt_store *st = dt_test_store_open(dir, "pending.db", err, sizeof err);
	if (!st)
		fail_msg("%s", err);
	write_csv("b.csv", 0, 6000);
	write_csv("p.csv", 1, 6000);
	dt_test_import_csv(st, dir, "b", "b.csv", 1);
	dt_test_import_csv(st, dir, "p", "p.csv", 1);
	dt_run rb, rp;
	assert_int_equal(dt_store_run_find(st, "b", &rb), 0);
	assert_int_equal(dt_store_run_find(st, "p", &rp), 0);

	dt_grid g, gr;
	assert_int_equal(dt_grid_init(&g, 80, 24, 0), 0);
	assert_int_equal(dt_grid_init(&gr, 80, 24, 0), 0);
	scr.slice_points = 500;
	assert_int_equal(dt_compare_open(&scr, st, &rb, &rp, NULL, 0, 0), 0);
	assert_true(dt_compare_busy(&scr));
	assert_int_equal(scr.cmp.pending, 1);
	assert_int_equal(scr.view.pending, 1);
	dt_compare_screen_render(&scr, &g, "t");
	check_pending(&g, 0, 1);
	/* the findings overlay says it is not known yet */
	dt_compare_action(&scr, st, DT_A_FINDINGS);
	dt_compare_screen_render(&scr, &g, "t");
	assert_true(find_row(&g, "findings: computing...") >= 0);
	assert_int_equal(find_row(&g, "no findings"), -1);
	dt_compare_action(&scr, st, DT_A_BACK);

	size_t slices = 0;
	int last = 0;
	unsigned walk = 1;
	while (dt_compare_busy(&scr)) {
		dt_compare_work(&scr, st);
		slices++;
		if (slices == 3)
			keys(&scr, st); /* answered at once, the pass still on */
		if (!dt_compare_busy(&scr))
			break;
		assert_int_equal(scr.cmp.pending, 1);
		/* the percentage of the current walk, 99 at most until done */
		int p = (int)floor(scr.view.progress * 100.0);
		p = p > 99 ? 99 : p;
		if (scr.view.walk != walk)
			last = 0;
		assert_true(scr.view.walk >= walk);
		assert_true(p >= last);
		last = p;
		walk = scr.view.walk;
		dt_compare_screen_render(&scr, &g, "t");
		check_pending(&g, p, walk);
	}
	assert_true(slices >= 12);
	assert_true(scr.open);
	assert_int_equal(scr.cmp.pending, 0);
	assert_int_equal(scr.view.pending, 0);
	assert_int_equal(scr.cmp.lean, 1);
	assert_int_equal(scr.cmp.parity.n, 6000);
	assert_int_equal(scr.cmp.parity.breaches, 6);
	assert_int_equal(scr.cmp.parity.first_breach_x, 997);
	assert_int_equal(scr.cmp.verdict, DT_VERDICT_PASS);

	/* the service's one-shot comparison (what `compare` prints) */
	dt_comparison f;
	dt_compare_opts o = {.want_lod = 1, .lean = 1};
	assert_int_equal(dt_compare_prepare(st, &rb, &rp, &o, &f, err,
	                                    sizeof err), 0);
	assert_string_equal(scr.cmp.sentence, f.sentence);
	assert_int_equal(scr.cmp.verdict, f.verdict);
	dt_comparison_free(&f);

	/* the same screen finished in its first slice, the same keys */
	ref.slice_points = (size_t)1 << 40;
	assert_int_equal(dt_compare_open(&ref, st, &rb, &rp, NULL, 0, 0), 0);
	dt_compare_work(&ref, st);
	assert_false(dt_compare_busy(&ref));
	dt_compare_screen_render(&ref, &gr, "t"); /* the plot width the
	                                           * cursor keys move by */
	keys(&ref, st);
	dt_compare_screen_render(&scr, &g, "t");
	dt_compare_screen_render(&ref, &gr, "t");
	dt_test_same_screen(&g, &gr, "finished", "stepped", "one slice");
	assert_true(find_row(&g, "verdict PASS") >= 0);
	assert_int_equal(find_row(&g, "computing"), -1);

	/* the smoothing key answers at once: raw curves and "smoothing...
	 * P %" until both smoothed curves are built (6000 points each in
	 * slices of 500: 24 slices), then the same screen as smoothing
	 * built in one slice */
	dt_compare_action(&scr, st, DT_A_SMOOTH);
	assert_true(dt_compare_busy(&scr));
	slices = 0;
	while (dt_compare_busy(&scr)) {
		dt_compare_screen_render(&scr, &g, "t");
		assert_true(find_row(&g, "smoothing... ") >= 0);
		assert_int_equal(find_row(&g, "EMA 0.60"), -1);
		assert_int_equal(find_row(&g, "EMA b "), -1);
		dt_compare_work(&scr, st);
		slices++;
	}
	assert_int_equal(slices, 24);
	dt_compare_action(&ref, st, DT_A_SMOOTH);
	dt_compare_work(&ref, st);
	assert_false(dt_compare_busy(&ref));
	dt_compare_screen_render(&scr, &g, "t");
	dt_compare_screen_render(&ref, &gr, "t");
	dt_test_same_screen(&g, &gr, "smoothed", "stepped", "one slice");
	assert_true(find_row(&g, "EMA 0.60") >= 0);
	assert_int_equal(find_row(&g, "smoothing..."), -1);

	dt_compare_close(&ref);
	dt_compare_close(&scr);
	dt_grid_free(&g);
	dt_grid_free(&gr);
	dt_store_close(st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pending_then_verdict),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
