/* journal_set.h: a person's value for a run's journal key, checked by the
 * journal rules (model/core/journal.h) before it becomes a run fact
 * (model/service/journal_set.c). */
#ifndef DT_SERVICE_JOURNAL_SET_H
#define DT_SERVICE_JOURNAL_SET_H

#include <stddef.h>
#include <stdint.h>

#include "model/store/store.h"

/* Check a key a person typed for a run's journal: dt_journal_key_check,
 * then a near miss (dt_journal_near_key: one edit from a known key or a
 * key the run holds) is refused as "journal key 'K' is not a known key;
 * did you mean 'NEAR'? (a key of your own must differ from a known one
 * by two letters or more)". The CLI's journal set and the TUI's new-key
 * prompt. Returns 0, or -1 with the message in err (size errlen). */
int dt_journal_key_check_run(dt_store *st, int64_t run_id, const char *key,
                             char *err, size_t errlen);

/* Record a person's value for a run's journal key (source "user").
 * Returns 0, or -1 with the message in dt_store_error() (a key refused
 * by dt_journal_key_check_run, value of 512 bytes or more, value
 * rejected by dt_journal_value_check). */
int dt_journal_set(dt_store *st, int64_t run_id, const char *key,
                   const char *value, const char *by);

#endif
