/* resume_marker.h: resume marker lines printed by training frameworks
 * when a new launch loads a checkpoint (shared/domain/LOG-FORMATS.md,
 * "Resume markers inside logs"; strings read from the frameworks' own
 * source). Used by the text importers (textlog, hf-stdout). */
#ifndef DT_RESUME_MARKER_H
#define DT_RESUME_MARKER_H

#include <stdint.h>

/* Whether the NUL-terminated line is a resume marker. Returns a short
 * marker id (static string, listed in README "Launches and resume
 * markers") and sets *ckpt to the checkpoint step the line names (-1 when
 * it names none), or NULL when the line is not a marker. Recognised:
 *   megatron_loading   `loading checkpoint from PATH at iteration N`
 *   megatron_loaded    `successfully loaded checkpoint from PATH ... at
 *                      iteration N` (Megatron-LM, Megatron-DeepSpeed,
 *                      NeMo 1 Megatron models)
 *   hf_continuing      `Continuing training from checkpoint, will skip to
 *                      saved global_step` (HF Trainer, optimum-neuron)
 *   hf_global_step     `Continuing training from global step N`
 *   lightning_restoring `Restoring states from the checkpoint path at
 *                      PATH` (PyTorch Lightning, NeMo 2, NxD Training;
 *                      N from `step=N` in the file name)
 *   lightning_restored `Restored all states from the checkpoint ...`
 *   resuming           any other `resuming from checkpoint` / `resuming
 *                      training from` line (N from `step N`, `iteration
 *                      N`, `checkpoint-N`, `step_N` or `step=N`)
 *   hyperpod_auto_resume `[Auto Resume] ... Retrying step` (SageMaker
 *                      HyperPod) */
const char *dt_resume_marker(const char *line, int64_t *ckpt);

/* A checkpoint step named in a text (a path or phrase): the number after
 * `at iteration`, `global step`, `step=`, `checkpoint-`, `step_`,
 * `iteration` or `step`, first of these found; -1 when none. */
int64_t dt_resume_step_in(const char *text);

#endif
