/* import.h: importing log files into a run, one transaction per import. */
#ifndef DT_IMPORT_H
#define DT_IMPORT_H

#include <stddef.h>
#include <stdio.h>

#include "importers/import_grown.h"
#include "importers/importer.h"
#include "model/store/store.h"

typedef struct dt_import_request {
	const char *run_name;     /* NULL: first file's name without extension */
	const char *platform;     /* gpu | trn2 | trn1 | other */
	const char *format;       /* "auto" (or NULL) or an importer name */
	dt_import_opts opts;      /* --grad-accum, --global-batch, --logging-steps */
	const char *const *files; /* [nfiles] paths, imported in this order */
	size_t nfiles;
	int dry_run;              /* 1: parse and report, write nothing */
	int json;                 /* with dry_run: the report is one JSON
	                           * object (dualtrack(1) "import"; files as
	                           * importers/import_report.h) */
	/* files may name folders: see importers/import_dir.h */
} dt_import_request;

/* Import every file of the request into one run (created when absent;
 * an existing run must have the same platform). Each file after the first
 * of a run starts a new segment, unless it is the run's stored log grown
 * (import_grown.h: only its new points are stored). All files are parsed first; then one
 * transaction stores them all and refreshes the run's summary, so a failed
 * import leaves the store exactly as before. A file whose SHA-256 the run
 * already holds is refused (the same file may go into another run). A
 * file that parses into run facts but no points (a W&B summary, a
 * compile-only Neuron log) is stored as facts with the importer's warning;
 * a file with neither is refused with the importer's reason. The log's
 * warnings and notes (informational, dt_rawlog_note) are stored apart. A
 * line per file (format, metrics, points, warnings, notes) is written
 * to `report` when not NULL (rq->json: the whole report as one JSON
 * object, written only when the dry run succeeds). A dry run writes
 * nothing; `st` may then be NULL (no store) or a store opened to read
 * (DT_STORE_READ): each file is then compared with the run's stored log
 * (dt_import_grown_check) and with the files before it in the request
 * (dt_import_grown_of), so the report says "same log grown" for the
 * file the import would store that way. Returns 0, or -1 with the
 * message in err
 * (e.g. "a.csv:17: expected a number in column 'loss', found 'x'"). */
int dt_import(dt_store *st, const dt_import_request *rq, FILE *report,
              char *err, size_t errlen);

/* dt_import in two halves, for a caller that opens the store while the
 * files are parsed (cli/cmd_import.c creates a new store meanwhile:
 * creating one costs ~45 ms of mostly fsync waits, bench/peers.sh).
 * dt_import_begin checks the request, expands folders and parses every
 * file (the report lines are held until the store took the files; a
 * dry run's report is complete here); it never touches a store, so it
 * cannot continue a stopped follow of the file (dt_import does): use it
 * only for a store that holds no run yet. Returns the parsed files, or
 * NULL with the message in err. dt_import_finish stores them all in one
 * transaction into `st` (unused for a dry run), writes the held report
 * on success, frees the job and returns 0, or -1 with the message in
 * err and the store unchanged. dt_import_abandon frees a job that will
 * not be stored (NULL is ignored). */
typedef struct dt_import_job dt_import_job;
dt_import_job *dt_import_begin(const dt_import_request *rq, FILE *report,
                               char *err, size_t errlen);
int dt_import_finish(dt_import_job *job, dt_store *st, char *err,
                     size_t errlen);
void dt_import_abandon(dt_import_job *job);

/* Store one already-parsed log (from `path`, `bytes` long, SHA-256 hex
 * `sha256`, parsed by `imp`) as a new file of rq's run in one
 * transaction, as dt_import would: when it is the run's stored log grown
 * (import_grown.h) only its new points are stored, after those of the
 * stored file, and the grown line goes to report (may be NULL). The log
 * is only read (the caller keeps and frees it). rq->run_name must be
 * set. On success *run is the run as stored, *file_id the new file's id
 * and *g what it grew (import_grown.h: g->file_id the stored file whose
 * series hold the log's points, g->held the points that were held; all
 * 0 when stored as a new file), *loss the run's loss stats as resolved
 * (for dt_import_report_resolved; the line is not said here). Returns 0
 * or -1 with err. Used by dt_import_follow for the first read of a
 * growing log. */
int dt_import_parsed(dt_store *st, const dt_import_request *rq,
                     const char *path, const char sha256[65], size_t bytes,
                     const dt_importer *imp, dt_rawlog *log, dt_run *run,
                     int64_t *file_id, dt_grown *g, dt_metric_stats *loss,
                     FILE *report, char *err, size_t errlen);

/* "loss of run 'x': 12 points read, 4 steps kept: 6 averaged into the
 * steps they share (...), 2 superseded by a later segment (replayed
 * steps)": how resolution came from the loss rows of the run's logs to
 * its steps (loss: dt_metric_stats read / averaged / superseded), said
 * on out (NULL: nothing) when it merged or dropped any; a part that is 0
 * is left out; the name sanitised. The import says it once its files are
 * stored, a dry run for a new run, a follow when it stops. */
void dt_import_report_resolved(FILE *out, const char *run_name,
                               const dt_metric_stats *loss);

/* The path a log given as `given` (as typed: relative to the current
 * folder, or absolute) is stored under: its absolute path without
 * symbolic links (realpath), so that export, a later follow and every
 * screen find and name it from any folder. `given` itself when it cannot
 * be resolved or does not fit (standard input, "(stdin)"). Messages to
 * the user keep naming the file as typed. Writes to out (size n). */
void dt_import_stored_path(const char *given, char *out, size_t n);

/* 1 when `stored` (a run_file path) names the log given as `given`: its
 * absolute path (dt_import_stored_path), or, in a store of an older
 * dualtrack that kept paths as typed, `given` itself; else 0. */
int dt_import_stored_path_is(const char *stored, const char *given);

/* The run a request imports into: rq->run_name, else the first file's
 * name without its extension; for a folder its name (a generic folder
 * name such as lightning_logs, files or runs gives the parent's).
 * Writes to out (size n). */
void dt_import_run_name(const dt_import_request *rq, char *out, size_t n);

/* The one check of every imported point's step (dt_import, a dry run,
 * dt_import_follow): a training step is >= 0. Points of series i before
 * seen[i] are not looked at (seen NULL: none; a follow checks only what
 * an update added). Returns 0, or -1 with err naming the file and, found
 * by parsing src again in steps, the line ("run.csv:3: step -5 is
 * negative; expected a step >= 0") or a TensorBoard record's byte offset,
 * else the metric and point. */
int dt_import_steps_check(const dt_importer *imp, const dt_source *src,
                          const dt_import_opts *opts, const dt_rawlog *log,
                          const size_t *seen, size_t nseen, char *err,
                          size_t errlen);

/* The step bases an import may be given (--step-base B; the TUI import
 * form's step base), in order: entry i sets dt_import_opts.step_base to
 * i + 1 (importer.h); `meaning` says what it does to the file's steps.
 * Ends with { NULL, NULL }. */
typedef struct dt_step_base_def {
	const char *value;    /* "0", as --step-base takes it */
	const char *meaning;  /* "counts from 0: stored + 1" */
} dt_step_base_def;
extern const dt_step_base_def dt_step_bases[];

/* Parse a step base as --step-base takes it (a dt_step_bases value) into
 * *step_base (dt_import_opts.step_base). Returns 0, or -1 with "expects
 * 0 or 1, got 'TEXT'" in err (TEXT as given: the caller sanitises before
 * printing) and *step_base unchanged. */
int dt_step_base_parse(const char *text, int *step_base, char *err,
                       size_t errlen);

/* Parse a whole count of an import option as typed: --grad-accum G
 * (micro-batches per optimizer step), --global-batch B (samples per
 * optimizer step), --logging-steps N (optimizer steps between records),
 * each an integer >= 1 in digits only (dt_parse_int_strict: " 4", "+4"
 * refused; dt_import_opts). `what` names the option as the
 * front-end shows it ("--grad-accum", the TUI's "grad accum"); the one
 * message for a count refused, the CLI's and the TUI import form's:
 * "WHAT expects an integer >= 1, got 'TEXT'" (TEXT sanitised). Sets *n;
 * returns 0, or -1 with the message in err (size errlen) and *n
 * unchanged. */
int dt_import_count_parse(const char *what, const char *text, int64_t *n,
                          char *err, size_t errlen);

/* Whether `platform` is one of gpu, trn2, trn1, other. */
int dt_platform_valid(const char *platform);

#endif
