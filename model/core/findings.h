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
 * Returns 0 or -1 (ENOMEM). */
int dt_findings_data(const dt_series *s, const char *role, const char *metric,
                     dt_findings *out);

/* Append a step_offset finding for loss curves b (baseline) and p
 * (pilot) when the rule above holds. 1 appended, 0 not, -1 ENOMEM. */
int dt_findings_step_offset(const dt_series *b, const dt_series *p,
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
 * Returns 1 when appended, 0 when not, -1 on ENOMEM. */
int dt_findings_scale(const dt_scale_in *in, dt_findings *out);

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

/* JSON name of a kind: "logging_scale_mismatch", "non_finite",
 * "zero_loss", "constant_values", "step_offset", "global_batch_change",
 * "total_steps_change". */
const char *dt_finding_kind_name(dt_finding_kind k);

/* Free the findings and zero the struct. */
void dt_findings_free(dt_findings *f);

#endif
