/* grow.c: growable arrays (model/util/grow.h). */
#include "model/util/grow.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

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
