/* test_imp_jsonl.c: JSON-lines importer (importers/imp_jsonl.c) on
 * hand-written fixtures (tests/fixtures/jsonl) and the shared corpus. */
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
#include "importers/source.h"

#include "imp_loaded.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* LLaMA-Factory lines: elapsed_time "1 day, 0:00:05" (86405 s) drops to
 * 0:00:30 at line 4 -> mark before the 4th point; the 1 s drop at line 6
 * (two writers) is not a resume; the blank line 5 is skipped; NaN kept;
 * null eval_loss skipped; the end record (only epoch) ignored; string
 * throughput and bookkeeping keys are not metrics. */
static void test_resume_elapsed(void **state)
{
	loaded L;
	(void)state;
	load_fixture(&dt_imp_jsonl, "jsonl/resume_trainer_log.jsonl", &L);
	assert_int_equal(L.rc, 0);
	assert_int_equal(L.log.nseries, 4);
	const int64_t st[] = {10, 20, 30, 20, 30, 40};
	const double lv[] = {2.0, 1.8, 1.6, 1.7, NAN, 1.5};
	const double rv[] = {0.0001, 0.0002, 0.0003, 0.0002, 0.0003, 0.0004};
	const double ev[] = {0.25, 0.5, 0.75, 0.5, 0.75, 1.0};
	expect_points(&L.log, "loss", N(st), st, lv);
	expect_points(&L.log, "lr", N(st), st, rv);
	expect_points(&L.log, "epoch", N(st), st, ev);
	const int64_t es[] = {40};
	const double evl[] = {1.55};
	expect_points(&L.log, "eval_loss", 1, es, evl);
	for (size_t i = 0; i < L.log.nseries; i++)
		assert_int_equal(L.log.series[i].sort_within_segment, 1);
	const dt_rawseries *s = dt_rawlog_find(&L.log, "loss");
	assert_int_equal(s->nmarks, 1);
	assert_int_equal(s->marks[0], 3);
	/* eval_loss first appears in launch 2: padded with a mark at 0 (mark m
	 * of every series starts launch m + 1, rawlog.h). */
	s = dt_rawlog_find(&L.log, "eval_loss");
	assert_int_equal(s->nmarks, 1);
	assert_int_equal(s->marks[0], 0);
	/* Launch evidence: the elapsed-time reset at line 4. */
	assert_int_equal(L.log.nlaunch_ev, 1);
	assert_int_equal(L.log.launch_ev[0].kind, DT_LAUNCH_ELAPSED_RESET);
	assert_int_equal(L.log.launch_ev[0].line, 4);
	assert_int_equal(L.log.launch_ev[0].ckpt_step, -1);
	expect_warning(&L.log, "resume_trainer_log.jsonl:4: elapsed_time drops");
	/* line 6's "eval_loss": null is counted, not dropped unsaid */
	expect_warning(&L.log, "resume_trainer_log.jsonl:6: 1 value(s) that are "
	               "not numbers skipped (first: eval_loss 'null')");
	assert_int_equal(L.log.nwarnings, 2);
	assert_null(dt_rawlog_find(&L.log, "throughput"));
	assert_null(dt_rawlog_find(&L.log, "total_tokens"));
	assert_null(dt_rawlog_find(&L.log, "percentage"));
	unload(&L);
}

/* Truncated last line (no final newline): skipped with a warning. */
static void test_truncated_last_line(void **state)
{
	loaded L;
	(void)state;
	load_fixture(&dt_imp_jsonl, "jsonl/truncated.jsonl", &L);
	assert_int_equal(L.rc, 0);
	const int64_t st[] = {1, 2};
	const double lv[] = {3.0, 2.5};
	const double gv[] = {1.5, INFINITY};
	expect_points(&L.log, "loss", N(st), st, lv);
	expect_points(&L.log, "grad_norm", N(st), st, gv);
	expect_warning(&L.log, "truncated.jsonl:3: last line truncated, skipped");
	assert_int_equal(dt_rawlog_find(&L.log, "loss")->sort_within_segment, 0);
	unload(&L);
}

static void test_bad_middle_line(void **state)
{
	loaded L;
	(void)state;
	load_fixture(&dt_imp_jsonl, "jsonl/bad_middle.jsonl", &L);
	assert_int_equal(L.rc, -1);
	assert_non_null(strstr(L.err, "bad_middle.jsonl:2: invalid JSON"));
	unload(&L);
}

static void test_predict_only(void **state)
{
	loaded L;
	(void)state;
	load_fixture(&dt_imp_jsonl, "jsonl/predict_only.jsonl", &L);
	assert_int_equal(L.rc, 0);
	assert_int_equal(L.log.nseries, 0);
	expect_warning(&L.log, "no training curve");
	unload(&L);
}

/* Step keys of other loggers; "step" beats W&B's "_step". */
static void test_step_keys(void **state)
{
	static const char t[] =
		"{\"_step\": 0, \"step\": 5, \"train/loss\": 2.0}\n"
		"{\"global_step\": 6, \"loss\": \"1.5\", \"flag\": true, \"d\": {}}\n"
		"{\"iteration\": 7, \"lm loss\": 1.25}\r\n"
		"{\"_step\": 8, \"loss\": 1.0, \"throughput\": 12.5}\n"
		"{\"loss\": 0.5}\n";
	loaded L;
	(void)state;
	load_mem(&dt_imp_jsonl, "mem.jsonl", t, sizeof t - 1, &L);
	assert_int_equal(L.rc, 0);
	const int64_t st[] = {5, 6, 7, 8};
	const double lv[] = {2.0, 1.5, 1.25, 1.0};
	expect_points(&L.log, "loss", N(st), st, lv);
	const int64_t ts[] = {8};
	const double tv[] = {12.5};
	expect_points(&L.log, "throughput", 1, ts, tv);
	assert_int_equal(L.log.nseries, 2);
	expect_warning(&L.log, "mem.jsonl:5: 1 line(s) with metrics but no step");
	unload(&L);
}

/* "loss": "abc" (line 2), "lr": "n/a" (line 3) and "grad_norm": "-"
 * (line 4) are known metrics with non-numeric text: 3 values counted, the
 * first named; "run": "x" is any text and "loss": "1.5" a number. Loss
 * keeps steps 1 and 4 (line 4's loss 0.5 is readable). */
static void test_non_numeric_values(void **state)
{
	static const char t[] =
		"{\"step\": 1, \"loss\": 2.0, \"run\": \"x\"}\n"
		"{\"step\": 2, \"loss\": \"abc\"}\n"
		"{\"step\": 3, \"lr\": \"n/a\", \"loss\": null}\n"
		"{\"step\": 4, \"loss\": \"0.5\", \"grad_norm\": \"-\"}\n";
	loaded L;
	(void)state;
	load_mem(&dt_imp_jsonl, "mem.jsonl", t, sizeof t - 1, &L);
	assert_int_equal(L.rc, 0);
	const int64_t st[] = {1, 4};
	const double lv[] = {2.0, 0.5};
	expect_points(&L.log, "loss", N(st), st, lv);
	/* abc, n/a, null (pandas' NaN), - */
	expect_warning(&L.log, "mem.jsonl:2: 4 value(s) that are not numbers "
	               "skipped (first: loss 'abc')");
	unload(&L);
}

static void test_not_objects(void **state)
{
	static const char t1[] = "{\"step\": 1, \"loss\": 2}\n[1, 2]\n";
	static const char t2[] = "{\"step\": 1, \"loss\": 2} x\n";
	loaded L;
	(void)state;
	load_mem(&dt_imp_jsonl, "a.jsonl", t1, sizeof t1 - 1, &L);
	assert_int_equal(L.rc, -1);
	assert_non_null(strstr(L.err, "a.jsonl:2: expected one JSON object"));
	unload(&L);
	load_mem(&dt_imp_jsonl, "b.jsonl", t2, sizeof t2 - 1, &L);
	assert_int_equal(L.rc, -1);
	assert_non_null(strstr(L.err, "b.jsonl:1: unexpected text"));
	unload(&L);
	load_mem(&dt_imp_jsonl, "c.jsonl", "", 0, &L);
	assert_int_equal(L.rc, 0);
	assert_int_equal(L.log.nseries, 0);
	unload(&L);
}

/* A UTF-8 byte order mark before the first line: the first line is
 * still a JSON object (detect 80: a .jsonl name, one line counted as an
 * object, the first behind the mark is not) and both lines parse. */
static void test_bom(void **state)
{
	(void)state;
	static const char t[] = "\xEF\xBB\xBF{\"step\": 1, \"loss\": 2.5}\n"
	                        "{\"step\": 2, \"loss\": 2.0}\n";
	const int64_t st[] = {1, 2};
	const double lv[] = {2.5, 2.0};
	expect_parsed_text(&dt_imp_jsonl, "bom.jsonl", t, sizeof t - 1, 80,
	                   "loss", 2, st, lv);
}

static void test_detect(void **state)
{
	(void)state;
	const char *a = "{\"current_steps\": 10, \"loss\": 2.4}\n{\"current_steps\": 20}\n";
	const char *b = "{\n  \"log_history\": []\n}\n";
	const char *c = ":::MLLOG {\"key\": \"train_loss\"}\n";
	const char *d = "{'loss': 0.29, 'learning_rate': 4.5e-05, 'epoch': 1.0}\n";
	const char *e = "{\"step\": 1, \"loss\": 2}";
	assert_true(dt_imp_jsonl.detect("trainer_log.jsonl", a, strlen(a)) >= 90);
	assert_true(dt_imp_jsonl.detect("log.txt", a, strlen(a)) >= 80);
	assert_int_equal(dt_imp_jsonl.detect("trainer_state.json", b, strlen(b)), 0);
	assert_int_equal(dt_imp_jsonl.detect("result.txt", c, strlen(c)), 0);
	assert_int_equal(dt_imp_jsonl.detect("stdout.log", d, strlen(d)), 0);
	assert_true(dt_imp_jsonl.detect("x.jsonl", e, strlen(e)) >= 80);
	assert_int_equal(dt_imp_jsonl.detect("x.jsonl", "", 0), 0);
}

/* Corpus figures checked with python3 json.loads per line. */
static void test_corpus_llamafactory(void **state)
{
	char path[1024];
	loaded L;
	(void)state;
	corpus_path("llamafactory_trainer_log/mistral7b-instruct-v0.2_lora_trainer_log.jsonl",
	            path, sizeof path);
	load_path(&dt_imp_jsonl, path, &L);
	assert_int_equal(L.rc, 0);
	assert_int_equal(L.log.nseries, 3);
	expect_span(&L.log, "loss", 866, 10, 8660, 2.4977, 0.1333);
	expect_span(&L.log, "lr", 866, 10, 8660, 5.773672055427253e-07, 0.0);
	expect_span(&L.log, "epoch", 866, 10, 8660, 0.004618937644341801, 4.0);
	assert_int_equal(dt_rawlog_find(&L.log, "loss")->nmarks, 0);
	assert_int_equal(L.log.nwarnings, 0);
	unload(&L);

	/* Two writers + a resume at line 1047 (22:08:06 -> 0:02:38). The last
	 * two lines (end records, no loss) are ignored. */
	corpus_path("llamafactory_trainer_log/qwen2.5-3b_full-sft_2gpu_interleaved-"
	            "writers_resumed_trainer_log.jsonl", path, sizeof path);
	load_path(&dt_imp_jsonl, path, &L);
	assert_int_equal(L.rc, 0);
	assert_int_equal(L.log.nseries, 3);
	expect_span(&L.log, "loss", 1358, 10, 6560, 0.8548, 0.3717);
	expect_span(&L.log, "lr", 1358, 10, 6560, 9.999953642250429e-06,
	            2.8043594020865648e-11);
	const dt_rawseries *s = dt_rawlog_find(&L.log, "loss");
	assert_int_equal(s->nmarks, 1);
	assert_int_equal(s->marks[0], 1046);
	assert_int_equal(s->step[1045], 5220);
	assert_int_equal(s->step[1046], 5010);
	assert_int_equal(s->sort_within_segment, 1);
	expect_warning(&L.log, ":1047: elapsed_time drops");
	assert_int_equal(L.log.nwarnings, 1);
	unload(&L);

	corpus_path("llamafactory_trainer_log/qwen2.5-3b_lora_predict-only_no-loss_"
	            "trainer_log.jsonl", path, sizeof path);
	load_path(&dt_imp_jsonl, path, &L);
	assert_int_equal(L.rc, 0);
	assert_int_equal(L.log.nseries, 0);
	expect_warning(&L.log, "no training curve");
	unload(&L);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_resume_elapsed),
		cmocka_unit_test(test_truncated_last_line),
		cmocka_unit_test(test_bad_middle_line),
		cmocka_unit_test(test_predict_only),
		cmocka_unit_test(test_step_keys),
		cmocka_unit_test(test_non_numeric_values),
		cmocka_unit_test(test_not_objects),
		cmocka_unit_test(test_detect),
		cmocka_unit_test(test_bom),
		cmocka_unit_test(test_corpus_llamafactory),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
