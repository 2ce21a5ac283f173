/* dt_parity.h: the parity rule between a baseline and a pilot curve.
 *
 * Points are paired by effective step (or by samples when the global batch
 * sizes differ), never by row. A common step breaches when
 * |pilot - baseline| > atol + rtol * |baseline| (numpy.isclose form), or when
 * either value is non-finite. Steps <= warm-up are not compared (warm-up
 * 0: every common step, step 0 included); N counts
 * the compared steps. The verdict passes when breaches <= allowed =
 * min(max(N // 100, 1), 50) (NVIDIA Megatron-LM functional tests,
 * tests/functional_tests/python_test_utils/common.py, ApproximateTest);
 * fewer than 2 compared steps is "insufficient". */
#ifndef DT_PARITY_H
#define DT_PARITY_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/decimate.h"
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

/* Compared points per block of the difference strip's summary. */
#define DT_PARITY_BLOCK DT_PYRAMID_LEAF

/* Summary of DT_PARITY_BLOCK consecutive compared points (the last block
 * of a comparison may hold fewer): what a chart's difference strip needs
 * to draw them without the points (48 bytes a block, 1.5 bytes a
 * compared point). */
typedef struct dt_parity_block {
	int64_t x0, x1;        /* x of its first and last compared point */
	double min_rel;        /* smallest finite rel_diff, +inf when none */
	double max_rel;        /* largest finite rel_diff, -inf when none */
	uint32_t n;            /* compared points in the block */
	uint32_t breaches;     /* of them, breaching */
	uint32_t bad;          /* of them, with a non-finite rel_diff (a
	                        * non-finite value, or a 0 baseline) */
} dt_parity_block;

typedef struct dt_parity {
	int by_samples;            /* 1: x is samples = step x global batch */
	size_t n;                  /* common points after warm-up */
	dt_parity_point *points;   /* [n], owned; NULL when the points were
	                            * not kept (DT_PARITY_KEEP_POINTS) */
	dt_parity_block *blocks;   /* [nblocks] owned, NULL when not kept
	                            * (DT_PARITY_KEEP_BLOCKS) */
	size_t nblocks;            /* ceil(n / DT_PARITY_BLOCK) when kept */
	dt_parity_point *kept;     /* [nkept] owned: the compared points the
	                            * min/max decimation keeps (parity_thin.h),
	                            * in order, when asked (dt_parity_acc_thin,
	                            * dt_parity_thin_points); else NULL */
	size_t nkept;
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
/* 1 once dt_parity_set_adhoc() was called (the config file's
 * [tolerances]), else 0: the sentence naming where the rules came from. */
int dt_parity_adhoc_is_set(void);
/* Which of rtol / atol / warm-up the config file itself sets (the others
 * of dt_parity_set_adhoc are defaults): DT_TOL_KEY_* bits, all three when
 * dt_parity_set_adhoc was called without keys, 0 when it was not. */
#define DT_TOL_KEY_RTOL 1u
#define DT_TOL_KEY_ATOL 2u
#define DT_TOL_KEY_WARMUP 4u
void dt_parity_set_adhoc_keys(const dt_parity_opts *o, unsigned keys);
unsigned dt_parity_adhoc_keys(void);

/* Allowed breaches for N compared steps: min(max(N // 100, 1), 50). */
size_t dt_parity_allowed(size_t n);

/* The rule for one compared point at x (effective step or samples):
 * rel_diff = (pilot - baseline) / |baseline| (NaN when either is NaN; 0
 * when both are 0; +inf when only the baseline is 0), breach when either
 * value is non-finite or |pilot - baseline| > atol + rtol |baseline|
 * (o's rtol and atol). The one definition every compared point goes
 * through (a chart may call it for the few points it shows exactly). */
dt_parity_point dt_parity_judge(int64_t x, double baseline, double pilot,
                                const dt_parity_opts *o);

/* What a parity computation keeps besides its summary. */
#define DT_PARITY_KEEP_POINTS 1u  /* every compared point (points[n]) */
#define DT_PARITY_KEEP_BLOCKS 2u  /* the per-block summary (blocks[]) */

/* A parity computation fed in chunks: start, feed the two curves' points
 * in increasing step order as they are read, finish. Memory: O(1) plus
 * what `keep` asks for. The result equals dt_parity_compute's over the
 * whole curves in every summary field, whatever the chunking. Fields are
 * private to parity_acc.c. */
struct dt_thin;
typedef struct dt_parity_acc {
	dt_parity r;            /* the result being built */
	struct dt_thin *thin;   /* owned, with dt_parity_acc_thin */
	unsigned keep;          /* DT_PARITY_KEEP_* */
	int64_t gb_b, gb_p;     /* x = step x gb when pairing by samples */
	int64_t warm;           /* x <= warm not compared (when warm > 0) */
	double maxabs;          /* largest |rel_diff| so far, -1 = none */
	size_t cap_points, cap_blocks;
} dt_parity_acc;

/* Start an accumulation under `opts` (pairing by samples when both global
 * batches are known and differ, dt_parity_compute). `points_hint`: the
 * number of points to reserve when keeping them (0: grow as needed).
 * Returns 0, or -1 with errno ENOMEM (a is then empty; discarding it is
 * safe). */
int dt_parity_acc_start(dt_parity_acc *a, const dt_parity_opts *opts,
                        unsigned keep, size_t points_hint);

/* Also decimate the compared points as they are judged (parity_thin.h)
 * under a budget of max_points, expecting n of them (the rule's buckets
 * depend on n): dt_parity_acc_finish puts the kept points in kept /
 * nkept when exactly n points were compared, and leaves kept NULL with
 * nkept (size_t)-1 otherwise (the caller's n was wrong). Call after
 * start, before any feed. Returns 0, or -1 with errno ENOMEM. */
int dt_parity_acc_thin(dt_parity_acc *a, size_t n, size_t max_points);

/* Feed the next points of the baseline (bstep/bval[0..nb)) and of the
 * pilot (pstep/pval[0..np)), each side's steps strictly increasing and
 * above those fed before. Pairs points with equal x until either side
 * runs out, and says in *used_b / *used_p how many of each side it
 * consumed (all of one side at least, unless both are exhausted); the
 * caller feeds the unconsumed rest again with that side's next points.
 * When one curve has ended, the rest of the other need not be fed.
 * Returns 0, or -1 with errno ENOMEM (what was accumulated stays valid
 * up to the point that failed; discard a). */
int dt_parity_acc_feed(dt_parity_acc *a, const int64_t *bstep,
                       const double *bval, size_t nb, const int64_t *pstep,
                       const double *pval, size_t np, size_t *used_b,
                       size_t *used_p);

/* Finish: the allowed breaches, the verdict and the largest |rel_diff|
 * into the result, moved to *out (free with dt_parity_free); a is then
 * empty. */
void dt_parity_acc_finish(dt_parity_acc *a, dt_parity *out);

/* Free an accumulation not finished (after an error). */
void dt_parity_acc_discard(dt_parity_acc *a);

/* Compare `pilot` against `baseline`. When both global batches are known
 * and differ, points are paired by samples (step x global batch) and the
 * warm-up is converted with the baseline's global batch. Keeps every
 * compared point (points[n]), no blocks: dt_parity_compute_keep(...,
 * DT_PARITY_KEEP_POINTS, out). Returns 0, or -1 with errno ENOMEM. Free
 * with dt_parity_free. */
int dt_parity_compute(const dt_series *baseline, const dt_series *pilot,
                      const dt_parity_opts *opts, dt_parity *out);

/* The same, keeping what `keep` (DT_PARITY_KEEP_*) asks for: one feed of
 * the whole curves into an accumulator. */
int dt_parity_compute_keep(const dt_series *baseline, const dt_series *pilot,
                           const dt_parity_opts *opts, unsigned keep,
                           dt_parity *out);

/* Free a parity result and zero it. */
void dt_parity_free(dt_parity *p);

/* "pass", "fail" or "insufficient". */
const char *dt_verdict_name(dt_verdict v);

/* The warm-up clause of the parity rule, in the words every front-end
 * uses: "steps <= 200 (warm-up) are not compared"; warm-up 0 (or less):
 * "warm-up 0: every common step is compared" (step 0 included: the rule
 * skips nothing then). Written to out (size n); returns out. */
char *dt_parity_warmup_text(int64_t warmup, char *out, size_t n);

#endif
