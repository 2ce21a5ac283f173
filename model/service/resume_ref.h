/* resume_ref.h: what a resume check rests on, in the words resume-check
 * and the TUI resume view both print: a restart's launch evidence and
 * the run the loss level is checked against. */
#ifndef DT_RESUME_REF_H
#define DT_RESUME_REF_H

#include <stddef.h>

#include "model/core/resume.h"
#include "model/core/run.h"
#include "model/store/store.h"

/* Restart evidence e as one line into buf (size n; cut by snprintf when
 * too small), each piece sanitised: "marker hyperpod_auto_resume line
 * 15", "marker megatron_loaded line 17 (checkpoint 400), new_file", or
 * "none recorded". The `evidence` line of resume-check and of the TUI
 * resume view. Returns buf. */
char *dt_restart_evidence_text(const dt_restart_evidence *e, char *buf,
                               size_t n);

/* The journal fact naming a run's model (dualtrack journal set RUN
 * model.name NAME), read by dt_resume_reference. */
#define DT_FACT_MODEL_NAME "model.name"

/* The loss level reference of run's resume check, base, as one line into
 * buf (size n), names sanitised: "loss reference: NAME (PLATFORM)",
 * followed by ", the baseline of pilot P" when pilot (may be NULL or "")
 * names the pilot whose baseline it is (dt_resume_check_refs); when
 * both runs state their model (the fact DT_FACT_MODEL_NAME) and the
 * models differ, "; another model: NAME is M1, RUN is M2" follows (the
 * loss levels of two models are not expected to match). Whether the
 * models differ is only known from those facts: without them the line
 * names the reference run and says nothing of its model. Returns 1
 * (another model), 0 (the same, or not known), -1 on a store error
 * (buf holds the line without the model part; err set). */
int dt_resume_reference(dt_store *st, const dt_run *run, const dt_run *base,
                        const char *pilot, char *buf, size_t n, char *err,
                        size_t errlen);

#endif
