/* accept_common.c: helpers of the acceptance-workflow commands: finding
 * a pilot by name. */
#include "cli/cli.h"

#include <stddef.h>
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
	dt_cli_not_found_rows("pilot", name, v, n, sizeof *v,
	                      offsetof(dt_pilot, name),
	                      "the store holds no pilots (dualtrack pilot new --help)");
	free(v);
	return -1;
}
