/* test_corpus.c: every file of ../shared/corpus (SOURCES.md) through
 * format detection and its importer: the detected format, the total
 * point count, and for one metric its point count and first/last step,
 * all checked by hand with python3 (json/csv/re over the raw files and a
 * protobuf walk for TensorBoard); or the file is refused / imported as
 * facts only, with the reason. Skips (77) when the corpus is absent. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "imp_test.h"

typedef struct expect {
	const char *file;      /* relative to corpus/ */
	const char *format;    /* detected importer */
	size_t points;         /* all series */
	const char *metric;    /* checked metric, NULL = facts only */
	size_t n;
	int64_t first, last;
	const char *warning;   /* a warning that must be present, or NULL */
	int note;              /* 1: `warning` is a note (informational) */
} expect;

static const expect corpus[] = {
	/* trainer_state.json: log_history entries with 'loss' (summary entry
	 * without 'loss' excluded) */
	{"hf_trainer_state/mistral7b-instruct-v0.2_lora_llamafactory_4gpu_ga4_"
	 "trainer_state.json", "hf-trainer-state", 3464, "loss", 866, 10, 8660,
	 "final summary entry at step 8660", 1},
	{"hf_trainer_state/mistral7b-instruct-v0.2_lora_checkpoint-4000_"
	 "trainer_state.json", "hf-trainer-state", 1600, "loss", 400, 10, 4000,
	 "global_step 4000 < max_steps 8660", 0},
	{"hf_trainer_state/llama2-7b_lora_llamafactory_2023-schema_trainer_"
	 "state.json", "hf-trainer-state", 5226, "loss", 1742, 5, 8710, NULL, 0},
	{"hf_trainer_state/tinyllama-1.1b_lora_trl-sft_ga8_trainer_state.json",
	 "hf-trainer-state", 1200, "loss", 186, 15, 2790, NULL, 0},
	{"hf_trainer_state/tinyllama-1.1b-chat_dpo_trl_trainer_state.json",
	 "hf-trainer-state", 3549, "loss", 291, 1, 2900, NULL, 0},
	/* LLaMA-Factory: lines with 'loss' (current_steps) */
	{"llamafactory_trainer_log/mistral7b-instruct-v0.2_lora_trainer_log."
	 "jsonl", "jsonl", 2598, "loss", 866, 10, 8660, NULL, 0},
	{"llamafactory_trainer_log/qwen2.5-3b_full-sft_2gpu_interleaved-"
	 "writers_resumed_trainer_log.jsonl", "jsonl", 4074, "loss", 1358, 10,
	 6560, "a new process (resume)", 0},
	/* Lightning: rows with train_loss_step; 0-based step + 1 (49 -> 50,
	 * 140699 -> 140700; resumed 140749 -> 140750, 196999 -> 197000) */
	{"lightning_csv/slm-gpt_version_0_epochs0-9_metrics.csv", "csv", 8532,
	 "loss", 2814, 50, 140700, "its step is 0-based; stored as step + 1", 1},
	{"lightning_csv/slm-gpt_version_5_resumed_epochs10-13_metrics.csv",
	 "csv", 3414, "loss", 1126, 140750, 197000,
	 "its step is 0-based; stored as step + 1", 1},
	/* TensorBoard: 430 train/loss simple values */
	{"tensorboard/t5-summarization_hf-trainer_train_anon.tfevents",
	 "tfevents", 1726, "loss", 430, 500, 215000, NULL, 0},
	{"tensorboard/t5-summarization_hf-trainer_final-eval.tfevents",
	 "tfevents", 10, "eval_loss", 1, 215337, 215337, NULL, 0},
	/* W&B summaries: facts only */
	{"wandb/alpaca-hf-trainer_run-iqu955sp_wandb-summary.json", "wandb", 0,
	 NULL, 0, 0, 0, "no training curve: imported as 7 run fact(s)", 0},
	{"wandb/alpaca_run-5qvjca60_step0-only_wandb-summary.json", "wandb", 0,
	 NULL, 0, 0, 0, "_step 0 is W&B's count of log() calls", 0},
	{"wandb/alpaca_run-w3huplss_crashed-5s_wandb-summary.json", "wandb", 0,
	 NULL, 0, 0, 0, "imported as 1 run fact(s)", 0},
	/* MLPerf: samples_count / global_batch_size (8: 1536/8 = 192 ..
	 * 3072/8 = 384; 64: 640/64 = 10 .. 13440/64 = 210) */
	{"mlperf/mlperf-v4.0_asustek_8gpu_llama2_70b_lora_result_0.txt",
	 "mlperf", 10, "eval_loss", 5, 192, 384, NULL, 0},
	{"mlperf/mlperf-v4.0_juniper_a100x8_deepspeed_llama2_70b_lora_result_"
	 "0.txt", "mlperf", 26, "loss", 18, 10, 210, NULL, 0},
	/* Neuron: HF dicts (record order x 500), NxD step lines, LOG lines,
	 * NxDT progress (global_step + 1: NeMo bars count from 0; repeats
	 * merged later by resolution). Issue 9: consumed_samples= is now
	 * imported as the data cursor (one point per bar with a step: 9 -> 12
	 * and 16 -> 18 points) and the steps are +1 (1..3 -> 2..4). */
	{"neuron/trn1_hf-trainer_bert-jp_1core_train-cached-neff.log",
	 "hf-stdout", 34, "loss", 10, 500, 5000, NULL, 0},
	{"neuron/trn1_hf-trainer_bert-jp_2core-dp_torchrun_train.log",
	 "hf-stdout", 19, "loss", 5, 500, 2500, "duplicate consecutive", 0},
	{"neuron/trn1-32xl_optimum-neuron_tinyllama_tp4_ga8_neuron-parallel-"
	 "compile-trial.log", "hf-stdout", 30, "precompile_loss", 10, 1, 10,
	 "excluded from the loss curve", 0},
	{"neuron/trn1_hf-trainer_bert-jp_1core_neuron-parallel-compile.log",
	 "hf-stdout", 0, NULL, 0, 0, 0, "compile records only", 0},
	{"neuron/trn1_nxd-llama3-70b_tp32pp8_hyperpod-autoresume_excerpt_"
	 "anon.log", "textlog", 36, "loss", 9, 1, 9, "HyperPod auto-resume", 0},
	{"neuron/trn1_dp-bert-large_LOG-step_loss_doc-excerpt.log", "textlog",
	 24, "loss", 8, 78, 85, NULL, 0},
	{"neuron/trn_nxdt_llama3-70b_pretrain_ptl-progress_doc-excerpt.log",
	 "textlog", 12, "loss", 3, 2, 4, NULL, 0},
	{"neuron/trn_nxdt_llama3-8b_dpo_ptl-progress_mojibake_doc-excerpt.log",
	 "textlog", 18, "loss", 2, 2, 4, NULL, 0},
	/* Megatron / NeMo. Issue 9: Megatron's `consumed samples:` is
	 * imported (3 iteration lines each: 15 -> 18, 9 -> 12 points); the
	 * NeMo bar's global_step=39.00 is step 40 (+1) and its
	 * consumed_samples=9984.0 a second point (1 -> 2). */
	{"megatron_nemo_deepspeed/megatron-lm_gpt3_srun-rank-prefixed_doc-"
	 "excerpt.log", "textlog", 18, "loss", 3, 25, 27, NULL, 0},
	{"megatron_nemo_deepspeed/megatron-lm_gpt3-175b_fp16_skipped-"
	 "iterations_doc-excerpt.log", "textlog", 12, "lr", 3, 1, 3,
	 "without 'lm loss'", 0},
	{"megatron_nemo_deepspeed/nemo1_gpt3-126m_ptl-progress-end-of-run_doc-"
	 "excerpt.log", "textlog", 2, "loss", 1, 40, 40, NULL, 0},
};

static void check_one(const expect *e)
{
	char path[1024], err[512];
	dt_rawlog log;
	const dt_importer *imp;
	it_corpus(e->file, path, sizeof path);
	if (it_parse_file(NULL, path, &imp, &log, err, sizeof err) != 0)
		fail_msg("%s: %s", e->file, err);
	if (!imp || strcmp(imp->name, e->format) != 0)
		fail_msg("%s: detected %s, expected %s", e->file,
		         imp ? imp->name : "(none)", e->format);
	if (dt_rawlog_points(&log) != e->points)
		fail_msg("%s: %zu points, expected %zu", e->file,
		         dt_rawlog_points(&log), e->points);
	if (e->metric)
		it_range(&log, e->metric, e->n, e->first, e->last);
	else if (log.nfacts == 0)
		fail_msg("%s: facts-only file without facts", e->file);
	if (e->warning && !e->note && !it_has_warning(&log, e->warning))
		fail_msg("%s: no warning '%s'", e->file, e->warning);
	if (e->warning && e->note && !it_has_note(&log, e->warning))
		fail_msg("%s: no note '%s'", e->file, e->warning);
	dt_rawlog_free(&log);
}

static void test_every_file(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof corpus / sizeof corpus[0]; i++)
		check_one(&corpus[i]);
}

/* The one refused file: a prediction-only trainer_log.jsonl (50 lines,
 * no loss, no facts). */
static void test_refused(void **state)
{
	(void)state;
	char path[1024], err[512];
	dt_rawlog log;
	it_corpus("llamafactory_trainer_log/qwen2.5-3b_lora_predict-only_no-"
	          "loss_trainer_log.jsonl", path, sizeof path);
	assert_int_equal(it_parse_file(NULL, path, NULL, &log, err, sizeof err),
	                 0);
	assert_int_equal(dt_rawlog_points(&log), 0);
	assert_int_equal(log.nfacts, 0);
	assert_true(it_has_warning(&log, "no line holds a loss"));
	dt_rawlog_free(&log);
}

/* Neuron compile/cache facts (counted with grep over the files):
 * cached-neff run: 3 "Using a cached neff", 4 "Compiler status PASS";
 * parallel compile: 4 PASS, Total graphs 4 / 4 / 0, phase from the first
 * "Current remaining items" (08:09:30.000797) to "Total graphs"
 * (08:15:08.000106) = 337.999309 s. */
static void test_neuron_facts(void **state)
{
	(void)state;
	char path[1024], err[512];
	dt_rawlog log;
	it_corpus("neuron/trn1_hf-trainer_bert-jp_1core_train-cached-neff.log",
	          path, sizeof path);
	assert_int_equal(it_parse_file(NULL, path, NULL, &log, err, sizeof err),
	                 0);
	it_fact(&log, "neuron.cache_hits", "3");
	it_fact(&log, "neuron.cache_misses", "4");
	it_fact(&log, "neuron.compile_fail", "0");
	it_fact(&log, "neuron.compile_cache_path", "/var/tmp/neuron-compile-cache");
	it_fact(&log, "neuron.compiler_version", "2.8.0.25+a3ad0f342");
	dt_rawlog_free(&log);

	it_corpus("neuron/trn1_hf-trainer_bert-jp_1core_neuron-parallel-compile."
	          "log", path, sizeof path);
	assert_int_equal(it_parse_file(NULL, path, NULL, &log, err, sizeof err),
	                 0);
	it_fact(&log, "neuron.cache_misses", "4");
	it_fact(&log, "neuron.parallel_compile.graphs_total", "4");
	it_fact(&log, "neuron.parallel_compile.graphs_succeeded", "4");
	it_fact(&log, "neuron.parallel_compile.graphs_failed", "0");
	it_fact(&log, "neuron.compile_seconds", "337.999");
	dt_rawlog_free(&log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_file),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_neuron_facts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
