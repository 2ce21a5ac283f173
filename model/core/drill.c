/* dt_drill.c: drill kinds and items, the resume pre-fill rules and the
 * recovery time (dt_drill.h). */
#include "model/core/drill.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/util/clock.h"
#include "model/core/resume.h"
#include "model/service/run_load.h"

#define DT_DK_NAME(e, name, desc) name,
#define DT_DK_DESC(e, name, desc) desc,
static const char *const kind_names[] = {DT_DRILL_KINDS(DT_DK_NAME)};
static const char *const kind_descs[] = {DT_DRILL_KINDS(DT_DK_DESC)};
static const char *const item_names[] = {DT_DRILL_CHECKS(DT_DK_NAME)};
static const char *const item_descs[] = {DT_DRILL_CHECKS(DT_DK_DESC)};
#undef DT_DK_NAME
#undef DT_DK_DESC
static const char *const status_names[] = {"not_checked", "pass", "fail"};

/* LR agreement: relative, logs print 6-7 significant digits. */
#define LR_RTOL 1e-6

const char *dt_drill_kind_name(dt_drill_kind k) { return kind_names[k]; }
const char *dt_drill_kind_desc(dt_drill_kind k) { return kind_descs[k]; }
const char *dt_drill_item_name(dt_drill_item i) { return item_names[i]; }
const char *dt_drill_item_desc(dt_drill_item i) { return item_descs[i]; }
const char *dt_dc_status_name(dt_dc_status s) { return status_names[s]; }

static int find_name(const char *const *names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return -1;
}

int dt_drill_kind_parse(const char *s, dt_drill_kind *out)
{
	int i = find_name(kind_names, DT_DRILL_KIND_COUNT, s);
	if (i >= 0)
		*out = (dt_drill_kind)i;
	return i >= 0 ? 0 : -1;
}

int dt_drill_item_parse(const char *s, dt_drill_item *out)
{
	int i = find_name(item_names, DT_DC_COUNT, s);
	if (i >= 0)
		*out = (dt_drill_item)i;
	return i >= 0 ? 0 : -1;
}

int dt_dc_status_parse(const char *s, dt_dc_status *out)
{
	int i = find_name(status_names, 3, s);
	if (i >= 0)
		*out = (dt_dc_status)i;
	return i >= 0 ? 0 : -1;
}

static void set_check(dt_drill_check *c, dt_dc_status st, const char *fmt,
                      ...) __attribute__((format(printf, 3, 4)));

static void set_check(dt_drill_check *c, dt_dc_status st, const char *fmt,
                      ...)
{
	va_list ap;
	memset(c, 0, sizeof *c);
	c->status = st;
	snprintf(c->source, sizeof c->source, "data");
	va_start(ap, fmt);
	vsnprintf(c->note, sizeof c->note, fmt, ap);
	va_end(ap);
}

/* Value of s at `step`; returns 1 and sets *v when logged there. */
static int value_at(const dt_series *s, int64_t step, double *v)
{
	if (!s)
		return 0;
	size_t i = dt_series_lower_bound(s, step);
	if (i >= s->n || s->step[i] != step)
		return 0;
	*v = s->value[i];
	return 1;
}

static void step_rule(dt_resume_evidence *ev)
{
	int64_t c = ev->checkpoint_step, r = ev->resumed_step, I = ev->interval;
	int64_t lost = c > 0 ? dt_resume_step_rule(r, c, I) : 0;
	if (c <= 0)
		set_check(&ev->step, DT_DC_NOT_CHECKED, "resumed at effective step "
		          "%lld; checkpoint step not recorded", (long long)r);
	else if (lost == 0)
		set_check(&ev->step, DT_DC_PASS, "resumed at effective step %lld, "
		          "within (checkpoint step %lld, %lld + logging interval "
		          "%lld]", (long long)r, (long long)c, (long long)c,
		          (long long)I);
	else if (lost < 0)
		set_check(&ev->step, DT_DC_FAIL, "resumed at effective step %lld, "
		          "not after checkpoint step %lld: %lld step(s) repeated",
		          (long long)r, (long long)c, (long long)(c + 1 - r));
	else
		set_check(&ev->step, DT_DC_FAIL, "resumed at effective step %lld,"
		          " expected <= %lld (checkpoint step %lld + logging "
		          "interval %lld): %lld step(s) lost", (long long)r,
		          (long long)(c + I), (long long)c, (long long)I,
		          (long long)lost);
}

static void lr_rule(dt_resume_evidence *ev, const dt_series *lr_before,
                    const dt_series *lr_after)
{
	int64_t r = ev->resumed_step;
	double a, b;
	if (!value_at(lr_after, r, &a) || !value_at(lr_before, r, &b)) {
		set_check(&ev->lr, DT_DC_NOT_CHECKED, "LR at step %lld not logged "
		          "both before and after the restart", (long long)r);
		return;
	}
	ev->has_lr = 1;
	ev->lr_before = b;
	ev->lr_after = a;
	double tol = LR_RTOL * fmax(fabs(a), fabs(b));
	if (isfinite(a) && isfinite(b) && fabs(a - b) <= tol)
		set_check(&ev->lr, DT_DC_PASS, "LR at step %lld: %.6g after = %.6g"
		          " before", (long long)r, a, b);
	else
		set_check(&ev->lr, DT_DC_FAIL, "LR at step %lld: %.6g after, %.6g "
		          "before the restart (scheduler state not restored?)",
		          (long long)r, a, b);
}

static void loss_rule(dt_resume_evidence *ev, const dt_series *before,
                      const dt_series *after, double rtol)
{
	ev->max_abs_rel_diff = NAN;
	for (size_t i = 0; i < after->n; i++) {
		double b;
		double a = after->value[i];
		if (!value_at(before, after->step[i], &b) || !isfinite(a) ||
		    !isfinite(b) || b == 0)
			continue;
		double d = fabs(a - b) / fabs(b);
		ev->replayed++;
		if (isnan(ev->max_abs_rel_diff) || d > ev->max_abs_rel_diff) {
			ev->max_abs_rel_diff = d;
			ev->max_diff_step = after->step[i];
		}
	}
	if (ev->replayed == 0)
		set_check(&ev->loss, DT_DC_NOT_CHECKED, "no replayed steps to "
		          "compare");
	else
		set_check(&ev->loss, ev->max_abs_rel_diff <= rtol ? DT_DC_PASS :
		          DT_DC_FAIL, "%zu replayed point(s): max |rel diff| %.3g%% "
		          "at step %lld (bound %.3g%%)", ev->replayed,
		          100 * ev->max_abs_rel_diff, (long long)ev->max_diff_step,
		          100 * rtol);
}

int dt_resume_compare(const dt_series *loss_before, const dt_series *loss_after,
                      const dt_series *lr_before, const dt_series *lr_after,
                      int64_t checkpoint_step, double rtol,
                      dt_resume_evidence *ev)
{
	memset(ev, 0, sizeof *ev);
	ev->max_abs_rel_diff = NAN;
	if (!loss_after || loss_after->n == 0)
		return -1;
	ev->checkpoint_step = checkpoint_step;
	ev->resumed_step = loss_after->step[0];
	ev->interval = dt_resume_interval(loss_before, loss_after);
	step_rule(ev);
	lr_rule(ev, lr_before, lr_after);
	loss_rule(ev, loss_before, loss_after, rtol);
	return 0;
}

/* Segments of one metric of a run; nseg 0 when absent. */
typedef struct segs {
	dt_series *v;
	size_t n;
} segs;

static void segs_free(segs *s)
{
	for (size_t i = 0; i < s->n; i++)
		dt_series_free(&s->v[i]);
	free(s->v);
	memset(s, 0, sizeof *s);
}

static int load_segs(dt_store *st, const char *name, const char *metric,
                     segs *out, char *err, size_t errlen)
{
	dt_run run;
	memset(out, 0, sizeof *out);
	int rc = dt_store_run_find(st, name, &run);
	if (rc != 0) {
		snprintf(err, errlen, rc < 0 ? "%s" : "no run named '%s'",
		         rc < 0 ? dt_store_error(st) : name);
		return -1;
	}
	return dt_run_segments(st, &run, metric, &out->v, &out->n, err, errlen);
}

/* Index k >= 1 of the restart to judge in one run; -1 when none. */
static long pick_restart(const segs *s, int64_t resumed_step)
{
	for (size_t k = 1; k < s->n; k++)
		if (s->v[k].n && (resumed_step <= 0 ||
		                  s->v[k].step[0] == resumed_step))
			return (long)k;
	return -1;
}

/* Segment of `lr` starting at `step` and the one before it. */
static void pick_lr(const segs *lr, int64_t step, int two_runs,
                    const segs *lr2, const dt_series **b, const dt_series **a)
{
	*b = *a = NULL;
	if (two_runs) {
		if (lr->n)
			*b = &lr->v[lr->n - 1];
		if (lr2->n)
			*a = &lr2->v[0];
		return;
	}
	for (size_t k = 1; k < lr->n; k++)
		if (lr->v[k].n && lr->v[k].step[0] == step) {
			*b = &lr->v[k - 1];
			*a = &lr->v[k];
		}
}

int dt_drill_prefill(dt_store *st, dt_drill *d, double rtol,
                     dt_resume_evidence *ev, char *err, size_t errlen)
{
	segs lb = {0}, la = {0}, rb = {0}, ra = {0};
	int two = d->run_after[0] && strcmp(d->run_after, d->run_before) != 0;
	int rc = -1;
	memset(ev, 0, sizeof *ev);
	if (!d->run_before[0]) {
		snprintf(err, errlen, "drill names no run");
		return 1;
	}
	if (load_segs(st, d->run_before, "loss", &lb, err, errlen) < 0 ||
	    load_segs(st, d->run_before, "lr", &rb, err, errlen) < 0 ||
	    (two && (load_segs(st, d->run_after, "loss", &la, err, errlen) < 0 ||
	             load_segs(st, d->run_after, "lr", &ra, err, errlen) < 0)))
		goto out;
	const dt_series *before = NULL, *after = NULL, *lrb, *lra;
	if (two) {
		before = lb.n ? &lb.v[lb.n - 1] : NULL;
		after = la.n ? &la.v[0] : NULL;
	} else {
		long k = pick_restart(&lb, d->resumed_step);
		if (k > 0) {
			before = &lb.v[k - 1];
			after = &lb.v[k];
		}
	}
	rc = 1;
	if (!after || !after->n) {
		if (two)
			snprintf(err, errlen, "run %s logged no loss", d->run_after);
		else
			snprintf(err, errlen, "no restart %s in the loss of run %s",
			         d->resumed_step > 0 ? "at the resumed step" :
			         "found", d->run_before);
		goto out;
	}
	pick_lr(&rb, after->step[0], two, &ra, &lrb, &lra);
	dt_resume_compare(before, after, lrb, lra, d->checkpoint_step, rtol, ev);
	if (d->resumed_step <= 0)
		d->resumed_step = ev->resumed_step;
	rc = 0;
out:
	segs_free(&lb);
	segs_free(&la);
	segs_free(&rb);
	segs_free(&ra);
	return rc;
}

void dt_drill_apply_evidence(dt_drill *d, const dt_resume_evidence *ev)
{
	if (!d->checks[DT_DC_EFFECTIVE_STEP].source[0])
		d->checks[DT_DC_EFFECTIVE_STEP] = ev->step;
	if (!d->checks[DT_DC_LR_SCHEDULE].source[0])
		d->checks[DT_DC_LR_SCHEDULE] = ev->lr;
	if (!d->checks[DT_DC_CONTROL_LOSS].source[0])
		d->checks[DT_DC_CONTROL_LOSS] = ev->loss;
}

int dt_drill_recovery(const dt_drill *d, double *seconds)
{
	int64_t f, r;
	if (dt_time_parse_iso(d->fault_time, &f) < 0 ||
	    dt_time_parse_iso(d->resumed_time, &r) < 0)
		return 1;
	*seconds = (double)(r - f);
	return 0;
}
