/* test_imp_hf_stdout.c: HF Trainer / optimum-neuron console importer
 * (importers/imp_hf_stdout.c) on hand-written fixtures and the corpus. */
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
#include "imp_test.h"

#define FIX DT_FIXTURES "/hf_stdout/"
#define CORPUS DT_SHARED "/corpus/neuron/"

#define slurp it_slurp
#define parse_buf(path, d, len, ls, log) \
	it_parse_exact(&dt_imp_hf_stdout, path, d, len, ls, log)
#define parse_file(path, ls, log) \
	it_parse_exact_file(&dt_imp_hf_stdout, path, ls, log)
#define assert_series it_points
#define has_warning it_has_warning

/* Banner: Num Epochs 2, Total optimization steps 60 (960 examples / batch
 * 32 = 30 steps per epoch, consistent). step = round(epoch / 2 * 60):
 *   0.33 -> 9.9 -> 10;  0.67 -> 20.1 -> 20;  1.0 -> 30;
 *   1.33 -> 39.9 -> 40; 1.67 -> 50.1 -> 50;  2.0 -> 60.
 * The fixture also has tqdm glue before/after, '\r', an ANSI colour code
 * around the nan record, a rank-1 exact duplicate, a rank duplicate of the
 * eval dict (runtime differs), string/True/None values, and two summaries
 * (dict + TrainOutput metrics). */
static void test_banner_epoch_rule(void **state)
{
	(void)state;
	dt_rawlog log;
	parse_file(FIX "banner_epochs.log", 0, &log);
	const int64_t st[] = { 10, 20, 30, 40, 50, 60 };
	const double loss[] = { 2.5, 2.25, NAN, 1.75, 1.5, 1.25 };
	const double lr[] = { 5e-05, 4.5e-05, 4e-05, 3e-05, 2e-05, 1e-05 };
	const double ep[] = { 0.33, 0.67, 1.0, 1.33, 1.67, 2.0 };
	assert_series(&log, "loss", 6, st, loss);
	assert_series(&log, "lr", 6, st, lr);
	assert_series(&log, "epoch", 6, st, ep);
	const int64_t gst[] = { 10 };
	const double gn[] = { 1.25 };
	assert_series(&log, "grad_norm", 1, gst, gn);
	const int64_t est[] = { 30 };
	const double el[] = { 2.125 }, er[] = { 3.5 };
	assert_series(&log, "eval_loss", 1, est, el);
	assert_series(&log, "eval_runtime", 1, est, er);
	assert_null(dt_rawlog_find(&log, "train_runtime"));
	assert_null(dt_rawlog_find(&log, "flag"));
	assert_int_equal(log.grad_accum, 4);
	assert_int_equal(log.global_batch, 32);
	assert_non_null(strstr(log.step_source, "round(epoch"));
	assert_true(has_warning(&log, "round(epoch / 2 * 60)"));
	assert_true(has_warning(&log, "2 duplicate consecutive record"));
	assert_true(it_has_note(&log, "2 end-of-run summary"));
	assert_true(it_has_note(&log, "Gradient Accumulation steps = 4"));
	dt_rawlog_free(&log);
}

/* A second banner is a new launch: marks at point 3, steps restart from
 * the epochs of the resumed run (1.33 -> 40, 1.67 -> 50). */
static void test_second_banner_new_launch(void **state)
{
	(void)state;
	dt_rawlog log;
	parse_file(FIX "two_launches.log", 0, &log);
	const int64_t st[] = { 10, 20, 30, 40, 50 };
	const double loss[] = { 2.5, 2.25, 2.0, 1.75, 1.5 };
	assert_series(&log, "loss", 5, st, loss);
	const dt_rawseries *s = dt_rawlog_find(&log, "loss");
	assert_int_equal(s->nmarks, 1);
	assert_int_equal(s->marks[0], 3);
	assert_true(has_warning(&log, "launch at line 12"));
	dt_rawlog_free(&log);
}

/* No banner: k-th train record at k x logging_steps; the eval record
 * takes the step of the train record before it. */
static void test_order_rule_given(void **state)
{
	(void)state;
	dt_rawlog log;
	parse_file(FIX "order_steps.log", 25, &log);
	const int64_t st[] = { 25, 50, 75, 100 };
	const double loss[] = { 0.9, 0.7, 0.5, 0.4 };
	assert_series(&log, "loss", 4, st, loss);
	const int64_t est[] = { 50 };
	const double el[] = { 0.8 };
	assert_series(&log, "eval_loss", 1, est, el);
	assert_non_null(strstr(log.step_source, "logging_steps 25"));
	assert_false(has_warning(&log, "assumed HF default 500"));
	dt_rawlog_free(&log);
}

static void test_order_rule_default_500(void **state)
{
	(void)state;
	dt_rawlog log;
	parse_file(FIX "order_steps.log", 0, &log);
	const int64_t st[] = { 500, 1000, 1500, 2000 };
	assert_series(&log, "loss", 4, st, NULL);
	assert_true(has_warning(&log,
	            "logging_steps not given; assumed HF default 500"));
	dt_rawlog_free(&log);
}

/* Trial run: every epoch is 0.0 (and 5 steps is not 1 x 346940 / 640),
 * so the order rule applies; the run finished (summary) with K = 5
 * records of N = 5 steps: logging_steps in (5/6, 5/5] = 1 exactly. */
static void test_trial_run(void **state)
{
	(void)state;
	dt_rawlog log;
	parse_file(FIX "trial.log", 0, &log);
	const int64_t st[] = { 1, 2, 3, 4, 5 };
	const double loss[] = { 0.0, NAN, 338649581355008.0, 0.0, 0.0 };
	/* trial-run values are kept apart from the curve (no `loss`) */
	assert_null(dt_rawlog_find(&log, "loss"));
	assert_series(&log, "precompile_loss", 5, st, loss);
	assert_true(has_warning(&log, "trial run"));
	/* loss, lr, epoch: 3 metrics x 5 records = 15 values moved */
	assert_true(has_warning(&log, "its 15 value(s)"));
	assert_true(has_warning(&log, "pre-compilation values"));
	/* fixture line 9: one AOT extraction only: no cache or compile facts */
	assert_null(dt_rawlog_fact_get(&log, "neuron.cache_misses"));
	assert_non_null(strstr(log.step_source, "logging_steps 1 (inferred"));
	assert_int_equal(log.grad_accum, 8);
	assert_int_equal(log.global_batch, 640);
	dt_rawlog_free(&log);
}

/* Records that carry a 'step' key keep it (not a metric); the eval
 * record without one takes the previous train step. */
static void test_step_key(void **state)
{
	(void)state;
	const char *t = "{'loss': 1.5, 'step': 7, 'epoch': 0.1}\n"
	                "{'loss': 1.25, 'step': 14, 'epoch': 0.2}\n"
	                "{'eval_loss': 1.4, 'epoch': 0.2}\n";
	dt_rawlog log;
	parse_buf("t.log", t, strlen(t), 0, &log);
	const int64_t st[] = { 7, 14 }, est[] = { 14 };
	const double loss[] = { 1.5, 1.25 }, el[] = { 1.4 };
	assert_series(&log, "loss", 2, st, loss);
	assert_series(&log, "eval_loss", 1, est, el);
	assert_null(dt_rawlog_find(&log, "step"));
	assert_non_null(strstr(log.step_source, "logged step"));
	dt_rawlog_free(&log);
}

static void test_detect(void **state)
{
	(void)state;
	const char *hf = "  5%|x| 1/20 [..]{'loss': 2.5, 'epoch': 0.1}\n";
	const char *ev = "{'eval_loss': 0.3, 'epoch': 1.0}\n";
	const char *js = "{\"loss\": 2.5, \"step\": 10}\n";
	const char *csv = "step,loss\n10,2.5\n";
	const char *tl = "step 1 loss 2.5 lr 1e-4\n";
	assert_true(dt_imp_hf_stdout.detect("x.log", hf, strlen(hf)) > 50);
	assert_true(dt_imp_hf_stdout.detect("x.log", ev, strlen(ev)) > 50);
	assert_int_equal(dt_imp_hf_stdout.detect("x.jsonl", js, strlen(js)), 0);
	assert_int_equal(dt_imp_hf_stdout.detect("x.csv", csv, strlen(csv)), 0);
	assert_int_equal(dt_imp_hf_stdout.detect("x.log", tl, strlen(tl)), 0);
	/* head cut in the middle of the pattern */
	assert_int_equal(dt_imp_hf_stdout.detect("x.log", hf, 20), 0);
}

/* Every prefix of every fixture parses without error or over-read. */
static void test_truncated_inputs(void **state)
{
	(void)state;
	static const char *const files[] = { "banner_epochs.log",
		"two_launches.log", "order_steps.log", "trial.log" };
	for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
		char path[512];
		size_t len;
		snprintf(path, sizeof path, FIX "%s", files[f]);
		char *d = slurp(path, &len);
		for (size_t n = 0; n <= len; n++) {
			char *cut = malloc(n ? n : 1);
			assert_non_null(cut);
			memcpy(cut, d, n);
			dt_rawlog log;
			parse_buf(path, cut, n, 0, &log);
			dt_rawlog_free(&log);
			free(cut);
		}
		free(d);
	}
}

static void test_no_records(void **state)
{
	(void)state;
	const char *t = "hello\n{'train_runtime': 1.0, 'train_loss': 0.5}\n"
	                "{'broken': [1, 2]}\n{'x': 'y'}";
	dt_rawlog log;
	parse_buf("t.log", t, strlen(t), 0, &log);
	assert_int_equal(log.nseries, 0);
	assert_true(has_warning(&log, "no HF Trainer loss/eval records"));
	dt_rawlog_free(&log);
}

/* Corpus (shared/corpus/neuron, SOURCES.md); figures checked by hand with
 * grep/python3: loss dicts, eval dicts, first/last loss. */
static void test_corpus(void **state)
{
	(void)state;
	struct stat st;
	if (stat(DT_SHARED "/corpus/neuron", &st) != 0)
		skip();
	dt_rawlog log;

	/* 1 core, 5000 steps, no banner: 10 loss dicts (epochs 1..10) at
	 * 500..5000 (HF default 500 -> agrees with TrainOutput 5000), one eval
	 * at 5000; a duplicate (TrainOutput metrics = summary dict). */
	parse_file(CORPUS "trn1_hf-trainer_bert-jp_1core_train-cached-neff.log",
	           0, &log);
	const dt_rawseries *s = dt_rawlog_find(&log, "loss");
	assert_non_null(s);
	assert_int_equal(s->n, 10);
	assert_int_equal(s->step[0], 500);
	assert_true(s->value[0] == 0.29);
	assert_int_equal(s->step[9], 5000);
	assert_true(s->value[9] == 0.0);
	s = dt_rawlog_find(&log, "eval_loss");
	assert_non_null(s);
	assert_int_equal(s->n, 1);
	assert_int_equal(s->step[0], 5000);
	assert_true(s->value[0] == 0.3578033447265625);
	assert_true(has_warning(&log, "assumed HF default 500"));
	dt_rawlog_free(&log);

	/* 2-core DP: 5 loss dicts at 500..2500, the eval dict printed by both
	 * ranks (runtimes differ) kept once. */
	parse_file(CORPUS "trn1_hf-trainer_bert-jp_2core-dp_torchrun_train.log",
	           0, &log);
	s = dt_rawlog_find(&log, "loss");
	assert_non_null(s);
	assert_int_equal(s->n, 5);
	assert_int_equal(s->step[0], 500);
	assert_true(s->value[0] == 0.221);
	assert_int_equal(s->step[4], 2500);
	assert_true(s->value[4] == 0.002);
	s = dt_rawlog_find(&log, "eval_loss");
	assert_non_null(s);
	assert_int_equal(s->n, 1);
	assert_int_equal(s->step[0], 2500);
	dt_rawlog_free(&log);

	/* optimum-neuron trial run: 10 loss dicts, epoch 0.0, banner N = 10,
	 * summary present -> logging_steps 1 -> steps 1..10; nan at 6 and 7,
	 * 338649581355008.0 at 8 (the tqdm-glued record is the 7th). */
	parse_file(CORPUS "trn1-32xl_optimum-neuron_tinyllama_tp4_ga8_"
	           "neuron-parallel-compile-trial.log", 0, &log);
	const int64_t tst[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
	const double tl[] = { 0, 0, 0, 0, 0, NAN, NAN, 338649581355008.0, 0, 0 };
	assert_null(dt_rawlog_find(&log, "loss"));
	assert_series(&log, "precompile_loss", 10, tst, tl);
	assert_int_equal(log.grad_accum, 8);
	assert_int_equal(log.global_batch, 640);
	assert_true(has_warning(&log, "trial run"));
	dt_rawlog_free(&log);

	/* parallel-compile trial of the BERT run: only a summary dict. */
	parse_file(CORPUS "trn1_hf-trainer_bert-jp_1core_neuron-parallel-"
	           "compile.log", 0, &log);
	assert_int_equal(log.nseries, 0);
	assert_true(has_warning(&log, "trial run"));
	assert_true(has_warning(&log, "no HF Trainer loss/eval records"));
	assert_true(has_warning(&log, "compile records only"));
	dt_rawlog_free(&log);
}

/* A last record cut without a line end (no closing '}') is skipped with
 * the JSON lines / CSV warning, not counted as a dict not parsed; a
 * complete last record without a line end is read. --logging-steps 10:
 * records at steps 10, 20. */
static void test_cut_last_line(void **state)
{
	(void)state;
	dt_rawlog log;
	const int64_t st1[] = { 10 }, st2[] = { 10, 20 };
	const double l1[] = { 0.75 }, l2[] = { 0.75, 0.5317 };
	const char *cut = "{'loss': 0.75, 'epoch': 0.5}\n{'loss': 0.2";
	parse_buf("t.log", cut, strlen(cut), 10, &log);
	assert_series(&log, "loss", 1, st1, l1);
	assert_true(has_warning(&log, "t.log:2: last line truncated, skipped"));
	assert_false(has_warning(&log, "not parsed"));
	dt_rawlog_free(&log);

	const char *whole = "{'loss': 0.75, 'epoch': 0.5}\n"
	                    "{'loss': 0.5317, 'epoch': 1.0}";
	parse_buf("t.log", whole, strlen(whole), 10, &log);
	assert_series(&log, "loss", 2, st2, l2);
	assert_false(has_warning(&log, "truncated"));
	dt_rawlog_free(&log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_banner_epoch_rule),
		cmocka_unit_test(test_second_banner_new_launch),
		cmocka_unit_test(test_order_rule_given),
		cmocka_unit_test(test_order_rule_default_500),
		cmocka_unit_test(test_trial_run),
		cmocka_unit_test(test_step_key),
		cmocka_unit_test(test_cut_last_line),
		cmocka_unit_test(test_detect),
		cmocka_unit_test(test_truncated_inputs),
		cmocka_unit_test(test_no_records),
		cmocka_unit_test(test_corpus),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
