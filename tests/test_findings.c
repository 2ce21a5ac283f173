/* test_findings.c: logging-scale mismatch and data traps on hand-made
 * curves; expected numbers worked out in each comment. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <string.h>
#include <cmocka.h>

#include "model/core/findings.h"

static dt_series mk(int64_t *st, double *va, size_t n)
{
	dt_series s = {0};
	s.n = n;
	s.step = st;
	s.value = va;
	return s;
}

/* Pilot = exactly 4 x baseline at steps 1..6: ratios all 4, median 4,
 * MAD 0 -> spread 0; k = 4 -> factor 4, count 6, first step 1. LR equal
 * on both sides -> lr_agrees 1; eval at steps 3 and 6 equal (ratio 1)
 * -> eval_agrees 1. Note "logging-scale mismatch (x 4)". */
static void scale_times_four(void **state)
{
	(void)state;
	int64_t st[] = {1, 2, 3, 4, 5, 6}, es[] = {3, 6};
	double b[] = {2.0, 1.8, 1.6, 1.5, 1.4, 1.3}, p[6], lr[6];
	double eb[] = {1.7, 1.45}, ep[] = {1.7, 1.45};
	for (int i = 0; i < 6; i++) {
		p[i] = 4 * b[i];
		lr[i] = 1e-4 * (i + 1);
	}
	dt_series sb = mk(st, b, 6), sp = mk(st, p, 6), lb = mk(st, lr, 6);
	dt_series evb = mk(es, eb, 2), evp = mk(es, ep, 2);
	dt_scale_in in = {.loss_b = &sb, .loss_p = &sp, .lr_b = &lb, .lr_p = &lb,
	                  .eval_b = &evb, .eval_p = &evp};
	dt_findings f = {0};
	assert_int_equal(dt_findings_scale(&in, &f), 1);
	const dt_finding *x = dt_findings_scale_of(&f);
	assert_non_null(x);
	assert_string_equal(dt_finding_kind_name(x->kind), "logging_scale_mismatch");
	assert_float_equal(x->factor, 4.0, 1e-15);
	assert_float_equal(x->ratio, 4.0, 1e-12);
	assert_float_equal(x->spread, 0.0, 1e-12);
	assert_int_equal(x->count, 6);
	assert_int_equal(x->step, 1);
	assert_int_equal(x->lr_agrees, 1);
	assert_int_equal(x->eval_agrees, 1);
	char note[64];
	assert_string_equal(dt_findings_verdict_note(&f, note, sizeof note),
	                    "logging-scale mismatch (x 4)");
	dt_findings_free(&f);
}

/* Pilot = baseline / 4: median 0.25 < 1 -> 1/m = 4 -> factor 0.25,
 * note "(x 1/4)"; LR and eval not given -> -1 (not logged). */
static void scale_quarter(void **state)
{
	(void)state;
	int64_t st[] = {1, 2, 3, 4, 5};
	double b[] = {2.0, 1.8, 1.6, 1.5, 1.4}, p[5];
	for (int i = 0; i < 5; i++)
		p[i] = b[i] / 4;
	dt_series sb = mk(st, b, 5), sp = mk(st, p, 5);
	dt_scale_in in = {.loss_b = &sb, .loss_p = &sp};
	dt_findings f = {0};
	assert_int_equal(dt_findings_scale(&in, &f), 1);
	assert_float_equal(f.v[0].factor, 0.25, 1e-15);
	assert_int_equal(f.v[0].lr_agrees, -1);
	assert_int_equal(f.v[0].eval_agrees, -1);
	char note[64];
	assert_string_equal(dt_findings_verdict_note(&f, note, sizeof note),
	                    "logging-scale mismatch (x 1/4)");
	dt_findings_free(&f);
}

/* No finding: (a) ratios alternate 3.6 / 4.4: sorted 3.6 3.6 3.6 4.4
 * 4.4 4.4 -> median v[3] = 4.4, |dev| 0.8 0 0.8 0 0.8 0 -> MAD 0.8,
 * spread 0.8/4.4 = 18 % > 5 %; (b) pilot 2 % above baseline: m = 1.02,
 * k = 1 < 2; (c) only 4 common steps (< 5). */
static void scale_not_flagged(void **state)
{
	(void)state;
	int64_t st[] = {1, 2, 3, 4, 5, 6};
	double b[] = {1, 1, 1, 1, 1, 1}, p[] = {3.6, 4.4, 3.6, 4.4, 3.6, 4.4};
	double q[] = {1.02, 1.02, 1.02, 1.02, 1.02, 1.02};
	dt_series sb = mk(st, b, 6), sp = mk(st, p, 6), sq = mk(st, q, 6);
	dt_series s4 = mk(st, p, 4);
	dt_findings f = {0};
	dt_scale_in a = {.loss_b = &sb, .loss_p = &sp};
	dt_scale_in c = {.loss_b = &sb, .loss_p = &sq};
	dt_scale_in d = {.loss_b = &s4, .loss_p = &s4};
	assert_int_equal(dt_findings_scale(&a, &f), 0);
	assert_int_equal(dt_findings_scale(&c, &f), 0);
	assert_int_equal(dt_findings_scale(&d, &f), 0);
	assert_int_equal(f.n, 0);
	char note[64];
	assert_string_equal(dt_findings_verdict_note(&f, note, sizeof note), "");
	dt_findings_free(&f);
}

/* Steps 1..12: 2.0 1.9 nan 1.8 0.0 0.0 1.5 1.5 1.5 1.5 1.5 1.4.
 * non_finite: 1 point, first step 3; zero_loss: 2 points, first step 5;
 * constant_values: one run of 1.5 x5 from step 7 (the 0.0 pair is
 * neither long enough nor counted as constant). A run of 4 equal values
 * is not flagged (N = 5). */
static void data_traps(void **state)
{
	(void)state;
	int64_t st[12];
	double v[] = {2.0, 1.9, NAN, 1.8, 0.0, 0.0, 1.5, 1.5, 1.5, 1.5, 1.5, 1.4};
	for (int i = 0; i < 12; i++)
		st[i] = i + 1;
	dt_series s = mk(st, v, 12);
	dt_findings f = {0};
	assert_int_equal(dt_findings_data(&s, "pilot", "loss", &f), 0);
	assert_int_equal(f.n, 3);
	assert_int_equal(f.v[0].kind, DT_FIND_NON_FINITE);
	assert_int_equal(f.v[0].step, 3);
	assert_int_equal(f.v[0].count, 1);
	assert_string_equal(f.v[0].role, "pilot");
	assert_int_equal(f.v[1].kind, DT_FIND_ZERO_LOSS);
	assert_int_equal(f.v[1].step, 5);
	assert_int_equal(f.v[1].count, 2);
	assert_int_equal(f.v[2].kind, DT_FIND_CONSTANT);
	assert_int_equal(f.v[2].step, 7);
	assert_int_equal(f.v[2].count, 1);
	assert_non_null(strstr(f.v[2].detail, "1.5 repeated 5 times"));
	dt_findings_free(&f);
	dt_series four = mk(st + 6, v + 7, 4);   /* 1.5 x4 */
	assert_int_equal(dt_findings_data(&four, "baseline", "loss", &f), 0);
	assert_int_equal(f.n, 0);
	dt_findings_free(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(scale_times_four),
		cmocka_unit_test(scale_quarter),
		cmocka_unit_test(scale_not_flagged),
		cmocka_unit_test(data_traps),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
