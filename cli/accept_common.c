/* accept_common.c: helpers of the acceptance-workflow commands: finding
 * a pilot by name. */
#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>

#include "model/core/pilot.h"
#include "model/util/text.h"

int64_t dt_cli_find_pilot(dt_store *st, const char *name)
{
	dt_pilot p;
	int rc = dt_store_pilot_find(st, name, &p);
	if (rc == 0)
		return p.id;
	if (rc < 0) {
		fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
		return -1;
	}
	dt_pilot *v = NULL;
	size_t n = 0;
	dt_store_pilot_list(st, &v, &n);
	const char **names = malloc((n ? n : 1) * sizeof *names);
	for (size_t i = 0; names && i < n; i++)
		names[i] = v[i].name;
	dt_cli_not_found("pilot", name, names, names ? n : 0,
	                 "the store holds no pilots (dualtrack pilot new --help)");
	free(names);
	free(v);
	return -1;
}
