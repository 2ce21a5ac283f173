/* dt_drill.h: resume and fault drills (ACCEPTANCE.md "Resume and fault
 * drills", acceptance step 4's manual interrupt) and what the logs can
 * pre-fill of their verification.
 *
 * A drill records its kind, the run before and after the fault (the same
 * run when the restart is inside one run), the checkpoint used (id,
 * location, checksum, effective step), the fault and resumed times, and
 * five verification items (effective step, LR schedule, RNG state, data
 * cursor, control loss), each pass / fail / not checked with a note.
 *
 * Pre-fill rules (dt_resume_compare), where the logs allow:
 * - effective step: the resumed effective step R (first logged step of
 *   the segment after the restart) must lie in (C, C + I], C the
 *   checkpoint step, I the logging interval (median step gap before the
 *   restart, else after, else 1): a run logged every 10 steps resumed
 *   from checkpoint 2000 first logs 2010. R > C + I loses R - C - I
 *   optimizer steps; R <= C fails. Same rule as resume-check
 *   (dt_resume_step_rule, dt_resume_interval);
 * - LR schedule: the LR logged at R after the restart must equal the LR
 *   logged at R before it, within a relative 1e-6 (logs print 6-7
 *   significant digits); not checked when R was not logged before;
 * - control loss: on replayed steps (logged before the restart and again
 *   after it) max |after - before| / |before| must be <= the task card's
 *   rtol (default 0.02); not checked without replayed steps.
 * Recovery time = resumed time - fault time (seconds), compared with the
 * task card's acceptable recovery time. */
#ifndef DT_DRILL_H
#define DT_DRILL_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/run.h"
#include "model/core/series.h"
#include "model/core/taskcard.h"

/* X(ENUM, name, description) */
#define DT_DRILL_KINDS(X) \
	X(KILL_DURING_SAVE, "kill-during-save", "stop (kill) during a checkpoint save") \
	X(DELAYED_WRITE, "delayed-storage-write", "delayed write to object storage") \
	X(NODE_LOSS, "node-loss", "loss of one node") \
	X(RESTART_CONFIRMED, "restart-from-confirmed", "restart from the last confirmed checkpoint") \
	X(CACHE_MISMATCH, "compile-cache-mismatch", "local vs remote compile-cache mismatch") \
	X(IMAGE_UPDATED, "image-updated", "container image updated between two runs") \
	X(MANUAL_INTERRUPT, "manual-interrupt", "manual interrupt (acceptance step 4)")

#define DT_DRILL_CHECKS(X) \
	X(EFFECTIVE_STEP, "effective_step", "effective step number") \
	X(LR_SCHEDULE, "lr_schedule", "LR at the resumed step") \
	X(RNG_STATE, "rng_state", "RNG state") \
	X(DATA_CURSOR, "data_cursor", "data cursor") \
	X(CONTROL_LOSS, "control_loss", "control loss (replayed steps)")

#define DT_DK_ENUM(e, name, desc) DT_DRILL_##e,
typedef enum dt_drill_kind { DT_DRILL_KINDS(DT_DK_ENUM) DT_DRILL_KIND_COUNT } dt_drill_kind;
#undef DT_DK_ENUM
#define DT_DC_ENUM(e, name, desc) DT_DC_##e,
typedef enum dt_drill_item { DT_DRILL_CHECKS(DT_DC_ENUM) DT_DC_COUNT } dt_drill_item;
#undef DT_DC_ENUM

typedef enum dt_dc_status {
	DT_DC_NOT_CHECKED = 0,
	DT_DC_PASS = 1,
	DT_DC_FAIL = 2
} dt_dc_status;

typedef struct dt_drill_check {
	dt_dc_status status;
	char note[512];
	char source[8];     /* "data" (pre-filled) or "user"; "" = never set */
	char set_by[64];
	char set_at[32];
} dt_drill_check;

typedef struct dt_drill {
	int64_t id, pilot_id;
	dt_drill_kind kind;
	char run_before[DT_NAME_MAX];  /* "" = none */
	char run_after[DT_NAME_MAX];   /* "" = the restart is inside run_before */
	char checkpoint_id[256];
	char checkpoint_location[1024];
	char checkpoint_checksum[160];
	int64_t checkpoint_step;       /* effective step saved, 0 = unknown */
	int64_t resumed_step;          /* effective step resumed at, 0 = unknown */
	char fault_time[32];           /* ISO 8601 UTC, "" = unknown */
	char resumed_time[32];
	char note[1024];
	char created_by[64];
	char created_at[32];
	dt_drill_check checks[DT_DC_COUNT];
} dt_drill;

/* What the logs say about one restart (dt_resume_compare). */
typedef struct dt_resume_evidence {
	int64_t checkpoint_step;   /* as given, 0 = unknown */
	int64_t resumed_step;      /* first effective step after the restart */
	int64_t interval;          /* logging interval I, effective steps */
	int has_lr;                /* 1: LR logged at the resumed step on both sides */
	double lr_before, lr_after;
	size_t replayed;           /* replayed logged points with a finite loss
	                            * on both sides (not optimizer steps) */
	double max_abs_rel_diff;   /* over replayed steps; NaN when none */
	int64_t max_diff_step;     /* where it occurs */
	dt_drill_check step, lr, loss; /* pre-filled items, source "data" */
} dt_resume_evidence;

/* Kind and item names: "node-loss", "effective_step", ...; a kind's
 * description. */
const char *dt_drill_kind_name(dt_drill_kind k);
const char *dt_drill_kind_desc(dt_drill_kind k);
const char *dt_drill_item_name(dt_drill_item i);
/* "pass", "fail", "not_checked". */
const char *dt_dc_status_name(dt_dc_status s);

/* Parse a kind / item / status name; return 0 or -1. */
int dt_drill_kind_parse(const char *s, dt_drill_kind *out);
int dt_drill_item_parse(const char *s, dt_drill_item *out);
int dt_dc_status_parse(const char *s, dt_dc_status *out);

/* Compare the curves of one restart: loss and LR of the segment before it
 * (`loss_before`, `lr_before`) and of the segment after it (`loss_after`,
 * `lr_after`; the resumed step is loss_after->step[0]). lr_* may be NULL
 * or empty. `checkpoint_step` 0 = unknown. `rtol` is the replay agreement
 * bound (fraction). Fills *ev with the figures and the three pre-filled
 * items (rules in the file comment). Returns 0, or -1 when loss_after is
 * empty (no restart to judge). */
int dt_resume_compare(const dt_series *loss_before, const dt_series *loss_after,
                      const dt_series *lr_before, const dt_series *lr_after,
                      int64_t checkpoint_step, double rtol,
                      dt_resume_evidence *ev);

/* Copy the pre-filled items of *ev (effective step, LR schedule, control
 * loss) into d->checks where a person has not set the item (source "").
 * Never fails. */
void dt_drill_apply_evidence(dt_drill *d, const dt_resume_evidence *ev);

/* Recovery time of a drill: resumed_time - fault_time in seconds.
 * Returns 0 (set), 1 when a time is missing or unparsable. */
int dt_drill_recovery(const dt_drill *d, double *seconds);

/* Check and normalise what a person entered for a drill before it is
 * stored: checkpoint id, location and checksum are one line each, the
 * note may hold newlines (no control or format characters, within the
 * field sizes: util/text.h dt_text_check); steps are >= 0; fault and
 * resumed times, when given, are ISO 8601 with a zone
 * (dt_time_normalize) and are rewritten as UTC "...Z"; the resumed time
 * is not before the fault time. Returns 0, or -1 with a message in err. */
int dt_drill_validate(dt_drill *d, char *err, size_t errlen);

/* The fields of a drill a person types as text (the rows of the TUI's
 * drill form, the CLI's options), for dt_drill_field_check. */
typedef enum dt_drill_field {
	DT_DF_CHECKPOINT_ID,
	DT_DF_CHECKPOINT_LOCATION,
	DT_DF_CHECKPOINT_CHECKSUM,
	DT_DF_FAULT_TIME,
	DT_DF_RESUMED_TIME,
	DT_DF_NOTE,
	DT_DF_COUNT
} dt_drill_field;

/* Check field f of d by dt_drill_validate's rule for it, in its words
 * (dt_drill_validate checks every field with this function): the
 * checkpoint id, location and checksum one line each, the note
 * multi-line (dt_text_check); a fault or resumed time, when set, ISO 8601
 * with a zone (dt_time_normalize's message), and, when both are set and
 * readable, the resumed time not before the fault time (checked on
 * either time field). d is not changed. Returns 0, or -1 with a message
 * in err (size errlen). A form checks each field with it as the field is
 * left, so it never takes what the save would refuse. */
int dt_drill_field_check(const dt_drill *d, dt_drill_field f, char *err,
                         size_t errlen);

/* A drill's checkpoint or resumed step as typed: a whole effective step
 * >= 1 in digits only (dt_parse_int_strict: " 5", "+5", "5x" refused).
 * `what` names it ("--checkpoint-step", "checkpoint step"); the one
 * message for a step refused (the CLI's options, the TUI's drill form):
 * "WHAT expects an effective step >= 1, got 'S'". Sets *step; returns 0,
 * or -1 with the message in err (size errlen). */
int dt_drill_step_parse(const char *what, const char *s, int64_t *step,
                        char *err, size_t errlen);

/* A drill's checkpoint or resumed step is recorded when > 0: the store
 * holds 0 for "not recorded" (step >= 1 is all dt_drill_step_parse
 * takes). Returns 1 or 0; JSON writes null for a step not recorded. */
int dt_drill_step_known(int64_t step);

/* A drill's checkpoint or resumed step as shown: the number, or "-" when
 * not recorded (dt_drill_step_known), never "0"; the one text of a
 * drill's steps (drill add / list, pilot show, the pack's report, the
 * TUI's drill list, detail and form review). The number is written to
 * buf (size n); returns buf or the static "-". */
const char *dt_drill_step_text(int64_t step, char *buf, size_t n);

/* Check a drill verification note (as dt_drill_validate's note).
 * Returns 0 or -1 with a message in err. */
int dt_drill_note_check(const char *note, char *err, size_t errlen);

/* A drill's recovery time against the task card's acceptable recovery
 * time (field recovery-seconds):
 * - WITHIN: both times known, 0 <= seconds <= limit;
 * - OVER: seconds > limit: the drill fails (step 6 fails and blocks a
 *   go unless a person overrides step 6 with a reason);
 * - NO_LIMIT: seconds known, the card sets no limit;
 * - UNKNOWN: a time missing or unparsable, or the resumed time before
 *   the fault time (negative seconds: an impossible record, never
 *   counted as within). */
typedef enum dt_recovery_state {
	DT_REC_UNKNOWN = 0,
	DT_REC_WITHIN,
	DT_REC_OVER,
	DT_REC_NO_LIMIT
} dt_recovery_state;

typedef struct dt_recovery_check {
	dt_recovery_state state;
	double seconds;       /* resumed - fault, s; NaN when a time is missing */
	double limit;         /* the card's limit, s; NaN when not set */
} dt_recovery_check;

/* The one recovery judgement (rules above); never fails. */
dt_recovery_check dt_drill_recovery_check(const dt_drill *d,
                                          const dt_taskcard *card);

/* "within", "over", "no limit", "unknown" (the JSON words). */
const char *dt_recovery_state_name(dt_recovery_state s);

/* Display text: "1200 s, OVER the 900 s limit", "600 s (limit 900 s)",
 * "600 s (no limit on the card)", "-" (no times), "-690 s: resumed before
 * the fault (unknown)". Written to out (size n); returns out. */
char *dt_recovery_text(const dt_recovery_check *c, char *out, size_t n);

#endif
