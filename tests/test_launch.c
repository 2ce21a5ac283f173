/* test_launch.c: launch boundaries with their evidence (issue 9): the
 * resume markers each framework prints, the raw log's launch records, and
 * how segments map back to them without averaging two launches. */
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
#include "importers/resume_marker.h"
#include "importers/source.h"
#include "importers/wallgap.h"
#include "model/core/segments.h"
#include "model/core/series.h"
#include "imp_test.h"

#define FIX DT_FIXTURES "/resume/"
#define N(a) (sizeof(a) / sizeof((a)[0]))

/* One line per marker kind (LOG-FORMATS.md "Resume markers inside
 * logs"); the checkpoint step is read by hand from each line. */
static void test_marker_lines(void **state)
{
	(void)state;
	static const struct {
		const char *line, *id;
		int64_t ckpt;
	} t[] = {
		{" loading checkpoint from /ck at iteration 4000",
		 "megatron_loading", 4000},
		{"  successfully loaded checkpoint from /ck [ t 1/2, p 1/1 ] at "
		 "iteration 4000", "megatron_loaded", 4000},
		{"  successfully loaded checkpoint from /ck [ t 0, p 0 ] at "
		 "iteration 12", "megatron_loaded", 12},
		{"[INFO|trainer.py:2350] >>   Continuing training from checkpoint, "
		 "will skip to saved global_step", "hf_continuing", -1},
		{"  Continuing training from global step 1500", "hf_global_step",
		 1500},
		{"Restoring states from the checkpoint path at /r/epoch=2-step="
		 "3000.ckpt", "lightning_restoring", 3000},
		{"Restored all states from the checkpoint at /r/last.ckpt",
		 "lightning_restored", -1},
		{"Resuming from checkpoint /out/checkpoint-800", "resuming", 800},
		{"[Auto Resume] Info: JobID: 1 Retrying step. Attempt number: 1",
		 "hyperpod_auto_resume", -1},
	};
	for (size_t i = 0; i < N(t); i++) {
		int64_t ck = -2;
		const char *id = dt_resume_marker(t[i].line, &ck);
		if (!id || strcmp(id, t[i].id) != 0 || ck != t[i].ckpt)
			fail_msg("'%s': %s %lld, expected %s %lld", t[i].line,
			         id ? id : "(none)", (long long)ck, t[i].id,
			         (long long)t[i].ckpt);
	}
	int64_t ck;
	/* Saving is not loading; a plain training line is no marker. */
	assert_null(dt_resume_marker("saving checkpoint at iteration 40 to /c",
	                             &ck));
	assert_null(dt_resume_marker("  successfully saved checkpoint from "
	                             "iteration 40 to /c", &ck));
	assert_null(dt_resume_marker("step 10 loss 2.0", &ck));
}

/* megatron_resume.log (15 lines): arguments banner (1), iterations
 * 10..50 (lines 3-6, 9), banner again (10), loading (12) and loaded (13)
 * checkpoint at iteration 40, then iteration 50 AGAIN with the same
 * values (14) and 60 (15). No step goes back: only the evidence shows the
 * second launch. Expected by hand: launch 0 = banner line 1; launch 1 =
 * banner line 10 + the two markers (checkpoint 40); the loss holds 7
 * points (the re-logged 50 is kept: it is a replayed point, not a rank
 * duplicate) with mark 0 at index 5. */
static void test_megatron_markers(void **state)
{
	(void)state;
	dt_rawlog log;
	char err[256];
	assert_int_equal(it_parse_file(&dt_imp_textlog, FIX "megatron_resume.log",
	                               NULL, &log, err, sizeof err), 0);
	assert_int_equal(log.nlaunches, 1);
	assert_int_equal(log.nlaunch_ev, 4);
	static const struct { uint32_t launch; int kind; uint64_t line;
	                      int64_t ck; const char *m; } ev[] = {
		{0, DT_LAUNCH_BANNER, 1, -1, "megatron_arguments"},
		{1, DT_LAUNCH_BANNER, 10, -1, "megatron_arguments"},
		{1, DT_LAUNCH_MARKER, 12, 40, "megatron_loading"},
		{1, DT_LAUNCH_MARKER, 13, 40, "megatron_loaded"},
	};
	for (size_t i = 0; i < N(ev); i++) {
		const dt_launch_evidence *e = &log.launch_ev[i];
		assert_int_equal(e->launch, ev[i].launch);
		assert_int_equal(e->kind, ev[i].kind);
		assert_int_equal(e->line, ev[i].line);
		assert_int_equal(e->ckpt_step, ev[i].ck);
		assert_string_equal(e->marker, ev[i].m);
	}
	assert_int_equal(dt_launch_ckpt(log.launch_ev + 1, 3), 40);
	const dt_rawseries *s = it_series(&log, "loss");
	const int64_t st[] = {10, 20, 30, 40, 50, 50, 60};
	assert_int_equal(s->n, N(st));
	for (size_t i = 0; i < N(st); i++)
		assert_int_equal(s->step[i], st[i]);
	assert_int_equal(s->nmarks, 1);
	assert_int_equal(s->marks[0], 5);
	/* Megatron's consumed samples: 16 x iteration. */
	const dt_rawseries *c = it_series(&log, "consumed_samples");
	assert_int_equal(c->n, 7);
	assert_true(c->value[6] == 960.0);
	assert_true(it_has_warning(&log, ":12: new launch (megatron_loading, "
	                           "checkpoint step 40)"));

	/* Segments: 2; the second starts launch 1 of the file (lo = hi = 1),
	 * not by a step going back. */
	dt_rawchunk ch = {s->n, s->step, s->value, s->nmarks, s->marks, 0, 7};
	dt_series *segs;
	size_t nseg;
	assert_int_equal(dt_resolve_segments(&ch, 1, 1, &segs, &nseg), 0);
	assert_int_equal(nseg, 2);
	assert_int_equal(segs[0].origin_launch_lo, 0);
	assert_int_equal(segs[0].origin_launch_hi, 0);
	assert_int_equal(segs[1].origin_launch_lo, 1);
	assert_int_equal(segs[1].origin_launch_hi, 1);
	assert_int_equal(segs[1].origin_file, 7);
	assert_int_equal(segs[1].origin_step_back, 0);
	assert_int_equal(segs[1].n, 2);
	assert_int_equal(segs[1].step[0], 50);
	dt_segments_free(segs, nseg);
	dt_rawlog_free(&log);
}

/* Issue 3: a resumed launch re-logs the last step (50) with another
 * value. Steps 10..50 = 5.0 4.5 4.0 3.5 3.0, then 50 = 3.2, 60 = 2.5.
 * With the launch mark the curve keeps 3.2 at 50 (latest wins, 0 points
 * averaged, 1 replayed point); without it (one launch) the two rows are
 * micro-batches: (3.0 + 3.2) / 2 = 3.1. */
static void test_never_average_launches(void **state)
{
	(void)state;
	int64_t st[] = {10, 20, 30, 40, 50, 50, 60};
	double va[] = {5.0, 4.5, 4.0, 3.5, 3.0, 3.2, 2.5};
	uint32_t mk[] = {5};
	dt_rawchunk c = {7, st, va, 1, mk, 0, 0};
	dt_series s;
	assert_int_equal(dt_resolve(&c, 1, 1, &s), 0);
	assert_int_equal(s.n, 6);
	assert_int_equal(s.nsegments, 2);
	assert_int_equal(s.averaged, 0);
	assert_int_equal(s.replayed_points, 1);
	assert_true(s.value[4] == 3.2);
	dt_series_free(&s);
	c.nmarks = 0;
	assert_int_equal(dt_resolve(&c, 1, 1, &s), 0);
	assert_int_equal(s.nsegments, 1);
	assert_int_equal(s.averaged, 1);
	assert_true(fabs(s.value[4] - 3.1) < 1e-12);
	dt_series_free(&s);
}

/* Evidence before the first point joins launch 0; a series created in
 * launch 2 is padded so its mark m still starts launch m + 1. */
static void test_rawlog_launch_rules(void **state)
{
	(void)state;
	dt_rawlog log;
	dt_rawlog_init(&log);
	assert_int_equal(dt_rawlog_launch(&log, DT_LAUNCH_BANNER, 1, -1, "b"), 0);
	assert_int_equal(log.nlaunches, 0);
	dt_rawseries *a = dt_rawlog_series(&log, "loss");
	assert_int_equal(dt_rawseries_push(a, 1, 2.0), 0);
	assert_int_equal(dt_rawlog_launch(&log, DT_LAUNCH_MARKER, 5, 10, "m"), 0);
	assert_int_equal(dt_rawlog_launch(&log, DT_LAUNCH_ID, 6, -1, NULL), 0);
	assert_int_equal(log.nlaunches, 1);  /* no point in between: joined */
	a = dt_rawlog_series(&log, "loss");
	assert_int_equal(dt_rawseries_push(a, 11, 1.5), 0);
	assert_int_equal(dt_rawlog_launch(&log, DT_LAUNCH_WALL_GAP, 9, -1, NULL),
	                 0);
	assert_int_equal(log.nlaunches, 2);
	dt_rawseries *b = dt_rawlog_series(&log, "lr");
	assert_int_equal(b->nmarks, 2);
	assert_int_equal(b->marks[0], 0);
	assert_int_equal(b->marks[1], 0);
	a = dt_rawlog_series(&log, "loss");
	assert_int_equal(a->nmarks, 2);
	assert_int_equal(a->marks[0], 1);
	assert_int_equal(a->marks[1], 2);
	assert_int_equal(log.launch_ev[0].launch, 0);
	assert_int_equal(log.launch_ev[1].launch, 1);
	assert_int_equal(log.launch_ev[2].launch, 1);
	assert_int_equal(log.launch_ev[3].launch, 2);
	assert_string_equal(dt_launch_kind_name(DT_LAUNCH_WALL_GAP), "wall_gap");
	dt_rawlog_free(&log);
}

/* events_resume.jsonl (8 lines): steps 10..40 every 10 s (timestamps
 * 1000..1030, attempt 0), an event record {"event": "checkpoint_saved"}
 * at line 4, a resume record at line 6 (checkpoint_step 30, timestamp
 * 5000), then 40 and 50 with attempt 1. By hand: the two event records
 * are not data rows (their loss 1.6 and 99.0 are no points): loss = 10,
 * 20, 30, 40 | 40, 50 (6 points, mark at 4). Evidence of launch 1: the
 * gap 5000 - 1030 = 3970 s > max(10 x 10, 10 + 300) (wall_gap, line 6),
 * the resume record (marker, line 6, checkpoint 30), attempt 0 -> 1
 * (launch_id, line 7). */
static void test_jsonl_records(void **state)
{
	(void)state;
	dt_rawlog log;
	char err[256];
	assert_int_equal(it_parse_file(&dt_imp_jsonl, FIX "events_resume.jsonl",
	                               NULL, &log, err, sizeof err), 0);
	const dt_rawseries *s = it_series(&log, "loss");
	const int64_t st[] = {10, 20, 30, 40, 40, 50};
	const double va[] = {2.0, 1.8, 1.6, 1.5, 1.52, 1.4};
	assert_int_equal(s->n, N(st));
	for (size_t i = 0; i < N(st); i++) {
		assert_int_equal(s->step[i], st[i]);
		assert_true(s->value[i] == va[i]);
	}
	assert_int_equal(s->nmarks, 1);
	assert_int_equal(s->marks[0], 4);
	assert_null(dt_rawlog_find(&log, "attempt"));
	assert_null(dt_rawlog_find(&log, "timestamp"));
	assert_int_equal(log.nlaunches, 1);
	assert_int_equal(log.nlaunch_ev, 3);
	static const struct { int kind; uint64_t line; int64_t ck;
	                      const char *m; } ev[] = {
		{DT_LAUNCH_WALL_GAP, 6, -1, "timestamp"},
		{DT_LAUNCH_MARKER, 6, 30, "jsonl_resume_record"},
		{DT_LAUNCH_ID, 7, -1, "attempt"},
	};
	for (size_t i = 0; i < N(ev); i++) {
		const dt_launch_evidence *e = &log.launch_ev[i];
		assert_int_equal(e->launch, 1);
		assert_int_equal(e->kind, ev[i].kind);
		assert_int_equal(e->line, ev[i].line);
		assert_int_equal(e->ckpt_step, ev[i].ck);
		assert_string_equal(e->marker, ev[i].m);
	}
	assert_true(it_has_note(&log, ":4: 2 event record(s) (checkpoint_saved, "
	                        "resume) are not data rows"));
	assert_true(it_has_warning(&log, ":6: wall-time gap of 3970 s"));
	dt_rawlog_free(&log);
}

/* Wall-clock times at the start of text lines (wallgap.h). Expected
 * values by hand with python3 calendar.timegm: 2024-05-01 12:00:00 =
 * 1714564800; 2022-09-29 22:30:10 = 1664490610; 2023-09-11 22:31:28 =
 * 1694471488; 2024-02-29 00:00:00 = 1709164800 (leap day); +02:00 moves
 * 12:00:00.5 back by 7200 s. */
static void test_text_time(void **state)
{
	(void)state;
	static const struct { const char *line; double t; } t[] = {
		{"[2024-05-01 12:00:00] iteration 10/ 100 |", 1714564800.0},
		{"LOG Thu Sep 29 22:30:10 2022 - (0, 78) step_loss : 9.1875",
		 1664490610.0},
		{"[NeMo I 2023-09-11 22:31:28 lr_scheduler:910] Scheduler",
		 1694471488.0},
		{"2024-05-01T12:00:00.5+02:00 {'loss': 1.0}", 1714557600.5},
		{"1: 2024-02-29 00:00:00,000 - INFO - step 5", 1709164800.0},
	};
	for (size_t i = 0; i < N(t); i++) {
		double v = 0;
		if (!dt_wallgap_text_time(t[i].line, &v) || v != t[i].t)
			fail_msg("'%s': %.1f, expected %.1f", t[i].line, v, t[i].t);
	}
	double v;
	assert_false(dt_wallgap_text_time("step 10 loss 2.0 lr 1e-4", &v));
	assert_false(dt_wallgap_text_time("2024-13-01 12:00:00 month 13", &v));
	assert_false(dt_wallgap_text_time("Thu Sep", &v));
	/* A date past the first 64 bytes (a checkpoint path) is no time. */
	assert_false(dt_wallgap_text_time(" iteration 10/ 100 | saved to "
	                                  "/ckpt/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/"
	                                  "2024-05-01 12:00:00", &v));
}

/* megatron_wallgap.log (8 lines): Megatron iterations with a `[date]`
 * prefix, 10 s apart (10..40 at 12:00:00..12:00:30), a checkpoint save
 * (line 5), iteration 50 at 12:03:50 (gap 200 s: > 10 x 10 but not >
 * 10 + 300, so a slow save is no launch), then 50 again at 12:40:00 (line
 * 7; gap 2170 s, usual = median of 10, 10, 10, 200 = 10: > 100 and > 310)
 * and 60. No marker, no banner, no step going back: the gap alone shows
 * the second launch. By hand: 1 boundary, evidence wall_gap line 7
 * (marker "timestamp"), loss 10, 20, 30, 40, 50 | 50, 60 (the re-logged
 * 50 is kept, mark at index 5). */
static void test_textlog_wall_gap(void **state)
{
	(void)state;
	dt_rawlog log;
	char err[256];
	assert_int_equal(it_parse_file(&dt_imp_textlog, FIX "megatron_wallgap.log",
	                               NULL, &log, err, sizeof err), 0);
	assert_int_equal(log.nlaunches, 1);
	assert_int_equal(log.nlaunch_ev, 1);
	const dt_launch_evidence *e = &log.launch_ev[0];
	assert_int_equal(e->launch, 1);
	assert_int_equal(e->kind, DT_LAUNCH_WALL_GAP);
	assert_int_equal(e->line, 7);
	assert_int_equal(e->ckpt_step, -1);
	assert_string_equal(e->marker, "timestamp");
	assert_true(it_has_warning(&log, ":7: wall-time gap of 2170 s (usual "
	                           "interval 10 s): a new launch"));
	const dt_rawseries *s = it_series(&log, "loss");
	const int64_t st[] = {10, 20, 30, 40, 50, 50, 60};
	assert_int_equal(s->n, N(st));
	for (size_t i = 0; i < N(st); i++)
		assert_int_equal(s->step[i], st[i]);
	assert_int_equal(s->nmarks, 1);
	assert_int_equal(s->marks[0], 5);
	dt_rawlog_free(&log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_marker_lines),
		cmocka_unit_test(test_megatron_markers),
		cmocka_unit_test(test_never_average_launches),
		cmocka_unit_test(test_rawlog_launch_rules),
		cmocka_unit_test(test_jsonl_records),
		cmocka_unit_test(test_text_time),
		cmocka_unit_test(test_textlog_wall_gap),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
