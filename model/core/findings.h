/* dt_findings.h: logging-scale and data traps found in the curves being
 * compared, each with the step where it starts and a human detail.
 *
 * Kinds (JSON names in brackets; issue 5 "Logging-scale and data traps"):
 * - [logging_scale_mismatch] the pilot is a near-constant multiple of the
 *   baseline: over the common steps where both are finite and non-zero,
 *   the median of pilot/baseline m is within 5 % of an integer k >= 2 (or
 *   1/m of one: factor 1/k), and the ratios' median absolute deviation is
 *   at most 5 % of m. Typical cause: a loss summed over G micro-batches
 *   instead of averaged (factor = G). Supported when the LR agrees at
 *   the common steps (max |rel diff| <= 1e-3) and eval_loss agrees
 *   (median eval ratio within 5 % of 1). Needs >= 5 common steps.
 * - [non_finite] NaN or +-inf values: count and first step.
 * - [zero_loss] values exactly 0.0 (e.g. a neuron_parallel_compile trial
 *   run's output, LOG-FORMATS.md section 9): count and first step.
 * - [constant_values] DT_CONSTANT_RUN_MIN or more consecutive logged
 *   points with bit-identical finite non-zero values (a stalled logger
 *   repeating its last value; 0.0 runs are reported as zero_loss): runs
 *   counted, first run's step and length. When >= 90 % of the curve's
 *   (>= 10) finite non-zero values lie on the bf16 grid (8 significant
 *   bits; else fp16, 11 bits), the runs are quantization and the detail
 *   says so: "pilot loss logged in bf16: +-0.39 %" (half a grid step
 *   relative to the repeated value), never a stalled logger.
 * - [step_offset] baseline and pilot fit clearly better one step apart:
 *   over the pilot's steps (>= DT_STEP_OFFSET_MIN) the mean squared gap
 *   to the baseline shifted by -1 or +1 step (linear interpolation) is
 *   at most a quarter of the unshifted one (the RMS gap halves). Cause:
 *   producers with different step bases (HF logs the update count, NeMo
 *   bars and Lightning the count before it). factor = the shift, ratio =
 *   RMS shifted / RMS unshifted.
 * - [global_batch_change] the launches on either side of a restart log
 *   different global batch sizes (samples per optimizer step): steps
 *   before and after are not the same training work. before / after =
 *   the two values; step = the restart's first logged effective step.
 * - [total_steps_change] the same for the total optimizer steps a launch
 *   was started for (HF "Total optimization steps", Megatron train_iters,
 *   NeMo max_steps, JSON-lines total_steps): the LR schedule's horizon
 *   moved at the restart.
 * A finding never changes the parity verdict itself; the compare output
 * carries it next to the verdict (dt_findings_verdict_note). */
#ifndef DT_FINDINGS_H
#define DT_FINDINGS_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/series.h"

/* Consecutive identical values that make a constant_values finding: 5
 * (a loss printed with 4 significant digits repeats 5 times in a row by
 * chance far less than once per 10^4 steps at 1 % step-to-step noise). */
#define DT_CONSTANT_RUN_MIN 5

typedef enum dt_finding_kind {
	DT_FIND_LOGGING_SCALE = 0,
	DT_FIND_NON_FINITE,
	DT_FIND_ZERO_LOSS,
	DT_FIND_CONSTANT,
	DT_FIND_STEP_OFFSET,
	DT_FIND_BATCH_CHANGE,
	DT_FIND_TOTAL_STEPS_CHANGE
} dt_finding_kind;

/* Number of finding kinds (letters of the TUI's finding marks). */
#define DT_FIND_KINDS 7

/* Common steps a step_offset finding needs. */
#define DT_STEP_OFFSET_MIN 10

typedef struct dt_finding {
	dt_finding_kind kind;
	char role[16];        /* "baseline", "pilot" or "both" */
	int64_t step;         /* first effective step concerned */
	size_t count;         /* points (non_finite, zero_loss), runs
	                       * (constant_values) or common steps (scale) */
	double factor;        /* logging_scale_mismatch: k or 1/k, else 0 */
	double ratio;         /* logging_scale_mismatch: median pilot/baseline */
	double spread;        /* logging_scale_mismatch: MAD / median */
	int lr_agrees;        /* 1 yes, 0 no, -1 not logged on both sides */
	int eval_agrees;      /* same, for eval_loss */
	int64_t before, after;/* global_batch_change / total_steps_change:
	                       * the values before and after the restart */
	int quantized;        /* constant_values: 8 (bf16) or 11 (fp16) when
	                       * the values lie on that float grid (the runs
	                       * are quantization, not a stalled logger) */
	char detail[320];
} dt_finding;

typedef struct dt_findings {
	size_t n, cap;
	dt_finding *v;        /* [n], owned */
} dt_findings;

/* The curves a logging-scale check looks at; lr_* and eval_* may be NULL
 * or empty. */
typedef struct dt_scale_in {
	const dt_series *loss_b, *loss_p;
	const dt_series *lr_b, *lr_p;
	const dt_series *eval_b, *eval_p;
} dt_scale_in;

/* Append the data findings (non_finite, zero_loss, constant_values) of
 * curve `s` of `metric`; role names the run ("baseline"/"pilot").
 * Returns 0 or -1 (ENOMEM). One feed of dt_findings_data_acc. */
int dt_findings_data(const dt_series *s, const char *role, const char *metric,
                     dt_findings *out);

/* The data findings of one curve fed in chunks (O(1) memory): start,
 * feed its points in order, finish; the findings equal
 * dt_findings_data's over the whole curve, whatever the chunking.
 * Fields are private to findings.c. */
typedef struct dt_findings_data_acc {
	size_t nonfinite, zeros;       /* counts */
	int64_t nonfinite_step, zero_step; /* first step of each */
	double nonfinite_value;        /* the first non-finite value */
	double run_v;                  /* value of the current run */
	int64_t run_step;              /* its first step */
	size_t run_len;                /* its length so far, 0 = none */
	size_t runs;                   /* runs >= DT_CONSTANT_RUN_MIN ended */
	double first_v;                /* the first such run: value, */
	int64_t first_step;            /* first step */
	size_t first_len;              /* and length */
	size_t grid_n, on8, on11;      /* finite non-zero values; of them
	                                * on the bf16 / fp16 grid */
} dt_findings_data_acc;

void dt_findings_data_start(dt_findings_data_acc *a);

/* The next n points (steps increasing from call to call). */
void dt_findings_data_feed(dt_findings_data_acc *a, const int64_t *step,
                           const double *value, size_t n);

/* Append the findings of the points fed (as dt_findings_data). Returns 0
 * or -1 (ENOMEM). */
int dt_findings_data_finish(dt_findings_data_acc *a, const char *role,
                            const char *metric, dt_findings *out);

/* 1 when finite v has at most `bits` significant bits (bf16: 8, fp16:
 * 11; from its IEEE 754 binary64 fraction bits, frexp for subnormals),
 * else 0 (also for NaN and +-inf). */
int dt_on_float_grid(double v, int bits);

/* Append a step_offset finding for loss curves b (baseline) and p
 * (pilot) when the rule above holds. 1 appended, 0 not, -1 ENOMEM.
 * One pass of dt_stream_pass (stream_pass.h) over the two curves. */
int dt_findings_step_offset(const dt_series *b, const dt_series *p,
                            dt_findings *out);

/* The baseline points around a pilot step s, for the step_offset rule:
 * those of index K-3 .. K (the ones that exist), K the first baseline
 * point with step > s (all of the baseline when none). */
typedef struct dt_step_window {
	int64_t step[4];
	double value[4];
	size_t n;            /* points held */
	size_t first;        /* baseline index of step[0] */
} dt_step_window;

/* The step_offset sums fed one pilot point at a time (O(1) memory).
 * Fields are private to findings_step.c. */
typedef struct dt_step_offset_acc {
	double sum[3];       /* squared gaps at shift 0, -1, +1 */
	size_t n[3];         /* pilot points counted in each */
	int64_t first_step;  /* the pilot's first step */
	size_t pilot_n;      /* pilot points fed */
} dt_step_offset_acc;

void dt_step_offset_start(dt_step_offset_acc *a);

/* Pilot point (s, y), pilot steps increasing from call to call, with the
 * baseline points around s. */
void dt_step_offset_point(dt_step_offset_acc *a, int64_t s, double y,
                          const dt_step_window *w);

/* Append the finding when the rule holds for the points fed, the
 * baseline having baseline_n points in all. 1 appended, 0 not, -1
 * ENOMEM. */
int dt_step_offset_finish(const dt_step_offset_acc *a, size_t baseline_n,
                          dt_findings *out);

/* Append a global_batch_change (key DT_SETTING_GLOBAL_BATCH) or
 * total_steps_change (DT_SETTING_TOTAL_STEPS, model/core/rawlog.h)
 * finding for the restart of run `role` at effective step `at_step` when
 * both values are known (> 0) and differ. Returns 1 appended, 0 not, -1
 * ENOMEM. */
int dt_findings_restart_setting(const char *role, int64_t at_step,
                                const char *key, int64_t before,
                                int64_t after, dt_findings *out);

/* Append a zeroed finding of kind k for `role`; NULL on ENOMEM. */
dt_finding *dt_findings_push(dt_findings *f, dt_finding_kind k,
                             const char *role);

/* Append a logging_scale_mismatch finding when the rule above holds.
 * Returns 1 when appended, 0 when not, -1 on ENOMEM. Passes of
 * dt_scale_acc over the common steps of in's loss curves. */
int dt_findings_scale(const dt_scale_in *in, dt_findings *out);

/* The logging-scale rule fed the loss curves' common steps in passes,
 * in bounded memory (about 1 MB whatever the curves' length): the median
 * ratio and the median absolute deviation are selected exactly by
 * counting the ratios' IEEE 754 bit patterns in 65536 buckets per pass
 * (16 bits at a time, most significant first; an order-preserving map of
 * the bits: a radix select) and, once the median's bucket holds at most
 * 65536 ratios, selecting among them. Equal to a whole-array median and
 * MAD (dt_median_inplace, dt_mad_inplace) whenever no ratio overflows to
 * +-inf. The first pass decides alone in the usual cases: fewer than 5
 * ratios, or a median bucket inside [0.6875, 1.5) (k would be 1) or
 * negative; otherwise about 3 passes find the median and 3 the MAD.
 * Fields are private to findings_scale.c. */
typedef struct dt_scale_acc {
	size_t n;            /* usable common steps (finite, non-zero) */
	int64_t first;       /* step of the first of them */
	int phase;           /* 0 first pass, 1 median, 2 MAD, 3 done */
	int finding;         /* done: 1 when the rule may hold */
	uint32_t *hist;      /* [65536] bucket counts of this pass */
	double *keep;        /* the values of the selected bucket */
	size_t nkeep, capkeep;
	uint64_t prefix;     /* bits of the selected key so far */
	int bits;            /* how many (0, 16, 32, 48) */
	size_t rank;         /* rank sought among the keys under prefix */
	int collect;         /* 1: this pass collects into keep */
	double median, mad;
} dt_scale_acc;

/* Start; returns 0, or -1 with errno ENOMEM. */
int dt_scale_acc_start(dt_scale_acc *a);

/* A common step of the loss curves: baseline value b, pilot value p
 * (pairs where either is non-finite or zero are skipped). Each pass
 * feeds the same pairs in the same order. */
void dt_scale_acc_pair(dt_scale_acc *a, int64_t step, double b, double p);

/* End of a pass: 1 when another pass over the same pairs is needed, 0
 * when the rule is decided, -1 with errno ENOMEM. */
int dt_scale_acc_next(dt_scale_acc *a);

/* Append the finding when the (decided) rule holds, as
 * dt_findings_scale with no lr and eval_loss curves (call
 * dt_findings_scale_agree after when they are logged). Returns 1
 * appended, 0 not, -1 ENOMEM. Frees what a holds either way. */
int dt_scale_acc_finish(dt_scale_acc *a, dt_findings *out);

/* Free what a holds (after an error). */
void dt_scale_acc_free(dt_scale_acc *a);

/* (Re)compute the LR and eval_loss agreement of logging-scale finding x
 * (made by dt_findings_scale from in's loss curves) from in's lr_* and
 * eval_* curves, and its detail text: so a caller can load those curves
 * only when the finding is made. */
void dt_findings_scale_agree(dt_finding *x, const dt_scale_in *in);

/* The first logging_scale_mismatch finding, or NULL. */
const dt_finding *dt_findings_scale_of(const dt_findings *f);

/* Text to show beside the verdict, so a PASS never hides a finding:
 * "logging-scale mismatch (x 4)" or "(x 1/4)" when there is one, else
 * "with 1 finding" / "with N findings" (the CLI and the TUI
 * list them under the verdict), "" when there is none. Written to buf (size n); returns buf. */
char *dt_findings_verdict_note(const dt_findings *f, char *buf, size_t n);

/* One finding as every output names it: "finding KIND at step S: DETAIL"
 * ("finding non_finite at step 50: pilot loss: 1 non-finite value(s),
 * first nan at step 50"). DETAIL as stored (the caller sanitises).
 * Written to buf (size n); returns buf. */
char *dt_finding_text(const dt_finding *f, char *buf, size_t n);

/* JSON name of a kind: "logging_scale_mismatch", "non_finite",
 * "zero_loss", "constant_values", "step_offset", "global_batch_change",
 * "total_steps_change". */
const char *dt_finding_kind_name(dt_finding_kind k);

/* Free the findings and zero the struct. */
void dt_findings_free(dt_findings *f);

#endif
