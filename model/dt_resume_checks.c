/* dt_resume_checks.c: the data checks of one restart: LR continuity,
 * replay agreement, loss level (with one-point spikes) and the data
 * cursor (rules and thresholds in dt_resume.h). */
#include "model/dt_resume_internal.h"

#include <math.h>
#include <stdio.h>

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
		if (!dt_rs_value_at(b, a->step[i], &x))
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
			         "%zu replayed step(s) (max |rel diff| %.2g)", n, maxrel);
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
		if (!dt_rs_value_at(b, a->step[i], &x) || !isfinite(x) ||
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
	v->check[DT_RC_REPLAY] = ok ? DT_CHECK_PASS : DT_CHECK_FAIL;
	snprintf(DETAIL(v, DT_RC_REPLAY), "%zu replayed step(s): max |rel diff| "
	         "%.3g %% at step %lld (limit %.3g %%)%s", v->replay_n,
	         100 * maxrel, (long long)v->replay_max_step,
	         100 * c->o->replay_rtol, ok ? "" : ": data cursor or RNG state "
	         "probably not restored");
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
	if (!dt_rs_value_at(c->baseline, s->step[i], &b) || !isfinite(b) ||
	    b == 0.0)
		return 0;
	*out = y / b;
	return 1;
}

void dt_rs_check_level(const dt_rs_ctx *c, dt_restart_verdict *v)
{
	const dt_series *b = &c->loss_b, *a = &c->loss_a;
	size_t W = c->o->window ? c->o->window : 1, nb = 0, na = 0;
	double sb = 0, sa = 0, first = 0, x;
	int64_t first_step = 0;
	for (size_t i = dt_series_lower_bound(b, c->t); i-- > 0 && nb < W;)
		if (level_value(c, b, i, &x)) {
			sb += x;
			nb++;
		}
	for (size_t i = 0; i < a->n && na < W + 1; i++)
		if (level_value(c, a, i, &x)) {
			if (na == 0) {
				first = x;
				first_step = a->step[i];
			} else {
				sa += x;
			}
			na++;
		}
	const char *what = c->baseline ? "pilot/baseline ratio" : "loss";
	if (nb == 0 || na == 0) {
		v->check[DT_RC_LOSS] = DT_CHECK_NA;
		snprintf(DETAIL(v, DT_RC_LOSS), "no finite %s on both sides of the "
		         "restart", what);
		return;
	}
	double mb = sb / (double)nb;
	double ma = na > 1 ? sa / (double)(na - 1) : first;
	double lim = c->o->level_rtol;
	v->level_shift = mb == 0.0 ? (ma == 0.0 ? 0.0 : INFINITY) :
	                 (ma - mb) / fabs(mb);
	int ok = fabs(v->level_shift) <= lim;
	double s0 = mb == 0.0 ? 0.0 : (first - mb) / fabs(mb);
	if (ok && na > 1 && fabs(s0) > lim) {
		v->spike_step = first_step;
		v->spike_rel = s0;
	}
	v->check[DT_RC_LOSS] = ok ? DT_CHECK_PASS : DT_CHECK_FAIL;
	int k = snprintf(DETAIL(v, DT_RC_LOSS), "%s mean %.4g over %zu point(s) "
	                 "after vs %.4g over %zu before: %+.2f %% (limit %.2g %%)",
	                 what, ma, na > 1 ? na - 1 : 1, mb, nb,
	                 100 * v->level_shift, 100 * lim);
	if (v->spike_step && k > 0 && (size_t)k < sizeof v->detail[0])
		snprintf(v->detail[DT_RC_LOSS] + k, sizeof v->detail[0] - (size_t)k,
		         "; one-point spike %+.1f %% at step %lld right after "
		         "resume, level holds", 100 * s0, (long long)first_step);
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
		if (dt_rs_value_at(b, a->step[i], &x) && a->value[i] < x) {
			snprintf(DETAIL(v, DT_RC_CURSOR), "%s %.6g at replayed step %lld "
			         "< %.6g logged there before: data cursor went backwards",
			         m, a->value[i], (long long)a->step[i], x);
			return;
		}
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
