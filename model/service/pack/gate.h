/* gate.h: the CI gate of a pilot (issue 10, `dualtrack gate`): one
 * pass / fail over the assessment, with the reasons.
 *
 * Pass when the pilot has at least one parity verdict and every parity
 * verdict passes, every restart of every pilot run passes its resume
 * check (the assessment's one resume judgement, dt_assessment_restarts,
 * which step 6 reads too: a failing restart fails both), and no checklist
 * item is failed (pending and waived items do not
 * fail the gate; a go decision is the meeting's, not the pipeline's),
 * and the store's integrity is not ALTERED (a record altered, or a stored
 * series read whose values differ from their sealed digest: then the
 * first reason is check "integrity", subject "store").
 * Each failing parity verdict and restart is named once: by its parity
 * or resume reason (step 6's reason, when that verdict or restart fails
 * it, points to it: same_as, and names the failing drills after it).
 * A pilot made from log files alone is judged the same way: its journal
 * items (trial5) are pending while the times are not recorded, as on a
 * store. A person's override of a computed item counts (README: how a
 * failed step 6 is accepted) and is always listed (overrides).
 * The verdicts are the assessment's (dt_assessment_load): the
 * gate adds no rule of its own to them. */
#ifndef DT_GATE_H
#define DT_GATE_H

#include <stddef.h>

#include "model/service/assessment.h"

typedef struct dt_gate_reason {
	char check[16];        /* "integrity", "parity", "resume", "checklist" */
	char subject[160];     /* run pair, "RUN step N", item id, "12 items"
	                        * (no item failed), "no verdict" */
	int pass;              /* 1: this part passes */
	char detail[2600];     /* a parity verdict's: its statement
	                        * (dt_run_verdict.statement) */
	long same_as;          /* -1, or the index in reasons of the reason
	                        * that names this failure already: step 6
	                        * failed (computed) on a parity verdict or a
	                        * restart the parity / resume reasons list, so
	                        * its detail is "fail: parity fail: the failing
	                        * parity verdict listed under parity" (or
	                        * "fail: resume fail: the failing restart
	                        * listed under resume"), then "; " and the
	                        * failing drills (dt_step6_drills_text) when
	                        * any: the verdict or restart is named once */
} dt_gate_reason;

/* A checklist item a person overrode (a status on a computed item):
 * it counts as the person set it (an override to pass passes the gate)
 * and is always listed, whatever the verdict. */
typedef struct dt_gate_override {
	dt_check_id item;
	dt_check_status status;          /* the person's: what counts */
	dt_check_status computed_status; /* what the data gave */
	char computed_detail[DT_CHECK_DETAIL_MAX];
	char set_by[64], set_at[32];
	char reason[512];                /* why (an override needs one) */
	char text[1700];                 /* dt_check_override_text: "step6
	                                  * set pass by ana at T over computed
	                                  * fail (DETAIL); reason: WHY" */
} dt_gate_override;

typedef struct dt_gate {
	int pass;
	dt_gate_reason *reasons;  /* [nreasons] owned (dt_gate_free) */
	size_t nreasons;
	/* Every override, checklist order; overrides_text is
	 * dt_checklist_overrides_text ("1 overridden: step6 computed fail,
	 * set pass by ana", "" when none), also at the end of the checklist
	 * reason "no item failed (...)". */
	dt_gate_override overrides[DT_ITEM_COUNT];
	size_t noverrides;
	char overrides_text[400];
} dt_gate;

/* Judge the assessment: reasons, and every override (an override of a
 * computed fail to pass passes, visibly). Returns 0, or -1 out of
 * memory. */
int dt_gate_judge(const dt_assessment *ov, dt_gate *out);

void dt_gate_free(dt_gate *g);

#endif
