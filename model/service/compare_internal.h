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

/* Pairing notes (one-sided global batch, self-compare) and, when the
 * verdict is insufficient, the reason (compare.h). by_samples: the runs
 * pair by samples (no noise ratio possible). */
void dt_compare_notes_build(dt_store *st, dt_comparison *c, int by_samples);

/* The lean comparison (compare_lean.c) of c->base and c->pilot under
 * `po`, when the case allows it (compare.h, dt_comparison.lean): fills
 * c->parity (with max_points > 0 its kept points too), c->findings
 * (unfiltered), the shapes and the logged counts. Returns 0 (c->lean =
 * 1), 1 when the case needs the full path (nothing left in c to free),
 * -1 with the message in err. */
int dt_compare_lean(dt_store *st, dt_comparison *c, const dt_parity_opts *po,
                    size_t max_points, char *err, size_t errlen);

/* c->sentence from the finished comparison (dt_verdict_sentence). */
void dt_compare_sentence(dt_comparison *c);

#endif
