/* dt_resume_checks.c: the data checks of one restart: LR continuity,
 * replay agreement, loss level (with one-point spikes) and the data
 * cursor (rules and thresholds in dt_resume.h). */
#include "model/core/resume_internal.h"

#include "model/core/stats.h"
#include "model/core/verdict_text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define DETAIL(v, i) (v)->detail[i], sizeof (v)->detail[i]

/* |a - b| / |b|, 0 when both are 0, inf when only b is. */
static double rel(double a, double b)
{
	if (b == 0.0)
		return a == 0.0 ? 0.0 : INFINITY;
	return fabs(a - b) / fabs(b);
}

/* LR after constant over its first >= 3 points (up to 5) while the LR
 * before changed between its last two points. */
static int lr_frozen(const dt_series *b, const dt_series *a, double rtol)
{
	size_t look = a->n < 5 ? a->n : 5;
	if (look < 3 || b->n < 2)
		return 0;
	for (size_t i = 1; i < look; i++)
		if (a->value[i] != a->value[0])
			return 0;
	double bl = b->value[b->n - 1], bp = b->value[b->n - 2];
	return fabs(bl - bp) > rtol * fabs(bl);
}

void dt_rs_check_lr(const dt_rs_ctx *c, dt_restart_verdict *v)
{
	const dt_series *b = &c->lr_b, *a = &c->lr_a;
	double rtol = c->o->lr_rtol;
	v->check[DT_RC_LR] = DT_CHECK_FAIL;
	if (b->n == 0 || a->n == 0) {
		v->check[DT_RC_LR] = DT_CHECK_NA;
		snprintf(DETAIL(v, DT_RC_LR), "no LR logged on both sides of the "
		         "restart");
		return;
	}
	if (lr_frozen(b, a, rtol)) {
		snprintf(DETAIL(v, DT_RC_LR), "LR frozen at %.4g after resume while "
		         "it was changing before (%.4g -> %.4g)", a->value[0],
		         b->value[b->n - 2], b->value[b->n - 1]);
		return;
	}
	size_t n = 0;
	double maxrel = -1, va = 0, vb = 0, x;
	int64_t at = 0;
	for (size_t i = 0; i < a->n; i++) {
		if (!dt_series_value_at(b, a->step[i], &x))
			continue;
		double r = rel(a->value[i], x);
		n++;
		if (r > maxrel || isnan(r)) {
			maxrel = isnan(r) ? INFINITY : r;
			at = a->step[i];
			va = a->value[i];
			vb = x;
		}
	}
	if (n > 0) {
		if (maxrel <= rtol) {
			v->check[DT_RC_LR] = DT_CHECK_PASS;
			snprintf(DETAIL(v, DT_RC_LR), "LR equals the LR logged before on "
			         "%zu replayed point(s) (max |rel diff| %.2g)", n, maxrel);
		} else {
			snprintf(DETAIL(v, DT_RC_LR), "LR %.4g at step %lld after resume "
			         "vs %.4g logged there before%s", va, (long long)at, vb,
			         va < 0.5 * vb ? " (warm-up restarted?)" : "");
		}
		return;
	}
	double pred = dt_rs_interp(b, a->step[0]), last = b->value[b->n - 1];
	double tol = rtol * fabs(pred) + 0.5 * fabs(pred - last);
	if (fabs(a->value[0] - pred) <= tol) {
		v->check[DT_RC_LR] = DT_CHECK_PASS;
		snprintf(DETAIL(v, DT_RC_LR), "LR %.4g at step %lld follows the "
		         "schedule trend before (%.4g)", a->value[0],
		         (long long)a->step[0], pred);
	} else {
		snprintf(DETAIL(v, DT_RC_LR), "LR %.4g at step %lld after resume, the "
		         "schedule trend before gives %.4g%s", a->value[0],
		         (long long)a->step[0], pred,
		         a->value[0] < 0.5 * pred ? " (warm-up restarted?)" : "");
	}
}

void dt_rs_check_replay(const dt_rs_ctx *c, dt_restart_verdict *v)
{
	const dt_series *b = &c->loss_b, *a = &c->loss_a;
	double x, maxrel = -1;
	for (size_t i = 0; i < a->n; i++) {
		if (!dt_series_value_at(b, a->step[i], &x) || !isfinite(x) ||
		    !isfinite(a->value[i]))
			continue;
		double r = rel(a->value[i], x);
		v->replay_n++;
		if (r > maxrel) {
			maxrel = r;
			v->replay_max_step = a->step[i];
		}
	}
	if (v->replay_n == 0) {
		v->check[DT_RC_REPLAY] = DT_CHECK_NA;
		snprintf(DETAIL(v, DT_RC_REPLAY), "no replayed steps with finite "
		         "losses on both sides");
		return;
	}
	v->replay_max_rel = maxrel;
	int ok = maxrel <= c->o->replay_rtol;
	size_t exact = 0;
	for (size_t i = 0; !ok && i < a->n; i++)
		if (dt_series_value_at(b, a->step[i], &x) && isfinite(x) &&
		    isfinite(a->value[i]) && rel(a->value[i], x) <= 1e-7)
			exact++;
	char pm[32], pl[32];
	dt_fmt_rel_pct(maxrel, 0, pm, sizeof pm);
	if (!ok && v->replay_n >= 3 && exact == v->replay_n - 1) {
		v->artefact_step = v->replay_max_step;
		v->check[DT_RC_REPLAY] = DT_CHECK_PASS;
		snprintf(DETAIL(v, DT_RC_REPLAY), "%zu of %zu replayed point(s) match "
		         "exactly; step %lld differs by %s: a logging artefact "
		         "at step %lld (one averaged print after resume), not a "
		         "state fault", exact, v->replay_n,
		         (long long)v->replay_max_step, pm,
		         (long long)v->replay_max_step);
		return;
	}
	v->check[DT_RC_REPLAY] = ok ? DT_CHECK_PASS : DT_CHECK_FAIL;
	snprintf(DETAIL(v, DT_RC_REPLAY), "%zu replayed point(s): max |rel diff| "
	         "%s at step %lld (limit %s)", v->replay_n, pm,
	         (long long)v->replay_max_step,
	         dt_fmt_rel_pct(c->o->replay_rtol, 0, pl, sizeof pl));
}

/* Level value of point i of s: the loss, or loss / baseline at the same
 * step when a baseline is given. Returns 0 when not usable. */
static int level_value(const dt_rs_ctx *c, const dt_series *s, size_t i,
                       double *out)
{
	double y = s->value[i], b;
	if (!isfinite(y))
		return 0;
	if (!c->baseline) {
		*out = y;
		return 1;
	}
	if (!dt_series_value_at(c->baseline, s->step[i], &b) || !isfinite(b) ||
	    b == 0.0)
		return 0;
	*out = y / b;
	return 1;
}

/* Reference levels of one restart: ma (mean of the after window, its
 * first point excluded when there are more), mb (what it is compared
 * with), first / ref_first (first after point and its reference). */
typedef struct level_ref {
	size_t na, nb;
	double ma, mb, first, ref_first;
	int64_t first_step;
	const char *how;
	int band;            /* level_trend: mb is the band's nearest edge */
	double flat, trend;  /* band: level before (over nb), trend after */
} level_ref;

/* Replayed steps: after points whose step was logged before too, each
 * compared with the value logged there before (same steps, so free of
 * the downward trend). Returns 0 when no replayed step has finite values
 * on both sides. */
static int level_replayed(const dt_rs_ctx *c, size_t W, level_ref *r)
{
	const dt_series *b = &c->loss_b, *a = &c->loss_a;
	double sa = 0, sb = 0, x, y;
	size_t n = 0;
	for (size_t i = 0; i < a->n && n < W + 1; i++) {
		if (!isfinite(a->value[i]) || !dt_series_value_at(b, a->step[i], &y) ||
		    !isfinite(y))
			continue;
		x = a->value[i];
		if (n == 0) {
			r->first = x;
			r->ref_first = y;
			r->first_step = a->step[i];
		} else {
			sa += x;
			sb += y;
		}
		n++;
	}
	if (n == 0)
		return 0;
	r->na = r->nb = n > 1 ? n - 1 : 1;
	r->ma = n > 1 ? sa / (double)(n - 1) : r->first;
	r->mb = n > 1 ? sb / (double)(n - 1) : r->ref_first;
	r->how = "on replayed steps vs the loss logged there before";
	return 1;
}

/* Least-squares line y = p0 + p1 * step through the last W finite points
 * before t (p1 = 0 with fewer than two distinct steps). Returns the point
 * count. */
static size_t trend_before(const dt_rs_ctx *c, size_t W, double *p0,
                           double *p1)
{
	const dt_series *b = &c->loss_b;
	double sx = 0, sy = 0, sxx = 0, sxy = 0;
	size_t n = 0;
	for (size_t i = dt_series_lower_bound(b, c->t); i-- > 0 && n < W;)
		if (isfinite(b->value[i])) {
			double x = (double)b->step[i], y = b->value[i];
			sx += x; sy += y; sxx += x * x; sxy += x * y;
			n++;
		}
	if (n == 0)
		return 0;
	double mx = sx / (double)n, my = sy / (double)n;
	double vxx = sxx - (double)n * mx * mx;
	*p1 = n > 1 && vxx > 0 ? (sxy - (double)n * mx * my) / vxx : 0.0;
	*p0 = my - *p1 * mx;
	return n;
}

/* v clamped into the band between a and b. */
static double clamp_band(double v, double a, double b)
{
	double lo = a < b ? a : b, hi = a < b ? b : a;
	return v < lo ? lo : v > hi ? hi : v;
}

/* Without replayed steps and without a baseline: the after window's mean
 * vs the band between the flat level before (mean of the points the line
 * was fitted to) and the line's mean prediction at the after steps; the
 * reference is the band's nearest edge (the value itself inside it). */
static int level_trend(const dt_rs_ctx *c, size_t W, level_ref *r)
{
	const dt_series *a = &c->loss_a, *b = &c->loss_b;
	double p0, p1, sa = 0, sp = 0, flat = 0;
	r->nb = trend_before(c, W, &p0, &p1);
	size_t n = 0, m = 0;
	for (size_t i = dt_series_lower_bound(b, c->t); i-- > 0 && m < r->nb;)
		if (isfinite(b->value[i])) {
			flat += b->value[i];
			m++;
		}
	flat = m ? flat / (double)m : 0.0;
	for (size_t i = 0; r->nb && i < a->n && n < W + 1; i++) {
		if (!isfinite(a->value[i]))
			continue;
		double pred = p0 + p1 * (double)a->step[i];
		if (n == 0) {
			r->first = a->value[i];
			r->ref_first = clamp_band(r->first, pred, flat);
			r->first_step = a->step[i];
		} else {
			sa += a->value[i];
			sp += pred;
		}
		n++;
	}
	if (n == 0)
		return 0;
	r->na = n > 1 ? n - 1 : 1;
	r->ma = n > 1 ? sa / (double)(n - 1) : r->first;
	double pm = n > 1 ? sp / (double)(n - 1) : p0 + p1 * (double)r->first_step;
	r->mb = clamp_band(r->ma, pm, flat);
	r->band = 1;
	r->flat = flat;
	r->trend = pm;
	r->how = "vs the band from the level before";
	return 1;
}

/* With a baseline: mean pilot/baseline ratio after vs before. */
static int level_baseline(const dt_rs_ctx *c, size_t W, level_ref *r)
{
	const dt_series *b = &c->loss_b, *a = &c->loss_a;
	double sb = 0, sa = 0, x;
	size_t nb = 0, na = 0;
	for (size_t i = dt_series_lower_bound(b, c->t); i-- > 0 && nb < W;)
		if (level_value(c, b, i, &x)) {
			sb += x;
			nb++;
		}
	for (size_t i = 0; i < a->n && na < W + 1; i++)
		if (level_value(c, a, i, &x)) {
			if (na == 0) {
				r->first = x;
				r->first_step = a->step[i];
			} else {
				sa += x;
			}
			na++;
		}
	if (nb == 0 || na == 0)
		return 0;
	r->nb = nb;
	r->na = na > 1 ? na - 1 : 1;
	r->mb = sb / (double)nb;
	r->ma = na > 1 ? sa / (double)(na - 1) : r->first;
	r->ref_first = r->mb;
	r->how = "after vs before";
	return 1;
}

/* (a - b) / |b|; b = 0: 0 when a is 0 too, else inf. */
static double rel_change(double a, double b)
{
	return b == 0.0 ? (a == 0.0 ? 0.0 : INFINITY) : (a - b) / fabs(b);
}

void dt_rs_check_level(const dt_rs_ctx *c, dt_restart_verdict *v)
{
	size_t W = c->o->window ? c->o->window : 1;
	level_ref r = {0};
	const char *what = "pilot/baseline ratio", *pre = "";
	int ok = c->baseline && level_baseline(c, W, &r);
	if (!ok) {
		/* No baseline, or one without a usable point at the pilot's steps
		 * on both sides: the rules without a baseline decide, never a
		 * silent n/a (a jump the run shows alone must still fail). */
		if (c->baseline)
			pre = "no pilot/baseline ratio on both sides of the restart "
			      "(no finite baseline point at these steps), so as "
			      "without a baseline: ";
		what = "loss";
		ok = level_replayed(c, W, &r) || level_trend(c, W, &r);
	}
	if (!ok) {
		v->check[DT_RC_LOSS] = DT_CHECK_NA;
		snprintf(DETAIL(v, DT_RC_LOSS), "no finite %s on both sides of the "
		         "restart", what);
		return;
	}
	double lim = c->o->level_rtol;
	v->level_shift = rel_change(r.ma, r.mb);
	v->level_moved = r.band ? rel_change(r.ma, r.flat) : v->level_shift;
	ok = fabs(v->level_shift) <= lim;
	double s0 = r.ref_first == 0.0 ? 0.0 :
	            (r.first - r.ref_first) / fabs(r.ref_first);
	if (ok && r.na > 1 && fabs(s0) > lim) {
		v->spike_step = r.first_step;
		v->spike_rel = s0;
	}
	v->check[DT_RC_LOSS] = ok ? DT_CHECK_PASS : DT_CHECK_FAIL;
	char ps[32], pl[32];
	int k;
	if (r.band && v->level_shift == 0.0)
		/* inside the band: its shift from the band is 0; how far the
		 * level moved from the level before is the figure to read */
		k = snprintf(DETAIL(v, DT_RC_LOSS), "%s%s mean %.4g over %zu "
		             "point(s) %s (%.4g over %zu point(s)) to its "
		             "least-squares trend at the same steps (%.4g): %s from "
		             "the level before, inside the band (limit %s)", pre,
		             what, r.ma, r.na, r.how, r.flat, r.nb, r.trend,
		             dt_fmt_rel_pct(v->level_moved, 1, ps, sizeof ps),
		             dt_fmt_rel_pct(lim, 0, pl, sizeof pl));
	else if (r.band)
		/* the level before and the trend are the band's two ends; the
		 * shift is measured from its nearest edge, not from the level
		 * before */
		k = snprintf(DETAIL(v, DT_RC_LOSS), "%s%s mean %.4g over %zu "
		             "point(s) %s (%.4g over %zu point(s)) to its "
		             "least-squares trend at the same steps (%.4g): %s "
		             "(limit %s)", pre, what, r.ma, r.na, r.how, r.flat,
		             r.nb, r.trend,
		             dt_fmt_rel_pct(v->level_shift, 1, ps, sizeof ps),
		             dt_fmt_rel_pct(lim, 0, pl, sizeof pl));
	else
		k = snprintf(DETAIL(v, DT_RC_LOSS), "%s%s mean %.4g over %zu "
		             "point(s) %s (%.4g over %zu): %s (limit %s)",
		             pre, what, r.ma, r.na, r.how, r.mb, r.nb,
		             dt_fmt_rel_pct(v->level_shift, 1, ps, sizeof ps),
		             dt_fmt_rel_pct(lim, 0, pl, sizeof pl));
	if (v->spike_step && k > 0 && (size_t)k < sizeof v->detail[0])
		snprintf(v->detail[DT_RC_LOSS] + k, sizeof v->detail[0] - (size_t)k,
		         "; one-point spike %s at step %lld right after "
		         "resume, level holds", dt_fmt_rel_pct(s0, 1, ps, sizeof ps),
		         (long long)r.first_step);
}

/* Median of the positive per-step advances of s over its last (up to)
 * 20 intervals; 0 when none. */
static double median_rate(const dt_series *s)
{
	double r[20];
	size_t n = 0;
	for (size_t i = s->n; i-- > 1 && n < 20;) {
		int64_t ds = s->step[i] - s->step[i - 1];
		double dv = s->value[i] - s->value[i - 1];
		if (ds > 0 && isfinite(dv) && dv > 0)
			r[n++] = dv / (double)ds;
	}
	for (size_t i = 1; i < n; i++)  /* insertion sort: n <= 20 */
		for (size_t j = i; j > 0 && r[j] < r[j - 1]; j--) {
			double t = r[j]; r[j] = r[j - 1]; r[j - 1] = t;
		}
	return n == 0 ? 0.0 : n % 2 ? r[n / 2] : 0.5 * (r[n / 2 - 1] + r[n / 2]);
}

/* The cursor over the whole segment after the restart (rules in
 * resume.h). Returns 1 when it failed (check and detail set), else 0. */
static int cursor_over_run(const dt_rs_ctx *c, dt_restart_verdict *v)
{
	const dt_series *b = &c->cur_b, *a = &c->cur_a;
	const char *m = c->cursor_metric ? c->cursor_metric : "data cursor";
	if (c->cursor_metric && strcmp(c->cursor_metric, "epoch") == 0) {
		for (size_t i = 1; i < a->n; i++)
			if (a->value[i] < a->value[i - 1]) {
				v->cursor_fault_step = a->step[i];
				snprintf(DETAIL(v, DT_RC_CURSOR), "sampler epoch drops from "
				         "%.6g to %.6g at step %lld after the resume",
				         a->value[i - 1], a->value[i], (long long)a->step[i]);
				return 1;
			}
		return 0;
	}
	int given = c->global_batch > 0 && c->cursor_metric &&
	            strcmp(c->cursor_metric, "consumed_samples") == 0;
	double rate = given ? (double)c->global_batch : median_rate(b);
	if (rate <= 0 || a->n == 0)
		return 0;
	int64_t I = dt_series_median_gap(a) ? dt_series_median_gap(a) :
	            dt_series_median_gap(b) ? dt_series_median_gap(b) : 1;
	double tol = 0.5 * rate * (double)I, x;
	size_t ref = dt_series_lower_bound(b, a->step[0]);
	double expect;
	if (dt_series_value_at(b, a->step[0], &x))
		expect = x;
	else if (ref > 0)
		expect = b->value[ref - 1] +
		         rate * (double)(a->step[0] - b->step[ref - 1]);
	else
		expect = a->value[0];
	if (a->value[0] > expect + tol) {
		v->cursor_fault_step = a->step[0];
		snprintf(DETAIL(v, DT_RC_CURSOR), "%s %.6g at step %lld after resume, "
		         "expected %.6g (rate %.6g per step): jumped forward by %.6g, "
		         "about %.3g step(s) of data skipped", m, a->value[0],
		         (long long)a->step[0], expect, rate, a->value[0] - expect,
		         (a->value[0] - expect) / rate);
		return 1;
	}
	for (size_t i = 1; i < a->n; i++) {
		int64_t ds = a->step[i] - a->step[i - 1];
		double dv = a->value[i] - a->value[i - 1];
		if (ds <= 0 || fabs(dv - rate * (double)ds) <= 0.5 * rate *
		    (double)ds)
			continue;
		v->cursor_fault_step = a->step[i];
		snprintf(DETAIL(v, DT_RC_CURSOR), "%s advances %.6g over steps "
		         "%lld..%lld after the resume, %.6g expected (rate %.6g per "
		         "step): data %s at step %lld", m, dv,
		         (long long)a->step[i - 1], (long long)a->step[i],
		         rate * (double)ds, rate, dv > rate * (double)ds ?
		         "skipped" : "repeated or stalled", (long long)a->step[i]);
		return 1;
	}
	return 0;
}

void dt_rs_check_cursor(const dt_rs_ctx *c, dt_restart_verdict *v)
{
	const dt_series *b = &c->cur_b, *a = &c->cur_a;
	const char *m = c->cursor_metric ? c->cursor_metric : "data cursor";
	if (b->n == 0 || a->n == 0) {
		v->check[DT_RC_CURSOR] = DT_CHECK_NA;
		snprintf(DETAIL(v, DT_RC_CURSOR), "no consumed samples or epoch "
		         "logged on both sides of the restart");
		return;
	}
	v->check[DT_RC_CURSOR] = DT_CHECK_FAIL;
	size_t ref = dt_series_lower_bound(b, a->step[0]);
	if (ref > 0 && a->value[0] < b->value[ref - 1]) {
		snprintf(DETAIL(v, DT_RC_CURSOR), "%s %.6g at step %lld after resume "
		         "< %.6g at step %lld before: data cursor went backwards", m,
		         a->value[0], (long long)a->step[0], b->value[ref - 1],
		         (long long)b->step[ref - 1]);
		return;
	}
	double x;
	for (size_t i = 0; i < a->n; i++)
		if (dt_series_value_at(b, a->step[i], &x) && a->value[i] < x) {
			snprintf(DETAIL(v, DT_RC_CURSOR), "%s %.6g at replayed step %lld "
			         "< %.6g logged there before: data cursor went backwards",
			         m, a->value[i], (long long)a->step[i], x);
			return;
		}
	if (cursor_over_run(c, v))
		return;
	v->check[DT_RC_CURSOR] = DT_CHECK_PASS;
	if (ref > 0)
		snprintf(DETAIL(v, DT_RC_CURSOR), "%s %.6g at step %lld after resume "
		         ">= %.6g at step %lld before", m, a->value[0],
		         (long long)a->step[0], b->value[ref - 1],
		         (long long)b->step[ref - 1]);
	else
		snprintf(DETAIL(v, DT_RC_CURSOR), "%s never decreases on the "
		         "replayed steps", m);
}
