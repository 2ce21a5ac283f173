/* test_chart_lean.c: the comparison view over curves that stay out of
 * memory (dt_compare_view_init_curves: affine x, values fetched, the
 * parity's blocks instead of its points) renders the same screens as the
 * view over whole arrays and kept points (dt_compare_view_init), cell
 * for cell, at several zoom levels, pans, cursor moves, smoothing and
 * log y; the cursor readout of the lean view on a small case computed by
 * hand; the EMA kept block by block (ema_curve.h) equals dt_ema bit for
 * bit; the compared points of two evenly stepped curves
 * (parity_curve.h) found by hand. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/ema.h"
#include "model/core/ema_curve.h"
#include "model/core/parity_curve.h"
#include "model/core/verdict_text.h"
#include "tui/chart.h"
#include "tui/chart_internal.h"
#include "tui/grid.h"
#include "screen_same.h"

/* Values behind a fetch (as a store-backed curve reads them). */
typedef struct src {
	const double *v;
	size_t n;
} src;

static int fetch(void *ctx, size_t first, size_t count, double *out)
{
	const src *s = ctx;
	if (first > s->n || count > s->n - first)
		return -1;
	memcpy(out, s->v + first, count * sizeof *out);
	return 0;
}

static uint64_t rng = 88172645463325252ull;
static double next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (double)(rng >> 11) / 9007199254740992.0;
}

/* An evenly stepped series (first, stride, n) with its values. */
typedef struct run {
	int64_t *step;
	double *value;
	dt_series s;
	src src;
	dt_pyramid pyr;
	dt_curve c;               /* affine x, values through fetch */
} run;

static void run_make(run *r, int64_t first, int64_t stride, size_t n,
                     double scale)
{
	memset(r, 0, sizeof *r);
	r->step = malloc(n * sizeof *r->step);
	r->value = malloc(n * sizeof *r->value);
	assert_non_null(r->step);
	assert_non_null(r->value);
	for (size_t i = 0; i < n; i++) {
		r->step[i] = first + (int64_t)i * stride;
		/* a decaying loss, noise of +-1.5 %, scaled */
		r->value[i] = scale * (2.0 + 3.0 / (1.0 + (double)r->step[i] / 200.0)) *
		              (1.0 + 0.03 * (next() - 0.5));
	}
	r->s.n = n;
	r->s.step = r->step;
	r->s.value = r->value;
	r->s.nsegments = 1;
}

static void run_curve(run *r)
{
	r->src.v = r->value;
	r->src.n = r->s.n;
	assert_int_equal(dt_pyramid_build(&r->pyr, r->value, r->s.n), 0);
	r->pyr.v = NULL; /* queries read their edge points through fetch */
	r->pyr.fetch = fetch;
	r->pyr.fetch_ctx = &r->src;
	r->c.n = r->s.n;
	r->c.x_first = r->step[0];
	r->c.x_stride = r->s.n > 1 ? r->step[1] - r->step[0] : 1;
	r->c.fetch = fetch;
	r->c.fetch_ctx = &r->src;
	r->c.pyr = &r->pyr;
}

static void run_free(run *r)
{
	dt_pyramid_free(&r->pyr);
	free(r->step);
	free(r->value);
}

static void render_both(dt_compare_view *full, dt_compare_view *lean,
                        dt_grid *ga, dt_grid *gb, const char *what)
{
	dt_test_render_both(full, lean, ga, gb, what, "full", "lean");
}

/* Baseline: steps 1..6000 (stride 1); pilot: steps 3, 5, ..., 9001
 * (stride 2, 4500 points, past the baseline's end), values 1.5 %
 * apart on average so that some points breach rtol 2 %, a NaN and a 0
 * in each, warm-up 100. The lean view draws from the parity's blocks and
 * the values at the edges; the full view from the points: every frame
 * the same. */
static void lean_renders_as_full(void **state)
{
	(void)state;
	run b, p;
	run_make(&b, 1, 1, 6000, 1.0);
	run_make(&p, 3, 2, 4500, 1.0);
	b.value[700] = NAN;
	b.value[2000] = 0.0;
	p.value[1500] = INFINITY;
	p.value[2500] = NAN;
	run_curve(&b);
	run_curve(&p);
	dt_parity_opts o = dt_parity_defaults();
	o.warmup = 100;
	dt_parity par;
	assert_int_equal(dt_parity_compute_keep(&b.s, &p.s, &o,
	                                        DT_PARITY_KEEP_POINTS |
	                                        DT_PARITY_KEEP_BLOCKS, &par), 0);
	/* compared: odd steps 101..5999 (warm-up 100): 2950 points */
	assert_int_equal(par.n, 2950);
	assert_true(par.breaches > 0);
	dt_compare_view full, lean;
	assert_int_equal(dt_compare_view_init(&full, &b.s, &p.s, &par, "base (gpu)",
	                                      "pilot (trn2)"), 0);
	assert_int_equal(dt_compare_view_init_curves(&lean, &b.c, &p.c, &par,
	                                             "base (gpu)", "pilot (trn2)"),
	                 0);
	assert_int_equal(lean.lean, 1);
	assert_int_equal(lean.diff.c.n, 2950);
	assert_int_equal(lean.diff.c.x_first, 101);
	assert_int_equal(lean.diff.c.x_stride, 2);
	dt_verdict_sentence(&par, DT_RULE_TOLERANCE, NULL, par.verdict, NULL, NULL,
	                    full.sentence, sizeof full.sentence);
	memcpy(lean.sentence, full.sentence, sizeof lean.sentence);
	dt_grid ga, gb;
	assert_int_equal(dt_grid_init(&ga, 150, 42, 0), 0);
	assert_int_equal(dt_grid_init(&gb, 150, 42, 0), 0);
	render_both(&full, &lean, &ga, &gb, "whole");
	dt_compare_view *v[2] = { &full, &lean };
	for (int k = 0; k < 2; k++) {
		for (int i = 0; i < 40; i++)
			dt_compare_cursor(v[k], 1);
		dt_compare_zoom(v[k], 0.25);
	}
	render_both(&full, &lean, &ga, &gb, "zoom 1/4");
	for (int k = 0; k < 2; k++) {
		dt_compare_zoom(v[k], 1.0 / 64);
		dt_compare_pan(v[k], 0.25);
		for (int i = 0; i < 7; i++)
			dt_compare_cursor(v[k], 1);
	}
	render_both(&full, &lean, &ga, &gb, "zoom 1/256");
	for (int k = 0; k < 2; k++)
		assert_int_equal(dt_compare_set_smoothing(v[k], 1, 2), 0);
	render_both(&full, &lean, &ga, &gb, "EMA 0.9 zoomed");
	for (int k = 0; k < 2; k++) {
		dt_compare_zoom(v[k], INFINITY);
		dt_compare_cursor(v[k], 2);
		v[k]->logy = 1;
	}
	render_both(&full, &lean, &ga, &gb, "EMA, log y, whole, cursor at end");
	for (int k = 0; k < 2; k++) {
		assert_int_equal(dt_compare_set_smoothing(v[k], 0, 2), 0);
		dt_compare_zoom(v[k], 1.0 / 8);
		dt_compare_pan(v[k], -1.0);
	}
	render_both(&full, &lean, &ga, &gb, "log y, zoom 1/8");
	dt_grid_free(&ga);
	dt_grid_free(&gb);
	dt_compare_view_free(&full);
	dt_compare_view_free(&lean);
	dt_parity_free(&par);
	run_free(&b);
	run_free(&p);
}

static int find_row(const dt_grid *g, const char *needle, char *row,
                    size_t len)
{
	for (int y = 0; y < g->h; y++) {
		dt_grid_row_utf8(g, y, row, len);
		if (strstr(row, needle))
			return y;
	}
	return -1;
}

/* Baseline: steps 0, 4, ..., 196 (50 points), all 2.0; pilot: steps 2,
 * 8, ..., 236 (40 points), all 2.0 except 2.1 at step 44. Common steps
 * are 0 mod 4 and 2 mod 6: 8, 20, 32, ... every 12 up to 188 (the
 * baseline's end): 16 points, baseline points 2 + 3i, pilot points
 * 1 + 2i. At step 44 (compared point 3): rel diff 0.1 / 2 = +5.00 %,
 * above rtol 2 %: a breach (the only one: 1 <= allowed 1, PASS). */
static void lean_cursor_by_hand(void **state)
{
	(void)state;
	run b, p;
	run_make(&b, 0, 4, 50, 1.0);
	run_make(&p, 2, 6, 40, 1.0);
	for (size_t i = 0; i < 50; i++)
		b.value[i] = 2.0;
	for (size_t i = 0; i < 40; i++)
		p.value[i] = p.step[i] == 44 ? 2.1 : 2.0;
	run_curve(&b);
	run_curve(&p);
	dt_parity_opts o = dt_parity_defaults();
	dt_parity par;
	/* the lean comparison's parity: blocks, no points */
	assert_int_equal(dt_parity_compute_keep(&b.s, &p.s, &o,
	                                        DT_PARITY_KEEP_BLOCKS, &par), 0);
	assert_null(par.points);
	assert_int_equal(par.n, 16);
	assert_int_equal(par.breaches, 1);
	dt_compare_view v;
	assert_int_equal(dt_compare_view_init_curves(&v, &b.c, &p.c, &par,
	                                             "b (gpu)", "p (trn2)"), 0);
	assert_int_equal(v.diff.c.x_first, 8);
	assert_int_equal(v.diff.c.x_stride, 12);
	assert_int_equal(v.diff.ib0, 2);
	assert_int_equal(v.diff.ibs, 3);
	assert_int_equal(v.diff.ip0, 1);
	assert_int_equal(v.diff.ips, 2);
	dt_parity_point pt = dt_parity_curve_point(&v.diff, 3);
	assert_int_equal(pt.x, 44);
	assert_true(pt.baseline == 2.0 && pt.pilot == 2.1 && pt.breach);
	assert_true(fabs(pt.rel_diff - 0.05) < 1e-12);
	assert_int_equal(dt_parity_curve_breach_any(&v.diff, 0, 3), 0);
	assert_int_equal(dt_parity_curve_breach_any(&v.diff, 3, 4), 1);
	assert_int_equal(dt_parity_curve_breach_any(&v.diff, 4, 16), 0);
	dt_grid g;
	char row[1024];
	assert_int_equal(dt_grid_init(&g, 100, 30, 0), 0);
	dt_compare_render(&v, &g, "t");
	assert_true(find_row(&g, "cursor step 8  base 2  pilot 2  rel +0.00%",
	                     row, sizeof row) > 0);
	/* the cursor walks the compared steps: 8, 20, 32, 44 */
	dt_compare_zoom(&v, 1.0 / 32);
	for (int i = 0; i < 3; i++)
		dt_compare_cursor(&v, 1);
	dt_compare_render(&v, &g, "t");
	if (find_row(&g, "cursor step 44  base 2  pilot 2.1  rel +5.00%  BREACH",
	             row, sizeof row) < 0) {
		find_row(&g, "cursor step", row, sizeof row);
		fail_msg("readout: %s", row);
	}
	dt_compare_cursor(&v, 2);
	dt_compare_render(&v, &g, "t");
	assert_true(find_row(&g, "cursor step 188  base 2  pilot 2  rel +0.00%",
	                     row, sizeof row) > 0);
	dt_grid_free(&g);
	dt_compare_view_free(&v);
	/* a parity that is not the one of these curves: not for the lean
	 * view (the caller takes the full path) */
	par.n = 15;
	assert_int_equal(dt_compare_view_init_curves(&v, &b.c, &p.c, &par,
	                                             "b", "p"), 1);
	par.n = 16;
	dt_parity_free(&par);
	run_free(&b);
	run_free(&p);
}

/* The EMA curve of raw under weight w: built at once (budget 0), or in
 * steps of `budget` raw points (dt_ema_curve_begin / step), the
 * progress never going back. */
static void ema_build(dt_ema_curve *e, const dt_curve *raw, double w,
                      size_t budget)
{
	if (!budget) {
		assert_int_equal(dt_ema_curve_build(e, raw, w), 0);
		return;
	}
	assert_int_equal(dt_ema_curve_begin(e, raw, w), 0);
	double last = 0;
	size_t steps = 0;
	int rc;
	while ((rc = dt_ema_curve_step(e, budget)) == 0) {
		assert_false(e->ready);
		assert_true(dt_ema_curve_progress(e) >= last);
		last = dt_ema_curve_progress(e);
		steps++;
	}
	assert_int_equal(rc, 1);
	assert_true(e->ready);
	assert_true(steps + 1 >= raw->n / budget);
}

static void ema_curve_case(void **state, size_t budget);

/* The EMA kept block by block gives dt_ema's bits at every point (NaN
 * and inf passed through, 5000 points: 157 blocks), and its pyramid
 * the same ranges as one built over dt_ema's array, built at once or in
 * steps of 1, 7 and 4096 points; a constant curve is returned as it
 * is. */
static void ema_curve_as_dt_ema(void **state)
{
	static const size_t budgets[] = {0, 1, 7, 4096};
	for (size_t b = 0; b < sizeof budgets / sizeof budgets[0]; b++)
		ema_curve_case(state, budgets[b]);
}

static void ema_curve_case(void **state, size_t budget)
{
	(void)state;
	run r;
	run_make(&r, 1, 1, 5000, 1.0);
	r.value[0] = NAN;
	r.value[77] = INFINITY;
	r.value[4095] = -INFINITY;
	run_curve(&r);
	double *want = malloc(5000 * sizeof *want), *got = malloc(5000 * sizeof *got);
	assert_non_null(want);
	assert_non_null(got);
	for (int wi = 0; wi < 3; wi++) {
		double w = wi == 0 ? 0.6 : wi == 1 ? 0.99 : 1.0;
		dt_ema(r.value, 5000, w, want);
		dt_ema_curve e;
		ema_build(&e, &r.c, w, budget);
		assert_int_equal(dt_curve_values(&e.c, 0, 5000, got), 0);
		for (size_t i = 0; i < 5000; i++)
			assert_memory_equal(&got[i], &want[i], sizeof got[i]);
		for (size_t i = 0; i < 5000; i += 333)
			assert_memory_equal(&(double){dt_curve_value(&e.c, i)},
			                    &want[i], sizeof(double));
		dt_pyramid ref;
		assert_int_equal(dt_pyramid_build(&ref, want, 5000), 0);
		static const size_t q[][2] = { {0, 5000}, {5, 37}, {31, 4097},
		                               {4000, 4100}, {64, 96}, {1, 2} };
		for (size_t k = 0; k < sizeof q / sizeof q[0]; k++) {
			dt_range a = dt_pyramid_query(&ref, q[k][0], q[k][1]);
			dt_range c = dt_pyramid_query(&e.pyr, q[k][0], q[k][1]);
			assert_true(a.min == c.min && a.max == c.max);
			assert_int_equal(a.finite, c.finite);
			assert_int_equal(a.bad, c.bad);
		}
		dt_pyramid_free(&ref);
		dt_ema_curve_free(&e);
	}
	for (size_t i = 0; i < 5000; i++)
		r.value[i] = 2.5;
	dt_ema_curve e;
	ema_build(&e, &r.c, 0.6, budget);
	assert_int_equal(e.constant, 1);
	assert_true(dt_curve_value(&e.c, 4321) == 2.5);
	dt_range c = dt_pyramid_query(&e.pyr, 0, 5000);
	assert_true(c.min == 2.5 && c.max == 2.5 && c.finite == 5000);
	dt_ema_curve_free(&e);
	free(want);
	free(got);
	run_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lean_renders_as_full),
		cmocka_unit_test(lean_cursor_by_hand),
		cmocka_unit_test(ema_curve_as_dt_ema),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
