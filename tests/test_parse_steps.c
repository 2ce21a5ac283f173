/* test_parse_steps.c: an importer fed a log in steps (importer.h
 * step_feed, what --follow does as the log grows) gives exactly what one
 * whole parse gives. Every fixture of the importers that parse in steps
 * (tests/fixtures/{csv,jsonl,textlog,resume}) is fed one line at a time,
 * with a scratch step_end after every line (as the follower does after
 * each update: it must leave the state as it was), then ended into the
 * log itself; the result is compared field by field with the whole parse
 * of the same bytes: every series (metric, steps, values bit for bit,
 * launch marks), warnings, notes, facts, launch evidence and settings. A
 * file that the whole parse refuses is refused in steps with the same
 * message. TensorBoard event files (made here, below) are fed one
 * TFRecord at a time with every byte before the feed's start zeroed, so
 * a feed that read anything but the appended records would differ. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "importers/crc32c.h"
#include "importers/importer.h"

#include "rawlog_same.h"

/* Feed `src` one line at a time; returns 0 or -1 with err. */
static int parse_by_lines(const dt_importer *imp, const dt_source *whole,
                          dt_rawlog *out, char *err, size_t errlen)
{
	dt_import_opts opts = {0};
	void *ps = imp->step_begin(&opts, out);
	assert_non_null(ps);
	dt_source src = *whole;
	size_t from = 0;
	int rc = 0;
	while (rc == 0 && from < whole->len) {
		const char *nl = memchr(whole->data + from, '\n', whole->len - from);
		src.len = nl ? (size_t)(nl - whole->data) + 1 : whole->len;
		rc = imp->step_feed(ps, &src, from, err, errlen);
		from = src.len;
		if (rc == 0 && from < whole->len) {
			dt_rawlog scratch;
			dt_rawlog_init(&scratch);
			int e = imp->step_end(ps, &src, &scratch, err, errlen);
			dt_rawlog_free(&scratch);
			assert_true(e >= 0);
		}
	}
	if (rc == 0)
		rc = imp->step_end(ps, whole, out, err, errlen) < 0 ? -1 : 0;
	imp->step_free(ps);
	return rc;
}

/* One fixture in steps and whole (imp: the importer, NULL: the one
 * detection picks, files of other importers skipped). */
static int check_file(const char *name, const char *path, const char *data,
                      size_t len, void *ctx)
{
	const dt_importer *use = ctx;
	if (!use) { /* a mixed folder: the importer detection picks */
		use = dt_importer_detect(name, data, len < 65536 ? len : 65536,
		                         NULL);
		if (!use || !use->step_begin)
			return 0;
	}
	dt_source src = {path, name, data, len, NULL};
	dt_rawlog a, b;
	char ea[600] = "", eb[600] = "";
	dt_rawlog_init(&a);
	dt_rawlog_init(&b);
	int ra = parse_by_lines(use, &src, &a, ea, sizeof ea);
	int rb = use->parse(&src, &(dt_import_opts){0}, &b, eb, sizeof eb);
	if (ra != rb)
		fail_msg("%s: steps %d (%s), whole %d (%s)", path, ra, ea, rb, eb);
	if (ra == 0)
		same_log(&a, &b, path);
	else
		assert_string_equal(ea, eb);
	dt_rawlog_free(&a);
	dt_rawlog_free(&b);
	return 1;
}

static void check_dir(const char *sub, const dt_importer *imp)
{
	assert_true(each_fixture(sub, check_file, (void *)imp) > 0);
}

static void test_csv(void **state)
{
	(void)state;
	check_dir("csv", &dt_imp_csv);
}

static void test_jsonl(void **state)
{
	(void)state;
	check_dir("jsonl", &dt_imp_jsonl);
}

static void test_textlog(void **state)
{
	(void)state;
	check_dir("textlog", &dt_imp_textlog);
}

static void test_resume_logs(void **state)
{
	(void)state;
	check_dir("resume", NULL);
}

/* An event file built here (tensorflow/core/util/event.proto, framed
 * as TFRecords: importers/tfrecord.h). */
typedef struct tbfile {
	unsigned char d[4096];
	size_t n;
	size_t rec[32];  /* where each record starts */
	size_t nrec;
} tbfile;

static size_t varint(unsigned char *p, uint64_t v)
{
	size_t n = 0;
	do {
		p[n] = (unsigned char)(v & 0x7F);
		v >>= 7;
		p[n++] |= v ? 0x80 : 0;
	} while (v);
	return n;
}

/* One record: Event{wall_time 1.7e9 + step, step, summary{value{tag,
 * simple_value}...}} for the tags/values given (ntags 0: a file_version
 * event instead). */
static void tb_record(tbfile *f, int64_t step, const char *const *tags,
                      const float *vals, size_t ntags)
{
	unsigned char ev[512], sum[400];
	size_t n = 0, ns = 0;
	double wall = 1.7e9 + (double)step;
	ev[n++] = 0x09; /* wall_time, fixed64 */
	memcpy(ev + n, &wall, 8);
	n += 8;
	ev[n++] = 0x10; /* step */
	n += varint(ev + n, (uint64_t)step);
	if (ntags == 0) {
		ev[n++] = 0x1A; /* file_version */
		n += varint(ev + n, 13);
		memcpy(ev + n, "brain.Event:2", 13);
		n += 13;
	}
	for (size_t i = 0; i < ntags; i++) {
		unsigned char v[128];
		size_t nv = 0, tl = strlen(tags[i]);
		v[nv++] = 0x0A; /* tag */
		nv += varint(v + nv, tl);
		memcpy(v + nv, tags[i], tl);
		nv += tl;
		v[nv++] = 0x15; /* simple_value, fixed32 */
		memcpy(v + nv, &vals[i], 4);
		nv += 4;
		sum[ns++] = 0x0A; /* Summary.value */
		ns += varint(sum + ns, nv);
		memcpy(sum + ns, v, nv);
		ns += nv;
	}
	if (ntags) {
		ev[n++] = 0x2A; /* summary */
		n += varint(ev + n, ns);
		memcpy(ev + n, sum, ns);
		n += ns;
	}
	unsigned char *o = f->d + f->n;
	uint64_t len = n;
	memcpy(o, &len, 8);
	uint32_t c = dt_crc32c_mask(dt_crc32c(o, 8));
	memcpy(o + 8, &c, 4);
	memcpy(o + 12, ev, n);
	c = dt_crc32c_mask(dt_crc32c(ev, n));
	memcpy(o + 12 + n, &c, 4);
	f->rec[f->nrec++] = f->n;
	f->n += 16 + n;
}

/* Feed f one record at a time, the bytes before each feed's start
 * zeroed; a scratch step_end after each record. Returns the first
 * record after which the scratch step_end returned 1 (the points change
 * as a whole), or f->nrec when none did; the log is ended into `out`
 * when none did. */
static size_t tb_by_records(const tbfile *f, dt_rawlog *out)
{
	static unsigned char buf[4096];
	char err[600];
	const dt_importer *imp = &dt_imp_tfevents;
	void *ps = imp->step_begin(&(dt_import_opts){0}, out);
	assert_non_null(ps);
	memcpy(buf, f->d, f->n);
	dt_source src = {"ev.tfevents", "ev.tfevents", (const char *)buf, 0,
	                 NULL};
	size_t from = 0, k;
	for (k = 0; k < f->nrec; k++) {
		src.len = k + 1 < f->nrec ? f->rec[k + 1] : f->n;
		memset(buf, 0, from); /* only the appended record may be read */
		assert_int_equal(imp->step_feed(ps, &src, from, err, sizeof err), 0);
		from = src.len;
		dt_rawlog scratch;
		dt_rawlog_init(&scratch);
		int e = imp->step_end(ps, &src, &scratch, err, sizeof err);
		dt_rawlog_free(&scratch);
		assert_true(e >= 0);
		if (e == 1)
			break;
	}
	if (k == f->nrec)
		assert_int_equal(imp->step_end(ps, &src, out, err, sizeof err), 0);
	imp->step_free(ps);
	return k;
}

static dt_rawlog tb_whole(const tbfile *f)
{
	dt_rawlog w;
	char err[600];
	dt_rawlog_init(&w);
	dt_source src = {"ev.tfevents", "ev.tfevents", (const char *)f->d, f->n,
	                 NULL};
	assert_int_equal(dt_imp_tfevents.parse(&src, &(dt_import_opts){0}, &w,
	                                       err, sizeof err), 0);
	return w;
}

/* A file_version event, then steps 1..3 with the learning rate logged
 * before the loss (step 1: two records; steps 2, 3: one record of both,
 * plus train/grad_norm at step 3). Fed record by record it equals the
 * whole parse; by hand: `loss` (train/loss) comes first, steps 1 2 3,
 * values 2.5 2.375 2.25 (exact in binary32); the learning rate has 3
 * points, the grad norm 1; the note names train/loss; no warning. */
static void test_tfevents_records(void **state)
{
	(void)state;
	static tbfile f;
	memset(&f, 0, sizeof f);
	const char *lr[] = {"train/learning_rate"}, *loss[] = {"train/loss"};
	const char *both[] = {"train/learning_rate", "train/loss"};
	const char *three[] = {"train/learning_rate", "train/loss",
	                       "train/grad_norm"};
	tb_record(&f, 0, NULL, NULL, 0);
	tb_record(&f, 1, lr, (const float[]){1e-4f}, 1);
	tb_record(&f, 1, loss, (const float[]){2.5f}, 1);
	tb_record(&f, 2, both, (const float[]){2e-4f, 2.375f}, 2);
	tb_record(&f, 3, three, (const float[]){3e-4f, 2.25f, 0.5f}, 3);
	dt_rawlog a, w = tb_whole(&f);
	dt_rawlog_init(&a);
	assert_int_equal(tb_by_records(&f, &a), f.nrec);
	same_log(&a, &w, "tfevents by records");
	assert_int_equal(a.nseries, 3);
	assert_string_equal(a.series[0].metric, "loss");
	assert_int_equal(a.series[0].n, 3);
	const int64_t steps[] = {1, 2, 3};
	const double vals[] = {2.5, 2.375, 2.25};
	assert_memory_equal(a.series[0].step, steps, sizeof steps);
	assert_memory_equal(a.series[0].value, vals, sizeof vals);
	assert_int_equal(a.series[1].n, 3);
	assert_int_equal(a.series[2].n, 1);
	assert_int_equal(a.nwarnings, 0);
	assert_int_equal(a.nnotes, 1);
	assert_non_null(strstr(a.notes[0], "'train/loss' is the loss"));
	dt_rawlog_free(&a);
	dt_rawlog_free(&w);
}

/* A tag the loss rule prefers appearing after another loss tag was fed
 * ("loss" at step 1, "train/loss" from step 2): in steps, the scratch
 * step_end after that record says the fed points change as a whole (1);
 * the whole parse renames in place: by hand, `loss` = train/loss (steps
 * 2, 3: 2.25, 2.125), `tb:loss` = the tag "loss" (step 1: 2.5; its
 * canonical and own names are both `loss`, taken). */
static void test_tfevents_loss_tag_later(void **state)
{
	(void)state;
	static tbfile f;
	memset(&f, 0, sizeof f);
	const char *l[] = {"loss"}, *tl[] = {"train/loss"};
	tb_record(&f, 1, l, (const float[]){2.5f}, 1);
	tb_record(&f, 2, tl, (const float[]){2.25f}, 1);
	tb_record(&f, 3, tl, (const float[]){2.125f}, 1);
	dt_rawlog a, w = tb_whole(&f);
	dt_rawlog_init(&a);
	assert_int_equal(tb_by_records(&f, &a), 1);
	dt_rawlog_free(&a);
	assert_int_equal(w.nseries, 2);
	assert_string_equal(w.series[0].metric, "loss");
	assert_int_equal(w.series[0].n, 2);
	assert_true(w.series[0].step[0] == 2 && w.series[0].value[1] == 2.125);
	assert_string_equal(w.series[1].metric, "tb:loss");
	assert_int_equal(w.series[1].n, 1);
	assert_true(w.series[1].step[0] == 1 && w.series[1].value[0] == 2.5);
	dt_rawlog_free(&w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_csv),
		cmocka_unit_test(test_jsonl),
		cmocka_unit_test(test_textlog),
		cmocka_unit_test(test_resume_logs),
		cmocka_unit_test(test_tfevents_records),
		cmocka_unit_test(test_tfevents_loss_tag_later),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
