/* drill_runs.h: which runs a drill may name. A drill records a resume or
 * fault drill of the pilot on Trainium (ACCEPTANCE.md, "Resume and fault
 * drills": "Run a small pilot on Trainium2 ... interrupt the pilot once by
 * hand"); the pilot's GPU baseline is not what it verifies, and step 6
 * counts every drill of the pilot. The CLI's drill add and the TUI drill
 * form both ask this before they store one. */
#ifndef DT_SERVICE_DRILL_RUNS_H
#define DT_SERVICE_DRILL_RUNS_H

#include <stddef.h>

#include "model/core/drill.h"
#include "model/store/store.h"

/* Whether d's run before and run after (names, "" = none) may be its runs
 * for pilot d->pilot_id: 1 refused when one is attached to that pilot
 * with the role baseline (err: "run 'g' is the pilot's baseline: a drill
 * records a resume of a pilot run (attached --role pilot)"), 0
 * allowed (a pilot run, or a run not attached: a drill may come first),
 * -1 on a store error (message in err). */
int dt_drill_runs_check(dt_store *st, const dt_drill *d, char *err,
                        size_t errlen);

#endif
