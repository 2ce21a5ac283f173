/* test_imp_hf_state.c: HF trainer_state.json importer
 * (importers/imp_hf_state.c) on hand-written fixtures
 * (tests/fixtures/hf_state) and the shared corpus. */
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

/* New schema: grad_norm NaN token kept, null skipped, "0.00" string read
 * as 0, Infinity kept, TRL key with a slash kept, eval entry gives eval_*
 * points only (non-numeric "n/a" skipped), summary entry skipped with a
 * warning. */
static void test_new_schema(void **state)
{
	loaded L;
	(void)state;
	load_fixture(&dt_imp_hf_state, "hf_state/new_schema_trainer_state.json", &L);
	assert_int_equal(L.rc, 0);
	assert_int_equal(L.log.nseries, 7);
	const int64_t st[] = {10, 20, 30};
	const double lv[] = {2.5, 2.25, INFINITY};
	const double rv[] = {0.0001, 0.0002, 0.0};
	const double ev[] = {0.33, 0.67, 1.0};
	expect_points(&L.log, "loss", N(st), st, lv);
	expect_points(&L.log, "lr", N(st), st, rv);
	expect_points(&L.log, "epoch", N(st), st, ev);
	const int64_t gs[] = {10, 20};
	const double gv[] = {1.25, NAN};
	expect_points(&L.log, "grad_norm", N(gs), gs, gv);
	const int64_t s20[] = {20};
	const double rc[] = {-0.5}, el[] = {2.4}, er[] = {1.5};
	expect_points(&L.log, "rewards/chosen", 1, s20, rc);
	expect_points(&L.log, "eval_loss", 1, s20, el);
	expect_points(&L.log, "eval_runtime", 1, s20, er);
	assert_null(dt_rawlog_find(&L.log, "eval_samples_per_second"));
	assert_null(dt_rawlog_find(&L.log, "train_loss"));
	assert_null(dt_rawlog_find(&L.log, "train_runtime"));
	expect_note(&L.log, "final summary entry at step 30 (train_loss 2.3)");
	assert_int_equal(L.log.nnotes, 1);
	assert_int_equal(L.log.nwarnings, 0);
	unload(&L);
}

/* 2023 schema: no grad_norm, logging_first_step (1, 10, 20). */
static void test_old_schema(void **state)
{
	loaded L;
	(void)state;
	load_fixture(&dt_imp_hf_state, "hf_state/old_schema_trainer_state.json", &L);
	assert_int_equal(L.rc, 0);
	assert_int_equal(L.log.nseries, 3);
	const int64_t st[] = {1, 10, 20};
	const double lv[] = {3.0, 2.0, 1.5};
	const double rv[] = {5e-05, 2.5e-05, 0.0};
	const double ev[] = {0.0, 1.0, 2.0};
	expect_points(&L.log, "loss", N(st), st, lv);
	expect_points(&L.log, "lr", N(st), st, rv);
	expect_points(&L.log, "epoch", N(st), st, ev);
	assert_null(dt_rawlog_find(&L.log, "grad_norm"));
	assert_int_equal(L.log.nwarnings, 0);
	unload(&L);
}

/* The ",," on line 4 (byte 71) is reported with file and line. */
static void test_invalid_json(void **state)
{
	loaded L;
	(void)state;
	load_fixture(&dt_imp_hf_state, "hf_state/invalid_trainer_state.json", &L);
	assert_int_equal(L.rc, -1);
	assert_non_null(strstr(L.err, "invalid_trainer_state.json:4: invalid JSON "
	                              "at byte 71"));
	unload(&L);
}

static void test_edge_documents(void **state)
{
	static const char t1[] = "{\"log_history\": [], \"max_steps\": 10}";
	static const char t2[] = "{\"global_step\": 3}";
	static const char t3[] = "[1, 2]";
	static const char t4[] = "{\"log_history\": [{\"loss\": 1.0, \"step\": 1}";
	static const char t5[] = "{\"log_history\": [7, {\"loss\": 1.0}, "
	                         "{\"loss\": 2.0, \"step\": 2.0}, "
	                         "{\"loss\": 3.0, \"step\": 2.5}]}";
	loaded L;
	(void)state;
	load_mem(&dt_imp_hf_state, "t1.json", t1, sizeof t1 - 1, &L);
	assert_int_equal(L.rc, 0);
	assert_int_equal(L.log.nseries, 0);
	expect_warning(&L.log, "no training curve");
	unload(&L);
	load_mem(&dt_imp_hf_state, "t2.json", t2, sizeof t2 - 1, &L);
	assert_int_equal(L.rc, -1);
	assert_non_null(strstr(L.err, "t2.json:1: expected a JSON object with a "
	                              "'log_history' list"));
	unload(&L);
	load_mem(&dt_imp_hf_state, "t3.json", t3, sizeof t3 - 1, &L);
	assert_int_equal(L.rc, -1);
	unload(&L);
	load_mem(&dt_imp_hf_state, "t4.json", t4, sizeof t4 - 1, &L);
	assert_int_equal(L.rc, -1);
	assert_non_null(strstr(L.err, "t4.json:1: invalid JSON"));
	unload(&L);
	load_mem(&dt_imp_hf_state, "t5.json", t5, sizeof t5 - 1, &L);
	assert_int_equal(L.rc, 0);
	const int64_t st[] = {2};
	const double lv[] = {2.0};
	expect_points(&L.log, "loss", 1, st, lv);
	expect_warning(&L.log, "2 log_history entries without an integral 'step'");
	unload(&L);
	load_mem(&dt_imp_hf_state, "empty.json", "", 0, &L);
	assert_int_equal(L.rc, -1);
	unload(&L);
}

static void test_detect(void **state)
{
	(void)state;
	const char *a = "{\n  \"best_metric\": null,\n  \"log_history\": [\n";
	const char *b = "{\"current_steps\": 10, \"loss\": 2.4}\n";
	const char *c = "step,loss\n";
	assert_true(dt_imp_hf_state.detect("trainer_state.json", a, strlen(a)) >= 90);
	assert_true(dt_imp_hf_state.detect("state.json", a, strlen(a)) >= 90);
	assert_int_equal(dt_imp_hf_state.detect("trainer_log.jsonl", b, strlen(b)), 0);
	assert_int_equal(dt_imp_hf_state.detect("trainer_state.json", c, strlen(c)), 0);
	assert_int_equal(dt_imp_hf_state.detect("x.json", "", 0), 0);
}

/* A UTF-8 byte order mark before the document: detected (98, the
 * log_history key) and parsed as without it. */
static void test_bom(void **state)
{
	(void)state;
	static const char t[] = "\xEF\xBB\xBF{\"log_history\": "
	                        "[{\"loss\": 1.5, \"step\": 4}]}";
	const int64_t st[] = {4};
	const double lv[] = {1.5};
	expect_parsed_text(&dt_imp_hf_state, "bom.json", t, sizeof t - 1, 98,
	                   "loss", 1, st, lv);
}

/* Corpus figures checked with python3 json.load (train entries = entries
 * with "loss", eval entries = entries with an eval_* key). */
typedef struct hf_case {
	const char *file;
	size_t nloss;
	int64_t first, last;
	double v0, vn;
	size_t ngrad, neval;
	int64_t efirst, elast;
	const char *warning;
	int note;  /* 1: `warning` is a note (informational) */
} hf_case;

static const hf_case hf_cases[] = {
	{"llama2-7b_lora_llamafactory_2023-schema_trainer_state.json",
	 1742, 5, 8710, 1.7484, 1.3703, 0, 0, 0, 0, "summary entry at step 8712", 1},
	{"mistral7b-instruct-v0.2_lora_checkpoint-4000_trainer_state.json",
	 400, 10, 4000, 2.4977, 0.2487, 400, 0, 0, 0,
	 "global_step 4000 < max_steps 8660", 0},
	{"mistral7b-instruct-v0.2_lora_llamafactory_4gpu_ga4_trainer_state.json",
	 866, 10, 8660, 2.4977, 0.1333, 866, 0, 0, 0, "summary entry at step 8660", 1},
	{"tinyllama-1.1b-chat_dpo_trl_trainer_state.json",
	 291, 1, 2900, 0.6931, 0.3322, 0, 29, 100, 2900,
	 "summary entry at step 2907", 1},
	{"tinyllama-1.1b_lora_trl-sft_ga8_trainer_state.json",
	 186, 15, 2790, 2.0762, 1.025, 186, 14, 200, 2800,
	 "global_step 2800 < max_steps 2808", 0},
};

static void test_corpus(void **state)
{
	(void)state;
	for (size_t i = 0; i < N(hf_cases); i++) {
		const hf_case *k = &hf_cases[i];
		char rel[256], path[1024];
		loaded L;
		snprintf(rel, sizeof rel, "hf_trainer_state/%s", k->file);
		corpus_path(rel, path, sizeof path);
		load_path(&dt_imp_hf_state, path, &L);
		assert_int_equal(L.rc, 0);
		expect_span(&L.log, "loss", k->nloss, k->first, k->last, k->v0, k->vn);
		assert_int_equal(need_series(&L.log, "lr")->n, k->nloss);
		assert_int_equal(need_series(&L.log, "epoch")->n, k->nloss);
		const dt_rawseries *g = dt_rawlog_find(&L.log, "grad_norm");
		assert_int_equal(g ? g->n : 0, k->ngrad);
		const dt_rawseries *e = dt_rawlog_find(&L.log, "eval_loss");
		assert_int_equal(e ? e->n : 0, k->neval);
		if (e) {
			assert_int_equal(e->step[0], k->efirst);
			assert_int_equal(e->step[e->n - 1], k->elast);
		}
		if (k->note)
			expect_note(&L.log, k->warning);
		else
			expect_warning(&L.log, k->warning);
		unload(&L);
	}
}

/* TRL DPO keys with slashes keep their names. */
static void test_corpus_dpo_keys(void **state)
{
	char path[1024];
	loaded L;
	(void)state;
	corpus_path("hf_trainer_state/tinyllama-1.1b-chat_dpo_trl_trainer_state.json",
	            path, sizeof path);
	load_path(&dt_imp_hf_state, path, &L);
	assert_int_equal(L.rc, 0);
	assert_int_equal(need_series(&L.log, "rewards/chosen")->n, 291);
	assert_int_equal(need_series(&L.log, "eval_rewards/chosen")->n, 29);
	unload(&L);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_new_schema),
		cmocka_unit_test(test_old_schema),
		cmocka_unit_test(test_invalid_json),
		cmocka_unit_test(test_edge_documents),
		cmocka_unit_test(test_detect),
		cmocka_unit_test(test_bom),
		cmocka_unit_test(test_corpus),
		cmocka_unit_test(test_corpus_dpo_keys),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
