/* assessment.h: a pilot's whole assessment, computed once: the task card
 * and the rules it sets, the runs by role, the parity of every
 * baseline/pilot pair under those rules (built through the comparison
 * pipeline, compare.h, so `compare`, `pilot show`, the TUI overview and
 * the TUI comparison give the same verdict), findings, resume verdicts
 * per restart, drills with their recovery judgement, the checklist with
 * its computed items and what blocks a go, the decisions (a forced go
 * with the items it was forced past) and the integrity of the records.
 * `dualtrack pilot show` (text, JSON), the TUI pilot screens and the
 * evidence pack render it; none of them computes a verdict itself.
 * Re-load it when the store's data version changes.
 *
 * Ownership: every array and text is owned by the struct; free with
 * dt_assessment_free (NULL-safe, idempotent: the struct is zeroed).
 * Texts from the store (names, notes, rationales, times, checkpoint ids)
 * are as stored, NOT sanitised: front-ends pass them through
 * dt_sanitize (model/util/text.h) before a terminal or report.
 * Units: steps are effective steps, times ISO 8601 UTC text, recovery
 * in seconds, rtol a fraction, atol metric (loss) units.
 *
 * Also here: the evidence text a decision rests on (dt_evidence_text) and
 * recording a decision (dt_decide). */
#ifndef DT_ASSESSMENT_H
#define DT_ASSESSMENT_H

#include <stddef.h>

#include "model/core/checklist.h"
#include "model/core/decision.h"
#include "model/core/drill.h"
#include "model/core/pilot.h"
#include "model/core/verdict_text.h"
#include "model/service/integrity.h"
#include "model/service/resume_run.h"

typedef struct dt_assessment {
	dt_pilot pilot;
	dt_taskcard card;
	/* The rules the card sets (defaults where a field is not set):
	 * rtol, atol, warm-up in rules; the rule that decides in rule. */
	dt_parity_opts rules;
	dt_rule rule;
	dt_pilot_run *runs;           /* [nruns] attach order */
	size_t nruns;
	/* Parity of each pilot-role run against the first baseline run, as
	 * dt_compare_with_card computes it under the card (under the noise
	 * rule the other baselines are the further GPU runs). One per pilot
	 * run when a baseline is attached; sentence, reason, rule and
	 * noise_ratio filled (dt_run_verdict). */
	dt_run_verdict *verdicts;     /* [nverdicts] */
	size_t nverdicts;
	dt_checklist checklist;       /* computed items filled, resolved */
	size_t counts[4];             /* items by dt_check_status */
	dt_check_id blocking[DT_ITEM_COUNT]; /* items that block a go (fail or
	                               * pending), checklist order */
	size_t nblocking;             /* 0: nothing blocks a go */
	dt_resume_run_result *resume; /* [nruns] parallel to runs: restarts of
	                               * each pilot-role run checked by
	                               * dt_resume_run against the first
	                               * baseline, checkpoints from this
	                               * pilot's drills when they record one
	                               * (dt_resume_drill_ckpt); nseg = 0 for
	                               * baselines and runs without a loss */
	dt_check_restart *restarts;   /* [nrestarts] every restart of the
	                               * pilot-role runs, attach order then
	                               * restart order (dt_assessment_restarts;
	                               * texts borrowed from runs and resume) */
	size_t nrestarts;
	dt_drill *drills;             /* [ndrills] creation order */
	dt_recovery_check *recovery;  /* [ndrills] parallel to drills:
	                               * dt_drill_recovery_check against the card */
	size_t ndrills;
	size_t drills_over;           /* drills whose recovery is over the limit */
	dt_decision *decisions;       /* [ndecisions] oldest first; a forced go
	                               * keeps the items in forced_past */
	size_t ndecisions;
	unsigned char *decision_altered; /* [ndecisions] 1: the chain check
	                               * found that decision's row altered
	                               * (per-record: screens mark its row) */
	dt_integrity integrity;       /* see dt_integrity */
} dt_assessment;

/* How decision i of a (oldest first) reads on its own row in every list
 * (pilot list, pilot show, the TUI's pilot list and decision log):
 * dt_decision_label, then " ALTERED" when the chain check found that
 * record altered (a->decision_altered), so a forged kind is never shown
 * as genuine: "roll-back ALTERED". Written to buf (size n); returns
 * buf. */
const char *dt_assessment_decision_label(const dt_assessment *a, size_t i,
                                         char *buf, size_t n);

/* Load the assessment of a pilot named `pilot`, or, when no pilot has
 * that name and it is a decimal id ("7" or "#7"), the pilot with that id.
 * Returns 0; 1 when no such pilot (message in err); -1 on a store error
 * or out of memory (message in err). On a non-zero return *a is zeroed
 * (nothing to free). */
int dt_assessment_load(dt_store *st, const char *pilot, dt_assessment *a,
                       char *err, size_t errlen);

/* The pilot's resume judgement: fill a->restarts from a->resume (the
 * resume checks of the pilot-role runs, dt_resume_run): one entry per
 * restart, pass or fail with the checks' reason, attach order then
 * restart order. Step 6's computed status (dt_rule_step6: fail when one
 * fails) and the gate's resume reasons (pack/gate.h) both read this one
 * list, so pilot show, gate, the TUI overview and the evidence pack
 * agree. dt_assessment_load calls it; returns 0, or -1 out of memory
 * (message in err). */
int dt_assessment_restarts(dt_assessment *a, char *err, size_t errlen);

/* Free what dt_assessment_load allocated and zero *a. NULL-safe. */
void dt_assessment_free(dt_assessment *a);

/* The pilot's current decision (the latest), or NULL. */
const dt_decision *dt_assessment_latest(const dt_assessment *a);

/* Canonical evidence text of an assessment, malloc'd (NULL on ENOMEM):
 * "dualtrack evidence v1", then one line each for the task card fields
 * set, the runs (role, name, SHA-256 of each imported file), the parity
 * verdicts, every checklist item (status, computed status, override), and
 * every drill (kind, checkpoint, checks, recovery time). Its SHA-256 is a
 * decision's evidence digest. Needs the store for the file digests. */
char *dt_evidence_text(dt_store *st, const dt_assessment *a);

/* Record a decision on pilot `name` in ONE write transaction: the
 * rationale and deciders are checked (dt_decision_validate), the
 * assessment loaded, the blocking check made, the evidence text built and
 * the record appended before anyone else can write. A "go" with checklist
 * items failed or pending is refused unless `force` (returns 2, the items
 * as "step7 (fail), ..." in err, nothing written); a forced go keeps them
 * in out->forced_past. Returns 0, 1 when no such pilot, 2 refused, -1 on
 * error (message in err; a broken integrity chain is an error unless
 * acknowledged, dt_store_chain_refused). */
int dt_decide_checked(dt_store *st, const char *name, dt_decision_kind kind,
                      const char *rationale, const dt_decider *deciders,
                      size_t nd, const char *by, int force, dt_decision *out,
                      char *err, size_t errlen);

/* dt_decide_checked with force = 1 (the TUI confirms past open items
 * first). Record a decision on pilot `name`: loads the assessment, builds the
 * evidence text, appends the record (dt_decision_append). A "go" keeps
 * the checklist items still failed or pending in out->forced_past (the
 * caller refused or confirmed before; dt_checklist_open_text). `out` receives
 * the stored record (free out->evidence_text). Returns 0, 1 when no such
 * pilot, -1 on error (message in err). */
int dt_decide(dt_store *st, const char *name, dt_decision_kind kind,
              const char *rationale, const dt_decider *deciders, size_t nd,
              const char *by, dt_decision *out, char *err, size_t errlen);

#endif
