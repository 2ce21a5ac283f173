/* strv.c: vectors of owned strings (model/util/strv.h). */
#include "model/util/strv.h"

#include <stdlib.h>

void dt_strv_free(char **v, size_t n)
{
	if (!v)
		return;
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}
