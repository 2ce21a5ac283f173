/* dt_journal.h: the run journal (ACCEPTANCE.md "Run journal"): per run,
 * the facts an acceptance meeting asks for. Values are run facts
 * (dt_store_fact_set / dt_store_fact_list in dt_store.h): importers record
 * them with source "import", people with source "user" (dt_journal_set);
 * the latest value of a key wins and earlier ones stay as history.
 *
 * Known keys (README "Run journal"); any other dotted lower-case key is
 * accepted too, unless it is one edit from a known key or from a key the
 * run holds (dt_journal_near_key: a mistyped field name, refused):
 *   image.id                 container image id (digest)
 *   neuron.sdk_version       Neuron SDK version
 *   train.stack              training stack: NxD Training, optimum-neuron,
 *                            TorchNeuron native; for GPU e.g. HF Trainer
 *   gpu.cuda_version         CUDA version (GPU runs)
 *   gpu.driver_version       GPU driver version
 *   neuron.compiler_flags    neuronx-cc flags
 *   neuron.compile_seconds   first compilation time (s)
 *   compile.init_seconds     compilation / graph initialisation time (s)
 *   neuron.cache_hits        compile-cache hits
 *   neuron.cache_misses      compile-cache misses
 *   neuron.cached_artifacts  cached compile artifacts (list or count)
 *   data.prep_seconds        data preparation time (s)
 *   data.load_seconds        dataset loading time (s)
 *   queue.wait_seconds       queue / quota wait (s)
 *   restart.reasons          reason of each restart
 *   checkpoint.checksums     checkpoint checksums
 *   checkpoint.locations     checkpoint locations
 *   resume.verification      result of the automatic resume verification
 * Keys holding a duration (ending in "_seconds") must be a finite number
 * >= 0 (seconds); the cache hit / miss counts a whole number >= 0
 * (dt_journal_value_check; dt_journal_set rejects anything else).
 * Trial check 5 passes for a run holding a compile time (neuron.
 * compile_seconds or compile.init_seconds) and a data-preparation time
 * (data.prep_seconds or data.load_seconds). */
#ifndef DT_JOURNAL_H
#define DT_JOURNAL_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/run.h"

typedef struct dt_journal_key {
	const char *key;
	const char *label;   /* form label, with unit */
} dt_journal_key;

/* The known keys above in display order, [dt_journal_nkeys]. */
extern const dt_journal_key dt_journal_keys[];
extern const size_t dt_journal_nkeys;

/* Label of a known key, or NULL. */
const char *dt_journal_label(const char *key);

/* The task card field (model/core/taskcard.h key, "grad-accum"...) that a
 * run fact reports, when the task card fixes it: gradient accumulation
 * (hf.gradient_accumulation_steps, mlperf.gradient_accumulation_steps),
 * global batch (mlperf.global_batch_size), micro-batch
 * (hf.per_device_train_batch_size), target steps (hf.max_steps,
 * mlperf.opt_learning_rate_training_steps), dataset size
 * (mlperf.train_samples); else NULL. */
const char *dt_journal_taskcard_field(const char *key);

/* 1 when `key` is a journal key: 1..63 bytes of [a-z0-9_.-], starting
 * with a letter. */
int dt_journal_key_valid(const char *key);

/* dt_journal_key_valid with the one message for a key refused (the CLI's
 * journal set, the TUI's new-key prompt): "journal key 'K' must be 1..63
 * characters of a-z 0-9 _ . - starting with a letter". Returns 0, or -1
 * with the message in err (size errlen). */
int dt_journal_key_check(const char *key, char *err, size_t errlen);

/* The key `key` was most likely meant to be: the first known key
 * (dt_journal_keys), else the first of have[0..n) (the run's own keys;
 * NULL entries skipped), that is one edit from it (dt_edit_distance,
 * model/util/nearest.h: one letter added, dropped, changed or two
 * neighbours swapped). NULL when key is itself one of them or none is
 * that near: 'neuron.sdk_verison' gives "neuron.sdk_version",
 * 'gpu.cudnn_version' (two edits from gpu.cuda_version) NULL. */
const char *dt_journal_near_key(const char *key, const char *const *have,
                                size_t n);

/* Check `value` for `key`: one line without control or format
 * characters, at most 511 bytes (util/text.h dt_text_check); durations
 * ("*_seconds") a finite number in [0, 1e12] written without blanks or
 * sign, counts (neuron.cache_hits, neuron.cache_misses) digits only, at
 * most 2^53; other keys take any such text. err may be NULL. Returns 0, or -1 with a
 * message naming the key and value in err[errlen]. */
int dt_journal_value_check(const char *key, const char *value, char *err,
                           size_t errlen);

/* 1 when facts[0..n) hold a compile time / data-preparation time (the
 * keys named in the file comment) that passes dt_journal_value_check. */
int dt_journal_has_compile_time(const dt_fact *facts, size_t n);
int dt_journal_has_data_prep_time(const dt_fact *facts, size_t n);

#endif
