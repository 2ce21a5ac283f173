/* dt_segments.c: latest-wins limits of per-segment curves; freeing. */
#include "model/core/segments.h"

#include <errno.h>
#include <stdlib.h>

int64_t *dt_segment_limits(const dt_series *segs, size_t n)
{
	int64_t *lim = malloc((n ? n : 1) * sizeof *lim);
	if (!lim) {
		errno = ENOMEM;
		return NULL;
	}
	int64_t limit = INT64_MAX;
	for (size_t j = n; j-- > 0;) {
		lim[j] = limit;
		if (segs[j].n && segs[j].step[0] < limit)
			limit = segs[j].step[0];
	}
	return lim;
}

void dt_segments_free(dt_series *segs, size_t n)
{
	for (size_t i = 0; segs && i < n; i++)
		dt_series_free(&segs[i]);
	free(segs);
}
