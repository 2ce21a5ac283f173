/* dt_overview.h: everything a pilot overview shows, loaded in one call:
 * task card, runs by role, parity verdicts (each pilot run against the
 * first baseline run, with the task card's rtol / atol / warm-up), the
 * checklist with its computed items, drills, and the decision log. The
 * TUI's pilot screens and `dualtrack pilot show` read this; re-load it
 * when dt_store_data_version_get changes.
 *
 * Also the evidence a decision rests on (dt_evidence_text) and recording
 * a decision (dt_decide). */
#ifndef DT_OVERVIEW_H
#define DT_OVERVIEW_H

#include <stddef.h>

#include "model/core/checklist.h"
#include "model/core/decision.h"
#include "model/core/drill.h"
#include "model/core/pilot.h"
#include "model/service/resume_run.h"

typedef struct dt_overview {
	dt_pilot pilot;
	dt_taskcard card;
	dt_pilot_run *runs;           /* [nruns] attach order */
	size_t nruns;
	dt_run_verdict *verdicts;     /* [nverdicts] one per pilot run, when a
	                               * baseline is attached */
	size_t nverdicts;
	dt_checklist checklist;       /* computed items filled, resolved */
	size_t counts[4];             /* items by dt_check_status */
	dt_resume_run_result *resume; /* [nruns] parallel to runs: restarts of
	                               * each pilot-role run checked by
	                               * dt_resume_run against the first
	                               * baseline, checkpoints from this
	                               * pilot's drills when they record one
	                               * (dt_resume_drill_ckpt); nseg = 0 for
	                               * baselines and runs without a loss */
	dt_drill *drills;             /* [ndrills] creation order */
	size_t ndrills;
	dt_decision *decisions;       /* [ndecisions] oldest first */
	size_t ndecisions;
} dt_overview;

/* Load the overview of pilot `name`. Returns 0, 1 when no such pilot, -1
 * on a store error (message in err). Free with dt_overview_free. */
int dt_overview_load(dt_store *st, const char *name, dt_overview *ov,
                     char *err, size_t errlen);

/* Free what dt_overview_load allocated and zero *ov. NULL-safe. */
void dt_overview_free(dt_overview *ov);

/* The pilot's current decision (the latest), or NULL. */
const dt_decision *dt_overview_latest(const dt_overview *ov);

/* Canonical evidence text of an overview, malloc'd (NULL on ENOMEM):
 * "dualtrack evidence v1", then one line each for the task card fields
 * set, the runs (role, name, SHA-256 of each imported file), the parity
 * verdicts, every checklist item (status, computed status, override), and
 * every drill (kind, checkpoint, checks, recovery time). Its SHA-256 is a
 * decision's evidence digest. Needs the store for the file digests. */
char *dt_evidence_text(dt_store *st, const dt_overview *ov);

/* Record a decision on pilot `name`: loads the overview, builds the
 * evidence text, appends the record (dt_store_decision_append). A "go" keeps
 * the checklist items still failed or pending in out->forced_past (the
 * caller refused or confirmed before; dt_checklist_open_text). `out` receives
 * the stored record (free out->evidence_text). Returns 0, 1 when no such
 * pilot, -1 on error (message in err). */
int dt_decide(dt_store *st, const char *name, dt_decision_kind kind,
              const char *rationale, const dt_decider *deciders, size_t nd,
              const char *by, dt_decision *out, char *err, size_t errlen);

#endif
