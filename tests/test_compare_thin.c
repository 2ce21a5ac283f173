/* test_compare_thin.c: `compare --json/--csv --max-points N` through the
 * lean comparison (compare.h, opts.lean + max_points: the min/max
 * decimation done in the one streaming pass) prints byte for byte what
 * the full path prints (every compared point kept, then decimated), on
 * curves with breaches, NaN and inf, different strides, a warm-up and
 * more compared points than one chunk; and a small case worked by hand.
 * Runs on both backends (tests/dt_test_store.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "dt_test_store.h"
#include "dt_test_tmpdir.h"
#include "cli/compare_print.h"
#include "importers/import.h"
#include "model/service/compare.h"

static void import_csv(dt_store *st, const char *run, const char *platform,
                       const char *text)
{
	char path[300], err[600];
	snprintf(path, sizeof path, "%s/%s.csv", dir, run);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	const char *files[] = {path};
	dt_import_request rq = {.run_name = run, .platform = platform,
	                        .format = "csv", .files = files, .nfiles = 1};
	rq.opts.grad_accum = 1;
	if (dt_import(st, &rq, NULL, err, sizeof err) < 0)
		fail_msg("import %s: %s", run, err);
}

/* Compare b with p under o (lean as o says). */
static void compare(dt_store *st, const char *b, const char *p,
                    const dt_compare_opts *o, dt_comparison *c)
{
	dt_run rb, rp;
	char err[800];
	assert_int_equal(dt_store_run_find(st, b, &rb), 0);
	assert_int_equal(dt_store_run_find(st, p, &rp), 0);
	if (dt_compare_prepare(st, &rb, &rp, o, c, err, sizeof err) != 0)
		fail_msg("compare %s %s: %s", b, p, err);
}

/* What `compare --json` (json 1) or `--csv` (0) prints for c's kept
 * points, into dir/name. */
static void printed(const dt_comparison *c, int json, const char *name)
{
	char path[300];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	fflush(stdout);
	int keep = dup(1), fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(keep >= 0 && fd >= 0);
	dup2(fd, 1);
	close(fd);
	if (json)
		dt_compare_print_json(c, c->parity.kept, c->parity.nkept);
	else
		dt_compare_print_csv(c, c->parity.kept, c->parity.nkept);
	fflush(stdout);
	dup2(keep, 1);
	close(keep);
}

/* dir/x and dir/y hold the same bytes. */
static void same_files(const char *x, const char *y)
{
	char px[300], py[300];
	static char bx[1 << 16], by[1 << 16];
	snprintf(px, sizeof px, "%s/%s", dir, x);
	snprintf(py, sizeof py, "%s/%s", dir, y);
	FILE *fx = fopen(px, "r"), *fy = fopen(py, "r");
	assert_true(fx && fy);
	size_t nx, ny, total = 0;
	do {
		nx = fread(bx, 1, sizeof bx, fx);
		ny = fread(by, 1, sizeof by, fy);
		assert_int_equal(nx, ny);
		assert_memory_equal(bx, by, nx);
		total += nx;
	} while (nx == sizeof bx);
	assert_true(total > 0);
	fclose(fx);
	fclose(fy);
}

/* Both paths under budget N (and warm-up w when > 0): the same kept
 * points and the same bytes printed. Returns the kept count. */
static size_t same_both_ways(dt_store *st, const char *b, const char *p,
                             size_t N, int64_t w)
{
	dt_compare_opts lo = {.lean = 1, .max_points = N};
	dt_compare_opts full = {.max_points = N};
	if (w > 0) {
		lo.set_warmup = full.set_warmup = 1;
		lo.warmup = full.warmup = w;
	}
	dt_comparison l, f;
	compare(st, b, p, &lo, &l);
	compare(st, b, p, &full, &f);
	assert_int_equal(l.lean, 1);
	assert_int_equal(f.lean, 0);
	assert_null(l.parity.points);
	assert_int_equal(l.parity.n, f.parity.n);
	assert_int_equal(l.parity.nkept, f.parity.nkept);
	for (int json = 0; json < 2; json++) {
		printed(&l, json, "lean.out");
		printed(&f, json, "full.out");
		same_files("lean.out", "full.out");
	}
	size_t k = l.parity.nkept;
	dt_comparison_free(&l);
	dt_comparison_free(&f);
	return k;
}

/* Baseline steps 1..12 (stride 1), pilot steps 2, 4, .. 12 (stride 2),
 * warm-up 2: compared steps 4 6 8 10 12 (the grid's common steps above
 * 2), by hand:
 *   step      4     6     8    10    12
 *   baseline  2     7     8     3     4
 *   pilot     2.02  7.07  nan   3.3   4.04
 * rel diff 0.01 at 4, 6, 12 (within 0.02); 8 non-finite (breach); 10
 * rel 0.1 (breach). 5 points > N = 4: one bucket of 5: lowest / highest
 * baseline 2 (step 4) / 8 (step 8), lowest / highest finite pilot 2.02
 * (step 4) / 7.07 (step 6); breaches 8, 10: kept 4 6 8 10. N = 5: all
 * five. Summary: 5 compared, 2 breaches > 1 allowed: fail. */
static void thin_by_hand(void **state)
{
	(void)state;
	char err[600];
	dt_store *st = dt_test_store_open(dir, "hand.db", err, sizeof err);
	if (!st)
		fail_msg("%s", err);
	import_csv(st, "b", "gpu", "step,loss\n1,9\n2,9\n3,9\n4,2\n5,9\n6,7\n"
	           "7,9\n8,8\n9,9\n10,3\n11,9\n12,4\n");
	import_csv(st, "p", "trn2", "step,loss\n2,9\n4,2.02\n6,7.07\n8,nan\n"
	           "10,3.3\n12,4.04\n");
	dt_compare_opts o = {.lean = 1, .max_points = 4, .set_warmup = 1,
	                     .warmup = 2};
	dt_comparison c;
	compare(st, "b", "p", &o, &c);
	assert_int_equal(c.lean, 1);
	assert_int_equal(c.verdict, DT_VERDICT_FAIL);
	assert_int_equal(c.parity.n, 5);
	assert_int_equal(c.parity.breaches, 2);
	assert_int_equal(c.parity.nkept, 4);
	const int64_t want[4] = {4, 6, 8, 10};
	for (int i = 0; i < 4; i++)
		assert_int_equal(c.parity.kept[i].x, want[i]);
	assert_float_equal(c.parity.kept[1].pilot, 7.07, 0);
	assert_true(isnan(c.parity.kept[2].pilot));
	assert_int_equal(c.parity.kept[3].breach, 1);
	assert_float_equal(c.parity.kept[3].rel_diff, 0.1, 1e-12);
	dt_comparison_free(&c);
	assert_int_equal(same_both_ways(st, "b", "p", 4, 2), 4);
	assert_int_equal(same_both_ways(st, "b", "p", 5, 2), 5);
	dt_store_close(st);
}

/* Generated curves (so checked against the full path, not by hand):
 * baseline steps 1..150000, 3 + 1/sqrt(s) + a sine, +inf at every
 * 20011th step; pilot A the same steps, 0.3 % above, 1.5 x at every
 * 9973rd step (a breach), NaN at every 30011th; pilot B steps 3, 6, ..
 * (stride 3, 50000 points). More compared points than one chunk
 * (65536); budgets from the smallest to more than the points. */
static void thin_generated(void **state)
{
	(void)state;
	char err[600];
	dt_store *st = dt_test_store_open(dir, "gen.db", err, sizeof err);
	if (!st)
		fail_msg("%s", err);
	static char tb[1 << 23], ta[1 << 23], tp[1 << 22];
	size_t ob = 0, oa = 0, op = 0;
	ob += (size_t)sprintf(tb, "step,loss\n");
	oa += (size_t)sprintf(ta, "step,loss\n");
	op += (size_t)sprintf(tp, "step,loss\n");
	for (int s = 1; s <= 150000; s++) {
		double v = 3 + 1 / sqrt(s) + 0.1 * sin(s / 500.0);
		double w = v * (s % 9973 ? 1.003 : 1.5);
		if (s % 20011 == 0)
			ob += (size_t)sprintf(tb + ob, "%d,inf\n", s);
		else
			ob += (size_t)sprintf(tb + ob, "%d,%.9g\n", s, v);
		if (s % 30011 == 0)
			oa += (size_t)sprintf(ta + oa, "%d,nan\n", s);
		else
			oa += (size_t)sprintf(ta + oa, "%d,%.9g\n", s, w);
		if (s % 3 == 0)
			op += (size_t)sprintf(tp + op, "%d,%.9g\n", s, w);
	}
	import_csv(st, "b", "gpu", tb);
	import_csv(st, "a", "trn2", ta);
	import_csv(st, "p", "trn2", tp);
	/* every point when N >= n; else at most N + the breaching and
	 * non-finite ones (15 x 1.5, 4 NaN, 7 inf in A; 5 x 1.5 at multiples
	 * of 3 of 9973 and 2 inf in B) */
	const size_t ba[] = {4, 7, 2000, 149999, 150000};
	for (size_t i = 0; i < sizeof ba / sizeof *ba; i++) {
		size_t k = same_both_ways(st, "b", "a", ba[i], 0);
		assert_true(ba[i] >= 150000 ? k == 150000 : k <= ba[i] + 15 + 4 + 7);
	}
	same_both_ways(st, "b", "a", 2000, 100);
	const size_t bp[] = {5, 64, 49999, 50000, 1000000};
	for (size_t i = 0; i < sizeof bp / sizeof *bp; i++) {
		size_t k = same_both_ways(st, "b", "p", bp[i], 0);
		assert_true(bp[i] >= 50000 ? k == 50000 : k <= bp[i] + 5 + 2);
	}
	dt_store_close(st);
}

int main(void)
{
	int skip = dt_test_store_skip();
	if (skip)
		return skip;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(thin_by_hand),
		cmocka_unit_test(thin_generated),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
