/* dt_parity.c: pairing by effective step and the Megatron-style
 * tolerance rule (see dt_parity.h for the rule and its source). */
#include "model/core/parity.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

dt_parity_opts dt_parity_defaults(void)
{
	dt_parity_opts o = {.rtol = 0.02, .atol = 0.0, .warmup = 0,
	                    .baseline_gb = 0, .pilot_gb = 0};
	return o;
}

static dt_parity_opts adhoc;
static int adhoc_set;

dt_parity_opts dt_parity_adhoc_defaults(void)
{
	return adhoc_set ? adhoc : dt_parity_defaults();
}

void dt_parity_set_adhoc(const dt_parity_opts *o)
{
	adhoc = *o;
	adhoc_set = 1;
}

size_t dt_parity_allowed(size_t n)
{
	size_t k = n / 100;
	if (k < 1)
		k = 1;
	if (k > 50)
		k = 50;
	return k;
}

const char *dt_verdict_name(dt_verdict v)
{
	switch (v) {
	case DT_VERDICT_PASS: return "pass";
	case DT_VERDICT_FAIL: return "fail";
	default: return "insufficient";
	}
}

/* (p - b) / |b|, with 0/0 = 0 and x/0 = inf (issue 2 contract). */
static double rel_diff(double b, double p)
{
	if (isnan(b) || isnan(p))
		return NAN;
	if (b == 0.0)
		return p == 0.0 ? 0.0 : INFINITY;
	return (p - b) / fabs(b);
}

static int breaches(double b, double p, double rtol, double atol)
{
	if (!isfinite(b) || !isfinite(p))
		return 1;
	return fabs(p - b) > atol + rtol * fabs(b);
}

/* x coordinate of point i: effective step, or samples. */
static int64_t xof(const dt_series *s, size_t i, int64_t gb)
{
	return gb > 0 ? s->step[i] * gb : s->step[i];
}

int dt_parity_compute(const dt_series *baseline, const dt_series *pilot,
                      const dt_parity_opts *opts, dt_parity *out)
{
	memset(out, 0, sizeof *out);
	out->opts = *opts;
	int64_t gb_b = 0, gb_p = 0, warm = opts->warmup;
	if (opts->baseline_gb > 0 && opts->pilot_gb > 0 &&
	    opts->baseline_gb != opts->pilot_gb) {
		out->by_samples = 1;
		gb_b = opts->baseline_gb;
		gb_p = opts->pilot_gb;
		warm = opts->warmup * opts->baseline_gb;
	}
	size_t cap = baseline->n < pilot->n ? baseline->n : pilot->n;
	out->points = malloc((cap ? cap : 1) * sizeof *out->points);
	if (!out->points) {
		errno = ENOMEM;
		return -1;
	}
	size_t i = 0, j = 0;
	double maxabs = -1.0;
	while (i < baseline->n && j < pilot->n) {
		int64_t xb = xof(baseline, i, gb_b), xp = xof(pilot, j, gb_p);
		if (xb < xp) {
			i++;
			continue;
		}
		if (xp < xb) {
			j++;
			continue;
		}
		if (warm <= 0 || xb > warm) {  /* warm-up 0: every step */
			dt_parity_point *pt = &out->points[out->n++];
			pt->x = xb;
			pt->baseline = baseline->value[i];
			pt->pilot = pilot->value[j];
			pt->rel_diff = rel_diff(pt->baseline, pt->pilot);
			pt->breach = breaches(pt->baseline, pt->pilot, opts->rtol,
			                      opts->atol);
			if (pt->breach && out->breaches++ == 0)
				out->first_breach_x = xb;
			double a = fabs(pt->rel_diff);
			if (!isnan(a) && a > maxabs) {
				maxabs = a;
				out->max_abs_rel_diff_x = xb;
			}
		}
		i++;
		j++;
	}
	out->max_abs_rel_diff = maxabs < 0 ? NAN : maxabs;
	out->allowed_breaches = dt_parity_allowed(out->n);
	if (out->n < 2)
		out->verdict = DT_VERDICT_INSUFFICIENT;
	else if (out->breaches <= out->allowed_breaches)
		out->verdict = DT_VERDICT_PASS;
	else
		out->verdict = DT_VERDICT_FAIL;
	return 0;
}

void dt_parity_free(dt_parity *p)
{
	free(p->points);
	memset(p, 0, sizeof *p);
}
