/* compare_verdicts.c: findings, interpolation, window means and the
 * noise ratio of `dualtrack compare` (see compare_verdicts.h). */
#include "cli/compare_verdicts.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "model/core/resample.h"
#include "model/service/run_findings.h"
#include "model/util/text.h"

/* The GPU runs agree exactly at every common step: R is undefined. */
static int gpu_identical(const dt_cmp_extra *x)
{
	return x->have_noise && x->noise.n > 0 && x->noise.mean_spread == 0;
}

/* Whether a metric is a loss (zero and constant values are suspicious
 * only there: an lr of 0 or a constant lr is normal). */
static int loss_like(const char *metric)
{
	return strstr(metric, "loss") || strstr(metric, "perplexity") ||
	       strstr(metric, "ppl");
}

static int findings(dt_store *st, const dt_run *rb, const dt_run *rp,
                    const char *metric, const dt_series *sb,
                    const dt_series *sp, dt_cmp_extra *x)
{
	char err[600];
	if (dt_run_findings(st, rb, rp, metric, sb, sp, &x->findings, err,
	                    sizeof err) < 0) {
		fprintf(stderr, "dualtrack: %s\n", err);
		return -1;
	}
	size_t k = 0;
	for (size_t i = 0; i < x->findings.n; i++) {
		dt_finding_kind kd = x->findings.v[i].kind;
		if (loss_like(metric) ||
		    (kd != DT_FIND_ZERO_LOSS && kd != DT_FIND_CONSTANT))
			x->findings.v[k++] = x->findings.v[i];
	}
	x->findings.n = k;
	dt_findings_verdict_note(&x->findings, x->note, sizeof x->note);
	return 0;
}

/* Replace *s by its window means. */
static int window(dt_series *s, int64_t w)
{
	dt_series t;
	if (dt_series_window_mean(s, w, &t) < 0)
		return -1;
	dt_series_free(s);
	*s = t;
	return 0;
}

static int noise(dt_store *st, const char *metric, const dt_series *sb,
                 const dt_series *sp, int64_t warmup, dt_cmp_extra *x)
{
	dt_run extra[DT_CMP_MAX_EXTRA];
	char err[600];
	for (size_t n = 0; n < x->o.nalso; n++)
		if (dt_cli_find_run(st, x->o.also[n], &extra[n]) < 0)
			return -1;
	if (dt_run_noise(st, extra, x->o.nalso, metric, x->o.window, sb, sp,
	                 warmup, &x->noise, err, sizeof err) < 0) {
		fprintf(stderr, "dualtrack: %s\n", err);
		return -1;
	}
	x->have_noise = 1;
	return 0;
}

int dt_cmp_extra_prepare(dt_store *st, const dt_run *rb, const dt_run *rp,
                         const char *metric, dt_series *sb, dt_series *sp,
                         int64_t warmup, const dt_cmp_opts *o,
                         dt_cmp_extra *x)
{
	memset(x, 0, sizeof *x);
	x->o = *o;
	int by_samples = rb->global_batch > 0 && rp->global_batch > 0 &&
	                 rb->global_batch != rp->global_batch;
	if (by_samples && (o->interpolate || o->window || o->nalso)) {
		fprintf(stderr, "dualtrack: --interpolate, --window and "
		        "--also-baseline pair by effective step, but the global "
		        "batches differ (%lld vs %lld): runs are paired by samples\n",
		        (long long)rb->global_batch, (long long)rp->global_batch);
		return -1;
	}
	if (o->rule_noise && o->nalso == 0) {
		fprintf(stderr, "dualtrack: --rule noise needs --also-baseline RUN\n");
		return -1;
	}
	if (findings(st, rb, rp, metric, sb, sp, x) < 0)
		return -1;
	if (o->interpolate) {
		dt_series t;
		if (dt_series_interpolate(sp, sb, &t, &x->ninterp) < 0)
			goto oom;
		dt_series_free(sp);
		*sp = t;
		x->npilot = t.n;
	}
	if (o->window && (window(sb, o->window) < 0 || window(sp, o->window) < 0))
		goto oom;
	if (o->nalso && noise(st, metric, sb, sp, warmup, x) < 0)
		return -1;
	if (o->rule_noise && gpu_identical(x) && !x->note[0])
		snprintf(x->note, sizeof x->note, "GPU runs identical: noise "
		         "ratio undefined");
	return 0;
oom:
	fprintf(stderr, "dualtrack: out of memory\n");
	return -1;
}

dt_verdict dt_cmp_noise_verdict(const dt_cmp_extra *x)
{
	if (gpu_identical(x))
		return DT_VERDICT_INSUFFICIENT;
	return dt_noise_verdict(x->have_noise ? &x->noise : NULL);
}

static void json_agree(dt_jw *w, const char *key, int a)
{
	dt_jw_key(w, key);
	if (a < 0)
		dt_jw_null(w);
	else
		dt_jw_bool(w, a);
}

static void json_finding(dt_jw *w, const dt_finding *f)
{
	dt_jw_obj_begin(w);
	dt_jw_key(w, "kind"); dt_jw_str(w, dt_finding_kind_name(f->kind));
	dt_jw_key(w, "run"); dt_jw_str(w, f->role);
	dt_jw_key(w, "step"); dt_jw_int(w, f->step);
	dt_jw_key(w, "count"); dt_jw_int(w, (int64_t)f->count);
	if (f->kind == DT_FIND_LOGGING_SCALE) {
		dt_jw_key(w, "factor"); dt_jw_num(w, f->factor);
		dt_jw_key(w, "median_ratio"); dt_jw_num(w, f->ratio);
		dt_jw_key(w, "spread"); dt_jw_num(w, f->spread);
		json_agree(w, "lr_agrees", f->lr_agrees);
		json_agree(w, "eval_loss_agrees", f->eval_agrees);
	}
	dt_jw_key(w, "detail"); dt_jw_str(w, f->detail);
	dt_jw_obj_end(w);
}

void dt_cmp_extra_json(dt_jw *w, const dt_cmp_extra *x)
{
	dt_jw_key(w, "interpolated"); dt_jw_bool(w, x->o.interpolate);
	if (x->o.interpolate) {
		dt_jw_key(w, "interpolated_points"); dt_jw_int(w, (int64_t)x->ninterp);
	}
	dt_jw_key(w, "window");
	if (x->o.window) dt_jw_int(w, x->o.window); else dt_jw_null(w);
	dt_jw_key(w, "rule"); dt_jw_str(w, x->o.rule_noise ? "noise" : "rtol");
	dt_jw_key(w, "noise_ratio");
	if (x->have_noise && !isnan(x->noise.ratio) && !gpu_identical(x))
		dt_jw_num(w, x->noise.ratio);
	else
		dt_jw_null(w);
	dt_jw_key(w, "noise");
	if (x->have_noise) {
		dt_jw_obj_begin(w);
		dt_jw_key(w, "gpu_runs"); dt_jw_int(w, (int64_t)x->noise.nbaselines);
		dt_jw_key(w, "steps"); dt_jw_int(w, (int64_t)x->noise.n);
		dt_jw_key(w, "gpu_spread_rms"); dt_jw_num(w, x->noise.mean_spread);
		dt_jw_key(w, "pilot_gap_rms"); dt_jw_num(w, x->noise.mean_gap);
		dt_jw_key(w, "band");
		dt_jw_str(w, gpu_identical(x) ? "GPU runs identical: ratio undefined"
		                             : dt_noise_band(x->noise.ratio));
		dt_jw_key(w, "verdict");
		dt_jw_str(w, dt_verdict_name(dt_cmp_noise_verdict(x)));
		dt_jw_obj_end(w);
	} else {
		dt_jw_null(w);
	}
	dt_jw_key(w, "findings");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < x->findings.n; i++)
		json_finding(w, &x->findings.v[i]);
	dt_jw_arr_end(w);
	dt_jw_key(w, "verdict_note");
	if (x->note[0]) dt_jw_str(w, x->note); else dt_jw_null(w);
}

void dt_cmp_extra_text(const dt_cmp_extra *x)
{
	if (x->o.interpolate)
		printf("interpolated: pilot linearly interpolated onto the baseline's "
		       "steps (%zu of %zu pilot points interpolated, not logged)\n",
		       x->ninterp, x->npilot);
	if (x->o.window)
		printf("window: means over windows of %lld effective steps\n",
		       (long long)x->o.window);
	if (x->have_noise) {
		if (isnan(x->noise.ratio))
			printf("noise: no step common to all %zu GPU runs and the pilot\n",
			       x->noise.nbaselines);
		else if (gpu_identical(x))
			printf("noise: GPU runs identical: ratio undefined (spread 0 "
			       "over %zu steps, %zu GPU runs; RMS pilot gap %.4g)\n",
			       x->noise.n, x->noise.nbaselines, x->noise.mean_gap);
		else
			printf("noise: pilot gap / GPU run-to-run spread = %.3g over %zu "
			       "steps, %zu GPU runs (RMS gap %.4g, spread %.4g): %s "
			       "(<= %.1f passes; the %s rule decides)\n", x->noise.ratio,
			       x->noise.n, x->noise.nbaselines, x->noise.mean_gap,
			       x->noise.mean_spread, dt_noise_band(x->noise.ratio),
			       DT_NOISE_ACCEPT, x->o.rule_noise ? "noise" : "rtol");
	}
	for (size_t i = 0; i < x->findings.n; i++) {
		const dt_finding *f = &x->findings.v[i];
		char d[sizeof f->detail * 2];
		dt_sanitize(f->detail, d, sizeof d);
		printf("finding %s at step %lld: %s\n", dt_finding_kind_name(f->kind),
		       (long long)f->step, d);
	}
}

void dt_cmp_extra_free(dt_cmp_extra *x)
{
	dt_findings_free(&x->findings);
	dt_noise_free(&x->noise);
}
