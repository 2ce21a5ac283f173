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

static int parse_int(const char *s, int64_t *out)
{
	char *end;
	errno = 0;
	long long v = strtoll(s, &end, 10);
	if (errno || end == s || *end || v < 0)
		return -1;
	*out = v;
	return 0;
}

static int parse_real(const char *s, double *out)
{
	return dt_parse_double_field(s, strlen(s), out) == 0 && isfinite(*out) &&
	       *out >= 0 ? 0 : -1;
}

int dt_taskcard_validate(dt_tc_field f, const char *value, char *err,
                         size_t errlen)
{
	const dt_tc_def *d = &dt_taskcard_defs[f];
	int64_t i;
	double r;
	if (!*value)
		return 0;
	if (strlen(value) >= DT_TC_VALUE_MAX) {
		snprintf(err, errlen, "task card %s: value longer than %d bytes",
		         d->key, DT_TC_VALUE_MAX - 1);
		return -1;
	}
	switch (d->kind) {
	case DT_TC_INT:
		if (parse_int(value, &i) == 0)
			return 0;
		snprintf(err, errlen, "task card %s: expected an integer >= 0",
		         d->key);
		return -1;
	case DT_TC_REAL:
		if (parse_real(value, &r) == 0)
			return 0;
		snprintf(err, errlen, "task card %s: expected a number >= 0",
		         d->key);
		return -1;
	case DT_TC_TYPE:
		if (!strcmp(value, "lora") || !strcmp(value, "full") ||
		    !strcmp(value, "continued"))
			return 0;
		snprintf(err, errlen, "task card %s: expected lora, full or "
		         "continued", d->key);
		return -1;
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
	if (parse_real(tc->value[DT_TC_RTOL], &r) == 0)
		o.rtol = r;
	if (parse_real(tc->value[DT_TC_ATOL], &r) == 0)
		o.atol = r;
	if (parse_int(tc->value[DT_TC_WARMUP], &w) == 0)
		o.warmup = w;
	return o;
}

int dt_taskcard_recovery(const dt_taskcard *tc, double *seconds)
{
	return parse_real(tc->value[DT_TC_RECOVERY], seconds) == 0 ? 0 : 1;
}
