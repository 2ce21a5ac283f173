/* journal_set.c: a person's run-journal value (model/core/journal.h),
 * checked before it becomes a run fact (model/service/journal_set.h). */
#include "model/service/journal_set.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/journal.h"

int dt_journal_key_check_run(dt_store *st, int64_t run_id, const char *key,
                             char *err, size_t errlen)
{
	dt_fact *f = NULL;
	const char **have = NULL;
	size_t n = 0;
	if (dt_journal_key_check(key, err, errlen) < 0)
		return -1;
	if (dt_store_fact_list(st, run_id, &f, &n) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	if (n && !(have = malloc(n * sizeof *have))) {
		free(f);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		have[i] = f[i].key;
	const char *near = dt_journal_near_key(key, have, n);
	if (near)
		snprintf(err, errlen, "journal key '%s' is not a known key; did you "
		         "mean '%s'? (a key of your own must differ from a known "
		         "one by two letters or more)", key, near);
	free(have);
	free(f);
	return near ? -1 : 0;
}

int dt_journal_set(dt_store *st, int64_t run_id, const char *key,
                   const char *value, const char *by)
{
	char why[320];
	if (dt_journal_key_check_run(st, run_id, key, why, sizeof why) < 0)
		return dt_store_fail(st, "%s", why);
	if (strlen(value) >= sizeof ((dt_fact *)0)->value)
		return dt_store_fail(st, "journal %s: value longer than %zu bytes", key,
		                     sizeof ((dt_fact *)0)->value - 1);
	if (dt_journal_value_check(key, value, why, sizeof why) < 0)
		return dt_store_fail(st, "%s", why);
	return dt_store_fact_set(st, run_id, 0, key, value, "user", by);
}
