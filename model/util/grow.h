/* grow.h: the one growable-array helper (amortised doubling). */
#ifndef DT_UTIL_GROW_H
#define DT_UTIL_GROW_H

#include <stddef.h>

/* Make the array *v (elements of sz bytes, capacity *cap elements) hold
 * at least `need` elements: capacity doubles from 16 until it does.
 * Elements already there are kept (realloc); new ones are not
 * initialised. Returns 0, or -1 with errno ENOMEM when memory runs out
 * or need * sz would overflow size_t; on -1 *v and *cap are unchanged
 * (the caller still owns the old array). */
int dt_grow(void **v, size_t *cap, size_t need, size_t sz);

/* Ask the kernel to back the 2 MiB-aligned part of the large array
 * p[0..bytes) with transparent huge pages (madvise MADV_HUGEPAGE; Linux
 * with THP "madvise" or "always"): a point array filled once then costs
 * one page fault per 2 MiB instead of per 4 KiB (on the benchmark VM a
 * 4 KiB fault costs ~25 us: 5 ms per MB). Arrays under 4 MiB, other
 * systems and a refusal are left as they are: a hint, never an error. */
void dt_grow_hint_huge(void *p, size_t bytes);

/* Arrays from this many bytes on are worth transparent huge pages. */
#define DT_GROW_HUGE_FROM ((size_t)4 << 20)

/* malloc for a large array that is about to be filled: `bytes` of at
 * least DT_GROW_HUGE_FROM start on a 2 MiB boundary, with room up to the
 * next 2 MiB multiple, all hinted to transparent huge pages, so every
 * byte of it costs one fault per 2 MiB (malloc's own large blocks start
 * 16 bytes past a 4 KiB page: their first and last partial 2 MiB, up to
 * 4 MiB of an 8 MiB array, were faulted 4 KiB at a time). Smaller sizes
 * are plain malloc. Free with free(); realloc works but loses the
 * alignment. NULL with errno ENOMEM when memory runs out. */
void *dt_grow_alloc_huge(size_t bytes);

/* dt_grow_alloc_huge from `from` bytes on instead of DT_GROW_HUGE_FROM:
 * for an array read whole right away, where one fault per 2 MiB is
 * worth up to 2 MiB of room left unused (an array of 1.25 MB takes 2
 * MiB: 1 fault instead of 320). */
void *dt_grow_alloc_huge_from(size_t bytes, size_t from);

#endif
