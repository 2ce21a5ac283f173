/* pilot_show.h: printing a pilot's overview (dualtrack pilot show / list),
 * as text for people and JSON for scripts. */
#ifndef DT_PILOT_SHOW_H
#define DT_PILOT_SHOW_H

#include "model/core/decision.h"
#include "model/core/drill.h"
#include "model/util/jsonw.h"
#include "model/core/pilot.h"
#include "model/service/resume_run.h"
#include "model/store/store.h"

/* Print pilot `name`'s overview to stdout (text, or JSON when json = 1:
 * keys name, created_by, created_at, taskcard {field: value}, rules
 * {rtol, atol, warmup, rule}, runs [{name, role, platform}], verdicts
 * [{baseline, pilot, verdict, rule, compared, breaches, allowed_breaches,
 * max_abs_rel_diff, noise_ratio, findings, verdict_note, reason,
 * sentence}], checklist [{id, title,
 * status, computed, computed_status, computed_detail, overridden, note,
 * reason, set_by, set_at, evidence [{kind, ref, sha256}]}], counts
 * {pending, pass, fail, waived}, blocking [ids], drills (as drill list
 * --json), decisions [{id, kind, rationale, deciders [{name, role}],
 * recorded_by, decided_at, supersedes, forced_past, evidence_digest,
 * hash}], integrity {checked, intact, first_bad_id, reason, head_hash}).
 * Returns an exit code (2 when the pilot does not exist). */
int dt_pilot_show(dt_store *st, const char *name, int json);

/* One pilot of `pilot list`: JSON object {name, created_by, created_at,
 * baselines, pilots, counts, latest_decision} / a text row. */
void dt_pilot_show_summary_json(dt_jw *w, dt_store *st, const dt_pilot *p);
void dt_pilot_show_summary_text(dt_store *st, const dt_pilot *p);

/* Key "deciders" and its array [{name, role}] of decision d, in recorded
 * order (pilot show, evidence.json, attestation.json). */
void dt_deciders_json(dt_jw *w, const dt_decision *d);

/* Keys "checkpoints" [steps] (the checkpoint steps r's resume check
 * used, ascending), "checkpoint_drill" (the drill of the lowest step,
 * null when none came from a drill; kept for older readers),
 * "checkpoint_drills" [every drill a step of checkpoints came from, by
 * step then in drill order (two drills at one step: both), or null for
 * a step given] and "checkpoint_drill_steps" [the step of each entry of
 * checkpoint_drills] of a pilot run's resume check (pilot show --json,
 * evidence.json). */
void dt_resume_ckpt_json(dt_jw *w, const dt_resume_run_result *r);

/* JSON object of one drill (dualtrack drill list --json and pilot show):
 * id, kind, run_before, run_after, checkpoint {id, location, checksum,
 * step}, resumed_step, fault_time, resumed_time, recovery_seconds (null
 * when unknown), recovery_limit_seconds (null without a limit on the
 * card), recovery ("within", "over", "no limit", "unknown": the
 * assessment's dt_recovery_check `rc`), recovery_ok (true within, false
 * over, null otherwise), note, created_by, created_at, checks {item:
 * {status, note, source, set_by}}. */
void dt_drill_json(dt_jw *w, const dt_drill *d, const dt_recovery_check *rc);

#endif
