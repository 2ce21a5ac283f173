/* test_compare_lean.c: the lean comparison (compare.h, opts.lean: one
 * streaming pass over chunks read from the store) gives the same
 * verdict, sentence, note, reason, findings and parity summary as the
 * full path on the same store, and its strip blocks equal the full
 * path's; cases it cannot take fall back to the full path. Taken in
 * steps (dt_compare_start / dt_compare_step, as the chart runs it) it
 * gives the one-shot result in every field. Curves are
 * made here with values worked out by hand. Runs on both backends
 * (tests/dt_test_store.h). */
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
#include "importers/import.h"
#include "model/service/compare.h"

/* Write step,loss[,lr] rows s = first, first + gap, ... (n rows) with
 * loss f(kind, s) into dir/name. */
static void write_csv(const char *name, const char *kind, int64_t first,
                      int64_t gap, size_t n)
{
	char path[300];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "step,loss,lr\n");
	for (size_t i = 0; i < n; i++) {
		int64_t s = first + (int64_t)i * gap;
		double b = 3.0 - 1e-5 * (double)s, v = b;
		if (!strcmp(kind, "pass")) {
			v = 1.003 * b;
			if (s % 1750 == 0)
				v = 1.05 * b;
			if (s == 5) {
				fprintf(f, "%lld,nan,0.001\n", (long long)s);
				continue;
			}
			if (s >= 100 && s < 106)
				v = 2.5;             /* a run of 6 identical values */
		} else if (!strcmp(kind, "x4")) {
			v = 4.0 * b;
		} else if (!strcmp(kind, "shift")) {
			v = 3.0 / sqrt((double)s + 1.0);
		} else if (!strcmp(kind, "curve")) {
			v = 3.0 / sqrt((double)s);
		}
		fprintf(f, "%lld,%.17g,0.001\n", (long long)s, v);
	}
	fclose(f);
}

/* The same comparison result, field by field (blocks when `lean`). */
static void same_result(const dt_comparison *l, const dt_comparison *f,
                        int lean)
{
	assert_int_equal(l->verdict, f->verdict);
	assert_string_equal(l->sentence, f->sentence);
	assert_string_equal(l->note, f->note);
	assert_string_equal(l->reason, f->reason);
	assert_string_equal(l->rules_source, f->rules_source);
	assert_string_equal(l->compile_note, f->compile_note);
	assert_int_equal(l->nnotes, f->nnotes);
	assert_int_equal(l->base_logged, f->base_logged);
	assert_int_equal(l->pilot_logged, f->pilot_logged);
	assert_int_equal(l->findings.n, f->findings.n);
	for (size_t i = 0; i < f->findings.n; i++) {
		const dt_finding *x = &l->findings.v[i], *y = &f->findings.v[i];
		assert_int_equal(x->kind, y->kind);
		assert_string_equal(x->role, y->role);
		assert_int_equal(x->step, y->step);
		assert_int_equal(x->count, y->count);
		assert_memory_equal(&x->ratio, &y->ratio, sizeof x->ratio);
		assert_memory_equal(&x->spread, &y->spread, sizeof x->spread);
		assert_int_equal(x->lr_agrees, y->lr_agrees);
		assert_string_equal(x->detail, y->detail);
	}
	const dt_parity *a = &l->parity, *c = &f->parity;
	assert_int_equal(a->n, c->n);
	assert_int_equal(a->breaches, c->breaches);
	assert_int_equal(a->first_breach_x, c->first_breach_x);
	assert_memory_equal(&a->max_abs_rel_diff, &c->max_abs_rel_diff,
	                    sizeof a->max_abs_rel_diff);
	assert_int_equal(a->max_abs_rel_diff_x, c->max_abs_rel_diff_x);
	assert_int_equal(a->allowed_breaches, c->allowed_breaches);
	assert_int_equal(a->verdict, c->verdict);
	if (lean) {
		assert_int_equal(a->nblocks, c->nblocks);
		assert_memory_equal(a->blocks, c->blocks,
		                    a->nblocks * sizeof *a->blocks);
	}
}

/* The comparison taken in steps of 1, 7 and 4096 points
 * (dt_compare_start, dt_compare_step) equals the one-shot lean one `l`
 * in every field; while pending it says so and holds no verdict. */
static void stepped(dt_store *st, const dt_run *rb, const dt_run *rp,
                    const dt_comparison *l)
{
	static const size_t budgets[] = {1, 7, 4096};
	char err[800];
	for (size_t i = 0; i < sizeof budgets / sizeof budgets[0]; i++) {
		dt_compare_opts lo = {.want_lod = 1, .lean = 1};
		dt_comparison s;
		dt_compare_pending *pd;
		assert_int_equal(dt_compare_start(st, rb, rp, &lo, &s, &pd, err,
		                                  sizeof err), 0);
		if (!l->lean && !pd) { /* decided at once on the full path */
			same_result(&s, l, 0);
			dt_comparison_free(&s);
			continue;
		}
		assert_non_null(pd);
		assert_int_equal(s.pending, 1);
		assert_int_equal(s.lean, 1);
		assert_string_equal(s.sentence, "");
		assert_int_equal(s.parity.n, 0);
		size_t steps = 0;
		int rc;
		while ((rc = dt_compare_step(st, pd, budgets[i], &s, err,
		                             sizeof err)) == 1) {
			assert_int_equal(s.pending, 1);
			steps++;
		}
		assert_int_equal(rc, 0);
		assert_int_equal(s.pending, 0);
		assert_true(budgets[i] > 1 || steps > 1);
		assert_int_equal(s.lean, l->lean);
		same_result(&s, l, l->lean);
		dt_compare_pending_free(pd);
		dt_comparison_free(&s);
	}
}

/* Compare runs b and p both ways; the lean one must be lean when
 * `lean` says so. Returns the lean comparison (caller frees). */
static void both_ways(dt_store *st, const char *b, const char *p, int lean,
                      dt_comparison *l)
{
	dt_run rb, rp;
	char err[800];
	dt_comparison f;
	assert_int_equal(dt_store_run_find(st, b, &rb), 0);
	assert_int_equal(dt_store_run_find(st, p, &rp), 0);
	dt_compare_opts full = {.want_lod = 1}, lo = {.want_lod = 1, .lean = 1};
	assert_int_equal(dt_compare_prepare(st, &rb, &rp, &full, &f, err,
	                                    sizeof err), 0);
	assert_int_equal(dt_compare_prepare(st, &rb, &rp, &lo, l, err,
	                                    sizeof err), 0);
	assert_int_equal(f.lean, 0);
	assert_int_equal(l->lean, lean);
	same_result(l, &f, lean);
	if (lean) {
		assert_null(l->parity.points);
		assert_null(l->sb.value);
		assert_int_equal(l->shape_b.n, f.sb.n);
		assert_int_equal(l->shape_b.first_step, f.sb.step[0]);
		assert_int_equal(l->shape_p.n, f.sp.n);
		assert_int_equal(l->lod_b.n, 0);   /* dt_store_curve_open's */
	}
	dt_comparison_free(&f);
	stepped(st, &rb, &rp, l);
}

/* 70000 steps (two chunks of 65536 and more), pilot 1.003 x baseline
 * b(s) = 3 - 1e-5 s: rel diff 0.003 <= rtol 0.02; 1.05 x at the 40
 * multiples of 1750 (rel 0.05: breach), NaN at step 5 (breach), 2.5 at
 * steps 100..105 (rel (2.5 - b)/b ~ -0.167: 6 breaches; a run of 6
 * identical values). By hand: N = 70000, breaches 47, first at step 5,
 * allowed min(70000 // 100, 50) = 50 -> PASS, max |rel diff| at step 100
 * ((3 - 0.001 - 2.5) / 2.999 = 0.16639); findings: pilot non_finite (1,
 * step 5), pilot constant_values (1 run from step 100). */
static void lean_pass(void **state)
{
	(void)state;
	char err[600];
	dt_store *st = dt_test_store_open(dir, "lean.db", err, sizeof err);
	if (!st)
		fail_msg("%s", err);
	write_csv("b.csv", "base", 1, 1, 70000);
	write_csv("p.csv", "pass", 1, 1, 70000);
	dt_test_import_csv(st, dir, "b", "b.csv", 1);
	dt_test_import_csv(st, dir, "p", "p.csv", 1);
	dt_comparison l;
	both_ways(st, "b", "p", 1, &l);
	assert_int_equal(l.verdict, DT_VERDICT_PASS);
	assert_int_equal(l.parity.n, 70000);
	assert_int_equal(l.parity.breaches, 47);
	assert_int_equal(l.parity.first_breach_x, 5);
	assert_int_equal(l.parity.allowed_breaches, 50);
	assert_int_equal(l.parity.max_abs_rel_diff_x, 100);
	assert_float_equal(l.parity.max_abs_rel_diff, 0.499 / 2.999, 1e-12);
	assert_int_equal(l.findings.n, 2);
	assert_int_equal(l.findings.v[0].kind, DT_FIND_NON_FINITE);
	assert_int_equal(l.findings.v[0].step, 5);
	assert_int_equal(l.findings.v[1].kind, DT_FIND_CONSTANT);
	assert_int_equal(l.findings.v[1].step, 100);
	/* blocks: 70000 / 32 -> 2188 blocks, the last of 16 points */
	assert_int_equal(l.parity.nblocks, 2188);
	assert_int_equal(l.parity.blocks[2187].n, 16);
	assert_int_equal(l.parity.blocks[0].bad, 1);   /* the NaN at 5 */
	dt_comparison_free(&l);
	dt_store_close(st);
}

/* Pilot = 4 x baseline on steps 1..3000: logging-scale finding (x 4),
 * LR equal (0.001 both) -> agrees; no eval_loss -> not logged; every
 * step breaches -> FAIL. Pilot 3/sqrt(s + 1) against 3/sqrt(s): one
 * step apart -> step_offset +1. */
static void lean_scale_and_offset(void **state)
{
	(void)state;
	char err[600];
	dt_store *st = dt_test_store_open(dir, "scale.db", err, sizeof err);
	if (!st)
		fail_msg("%s", err);
	write_csv("b.csv", "base", 1, 1, 3000);
	write_csv("x4.csv", "x4", 1, 1, 3000);
	write_csv("c.csv", "curve", 1, 1, 3000);
	write_csv("s.csv", "shift", 1, 1, 3000);
	dt_test_import_csv(st, dir, "b", "b.csv", 1);
	dt_test_import_csv(st, dir, "x4", "x4.csv", 1);
	dt_test_import_csv(st, dir, "c", "c.csv", 1);
	dt_test_import_csv(st, dir, "s", "s.csv", 1);
	dt_comparison l;
	both_ways(st, "b", "x4", 1, &l);
	assert_int_equal(l.verdict, DT_VERDICT_FAIL);
	const dt_finding *x = dt_findings_scale_of(&l.findings);
	assert_non_null(x);
	assert_float_equal(x->factor, 4.0, 0);
	assert_int_equal(x->lr_agrees, 1);
	assert_int_equal(x->eval_agrees, -1);
	assert_string_equal(l.note, "logging-scale mismatch (x 4)");
	dt_comparison_free(&l);
	both_ways(st, "c", "s", 1, &l);
	int offset = 0;
	for (size_t i = 0; i < l.findings.n; i++)
		offset |= l.findings.v[i].kind == DT_FIND_STEP_OFFSET &&
		          l.findings.v[i].factor == 1.0;
	assert_true(offset);
	dt_comparison_free(&l);
	dt_store_close(st);
}

/* Cases for the full path: no common step (steps 1..100 vs 1001..1100:
 * insufficient, the reason names the ranges), and a pilot logged with
 * gradient accumulation 2 (its curve is not the stored series). */
static void lean_falls_back(void **state)
{
	(void)state;
	char err[600];
	dt_store *st = dt_test_store_open(dir, "back.db", err, sizeof err);
	if (!st)
		fail_msg("%s", err);
	write_csv("b.csv", "base", 1, 1, 100);
	write_csv("far.csv", "base", 1001, 1, 100);
	write_csv("g.csv", "base", 1, 1, 200);
	dt_test_import_csv(st, dir, "b", "b.csv", 1);
	dt_test_import_csv(st, dir, "far", "far.csv", 1);
	dt_test_import_csv(st, dir, "g", "g.csv", 2);
	dt_comparison l;
	both_ways(st, "b", "far", 0, &l);
	assert_int_equal(l.verdict, DT_VERDICT_INSUFFICIENT);
	assert_non_null(strstr(l.reason, "no common steps"));
	dt_comparison_free(&l);
	both_ways(st, "b", "g", 0, &l);
	dt_comparison_free(&l);
	dt_store_close(st);
}

int main(void)
{
	int skip = dt_test_store_skip();
	if (skip)
		return skip;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lean_pass),
		cmocka_unit_test(lean_scale_and_offset),
		cmocka_unit_test(lean_falls_back),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
