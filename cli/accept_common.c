/* accept_common.c: helpers of the acceptance-workflow commands: finding
 * a pilot by name. */
#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>

#include "model/dt_pilot.h"
#include "model/dt_text.h"

int64_t dt_cli_find_pilot(dt_store *st, const char *name)
{
	dt_pilot p;
	int rc = dt_pilot_find(st, name, &p);
	if (rc == 0)
		return p.id;
	if (rc < 0) {
		fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
		return -1;
	}
	char safe[DT_NAME_MAX * 2];
	dt_sanitize(name, safe, sizeof safe);
	fprintf(stderr, "dualtrack: no pilot named '%s'", safe);
	dt_pilot *v;
	size_t n;
	if (dt_pilot_list(st, &v, &n) == 0) {
		for (size_t i = 0; i < n && i < 20; i++) {
			dt_sanitize(v[i].name, safe, sizeof safe);
			fprintf(stderr, "%s%s", i ? ", " : "; pilots: ", safe);
		}
		if (n == 0)
			fprintf(stderr, "; the store holds no pilots (dualtrack pilot "
			        "new --help)");
		free(v);
	}
	fputc('\n', stderr);
	return -1;
}
