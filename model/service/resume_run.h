/* dt_resume_run.h: resume continuity of a stored run: loads its curves
 * per segment (loss, lr, the first data-cursor metric whose segments line
 * up), the confirmed checkpoint steps and an optional baseline, and runs
 * dt_resume_check. What `dualtrack resume-check` prints and the TUI's
 * resume view shows. */
#ifndef DT_RESUME_RUN_H
#define DT_RESUME_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/drill.h"
#include "model/core/findings.h"
#include "model/core/pilot.h"
#include "model/core/resume.h"
#include "model/service/integrity.h"
#include "model/store/store.h"

#define DT_RESUME_MAX_CKPT 64

/* The drills credited with the checkpoint steps a resume check used:
 * every drill that records one for a restart inside the run, by step
 * (ascending), then in the drills' order; drill[i] recorded step[i].
 * Two drills at one step are both here (the step is checked once). At
 * most DT_RESUME_MAX_CKPT credits; n = 0 when no step came from a drill
 * (given by --checkpoint or the run fact checkpoint.confirmed_step). */
typedef struct dt_ckpt_credits {
	size_t n;
	int64_t step[DT_RESUME_MAX_CKPT];
	int64_t drill[DT_RESUME_MAX_CKPT];
} dt_ckpt_credits;

typedef struct dt_resume_run_result {
	dt_restart_verdict *v;    /* [nv] owned (dt_resume_run_free) */
	size_t nv;                /* restarts = nseg - 1 */
	size_t nseg;              /* loss segments */
	int all_pass;             /* 1: every restart passes (or none) */
	char cursor_metric[32];   /* data-cursor metric used, "" none */
	size_t nckpt;             /* checkpoint steps used */
	int64_t ckpt[DT_RESUME_MAX_CKPT]; /* [nckpt] those steps */
	int64_t ckpt_drill;       /* drill id of the lowest step (the first
	                           * when several drills), 0 = not from a
	                           * drill */
	dt_ckpt_credits credits;  /* every drill each step came from (none for
	                           * steps given: --checkpoint,
	                           * checkpoint.confirmed_step) */
	dt_findings findings;     /* restart findings (restart_findings.h:
	                           * global batch / total steps changed at a
	                           * restart), role "run"; owned */
	dt_integrity integrity;   /* of the store once the curves were read
	                           * (integrity.h): ALTERED when a stored
	                           * series read differs from its seal */
} dt_resume_run_result;

/* Parse a comma-separated list of steps ("1200,3400"; each >= 0) into
 * v[0..max). Returns the count, or -1 for a malformed or too long list. */
long dt_resume_parse_steps(const char *s, int64_t *v, size_t max);

/* Checkpoint steps recorded by drills d[0..nd) for restarts inside run
 * `run` (run_before = run and run_after "" or the same run; checkpoint
 * step > 0), ascending by step, duplicates once, into v[0..max). *drill
 * (may be NULL) receives the id of the drill of the lowest step, 0 when
 * none; *by (may be NULL) every drill whose step is in v, by step then
 * in d's order (two drills at one step: both). Returns the count of
 * steps (0 none; at most max). */
size_t dt_resume_drill_ckpt(const dt_drill *d, size_t nd, const char *run,
                            int64_t *v, size_t max, int64_t *drill,
                            dt_ckpt_credits *by);

/* Check every restart of `run`. Checkpoint steps: ckpt[0..nckpt) when
 * nckpt >= 0, else from the run fact checkpoint.confirmed_step (a list
 * as above) when it is set, else from the drills of every pilot that
 * record a checkpoint for a restart inside `run` (dt_resume_drill_ckpt;
 * out->ckpt_drill says which). `baseline` (may be NULL) gives the loss
 * level reference; grad_accum_hint and opts as dt_resume_in /
 * dt_resume_check (opts NULL: defaults). Data cursor: consumed_samples,
 * consumed_tokens or epoch, the first with as many segments as the loss;
 * batch fingerprints (DT_METRIC_BATCH_FINGERPRINT) when their segments
 * line up with the loss.
 * out->findings gets the restart findings (dt_run_restart_findings).
 * Returns 0, or -1 with the message in err (store error, no loss curve,
 * a malformed checkpoint fact, out of memory). */
int dt_resume_run(dt_store *st, const dt_run *run, const dt_run *baseline,
                  const int64_t *ckpt, long nckpt, int64_t grad_accum_hint,
                  const dt_resume_opts *opts, dt_resume_run_result *out,
                  char *err, size_t errlen);

void dt_resume_run_free(dt_resume_run_result *r);

/* What a pilot run's restarts are checked against, as its pilot's
 * assessment checks them (gate, pilot show, the TUI overview, the pack):
 * the pilot's first baseline run (the loss level is the pilot/baseline
 * ratio) and the checkpoint steps the pilot's drills record for
 * restarts inside the run (dt_resume_drill_ckpt). */
typedef struct dt_resume_refs {
	char pilot[DT_NAME_MAX];         /* "" = the run is no pilot's pilot run */
	int has_baseline;
	dt_run baseline;                 /* when has_baseline */
	size_t nckpt;                    /* 0: none from the drills */
	int64_t ckpt[DT_RESUME_MAX_CKPT];
	dt_ckpt_credits credits;         /* the drills of those steps */
	int64_t ckpt_drill;
} dt_resume_refs;

/* The references of pilot `pilot_name`: its runs and drills given. */
void dt_resume_refs_of(const char *pilot_name, const dt_pilot_run *runs,
                       size_t nruns, const dt_drill *drills, size_t ndrills,
                       const char *run, dt_resume_refs *out);

/* The references of `run` when it is a pilot-role run of a pilot (the
 * first such pilot by creation), for a resume check asked without a
 * baseline (resume-check RUN): then it gives the verdict and reasons
 * gate and pilot show give. Returns 1 (found), 0 (no pilot has the run
 * as a pilot run: out->pilot ""), -1 on a store error (err). */
int dt_resume_pilot_refs(dt_store *st, const dt_run *run, dt_resume_refs *out,
                         char *err, size_t errlen);

/* The references resume-check RUN and the TUI resume view judge run
 * against, one rule for both: `baseline` (may be NULL; --baseline, the
 * baseline picked in the run list) when given, else none when
 * no_baseline, else the pilot's (dt_resume_pilot_refs: the first pilot
 * by creation with run as a pilot run); the checkpoint steps of that
 * pilot's drills in every case. A baseline given is not the pilot's
 * (out->pilot "").
 * Returns 0, or -1 on a store error (err). */
int dt_resume_check_refs(dt_store *st, const dt_run *run,
                         const dt_run *baseline, int no_baseline,
                         dt_resume_refs *out, char *err, size_t errlen);

/* dt_resume_run against refs: its baseline, and its drills' checkpoint
 * steps (else the run fact, else any pilot's drills), crediting each
 * step to every drill that records it (credits). The one call the assessment and
 * resume-check make for a pilot run. */
int dt_resume_run_refs(dt_store *st, const dt_run *run,
                       const dt_resume_refs *refs, int64_t grad_accum_hint,
                       const dt_resume_opts *opts, dt_resume_run_result *out,
                       char *err, size_t errlen);

/* The checkpoint steps r used, into buf[n], each credited to its own
 * source: the steps of r->ckpt and those a restart's log states
 * (log_ckpt, which the restart uses), ascending: "checkpoint 1200 (from
 * drill #1)", "checkpoint 40 (from the log)", "checkpoints 2000 (drills
 * #2, #3), 3000 (log, drill #1)" (every drill of a step: r->credits;
 * short, for an 80-column row); steps given (--checkpoint, checkpoint.confirmed_step) name
 * no source: "checkpoints 1200,3400" when none does. Without r->ckpt:
 * "checkpoint(s) stated in the log 40", or "checkpoint unknown" (a
 * restart whose checkpoint is not known), or "no restarts" (none: there
 * is no checkpoint to know). The one
 * headline pilot show, resume-check, the TUI and the pack print.
 * Returns buf. */
char *dt_resume_ckpt_text(const dt_resume_run_result *r, char *buf, size_t n);

/* dt_resume_summary, then "; " and dt_resume_ckpt_text unless there is
 * no restart and no checkpoint: "1 restart, PASS; checkpoint 40 (from
 * the log)", "no restarts". Returns buf. */
char *dt_resume_headline(const dt_resume_run_result *r, char *buf, size_t n);

/* One-line summary of r into buf[n]: "1 restart, PASS", "2 restarts,
 * 1 FAIL (step 4120: replay)" (failing restarts by their first logged
 * step and failing check keys, "+"-joined, "; " between restarts), or
 * "no restarts"; the verdict in upper case, as every text and screen
 * prints it (verdict_text.h). Returns buf. */
char *dt_resume_summary(const dt_resume_run_result *r, char *buf, size_t n);

/* The key of r's resume verdict wherever a file or --json states one:
 * "pass" (every restart passes), "fail" (one fails) or "no_restarts"
 * (no restart: nothing was judged, whatever the checkpoint; the reports
 * say "no restarts" with no verdict). resume-check --json's "verdict"
 * and the evidence pack attestation's resume entries. Static string. */
const char *dt_resume_verdict_key(const dt_resume_run_result *r);

/* What restart v's five checks come to, in words a tech lead acts on,
 * into buf[n]: how many pass, which fail, whether the step check could
 * not be judged for want of a checkpoint step (and how to give one), and
 * which do not apply: "4 of 5 checks pass, 1 n/a (data_cursor)";
 * "0 of 5 checks pass, 1 fails (loss), 1 cannot be judged (step: no
 * checkpoint step known; give it with --checkpoint, the journal fact
 * checkpoint.confirmed_step or a drill's checkpoint step), 3 n/a (lr,
 * replay, data_cursor)". A step check is "cannot be judged" exactly when
 * it is n/a for want of a checkpoint (v->ckpt_step 0: resume.h, step).
 * The one summary resume-check (text, --json "summary") and the TUI
 * resume view print (DT_RESTART_TALLY_MAX holds the longest). Returns
 * buf. */
#define DT_RESTART_TALLY_MAX 320
char *dt_restart_tally(const dt_restart_verdict *v, char *buf, size_t n);

#endif
