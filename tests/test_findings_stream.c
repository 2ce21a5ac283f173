/* test_findings_stream.c: the findings fed in chunks (findings.h) and the
 * one-pass comparison (stream_pass.h) equal the whole-curve functions and
 * a naive second reading of each rule written here (sorting for the
 * median and MAD, binary search for the step_offset interpolation, frexp
 * for the float grids), on hand-made and generated curves. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "model/core/findings.h"
#include "model/core/parity.h"
#include "model/core/stream_pass.h"
#include "series_test.h"

static int same_double(double x, double y)
{
	return memcmp(&x, &y, sizeof x) == 0;
}

/* ---- naive references ---- */

/* At most `bits` significant bits, by frexp (the definition). */
static int ref_on_grid(double v, int bits)
{
	int e;
	double m = frexp(v, &e);
	double x = ldexp(m, bits);
	return isfinite(v) && x == floor(x);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* Median (upper middle) and MAD of the ratios p/b at common steps where
 * both are finite and non-zero, by sorting; returns their count. */
static size_t ref_scale(const dt_series *b, const dt_series *p, double *med,
                        double *mad)
{
	double *r = malloc((b->n + 1) * sizeof *r);
	size_t n = 0, j = 0;
	assert_non_null(r);
	for (size_t i = 0; i < b->n; i++) {
		while (j < p->n && p->step[j] < b->step[i])
			j++;
		if (j == p->n || p->step[j] != b->step[i])
			continue;
		double x = b->value[i], y = p->value[j];
		if (isfinite(x) && isfinite(y) && x != 0.0 && y != 0.0)
			r[n++] = y / x;
	}
	if (n) {
		qsort(r, n, sizeof *r, cmp_double);
		*med = r[n / 2];
		for (size_t i = 0; i < n; i++)
			r[i] = fabs(r[i] - *med);
		qsort(r, n, sizeof *r, cmp_double);
		*mad = r[n / 2];
	}
	free(r);
	return n;
}

/* Baseline at x by binary search and linear interpolation (findings.h:
 * the step_offset rule); 0 outside its range or beside a non-finite. */
static int ref_value_at(const dt_series *s, int64_t x, double *v)
{
	if (s->n < 2 || x < s->step[0] || x > s->step[s->n - 1])
		return 0;
	size_t lo = 0, hi = s->n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (s->step[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (s->step[lo] == x) {
		*v = s->value[lo];
		return isfinite(*v);
	}
	double y0 = s->value[lo - 1], y1 = s->value[lo];
	if (!isfinite(y0) || !isfinite(y1))
		return 0;
	*v = y0 + (y1 - y0) * (double)(x - s->step[lo - 1]) /
	     (double)(s->step[lo] - s->step[lo - 1]);
	return 1;
}

/* Expected step_offset: the shift (0 = no finding) and RMS ratio. */
static int ref_step_offset(const dt_series *b, const dt_series *p,
                           double *ratio)
{
	double sum[3] = {0, 0, 0};
	size_t n[3] = {0, 0, 0};
	static const int d[3] = {0, -1, 1};
	for (size_t i = 0; i < p->n; i++)
		for (int k = 0; k < 3; k++) {
			double bv;
			if (!isfinite(p->value[i]) ||
			    !ref_value_at(b, p->step[i] + d[k], &bv))
				continue;
			sum[k] += (p->value[i] - bv) * (p->value[i] - bv);
			n[k]++;
		}
	if (n[0] < DT_STEP_OFFSET_MIN || !(sum[0] > 0))
		return 0;
	double m0 = sum[0] / (double)n[0], best = m0;
	int shift = 0;
	for (int k = 1; k < 3; k++)
		if (n[k] >= DT_STEP_OFFSET_MIN && sum[k] / (double)n[k] < best) {
			best = sum[k] / (double)n[k];
			shift = d[k];
		}
	if (shift == 0 || !(best <= 0.25 * m0))
		return 0;
	*ratio = sqrt(best / m0);
	return shift;
}

/* ---- sources read in small chunks ---- */

typedef struct chunked {
	const dt_series *s;
	size_t k;
	int64_t *st;
	double *v;
} chunked;

/* Copies at most k points into buffers overwritten at every call, so a
 * pass that kept a pointer past the next read would see other points. */
static int chunked_read(void *ctx, size_t from, size_t want,
                        const int64_t **step, const double **value,
                        size_t *got)
{
	chunked *c = ctx;
	size_t g = want < c->k ? want : c->k;
	memcpy(c->st, c->s->step + from, g * sizeof *c->st);
	memcpy(c->v, c->s->value + from, g * sizeof *c->v);
	*step = c->st;
	*value = c->v;
	*got = g;
	return 0;
}

static void chunked_src(dt_curve_src *src, chunked *c, const dt_series *s,
                        size_t k)
{
	c->s = s;
	c->k = k;
	c->st = malloc((k ? k : 1) * sizeof *c->st);
	c->v = malloc((k ? k : 1) * sizeof *c->v);
	assert_non_null(c->st);
	assert_non_null(c->v);
	src->n = s->n;
	src->read = chunked_read;
	src->ctx = c;
}

static void chunked_free(chunked *c)
{
	free(c->st);
	free(c->v);
}

static void assert_same_findings(const dt_findings *x, const dt_findings *y)
{
	assert_int_equal(x->n, y->n);
	for (size_t i = 0; i < x->n; i++) {
		const dt_finding *a = &x->v[i], *b = &y->v[i];
		assert_int_equal(a->kind, b->kind);
		assert_string_equal(a->role, b->role);
		assert_int_equal(a->step, b->step);
		assert_int_equal(a->count, b->count);
		assert_true(same_double(a->factor, b->factor));
		assert_true(same_double(a->ratio, b->ratio));
		assert_true(same_double(a->spread, b->spread));
		assert_int_equal(a->quantized, b->quantized);
		assert_string_equal(a->detail, b->detail);
	}
}

/* The whole-curve findings, in dt_run_findings' order (no lr/eval). */
static void whole_findings(const dt_series *b, const dt_series *p,
                           dt_findings *f)
{
	dt_scale_in in = {.loss_b = b, .loss_p = p};
	memset(f, 0, sizeof *f);
	assert_int_equal(dt_findings_data(b, "baseline", "loss", f), 0);
	assert_int_equal(dt_findings_data(p, "pilot", "loss", f), 0);
	assert_true(dt_findings_scale(&in, f) >= 0);
	assert_true(dt_findings_step_offset(b, p, f) >= 0);
}

/* The whole-curve findings against the naive references. */
static void check_references(const dt_series *b, const dt_series *p,
                             const dt_findings *f)
{
	const dt_finding *sc = dt_findings_scale_of(f);
	double med = NAN, mad = NAN;
	size_t n = ref_scale(b, p, &med, &mad);
	if (sc) {
		assert_int_equal(sc->count, n);
		assert_true(same_double(sc->ratio, med));
		assert_true(same_double(sc->spread, mad / fabs(med)));
	}
	double ratio = 0;
	int shift = ref_step_offset(b, p, &ratio);
	const dt_finding *so = NULL;
	for (size_t i = 0; i < f->n; i++)
		if (f->v[i].kind == DT_FIND_STEP_OFFSET)
			so = &f->v[i];
	assert_int_equal(so ? (int)so->factor : 0, shift);
	if (so)
		assert_float_equal(so->ratio, ratio, 1e-9);
	/* data findings: counts and first steps */
	const dt_series *cv[2] = {b, p};
	for (int c = 0; c < 2; c++) {
		size_t nf = 0, nz = 0, runs = 0, gn = 0, on8 = 0;
		int64_t ff = 0, fz = 0, fr = 0;
		for (size_t i = 0; i < cv[c]->n; i++) {
			double v = cv[c]->value[i];
			if (!isfinite(v) && nf++ == 0)
				ff = cv[c]->step[i];
			if (v == 0.0 && nz++ == 0)
				fz = cv[c]->step[i];
			if (isfinite(v) && v != 0.0) {
				gn++;
				on8 += (size_t)ref_on_grid(v, 8);
			}
		}
		for (size_t i = 0; i < cv[c]->n;) {
			size_t j = i + 1;
			while (j < cv[c]->n && cv[c]->value[j] == cv[c]->value[i])
				j++;
			if (j - i >= DT_CONSTANT_RUN_MIN && isfinite(cv[c]->value[i]) &&
			    cv[c]->value[i] != 0.0 && runs++ == 0)
				fr = cv[c]->step[i];
			i = j;
		}
		const char *role = c ? "pilot" : "baseline";
		size_t seen = 0;
		for (size_t i = 0; i < f->n; i++) {
			const dt_finding *x = &f->v[i];
			if (strcmp(x->role, role) != 0 || x->kind == DT_FIND_LOGGING_SCALE)
				continue;
			seen++;
			if (x->kind == DT_FIND_NON_FINITE) {
				assert_int_equal(x->count, nf);
				assert_int_equal(x->step, ff);
			} else if (x->kind == DT_FIND_ZERO_LOSS) {
				assert_int_equal(x->count, nz);
				assert_int_equal(x->step, fz);
			} else {
				assert_int_equal(x->kind, DT_FIND_CONSTANT);
				assert_int_equal(x->count, runs);
				assert_int_equal(x->step, fr);
				if (gn >= 10 && on8 * 10 >= gn * 9)
					assert_int_equal(x->quantized, 8);
			}
		}
		assert_int_equal(seen, (nf > 0) + (nz > 0) + (runs > 0));
	}
}

/* Every output of two passes the same bits: parity summary, blocks,
 * kept points, findings. */
static void assert_same_pass(const dt_stream_job *x, const dt_stream_job *y)
{
	const dt_parity *a = &x->par, *b = &y->par;
	assert_int_equal(a->by_samples, b->by_samples);
	assert_int_equal(a->n, b->n);
	assert_int_equal(a->nblocks, b->nblocks);
	assert_true(a->nblocks == 0 ||
	            memcmp(a->blocks, b->blocks,
	                   a->nblocks * sizeof *a->blocks) == 0);
	assert_int_equal(a->nkept, b->nkept);
	for (size_t i = 0; i < a->nkept; i++) {
		assert_int_equal(a->kept[i].x, b->kept[i].x);
		assert_true(same_double(a->kept[i].baseline, b->kept[i].baseline));
		assert_true(same_double(a->kept[i].pilot, b->kept[i].pilot));
		assert_true(same_double(a->kept[i].rel_diff, b->kept[i].rel_diff));
		assert_int_equal(a->kept[i].breach, b->kept[i].breach);
	}
	assert_int_equal(a->breaches, b->breaches);
	assert_int_equal(a->first_breach_x, b->first_breach_x);
	assert_true(same_double(a->max_abs_rel_diff, b->max_abs_rel_diff));
	assert_int_equal(a->max_abs_rel_diff_x, b->max_abs_rel_diff_x);
	assert_int_equal(a->allowed_breaches, b->allowed_breaches);
	assert_int_equal(a->verdict, b->verdict);
	assert_same_findings(x->findings, y->findings);
}

/* The pass taken in steps of 1, 7 and 4096 points (dt_stream_step)
 * gives what the one-shot pass gives, with progress never going back
 * within a walk and reaching 1 when done; sources in chunks of k (0:
 * whole). */
static void check_steps(const dt_series *b, const dt_series *p, size_t k,
                        size_t thin_n)
{
	static const size_t budgets[] = {1, 7, 4096};
	dt_parity_opts po = dt_parity_defaults();
	dt_findings want = {0};
	dt_stream_job one = {.parity = &po, .metric = "loss", .scale = 1,
	                     .step_offset = 1, .findings = &want,
	                     .parity_keep = DT_PARITY_KEEP_BLOCKS,
	                     .thin_max = 40, .thin_n = thin_n};
	dt_curve_src sb, sp;
	chunked cb = {0}, cp = {0};
	if (k) {
		chunked_src(&sb, &cb, b, k);
		chunked_src(&sp, &cp, p, k);
	} else {
		dt_curve_src_series(&sb, b);
		dt_curve_src_series(&sp, p);
	}
	assert_int_equal(dt_stream_pass(&sb, &sp, &one), 0);
	for (size_t i = 0; i < sizeof budgets / sizeof budgets[0]; i++) {
		dt_findings got = {0};
		dt_stream_job job = one;
		job.findings = &got;
		dt_stream_run *r;
		assert_int_equal(dt_stream_begin(&sb, &sp, &job, &r), 0);
		double last = 0;
		unsigned lastw = 1, w;
		size_t steps = 0;
		int rc;
		while ((rc = dt_stream_step(r, budgets[i])) == 0) {
			double f = dt_stream_progress(r, &w);
			assert_true(f >= 0 && f <= 1);
			assert_true(w >= lastw);
			if (w == lastw)
				assert_true(f >= last);
			last = f;
			lastw = w;
			steps++;
		}
		assert_int_equal(rc, 1);
		assert_true(dt_stream_progress(r, NULL) == 1.0);
		/* budget 1: a step a pilot point at least (more than one step
		 * whenever there is more than one pilot point) */
		if (budgets[i] == 1)
			assert_true(steps + 1 >= p->n);
		dt_stream_free(r);
		assert_same_pass(&job, &one);
		dt_parity_free(&job.par);
		dt_findings_free(&got);
	}
	/* abandoned half-way: everything given back (ASan) */
	dt_findings got = {0};
	dt_stream_job job = one;
	job.findings = &got;
	dt_stream_run *r;
	assert_int_equal(dt_stream_begin(&sb, &sp, &job, &r), 0);
	assert_true(dt_stream_step(r, p->n / 2 + 1) >= 0);
	dt_stream_free(r);
	assert_null(job.par.blocks);
	dt_findings_free(&got);
	dt_parity_free(&one.par);
	dt_findings_free(&want);
	if (k) {
		chunked_free(&cb);
		chunked_free(&cp);
	}
}

/* One pass over b and p in chunks of 1, 7, 4096 and whole equals the
 * whole-curve parity and findings. */
static void check_stream(const dt_series *b, const dt_series *p)
{
	static const size_t ks[] = {1, 7, 4096, 0};
	dt_findings want;
	dt_parity wpar;
	dt_parity_opts po = dt_parity_defaults();
	whole_findings(b, p, &want);
	check_references(b, p, &want);
	assert_int_equal(dt_parity_compute(b, p, &po, &wpar), 0);
	for (size_t c = 0; c < sizeof ks / sizeof ks[0]; c++) {
		dt_curve_src sb, sp;
		chunked cb = {0}, cp = {0};
		if (ks[c]) {
			chunked_src(&sb, &cb, b, ks[c]);
			chunked_src(&sp, &cp, p, ks[c]);
		} else {
			dt_curve_src_series(&sb, b);
			dt_curve_src_series(&sp, p);
		}
		dt_findings got = {0};
		dt_stream_job job = {.parity = &po, .metric = "loss", .scale = 1,
		                     .step_offset = 1, .findings = &got,
		                     .parity_keep = DT_PARITY_KEEP_BLOCKS};
		assert_int_equal(dt_stream_pass(&sb, &sp, &job), 0);
		assert_same_findings(&got, &want);
		assert_null(job.par.points);
		assert_int_equal(job.par.n, wpar.n);
		assert_int_equal(job.par.nblocks,
		                 (wpar.n + DT_PARITY_BLOCK - 1) / DT_PARITY_BLOCK);
		assert_int_equal(job.par.breaches, wpar.breaches);
		assert_int_equal(job.par.first_breach_x, wpar.first_breach_x);
		assert_true(same_double(job.par.max_abs_rel_diff,
		                        wpar.max_abs_rel_diff));
		assert_int_equal(job.par.max_abs_rel_diff_x, wpar.max_abs_rel_diff_x);
		assert_int_equal(job.par.verdict, wpar.verdict);
		dt_parity_free(&job.par);
		dt_findings_free(&got);
		check_steps(b, p, ks[c], wpar.n);
		/* the data accumulator alone, fed in the same chunks */
		size_t k = ks[c] ? ks[c] : b->n + 1;
		dt_findings_data_acc a;
		dt_findings one = {0}, ref = {0};
		dt_findings_data_start(&a);
		for (size_t i = 0; i < b->n; i += k)
			dt_findings_data_feed(&a, b->step + i, b->value + i,
			                      b->n - i < k ? b->n - i : k);
		assert_int_equal(dt_findings_data_finish(&a, "baseline", "loss",
		                                         &one), 0);
		assert_int_equal(dt_findings_data(b, "baseline", "loss", &ref), 0);
		assert_same_findings(&one, &ref);
		dt_findings_free(&one);
		dt_findings_free(&ref);
		if (ks[c]) {
			chunked_free(&cb);
			chunked_free(&cp);
		}
	}
	dt_parity_free(&wpar);
	dt_findings_free(&want);
}

/* ---- hand-computed ---- */

/* Ratios 1..6 at steps 1..6 (pilot = r x baseline 2.0): n 6, median the
 * upper middle of 1 2 3 4 5 6 = 4 (not ruled out by its bucket: 4 is
 * outside [0.6875, 1.5)), |r - 4| = 3 2 1 0 1 2 -> sorted 0 1 1 2 2 3,
 * MAD = [3] = 2; spread 2/4 = 50 % > 5 %: no finding. A pair with a zero
 * or NaN is skipped (steps 7, 8). */
static void scale_acc_by_hand(void **state)
{
	(void)state;
	dt_scale_acc a;
	dt_findings f = {0};
	int more, passes = 1;
	assert_int_equal(dt_scale_acc_start(&a), 0);
	do {
		for (int s = 1; s <= 6; s++)
			dt_scale_acc_pair(&a, s, 2.0, 2.0 * s);
		dt_scale_acc_pair(&a, 7, 0.0, 1.0);
		dt_scale_acc_pair(&a, 8, 1.0, NAN);
		more = dt_scale_acc_next(&a);
		passes += more == 1;
	} while (more == 1);
	assert_int_equal(more, 0);
	assert_int_equal(a.n, 6);
	assert_int_equal(a.first, 1);
	assert_true(a.median == 4.0);
	assert_true(a.mad == 2.0);
	/* 16 bits per pass, then the bucket of 4.0 (one value) collected:
	 * median in passes 1-3, MAD (0..3, buckets shared) in 4-6 at most */
	assert_true(passes >= 3 && passes <= 8);
	assert_int_equal(dt_scale_acc_finish(&a, &f), 0);
	assert_int_equal(f.n, 0);
	/* Pilot 1.003 x baseline: the median's bucket [1, 1.0625) rules the
	 * finding out after the first pass. */
	assert_int_equal(dt_scale_acc_start(&a), 0);
	for (int s = 1; s <= 6; s++)
		dt_scale_acc_pair(&a, s, 2.0, 2.006);
	assert_int_equal(dt_scale_acc_next(&a), 0);
	assert_int_equal(dt_scale_acc_finish(&a, &f), 0);
	dt_findings_free(&f);
}

/* Float grids by hand: 1 + 2^-7 has 8 significant bits (bf16 and fp16),
 * 1 + 2^-8 has 9 (fp16 only), 1 + 2^-11 has 12 (neither); 0.1 neither;
 * the smallest subnormal 2^-1074 has 1; NaN and inf none. Then random
 * bit patterns against frexp. */
static void float_grid(void **state)
{
	(void)state;
	assert_true(dt_on_float_grid(1.0 + 0x1p-7, 8));
	assert_false(dt_on_float_grid(1.0 + 0x1p-8, 8));
	assert_true(dt_on_float_grid(1.0 + 0x1p-8, 11));
	assert_false(dt_on_float_grid(1.0 + 0x1p-11, 11));
	assert_false(dt_on_float_grid(0.1, 11));
	assert_true(dt_on_float_grid(0x1p-1074, 8));
	assert_true(dt_on_float_grid(-3.0, 8));
	assert_false(dt_on_float_grid(NAN, 8));
	assert_false(dt_on_float_grid(INFINITY, 11));
	uint64_t x = 0x9E3779B97F4A7C15ull;
	for (int i = 0; i < 200000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		uint64_t u = x;
		if (i % 3 == 0)
			u &= ~((UINT64_C(1) << (40 + i % 12)) - 1); /* few bits */
		if (i % 5 == 0)
			u &= UINT64_C(0x800FFFFFFFFFFFFF);           /* subnormal */
		double v;
		memcpy(&v, &u, sizeof v);
		for (int bits = 8; bits <= 11; bits += 3)
			assert_int_equal(dt_on_float_grid(v, bits), ref_on_grid(v, bits));
	}
}

/* The step_offset fixture of test_resume_findings.c in one pass of
 * chunks of 1: baseline 10/s at steps 1..30, pilot 10/(s+1): shift +1
 * fits exactly (ratio 0). */
static void step_offset_by_hand(void **state)
{
	(void)state;
	int64_t st[30];
	double b[30], p[30];
	for (int i = 0; i < 30; i++) {
		st[i] = i + 1;
		b[i] = 10.0 / (double)(i + 1);
		p[i] = 10.0 / (double)(i + 2);
	}
	dt_series sb = seg(st, b, 30), sp = seg(st, p, 30);
	check_stream(&sb, &sp);
	dt_findings f = {0};
	assert_int_equal(dt_findings_step_offset(&sb, &sp, &f), 1);
	assert_float_equal(f.v[0].factor, 1.0, 0);
	assert_float_equal(f.v[0].ratio, 0.0, 1e-12);
	dt_findings_free(&f);
}

/* ---- generated ---- */

static uint64_t rng = 88172645463325252ull;

static double uniform(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (double)(rng >> 11) / 9007199254740992.0;
}

/* Loss-like values near 2.0 on steps first + i gap; traps: 1-in-400
 * NaN / inf / 0, runs of 6 identical values every ~1000 points. */
static void gen(int64_t *st, double *v, size_t n, int64_t first, int64_t gap)
{
	for (size_t i = 0; i < n; i++) {
		st[i] = first + (int64_t)i * gap;
		v[i] = 2.0 * exp(-(double)i / (double)n) + 0.01 * uniform();
		double u = uniform();
		if (u < 0.0025)
			v[i] = NAN;
		else if (u < 0.005)
			v[i] = INFINITY;
		else if (u < 0.0075)
			v[i] = 0.0;
		else if (u < 0.0085 && i >= 6)
			for (size_t k = i - 5; k < i; k++)
				v[k] = v[i];
	}
}

static double bf16(double v)
{
	int e;
	double m = frexp(v, &e);
	return ldexp(floor(ldexp(m, 8) + 0.5), e - 8);
}

static void generated(void **state)
{
	(void)state;
	enum { NB = 12000, NP = 9000 };
	int64_t *bs = malloc(NB * sizeof *bs), *ps = malloc(NB * sizeof *ps);
	double *bv = malloc(NB * sizeof *bv), *pv = malloc(NB * sizeof *pv);
	assert_non_null(bs);
	assert_non_null(ps);
	assert_non_null(bv);
	assert_non_null(pv);
	/* (1) traps on different step grids */
	gen(bs, bv, NB, 1, 1);
	gen(ps, pv, NP, 2, 3);
	dt_series b = seg(bs, bv, NB), p = seg(ps, pv, NP);
	check_stream(&b, &p);
	/* (2) pilot = 4 x baseline x (1 +- 1 %): logging-scale finding,
	 * found by the exact passes */
	gen(bs, bv, NB, 1, 1);
	for (size_t i = 0; i < NB; i++) {
		ps[i] = bs[i];
		pv[i] = 4.0 * bv[i] * (1.0 + 0.02 * (uniform() - 0.5));
	}
	p = seg(ps, pv, NB);
	dt_findings f = {0};
	whole_findings(&b, &p, &f);
	assert_non_null(dt_findings_scale_of(&f));
	dt_findings_free(&f);
	check_stream(&b, &p);
	/* (3) ratio about 1.7: no finding, decided by the exact passes;
	 * and 0.4 (1/m = 2.5: k 3 too far) */
	for (size_t i = 0; i < NB; i++)
		pv[i] = 1.7 * bv[i] * (1.0 + 0.02 * (uniform() - 0.5));
	check_stream(&b, &p);
	for (size_t i = 0; i < NB; i++)
		pv[i] = 0.4 * bv[i];
	check_stream(&b, &p);
	/* (4) bf16 values: runs are quantization */
	for (size_t i = 0; i < NB; i++)
		pv[i] = bf16(1.0 + 0.5 * exp(-(double)i / 3000.0));
	whole_findings(&b, &p, &f);
	int quantized = 0;
	for (size_t i = 0; i < f.n; i++)
		quantized |= f.v[i].kind == DT_FIND_CONSTANT && f.v[i].quantized == 8;
	assert_true(quantized);
	dt_findings_free(&f);
	check_stream(&b, &p);
	/* (5) pilot = baseline one step later (0-based log), every 2nd
	 * step on both, and every step on the pilot */
	for (size_t i = 0; i < NB; i++) {
		bs[i] = 2 * (int64_t)i + 1;
		bv[i] = 3.0 / sqrt((double)bs[i]);
		ps[i] = bs[i] - 1;
		pv[i] = bv[i];
	}
	check_stream(&b, &p);
	for (size_t i = 0; i < NB; i++) {
		ps[i] = (int64_t)i;
		pv[i] = 3.0 / sqrt((double)i + 2.0);
	}
	check_stream(&b, &p);
	/* (6) negative baseline: ratios negative, ruled out */
	for (size_t i = 0; i < NB; i++)
		bv[i] = -bv[i];
	check_stream(&b, &p);
	/* (7) short and empty curves */
	dt_series one = seg(bs, bv, 1), none = seg(bs, bv, 0);
	check_stream(&one, &p);
	check_stream(&p, &one);
	check_stream(&none, &p);
	check_stream(&p, &none);
	free(bs);
	free(ps);
	free(bv);
	free(pv);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(scale_acc_by_hand),
		cmocka_unit_test(float_grid),
		cmocka_unit_test(step_offset_by_hand),
		cmocka_unit_test(generated),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
