/* test_parity_acc.c: the parity accumulator (parity.h) fed in chunks
 * equals dt_parity_compute over the whole curves in every summary field,
 * its kept points equal dt_parity_compute's, its blocks summarise them,
 * and dt_parity_judge is the per-point rule. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "model/core/parity.h"
#include "series_test.h"

/* Feed b and p to a in chunks of kb and kp points (the rest of a side
 * that was not consumed is fed again with its next chunk). */
static void feed_chunked(dt_parity_acc *a, const dt_series *b,
                         const dt_series *p, size_t kb, size_t kp)
{
	size_t ib = 0, ip = 0;
	size_t eb = kb < b->n ? kb : b->n, ep = kp < p->n ? kp : p->n;
	while (ib < b->n && ip < p->n) {
		size_t ub = 0, up = 0;
		assert_int_equal(dt_parity_acc_feed(a, b->step + ib, b->value + ib,
		                                    eb - ib, p->step + ip,
		                                    p->value + ip, ep - ip, &ub,
		                                    &up), 0);
		/* one side is always used up unless both are */
		assert_true(ib + ub == eb || ip + up == ep);
		ib += ub;
		ip += up;
		if (ib == eb)
			eb = eb + kb < b->n ? eb + kb : b->n;
		if (ip == ep)
			ep = ep + kp < p->n ? ep + kp : p->n;
	}
}

static int same_double(double x, double y)
{
	return memcmp(&x, &y, sizeof x) == 0;
}

/* Every summary field bit for bit. */
static void assert_same_summary(const dt_parity *x, const dt_parity *y)
{
	assert_int_equal(x->by_samples, y->by_samples);
	assert_int_equal(x->n, y->n);
	assert_int_equal(x->breaches, y->breaches);
	if (x->breaches)
		assert_int_equal(x->first_breach_x, y->first_breach_x);
	assert_true(same_double(x->max_abs_rel_diff, y->max_abs_rel_diff));
	if (!isnan(x->max_abs_rel_diff))
		assert_int_equal(x->max_abs_rel_diff_x, y->max_abs_rel_diff_x);
	assert_int_equal(x->allowed_breaches, y->allowed_breaches);
	assert_int_equal(x->verdict, y->verdict);
}

static void assert_same_points(const dt_parity *x, const dt_parity *y)
{
	if (x->n) {
		assert_non_null(x->points);
		assert_non_null(y->points);
	}
	for (size_t i = 0; i < x->n; i++) {
		assert_int_equal(x->points[i].x, y->points[i].x);
		assert_true(same_double(x->points[i].baseline, y->points[i].baseline));
		assert_true(same_double(x->points[i].pilot, y->points[i].pilot));
		assert_true(same_double(x->points[i].rel_diff, y->points[i].rel_diff));
		assert_int_equal(x->points[i].breach, y->points[i].breach);
	}
}

/* The blocks of `got` against blocks summarised here from ref's points
 * (a second, naive reading of the block rule in parity.h). */
static void assert_blocks_of(const dt_parity *got, const dt_parity *ref)
{
	size_t nb = (ref->n + DT_PARITY_BLOCK - 1) / DT_PARITY_BLOCK;
	assert_int_equal(got->nblocks, nb);
	for (size_t k = 0; k < nb; k++) {
		const dt_parity_block *b = &got->blocks[k];
		size_t i0 = k * DT_PARITY_BLOCK, i1 = i0 + DT_PARITY_BLOCK;
		double lo = INFINITY, hi = -INFINITY;
		unsigned br = 0, bad = 0;
		if (i1 > ref->n)
			i1 = ref->n;
		for (size_t i = i0; i < i1; i++) {
			double d = ref->points[i].rel_diff;
			br += ref->points[i].breach != 0;
			if (!isfinite(d)) {
				bad++;
				continue;
			}
			lo = d < lo ? d : lo;
			hi = d > hi ? d : hi;
		}
		assert_int_equal(b->n, i1 - i0);
		assert_int_equal(b->x0, ref->points[i0].x);
		assert_int_equal(b->x1, ref->points[i1 - 1].x);
		assert_true(same_double(b->min_rel, lo));
		assert_true(same_double(b->max_rel, hi));
		assert_int_equal(b->breaches, br);
		assert_int_equal(b->bad, bad);
	}
}

/* The accumulator over b and p in chunks of 1, 7, 4096 and whole (both
 * sides alike, and mixed) against dt_parity_compute. */
static void check_all_chunkings(const dt_series *b, const dt_series *p,
                                const dt_parity_opts *o)
{
	static const size_t ks[][2] = {{1, 1}, {7, 7}, {4096, 4096},
	                               {SIZE_MAX, SIZE_MAX}, {1, 4096},
	                               {7, 1}, {4096, 7}};
	dt_parity ref;
	assert_int_equal(dt_parity_compute(b, p, o, &ref), 0);
	assert_null(ref.blocks);
	for (size_t c = 0; c < sizeof ks / sizeof ks[0]; c++) {
		static const unsigned keeps[] = {0, DT_PARITY_KEEP_POINTS,
		                                 DT_PARITY_KEEP_BLOCKS,
		                                 DT_PARITY_KEEP_POINTS |
		                                 DT_PARITY_KEEP_BLOCKS};
		for (size_t k = 0; k < 4; k++) {
			dt_parity_acc a;
			dt_parity r;
			assert_int_equal(dt_parity_acc_start(&a, o, keeps[k], 0), 0);
			feed_chunked(&a, b, p, ks[c][0], ks[c][1]);
			dt_parity_acc_finish(&a, &r);
			assert_same_summary(&r, &ref);
			if (keeps[k] & DT_PARITY_KEEP_POINTS)
				assert_same_points(&r, &ref);
			else
				assert_null(r.points);  /* bounded memory */
			if (keeps[k] & DT_PARITY_KEEP_BLOCKS)
				assert_blocks_of(&r, &ref);
			else
				assert_null(r.blocks);
			dt_parity_free(&r);
		}
	}
	dt_parity_free(&ref);
}

/* Hand-computed (the fixture of test_parity.c): baseline 10,20,30,40 =
 * 3, 2, 1.6, 1.2; pilot 20,30,40,50 = 2.03, 1.5, NaN, 1.0. Common 20, 30,
 * 40: rel diffs +0.015, -0.0625, NaN; breaches at 30 and 40; N 3,
 * allowed 1, fail. Fed one point of each side at a time. */
static void hand_computed_one_at_a_time(void **state)
{
	(void)state;
	int64_t bs[] = {10, 20, 30, 40}, ps[] = {20, 30, 40, 50};
	double bv[] = {3.0, 2.0, 1.6, 1.2}, pv[] = {2.03, 1.5, NAN, 1.0};
	dt_series b = seg(bs, bv, 4), p = seg(ps, pv, 4);
	dt_parity_opts o = dt_parity_defaults();
	dt_parity_acc a;
	dt_parity r;
	assert_int_equal(dt_parity_acc_start(&a, &o, DT_PARITY_KEEP_BLOCKS, 0), 0);
	feed_chunked(&a, &b, &p, 1, 1);
	dt_parity_acc_finish(&a, &r);
	assert_null(r.points);
	assert_int_equal(r.n, 3);
	assert_int_equal(r.breaches, 2);
	assert_int_equal(r.first_breach_x, 30);
	assert_float_equal(r.max_abs_rel_diff, 0.0625, 1e-12);
	assert_int_equal(r.max_abs_rel_diff_x, 30);
	assert_int_equal(r.allowed_breaches, 1);
	assert_int_equal(r.verdict, DT_VERDICT_FAIL);
	/* one block: x 20..40, finite rel diffs -0.0625 and 0.015, NaN bad */
	assert_int_equal(r.nblocks, 1);
	assert_int_equal(r.blocks[0].x0, 20);
	assert_int_equal(r.blocks[0].x1, 40);
	assert_int_equal(r.blocks[0].n, 3);
	assert_float_equal(r.blocks[0].min_rel, -0.0625, 1e-12);
	assert_float_equal(r.blocks[0].max_rel, 0.015, 1e-12);
	assert_int_equal(r.blocks[0].breaches, 2);
	assert_int_equal(r.blocks[0].bad, 1);
	dt_parity_free(&r);
	check_all_chunkings(&b, &p, &o);
}

/* Steps 1..40, baseline 1.0 everywhere; pilot 1.0 but 1.1 at step 5
 * (rel +0.1, breach), 0.5 at 33 (rel -0.5, breach), NaN at 34 (breach,
 * bad); baseline 0 and pilot 0 at 36 (rel 0, no breach: |0 - 0| <= 0).
 * Blocks of 32: steps 1..32 (min 0, max 0.1, 1 breach) and 33..40 (8
 * points: min -0.5, max 0, 2 breaches, 1 bad). 3 breaches of 40 > 1
 * allowed: fail; max |rel| 0.5 at 33. */
static void blocks_hand_computed(void **state)
{
	(void)state;
	int64_t st[40];
	double bv[40], pv[40];
	for (int i = 0; i < 40; i++) {
		st[i] = i + 1;
		bv[i] = pv[i] = 1.0;
	}
	pv[4] = 1.1;
	pv[32] = 0.5;
	pv[33] = NAN;
	bv[35] = pv[35] = 0.0;
	dt_series b = seg(st, bv, 40), p = seg(st, pv, 40);
	dt_parity_opts o = dt_parity_defaults();
	dt_parity r;
	assert_int_equal(dt_parity_compute_keep(&b, &p, &o, DT_PARITY_KEEP_BLOCKS,
	                                        &r), 0);
	assert_null(r.points);
	assert_int_equal(r.n, 40);
	assert_int_equal(r.nblocks, 2);
	assert_int_equal(r.blocks[0].x0, 1);
	assert_int_equal(r.blocks[0].x1, 32);
	assert_int_equal(r.blocks[0].n, 32);
	assert_true(r.blocks[0].min_rel == 0.0);
	assert_float_equal(r.blocks[0].max_rel, 0.1, 1e-12);
	assert_int_equal(r.blocks[0].breaches, 1);
	assert_int_equal(r.blocks[0].bad, 0);
	assert_int_equal(r.blocks[1].x0, 33);
	assert_int_equal(r.blocks[1].x1, 40);
	assert_int_equal(r.blocks[1].n, 8);
	assert_float_equal(r.blocks[1].min_rel, -0.5, 1e-12);
	assert_true(r.blocks[1].max_rel == 0.0);
	assert_int_equal(r.blocks[1].breaches, 2);
	assert_int_equal(r.blocks[1].bad, 1);
	assert_int_equal(r.breaches, 3);
	assert_int_equal(r.first_breach_x, 5);
	assert_float_equal(r.max_abs_rel_diff, 0.5, 1e-12);
	assert_int_equal(r.max_abs_rel_diff_x, 33);
	assert_int_equal(r.verdict, DT_VERDICT_FAIL);
	dt_parity_free(&r);
	check_all_chunkings(&b, &p, &o);
}

/* dt_parity_judge: the rule by hand. rtol 0.02, atol 0.01: b 2, p 2.05:
 * |0.05| <= 0.01 + 0.04 (no breach), rel 0.025; p 2.06 breaches; 0/0 is
 * 0, x/0 +inf, inf pilot breaches with rel +inf, NaN baseline NaN. */
static void judge_rule(void **state)
{
	(void)state;
	dt_parity_opts o = dt_parity_defaults();
	o.atol = 0.01;
	dt_parity_point pt = dt_parity_judge(7, 2.0, 2.05, &o);
	assert_int_equal(pt.x, 7);
	assert_false(pt.breach);
	assert_float_equal(pt.rel_diff, 0.025, 1e-12);
	assert_true(dt_parity_judge(7, 2.0, 2.06, &o).breach);
	pt = dt_parity_judge(1, 0.0, 0.0, &o);
	assert_true(pt.rel_diff == 0.0);
	assert_false(pt.breach);
	pt = dt_parity_judge(1, 0.0, 0.005, &o);
	assert_true(isinf(pt.rel_diff) && pt.rel_diff > 0);
	assert_false(pt.breach);       /* 0.005 <= atol 0.01 */
	pt = dt_parity_judge(1, 1.0, INFINITY, &o);
	assert_true(pt.breach);
	assert_true(isinf(pt.rel_diff));
	pt = dt_parity_judge(1, NAN, 1.0, &o);
	assert_true(pt.breach);
	assert_true(isnan(pt.rel_diff));
}

static uint64_t rng = 88172645463325252ull;

static double uniform(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (double)(rng >> 11) / 9007199254740992.0;
}

/* A curve over steps first, first + gap, ... with a loss near 2.0, 1-in-50
 * values perturbed by `jump` and 1-in-400 NaN / +inf / -inf / 0. */
static void gen(int64_t *st, double *v, size_t n, int64_t first, int64_t gap,
                double jump)
{
	for (size_t i = 0; i < n; i++) {
		st[i] = first + (int64_t)i * gap;
		v[i] = 2.0 * exp(-(double)i / (double)n) + 0.001 * uniform();
		double u = uniform();
		if (u < 0.02)
			v[i] *= 1.0 + jump * (uniform() - 0.5);
		else if (u < 0.0225)
			v[i] = NAN;
		else if (u < 0.025)
			v[i] = INFINITY;
		else if (u < 0.0275)
			v[i] = -INFINITY;
		else if (u < 0.03)
			v[i] = 0.0;
	}
}

/* Generated curves of 20000 and 15000 points on different step grids
 * (every step vs every 3rd from 2; every 2nd vs every 5th), with and
 * without warm-up, tight and loose tolerances, by samples (global
 * batches 8 and 16: pilot step s is baseline step 2s). */
static void generated_equal(void **state)
{
	(void)state;
	enum { NB = 20000, NP = 15000 };
	int64_t *bs = malloc(NB * sizeof *bs), *ps = malloc(NP * sizeof *ps);
	double *bv = malloc(NB * sizeof *bv), *pv = malloc(NP * sizeof *pv);
	assert_non_null(bs);
	assert_non_null(ps);
	assert_non_null(bv);
	assert_non_null(pv);
	static const int64_t grids[][4] = {{1, 1, 2, 3}, {2, 2, 5, 5},
	                                   {1, 1, 1, 1}};
	for (size_t g = 0; g < 3; g++) {
		gen(bs, bv, NB, grids[g][0], grids[g][1], 0.2);
		gen(ps, pv, NP, grids[g][2], grids[g][3], 0.2);
		dt_series b = seg(bs, bv, NB), p = seg(ps, pv, NP);
		dt_parity_opts o = dt_parity_defaults();
		check_all_chunkings(&b, &p, &o);
		o.warmup = 1000;
		o.rtol = 0.2;
		o.atol = 0.001;
		check_all_chunkings(&b, &p, &o);
		o.baseline_gb = 8;
		o.pilot_gb = 16;
		check_all_chunkings(&b, &p, &o);
		dt_parity r;
		assert_int_equal(dt_parity_compute(&b, &p, &o, &r), 0);
		assert_true(r.by_samples);
		assert_true(r.n > 0);
		dt_parity_free(&r);
	}
	free(bs);
	free(ps);
	free(bv);
	free(pv);
}

/* No common step, and a single one: insufficient, max |rel| NaN when
 * nothing was compared. */
static void empty_and_single(void **state)
{
	(void)state;
	int64_t bs[] = {1, 2}, ps[] = {3, 4}, qs[] = {2, 9};
	double bv[] = {1.0, 1.0}, pv[] = {1.0, 1.0};
	dt_series b = seg(bs, bv, 2), p = seg(ps, pv, 2), q = seg(qs, pv, 2);
	dt_series none = seg(bs, bv, 0);
	dt_parity_opts o = dt_parity_defaults();
	dt_parity_acc a;
	dt_parity r;
	assert_int_equal(dt_parity_acc_start(&a, &o, DT_PARITY_KEEP_BLOCKS, 0), 0);
	feed_chunked(&a, &b, &p, 1, 1);
	dt_parity_acc_finish(&a, &r);
	assert_int_equal(r.n, 0);
	assert_int_equal(r.nblocks, 0);
	assert_true(isnan(r.max_abs_rel_diff));
	assert_int_equal(r.verdict, DT_VERDICT_INSUFFICIENT);
	dt_parity_free(&r);
	check_all_chunkings(&b, &p, &o);
	check_all_chunkings(&b, &q, &o);
	check_all_chunkings(&none, &q, &o);
	check_all_chunkings(&b, &none, &o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hand_computed_one_at_a_time),
		cmocka_unit_test(blocks_hand_computed),
		cmocka_unit_test(judge_rule),
		cmocka_unit_test(generated_equal),
		cmocka_unit_test(empty_and_single),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
