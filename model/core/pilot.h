/* pilot.h: pilots (one migration attempt) and the runs attached to them
 * by role, as records (the store operations on them are in
 * model/store/store.h: dt_store_pilot_*, dt_store_taskcard_*).
 *
 * A pilot groups one or more GPU baseline runs and the Trainium2 pilot
 * runs (ACCEPTANCE.md "Core idea: dual track"). */
#ifndef DT_PILOT_H
#define DT_PILOT_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/run.h"
#include "model/core/taskcard.h"

typedef struct dt_pilot {
	int64_t id;
	char name[DT_NAME_MAX];
	char created_by[64];
	char created_at[32];      /* ISO 8601 UTC */
} dt_pilot;

typedef enum dt_run_role { DT_RUN_BASELINE = 0, DT_RUN_PILOT = 1 } dt_run_role;

/* A run attached to a pilot. */
typedef struct dt_pilot_run {
	dt_run run;
	dt_run_role role;
	char attached_by[64];
	char attached_at[32];
} dt_pilot_run;

/* "baseline" / "pilot". */
const char *dt_run_role_name(dt_run_role r);

/* Parse "baseline" or "pilot"; returns 0 or -1. */
int dt_run_role_parse(const char *s, dt_run_role *out);

/* Whether run r fits role: a baseline is a GPU run, a pilot a Trainium
 * run (trn2, or trn1). A gpu run as the pilot, or a trn2 / trn1 run as
 * the baseline, does not fit: returns 1 and writes into why[n] one
 * sentence naming the run (raw: sanitise before printing), its platform
 * and what the role expects. A run on "other" is not judged (0), nor a
 * fitting one (why = ""). */
int dt_run_role_mismatch(const dt_run *r, dt_run_role role, char *why,
                         size_t n);

#endif
