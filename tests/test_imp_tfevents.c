/* test_imp_tfevents.c: CRC-32C, the protobuf wire reader, TFRecord
 * framing and the TensorBoard importer (importers/imp_tfevents.c) on event
 * files built here byte by byte, and on the shared corpus. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "importers/crc32c.h"
#include "importers/pbwire.h"
#include "importers/tfevents.h"
#include "importers/tfrecord.h"
#include "imp_test.h"

/* ---- a tiny protobuf / TFRecord writer for the fixtures ---- */
typedef struct buf {
	uint8_t b[4096];
	size_t n;
} buf;

static void put(buf *o, const void *p, size_t n)
{
	assert_true(o->n + n <= sizeof o->b);
	memcpy(o->b + o->n, p, n);
	o->n += n;
}

static void put_varint(buf *o, uint64_t v)
{
	do {
		uint8_t c = (uint8_t)(v & 0x7F);
		v >>= 7;
		if (v)
			c |= 0x80;
		put(o, &c, 1);
	} while (v);
}

static void put_le(buf *o, uint64_t v, int bytes)
{
	for (int i = 0; i < bytes; i++) {
		uint8_t c = (uint8_t)(v >> (8 * i));
		put(o, &c, 1);
	}
}

static void f_len(buf *o, uint32_t num, const void *p, size_t n)
{
	put_varint(o, (uint64_t)num << 3 | DT_PB_LEN);
	put_varint(o, n);
	put(o, p, n);
}

static void f_double(buf *o, uint32_t num, double d)
{
	uint64_t bits;
	memcpy(&bits, &d, 8);
	put_varint(o, (uint64_t)num << 3 | DT_PB_I64);
	put_le(o, bits, 8);
}

static void f_float(buf *o, uint32_t num, float f)
{
	uint32_t bits;
	memcpy(&bits, &f, 4);
	put_varint(o, (uint64_t)num << 3 | DT_PB_I32);
	put_le(o, bits, 4);
}

static void f_varint(buf *o, uint32_t num, uint64_t v)
{
	put_varint(o, (uint64_t)num << 3 | DT_PB_VARINT);
	put_varint(o, v);
}

/* Event{wall_time, step, summary{value{tag, <value>}}}; `value` is the
 * already-encoded Summary.Value body after the tag. */
static void event(buf *file, double wall, int64_t step, const char *tag,
                  const buf *value)
{
	buf v = {0}, sum = {0}, ev = {0};
	f_len(&v, 1, tag, strlen(tag));
	put(&v, value->b, value->n);
	f_len(&sum, 1, v.b, v.n);
	f_double(&ev, 1, wall);
	f_varint(&ev, 2, (uint64_t)step);
	f_len(&ev, 5, sum.b, sum.n);
	uint8_t len8[8];
	for (int i = 0; i < 8; i++)
		len8[i] = (uint8_t)((uint64_t)ev.n >> (8 * i));
	put(file, len8, 8);
	put_le(file, dt_crc32c_mask(dt_crc32c(len8, 8)), 4);
	put(file, ev.b, ev.n);
	put_le(file, dt_crc32c_mask(dt_crc32c(ev.b, ev.n)), 4);
}

static void simple(buf *v, float x)
{
	memset(v, 0, sizeof *v);
	f_float(v, 2, x);
}

/* The fixture: 5 records (below); offsets[i] = byte offset of record i,
 * offsets[5] = file length. */
static size_t offsets[6];

static void build(buf *file)
{
	buf v, t;
	memset(file, 0, sizeof *file);
	/* record 0: step 1, train/loss simple_value 2.5 */
	offsets[0] = file->n;
	simple(&v, 2.5f);
	event(file, 100.0, 1, "train/loss", &v);
	/* record 1: step 1, train/learning_rate simple_value 0.5 */
	offsets[1] = file->n;
	simple(&v, 0.5f);
	event(file, 100.5, 1, "train/learning_rate", &v);
	/* record 2: step 2, train/loss as tensor{dtype DT_FLOAT, float_val
	 * packed [2.25]} */
	offsets[2] = file->n;
	memset(&t, 0, sizeof t);
	f_varint(&t, 1, 1);
	uint8_t f4[4];
	float x = 2.25f;
	memcpy(f4, &x, 4);
	f_len(&t, 5, f4, 4);
	memset(&v, 0, sizeof v);
	f_len(&v, 8, t.b, t.n);
	event(file, 101.0, 2, "train/loss", &v);
	/* record 3: step 3, reduced_train_loss tensor{dtype DT_DOUBLE,
	 * tensor_content 8 bytes = 9.0} */
	offsets[3] = file->n;
	memset(&t, 0, sizeof t);
	f_varint(&t, 1, 2);
	double d = 9.0;
	uint8_t d8[8];
	memcpy(d8, &d, 8);
	f_len(&t, 4, d8, 8);
	memset(&v, 0, sizeof v);
	f_len(&v, 8, t.b, t.n);
	event(file, 102.0, 3, "reduced_train_loss", &v);
	/* record 4: step 0, args/text_summary tensor{string_val JSON} */
	offsets[4] = file->n;
	const char *args = "{\"gradient_accumulation_steps\": 8, "
	                   "\"logging_steps\": 10, \"output_dir\": \"x\"}";
	memset(&t, 0, sizeof t);
	f_varint(&t, 1, 7);
	f_len(&t, 8, args, strlen(args));
	memset(&v, 0, sizeof v);
	f_len(&v, 8, t.b, t.n);
	event(file, 103.0, 0, "args/text_summary", &v);
	offsets[5] = file->n;
}

/* ---- tests ---- */

/* RFC 3720 B.4 check values; the mask of 0 is the mask constant. */
static void test_crc32c(void **state)
{
	(void)state;
	uint8_t zeros[32] = {0};
	assert_int_equal(dt_crc32c("123456789", 9), 0xE3069283u);
	assert_int_equal(dt_crc32c(zeros, 32), 0x8A9136AAu);
	assert_int_equal(dt_crc32c_mask(0), 0xa282ead8u);
	/* 1 rotated right by 15 = 1 << 17 = 0x20000; + 0xa282ead8 */
	assert_int_equal(dt_crc32c_mask(1), 0xa284ead8u);
	/* the table path gives the same values */
	assert_int_equal(dt_crc32c_sw("123456789", 9), 0xE3069283u);
	assert_int_equal(dt_crc32c_sw(zeros, 32), 0x8A9136AAu);
}

/* Hardware and table CRC agree on every length 0..300 and every start
 * offset 0..7 (the 8-byte loop, its tail and unaligned starts). */
static void test_crc32c_paths(void **state)
{
	(void)state;
	uint8_t data[310];
	uint32_t x = 2463534242u;
	for (size_t i = 0; i < sizeof data; i++) {
		x ^= x << 13; x ^= x >> 17; x ^= x << 5;
		data[i] = (uint8_t)x;
	}
	for (size_t off = 0; off < 8; off++)
		for (size_t n = 0; n <= 300; n++)
			assert_int_equal(dt_crc32c(data + off, n),
			                 dt_crc32c_sw(data + off, n));
	print_message("crc32c: %s\n", dt_crc32c_hardware() ? "SSE4.2 crc32"
	                                                     : "table");
}

static void test_pbwire(void **state)
{
	(void)state;
	/* field 1 varint 300 (0xAC 0x02), field 2 LEN "hi", field 3 I32 */
	const uint8_t m[] = {0x08, 0xAC, 0x02, 0x12, 0x02, 'h', 'i',
	                     0x1D, 0x00, 0x00, 0x80, 0x3F};
	dt_pb r = dt_pb_reader(m, sizeof m);
	dt_pbfield f;
	assert_int_equal(dt_pb_next(&r, &f), 1);
	assert_int_equal(f.num, 1);
	assert_int_equal(f.v, 300);
	assert_int_equal(dt_pb_next(&r, &f), 1);
	assert_int_equal(f.wire, DT_PB_LEN);
	assert_int_equal(f.len, 2);
	assert_memory_equal(f.data, "hi", 2);
	assert_int_equal(dt_pb_next(&r, &f), 1);
	assert_true(dt_pb_float(&f) == 1.0f); /* 0x3F800000 */
	assert_int_equal(dt_pb_next(&r, &f), 0);
	/* truncated LEN payload, field number 0, group wire type 3 */
	const uint8_t t1[] = {0x12, 0x05, 'a'}, t2[] = {0x00, 0x01},
	              t3[] = {0x0B};
	r = dt_pb_reader(t1, sizeof t1);
	assert_int_equal(dt_pb_next(&r, &f), -1);
	r = dt_pb_reader(t2, sizeof t2);
	assert_int_equal(dt_pb_next(&r, &f), -1);
	r = dt_pb_reader(t3, sizeof t3);
	assert_int_equal(dt_pb_next(&r, &f), -1);
	/* an 11-byte varint is malformed */
	const uint8_t t4[] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	                      0xFF, 0xFF, 0x01};
	const uint8_t *p = t4;
	uint64_t v;
	assert_int_equal(dt_pb_varint(&p, t4 + sizeof t4, &v), -1);
}

/* The 5-record fixture: loss from train/loss (rule's first tag) at steps
 * 1 and 2 (simple_value 2.5, packed float tensor 2.25); lr 0.5 at 1;
 * reduced_train_loss (canonical "loss" taken) kept under its own name,
 * 9.0 at 3 from tensor_content; args JSON -> facts. */
static void test_fixture(void **state)
{
	(void)state;
	buf file;
	build(&file);
	dt_rawlog log;
	char err[512];
	assert_int_equal(it_parse_mem(&dt_imp_tfevents, "events.out.tfevents.1",
	                              file.b, file.n, NULL, &log, err,
	                              sizeof err), 0);
	const dt_rawseries *s = it_series(&log, "loss");
	assert_int_equal(s->n, 2);
	assert_int_equal(s->step[0], 1);
	assert_true(s->value[0] == 2.5);
	assert_int_equal(s->step[1], 2);
	assert_true(s->value[1] == 2.25);
	s = it_series(&log, "lr");
	assert_int_equal(s->n, 1);
	assert_true(s->value[0] == 0.5);
	s = it_series(&log, "reduced_train_loss");
	assert_int_equal(s->n, 1);
	assert_int_equal(s->step[0], 3);
	assert_true(s->value[0] == 9.0);
	assert_int_equal(log.nseries, 3);
	it_fact(&log, "hf.gradient_accumulation_steps", "8");
	it_fact(&log, "hf.logging_steps", "10");
	assert_true(it_has_note(&log, "tag 'train/loss' is the loss"));
	dt_rawlog_free(&log);

	/* --loss-tag reduced_train_loss: loss = [(3, 9.0)]; train/loss keeps
	 * its own name */
	dt_import_opts o = {0, 0, 0, "reduced_train_loss", 0};
	assert_int_equal(it_parse_mem(&dt_imp_tfevents, "e", file.b, file.n,
	                              &o, &log, err, sizeof err), 0);
	it_range(&log, "loss", 1, 3, 3);
	it_range(&log, "train/loss", 2, 1, 2);
	assert_true(it_has_note(&log, "(--loss-tag)"));
	dt_rawlog_free(&log);

	/* --loss-tag naming no tag: no loss, a warning */
	o.loss_tag = "nope";
	assert_int_equal(it_parse_mem(&dt_imp_tfevents, "e", file.b, file.n,
	                              &o, &log, err, sizeof err), 0);
	assert_null(dt_rawlog_find(&log, "loss"));
	assert_true(it_has_warning(&log, "--loss-tag 'nope' not found"));
	dt_rawlog_free(&log);
}

/* A followed event file fed in two steps (importer.h), the end-of-file
 * step between them (it moves the loss series first), a new tag in the
 * second step: every point still goes to its tag's series (the tag
 * cache is checked at each use, never trusted across an update).
 * Step 1: lr 0.5 then loss 2.5 at step 1 (series: lr, loss; after the
 * end step: loss, lr). Step 2: lr 0.25, loss 2.0 at step 2, grad_norm
 * 1.0 at step 3. Expected by hand: loss (1, 2.5) (2, 2.0); lr (1, 0.5)
 * (2, 0.25); grad_norm (3, 1.0). */
static void test_steps_after_end(void **state)
{
	(void)state;
	buf file, v;
	memset(&file, 0, sizeof file);
	simple(&v, 0.5f);
	event(&file, 100.0, 1, "train/learning_rate", &v);
	simple(&v, 2.5f);
	event(&file, 100.0, 1, "train/loss", &v);
	size_t mid = file.n;
	simple(&v, 0.25f);
	event(&file, 101.0, 2, "train/learning_rate", &v);
	simple(&v, 2.0f);
	event(&file, 101.0, 2, "train/loss", &v);
	simple(&v, 1.0f);
	event(&file, 102.0, 3, "train/grad_norm", &v);
	dt_import_opts o = {0, 0, 0, NULL, 0};
	dt_rawlog log, scratch;
	char err[256];
	dt_rawlog_init(&log);
	dt_rawlog_init(&scratch);
	void *ps = dt_imp_tfevents.step_begin(&o, &log);
	assert_non_null(ps);
	dt_source src = {"e.tfevents", "e.tfevents", (const char *)file.b, mid,
	                 NULL};
	assert_int_equal(dt_imp_tfevents.step_feed(ps, &src, 0, err,
	                                           sizeof err), 0);
	assert_string_equal(log.series[0].metric, "lr");
	assert_int_equal(dt_imp_tfevents.step_end(ps, &src, &scratch, err,
	                                          sizeof err), 0);
	assert_string_equal(log.series[0].metric, "loss");
	src.len = file.n;
	assert_int_equal(dt_imp_tfevents.step_feed(ps, &src, mid, err,
	                                           sizeof err), 0);
	dt_imp_tfevents.step_free(ps);
	const dt_rawseries *s = it_series(&log, "loss");
	assert_int_equal(s->n, 2);
	assert_true(s->step[0] == 1 && s->value[0] == 2.5);
	assert_true(s->step[1] == 2 && s->value[1] == 2.0);
	s = it_series(&log, "lr");
	assert_int_equal(s->n, 2);
	assert_true(s->step[0] == 1 && s->value[0] == 0.5);
	assert_true(s->step[1] == 2 && s->value[1] == 0.25);
	s = it_series(&log, "grad_norm");
	assert_int_equal(s->n, 1);
	assert_true(s->step[0] == 3 && s->value[0] == 1.0);
	assert_int_equal(log.nseries, 3);
	dt_rawlog_free(&scratch);
	dt_rawlog_free(&log);
}

/* A flipped byte in record 2's data: data CRC mismatch at its offset;
 * records 0 and 1 kept (loss 1 point, lr 1 point), nothing after. */
static void test_bad_crc(void **state)
{
	(void)state;
	buf file;
	build(&file);
	file.b[offsets[2] + 14] ^= 0x40;
	dt_rawlog log;
	char err[512], want[160];
	assert_int_equal(it_parse_mem(&dt_imp_tfevents, "bad.tfevents", file.b,
	                              file.n, NULL, &log, err, sizeof err), 0);
	it_range(&log, "loss", 1, 1, 1);
	it_range(&log, "lr", 1, 1, 1);
	assert_null(dt_rawlog_find(&log, "reduced_train_loss"));
	snprintf(want, sizeof want, "byte %zu: TFRecord data CRC mismatch; "
	         "the 2 good record(s) before it kept", offsets[2]);
	assert_true(it_has_warning(&log, want));
	dt_rawlog_free(&log);

	/* a bad length CRC in the first record: not an event file at all */
	build(&file);
	file.b[9] ^= 1;
	assert_int_equal(it_parse_mem(&dt_imp_tfevents, "bad.tfevents", file.b,
	                              file.n, NULL, &log, err, sizeof err), -1);
	assert_non_null(strstr(err, "bad.tfevents: byte 0: not a TensorBoard "
	                            "event file (TFRecord length CRC mismatch)"));
	dt_rawlog_free(&log);
}

/* The last record cut 3 bytes short (a writer killed mid-record):
 * records 0-3 kept, warning at record 4's offset; no args facts. Cut to
 * 5 bytes into record 4: a truncated header. */
static void test_truncated(void **state)
{
	(void)state;
	buf file;
	build(&file);
	dt_rawlog log;
	char err[512], want[160];
	assert_int_equal(it_parse_mem(&dt_imp_tfevents, "t.tfevents", file.b,
	                              file.n - 3, NULL, &log, err, sizeof err), 0);
	it_range(&log, "loss", 2, 1, 2);
	it_range(&log, "reduced_train_loss", 1, 3, 3);
	assert_null(dt_rawlog_fact_get(&log, "hf.logging_steps"));
	snprintf(want, sizeof want, "byte %zu: TFRecord truncated data; the 4 "
	         "good record(s) before it kept, the rest (%zu bytes) ignored",
	         offsets[4], offsets[5] - 3 - offsets[4]);
	assert_true(it_has_warning(&log, want));
	dt_rawlog_free(&log);

	assert_int_equal(it_parse_mem(&dt_imp_tfevents, "t.tfevents", file.b,
	                              offsets[4] + 5, NULL, &log, err,
	                              sizeof err), 0);
	snprintf(want, sizeof want, "byte %zu: TFRecord truncated header",
	         offsets[4]);
	assert_true(it_has_warning(&log, want));
	dt_rawlog_free(&log);
}

static void test_detect_and_wall_time(void **state)
{
	(void)state;
	buf file;
	build(&file);
	const char *h = (const char *)file.b;
	assert_int_equal(dt_imp_tfevents.detect("events.out.tfevents.9", h,
	                                        file.n), 100);
	assert_int_equal(dt_imp_tfevents.detect("x.bin", h, file.n), 90);
	assert_int_equal(dt_imp_tfevents.detect("a.log", "step 1 loss 2\n", 14),
	                 0);
	int score;
	assert_ptr_equal(dt_importer_detect("x.bin", h, file.n, &score),
	                 &dt_imp_tfevents);
	double wall = 0;
	assert_int_equal(dt_tfevents_first_wall_time(file.b, file.n, &wall), 0);
	assert_true(wall == 100.0);
	assert_int_equal(dt_tfevents_first_wall_time(file.b, 5, &wall), -1);
}

/* Tag names are matched as shown (the code points a terminal hides
 * removed): the HF args JSON under "args/text_<U+200B>summary" still
 * gives its facts (no warning: a text tag names no metric); a --loss-tag
 * holding a zero-width space, "train/lo<U+200B>ss", finds the clean tag
 * train/loss (2.5 at step 1) and reduced_train_loss (9.0 at step 3)
 * keeps its name. Hidden characters in the tags themselves:
 * cli_import_hidden_tags.sh. */
static void test_tags_as_shown(void **state)
{
	(void)state;
	buf file, t, v;
	memset(&file, 0, sizeof file);
	simple(&v, 2.5f);
	event(&file, 100.0, 1, "train/loss", &v);
	simple(&v, 9.0f);
	event(&file, 100.0, 3, "reduced_train_loss", &v);
	const char *args = "{\"logging_steps\": 10}";
	memset(&t, 0, sizeof t);
	f_varint(&t, 1, 7);
	f_len(&t, 8, args, strlen(args));
	memset(&v, 0, sizeof v);
	f_len(&v, 8, t.b, t.n);
	event(&file, 101.0, 0, "args/text_\xe2\x80\x8bsummary", &v);
	dt_import_opts o = {0, 0, 0, "train/lo\xe2\x80\x8bss", 0};
	dt_rawlog log;
	char err[256];
	assert_int_equal(it_parse_mem(&dt_imp_tfevents, "e", file.b, file.n,
	                              &o, &log, err, sizeof err), 0);
	it_fact(&log, "hf.logging_steps", "10");
	it_range(&log, "loss", 1, 1, 1);
	assert_true(it_series(&log, "loss")->value[0] == 2.5);
	it_range(&log, "reduced_train_loss", 1, 3, 3);
	assert_true(it_has_note(&log, "tag 'train/loss' is the loss "
	                        "(--loss-tag)"));
	assert_int_equal(log.nwarnings, 0);
	dt_rawlog_free(&log);
}

/* Corpus (SOURCES.md; counts checked with a python3 protobuf walk):
 * train file 1729 records, train/loss 430 points 500..215000, train/epoch
 * 431 500..215337, 5 single end-of-training values at 215337; eval file:
 * 10 values at 215337, eval/loss -> eval_loss 1.633907675743103 (float32). */
static void test_corpus(void **state)
{
	(void)state;
	char path[1024], err[512];
	dt_rawlog log;
	const dt_importer *imp;
	it_corpus("tensorboard/t5-summarization_hf-trainer_train_anon.tfevents",
	          path, sizeof path);
	assert_int_equal(it_parse_file(NULL, path, &imp, &log, err, sizeof err),
	                 0);
	assert_ptr_equal(imp, &dt_imp_tfevents);
	assert_int_equal(dt_rawlog_points(&log), 1726); /* 430*3 + 431 + 5 */
	it_range(&log, "loss", 430, 500, 215000);
	it_range(&log, "grad_norm", 430, 500, 215000);
	it_range(&log, "lr", 430, 500, 215000);
	it_range(&log, "epoch", 431, 500, 215337);
	it_range(&log, "train/train_loss", 1, 215337, 215337);
	assert_true(it_series(&log, "loss")->value[0] == (double)1.9963f);
	it_fact(&log, "tensorboard.file_version", "brain.Event:2");
	it_fact(&log, "hf.logging_steps", "500");
	it_fact(&log, "hf.per_device_train_batch_size", "4");
	assert_int_equal(log.nwarnings, 0);
	assert_int_equal(log.nnotes, 1); /* the loss-tag note only */
	dt_rawlog_free(&log);

	it_corpus("tensorboard/t5-summarization_hf-trainer_final-eval.tfevents",
	          path, sizeof path);
	assert_int_equal(it_parse_file(NULL, path, &imp, &log, err, sizeof err),
	                 0);
	assert_int_equal(dt_rawlog_points(&log), 10);
	it_range(&log, "eval_loss", 1, 215337, 215337);
	assert_true(it_series(&log, "eval_loss")->value[0] ==
	            (double)1.633907675743103f);
	assert_null(dt_rawlog_find(&log, "loss"));
	dt_rawlog_free(&log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crc32c),
		cmocka_unit_test(test_crc32c_paths),
		cmocka_unit_test(test_pbwire),
		cmocka_unit_test(test_fixture),
		cmocka_unit_test(test_steps_after_end),
		cmocka_unit_test(test_bad_crc),
		cmocka_unit_test(test_truncated),
		cmocka_unit_test(test_detect_and_wall_time),
		cmocka_unit_test(test_tags_as_shown),
		cmocka_unit_test(test_corpus),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
