/* stream_pass.c: parity and findings in one pass over two curves read in
 * chunks (stream_pass.h). */
#include "model/core/stream_pass.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* In-memory source: the points in place. */
static int series_read(void *ctx, size_t from, size_t want,
                       const int64_t **step, const double **value,
                       size_t *got)
{
	const dt_series *s = ctx;
	*step = s->step + from;
	*value = s->value + from;
	*got = want;
	return 0;
}

void dt_curve_src_series(dt_curve_src *src, const dt_series *s)
{
	src->n = s->n;
	src->read = series_read;
	src->ctx = (void *)(uintptr_t)s;   /* read only */
}

/* Read the next chunk of src from `from`: at most DT_STREAM_CHUNK
 * points. */
static int read_chunk(const dt_curve_src *src, size_t from,
                      const int64_t **st, const double **v, size_t *got)
{
	size_t want = src->n - from;
	if (want > DT_STREAM_CHUNK)
		want = DT_STREAM_CHUNK;
	if (src->read(src->ctx, from, want, st, v, got) < 0 || *got == 0 ||
	    *got > want) {
		errno = EIO;
		return -1;
	}
	return 0;
}

/* The baseline as the pass reads it: the current chunk [cs, ce) and the
 * up to 3 points before it (the step_offset rule looks back 3 points). */
typedef struct cursor {
	const dt_curve_src *src;
	const int64_t *st;
	const double *v;
	size_t cs, ce;
	int64_t cst[3];
	double cv[3];
	size_t nc;                       /* carry: points [cs - nc, cs) */
	dt_findings_data_acc *data;      /* fed each chunk read, or NULL */
} cursor;

static int cur_next(cursor *c)
{
	int64_t tst[6];
	double tv[6];
	size_t m = 0, len = c->ce - c->cs;
	for (size_t i = 0; i < c->nc; i++) {
		tst[m] = c->cst[i];
		tv[m++] = c->cv[i];
	}
	for (size_t i = len > 3 ? len - 3 : 0; i < len; i++) {
		tst[m] = c->st[i];
		tv[m++] = c->v[i];
	}
	c->nc = m < 3 ? m : 3;
	memcpy(c->cst, tst + (m - c->nc), c->nc * sizeof *tst);
	memcpy(c->cv, tv + (m - c->nc), c->nc * sizeof *tv);
	size_t got;
	if (read_chunk(c->src, c->ce, &c->st, &c->v, &got) < 0)
		return -1;
	c->cs = c->ce;
	c->ce += got;
	if (c->data)
		dt_findings_data_feed(c->data, c->st, c->v, got);
	return 0;
}

/* Point k of the baseline, cs - nc <= k < ce. */
static int64_t cur_step(const cursor *c, size_t k)
{
	return k >= c->cs ? c->st[k - c->cs] : c->cst[c->nc - (c->cs - k)];
}

static double cur_val(const cursor *c, size_t k)
{
	return k >= c->cs ? c->v[k - c->cs] : c->cv[c->nc - (c->cs - k)];
}

/* A pass under way (stream_pass.h): the accumulators of one job and
 * where its walk over the pilot stands. A walk reads the pilot chunk
 * by chunk ([pf, pf + got), point j next) with the baseline alongside
 * (bc, K: the first baseline point past the pilot's step). */
struct dt_stream_run {
	dt_curve_src b, p;              /* copies of the sources */
	dt_stream_job *job;
	dt_parity_acc pa;
	dt_findings_data_acc db, dp;
	dt_scale_acc sc;
	dt_step_offset_acc so;
	int have_pa, have_sc;
	enum { WALK, TAIL, WALK_END, DONE, FAILED } phase;
	int first;                      /* 1: the first walk (walk 1) */
	unsigned walk;                  /* walks begun (1-based) */
	cursor bc;
	size_t K;
	size_t pf, got, j;
	const int64_t *pst;
	const double *pv;
};

/* Baseline points K-3 .. K (those that exist) into w. */
static void window(const cursor *c, size_t K, size_t nb, dt_step_window *w)
{
	size_t first = K >= 3 ? K - 3 : 0, end = K < nb ? K + 1 : nb;
	w->first = first;
	w->n = 0;
	for (size_t k = first; k < end; k++) {
		w->step[w->n] = cur_step(c, k);
		w->value[w->n++] = cur_val(c, k);
	}
}

/* Begin a walk over the pilot with the baseline alongside. `first`:
 * the first walk (data findings, parity, step offset, and the scale
 * rule's first pass); else a further pass of the scale rule only. */
static void walk_begin(dt_stream_run *r, int first)
{
	int data = first && r->job->metric;
	r->first = first;
	r->walk++;
	memset(&r->bc, 0, sizeof r->bc);
	r->bc.src = &r->b;
	r->bc.data = data ? &r->db : NULL;
	r->K = r->pf = r->got = r->j = 0;
	r->phase = WALK;
}

/* Pilot points [j, end) of the current chunk (the walk's state in
 * locals: the accumulators' calls would otherwise make the compiler
 * reload it from *r at every point). */
static int walk_points(dt_stream_run *r, size_t end)
{
	const dt_curve_src *b = &r->b;
	cursor *bc = &r->bc;
	const int64_t *pst = r->pst;
	const double *pv = r->pv;
	const size_t nb = b->n;
	const int first = r->first, have_pa = first && r->have_pa;
	const int have_sc = r->have_sc, step_offset = first &&
	                                              r->job->step_offset;
	size_t K = r->K, j = r->j;
	int rc = 0;
	for (; j < end; j++) {
		int64_t s = pst[j];
		double y = pv[j];
		while (K < nb) {
			if (K >= bc->ce && cur_next(bc) < 0) {
				rc = -1;
				goto out;
			}
			if (cur_step(bc, K) > s)
				break;
			K++;
		}
		if (K > 0 && cur_step(bc, K - 1) == s) {
			double bv = cur_val(bc, K - 1);
			size_t ub, up;
			if (have_pa && dt_parity_acc_feed(&r->pa, &s, &bv, 1, &s, &y, 1,
			                                  &ub, &up) < 0) {
				rc = -1;
				goto out;
			}
			if (have_sc)
				dt_scale_acc_pair(&r->sc, s, bv, y);
		}
		if (step_offset) {
			dt_step_window w;
			window(bc, K, nb, &w);
			dt_step_offset_point(&r->so, s, y, &w);
		}
	}
out:
	r->K = K;
	r->j = j;
	return rc;
}

/* One piece of the walk within *left points: the next pilot points, or
 * the next pilot chunk read, or (walk 1, data findings) the next chunk
 * of the baseline past the pilot's end. */
static int walk_piece(dt_stream_run *r, size_t *left)
{
	dt_stream_job *job = r->job;
	if (r->phase == TAIL) {
		if (!(r->first && job->metric) || r->bc.ce >= r->b.n) {
			r->phase = WALK_END;
			return 0;
		}
		size_t before = r->bc.ce;
		if (cur_next(&r->bc) < 0)
			return -1;
		size_t n = r->bc.ce - before;
		*left -= n < *left ? n : *left;
		return 0;
	}
	if (r->j == r->got) {
		r->pf += r->got;
		r->got = r->j = 0;
		if (r->pf >= r->p.n) {
			r->phase = TAIL;
			return 0;
		}
		if (read_chunk(&r->p, r->pf, &r->pst, &r->pv, &r->got) < 0)
			return -1;
		if (r->first && job->metric)
			dt_findings_data_feed(&r->dp, r->pst, r->pv, r->got);
	}
	size_t end = r->got - r->j <= *left ? r->got : r->j + *left;
	*left -= end - r->j;
	return walk_points(r, end);
}

static int finish(dt_stream_run *r)
{
	dt_stream_job *job = r->job;
	if (job->metric &&
	    (dt_findings_data_finish(&r->db, "baseline", job->metric,
	                             job->findings) < 0 ||
	     dt_findings_data_finish(&r->dp, "pilot", job->metric,
	                             job->findings) < 0))
		return -1;
	if (r->have_sc) {
		r->have_sc = 0;
		if (dt_scale_acc_finish(&r->sc, job->findings) < 0)
			return -1;
	}
	if (job->step_offset &&
	    dt_step_offset_finish(&r->so, r->b.n, job->findings) < 0)
		return -1;
	if (r->have_pa) {
		r->have_pa = 0;
		dt_parity_acc_finish(&r->pa, &job->par);
	}
	return 0;
}

/* After a walk: another pass of the scale rule, or the results. */
static int walk_end(dt_stream_run *r)
{
	if (r->have_sc) {
		int more = dt_scale_acc_next(&r->sc);
		if (more < 0)
			return -1;
		if (more == 1) {
			walk_begin(r, 0);
			return 0;
		}
	}
	if (finish(r) < 0)
		return -1;
	r->phase = DONE;
	return 0;
}

/* Give back what the accumulators hold and empty job->par. */
static void discard(dt_stream_run *r)
{
	if (r->have_pa)
		dt_parity_acc_discard(&r->pa);
	if (r->have_sc)
		dt_scale_acc_free(&r->sc);
	r->have_pa = r->have_sc = 0;
	dt_parity_free(&r->job->par);
}

static int fail(dt_stream_run *r)
{
	int e = errno;
	discard(r);
	r->phase = FAILED;
	errno = e;
	return -1;
}

int dt_stream_begin(const dt_curve_src *b, const dt_curve_src *p,
                    dt_stream_job *job, dt_stream_run **out)
{
	*out = NULL;
	memset(&job->par, 0, sizeof job->par);
	const dt_parity_opts *po = job->parity;
	if (po && po->baseline_gb > 0 && po->pilot_gb > 0 &&
	    po->baseline_gb != po->pilot_gb) {
		errno = EINVAL;
		return -1;
	}
	dt_stream_run *r = calloc(1, sizeof *r);
	if (!r) {
		errno = ENOMEM;
		return -1;
	}
	r->b = *b;
	r->p = *p;
	r->job = job;
	dt_findings_data_start(&r->db);
	dt_findings_data_start(&r->dp);
	dt_step_offset_start(&r->so);
	if (po) {
		if (dt_parity_acc_start(&r->pa, po, job->parity_keep, 0) < 0) {
			free(r);
			return -1;
		}
		r->have_pa = 1;
		if (job->thin_max &&
		    dt_parity_acc_thin(&r->pa, job->thin_n, job->thin_max) < 0)
			goto bad;
	}
	if (job->scale) {
		if (dt_scale_acc_start(&r->sc) < 0)
			goto bad;
		r->have_sc = 1;
	}
	walk_begin(r, 1);
	*out = r;
	return 0;
bad:;
	int e = errno;
	discard(r);
	free(r);
	errno = e;
	return -1;
}

int dt_stream_step(dt_stream_run *r, size_t budget)
{
	size_t left = budget ? budget : 1;
	if (r->phase == FAILED) {
		errno = EINVAL;
		return -1;
	}
	while (r->phase != DONE && (left > 0 || r->phase == WALK_END)) {
		int rc = r->phase == WALK_END ? walk_end(r)
		                              : walk_piece(r, &left);
		if (rc < 0)
			return fail(r);
	}
	return r->phase == DONE;
}

double dt_stream_progress(const dt_stream_run *r, unsigned *walk)
{
	if (walk)
		*walk = r->walk;
	if (r->phase == DONE)
		return 1.0;
	size_t done = r->pf + r->j, total = r->p.n;
	if (r->first && r->job->metric) { /* the baseline is read whole too */
		done += r->bc.ce;
		total += r->b.n;
	}
	return total ? (double)done / (double)total : 0.0;
}

void dt_stream_free(dt_stream_run *r)
{
	if (!r)
		return;
	if (r->phase != DONE)
		discard(r);
	free(r);
}

int dt_stream_pass(const dt_curve_src *b, const dt_curve_src *p,
                   dt_stream_job *job)
{
	dt_stream_run *r;
	if (dt_stream_begin(b, p, job, &r) < 0)
		return -1;
	int rc = dt_stream_step(r, SIZE_MAX);
	int e = errno;
	dt_stream_free(r);
	errno = e;
	return rc == 1 ? 0 : -1;
}
