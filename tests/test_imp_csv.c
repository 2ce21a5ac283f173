/* test_imp_csv.c: CSV importer (importers/imp_csv.c) on hand-written
 * fixtures (tests/fixtures/csv) and on the shared corpus. Values below are
 * read off the fixture text by hand. */
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

/* BOM, CRLF, quoted cells, empty cells (missing, never 0), nan/NaN/inf/
 * Infinity/-inf kept; "grad norm" -> grad_norm, learning_rate -> lr. */
static void test_bom_crlf_quoted(void **state)
{
	loaded L;
	(void)state;
	load_fixture(&dt_imp_csv, "csv/bom_crlf_quoted.csv", &L);
	assert_int_equal(L.rc, 0);
	assert_int_equal(L.log.nseries, 3);
	const int64_t ls[] = {1, 2, 3, 4, 5};
	const double lv[] = {2.5, 2.25, NAN, NAN, INFINITY};
	expect_points(&L.log, "loss", N(ls), ls, lv);
	const int64_t rs[] = {1, 3, 4};
	const double rv[] = {1e-4, 2e-4, 3e-4};
	expect_points(&L.log, "lr", N(rs), rs, rv);
	const int64_t gs[] = {2, 3, 4};
	const double gv[] = {0.5, INFINITY, -INFINITY};
	expect_points(&L.log, "grad_norm", N(gs), gs, gv);
	assert_int_equal(L.log.nwarnings, 0);
	unload(&L);
}

/* Header repeated at line 5 in a new column order, with a new column:
 * columns re-mapped, one segment mark before the 4th point of the series
 * that existed; grad_norm (new) has no mark. */
static void test_repeated_header(void **state)
{
	loaded L;
	(void)state;
	load_fixture(&dt_imp_csv, "csv/resume_reorder.csv", &L);
	assert_int_equal(L.rc, 0);
	const int64_t st[] = {10, 20, 30, 20, 30, 40};
	const double lv[] = {3.0, 2.8, 2.6, 2.7, 2.5, 2.3};
	const double rv[] = {0.001, 0.002, 0.003, 0.0025, 0.0035, 0.0045};
	expect_points(&L.log, "loss", N(st), st, lv);
	expect_points(&L.log, "lr", N(st), st, rv);
	const int64_t gs[] = {20, 40};
	const double gv[] = {1.5, 1.25};
	expect_points(&L.log, "grad_norm", N(gs), gs, gv);
	const dt_rawseries *s = dt_rawlog_find(&L.log, "loss");
	assert_int_equal(s->nmarks, 1);
	assert_int_equal(s->marks[0], 3);
	assert_int_equal(dt_rawlog_find(&L.log, "lr")->nmarks, 1);
	/* grad_norm first appears after the repeated header (launch 2): it is
	 * padded with a mark at 0, so mark m of every series starts launch
	 * m + 1 (rawlog.h). */
	s = dt_rawlog_find(&L.log, "grad_norm");
	assert_int_equal(s->nmarks, 1);
	assert_int_equal(s->marks[0], 0);
	/* The header at line 5 is launch evidence of launch 2 (index 1). */
	assert_int_equal(L.log.nlaunches, 1);
	assert_int_equal(L.log.nlaunch_ev, 1);
	assert_int_equal(L.log.launch_ev[0].kind, DT_LAUNCH_HEADER);
	assert_int_equal(L.log.launch_ev[0].line, 5);
	assert_int_equal(L.log.launch_ev[0].launch, 1);
	expect_warning(&L.log, "resume_reorder.csv:5: header repeated");
	unload(&L);
}

/* W&B export: "<run> - " prefix stripped, __MIN/__MAX ignored, "Step". */
static void test_wandb_export(void **state)
{
	loaded L;
	(void)state;
	load_fixture(&dt_imp_csv, "csv/wandb_export.csv", &L);
	assert_int_equal(L.rc, 0);
	assert_int_equal(L.log.nseries, 2);
	const int64_t ls[] = {1, 2};
	const double lv[] = {2.0, 1.5};
	expect_points(&L.log, "loss", N(ls), ls, lv);
	const int64_t rs[] = {1, 3};
	const double rv[] = {0.0001, 0.0003};
	expect_points(&L.log, "lr", N(rs), rs, rv);
	unload(&L);
}

/* TensorBoard export: metric from the tag in the file name. */
static void test_tensorboard_export(void **state)
{
	loaded L;
	(void)state;
	load_fixture(&dt_imp_csv, "csv/run-pilot_trn2-tag-train_loss.csv", &L);
	assert_int_equal(L.rc, 0);
	assert_int_equal(L.log.nseries, 1);
	const int64_t ls[] = {100, 200, 300};
	const double lv[] = {2.5, 2.25, 2.0};
	expect_points(&L.log, "loss", N(ls), ls, lv);
	unload(&L);
	/* "train_learning_rate" has no mapping; read as train/learning_rate. */
	load_fixture(&dt_imp_csv, "csv/run-pilot_trn2-tag-train_learning_rate.csv", &L);
	assert_int_equal(L.rc, 0);
	assert_int_equal(L.log.nseries, 1);
	const int64_t rs[] = {100, 200};
	const double rv[] = {0.0003, 0.00015};
	expect_points(&L.log, "lr", N(rs), rs, rv);
	unload(&L);
}

/* Lightning: train-step, validation and epoch-end rows; per-step
 * train_loss_step wins "loss", train_loss_epoch keeps its name. */
static void test_lightning_rows(void **state)
{
	loaded L;
	(void)state;
	load_fixture(&dt_imp_csv, "csv/lightning_metrics.csv", &L);
	assert_int_equal(L.rc, 0);
	assert_int_equal(L.log.nseries, 5);
	/* CSVLogger's step is 0-based: 49 + 1 = 50 ... 199 + 1 = 200 */
	const int64_t ls[] = {50, 100, 150, 200};
	const double lv[] = {4.5, 4.0, 3.5, 3.25};
	expect_points(&L.log, "loss", N(ls), ls, lv);
	const int64_t es[] = {100, 200};
	const double ev[] = {3.9, 3.1};
	expect_points(&L.log, "eval_loss", N(es), es, ev);
	const double tv[] = {4.25, 3.375};
	expect_points(&L.log, "train_loss_epoch", N(es), es, tv);
	const double ov[] = {120.5, 118.0};
	expect_points(&L.log, "epoch_time", N(es), es, ov);
	const int64_t ps[] = {50, 100, 100, 100, 150, 200, 200, 200};
	const double pv[] = {0, 0, 0, 0, 1, 1, 1, 1};
	expect_points(&L.log, "epoch", N(ps), ps, pv);
	assert_int_equal(L.log.nwarnings, 0);
	assert_int_equal(L.log.nnotes, 1);
	expect_note(&L.log, "lightning_metrics.csv: Lightning CSVLogger "
	               "metrics.csv (epoch, step and *_step/*_epoch/val_* "
	               "columns): its step is 0-based; stored as step + 1");
	unload(&L);
}

/* A bad number names file, line (the header spans lines 1-2) and column. */
static void test_bad_number(void **state)
{
	loaded L;
	(void)state;
	load_fixture(&dt_imp_csv, "csv/bad_number.csv", &L);
	assert_int_equal(L.rc, -1);
	assert_non_null(strstr(L.err, "bad_number.csv:4: expected a number in "
	                              "column 'loss', found '2.5x'"));
	unload(&L);
}

/* Long garbage is cut to 32 bytes, marked at its end, and control bytes
 * are replaced. */
static void test_bad_number_excerpt(void **state)
{
	static const char text[] = "step,loss\n1,1.0\n2,\x1b[31mAAAAAAAAAAAAAAAA"
	                           "AAAAAAAAAAAAAAAAAAAAAAAAAAAA\n";
	loaded L;
	(void)state;
	load_mem(&dt_imp_csv, "mem.csv", text, sizeof text - 1, &L);
	assert_int_equal(L.rc, -1);
	assert_non_null(strstr(L.err, "mem.csv:3: expected a number in column "
	                              "'loss', found '?[31mAAAAAAAAAAAAAAAAAAAAAAAAAAA\u2026'"));
	assert_null(strchr(L.err, '\x1b'));
	unload(&L);
}

/* A 5-line file whose quote opens on line 4 and never closes is reported
 * at line 4 (libcsv alone would blame the end, line 6). In the second
 * file the quoted cell of line 3 spans lines 3-4 and closes; the quote
 * opened on line 5 (after an escaped "" on line 5 that keeps the count
 * odd) is the one never closed. */
static void test_unclosed_quote(void **state)
{
	static const char t1[] = "step,loss\n1,2.5\n2,2.25\n3,\"2.0\n4,1.75\n";
	static const char t2[] = "\"step\",\"loss\"\n1,2.5\n2,\"2.\n\"\n"
	                         "3,\"x\"\"y\n4,1.0\n";
	loaded L;
	(void)state;
	load_mem(&dt_imp_csv, "mem.csv", t1, sizeof t1 - 1, &L);
	assert_int_equal(L.rc, -1);
	assert_string_equal(L.err, "mem.csv:4: quoted cell opened here is "
	                    "never closed");
	unload(&L);
	load_mem(&dt_imp_csv, "two.csv", t2, sizeof t2 - 1, &L);
	assert_int_equal(L.rc, -1);
	assert_string_equal(L.err, "two.csv:5: quoted cell opened here is "
	                    "never closed");
	unload(&L);
}

static void test_no_step_column(void **state)
{
	static const char text[] = "loss,lr\n2.0,0.1\n";
	loaded L;
	(void)state;
	load_mem(&dt_imp_csv, "nostep.csv", text, sizeof text - 1, &L);
	assert_int_equal(L.rc, -1);
	assert_non_null(strstr(L.err, "nostep.csv:1: no step column"));
	assert_non_null(strstr(L.err, "global_step"));
	assert_non_null(strstr(L.err, "found: loss,lr"));
	unload(&L);
}

/* A log that is not a CSV (a torch-neuronx LOG line, its commas inside
 * the "(epoch, step)" pair) forced through the CSV importer: the error
 * quotes line 1 as the file has it, "(0, 78)" whole; it was cut per
 * column and joined ("- (..., 78)": a "..." the file never held). A line
 * over 100 bytes is cut on a character boundary with one mark at its end:
 * below, bytes 0..98 are ASCII and "é" takes bytes 99..100, so 99 bytes
 * are kept; the escape byte reads '?'; the tab one blank. */
static void test_no_step_column_quotes_line(void **state)
{
	static const char t1[] = "LOG Thu Sep 29 22:30:10 2022 - (0, 78) "
	                         "step_loss : 9.1875\n"
	                         "LOG Thu Sep 29 22:30:16 2022 - (0, 79) "
	                         "step_loss : 8.9375\n";
	static const char t2[] = "\x1b[1mLOG - (0, 78)\tstep_loss : 9.1875  "
	                         "learning_rate : 1.56e-05  throughput : "
	                         "2873.14 xxxxxxxxxxxxxx\xc3\xa9tail\n";
	loaded L;
	(void)state;
	load_mem(&dt_imp_csv, "neuron.log", t1, sizeof t1 - 1, &L);
	assert_int_equal(L.rc, -1);
	const char *f = strstr(L.err, "; found: ");
	assert_non_null(f);
	assert_string_equal(f, "; found: LOG Thu Sep 29 22:30:10 2022 - (0, 78) "
	                    "step_loss : 9.1875");
	assert_non_null(strstr(L.err, "neuron.log:1: no step column"));
	unload(&L);

	assert_int_equal(strchr(t2, '\xc3') - t2, 99);
	load_mem(&dt_imp_csv, "long.log", t2, sizeof t2 - 1, &L);
	assert_int_equal(L.rc, -1);
	f = strstr(L.err, "; found: ");
	assert_non_null(f);
	assert_string_equal(f, "; found: ?[1mLOG - (0, 78) step_loss : 9.1875  "
	                    "learning_rate : 1.56e-05  throughput : 2873.14 "
	                    "xxxxxxxxxxxxxx\u2026");
	unload(&L);
}

/* Float steps, global_step when no "step", an empty step cell (row
 * skipped with a warning), a header-only file. */
static void test_small_cases(void **state)
{
	static const char t1[] = "global_step,train/loss\n1.0,2\n,3\n2,1\n";
	loaded L;
	(void)state;
	load_mem(&dt_imp_csv, "t1.csv", t1, sizeof t1 - 1, &L);
	assert_int_equal(L.rc, 0);
	const int64_t s1[] = {1, 2};
	const double v1[] = {2, 1};
	expect_points(&L.log, "loss", N(s1), s1, v1);
	expect_warning(&L.log, "t1.csv:3: 1 row(s) with values but an empty step");
	unload(&L);

	static const char t2[] = "step,loss\r\n";
	load_mem(&dt_imp_csv, "t2.csv", t2, sizeof t2 - 1, &L);
	assert_int_equal(L.rc, 0);
	assert_int_equal(L.log.nseries, 0);
	expect_warning(&L.log, "no training curve");
	unload(&L);

	load_mem(&dt_imp_csv, "empty.csv", "", 0, &L);
	assert_int_equal(L.rc, 0);
	assert_int_equal(L.log.nseries, 0);
	unload(&L);

	static const char t3[] = "step,loss\n1.5,2\n";
	load_mem(&dt_imp_csv, "t3.csv", t3, sizeof t3 - 1, &L);
	assert_int_equal(L.rc, -1);
	assert_non_null(strstr(L.err, "t3.csv:2: expected an integer step in "
	                              "column 'step', found '1.5'"));
	unload(&L);
}

/* The last line without a line end was cut while being written, even
 * with every field there: "3,0." (of "3,0.5") reads as a loss of 0,
 * "4,2.2,0.0" (of "4,2.2,0.001") as an lr of 0. Skipped with the
 * text-log importer's warning at its line (4, 5); the rows before kept:
 * loss 2.5, 2.4 at steps 1, 2; lr 0.001 at steps 1..3. A quoted last
 * row (libcsv's path, ended by csv_fini) is cut the same. A last line
 * with more fields than the header is still an error. */
static void test_cut_last_line(void **state)
{
	static const char t1[] = "step,loss\n1,2.5\n2,2.4\n3,0.";
	static const char t2[] = "step,loss,lr\r\n1,2.5,0.001\r\n2,2.4,0.001\r\n"
	                         "3,2.3,0.001\r\n4,2.2,0.0";
	static const char t3[] = "step,loss\n1,2.5\n\"2\",\"2.4\"";
	static const char t4[] = "step,loss\n1,2.5\n2,2.4,7";
	loaded L;
	(void)state;
	load_mem(&dt_imp_csv, "cut.csv", t1, sizeof t1 - 1, &L);
	assert_int_equal(L.rc, 0);
	const int64_t s1[] = {1, 2};
	const double v1[] = {2.5, 2.4};
	expect_points(&L.log, "loss", N(s1), s1, v1);
	assert_int_equal(L.log.nwarnings, 1);
	assert_string_equal(L.log.warnings[0], "cut.csv:4: last line truncated "
	                    "(no line end), skipped");
	unload(&L);

	load_mem(&dt_imp_csv, "lr.csv", t2, sizeof t2 - 1, &L);
	assert_int_equal(L.rc, 0);
	const int64_t s2[] = {1, 2, 3};
	const double v2[] = {0.001, 0.001, 0.001}, l2[] = {2.5, 2.4, 2.3};
	expect_points(&L.log, "lr", N(s2), s2, v2);
	expect_points(&L.log, "loss", N(s2), s2, l2);
	expect_warning(&L.log, "lr.csv:5: last line truncated (no line end), "
	               "skipped");
	unload(&L);

	load_mem(&dt_imp_csv, "q.csv", t3, sizeof t3 - 1, &L);
	assert_int_equal(L.rc, 0);
	const int64_t s3[] = {1};
	const double v3[] = {2.5};
	expect_points(&L.log, "loss", N(s3), s3, v3);
	expect_warning(&L.log, "q.csv:3: last line truncated (no line end), "
	               "skipped");
	unload(&L);

	load_mem(&dt_imp_csv, "long.csv", t4, sizeof t4 - 1, &L);
	assert_int_equal(L.rc, -1);
	assert_string_equal(L.err, "long.csv:3: expected 2 fields (as the "
	                    "header), found 3");
	unload(&L);
}

static void test_detect(void **state)
{
	(void)state;
	const char *a = "epoch,step,train_loss_step\r\n0,49,7.6\r\n";
	const char *b = "Wall time,Step,Value\n1.0,1,2.0\n";
	const char *c = "\xEF\xBB\xBF\"Step\",\"r - train/loss\"\n";
	const char *d = "{\"step\": 1, \"loss\": 2}\n";
	const char *e = "time,loss\n1,2\n";
	assert_true(dt_imp_csv.detect("metrics.csv", a, strlen(a)) >= 80);
	assert_true(dt_imp_csv.detect("x.csv", b, strlen(b)) >= 80);
	assert_true(dt_imp_csv.detect("export", c, strlen(c)) >= 80);
	assert_int_equal(dt_imp_csv.detect("log.jsonl", d, strlen(d)), 0);
	assert_int_equal(dt_imp_csv.detect("notes.txt", e, strlen(e)), 0);
	assert_int_equal(dt_imp_csv.detect("x.csv", "", 0), 0);
}

/* Lightning corpus files (figures checked with python3 csv.DictReader;
 * every step is the file's 0-based step + 1: 49 -> 50, 140699 -> 140700,
 * validation at 14073 -> 14074, resume 140749 -> 140750). */
static void test_corpus_lightning(void **state)
{
	char path[1024];
	loaded L;
	(void)state;
	corpus_path("lightning_csv/slm-gpt_version_0_epochs0-9_metrics.csv",
	            path, sizeof path);
	load_path(&dt_imp_csv, path, &L);
	assert_int_equal(L.rc, 0);
	assert_int_equal(L.log.nseries, 10);
	expect_span(&L.log, "loss", 2814, 50, 140700, 7.628580570220947,
	            3.565943479537964);
	expect_span(&L.log, "eval_loss", 10, 14074, 140740, 4.132571697235107,
	            3.570486068725586);
	expect_span(&L.log, "train_loss_epoch", 10, 14074, 140740,
	            4.776971817016602, 3.687237024307251);
	expect_span(&L.log, "epoch", 2834, 50, 140740, 0, 9);
	assert_int_equal(L.log.nwarnings, 0);
	assert_int_equal(L.log.nnotes, 1);
	expect_note(&L.log, "its step is 0-based; stored as step + 1");
	assert_int_equal(dt_rawlog_find(&L.log, "loss")->nmarks, 0);
	unload(&L);

	corpus_path("lightning_csv/slm-gpt_version_5_resumed_epochs10-13_metrics.csv",
	            path, sizeof path);
	load_path(&dt_imp_csv, path, &L);
	assert_int_equal(L.rc, 0);
	expect_span(&L.log, "loss", 1126, 140750, 197000, 3.708270311355591,
	            3.913863182067871);
	expect_span(&L.log, "eval_loss", 4, 154814, 197036, 3.5629003047943115,
	            3.604208469390869);
	expect_span(&L.log, "epoch", 1134, 140750, 197036, 10, 13);
	unload(&L);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bom_crlf_quoted),
		cmocka_unit_test(test_repeated_header),
		cmocka_unit_test(test_wandb_export),
		cmocka_unit_test(test_tensorboard_export),
		cmocka_unit_test(test_lightning_rows),
		cmocka_unit_test(test_bad_number),
		cmocka_unit_test(test_bad_number_excerpt),
		cmocka_unit_test(test_unclosed_quote),
		cmocka_unit_test(test_no_step_column),
		cmocka_unit_test(test_no_step_column_quotes_line),
		cmocka_unit_test(test_small_cases),
		cmocka_unit_test(test_cut_last_line),
		cmocka_unit_test(test_detect),
		cmocka_unit_test(test_corpus_lightning),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
