/* parity_thin.c: min/max decimation of compared points (parity_thin.h). */
#include "model/core/parity_thin.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/util/grow.h"

#define NONE ((size_t)-1)

static int must_keep(const dt_parity_point *p)
{
	return p->breach || !isfinite(p->baseline) || !isfinite(p->pilot) ||
	       !isfinite(p->rel_diff);
}

static void bucket_open(dt_thin *t)
{
	t->end += t->q + (t->bucket < t->r);
	t->start = t->nkept;
	for (int k = 0; k < 4; k++)
		t->ext[k] = NONE;
}

void dt_thin_start(dt_thin *t, size_t n, size_t max_points)
{
	memset(t, 0, sizeof *t);
	if (max_points < DT_THIN_MIN_POINTS)
		max_points = DT_THIN_MIN_POINTS;
	t->n = n;
	t->all = n <= max_points;
	size_t buckets = max_points / DT_THIN_MIN_POINTS;
	/* buckets of q or q + 1 points: the first r hold one more */
	t->q = n / buckets;
	t->r = n % buckets;
	bucket_open(t);
}

/* Insert *pt into the current bucket's kept points kept[start..nkept)
 * at its place by x, unless a point of that x is there already. Room is
 * reserved (dt_thin_feed). */
static void bucket_insert(dt_thin *t, const dt_parity_point *pt)
{
	size_t lo = t->start, hi = t->nkept;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->kept[mid].x < pt->x)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < t->nkept && t->kept[lo].x == pt->x)
		return;
	memmove(&t->kept[lo + 1], &t->kept[lo],
	        (t->nkept - lo) * sizeof *t->kept);
	t->kept[lo] = *pt;
	t->nkept++;
}

/* Close the current bucket: its extremes join the points it kept. */
static void bucket_close(dt_thin *t)
{
	for (int k = 0; k < 4; k++)
		if (t->ext[k] != NONE)
			bucket_insert(t, &t->extp[k]);
}

/* Point i into the bucket's extremes (ext[k] / extp[k], k = lowest and
 * highest finite baseline, lowest and highest finite pilot; the first
 * point on a tie: strict comparisons). */
static void extremes(dt_thin *t, size_t i, const dt_parity_point *pt)
{
	double b = pt->baseline, p = pt->pilot;
	if (isfinite(b)) {
		if (t->ext[0] == NONE || b < t->extp[0].baseline) {
			t->ext[0] = i;
			t->extp[0] = *pt;
		}
		if (t->ext[1] == NONE || b > t->extp[1].baseline) {
			t->ext[1] = i;
			t->extp[1] = *pt;
		}
	}
	if (isfinite(p)) {
		if (t->ext[2] == NONE || p < t->extp[2].pilot) {
			t->ext[2] = i;
			t->extp[2] = *pt;
		}
		if (t->ext[3] == NONE || p > t->extp[3].pilot) {
			t->ext[3] = i;
			t->extp[3] = *pt;
		}
	}
}

/* Room in kept[] for `more` points past nkept. */
static int reserve(dt_thin *t, size_t more)
{
	return t->nkept + more <= t->cap
	       ? 0
	       : dt_grow((void **)&t->kept, &t->cap, t->nkept + more,
	                 sizeof *t->kept);
}

int dt_thin_feed(dt_thin *t, const dt_parity_point *pt)
{
	size_t i = t->fed++;
	if (i >= t->n)
		return 0;
	if (t->all) {
		if (reserve(t, 1) < 0)
			return -1;
		t->kept[t->nkept++] = *pt;
		return 0;
	}
	/* room for a bucket's close (4 extremes), this point, and the next
	 * close (4): after every feed, cap >= nkept + 4, so the last close
	 * (dt_thin_finish) cannot fail */
	if (reserve(t, 9) < 0)
		return -1;
	if (i == t->end) {
		bucket_close(t);
		t->bucket++;
		bucket_open(t);
	}
	extremes(t, i, pt);
	if (must_keep(pt))
		t->kept[t->nkept++] = *pt;
	return 0;
}

void dt_thin_finish(dt_thin *t, dt_parity_point **kept, size_t *nkept)
{
	if (!t->all && t->fed > 0)
		bucket_close(t);   /* the last bucket: room kept by the feeds */
	*kept = t->kept;
	*nkept = t->nkept;
	t->kept = NULL;
	dt_thin_free(t);
}

void dt_thin_free(dt_thin *t)
{
	free(t->kept);
	memset(t, 0, sizeof *t);
}

int dt_parity_thin_points(dt_parity *p, size_t max_points)
{
	dt_thin t;
	dt_thin_start(&t, p->n, max_points);
	for (size_t i = 0; p->points && i < p->n; i++)
		if (dt_thin_feed(&t, &p->points[i]) < 0) {
			dt_thin_free(&t);
			errno = ENOMEM;
			return -1;
		}
	free(p->kept);
	dt_thin_finish(&t, &p->kept, &p->nkept);
	return 0;
}
