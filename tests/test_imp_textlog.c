/* test_imp_textlog.c: plain-text training-line importer
 * (importers/imp_textlog.c) on hand-written fixtures and the corpus. */
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

#define FIX DT_FIXTURES "/textlog/"
#define CORPUS DT_SHARED "/corpus/"

#define slurp it_slurp
#define parse_buf(path, d, len, log) \
	it_parse_exact(&dt_imp_textlog, path, d, len, 0, log)
#define parse_file(path, log) it_parse_exact_file(&dt_imp_textlog, path, 0, log)
#define assert_series it_points
#define has_warning it_has_warning
#define has_note it_has_note

/* NxD (units, multi-word keys, rank prefix, CRLF), generic pipes with
 * ANSI bold, torchtune key:value, JAX key=value with nan; a HyperPod
 * auto-resume retry marks a new launch before step 5 is logged again. */
static void test_step_lines(void **state)
{
	(void)state;
	dt_rawlog log;
	parse_file(FIX "steps_kv.log", &log);
	const int64_t st[] = { 1, 2, 3, 4, 5, 5, 6 };
	const double loss[] = { 13.25, 12.5, 2.5, 1.25, NAN, INFINITY, 1.75 };
	assert_series(&log, "loss", 7, st, loss);
	const dt_rawseries *s = dt_rawlog_find(&log, "loss");
	assert_int_equal(s->nmarks, 1);
	assert_int_equal(s->marks[0], 5);
	const int64_t gst[] = { 1, 2, 5, 5, 6 };
	const double gn[] = { 1.5, 2.25, 0.5, 10.125, 10.875 };
	assert_series(&log, "grad_norm", 5, gst, gn);
	const int64_t tst[] = { 1, 2, 5, 6 };
	const double stt[] = { 244.5, 243.75, 458.5, 286.0 };
	const double thr[] = { 3.5, 4.0, 2.0, 2.5 };
	assert_series(&log, "step_time", 4, tst, stt);
	assert_series(&log, "throughput", 4, tst, thr);
	const int64_t lst[] = { 3, 4 };
	const double lr[] = { 1e-4, 2e-05 };
	assert_series(&log, "lr", 2, lst, lr);
	const int64_t ost[] = { 4 };
	const double tps[] = { 100.5 };
	assert_series(&log, "tokens_per_second_per_gpu", 1, ost, tps);
	const int64_t pst[] = { 5 };
	const double pn[] = { 1800.25 };
	assert_series(&log, "param_norm", 1, pst, pn);
	assert_true(has_warning(&log, ":10: new launch (HyperPod auto-resume)"));
	assert_true(has_warning(&log, "Retrying step. Attempt number: 1"));
	dt_rawlog_free(&log);
}

/* Megatron: timestamp and srun -l prefixes; iteration 10 has no lm loss
 * (skipped, counted 10 + 6 = 16 in 'number of skipped iterations');
 * iteration 30 printed twice = one point; validation at 30; nan kept;
 * the end-of-training validation line has no iteration (ignored); global
 * batch 16 then 32 (warning, first kept). */
static void test_megatron(void **state)
{
	(void)state;
	dt_rawlog log;
	parse_file(FIX "megatron.log", &log);
	const int64_t st[] = { 20, 30, 40 };
	const double loss[] = { 10.72453, 9.5, NAN };
	const double gn[] = { 3.875, 2.5, 1.25 };
	assert_series(&log, "loss", 3, st, loss);
	assert_series(&log, "grad_norm", 3, st, gn);
	const int64_t lst[] = { 10, 20, 30, 40 };
	const double lr[] = { 1.5e-05, 3e-05, 4.5e-05, 6e-05 };
	const double ls[] = { 65536, 32768, 32768, 16384 };
	assert_series(&log, "lr", 4, lst, lr);
	assert_series(&log, "loss_scale", 4, lst, ls);
	const int64_t est[] = { 30 };
	const double el[] = { 8.88954 };
	assert_series(&log, "eval_loss", 1, est, el);
	/* Data cursor (issue 9): `consumed samples:` is imported; 30 twice
	 * is one point, 10 has no loss but a cursor. */
	const double cs[] = { 160, 320, 480, 800 };
	assert_series(&log, "consumed_samples", 4, lst, cs);
	assert_int_equal(log.global_batch, 16);
	assert_true(has_warning(&log, "1 Megatron iteration line(s) without "
	                        "'lm loss' (iterations 10..10"));
	assert_true(has_warning(&log, "reported: 16"));
	assert_true(has_warning(&log, "from 16 to 32"));
	assert_true(has_warning(&log, "1 validation line(s) without"));
	dt_rawlog_free(&log);
}

static void test_neuron_log(void **state)
{
	(void)state;
	dt_rawlog log;
	parse_file(FIX "neuron_log.log", &log);
	const int64_t st[] = { 78, 79, 80 };
	const double loss[] = { 9.1875, 8.9375, NAN };
	const double lr[] = { 1.56e-05, 1.58e-05, 1.60e-05 };
	assert_series(&log, "loss", 3, st, loss);
	assert_series(&log, "lr", 3, st, lr);
	const int64_t gst[] = { 79 };
	const double gn[] = { 0.75 };
	assert_series(&log, "grad_norm", 1, gst, gn);
	assert_null(dt_rawlog_find(&log, "epoch"));
	dt_rawlog_free(&log);
}

/* PTL bars separated by '\r' with mojibake: the step is global_step + 1
 * (NeMo/NxDT bars count from 0: global_step=1.000 with consumed_samples
 * 2048 at a global batch of 1024 is the 2nd update), the running mean
 * loss= is ignored, global_step 2 printed twice = one point; bars without
 * global_step are counted, not imported; consumed_samples= is the data
 * cursor (2048, 3072, 4096). */
static void test_ptl(void **state)
{
	(void)state;
	dt_rawlog log;
	parse_file(FIX "ptl.log", &log);
	const int64_t st[] = { 2, 3, 4 };
	const double loss[] = { 13.40, 12.50, 11.25 };
	const double lr[] = { 7.5e-9, 1.5e-8, 2.25e-8 };
	assert_series(&log, "loss", 3, st, loss);
	assert_series(&log, "lr", 3, st, lr);
	assert_series(&log, "parameter_norm", 3, st, NULL);
	assert_null(dt_rawlog_find(&log, "v_num"));
	const double cs[] = { 2048, 3072, 4096 };
	assert_series(&log, "consumed_samples", 3, st, cs);
	assert_null(dt_rawlog_find(&log, "global_step"));
	assert_true(has_note(&log, "stored as global_step + 1"));
	assert_true(has_warning(&log, "2 progress-bar line(s) without "
	                        "global_step"));
	assert_false(has_warning(&log, "running mean"));
	dt_rawlog_free(&log);

	parse_file(FIX "ptl_running_mean.log", &log);
	const int64_t rst[] = { 40 };  /* global_step=39.00 + 1 */
	const double rl[] = { 10.9 };
	assert_series(&log, "loss", 1, rst, rl);
	assert_true(has_warning(&log, "running mean"));
	dt_rawlog_free(&log);
}

/* Line 2's loss is '<junk>' (the 2.4 after it has no key), line 3's is
 * 'abc': 2 unreadable loss values, the first on line 2; line 3's lr is
 * kept. Loss keeps steps 1 and 4, lr steps 1 and 3. */
static void test_non_numeric_values(void **state)
{
	(void)state;
	static const char t[] =
		"step 1 loss 2.5 lr 1e-4\n"
		"step 2 loss <junk> 2.4\n"
		"step 3 loss:abc lr 2e-4\n"
		"step 4 loss 1.5\n";
	dt_rawlog log;
	parse_buf("mem.log", t, sizeof t - 1, &log);
	const int64_t st[] = { 1, 4 };
	const double loss[] = { 2.5, 1.5 };
	assert_series(&log, "loss", 2, st, loss);
	const int64_t lst[] = { 1, 3 };
	const double lr[] = { 1e-4, 2e-4 };
	assert_series(&log, "lr", 2, lst, lr);
	assert_true(has_warning(&log, "mem.log:2: 2 value(s) that are not "
	                        "numbers skipped (first: loss '<junk>')"));
	dt_rawlog_free(&log);
}

/* A value with anything but a unit glued to its digits is no number:
 * read as its digits it would be another value (12abc as 12, 1.x as 1,
 * 1.5e as 1.5, 1.2k as 1.2). Units stay: "1.5s", "40%", "3.5it/s",
 * "12GB". Lines 2..5 each skip their loss; line 2 is the first. */
static void test_glued_junk(void **state)
{
	(void)state;
	static const char t[] =
		"step 1 loss 2.5 time 1.5s mem 12GB\n"
		"step 2 loss 12abc\n"
		"step 3 loss 1.x\n"
		"step 4 loss 1.5e\n"
		"step 5 loss 1.2k\n"
		"step 6 loss 2.25 throughput 3.5it/s util 40%\n";
	dt_rawlog log;
	parse_buf("glued.log", t, sizeof t - 1, &log);
	const int64_t st[] = { 1, 6 };
	const double loss[] = { 2.5, 2.25 };
	assert_series(&log, "loss", 2, st, loss);
	const int64_t tst[] = { 1 };
	const double tv[] = { 1.5 };
	assert_series(&log, "time", 1, tst, tv);
	const double mem[] = { 12 };
	assert_series(&log, "mem", 1, tst, mem);
	const int64_t ust[] = { 6 };
	const double thr[] = { 3.5 }, util[] = { 40 };
	assert_series(&log, "throughput", 1, ust, thr);
	assert_series(&log, "util", 1, ust, util);
	assert_true(has_warning(&log, "glued.log:2: 4 value(s) that are not "
	                        "numbers skipped (first: loss '12abc')"));
	dt_rawlog_free(&log);
}

/* A decimal comma ("1,9") is no number: read up to the comma it would be
 * loss 1 (a new-user trial saw exactly that, stored without a word). It
 * is skipped with the file's "not numbers skipped" warning naming the
 * line and the text; a comma followed by a blank still ends a value (JAX
 * `grad_norm=0.4, loss=0.06`), and a non-loss value with a decimal comma
 * is not stored either. Lines 2 and 4 skip their loss; line 2 is first. */
static void test_decimal_comma(void **state)
{
	(void)state;
	static const char t[] =
		"step 1 loss 2.0\n"
		"step 2 loss 1,9\n"
		"Step 3: grad_norm=0.5, loss=1.8\n"
		"step 4 loss:1,7 tput 3,5\n"
		"step 5 loss 1.6, lr 1e-4\n";
	dt_rawlog log;
	parse_buf("comma.log", t, sizeof t - 1, &log);
	const int64_t st[] = { 1, 3, 5 };
	const double loss[] = { 2.0, 1.8, 1.6 };
	assert_series(&log, "loss", 3, st, loss);
	assert_null(dt_rawlog_find(&log, "tput"));
	assert_true(has_warning(&log, "comma.log:2: 2 value(s) that are not "
	                        "numbers skipped (first: loss '1,9')"));
	dt_rawlog_free(&log);
}

/* A key the importer knows (loss, lr, grad norm...) followed by a word
 * that is not a number: the line was dropped without a word. It is
 * counted with the values that are not numbers (the first named with its
 * line); the rest of the line is read. A known key followed by more key
 * words and then a number ("loss scale 1024") is another key, not a
 * skipped value. */
static void test_known_key_word(void **state)
{
	(void)state;
	static const char t[] =
		"step 1 loss 2.0 loss scale 1024\n"
		"step 2 loss abc\n"
		"step 3 loss 1.8\n"
		"step 4 loss n/a lr 1e-4\n";
	dt_rawlog log;
	parse_buf("word.log", t, sizeof t - 1, &log);
	const int64_t st[] = { 1, 3 };
	const double loss[] = { 2.0, 1.8 };
	assert_series(&log, "loss", 2, st, loss);
	const int64_t lst[] = { 4 };
	const double lr[] = { 1e-4 };
	assert_series(&log, "lr", 1, lst, lr);
	assert_true(has_warning(&log, "word.log:2: 2 value(s) that are not "
	                        "numbers skipped (first: loss 'abc')"));
	dt_rawlog_free(&log);
}

/* A compile cache path quoted in prose or code stops at the path: the
 * closing backtick, quote, bracket and the punctuation after it are not
 * part of it (SOURCES.md gave "/var/tmp/neuron-compile-cache`),"). The
 * same for the cache prefix of a quoted neff path. */
static void test_cache_path_quoted(void **state)
{
	(void)state;
	static const char a[] =
		"(`INFO ||NEURON_CACHE||: Compile cache path: "
		"/var/tmp/neuron-compile-cache`), and more\n"
		"step 1 loss 2.0\n";
	static const char b[] =
		"step 1 loss 2.0\n"
		"INFO ||NCC_WRAPPER||: Using a cached neff at `/var/tmp/cc/neuronxcc-2.8.0.25+a3ad0f342/MODULE_1+abb26765/"
		"model.neff`.\n";
	static const char c[] =
		"INFO ||NEURON_CACHE||: Compile cache path: \"/opt/cache\";\n"
		"step 1 loss 2.0\n";
	dt_rawlog log;
	parse_buf("q1.log", a, sizeof a - 1, &log);
	it_fact(&log, "neuron.compile_cache_path", "/var/tmp/neuron-compile-cache");
	dt_rawlog_free(&log);
	parse_buf("q2.log", b, sizeof b - 1, &log);
	it_fact(&log, "neuron.compile_cache_path", "/var/tmp/cc");
	it_fact(&log, "neuron.compiler_version", "2.8.0.25+a3ad0f342");
	dt_rawlog_free(&log);
	parse_buf("q3.log", c, sizeof c - 1, &log);
	it_fact(&log, "neuron.compile_cache_path", "/opt/cache");
	dt_rawlog_free(&log);
}

static void test_nothing(void **state)
{
	(void)state;
	dt_rawlog log;
	parse_file(FIX "nothing.log", &log);
	assert_int_equal(log.nseries, 0);
	assert_true(has_warning(&log, "no training lines recognised"));
	dt_rawlog_free(&log);
}

/* Found by fuzzing (fuzz/, UBSan: a float-to-int64 overflow): a global
 * batch of 1e30 and nan skipped iterations are not counts; they are
 * ignored, the batch 16 of iteration 2 is kept, both losses stay. */
static void test_fuzz_huge_counts(void **state)
{
	(void)state;
	dt_rawlog log;
	parse_file(FIX "fuzz_huge_counts.log", &log);
	const int64_t st[] = { 1, 2 };
	const double loss[] = { 2.0, 1.5 };
	assert_series(&log, "loss", 2, st, loss);
	assert_int_equal(log.global_batch, 16);
	dt_rawlog_free(&log);
}

static void test_detect(void **state)
{
	(void)state;
	static const char *const yes[] = {
		"step 1 step_time 2.5s throughput 3.9 seq/s loss 13.4 grad norm 1.9\n",
		"Step 12 | loss:1.23 lr:2e-05 \n",
		"1:  iteration       25/73242187 | lm loss: 1.086954E+01 |\n",
		"LOG Thu Sep 29 22:30:10 2022 - (0, 78) step_loss : 9.1875\n",
		("Epoch 0: 3%| | 3/91 [16:05<7:52, reduced_train_loss=13.40, "
		 "global_step=1.000]\n"),
	};
	static const char *const no[] = {
		"{\"step\": 10, \"loss\": 2.5}\n{\"step\": 20, \"loss\": 2.4}\n",
		"step,loss,lr\n10,2.5,1e-4\n",
		"{'loss': 2.5, 'learning_rate': 1e-05, 'epoch': 0.1}\n",
		"Retrying step. Attempt number: 1\nstep_time 3\n",
		"",
	};
	for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++)
		assert_true(dt_imp_textlog.detect("x.log", yes[i],
		                                  strlen(yes[i])) >= 60);
	for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
		assert_int_equal(dt_imp_textlog.detect("x", no[i], strlen(no[i])),
		                 0);
}

/* tl_detect's score for `hits` training lines seen: 0, 60, 75. */
static int detect_score(size_t hits)
{
	return hits >= 2 ? 75 : hits == 1 ? 60 : 0;
}

/* Training lines tl_detect counts in the first k lines of a fixture
 * (line i holds hits[i] - '0' of them, past the string none: each
 * fixture's list goes as far as its second hit or its end). */
static size_t hits_in(const char *hits, size_t k)
{
	size_t h = 0;
	for (size_t i = 0; i < k && hits[i]; i++)
		h += (size_t)(hits[i] - '0');
	return h;
}

/* Every prefix of every fixture parses without error or over-read, and
 * detects as its whole lines say: the training lines were counted by
 * hand (steps_kv: lines 2 and 3, `step 1 ...` and `0: step 2 ...`;
 * megatron: lines 3 and 4, the first two `iteration N/1000 |`; neuron_log:
 * lines 1 and 2; ptl: line 2, whose \r-separated bars hold global_step=
 * four times, the first bar without it; ptl_running_mean: its one line;
 * nothing: none). A prefix ending inside a line scores at least what its
 * whole lines give, at most that with the cut line counted whole. */
static void test_truncated_inputs(void **state)
{
	(void)state;
	static const struct { const char *file, *hits; int whole; } fx[] = {
		{ "steps_kv.log", "011", 75 }, { "megatron.log", "0011", 75 },
		{ "neuron_log.log", "11", 75 }, { "ptl.log", "04", 75 },
		{ "ptl_running_mean.log", "1", 60 }, { "nothing.log", "", 0 },
	};
	for (size_t f = 0; f < sizeof fx / sizeof fx[0]; f++) {
		char path[512];
		size_t len, lines = 0;
		snprintf(path, sizeof path, FIX "%s", fx[f].file);
		char *d = slurp(path, &len);
		for (size_t n = 0; n <= len; n++) {
			char *cut = malloc(n ? n : 1);
			assert_non_null(cut);
			memcpy(cut, d, n);
			dt_rawlog log;
			parse_buf(path, cut, n, &log);
			dt_rawlog_free(&log);
			int got = dt_imp_textlog.detect(path, cut, n);
			int part = n > 0 && d[n - 1] != '\n';  /* a cut line */
			int lo = detect_score(hits_in(fx[f].hits, lines));
			int hi = detect_score(hits_in(fx[f].hits, lines + part));
			if (got < lo || got > hi || (n == len && got != hi))
				fail_msg("%s, first %zu bytes: detect %d, expected "
				         "%d..%d", fx[f].file, n, got, lo, hi);
			lines += n < len && d[n] == '\n';
			free(cut);
		}
		assert_int_equal(dt_imp_textlog.detect(path, d, len),
		                 fx[f].whole);
		free(d);
	}
}

/* Corpus (shared/corpus, SOURCES.md); point counts and first/last steps
 * checked by hand with grep/python3. */
static void corpus_loss(const char *rel, size_t n, int64_t first,
                        double first_v, int64_t last, double last_v,
                        dt_rawlog *log)
{
	char path[512];
	snprintf(path, sizeof path, CORPUS "%s", rel);
	parse_file(path, log);
	const dt_rawseries *s = dt_rawlog_find(log, "loss");
	assert_non_null(s);
	assert_int_equal(s->n, n);
	assert_int_equal(s->step[0], first);
	assert_true(s->value[0] == first_v);
	assert_int_equal(s->step[n - 1], last);
	assert_true(s->value[n - 1] == last_v);
}

static void test_corpus(void **state)
{
	(void)state;
	struct stat st;
	if (stat(CORPUS, &st) != 0)
		skip();
	dt_rawlog log;

	/* HyperPod: steps 1-5, [Auto Resume] retry (line 15), steps 6-9. */
	corpus_loss("neuron/trn1_nxd-llama3-70b_tp32pp8_hyperpod-autoresume_"
	            "excerpt_anon.log", 9, 1, 13.412860887125134, 9,
	            1.6782752611325122, &log);
	const dt_rawseries *s = dt_rawlog_find(&log, "loss");
	assert_int_equal(s->nmarks, 1);
	assert_int_equal(s->marks[0], 5);
	assert_non_null(dt_rawlog_find(&log, "grad_norm"));
	assert_true(has_warning(&log, ":15: new launch"));
	dt_rawlog_free(&log);

	/* NxDT PTL: 4 bars, global_step 1, 2, 2, 3 -> 3 points at steps
	 * 2..4 (global_step + 1, issue 9). */
	corpus_loss("neuron/trn_nxdt_llama3-70b_pretrain_ptl-progress_doc-"
	            "excerpt.log", 3, 2, 13.40, 4, 13.40, &log);
	dt_rawlog_free(&log);

	/* NxDT DPO with mojibake: global_step 1, 3, 3 -> 2 points at 2, 4. */
	corpus_loss("neuron/trn_nxdt_llama3-8b_dpo_ptl-progress_mojibake_doc-"
	            "excerpt.log", 2, 2, 6.930, 4, 6.790, &log);
	assert_non_null(dt_rawlog_find(&log, "grad_norm"));
	dt_rawlog_free(&log);

	/* torch-neuronx LOG lines: (0, 78) .. (0, 85). */
	corpus_loss("neuron/trn1_dp-bert-large_LOG-step_loss_doc-excerpt.log",
	            8, 78, 9.1875, 85, 9.0, &log);
	dt_rawlog_free(&log);

	/* Megatron srun -l: iterations 25..27. */
	corpus_loss("megatron_nemo_deepspeed/megatron-lm_gpt3_srun-rank-"
	            "prefixed_doc-excerpt.log", 3, 25, 10.86954, 27, 10.87129,
	            &log);
	assert_int_equal(log.global_batch, 2);
	dt_rawlog_free(&log);

	/* NeMo 1 end of run: one bar, global_step 39.00 = the 40th of 40
	 * batches: step 40 (+1, issue 9); consumed_samples 9984 = 39 x 256,
	 * the samples consumed before that update. */
	corpus_loss("megatron_nemo_deepspeed/nemo1_gpt3-126m_ptl-progress-end-"
	            "of-run_doc-excerpt.log", 1, 40, 10.90, 40, 10.90, &log);
	dt_rawlog_free(&log);

	/* Megatron fp16: iterations 1-3 all skipped: no loss, lr kept. */
	parse_file(CORPUS "megatron_nemo_deepspeed/megatron-lm_gpt3-175b_fp16_"
	           "skipped-iterations_doc-excerpt.log", &log);
	assert_null(dt_rawlog_find(&log, "loss"));
	const int64_t lst[] = { 1, 2, 3 };
	const double lr[] = { 0, 0, 0 };
	assert_series(&log, "lr", 3, lst, lr);
	assert_int_equal(log.global_batch, 288);
	assert_true(has_warning(&log, "3 Megatron iteration line(s) without "
	                        "'lm loss' (iterations 1..3"));
	dt_rawlog_free(&log);
}

/* The last line without a line end was cut (a writer killed mid-line:
 * `loss 0.2` of `loss 0.5317`): skipped with the JSON lines / CSV
 * warning; ended, the same line is read; an ignored last line is not
 * warned about; on a cut bar line ('\r' redraws) only the last piece is
 * skipped. */
static void test_cut_last_line(void **state)
{
	(void)state;
	dt_rawlog log;
	const int64_t st2[] = { 1, 2 }, st3[] = { 1, 2, 3 };
	const double l2[] = { 2.5, 2.25 }, l3[] = { 2.5, 2.25, 0.5317 };
	const char *cut = "step 1 | loss 2.5\nstep 2 | loss 2.25\n"
	                  "step 3 | loss 0.2";
	parse_buf("t.log", cut, strlen(cut), &log);
	assert_series(&log, "loss", 2, st2, l2);
	assert_int_equal(log.nwarnings, 1);
	assert_string_equal(log.warnings[0], "t.log:3: last line truncated "
	                    "(no line end), skipped");
	dt_rawlog_free(&log);

	const char *whole = "step 1 | loss 2.5\nstep 2 | loss 2.25\n"
	                    "step 3 | loss 0.5317\n";
	parse_buf("t.log", whole, strlen(whole), &log);
	assert_series(&log, "loss", 3, st3, l3);
	assert_int_equal(log.nwarnings, 0);
	dt_rawlog_free(&log);

	const char *other = "step 1 | loss 2.5\nstep 2 | loss 2.25\n"
	                    "saving checkpoint to /ckpt/step-2";
	parse_buf("t.log", other, strlen(other), &log);
	assert_series(&log, "loss", 2, st2, l2);
	assert_int_equal(log.nwarnings, 0);
	dt_rawlog_free(&log);

	/* step 3's redraw is complete (a '\r' follows it), step 4's is cut */
	const char *bar = "step 1 | loss 2.5\nstep 2 | loss 2.25\r"
	                  "step 3 | loss 0.5317\rstep 4 | loss 0.4";
	parse_buf("t.log", bar, strlen(bar), &log);
	assert_series(&log, "loss", 3, st3, l3);
	assert_int_equal(log.nwarnings, 1);
	assert_string_equal(log.warnings[0], "t.log:2: last line truncated "
	                    "(no line end), skipped");
	dt_rawlog_free(&log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_step_lines),
		cmocka_unit_test(test_cut_last_line),
		cmocka_unit_test(test_megatron),
		cmocka_unit_test(test_neuron_log),
		cmocka_unit_test(test_ptl),
		cmocka_unit_test(test_non_numeric_values),
		cmocka_unit_test(test_glued_junk),
		cmocka_unit_test(test_decimal_comma),
		cmocka_unit_test(test_known_key_word),
		cmocka_unit_test(test_cache_path_quoted),
		cmocka_unit_test(test_nothing),
		cmocka_unit_test(test_fuzz_huge_counts),
		cmocka_unit_test(test_detect),
		cmocka_unit_test(test_truncated_inputs),
		cmocka_unit_test(test_corpus),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
