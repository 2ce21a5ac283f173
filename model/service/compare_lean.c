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

/* One curve read through the store: chunk buffers (1 MiB). */
typedef struct lean_src {
	dt_store *st;
	const dt_series_shape *shape;
	const char *metric;
	int64_t step[DT_STREAM_CHUNK];
	double value[DT_STREAM_CHUNK];
} lean_src;

static int lean_read(void *ctx, size_t from, size_t want,
                     const int64_t **step, const double **value, size_t *got)
{
	lean_src *s = ctx;
	if (want > DT_STREAM_CHUNK)
		want = DT_STREAM_CHUNK;
	if (dt_store_values_read(s->st, s->shape->file_id, s->metric, from, want,
	                         s->value) < 0)
		return -1;
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

int dt_compare_lean(dt_store *st, dt_comparison *c, const dt_parity_opts *po,
                    size_t max_points, char *err, size_t errlen)
{
	dt_series_shape sb, sp;
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
	lean_src *xb = malloc(sizeof *xb), *xp = malloc(sizeof *xp);
	if (!xb || !xp) {
		free(xb);
		free(xp);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	*xb = (lean_src){.st = st, .shape = &sb, .metric = c->metric};
	*xp = (lean_src){.st = st, .shape = &sp, .metric = c->metric};
	dt_curve_src cb = {.n = sb.n, .read = lean_read, .ctx = xb};
	dt_curve_src cp = {.n = sp.n, .read = lean_read, .ctx = xp};
	int loss = strcmp(c->metric, "loss") == 0;
	dt_stream_job job = {.parity = po, .parity_keep = DT_PARITY_KEEP_BLOCKS,
	                     .metric = c->metric, .scale = loss,
	                     .step_offset = loss, .findings = &c->findings,
	                     .thin_max = max_points, .thin_n = expect};
	int rc = dt_stream_pass(&cb, &cp, &job);
	int e = errno;
	free(xb);
	free(xp);
	if (rc < 0) {
		snprintf(err, errlen, "%s", e == EIO ? dt_store_error(st) :
		         "out of memory");
		return -1;
	}
	c->parity = job.par;
	if (c->parity.verdict == DT_VERDICT_INSUFFICIENT ||
	    (max_points && c->parity.nkept == (size_t)-1)) {
		/* insufficient: the reason needs the curves (compare_notes.c);
		 * a count of compared points other than the shapes said (not
		 * expected of a stored series): the full path decimates */
		c->parity.nkept = 0;
		dt_parity_free(&c->parity);
		dt_findings_free(&c->findings);
		return 1;
	}
	if (dt_run_findings_rest(st, &c->base, &c->pilot, c->metric,
	                         &c->findings, err, errlen) < 0)
		return -1;
	c->lean = 1;
	c->shape_b = sb;
	c->shape_p = sp;
	c->base_logged = sb.n;
	c->pilot_logged = sp.n;
	return 0;
}
