/* pack.c: the series packing rule shared by the backends (pack.h). */
#include "model/store/pack.h"

int64_t dt_store_steps_stride(const int64_t *step, size_t n)
{
	if (n < 2 || step[1] <= step[0])
		return 0;
	int64_t d = step[1] - step[0];
	for (size_t i = 2; i < n; i++)
		if (step[i] - step[i - 1] != d)
			return 0;
	return d;
}
