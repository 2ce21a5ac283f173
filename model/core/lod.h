/* lod.h: the stored level of detail of a value array: the stored levels
 * of its min/max pyramid (decimate.h) packed into bytes, so a store can
 * keep them beside the values (raw_series.lod, dualtrack(5)) and a chart
 * can read them back instead of scanning every point.
 *
 * Packed form (little-endian, what the host writes: the store's BLOBs
 * are host order and the store refuses big-endian hosts):
 *   u32 leaf     points per block of level 0 (DT_PYRAMID_LEAF)
 *   u32 nlevels  stored levels (dt_lod_levels(n))
 *   u64 n        points of the series (a reader checks it is the row's)
 *   then level 0, 1, ... nlevels - 1, each dt_lod_blocks(n, k) records of
 *   DT_LOD_RECORD bytes: f64 min, f64 max (over the block's finite values;
 *   +inf / -inf when it has none), u32 count of its non-finite values.
 * Level k's block j covers points [j * (leaf << k), (j + 1) * (leaf << k))
 * clipped to n; a level has half the blocks of the one below, rounded up,
 * and the last level has one block. A series of n <= leaf points has no
 * stored level (the header alone, 16 bytes). Cost: about 20 / 32 * 2 =
 * 1.25 bytes a point. The same numbers as dt_pyramid_build: a pyramid
 * unpacked from the bytes answers every query exactly as the one built.
 * Pure computation, no store handle. */
#ifndef DT_LOD_H
#define DT_LOD_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/decimate.h"

#define DT_LOD_HEADER 16  /* bytes: leaf, nlevels, n */
#define DT_LOD_RECORD 20  /* bytes of one block: min, max, non-finite */

/* Packed levels from this size on (a series of about 840,000 points or
 * more) are read and unpacked into transparent huge pages
 * (dt_grow_alloc_huge_from, model/util/grow.h): read whole at once, one
 * fault per 2 MiB is worth the room left unused. */
#define DT_LOD_HUGE_FROM ((size_t)1 << 20)

/* Stored levels of a series of n points (0 when n <= DT_PYRAMID_LEAF). */
size_t dt_lod_levels(size_t n);

/* Blocks of stored level k of a series of n points (0 when k is not a
 * stored level). */
size_t dt_lod_blocks(size_t n, size_t k);

/* Byte offset of level k's first record in the packed form (k may be
 * dt_lod_levels(n): the offset is then the packed size). */
size_t dt_lod_offset(size_t n, size_t k);

/* Bytes of the packed form of n points (header included). */
size_t dt_lod_size(size_t n);

/* Pack the stored levels of the pyramid of v[0..n) into a malloc'd
 * buffer of dt_lod_size(n) bytes (*out, owned by the caller; *len its
 * size). Returns 0, or -1 with errno ENOMEM (*out NULL) or EINVAL
 * (n >= 2^32). */
int dt_lod_pack(const double *v, size_t n, unsigned char **out,
                size_t *len);

/* Build *p over v[0..n) (borrowed, `stride` bytes apart as in
 * dt_pyramid_build_strided) from its packed levels `lod` [len] instead of
 * scanning the values. Returns 0, or -1 with errno EINVAL (len, leaf,
 * level count or point count do not fit n: damaged or from another layout; *p empty) or
 * ENOMEM. Every level lies in one allocation (p->arena; huge pages from
 * DT_LOD_HUGE_FROM on). Free with dt_pyramid_free. */
int dt_lod_unpack(dt_pyramid *p, const double *v, size_t stride, size_t n,
                  const void *lod, size_t len);

#endif
