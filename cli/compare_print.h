/* compare_print.h: `dualtrack compare` output: a finished comparison
 * (model/service/compare.h) as text or JSON. Renders only; the verdict
 * and every figure come from the service. */
#ifndef DT_COMPARE_PRINT_H
#define DT_COMPARE_PRINT_H

#include <stdio.h>

#include "model/service/compare.h"
#include "model/util/jsonw.h"

/* One finding as a JSON object: kind, run, step, count, the scale
 * figures for logging_scale_mismatch, before / after for
 * global_batch_change and total_steps_change, detail. Shared by compare
 * and resume-check. */
void dt_print_finding_json(dt_jw *w, const dt_finding *f);

/* One finding as the text line "finding KIND at step N: DETAIL" (detail
 * sanitised) on stdout. */
void dt_print_finding_text(const dt_finding *f);

/* "integrity": {checked, intact, first_bad_id, reason, head_hash} (the
 * last four null until the integrity check has run): pilot show and
 * compare. */
void dt_print_integrity_json(dt_jw *w, const dt_integrity *in);

/* What the integrity line stands beside, so it says only what is true
 * of that output. */
typedef enum dt_integrity_beside {
	DT_BESIDE_VERDICT,   /* compare, resume-check: "the verdict rests on
	                      * records that are not genuine" */
	DT_BESIDE_VALUES,    /* series (no verdict): "the values shown are not
	                      * the ones imported" when a curve read differs
	                      * from its seal (in->values_altered), else "the
	                      * values shown match their seal; other records
	                      * are not genuine" */
	DT_BESIDE_LISTING    /* runs: "records of this store are not genuine" */
} dt_integrity_beside;

/* The line "integrity ALTERED: WHAT; TAIL (dualtrack verify lists all)",
 * WHAT as dt_integrity_text (integrity.h) says it, the record named once
 * ("first bad record N: REASON", or REASON alone when it names record N),
 * sanitised; TAIL as `beside` says; on f when in is ALTERED. Returns 1
 * when printed, else 0. */
int dt_print_integrity_text(FILE *f, const dt_integrity *in,
                            dt_integrity_beside beside);

/* JSON object on stdout: baseline, pilot, metric, x, points[], summary
 * (compared, breaches, first_breach_step, max_abs_rel_diff(_step),
 * allowed_breaches, rtol, atol, warmup, by_samples, verdict, rules_source,
 * taskcard_pilot, sentence, interpolated, window, rule, noise_ratio,
 * noise, findings, verdict_note, notes, reason), integrity
 * (dt_print_integrity_json: ALTERED when a curve's stored values differ
 * from their sealed digest or a record was altered). points[] holds
 * pts[0..npts): c->parity.points (every compared point), c->parity.kept
 * (--max-points) or none (--no-points); the summary is the same
 * whichever is given. */
void dt_compare_print_json(const dt_comparison *c,
                           const dt_parity_point *pts, size_t npts);

/* CSV on stdout (dualtrack(5) CSV OUTPUT): the header
 * "step,baseline,pilot,rel_diff,breach" ("samples" instead of "step" when
 * the runs pair by samples), then one row per compared point of
 * pts[0..npts) (compared points after warm-up, transforms applied, as
 * for dt_compare_print_json), in order; numbers as dt_fmt_double
 * (non-finite: nan, inf, -inf); breach 1 or 0. */
void dt_compare_print_csv(const dt_comparison *c,
                          const dt_parity_point *pts, size_t npts);

/* Text on stdout (names and notes sanitised): compile note, the runs,
 * the rule and where it came from, counts, transforms, noise, findings,
 * notes, "reason: ..." when the sentence does not hold the reason, then
 * the verdict sentence (dt_comparison.sentence: "verdict WORD[ (NOTE)]:
 * ...", the TUI's and pilot show's words), then, when the store's
 * integrity is ALTERED, the line of dt_print_integrity_text. */
void dt_compare_print_text(const dt_comparison *c);

#endif
