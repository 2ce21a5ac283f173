/* test_resume_findings.c: issue 9's judgements outside the launch
 * records: HF Trainer resumes counted from the stated global step, the
 * c x G + k counter offset, bf16 quantization vs a stalled logger, trial 1
 * on an exactly-zero loss. Values computed by hand in each comment. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "importers/importer.h"
#include "model/core/checklist.h"
#include "model/core/findings.h"
#include "model/core/resume.h"
#include "imp_test.h"
#include "series_test.h"

#define FIX DT_FIXTURES "/resume/"
#define N(a) (sizeof(a) / sizeof((a)[0]))

/* hf_resume_stdout.log (15 lines), --logging-steps 10: launch 1 (banner
 * line 1) logs 3 records -> steps 10, 20, 30; launch 2 (banner line 8,
 * `Continuing training from global step 20` line 13) logs 2 records
 * counted from 20 -> 30, 40 (not 10, 20). Evidence: banner 1 (launch 0),
 * banner 8 and marker hf_global_step 13 with checkpoint 20 (launch 1). */
static void test_hf_resumed_launch(void **state)
{
	(void)state;
	size_t len;
	char *d = it_slurp(FIX "hf_resume_stdout.log", &len);
	dt_rawlog log;
	it_parse_exact(&dt_imp_hf_stdout, "hf_resume_stdout.log", d, len, 10,
	               &log);
	const dt_rawseries *s = it_series(&log, "loss");
	const int64_t st[] = {10, 20, 30, 30, 40};
	assert_int_equal(s->n, N(st));
	for (size_t i = 0; i < N(st); i++)
		assert_int_equal(s->step[i], st[i]);
	assert_int_equal(s->nmarks, 1);
	assert_int_equal(s->marks[0], 3);
	assert_int_equal(log.nlaunches, 1);
	assert_int_equal(log.nlaunch_ev, 3);
	assert_int_equal(log.launch_ev[0].launch, 0);
	assert_int_equal(log.launch_ev[0].kind, DT_LAUNCH_BANNER);
	assert_int_equal(log.launch_ev[0].line, 1);
	assert_int_equal(log.launch_ev[1].launch, 1);
	assert_int_equal(log.launch_ev[1].kind, DT_LAUNCH_BANNER);
	assert_int_equal(log.launch_ev[1].line, 8);
	assert_int_equal(log.launch_ev[2].kind, DT_LAUNCH_MARKER);
	assert_int_equal(log.launch_ev[2].line, 13);
	assert_int_equal(log.launch_ev[2].ckpt_step, 20);
	assert_string_equal(log.launch_ev[2].marker, "hf_global_step");
	assert_true(it_has_note(&log, "counted from global step 20"));
	dt_rawlog_free(&log);
	free(d);
}

/* c x G + k: steps 1..10 with LR 1e-4 x s; resumed from checkpoint 8
 * with G = 4, the counter restored as 8 x 4 = 32 and incremented: 33,
 * 34, 35 with LR 9e-4, 1e-3, 1.1e-3 (true steps 9, 10, 11). r = 33: the
 * x G reading fails (33 = 3 x 11: LR at 11 = 1.1e-3 != 9e-4; 11 x 3 and
 * 33 x 1 no better); (33 - 1) / 4 = 8, true step 9, LR before at 9 =
 * 9e-4 = LR after: confirmed. Offset x4 additive, lost 0, replayed 9,
 * 10 (LR equal there: pass). */
static void test_counter_offset_additive(void **state)
{
	(void)state;
	int64_t s1[10], s2[] = {33, 34, 35};
	double l1[10], r1[10], l2[] = {1.4, 1.39, 1.38}, r2[] = {9e-4, 1e-3, 1.1e-3};
	for (int i = 0; i < 10; i++) {
		s1[i] = i + 1;
		l1[i] = 2.0 - 0.06 * (double)(i + 1);
		r1[i] = 1e-4 * (double)(i + 1);
	}
	l2[0] = l1[8];
	l2[1] = l1[9];
	dt_series loss[] = {seg(s1, l1, 10), seg(s2, l2, 3)};
	dt_series lr[] = {seg(s1, r1, 10), seg(s2, r2, 3)};
	dt_resume_in in = {.loss = loss, .nseg = 2, .lr = lr, .nlr = 2};
	dt_resume_opts o = dt_resume_defaults();
	dt_restart_verdict *v;
	size_t n;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].offset_factor, 4);
	assert_int_equal(v[0].offset_additive, 1);
	assert_int_equal(v[0].offset_confirmed, 1);
	assert_int_equal(v[0].true_step, 9);
	assert_int_equal(v[0].lost, 0);
	assert_int_equal(v[0].check[DT_RC_STEP], DT_CHECK_FAIL);
	assert_int_equal(v[0].check[DT_RC_LR], DT_CHECK_PASS);
	assert_int_equal(v[0].check[DT_RC_REPLAY], DT_CHECK_PASS);
	assert_non_null(strstr(v[0].detail[DT_RC_STEP], "checkpoint x 4"));
	assert_non_null(strstr(v[0].cause[DT_RC_STEP], "checkpoint step x G"));
	free(v);
}

/* bf16: 20 values on the bf16 grid (multiples of 1/64 in [2, 4): 8
 * significant bits), 150/64 = 2.34375 x 5, 149/64 x 5, 148/64 x 5,
 * 147/64 x 5: 4 constant runs, quantization, half a grid step relative
 * = (1/64)/2 / 2.34375 = 0.333 % -> "pilot loss logged in bf16: +-0.33 %".
 * The same runs of 2.3456, 2.3455, ... (off the grid) stay a
 * constant_values finding about identical values. */
static void test_bf16_quantization(void **state)
{
	(void)state;
	int64_t st[20];
	double va[20], vb[20];
	for (int i = 0; i < 20; i++) {
		st[i] = i + 1;
		va[i] = (double)(150 - i / 5) / 64.0;
		vb[i] = 2.3456 - 0.0001 * (double)(i / 5);
	}
	dt_series s = seg(st, va, 20);
	dt_findings f = {0};
	assert_int_equal(dt_findings_data(&s, "pilot", "loss", &f), 0);
	assert_int_equal(f.n, 1);
	assert_int_equal(f.v[0].kind, DT_FIND_CONSTANT);
	assert_int_equal(f.v[0].quantized, 8);
	assert_int_equal(f.v[0].count, 4);
	assert_non_null(strstr(f.v[0].detail, "pilot loss logged in bf16: "
	                       "+-0.33 %"));
	assert_non_null(strstr(f.v[0].detail, "not a stalled logger"));
	dt_findings_free(&f);
	s = seg(st, vb, 20);
	assert_int_equal(dt_findings_data(&s, "pilot", "loss", &f), 0);
	assert_int_equal(f.n, 1);
	assert_int_equal(f.v[0].quantized, 0);
	assert_non_null(strstr(f.v[0].detail, "identical consecutive values"));
	dt_findings_free(&f);
}

/* Trial 1: a loss falling 2.0 .. 0.1 over steps 1..19 and then exactly
 * 0.0 at step 20 "decreases", but a loss of exactly 0.0 is a collapse
 * (or a compile trial run): fail naming step 20. */
static void test_trial1_zero_loss(void **state)
{
	(void)state;
	int64_t st[20];
	double va[20];
	for (int i = 0; i < 20; i++) {
		st[i] = i + 1;
		va[i] = 2.0 - 0.1 * (double)i;
	}
	va[19] = 0.0;
	dt_series s = seg(st, va, 20);
	dt_check_run r = {.name = "p", .loss = &s, .logging_steps = 1};
	dt_check_status status;
	char detail[300];
	dt_rule_trial1(&r, 1, &status, detail, sizeof detail);
	assert_int_equal(status, DT_CK_FAIL);
	assert_non_null(strstr(detail, "exactly 0.0 at 1 step(s) from step 20"));
	va[19] = 0.05;
	dt_rule_trial1(&r, 1, &status, detail, sizeof detail);
	assert_int_equal(status, DT_CK_PASS);
}

/* step_offset: baseline loss 10 / s at steps 1..30; the pilot logs the
 * same curve with 0-based steps (pilot step s holds the baseline's value
 * at s + 1). Unshifted, the gaps 10/s - 10/(s+1) are large early on;
 * shifted by +1 they vanish (0 <= a quarter): finding with factor +1.
 * An identical pilot gives none (unshifted gap 0). */
static void test_step_offset(void **state)
{
	(void)state;
	int64_t st[30];
	double b[30], p[30];
	for (int i = 0; i < 30; i++) {
		st[i] = i + 1;
		b[i] = 10.0 / (double)(i + 1);
		p[i] = 10.0 / (double)(i + 2);
	}
	dt_series sb = seg(st, b, 30), sp = seg(st, p, 30);
	dt_findings f = {0};
	assert_int_equal(dt_findings_step_offset(&sb, &sp, &f), 1);
	assert_int_equal(f.v[0].kind, DT_FIND_STEP_OFFSET);
	assert_float_equal(f.v[0].factor, 1.0, 0);
	assert_float_equal(f.v[0].ratio, 0.0, 1e-12);
	assert_string_equal(dt_finding_kind_name(f.v[0].kind), "step_offset");
	assert_non_null(strstr(f.v[0].detail, "fit one step apart"));
	dt_findings_free(&f);
	assert_int_equal(dt_findings_step_offset(&sb, &sb, &f), 0);
	assert_int_equal(f.n, 0);
	dt_findings_free(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hf_resumed_launch),
		cmocka_unit_test(test_counter_offset_additive),
		cmocka_unit_test(test_bf16_quantization),
		cmocka_unit_test(test_trial1_zero_loss),
		cmocka_unit_test(test_step_offset),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
