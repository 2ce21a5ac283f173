/* compare_internal.h: the parts of the comparison pipeline
 * (compare.h) kept in their own files: rules (compare_rules.c), notes and
 * the reason for "insufficient" (compare_notes.c). Not for front-ends. */
#ifndef DT_SERVICE_COMPARE_INTERNAL_H
#define DT_SERVICE_COMPARE_INTERNAL_H

#include "model/service/compare.h"

/* Fill c->rule, c->card_pilot(_id), c->rules_source and *po (rtol, atol,
 * warm-up, global batches of c->base / c->pilot) from the options and
 * the card (p and card NULL: defaults). */
void dt_compare_rules_apply(dt_comparison *c, const dt_compare_opts *o,
                            const dt_pilot *p, const dt_taskcard *card,
                            dt_parity_opts *po);

/* Say in rules_source that no card applied because both runs belong to
 * several pilots (`names`, ", "-joined). */
void dt_compare_rules_several(dt_comparison *c, const char *names);

/* c->warning when the baseline given looks like the pilot: a Trainium
 * run (platform trn*) or, p given, one of p's runs attached with the role
 * pilot (runs[0..nruns): p's runs). */
void dt_compare_warnings_build(dt_comparison *c, const dt_pilot *p,
                               const dt_pilot_run *runs, size_t nruns);

/* Two different runs that hold the same log (a file of the pilot run has
 * the SHA-256 of a file of the baseline run: the baseline's log imported
 * again as the pilot) are no evidence of parity: the verdict becomes
 * insufficient and c->reason names both files. The same run on both
 * sides is left to its note (dt_compare_notes_build). Returns 0, or -1
 * on a store error (message in err). */
int dt_compare_same_log(dt_store *st, dt_comparison *c, char *err,
                        size_t errlen);

/* Pairing notes (one-sided global batch, self-compare) and, when the
 * verdict is insufficient, the reason (compare.h). by_samples: the runs
 * pair by samples (no noise ratio possible). */
void dt_compare_notes_build(dt_store *st, dt_comparison *c, int by_samples);

/* The lean comparison (compare_lean.c) of c->base and c->pilot under
 * `po`, when the case allows it (compare.h, dt_comparison.lean), taken
 * in steps (model/core/stream_pass.h). */
typedef struct dt_compare_lean dt_compare_lean;

/* Begin it: returns 0 with *out (c->lean = 1, the shapes and the logged
 * counts set; nothing read yet), 1 when the case needs the full path
 * (*out NULL, c unchanged), -1 with the message in err. *out borrows the
 * store; it keeps no pointer into c. */
int dt_compare_lean_begin(dt_store *st, dt_comparison *c,
                          const dt_parity_opts *po, size_t max_points,
                          dt_compare_lean **out, char *err, size_t errlen);

/* Go on for about `budget` points (dt_stream_step). Returns 1 when there
 * is more to do; 0 when done: c->parity (with max_points > 0 its kept
 * points too) and c->findings (unfiltered, with the lr and eval_loss
 * rules of dt_run_findings_rest) set; 2 when the case turned out to need
 * the full path (an insufficient verdict, whose reason needs the
 * curves, or a count of compared points other than the shapes said):
 * c->lean, the shapes and counts cleared; -1 with the message in err. */
int dt_compare_lean_step(dt_store *st, dt_compare_lean *l, size_t budget,
                         dt_comparison *c, char *err, size_t errlen);

/* The pass's progress (dt_stream_progress). */
double dt_compare_lean_progress(const dt_compare_lean *l, unsigned *walk);

/* Free it, done or not. NULL-safe. */
void dt_compare_lean_free(dt_compare_lean *l);

/* c->sentence from the finished comparison (dt_verdict_sentence). */
void dt_compare_sentence(dt_comparison *c);

#endif
