/* dt_noise.c: GPU run-to-run spread and the pilot's gap (rule in
 * dt_noise.h). */
#include "model/core/noise.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *dt_noise_band(double r)
{
	if (isnan(r))
		return "insufficient";
	if (r <= DT_NOISE_ACCEPT)
		return "within GPU noise";
	if (r <= 3.0)
		return "possible difference";
	if (r <= 10.0)
		return "likely difference";
	return "far outside GPU noise";
}

dt_verdict dt_noise_rule_verdict(const dt_noise *n)
{
	if (!n || n->n < 2 || n->spread_zero || isnan(n->ratio))
		return DT_VERDICT_INSUFFICIENT;
	return n->ratio <= DT_NOISE_ACCEPT ? DT_VERDICT_PASS : DT_VERDICT_FAIL;
}

void dt_noise_free(dt_noise *n)
{
	free(n->step);
	free(n->spread);
	free(n->gap);
	memset(n, 0, sizeof *n);
}

/* Value of s at `step` (cursor *i advances monotonically); 1 if finite. */
static int at(const dt_series *s, size_t *i, int64_t step, double *v)
{
	while (*i < s->n && s->step[*i] < step)
		(*i)++;
	if (*i >= s->n || s->step[*i] != step || !isfinite(s->value[*i]))
		return 0;
	*v = s->value[*i];
	return 1;
}

int dt_noise_compute(const dt_series *const *baselines, size_t k,
                     const dt_series *pilot, int64_t warmup, dt_noise *out)
{
	memset(out, 0, sizeof *out);
	out->ratio = NAN;
	out->nbaselines = k;
	if (k < 2) {
		errno = EINVAL;
		return -1;
	}
	size_t cap = pilot->n ? pilot->n : 1;
	size_t *cur = calloc(k, sizeof *cur);
	double *b = malloc(k * sizeof *b);
	out->step = malloc(cap * sizeof *out->step);
	out->spread = malloc(cap * sizeof *out->spread);
	out->gap = malloc(cap * sizeof *out->gap);
	if (!cur || !b || !out->step || !out->spread || !out->gap) {
		free(cur);
		free(b);
		dt_noise_free(out);
		errno = ENOMEM;
		return -1;
	}
	double ssum = 0, gsum = 0;
	for (size_t p = 0; p < pilot->n; p++) {
		int64_t s = pilot->step[p];
		double y = pilot->value[p];
		int ok = (warmup <= 0 || s > warmup) && isfinite(y);
		for (size_t i = 0; ok && i < k; i++)
			ok = at(baselines[i], &cur[i], s, &b[i]);
		if (!ok)
			continue;
		double sp = 0, g = (y - b[0]) * (y - b[0]);
		for (size_t i = 0; i < k; i++)
			for (size_t j = i + 1; j < k; j++)
				sp += (b[i] - b[j]) * (b[i] - b[j]);
		sp /= (double)(k * (k - 1) / 2);
		out->step[out->n] = s;
		out->spread[out->n] = sqrt(sp);
		out->gap[out->n] = sqrt(g);
		out->n++;
		ssum += sp;
		gsum += g;
	}
	free(cur);
	free(b);
	if (out->n > 0) {
		out->spread_zero = ssum == 0;
		out->ratio = ssum > 0 ? sqrt(gsum) / sqrt(ssum) : NAN;
		out->mean_spread = sqrt(ssum / (double)out->n);
		out->mean_gap = sqrt(gsum / (double)out->n);
	}
	return 0;
}
