/* dt_checklist.h: a pilot's checklist: the seven acceptance steps and the
 * five small-trial checks (ACCEPTANCE.md), each with a status, who set it
 * and when, a note, evidence links, and for the items the data can decide,
 * a computed status.
 *
 * Status of an item: a person's latest entry when there is one, else the
 * computed status (computed items) or pending. A person's entry on a
 * computed item is an override: it needs a reason and stays visible
 * (overridden = 1, the computed status and its detail are kept beside it);
 * a person's "pending" on a computed item clears the override. "waived"
 * always needs a reason.
 *
 * Computed rules (dt_check_rules.c):
 * - step6: fail when a pilot run's parity verdict against the baseline
 *   (task card rtol / atol / warm-up / rule) fails, a restart of a pilot
 *   run fails its resume check (named with its run, step and reason, as
 *   the gate names it), a drill has a failed
 *   verification item, or a drill's recovery took longer than the task
 *   card's acceptable recovery time (dt_drill_recovery_check: over);
 *   the detail names the first failed parity verdict, else the first
 *   failing restart, then every failing drill (dt_step6_drills_text),
 *   "; " between them;
 *   pass when every verdict passes and at least one drill verified a
 *   resume; pending otherwise (no runs, insufficient overlap, no drill
 *   that verified a resume: the detail says what the first drill lacks).
 *   A drill verified a resume (dt_drill_verifies_resume) when it checked
 *   what step 6 compares: its effective_step and control_loss items both
 *   pass, on a real restart of a pilot run of the pilot: run_before is a
 *   pilot-role run and either the restart is inside it (run_after "" or
 *   the same run) and that run has a restart, or run_after is another
 *   pilot-role run.
 *   Every drill is judged on its own, also two at one checkpoint step:
 *   both must pass, the later does not supersede the earlier
 *   (ACCEPTANCE.md: each drill is run deliberately and recorded; any
 *   inconsistent item rolls back); a wrong record is amended on the
 *   drill (`drill check`, dt_store_drill_check_set), not by recording
 *   another.
 * - trial1: for every pilot run, the loss is present from the first
 *   effective step: its first logged step <= max(1, logging interval)
 *   (a run logging every N optimizer steps logs first at step N); the
 *   interval is logging_steps when recorded, else the median step gap
 *   of the loss (dt_series_median_gap), and it
 *   decreases: the mean of the last tenth of its finite points is below
 *   the mean of the first tenth (at least 10 finite points, else pending).
 * - trial5: pass when every pilot run's journal holds a compile time and
 *   a data-preparation time (dt_journal.h); pending while one is missing
 *   (the facts are typed in or imported later; like trial1 under 10
 *   points, missing data is never a fail). */
#ifndef DT_CHECKLIST_H
#define DT_CHECKLIST_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/drill.h"
#include "model/core/parity.h"
#include "model/core/run.h"
#include "model/core/series.h"

/* X(ENUM, id, computed, title) */
#define DT_CHECK_ITEMS(X) \
	X(STEP1, "step1", 0, "GPU baseline fixed: dataset, step count, evaluation script") \
	X(STEP2, "step2", 0, "complete state saved: model, optimizer, LR scheduler, data cursor, RNG") \
	X(STEP3, "step3", 0, "small Trainium2 pilot with the same inputs and evaluation") \
	X(STEP4, "step4", 0, "pilot interrupted by hand; asynchronous checkpoint usable") \
	X(STEP5, "step5", 0, "node failure simulated; automatic recovery, reload from object storage") \
	X(STEP6, "step6", 1, "loss, output quality and effective step compared before/after resume") \
	X(STEP7, "step7", 0, "inconsistent item -> roll back to GPU first, no scale-up") \
	X(TRIAL1, "trial1", 1, "loss appears from the first effective step and decreases") \
	X(TRIAL2, "trial2", 0, "checkpoint holds model, optimizer, scheduler, step, data cursor") \
	X(TRIAL3, "trial3", 0, "after reload, loss and validation continue smoothly") \
	X(TRIAL4, "trial4", 0, "final output passes the baseline's evaluation") \
	X(TRIAL5, "trial5", 1, "compile and data-preparation time recorded apart from training")

#define DT_CK_ENUM(e, id, comp, title) DT_ITEM_##e,
typedef enum dt_check_id { DT_CHECK_ITEMS(DT_CK_ENUM) DT_ITEM_COUNT } dt_check_id;
#undef DT_CK_ENUM

typedef enum dt_check_status {
	DT_CK_PENDING = 0,
	DT_CK_PASS = 1,
	DT_CK_FAIL = 2,
	DT_CK_WAIVED = 3
} dt_check_status;

typedef struct dt_check_def {
	const char *id;      /* "step1" .. "trial5" */
	int computed;        /* 1: the data can decide it */
	const char *title;
} dt_check_def;

extern const dt_check_def dt_check_defs[DT_ITEM_COUNT];

/* A person's status entry. */
typedef struct dt_check_entry {
	dt_check_status status;
	char note[512];
	char reason[512];     /* why waived / overridden */
	char set_by[64];
	char set_at[32];
} dt_check_entry;

/* An evidence link: a run (ref = run name), a drill (ref = drill id) or a
 * file (ref = path, sha256 = its SHA-256 when attached). */
typedef struct dt_evidence {
	int64_t id;
	char kind[8];         /* "run" | "drill" | "file" */
	char ref[1024];
	char sha256[65];      /* files only, else "" */
	char added_by[64];
	char added_at[32];
} dt_evidence;

/* Size of a computed item's detail (dt_check_item.computed_detail). */
#define DT_CHECK_DETAIL_MAX 1024

typedef struct dt_check_item {
	dt_check_id id;
	dt_check_status status;        /* the status that counts */
	int has_entry;                 /* a person's status is in force */
	dt_check_entry entry;          /* latest entry, when has_entry */
	int computed;                  /* dt_check_defs[id].computed */
	dt_check_status computed_status;
	char computed_detail[DT_CHECK_DETAIL_MAX]; /* why, with the figures */
	int overridden;                /* computed item with a person's status */
	dt_evidence *evidence;         /* [nevidence], owned */
	size_t nevidence;
} dt_check_item;

typedef struct dt_checklist {
	dt_check_item items[DT_ITEM_COUNT];
} dt_checklist;

/* A pilot run's parity verdict against the pilot's first baseline run
 * (the assessment fills it from the comparison, service/compare.h). */
typedef struct dt_run_verdict {
	char baseline[DT_NAME_MAX], pilot[DT_NAME_MAX];
	dt_verdict verdict;           /* final, under `rule` */
	dt_rule rule;                 /* the rule that decided */
	size_t compared, breaches, allowed; /* tolerance rule counts */
	double max_abs_rel_diff;      /* NaN when nothing compared */
	int by_samples;
	dt_parity_opts opts;          /* rtol, atol, warm-up used */
	double noise_ratio;           /* R; NaN when none or undefined */
	size_t nfindings;             /* findings of the pair */
	char note[96];                /* findings note, "" = none */
	char reason[700];             /* why insufficient, "" otherwise */
	char sentence[900];           /* dt_verdict_sentence, as on screens */
	char statement[2400];         /* dt_verdict_statement: the sentence
	                               * and its findings, as every output
	                               * of this verdict gives it */
} dt_run_verdict;

/* A pilot-role run, as the trial rules see it. */
typedef struct dt_check_run {
	const char *name;
	const dt_series *loss;        /* resolved loss */
	int64_t logging_steps;        /* 0 = unknown (median loss step gap) */
	const dt_fact *facts;         /* current journal values */
	size_t nfacts;
} dt_check_run;

/* One restart of a pilot-role run as its resume check judged it: the one
 * resume judgement (service/assessment.h dt_assessment_restarts), which
 * step 6 and the gate's resume reasons both read. Texts are borrowed. */
typedef struct dt_check_restart {
	const char *run;              /* the pilot-role run */
	int64_t at_step;              /* first logged effective step after it */
	int pass;                     /* 1: no resume check failed */
	const char *reason;           /* the checks' reason ("loss: ...") */
} dt_check_restart;

/* What step 6 judges (dt_rule_step6): the parity verdicts, the pilot-role
 * runs (names only are read), and the drills with the card's recovery
 * limit (card may be NULL: no limit). `restarts` lists every restart of
 * the pilot-role runs (the assessment's resume checks). */
typedef struct dt_step6_in {
	const dt_run_verdict *verdicts;
	size_t nverdicts;
	const dt_check_run *runs;
	size_t nruns;
	const dt_check_restart *restarts;
	size_t nrestarts;
	const dt_drill *drills;
	size_t ndrills;
	const dt_taskcard *card;
} dt_step6_in;

/* Names: "pending", "pass", "fail", "waived". Parse returns 0 or -1. */
const char *dt_check_status_name(dt_check_status s);
int dt_check_status_parse(const char *s, dt_check_status *out);

/* Item by id text ("step6", "trial1"); -1 when unknown. */
int dt_check_find(const char *id);

/* Whether a person may set `status` on item `id` with `note` and
 * `reason` (NULL = ""): 0, or -1 with a message in err. Waived and
 * overrides of computed items need a reason that is not blank; note and
 * reason are text without control or format characters (newlines
 * allowed), at most 511 bytes each (util/text.h dt_text_check). */
int dt_check_validate(dt_check_id id, dt_check_status status,
                      const char *note, const char *reason, char *err,
                      size_t errlen);

/* The computed rules (file comment). Each sets *status and a detail text
 * with the figures (size n). */
void dt_rule_step6(const dt_step6_in *in, dt_check_status *status,
                   char *detail, size_t n);
void dt_rule_trial1(const dt_check_run *runs, size_t nr,
                    dt_check_status *status, char *detail, size_t n);
void dt_rule_trial5(const dt_check_run *runs, size_t nr,
                    dt_check_status *status, char *detail, size_t n);

/* The restart step 6's computed failure names (dt_rule_step6's
 * "resume fail: RUN step N: REASON"): the index in in->restarts of the
 * first restart failing its resume check, when no parity verdict failed
 * (a failed parity verdict decides step 6 first); -1 otherwise. Only
 * in->verdicts and in->restarts are read. The gate (service/pack/gate.h)
 * uses it to name that restart once. */
long dt_step6_restart(const dt_step6_in *in);

/* The parity verdict step 6's computed failure names (dt_rule_step6's
 * "parity fail: PILOT vs BASELINE: ..."): the index in in->verdicts of
 * the first failed verdict, -1 when none failed. Only in->verdicts is
 * read. The gate (service/pack/gate.h) uses it to name that verdict
 * once. */
long dt_step6_parity(const dt_step6_in *in);

/* Every drill of in->drills that fails step 6 (a verification item
 * failed, or its recovery is over the card's limit), in drill order, as
 * step 6's detail names them, into out (size n): one drill "drill #1
 * (node-loss, checkpoint 1200, resumed at 1211): effective_step failed";
 * several "2 drills failed: drill #1 (...): ...; drill #2
 * (kill-during-save, checkpoint 'ckpt-40'): lr_schedule and control_loss
 * failed, recovery 1200 s over the card's 900 s limit" (the checkpoint
 * step when known, else its id; the resumed step when known). Cut at a
 * whole drill when they do not fit: "...; and 1 more". "" when none
 * fails. Returns the number of failing drills (listed or not). */
size_t dt_step6_drills_text(const dt_step6_in *in, char *out, size_t n);

/* Whether drill d verified a resume for step 6 (rule in the file comment,
 * inputs as dt_rule_step6's). Returns 1, or 0 with what it lacks in why
 * (size n): "drill #3 (kill-during-save) names no run; checked
 * data_cursor only; effective_step and control_loss not checked". */
int dt_drill_verifies_resume(const dt_drill *d, const dt_step6_in *in,
                             char *why, size_t n);

/* Whether a person's `status` on item `id` clears an override rather than
 * setting the item: "pending" on a computed item (file comment). */
int dt_check_clears_override(dt_check_id id, dt_check_status status);

/* Set every item's status from its entry and computed status (rules in
 * the file comment), after entries and computed_* are filled. An entry
 * that clears an override (dt_check_clears_override) is dropped: the
 * item has no entry (has_entry 0, entry zeroed, so no front-end shows a
 * setter); the store's history keeps it. */
void dt_checklist_resolve(dt_checklist *cl);

/* Items that block a "go": status fail or pending, in checklist order,
 * written to out[DT_ITEM_COUNT]. Returns their number (0: nothing
 * blocks). */
size_t dt_checklist_blocking(const dt_checklist *cl, dt_check_id *out);

/* The items dt_checklist_blocking lists, as "ID (STATUS)" joined by
 * ", " ("step7 (pending), trial3 (fail)"), into out (size n; "" when
 * nothing blocks; cut at a whole item when it does not fit). Returns the
 * number of blocking items. */
size_t dt_checklist_open_text(const dt_checklist *cl, char *out, size_t n);

/* The items a person overrode (overridden: a person's status on a
 * computed item), as one phrase into out (size n): "1 overridden: step6
 * computed fail, set pass by ana"; several joined by "; " after "N
 * overridden: " ("2 overridden: step6 computed fail, set pass by ana;
 * trial5 computed pending, set waived by bo"); "" when none (cut at a
 * whole item when it does not fit). What gate, the TUI overview and the
 * evidence pack say of overrides: an override that passes an item still
 * shows. Returns the number of overridden items. */
size_t dt_checklist_overrides_text(const dt_checklist *cl, char *out,
                                   size_t n);

/* One overridden item in full into out (size n): "step6 set pass by ana
 * at 2026-11-29T10:00:00Z over computed fail (drill #1 (node-loss):
 * effective_step failed); reason: accepted". "" when it is not
 * overridden. Returns out. */
char *dt_check_override_text(const dt_check_item *it, char *out, size_t n);

/* Counts of items by status, counts[4] indexed by dt_check_status. */
void dt_checklist_counts(const dt_checklist *cl, size_t counts[4]);

/* Free the evidence arrays of a checklist (and zero it). */
void dt_checklist_free(dt_checklist *cl);

#endif
