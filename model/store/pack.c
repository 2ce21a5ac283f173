/* pack.c: the series packing rule shared by the backends (pack.h). */
#include "model/store/pack.h"

#include <stdlib.h>
#include <string.h>

#include "model/util/grow.h"

int64_t dt_store_steps_stride(const int64_t *step, size_t n)
{
	if (n < 2 || step[1] <= step[0])
		return 0;
	int64_t d = step[1] - step[0];
	for (size_t i = 2; i < n; i++)
		if (step[i] - step[i - 1] != d)
			return 0;
	return d;
}

void dt_store_shape_add_part(dt_series_shape *sh, int64_t *last, size_t n,
                             int64_t first, int64_t stride, size_t nmarks,
                             int sort_within_segment)
{
	size_t before = sh->n;
	sh->parts++;
	sh->nmarks += nmarks;
	sh->n += n;
	if (sort_within_segment)
		sh->sort_within_segment = 1;
	if (n == 0)
		return;
	if (before == 0) {
		sh->first_step = first;
		/* one point so far: even, stride still unknown (0) */
		sh->stride = stride;
		*last = first + (int64_t)(n - 1) * stride;
		if (n >= 2 && stride == 0)
			*last = INT64_MIN; /* uneven: stays 0 */
		return;
	}
	if (*last == INT64_MIN) /* uneven already */
		return;
	int64_t d = first - *last;
	if (d <= 0 || (sh->stride && d != sh->stride) ||
	    (n >= 2 && stride != d)) {
		sh->stride = 0;
		*last = INT64_MIN;
		return;
	}
	sh->stride = d;
	*last = first + (int64_t)(n - 1) * d;
}

dt_rawseries dt_store_part_of(const dt_rawseries *s, size_t from,
                              size_t from_mark)
{
	dt_rawseries p = *s;
	p.n = s->n - from;
	p.cap = p.n;
	p.step = s->step + from;
	p.value = s->value + from;
	p.nmarks = s->nmarks > from_mark ? s->nmarks - from_mark : 0;
	p.capmarks = p.nmarks;
	p.marks = p.nmarks ? s->marks + from_mark : NULL;
	return p;
}

/* A new buffer of `bytes` kept by o, or NULL (ENOMEM). */
static void *owned(dt_blob_owner *o, size_t bytes)
{
	if (dt_blob_owner_reserve(o) < 0)
		return NULL;
	void *p = malloc(bytes ? bytes : 1);
	if (p)
		dt_blob_owner_keep(o, p);
	return p;
}

/* The joined parts' arrays to give back (o's buffers), freed in one
 * pass once every file is joined (detaching them one by one would scan
 * o for each: quadratic in the parts of a long follow). */
typedef struct spent {
	const void **p;
	size_t n, cap;
} spent;

static int spend(spent *sp, const void *p)
{
	if (dt_grow((void **)&sp->p, &sp->cap, sp->n + 1, sizeof *sp->p) < 0)
		return -1;
	sp->p[sp->n++] = p;
	return 0;
}

static int by_address(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)*(const void *const *)a;
	uintptr_t y = (uintptr_t)*(const void *const *)b;
	return (x > y) - (x < y);
}

/* Free o's buffers listed in sp and drop them from o. */
static void give_back(dt_blob_owner *o, spent *sp)
{
	qsort(sp->p, sp->n, sizeof *sp->p, by_address);
	size_t keep = 0;
	for (size_t i = 0; i < o->n; i++) {
		void *b = o->blobs[i];
		if (b && bsearch(&b, sp->p, sp->n, sizeof *sp->p, by_address)) {
			free(b);
			continue;
		}
		o->blobs[keep++] = b;
	}
	o->n = keep;
}

/* Join chunks[a, b) (the parts of one file) into chunks[a]. */
static int join_one(dt_rawchunk *c, size_t a, size_t b, dt_blob_owner *o,
                    spent *sp)
{
	size_t n = 0, nm = 0;
	int sort = 0;
	for (size_t i = a; i < b; i++) {
		n += c[i].n;
		nm += c[i].nmarks;
		sort |= c[i].sort_within_segment;
	}
	int64_t *step = owned(o, n * sizeof *step);
	double *value = step ? owned(o, n * sizeof *value) : NULL;
	uint32_t *marks = value ? owned(o, nm * sizeof *marks) : NULL;
	if (!marks)
		return -1;
	size_t at = 0, atm = 0;
	for (size_t i = a; i < b; i++) {
		if (c[i].n) {
			memcpy(step + at, c[i].step, c[i].n * sizeof *step);
			memcpy(value + at, c[i].value, c[i].n * sizeof *value);
		}
		if (c[i].nmarks)
			memcpy(marks + atm, c[i].marks, c[i].nmarks * sizeof *marks);
		at += c[i].n;
		atm += c[i].nmarks;
		if (spend(sp, c[i].step) < 0 || spend(sp, c[i].value) < 0 ||
		    spend(sp, c[i].marks) < 0)
			return -1;
	}
	c[a].n = n;
	c[a].step = step;
	c[a].value = value;
	c[a].nmarks = nm;
	c[a].marks = marks;
	c[a].sort_within_segment = sort;
	return 0;
}

int dt_store_join_parts(dt_rawchunk *chunks, size_t *n, dt_blob_owner *o)
{
	size_t out = 0;
	spent sp = {0};
	for (size_t a = 0; a < *n;) {
		size_t b = a + 1;
		while (b < *n && chunks[b].file_id == chunks[a].file_id)
			b++;
		if (b - a > 1 && join_one(chunks, a, b, o, &sp) < 0) {
			free(sp.p);
			return -1;
		}
		chunks[out++] = chunks[a];
		a = b;
	}
	*n = out;
	/* where each row read lies in its chunk (dt_store_raw_parts) */
	for (size_t i = 0, k = 0, at = 0, atm = 0; i < o->nparts; i++) {
		if (i && o->parts[i].file_id != o->parts[i - 1].file_id) {
			k++;
			at = atm = 0;
		}
		o->parts[i].chunk = k;
		o->parts[i].first = at;
		o->parts[i].first_mark = atm;
		at += o->parts[i].n;
		atm += o->parts[i].nmarks;
	}
	if (sp.n)
		give_back(o, &sp);
	free(sp.p);
	return 0;
}
