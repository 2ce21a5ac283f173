/* dt_rawlog.h: what an importer produces from one log file, before any
 * effective-step mapping or restart resolution.
 *
 * A raw log holds one raw series per metric, points in file order, with the
 * step exactly as the file logs it (optimizer step, micro-step or a derived
 * step; the importer says which through warnings/step_source).
 *
 * Launches: a file holds one or more launches (processes). Launch 0 is
 * the file's start; every later launch is a boundary found inside the
 * file, with the evidence that shows it (dt_launch_evidence: a resume
 * marker line, a launch/attempt id change, a wall-time gap, an elapsed
 * time reset, a repeated banner or header). At a boundary every series
 * gets one mark (series created later are padded with marks at index 0),
 * so mark m of ANY series starts launch m + 1 of the file: the model maps
 * its segments back to the launch and its evidence. Backwards steps are
 * found later by dt_resolve. */
#ifndef DT_RAWLOG_H
#define DT_RAWLOG_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/metric_name.h"

/* Canonical metric names (ACCEPTANCE.md terms; issue 2's JSON contract). */
#define DT_METRIC_LOSS      "loss"
#define DT_METRIC_EVAL_LOSS "eval_loss"
#define DT_METRIC_LR        "lr"
#define DT_METRIC_GRAD_NORM "grad_norm"
#define DT_METRIC_EPOCH     "epoch"
/* Per-step batch fingerprints (importers/fingerprint.h): the value is a
 * 53-bit hash of the logged fingerprint, equal values = the same batch. */
#define DT_METRIC_BATCH_FINGERPRINT "batch_fingerprint"

typedef struct dt_rawseries {
	char *metric;      /* owned, canonical metric name */
	char *as_read;     /* owned: the name the importer gave when it held
	                    * characters a terminal hides (metric is that name
	                    * without them: dt_rawlog_series_at); NULL when
	                    * metric is the name as given */
	size_t n, cap;     /* points held / allocated */
	int64_t *step;     /* [n] step as logged */
	double *value;     /* [n] value; NaN/inf kept as logged */
	size_t nmarks, capmarks;
	uint32_t *marks;   /* [nmarks] point index where launch m + 1 starts
	                    * (non-decreasing; equal entries: launches that
	                    * logged nothing of this metric) */
	int sort_within_segment; /* 1: points inside a segment may be out of
	                          * order (concurrent writers); sort, don't split */
	int step_shared;   /* 1: `step` is one of the log's shared step arrays
	                    * (dt_rawlog_share_steps), not owned by the series;
	                    * growing the series first gives it its own copy */
} dt_rawseries;

/* A fact about the run found in the log (run journal): e.g.
 * "neuron.cache_hits" = "12", "train.global_batch" = "640". */
typedef struct dt_rawfact {
	char *key;             /* owned, dotted lower-case name */
	char *value;           /* owned UTF-8 text */
} dt_rawfact;

/* What shows that a new launch (process) started. Names (JSON "kind",
 * dt_launch_kind_name): new_file, marker, launch_id, wall_gap,
 * elapsed_reset, banner, header, step_back. */
typedef enum dt_launch_kind {
	DT_LAUNCH_NEW_FILE = 1,  /* a later file of the run */
	DT_LAUNCH_MARKER,        /* a resume marker line (which: `marker`) */
	DT_LAUNCH_ID,            /* a launch / attempt / restart id changes */
	DT_LAUNCH_WALL_GAP,      /* wall-time gap well beyond the usual interval */
	DT_LAUNCH_ELAPSED_RESET, /* elapsed training time drops back */
	DT_LAUNCH_BANNER,        /* a start-up banner repeats */
	DT_LAUNCH_HEADER,        /* a CSV header repeats */
	DT_LAUNCH_STEP_BACK      /* the logged step goes back (dt_resolve) */
} dt_launch_kind;

/* One piece of evidence of a launch boundary. */
typedef struct dt_launch_evidence {
	uint32_t launch;     /* launch of the file it belongs to (0 = start) */
	int kind;            /* dt_launch_kind */
	uint64_t line;       /* 1-based line (record for binary files), 0 =
	                      * no line (new file, step going back) */
	int64_t ckpt_step;   /* checkpoint step the line names, -1 = none */
	char marker[32];     /* marker id for DT_LAUNCH_MARKER, e.g.
	                      * "megatron_loaded" (README lists them), or a
	                      * short detail ("attempt_id"), "" */
} dt_launch_evidence;

/* A run setting as one launch of the file logged it: the global batch
 * (samples per optimizer step) or the total optimizer steps the launch
 * was started for (HF banner "Total optimization steps", Megatron
 * `train_iters` / `iteration N/M`, NeMo `max_steps`, JSON-lines
 * `total_steps`). A launch holds one entry per value it logged (a batch
 * ramp-up gives several, in order). Names: DT_SETTING_*. */
#define DT_SETTING_GLOBAL_BATCH "global_batch"
#define DT_SETTING_TOTAL_STEPS  "total_steps"

typedef struct dt_launch_setting {
	uint32_t launch;     /* launch of the file (0 = start) */
	char key[16];        /* DT_SETTING_* */
	int64_t value;       /* > 0 */
	uint64_t line;       /* 1-based line that logged it, 0 = none */
	size_t points_seen;  /* dt_rawlog_points when logged (import only) */
} dt_launch_setting;

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
	int64_t step_added;    /* added to every logged step by the producer's
	                        * step-base rule (1: a 0-based producer) */
	char step_base_rule[120]; /* that rule in words, "" = producer's step
	                        * base unknown (steps kept as logged) */
	char updates_by[48];   /* the known producer whose step counts
	                        * optimizer updates ("HF Trainer",
	                        * "Megatron-LM", ...): a logged step is
	                        * already an effective step, so --grad-accum
	                        * does not apply; "" = not known (a micro-
	                        * batch counter is possible) */
	int64_t global_batch;  /* found in the log, 0 = not found */
	dt_launch_evidence *launch_ev; /* [nlaunch_ev] owned, launch order */
	size_t nlaunch_ev, caplaunch_ev;
	dt_launch_setting *launch_set; /* [nlaunch_set] owned, log order */
	size_t nlaunch_set, caplaunch_set;
	uint32_t nlaunches;    /* boundaries found: launches = nlaunches + 1 */
	size_t points_at_launch; /* dt_rawlog_points when the current launch
	                          * began (evidence before any point joins it) */
	int64_t **shared_steps; /* [nshared] owned: step arrays that several
	                         * series point to (dt_rawlog_share_steps) */
	size_t nshared;
	char *refused;         /* owned: why dt_rawlog_series_at refused a
	                        * name (two names that are one once invisible
	                        * characters are removed), NULL = none */
} dt_rawlog;

/* Initialise an empty raw log. Never fails. */
void dt_rawlog_init(dt_rawlog *log);

/* Free everything the raw log owns; the struct may be re-initialised. */
void dt_rawlog_free(dt_rawlog *log);

/* Where an importer read a metric name, for dt_rawlog_series_at's
 * messages: "PATH:N: " (a line), "PATH: UNIT N: " (a record the importer
 * counts, e.g. "log_history entry"), "PATH: " (n = 0), "" (no path). */
typedef struct dt_name_at {
	const char *path;  /* the file as given, NULL = none */
	const char *unit;  /* NULL: n is a 1-based line; else what n counts */
	uint64_t n;        /* 1-based, 0 = not known */
} dt_name_at;

/* Return the series for the metric name `metric` as the importer gives
 * it (after dt_metric_canonical), creating it empty if absent. Every
 * importer's series are made here, so this is where a name read from a
 * log becomes a key a person types (--metric loss): a name holding code
 * points a terminal hides (model/util/text.h dt_text_is_hidden: bidi
 * controls, zero-width characters, controls) is stored without them,
 * through dt_metric_canonical again ('train/lo\u200bss' is 'loss'), with
 * one warning "AT metric 'lo\u202ess': invisible characters (bidi,
 * zero-width or control) removed from the name: 'loss'"
 * (dt_rawlog_warn_hidden); a name of such code points only is kept as
 * read, escaped ('\u200b'), never empty; later calls with the same name find the
 * series without cleaning it again (the check runs once per new name,
 * never per point). Two different names that are one once cleaned are
 * refused, never merged: NULL with errno EEXIST and log->refused set to
 * "AT names 'loss' and 'lo\u200bss' both name metric 'loss' once
 * invisible characters are removed: rename one of them" (the importer
 * fails; dt_rawlog_refusal gives that text for its error). A NUL the
 * importer read inside a name (JSON "\u0000", a 0 byte in a tag or a
 * CSV header) reaches here as DT_TEXT_NUL (model/util/text.h), a hidden
 * code point like the others, so it is removed with the same warning,
 * never a place where the name ends. A name of DT_METRIC_MAX bytes or
 * more (metric_name.h) is refused, never cut: NULL with errno EINVAL and
 * log->refused "AT metric name 'train/xx...' is longer than the limit
 * of 127 bytes: rename it". Otherwise
 * NULL only when memory runs out (errno ENOMEM). The pointer stays valid
 * until the next call that creates a series. */
dt_rawseries *dt_rawlog_series_at(dt_rawlog *log, const char *metric,
                                  dt_name_at at);

/* dt_rawlog_series_at without a place (messages name no file). */
dt_rawseries *dt_rawlog_series(dt_rawlog *log, const char *metric);

/* Add the warning for a metric name that lost invisible characters
 * (when name equals as_read, a name of hidden code points only kept as
 * read, escaped, the warning says that instead):
 * "WHERE 'AS_READ': invisible characters (bidi, zero-width or control)
 * removed from the name: 'NAME'", where AS_READ is the name as read,
 * already escaped (dt_text_escape_hidden), NAME the cleaned one
 * (sanitised here). WHERE says where, e.g. "f.csv:1: column 2". One text
 * for every importer. Returns 0 or -1 on ENOMEM. */
int dt_rawlog_warn_hidden(dt_rawlog *log, const char *where,
                          const char *as_read, const char *name);

/* Write to out (size n) the refusal of two names that are one once
 * invisible characters are removed: "BOTH both name metric 'NAME' once
 * invisible characters are removed: rename one of them", BOTH naming
 * them as read, escaped (e.g. "columns 2 'loss' and 3 'lo\u200bss'"),
 * NAME the cleaned name (sanitised here). */
void dt_hidden_clash_text(char *out, size_t n, const char *both,
                          const char *name);

/* Clean a name an importer matches before it makes a series from it (a
 * CSV header's column, a TensorBoard tag), so that what it matches is the
 * name stored and shown: the code points a terminal hides are removed
 * from *name in place (dt_text_drop_hidden, the rule dt_rawlog_series_at
 * applies to every other name), and when any went, the warning of
 * dt_rawlog_warn_hidden is added at `where` (e.g. "f.csv:1: column 2").
 * A name of hidden code points only would be empty: *name (a malloc'd
 * string, owned by the caller) is then replaced by the name as read,
 * escaped ('\u200b'), a name a person sees and types. as_read (size n)
 * always gets the name as read, escaped (dt_text_escape_hidden), for a
 * refusal naming it. canonical 1: the warning names the metric the
 * cleaned name is stored as (dt_metric_canonical: 'My\u200bMetric' is
 * 'mymetric', what --metric shows; a CSV column); 0: the name as cleaned
 * (a TensorBoard tag, matched as shown). Returns 1 (cleaned), 0
 * (nothing hidden: *name untouched), -1 on ENOMEM (*name still the
 * caller's, cleaned or not). */
int dt_rawlog_clean_name(dt_rawlog *log, const char *where, char **name,
                         char *as_read, size_t n, int canonical);

/* Refuse two names that are one once invisible characters are removed
 * (never merged): log->refused = "WHERE BOTH both name metric 'NAME' ..."
 * (dt_hidden_clash_text; WHERE may be ""), the text the import reports
 * instead of "out of memory" (dt_rawlog_refusal). Returns -1 with errno
 * EEXIST (ENOMEM when the text could not be kept). */
int dt_rawlog_refuse_clash(dt_rawlog *log, const char *where,
                           const char *both, const char *name);

/* When dt_rawlog_series_at refused a name (log->refused), copy its
 * text to err (size errlen) and return 1, else 0: an importer that
 * failed on it reports that, not "out of memory". */
int dt_rawlog_refusal(const dt_rawlog *log, char *err, size_t errlen);

/* Find an existing series by metric name; NULL when absent. */
dt_rawseries *dt_rawlog_find(const dt_rawlog *log, const char *metric);

/* Append one point (step as logged, value). Returns 0, or -1 on ENOMEM.
 * Storage grows geometrically: amortised O(1), 16 bytes per point; a
 * series reaching 64Ki points jumps to room for 1Mi (arrays large
 * enough for transparent huge pages; untouched pages cost nothing). */
int dt_rawseries_push(dt_rawseries *s, int64_t step, double value);

/* Make room for at least `n` points in total (an importer's estimate of
 * the rows to come) so the arrays are not copied as they grow; untouched
 * pages of a large reservation cost no resident memory. Arrays of 4 MiB
 * and more are new 2 MiB-aligned blocks the points are copied into
 * (model/util/grow.h dt_grow_alloc_huge: one page fault per 2 MiB).
 * Returns 0 or -1 on ENOMEM (the series is unchanged). */
int dt_rawseries_reserve(dt_rawseries *s, size_t n);

/* Append a point whose step is not written: the caller keeps the
 * series' steps equal to another series' and shares them once the points
 * are in (dt_rawlog_share_steps), or writes them itself. Grows as
 * dt_rawseries_push, without copying the unwritten steps. Returns 0, or
 * -1 on ENOMEM. */
int dt_rawseries_push_value(dt_rawseries *s, double value);

/* dt_rawseries_reserve for a series whose steps are not written yet
 * (dt_rawseries_push_value): the step array gets room for `n` points but
 * its content is not kept. Returns 0 or -1 on ENOMEM. */
int dt_rawseries_reserve_values(dt_rawseries *s, size_t n);

/* Let the series s[1..n) use the step array of s[0] instead of their
 * own: they hold as many points as s[0] and the same steps (their own
 * step arrays, written or not, are freed unread). The array becomes the
 * log's (dt_rawlog.shared_steps); every series of the group is marked
 * step_shared, and one that grows later first takes a copy. Saves the
 * steps of every series but one of a dense table (CSV rows that fill
 * every column: 8 bytes per point and their fresh pages). All of s must
 * be series of `log` with own (not shared) step arrays. Returns 0, or -1
 * on ENOMEM (nothing changed). */
int dt_rawlog_share_steps(dt_rawlog *log, dt_rawseries *const *s, size_t n);

/* The first series of log (index <= i) holding the same steps as series
 * i: the same step array and as many points (dt_rawlog_share_steps), so
 * a scan of its steps answers for series i too; i itself when none.
 * O(i): compares pointers only. */
size_t dt_rawlog_step_twin(const dt_rawlog *log, size_t i);

/* Lowest and highest step of s (as logged) in *lo, *hi: 1, or 0 when s
 * holds no point (*lo, *hi untouched). One pass over its steps. */
int dt_rawseries_step_range(const dt_rawseries *s, int64_t *lo, int64_t *hi);

/* Add `delta` to every step of every series of the log, each shared step
 * array once (a step-base rule applied after the parse). */
void dt_rawlog_shift_steps(dt_rawlog *log, int64_t delta);

/* Mark that the next point pushed to every series of the log starts a new
 * launch inside the same file, without evidence (prefer dt_rawlog_launch).
 * Returns 0 or -1 on ENOMEM. */
int dt_rawlog_mark_segment(dt_rawlog *log);

/* Record evidence of a launch boundary found at `line` (1-based; 0 =
 * none): kind (dt_launch_kind), the checkpoint step the line names
 * (-1 = not stated) and a marker id (NULL = ""). When a point was pushed
 * to any series since the current launch began, a new launch starts
 * (every series is marked); otherwise the evidence joins the current
 * launch (a banner then a "resuming" line; evidence before the first
 * point belongs to launch 0). Returns 0 or -1 on ENOMEM. */
int dt_rawlog_launch(dt_rawlog *log, int kind, uint64_t line,
                     int64_t ckpt_step, const char *marker);

/* Record that the current launch logged run setting `key` (DT_SETTING_*)
 * = value (> 0; other values are ignored) at `line`. A value equal to the
 * launch's last one for that key is not recorded again. A setting logged
 * after the launch's last point (a NeMo config dump, a banner printed
 * before the resume marker that starts the next launch) moves to the next
 * launch when one starts with no point logged in between; so an importer
 * records a line's settings BEFORE pushing that line's points. Returns 0
 * or -1 on ENOMEM. */
int dt_rawlog_setting(dt_rawlog *log, const char *key, int64_t value,
                      uint64_t line);

/* Name of a dt_launch_kind ("marker", "wall_gap", ...; "" when unknown). */
const char *dt_launch_kind_name(int kind);

/* Checkpoint step stated by the evidence ev[0..n) (the largest, as
 * several lines of one launch name the same checkpoint), -1 when none. */
int64_t dt_launch_ckpt(const dt_launch_evidence *ev, size_t n);

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
 * '_'); the name written is cut at DT_METRIC_MAX bytes (outlen of at
 * least DT_METRIC_BUF keeps a name over the limit over it, for
 * dt_rawlog_series_at to refuse). Returns the priority of the mapping: 2 for a per-step training key,
 * 1 for a per-epoch/aggregate key that a per-step key overrides, 0 for a
 * key kept as given. Source of the names: shared/domain/LOG-FORMATS.md. */
int dt_metric_canonical(const char *key, char *out, size_t outlen);

#endif
