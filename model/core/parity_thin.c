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

/* The extremes of the finite baseline and pilot values so far in the
 * bucket: the first point on a tie (strict comparisons). */
static void extremes(dt_thin *t, size_t i, const dt_parity_point *pt)
{
	double v[2] = { pt->baseline, pt->pilot };
	for (int s = 0; s < 2; s++) {
		if (!isfinite(v[s]))
			continue;
		int lo = 2 * s, hi = 2 * s + 1;
		double cur_lo = s ? t->extp[lo].pilot : t->extp[lo].baseline;
		double cur_hi = s ? t->extp[hi].pilot : t->extp[hi].baseline;
		if (t->ext[lo] == NONE || v[s] < cur_lo) {
			t->ext[lo] = i;
			t->extp[lo] = *pt;
		}
		if (t->ext[hi] == NONE || v[s] > cur_hi) {
			t->ext[hi] = i;
			t->extp[hi] = *pt;
		}
	}
}

int dt_thin_feed(dt_thin *t, const dt_parity_point *pt)
{
	size_t i = t->fed++;
	if (i >= t->n)
		return 0;
	/* a bucket ends: its extremes fit in the room the last feed kept */
	if (!t->all && i == t->end) {
		bucket_close(t);
		t->bucket++;
		bucket_open(t);
	}
	/* room for this point and for the 4 extremes of the bucket's close:
	 * after every feed, cap >= nkept + 4 */
	if (dt_grow((void **)&t->kept, &t->cap, t->nkept + 1 + 4,
	            sizeof *t->kept) < 0)
		return -1;
	if (!t->all)
		extremes(t, i, pt);
	if (t->all || must_keep(pt))
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
