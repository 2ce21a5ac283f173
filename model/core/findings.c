/* dt_findings.c: logging-scale mismatch and data traps (rules in
 * dt_findings.h). */
#include "model/core/findings.h"

#include <errno.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/stats.h"

#define LR_AGREE 1e-3
#define EVAL_AGREE 0.05

const char *dt_finding_kind_name(dt_finding_kind k)
{
	switch (k) {
	case DT_FIND_LOGGING_SCALE: return "logging_scale_mismatch";
	case DT_FIND_NON_FINITE: return "non_finite";
	case DT_FIND_ZERO_LOSS: return "zero_loss";
	case DT_FIND_STEP_OFFSET: return "step_offset";
	case DT_FIND_BATCH_CHANGE: return "global_batch_change";
	case DT_FIND_TOTAL_STEPS_CHANGE: return "total_steps_change";
	default: return "constant_values";
	}
}

void dt_findings_free(dt_findings *f)
{
	free(f->v);
	memset(f, 0, sizeof *f);
}

dt_finding *dt_findings_push(dt_findings *f, dt_finding_kind k,
                             const char *role)
{
	if (f->n == f->cap) {
		size_t cap = f->cap ? f->cap * 2 : 8;
		dt_finding *v = realloc(f->v, cap * sizeof *v);
		if (!v) {
			errno = ENOMEM;
			return NULL;
		}
		f->v = v;
		f->cap = cap;
	}
	dt_finding *x = &f->v[f->n++];
	memset(x, 0, sizeof *x);
	x->kind = k;
	snprintf(x->role, sizeof x->role, "%s", role);
	return x;
}

void dt_findings_data_start(dt_findings_data_acc *a)
{
	memset(a, 0, sizeof *a);
}

int dt_on_float_grid(double v, int bits)
{
	uint64_t u;
	memcpy(&u, &v, sizeof u);
	unsigned ex = (unsigned)(u >> 52) & 0x7ffu;
	if (ex == 0x7ffu)
		return 0;                  /* NaN, +-inf */
	if (ex != 0)                       /* normal: 1.f, 53 bits in all */
		return (u & ((UINT64_C(1) << (53 - bits)) - 1)) == 0;
	/* zero and subnormals: m in [0.5, 1) with v = m 2^e */
	int e;
	double m = frexp(v, &e);
	double x = ldexp(m, bits);
	return x == floor(x);
}

/* A run of identical values ended: count it when it makes a finding. */
static void run_end(dt_findings_data_acc *a)
{
	if (a->run_len >= DT_CONSTANT_RUN_MIN && isfinite(a->run_v) &&
	    a->run_v != 0.0 && a->runs++ == 0) {
		a->first_v = a->run_v;
		a->first_step = a->run_step;
		a->first_len = a->run_len;
	}
}

void dt_findings_data_feed(dt_findings_data_acc *a, const int64_t *step,
                           const double *value, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		double v = value[i];
		if (a->run_len && v == a->run_v) {
			a->run_len++;
		} else {
			run_end(a);
			a->run_v = v;
			a->run_step = step[i];
			a->run_len = 1;
		}
		if (!isfinite(v)) {
			if (a->nonfinite++ == 0) {
				a->nonfinite_step = step[i];
				a->nonfinite_value = v;
			}
			continue;
		}
		if (v == 0.0) {
			if (a->zeros++ == 0)
				a->zero_step = step[i];
			continue;
		}
		a->grid_n++;
		a->on8 += (size_t)dt_on_float_grid(v, 8);
		a->on11 += (size_t)(dt_on_float_grid(v, 11) && fabs(v) <= 65504);
	}
}

static int non_finite(const dt_findings_data_acc *a, const char *role,
                      const char *metric, dt_findings *out)
{
	if (a->nonfinite == 0)
		return 0;
	dt_finding *x = dt_findings_push(out, DT_FIND_NON_FINITE, role);
	if (!x)
		return -1;
	double v = a->nonfinite_value;
	x->step = a->nonfinite_step;
	x->count = a->nonfinite;
	snprintf(x->detail, sizeof x->detail, "%s %s: %zu non-finite value(s), "
	         "first %s at step %lld", role, metric, x->count,
	         isnan(v) ? "nan" : v > 0 ? "inf" : "-inf", (long long)x->step);
	return 0;
}

static int zeros(const dt_findings_data_acc *a, const char *role,
                 const char *metric, dt_findings *out)
{
	if (a->zeros == 0)
		return 0;
	dt_finding *x = dt_findings_push(out, DT_FIND_ZERO_LOSS, role);
	if (!x)
		return -1;
	x->step = a->zero_step;
	x->count = a->zeros;
	snprintf(x->detail, sizeof x->detail, "%s %s exactly 0.0 at %zu step(s), "
	         "first at step %lld (a compile trial run's output?)", role,
	         metric, x->count, (long long)x->step);
	return 0;
}

/* The float grid the finite non-zero values lie on: 8 (bf16) or 11
 * (fp16) significant bits when at least 10 such values and 90 % of them
 * lie on it, else 0. */
static int value_grid(const dt_findings_data_acc *a)
{
	if (a->grid_n >= 10 && a->on8 * 10 >= a->grid_n * 9)
		return 8;
	if (a->grid_n >= 10 && a->on11 * 10 >= a->grid_n * 9)
		return 11;
	return 0;
}

static int constant_runs(const dt_findings_data_acc *a, const char *role,
                         const char *metric, dt_findings *out)
{
	size_t runs = a->runs;
	if (runs == 0)
		return 0;
	dt_finding *x = dt_findings_push(out, DT_FIND_CONSTANT, role);
	if (!x)
		return -1;
	x->step = a->first_step;
	x->count = runs;
	double v = a->first_v;
	int grid = value_grid(a);
	if (grid) {
		/* Half a grid step relative to the repeated value: the grid
		 * spacing at v = m 2^e (m in [0.5, 1)) is 2^(e - bits). */
		int e;
		frexp(v, &e);
		double half = 0.5 * ldexp(1.0, e - grid) / fabs(v);
		x->quantized = grid;
		snprintf(x->detail, sizeof x->detail, "%s %s logged in %s: +-%.2g %% "
		         "(values on the %s grid; %zu run(s) of identical values, "
		         "first %.6g x %zu from step %lld, are quantization, not a "
		         "stalled logger)", role, metric, grid == 8 ? "bf16" : "fp16",
		         100 * half, grid == 8 ? "bf16" : "fp16", runs, v,
		         a->first_len, (long long)x->step);
		return 0;
	}
	snprintf(x->detail, sizeof x->detail, "%s %s: %zu run(s) of >= %d "
	         "identical consecutive values; first %.6g repeated %zu times "
	         "from step %lld", role, metric, runs, DT_CONSTANT_RUN_MIN,
	         v, a->first_len, (long long)x->step);
	return 0;
}

int dt_findings_data_finish(dt_findings_data_acc *a, const char *role,
                            const char *metric, dt_findings *out)
{
	run_end(a);
	a->run_len = 0;
	if (non_finite(a, role, metric, out) < 0 ||
	    zeros(a, role, metric, out) < 0 ||
	    constant_runs(a, role, metric, out) < 0)
		return -1;
	return 0;
}

int dt_findings_data(const dt_series *s, const char *role, const char *metric,
                     dt_findings *out)
{
	dt_findings_data_acc a;
	dt_findings_data_start(&a);
	dt_findings_data_feed(&a, s->step, s->value, s->n);
	return dt_findings_data_finish(&a, role, metric, out);
}

/* Advance i (in b) and j (in p) to the next step both hold; 0 at the
 * end of either curve. */
static int next_common(const dt_series *b, const dt_series *p, size_t *i,
                       size_t *j)
{
	while (*i < b->n && *j < p->n && b->step[*i] != p->step[*j]) {
		if (b->step[*i] < p->step[*j])
			(*i)++;
		else
			(*j)++;
	}
	return *i < b->n && *j < p->n;
}

/* Ratios pilot/baseline at common steps where both are finite and
 * non-zero; *r owned by the caller. Returns the count, or -1. */
static long ratios(const dt_series *b, const dt_series *p, double **r,
                   int64_t *first)
{
	size_t cap = b->n < p->n ? b->n : p->n, n = 0, i = 0, j = 0;
	*r = malloc((cap ? cap : 1) * sizeof **r);
	if (!*r)
		return -1;
	while (next_common(b, p, &i, &j)) {
		double x = b->value[i], y = p->value[j];
		if (isfinite(x) && isfinite(y) && x != 0.0 && y != 0.0) {
			if (n == 0)
				*first = b->step[i];
			(*r)[n++] = y / x;
		}
		i++;
		j++;
	}
	return (long)n;
}

/* 1 when the LR agrees at every common step, 0 when not, -1 unknown. */
static int lr_agreement(const dt_series *b, const dt_series *p)
{
	if (!b || !p)
		return -1;
	size_t i = 0, j = 0, n = 0;
	int ok = 1;
	while (next_common(b, p, &i, &j)) {
		double x = b->value[i], y = p->value[j];
		if (fabs(y - x) > LR_AGREE * fabs(x))
			ok = 0;
		n++;
		i++;
		j++;
	}
	return n ? ok : -1;
}

/* 1 when the median eval ratio is within 5 % of 1, 0 not, -1 unknown. */
static int eval_agreement(const dt_series *b, const dt_series *p, double *m)
{
	*m = NAN;
	if (!b || !p)
		return -1;
	double *r;
	int64_t first;
	long n = ratios(b, p, &r, &first);
	if (n < 0)
		return -1;
	int res = -1;
	if (n > 0) {
		*m = dt_median_inplace(r, (size_t)n);
		res = fabs(*m - 1.0) <= EVAL_AGREE;
	}
	free(r);
	return res;
}

static const char *agree_text(int a)
{
	return a == 1 ? "agrees" : a == 0 ? "disagrees" : "not logged on both sides";
}

/* One pass of the logging-scale rule over the common steps of b and p. */
static void scale_pass(dt_scale_acc *a, const dt_series *b,
                       const dt_series *p)
{
	size_t i = 0, j = 0;
	while (next_common(b, p, &i, &j)) {
		dt_scale_acc_pair(a, b->step[i], b->value[i], p->value[j]);
		i++;
		j++;
	}
}

int dt_findings_scale(const dt_scale_in *in, dt_findings *out)
{
	dt_scale_acc a;
	int more;
	if (dt_scale_acc_start(&a) < 0)
		return -1;
	do {
		scale_pass(&a, in->loss_b, in->loss_p);
		more = dt_scale_acc_next(&a);
	} while (more == 1);
	if (more < 0) {
		dt_scale_acc_free(&a);
		return -1;
	}
	int rc = dt_scale_acc_finish(&a, out);
	if (rc == 1)
		dt_findings_scale_agree(&out->v[out->n - 1], in);
	return rc;
}

void dt_findings_scale_agree(dt_finding *x, const dt_scale_in *in)
{
	double em;
	int inverse = x->factor < 1.0;
	double k = inverse ? floor(1.0 / x->factor + 0.5) : x->factor;
	x->lr_agrees = lr_agreement(in->lr_b, in->lr_p);
	x->eval_agrees = eval_agreement(in->eval_b, in->eval_p, &em);
	snprintf(x->detail, sizeof x->detail, "pilot loss = %s%.0f %s baseline "
	         "over %zu common steps from step %lld (median ratio %.4g, spread "
	         "%.2g %%); LR %s; eval_loss %s: a logging-scale mismatch (loss "
	         "%s over %.0f micro-batches?), not a training difference",
	         inverse ? "1/" : "", k, inverse ? "of" : "x", x->count,
	         (long long)x->step, x->ratio, 100 * x->spread,
	         agree_text(x->lr_agrees), agree_text(x->eval_agrees),
	         inverse ? "divided twice" : "summed", k);
}

const dt_finding *dt_findings_scale_of(const dt_findings *f)
{
	for (size_t i = 0; i < f->n; i++)
		if (f->v[i].kind == DT_FIND_LOGGING_SCALE)
			return &f->v[i];
	return NULL;
}

char *dt_findings_verdict_note(const dt_findings *f, char *buf, size_t n)
{
	const dt_finding *s = dt_findings_scale_of(f);
	if (!s && f->n > 0)
		snprintf(buf, n, "with %zu finding%s", f->n,
		         f->n == 1 ? "" : "s");
	else if (!s)
		snprintf(buf, n, "%s", "");
	else if (s->factor < 1.0)
		snprintf(buf, n, "logging-scale mismatch (x 1/%.0f)", 1.0 / s->factor);
	else
		snprintf(buf, n, "logging-scale mismatch (x %.0f)", s->factor);
	return buf;
}

char *dt_finding_text(const dt_finding *f, char *buf, size_t n)
{
	snprintf(buf, n, "finding %s at step %lld: %s",
	         dt_finding_kind_name(f->kind), (long long)f->step, f->detail);
	return buf;
}
