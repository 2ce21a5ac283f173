/* test_imp_mlperf.c: MLPerf MLLOG importer edge cases, the W&B summary
 * importer and detection (jsonl never claims wandb-summary.json or
 * :::MLLOG files), and the compile note of the comparison header
 * (model/core/compile_note.c). Corpus figures are in test_corpus.c. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "imp_test.h"
#include "model/core/compile_note.h"

/* Rank prefixes, CRLF, string values, init_start as INTERVAL_END, a
 * non-multiple sample count, a record without samples_count, broken
 * JSON (line 10). gbs 32: 64 -> step 2; 100 -> ceil(3.125) = 4; 128 -> 4.
 * init: (62500 - 1000) ms = 61.5 s. */
static const char mllog[] =
	"0: :::MLLOG {\"time_ms\": 1000, \"event_type\": \"INTERVAL_END\", "
	"\"key\": \"init_start\", \"value\": \"\", \"metadata\": {}}\n"
	":::MLLOG {\"time_ms\": 1000, \"key\": \"submission_benchmark\", "
	"\"value\": \"gpt3\", \"metadata\": {}}\n"
	"+ python train.py\n"
	":::MLLOG {\"time_ms\": 1500, \"key\": \"global_batch_size\", "
	"\"value\": 32, \"metadata\": {}}\n"
	":::MLLOG {\"time_ms\": 1600, \"key\": \"gradient_accumulation_steps\", "
	"\"value\": 4, \"metadata\": {}}\n"
	":::MLLOG {\"time_ms\": 62500, \"key\": \"init_stop\", \"value\": null, "
	"\"metadata\": {}}\n"
	"1: :::MLLOG {\"time_ms\": 70000, \"key\": \"train_loss\", \"value\": "
	"\"3.5\", \"metadata\": {\"samples_count\": 64}}\r\n"
	":::MLLOG {\"key\": \"train_loss\", \"value\": 3.25, \"metadata\": "
	"{\"samples_count\": 100}}\n"
	":::MLLOG {\"key\": \"train_loss\", \"value\": 3.0, \"metadata\": {}}\n"
	":::MLLOG {broken\n"
	":::MLLOG {\"key\": \"eval_accuracy\", \"value\": 0.5, \"metadata\": "
	"{\"samples_count\": 128}}\n";

static void test_mllog(void **state)
{
	(void)state;
	dt_rawlog log;
	char err[512];
	assert_int_equal(it_parse_mem(&dt_imp_mlperf, "result_0.txt", mllog,
	                              sizeof mllog - 1, NULL, &log, err,
	                              sizeof err), 0);
	const dt_rawseries *s = it_series(&log, "loss");
	assert_int_equal(s->n, 2);
	assert_int_equal(s->step[0], 2);
	assert_true(s->value[0] == 3.5);
	assert_int_equal(s->step[1], 4);
	assert_true(s->value[1] == 3.25);
	it_range(&log, "eval_accuracy", 1, 4, 4); /* gpt3: kept as accuracy */
	assert_int_equal(log.global_batch, 32);
	it_fact(&log, "compile.init_seconds", "61.500");
	it_fact(&log, "mlperf.global_batch_size", "32");
	it_fact(&log, "mlperf.gradient_accumulation_steps", "4");
	assert_true(it_has_warning(&log, "1 samples_count value(s) not a "
	                                 "multiple of global_batch_size 32"));
	assert_true(it_has_warning(&log, "result_0.txt:10: 1 :::MLLOG line(s) "
	                                 "with unreadable JSON"));
	assert_true(it_has_warning(&log, "1 metric record(s) without "
	                                 "samples_count"));
	dt_rawlog_free(&log);

	/* without global_batch_size: steps are samples, with a warning;
	 * --global-batch 16 gives 64/16 = 4 */
	const char *t = ":::MLLOG {\"key\": \"train_loss\", \"value\": 2.0, "
	                "\"metadata\": {\"samples_count\": 64}}\n";
	assert_int_equal(it_parse_mem(&dt_imp_mlperf, "r", t, strlen(t), NULL,
	                              &log, err, sizeof err), 0);
	it_range(&log, "loss", 1, 64, 64);
	assert_true(it_has_warning(&log, "steps are samples_count"));
	dt_rawlog_free(&log);
	dt_import_opts o = {0, 0, 16, NULL, 0};
	assert_int_equal(it_parse_mem(&dt_imp_mlperf, "r", t, strlen(t), &o,
	                              &log, err, sizeof err), 0);
	it_range(&log, "loss", 1, 4, 4);
	dt_rawlog_free(&log);
}

static void test_detection(void **state)
{
	(void)state;
	const char *ws = "{\"train/loss\": 0.5, \"_step\": 3, \"_wandb\": "
	                 "{\"runtime\": 9}}";
	size_t wl = strlen(ws);
	assert_int_equal(dt_imp_jsonl.detect("wandb-summary.json", ws, wl), 0);
	assert_int_equal(dt_imp_jsonl.detect("summary.json", ws, wl), 0);
	assert_int_equal(dt_imp_wandb.detect("x-wandb-summary.json", ws, wl), 98);
	assert_int_equal(dt_imp_wandb.detect("summary.json", ws, wl), 90);
	assert_ptr_equal(dt_importer_detect("summary.json", ws, wl, NULL),
	                 &dt_imp_wandb);
	assert_int_equal(dt_imp_jsonl.detect("r.txt", mllog, sizeof mllog - 1), 0);
	assert_ptr_equal(dt_importer_detect("r.txt", mllog, sizeof mllog - 1,
	                                    NULL), &dt_imp_mlperf);
}

/* W&B: facts only; _step is not the optimizer step. */
static void test_wandb(void **state)
{
	(void)state;
	const char *ws = "{\"train/loss\": 0.5, \"train/global_step\": 4, "
	                 "\"_step\": 3, \"_wandb\": {\"runtime\": 9}}";
	dt_rawlog log;
	char err[512];
	assert_int_equal(it_parse_mem(&dt_imp_wandb, "wandb-summary.json", ws,
	                              strlen(ws), NULL, &log, err, sizeof err), 0);
	assert_int_equal(dt_rawlog_points(&log), 0);
	it_fact(&log, "wandb.final_loss", "0.5");
	it_fact(&log, "wandb.global_step", "4");
	it_fact(&log, "wandb.log_calls", "3");
	it_fact(&log, "wandb.runtime_seconds", "9"); /* from _wandb.runtime */
	assert_true(it_has_warning(&log, "no training curve: imported as 4 run "
	                                 "fact(s); trainer global step 4; _step 3"));
	dt_rawlog_free(&log);
	/* not an object: an error at the byte where parsing stopped */
	assert_int_equal(it_parse_mem(&dt_imp_wandb, "w.json", "[1, 2]", 6, NULL,
	                              &log, err, sizeof err), -1);
	assert_non_null(strstr(err, "w.json: byte 6: expected one JSON object"));
	dt_rawlog_free(&log);
}

static dt_fact mk(const char *k, const char *v)
{
	dt_fact f;
	memset(&f, 0, sizeof f);
	snprintf(f.key, sizeof f.key, "%s", k);
	snprintf(f.value, sizeof f.value, "%s", v);
	return f;
}

static void test_compile_note(void **state)
{
	(void)state;
	dt_fact trn[] = {mk("neuron.cache_hits", "3"),
	                 mk("neuron.cache_misses", "4"),
	                 mk("neuron.compile_seconds", "337.999")};
	dt_fact cached[] = {mk("neuron.cache_hits", "55"),
	                    mk("neuron.cache_misses", "0")};
	dt_fact mlperf[] = {mk("compile.init_seconds", "66.257")};
	char out[512];
	assert_int_equal(dt_run_compile_time(trn, 3), DT_COMPILE_INCLUDED);
	assert_int_equal(dt_run_compile_time(cached, 2), DT_COMPILE_CACHED);
	assert_int_equal(dt_run_compile_time(mlperf, 1), DT_COMPILE_SEPARATE);
	assert_int_equal(dt_run_compile_time(NULL, 0), DT_COMPILE_NONE);
	assert_int_equal(dt_run_compile_note("gpu", NULL, 0, "trn", trn, 3, out,
	                                     sizeof out), 1);
	/* 337.999 s printed %.0f -> 338 */
	assert_string_equal(out, "compile: pilot trn's time includes graph "
	                    "compilation (4 cache misses, 338 s compiling); "
	                    "baseline gpu's does not (no compilation recorded)");
	assert_int_equal(dt_run_compile_note("trn", trn, 3, "trn2", cached, 2,
	                                     out, sizeof out), 1);
	assert_string_equal(out, "compile: baseline trn's time includes graph "
	                    "compilation (4 cache misses, 338 s compiling); "
	                    "pilot trn2's does not (all 55 graphs from the "
	                    "compile cache)");
	assert_int_equal(dt_run_compile_note("a", mlperf, 1, "b", cached, 2, out,
	                                     sizeof out), 0);
	assert_string_equal(out, "");
	assert_int_equal(dt_run_compile_note("a", trn, 3, "b", trn, 3, out,
	                                     sizeof out), 1);
	assert_non_null(strstr(out, "both runs' times include"));
	/* compile seconds without a neuron.cache_misses fact: no miss count
	 * (it is not known; it said "0 cache misses"); misses without
	 * seconds: the count only; a miss count recorded as 0 is said */
	dt_fact secs[] = {mk("neuron.compile_seconds", "1260")};
	dt_fact miss[] = {mk("neuron.cache_misses", "4")};
	dt_fact zero[] = {mk("neuron.cache_misses", "0"),
	                  mk("neuron.compile_seconds", "12")};
	assert_int_equal(dt_run_compile_note("gpu", NULL, 0, "trn", secs, 1, out,
	                                     sizeof out), 1);
	assert_string_equal(out, "compile: pilot trn's time includes graph "
	                    "compilation (1260 s compiling); baseline gpu's "
	                    "does not (no compilation recorded)");
	assert_int_equal(dt_run_compile_note("gpu", NULL, 0, "trn", miss, 1, out,
	                                     sizeof out), 1);
	assert_non_null(strstr(out, "compilation (4 cache misses); baseline"));
	assert_int_equal(dt_run_compile_note("gpu", NULL, 0, "trn", zero, 2, out,
	                                     sizeof out), 1);
	assert_non_null(strstr(out, "(0 cache misses, 12 s compiling)"));
}

/* A last MLLOG line cut without a line end is skipped with the JSON lines
 * / CSV warning (not counted as unreadable JSON); complete, it is read.
 * --global-batch 16: samples 32 -> step 2, 64 -> step 4. */
static void test_cut_last_line(void **state)
{
	(void)state;
	dt_rawlog log;
	char err[512];
	dt_import_opts o = {0, 0, 16, NULL, 0};
	const char *cut =
		":::MLLOG {\"key\": \"train_loss\", \"value\": 2.5, "
		"\"metadata\": {\"samples_count\": 32}}\n"
		":::MLLOG {\"key\": \"train_loss\", \"value\": 0.2";
	assert_int_equal(it_parse_mem(&dt_imp_mlperf, "r", cut, strlen(cut), &o,
	                              &log, err, sizeof err), 0);
	it_range(&log, "loss", 1, 2, 2);
	assert_true(it_has_warning(&log, "r:2: last line truncated, skipped"));
	assert_false(it_has_warning(&log, "unreadable JSON"));
	dt_rawlog_free(&log);

	const char *whole =
		":::MLLOG {\"key\": \"train_loss\", \"value\": 2.5, "
		"\"metadata\": {\"samples_count\": 32}}\n"
		":::MLLOG {\"key\": \"train_loss\", \"value\": 0.5317, "
		"\"metadata\": {\"samples_count\": 64}}";
	assert_int_equal(it_parse_mem(&dt_imp_mlperf, "r", whole, strlen(whole),
	                              &o, &log, err, sizeof err), 0);
	it_range(&log, "loss", 2, 2, 4);
	assert_true(it_series(&log, "loss")->value[1] == 0.5317);
	assert_false(it_has_warning(&log, "truncated"));
	dt_rawlog_free(&log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mllog),
		cmocka_unit_test(test_cut_last_line),
		cmocka_unit_test(test_detection),
		cmocka_unit_test(test_wandb),
		cmocka_unit_test(test_compile_note),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
