/* test_pilot.c: pilots, task cards, attached runs, checklist entries and
 * evidence in the store, and the overview's computed items on a small
 * pilot built by hand. */
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

#include "model/core/journal.h"
#include "model/service/assessment.h"

#include "tests/dt_test_tmpdir.h"
#include "tests/dt_test_store.h"
#include "model/service/journal_set.h"
#include "model/service/evidence_link.h"
#include "model/service/drill_prefill.h"
#include "model/service/pack/gate.h"

static dt_store *open_store(const char *name)
{
	char err[512];
	dt_store *st = dt_test_store_open(dir, name, err, sizeof err);
	assert_non_null(st);
	return st;
}

static void taskcard_rules(void **state)
{
	(void)state;
	char err[256];
	dt_taskcard tc;
	memset(&tc, 0, sizeof tc);
	assert_int_equal(dt_taskcard_field("recovery-seconds"), DT_TC_RECOVERY);
	assert_int_equal(dt_taskcard_field("colour"), -1);
	assert_int_equal(dt_taskcard_validate(DT_TC_GRAD_ACCUM, "8", err,
	                                      sizeof err), 0);
	assert_int_equal(dt_taskcard_validate(DT_TC_GRAD_ACCUM, "8.5", err,
	                                      sizeof err), -1);
	assert_string_equal(err, "task card grad-accum: expected a whole number "
	                    ">= 1 (digits only), got '8.5'");
	/* 0, -0, a leading blank and a sign are refused; warm-up may be 0 */
	const char *bad_ints[] = {"0", "-0", " 5", "5 ", "+5", "1e3", ""};
	for (size_t i = 0; bad_ints[i][0]; i++)
		assert_int_equal(dt_taskcard_validate(DT_TC_MICRO_BATCH, bad_ints[i],
		                                      err, sizeof err), -1);
	assert_int_equal(dt_taskcard_validate(DT_TC_WARMUP, "0", err,
	                                      sizeof err), 0);
	assert_int_equal(dt_taskcard_validate(DT_TC_RTOL, "-0.1", err,
	                                      sizeof err), -1);
	/* documented ranges: rtol [0, 0.5], atol [0, 1], recovery (0, 1e7] */
	assert_int_equal(dt_taskcard_validate(DT_TC_RTOL, "0.5", err,
	                                      sizeof err), 0);
	assert_int_equal(dt_taskcard_validate(DT_TC_RTOL, "1e3", err,
	                                      sizeof err), -1);
	assert_string_equal(err, "task card rtol: expected a number in [0, 0.5], "
	                    "got '1e3'");
	assert_int_equal(dt_taskcard_validate(DT_TC_RTOL, "1e308", err,
	                                      sizeof err), -1);
	assert_int_equal(dt_taskcard_validate(DT_TC_RTOL, "nan", err,
	                                      sizeof err), -1);
	assert_int_equal(dt_taskcard_validate(DT_TC_ATOL, "1.5", err,
	                                      sizeof err), -1);
	assert_int_equal(dt_taskcard_validate(DT_TC_RECOVERY, "0", err,
	                                      sizeof err), -1);
	/* a newline would forge a line of the hashed evidence text */
	assert_int_equal(dt_taskcard_validate(DT_TC_MODEL, "m\ncheck step7 pass",
	                                      err, sizeof err), -1);
	assert_string_equal(err, "task card model: a newline at byte 1 (one "
	                    "line only)");
	assert_int_equal(dt_taskcard_validate(DT_TC_TRAINING_TYPE, "qlora", err,
	                                      sizeof err), -1);
	assert_int_equal(dt_taskcard_validate(DT_TC_TRAINING_TYPE, "", err,
	                                      sizeof err), 0);  /* clears */
	/* Unset: the compare defaults (rtol 0.02, atol 0, warm-up 0). */
	dt_parity_opts o = dt_taskcard_parity(&tc);
	assert_true(o.rtol == 0.02 && o.atol == 0 && o.warmup == 0);
	double s;
	assert_int_equal(dt_taskcard_recovery(&tc, &s), 1);
	snprintf(tc.value[DT_TC_RTOL], DT_TC_VALUE_MAX, "0.05");
	snprintf(tc.value[DT_TC_ATOL], DT_TC_VALUE_MAX, "0.01");
	snprintf(tc.value[DT_TC_WARMUP], DT_TC_VALUE_MAX, "50");
	snprintf(tc.value[DT_TC_RECOVERY], DT_TC_VALUE_MAX, "900");
	o = dt_taskcard_parity(&tc);
	assert_true(o.rtol == 0.05 && o.atol == 0.01 && o.warmup == 50);
	assert_int_equal(dt_taskcard_recovery(&tc, &s), 0);
	assert_true(s == 900.0);
}

/* A run with one file holding `n` loss points at steps 1..n. */
static int64_t add_run(dt_store *st, const char *name, const char *plat,
                       const double *loss, size_t n)
{
	dt_run r = {.grad_accum = 1};
	snprintf(r.name, sizeof r.name, "%s", name);
	snprintf(r.platform, sizeof r.platform, "%s", plat);
	assert_int_equal(dt_store_run_create(st, &r), 0);
	int64_t f, steps[64];
	char sha[8];
	snprintf(sha, sizeof sha, "%.6s", name);
	assert_int_equal(dt_store_file_add(st, r.id, name, sha, 1, "csv", &f), 0);
	for (size_t i = 0; i < n; i++)
		steps[i] = (int64_t)i + 1;
	dt_rawseries s = {.metric = "loss", .n = n, .cap = n, .step = steps,
	                  .value = (double *)loss};
	assert_int_equal(dt_store_raw_put(st, f, &s), 0);
	return r.id;
}

static void pilot_store(void **state)
{
	(void)state;
	dt_store *st = open_store("p.db");
	dt_pilot p, q, *v;
	size_t n;
	assert_int_equal(dt_store_pilot_create(st, "llama", "ana", &p), 0);
	assert_int_equal(dt_store_pilot_create(st, "llama", "ana", &q), -1);
	assert_string_equal(dt_store_error(st), "a pilot named 'llama' exists");
	assert_int_equal(dt_store_pilot_create(st, "bad\nname", "ana", &q), -1);
	assert_int_equal(dt_store_pilot_find(st, "nope", &q), 1);
	assert_int_equal(dt_store_pilot_list(st, &v, &n), 0);
	assert_int_equal(n, 1);
	assert_string_equal(v[0].created_by, "ana");
	free(v);
	/* Task card history: the latest value wins. */
	assert_int_equal(dt_store_taskcard_set(st, p.id, DT_TC_RTOL, "0.03", "ana"), 0);
	assert_int_equal(dt_store_taskcard_set(st, p.id, DT_TC_RTOL, "0.05", "bo"), 0);
	assert_int_equal(dt_store_taskcard_set(st, p.id, DT_TC_WARMUP, "x", "bo"), -1);
	dt_taskcard tc;
	assert_int_equal(dt_store_taskcard_load(st, p.id, &tc), 0);
	assert_string_equal(tc.value[DT_TC_RTOL], "0.05");
	assert_string_equal(tc.set_by[DT_TC_RTOL], "bo");
	assert_string_equal(tc.value[DT_TC_WARMUP], "");
	/* Attach; attaching again changes the role. */
	double l[] = {1.0};
	int64_t r1 = add_run(st, "gpu", "gpu", l, 1);
	assert_int_equal(dt_store_pilot_attach(st, p.id, r1, DT_RUN_PILOT, "ana"), 0);
	assert_int_equal(dt_store_pilot_attach(st, p.id, r1, DT_RUN_BASELINE, "bo"), 0);
	dt_pilot_run *pr;
	assert_int_equal(dt_store_pilot_run_list(st, p.id, &pr, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(pr[0].role, DT_RUN_BASELINE);
	assert_string_equal(pr[0].run.name, "gpu");
	free(pr);
	/* Checklist entry with file evidence: SHA-256("abc"). */
	char file[128];
	snprintf(file, sizeof file, "%s/eval.txt", dir);
	FILE *f = fopen(file, "w");
	fputs("abc", f);
	fclose(f);
	char spec[160];
	snprintf(spec, sizeof spec, "file:%s", file);
	assert_int_equal(dt_store_check_set(st, p.id, DT_ITEM_STEP1, DT_CK_PASS, "ok",
	                              "", "ana"), 0);
	assert_int_equal(dt_evidence_link(st, p.id, DT_ITEM_STEP1, spec,
	                                       "ana"), 0);
	assert_int_equal(dt_evidence_link(st, p.id, DT_ITEM_STEP1, "run:gpu",
	                                       "ana"), 0);
	assert_int_equal(dt_evidence_link(st, p.id, DT_ITEM_STEP1, "run:x",
	                                       "ana"), -1);
	assert_int_equal(dt_evidence_link(st, p.id, DT_ITEM_STEP1, "drill:7",
	                                       "ana"), -1);
	assert_int_equal(dt_evidence_link(st, p.id, DT_ITEM_STEP1, "url:x",
	                                       "ana"), -1);
	assert_int_equal(dt_store_check_set(st, p.id, DT_ITEM_STEP2, DT_CK_WAIVED, "",
	                              "", "ana"), -1);      /* needs a reason */
	assert_int_equal(dt_store_check_set(st, p.id, DT_ITEM_STEP1, DT_CK_FAIL, "",
	                              "", "bo"), 0);
	dt_checklist cl;
	assert_int_equal(dt_store_checklist_load(st, p.id, &cl), 0);
	const dt_check_item *it = &cl.items[DT_ITEM_STEP1];
	assert_int_equal(it->status, DT_CK_FAIL);          /* latest entry */
	assert_string_equal(it->entry.set_by, "bo");
	assert_int_equal(it->nevidence, 2);
	assert_string_equal(it->evidence[0].kind, "file");
	assert_string_equal(it->evidence[0].sha256, "ba7816bf8f01cfea414140de5dae"
	                    "2223b00361a396177a9cb410ff61f20015ad");
	assert_string_equal(it->evidence[1].ref, "gpu");
	dt_checklist_free(&cl);
	dt_check_entry *h;
	assert_int_equal(dt_store_check_history_list(st, p.id, DT_ITEM_STEP1, &h, &n), 0);
	assert_int_equal(n, 2);
	assert_int_equal(h[0].status, DT_CK_PASS);
	assert_string_equal(h[0].note, "ok");
	free(h);
	/* Journal keys. */
	assert_int_equal(dt_journal_set(st, r1, "Bad Key", "1", "ana"), -1);
	assert_int_equal(dt_journal_set(st, r1, "neuron.sdk_version", "2.21.0",
	                                "ana"), 0);
	/* Durations and counts must be numbers: rejected, nothing stored. */
	assert_int_equal(dt_journal_set(st, r1, "neuron.compile_seconds",
	                                "not measured", "ana"), -1);
	assert_string_equal(dt_store_error(st), "journal neuron.compile_seconds "
	                    "must be a number of seconds >= 0, got 'not "
	                    "measured'");
	assert_int_equal(dt_journal_set(st, r1, "neuron.cache_hits", "4.5",
	                                "ana"), -1);
	assert_int_equal(dt_journal_set(st, r1, "data.prep_seconds", "-3",
	                                "ana"), -1);
	assert_int_equal(dt_journal_set(st, r1, "data.prep_seconds", "310.5",
	                                "ana"), 0);
	assert_int_equal(dt_journal_set(st, r1, "neuron.cache_hits", "41",
	                                "ana"), 0);
	assert_string_equal(dt_journal_label("queue.wait_seconds"),
	                    "queue / quota wait (s)");
	/* A key one edit from a known key is a mistyped one: refused with
	 * the known key named, nothing stored; two edits off is a new key. */
	dt_fact *jf;
	size_t jn, jn0;
	assert_int_equal(dt_store_fact_list(st, r1, &jf, &jn0), 0);
	free(jf);
	assert_int_equal(dt_journal_set(st, r1, "neuron.sdk_verison", "2.22.0",
	                                "ana"), -1);
	assert_string_equal(dt_store_error(st), "journal key 'neuron.sdk_verison'"
	                    " is not a known key; did you mean "
	                    "'neuron.sdk_version'? (a key of your own must "
	                    "differ from a known one by two letters or more)");
	assert_int_equal(dt_journal_set(st, r1, "data.prep_second", "3", "ana"),
	                 -1);
	assert_int_equal(dt_store_fact_list(st, r1, &jf, &jn), 0);
	free(jf);
	assert_int_equal(jn, jn0);
	/* the run's own keys count as known: hf.max_step is hf.max_steps */
	assert_int_equal(dt_journal_set(st, r1, "hf.max_steps", "100", "ana"), 0);
	assert_int_equal(dt_journal_set(st, r1, "hf.max_step", "200", "ana"), -1);
	assert_string_equal(dt_store_error(st), "journal key 'hf.max_step' is not "
	                    "a known key; did you mean 'hf.max_steps'? (a key of "
	                    "your own must differ from a known one by two "
	                    "letters or more)");
	assert_int_equal(dt_journal_set(st, r1, "gpu.cudnn_version", "9.1",
	                                "ana"), 0);
	assert_null(dt_journal_near_key("neuron.sdk_version", NULL, 0));
	assert_string_equal(dt_journal_near_key("imge.id", NULL, 0), "image.id");
	assert_null(dt_journal_near_key("model.name", NULL, 0));
	dt_store_close(st);
}

/* Baseline 3.0 - 0.1 i, pilot 1 % above it, 20 steps each. */
static void overview_items(void **state)
{
	(void)state;
	dt_store *st = open_store("ov.db");
	double b[20], pl[20];
	for (int i = 0; i < 20; i++) {
		b[i] = 3.0 - 0.1 * (i + 1);
		pl[i] = b[i] * 1.01;
	}
	int64_t rb = add_run(st, "gpu", "gpu", b, 20);
	int64_t rp = add_run(st, "trn", "trn2", pl, 20);
	dt_pilot p;
	assert_int_equal(dt_store_pilot_create(st, "llama", "ana", &p), 0);
	assert_int_equal(dt_store_pilot_attach(st, p.id, rb, DT_RUN_BASELINE, "a"), 0);
	assert_int_equal(dt_store_pilot_attach(st, p.id, rp, DT_RUN_PILOT, "a"), 0);
	dt_assessment ov;
	char err[512];
	/* rel diff 0.01 <= rtol 0.02 on all 20 steps: pass; no drill yet
	 * -> step6 pending; trial1 pass (from step 1, falling); trial5
	 * pending (empty journal: nothing typed in yet is no failure). */
	assert_int_equal(dt_assessment_load(st, "llama", &ov, err, sizeof err), 0);
	assert_int_equal(ov.nverdicts, 1);
	assert_int_equal(ov.verdicts[0].verdict, DT_VERDICT_PASS);
	assert_int_equal(ov.verdicts[0].compared, 20);
	assert_float_equal(ov.verdicts[0].max_abs_rel_diff, 0.01, 1e-9);
	assert_int_equal(ov.checklist.items[DT_ITEM_STEP6].status, DT_CK_PENDING);
	assert_int_equal(ov.checklist.items[DT_ITEM_TRIAL1].status, DT_CK_PASS);
	assert_int_equal(ov.checklist.items[DT_ITEM_TRIAL5].status, DT_CK_PENDING);
	assert_int_equal(ov.counts[DT_CK_PASS], 1);
	assert_int_equal(ov.counts[DT_CK_FAIL], 0);
	assert_int_equal(ov.counts[DT_CK_PENDING], 11);
	dt_assessment_free(&ov);
	/* rtol 0.005 < 0.01: every step breaches, 20 > allowed 1: fail. A
	 * verified drill; journal filled -> trial5 pass. */
	assert_int_equal(dt_store_taskcard_set(st, p.id, DT_TC_RTOL, "0.005", "a"), 0);
	assert_int_equal(dt_journal_set(st, rp, "neuron.compile_seconds", "60",
	                                "a"), 0);
	assert_int_equal(dt_journal_set(st, rp, "data.prep_seconds", "9", "a"), 0);
	dt_drill d = {.pilot_id = p.id, .kind = DT_DRILL_NODE_LOSS};
	d.checks[DT_DC_EFFECTIVE_STEP] = (dt_drill_check){.status = DT_DC_PASS,
	                                                  .source = "user"};
	assert_int_equal(dt_store_drill_add(st, &d, "a"), 0);
	assert_int_equal(dt_assessment_load(st, "llama", &ov, err, sizeof err), 0);
	assert_int_equal(ov.verdicts[0].verdict, DT_VERDICT_FAIL);
	assert_int_equal(ov.verdicts[0].breaches, 20);
	assert_int_equal(ov.checklist.items[DT_ITEM_STEP6].status, DT_CK_FAIL);
	assert_int_equal(ov.checklist.items[DT_ITEM_TRIAL5].status, DT_CK_PASS);
	dt_assessment_free(&ov);
	/* Back to rtol 0.02: parity pass, but the drill names no run and
	 * checked the effective step only: it verified no resume, step6
	 * stays pending (step6_resume_drills: one that does). */
	assert_int_equal(dt_store_taskcard_set(st, p.id, DT_TC_RTOL, "0.02", "a"), 0);
	assert_int_equal(dt_assessment_load(st, "llama", &ov, err, sizeof err), 0);
	assert_int_equal(ov.checklist.items[DT_ITEM_STEP6].status, DT_CK_PENDING);
	assert_string_equal(ov.checklist.items[DT_ITEM_STEP6].computed_detail,
	                    "parity pass (1 run); no drill has verified a resume "
	                    "yet: drill #1 (node-loss): names no run; checked "
	                    "effective_step only; control_loss not checked");
	assert_int_equal(ov.checklist.items[DT_ITEM_STEP6].overridden, 0);
	dt_assessment_free(&ov);
	/* A person overrides it with a reason; it shows as overridden. */
	assert_int_equal(dt_store_check_set(st, p.id, DT_ITEM_STEP6, DT_CK_FAIL, "",
	                              "quality review failed", "bo"), 0);
	assert_int_equal(dt_assessment_load(st, "llama", &ov, err, sizeof err), 0);
	const dt_check_item *s6 = &ov.checklist.items[DT_ITEM_STEP6];
	assert_int_equal(s6->status, DT_CK_FAIL);
	assert_int_equal(s6->computed_status, DT_CK_PENDING);
	assert_int_equal(s6->overridden, 1);
	assert_string_equal(s6->entry.reason, "quality review failed");
	dt_assessment_free(&ov);
	assert_int_equal(dt_assessment_load(st, "none", &ov, err, sizeof err), 1);
	dt_store_close(st);
}

/* A run of two files: loss[0..n1) at steps 1..n1, then a restart at
 * step `from` with loss[from - 1 .. n) (the replayed steps log the same
 * values). */
static int64_t add_restart_run(dt_store *st, const char *name,
                               const double *loss, size_t n1, int64_t from,
                               size_t n)
{
	dt_run r = {.grad_accum = 1};
	snprintf(r.name, sizeof r.name, "%s", name);
	snprintf(r.platform, sizeof r.platform, "trn2");
	assert_int_equal(dt_store_run_create(st, &r), 0);
	int64_t f1, f2, steps[64];
	assert_int_equal(dt_store_file_add(st, r.id, "/a.csv", "a1", 1, "csv",
	                                   &f1), 0);
	assert_int_equal(dt_store_file_add(st, r.id, "/b.csv", "b2", 1, "csv",
	                                   &f2), 0);
	for (size_t i = 0; i < n; i++)
		steps[i] = (int64_t)i + 1;
	dt_rawseries a = {.metric = "loss", .n = n1, .cap = n1, .step = steps,
	                  .value = (double *)loss};
	size_t k = (size_t)from - 1;
	dt_rawseries b = {.metric = "loss", .n = n - k, .cap = n - k,
	                  .step = steps + k, .value = (double *)loss + k};
	assert_int_equal(dt_store_raw_put(st, f1, &a), 0);
	assert_int_equal(dt_store_raw_put(st, f2, &b), 0);
	return r.id;
}

static const char *step6_detail(dt_store *st, dt_assessment *ov,
                                dt_check_status *status)
{
	char err[512];
	assert_int_equal(dt_assessment_load(st, "p6", ov, err, sizeof err), 0);
	*status = ov->checklist.items[DT_ITEM_STEP6].status;
	return ov->checklist.items[DT_ITEM_STEP6].computed_detail;
}

/* Step 6 passes only on a drill that checked the effective step and the
 * control loss on a real restart of a pilot run. Baseline "gpu" 3.0 -
 * 0.1 i at steps 1..20; pilot "trn" the same, logged 1..12 then again
 * from 11 (a restart at step 11, steps 11 and 12 replayed with equal
 * losses); pilot "flat" the same in one file (no restart). Both match the
 * baseline exactly: parity pass (2 runs). */
static void step6_resume_drills(void **state)
{
	(void)state;
	dt_store *st = open_store("s6.db");
	double b[20];
	char err[512];
	for (int i = 0; i < 20; i++)
		b[i] = 3.0 - 0.1 * (i + 1);
	int64_t rb = add_run(st, "gpu", "gpu", b, 20);
	int64_t rt = add_restart_run(st, "trn", b, 12, 11, 20);
	int64_t rf = add_run(st, "flat", "trn2", b, 20);
	dt_pilot p;
	assert_int_equal(dt_store_pilot_create(st, "p6", "ana", &p), 0);
	assert_int_equal(dt_store_pilot_attach(st, p.id, rb, DT_RUN_BASELINE, "a"), 0);
	assert_int_equal(dt_store_pilot_attach(st, p.id, rt, DT_RUN_PILOT, "a"), 0);
	assert_int_equal(dt_store_pilot_attach(st, p.id, rf, DT_RUN_PILOT, "a"), 0);
	dt_assessment ov;
	dt_check_status s;
	const char *d = step6_detail(st, &ov, &s);
	assert_int_equal(ov.nverdicts, 2);
	assert_int_equal(ov.verdicts[0].verdict, DT_VERDICT_PASS);
	assert_int_equal(ov.verdicts[1].verdict, DT_VERDICT_PASS);
	assert_int_equal(ov.resume[1].nv, 1);          /* trn: one restart */
	assert_int_equal(ov.resume[1].v[0].at_step, 11);
	assert_int_equal(ov.resume[2].nv, 0);          /* flat: none */
	assert_int_equal(s, DT_CK_PENDING);
	assert_string_equal(d, "parity pass (2 runs); no drill has verified a "
	                    "resume yet");
	dt_assessment_free(&ov);

	/* The new-user trial: a drill with no run, checkpoint or times, its
	 * data cursor checked by hand. It verified nothing about a resume. */
	dt_drill d1 = {.pilot_id = p.id, .kind = DT_DRILL_KILL_DURING_SAVE};
	assert_int_equal(dt_store_drill_add(st, &d1, "a"), 0);
	assert_int_equal(dt_store_drill_check_set(st, d1.id, DT_DC_DATA_CURSOR,
	                                          DT_DC_PASS, "looked at it",
	                                          "user", "a"), 0);
	d = step6_detail(st, &ov, &s);
	assert_int_equal(s, DT_CK_PENDING);
	assert_string_equal(d, "parity pass (2 runs); no drill has verified a "
	                    "resume yet: drill #1 (kill-during-save): names no "
	                    "run; checked data_cursor only; effective_step and "
	                    "control_loss not checked");
	dt_assessment_free(&ov);

	/* A drill on "flat", which has no restart; rng_state checked. */
	dt_drill d2 = {.pilot_id = p.id, .kind = DT_DRILL_NODE_LOSS};
	snprintf(d2.run_before, sizeof d2.run_before, "flat");
	d2.checks[DT_DC_RNG_STATE] = (dt_drill_check){.status = DT_DC_PASS,
	                                              .source = "user"};
	assert_int_equal(dt_store_drill_add(st, &d2, "a"), 0);
	d = step6_detail(st, &ov, &s);
	assert_int_equal(s, DT_CK_PENDING);
	assert_string_equal(d, "parity pass (2 runs); no drill has verified a "
	                    "resume yet: drill #1 (kill-during-save): names no "
	                    "run; checked data_cursor only; effective_step and "
	                    "control_loss not checked (and the other drills fall "
	                    "short too)");
	char why[400];
	dt_check_run cr[] = {{.name = "trn"}, {.name = "flat"}};
	dt_step6_in in = {ov.verdicts, ov.nverdicts, cr, 2, ov.restarts,
	                  ov.nrestarts, ov.drills, ov.ndrills, &ov.card};
	assert_int_equal(ov.ndrills, 2);
	assert_int_equal(dt_drill_verifies_resume(&ov.drills[1], &in, why,
	                                          sizeof why), 0);
	assert_string_equal(why, "drill #2 (node-loss): run flat has no restart; "
	                    "checked rng_state only; effective_step and "
	                    "control_loss not checked");
	dt_assessment_free(&ov);

	/* A drill on the restart of "trn" from checkpoint 10, pre-filled from
	 * the logs: resumed at 11 in (10, 10 + 1]: effective_step pass; the
	 * replayed steps 11, 12 log equal losses (0 <= rtol 0.02):
	 * control_loss pass. Step 6 passes. */
	dt_drill d3 = {.pilot_id = p.id, .kind = DT_DRILL_NODE_LOSS,
	               .checkpoint_step = 10};
	dt_resume_evidence ev;
	snprintf(d3.run_before, sizeof d3.run_before, "trn");
	assert_int_equal(dt_drill_prefill(st, &d3, 0.02, &ev, err, sizeof err), 0);
	dt_drill_apply_evidence(&d3, &ev);
	assert_int_equal(d3.resumed_step, 11);
	assert_int_equal(d3.checks[DT_DC_EFFECTIVE_STEP].status, DT_DC_PASS);
	assert_int_equal(d3.checks[DT_DC_CONTROL_LOSS].status, DT_DC_PASS);
	assert_int_equal(dt_store_drill_add(st, &d3, "a"), 0);
	d = step6_detail(st, &ov, &s);
	assert_int_equal(s, DT_CK_PASS);
	assert_string_equal(d, "parity pass (2 runs); resume verified by 1 "
	                    "drill, none failed");
	dt_assessment_free(&ov);
	dt_store_close(st);
}

/* A run of loss[i] at steps[i]: points [0, k) in one file, [k, n) in a
 * second (a new launch: a restart), k = n for one file. */
static int64_t add_run_at(dt_store *st, const char *name, const char *plat,
                          const int64_t *steps, const double *loss, size_t n,
                          size_t k)
{
	dt_run r = {.grad_accum = 1};
	snprintf(r.name, sizeof r.name, "%s", name);
	snprintf(r.platform, sizeof r.platform, "%s", plat);
	assert_int_equal(dt_store_run_create(st, &r), 0);
	int64_t f;
	dt_rawseries a = {.metric = "loss", .n = k, .cap = k,
	                  .step = (int64_t *)steps, .value = (double *)loss};
	assert_int_equal(dt_store_file_add(st, r.id, "/1.csv", name, 1, "csv",
	                                   &f), 0);
	assert_int_equal(dt_store_raw_put(st, f, &a), 0);
	if (k < n) {
		dt_rawseries b = {.metric = "loss", .n = n - k, .cap = n - k,
		                  .step = (int64_t *)steps + k,
		                  .value = (double *)loss + k};
		assert_int_equal(dt_store_file_add(st, r.id, "/2.csv", "2", 1, "csv",
		                                   &f), 0);
		assert_int_equal(dt_store_raw_put(st, f, &b), 0);
	}
	return r.id;
}

/* Step 6 fails when a restart of a pilot run fails its resume check, with
 * the run, step and reason the gate gives, through the one resume
 * judgement (dt_assessment_restarts). Baseline "g": loss 1.0 at steps 10,
 * 20, ..., 90 (no step in common with the pilot: parity insufficient).
 * Pilot "t": loss 2.0 at steps 1..5, a new launch, 1.0 at steps 6..9.
 * Resumed at 6 after 5. No baseline point at 1..9: the loss check goes
 * without one: the level before is flat at 2.0 (band [2.0, 2.0]); after,
 * step 6 set aside, the mean of 7..9 is 1.0: shift (1 - 2) / 2 = -50 %
 * beyond 5 %: the restart fails on "loss". */
static void step6_resume_fail(void **state)
{
	(void)state;
	dt_store *st = open_store("s6f.db");
	int64_t gs[9], ts[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
	double gl[9], tl[9] = {2, 2, 2, 2, 2, 1, 1, 1, 1};
	for (int i = 0; i < 9; i++) {
		gs[i] = 10 * (i + 1);
		gl[i] = 1.0;
	}
	int64_t rg = add_run_at(st, "g", "gpu", gs, gl, 9, 9);
	int64_t rt = add_run_at(st, "t", "trn2", ts, tl, 9, 5);
	dt_pilot p;
	assert_int_equal(dt_store_pilot_create(st, "p6", "ana", &p), 0);
	assert_int_equal(dt_store_pilot_attach(st, p.id, rg, DT_RUN_BASELINE, "a"), 0);
	assert_int_equal(dt_store_pilot_attach(st, p.id, rt, DT_RUN_PILOT, "a"), 0);
	dt_assessment ov;
	dt_check_status s;
	const char *reason = "loss: no pilot/baseline ratio on both sides of the "
	                     "restart (no finite baseline point at these steps), "
	                     "so as without a baseline: loss mean 1 over 3 "
	                     "point(s) vs the band from the level before (2 over "
	                     "5 point(s)) to its least-squares trend at the same "
	                     "steps (2): -50.00% (limit 5.00%)";
	char want[700];
	const char *d = step6_detail(st, &ov, &s);
	assert_int_equal(ov.verdicts[0].verdict, DT_VERDICT_INSUFFICIENT);
	assert_int_equal(ov.nrestarts, 1);
	assert_string_equal(ov.restarts[0].run, "t");
	assert_int_equal(ov.restarts[0].at_step, 6);
	assert_int_equal(ov.restarts[0].pass, 0);
	assert_string_equal(ov.restarts[0].reason, reason);
	assert_int_equal(s, DT_CK_FAIL);
	assert_int_equal(ov.checklist.items[DT_ITEM_STEP6].computed_status,
	                 DT_CK_FAIL);
	snprintf(want, sizeof want, "resume fail: t step 6: %s", reason);
	assert_string_equal(d, want);
	/* The gate judges the same restart from the same list: its resume
	 * reason fails with that reason, and it lists step 6 as failed by
	 * that restart without naming it again (same_as: the resume reason).
	 * Reasons: parity (insufficient), resume, checklist step6. */
	dt_gate g;
	assert_int_equal(dt_gate_judge(&ov, &g), 0);
	assert_int_equal(g.pass, 0);
	assert_int_equal(g.nreasons, 3);
	assert_string_equal(g.reasons[0].check, "parity");
	assert_int_equal(g.reasons[0].same_as, -1);
	assert_string_equal(g.reasons[1].check, "resume");
	assert_string_equal(g.reasons[1].subject, "t step 6");
	assert_int_equal(g.reasons[1].pass, 0);
	snprintf(want, sizeof want, "FAIL: %s", reason);
	assert_string_equal(g.reasons[1].detail, want);
	assert_int_equal(g.reasons[1].same_as, -1);
	assert_string_equal(g.reasons[2].check, "checklist");
	assert_string_equal(g.reasons[2].subject, "step6");
	assert_int_equal(g.reasons[2].pass, 0);
	assert_string_equal(g.reasons[2].detail, "fail: resume fail: the "
	                    "failing restart listed under resume");
	assert_int_equal(g.reasons[2].same_as, 1);
	/* the restart is named by one reason only */
	size_t naming = 0;
	for (size_t i = 0; i < g.nreasons; i++)
		naming += strstr(g.reasons[i].subject, "t step 6") != NULL ||
		          strstr(g.reasons[i].detail, "t step 6") != NULL ||
		          strstr(g.reasons[i].detail, "-50.00%") != NULL;
	assert_int_equal(naming, 1);
	dt_gate_free(&g);
	dt_assessment_free(&ov);
	dt_store_close(st);
}

int main(void)
{
	int skip = dt_test_store_skip();
	if (skip)
		return skip;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(taskcard_rules),
		cmocka_unit_test(pilot_store),
		cmocka_unit_test(overview_items),
		cmocka_unit_test(step6_resume_drills),
		cmocka_unit_test(step6_resume_fail),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
