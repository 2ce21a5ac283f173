/* test_tui_import.c: the pure parts behind the TUI's import and ledger
 * screens: Tab completion of paths, the live-mode step API of
 * import_follow (partial last line held back), the checkpoint-list and
 * time parsers, ledger cells, scenario answers round trip and the
 * verdict sentence with a finding note. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>
#include <sys/stat.h>

#include "dt_test_tmpdir.h"
#include "importers/import.h"
#include "importers/import_follow.h"
#include "model/core/ledger.h"
#include "model/service/resume_run.h"
#include "model/service/run_load.h"
#include "model/core/scenario.h"
#include "model/core/verdict_text.h"
#include "model/util/strv.h"
#include "tui/chart.h"
#include "tui/import_screen.h"
#include "tui/path_complete.h"

static void touch(const char *name, const char *text)
{
	char p[256];
	FILE *f;
	snprintf(p, sizeof p, "%s/%s", dir, name);
	f = fopen(p, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void test_path_complete(void **state)
{
	char in[256], out[512], sub[256], **c = NULL;
	size_t n = 0;
	(void)state;
	touch("gpu-a.csv", "");
	touch("gpu-b.csv", "");
	touch(".hidden", "");
	snprintf(sub, sizeof sub, "%s/logs", dir);
	assert_int_equal(mkdir(sub, 0700), 0);

	/* "gpu-" matches gpu-a.csv, gpu-b.csv: common prefix "gpu-" */
	snprintf(in, sizeof in, "%s/gp", dir);
	assert_int_equal(dt_path_complete(in, out, sizeof out, &c, &n), 2);
	assert_int_equal(n, 2);
	assert_string_equal(c[0], "gpu-a.csv");
	assert_string_equal(c[1], "gpu-b.csv");
	snprintf(in, sizeof in, "%s/gpu-", dir);
	assert_string_equal(out, in);
	dt_path_candidates_free(c, n);

	/* one directory: completed with its '/' */
	snprintf(in, sizeof in, "%s/l", dir);
	assert_int_equal(dt_path_complete(in, out, sizeof out, &c, &n), 1);
	snprintf(in, sizeof in, "%s/logs/", dir);
	assert_string_equal(out, in);
	assert_string_equal(c[0], "logs/");
	dt_path_candidates_free(c, n);

	/* the empty stem lists everything but dot files: 3 entries */
	snprintf(in, sizeof in, "%s/", dir);
	assert_int_equal(dt_path_complete(in, out, sizeof out, &c, &n), 3);
	dt_path_candidates_free(c, n);
	/* a dot stem shows them */
	snprintf(in, sizeof in, "%s/.h", dir);
	assert_int_equal(dt_path_complete(in, out, sizeof out, &c, &n), 1);
	assert_string_equal(c[0], ".hidden");
	dt_path_candidates_free(c, n);

	/* no match: 0, out = the input; a missing folder: -1 */
	snprintf(in, sizeof in, "%s/zz", dir);
	assert_int_equal(dt_path_complete(in, out, sizeof out, &c, &n), 0);
	assert_string_equal(out, in);
	assert_null(c);
	snprintf(in, sizeof in, "%s/nope/x", dir);
	assert_int_equal(dt_path_complete(in, out, sizeof out, &c, &n), -1);
}

static void append(const char *path, const char *text)
{
	FILE *f = fopen(path, "a");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void test_follow_steps(void **state)
{
	char db[256], log[256], err[600];
	const char *files[1];
	dt_import_request rq = {0};
	dt_follow *f;
	dt_store *st;
	dt_run run;
	dt_series s = {0};
	long added, pts;
	int64_t last;
	(void)state;
	snprintf(db, sizeof db, "%s/f.db", dir);
	snprintf(log, sizeof log, "%s/live.csv", dir);
	/* header + steps 1, 2 complete; "3,2.7" has no newline yet */
	append(log, "step,loss\n1,2.9\n2,2.8\n3,2.7");
	st = dt_store_open(db, err, sizeof err);
	assert_non_null(st);
	files[0] = log;
	rq.files = files;
	rq.nfiles = 1;
	rq.platform = "trn2";
	rq.format = "auto";
	rq.run_name = "live";
	f = dt_follow_new(&rq);
	assert_non_null(f);
	assert_int_equal(dt_follow_poll(f, st, &added, NULL, err, sizeof err), 1);
	assert_int_equal(added, 2);               /* steps 1, 2 */
	assert_int_equal(dt_follow_stored(f), 1);
	assert_int_equal(dt_follow_updates(f, &pts, &last), 1);
	assert_int_equal(pts, 2);
	assert_int_equal(last, 2);
	/* nothing changed: no update */
	assert_int_equal(dt_follow_poll(f, st, &added, NULL, err, sizeof err), 0);
	/* the line completes and one more arrives: 3 and 4 are new */
	append(log, "\n4,2.6\n");
	assert_int_equal(dt_follow_poll(f, st, &added, NULL, err, sizeof err), 1);
	assert_int_equal(added, 2);
	assert_int_equal(dt_follow_updates(f, &pts, &last), 2);
	assert_int_equal(pts, 4);
	assert_int_equal(last, 4);
	/* the store holds 4 points of run "live", steps 1..4 */
	assert_int_equal(dt_store_run_find(st, "live", &run), 0);
	assert_int_equal(dt_run_series(st, &run, "loss", &s, err, sizeof err), 0);
	assert_int_equal(s.n, 4);
	assert_int_equal(s.step[3], 4);
	assert_true(fabs(s.value[3] - 2.6) < 1e-12);
	dt_series_free(&s);
	dt_follow_free(f);
	dt_store_close(st);
}

static void test_parsers(void **state)
{
	int64_t v[3];
	double sec;
	dt_ledger_input in = {DT_BASIS_MEASURED, 5400, 1, "", 0};
	char buf[64];
	(void)state;
	assert_int_equal(dt_resume_parse_steps("1200,3400", v, 3), 2);
	assert_int_equal(v[0], 1200);
	assert_int_equal(v[1], 3400);
	assert_int_equal(dt_resume_parse_steps("1,2,3,4", v, 3), -1); /* > max */
	assert_int_equal(dt_resume_parse_steps("1,,2", v, 3), -1);
	assert_int_equal(dt_resume_parse_steps("-5", v, 3), -1);
	/* 1.5 h = 5400 s; 90m = 5400 s; 300s = 300 s */
	assert_int_equal(dt_ledger_parse_time("1.5", &sec), 0);
	assert_true(sec == 5400.0);
	assert_int_equal(dt_ledger_parse_time("90m", &sec), 0);
	assert_true(sec == 5400.0);
	assert_int_equal(dt_ledger_parse_time("300s", &sec), 0);
	assert_true(sec == 300.0);
	assert_int_equal(dt_ledger_parse_time("-1", &sec), -1);
	assert_int_equal(dt_ledger_parse_time("abc", &sec), -1);
	/* 5400 s shown in hours: 1.5 */
	dt_ledger_input_text(&in, 3600, buf, sizeof buf);
	assert_string_equal(buf, "1.5 measured (log)");
	in.basis = DT_BASIS_NONE;
	dt_ledger_input_text(&in, 3600, buf, sizeof buf);
	assert_string_equal(buf, "missing");
}

static void test_scenario_roundtrip(void **state)
{
	dt_scenario_answers a = {0}, b = {0};
	char buf[400];
	(void)state;
	a.a[DT_Q_STABLE] = DT_ANS_YES;
	a.a[DT_Q_CUSTOM_CUDA] = DT_ANS_NO;
	dt_scenario_encode(&a, buf, sizeof buf);
	assert_string_equal(buf, "stable=yes,custom_cuda=no,graph_changes=unknown,"
	                    "high_cost_of_error=unknown,agreed_metrics=unknown,"
	                    "experienced_team=unknown,long_cycle=unknown");
	dt_scenario_decode(buf, &b);
	assert_memory_equal(a.a, b.a, sizeof a.a);
}

/* One form of a relative difference everywhere (dt_fmt_rel_pct): the
 * trial's 2.414 (printed 241.4%, 241% and 241 % by three outputs) and
 * the demo's 0.0207 (2.1% vs 2.07 %), two decimals; three significant
 * digits below 0.1 %; signs, zero, infinities, NaN. */
static void test_rel_pct(void **state)
{
	char b[32];
	(void)state;
	assert_string_equal(dt_fmt_rel_pct(2.414, 0, b, sizeof b), "241.40%");
	assert_string_equal(dt_fmt_rel_pct(0.0207, 0, b, sizeof b), "2.07%");
	assert_string_equal(dt_fmt_rel_pct(0.0207, 1, b, sizeof b), "+2.07%");
	assert_string_equal(dt_fmt_rel_pct(-0.8741, 1, b, sizeof b), "-87.41%");
	assert_string_equal(dt_fmt_rel_pct(0.05, 0, b, sizeof b), "5.00%");
	assert_string_equal(dt_fmt_rel_pct(0.001, 0, b, sizeof b), "0.10%");
	assert_string_equal(dt_fmt_rel_pct(0.000123, 0, b, sizeof b), "0.0123%");
	assert_string_equal(dt_fmt_rel_pct(-0.0000456, 1, b, sizeof b),
	                    "-0.00456%");
	assert_string_equal(dt_fmt_rel_pct(0.0, 1, b, sizeof b), "+0.00%");
	assert_string_equal(dt_fmt_rel_pct(INFINITY, 1, b, sizeof b), "+inf%");
	assert_string_equal(dt_fmt_rel_pct(-INFINITY, 0, b, sizeof b), "-inf%");
	assert_string_equal(dt_fmt_rel_pct(NAN, 0, b, sizeof b), "n/a");
	assert_string_equal(dt_fmt_rel_pct(1e-15, 0, b, sizeof b),
	                    "0.00000000000%");
}

/* --step-base and the import form's step base: one parse (import.h);
 * "0" is opts.step_base 1 (stored + 1), "1" is 2 (as logged). */
static void test_step_base(void **state)
{
	char err[200];
	int sb = 7;
	(void)state;
	assert_int_equal(dt_step_base_parse("0", &sb, err, sizeof err), 0);
	assert_int_equal(sb, 1);
	assert_int_equal(dt_step_base_parse("1", &sb, err, sizeof err), 0);
	assert_int_equal(sb, 2);
	assert_int_equal(dt_step_base_parse("2", &sb, err, sizeof err), -1);
	assert_string_equal(err, "expects 0 or 1, got '2'");
	assert_int_equal(sb, 2);
	assert_int_equal(dt_step_base_parse("", &sb, err, sizeof err), -1);
	assert_string_equal(err, "expects 0 or 1, got ''");
}

/* The form's request: format choice i > 0 is the registry's importer
 * i - 1, step base choice i > 0 dt_step_bases[i - 1]; choice 0 of each
 * is auto (format "auto", step_base 0). */
static void test_form_request(void **state)
{
	dt_import_screen s;
	dt_import_request rq;
	const char *files[1];
	char err[200] = "";
	size_t n = 0;
	(void)state;
	memset(&s, 0, sizeof s);
	dt_import_screen_open(&s, NULL, 0);
	while (dt_importers[n])
		n++;
	assert_int_equal(s.f[DT_IMP_FORMAT].nchoices, n + 1);
	assert_int_equal(s.f[DT_IMP_STEP_BASE].nchoices, 3);
	snprintf(s.f[DT_IMP_PATH].value, sizeof s.f[DT_IMP_PATH].value,
	         "logs/sb.csv");
	assert_int_equal(dt_import_screen_request(&s, &rq, files, err,
	                                          sizeof err), 0);
	assert_string_equal(rq.format, "auto");
	assert_int_equal(rq.opts.step_base, 0);
	assert_string_equal(rq.run_name, "sb");
	s.f[DT_IMP_FORMAT].choice = 6; /* tfevents hf-trainer-state wandb
	                                * mlperf jsonl csv */
	s.f[DT_IMP_STEP_BASE].choice = 1;
	assert_int_equal(dt_import_screen_request(&s, &rq, files, err,
	                                          sizeof err), 0);
	assert_string_equal(rq.format, "csv");
	assert_int_equal(rq.opts.step_base, 1);
	assert_string_equal(s.f[DT_IMP_STEP_BASE].choices[1],
	                    "0 (counts from 0: stored + 1)");
	s.f[DT_IMP_STEP_BASE].choice = 2;
	assert_int_equal(dt_import_screen_request(&s, &rq, files, err,
	                                          sizeof err), 0);
	assert_int_equal(rq.opts.step_base, 2);
	/* grad accum, global batch, logging steps, loss tag: --grad-accum,
	 * --global-batch, --logging-steps, --loss-tag; empty: not given */
	assert_int_equal(rq.opts.grad_accum, 0);
	assert_null(rq.opts.loss_tag);
	snprintf(s.f[DT_IMP_GRAD_ACCUM].value, 8, "8");
	snprintf(s.f[DT_IMP_GLOBAL_BATCH].value, 8, "640");
	snprintf(s.f[DT_IMP_LOGGING_STEPS].value, 8, "10");
	snprintf(s.f[DT_IMP_LOSS_TAG].value, 16, "train/lm_loss");
	assert_int_equal(dt_import_screen_request(&s, &rq, files, err,
	                                          sizeof err), 0);
	assert_int_equal(rq.opts.grad_accum, 8);
	assert_int_equal(rq.opts.global_batch, 640);
	assert_int_equal(rq.opts.logging_steps, 10);
	assert_string_equal(rq.opts.loss_tag, "train/lm_loss");
	snprintf(s.f[DT_IMP_GRAD_ACCUM].value, 8, "0");
	assert_int_equal(dt_import_screen_request(&s, &rq, files, err,
	                                          sizeof err), -1);
	assert_string_equal(err, "grad accum expects an integer >= 1, got '0'");
	dt_import_screen_free(&s);
}

/* The one parser and message of an import count, the CLI's option or
 * the form's field: an integer >= 1, the text named as typed. */
static void test_count_parse(void **state)
{
	int64_t n = 7;
	char err[160];
	(void)state;
	assert_int_equal(dt_import_count_parse("--grad-accum", "4", &n, err,
	                                       sizeof err), 0);
	assert_int_equal(n, 4);
	assert_int_equal(dt_import_count_parse("--grad-accum", "4x", &n, err,
	                                       sizeof err), -1);
	assert_string_equal(err, "--grad-accum expects an integer >= 1, got '4x'");
	assert_int_equal(n, 4);
	assert_int_equal(dt_import_count_parse("global batch", "-2", &n, err,
	                                       sizeof err), -1);
	assert_string_equal(err, "global batch expects an integer >= 1, got '-2'");
	/* digits only: strtoll took a leading blank or sign */
	assert_int_equal(dt_import_count_parse("--grad-accum", " 4", &n, err,
	                                       sizeof err), -1);
	assert_string_equal(err, "--grad-accum expects an integer >= 1, got ' 4'");
	assert_int_equal(dt_import_count_parse("--grad-accum", "+4", &n, err,
	                                       sizeof err), -1);
	assert_int_equal(n, 4);
	assert_int_equal(dt_import_count_parse("logging steps", "", &n, err,
	                                       sizeof err), -1);
	/* the field's check: empty is "not given"; the run name takes any */
	assert_int_equal(dt_import_screen_check(DT_IMP_LOGGING_STEPS, "", err,
	                                        sizeof err), 0);
	assert_int_equal(dt_import_screen_check(DT_IMP_GRAD_ACCUM, "1.5", err,
	                                        sizeof err), -1);
	assert_string_equal(err, "grad accum expects an integer >= 1, got '1.5'");
	assert_int_equal(dt_import_screen_check(DT_IMP_RUN, "1.5", err,
	                                        sizeof err), 0);
}

static void test_verdict_note(void **state)
{
	dt_parity par;
	char buf[512];
	(void)state;
	memset(&par, 0, sizeof par);
	par.verdict = DT_VERDICT_FAIL;
	par.opts = dt_parity_defaults();
	par.n = 100;
	par.breaches = 100;
	par.allowed_breaches = 1;
	par.first_breach_x = 1;
	par.max_abs_rel_diff = 3.0;  /* pilot = 4 x baseline: +300 % */
	par.max_abs_rel_diff_x = 5;
	dt_verdict_sentence(&par, DT_RULE_TOLERANCE, NULL, par.verdict,
	                    "logging-scale mismatch (x 4)", NULL, buf, sizeof buf);
	assert_string_equal(buf, "verdict FAIL (logging-scale mismatch (x 4)): "
	                    "100 of 100 steps breach |p-b| > 0 + 0.02*|b| "
	                    "(allowed 1); first breach at step 1; max |rel diff| "
	                    "300.00% at step 5; warm-up 0");
	dt_verdict_sentence(&par, DT_RULE_TOLERANCE, NULL, par.verdict, "", NULL,
	                    buf, sizeof buf);
	assert_true(strncmp(buf, "verdict FAIL: 100 of 100", 24) == 0);
}

/* A text log followed while its last line is being written: the partial
 * `step 3 | loss 0.2` waits for its line end (no point, no "truncated"
 * warning), then is read whole: 0.2317. */
static void test_follow_text_partial(void **state)
{
	char db[256], log[256], err[600];
	const char *files[1];
	dt_import_request rq = {0};
	dt_run run;
	dt_series s = {0};
	char **w = NULL;
	size_t nw = 0;
	long added;
	(void)state;
	snprintf(db, sizeof db, "%s/t.db", dir);
	snprintf(log, sizeof log, "%s/live.log", dir);
	append(log, "step 1 | loss 2.5\nstep 2 | loss 2.25\nstep 3 | loss 0.2");
	dt_store *st = dt_store_open(db, err, sizeof err);
	assert_non_null(st);
	files[0] = log;
	rq.files = files;
	rq.nfiles = 1;
	rq.platform = "trn2";
	rq.format = "auto";
	rq.run_name = "text";
	dt_follow *f = dt_follow_new(&rq);
	assert_non_null(f);
	assert_int_equal(dt_follow_poll(f, st, &added, NULL, err, sizeof err), 1);
	assert_int_equal(added, 2);
	assert_int_equal(dt_store_run_find(st, "text", &run), 0);
	assert_int_equal(dt_store_warning_list(st, run.id, &w, &nw), 0);
	assert_int_equal(nw, 0);
	dt_strv_free(w, nw);
	append(log, "317\n");
	assert_int_equal(dt_follow_poll(f, st, &added, NULL, err, sizeof err), 1);
	assert_int_equal(added, 1);
	assert_int_equal(dt_run_series(st, &run, "loss", &s, err, sizeof err), 0);
	assert_int_equal(s.n, 3);
	assert_int_equal(s.step[2], 3);
	assert_true(s.value[2] == 0.2317);
	dt_series_free(&s);
	assert_int_equal(dt_store_warning_list(st, run.id, &w, &nw), 0);
	assert_int_equal(nw, 0);
	dt_strv_free(w, nw);
	dt_follow_free(f);
	dt_store_close(st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_path_complete),
		cmocka_unit_test(test_follow_steps),
		cmocka_unit_test(test_follow_text_partial),
		cmocka_unit_test(test_parsers),
		cmocka_unit_test(test_scenario_roundtrip),
		cmocka_unit_test(test_rel_pct),
		cmocka_unit_test(test_verdict_note),
		cmocka_unit_test(test_step_base),
		cmocka_unit_test(test_form_request),
		cmocka_unit_test(test_count_parse),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
