/* dt_series.c: restart resolution, micro-batch averaging and
 * effective-step mapping (rules in dt_series.h). */
#include "model/core/series.h"

#include "model/core/stats.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int64_t dt_effective_step(int64_t m, int64_t g)
{
	if (g == 1)
		return m;
	if (m > 0)
		return (m + g - 1) / g;
	return -((-m) / g);
}

/* Work buffers: points in segment order after averaging. */
typedef struct work {
	size_t n, cap;
	int64_t *step;
	double *value;
	uint16_t *segment;
	size_t nseg_starts, cap_seg;
	size_t *seg_start;     /* index in work of each segment's first point */
	struct seg_origin {
		size_t chunk;
		uint32_t lo, hi;
		int back;
	} *origin;             /* [nseg_starts] where each segment begins */
} work;

static int work_reserve(work *w, size_t need)
{
	if (need <= w->cap)
		return 0;
	size_t cap = w->cap ? w->cap : 256;
	while (cap < need)
		cap *= 2;
	int64_t *st = realloc(w->step, cap * sizeof *st);
	if (!st)
		return -1;
	w->step = st;
	double *va = realloc(w->value, cap * sizeof *va);
	if (!va)
		return -1;
	w->value = va;
	uint16_t *sg = realloc(w->segment, cap * sizeof *sg);
	if (!sg)
		return -1;
	w->segment = sg;
	w->cap = cap;
	return 0;
}

static int work_new_segment(work *w, struct seg_origin o)
{
	if (w->nseg_starts == w->cap_seg) {
		size_t cap = w->cap_seg ? w->cap_seg * 2 : 8;
		size_t *v = realloc(w->seg_start, cap * sizeof *v);
		if (!v)
			return -1;
		w->seg_start = v;
		struct seg_origin *g = realloc(w->origin, cap * sizeof *g);
		if (!g)
			return -1;
		w->origin = g;
		w->cap_seg = cap;
	}
	w->origin[w->nseg_starts] = o;
	w->seg_start[w->nseg_starts++] = w->n;
	return 0;
}

static void work_free(work *w)
{
	free(w->step);
	free(w->value);
	free(w->segment);
	free(w->seg_start);
	free(w->origin);
}

typedef struct idx_pair {
	int64_t step;
	size_t order;
	double value;
} idx_pair;

static int cmp_pair(const void *a, const void *b)
{
	const idx_pair *x = a, *y = b;
	if (x->step != y->step)
		return x->step < y->step ? -1 : 1;
	return x->order < y->order ? -1 : (x->order > y->order);
}

/* Sort the points of the segment that starts at `from` by step (stable),
 * counting points that were out of order. */
static int sort_segment(work *w, size_t from, size_t *out_of_order)
{
	size_t n = w->n - from;
	int64_t maxseen = INT64_MIN;
	size_t ooo = 0;
	for (size_t i = from; i < w->n; i++) {
		if (w->step[i] < maxseen)
			ooo++;
		else
			maxseen = w->step[i];
	}
	if (ooo == 0)
		return 0;
	idx_pair *p = malloc(n * sizeof *p);
	if (!p)
		return -1;
	for (size_t i = 0; i < n; i++)
		p[i] = (idx_pair){w->step[from + i], i, w->value[from + i]};
	qsort(p, n, sizeof *p, cmp_pair);
	for (size_t i = 0; i < n; i++) {
		w->step[from + i] = p[i].step;
		w->value[from + i] = p[i].value;
	}
	free(p);
	*out_of_order += ooo;
	return 0;
}

/* Average runs of equal steps in place inside [from, w->n). */
static void average_equal_steps(work *w, size_t from, size_t *averaged)
{
	size_t o = from;
	for (size_t i = from; i < w->n;) {
		size_t j = i + 1;
		double sum = w->value[i];
		while (j < w->n && w->step[j] == w->step[i])
			sum += w->value[j++];
		w->step[o] = w->step[i];
		w->value[o] = sum / (double)(j - i);
		w->segment[o] = w->segment[i];
		*averaged += j - i - 1;
		o++;
		i = j;
	}
	w->n = o;
}

/* Close the current segment: sort if asked, average equal steps. */
static int close_segment(work *w, int sort, dt_series *out)
{
	if (w->nseg_starts == 0)
		return 0;
	size_t from = w->seg_start[w->nseg_starts - 1];
	if (sort && sort_segment(w, from, &out->out_of_order) < 0)
		return -1;
	average_equal_steps(w, from, &out->averaged);
	return 0;
}

/* Pass 1: split into segments, map to effective steps, average. */
static int build_segments(const dt_rawchunk *chunks, size_t nchunks,
                          int64_t g, work *w, dt_series *out)
{
	int prev_sort = 0;
	for (size_t c = 0; c < nchunks; c++) {
		const dt_rawchunk *ch = &chunks[c];
		size_t mk = 0;
		int64_t prev = 0;
		int have_prev = 0;
		if (work_reserve(w, w->n + ch->n) < 0)
			return -1;
		for (size_t i = 0; i < ch->n; i++) {
			int boundary = (i == 0);
			size_t mk0 = mk;
			/* Marks <= i: launches mk0+1 .. mk begin here (rawlog.h). */
			while (mk < ch->nmarks && ch->marks[mk] <= i)
				mk++;
			struct seg_origin o = {c, i == 0 ? 0 : (uint32_t)mk0 + 1,
			                       (uint32_t)mk, 0};
			if (mk > mk0)
				boundary = 1;
			if (dt_point_starts_segment(0, have_prev,
			                            ch->sort_within_segment,
			                            ch->step[i], prev)) {
				if (!boundary) {
					o.lo = 1;
					o.hi = 0;
				}
				boundary = 1;
				o.back = 1;
			}
			if (boundary) {
				if (close_segment(w, prev_sort, out) < 0 ||
				    work_new_segment(w, o) < 0)
					return -1;
				if (w->nseg_starts > UINT16_MAX) {
					errno = EOVERFLOW;
					return -1;
				}
			}
			prev_sort = ch->sort_within_segment;
			prev = ch->step[i];
			have_prev = 1;
			w->step[w->n] = dt_effective_step(ch->step[i], g);
			w->value[w->n] = ch->value[i];
			w->segment[w->n] = (uint16_t)w->nseg_starts;
			w->n++;
		}
	}
	return close_segment(w, prev_sort, out);
}

/* Allocate the step/value/segment arrays of `s` for n points (at least
 * one, so an empty series holds valid pointers). 0 or -1 (ENOMEM). */
static int series_alloc(dt_series *s, size_t n)
{
	s->step = malloc((n ? n : 1) * sizeof *s->step);
	s->value = malloc((n ? n : 1) * sizeof *s->value);
	s->segment = malloc((n ? n : 1) * sizeof *s->segment);
	return s->step && s->value && s->segment ? 0 : -1;
}

/* Highest step of work points [a, b) (ascending) in [lo, hi]; INT64_MIN
 * when none. O(log n). */
static int64_t max_in_range(const work *w, size_t a, size_t b, int64_t lo,
                            int64_t hi)
{
	size_t l = a, r = b;  /* first index with step > hi */
	while (l < r) {
		size_t m = l + (r - l) / 2;
		if (w->step[m] > hi)
			r = m;
		else
			l = m + 1;
	}
	return l > a && w->step[l - 1] >= lo ? w->step[l - 1] : INT64_MIN;
}

/* Optimizer steps replayed at the restart starting segment k (>= 1):
 * L - s + I, where s is the segment's first step, I its logging interval
 * (median gap, 1 when unknown) and L the last step of the run as it
 * stood before (segments 0..k-1, latest wins) in [s, last step of
 * segment k]; 0 when there is no such step. *points receives the number
 * of such logged points. Walks back only while earlier segments can
 * still hold steps >= s. */
static int64_t replayed_at(const work *w, size_t k, size_t *points)
{
	size_t a = w->seg_start[k];
	size_t b = k + 1 < w->nseg_starts ? w->seg_start[k + 1] : w->n;
	*points = 0;
	if (b <= a)
		return 0;
	int64_t s0 = w->step[a], hi_seg = w->step[b - 1], last = INT64_MIN;
	int64_t limit = INT64_MAX;
	for (size_t j = k; j-- > 0 && limit > s0;) {
		size_t ja = w->seg_start[j], jb = w->seg_start[j + 1];
		int64_t hi = limit - 1 < hi_seg ? limit - 1 : hi_seg;
		int64_t m = max_in_range(w, ja, jb, s0, hi);
		if (m != INT64_MIN) {
			for (size_t i = ja; i < jb; i++)
				*points += w->step[i] >= s0 && w->step[i] <= hi;
			if (m > last)
				last = m;
		}
		if (jb > ja && w->step[ja] < limit)
			limit = w->step[ja];
	}
	if (last == INT64_MIN)
		return 0;
	dt_series view = {.n = b - a, .step = w->step + a};
	int64_t I = dt_series_median_gap(&view);
	return last - s0 + (I > 0 ? I : 1);
}

/* Pass 2: latest segment wins. Walk segments from last to first keeping
 * points below the lowest first step of any later segment. */
static int supersede(work *w, dt_series *out)
{
	size_t ns = w->nseg_starts;
	unsigned char *keep = malloc(w->n ? w->n : 1);
	if (!keep)
		return -1;
	int64_t limit = INT64_MAX;
	int64_t relogged_max = INT64_MIN; /* highest step of later segments */
	for (size_t k = ns; k-- > 0;) {
		size_t a = w->seg_start[k];
		size_t b = (k + 1 < ns) ? w->seg_start[k + 1] : w->n;
		int64_t seg_max = INT64_MIN;
		for (size_t i = a; i < b; i++) {
			keep[i] = w->step[i] < limit;
			if (!keep[i] && w->step[i] > relogged_max)
				out->abandoned++;
			if (w->step[i] > seg_max)
				seg_max = w->step[i];
		}
		if (b > a) {
			if (w->step[a] < limit)
				limit = w->step[a];
			if (seg_max > relogged_max)
				relogged_max = seg_max;
		}
	}
	for (size_t k = 1; k < ns; k++) {
		size_t pts;
		out->replayed += (size_t)replayed_at(w, k, &pts);
		out->replayed_points += pts;
	}
	if (series_alloc(out, w->n) < 0) {
		free(keep);
		return -1;
	}
	size_t o = 0;
	for (size_t i = 0; i < w->n; i++) {
		if (!keep[i])
			continue;
		out->step[o] = w->step[i];
		out->value[o] = w->value[i];
		out->segment[o] = w->segment[i];
		if (!isfinite(w->value[i]))
			out->non_finite++;
		o++;
	}
	out->n = o;
	free(keep);
	return 0;
}

static int record_restarts(const work *w, dt_series *out)
{
	out->nsegments = w->nseg_starts;
	if (w->nseg_starts < 2)
		return 0;
	out->restart_step = malloc((w->nseg_starts - 1) * sizeof(int64_t));
	if (!out->restart_step)
		return -1;
	for (size_t k = 1; k < w->nseg_starts; k++) {
		size_t a = w->seg_start[k];
		out->restart_step[k - 1] = a < w->n ? w->step[a] : 0;
	}
	return 0;
}

int dt_resolve_is_trivial(const dt_rawchunk *chunks, size_t nchunks,
                          int64_t grad_accum)
{
	if (nchunks != 1 || grad_accum != 1 || chunks[0].nmarks ||
	    chunks[0].n == 0)
		return 0;
	const dt_rawchunk *c = &chunks[0];
	for (size_t i = 1; i < c->n; i++)
		if (c->step[i] <= c->step[i - 1])
			return 0;
	return 1;
}

/* One segment over step[0..n) and value[0..n) (owned by out from here). */
static int one_segment(int64_t *step, double *value, size_t n,
                       dt_series *out)
{
	out->step = step;
	out->value = value;
	out->segment = malloc((n ? n : 1) * sizeof *out->segment);
	if (!out->segment)
		return -1;
	for (size_t i = 0; i < n; i++) {
		out->segment[i] = 1;
		out->non_finite += !isfinite(value[i]);
	}
	out->n = n;
	out->nsegments = 1;
	return 0;
}

int dt_resolve_adopt(int64_t *step, double *value, size_t n, dt_series *out)
{
	memset(out, 0, sizeof *out);
	if (one_segment(step, value, n, out) < 0) {
		dt_series_free(out);
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

/* The common case (dt_resolve_is_trivial): the curve is the chunk
 * itself, copied without work buffers. Returns 1 when it applied, 0 when
 * the general path is needed, -1 on ENOMEM. */
static int resolve_simple(const dt_rawchunk *chunks, size_t nchunks,
                          int64_t g, dt_series *out)
{
	if (!dt_resolve_is_trivial(chunks, nchunks, g))
		return 0;
	const dt_rawchunk *c = &chunks[0];
	int64_t *step = malloc(c->n * sizeof *step);
	double *value = malloc(c->n * sizeof *value);
	if (!step || !value) {
		free(step);
		free(value);
		return -1;
	}
	memcpy(step, c->step, c->n * sizeof *step);
	memcpy(value, c->value, c->n * sizeof *value);
	return one_segment(step, value, c->n, out) < 0 ? -1 : 1;
}

int dt_resolve(const dt_rawchunk *chunks, size_t nchunks, int64_t grad_accum,
               dt_series *out)
{
	memset(out, 0, sizeof *out);
	if (grad_accum < 1) {
		errno = EINVAL;
		return -1;
	}
	int simple = resolve_simple(chunks, nchunks, grad_accum, out);
	if (simple != 0) {
		if (simple < 0) {
			dt_series_free(out);
			errno = ENOMEM;
		}
		return simple < 0 ? -1 : 0;
	}
	work w = {0};
	int rc = -1;
	if (build_segments(chunks, nchunks, grad_accum, &w, out) == 0 &&
	    supersede(&w, out) == 0 && record_restarts(&w, out) == 0)
		rc = 0;
	work_free(&w);
	if (rc < 0) {
		int e = errno ? errno : ENOMEM;
		dt_series_free(out);
		errno = e;
	}
	return rc;
}

/* Copy work points [a, b) into a one-segment curve. */
static int segment_curve(const work *w, size_t a, size_t b, dt_series *o)
{
	size_t n = b - a;
	memset(o, 0, sizeof *o);
	if (series_alloc(o, n) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		o->step[i] = w->step[a + i];
		o->value[i] = w->value[a + i];
		o->segment[i] = w->segment[a + i];
		if (!isfinite(o->value[i]))
			o->non_finite++;
	}
	o->n = n;
	o->nsegments = 1;
	return 0;
}

int dt_resolve_segments(const dt_rawchunk *chunks, size_t nchunks,
                        int64_t grad_accum, dt_series **segs, size_t *nseg)
{
	*segs = NULL;
	*nseg = 0;
	if (grad_accum < 1) {
		errno = EINVAL;
		return -1;
	}
	work w = {0};
	dt_series stats = {0};
	int rc = build_segments(chunks, nchunks, grad_accum, &w, &stats);
	size_t ns = w.nseg_starts;
	dt_series *out = rc == 0 ? calloc(ns ? ns : 1, sizeof *out) : NULL;
	rc = out ? 0 : -1;
	for (size_t k = 0; rc == 0 && k < ns; k++) {
		rc = segment_curve(&w, w.seg_start[k],
		                   k + 1 < ns ? w.seg_start[k + 1] : w.n, &out[k]);
		if (rc == 0) {
			const struct seg_origin *g = &w.origin[k];
			out[k].origin_chunk = g->chunk;
			out[k].origin_file = chunks[g->chunk].file_id;
			out[k].origin_launch_lo = g->lo;
			out[k].origin_launch_hi = g->hi;
			out[k].origin_step_back = g->back;
		}
	}
	work_free(&w);
	if (rc < 0) {
		int e = errno ? errno : ENOMEM;
		for (size_t k = 0; out && k < ns; k++)
			dt_series_free(&out[k]);
		free(out);
		errno = e;
		return -1;
	}
	*segs = out;
	*nseg = ns;
	return 0;
}

void dt_series_free(dt_series *s)
{
	free(s->step);
	free(s->value);
	free(s->segment);
	free(s->restart_step);
	memset(s, 0, sizeof *s);
}

int dt_series_value_at(const dt_series *s, int64_t step, double *v)
{
	if (!s)
		return 0;
	size_t i = dt_series_lower_bound(s, step);
	if (i >= s->n || s->step[i] != step)
		return 0;
	*v = s->value[i];
	return 1;
}

size_t dt_series_lower_bound(const dt_series *s, int64_t step)
{
	size_t lo = 0, hi = s->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (s->step[mid] < step)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}
