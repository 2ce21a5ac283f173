/* lod.c: packing the stored levels of a min/max pyramid (lod.h). */
#include "model/core/lod.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/util/grow.h"

size_t dt_lod_levels(size_t n)
{
	if (n <= DT_PYRAMID_LEAF)
		return 0;
	size_t m = (n + DT_PYRAMID_LEAF - 1) / DT_PYRAMID_LEAF, levels = 1;
	while (m > 1) { /* as dt_pyramid_build_strided counts them */
		m = (m + 1) / 2;
		levels++;
	}
	return levels;
}

size_t dt_lod_blocks(size_t n, size_t k)
{
	if (k >= dt_lod_levels(n))
		return 0;
	size_t m = (n + DT_PYRAMID_LEAF - 1) / DT_PYRAMID_LEAF;
	while (k--)
		m = (m + 1) / 2;
	return m;
}

size_t dt_lod_offset(size_t n, size_t k)
{
	size_t off = DT_LOD_HEADER;
	for (size_t j = 0; j < k; j++)
		off += dt_lod_blocks(n, j) * DT_LOD_RECORD;
	return off;
}

size_t dt_lod_size(size_t n)
{
	return dt_lod_offset(n, dt_lod_levels(n));
}

static void put_u32(unsigned char *b, uint32_t v)
{
	memcpy(b, &v, sizeof v);
}

static uint32_t get_u32(const unsigned char *b)
{
	uint32_t v;
	memcpy(&v, b, sizeof v);
	return v;
}

/* One record: min, max, non-finite count. */
static void put_record(unsigned char *w, double min, double max, uint32_t bad)
{
	memcpy(w, &min, 8);
	memcpy(w + 8, &max, 8);
	put_u32(w + 16, bad);
}

/* Level 0: block j of DT_PYRAMID_LEAF values (the last may be short),
 * folded as dt_pyramid_build folds them (decimate.c: finite values into
 * min and max, the others counted). */
static void pack_leaves(const double *v, size_t n, size_t blocks,
                        unsigned char *w)
{
	for (size_t j = 0; j < blocks; j++, w += DT_LOD_RECORD) {
		size_t a = j * DT_PYRAMID_LEAF;
		size_t e = a + DT_PYRAMID_LEAF < n ? a + DT_PYRAMID_LEAF : n;
		double min = INFINITY, max = -INFINITY;
		uint32_t bad = 0;
		for (size_t i = a; i < e; i++) {
			double x = v[i];
			if (!isfinite(x)) {
				bad++;
				continue;
			}
			if (x < min)
				min = x;
			if (x > max)
				max = x;
		}
		put_record(w, min, max, bad);
	}
}

/* Level k + 1 from level k's m records at `below` (pairs folded, a last
 * odd one alone, as dt_pyramid_build does), written at w. */
static void pack_level(const unsigned char *below, size_t m, unsigned char *w)
{
	for (size_t j = 0; j < (m + 1) / 2; j++, w += DT_LOD_RECORD) {
		const unsigned char *a = below + 2 * j * DT_LOD_RECORD;
		double min, max, bmin, bmax;
		memcpy(&min, a, 8);
		memcpy(&max, a + 8, 8);
		uint32_t bad = get_u32(a + 16);
		if (2 * j + 1 < m) {
			const unsigned char *b = a + DT_LOD_RECORD;
			memcpy(&bmin, b, 8);
			memcpy(&bmax, b + 8, 8);
			if (bmin < min)
				min = bmin;
			if (bmax > max)
				max = bmax;
			bad += get_u32(b + 16);
		}
		put_record(w, min, max, bad);
	}
}

/* The levels are written straight into the packed buffer, each from
 * the one below it in place: no pyramid arrays, no copy (at 1M points
 * the arrays and the buffer were ~650 fresh 4 KiB pages per series on
 * the benchmark VM); the buffer takes huge pages when large. */
int dt_lod_pack(const double *v, size_t n, unsigned char **out, size_t *len)
{
	*out = NULL;
	*len = 0;
	if (n >= (size_t)UINT32_MAX) {
		errno = EINVAL;
		return -1;
	}
	size_t size = dt_lod_size(n), levels = dt_lod_levels(n);
	unsigned char *b = dt_grow_alloc_huge_from(size, DT_LOD_HUGE_FROM);
	if (!b) {
		errno = ENOMEM;
		return -1;
	}
	put_u32(b, DT_PYRAMID_LEAF);
	put_u32(b + 4, (uint32_t)levels);
	uint64_t n64 = n;
	memcpy(b + 8, &n64, sizeof n64);
	unsigned char *w = b + DT_LOD_HEADER;
	size_t m = levels ? dt_lod_blocks(n, 0) : 0;
	if (levels)
		pack_leaves(v, n, m, w);
	for (size_t k = 1; k < levels; k++) {
		unsigned char *next = w + m * DT_LOD_RECORD;
		pack_level(w, m, next);
		w = next;
		m = (m + 1) / 2;
	}
	*out = b;
	*len = size;
	return 0;
}

int dt_lod_unpack(dt_pyramid *p, const double *v, size_t stride, size_t n,
                  const void *lod, size_t len)
{
	const unsigned char *b = lod;
	size_t levels = dt_lod_levels(n);
	uint64_t n64 = 0;
	memset(p, 0, sizeof *p);
	if (len == dt_lod_size(n))
		memcpy(&n64, b + 8, sizeof n64);
	if (len != dt_lod_size(n) || get_u32(b) != DT_PYRAMID_LEAF ||
	    get_u32(b + 4) != levels || n64 != n) {
		errno = EINVAL;
		return -1;
	}
	p->n = n;
	p->v = v;
	p->stride = stride;
	if (levels == 0)
		return 0;
	p->min = calloc(levels, sizeof *p->min);
	p->max = calloc(levels, sizeof *p->max);
	p->bad = calloc(levels, sizeof *p->bad);
	if (!p->min || !p->max || !p->bad)
		goto oom;
	/* Every level's arrays in one allocation of huge pages when large
	 * (grow.h: a fresh 4 KiB page costs ~25 us to fault in on the
	 * benchmark VM, 12.5 MB of levels at 10M points 80 ms; DT_LOD_HUGE_FROM):
	 * the mins of all levels, then the maxes, then the non-finite
	 * counts. */
	size_t blocks = (len - DT_LOD_HEADER) / DT_LOD_RECORD;
	char *arena = dt_grow_alloc_huge_from(blocks * DT_LOD_RECORD,
	                                      DT_LOD_HUGE_FROM);
	if (!arena)
		goto oom;
	p->arena = arena;
	p->nlevels = levels;
	double *mins = (double *)(void *)arena;
	double *maxs = mins + blocks;
	uint32_t *bads = (uint32_t *)(void *)(maxs + blocks);
	b += DT_LOD_HEADER;
	for (size_t k = 0; k < levels; k++) {
		size_t m = dt_lod_blocks(n, k);
		p->min[k] = mins;
		p->max[k] = maxs;
		p->bad[k] = bads;
		mins += m;
		maxs += m;
		bads += m;
		for (size_t j = 0; j < m; j++, b += DT_LOD_RECORD) {
			memcpy(&p->min[k][j], b, 8);
			memcpy(&p->max[k][j], b + 8, 8);
			p->bad[k][j] = get_u32(b + 16);
		}
	}
	return 0;
oom:
	dt_pyramid_free(p);
	errno = ENOMEM;
	return -1;
}
