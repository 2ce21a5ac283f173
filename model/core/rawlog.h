/* dt_rawlog.h: what an importer produces from one log file, before any
 * effective-step mapping or restart resolution.
 *
 * A raw log holds one raw series per metric, points in file order, with the
 * step exactly as the file logs it (optimizer step, micro-step or a derived
 * step; the importer says which through warnings/step_source). Segment
 * marks record explicit new launches found inside the file (a repeated CSV
 * header, a new banner); backwards steps are found later by dt_resolve. */
#ifndef DT_RAWLOG_H
#define DT_RAWLOG_H

#include <stddef.h>
#include <stdint.h>

/* Canonical metric names (ACCEPTANCE.md terms; issue 2's JSON contract). */
#define DT_METRIC_LOSS      "loss"
#define DT_METRIC_EVAL_LOSS "eval_loss"
#define DT_METRIC_LR        "lr"
#define DT_METRIC_GRAD_NORM "grad_norm"
#define DT_METRIC_EPOCH     "epoch"

typedef struct dt_rawseries {
	char *metric;      /* owned, canonical metric name */
	size_t n, cap;     /* points held / allocated */
	int64_t *step;     /* [n] step as logged */
	double *value;     /* [n] value; NaN/inf kept as logged */
	size_t nmarks, capmarks;
	uint32_t *marks;   /* [nmarks] point indexes that start a new segment */
	int sort_within_segment; /* 1: points inside a segment may be out of
	                          * order (concurrent writers); sort, don't split */
} dt_rawseries;

/* A fact about the run found in the log (run journal): e.g.
 * "neuron.cache_hits" = "12", "train.global_batch" = "640". */
typedef struct dt_rawfact {
	char *key;             /* owned, dotted lower-case name */
	char *value;           /* owned UTF-8 text */
} dt_rawfact;

typedef struct dt_rawlog {
	dt_rawseries *series;  /* [nseries], owned */
	size_t nseries, capseries;
	char **warnings;       /* [nwarnings] owned UTF-8 strings */
	size_t nwarnings, capwarnings;
	char **notes;          /* [nnotes] owned UTF-8 strings: informational
	                        * messages that flag no data problem */
	size_t nnotes, capnotes;
	dt_rawfact *facts;     /* [nfacts] owned; one entry per key */
	size_t nfacts, capfacts;
	char step_source[160]; /* how steps were obtained, e.g. "logged step" */
	int64_t grad_accum;    /* found in the log (banner), 0 = not found */
	int64_t global_batch;  /* found in the log, 0 = not found */
} dt_rawlog;

/* Initialise an empty raw log. Never fails. */
void dt_rawlog_init(dt_rawlog *log);

/* Free everything the raw log owns; the struct may be re-initialised. */
void dt_rawlog_free(dt_rawlog *log);

/* Return the series for `metric`, creating it empty if absent.
 * Returns NULL only when memory runs out (errno ENOMEM). The pointer stays
 * valid until the next dt_rawlog_series call that creates a series. */
dt_rawseries *dt_rawlog_series(dt_rawlog *log, const char *metric);

/* Find an existing series by metric name; NULL when absent. */
dt_rawseries *dt_rawlog_find(const dt_rawlog *log, const char *metric);

/* Append one point (step as logged, value). Returns 0, or -1 on ENOMEM.
 * Storage grows geometrically: amortised O(1), 16 bytes per point. */
int dt_rawseries_push(dt_rawseries *s, int64_t step, double value);

/* Make room for at least `n` points in total (an importer's estimate of
 * the rows to come) so the arrays are not copied as they grow; untouched
 * pages of a large reservation cost no resident memory. Returns 0 or -1
 * on ENOMEM (the series is unchanged). */
int dt_rawseries_reserve(dt_rawseries *s, size_t n);

/* Mark that the next point pushed to every series of the log starts a new
 * segment (a new launch inside the same file). Returns 0 or -1 on ENOMEM. */
int dt_rawlog_mark_segment(dt_rawlog *log);

/* Add a printf-formatted warning (sanitised later, at display time).
 * Returns 0 or -1 on ENOMEM. Identical consecutive texts are kept once. */
int dt_rawlog_warn(dt_rawlog *log, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Add a printf-formatted note: an informational message (which tag is
 * the loss, how steps are numbered) that flags no data problem and is not
 * counted as a warning. Anything that may hide a data problem is a
 * warning. Returns 0 or -1 on ENOMEM; identical consecutive texts are
 * kept once. */
int dt_rawlog_note(dt_rawlog *log, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Set a run fact (printf-formatted value); a key set twice keeps the
 * last value. Keys are dotted lower-case names, e.g. "neuron.cache_hits"
 * (list in README "Run journal facts"). Returns 0 or -1 on ENOMEM. */
int dt_rawlog_fact(dt_rawlog *log, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Value of a fact set on this log, or NULL. */
const char *dt_rawlog_fact_get(const dt_rawlog *log, const char *key);

/* Total number of points across all series. */
size_t dt_rawlog_points(const dt_rawlog *log);

/* Map a metric key found in a log (e.g. "train/loss", "learning_rate",
 * "lm loss", "train_loss_step") to its canonical name, written to `out`
 * (size outlen). Unknown keys are kept as given (lower-cased, spaces to
 * '_'). Returns the priority of the mapping: 2 for a per-step training key,
 * 1 for a per-epoch/aggregate key that a per-step key overrides, 0 for a
 * key kept as given. Source of the names: shared/domain/LOG-FORMATS.md. */
int dt_metric_canonical(const char *key, char *out, size_t outlen);

#endif
