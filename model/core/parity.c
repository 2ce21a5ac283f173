/* dt_parity.c: pairing by effective step and the Megatron-style
 * tolerance rule (see dt_parity.h for the rule and its source). */
#include "model/core/parity.h"

#include <math.h>
#include <stdio.h>
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

int dt_parity_adhoc_is_set(void)
{
	return adhoc_set;
}

static unsigned adhoc_keys = DT_TOL_KEY_RTOL | DT_TOL_KEY_ATOL |
                             DT_TOL_KEY_WARMUP;

void dt_parity_set_adhoc_keys(const dt_parity_opts *o, unsigned keys)
{
	dt_parity_set_adhoc(o);
	adhoc_keys = keys;
}

unsigned dt_parity_adhoc_keys(void)
{
	return adhoc_set ? adhoc_keys : 0;
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

dt_parity_point dt_parity_judge(int64_t x, double baseline, double pilot,
                                const dt_parity_opts *o)
{
	dt_parity_point pt;
	pt.x = x;
	pt.baseline = baseline;
	pt.pilot = pilot;
	pt.rel_diff = rel_diff(baseline, pilot);
	pt.breach = breaches(baseline, pilot, o->rtol, o->atol);
	return pt;
}

int dt_parity_compute_keep(const dt_series *baseline, const dt_series *pilot,
                           const dt_parity_opts *opts, unsigned keep,
                           dt_parity *out)
{
	dt_parity_acc a;
	size_t ub, up;
	size_t cap = baseline->n < pilot->n ? baseline->n : pilot->n;
	memset(out, 0, sizeof *out);
	if (dt_parity_acc_start(&a, opts, keep, cap ? cap : 1) < 0)
		return -1;
	if (dt_parity_acc_feed(&a, baseline->step, baseline->value, baseline->n,
	                       pilot->step, pilot->value, pilot->n, &ub,
	                       &up) < 0) {
		dt_parity_acc_discard(&a);
		return -1;
	}
	dt_parity_acc_finish(&a, out);
	return 0;
}

int dt_parity_compute(const dt_series *baseline, const dt_series *pilot,
                      const dt_parity_opts *opts, dt_parity *out)
{
	return dt_parity_compute_keep(baseline, pilot, opts,
	                              DT_PARITY_KEEP_POINTS, out);
}

void dt_parity_free(dt_parity *p)
{
	free(p->points);
	free(p->blocks);
	free(p->kept);
	memset(p, 0, sizeof *p);
}

char *dt_parity_warmup_text(int64_t warmup, char *out, size_t n)
{
	if (warmup <= 0)
		snprintf(out, n, "warm-up 0: every common step is compared");
	else
		snprintf(out, n, "steps <= %lld (warm-up) are not compared",
		         (long long)warmup);
	return out;
}
