/* schema_acceptance.c: user_version 3: the acceptance workflow's tables
 * (pilots, task cards, checklist, drills, decisions). Filled by issue 3. */
#include "model/store_sqlite_internal.h"

const char dt_schema_acceptance[] = "-- issue 3: acceptance workflow tables";
