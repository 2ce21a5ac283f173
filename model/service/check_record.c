/* check_record.c: a person's checklist status and its words
 * (model/service/check_record.h). */
#include "model/service/check_record.h"

#include <stdio.h>

#include "model/core/checklist.h"

int dt_check_record(dt_store *st, int64_t pilot_id, dt_check_id id,
                    dt_check_status status, const char *note,
                    const char *reason, const char *by, char *said,
                    size_t n)
{
	int clears = dt_check_clears_override(id, status), had = 0;
	if (clears) {
		dt_checklist before;
		if (dt_store_checklist_load(st, pilot_id, &before) < 0)
			return -1;
		had = before.items[id].overridden;
		dt_checklist_free(&before);
	}
	if (dt_store_check_set(st, pilot_id, id, status, note, reason, by) < 0)
		return -1;
	const char *item = dt_check_defs[id].id;
	if (!clears)
		snprintf(said, n, "%s: %s recorded by %s", item,
		         dt_check_status_name(status), by);
	else if (had)
		snprintf(said, n, "%s: override cleared by %s; the status is "
		         "computed from the data again", item, by);
	else
		snprintf(said, n, "%s: no override to clear (recorded by %s); the "
		         "status is computed from the data", item, by);
	return 0;
}
