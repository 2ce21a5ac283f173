/* findings_step.c: the step_offset finding: baseline and pilot fit
 * clearly better one step apart (a step-base difference between their
 * producers: one logs the update count, 1-based, the other the count
 * before the update, 0-based). Rule in findings.h; fed one pilot point
 * at a time with the few baseline points around it (stream_pass.c), so
 * the curves are never needed whole. */
#include "model/core/findings.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/core/stream_pass.h"

void dt_step_offset_start(dt_step_offset_acc *a)
{
	memset(a, 0, sizeof *a);
}

/* Baseline value at integer step x by linear interpolation inside its
 * range; 0 when x is outside it or the neighbours are not finite. With k
 * the first baseline point with step >= x: its value when its step is x,
 * else between points k - 1 and k. w holds k - 1 and k whenever x is
 * within one step of the pilot step it was built for. */
static int value_at(const dt_step_window *w, int64_t x, double *v)
{
	size_t i = 0;
	while (i < w->n && w->step[i] < x)
		i++;
	if (i == w->n)
		return 0;                  /* beyond the baseline's last step */
	if (w->step[i] == x) {
		*v = w->value[i];
		return isfinite(*v);
	}
	if (i == 0)
		return 0;                  /* before its first step (first = 0) */
	double x0 = (double)w->step[i - 1], x1 = (double)w->step[i];
	double y0 = w->value[i - 1], y1 = w->value[i];
	if (!isfinite(y0) || !isfinite(y1))
		return 0;
	*v = y0 + (y1 - y0) * ((double)x - x0) / (x1 - x0);
	return 1;
}

void dt_step_offset_point(dt_step_offset_acc *a, int64_t s, double y,
                          const dt_step_window *w)
{
	static const int shift[3] = {0, -1, 1};
	if (a->pilot_n++ == 0)
		a->first_step = s;
	if (!isfinite(y))
		return;
	for (int d = 0; d < 3; d++) {
		double bv;
		if (!value_at(w, s + shift[d], &bv))
			continue;
		double g = y - bv;
		a->sum[d] += g * g;
		a->n[d]++;
	}
}

int dt_step_offset_finish(const dt_step_offset_acc *a, size_t baseline_n,
                          dt_findings *out)
{
	/* mean squared gap at shift 0, -1, +1 over the pilot's steps where
	 * both hold finite values (none when the baseline has < 2 points) */
	size_t n0 = baseline_n < 2 ? 0 : a->n[0];
	size_t nm = baseline_n < 2 ? 0 : a->n[1];
	size_t np = baseline_n < 2 ? 0 : a->n[2];
	double m0 = n0 ? a->sum[0] / (double)n0 : NAN;
	double mm = nm ? a->sum[1] / (double)nm : NAN;
	double mp = np ? a->sum[2] / (double)np : NAN;
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
	x->step = a->first_step;
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

int dt_findings_step_offset(const dt_series *b, const dt_series *p,
                            dt_findings *out)
{
	dt_curve_src sb, sp;
	dt_stream_job job;
	dt_curve_src_series(&sb, b);
	dt_curve_src_series(&sp, p);
	memset(&job, 0, sizeof job);
	job.step_offset = 1;
	job.findings = out;
	size_t before = out->n;
	if (dt_stream_pass(&sb, &sp, &job) < 0)
		return -1;
	return out->n > before;
}
