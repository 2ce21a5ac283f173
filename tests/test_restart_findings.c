/* test_restart_findings.c: a global batch or total steps that change at a
 * restart is a finding (issue 9, item 11): the settings each launch logs
 * (importers), the rule (model/core/findings_restart.c) and the service
 * call resume-check and compare share (restart_findings.h), on fixtures
 * made for it with the values worked out by hand below. Runs on both
 * store backends (tests/dt_test_store.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "dt_test_store.h"
#include "dt_test_tmpdir.h"
#include "imp_test.h"
#include "importers/import.h"
#include "model/service/resume_run.h"
#include "model/service/restart_findings.h"

#define FIX DT_FIXTURES "/resume/"
#define N(a) (sizeof(a) / sizeof((a)[0]))

typedef struct want_set {
	uint32_t launch;
	const char *key;
	int64_t value;
	uint64_t line;
} want_set;

static void check_settings(const dt_rawlog *log, const want_set *w, size_t n)
{
	if (log->nlaunch_set != n)
		fail_msg("%zu settings, expected %zu", log->nlaunch_set, n);
	for (size_t i = 0; i < n; i++) {
		const dt_launch_setting *x = &log->launch_set[i];
		if (x->launch != w[i].launch || strcmp(x->key, w[i].key) != 0 ||
		    x->value != w[i].value || x->line != w[i].line)
			fail_msg("setting %zu: launch %u %s=%lld line %llu, expected "
			         "launch %u %s=%lld line %llu", i, (unsigned)x->launch,
			         x->key, (long long)x->value,
			         (unsigned long long)x->line, (unsigned)w[i].launch,
			         w[i].key, (long long)w[i].value,
			         (unsigned long long)w[i].line);
	}
}

/* megatron_batch_change.log (14 lines): arguments banner (1) with
 * global_batch_size 16 (2) and train_iters 100 (3); iterations 10..40 of
 * 100 at global batch 16 (4-6, 8); the banner again (9) with 32 (10) and
 * 200 (11); loading checkpoint 30 (12); iterations 40 and 50 of 200 at
 * global batch 32 (13, 14). By hand: the iteration lines repeat their
 * launch's values, so only the four argument lines are recorded: launch
 * 0 global_batch 16 line 2, total_steps 100 line 3; launch 1 32 line 10,
 * 200 line 11. */
static void test_megatron_settings(void **state)
{
	(void)state;
	dt_rawlog log;
	char err[256];
	assert_int_equal(it_parse_file(&dt_imp_textlog, FIX
	                               "megatron_batch_change.log", NULL, &log,
	                               err, sizeof err), 0);
	assert_int_equal(log.nlaunches, 1);
	const want_set w[] = {
		{0, DT_SETTING_GLOBAL_BATCH, 16, 2}, {0, DT_SETTING_TOTAL_STEPS, 100, 3},
		{1, DT_SETTING_GLOBAL_BATCH, 32, 10}, {1, DT_SETTING_TOTAL_STEPS, 200, 11},
	};
	check_settings(&log, w, N(w));
	/* the argument lines are no points: loss 10, 20, 30, 40 | 40, 50 */
	it_range(&log, "loss", 6, 10, 50);
	dt_rawlog_free(&log);
}

/* nemo_max_steps.log (10 lines): a config dump `max_steps: 40` (2),
 * progress bars global_step 0..2 (3-5), the next launch's config dump
 * `max_steps: 80` (7) printed BEFORE its resume marker (8, checkpoint
 * step=2), then global_step 2 and 3 again (9, 10). By hand: line 7 comes
 * after launch 0's last point and the marker starts launch 1 with no
 * point in between, so 80 belongs to launch 1: launch 0 total_steps 40
 * line 2, launch 1 total_steps 80 line 7. Steps are global_step + 1: loss
 * 1, 2, 3 | 3, 4. */
static void test_nemo_setting_before_marker(void **state)
{
	(void)state;
	dt_rawlog log;
	char err[256];
	assert_int_equal(it_parse_file(&dt_imp_textlog, FIX "nemo_max_steps.log",
	                               NULL, &log, err, sizeof err), 0);
	assert_int_equal(log.nlaunches, 1);
	const want_set w[] = {
		{0, DT_SETTING_TOTAL_STEPS, 40, 2}, {1, DT_SETTING_TOTAL_STEPS, 80, 7},
	};
	check_settings(&log, w, N(w));
	it_range(&log, "loss", 5, 1, 4);
	dt_rawlog_free(&log);
}

/* hf_resume_stdout.log with a changed banner, in memory: two launches,
 * banner 1 "Total optimization steps = 40", "Total train batch size (w.
 * parallel, distributed & accumulation) = 8" (lines 1-3), records at
 * 10, 20; banner 2 (lines 6-8) with 80 and 16, "Continuing training from
 * global step 20" (9), records 30, 40 (counted from 20 with logging
 * steps 10). By hand: launch 0 global_batch 8 and total_steps 40 at the
 * banner line 1; launch 1 16 and 80 at line 6. */
static void test_hf_banner_settings(void **state)
{
	(void)state;
	static const char text[] =
		"***** Running training *****\n"
		"  Total train batch size (w. parallel, distributed & accumulation) = 8\n"
		"  Total optimization steps = 40\n"
		"{'loss': 2.0, 'learning_rate': 1e-05, 'epoch': 0.25}\n"
		"{'loss': 1.8, 'learning_rate': 2e-05, 'epoch': 0.5}\n"
		"***** Running training *****\n"
		"  Total train batch size (w. parallel, distributed & accumulation) = 16\n"
		"  Total optimization steps = 80\n"
		"  Continuing training from global step 20\n"
		"{'loss': 1.7, 'learning_rate': 3e-05, 'epoch': 0.75}\n"
		"{'loss': 1.6, 'learning_rate': 4e-05, 'epoch': 1.0}\n";
	dt_import_opts o = {.logging_steps = 10};
	dt_rawlog log;
	char err[256];
	assert_int_equal(it_parse_mem(&dt_imp_hf_stdout, "hf.log", text,
	                              sizeof text - 1, &o, &log, err, sizeof err),
	                 0);
	assert_int_equal(log.nlaunches, 1);
	const want_set w[] = {
		{0, DT_SETTING_GLOBAL_BATCH, 8, 1}, {0, DT_SETTING_TOTAL_STEPS, 40, 1},
		{1, DT_SETTING_GLOBAL_BATCH, 16, 6}, {1, DT_SETTING_TOTAL_STEPS, 80, 6},
	};
	check_settings(&log, w, N(w));
	dt_rawlog_free(&log);
}

/* JSON lines: total_steps 100 on every record of launch 0 (steps 10,
 * 20), a resume record (line 3), total_steps 150 and global_batch_size 64
 * on the records of launch 1 (lines 4, 5). By hand: launch 0 total 100
 * line 1; launch 1 total 150 line 4, global_batch 64 line 4; the setting
 * keys are no curves (only loss and current_steps' loss points). */
static void test_jsonl_settings(void **state)
{
	(void)state;
	static const char text[] =
		"{\"current_steps\": 10, \"total_steps\": 100, \"loss\": 2.0}\n"
		"{\"current_steps\": 20, \"total_steps\": 100, \"loss\": 1.8}\n"
		"{\"event\": \"resumed\", \"checkpoint_step\": 20}\n"
		"{\"current_steps\": 30, \"total_steps\": 150, \"global_batch_size\": 64,"
		" \"loss\": 1.7}\n"
		"{\"current_steps\": 40, \"total_steps\": 150, \"global_batch_size\": 64,"
		" \"loss\": 1.6}\n";
	dt_rawlog log;
	char err[256];
	assert_int_equal(it_parse_mem(&dt_imp_jsonl, "t.jsonl", text,
	                              sizeof text - 1, NULL, &log, err,
	                              sizeof err), 0);
	assert_int_equal(log.nlaunches, 1);
	const want_set w[] = {
		{0, DT_SETTING_TOTAL_STEPS, 100, 1}, {1, DT_SETTING_TOTAL_STEPS, 150, 4},
		{1, DT_SETTING_GLOBAL_BATCH, 64, 4},
	};
	check_settings(&log, w, N(w));
	assert_int_equal(log.nseries, 1);
	it_range(&log, "loss", 4, 10, 40);
	dt_rawlog_free(&log);
}

/* The rule: both values known and different. */
static void test_rule(void **state)
{
	(void)state;
	dt_findings f = {0};
	assert_int_equal(dt_findings_restart_setting("run", 40,
	                 DT_SETTING_GLOBAL_BATCH, 16, 16, &f), 0);
	assert_int_equal(dt_findings_restart_setting("run", 40,
	                 DT_SETTING_GLOBAL_BATCH, 0, 32, &f), 0);
	assert_int_equal(dt_findings_restart_setting("run", 40,
	                 DT_SETTING_TOTAL_STEPS, 100, 0, &f), 0);
	assert_int_equal(dt_findings_restart_setting("run", 40,
	                 DT_SETTING_GLOBAL_BATCH, 16, 32, &f), 1);
	assert_int_equal(f.n, 1);
	assert_int_equal(f.v[0].kind, DT_FIND_BATCH_CHANGE);
	assert_string_equal(dt_finding_kind_name(f.v[0].kind),
	                    "global_batch_change");
	assert_int_equal(f.v[0].step, 40);
	assert_int_equal(f.v[0].before, 16);
	assert_int_equal(f.v[0].after, 32);
	assert_non_null(strstr(f.v[0].detail, "global batch 16 before the "
	                       "restart at step 40, 32 after (x 2)"));
	dt_findings_free(&f);
}

static dt_store *store_with(const char *name, const char *run,
                            const char *const *files, size_t n)
{
	char err[512];
	dt_store *st = dt_test_store_open(dir, name, err, sizeof err);
	if (!st)
		fail_msg("open %s: %s", name, err);
	dt_import_request rq = {.run_name = run, .platform = "trn2",
	                        .format = "textlog", .files = files, .nfiles = n};
	if (dt_import(st, &rq, NULL, err, sizeof err) < 0)
		fail_msg("import: %s", err);
	return st;
}

/* Through the store and the service (what resume-check prints):
 * megatron_batch_change.log has one restart, its first logged step 40;
 * by hand (settings above): global batch 16 -> 32 and total steps 100 ->
 * 200 at step 40, in that order, role "run". */
static void test_service_megatron(void **state)
{
	(void)state;
	const char *files[] = {FIX "megatron_batch_change.log"};
	dt_store *st = store_with("m.db", "m", files, 1);
	dt_run run;
	assert_int_equal(dt_store_run_find(st, "m", &run), 0);
	dt_resume_run_result res;
	char err[600];
	assert_int_equal(dt_resume_run(st, &run, NULL, NULL, -1, 0, NULL, &res,
	                               err, sizeof err), 0);
	assert_int_equal(res.nv, 1);
	assert_int_equal(res.v[0].at_step, 40);
	assert_int_equal(res.findings.n, 2);
	const dt_finding *f = res.findings.v;
	assert_int_equal(f[0].kind, DT_FIND_BATCH_CHANGE);
	assert_int_equal(f[0].step, 40);
	assert_int_equal(f[0].before, 16);
	assert_int_equal(f[0].after, 32);
	assert_string_equal(f[0].role, "run");
	assert_int_equal(f[1].kind, DT_FIND_TOTAL_STEPS_CHANGE);
	assert_int_equal(f[1].before, 100);
	assert_int_equal(f[1].after, 200);
	dt_resume_run_free(&res);
	dt_store_close(st);
}

/* Two files, the restart at the new file: megatron_resume.log (global
 * batch 16 and 100 total steps in both launches, no finding at its own
 * restart at step 50) then megatron_batch_change.log (launch 0: 16 and
 * 100, launch 1: 32 and 200). By hand: 4 segments; restart 1 (step 50,
 * same values) none; restart 2 (the new file, step 10): before = the
 * last values of the first file (16, 100), after = its launch 0 (16,
 * 100): none; restart 3 (step 40): 16 -> 32 and 100 -> 200. The step of
 * both findings is 40. */
static void test_service_two_files(void **state)
{
	(void)state;
	const char *files[] = {FIX "megatron_resume.log",
	                       FIX "megatron_batch_change.log"};
	dt_store *st = store_with("t.db", "t", files, 2);
	dt_run run;
	assert_int_equal(dt_store_run_find(st, "t", &run), 0);
	dt_findings f = {0};
	char err[600];
	assert_int_equal(dt_run_restart_findings(st, &run, "pilot", NULL, 0, &f,
	                                         err, sizeof err), 0);
	assert_int_equal(f.n, 2);
	assert_int_equal(f.v[0].step, 40);
	assert_int_equal(f.v[1].step, 40);
	assert_string_equal(f.v[0].role, "pilot");
	dt_findings_free(&f);
	dt_store_close(st);
}

int main(void)
{
	int skip = dt_test_store_skip();
	if (skip)
		return skip;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_megatron_settings),
		cmocka_unit_test(test_nemo_setting_before_marker),
		cmocka_unit_test(test_hf_banner_settings),
		cmocka_unit_test(test_jsonl_settings),
		cmocka_unit_test(test_rule),
		cmocka_unit_test(test_service_megatron),
		cmocka_unit_test(test_service_two_files),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
