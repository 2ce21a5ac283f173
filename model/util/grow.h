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

#endif
