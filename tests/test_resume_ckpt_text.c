/* test_resume_ckpt_text.c: the resume headline credits each checkpoint
 * step to its own source (dt_resume_drill_ckpt, dt_resume_ckpt_text):
 * the one text pilot show, resume-check, the TUI overview and report.md
 * print. It used to credit every step to the drill of the lowest one
 * ("checkpoints 2000,3000 (from drill #2)" when 3000 was drill #1's and
 * the log's): now "checkpoints 2000 (drill #2), 3000 (log, drill #1)". Values worked out by hand. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "model/service/resume_run.h"

static void drill(dt_drill *d, int64_t id, const char *run, int64_t step)
{
	memset(d, 0, sizeof *d);
	d->id = id;
	snprintf(d->run_before, sizeof d->run_before, "%s", run);
	d->checkpoint_step = step;
}

/* Drill #1 at 3000 and #2 at 2000 on run t, #3 at 2000 too (the step
 * once for the check, both drills credited: it used to credit only #2),
 * #4 on another run. Credits by step, then in drill order: 2000 #2,
 * 2000 #3, 3000 #1. */
static void drill_ckpt(void **state)
{
	(void)state;
	dt_drill d[4];
	int64_t v[8], lo;
	dt_ckpt_credits by;
	drill(&d[0], 1, "t", 3000);
	drill(&d[1], 2, "t", 2000);
	drill(&d[2], 3, "t", 2000);
	drill(&d[3], 4, "u", 1000);
	assert_int_equal(dt_resume_drill_ckpt(d, 4, "t", v, 8, &lo, &by), 2);
	assert_int_equal(v[0], 2000);
	assert_int_equal(v[1], 3000);
	assert_int_equal(by.n, 3);
	assert_int_equal(by.step[0], 2000);
	assert_int_equal(by.drill[0], 2);
	assert_int_equal(by.step[1], 2000);
	assert_int_equal(by.drill[1], 3);
	assert_int_equal(by.step[2], 3000);
	assert_int_equal(by.drill[2], 1);
	assert_int_equal(lo, 2);
	/* the credits may be NULL, as before */
	assert_int_equal(dt_resume_drill_ckpt(d, 4, "t", v, 8, NULL, NULL), 2);
}

static void ckpt_text(void **state)
{
	(void)state;
	dt_restart_verdict rv[2];
	dt_resume_run_result r;
	char t[300];
	memset(rv, 0, sizeof rv);
	memset(&r, 0, sizeof r);
	rv[0].log_ckpt = -1;       /* restart 1: the log states none */
	rv[1].log_ckpt = 3000;     /* restart 2: the log states 3000 */
	r.v = rv;
	r.nv = 2;
	r.nckpt = 2;
	r.ckpt[0] = 2000;
	r.ckpt[1] = 3000;
	r.credits = (dt_ckpt_credits){.n = 2, .step = {2000, 3000},
	                              .drill = {2, 1}};
	r.ckpt_drill = 2;
	assert_string_equal(dt_resume_ckpt_text(&r, t, sizeof t),
	                    "checkpoints 2000 (drill #2), 3000 (log, drill #1)");
	/* two drills at one step: both named */
	r.credits = (dt_ckpt_credits){.n = 3, .step = {2000, 2000, 3000},
	                              .drill = {2, 3, 1}};
	assert_string_equal(dt_resume_ckpt_text(&r, t, sizeof t),
	                    "checkpoints 2000 (drills #2, #3), 3000 (log, drill "
	                    "#1)");
	/* one checkpoint from one drill: as before; from two, both */
	r.nv = 1;
	r.nckpt = 1;
	r.ckpt[0] = 1200;
	r.credits = (dt_ckpt_credits){.n = 1, .step = {1200}, .drill = {1}};
	assert_string_equal(dt_resume_ckpt_text(&r, t, sizeof t),
	                    "checkpoint 1200 (from drill #1)");
	r.credits = (dt_ckpt_credits){.n = 2, .step = {1200, 1200},
	                              .drill = {1, 4}};
	assert_string_equal(dt_resume_ckpt_text(&r, t, sizeof t),
	                    "checkpoint 1200 (from drills #1, #4)");
	/* steps given (--checkpoint, the run fact): no source named */
	r.nckpt = 2;
	r.ckpt[0] = 1200;
	r.ckpt[1] = 3400;
	r.credits.n = 0;
	r.ckpt_drill = 0;
	assert_string_equal(dt_resume_ckpt_text(&r, t, sizeof t),
	                    "checkpoints 1200,3400");
	/* a step the log states that the list lacks is listed, credited */
	r.nv = 2;
	assert_string_equal(dt_resume_ckpt_text(&r, t, sizeof t),
	                    "checkpoints 1200, 3000 (log), 3400");
	/* no list: the log's, as before */
	r.nckpt = 0;
	assert_string_equal(dt_resume_ckpt_text(&r, t, sizeof t),
	                    "checkpoint(s) stated in the log 3000");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(drill_ckpt),
		cmocka_unit_test(ckpt_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
