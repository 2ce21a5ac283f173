/* series_test.h: a one-segment dt_series over a test's own step and value
 * arrays (borrowed, not copied; nothing to free), shared by the resume
 * tests. */
#ifndef DT_SERIES_TEST_H
#define DT_SERIES_TEST_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/series.h"

static inline dt_series seg(int64_t *st, double *va, size_t n)
{
	dt_series s = {0};
	s.n = n;
	s.step = st;
	s.value = va;
	s.nsegments = 1;
	return s;
}

#endif
