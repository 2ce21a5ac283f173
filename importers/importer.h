/* importer.h: the interface every log-format importer implements.
 *
 * An importer turns the bytes of one file into a dt_rawlog. It never
 * touches the store: importers/import.c does detection, hashing and the
 * single transaction per import. Errors name the file, the line (1-based)
 * or byte offset, and what was expected, e.g.
 *   "run.csv:17: expected a number in column 'loss', found 'abc'". */
#ifndef DT_IMPORTER_H
#define DT_IMPORTER_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/rawlog.h"

/* The file being imported: its content as one read-only buffer (a
 * mapped regular file, or the bytes read from a pipe or decompressed;
 * importers/source.h). */
typedef struct dt_source {
	const char *path;   /* as given by the user, for messages */
	const char *name;   /* basename of path (without .gz / .zst) */
	const char *data;   /* [len] bytes; not NUL-terminated */
	size_t len;
	struct dt_source_priv *priv; /* opened by dt_source_open: mapping,
	                     * progress, change detection; NULL in memory */
} dt_source;

/* Tell the source that bytes [0, done) have been parsed and will not be
 * read again: a mapped file's pages are given back in 8 MiB steps
 * (madvise MADV_DONTNEED), so a large log is never resident as a whole
 * (peak memory per imported point stays small), and the progress line
 * (dt_source_progress) is brought up to date. No-op for in-memory
 * sources. Cheap enough to call once per line. */
void dt_source_release(const dt_source *src, size_t done);

/* User-supplied settings that importers may need. */
typedef struct dt_import_opts {
	int64_t logging_steps;  /* --logging-steps, 0 = not given */
	int64_t grad_accum;     /* --grad-accum, 0 = not given */
	int64_t global_batch;   /* --global-batch, 0 = not given */
	const char *loss_tag;   /* --loss-tag (TensorBoard), NULL = the rule */
	int step_base;          /* --step-base B given as B + 1: 0 = not given
	                         * (the producer's rule), 1 = the file's steps
	                         * count from 0 (stored + 1), 2 = from 1 (stored
	                         * as logged) */
} dt_import_opts;

typedef struct dt_importer {
	const char *name;         /* --format value and runs.format, e.g. "csv" */
	const char *description;  /* one line for --help */
	/* Confidence 0..100 that the file is in this format, from its name and
	 * its first `len` bytes (at most 64 KiB). 0 = certainly not. */
	int (*detect)(const char *name, const char *head, size_t len);
	/* Parse the whole source into `out` (already initialised). Returns 0;
	 * on error -1 with a message in err (size errlen) naming
	 * src->path and the line or byte offset. Non-finite values are kept;
	 * a file that parses but holds no training curve returns 0 with no
	 * series and a warning saying why. */
	int (*parse)(const dt_source *src, const dt_import_opts *opts,
	             dt_rawlog *out, char *err, size_t errlen);
	/* Parsing in steps, for a log that is still being written (--follow
	 * feeds only what was appended since the last update, so its CPU time
	 * follows the bytes appended, not the file size). Optional: NULL when
	 * the importer has none (trainer_state.json is rewritten whole, W&B
	 * summaries are one object); the follower then parses the whole file
	 * at every update. An importer that has them implements `parse` as
	 * dt_parse_in_steps (one code path for both).
	 *   step_begin: a parse state that appends to `out` (the caller keeps
	 *     `out` alive and untouched while the state lives); NULL on ENOMEM.
	 *   step_feed: parse src->data[from, src->len): `from` is 0 or where
	 *     the previous feed ended and src->len a unit end (after a '\n'),
	 *     except in a whole parse; src->data[0, from) holds the bytes fed
	 *     before (src is opened anew for each feed). Returns 0 or -1 with
	 *     err naming the file and line.
	 *   step_end: what the importer adds once the file is read (warnings
	 *     from counts, facts from the whole file), written to `to`: the
	 *     log itself for a whole parse, else a scratch log (the state can
	 *     then be fed again). Returns 0; 1 when the fed points must change
	 *     as a whole (a neuron_parallel_compile trial run renames every
	 *     series; only with a scratch `to`: the caller parses the whole
	 *     file instead); -1 with err.
	 *   step_free: release the state (NULL accepted), not `out`. */
	void *(*step_begin)(const dt_import_opts *opts, dt_rawlog *out);
	int (*step_feed)(void *ps, const dt_source *src, size_t from, char *err,
	                 size_t errlen);
	int (*step_end)(void *ps, const dt_source *src, dt_rawlog *to,
	                char *err, size_t errlen);
	void (*step_free)(void *ps);
	int binary;   /* 1: NUL bytes are data, none is left out of a file
	               * (dt_source_keep_nul_tail) */
	size_t splits_from; /* a source of this many bytes or more may be
	                     * parsed on two threads (CSV: csv_split.h); 0:
	                     * one thread always. Its SHA-256 then waits for
	                     * the parse; any other parse has the second core
	                     * to itself, and the digest runs beside it
	                     * (import.c parse_one, import_digest.h) */
} dt_importer;

/* The whole source in one step of an importer that parses in steps
 * (step_begin, step_feed from 0, step_end into `out`, step_free): its
 * `parse`. Returns 0 or -1 with err, as `parse`. */
int dt_parse_in_steps(const dt_importer *imp, const dt_source *src,
                      const dt_import_opts *opts, dt_rawlog *out, char *err,
                      size_t errlen);

/* The importers, in detection-tie order. NULL-terminated. */
extern const dt_importer *const dt_importers[];

/* Importer by --format name; NULL when unknown. */
const dt_importer *dt_importer_by_name(const char *name);

/* Best importer for a file (highest detect score > 0); NULL when none
 * recognises it. `score` may be NULL. */
const dt_importer *dt_importer_detect(const char *name, const char *head,
                                      size_t len, int *score);

/* Importers implemented in importers/imp_*.c. */
extern const dt_importer dt_imp_hf_state;   /* HF trainer_state.json */
extern const dt_importer dt_imp_hf_stdout;  /* HF Trainer stdout dict lines */
extern const dt_importer dt_imp_csv;        /* CSV (Lightning, TB export, W&B) */
extern const dt_importer dt_imp_jsonl;      /* JSON lines (LLaMA-Factory...) */
extern const dt_importer dt_imp_textlog;    /* NxD / Neuron / Megatron lines */
extern const dt_importer dt_imp_tfevents;   /* TensorBoard event files */
extern const dt_importer dt_imp_mlperf;     /* MLPerf :::MLLOG lines */
extern const dt_importer dt_imp_wandb;      /* W&B wandb-summary.json */

/* Whether a file name ends in "wandb-summary.json" (W&B's final-values
 * file, which holds no curve; imp_wandb.c). */
int dt_wandb_summary_name(const char *name);

#endif
