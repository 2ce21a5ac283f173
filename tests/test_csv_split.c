/* test_csv_split.c: a CSV parse split across two threads (csv_split.h)
 * gives exactly what one thread gives. Every CSV fixture and the texts
 * below are parsed once on one thread, then once with the split forced
 * at every byte offset (so at every line start: rows straddling the
 * asked offset, CRLF, a last line without newline, a quoted cell whose
 * lines look like rows, a repeated header on either side, a bad cell on
 * either side); return code, error text (file and line), every point bit
 * for bit, marks, warnings with their lines and launch evidence must be
 * equal (rawlog_same.h). Where the second thread's rows must be kept,
 * their count is checked against the text, so a split that silently fell
 * back to one thread fails. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "importers/csv_split.h"
#include "importers/importer.h"

#include "rawlog_same.h"

typedef struct parsed_csv {
	dt_rawlog log;
	char err[512];
	int rc;
	size_t split_rows;
} parsed_csv;

static void parse_text(const char *name, const char *text, size_t len,
                       int mode, size_t at, parsed_csv *out)
{
	dt_source src = {.path = name, .name = name, .data = text, .len = len};
	dt_import_opts opts = {0};
	memset(out, 0, sizeof *out);
	dt_rawlog_init(&out->log);
	dt_csv_split_set(mode, at);
	out->rc = dt_imp_csv.parse(&src, &opts, &out->log, out->err,
	                           sizeof out->err);
	out->split_rows = dt_csv_split_rows();
	dt_csv_split_set(DT_CSV_SPLIT_NEVER, 0);
}

/* One thread, then split at every offset: all equal. Returns the
 * one-thread parse (free its log) and sets *taken to the number of
 * offsets whose second-half rows were kept. */
static void same_at_every_offset(const char *name, const char *text,
                                 size_t len, parsed_csv *one, size_t *taken)
{
	parse_text(name, text, len, DT_CSV_SPLIT_NEVER, 0, one);
	assert_int_equal(one->split_rows, 0);
	*taken = 0;
	for (size_t at = 1; at <= len; at++) {
		parsed_csv two;
		parse_text(name, text, len, DT_CSV_SPLIT_ALWAYS, at, &two);
		if (two.rc != one->rc || strcmp(two.err, one->err) != 0)
			fail_msg("%s split at %zu: rc %d '%s', one thread rc %d '%s'",
			         name, at, two.rc, two.err, one->rc, one->err);
		if (one->rc == 0)
			same_log(&two.log, &one->log, name);
		*taken += two.split_rows > 0;
		dt_rawlog_free(&two.log);
	}
}

/* Offset of the first occurrence of `needle` in text (it must be there). */
static size_t at_of(const char *text, const char *needle)
{
	const char *p = strstr(text, needle);
	assert_non_null(p);
	return (size_t)(p - text);
}

static void expect_split_rows(const char *name, const char *text,
                              const char *line, size_t rows)
{
	parsed_csv two;
	parse_text(name, text, strlen(text), DT_CSV_SPLIT_ALWAYS,
	           at_of(text, line), &two);
	if (two.split_rows != rows)
		fail_msg("%s split at '%.12s': second thread kept %zu rows, "
		         "expected %zu", name, line, two.split_rows, rows);
	dt_rawlog_free(&two.log);
}

/* CRLF, empty cells, a row without a step, nan and inf, a metric first
 * seen late (grad_norm, created last), no newline at the end: that last
 * line (7) was cut while being written, skipped with a warning. Read off
 * the text: loss at steps 1..4 = 2.5, 2.25, nan, inf (the stepless row
 * at line 4 is skipped with a warning); lr 1, 2, 3; grad_norm 4. */
static const char crlf_text[] =
	"step,loss,lr,grad_norm\r\n"
	"1,2.5,0.001,\r\n"
	"2,2.25,0.002,\r\n"
	",1.0,,\r\n"
	"3,nan,0.003,\r\n"
	"4,inf,,0.5\r\n"
	"5,2.0,0.004,0.25";

static void test_crlf_sparse_no_newline(void **state)
{
	(void)state;
	parsed_csv one;
	size_t taken;
	same_at_every_offset("crlf.csv", crlf_text, strlen(crlf_text), &one,
	                     &taken);
	assert_int_equal(one.rc, 0);
	assert_int_equal(one.log.nseries, 3);
	assert_string_equal(one.log.series[2].metric, "grad_norm");
	assert_int_equal(one.log.series[0].n, 4);
	assert_int_equal(one.log.series[1].n, 3);
	assert_int_equal(one.log.series[2].n, 1);
	assert_int_equal(one.log.nwarnings, 2);
	assert_string_equal(one.log.warnings[0], "crlf.csv:7: last line "
	                    "truncated (no line end), skipped");
	assert_non_null(strstr(one.log.warnings[1], "crlf.csv:4: 1 row(s) with "
	                       "values but an empty step cell skipped"));
	dt_rawlog_free(&one.log);
	/* an offset up to the start of the last whole line splits at a line
	 * start after the first data row (the first at or after it); the
	 * cut last line is given back to the first thread */
	assert_int_equal(taken, at_of(crlf_text, "4,inf"));
	/* the second thread takes the rows from the split line to the cut one */
	expect_split_rows("crlf.csv", crlf_text, ",1.0,,", 3);
	expect_split_rows("crlf.csv", crlf_text, "4,inf", 1);
	expect_split_rows("crlf.csv", crlf_text, "5,2.0", 0);
}

/* A last line cut with every field there ("4,2.2,0.0" of "4,2.2,0.001")
 * under a split at line 3: the second thread keeps rows 2 and 3 (lines
 * 3, 4) and leaves line 5; it is skipped with its line named, as on one
 * thread. Read off the text: loss 2.5, 2.4, 2.3 and lr 0.001 at steps
 * 1..3, no step 4. */
static void test_cut_last_line_split(void **state)
{
	static const char text[] = "step,loss,lr\n1,2.5,0.001\n2,2.4,0.001\n"
	                           "3,2.3,0.001\n4,2.2,0.0";
	(void)state;
	parsed_csv two;
	parse_text("cut.csv", text, strlen(text), DT_CSV_SPLIT_ALWAYS,
	           at_of(text, "2,2.4"), &two);
	assert_int_equal(two.rc, 0);
	assert_int_equal(two.split_rows, 2);
	assert_int_equal(two.log.nseries, 2);
	const dt_rawseries *loss = dt_rawlog_find(&two.log, "loss");
	const dt_rawseries *lr = dt_rawlog_find(&two.log, "lr");
	assert_non_null(loss);
	assert_non_null(lr);
	assert_int_equal(loss->n, 3);
	assert_int_equal(lr->n, 3);
	static const double lv[] = {2.5, 2.4, 2.3};
	for (size_t i = 0; i < 3; i++) {
		assert_int_equal(loss->step[i], (int64_t)i + 1);
		assert_int_equal(lr->step[i], (int64_t)i + 1);
		assert_true(loss->value[i] == lv[i]);
		assert_true(lr->value[i] == 0.001);
	}
	assert_int_equal(two.log.nwarnings, 1);
	assert_string_equal(two.log.warnings[0], "cut.csv:5: last line "
	                    "truncated (no line end), skipped");
	dt_rawlog_free(&two.log);
	parsed_csv one;
	size_t taken;
	same_at_every_offset("cut.csv", text, strlen(text), &one, &taken);
	assert_int_equal(taken, at_of(text, "3,2.3"));
	dt_rawlog_free(&one.log);
}

/* A quoted cell (an ignored column) spans lines 3..6, and its inner
 * lines look like rows: a split inside it must not take them. loss:
 * steps 1, 2, 5, 6 = 2.5, 2.4, 2.3, 2.2. */
static const char quoted_text[] =
	"step,loss,_timestamp\n"
	"1,2.5,x\n"
	"2,2.4,\"a\n"
	"3,9.9,\n"
	"4,9.8,\n"
	"b\"\n"
	"5,2.3,\n"
	"6,2.2,\n";

static void test_quoted_newlines(void **state)
{
	(void)state;
	parsed_csv one;
	size_t taken;
	same_at_every_offset("quoted.csv", quoted_text, strlen(quoted_text),
	                     &one, &taken);
	assert_int_equal(one.rc, 0);
	const dt_rawseries *s = dt_rawlog_find(&one.log, "loss");
	assert_non_null(s);
	assert_int_equal(s->n, 4);
	assert_int_equal(s->step[2], 5);
	assert_true(s->value[3] == 2.2);
	dt_rawlog_free(&one.log);
	assert_true(taken > 0);
	/* inside the quoted cell: dropped; after it: kept */
	expect_split_rows("quoted.csv", quoted_text, "3,9.9", 0);
	expect_split_rows("quoted.csv", quoted_text, "4,9.8", 0);
	expect_split_rows("quoted.csv", quoted_text, "5,2.3", 2);
}

/* A bad cell at line 4: the same error, naming line 4, wherever the
 * split; the second thread stops at it and the first reports it. */
static const char bad_text[] =
	"step,loss\n"
	"1,2.5\n"
	"2,2.4\n"
	"3,abc\n"
	"4,2.2\n";

static void test_error_line(void **state)
{
	(void)state;
	parsed_csv one;
	size_t taken;
	same_at_every_offset("bad.csv", bad_text, strlen(bad_text), &one, &taken);
	assert_int_equal(one.rc, -1);
	assert_string_equal(one.err, "bad.csv:4: expected a number in column "
	                    "'loss', found 'abc'");
	dt_rawlog_free(&one.log);
}

/* A header repeated at line 4 (a new launch, a new column): a split
 * before it leaves it to the first thread (the second stops there), a
 * split after it runs with the new column map. loss: 1, 2 then 1, 2, 3
 * (mark at 2); lr only in launch 2 (mark padded at 0). */
static const char header_text[] =
	"step,loss\n"
	"1,2.5\n"
	"2,2.4\n"
	"step,loss,lr\n"
	"1,2.6,0.1\n"
	"2,2.5,0.2\n"
	"3,2.4,0.3\n";

static void test_repeated_header(void **state)
{
	(void)state;
	parsed_csv one;
	size_t taken;
	same_at_every_offset("hdr.csv", header_text, strlen(header_text), &one,
	                     &taken);
	assert_int_equal(one.rc, 0);
	const dt_rawseries *s = dt_rawlog_find(&one.log, "loss");
	assert_int_equal(s->n, 5);
	assert_int_equal(s->nmarks, 1);
	assert_int_equal(s->marks[0], 2);
	assert_int_equal(one.log.nlaunch_ev, 1);
	assert_int_equal(one.log.launch_ev[0].line, 4);
	dt_rawlog_free(&one.log);
	/* split before the header: the second thread takes line 3 and stops
	 * at the header, which the first thread reads as line 4 */
	expect_split_rows("hdr.csv", header_text, "2,2.4", 1);
	/* split after it: the first half holds the header, so the second
	 * thread's column map (copied at the first data row) is stale */
	expect_split_rows("hdr.csv", header_text, "2,2.5", 0);
}

/* A header repeated in the first half with its columns moved (lr first)
 * while the second thread still writes its long half: the first thread
 * must stop the second before its series of the old map are grown (a
 * realloc of the shared arrays under the second thread's writes was a
 * heap use-after-free, found by fuzz_csv with DUALTRACK_CSV_SPLIT=1;
 * ASan fails this test without the fix). The second half's 30000 rows
 * "i,i,2.25" are numbers under either map, so it runs on; its points
 * are dropped (its map is stale) and the first thread reads them under
 * the new map, as one thread does: both parses equal, bit for bit. */
static void test_header_remap_long_half(void **state)
{
	(void)state;
	const size_t rows = 30000;
	size_t cap = rows * 24 + 128, len = 0;
	char *text = malloc(cap);
	assert_non_null(text);
	len += (size_t)snprintf(text, cap, "step,loss,lr\n1,2.5,0.1\n"
	                        "lr,step,loss\n0.2,2,2.4\n");
	size_t mid = len;
	for (size_t i = 3; i < 3 + rows; i++)
		len += (size_t)snprintf(text + len, cap - len, "%zu,%zu,2.25\n",
		                        i, i);
	parsed_csv one, two;
	parse_text("remap.csv", text, len, DT_CSV_SPLIT_NEVER, 0, &one);
	for (int k = 0; k < 8; k++) {
		parse_text("remap.csv", text, len, DT_CSV_SPLIT_ALWAYS, mid, &two);
		assert_int_equal(two.rc, one.rc);
		assert_string_equal(two.err, one.err);
		assert_int_equal(two.split_rows, 0);
		same_log(&two.log, &one.log, "remap.csv");
		dt_rawlog_free(&two.log);
	}
	/* read off the text: step 1 (loss 2.5, lr 0.1), then under the new
	 * map step 2 (loss 2.4, lr 0.2) and steps 3..30002 (loss 2.25, lr =
	 * the step) */
	assert_int_equal(one.rc, 0);
	const dt_rawseries *loss = dt_rawlog_find(&one.log, "loss");
	const dt_rawseries *lr = dt_rawlog_find(&one.log, "lr");
	assert_non_null(loss);
	assert_non_null(lr);
	assert_int_equal(loss->n, rows + 2);
	assert_int_equal(lr->n, rows + 2);
	assert_true(loss->value[1] == 2.4 && loss->value[rows + 1] == 2.25);
	assert_int_equal(loss->step[rows + 1], (int64_t)rows + 2);
	assert_true(lr->value[rows + 1] == (double)rows + 2);
	dt_rawlog_free(&one.log);
	free(text);
}

/* Blank lines: the second thread counts the first half's lines to place
 * its points, in room bounded by the first half's bytes / (columns + 1)
 * (dt_csv_half_room). Split at "2,2.25": with one blank line the first
 * half is 2 lines in 7 bytes (bound 7 / 3 + 1 = 3), so the second
 * thread keeps its 2 rows; with ten, 11 lines in 14 bytes (bound 5): it
 * gives them back (none kept) and the first thread reads them. Either
 * way the points are those of one thread, at every offset. */
static void blank_lines(const char *text, size_t kept)
{
	parsed_csv one;
	size_t taken;
	same_at_every_offset("blank.csv", text, strlen(text), &one, &taken);
	assert_int_equal(one.rc, 0);
	const dt_rawseries *s = dt_rawlog_find(&one.log, "loss");
	assert_int_equal(s->n, 3);
	assert_true(s->step[2] == 3 && s->value[2] == 2.0);
	dt_rawlog_free(&one.log);
	expect_split_rows("blank.csv", text, "2,2.25", kept);
}

static void test_blank_lines(void **state)
{
	(void)state;
	blank_lines("step,loss\n1,2.5\n\n2,2.25\n3,2.0\n", 2);
	blank_lines("step,loss\n1,2.5\n\n\n\n\n\n\n\n\n\n\n2,2.25\n3,2.0\n", 0);
}

/* Every CSV fixture, split at every offset. */
static int split_file(const char *name, const char *path, const char *data,
                      size_t len, void *ctx)
{
	parsed_csv one;
	size_t taken;
	(void)path;
	(void)ctx;
	same_at_every_offset(name, data, len, &one, &taken);
	dt_rawlog_free(&one.log);
	return 1;
}

static void test_fixtures(void **state)
{
	(void)state;
	assert_true(each_fixture("csv", split_file, NULL) >= 7);
}

/* A generated 40000-row file (about 1.2 MB) split in the middle: the
 * second thread keeps the rows after the middle line start; and the
 * automatic mode splits it on a machine with two CPUs. Row i (1-based,
 * line i + 1) is "i,<i/7>,<1e-4*(i%5)>,<i%3 ? i*0.5 : empty>". */
static void test_generated_middle(void **state)
{
	(void)state;
	const size_t rows = 40000;
	size_t cap = rows * 48 + 64, len = 0;
	char *text = malloc(cap);
	assert_non_null(text);
	len += (size_t)snprintf(text, cap, "step,loss,lr,grad_norm\n");
	for (size_t i = 1; i <= rows; i++) {
		if (i % 3)
			len += (size_t)snprintf(text + len, cap - len, "%zu,%.9g,%.3g,%.9g\n",
			                        i, (double)i / 7, 1e-4 * (double)(i % 5),
			                        (double)i * 0.5);
		else
			len += (size_t)snprintf(text + len, cap - len, "%zu,%.9g,%.3g,\n",
			                        i, (double)i / 7, 1e-4 * (double)(i % 5));
	}
	parsed_csv one, two;
	parse_text("gen.csv", text, len, DT_CSV_SPLIT_NEVER, 0, &one);
	parse_text("gen.csv", text, len, DT_CSV_SPLIT_ALWAYS, 0, &two);
	assert_int_equal(one.rc, 0);
	assert_int_equal(two.rc, 0);
	same_log(&two.log, &one.log, "gen.csv");
	/* the rows after the first line start at or after the middle of
	 * the data rows */
	size_t hdr = strlen("step,loss,lr,grad_norm\n");
	size_t mid = hdr + (len - hdr) / 2, after = 0;
	while (text[mid - 1] != '\n')
		mid++;
	for (size_t k = mid; k < len; k++)
		after += text[k] == '\n';
	assert_int_equal(two.split_rows, after);
	assert_int_equal(one.log.series[0].n, rows);
	assert_int_equal(one.log.series[2].n, rows - rows / 3);
	dt_rawlog_free(&two.log);
	if (len >= DT_CSV_SPLIT_MIN && sysconf(_SC_NPROCESSORS_ONLN) >= 2 &&
	    !getenv("DUALTRACK_CSV_SPLIT")) {
		parse_text("gen.csv", text, len, DT_CSV_SPLIT_AUTO, 0, &two);
		assert_int_equal(two.split_rows, after);
		same_log(&two.log, &one.log, "gen.csv");
		dt_rawlog_free(&two.log);
	}
	dt_rawlog_free(&one.log);
	free(text);
}

/* dt_csv_count_lines (the second half's offset in the shared arrays)
 * against a byte-by-byte count: every length 0..600 from every start
 * 0..17 (blocks of 16, the tail, unaligned loads), bytes 0..255 with
 * '\n' one in five; and 5000 newlines in a row (more than 255 blocks:
 * the lanes are summed before they wrap). */
static void test_count_lines(void **state)
{
	(void)state;
	static char buf[640];
	srand(7);
	for (size_t i = 0; i < sizeof buf; i++)
		buf[i] = rand() % 5 ? (char)(rand() % 256) : '\n';
	for (size_t from = 0; from < 18; from++)
		for (size_t n = 0; from + n <= 600; n++) {
			size_t want = 0;
			for (size_t i = from; i < from + n; i++)
				want += buf[i] == '\n';
			assert_int_equal(dt_csv_count_lines(buf + from, n), want);
		}
	char *nl = malloc(5000);
	assert_non_null(nl);
	memset(nl, '\n', 5000);
	assert_int_equal(dt_csv_count_lines(nl, 5000), 5000);
	assert_int_equal(dt_csv_count_lines(nl + 3, 4093), 4093);
	free(nl);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crlf_sparse_no_newline),
		cmocka_unit_test(test_cut_last_line_split),
		cmocka_unit_test(test_quoted_newlines),
		cmocka_unit_test(test_error_line),
		cmocka_unit_test(test_repeated_header),
		cmocka_unit_test(test_header_remap_long_half),
		cmocka_unit_test(test_blank_lines),
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_generated_middle),
		cmocka_unit_test(test_count_lines),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
