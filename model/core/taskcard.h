/* dt_taskcard.h: a pilot's task card: the inputs fixed before the pilot
 * starts (ACCEPTANCE.md "Task card"), and the baseline-match criteria that
 * compare uses for the pilot (rtol / atol / warm-up).
 *
 * The field list is data (DT_TASKCARD_FIELDS): it gives the enum, the
 * stored key, the CLI option (--KEY), the form label and the kind that a
 * value is validated against. Values are kept as text exactly as entered;
 * an empty value means "not set". */
#ifndef DT_TASKCARD_H
#define DT_TASKCARD_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/parity.h"
#include "model/core/verdict_text.h"

typedef enum dt_tc_kind {
	DT_TC_TEXT,  /* free text on one line */
	DT_TC_INT,   /* whole number >= 1 (digits only) */
	DT_TC_INT0,  /* whole number >= 0 (digits only) */
	DT_TC_REAL,  /* real in the field's range (dt_taskcard_range) */
	DT_TC_TYPE,  /* training type: lora | full | continued */
	DT_TC_RULE   /* the rule that decides parity: rtol | noise */
} dt_tc_kind;

/* Documented ranges of the baseline-match criteria and limits: rtol is a
 * fraction of |baseline| in [0, 0.5] (above half the baseline nothing a
 * loss curve does can fail); atol is in loss units, [0, 1]; the
 * acceptable recovery time is in (0, 10^7] seconds (about 115 days);
 * whole-number fields are at most 10^12. */
#define DT_RTOL_MAX 0.5
#define DT_ATOL_MAX 1.0
#define DT_RECOVERY_MAX 1e7
#define DT_TC_INT_MAX 1000000000000LL

/* X(ENUM, key, kind, label) */
#define DT_TASKCARD_FIELDS(X) \
	X(MODEL, "model", DT_TC_TEXT, "model name") \
	X(CODE_VERSION, "code-version", DT_TC_TEXT, "exact code version (commit)") \
	X(TRAINING_TYPE, "training-type", DT_TC_TYPE, "training type (lora, full, continued)") \
	X(SEQ_LEN, "seq-len", DT_TC_TEXT, "sequence-length range (e.g. 512-4096)") \
	X(MICRO_BATCH, "micro-batch", DT_TC_INT, "micro-batch size (samples)") \
	X(GRAD_ACCUM, "grad-accum", DT_TC_INT, "gradient-accumulation steps") \
	X(GLOBAL_BATCH, "global-batch", DT_TC_INT, "global batch (samples per optimizer step)") \
	X(PARALLELISM, "parallelism", DT_TC_TEXT, "parallelism (e.g. tp=8 pp=1 dp=4)") \
	X(DATASET, "dataset", DT_TC_TEXT, "dataset identity (name, version)") \
	X(DATASET_SIZE, "dataset-size", DT_TC_TEXT, "dataset size (e.g. 52000 samples)") \
	X(TARGET_STEPS, "target-steps", DT_TC_INT, "target effective steps") \
	X(EVAL_METHOD, "eval-method", DT_TC_TEXT, "evaluation method") \
	X(CONTROL_ANSWERS, "control-answers", DT_TC_TEXT, "control prompts and answers") \
	X(LOSS_RANGE, "loss-range", DT_TC_TEXT, "expected loss range (e.g. 1.0-1.4)") \
	X(CKPT_PERIOD, "checkpoint-period", DT_TC_INT, "checkpoint period (effective steps)") \
	X(CKPT_FORMAT, "checkpoint-format", DT_TC_TEXT, "checkpoint format") \
	X(RECOVERY, "recovery-seconds", DT_TC_REAL, "acceptable recovery time (seconds)") \
	X(CUSTOM_OPS, "custom-ops", DT_TC_TEXT, "custom operators (CUDA extensions)") \
	X(RTOL, "rtol", DT_TC_REAL, "baseline match: rtol (fraction, default 0.02)") \
	X(ATOL, "atol", DT_TC_REAL, "baseline match: atol (loss units, default 0)") \
	X(WARMUP, "warmup", DT_TC_INT0, "baseline match: warm-up steps not compared (default 0)") \
	X(MATCH_RULE, "rule", DT_TC_RULE, "baseline match: rule that decides (rtol or noise, default rtol)")

#define DT_TC_ENUM(e, key, kind, label) DT_TC_##e,
typedef enum dt_tc_field { DT_TASKCARD_FIELDS(DT_TC_ENUM) DT_TC_COUNT } dt_tc_field;
#undef DT_TC_ENUM

#define DT_TC_VALUE_MAX 512

typedef struct dt_tc_def {
	const char *key;    /* stored key and CLI option name */
	dt_tc_kind kind;
	const char *label;  /* form label, with unit */
} dt_tc_def;

/* The fields in display order, [DT_TC_COUNT]. */
extern const dt_tc_def dt_taskcard_defs[DT_TC_COUNT];

typedef struct dt_taskcard {
	char value[DT_TC_COUNT][DT_TC_VALUE_MAX]; /* "" = not set */
	char set_by[DT_TC_COUNT][64];             /* who set the current value */
	char set_at[DT_TC_COUNT][32];             /* when (ISO 8601 UTC) */
} dt_taskcard;

/* Index of the field with this key, or -1. */
int dt_taskcard_field(const char *key);

/* Check `value` against the field's kind: one line of text without
 * control or format characters (util/text.h dt_text_check), at most
 * DT_TC_VALUE_MAX - 1 bytes; whole numbers are digits only (" 5", "-0",
 * "+5" and 0 are refused; warm-up may be 0); reals are finite and in the
 * field's range (dt_taskcard_range). Returns 0, or -1 with a message
 * naming the field and what was expected in err (size errlen). An empty
 * value (clearing the field) is always valid. */
int dt_taskcard_validate(dt_tc_field f, const char *value, char *err,
                         size_t errlen);

/* Range [*min, *max] of a DT_TC_REAL field (*min_open: min itself is
 * refused). */
void dt_taskcard_range(dt_tc_field f, double *min, double *max,
                       int *min_open);

/* Check tolerances given anywhere (task card, compare options): rtol and
 * atol finite and within [0, DT_RTOL_MAX] / [0, DT_ATOL_MAX]. Returns 0,
 * or -1 with a message in err. */
int dt_tolerance_check(double rtol, double atol, char *err, size_t errlen);

/* The range of a baseline-match criterion (f: DT_TC_RTOL, DT_TC_ATOL or
 * DT_TC_WARMUP) in words, from dt_taskcard_range and DT_TC_INT_MAX (the
 * one source of each bound): "a number in [0, 0.5] (a fraction of the
 * baseline)", "a number in [0, 1] (loss units)", "a whole number of steps
 * in [0, 1000000000000] (not compared)". Written to buf (n bytes, the
 * caller's); returns buf. */
const char *dt_tolerance_range_text(dt_tc_field f, char *buf, size_t n);

/* Parse text as the value of criterion f (as dt_tolerance_range_text) as
 * the task card parses it (dt_taskcard_validate): 0 with *out set (the
 * warm-up a whole number), or -1 with "NAME must be RANGE, got 'TEXT'" in
 * err (NAME as the caller names the value: "--rtol", "[tolerances]
 * rtol"; TEXT sanitised): the one message whether TEXT is no number or
 * one out of range. */
int dt_tolerance_parse(dt_tc_field f, const char *name, const char *text,
                       double *out, char *err, size_t errlen);

/* The parity rule of the card: rtol / atol / warm-up where set and
 * valid (a stored value outside the documented range is ignored), the
 * defaults of dt_parity_defaults() otherwise (global batches unknown). */
dt_parity_opts dt_taskcard_parity(const dt_taskcard *tc);

/* The rule that decides parity for this pilot: returns 0 and sets *rule
 * when the card's rule field is set ("rtol" or "noise"), 1 when it is not
 * (*rule is then DT_RULE_TOLERANCE, the default). Under "noise" the
 * pilot's further baseline runs are the other GPU seeds (dt_assessment,
 * dt_compare_prepare). */
int dt_taskcard_rule(const dt_taskcard *tc, dt_rule *rule);

/* Acceptable recovery time in seconds: returns 0 and sets *seconds when
 * the card holds it, 1 when it is not set. */
int dt_taskcard_recovery(const dt_taskcard *tc, double *seconds);

#endif
