/* metric_find.c: a typed metric name to a stored one (metric_find.h). */
#include "model/service/metric_find.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "model/core/rawlog.h"
#include "model/util/strv.h"

/* Index of name in names[0..n), n when absent. */
static size_t index_of(char **names, size_t n, const char *name)
{
	size_t i = 0;
	while (i < n && strcmp(names[i], name) != 0)
		i++;
	return i;
}

int dt_run_metric_find(dt_store *st, int64_t run_id, const char *typed,
                       char *out, size_t n)
{
	char **names = NULL;
	size_t nn = 0;
	snprintf(out, n, "%s", typed);
	if (dt_store_metric_list(st, run_id, &names, &nn) < 0)
		return -1;
	char canon[DT_METRIC_BUF];
	dt_metric_canonical(typed, canon, sizeof canon);
	size_t k = index_of(names, nn, typed);
	if (k == nn)
		k = index_of(names, nn, canon);
	for (size_t i = 0; k == nn && i < nn; i++)
		if (strcasecmp(names[i], typed) == 0)
			k = i;
	int found = k < nn;
	if (found)
		snprintf(out, n, "%s", names[k]);
	dt_strv_free(names, nn);
	return found;
}
