/* run.h: the records of one training run as the model sees them (a run,
 * the files imported into it, the cached statistics of its metrics and
 * its journal facts). Plain structs, no store: the store fills them
 * (model/store/store.h), core and service compute on them.
 *
 * Strings are NUL-terminated copies, not sanitised (sanitise at display
 * time, model/util/text.h). */
#ifndef DT_CORE_RUN_H
#define DT_CORE_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/metric_name.h"

/* Size of a run or pilot name buffer: names are 1..DT_NAME_MAX-1 bytes. */
#define DT_NAME_MAX 128

typedef struct dt_run {
	int64_t id;
	char name[DT_NAME_MAX];
	char platform[16];        /* gpu | trn2 | trn1 | other */
	char format[64];          /* importer name(s), '+'-joined when mixed */
	int64_t grad_accum;       /* G >= 1 (1: the log counts optimizer steps) */
	int grad_accum_given;     /* 1: grad_accum is a G given at import
	                           * (--grad-accum, the TUI import form's
	                           * grad accum), even 1; 0: none was given
	                           * (1 is then the store's default) */
	int64_t global_batch;     /* samples per optimizer step, 0 = unknown */
	int64_t logging_steps;    /* optimizer steps between logs, 0 = unknown */
	int64_t files;            /* files imported into the run */
	int64_t segments;         /* 1 + restarts (max over metrics) */
	int64_t replayed_steps;   /* replayed steps of the loss metric */
	char step_source[160];    /* how steps were obtained (latest file) */
} dt_run;

typedef struct dt_metric_stats {
	char metric[DT_METRIC_MAX];
	int64_t points;       /* distinct effective steps holding a value */
	int64_t non_finite;   /* of which NaN / inf */
	int64_t first_step, last_step;
	int64_t segments;
	int64_t replayed;
	/* How resolution (dt_resolve) came from the points read to `points`:
	 * read = points + averaged + superseded. Not stored: set by
	 * dt_metric_stats_of (the import's report), not by a store read. */
	int64_t read;         /* raw points of the logs */
	int64_t averaged;     /* merged into a step they share (one row per
	                       * micro-batch, writers of one log) */
	int64_t superseded;   /* replaced by a later segment's (replayed
	                       * steps) or dropped behind its first step */
} dt_metric_stats;

/* A file already held by a run. */
typedef struct dt_run_file {
	int64_t id;
	char path[1024];
	char sha256[65];      /* lowercase hex */
	int64_t bytes;
	char format[32];
	char imported_at[32]; /* ISO 8601 UTC */
} dt_run_file;

/* A fact of a run's journal (current value of one key). */
typedef struct dt_fact {
	char key[64];
	char value[512];
	char source[8];       /* "import" or "user" */
	char set_by[64];      /* person, for source "user" */
	char set_at[32];      /* ISO 8601 UTC */
	int64_t file_id;      /* file it came from, 0 = none */
} dt_fact;

#endif
