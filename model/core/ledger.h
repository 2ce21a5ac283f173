/* dt_ledger.h: the time and cost ledger of a pilot, GPU vs Trainium2.
 *
 * Time is kept per side in the categories of ACCEPTANCE.md "Time and cost
 * ledger" (DT_LC_*, seconds). What the logs allow is derived per run
 * (dt_ledger_derive, rules there); the rest is entered. Every input
 * carries its basis: official price, own measurement, or unverified
 * assumption; an input that is neither entered nor derived is "missing"
 * and never filled in: it is listed, and the totals it would change are
 * marked incomplete.
 *
 * Cost of one side (USD):
 *   instance = instance_hour x instances x billed hours, where billed
 *              hours = all categories except queue waits (no instance is
 *              held while queued);
 *   storage  = storage (USD/GB-month) x storage_gb_months;
 *   transfer = transfer (USD/GB) x transfer_gb;  logs = logs x logs_gb;
 *   lifecycle total = instance + storage + transfer + logs, known only
 *              when every component and time is (`complete`), else
 *              unknown (NaN; `known_total` keeps the known components'
 *              sum, sensitivity uses it);
 *   cost per useful step = lifecycle total / useful effective steps
 *              (unknown with the total);
 *   at equal steps E (the smaller side's useful steps, so both sides are
 *   priced on the same effective training work): total - training cost
 *              + training cost x E / useful steps (only training time
 *              scales with steps; the overheads are paid once;
 *              unknown with the total).
 * Sensitivity: every known input of either side moved by +10 %; the
 * change of that side's lifecycle total, largest first; unknown (NaN,
 * listed last) when a cost component the input feeds is unknown (a
 * price or quantity missing: a time moves the instance cost, unknown
 * without instance_hour or instances), never 0.
 * Fair-compare warnings: a category counted on one side but missing on
 * the other (compilation first: "one side counts compile time and the
 * other does not"); enter 0 with a basis to state that a side has none. */
#ifndef DT_LEDGER_H
#define DT_LEDGER_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/series.h"
#include "model/core/run.h"

enum {
	DT_LC_ENV, DT_LC_COMPILE, DT_LC_WARMUP, DT_LC_TRAINING,
	DT_LC_CHECKPOINT, DT_LC_QUEUE, DT_LC_RERUNS, DT_LC_MANUAL, DT_LC_COUNT
};

enum {
	DT_LI_INSTANCE_HOUR, DT_LI_INSTANCES, DT_LI_STORAGE,
	DT_LI_STORAGE_GB_MONTHS, DT_LI_TRANSFER, DT_LI_TRANSFER_GB, DT_LI_LOGS,
	DT_LI_LOGS_GB, DT_LI_USEFUL_STEPS, DT_LI_COUNT
};

enum { DT_SIDE_GPU = 0, DT_SIDE_TRN2 = 1, DT_SIDES = 2 };

typedef enum dt_basis {
	DT_BASIS_NONE = 0,      /* missing */
	DT_BASIS_OFFICIAL,      /* a published price */
	DT_BASIS_MEASURED,      /* own measurement (or derived from logs) */
	DT_BASIS_ASSUMPTION     /* unverified */
} dt_basis;

typedef struct dt_ledger_input {
	dt_basis basis;       /* DT_BASIS_NONE = missing */
	double value;         /* seconds (times) or item units (dt_ledger_item_unit) */
	int from_log;         /* 1: derived from the runs (logs, journal),
	                       * not entered in the ledger */
	char note[160];
	int by_hand;          /* with from_log: a person typed (part of) it
	                       * into a run journal (journal set), so it was
	                       * not read from a log */
} dt_ledger_input;

typedef struct dt_ledger_side {
	dt_ledger_input time[DT_LC_COUNT];
	dt_ledger_input item[DT_LI_COUNT];
} dt_ledger_side;

/* What the logs of one run give (dt_ledger_derive). */
typedef struct dt_ledger_derived {
	int has_step_time;      /* a step-time curve was found */
	double ideal_step_s;    /* b6 ideal step time, seconds */
	double startup_s;       /* first-step overhead, all segments -> compile */
	double training_s;      /* kept steps' time minus startup -> training */
	double wasted_s;        /* superseded (redone) steps' time -> reruns */
	double restart_gap_s;   /* wall time between segments -> reruns */
	int has_wall;           /* a wall-clock curve was found */
	int64_t useful_steps;   /* last effective step of the resolved curve */
	size_t segments;
	double journal_s[DT_LC_COUNT];        /* from run facts (seconds) */
	unsigned char has_journal[DT_LC_COUNT];
	unsigned char journal_by_hand[DT_LC_COUNT]; /* a fact a person set
	                                      * (source "user"), not an
	                                      * importer's */
} dt_ledger_derived;

typedef struct dt_ledger_cost {
	double instance, storage, transfer, logs; /* USD, NaN = unknown */
	double total;              /* lifecycle total; NaN unless complete */
	double known_total;        /* sum of the known components (partial) */
	int complete;              /* 1: all components and times known */
	double billed_hours, total_hours;
	int64_t useful_steps;      /* 0 = unknown */
	double per_useful_step;    /* NaN when unknown */
	double training_cost;      /* USD of the training hours, NaN unknown */
	double at_equal_steps;     /* NaN when unknown */
	char missing[400];         /* keys of missing inputs, ", "-joined */
} dt_ledger_cost;

typedef struct dt_ledger_sens {
	int side;                  /* DT_SIDE_* */
	int is_time;               /* 1: time[index], 0: item[index] */
	int index;
	double delta;              /* USD change of the side's total at +10 %,
	                            * NaN when unknown (a component it feeds
	                            * is unknown) */
} dt_ledger_sens;

/* A sensitivity row's change as shown: "+9.00" (USD, signed, 2 digits)
 * or "unknown" (NaN: a price or quantity it multiplies is missing), the
 * words of the CLI and the TUI. Into buf (size n); returns buf. */
char *dt_ledger_sens_text(const dt_ledger_sens *s, char *buf, size_t n);

#define DT_LEDGER_MAX_WARN 10

typedef struct dt_ledger_report {
	dt_ledger_cost cost[DT_SIDES];
	int64_t equal_steps;       /* E, 0 when a side's steps are unknown */
	dt_ledger_sens sens[DT_SIDES * (DT_LC_COUNT + DT_LI_COUNT)];
	size_t nsens;              /* sorted by |delta|, largest first */
	char warn[DT_LEDGER_MAX_WARN][240];
	size_t nwarn;
} dt_ledger_report;

/* Category key ("env_prep", "compile", "warmup_data", "training",
 * "checkpoint", "queue", "reruns", "manual") and label (ACCEPTANCE.md
 * wording) of DT_LC_* c; "" when out of range. */
const char *dt_ledger_cat_key(int c);
const char *dt_ledger_cat_label(int c);

/* Item key ("instance_hour", "instances", "storage", "storage_gb_months",
 * "transfer", "transfer_gb", "logs", "logs_gb", "useful_steps") and unit
 * ("USD/instance-hour", "instances", "USD/GB-month", "GB-months",
 * "USD/GB", "GB", "USD/GB", "GB", "effective steps"). */
const char *dt_ledger_item_key(int i);
const char *dt_ledger_item_unit(int i);

/* Index of a category or item key: sets *is_time and *index, returns 0,
 * or -1 for an unknown key. */
int dt_ledger_key_parse(const char *key, int *is_time, int *index);

/* "gpu" / "trn2"; parse accepts gpu, trn2 (and trn1, counted as trn2).
 * Returns DT_SIDE_* or -1. */
const char *dt_ledger_side_name(int side);
int dt_ledger_side_parse(const char *s);

/* Check the text of a ledger input a person enters: the ledger name
 * follows the name rule (core/name.h) and the note is one line without
 * control or format characters, at most 159 bytes. Returns 0, or -1 with
 * a message in err. */
int dt_ledger_input_check(const char *pilot, const char *note, char *err,
                          size_t errlen);

/* "official", "measured", "assumption", "missing"; parse returns the
 * basis or DT_BASIS_NONE for an unknown word. */
const char *dt_basis_name(dt_basis b);
dt_basis dt_basis_parse(const char *s);

/* An input as a table cell: "1.5 measured (log)" (value / scale, %.4g,
 * basis, "(log)" when read from run logs, "(hand)" when a person
 * typed it into a run journal), or "missing"; into buf (size n). Times
 * are shown in hours with scale 3600. */
void dt_ledger_input_text(const dt_ledger_input *in, double scale, char *buf,
                          size_t n);

/* A time as typed: hours ("1.5"), or a number with unit h, m or s
 * ("90m", "300s"); finite and >= 0. Sets *seconds; returns 0 or -1. */
int dt_ledger_parse_time(const char *s, double *seconds);

/* A ledger value as typed for `key`: a time (is_time; dt_ledger_parse_time,
 * into seconds) or a number, finite and >= 0. The one message for a value
 * refused (the CLI's ledger set, the TUI's value dialog): "KEY expects
 * hours >= 0 (or 90m, 300s), got 'S'" or "KEY expects a number >= 0, got
 * 'S'". Sets *v; returns 0, or -1 with the message in err (size errlen). */
int dt_ledger_value_parse(const char *key, int is_time, const char *s,
                          double *v, char *err, size_t errlen);

/* Derive one run's times from its curves: `step_time` per segment
 * (seconds per optimizer step, from dt_resolve_segments; nst may be 0),
 * `wall` per segment (Unix seconds at each logged step; nwall may be 0),
 * the resolved loss (for useful steps; may be empty) and the logging
 * interval I (effective steps per logged point, >= 1). Rules (goodput,
 * ANCHORS.md b6): ideal step time = mean of step times <= median +
 * 3 x MAD (b6's ">= 1 s" filter is dropped: LoRA steps are often
 * shorter); startup of a segment = max(0, first step time - mean of the
 * segment's other step times); a point of segment j is kept unless a
 * later segment starts at or below its step; training = sum over kept
 * points of step time x I, minus the kept segments' startup; wasted =
 * sum over superseded points of step time x I; restart gap = sum over
 * segment boundaries of max(0, first wall of j+1 - last wall of j).
 * Returns 0 or -1 (ENOMEM). */
int dt_ledger_derive(const dt_series *step_time, size_t nst,
                     const dt_series *wall, size_t nwall,
                     const dt_series *loss, int64_t interval,
                     dt_ledger_derived *out);

/* Times the run journal records (dt_store_fact_list), into d->journal_s:
 * compile = max(neuron.compile_seconds, compile.init_seconds);
 * warmup_data = data.prep_seconds + data.load_seconds; queue =
 * queue.wait_seconds. Values that do not parse as seconds >= 0 are
 * ignored. d->journal_by_hand[c]: a fact used for c was set by a person
 * (source "user"), not by an importer. */
void dt_ledger_journal(const dt_fact *facts, size_t n, dt_ledger_derived *d);

/* Add a run's derived values to a side's inputs as from_log, measured
 * entries (by_hand when a journal value a person set is among them):
 * compile from the journal, else the first-step overhead;
 * warm-up/data and queue from the journal; training from the step
 * times; wasted + restart gap -> reruns (when non-zero); useful steps ->
 * useful_steps (the largest over the side's runs). Entered inputs
 * (from_log 0) are kept: an entry overrides the logs. */
void dt_ledger_add_derived(dt_ledger_side *side, const dt_ledger_derived *d);

/* Compute costs, equal-steps prices, sensitivity and fair-compare
 * warnings of the two sides. Never fails. */
void dt_ledger_compute(const dt_ledger_side sides[DT_SIDES],
                       dt_ledger_report *out);

/* The current value of one ledger key of one side of a pilot. */
typedef struct dt_ledger_entry {
	char side[8];         /* "gpu" or "trn2" */
	char key[32];         /* category or item key (dt_ledger.h) */
	double value;         /* seconds (categories) or the item's unit */
	char basis[16];       /* "official", "measured", "assumption" */
	char note[160];
	char set_by[64];
	char set_at[32];      /* ISO 8601 UTC */
} dt_ledger_entry;

#endif
