/* compare_verdicts.h: what `dualtrack compare` adds beside the rtol/atol
 * rule (issue 5): findings (logging-scale and data traps), explicit
 * interpolation, window means and the noise ratio against extra GPU
 * baseline runs. */
#ifndef DT_COMPARE_VERDICTS_H
#define DT_COMPARE_VERDICTS_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/findings.h"
#include "model/util/jsonw.h"
#include "model/core/noise.h"
#include "model/core/parity.h"
#include "model/store/store.h"

#define DT_CMP_MAX_EXTRA 16

/* Options given on the command line. */
typedef struct dt_cmp_opts {
	int interpolate;                     /* --interpolate */
	int64_t window;                      /* --window W, 0 = off */
	const char *also[DT_CMP_MAX_EXTRA];  /* --also-baseline RUN... */
	size_t nalso;
	int rule_noise;                      /* --rule noise */
} dt_cmp_opts;

typedef struct dt_cmp_extra {
	dt_cmp_opts o;
	size_t ninterp;          /* pilot points made by interpolation */
	size_t npilot;           /* pilot points after interpolation */
	dt_findings findings;
	int have_noise;
	dt_noise noise;
	char note[96];           /* verdict note, "" when none */
} dt_cmp_extra;

/* Compute the findings on the curves as loaded, then apply the options
 * in place: interpolate the pilot `sp` onto the baseline's steps, take
 * window means of both, load the extra baselines and compute the noise
 * ratio (warm-up in effective steps). Prints "dualtrack: ..." and
 * returns -1 on an error (unknown run, options that need pairing by
 * step while the global batches differ, ENOMEM); 0 otherwise. */
int dt_cmp_extra_prepare(dt_store *st, const dt_run *rb, const dt_run *rp,
                         const char *metric, dt_series *sb, dt_series *sp,
                         int64_t warmup, const dt_cmp_opts *o,
                         dt_cmp_extra *x);

/* The verdict of the noise rule: pass when R <= DT_NOISE_ACCEPT, fail
 * above, insufficient without a ratio or with fewer than 2 steps. */
dt_verdict dt_cmp_noise_verdict(const dt_cmp_extra *x);

/* Write the extra summary keys (interpolated, window, rule, noise_ratio,
 * noise, findings, verdict_note) into the open summary object. */
void dt_cmp_extra_json(dt_jw *w, const dt_cmp_extra *x);

/* Print the extra text lines (transforms, noise, findings). */
void dt_cmp_extra_text(const dt_cmp_extra *x);

void dt_cmp_extra_free(dt_cmp_extra *x);

#endif
