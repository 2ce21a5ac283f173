/* dt_resume_internal.h: what dt_resume.c and dt_resume_checks.c share.
 * Only those two files include it. */
#ifndef DT_RESUME_INTERNAL_H
#define DT_RESUME_INTERNAL_H

#include "model/core/resume.h"

/* One restart's curves: "before" (segments 1..k merged, latest wins) and
 * "after" (segment k+1, steps already offset-corrected). Curves of a
 * metric the run does not hold (or whose segments do not line up with the
 * loss) have n = 0. All owned; freed by dt_rs_ctx_free. */
typedef struct dt_rs_ctx {
	const dt_resume_opts *o;
	dt_series loss_b, loss_a;
	dt_series lr_b, lr_a;
	dt_series cur_b, cur_a;
	dt_series fp_b, fp_a;        /* batch fingerprints: every point of the
	                              * segments before (not superseded:
	                              * unsorted), the segment after */
	const char *cursor_metric;
	const dt_series *baseline;   /* NULL when none */
	int64_t global_batch;        /* 0 = unknown */
	int64_t t;                   /* true resumed step */
} dt_rs_ctx;

/* Free the curves c owns (the options, baseline and cursor metric are
 * borrowed). Safe on a zeroed context. Never fails. */
void dt_rs_ctx_free(dt_rs_ctx *c);

/* Linear interpolation at `step` between the neighbouring points,
 * extrapolation from the two nearest points outside the range, the value
 * itself for a one-point curve; NaN for an empty curve. */
double dt_rs_interp(const dt_series *s, int64_t step);

/* The four data checks; each fills v->check[i] and v->detail[i]. */
void dt_rs_check_lr(const dt_rs_ctx *c, dt_restart_verdict *v);
void dt_rs_check_replay(const dt_rs_ctx *c, dt_restart_verdict *v);
void dt_rs_check_level(const dt_rs_ctx *c, dt_restart_verdict *v);
void dt_rs_check_cursor(const dt_rs_ctx *c, dt_restart_verdict *v);

/* Batch fingerprints (resume.h data_cursor); run after
 * dt_rs_check_cursor, it may turn the data_cursor check into a fail, or
 * into a pass when the cursor check had no data. */
void dt_rs_check_fingerprint(const dt_rs_ctx *c, dt_restart_verdict *v);

#endif
