/* test_drill.c: drill pre-fill from the logs (step continuity, LR at the
 * resumed step, replayed-step loss agreement), recovery time, ISO time
 * parsing, and drills kept in the store. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "model/util/clock.h"
#include "model/core/drill.h"
#include "model/core/pilot.h"
#include "model/core/resume.h"
#include "model/service/run_load.h"

#include "tests/dt_test_tmpdir.h"
#include "tests/dt_test_store.h"
#include "model/service/drill_prefill.h"

static dt_series curve(size_t n, int64_t *st, double *v)
{
	return (dt_series){.n = n, .step = st, .value = v};
}

/* Before: steps 1..6; after the restart: steps 5..7 (5, 6 replayed). */
static void resume_compare_rules(void **state)
{
	(void)state;
	int64_t sb[] = {1, 2, 3, 4, 5, 6}, sa[] = {5, 6, 7};
	double lb[] = {4.0, 3.0, 2.5, 2.0, 1.8, 1.6}, la[] = {1.9, 1.6, 1.5};
	double rb[] = {1e-4, 2e-4, 3e-4, 4e-4, 5e-4, 6e-4};
	double ra[] = {5e-4, 6e-4, 7e-4};
	dt_series loss_b = curve(6, sb, lb), loss_a = curve(3, sa, la);
	dt_series lr_b = curve(6, sb, rb), lr_a = curve(3, sa, ra);
	dt_resume_evidence ev;
	/* Checkpoint 4 -> resumed 5 = 4 + 1. Replayed 5: |1.9 - 1.8| / 1.8 =
	 * 0.0556; 6: 0 -> max 0.0556 at step 5 > rtol 0.02: fail. LR at 5:
	 * 5e-4 after = 5e-4 before: pass. */
	assert_int_equal(dt_resume_compare(&loss_b, &loss_a, &lr_b, &lr_a, 4,
	                                   0.02, &ev), 0);
	assert_int_equal(ev.resumed_step, 5);
	assert_int_equal(ev.step.status, DT_DC_PASS);
	assert_string_equal(ev.step.source, "data");
	assert_int_equal(ev.has_lr, 1);
	assert_true(ev.lr_before == 5e-4 && ev.lr_after == 5e-4);
	assert_int_equal(ev.lr.status, DT_DC_PASS);
	assert_int_equal(ev.replayed, 2);
	assert_float_equal(ev.max_abs_rel_diff, 0.1 / 1.8, 1e-12);
	assert_int_equal(ev.max_diff_step, 5);
	assert_int_equal(ev.loss.status, DT_DC_FAIL);
	/* Bound 0.1 > 0.0556: pass. */
	dt_resume_compare(&loss_b, &loss_a, &lr_b, &lr_a, 4, 0.1, &ev);
	assert_int_equal(ev.loss.status, DT_DC_PASS);
	/* Checkpoint 2, logging interval 1 (steps 1..6): expected <= 2 + 1
	 * = 3, resumed 5: 5 - 2 - 1 = 2 steps lost. */
	dt_resume_compare(&loss_b, &loss_a, &lr_b, &lr_a, 2, 0.1, &ev);
	assert_int_equal(ev.step.status, DT_DC_FAIL);
	assert_int_equal(ev.interval, 1);
	assert_string_equal(ev.step.note, "resumed at effective step 5, expected"
	                    " <= 3 (checkpoint step 2 + logging interval 1): 2 "
	                    "step(s) lost");
	/* Checkpoint 6 >= resumed 5: resumed before it, 6 + 1 - 5 = 2
	 * steps repeated. */
	dt_resume_compare(&loss_b, &loss_a, &lr_b, &lr_a, 6, 0.1, &ev);
	assert_int_equal(ev.step.status, DT_DC_FAIL);
	assert_non_null(strstr(ev.step.note, "2 step(s) repeated"));
	/* Unknown checkpoint: not checked. Scheduler restarted: LR 1e-5. */
	ra[0] = 1e-5;
	dt_resume_compare(&loss_b, &loss_a, &lr_b, &lr_a, 0, 0.1, &ev);
	assert_int_equal(ev.step.status, DT_DC_NOT_CHECKED);
	assert_int_equal(ev.lr.status, DT_DC_FAIL);
	/* No LR curve and no replay (after starts at 7). */
	dt_series only7 = curve(1, sa + 2, la + 2);
	dt_resume_compare(&loss_b, &only7, NULL, NULL, 6, 0.02, &ev);
	assert_int_equal(ev.step.status, DT_DC_PASS);
	assert_int_equal(ev.lr.status, DT_DC_NOT_CHECKED);
	assert_int_equal(ev.loss.status, DT_DC_NOT_CHECKED);
	assert_true(isnan(ev.max_abs_rel_diff));
	dt_series empty = {0};
	assert_int_equal(dt_resume_compare(&loss_b, &empty, NULL, NULL, 4, 0.02,
	                                   &ev), -1);
}

/* Logged every 10 steps (1960..2050), resumed from checkpoint 2000 and
 * first logging 2010: I = 10, 2000 < 2010 <= 2010 -> pass (the old rule
 * wanted 2001 and reported 9 lost steps). Checkpoint 1990: expected
 * <= 2000, 2010 - 1990 - 10 = 10 steps lost. resume-check on the same
 * restart agrees (dt_resume_check: pass / lost 10). */
static void resume_compare_logging_interval(void **state)
{
	(void)state;
	int64_t sb[10], sa[5];
	double lb[10], la[5];
	for (int i = 0; i < 10; i++) {
		sb[i] = 1960 + 10 * i;
		lb[i] = 1.0;
	}
	for (int i = 0; i < 5; i++) {
		sa[i] = 2010 + 10 * i;
		la[i] = 1.0;
	}
	dt_series loss_b = curve(10, sb, lb), loss_a = curve(5, sa, la);
	dt_resume_evidence ev;
	assert_int_equal(dt_resume_compare(&loss_b, &loss_a, NULL, NULL, 2000,
	                                   0.02, &ev), 0);
	assert_int_equal(ev.interval, 10);
	assert_int_equal(ev.step.status, DT_DC_PASS);
	dt_series segs[] = {loss_b, loss_a};
	int64_t ck[] = {2000};
	dt_resume_in in = {.loss = segs, .nseg = 2, .ckpt_step = ck, .nckpt = 1};
	dt_resume_opts o = dt_resume_defaults();
	dt_restart_verdict *v;
	size_t n;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].check[DT_RC_STEP], DT_CHECK_PASS);
	assert_int_equal(v[0].lost, 0);
	free(v);
	dt_resume_compare(&loss_b, &loss_a, NULL, NULL, 1990, 0.02, &ev);
	assert_int_equal(ev.step.status, DT_DC_FAIL);
	assert_string_equal(ev.step.note, "resumed at effective step 2010, "
	                    "expected <= 2000 (checkpoint step 1990 + logging "
	                    "interval 10): 10 step(s) lost");
	ck[0] = 1990;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].check[DT_RC_STEP], DT_CHECK_FAIL);
	assert_int_equal(v[0].lost, 10);
	free(v);
}

/* dt_drill_validate: times are normalised to UTC; a resumed time before
 * the fault time, an impossible date and a control character in the
 * checkpoint id are refused. */
static void drill_validation(void **state)
{
	(void)state;
	char err[300];
	dt_drill d;
	memset(&d, 0, sizeof d);
	d.kind = DT_DRILL_NODE_LOSS;
	snprintf(d.fault_time, sizeof d.fault_time, "2026-11-02T12:41:00+02:00");
	snprintf(d.resumed_time, sizeof d.resumed_time, "2026-11-02T10:52:30Z");
	assert_int_equal(dt_drill_validate(&d, err, sizeof err), 0);
	assert_string_equal(d.fault_time, "2026-11-02T10:41:00Z");
	snprintf(d.fault_time, sizeof d.fault_time, "2026-11-02T10:52:30Z");
	snprintf(d.resumed_time, sizeof d.resumed_time, "2026-11-02T10:41:00Z");
	assert_int_equal(dt_drill_validate(&d, err, sizeof err), -1);
	assert_string_equal(err, "drill: resumed time 2026-11-02T10:41:00Z is "
	                    "before the fault time 2026-11-02T10:52:30Z");
	d.resumed_time[0] = '\0';
	snprintf(d.fault_time, sizeof d.fault_time, "2026-02-30T10:00:00Z");
	assert_int_equal(dt_drill_validate(&d, err, sizeof err), -1);
	d.fault_time[0] = '\0';
	snprintf(d.checkpoint_id, sizeof d.checkpoint_id, "ck\x1b]52;c;x\a");
	assert_int_equal(dt_drill_validate(&d, err, sizeof err), -1);
	assert_string_equal(err, "checkpoint id: a control character at byte 2");
	snprintf(d.checkpoint_id, sizeof d.checkpoint_id, "ck\xe2\x80\xae" "1");
	assert_int_equal(dt_drill_validate(&d, err, sizeof err), -1);
	snprintf(d.checkpoint_id, sizeof d.checkpoint_id, "ck-1200");
	assert_int_equal(dt_drill_validate(&d, err, sizeof err), 0);
}

/* dt_drill_field_check: one field by the save's rule and words, the
 * drill unchanged; the time order on either time field, the times read
 * with their offsets (12:00+02:00 = 10:00Z). */
static void drill_field_check(void **state)
{
	(void)state;
	char err[300];
	dt_drill d;
	memset(&d, 0, sizeof d);
	snprintf(d.note, sizeof d.note, "note \xe2\x80\xae" "x");
	assert_int_equal(dt_drill_field_check(&d, DT_DF_NOTE, err, sizeof err),
	                 -1);
	assert_string_equal(err, "drill note: invisible format character "
	                    "U+202E at byte 5 (bidi override, zero-width or "
	                    "similar)");
	/* the other fields do not look at the note; the save does */
	assert_int_equal(dt_drill_field_check(&d, DT_DF_CHECKPOINT_ID, err,
	                                       sizeof err), 0);
	assert_int_equal(dt_drill_validate(&d, err, sizeof err), -1);
	assert_string_equal(err, "drill note: invisible format character "
	                    "U+202E at byte 5 (bidi override, zero-width or "
	                    "similar)");
	d.note[0] = '\0';
	snprintf(d.fault_time, sizeof d.fault_time, "2026-11-29T12:00:00+02:00");
	snprintf(d.resumed_time, sizeof d.resumed_time, "2026-11-29T09:00:00Z");
	for (int f = DT_DF_FAULT_TIME; f <= DT_DF_RESUMED_TIME; f++) {
		assert_int_equal(dt_drill_field_check(&d, (dt_drill_field)f, err,
		                                       sizeof err), -1);
		assert_string_equal(err, "drill: resumed time 2026-11-29T09:00:00Z "
		                    "is before the fault time 2026-11-29T10:00:00Z");
	}
	assert_string_equal(d.fault_time, "2026-11-29T12:00:00+02:00");
	snprintf(d.resumed_time, sizeof d.resumed_time, "2026-02-30T10:00:00Z");
	assert_int_equal(dt_drill_field_check(&d, DT_DF_FAULT_TIME, err,
	                                       sizeof err), 0);
	assert_int_equal(dt_drill_field_check(&d, DT_DF_RESUMED_TIME, err,
	                                       sizeof err), -1);
	assert_string_equal(err, "resumed time '2026-02-30T10:00:00Z': expected "
	                    "an ISO 8601 time such as 2026-11-02T10:41:00Z or "
	                    "2026-11-02T12:41:00+02:00 (a real date, 1970..9999, "
	                    "with a zone)");
	/* 10:00Z -> 10:05Z: 300 s later, taken */
	snprintf(d.resumed_time, sizeof d.resumed_time, "2026-11-29T10:05:00Z");
	assert_int_equal(dt_drill_field_check(&d, DT_DF_RESUMED_TIME, err,
	                                       sizeof err), 0);
	assert_int_equal(dt_drill_validate(&d, err, sizeof err), 0);
	assert_string_equal(d.fault_time, "2026-11-29T10:00:00Z");
}

/* dt_drill_step_parse: a whole step >= 1 in digits only; "0", "12x", "",
 * "-3", " 5", "+5" and "5 " are refused in one message. */
static void drill_step_parse(void **state)
{
	(void)state;
	char err[200];
	int64_t n = 0;
	assert_int_equal(dt_drill_step_parse("checkpoint step", "1200", &n, err,
	                                      sizeof err), 0);
	assert_int_equal(n, 1200);
	assert_int_equal(dt_drill_step_parse("checkpoint step", "12x", &n, err,
	                                      sizeof err), -1);
	assert_string_equal(err, "checkpoint step expects an effective step "
	                    ">= 1, got '12x'");
	assert_int_equal(n, 1200);
	assert_int_equal(dt_drill_step_parse("--resumed-step", "0", &n, err,
	                                      sizeof err), -1);
	assert_int_equal(dt_drill_step_parse("--resumed-step", "", &n, err,
	                                      sizeof err), -1);
	assert_int_equal(dt_drill_step_parse("--resumed-step", "-3", &n, err,
	                                      sizeof err), -1);
	assert_string_equal(err, "--resumed-step expects an effective step "
	                    ">= 1, got '-3'");
	/* digits only: strtoll took a leading blank or sign */
	assert_int_equal(dt_drill_step_parse("--checkpoint-step", " 5", &n, err,
	                                      sizeof err), -1);
	assert_string_equal(err, "--checkpoint-step expects an effective step "
	                    ">= 1, got ' 5'");
	assert_int_equal(dt_drill_step_parse("--checkpoint-step", "+5", &n, err,
	                                      sizeof err), -1);
	assert_int_equal(dt_drill_step_parse("--checkpoint-step", "5 ", &n, err,
	                                      sizeof err), -1);
	assert_int_equal(n, 1200);
}

static void times_and_recovery(void **state)
{
	(void)state;
	int64_t t;
	assert_int_equal(dt_time_parse_iso("1970-01-02T00:00:00Z", &t), 0);
	assert_int_equal(t, 86400);
	/* 2000-03-01: 11017 days after 1970-01-01 (30 years with 7 leap
	 * days = 10957, + 31 Jan + 29 Feb) = 951868800 s. */
	assert_int_equal(dt_time_parse_iso("2000-03-01T00:00:00Z", &t), 0);
	assert_int_equal(t, 951868800);
	/* `date -Iseconds` output: 02:00 local at +02:00 is 00:00 UTC, and a
	 * fraction is ignored; -05:30 adds 5.5 h = 19800 s. */
	assert_int_equal(dt_time_parse_iso("2000-03-01T02:00:00+02:00", &t), 0);
	assert_int_equal(t, 951868800);
	assert_int_equal(dt_time_parse_iso("2000-03-01T00:00:00.75Z", &t), 0);
	assert_int_equal(t, 951868800);
	assert_int_equal(dt_time_parse_iso("2000-02-29T18:30:00-0530", &t), 0);
	assert_int_equal(t, 951868800);
	/* 2000 is a leap year (divisible by 400), 2026 is not */
	assert_int_equal(dt_time_parse_iso("2000-02-29T00:00:00Z", &t), 0);
	assert_int_equal(dt_time_parse_iso("2026-02-29T00:00:00Z", &t), -1);
	assert_int_equal(dt_time_parse_iso("2026-02-30T00:00:00Z", &t), -1);
	assert_int_equal(dt_time_parse_iso("2026-04-31T00:00:00Z", &t), -1);
	assert_int_equal(dt_time_parse_iso("2026-01-01T24:00:00Z", &t), -1);
	assert_int_equal(dt_time_parse_iso("2000-03-01 00:00:00Z", &t), -1);
	assert_int_equal(dt_time_parse_iso("2000-03-01T00:00:00", &t), -1);
	assert_int_equal(dt_time_parse_iso("0000-01-01T00:00:00Z", &t), -1);
	assert_int_equal(dt_time_parse_iso("1969-12-31T23:59:59Z", &t), -1);
	assert_int_equal(dt_time_parse_iso("2026-13-01T00:00:00Z", &t), -1);
	assert_int_equal(dt_time_parse_iso("yesterday", &t), -1);
	assert_int_equal(dt_time_parse_iso("2026-11-02T10:41:00+02", &t), -1);
	assert_int_equal(dt_time_parse_iso("2026-11-02T10:41:00Zjunk", &t), -1);
	char utc[32], err[256];
	assert_int_equal(dt_time_normalize("2026-11-02T12:41:00.5+02:00", "t",
	                                   utc, err, sizeof err), 0);
	assert_string_equal(utc, "2026-11-02T10:41:00Z");
	dt_drill d = {0};
	double s;
	snprintf(d.fault_time, sizeof d.fault_time, "2026-11-02T10:41:00Z");
	assert_int_equal(dt_drill_recovery(&d, &s), 1);  /* no resumed time */
	/* 10:52:30 - 10:41:00 = 11 min 30 s = 690 s. */
	snprintf(d.resumed_time, sizeof d.resumed_time, "2026-11-02T10:52:30Z");
	assert_int_equal(dt_drill_recovery(&d, &s), 0);
	assert_true(s == 690.0);
	/* Across midnight: 23:59:00 -> 00:04:00 next day = 300 s. */
	snprintf(d.fault_time, sizeof d.fault_time, "2026-12-31T23:59:00Z");
	snprintf(d.resumed_time, sizeof d.resumed_time, "2027-01-01T00:04:00Z");
	assert_int_equal(dt_drill_recovery(&d, &s), 0);
	assert_true(s == 300.0);
}

static void put_series(dt_store *st, int64_t file, const char *metric,
                       const int64_t *steps, const double *v, size_t n)
{
	dt_rawseries s = {.metric = (char *)metric, .n = n, .cap = n,
	                  .step = (int64_t *)steps, .value = (double *)v};
	assert_int_equal(dt_store_raw_put(st, file, &s), 0);
}

/* A run of two files: steps 1..4, then a restart at 3 (replays 3, 4). */
static dt_store *store_with_restart(const char *name)
{
	char err[512];
	dt_store *st = dt_test_store_open(dir, name, err, sizeof err);
	assert_non_null(st);
	dt_run r = {.grad_accum = 1};
	snprintf(r.name, sizeof r.name, "trn");
	snprintf(r.platform, sizeof r.platform, "trn2");
	assert_int_equal(dt_store_run_create(st, &r), 0);
	int64_t f1, f2;
	assert_int_equal(dt_store_file_add(st, r.id, "/a.log", "aa", 10, "csv",
	                                   &f1), 0);
	assert_int_equal(dt_store_file_add(st, r.id, "/b.log", "bb", 10, "csv",
	                                   &f2), 0);
	int64_t s1[] = {1, 2, 3, 4}, s2[] = {3, 4, 5};
	double l1[] = {4.0, 3.0, 2.5, 2.0}, l2[] = {2.4, 2.02, 1.5};
	double r1[] = {1e-4, 2e-4, 3e-4, 4e-4}, r2[] = {3e-4, 4e-4, 5e-4};
	put_series(st, f1, "loss", s1, l1, 4);
	put_series(st, f1, "lr", s1, r1, 4);
	put_series(st, f2, "loss", s2, l2, 3);
	put_series(st, f2, "lr", s2, r2, 3);
	return st;
}

static void prefill_from_store(void **state)
{
	(void)state;
	dt_store *st = store_with_restart("prefill.db");
	dt_drill d = {.kind = DT_DRILL_NODE_LOSS, .checkpoint_step = 2};
	dt_resume_evidence ev;
	char err[512];
	snprintf(d.run_before, sizeof d.run_before, "trn");
	/* Segments: [1..4], [3..5]. Resumed 3 = checkpoint 2 + 1. LR at 3:
	 * 3e-4 = 3e-4. Replayed 3: |2.4 - 2.5| / 2.5 = 0.04; 4: |2.02 - 2.0|
	 * / 2.0 = 0.01 -> max 0.04 at step 3 > 0.02: fail; <= 0.05: pass. */
	assert_int_equal(dt_drill_prefill(st, &d, 0.02, &ev, err, sizeof err), 0);
	assert_int_equal(d.resumed_step, 3);
	assert_int_equal(ev.step.status, DT_DC_PASS);
	assert_int_equal(ev.lr.status, DT_DC_PASS);
	assert_int_equal(ev.replayed, 2);
	assert_float_equal(ev.max_abs_rel_diff, 0.04, 1e-12);
	assert_int_equal(ev.max_diff_step, 3);
	assert_int_equal(ev.loss.status, DT_DC_FAIL);
	assert_int_equal(dt_drill_prefill(st, &d, 0.05, &ev, err, sizeof err), 0);
	assert_int_equal(ev.loss.status, DT_DC_PASS);
	/* A resumed step that no restart starts at. */
	d.resumed_step = 9;
	assert_int_equal(dt_drill_prefill(st, &d, 0.05, &ev, err, sizeof err), 1);
	assert_string_equal(err, "no restart at the resumed step in the loss of "
	                    "run trn");

	/* Stored with the pre-filled items and a person's item. */
	dt_pilot p;
	assert_int_equal(dt_store_pilot_create(st, "p", "ana", &p), 0);
	d.pilot_id = p.id;
	d.resumed_step = 0;
	dt_drill_prefill(st, &d, 0.05, &ev, err, sizeof err);
	d.checks[DT_DC_RNG_STATE] = (dt_drill_check){.status = DT_DC_PASS,
	                                             .source = "user"};
	dt_drill_apply_evidence(&d, &ev);
	assert_int_equal(d.checks[DT_DC_RNG_STATE].status, DT_DC_PASS);
	assert_int_equal(dt_store_drill_add(st, &d, "ana"), 0);
	assert_int_equal(dt_store_drill_check_set(st, d.id, DT_DC_DATA_CURSOR,
	                                     DT_DC_FAIL, "cursor reset", "user",
	                                     "bo"), 0);
	dt_drill *v;
	size_t n;
	assert_int_equal(dt_store_drill_list(st, p.id, &v, &n), 0);
	assert_int_equal(n, 1);
	assert_string_equal(v[0].run_before, "trn");
	assert_string_equal(v[0].run_after, "");
	assert_int_equal(v[0].resumed_step, 3);
	assert_int_equal(v[0].checks[DT_DC_EFFECTIVE_STEP].status, DT_DC_PASS);
	assert_string_equal(v[0].checks[DT_DC_EFFECTIVE_STEP].source, "data");
	assert_int_equal(v[0].checks[DT_DC_CONTROL_LOSS].status, DT_DC_PASS);
	assert_int_equal(v[0].checks[DT_DC_RNG_STATE].status, DT_DC_PASS);
	assert_int_equal(v[0].checks[DT_DC_DATA_CURSOR].status, DT_DC_FAIL);
	assert_string_equal(v[0].checks[DT_DC_DATA_CURSOR].set_by, "bo");
	free(v);
	dt_store_close(st);
}

/* Two runs: the last segment of the first vs the first of the second. */
static void prefill_two_runs(void **state)
{
	(void)state;
	dt_store *st = store_with_restart("two.db");
	dt_run r = {.grad_accum = 1};
	snprintf(r.name, sizeof r.name, "trn-b");
	snprintf(r.platform, sizeof r.platform, "trn2");
	assert_int_equal(dt_store_run_create(st, &r), 0);
	int64_t f;
	assert_int_equal(dt_store_file_add(st, r.id, "/c.log", "cc", 10, "csv",
	                                   &f), 0);
	int64_t s[] = {6, 7};
	double l[] = {1.4, 1.3};
	put_series(st, f, "loss", s, l, 2);
	dt_drill d = {.kind = DT_DRILL_IMAGE_UPDATED, .checkpoint_step = 5};
	dt_resume_evidence ev;
	char err[512];
	snprintf(d.run_before, sizeof d.run_before, "trn");
	snprintf(d.run_after, sizeof d.run_after, "trn-b");
	/* After starts at 6 = 5 + 1; no LR after; nothing replayed. */
	assert_int_equal(dt_drill_prefill(st, &d, 0.02, &ev, err, sizeof err), 0);
	assert_int_equal(ev.resumed_step, 6);
	assert_int_equal(ev.step.status, DT_DC_PASS);
	assert_int_equal(ev.lr.status, DT_DC_NOT_CHECKED);
	assert_int_equal(ev.loss.status, DT_DC_NOT_CHECKED);
	dt_store_close(st);
}

static void names(void **state)
{
	(void)state;
	dt_drill_kind k;
	dt_drill_item i;
	dt_dc_status s;
	assert_int_equal(dt_drill_kind_parse("kill-during-save", &k), 0);
	assert_int_equal(k, DT_DRILL_KILL_DURING_SAVE);
	assert_int_equal(dt_drill_kind_parse("manual-interrupt", &k), 0);
	assert_int_equal(k, DT_DRILL_MANUAL_INTERRUPT);
	assert_int_equal(DT_DRILL_KIND_COUNT, 7);  /* six drills + step 4 */
	assert_int_equal(dt_drill_kind_parse("fire", &k), -1);
	assert_int_equal(dt_drill_item_parse("data_cursor", &i), 0);
	assert_int_equal(i, DT_DC_DATA_CURSOR);
	assert_int_equal(dt_dc_status_parse("not_checked", &s), 0);
	assert_int_equal(s, DT_DC_NOT_CHECKED);
}

int main(void)
{
	int skip = dt_test_store_skip();
	if (skip)
		return skip;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(resume_compare_rules),
		cmocka_unit_test(resume_compare_logging_interval),
		cmocka_unit_test(times_and_recovery),
		cmocka_unit_test(drill_validation),
		cmocka_unit_test(drill_field_check),
		cmocka_unit_test(drill_step_parse),
		cmocka_unit_test(prefill_from_store),
		cmocka_unit_test(prefill_two_runs),
		cmocka_unit_test(names),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
