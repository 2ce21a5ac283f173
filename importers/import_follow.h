/* import_follow.h: importing a log that is still being written. */
#ifndef DT_IMPORT_FOLLOW_H
#define DT_IMPORT_FOLLOW_H

#include <signal.h>
#include <stdint.h>
#include <stdio.h>

#include "importers/import.h"

typedef struct dt_follow_opts {
	double interval;        /* seconds between size checks (> 0) */
	double idle_exit;       /* stop after this many seconds without a new
	                         * complete line; 0 = never (until *stop) */
	volatile sig_atomic_t *stop;  /* set by a SIGINT handler; may be NULL */
} dt_follow_opts;

/* Follow rq->files[0] (one text log): every `interval` seconds, when the
 * file changed size, its complete lines (up to the last '\n'; a partial
 * last line is held back until finished) are parsed again and what is new
 * is stored. The first read imports the file as a new file of the run
 * (dt_import_parsed, one transaction; as the plain import does, a log
 * that is the run's stored log grown (import_grown.h) has only its new
 * points stored, after the stored file's, with the "same log grown"
 * line); each later update is its own short
 * transaction: grown series of that file rewritten, new facts and
 * warnings added, the run re-resolved. A line per update goes to report
 * ("update N: +K point(s), B bytes read; loss P points, last step S =
 * V"). Runs until *fo->stop is set or the idle time passes; then, as
 * the plain import does once its files are stored, says how the run's
 * loss rows became its steps (dt_import_report_resolved, when any were
 * averaged or superseded). Returns 0,
 * or -1 with err (parse error, file removed, no complete line ever). The
 * file's SHA-256 is the one of its first read. */
int dt_import_follow(dt_store *st, const dt_import_request *rq,
                     const dt_follow_opts *fo, FILE *report, char *err,
                     size_t errlen);

/* The same machinery one step at a time, for a caller with its own loop
 * (the TUI's live mode). dt_follow_new copies the request (rq->run_name
 * must be set; rq->files[0] is the log); NULL on ENOMEM or a request
 * without a file or run name. */
typedef struct dt_follow dt_follow;
dt_follow *dt_follow_new(const dt_import_request *rq);

/* One check: when the file changed size, parse its complete lines and
 * store what is new (the first time: import it as a new file of the
 * run), writing the "update N: ..." line to report (may be NULL).
 * Returns 1 when an update was stored (*added = new points, may be 0),
 * 0 when nothing new was complete, -1 with err (parse error, file
 * removed, store error). */
int dt_follow_poll(dt_follow *f, dt_store *st, long *added, FILE *report,
                   char *err, size_t errlen);

/* Continue from what the store holds, when the run already holds this
 * path with a stored length and SHA-256 equal to those of the log's first
 * bytes (a follow stopped by Ctrl-C or kill -9): then only what was
 * appended since is read by the next poll. dt_follow_poll does this by
 * itself on its first call. Returns 1 continued (a line to report), 0
 * not (the run does not hold this log, or it was rewritten), -1 error. */
int dt_follow_resume(dt_follow *f, dt_store *st, FILE *report, char *err,
                     size_t errlen);

/* Bytes of the file read and stored so far. */
size_t dt_follow_offset(const dt_follow *f);

/* 1 once the first read has been stored. */
int dt_follow_stored(const dt_follow *f);

/* Updates stored so far; the loss points of the file and its last step
 * at the latest update (*loss_points -1 when no loss was parsed). */
unsigned long dt_follow_updates(const dt_follow *f, long *loss_points,
                                int64_t *last_step);

/* The run's loss stats as resolved at the latest update (all 0 before
 * the first): read / averaged / superseded for
 * dt_import_report_resolved. */
const dt_metric_stats *dt_follow_loss(const dt_follow *f);

/* Free (NULL accepted). */
void dt_follow_free(dt_follow *f);

#endif
