/* grow.c: growable arrays (model/util/grow.h). */
#include "model/util/grow.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

int dt_grow(void **v, size_t *cap, size_t need, size_t sz)
{
	if (need <= *cap)
		return 0;
	if (sz == 0 || need > SIZE_MAX / sz) {
		errno = ENOMEM;
		return -1;
	}
	size_t c = *cap ? *cap : 16;
	while (c < need)
		c = c > SIZE_MAX / 2 ? need : c * 2;
	if (c > SIZE_MAX / sz)
		c = need;
	void *p = realloc(*v, c * sz);
	if (!p) {
		errno = ENOMEM;
		return -1;
	}
	*v = p;
	*cap = c;
	return 0;
}

void dt_grow_hint_huge(void *p, size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	const uintptr_t huge = (uintptr_t)2 << 20;
	if (!p || bytes < 2 * huge)
		return;
	uintptr_t a = ((uintptr_t)p + huge - 1) & ~(huge - 1);
	uintptr_t b = ((uintptr_t)p + bytes) & ~(huge - 1);
	if (b > a)
		(void)madvise((void *)a, b - a, MADV_HUGEPAGE);
#else
	(void)p;
	(void)bytes;
#endif
}

void *dt_grow_alloc_huge_from(size_t bytes, size_t from)
{
	const size_t huge = (size_t)2 << 20;
	if (bytes < from || bytes > SIZE_MAX - huge)
		return malloc(bytes ? bytes : 1);
	size_t len = (bytes + huge - 1) & ~(huge - 1);
	void *p = NULL;
	int rc = posix_memalign(&p, huge, len);
	if (rc != 0) {
		errno = ENOMEM;
		return NULL;
	}
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	(void)madvise(p, len, MADV_HUGEPAGE); /* aligned: all of it */
#endif
	return p;
}

void *dt_grow_alloc_huge(size_t bytes)
{
	return dt_grow_alloc_huge_from(bytes, DT_GROW_HUGE_FROM);
}
