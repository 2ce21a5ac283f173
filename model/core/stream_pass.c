/* stream_pass.c: parity and findings in one pass over two curves read in
 * chunks (stream_pass.h). */
#include "model/core/stream_pass.h"

#include <errno.h>
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

/* The accumulators of one job. */
typedef struct pass {
	dt_stream_job *job;
	dt_parity_acc pa;
	dt_findings_data_acc db, dp;
	dt_scale_acc sc;
	dt_step_offset_acc so;
	int have_pa, have_sc;
} pass;

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

/* One walk over the pilot with the baseline alongside. `first`: the
 * first pass (data findings, parity, step offset, and the scale rule's
 * first pass); else a further pass of the scale rule only. */
static int walk(const dt_curve_src *b, const dt_curve_src *p, pass *ps,
                int first)
{
	dt_stream_job *job = ps->job;
	int data = first && job->metric;
	cursor bc = {.src = b, .data = data ? &ps->db : NULL};
	size_t K = 0;
	for (size_t pf = 0; pf < p->n;) {
		const int64_t *pst;
		const double *pv;
		size_t got;
		if (read_chunk(p, pf, &pst, &pv, &got) < 0)
			return -1;
		if (data)
			dt_findings_data_feed(&ps->dp, pst, pv, got);
		for (size_t j = 0; j < got; j++) {
			int64_t s = pst[j];
			double y = pv[j];
			while (K < b->n) {
				if (K >= bc.ce && cur_next(&bc) < 0)
					return -1;
				if (cur_step(&bc, K) > s)
					break;
				K++;
			}
			if (K > 0 && cur_step(&bc, K - 1) == s) {
				double bv = cur_val(&bc, K - 1);
				size_t ub, up;
				if (first && ps->have_pa &&
				    dt_parity_acc_feed(&ps->pa, &s, &bv, 1, &s, &y, 1, &ub,
				                       &up) < 0)
					return -1;
				if (ps->have_sc)
					dt_scale_acc_pair(&ps->sc, s, bv, y);
			}
			if (first && job->step_offset) {
				dt_step_window w;
				window(&bc, K, b->n, &w);
				dt_step_offset_point(&ps->so, s, y, &w);
			}
		}
		pf += got;
	}
	/* the rest of the baseline, for its data findings */
	while (data && bc.ce < b->n)
		if (cur_next(&bc) < 0)
			return -1;
	return 0;
}

static int finish(const dt_curve_src *b, pass *ps)
{
	dt_stream_job *job = ps->job;
	if (job->metric &&
	    (dt_findings_data_finish(&ps->db, "baseline", job->metric,
	                             job->findings) < 0 ||
	     dt_findings_data_finish(&ps->dp, "pilot", job->metric,
	                             job->findings) < 0))
		return -1;
	if (ps->have_sc) {
		ps->have_sc = 0;
		if (dt_scale_acc_finish(&ps->sc, job->findings) < 0)
			return -1;
	}
	if (job->step_offset &&
	    dt_step_offset_finish(&ps->so, b->n, job->findings) < 0)
		return -1;
	if (ps->have_pa) {
		ps->have_pa = 0;
		dt_parity_acc_finish(&ps->pa, &job->par);
	}
	return 0;
}

int dt_stream_pass(const dt_curve_src *b, const dt_curve_src *p,
                   dt_stream_job *job)
{
	pass ps;
	memset(&ps, 0, sizeof ps);
	memset(&job->par, 0, sizeof job->par);
	ps.job = job;
	const dt_parity_opts *po = job->parity;
	if (po && po->baseline_gb > 0 && po->pilot_gb > 0 &&
	    po->baseline_gb != po->pilot_gb) {
		errno = EINVAL;
		return -1;
	}
	dt_findings_data_start(&ps.db);
	dt_findings_data_start(&ps.dp);
	dt_step_offset_start(&ps.so);
	if (po) {
		if (dt_parity_acc_start(&ps.pa, po, job->parity_keep, 0) < 0)
			return -1;
		ps.have_pa = 1;
		if (job->thin_max &&
		    dt_parity_acc_thin(&ps.pa, job->thin_n, job->thin_max) < 0)
			goto fail;
	}
	if (job->scale) {
		if (dt_scale_acc_start(&ps.sc) < 0)
			goto fail;
		ps.have_sc = 1;
	}
	if (walk(b, p, &ps, 1) < 0)
		goto fail;
	if (ps.have_sc) {
		int more;
		while ((more = dt_scale_acc_next(&ps.sc)) == 1)
			if (walk(b, p, &ps, 0) < 0)
				goto fail;
		if (more < 0)
			goto fail;
	}
	if (finish(b, &ps) < 0)
		goto fail;
	return 0;
fail:;
	int e = errno;
	if (ps.have_pa)
		dt_parity_acc_discard(&ps.pa);
	if (ps.have_sc)
		dt_scale_acc_free(&ps.sc);
	dt_parity_free(&job->par);
	errno = e;
	return -1;
}
