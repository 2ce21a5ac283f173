/* dt_parity.h: the parity rule between a baseline and a pilot curve.
 *
 * Points are paired by effective step (or by samples when the global batch
 * sizes differ), never by row. A common step breaches when
 * |pilot - baseline| > atol + rtol * |baseline| (numpy.isclose form), or when
 * either value is non-finite. Steps <= warm-up are not compared; N counts
 * the compared steps. The verdict passes when breaches <= allowed =
 * min(max(N // 100, 1), 50) (NVIDIA Megatron-LM functional tests,
 * tests/functional_tests/python_test_utils/common.py, ApproximateTest);
 * fewer than 2 compared steps is "insufficient". */
#ifndef DT_PARITY_H
#define DT_PARITY_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/series.h"

typedef enum dt_verdict {
	DT_VERDICT_PASS = 0,
	DT_VERDICT_FAIL = 1,
	DT_VERDICT_INSUFFICIENT = 2
} dt_verdict;

typedef struct dt_parity_opts {
	double rtol;            /* relative tolerance, fraction (default 0.02) */
	double atol;            /* absolute tolerance, loss units (default 0) */
	int64_t warmup;         /* effective steps not compared (default 0) */
	int64_t baseline_gb;    /* global batch of baseline, 0 = unknown */
	int64_t pilot_gb;       /* global batch of pilot, 0 = unknown */
} dt_parity_opts;

typedef struct dt_parity_point {
	int64_t x;          /* effective step, or samples when by_samples */
	double baseline, pilot;
	double rel_diff;    /* (pilot - baseline) / |baseline|; inf when
	                     * baseline is 0 and pilot is not, 0 when both are */
	int breach;         /* 1 when the point breaches the rule */
} dt_parity_point;

typedef struct dt_parity {
	int by_samples;            /* 1: x is samples = step x global batch */
	size_t n;                  /* common points after warm-up */
	dt_parity_point *points;   /* [n], owned */
	size_t breaches;
	int64_t first_breach_x;    /* valid when breaches > 0 */
	double max_abs_rel_diff;   /* over compared points; NaN skipped */
	int64_t max_abs_rel_diff_x;/* valid when n > 0 */
	size_t allowed_breaches;
	dt_verdict verdict;
	dt_parity_opts opts;       /* the rule used, for display */
} dt_parity;

/* Default options: rtol 0.02, atol 0, warm-up 0, global batches unknown. */
dt_parity_opts dt_parity_defaults(void);

/* Defaults for comparing two runs outside a pilot (`compare`, the TUI's
 * run comparison): dt_parity_defaults() until dt_parity_set_adhoc() is
 * called (the [tolerances] of the user's config file, cli/config.h).
 * A pilot's verdicts never use these (task card, else dt_parity_defaults),
 * so every user sees the same verdict for a pilot. Process-wide; set once
 * at start-up, before any thread. */
dt_parity_opts dt_parity_adhoc_defaults(void);
void dt_parity_set_adhoc(const dt_parity_opts *o);

/* Allowed breaches for N compared steps: min(max(N // 100, 1), 50). */
size_t dt_parity_allowed(size_t n);

/* Compare `pilot` against `baseline`. When both global batches are known
 * and differ, points are paired by samples (step x global batch) and the
 * warm-up is converted with the baseline's global batch. Returns 0, or -1
 * with errno ENOMEM. Free with dt_parity_free. */
int dt_parity_compute(const dt_series *baseline, const dt_series *pilot,
                      const dt_parity_opts *opts, dt_parity *out);

/* Free a parity result and zero it. */
void dt_parity_free(dt_parity *p);

/* "pass", "fail" or "insufficient". */
const char *dt_verdict_name(dt_verdict v);

#endif
