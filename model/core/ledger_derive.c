/* dt_ledger_derive.c: what a run's logs say about its time: first-step
 * overhead, useful training, redone steps and gaps between restarts
 * (rules in dt_ledger.h, after AI-Hypercomputer/ml-goodput-measurement,
 * ANCHORS.md b6). */
#include "model/core/ledger.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/segments.h"
#include "model/core/stats.h"

/* b6 ideal step time: mean of the finite step times <= median + 3 MAD. */
static int ideal_step(const dt_series *segs, size_t nseg, double *out)
{
	size_t n = 0;
	for (size_t j = 0; j < nseg; j++)
		n += segs[j].n;
	double *v = malloc((n ? n : 1) * sizeof *v), *w = malloc((n ? n : 1) *
	                                                        sizeof *w);
	if (!v || !w) {
		free(v);
		free(w);
		errno = ENOMEM;
		return -1;
	}
	size_t m = 0;
	for (size_t j = 0; j < nseg; j++)
		for (size_t i = 0; i < segs[j].n; i++)
			if (isfinite(segs[j].value[i]) && segs[j].value[i] >= 0)
				v[m++] = segs[j].value[i];
	memcpy(w, v, m * sizeof *v);
	double med = dt_median_inplace(w, m);
	double cut = med + 3.0 * dt_mad_inplace(w, m, med);
	double sum = 0;
	size_t k = 0;
	for (size_t i = 0; i < m; i++)
		if (v[i] <= cut) {
			sum += v[i];
			k++;
		}
	*out = k ? sum / (double)k : 0.0;
	free(v);
	free(w);
	return 0;
}

/* max(0, first step time - mean of the segment's other step times). */
static double startup(const dt_series *s)
{
	if (s->n < 2 || !isfinite(s->value[0]))
		return 0.0;
	double sum = 0;
	size_t k = 0;
	for (size_t i = 1; i < s->n; i++)
		if (isfinite(s->value[i])) {
			sum += s->value[i];
			k++;
		}
	double d = k ? s->value[0] - sum / (double)k : 0.0;
	return d > 0 ? d : 0.0;
}

static int step_times(const dt_series *segs, size_t nseg, int64_t I,
                      dt_ledger_derived *o)
{
	int64_t *lim = dt_segment_limits(segs, nseg);
	if (!lim)
		return -1;
	for (size_t j = 0; j < nseg; j++) {
		const dt_series *s = &segs[j];
		for (size_t i = 0; i < s->n; i++) {
			if (!isfinite(s->value[i]) || s->value[i] < 0)
				continue;
			double t = s->value[i] * (double)I;
			if (s->step[i] < lim[j])
				o->training_s += t;
			else
				o->wasted_s += t;
		}
		double su = startup(s);
		o->startup_s += su;
		if (s->n && s->step[0] < lim[j])
			o->training_s -= su * (double)I;
		else
			o->wasted_s -= su * (double)I;
	}
	free(lim);
	return 0;
}

int dt_ledger_derive(const dt_series *step_time, size_t nst,
                     const dt_series *wall, size_t nwall,
                     const dt_series *loss, int64_t interval,
                     dt_ledger_derived *out)
{
	memset(out, 0, sizeof *out);
	int64_t I = interval < 1 ? 1 : interval;
	out->segments = nst > nwall ? nst : nwall;
	if (loss && loss->n)
		out->useful_steps = loss->step[loss->n - 1];
	if (nst > 0) {
		out->has_step_time = 1;
		if (ideal_step(step_time, nst, &out->ideal_step_s) < 0)
			return -1;
		if (step_times(step_time, nst, I, out) < 0)
			return -1;
	}
	for (size_t j = 0; j + 1 < nwall; j++) {
		const dt_series *a = &wall[j], *b = &wall[j + 1];
		out->has_wall = 1;
		if (a->n && b->n && b->value[0] > a->value[a->n - 1])
			out->restart_gap_s += b->value[0] - a->value[a->n - 1];
	}
	return 0;
}
