/* journal_set.c: a person's run-journal value (model/core/journal.h),
 * checked before it becomes a run fact (model/service/journal_set.h). */
#include "model/service/journal_set.h"

#include <string.h>

#include "model/core/journal.h"

int dt_journal_set(dt_store *st, int64_t run_id, const char *key,
                   const char *value, const char *by)
{
	char why[160];
	if (dt_journal_key_check(key, why, sizeof why) < 0)
		return dt_store_fail(st, "%s", why);
	if (strlen(value) >= sizeof ((dt_fact *)0)->value)
		return dt_store_fail(st, "journal %s: value longer than %zu bytes", key,
		                     sizeof ((dt_fact *)0)->value - 1);
	if (dt_journal_value_check(key, value, why, sizeof why) < 0)
		return dt_store_fail(st, "%s", why);
	return dt_store_fact_set(st, run_id, 0, key, value, "user", by);
}
