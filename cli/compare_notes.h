/* compare_notes.h: the notes `dualtrack compare` adds about how it paired
 * the runs (one-sided global batch, a run compared with itself) and the
 * reason an "insufficient" verdict was reached. */
#ifndef DT_COMPARE_NOTES_H
#define DT_COMPARE_NOTES_H

#include <stddef.h>

#include "model/util/jsonw.h"
#include "model/core/parity.h"
#include "model/core/series.h"
#include "model/store/store.h"

#define DT_CMP_MAX_NOTES 4

typedef struct dt_cmp_notes {
	char note[DT_CMP_MAX_NOTES][200];  /* unsanitised run names inside */
	size_t n;
	char reason[700];                  /* why insufficient, "" otherwise */
} dt_cmp_notes;

/* The run's metric names joined by ", " into out ("none" without any);
 * names are sanitised (dt_sanitize). Returns 0, or -1 on a store error
 * (out then holds "?"). */
int dt_cli_metric_list(dt_store *st, int64_t run_id, char *out,
                       size_t outlen);

/* Fill *out from the two runs, their loaded curves of `metric` (as
 * compared: after interpolation/windows) and the parity result p. The
 * reason (only when p->verdict is insufficient) is the first of: a run
 * without the metric (listing the metrics it has); no common step (or
 * sample), with both ranges and a hint when they are offset by exactly 1
 * (one log counting from 0); warm-up (steps) reaching past the last
 * common step; fewer than 2 compared steps ("" when p->n >= 2: the
 * caller's own verdict note applies). */
void dt_cmp_notes_build(dt_store *st, const dt_run *rb, const dt_run *rp,
                        const char *metric, const dt_series *sb,
                        const dt_series *sp, const dt_parity *p,
                        dt_cmp_notes *out);

/* JSON: "notes" (array of strings) and "reason" (string or null) keys
 * written into the open summary object. */
void dt_cmp_notes_json(dt_jw *w, const dt_cmp_notes *x);

/* Text: one "note: ..." line per note (sanitised). */
void dt_cmp_notes_text(const dt_cmp_notes *x);

#endif
