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

#endif
