/* compare.h: THE comparison of a baseline run and a pilot run: one call
 * loads both curves, applies the rules (a pilot's task card or the
 * options given), the transforms (interpolation, window means), computes
 * findings, noise ratio, parity, the final verdict, its sentence, the
 * pairing notes and the compile note. `dualtrack compare` prints the
 * result as text or JSON; the TUI comparison screen and its chart borrow
 * it; the pilot assessment (assessment.h) builds every baseline/pilot
 * pair through it. Nothing outside this file decides a comparison's
 * verdict.
 *
 * Which rules apply (rtol, atol, warm-up, rule that decides):
 * - an option given explicitly (set_* = 1) always wins;
 * - else, when both runs are attached to exactly one pilot (or the
 *   caller names the pilot: card_pilot_id), that pilot's task card
 *   (dt_taskcard_parity, dt_taskcard_rule) for the settings it sets, the
 *   built-in defaults for the others; rules_source names each setting's
 *   source (dt_rules_source_text);
 * - else the defaults (rtol 0.02, atol 0, warm-up 0, rule rtol).
 * Under the noise rule with no further GPU baseline given, the card's
 * pilot's other baseline runs are used (extra_from_card = 1).
 *
 * Errors: 0 success; 1 the request cannot be done as asked (unknown
 * metric is NOT one: it gives an insufficient verdict with a reason;
 * these are: --rule noise without a further baseline, interpolation /
 * window / noise while the runs pair by samples), message in err; -1
 * store error or out of memory, message in err. On any non-zero return
 * *out is freed and zeroed (nothing to free). */
#ifndef DT_SERVICE_COMPARE_H
#define DT_SERVICE_COMPARE_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/decimate.h"
#include "model/core/metric_name.h"
#include "model/core/findings.h"
#include "model/core/noise.h"
#include "model/core/parity.h"
#include "model/core/pilot.h"
#include "model/core/series.h"
#include "model/core/taskcard.h"
#include "model/core/verdict_text.h"
#include "model/service/integrity.h"
#include "model/store/store.h"

/* Further GPU baselines one comparison takes for the noise ratio: compare
 * --also (cli) and the run list's a marks (tui) share the limit. */
#define DT_COMPARE_MAX_EXTRA 16
#define DT_COMPARE_MAX_NOTES 4

/* What the caller asks for. Zero-initialise, then set what is given. */
typedef struct dt_compare_opts {
	const char *metric;        /* NULL = "loss" */
	int set_rtol, set_atol, set_warmup, set_rule; /* 1: given explicitly */
	double rtol;               /* fraction */
	double atol;               /* metric units */
	int64_t warmup;            /* effective steps not compared */
	dt_rule rule;
	int interpolate;           /* pilot linearly interpolated onto the
	                            * baseline's steps */
	int64_t window;            /* window means over W effective steps,
	                            * 0 = off */
	dt_run also[DT_COMPARE_MAX_EXTRA]; /* further GPU baselines (copies) */
	size_t nalso;
	int no_card;               /* 1: never apply a task card */
	int64_t card_pilot_id;     /* > 0: apply this pilot's card (the runs
	                            * need not be attached to it) */
	int want_lod;              /* 1: also the curves' min/max levels
	                            * (lod_b, lod_p), for a chart */
	int lean;                  /* 1: compare in one streaming pass when
	                            * the case allows (dt_comparison.lean):
	                            * no whole curve, no compared points */
	size_t max_points;         /* > 0: parity.kept holds the compared
	                            * points min/max decimation keeps under
	                            * this budget (parity_thin.h), on either
	                            * path (the lean one decimates as it
	                            * compares) */
} dt_compare_opts;

/* One finished comparison. Everything is owned by the struct (free with
 * dt_comparison_free); texts are UTF-8 as stored and NOT sanitised (run
 * names, notes): front-ends sanitise (dt_sanitize) when they print. */
typedef struct dt_comparison {
	dt_run base, pilot;        /* copies */
	char metric[DT_METRIC_MAX];
	dt_series sb, sp;          /* curves as compared (after interpolation
	                            * and window means); EMPTY when lean */
	int lean;                  /* 1: compared in one streaming pass over
	                            * chunks read from the store (opts.lean,
	                            * both curves one stored series each,
	                            * in one part, evenly stepped, no launch
	                            * marks, grad accum 1: the case of
	                            * dt_store_curve_open; no interpolation,
	                            * window, noise or pairing by samples; a
	                            * verdict other than insufficient): sb,
	                            * sp, lod_b and lod_p are EMPTY (a chart
	                            * opens each curve with
	                            * dt_store_curve_open(base or pilot,
	                            * metric): affine x, stored levels, values
	                            * fetched), parity.points is NULL and
	                            * parity.blocks holds the difference
	                            * strip (DT_PARITY_BLOCK compared points a
	                            * block); shape_b / shape_p: file_id, n,
	                            * first_step, stride of each curve */
	dt_series_shape shape_b, shape_p; /* lean: the stored curves */
	int pending;               /* 1: the lean pass is under way
	                            * (dt_compare_start): base, pilot,
	                            * metric, the rules (rule, rules_source,
	                            * card_pilot, parity.opts), lean, the
	                            * shapes and the logged counts are set;
	                            * parity (but its opts), findings, note,
	                            * verdict, notes, compile_note and
	                            * sentence are NOT computed yet: nothing
	                            * may show or use a verdict until
	                            * dt_compare_step clears it */
	dt_pyramid lod_b, lod_p;   /* with opts.want_lod: the min/max pyramid
	                            * over sb.value / sp.value (borrowing
	                            * them), read from the store when the
	                            * curve is a stored series as logged
	                            * (dt_run_series_lod), built otherwise;
	                            * empty without want_lod */
	size_t base_logged, pilot_logged; /* points as loaded, before transforms */
	int64_t pilot_first, pilot_last; /* the pilot's first and last step as
	                            * loaded (0 when it has no point): the
	                            * reason when --interpolate leaves none */
	dt_findings findings;      /* on the curves as logged */
	char note[96];             /* findings note beside the verdict
	                            * (dt_findings_verdict_note), "" = none */
	int interpolate;
	size_t ninterp;            /* pilot points made by interpolation */
	int64_t window;            /* 0 = off */
	dt_run extra[DT_COMPARE_MAX_EXTRA]; /* further GPU baselines used */
	size_t nextra;
	int extra_from_card;       /* 1: extra = the card pilot's baselines */
	int have_noise;            /* noise computed (nextra >= 1) */
	dt_noise noise;            /* valid when have_noise */
	dt_parity parity;          /* the tolerance rule, always computed;
	                            * parity.opts holds rtol/atol/warm-up and
	                            * the global batches used; points[n]
	                            * (not when lean), blocks with want_lod
	                            * or lean */
	dt_rule rule;              /* the rule that decides */
	dt_verdict verdict;        /* the final verdict under `rule` */
	char reason[700];          /* why insufficient, "" otherwise */
	char notes[DT_COMPARE_MAX_NOTES][200]; /* pairing notes (one-sided
	                            * global batch, self-compare) */
	size_t nnotes;
	char compile_note[1024];   /* dt_run_compile_note, "" = none */
	char warning[600];         /* the arguments look swapped: the
	                            * baseline given is a Trainium run or the
	                            * card pilot's pilot run ("" = none;
	                            * dt_compare_warnings_build) */
	int64_t card_pilot_id;     /* pilot whose card applied, 0 = none */
	char card_pilot[DT_NAME_MAX]; /* its name, "" = none */
	char rules_source[400];    /* "rules: task card of pilot NAME", ... */
	char sentence[900];        /* dt_verdict_sentence of the result */
	dt_integrity integrity;    /* of the store once both curves were read
	                            * (integrity.h): ALTERED when a curve's
	                            * stored values differ from their sealed
	                            * digest (series_seal.h) or a record was
	                            * altered; the verdict is then computed
	                            * from data that is not genuine */
} dt_comparison;

/* Compare run `base` (baseline) with run `pilot` (rules in the file
 * comment). Returns 0 / 1 / -1 (file comment); fills *out on 0. */
int dt_compare_prepare(dt_store *st, const dt_run *base, const dt_run *pilot,
                       const dt_compare_opts *opts, dt_comparison *out,
                       char *err, size_t errlen);

/* The same with the card already loaded (the pilot assessment): `card`
 * and `runs[0..nruns)` of pilot `p` (NULL p: no card, defaults). */
int dt_compare_with_card(dt_store *st, const dt_run *base,
                         const dt_run *pilot, const dt_compare_opts *opts,
                         const dt_pilot *p, const dt_taskcard *card,
                         const dt_pilot_run *runs, size_t nruns,
                         dt_comparison *out, char *err, size_t errlen);

/* Free what a comparison owns and zero it. NULL-safe. */
void dt_comparison_free(dt_comparison *c);

/* The same comparison with its one streaming pass taken in steps, so
 * a chart can draw both curves (from their stored levels) before the
 * verdict is known (issue 13). When opts->lean and the case is a lean
 * one (dt_comparison.lean), dt_compare_start returns 0 with *pending set
 * and out->pending = 1 (what is set then: dt_comparison.pending), having
 * read no value; each dt_compare_step goes on for about `budget` points
 * until out is the finished comparison, the same in every field as
 * dt_compare_prepare's (which is dt_compare_start and one unlimited
 * step: every front-end gets the verdict from the same code). Any other
 * case finishes in dt_compare_start (*pending NULL). *pending borrows
 * the store, keeps no pointer into out, and is freed with
 * dt_compare_pending_free whether finished or not (an unfinished
 * comparison is then freed with dt_comparison_free as usual).
 * dt_compare_start returns 0 / 1 / -1 as dt_compare_prepare. */
typedef struct dt_compare_pending dt_compare_pending;

int dt_compare_start(dt_store *st, const dt_run *base, const dt_run *pilot,
                     const dt_compare_opts *opts, dt_comparison *out,
                     dt_compare_pending **pending, char *err, size_t errlen);

/* Go on with out's pending pass (`pd` from the dt_compare_start that
 * filled out) for about `budget` points (pilot points walked and
 * baseline points read; 0 counts as 1). Returns 1 while pending; 0 when
 * out is finished (out->pending 0; also at once when it was not
 * pending); -1 on a store error or out of memory, message in err, out
 * freed and zeroed. A lean pass that ends insufficient (whose reason
 * needs the curves) finishes on the full path in this step (out->lean
 * then 0). */
int dt_compare_step(dt_store *st, dt_compare_pending *pd, size_t budget,
                    dt_comparison *out, char *err, size_t errlen);

/* How far the pending pass is: fraction [0, 1] of its current walk over
 * the points (model/core/stream_pass.h, dt_stream_progress; *walk, when
 * not NULL, the walk's number from 1). */
double dt_compare_progress(const dt_compare_pending *pd, unsigned *walk);

/* Free a pending pass, finished or not. NULL-safe. */
void dt_compare_pending_free(dt_compare_pending *pd);

/* The run's metric names joined by ", " into out ("none" without any),
 * sanitised for display. Returns 0, or -1 on a store error (out "?"). */
int dt_run_metric_list(dt_store *st, int64_t run_id, char *out,
                       size_t outlen);

/* The sentence naming each rule setting and where it came from, the one
 * every front-end prints (compare, the TUI's comparison, pilot show, the
 * evidence pack): "rules: task card of pilot P: rtol 0.05; built-in
 * defaults: atol 0, warm-up 0". po and rule are the settings in force;
 * card the pilot's task card that applies (NULL: none, so a setting not
 * given comes from the config file's [tolerances] when it sets them, else
 * the built-in default), pilot its name; o the settings given (NULL:
 * none). The rule that decides is named unless it is the built-in
 * default (rtol). When a card applies, lacks a setting and the config
 * file sets [tolerances], a note says a pilot never uses them. */
void dt_rules_source_text(const dt_parity_opts *po, dt_rule rule,
                          const dt_taskcard *card, const char *pilot,
                          const dt_compare_opts *o, char *out, size_t n);

/* One rule setting of a pilot as every front-end shows it (pilot show's
 * task card rows, the TUI overview via dt_rules_brief_text): f is
 * DT_TC_RTOL (fraction, "0.02"), DT_TC_ATOL (loss units, "0"),
 * DT_TC_WARMUP (effective steps, "0") or DT_TC_MATCH_RULE ("rtol" |
 * "noise"); the value in force, from po and rule (the card's settings
 * with the built-in defaults of dt_parity_defaults where unset, as
 * dt_assessment.rules holds them), into out (n bytes, truncated).
 * Returns 1 when card (NULL: none) does not set f, so the value is the
 * built-in default; 0 when the card sets it; -1 for any other field
 * (out ""). */
int dt_rules_setting_text(const dt_parity_opts *po, dt_rule rule,
                          const dt_taskcard *card, dt_tc_field f, char *out,
                          size_t n);

/* The tolerances in force in one short phrase for narrow screens:
 * "rtol 0.05 atol 0 warm-up 10" when card sets all three; "rtol 0.02
 * atol 0 warm-up 0 (defaults)" when it sets none; otherwise each
 * built-in default starred: "rtol 0.05 atol 0* warm-up 0* (*default)".
 * Values as dt_rules_setting_text gives them; out n bytes, truncated. */
void dt_rules_brief_text(const dt_parity_opts *po, const dt_taskcard *card,
                         char *out, size_t n);

#endif
