/* dt_drill.c: drill kinds and items, the resume pre-fill rules and the
 * recovery time (dt_drill.h). */
#include "model/core/drill.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/util/clock.h"
#include "model/util/num.h"
#include "model/util/text.h"
#include "model/core/resume.h"
#include "model/core/verdict_text.h"

#define DT_DK_NAME(e, name, desc) name,
#define DT_DK_DESC(e, name, desc) desc,
static const char *const kind_names[] = {DT_DRILL_KINDS(DT_DK_NAME)};
static const char *const kind_descs[] = {DT_DRILL_KINDS(DT_DK_DESC)};
static const char *const item_names[] = {DT_DRILL_CHECKS(DT_DK_NAME)};
#undef DT_DK_NAME
#undef DT_DK_DESC
static const char *const status_names[] = {"not_checked", "pass", "fail"};

/* LR agreement: relative, logs print 6-7 significant digits. */
#define LR_RTOL 1e-6

const char *dt_drill_kind_name(dt_drill_kind k) { return kind_names[k]; }
const char *dt_drill_kind_desc(dt_drill_kind k) { return kind_descs[k]; }
const char *dt_drill_item_name(dt_drill_item i) { return item_names[i]; }
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
	if (!dt_series_value_at(lr_after, r, &a) ||
	    !dt_series_value_at(lr_before, r, &b)) {
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
		if (!dt_series_value_at(before, after->step[i], &b) || !isfinite(a) ||
		    !isfinite(b) || b == 0)
			continue;
		double d = fabs(a - b) / fabs(b);
		ev->replayed++;
		if (isnan(ev->max_abs_rel_diff) || d > ev->max_abs_rel_diff) {
			ev->max_abs_rel_diff = d;
			ev->max_diff_step = after->step[i];
		}
	}
	char d[32], b[32];
	if (ev->replayed == 0)
		set_check(&ev->loss, DT_DC_NOT_CHECKED, "no replayed steps to "
		          "compare");
	else
		set_check(&ev->loss, ev->max_abs_rel_diff <= rtol ? DT_DC_PASS :
		          DT_DC_FAIL, "%zu replayed point(s): max |rel diff| %s "
		          "at step %lld (bound %s)", ev->replayed,
		          dt_fmt_rel_pct(ev->max_abs_rel_diff, 0, d, sizeof d),
		          (long long)ev->max_diff_step,
		          dt_fmt_rel_pct(rtol, 0, b, sizeof b));
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

int dt_drill_step_parse(const char *what, const char *s, int64_t *step,
                        char *err, size_t errlen)
{
	int64_t n;
	if (dt_parse_int_strict(s, 1, INT64_MAX, &n) < 0) {
		char safe[64];
		dt_sanitize(s, safe, sizeof safe);
		snprintf(err, errlen, "%s expects an effective step >= 1, got '%s'",
		         what, safe);
		return -1;
	}
	*step = n;
	return 0;
}

int dt_drill_step_known(int64_t step)
{
	return step > 0;
}

const char *dt_drill_step_text(int64_t step, char *buf, size_t n)
{
	if (!dt_drill_step_known(step))
		return "-";
	snprintf(buf, n, "%lld", (long long)step);
	return buf;
}

int dt_drill_note_check(const char *note, char *err, size_t errlen)
{
	return dt_text_check(note, sizeof ((dt_drill_check *)0)->note - 1,
	                     DT_TEXT_MULTILINE, "drill note", err, errlen);
}

int dt_drill_field_check(const dt_drill *d, dt_drill_field f, char *err,
                         size_t errlen)
{
	char utc[32], fu[32], ru[32];
	int64_t ft, rt;
	const char *v;
	switch (f) {
	case DT_DF_CHECKPOINT_ID:
		return dt_text_check(d->checkpoint_id, sizeof d->checkpoint_id - 1,
		                     DT_TEXT_LINE, "checkpoint id", err, errlen);
	case DT_DF_CHECKPOINT_LOCATION:
		return dt_text_check(d->checkpoint_location,
		                     sizeof d->checkpoint_location - 1, DT_TEXT_LINE,
		                     "checkpoint location", err, errlen);
	case DT_DF_CHECKPOINT_CHECKSUM:
		return dt_text_check(d->checkpoint_checksum,
		                     sizeof d->checkpoint_checksum - 1, DT_TEXT_LINE,
		                     "checkpoint checksum", err, errlen);
	case DT_DF_NOTE:
		return dt_text_check(d->note, sizeof d->note - 1, DT_TEXT_MULTILINE,
		                     "drill note", err, errlen);
	case DT_DF_FAULT_TIME:
	case DT_DF_RESUMED_TIME:
		v = f == DT_DF_FAULT_TIME ? d->fault_time : d->resumed_time;
		if (v[0] && dt_time_normalize(v, f == DT_DF_FAULT_TIME ?
		                              "fault time" : "resumed time", utc, err,
		                              errlen) < 0)
			return -1;
		if (d->fault_time[0] && d->resumed_time[0] &&
		    dt_time_parse_iso(d->fault_time, &ft) == 0 &&
		    dt_time_parse_iso(d->resumed_time, &rt) == 0 && rt < ft) {
			dt_time_format_utc(ft, fu);
			dt_time_format_utc(rt, ru);
			snprintf(err, errlen, "drill: resumed time %s is before the "
			         "fault time %s", ru, fu);
			return -1;
		}
		return 0;
	default:
		snprintf(err, errlen, "drill: unknown field");
		return -1;
	}
}

int dt_drill_validate(dt_drill *d, char *err, size_t errlen)
{
	if ((int)d->kind < 0 || d->kind >= DT_DRILL_KIND_COUNT) {
		snprintf(err, errlen, "drill: unknown kind");
		return -1;
	}
	for (int f = 0; f < DT_DF_COUNT; f++)
		if (dt_drill_field_check(d, (dt_drill_field)f, err, errlen) < 0)
			return -1;
	if (d->checkpoint_step < 0 || d->resumed_step < 0) {
		snprintf(err, errlen, "drill: steps must be >= 0");
		return -1;
	}
	/* the times were read above: store them as UTC "...Z" */
	char utc[32];
	if (d->fault_time[0] &&
	    dt_time_normalize(d->fault_time, "fault time", utc, err, errlen) == 0)
		memcpy(d->fault_time, utc, sizeof utc);
	if (d->resumed_time[0] &&
	    dt_time_normalize(d->resumed_time, "resumed time", utc, err,
	                      errlen) == 0)
		memcpy(d->resumed_time, utc, sizeof utc);
	for (int i = 0; i < DT_DC_COUNT; i++)
		if (dt_drill_note_check(d->checks[i].note, err, errlen) < 0)
			return -1;
	return 0;
}

dt_recovery_check dt_drill_recovery_check(const dt_drill *d,
                                          const dt_taskcard *card)
{
	dt_recovery_check c = {DT_REC_UNKNOWN, NAN, NAN};
	double s, lim;
	int has_lim = card && dt_taskcard_recovery(card, &lim) == 0;
	if (has_lim)
		c.limit = lim;
	if (dt_drill_recovery(d, &s) != 0)
		return c;
	c.seconds = s;
	if (s < 0)
		c.state = DT_REC_UNKNOWN;
	else if (!has_lim)
		c.state = DT_REC_NO_LIMIT;
	else
		c.state = s <= lim ? DT_REC_WITHIN : DT_REC_OVER;
	return c;
}

const char *dt_recovery_state_name(dt_recovery_state s)
{
	switch (s) {
	case DT_REC_WITHIN: return "within";
	case DT_REC_OVER: return "over";
	case DT_REC_NO_LIMIT: return "no limit";
	default: return "unknown";
	}
}

char *dt_recovery_text(const dt_recovery_check *c, char *out, size_t n)
{
	switch (c->state) {
	case DT_REC_WITHIN:
		snprintf(out, n, "%.0f s (limit %.0f s)", c->seconds, c->limit);
		break;
	case DT_REC_OVER:
		snprintf(out, n, "%.0f s, OVER the %.0f s limit", c->seconds,
		         c->limit);
		break;
	case DT_REC_NO_LIMIT:
		snprintf(out, n, "%.0f s (no limit on the card)", c->seconds);
		break;
	default:
		if (isnan(c->seconds))
			snprintf(out, n, "-");
		else
			snprintf(out, n, "%.0f s: resumed before the fault (unknown)",
			         c->seconds);
	}
	return out;
}
