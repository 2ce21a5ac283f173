/* schema_ledger.c: user_version 4: verdict findings, time and cost
 * ledger, scenario guide. Filled by issue 5. */
#include "model/store_sqlite_internal.h"

const char dt_schema_ledger[] = "-- issue 5: ledger tables";
