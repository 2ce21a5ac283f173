/* dt_taskcard.c: task-card fields, validation and the match criteria
 * (dt_taskcard.h). */
#include "model/core/taskcard.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/util/num.h"
#include "model/util/text.h"

#define DT_TC_DEF(e, key, kind, label) [DT_TC_##e] = {key, kind, label},
const dt_tc_def dt_taskcard_defs[DT_TC_COUNT] = {DT_TASKCARD_FIELDS(DT_TC_DEF)};
#undef DT_TC_DEF

int dt_taskcard_field(const char *key)
{
	for (int i = 0; i < DT_TC_COUNT; i++)
		if (strcmp(dt_taskcard_defs[i].key, key) == 0)
			return i;
	return -1;
}

void dt_taskcard_range(dt_tc_field f, double *min, double *max,
                       int *min_open)
{
	*min = 0;
	*min_open = 0;
	switch (f) {
	case DT_TC_RTOL: *max = DT_RTOL_MAX; break;
	case DT_TC_ATOL: *max = DT_ATOL_MAX; break;
	case DT_TC_RECOVERY: *max = DT_RECOVERY_MAX; *min_open = 1; break;
	default: *max = 1e15; break;
	}
}

const char *dt_tolerance_range_text(dt_tc_field f, char *buf, size_t n)
{
	double lo, hi;
	int open;
	dt_taskcard_range(f, &lo, &hi, &open);
	if (f == DT_TC_WARMUP)
		snprintf(buf, n, "a whole number of steps in [0, %lld] (not "
		         "compared)", (long long)DT_TC_INT_MAX);
	else
		snprintf(buf, n, "a number in %c%g, %g] (%s)", open ? '(' : '[',
		         lo, hi, f == DT_TC_RTOL ? "a fraction of the baseline" :
		         f == DT_TC_ATOL ? "loss units" : dt_taskcard_defs[f].label);
	return buf;
}

int dt_tolerance_check(double rtol, double atol, char *err, size_t errlen)
{
	char range[120];
	if (!isfinite(rtol) || rtol < 0 || rtol > DT_RTOL_MAX) {
		snprintf(err, errlen, "rtol must be %s, got %g",
		         dt_tolerance_range_text(DT_TC_RTOL, range, sizeof range),
		         rtol);
		return -1;
	}
	if (!isfinite(atol) || atol < 0 || atol > DT_ATOL_MAX) {
		snprintf(err, errlen, "atol must be %s, got %g",
		         dt_tolerance_range_text(DT_TC_ATOL, range, sizeof range),
		         atol);
		return -1;
	}
	return 0;
}

static int parse_int(dt_tc_field f, const char *s, int64_t *out)
{
	int64_t min = dt_taskcard_defs[f].kind == DT_TC_INT0 ? 0 : 1;
	return dt_parse_int_strict(s, min, DT_TC_INT_MAX, out);
}

static int parse_real(dt_tc_field f, const char *s, double *out)
{
	double lo, hi;
	int open;
	dt_taskcard_range(f, &lo, &hi, &open);
	if (dt_parse_real_strict(s, lo, hi, out) < 0 || (open && *out == lo))
		return -1;
	return 0;
}

int dt_tolerance_parse(dt_tc_field f, const char *name, const char *text,
                       double *out, char *err, size_t errlen)
{
	int64_t i;
	char range[120], got[80];
	if (dt_taskcard_defs[f].kind == DT_TC_REAL) {
		if (parse_real(f, text, out) == 0)
			return 0;
	} else if (parse_int(f, text, &i) == 0) {
		*out = (double)i;
		return 0;
	}
	dt_sanitize(text, got, sizeof got);
	snprintf(err, errlen, "%s must be %s, got '%s'", name,
	         dt_tolerance_range_text(f, range, sizeof range), got);
	return -1;
}

int dt_taskcard_validate(dt_tc_field f, const char *value, char *err,
                         size_t errlen)
{
	const dt_tc_def *d = &dt_taskcard_defs[f];
	int64_t i;
	double r, lo, hi;
	int open;
	char what[48], got[80];
	if (!*value)
		return 0;
	snprintf(what, sizeof what, "task card %s", d->key);
	/* the value as given, made safe for a terminal (model/util/text.h) */
	dt_sanitize(value, got, sizeof got);
	if (dt_text_check(value, DT_TC_VALUE_MAX - 1, DT_TEXT_LINE, what, err,
	                  errlen) < 0)
		return -1;
	switch (d->kind) {
	case DT_TC_INT:
	case DT_TC_INT0:
		if (parse_int(f, value, &i) == 0)
			return 0;
		snprintf(err, errlen, "%s: expected a whole number %s (digits "
		         "only), got '%s'", what, d->kind == DT_TC_INT ?
		         ">= 1" : ">= 0", got);
		return -1;
	case DT_TC_REAL:
		if (parse_real(f, value, &r) == 0)
			return 0;
		dt_taskcard_range(f, &lo, &hi, &open);
		snprintf(err, errlen, "%s: expected a number in %c%g, %g], got "
		         "'%s'", what, open ? '(' : '[', lo, hi, got);
		return -1;
	case DT_TC_TYPE:
		if (!strcmp(value, "lora") || !strcmp(value, "full") ||
		    !strcmp(value, "continued"))
			return 0;
		snprintf(err, errlen, "%s: expected lora, full or continued, "
		         "got '%s'", what, got);
		return -1;
	case DT_TC_RULE: {
		dt_rule rule;
		if (dt_rule_parse(value, &rule) == 0)
			return 0;
		snprintf(err, errlen, "%s: expected rtol or noise, got '%s'",
		         what, got);
		return -1;
	}
	case DT_TC_TEXT:
		break;
	}
	return 0;
}

dt_parity_opts dt_taskcard_parity(const dt_taskcard *tc)
{
	dt_parity_opts o = dt_parity_defaults();
	double r;
	int64_t w;
	if (parse_real(DT_TC_RTOL, tc->value[DT_TC_RTOL], &r) == 0)
		o.rtol = r;
	if (parse_real(DT_TC_ATOL, tc->value[DT_TC_ATOL], &r) == 0)
		o.atol = r;
	if (parse_int(DT_TC_WARMUP, tc->value[DT_TC_WARMUP], &w) == 0)
		o.warmup = w;
	return o;
}

int dt_taskcard_rule(const dt_taskcard *tc, dt_rule *rule)
{
	*rule = DT_RULE_TOLERANCE;
	return dt_rule_parse(tc->value[DT_TC_MATCH_RULE], rule) == 0 ? 0 : 1;
}

int dt_taskcard_recovery(const dt_taskcard *tc, double *seconds)
{
	return parse_real(DT_TC_RECOVERY, tc->value[DT_TC_RECOVERY], seconds) == 0 ? 0 : 1;
}
