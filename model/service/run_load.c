/* dt_runs.c: resolved curves of a run and its cached summary. */
#include "model/service/run_load.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "model/core/lod.h"
#include "model/core/warnings.h"
#include "model/util/strv.h"
#include "model/service/series_seal.h"

/* Load the raw chunks of `metric` and resolve them: into *one
 * (dt_resolve) when one is not NULL, else into *segs (dt_resolve_segments). */
static int load_resolved(dt_store *st, const dt_run *run, const char *metric,
                         dt_series *one, dt_series **segs, size_t *nseg,
                         int *as_stored, char *err, size_t errlen)
{
	dt_rawchunk *chunks;
	size_t n;
	void *owner;
	if (dt_store_raw_load(st, run->id, metric, &chunks, &n, &owner) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	/* the bytes just read against their sealed digests: a mismatch is
	 * noted on the store (integrity ALTERED), the curve still shown */
	if (dt_series_seal_chunks(st, run->name, metric, chunks, n, owner, err,
	                          errlen) < 0) {
		dt_store_raw_free(st, chunks, owner);
		return -1;
	}
	int64_t g = run->grad_accum < 1 ? 1 : run->grad_accum;
	int rc;
	if (one && dt_resolve_is_trivial(chunks, n, g) &&
	    dt_store_raw_detach(st, owner, chunks[0].step) == 0) {
		/* The common case: the curve is the stored series itself, its
		 * arrays taken over as read (no second copy). */
		if (dt_store_raw_detach(st, owner, chunks[0].value) != 0) {
			free((void *)chunks[0].step);
			dt_store_raw_free(st, chunks, owner);
			snprintf(err, errlen, "run %s, metric %s: series arrays shared",
			         run->name, metric);
			return -1;
		}
		rc = dt_resolve_adopt((int64_t *)chunks[0].step,
		                      (double *)chunks[0].value, chunks[0].n, one);
		if (as_stored)
			*as_stored = 1;
	} else {
		rc = one ? dt_resolve(chunks, n, g, one) :
		     dt_resolve_segments(chunks, n, g, segs, nseg);
	}
	dt_store_raw_free(st, chunks, owner);
	if (rc < 0) {
		snprintf(err, errlen, "run %s, metric %s: %s", run->name, metric,
		         strerror(errno));
		return -1;
	}
	return 0;
}

int dt_run_series(dt_store *st, const dt_run *run, const char *metric,
                  dt_series *out, char *err, size_t errlen)
{
	memset(out, 0, sizeof *out);
	return load_resolved(st, run, metric, out, NULL, NULL, NULL, err, errlen);
}

/* The levels stored for the curve, when they fit it. 0 (done) or 1. */
static int stored_lod(dt_store *st, const dt_run *run, const char *metric,
                      const dt_series *s, dt_pyramid *lod)
{
	void *b;
	size_t len, n;
	int64_t row[2];
	char err[256];
	if (dt_store_lod_load_row(st, run->id, metric, &b, &len, &n, row) != 0)
		return 1; /* a store error here only costs the build */
	/* levels that differ from their seal are noted on the store (the
	 * store is ALTERED) and not drawn: built from the values instead */
	if (dt_lod_seal_check(st, run->name, metric, row[0], row[1], b, len, err,
	                      sizeof err) != 0) {
		free(b);
		return 1;
	}
	int rc = n == s->n &&
	         dt_lod_unpack(lod, s->value, sizeof *s->value, s->n, b, len) == 0;
	free(b);
	return rc ? 0 : 1;
}

int dt_run_series_lod(dt_store *st, const dt_run *run, const char *metric,
                      dt_series *out, dt_pyramid *lod, char *err,
                      size_t errlen)
{
	int as_stored = 0;
	memset(out, 0, sizeof *out);
	memset(lod, 0, sizeof *lod);
	if (load_resolved(st, run, metric, out, NULL, NULL, &as_stored, err,
	                  errlen) < 0)
		return -1;
	if (as_stored && stored_lod(st, run, metric, out, lod) == 0)
		return 0;
	if (dt_pyramid_build(lod, out->value, out->n) < 0) {
		dt_series_free(out);
		snprintf(err, errlen, "run %s, metric %s: %s", run->name, metric,
		         strerror(errno));
		return -1;
	}
	return 0;
}

int dt_run_segments(dt_store *st, const dt_run *run, const char *metric,
                    dt_series **segs, size_t *nseg, char *err, size_t errlen)
{
	*segs = NULL;
	*nseg = 0;
	return load_resolved(st, run, metric, NULL, segs, nseg, NULL, err,
	                     errlen);
}

static void stats_of(const char *metric, const dt_series *s,
                     dt_metric_stats *m)
{
	memset(m, 0, sizeof *m);
	snprintf(m->metric, sizeof m->metric, "%s", metric);
	m->points = (int64_t)s->n;
	m->non_finite = (int64_t)s->non_finite;
	m->first_step = s->n ? s->step[0] : 0;
	m->last_step = s->n ? s->step[s->n - 1] : 0;
	m->segments = (int64_t)s->nsegments;
	m->replayed = (int64_t)s->replayed;
	m->averaged = (int64_t)s->averaged;
	m->superseded = (int64_t)(s->replayed_points + s->abandoned);
}

/* Fast path: one chunk, no marks, strictly increasing steps, G = 1: the
 * resolved curve is the chunk itself. Returns 1 when it applied. */
static int simple_stats(const char *metric, const dt_rawchunk *c,
                        size_t nchunks, int64_t g, dt_metric_stats *m)
{
	if (nchunks != 1 || c->nmarks || g != 1 || c->n == 0)
		return 0;
	int64_t nonfinite = !isfinite(c->value[0]);
	for (size_t i = 1; i < c->n; i++) {
		if (c->step[i] <= c->step[i - 1])
			return 0;
		nonfinite += !isfinite(c->value[i]);
	}
	memset(m, 0, sizeof *m);
	snprintf(m->metric, sizeof m->metric, "%s", metric);
	m->points = (int64_t)c->n;
	m->non_finite = nonfinite;
	m->first_step = c->step[0];
	m->last_step = c->step[c->n - 1];
	m->segments = 1;
	m->read = (int64_t)c->n;
	return 1;
}

int dt_metric_stats_of(const char *metric, const dt_rawchunk *chunks,
                       size_t nchunks, int64_t grad_accum,
                       dt_metric_stats *out)
{
	if (simple_stats(metric, chunks, nchunks, grad_accum, out))
		return 0;
	dt_series s;
	if (dt_resolve(chunks, nchunks, grad_accum, &s) < 0)
		return -1;
	stats_of(metric, &s, out);
	for (size_t i = 0; i < nchunks; i++)
		out->read += (int64_t)chunks[i].n;
	dt_series_free(&s);
	return 0;
}

int dt_run_store_stats(dt_store *st, dt_run *run, const dt_metric_stats *ms,
                       size_t n, char *err, size_t errlen)
{
	/* One segment count everywhere (issue 9): the loss metric's, as
	 * resume-check and series count it; the most of any metric only for a
	 * run without a loss; 0 for a run without a point (a W&B summary:
	 * facts only), as compare counts its empty curve. */
	int64_t segments = 0, replayed = 0, loss_segments = 0;
	for (size_t i = 0; i < n; i++) {
		if (ms[i].segments > segments)
			segments = ms[i].segments;
		if (strcmp(ms[i].metric, DT_METRIC_LOSS) == 0) {
			replayed = ms[i].replayed;
			loss_segments = ms[i].segments;
		}
		if (dt_store_stats_put(st, run->id, &ms[i]) < 0)
			goto fail;
	}
	run->segments = loss_segments > 0 ? loss_segments : segments;
	run->replayed_steps = replayed;
	if (dt_store_run_update(st, run) < 0)
		goto fail;
	return 0;
fail:
	snprintf(err, errlen, "%s", dt_store_error(st));
	return -1;
}

int dt_run_refresh(dt_store *st, dt_run *run, char *err, size_t errlen)
{
	return dt_run_refresh_loss(st, run, NULL, err, errlen);
}

int dt_run_refresh_loss(dt_store *st, dt_run *run, dt_metric_stats *loss,
                        char *err, size_t errlen)
{
	if (loss)
		memset(loss, 0, sizeof *loss);
	char **names;
	size_t nn;
	if (dt_store_metric_list(st, run->id, &names, &nn) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	dt_metric_stats *ms = calloc(nn ? nn : 1, sizeof *ms);
	int rc = ms ? 0 : -1;
	for (size_t i = 0; i < nn && rc == 0; i++) {
		dt_rawchunk *chunks;
		size_t nc;
		void *owner;
		if (dt_store_raw_load(st, run->id, names[i], &chunks, &nc,
		                      &owner) < 0) {
			snprintf(err, errlen, "%s", dt_store_error(st));
			rc = -1;
			break;
		}
		rc = dt_metric_stats_of(names[i], chunks, nc,
		                        run->grad_accum < 1 ? 1 : run->grad_accum,
		                        &ms[i]);
		dt_store_raw_free(st, chunks, owner);
		if (rc < 0)
			snprintf(err, errlen, "run %s: out of memory", run->name);
	}
	if (rc == 0)
		rc = dt_run_store_stats(st, run, ms, nn, err, errlen);
	for (size_t i = 0; rc == 0 && loss && i < nn; i++)
		if (!strcmp(ms[i].metric, DT_METRIC_LOSS))
			*loss = ms[i];
	free(ms);
	dt_strv_free(names, nn);
	return rc;
}

/* Chunks of `metric` across the logs, in file order. */
static size_t log_chunks(const dt_rawlog *const *logs, size_t nlogs,
                         const char *metric, dt_rawchunk *out)
{
	size_t n = 0;
	for (size_t i = 0; i < nlogs; i++) {
		const dt_rawseries *r = dt_rawlog_find(logs[i], metric);
		if (!r || r->n == 0)
			continue;
		out[n++] = (dt_rawchunk){r->n, r->step, r->value, r->nmarks,
		                         r->marks, r->sort_within_segment, 0};
	}
	return n;
}

static int has_name(const dt_metric_stats *ms, size_t n, const char *m)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(ms[i].metric, m) == 0)
			return 1;
	return 0;
}

int dt_run_stats_from_logs(const dt_run *run, const dt_rawlog *const *logs,
                           size_t nlogs, dt_metric_stats **stats, size_t *n)
{
	size_t cap = 0;
	for (size_t i = 0; i < nlogs; i++)
		cap += logs[i]->nseries;
	*n = 0;
	*stats = calloc(cap ? cap : 1, sizeof **stats);
	dt_rawchunk *chunks = calloc(nlogs ? nlogs : 1, sizeof *chunks);
	if (!*stats || !chunks) {
		free(chunks);
		return -1;
	}
	int64_t g = run->grad_accum < 1 ? 1 : run->grad_accum;
	for (size_t i = 0; i < nlogs; i++) {
		for (size_t k = 0; k < logs[i]->nseries; k++) {
			const char *m = logs[i]->series[k].metric;
			if (logs[i]->series[k].n == 0 || has_name(*stats, *n, m))
				continue;
			size_t nc = log_chunks(logs, nlogs, m, chunks);
			if (dt_metric_stats_of(m, chunks, nc, g, &(*stats)[*n]) < 0) {
				free(chunks);
				return -1;
			}
			(*n)++;
		}
	}
	free(chunks);
	return 0;
}

/* Extend g's stats (of r's first g->n points, a simple curve) to r's
 * r->n points. Returns 1, or 0 when the new points end the simple curve
 * (g unchanged). */
static int grow_simple(dt_stats_grow *g, const dt_rawseries *r, int64_t ga)
{
	if (!g->simple || ga != 1 || r->nmarks || g->n > r->n)
		return 0;
	int64_t nonfinite = 0;
	for (size_t i = g->n; i < r->n; i++) {
		if (i > 0 && r->step[i] <= r->step[i - 1])
			return 0;
		nonfinite += !isfinite(r->value[i]);
	}
	if (g->n == 0) {
		memset(&g->m, 0, sizeof g->m);
		snprintf(g->m.metric, sizeof g->m.metric, "%s", r->metric);
		g->m.first_step = r->step[0];
		g->m.segments = 1;
	}
	g->m.points = (int64_t)r->n;
	g->m.read = (int64_t)r->n;
	g->m.non_finite += nonfinite;
	g->m.last_step = r->step[r->n - 1];
	g->n = r->n;
	return 1;
}

/* The cache entry of `metric`, added (simple, empty) when missing. */
static dt_stats_grow *grow_entry(dt_stats_grow **cache, size_t *ncache,
                                 const char *metric)
{
	for (size_t i = 0; i < *ncache; i++)
		if (strcmp((*cache)[i].m.metric, metric) == 0)
			return &(*cache)[i];
	dt_stats_grow *v = realloc(*cache, (*ncache + 1) * sizeof *v);
	if (!v)
		return NULL;
	*cache = v;
	dt_stats_grow *g = &v[(*ncache)++];
	memset(g, 0, sizeof *g);
	snprintf(g->m.metric, sizeof g->m.metric, "%s", metric);
	g->simple = 1;
	return g;
}

int dt_run_stats_grow(const dt_run *run, const dt_rawlog *log,
                      dt_stats_grow **cache, size_t *ncache,
                      dt_metric_stats **stats, size_t *n)
{
	*n = 0;
	*stats = calloc(log->nseries ? log->nseries : 1, sizeof **stats);
	if (!*stats)
		return -1;
	int64_t ga = run->grad_accum < 1 ? 1 : run->grad_accum;
	for (size_t k = 0; k < log->nseries; k++) {
		const dt_rawseries *r = &log->series[k];
		if (r->n == 0 || has_name(*stats, *n, r->metric))
			continue;
		dt_stats_grow *g = grow_entry(cache, ncache, r->metric);
		if (!g)
			return -1;
		if (g->n > r->n) { /* read again from the start */
			g->n = 0;
			g->simple = 1;
		}
		if (!grow_simple(g, r, ga)) {
			dt_rawchunk c = {r->n, r->step, r->value, r->nmarks, r->marks,
			                 r->sort_within_segment, 0};
			g->simple = 0;
			if (dt_metric_stats_of(r->metric, &c, 1, ga, &g->m) < 0)
				return -1;
			g->n = r->n;
		}
		(*stats)[(*n)++] = g->m;
	}
	return 0;
}

int dt_run_warnings_current(dt_store *st, int64_t run_id, char ***w,
                            size_t *n)
{
	char **notes = NULL;
	size_t nn = 0;
	if (dt_store_warning_list(st, run_id, w, n) < 0)
		return -1;
	if (dt_store_note_list(st, run_id, &notes, &nn) < 0) {
		dt_strv_free(*w, *n);
		*w = NULL;
		*n = 0;
		return -1;
	}
	dt_warnings_current(*w, n, notes, nn);
	dt_strv_free(notes, nn);
	return 0;
}
