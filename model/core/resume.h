/* dt_resume.h: resume continuity, one verdict per restart of a run.
 *
 * Input: the run's curves per segment, before superseding
 * (dt_resolve_segments / dt_run_segments), so the values logged before a
 * restart stay visible. For restart k (segment k+1 starting), "before" is
 * the run as it stood just before it: segments 1..k resolved with the
 * latest-segment-wins rule; "after" is segment k+1. Checks
 * (ACCEPTANCE.md "Resume and fault drills", issue 5):
 *
 * - step: resumed step t (first logged effective step after the restart)
 *   against the checkpoint c (the one the log states, else the last
 *   confirmed one): pass when c < t <= c + I (I = logging interval, the
 *   median step gap); t <= c fails (resumed before the confirmed
 *   checkpoint); t > c + I loses t - c - I steps. Without c the rule
 *   cannot pass: lost = max(0, t - last_before - I) still fails (steps
 *   lost need no checkpoint), otherwise the check is n/a, "checkpoint
 *   unknown" (the restart is not credited as resumed right after it).
 *   A segment starting at or below the first step logged before is a
 *   restart from scratch (two runs imported as one), not a resume: fail.
 *   Replayed = optimizer steps trained again: last step logged before
 *   that the new segment logs again - t + I_after (the first logged step after
 *   the resume is taken as one interval after the checkpoint); the count
 *   of such logged points is replayed_points.
 *   Gradient-accumulation offset: when the counter jumps to about G times
 *   the expected step (10 -> 40 with G = 4: 40 = 4 x 10), it is recognised
 *   as an offset, not as lost steps, when the LR logged at the first
 *   point after the restart equals the LR logged before at step 40 / G
 *   (within lr_rtol); with a G hint and no LR the offset is reported
 *   unconfirmed. Also recognised: c x G + k, the counter restored as the
 *   checkpoint step c times G and then incremented per step (first
 *   logged r = c G + I, true step c + I, LR-confirmed the same way).
 *   The step check then fails (the logged counter is wrong),
 *   lost steps stay 0, and the other checks use the true steps (logged /
 *   G when the logged stride is G times the earlier one, else logged -
 *   (t_logged - t_true)).
 * - lr: on replayed steps the LR after must equal the LR before (max
 *   |rel diff| <= lr_rtol); without replayed steps the first LR after
 *   must follow the trend of the last two LR points before (linear
 *   extrapolation, tolerance lr_rtol * |pred| + 0.5 * |pred - last|).
 *   An LR constant over the first >= 3 points after (up to 5 looked at)
 *   while it changed before (> lr_rtol between the last two points)
 *   fails as "frozen"; a warm-up restarting from 0 fails the equality.
 * - replay: on replayed steps, max |after - before| / |before| of the
 *   loss <= replay_rtol (a full-state resume replays nearly the same
 *   values; a lost data cursor or RNG state gives different ones). With
 *   at least 3 replayed steps of which all but one match exactly (|rel|
 *   <= 1e-7), the one off is a logging artefact at that step (Megatron
 *   prints a two-iteration mean once after a resume), reported, not
 *   failed (artefact_step).
 * - loss: level after vs before, over the first `window` finite points
 *   after (the first point excluded when there are more). Without a
 *   baseline, on replayed steps: their mean vs the mean of the losses
 *   logged at the same steps before; without replayed steps: their mean
 *   vs the band between the mean of the last `window` finite points
 *   before t (flat level) and the mean prediction, at the same steps, of
 *   the least-squares line (loss over step) through those points (the
 *   trend); inside the band the shift is 0, outside it is measured from
 *   the nearest edge (a falling curve that keeps falling or flattens is
 *   not a level shift; on the Mistral LoRA log, a continuation without
 *   replay at each of 825 positions gives 80 false fails, mean vs mean
 *   210, the bare trend line 410). With a baseline, the
 *   mean pilot/baseline ratio after vs the mean of the last `window`
 *   ratios before t (free of the downward trend); when the baseline has
 *   no finite point at the pilot's steps on one side (runs logged at
 *   other steps), the rules without a baseline decide and the reason
 *   says so (never n/a while the run alone can be judged).
 *   |shift| > level_rtol fails. A first point after
 *   the restart off by more than level_rtol while the level holds is
 *   reported as a one-point spike (pass).
 * - data_cursor: consumed samples / epoch at the first step after must
 *   be >= the value at the last step before t, and on replayed steps
 *   after >= before; going backwards fails. For consumed samples /
 *   tokens the cursor is then judged over the whole segment after the
 *   restart against its rate (global_batch per step when given, else the
 *   median rate per step before the restart): the first point after must
 *   sit within half a logging interval's worth of where that rate puts
 *   it (a jump forward = batches skipped; on a replayed step it must
 *   equal the value logged there before within that), and every later
 *   interval must advance by rate x steps within 50 % (a fault that
 *   shows later, e.g. the resume offset skipped again at the next
 *   epoch). An epoch cursor must never drop inside the segment after.
 *   The step where it went wrong is cursor_fault_step.
 *   Batch fingerprints, when logged on both sides: a fingerprint after
 *   the restart equal to one logged before it (any earlier segment) at
 *   another step, and at none at the same step, is a batch trained again
 *   from an earlier data position: fail at that step (cursor_fault_step),
 *   also when no consumed samples or epoch are logged. When fingerprints
 *   already recur before the restart (batches repeat by design, e.g. an
 *   unshuffled second epoch) they are not judged.
 * Causes (per failed check, `cause`): step -> checkpoint / trainer state
 * (steps lost without a checkpoint known are counted from the last step
 * logged before, and the cause says so, naming a log cut short too);
 * lr -> LR scheduler state; data_cursor -> sampler / dataloader state;
 * replay and loss -> sampler / dataloader state when the cursor failed,
 * LR scheduler state when the LR failed, else model / optimizer (or RNG)
 * state (the loss moved with LR and data cursor intact); an LR or data
 * cursor check that is n/a is not called intact: it is named "not
 * checked (not in the log)" (the cursor: "not judged (batch fingerprints
 * recur)" when those are why) and its state stays among the causes.
 * A check without the data it needs is "n/a"; a restart passes when no
 * check fails. Its reason lists the failed checks, else the passed ones,
 * else (every check n/a) says so with the step's detail. */
#ifndef DT_RESUME_H
#define DT_RESUME_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/series.h"

typedef enum dt_check {
	DT_CHECK_NA = 0,
	DT_CHECK_PASS = 1,
	DT_CHECK_FAIL = 2
} dt_check;

enum { DT_RESUME_NCHECKS = 5 };
/* Index of each check in dt_restart_verdict.check / detail. */
enum { DT_RC_STEP, DT_RC_LR, DT_RC_LOSS, DT_RC_REPLAY, DT_RC_CURSOR };

/* The launch evidence of one restart (rawlog.h), as the service found it
 * for the segment that starts it: marker lines, id changes, gaps, a new
 * file, the step going back. */
enum { DT_RESUME_MAX_EVIDENCE = 8 };
typedef struct dt_restart_evidence {
	size_t n;
	dt_launch_evidence ev[DT_RESUME_MAX_EVIDENCE];
	int64_t global_batch;  /* samples per optimizer step in effect after
	                        * the restart, as the launches logged it (0 =
	                        * none logged: dt_resume_in.global_batch is
	                        * used); the data cursor's rate after a
	                        * restart that changed the batch */
} dt_restart_evidence;

typedef struct dt_resume_opts {
	double replay_rtol;   /* fraction, default 0.02 */
	double lr_rtol;       /* fraction, default 1e-3 */
	double level_rtol;    /* fraction, default 0.05 */
	size_t window;        /* points per level window, default 20 */
} dt_resume_opts;

/* Curves of one run. Segment arrays come from dt_resolve_segments; lr and
 * cursor are used only when they have as many segments as loss (else
 * their checks are n/a). */
typedef struct dt_resume_in {
	const dt_series *loss;     /* [nseg] required */
	size_t nseg;
	const dt_series *lr;       /* [nlr] or NULL */
	size_t nlr;
	const dt_series *cursor;   /* [ncursor] consumed samples or epoch */
	size_t ncursor;
	const char *cursor_metric; /* its name, for reasons */
	const dt_series *baseline; /* resolved baseline loss, or NULL */
	const int64_t *ckpt_step;  /* [nckpt] confirmed checkpoint step per
	                            * restart, 0 = unknown */
	size_t nckpt;
	int64_t grad_accum_hint;   /* G to test for counter offsets, 0/1 = none:
	                            * then factors 2..64 are tried, LR-confirmed */
	int64_t global_batch;      /* samples per optimizer step, 0 = unknown */
	const dt_series *fingerprint; /* [nfingerprint] batch fingerprints
	                            * (one value per step, equal values = the
	                            * same batch), or NULL */
	size_t nfingerprint;
	const dt_restart_evidence *evidence; /* [nseg - 1] per restart, or
	                            * NULL; a checkpoint step stated there
	                            * (> 0) is used instead of ckpt_step */
} dt_resume_in;

typedef struct dt_restart_verdict {
	int64_t at_step;          /* first logged effective step after restart */
	int64_t true_step;        /* after offset correction (= at_step if none) */
	int64_t last_before;      /* last logged step before the restart */
	int64_t ckpt_step;        /* checkpoint the step check used (the log's
	                           * when stated, else the confirmed one), 0 =
	                           * unknown */
	int64_t log_ckpt;         /* checkpoint step the log states, -1 none */
	int64_t given_ckpt;       /* confirmed checkpoint given (option, fact,
	                           * drill), 0 = none */
	dt_restart_evidence evidence; /* launch evidence of this restart */
	int64_t interval;         /* logging interval I, effective steps */
	size_t replayed;          /* optimizer steps trained again (see step) */
	size_t replayed_points;   /* logged points before that after re-logs */
	int64_t lost;             /* steps skipped, 0 when none */
	int64_t offset_factor;    /* G of a recognised counter offset, else 0 */
	int offset_confirmed;     /* 1: the LR confirmed the true step */
	int offset_additive;      /* 1: c x G + k (checkpoint x G, then +1
	                           * per step), 0: the counter is x G */
	size_t replay_n;          /* replayed steps with finite losses */
	double replay_max_rel;    /* NaN when replay_n = 0 */
	int64_t replay_max_step;
	double level_shift;       /* fraction; NaN when n/a (the band rule:
	                           * from the band's nearest edge, 0 inside) */
	double level_moved;       /* fraction: the mean after vs the level
	                           * before (the band rule: its flat level
	                           * before, so a level inside the band still
	                           * says how it moved); NaN when n/a */
	int64_t spike_step;       /* 0 = no spike */
	double spike_rel;         /* first point vs level before, fraction */
	int64_t artefact_step;    /* replay: isolated one-point difference among
	                           * exact matches (logging artefact), 0 none */
	int64_t cursor_fault_step;/* data cursor: step where it went wrong, 0 */
	dt_check check[DT_RESUME_NCHECKS];
	char detail[DT_RESUME_NCHECKS][448]; /* human reason per check */
	char cause[DT_RESUME_NCHECKS][200];  /* failed checks: the state that
	                           * was probably not restored; "" otherwise */
	int pass;                 /* no check failed */
	char reason[640];         /* failing checks' reasons, or a summary */
} dt_restart_verdict;

/* Defaults: replay_rtol 0.02, lr_rtol 1e-3, level_rtol 0.05, window 20. */
dt_resume_opts dt_resume_defaults(void);

/* Check every restart of a run. *out receives nseg - 1 verdicts (owned,
 * free()), *nout their count (0 for a run without restarts, *out NULL).
 * Returns 0, or -1 with errno ENOMEM / EINVAL (in->loss NULL). */
int dt_resume_check(const dt_resume_in *in, const dt_resume_opts *opts,
                    dt_restart_verdict **out, size_t *nout);

/* The step rule shared by resume-check and the drill pre-fill: first
 * logged effective step after the resume t, checkpoint c (> 0), logging
 * interval I (effective steps, >= 1). Returns -1 when t <= c (resumed at
 * or before the checkpoint), 0 when c < t <= c + I (pass), else the
 * optimizer steps lost, t - c - I (> 0). */
int64_t dt_resume_step_rule(int64_t t, int64_t c, int64_t I);

/* Logging interval I of a restart as both rules use it: median step gap
 * of the curve before (`before`), else of the curve after, else 1. */
int64_t dt_resume_interval(const dt_series *before, const dt_series *after);

/* "pass", "fail" or "n/a". */
const char *dt_check_name(dt_check c);

/* JSON key of check index i: "step", "lr", "loss", "replay",
 * "data_cursor". */
const char *dt_resume_check_key(int i);

#endif
