/* resume_fingerprint.c: batch fingerprints across a restart (the
 * fingerprint part of the data_cursor check; rules in resume.h). */
#include "model/core/resume_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct fp_point {
	double value;
	int64_t step;
} fp_point;

static int cmp_point(const void *a, const void *b)
{
	const fp_point *x = a, *y = b;
	if (x->value != y->value)
		return x->value < y->value ? -1 : 1;
	return (x->step > y->step) - (x->step < y->step);
}

/* First index of value v in p[0..n) (sorted), n when absent. */
static size_t find_value(const fp_point *p, size_t n, double v)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (p[mid].value < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && p[lo].value == v ? lo : n;
}

void dt_rs_check_fingerprint(const dt_rs_ctx *c, dt_restart_verdict *v)
{
	const dt_series *b = &c->fp_b, *a = &c->fp_a;
	char *d = v->detail[DT_RC_CURSOR];
	size_t dn = sizeof v->detail[DT_RC_CURSOR];
	if (b->n == 0 || a->n == 0 || v->check[DT_RC_CURSOR] == DT_CHECK_FAIL)
		return;
	fp_point *p = malloc(b->n * sizeof *p);
	size_t n = 0;
	if (!p)
		return;  /* no memory: the fingerprints stay unjudged */
	for (size_t i = 0; i < b->n; i++)
		if (isfinite(b->value[i]))
			p[n++] = (fp_point){b->value[i], b->step[i]};
	qsort(p, n, sizeof *p, cmp_point);
	/* The same fingerprint at two steps before the restart: batches
	 * recur by design (one value per step, so a step logged twice by a
	 * replay shows the same step, not another). */
	for (size_t i = 1; i < n; i++)
		if (p[i].value == p[i - 1].value && p[i].step != p[i - 1].step) {
			if (v->check[DT_RC_CURSOR] == DT_CHECK_NA)
				snprintf(d, dn, "batch fingerprints recur before the "
				         "restart (steps %lld and %lld): not judged",
				         (long long)p[i - 1].step, (long long)p[i].step);
			free(p);
			return;
		}
	size_t compared = 0;
	for (size_t i = 0; i < a->n; i++) {
		size_t j = isfinite(a->value[i]) ? find_value(p, n, a->value[i]) : n;
		if (j == n)
			continue;
		compared++;
		if (p[j].step == a->step[i])
			continue;  /* the same batch at the same step: a replay */
		v->check[DT_RC_CURSOR] = DT_CHECK_FAIL;
		v->cursor_fault_step = a->step[i];
		snprintf(d, dn, "batch fingerprint at step %lld after the resume "
		         "repeats the one logged at step %lld before: batches "
		         "trained again from an earlier data position",
		         (long long)a->step[i], (long long)p[j].step);
		free(p);
		return;
	}
	free(p);
	if (v->check[DT_RC_CURSOR] == DT_CHECK_NA) {
		v->check[DT_RC_CURSOR] = DT_CHECK_PASS;
		snprintf(d, dn, "%zu batch fingerprint(s) after the resume, none "
		         "repeats one logged before at another step (%zu replayed "
		         "at the same step)", a->n, compared);
	} else {
		size_t k = strlen(d);
		if (k < dn)
			snprintf(d + k, dn - k, "; batch fingerprints: none repeats an "
			         "earlier step");
	}
}
