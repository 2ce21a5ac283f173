/* journal_set.h: a person's value for a run's journal key, checked by the
 * journal rules (model/core/journal.h) before it becomes a run fact
 * (model/service/journal_set.c). */
#ifndef DT_SERVICE_JOURNAL_SET_H
#define DT_SERVICE_JOURNAL_SET_H

#include <stdint.h>

#include "model/store/store.h"

/* Record a person's value for a run's journal key (source "user").
 * Returns 0, or -1 with the message in dt_store_error() (invalid key,
 * value of 512 bytes or more, value rejected by dt_journal_value_check). */
int dt_journal_set(dt_store *st, int64_t run_id, const char *key,
                   const char *value, const char *by);

#endif
