/* test_resume_fingerprint.c: batch fingerprints in the data-cursor check
 * (issue 9, item 6 "fingerprints when logged"): what the importers read
 * (importers/fingerprint.h), the rule (model/core/resume.h data_cursor)
 * on hand-made segments, and resume-check through the store on a JSON
 * lines fixture. Expected steps and verdicts worked out in each comment. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "dt_test_store.h"
#include "dt_test_tmpdir.h"
#include "imp_test.h"
#include "importers/fingerprint.h"
#include "importers/import.h"
#include "model/core/resume.h"
#include "model/service/resume_run.h"
#include "series_test.h"

#define FIX DT_FIXTURES "/resume/"
#define N(a) (sizeof(a) / sizeof((a)[0]))

/* The stored value: FNV-1a 64 of the normalised text, low 53 bits. By
 * hand (python3: h = 14695981039346656037; for b in b"a": h ^= b; h = h
 * * 1099511628211 % 2**64; h & (2**53 - 1)) "a" gives 1086646154030220
 * (0xaf63dc4c8601ec8c & (2^53 - 1)). "0xA010", " a010 " and "a010" are
 * one fingerprint; "a011" another. */
static void test_value(void **state)
{
	(void)state;
	assert_true(dt_fingerprint_value("a", 1) == 1086646154030220.0);
	double x = dt_fingerprint_value("a010", 4);
	assert_true(dt_fingerprint_value("0xA010", 6) == x);
	assert_true(dt_fingerprint_value(" a010 ", 6) == x);
	assert_true(dt_fingerprint_value("a011", 4) != x);
	double v;
	assert_true(dt_fingerprint_in_line("batch fingerprint: 9F3A", &v));
	assert_true(v == dt_fingerprint_value("9f3a", 4));
	assert_true(dt_fingerprint_in_line("x | batch_hash=ab-1 |", &v));
	assert_true(v == dt_fingerprint_value("ab-1", 4));
	assert_false(dt_fingerprint_in_line("batch fingerprints follow", &v));
	assert_false(dt_fingerprint_in_line("step 10 loss 2.0", &v));
}

/* fingerprint_lines.log: standalone `batch fingerprint:` lines go with
 * the step logged before them (10, 30), inline ones with their line's
 * step (20, 40; the all-digit 1234 is a fingerprint, not a curve). By
 * hand: batch_fingerprint = 10, 20, 30, 40 with the hashes of 9f3a10,
 * 9f3a20, 9f3a30, 1234; loss has 4 points and no batch_hash series. */
static void test_textlog(void **state)
{
	(void)state;
	dt_rawlog log;
	char err[256];
	assert_int_equal(it_parse_file(&dt_imp_textlog, FIX
	                               "fingerprint_lines.log", NULL, &log, err,
	                               sizeof err), 0);
	const dt_rawseries *s = it_series(&log, DT_FINGERPRINT_METRIC);
	static const char *const t[] = {"9f3a10", "9f3a20", "9f3a30", "1234"};
	assert_int_equal(s->n, 4);
	for (size_t i = 0; i < 4; i++) {
		assert_int_equal(s->step[i], 10 * (int64_t)(i + 1));
		assert_true(s->value[i] == dt_fingerprint_value(t[i], strlen(t[i])));
	}
	it_range(&log, "loss", 4, 10, 40);
	assert_null(dt_rawlog_find(&log, "batch_hash"));
	dt_rawlog_free(&log);
}

/* fingerprint_reset.jsonl: batch_hash a010..a040 at 10..40, a resume
 * record (checkpoint 30), then 40 with 0xA010 (= a010) and 50 with a020.
 * By hand: batch_fingerprint 10, 20, 30, 40 | 40, 50 (mark at 4), no
 * batch_hash curve. */
static void test_jsonl(void **state)
{
	(void)state;
	dt_rawlog log;
	char err[256];
	assert_int_equal(it_parse_file(&dt_imp_jsonl, FIX
	                               "fingerprint_reset.jsonl", NULL, &log,
	                               err, sizeof err), 0);
	const dt_rawseries *s = it_series(&log, DT_FINGERPRINT_METRIC);
	const int64_t st[] = {10, 20, 30, 40, 40, 50};
	assert_int_equal(s->n, N(st));
	for (size_t i = 0; i < N(st); i++)
		assert_int_equal(s->step[i], st[i]);
	assert_true(s->value[4] == dt_fingerprint_value("a010", 4));
	assert_int_equal(s->nmarks, 1);
	assert_int_equal(s->marks[0], 4);
	assert_null(dt_rawlog_find(&log, "batch_hash"));
	dt_rawlog_free(&log);
}

/* The rule on segments (loss flat 2.0, no LR, no cursor; fingerprints are
 * small integers standing for hashes). Before: steps 1..5 = 11..15.
 * (a) after: 4, 5, 6 = 14, 15, 16: 4 and 5 replay the same batches at
 * the same steps, 16 is new: pass, "3 batch fingerprint(s) ... (2
 * replayed at the same step)". (b) after: 4, 5, 6 = 14, 11, 12: at step
 * 5 the batch of step 1 comes back: fail at step 5, cause sampler /
 * dataloader. (c) before 11, 12, 11, 12, 13 (batches recur): after as
 * (b) is not judged, the check stays n/a. */
static void test_rule(void **state)
{
	(void)state;
	int64_t s1[] = {1, 2, 3, 4, 5}, s2[] = {4, 5, 6};
	double l1[] = {2, 2, 2, 2, 2}, l2[] = {2, 2, 2};
	double f1[] = {11, 12, 13, 14, 15};
	double fa[] = {14, 15, 16}, fb[] = {14, 11, 12};
	double f1r[] = {11, 12, 11, 12, 13};
	dt_series loss[] = {seg(s1, l1, 5), seg(s2, l2, 3)};
	dt_series fpa[] = {seg(s1, f1, 5), seg(s2, fa, 3)};
	dt_resume_in in = {.loss = loss, .nseg = 2, .fingerprint = fpa,
	                   .nfingerprint = 2};
	dt_restart_verdict *v;
	size_t n;
	dt_resume_opts o = dt_resume_defaults();
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(v[0].check[DT_RC_CURSOR], DT_CHECK_PASS);
	assert_string_equal(v[0].detail[DT_RC_CURSOR], "3 batch fingerprint(s) "
	                    "after the resume, none repeats one logged before "
	                    "at another step (2 replayed at the same step)");
	free(v);

	dt_series fpb[] = {seg(s1, f1, 5), seg(s2, fb, 3)};
	in.fingerprint = fpb;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].check[DT_RC_CURSOR], DT_CHECK_FAIL);
	assert_int_equal(v[0].cursor_fault_step, 5);
	assert_string_equal(v[0].detail[DT_RC_CURSOR], "batch fingerprint at "
	                    "step 5 after the resume repeats the one logged at "
	                    "step 1 before: batches trained again from an "
	                    "earlier data position");
	assert_non_null(strstr(v[0].cause[DT_RC_CURSOR], "sampler / dataloader"));
	assert_false(v[0].pass);
	free(v);

	dt_series fpc[] = {seg(s1, f1r, 5), seg(s2, fb, 3)};
	in.fingerprint = fpc;
	assert_int_equal(dt_resume_check(&in, &o, &v, &n), 0);
	assert_int_equal(v[0].check[DT_RC_CURSOR], DT_CHECK_NA);
	assert_string_equal(v[0].detail[DT_RC_CURSOR], "batch fingerprints "
	                    "recur before the restart (steps 1 and 3): not "
	                    "judged");
	free(v);
}

/* resume-check through the store: fingerprint_reset.jsonl restarts at
 * step 40 (checkpoint 30 from the resume record); by hand the fingerprint
 * at 40 (a010) is the one logged at step 10: data_cursor fails at step 40
 * with the sampler / dataloader cause; the other checks hold (the loss
 * and LR at 40 equal those logged before). */
static void test_service(void **state)
{
	(void)state;
	char err[600];
	dt_store *st = dt_test_store_open(dir, "fp.db", err, sizeof err);
	if (!st)
		fail_msg("open: %s", err);
	const char *files[] = {FIX "fingerprint_reset.jsonl"};
	dt_import_request rq = {.run_name = "fp", .platform = "trn2",
	                        .format = "jsonl", .files = files, .nfiles = 1};
	if (dt_import(st, &rq, NULL, err, sizeof err) < 0)
		fail_msg("import: %s", err);
	dt_run run;
	assert_int_equal(dt_store_run_find(st, "fp", &run), 0);
	dt_resume_run_result res;
	assert_int_equal(dt_resume_run(st, &run, NULL, NULL, -1, 0, NULL, &res,
	                               err, sizeof err), 0);
	assert_int_equal(res.nv, 1);
	const dt_restart_verdict *v = &res.v[0];
	assert_int_equal(v->at_step, 40);
	assert_int_equal(v->check[DT_RC_CURSOR], DT_CHECK_FAIL);
	assert_int_equal(v->cursor_fault_step, 40);
	assert_non_null(strstr(v->detail[DT_RC_CURSOR], "at step 40 after the "
	                       "resume repeats the one logged at step 10"));
	assert_int_equal(v->check[DT_RC_STEP], DT_CHECK_PASS);
	assert_int_equal(v->check[DT_RC_REPLAY], DT_CHECK_PASS);
	dt_resume_run_free(&res);
	dt_store_close(st);
}

int main(void)
{
	int skip = dt_test_store_skip();
	if (skip)
		return skip;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_value),
		cmocka_unit_test(test_textlog),
		cmocka_unit_test(test_jsonl),
		cmocka_unit_test(test_rule),
		cmocka_unit_test(test_service),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
