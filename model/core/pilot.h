/* dt_pilot.h: pilots (one migration attempt), the runs attached to them
 * by role, and their task cards, in the store.
 *
 * A pilot groups one or more GPU baseline runs and the Trainium2 pilot
 * runs (ACCEPTANCE.md "Core idea: dual track"). Errors follow dt_store.h:
 * 0 on success, -1 with a message in dt_store_error(), 1 for "not found"
 * where noted. Arrays returned are owned by the caller (free()). */
#ifndef DT_PILOT_H
#define DT_PILOT_H

#include <stddef.h>
#include <stdint.h>

#include "model/store/store.h"
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

/* Create a pilot named `name` (1..127 bytes, no control characters),
 * recorded as created by `by`. Fills *out. Returns 0, or -1 (e.g. the name
 * exists: message says so). */
int dt_pilot_create(dt_store *st, const char *name, const char *by,
                    dt_pilot *out);

/* Find a pilot by name. Returns 0 (found), 1 (absent) or -1. */
int dt_pilot_find(dt_store *st, const char *name, dt_pilot *out);

/* All pilots ordered by creation; *v owned by the caller (free()). */
int dt_pilot_list(dt_store *st, dt_pilot **v, size_t *n);

/* Attach run `run_id` to the pilot with `role`; attaching an attached run
 * again changes its role. Returns 0 or -1. */
int dt_pilot_attach(dt_store *st, int64_t pilot_id, int64_t run_id,
                    dt_run_role role, const char *by);

/* Runs of a pilot in attach order (baselines and pilots mixed; see
 * role); *v owned by the caller (free()). */
int dt_pilot_runs(dt_store *st, int64_t pilot_id, dt_pilot_run **v,
                  size_t *n);

/* The current task card of a pilot (latest value per field; fields never
 * set are ""). Returns 0 or -1. */
int dt_taskcard_load(dt_store *st, int64_t pilot_id, dt_taskcard *tc);

/* Set one task-card field (validated with dt_taskcard_validate; "" clears
 * it). The earlier value stays as history. Returns 0 or -1 (the
 * validation message is the store error). */
int dt_taskcard_set(dt_store *st, int64_t pilot_id, dt_tc_field f,
                    const char *value, const char *by);

#endif
