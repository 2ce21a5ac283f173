/* lod.c: packing the stored levels of a min/max pyramid (lod.h). */
#include "model/core/lod.h"

#include <errno.h>
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

int dt_lod_pack(const double *v, size_t n, unsigned char **out, size_t *len)
{
	dt_pyramid p;
	*out = NULL;
	*len = 0;
	if (n >= (size_t)UINT32_MAX) {
		errno = EINVAL;
		return -1;
	}
	if (dt_pyramid_build(&p, v, n) < 0)
		return -1;
	size_t size = dt_lod_size(n);
	unsigned char *b = malloc(size), *w = b;
	if (!b) {
		dt_pyramid_free(&p);
		errno = ENOMEM;
		return -1;
	}
	put_u32(w, DT_PYRAMID_LEAF);
	put_u32(w + 4, (uint32_t)p.nlevels);
	uint64_t n64 = n;
	memcpy(w + 8, &n64, sizeof n64);
	w += DT_LOD_HEADER;
	for (size_t k = 0; k < p.nlevels; k++)
		for (size_t j = 0, m = dt_lod_blocks(n, k); j < m; j++) {
			memcpy(w, &p.min[k][j], 8);
			memcpy(w + 8, &p.max[k][j], 8);
			put_u32(w + 16, p.bad[k][j]);
			w += DT_LOD_RECORD;
		}
	dt_pyramid_free(&p);
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
