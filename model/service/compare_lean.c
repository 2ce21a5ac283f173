/* compare_lean.c: the lean comparison (compare.h, opts.lean): when both
 * curves are stored as one series each with evenly stepped steps, no
 * launch marks and no gradient accumulation to map, the curve is the
 * stored series itself, so its values are read in chunks of
 * DT_STREAM_CHUNK points (dt_store_values_read) and the parity rule and
 * the findings run in one pass over them (model/core/stream_pass.h),
 * keeping no whole curve. */
#include "model/service/compare_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/step_grid.h"
#include "model/core/stream_pass.h"
#include "model/service/curve_open.h"
#include "model/service/run_findings.h"
#include "model/service/series_seal.h"
#include "model/util/sha256.h"

/* One curve read through the store: chunk buffers (1 MiB), and the
 * SHA-256 of its values taken as they are read in order (series_seal.h:
 * the bytes already read; a second walk over them is not hashed again). */
typedef struct lean_src {
	dt_store *st;
	const dt_series_shape *shape;
	const char *metric;
	dt_sha256_ctx *sha;        /* NULL: hashing failed (sha_failed) */
	size_t hashed;             /* values [0, hashed) hashed */
	int sha_failed;
	int64_t step[DT_STREAM_CHUNK];
	double value[DT_STREAM_CHUNK];
} lean_src;

/* Hash values [from, from + k) just read, when they continue what was
 * hashed. */
static void lean_hash(lean_src *s, size_t from, size_t k)
{
	if (!s->sha || from != s->hashed)
		return;
	if (dt_sha256_update(s->sha, s->value, k * sizeof *s->value) < 0) {
		dt_sha256_free(s->sha);
		s->sha = NULL;
		s->sha_failed = 1;
		return;
	}
	s->hashed += k;
}

/* The seal check of a source's one stored row (series_seal.h): the
 * values not read by the pass (none, usually) are read and hashed now;
 * its steps are the first step alone (evenly stepped), it has no marks.
 * 0 or 1 (dt_series_seal_check), -1 on error (message in err). */
static int lean_seal(lean_src *s, const char *run, char *err, size_t errlen)
{
	const dt_series_shape *sh = s->shape;
	dt_seal_digest d;
	while (s->sha && s->hashed < sh->n) {
		size_t k = sh->n - s->hashed < DT_STREAM_CHUNK ?
		           sh->n - s->hashed : DT_STREAM_CHUNK;
		if (dt_store_values_read(s->st, sh->file_id, s->metric, s->hashed,
		                         k, s->value) < 0) {
			snprintf(err, errlen, "%s", dt_store_error(s->st));
			return -1;
		}
		lean_hash(s, s->hashed, k);
	}
	int64_t first = sh->first_step;
	d.steps_len = sizeof first;
	d.vals_len = sh->n * sizeof(double);
	d.marks_len = 0;
	dt_sha256_ctx *sha = s->sha;
	s->sha = NULL;
	if (s->sha_failed || dt_sha256_end(sha, d.vals) < 0 ||
	    dt_sha256_hex(&first, sizeof first, d.steps) < 0 ||
	    dt_sha256_hex("", 0, d.marks) < 0) {
		snprintf(err, errlen, "series %s of run %s: SHA-256 failed",
		         s->metric, run);
		return -1;
	}
	return dt_series_seal_check(s->st, run, s->metric, sh->file_id, 0, &d,
	                            NULL, 0, err, errlen);
}

static int lean_read(void *ctx, size_t from, size_t want,
                     const int64_t **step, const double **value, size_t *got)
{
	lean_src *s = ctx;
	if (want > DT_STREAM_CHUNK)
		want = DT_STREAM_CHUNK;
	if (dt_store_values_read(s->st, s->shape->file_id, s->metric, from, want,
	                         s->value) < 0)
		return -1;
	lean_hash(s, from, want);
	for (size_t i = 0; i < want; i++)
		s->step[i] = s->shape->first_step +
		             (int64_t)(from + i) * s->shape->stride;
	*step = s->step;
	*value = s->value;
	*got = want;
	return 0;
}

/* 1 when run r's curve of `metric` is its stored series as logged and
 * evenly stepped (dt_run_series_simple) with points; 0 when not; -1 on
 * a store error. */
static int simple(dt_store *st, const dt_run *r, const char *metric,
                  dt_series_shape *sh)
{
	int rc = dt_run_series_simple(st, r, metric, sh);
	return rc > 0 ? sh->n > 0 : rc;
}

/* The compared points of two evenly stepped curves: their common steps
 * after the warm-up (dt_parity_acc_feed's rule: warm-up <= 0 compares
 * every common step). */
static size_t expected_points(const dt_series_shape *b,
                              const dt_series_shape *p,
                              const dt_parity_opts *po)
{
	dt_step_grid gb = {b->first_step, b->stride, b->n};
	dt_step_grid gp = {p->first_step, p->stride, p->n};
	return dt_step_grid_common(&gb, &gp, po->warmup > 0 ? po->warmup + 1
	                                                   : INT64_MIN);
}

/* A lean comparison under way: the two sources, the pass's job and its
 * results until they move into the comparison. Heap-allocated: the
 * sources point at the shapes and the job at po and findings. */
struct dt_compare_lean {
	dt_series_shape sb, sp;
	dt_parity_opts po;
	char metric[DT_METRIC_MAX];
	lean_src *xb, *xp;
	dt_findings findings;
	dt_stream_job job;
	dt_stream_run *run;
};

void dt_compare_lean_free(dt_compare_lean *l)
{
	if (!l)
		return;
	dt_stream_free(l->run);
	dt_parity_free(&l->job.par);
	dt_findings_free(&l->findings);
	if (l->xb)
		dt_sha256_free(l->xb->sha);
	if (l->xp)
		dt_sha256_free(l->xp->sha);
	free(l->xb);
	free(l->xp);
	free(l);
}

int dt_compare_lean_begin(dt_store *st, dt_comparison *c,
                          const dt_parity_opts *po, size_t max_points,
                          dt_compare_lean **out, char *err, size_t errlen)
{
	dt_series_shape sb, sp;
	*out = NULL;
	int a = simple(st, &c->base, c->metric, &sb);
	int b = a > 0 ? simple(st, &c->pilot, c->metric, &sp) : 0;
	if (a < 0 || b < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	if (!a || !b)
		return 1;
	size_t expect = max_points ? expected_points(&sb, &sp, po) : 0;
	if (expect == (size_t)-1)
		return 1;
	dt_compare_lean *l = calloc(1, sizeof *l);
	if (!l || !(l->xb = malloc(sizeof *l->xb)) ||
	    !(l->xp = malloc(sizeof *l->xp)))
		goto oom;
	l->sb = sb;
	l->sp = sp;
	l->po = *po;
	snprintf(l->metric, sizeof l->metric, "%s", c->metric);
	*l->xb = (lean_src){.st = st, .shape = &l->sb, .metric = l->metric,
	                    .sha = dt_sha256_begin()};
	*l->xp = (lean_src){.st = st, .shape = &l->sp, .metric = l->metric,
	                    .sha = dt_sha256_begin()};
	l->xb->sha_failed = !l->xb->sha;
	l->xp->sha_failed = !l->xp->sha;
	dt_curve_src cb = {.n = sb.n, .read = lean_read, .ctx = l->xb};
	dt_curve_src cp = {.n = sp.n, .read = lean_read, .ctx = l->xp};
	int loss = strcmp(c->metric, "loss") == 0;
	l->job = (dt_stream_job){.parity = &l->po,
	                         .parity_keep = DT_PARITY_KEEP_BLOCKS,
	                         .metric = l->metric, .scale = loss,
	                         .step_offset = loss, .findings = &l->findings,
	                         .thin_max = max_points, .thin_n = expect};
	if (dt_stream_begin(&cb, &cp, &l->job, &l->run) < 0)
		goto oom;
	c->lean = 1;
	c->shape_b = sb;
	c->shape_p = sp;
	c->base_logged = sb.n;
	c->pilot_logged = sp.n;
	*out = l;
	return 0;
oom:
	dt_compare_lean_free(l);
	snprintf(err, errlen, "out of memory");
	return -1;
}

double dt_compare_lean_progress(const dt_compare_lean *l, unsigned *walk)
{
	return dt_stream_progress(l->run, walk);
}

int dt_compare_lean_step(dt_store *st, dt_compare_lean *l, size_t budget,
                         dt_comparison *c, char *err, size_t errlen)
{
	int rc = dt_stream_step(l->run, budget);
	if (rc == 0)
		return 1;
	if (rc < 0) {
		snprintf(err, errlen, "%s", errno == EIO ? dt_store_error(st) :
		         "out of memory");
		return -1;
	}
	size_t max_points = l->job.thin_max;
	if (l->job.par.verdict == DT_VERDICT_INSUFFICIENT ||
	    (max_points && l->job.par.nkept == (size_t)-1)) {
		/* insufficient: the reason needs the curves (compare_notes.c);
		 * a count of compared points other than the shapes said (not
		 * expected of a stored series): the full path decimates */
		l->job.par.nkept = 0;
		c->lean = 0;
		c->base_logged = c->pilot_logged = 0;
		memset(&c->shape_b, 0, sizeof c->shape_b);
		memset(&c->shape_p, 0, sizeof c->shape_p);
		return 2;
	}
	/* both curves as read against their sealed digests (a mismatch is
	 * noted on the store: the comparison's integrity says ALTERED) */
	if (lean_seal(l->xb, c->base.name, err, errlen) < 0 ||
	    lean_seal(l->xp, c->pilot.name, err, errlen) < 0)
		return -1;
	c->parity = l->job.par;
	memset(&l->job.par, 0, sizeof l->job.par);
	dt_findings_free(&c->findings);
	c->findings = l->findings;
	memset(&l->findings, 0, sizeof l->findings);
	if (dt_run_findings_rest(st, &c->base, &c->pilot, c->metric,
	                         &c->findings, err, errlen) < 0)
		return -1;
	return 0;
}
