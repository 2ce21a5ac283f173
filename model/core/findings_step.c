/* findings_step.c: the step_offset finding: baseline and pilot fit
 * clearly better one step apart (a step-base difference between their
 * producers: one logs the update count, 1-based, the other the count
 * before the update, 0-based). Rule in findings.h. */
#include "model/core/findings.h"

#include <math.h>
#include <stdio.h>

/* Value of s at `x` by linear interpolation inside its range; 0 when x
 * is outside it or the neighbours are not finite. *i is the first index
 * with step >= ceil(x) found by the previous call (0 at first): x only
 * grows from call to call, so the search walks forward from there, and
 * one pass over both curves costs O(n_b + n_p) instead of a binary
 * search per point. */
static int value_at(const dt_series *s, double x, size_t *i, double *v)
{
	if (s->n < 2 || x < (double)s->step[0] ||
	    x > (double)s->step[s->n - 1])
		return 0;
	int64_t key = (int64_t)ceil(x);
	while (*i < s->n && s->step[*i] < key)
		(*i)++;
	size_t k = *i;
	if (k < s->n && (double)s->step[k] == x) {
		*v = s->value[k];
		return isfinite(*v);
	}
	if (k == 0 || k >= s->n)
		return 0;
	double x0 = (double)s->step[k - 1], x1 = (double)s->step[k];
	double y0 = s->value[k - 1], y1 = s->value[k];
	if (!isfinite(y0) || !isfinite(y1))
		return 0;
	*v = y0 + (y1 - y0) * (x - x0) / (x1 - x0);
	return 1;
}

/* Mean squared gap of p against b shifted by d steps (b at s + d) over
 * the pilot's steps where both hold finite values; *n their count. */
static double msq_gap(const dt_series *b, const dt_series *p, int d,
                      size_t *n)
{
	double sum = 0, bv;
	size_t at = 0;
	*n = 0;
	for (size_t i = 0; i < p->n; i++) {
		if (!isfinite(p->value[i]) ||
		    !value_at(b, (double)p->step[i] + d, &at, &bv))
			continue;
		double g = p->value[i] - bv;
		sum += g * g;
		(*n)++;
	}
	return *n ? sum / (double)*n : NAN;
}

int dt_findings_step_offset(const dt_series *b, const dt_series *p,
                            dt_findings *out)
{
	size_t n0, nm, np;
	double m0 = msq_gap(b, p, 0, &n0);
	double mm = msq_gap(b, p, -1, &nm), mp = msq_gap(b, p, 1, &np);
	if (n0 < DT_STEP_OFFSET_MIN || !(m0 > 0))
		return 0;
	int d = 0;
	double best = m0;
	if (nm >= DT_STEP_OFFSET_MIN && mm < best) {
		best = mm;
		d = -1;
	}
	if (np >= DT_STEP_OFFSET_MIN && mp < best) {
		best = mp;
		d = 1;
	}
	/* Clearly better: the RMS gap at least halves. */
	if (d == 0 || !(best <= 0.25 * m0))
		return 0;
	dt_finding *x = dt_findings_push(out, DT_FIND_STEP_OFFSET, "both");
	if (!x)
		return -1;
	x->step = p->step[0];
	x->count = n0;
	x->factor = d;
	x->ratio = sqrt(best / m0);
	snprintf(x->detail, sizeof x->detail, "baseline and pilot fit one step "
	         "apart: pilot step s matches baseline step s %+d (RMS gap %.3g "
	         "-> %.3g over %zu steps); a step-base difference (one producer "
	         "logs the update count, the other the count before it): "
	         "re-import one file with --step-base 0|1", d, sqrt(m0),
	         sqrt(best), n0);
	return 1;
}
