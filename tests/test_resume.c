/* test_resume.c: per-restart continuity verdicts on hand-made segments.
 * Every expected number is worked out in the comment above its test. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "model/core/resume.h"
#include "series_test.h"

/* Segment 1 used by several tests: steps 1..10, loss 1.37, LR 1e-4*s. */
typedef struct ramp {
	int64_t step[10];
	double loss[10], lr[10];
} ramp;

static void ramp_init(ramp *r)
{
	for (int i = 0; i < 10; i++) {
		r->step[i] = i + 1;
		r->loss[i] = 1.37;
		r->lr[i] = 1e-4 * (i + 1);
	}
}

/* Segment 1 logs steps 1..10, the run resumes from the confirmed
 * checkpoint 8 and logs 9..14 (full state: the same values on 9, 10).
 * step: t = 9, c = 8, I = 1: 8 < 9 <= 9, lost 0; replayed = last
 *   re-covered step 10 - 9 + 1 = 2 optimizer steps -> pass.
 * lr: 0.001*s on both sides; replayed 9, 10 equal -> pass.
 * replay: losses at 9 (1.38) and 10 (1.37) equal -> max 0 -> pass.
 * loss (window 3): replayed steps 9, 10 are compared with the losses
 *   logged there before: step 9 (1.38 vs 1.38) set aside as spike
 *   candidate, then step 10: 1.37 vs 1.37 -> shift 0 -> pass; first
 *   point (1.38 - 1.38)/1.38 = 0 -> no spike. (The old mean-before vs
 *   mean-after rule gave -2.85 % here only because the loss falls.)
 * data_cursor: consumed_samples 16*s; first after (step 9) 144 >= 128
 *   at step 8 -> pass. */
static void full_state_resume_passes(void **state)
{
	(void)state;
	int64_t s1[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, s2[] = {9, 10, 11, 12, 13, 14};
	double l1[] = {2.0, 1.8, 1.6, 1.5, 1.45, 1.42, 1.40, 1.39, 1.38, 1.37};
	double l2[] = {1.38, 1.37, 1.36, 1.36, 1.35, 1.35};
	double r1[10], r2[6], c1[10], c2[6];
	for (int i = 0; i < 10; i++) {
		r1[i] = 0.001 * (double)s1[i];
		c1[i] = 16.0 * (double)s1[i];
	}
	for (int i = 0; i < 6; i++) {
		r2[i] = 0.001 * (double)s2[i];
		c2[i] = 16.0 * (double)s2[i];
	}
	dt_series loss[] = {seg(s1, l1, 10), seg(s2, l2, 6)};
	dt_series lr[] = {seg(s1, r1, 10), seg(s2, r2, 6)};
	dt_series cur[] = {seg(s1, c1, 10), seg(s2, c2, 6)};
	int64_t ckpt[] = {8};
	dt_resume_in in = {.loss = loss, .nseg = 2, .lr = lr, .nlr = 2,
	                   .cursor = cur, .ncursor = 2,
	                   .cursor_metric = "consumed_samples",
	                   .ckpt_step = ckpt, .nckpt = 1};
	dt_resume_opts o = dt_resume_defaults();
	o.window = 3;
	dt_restart_verdict *v;
	size_t n;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(v[0].at_step, 9);
	assert_int_equal(v[0].last_before, 10);
	assert_int_equal(v[0].ckpt_step, 8);
	assert_int_equal(v[0].replayed, 2);
	assert_int_equal(v[0].lost, 0);
	assert_int_equal(v[0].offset_factor, 0);
	assert_int_equal(v[0].check[DT_RC_STEP], DT_CHECK_PASS);
	assert_int_equal(v[0].check[DT_RC_LR], DT_CHECK_PASS);
	assert_int_equal(v[0].check[DT_RC_REPLAY], DT_CHECK_PASS);
	assert_int_equal(v[0].replay_n, 2);
	assert_float_equal(v[0].replay_max_rel, 0.0, 1e-15);
	assert_int_equal(v[0].check[DT_RC_LOSS], DT_CHECK_PASS);
	assert_float_equal(v[0].level_shift, 0.0, 1e-15);
	assert_int_equal(v[0].replayed_points, 2);  /* 9, 10 */
	assert_int_equal(v[0].spike_step, 0);
	assert_int_equal(v[0].check[DT_RC_CURSOR], DT_CHECK_PASS);
	assert_true(v[0].pass);
	free(v);
}

/* The same run, but the restart lost its state: LR warm-up restarts
 * (0.0001*(s-8): 0.0001 at step 9 vs 0.009 before), step 9's loss is
 * 1.45 vs 1.38 before (|0.07|/1.38 = 5.07 % > 2 %), and consumed_samples
 * restarts at 16 at step 9 < 128 at step 8.
 * lr fail (warm-up restarted), replay fail (max 0.050725 at step 9),
 * data_cursor fail; step still passes (t = 9 after checkpoint 8). */
static void lost_state_fails_lr_replay_cursor(void **state)
{
	(void)state;
	int64_t s1[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, s2[] = {9, 10, 11, 12};
	double l1[] = {2.0, 1.8, 1.6, 1.5, 1.45, 1.42, 1.40, 1.39, 1.38, 1.37};
	double l2[] = {1.45, 1.37, 1.36, 1.36};
	double r1[10], r2[4], c1[10], c2[4];
	for (int i = 0; i < 10; i++) {
		r1[i] = 0.001 * (double)s1[i];
		c1[i] = 16.0 * (double)s1[i];
	}
	for (int i = 0; i < 4; i++) {
		r2[i] = 0.0001 * (double)(s2[i] - 8);
		c2[i] = 16.0 * (double)(s2[i] - 8);
	}
	dt_series loss[] = {seg(s1, l1, 10), seg(s2, l2, 4)};
	dt_series lr[] = {seg(s1, r1, 10), seg(s2, r2, 4)};
	dt_series cur[] = {seg(s1, c1, 10), seg(s2, c2, 4)};
	int64_t ckpt[] = {8};
	dt_resume_in in = {.loss = loss, .nseg = 2, .lr = lr, .nlr = 2,
	                   .cursor = cur, .ncursor = 2, .cursor_metric = "epoch",
	                   .ckpt_step = ckpt, .nckpt = 1};
	dt_resume_opts o = dt_resume_defaults();
	o.window = 3;
	dt_restart_verdict *v;
	size_t n;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].check[DT_RC_STEP], DT_CHECK_PASS);
	assert_int_equal(v[0].check[DT_RC_LR], DT_CHECK_FAIL);
	assert_non_null(strstr(v[0].detail[DT_RC_LR], "warm-up restarted"));
	assert_int_equal(v[0].check[DT_RC_REPLAY], DT_CHECK_FAIL);
	assert_float_equal(v[0].replay_max_rel, 0.07 / 1.38, 1e-12);
	assert_int_equal(v[0].replay_max_step, 9);
	assert_int_equal(v[0].check[DT_RC_CURSOR], DT_CHECK_FAIL);
	assert_non_null(strstr(v[0].detail[DT_RC_CURSOR], "went backwards"));
	assert_false(v[0].pass);
	assert_non_null(strstr(v[0].reason, "replay:"));
	free(v);
}

/* Gradient-accumulation offset: steps 1..10 (lr 1e-4*s), then the
 * counter shows 40, 44, 48 (G = 4 micro-steps per logged step) with LR
 * 1.0e-3, 1.1e-3, 1.2e-3. r = 40, last = 10, I = 1: 40 - 10 > 1.
 * g = 2: t = 20 > 11 no; g = 3: 40 % 3 != 0; g = 4: t = 10 <= 11, LR at
 * 40 after (1e-3) = LR before at 10 (1e-3), and the schedule before
 * extrapolated to 40 gives 4e-3 (distinct): confirmed. After stride 4 =
 * G x I: true steps 10, 11, 12. Step check fails as an offset with
 * lost 0 (not 40 - 10 - 1 = 29), replayed = {10} = 1, LR passes on the
 * replayed step 10. */
static void grad_accum_offset_recognised(void **state)
{
	(void)state;
	int64_t s2[] = {40, 44, 48};
	double l2[] = {1.37, 1.36, 1.36}, r2[] = {1e-3, 1.1e-3, 1.2e-3};
	ramp a;
	ramp_init(&a);
	dt_series loss[] = {seg(a.step, a.loss, 10), seg(s2, l2, 3)};
	dt_series lr[] = {seg(a.step, a.lr, 10), seg(s2, r2, 3)};
	dt_resume_in in = {.loss = loss, .nseg = 2, .lr = lr, .nlr = 2};
	dt_resume_opts o = dt_resume_defaults();
	dt_restart_verdict *v;
	size_t n;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].at_step, 40);
	assert_int_equal(v[0].offset_factor, 4);
	assert_true(v[0].offset_confirmed);
	assert_int_equal(v[0].true_step, 10);
	assert_int_equal(v[0].lost, 0);
	assert_int_equal(v[0].replayed, 1);
	assert_int_equal(v[0].check[DT_RC_STEP], DT_CHECK_FAIL);
	assert_non_null(strstr(v[0].detail[DT_RC_STEP], "offset x4"));
	assert_non_null(strstr(v[0].detail[DT_RC_STEP], "not 29 lost steps"));
	assert_int_equal(v[0].check[DT_RC_LR], DT_CHECK_PASS);
	free(v);
}

/* Same jump to 40 but the LR after is 4e-3 = the schedule at step 40:
 * the counter is right and steps 11..39 were lost: lost = 40 - 10 - 1
 * = 29, no offset; LR follows the trend (pred 4e-3) -> pass. With a G
 * hint of 4 and no LR at all, the offset is taken but unconfirmed. */
static void real_gap_counts_lost_steps(void **state)
{
	(void)state;
	int64_t s2[] = {40, 41, 42};
	double l2[] = {1.37, 1.36, 1.36}, r2[] = {4e-3, 4.1e-3, 4.2e-3};
	ramp a;
	ramp_init(&a);
	dt_series loss[] = {seg(a.step, a.loss, 10), seg(s2, l2, 3)};
	dt_series lr[] = {seg(a.step, a.lr, 10), seg(s2, r2, 3)};
	dt_resume_in in = {.loss = loss, .nseg = 2, .lr = lr, .nlr = 2};
	dt_resume_opts o = dt_resume_defaults();
	dt_restart_verdict *v;
	size_t n;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].offset_factor, 0);
	assert_int_equal(v[0].lost, 29);
	assert_int_equal(v[0].check[DT_RC_STEP], DT_CHECK_FAIL);
	assert_int_equal(v[0].check[DT_RC_LR], DT_CHECK_PASS);
	free(v);
	dt_resume_in hint = {.loss = loss, .nseg = 2, .grad_accum_hint = 4};
	assert_int_equal(dt_resume_check(&hint, &o, &v, &n), 0);
	assert_int_equal(v[0].offset_factor, 4);
	assert_false(v[0].offset_confirmed);
	assert_int_equal(v[0].true_step, 10);  /* stride 1 != 4: shift 30 */
	assert_int_equal(v[0].lost, 0);
	assert_int_equal(v[0].check[DT_RC_LR], DT_CHECK_NA);
	free(v);
}

/* LR frozen: before 1e-4*s (changing by 1e-4 between steps 9 and 10),
 * after steps 11..15 all at 1e-3 (>= 3 equal points) -> lr fail. The
 * loss after starts with a one-point spike: 2.0 at step 11, then 1.37:
 * window 3: before mean 1.37, after (12,13,14) 1.37 -> shift 0, first
 * point (2.0 - 1.37)/1.37 = +45.99 % -> spike at step 11, loss passes.
 * No checkpoint is known: step n/a (11 follows 10, nothing lost). */
static void frozen_lr_and_spike(void **state)
{
	(void)state;
	int64_t s2[] = {11, 12, 13, 14, 15};
	double l2[] = {2.0, 1.37, 1.37, 1.37, 1.37};
	double r2[] = {1e-3, 1e-3, 1e-3, 1e-3, 1e-3};
	ramp a;
	ramp_init(&a);
	dt_series loss[] = {seg(a.step, a.loss, 10), seg(s2, l2, 5)};
	dt_series lr[] = {seg(a.step, a.lr, 10), seg(s2, r2, 5)};
	dt_resume_in in = {.loss = loss, .nseg = 2, .lr = lr, .nlr = 2};
	dt_resume_opts o = dt_resume_defaults();
	o.window = 3;
	dt_restart_verdict *v;
	size_t n;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].check[DT_RC_STEP], DT_CHECK_NA);
	assert_int_equal(v[0].check[DT_RC_LR], DT_CHECK_FAIL);
	assert_non_null(strstr(v[0].detail[DT_RC_LR], "frozen"));
	assert_int_equal(v[0].check[DT_RC_LOSS], DT_CHECK_PASS);
	assert_int_equal(v[0].spike_step, 11);
	assert_float_equal(v[0].spike_rel, 0.63 / 1.37, 1e-12);
	assert_float_equal(v[0].level_shift, 0.0, 1e-15);
	assert_int_equal(v[0].check[DT_RC_REPLAY], DT_CHECK_NA);
	free(v);
}

/* The one restart of `in` checked with the defaults and window 3. */
static dt_restart_verdict *check_window3(const dt_resume_in *in)
{
	dt_resume_opts o = dt_resume_defaults();
	o.window = 3;
	dt_restart_verdict *v;
	size_t n;
	assert_int_equal(dt_resume_check(in, &o, &v, &n), 0);
	assert_int_equal(n, 1);
	return v;
}

/* Falling loss without replay or baseline: loss = 2.0 - 0.05 * step on
 * steps 1..10, resumed at 11 (checkpoint 10) on the same line. Window 3:
 * least-squares line through steps 8, 9, 10 (1.60, 1.55, 1.50) is the
 * line itself; after: step 11 set aside, steps 12..14 = 1.40, 1.35,
 * 1.30, mean 1.35, inside the band [1.35 trend, 1.55 flat mean of 8..10]
 * -> shift 0 -> pass. (Mean before 1.55 vs after 1.35 would have been
 * -12.9 %: a fail on a perfect resume.) The after segment scaled by 0.9:
 * mean 1.215 < 1.35 (trend edge) -> (1.215 - 1.35)/1.35 = -10 % -> fail;
 * scaled by 1.25: mean 1.6875 > 1.55 (flat edge) -> 0.1375/1.55 =
 * +8.87 % -> fail. */
static void falling_loss_judged_against_trend(void **state)
{
	(void)state;
	int64_t s1[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, s2[] = {11, 12, 13, 14, 15, 16};
	double l1[10], l2[6], l3[6];
	for (int i = 0; i < 10; i++)
		l1[i] = 2.0 - 0.05 * (double)s1[i];
	for (int i = 0; i < 6; i++) {
		l2[i] = 2.0 - 0.05 * (double)s2[i];
		l3[i] = l2[i];
	}
	dt_series loss[] = {seg(s1, l1, 10), seg(s2, l2, 6)};
	int64_t ckpt[] = {10};
	dt_resume_in in = {.loss = loss, .nseg = 2, .ckpt_step = ckpt, .nckpt = 1};
	dt_restart_verdict *v = check_window3(&in);
	assert_int_equal(v[0].check[DT_RC_LOSS], DT_CHECK_PASS);
	assert_float_equal(v[0].level_shift, 0.0, 1e-12);
	assert_int_equal(v[0].check[DT_RC_STEP], DT_CHECK_PASS);
	assert_int_equal(v[0].replayed, 0);
	assert_true(v[0].pass);
	free(v);
	for (int i = 0; i < 6; i++)
		l3[i] = 0.9 * l2[i];
	loss[1] = seg(s2, l3, 6);
	v = check_window3(&in);
	assert_int_equal(v[0].check[DT_RC_LOSS], DT_CHECK_FAIL);
	assert_float_equal(v[0].level_shift, -0.1, 1e-12);
	free(v);
	for (int i = 0; i < 6; i++)
		l3[i] = 1.25 * l2[i];
	v = check_window3(&in);
	assert_int_equal(v[0].check[DT_RC_LOSS], DT_CHECK_FAIL);
	assert_float_equal(v[0].level_shift, (1.6875 - 1.55) / 1.55, 1e-12);
	free(v);
}

/* Two separate runs imported together: segment 2 starts at step 1 again
 * (<= 1, the first step of segment 1). step: fail, "restarted from the
 * beginning (step 1)", no lost steps; loss: all 10 steps are replayed,
 * so the level compares step 2..4 after with 2..4 before (identical):
 * shift 0, pass (it used to be n/a: no points before step 1). Replayed:
 * 10 - 1 + 1 = 10 steps, 10 points. */
static void restart_from_scratch_fails_step(void **state)
{
	(void)state;
	ramp a;
	ramp_init(&a);
	for (int i = 0; i < 10; i++)
		a.loss[i] = 2.0 - 0.05 * (double)a.step[i];
	dt_series loss[] = {seg(a.step, a.loss, 10), seg(a.step, a.loss, 10)};
	dt_resume_in in = {.loss = loss, .nseg = 2};
	dt_restart_verdict *v = check_window3(&in);
	assert_int_equal(v[0].check[DT_RC_STEP], DT_CHECK_FAIL);
	assert_non_null(strstr(v[0].detail[DT_RC_STEP], "training restarted "
	                       "from the beginning (step 1), not a resume"));
	assert_int_equal(v[0].lost, 0);
	assert_int_equal(v[0].replayed, 10);
	assert_int_equal(v[0].replayed_points, 10);
	assert_int_equal(v[0].check[DT_RC_LOSS], DT_CHECK_PASS);
	assert_float_equal(v[0].level_shift, 0.0, 1e-15);
	assert_false(v[0].pass);
	free(v);
}

/* Level shift against a baseline: baseline 1.0 at steps 1..16; pilot
 * 1.0 before the restart (steps 1..10), 1.1 after (11..16). Window 3:
 * ratio before 1.0, after (12,13,14) 1.1 -> shift +10 % > 5 % -> fail.
 * A run with one segment has no restarts. */
static void level_shift_vs_baseline(void **state)
{
	(void)state;
	int64_t s1[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, s2[] = {11, 12, 13, 14, 15, 16};
	int64_t bs[16];
	double l1[10], l2[6], bv[16];
	for (int i = 0; i < 16; i++) {
		bs[i] = i + 1;
		bv[i] = 1.0;
	}
	for (int i = 0; i < 10; i++)
		l1[i] = 1.0;
	for (int i = 0; i < 6; i++)
		l2[i] = 1.1;
	dt_series loss[] = {seg(s1, l1, 10), seg(s2, l2, 6)};
	dt_series base = seg(bs, bv, 16);
	dt_resume_in in = {.loss = loss, .nseg = 2, .baseline = &base};
	dt_resume_opts o = dt_resume_defaults();
	o.window = 3;
	dt_restart_verdict *v;
	size_t n;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].check[DT_RC_LOSS], DT_CHECK_FAIL);
	assert_float_equal(v[0].level_shift, 0.1, 1e-12);
	assert_non_null(strstr(v[0].detail[DT_RC_LOSS], "pilot/baseline ratio"));
	free(v);
	in.nseg = 1;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(n, 0);
	assert_null(v);
}

/* A baseline logged at other steps than the pilot (every 10 steps from
 * 10, as the Mistral trainer_state; the pilot logs 1..9 like the HyperPod
 * log) gives no pilot/baseline ratio at all: the loss check must judge
 * the run as without a baseline, never pass by n/a. Pilot loss 2.0 at
 * steps 1..5, restart, 1.0 at 6..9 (resumed at 6 after 5, no checkpoint
 * known: step n/a, nothing lost).
 * Without a baseline: no replayed steps; trend through 5 points of 2.0
 * is flat, band [2.0, 2.0]; after window: step 6 set aside, mean of
 * 7..9 = 1.0 over 3 points; shift (1.0 - 2.0) / 2.0 = -50 % -> fail.
 * With the baseline the same numbers and the same fail, the reason
 * saying why the ratio was not used. A baseline that does meet the
 * pilot's steps (1.0 at 1..9) still gives the ratio: 2.0 before, 1.0
 * after -> -50 % as a ratio. */
static void baseline_without_common_steps_falls_back(void **state)
{
	(void)state;
	int64_t s1[] = {1, 2, 3, 4, 5}, s2[] = {6, 7, 8, 9};
	int64_t bs[] = {10, 20, 30, 40, 50, 60, 70, 80, 90};
	int64_t bs2[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
	double l1[] = {2.0, 2.0, 2.0, 2.0, 2.0}, l2[] = {1.0, 1.0, 1.0, 1.0};
	double bv[] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
	dt_series loss[] = {seg(s1, l1, 5), seg(s2, l2, 4)};
	dt_series base = seg(bs, bv, 9), base2 = seg(bs2, bv, 9);
	dt_resume_in in = {.loss = loss, .nseg = 2};
	dt_resume_opts o = dt_resume_defaults();
	const dt_series *bases[] = {NULL, &base, &base2};
	const char *want[] = {
		("loss mean 1 over 3 point(s) vs the band from the level before "
		 "(2 over 5 point(s)) to its least-squares trend at the same "
		 "steps (2): -50.00% (limit 5.00%)"),
		("no pilot/baseline ratio on both sides of the restart (no finite "
		 "baseline point at these steps), so as without a baseline: loss "
		 "mean 1 over 3 point(s) vs the band from the level before (2 "
		 "over 5 point(s)) to its least-squares trend at the same steps "
		 "(2): -50.00% (limit 5.00%)"),
		("pilot/baseline ratio mean 1 over 3 point(s) after vs before (2 "
		 "over 5): -50.00% (limit 5.00%)")};
	for (int k = 0; k < 3; k++) {
		dt_restart_verdict *v;
		size_t n;
		in.baseline = bases[k];
		assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
		assert_int_equal(n, 1);
		assert_int_equal(v[0].check[DT_RC_STEP], DT_CHECK_NA);
		assert_int_equal(v[0].check[DT_RC_LOSS], DT_CHECK_FAIL);
		assert_float_equal(v[0].level_shift, -0.5, 1e-15);
		assert_string_equal(v[0].detail[DT_RC_LOSS], want[k]);
		assert_false(v[0].pass);
		free(v);
	}
}

/* Issue 9, replay artefact: steps 1..10 (loss 2.0 - 0.05 s), resume
 * from checkpoint 6, steps 7..12 logged again: 7, 9, 10 exactly as
 * before, 8 printed as the mean of 7 and 8 once (1.625 vs 1.6: 1.5625 %
 * would pass anyway, so it is made 1.7: 6.25 % > 2 %). 4 replayed steps,
 * 3 exact, 1 off -> logging artefact at step 8, replay passes; the level
 * (window 3: steps 8, 9, 10 after the first) moves by (1.7 - 1.6)/3 /
 * ((1.6+1.55+1.5)/3) = 0.1 / 4.65 = 2.15 % < 5 %: pass. */
static void replay_artefact_is_not_a_fault(void **state)
{
	(void)state;
	int64_t s1[10], s2[] = {7, 8, 9, 10, 11, 12};
	double l1[10], l2[6];
	for (int i = 0; i < 10; i++) {
		s1[i] = i + 1;
		l1[i] = 2.0 - 0.05 * (double)(i + 1);
	}
	for (int i = 0; i < 6; i++)
		l2[i] = 2.0 - 0.05 * (double)s2[i];
	l2[1] = 1.7;
	dt_series loss[] = {seg(s1, l1, 10), seg(s2, l2, 6)};
	int64_t ckpt[] = {6};
	dt_resume_in in = {.loss = loss, .nseg = 2, .ckpt_step = ckpt,
	                   .nckpt = 1};
	dt_resume_opts o = dt_resume_defaults();
	o.window = 3;
	dt_restart_verdict *v;
	size_t n;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].replay_n, 4);
	assert_int_equal(v[0].check[DT_RC_REPLAY], DT_CHECK_PASS);
	assert_int_equal(v[0].artefact_step, 8);
	assert_non_null(strstr(v[0].detail[DT_RC_REPLAY], "logging artefact at "
	                       "step 8"));
	assert_true(v[0].pass);
	/* Two points off: a real replay difference, with its cause. */
	l2[2] = 1.7;
	free(v);
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].check[DT_RC_REPLAY], DT_CHECK_FAIL);
	assert_int_equal(v[0].artefact_step, 0);
	assert_non_null(strstr(v[0].cause[DT_RC_REPLAY], "model / optimizer"));
	free(v);
}

/* Issue 9, data cursor over the run: consumed_samples 16 x step for
 * steps 1..10; resume from checkpoint 10 at step 11.
 * (a) jump forward: 11 -> 256 instead of 176 (expected 160 + 16 x 1;
 *     tol 0.5 x 16 x 1 = 8): 80 samples = 5 steps of data skipped ->
 *     fail at step 11, cause sampler / dataloader.
 * (b) fault later: 11..14 = 176, 192, 288, 304: 192 -> 288 over one step
 *     is 96 vs 16 -> fail at step 13 ("skipped").
 * (c) a logged global batch of 16 gives the same verdicts; epoch
 *     cursor 0.1 x step dropping to 0.05 at step 13 -> fail at 13. */
static void cursor_judged_over_the_run(void **state)
{
	(void)state;
	int64_t s1[10], s2[] = {11, 12, 13, 14};
	double l1[10], l2[4], c1[10], c2[4] = {256, 272, 288, 304};
	for (int i = 0; i < 10; i++) {
		s1[i] = i + 1;
		l1[i] = 1.5;
		c1[i] = 16.0 * (double)(i + 1);
	}
	for (int i = 0; i < 4; i++)
		l2[i] = 1.5;
	dt_series loss[] = {seg(s1, l1, 10), seg(s2, l2, 4)};
	dt_series cur[] = {seg(s1, c1, 10), seg(s2, c2, 4)};
	int64_t ckpt[] = {10};
	dt_resume_in in = {.loss = loss, .nseg = 2, .cursor = cur, .ncursor = 2,
	                   .cursor_metric = "consumed_samples",
	                   .ckpt_step = ckpt, .nckpt = 1};
	dt_resume_opts o = dt_resume_defaults();
	dt_restart_verdict *v;
	size_t n;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].check[DT_RC_CURSOR], DT_CHECK_FAIL);
	assert_int_equal(v[0].cursor_fault_step, 11);
	assert_non_null(strstr(v[0].detail[DT_RC_CURSOR], "about 5 step(s) of "
	                       "data skipped"));
	assert_non_null(strstr(v[0].cause[DT_RC_CURSOR], "sampler"));
	free(v);
	double c2b[] = {176, 192, 288, 304};
	cur[1] = seg(s2, c2b, 4);
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].check[DT_RC_CURSOR], DT_CHECK_FAIL);
	assert_int_equal(v[0].cursor_fault_step, 13);
	assert_non_null(strstr(v[0].detail[DT_RC_CURSOR], "skipped at step 13"));
	free(v);
	in.global_batch = 16;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].cursor_fault_step, 13);
	free(v);
	double c2c[] = {176, 192, 208, 224};  /* intact: pass */
	cur[1] = seg(s2, c2c, 4);
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].check[DT_RC_CURSOR], DT_CHECK_PASS);
	assert_int_equal(v[0].cursor_fault_step, 0);
	free(v);
	double e1[10], e2[] = {1.1, 1.2, 0.05, 0.15};
	for (int i = 0; i < 10; i++)
		e1[i] = 0.1 * (double)(i + 1);
	dt_series ep[] = {seg(s1, e1, 10), seg(s2, e2, 4)};
	in.cursor = ep;
	in.cursor_metric = "epoch";
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].check[DT_RC_CURSOR], DT_CHECK_FAIL);
	assert_int_equal(v[0].cursor_fault_step, 13);
	assert_non_null(strstr(v[0].detail[DT_RC_CURSOR], "sampler epoch drops"));
	free(v);
}

/* The data cursor after a restart that changed the global batch: steps
 * 1..10 at 16 samples per step (consumed_samples = 16 x step, 160 at
 * step 10), resumed from checkpoint 10 at step 11 with a batch of 32:
 * 192, 224, 256, 288 at steps 11..14. Judged at the run's first batch
 * (16): 192 is 16 above 160 + 16 (tol 8) -> fail at step 11 "skipped";
 * with the restart's evidence saying 32: expected 160 + 32 = 192, every
 * step then advances 32 = 32 x 1 -> pass. */
static void cursor_rate_follows_a_batch_change(void **state)
{
	(void)state;
	int64_t s1[10], s2[] = {11, 12, 13, 14};
	double l1[10], l2[] = {1.5, 1.5, 1.5, 1.5}, c1[10];
	double c2[] = {192, 224, 256, 288};
	for (int i = 0; i < 10; i++) {
		s1[i] = i + 1;
		l1[i] = 1.5;
		c1[i] = 16.0 * (double)(i + 1);
	}
	dt_series loss[] = {seg(s1, l1, 10), seg(s2, l2, 4)};
	dt_series cur[] = {seg(s1, c1, 10), seg(s2, c2, 4)};
	int64_t ckpt[] = {10};
	dt_restart_evidence ev = {.n = 0, .global_batch = 0};
	dt_resume_in in = {.loss = loss, .nseg = 2, .cursor = cur, .ncursor = 2,
	                   .cursor_metric = "consumed_samples",
	                   .ckpt_step = ckpt, .nckpt = 1, .evidence = &ev,
	                   .global_batch = 16};
	dt_resume_opts o = dt_resume_defaults();
	dt_restart_verdict *v;
	size_t n;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].check[DT_RC_CURSOR], DT_CHECK_FAIL);
	assert_int_equal(v[0].cursor_fault_step, 11);
	free(v);
	ev.global_batch = 32;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].check[DT_RC_CURSOR], DT_CHECK_PASS);
	assert_int_equal(v[0].cursor_fault_step, 0);
	free(v);
}

/* Issue 9: the checkpoint step the log states (evidence) wins over the
 * given one and is reported as log_ckpt; the evidence is passed through.
 * Steps 1..10, resumed at 9 with the log naming checkpoint 8 and the
 * option saying 10: the step check judges 8 < 9 <= 9 -> pass (with 10
 * it would fail "not after the checkpoint"). */
static void log_checkpoint_used(void **state)
{
	(void)state;
	ramp r;
	ramp_init(&r);
	int64_t s2[] = {9, 10, 11};
	double l2[] = {1.37, 1.37, 1.37};
	dt_series loss[] = {seg(r.step, r.loss, 10), seg(s2, l2, 3)};
	int64_t ckpt[] = {10};
	dt_restart_evidence ev = {.n = 1};
	ev.ev[0] = (dt_launch_evidence){.launch = 1, .kind = DT_LAUNCH_MARKER,
	                                .line = 42, .ckpt_step = 8,
	                                .marker = "megatron_loaded"};
	dt_resume_in in = {.loss = loss, .nseg = 2, .ckpt_step = ckpt,
	                   .nckpt = 1, .evidence = &ev};
	dt_resume_opts o = dt_resume_defaults();
	dt_restart_verdict *v;
	size_t n;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].log_ckpt, 8);
	assert_int_equal(v[0].given_ckpt, 10);
	assert_int_equal(v[0].ckpt_step, 8);
	assert_int_equal(v[0].check[DT_RC_STEP], DT_CHECK_PASS);
	assert_int_equal(v[0].evidence.n, 1);
	assert_int_equal(v[0].evidence.ev[0].line, 42);
	free(v);
	in.evidence = NULL;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].log_ckpt, -1);
	assert_int_equal(v[0].check[DT_RC_STEP], DT_CHECK_FAIL);
	assert_non_null(strstr(v[0].cause[DT_RC_STEP], "checkpoint"));
	free(v);
}

/* The cause of a moved loss names only what was checked as intact.
 * Steps 1..10 loss 2.0, checkpoint 10, resumed at 11..16 with loss 1.0:
 * the loss check fails (level -50 %, limit 5 %). LR 1e-4 flat on both
 * sides (pass), consumed_samples 16 x step (176 at 11 after 160 at 10:
 * pass), batch fingerprints 1..10 then 1..6 again at 11..16 with a
 * recurrence already before (steps 1 and 2 both 7): not judged.
 * (a) LR and cursor logged: "... with LR and data cursor intact";
 * (b) neither: both "not checked (not in the log)";
 * (c) LR only: the data cursor not checked; (d) cursor only: the LR not
 * checked; (e) no LR, recurring fingerprints only: the cursor "not
 * judged (batch fingerprints recur)". */
static void cause_names_unchecked_state(void **state)
{
	(void)state;
	int64_t s1[10], s2[6];
	double l1[10], l2[6], r1[10], r2[6], c1[10], c2[6], f1[10], f2[6];
	for (int i = 0; i < 10; i++) {
		s1[i] = i + 1;
		l1[i] = 2.0;
		r1[i] = 1e-4;
		c1[i] = 16.0 * (double)(i + 1);
		f1[i] = i < 2 ? 7.0 : (double)(i + 1);
	}
	for (int i = 0; i < 6; i++) {
		s2[i] = 11 + i;
		l2[i] = 1.0;
		r2[i] = 1e-4;
		c2[i] = 16.0 * (double)(11 + i);
		f2[i] = (double)(100 + i);
	}
	dt_series loss[] = {seg(s1, l1, 10), seg(s2, l2, 6)};
	dt_series lr[] = {seg(s1, r1, 10), seg(s2, r2, 6)};
	dt_series cur[] = {seg(s1, c1, 10), seg(s2, c2, 6)};
	dt_series fp[] = {seg(s1, f1, 10), seg(s2, f2, 6)};
	int64_t ckpt[] = {10};
	dt_resume_in in = {.loss = loss, .nseg = 2, .lr = lr, .nlr = 2,
	                   .cursor = cur, .ncursor = 2,
	                   .cursor_metric = "consumed_samples",
	                   .ckpt_step = ckpt, .nckpt = 1};
	dt_resume_opts o = dt_resume_defaults();
	dt_restart_verdict *v;
	size_t n;
	static const struct {
		int lr, cur, fp;
		dt_check lr_c, cur_c;
		const char *cause;
	} want[] = {
		{1, 1, 0, DT_CHECK_PASS, DT_CHECK_PASS,
		 "model / optimizer (or RNG) state not restored: the loss moved "
		 "with LR and data cursor intact"},
		{0, 0, 0, DT_CHECK_NA, DT_CHECK_NA,
		 "model / optimizer (or RNG), LR scheduler or dataloader state not "
		 "restored: the loss moved; LR and data cursor not checked (not in "
		 "the log)"},
		{1, 0, 0, DT_CHECK_PASS, DT_CHECK_NA,
		 "model / optimizer (or RNG) or dataloader state not restored: the "
		 "loss moved with the LR intact; data cursor not checked (not in "
		 "the log)"},
		{0, 1, 0, DT_CHECK_NA, DT_CHECK_PASS,
		 "model / optimizer (or RNG) or LR scheduler state not restored: "
		 "the loss moved with the data cursor intact; LR not checked (not "
		 "in the log)"},
		{0, 0, 1, DT_CHECK_NA, DT_CHECK_NA,
		 "model / optimizer (or RNG), LR scheduler or dataloader state not "
		 "restored: the loss moved; LR not checked (not in the log), data "
		 "cursor not judged (batch fingerprints recur)"},
	};
	for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
		in.lr = want[k].lr ? lr : NULL;
		in.nlr = want[k].lr ? 2 : 0;
		in.cursor = want[k].cur ? cur : NULL;
		in.ncursor = want[k].cur ? 2 : 0;
		in.fingerprint = want[k].fp ? fp : NULL;
		in.nfingerprint = want[k].fp ? 2 : 0;
		assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
		assert_int_equal(n, 1);
		assert_int_equal(v[0].check[DT_RC_LOSS], DT_CHECK_FAIL);
		assert_int_equal(v[0].check[DT_RC_LR], want[k].lr_c);
		assert_int_equal(v[0].check[DT_RC_CURSOR], want[k].cur_c);
		assert_string_equal(v[0].cause[DT_RC_LOSS], want[k].cause);
		assert_false(v[0].pass);
		free(v);
	}
}

/* A restart without a known checkpoint (the log states none, none is
 * confirmed): the step rule c < t <= c + I has no c, so the step check
 * cannot pass. Segment 1 logs steps 4000, 4010, ..., 4200 (21 points),
 * the second launch 4010, ..., 4300 (30 points), loss 1.5 throughout.
 * t = 4010, last step before 4200, I = 10; replayed points 4010..4200 =
 * 20, replayed steps 4200 - 4010 + 10 = 200, lost 0: step n/a,
 * "checkpoint unknown"; replay (20 points, max 0) and loss (19 replayed
 * points after the first, 1.5 vs 1.5) pass, so the restart passes and
 * its reason starts at the loss (an n/a check is not listed).
 * With checkpoint 4000 confirmed: 4000 < 4010 <= 4010 -> step pass.
 * A jump forward needs no checkpoint: the second launch at 4310..4400
 * (10 points), lost = 4310 - 4200 - 10 = 100 -> step fail. */
static void unknown_checkpoint_step_not_judged(void **state)
{
	(void)state;
	int64_t s1[21], s2[30], s3[10];
	double l1[21], l2[30], l3[10];
	for (int i = 0; i < 30; i++) {
		if (i < 21) {
			s1[i] = 4000 + 10 * i;
			l1[i] = 1.5;
		}
		if (i < 10) {
			s3[i] = 4310 + 10 * i;
			l3[i] = 1.5;
		}
		s2[i] = 4010 + 10 * i;
		l2[i] = 1.5;
	}
	dt_series loss[] = {seg(s1, l1, 21), seg(s2, l2, 30)};
	dt_resume_in in = {.loss = loss, .nseg = 2};
	dt_resume_opts o = dt_resume_defaults();
	dt_restart_verdict *v;
	size_t n;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(v[0].at_step, 4010);
	assert_int_equal(v[0].last_before, 4200);
	assert_int_equal(v[0].interval, 10);
	assert_int_equal(v[0].ckpt_step, 0);
	assert_int_equal(v[0].replayed_points, 20);
	assert_int_equal(v[0].replayed, 200);
	assert_int_equal(v[0].lost, 0);
	assert_int_equal(v[0].check[DT_RC_STEP], DT_CHECK_NA);
	assert_string_equal(v[0].detail[DT_RC_STEP], "checkpoint unknown: resumed "
	                    "at step 4010, last step logged before 4200; 200 "
	                    "step(s) replayed");
	assert_string_equal(v[0].cause[DT_RC_STEP], "");
	assert_int_equal(v[0].check[DT_RC_REPLAY], DT_CHECK_PASS);
	assert_int_equal(v[0].check[DT_RC_LOSS], DT_CHECK_PASS);
	assert_true(v[0].pass);
	assert_int_equal(strncmp(v[0].reason, "loss: ", 6), 0);
	free(v);
	int64_t ckpt[] = {4000};
	in.ckpt_step = ckpt;
	in.nckpt = 1;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].check[DT_RC_STEP], DT_CHECK_PASS);
	assert_string_equal(v[0].detail[DT_RC_STEP], "resumed at step 4010 "
	                    "(last confirmed checkpoint 4000); 200 step(s) "
	                    "replayed");
	free(v);
	in.ckpt_step = NULL;
	in.nckpt = 0;
	loss[1] = seg(s3, l3, 10);
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].lost, 100);
	assert_int_equal(v[0].check[DT_RC_STEP], DT_CHECK_FAIL);
	assert_string_equal(v[0].detail[DT_RC_STEP], "resumed at step 4310 "
	                    "after last logged step 4200: 100 step(s) lost");
	assert_false(v[0].pass);
	free(v);
}

/* A restart nothing can judge: steps 1..5 at 2.0, then step 6 with a
 * NaN loss, no checkpoint, LR or cursor. step n/a (checkpoint unknown),
 * loss and replay n/a (no finite loss after), lr and data_cursor n/a:
 * no check fails, so the restart passes, and its reason says that
 * nothing was judged instead of being empty. */
static void nothing_judged_says_so(void **state)
{
	(void)state;
	int64_t s1[] = {1, 2, 3, 4, 5}, s2[] = {6};
	double l1[] = {2.0, 2.0, 2.0, 2.0, 2.0}, l2[] = {NAN};
	dt_series loss[] = {seg(s1, l1, 5), seg(s2, l2, 1)};
	dt_resume_in in = {.loss = loss, .nseg = 2};
	dt_resume_opts o = dt_resume_defaults();
	dt_restart_verdict *v;
	size_t n;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	for (int i = 0; i < DT_RESUME_NCHECKS; i++)
		assert_int_equal(v[0].check[i], DT_CHECK_NA);
	assert_true(v[0].pass);
	assert_string_equal(v[0].reason, "every check n/a; step: checkpoint "
	                    "unknown: resumed at step 6, last step logged "
	                    "before 5; 0 step(s) replayed");
	free(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(full_state_resume_passes),
		cmocka_unit_test(lost_state_fails_lr_replay_cursor),
		cmocka_unit_test(grad_accum_offset_recognised),
		cmocka_unit_test(real_gap_counts_lost_steps),
		cmocka_unit_test(frozen_lr_and_spike),
		cmocka_unit_test(level_shift_vs_baseline),
		cmocka_unit_test(baseline_without_common_steps_falls_back),
		cmocka_unit_test(falling_loss_judged_against_trend),
		cmocka_unit_test(restart_from_scratch_fails_step),
		cmocka_unit_test(replay_artefact_is_not_a_fault),
		cmocka_unit_test(cause_names_unchecked_state),
		cmocka_unit_test(cursor_judged_over_the_run),
		cmocka_unit_test(cursor_rate_follows_a_batch_change),
		cmocka_unit_test(log_checkpoint_used),
		cmocka_unit_test(unknown_checkpoint_step_not_judged),
		cmocka_unit_test(nothing_judged_says_so),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
